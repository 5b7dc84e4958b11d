import { describe, expect, it } from 'vitest'
import { fitLines, middleTruncate, textWidth } from '../../../src/scenes/render/svg-text.ts'
import { parseXml } from './xml.ts'

describe('textWidth', () => {
	it('grows with the text, the size and the weight', () => {
		expect(textWidth('', 18, false)).toBe(0)
		expect(textWidth('save, fence 8', 18, false)).toBeGreaterThan(textWidth('fence 8', 18, false))
		expect(textWidth('fence 8', 20, false)).toBeGreaterThan(textWidth('fence 8', 18, false))
		expect(textWidth('fence 8', 18, true)).toBeGreaterThan(textWidth('fence 8', 18, false))
	})

	it('is generous: about 0.55 to 0.65 em a character for ordinary words', () => {
		const text = 'refused: 7 < 8'
		const perChar = textWidth(text, 1, false) / text.length
		expect(perChar).toBeGreaterThan(0.5)
		expect(perChar).toBeLessThan(0.7)
	})
})

describe('fitLines', () => {
	it('keeps a short text on one line', () => {
		expect(fitLines('refused: 7 < 8', 17, 190, 2, true)).toEqual(['refused: 7 < 8'])
	})

	it('wraps at spaces and never goes past the width', () => {
		const lines = fitLines('renew the lease of worker a before it runs out', 17, 150, 3, false)
		expect(lines.length).toBeGreaterThan(1)
		for (const line of lines) expect(textWidth(line, 17, false)).toBeLessThanOrEqual(150)
		expect(lines.join(' ')).toBe('renew the lease of worker a before it runs out')
	})

	it('ends with an ellipsis when the lines run out', () => {
		const lines = fitLines('one two three four five six seven eight nine ten eleven twelve', 18, 100, 2, false)
		expect(lines).toHaveLength(2)
		expect(lines[1]?.endsWith('…')).toBe(true)
		for (const line of lines) expect(textWidth(line, 18, false)).toBeLessThanOrEqual(100)
	})

	it('breaks a word too long for a line', () => {
		const lines = fitLines('340282366920938463463374607431768211455', 18, 120, 4, false)
		expect(lines.length).toBeGreaterThan(1)
		for (const line of lines) expect(textWidth(line, 18, false)).toBeLessThanOrEqual(120)
	})

	it('gives one empty line for an empty text', () => {
		expect(fitLines('   ', 18, 100, 2, false)).toEqual([''])
	})
})

describe('middleTruncate', () => {
	it('leaves a text that fits alone', () => {
		expect(middleTruncate('8', 13, 80, true)).toBe('8')
	})

	it('keeps both ends of a long number', () => {
		const cut = middleTruncate('18446744073709551617', 13, 80, true)
		expect(cut).toMatch(/^1844\d*…\d*617$/)
		expect(textWidth(cut, 13, true)).toBeLessThanOrEqual(80)
	})
})

describe('the test XML reader', () => {
	it('refuses malformed markup', () => {
		expect(() => parseXml('<svg><g></svg>')).toThrow()
		expect(() => parseXml('<svg>a < b</svg>')).toThrow()
		expect(() => parseXml('<svg>a & b</svg>')).toThrow()
		expect(() => parseXml('<svg a="1" a="2"/>')).toThrow()
		expect(() => parseXml('<svg a=1/>')).toThrow()
		expect(parseXml('<svg a="&lt;1&gt;"><t>x &amp; y</t></svg>').children[0]?.text).toBe('x & y')
	})
})
