import { describe, expect, it } from 'vitest'
import type { SemaphoreLease } from '../../../engine/index.ts'
import { deferred, rejection } from './fixtures/deferred.ts'
import { driverKinds } from './fixtures/drivers.ts'
import { simStore } from './fixtures/sim-store.ts'

describe.each(driverKinds)('on $name', kind => {
	describe('LOCK-05 a semaphore key has at most its limit of holders at once, and its leases carry no fence', () => {
		it('never has a fourth holder with limit 3, and lets the rest in first come first served', async () => {
			const { clock, store } = await simStore(kind)
			const exports = store.semaphore('exports', { limit: 3 })
			let inside = 0
			let most = 0
			const order: number[] = []
			// Ten exports of different lengths, all asked for at once.
			const runs = Array.from({ length: 10 }, (_, i) =>
				exports.hold(
					'reports',
					async lease => {
						inside++
						most = Math.max(most, inside)
						order.push(i)
						expect(exports.holders('reports').length).toBeLessThanOrEqual(3)
						expect(lease.fence).toBeUndefined()
						await new Promise<void>(resolve => clock.setTimer(1000 * ((i * 7) % 5 + 1), resolve))
						inside--
						return i
					},
					{ wait: '1h' },
				),
			)
			await clock.settle()
			expect(exports.holders('reports')).toHaveLength(3)
			expect(exports.waiting('reports')).toBe(7)
			await clock.advance('1m')
			expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
			expect(most).toBe(3)
			// Places freed in another order than they were taken, but given in line order.
			expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
			expect(exports.holders('reports')).toEqual([])
		})

		it('lists its holders in the order they were given, and refuses a fourth with tryHold', async () => {
			const { store } = await simStore(kind)
			const exports = store.semaphore('exports', { limit: 3 })
			const gate = deferred()
			const leases: SemaphoreLease[] = []
			const holds = [0, 1, 2].map(() => exports.hold('x', lease => (leases.push(lease), gate.promise)))
			await Promise.resolve()
			expect(exports.holders('x')).toEqual(leases)
			expect(leases.map(lease => lease.fence)).toEqual([undefined, undefined, undefined])
			expect(new Set(leases.map(lease => lease.id)).size).toBe(3)
			expect(await exports.tryHold('x', () => 'fourth')).toBeUndefined()
			gate.resolve()
			await Promise.all(holds)
			expect(await exports.tryHold('x', () => 'now')).toBe('now')
		})

		it('says the key is full when the wait runs out', async () => {
			const { clock, store } = await simStore(kind)
			const exports = store.semaphore('exports', { limit: 1 })
			const gate = deferred()
			void exports.hold('x', () => gate.promise, { ttl: '1h' })
			const late = rejection(exports.hold('x', () => {}))
			await clock.advance('10s')
			const error = await late
			expect(error.code).toBe('held')
			expect(error.message).toBe('semaphore exports: key "x": full past the 10 s wait')
			gate.resolve()
		})

		it('frees a place when a lease runs out, aborting its signal first', async () => {
			const { clock, store } = await simStore(kind)
			const exports = store.semaphore('exports', { limit: 2 })
			const events: string[] = []
			const gate = deferred()
			for (const name of ['a', 'b']) {
				void exports.hold('x', async lease => {
					lease.signal.addEventListener('abort', () => events.push(`${name} lost`))
					await gate.promise
				}, { renew: false, ttl: name === 'a' ? '10s' : '20s' })
			}
			const c = exports.hold('x', () => events.push(`c in at ${clock.now()}`), { wait: '1m' })
			await clock.advance('10s')
			await c
			expect(events).toEqual(['a lost', 'c in at 10000'])
			gate.resolve()
		})

		it('is a thing apart from the lock of the same name, and keeps the limit it was opened with while a key of it is held', async () => {
			const { store } = await simStore(kind)
			const gate = deferred()
			void store.lock('exports').hold('x', () => gate.promise)
			expect(await store.semaphore('exports', { limit: 1 }).tryHold('x', () => 'semaphore')).toBe('semaphore')
			const held = deferred()
			void store.semaphore('exports', { limit: 1 }).hold('y', () => held.promise)
			// Another object of the same name shares the holders.
			expect(await store.semaphore('exports', { limit: 1 }).tryHold('y', () => 'second')).toBeUndefined()
			expect(() => store.semaphore('exports', { limit: 5 })).toThrow('semaphore exports: limit 5: it is open with limit 1')
			held.resolve()
			await Promise.resolve()
			await Promise.resolve()
			// Idle, the semaphore is forgotten: nobody fixes its limit for good.
			expect(store.names).toBe(1)
			expect(await store.semaphore('exports', { limit: 5 }).tryHold('y', () => 'five')).toBe('five')
			gate.resolve()
		})

		it.each([
			[0, 'semaphore exports: limit 0: expected a whole number of at least 1'],
			[-2, 'semaphore exports: limit -2: expected a whole number of at least 1'],
			[1.5, 'semaphore exports: limit 1.5: expected a whole number of at least 1'],
			[undefined, 'semaphore exports: limit undefined: expected a whole number of at least 1'],
		])('refuses limit %j as invalid', async (limit, message) => {
			const { store } = await simStore(kind)
			let code: string | undefined
			try {
				store.semaphore('exports', { limit: limit as number })
			} catch (error) {
				code = (error as { code: string }).code
				expect((error as Error).message).toBe(message)
			}
			expect(code).toBe('invalid')
		})
	})
})
