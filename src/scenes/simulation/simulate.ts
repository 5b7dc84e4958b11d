/**
 * The simulation: a scene's syntax tree run against the real lock engine on a simulated
 * clock, giving one frame for the initial state and one per step. Every value a frame shows
 * is the engine's; every number a label claims is compared with it, and a disagreement is a
 * diagnostic at the place the number was written.
 */
import type { Actor, Position, Scene, Send, SetState, Step, StepStatement, Strike, Text } from '../../../scene-parser/index.ts'
import { SimulatedClock, Store, fenceText, parseFence } from '../../../engine/index.ts'
import type { Lease as EngineLease, SqliteDriver } from '../../../engine/index.ts'
import type { Diagnostic, Frame, FrameActor, FrameMessage, SceneFrames } from '../frame.ts'
import {
	findEpoch,
	findFence,
	findLess,
	findOf,
	saysAccepted,
	saysRefused,
	showFence,
	writtenFenceValue,
} from './written-numbers.ts'
import type { WrittenNumber } from './written-numbers.ts'

/** A lock's lease or a semaphore's: the scene treats both alike. */
type Lease = EngineLease<bigint | undefined>

/** Opens a SQLite database: empty, or from the bytes of an earlier one (a backup). */
export type OpenDriver = (bytes?: Uint8Array) => SqliteDriver

export interface SimulateOptions {
	openDriver: OpenDriver
	/** The file the scene came from, named in diagnostics. */
	file?: string
}

/** A worker's lease in a scene lasts this long unless the scene says `ttl`. */
export const DEFAULT_TTL_MS = 30_000
/** The key the scene's workers hold unless the scene says `key`. */
export const DEFAULT_KEY = 'chat'
/** A waiter in a scene waits as long as it takes; this only bounds a scene that never lets go. */
const FOREVER_MS = 365 * 24 * 3600 * 1000

type Kind = 'store' | 'database' | 'worker' | 'decoration'

function kindOf(actor: Actor): Kind {
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
interface StoreActor {
	actor: Actor
	driver: SqliteDriver
	store: Store
	backup?: Uint8Array
	/** Leases this store gave, by lease id, to know which worker holds what. */
	holderOf: Map<string, string>
}

/** A worker's request for the key, from asking until its lease ends. */
interface Hold {
	store: StoreActor
	lease?: Lease
	/** Set when the store the lease came from crashed or was replaced. */
	gone: boolean
	released: boolean
	/** Whether a `send LOCK -> W` has shown this lease yet (a waiter's grant can come on its own). */
	shown: boolean
	failed?: string
	/** Ends the worker's function, so `hold` releases the key. */
	finish: () => void
	done: Promise<unknown>
}

interface WorkerActor {
	actor: Actor
	hold?: Hold
	/** Its last write, per database id. */
	writes: Map<string, { fence: bigint; changed: boolean }>
}

interface DatabaseActor {
	actor: Actor
	driver: SqliteDriver
}

interface ActorLabel {
	text: string
	struck: boolean
}

const CHATS_SCHEMA = `create table chats (id text primary key, summary text not null default '');
alter table chats add column summary_fence text not null default '';`

/** The seed's conditional update: the check and the write are one statement. */
const FENCED_UPDATE = 'update chats set summary = ?, summary_fence = ? where id = ? and summary_fence < ?'

/** Runs a parsed scene on the engine and returns its frames and diagnostics. */
export async function simulateScene(scene: Scene, options: SimulateOptions): Promise<SceneFrames> {
	const run = new SceneRun(scene, options)
	try {
		return await run.frames()
	} finally {
		await run.dispose()
	}
}

class SceneRun {
	readonly clock = new SimulatedClock(0)
	readonly key: string
	readonly ttl: number
	readonly kinds = new Map<string, Kind>()
	readonly stores = new Map<string, StoreActor>()
	readonly databases = new Map<string, DatabaseActor>()
	readonly workers = new Map<string, WorkerActor>()
	readonly labels = new Map<string, ActorLabel>()
	diagnostics: Diagnostic[] = []

	constructor(
		readonly scene: Scene,
		readonly options: SimulateOptions,
	) {
		const key = scene.settings.find(s => s.kind === 'key')
		const ttl = scene.settings.find(s => s.kind === 'ttl')
		this.key = key?.kind === 'key' ? key.value.value : DEFAULT_KEY
		this.ttl = ttl?.kind === 'ttl' ? ttl.ms : DEFAULT_TTL_MS
		for (const actor of scene.actors) this.kinds.set(actor.id, kindOf(actor))
	}

	async frames(): Promise<SceneFrames> {
		await this.open()
		const frames: Frame[] = []
		for (const statement of this.scene.initial) this.initial(statement)
		frames.push(this.frame(0, '', [], []))
		for (const [index, step] of this.scene.steps.entries()) {
			frames.push(await this.step(index + 1, step))
		}
		const diagnostics = frames.flatMap(f => f.diagnostics)
		return {
			code: this.scene.code ? { lang: this.scene.code.lang, lines: this.scene.code.lines } : undefined,
			frames,
			diagnostics,
		}
	}

	async open(): Promise<void> {
		for (const actor of this.scene.actors) {
			const kind = this.kinds.get(actor.id)
			if (kind === 'store') {
				const driver = this.options.openDriver()
				const store = await Store.open({ sqlite: driver, clock: this.clock, startCount: this.startCount(actor.id) })
				this.stores.set(actor.id, { actor, driver, store, holderOf: new Map() })
			} else if (kind === 'database') {
				const driver = this.options.openDriver()
				driver.exec(CHATS_SCHEMA)
				driver.run('insert into chats (id) values (?)', [this.key])
				this.databases.set(actor.id, { actor, driver })
			} else if (kind === 'worker') {
				this.workers.set(actor.id, { actor, writes: new Map() })
			}
		}
	}

	/**
	 * The count a store starts from: just below the first fence its actor sends a worker, less
	 * one for each lease it gave before that send without writing a number.
	 */
	startCount(storeId: string): bigint {
		let earlier = 0n
		for (const step of this.scene.steps) {
			for (const statement of step.statements) {
				// After a restart the count starts again from 0, so only the first open's grants count.
				if ((statement.kind === 'restart' || statement.kind === 'restore') && statement.actor.id === storeId) return 0n
				if (statement.kind !== 'send' || statement.from.id !== storeId) continue
				if (this.kinds.get(statement.to.id) !== 'worker' || saysRefused(statement.label.value)) continue
				const written = findFence(statement.label.value)
				if (!written) {
					earlier++
					continue
				}
				const count = writtenFenceValue(written.text) % (1n << 64n) - 1n - earlier
				return count > 0n ? count : 0n
			}
		}
		return 0n
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
		this.diagnostics.push({ file: this.options.file, line: position.line, column: position.column, message })
	}

	/** The place of a number inside a label: one column past the opening quote, plus its offset. */
	at(text: Text, written: WrittenNumber): Position {
		return { line: text.position.line, column: text.position.column + 1 + rawOffset(text.value, written.offset) }
	}

	checkFence(text: Text, written: WrittenNumber | undefined, actual: bigint | undefined, what = 'fence'): void {
		if (!written) return
		if (actual === undefined) {
			this.report(this.at(text, written), `expected ${what} ${written.text}, but there is no fence here (a semaphore's lease has none)`)
		} else if (writtenFenceValue(written.text) !== actual) {
			this.report(this.at(text, written), `expected ${what} ${written.text}, the engine gave ${showFence(actual)}`)
		}
	}

	initial(statement: SetState | Strike): void {
		if (statement.kind === 'strike') {
			this.strike(statement)
			return
		}
		this.labels.set(statement.actor.id, { text: statement.text.value, struck: false })
		const database = this.databases.get(statement.actor.id)
		const written = findFence(statement.text.value)
		if (database && written) {
			const fence = writtenFenceValue(written.text)
			database.driver.run('update chats set summary_fence = ? where id = ?', [fence === 0n ? '' : fenceText(fence), this.key])
		}
	}

	async step(index: number, step: Step): Promise<Frame> {
		this.diagnostics = []
		const messages: FrameMessage[] = []
		for (const statement of step.statements) {
			const message = await this.statement(statement)
			if (message) messages.push(message)
		}
		await this.clock.settle()
		const lines: number[] = []
		if (step.lines) for (let line = step.lines.from; line <= step.lines.to; line++) lines.push(line)
		return this.frame(index, step.caption.value, lines, messages)
	}

	async statement(statement: StepStatement): Promise<FrameMessage | undefined> {
		switch (statement.kind) {
			case 'send':
				return this.send(statement)
			case 'set':
				this.set(statement)
				return undefined
			case 'strike':
				this.strike(statement)
				return undefined
			case 'wait':
				await this.clock.advance(statement.ms)
				return undefined
			case 'release':
				await this.release(statement.actor.id, statement.position)
				return undefined
			case 'restart':
			case 'restore':
				await this.reopen(statement.actor.id, statement.kind, statement.position)
				return undefined
			case 'backup':
				this.backup(statement.actor.id, statement.position)
				return undefined
		}
	}

	async send(send: Send): Promise<FrameMessage> {
		const from = this.kinds.get(send.from.id)
		const to = this.kinds.get(send.to.id)
		const message: FrameMessage = { from: send.from.id, to: send.to.id, label: send.label.value, computed: '' }
		if (send.color) message.color = send.color
		if (from === 'store' && to === 'worker') message.computed = await this.grant(send)
		else if (from === 'worker' && to === 'store') message.computed = await this.ask(send.from.id, send.to.id)
		else if (from === 'worker' && to === 'database') message.computed = this.write(send)
		else if (from === 'database' && to === 'worker') message.computed = this.answer(send)
		else message.computed = send.label.value
		return message
	}

	/** The store actor's lock or semaphore for the scene's key. */
	locks(store: StoreActor) {
		const limit = store.actor.limit
		return limit === undefined ? store.store.lock(store.actor.id) : store.store.semaphore(store.actor.id, { limit })
	}

	/** A worker joins the store's line for the key; the lease arrives when the engine gives it. */
	async ask(workerId: string, storeId: string): Promise<string> {
		const worker = this.workers.get(workerId)
		const store = this.stores.get(storeId)
		if (!worker || !store) return ''
		if (worker.hold && !worker.hold.gone && worker.hold.store === store && !worker.hold.lease?.lost && !worker.hold.failed) {
			return worker.hold.lease ? 'already holds the key' : 'already in line'
		}
		worker.hold = this.startHold(worker, store, false)
		await this.clock.settle()
		const lease = worker.hold.lease
		return lease ? `asks; the key is free` : `asks; waits in line behind ${this.holdersOf(store).join(', ') || 'others'}`
	}

	startHold(worker: WorkerActor, store: StoreActor, tryOnly: boolean): Hold {
		let finish = () => {}
		const ended = new Promise<void>(resolve => {
			finish = resolve
		})
		const hold: Hold = { store, gone: false, released: false, shown: false, finish, done: Promise.resolve() }
		const fn = async (lease: Lease) => {
			hold.lease = lease
			store.holderOf.set(lease.id, worker.actor.id)
			await ended
		}
		const options = { ttl: this.ttl, wait: FOREVER_MS, renew: false }
		const limit = store.actor.limit
		const locks = limit === undefined ? store.store.lock(store.actor.id) : store.store.semaphore(store.actor.id, { limit })
		const asking = tryOnly ? locks.tryHold(this.key, fn, options) : locks.hold(this.key, fn, options)
		hold.done = asking.then(
			() => {},
			(error: unknown) => {
				hold.failed = error instanceof Error ? error.message : String(error)
			},
		)
		return hold
	}

	/** `send LOCK -> W`: W gets a lease, after simulated time runs on as long as the key is held. */
	async grant(send: Send): Promise<string> {
		const store = this.stores.get(send.from.id)
		const worker = this.workers.get(send.to.id)
		if (!store || !worker) return ''
		const label = send.label.value
		if (saysRefused(label)) return this.tryGrant(send, store, worker)

		const current = worker.hold
		const live = current && current.store === store && !current.gone && !current.failed && !current.released
		if (!live || (current.lease && current.shown && current.lease.lost)) {
			worker.hold = this.startHold(worker, store, false)
		} else if (current.lease && current.shown) {
			this.report(send.position, `${worker.actor.id} already holds the key (fence ${this.showLease(current.lease)}); release it first`)
			return 'already holds the key'
		}
		const hold = worker.hold as Hold
		const waited = await this.until(() => hold.lease !== undefined || hold.failed !== undefined, store)
		if (!waited || !hold.lease) {
			const holders = this.holdersOf(store).join(', ')
			this.report(send.position, `${worker.actor.id} never gets the key: ${hold.failed ?? `it stays held by ${holders || 'another holder'}`}`)
			return 'never granted'
		}
		hold.shown = true
		this.checkGrant(send, store, hold.lease)
		return this.describeGrant(store, hold.lease)
	}

	/** `send LOCK -> W "refused ..."`: W tries without waiting, and the engine must refuse. */
	async tryGrant(send: Send, store: StoreActor, worker: WorkerActor): Promise<string> {
		const hold = this.startHold(worker, store, true)
		await this.clock.settle()
		await hold.done.catch(() => {})
		if (hold.lease) {
			worker.hold = hold
			hold.shown = true
			this.report(send.label.position, `the label says refused, but the engine gave ${worker.actor.id} a lease (${this.describeGrant(store, hold.lease)})`)
			return this.describeGrant(store, hold.lease)
		}
		const of = findOf(send.label.value)
		const holders = this.holdersOf(store)
		if (of) this.checkCount(send.label, of, holders.length, store.actor.limit ?? 1)
		return `refused: held by ${holders.join(', ')}`
	}

	checkGrant(send: Send, store: StoreActor, lease: Lease): void {
		const label = send.label.value
		this.checkFence(send.label, findFence(label), lease.fence)
		const of = findOf(label)
		if (of) this.checkCount(send.label, of, this.locks(store).holders(this.key).length, store.actor.limit ?? 1)
	}

	checkCount(text: Text, [holders, limit]: [WrittenNumber, WrittenNumber], actualHolders: number, actualLimit: number): void {
		if (Number(holders.text) !== actualHolders) {
			this.report(this.at(text, holders), `expected ${holders.text} holders, the engine has ${actualHolders}`)
		}
		if (Number(limit.text) !== actualLimit) {
			this.report(this.at(text, limit), `expected a limit of ${limit.text}, the store's is ${actualLimit}`)
		}
	}

	describeGrant(store: StoreActor, lease: Lease): string {
		if (lease.fence !== undefined) return `lease, fence ${showFence(lease.fence)}`
		const limit = store.actor.limit ?? 1
		return `lease, ${this.locks(store).holders(this.key).length} of ${limit} holders, no fence`
	}

	showLease(lease: Lease): string {
		return lease.fence === undefined ? 'none' : showFence(lease.fence)
	}

	/** Runs simulated time on, a lease's end at a time, until `done` or nothing is left to end. */
	async until(done: () => boolean, store: StoreActor): Promise<boolean> {
		await this.clock.settle()
		for (let guard = 0; !done() && guard < 10_000; guard++) {
			const ends = this.locks(store)
				.holders(this.key)
				.map(lease => lease.expiresAt)
			if (ends.length === 0) return done()
			const next = Math.min(...ends)
			await this.clock.advance(Math.max(0, next - this.clock.now()))
		}
		return done()
	}

	/** `send W -> DB`: W runs the seed's conditional update with its lease's fence. */
	write(send: Send): string {
		const worker = this.workers.get(send.from.id)
		const database = this.databases.get(send.to.id)
		if (!worker || !database) return ''
		const lease = worker.hold?.lease
		if (!lease) {
			this.report(send.position, `${worker.actor.id} holds no lease to write with; send it one from the lock first`)
			return 'no lease'
		}
		if (lease.fence === undefined) {
			this.report(send.position, `${worker.actor.id}'s lease is a semaphore's and has no fence to write with`)
			return 'no fence'
		}
		this.checkFence(send.label, findFence(send.label.value), lease.fence)
		const fence = fenceText(lease.fence)
		const { changes } = database.driver.run(FENCED_UPDATE, [`summary by ${worker.actor.id}`, fence, this.key, fence])
		const changed = changes > 0
		worker.writes.set(database.actor.id, { fence: lease.fence, changed })
		if (send.color === 'ok' && !changed) {
			this.report(send.position, `color=ok, but the database refused the write: ${showFence(lease.fence)} is not larger than ${showFence(this.storedFence(database))}`)
		}
		if (send.color === 'bad' && changed) {
			this.report(send.position, `color=bad, but the database accepted the write with fence ${showFence(lease.fence)}`)
		}
		return changed ? `write, fence ${showFence(lease.fence)}: saved` : `write, fence ${showFence(lease.fence)}: changed no row`
	}

	/** `send DB -> W`: the database's answer to W's last write. */
	answer(send: Send): string {
		const worker = this.workers.get(send.to.id)
		const database = this.databases.get(send.from.id)
		if (!worker || !database) return ''
		const last = worker.writes.get(database.actor.id)
		if (!last) {
			this.report(send.position, `${database.actor.id} answers ${worker.actor.id}, but ${worker.actor.id} wrote nothing to it yet`)
			return 'no write to answer'
		}
		const stored = this.storedFence(database)
		const label = send.label.value
		const refusedSaid = saysRefused(label) || send.color === 'bad'
		const acceptedSaid = !refusedSaid && (saysAccepted(label) || send.color === 'ok')
		if (refusedSaid && last.changed) {
			this.report(send.label.position, `the label says the write was refused, but the database accepted fence ${showFence(last.fence)}`)
		}
		if (acceptedSaid && !last.changed) {
			this.report(send.label.position, `the label says the write was saved, but the database refused fence ${showFence(last.fence)} (it holds ${showFence(stored)})`)
		}
		const less = findLess(label)
		if (less) {
			this.checkFence(send.label, less[0], last.fence)
			this.checkFence(send.label, less[1], stored)
		} else {
			this.checkFence(send.label, findFence(label), last.fence)
		}
		if (last.changed) return `saved, fence ${showFence(last.fence)}`
		return `refused: ${showFence(last.fence)} ${last.fence === stored ? '=' : '<'} ${showFence(stored)}`
	}

	storedFence(database: DatabaseActor): bigint {
		const row = database.driver.get<{ summary_fence: string }>('select summary_fence from chats where id = ?', [this.key])
		const text = row?.summary_fence ?? ''
		return text === '' ? 0n : parseFence(text)
	}

	/** `set` in a step: the state label, and a check of any number it states. */
	set(statement: SetState): void {
		const id = statement.actor.id
		const text = statement.text
		this.labels.set(id, { text: text.value, struck: false })
		const database = this.databases.get(id)
		const store = this.stores.get(id)
		const worker = this.workers.get(id)
		if (database) this.checkFence(text, findFence(text.value), this.storedFence(database))
		if (store) {
			const written = findEpoch(text.value)
			if (written && BigInt(written.text) !== store.store.epoch) {
				this.report(this.at(text, written), `expected epoch ${written.text}, the engine gave ${store.store.epoch}`)
			}
		}
		if (worker) {
			const written = findFence(text.value)
			const lease = worker.hold?.lease
			if (written && !lease) this.report(this.at(text, written), `expected fence ${written.text}, but ${id} holds no lease`)
			else if (written && lease) this.checkFence(text, written, lease.fence)
		}
	}

	strike(statement: Strike): void {
		const current = this.labels.get(statement.actor.id)
		if (!current || current.text !== statement.text.value) {
			const now = current ? `its label is "${current.text}"` : 'it has no label'
			this.report(statement.text.position, `cannot strike "${statement.text.value}" on ${statement.actor.id}: ${now}`)
			this.labels.set(statement.actor.id, { text: statement.text.value, struck: true })
			return
		}
		current.struck = true
	}

	async release(workerId: string, position: Position): Promise<void> {
		const worker = this.workers.get(workerId)
		if (!worker) {
			this.report(position, `only a worker releases a lease; ${workerId} is a ${this.kinds.get(workerId) ?? 'unknown actor'}`)
			return
		}
		const hold = worker.hold
		if (!hold?.lease) {
			this.report(position, `${workerId} holds no lease to release`)
			return
		}
		await hold.lease.release().catch(() => {})
		hold.released = true
		hold.finish()
		await this.clock.settle()
	}

	storeFor(id: string, position: Position, verb: string): StoreActor | undefined {
		const store = this.stores.get(id)
		if (!store) this.report(position, `${verb} applies to a lock store (icon=lock); ${id} is a ${this.kinds.get(id) ?? 'unknown actor'}`)
		return store
	}

	backup(id: string, position: Position): void {
		const store = this.storeFor(id, position, 'backup')
		if (store) store.backup = store.driver.serialize()
	}

	/** The store crashes and opens again, on its own kv.db (restart) or on the backup's copy (restore). */
	async reopen(id: string, verb: 'restart' | 'restore', position: Position): Promise<void> {
		const store = this.storeFor(id, position, verb)
		if (!store) return
		if (verb === 'restore' && !store.backup) {
			this.report(position, `restore ${id}: there is no backup; take one first with "backup ${id}"`)
			return
		}
		for (const worker of this.workers.values()) {
			if (worker.hold?.store === store) worker.hold.gone = true
		}
		await store.store.close().catch(() => {})
		for (const worker of this.workers.values()) if (worker.hold?.store === store) worker.hold.finish()
		await this.clock.settle()
		if (verb === 'restore') {
			store.driver.close()
			store.driver = this.options.openDriver(store.backup)
		}
		store.store = await Store.open({ sqlite: store.driver, clock: this.clock })
		store.holderOf = new Map()
	}

	holdersOf(store: StoreActor): string[] {
		return this.locks(store)
			.holders(this.key)
			.map(lease => store.holderOf.get(lease.id) ?? '?')
	}

	frame(index: number, caption: string, lines: number[], messages: FrameMessage[]): Frame {
		const actors = this.scene.actors.map(actor => this.frameActor(actor))
		return {
			index,
			caption,
			time: this.clock.now(),
			lines,
			actors,
			links: this.scene.links.map(link => ({ from: link.from.id, to: link.to.id })),
			messages,
			diagnostics: this.diagnostics,
		}
	}

	frameActor(actor: Actor): FrameActor {
		const out: FrameActor = { id: actor.id, label: actor.label.value, x: actor.x, y: actor.y, icon: actor.icon }
		const label = this.labels.get(actor.id)
		if (label) out.state = { text: label.text, struck: label.struck }
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

/** The offset in a label's source text of an offset in its value: escapes take two characters. */
function rawOffset(value: string, offset: number): number {
	let raw = 0
	for (let i = 0; i < offset && i < value.length; i++) raw += value[i] === '"' || value[i] === '\\' ? 2 : 1
	return raw
}

