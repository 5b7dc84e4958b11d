import { afterEach, describe, expect, it, vi } from 'vitest'
import { realClock } from '../../../engine/index.ts'

// The engine's real clock, which times leases, renewals and waits, and whose reading at a store's open is the epoch.

describe('the real clock', () => {
	afterEach(() => vi.restoreAllMocks())

	it('reads the monotonic timer, not the system time: a system clock set back an hour or on a day moves none of its readings', () => {
		const before = realClock.now()
		vi.spyOn(Date, 'now').mockReturnValue(before - 3_600_000)
		const afterBack = realClock.now()
		vi.spyOn(Date, 'now').mockReturnValue(before + 86_400_000)
		const from = performance.timeOrigin + performance.now()
		const afterOn = realClock.now()
		const to = performance.timeOrigin + performance.now()
		expect(afterBack).toBeGreaterThanOrEqual(before)
		expect(afterOn - before).toBeLessThan(1000)
		// It is wall-clock milliseconds all the same: the time the process started, plus the monotonic time since,
		// read between two readings of that sum (a busy machine may pass milliseconds between any two lines).
		expect(afterOn).toBeGreaterThanOrEqual(Math.floor(from) - 1)
		expect(afterOn).toBeLessThanOrEqual(Math.ceil(to) + 1)
	})
})
