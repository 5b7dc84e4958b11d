import { describe, expect, it } from 'vitest'
import { contrastRatio, ensureContrast } from '../../../src/scenes/markdown/code-contrast.ts'
import { codeBackgrounds, highlightLines } from '../../../src/scenes/markdown/highlight-code.ts'

describe('contrastRatio', () => {
	it('is 21 for black on white and 1 for a colour on itself', () => {
		expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5)
		expect(contrastRatio('#777777', '#777777')).toBe(1)
	})
})

describe('ensureContrast', () => {
	it('keeps a colour that is readable already', () => {
		expect(ensureContrast('#24292E', ['#FFFFFF'], '#000000')).toBe('#24292E')
	})

	it('darkens a light-theme colour until it reads on every background', () => {
		const fixed = ensureContrast('#E36209', ['#FFFFFF', '#E3E8FA'], '#000000')
		expect(fixed).not.toBe('#E36209')
		expect(contrastRatio(fixed, '#E3E8FA')).toBeGreaterThanOrEqual(4.6)
	})
})

describe('highlightLines', () => {
	it('gives every token of both themes at least 4.5:1 on the pane and on a highlighted line', async () => {
		const lines = await highlightLines(['// a comment', "const fence = lease.fence.toString().padStart(40, '0')", 'if (done.changes === 0) return'], 'ts')
		expect(lines.map(line => line.properties['dataLine'])).toEqual(['1', '2', '3'])
		const styles = JSON.stringify(lines).match(/--shiki-(light|dark):#[0-9A-Fa-f]{6}/g) ?? []
		expect(styles.length).toBeGreaterThan(10)
		for (const style of styles) {
			const [, theme, color] = /--shiki-(light|dark):(#[0-9A-Fa-f]{6})/.exec(style) ?? []
			const { bg, active } = codeBackgrounds[theme as 'light' | 'dark']
			expect(Math.min(contrastRatio(color!, bg), contrastRatio(color!, active))).toBeGreaterThanOrEqual(4.5)
		}
	})
})
