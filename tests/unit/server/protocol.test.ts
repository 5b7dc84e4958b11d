import { describe, expect, it } from 'vitest'
import { parseRequest, type ParsedRequest } from '../../../server/protocol.ts'

const hold = { id: 1, method: 'hold', kind: 'lock', name: 'invoices', key: '42', ttl: 1000, wait: 0, requestId: 'r1' }

function refusal(parsed: ParsedRequest): { code: string; message: string } {
	if (parsed.ok) throw new Error(`expected a refusal, got ${JSON.stringify(parsed.request)}`)
	return parsed.error
}

const frame = (message: unknown) => JSON.stringify(message)

describe('parseRequest', () => {
	it('reads each method with its fields, times in ms', () => {
		expect(parseRequest(frame({ id: 'h', method: 'hello', version: 1, token: 't' }))).toEqual({ ok: true, request: { id: 'h', method: 'hello', version: 1, token: 't' } })
		expect(parseRequest(frame({ ...hold, ttl: '30s', wait: '250ms' }))).toEqual({ ok: true, request: { ...hold, ttl: 30_000, wait: 250 } })
		expect(parseRequest(frame({ id: 2, method: 'hold', kind: 'semaphore', name: 'exports', key: 'x', limit: 3, requestId: 'r2' }))).toEqual({
			ok: true,
			request: { id: 2, method: 'hold', kind: 'semaphore', name: 'exports', key: 'x', limit: 3, ttl: 30_000, wait: 10_000, requestId: 'r2' },
		})
		expect(parseRequest(frame({ id: 3, method: 'renew', leaseId: 'e-1', ttl: '1h', fence: '0007' }))).toEqual({
			ok: true,
			request: { id: 3, method: 'renew', leaseId: 'e-1', ttl: 3_600_000, fence: 7n },
		})
		expect(parseRequest(frame({ id: 4, method: 'release', leaseId: 'e-1' }))).toEqual({ ok: true, request: { id: 4, method: 'release', leaseId: 'e-1' } })
		expect(parseRequest(frame({ id: 5, method: 'cancel', requestId: 'r1' }))).toEqual({ ok: true, request: { id: 5, method: 'cancel', requestId: 'r1' } })
	})

	it('reads a renew without a ttl as 30 s, the wire default, not the TTL its lease was held with', () => {
		// The server keeps no TTL per lease for this: a client that leaves ttl out of a renewal gets 30 s, so every client sends it.
		expect(parseRequest(frame({ id: 6, method: 'renew', leaseId: 'e-1' }))).toEqual({ ok: true, request: { id: 6, method: 'renew', leaseId: 'e-1', ttl: 30_000 } })
	})

	it('takes TTLs from 1 s to 1 h, both ends included', () => {
		expect(parseRequest(frame({ ...hold, ttl: 1000 })).ok).toBe(true)
		expect(parseRequest(frame({ ...hold, ttl: '1h' })).ok).toBe(true)
	})

	it.each([
		[500, 'lock invoices: key "42": ttl 500: out of range; the wire takes 1 s to 1 h'],
		['0.5s', 'lock invoices: key "42": ttl "0.5s": out of range; the wire takes 1 s to 1 h'],
		['2h', 'lock invoices: key "42": ttl "2h": out of range; the wire takes 1 s to 1 h'],
		[7_200_000, 'lock invoices: key "42": ttl 7200000: out of range; the wire takes 1 s to 1 h'],
		[-1, 'lock invoices: key "42": ttl -1: expected milliseconds, a finite number of at least 0'],
		['soon', `lock invoices: key "42": ttl "soon": expected milliseconds or text such as '250ms', '30s', '15m', '1h'`],
		[true, `lock invoices: key "42": ttl true: expected milliseconds or text such as '30s'`],
	])('refuses the TTL %j as invalid, naming the place', (ttl, message) => {
		expect(refusal(parseRequest(frame({ ...hold, ttl })))).toEqual({ code: 'invalid', message })
	})

	it('refuses a wait over 1 h', () => {
		expect(refusal(parseRequest(frame({ ...hold, wait: '2h' })))).toEqual({ code: 'invalid', message: 'lock invoices: key "42": wait "2h": out of range; the wire takes 0 to 1 h' })
	})

	it.each([
		['', 'fence "": expected 1 to 40 decimal digits'],
		['-1', 'fence "-1": expected 1 to 40 decimal digits'],
		['1e5', 'fence "1e5": expected 1 to 40 decimal digits'],
		[' 7', 'fence " 7": expected 1 to 40 decimal digits'],
		['1'.repeat(41), `fence "${'1'.repeat(41)}": expected 1 to 40 decimal digits, got 41`],
		[(1n << 128n).toString(), `fence "${1n << 128n}": larger than 2^128 - 1`],
		[7, 'fence 7: expected a decimal string'],
	])('refuses the fence %j as invalid (LOCK-08)', (fence, message) => {
		expect(refusal(parseRequest(frame({ id: 9, method: 'release', leaseId: 'e-1', fence })))).toEqual({ code: 'invalid', message })
	})

	it('refuses what is not JSON, or not an object, as malformed', () => {
		expect(refusal(parseRequest('{"id":1,'))).toMatchObject({ code: 'malformed', message: expect.stringMatching(/^frame is not JSON: /) })
		expect(refusal(parseRequest('[1,2]'))).toEqual({ code: 'malformed', message: 'frame is an array, expected a JSON object' })
		expect(refusal(parseRequest('"hold"'))).toEqual({ code: 'malformed', message: 'frame is "hold", expected a JSON object' })
	})

	it('refuses a request without a usable id, answering to id null', () => {
		expect(parseRequest(frame({ method: 'hello' }))).toEqual({ ok: false, id: null, error: { code: 'invalid', message: 'id missing: expected a string of 1 to 200 characters or a whole number' } })
		expect(parseRequest(frame({ id: 1.5, method: 'hello' }))).toMatchObject({ ok: false, id: null })
	})

	it('refuses an unknown method, listing the known ones', () => {
		expect(parseRequest(frame({ id: 7, method: 'steal' }))).toEqual({
			ok: false,
			id: 7,
			error: { code: 'unknown_method', message: 'method "steal": unknown; expected one of hello, hold, renew, release, cancel, leases, end' },
		})
		expect(refusal(parseRequest(frame({ id: 7 })))).toEqual({ code: 'invalid', message: 'method missing: expected one of hello, hold, renew, release, cancel, leases, end' })
	})

	it.each([
		[{ kind: undefined }, 'kind missing: expected "lock" or "semaphore"'],
		[{ name: undefined }, 'name missing: expected a string of 1 to 200 bytes of UTF-8'],
		[{ key: undefined }, 'lock invoices: key missing: expected a string of 1 to 1000 bytes of UTF-8'],
		[{ key: 42 }, 'lock invoices: key 42: expected a string of 1 to 1000 bytes of UTF-8'],
		[{ requestId: undefined }, 'lock invoices: key "42": requestId missing: expected a string of 1 to 200 bytes of UTF-8'],
		[{ limit: 2 }, 'lock invoices: key "42": limit: a lock takes none (a semaphore does)'],
		[{ kind: 'semaphore' }, 'semaphore invoices: key "42": limit missing: expected a whole number from 1 to 1000000'],
		[{ kind: 'semaphore', limit: 0 }, 'semaphore invoices: key "42": limit 0: expected a whole number from 1 to 1000000'],
	])('refuses a hold with %j, naming the field', (change, message) => {
		expect(refusal(parseRequest(frame({ ...hold, ...change })))).toEqual({ code: 'invalid', message })
	})

	it('refuses renew and release without a lease id', () => {
		expect(refusal(parseRequest(frame({ id: 1, method: 'renew', ttl: 1000 })))).toEqual({ code: 'invalid', message: 'leaseId missing: expected a string of 1 to 200 bytes of UTF-8' })
		expect(refusal(parseRequest(frame({ id: 1, method: 'release', leaseId: '' })))).toEqual({ code: 'invalid', message: 'leaseId "": expected a string of 1 to 200 bytes of UTF-8' })
	})
})
