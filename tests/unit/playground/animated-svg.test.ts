import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { findSceneBlocks } from '../../../src/scenes/markdown/scene-blocks.ts'
import { animatedSvg, keyframesName } from '../../../src/playground/animated-svg.ts'
import { openNodeDriver } from '../../../src/scenes/node-sqlite/node-drivers.ts'
import { compileScene } from '../../../src/scenes/simulation/index.ts'
import type { Frame } from '../../../src/scenes/frame.ts'
import { allElements, byClass, parseXml, textOf } from '../render/xml.ts'

const seed = findSceneBlocks(readFileSync(new URL('../parser/fixtures/fences.md', import.meta.url), 'utf8'))[0]!

async function seedFrames(): Promise<Frame[]> {
	const scene = await compileScene(seed.text, { file: 'fences.md' }, openNodeDriver)
	expect(scene.diagnostics).toEqual([])
	return scene.frames
}

describe('animatedSvg', () => {
	it('is well-formed XML with one group and one keyframe set per frame, each group naming its own', async () => {
		const frames = await seedFrames()
		const svg = animatedSvg(frames, { title: 'Fences' })
		const root = parseXml(svg)
		expect(root.name).toBe('svg')
		const groups = byClass(root, 'scene-anim-frame')
		expect(groups).toHaveLength(frames.length)
		const style = allElements(root).find(e => e.name === 'style')!.text
		const sets = [...style.matchAll(/@keyframes ([\w-]+)/g)].map(m => m[1])
		expect(sets).toEqual(frames.map((_, i) => keyframesName(i)))
		frames.forEach((_, i) => expect(style).toContain(`.scene-anim-frame-${i} { animation-name: ${keyframesName(i)} }`))
	})

	it('shows each frame for its share of the loop and only then', async () => {
		const frames = await seedFrames()
		const style = animatedSvg(frames).match(/<style>([\s\S]*)<\/style>/)![1]!
		expect(style).toContain('animation-duration: 10000ms')
		expect(style).toContain('@keyframes scene-frame-0 { 0% { opacity: 1 } 25%, 100% { opacity: 0 } }')
		expect(style).toContain('@keyframes scene-frame-1 { 0% { opacity: 0 } 25% { opacity: 1 } 50%, 100% { opacity: 0 } }')
		expect(style).toContain('@keyframes scene-frame-3 { 0% { opacity: 0 } 75% { opacity: 1 } 100% { opacity: 1 } }')
	})

	it('carries no script, no event handler and no external reference', async () => {
		const svg = animatedSvg(await seedFrames(), { title: '<script>alert(1)</script>' })
		const root = parseXml(svg)
		const elements = allElements(root)
		expect(elements.filter(e => e.name === 'script' || e.name === 'foreignObject')).toEqual([])
		for (const element of elements) {
			for (const [name, value] of Object.entries(element.attrs)) {
				expect(name.startsWith('on'), name).toBe(false)
				if (name === 'href' || name === 'xlink:href') expect(value.startsWith('#'), value).toBe(true)
			}
		}
		expect(svg).not.toMatch(/url\((?!#)|@import/)
	})

	it('writes each frame\'s caption under its stage, and ids never repeat', async () => {
		const frames = await seedFrames()
		const root = parseXml(animatedSvg(frames))
		const captions = byClass(root, 'scene-anim-caption').map(textOf)
		expect(captions[0]).toBe('Step 0 of 3. Before the first step.')
		expect(captions[3]).toMatch(/^Step 3 of 3\. A wakes and saves too\./)
		const ids = allElements(root).map(e => e.attrs['id']).filter(Boolean)
		expect(new Set(ids).size).toBe(ids.length)
	})
})
