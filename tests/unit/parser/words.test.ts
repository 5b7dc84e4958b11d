import { describe, expect, it } from 'vitest'
import { dedent } from '../../../scene-parser/statements/code.ts'
import { parseDuration } from '../../../scene-parser/duration.ts'
import { editDistance, suggest } from '../../../scene-parser/suggest.ts'
import { clip, listNames } from '../../../scene-parser/wording.ts'

describe('editDistance', () => {
	it('counts insertions, deletions, substitutions and swaps of neighbours', () => {
		expect(editDistance('lock', 'lock')).toBe(0)
		expect(editDistance('lok', 'lock')).toBe(1)
		expect(editDistance('sned', 'send')).toBe(1)
		expect(editDistance('kitten', 'sitting')).toBe(3)
		expect(editDistance('', 'abc')).toBe(3)
		expect(editDistance('abc', '')).toBe(3)
	})
})

describe('suggest', () => {
	it('offers a name at most two edits away, the closest first', () => {
		expect(suggest('lok', ['a', 'b', 'lock', 'db'])).toBe('lock')
		expect(suggest('sned', ['set', 'send', 'step'])).toBe('send')
		expect(suggest('databse', ['cpu', 'database'])).toBe('database')
		expect(suggest('Lock', ['lock'])).toBe('lock')
	})

	it('offers a name the word begins, or that begins the word', () => {
		expect(suggest('work', ['db', 'worker_a'])).toBe('worker_a')
		expect(suggest('database1', ['database'])).toBe('database')
	})

	it('offers nothing for a short or distant word', () => {
		expect(suggest('c', ['a', 'b'])).toBeUndefined()
		expect(suggest('xyz', ['a', 'lock', 'db'])).toBeUndefined()
		expect(suggest('anything', [])).toBeUndefined()
	})

	it('stays fast on a huge word', () => {
		const started = performance.now()
		expect(suggest('x'.repeat(200_000), ['lock', 'x'.repeat(200_001)])).toBe('x'.repeat(200_001))
		expect(suggest('x'.repeat(200_000), ['lock', `${'x'.repeat(199_999)}y`])).toBeUndefined()
		// Linear, not quadratic: the quadratic table of two 200,000-letter words is 4e10 cells, minutes of work;
		// the bound is wide so that a busy machine does not fail it.
		expect(performance.now() - started).toBeLessThan(5000)
	})
})

describe('parseDuration', () => {
	it('reads ms, s, m and h', () => {
		expect(parseDuration('1500ms')).toEqual({ ok: true, ms: 1500 })
		expect(parseDuration('10s')).toEqual({ ok: true, ms: 10_000 })
		expect(parseDuration('2m')).toEqual({ ok: true, ms: 120_000 })
		expect(parseDuration('1h')).toEqual({ ok: true, ms: 3_600_000 })
		expect(parseDuration('1.5s')).toEqual({ ok: true, ms: 1500 })
		expect(parseDuration('1.1s')).toEqual({ ok: true, ms: 1100 })
	})

	it('refuses a number without a unit, an unknown unit, zero, a fraction of a millisecond and a huge value', () => {
		expect(parseDuration('10')).toEqual({ ok: false, message: 'duration "10" needs a unit: ms, s, m or h, like 10s' })
		expect(parseDuration('10d')).toEqual({ ok: false, message: 'unknown unit "d" in "10d"; a duration\'s unit is ms, s, m or h' })
		expect(parseDuration('0s')).toEqual({ ok: false, message: 'duration "0s" must be longer than 0' })
		expect(parseDuration('0.5ms')).toEqual({ ok: false, message: 'duration "0.5ms" is not a whole number of milliseconds' })
		expect(parseDuration(`${'9'.repeat(400)}h`).ok).toBe(false)
		expect(parseDuration('ten')).toEqual({ ok: false, message: '"ten" is not a duration; write a number and a unit, like 10s or 1500ms' })
		expect(parseDuration('-1s').ok).toBe(false)
		expect(parseDuration('1 s').ok).toBe(false)
	})
})

describe('dedent', () => {
	it('removes the common indentation, whether spaces or tabs, and says how much', () => {
		expect(dedent(['    a', '      b']).cut).toBe(4)
		expect(dedent(['']).cut).toBe(0)
		expect(dedent(['    a', '      b', '    c']).lines).toEqual(['a', '  b', 'c'])
		expect(dedent(['\ta', '\t\tb']).lines).toEqual(['a', '\tb'])
		expect(dedent(['\t  a', '\tb']).lines).toEqual(['  a', 'b'])
	})

	it('takes only what the lines share when tabs and spaces differ', () => {
		expect(dedent(['\ta', '  b']).lines).toEqual(['\ta', '  b'])
	})

	it('does not count blank lines, blanks them, and drops the trailing ones', () => {
		expect(dedent(['  a', '', ' ', '    b', '   ', '']).lines).toEqual(['a', '', '', '  b'])
		expect(dedent(['', '  a']).lines).toEqual(['', 'a'])
		expect(dedent([]).lines).toEqual([])
		expect(dedent(['  ', '']).lines).toEqual([])
	})
})

describe('wording', () => {
	it('lists names with or and and', () => {
		expect(listNames([])).toBe('')
		expect(listNames(['a'])).toBe('a')
		expect(listNames(['a', 'b'])).toBe('a or b')
		expect(listNames(['a', 'b', 'c'], 'and')).toBe('a, b and c')
	})

	it('clips long text', () => {
		expect(clip('short')).toBe('short')
		expect(clip('x'.repeat(100))).toHaveLength(40)
	})
})
