// A scene's clock counts a step's work as done after one quiet round of the event loop
// (SCENE_QUIET_ROUNDS), not the engine's default two: that holds only while nothing the engine
// does for a scene waits on a macrotask. Every scene of the site and every fixture, true and
// lying, is run with one round and with three, and must give the same frames and diagnostics;
// a change that makes the engine wait on a macrotask shows here as a difference.
import { describe, expect, it } from 'vitest'
import { openNodeDriver } from '../../../src/scenes/node-sqlite/node-drivers.ts'
import { SCENE_QUIET_ROUNDS, simulateScene } from '../../../src/scenes/simulation/simulate.ts'
import { everyScene as scenes } from './every-scene.ts'

describe('one quiet round settles a scene as surely as more', () => {
	it('runs on one round', () => expect(SCENE_QUIET_ROUNDS).toBe(1))
	it('has scenes of the site and fixtures to compare', () => {
		expect(scenes.filter(s => s.name.startsWith('content/')).length).toBeGreaterThanOrEqual(15)
		expect(scenes.filter(s => s.name.includes('/lies/')).length).toBeGreaterThanOrEqual(30)
	})
	for (const { name, scene } of scenes) {
		it(name, async () => {
			const one = await simulateScene(scene, { openDriver: openNodeDriver, quietRounds: 1 })
			const three = await simulateScene(scene, { openDriver: openNodeDriver, quietRounds: 3 })
			expect(one).toEqual(three)
		})
	}
})
