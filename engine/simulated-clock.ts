import type { Clock, TimerHandle } from './clock.ts'
import { parseDuration, type Duration } from './duration.ts'
import { invalid } from './errors.ts'
import { microtasksDrained, nextMacrotask } from './macrotask.ts'

interface SimulatedTimer {
	due: number
	order: number
	fn: () => void
}

// Rounds of the event loop with no timer set or cleared before work counts as settled:
// one round runs every microtask chain, the second catches work that took a macrotask.
const defaultQuietRounds = 2
// A loop that sets timers forever without time moving would never settle; stop there.
const maxRounds = 10_000

/**
 * A clock whose time moves only when told, so that every lease expiry, renewal and
 * wait happens at a known simulated moment. Timers due at the same moment fire in
 * the order they were set.
 *
 * Work "settles" when it no longer moves without the clock: its promises have run and
 * it set or cleared no timer during the last rounds of the real event loop. Work that
 * waits on real I/O or real timers is not waited for.
 */
export class SimulatedClock implements Clock {
	#now: number
	// Sorted by due time, then by the order they were set.
	readonly #timers: SimulatedTimer[] = []
	#order = 0
	#activity = 0
	// Advances run one after another, even when a caller does not await the previous one.
	#turn: Promise<unknown> = Promise.resolve()
	readonly #quietRounds: number
	readonly #round: () => Promise<void>

	/**
	 * `quietRounds`: how many rounds in a row must pass with no timer set or cleared before work
	 * counts as settled; 2 by default. 1 is enough when the work never waits on a macrotask: the
	 * engine on a synchronous driver (better-sqlite3, sql.js) with this clock, whose waits are all
	 * promises, as in a scene.
	 * `round`: what one round waits for: a turn of the event loop (`'macrotask'`, the default), or,
	 * for work that never waits on a macrotask, the microtask queue running empty
	 * (`'microtasks'`, much cheaper in Node; a turn of the event loop where that cannot be seen).
	 */
	constructor(startMs = 0, options: { quietRounds?: number; round?: 'macrotask' | 'microtasks' } = {}) {
		if (!Number.isFinite(startMs) || startMs < 0) {
			throw invalid(`SimulatedClock: start ${startMs}: expected milliseconds, a finite number of at least 0`)
		}
		const quietRounds = options.quietRounds ?? defaultQuietRounds
		if (!Number.isInteger(quietRounds) || quietRounds < 1) {
			throw invalid(`SimulatedClock: quietRounds ${quietRounds}: expected a whole number of at least 1`)
		}
		this.#now = startMs
		this.#quietRounds = quietRounds
		const round = options.round ?? 'macrotask'
		if (round !== 'macrotask' && round !== 'microtasks') {
			throw invalid(`SimulatedClock: round ${String(round)}: expected 'macrotask' or 'microtasks'`)
		}
		this.#round = round === 'microtasks' ? microtasksDrained : nextMacrotask
	}

	now(): number {
		return this.#now
	}

	setTimer(ms: number, fn: () => void): TimerHandle {
		// A delay that is not above 0 (NaN included) fires at the next advance, as setTimeout's would.
		const timer: SimulatedTimer = { due: this.#now + (ms > 0 ? ms : 0), order: this.#order++, fn }
		let at = this.#timers.length
		while (at > 0 && (this.#timers[at - 1] as SimulatedTimer).due > timer.due) at--
		this.#timers.splice(at, 0, timer)
		this.#activity++
		return timer as unknown as TimerHandle
	}

	clearTimer(handle: TimerHandle): void {
		const at = this.#timers.indexOf(handle as unknown as SimulatedTimer)
		if (at >= 0) this.#timers.splice(at, 1)
		this.#activity++
	}

	/** How many timers are set and not yet fired. */
	get pending(): number {
		return this.#timers.length
	}

	/** The time the next timer fires, or undefined when none is set. */
	get nextTimerAt(): number | undefined {
		return this.#timers[0]?.due
	}

	/** Lets work already started run until it waits on the clock (see the class comment). */
	async settle(): Promise<void> {
		let quiet = 0
		for (let round = 0; quiet < this.#quietRounds && round < maxRounds; round++) {
			const before = this.#activity
			await this.#round()
			quiet = this.#activity === before ? quiet + 1 : 0
		}
	}

	/**
	 * Settles, then moves time on by `by`, firing the timers that fall due on the way in
	 * time order and settling the work each one starts before the next fires.
	 */
	advance(by: Duration): Promise<void> {
		const ms = parseDuration(by, 'SimulatedClock.advance')
		return this.#inTurn(async () => {
			await this.settle()
			await this.#fireUntil(this.#now + ms)
		})
	}

	/** Settles, then moves time on to the next timer and fires it; resolves to the new time, or undefined when no timer was set. */
	advanceToNextTimer(): Promise<number | undefined> {
		return this.#inTurn(async () => {
			await this.settle()
			const next = this.#timers[0]
			if (next === undefined) return undefined
			await this.#fireUntil(next.due)
			return this.#now
		})
	}

	/**
	 * Fires timers until none is left; refuses (`invalid`) after `maxTimers`, since
	 * renewing leases set timers forever.
	 */
	runUntilIdle(maxTimers = 10_000): Promise<void> {
		return this.#inTurn(async () => {
			await this.settle()
			for (let fired = 0; this.#timers.length > 0; fired++) {
				if (fired === maxTimers) throw invalid(`SimulatedClock.runUntilIdle: still busy after ${maxTimers} timers`)
				await this.#fireNext()
			}
		})
	}

	async #fireUntil(target: number): Promise<void> {
		while ((this.#timers[0]?.due ?? Number.POSITIVE_INFINITY) <= target) await this.#fireNext()
		this.#now = Math.max(this.#now, target)
	}

	async #fireNext(): Promise<void> {
		const timer = this.#timers.shift()
		if (timer === undefined) return
		this.#now = Math.max(this.#now, timer.due)
		timer.fn()
		await this.settle()
	}

	#inTurn<T>(work: () => Promise<T>): Promise<T> {
		const run = this.#turn.then(work, work)
		this.#turn = run.catch(() => undefined)
		return run
	}
}
