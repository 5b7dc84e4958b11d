import { afterEach, describe, expect, it } from 'vitest'
import { connect, type ServeOptions } from '../../../server/index.ts'
import { sleep, startServer, until, WireClient } from './fixtures/wire.ts'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function setup(options: Partial<ServeOptions> = {}) {
	const running = await startServer(options)
	cleanups.push(() => running.stop())
	const open = async () => {
		const wire = await WireClient.open(running.server.url)
		cleanups.push(() => wire.close())
		return wire
	}
	return { ...running, open }
}

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

describe('a shared token', () => {
	it('refuses a connection whose first request is not a hello with the token, and closes it', async () => {
		const { open } = await setup({ token: 's3cret-of-16-bytes', limits: { authDelayMs: 1 } })
		const none = await open()
		expect(await none.ask({ id: 1, ...hold })).toEqual({
			id: 1,
			ok: false,
			error: { code: 'unauthorized', message: 'hold before hello: this server requires a hello with its token first' },
		})
		await none.whenClosed()
		const wrong = await open()
		expect((await wrong.ask({ id: 1, method: 'hello', token: 'guess' })).error).toEqual({ code: 'unauthorized', message: 'hello with a wrong token' })
		await wrong.whenClosed()
		const right = await open()
		expect(await right.ask({ id: 1, method: 'hello', token: 's3cret-of-16-bytes' })).toMatchObject({ ok: true })
		expect(await right.ask({ id: 2, ...hold })).toMatchObject({ ok: true })
	})

	it('lets the TypeScript client in with the token, and refuses it without', async () => {
		const { server } = await setup({ token: 's3cret-of-16-bytes', limits: { authDelayMs: 1 } })
		await expect(connect(server.url)).rejects.toMatchObject({ code: 'invalid', message: `${server.url}: unauthorized: hello without a token: this server requires one` })
		await expect(connect(server.url, { token: 'guess' })).rejects.toMatchObject({ code: 'invalid', message: `${server.url}: unauthorized: hello with a wrong token` })
		// The wrong token makes the address wait its 1 ms auth delay; a client as quick as that is refused.
		await sleep(20)
		const client = await connect(server.url, { token: 's3cret-of-16-bytes' })
		cleanups.push(() => client.close())
		expect(await client.lock('invoices').hold('42', lease => typeof lease.fence)).toBe('bigint')
	})

	it('closes a connection that says nothing in time', async () => {
		const { open } = await setup({ token: 's3cret-of-16-bytes', limits: { helloTimeoutMs: 100 } })
		const silent = await open()
		expect((await silent.next()).error).toMatchObject({ code: 'unauthorized' })
		await silent.whenClosed()
	})
})
