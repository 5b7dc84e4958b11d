declare const timerBrand: unique symbol

/** A timer a clock gave out, good only for that clock's `clearTimer`. */
export type TimerHandle = { readonly [timerBrand]: true }

/** Where the engine reads the time and sets its timers: lease expiry, renewals and waits. */
export interface Clock {
	/** Milliseconds; they never go backwards while the clock is in use. */
	now(): number
	/** Calls `fn` once, `ms` from now, unless cleared first. */
	setTimer(ms: number, fn: () => void): TimerHandle
	clearTimer(handle: TimerHandle): void
}

// setTimeout fires at once for delays above 2^31 - 1 ms, so longer timers go in steps.
const longestTimeout = 2 ** 31 - 1

class LongTimer {
	inner: ReturnType<typeof setTimeout> | undefined
}

function setLongTimer(timer: LongTimer, ms: number, fn: () => void): void {
	const step = Math.min(ms, longestTimeout)
	timer.inner = setTimeout(() => (ms > step ? setLongTimer(timer, ms - step, fn) : fn()), step)
}

// Read once: it does not change while the process runs, and reading it is not free.
const timeOrigin = performance.timeOrigin

/**
 * The machine's clock. Its time is wall-clock milliseconds read from the monotonic
 * timer (`performance.timeOrigin + performance.now()`), so a lease never lives longer
 * or shorter because someone set the system time while the process ran.
 */
export const realClock: Clock = {
	now: () => Math.floor(timeOrigin + performance.now()),
	setTimer(ms, fn) {
		if (ms <= longestTimeout) return setTimeout(fn, ms) as unknown as TimerHandle
		const timer = new LongTimer()
		setLongTimer(timer, ms, fn)
		return timer as unknown as TimerHandle
	},
	clearTimer(handle) {
		if (handle instanceof LongTimer) clearTimeout(handle.inner)
		else clearTimeout(handle as unknown as ReturnType<typeof setTimeout>)
	},
}
