import { describe, expect, it, type OnTestFinishedHandler } from 'vitest'
import { connect, type HistoryRecord, type LockClient } from '../../../server/index.ts'
import { Relay, sleep, startServer, until, WireClient } from './fixtures/wire.ts'

type Message = Record<string, unknown>
type WireLease = { id: string; fence: string; grantedAt: number; expiresAt: number }

type Finished = (fn: OnTestFinishedHandler) => void

async function setup(finished: Finished) {
	const history: HistoryRecord[] = []
	const running = await startServer({ history: record => history.push(record) })
	finished(() => running.stop())
	// A client id in the hello makes the connections one client's: a request id names a hold of that client only.
	const open = async (clientId?: string) => {
		const wire = await WireClient.open(running.server.url)
		finished(() => wire.close())
		if (clientId !== undefined) expect(await wire.ask({ id: 'hello', method: 'hello', client: clientId })).toMatchObject({ ok: true })
		return wire
	}
	const client = async (url = running.server.url) => {
		const c = await connect(url)
		finished(() => c.close())
		return c
	}
	return { ...running, history, open, client }
}

let serial = 0
function holdOf(key: string, extra: Message = {}): Message {
	serial++
	return { id: serial, method: 'hold', kind: 'lock', name: 'invoices', key, ttl: 1000, wait: 0, requestId: `r${serial}`, ...extra }
}

function leaseOf(answer: Message): WireLease {
	expect(answer).toMatchObject({ ok: true })
	return answer.lease as WireLease
}

function codeOf(answer: Message): string {
	expect(answer.ok).toBe(false)
	return (answer.error as { code: string }).code
}

describe.concurrent('LOCK-07 over a connection, a lease ends when its TTL passes without a renewal', () => {
	it('tells its holder it is lost, gives the key to the next in line with a larger fence, and refuses a late renewal', async ({ onTestFinished }) => {
		const { open } = await setup(onTestFinished)
		const a = await open()
		const b = await open()
		const first = leaseOf(await a.ask(holdOf('42')))
		const waiting = holdOf('42', { wait: 5000 })
		b.send(waiting)
		const second = leaseOf(await b.answer(waiting.id))
		expect(BigInt(second.fence)).toBeGreaterThan(BigInt(first.fence))
		expect(second.grantedAt).toBeGreaterThanOrEqual(first.expiresAt)
		expect(await a.event(first.id)).toEqual({ event: 'lost', leaseId: first.id, reason: 'expired' })
		const late = await a.ask({ id: 'late', method: 'renew', leaseId: first.id, ttl: 1000 })
		expect(late.error).toEqual({ code: 'lost', message: `lease "${first.id}": ran out (its TTL passed without a renewal); the renewal is refused` })
	})

	it('lives past its TTL while it is renewed', async ({ onTestFinished }) => {
		const { open } = await setup(onTestFinished)
		const a = await open()
		const b = await open()
		// Renewed every quarter TTL for longer than one TTL: a machine under load may stall a
		// renewal by most of a TTL and the lease must still be there.
		const lease = leaseOf(await a.ask(holdOf('42', { ttl: 3000 })))
		let expiresAt = lease.expiresAt
		for (let i = 0; i < 5; i++) {
			await sleep(750)
			const renewed = leaseOf(await a.ask({ id: `renew${i}`, method: 'renew', leaseId: lease.id, ttl: 3000, fence: lease.fence }))
			expect(renewed.id).toBe(lease.id)
			expect(renewed.expiresAt).toBeGreaterThan(expiresAt)
			expiresAt = renewed.expiresAt
			expect(codeOf(await b.ask(holdOf('42')))).toBe('held')
		}
		expect(a.messages.filter(m => m.event !== undefined)).toEqual([])
	})
})

describe.concurrent('LOCK-07 over a connection, a lease ends when it is released', () => {
	it('gives the key to the next in line at once', async ({ onTestFinished }) => {
		const { open } = await setup(onTestFinished)
		const a = await open()
		const b = await open()
		const lease = leaseOf(await a.ask(holdOf('42', { ttl: '1h' })))
		const waiting = holdOf('42', { wait: '1h' })
		b.send(waiting)
		await sleep(50)
		expect(b.messages).toEqual([])
		expect(await a.ask({ id: 'rel', method: 'release', leaseId: lease.id })).toEqual({ id: 'rel', ok: true })
		expect(BigInt(leaseOf(await b.answer(waiting.id)).fence)).toBeGreaterThan(BigInt(lease.fence))
		// Releasing twice is fine: a client that lost the first answer sends it again.
		expect(await a.ask({ id: 'again', method: 'release', leaseId: lease.id })).toEqual({ id: 'again', ok: true })
		expect(codeOf(await a.ask({ id: 'renew', method: 'renew', leaseId: lease.id, ttl: 1000 }))).toBe('released')
	})
})

describe.concurrent('LOCK-07 renewals and releases name the lease by its id, so a client that reconnects goes on with it', () => {
	it('lets another connection renew and release a lease whose connection closed', async ({ onTestFinished }) => {
		const { open } = await setup(onTestFinished)
		const a = await open()
		const lease = leaseOf(await a.ask(holdOf('42', { ttl: 3000 })))
		a.close()
		const again = await open()
		const other = await open()
		for (let i = 0; i < 4; i++) {
			await sleep(900)
			expect(leaseOf(await again.ask({ id: i, method: 'renew', leaseId: lease.id, ttl: 3000 })).id).toBe(lease.id)
		}
		expect(codeOf(await other.ask(holdOf('42')))).toBe('held')
		expect(await again.ask({ id: 'rel', method: 'release', leaseId: lease.id })).toEqual({ id: 'rel', ok: true })
		leaseOf(await other.ask(holdOf('42')))
	})

	it('keeps a TypeScript client\'s lease through dropped connections: it reconnects and goes on renewing', async ({ onTestFinished }) => {
		const { server, client } = await setup(onTestFinished)
		const relay = await Relay.to(server.url)
		onTestFinished(() => relay.close())
		const through = await client(relay.url)
		const direct = await client()
		const result = await through.lock('invoices').hold(
			'42',
			async lease => {
				for (let i = 0; i < 3; i++) {
					await sleep(1200)
					relay.cut()
					expect(await direct.lock('invoices').tryHold('42', () => 'taken')).toBeUndefined()
				}
				await sleep(1400)
				return { lost: lease.lost, aborted: lease.signal.aborted }
			},
			{ ttl: '3s' },
		)
		expect(result).toEqual({ lost: false, aborted: false })
		expect(relay.connections).toBeGreaterThanOrEqual(4)
		expect(await direct.lock('invoices').tryHold('42', () => 'free')).toBe('free')
	})
})

describe.concurrent('LOCK-07 a hold retried with the same request id is answered with the same lease', () => {
	it('answers a retry, on the same or another connection of its client, with the lease it gave', async ({ onTestFinished }) => {
		const { open, history } = await setup(onTestFinished)
		const a = await open('client-4c9a9e615d8f')
		const b = await open('client-4c9a9e615d8f')
		const hold = holdOf('42', { ttl: '1h' })
		const first = leaseOf(await a.ask(hold))
		expect(leaseOf(await a.ask({ ...hold, id: 'again' }))).toEqual(first)
		expect(leaseOf(await b.ask({ ...hold, id: 'elsewhere' }))).toEqual(first)
		expect(history.filter(r => r.type === 'grant')).toHaveLength(1)
	})

	it('answers every copy of a waiting hold with the one lease it gets', async ({ onTestFinished }) => {
		const { open, history } = await setup(onTestFinished)
		const holder = await open()
		const a = await open('client-2a7b4c10')
		const b = await open('client-2a7b4c10')
		const held = leaseOf(await holder.ask(holdOf('42', { ttl: '1h' })))
		const hold = holdOf('42', { wait: 5000 })
		a.send(hold)
		b.send({ ...hold, id: 'copy' })
		await sleep(50)
		holder.send({ id: 'rel', method: 'release', leaseId: held.id })
		const fromA = leaseOf(await a.answer(hold.id))
		expect(leaseOf(await b.answer('copy'))).toEqual(fromA)
		expect(history.filter(r => r.type === 'grant')).toHaveLength(2)
	})

	it('refuses a request id already used for another key', async ({ onTestFinished }) => {
		const { open } = await setup(onTestFinished)
		const a = await open()
		const hold = holdOf('42', { ttl: '1h' })
		leaseOf(await a.ask(hold))
		expect((await a.ask({ ...hold, id: 'other', key: '43' })).error).toEqual({
			code: 'invalid',
			message: `requestId "${hold.requestId}": already names a hold of lock invoices: key "42"`,
		})
	})

	it('gives a TypeScript client whose answer was lost in a dropped connection the same lease when it retries', async ({ onTestFinished }) => {
		const { server, client, history } = await setup(onTestFinished)
		const relay = await Relay.to(server.url)
		onTestFinished(() => relay.close())
		const through = await client(relay.url)
		relay.dropFromServer = true
		const holding = through.lock('invoices').hold('42', lease => lease.id, { ttl: '1h' })
		const grant = await until(() => history.find(r => r.type === 'grant'), 'the grant')
		relay.dropFromServer = false
		relay.cut()
		expect(await holding).toBe((grant as { id: string }).id)
		expect(history.filter(r => r.type === 'grant')).toHaveLength(1)
		expect(history.filter(r => r.type === 'release').map(r => (r as { leaseId: string }).leaseId)).toEqual([(grant as { id: string }).id])
	})
})

describe.concurrent('LOCK-07 a late release never frees a newer holder', () => {
	it('refuses the release of a lease that ran out, and the newer holder keeps the key', async ({ onTestFinished }) => {
		const { open } = await setup(onTestFinished)
		const a = await open()
		const b = await open()
		const c = await open()
		const old = leaseOf(await a.ask(holdOf('42')))
		const waiting = holdOf('42', { wait: 5000, ttl: '1h' })
		b.send(waiting)
		const newer = leaseOf(await b.answer(waiting.id))
		const late = await a.ask({ id: 'late', method: 'release', leaseId: old.id })
		expect(codeOf(late)).toBe('lost')
		expect(codeOf(await c.ask(holdOf('42')))).toBe('held')
		expect(await b.ask({ id: 'rel', method: 'release', leaseId: newer.id })).toEqual({ id: 'rel', ok: true })
		leaseOf(await c.ask(holdOf('42')))
	})

	it('makes a TypeScript client\'s release of a lost lease a no-op', async ({ onTestFinished }) => {
		const { client } = await setup(onTestFinished)
		const a: LockClient = await client()
		const b: LockClient = await client()
		let release: (() => Promise<void>) | undefined
		const done = a.lock('invoices').hold(
			'42',
			async lease => {
				release = () => lease.release()
				await new Promise(resolve => lease.signal.addEventListener('abort', resolve))
			},
			{ ttl: '1s', renew: false },
		)
		await done
		await b.lock('invoices').hold(
			'42',
			async () => {
				await release?.()
				expect(await a.lock('invoices').tryHold('42', () => 'stolen')).toBeUndefined()
			},
			{ ttl: '1h' },
		)
	})
})
