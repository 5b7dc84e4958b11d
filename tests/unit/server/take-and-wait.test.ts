import { describe, expect, it } from 'vitest'
import { betterSqliteDriver } from '../../../engine/adapters/node.ts'
import { LockError, SimulatedClock, Store } from '../../../engine/index.ts'
import { encodeFrame } from '../../../server/framing.ts'
import type { ServedLease } from '../../../server/holds.ts'
import { LeaseBook, type Peer } from '../../../server/lease-book.ts'
import type { HoldRequest } from '../../../server/protocol.ts'
import { DEFAULT_LIMITS } from '../../../server/server.ts'

// The engine's leases for a holder on behalf of others, as the lock server takes them: no function runs,
// and the server renews and ends each lease itself.

async function simulated() {
	const clock = new SimulatedClock()
	const store = await Store.open({ sqlite: betterSqliteDriver(), clock })
	return { clock, store }
}

describe("the engine's take and waitFor, a lock server's way to hold keys", () => {
	it('takes a free key at once with a larger fence each time, and none that is held or waited for', async () => {
		const { store } = await simulated()
		const lock = store.lock('invoices')
		const first = lock.take('42', { ttl: 1000 })
		expect(first?.fence).toBeTypeOf('bigint')
		expect(lock.take('42', { ttl: 1000 })).toBeUndefined()
		const other = lock.take('43', { ttl: 1000 })
		expect(other?.fence).toBeGreaterThan(first?.fence as bigint)
		const waiting = lock.waitFor('42', { ttl: 1000, wait: 5000 })
		first?.end()
		const next = await waiting
		expect(next.fence).toBeGreaterThan(other?.fence as bigint)
		next.end()
		expect(lock.take('42', { ttl: 1000 })).toBeDefined()
	})

	it('gives a lease that is not renewed on its own: it runs out at its TTL, calling onLost before the key goes on, unless extended', async () => {
		const { clock, store } = await simulated()
		const lock = store.lock('invoices')
		const events: string[] = []
		const lease = lock.take('42', { ttl: 1000, onLost: reason => events.push(`lost: ${reason.code}`) })
		const waiting = lock.waitFor('42', { ttl: 1000, wait: 10_000 }).then(next => {
			events.push('next holder')
			return next
		})
		await clock.advance(900)
		lease?.extend(1000)
		await clock.advance(900)
		expect(events).toEqual([])
		await clock.advance(200)
		expect(events).toEqual(['lost: lost', 'next holder'])
		expect(lease?.lost).toBe(true)
		;(await waiting).end()
	})

	it('gives up waiting with held after the wait, and with cancelled when the signal aborts; first come, first served', async () => {
		const { clock, store } = await simulated()
		const semaphore = store.semaphore('exports', { limit: 1 })
		const holder = semaphore.take('monthly', { ttl: 60_000 })
		expect(holder?.fence).toBeUndefined()
		const late = semaphore.waitFor('monthly', { ttl: 1000, wait: 500 }).catch((error: LockError) => error.message)
		const controller = new AbortController()
		const cancelled = semaphore.waitFor('monthly', { ttl: 1000, wait: 10_000, signal: controller.signal }).catch((error: LockError) => error.code)
		const served = semaphore.waitFor('monthly', { ttl: 1000, wait: 10_000 })
		controller.abort()
		expect(await cancelled).toBe('cancelled')
		await clock.advance(500)
		expect(await late).toBe('semaphore exports: key "monthly": full past the 500 ms wait')
		expect(semaphore.waiting('monthly')).toBe(1)
		holder?.end()
		expect((await served).held).toBe(true)
	})

	it('refuses to take or wait on a closed store', async () => {
		const { store } = await simulated()
		const lock = store.lock('invoices')
		await store.close()
		expect(() => lock.take('42', { ttl: 1000 })).toThrow('lock invoices: key "42": the store is closed')
		await expect(lock.waitFor('42', { ttl: 1000, wait: 1000 })).rejects.toMatchObject({ code: 'closed' })
	})
})

describe("a served lease's frame", () => {
	it('is the text encodeFrame makes of the same answer, for a lock and a semaphore, names and keys that need escaping, and after a renewal', async () => {
		const { clock, store } = await simulated()
		const book = new LeaseBook(store, DEFAULT_LIMITS)
		const peer: Peer = { scope: book.openScope(), pushLost() {} }
		const served: ServedLease[] = []
		const ask = (request: Partial<HoldRequest>) =>
			book.ask({ id: 1, method: 'hold', kind: 'lock', name: 'invoices', key: '42', ttl: 30_000, wait: 0, requestId: `r${served.length}`, ...request }, peer, (_, lease) => lease !== undefined && served.push(lease))
		ask({ name: 'in "quotes" \\ and é', key: 'line\nbreak' })
		ask({ kind: 'semaphore', name: 'exports', limit: 2, key: '\u2028' })
		for (const lease of served) expect(lease.frame('q"1', 123)).toBe(encodeFrame({ id: 'q"1', ok: true, lease: lease.wire(), now: 123 }))
		await clock.advance(1000)
		const renewed = book.renew(served[0]?.id ?? '', 60_000, undefined, peer)
		expect(renewed.frame(7, 456)).toBe(encodeFrame({ id: 7, ok: true, lease: renewed.wire(), now: 456 }))
		book.close()
	})
})
