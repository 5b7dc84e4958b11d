/**
 * Questions the claim forms ask of the facts, each answered one way for all of them: what a worker
 * held in a step, what happened to it, which store the key is on, and the evidence to show.
 */
import { formatDuration } from '../../../engine/index.ts'
import type { Evidence, Happening, HappeningData } from '../frame.ts'
import type { LeaseFact, RunFacts, StepFacts, StoreFact, WorldFacts } from './facts.ts'
import type { ClaimContext, Slot, Verdict } from './form.ts'
import { showFence } from './fence-notation.ts'

type Kind = Happening['kind']
export type Of<K extends Kind> = Extract<Happening, { kind: K }>

/** A step's happenings by kind, made once per step: claims ask for one kind at a time, many times. */
const byKind = new WeakMap<StepFacts, Map<Kind, Happening[]>>()

/** The happenings of a kind in a step, in order, that pass `keep`. */
export function happened<K extends Kind>(step: StepFacts, kind: K, keep?: (h: Of<K>) => boolean): Of<K>[] {
	let kinds = byKind.get(step)
	if (!kinds) {
		kinds = new Map()
		for (const h of step.happenings) {
			const list = kinds.get(h.kind)
			if (list) list.push(h)
			else kinds.set(h.kind, [h])
		}
		byKind.set(step, kinds)
	}
	const all = (kinds.get(kind) ?? []) as Of<K>[]
	return keep ? all.filter(keep) : all.slice()
}

/** The happenings of a list that no claim of an `each` form in the same text told already. */
export function unused<H extends Happening>(context: ClaimContext, list: H[]): H[] {
	const used = context.used
	if (!used || used.size === 0) return list
	return list.filter(h => !used.has(context.step.happenings.indexOf(h)))
}

/** Every step of the run after the initial state, with its index. */
export function runSteps(run: RunFacts): StepFacts[] {
	return run.steps.slice(1)
}

/** The steps after this one a claim may look ahead to: all of them, or in the reader's play the guide's steps it kept. */
/** What happened in the steps before this one, in order. */
export function earlierHappenings(context: ClaimContext): StepFacts['happenings'] {
	return runSteps(context.run).filter(step => step.index < context.step.index).flatMap(step => step.happenings)
}

export function laterSteps(context: ClaimContext): StepFacts[] {
	const last = context.run.lookAhead ?? context.run.steps.length
	return context.run.steps.slice(context.step.index + 1, last + 1)
}

/** A lease's state at a moment. */
export function leaseState(lease: LeaseFact): 'live' | 'expired' | 'gone' | 'ended' | 'released' {
	if (lease.released) return 'released'
	if (lease.gone) return 'gone'
	if (lease.ended) return 'ended'
	if (lease.expired) return 'expired'
	return 'live'
}

/** The latest lease of slot 0's worker, when the step ends, is in a state `fits` takes (`why` says what it is instead). */
export function latestLeaseIs(slots: readonly Slot[], context: ClaimContext, fits: (state: ReturnType<typeof leaseState>) => boolean, why: (state: ReturnType<typeof leaseState>, lease: LeaseFact) => string): Verdict {
	const worker = actorOf(slots[0])
	const lease = context.world.workers.get(worker)?.lease
	if (!lease) return fails(`${context.name(worker)} has no lease`, 0)
	const state = leaseState(lease)
	if (!fits(state)) return fails(`${context.name(worker)}${why(state, lease)}`, 0)
	return holds([leaseEvidence(context.world, worker)], context.world.time)
}

/** The worker's lease in `world` when it is live. */
export function liveLease(world: WorldFacts, worker: string): LeaseFact | undefined {
	const lease = world.workers.get(worker)?.lease
	return lease && leaseState(lease) === 'live' ? lease : undefined
}

/** The leases a worker held at some moment of a step: one live at its start, and each given in it (with its grant). */
export function heldIn(step: StepFacts, worker: string): { fence?: bigint; store: string; at: number; ttl: number; grant?: Of<'granted'> }[] {
	const held: { fence?: bigint; store: string; at: number; ttl: number; grant?: Of<'granted'> }[] = []
	const before = liveLease(step.start, worker)
	if (before) held.push({ fence: before.fence, store: before.store, at: step.start.time, ttl: before.ttl })
	for (const grant of happened(step, 'granted', h => h.worker === worker)) held.push({ fence: grant.fence, store: grant.store, at: grant.at, ttl: grant.ttl, grant })
	return held
}

/** The grant of a worker's latest lease (at the world of the context): the run's last grant to it with that lease's store and fence. */
export function grantOfLease(context: ClaimContext, worker: string): Of<'granted'> | undefined {
	const lease = context.world.workers.get(worker)?.lease
	if (!lease) return undefined
	const steps = [...context.run.steps.slice(0, context.step.index), context.step]
	for (let s = steps.length - 1; s >= 0; s--) {
		const found = happened(steps[s] as StepFacts, 'granted', h => h.worker === worker && h.store === lease.store && h.fence === lease.fence).pop()
		if (found) return found
	}
	return undefined
}

/** How many messages a worker sent in a step. */
export function sentBy(step: StepFacts | undefined, worker: string): number {
	return step ? happened(step, 'sent', h => h.from === worker).length : 0
}

/** The store a key slot means: the one it names, else the scene's only store; a message when there are several. */
export function storeFor(context: ClaimContext, key: Slot | undefined): StoreFact | string {
	const named = keyStore(key)
	if (named !== undefined) return context.world.stores.get(named) ?? `${named} is no lock store`
	const stores = [...context.world.stores.values()]
	if (stores.length === 1) return stores[0] as StoreFact
	if (stores.length === 0) return 'this scene has no lock store'
	return `this scene has ${stores.length} lock stores; say which, like "the key from ${context.name(stores[0]?.id ?? '')}"`
}

/** The store a key slot names ("the key from Store B"), if it names one. */
export function keyStore(key: Slot | undefined): string | undefined {
	return key?.value.type === 'key' ? key.value.store : undefined
}

/** Whether a happening of `store` fits the key slot: any store when the slot names none (or is no key slot), else the one it names. */
export function ofKey(key: Slot | undefined, store: string): boolean {
	const named = keyStore(key)
	return named === undefined || named === store
}

/** An actor slot's id (workers, stores and databases alike). */
export function actorOf(slot: Slot | undefined): string {
	return slot?.value.type === 'actor' ? slot.value.id : ''
}

export function fenceOfSlot(slot: Slot | undefined): bigint {
	return slot?.value.type === 'fence' ? slot.value.value : -1n
}

export function numberOf(slot: Slot | undefined): number {
	return slot?.value.type === 'number' ? slot.value.value : Number.NaN
}

export function bigOf(slot: Slot | undefined): bigint {
	return slot?.value.type === 'big' ? slot.value.value : -1n
}

export function actorsOf(slot: Slot | undefined): string[] {
	return slot?.value.type === 'actors' ? slot.value.ids : []
}

/** A claim that holds, with what it was checked against. */
export function holds(evidence: Evidence[], at?: number): Verdict {
	return at === undefined ? { ok: true, evidence } : { ok: true, evidence, at }
}

/** A claim that does not hold: the message says what the engine did; `slot` is where to point. */
export function fails(message: string, slot?: number): Verdict {
	return slot === undefined ? { ok: false, message } : { ok: false, message, slot }
}

/** A happening as evidence. */
export function saw(step: StepFacts, happening: Happening): Extract<Evidence, { kind: 'happened' }> {
	const order = step.happenings.indexOf(happening)
	return order < 0 ? { kind: 'happened', step: step.index, what: happeningData(happening) } : { kind: 'happened', step: step.index, what: happeningData(happening), order }
}

/** Each happening's data, made once: several claims are checked against the same happening. */
const data = new WeakMap<Happening, HappeningData>()

/** A happening with its fences and epochs as text. */
function happeningData(happening: Happening): HappeningData {
	const made = data.get(happening)
	if (made) return made
	const out: Record<string, unknown> = {}
	const fields = happening as unknown as Record<string, unknown>
	for (const key in fields) {
		const value = fields[key]
		out[key] = typeof value === 'bigint' ? (key === 'epoch' || key === 'epochBefore' || key === 'backupEpoch' ? value.toString() : showFence(value)) : value
	}
	data.set(happening, out as HappeningData)
	return out as HappeningData
}

export function leaseEvidence(world: WorldFacts, worker: string): Evidence {
	const lease = world.workers.get(worker)?.lease
	if (!lease) return { kind: 'lease', worker, at: world.time }
	const shown: NonNullable<Extract<Evidence, { kind: 'lease' }>['lease']> = { store: lease.store, expiresAt: lease.expiresAt, state: leaseState(lease) }
	if (lease.fence !== undefined) shown.fence = showFence(lease.fence)
	return { kind: 'lease', worker, at: world.time, lease: shown }
}

export function holdersEvidence(world: WorldFacts, store: StoreFact): Evidence {
	const evidence: Evidence = { kind: 'holders', store: store.id, at: world.time, holders: store.holders }
	if (store.limit !== undefined) evidence.limit = store.limit
	return evidence
}

export function lineEvidence(world: WorldFacts, store: StoreFact): Evidence {
	return { kind: 'line', store: store.id, at: world.time, waiters: store.waiters }
}

/** Names joined for a message: `A`, `A and B`, `A, B and C`, or `no one`. */
export function names(context: ClaimContext, ids: readonly string[]): string {
	const shown = ids.map(id => context.name(id))
	if (shown.length === 0) return 'no one'
	if (shown.length === 1) return shown[0] as string
	return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`
}

/** A time of the scene's clock for a message. */
export function time(ms: number): string {
	return formatDuration(ms)
}

/** What a worker was given in a step, for a message: `fence 7 at 30 s`, or that it got nothing. */
export function describeHeld(context: ClaimContext, worker: string): string {
	const held = heldIn(context.step, worker)
	if (held.length === 0) return `${context.name(worker)} holds no lease in this step`
	const fences = held.map(h => (h.fence === undefined ? 'a lease with no fence' : `fence ${showFence(h.fence)}`))
	return `the engine gave ${context.name(worker)} ${[...new Set(fences)].join(' and ')}`
}
