import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Frame } from '../../../src/scenes/frame.ts'
import { openNodeDriver } from '../../../src/scenes/node-sqlite/node-drivers.ts'
import { findSceneBlocks } from '../../../src/scenes/markdown/scene-blocks.ts'
import { drawScene } from '../../../src/scenes/render/draw-scene.ts'
import { renderFrames } from '../../../src/scenes/render/render-svg.ts'
import { layoutScene } from '../../../src/scenes/render/scene-layout.ts'
import { compileScene } from '../../../src/scenes/simulation/index.ts'

/** The seed's scene, the first of the Fences page, as the engine computes it. */
let frames: Frame[]
beforeAll(async () => {
	const page = readFileSync(new URL('../../../content/guides/locks/fences.mdx', import.meta.url), 'utf8')
	const seed = findSceneBlocks(page, { mdx: true })[0]!
	const compiled = await compileScene(seed.text, { file: 'fences.mdx', line: seed.line, column: seed.column }, openNodeDriver)
	expect(compiled.diagnostics).toEqual([])
	frames = compiled.frames
})

/** The value with every object in it frozen, so any write to it throws (modules run in strict mode). */
function deepFreeze<T>(value: T): T {
	if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
		Object.freeze(value)
		for (const child of Object.values(value)) deepFreeze(child)
	}
	return value
}

describe('a scene is laid out completely before it is drawn', () => {
	it.each(['wide', 'narrow'] as const)('places every badge and message label of the seed in the %s layout, inside the viewBox', layout => {
		const scene = layoutScene(frames, { layout })
		const leases = scene.frames.flatMap(f => f.actors.filter(a => a.actor.lease))
		expect(leases.length).toBeGreaterThan(0)
		expect(leases.every(a => a.badge !== undefined && a.boxes.includes(a.badge.box))).toBe(true)
		const arrows = scene.frames.flatMap(f => f.arrows)
		expect(arrows.map(a => a.message.label)).toContain('refused: 7 < 8')
		expect(arrows.every(a => a.label.lines.length > 0 && scene.frames.some(f => f.boxes.includes(a.label.box)))).toBe(true)
		const { viewBox } = scene
		for (const box of [...scene.frames.flatMap(f => f.boxes), scene.clock.box]) {
			expect(box.x0 >= viewBox.x0 && box.y0 >= viewBox.y0 && box.x1 <= viewBox.x1 && box.y1 <= viewBox.y1).toBe(true)
		}
	})

	it.each(['wide', 'narrow'] as const)('draws the %s layout from the finished layout without changing it', layout => {
		const scene = deepFreeze(layoutScene(frames, { layout }))
		const before = JSON.stringify(scene)
		const drawn = drawScene(scene, { id: 'seed', title: 'Fences' })
		expect(JSON.stringify(scene)).toBe(before)
		expect(drawn).toEqual(renderFrames(frames, { id: 'seed', title: 'Fences', layout }))
	})
})
