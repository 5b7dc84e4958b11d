// The checker against the reference evaluator, on random scenes and texts (tests/unit/claims/fuzz/):
// a seeded run of 2,000 cases must find no disagreement, and each disagreement the fuzz ever found,
// kept as a fixture (tests/unit/claims/fixtures/fuzz/), is one no longer.
import { describe, expect, it } from 'vitest'
import { fuzz } from './fuzz/run.ts'
import { caseOfFixture, fixtureOf, judge } from './fuzz/differential.ts'
import { runScene } from './fuzz/scene-run.ts'
import { sceneFixtures } from './scene-fixtures.ts'
import { FORMS } from '../../../src/scenes/claims/index.ts'
import { formsWithoutMeaning } from '../../../src/scenes/claims/reference.ts'

describe('the claims checker and the reference evaluator agree', () => {
	it('the reference has a meaning for every form of the registry', () => {
		expect(formsWithoutMeaning(FORMS.map(form => form.id))).toEqual([])
	})

	it('on 2,000 seeded cases of random scenes and texts', async () => {
		const run = await fuzz({ cases: 2000, seed: 33, stopAfter: 1 })
		expect(run.cases).toBeGreaterThanOrEqual(2000)
		expect(run.disagreements.map(fixtureOf), 'each disagreement, shrunk, as a fixture to keep').toEqual([])
	}, 300_000)

	for (const { name, text } of sceneFixtures('claims/fixtures/fuzz')) {
		it(`on ${name}, a disagreement found before`, async () => {
			const run = await runScene(text)
			const verdict = run && judge(run, caseOfFixture(text))
			expect(verdict, 'its case reads and is judged').toBeDefined()
			expect(verdict?.checker.length === 0).toBe(verdict?.reference)
		})
	}
})
