// The world at each place of a step (positions.ts), made from the step's start and its happenings,
// ends as the engine's own end for every step of every true fixture: where it did not, the rule that
// a state told with no moment is no earlier than what the caption tells after it would judge nothing there.
import { describe, expect, it } from 'vitest'
import { stepAt, worldsOf } from '../../../src/scenes/claims/positions.ts'
import { runScene } from './fuzz/scene-run.ts'
import { sceneFixtures } from './scene-fixtures.ts'

describe('the world at each place of a step', () => {
	it('is made for every step of the true fixtures, from its start to its end', async () => {
		const unmade: string[] = []
		let steps = 0
		for (const { folder, name, text } of [...sceneFixtures('claims/fixtures/true'), ...sceneFixtures('scenes/fixtures/true')]) {
			const run = await runScene(text)
			for (const step of run?.facts?.steps.slice(1) ?? []) {
				steps++
				const worlds = worldsOf(step)
				if (worlds === undefined) unmade.push(`${folder}/${name} step ${step.index}`)
				else {
					expect(worlds).toHaveLength(step.happenings.length + 1)
					expect(worlds[0]).toBe(step.start)
					if (step.happenings.length > 0) expect(stepAt(step, step.happenings.length, worlds).end).toBe(step.end)
				}
			}
		}
		expect(steps).toBeGreaterThan(500)
		expect(unmade).toEqual([])
	}, 300_000)

	it('is a lease taken by a grant and given back by its let-go, place by place', async () => {
		const run = await runScene(`actor a "Worker A" at 10,25 icon=cpu
actor lock "Lock" at 50,50 icon=lock first=7
link a lock
step "Worker A gets the key with fence 7, then lets go 5 s later."
  send a -> lock "hold"
  send lock -> a "fence 7"
  wait 5s
  release a
`)
		const step = run?.facts?.steps[1]
		const worlds = step === undefined ? undefined : worldsOf(step)
		expect(step !== undefined && worlds !== undefined).toBe(true)
		if (step === undefined || worlds === undefined) return
		const granted = step.happenings.findIndex(h => h.kind === 'granted')
		const released = step.happenings.findIndex(h => h.kind === 'released')
		expect(worlds[granted]?.stores.get('lock')?.holders).toEqual([])
		expect(worlds[granted + 1]?.stores.get('lock')?.holders).toEqual(['a'])
		expect(worlds[released]?.stores.get('lock')?.holders).toEqual(['a'])
		expect(worlds[released]?.time).toBe(5000)
		expect(worlds[released + 1]?.stores.get('lock')?.holders).toEqual([])
		expect(worlds[released + 1]?.workers.get('a')?.lease?.released).toBe(true)
	})
})
