import type { HoldOptions, TryHoldOptions } from './hold-options.ts'
import { holdKey, tryHoldKey } from './hold.ts'
import { keyText, type Key } from './key.ts'
import type { KeyedQueue } from './key-queue.ts'
import type { SemaphoreLease } from './lease.ts'

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
	readonly #queue: KeyedQueue<undefined>

	/** Made by `store.semaphore(name, { limit })`. */
	constructor(queue: KeyedQueue<undefined>) {
		this.#queue = queue
	}

	get name(): string {
		return this.#queue.name
	}

	get limit(): number {
		return this.#queue.limit
	}

	/** Runs `fn` holding one of the key's places; otherwise as `Lock.hold` (the wait runs out with `held`, the key being full). */
	hold<T>(key: Key, fn: (lease: SemaphoreLease) => T | PromiseLike<T>, options?: HoldOptions): Promise<T> {
		return holdKey(this.#queue, key, fn, options)
	}

	/** Like `hold` without waiting: resolves to undefined, and `fn` never runs, when the key is full. */
	tryHold<T>(key: Key, fn: (lease: SemaphoreLease) => T | PromiseLike<T>, options?: TryHoldOptions): Promise<T | undefined> {
		return tryHoldKey(this.#queue, key, fn, options)
	}

	/** The key's valid leases, in the order they were given. */
	holders(key: Key): readonly SemaphoreLease[] {
		return this.#queue.holders(keyText(key, this.#queue.place))
	}

	/** How many holds wait for the key. */
	waiting(key: Key): number {
		return this.#queue.waiting(keyText(key, this.#queue.place))
	}
}
