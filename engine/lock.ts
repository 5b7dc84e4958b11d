import type { HoldOptions, TryHoldOptions } from './hold-options.ts'
import { holdKey, takeKey, tryHoldKey, waitForKey, type TakeOptions, type WaitForOptions } from './hold.ts'
import { keyText, type Key } from './key.ts'
import type { KeyedQueue } from './key-queue.ts'
import type { HeldLease, Lease } from './lease.ts'

/**
 * A named lock of a store: a key has one holder at a time, the rest wait in line, first
 * come first served (LOCK-01), and every lease carries a fence (LOCK-03). A lock and a
 * semaphore of one name are two things.
 */
export class Lock {
	readonly name: string
	readonly #queue: () => KeyedQueue<bigint>

	/** Made by `store.lock(name)`; `queue` finds the lock's holders and lines in the store, which forgets them while idle. */
	constructor(name: string, queue: () => KeyedQueue<bigint>) {
		this.name = name
		this.#queue = queue
	}

	/**
	 * Runs `fn` holding the key, waiting up to `wait` (10 s) for it; releases the key after,
	 * also when `fn` throws, and renews the lease (TTL 30 s) while `fn` runs unless
	 * `renew: false`. Rejects with `held` when the wait runs out, `cancelled` when the signal
	 * aborts first; `fn` then never runs.
	 */
	hold<T>(key: Key, fn: (lease: Lease) => T | PromiseLike<T>, options?: HoldOptions): Promise<T> {
		return holdKey(this.#queue(), key, fn, options)
	}

	/** Like `hold` without waiting: resolves to undefined, and `fn` never runs, when the key is held. */
	tryHold<T>(key: Key, fn: (lease: Lease) => T | PromiseLike<T>, options?: TryHoldOptions): Promise<T | undefined> {
		return tryHoldKey(this.#queue(), key, fn, options)
	}

	/**
	 * For a holder on behalf of others (a lock server), which has checked the key and the TTL: a
	 * lease on the key now, with no function run, if it is free and nobody waits; else undefined.
	 * It is not renewed on its own; its holder renews it (`extend`) and ends it (`end`).
	 */
	take(key: string, options: TakeOptions): HeldLease<bigint> | undefined {
		return takeKey(this.#queue(), key, options)
	}

	/** As `take`, waiting in the key's line: rejects with `held` after `wait` ms, `cancelled` when `signal` aborts. */
	waitFor(key: string, options: WaitForOptions): Promise<HeldLease<bigint>> {
		return waitForKey(this.#queue(), key, options)
	}

	/** The key's holder as a list of zero or one valid lease. */
	holders(key: Key): readonly Lease[] {
		const queue = this.#queue()
		return queue.holders(keyText(key, queue.place))
	}

	/**
	 * Ends the key's lease of this id from outside its holder, as an operator of a lock server does: the
	 * holder reads it as lost (its signal aborts with `lost`, "an operator ended it"), then the key goes
	 * to the next in line with a larger fence; the ended lease's fence is never given again, and its
	 * renewal is refused as `lost`. The holder's code is not stopped: its late writes are the fence's to
	 * refuse. Refused with `lost` when no valid lease of that id holds the key.
	 */
	end(key: Key, leaseId: string): void {
		const queue = this.#queue()
		queue.end(keyText(key, queue.place), leaseId)
	}

	/** How many holds wait for the key. */
	waiting(key: Key): number {
		const queue = this.#queue()
		return queue.waiting(keyText(key, queue.place))
	}
}
