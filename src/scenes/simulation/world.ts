/**
 * The world a scene runs in, and its bridge to the engine: the simulated clock, a store per lock
 * actor, a chats table per database actor, each worker's hold. Verbs change it only through its
 * methods, each of which tells the recorder what happened.
 */
import type { Actor, Position, Scene } from '../../../scene-parser/index.ts'
import { SimulatedClock, Store, fenceText, parseFence } from '../../../engine/index.ts'
import type { Lock, Semaphore, SqliteDriver } from '../../../engine/index.ts'
import type { ActorKind, Happening } from '../claims/index.ts'
import { CHATS_SCHEMA, FENCED_UPDATE, PLAIN_UPDATE } from '../../seed/chat-table.ts'
import type { Diagnostic } from '../frame.ts'
import { kindOf } from './cast.ts'
import type { DatabaseActor, Hold, Lease, StoreActor, WorkerActor } from './actors.ts'
import { Recorder } from './record.ts'

export type { DatabaseActor, Hold, Lease, Pending, StoreActor, WorkerActor } from './actors.ts'

/** Opens a SQLite database for the actor `owner`: empty, or from the bytes of an earlier one (a backup). */
export type OpenDriver = (bytes?: Uint8Array, owner?: string) => SqliteDriver

/** The key the scene's workers hold unless the scene says `key`. */
export const DEFAULT_KEY = 'chat'
/** The longest a scene may run in simulated time: a hold that waits "as long as it takes" waits at most this. */
export const SCENE_TIME_LIMIT_MS = 30 * 24 * 3600 * 1000

/** How a clock waits for work to settle: quiet rounds in a row, and what one round is. */
export interface Settling {
	quietRounds: number
	round: 'macrotask' | 'microtasks'
}

/**
 * How a scene's clock waits before a step's work counts as done: one round, the microtask queue
 * running empty. A scene's drivers are synchronous and the engine's waits on this clock are
 * promises, so no work of a scene waits on a macrotask; the engine's default (two turns of the
 * event loop) costs a third of a scene's time for nothing.
 * `tests/unit/scenes/quiet-rounds.test.ts` runs every scene so and with three turns of the event
 * loop, and compares the frames.
 */
export const SCENE_SETTLING: Settling = { quietRounds: 1, round: 'microtasks' }

export class World {
	readonly clock: SimulatedClock
	readonly key: string
	readonly ttl: number
	readonly kinds: ReadonlyMap<string, ActorKind>
	readonly stores = new Map<string, StoreActor>()
	readonly databases = new Map<string, DatabaseActor>()
	readonly workers = new Map<string, WorkerActor>()
	readonly record: Recorder
	/** Problems the verbs found in the current step (a write with no lease, a restore with no backup). */
	diagnostics: Diagnostic[] = []
	/** Set once the scene ran past what it may: later steps are not run. */
	stopped = false
	#asked = 0
	/** Each worker's last write to each database, by `worker database`. */
	readonly #lastWrites = new Map<string, Extract<Happening, { kind: 'wrote' }>>()
	/** The writes a database's answer was shown for: each is answered once. */
	readonly answered = new Set<Happening>()

	constructor(
		readonly scene: Scene,
		readonly openDriver: OpenDriver,
		readonly file: string | undefined,
		options: { ttl: number; key: string; unfenced?: boolean; settling?: Settling },
	) {
		this.clock = new SimulatedClock(0, options.settling ?? SCENE_SETTLING)
		this.key = options.key
		this.ttl = options.ttl
		this.kinds = new Map(scene.actors.map(actor => [actor.id, kindOf(actor.icon)]))
		this.record = new Recorder(this)
		this.#unfenced = options.unfenced === true
	}

	readonly #unfenced: boolean

	/** Opens a store per lock actor and a chats table per database actor. */
	async open(startCount: (store: Actor) => bigint): Promise<void> {
		for (const actor of this.scene.actors) {
			const kind = this.kinds.get(actor.id)
			if (kind === 'store') {
				const driver = this.openDriver(undefined, actor.id)
				const store = await Store.open({ sqlite: driver, clock: this.clock, startCount: startCount(actor) })
				this.stores.set(actor.id, { actor, driver, store, holderOf: new Map() })
			} else if (kind === 'database') {
				const driver = this.openDriver(undefined, actor.id)
				driver.exec(CHATS_SCHEMA)
				const database: DatabaseActor = { actor, driver, fenced: actor.fences !== 'off' && !this.#unfenced, fence: 0n }
				driver.run('insert into chats (id) values (?)', [this.key])
				this.databases.set(actor.id, database)
			} else if (kind === 'worker') {
				this.workers.set(actor.id, { actor })
			}
		}
	}

	async dispose(): Promise<void> {
		for (const worker of this.workers.values()) worker.hold?.finish()
		await this.clock.settle()
		for (const { store, driver } of this.stores.values()) {
			await store.close().catch(() => {})
			driver.close()
		}
		for (const { driver } of this.databases.values()) driver.close()
	}

	report(position: Position, message: string): void {
		this.diagnostics.push({ file: this.file, line: position.line, column: position.column, message })
	}

	/** The store actor's lock or semaphore for the scene's key. */
	locks(store: StoreActor): Lock | Semaphore {
		const limit = store.actor.limit
		store.handle ??= limit === undefined ? store.store.lock(store.actor.id) : store.store.semaphore(store.actor.id, { limit })
		return store.handle
	}

	/** The workers holding the store's key, in the order they got it. */
	holdersOf(store: StoreActor): string[] {
		return this.locks(store)
			.holders(this.key)
			.map(lease => store.holderOf.get(lease.id) ?? '?')
	}

	/** The workers in line for a store's key, first first. */
	waitersOf(store: StoreActor): WorkerActor[] {
		return [...this.workers.values()]
			.filter(w => w.hold && w.hold.store === store && !w.hold.lease && !w.hold.failed && !w.hold.gone)
			.sort((a, b) => (a.hold?.asked ?? 0) - (b.hold?.asked ?? 0))
	}

	/** A worker's lease while it is live: held, not lost, not released, its store not gone. */
	liveLease(worker: WorkerActor): Lease | undefined {
		const hold = worker.hold
		if (!hold?.lease || hold.released || hold.gone || hold.lease.lost) return undefined
		return hold.lease
	}

	/** Sets the row's fence before the first step (`set db "fence N"`); 0 is the migration's empty default. */
	setRowFence(database: DatabaseActor, fence: bigint): void {
		this.#writeRow(database, 'update chats set summary_fence = ? where id = ?', [fence === 0n ? '' : fenceText(fence), this.key])
	}

	/** The worker writes its summary with its lease's fence: the seed's conditional update, or the plain one. */
	write(worker: WorkerActor, database: DatabaseActor, fence: bigint): boolean {
		const before = database.fence
		const writerBefore = database.writer
		// Whether the writer's lease was still its own when it wrote: a late write is one that was not.
		const live = this.liveLease(worker) !== undefined
		const text = fenceText(fence)
		const id = worker.actor.id
		const { changes } = database.fenced
			? this.#writeRow(database, FENCED_UPDATE, [`summary by ${id}`, text, this.key, text])
			: this.#writeRow(database, PLAIN_UPDATE, [`summary by ${id}`, text, this.key])
		const changed = changes > 0
		if (changed) database.writer = id
		const plain = { kind: 'wrote' as const, at: this.clock.now(), worker: id, database: database.actor.id, fence, changed, before, fenced: database.fenced, live }
		const wrote = writerBefore === undefined ? plain : { ...plain, writerBefore }
		this.record.happen(wrote)
		this.#lastWrites.set(`${id} ${database.actor.id}`, wrote)
		return changed
	}

	/** The worker's last write to the database, if it wrote to it. */
	lastWrite(worker: string, database: string): Extract<Happening, { kind: 'wrote' }> | undefined {
		return this.#lastWrites.get(`${worker} ${database}`)
	}

	/** Runs a statement that writes the row, then reads the row's fence back from the database: the fence every claim is checked against is the database's own. */
	#writeRow(database: DatabaseActor, sql: string, params: readonly (string | number)[]): { changes: number } {
		const result = database.driver.run(sql, params)
		const row = database.driver.get<{ summary_fence: string }>('select summary_fence from chats where id = ?', [this.key])
		const text = row?.summary_fence ?? ''
		database.fence = text === '' ? 0n : parseFence(text)
		return result
	}

	/** A worker asks the store for the key: `hold` waits in line (up to `wait`), `tryHold` does not. Resolves once the engine has answered or put it in line. */
	async startHold(worker: WorkerActor, store: StoreActor, options: { tryOnly: boolean; wait?: number; position: Position; unshown?: true }): Promise<Hold> {
		let finish = () => {}
		const ended = new Promise<void>(resolve => {
			finish = resolve
		})
		const askedAt = this.clock.now()
		const hold: Hold = { store, asked: ++this.#asked, askedAt, gone: false, released: false, shown: false, queued: false, tryOnly: options.tryOnly, finish, ...(options.wait === undefined ? {} : { wait: options.wait }) }
		const id = worker.actor.id
		this.record.happen({ kind: 'asked', at: askedAt, worker: id, store: store.actor.id, tryOnly: options.tryOnly, ...(options.wait === undefined ? {} : { wait: options.wait }), ...(options.unshown ? { unshown: true as const } : {}) })
		const fn = async (lease: Lease) => {
			// A key handed on when a lease ran out: that loss comes first.
			this.record.noticeLosses()
			const at = this.clock.now()
			const place = hold.queued ? this.waitersOf(store).indexOf(worker) + 1 : 0
			hold.lease = lease
			hold.grantedAt = at
			store.holderOf.set(lease.id, id)
			if (lease.fence !== undefined) store.lastFence = lease.fence
			const holders = this.holdersOf(store).length
			hold.result = this.record.happen({
				kind: 'granted',
				at,
				worker: id,
				store: store.actor.id,
				ttl: lease.expiresAt - at,
				holders,
				askedAt,
				...(lease.fence === undefined ? {} : { fence: lease.fence }),
				...(store.actor.limit === undefined ? {} : { limit: store.actor.limit }),
				...(place > 0 ? { place } : {}),
			})
			await ended
		}
		const settings = { ttl: this.ttl, renew: false }
		const locks = this.locks(store)
		const asking = options.tryOnly
			? locks.tryHold(this.key, fn, settings)
			: locks.hold(this.key, fn, { ...settings, wait: options.wait ?? SCENE_TIME_LIMIT_MS })
		asking.then(
			() => {
				// tryHold gives undefined, without running the function, when the key is held.
				if (hold.lease) return
				hold.failed = { code: 'held', message: 'the key is held' }
				hold.result = this.record.happen({ kind: 'refused', at: this.clock.now(), worker: id, store: store.actor.id, full: store.actor.limit !== undefined, holders: this.holdersOf(store) })
			},
			(error: unknown) => {
				// A waiter whose store closed under it left the line with the store; it did not give up.
				if (hold.gone) return
				const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : 'error'
				const message = error instanceof Error ? error.message : String(error)
				hold.failed = { code, message }
				// Only a wait that ran out is giving up; any other refusal (a count used up) is the scene's error, not a story to tell.
				if (code !== 'held') {
					this.report(options.position, `the engine refused ${id}'s hold: ${message}`)
					this.stopped = true
					return
				}
				hold.result = this.record.happen({ kind: 'gave-up', at: this.clock.now(), worker: id, store: store.actor.id, waited: this.clock.now() - askedAt, holders: this.holdersOf(store) })
			},
		)
		worker.hold = hold
		await this.clock.settle()
		if (!hold.lease && !hold.failed) hold.queued = true
		return hold
	}

	/** The worker lets go of its lease through the engine and ends its function; the next in line holds the key at once. */
	async release(worker: WorkerActor): Promise<void> {
		const hold = worker.hold
		if (!hold?.lease) return
		const line = this.waitersOf(hold.store).map(w => w.actor.id)
		const live = this.liveLease(worker) !== undefined
		// The release is told before the engine hands the key on: the next holder's grant follows it.
		if (live) this.record.happen({ kind: 'released', at: this.clock.now(), worker: worker.actor.id, store: hold.store.actor.id, line, ...(hold.lease.fence === undefined ? {} : { fence: hold.lease.fence }) })
		await hold.lease.release().catch(() => {})
		hold.released = true
		hold.finish()
		await this.clock.settle()
	}

	/** The worker asks to renew its lease: renewed until a TTL from now, or refused (lost, released, none). */
	async renew(worker: WorkerActor): Promise<void> {
		const held = worker.hold?.lease
		const id = worker.actor.id
		if (!held || !worker.hold) {
			this.record.happen({ kind: 'renew-refused', at: this.clock.now(), worker: id, reason: 'none' })
			return
		}
		try {
			await held.renew()
			this.record.happen({ kind: 'renewed', at: this.clock.now(), worker: id, store: worker.hold.store.actor.id, until: held.expiresAt })
		} catch (error) {
			const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : ''
			this.record.happen({ kind: 'renew-refused', at: this.clock.now(), worker: id, reason: code === 'released' ? 'released' : 'lost' })
		}
		await this.clock.settle()
	}

	/** The store crashes and opens again, on its kv.db or on the backup's copy: a new epoch, and every lease it gave is gone. */
	async reopen(store: StoreActor, from: 'restart' | 'restore'): Promise<void> {
		const epochBefore = store.store.epoch
		this.record.noticeLosses()
		// The crash is told first and the leases it took after it; the epoch it opened with is filled in once it has.
		const backup = store.backup
		const restored = from === 'restore' && backup !== undefined
		const opened = this.record.happen(restored ? { kind: 'restored', at: this.clock.now(), store: store.actor.id, epochBefore, epoch: epochBefore, backupEpoch: backup.epoch } : { kind: 'restarted', at: this.clock.now(), store: store.actor.id, epochBefore, epoch: epochBefore })
		for (const worker of this.workers.values()) {
			const hold = worker.hold
			if (hold?.store !== store) continue
			if (this.liveLease(worker) && hold.lease) {
				hold.lossRecorded = true
				this.record.happen({ kind: 'gone', at: this.clock.now(), worker: worker.actor.id, store: store.actor.id, ...(hold.lease.fence === undefined ? {} : { fence: hold.lease.fence }) })
			}
			hold.gone = true
		}
		await store.store.close().catch(() => {})
		for (const worker of this.workers.values()) if (worker.hold?.store === store) worker.hold.finish()
		await this.clock.settle()
		if (restored) {
			store.driver.close()
			store.driver = this.openDriver(backup.bytes, store.actor.id)
		}
		store.store = await Store.open({ sqlite: store.driver, clock: this.clock })
		store.handle = undefined
		store.holderOf = new Map()
		// The store that opened has given no lease yet: its count starts again, so no fence is its last.
		store.lastFence = undefined
		opened.epoch = store.store.epoch
	}

	/** A copy of the store's kv.db is taken, for a later restore. */
	backup(store: StoreActor): void {
		store.backup = { bytes: store.driver.serialize(), epoch: store.store.epoch }
		this.record.happen({ kind: 'backed-up', at: this.clock.now(), store: store.actor.id, epoch: store.store.epoch })
	}

	/** Simulated time runs on by `ms`. */
	async wait(ms: number): Promise<void> {
		const at = this.clock.now()
		await this.clock.advance(ms)
		this.record.happen({ kind: 'waited', at, ms })
	}

	/**
	 * Runs simulated time on, one timer of the engine at a time (a lease's end, a wait's), until `done`.
	 * False when it cannot get there (nothing holds the key, or the scene's time ran out). `settled`
	 * when the caller has just let the engine settle.
	 */
	async until(done: () => boolean, settled = false): Promise<boolean> {
		if (!settled) await this.clock.settle()
		for (let guard = 0; !done() && guard < 100_000; guard++) {
			const next = this.clock.nextTimerAt
			if (next === undefined) return done()
			if (next > SCENE_TIME_LIMIT_MS) return false
			await this.clock.advanceToNextTimer()
		}
		return done()
	}
}
