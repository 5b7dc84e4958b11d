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

/** What happened in the steps before this one, in order. */
export function earlierHappenings(context: ClaimContext): StepFacts['happenings'] {
	return runSteps(context.run).filter(step => step.index < context.step.index).flatMap(step => step.happenings)
}

/**
 * A write that is late, or stale: its worker's lease was no longer live when it wrote, and it had
 * one to lose (a lease given it before the write). A worker that never held a lease is late for nothing.
 */
export function staleWrite(context: ClaimContext, write: Of<'wrote'>): boolean {
	if (write.live) return false
	const all = runSteps(context.run).filter(step => step.index <= context.step.index).flatMap(step => step.happenings)
	const at = all.indexOf(write)
	return all.slice(0, at < 0 ? all.length : at).some(h => h.kind === 'granted' && h.worker === write.worker)
}

/** Several workers' events of the step, one each, told as one clause: it holds at the latest of them, and each is its worker's. */
export function eachHeld(context: ClaimContext, events: readonly (StepFacts['happenings'][number] & { worker: string })[]): Verdict {
	return { ...holds(events.map(h => saw(context.step, h)), Math.max(...events.map(h => h.at))), each: events.map(h => ({ who: h.worker, at: h.at })) } as Verdict
}

/** What happened before a happening of the step: every happening of the steps before it, then the step's own up to it. */
export function happenedBefore(context: ClaimContext, happening: StepFacts['happenings'][number]): StepFacts['happenings'] {
	const list = context.step.happenings
	return [...earlierHappenings(context), ...list.slice(0, list.indexOf(happening))]
}

/** The steps after this one a claim may look ahead to: all of them, or in the reader's play the guide's steps it kept. */
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

/** A lease slot that names the lease of the worker's crashed process ("A's old lease", "its lease from before the crash"). */
export function isOld(slot: Slot | undefined): boolean {
	return slot?.value.type === 'actor' && slot.value.old === true
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

/**
 * Why a grant from the line did not end a wait that ran "all along" (or, with `words` "the whole time", only the first part): the worker's
 * gave-up, left or refused of that store since its grant of it before (or the scene's start), which came
 * before this grant; or an ask that came after the holder before it was given the key (the holder whose
 * place it got, the engine recorded its end as letting it in; else the latest grant of that store to another
 * worker before this one), so it did not wait all the time that holder had it.
 * Or a second ask of that store since its grant before (a store's restart forgets its line: its leaving, recorded as closed, is told as that restart).
 * Undefined when it stood in line on one ask all along. "The whole time" is since it first asked (since it last held that key), on
 * one ask: not that it asked before the holder got the key.
 */
export function brokenWait(context: ClaimContext, grant: Of<'granted'>, words: 'all along' | 'the whole time' = 'all along'): string | undefined {
	const all = [...context.run.steps.slice(0, context.step.index), context.step].flatMap(step => step.happenings)
	const before = all.slice(0, Math.max(0, all.indexOf(grant)))
	const since = before.map(h => h.kind === 'granted' && h.worker === grant.worker && h.store === grant.store).lastIndexOf(true)
	const broke = before.slice(since + 1).find(h => (h.kind === 'gave-up' || h.kind === 'left' || h.kind === 'refused') && h.worker === grant.worker && h.store === grant.store)
	// One ask: a worker that asked again stood in line on a new ask, whatever ended the first (a store's restart that forgot the line tells none of the above).
	const asks = before.slice(since + 1).filter((h): h is Of<'asked'> => h.kind === 'asked' && h.worker === grant.worker && h.store === grant.store)
	// A leaving the store's restart recorded (it closed under the line and forgot it) is told as that restart, with the ask after it.
	const forgot = broke?.kind === 'left' && broke.closed === true
	if ((broke === undefined || forgot) && asks.length > 1) {
		const restart = before.slice(before.indexOf(asks[0] as Of<'asked'>) + 1, before.indexOf(asks[1] as Of<'asked'>)).find(h => h.kind === 'restarted' && h.store === grant.store)
		return `${context.name(grant.worker)} did not wait ${words}: it asked at ${time((asks[0] as Of<'asked'>).at)}${restart === undefined ? '' : `, ${context.name(grant.store)} restarted at ${time(restart.at)} and forgot its line,`} and it asked again at ${time((asks[1] as Of<'asked'>).at)}; the key came at ${time(grant.at)} to its ask of ${time(grant.askedAt ?? grant.at)}`
	}
	if (broke === undefined) {
		if (words !== 'all along') return undefined
		// "All along" is all the time the holder before it had the key: the ask came no later than that holder's grant. On a
		// semaphore that is the holder whose place it got (whose let-go, expiry or loss the engine recorded as letting it in), not the latest grant to anyone.
		const freed = (context.step.causes?.get(grant) ?? []).find(h => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.store === grant.store && h.worker !== grant.worker)
		const holder = before.filter((h): h is Of<'granted'> => h.kind === 'granted' && h.store === grant.store && h.worker !== grant.worker && (freed === undefined || ('worker' in freed && h.worker === freed.worker))).pop()
		const asked = grant.askedAt ?? grant.at
		if (holder === undefined || holder.at >= asked) return undefined
		return `${context.name(grant.worker)} did not wait ${words}: it asked at ${time(asked)}, and ${context.name(holder.worker)}, the holder before it, was given the key at ${time(holder.at)}; the key came at ${time(grant.at)}`
	}
	const what = broke.kind === 'gave-up' ? 'its wait ran out' : broke.kind === 'left' ? (broke.closed ? `${context.name(broke.store)} restarted and forgot its line` : 'it left the line') : 'it was refused'
	return `${context.name(grant.worker)} did not wait ${words}: ${what} at ${time(broke.at)}, and the key came at ${time(grant.at)} to its ask of ${time(grant.askedAt ?? grant.at)}`
}

/**
 * Why "finally" or "this time" does not fit the grant or ask a clause tells, or undefined: "finally" (or "eventually") of a
 * grant says its worker waited for it, the grant coming from the line or after an ask of that store of its refused or given
 * up since its last grant of it; "this time" of a grant or an ask says its worker asked that store before the ask it tells
 * (of a grant, the ask it answers). Of another happening, undefined: there they claim nothing.
 */
export function earlierProblem(context: ClaimContext, word: 'finally' | 'eventually' | 'this time', told: readonly Happening[], subject: string | undefined, holding = false, free?: string, own = false, fenced = false, waits = false): string | undefined {
	// Of the clause's subject; of a clause about a store ("the lock finally gives the key to B"), of the worker its grant or ask is to.
	const of = (h: Happening) => 'worker' in h && (h.worker === subject || !told.some(other => 'worker' in other && other.worker === subject))
	// Of a happening that is no grant or ask ("an operator finally ends A's lease"), they claim a wait or an ask the engine never records.
	if (free === undefined && told.length > 0 && !told.some(h => h.kind === 'granted' || h.kind === 'asked')) return `"${word}" says ${word === 'this time' ? 'the worker had asked before' : 'someone had waited for this'}, which reads only of a grant, an ask, a hold or a key come free, and this clause tells none of them; drop "${word}"`
	const all = [...context.run.steps.slice(0, context.step.index), context.step].flatMap(step => step.happenings)
	// A state of holding ("At 5 s B finally has the lock") tells of the grant of the lease it holds: its last by the clause's moment.
	const held = holding && subject !== undefined && told.length === 0 ? all.filter((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === subject && h.at <= (context.moment ?? context.world.time)).pop() : undefined
	const grant = told.find((h): h is Of<'granted'> => h.kind === 'granted' && of(h)) ?? held
	// "this time" of a clause that tells neither ("B asks, and this time has to wait"): the worker's last ask by the clause's moment.
	const latest = (worker: string) => all.filter((h): h is Of<'asked'> => h.kind === 'asked' && h.worker === worker && h.at <= context.world.time).pop()
	const ask = told.find((h): h is Of<'asked'> => h.kind === 'asked' && of(h)) ?? (grant === undefined && subject !== undefined && context.world.workers.has(subject) ? latest(subject) : undefined)
	if (word !== 'this time') {
		// "The lock is finally free": it had been held or waited for before, by the clause's moment.
		const moment = context.moment ?? context.world.time
		if (grant === undefined && free !== undefined && !all.some(h => (h.kind === 'granted' || h.kind === 'asked') && h.store === free && h.at <= moment)) return `"${word}" says the key of ${context.name(free)} had been held or waited for, but no worker asked for it by ${time(moment)}: it was free all along`
		// ...and it came free in this step: a key free since a step before is not "finally" free now.
		if (grant === undefined && free !== undefined) {
			const freed = all.filter(h => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.store === free && h.at <= moment).pop()
			if (freed !== undefined && !context.step.happenings.includes(freed)) return `"${word}" says the key of ${context.name(free)} came free now, after it was held or waited for, but it had been free since ${time(freed.at)}, before this step`
		}
		// Of each worker a clause of several tells a grant to ("B and C finally get in").
		const grants = told.filter((h): h is Of<'granted'> => h.kind === 'granted' && of(h))
		for (const one of grants.length > 0 ? grants : grant === undefined ? [] : [grant]) {
			const before = all.slice(0, all.indexOf(one))
			// A real wait: from the line, after time in it or across a step's end (its ask in a step before); a grant from the line the
			// moment it asked, in the step it asked, waited for nothing. Else an earlier ask turned down or given up, at an earlier moment.
			if (one.place !== undefined) {
				const steps = [...context.run.steps.slice(0, context.step.index), context.step]
				const stepOf = (h: Happening) => steps.findIndex(step => step.happenings.includes(h))
				const ask = before.filter(h => h.kind === 'asked' && h.worker === one.worker && h.store === one.store).pop()
				if (one.at > one.askedAt || (ask !== undefined && stepOf(ask) < stepOf(one))) continue
			}
			const since = before.map(h => h.kind === 'granted' && h.worker === one.worker && h.store === one.store).lastIndexOf(true)
			if (before.slice(since + 1).some(h => (h.kind === 'refused' || h.kind === 'gave-up') && h.worker === one.worker && h.store === one.store && h.at < one.at)) continue
			return `"${word}" says ${context.name(one.worker)} had waited for the key, but it got it ${one.place === undefined ? 'at once when' : 'from the line the moment'} it asked, at ${time(one.at)}, with no ask of it turned down or given up before`
		}
		return undefined
	}
	const worker = grant?.worker ?? ask?.worker ?? subject
	if (worker === undefined) return undefined
	const name = context.name(worker)
	const target = grant ?? ask
	if (target === undefined) return undefined
	const before = all.slice(0, Math.max(0, all.indexOf(target)))
	const asks = before.filter(h => h.kind === 'asked' && h.worker === worker && h.store === target.store)
	// A grant answers the last ask before it; "this time" needs one more before that.
	if (asks.length <= (target === grant ? 1 : 0)) return `"this time" says ${name} had asked for the key before, but ${target === grant ? `the ask this grant answers, at ${time(grant.askedAt ?? grant.at)}` : `this ask, at ${time(target.at)}`}, is its first`
	// A form's own "this time willing to wait 9 s" (of an ask): it contrasts this ask's wait with the one of the worker's ask before it, so that one differed.
	if (target.kind === 'asked' && own) {
		const prior = asks[asks.length - 1] as Of<'asked'>
		const wait = (h: Of<'asked'>) => (h.tryOnly ? 'a try, no wait' : h.wait === undefined ? 'no limit on its wait' : `a wait of ${time(h.wait)}`)
		if (wait(prior) === wait(target)) return `"this time" says ${name}'s wait differs from its ask before, but its ask at ${time(prior.at)} had the same, ${wait(prior)}; drop "this time"`
		// With a length ("this time willing to wait 9 s"), it says the worker is more willing now: the ask before waited less (a try, a
		// wait of 0 s, or a shorter limit).
		const limit = (h: Of<'asked'>) => (h.tryOnly ? 0 : (h.wait ?? Number.POSITIVE_INFINITY))
		if (!target.tryOnly && Number.isFinite(limit(target)) && limit(prior) >= limit(target)) return `"this time willing to wait ${time(limit(target))}" says ${name} is willing to wait longer than before, but its ask at ${time(prior.at)} had ${wait(prior)}, ${limit(prior) === limit(target) ? 'as long' : 'longer'}; say "${name} asks again, willing to wait only ${time(limit(target))}", or drop "this time"`
	}
	// "This time willing to wait" (no length, not a form's own): this ask waits, and the worker's ask right before it did not: a try, a
	// wait of 0 s, or an ask turned away the moment it asked.
	if (target.kind === 'asked' && waits) {
		const prior = asks[asks.length - 1] as Of<'asked'>
		const atOnce = before.slice(before.indexOf(prior) + 1).some(h => h.kind === 'refused' && h.worker === worker && h.store === target.store && h.at === prior.at)
		if (!prior.tryOnly && prior.wait !== 0 && !atOnce) return `"this time" says ${name}'s ask before this one did not wait (a try, a wait of 0 s, or turned away at once), but its ask at ${time(prior.at)} was willing to wait ${prior.wait === undefined || prior.wait === Number.POSITIVE_INFINITY ? 'as long as it takes' : time(prior.wait)}; drop "this time"`
	}
	// "This time gets the key" (not a form's own "this time with fence 3"): the ask right before the one the grant answers was turned down.
	if (target !== grant || own) return undefined
	const answered = asks[asks.length - 1] as Happening
	const prior = asks[asks.length - 2] as Of<'asked'>
	const between = before.slice(before.indexOf(prior) + 1, before.indexOf(answered)).filter(h => 'worker' in h && h.worker === worker && 'store' in h && h.store === target.store)
	const granted = between.find((h): h is Of<'granted'> => h.kind === 'granted')
	if (granted === undefined && between.some(h => h.kind === 'refused' || h.kind === 'gave-up' || h.kind === 'left')) return undefined
	// "this time with fence 2": or that ask got the key with another fence, which this one's contrasts with.
	if (fenced && granted !== undefined && granted.fence !== undefined && granted.fence !== grant.fence) return undefined
	if (fenced) return `"this time with fence ${grant.fence === undefined ? '' : showFence(grant.fence)}" says ${name}'s ask before this one was turned down or got the key with another fence, but its ask at ${time(prior.at)} ${granted === undefined ? 'was not refused, given up or left' : `got the key with ${granted.fence === undefined ? 'no fence' : `the same fence, ${showFence(granted.fence)}`}, at ${time(granted.at)}`}`
	return `"this time" says ${name}'s ask before this one was turned down, but its ask at ${time(prior.at)} ${granted === undefined ? 'was not refused, given up or left' : `got the key with ${granted.fence === undefined ? 'a place' : `fence ${showFence(granted.fence)}`} at ${time(granted.at)}`}`
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

/** The holders of a store's key over one span of a step: from `at` until `until`, or through the step's end. */
export interface HoldersSpan {
	holders: readonly string[]
	at: number
	/** The place in the step of the event that began it; undefined for the span the step began with. */
	began?: number
	/** When it ended, and the place of the event that ended it; undefined for the span the step ends with. */
	until?: number
	endedBy?: number
}

/** Whether a happening changes who holds a key: a grant, a lease's end, or the store opening again. */
function changesHolders(h: Happening): h is Of<'granted' | 'released' | 'expired' | 'gone' | 'ended' | 'restarted' | 'restored'> {
	return h.kind === 'granted' || h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended' || h.kind === 'restarted' || h.kind === 'restored'
}

/**
 * A store's key over a step, span by span: its holders when the step began, then after each grant,
 * lease end and open of the store, in the step's order. The last span's holders are the store's
 * when the step ends (a store restored from a copy may hold leases no grant of the run gave).
 */
export function holdersOver(context: ClaimContext, store: string): HoldersSpan[] {
	const step = context.step
	let holders: readonly string[] = step.start.stores.get(store)?.holders ?? []
	const spans: HoldersSpan[] = [{ holders, at: step.start.time }]
	step.happenings.forEach((h, index) => {
		if (!changesHolders(h) || h.store !== store) return
		const next = h.kind === 'granted' ? [...holders, h.worker] : h.kind === 'restarted' || h.kind === 'restored' ? holders : holders.filter(id => id !== h.worker)
		if (next.length === holders.length) return
		const current = spans[spans.length - 1] as HoldersSpan
		current.until = h.at
		current.endedBy = index
		holders = next
		spans.push({ holders, at: h.at, began: index })
	})
	const last = spans[spans.length - 1] as HoldersSpan
	last.holders = context.world.stores.get(store)?.holders ?? last.holders
	return spans
}

/**
 * Whether the state of a key's holders that the event `began` made had no moment of its own: the key's next change of holders
 * (`end`) is a grant from the line at that same instant, the place handed straight on (a key handed from a lease's end to the
 * first in line was never free between, nor a semaphore's place free). The one judgement of a state at an instant: "the key is
 * free", "the key is free again" and "the semaphore is full again" all take it.
 */
export function handedStraightOn(began: Happening | undefined, end: Happening | undefined): boolean {
	return began !== undefined && end?.kind === 'granted' && end.place !== undefined && end.at === began.at
}

/** The first happening after `index` of `list` that changes who holds the store's key (a grant or a lease end that changes its holders' count). */
export function nextHolderChange(list: readonly Happening[], index: number, store: string, holders: readonly string[]): Happening | undefined {
	for (const h of list.slice(index + 1)) {
		if (!('store' in h) || h.store !== store || !('worker' in h)) continue
		if (h.kind === 'granted') return h
		if ((h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && holders.includes(h.worker)) return h
	}
	return undefined
}

/**
 * The span of a store's key in which a state of its holders (`test`) held, for a clause: the span
 * live at the moment it names, if one; with none named, the latest span of the step whose ending
 * event a later clause of the text tells (`toldLater`); else the span the step ends with, if the
 * state holds then; else the latest span of the step an event ended, whose end the text must go
 * on to tell. A key that passed straight from a lease's end to the first in line had no state of
 * its own between.
 */
export function keyStateSpan(context: ClaimContext, store: string, test: (holders: readonly string[]) => boolean): { span: HoldersSpan; last: boolean } | undefined {
	const spans = holdersOver(context, store)
	const last = spans[spans.length - 1] as HoldersSpan
	const moment = context.moment
	if (moment !== undefined) {
		const live = spans.find(span => span.at <= moment && (span.until === undefined ? moment <= context.world.time : moment < span.until) && test(span.holders))
		if (live !== undefined) return { span: live, last: live === last }
	}
	const happenings = context.step.happenings
	const handedOn = (span: HoldersSpan): boolean => span.began !== undefined && handedStraightOn(happenings[span.began], span.endedBy === undefined ? undefined : happenings[span.endedBy])
	const ended = spans.filter(span => span !== last && test(span.holders) && !handedOn(span))
	// Its end told: the event that ended it, or for a lease gone with its store, the store's open that took it.
	const toldEnd = (span: HoldersSpan): boolean => {
		const told = context.toldLater
		const by = span.endedBy
		if (told === undefined || by === undefined) return false
		const end = happenings[by]
		if (told.has(by)) return true
		if (end?.kind !== 'gone') return false
		for (let i = by - 1; i >= 0; i--) {
			const h = happenings[i] as Happening
			if ((h.kind === 'restarted' || h.kind === 'restored') && h.store === end.store && h.at === end.at) return told.has(i)
		}
		return false
	}
	const told = moment === undefined ? ended.filter(toldEnd).pop() : undefined
	if (told !== undefined) return { span: told, last: false }
	if (test(last.holders)) return { span: last, last: true }
	const chosen = ended[ended.length - 1]
	return chosen === undefined ? undefined : { span: chosen, last: false }
}

/**
 * The events that made a span of a store's key what it was: its holders' grants, or with none the
 * lease end (or open) that freed it; each the last of the run up to the span's beginning.
 */
export function spanMakers(context: ClaimContext, store: string, span: HoldersSpan): Happening[] {
	const upTo = [...earlierHappenings(context), ...context.step.happenings.slice(0, span.began === undefined ? 0 : span.began + 1)]
	const lastOf = (keep: (h: Happening) => boolean): Happening[] => {
		for (let i = upTo.length - 1; i >= 0; i--) if (keep(upTo[i] as Happening)) return [upTo[i] as Happening]
		return []
	}
	if (span.holders.length === 0) return lastOf(h => changesHolders(h) && h.kind !== 'granted' && h.store === store)
	return span.holders.flatMap(holder => lastOf(h => h.kind === 'granted' && h.worker === holder && h.store === store))
}

/** The last lease end (or open) of a store's key up to a span's beginning: what made the room a semaphore's key had then. */
export function spanFreedBy(context: ClaimContext, store: string, span: HoldersSpan): Happening[] {
	return spanMakers(context, store, { ...span, holders: [] })
}

/** The lease a worker's crashed process held when its process restarted: what "A's old lease" names. */
export interface OldLease {
	restart: Of<'process-restarted'>
	grant: Of<'granted'>
	/** What ended it (run out, gone with its store, ended by an operator), in this step, an earlier one or one the claim may look ahead to. */
	end?: { h: Of<'expired' | 'gone' | 'ended' | 'released'>; step: StepFacts }
	/** When it runs out: its grant's TTL, or the last renewal's end before the restart. */
	expiresAt: number
}

/**
 * "A's old lease" (its lease from before the crash): the lease live when the worker's process last restarted in
 * this step or before it, given to the process that crashed. A message when the worker never restarted, or its
 * crashed process held no live lease then (it ran out, or was let go, before the restart).
 */
export function oldLease(context: ClaimContext, worker: string): OldLease | string {
	const upTo = runSteps(context.run).filter(step => step.index <= context.step.index)
	const restartStep = upTo.filter(step => happened(step, 'process-restarted', h => h.worker === worker).length > 0).pop()
	const name = context.name(worker)
	if (!restartStep) return `${name}'s process did not restart in this step or before it, so it has no old lease (a lease from before a crash): say "${name}'s lease"`
	const restart = happened(restartStep, 'process-restarted', h => h.worker === worker).pop() as Of<'process-restarted'>
	const before = [...upTo.filter(step => step.index < restartStep.index).flatMap(step => step.happenings), ...restartStep.happenings.slice(0, restartStep.happenings.indexOf(restart))]
	const grant = before.filter((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === worker).pop()
	if (!grant) return `${name}'s process held no lease before it restarted at ${time(restart.at)}, so it has no old lease`
	// Its own end: a semaphore's leases have no fence, and the worker's new lease of the same store ends by its own events.
	const ends = leaseEnds(context.run)
	const sameLease = (h: Happening): h is Of<'expired' | 'gone' | 'ended' | 'released'> => (h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended' || h.kind === 'released') && ends.get(h) === grant
	const endedBefore = before.slice(before.indexOf(grant) + 1).find(sameLease)
	if (endedBefore) return `${name}'s lease from before its crash ${endedBefore.kind === 'expired' ? 'ran out' : endedBefore.kind === 'gone' ? 'went with its store' : endedBefore.kind === 'ended' ? 'was ended by an operator' : 'was let go'} at ${time(endedBefore.at)}, before its process restarted at ${time(restart.at)}: it has no old lease that outlived the crash`
	const renewal = before.slice(before.indexOf(grant) + 1).filter((h): h is Of<'renewed'> => h.kind === 'renewed' && h.worker === worker && h.store === grant.store).pop()
	const old: OldLease = { restart, grant, expiresAt: renewal?.until ?? grant.at + grant.ttl }
	const last = context.run.lookAhead ?? context.run.steps.length
	for (const step of [restartStep, ...context.run.steps.slice(restartStep.index + 1, Math.max(last, context.step.index) + 1)]) {
		const from = step === restartStep ? step.happenings.indexOf(restart) + 1 : 0
		const h = step.happenings.slice(from).find(sameLease)
		if (h) {
			old.end = { h, step }
			break
		}
	}
	return old
}

/** Whether the worker's process had restarted by `moment` while the lease its crashed process held of the store was live, and that lease still was then. */
export function oldLeaseLive(context: ClaimContext, worker: string, store: string, moment: number): boolean {
	const old = oldLease(context, worker)
	if (typeof old === 'string' || old.grant.store !== store) return false
	const restartStep = context.run.steps.findIndex(step => step.happenings.includes(old.restart))
	if (restartStep === context.step.index && old.restart.at > moment) return false
	return !(old.end !== undefined && (old.end.step.index < context.step.index || (old.end.step.index === context.step.index && old.end.h.at <= moment)))
}

/** After a restart of the worker's process, while the lease its crashed process held is live in the store: what to say of that lease. */
export function oldHint(context: ClaimContext, worker: string): string {
	const old = oldLease(context, worker)
	if (typeof old === 'string' || (old.end !== undefined && old.end.step.index <= context.step.index)) return ''
	const name = context.name(worker)
	return ` (its process restarted at ${time(old.restart.at)} and holds nothing of the lease its crashed process held, which the store keeps live in its name until ${time(old.end?.h.at ?? old.expiresAt)}: say "${name}'s old lease")`
}

/**
 * Why a write's fence and the fence of the row it replaced tell nothing of which is older: a fence is a count of one store's
 * grants, so two fences compare only when the same store gave both; each is the fence of its writer's last grant with that
 * fence before the write. Undefined when they compare (or when a grant cannot be found: a fence no store gave, said elsewhere).
 */
export function fencesOfOtherLocks(context: ClaimContext, write: Of<'wrote'>): string | undefined {
	const all = runSteps(context.run)
		.filter(step => step.index <= context.step.index)
		.flatMap(step => step.happenings)
	const at = all.indexOf(write)
	if (at < 0) return undefined
	const before = all.slice(0, at)
	const replaced = before.filter((h): h is Of<'wrote'> => h.kind === 'wrote' && h.database === write.database && h.changed).pop()
	if (replaced === undefined || replaced.noFence) return undefined
	const giver = (w: Of<'wrote'>): Of<'granted'> | undefined => all.slice(0, all.indexOf(w)).filter((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === w.worker && h.fence === w.fence).pop()
	const mine = giver(write)
	const theirs = giver(replaced)
	if (mine === undefined || theirs === undefined || mine.store === theirs.store) return undefined
	return `${context.name(write.worker)}'s fence ${showFence(write.fence)} is from ${context.name(mine.store)} and the row's ${showFence(replaced.fence)} (${context.name(replaced.worker)}'s) from ${context.name(theirs.store)}: the fences come from different locks, so they tell nothing of which write is older`
}

/**
 * A worker named as a holder at `moment` whose process restarted since the grant of the lease the store keeps in its name, and was
 * given none since: its new process holds nothing ("A still holds the key" is refused so too), so no holder form names it. Why, or undefined.
 */
export function restartedHolder(context: ClaimContext, worker: string, moment: number): string | undefined {
	const old = oldLease(context, worker)
	if (typeof old === 'string') return undefined
	const restartStep = context.run.steps.findIndex(step => step.happenings.includes(old.restart))
	if (restartStep === context.step.index && old.restart.at > moment) return undefined
	if (old.end !== undefined && (old.end.step.index < context.step.index || (old.end.step.index === context.step.index && old.end.h.at <= moment))) return undefined
	const since = context.run.steps.slice(restartStep, context.step.index + 1).flatMap(step => (step.index === context.step.index ? step.happenings.filter(h => h.at <= moment) : step.happenings))
	if (since.slice(since.indexOf(old.restart) + 1).some(h => h.kind === 'granted' && h.worker === worker)) return undefined
	return `${context.name(worker)} holds nothing at ${time(moment)}${oldHint(context, worker) || ` (its process restarted at ${time(old.restart.at)}, and the lease the store keeps in its name is its crashed process's)`}`
}

/**
 * The store whose line the worker stands in when the whole scene ends (no look-ahead), and why a claim that it never gets that key is
 * not settled so; undefined when it stands in none then.
 */
export function stillInLine(context: ClaimContext, worker: string): { store: string; why: string } | undefined {
	if (context.run.lookAhead !== undefined) return undefined
	const final = context.run.steps[context.run.steps.length - 1]
	const waiting = final?.end.workers.get(worker)?.waiting
	if (final === undefined || waiting === undefined) return undefined
	const name = context.name(worker)
	return { store: waiting.store, why: `the scene ends at ${time(final.end.time)} with ${name} in line for ${context.name(waiting.store)}'s key (place ${waiting.place}): it may yet be given the key when it comes free, which the scene does not show; add a step where ${name}'s wait ends` }
}

/** A lease's end: it ran out, went with its store, was ended by an operator, or was let go. */
export type LeaseEnd = Of<'expired' | 'gone' | 'ended' | 'released'>

/**
 * Each lease end of the run paired with the grant of the lease it ended: leases, not worker ids, since a worker whose process
 * crashed and restarted may have two of one store (its crashed process's old lease, which the store keeps, and its new one). A
 * let-go, an operator's end and a renewal are of the worker's newest lease of its process (a crashed process does none of these);
 * an expiry is of the lease that ran out then; a loss with its store takes each live lease, oldest first. A fence, where the lease
 * has one, decides.
 */
export function leaseEnds(run: RunFacts): Map<Happening, Of<'granted'>> {
	const all = runSteps(run).flatMap(step => step.happenings)
	const cached = LEASE_ENDS.get(run)
	if (cached !== undefined && cached.count === all.length) return cached.pairs
	const pairs = new Map<Happening, Of<'granted'>>()
	const live: { grant: Of<'granted'>; until: number; old: boolean }[] = []
	for (const h of all) {
		if (h.kind === 'granted') live.push({ grant: h, until: h.at + h.ttl, old: false })
		else if (h.kind === 'process-restarted') {
			for (const one of live) if (one.grant.worker === h.worker) one.old = true
		} else if (h.kind === 'renewed') {
			const newest = live.filter(one => one.grant.worker === h.worker && one.grant.store === h.store && !one.old).pop()
			if (newest !== undefined) newest.until = h.until
		} else if (h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended' || h.kind === 'released') {
			const mine = live.filter(one => one.grant.worker === h.worker && one.grant.store === h.store && (h.fence === undefined || one.grant.fence === h.fence))
			const chosen = h.kind === 'released' || h.kind === 'ended' ? (mine.filter(one => !one.old).pop() ?? mine[mine.length - 1]) : h.kind === 'expired' ? (mine.find(one => one.until === h.at) ?? mine[0]) : mine[0]
			if (chosen === undefined) continue
			pairs.set(h, chosen.grant)
			live.splice(live.indexOf(chosen), 1)
		}
	}
	LEASE_ENDS.set(run, { count: all.length, pairs })
	return pairs
}

const LEASE_ENDS = new WeakMap<RunFacts, { count: number; pairs: Map<Happening, Of<'granted'>> }>()

/** The grants of the run up to `upTo` (a happening of it, excluded; or the end of the step of that index) whose leases had not ended before it. */
export function leasesLive(run: RunFacts, upTo: Happening | number, keep: (grant: Of<'granted'>) => boolean = () => true): Of<'granted'>[] {
	const ends = leaseEnds(run)
	const live: Of<'granted'>[] = []
	for (const h of runSteps(run).filter(step => typeof upTo !== 'number' || step.index <= upTo).flatMap(step => step.happenings)) {
		if (h === upTo) break
		if (h.kind === 'granted' && keep(h)) live.push(h)
		const grant = ends.get(h)
		if (grant !== undefined && live.includes(grant)) live.splice(live.indexOf(grant), 1)
	}
	return live
}
