import { afterEach, describe, expect, it } from 'vitest'
import { LockError } from '../../../engine/index.ts'
import { connect, type ServeOptions } from '../../../server/index.ts'
import { startServer, WireClient } from './fixtures/wire.ts'

// Issue 12's items, each reproduced first: the tests are named after them.

type Message = Record<string, unknown>

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

let serial = 0
function holdOf(key: string, extra: Message = {}): Message {
	serial++
	return { id: `h${serial}`, method: 'hold', kind: 'lock', name: 'invoices', key, ttl: 5000, wait: 0, requestId: `request-${serial}`, ...extra }
}

function leaseOf(answer: Message): { id: string; fence: string } {
	expect(answer).toMatchObject({ ok: true })
	return answer.lease as { id: string; fence: string }
}

function errorOf(answer: Message): { code: string; message: string } {
	expect(answer.ok).toBe(false)
	return answer.error as { code: string; message: string }
}

describe('issue 12.2: a busy connection keeps its own leases', () => {
	it('renews, releases and cancels while its in-flight slots are full of waiting holds', async () => {
		const { open } = await setup({ limits: { maxInFlight: 4 } })
		const other = await open()
		leaseOf(await other.ask(holdOf('busy')))
		const a = await open()
		const mine = leaseOf(await a.ask(holdOf('mine')))
		const waiting = [1, 2, 3, 4].map(() => holdOf('busy', { wait: 5000 }))
		for (const hold of waiting) a.send(hold)
		// The fifth waiting hold has no slot.
		expect(errorOf(await a.ask(holdOf('busy', { wait: 5000 }))).code).toBe('busy')
		expect(leaseOf(await a.ask({ id: 'renew', method: 'renew', leaseId: mine.id, ttl: 5000 })).id).toBe(mine.id)
		expect(await a.ask({ id: 'cancel', method: 'cancel', requestId: waiting[0]?.requestId })).toMatchObject({ ok: true })
		expect(await a.ask({ id: 'release', method: 'release', leaseId: mine.id })).toMatchObject({ ok: true })
		expect(errorOf(await a.answer(waiting[0]?.id)).code).toBe('cancelled')
	})
})

describe('issue 12.5: lease ids are predictable and any client can release or renew any lease', () => {
	it('gives ids no other client can work out from its own', async () => {
		const { open, store } = await setup()
		const a = await open()
		const b = await open()
		const first = leaseOf(await a.ask(holdOf('a')))
		const second = leaseOf(await b.ask(holdOf('b')))
		for (const id of [first.id, second.id]) {
			expect(id).not.toContain(String(store.epoch))
			// At least 122 random bits.
			expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
		}
		// b guesses the engine's own id of a's lease: the server knows no such lease.
		for (const guess of [`${store.epoch}-1`, `${store.epoch}-2`]) {
			expect(errorOf(await b.ask({ id: `release ${guess}`, method: 'release', leaseId: guess })).code).toBe('lost')
		}
		expect(leaseOf(await a.ask({ id: 'renew', method: 'renew', leaseId: first.id, ttl: 5000 })).id).toBe(first.id)
	})

	it('does not tell the real fence to a release with a wrong one', async () => {
		const { open } = await setup()
		const a = await open()
		const lease = leaseOf(await a.ask(holdOf('42')))
		const error = errorOf(await a.ask({ id: 'wrong', method: 'release', leaseId: lease.id, fence: '7' }))
		expect(error.code).toBe('invalid')
		expect(error.message).not.toContain(lease.fence)
	})

	it('refuses a wrong fence on a lease already released, as on a held one', async () => {
		const { open } = await setup()
		const a = await open()
		const lease = leaseOf(await a.ask(holdOf('42')))
		expect(await a.ask({ id: 'release', method: 'release', leaseId: lease.id, fence: lease.fence })).toMatchObject({ ok: true })
		expect(await a.ask({ id: 'again', method: 'release', leaseId: lease.id, fence: lease.fence })).toMatchObject({ ok: true })
		expect(errorOf(await a.ask({ id: 'wrong', method: 'release', leaseId: lease.id, fence: '7' })).code).toBe('invalid')
	})
})

describe('issue 12.4: a failed --history write hangs the hold, then kills the server', () => {
	it('answers the hold with unavailable at once, leaves the key free, and grants the retry of the same request id', async () => {
		let failing = true
		const { open } = await setup({
			history: record => {
				if (failing && record.type === 'grant') throw new Error('ENOSPC: no space left on device, write')
			},
		})
		const a = await open()
		const hold = holdOf('42')
		const error = errorOf(await a.ask(hold, 2000))
		expect(error).toEqual({ code: 'unavailable', message: expect.stringMatching(/^lock invoices: key "42": the server could not write its history \(ENOSPC: no space left on device, write\)/) })
		failing = false
		leaseOf(await a.ask({ ...hold, id: 'retry' }, 2000))
	})

	it('keeps serving when the write at an expiry, a renewal or a release fails, and says so', async () => {
		const warnings: string[] = []
		const onWarning = (warning: Error) => warnings.push(warning.message)
		process.on('warning', onWarning)
		cleanups.push(() => process.off('warning', onWarning))
		const { open } = await setup({
			history: record => {
				if (record.type !== 'grant' && record.type !== 'start' && record.type !== 'close') throw new Error('EIO: i/o error, write')
			},
		})
		const a = await open()
		const short = leaseOf(await a.ask(holdOf('short', { ttl: 1000 })))
		expect(await a.event(short.id, 3000)).toMatchObject({ reason: 'expired' })
		const lease = leaseOf(await a.ask(holdOf('42')))
		expect(errorOf(await a.ask({ id: 'renew', method: 'renew', leaseId: lease.id, ttl: 5000 })).code).toBe('unavailable')
		expect(errorOf(await a.ask({ id: 'release', method: 'release', leaseId: lease.id })).code).toBe('unavailable')
		leaseOf(await a.ask(holdOf('short')))
		expect(warnings.some(message => message.includes('EIO: i/o error, write'))).toBe(true)
	})
})

describe('issue 12.1: one client locks everyone out', () => {
	it('refuses a client past its share of holds with busy, and serves the others', async () => {
		const { open } = await setup({ limits: { maxHoldsPerClient: 3 } })
		const greedy = await open()
		for (const key of ['1', '2', '3']) leaseOf(await greedy.ask(holdOf(key, { ttl: '1h' })))
		const error = errorOf(await greedy.ask(holdOf('4', { ttl: '1h' })))
		expect(error).toEqual({ code: 'busy', message: 'lock invoices: key "4": this client has 3 holds waiting or held, its share (--max-holds-per-client)' })
		const other = await open()
		leaseOf(await other.ask(holdOf('4')))
	})

	it('counts a client\'s leases across its reconnects, by the client id of its hello', async () => {
		const { open } = await setup({ limits: { maxHoldsPerClient: 2 } })
		const first = await open()
		expect(await first.ask({ id: 'hello', method: 'hello', client: 'alpha-7f3c9a2e' })).toMatchObject({ ok: true })
		const leases = [leaseOf(await first.ask(holdOf('1', { ttl: '1h' }))), leaseOf(await first.ask(holdOf('2', { ttl: '1h' })))]
		first.close()
		const again = await open()
		expect(await again.ask({ id: 'hello', method: 'hello', client: 'alpha-7f3c9a2e' })).toMatchObject({ ok: true })
		expect(errorOf(await again.ask(holdOf('3'))).code).toBe('busy')
		expect(await again.ask({ id: 'release', method: 'release', leaseId: leases[0]?.id })).toMatchObject({ ok: true })
		leaseOf(await again.ask(holdOf('3')))
	})
})

describe('issue 12.6: no cap on connections and no idle timeout without a token', () => {
	it('refuses connections past --max-connections with busy, and takes new ones once one closes', async () => {
		const { open } = await setup({ limits: { maxConnections: 2 } })
		const a = await open()
		await open()
		const refused = await open()
		expect(await refused.next()).toEqual({ id: null, ok: false, error: { code: 'busy', message: 'the server has 2 connections, its limit (--max-connections); try again later' } })
		await refused.whenClosed()
		a.close()
		await new Promise(resolve => setTimeout(resolve, 100))
		leaseOf(await (await open()).ask(holdOf('42')))
	})

	it('closes a connection that completes no frame within the idle timeout, also one that trickles bytes, but not one that holds a lease', async () => {
		const { open } = await setup({ limits: { idleTimeoutMs: 400 } })
		const silent = await open()
		const trickle = await open()
		trickle.send('{"id":1,')
		const timer = setInterval(() => trickle.send(' '), 50)
		cleanups.push(() => clearInterval(timer))
		const holder = await open()
		leaseOf(await holder.ask(holdOf('42', { ttl: '1h' })))
		await silent.whenClosed(2000)
		await trickle.whenClosed(2000)
		expect(silent.messages).toEqual([{ id: null, ok: false, error: { code: 'closed', message: 'no request completed for 400 ms, and nothing is held or asked: the idle connection closes (--idle-timeout)' } }])
		expect(holder.closed).toBe(false)
	})
})

describe('issue 12.3: memory grows with every distinct name', () => {
	it('forgets a lock or semaphore name once nothing holds or waits for it', async () => {
		const { open, store } = await setup()
		const a = await open()
		for (let i = 0; i < 50; i++) {
			const lease = leaseOf(await a.ask(holdOf('42', { name: `chat-${i}` })))
			expect(await a.ask({ id: `release ${i}`, method: 'release', leaseId: lease.id })).toMatchObject({ ok: true })
		}
		const held = leaseOf(await a.ask(holdOf('42', { name: 'still-held' })))
		expect(store.names).toBe(1)
		await a.ask({ id: 'release held', method: 'release', leaseId: held.id })
		expect(store.names).toBe(0)
	})

	it('lets no client fix a semaphore\'s limit past the time it holds or waits for it', async () => {
		const { open } = await setup()
		const a = await open()
		const first = leaseOf(await a.ask(holdOf('42', { kind: 'semaphore', name: 'exports', limit: 1 })))
		expect(errorOf(await a.ask(holdOf('42', { kind: 'semaphore', name: 'exports', limit: 5 }))).message).toBe('semaphore exports: limit 5: it is open with limit 1')
		await a.ask({ id: 'release', method: 'release', leaseId: first.id })
		leaseOf(await a.ask(holdOf('42', { kind: 'semaphore', name: 'exports', limit: 5 })))
	})
})

describe('issue 12.8: token rules, invalid UTF-8 keys, lengths in characters, and a client that cannot tell an outage from a held key', () => {
	it('refuses a token shorter than 16 or longer than 200 bytes at start, since it could never be safe or never match', async () => {
		await expect(setup({ token: 'short' })).rejects.toThrow('serve: token of 5 bytes: expected 16 to 200 bytes (the longest text the wire takes)')
		await expect(setup({ token: 'x'.repeat(201) })).rejects.toThrow('serve: token of 201 bytes: expected 16 to 200 bytes (the longest text the wire takes)')
	})

	it('throttles failed tokens: after a wrong one, even the right one waits its turn', async () => {
		const token = 'a-token-of-24-characters'
		const { open } = await setup({ token, limits: { authDelayMs: 300 } })
		const wrong = await open()
		expect(errorOf(await wrong.ask({ id: 1, method: 'hello', token: 'not-the-token-at-all-no' })).code).toBe('unauthorized')
		const soon = await open()
		// Told to come back later (busy), not that the token is wrong (issue 24.2).
		expect(errorOf(await soon.ask({ id: 1, method: 'hello', token }))).toEqual({ code: 'busy', message: expect.stringMatching(/^too many failed tokens from 127\.0\.0\.1: try again in \d+ ms$/), retryAfter: expect.any(Number) })
		await new Promise(resolve => setTimeout(resolve, 350))
		const later = await open()
		expect(await later.ask({ id: 1, method: 'hello', token })).toMatchObject({ ok: true })
	})

	it('refuses a frame that is not UTF-8, so two keys of different bytes never merge into one lock', async () => {
		const { open } = await setup()
		const a = await open()
		const frame = (bytes: number[]) => Buffer.concat([Buffer.from('{"id":1,"method":"hold","kind":"lock","name":"n","key":"'), Buffer.from(bytes), Buffer.from('","ttl":5000,"wait":0,"requestId":"r-utf8"}\n')])
		a.socket.write(frame([0xff]))
		expect(await a.next()).toEqual({ id: null, ok: false, error: { code: 'malformed', message: 'frame is not UTF-8 text' } })
		expect(errorOf(await a.ask(holdOf('\ud800'))).message).toMatch(/key "\\ud800": expected well-formed Unicode text/)
	})

	it('counts a key\'s length in UTF-8 bytes, as the protocol page says', async () => {
		const { open } = await setup()
		const a = await open()
		leaseOf(await a.ask(holdOf('é'.repeat(500))))
		expect(errorOf(await a.ask(holdOf('é'.repeat(501)))).message).toMatch(/expected a string of 1 to 1000 bytes of UTF-8$/)
	})
})

describe('issue 12.8: the client cannot tell a server outage from a held key', () => {
	it('rejects with held for a held key, busy for a server at its limit, and unreachable for no server', async () => {
		const { server, stop } = await setup({ limits: { maxHoldsPerClient: 1 } })
		const a = await connect(server.url)
		const b = await connect(server.url)
		cleanups.push(() => a.close(), () => b.close())
		const codeOf = (promise: Promise<unknown>) => promise.then(() => 'ok', (error: unknown) => (error instanceof LockError ? error.code : String(error)))
		await a.lock('invoices').hold('42', async () => {
			expect(await codeOf(b.lock('invoices').hold('42', () => 1, { wait: 50 }))).toBe('held')
			expect(await codeOf(a.lock('invoices').hold('43', () => 1))).toBe('busy')
		})
		const url = server.url
		await stop()
		expect(await codeOf(connect(url, { reconnect: false }))).toBe('unreachable')
	})
})
