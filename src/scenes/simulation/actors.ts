/** The actors of a running scene as the simulation keeps them: a store, a worker and its hold, a database. */
import type { Actor } from '../../../scene-parser/index.ts'
import type { Lease as EngineLease, Lock, Semaphore, SqliteDriver, Store } from '../../../engine/index.ts'
import type { Happening } from '../claims/index.ts'

/** A lock's lease or a semaphore's: the scene treats both alike. */
export type Lease = EngineLease<bigint | undefined>

/** A lock actor: a store on its own kv.db. */
export interface StoreActor {
	readonly actor: Actor
	driver: SqliteDriver
	store: Store
	backup?: { bytes: Uint8Array; epoch: bigint }
	/** Leases this store gave, by lease id, to know which worker holds what. */
	holderOf: Map<string, string>
	/** The last fence this store gave since it last opened. */
	lastFence?: bigint
	/** The store's lock (or semaphore) of the scene, made once per opening: every handle of one name shares its holders. */
	handle?: Lock | Semaphore
}

/** A worker's request for the key, from asking until its lease ends. */
export interface Hold {
	readonly store: StoreActor
	lease?: Lease
	/** The order it joined the line in. */
	readonly asked: number
	readonly askedAt: number
	/** When the engine gave the lease. */
	grantedAt?: number
	/** Set when the store the lease came from crashed or was replaced. */
	gone: boolean
	released: boolean
	/** Whether a `send LOCK -> W` has answered it yet (a waiter's grant can come on its own). */
	shown: boolean
	readonly wait?: number
	/** The TTL its lease has: the hold's, or the last renewal's that named one. */
	ttl: number
	readonly tryOnly: boolean
	/** What the engine's hold resolves to (the function's result, undefined for a try refused), or its refusal. */
	done?: Promise<unknown>
	/** The engine's refusal (`held`, `cancelled`), once it gave up. */
	failed?: { code: string; message: string }
	/** It stood in line: the key was not free when it asked. */
	queued: boolean
	/** What the engine answered it (a grant, a refusal, giving up), once it did. */
	result?: Happening
	/** Its lease's loss (running out, going with its store, ended by an operator) is recorded. */
	lossRecorded?: boolean
	/** Its function returned with the lease live and its let-go still to come: that return, as recorded (`finished`). */
	finished?: Happening
	/** An operator ended its lease (`end a`). */
	ended?: boolean
	/** For the hold of a crashed process that restarted: the crash, which its lease's running out followed from when a renewal was due while it was down (`renewDue`). */
	crashedBy?: Happening
	/** Of a hold that renews on its own (`renew` on): when its next renewal is due on its process's timer; a pause or crash its lease ran out in stopped that renewal only when it came due after the pause or crash began. */
	renewDue?: number
	/** Of a hold a code sample made: whether it renews on its own (`renew`). A hold a scene's messages make renews only as they say (undefined). */
	renews?: boolean
	/** When its worker last renewed this lease: of a hold the scene's messages make, a pause or crash stopped a renewal only when its worker had renewed before it. */
	renewedAt?: number
	/** The interval its worker renewed at last: from the renewal before (or the grant) to the last one, the cadence the scene showed. */
	renewEvery?: number
	/** Ends the worker's function, so `hold` releases the key. */
	readonly finish: () => void
}

/** A worker's last request to the lock (a renewal, a release) and what happened, until a `send LOCK -> W` answers it. */
interface Pending {
	kind: 'renew' | 'release'
	happenings: Happening[]
}

export interface WorkerActor {
	readonly actor: Actor
	hold?: Hold
	/**
	 * The holds of its earlier processes, crashed and restarted: the new process knows nothing of them, and
	 * their leases live on in the store until they run out (or the store loses them).
	 */
	left?: Hold[]
	pending?: Pending
}

export interface DatabaseActor {
	readonly actor: Actor
	readonly driver: SqliteDriver
	/** False for `fences=off`: its writes are the plain update. */
	readonly fenced: boolean
	/** The worker whose write the row holds. */
	writer?: string
	/** The fence the row keeps, read back from the row after each statement that wrote it. */
	fence: bigint
}

