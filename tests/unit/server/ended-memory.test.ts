import { describe, expect, it } from 'vitest'
import { betterSqliteDriver, openStore } from '../../../engine/adapters/node.ts'
import { LockError, SimulatedClock, Store } from '../../../engine/index.ts'
import { LeaseBook, type Peer } from '../../../server/lease-book.ts'
import type { HoldRequest, WireLease } from '../../../server/protocol.ts'
import { DEFAULT_LIMITS } from '../../../server/server.ts'
import { startServer, tempDir, WireClient } from './fixtures/wire.ts'

// The guides say the server remembers at least its last 10,000 ended holds, in memory, and no more
// than twice that: a retry within them gets the old answer, one later is a new hold.


function holdRequest(n: number): HoldRequest {
	return { id: n, method: 'hold', kind: 'lock', name: 'invoices', key: `${n}`, ttl: 30_000, wait: 0, requestId: `request-${n}` }
}

async function errorOf(promise: Promise<unknown>): Promise<LockError> {
	const error = await promise.then(
		() => undefined,
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(LockError)
	return error as LockError
}

describe('the memory of ended holds and leases (rememberEnded)', () => {
	it('is 10,000 unless told otherwise: a retry within the last 10,000 ended holds gets the old answer, and one past 20,000 is a new hold', async () => {
		expect(DEFAULT_LIMITS.rememberEnded).toBe(10_000)
		const store = await Store.open({ sqlite: betterSqliteDriver(), clock: new SimulatedClock() })
		const book = new LeaseBook(store, DEFAULT_LIMITS)
		const peer: Peer = { scope: book.openScope('one client'), pushLost() {} }
		const leases: WireLease[] = []
		const holdAndRelease = async (n: number) => {
			const lease = await book.hold(holdRequest(n), peer)
			await book.release(lease.id, undefined, peer.scope)
			leases[n] = lease
		}
		for (let n = 0; n < 10_000; n++) await holdAndRelease(n)
		// Hold 0 is the oldest of the last 10,000 ended: remembered, so its retry is refused, and a second release is fine.
		const retried = await errorOf(book.hold(holdRequest(0), peer))
		expect(retried.code).toBe('released')
		expect(retried.message).toBe(`lease "${leases[0]?.id}": was released; the retried hold is refused`)
		await book.release(leases[0]?.id ?? '', undefined, peer.scope)
		for (let n = 10_000; n <= 20_000; n++) await holdAndRelease(n)
		// 20,001 holds have ended since hold 0: it is forgotten, and its retry is a new hold with a new lease.
		const again = await book.hold(holdRequest(0), peer)
		expect(again.id).not.toBe(leases[0]?.id)
		expect(BigInt(again.fence ?? '0')).toBeGreaterThan(BigInt(leases[20_000]?.fence ?? '0'))
		const forgotten = await errorOf(book.release(leases[0]?.id ?? '', undefined, peer.scope))
		expect(forgotten.code).toBe('lost')
		expect(forgotten.message).toContain('unknown to this server')
		// The last 10,000 are still remembered.
		expect((await errorOf(book.hold(holdRequest(10_001), peer))).code).toBe('released')
		await book.release(leases[10_001]?.id ?? '', undefined, peer.scope)
		book.close()
		await store.close()
	})

	it('is lost when the server restarts: a retry of an ended hold is then a new hold, with a larger fence', async () => {
		const dir = tempDir()
		const holdOnce = async () => {
			const { store, server, stop } = await startServer({ store: await openStore(dir) })
			const wire = await WireClient.open(server.url)
			const answer = await wire.ask({ id: 1, method: 'hold', kind: 'lock', name: 'invoices', key: '42', ttl: 5000, wait: 0, requestId: 'the same request' })
			const lease = answer.lease as WireLease
			const retry = await wire.ask({ id: 2, method: 'release', leaseId: lease.id }).then(() =>
				wire.ask({ id: 3, method: 'hold', kind: 'lock', name: 'invoices', key: '42', ttl: 5000, wait: 0, requestId: 'the same request' }),
			)
			wire.close()
			await stop()
			expect(store.closed).toBe(true)
			return { lease, retry }
		}
		const before = await holdOnce()
		expect(before.retry).toMatchObject({ ok: false, error: { code: 'released' } })
		const after = await holdOnce()
		expect(after.lease.id).not.toBe(before.lease.id)
		expect(BigInt(after.lease.fence ?? '0')).toBeGreaterThan(BigInt(before.lease.fence ?? '0'))
	})
})
