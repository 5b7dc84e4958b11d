import type { HoldOptions, TryHoldOptions } from './hold-options.ts'
import { holdKey, takeKey, tryHoldKey, waitForKey, type TakeOptions, type WaitForOptions } from './hold.ts'
import { keyText, type Key } from './key.ts'
import type { KeyedQueue } from './key-queue.ts'
import type { HeldLease, SemaphoreLease } from './lease.ts'

/** What a semaphore is opened with. */
export interface SemaphoreOptions {
	/** How many may hold a key at once: a whole number of at least 1. */
	limit: number
}

/**
 * A named semaphore of a store: a key has at most `limit` holders at once, the rest
 * wait in line, first come first served (LOCK-05). Its leases carry no fence: several
 * valid holders at once would refuse each other's writes.
 */
export class Semaphore {
	readonly name: string
	readonly limit: number
	readonly #queue: () => KeyedQueue<undefined>

	/** Made by `store.semaphore(name, { limit })`; `queue` finds its holders and lines in the store, which forgets them while idle. */
	constructor(name: string, limit: number, queue: () => KeyedQueue<undefined>) {
		this.name = name
		this.limit = limit
		this.#queue = queue
	}

	/** Runs `fn` holding one of the key's places; otherwise as `Lock.hold` (the wait runs out with `held`, the key being full). */
	hold<T>(key: Key, fn: (lease: SemaphoreLease) => T | PromiseLike<T>, options?: HoldOptions): Promise<T> {
		return holdKey(this.#queue(), key, fn, options)
	}

	/** Like `hold` without waiting: resolves to undefined, and `fn` never runs, when the key is full. */
	tryHold<T>(key: Key, fn: (lease: SemaphoreLease) => T | PromiseLike<T>, options?: TryHoldOptions): Promise<T | undefined> {
		return tryHoldKey(this.#queue(), key, fn, options)
	}

	/** As `Lock.take`: one of the key's places now, with no function run, if it has room and nobody waits; else undefined. */
	take(key: string, options: TakeOptions): HeldLease<undefined> | undefined {
		return takeKey(this.#queue(), key, options)
	}

	/** As `Lock.waitFor`: one of the key's places once it comes to this waiter. */
	waitFor(key: string, options: WaitForOptions): Promise<HeldLease<undefined>> {
		return waitForKey(this.#queue(), key, options)
	}

	/** The key's valid leases, in the order they were given. */
	holders(key: Key): readonly SemaphoreLease[] {
		const queue = this.#queue()
		return queue.holders(keyText(key, queue.place))
	}

	/** As `Lock.end`: ends the key's lease of this id from outside its holder, who reads it as lost; its place goes to the next in line. */
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
