/**
 * The world a scene runs in: the simulated clock, a store per lock actor, a chats table per
 * database actor, each worker's hold and writes, and the state labels. Verbs change it through
 * the engine; the frame of each step is read off it.
 */
import type { Actor, Position, Scene, Text } from '../../../scene-parser/index.ts'
import { SimulatedClock, Store, parseFence } from '../../../engine/index.ts'
import type { Lease as EngineLease, SqliteDriver, SqlValue } from '../../../engine/index.ts'
import type { Diagnostic, FrameActor, TextMark } from '../frame.ts'
import { checkNumbers } from './claims/check.ts'
import type { Fact, ReportAt } from './claims/check.ts'
import { readText } from './claims/read-text.ts'
import type { ReadText } from './claims/read-text.ts'
import { showFence } from './notation.ts'

/** A lock's lease or a semaphore's: the scene treats both alike. */
export type Lease = EngineLease<bigint | undefined>

/** Opens a SQLite database for the actor `owner`: empty, or from the bytes of an earlier one (a backup). */
export type OpenDriver = (bytes?: Uint8Array, owner?: string) => SqliteDriver

/** A worker's lease in a scene lasts this long unless the scene says `ttl`. */
export const DEFAULT_TTL_MS = 30_000
/** The key the scene's workers hold unless the scene says `key`. */
export const DEFAULT_KEY = 'chat'
/** The longest a scene may run in simulated time: a hold that waits "as long as it takes" waits at most this. */
export const SCENE_TIME_LIMIT_MS = 30 * 24 * 3600 * 1000

export type Kind = 'store' | 'database' | 'worker' | 'decoration'

export function kindOf(actor: Actor): Kind {
	switch (actor.icon) {
		case 'lock':
			return 'store'
		case 'database':
			return 'database'
		case 'clock':
			return 'decoration'
		default:
			return 'worker'
	}
}

/** A lock actor: a store on its own kv.db. */
export interface StoreActor {
	actor: Actor
	driver: SqliteDriver
	store: Store
	backup?: Uint8Array
	/** Leases this store gave, by lease id, to know which worker holds what. */
	holderOf: Map<string, string>
	/** The last fence this store gave, shown as the lock's "fence". */
	lastFence?: bigint
}

/** A worker's request for the key, from asking until its lease ends. */
export interface Hold {
	store: StoreActor
	lease?: Lease
	/** The order it joined the line in, for "first in line". */
	asked: number
	/** The clock when it asked. */
	askedAt: number
	/** Set when the store the lease came from crashed or was replaced. */
	gone: boolean
	released: boolean
	/** Whether a `send LOCK -> W` has shown this lease yet (a waiter's grant can come on its own). */
	shown: boolean
	/** How long it waits for the key before giving up; undefined waits as long as the scene may run. */
	wait?: number
	tryOnly: boolean
	/** The engine's refusal (`held`, `cancelled`), once it gave up. */
	failed?: { code: string; message: string }
	/** Ends the worker's function, so `hold` releases the key. */
	finish: () => void
}

/** A worker's last write to one database: its fence, whether it changed the row, and the row's fence before it. */
export interface WriteRecord {
	fence: bigint
	changed: boolean
	before: bigint
}

/** What a worker's last request to the lock was answered with, until a `send LOCK -> W` shows it. */
export type Pending = { kind: 'renew'; ok: boolean; reason?: 'lost' | 'released' | 'none' } | { kind: 'release'; next?: string }

export interface WorkerActor {
	actor: Actor
	/** Every fence the engine gave this worker, in this scene so far. */
	fences: Set<bigint>
	hold?: Hold
	writes: Map<string, WriteRecord>
	pending?: Pending
}

export interface DatabaseActor {
	actor: Actor
	driver: SqliteDriver
	/** False for `fences=off`: its writes are the plain update. */
	fenced: boolean
	/** The worker whose write the row holds. */
	writer?: string
	/** The fence the row keeps, as read back from it after the last statement that wrote it (World.writeRow). */
	fence: bigint
}

interface ActorLabel {
	text: string
	struck: boolean
	marks: TextMark[]
}

/**
 * The event-loop rounds a scene's clock waits for before a step's work counts as done. One:
 * a scene's drivers are synchronous and the engine's waits on this clock are promises, so one
 * round runs all of it; the default two would double the cost of every wait for nothing.
 * `tests/unit/scenes/quiet-rounds.test.ts` runs every scene with both and compares the frames.
 */
export const SCENE_QUIET_ROUNDS = 1

const CHATS_SCHEMA = `create table chats (id text primary key, summary text not null default '');
alter table chats add column summary_fence text not null default '';`

export class World {
	readonly clock: SimulatedClock
	readonly key: string
	readonly ttl: number
	readonly kinds = new Map<string, Kind>()
	readonly stores = new Map<string, StoreActor>()
	readonly databases = new Map<string, DatabaseActor>()
	readonly workers = new Map<string, WorkerActor>()
	readonly labels = new Map<string, ActorLabel>()
	/** The clock at the end of each frame so far. */
	readonly frameTimes: number[] = []
	diagnostics: Diagnostic[] = []
	/** Values the engine computed in the current step, for its caption. */
	stepFacts: Fact[] = []
	/** Set once the scene ran past what it may: later steps are not run. */
	stopped = false
	#asked = 0

	constructor(
		readonly scene: Scene,
		readonly openDriver: OpenDriver,
		readonly file: string | undefined,
		quietRounds = SCENE_QUIET_ROUNDS,
	) {
		this.clock = new SimulatedClock(0, { quietRounds })
		const key = scene.settings.find(s => s.kind === 'key')
		const ttl = scene.settings.find(s => s.kind === 'ttl')
		this.key = key?.kind === 'key' ? key.value.value : DEFAULT_KEY
		this.ttl = ttl?.kind === 'ttl' ? ttl.ms : DEFAULT_TTL_MS
		for (const actor of scene.actors) this.kinds.set(actor.id, kindOf(actor))
	}

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
				const database: DatabaseActor = { actor, driver, fenced: actor.fences !== 'off', fence: 0n }
				this.writeRow(database, 'insert into chats (id) values (?)', [this.key])
				this.databases.set(actor.id, database)
			} else if (kind === 'worker') {
				this.workers.set(actor.id, { actor, fences: new Set(), writes: new Map() })
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

	/** Reports at an offset inside a quoted text: one column past the opening quote, escapes counted. */
	reporterFor(text: Text): ReportAt {
		return (offset, message) => this.report({ line: text.position.line, column: text.position.column + 1 + rawOffset(text.value, offset) }, message)
	}

	/** Reads a text, checks its numbers against `facts`, and returns what it read and its marks. */
	checkText(text: Text, facts: readonly Fact[], options: { scene?: boolean; report?: ReportAt } = {}): { read: ReadText; marks: TextMark[] } {
		const read = readText(text.value)
		const marks = checkNumbers(read, options.scene === false ? facts : [...facts, ...this.sceneFacts()], options.report ?? this.reporterFor(text))
		return { read, marks }
	}

	/** Facts of the scene itself and its clock, which any text may state. */
	sceneFacts(): Fact[] {
		const now = this.clock.now()
		const facts: Fact[] = [
			{ role: 'workers', value: BigInt(this.workers.size) },
			{ role: 'time', value: BigInt(this.ttl), cue: 'ttl' },
			{ role: 'time', value: BigInt(now), cue: 'now' },
		]
		for (const time of this.frameTimes) if (time < now) facts.push({ role: 'time', value: BigInt(now - time), cue: 'elapsed' })
		if (/^\d{1,18}$/.test(this.key)) facts.push({ role: 'key', value: BigInt(this.key) })
		return facts
	}

	/** Facts of the world's state now: every store's epoch, holders and last fence, every lease's fence, every row's fence. */
	stateFacts(): Fact[] {
		const facts: Fact[] = []
		for (const store of this.stores.values()) {
			facts.push({ role: 'epoch', value: store.store.epoch })
			facts.push({ role: 'holders', value: BigInt(this.holdersOf(store).length) })
			facts.push({ role: 'waiting', value: BigInt(this.locks(store).waiting(this.key)) })
			if (store.actor.limit !== undefined) facts.push({ role: 'limit', value: BigInt(store.actor.limit) })
			if (store.lastFence !== undefined) facts.push({ role: 'fence', value: store.lastFence })
		}
		for (const worker of this.workers.values()) {
			const fence = worker.hold?.lease?.fence
			if (fence !== undefined) facts.push({ role: 'fence', value: fence })
			const live = this.liveLease(worker)
			// When a live lease runs out is a time on the scene's clock: "its lease ends at 50 s".
			if (live) facts.push({ role: 'time', value: BigInt(live.expiresAt), cue: 'now' })
			for (const write of worker.writes.values()) facts.push({ role: 'fence', value: write.fence })
		}
		for (const database of this.databases.values()) facts.push({ role: 'fence', value: this.storedFence(database) })
		return facts
	}

	/** The store actor's lock or semaphore for the scene's key. */
	locks(store: StoreActor) {
		const limit = store.actor.limit
		return limit === undefined ? store.store.lock(store.actor.id) : store.store.semaphore(store.actor.id, { limit })
	}

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

	/** The fence the database's row keeps. */
	storedFence(database: DatabaseActor): bigint {
		return database.fence
	}

	/**
	 * Runs a statement that writes the database's row, then reads the row's fence back from the
	 * database: the one way a scene writes a row, so the fence every text is checked against is
	 * always the database's own, read once per write rather than once per claim.
	 */
	writeRow(database: DatabaseActor, sql: string, params: readonly SqlValue[]): { changes: number } {
		const result = database.driver.run(sql, params)
		const row = database.driver.get<{ summary_fence: string }>('select summary_fence from chats where id = ?', [this.key])
		const text = row?.summary_fence ?? ''
		database.fence = text === '' ? 0n : parseFence(text)
		return result
	}

	/** Whether a worker's lease is live: held, not lost, not released, its store not gone. */
	liveLease(worker: WorkerActor): Lease | undefined {
		const hold = worker.hold
		if (!hold?.lease || hold.released || hold.gone || hold.lease.lost) return undefined
		return hold.lease
	}

	/** A worker asks the store for the key: `hold` waits in line (up to `wait`), `tryHold` does not. */
	startHold(worker: WorkerActor, store: StoreActor, options: { tryOnly: boolean; wait?: number }): Hold {
		let finish = () => {}
		const ended = new Promise<void>(resolve => {
			finish = resolve
		})
		const hold: Hold = { store, asked: ++this.#asked, askedAt: this.clock.now(), gone: false, released: false, shown: false, tryOnly: options.tryOnly, finish }
		if (options.wait !== undefined) hold.wait = options.wait
		const fn = async (lease: Lease) => {
			hold.lease = lease
			if (lease.fence !== undefined) worker.fences.add(lease.fence)
			store.holderOf.set(lease.id, worker.actor.id)
			if (lease.fence !== undefined) store.lastFence = lease.fence
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
				if (!hold.lease) hold.failed = { code: 'held', message: 'the key is held' }
			},
			(error: unknown) => {
				const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : 'error'
				hold.failed = { code, message: error instanceof Error ? error.message : String(error) }
			},
		)
		worker.hold = hold
		return hold
	}

	/**
	 * Runs simulated time on, one timer of the engine at a time (a lease's end, a wait's), until `done`.
	 * False when it cannot get there (nothing holds the key, or the scene's time ran out).
	 */
	async until(done: () => boolean): Promise<boolean> {
		await this.clock.settle()
		for (let guard = 0; !done() && guard < 100_000; guard++) {
			const next = this.clock.nextTimerAt
			if (next === undefined) return done()
			if (next > SCENE_TIME_LIMIT_MS) return false
			await this.clock.advanceToNextTimer()
		}
		return done()
	}

	setLabel(id: string, text: string, marks: TextMark[]): void {
		this.labels.set(id, { text, struck: false, marks })
	}

	strikeLabel(id: string): void {
		const label = this.labels.get(id)
		if (label) label.struck = true
	}

	/** Which actor a name in a text means: its id, its label, or its label's last word ("A" for "Worker A"). */
	resolveName(name: string): string | undefined {
		const wanted = name.toLowerCase().replace(/'s$/, '')
		const exact = this.scene.actors.find(a => a.id.toLowerCase() === wanted || a.label.value.toLowerCase() === wanted)
		if (exact) return exact.id
		const byLastWord = this.scene.actors.filter(a => a.label.value.toLowerCase().split(/\s+/).pop() === wanted)
		return byLastWord.length === 1 ? byLastWord[0]?.id : undefined
	}

	frameActor(actor: Actor): FrameActor {
		const out: FrameActor = { id: actor.id, label: actor.label.value, x: actor.x, y: actor.y, icon: actor.icon }
		const label = this.labels.get(actor.id)
		if (label) {
			out.state = { text: label.text, struck: label.struck }
			if (label.marks.length > 0) out.state.marks = label.marks
		}
		const worker = this.workers.get(actor.id)
		const lease = worker?.hold?.lease
		if (worker?.hold && lease && !worker.hold.released) {
			const entry: NonNullable<FrameActor['lease']> = { expiresAt: lease.expiresAt, lost: lease.lost || worker.hold.gone }
			if (lease.fence !== undefined) entry.fence = showFence(lease.fence)
			out.lease = entry
		}
		const database = this.databases.get(actor.id)
		if (database) out.storedFence = showFence(this.storedFence(database))
		const store = this.stores.get(actor.id)
		if (store) {
			out.epoch = store.store.epoch.toString()
			out.holders = this.holdersOf(store)
		}
		return out
	}
}

/** The offset in a text's source of an offset in its value: escapes take two characters. */
function rawOffset(value: string, offset: number): number {
	let raw = 0
	for (let i = 0; i < offset && i < value.length; i++) raw += value[i] === '"' || value[i] === '\\' ? 2 : 1
	return raw
}
