import { describe, expect, it } from 'vitest'
import { betterSqliteDriver } from '../../../engine/adapters/node.ts'
import { Store, type Clock, type TimerHandle } from '../../../engine/index.ts'
import { rejection } from './fixtures/deferred.ts'
import { keptHold } from './fixtures/kept-hold.ts'

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

/** A clock whose timers fire only when the process wakes: time jumps, then every timer that fell due fires, late, in order. */
class LateClock implements Clock {
	time = 0
	readonly #timers: { due: number; fn: () => void }[] = []
	now(): number {
		return this.time
	}
	setTimer(ms: number, fn: () => void): TimerHandle {
		const timer = { due: this.time + ms, fn }
		this.#timers.push(timer)
		return timer as unknown as TimerHandle
	}
	clearTimer(handle: TimerHandle): void {
		const at = this.#timers.indexOf(handle as unknown as { due: number; fn: () => void })
		if (at >= 0) this.#timers.splice(at, 1)
	}
	wake(at: number): void {
		this.time = at
		for (;;) {
			const due = this.#timers.filter(t => t.due <= at).sort((x, y) => x.due - y.due)[0]
			if (due === undefined) return
			this.#timers.splice(this.#timers.indexOf(due), 1)
			due.fn()
		}
	}
}

describe('LOCK-04 when the process stalled past the TTL, before any timer could fire', () => {
	it('refuses the late renewal as lost, and the key goes to the next in line', async () => {
		const clock = new StalledClock()
		const store = await Store.open({ sqlite: betterSqliteDriver(), clock })
		const summaries = store.lock('summaries')
		const a = keptHold(summaries, '42', {}, async lease => {
			clock.time = 45_000
			await lease.renew()
		})
		const b = summaries.hold('42', lease => `b holds with fence ${lease.fence}`, { wait: Number.POSITIVE_INFINITY })
		await Promise.resolve()
		expect(summaries.waiting('42')).toBe(1)
		a.letGo()
		const error = await rejection(a.done)
		expect(error.code).toBe('lost')
		expect(a.lease().lost).toBe(true)
		expect(a.lease().signal.aborted).toBe(true)
		expect(await b).toBe('b holds with fence 2')
	})

	it('reads as lost, and shows the key free, as soon as the time passed', async () => {
		const clock = new StalledClock()
		const store = await Store.open({ sqlite: betterSqliteDriver(), clock })
		const summaries = store.lock('summaries')
		const a = keptHold(summaries, '42', { ttl: '1s' })
		await Promise.resolve()
		expect(summaries.holders('42')).toEqual([a.lease()])
		clock.time = 1000
		expect(summaries.holders('42')).toEqual([])
		expect(a.lease().lost).toBe(true)
		expect(await summaries.tryHold('42', lease => lease.fence)).toBe(2n)
		a.letGo()
		await a.done
	})
})

describe('a stall in the store\'s own process, which renews every third of the TTL', () => {
	// A 30 s lease is renewed at 10 s and at 20 s, so it runs to 50 s; its next renewal is due at
	// 30 s. A stall that starts just before that renewal must end before 50 s: two thirds of the TTL.
	async function renewedTwice() {
		const clock = new LateClock()
		const store = await Store.open({ sqlite: betterSqliteDriver(), clock })
		const hold = keptHold(store.lock('summaries'), '42', { ttl: '30s' })
		await Promise.resolve()
		clock.wake(10_000)
		expect(hold.lease().expiresAt).toBe(40_000)
		clock.wake(20_000)
		expect(hold.lease().expiresAt).toBe(50_000)
		clock.wake(29_999)
		return { clock, lease: hold.lease(), done: () => (hold.letGo(), hold.done) }
	}

	it('keeps the lease through a stall just shorter than two thirds of the TTL', async () => {
		const { clock, lease, done } = await renewedTwice()
		clock.wake(49_999)
		expect(lease.lost).toBe(false)
		expect(lease.expiresAt).toBe(49_999 + 30_000)
		await done()
	})

	it('loses the lease to a stall of two thirds of the TTL', async () => {
		const { clock, lease, done } = await renewedTwice()
		clock.wake(50_000)
		expect(lease.lost).toBe(true)
		await done()
	})
})
