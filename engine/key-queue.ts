import type { Clock, TimerHandle } from './clock.ts'
import { formatDuration } from './duration.ts'
import { LockError } from './errors.ts'
import { keyPlace } from './key.ts'
import { HeldLease, type LeaseOwner } from './lease.ts'
import type { AsyncContext } from './nesting.ts'

/** What the queues of one store share: its clock, whether it is open, and where leases get their ids and fences. */
export interface QueueHost {
	readonly clock: Clock
	readonly closed: boolean
	readonly epoch: bigint
	/** Where a hold of a lock's key sees that it is inside a hold of the same key; undefined when the store was given none. */
	readonly asyncContext: AsyncContext | undefined
	/** A number for the next lease's id, unique while the store is open. */
	nextSerial(): number
	/** The next fence of the store, larger than every one before (LOCK-03). */
	nextFence(): bigint
	/** The queue has its first key held or waited for: the store keeps it from now on. */
	busy(queue: AnyQueue): void
	/** The queue has no key held or waited for any more: the store forgets it. */
	idle(queue: AnyQueue): void
}

/** A queue of a lock or of a semaphore. */
export type AnyQueue = KeyedQueue<bigint> | KeyedQueue<undefined>

interface Waiter<Fence extends bigint | undefined> {
	readonly ttl: number
	readonly renew: boolean
	readonly resolve: (lease: HeldLease<Fence>) => void
	readonly reject: (error: LockError) => void
	timer: TimerHandle | undefined
	signal: AbortSignal | undefined
	onAbort: (() => void) | undefined
	// Left the line (wait ran out, or cancelled): skipped when the line moves on.
	gone: boolean
}

interface KeyState<Fence extends bigint | undefined> {
	readonly holders: HeldLease<Fence>[]
	// Made when the first hold has to wait. A waiter that leaves is only marked gone, so that
	// leaving costs the same at any place in a long line; `first` is where the line starts.
	line: Waiter<Fence>[] | undefined
	first: number
	// How many in the line are not gone.
	waiting: number
}

/**
 * The holders and the line of every key of one lock or semaphore: a key has at most
 * `limit` holders, and when one lets go the key goes to the first in line (LOCK-01,
 * LOCK-05). Keys nobody holds or waits for take no memory.
 */
export class KeyedQueue<Fence extends bigint | undefined> implements LeaseOwner {
	readonly place: string
	readonly clock: Clock
	readonly #keys = new Map<string, KeyState<Fence>>()
	// What a key is when its wait runs out: a lock's is held, a semaphore's full.
	readonly #busy: 'held' | 'full'

	constructor(
		readonly host: QueueHost,
		readonly kind: 'lock' | 'semaphore',
		readonly name: string,
		readonly limit: number,
		readonly fence: () => Fence,
	) {
		this.place = `${kind} ${name}`
		this.#busy = kind === 'lock' ? 'held' : 'full'
		this.clock = host.clock
	}

	/** A lease on the key if it has room and nobody waits for it, else undefined. */
	take(key: string, ttl: number, renew: boolean): HeldLease<Fence> | undefined {
		const state = this.#keys.get(key)
		if (state === undefined) {
			const lease = this.#grant(key, ttl, renew)
			this.#addKey(key, { holders: [lease], line: undefined, first: 0, waiting: 0 })
			return lease
		}
		if (state.holders.length >= this.limit && this.#expireDue(state)) return this.take(key, ttl, renew)
		if (state.holders.length >= this.limit || state.waiting > 0) return undefined
		const lease = this.#grant(key, ttl, renew)
		state.holders.push(lease)
		return lease
	}

	/**
	 * Joins the key's line: resolves to a lease when the key comes to this waiter, or
	 * rejects with `held` after `wait` ms and with `cancelled` as soon as `signal` aborts.
	 */
	wait(key: string, ttl: number, renew: boolean, wait: number, signal: AbortSignal | undefined): Promise<HeldLease<Fence>> {
		return new Promise((resolve, reject) => {
			if (wait === 0) {
				reject(this.#heldError(key, wait))
				return
			}
			let state = this.#keys.get(key)
			if (state === undefined) {
				state = { holders: [], line: undefined, first: 0, waiting: 0 }
				this.#addKey(key, state)
			}
			const waiter: Waiter<Fence> = { ttl, renew, resolve, reject, timer: undefined, signal, onAbort: undefined, gone: false }
			if (wait !== Number.POSITIVE_INFINITY) {
				waiter.timer = this.clock.setTimer(wait, () => {
					waiter.timer = undefined
					this.#leaveLine(key, waiter)
					reject(this.#heldError(key, wait))
				})
			}
			if (signal !== undefined) {
				waiter.onAbort = () => {
					this.#leaveLine(key, waiter)
					reject(new LockError('cancelled', `${keyPlace(this.place, key)}: cancelled while waiting`, { cause: signal.reason }))
				}
				signal.addEventListener('abort', waiter.onAbort, { once: true })
			}
			;(state.line ??= []).push(waiter)
			state.waiting++
		})
	}

	/** The key's valid leases, in the order they were given. */
	holders(key: string): HeldLease<Fence>[] {
		const state = this.#keys.get(key)
		if (state === undefined) return []
		if (this.#expireDue(state)) return this.holders(key)
		return state.holders.slice()
	}

	/** How many holds wait in the key's line. */
	waiting(key: string): number {
		const state = this.#keys.get(key)
		if (state === undefined) return 0
		if (this.#expireDue(state)) return this.waiting(key)
		return state.waiting
	}

	letGo(lease: HeldLease<bigint | undefined>, beforeHandOver?: () => void): void {
		const state = this.#keys.get(lease.key)
		const at = state?.holders.indexOf(lease as HeldLease<Fence>) ?? -1
		if (state === undefined || at < 0) return
		state.holders.splice(at, 1)
		beforeHandOver?.()
		const line = state.line
		while (line !== undefined && state.waiting > 0 && state.holders.length < this.limit) {
			const waiter = line[state.first] as Waiter<Fence>
			line[state.first++] = undefined as unknown as Waiter<Fence>
			if (waiter.gone) continue
			waiter.gone = true
			state.waiting--
			this.#forget(waiter)
			let next: HeldLease<Fence>
			try {
				next = this.#grant(lease.key, waiter.ttl, waiter.renew)
			} catch (error) {
				// The store has no fence left to give: this waiter hears it, not the holder letting go.
				waiter.reject(error as LockError)
				continue
			}
			state.holders.push(next)
			waiter.resolve(next)
		}
		this.#tidy(lease.key, state)
	}

	/** Ends everything of a closing store: every waiter is refused and every lease lost, with `closed`. */
	close(): void {
		for (const [key, state] of this.#keys) {
			const error = new LockError('closed', `${keyPlace(this.place, key)}: the store closed`)
			const line = state.line ?? []
			for (let i = state.first; i < line.length; i++) {
				const waiter = line[i] as Waiter<Fence>
				if (waiter.gone) continue
				this.#forget(waiter)
				waiter.reject(error)
			}
			state.line = undefined
			state.waiting = 0
			for (const lease of state.holders.slice()) lease.lose(error)
		}
		this.#keys.clear()
	}

	#grant(key: string, ttl: number, renew: boolean): HeldLease<Fence> {
		return new HeldLease(this, key, this.host.epoch, this.host.nextSerial(), this.fence(), ttl, renew)
	}

	// A holder whose time passed while its timer was late (a stalled event loop) is lost now.
	#expireDue(state: KeyState<Fence>): boolean {
		let expired = false
		for (const lease of state.holders.slice()) if (lease.expireIfDue()) expired = true
		return expired
	}

	#leaveLine(key: string, waiter: Waiter<Fence>): void {
		this.#forget(waiter)
		const state = this.#keys.get(key)
		if (state === undefined || state.line === undefined || waiter.gone) return
		waiter.gone = true
		state.waiting--
		this.#tidy(key, state)
	}

	// Drops an empty line, and the gone waiters of one mostly gone (each is dropped once: amortized O(1) a waiter); forgets an idle key.
	#tidy(key: string, state: KeyState<Fence>): void {
		const line = state.line
		if (line !== undefined) {
			if (state.waiting === 0) {
				state.line = undefined
				state.first = 0
			} else if (line.length - state.first > 2 * state.waiting + 32 || state.first > 1024) {
				state.line = line.slice(state.first).filter(waiter => !waiter.gone)
				state.first = 0
			}
		}
		if (state.holders.length === 0 && state.waiting === 0) this.#forgetKey(key)
	}

	#addKey(key: string, state: KeyState<Fence>): void {
		this.#keys.set(key, state)
		if (this.#keys.size === 1) this.host.busy(this as unknown as AnyQueue)
	}

	#forgetKey(key: string): void {
		this.#keys.delete(key)
		if (this.#keys.size === 0) this.host.idle(this as unknown as AnyQueue)
	}

	#forget(waiter: Waiter<Fence>): void {
		if (waiter.timer !== undefined) this.clock.clearTimer(waiter.timer)
		waiter.timer = undefined
		if (waiter.onAbort !== undefined) waiter.signal?.removeEventListener('abort', waiter.onAbort)
		waiter.onAbort = undefined
	}

	#heldError(key: string, wait: number): LockError {
		return new LockError('held', `${keyPlace(this.place, key)}: ${this.#busy} past the ${formatDuration(wait)} wait`)
	}
}
