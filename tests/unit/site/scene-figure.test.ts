import { describe, expect, it } from 'vitest'
import type { Frame } from '../../../src/scenes/frame.ts'
import { counterText, frameValues, scriptJson, stageAspect, stepId } from '../../../src/scenes/scene-figure.ts'

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
		expect(text[0]).toContain('Worker A → chat.db: save, fence 8 (write accepted, fence 8)')
		expect(text[1]).toContain('chat.db → Worker A: ok"')
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
		expect(stageAspect('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400" width="600" height="400">')).toBe('aspect-ratio: 600 / 400')
		expect(stageAspect('<svg>')).toBeUndefined()
	})
})
