import { realClock, type Clock } from './clock.ts'
import type { SqliteDriver } from './driver.ts'
import { writeEpoch } from './epoch.ts'
import { invalid, LockError, shown } from './errors.ts'
import { MAX_FENCE_PART } from './fence.ts'
import { KeyedQueue, type AnyQueue, type QueueHost } from './key-queue.ts'
import { Lock } from './lock.ts'
import { checkAsyncContext, type AsyncContext } from './nesting.ts'
import { Semaphore, type SemaphoreOptions } from './semaphore.ts'

/** How a store opens on a SQLite driver (a directory's kv.db is opened by `openStore` of the Node entry, `engine/adapters/node.ts`). */
export interface StoreOptions {
	sqlite: SqliteDriver
	/** The clock of every lease, renewal and wait; the real one unless given. */
	clock?: Clock
	/** The count the store's fences start from: its first lease's fence has count `startCount + 1`. 0 unless given. */
	startCount?: bigint
	/**
	 * Called once when the store lets go of the driver (on `close()`, or when the open fails), by an
	 * opener that hands the store a driver it made, as `openStore` does for a directory. Without it the
	 * store leaves the driver to its owner, so another store can open on it later.
	 */
	release?: () => void
	/**
	 * Lets a hold of a lock's key made inside a hold of the same key be refused at once (`invalid`), rather
	 * than wait for itself until its wait runs out: an `AsyncLocalStorage`, which `openStore` gives. Without
	 * it the store cannot see that a hold is nested.
	 */
	asyncContext?: AsyncContext
}

// Holders live in one store's memory, so two open stores on one driver would each
// think they alone give out its keys.
const driversInUse = new WeakSet<SqliteDriver>()

class StoreHost implements QueueHost {
	closed = false
	// Only names something holds or waits for: an idle queue is forgotten, so names cost nothing once let go.
	readonly locks = new Map<string, KeyedQueue<bigint>>()
	readonly semaphores = new Map<string, KeyedQueue<undefined>>()
	#serial = 0
	#count: bigint
	readonly #epochHigh: bigint

	constructor(
		readonly clock: Clock,
		readonly epoch: bigint,
		startCount: bigint,
		readonly asyncContext: AsyncContext | undefined,
	) {
		this.#count = startCount
		this.#epochHigh = epoch << 64n
	}

	nextSerial(): number {
		return ++this.#serial
	}

	busy(queue: AnyQueue): void {
		if (queue.kind === 'lock') this.locks.set(queue.name, queue as KeyedQueue<bigint>)
		else this.semaphores.set(queue.name, queue as KeyedQueue<undefined>)
	}

	idle(queue: AnyQueue): void {
		const queues: Map<string, AnyQueue> = queue.kind === 'lock' ? this.locks : this.semaphores
		if (queues.get(queue.name) === queue) queues.delete(queue.name)
	}

	// A queue joins the maps when its first key is taken (within the same turn as this call, so
	// two queues of one name never both hold keys), and leaves them when its last key is let go.
	/** The lock's queue: the one holding keys, else a new one. */
	lockQueue(name: string): KeyedQueue<bigint> {
		return this.locks.get(name) ?? new KeyedQueue<bigint>(this, 'lock', name, 1)
	}

	/** The semaphore's queue: the one holding keys, refused if its limit is another, else a new one. */
	semaphoreQueue(name: string, limit: number): KeyedQueue<undefined> {
		const queue = this.semaphores.get(name)
		if (queue === undefined) return new KeyedQueue<undefined>(this, 'semaphore', name, limit)
		if (queue.limit !== limit) throw invalid(`semaphore ${name}: limit ${limit}: it is open with limit ${queue.limit}`)
		return queue
	}

	nextFence(): bigint {
		if (this.#count === MAX_FENCE_PART) {
			throw new LockError('invalid', `store: fence count 2^64 - 1 of epoch ${this.epoch} is given; reopen the store for a new epoch (or open it with a smaller startCount)`)
		}
		this.#count += 1n
		return this.#epochHigh | this.#count
	}
}

/**
 * An open lock store: its locks and semaphores, whose holders and waiters live in this
 * process's memory, and kv.db, which keeps only the epoch. One store at a time may have
 * a directory (or a driver) open.
 */
export class Store {
	/** Written to kv.db on this open: the larger of the clock's time and the previous epoch plus one (LOCK-02). */
	readonly epoch: bigint
	readonly clock: Clock
	readonly #host: StoreHost
	readonly #release: () => void

	private constructor(host: StoreHost, release: () => void) {
		this.#host = host
		this.epoch = host.epoch
		this.clock = host.clock
		this.#release = release
	}

	/**
	 * Opens a store on a given driver. Refuses with `in_use` while another open store has the
	 * same driver. A directory (`data/kv.db` on better-sqlite3) is opened by `openStore` of the
	 * Node entry, `engine/adapters/node.ts`, which keeps this module free of Node.
	 */
	static async open(options: StoreOptions): Promise<Store> {
		const given = options as unknown
		// Store.open took a directory once; a caller still passing one is told where it went.
		if (typeof given === 'string' || (typeof given === 'object' && given !== null && 'dir' in given)) {
			const dir = typeof given === 'string' ? given : given.dir
			throw invalid(`Store.open: dir ${shown(dir)}: a directory is opened by openStore of engine/adapters/node.ts (Node only); elsewhere pass { sqlite: driver }`)
		}
		if (typeof given !== 'object' || given === null) throw invalid(`Store.open: ${shown(given)}: expected { sqlite: driver }`)
		const settings = options
		const clock = settings.clock ?? realClock
		if (typeof clock.now !== 'function' || typeof clock.setTimer !== 'function' || typeof clock.clearTimer !== 'function') {
			throw invalid('Store.open: clock: expected now(), setTimer() and clearTimer()')
		}
		const startCount = settings.startCount ?? 0n
		if (typeof startCount !== 'bigint' || startCount < 0n || startCount >= MAX_FENCE_PART) {
			throw invalid(`Store.open: startCount ${shown(startCount)}: expected a bigint from 0 to 2^64 - 2`)
		}
		const asyncContext = checkAsyncContext(settings.asyncContext, 'Store.open')
		const { driver, release } = claimDriver(settings.sqlite, settings.release)
		try {
			return new Store(new StoreHost(clock, writeEpoch(driver, clock.now()), startCount, asyncContext), release)
		} catch (error) {
			release()
			throw error
		}
	}

	/** True once `close()` was called. */
	get closed(): boolean {
		return this.#host.closed
	}

	/** The store's lock of this name: every `Lock` of one name shares its holders and lines. */
	lock(name: string): Lock {
		this.#checkOpen(`lock ${name}`)
		checkName(name, 'lock')
		const host = this.#host
		return new Lock(name, () => host.lockQueue(name))
	}

	/**
	 * The store's semaphore of this name: every `Semaphore` of one name shares its holders and
	 * lines. Its limit is the one it was opened with while any key of it is held or waited for;
	 * another limit is refused then, and taken once the semaphore is idle.
	 */
	semaphore(name: string, options: SemaphoreOptions): Semaphore {
		this.#checkOpen(`semaphore ${name}`)
		checkName(name, 'semaphore')
		const limit = (options as SemaphoreOptions | undefined)?.limit
		if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1) {
			throw invalid(`semaphore ${name}: limit ${shown(limit)}: expected a whole number of at least 1`)
		}
		const host = this.#host
		host.semaphoreQueue(name, limit)
		return new Semaphore(name, limit, () => host.semaphoreQueue(name, limit))
	}

	/** How many lock and semaphore names have a key held or waited for; the others take no memory. */
	get names(): number {
		return this.#host.locks.size + this.#host.semaphores.size
	}

	/**
	 * Closes the store: waiting holds reject and leases are lost, both with `closed`; the driver
	 * goes back to its owner (`release` is called when given). Closing twice is a no-op.
	 */
	async close(): Promise<void> {
		if (this.#host.closed) return
		this.#host.closed = true
		for (const queue of [...this.#host.locks.values(), ...this.#host.semaphores.values()]) queue.close()
		this.#release()
	}

	#checkOpen(place: string): void {
		if (this.#host.closed) throw new LockError('closed', `${place}: the store is closed`)
	}
}

function checkName(name: unknown, kind: string): void {
	if (typeof name !== 'string' || name.length === 0) throw invalid(`store.${kind}: name ${shown(name)}: expected a non-empty string`)
}

function claimDriver(driver: SqliteDriver, owner: (() => void) | undefined): { driver: SqliteDriver; release: () => void } {
	if (typeof driver?.get !== 'function' || typeof driver.exec !== 'function') {
		throw invalid('Store.open: sqlite: expected a SqliteDriver (see engine/adapters)')
	}
	if (owner !== undefined && typeof owner !== 'function') throw invalid(`Store.open: release ${shown(owner)}: expected a function`)
	if (driversInUse.has(driver)) throw new LockError('in_use', 'Store.open: this driver is in use by another open store; close that store first')
	driversInUse.add(driver)
	return {
		driver,
		release: () => {
			driversInUse.delete(driver)
			owner?.()
		},
	}
}
