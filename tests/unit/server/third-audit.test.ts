import { afterEach, describe, expect, it } from 'vitest'
import type { ServeOptions } from '../../../server/index.ts'
import { startServer, WireClient } from './fixtures/wire.ts'

// Issue 24's findings (the lock server's third audit), each reproduced first: the tests are named after them.

type Message = Record<string, unknown>

const cleanups: (() => unknown)[] = []
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function setup(options: Partial<ServeOptions> = {}) {
	const running = await startServer(options)
	cleanups.push(() => running.stop())
	const open = async (client?: string) => {
		const wire = await WireClient.open(running.server.url)
		cleanups.push(() => wire.close())
		if (client !== undefined) expect(await wire.ask({ id: 'hello', method: 'hello', client })).toMatchObject({ ok: true })
		return wire
	}
	return { ...running, open }
}

function hold(key: string, requestId: string, extra: Message = {}): Message {
	return { id: `hold ${key} ${requestId}`, method: 'hold', kind: 'lock', name: 'invoices', key, ttl: '1h', wait: 0, requestId, ...extra }
}

function leaseOf(answer: Message): { id: string; fence: string } {
	expect(answer).toMatchObject({ ok: true })
	return answer.lease as { id: string; fence: string }
}

function errorOf(answer: Message): { code: string; message: string } {
	expect(answer.ok).toBe(false)
	return answer.error as { code: string; message: string }
}

describe('issue 24.3: request ids are one namespace for all clients', () => {
	it("leaves a lease alone when another client cancels its request id", async () => {
		const { open } = await setup()
		const victim = await open('victim-0b7e5a1c3f2d4c9a')
		const attacker = await open('attacker-9e615d8f2a7b')
		const lease = leaseOf(await victim.ask(hold('42', '1')))
		expect(await attacker.ask({ id: 'cancel', method: 'cancel', requestId: '1' })).toEqual({ id: 'cancel', ok: true })
		expect(leaseOf(await victim.ask({ id: 'renew', method: 'renew', leaseId: lease.id, ttl: '1h' })).id).toBe(lease.id)
		expect(errorOf(await attacker.ask(hold('42', '2'))).code).toBe('held')
	})

	it("does not give another client's lease, id or fence, to a hold that names its request id and key", async () => {
		const { open } = await setup()
		const victim = await open('victim-0b7e5a1c3f2d4c9a')
		const attacker = await open('attacker-9e615d8f2a7b')
		leaseOf(await victim.ask(hold('42', '1')))
		expect(errorOf(await attacker.ask(hold('42', '1')))).toEqual({ code: 'held', message: 'lock invoices: key "42": held past the 0 ms wait' })
	})

	it('gives two clients that both number their holds from 1 a lease each', async () => {
		const { open } = await setup()
		const a = await open('alpha-0b7e5a1c3f2d4c9a')
		const b = await open('beta-9e615d8f2a7b4c10')
		const first = leaseOf(await a.ask(hold('1', '1')))
		const second = leaseOf(await b.ask(hold('2', '1')))
		expect(second.id).not.toBe(first.id)
		// Without a client id in its hello, a connection is a client of its own.
		const c = await open()
		const d = await open()
		leaseOf(await c.ask(hold('3', '1')))
		leaseOf(await d.ask(hold('4', '1')))
	})

	it("answers a retry only to the client that sent the hold: the same client id on another connection gets the same lease", async () => {
		const { open } = await setup()
		const first = await open('alpha-0b7e5a1c3f2d4c9a')
		const lease = leaseOf(await first.ask(hold('42', '7')))
		first.close()
		const again = await open('alpha-0b7e5a1c3f2d4c9a')
		expect(leaseOf(await again.ask(hold('42', '7')))).toEqual(lease)
		const stranger = await open()
		expect(errorOf(await stranger.ask(hold('42', '7'))).code).toBe('held')
	})
})

describe('issue 24.7: hello', () => {
	it('refuses a second hello, so a connection cannot switch its client id and its share of holds', async () => {
		const { open } = await setup({ limits: { maxHoldsPerClient: 1 } })
		const a = await open('alpha-0b7e5a1c3f2d4c9a')
		leaseOf(await a.ask(hold('1', '1')))
		expect(errorOf(await a.ask({ id: 'again', method: 'hello', client: 'beta-9e615d8f2a7b4c10' }))).toEqual({
			code: 'invalid',
			message: 'hello: this connection said hello already; a connection speaks for one client, named by its first request',
		})
		expect(errorOf(await a.ask(hold('2', '2'))).code).toBe('busy')
	})

	it('refuses a hello after other requests: the first request fixes whom the connection speaks for', async () => {
		const { open } = await setup()
		const a = await open()
		leaseOf(await a.ask(hold('1', '1')))
		expect(errorOf(await a.ask({ id: 'late', method: 'hello', client: 'alpha-0b7e5a1c3f2d4c9a' }))).toEqual({
			code: 'invalid',
			message: 'hello: must be the first request of a connection; this one already sent others as a client of its own',
		})
		// The connection goes on, as the client it was.
		expect(errorOf(await a.ask(hold('1', '1', { id: 'reused', key: '2' }))).message).toBe('requestId "1": already names a hold of lock invoices: key "1"')
	})

	it('answers a frame that is not UTF-8 before the token with unauthorized, and closes the connection', async () => {
		const { open } = await setup({ token: 'a-token-of-24-characters' })
		const a = await open()
		a.socket.write(Buffer.from([0x7b, 0xff, 0x7d, 0x0a]))
		expect(await a.next()).toEqual({ id: null, ok: false, error: { code: 'unauthorized', message: 'the first frame must be a hello with the token (frame is not UTF-8 text)' } })
		await a.whenClosed()
	})
})
