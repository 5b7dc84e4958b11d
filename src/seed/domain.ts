/**
 * What a scene's domain is: the story's database (its table, its row per key and the fenced
 * write), and the prelude its code sample runs against, the free names a sample may use, made per
 * worker from the ports the simulation gives. A domain is one file; the simulation, the authors
 * page and the playground read them from `DOMAINS`.
 */
import type { DomainWords } from '../scenes/claims/index.ts'

/** A lease as a sample's code sees it: the tinystore API's, with release and renew as acts the scene schedules. */
export interface SampleLease {
	readonly id: string
	/** Undefined for a semaphore's lease. */
	readonly fence: bigint | undefined
	readonly signal: AbortSignal
	readonly expiresAt: number
	readonly lost: boolean
	release(): Promise<void>
	renew(ttl?: number | string): Promise<void>
}

/** A lock or a semaphore as a sample's code sees it. */
export interface SampleLock {
	readonly name: string
	hold<T>(key: unknown, fn: (lease: SampleLease) => T | PromiseLike<T>, options?: Record<string, unknown>): Promise<T>
	tryHold<T>(key: unknown, fn: (lease: SampleLease) => T | PromiseLike<T>, options?: Record<string, unknown>): Promise<T | undefined>
}

/** A store, or a client of one, as a sample's code sees it. */
export interface SampleStore {
	lock(name: string): SampleLock
	semaphore(name: string, options: { limit: number }): SampleLock
}

/** The result of a statement a sample ran on its database. */
export interface SampleWriteResult {
	changes: number
}

/** What the simulation gives a domain to build one worker's prelude from. */
export interface SamplePorts {
	/** The scene's key (`key "42"`, else the domain's). */
	readonly key: string
	/** The worker's id, which its summaries carry (`summary by a`). */
	readonly worker: string
	/**
	 * The worker's store: the lock actor it is linked to (or the scene's only one). `address` is
	 * where the code says the store is (a URL, a folder): every worker of one store gives the same.
	 */
	store(address?: unknown): SampleStore
	/**
	 * Runs a statement that writes the worker's database (the database actor it is linked to), as an
	 * act the scene shows; `fence` says which fence the write carries, and `fenceDecides` whether the
	 * row's fence decides its outcome, when the caller knows (the engine finds out otherwise).
	 * `thing`: the value it writes as the row's THING (the domain's save's), which the run records with the write.
	 */
	write(sql: string, params: readonly unknown[], fence?: bigint, fenceDecides?: boolean, authors?: boolean, thing?: unknown): Promise<SampleWriteResult>
	/** Whether the worker's database checks fences (`fences=off` says it does not): the write the domain's save runs. */
	fenced(): boolean
	/** Moves the simulated clock on, as an act the scene shows (a test's `clock.advance`). */
	advance(duration: unknown): Promise<void>
	/** Tells the run that a check in the code failed (a test's expect): the scene fails at its line, whether the code catches the error or not. */
	failed(error: Error): Error
	/** A function of the prelude that does its work at once: its calls are recorded with their line. */
	call<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R
}

/** A scene's domain: its database and the names its samples may use. */
export interface Domain {
	/** What a scene names it by (`domain jobs`); `chat` unless it says. */
	name: string
	/** The words it lends the claim language: what a worker writes, what the key is the key of, the subjects a scene id may name. */
	words: DomainWords
	/** The key a scene's workers hold unless it says `key`. */
	key: string
	/** The tables a database actor starts with. */
	schema: string
	/** The id of the database's row the story writes, for a scene's key (the chat of the key; the job a leader runs). */
	rowId(key: string): string
	/** Makes that row: its parameter is the row's id. */
	insertRow: string
	/** Reads the row's fence text back (as `fence`): its parameter is the row's id. */
	rowFence: string
	/** Reads the whole row: what a write changed is judged by it, not by a count of rows. */
	row: string
	/**
	 * The story row's table, its id column, and the column whose writer the row is said to keep
	 * ("summary by A"): a write that updates that row is one the database took, even one that leaves
	 * it as it was, and one that writes that column makes its worker the row's author.
	 */
	table: { name: string; id: string; author: string }
	/** Sets the row's fence before the first step (`set db "fence N"`): its parameters are the fence's text and the row's id. */
	setFence: string
	/**
	 * The write a scene's stage shows with no code sample (`send a -> db`): the worker's own value and
	 * the lease's fence on the story's row, with the fence check (`fenced`) or without; its statement
	 * and parameters, for the worker's id, the fence's text and the row's id.
	 */
	stageWrite(worker: string, fence: string, rowId: string, fenced: boolean): { sql: string; params: unknown[] }
	/** Each name of the prelude, with what it is, for the authors page and the errors. */
	names: Readonly<Record<string, string>>
	/** One worker's prelude: a value for every name of `names`. */
	prelude(ports: SamplePorts): Record<string, unknown>
}
