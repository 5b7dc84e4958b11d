// The claims' own fixtures: lies of the forms' meanings (tests/unit/claims/fixtures/lies), each
// failing at its lie with the errors its `# expect:` lines pin, and true scenes beside them
// (tests/unit/claims/fixtures/true) that verify, every text read as claims.
import { describe, expect, it } from 'vitest'
import { compileFixture, diagnose, expected, sceneFixtures } from './scene-fixtures.ts'

describe("lies of the forms' meanings fail at their lie, and only there", () => {
	for (const { name, text } of sceneFixtures('claims/fixtures/lies')) {
		it(name, async () => expect(await diagnose(text)).toEqual(expected(text)))
	}
})

describe("true scenes of the forms' meanings verify", () => {
	for (const { name, text } of sceneFixtures('claims/fixtures/true')) {
		it(name, async () => {
			const frames = await compileFixture(text)
			expect(frames.diagnostics).toEqual([])
			for (const frame of frames.frames.slice(1)) expect(frame.checks.some(check => check.where.kind === 'caption'), `step ${frame.index}'s caption`).toBe(true)
		})
	}
})
