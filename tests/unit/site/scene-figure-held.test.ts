// What a scene's figure holds in a <noscript> (issue 31): its list of steps, always, and its first
// drawings unless it is the page's first scene. A reader without JavaScript gets them as elements;
// the player builds them when they are needed (held-until-needed.spec.ts checks that in Chromium).
import { readFileSync } from 'node:fs'
import type { Element, ElementContent } from 'hast'
import { beforeAll, describe, expect, it } from 'vitest'
import { openNodeDriver } from '../../../src/scenes/node-sqlite/node-drivers.ts'
import { findSceneBlocks } from '../../../src/scenes/markdown/scene-blocks.ts'
import { renderStages } from '../../../src/scenes/render/index.ts'
import { sceneFigure, stepId } from '../../../src/scenes/scene-figure.ts'
import type { SceneData } from '../../../src/scenes/scene-figure.ts'
import { compileScene } from '../../../src/scenes/simulation/node.ts'

let data: SceneData

beforeAll(async () => {
	const [block] = findSceneBlocks(readFileSync(new URL('../parser/fixtures/fences.md', import.meta.url), 'utf8'))
	const source = block!.text
	const scene = await compileScene(source, { file: 'fences.md' }, openNodeDriver)
	expect(scene.diagnostics).toEqual([])
	const { wide, narrow, timeline } = renderStages(scene.frames, { id: 'fences' })
	data = { id: 'fences', source, origin: { file: 'fences.md' }, scene, svgs: wide, narrowSvgs: narrow, timeline }
})

function find(node: ElementContent, test: (el: Element) => boolean): Element[] {
	if (node.type !== 'element') return []
	return [...(test(node) ? [node] : []), ...node.children.flatMap(child => find(child, test))]
}

const hasClass = (name: string) => (el: Element): boolean => Array.isArray(el.properties['className']) && el.properties['className'].includes(name)
/** The raw SVG strings among a node's children (hast's `raw` nodes, which the figure passes through as they are). */
const drawings = (node: Element): string[] => (node.children as unknown as { type: string; value?: string }[]).flatMap(child => (child.type === 'raw' ? [child.value ?? ''] : []))

describe('a figure holds what can wait in a <noscript>', () => {
	it('draws the page\'s first scene in the stage itself, both layouts', () => {
		for (const position of [1, undefined]) {
			const [stage] = find(sceneFigure({ data, position, codeLines: [] }), hasClass('scene-stage'))
			expect(drawings(stage!)).toEqual([data.svgs[0], data.narrowSvgs[0]])
			expect(find(stage!, el => el.tagName === 'noscript')).toEqual([])
		}
	})

	it('holds a later scene\'s first drawings in a <noscript> in the stage, which keeps its proportions', () => {
		const [stage] = find(sceneFigure({ data, position: 2, codeLines: [] }), hasClass('scene-stage'))
		expect(drawings(stage!)).toEqual([])
		const [held] = stage!.children as Element[]
		expect(held?.tagName).toBe('noscript')
		expect(drawings(held!)).toEqual([data.svgs[0], data.narrowSvgs[0]])
		expect(stage!.properties['style']).toMatch(/--scene-wide-aspect: [\d.]+ \/ [\d.]+; --scene-narrow-aspect: /)
	})

	it('holds a later scene\'s steppers and its timeline\'s key in a <noscript>, and the first scene\'s not', () => {
		const boxes = (position: number): Element[] => {
			const figure = sceneFigure({ data, position, codeLines: [] })
			return ['scene-controls', 'scene-timeline-key'].map(name => find(figure, hasClass(name))[0]!)
		}
		for (const box of boxes(1)) {
			expect(find(box, el => el.tagName === 'noscript')).toEqual([])
			expect(find(box, el => el.tagName === 'button' || hasClass('scene-key')(el)).length).toBeGreaterThan(0)
		}
		for (const box of boxes(2)) {
			const [held, ...rest] = box.children as Element[]
			expect(held?.tagName).toBe('noscript')
			expect(rest).toEqual([])
		}
		const [controls, key] = boxes(2) as [Element, Element]
		expect(controls.properties['hidden']).toBe(true)
		expect(find(controls, el => el.tagName === 'button').map(button => button.properties['dataAction'])).toEqual(['restart', 'prev', 'play', 'next'])
		expect(find(controls, hasClass('scene-counter'))).toHaveLength(1)
		expect(find(key, hasClass('scene-key')).map(one => one.properties['dataMark'])).toContain('now')
	})

	it('carries a later scene\'s data as the address of its file, and still its first drawings, steppers and steps', () => {
		const figure = sceneFigure({ data, position: 2, codeLines: [], dataSrc: '/_scenes/guides/fences/fences.json' })
		expect(figure.properties['dataSceneSrc']).toBe('/_scenes/guides/fences/fences.json')
		expect(find(figure, hasClass('scene-data'))).toEqual([])
		const [stage] = find(figure, hasClass('scene-stage'))
		expect(drawings(find(stage!, el => el.tagName === 'noscript')[0]!)).toEqual([data.svgs[0], data.narrowSvgs[0]])
		expect(find(figure, el => el.tagName === 'button').length).toBeGreaterThan(4)
		expect(find(figure, hasClass('scene-step'))).toHaveLength(data.scene.frames.length - 1)
		const inline = sceneFigure({ data, position: 2, codeLines: [] })
		expect(inline.properties['dataSceneSrc']).toBeUndefined()
		expect(find(inline, hasClass('scene-data'))).toHaveLength(1)
	})

	it('holds every step of the list, with its id, in a <noscript> under the list\'s summary', () => {
		const [list] = find(sceneFigure({ data, position: 1, codeLines: [] }), hasClass('scene-steps'))
		expect(list!.tagName).toBe('details')
		const [summary, held, ...rest] = list!.children as Element[]
		expect(summary!.tagName).toBe('summary')
		expect(held!.tagName).toBe('noscript')
		expect(rest).toEqual([])
		const items = find(held!, hasClass('scene-step'))
		expect(items.map(item => item.properties['id'])).toEqual(data.scene.frames.slice(1).map(frame => stepId('fences', frame.index)))
	})
})
