import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fenceCount, fenceEpoch, fenceText, LockError, makeFence, MAX_FENCE, MAX_FENCE_PART, parseFence } from '../../../engine/index.ts'

const fence128 = fc.bigInt({ min: 0n, max: MAX_FENCE })

describe('LOCK-08 a fence on the wire is 1 to 40 digits up to 2^128 - 1, and its 40-digit text orders as the numbers', () => {
	it('fenceText orders as the numbers do (random 128-bit values)', () => {
		fc.assert(
			fc.property(fence128, fence128, (a, b) => {
				const [ta, tb] = [fenceText(a), fenceText(b)]
				expect(ta.length).toBe(40)
				expect(ta < tb).toBe(a < b)
				expect(ta === tb).toBe(a === b)
			}),
			{ numRuns: 2000 },
		)
	})

	it('orders as the numbers near the edges too (0, 2^64 and 2^128 - 1)', () => {
		const edges = [0n, 1n, 9n, 10n, MAX_FENCE_PART, MAX_FENCE_PART + 1n, MAX_FENCE - 1n, MAX_FENCE]
		const byText = [...edges].sort((a, b) => (fenceText(a) < fenceText(b) ? -1 : 1))
		expect(byText).toEqual(edges)
	})

	it('parseFence(fenceText(f)) gives f back', () => {
		fc.assert(
			fc.property(fence128, f => {
				expect(parseFence(fenceText(f))).toBe(f)
				expect(parseFence(f.toString())).toBe(f)
			}),
			{ numRuns: 2000 },
		)
	})

	it('takes leading zeros, one digit, and 2^128 - 1', () => {
		expect(parseFence('0')).toBe(0n)
		expect(parseFence('0007')).toBe(7n)
		expect(parseFence('0000000000000000000000000000000000000008')).toBe(8n)
		expect(parseFence('340282366920938463463374607431768211455')).toBe(MAX_FENCE)
	})

	const forty1 = '1'.repeat(41)
	it.each([
		['', 'fence "": expected 1 to 40 decimal digits'],
		['-1', 'fence "-1": expected 1 to 40 decimal digits'],
		['1e5', 'fence "1e5": expected 1 to 40 decimal digits'],
		[' 7', 'fence " 7": expected 1 to 40 decimal digits'],
		['7 ', 'fence "7 ": expected 1 to 40 decimal digits'],
		['+7', 'fence "+7": expected 1 to 40 decimal digits'],
		['0x10', 'fence "0x10": expected 1 to 40 decimal digits'],
		['١٢', 'fence "١٢": expected 1 to 40 decimal digits'],
		[forty1, `fence "${forty1}": expected 1 to 40 decimal digits, got 41`],
		['340282366920938463463374607431768211456', 'fence "340282366920938463463374607431768211456": larger than 2^128 - 1'],
		['9'.repeat(40), `fence "${'9'.repeat(40)}": larger than 2^128 - 1`],
	])('refuses %j as invalid with a clear message', (text, message) => {
		let caught: unknown
		try {
			parseFence(text)
		} catch (error) {
			caught = error
		}
		expect(caught).toBeInstanceOf(LockError)
		expect((caught as LockError).code).toBe('invalid')
		expect((caught as LockError).message).toBe(message)
	})

	it('refuses a value that is not a string', () => {
		expect(() => parseFence(7 as unknown as string)).toThrow('fence 7: expected a string of 1 to 40 decimal digits')
	})

	it('refuses to write a fence out of range', () => {
		expect(() => fenceText(-1n)).toThrow('fence -1n: expected a bigint from 0 to 2^128 - 1')
		expect(() => fenceText(MAX_FENCE + 1n)).toThrow('expected a bigint from 0 to 2^128 - 1')
	})
})

describe('LOCK-03 a fence is the epoch in the high 64 bits and a count in the low 64', () => {
	const part = fc.bigInt({ min: 0n, max: MAX_FENCE_PART })

	it('makeFence, fenceEpoch and fenceCount take a fence apart as it was made', () => {
		fc.assert(
			fc.property(part, part, (epoch, count) => {
				const fence = makeFence(epoch, count)
				expect(fence).toBe(epoch * 2n ** 64n + count)
				expect(fenceEpoch(fence)).toBe(epoch)
				expect(fenceCount(fence)).toBe(count)
			}),
		)
	})

	it('orders fences by epoch first, then by count', () => {
		fc.assert(
			fc.property(part, part, part, part, (e1, c1, e2, c2) => {
				const before = e1 < e2 || (e1 === e2 && c1 < c2)
				expect(makeFence(e1, c1) < makeFence(e2, c2)).toBe(before)
			}),
		)
	})

	it('refuses an epoch or a count outside 64 bits', () => {
		expect(() => makeFence(MAX_FENCE_PART + 1n, 0n)).toThrow('fence epoch 18446744073709551616: expected 0 to 2^64 - 1')
		expect(() => makeFence(0n, -1n)).toThrow('fence count -1: expected 0 to 2^64 - 1')
	})
})
