import { describe, expect, it } from 'vitest'
import type { Frame } from '../../../src/scenes/frame.ts'
import { counterText, frameValues, markedText, scriptJson, stageAspect, stepId } from '../../../src/scenes/scene-figure.ts'
import { markedPieces } from '../../../src/scenes/text-marks.ts'

const frame: Frame = {
	index: 2,
	caption: 'B saves.',
	time: 30000,
	lines: [1],
	actors: [
		{ id: 'a', label: 'Worker A', x: 10, y: 10, icon: 'cpu', state: { text: 'paused', struck: true } },
		{ id: 'db', label: 'chat.db', x: 90, y: 50, icon: 'database', state: { text: 'fence 8', struck: false } },
	],
	links: [],
	messages: [
		{ from: 'a', to: 'db', label: 'save, fence 8', color: 'ok', computed: 'write accepted, fence 8' },
		{ from: 'db', to: 'a', label: 'ok', computed: 'ok' },
	],
	diagnostics: [],
}

describe('scene figure text', () => {
	it("lists a frame's messages with what the engine did, then its state labels", () => {
		const text = frameValues(frame).map(item => JSON.stringify(item))
		const words = (json: string): string => [...json.matchAll(/"value":"([^"]*)"/g)].map(m => m[1]).join('')
		expect(words(text[0]!)).toBe('Worker A → chat.db: save, fence 8 (write accepted, fence 8)')
		expect(words(text[1]!)).toBe('chat.db → Worker A: ok')
		expect(text[2]).toContain('"tagName":"s"')
		expect(text[3]).toContain('fence 8')
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
	it("reads the stage's proportions from the SVG's own size", () => {
		const wide = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400" width="600" height="400">'
		const narrow = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-4 10 330 512.5" width="330" height="512.5">'
		expect(stageAspect(wide, narrow)).toBe('--scene-wide-aspect: 600 / 400; --scene-narrow-aspect: 330 / 512.5')
		expect(stageAspect(wide, undefined)).toBe('--scene-wide-aspect: 600 / 400; --scene-narrow-aspect: 600 / 400')
		expect(stageAspect('<svg>', '<svg>')).toBeUndefined()
	})
})

describe('marked text', () => {
	it('cuts a text at its marks, in order, leaving out overlapping and outside marks', () => {
		expect(markedPieces('A 7 < 8 in `2` s', [
			{ start: 6, end: 7, kind: 'value' },
			{ start: 2, end: 3, kind: 'value' },
			{ start: 2, end: 4, kind: 'prose' },
			{ start: 12, end: 13, kind: 'prose' },
			{ start: 40, end: 41, kind: 'value' },
		])).toEqual([
			{ text: 'A ' }, { text: '7', kind: 'value' }, { text: ' < ' }, { text: '8', kind: 'value' },
			{ text: ' in `' }, { text: '2', kind: 'prose' }, { text: '` s' },
		])
		expect(markedPieces('')).toEqual([{ text: '' }])
	})

	it("shows the engine's values in <data> and prose numbers plain, in captions, labels and states", () => {
		const marked: Frame = {
			...frame,
			caption: 'B saves 8, not 2.',
			captionMarks: [{ start: 8, end: 9, kind: 'value' }, { start: 15, end: 16, kind: 'prose' }],
			messages: [{ from: 'a', to: 'db', label: 'save, fence 8', computed: 'save, fence 8', marks: [{ start: 12, end: 13, kind: 'value' }] }],
			actors: [{ id: 'db', label: 'chat.db', x: 90, y: 50, icon: 'database', state: { text: 'fence 8', struck: true, marks: [{ start: 6, end: 7, kind: 'value' }] } }],
		}
		expect(markedText(marked.caption, marked.captionMarks)).toEqual([
			{ type: 'text', value: 'B saves ' },
			{ type: 'element', tagName: 'data', properties: { value: '8', className: ['scene-computed'] }, children: [{ type: 'text', value: '8' }] },
			{ type: 'text', value: ', not ' },
			{ type: 'text', value: '2' },
			{ type: 'text', value: '.' },
		])
		const items = JSON.stringify(frameValues(marked))
		expect(items).toContain('{"type":"text","value":"save, fence "},{"type":"element","tagName":"data","properties":{"value":"8"')
		expect(items).toContain('"tagName":"s","properties":{},"children":[{"type":"text","value":"fence "},{"type":"element","tagName":"data"')
	})
})
