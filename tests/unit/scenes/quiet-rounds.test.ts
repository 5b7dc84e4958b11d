// A scene's clock counts a step's work as done once the microtask queue has run empty
// (SCENE_SETTLING), not after the engine's default two turns of the event loop: that holds only
// while nothing the engine does for a scene waits on a macrotask. Every scene of the site and
// every fixture, true and lying, is run so and with three turns of the event loop, and must give
// the same frames and diagnostics; a change that makes the engine wait on a macrotask shows here
// as a difference. Without the "did you mean" offers, which are worked out from the run's facts alone
// and are most of the time a lying fixture takes.
import { describe, expect, it } from 'vitest'
import { openNodeDriver } from '../../../src/scenes/node-sqlite/node-drivers.ts'
import { SCENE_SETTLING, simulateScene } from '../../../src/scenes/simulation/simulate.ts'
import { everyScene as scenes } from './every-scene.ts'

describe('a drained microtask queue settles a scene as surely as three turns of the event loop', () => {
	it('settles on one drain of the microtask queue', () => expect(SCENE_SETTLING).toEqual({ quietRounds: 1, round: 'microtasks' }))
	it('has scenes of the site and fixtures to compare', () => {
		expect(scenes.filter(s => s.name.startsWith('content/')).length).toBeGreaterThanOrEqual(15)
		expect(scenes.filter(s => s.name.includes('/lies/')).length).toBeGreaterThanOrEqual(30)
	})
	for (const { name, scene } of scenes) {
		it(name, async () => {
			const one = await simulateScene(scene, { openDriver: openNodeDriver, offers: false })
			const three = await simulateScene(scene, { openDriver: openNodeDriver, offers: false, settling: { quietRounds: 3, round: 'macrotask' } })
			expect(one).toEqual(three)
		})
	}
})
