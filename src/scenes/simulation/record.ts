/**
 * The recorder of a scene's run: what happened in each step, in order, and the world as facts at
 * the moments the claims need (a step's start and end, the moment after each message).
 */
import type { DatabaseFact, Happening, LeaseFact, StepFacts, StoreFact, WorkerFact, WorldFacts } from '../claims/index.ts'
import type { DatabaseActor, StoreActor, WorkerActor } from './actors.ts'

/** What the recorder reads of the world: its clock, its actors, and who holds and waits for each store's key. */
export interface RecordedWorld {
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

export class Recorder {
	/** The current step's happenings. */
	#happenings: Happening[] = []
	readonly steps: StepFacts[] = []

	/**
	 * Each worker's process (paused, since when, crashed), as the world keeps it: an object, not three
	 * arrows made per scene: measured on Node 20, with arrows stored in these fields every scene's
	 * whole world outlived the young generation's collections and was promoted, and checking a scene
	 * ran about a third slower.
	 */
	processes: ProcessStates = NO_PROCESSES

	constructor(readonly world: RecordedWorld) {}

	happen<H extends Happening>(happening: H): H {
		this.#happenings.push(happening)
		return happening
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
		const step: StepFacts = { index, start, end, happenings }
		this.steps[index] = step
		return step
	}

	/** Records each lease that ran out since the last look, at the time it ran out (reading a lease's state is what notices it). */
	noticeLosses(): void {
		for (const worker of this.world.workers.values()) {
			const hold = worker.hold
			const lease = hold?.lease
			if (!hold || !lease || hold.lossRecorded || hold.released || hold.gone || !lease.lost) continue
			hold.lossRecorded = true
			this.happen({ kind: 'expired', at: lease.expiresAt, worker: worker.actor.id, store: hold.store.actor.id, ...(lease.fence === undefined ? {} : { fence: lease.fence }) })
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
					expired: lost && !hold.gone && !released,
					gone: hold.gone && !released,
					released,
				}
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
