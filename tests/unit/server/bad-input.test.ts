import { describe, expect, it } from 'vitest'
import { serverTests } from './fixtures/server-tests.ts'
import { until, type WireClient } from './fixtures/wire.ts'

// Input no client should send: each is answered with an error that names the problem, and the server keeps serving.

const { setup } = serverTests()

// Another client, served after the bad input: the server keeps serving everyone else.
async function stillServes(open: () => Promise<WireClient>): Promise<void> {
	const other = await open()
	const answer = await other.ask({ id: 'ok', method: 'hold', kind: 'lock', name: 'invoices', key: `k${Math.random()}`, ttl: 1000, wait: 0, requestId: `r${Math.random()}` })
	expect(answer).toMatchObject({ ok: true, lease: { fence: expect.stringMatching(/^[0-9]+$/) } })
}

const hold = { method: 'hold', kind: 'lock', name: 'invoices', key: '42', ttl: 1000, wait: 0, requestId: 'r1' }

describe('bad input is answered with an error that names the problem, and the server keeps serving', () => {
	it.each([
		['malformed JSON', '{"id":1,"method":\n', null, 'malformed', /^frame is not JSON: /],
		['a frame that is not an object', '[1,2,3]\n', null, 'malformed', /^frame is an array, expected a JSON object$/],
		['an unknown method', { id: 3, method: 'steal' }, 3, 'unknown_method', /^method "steal": unknown; expected one of hello, hold, renew, release, cancel, leases, end$/],
		['a bad fence', { id: 4, method: 'release', leaseId: 'x', fence: '1e5' }, 4, 'invalid', /^fence "1e5": expected 1 to 40 decimal digits$/],
		['a fence past 2^128 - 1', { id: 5, method: 'renew', leaseId: 'x', ttl: 1000, fence: (1n << 128n).toString() }, 5, 'invalid', /larger than 2\^128 - 1$/],
		['a TTL of 0.5 s', { id: 6, ...hold, ttl: '0.5s' }, 6, 'invalid', /^lock invoices: key "42": ttl "0.5s": out of range; the wire takes 1 s to 1 h$/],
		['a TTL of 2 h', { id: 7, ...hold, ttl: 7_200_000 }, 7, 'invalid', /^lock invoices: key "42": ttl 7200000: out of range; the wire takes 1 s to 1 h$/],
		['a hold without a key', { id: 8, ...hold, key: undefined }, 8, 'invalid', /^lock invoices: key missing: expected a string/],
		['a hold without a request id', { id: 9, ...hold, requestId: undefined }, 9, 'invalid', /^lock invoices: key "42": requestId missing/],
		['a request without an id', { method: 'hello' }, null, 'invalid', /^id missing/],
		['a semaphore opened with another limit', { id: 10, ...hold, kind: 'semaphore', name: 'exports', limit: 9 }, 10, 'invalid', /^semaphore exports: limit 9: it is open with limit 2$/],
	])('%s', async (_what, input, id, code, message) => {
		const { open, store } = await setup()
		// A semaphore keeps its limit while a key of it is held.
		void store.semaphore('exports', { limit: 2 }).hold('held', () => new Promise(() => {}), { ttl: '1h' })
		const wire = await open()
		wire.send(input)
		const answer = await wire.next()
		expect(answer).toMatchObject({ id, ok: false, error: { code } })
		expect((answer.error as { message: string }).message).toMatch(message)
		// The same connection goes on too.
		expect(await wire.ask({ id: 'after', method: 'cancel', requestId: 'none' })).toEqual({ id: 'after', ok: true })
		await stillServes(open)
	})

	it('answers a renewal or release of an unknown lease as lost', async () => {
		const { open } = await setup()
		const wire = await open()
		expect((await wire.ask({ id: 1, method: 'renew', leaseId: '7-7', ttl: 1000 })).error).toEqual({
			code: 'lost',
			message: 'lease "7-7": unknown to this server (it ended long ago, or the server restarted since it was given); the renewal is refused',
		})
		expect((await wire.ask({ id: 2, method: 'release', leaseId: '7-7' })).error).toMatchObject({ code: 'lost' })
	})

	it('refuses a fence that is not the lease\'s', async () => {
		const { open } = await setup()
		const wire = await open()
		const lease = (await wire.ask({ id: 1, ...hold })).lease as { id: string; fence: string }
		const answer = await wire.ask({ id: 2, method: 'release', leaseId: lease.id, fence: '1' })
		expect(answer.error).toEqual({ code: 'invalid', message: `lock invoices: key "42": lease "${lease.id}": fence 1 is not this lease's` })
		expect(await wire.ask({ id: 3, method: 'release', leaseId: lease.id, fence: lease.fence.padStart(40, '0') })).toEqual({ id: 3, ok: true })
	})

	it('answers a frame over 64 KiB with too_large, closes that connection, and serves the others', async () => {
		const { open } = await setup()
		const wire = await open()
		wire.send({ id: 1, method: 'hello', token: 'x'.repeat(70 * 1024) })
		expect(await wire.next()).toEqual({
			id: null,
			ok: false,
			error: { code: 'too_large', message: expect.stringMatching(/^a frame of at least \d+ bytes: the limit is 65536 bytes per frame, and the connection closes$/) },
		})
		await wire.whenClosed()
		await stillServes(open)
	})

	it('refuses a frame that never ends once it passes 64 KiB, without keeping more', async () => {
		const { open } = await setup()
		const wire = await open()
		wire.send('x'.repeat(65 * 1024))
		expect(await wire.next()).toMatchObject({ ok: false, error: { code: 'too_large' } })
		await wire.whenClosed()
		await stillServes(open)
	})

	it('refuses a frame that is not UTF-8, so two keys of different bytes never merge into one lock', async () => {
		const { open } = await setup()
		const a = await open()
		const frame = (bytes: number[]) => Buffer.concat([Buffer.from('{"id":1,"method":"hold","kind":"lock","name":"n","key":"'), Buffer.from(bytes), Buffer.from('","ttl":5000,"wait":0,"requestId":"r-utf8"}\n')])
		a.socket.write(frame([0xff]))
		expect(await a.next()).toEqual({ id: null, ok: false, error: { code: 'malformed', message: 'frame is not UTF-8 text' } })
		expect((await a.ask({ id: 2, ...hold, key: '\ud800' })).error).toMatchObject({ message: expect.stringMatching(/key "\\ud800": expected well-formed Unicode text/) })
	})

	it('counts a key\'s length in UTF-8 bytes, as the protocol page says', async () => {
		const { open } = await setup()
		const a = await open()
		expect(await a.ask({ id: 1, ...hold, key: 'é'.repeat(500) })).toMatchObject({ ok: true })
		expect((await a.ask({ id: 2, ...hold, requestId: 'r2', key: 'é'.repeat(501) })).error).toMatchObject({ message: expect.stringMatching(/expected a string of 1 to 1000 bytes of UTF-8$/) })
	})

	it('refuses a connection\'s requests past its limit in flight as busy', async () => {
		const { open } = await setup({ limits: { maxInFlight: 2 } })
		const holder = await open()
		await holder.ask({ id: 0, ...hold, ttl: '1h' })
		const wire = await open()
		for (const id of [1, 2, 3]) wire.send({ id, ...hold, requestId: `w${id}`, wait: '1h' })
		expect((await wire.answer(3)).error).toEqual({ code: 'busy', message: 'hold: this connection has 2 holds in flight, its limit' })
		await stillServes(open)
	})
})

describe('a client that stops reading', () => {
	it('is cut off once its unread answers pass the bound, and the server serves the others', async () => {
		const { open, server } = await setup({ limits: { maxBufferedBytes: 64 * 1024 } })
		const reader = await open()
		const slow = await open()
		slow.socket.pause()
		// Each request is small and its answer large, as a client that asks and never reads.
		const request = `${JSON.stringify({ id: 1, method: 'renew', leaseId: 'x'.repeat(150), ttl: 1000 })}\n`.repeat(1000)
		await until(
			() => {
				if (server.connections < 2) return true
				slow.socket.write(request)
				return undefined
			},
			'the server to cut the slow reader off',
			20_000,
		)
		expect(await reader.ask({ id: 'still', method: 'hello' })).toMatchObject({ ok: true })
		await stillServes(open)
	})
})
