import { describe, expect, it } from 'vitest'
import { connect } from '../../../server/index.ts'
import { errorOf, hold, leaseOf, serverTests } from './fixtures/server-tests.ts'
import { sleep } from './fixtures/wire.ts'

// What a connection says first: its hello, with the token a server may require, and whom it speaks for.

const { setup, later } = serverTests()
const token = 'a-token-of-24-characters'

describe('hello', () => {
	it('refuses a second hello, so a connection cannot switch its client id and its share of holds', async () => {
		const { open } = await setup({ limits: { maxHoldsPerClient: 1 } })
		const a = await open('alpha-0b7e5a1c3f2d4c9a')
		leaseOf(await a.ask(hold('1', { requestId: '1' })))
		expect(errorOf(await a.ask({ id: 'again', method: 'hello', client: 'beta-9e615d8f2a7b4c10' }))).toEqual({
			code: 'invalid',
			message: 'hello: this connection said hello already; a connection speaks for one client, named by its first request',
		})
		expect(errorOf(await a.ask(hold('2', { requestId: '2' }))).code).toBe('busy')
	})

	it('refuses a hello after other requests: the first request fixes whom the connection speaks for', async () => {
		const { open } = await setup()
		const a = await open()
		leaseOf(await a.ask(hold('1', { requestId: '1' })))
		expect(errorOf(await a.ask({ id: 'late', method: 'hello', client: 'alpha-0b7e5a1c3f2d4c9a' }))).toEqual({
			code: 'invalid',
			message: 'hello: must be the first request of a connection; this one already sent others as a client of its own',
		})
		// The connection goes on, as the client it was.
		expect(errorOf(await a.ask(hold('2', { requestId: '1', id: 'reused' }))).message).toBe('requestId "1": already names a hold of lock invoices: key "1"')
	})

	it('says its epoch in its answer to a hello, so a client that reconnects knows whether the server restarted', async () => {
		const { open, store } = await setup()
		const a = await open()
		expect(await a.ask({ id: 1, method: 'hello' })).toEqual({ id: 1, ok: true, protocol: 1, now: expect.any(Number), epoch: String(store.epoch) })
	})

	it('refuses a hello of another version of the protocol, saying which this server speaks, and closes the connection', async () => {
		const { open } = await setup()
		const future = await open()
		expect(await future.ask({ id: 1, method: 'hello', version: 999 })).toEqual({
			id: 1,
			ok: false,
			error: { code: 'invalid', message: 'hello: version 999: this server speaks version 1 of the protocol; use a client of that version' },
		})
		await future.whenClosed()
		const current = await open()
		expect(await current.ask({ id: 1, method: 'hello', version: 1 })).toMatchObject({ ok: true })
	})

	it('refuses a token sent to a server without one, saying it takes none, and does not throttle the address for it', async () => {
		const { open } = await setup({ limits: { authDelayMs: 60_000 } })
		for (const attempt of [1, 2]) {
			const misconfigured = await open()
			expect(await misconfigured.ask({ id: attempt, method: 'hello', token: 'a-token-of-24-characters' })).toEqual({
				id: attempt,
				ok: false,
				error: { code: 'invalid', message: 'hello: a token, but this server takes none (it was started without --token-file); connect without one' },
			})
			await misconfigured.whenClosed()
		}
		const plain = await open()
		expect(await plain.ask({ id: 1, method: 'hello', client: 'plain-0b7e5a1c' })).toMatchObject({ ok: true })
	})
})

describe('a shared token', () => {
	it('refuses a connection whose first request is not a hello with the token, and closes it', async () => {
		const { open } = await setup({ token: 's3cret-of-16-bytes', limits: { authDelayMs: 1 } })
		const none = await open()
		expect(await none.ask(hold('42', { id: 1 }))).toEqual({
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
		expect(await right.ask(hold('42', { id: 2 }))).toMatchObject({ ok: true })
	})

	it('lets the TypeScript client in with the token, and refuses it without', async () => {
		const { server } = await setup({ token: 's3cret-of-16-bytes', limits: { authDelayMs: 1 } })
		await expect(connect(server.url)).rejects.toMatchObject({ code: 'invalid', message: `${server.url}: unauthorized: hello without a token: this server requires one` })
		await expect(connect(server.url, { token: 'guess' })).rejects.toMatchObject({ code: 'invalid', message: `${server.url}: unauthorized: hello with a wrong token` })
		// The wrong token makes the address wait its 1 ms auth delay; a client as quick as that is refused.
		await sleep(20)
		const client = await connect(server.url, { token: 's3cret-of-16-bytes' })
		later(() => client.close())
		expect(await client.lock('invoices').hold('42', lease => typeof lease.fence)).toBe('bigint')
	})

	it('closes a connection that says nothing in time', async () => {
		const { open } = await setup({ token: 's3cret-of-16-bytes', limits: { helloTimeoutMs: 100 } })
		const silent = await open()
		expect((await silent.next()).error).toMatchObject({ code: 'unauthorized' })
		await silent.whenClosed()
	})

	it('answers a frame that is not UTF-8 before the token with unauthorized, and closes the connection', async () => {
		const { open } = await setup({ token })
		const a = await open()
		a.socket.write(Buffer.from([0x7b, 0xff, 0x7d, 0x0a]))
		expect(await a.next()).toEqual({ id: null, ok: false, error: { code: 'unauthorized', message: 'the first frame must be a hello with the token (frame is not UTF-8 text)' } })
		await a.whenClosed()
	})
})
