/**
 * The recorder of a scene's run: what happened in each step, in order, and the world as facts at
 * the moments the claims need (a step's start and end, the moment after each message).
 */
import type { DatabaseFact, Happening, LeaseFact, RanLine, StepFacts, StoreFact, WorkerFact, WorldFacts } from '../claims/index.ts'
import type { DatabaseActor, StoreActor, WorkerActor } from './actors.ts'

/** What the recorder reads of the world: its clock, its actors, and who holds and waits for each store's key. */
interface RecordedWorld {
	readonly clock: { now(): number }
	readonly ttl: number
	readonly workers: ReadonlyMap<string, WorkerActor>
	readonly stores: ReadonlyMap<string, StoreActor>
	readonly databases: ReadonlyMap<string, DatabaseActor>
	holdersOf(store: StoreActor): string[]
	waitersOf(store: StoreActor): WorkerActor[]
}

/** What the recorder asks of the workers' processes. */
export interface ProcessStates {
	/** Whether a worker's process is paused. */
	paused(worker: string): boolean
	/** Since when a paused worker's process is paused. */
	pausedSince(worker: string): number | undefined
	/** Whether a worker's process crashed. */
	crashed(worker: string): boolean
}

/** No processes: nothing is paused or crashed. */
const NO_PROCESSES: ProcessStates = { paused: () => false, pausedSince: () => undefined, crashed: () => false }

type Of<K extends Happening['kind']> = Extract<Happening, { kind: K }>

/**
 * Why each thing happened, as the run goes: the engine's causes, recorded beside its events (a
 * claim's "so" is true only when they link its clauses, `src/scenes/claims/causes.ts`).
 * - A grant follows the lease end that freed the place it took (a release, an expiry, a lease gone
 *   with its store), or none when the key had room.
 * - A hold that waits in line, a try refused and a hold that gives up follow the holders' grants.
 * - An expiry follows the pause or crash of its worker's process in effect when it ran out, when
 *   that stopped a renewal (the hold renews on its own, and its next renewal came due after the
 *   pause or crash began, before the lease's end; of a hold the scene's messages make, its worker renewed it before); a lease gone with its store, and a crashed process's hold leaving the line,
 *   the restart or restore, and the crash.
 * - A fenced write follows the two fences the database compared: the grant of the fence it carried,
 *   and the write that left the row's fence (none for the fence a scene set before its first step).
 * - An open says where its epoch came from: the clock, or the epoch before it plus one.
 */
export class CauseLedger {
	/** The happenings each happening follows from. */
	readonly causes = new Map<Happening, Happening[]>()
	/** Per store: the places its key had free when it opened (a lock's one, a semaphore's limit) not yet taken. */
	readonly #room = new Map<string, number>()
	/** Per store: the lease ends that freed a place, not yet taken, first first. */
	readonly #freed = new Map<string, Happening[]>()
	/** The grant of each fence a store gave. */
	readonly #grantOf = new Map<bigint, Happening>()
	/** Per database: the write its row's fence is from. */
	readonly #rowWrite = new Map<string, Happening>()
	/** Per worker: the end of its latest lease. */
	readonly #leaseEnd = new Map<string, Happening>()
	/** Per worker: the pause or crash of its process in effect. */
	readonly #stopped = new Map<string, Happening>()

	/** Records that `effect` follows from each of `causes` that is there. */
	link(effect: Happening, ...causes: (Happening | undefined)[]): void {
		const known = causes.filter((cause): cause is Happening => cause !== undefined)
		if (known.length === 0) return
		this.causes.set(effect, [...(this.causes.get(effect) ?? []), ...known])
	}

	/**
	 * A store opened with room for `limit` holders: at the scene's start, or again (a restart, a
	 * restore), when the leases it took (`gone`) freed their places, which the next grants take.
	 */
	opened(store: string, limit: number, gone: readonly Happening[] = []): void {
		this.#room.set(store, Math.max(0, limit - gone.length))
		this.#freed.set(store, [...gone])
		for (const end of gone) if ('worker' in end) this.#leaseEnd.set(end.worker, end)
	}

	/** A lease of a store ended (let go, ran out, gone with its store): its place is free. */
	freed(store: string, end: Happening): void {
		const freed = this.#freed.get(store)
		if (freed) freed.push(end)
		else this.#freed.set(store, [end])
		if ('worker' in end) this.#leaseEnd.set(end.worker, end)
	}

	/** The end of a worker's latest lease (let go, ran out, gone, ended by an operator), which a renewal it asks for after is refused for. */
	leaseEnd(worker: string): Happening | undefined {
		return this.#leaseEnd.get(worker)
	}

	/** A store gave a lease: it took a place the store had free, or one a lease end freed. */
	granted(grant: Of<'granted'>): void {
		const room = this.#room.get(grant.store) ?? 0
		if (room > 0) this.#room.set(grant.store, room - 1)
		const freedBy = room > 0 ? undefined : this.#freed.get(grant.store)?.shift()
		this.link(grant, freedBy)
		if (grant.fence !== undefined) this.#grantOf.set(grant.fence, grant)
	}

	/** A database took or refused a write: a fenced one follows the fences it compared; a write that changed the row leaves its fence there. */
	wrote(write: Of<'wrote'>): void {
		if (write.fenced && !write.noFence) this.link(write, this.#grantOf.get(write.fence), this.#rowWrite.get(write.database))
		if (write.changed) this.#rowWrite.set(write.database, write)
	}

	/** A worker's process paused or crashed: in effect until it wakes. */
	stopped(worker: string, event: Happening): void {
		this.#stopped.set(worker, event)
	}

	woke(worker: string): void {
		this.#stopped.delete(worker)
	}

	/** The pause or crash of a worker's process in effect, if any. */
	stoppedBy(worker: string): Happening | undefined {
		return this.#stopped.get(worker)
	}
}

export class Recorder {
	/** The current step's happenings. */
	#happenings: Happening[] = []
	readonly steps: StepFacts[] = []
	/** Why each thing happened, which every step's facts share. */
	readonly ledger = new CauseLedger()

	/**
	 * Each worker's process (paused, since when, crashed), as the world keeps it: an object, not three
	 * arrows made per scene: measured on Node 20, with arrows stored in these fields every scene's
	 * whole world outlived the young generation's collections and was promoted, and checking a scene
	 * ran about a third slower.
	 */
	processes: ProcessStates = NO_PROCESSES

	constructor(readonly world: RecordedWorld) {}

	/** The statements the workers' code ran in the current step, each with the happening recorded last before it. */
	#ran: { entry: Omit<RanLine, 'order'>; after: Happening | undefined }[] = []

	/** A worker's code ran a statement (or the act it was stopped at took place): recorded after the happenings so far. */
	ran(worker: string, entry: { line: number; statement?: number; at: number; act?: true }): void {
		this.#ran.push({ entry: { worker, ...entry }, after: this.#happenings[this.#happenings.length - 1] })
	}

	happen<H extends Happening>(happening: H): H {
		this.#happenings.push(happening)
		return happening
	}

	/** Takes back a happening of the current step's record, if it is there (a function's return the let-go at that very moment tells). */
	unhappen(happening: Happening): void {
		const at = this.#happenings.lastIndexOf(happening)
		if (at >= 0) this.#happenings.splice(at, 1)
	}

	/** Where the current step's record stands, for what a message caused: `since(mark())`. */
	mark(): number {
		return this.#happenings.length
	}

	since(mark: number): Happening[] {
		return this.#happenings.slice(mark)
	}

	/** The world as the last step left it: nothing happens between steps, so it is the next one's start. */
	#last: WorldFacts | undefined

	/** Starts a step's record. */
	begin(): WorldFacts {
		this.#happenings = []
		this.#ran = []
		return this.#last ?? this.snapshot()
	}

	/** Ends a step's record: its happenings in the order of the clock. */
	end(index: number, start: WorldFacts): StepFacts {
		const end = this.snapshot()
		this.#last = end
		const list = this.#happenings
		// What happens after the step (the run's end letting every hold go) belongs to no step's facts.
		this.#happenings = []
		// A lease's running out is noticed after the fact, with the time it ran out: it may need moving back, and
		// before whatever else happened at that moment (the clock reached it first; a renewal it refused came after).
		const rank = (h: Happening): number => (h.kind === 'expired' ? 0 : 1)
		const sorted = list.every((h, i) => i === 0 || (list[i - 1] as Happening).at < h.at || ((list[i - 1] as Happening).at === h.at && rank(list[i - 1] as Happening) <= rank(h)))
		const happenings = sorted ? list : list.map((h, order) => ({ h, order })).sort((a, b) => a.h.at - b.h.at || rank(a.h) - rank(b.h) || a.order - b.order).map(({ h }) => h)
		const ran: RanLine[] = this.#ran.map(({ entry, after }) => ({ ...entry, order: after === undefined ? 0 : happenings.indexOf(after) + 1 }))
		this.#ran = []
		const step: StepFacts = { index, start, end, happenings, causes: this.ledger.causes, ...(ran.length === 0 ? {} : { ran }) }
		this.steps[index] = step
		return step
	}

	/** Records each lease that ran out since the last look, at the time it ran out (reading a lease's state is what notices it). */
	noticeLosses(): void {
		for (const worker of this.world.workers.values()) {
			// A restarted worker's old holds too: their leases run out in the store, known to no process.
			for (const hold of [...(worker.left ?? []), worker.hold]) {
				const lease = hold?.lease
				if (!hold || !lease || hold.lossRecorded || hold.released || hold.gone || !lease.lost) continue
				hold.lossRecorded = true
				const expired = this.happen({ kind: 'expired', at: lease.expiresAt, worker: worker.actor.id, store: hold.store.actor.id, ...(lease.fence === undefined ? {} : { fence: lease.fence }) })
				// Its renewals stopped with its process, when that was paused or crashed as it ran out; of a code sample's hold, only when it
				// renews on its own and its next renewal came due after the pause or crash began, before the lease's end (running, the process
				// would have made it). A hold the scene's messages make renews as they say, which a stopped process sends none of: only when
				// they show its worker renewing that lease before the pause or crash (one that never renewed would have run out all the same),
				// and its next renewal at the cadence they showed (the last interval between the grant and its renewals) fell due at or after the
				// pause or crash began and before the lease's end (one that had stopped renewing before it would have run out all the same).
				const stopped = hold.crashedBy ?? this.ledger.stoppedBy(worker.actor.id)
				const due = hold.renewDue
				const renewedBefore = hold.renewedAt !== undefined && stopped !== undefined && hold.renewedAt <= stopped.at
				const next = hold.renewedAt !== undefined && hold.renewEvery !== undefined ? hold.renewedAt + hold.renewEvery : undefined
				const dueByMessages = renewedBefore && next !== undefined && stopped !== undefined && next >= stopped.at && next < expired.at
				const stoppedOne = (hold.renews === undefined && dueByMessages) || (hold.renews === true && due !== undefined && stopped !== undefined && due >= stopped.at && due < expired.at)
				if (stopped && stopped.at <= expired.at && stoppedOne) this.ledger.link(expired, stopped)
				this.ledger.freed(expired.store, expired)
			}
		}
	}

	/** The world now, as facts; a lease that ran out since the last look is recorded first. */
	snapshot(): WorldFacts {
		const world = this.world
		this.noticeLosses()
		const lines = new Map([...world.stores.values()].map(store => [store, world.waitersOf(store)]))
		const workers = new Map<string, WorkerFact>()
		for (const [id, worker] of world.workers) {
			const hold = worker.hold
			const fact: WorkerFact = { id }
			if (this.processes.paused(id)) {
				fact.paused = true
				const since = this.processes.pausedSince(id)
				if (since !== undefined) fact.pausedSince = since
			}
			if (this.processes.crashed(id)) fact.crashed = true
			const lease = hold?.lease
			if (hold && lease) {
				const lost = lease.lost
				// Let go while it was live: a lease that ran out or went with its store first stays so, whatever its holder did after.
				const released = hold.released && !hold.lossRecorded
				const facts: LeaseFact = {
					store: hold.store.actor.id,
					grantedAt: hold.grantedAt ?? hold.askedAt,
					expiresAt: lease.expiresAt,
					ttl: hold.ttl,
					expired: lost && !hold.gone && !released && !hold.ended,
					gone: hold.gone && !released,
					released,
				}
				if (hold.ended) facts.ended = true
				if (lease.fence !== undefined) facts.fence = lease.fence
				fact.lease = facts
			} else if (hold && !hold.failed && !hold.gone) {
				const place = (lines.get(hold.store) ?? []).indexOf(worker) + 1
				if (place > 0) fact.waiting = { store: hold.store.actor.id, place }
			}
			workers.set(id, fact)
		}
		const stores = new Map<string, StoreFact>()
		for (const [id, store] of world.stores) {
			const fact: StoreFact = { id, epoch: store.store.epoch, holders: world.holdersOf(store), waiters: (lines.get(store) ?? []).map(w => w.actor.id) }
			if (store.actor.limit !== undefined) fact.limit = store.actor.limit
			if (store.lastFence !== undefined) fact.lastFence = store.lastFence
			stores.set(id, fact)
		}
		const databases = new Map<string, DatabaseFact>()
		for (const [id, database] of world.databases) {
			const fact: DatabaseFact = { id, fence: database.fence, fenced: database.fenced }
			if (database.writer !== undefined) fact.writer = database.writer
			databases.set(id, fact)
		}
		return { time: world.clock.now(), workers, stores, databases }
	}
}
