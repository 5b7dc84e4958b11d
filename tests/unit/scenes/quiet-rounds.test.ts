// A scene's clock counts a step's work as done after one quiet round of the event loop
// (SCENE_QUIET_ROUNDS), not the engine's default two: that holds only while nothing the engine
// does for a scene waits on a macrotask. Every scene of the site and every fixture, true and
// lying, is run with one round and with three, and must give the same frames and diagnostics;
// a change that makes the engine wait on a macrotask shows here as a difference.
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseScene } from '../../../scene-parser/index.ts'
import { findSceneBlocks } from '../../../src/scenes/build/scene-blocks.ts'
import { openNodeDriver } from '../../../src/scenes/build/node-drivers.ts'
import { SCENE_QUIET_ROUNDS, simulateScene } from '../../../src/scenes/simulation/simulate.ts'

const root = new URL('../../../', import.meta.url).pathname

function files(dir: string, ends: string[]): string[] {
	return readdirSync(dir, { withFileTypes: true, recursive: true })
		.filter(entry => entry.isFile() && ends.some(end => entry.name.endsWith(end)))
		.map(entry => join(entry.parentPath, entry.name))
		.sort()
}

const sources: { name: string; text: string }[] = [
	...files(join(root, 'content'), ['.md', '.mdx']).flatMap(file =>
		findSceneBlocks(readFileSync(file, 'utf8'), { mdx: file.endsWith('.mdx') }).map((block, index) => ({
			name: `${relative(root, file)} #${index + 1}`,
			text: block.text,
		})),
	),
	...files(join(root, 'tests/unit/scenes/fixtures'), ['.scene']).map(file => ({ name: relative(root, file), text: readFileSync(file, 'utf8') })),
]
// A fixture that does not parse never reaches the clock.
const scenes = sources.flatMap(({ name, text }) => {
	const parsed = parseScene(text)
	return parsed.ok ? [{ name, scene: parsed.scene }] : []
})

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
