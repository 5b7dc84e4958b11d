import { describe, expect, it } from 'vitest'
import { formatDuration, LockError, parseDuration } from '../../../engine/index.ts'

describe('parseDuration', () => {
	it('reads a number as milliseconds', () => {
		expect(parseDuration(0)).toBe(0)
		expect(parseDuration(250)).toBe(250)
		expect(parseDuration(1.5)).toBe(1.5)
	})

	it('reads text with a unit', () => {
		expect(parseDuration('250ms')).toBe(250)
		expect(parseDuration('30s')).toBe(30_000)
		expect(parseDuration('1.5s')).toBe(1500)
		expect(parseDuration('15m')).toBe(900_000)
		expect(parseDuration('15min')).toBe(900_000)
		expect(parseDuration('1h')).toBe(3_600_000)
		expect(parseDuration('10 s')).toBe(10_000)
	})

	it.each([
		[-1, 'ttl -1: expected milliseconds, a finite number of at least 0'],
		[Number.NaN, 'ttl NaN: expected milliseconds, a finite number of at least 0'],
		[Number.POSITIVE_INFINITY, 'ttl Infinity: expected milliseconds, a finite number of at least 0'],
		['30', `ttl "30": expected milliseconds or text such as '250ms', '30s', '15m', '1h'`],
		['-5s', `ttl "-5s": expected milliseconds or text such as '250ms', '30s', '15m', '1h'`],
		['5 days', `ttl "5 days": expected milliseconds or text such as '250ms', '30s', '15m', '1h'`],
		[' 5s', `ttl " 5s": expected milliseconds or text such as '250ms', '30s', '15m', '1h'`],
		['', `ttl "": expected milliseconds or text such as '250ms', '30s', '15m', '1h'`],
	])('refuses %j as invalid, saying what it expected', (value, message) => {
		expect(() => parseDuration(value, 'ttl')).toThrow(new LockError('invalid', message))
		try {
			parseDuration(value, 'ttl')
		} catch (error) {
			expect((error as LockError).code).toBe('invalid')
		}
	})
})

describe('formatDuration', () => {
	it.each([
		[0, '0 s'],
		[250, '250 ms'],
		[1000, '1 s'],
		[1500, '1.5 s'],
		[1250.5, '1.251 s'],
		[10_000, '10 s'],
		[90_000, '1 min 30 s'],
		[900_000, '15 min'],
		[3_600_000, '1 h'],
		[5_400_000, '1 h 30 min'],
		[3_723_000, '1 h 2 min 3 s'],
		[-1500, '-1.5 s'],
		[Number.POSITIVE_INFINITY, 'unbounded'],
	])('writes %j ms as %j', (ms, text) => {
		expect(formatDuration(ms)).toBe(text)
	})
})
