import { readFileSync } from 'node:fs'
import type { Element, ElementContent } from 'hast'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Frame } from '../../../src/scenes/frame.ts'
import { openNodeDriver } from '../../../src/scenes/node-sqlite/node-drivers.ts'
import { findSceneBlocks } from '../../../src/scenes/markdown/scene-blocks.ts'
import { wordOutcome } from '../../../src/scenes/outcome-words.ts'
import { checksOf, counterText, frameValues, markedText, scriptJson, stageAspect, stepId } from '../../../src/scenes/scene-figure.ts'
import { compileScene } from '../../../src/scenes/simulation/index.ts'
import { markedPieces } from '../../../src/scenes/text-marks.ts'

// The seed's step 3 as the simulation makes it: A wakes, saves with fence 7, and the database refuses it.
let frame: Frame

beforeAll(async () => {
	const [block] = findSceneBlocks(readFileSync(new URL('../parser/fixtures/fences.md', import.meta.url), 'utf8'))
	const scene = await compileScene(block!.text, { file: 'fences.md' }, openNodeDriver)
	expect(scene.diagnostics).toEqual([])
	frame = scene.frames[3]!
})

/** The text of a tree, its elements' children joined. */
const textOf = (node: ElementContent): string => (node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(textOf).join('') : '')

function elements(node: ElementContent, test: (el: Element) => boolean): Element[] {
	if (node.type !== 'element') return []
	return [...(test(node) ? [node] : []), ...node.children.flatMap(child => elements(child, test))]
}

describe('scene figure text', () => {
	it("lists a frame's messages with what the engine did, then its state labels", () => {
		const items = frameValues(frame)
		expect(items).toHaveLength(5)
		const [write, answer, paused, row, held] = items as Element[]
		// What the engine did is the view's words for the message's outcome, shown unless the label already says it.
		const outcome = (index: number) => wordOutcome(frame.messages[index]!.outcome!)
		expect(frame.messages.map(m => m.outcome)).toEqual([
			{ kind: 'write', fence: '7', changed: false, before: '8' },
			{ kind: 'answer', fence: '7', changed: false, before: '8' },
		])
		expect(textOf(write!)).toBe(`Worker A → chat.db: save, fence 7 (${outcome(0)})`)
		expect(textOf(answer!)).toBe(`chat.db → Worker A: refused: 7 < 8${outcome(1) === 'refused: 7 < 8' ? '' : ` (${outcome(1)})`}`)
		expect(write!.properties['dataColor']).toBeUndefined()
		expect(answer!.properties['dataColor']).toBe('bad')
		// A struck label says why it ended, in words a screen reader reads, never struck through.
		expect(elements(paused!, el => el.tagName === 's')).toEqual([])
		expect(textOf(paused!)).toBe('Worker A: paused (over)')
		expect(paused!.properties['dataEnded']).toBe('ended')
		expect(textOf(row!)).toBe('chat.db: fence 8')
		// Who holds the lock's key and until when, as the engine has it: B's lease, given at 30 s with a 30 s TTL.
		expect(textOf(held!)).toBe('Lock: held by Worker B until 1 min')
	})

	it("shows the engine's values of each claim that held in <data>", () => {
		const values = (node: ElementContent) => elements(node, el => el.tagName === 'data').map(el => {
			// Each says what it is where it stands.
			expect(el.properties['title']).toBe('a number the engine computed')
			return [el.properties['value'], el.properties['className']]
		})
		const [write, answer, , row] = frameValues(frame)
		expect(values(write!)).toEqual([['7', ['scene-computed']]])
		expect(values(answer!)).toEqual([['7', ['scene-computed']], ['<', ['scene-computed']], ['8', ['scene-computed']]])
		expect(values(row!)).toEqual([['8', ['scene-computed']]])
		expect(markedText(frame.caption, frame.captionMarks)).toEqual([
			{ type: 'text', value: 'A wakes and saves too. The database keeps the largest fence, ' },
			{ type: 'element', tagName: 'data', properties: { value: '8', className: ['scene-computed'], title: 'a number the engine computed' }, children: [{ type: 'text', value: '8' }] },
			{ type: 'text', value: ", so it refuses A's write." },
		])
	})

	it('lists what was checked: each claim of the step, its place and its form', () => {
		const [details] = checksOf(frame)
		expect(details!.tagName).toBe('details')
		expect(textOf(elements(details!, el => el.tagName === 'summary')[0]!)).toBe(`What was checked (${frame.checks.length})`)
		const items = elements(details!, el => el.tagName === 'li')
		expect(items.map(el => el.properties['dataForm'])).toEqual(frame.checks.map(check => check.form))
		expect(items.map(el => textOf(elements(el, q => q.tagName === 'q')[0]!))).toEqual(frame.checks.map(check => check.text))
		expect(frame.checks.map(check => [check.where.kind, check.form])).toEqual([
			['message', 'write-save'],
			['message', 'write-fence'],
			['message', 'db-refused-because'],
			['caption', 'wakes'],
			['caption', 'saves-too'],
			['caption', 'keeps-largest-fence'],
			['caption', 'refuses-write'],
			// The row's label, set in step 2 and still shown, is checked again here.
			['state', 'db-fence'],
		])
		expect(checksOf({ ...frame, checks: [] })).toEqual([])
	})

	it('names steps and counts them', () => {
		expect(stepId('scene-1', 3)).toBe('scene-1-step-3')
		expect(counterText(0, 3)).toBe('Step 0 of 3')
	})

	it('writes JSON no script element can end early', () => {
		const json = scriptJson({ label: '</script><!-- 7 < 8 \u2028' })
		expect(json).not.toMatch(/[<\u2028]/)
		expect(JSON.parse(json)).toEqual({ label: '</script><!-- 7 < 8 \u2028' })
	})
})

describe('stageAspect', () => {
	it("reads the stage's proportions, and the narrow drawing's height, from the SVG's own size", () => {
		const wide = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400" width="600" height="400">'
		const narrow = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-4 10 330 512.5" width="330" height="512.5">'
		expect(stageAspect(wide, narrow)).toBe('--scene-wide-aspect: 600 / 400; --scene-narrow-aspect: 330 / 512.5; --scene-narrow-height: 512.5')
		expect(stageAspect(wide, undefined)).toBe('--scene-wide-aspect: 600 / 400; --scene-narrow-aspect: 600 / 400; --scene-narrow-height: 400')
		expect(stageAspect('<svg>', '<svg>')).toBeUndefined()
	})
})

describe('marked text', () => {
	it('cuts a text at its marks, in order, leaving out overlapping and outside marks', () => {
		expect(markedPieces('A 7 < 8 in 2 s', [
			{ start: 6, end: 7, kind: 'value' },
			{ start: 2, end: 3, kind: 'value' },
			{ start: 2, end: 4, kind: 'value' },
			{ start: 40, end: 41, kind: 'value' },
			{ start: 9, end: 9, kind: 'value' },
		])).toEqual([
			{ text: 'A ' }, { text: '7', kind: 'value' }, { text: ' < ' }, { text: '8', kind: 'value' }, { text: ' in 2 s' },
		])
		expect(markedPieces('')).toEqual([{ text: '' }])
	})
})
