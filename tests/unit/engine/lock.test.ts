import { describe, expect, it } from 'vitest'
import { fenceCount, fenceEpoch, MAX_FENCE_PART, type Lease, type LockError } from '../../../engine/index.ts'
import { deferred, rejection } from './fixtures/deferred.ts'
import { driverKinds } from './fixtures/drivers.ts'
import { keptHold } from './fixtures/kept-hold.ts'
import { simStore } from './fixtures/sim-store.ts'

describe.each(driverKinds)('on $name', kind => {
	describe('LOCK-01 a key of a lock has one holder at a time, then goes to the next in line, first come first served', () => {
		it('gives a held key to nobody else, and a free key at once', async () => {
			const { store } = await simStore(kind)
			const summaries = store.lock('summaries')
			const a = keptHold(summaries, '42', {}, () => 'a')
			await Promise.resolve()
			expect(summaries.holders('42')).toEqual([a.lease()])
			let ran = false
			expect(await summaries.tryHold('42', () => (ran = true))).toBeUndefined()
			expect(ran).toBe(false)
			expect(await summaries.tryHold('43', () => 'other key')).toBe('other key')
			a.letGo()
			expect(await a.done).toBe('a')
			expect(summaries.holders('42')).toEqual([])
			expect(await summaries.tryHold('42', () => 'free again')).toBe('free again')
		})

		it('hands the key over to three waiters in the order they came, one at a time', async () => {
			const { clock, store } = await simStore(kind)
			const summaries = store.lock('summaries')
			const events: string[] = []
			const gates = { a: deferred(), b: deferred(), c: deferred(), d: deferred() }
			const holds = (['a', 'b', 'c', 'd'] as const).map(name =>
				summaries.hold(
					'42',
					async lease => {
						events.push(`${name} in, holders ${summaries.holders('42').length}`)
						await gates[name].promise
						events.push(`${name} out`)
						return lease.fence
					},
					{ wait: '1h' },
				),
			)
			await clock.settle()
			expect(summaries.waiting('42')).toBe(3)
			for (const name of ['d', 'c', 'b', 'a'] as const) gates[name].resolve()
			const fences = await Promise.all(holds)
			expect(events).toEqual(['a in, holders 1', 'a out', 'b in, holders 1', 'b out', 'c in, holders 1', 'c out', 'd in, holders 1', 'd out'])
			expect(fences).toEqual([...fences].sort((x, y) => (x < y ? -1 : 1)))
			expect(summaries.waiting('42')).toBe(0)
		})

		it('gives the key to the next in line when the lease runs out, at its TTL', async () => {
			const { clock, store } = await simStore(kind)
			const summaries = store.lock('summaries')
			const paused = deferred()
			void summaries.hold('42', () => paused.promise, { ttl: '30s', renew: false })
			const b = summaries.hold('42', () => clock.now(), { wait: '1m' })
			await clock.advance('29999ms')
			expect(summaries.waiting('42')).toBe(1)
			await clock.advance(1)
			expect(await b).toBe(30_000)
			paused.resolve()
		})

		it('reads a number or bigint key as its decimal text', async () => {
			const { store } = await simStore(kind)
			const summaries = store.lock('summaries')
			const gate = deferred()
			const a = summaries.hold(42, lease => {
				expect(lease.key).toBe('42')
				return gate.promise
			})
			await Promise.resolve()
			expect(summaries.holders('42')).toHaveLength(1)
			expect(summaries.holders(42n)).toHaveLength(1)
			expect(await summaries.tryHold(42n, () => 'taken')).toBeUndefined()
			gate.resolve()
			await a
		})

		it('releases the key when the function throws, and rejects with its error', async () => {
			const { store } = await simStore(kind)
			const summaries = store.lock('summaries')
			const error = await rejection(
				summaries.hold('42', () => {
					throw new Error('summarizer failed')
				}),
			)
			expect(error.message).toBe('summarizer failed')
			expect(summaries.holders('42')).toEqual([])
			expect(await summaries.tryHold('42', () => 'next')).toBe('next')
		})
	})

	describe('LOCK-03 every lease has a larger fence than every earlier lease of the store, whatever the lock or key', () => {
		it('counts fences across locks and keys, in the store epoch', async () => {
			const { store } = await simStore(kind, { startMs: 5000 })
			const locks = [store.lock('summaries'), store.lock('invoices')]
			const fences: bigint[] = []
			for (let i = 0; i < 12; i++) {
				const lock = locks[i % 2]
				fences.push(await lock!.hold(`key-${i % 3}`, lease => lease.fence))
			}
			for (const [i, fence] of fences.entries()) {
				expect(fenceEpoch(fence)).toBe(5000n)
				expect(fenceCount(fence)).toBe(BigInt(i + 1))
				if (i > 0) expect(fence > fences[i - 1]!).toBe(true)
			}
		})

		it('starts counting just above startCount', async () => {
			const { store } = await simStore(kind, { startCount: 6n })
			const summaries = store.lock('summaries')
			expect(await summaries.hold('42', lease => lease.fence)).toBe(7n)
			expect(await summaries.hold('43', lease => lease.fence)).toBe(8n)
		})

		it('refuses a lease, rather than give a smaller fence, once the count reaches 2^64 - 1', async () => {
			const { store } = await simStore(kind, { startCount: MAX_FENCE_PART - 1n })
			const summaries = store.lock('summaries')
			const gate = deferred()
			const last = summaries.hold('42', async lease => {
				await gate.promise
				return fenceCount(lease.fence)
			})
			const waiter = rejection(summaries.hold('42', () => {}))
			const fresh = await rejection(summaries.hold('43', () => {}))
			expect(fresh.code).toBe('invalid')
			expect(fresh.message).toBe('store: fence count 2^64 - 1 of epoch 0 is given; reopen the store for a new epoch (or open it with a smaller startCount)')
			gate.resolve()
			expect(await last).toBe(MAX_FENCE_PART)
			expect((await waiter).message).toBe(fresh.message)
			expect(summaries.holders('42')).toEqual([])
		})

		it('gives unique lease ids named after the epoch', async () => {
			const { store } = await simStore(kind, { startMs: 77 })
			const ids = new Set<string>()
			for (let i = 0; i < 5; i++) ids.add(await store.lock('a').hold('k', lease => lease.id))
			ids.add(await store.semaphore('a', { limit: 2 }).hold('k', lease => lease.id))
			expect(ids.size).toBe(6)
			for (const id of ids) expect(id).toMatch(/^77-\d+$/)
		})
	})

	describe('LOCK-04 a lease that runs out says so to its holder before the key goes to anyone else', () => {
		it('aborts the signal and reads as lost before the next holder gets the key, whose fence is larger', async () => {
			const { clock, store } = await simStore(kind)
			const summaries = store.lock('summaries')
			const events: string[] = []
			const paused = deferred()
			let first: Lease | undefined
			const a = summaries.hold(
				'42',
				async lease => {
					first = lease
					lease.signal.addEventListener('abort', () => events.push(`a aborted, lost ${lease.lost}, holders ${summaries.holders('42').length}`))
					await paused.promise
					events.push(`a wakes, lost ${lease.lost}`)
					return 'a finished'
				},
				{ ttl: '30s', renew: false },
			)
			const b = summaries.hold(
				'42',
				lease => {
					events.push(`b holds at ${clock.now()}`)
					return lease.fence
				},
				{ wait: '1m' },
			)
			await clock.advance('30s')
			expect(events).toEqual(['a aborted, lost true, holders 0', 'b holds at 30000'])
			const fenceB = await b
			expect(fenceB > first!.fence).toBe(true)
			expect((first!.signal.reason as LockError).code).toBe('lost')
			expect((first!.signal.reason as LockError).message).toBe(
				'lock summaries: key "42": lease 0-1 ran out: its 30 s TTL passed without a renewal',
			)
			paused.resolve()
			// The holder's code was not killed, and hold resolves to what it returned.
			expect(await a).toBe('a finished')
			expect(events.at(-1)).toBe('a wakes, lost true')
		})

		it('calls onLost, with the same reason as the signal, before the next holder gets the key; never after a release', async () => {
			const { clock, store } = await simStore(kind)
			const summaries = store.lock('summaries')
			const events: string[] = []
			const paused = deferred()
			const onLost = (reason: LockError) => events.push(`a lost (${reason.code}), holders ${summaries.holders('42').length}`)
			const a = summaries.hold('42', () => paused.promise, { ttl: '30s', renew: false, onLost })
			const b = summaries.hold('42', () => events.push(`b holds at ${clock.now()}`), { wait: '1m', onLost: () => events.push('b lost') })
			await clock.advance('30s')
			await b
			expect(events).toEqual(['a lost (lost), holders 0', 'b holds at 30000'])
			paused.resolve()
			await a
			await clock.advance('1m')
			expect(events).toHaveLength(2)
			const error = await rejection(summaries.hold('42', () => 1, { onLost: 'no' as unknown as () => void }))
			expect(error.message).toBe('lock summaries: key "42": onLost "no": expected a function')
		})

		it('refuses a renewal after the lease ran out, and its release never frees a newer holder', async () => {
			const { clock, store } = await simStore(kind)
			const summaries = store.lock('summaries')
			const a = keptHold(summaries, '42', { ttl: '30s', renew: false })
			const bGate = deferred()
			const b = summaries.hold('42', () => bGate.promise, { wait: '1m' })
			await clock.advance('31s')
			const stale = a.lease()
			const error = await rejection(stale.renew('30s'))
			expect(error.code).toBe('lost')
			expect(error.message).toBe('lock summaries: key "42": lease 0-1 was lost before this renewal')
			await stale.release()
			a.letGo()
			await a.done
			expect(summaries.holders('42')).toHaveLength(1)
			expect(summaries.holders('42')[0]).not.toBe(stale)
			bGate.resolve()
			await b
		})

		it('gives a lease a signal that is already aborted when asked for it only after it ran out', async () => {
			const { clock, store } = await simStore(kind)
			const summaries = store.lock('summaries')
			const a = keptHold(summaries, '42', { renew: false, ttl: '1s' })
			await clock.advance('2s')
			expect(a.lease().signal.aborted).toBe(true)
			a.letGo()
		})

		it('renews the lease while the function runs, so a long function keeps its key', async () => {
			const { clock, store } = await simStore(kind)
			const summaries = store.lock('summaries')
			const a = keptHold(summaries, '42', { ttl: '30s' }, lease => lease.lost)
			await clock.advance('5m')
			const lease = a.lease()
			expect(lease.lost).toBe(false)
			expect(lease.expiresAt).toBeGreaterThan(clock.now())
			expect(lease.expiresAt).toBeLessThanOrEqual(clock.now() + 30_000)
			expect(await summaries.tryHold('42', () => 'taken')).toBeUndefined()
			a.letGo()
			expect(await a.done).toBe(false)
		})

		it('stops renewing once the hold ends, and frees the key', async () => {
			const { clock, store } = await simStore(kind)
			const summaries = store.lock('summaries')
			await summaries.hold('42', () => {})
			expect(clock.pending).toBe(0)
			expect(summaries.holders('42')).toEqual([])
		})

		it('extends a lease by hand with renew(ttl), and refuses renewing a released lease', async () => {
			const { clock, store } = await simStore(kind)
			const summaries = store.lock('summaries')
			let kept: Lease | undefined
			await summaries.hold('42', async lease => {
				kept = lease
				expect(lease.expiresAt).toBe(30_000)
				await clock.advance('20s')
				await lease.renew('1m')
				expect(lease.expiresAt).toBe(80_000)
				await clock.advance('50s')
				expect(lease.lost).toBe(false)
			}, { renew: false })
			const error = await rejection(kept!.renew())
			expect(error.code).toBe('released')
			expect(error.message).toBe('lock summaries: key "42": lease 0-1 was released; a renewal cannot take the key back')
			expect(kept!.lost).toBe(false)
		})
	})

	describe('LOCK-06 a hold that cannot get the key within its wait gives up without running; a cancelled hold leaves the line at once', () => {
		it('rejects with held past the wait, naming the place and the wait, and never runs the function', async () => {
			const { clock, store } = await simStore(kind)
			const summaries = store.lock('summaries')
			const gate = deferred()
			void summaries.hold('42', () => gate.promise, { ttl: '1h' })
			let ran = false
			const late = rejection(summaries.hold('42', () => (ran = true)))
			await clock.advance('9999ms')
			expect(summaries.waiting('42')).toBe(1)
			await clock.advance(1)
			const error = await late
			expect(error.code).toBe('held')
			expect(error.message).toBe('lock summaries: key "42": held past the 10 s wait')
			expect(summaries.waiting('42')).toBe(0)
			gate.resolve()
			await clock.settle()
			expect(ran).toBe(false)
		})

		it('gives up at once with wait 0', async () => {
			const { store } = await simStore(kind)
			const summaries = store.lock('summaries')
			const gate = deferred()
			void summaries.hold('42', () => gate.promise)
			const error = await rejection(summaries.hold('42', () => {}, { wait: 0 }))
			expect(error.message).toBe('lock summaries: key "42": held past the 0 s wait')
			gate.resolve()
		})

		it('leaves the line at once when the signal aborts, never holds, and the next in line gets the key', async () => {
			const { clock, store } = await simStore(kind)
			const summaries = store.lock('summaries')
			const gate = deferred()
			const a = summaries.hold('42', () => gate.promise)
			const controller = new AbortController()
			let bRan = false
			const b = rejection(summaries.hold('42', () => (bRan = true), { signal: controller.signal }))
			const c = summaries.hold('42', lease => lease.fence)
			await clock.settle()
			expect(summaries.waiting('42')).toBe(2)
			controller.abort(new Error('reader left'))
			expect(summaries.waiting('42')).toBe(1)
			const error = await b
			expect(error.code).toBe('cancelled')
			expect(error.message).toBe('lock summaries: key "42": cancelled while waiting')
			expect(error.cause).toEqual(new Error('reader left'))
			gate.resolve()
			await a
			expect(await c).toBe(2n)
			expect(bRan).toBe(false)
		})

		it('refuses a signal that already aborted, even for a free key', async () => {
			const { store } = await simStore(kind)
			let ran = false
			const error = await rejection(store.lock('summaries').hold('42', () => (ran = true), { signal: AbortSignal.abort() }))
			expect(error.code).toBe('cancelled')
			expect(error.message).toBe('lock summaries: key "42": cancelled before the hold began')
			expect(ran).toBe(false)
		})

		it('has tryHold resolve to undefined without running the function when the key is held', async () => {
			const { store } = await simStore(kind)
			const summaries = store.lock('summaries')
			const gate = deferred()
			void summaries.hold('42', () => gate.promise)
			let ran = false
			expect(await summaries.tryHold('42', () => (ran = true))).toBeUndefined()
			expect(ran).toBe(false)
			expect(summaries.waiting('42')).toBe(0)
			gate.resolve()
		})
	})
})
