import { describe, expect, it } from 'vitest'
import { betterSqliteDriver } from '../../../engine/adapters/node.ts'
import { Store, type Clock, type Lease, type TimerHandle } from '../../../engine/index.ts'
import { deferred, rejection } from './fixtures/deferred.ts'

/** A clock whose timers have not fired yet, as in a process that stalled: time moves, callbacks wait. */
class StalledClock implements Clock {
	time = 0
	now(): number {
		return this.time
	}
	setTimer(): TimerHandle {
		return {} as TimerHandle
	}
	clearTimer(): void {}
}

describe('LOCK-04 when the process stalled past the TTL, before any timer could fire', () => {
	it('refuses the late renewal as lost, and the key goes to the next in line', async () => {
		const clock = new StalledClock()
		const store = await Store.open({ sqlite: betterSqliteDriver(), clock })
		const summaries = store.lock('summaries')
		const paused = deferred()
		let stale: Lease | undefined
		const a = summaries.hold('42', async lease => {
			stale = lease
			await paused.promise
			clock.time = 45_000
			await lease.renew()
		})
		const b = summaries.hold('42', lease => `b holds with fence ${lease.fence}`, { wait: Number.POSITIVE_INFINITY })
		await Promise.resolve()
		expect(summaries.waiting('42')).toBe(1)
		paused.resolve()
		const error = await rejection(a)
		expect(error.code).toBe('lost')
		expect(stale!.lost).toBe(true)
		expect(stale!.signal.aborted).toBe(true)
		expect(await b).toBe('b holds with fence 2')
	})

	it('reads as lost, and shows the key free, as soon as the time passed', async () => {
		const clock = new StalledClock()
		const store = await Store.open({ sqlite: betterSqliteDriver(), clock })
		const summaries = store.lock('summaries')
		const paused = deferred()
		let stale: Lease | undefined
		const a = summaries.hold('42', async lease => {
			stale = lease
			await paused.promise
		}, { ttl: '1s' })
		await Promise.resolve()
		expect(summaries.holders('42')).toEqual([stale])
		clock.time = 1000
		expect(summaries.holders('42')).toEqual([])
		expect(stale!.lost).toBe(true)
		expect(await summaries.tryHold('42', lease => lease.fence)).toBe(2n)
		paused.resolve()
		await a
	})
})
