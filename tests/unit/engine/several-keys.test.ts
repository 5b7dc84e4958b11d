import { describe, expect, it } from 'vitest'
import { type HoldOptions, type Lease, type Lock } from '../../../engine/index.ts'
import { deferred, rejection } from './fixtures/deferred.ts'
import { driverKinds } from './fixtures/drivers.ts'
import { simStore } from './fixtures/sim-store.ts'

// The page "Several keys, and one key twice" (content/guides/locks/several-keys.mdx): two holders that take
// two keys in opposite orders, and its holdAll, which takes them in one order.

/** The page's sample: holds every key of `keys`, in one order for every caller, and runs `fn` with their leases. */
async function holdAll<T>(lock: Lock, keys: string[], fn: (leases: Lease[]) => Promise<T>, options?: HoldOptions): Promise<T> {
	const sorted = [...new Set(keys)].sort()
	const next = (i: number, leases: Lease[]): Promise<T> =>
		i === sorted.length ? fn(leases) : lock.hold(sorted[i] as string, lease => next(i + 1, [...leases, lease]), options)
	return next(0, [])
}

const kind = driverKinds[0]!

describe('several keys of one lock', () => {
	it('two holders that each wait for the key the other holds wait until the first wait runs out: that one gives up with held and lets go of its key, and the other goes on', async () => {
		const { clock, store } = await simStore(kind)
		const accounts = store.lock('accounts')
		const bothHold = { a: deferred(), b: deferred() }
		const a = accounts.hold('alice', async () => {
			bothHold.a.resolve()
			await bothHold.b.promise
			return accounts.hold('bob', () => 'a moved the money')
		})
		const b = accounts.hold('bob', async () => {
			bothHold.b.resolve()
			await bothHold.a.promise
			return accounts.hold('alice', () => 'b moved the money')
		})
		const gaveUp = rejection(a)
		await clock.advance('9999ms')
		expect([accounts.waiting('alice'), accounts.waiting('bob')]).toEqual([1, 1])
		await clock.advance(1)
		expect(await gaveUp).toMatchObject({ code: 'held', message: 'lock accounts: key "bob": held past the 10 s wait' })
		expect(await b).toBe('b moved the money')
		expect(clock.now()).toBe(10_000)
		expect([accounts.holders('alice'), accounts.holders('bob')]).toEqual([[], []])
		await store.close()
	})

	it('two holders that each wait for the key the other holds with wait: Infinity wait for ever (a day here), renewing their leases', async () => {
		const { clock, store } = await simStore(kind)
		const accounts = store.lock('accounts')
		const bothHold = { a: deferred(), b: deferred() }
		let done = 0
		const a = accounts.hold('alice', async () => {
			bothHold.a.resolve()
			await bothHold.b.promise
			await accounts.hold('bob', () => done++, { wait: Number.POSITIVE_INFINITY })
		})
		const b = accounts.hold('bob', async () => {
			bothHold.b.resolve()
			await bothHold.a.promise
			await accounts.hold('alice', () => done++, { wait: Number.POSITIVE_INFINITY })
		})
		const ended = [rejection(a), rejection(b)]
		await clock.advance('24h')
		expect(done).toBe(0)
		expect([accounts.waiting('alice'), accounts.waiting('bob')]).toEqual([1, 1])
		// A day is past every 30 s TTL: the outer leases are still valid because hold renews them.
		expect([accounts.holders('alice').length, accounts.holders('bob').length]).toEqual([1, 1])
		// Only the store's close ends them: each inner hold is refused with closed, and so is its outer hold.
		await store.close()
		for (const error of await Promise.all(ended)) expect(error).toMatchObject({ code: 'closed' })
	})

	it('holdAll takes the keys in one order, so the same two holders run one after the other, each with a fence per key', async () => {
		const { clock, store } = await simStore(kind)
		const accounts = store.lock('accounts')
		const order: string[] = []
		const a = holdAll(accounts, ['alice', 'bob'], async leases => {
			order.push('a in')
			await clock.settle()
			order.push('a out')
			return leases.map(lease => lease.key)
		})
		const b = holdAll(accounts, ['bob', 'alice', 'bob'], async leases => {
			order.push('b in')
			return leases.map(lease => lease.fence)
		})
		expect(await a).toEqual(['alice', 'bob'])
		const fences = await b
		expect(order).toEqual(['a in', 'a out', 'b in'])
		expect(fences).toHaveLength(2)
		expect(fences[1]).toBeGreaterThan(fences[0] as bigint)
		await store.close()
	})
})
