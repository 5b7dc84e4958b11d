import { describe, expect, it } from 'vitest'
import { jsonDifferences } from '../../../src/scenes/browser/frame-diff.ts'

describe('jsonDifferences', () => {
	it('finds nothing in equal values', () => {
		expect(jsonDifferences({ frames: [{ a: 1, b: ['x'] }] }, { frames: [{ b: ['x'], a: 1 }] })).toEqual([])
	})

	it('names the path of each difference with both values', () => {
		const build = { frames: [{ actors: [{ state: { text: 'fence 8' } }] }, { caption: 'a' }] }
		const browser = { frames: [{ actors: [{ state: { text: 'fence 9' } }] }, { caption: 'a', extra: true }] }
		expect(jsonDifferences(build, browser)).toEqual([
			'frames[0].actors[0].state.text: build "fence 8", browser "fence 9"',
			'frames[1].extra: build nothing, browser true',
		])
	})

	it('reports different lengths and stops at the limit', () => {
		expect(jsonDifferences([1, 2, 3], [1], 5, { expected: 'a', actual: 'b' })).toEqual(['value: a 3 items, b 1'])
		expect(jsonDifferences([1, 2, 3], [4, 5, 6], 2)).toHaveLength(2)
	})
})
