import { describe, expect, it } from 'vitest'
import { findFence, findLess, findOf, saysRefused, showFence, writtenFenceValue } from '../../../src/scenes/simulation/written-numbers.ts'

describe('numbers written in labels', () => {
	it('finds a fence and where it was written', () => {
		expect(findFence('save, fence 8')).toEqual({ text: '8', offset: 12 })
		expect(findFence('Fence 1:3 now')).toEqual({ text: '1:3', offset: 6 })
		expect(findFence('no fence here')).toBeUndefined()
		expect(findFence('fence 12345678901234567890123456789012345678901')).toBeUndefined()
	})

	it('finds a refusal\'s two fences and a semaphore\'s count', () => {
		expect(findLess('refused: 7 < 8')).toEqual([{ text: '7', offset: 9 }, { text: '8', offset: 13 }])
		expect(findLess('refused: 5 < 1:1')).toEqual([{ text: '5', offset: 9 }, { text: '1:1', offset: 13 }])
		expect(findOf('holder 2 of 3')).toEqual([{ text: '2', offset: 7 }, { text: '3', offset: 12 }])
	})

	it('reads and shows EPOCH:COUNT', () => {
		expect(writtenFenceValue('1:1')).toBe(18446744073709551617n)
		expect(writtenFenceValue('7')).toBe(7n)
		expect(showFence(7n)).toBe('7')
		expect(showFence((10000n << 64n) | 3n)).toBe('10000:3')
	})

	it('tells refusals from other words', () => {
		expect(saysRefused('refused: 7 < 8')).toBe(true)
		expect(saysRefused('save, fence 8')).toBe(false)
	})
})
