/**
 * A step as it stood between its happenings: the world before each one, made from the world the
 * step began with and the happenings the engine recorded, so a state can be judged at any place of
 * the step, not only at its end. Both evaluators read it (it is the run's facts, laid out by place).
 * When the world it makes after the last happening is not the step's end (a label set a row's fence
 * with no write, a store restored from a copy brought back leases no grant gave), it makes none: a
 * state's places in that step are unknown, and no rule that needs them refuses anything there.
 */
import type { Happening } from '../frame.ts'
import type { DatabaseFact, LeaseFact, StepFacts, StoreFact, WorkerFact, WorldFacts } from './facts.ts'

/** A step cut at a place: its first `place` happenings, and the world after them as its end. */
export function stepAt(step: StepFacts, place: number, worlds: readonly WorldFacts[]): StepFacts {
	return { ...step, happenings: step.happenings.slice(0, place), end: worlds[place] as WorldFacts }
}

const made = new WeakMap<StepFacts, readonly WorldFacts[] | null>()

/** The world at each place of a step: [0] when it began, [i] after its first i happenings (the last, its end, when it had any); undefined when they cannot be made. */
export function worldsOf(step: StepFacts): readonly WorldFacts[] | undefined {
	const known = made.get(step)
	if (known !== undefined) return known ?? undefined
	const worlds = replay(step)
	made.set(step, worlds ?? null)
	return worlds
}

function replay(step: StepFacts): WorldFacts[] | undefined {
	const list = step.happenings
	const worlds: WorldFacts[] = [step.start]
	let world = copy(step.start)
	for (const [index, h] of list.entries()) {
		world = copy(world)
		apply(world, h, list.slice(index + 1), step.end)
		world.time = h.at
		worlds.push(world)
	}
	if (!same(world, step.end)) return undefined
	// The last place is the step's end itself, whose clock may have gone on past its last happening.
	if (list.length > 0) worlds[worlds.length - 1] = step.end
	return worlds
}

interface Mutable {
	time: number
	workers: Map<string, WorkerFact>
	stores: Map<string, StoreFact>
	databases: Map<string, DatabaseFact>
}

function copy(world: WorldFacts): Mutable {
	const workers = new Map([...world.workers].map(([id, w]) => [id, { ...w, ...(w.lease ? { lease: { ...w.lease } } : {}), ...(w.waiting ? { waiting: { ...w.waiting } } : {}) }]))
	const stores = new Map([...world.stores].map(([id, s]) => [id, { ...s, holders: [...s.holders], waiters: [...s.waiters] }]))
	const databases = new Map([...world.databases].map(([id, d]) => [id, { ...d }]))
	return { time: world.time, workers, stores, databases }
}

/** One happening's change to the world; `after` is what the step recorded after it, and `end` the world it ended with. */
function apply(world: Mutable, h: Happening, after: readonly Happening[], end: WorldFacts): void {
	const worker = 'worker' in h ? world.workers.get(h.worker) : undefined
	const store = 'store' in h && h.store !== undefined ? world.stores.get(h.store) : undefined
	const leave = (id: string, from: StoreFact | undefined) => {
		if (from) from.waiters = from.waiters.filter(w => w !== id)
		renumber(world, from)
	}
	switch (h.kind) {
		case 'asked': {
			// A new ask is the worker's hold from now on: the lease of the one before is no longer its own.
			if (worker) delete worker.lease
			if (h.tryOnly || !worker || !store) return
			// A hold stands in line unless its answer, given at once, comes next: the key, or a refusal.
			const answer = after.find(one => 'worker' in one && one.worker === h.worker && (one.kind === 'granted' || one.kind === 'refused' || one.kind === 'gave-up' || one.kind === 'left'))
			if (answer !== undefined && ((answer.kind === 'granted' && answer.place === undefined) || answer.kind === 'refused' || (answer.kind === 'gave-up' && answer.waited === 0 && answer.at === h.at))) return
			if (!store.waiters.includes(h.worker)) store.waiters.push(h.worker)
			renumber(world, store)
			return
		}
		case 'granted': {
			if (!worker || !store) return
			const lease: LeaseFact = { store: h.store, grantedAt: h.at, expiresAt: h.at + h.ttl, ttl: h.ttl, expired: false, gone: false, released: false }
			if (h.fence !== undefined) lease.fence = h.fence
			worker.lease = lease
			store.holders.push(h.worker)
			if (h.fence !== undefined) store.lastFence = h.fence
			leave(h.worker, store)
			return
		}
		case 'gave-up':
		case 'left':
			leave(h.worker, store)
			return
		case 'expired':
		case 'gone':
		case 'ended':
		case 'released': {
			// One lease's end: a worker whose process crashed and restarted may hold two places (its old lease's and its new one's).
			if (store && store.holders.includes(h.worker)) store.holders.splice(store.holders.indexOf(h.worker), 1)
			const lease = worker?.lease
			if (!lease || lease.store !== h.store) return
			// Its crashed process's old lease ran out: the worker's lease now, live past it, is another.
			if (h.kind === 'expired' && lease.expiresAt > h.at) return
			// A lease that ran out and then went with its store is gone, as the engine tells it.
			if (h.kind === 'gone' && lease.expired && !lease.released) {
				lease.expired = false
				lease.gone = true
			}
			if (lease.released || lease.gone || lease.expired || lease.ended === true) return
			if (h.kind === 'expired') lease.expired = true
			else if (h.kind === 'gone') lease.gone = true
			else if (h.kind === 'ended') lease.ended = true
			else lease.released = true
			return
		}
		case 'renewed':
			if (worker?.lease && worker.lease.store === h.store) worker.lease.expiresAt = h.until
			return
		case 'wrote': {
			const database = world.databases.get(h.database)
			if (!database || !h.changed) return
			database.fence = h.after
			// Whose the row's THING is, the engine tells by the author column the write left, which the next write to it found (else the step's end).
			const next = after.find((one): one is Extract<Happening, { kind: 'wrote' }> => one.kind === 'wrote' && one.database === h.database)
			const writer = next === undefined ? end.databases.get(h.database)?.writer : next.writerBefore
			if (writer === undefined) delete database.writer
			else database.writer = writer
			return
		}
		case 'restarted':
		case 'restored':
			// An open starts the store's count of fences afresh: no lease given since. It takes every lease of the store, one that ran out before too.
			if (store) {
				store.epoch = h.epoch
				delete store.lastFence
				// Every hold of the store ends with it, a waiting one too: its line is empty once it opens (the engine tells no happening of each).
				store.waiters = []
				renumber(world, store)
			}
			for (const one of world.workers.values()) {
				const lease = one.lease
				if (lease?.store !== h.store || !lease.expired || lease.released) continue
				lease.expired = false
				lease.gone = true
			}
			return
		case 'paused':
			if (worker) {
				worker.paused = true
				worker.pausedSince = h.at
			}
			return
		case 'woke':
			if (worker) {
				delete worker.paused
				delete worker.pausedSince
			}
			return
		case 'crashed':
			if (worker) {
				if (worker.paused !== true) worker.pausedSince = h.at
				worker.paused = true
				worker.crashed = true
			}
			return
		case 'process-restarted':
			// A new process, running: it knows nothing of the old one's lease (which lives on in the store until it runs out).
			if (worker) {
				delete worker.paused
				delete worker.pausedSince
				delete worker.crashed
				delete worker.lease
			}
			return
		default:
			return
	}
}

/** Each waiter's place in its store's line, first first. */
function renumber(world: Mutable, store: StoreFact | undefined): void {
	for (const worker of world.workers.values()) {
		if (worker.waiting === undefined) continue
		const line = world.stores.get(worker.waiting.store)
		if (line === undefined || !line.waiters.includes(worker.id)) delete worker.waiting
	}
	if (!store) return
	store.waiters.forEach((id, index) => {
		const worker = world.workers.get(id)
		if (worker) worker.waiting = { store: store.id, place: index + 1 }
	})
}

/** Whether a world made from the happenings is the one the engine recorded, in all a claim reads. */
function same(made: Mutable, recorded: WorldFacts): boolean {
	const text = (world: WorldFacts | Mutable) =>
		JSON.stringify(
			[
				[...world.workers.values()].map(w => [w.id, w.lease ? [w.lease.store, String(w.lease.fence), w.lease.expiresAt, w.lease.expired, w.lease.gone, w.lease.ended === true, w.lease.released] : null, w.waiting ?? null, w.paused === true, w.crashed === true]),
				[...world.stores.values()].map(s => [s.id, String(s.epoch), [...s.holders].sort(), s.waiters, String(s.lastFence)]),
				[...world.databases.values()].map(d => [d.id, String(d.fence), d.writer ?? null]),
			],
		)
	return text(made) === text(recorded)
}
