import { describe, expect, it } from 'vitest'
import { durationText } from '../../../src/scenes/render/duration-text.ts'

describe('durationText', () => {
	it('says milliseconds under a second, and 0 as 0 s', () => {
		expect(durationText(0)).toBe('0 s')
		expect(durationText(1)).toBe('1 ms')
		expect(durationText(250)).toBe('250 ms')
		expect(durationText(999.6)).toBe('1 s')
	})

	it('says seconds under a minute, with their fraction', () => {
		expect(durationText(1000)).toBe('1 s')
		expect(durationText(1250)).toBe('1.25 s')
		expect(durationText(30_000)).toBe('30 s')
		expect(durationText(59_999)).toBe('59.999 s')
	})

	it('says minutes and hours, and seconds only when there are some', () => {
		expect(durationText(60_000)).toBe('1 min')
		expect(durationText(90_500)).toBe('1 min 30.5 s')
		expect(durationText(3_600_000)).toBe('1 h')
		expect(durationText(3_900_000)).toBe('1 h 5 min')
		expect(durationText(3_601_000)).toBe('1 h 1 s')
	})

	it('keeps a sign, and reads a value that is no number as 0 s', () => {
		expect(durationText(-1500)).toBe('-1.5 s')
		expect(durationText(Number.NaN)).toBe('0 s')
		expect(durationText(Number.POSITIVE_INFINITY)).toBe('0 s')
	})
})
