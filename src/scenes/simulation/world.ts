/**
 * The world a scene runs in, and its bridge to the engine: the simulated clock, a store per lock
 * actor, a chats table per database actor, each worker's hold. Verbs change it only through its
 * methods, each of which tells the recorder what happened.
 */
import type { Actor, Position, Scene } from '../../../scene-parser/index.ts'
import { MAX_FENCE, SimulatedClock, Store, fenceText, parseFence } from '../../../engine/index.ts'
import type { Lock, Semaphore, SqliteDriver, SqlValue } from '../../../engine/index.ts'
import { showFence, type ActorKind, type Happening } from '../claims/index.ts'
import type { Domain } from '../../seed/domain.ts'
import { DEFAULT_DOMAIN } from '../../seed/domains.ts'
import type { Diagnostic } from '../frame.ts'
import { kindOf } from './cast.ts'
import { clipWords, errorWords } from './error-words.ts'
import type { DatabaseActor, Hold, Lease, StoreActor, WorkerActor } from './actors.ts'
import type { WorkerProcess } from './process.ts'
import { Recorder, type ProcessStates } from './record.ts'

export type { DatabaseActor, Hold, Lease, StoreActor, WorkerActor } from './actors.ts'

/** Opens a SQLite database for the actor `owner`: empty, or from the bytes of an earlier one (a backup). */
export type OpenDriver = (bytes?: Uint8Array, owner?: string) => SqliteDriver

/** The key the scene's workers hold unless the scene says `key`. */
export const DEFAULT_KEY = 'chat'
/**
 * The most of the engine's timers one wait of a scene runs through (a lease's end, a renewal, a
 * wait's): a key a renewing holder keeps never comes free, and the scene says so after these.
 */
export const UNTIL_TIMERS = 10_000

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
	/** The renewals a worker's process made on its own that a message has shown: each is shown once. */
	readonly shown = new Set<Happening>()

	constructor(
		readonly scene: Scene,
		readonly openDriver: OpenDriver,
		readonly file: string | undefined,
		options: { ttl: number; key: string; unfenced?: boolean; allFenced?: boolean; settling?: Settling; domain?: Domain },
	) {
		this.clock = new SimulatedClock(0, options.settling ?? SCENE_SETTLING)
		this.key = options.key
		this.ttl = options.ttl
		this.domain = options.domain ?? DEFAULT_DOMAIN
		this.kinds = new Map(scene.actors.map(actor => [actor.id, kindOf(actor.icon)]))
		this.record = new Recorder(this)
		this.record.processes = this.processStates
		this.#unfenced = options.unfenced === true
		this.#allFenced = options.allFenced === true
	}

	/** The scene's domain: its database's tables and fenced write, and its samples' prelude. */
	readonly domain: Domain

	/** Each worker's process when the scene runs a code sample (else its DSL actions are the program). */
	readonly processes = new Map<string, WorkerProcess>()

	/** The processes of workers that crashed and restarted, each replaced by a new one in `processes`. */
	readonly retired: WorkerProcess[] = []

	/** Makes and keeps a new process for a worker, when the scene runs a code sample. */
	spawn: ((worker: WorkerActor) => WorkerProcess) | undefined

	/** Why this run, the scene without fences, tells nothing of it (a sample's own SQL that compares fences): set once. */
	untellableWithoutFences: string | undefined

	/** Where each store's workers say it is (a URL, a folder), as the first of them said it. */
	readonly addresses = new Map<string, { address: unknown; worker: string }>()

	/** The name of each store's lock, as the first worker's code asked for it. */
	readonly lockNames = new Map<string, { name: string; worker: string }>()

	/** The failures of the code told already (the errors themselves): each is told once, at its line. */
	readonly failuresTold = new Set<unknown>()

	/** Every fence a store of the scene gave: a value a sample passes to its database is a fence when it is one of these. */
	readonly givenFences = new Set<bigint>()

	/** Where the statement being run was written, for what the engine reports while it runs. */
	statement: Position | undefined

	/** Whether a statement of the code sample (its id) awaits a piece of work itself (`SampleStatement.awaits`), or may have (a call in a part that may not run): none without a sample. */
	awaitsWork: (statement: number) => boolean = () => false

	/** Whether each worker's process is paused (since when) or crashed: the scene's steps say so, and the engine's facts show it. */
	readonly processStates = new WorkerStates()

	readonly #unfenced: boolean
	/** Every database checks fences, a drawn `fences=off` too: the world a "with fences" counterfactual is checked in. */
	readonly #allFenced: boolean

	/** Opens a store per lock actor and a chats table per database actor. */
	async open(startCount: (store: Actor) => bigint): Promise<void> {
		for (const actor of this.scene.actors) {
			const kind = this.kinds.get(actor.id)
			if (kind === 'store') {
				const driver = this.openDriver(undefined, actor.id)
				const store = await Store.open({ sqlite: driver, clock: this.clock, startCount: startCount(actor) })
				this.stores.set(actor.id, { actor, driver, store, holderOf: new Map() })
				this.record.ledger.opened(actor.id, actor.limit ?? 1)
			} else if (kind === 'database') {
				const driver = this.openDriver(undefined, actor.id)
				driver.exec(this.domain.schema)
				const database: DatabaseActor = { actor, driver, fenced: this.#allFenced || (actor.fences !== 'off' && !this.#unfenced), fence: 0n }
				driver.run(this.domain.insertRow, [this.domain.rowId(this.key)])
				this.databases.set(actor.id, database)
			} else if (kind === 'worker') {
				this.workers.set(actor.id, { actor })
			}
		}
	}

	async dispose(): Promise<void> {
		for (const worker of this.workers.values()) {
			worker.hold?.finish()
			// A worker's code stopped at an act holds its lease still: let it go, so the stores close with no holder to tell.
			if (this.processes.has(worker.actor.id) && worker.hold?.lease && !worker.hold.released) await worker.hold.lease.release().catch(() => {})
			for (const hold of worker.left ?? []) {
				hold.finish()
				if (hold.lease && !hold.released) await hold.lease.release().catch(() => {})
			}
		}
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

	/** The leases that hold the store's key now. */
	leasesOf(store: StoreActor): readonly Lease[] {
		return this.locks(store).holders(this.key) as readonly Lease[]
	}

	/** The workers in line for a store's key, first first. */
	waitersOf(store: StoreActor): WorkerActor[] {
		return [...this.workers.values()]
			.filter(w => w.hold && w.hold.store === store && !w.hold.lease && !w.hold.failed && !w.hold.gone)
			.sort((a, b) => (a.hold?.asked ?? 0) - (b.hold?.asked ?? 0))
	}

	/** A worker's lease while it is live: held, not lost, not released, its store not gone. */
	/**
	 * Why the worker cannot ask for `store`'s key now: it still holds, or waits in line for, another
	 * store's. The world keeps one hold a worker, so a second beside the first would hide it (the first
	 * lock would still name the worker its holder while the worker showed no lease).
	 */
	holdsElsewhere(worker: WorkerActor, store: StoreActor): string | undefined {
		const hold = worker.hold
		if (!hold || hold.store === store || hold.gone || hold.released || hold.failed) return undefined
		const id = worker.actor.id
		const other = hold.store.actor.id
		const oneAtATime = `a worker of a scene holds or waits for one key at a time; let go first, or give ${store.actor.id}'s key to another worker`
		const lease = hold.lease
		if (!lease) return `${id} still waits in line for ${other}'s key: ${oneAtATime}`
		if (lease.lost || lease.expiresAt <= this.clock.now()) return undefined
		return `${id} still holds ${other}'s key${lease.fence === undefined ? '' : ` (fence ${showFence(lease.fence)})`}: ${oneAtATime}`
	}

	liveLease(worker: WorkerActor): Lease | undefined {
		const hold = worker.hold
		if (!hold?.lease || hold.released || hold.gone || hold.lease.lost) return undefined
		return hold.lease
	}

	/** Sets the row's fence before the first step (`set db "fence N"`); 0 is the migration's empty default. */
	setRowFence(database: DatabaseActor, fence: bigint): void {
		this.#writeRow(database, this.domain.setFence, [fence === 0n ? '' : fenceText(fence), this.domain.rowId(this.key)])
	}

	/** The worker writes its own value with its lease's fence: its domain's conditional update, or the plain one. */
	write(worker: WorkerActor, database: DatabaseActor, fence: bigint): boolean {
		const text = fenceText(fence)
		const id = worker.actor.id
		// The domain's own write: a scene of another domain (a leader's job) writes its table, not the chats.
		const { sql, params } = this.domain.stageWrite(id, text, this.domain.rowId(this.key), database.fenced)
		return this.#write(worker, database, sql, params.map(sqlValue), fence, database.fenced, true).changes > 0
	}

	/**
	 * A worker's code runs a statement on its database: the domain's save, or its own SQL. The fence
	 * the write carries is the one the caller names, else the value among its parameters that is a
	 * fence a store gave (as a number or as its 40-digit text); a write with none carries none.
	 */
	execWrite(worker: WorkerActor, database: DatabaseActor, sql: string, params: readonly unknown[], fence?: bigint, decides?: boolean, authors?: boolean, statement?: number, thing?: string, returned?: readonly string[]): { changes: number; badFence?: string } {
		const values = params.map(value => sqlValue(value))
		const own = worker.hold?.lease?.fence
		// The fence itself, its 40 digits, or the worker's own fence as a number the statement may pad itself: what the
		// write carries is read from what it was given.
		const carried = fence ?? values.map(value => fenceIn(value, this.givenFences) ?? ownFenceIn(value, own)).find(found => found !== undefined)
		// A write carries the fence of the lease it writes under: the worker's latest, held or lost. Any other (a fence
		// kept from an earlier hold, another worker's, one the code made) is the code's mistake, not a fence of its own.
		if (carried !== undefined && carried !== own) {
			throw new TypeError(`${worker.actor.id}'s write carries fence ${carried}, and ${own === undefined ? `${worker.actor.id} holds no fenced lease` : `${worker.actor.id}'s lease has fence ${own}`}: a write carries the fence of the lease it writes under`)
		}
		// The domain's own statements (its save, its claim) write the story's row and no other; a sample's own SQL is
		// admitted only as a write of the domain's table, and watched.
		if (decides === undefined) {
			this.#count(database)
			this.#admit(worker, database, sql, values)
		}
		const schema = decides === undefined ? schemaVersion(database) : undefined
		const rowFenceBefore = database.fence
		const result = this.#write(worker, database, sql, values, carried, decides, authors, statement, thing, returned)
		// The fence a taken write leaves in the row is the one it carries: a statement that stores another (the fence plus
		// one, a constant) while it carries its lease's would show a fence no store gave, and claims of the wrong one.
		if (database.fence !== rowFenceBefore && result.badFence === undefined && database.fence !== carried) {
			throw new TypeError(`${worker.actor.id}'s write left fence ${database.fence} in ${database.actor.label.value}'s row, and it carried ${carried === undefined ? 'no fence' : `fence ${carried}`}: a write keeps the fence it carries`)
		}
		const fenced = this.lastWrite(worker.actor.id, database.actor.id)?.fenced === true
		if (fenced && database.actor.fences === 'off') {
			throw new Error(`${database.actor.label.value} is drawn checking no fence (fences=off), and ${worker.actor.id}'s SQL compares its fence with the row's`)
		}
		// Run without fences, a write whose own SQL compares the fence is no write of a database that checks none.
		if (fenced && this.#unfenced) this.untellableWithoutFences ??= `${worker.actor.id}'s own SQL compares the fence, so the scene cannot be run without fences; write the saves with save(...), which a database without fences runs without its check`
		if (schema !== undefined && schemaVersion(database) !== schema) {
			throw new Error(`${worker.actor.id}'s SQL changed ${database.actor.label.value}'s tables (a trigger, a table, an index): a scene's database keeps its domain's tables, and its writes change rows`)
		}
		return result
	}

	/**
	 * Whether the write's fence decides its outcome by the fence rule: run again in a savepoint
	 * (rolled back after) on the row with its fence set just below the write's, it is taken, and with
	 * its fence just above, it is refused. Its own SQL may compare no fence, compare the fence with
	 * something else than the row's (a constant), or the row's with nothing: none of these decides.
	 */
	#fenceDecides(database: DatabaseActor, sql: string, params: readonly SqlValue[], fence: bigint): boolean {
		const takenWith = (rowFence: bigint): boolean | undefined => {
			const { driver } = database
			driver.exec('savepoint fence_decides')
			try {
				this.#writeRow(database, this.domain.setFence, [rowFence <= 0n ? '' : fenceText(rowFence), this.domain.rowId(this.key)])
				const mark = this.#storyMark(database)
				driver.run(sql, params)
				return this.#wroteStory(database, mark).changed
			} catch {
				return undefined
			} finally {
				driver.exec('rollback to fence_decides')
				driver.exec('release fence_decides')
			}
		}
		const kept = database.fence
		try {
			return takenWith(fence - 1n) === true && takenWith(fence + 1n) === false
		} finally {
			database.fence = kept
		}
	}

	/** The databases whose connection counts the updates of the story's row: those a sample's own SQL wrote. */
	readonly #counting = new WeakSet<DatabaseActor>()

	/** The story's row as it is now, as text; where updates are counted, the count starts again from here. */
	#storyMark(database: DatabaseActor): string {
		if (this.#counting.has(database)) database.driver.run(`delete from ${STORY_WRITES}`, [])
		return rowText(this.#storyRow(database))
	}

	/** The story's row, read. */
	#storyRow(database: DatabaseActor): Record<string, unknown> | undefined {
		return database.driver.get<Record<string, unknown>>(this.domain.row, [this.domain.rowId(this.key)])
	}

	/**
	 * Whether the database took a write to the story's row since `mark`, the row being `row` now: it
	 * is not as it was, or (where a sample's own SQL runs) an update of it ran that left it as it was,
	 * the same fence and summary again. A statement that only changed another row, or made one, took
	 * no write of the story's. `authored`: it wrote the row's author column (`table.author`: the
	 * summary), as the database's own trigger saw, whatever value it wrote.
	 */
	#wroteStory(database: DatabaseActor, mark: string, row = this.#storyRow(database)): { changed: boolean; authored: boolean } {
		const counted = this.#counting.has(database)
			? database.driver.get<{ updates: number; authored: number }>(`select count(*) as updates, coalesce(max(authored), 0) as authored from ${STORY_WRITES} where id = ?`, [this.domain.rowId(this.key)])
			: undefined
		return { changed: rowText(row) !== mark || Number(counted?.updates ?? 0) > 0, authored: Number(counted?.authored ?? 0) > 0 }
	}

	/**
	 * Admits a statement of a sample's own SQL, or says why not: one insert, update or replace whose
	 * only writes go to the domain's table (and its indexes) in the database's own file, read from the
	 * program SQLite compiled it to (`explain`), not from its text. Nothing else: no other table, no
	 * temporary one (the checker's own are there), no attached file, no schema change, no pragma, no
	 * recursive query (which can run for ever in one statement).
	 */
	#admit(worker: WorkerActor, database: DatabaseActor, sql: string, values: readonly SqlValue[]): void {
		const refuse = (why: string): never => {
			throw new Error(`${worker.actor.id}'s SQL ${why}: a sample's own statement is one insert, update or replace of ${database.actor.label.value}'s ${this.domain.table.name} table`)
		}
		const words = sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`|\[[^\]]*\]/g, ' ').toLowerCase()
		const first = /^\s*([a-z]+)/.exec(words)?.[1] ?? ''
		if (!['insert', 'update', 'replace', 'with'].includes(first)) refuse(first === '' ? 'is no statement' : `is a statement that begins "${first}"`)
		if (/\brecursive\b/.test(words)) refuse('has a recursive query, which may never end')
		let program: { opcode: string; p2: number; p3: number; p4: unknown }[]
		try {
			program = database.driver.all<{ opcode: string; p2: number; p3: number; p4: unknown }>(`explain ${sql}`, values)
		} catch (error) {
			return refuse(`does not compile: ${error instanceof Error ? error.message : String(error)}`)
		}
		const roots = new Set(database.driver.all<{ rootpage: number }>('select rootpage from main.sqlite_schema where tbl_name = ?', [this.domain.table.name]).map(row => Number(row.rootpage)))
		const table = database.driver.get<{ rootpage: number }>("select rootpage from main.sqlite_schema where type = 'table' and name = ?", [this.domain.table.name])?.rootpage
		const counter = database.driver.get<{ rootpage: number }>("select rootpage from temp.sqlite_schema where type = 'table' and name = 'story_writes'")?.rootpage
		let writesTable = false
		for (const step of program) {
			if (FORBIDDEN_OPCODES.has(step.opcode)) refuse(`does what no write of a row does (SQLite's ${step.opcode})`)
			if ((step.opcode === 'Function' || step.opcode === 'PureFunc') && /^sqlite_(attach|detach)/.test(String(step.p4))) refuse('attaches a file')
			const called = /^([a-z_]+)\(/.exec(String(step.p4))?.[1]
			if (step.opcode === 'Function' && called !== undefined && UNREPEATABLE_FUNCTIONS.has(called)) {
				refuse(`calls ${called}(), whose answer is not the statement's to repeat (the connection's count of changes, a random number, the machine's clock): the checker runs a write twice to see whether its fence decides it, and the two runs must be the same`)
			}
			if (step.opcode === 'OpenRead' && step.p3 !== 0) refuse('reads a table outside the database (a temporary or attached one)')
			if (step.opcode !== 'OpenWrite') continue
			if (step.p3 === 0 && roots.has(Number(step.p2))) {
				if (Number(step.p2) === Number(table)) writesTable = true
				continue
			}
			// The one write outside: the checker's own count of the row's updates, which its trigger makes.
			if (step.p3 === 1 && counter !== undefined && Number(step.p2) === Number(counter)) continue
			refuse('writes a table other than it')
		}
		if (!writesTable) refuse('writes nothing of it')
	}

	/** Makes the database's connection count the updates of the story's row, before a sample's own SQL first runs on it. */
	#count(database: DatabaseActor): void {
		if (this.#counting.has(database)) return
		database.driver.exec(storyWrites(this.domain))
		this.#counting.add(database)
	}

	#write(worker: WorkerActor, database: DatabaseActor, sql: string, params: readonly SqlValue[], fence: bigint | undefined, decides?: boolean, authors?: boolean, statement?: number, thing?: string, returned?: readonly string[]): { changes: number; badFence?: string } {
		const before = database.fence
		const writerBefore = database.writer
		// Whether the writer's lease was still its own when it wrote: a late write is one that was not.
		const live = this.liveLease(worker) !== undefined
		const id = worker.actor.id
		const rowBefore = this.#storyMark(database)
		// The counterfactual runs on the row as it was, before the write: it rolls back whatever it did.
		const fenced = decides ?? this.#fenceDecidesBefore(database, sql, params, fence)
		const result = this.#writeRow(database, sql, params)
		// What changed is the story's row, whatever the statement counted (another row, a row it made).
		// The domain's own statements (decides is known) write the story's row alone: a row they updated was taken.
		const told = this.#wroteStory(database, rowBefore)
		const changed = (decides !== undefined && result.changes > 0) || told.changed
		// The row's author is the worker whose write last wrote its author column (the summary): the domain's statements say
		// whether they do, a sample's own SQL is seen doing it by the database's trigger. Never read from what it wrote.
		if (changed && (authors ?? told.authored)) database.writer = id
		// Whether it writes the row's THING at all (refused or not): the domain's statements say, a sample's own SQL names its column.
		const writesThing = authors ?? (told.authored || new RegExp(`\\b${this.domain.table.author}\\b`, 'i').test(sql))
		const plain = { kind: 'wrote' as const, at: this.clock.now(), worker: id, database: database.actor.id, fence: fence ?? 0n, changed, before, after: database.fence, fenced, live, ...(fence === undefined ? { noFence: true as const } : {}), ...(writesThing ? {} : { noThing: true as const }), ...(statement === undefined ? {} : { statement }), ...(thing === undefined ? {} : { thing }), ...(returned === undefined ? {} : { returned: [...returned] }) }
		const wrote = writerBefore === undefined ? plain : { ...plain, writerBefore }
		this.record.happen(wrote)
		this.record.ledger.wrote(wrote)
		this.#lastWrites.set(`${id} ${database.actor.id}`, wrote)
		return result
	}

	/** `#fenceDecides` asked before the write happens, on the row as it is: whether the write carries a fence, and the fence rule decides it. */
	#fenceDecidesBefore(database: DatabaseActor, sql: string, params: readonly SqlValue[], fence: bigint | undefined): boolean {
		if (fence === undefined) return false
		return this.#fenceDecides(database, sql, params, fence)
	}

	/** The worker's last write to the database, if it wrote to it. */
	lastWrite(worker: string, database: string): Extract<Happening, { kind: 'wrote' }> | undefined {
		return this.#lastWrites.get(`${worker} ${database}`)
	}

	/**
	 * Runs a statement that writes the row, then reads the row's fence back from the database: the
	 * fence every claim is checked against is the database's own. A fence kept as anything but 40
	 * digits (or the empty default) compares wrong as text: it comes back as `badFence`.
	 */
	#writeRow(database: DatabaseActor, sql: string, params: readonly SqlValue[]): { changes: number; badFence?: string } {
		const { changes } = database.driver.run(sql, params)
		const row = database.driver.get<{ fence: unknown }>(this.domain.rowFence, [this.domain.rowId(this.key)])
		const stored = row?.fence ?? ''
		const text = typeof stored === 'string' ? stored : String(stored)
		const canonical = typeof stored === 'string' && (text === '' || (/^[0-9]{40}$/.test(text) && BigInt(text) <= MAX_FENCE))
		if (/^[0-9]{1,40}$/.test(text) && BigInt(text) <= MAX_FENCE) database.fence = parseFence(text)
		else if (text === '') database.fence = 0n
		return canonical ? { changes } : { changes, badFence: text }
	}

	/**
	 * A worker asks the store for the key: `hold` waits in line (up to `wait`), `tryHold` does not.
	 * Resolves once the engine has answered or put it in line. With a `body` (a sample's code), the
	 * lease's function is that code, and the hold's `done` is what the engine's hold resolves to;
	 * without, the function waits for the scene to release it.
	 */
	async startHold(
		worker: WorkerActor,
		store: StoreActor,
		options: { tryOnly: boolean; wait?: number; /** The code's hold gave no wait: `wait` is the library's default. */ waitDefault?: true; ttl?: number; position: Position; unshown?: true; body?: (lease: Lease) => Promise<unknown>; signal?: AbortSignal; line?: number; /** The code's hold renews the lease on its own: the grant records it. */ renews?: true },
	): Promise<Hold> {
		// A lease of this worker's that ran out before it asks again is told before its new hold replaces it.
		this.record.noticeLosses()
		let finish = () => {}
		const ended = new Promise<void>(resolve => {
			finish = resolve
		})
		const askedAt = this.clock.now()
		const ttl = options.ttl ?? this.ttl
		const hold: Hold = { store, asked: ++this.#asked, askedAt, gone: false, released: false, shown: false, queued: false, tryOnly: options.tryOnly, finish, ttl, ...(options.wait === undefined ? {} : { wait: options.wait }) }
		const id = worker.actor.id
		const asked = this.record.happen({
			kind: 'asked',
			at: askedAt,
			worker: id,
			store: store.actor.id,
			tryOnly: options.tryOnly,
			...(options.wait === undefined ? {} : { wait: options.wait }),
			...(options.waitDefault && options.wait !== undefined ? { waitDefault: true as const } : {}),
			...(options.signal === undefined ? {} : { signal: true as const }),
			...(options.unshown ? { unshown: true as const } : {}),
			...(options.body ? { ttl } : {}),
			...(options.line === undefined ? {} : { line: options.line }),
		})
		const body = options.body
		const fn = async (lease: Lease) => {
			// A key handed on when a lease ran out: that loss comes first.
			this.record.noticeLosses()
			const at = this.clock.now()
			const place = hold.queued ? this.waitersOf(store).indexOf(worker) + 1 : 0
			hold.lease = lease
			hold.grantedAt = at
			store.holderOf.set(lease.id, id)
			if (lease.fence !== undefined) {
				store.lastFence = lease.fence
				this.givenFences.add(lease.fence)
			}
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
				...(options.renews ? { renews: true as const } : {}),
			})
			this.record.ledger.granted(hold.result as Extract<Happening, { kind: 'granted' }>)
			if (body) return body(lease)
			await ended
			return undefined
		}
		const settings = { ttl, renew: false, signal: this.#signalOf(worker, options.signal) }
		const locks = this.locks(store)
		// The worker's hold before the engine may run its function (a key free now is given at once).
		worker.hold = hold
		const asking = options.tryOnly
			? locks.tryHold(this.key, fn, settings)
			: locks.hold(this.key, fn, { ...settings, wait: options.wait ?? SCENE_TIME_LIMIT_MS })
		hold.done = asking
		asking.then(
			() => {
				// tryHold gives undefined, without running the function, when the key is held.
				if (hold.lease) return
				hold.failed = { code: 'held', message: 'the key is held' }
				hold.result = this.record.happen({ kind: 'refused', at: this.clock.now(), worker: id, store: store.actor.id, full: store.actor.limit !== undefined, holders: this.holdersOf(store) })
				this.record.ledger.link(hold.result, ...this.#holdersGrants(store))
			},
			(error: unknown) => {
				// A waiter whose store closed under it left the line with the store; it did not give up.
				if (hold.gone) return
				const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : 'error'
				const message = error instanceof Error ? clipWords(error.message) : errorWords(error)
				// A lease that was held ended with the function's error: the code's failure, told where the code failed.
				if (hold.lease) return
				hold.failed = { code, message }
				// A crashed process's waiting hold left the line with it.
				if (code === 'cancelled' && this.processStates.crashed(id)) {
					hold.result = this.record.happen({ kind: 'left', at: this.clock.now(), worker: id, store: store.actor.id })
					this.record.ledger.link(hold.result, this.record.ledger.stoppedBy(id))
					return
				}
				// A wait that ran out, or one the code's own signal ended (AbortSignal.timeout), is giving up; any other refusal (a
				// count used up) is the scene's error, not a story to tell.
				if (code !== 'held' && code !== 'cancelled') {
					if (body) return
					this.report(options.position, `the engine refused ${id}'s hold: ${message}`)
					this.stopped = true
					return
				}
				hold.result = this.record.happen({ kind: 'gave-up', at: this.clock.now(), worker: id, store: store.actor.id, waited: this.clock.now() - askedAt, holders: this.holdersOf(store) })
				this.record.ledger.link(hold.result, ...this.#holdersGrants(store))
			},
		)
		await this.clock.settle()
		if (!hold.lease && !hold.failed) {
			hold.queued = true
			// It waits in line because the key is held: by these holders' grants.
			this.record.ledger.link(asked, ...this.#holdersGrants(store))
		}
		return hold
	}

	/** The grants of the leases that hold a store's key now (a restarted worker's old lease among them). */
	#holdersGrants(store: StoreActor): Happening[] {
		return this.leasesOf(store).flatMap(lease => {
			const worker = this.workers.get(store.holderOf.get(lease.id) ?? '')
			const hold = [worker?.hold, ...(worker?.left ?? [])].find(one => one?.lease?.id === lease.id)
			const result = hold?.result
			return result?.kind === 'granted' && result.store === store.actor.id ? [result] : []
		})
	}

	/** The signal a worker's hold waits with: its process's crash, and the code's own signal if it gave one. */
	#signalOf(worker: WorkerActor, own: AbortSignal | undefined): AbortSignal {
		const crash = this.processStates.signal(worker.actor.id)
		return own === undefined ? crash : AbortSignal.any([crash, own])
	}

	/** The worker lets go of its lease through the engine and ends its function; the next in line holds the key at once. */
	async release(worker: WorkerActor, options: { called?: true } = {}): Promise<void> {
		const hold = worker.hold
		if (!hold?.lease) return
		// A lease that ran out before it was let go ran out: that is recorded first, and its release lets go of nothing.
		this.record.noticeLosses()
		const line = this.waitersOf(hold.store).map(w => w.actor.id)
		const live = this.liveLease(worker) !== undefined
		// The release is told before the engine hands the key on: the next holder's grant follows it. A lease lost before
		// is let go of by nothing, but the function's return is still the end of the code's work in the hold: it is told.
		// A return told before it (`finished`) at this very moment: the let-go tells it, as it does a return with no wait.
		if (live && !options.called && hold.finished !== undefined && hold.finished.at === this.clock.now()) this.record.unhappen(hold.finished)
		if (live) {
			const released = this.record.happen({ kind: 'released', at: this.clock.now(), worker: worker.actor.id, store: hold.store.actor.id, line, ...(hold.lease.fence === undefined ? {} : { fence: hold.lease.fence }), ...(options.called ? { called: true as const } : {}) })
			this.record.ledger.freed(released.store, released)
		} else if (!options.called) this.record.happen({ kind: 'returned', at: this.clock.now(), worker: worker.actor.id, store: hold.store.actor.id, ...(hold.lease.fence === undefined ? {} : { fence: hold.lease.fence }) })
		await hold.lease.release().catch(() => {})
		hold.released = true
		hold.finish()
		await this.clock.settle()
	}

	/**
	 * The worker's function returned while its lease is live, and its hold's let-go waits for the step that shows it: the code left
	 * the hold's body now, the end of its work (the key is still held until the let-go). Taken back if the let-go comes at this moment.
	 */
	finished(worker: WorkerActor): void {
		const hold = worker.hold
		if (!hold?.lease || hold.released || hold.finished !== undefined) return
		this.record.noticeLosses()
		if (this.liveLease(worker) === undefined) return
		hold.finished = this.record.happen({ kind: 'finished', at: this.clock.now(), worker: worker.actor.id, store: hold.store.actor.id, ...(hold.lease.fence === undefined ? {} : { fence: hold.lease.fence }) })
	}

	/**
	 * The worker's function returned, its lease lost before (run out, ended by an operator): the engine's hold lets go of
	 * nothing then (the lease stays ended where it ended), and no step shows an act of it, but the code left its hold at
	 * this moment: the end of its work, told as the function's return. A loss not yet noticed is told first.
	 */
	returned(worker: WorkerActor): void {
		const hold = worker.hold
		if (!hold?.lease || hold.released) return
		this.record.noticeLosses()
		this.record.happen({ kind: 'returned', at: this.clock.now(), worker: worker.actor.id, store: hold.store.actor.id, ...(hold.lease.fence === undefined ? {} : { fence: hold.lease.fence }) })
	}

	/**
	 * An operator ends the worker's live lease through the engine (`end` of its lock or semaphore): the
	 * lease is lost and its worker told, then the next in line holds the key at once, with a larger
	 * fence. The worker's code is not stopped. A message when there is no live lease to end.
	 */
	async endLease(worker: WorkerActor): Promise<string | undefined> {
		const hold = worker.hold
		const id = worker.actor.id
		// A lease that ran out before the operator came ran out: that is recorded first, and there is nothing left to end.
		this.record.noticeLosses()
		const lease = this.liveLease(worker)
		if (!hold || !lease) return `${id} holds no live lease for an operator to end${hold?.lease ? ` (its lease ${hold.lossRecorded ? 'is already lost' : 'was let go'})` : ''}`
		// The end is told before the engine hands the key on: the next holder's grant follows it.
		hold.lossRecorded = true
		hold.ended = true
		const ended = this.record.happen({ kind: 'ended', at: this.clock.now(), worker: id, store: hold.store.actor.id, ...(lease.fence === undefined ? {} : { fence: lease.fence }) })
		this.record.ledger.freed(ended.store, ended)
		this.locks(hold.store).end(this.key, lease.id)
		await this.clock.settle()
		return undefined
	}

	/**
	 * The worker asks to renew its lease: renewed until a TTL (or `ttl`) from now, or refused (lost,
	 * released, none). `auto` marks a renewal the worker's process made on its own timer. The
	 * engine's refusal is returned, for code that renewed by hand.
	 */
	async renew(worker: WorkerActor, options: { ttl?: number | string; auto?: true } = {}): Promise<unknown> {
		const held = worker.hold?.lease
		const id = worker.actor.id
		if (!held || !worker.hold) {
			this.record.happen({ kind: 'renew-refused', at: this.clock.now(), worker: id, reason: 'none' })
			return new Error(`${id} holds no lease to renew`)
		}
		let refusal: unknown
		try {
			await held.renew(options.ttl)
			const ttl = options.ttl === undefined ? undefined : held.expiresAt - this.clock.now()
			if (ttl !== undefined) worker.hold.ttl = ttl
			// The cadence the worker renews at: the interval from its renewal before (else the grant) to this one.
			const since = worker.hold.renewedAt ?? worker.hold.grantedAt
			if (since !== undefined) worker.hold.renewEvery = this.clock.now() - since
			worker.hold.renewedAt = this.clock.now()
			this.record.happen({ kind: 'renewed', at: this.clock.now(), worker: id, store: worker.hold.store.actor.id, until: held.expiresAt, ...(options.auto ? { auto: true as const } : {}), ...(ttl === undefined ? {} : { ttl }) })
		} catch (error) {
			refusal = error
			const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : ''
			// A refusal follows from the end of the lease: notice a run-out first, so it is there to name.
			this.record.noticeLosses()
			const refused = this.record.happen({ kind: 'renew-refused', at: this.clock.now(), worker: id, reason: code === 'released' ? 'released' : 'lost', store: worker.hold.store.actor.id, ...(options.auto ? { auto: true as const } : {}) })
			this.record.ledger.link(refused, this.record.ledger.leaseEnd(id))
		}
		await this.clock.settle()
		return refusal
	}

	/** The store crashes and opens again, on its kv.db or on the backup's copy: a new epoch, and every lease it gave is gone. */
	async reopen(store: StoreActor, from: 'restart' | 'restore'): Promise<void> {
		const epochBefore = store.store.epoch
		this.record.noticeLosses()
		// The crash is told first and the leases it took after it; the epoch it opened with is filled in once it has.
		const backup = store.backup
		const restored = from === 'restore' && backup !== undefined
		const opened: Extract<Happening, { kind: 'restarted' | 'restored' }> = this.record.happen(restored ? { kind: 'restored', at: this.clock.now(), store: store.actor.id, epochBefore, epoch: epochBefore, backupEpoch: backup.epoch } : { kind: 'restarted', at: this.clock.now(), store: store.actor.id, epochBefore, epoch: epochBefore })
		// The leases it takes, whose places the store that opens has free.
		const taken: Happening[] = []
		// Those in line for its key: the store that opens knows nothing of them, so each leaves the line with the crash (it did not give up).
		const line = this.waitersOf(store)
		for (const worker of this.workers.values()) {
			// A restarted worker's old holds first: their leases are the store's as much as its new one is.
			for (const left of worker.left ?? []) {
				if (left.store !== store) continue
				if (left.lease && !left.released && !left.gone && !left.lossRecorded && !left.lease.lost) {
					left.lossRecorded = true
					const gone = this.record.happen({ kind: 'gone', at: this.clock.now(), worker: worker.actor.id, store: store.actor.id, ...(left.lease.fence === undefined ? {} : { fence: left.lease.fence }) })
					this.record.ledger.link(gone, opened)
					taken.push(gone)
				}
				left.gone = true
			}
			const hold = worker.hold
			if (hold?.store !== store) continue
			if (this.liveLease(worker) && hold.lease) {
				hold.lossRecorded = true
				const gone = this.record.happen({ kind: 'gone', at: this.clock.now(), worker: worker.actor.id, store: store.actor.id, ...(hold.lease.fence === undefined ? {} : { fence: hold.lease.fence }) })
				this.record.ledger.link(gone, opened)
				taken.push(gone)
			}
			hold.gone = true
		}
		for (const waiter of line) {
			if (!waiter.hold) continue
			waiter.hold.result = this.record.happen({ kind: 'left', at: this.clock.now(), worker: waiter.actor.id, store: store.actor.id, closed: true })
			this.record.ledger.link(waiter.hold.result, opened)
		}
		await store.store.close().catch(() => {})
		for (const worker of this.workers.values()) for (const hold of [worker.hold, ...(worker.left ?? [])]) if (hold?.store === store) hold.finish()
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
		// Its epoch is the clock in milliseconds, or, with the clock behind, the epoch before (the copy's) plus one.
		opened.from = opened.epoch === BigInt(opened.at) ? 'clock' : 'previous'
		this.record.ledger.opened(store.actor.id, store.actor.limit ?? 1, taken)
	}

	/** A copy of the store's kv.db is taken, for a later restore. */
	backup(store: StoreActor): void {
		store.backup = { bytes: store.driver.serialize(), epoch: store.store.epoch }
		this.record.happen({ kind: 'backed-up', at: this.clock.now(), store: store.actor.id, epoch: store.store.epoch })
	}

	/** The store a worker's code reaches: the lock actor it is linked to, else the scene's only one. */
	storeOf(worker: string): StoreActor | undefined {
		return this.#linked(worker, this.stores)
	}

	/** The database a worker's code writes: the database actor it is linked to, else the scene's only one. */
	databaseOf(worker: string): DatabaseActor | undefined {
		return this.#linked(worker, this.databases)
	}

	#linked<T extends { actor: Actor }>(worker: string, actors: ReadonlyMap<string, T>): T | undefined {
		const linked = this.scene.links.flatMap(link => (link.from.id === worker ? [link.to.id] : link.to.id === worker ? [link.from.id] : [])).flatMap(id => actors.get(id) ?? [])
		if (linked.length === 1) return linked[0]
		if (linked.length === 0 && actors.size === 1) return [...actors.values()][0]
		return undefined
	}

	/** A worker's process pauses: its code and its renewals wait until it wakes. */
	pause(worker: string): void {
		if (this.processStates.paused(worker)) return
		this.processStates.pause(worker, this.clock.now())
		this.processes.get(worker)?.pause()
		this.record.ledger.stopped(worker, this.record.happen({ kind: 'paused', at: this.clock.now(), worker }))
	}

	/** A paused worker's process runs again. */
	wake(worker: string): void {
		if (!this.processStates.paused(worker) || this.processStates.crashed(worker)) return
		this.processStates.wake(worker)
		this.record.ledger.woke(worker)
		this.record.happen({ kind: 'woke', at: this.clock.now(), worker })
		this.processes.get(worker)?.wake()
	}

	/** A worker's process crashes: it runs nothing more, its connection closes, and a hold it waits in leaves the line. */
	async crash(worker: string): Promise<void> {
		if (this.processStates.crashed(worker)) return
		this.record.ledger.stopped(worker, this.record.happen({ kind: 'crashed', at: this.clock.now(), worker }))
		this.processes.get(worker)?.kill()
		this.processStates.crash(worker, this.clock.now())
		await this.clock.settle()
	}

	/**
	 * A crashed worker's process starts again (its "crashed" label struck): a new process, its code from
	 * the first line (run at once to its first act), a connection of its own. It knows nothing of its
	 * old hold: that lease lives on in the store until it runs out, and the new process must ask again.
	 */
	async restartProcess(worker: string): Promise<void> {
		if (!this.processStates.crashed(worker)) return
		// A lease of the old process that ran out before the restart is told first, as the old process's.
		this.record.noticeLosses()
		const actor = this.workers.get(worker)
		const crash = this.record.ledger.stoppedBy(worker)
		if (actor?.hold) {
			actor.hold.crashedBy = crash
			actor.left = [...(actor.left ?? []), actor.hold]
			actor.hold = undefined
		}
		if (actor) actor.pending = undefined
		this.processStates.restart(worker)
		this.record.ledger.woke(worker)
		this.record.happen({ kind: 'process-restarted', at: this.clock.now(), worker })
		const old = this.processes.get(worker)
		if (old && actor && this.spawn) {
			this.retired.push(old)
			// Its code runs from its first line to its first act now, at the restart's moment.
			await this.spawn(actor).next()
		}
		await this.clock.settle()
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
		for (let guard = 0; !done() && guard < UNTIL_TIMERS; guard++) {
			const next = this.clock.nextTimerAt
			if (next === undefined) return done()
			if (next > SCENE_TIME_LIMIT_MS) return false
			await this.clock.advanceToNextTimer()
		}
		return done()
	}
}

/** A worker's process as the scene has it: paused since when, crashed, and the signal its holds wait with. */
class WorkerStates implements ProcessStates {
	readonly #paused = new Map<string, number>()
	readonly #crashed = new Set<string>()
	readonly #signals = new Map<string, AbortController>()

	/** Paused, or crashed: either way its code does not run. */
	paused(worker: string): boolean {
		return this.#paused.has(worker)
	}

	pausedSince(worker: string): number | undefined {
		return this.#paused.get(worker)
	}

	crashed(worker: string): boolean {
		return this.#crashed.has(worker)
	}

	pause(worker: string, at: number): void {
		this.#paused.set(worker, at)
	}

	wake(worker: string): void {
		this.#paused.delete(worker)
	}

	/** A crashed worker's new process: it runs, and a new signal is its holds'. */
	restart(worker: string): void {
		this.#crashed.delete(worker)
		this.#paused.delete(worker)
		this.#signals.delete(worker)
	}

	crash(worker: string, at: number): void {
		if (!this.#paused.has(worker)) this.#paused.set(worker, at)
		this.#crashed.add(worker)
		this.#signals.get(worker)?.abort(new Error(`${worker}'s process crashed`))
	}

	/** The signal that aborts when the worker's process crashes. */
	signal(worker: string): AbortSignal {
		let controller = this.#signals.get(worker)
		if (!controller) {
			controller = new AbortController()
			if (this.#crashed.has(worker)) controller.abort()
			this.#signals.set(worker, controller)
		}
		return controller.signal
	}
}

/** A value a sample binds as an SQL parameter: strings, numbers, bigints, null and bytes as they are; anything else as its text. */
function sqlValue(value: unknown): SqlValue {
	if (value === undefined || value === null) return null
	if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || value instanceof Uint8Array) return value
	if (typeof value === 'boolean') return value ? 1 : 0
	return String(value)
}

/** A fence parameter's other extreme, in its own form: the largest (`larger`) or none, as a number or as 40-digit text. */
function extremeOf(value: SqlValue, larger: boolean): SqlValue {
	if (typeof value === 'bigint') return larger ? MAX_FENCE : 0n
	return larger ? '9'.repeat(40) : ''
}

/** SQLite's counts of schema changes of a database, its own and its connection's temporary one (where the story's updates are counted). */
function schemaVersion(database: DatabaseActor): string {
	const main = database.driver.get<{ schema_version: number }>('pragma main.schema_version')?.schema_version ?? 0
	const temp = database.driver.get<{ schema_version: number }>('pragma temp.schema_version')?.schema_version ?? 0
	return `${main} ${temp}`
}

/** A row as text, to compare: bigints kept apart from numbers. */
function rowText(row: Record<string, unknown> | undefined): string {
	return JSON.stringify(row ?? null, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value))
}

/** SQLite's opcodes no write of a row compiles to: schema changes, files, virtual tables, a table emptied at once. */
/** SQL functions whose answer is not the statement's own: what the connection did before, chance, the clock, an extension. */
const UNREPEATABLE_FUNCTIONS: ReadonlySet<string> = new Set(['changes', 'total_changes', 'last_insert_rowid', 'random', 'randomblob', 'date', 'time', 'datetime', 'julianday', 'unixepoch', 'strftime', 'timediff', 'current_date', 'current_time', 'current_timestamp', 'load_extension', 'sqlite_offset'])

const FORBIDDEN_OPCODES: ReadonlySet<string> = new Set(['Clear', 'Destroy', 'CreateBtree', 'ParseSchema', 'SetCookie', 'DropTable', 'DropIndex', 'DropTrigger', 'Vacuum', 'IncrVacuum', 'JournalMode', 'Expire', 'Checkpoint', 'IntegrityCk', 'Pagecount', 'MaxPgcnt', 'SqlExec', 'VBegin', 'VCreate', 'VDestroy', 'VOpen', 'VFilter', 'VUpdate', 'VRename', 'VInitIn', 'VCheck'])

/** The temporary table where a database's connection counts the updates of the story's row. */
const STORY_WRITES = 'temp.story_writes'

/**
 * The SQL that makes a connection count the updates of the story's rows: each update of a row
 * leaves a row of `story_writes` with the id of the row it updated.
 */
function storyWrites(domain: Domain): string {
	const { name, id, author } = domain.table
	return [
		`create table if not exists ${STORY_WRITES} (id, authored)`,
		`create trigger if not exists temp.story_updated after update on main.${name} begin insert into story_writes values (old.${id}, 0); end`,
		// An update that writes the author column as it was (summary = summary) writes no one's text: the author stays.
		`create trigger if not exists temp.story_authored after update of ${author} on main.${name} when new.${author} is not old.${author} begin insert into story_writes values (old.${id}, 1); end`,
		`create trigger if not exists temp.story_inserted after insert on main.${name} begin insert into story_writes values (new.${id}, 1); end`,
		`delete from ${STORY_WRITES}`,
	].join(';\n')
}

/**
 * The worker's own fence where a parameter is it as a JavaScript number that holds it exactly (which the statement
 * may pad itself). Unpadded digits as text are no fence: they compare wrong with the row's 40 digits.
 */
function ownFenceIn(value: SqlValue, own: bigint | undefined): bigint | undefined {
	if (own === undefined || own === 0n) return undefined
	if (typeof value === 'number' && Number.isSafeInteger(value) && BigInt(value) === own) return own
	return undefined
}

/** The fence a parameter is, if it is one the stores gave: the fence itself, or its 40-digit text. */
function fenceIn(value: SqlValue, given: ReadonlySet<bigint>): bigint | undefined {
	if (typeof value === 'bigint') return given.has(value) ? value : undefined
	if (typeof value === 'string' && /^[0-9]{40}$/.test(value)) {
		// Forty digits may be more than a fence can be (2^128 - 1): such text is no fence.
		const fence = BigInt(value)
		return given.has(fence) ? fence : undefined
	}
	return undefined
}
