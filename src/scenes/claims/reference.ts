/**
 * The reference evaluator: a second reading of every form's meaning, written from the formulas of
 * the registry (`formula`, with `FORMULA_TERMS`) and the rules of a text (check.ts's header) alone,
 * for clarity and not for speed. It decides only whether a text holds; the checker (`check.ts` and
 * each form's `check`) decides it too, with messages and evidence, and the two must agree on every
 * case the claims' fuzz makes (`npm run fuzz:claims`). It shares with the checker only the reading
 * of the text and the run's facts: no query, no check, no cause rule of the checker's.
 */
import type { RanLine, RunFacts, StatementFact, StepFacts, StoreFact, WorldFacts } from './facts.ts'
import type { Happening } from '../frame.ts'
import type { ClaimContext, Slot } from './form.ts'
import type { ReadClause, ReadResult } from './read.ts'
import { REFUSED_LEASE, SCENE_LEASE, SCENE_OLD_LEASE } from './parameters.ts'
import { stepAt, worldsOf } from './positions.ts'
import { fenceCount, fenceEpoch } from '../../../engine/index.ts'

type Of<K extends Happening['kind']> = Extract<Happening, { kind: K }>

/** What a form's meaning gives for a clause: whether it holds, and what it tells. */
interface Meaning {
	ok: boolean
	/** The moment it tells: an event's; a state's, from when it held. */
	at?: number
	/** A state: until when it held in the step (undefined: through the clause's moment), and the event that ended it. */
	until?: number
	endedBy?: Happening
	/** For several workers' events: each one's moment. */
	each?: number[]
	/** Its place is just before its first event, not that event's: the moment a span ran out, which its give-up or expiry follows. */
	justBefore?: true
	/** Its place among the step's happenings, where no event gives it: a work's start or end, where its code was then. */
	place?: { at: number; order: number }
	/** The events of this step it tells (a state's: the event of the step that began it). */
	events: Happening[]
	/** The events of the run it tells, for causes (a state's: the events that made it hold). */
	makers: Happening[]
	/** The events it tells as a cause, when fewer than its makers: a worker in line tells its own ask, not the holders it waits behind. */
	told?: Happening[]
	/** For causes: a comparison of fences, the write whose answer it tells, a database checking none, the clock, an absent renewal. */
	compares?: { left: bigint; right: bigint; relation: '<' | '<=' | '=' | '>' | '>='; write?: Of<'wrote'>; workers?: [string, string] }
	decides?: Of<'wrote'>
	/** The write that replaced the THING it says is lost. */
	overwrites?: Of<'wrote'>
	unfenced?: string
	/** For causes: a database said to check fences, why a write there went as its fence decided. */
	fenced?: string
	clock?: { reads?: number; past?: bigint; moved?: true }
	absent?: string
	/** For causes: a worker's fence said to be of its store's new epoch, why it is larger than a fence of an older epoch. */
	epoch?: { worker: string; fence: bigint }
	/** For causes: the store whose line is empty, and the store whose key is free. */
	empty?: string
	free?: string
	/** For causes: the workers said to be alone in writing ("nobody else wrote"), why a write of theirs taken over a fence they alone left was taken. */
	alone?: readonly string[]
	/** For causes: the store (or '' for any) no one let go of, why a give-up came when no lease of it ended from the ask to the give-up. */
	kept?: string
	/** The row evidence a row state gives, for causes: the database and its fence. */
	row?: { database: string; fence: bigint }
	/** For causes: the worker's lease of the store it says is live, and (set once the clause's moment is known) the moment it is live at. */
	live?: { worker: string; store: string; at?: number }
	/** For causes: a semaphore's limit it tells, why grants with room or waits behind that many holders happened. */
	limit?: { store: string; limit: number }
	/** For causes: the workers of a clause that tells several workers' events; a cause of it is why each one's happened. */
	group?: string[]
}

const NO: Meaning = { ok: false, events: [], makers: [] }

/** Everything a meaning reads: the run, the step, the world at the text's moment, and the clause's own context. */
interface Env {
	run: RunFacts
	step: StepFacts
	world: WorldFacts
	context: ClaimContext
	/** The events earlier clauses of the same family told. */
	used: ReadonlySet<Happening>
	/** The moment a state clause names. */
	moment?: number
	/** After a colon that follows a write's answer: that write, which a comparison of fences there is of. */
	answered?: Of<'wrote'>
	/** The step's events the text's event clauses after this one tell, each read alone. */
	toldLater?: ReadonlySet<Happening>
	/** The step's events the event clause right after this one tells, read alone, when joined to it in its sentence (not a new sentence). */
	toldNext?: ReadonlySet<Happening>
	/** Each worker's write the text told last: a clause about a worker's write is of it, when it fits. */
	pointed?: ReadonlyMap<string, Of<'wrote'>>
	/** The moment of the event the clause right before told, when it held and told one. */
	prior?: number
	/** With `prior`: the happenings that clause told. */
	priorTold?: readonly Happening[]
	/** The latest place of the step the clauses before this one told. */
	toldPlace?: { at: number; order: number }
	/** The step's events the clauses before this one told (held, in place). */
	toldEvents?: ReadonlySet<Happening>
	/** The pauses of the step the event clauses before this one in its sentence told (held, in place). */
	pauses?: readonly Of<'paused'>[]
}

// ---- reading slots ----

const actor = (slot: Slot | undefined): string => (slot?.value.type === 'actor' ? slot.value.id : '')
const actors = (slot: Slot | undefined): string[] => (slot?.value.type === 'actors' ? slot.value.ids : [])
const fence = (slot: Slot | undefined): bigint => (slot?.value.type === 'fence' ? slot.value.value : -1n)
const num = (slot: Slot | undefined): number => (slot?.value.type === 'number' ? slot.value.value : Number.NaN)
const big = (slot: Slot | undefined): bigint => (slot?.value.type === 'big' ? slot.value.value : -1n)
/** The store a key slot names, if it names one. */
const named = (slot: Slot | undefined): string | undefined => (slot?.value.type === 'key' ? slot.value.store : undefined)
/** Whether a store is the one a key slot names: any, when it names none. */
const fits = (slot: Slot | undefined, store: string): boolean => named(slot) === undefined || named(slot) === store

// ---- the trace ----

/** The step's events of a kind that pass `keep`, in order. */
/**
 * A claim of no moment ("A never comes back", "nobody else asks"), of none of what holds all along, said with no moment, ordering
 * word or "while" of its own (after "and", a comma, "so"): it names no moment, so the moment a sentence opened with goes on past it
 * to the clause after it.
 */
function noMoment(clause: ReadClause, opening: ReadClause['modifiers'][number] | undefined): boolean {
	if (opening !== undefined || clause.form.tells !== 'none' || clause.form.always === true) return false
	if (clause.gap === true || clause.during === true || clause.passes !== undefined) return false
	return clause.then === undefined || clause.then === 'so'
}

function events<K extends Happening['kind']>(step: StepFacts, kind: K, keep: (h: Of<K>) => boolean = () => true): Of<K>[] {
	return step.happenings.filter((h): h is Of<K> => h.kind === kind && keep(h as Of<K>))
}

/**
 * Whether a renewal w's hold owed on its own went unmade (`renewalStopIn` finds the pause or crash that made it so).
 */
function owedRenewalMissed(env: Env, w: string, grant: Of<'granted'>): boolean {
	return renewalStopIn([...upTo(env).slice(1), ...laterSteps(env)], env.step.index, w, grant, env.world.time) !== undefined
}

/**
 * The pause or crash that stopped w's hold's renewals of the lease of w's last grant by the step's end, a hold that renews on its own
 * (`renewalStopIn`), over the recorded steps. Undefined when none, or renewal is off.
 */
function renewalStopOf(context: ClaimContext, w: string): Happening | undefined {
	const steps = [...context.run.steps.slice(1, context.step.index), ...context.run.steps.slice(context.step.index, (context.run.lookAhead ?? context.run.steps.length - 1) + 1)]
	const here = context.run.steps.slice(1, context.step.index + 1).flatMap(step => step.happenings)
	const grant = here.filter((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === w).pop()
	if (grant === undefined || grant.renews !== true) return undefined
	return renewalStopIn(steps, context.step.index, w, grant, context.world.time)
}

/**
 * The pause or crash that made w's hold miss a renewal it owed on its own, walking `steps` from the grant: a renewal falls due each
 * third of the TTL after the grant or the lease's last renewal; w's process is down from a pause (until it wakes) or a crash, counted
 * only in step `upTo` or before; the down-ness that began first and was still on when a renewal fell due, with no renewal of the lease
 * after it before the lease's end (its own end of any kind, or w's next grant) or the end of the steps (else `now`), is the one.
 */
function renewalStopIn(steps: readonly StepFacts[], upTo: number, w: string, grant: Of<'granted'>, now: number): Happening | undefined {
	let seen = false
	let interval = grant.ttl / 3
	let next = grant.at + interval
	let downBy: Happening | undefined
	let missedBy: Happening | undefined
	const reach = (t: number) => {
		for (; next <= t; next += interval) if (downBy !== undefined && missedBy === undefined) missedBy = downBy
	}
	for (const step of steps) {
		for (const h of step.happenings) {
			if (!seen) {
				seen = h === grant
				continue
			}
			reach(h.at)
			if (!('worker' in h) || h.worker !== w) continue
			if (h.kind === 'granted') return missedBy
			if (h.kind === 'renewed' && h.store === grant.store) {
				missedBy = undefined
				interval = h.ttl === undefined ? interval : h.ttl / 3
				next = h.at + interval
			} else if ((h.kind === 'paused' || h.kind === 'crashed') && step.index <= upTo) downBy ??= h
			else if (h.kind === 'woke' && !crashedAt(steps, w, h)) downBy = undefined
			else if ((h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended') && h.store === grant.store && h.fence === grant.fence) return missedBy
		}
	}
	const last = steps[steps.length - 1]
	reach(last === undefined ? now : last.end.time)
	return missedBy
}

function crashedAt(steps: readonly StepFacts[], w: string, h: Happening): boolean {
	let crashed = false
	for (const step of steps) for (const one of step.happenings) {
		if (one === h) return crashed
		if ('worker' in one && one.worker === w && one.kind === 'crashed') crashed = true
	}
	return crashed
}

/** Whether w's last grant by the step's end came from a hold that renews its lease on its own while w runs (the sample's hold with renewal on). */
function renewsOnItsOwn(env: Env, w: string): boolean {
	const past = [...earlierSteps(env), env.step].flatMap(step => step.happenings)
	return past.filter(h => h.kind === 'granted' && h.worker === w).some((h, i, all) => i === all.length - 1 && (h as Of<'granted'>).renews === true)
}

/**
 * "A's process pauses, so nothing renews its lease": the lease w held live at the pause p (its last grant before p in the run, with no
 * end of it, of that store, between them); no renewal of that lease in this step at p's moment or later; and, unless w woke in this step
 * after p, none in the later steps before w wakes, that lease ends or w is given that store's key again.
 */
function unrenewedFromPause(env: Env, w: string, p: Of<'paused'>): Meaning {
	const run = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings]
	const at = run.indexOf(p)
	let grant: Of<'granted'> | undefined
	for (const h of run.slice(0, at)) {
		if (h.kind === 'granted' && h.worker === w) grant = h
		else if (grant !== undefined && (h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended' || h.kind === 'returned') && h.worker === w && h.store === grant.store) grant = undefined
	}
	if (grant === undefined) return NO
	const store = grant.store
	const sinceGrant = run.slice(run.indexOf(grant) + 1)
	if (sinceGrant.some(h => h.kind === 'renewed' && h.worker === w && h.store === store && env.step.happenings.includes(h) && h.at >= p.at)) return NO
	const here = env.step.happenings
	if (!here.slice(here.indexOf(p) + 1).some(h => h.kind === 'woke' && h.worker === w)) {
		for (const h of laterSteps(env).flatMap(step => step.happenings)) {
			if (!('worker' in h) || h.worker !== w) continue
			if (h.kind === 'woke') break
			if ('store' in h && h.store === store && (h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended' || h.kind === 'returned' || h.kind === 'granted')) break
			if (h.kind === 'renewed' && h.store === store) return NO
		}
	}
	return timeless(true, { absent: w })
}

/** Every step of the run up to and with this one (its own as the text sees it: a note's, up to when it is sent). */
function upTo(env: Env): StepFacts[] {
	return [...env.run.steps.slice(0, env.step.index), env.step]
}

/** Whether the label's worker's code is still in the body of a hold at the step's end: after its last grant, no let-go nor return of that key, no crash, no ask. */
function inHold(env: Env): boolean {
	const w = me(env)
	const all = upTo(env).slice(1).flatMap(step => step.happenings)
	const grant = all.filter(h => h.kind === 'granted' && h.worker === w).pop()
	if (grant === undefined || grant.kind !== 'granted') return false
	return !all.slice(all.indexOf(grant) + 1).some(h => ((h.kind === 'released' || h.kind === 'returned') && h.worker === w && h.store === grant.store) || ((h.kind === 'crashed' || h.kind === 'asked') && h.worker === w))
}

/** Whether the label's worker's process is down at the step's end: its last crash up to then has no restart after it. */
function processDown(env: Env): boolean {
	const marks = upTo(env).flatMap(step => step.happenings).filter(h => (h.kind === 'crashed' || h.kind === 'process-restarted') && h.worker === me(env))
	return marks.at(-1)?.kind === 'crashed'
}

/** Whether w was at work at happening `at` of `trail` (the run's happenings in order): replayed from the start, work begins at a grant and ends at a let-go or return of its store, a crash, an ask or a new grant; a pause stops it until a waking. */
function workingAt(trail: readonly Happening[], w: string, at: Happening): boolean {
	let store: string | undefined
	let paused = false
	for (const h of trail) {
		if (h === at) break
		if (!('worker' in h) || h.worker !== w) continue
		if (h.kind === 'paused') paused = true
		else if (h.kind === 'woke') paused = false
		else if (h.kind === 'granted') store = h.store
		else if (h.kind === 'crashed') (store = undefined), (paused = false)
		else if (h.kind === 'asked') store = undefined
		else if ((h.kind === 'released' || h.kind === 'returned' || h.kind === 'finished') && h.store === store) store = undefined
	}
	return !paused && store !== undefined && 'store' in at && at.store === store
}

function earlierSteps(env: Env): StepFacts[] {
	return env.run.steps.slice(1, env.step.index)
}

/**
 * The grant whose lease each lease end of the run ended. A worker may hold two leases of one store once its process crashed and
 * restarted (the crashed process's, kept by the store, and the new process's), so an end is matched to a lease: by its fence where
 * it has one; a let-go or an operator's end to the lease the worker's running process holds (its last grant since its process last
 * restarted); an expiry to the lease whose end (its grant's TTL, or its last renewal's) is that moment; a loss with the store to the
 * oldest live one.
 */
function endedLeases(run: RunFacts): Map<Happening, Of<'granted'>> {
	const out = new Map<Happening, Of<'granted'>>()
	const open: Of<'granted'>[] = []
	const restartedAt = new Map<string, number>()
	const lastRenewal = new Map<Of<'granted'>, number>()
	let order = 0
	const when = new Map<Happening, number>()
	for (const step of run.steps.slice(1)) {
		for (const h of step.happenings) {
			when.set(h, order++)
			if (h.kind === 'granted') { open.push(h); continue }
			if (h.kind === 'process-restarted') { restartedAt.set(h.worker, order); continue }
			const ownProcess = (g: Of<'granted'>): boolean => (when.get(g) ?? 0) > (restartedAt.get(g.worker) ?? -1)
			if (h.kind === 'renewed') {
				const g = [...open].reverse().find(one => one.worker === h.worker && one.store === h.store && ownProcess(one))
				if (g) lastRenewal.set(g, h.until)
				continue
			}
			if (h.kind !== 'expired' && h.kind !== 'gone' && h.kind !== 'ended' && h.kind !== 'released') continue
			const candidates = open.filter(g => g.worker === h.worker && g.store === h.store && (h.fence === undefined || g.fence === h.fence))
			let g: Of<'granted'> | undefined
			if (h.kind === 'released' || h.kind === 'ended') g = [...candidates].reverse().find(ownProcess) ?? candidates[candidates.length - 1]
			else if (h.kind === 'expired') g = candidates.find(one => (lastRenewal.get(one) ?? one.at + one.ttl) === h.at) ?? candidates[0]
			else g = candidates[0]
			if (!g) continue
			out.set(h, g)
			open.splice(open.indexOf(g), 1)
		}
	}
	return out
}

/**
 * Whether the lease end `h` is of a lease other than its worker's last grant before it (its crashed process's old lease) while that
 * last grant's lease lives on past h's moment: "its lease" is then the live one, and the end is not "its lease running out".
 */
function oldBesideLive(env: Env, h: Of<'expired' | 'gone' | 'ended'>): boolean {
	const ended = endedLeases(env.run)
	const all = env.run.steps.slice(1).flatMap(step => step.happenings)
	const mine = all.slice(0, all.indexOf(h)).filter((g): g is Of<'granted'> => g.kind === 'granted' && g.worker === h.worker)
	const last = mine[mine.length - 1]
	if (last === undefined || ended.get(h) === undefined || ended.get(h) === last) return false
	const lastEnd = all.find(e => ended.get(e) === last)
	return lastEnd === undefined || lastEnd.at > h.at
}

/** The grants of a store whose leases were live right before `h` (a happening of the run). */
function liveLeasesBefore(env: Env, h: Happening, store: string): Of<'granted'>[] {
	const ended = endedLeases(env.run)
	const all = env.run.steps.slice(1).flatMap(step => step.happenings)
	const before = all.slice(0, all.indexOf(h))
	const over = new Set(before.map(one => ended.get(one)).filter(g => g !== undefined))
	return before.filter((one): one is Of<'granted'> => one.kind === 'granted' && one.store === store && !over.has(one))
}

/** Whether a lease slot says "old lease" ("A's old lease", "its lease from before the crash"). */
const old = (slot: Slot | undefined): boolean => slot?.value.type === 'actor' && slot.value.old === true

/**
 * A worker's old lease, from the meaning of "old": replay the run's events up to this step's end, keeping the
 * worker's lease (a grant starts it, its own end ends it), and at each restart of its process set the lease then
 * live aside as the old one. Its end is looked for in the events after that restart, through the steps a claim sees.
 */
function oldLeaseOf(env: Env, w: string): { grant: Of<'granted'>; grantStep: number; end?: Happening; endStep?: number; until: number } | undefined {
	let live: { grant: Of<'granted'>; grantStep: number; until: number } | undefined
	let found: { lease: typeof live; step: number; at: number } | undefined
	for (const step of env.run.steps.slice(1, env.step.index + 1)) {
		for (const [i, h] of step.happenings.entries()) {
			if (!('worker' in h) || h.worker !== w) continue
			if (h.kind === 'granted') live = { grant: h, grantStep: step.index, until: h.at + h.ttl }
			else if (h.kind === 'renewed' && live && h.store === live.grant.store) live = { ...live, until: h.until }
			else if ((h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended') && live && h.store === live.grant.store && h.fence === live.grant.fence) live = undefined
			else if (h.kind === 'process-restarted') {
				found = { lease: live, step: step.index, at: i }
				live = undefined
			}
		}
	}
	if (!found?.lease) return undefined
	const lease = found.lease
	const last = Math.max(env.run.lookAhead ?? env.run.steps.length, env.step.index)
	// Its own end, not its new lease's: a semaphore's leases have no fence to tell them apart.
	const ended = endedLeases(env.run)
	for (const step of env.run.steps.slice(found.step, last + 1)) {
		const end = step.happenings.find((h, i) => (step.index > found.step || i > found.at) && ended.get(h) === lease.grant)
		if (end) return { ...lease, end, endStep: step.index }
	}
	return lease
}

/** "A's old lease is still live" (or "still holds the key"): given before this step, and not ended by its end. */
function oldStillLive(s: readonly Slot[], env: Env): Meaning {
	const w = actor(s[0])
	const lease = oldLeaseOf(env, w)
	if (!lease || lease.grantStep >= env.step.index || !fits(s[1], lease.grant.store)) return NO
	if (lease.endStep !== undefined && lease.endStep <= env.step.index) return NO
	return holdsNow(true, [lease.grant], env, { live: { worker: w, store: lease.grant.store } })
}

/**
 * When w's process hears the lock's "lost" of an operator's end `end` in this step: 'now' if it was not paused then (no pause of
 * its since its last wake, crash or restart); if paused, at its first wake after the end, when no crash or restart of its process
 * comes first (the wake and its step); undefined if it never woke to hear it.
 */
function hearing(env: Env, end: Of<'ended'>): 'now' | { woke: Of<'woke'>; step: StepFacts } | undefined {
	const w = end.worker
	let paused = false
	const mine = (h: Happening) => 'worker' in h && h.worker === w
	for (const step of env.run.steps.slice(1, env.step.index + 1)) {
		const list = step === env.run.steps[env.step.index] ? env.step.happenings : step.happenings
		for (const h of list) {
			if (h === end) break
			if (!mine(h)) continue
			if (h.kind === 'paused') paused = true
			else if (h.kind === 'woke' || h.kind === 'crashed' || h.kind === 'process-restarted') paused = false
		}
	}
	if (!paused) return 'now'
	const rest = [{ step: env.step, list: env.step.happenings.slice(env.step.happenings.indexOf(end) + 1) }, ...laterSteps(env).map(step => ({ step, list: step.happenings }))]
	for (const { step, list } of rest) {
		for (const h of list) {
			if (!mine(h)) continue
			if (h.kind === 'woke') return { woke: h as Of<'woke'>, step }
			if (h.kind === 'crashed' || h.kind === 'process-restarted') return undefined
		}
	}
	return undefined
}

/**
 * w's leases a restart of its process left behind, replaying the run up to t (this step's events at or before t):
 * `orphan`, the lease live at w's last restart that had one, until it ends or w is given a lease again (its name
 * then holds a lease its present process does not); `old`, the lease live at w's last restart, until it ends,
 * whatever w got since.
 */
function restartLeases(env: Env, w: string, t: number): { orphan?: Of<'granted'>; old?: Of<'granted'> } {
	let live: Of<'granted'> | undefined
	let orphan: Of<'granted'> | undefined
	let old: Of<'granted'> | undefined
	for (const step of upTo(env).slice(1)) {
		for (const h of step.happenings) {
			if (step === env.step && h.at > t) break
			if (!('worker' in h) || h.worker !== w) continue
			if (h.kind === 'granted') { live = h; orphan = undefined }
			else if (h.kind === 'process-restarted') { if (live) orphan = live; old = live; live = undefined }
			else if ((h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended') && 'store' in h) {
				if (live && h.store === live.store && h.fence === live.fence) live = undefined
				if (orphan && h.store === orphan.store && h.fence === orphan.fence) orphan = undefined
				if (old && h.store === old.store && h.fence === old.fence) old = undefined
			}
		}
	}
	return { ...(orphan ? { orphan } : {}), ...(old ? { old } : {}) }
}

/** Whether w's name holds a lease in a store that w's present process does not: one a restart left behind, not yet ended nor followed by a new grant. */
function orphaned(env: Env, w: string, t: number): boolean {
	return restartLeases(env, w, t).orphan !== undefined
}

/** Whether a lease of the store given to w before its process's last restart (up to t) is live at t, whatever w got since. */
function oldStillHeld(env: Env, w: string, store: string, t: number): boolean {
	return restartLeases(env, w, t).old?.store === store
}

/** A holder meaning, unless one of the workers it names holds at its moment (the clause's, else the state's end, else the step's end) only a lease its process lost in a restart. */
function noOrphan(env: Env, workers: readonly string[], meaning: Meaning): Meaning {
	if (!meaning.ok) return meaning
	const t = env.moment ?? meaning.until ?? env.world.time
	return workers.some(w => orphaned(env, w, t)) ? NO : meaning
}


/**
 * "Never runs out" of the lease w holds at the step's end, from the step's end on: let go (in the step or a later one), or live
 * to the scene's end with a hold that renews it and its process running; an expiry, an operator's end or its store's loss is NO.
 * For causes, the lease is live up to the step's end, or to its let-go in the step: a renewal it needed then is why it did not run out.
 */
function neverRunsOutFrom(env: Env, w: string, lease: NonNullable<ReturnType<typeof leaseAt>>): Meaning {
	const now = state(lease)
	// For causes: the lease is live up to the step's end, or to its let-go in the step; a renewal it needed then is why it did not run out.
	const release = now === 'live' ? undefined : events(env.step, 'released', h => h.worker === w && h.store === lease.store)[0]
	const kept = timeless(true, { live: { worker: w, store: lease.store, at: release?.at ?? env.world.time } })
	if (now === 'released') return kept
	if (now !== 'live') return NO
	for (const step of laterSteps(env)) {
		for (const h of step.happenings) {
			if ((h.kind === 'expired' || h.kind === 'released' || h.kind === 'ended' || h.kind === 'gone') && h.worker === w && h.store === lease.store && h.fence === lease.fence) return h.kind === 'released' ? kept : NO
		}
	}
	// Live at the scene's end: only a hold that renews it, its process running, keeps it from running out.
	const after = pastTheEnd(env, w, lease.store, lease.grantedAt)
	return after === 'kept' || after === 'open' ? NO : kept
}

/**
 * What comes after the scene, of w's lease of `store` given at `grantedAt`, as the engine's state at the run's last step implies it:
 * undefined when the run does not end with that lease live (as w's latest), or runs only up to a look-ahead step. Else 'renewed' when
 * the grant that gave it renews on its own and w's process at the end is neither crashed, paused, nor restarted since that grant: a
 * renewal falls due (a third of its time to live) before its end, which the engine would make unless w's code let go first; 'kept' when
 * w's process crashed or restarted since the grant (no code of that hold runs: nothing renews it or lets it go, and it runs out at its
 * end); 'open' otherwise (a paused process, or renewal off: it may run out, or w's code may let go or renew by hand first).
 */
function pastTheEnd(env: Env, w: string, store: string, grantedAt: number): 'renewed' | 'kept' | 'open' | undefined {
	if (env.run.lookAhead !== undefined) return undefined
	const final = env.run.steps[env.run.steps.length - 1]
	if (final === undefined) return undefined
	const lease = leaseAt(final.end, w)
	if (lease === undefined || state(lease) !== 'live' || lease.store !== store || lease.grantedAt !== grantedAt || final.end.time >= lease.expiresAt) return undefined
	const all = env.run.steps.flatMap(step => step.happenings)
	let grant: Of<'granted'> | undefined
	let restarted = false
	for (const h of all) {
		if (h.kind === 'granted' && h.worker === w && h.store === store && h.at === grantedAt) [grant, restarted] = [h, false]
		else if (h.kind === 'process-restarted' && h.worker === w) restarted = true
	}
	const process = final.end.workers.get(w)
	if (process?.crashed === true || (grant !== undefined && restarted)) return 'kept'
	if (process?.paused === true || grant?.renews !== true) return 'open'
	return 'renewed'
}

/**
 * Whether the run ends (before the lease's end) with w's lease of `store` given at `grantedAt` live and code of its hold still able to
 * run after it (renewed on its own, or 'open': a paused process, or renewal off): what it does next, the scene does not settle. Of
 * "never lets go", "keeps the key until" and "ends at" alike.
 */
function leftOpen(env: Env, w: string, store: string, grantedAt: number): boolean {
	const after = pastTheEnd(env, w, store, grantedAt)
	return after === 'renewed' || after === 'open'
}

/** Whether the whole run (no look-ahead) ends with w in line for a store's key that `keep` takes: it may yet be given it after the scene. */
function inLineAtTheEnd(env: Env, w: string, keep: (store: string) => boolean): boolean {
	if (env.run.lookAhead !== undefined) return false
	const waiting = env.run.steps[env.run.steps.length - 1]?.end.workers.get(w)?.waiting
	return waiting !== undefined && keep(waiting.store)
}

/**
 * "Starts a long piece of work" ("long" of a 'starts-working' clause, read.ts): the work that started (the meaning's grant, begun at its
 * moment) lasts, from its start to the worker's next let-go or return of that store, crash, ask, grant or pause after the meaning's last
 * event (a frozen process does no work; this step or later, else the scene's end), more than 0 s and at least a fifth of the lease's time to live;
 * in a run seen up to a step, a piece not ended by then is long.
 */
function longWork(s: readonly Slot[], started: Meaning, env: Env): boolean {
	if (!started.ok) return false
	const w = actor(s[0])
	const grant = started.events.find((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === w)
	const began = started.events[started.events.length - 1]
	if (grant === undefined || began === undefined) return true
	const from = started.at ?? grant.at
	const steps = laterSteps(env)
	const after = [...env.step.happenings.slice(env.step.happenings.indexOf(began) + 1), ...steps.flatMap(step => step.happenings)]
	const end = after.find(h => 'worker' in h && h.worker === w && (h.kind === 'crashed' || h.kind === 'asked' || h.kind === 'granted' || h.kind === 'paused' || ((h.kind === 'released' || h.kind === 'returned' || h.kind === 'finished') && h.store === grant.store)))
	if (end === undefined && env.run.lookAhead !== undefined) return true
	const stop = end?.at ?? (steps[steps.length - 1] ?? env.step).end.time
	return stop > from && (grant.ttl === undefined || 5 * (stop - from) >= grant.ttl)
}

/**
 * ", 7 s of it" after a 'starts-working' clause (read.ts's `lasted`): the work that started (the meaning's grant, begun at its moment)
 * lasted exactly `ms`, to the worker's next let-go or return of that store, crash, ask, grant or pause after the meaning's last event
 * (this step or later). A work with no such end in the scene is not shown lasting anything; in a run seen up to a step, one not ended by then passes.
 */
function workLasted(s: readonly Slot[], started: Meaning, env: Env, ms: number): boolean {
	if (!started.ok) return false
	const w = actor(s[0])
	const grant = started.events.find((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === w)
	const began = started.events[started.events.length - 1]
	if (grant === undefined || began === undefined) return false
	const after = [...env.step.happenings.slice(env.step.happenings.indexOf(began) + 1), ...laterSteps(env).flatMap(step => step.happenings)]
	const end = after.find(h => 'worker' in h && h.worker === w && (h.kind === 'crashed' || h.kind === 'asked' || h.kind === 'granted' || h.kind === 'paused' || ((h.kind === 'released' || h.kind === 'returned' || h.kind === 'finished') && h.store === grant.store)))
	if (end === undefined) return env.run.lookAhead !== undefined
	return end.at - (started.at ?? grant.at) === ms
}

function freeToEnd(s: readonly Slot[], env: Env, at?: number): Meaning {
	const here = MEANINGS['key-stays-free']?.(s, env) ?? NO
	const store = storeOf(env, s[0])
	if (!here.ok || store === undefined) return NO
	if (laterSteps(env).some(step => step.happenings.some(h => h.kind === 'granted' && h.store === store.id))) return NO
	if (at === undefined || env.run.lookAhead !== undefined) return here
	return at === (env.run.steps[env.run.steps.length - 1] ?? env.step).end.time ? here : NO
}

function laterSteps(env: Env): StepFacts[] {
	const last = env.run.lookAhead ?? env.run.steps.length
	return env.run.steps.slice(env.step.index + 1, last + 1)
}

/**
 * Whether a later step lets go of the worker's live lease, sees it gone or has an operator end it before the
 * lease's end, at the moment that happens: the lease lasts until it runs out, or until the worker is given the
 * store's key again (a new lease).
 */
function endsBefore(env: Env, w: string, lease: { store: string; expiresAt: number }): boolean {
	const mine = laterSteps(env).flatMap(step => step.happenings).filter(h => 'worker' in h && h.worker === w && 'store' in h && h.store === lease.store)
	const stop = mine.findIndex(h => h.kind === 'expired' || h.kind === 'returned' || h.kind === 'granted')
	return (stop < 0 ? mine : mine.slice(0, stop)).some(h => (h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended') && h.at < lease.expiresAt)
}

/** The last event of the run so far that passes `keep`. */
function lastEvent<H extends Happening>(env: Env, keep: (h: Happening) => h is H): H | undefined {
	const all = upTo(env).flatMap(step => step.happenings)
	for (let i = all.length - 1; i >= 0; i--) if (keep(all[i] as Happening)) return all[i] as H
	return undefined
}

/** The store a clause means: the one its key slot names, else the scene's only one. */
function storeOf(env: Env, key: Slot | undefined): StoreFact | undefined {
	const id = named(key)
	if (id !== undefined) return env.world.stores.get(id)
	const all = [...env.world.stores.values()]
	return all.length === 1 ? all[0] : undefined
}

const state = (lease: NonNullable<ReturnType<typeof leaseAt>>): 'live' | 'expired' | 'gone' | 'ended' | 'released' => (lease.released ? 'released' : lease.gone ? 'gone' : lease.ended === true ? 'ended' : lease.expired ? 'expired' : 'live')

function leaseAt(world: WorldFacts, worker: string) {
	return world.workers.get(worker)?.lease
}

function live(world: WorldFacts, worker: string): boolean {
	const lease = leaseAt(world, worker)
	return lease !== undefined && state(lease) === 'live'
}

/** The grant of a worker's lease, the latest of the run so far with that store and fence. */
function grantOf(env: Env, worker: string, store: string, value: bigint | undefined): Of<'granted'> | undefined {
	return lastEvent(env, (h): h is Of<'granted'> => h.kind === 'granted' && h.worker === worker && h.store === store && h.fence === value)
}

/** The events that made a worker's lease at the clause's moment what it is: its grant while live, else its end. */
function leaseMakers(env: Env, worker: string): Happening[] {
	const lease = leaseAt(env.world, worker)
	if (!lease) return []
	const now = state(lease)
	if (now === 'live') return [grantOf(env, worker, lease.store, lease.fence)].filter((h): h is Of<'granted'> => h !== undefined)
	const end = lastEvent(env, (h): h is Happening => h.kind === now && 'worker' in h && h.worker === worker && (!('store' in h) || h.store === lease.store))
	return end ? [end] : []
}

/** The grant of a worker's lease at the clause's moment, whatever became of it: what its fence comes from. */
function leaseGrant(env: Env, worker: string): Happening[] {
	const lease = leaseAt(env.world, worker)
	const grant = lease ? grantOf(env, worker, lease.store, lease.fence) : undefined
	return grant ? [grant] : []
}

/** The events that made a store's holders at the moment: their grants, or with none the end that freed it. */
function holderMakers(env: Env, store: StoreFact): Happening[] {
	if (store.holders.length === 0) {
		const freed = lastEvent(env, (h): h is Happening => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended' || h.kind === 'restarted' || h.kind === 'restored') && h.store === store.id)
		return freed ? [freed] : []
	}
	return store.holders.flatMap(holder => {
		const grant = lastEvent(env, (h): h is Of<'granted'> => h.kind === 'granted' && h.worker === holder && h.store === store.id)
		return grant ? [grant] : []
	})
}

/** The events that made a store's line at the moment: the waiters' asks, and the holders that keep them waiting. */
function lineMakers(env: Env, store: StoreFact): Happening[] {
	return store.waiters.length === 0 ? [] : [...lineAsks(env, store), ...holderMakers(env, store)]
}

/** What a store's line tells as a cause: its waiters' asks (not the holders they wait behind). */
function lineAsks(env: Env, store: StoreFact): Happening[] {
	return store.waiters.flatMap(waiter => {
		const ask = lastEvent(env, (h): h is Of<'asked'> => h.kind === 'asked' && h.worker === waiter && h.store === store.id)
		return ask ? [ask] : []
	})
}

/** The write a database's row keeps. */
function rowMaker(env: Env, database: string): Happening[] {
	const write = lastEvent(env, (h): h is Of<'wrote'> => h.kind === 'wrote' && h.database === database && h.changed)
	return write ? [write] : []
}

function openMaker(env: Env, store: string): Happening[] {
	const open = lastEvent(env, (h): h is Of<'restarted'> | Of<'restored'> => (h.kind === 'restarted' || h.kind === 'restored') && h.store === store)
	return open ? [open] : []
}

// ---- meanings, by the kind of thing they tell ----

/** An event of the step: it holds when the event is there; its moment is the event's. */
function event(found: Happening | undefined, extra: Partial<Meaning> = {}): Meaning {
	if (!found) return NO
	return { ok: true, at: found.at, events: [found], makers: [found], ...extra }
}

/**
 * "Only now does w get k": a grant of k to w in the step (with fence f); walking the run from its start to that grant, w asked for k in
 * a step before this one, and no grant of k to w came after that ask and before this grant.
 */
function onlyNowGets(env: Env, w: string, key: Slot | undefined, f?: bigint): Meaning {
	const grant = events(env.step, 'granted', h => h.worker === w && (named(key) === undefined || h.store === named(key)) && (f === undefined || h.fence === f))[0]
	if (!grant) return NO
	// Asked in an earlier step, and never held that key (or a place of it) before this grant, in the whole run: "for the first time".
	let asked = false
	for (const step of earlierSteps(env)) {
		for (const h of step.happenings) {
			if (h.kind === 'asked' && h.worker === w && h.store === grant.store) asked = true
			else if (h.kind === 'granted' && h.worker === w && h.store === grant.store) return NO
		}
	}
	for (const h of env.step.happenings) {
		if (h === grant) break
		if (h.kind === 'granted' && h.worker === w && h.store === grant.store) return NO
	}
	return asked ? event(grant) : NO
}

/**
 * Whether w, at work in a hold of `store` from event `began` at moment `from`, was still at it a moment later: walking this step's
 * events after `began` and then the later steps' (up to the look-ahead), the first that ends its work (its let-go or return of that
 * store, its crash, ask, grant or pause) comes after `from`, or none does.
 */
function stillAtItAfter(env: Env, w: string, store: string, began: Happening, from: number): boolean {
	const last = env.run.lookAhead ?? env.run.steps.length
	const list = [...env.step.happenings.slice(env.step.happenings.indexOf(began) + 1), ...env.run.steps.slice(env.step.index + 1, last + 1).flatMap(step => step.happenings)]
	for (const h of list) {
		if (!('worker' in h) || h.worker !== w) continue
		const stops = h.kind === 'crashed' || h.kind === 'asked' || h.kind === 'granted' || h.kind === 'paused' || ((h.kind === 'released' || h.kind === 'returned' || h.kind === 'finished') && h.store === store)
		if (stops) return h.at > from
	}
	return true
}

/**
 * A stretch of w's work from `from` is long: it lasts at least a fifth of its lease's time to live `ttl`. It lasts until `until`, else
 * until w's first crash, ask, grant, pause, or let-go or return of `store`, after `from` in this step or in a later step seen, else
 * until the last step's end; with a look-ahead and no such end seen, it may yet last, and passes.
 */
function lastsLong(env: Env, w: string, store: string, from: number, ttl: number | undefined, until?: number): boolean {
	if (ttl === undefined) return true
	let stop = until
	if (stop === undefined) {
		for (const h of [...env.step.happenings.filter(h => h.at > from), ...laterSteps(env).flatMap(step => step.happenings)]) {
			if (!('worker' in h) || h.worker !== w) continue
			if (h.kind === 'crashed' || h.kind === 'asked' || h.kind === 'granted' || h.kind === 'paused' || ((h.kind === 'released' || h.kind === 'returned' || h.kind === 'finished') && h.store === store)) {
				stop = h.at
				break
			}
		}
	}
	if (stop === undefined && env.run.lookAhead !== undefined) return true
	const steps = laterSteps(env)
	stop ??= (steps[steps.length - 1] ?? env.step).end.time
	return 5 * (stop - from) >= ttl
}

/** A state at the clause's moment (the step's end, a note's sending): it holds or not, with the events that made it. */
function everyPlaceHeld(s: readonly Slot[], env: Env, now: boolean): Meaning {
	const ws = actors(s[0])
	const count = s.find(slot => slot.type === 'count')
	const n = count === undefined ? 2 : num(count)
	if (ws.length !== n || ws.some(w => orphaned(env, w, env.world.time))) return NO
	const same = (holders: readonly string[]) => holders.length === n && ws.every(w => holders.includes(w))
	const store = [...env.world.stores.values()].find(one => one.limit === n && same(one.holders) && !(now && same(env.step.start.stores.get(one.id)?.holders ?? [])))
	return holdsNow(store !== undefined, store ? holderMakers(env, store) : [], env)
}

function holdsNow(ok: boolean, makers: Happening[] = [], env?: Env, extra: Partial<Meaning> = {}): Meaning {
	if (!ok) return NO
	const meaning: Meaning = { ok: true, events: [], makers, ...extra }
	if (env) meaning.at = env.world.time
	return meaning
}

/** A claim with no moment. */
function timeless(ok: boolean, extra: Partial<Meaning> = {}): Meaning {
	return ok ? { ok: true, events: [], makers: [], ...extra } : NO
}

/**
 * `live(w, k, t)` with a fence or TTL: the worker's leases in the step (live when it began, or
 * given in it), each from its start until the event that ended it; it holds when one is live at
 * the moment the clause names, or, with none named, through the step's end (or, ended, the text
 * goes on to tell its end: the text's rule).
 */
function leaseState(env: Env, slots: readonly Slot[], wanted: { fence?: bigint; ttl?: number }): Meaning {
	const worker = actor(slots[0])
	const store = named(slots[1])
	type Span = { from: number; grant?: Of<'granted'>; fence?: bigint; ttl: number; store: string }
	const spans: Span[] = []
	const start = leaseAt(env.step.start, worker)
	if (start && state(start) === 'live') spans.push({ from: env.step.start.time, fence: start.fence, ttl: start.ttl, store: start.store })
	for (const grant of events(env.step, 'granted', h => h.worker === worker)) spans.push({ from: grant.at, grant, fence: grant.fence, ttl: grant.ttl, store: grant.store })
	const fitting = spans.filter(span => (store === undefined || span.store === store) && (wanted.fence === undefined || span.fence === wanted.fence) && (wanted.ttl === undefined || span.ttl === wanted.ttl))
	if (fitting.length === 0) return NO
	const withEnds = fitting.map(span => {
		const from = span.grant ? env.step.happenings.indexOf(span.grant) : -1
		// Its end: the lease's own (let go, run out, gone, ended), or its worker's process restarting, after which the worker holds nothing of it.
		const end = env.step.happenings.find((h, i) => i > from && 'worker' in h && h.worker === worker && h.at >= span.from && (h.kind === 'process-restarted' || ((h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended') && h.fence === span.fence)))
		return { span, end }
	})
	const at = env.moment
	const holdsAt = (one: (typeof withEnds)[number], t: number) => one.span.from <= t && (one.end === undefined ? t <= env.world.time : t < one.end.at)
	const chosen = (at === undefined ? withEnds.find(one => one.end === undefined) : withEnds.find(one => holdsAt(one, at))) ?? (withEnds[withEnds.length - 1] as (typeof withEnds)[number])
	const grant = chosen.span.grant ?? grantOf(env, worker, chosen.span.store, chosen.span.fence)
	const meaning: Meaning = { ok: true, at: chosen.span.from, events: chosen.span.grant ? [chosen.span.grant] : [], makers: grant ? [grant] : [], live: { worker, store: chosen.span.store } }
	if (chosen.end) {
		meaning.until = chosen.end.at
		meaning.endedBy = chosen.end
	}
	return meaning
}

/** Each worker of slot 0 starts its work in the step, as 'starts-working' means of one; all at one moment with `together`. */
function startsEach(s: readonly Slot[], env: Env, together: boolean): Meaning {
	const each = actors(s[0]).map(w => MEANINGS['starts-working']?.([{ ...(s[0] as Slot), value: { type: 'actor', id: w } }, ...s.slice(1)], env) ?? NO)
	if (each.some(one => !one.ok || one.at === undefined)) return NO
	const ats = each.map(one => one.at as number)
	if (together && ats.some(at => at !== ats[0])) return NO
	const all = each.flatMap(one => one.events)
	return { ok: true, events: all, makers: each.flatMap(one => one.makers), at: Math.max(...ats), each: ats }
}

/** The first ask of a worker in the step that passes `keep`. */
function askOf(env: Env, worker: string, keep: (h: Of<'asked'>) => boolean = () => true): Of<'asked'> | undefined {
	return events(env.step, 'asked', h => h.worker === worker && keep(h))[0]
}

/** An ask: an event, though one the scene does not show (a grant with no hold before it) tells no moment. */
function asked(found: Of<'asked'> | undefined): Meaning {
	if (!found) return NO
	const meaning = event(found)
	if (found.unshown) delete meaning.at
	return meaning
}

/** A worker in line at the moment, or one that waited in line in the step and got the key once a lease of that store ended, or gave up (until then). */
function waits(env: Env, worker: string): Meaning {
	const waiting = env.world.workers.get(worker)?.waiting
	if (waiting) {
		const store = env.world.stores.get(waiting.store)
		// Its wait began at its last hold of that key in the step (a try, refused at once, never stood in line), else before the step.
		const ask = events(env.step, 'asked', h => h.worker === worker && h.store === waiting.store && !h.tryOnly).pop()
		// It waits by its own ask and the holders it waits behind, not by the others in line.
		const own = lastEvent(env, (h): h is Of<'asked'> => h.kind === 'asked' && h.worker === worker && h.store === waiting.store)
		const holders = store ? store.holders.flatMap(holder => [lastEvent(env, (h): h is Of<'granted'> => h.kind === 'granted' && h.worker === holder && h.store === store.id)].filter((h): h is Of<'granted'> => h !== undefined)) : []
		return { ok: true, at: ask?.at ?? env.world.time, events: [], makers: store ? [...(own ? [own] : []), ...holders] : [], told: own ? [own] : [] }
	}
	const asked = waitedFromAsk(env, worker)
	return asked.ok ? asked : waitedFromStart(env, worker)
}

/** A worker in line when the step began, until the step's first grant, giving up or leaving of it: by its ask, and the grants of the holders then. */
function waitedFromStart(env: Env, worker: string): Meaning {
	const waiting = env.step.start.workers.get(worker)?.waiting
	if (!waiting) return NO
	const end = env.step.happenings.find(h => (h.kind === 'granted' || h.kind === 'gave-up' || h.kind === 'left') && h.worker === worker && h.store === waiting.store)
	if (!end) return NO
	const before = earlierSteps(env).flatMap(step => step.happenings)
	const own = before.filter(h => h.kind === 'asked' && h.worker === worker && h.store === waiting.store).slice(-1)
	const holders = (env.step.start.stores.get(waiting.store)?.holders ?? []).flatMap(holder => before.filter(h => h.kind === 'granted' && h.worker === holder && h.store === waiting.store).slice(-1))
	return { ok: true, at: env.step.start.time, until: end.at, endedBy: end, events: [], makers: [...own, ...holders], told: own }
}

/**
 * A worker that asked in the step and waited in line on that ask: it got the key once a lease ended, or gave up (in line
 * until then). One ask's wait runs until the worker's next event of that key (a grant, giving up, leaving, a refusal) or
 * its next ask: a grant or giving up after that belongs to another wait. A wait that ended in a grant is told before one
 * that ended in giving up.
 */
function waitedFromAsk(env: Env, worker: string): Meaning {
	const list = env.step.happenings
	const waits: { ask: Of<'asked'>; from: number; end: Happening | undefined; to: number }[] = []
	for (let i = 0; i < list.length; i++) {
		const h = list[i] as Happening
		if (h.kind !== 'asked' || h.worker !== worker || h.tryOnly) continue
		let to = i + 1
		while (to < list.length) {
			const e = list[to] as Happening
			if (e.kind === 'asked' && e.worker === worker) break
			if ((e.kind === 'granted' || e.kind === 'gave-up' || e.kind === 'left' || e.kind === 'refused') && e.worker === worker && e.store === h.store) break
			to++
		}
		waits.push({ ask: h, from: i, end: list[to], to })
	}
	for (const wait of waits) {
		if (wait.end?.kind !== 'granted') continue
		const freed = list.slice(wait.from + 1, wait.to).some(h => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.store === wait.ask.store)
		if (freed) return { ok: true, at: wait.ask.at, events: [wait.ask, wait.end], makers: [wait.ask, wait.end] }
	}
	for (const wait of waits) {
		// Waited, then gave up in the step: in line from the ask until then.
		if (wait.end?.kind === 'gave-up' && wait.end.at > wait.ask.at) return { ok: true, at: wait.ask.at, until: wait.end.at, endedBy: wait.end, events: [wait.ask, wait.end], makers: [wait.ask, wait.end] }
	}
	return NO
}

/** "Still": the worker stood in the store's line when the step began and did nothing in the step that took it out (no ask, grant, giving up or leaving). */
function stoodInLine(env: Env, worker: string, store: string): boolean {
	const moved = env.step.happenings.some(h => (h.kind === 'asked' || h.kind === 'granted' || h.kind === 'gave-up' || h.kind === 'left') && h.worker === worker)
	return env.step.start.workers.get(worker)?.waiting?.store === store && !moved
}

/** "{workers} still wait": each is in line at the moment and stood in that line all through the step; by each one's waiting. */
function stillAll(env: Env, workers: readonly string[]): Meaning {
	const each = workers.map(w => {
		const waiting = env.world.workers.get(w)?.waiting
		return waiting !== undefined && stoodInLine(env, w, waiting.store) ? waits(env, w) : NO
	})
	if (each.some(m => !m.ok)) return NO
	const makers = [...new Set(each.flatMap(m => m.makers))]
	const told = [...new Set(each.flatMap(m => m.told ?? []))]
	return { ok: true, at: env.world.time, events: [], makers, told }
}

/** The only store's line at the moment, with a test of its waiters. */
function line(env: Env, test: (waiters: readonly string[]) => boolean): Meaning {
	const store = storeOf(env, undefined)
	if (!store || !test(store.waiters)) return NO
	return holdsNow(true, lineMakers(env, store), env, { told: lineAsks(env, store) })
}

/** A worker's writes in the step, to a database when one is named, not told by an earlier clause of the family. */
function writesOf(env: Env, worker: string, database?: string): { all: Of<'wrote'>[]; untold: Of<'wrote'>[] } {
	const all = events(env.step, 'wrote', h => h.worker === worker && (database === undefined || h.database === database))
	return { all, untold: all.filter(h => !env.used.has(h)) }
}

/** `wrote(w) ∈ step`, the first not told yet, that passes `keep`. */
function save(env: Env, worker: string, keep: (write: Of<'wrote'>) => boolean = () => true): Meaning {
	const write = writesOf(env, worker).untold[0]
	return write && keep(write) ? event(write) : NO
}

/** Every write of the run to a database up to this step's end. */
function writesTo(env: Env, database: string): Of<'wrote'>[] {
	return upTo(env).slice(1).flatMap(step => events(step, 'wrote', h => h.database === database))
}

/** Of some writes of a worker, the one a clause about its write is of: the one the text told last, if it is among them, else the first. */
function pointedOr(env: Env, worker: string, writes: readonly Of<'wrote'>[]): Of<'wrote'> | undefined {
	const told = env.pointed?.get(worker)
	return told !== undefined && writes.includes(told) ? told : writes[0]
}

/** `wrote(w, d) ∈ step` whose answer the clause tells: the one the text told last if its answer is not told yet, else the first not told yet; taken or not. */
function answer(env: Env, worker: string, database: string | undefined, changed: Answer): Meaning {
	const write = pointedOr(env, worker, writesOf(env, worker, database).untold)
	return write && answerIs(write, changed) ? event(write, { decides: write }) : NO
}

/**
 * A write's answer: taken (the row changed), changed no row, or refused: no row changed because the fence rule
 * decided so. A statement whose outcome no fence decides (an insert of another row) left the row alone, and no one refused it.
 */
type Answer = boolean | 'refused'
function answerIs(write: Of<'wrote'>, answer: Answer): boolean {
	if (answer === 'refused') return !write.changed && write.fenced
	return write.changed === answer
}

/** The one write to a database in the step, taken or not. */
function theWrite(env: Env, database: string, changed: Answer): Meaning {
	const all = events(env.step, 'wrote', h => h.database === database)
	const write = all[0]
	if (all.length !== 1 || !write || env.used.has(write) || !answerIs(write, changed)) return NO
	return event(write, { decides: write })
}

/** "both writes": the step's two, or in a step of one, it and the one write before the step; each changed the row. */
function bothWrites(env: Env, database: string | undefined): Meaning {
	const keep = (h: Of<'wrote'>): boolean => database === undefined || h.database === database
	const here = events(env.step, 'wrote', keep)
	const before = here.length === 1 ? env.run.steps.slice(0, env.step.index).flatMap(step => events(step, 'wrote', keep)) : []
	if (here.length === 1 && before.length !== 1) return NO
	const all = [...before, ...here]
	if (all.length !== 2 || all.some(h => !h.changed)) return NO
	return { ok: true, events: all, makers: all, at: Math.max(...all.map(h => h.at)) }
}

/** The row of a database at the moment, with its fence. */
function row(env: Env, database: string | undefined, wanted: bigint): Meaning {
	const facts = database === undefined ? undefined : env.world.databases.get(database)
	if (!facts || facts.fence !== wanted) return NO
	return holdsNow(true, rowMaker(env, facts.id), env, { row: { database: facts.id, fence: facts.fence } })
}

/** A store's opens (restarts and restores) in the step, not told yet. */
function opens(env: Env, store?: string): (Of<'restarted'> | Of<'restored'>)[] {
	return env.step.happenings.filter((h): h is Of<'restarted'> | Of<'restored'> => (h.kind === 'restarted' || h.kind === 'restored') && (store === undefined || h.store === store) && !env.used.has(h))
}

const before = (open: Of<'restarted'> | Of<'restored'>): bigint => (open.kind === 'restarted' ? open.epochBefore : open.backupEpoch)

/** The counterfactual's write: the worker's write in the step the text told last, else its last, with fences and without. */
function withAndWithout(env: Env, worker: string): { fenced?: Of<'wrote'>; unfenced?: Of<'wrote'> } {
	const [fenced, unfenced] = toldWriteIn(env, worker, env.run.unfenced?.steps[env.step.index])
	return { fenced, unfenced }
}

/** The worker's write of the step as drawn (the text's last told one of it, else its last), and in the run with every database checking fences. */
function drawnAndFenced(env: Env, worker: string): { drawn?: Of<'wrote'>; other?: Of<'wrote'> } {
	const [drawn, other] = toldWriteIn(env, worker, env.run.fenced?.steps[env.step.index])
	return { drawn, other }
}

/** The worker's write a clause about "its write" means: the one the text told last when it is of this step, else the step's last; and the write at the same place among its writes in the other run's step. */
function toldWriteIn(env: Env, worker: string, other: StepFacts | undefined): [Of<'wrote'> | undefined, Of<'wrote'> | undefined] {
	const here = events(env.step, 'wrote', h => h.worker === worker)
	const told = env.pointed?.get(worker)
	const n = told !== undefined && here.includes(told) ? here.indexOf(told) : here.length - 1
	if (n < 0) return [undefined, undefined]
	return [here[n], other ? events(other, 'wrote', h => h.worker === worker)[n] : undefined]
}

/** The worker's last pause or crash up to the step's end. */
function lastPause(env: Env, worker: string): Happening | undefined {
	return lastEvent(env, (h): h is Happening => (h.kind === 'paused' || h.kind === 'crashed') && 'worker' in h && h.worker === worker)
}

/** The lock's answer to a message's receiver: its first event of a kind. */
function answered<K extends Happening['kind']>(env: Env, kind: K, keep: (h: Of<K>) => boolean = () => true): Of<K> | undefined {
	const to = env.context.message?.to
	return (env.context.message?.happenings ?? []).find((h): h is Of<K> => h.kind === kind && 'worker' in h && h.worker === to && keep(h as Of<K>))
}

/** The write a message is, or answers. */
function messageWrite(env: Env): Of<'wrote'> | undefined {
	return (env.context.message?.happenings ?? []).find((h): h is Of<'wrote'> => h.kind === 'wrote')
}

const workersOf = (env: Env): number => [...env.run.kinds.values()].filter(kind => kind === 'worker').length
const me = (env: Env): string => env.context.actor ?? ''
const sent = (step: StepFacts | undefined, worker: string): number => (step ? events(step, 'sent', h => h.from === worker).length : 0)
const meStore = (env: Env): StoreFact | undefined => env.world.stores.get(me(env))

/** A label on a store at the moment: holds when its holders pass `test`. */
function storeLabel(env: Env, test: (store: StoreFact) => boolean): Meaning {
	const store = meStore(env)
	return store && test(store) ? holdsNow(true, holderMakers(env, store), env) : NO
}

const setEq = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every(x => b.includes(x))

/** Each form's meaning, written from its formula. */
/** The fence of the worker's lease now, and its grants up to now that came before that lease's (all of them, without a lease). */
function grantsBeforeLatest(env: Env, w: string): { latest: bigint | undefined; before: Of<'granted'>[] } {
	const grants = upTo(env).slice(1).flatMap(step => events(step, 'granted', h => h.worker === w))
	const own = leaseGrant(env, w)[0]
	return { latest: leaseAt(env.world, w)?.fence, before: own === undefined ? grants : grants.slice(0, grants.indexOf(own as Of<'granted'>)) }
}

const MEANINGS: Readonly<Record<string, (s: readonly Slot[], env: Env) => Meaning>> = {
	// -- holding
	'holds-with-fence': (s, env) => leaseState(env, s, { fence: fence(s[2]) }),
	'holds-with-fence-and-ttl': (s, env) => leaseState(env, s, { fence: fence(s[2]), ttl: num(s[3]) }),
	'holds-with-ttl': (s, env) => leaseState(env, s, { ttl: num(s[2]) }),
	holds: (s, env) => leaseState(env, s, {}),
	'holds-again-with-fence': (s, env) => {
		const w = actor(s[0])
		const grant = events(env.step, 'granted', h => h.worker === w && h.fence === fence(s[2]) && fits(s[1], h.store))[0]
		if (!grant) return NO
		const earlier = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings.slice(0, env.step.happenings.indexOf(grant))]
		return earlier.some(h => h.kind === 'granted' && h.worker === w && h.store === grant.store) ? event(grant) : NO
	},
	keeps: (s, env) => {
		const w = actor(s[0])
		const ended = env.step.happenings.some(h => (h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended') && h.worker === w && fits(s[1], h.store))
		return ended ? NO : leaseState(env, s, {})
	},
	// As "keeps", and a later worker's whole wait for that store, of some time, spent while the lease lasted: its giving up, its ask no earlier than the grant.
	'keeps-for-a-long-time': (s, env) => {
		const kept = MEANINGS.keeps?.(s, env) ?? NO
		const w = actor(s[0])
		const lease = env.world.workers.get(w)?.lease
		if (!kept.ok || lease === undefined) return NO
		const ends = ['expired', 'released', 'gone', 'ended']
		const list = [...env.step.happenings, ...laterSteps(env).flatMap(step => step.happenings)]
		const last = list.findIndex(h => ends.includes(h.kind) && 'worker' in h && h.worker === w && 'store' in h && h.store === lease.store && h.at >= lease.grantedAt)
		const within = last < 0 ? list : list.slice(0, last)
		if (!within.some(h => h.kind === 'gave-up' && h.worker !== w && h.store === lease.store && h.waited > 0 && h.at - h.waited >= lease.grantedAt)) return NO
		// Long against the lease: the hold, from its grant to that end (else the last step's end; with a look-ahead and no end seen, it may yet last), is at least a fifth of its TTL.
		if (last < 0 && env.run.lookAhead !== undefined) return kept
		const steps = laterSteps(env)
		const stop = last < 0 ? (steps[steps.length - 1] ?? env.step).end.time : (list[last] as Happening).at
		return 5 * (stop - lease.grantedAt) >= lease.ttl ? kept : NO
	},
	// The lease w's crashed process held, of the key, not ended by the step's end (given in this step or before).
	'old-lease-holds': (s, env) => {
		const w = actor(s[0])
		const lease = oldLeaseOf(env, w)
		if (!lease || !fits(s[1], lease.grant.store)) return NO
		if (lease.endStep !== undefined && lease.endStep <= env.step.index) return NO
		return holdsNow(true, [lease.grant], env, { live: { worker: w, store: lease.grant.store } })
	},
	'lease-still-live': (s, env) => MEANINGS['still-holds']?.(s, env) ?? NO,
	'still-holds': (s, env) => {
		if (old(s[0])) return oldStillLive(s, env)
		const w = actor(s[0])
		const then = leaseAt(env.step.start, w)
		// At a moment named before the step's end, or at the moment its lease ended in the step: one lease from the step's start up to that moment; its end, if no earlier, ends the state.
		const first = env.step.happenings.find(h => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.worker === w)
		if (env.moment !== undefined && (env.moment < env.world.time || first?.at === env.moment)) {
			if (!then || state(then) !== 'live' || !fits(s[1], then.store)) return NO
			const t = env.moment
			const end = first
			if (end !== undefined && end.at < t) return NO
			// A restart of w's process by t: the lease is its crashed process's, and the new one holds nothing of it.
			if (env.step.happenings.some(h => h.kind === 'process-restarted' && h.worker === w && h.at <= t)) return NO
			const grant = grantOf(env, w, then.store, then.fence)
			return { ok: true, at: env.step.start.time, events: [], makers: grant ? [grant] : [], live: { worker: w, store: then.store }, ...(end === undefined ? {} : { until: end.at, endedBy: end }) }
		}
		// With no moment, a lease live when the step began that ended in it held up to that end (which a later clause tells), its process not restarted by then.
		if (env.moment === undefined && first !== undefined && then && state(then) === 'live' && fits(s[1], then.store) && !env.step.happenings.some(h => h.kind === 'process-restarted' && h.worker === w && h.at <= first.at)) {
			const grant = grantOf(env, w, then.store, then.fence)
			return { ok: true, at: env.step.start.time, events: [], makers: grant ? [grant] : [], live: { worker: w, store: then.store }, until: first.at, endedBy: first }
		}
		const now = leaseAt(env.world, w)
		if (!then || !now || state(then) !== 'live' || state(now) !== 'live' || then.grantedAt !== now.grantedAt || then.fence !== now.fence || !fits(s[1], then.store)) return NO
		if (env.step.happenings.some(h => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.worker === w)) return NO
		return holdsNow(true, leaseMakers(env, w), env, { live: { worker: w, store: then.store } })
	},
	gets: (s, env) => event(events(env.step, 'granted', h => h.worker === actor(s[0]) && (named(s[1]) === undefined || h.store === named(s[1])))[0]),
	'gets-first': (s, env) => {
		const grant = events(env.step, 'granted', h => h.worker === actor(s[0]) && fits(s[1], h.store))[0]
		if (!grant) return NO
		const before = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings.slice(0, env.step.happenings.indexOf(grant))]
		return before.some(h => h.kind === 'granted' && h.worker !== grant.worker && h.store === grant.store) ? NO : event(grant)
	},
	// Of the whole scene, the steps up to this one and those after it: no grant of the key to the worker, and none live as the step began.
	'never-gets': (s, env) => {
		const w = actor(s[0])
		const start = leaseAt(env.step.start, w)
		if (start !== undefined && state(start) === 'live' && fits(s[1], start.store)) return NO
		if (inLineAtTheEnd(env, w, store => fits(s[1], store))) return NO
		return timeless([...upTo(env), ...laterSteps(env)].every(step => events(step, 'granted', h => h.worker === w && fits(s[1], h.store)).length === 0))
	},
	'no-longer-holds': (s, env) => {
		const w = actor(s[0])
		const fits = (store: string) => named(s[1]) === undefined || store === named(s[1])
		const before = leaseAt(env.step.start, w)
		const held = (before !== undefined && state(before) === 'live' && fits(before.store)) || events(env.step, 'granted', h => h.worker === w && fits(h.store)).length > 0
		const now = leaseAt(env.world, w)
		if (!held || (now !== undefined && state(now) === 'live' && fits(now.store))) return NO
		// No lease of w is live at the step's end: its crashed process's old lease holds a place in its name as much as a new one.
		const ended = endedLeases(env.run)
		const through = upTo(env).slice(1).flatMap(step => step.happenings)
		const over = new Set(through.map(h => ended.get(h)))
		if (through.some(h => h.kind === 'granted' && h.worker === w && fits(h.store) && !over.has(h))) return NO
		const end = env.step.happenings.filter(h => (h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended') && h.worker === w && fits(h.store)).pop()
		return end ? { ok: true, at: end.at, events: [end], makers: [end] } : NO
	},
	'still-working': (s, env) => {
		const w = actor(s[0])
		const grant = earlierSteps(env).flatMap(step => events(step, 'granted', h => h.worker === w)).pop()
		if (!grant) return NO
		const all = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings]
		const after = all.slice(all.indexOf(grant) + 1)
		if (after.some(h => ((h.kind === 'released' || h.kind === 'returned' || h.kind === 'finished') && h.worker === w && h.store === grant.store) || ((h.kind === 'crashed' || h.kind === 'asked') && h.worker === w))) return NO
		// Given the key while paused, and not woken before this step: its work has not begun.
		const previous = earlierSteps(env).flatMap(step => step.happenings)
		const lastPauseOrWake = (list: readonly Happening[]) => [...list].reverse().find(h => (h.kind === 'paused' || h.kind === 'woke') && h.worker === w)
		if (lastPauseOrWake(previous.slice(0, previous.indexOf(grant)))?.kind === 'paused' && lastPauseOrWake(previous)?.kind === 'paused') return NO
		// paused(w, t) false: the spans the process ran in the step, from the start or a waking to a pause or the end.
		const spans: { from: number; woke?: Happening; pause?: Happening }[] = []
		let running: { from: number; woke?: Happening } | undefined = env.step.start.workers.get(w)?.paused ? undefined : { from: env.step.start.time }
		for (const h of env.step.happenings) {
			if (h.kind === 'paused' && h.worker === w && running !== undefined) {
				spans.push({ ...running, pause: h })
				running = undefined
			} else if (h.kind === 'woke' && h.worker === w && running === undefined) running = { from: h.at, woke: h }
		}
		if (running !== undefined && !env.world.workers.get(w)?.paused) spans.push(running)
		const moment = env.moment
		const span = moment !== undefined ? spans.find(one => one.from <= moment && (one.pause === undefined ? moment <= env.world.time : moment < one.pause.at)) : (spans.filter(one => one.pause !== undefined && env.toldLater?.has(one.pause) === true).pop() ?? spans.find(one => one.pause === undefined))
		if (span === undefined) return NO
		const woke = span.woke === undefined ? [] : [span.woke]
		return { ok: true, at: span.woke?.at ?? grant.at, events: woke, makers: [grant, ...woke], ...(span.pause === undefined ? {} : { until: span.pause.at, endedBy: span.pause }) }
	},
	// Still working at the step's end, and through the whole step: not paused when it began, no pause in it.
	'code-keeps-running': (s, env) => {
		const w = actor(s[0])
		if (env.step.start.workers.get(w)?.paused || env.step.happenings.some(h => h.kind === 'paused' && h.worker === w)) return NO
		return MEANINGS['still-working']!(s, env)
	},
	// At work when the step began (given the key before it, not gone from that hold since, not paused then), and the first stop of
	// it after the step began (let-go, return, crash, ask, pause; this step or later) is at T, a moment of this step; with a code
	// sample, no line of its code ran in the step before T.
	// Judged on the whole step, even where a caption's order cuts it (the state tells of the step's start and a moment it names).
	'works-on-until': (s, env) => {
		const w = actor(s[0])
		const t = num(s[1])
		const whole = env.run.steps[env.step.index] ?? env.step
		if (!(whole.start.time < t && t <= whole.end.time)) return NO
		const grant = earlierSteps(env).flatMap(step => events(step, 'granted', h => h.worker === w)).pop()
		if (!grant) return NO
		const leaves = (h: Happening) => ((h.kind === 'released' || h.kind === 'returned' || h.kind === 'finished') && h.worker === w && h.store === grant.store) || ((h.kind === 'crashed' || h.kind === 'asked') && h.worker === w)
		const previous = earlierSteps(env).flatMap(step => step.happenings)
		if (previous.slice(previous.indexOf(grant) + 1).some(leaves) || whole.start.workers.get(w)?.paused) return NO
		const first = [whole, ...laterSteps(env)].flatMap(step => step.happenings).find(h => leaves(h) || (h.kind === 'paused' && h.worker === w))
		if (first === undefined || first.at !== t) return NO
		if ((env.run.statements ?? []).some(statement => statement.held) && (whole.ran ?? []).some(line => line.worker === w && line.at < t)) return NO
		return { ok: true, at: whole.start.time, events: [], makers: [grant] }
	},
	// Works on until T (above), and a let-go of w at T in the step.
	'works-until-then-lets-go': (s, env) => {
		if (!MEANINGS['works-on-until']!(s, env).ok) return NO
		const whole = env.run.steps[env.step.index] ?? env.step
		return event(events(whole, 'released', h => h.worker === actor(s[0]) && h.at === num(s[1]))[0])
	},
	// A live lease of the key at the step's start; w's first let-go of that store in the step is at T, no grant of it to w before.
	'keeps-key-until-then-lets-go': (s, env) => {
		const w = actor(s[0])
		const lease = env.step.start.workers.get(w)?.lease
		if (!lease || lease.expired || lease.released || lease.gone || lease.ended || !fits(s[1], lease.store)) return NO
		const mine = env.step.happenings.filter(h => (h.kind === 'released' || h.kind === 'granted') && h.worker === w && h.store === lease.store)
		const first = mine[0]
		return first?.kind === 'released' && first.at === num(s[2]) ? event(first) : NO
	},
	'starts-working': (s, env) => {
		const w = actor(s[0])
		const grant = events(env.step, 'granted', h => h.worker === w && fits(s[1], h.store))[0]
		if (!grant) return NO
		// A paused process runs no code: its work starts when it wakes.
		const list = env.step.happenings
		let paused = env.step.start.workers.get(w)?.paused === true
		for (const h of list.slice(0, list.indexOf(grant))) if ((h.kind === 'paused' || h.kind === 'woke') && h.worker === w) paused = h.kind === 'paused'
		if (!paused) return event(grant)
		const woke = list.slice(list.indexOf(grant) + 1).find(h => h.kind === 'woke' && h.worker === w)
		return woke ? { ok: true, at: woke.at, events: [grant, woke], makers: [grant, woke] } : NO
	},
	works: (s, env) => {
		// Written from the meaning: walk the run's events up to the clause's moment, keeping whether w's code is in a hold (entered at a grant; left at a let-go or return of that store, a crash, a new ask) and whether its process runs.
		const w = actor(s[0])
		let hold: Of<'granted'> | undefined
		const walk = (h: Happening): void => {
			if (h.kind === 'granted' && h.worker === w) hold = h
			else if (hold !== undefined && 'worker' in h && h.worker === w && (((h.kind === 'released' || h.kind === 'returned' || h.kind === 'finished') && h.store === hold.store) || h.kind === 'crashed' || h.kind === 'asked')) hold = undefined
		}
		for (const step of earlierSteps(env)) for (const h of step.happenings) walk(h)
		let running = env.step.start.workers.get(w)?.paused !== true
		type Span = { from: number; start?: Happening; hold: Of<'granted'>; end?: Happening }
		const spans: Span[] = []
		let current: Span | undefined = hold !== undefined && running ? { from: env.step.start.time, hold } : undefined
		for (const h of env.step.happenings) {
			if ((h.kind === 'paused' || h.kind === 'woke') && h.worker === w) running = h.kind === 'woke'
			else walk(h)
			const now = running && hold !== undefined
			if (current && !now) {
				current.end = h
				spans.push(current)
				current = undefined
			} else if (!current && now && hold !== undefined) current = { from: h.at, start: h, hold }
		}
		if (current) spans.push(current)
		const m = env.moment
		const span = m !== undefined ? spans.find(one => one.from <= m && (one.end ? m < one.end.at : m <= env.world.time)) : (spans.find(one => !one.end) ?? spans.filter(one => one.end !== undefined && env.toldLater?.has(one.end) === true).pop() ?? spans.filter(one => one.end !== undefined && env.priorTold?.includes(one.end) === true).pop())
		if (!span) return NO
		const start = span.start ? [span.start] : []
		const meaning: Meaning = { ok: true, at: span.start?.at ?? span.hold.at, events: start, makers: span.start === span.hold ? [span.hold] : [span.hold, ...start] }
		if (span.end) {
			meaning.until = span.end.at
			meaning.endedBy = span.end
		}
		return meaning
	},
	'settles-in': (s, env) => {
		// Starts working (as 'starts-working'), and the next event after the one its work began at that takes w out of a hold's work comes later.
		const started = MEANINGS['starts-working']?.(s, env) ?? NO
		if (!started.ok) return NO
		const grant = started.events.find((h): h is Of<'granted'> => h.kind === 'granted')
		const began = started.events[started.events.length - 1]
		if (grant === undefined || began === undefined) return NO
		if (!stillAtItAfter(env, actor(s[0]), grant.store, began, started.at as number)) return NO
		return lastsLong(env, actor(s[0]), grant.store, started.at as number, grant.ttl) ? started : NO
	},
	'works-for-a-while': (s, env) => {
		const working = MEANINGS.works?.(s, env) ?? NO
		if (!working.ok) return NO
		const from = working.at as number
		if (working.until !== undefined && working.until <= from) return NO
		const grant = working.makers.find((h): h is Of<'granted'> => h.kind === 'granted')
		if (working.until === undefined && env.world.time <= from && grant !== undefined) {
			const last = env.step.happenings[env.step.happenings.length - 1]
			if (last !== undefined && !stillAtItAfter(env, actor(s[0]), grant.store, last, from)) return NO
		}
		const lease = leaseAt(env.world, actor(s[0]))
		const store = grant?.store ?? lease?.store
		return store === undefined || lastsLong(env, actor(s[0]), store, from, grant?.ttl ?? lease?.ttl, working.until) ? working : NO
	},
	'workers-start-working': (s, env) => startsEach(s, env, false),
	'workers-start-working-together': (s, env) => startsEach(s, env, true),
	'only-now-gets': (s, env) => onlyNowGets(env, actor(s[0]), s[1]),
	'only-now-gets-with-fence': (s, env) => onlyNowGets(env, actor(s[0]), s[1], fence(s[2])),
	'gets-with-fence': (s, env) => event(events(env.step, 'granted', h => h.worker === actor(s[0]) && (named(s[1]) === undefined || h.store === named(s[1])) && h.fence === fence(s[2]))[0]),
	'gets-with-next-fence': (s, env) => {
		const grant = events(env.step, 'granted', h => h.worker === actor(s[0]) && (named(s[1]) === undefined || h.store === named(s[1])) && h.fence === fence(s[2]))[0]
		if (!grant || grant.fence === undefined) return NO
		const before = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings.slice(0, env.step.happenings.indexOf(grant))]
		const fences = before.flatMap(h => (h.kind === 'granted' && h.store === grant.store && h.fence !== undefined ? [h.fence] : []))
		return fences.length > 0 && fences[fences.length - 1] === grant.fence - 1n ? event(grant) : NO
	},
	'gets-with-fence-and-ttl': (s, env) => event(events(env.step, 'granted', h => h.worker === actor(s[0]) && (named(s[1]) === undefined || h.store === named(s[1])) && h.fence === fence(s[2]) && h.ttl === num(s[3]))[0]),
	// The worker's grant of the step (of the key, when named) with that time to live; its fence is not told.
	// A grant to w in the step of a semaphore's place (of the named key's store, if any) with that time to live.
	'takes-place-with-ttl': (s, env) => {
		const w = actor(s[0])
		const key = s.find(slot => slot.type === 'key')
		const ttl = num(s.find(slot => slot.type === 'duration'))
		return event(env.step.happenings.find(h => h.kind === 'granted' && h.worker === w && (key === undefined || fits(key, h.store)) && env.world.stores.get(h.store)?.limit !== undefined && h.ttl === ttl))
	},	'takes-place-in-key-with-ttl': (s, env) => {
		const w = actor(s[0])
		const key = s.find(slot => slot.type === 'key')
		const ttl = num(s.find(slot => slot.type === 'duration'))
		return event(env.step.happenings.find(h => h.kind === 'granted' && h.worker === w && (key === undefined || fits(key, h.store)) && env.world.stores.get(h.store)?.limit !== undefined && h.ttl === ttl))
	},
	'gets-with-ttl': (s, env) => event(events(env.step, 'granted', h => h.worker === actor(s[0]) && fits(s[1], h.store) && h.ttl === num(s[2]))[0]),
	'workers-get': (s, env) => {
		const grants = actors(s[0]).map(w => events(env.step, 'granted', h => h.worker === w && (named(s[1]) === undefined || h.store === named(s[1])))[0])
		if (grants.some(grant => grant === undefined)) return NO
		const all = grants as Of<'granted'>[]
		return { ok: true, events: all, makers: all, at: Math.max(...all.map(h => h.at)), each: all.map(h => h.at) }
	},
	// A semaphore of that many places (its limit), as many as the workers named, each worker's grant of the step of its key, and a
	// moment of the step (its start, just after any of its happenings, or its end) at which every one of them holds a place at once.
	'workers-take-one-of-places': (s, env) => {
		const store = storeOf(env, s.find(slot => slot.type === 'key'))
		if (store === undefined || store.limit === undefined || store.limit !== num(s.find(slot => slot.type === 'count')) || actors(s[0]).length !== store.limit) return NO
		const grants = actors(s[0]).map(w => events(env.step, 'granted', h => h.worker === w && h.store === store.id)[0])
		if (grants.some(grant => grant === undefined)) return NO
		if (!allHoldAtOnce(env, store, actors(s[0]))) return NO
		const all = grants as Of<'granted'>[]
		return { ok: true, events: all, makers: all, at: Math.max(...all.map(h => h.at)), each: all.map(h => h.at) }
	},
	// "Each take one" (read only after words naming places): "one of the semaphore's places", of a semaphore every one of them got a place
	// of in this step, each worker's first grant of the step of it, and a moment of the step at which they all hold places of it at once.
	'workers-each-take-one-of-them': (s, env) => {
		for (const store of env.world.stores.values()) {
			if (store.limit === undefined) continue
			const grants = actors(s[0]).map(w => events(env.step, 'granted', h => h.worker === w && h.store === store.id)[0])
			if (grants.some(grant => grant === undefined) || !allHoldAtOnce(env, store, actors(s[0]))) continue
			const all = grants as Of<'granted'>[]
			return { ok: true, events: all, makers: all, at: Math.max(...all.map(h => h.at)), each: all.map(h => h.at) }
		}
		return NO
	},
	// Each worker's grant of the step of a semaphore's key (any semaphore's: "one place" names no store).
	'workers-each-take-one': (s, env) => {
		const grants = actors(s[0]).map(w => events(env.step, 'granted', h => h.worker === w && env.world.stores.get(h.store)?.limit !== undefined)[0])
		if (grants.some(grant => grant === undefined)) return NO
		const all = grants as Of<'granted'>[]
		return { ok: true, events: all, makers: all, at: Math.max(...all.map(h => h.at)), each: all.map(h => h.at) }
	},
	// Each worker's grant of the step (of the key, when named) with that time to live.
	'workers-get-with-ttl': (s, env) => {
		const key = s.find(slot => slot.type === 'key')
		const ttl = num(s.find(slot => slot.type === 'duration'))
		const grants = actors(s[0]).map(w => events(env.step, 'granted', h => h.worker === w && fits(key, h.store) && h.ttl === ttl)[0])
		if (grants.some(grant => grant === undefined)) return NO
		const all = grants as Of<'granted'>[]
		return { ok: true, events: all, makers: all, at: Math.max(...all.map(h => h.at)), each: all.map(h => h.at) }
	},
	'workers-get-at-once': (s, env) => {
		const grants = actors(s[0]).map(w => events(env.step, 'granted', h => h.worker === w && fits(s[1], h.store))[0])
		if (grants.some(grant => grant === undefined || grant.place !== undefined || grant.at !== grants[0]?.at)) return NO
		const all = grants as Of<'granted'>[]
		return { ok: true, events: all, makers: all, at: Math.max(...all.map(h => h.at)), each: all.map(h => h.at) }
	},
	'lets-in': (s, env) => {
		// Each given a lease in the step, all by one store (the scene's one: the reader refuses "the lock" of a scene with more).
		const grants = actors(s[0]).map(w => events(env.step, 'granted', h => h.worker === w)[0])
		if (grants.some(grant => grant === undefined || grant.store !== grants[0]?.store)) return NO
		const all = grants as Of<'granted'>[]
		return { ok: true, events: all, makers: all, at: Math.max(...all.map(h => h.at)), each: all.map(h => h.at) }
	},
	'store-lets-in': (s, env) => {
		const grants = actors(s[1]).map(w => events(env.step, 'granted', h => h.worker === w && h.store === actor(s[0]))[0])
		if (grants.some(grant => grant === undefined)) return NO
		const all = grants as Of<'granted'>[]
		return { ok: true, events: all, makers: all, at: Math.max(...all.map(h => h.at)), each: all.map(h => h.at) }
	},
	'gets-fence': (s, env) => event(events(env.step, 'granted', h => h.worker === actor(s[0]) && h.fence === fence(s[1]))[0]),
	'takes-over-with-fence': (s, env) => {
		const w = actor(s[0])
		const grant = events(env.step, 'granted', h => h.worker === w && h.fence === fence(s[1]))[0]
		if (!grant) return NO
		const before = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings.slice(0, env.step.happenings.indexOf(grant))]
		// It takes over from the store's holder before it: the last grant of that store was another worker's.
		const last = before.filter(h => h.kind === 'granted' && h.store === grant.store).at(-1)
		return last !== undefined && last.kind === 'granted' && last.worker !== w ? event(grant) : NO
	},
	'store-gives-fence': (s, env) => event(events(env.step, 'granted', h => h.store === actor(s[0]) && h.worker === actor(s[1]) && h.fence === fence(s[2]))[0]),
	'no-worker-gets-fence': (s, env) => timeless(events(env.step, 'granted', h => h.fence === fence(s[0])).length === 0),
	'no-worker-ever-gets-fence': (s, env) => timeless(env.run.steps.slice(1).every(step => events(step, 'granted', h => h.fence === fence(s[0])).length === 0)),
	'no-lock': (_s, env) => timeless(env.world.stores.size === 0),
	'nth-holder': (s, env) => {
		const w = actor(s[0])
		const store = [...env.world.stores.values()].find(one => one.holders.includes(w))
		if (orphaned(env, w, env.world.time)) return NO
		// Held twice while its crashed process's lease is live: the first is that old lease, the running process's is the later one.
		const twice = store !== undefined && store.holders.filter(one => one === w).length > 1 && oldStillHeld(env, w, store.id, env.moment ?? env.world.time)
		const place = store === undefined ? 0 : (twice ? store.holders.lastIndexOf(w) : store.holders.indexOf(w)) + 1
		return holdsNow(store !== undefined && store.limit !== undefined && place === num(s[1]), store ? holderMakers(env, store) : [], env)
	},
	'count-hold': (s, env) => countHold(env, s[1], num(s[0])),
	'count-workers-hold': (s, env) => countHold(env, s[1], num(s[0])),
	'all-count-hold': (s, env) => (num(s[0]) === workersOf(env) ? countHold(env, s[1], num(s[0])) : NO),
	'count-already-hold': (s, env) => {
		const store = storeOf({ ...env, world: env.step.start }, s[1])
		if (!store || store.holders.length !== num(s[0])) return NO
		const meaning: Meaning = { ok: true, at: env.step.start.time, events: [], makers: holderMakers({ ...env, world: env.step.start }, store) }
		// It holds from the step's start until the key's first grant, or end of a holder's lease, in the step.
		let holders = [...store.holders]
		for (const h of env.step.happenings) {
			if (!('store' in h) || h.store !== store.id || !('worker' in h)) continue
			const before = holders.length
			if (h.kind === 'granted') holders = [...holders, h.worker]
			else if (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') holders = holders.filter(w => w !== h.worker)
			if (holders.length !== before) return { ...meaning, until: h.at, endedBy: h }
		}
		return meaning
	},
	'workers-hold': (s, env) => (actors(s[0]).some(w => orphaned(env, w, env.world.time)) ? NO : keyHolders(env, s[1], holders => setEq(actors(s[0]), holders))),
	// One semaphore whose holders at the step's end include every worker named (none holding only a lease a restart left behind).
	'workers-each-hold-one': (s, env) => {
		const ws = actors(s[0])
		if (ws.some(w => orphaned(env, w, env.world.time))) return NO
		const store = [...env.world.stores.values()].find(one => one.limit !== undefined && ws.every(w => one.holders.includes(w)))
		return holdsNow(store !== undefined, store ? holderMakers(env, store) : [], env)
	},
	// A semaphore of that many places ("both": two), as many as the workers named, whose holders at the moment are those workers and no
	// one else; with "now", its holders at the step's start were not those workers.
	'workers-hold-every-place': (s, env) => everyPlaceHeld(s, env, false),
	'workers-now-hold-every-place': (s, env) => everyPlaceHeld(s, env, true),
	'workers-hold-both-places': (s, env) => everyPlaceHeld(s, env, false),
	'workers-now-hold-both-places': (s, env) => everyPlaceHeld(s, env, true),
	'only-holder': (s, env) => {
		const w = actor(s[0])
		const stores = [...env.world.stores.values()]
		const mine = stores.find(one => one.holders.includes(w))
		if (orphaned(env, w, env.world.time)) return NO
		return holdsNow(mine !== undefined && mine.holders.length === 1 && stores.every(one => one === mine || one.holders.length === 0), mine ? holderMakers(env, mine) : [], env)
	},
	'only-holder-with-fence': (s, env) => {
		const only = MEANINGS['only-holder']?.(s, env) ?? NO
		return only.ok && leaseAt(env.world, actor(s[0]))?.fence === fence(s[1]) ? only : NO
	},
	'key-free': (s, env) => {
		const store = storeOf(env, s[0])
		return keyOver(env, s[0], holders => holders.length === 0, store ? { free: store.id } : {})
	},
	// A semaphore's key with no place held, as "key-free"; a lock's key is never "empty".
	'key-empty': (s, env) => {
		const store = storeOf(env, s[0])
		return store === undefined || store.limit === undefined ? NO : keyOver(env, s[0], holders => holders.length === 0, { free: store.id })
	},
	// Free now, and "again": at the scene's start or in an earlier step the store had no holder (there, right after a lease end, or at a step's end), and a holder at a later place.
	'key-free-again': (s, env) => {
		const store = storeOf(env, s[0])
		if (!store) return NO
		// The places of the steps before: after each happening (free there only when it ended a lease), and each step's end (free or held).
		const ends = ['released', 'expired', 'gone', 'ended']
		// A lease end whose key went straight on to the first in line at that instant freed nothing (`passedAtOnce`).
		const freedAt = (step: StepFacts, i: number, holders: readonly string[]) => ends.includes(step.happenings[i]?.kind ?? '') && !passedAtOnce(step.happenings[i], nextChangeOf(step.happenings, i, store.id, holders))
		// The scene's start (step 0, before anything happened) is a free moment when no one held the key there.
		const start = env.run.steps[0] === undefined ? [] : [{ world: env.run.steps[0].end, freed: true }]
		const shown = [...start, ...earlierSteps(env).flatMap(step => [...(worldsOf(step) ?? []).flatMap((world, i) => (i === 0 ? [] : [{ world, freed: freedAt(step, i - 1, world.stores.get(store.id)?.holders ?? []) }])), { world: step.end, freed: true }])]
		const firstFree = shown.findIndex(one => one.freed && (one.world.stores.get(store.id)?.holders.length ?? 0) === 0)
		if (firstFree < 0 || !shown.slice(firstFree + 1).some(one => (one.world.stores.get(store.id)?.holders.length ?? 0) > 0)) return NO
		return keyOver(env, s[0], holders => holders.length === 0, { free: store.id })
	},
	// Free now, and free from t0 to the clause's moment: t0 is the latest lease end of the key the text before told (at or before that moment),
	// else the step's start (free there); no grant nor lease end of the key after t0 up to that moment.
	'key-still-free': (s, env) => {
		const store = storeOf(env, s[0])
		const now = MEANINGS['key-free']?.(s, env) ?? NO
		if (!store || !now.ok) return NO
		const t = env.moment ?? env.world.time
		const list = env.step.happenings
		const ofKey = (h: Happening, kinds: string[]) => kinds.includes(h.kind) && 'store' in h && h.store === store.id && h.at <= t
		let t0 = -1
		for (const [i, h] of list.entries()) if (ofKey(h, ['released', 'expired', 'gone', 'ended']) && env.toldEvents?.has(h) === true) t0 = i
		if (t0 < 0 && (env.step.start.stores.get(store.id)?.holders.length ?? 0) > 0) return NO
		return list.some((h, i) => i > t0 && ofKey(h, ['granted', 'released', 'expired', 'gone', 'ended'])) ? NO : now
	},
	// Free from t0 (the named moment, else the step's start) to the step's end: no holder at the end, and no change of holders at or after t0.
	'key-stays-free': (s, env) => {
		const store = storeOf(env, s[0])
		if (!store || store.holders.length > 0) return NO
		const t0 = env.moment ?? env.step.start.time
		const changed = env.step.happenings.some(h => h.at >= t0 && 'store' in h && h.store === store.id && ['granted', 'released', 'expired', 'gone', 'ended'].includes(h.kind))
		return changed ? NO : { ok: true, at: t0, events: [], makers: holderMakers(env, store), free: store.id }
	},
	// Free from t0 to the step's end (as "stays free"), and no later step (of those in view) grants the key; a time named is the scene's last step's end.
	'key-stays-free-to-end': (s, env) => freeToEnd(s, env),
	'key-stays-free-to-end-at': (s, env) => freeToEnd(s, env, num(s[1])),
	'key-held': (s, env) => keyOver(env, s[0], holders => holders.length > 0),
	// A worker whose process restarted since the grant the store keeps in its name, given none since, holds nothing: the store's holder list still names it.
	'key-held-by': (s, env) => noOrphan(env, [actor(s[1])], keyOver(env, s[0], holders => holders.length === 1 && holders[0] === actor(s[1]))),
	'key-held-by-workers': (s, env) => noOrphan(env, actors(s[1]), keyOver(env, s[0], holders => setEq(actors(s[1]), holders))),
	'key-full': (s, env) => {
		const limit = storeOf(env, s[0])?.limit
		return limit === undefined ? NO : keyOver(env, s[0], holders => holders.length >= limit)
	},
	// Full now, in the span of holders the step began with (no grant or lease end of the key before it), so full at the step's start too.
	'key-still-full': (s, env) => {
		const limit = storeOf(env, s[0])?.limit
		if (limit === undefined) return NO
		let began: Happening | undefined
		const now = keyOver(env, s[0], holders => holders.length >= limit, {}, 'holders', start => (began = start))
		return now.ok && began === undefined ? now : NO
	},
	// Full now, and, in the run before the span it is full in began, full at some moment and then not full.
	'key-full-again': (s, env) => {
		const store = storeOf(env, s[0])
		const limit = store?.limit
		if (store === undefined || limit === undefined) return NO
		let began: Happening | undefined
		const now = keyOver(env, s[0], holders => holders.length >= limit, {}, 'holders', start => (began = start))
		if (!now.ok) return NO
		const history: boolean[] = []
		for (const one of [...earlierSteps(env), env.step]) {
			const holders = new Set(one.start.stores.get(store.id)?.holders ?? [])
			history.push(holders.size >= limit)
			for (const [i, h] of one.happenings.entries()) {
				if (one === env.step && began !== undefined && h === began) break
				if (one === env.step && began === undefined) break
				if (!('store' in h) || h.store !== store.id || !('worker' in h)) continue
				if (h.kind === 'granted') holders.add(h.worker)
				else if (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') holders.delete(h.worker)
				// A place handed straight on from the line at that instant made no room: no state of its own.
				if (passedAtOnce(h, nextChangeOf(one.happenings, i, store.id, [...holders]))) continue
				history.push(holders.size >= limit)
			}
		}
		const first = history.indexOf(true)
		return first >= 0 && history.slice(first + 1).includes(false) ? now : NO
	},
	'all-count-places-taken': (s, env) => {
		const store = storeOf(env, s[1])
		return holdsNow(store !== undefined && store.limit === num(s[0]) && store.holders.length >= store.limit, store ? holderMakers(env, store) : [], env)
	},
	'free-places': (s, env) => {
		const store = storeOf(env, s[0])
		return holdsNow(store !== undefined && store.limit !== undefined && store.limit - store.holders.length === num(s[1]), store ? holderMakers(env, store) : [], env)
	},
	'key-not-full': (s, env) => {
		const limit = storeOf(env, s[0])?.limit
		// Room is made by the last lease end of the key, not by its holders' grants.
		return limit === undefined ? NO : keyOver(env, s[0], holders => holders.length < limit, {}, 'room')
	},
	// The limit, told as the holders it lets in: "the semaphore allows 2, so A and B get in" (or "so C waits").
	// "It has 2 places": the store "it" named (the subject of the clause before), read as a key slot after the count.
	'limit-is': (s, env) => {
		const store = storeOf(env, s[1])
		return store?.limit !== undefined && store.limit === num(s[0]) ? { ok: true, events: [], makers: [], limit: { store: store.id, limit: store.limit } } : NO
	},
	// The store the slot names (or "it", the subject of the clause before) is a semaphore whose limit is the count; a name of the
	// lock store ("the lock server", "the lock") is not the semaphore's, and is refused.
	'store-has-limit': (s, env) => {
		const store = env.world.stores.get(actor(s[0]))
		if (store?.limit !== undefined && /^(?:(?:the|this|that) )?(?:lock server|lock store|lock's store|lock’s store|lock|server)$/i.test(s[0]?.text ?? '')) return NO
		return store?.limit !== undefined && store.limit === num(s[1]) ? { ok: true, events: [], makers: [], limit: { store: store.id, limit: store.limit } } : NO
	},
	'no-lease-has-a-fence': (_s, env) => timeless(env.world.stores.size > 0 && [...env.world.stores.values()].every(store => store.limit !== undefined)),
	'lease-has-no-fence': (s, env) => {
		const lease = leaseAt(env.world, actor(s[0]))
		return holdsNow(lease !== undefined && lease.fence === undefined, leaseGrant(env, actor(s[0])), env)
	},
	// -- asking and the line
	asks: (s, env) => asked(askOf(env, actor(s[0]), h => fits(s[1], h.store))),
	'asks-bare': (s, env) => asked(askOf(env, actor(s[0]))),
	'nobody-else-asks': (s, env) => {
		const fitting = (store: string) => named(s[0]) === undefined || named(s[0]) === store
		// Those the text named wanting or having it, and no one else (a holder when the step began that it does not name is "else").
		const holders = actors(s[1])
		const said = s[1]?.value.type === 'actors' ? s[1].value.asked ?? {} : {}
		// A worker named asking for a key is not "else" for that key: the store its clause named, or, named with none, the only store
		// whose key it asked for or whose line it stood in during the step (of several, which is not said, so none).
		const excused = (w: string, key: string): boolean => {
			if (!holders.includes(w)) return false
			const stores = said[w] ?? [null]
			if (stores.includes(key)) return true
			if (!stores.includes(null)) return false
			const its = new Set(events(env.step, 'asked', h => h.worker === w).map(h => h.store))
			for (const world of [env.step.start, env.world]) for (const one of world.stores.values()) if (one.waiters.includes(w)) its.add(one.id)
			return its.size < 2
		}
		const store = storeOf(env, s[0])
		const inLine = [env.step.start, env.world].flatMap(world => [...world.stores.values()].filter(one => fitting(one.id)).flatMap(one => one.waiters.map(w => [w, one.id] as const)))
		return timeless(events(env.step, 'asked', h => fitting(h.store)).every(h => excused(h.worker, h.store)) && inLine.every(([w, key]) => excused(w, key)), store !== undefined && store.waiters.length === 0 ? { empty: store.id } : {})
	},
	// No ask of the key, by anyone, in the step from the clause's moment (else the step's start) on.
	'nobody-asks': (s, env) => {
		const since = env.moment ?? env.step.start.time
		return timeless(!events(env.step, 'asked', h => (named(s[0]) === undefined || named(s[0]) === h.store) && h.at >= since).length)
	},
	// No ask of the key, by anyone, in the step, and no one in its line when the step began or ends (in line at any moment of the step: asked in it, or there at its start).
	'nobody-wants': (s, env) => {
		const ofIt = (store: string) => named(s[0]) === undefined || named(s[0]) === store
		const waiting = [env.step.start, env.world].some(world => [...world.stores.values()].some(store => ofIt(store.id) && store.waiters.length > 0))
		return timeless(!events(env.step, 'asked', h => ofIt(h.store)).length && !waiting)
	},
	// "Nobody else asked": up to the clause's moment, in every step so far, every ask of the key and place in its line is of a worker the text named
	// asking for it (as "nobody else asks"), or named in any part and given that key by then.
	'nobody-else-asked': (s, env) => {
		const wanted = (store: string) => named(s[0]) === undefined || named(s[0]) === store
		const others = s[1]?.value.type === 'actors' ? s[1].value : undefined
		const t = env.moment
		const past = env.run.steps.slice(1, env.step.index)
		const soFar = (h: Happening): boolean => t === undefined || h.at <= t
		const all = [...past.flatMap(step => step.happenings), ...env.step.happenings.filter(soFar)]
		const worldsSoFar = [...past.flatMap(step => [step.start, step.end]), env.step.start, ...(t === undefined ? [env.world] : [])]
		const excused = (w: string, key: string): boolean => {
			const asked = others?.asked?.[w]
			if (asked !== undefined) {
				if (asked.includes(key)) return true
				if (asked.includes(null)) {
					const its = new Set(all.filter((h): h is Of<'asked'> => h.kind === 'asked' && h.worker === w).map(h => h.store))
					for (const world of worldsSoFar) for (const one of world.stores.values()) if (one.waiters.includes(w)) its.add(one.id)
					if (its.size < 2) return true
				}
			}
			const any = others?.named?.[w]
			return any !== undefined && (any.includes(key) || any.includes(null)) && all.some(h => h.kind === 'granted' && h.worker === w && h.store === key)
		}
		const asks = all.filter((h): h is Of<'asked'> => h.kind === 'asked' && wanted(h.store))
		const lines = worldsSoFar.flatMap(world => [...world.stores.values()].filter(one => wanted(one.id)).flatMap(one => one.waiters.map(w => [w, one.id] as const)))
		const store = storeOf(env, s[0])
		return timeless(asks.every(h => excused(h.worker, h.store)) && lines.every(([w, key]) => excused(w, key)), store !== undefined && store.waiters.length === 0 ? { empty: store.id } : {})
	},
	'workers-ask': (s, env) => everyAsk(env, actors(s[0]), s[1]),
	'workers-ask-at-once': (s, env) => {
		const meaning = everyAsk(env, actors(s[0]), s[1])
		const asks = meaning.events
		return meaning.ok && asks.every(h => h.kind === 'asked' && !h.unshown && h.at === asks[0]?.at) ? meaning : NO
	},
	'workers-ask-in-order': (s, env) => {
		const ids = actors(s[0])
		const all = everyAsk(env, ids, s[1])
		if (!all.ok) return NO
		const order = ids.map(id => env.step.happenings.indexOf(askOf(env, id, h => fits(s[1], h.store)) as Happening))
		return order.every((at, k) => k === 0 || at > (order[k - 1] as number)) ? all : NO
	},
	// "B and C ask for the key, B first": each asked, and B's ask came before each other's.
	'workers-ask-first': (s, env) => {
		const ids = actors(s[0])
		const all = everyAsk(env, ids, s[1])
		const w = actor(s[2])
		if (!all.ok || !ids.includes(w)) return NO
		const place = (id: string) => env.step.happenings.indexOf(askOf(env, id, h => fits(s[1], h.store)) as Happening)
		return ids.every(id => id === w || place(w) < place(id)) ? all : NO
	},
	'workers-try': (s, env) => {
		const all = actors(s[0]).map(id => askOf(env, id, h => h.tryOnly && fits(s[1], h.store)))
		if (all.some(ask => ask === undefined)) return NO
		const tries = all as Of<'asked'>[]
		const meaning: Meaning = { ok: true, events: tries, makers: tries }
		return tries.some(ask => ask.unshown) ? meaning : { ...meaning, at: Math.max(...tries.map(ask => ask.at)), each: tries.map(ask => ask.at) }
	},
	// Each tried without waiting, all at one moment the scene draws.
	'workers-try-at-once': (s, env) => {
		const tries = actors(s[0]).map(id => askOf(env, id, h => h.tryOnly && fits(s[1], h.store)))
		if (tries.some(ask => ask === undefined || ask.unshown)) return NO
		const all = tries as Of<'asked'>[]
		const at = all[0]?.at
		return all.every(ask => ask.at === at) ? { ok: true, events: all, makers: all, at, each: all.map(ask => ask.at) } : NO
	},
	'workers-ask-bare': (s, env) => everyAsk(env, actors(s[0])),
	'asks-again': (s, env) => {
		const w = actor(s[0])
		const ask = askOf(env, w, h => fits(s[1], h.store))
		return ask !== undefined && earlierSteps(env).some(step => events(step, 'asked', h => h.worker === w && h.store === ask.store).length > 0) ? asked(ask) : NO
	},
	'asks-with-wait': (s, env) => withWait(env, actor(s[0]), num(s[2]), s[1]),
	'asks-with-wait-short': (s, env) => withWait(env, actor(s[0]), num(s[1])),
	'asks-also-with-wait': (s, env) => {
		const w = actor(s[0])
		const ask = askOf(env, w, h => !h.tryOnly && h.wait === num(s[1]))
		if (!ask) return NO
		const before = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings.slice(0, env.step.happenings.indexOf(ask))]
		return before.some(h => h.kind === 'asked' && h.worker !== w && !h.tryOnly && h.wait === ask.wait) ? event(ask) : NO
	},
	'asks-without-limit': (s, env) => {
		const ask = askOf(env, actor(s[0]), h => fits(s[1], h.store) && !h.tryOnly && !Number.isFinite(h.wait ?? Number.POSITIVE_INFINITY) && !h.signal)
		return ask ? event(ask) : NO
	},
	'asks-too-with-wait': (s, env) => {
		// An ask of w's in the step with that wait, and an ask of that key by another worker anywhere before it in the run.
		const ask = askOf(env, actor(s[0]), h => !h.tryOnly && h.wait === num(s[1]))
		if (!ask) return NO
		const run = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings]
		return run.slice(0, run.indexOf(ask)).some(h => h.kind === 'asked' && h.store === ask.store && h.worker !== ask.worker) ? event(ask) : NO
	},
	// "Willing to wait" with no length: an ask of the step that stands in line (a wait above 0 s, or none), no try.
	'asks-willing-to-wait': (s, env) => {
		const ask = askOf(env, actor(s[0]), h => fits(s[1], h.store) && !h.tryOnly && (h.wait === undefined || h.wait > 0))
		return ask ? event(ask) : NO
	},
	'asks-willing-to-wait-short': (s, env) => {
		const ask = askOf(env, actor(s[0]), h => !h.tryOnly && (h.wait === undefined || h.wait > 0))
		return ask ? event(ask) : NO
	},
	'asks-too-without-limit': (s, env) => {
		// An ask of w's in the step with no limit, and an ask of that key by another worker anywhere before it in the run.
		const ask = askOf(env, actor(s[0]), h => fits(s[1], h.store) && !h.tryOnly && !Number.isFinite(h.wait ?? Number.POSITIVE_INFINITY) && !h.signal)
		if (!ask) return NO
		const run = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings]
		return run.slice(0, run.indexOf(ask)).some(h => h.kind === 'asked' && h.store === ask.store && h.worker !== ask.worker) ? event(ask) : NO
	},
	// "Asks again" with no limit on its wait, or willing to wait: such an ask of the step, and an ask of that key by the same worker in an earlier step.
	'asks-again-without-limit': (s, env) => {
		const w = actor(s[0])
		const ask = askOf(env, w, h => fits(s[1], h.store) && !h.tryOnly && !Number.isFinite(h.wait ?? Number.POSITIVE_INFINITY) && !h.signal)
		return ask !== undefined && earlierSteps(env).some(step => events(step, 'asked', h => h.worker === w && h.store === ask.store).length > 0) ? event(ask) : NO
	},
	// "Willing to wait for ever now": w's last ask of the step has no limit, and its last ask of that key in an earlier step is a try or has a limit.
	'willing-to-wait-for-ever-now': (s, env) => {
		const w = actor(s[0])
		const ask = events(env.step, 'asked', h => h.worker === w).at(-1)
		// A hold with a signal has a limit the run does not measure: not for ever.
		const forEver = (h: Of<'asked'>) => !h.tryOnly && (h.wait === undefined || h.wait === Number.POSITIVE_INFINITY) && !h.signal
		if (ask === undefined || !forEver(ask)) return NO
		const before = earlierSteps(env).flatMap(step => events(step, 'asked', h => h.worker === w && h.store === ask.store)).at(-1)
		return before !== undefined && !forEver(before) ? event(ask) : NO
	},
	'asks-again-willing-to-wait': (s, env) => {
		const w = actor(s[0])
		const ask = askOf(env, w, h => fits(s[1], h.store) && !h.tryOnly && (h.wait === undefined || h.wait > 0))
		return ask !== undefined && earlierSteps(env).some(step => events(step, 'asked', h => h.worker === w && h.store === ask.store).length > 0) ? event(ask) : NO
	},
	'gets-place-of': (s, env) => {
		const list = env.step.happenings
		const grant = events(env.step, 'granted', h => h.worker === actor(s[0]))[0]
		if (!grant) return NO
		if (grant.place === undefined) return placeFreedBy(env, grant, actor(s[1]))
		const end = (env.step.causes?.get(grant) ?? []).find(h => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.worker === actor(s[1]) && h.store === grant.store && h.at === grant.at && list.indexOf(h) >= 0 && list.indexOf(h) < list.indexOf(grant))
		return end ? { ok: true, at: grant.at, events: [end, grant], makers: [end, grant] } : NO
	},
	'waits-until-lets-go': (s, env) => {
		const list = env.step.happenings
		const grant = events(env.step, 'granted', h => h.worker === actor(s[0]) && (named(s[1]) === undefined || h.store === named(s[1])))[0]
		if (!grant || grant.place === undefined) return NO
		const release = (env.step.causes?.get(grant) ?? []).find(h => h.kind === 'released' && h.worker === actor(s[2]) && h.store === grant.store && h.at === grant.at && list.indexOf(h) >= 0 && list.indexOf(h) < list.indexOf(grant))
		return release ? { ok: true, at: grant.at, events: [release, grant], makers: [release, grant] } : NO
	},
	waits: (s, env) => waits(env, actor(s[0])),
	'joins-line': (s, env) => joined(env, actor(s[0])),
	// An ask of w's in the step with no limit on its wait (no try; no wait, or an endless one) on which w stood in line some time: what came of it,
	// w's next ask or its next grant, give-up, leaving or refusal of that key, is none and w is in line for that key at t, or a grant from the
	// line, or a give-up or leaving later than the ask.
	'waits-without-limit': (s, env) => endlessAsk(env, actor(s[0]), (next, ask) => (next.kind === 'granted' && next.place !== undefined) || ((next.kind === 'gave-up' || next.kind === 'left') && next.at > ask.at)),
	// "As long as it takes": an ask of w's in the step with no limit on its wait (no try) whose wait ended by itself: what came of it is
	// none and w is in that key's line at t, or a grant from the line; a give-up or a leaving (its process crashed) is no such end.
	'waits-until-served': (s, env) => endlessAsk(env, actor(s[0]), next => next.kind === 'granted' && next.place !== undefined),
	'still-waits': (s, env) => {
		const waiting = env.world.workers.get(actor(s[0]))?.waiting
		return waiting !== undefined && stoodInLine(env, actor(s[0]), waiting.store) ? waits(env, actor(s[0])) : NO
	},
	'waits-up-to': (s, env) => {
		const w = actor(s[0])
		const line = waits(env, w)
		if (!line.ok) return NO
		// The ask it waits on: its last hold of the key it is in line for, or the ask of the wait the step saw end.
		const waiting = env.world.workers.get(w)?.waiting
		const own = waiting ? events(env.step, 'asked', h => h.worker === w && h.store === waiting.store && !h.tryOnly).pop() : line.events.find((h): h is Of<'asked'> => h.kind === 'asked')
		const wait = own && !own.tryOnly && own.wait === num(s[1]) ? event(own) : NO
		return wait.ok && line.until !== undefined ? { ...wait, until: line.until, ...(line.endedBy ? { endedBy: line.endedBy } : {}) } : wait
	},
	'waits-for': (s, env) => {
		const w = actor(s[0])
		const line = waits(env, w)
		if (!line.ok) return NO
		const waiting = env.world.workers.get(w)?.waiting
		const own = waiting ? lastEvent(env, (h): h is Of<'asked'> => h.kind === 'asked' && h.worker === w && h.store === waiting.store) : undefined
		const [from, to] = line.events
		// In line since a step before and out of it in this one: its ask then is the first of its makers.
		const since = line.makers[0]
		const left = !from && line.until !== undefined && since?.kind === 'asked' && since.worker === w && !since.unshown ? line.until - since.at : undefined
		const waited = waiting ? (own && !own.unshown ? env.world.time - own.at : undefined) : from && to ? to.at - from.at : left
		return waited === num(s[1]) ? line : NO
	},
	// Its wait so far at t (named, else its wait's end in this step, else the step's end): in line on its last ask by t from then to t.
	'has-waited': (s, env) => {
		const w = actor(s[0])
		const t = env.moment
		const mine = env.run.steps.slice(1, env.step.index + 1).flatMap(step => step.happenings).filter(h => 'worker' in h && h.worker === w && ['asked', 'granted', 'gave-up', 'left', 'refused'].includes(h.kind))
		let i = mine.length - 1
		while (i >= 0 && !((mine[i] as Happening).kind === 'asked' && (t === undefined || (mine[i] as Happening).at <= t))) i--
		const ask = mine[i] as Of<'asked'> | undefined
		if (ask === undefined || ask.tryOnly || ask.unshown) return NO
		const close = mine.slice(i + 1).find(h => h.kind === 'asked' || (h as Of<'granted'>).store === ask.store)
		if (close !== undefined && (close.kind === 'refused' || (close.kind === 'granted' && close.at === ask.at))) return NO
		const inLineAtEnd = env.world.workers.get(w)?.waiting?.store === ask.store
		const until = t ?? (close === undefined ? (inLineAtEnd ? env.world.time : undefined) : env.step.happenings.includes(close) ? close.at : undefined)
		if (until === undefined || (close !== undefined && close.at < until)) return NO
		return timeless(until - ask.at === num(s[1]))
	},
	'waits-behind': (s, env) => behind(env, actor(s[0]), actor(s[1])),
	// As "waits behind", and v stood last in line just before w's ask: w's place is right behind v.
	'joins-line-behind': (s, env) => {
		const meaning = behind(env, actor(s[0]), actor(s[1]))
		const ask = meaning.events[0]
		if (!meaning.ok || ask?.kind !== 'asked') return NO
		const line = worldsOf(env.step)?.[env.step.happenings.indexOf(ask)]?.stores.get(ask.store)?.waiters
		return line !== undefined && line.length > 0 && line[line.length - 1] === actor(s[1]) ? meaning : NO
	},
	'waits-behind-old-lease': (s, env) => behindOld(env, actor(s[0]), actor(s[1])),
	'workers-wait-behind': (s, env) => {
		const all = actors(s[0]).map(w => behind(env, w, actor(s[1])))
		if (all.some(m => !m.ok)) return NO
		const asks = all.flatMap(m => m.events)
		const meaning: Meaning = { ok: true, events: asks, makers: asks }
		if (all.some(m => m.at === undefined)) return meaning
		return { ...meaning, at: Math.max(...all.map(m => m.at as number)), each: all.map(m => m.at as number) }
	},
	'moves-up-in-line': (s, env) => {
		const w = actor(s[0])
		const now = env.world.workers.get(w)?.waiting
		const then = env.step.start.workers.get(w)?.waiting
		if (!now || now.place !== num(s[1]) || !then || then.store !== now.store || then.place <= num(s[1])) return NO
		// It stood in the line all through the step: no ask, grant, giving up or leaving of its own in it.
		if (!stoodInLine(env, w, now.store)) return NO
		const ahead = env.step.start.stores.get(now.store)?.waiters.slice(0, then.place - 1) ?? []
		return holdsNow(true, env.step.happenings.filter(h => (h.kind === 'gave-up' || h.kind === 'granted' || h.kind === 'left') && ahead.includes(h.worker) && h.store === now.store), env)
	},
	'workers-still-wait': (s, env) => stillAll(env, actors(s[0])),
	'workers-still-wait-first': (s, env) => {
		const all = actors(s[0])
		const first = actor(s[1])
		const store = env.world.workers.get(first)?.waiting?.store
		return all.includes(first) && store !== undefined && env.world.stores.get(store)?.waiters[0] === first ? stillAll(env, all) : NO
	},
	'only-one-waits': (s, env) => line(env, waiters => waiters.length === 1 && waiters[0] === actor(s[0])),
	'only-one-still-waits': (s, env) => {
		const store = storeOf(env, undefined)
		return store !== undefined && stoodInLine(env, actor(s[0]), store.id) ? line(env, waiters => waiters.length === 1 && waiters[0] === actor(s[0])) : NO
	},
	'workers-join-line': (s, env) => {
		const all = actors(s[0]).map(w => joined(env, w))
		if (all.some(m => !m.ok)) return NO
		const asks = all.flatMap(m => m.events)
		const meaning: Meaning = { ok: true, events: asks, makers: asks }
		if (all.some(m => m.at === undefined)) return meaning
		return { ...meaning, at: Math.max(...all.map(m => m.at as number)), each: all.map(m => m.at as number) }
	},
	'workers-wait': (s, env) => line(env, waiters => setEq(actors(s[0]), waiters)),
	'count-wait': (s, env) => line(env, waiters => waiters.length === num(s[0])),
	'count-workers-wait': (s, env) => line(env, waiters => waiters.length === num(s[0])),
	'count-wait-first': (s, env) => line(env, waiters => waiters.length === num(s[0]) && waiters[0] === actor(s[1])),
	'workers-wait-in-order': (s, env) => /^(?:they|them|both|them both|both of them)$/i.test(s[0]?.text ?? '') ? NO : line(env, waiters => waiters.length === actors(s[0]).length && actors(s[0]).every((w, i) => waiters[i] === w)),
	'workers-wait-first': (s, env) => line(env, waiters => setEq(actors(s[0]), waiters) && waiters[0] === actor(s[1])),
	'workers-wait-first-then': (s, env) => line(env, waiters => waiters.length === 2 && actors(s[0]).length === 2 && setEq(actors(s[0]), waiters) && waiters[0] === actor(s[1]) && waiters[1] === actor(s[2])),
	// "all n": the last n workers the text named asking before the clause (its last slot); the line is they and no other.
	'all-count-wait': (s, env) => {
		const n = num(s[0])
		const before = actors(s[s.length - 1])
		// "all" counts two workers or more.
		if (n < 2 || before.length < n) return NO
		const those = before.slice(before.length - n)
		return line(env, waiters => setEq(those, waiters))
	},
	// The list after the colon is the whole line, first first; it names n, and the last n askers named before (all, when fewer) are in it.
	'all-count-wait-listed': (s, env) => {
		const n = num(s[0])
		const list = actors(s[1])
		if (n < 2 || /^(?:they|them|both|them both|both of them)$/i.test(s[1]?.text ?? '') || list.length !== n) return NO
		const before = actors(s[s.length - 1])
		if (!before.slice(Math.max(0, before.length - n)).every(w => list.includes(w))) return NO
		return line(env, waiters => waiters.length === list.length && list.every((w, i) => waiters[i] === w))
	},
	'count-wait-listed': (s, env) => {
		const list = actors(s[1])
		if (/^(?:they|them|both|them both|both of them)$/i.test(s[1]?.text ?? '') || list.length !== num(s[0])) return NO
		return line(env, waiters => waiters.length === list.length && list.every((w, i) => waiters[i] === w))
	},
	'place-in-line': (s, env) => {
		const waiting = env.world.workers.get(actor(s[0]))?.waiting
		const store = waiting ? env.world.stores.get(waiting.store) : undefined
		return holdsNow(waiting !== undefined && waiting.place === num(s[1]), store ? lineMakers(env, store) : [], env, store ? { told: lineAsks(env, store) } : {})
	},
	// "B is next in line": first in line at the clause's moment.
	'next-in-line': (s, env) => {
		const waiting = env.world.workers.get(actor(s[0]))?.waiting
		const store = waiting ? env.world.stores.get(waiting.store) : undefined
		return holdsNow(waiting !== undefined && waiting.place === 1, store ? lineMakers(env, store) : [], env, store ? { told: lineAsks(env, store) } : {})
	},
	// In line at the clause's moment, the line's tail.
	'last-in-line': (s, env) => {
		const waiting = env.world.workers.get(actor(s[0]))?.waiting
		const store = waiting ? env.world.stores.get(waiting.store) : undefined
		return holdsNow(store !== undefined && store.waiters[store.waiters.length - 1] === actor(s[0]), store ? lineMakers(env, store) : [], env, store ? { told: lineAsks(env, store) } : {})
	},
	// "C second": a place in line; right after a clause that told several workers' asks, C's among them, also C's place among those asks.
	'place-short': (s, env) => {
		const line = MEANINGS['place-in-line']?.(s, env) ?? NO
		if (!line.ok) return NO
		const w = actor(s[0])
		const asks = (env.priorTold ?? []).filter((h): h is Of<'asked'> => h.kind === 'asked')
		const mine = asks.find(h => h.worker === w)
		if (!mine || new Set(asks.map(h => h.worker)).size < 2) return line
		const before = asks.filter(h => env.step.happenings.indexOf(h) < env.step.happenings.indexOf(mine)).length
		return before + 1 === num(s[1]) ? line : NO
	},
	'line-empty': (_s, env) => {
		const meaning = line(env, waiters => waiters.length === 0)
		const store = storeOf(env, undefined)
		return meaning.ok && store ? { ...meaning, empty: store.id } : meaning
	},
	'asks-first': (s, env) => {
		const ask = askOf(env, actor(s[0]), h => fits(s[1], h.store))
		if (!ask) return NO
		const order = env.step.happenings.indexOf(ask)
		const before = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings.slice(0, order)]
		if (!before.some(h => h.kind === 'asked' && h.worker !== ask.worker && h.store === ask.store)) return asked(ask)
		// Else first in line: the step's first ask of the key, a hold that stood in line, joining an empty line, with another's ask behind it.
		const list = env.step.happenings
		if (ask.tryOnly || list.slice(0, order).some(h => h.kind === 'asked' && h.store === ask.store && h.worker !== ask.worker)) return NO
		if (list.find(h => h.kind === 'asked' && h.worker === ask.worker && !h.tryOnly) !== ask || joined(env, ask.worker).events[0] !== ask) return NO
		const waiting = [...(env.step.start.stores.get(ask.store)?.waiters ?? [])]
		for (const h of list.slice(0, order)) {
			if (!('worker' in h) || !('store' in h) || h.store !== ask.store) continue
			const at = waiting.indexOf(h.worker)
			// A hold joins the line; a try, a grant, giving up or leaving takes the worker out of it.
			if (h.kind === 'asked' && !h.tryOnly) {
				if (at < 0) waiting.push(h.worker)
			} else if ((h.kind === 'asked' || h.kind === 'granted' || h.kind === 'gave-up' || h.kind === 'left') && at >= 0) waiting.splice(at, 1)
		}
		if (waiting.some(w => w !== ask.worker)) return NO
		const later = new Set(list.slice(order + 1).flatMap(h => (h.kind === 'asked' && h.worker !== ask.worker ? [h.worker] : [])))
		return [...later].some(v => behind(env, v, ask.worker).ok) ? asked(ask) : NO
	},
	// The worker's first grant of the step of a place of a semaphore whose limit is the count.
	'takes-one-of-count-places': (s, env) => event(placeOfCountGrant(s, env)),
	// As 'takes-one-of-count-places', and that grant came at once (`atOnceGrant`).
	'takes-one-of-count-places-at-once': (s, env) => atOnceGrant(env, placeOfCountGrant(s, env)),
	'gets-right-away': (s, env) => atOnceGrant(env, events(env.step, 'granted', h => h.worker === actor(s[0]) && fits(s[1], h.store))[0]),
	// As 'gets-right-away', and the grant's store is a semaphore whose holders, walked from the step's start through each grant and lease end up to that grant, number its limit.
	'gets-last-place-at-once': (s, env) => {
		const grant = events(env.step, 'granted', h => h.worker === actor(s[0]))[0]
		const meaning = atOnceGrant(env, grant)
		if (!meaning.ok || grant === undefined) return NO
		const limit = env.world.stores.get(grant.store)?.limit
		if (limit === undefined) return NO
		let holders = [...(env.step.start.stores.get(grant.store)?.holders ?? [])]
		for (const h of env.step.happenings) {
			if ('store' in h && h.store === grant.store && 'worker' in h) {
				if (h.kind === 'granted') holders = [...holders, h.worker]
				else if (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') holders = holders.filter(w => w !== h.worker)
			}
			if (h === grant) break
		}
		return holders.length >= limit ? meaning : NO
	},
	'gets-right-away-with-fence': (s, env) => atOnceGrant(env, events(env.step, 'granted', h => h.worker === actor(s[0]) && fits(s[1], h.store) && h.fence === fence(s[2]))[0]),
	'gets-after-waiting': (s, env) => {
		const grant = events(env.step, 'granted', h => h.worker === actor(s[0]) && fits(s[1], h.store))[0]
		return grant !== undefined && grant.place !== undefined && grant.at - grant.askedAt === num(s[2]) ? event(grant) : NO
	},
	'gets-with-fence-after-waiting': (s, env) => {
		const grant = events(env.step, 'granted', h => h.worker === actor(s[0]) && fits(s[1], h.store) && h.fence === fence(s[2]))[0]
		return grant !== undefined && grant.place !== undefined && grant.at - grant.askedAt === num(s[3]) ? event(grant) : NO
	},
	'gets-with-fence-with-time-to-spare': (s, env) => {
		const grant = events(env.step, 'granted', h => h.worker === actor(s[0]) && fits(s[1], h.store) && h.fence === fence(s[2]))[0]
		if (grant === undefined || grant.place === undefined || grant.at - grant.askedAt !== num(s[3])) return NO
		const ask = [...earlierSteps(env), env.step].flatMap(step => events(step, 'asked', h => h.worker === grant.worker && h.store === grant.store && h.at === grant.askedAt)).pop()
		return ask?.wait !== undefined && Number.isFinite(ask.wait) && !ask.signal && ask.at + ask.wait - grant.at === num(s[4]) ? event(grant) : NO
	},
	// "with M to spare" without the time waited: a grant from the line with that fence, whose ask allowed a finite wait M longer than the time waited.
	'gets-with-fence-with-spare': (s, env) => {
		const grant = events(env.step, 'granted', h => h.worker === actor(s[0]) && fits(s[1], h.store) && h.fence === fence(s[2]))[0]
		if (grant === undefined || grant.place === undefined) return NO
		const ask = [...earlierSteps(env), env.step].flatMap(step => events(step, 'asked', h => h.worker === grant.worker && h.store === grant.store && h.at === grant.askedAt)).pop()
		return ask?.wait !== undefined && Number.isFinite(ask.wait) && !ask.signal && ask.at + ask.wait - grant.at === num(s[3]) ? event(grant) : NO
	},
	'gets-in-time': (s, env) => inTimeGrant(env, events(env.step, 'granted', h => h.worker === actor(s[0]) && fits(s[1], h.store))[0]),
	'gets-in-time-with-fence': (s, env) => inTimeGrant(env, events(env.step, 'granted', h => h.worker === actor(s[0]) && fits(s[1], h.store) && h.fence === fence(s[2]))[0]),
	'goes-to': (s, env) => fromLine(env, actor(s[1]), { key: s[0] }),
	'goes-to-place': (s, env) => fromLine(env, actor(s[1]), { key: s[0], place: num(s[2]) }),
	'goes-to-last': (s, env) => lastFromLine(env, fromLine(env, actor(s[1]), { key: s[0] })),
	'goes-to-last-with-fence': (s, env) => lastFromLine(env, fromLine(env, actor(s[1]), { key: s[0], fence: fence(s[2]) })),
	'goes-to-with-fence': (s, env) => fromLine(env, actor(s[1]), { key: s[0], fence: fence(s[2]) }),
	'goes-to-waiting-all-along-with-fence': (s, env) => {
		const line = fromLine(env, actor(s[1]), { key: s[0], fence: fence(s[2]) })
		return line.ok && line.events.every(h => h.kind !== 'granted' || inLineAllAlong(env.run, env.step, h)) ? line : NO
	},
	'goes-to-waiting-whole-time-with-fence': (s, env) => {
		const line = fromLine(env, actor(s[1]), { key: s[0], fence: fence(s[2]) })
		return line.ok && line.events.every(h => h.kind !== 'granted' || inLineAllAlong(env.run, env.step, h, false)) ? line : NO
	},
	'goes-to-in-line-since': (s, env) => fromLine(env, actor(s[1]), { key: s[0], askedAt: num(s[2]) }),
	'goes-to-in-line-since-with-fence': (s, env) => fromLine(env, actor(s[1]), { key: s[0], askedAt: num(s[2]), fence: fence(s[3]) }),
	'goes-to-place-with-fence': (s, env) => fromLine(env, actor(s[1]), { key: s[0], place: num(s[2]), fence: fence(s[3]) }),
	// A leaving of the step (a crash or a store's close: the engine records one only of a hold in line, even one the moment it asked), or
	// a give-up that ended a wait begun before it: its last ask of that key came at an earlier moment (a wait of 0 s stood in no line).
	'leaves-line': (s, env) => {
		const w = actor(s[0])
		const all = upTo(env).flatMap(step => step.happenings)
		return event(env.step.happenings.find(h => {
			if ((h.kind !== 'gave-up' && h.kind !== 'left') || h.worker !== w) return false
			if (h.kind === 'left') return true
			const ask = all.slice(0, all.indexOf(h)).filter(a => a.kind === 'asked' && a.worker === w && a.store === h.store).pop()
			return ask === undefined || ask.at < h.at
		}))
	},
	// In line for a store just before its restart or restore in the step, or its crashed process left the line (a give-up or a grant is no loss).
	'loses-place-in-line': (s, env) => {
		const w = actor(s[0])
		const list = env.step.happenings
		return event(list.find((h, i) => ((h.kind === 'restarted' || h.kind === 'restored') && placeForgotten(env, h.store, w, i).ok) || (h.kind === 'left' && h.worker === w)))
	},
	'gives-up': (s, env) => event(events(env.step, 'gave-up', h => h.worker === actor(s[0]))[0]),
	'has-waited-enough': (s, env) => {
		const gave = events(env.step, 'gave-up', h => h.worker === actor(s[0]))[0]
		// Its wait ran out: its ask (the last of that key before the give-up) carried no signal, which could have ended it instead.
		const all = upTo(env).flatMap(step => step.happenings)
		const ask = gave === undefined ? undefined : all.slice(0, all.indexOf(gave)).filter((h): h is Of<'asked'> => h.kind === 'asked' && h.worker === gave.worker && h.store === gave.store).pop()
		return gave !== undefined && gave.waited > 0 && !ask?.signal ? event(gave) : NO
	},
	'gives-up-on-key': (s, env) => event(events(env.step, 'gave-up', h => h.worker === actor(s[0]) && (named(s[1]) === undefined || h.store === named(s[1])))[0]),
	'gives-up-after': (s, env) => {
		const gave = events(env.step, 'gave-up', h => h.worker === actor(s[0]))[0]
		return gave && gave.waited === num(s[1]) ? event(gave) : NO
	},
	'function-does-not-run': (s, env) => noLease(env, actor(s[0])),
	'function-never-runs': (s, env) => ([...earlierSteps(env), ...laterSteps(env)].some(step => events(step, 'granted', h => h.worker === actor(s[0])).length > 0) || inLineAtTheEnd(env, actor(s[0]), () => true) ? NO : noLease(env, actor(s[0]))),
	'does-not-get': (s, env) => noLease(env, actor(s[0]), s[1]),
	'lock-refuses': (s, env) => {
		const named = actors(s[0]).slice(-1)
		const all = env.step.happenings.filter((h): h is Of<'refused'> | Of<'renew-refused'> => (h.kind === 'refused' || h.kind === 'renew-refused') && (named.length === 0 || named.includes(h.worker)))
		if (named.length === 0 && new Set(all.map(h => h.worker)).size > 1) return NO
		return event(all[0])
	},
	// Its first refusal of the step, or a give-up as it asked (a hold with a 0 s wait): whichever came first.
	'is-refused': (s, env) => event(env.step.happenings.find(h => (h.kind === 'refused' || (h.kind === 'gave-up' && h.waited === 0)) && h.worker === actor(s[0]))),
	// Its first refusal or give-up of the step, if that was a try refused or a hold of a 0 s wait given up as it asked.
	'gives-up-at-once': (s, env) => {
		const first = env.step.happenings.find(h => (h.kind === 'refused' || h.kind === 'gave-up') && h.worker === actor(s[0]))
		return first !== undefined && (first.kind === 'refused' || (first.kind === 'gave-up' && first.waited === 0)) ? event(first) : NO
	},
	// Each was refused in the step; the clause is at the last refusal.
	'workers-are-refused': (s, env) => {
		const all = actors(s[0]).map(id => events(env.step, 'refused', h => h.worker === id)[0])
		if (all.some(h => h === undefined)) return NO
		const refusals = all as Of<'refused'>[]
		return { ok: true, events: refusals, makers: refusals, at: Math.max(...refusals.map(h => h.at)), each: refusals.map(h => h.at) }
	},
	'store-refuses': (s, env) => event(events(env.step, 'refused', h => h.store === actor(s[0]) && h.worker === actor(s[1]))[0]),
	// A try, or a hold with a wait of 0 s: an ask that does not wait.
	tries: (s, env) => asked(askOf(env, actor(s[0]), h => h.tryOnly || h.wait === 0)),
	'does-not-wait': (s, env) => {
		const w = actor(s[0])
		const all = events(env.step, 'asked', h => h.worker === w)
		if (all.length === 0 || all.some(h => !(h.tryOnly || h.wait === 0)) || env.step.start.workers.get(w)?.waiting !== undefined) return NO
		return asked(askOf(env, w, h => h.tryOnly || h.wait === 0))
	},
	'tries-once': (s, env) => {
		const tries = events(env.step, 'asked', h => h.worker === actor(s[0]) && h.tryOnly && fits(s[1], h.store))
		return tries.length === 1 ? asked(tries[0]) : NO
	},
	// "A finds the key free": at its ask (the one the clause before told, else its first of the step) no one held the key, and that ask was granted at once.
	'finds-free': (s, env) => foundFree(env, actor(s[0]), s[1], false),
	// "A finds a free place": the same, with fewer holders than the limit (a semaphore's; a lock's is one).
	'finds-room': (s, env) => foundFree(env, actor(s[0]), undefined, true),
	'tries-the-key': (s, env) => asked(askOf(env, actor(s[0]), h => (h.tryOnly || h.wait === 0) && fits(s[1], h.store))),
	'tries-too': (s, env) => {
		const w = actor(s[0])
		const mine = askOf(env, w, h => h.tryOnly)
		if (!mine) return NO
		const before = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings.slice(0, env.step.happenings.indexOf(mine))]
		return before.some(h => h.kind === 'asked' && h.worker !== w && h.store === mine.store) ? asked(mine) : NO
	},
	'tries-again': (s, env) => {
		const w = actor(s[0])
		const mine = askOf(env, w, h => h.tryOnly)
		return mine !== undefined && earlierSteps(env).some(step => events(step, 'asked', h => h.worker === w && h.store === mine.store).length > 0) ? asked(mine) : NO
	},
	// Its n-th try of that key in the run falls in this step.
	'tries-nth-time': (s, env) => {
		const w = actor(s[0])
		const first = askOf(env, w, h => h.tryOnly)
		if (!first) return NO
		const all = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings].filter((h): h is Of<'asked'> => h.kind === 'asked' && h.worker === w && h.tryOnly && h.store === first.store)
		const nth = all[num(s[1]) - 1]
		return nth !== undefined && env.step.happenings.includes(nth) ? asked(nth) : NO
	},
	// A try of this step whose ask before it (of that key) was a try refused, D before, by the same process (no crash of w since).
	'waits-and-tries-again': (s, env) => {
		const w = actor(s[0])
		const before = earlierSteps(env).flatMap(step => step.happenings)
		for (const mine of events(env.step, 'asked', h => h.worker === w && h.tryOnly)) {
			const past = [...before, ...env.step.happenings.slice(0, env.step.happenings.indexOf(mine))]
			const asks = past.filter((h): h is Of<'asked'> => h.kind === 'asked' && h.worker === w && h.store === mine.store)
			const last = asks[asks.length - 1]
			if (last === undefined || !last.tryOnly) continue
			if (!past.some(h => h.kind === 'refused' && h.worker === w && h.store === mine.store && h.at === last.at)) continue
			// One process waited and tried again: none of w's crashes came after its try before.
			if (past.slice(past.indexOf(last)).some(h => h.kind === 'crashed' && h.worker === w)) continue
			// It waited: its process was frozen at no moment between the two tries (a paused process does not wait, it stands still).
			if (past.slice(past.indexOf(last)).some(h => h.kind === 'paused' && h.worker === w)) continue
			if (mine.at - last.at === num(s[1])) return asked(mine)
		}
		return NO
	},
	// -- a lease's end
	'runs-out': (s, env) => {
		if (!old(s[0])) return event(events(env.step, 'expired', h => h.worker === actor(s[0]) && !env.used.has(h) && !oldBesideLive(env, h))[0])
		// Its old lease: the end of the lease its crashed process held is this step's, a running out, not told yet.
		const lease = oldLeaseOf(env, actor(s[0]))
		return lease?.end?.kind === 'expired' && lease.endStep === env.step.index && !env.used.has(lease.end) ? event(lease.end) : NO
	},
	// "During the pause": the worker's last process event before the expiry paused it.
	'runs-out-during-pause': (s, env) => {
		const expiry = events(env.step, 'expired', h => h.worker === actor(s[0]) && !env.used.has(h))[0]
		if (!expiry) return NO
		const before = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings.slice(0, env.step.happenings.indexOf(expiry))]
		const last = before.filter(h => (h.kind === 'paused' || h.kind === 'crashed' || h.kind === 'woke') && h.worker === expiry.worker).pop()
		return last?.kind === 'paused' ? event(expiry) : NO
	},
	'runs-out-after-renewal': (s, env) => {
		const expiry = events(env.step, 'expired', h => h.worker === actor(s[0]) && !env.used.has(h))[0]
		if (!expiry) return NO
		const grant = lastEvent(env, (h): h is Of<'granted'> => h.kind === 'granted' && h.worker === expiry.worker && h.store === expiry.store && h.fence === expiry.fence && h.at <= expiry.at)
		const renewal = lastEvent(env, (h): h is Of<'renewed'> => h.kind === 'renewed' && h.worker === expiry.worker && h.store === expiry.store && h.at <= expiry.at && (grant === undefined || h.at >= grant.at))
		return renewal !== undefined && expiry.at - renewal.at === num(s[1]) ? event(expiry) : NO
	},
	'ttl-lease-runs-out': (s, env) => {
		const expiry = events(env.step, 'expired', h => h.worker === actor(s[0]) && !env.used.has(h))[0]
		const grant = expiry && lastEvent(env, (h): h is Of<'granted'> => h.kind === 'granted' && h.worker === expiry.worker && h.store === expiry.store && h.fence === expiry.fence && h.at <= expiry.at)
		return grant?.ttl === num(s[1]) ? event(expiry) : NO
	},
	'is-gone': (s, env) => event(events(env.step, 'gone', h => h.worker === actor(s[0]))[0]),
	'store-forgets-lease': (s, env) => event(events(env.step, 'gone', h => h.worker === actor(s[1]) && h.store === actor(s[0]))[0]),
	'store-forgets-place': (s, env) => placeForgotten(env, actor(s[0]), actor(s[1])),
	'store-forgets-lease-and-place': (s, env) => {
		// Both of one restart: each lease gone is of the store's last restart or restore before it, and the worker must be in line before that one.
		const list = env.step.happenings
		for (const gone of events(env.step, 'gone', h => h.worker === actor(s[1]) && h.store === actor(s[0]))) {
			const open = list.slice(0, list.indexOf(gone)).filter(h => (h.kind === 'restarted' || h.kind === 'restored') && h.store === gone.store).pop()
			if (open === undefined) continue
			const place = placeForgotten(env, actor(s[0]), actor(s[2]), list.indexOf(open))
			if (place.ok) return { ok: true, at: open.at, events: [gone, open], makers: [gone, open] }
		}
		return NO
	},
	'does-not-survive-restart': (s, env) => {
		const gone = events(env.step, 'gone', h => h.worker === actor(s[0]))[0]
		return gone && events(env.step, 'restarted', h => h.store === gone.store && h.at === gone.at).length > 0 ? event(gone) : NO
	},
	// -- an operator
	'operator-ends': (s, env) => event(events(env.step, 'ended', h => h.worker === actor(s[0]))[0]),
	// Down at the moment: its last crash by then, which no restart of its process followed; it holds from the crash.
	'has-crashed': (s, env) => {
		const w = actor(s[0])
		const crash = upTo(env).slice(1).flatMap(step => events(step, 'crashed', h => h.worker === w && h.at <= env.world.time)).pop()
		if (crash === undefined || env.world.workers.get(w)?.crashed !== true) return NO
		return { ...holdsNow(true, [crash], env), at: crash.at }
	},
	// Down at the step's end, from its last crash, and no later step restarts its process.
	'never-restarts': (s, env) => {
		const w = actor(s[0])
		const crashed = upTo(env).slice(1).some(step => events(step, 'crashed', h => h.worker === w).length > 0)
		if (!crashed || env.step.end.workers.get(w)?.crashed !== true) return NO
		// Never in the whole scene: no restart before this step's end either.
		if (upTo(env).some(step => events(step, 'process-restarted', h => h.worker === w).length > 0)) return NO
		return timeless(laterSteps(env).every(step => events(step, 'process-restarted', h => h.worker === w).length === 0))
	},
	// Down at the step's end, from its last crash, and no later step restarts its process (a restart before does not count).
	'stays-down': (s, env) => {
		const w = actor(s[0])
		const crashed = upTo(env).slice(1).some(step => events(step, 'crashed', h => h.worker === w).length > 0)
		if (!crashed || env.step.end.workers.get(w)?.crashed !== true) return NO
		return timeless(laterSteps(env).every(step => events(step, 'process-restarted', h => h.worker === w).length === 0))
	},
	'was-ended': (s, env) => {
		const lease = leaseAt(env.world, actor(s[0]))
		const meaning = holdsNow(lease !== undefined && state(lease) === 'ended', leaseMakers(env, actor(s[0])), env)
		// It holds from the end it tells.
		const end = lastEvent(env, (h): h is Of<'ended'> => h.kind === 'ended' && h.worker === actor(s[0]))
		return meaning.ok && end ? { ...meaning, at: end.at } : meaning
	},
	'answer-ended': (_s, env) => event(answered(env, 'ended')),
	'is-lost': (s, env) => lost(env, actor(s[0])),
	// A state: the worker's latest lease at the moment ran out (not lost any other way).
	'has-run-out': (s, env) => {
		const lease = leaseAt(env.world, actor(s[0]))
		return holdsNow(lease !== undefined && state(lease) === 'expired', leaseMakers(env, actor(s[0])), env)
	},

	'loses-lease': (s, env) => event(env.step.happenings.find(h => (h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.worker === actor(s[0]) && !oldBesideLive(env, h))),
	'reads-as-lost': (s, env) => lost(env, actor(s[0])),
	'now-ends-at': (s, env) => {
		const w = actor(s[0])
		const lease = leaseAt(env.world, w)
		if (lease === undefined || state(lease) !== 'live' || lease.expiresAt !== num(s[1])) return NO
		// Made by its grant, and by the renewal that set this end, if one did.
		const renewal = lastEvent(env, (h): h is Of<'renewed'> => h.kind === 'renewed' && h.worker === w && h.store === lease.store && h.at >= lease.grantedAt && h.until === lease.expiresAt)
		return holdsNow(true, [...leaseMakers(env, w), ...(renewal ? [renewal] : [])], env)
	},
	'keeps-key-until': (s, env) => {
		const w = actor(s[0])
		const lease = leaseAt(env.world, w)
		if (lease === undefined || state(lease) !== 'live' || !fits(s[1], lease.store) || lease.expiresAt !== num(s[2])) return NO
		// Kept until T and no longer: a later step may not let the lease go, see it gone or end it before T, nor move its end past T.
		if (endsBefore(env, w, lease)) return NO
		for (const step of laterSteps(env)) {
			const then = leaseAt(step.end, w)
			if (!then || then.grantedAt !== lease.grantedAt || then.store !== lease.store) break
			if ((then.gone || then.released || then.ended === true) && step.end.time < lease.expiresAt) return NO
			if (then.expiresAt > lease.expiresAt) return NO
			if (then.expired) break
		}
		// Left live at the scene's end, renewed on its own by a running process: renewed before T; any other process that still runs
		// or is paused (renewing or not) may let go (or renew) before T: not settled. Only a crashed or restarted process's lease is kept.
		if (leftOpen(env, w, lease.store, lease.grantedAt)) return NO
		const renewal = lastEvent(env, (h): h is Of<'renewed'> => h.kind === 'renewed' && h.worker === w && h.store === lease.store && h.at >= lease.grantedAt && h.until === lease.expiresAt)
		return holdsNow(true, [...leaseMakers(env, w), ...(renewal ? [renewal] : [])], env)
	},
	'keeps-key-past': (s, env) => {
		// One lease of the key, live now, after T, and given before T: held from before T to after it.
		const w = actor(s[0])
		const lease = leaseAt(env.world, w)
		const now = env.world.time
		return holdsNow(lease !== undefined && state(lease) === 'live' && fits(s[1], lease.store) && lease.grantedAt < num(s[2]) && num(s[2]) < now, leaseMakers(env, w), env)
	},
	'ends-at': (s, env) => {
		const w = actor(s[0])
		if (old(s[0])) {
			// Live when the step ends, and its end (a running out, or when it will run out) at T.
			const lease = oldLeaseOf(env, w)
			if (!lease || (lease.endStep !== undefined && lease.endStep <= env.step.index)) return NO
			if (lease.end && lease.end.kind !== 'expired') return NO
			return holdsNow((lease.end?.at ?? lease.until) === num(s[1]), [lease.grant], env)
		}
		const lease = leaseAt(env.world, w)
		if (!lease || state(lease) !== 'live' || lease.expiresAt !== num(s[1])) return NO
		if (endsBefore(env, w, lease)) return NO
		for (const step of laterSteps(env)) {
			const then = leaseAt(step.end, w)
			if (!then || then.grantedAt !== lease.grantedAt || then.store !== lease.store) break
			// A renewal moves the end on: the lease does not end at T.
			if (then.expiresAt !== lease.expiresAt) return NO
			if ((then.gone || then.released || then.ended === true) && step.end.time < lease.expiresAt) return NO
			if (then.expired) break
		}
		if (leftOpen(env, w, lease.store, lease.grantedAt)) return NO
		return holdsNow(true, leaseMakers(env, w), env)
	},
	'lets-go': (s, env) => released(env, actor(s[0])),
	'leaves': (s, env) => released(env, actor(s[0])),
	// "at once": a let-go of w's in the step whose last happening of w's before it in the step is a grant of that store at its moment.
	'lets-go-at-once': (s, env) => {
		const w = actor(s[0])
		const list = env.step.happenings
		return event(events(env.step, 'released', h => h.worker === w).find(release => {
			const mine = list.slice(0, list.indexOf(release)).filter(h => 'worker' in h && h.worker === w)
			const last = mine[mine.length - 1]
			return last?.kind === 'granted' && last.store === release.store && last.at === release.at
		}))
	},
	// Its let-go of the step, and at least a fifth of the lease's TTL left then: to its grant's end, or its last renewal's, against that TTL.
	'lets-go-long-before-end': (s, env) => {
		const meaning = released(env, actor(s[0]))
		const release = meaning.events[0]
		if (!meaning.ok || release?.kind !== 'released') return NO
		const before = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings.slice(0, env.step.happenings.indexOf(release))]
		const g = before.map(h => h.kind === 'granted' && h.worker === release.worker && h.store === release.store).lastIndexOf(true)
		const grant = before[g]
		if (g < 0 || grant?.kind !== 'granted') return NO
		let end = grant.at + grant.ttl
		let ttl = grant.ttl
		for (const h of before.slice(g + 1)) {
			if (h.kind === 'renewed' && h.worker === release.worker && h.store === release.store) [end, ttl] = [h.until, h.ttl ?? ttl]
		}
		return 5 * (end - release.at) >= ttl ? meaning : NO
	},

	'lets-go-of': (s, env) => released(env, actor(s[0]), s[1]),
	'workers-let-go': (s, env) => {
		const all = actors(s[0]).map(w => events(env.step, 'released', h => h.worker === w && fits(s[1], h.store))[0])
		if (all.some(h => h === undefined)) return NO
		const releases = all as Of<'released'>[]
		return { ok: true, events: releases, makers: releases, at: Math.max(...releases.map(h => h.at)), each: releases.map(h => h.at) }
	},
	releases: (s, env) => released(env, actor(s[0]), s[1]),
	'function-returns': (s, env) => returnedFrom(env, actor(s[0])),
	// A let-go of the step the hold made (not called by the code): of that key, by a worker the clause before told if it told one; or of that worker's.
	'hold-lets-go-of': (s, env) => {
		const told = new Set((env.priorTold ?? []).flatMap(h => ('worker' in h && typeof h.worker === 'string' ? [h.worker] : [])))
		return event(events(env.step, 'released', h => fits(s[0], h.store) && h.called !== true && (told.size === 0 || told.has(h.worker)))[0])
	},
	'hold-lets-go-of-owner-key': (s, env) => event(events(env.step, 'released', h => h.worker === actor(s[0]) && h.called !== true)[0]),
	'work-finishes': (s, env) => returnedFrom(env, actor(s[0])),
	'finishes-work': (s, env) => {
		const done = returnedFrom(env, actor(s[0]))
		const write = events(env.step, 'wrote', h => h.worker === actor(s[0]))[0]
		if (write === undefined) return done
		if (done.ok && done.at !== undefined && done.at < write.at) return done
		const all = [write, ...(done.ok ? done.events : [])]
		return { ok: true, at: write.at, events: all, makers: all }
	},
	'finishes-first': (s, env) => {
		const w = actor(s[0])
		const done = returnedFrom(env, w)
		const end = done.events[0]
		if (!done.ok || end === undefined) return NO
		// Done first: no other worker let go or returned earlier in the run, nor at the same moment.
		const list = env.step.happenings
		const around = [...earlierSteps(env).flatMap(step => step.happenings), ...list.filter((h, k) => k < list.indexOf(end) || h.at === end.at)]
		return around.some(h => (h.kind === 'released' || h.kind === 'returned') && h.worker !== w) ? NO : done
	},
	'time-up': (s, env) => spanUp(env, num(s[0])),
	'owner-time-up': (s, env) => spanUp(env, num(s[1]), actor(s[0])),
	'lets-go-too': (s, env) => {
		const w = actor(s[0])
		const mine = events(env.step, 'released', h => h.worker === w)[0]
		const before = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings.slice(0, mine ? env.step.happenings.indexOf(mine) : env.step.happenings.length)]
		return before.some(h => h.kind === 'released' && h.worker !== w) ? released(env, w) : NO
	},
	renews: (s, env) => renewal(env, actor(s[0])),
	'renews-lease': (s, env) => (actor(s[1]) === actor(s[0]) ? renewal(env, actor(s[0])) : NO),
	'renews-lease-again': (s, env) => {
		const w = actor(s[0])
		if (actor(s[1]) !== w) return NO
		// All of w's untold renewals of the step, of one lease, and that lease renewed before the last of them.
		const told = events(env.step, 'renewed', h => h.worker === w && !env.used.has(h))
		if (told.length === 0) return NO
		const all = upTo(env).flatMap(step => step.happenings)
		const last = told[told.length - 1] as Of<'renewed'>
		let from = -1
		for (let i = 0; i < all.indexOf(last); i++) {
			const h = all[i] as Happening
			if (h.kind === 'granted' && h.worker === w && h.store === last.store) from = i
		}
		const since = all.slice(from + 1, all.indexOf(last))
		if (!told.every(r => r === last || since.includes(r))) return NO
		if (!since.some(h => h.kind === 'renewed' && h.worker === w && h.store === last.store)) return NO
		return { ok: true, at: last.at, events: told, makers: told }
	},
	// Renews again (above), and the last of the renewals it tells moved the lease's end to T.
	'renews-lease-again-to': (s, env) => {
		const again = MEANINGS['renews-lease-again']!(s, env)
		const last = again.events[again.events.length - 1]
		return again.ok && last?.kind === 'renewed' && last.until === num(s[2]) ? again : NO
	},
	// Held a lease in the step (live at its start, or given in it), and no let-go of w in the step.
	'does-not-let-go': (s, env) => {
		const w = actor(s[0])
		const start = leaseAt(env.step.start, w)
		const held = (start !== undefined && state(start) === 'live') || events(env.step, 'granted', h => h.worker === w).length > 0
		return timeless(held && events(env.step, 'released', h => h.worker === w).length === 0)
	},
	'lease-outlives-pause': (s, env) => {
		const w = actor(s[0])
		const all = upTo(env).flatMap(step => step.happenings)
		const of = (h: Happening, kind: string) => h.kind === kind && 'worker' in h && h.worker === w
		// The pause w woke from last by the step's end, not paused again since; the lease its last grant before the pause gave lives to the wake.
		const wakes = all.filter(h => of(h, 'woke'))
		const wake = wakes[wakes.length - 1]
		if (wake === undefined || all.slice(all.indexOf(wake)).some(h => of(h, 'paused'))) return NO
		const pauses = all.slice(0, all.indexOf(wake)).filter(h => of(h, 'paused'))
		const pause = pauses[pauses.length - 1]
		if (pause === undefined) return NO
		const grants = all.slice(0, all.indexOf(pause)).filter((h): h is Of<'granted'> => of(h, 'granted'))
		const grant = grants[grants.length - 1]
		if (grant === undefined) return NO
		const span = all.slice(all.indexOf(grant) + 1, all.indexOf(wake) + 1)
		if (span.some(h => 'worker' in h && h.worker === w && 'store' in h && h.store === grant.store && ['expired', 'ended', 'gone', 'released', 'returned', 'granted'].includes(h.kind))) return NO
		return { ok: true, events: [], makers: [grant] }
	},
	'keeps-renewing': (s, env) => {
		const w = actor(s[0])
		const all = events(env.step, 'renewed', h => h.worker === w)
		const kept = !env.step.happenings.some(h => (h.kind === 'renew-refused' || h.kind === 'expired' || h.kind === 'ended' || h.kind === 'gone') && h.worker === w)
		if (actor(s[1]) !== w || all.length < 2 || all.some(h => env.used.has(h)) || !kept) return NO
		// All of one lease: no let-go and no new grant of w's from its first renewal to its last.
		const span = env.step.happenings.slice(env.step.happenings.indexOf(all[0] as Happening), env.step.happenings.indexOf(all[all.length - 1] as Happening))
		if (span.some(h => (h.kind === 'released' || h.kind === 'granted') && h.worker === w)) return NO
		// It goes on to the step's end, or to w's let-go after its last renewal: w's process running then, and the last renewal within one period of it.
		const last = all[all.length - 1] as Happening
		const after = env.step.happenings.slice(env.step.happenings.indexOf(last))
		const stop = after.find(h => (h.kind === 'released' || h.kind === 'returned') && h.worker === w)
		const end = stop === undefined ? env.world.time : stop.at
		let running = true
		for (const h of env.step.happenings) {
			if ((stop !== undefined && h === stop) || h.at >= end) break
			if (!('worker' in h) || h.worker !== w) continue
			if (h.kind === 'paused' || h.kind === 'crashed') running = false
			else if (h.kind === 'woke' || h.kind === 'process-restarted') running = true
		}
		let longest = 0
		for (let i = 1; i < all.length; i++) longest = Math.max(longest, (all[i] as Happening).at - (all[i - 1] as Happening).at)
		if (!running || end - last.at > longest + 1) return NO
		return { ok: true, at: last.at, events: all, makers: all }
	},
	// Each renewal of the step came d after the renewal or grant before it of that lease (w's latest of that store before it).
	'keeps-renewing-every': (s, env) => {
		const kept = MEANINGS['keeps-renewing']?.(s, env) ?? NO
		if (!kept.ok) return kept
		const w = actor(s[0])
		const mine = (h: Happening): boolean => (h.kind === 'renewed' || h.kind === 'granted') && h.worker === w
		const renewals = events(env.step, 'renewed', h => h.worker === w)
		const store = (renewals[0] as Of<'renewed'>).store
		const trail = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings].filter(h => mine(h) && 'store' in h && h.store === store)
		const from = trail.indexOf(renewals[0] as Happening)
		const times = trail.slice(Math.max(0, from - 1), from + renewals.length).map(h => h.at)
		return times.every((t, i) => i === 0 || Math.abs(t - (times[i - 1] as number) - num(s[2])) <= 1) ? kept : NO
	},
	'renews-until': (s, env) => (actor(s[1]) === actor(s[0]) ? event(events(env.step, 'renewed', h => h.worker === actor(s[0]) && !env.used.has(h) && h.until === num(s[2]))[0]) : NO),
	'renews-by-hand-until': (s, env) => (actor(s[1]) === actor(s[0]) ? event(events(env.step, 'renewed', h => h.worker === actor(s[0]) && !env.used.has(h) && h.auto !== true && h.until === num(s[2]))[0]) : NO),
	'renews-by-hand': (s, env) => (actor(s[1]) === actor(s[0]) ? event(events(env.step, 'renewed', h => h.worker === actor(s[0]) && !env.used.has(h) && h.auto !== true)[0]) : NO),
	'renewed-automatically': (s, env) => {
		const all = events(env.step, 'renewed', h => h.worker === actor(s[0]))
		if (all.length === 0 || all.some(h => h.auto !== true || env.used.has(h))) return NO
		return { ok: true, at: (all[all.length - 1] as Happening).at, events: all, makers: all }
	},
	// Each renewal of w's in the step not told before, at a moment w was at work (replayed: a grant of that store starts its work, a
	// let-go or return of that store, a crash, an ask or another grant ends it, a pause stops it until w wakes); at least one.
	'renewed-as-it-works': (s, env) => {
		const w = actor(s[0])
		const trail = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings]
		const told = events(env.step, 'renewed', h => h.worker === w && !env.used.has(h) && workingAt(trail, w, h))
		if (told.length === 0) return NO
		return { ok: true, at: (told[told.length - 1] as Happening).at, events: told, makers: told }
	},
	// w in a hold at the step's end (its last grant, its code not out of it since), and a renewal of that grant's lease after it, w at work then.
	'has-been-renewed-as-it-works': (s, env) => {
		const w = actor(s[0])
		const trail = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings]
		// Out of the hold at a crash, a new ask, or a let-go, return or finish of its store; a renewal counts while w is at work.
		const leaves = (h: Happening, grant: Of<'granted'>) => h.kind === 'crashed' || h.kind === 'asked' || ((h.kind === 'released' || h.kind === 'returned' || h.kind === 'finished') && 'store' in h && h.store === grant.store)
		const { inHold, renewals } = renewalsOfLastHold(trail, w, leaves, h => workingAt(trail, w, h))
		if (!inHold || renewals.length === 0) return NO
		const here = renewals.filter(h => env.step.happenings.includes(h))
		return { ok: true, at: (renewals[0] as Happening).at, events: here, makers: renewals }
	},
	// Up to the clause's moment (else the step's end): w's last grant, w not out of that hold since, its lease not ended since, and
	// at least one renewal of that store's lease by w after the grant.
	'has-been-renewed': (s, env) => {
		const w = actor(s[0])
		const limit = env.moment ?? Infinity
		const trail = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings].filter(h => h.at <= limit)
		// Out of the hold (or its lease ended) at a crash, a new ask, or a let-go, return, running out, going or operator's end of its store.
		const leaves = (h: Happening, grant: Of<'granted'>) => h.kind === 'crashed' || h.kind === 'asked' || ((h.kind === 'released' || h.kind === 'returned' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && 'store' in h && h.store === grant.store)
		const { inHold: ok, renewals } = renewalsOfLastHold(trail, w, leaves, () => true)
		if (!ok || renewals.length === 0) return NO
		const here = renewals.filter(h => env.step.happenings.includes(h))
		return { ok: true, at: (renewals[0] as Happening).at, events: here, makers: renewals }
	},
	// Up to the clause's moment m (else the step's end): w's last grant g, g.at + g.ttl = T <= m, g's lease not ended since, w not crashed
	// nor asked again since, not paused at m, and at least two renewals of g's store by w after g, one before T.
	'would-have-run-out-but-keeps-renewing': (s, env) => {
		const w = actor(s[0])
		if (actor(s[2]) !== w) return NO
		const T = num(s[1])
		const m = env.moment ?? env.step.end.time
		if (T > m) return NO
		let grant: Of<'granted'> | undefined
		let ok = false
		let paused = false
		const renewals: Of<'renewed'>[] = []
		for (const h of [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings]) {
			if (h.at > m || !('worker' in h) || h.worker !== w) continue
			if (h.kind === 'paused') paused = true
			else if (h.kind === 'woke') paused = false
			if (h.kind === 'granted') {
				grant = h
				ok = true
				renewals.length = 0
			} else if (grant === undefined) continue
			else if (h.kind === 'crashed' || h.kind === 'asked') ok = false
			else if (['expired', 'gone', 'ended', 'released', 'returned'].includes(h.kind) && 'store' in h && h.store === grant.store) ok = false
			else if (h.kind === 'renewed' && h.store === grant.store) renewals.push(h)
		}
		if (grant === undefined || !ok || paused || grant.at + grant.ttl !== T || renewals.length < 2 || !renewals.some(h => h.at < T)) return NO
		const here = renewals.filter(h => env.step.happenings.includes(h))
		return { ok: true, at: (renewals[0] as Happening).at, events: here, makers: renewals }
	},
	'asks-to-renew': (s, env) => {
		const w = actor(s[0])
		if (actor(s[1]) !== w) return NO
		return event(env.step.happenings.find(h => (h.kind === 'renewed' || h.kind === 'renew-refused') && h.worker === w))
	},
	// w's first ask of the step to renew its own lease made by its code (a renewal or a refusal not marked as hold's own).
	'asks-to-renew-by-hand': (s, env) => {
		const w = actor(s[0])
		if (actor(s[1]) !== w) return NO
		return event(env.step.happenings.find(h => (h.kind === 'renewed' || h.kind === 'renew-refused') && h.worker === w && h.auto !== true))
	},
	'renewal-refused': (s, env) => event(events(env.step, 'renew-refused', h => h.worker === actor(s[0]))[0]),
	// A renewal answered "lost" whose lease had run out: replay w's leases up to it, each grant its own, each end its kind.
	'renews-too-late': (s, env) => {
		const w = actor(s[0])
		type Lease = { store: string; fence?: bigint; end?: string }
		const leases = new Map<string, Lease>()
		let last: Lease | undefined
		for (const step of env.run.steps.slice(1, env.step.index + 1)) {
			const list = step.index === env.step.index ? env.step.happenings : step.happenings
			for (const h of list) {
				if (!('worker' in h) || h.worker !== w) continue
				if (h.kind === 'granted') {
					last = { store: h.store, fence: h.fence }
					leases.set(h.store, last)
				} else if (h.kind === 'expired' || h.kind === 'ended' || h.kind === 'gone' || h.kind === 'released') {
					const lease = leases.get(h.store)
					if (lease && lease.end === undefined && lease.fence === h.fence) lease.end = h.kind
				} else if (h.kind === 'renew-refused' && step.index === env.step.index && h.reason === 'lost') {
					const lease = h.store === undefined ? last : leases.get(h.store)
					if (lease?.end === 'expired') return event(h)
				}
			}
		}
		return NO
	},
	'renews-no-more': (s, env) => {
		const w = actor(s[0])
		const tries = (step: StepFacts) => step.happenings.filter(h => (h.kind === 'renewed' || h.kind === 'renew-refused') && h.worker === w)
		if (!upTo(env).slice(1).some(step => tries(step).length > 0)) return NO
		if (tries(env.step).length > 1) return NO
		if (events(env.step, 'renew-refused', h => h.worker === w).length > 0) return NO
		if (events(env.step, 'renewed', h => h.worker === w).some(h => !env.used.has(h))) return NO
		if (laterSteps(env).some(step => tries(step).length > 0)) return NO
		const held = leaseAt(env.step.end, w)
		if (held !== undefined && pastTheEnd(env, w, held.store, held.grantedAt) === 'renewed') return NO
		return timeless(true, { absent: w })
	},
	'nothing-renews': (s, env) => {
		const w = actor(s[0])
		const start = leaseAt(env.step.start, w)
		const held = (start !== undefined && state(start) === 'live') || events(env.step, 'granted', h => h.worker === w).length > 0
		if (!held) return NO
		// After a clause of its sentence that told w's pause (the last in the step's order): from that pause on.
		const list = env.step.happenings
		const pause = (env.pauses ?? []).filter(h => h.worker === w).sort((x, y) => list.indexOf(x) - list.indexOf(y)).pop()
		if (pause !== undefined) return unrenewedFromPause(env, w, pause)
		if (events(env.step, 'renewed', h => h.worker === w).length > 0) return NO
		const granted = leaseAt(env.world, w)?.grantedAt
		for (const step of laterSteps(env)) {
			if (leaseAt(step.start, w)?.grantedAt !== granted) break
			if (events(step, 'renewed', h => h.worker === w).length > 0) return NO
		}
		const paused = env.step.start.workers.get(w)?.paused === true || env.step.end.workers.get(w)?.paused === true
		return timeless(!(renewsOnItsOwn(env, w) && !paused), { absent: w })
	},
	// Of this step alone: a lease held in it, and no renewal of the worker's in it.
	'renews-nothing': (s, env) => {
		const w = actor(s[0])
		const start = leaseAt(env.step.start, w)
		const held = (start !== undefined && state(start) === 'live') || events(env.step, 'granted', h => h.worker === w).length > 0
		return held && events(env.step, 'renewed', h => h.worker === w).length === 0 ? timeless(true, { absent: w }) : NO
	},
	'nothing-renews-on-its-own': (s, env) => {
		const w = actor(s[0])
		const start = leaseAt(env.step.start, w)
		const held = (start !== undefined && state(start) === 'live') || events(env.step, 'granted', h => h.worker === w).length > 0
		if (!held || events(env.step, 'renewed', h => h.worker === w && h.auto === true).length > 0) return NO
		const granted = leaseAt(env.world, w)?.grantedAt
		for (const step of laterSteps(env)) {
			if (leaseAt(step.start, w)?.grantedAt !== granted) break
			if (events(step, 'renewed', h => h.worker === w && h.auto === true).length > 0) return NO
		}
		const paused = env.step.start.workers.get(w)?.paused === true || env.step.end.workers.get(w)?.paused === true
		return timeless(!(renewsOnItsOwn(env, w) && !paused))
	},
	// w held a lease in the step, and its last grant by the step's end records a hold that renews on its own (renews: true), whether or not a renewal came yet.
	'hold-renews-on-its-own': (s, env) => {
		const w = actor(s[0])
		if (old(s[1]) || actor(s[1]) !== w) return NO
		// A process crashed through the whole step runs no hold.
		if (env.step.start.workers.get(w)?.crashed === true && env.step.end.workers.get(w)?.crashed === true) return NO
		const start = leaseAt(env.step.start, w)
		const held = (start !== undefined && state(start) === 'live') || events(env.step, 'granted', h => h.worker === w).length > 0
		if (!held) return NO
		const grant = grantOfClause(env, w, () => true)
		if (grant === undefined || grant.renews !== true) return NO
		// A renewal on its own falls due every third of the TTL from the grant or the last renewal; one due while w's process was
		// paused or crashed (a pause or crash up to this step), and no renewal after it before the lease ended or the run did: none came.
		if (owedRenewalMissed(env, w, grant)) return NO
		return { ok: true, events: [], makers: [grant] }
	},
	// The last grant of the key to w by the step's end records no renewal of its own, and no renewal of that lease follows it before w's
	// next grant: none on its own ("with renewal off"), or none at all, by hand either ("without renewing it").
	'holds-with-renewal-off': (s, env) => withoutRenewal(s, env, true),
	'holds-without-renewing': (s, env) => withoutRenewal(s, env, false),
	'nothing-has-renewed': (s, env) => {
		const w = actor(s[0])
		// At a moment of the step: w's last grant by then, and no renewal of that lease from it up to the moment; the absent renewal is a cause only when w renewed nothing in the step.
		if (env.moment !== undefined) {
			const t = env.moment
			if (t < env.step.start.time || t > env.world.time) return NO
			const all = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings]
			let from = -1
			all.forEach((h, i) => { if (h.kind === 'granted' && h.worker === w && h.at <= t) from = i })
			const grant = all[from]
			if (grant?.kind !== 'granted') return NO
			if (all.slice(from + 1).some(h => h.kind === 'renewed' && h.worker === w && h.store === grant.store && h.at <= t)) return NO
			return timeless(true, events(env.step, 'renewed', h => h.worker === w).length === 0 ? { absent: w } : {})
		}
		const lease = leaseAt(env.world, w)
		if (lease && earlierSteps(env).some(step => events(step, 'renewed', h => h.worker === w && h.store === lease.store && h.at >= lease.grantedAt).length > 0)) return NO
		// Looking back to the grant, whatever pause the sentence told.
		return MEANINGS['nothing-renews']?.(s, { ...env, pauses: undefined }) ?? NO
	},
	// w's last grant by the clause's moment (the step's end, or one of the step it names): no expiry of that lease from it up to then.
	'lease-never-ran-out': (s, env) => {
		if (old(s[0])) return NO
		const w = actor(s[0])
		const t = env.moment ?? env.world.time
		if (t < env.step.start.time || t > env.world.time) return NO
		const all = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings]
		let from = -1
		all.forEach((h, i) => { if (h.kind === 'granted' && h.worker === w && h.at <= t) from = i })
		const grant = all[from]
		if (grant?.kind !== 'granted') return NO
		return timeless(!all.slice(from + 1).some(h => h.kind === 'expired' && h.worker === w && h.store === grant.store && (h.fence === undefined || h.fence === grant.fence) && h.at <= t))
	},
	// -- writes and the row
	'does-not-save': (s, env) => timeless(events(env.step, 'wrote', h => h.worker === actor(s[0])).length === 0),
	// Of the whole scene: the steps up to this one and those after it.
	'never-writes': (s, env) => timeless([...upTo(env), ...laterSteps(env)].every(step => events(step, 'wrote', h => h.worker === actor(s[0])).length === 0)),
	// "Nobody else wrote": the text named a writer before it, and for each one, its write of this step the text told last (pointed); every write
	// to that write's database after the worker's own last write there before it (else the scene's start), and before it, is by a worker named writing.
	'nobody-else-wrote': (s, env) => {
		const others = s.find(slot => slot.type === 'workers')?.value
		const ws = others?.type === 'actors' ? others.ids : []
		if (ws.length === 0) return NO
		const all = [...env.run.steps.slice(1, env.step.index).flatMap(step => step.happenings), ...env.step.happenings]
		const alone = ws.every(w => {
			const x = env.pointed?.get(w)
			if (x === undefined || !all.includes(x)) return false
			const before = all.slice(0, all.indexOf(x))
			let since = 0
			for (const [k, h] of before.entries()) if (h.kind === 'wrote' && h.worker === w && h.database === x.database) since = k + 1
			return before.slice(since).every(h => h.kind !== 'wrote' || h.database !== x.database || ws.includes(h.worker))
		})
		return timeless(alone, { alone: ws })
	},
	'nobody-refuses': (_s, env) => timeless(events(env.step, 'wrote', h => !h.changed).length === 0 && events(env.step, 'refused', () => true).length === 0 && events(env.step, 'renew-refused', () => true).length === 0),
	'nobody-releases': (s, env) => timeless(events(env.step, 'released', h => named(s[0]) === undefined || h.store === named(s[0])).length === 0, { kept: named(s[0]) ?? '' }),
	'never-lets-go-of-key': (s, env) => {
		const w = actor(s[0])
		const start = leaseAt(env.step.start, w)
		const held = (start !== undefined && state(start) === 'live' && fits(s[1], start.store)) || events(env.step, 'granted', h => h.worker === w && fits(s[1], h.store)).length > 0
		if (!held || events(env.step, 'released', h => h.worker === w && fits(s[1], h.store)).length > 0) return NO
		const granted = leaseAt(env.step.end, w)?.grantedAt
		for (const step of laterSteps(env)) {
			if (leaseAt(step.start, w)?.grantedAt !== granted) break
			if (events(step, 'released', h => h.worker === w && fits(s[1], h.store)).length > 0) return NO
		}
		// Left live at the scene's end with its hold's code still able to run: the scene does not settle it.
		const last = leaseAt(env.step.end, w)
		return timeless(!(last !== undefined && fits(s[1], last.store) && leftOpen(env, w, last.store, last.grantedAt)))
	},
	// w held a lease in the step; none of w's ran out in it; its latest lease at the step's end was let go, or is live and, in the steps seen, is next let go or not ended at all.
	// w's lease at the step's end, given after an earlier grant of w's, held in the step; it did not run out in the step, and is next let go in the steps seen, or left live and not left to run out.
	'new-lease-never-runs-out': (s, env) => {
		const w = actor(s[0])
		const lease = leaseAt(env.step.end, w)
		if (lease === undefined) return NO
		const start = leaseAt(env.step.start, w)
		const held = (start !== undefined && state(start) === 'live') || events(env.step, 'granted', h => h.worker === w).length > 0
		if (!held) return NO
		let earlier = false
		for (const h of [...earlierSteps(env), env.step].flatMap(step => step.happenings)) {
			if (h.kind !== 'granted' || h.worker !== w) continue
			if (h.store === lease.store && h.fence === lease.fence && h.at === lease.grantedAt) break
			earlier = true
		}
		if (!earlier) return NO
		if (events(env.step, 'expired', h => h.worker === w && h.store === lease.store && h.fence === lease.fence).length > 0) return NO
		return neverRunsOutFrom(env, w, lease)
	},
	'lease-never-runs-out': (s, env) => {
		const w = actor(s[0])
		const start = leaseAt(env.step.start, w)
		const held = (start !== undefined && state(start) === 'live') || events(env.step, 'granted', h => h.worker === w).length > 0
		if (!held || events(env.step, 'expired', h => h.worker === w).length > 0) return NO
		// "Never", of the whole scene: no lease of w's ran out before this step either.
		if (earlierSteps(env).some(step => events(step, 'expired', h => h.worker === w).length > 0)) return NO
		// Nor in any step after it (the steps seen).
		if (laterSteps(env).some(step => events(step, 'expired', h => h.worker === w).length > 0)) return NO
		const lease = leaseAt(env.step.end, w)
		if (lease === undefined) return NO
		return neverRunsOutFrom(env, w, lease)
	},
	'never-lets-go': (s, env) => {
		const w = actor(s[0])
		const start = leaseAt(env.step.start, w)
		const held = (start !== undefined && state(start) === 'live') || events(env.step, 'granted', h => h.worker === w).length > 0
		if (!held || events(env.step, 'released', h => h.worker === w).length > 0) return NO
		// Of the lease it held: later steps are read while its latest lease is still that one.
		const granted = leaseAt(env.step.end, w)?.grantedAt
		for (const step of laterSteps(env)) {
			if (leaseAt(step.start, w)?.grantedAt !== granted) break
			if (events(step, 'released', h => h.worker === w).length > 0) return NO
		}
		const last = leaseAt(env.step.end, w)
		return timeless(!(last !== undefined && leftOpen(env, w, last.store, last.grantedAt)))
	},
	saves: (s, env) => save(env, actor(s[0])),
	'saves-without-lock': (s, env) => save(env, actor(s[0]), write => write.noFence === true && !write.live),
	// What a call made, reshaped or not, and not emptied: the run records the value the write carried.
	// ...and keeps something of it: not blank, and where the run recorded what the worker's calls returned, a word of one of those in it.
	'saves-what-it-computed': (s, env) => save(env, actor(s[0]), w => !w.noThing && w.thing !== '' && keepsAWord(w) && carriedBy(env, w)?.made === true),
	'writes-its-fence': (s, env) => {
		const meaning = save(env, actor(s[0]), write => write.changed && !write.noFence && write.after === write.fence)
		return meaning.ok ? { ...meaning, decides: meaning.events[0] as Of<'wrote'> } : meaning
	},
	'saves-again': (s, env) => {
		const w = actor(s[0])
		const mine = events(env.step, 'wrote', h => h.worker === w)
		return save(env, w, write => earlierSteps(env).some(step => events(step, 'wrote', h => h.worker === w).length > 0) || mine.indexOf(write) > 0)
	},
	// "Again with the same fence": the worker's write right before this one (earlier steps, or earlier in this one) carried this write's fence.
	'saves-again-same-fence': (s, env) => {
		const w = actor(s[0])
		const mine = events(env.step, 'wrote', h => h.worker === w)
		return save(env, w, write => {
			const before = [...earlierSteps(env).flatMap(step => events(step, 'wrote', h => h.worker === w)), ...mine.slice(0, mine.indexOf(write))]
			const last = before[before.length - 1]
			return last !== undefined && !last.noFence && !write.noFence && last.fence === write.fence
		})
	},
	'saves-too': (s, env) => {
		const w = actor(s[0])
		return save(env, w, write => {
			const all = writesTo(env, write.database)
			return all.slice(0, all.indexOf(write)).some(h => h.worker !== w)
		})
	},
	// "at once": the write's lease was live, w's last grant before it came at its moment, and nothing of w's came between them.
	'saves-at-once': (s, env) => {
		const w = actor(s[0])
		return save(env, w, write => {
			const all = upTo(env).slice(1).flatMap(step => step.happenings)
			const before = all.slice(0, all.indexOf(write))
			const grants = before.filter(h => h.kind === 'granted' && h.worker === w)
			const grant = grants[grants.length - 1]
			if (grant === undefined || !write.live || grant.at !== write.at) return false
			return before.slice(before.indexOf(grant) + 1).every(h => !('worker' in h) || h.worker !== w)
		})
	},
	'saves-stale': (s, env) => save(env, actor(s[0]), write => stale(env, write)),
	'saves-with-fence': (s, env) => event(writesOf(env, actor(s[0])).untold.find(h => h.fence === fence(s[1]) && !h.noFence)),
	// "With it": the fence of the worker's last grant in the step before the write.
	'saves-with-it': (s, env) =>
		save(env, actor(s[0]), write => {
			// The fence the text told: the worker's last grant before the write that is not after the text's latest told place.
			const list = env.step.happenings
			const told = env.toldPlace
			const grants = list.slice(0, list.indexOf(write)).filter((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === write.worker && (told === undefined || told.at > h.at || (told.at === h.at && told.order >= list.indexOf(h))))
			const last = grants[grants.length - 1]
			return last !== undefined && !write.noFence && write.fence === last.fence
		}),
	'saves-with-old-fence': (s, env) => event(writesOf(env, actor(s[0])).untold.find(h => h.fence === fence(s[1]) && !h.noFence && stale(env, h))),
	// "Its new fence": the fence of w's last grant before the write (of the whole run), after an earlier grant to w of that key's store.
	'saves-with-new-fence': (s, env) =>
		save(env, actor(s[0]), write => {
			const all = upTo(env).slice(1).flatMap(step => step.happenings)
			const grants = all.slice(0, all.indexOf(write)).filter((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === write.worker)
			const hold = grants[grants.length - 1]
			if (hold === undefined || hold.fence === undefined) return false
			// Every fence the same store gave the worker before is smaller than the new one.
			const older = grants.slice(0, -1).filter(h => h.store === hold.store)
			return older.length > 0 && older.every(h => h.fence === undefined || h.fence < (hold.fence as bigint)) && !write.noFence && write.fence === hold.fence
		}),
	'fences-compare': (s, env) => compared(env, fence(s[0]), fence(s[2]), s[1]?.value.type === 'relation' ? s[1].value.value : '<', true),
	'fence-smaller-than-fence': (s, env) => compared(env, fence(s[0]), fence(s[1]), '<'),
	'fence-larger-than-fence': (s, env) => compared(env, fence(s[0]), fence(s[1]), '>'),
	// "First" and "before B" name no database: of every save of the story, whichever database it went to.
	'saves-first': (s, env) => {
		const w = actor(s[0])
		return save(env, w, write => {
			const all = upTo(env).slice(1).flatMap(step => events(step, 'wrote', () => true))
			const untouched = [...(env.run.steps[0]?.end.databases.values() ?? [])].every(row => (row.fence ?? 0n) === 0n)
			return !all.slice(0, all.indexOf(write)).some(h => h.worker !== w) && untouched
		})
	},
	'saves-before': (s, env) => {
		const [w, v] = [actor(s[0]), actor(s[1])]
		return save(env, w, write => {
			const all = upTo(env).slice(1).flatMap(step => events(step, 'wrote', () => true))
			if (all.slice(0, all.indexOf(write)).some(h => h.worker === v)) return false
			const here = events(env.step, 'wrote', () => true)
			const after = [...here.slice(here.indexOf(write) + 1), ...laterSteps(env).flatMap(step => events(step, 'wrote', () => true))]
			return after.some(h => h.worker === v)
		})
	},
	'refuses-write': (s, env) => answer(env, actor(s[1]), actor(s[0]), 'refused'),
	'refuses-worker': (s, env) => answer(env, actor(s[1]), actor(s[0]), 'refused'),
	'refuses-the-write': (s, env) => theWrite(env, actor(s[0]), 'refused'),
	'accepts-write': (s, env) => answer(env, actor(s[1]), actor(s[0]), true),
	'takes-write': (s, env) => answer(env, actor(s[1]), actor(s[0]), true),
	// "New": of the worker's writes in the step, none comes after the one taken.
	'takes-new-write': (s, env) => {
		const meaning = answer(env, actor(s[1]), actor(s[0]), true)
		const write = meaning.decides
		if (write === undefined) return NO
		const own = events(env.step, 'wrote', h => h.worker === write.worker)
		return own[own.length - 1] === write ? meaning : NO
	},
	'takes-late-write': (s, env) => {
		const meaning = answer(env, actor(s[1]), actor(s[0]), true)
		return meaning.decides !== undefined && stale(env, meaning.decides) ? meaning : NO
	},
	'refuses-late-write': (s, env) => {
		const meaning = answer(env, actor(s[1]), actor(s[0]), 'refused')
		return meaning.decides !== undefined && stale(env, meaning.decides) ? meaning : NO
	},
	'late-write-is-refused': (s, env) => {
		const meaning = answer(env, actor(s[0]), undefined, 'refused')
		return meaning.decides !== undefined && stale(env, meaning.decides) ? meaning : NO
	},
	'takes-the-write': (s, env) => theWrite(env, actor(s[0]), true),
	// The step's writes to that database (or to any) are exactly two, and both changed the row.
	'takes-both-writes': (s, env) => bothWrites(env, actor(s[0])),
	'both-writes-taken': (_s, env) => bothWrites(env, undefined),
	'takes-the-stale-write': (s, env) => {
		const meaning = theWrite(env, actor(s[0]), true)
		return meaning.decides !== undefined && stale(env, meaning.decides) ? meaning : NO
	},
	'refuses-the-stale-write': (s, env) => {
		const meaning = theWrite(env, actor(s[0]), 'refused')
		return meaning.decides !== undefined && stale(env, meaning.decides) ? meaning : NO
	},
	'takes-write-over': (s, env) => {
		const meaning = answer(env, actor(s[1]), actor(s[0]), true)
		const write = meaning.decides
		return write !== undefined && stale(env, write) && write.writerBefore === actor(s[2]) ? meaning : NO
	},
	// What a database checks is what its writes so far met (the sample's own SQL may compare no fence
	// whatever the scene's setting); before any write, the setting.
	'checks-no-fence': (s, env) => {
		const db = env.world.databases.get(actor(s[0]))
		if (!db) return NO
		const writes = writesTo(env, db.id)
		const checks = writes.length === 0 ? db.fenced : writes.some(h => h.fenced)
		return checks ? NO : { ok: true, events: [], makers: rowMaker(env, db.id), unfenced: db.id, row: { database: db.id, fence: db.fence } }
	},
	// The opposite: every write so far met the conditional update; before any write, the setting.
	'checks-fences': (s, env) => {
		const db = env.world.databases.get(actor(s[0]))
		if (!db) return NO
		const writes = writesTo(env, db.id)
		const checks = writes.length === 0 ? db.fenced : writes.every(h => h.fenced)
		return checks ? { ok: true, events: [], makers: rowMaker(env, db.id), fenced: db.id, row: { database: db.id, fence: db.fence } } : NO
	},
	// Its rule told after a refusal: it checks fences, and the clause right before told a write to it that it refused (fenced, no row changed).
	'takes-only-larger-fences': (s, env) => {
		const write = (env.priorTold ?? []).filter((h): h is Of<'wrote'> => h.kind === 'wrote' && h.database === actor(s[0])).pop()
		if (write === undefined || write.changed || !write.fenced) return NO
		const db = env.world.databases.get(actor(s[0]))
		if (!db) return NO
		const writes = writesTo(env, db.id)
		const checks = writes.length === 0 ? db.fenced : writes.every(h => h.fenced)
		return checks ? { ok: true, events: [], makers: rowMaker(env, db.id), fenced: db.id, row: { database: db.id, fence: db.fence } } : NO
	},
	'write-is-refused': (s, env) => answer(env, actor(s[0]), undefined, 'refused'),
	'write-with-fence-is-refused': (s, env) => {
		const write = pointedOr(env, actor(s[0]), events(env.step, 'wrote', h => h.worker === actor(s[0]) && !h.noFence && h.fence === fence(s[1])))
		return write && !write.changed && write.fenced ? event(write, { decides: write }) : NO
	},
	'write-with-fence-is-saved': (s, env) => {
		const write = pointedOr(env, actor(s[0]), events(env.step, 'wrote', h => h.worker === actor(s[0]) && !h.noFence && h.fence === fence(s[1])))
		return write && write.changed ? event(write, { decides: write }) : NO
	},
	'write-changes-no-row': (s, env) => answer(env, actor(s[0]), undefined, false),
	'write-is-saved': (s, env) => answer(env, actor(s[0]), undefined, true),
	'keeps-largest-fence': (s, env) => {
		const d = actor(s[0])
		const meaning = row(env, d, fence(s[1]))
		if (!meaning.ok) return NO
		const initial = env.run.steps[0]?.end.databases.get(d)?.fence
		return writesTo(env, d).some(h => h.fence > fence(s[1])) || (initial !== undefined && initial > fence(s[1])) ? NO : meaning
	},
	'row-ends-with-fence': (s, env) => {
		const database = env.world.databases.size === 1 ? [...env.world.databases.keys()][0] : undefined
		const wanted = fence(s[0])
		const at = (step: StepFacts): unknown => (database === undefined ? undefined : step.end.databases.get(database)?.fence)
		if (env.moment !== undefined || database === undefined || at(env.step) !== wanted || laterSteps(env).some(step => at(step) !== wanted)) return NO
		return holdsNow(true, rowMaker(env, database), env, { row: { database, fence: wanted } })
	},
	'row-keeps-fence': (s, env) => (env.world.databases.size === 1 ? row(env, [...env.world.databases.keys()][0], fence(s[0])) : NO),
	'row-already-has-fence': (s, env) => {
		if (env.world.databases.size !== 1) return NO
		const database = [...env.world.databases.keys()][0] as string
		return events(env.step, 'wrote', h => h.database === database && h.changed && h.after === fence(s[0])).length > 0 ? NO : row(env, database, fence(s[0]))
	},
	'database-has-seen-fence': (s, env) => {
		// A write with that fence, taken by the database, by the clause's moment.
		const taken = upTo(env).flatMap(step => events(step, 'wrote', h => h.database === actor(s[0]) && h.changed && h.fence === fence(s[1]) && h.at <= env.world.time))
		const last = taken[taken.length - 1]
		return last === undefined ? NO : holdsNow(true, [last], env, { row: { database: actor(s[0]), fence: last.fence } })
	},
	'database-keeps-fence': (s, env) => row(env, actor(s[0]), fence(s[1])),
	// The rows that kept the worker's write as the step began keep it still: none was changed in the step by the clause's moment.
	'thing-stays': (s, env) => {
		const w = actor(s[0])
		const rows = [...env.step.start.databases.values()].filter(row => row.writer === w)
		const stays = rows.length > 0 && rows.every(row => env.world.databases.get(row.id)?.writer === w && events(env.step, 'wrote', h => h.database === row.id && h.changed && h.at <= env.world.time).length === 0)
		return holdsNow(stays, [], env)
	},
	// The scene's one database's row was last written by the worker, at the clause's moment.
	'row-keeps-thing': (s, env) => {
		const rows = [...env.world.databases.values()]
		return holdsNow(rows.length === 1 && rows[0]?.writer === actor(s[0]), [], env)
	},
	// The one database's row at the step's end (no moment named), and for "stale" the last write that changed it: the worker's, its lease not live.
	'row-ends-with-thing': (s, env) => {
		const rows = [...env.step.end.databases.values()]
		const only = rows.length === 1 ? rows[0] : undefined
		return holdsNow(env.moment === undefined && only?.writer === actor(s[0]), only === undefined ? [] : rowMaker(env, only.id), env)
	},
	'row-ends-with-stale-thing': (s, env) => {
		const rows = [...env.step.end.databases.values()]
		if (env.moment !== undefined || rows.length !== 1 || rows[0]?.writer !== actor(s[0])) return NO
		const write = writesTo(env, rows[0].id).filter(h => h.changed).pop()
		return holdsNow(write !== undefined && write.worker === actor(s[0]) && stale(env, write), rowMaker(env, rows[0].id), env)
	},
	// "Older": the last write that changed the row is the worker's, and the write of the THING it overwrote is another worker's, whose fence (the row's before it) is larger than the one it carried.
	'row-ends-with-older-thing': (s, env) => {
		const rows = [...env.step.end.databases.values()]
		if (env.moment !== undefined || rows.length !== 1 || rows[0]?.writer !== actor(s[0])) return NO
		const changes = writesTo(env, rows[0].id).filter(h => h.changed)
		const last = changes.pop()
		if (last === undefined || last.worker !== actor(s[0]) || last.noFence) return NO
		const replaced = changes.filter(h => !h.noThing).pop()
		const rowBefore = changes[changes.length - 1]
		if (replaced === undefined || replaced.worker === last.worker || rowBefore === undefined) return NO
		return holdsNow(last.fence < rowBefore.after && oneLockGave(env, last), rowMaker(env, rows[0].id), env)
	},
	// The row at the step's end: that worker's write, and that fence.
	'row-ends-with-thing-and-fence': (s, env) => {
		const rows = [...env.step.end.databases.values()]
		const last = rows[0]
		if (env.moment !== undefined || rows.length !== 1 || last === undefined || last.writer !== actor(s[0]) || last.fence !== fence(s[1])) return NO
		return holdsNow(true, rowMaker(env, last.id), env, { row: { database: last.id, fence: last.fence } })
	},
	// The one database's row at the clause's moment: that worker's write, and that fence.
	'row-keeps-thing-and-fence': (s, env) => {
		const rows = [...env.world.databases.values()]
		const now = rows[0]
		if (rows.length !== 1 || now === undefined || now.writer !== actor(s[0]) || now.fence !== fence(s[1])) return NO
		return holdsNow(true, rowMaker(env, now.id), env, { row: { database: now.id, fence: now.fence } })
	},
	'write-replaces': (s, env) => {
		const mine = events(env.step, 'wrote', h => h.worker === actor(s[0]))
		const told = env.pointed?.get(actor(s[0]))
		const write = told !== undefined && mine.includes(told) ? (told.changed ? told : undefined) : mine.find(h => h.changed)
		return write && write.writerBefore === actor(s[1]) ? event(write, { decides: write, overwrites: write }) : NO
	},
	'old-write-replaces-newer': (s, env) => {
		// As write-replaces, and the write's fence is below the row's fence before it (the overwritten write's).
		const mine = events(env.step, 'wrote', h => h.worker === actor(s[0]))
		const told = env.pointed?.get(actor(s[0]))
		const write = told !== undefined && mine.includes(told) ? (told.changed ? told : undefined) : mine.find(h => h.changed)
		return write && write.writerBefore === actor(s[1]) && write.noFence !== true && write.fence < write.before && oneLockGave(env, write) ? event(write, { decides: write, overwrites: write }) : NO
	},
	'database-overwrites': (s, env) => {
		const write = events(env.step, 'wrote', h => h.database === actor(s[0]) && h.changed && h.writerBefore === actor(s[1]) && h.worker !== actor(s[1]))[0]
		return write ? event(write, { decides: write, overwrites: write }) : NO
	},
	'thing-overwritten': (s, env) => {
		const write = events(env.step, 'wrote', h => h.changed && h.writerBefore === actor(s[0]) && h.worker !== actor(s[0]))[0]
		return write ? event(write, { decides: write, overwrites: write }) : NO
	},
	'write-overwrote': (s, env) => {
		const write = [...earlierSteps(env), env.step].flatMap(step => events(step, 'wrote', h => h.worker === actor(s[0]) && h.changed && h.writerBefore === actor(s[1]))).pop()
		return write ? { ok: true, events: [write], makers: [write], overwrites: write } : NO
	},
	'write-carried-fence': (s, env) => {
		const write = [...earlierSteps(env), env.step].flatMap(step => events(step, 'wrote', h => h.worker === actor(s[0]))).pop()
		return write && !write.noFence && write.fence === fence(s[1]) ? { ok: true, events: [write], makers: [write] } : NO
	},
	'accepts-write-over': (s, env) => {
		const mine = events(env.step, 'wrote', h => h.worker === actor(s[1]) && h.database === actor(s[0]))
		const told = env.pointed?.get(actor(s[1]))
		const write = told !== undefined && mine.includes(told) ? (told.changed ? told : undefined) : mine.find(h => h.changed)
		return write && write.writerBefore === actor(s[2]) ? event(write, { decides: write }) : NO
	},
	'row-fence-smaller-than': (s, env) => rowBefore(env, fence(s[0]), true),
	'no-larger-fence': (_s, env) => {
		const all = events(env.step, 'wrote', h => h.fenced && !h.noFence)
		const write = env.answered ?? (all.length === 1 ? all[0] : undefined)
		if (!write || write.noFence || !write.fenced || !(write.before < write.fence)) return NO
		return event(write, { compares: { left: write.fence, right: write.before, relation: '>', write } })
	},
	'row-fence-not-smaller-than': (s, env) => rowBefore(env, fence(s[0]), false),
	'fence-is': (s, env) => {
		const lease = leaseAt(env.world, actor(s[0]))
		return holdsNow(lease?.fence !== undefined && lease.fence === fence(s[1]), leaseGrant(env, actor(s[0])), env)
	},
	'fence-count-is': (s, env) => {
		const lease = leaseAt(env.world, actor(s[0]))
		return holdsNow(lease?.fence !== undefined && fenceCount(lease.fence) === BigInt(num(s[1])), leaseGrant(env, actor(s[0])), env)
	},
	'fence-smaller-than-row': (s, env) => againstRow(env, actor(s[0]), '<'),
	'fence-larger-than-row': (s, env) => againstRow(env, actor(s[0]), '>'),
	'fence-smaller-than': (s, env) => fences(env, actor(s[0]), actor(s[1]), '<'),
	'fence-larger-than-named': (s, env) => {
		const [fa, fb] = [leaseAt(env.world, actor(s[0]))?.fence, leaseAt(env.world, actor(s[1]))?.fence]
		if (fa === undefined || fb === undefined || fb !== fence(s[2]) || !(fa > fb)) return NO
		return holdsNow(true, [...leaseGrant(env, actor(s[0])), ...leaseGrant(env, actor(s[1]))], env, { compares: { left: fa, right: fb, relation: '>', workers: [actor(s[0]), actor(s[1])] } })
	},
	// Another's old fence: a grant to it of that fence by the clause's moment, which is not its live lease then.
	'fence-larger-than-named-old': (s, env) => {
		const [a, b, f] = [actor(s[0]), actor(s[1]), fence(s[2])]
		const mine = leaseAt(env.world, a)?.fence
		const theirs = leaseAt(env.world, b)
		const old = upTo(env).slice(1).flatMap(step => events(step, 'granted', h => h.worker === b && h.fence === f && h.at <= env.world.time))[0]
		const held = theirs !== undefined && theirs.fence === f && state(theirs) === 'live'
		return mine !== undefined && old !== undefined && !held && mine > f ? holdsNow(true, [...leaseGrant(env, a), old], env) : NO
	},
	'fence-larger-than-old': (s, env) => {
		// An old fence: one a grant before the latest lease's carried.
		const { latest, before } = grantsBeforeLatest(env, actor(s[0]))
		const old = before.find(h => h.fence === fence(s[1]))
		return latest !== undefined && old !== undefined && latest > fence(s[1]) ? holdsNow(true, [...leaseGrant(env, actor(s[0])), old], env) : NO
	},
	// The fence of the worker's last grant before its latest lease's: there is one, with a fence, and the latest is larger.
	'fence-larger-than-before': (s, env) => {
		const { latest, before } = grantsBeforeLatest(env, actor(s[0]))
		const old = before[before.length - 1]
		return latest !== undefined && old !== undefined && old.fence !== undefined && latest > old.fence ? holdsNow(true, [...leaseGrant(env, actor(s[0])), old], env) : NO
	},
	'old-fence-of-older-epoch': (s, env) => {
		// The worker's last grant with that fence, up to now, from a store whose epoch now is larger than the fence's (its high 64 bits).
		const given = upTo(env).flatMap(step => events(step, 'granted', h => h.worker === actor(s[0]) && h.fence === fence(s[1])))
		const grant = given[given.length - 1]
		const now = grant === undefined ? undefined : env.world.stores.get(grant.store)?.epoch
		return grant !== undefined && now !== undefined && (fence(s[1]) as bigint) >> 64n < now ? holdsNow(true, [grant], env) : NO
	},
	'fence-of-new-epoch': (s, env) => {
		const lease = leaseAt(env.world, actor(s[0]))
		if (lease?.fence === undefined) return NO
		// The epoch is the fence's high 64 bits.
		const epoch = lease.fence >> 64n
		const all = upTo(env).flatMap(step => step.happenings)
		const opens = all.filter((h): h is Of<'restarted'> | Of<'restored'> => (h.kind === 'restarted' || h.kind === 'restored') && h.store === lease.store)
		const opened = opens[opens.length - 1]
		// A new epoch: newer than the store's epoch before each of its opens and than each earlier open's; and the fence not given before that open.
		const newer = opened !== undefined && opens.every(h => h.epochBefore < opened.epoch && (h === opened || h.epoch < opened.epoch))
		const givenBefore = opened !== undefined && all.slice(0, all.indexOf(opened)).some(h => h.kind === 'granted' && h.store === lease.store && h.fence === lease.fence)
		return opened && newer && !givenBefore && opened.epoch === epoch ? holdsNow(true, [opened, ...leaseGrant(env, actor(s[0]))], env, { epoch: { worker: actor(s[0]), fence: lease.fence } }) : NO
	},
	'fence-larger-than': (s, env) => fences(env, actor(s[0]), actor(s[1]), '>'),
	// The fences up to the moment, in the order given, each larger than the one before, of one store; at least one pair. "The one
	// before" is one sequence: where two stores gave fences, whose is not said.
	'each-fence-larger-than-the-one-before': (_s, env) => {
		const given = upTo(env).slice(1).flatMap(step => events(step, 'granted', h => h.fence !== undefined && h.at <= env.world.time))
		const stores = new Set(given.map(h => h.store))
		if (stores.size > 1) return NO
		let pairs = 0
		for (let k = 1; k < given.length; k++) {
			if ((given[k]?.fence as bigint) <= (given[k - 1]?.fence as bigint)) return NO
			pairs++
		}
		return holdsNow(pairs > 0, given, env)
	},
	// The named store's fences up to the moment, in the order given, each larger than the one before; at least one pair.
	'each-fence-of-store-larger-than-the-one-before': (s, env) => {
		const given = upTo(env).slice(1).flatMap(step => events(step, 'granted', h => h.fence !== undefined && h.at <= env.world.time && h.store === actor(s[0])))
		const stores = new Set(given.map(h => h.store))
		let pairs = 0
		for (const store of stores) {
			const mine = given.filter(h => h.store === store).map(h => h.fence as bigint)
			for (let k = 1; k < mine.length; k++) {
				if ((mine[k] as bigint) <= (mine[k - 1] as bigint)) return NO
				pairs++
			}
		}
		return holdsNow(pairs > 0, given, env)
	},
	'fence-larger-than-every-earlier': (s, env) => largerThanAllBefore(env, actor(s[0]), false),
	'fence-larger-than-any-before-restart': (s, env) => largerThanAllBefore(env, actor(s[0]), true),
	// -- a worker's process, and the run without fences
	pauses: (s, env) => event(events(env.step, 'paused', h => h.worker === actor(s[0]))[0]),
	'process-pauses': (s, env) => event(events(env.step, 'paused', h => h.worker === actor(s[0]))[0]),
	stalls: (s, env) => event(events(env.step, 'paused', h => h.worker === actor(s[0]))[0]),
	'is-paused': (s, env) => pausedState(env, actor(s[0])),
	// Healthy: up at the clause's moment, neither paused nor crashed (a restart brings it up again).
	'is-healthy': (s, env) => {
		const shown = env.world.workers.get(actor(s[0]))
		return holdsNow(shown?.paused !== true && shown?.crashed !== true, [], env)
	},
	'is-still-paused': (s, env) => {
		const w = actor(s[0])
		const woke = env.step.happenings.some(h => h.kind === 'woke' && h.worker === w)
		return env.step.start.workers.get(w)?.paused && sent(env.step, w) === 0 && !woke ? pausedState(env, w) : NO
	},
	wakes: (s, env) => event(events(env.step, 'woke', h => h.worker === actor(s[0]))[0]),
	'process-restarts': (s, env) => event(events(env.step, 'process-restarted', h => h.worker === actor(s[0]))[0]),
	// What paused it ("a migration freezes A") claims nothing: the pause is the claim.
	'paused-by': (s, env) => event(events(env.step, 'paused', h => h.worker === actor(s[0]))[0]),
	'pauses-for': (s, env) => pauseLasted(env, actor(s[0]), num(s[1])),
	'paused-by-for': (s, env) => pauseLasted(env, actor(s[0]), num(s[1])),
	'wakes-after-pause': (s, env) => {
		const woke = events(env.step, 'woke', h => h.worker === actor(s[0]))[0]
		if (!woke) return NO
		const before = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings.slice(0, env.step.happenings.indexOf(woke))]
		const pause = before.filter(h => h.kind === 'paused' && h.worker === woke.worker).pop()
		return pause !== undefined && woke.at - pause.at === num(s[1]) ? event(woke) : NO
	},
	// Its first wake of the step, from its last pause before it; the lease of its last grant before that pause renews on its own, is not
	// let go, run out, gone nor ended up to the wake, nor renewed at all, and the wake comes before a third of the TTL after the grant.
	'wakes-before-first-renewal': (s, env) => {
		const woke = events(env.step, 'woke', h => h.worker === actor(s[0]))[0]
		if (!woke) return NO
		const before = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings.slice(0, env.step.happenings.indexOf(woke))]
		const p = before.map(h => h.kind === 'paused' && h.worker === woke.worker).lastIndexOf(true)
		if (p < 0) return NO
		const g = before.slice(0, p).map(h => h.kind === 'granted' && h.worker === woke.worker).lastIndexOf(true)
		const grant = before[g]
		if (g < 0 || grant?.kind !== 'granted' || grant.renews !== true) return NO
		const mine = (h: Happening) => 'worker' in h && h.worker === woke.worker && 'store' in h && h.store === grant.store
		if (before.slice(g + 1).some(h => mine(h) && ['released', 'expired', 'gone', 'ended', 'renewed'].includes(h.kind))) return NO
		return woke.at < grant.at + grant.ttl / 3 ? event(woke) : NO
	},
	crashes: (s, env) => event(events(env.step, 'crashed', h => h.worker === actor(s[0]))[0]),
	'crashes-before-saving': (s, env) => {
		const crash = events(env.step, 'crashed', h => h.worker === actor(s[0]))[0]
		if (!crash) return NO
		const at = env.step.happenings.indexOf(crash)
		const before = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings.slice(0, at)]
		if (before.some(h => h.kind === 'wrote' && h.worker === crash.worker)) return NO
		// On its way to a save: in its hold's body at the crash (given the key since its last restart, its function not returned nor let go), and its code under the key saves.
		let holding: string | undefined
		for (const h of before) {
			if (!('worker' in h) || h.worker !== crash.worker) continue
			if (h.kind === 'granted') holding = h.store
			else if (h.kind === 'process-restarted') holding = undefined
			else if ((h.kind === 'returned' || h.kind === 'released') && h.store === holding) holding = undefined
		}
		if (holding === undefined) return NO
		const statements = env.run.statements ?? []
		const writes = env.context.words?.writes ?? {}
		const writing = new Set(env.run.steps.flatMap(step => step.happenings).flatMap(h => (h.kind === 'wrote' && h.statement !== undefined ? [h.statement] : [])))
		if (statements.length > 0 && !statements.some((st, i) => st.held && (writing.has(i) || st.calls.some(call => call in writes)))) return NO
		// And sure to reach it: the last statement w's code ran before the crash began a write under the key (its act not yet taken), or
		// walking on from it through its block (not into a branch, not past a statement that may leave the block), one does.
		if (statements.length > 0) {
			let last: RanLine | undefined
			for (const step of env.run.steps.slice(1, env.step.index + 1)) for (const line of step.ran ?? []) if (line.worker === crash.worker && (step.index < env.step.index || line.order <= at)) last = line
			const writesUnderKey = (i: number | undefined) => i !== undefined && statements[i] !== undefined && (statements[i] as StatementFact).held && (statements[i] as StatementFact).calls.some(call => call in writes)
			if (last?.statement === undefined) return NO
			let reached = last.act !== true && writesUnderKey(last.statement)
			let i = statements[last.statement]?.next
			for (let n = 0; !reached && i !== undefined && n <= statements.length; n++) {
				if (writesUnderKey(i)) reached = true
				else if (statements[i]?.exits === true) break
				else i = statements[i]?.next
			}
			if (!reached) return NO
		}
		return event(crash)
	},
	// "A stops without saving", from its meaning: walk w's events through the step, splitting them at the text's latest told place
	// (else the step's start); none of them a write after that place (nor any write of w's in the later steps a claim sees), none
	// since w's grant before it; and at the step's end w's code is out of its hold (returned, let go, crashed) or its lease is lost, or it never got a key.
	'stops-without-saving': (s, env) => {
		const w = actor(s[0])
		const place = env.toldPlace
		let granted = false
		let wroteSince = false
		let holding: string | undefined
		let inLine = false
		// Whether w's code left its last hold itself (returned, let go, crashed), not only lost its lease.
		let left = false
		let anyGrant = false
		let lastStore: string | undefined
		for (const step of upTo(env).slice(1)) {
			for (const [i, h] of step.happenings.entries()) {
				if (!('worker' in h) || h.worker !== w) continue
				const after = step === env.step && (place === undefined || h.at > place.at || (h.at === place.at && i > place.order))
				if (h.kind === 'wrote' && after) return NO
				if (h.kind === 'wrote' && granted && !after) wroteSince = true
				if (h.kind === 'asked') inLine = true
				else if (h.kind === 'granted' || h.kind === 'refused' || h.kind === 'gave-up' || h.kind === 'left' || h.kind === 'crashed') inLine = false
				if (h.kind === 'granted') {
					if (!after) {
						granted = true
						wroteSince = false
					}
					holding = h.store
					left = false
					anyGrant = true
					lastStore = h.store
				} else if (h.kind === 'crashed') {
					holding = undefined
					left = true
				} else if ((h.kind === 'returned' || h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.store === holding) {
					holding = undefined
					if (h.kind === 'returned' || h.kind === 'released') left = true
				} else if ((h.kind === 'returned' || h.kind === 'released') && h.store === lastStore) left = true
			}
		}
		if (wroteSince || inLine) return NO
		if (laterSteps(env).some(step => events(step, 'wrote', h => h.worker === w).length > 0)) return NO
		if (holding !== undefined) return NO
		// Its lease lost while its code still runs under the hold (its last statement to the step's end a call under the key, no act, its process neither paused nor crashed): it has not stopped.
		const statements = env.run.statements ?? []
		const state = env.step.end.workers.get(w)
		if (anyGrant && !left && statements.length > 0 && state?.paused !== true && state?.crashed !== true) {
			let last: RanLine | undefined
			for (const step of env.run.steps.slice(1, env.step.index + 1)) for (const line of step.ran ?? []) if (line.worker === w) last = line
			const st = last?.statement === undefined ? undefined : statements[last.statement]
			if (last !== undefined && last.act !== true && st !== undefined && st.held && st.calls.length > 0) return NO
		}
		const end = endOfCode(env, w)
		return timeless(true, end === undefined ? {} : { makers: [end] })
	},
	// A crash of a worker that held a live lease of the key: granted it before the crash, and released or lost none since.
	'crashes-without-letting-go': (s, env) => {
		const crash = events(env.step, 'crashed', h => h.worker === actor(s[0]))[0]
		if (!crash) return NO
		const before = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings.slice(0, env.step.happenings.indexOf(crash))]
		let last = -1
		before.forEach((h, i) => { if (h.kind === 'granted' && h.worker === crash.worker && fits(s[1], h.store)) last = i })
		if (last < 0) return NO
		// Still held at the crash: not let go, run out, gone or ended since the grant.
		return before.slice(last).some(h => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.worker === crash.worker && fits(s[1], h.store)) ? NO : event(crash)
	},
	// "…, without letting go": w paused or crashed in the step holding a live lease of the key, and let go of none in the step.
	'without-letting-go': (s, env) => {
		const w = actor(s[0])
		if (events(env.step, 'released', h => h.worker === w && fits(s[1], h.store)).length > 0) return NO
		const list = env.step.happenings
		// The stop the clause before told: w's last pause or crash not after the text's latest told place; with none told, its first.
		const stops = list.filter(h => (h.kind === 'paused' || h.kind === 'crashed') && h.worker === w)
		const place = env.toldPlace
		let stop = stops[0]
		if (place !== undefined) {
			for (const h of stops) if (h.at < place.at || (h.at === place.at && list.indexOf(h) <= place.order)) stop = h
		}
		if (stop === undefined) return NO
		const before = [...earlierSteps(env).flatMap(step => step.happenings), ...list.slice(0, list.indexOf(stop))]
		let last = -1
		before.forEach((h, i) => { if (h.kind === 'granted' && h.worker === w && fits(s[1], h.store)) last = i })
		return timeless(last >= 0 && !before.slice(last).some(h => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.worker === w && fits(s[1], h.store)))
	},
	'pauses-before-saving': (s, env) => {
		const pause = pauseTold(env, actor(s[0]))
		if (!pause) return NO
		const before = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings.slice(0, env.step.happenings.indexOf(pause))]
		let since = 0
		before.forEach((h, i) => {
			if (h.kind === 'granted' && h.worker === pause.worker) since = i
		})
		if (before.slice(since).some(h => h.kind === 'wrote' && h.worker === pause.worker)) return NO
		const after = [...env.step.happenings.slice(env.step.happenings.indexOf(pause) + 1), ...laterSteps(env).flatMap(step => step.happenings)]
		// The paused process itself writes: walk on until it writes, or crashes (a restarted process is another).
		for (const h of after) {
			if (!('worker' in h) || h.worker !== pause.worker) continue
			if (h.kind === 'wrote') return event(pause)
			if (h.kind === 'crashed' || h.kind === 'process-restarted') return NO
		}
		return NO
	},
	'pauses-before-first-renewal': (s, env) => pausedBeforeDueRef(s, env, false),
	'pauses-before-a-renewal': (s, env) => pausedBeforeDueRef(s, env, true),
	'code-goes-on': (s, env) => event(events(env.step, 'wrote', h => h.worker === actor(s[0]) && stale(env, h))[0]),
	// A write on a lost lease, and the code stuck before it: after the last earlier step with a line of w's, a step whose clock moved ran none of w's.
	'code-comes-unstuck': (s, env) => {
		const w = actor(s[0])
		if (!(env.run.statements ?? []).some(one => one.held)) return NO
		const write = events(env.step, 'wrote', h => h.worker === w && stale(env, h))[0]
		if (write === undefined) return NO
		const before = earlierSteps(env)
		let last = -1
		before.forEach((step, i) => { if ((step.ran ?? []).some(line => line.worker === w)) last = i })
		if (last < 0) return NO
		return before.slice(last + 1).some(step => step.end.time > step.start.time) ? event(write) : NO
	},
	// w's code stayed at one statement through the step: in the hold of its last grant before the step, not left since; its process
	// running (not paused at the start, no pause or crash in the step); no line of w's run in the step; the clock moved.
	'work-hangs': (s, env) => {
		const w = actor(s[0])
		if (!(env.run.statements ?? []).some(one => one.held)) return NO
		const grant = earlierSteps(env).flatMap(step => events(step, 'granted', h => h.worker === w)).pop()
		if (grant === undefined) return NO
		const all = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings]
		if (all.slice(all.indexOf(grant) + 1).some(h => 'worker' in h && h.worker === w && (h.kind === 'crashed' || h.kind === 'asked' || ((h.kind === 'released' || h.kind === 'returned') && h.store === grant.store)))) return NO
		if (env.step.start.workers.get(w)?.paused === true) return NO
		if (env.step.happenings.some(h => (h.kind === 'paused' || h.kind === 'crashed') && h.worker === w)) return NO
		if ((env.step.ran ?? []).some(line => line.worker === w)) return NO
		if (env.step.end.time <= env.step.start.time) return NO
		// Stuck, not slow: that lease was lost (ran out, ended, gone) while its code stayed put, before any line or act of w's and
		// before a pause, crash or restart of its process; a scene that ends first settles nothing (a look-ahead judges nothing).
		const lost = (h: Happening) => (h.kind === 'expired' || h.kind === 'ended' || h.kind === 'gone') && h.worker === w && h.store === grant.store && h.fence === grant.fence
		const acts = (h: Happening) => 'worker' in h && h.worker === w && ['released', 'returned', 'asked', 'granted', 'paused', 'crashed', 'process-restarted'].includes(h.kind)
		// This step, then the later ones seen: each step's happenings and w's lines (none in this step) in their order, a line with
		// order n after the step's first n happenings; a line is an act at its moment.
		const seq: { line: boolean; h?: Happening; at: number }[] = []
		for (const step of [env.step, ...laterSteps(env)]) {
			const lines = step === env.step ? [] : (step.ran ?? []).filter(line => line.worker === w)
			step.happenings.forEach((h, i) => {
				for (const line of lines) if (line.order === i) seq.push({ line: true, at: line.at })
				seq.push({ line: false, h, at: h.at })
			})
			for (const line of lines) if (line.order >= step.happenings.length) seq.push({ line: true, at: line.at })
		}
		// Stuck, not slow: that lease was lost (ran out, ended, gone) while its code stayed put (in this step; or later, before any line
		// or act of w's: a let-go, return, ask, grant, or a pause, crash or restart of its process), and it stayed put some time (> 0 s)
		// after the loss: its next act, if any, later than the loss; none, the scene ends later (a look-ahead showing none judges nothing).
		// A scene that ends before any loss or act settles nothing (a look-ahead: taken as stuck).
		const inStep = env.step.happenings.filter(lost)[0]
		let loss = inStep === undefined ? -1 : seq.findIndex(item => item.h === inStep)
		if (loss < 0) {
			for (let k = env.step.happenings.length; k < seq.length; k++) {
				const item = seq[k] as (typeof seq)[number]
				if (item.line || (item.h !== undefined && acts(item.h) && !lost(item.h))) return NO
				if (item.h !== undefined && lost(item.h)) { loss = k; break }
			}
		}
		if (loss < 0) return env.run.lookAhead !== undefined ? { ok: true, at: env.step.start.time, events: [], makers: [grant] } : NO
		const lossAt = (seq[loss] as (typeof seq)[number]).at
		const next = seq.slice(loss + 1).find(item => item.line || (item.h !== undefined && acts(item.h)))
		const stuck = next !== undefined ? next.at > lossAt : env.run.lookAhead !== undefined || (env.run.steps[env.run.steps.length - 1]?.end.time ?? env.world.time) > lossAt
		return stuck ? { ok: true, at: env.step.start.time, events: [], makers: [grant] } : NO
	},
	// The pause told stopped a renewal: its lease (of its last grant, renewing on its own, not ended before the pause) had its next renewal
	// due (ttl / 3 after its last renewal on its own, else its grant) before w woke or crashed and before the lease ended, and within the steps seen.
	'renewals-stop': (s, env) => {
		const pause = pauseTold(env, actor(s[0]))
		if (!pause) return NO
		const w = pause.worker
		const before = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings.slice(0, env.step.happenings.indexOf(pause))]
		let g = -1
		before.forEach((h, i) => { if (h.kind === 'granted' && h.worker === w) g = i })
		const grant = before[g]
		if (grant?.kind !== 'granted' || grant.renews !== true) return NO
		let base = grant.at
		for (const h of before.slice(g + 1)) {
			if ('worker' in h && h.worker === w && 'store' in h && h.store === grant.store && (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended')) return NO
			if (h.kind === 'renewed' && h.worker === w && h.store === grant.store && h.auto === true) base = h.at
		}
		const due = base + grant.ttl / 3
		const later = laterSteps(env)
		const after = [...env.step.happenings.slice(env.step.happenings.indexOf(pause) + 1), ...later.flatMap(step => step.happenings)]
		for (const h of after) {
			if (!('worker' in h) || h.worker !== w) continue
			const ends = h.kind === 'woke' || h.kind === 'crashed' || (('store' in h) && h.store === grant.store && (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended'))
			if (ends) return h.at > due ? event(pause) : NO
		}
		return (later[later.length - 1] ?? env.step).end.time >= due ? event(pause) : NO
	},
	'only-the-fence-stops': (s, env) => {
		const { fenced, unfenced } = withAndWithout(env, actor(s[0]))
		return fenced && unfenced && !fenced.changed && unfenced.changed ? event(fenced) : NO
	},
	'with-fences-refused': (s, env) => {
		const { drawn, other } = drawnAndFenced(env, actor(s[0]))
		return drawn && other && drawn.changed && !other.changed ? event(drawn) : NO
	},
	'with-fences-still-saved': (s, env) => {
		const { drawn, other } = drawnAndFenced(env, actor(s[0]))
		return drawn && other && drawn.changed && other.changed ? event(drawn) : NO
	},
	'without-fences-saved': (s, env) => {
		const { fenced, unfenced } = withAndWithout(env, actor(s[0]))
		return fenced && unfenced && unfenced.changed && !fenced.changed ? event(fenced) : NO
	},
	'without-fences-saved-over': (s, env) => {
		const { fenced, unfenced } = withAndWithout(env, actor(s[0]))
		return fenced && unfenced && unfenced.changed && !fenced.changed && unfenced.writerBefore === actor(s[1]) ? event(fenced) : NO
	},
	'without-fences-refused': (s, env) => {
		const { fenced, unfenced } = withAndWithout(env, actor(s[0]))
		return fenced && unfenced && !unfenced.changed && fenced.changed ? event(fenced) : NO
	},
	'without-fences-write-lost': (s, env) => {
		const w = actor(s[0])
		const run = env.run.unfenced
		const step = run?.steps[env.step.index]
		if (!run || !step) return NO
		const wrote = run.steps.slice(1, env.step.index + 1).some(one => events(one, 'wrote', h => h.worker === w && h.changed).length > 0)
		// The fences made the difference: as drawn, a row keeps w's write at the step's end.
		const drawn = [...env.step.end.databases.values()].some(db => db.writer === w)
		return timeless(wrote && drawn && ![...step.end.databases.values()].some(db => db.writer === w))
	},
	// -- a store and the clock
	restarts: (s, env) => restarted(env, actor(s[0])),
	'crashes-and-opens-again': (s, env) => restarted(env, actor(s[0])),
	'restart-loses-every-lease': (_s, env) => {
		const store = storeOf(env, undefined)
		const restart = store === undefined ? undefined : events(env.step, 'restarted', h => h.store === store.id)[0]
		if (store === undefined || restart === undefined) return NO
		// Leases, not workers: a restarted worker's old lease and its new one are two.
		const live = liveLeasesBefore(env, restart, store.id)
		const ended = endedLeases(env.run)
		const gone = live.map(g => events(env.step, 'gone', h => h.at === restart.at && ended.get(h) === g)[0])
		if (live.length === 0 || gone.some(h => h === undefined)) return NO
		const all = [restart, ...(gone as Of<'gone'>[])]
		return { ok: true, at: restart.at, events: all, makers: all }
	},
	// "A takes the only place" ("the semaphore's only place", "the place"): A's first grant of the step of a semaphore, whose limit is 1.
	'takes-only-place': (s, env) => {
		const grant = events(env.step, 'granted', h => h.worker === actor(s[0]) && env.world.stores.get(h.store)?.limit !== undefined)[0]
		return grant !== undefined && env.world.stores.get(grant.store)?.limit === 1 ? event(grant) : NO
	},
	// "B asks for the only place" ("the place"): B's first ask of the step of a semaphore, whose limit is 1.
	'asks-for-only-place': (s, env) => {
		const ask = askOf(env, actor(s[0]), h => env.world.stores.get(h.store)?.limit !== undefined)
		return ask !== undefined && env.world.stores.get(ask.store)?.limit === 1 ? asked(ask) : NO
	},
	// "B takes the other place": B's first grant of the step of a semaphore, whose limit is 2, and exactly one lease of it was live right
	// before that grant (another worker's, or B's crashed process's old lease).
	'takes-other-place': (s, env) => {
		const w = actor(s[0])
		const grant = events(env.step, 'granted', h => h.worker === w && env.world.stores.get(h.store)?.limit !== undefined)[0]
		if (grant === undefined || env.world.stores.get(grant.store)?.limit !== 2) return NO
		// Of leases: one other lease live right before the grant (a restarted worker's old lease is one).
		return liveLeasesBefore(env, grant, grant.store).length === 1 ? event(grant) : NO
	},
	// "Both leases are lost": as 'restart-loses-every-lease', with exactly two leases live right before the restart.
	'restart-loses-both-leases': (_s, env) => {
		const store = storeOf(env, undefined)
		const restart = store === undefined ? undefined : events(env.step, 'restarted', h => h.store === store.id)[0]
		if (store === undefined || restart === undefined) return NO
		const live = liveLeasesBefore(env, restart, store.id)
		if (live.length !== 2) return NO
		const ended = endedLeases(env.run)
		const gone = live.map(g => events(env.step, 'gone', h => h.at === restart.at && ended.get(h) === g)[0])
		if (gone.some(h => h === undefined)) return NO
		const all = [restart, ...(gone as Of<'gone'>[])]
		return { ok: true, at: restart.at, events: all, makers: all }
	},
	'restarts-twice': (s, env) => restarted(env, actor(s[0]), 2),
	'restarts-times': (s, env) => restarted(env, actor(s[0]), num(s[1])),
	'opens-again': (s, env) => {
		const open = opens(env, actor(s[0]))[0]
		return open && open.epoch > open.epochBefore ? event(open) : NO
	},
	'opens-again-with-epoch': (s, env) => {
		const open = opens(env, actor(s[0])).find(h => h.epoch === big(s[1]))
		return open && open.epoch > open.epochBefore ? event(open) : NO
	},
	'writes-epoch': (s, env) => event(opens(env, actor(s[0])).find(h => h.epoch === big(s[1]))),
	'writes-epoch-time': (s, env) => {
		const open = opens(env, actor(s[0])).find(h => h.epoch === big(s[1]))
		return open && BigInt(open.at) === open.epoch ? event(open) : NO
	},
	'each-open-plus-one': (s, env) => {
		const all = opens(env)
		if (all.length !== 2 || !all.every((open, i) => open.epoch === before(open) + 1n && open.epoch === big(s[i]))) return NO
		return { ok: true, at: (all[0] as Happening).at, events: all, makers: all }
	},
	'open-plus-one': (s, env) => {
		const all = opens(env)
		const open = all[0]
		return all.length === 1 && open && open.epoch === before(open) + 1n && open.epoch === big(s[0]) ? event(open) : NO
	},
	'epoch-is': (s, env) => {
		const stores = [...env.world.stores.values()]
		return holdsNow(stores.length > 0 && stores.every(store => store.epoch === big(s[0])), stores.flatMap(store => openMaker(env, store.id)), env)
	},
	'new-epoch-is': (s, env) => {
		const stores = [...env.world.stores.values()]
		const opened = stores.map(store => openMaker(env, store.id))
		return holdsNow(stores.length > 0 && opened.every(open => open.length > 0) && stores.every(store => store.epoch === big(s[0])), opened.flat(), env)
	},
	'epoch-of-store-is': (s, env) => {
		const store = env.world.stores.get(actor(s[0]))
		return holdsNow(store !== undefined && store.epoch === big(s[1]), openMaker(env, actor(s[0])), env)
	},
	// The one store's first open of the step (a restart or a restore) whose epoch is not the one it had before.
	'epoch-changes': (_s, env) => {
		if (env.world.stores.size !== 1) return NO
		const id = [...env.world.stores.keys()][0]
		return event(env.step.happenings.find(h => (h.kind === 'restarted' || h.kind === 'restored') && h.store === id && h.epoch !== h.epochBefore))
	},
	// The one store's open of the step (a restart or a restore) to that epoch, which is not the one it had before.
	'epoch-changes-to': (s, env) => {
		if (env.world.stores.size !== 1) return NO
		const id = [...env.world.stores.keys()][0]
		return event(env.step.happenings.find(h => (h.kind === 'restarted' || h.kind === 'restored') && h.store === id && h.epoch === big(s[0]) && h.epoch !== h.epochBefore))
	},
	'epoch-is-larger': (_s, env) => {
		const store = storeOf(env, undefined)
		const last = store ? openMaker(env, store.id)[0] : undefined
		if (!store || !last || (last.kind !== 'restarted' && last.kind !== 'restored') || !(store.epoch > last.epochBefore)) return NO
		return { ok: true, events: env.step.happenings.includes(last) ? [last] : [], makers: [last] }
	},
	backup: (_s, env) => (env.world.stores.size > 1 ? NO : event(events(env.step, 'backed-up', h => !env.used.has(h))[0])),
	'backup-at-epoch': (s, env) => (env.world.stores.size > 1 ? NO : event(events(env.step, 'backed-up', h => !env.used.has(h) && h.epoch === big(s[0]))[0])),
	restored: (_s, env) => (env.world.stores.size > 1 ? NO : event(events(env.step, 'restored', h => !env.used.has(h))[0])),
	'restored-at-epoch': (s, env) => (env.world.stores.size > 1 ? NO : event(events(env.step, 'restored', h => !env.used.has(h) && h.epoch === big(s[0]))[0])),
	'restored-plus-one': (s, env) => {
		if (env.world.stores.size > 1) return NO
		const restore = events(env.step, 'restored', h => !env.used.has(h) && h.epoch === big(s[0]))[0]
		return restore && restore.epoch === restore.backupEpoch + 1n ? event(restore) : NO
	},
	'count-starts-again': (_s, env) => {
		const grant = events(env.step, 'granted', h => h.fence !== undefined && (h.fence & ((1n << 64n) - 1n)) === 1n)[0]
		if (!grant) return NO
		const before = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings.slice(0, env.step.happenings.indexOf(grant))]
		const open = before.filter(h => (h.kind === 'restarted' || h.kind === 'restored') && h.store === grant.store).pop()
		return open ? event(grant, { makers: [grant, open] }) : NO
	},
	'clock-reads': (s, env) => (env.world.time === num(s[0]) ? { ok: true, at: env.world.time, events: [], makers: [], clock: { reads: env.world.time } } : NO),
	'clock-still-reads': (s, env) => (env.world.time === num(s[0]) && env.step.start.time === num(s[0]) ? { ok: true, at: env.world.time, events: [], makers: [], clock: { reads: env.world.time } } : NO),
	'clock-past-epoch': (s, env) => (BigInt(env.world.time) > big(s[0]) ? { ok: true, at: env.world.time, events: [], makers: [], clock: { past: big(s[0]) } } : NO),
	'time-passes': (s, env) => (env.step.end.time - env.step.start.time === num(s[0]) ? { ok: true, at: env.step.end.time, events: [], makers: [], clock: { moved: true } } : NO),
	'clock-moves-on': (s, env) => (env.step.end.time - env.step.start.time === num(s[0]) ? { ok: true, at: env.step.end.time, events: [], makers: [], clock: { moved: true } } : NO),
	'test-moves-clock': (s, env) => {
		const waits = events(env.step, 'waited')
		const total = waits.reduce((sum, h) => sum + h.ms, 0)
		return waits.length > 0 && total === num(s[0]) && env.step.end.time - env.step.start.time === total ? { ok: true, at: env.step.end.time, events: waits, makers: waits, clock: { moved: true } } : NO
	},
	// -- the lock's answer to a worker
	'answer-fence': (s, env) => {
		const grant = answered(env, 'granted')
		return grant && grant.fence === fence(s[0]) ? event(grant) : NO
	},
	'answer-granted': (_s, env) => event(answered(env, 'granted')),
	'answer-n-of-m': (s, env) => {
		const grant = answered(env, 'granted')
		return grant && grant.limit !== undefined && grant.holders === num(s[0]) && grant.limit === num(s[1]) ? event(grant) : NO
	},
	'answer-waiting': (_s, env) => holdsNow(env.world.workers.get(env.context.message?.to ?? '')?.waiting !== undefined, [], env),
	'answer-in-line': (_s, env) => holdsNow(env.world.workers.get(env.context.message?.to ?? '')?.waiting !== undefined, [], env),
	'answer-busy': (_s, env) => event(answered(env, 'refused') ?? answered(env, 'gave-up')),
	'answer-full': (_s, env) => event(answered(env, 'refused', h => h.full)),
	'answer-gave-up': (_s, env) => event(answered(env, 'gave-up')),
	'answer-timed-out': (_s, env) => event(answered(env, 'gave-up')),
	'answer-gave-up-after': (s, env) => {
		const gave = answered(env, 'gave-up')
		return gave && gave.waited === num(s[0]) ? event(gave) : NO
	},
	'answer-renewed': (_s, env) => event(answered(env, 'renewed')),
	'answer-renewed-until': (s, env) => {
		const renewal = answered(env, 'renewed')
		return renewal && renewal.until === num(s[0]) ? event(renewal) : NO
	},
	// Told lost: a renewal answered so, or an operator's end, which the lock sends the holder.
	// Learns its lease was lost: the first answer of the step that tells it so; a refused write tells it only after a loss (the lease's last
	// news before the write an expiry, a going or an operator's end, not a let-go), at a database whose fence decided.
	'learns-lost': (s, env) => {
		const w = actor(s[0])
		let state: 'none' | 'live' | 'lost' | 'let go' = 'none'
		// Per store: whether w's process crashed since that store last gave it a lease; the lock's "lost" of an operator's end reaches no one then.
		const crashedSince = new Map<string, boolean>()
		let crashedEver = false
		// w's latest grant (its store and when in the run), and the fences the stores gave after it: a row fence that refuses a write after a loss must be one of them.
		let lastGrant: Of<'granted'> | undefined
		let givenSince: bigint[] = []
		for (const step of upTo(env).slice(1)) {
			for (const h of step.happenings) {
				if (h.kind === 'granted' && h.worker !== w && lastGrant !== undefined && h.store === lastGrant.store && h.fence !== undefined) givenSince.push(h.fence)
				if (!('worker' in h) || h.worker !== w) continue
				if (step === env.step && h.kind === 'renew-refused' && h.reason === 'lost') return event(h)
				if (step === env.step && h.kind === 'ended' && !(crashedSince.get(h.store) ?? crashedEver)) {
					const heard = hearing(env, h)
					if (heard === 'now') return event(h)
					if (heard !== undefined && heard.step === env.step) return { ...event(heard.woke), events: [h, heard.woke], makers: [h, heard.woke] }
				}
				if (step === env.step && h.kind === 'wrote' && !h.changed && h.fenced && h.noFence !== true && !h.live && state === 'lost' && givenSince.includes(h.before)) return event(h)
				if (h.kind === 'crashed') {
					crashedEver = true
					for (const store of crashedSince.keys()) crashedSince.set(store, true)
				}
				if (h.kind === 'granted') { state = 'live'; crashedSince.set(h.store, false); lastGrant = h; givenSince = [] }
				else if (h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') state = 'lost'
				else if (h.kind === 'released') state = 'let go'
			}
		}
		return NO
	},
	// Does not know its lease was lost: replay w's run up to the clause's moment (a named one, else the step's end). Its latest grant's lease
	// was lost since (an expiry, a going or an operator's end, no let-go first), its process did not crash or restart since, and from the loss
	// on nothing told it: a refused renewal, a write learns-lost accepts; an operator's end is sent to the holder, which hears it before its code
	// runs on (at once, or as it wakes), so it tells at the loss itself. A telling in this step, after the loss, ends the state there; one
	// before the step, or at the loss itself, leaves no state.
	'unaware-of-loss': (s, env) => {
		const w = actor(s[0])
		type Phase = { kind: 'none' | 'live' | 'let go' | 'down' } | { kind: 'lost'; loss: Happening; lossHere: boolean } | { kind: 'told'; loss: Happening; lossHere: boolean; by: Happening; byHere: boolean }
		let phase = { kind: 'none' } as Phase
		let store: string | undefined
		let fencesAfter: bigint[] = []
		let latest: Of<'granted'> | undefined
		const ended = endedLeases(env.run)
		for (const step of upTo(env).slice(1)) {
			const here = step === env.step
			for (const h of step.happenings) {
				if (here && env.moment !== undefined && h.at > env.moment) break
				if (h.kind === 'granted' && h.worker !== w && h.store === store && h.fence !== undefined) fencesAfter.push(h.fence)
				if (!('worker' in h) || h.worker !== w) continue
				const told = (by: Happening): void => {
					if (phase.kind === 'lost') phase = { kind: 'told', loss: phase.loss, lossHere: phase.lossHere, by, byHere: here }
				}
				switch (h.kind) {
					case 'granted':
						phase = { kind: 'live' }
						store = h.store
						fencesAfter = []
						latest = h
						break
					case 'released':
						if (phase.kind === 'live' && ended.get(h) === latest) phase = { kind: 'let go' }
						break
					case 'crashed':
					case 'process-restarted':
						if (phase.kind !== 'none') phase = { kind: 'down' }
						break
					case 'expired':
					case 'gone':
					case 'ended':
						// Only the end of the lease its latest grant gave: a restarted worker's old lease running out is not the loss of its new one.
						if (phase.kind === 'live' && ended.get(h) === latest) phase = { kind: 'lost', loss: h, lossHere: here }
						break
					case 'renew-refused':
						told(h)
						break
					case 'wrote':
						if (!h.changed && h.fenced && h.noFence !== true && !h.live && fencesAfter.includes(h.before)) told(h)
						break
				}
			}
		}
		if (phase.kind !== 'lost' && phase.kind !== 'told') return NO
		if (phase.kind === 'told' && (!phase.byHere || (env.moment !== undefined && phase.by.at < env.moment))) return NO
		// Its code learns of the loss by reading it: a statement naming the lease's `lost`, `signal`, `aborted`, `throwIfAborted` or
		// `onLost` that ran after the loss. Where the sample hands the lease or its signal on, or gives an `onLost`, the run cannot tell.
		const statements = env.run.statements ?? []
		// A statement that reads a name bound to the lease's signal (or `lost`) under another, or a property by a computed name, may read it too.
		const renamed = new Set(statements.flatMap(st => st.aliases ?? []))
		const stateWords = (st: StatementFact | undefined): boolean => st !== undefined && (st.computed === true || [...st.calls, ...(st.names ?? []), ...(st.maybe ?? [])].some(word => ['lost', 'signal', 'aborted', 'throwIfAborted', 'onLost'].includes(word) || renamed.has(word)))
		const holdNames = new Set<string>()
		for (const st of statements) if (st.calls.includes('hold') || st.calls.includes('tryHold')) for (const name of st.declares ?? []) holdNames.add(name)
		const handsOn = statements.some(st => [...st.calls, ...(st.names ?? []), ...(st.maybe ?? [])].includes('onLost')
			|| ((st.names ?? []).includes('signal') || (st.maybe ?? []).includes('signal') || st.calls.includes('signal')) && (st.given ?? []).some(g => g.call !== 'throwIfAborted')
			|| (st.given ?? []).some(g => g.args.some(arg => 'name' in arg && holdNames.has(arg.name))))
		if (handsOn) return NO
		const loss = phase.loss
		const lossStep = phase.lossHere ? env.step.index : env.run.steps.findIndex(step => step.happenings.includes(loss))
		const lossOrder = (phase.lossHere ? env.step : (env.run.steps[lossStep] as StepFacts)).happenings.indexOf(loss)
		for (const step of upTo(env).slice(1)) {
			if (step.index < lossStep) continue
			const read = (step.ran ?? []).some(line => line.worker === w && line.statement !== undefined && !(step.index === lossStep && line.order <= lossOrder && line.at <= loss.at) && !(step === env.step && env.moment !== undefined && line.at > env.moment) && stateWords(statements[line.statement]))
			if (read) return NO
		}
		if (phase.kind === 'lost') return { ok: true, at: phase.lossHere ? phase.loss.at : env.step.start.time, events: phase.lossHere ? [phase.loss] : [], makers: [phase.loss] }
		return { ok: true, at: phase.lossHere ? phase.loss.at : env.step.start.time, events: phase.lossHere ? [phase.loss] : [], makers: [phase.loss], until: phase.by.at, endedBy: phase.by }
	},
	// A renewal answered lost, or an end the lock sent to the process that held the lease: none of w's crashes since its grant, and awake then or waking later before its process crashed or restarted.
	'tells-lost': (s, env) => {
		const w = actor(s[0])
		const run = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings]
		// Per store: whether w's process crashed since that store last gave w a lease.
		const crashedSinceGrant = new Map<string, boolean>()
		let crashedEver = false
		for (const h of run) {
			if (!('worker' in h) || h.worker !== w) continue
			if (h.kind === 'granted') crashedSinceGrant.set(h.store, false)
			if (h.kind === 'crashed') {
				crashedEver = true
				for (const store of crashedSinceGrant.keys()) crashedSinceGrant.set(store, true)
			}
			if (!env.step.happenings.includes(h)) continue
			if (h.kind === 'renew-refused' && h.reason === 'lost') return event(h)
			if (h.kind === 'ended' && !(crashedSinceGrant.get(h.store) ?? crashedEver) && hearing(env, h) !== undefined) return event(h)
		}
		return NO
	},
	'answers-lost': (s, env) => event(events(env.step, 'renew-refused', h => h.worker === actor(s[0]) && h.reason === 'lost')[0]),
	'answer-lost': (_s, env) => event(answered(env, 'renew-refused', h => h.reason === 'lost')),
	'answer-released': (_s, env) => event(answered(env, 'released')),
	'answer-any': (_s, env) => {
		const to = env.context.message?.to
		return event((env.context.message?.happenings ?? []).find(h => ['granted', 'refused', 'gave-up', 'renewed', 'renew-refused', 'released'].includes(h.kind) && 'worker' in h && h.worker === to))
	},
	// -- a worker's request (its words make it so; what the engine saw is checked)
	'ask-hold': (_s, env) => request(env),
	'ask-try': (_s, env) => request(env),
	'ask-hold-wait': (s, env) => {
		const ask = (env.context.message?.happenings ?? []).find((h): h is Of<'asked'> => h.kind === 'asked')
		return ask && ask.wait !== num(s[0]) ? NO : request(env)
	},
	'ask-renew': (_s, env) => ((env.context.message?.happenings ?? []).some(h => h.kind === 'renew-refused' && h.reason === 'none') ? NO : request(env)),
	'ask-release': (_s, env) => ((env.context.message?.happenings ?? []).some(h => h.kind === 'released') ? request(env) : NO),
	// -- a worker's write, and the database's answer
	'write-save': (_s, env) => {
		const write = messageWrite(env)
		if (!write) return NO
		// With no fence, any plain write; with one, a fence a lock gave the writer, so far.
		if (write.noFence === true) return event(write)
		const given = upTo(env).slice(1).some(step => events(step, 'granted', h => h.worker === write.worker && h.fence === write.fence).length > 0)
		return given ? event(write) : NO
	},
	'write-fence': (s, env) => {
		const write = messageWrite(env)
		return write && !write.noFence && write.fence === fence(s[0]) ? event(write) : NO
	},
	'write-save-with-fence': (s, env) => {
		const write = messageWrite(env)
		return write && !write.noFence && write.fence === fence(s[0]) ? event(write) : NO
	},
	'write-write-fence': (s, env) => {
		const write = messageWrite(env)
		return write && !write.noFence && write.fence === fence(s[0]) && write.changed && write.after === write.fence ? event(write) : NO
	},
	'db-saved': (_s, env) => dbAnswer(env, true),
	'db-changed-a-row': (_s, env) => dbAnswer(env, true),
	'db-refused': (_s, env) => dbAnswer(env, 'refused'),
	// "stale": refused, and a stale write (not live, its worker given a lease before it).
	'db-stale': (_s, env) => {
		const meaning = dbAnswer(env, 'refused')
		const write = env.context.message?.answers
		return meaning.ok && write !== undefined && stale(env, write) ? meaning : NO
	},
	'db-changed-no-row': (_s, env) => dbAnswer(env, false),
	'db-refused-because': (s, env) => {
		const meaning = dbAnswer(env, false)
		const write = env.context.message?.answers
		if (!meaning.ok || !write || fence(s[0]) !== write.fence || fence(s[2]) !== write.before) return NO
		const sign = s[1]?.value.type === 'relation' ? s[1].value.value : '<'
		const truth = sign === '<' ? write.fence < write.before : sign === '=' ? write.fence === write.before : write.fence <= write.before
		return truth ? meaning : NO
	},
	'db-saved-because': (s, env) => {
		const meaning = dbAnswer(env, true)
		const write = env.context.message?.answers
		return meaning.ok && write && fence(s[0]) === write.before && !write.noFence && fence(s[1]) === write.fence && write.before < write.fence ? meaning : NO
	},
	// -- a worker's state label
	// Of a process down at the label's moment (crashed, no restart since), nothing it does: not holding, not paused, not idle.
	'worker-holding': (_s, env) => holdsNow(live(env.world, me(env)) && !processDown(env), [], env),
	'worker-fence': (s, env) => holdsNow(leaseAt(env.world, me(env))?.fence === fence(s[0]), [], env),
	'worker-waiting': (_s, env) => holdsNow(env.world.workers.get(me(env))?.waiting !== undefined, [], env),
	'worker-in-line': (_s, env) => holdsNow(env.world.workers.get(me(env))?.waiting !== undefined, [], env),
	'worker-place-in-line': (s, env) => holdsNow(env.world.workers.get(me(env))?.waiting?.place === num(s[0]), [], env),
	'worker-lost': (_s, env) => {
		const lease = leaseAt(env.world, me(env))
		return holdsNow(lease !== undefined && (state(lease) === 'expired' || state(lease) === 'gone' || state(lease) === 'ended'), [], env)
	},
	'worker-expired': (_s, env) => {
		const lease = leaseAt(env.world, me(env))
		return holdsNow(lease !== undefined && state(lease) === 'expired', [], env)
	},
	// Idle: no live lease, not in line, its process up, and its code in no hold's body (its last grant let go or returned, or a crash or an ask since).
	'worker-free': (_s, env) => holdsNow(!live(env.world, me(env)) && env.world.workers.get(me(env))?.waiting === undefined && !processDown(env) && !inHold(env), [], env),
	'worker-no-lease': (_s, env) => holdsNow(!live(env.world, me(env)) && env.world.workers.get(me(env))?.waiting === undefined, [], env),
	'worker-gave-up': (_s, env) => {
		// The lock gave up on the worker's last ask: after its last asked event there is a gave-up of the same store.
		const all = upTo(env).slice(1).flatMap(step => step.happenings)
		let asked = -1
		all.forEach((h, i) => { if (h.kind === 'asked' && h.worker === me(env)) asked = i })
		const ask = all[asked]
		const gave = ask?.kind === 'asked' ? all.slice(asked + 1).find(h => h.kind === 'gave-up' && h.worker === me(env) && h.store === ask.store) : undefined
		return gave === undefined ? NO : { ok: true, at: env.world.time, events: [], makers: [gave] }
	},
	'worker-turned-away': (_s, env) => {
		// The lock refused the worker's last ask: after its last asked event there is a refused of the same store.
		const all = upTo(env).slice(1).flatMap(step => step.happenings)
		let asked = -1
		all.forEach((h, i) => { if (h.kind === 'asked' && h.worker === me(env)) asked = i })
		const ask = all[asked]
		const refused = ask?.kind === 'asked' ? all.slice(asked + 1).find(h => h.kind === 'refused' && h.worker === me(env) && h.store === ask.store) : undefined
		return refused === undefined ? NO : { ok: true, at: env.world.time, events: [], makers: [refused] }
	},
	'worker-saved': (_s, env) => lastWrite(env, true),
	'worker-refused': (_s, env) => lastWrite(env, 'refused'),
	'worker-paused': (_s, env) => timeless(sent(env.step, me(env)) - (env.context.sentBefore ?? 0) === 0 && !processDown(env)),
	// Silent from the label on, through every later step before the first in which its process restarted.
	'worker-crashed': (_s, env) => {
		const back = env.run.steps.find(step => step.index > env.step.index && step.happenings.some(h => h.kind === 'process-restarted' && h.worker === me(env)))?.index ?? Number.POSITIVE_INFINITY
		return timeless(sent(env.step, me(env)) - (env.context.sentBefore ?? 0) === 0 && !env.run.steps.some(step => step.index > env.step.index && step.index < back && sent(step, me(env)) > 0))
	},
	'worker-released': (_s, env) => {
		const lease = leaseAt(env.world, me(env))
		return holdsNow(lease !== undefined && state(lease) === 'released', [], env)
	},
	// -- a store's state label
	'store-free': (_s, env) => storeLabel(env, store => store.holders.length === 0),
	'store-held': (_s, env) => storeLabel(env, store => store.holders.length > 0),
	'store-full': (_s, env) => storeLabel(env, store => store.limit !== undefined && store.holders.length >= store.limit),
	// The holders a label names or counts are workers, each once, by their running processes: a restarted worker whose name holds only its crashed process's lease holds nothing.
	'store-held-by': (s, env) => storeLabel(env, store => setEq([actor(s[0])], [...new Set(store.holders)]) && !orphaned(env, actor(s[0]), env.world.time)),
	'store-held-by-workers': (s, env) => storeLabel(env, store => setEq(actors(s[0]), [...new Set(store.holders)]) && !actors(s[0]).some(w => orphaned(env, w, env.world.time))),
	// Places taken, as the engine's reply counts them: every live lease, a restarted worker's crashed process's among them.
	'store-n-of-m': (s, env) => storeLabel(env, store => store.limit !== undefined && store.holders.length === num(s[0]) && store.limit === num(s[1])),
	'store-epoch': (s, env) => holdsNow(meStore(env)?.epoch === big(s[0]), [], env),
	'store-fence': (s, env) => holdsNow(meStore(env) !== undefined && meStore(env)?.lastFence === fence(s[0]), [], env),
	// -- a database's state label
	'db-fence': (s, env) => holdsNow(env.world.databases.get(me(env))?.fence === fence(s[0]), [], env),
	'db-written-by': (s, env) => holdsNow(env.world.databases.get(me(env)) !== undefined && env.world.databases.get(me(env))?.writer === actor(s[0]), [], env),
}

// ---- the helpers the meanings share ----

function countHold(env: Env, key: Slot | undefined, n: number): Meaning {
	// Workers, each once; one whose running process holds only its crashed process's old lease is none.
	return keyHolders(env, key, holders => new Set(holders.filter(w => !orphaned(env, w, env.world.time))).size === n)
}

/** At w's ask of the key (the one the clause before told, else w's first of the step) the key had room (`room`: fewer holders than its limit; else none), and the engine granted that ask with no place in line. */
function foundFree(env: Env, w: string, key: Slot | undefined, room: boolean): Meaning {
	const mine = (h: Happening): h is Of<'asked'> => h.kind === 'asked' && h.worker === w && fits(key, h.store)
	// Else the ask the worker's first grant of the key that the clause joined after tells answered (its last ask of that store at the grant's askedAt, before it).
	const list = env.step.happenings
	const later = list.find((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === w && fits(key, h.store) && env.toldNext?.has(h) === true)
	const answered = later === undefined ? undefined : list.slice(0, list.indexOf(later)).filter((h): h is Of<'asked'> => h.kind === 'asked' && h.worker === w && h.store === later.store && h.at === later.askedAt).pop()
	const ask = (env.priorTold ?? []).filter(mine).pop() ?? answered ?? askOf(env, w, h => fits(key, h.store))
	if (!ask) return NO
	const limit = room ? (env.step.start.stores.get(ask.store)?.limit ?? env.world.stores.get(ask.store)?.limit ?? 1) : 1
	let holders = [...(env.step.start.stores.get(ask.store)?.holders ?? [])]
	for (const h of env.step.happenings.slice(0, env.step.happenings.indexOf(ask))) {
		if (!('store' in h) || h.store !== ask.store || !('worker' in h)) continue
		if (h.kind === 'granted') holders.push(h.worker)
		else if (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') holders = holders.filter(v => v !== h.worker)
	}
	if (holders.length >= limit) return NO
	const grant = events(env.step, 'granted', h => h.worker === w && h.store === ask.store && h.askedAt === ask.at && h.place === undefined)[0]
	return grant ? asked(ask) : NO
}

/** A grant given at its ask, with no place in line, or handed from the line at the moment of what the clause before told. */
/** The worker's first grant in the step of a place of a semaphore whose limit is the count of the clause. */
function placeOfCountGrant(s: readonly Slot[], env: Env): Of<'granted'> | undefined {
	const n = num(s.find(slot => slot.type === 'count'))
	return events(env.step, 'granted', h => h.worker === actor(s[0]) && env.world.stores.get(h.store)?.limit === n)[0]
}

function atOnceGrant(env: Env, grant: Of<'granted'> | undefined): Meaning {
	// Not from the line; or ("at once", "right away", "immediately") from it at the moment of the event the clause before told, which the engine recorded as a cause of the grant.
	// After a clause that told a lease of the key ending, "at once" is of that end: a grant at its own ask must come at the same moment.
	const ends = (env.priorTold ?? []).filter(h => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && grant !== undefined && h.store === grant.store)
	if (grant !== undefined && grant.place === undefined && ends.length > 0 && ends.every(h => h.at !== grant.at)) return NO
	return grant !== undefined && (grant.place === undefined || (grant.at === env.prior && recorded(grant, env.context).some(h => env.priorTold?.includes(h) === true))) ? event(grant) : NO
}

/** A grant from the line, before the wait of the ask it answered ran out. */
function inTimeGrant(env: Env, grant: Of<'granted'> | undefined): Meaning {
	if (!grant || grant.place === undefined) return NO
	const ask = [...earlierSteps(env), env.step].flatMap(step => events(step, 'asked', h => h.worker === grant.worker && h.store === grant.store && h.at === grant.askedAt)).pop()
	return ask?.wait !== undefined && Number.isFinite(ask.wait) && grant.at <= ask.at + ask.wait ? event(grant) : NO
}

/** Whether the workers all hold leases of the store at one moment of the step: its start, just after one of its happenings, or its end. */
function allHoldAtOnce(env: Env, store: StoreFact, workers: readonly string[]): boolean {
	const all = (holders: readonly string[]) => workers.every(w => holders.includes(w))
	let holders: string[] = [...(env.step.start.stores.get(store.id)?.holders ?? [])]
	if (all(holders) || all(store.holders)) return true
	for (const h of env.step.happenings) {
		if (h.kind === 'granted' && h.store === store.id) holders = [...holders, h.worker]
		else if ((h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.store === store.id) holders = holders.filter(w => w !== h.worker)
		if (all(holders)) return true
	}
	return false
}

function keyHolders(env: Env, key: Slot | undefined, test: (holders: readonly string[]) => boolean): Meaning {
	const store = storeOf(env, key)
	return holdsNow(store !== undefined && test(store.holders), store ? holderMakers(env, store) : [], env)
}

/**
 * A state of a store's holders over the step: the key's holders when the step began, then after
 * each grant and each lease end of the store, in order, each a span until the next (the last, the
 * store's holders at the step's end). It holds in the span live at the moment the clause names;
 * else at the step's end; else over the latest span an event of the step ended, whose end the text
 * must tell (a key handed straight from a lease's end to one waiting in line was never between).
 * What made a span: its holders' grants, or the lease end that freed it (for `room`, always that).
 */
function keyOver(env: Env, key: Slot | undefined, test: (holders: readonly string[]) => boolean, extra: Partial<Meaning> = {}, made: 'holders' | 'room' = 'holders', chose?: (start: Happening | undefined) => void): Meaning {
	const store = storeOf(env, key)
	if (!store) return NO
	type Span = { holders: string[]; from: number; start?: Happening; end?: Happening }
	const spans: Span[] = [{ holders: [...(env.step.start.stores.get(store.id)?.holders ?? [])], from: env.step.start.time }]
	for (const h of env.step.happenings) {
		if (!('store' in h) || h.store !== store.id || !('worker' in h)) continue
		const now = spans[spans.length - 1] as Span
		const holders = h.kind === 'granted' ? [...now.holders, h.worker] : h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended' ? now.holders.filter(w => w !== h.worker) : now.holders
		if (holders.length === now.holders.length) continue
		now.end = h
		spans.push({ holders, from: h.at, start: h })
	}
	const last = spans[spans.length - 1] as Span
	last.holders = store.holders
	const t = env.moment
	const liveAt = t === undefined ? undefined : spans.find(span => test(span.holders) && span.from <= t && (span.end === undefined ? t <= env.world.time : t < span.end.at))
	const handedOn = (span: Span) => span.start !== undefined && passedAtOnce(span.start, span.end)
	const endedSpans = spans.filter(span => span !== last && test(span.holders) && !handedOn(span))
	// With no moment named, a span whose end a later clause tells is the one the text means, before the step's end.
	const endTold = t === undefined ? endedSpans.filter(span => endingOf(span.end, env.step).some(h => env.toldLater?.has(h))).pop() : undefined
	if (liveAt === undefined && endTold === undefined && test(last.holders) && t === undefined) {
		chose?.(last.start)
		return holdsNow(true, made === 'room' ? freedBy(env, store.id, env.step.happenings.length) : holderMakers(env, store), env, extra)
	}
	const chosen = liveAt ?? endTold ?? (test(last.holders) ? last : endedSpans.pop())
	if (chosen === undefined) return NO
	chose?.(chosen.start)
	// The run's events up to the span's beginning: the events before the step, and the step's up to the one that began it.
	const upToStart = chosen.start === undefined ? 0 : env.step.happenings.indexOf(chosen.start) + 1
	const makers = made === 'room' || chosen.holders.length === 0 ? freedBy(env, store.id, upToStart) : chosen.holders.flatMap(holder => {
		const grant = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings.slice(0, upToStart)].filter(h => h.kind === 'granted' && h.worker === holder && h.store === store.id).pop()
		return grant ? [grant] : []
	})
	const meaning: Meaning = { ok: true, at: chosen.from, events: chosen.start ? [chosen.start] : [], makers, ...extra }
	if (chosen.end) {
		meaning.until = chosen.end.at
		meaning.endedBy = chosen.end
	}
	return meaning
}

/**
 * A state of a key's holders made by the event `start` that had no instant of its own: the key's next change of holders, `end`,
 * is a grant from the line at that same moment (the key, or a semaphore's place, handed straight on). "Free", "free again" and
 * "full again" all judge a state at an instant by this.
 */
function passedAtOnce(start: Happening | undefined, end: Happening | undefined): boolean {
	return start !== undefined && end !== undefined && end.kind === 'granted' && end.place !== undefined && end.at === start.at
}

/** The event after position `i` of `list` that next changes the store's holders, `holders` being theirs after `i`: a grant, or the end of a lease one of them holds. */
function nextChangeOf(list: readonly Happening[], i: number, store: string, holders: readonly string[]): Happening | undefined {
	return list.slice(i + 1).find(h => 'store' in h && h.store === store && 'worker' in h && (h.kind === 'granted' || (['released', 'expired', 'gone', 'ended'].includes(h.kind) && holders.includes(h.worker))))
}

/** The last lease end or open of a store in the run, before the step's event at `upTo` (the whole step: its length). */
function freedBy(env: Env, store: string, upTo: number): Happening[] {
	const freed = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings.slice(0, upTo)].filter(h => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended' || h.kind === 'restarted' || h.kind === 'restored') && h.store === store).pop()
	return freed ? [freed] : []
}

function everyAsk(env: Env, ids: readonly string[], key?: Slot): Meaning {
	const all = ids.map(id => askOf(env, id, h => fits(key, h.store)))
	if (all.some(ask => ask === undefined)) return NO
	const asks = all as Of<'asked'>[]
	const meaning: Meaning = { ok: true, events: asks, makers: asks }
	if (asks.some(ask => ask.unshown)) return meaning
	return { ...meaning, at: Math.max(...asks.map(ask => ask.at)), each: asks.map(ask => ask.at) }
}

/** w asked in the step (no try) while v held a live lease of that store, and stood in line: in line at the step's end, given the key from the line, or gave up after. */
/**
 * A grant given at once took the place v's lease left: of all that happened to the key's store up to the grant, the last is
 * the end of v's lease, which left the store's one free place (its holders one short of its limit, a lock's one).
 */
function placeFreedBy(env: Env, grant: Of<'granted'>, v: string): Meaning {
	const steps = [...earlierSteps(env), env.step]
	const touches = (h: Happening): boolean => 'store' in h && h.store === grant.store && (h.kind === 'granted' || h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended' || h.kind === 'restarted' || h.kind === 'restored')
	const trail = steps.flatMap(step => (step === env.step ? step.happenings.slice(0, step.happenings.indexOf(grant)) : step.happenings).filter(touches).map(h => ({ h, step })))
	const last = trail[trail.length - 1]
	if (!last || last.h.kind === 'granted' || last.h.kind === 'restarted' || last.h.kind === 'restored' || !('worker' in last.h) || last.h.worker !== v) return NO
	const mine = trail.filter(t => t.step === last.step)
	if (mine.some(t => t.h.kind === 'restarted' || t.h.kind === 'restored')) return NO
	const holding = new Set(last.step.start.stores.get(grant.store)?.holders ?? [])
	for (const { h } of mine) {
		if (!('worker' in h)) continue
		if (h.kind === 'granted') holding.add(h.worker)
		else holding.delete(h.worker)
	}
	const limit = env.world.stores.get(grant.store)?.limit ?? 1
	return limit - holding.size === 1 ? { ok: true, at: grant.at, events: [last.h, grant], makers: [last.h, grant] } : NO
}

function behind(env: Env, w: string, v: string): Meaning {
	const list = env.step.happenings
	// Its ask: the first hold of the step that stood in line (one given the key at once stood in none), else its first hold.
	const inLine = joined(env, w).events[0]
	const i = inLine !== undefined ? list.indexOf(inLine) : list.findIndex(h => h.kind === 'asked' && h.worker === w && !h.tryOnly)
	if (i < 0 || w === v) return NO
	const ask = list[i] as Of<'asked'>
	const start = leaseAt(env.step.start, v)
	let held = start !== undefined && state(start) === 'live' && start.store === ask.store
	for (const h of list.slice(0, i)) {
		if (h.kind === 'granted' && h.worker === v && h.store === ask.store) held = true
		if ((h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended') && h.worker === v && h.store === ask.store) held = false
	}
	// Or v stood in line ahead of w: in line when the step began, or asked (a hold) before w and not yet given the key, given up or gone.
	let ahead = env.step.start.workers.get(v)?.waiting?.store === ask.store
	for (const h of list.slice(0, i)) {
		if (h.kind === 'asked' && h.worker === v && h.store === ask.store) ahead = !h.tryOnly
		if ((h.kind === 'granted' || h.kind === 'gave-up' || h.kind === 'left') && h.worker === v && h.store === ask.store) ahead = false
	}
	if (!held && !ahead) return NO
	// Held only by the lease of v's crashed process: v's restarted process holds nothing, and no one waits behind it.
	if (!ahead && orphaned(env, v, ask.at)) return NO
	// Stood in line: still in it at the step's end, handed the key from it, or gave up after some wait (a give-up with a wait of 0 s never stood).
	const stood = env.world.workers.get(w)?.waiting?.store === ask.store || list.slice(i + 1).some(h => ((h.kind === 'granted' && h.place !== undefined) || (h.kind === 'gave-up' && h.waited > 0)) && h.worker === w && h.store === ask.store)
	return stood ? asked(ask) : NO
}

/**
 * "B waits behind A's old lease": w asked in the step and stood in line (its ask as "waits behind" finds it), and when it asked,
 * a lease of v's given before a restart of v's process (the restart before the ask) was live and of the ask's key.
 */
function behindOld(env: Env, w: string, v: string): Meaning {
	const list = env.step.happenings
	const inLine = joined(env, w).events[0]
	const i = inLine !== undefined ? list.indexOf(inLine) : list.findIndex(h => h.kind === 'asked' && h.worker === w && !h.tryOnly)
	if (i < 0) return NO
	const ask = list[i] as Of<'asked'>
	// v's leases up to the ask, each marked when a restart of v's process left it behind.
	const leases: { store: string; fence: bigint | undefined; crashed: boolean }[] = []
	const seen = [...env.run.steps.slice(1, env.step.index).flatMap(step => step.happenings), ...list.slice(0, i)]
	for (const h of seen) {
		if (!('worker' in h) || h.worker !== v) continue
		if (h.kind === 'granted') leases.push({ store: h.store, fence: h.fence, crashed: false })
		else if (h.kind === 'process-restarted') for (const lease of leases) lease.crashed = true
		else if (h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended') {
			const at = leases.findIndex(lease => lease.store === h.store && lease.fence === h.fence)
			if (at >= 0) leases.splice(at, 1)
		}
	}
	if (!leases.some(lease => lease.crashed && lease.store === ask.store)) return NO
	// Stood in line: still in it at the step's end, handed the key from it, or gave up after some wait (a give-up with a wait of 0 s never stood).
	const stood = env.world.workers.get(w)?.waiting?.store === ask.store || list.slice(i + 1).some(h => ((h.kind === 'granted' && h.place !== undefined) || (h.kind === 'gave-up' && h.waited > 0)) && h.worker === w && h.store === ask.store)
	return stood ? asked(ask) : NO
}

/** w asked in the step (no try) and stood in line: in line at the step's end, given the key from the line, or gave up after. */
function joined(env: Env, w: string): Meaning {
	const list = env.step.happenings
	// Each hold of the step in turn: what came of it is the worker's next event of that key, or its next ask; the first that stood in line.
	for (let i = 0; i < list.length; i++) {
		const ask = list[i] as Happening
		if (ask.kind !== 'asked' || ask.worker !== w || ask.tryOnly) continue
		const next = list.slice(i + 1).find(h => (h.kind === 'asked' && h.worker === w) || ((h.kind === 'granted' || h.kind === 'gave-up' || h.kind === 'left' || h.kind === 'refused') && h.worker === w && h.store === ask.store))
		// A give-up at the ask's own moment (a wait of 0 s) never stood in line.
		const stood = next === undefined ? env.world.workers.get(w)?.waiting?.store === ask.store : (next.kind === 'granted' && next.place !== undefined) || (next.kind === 'gave-up' && next.at > ask.at)
		if (stood) return asked(ask)
	}
	return NO
}

/**
 * What ended w's code in the step, for causes ("so A stops without saving"): the event its code's last call of the run met, when
 * that is a refused renewal or a give-up (the call throws) and the code's block had, after that call, a write it never got to
 * and would have (no statement before it that may leave the block);
 * else, of the step's events, the last return of w's function, let-go at its end (not a lease.release() call) or crash of w's.
 */
function endOfCode(env: Env, w: string): Happening | undefined {
	const later = env.run.steps.slice(env.step.index + 1)
	const mine = (env.step.ran ?? []).filter(line => line.worker === w)
	const final = mine.length > 0 && !later.some(step => (step.ran ?? []).some(line => line.worker === w)) ? mine[mine.length - 1] : undefined
	const met = final?.act ? env.step.happenings[final.order] : undefined
	if (final?.statement !== undefined && met !== undefined && 'worker' in met && met.worker === w && (met.kind === 'renew-refused' || met.kind === 'gave-up')) {
		const code = env.run.statements ?? []
		const writers = Object.keys(env.context.words?.writes ?? {})
		const after: number[] = []
		for (let k = code[final.statement]?.next; k !== undefined && !after.includes(k); k = code[k]?.next) after.push(k)
		// Only a write it was sure to reach: before the first statement that may leave the block (a return, a throw), or that one itself.
		const leaves = after.findIndex(k => code[k]?.exits === true)
		const reached = leaves < 0 ? after : after.slice(0, leaves + 1)
		if (reached.some(k => (code[k]?.calls ?? []).some(call => writers.includes(call)))) return met
	}
	const ends = env.step.happenings.filter(h => (h.kind === 'returned' && h.worker === w) || (h.kind === 'released' && h.worker === w && !h.called) || (h.kind === 'crashed' && h.worker === w))
	return ends[ends.length - 1]
}

/** The worker asked in the step with that wait: any of its asks of the step (a try turned away may come before). */
function withWait(env: Env, worker: string, wait: number, key?: Slot): Meaning {
	const ask = askOf(env, worker, h => fits(key, h.store) && !h.tryOnly && h.wait === wait)
	return ask ? event(ask) : NO
}

function fromLine(env: Env, worker: string, wanted: { key: Slot | undefined; place?: number; fence?: bigint; askedAt?: number }): Meaning {
	const grant = events(env.step, 'granted', h => h.worker === worker && fits(wanted.key, h.store))[0]
	if (!grant || grant.place === undefined) return NO
	if (wanted.place !== undefined && grant.place !== wanted.place) return NO
	if (wanted.askedAt !== undefined && grant.askedAt !== wanted.askedAt) return NO
	if (wanted.fence !== undefined && grant.fence !== wanted.fence) return NO
	return event(grant)
}

/** A grant from the line whose place was the line's length just before it: no one stood behind its worker. */
function lastFromLine(env: Env, meaning: Meaning): Meaning {
	const grant = meaning.events.find((h): h is Of<'granted'> => h.kind === 'granted')
	if (!meaning.ok || grant === undefined) return NO
	const before = worldsOf(env.step)?.[env.step.happenings.indexOf(grant)]
	const line = before?.stores.get(grant.store)?.waiters
	return line !== undefined && grant.place === line.length ? meaning : NO
}

/**
 * Whether the worker a grant went to stood in line for it on one ask: from its grant of that store before (or the start), no gave-up, left or refused of it until this grant, nor a second ask of it;
 * and, `sinceHolder` ("all along", not "the whole time", which is since its first ask), all the time the holder before it had the key: its ask came no later than the last grant of that store to another worker before this grant.
 */
function inLineAllAlong(run: RunFacts, step: StepFacts, grant: Of<'granted'>, sinceHolder = true): boolean {
	let broken = false
	let asked = 0
	let holderFrom: number | undefined
	// Each other worker's latest grant of the store: on a semaphore, the holder before it is the one whose place it took.
	const heldFrom = new Map<string, number>()
	const place = (step.causes?.get(grant) ?? []).find(h => 'worker' in h && 'store' in h && h.store === grant.store && h.worker !== grant.worker && ['released', 'expired', 'gone', 'ended'].includes(h.kind))
	for (const h of [...run.steps.slice(0, step.index), step].flatMap(one => one.happenings)) {
		if (h === grant) {
			const from = place !== undefined && 'worker' in place ? heldFrom.get(place.worker) : holderFrom
			return !broken && (!sinceHolder || from === undefined || grant.askedAt <= from)
		}
		if (h.kind === 'granted' && h.store === grant.store && h.worker !== grant.worker) {
			holderFrom = h.at
			heldFrom.set(h.worker, h.at)
		}
		if (!('worker' in h) || h.worker !== grant.worker || !('store' in h) || h.store !== grant.store) continue
		if (h.kind === 'granted') {
			broken = false
			asked = 0
		}
		if (h.kind === 'gave-up' || h.kind === 'left' || h.kind === 'refused') broken = true
		// On one ask: a second ask since its last grant is a new wait, however the first ended.
		if (h.kind === 'asked' && ++asked > 1) broken = true
	}
	return !broken
}

/**
 * "finally" (or "eventually") before a grant: the worker waited for it, so it came from the line, or a try or wait of the same
 * key failed (refused, gave up) after its last grant of that key; "this time" before a grant or an ask: the worker asked for
 * that key at least once before the ask told (for a grant, before the ask the grant answers), and before a grant as an adverb
 * (not the form's own "this time with fence 3"), the ask before the one the grant answers was turned down. The grant or ask is the one the
 * clause told, in this step or before (a state of holding tells the grant of the lease held), of its subject, or of the worker
 * it is to when its subject is a store ("the lock finally gives the key to B"); "this time" of a clause that tells neither is
 * of the worker's last ask by the clause's moment ("B asks, and this time has to wait"). Other clauses: nothing to check.
 * Written from the meaning, walking the run's events in order.
 */
function earlierOk(env: Env, word: 'finally' | 'eventually' | 'this time', told: readonly Happening[], subject: string | undefined, free?: string, own = false, fenced = false, waits = false): boolean {
	const run = [...earlierSteps(env), env.step].flatMap(one => one.happenings)
	// A clause that tells happenings, none a grant or an ask, and no key come free: a wait or an earlier ask of nothing.
	if (free === undefined && told.length > 0 && told.every(h => h.kind !== 'granted' && h.kind !== 'asked')) return false
	const mine = (h: Happening): h is Of<'granted'> | Of<'asked'> => (h.kind === 'granted' || h.kind === 'asked') && (subject === undefined || h.worker === subject)
	const shown = told.filter(mine)
	const others = told.filter((h): h is Of<'granted'> | Of<'asked'> => h.kind === 'granted' || h.kind === 'asked')
	const pick = shown.length > 0 ? shown : subject !== undefined && env.world.workers.has(subject) ? [] : others
	let grant = pick.find((h): h is Of<'granted'> => h.kind === 'granted')
	let ask = pick.find((h): h is Of<'asked'> => h.kind === 'asked')
	// A state of holding that tells no grant ("At 5 s B finally has the lock"): the grant of the lease the subject holds then.
	const now = env.moment ?? env.world.time
	const lease = subject === undefined ? undefined : leaseAt(env.world, subject)
	if (grant === undefined && ask === undefined && told.length === 0 && lease !== undefined && state(lease) === 'live') {
		for (const h of run) if (h.kind === 'granted' && h.worker === subject && h.store === lease.store && h.at <= now) grant = h
	}
	if (word === 'this time' && grant === undefined && ask === undefined && subject !== undefined && env.world.workers.has(subject)) {
		for (const h of run) if (h.kind === 'asked' && h.worker === subject && h.at <= env.world.time) ask = h
	}
	// "Finally" of a key free (no grant told): someone held it or waited for it by the clause's moment.
	// ...and came free in this step, if it came free at all by then (a key free since a step before is not "finally" free).
	if (word !== 'this time' && grant === undefined && free !== undefined) {
		const ends = run.filter(h => ['released', 'expired', 'gone', 'ended'].includes(h.kind) && 'store' in h && h.store === free && h.at <= now)
		const last = ends[ends.length - 1]
		return run.some(h => (h.kind === 'granted' || h.kind === 'asked') && h.store === free && h.at <= now) && (last === undefined || env.step.happenings.includes(last))
	}
	// "Finally" of several workers' grants ("B and C finally get in"): each of them waited.
	const grants = pick.filter((h): h is Of<'granted'> => h.kind === 'granted')
	if (word !== 'this time' && grants.length > 1) return grants.every(one => earlierOk(env, word, [one], one.worker))
	const target: Of<'granted'> | Of<'asked'> | undefined = word === 'this time' ? (grant ?? ask) : grant
	if (target === undefined) return true
	// From the line after some time in it, or across a step's end (the ask it answered told in a step before); a grant the moment it
	// asked, in the step of its ask (its holder let go then), waited for nothing.
	if (word !== 'this time' && grant !== undefined && grant.place !== undefined) {
		if (grant.askedAt < grant.at) return true
		const steps = [...earlierSteps(env), env.step]
		let answered: Happening | undefined
		for (const h of run) {
			if (h === grant) break
			if (h.kind === 'asked' && h.worker === grant.worker && h.store === grant.store) answered = h
		}
		const stepOf = (h: Happening) => steps.findIndex(step => step.happenings.includes(h))
		if (answered !== undefined && stepOf(answered) < stepOf(grant)) return true
	}
	let failed = false
	let asks = 0
	for (const h of run) {
		if (h === target) break
		if (!('worker' in h) || h.worker !== target.worker || !('store' in h) || h.store !== target.store) continue
		if (h.kind === 'granted') failed = false
		// A try refused or a wait given up, some time before the grant.
		else if ((h.kind === 'refused' || h.kind === 'gave-up') && h.at < target.at) failed = true
		else if (h.kind === 'asked') asks++
	}
	if (word !== 'this time') return failed
	if (asks < (target === grant ? 2 : 1)) return false
	// A form's own "this time willing to wait 9 s": the worker's ask of that key right before this one asked another way (a try, no limit, another wait).
	if (target.kind === 'asked' && own) {
		let before: Of<'asked'> | undefined
		for (const h of run) {
			if (h === target) break
			if (h.kind === 'asked' && h.worker === target.worker && h.store === target.store) before = h
		}
		if (before !== undefined && before.tryOnly === target.tryOnly && (target.tryOnly || before.wait === target.wait)) return false
		// With a length: more willing than before, the ask before waited less (a try is 0 s; no wait given, no limit).
		const limitOf = (h: Of<'asked'>): number => (h.tryOnly ? 0 : h.wait === undefined ? Number.POSITIVE_INFINITY : h.wait)
		if (before !== undefined && !target.tryOnly && target.wait !== undefined && target.wait !== Number.POSITIVE_INFINITY && !(limitOf(before) < target.wait)) return false
	}
	// "This time willing to wait" (no length, `waits`): the worker's ask of that key right before this one did not wait: a try,
	// a wait of 0 s, or refused at the very moment it asked (a refusal after it, before this ask).
	if (target.kind === 'asked' && waits) {
		let before: Of<'asked'> | undefined
		let refusedThen = false
		for (const h of run) {
			if (h === target) break
			if (!('worker' in h) || h.worker !== target.worker || !('store' in h) || h.store !== target.store) continue
			if (h.kind === 'asked') {
				before = h
				refusedThen = false
			} else if (h.kind === 'refused' && before !== undefined && h.at === before.at) refusedThen = true
		}
		if (before === undefined || !(before.tryOnly || before.wait === 0 || refusedThen)) return false
	}
	if (target !== grant || own) return true
	// "This time gets the key", an adverb before the grant: what came of the worker's ask before the one the grant answers, each
	// ask of that key starting over; it was turned down (refused, given up, left the line) and not granted.
	// "this time with fence 2" (fenced): or that ask got the key with a fence, and not this grant's.
	let outcome: 'none' | 'granted' | 'turned down' = 'none'
	let prior: 'none' | 'granted' | 'turned down' = 'none'
	let outcomeFence: bigint | undefined
	let priorFence: bigint | undefined
	for (const h of run) {
		if (h === grant) break
		if (!('worker' in h) || h.worker !== grant.worker || !('store' in h) || h.store !== grant.store) continue
		if (h.kind === 'asked') {
			prior = outcome
			priorFence = outcomeFence
			outcome = 'none'
			outcomeFence = undefined
		} else if (h.kind === 'granted') {
			outcome = 'granted'
			outcomeFence = h.fence
		} else if ((h.kind === 'refused' || h.kind === 'gave-up' || h.kind === 'left') && outcome !== 'granted') outcome = 'turned down'
	}
	return prior === 'turned down' || (fenced && prior === 'granted' && priorFence !== undefined && priorFence !== grant.fence)
}

/** "A pauses for 30 s": A's first pause of the step, whose process next woke (before any crash) that long after, in this step or one after it. */
/**
 * The worker's pause in the step a clause telling more of it means: of the pauses no later clause tells (all, if they all
 * are), the first at or after the latest place told before it, else the first.
 */
function pauseTold(env: Env, worker: string): Of<'paused'> | undefined {
	const all = events(env.step, 'paused', h => h.worker === worker)
	const untoldLater = all.filter(h => !(env.toldLater?.has(h) ?? false))
	const pool = untoldLater.length > 0 ? untoldLater : all
	const from = env.toldPlace
	const later = from === undefined ? undefined : pool.find(h => h.at > from.at || (h.at === from.at && env.step.happenings.indexOf(h) >= from.order))
	return later ?? pool[0]
}

function pauseLasted(env: Env, worker: string, span: number): Meaning {
	const pause = pauseTold(env, worker)
	if (!pause) return NO
	const rest = [...env.step.happenings.slice(env.step.happenings.indexOf(pause) + 1), ...laterSteps(env).flatMap(step => step.happenings)]
	for (const h of rest) {
		if (h.kind === 'crashed' && h.worker === worker) return NO
		if (h.kind === 'woke' && h.worker === worker) return h.at === pause.at + span ? event(pause) : NO
	}
	return NO
}

function noLease(env: Env, worker: string, key?: Slot): Meaning {
	if (!askOf(env, worker, h => fits(key, h.store)) || events(env.step, 'granted', h => h.worker === worker && fits(key, h.store)).length > 0) return NO
	return event(env.step.happenings.find(h => (h.kind === 'refused' || h.kind === 'gave-up') && h.worker === worker && fits(key, h.store)))
}

function lost(env: Env, worker: string): Meaning {
	const lease = leaseAt(env.world, worker)
	return holdsNow(lease !== undefined && (state(lease) === 'expired' || state(lease) === 'gone' || state(lease) === 'ended'), leaseMakers(env, worker), env)
}

/** A write made on a lease no longer live, by a worker given one before it: a worker that never held a lease is late for nothing. */
/**
 * "Older" and "newer" by fences: a fence counts one store's grants, so a write's fence and the fence of the write whose row it
 * changed compare only when one store gave both (each the store of its worker's last grant of that fence before the write).
 * True when they compare, or when either fence has no grant to tell its store.
 */
function oneLockGave(env: Env, write: Of<'wrote'>): boolean {
	const run = upTo(env).slice(1).flatMap(step => step.happenings)
	const i = run.indexOf(write)
	const changedBefore = run.slice(0, i).filter((h): h is Of<'wrote'> => h.kind === 'wrote' && h.database === write.database && h.changed)
	const other = changedBefore[changedBefore.length - 1]
	if (other === undefined || other.noFence === true) return true
	const giverStore = (w: Of<'wrote'>): string | undefined => {
		const grants = run.slice(0, run.indexOf(w)).filter((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === w.worker && h.fence === w.fence)
		return grants[grants.length - 1]?.store
	}
	const mine = giverStore(write)
	const theirs = giverStore(other)
	return mine === undefined || theirs === undefined || mine === theirs
}

/**
 * "It is too late: X": X tells a write's answer (the write-outcome family) that is a refusal by the fence rule of a stale write
 * (made on a lease no longer live, one its worker had held), or a renewal refused whose worker renewed too late ('renews-too-late').
 */
function tooLateHolds(clause: ReadClause, meaning: Meaning, env: Env): boolean {
	if (clause.form.each === 'write-outcome' && meaning.decides !== undefined) return answerIs(meaning.decides, 'refused') && stale(env, meaning.decides) && laterRow(env, meaning.decides)
	const refusal = meaning.events.find((h): h is Of<'renew-refused'> => h.kind === 'renew-refused' && env.step.happenings.includes(h))
	if (refusal === undefined) return false
	const slot: Slot = { type: 'worker', text: refusal.worker, start: clause.start, end: clause.end, value: { type: 'actor', id: refusal.worker } }
	return (MEANINGS['renews-too-late'] ?? (() => NO))([slot], env).ok
}

/**
 * The row's fence that refused a stale write came from a later lease: larger than the write's, and granted after the write's own
 * lease (its latest grant of that fence before the write) had ended.
 */
function laterRow(env: Env, write: Of<'wrote'>): boolean {
	if (!(write.before > write.fence)) return false
	const all = [...earlierSteps(env), env.step].flatMap(step => step.happenings)
	const upto = all.includes(write) ? all.slice(0, all.indexOf(write)) : all
	let mine = -1
	upto.forEach((h, i) => {
		if (h.kind === 'granted' && h.worker === write.worker && h.fence === write.fence) mine = i
	})
	if (mine < 0) return false
	const store = (upto[mine] as Of<'granted'>).store
	let ended = -1
	for (let i = mine + 1; i < upto.length; i++) {
		const h = upto[i] as Happening
		if (['expired', 'released', 'gone', 'ended'].includes(h.kind) && (h as { worker?: string }).worker === write.worker && (h as { store?: string }).store === store && (h as { fence?: bigint }).fence === write.fence) {
			ended = i
			break
		}
	}
	if (ended < 0) return false
	let row = -1
	upto.forEach((h, i) => {
		if (h.kind === 'granted' && h.fence === write.before) row = i
	})
	return row > ended
}

function stale(env: Env, write: Of<'wrote'>): boolean {
	if (write.live) return false
	const all = [...earlierSteps(env), env.step].flatMap(step => step.happenings)
	const at = all.indexOf(write)
	return all.slice(0, at < 0 ? all.length : at).some(h => h.kind === 'granted' && h.worker === write.worker)
}

/** Spans of length d that ran out in the step (w's alone, if given), a wait at its giving up or a lease's time to live at its expiry, all at one moment. */
function spanUp(env: Env, d: number, w?: string): Meaning {
	const list = env.step.happenings
	const earlier = earlierSteps(env).flatMap(step => step.happenings)
	const ends = list.filter(h => {
		if ((h.kind !== 'gave-up' && h.kind !== 'expired' && h.kind !== 'woke') || (w !== undefined && h.worker !== w)) return false
		const before = [...earlier, ...list.slice(0, list.indexOf(h))]
		// A pause of length d is up when its process wakes, d after it paused.
		if (h.kind === 'woke') {
			const pauses = before.filter(a => a.kind === 'paused' && a.worker === h.worker)
			const pause = pauses[pauses.length - 1]
			return pause !== undefined && h.at - pause.at === d
		}
		if (h.kind === 'gave-up') {
			const asks = before.filter((a): a is Of<'asked'> => a.kind === 'asked' && a.worker === h.worker && a.store === h.store)
			return asks[asks.length - 1]?.wait === d && h.waited === d
		}
		const starts = before.filter((a): a is Of<'granted'> | Of<'renewed'> => (a.kind === 'granted' || a.kind === 'renewed') && a.worker === h.worker && a.store === h.store)
		const from = starts[starts.length - 1]
		if (from === undefined) return false
		return (from.kind === 'granted' ? from.ttl : from.until - from.at) === d && from.at + d === h.at
	})
	if (ends.length === 0 || ends.some(h => h.at !== ends[0]?.at)) return NO
	// "The D" of no worker names one span: no other span of length D (a wait, a lease) was running at that moment, not yet up.
	if (w === undefined) {
		const t = ends[0]?.at as number
		const past = [...earlier, ...list].filter(h => h.at < t)
		// A pause of length d under way at t: paused before t, its wake (not a crash first) d later, after t.
		const whole = [...earlier, ...list, ...laterSteps(env).flatMap(step => step.happenings)]
		for (const pause of past) {
			if (pause.kind !== 'paused') continue
			const stop = whole.slice(whole.indexOf(pause) + 1).find(h => (h.kind === 'woke' || h.kind === 'crashed') && h.worker === pause.worker)
			if (stop !== undefined && stop.kind === 'woke' && stop.at === pause.at + d && stop.at > t) return NO
		}
		const done = (h: Happening) => ends.some(e => (e as { worker?: string }).worker === (h as { worker?: string }).worker && (e as { store?: string }).store === (h as { store?: string }).store)
		for (const start of past) {
			if ((start.kind !== 'asked' && start.kind !== 'granted' && start.kind !== 'renewed') || done(start)) continue
			const same = past.filter(h => (h as { worker?: string }).worker === start.worker && (!('store' in h) || h.store === start.store))
			const after = same.slice(same.indexOf(start) + 1)
			if (start.kind === 'asked') {
				const last = after.every(h => h.kind !== 'asked')
				if (last && start.wait === d && start.at + d > t && !after.some(h => h.kind === 'granted' || h.kind === 'gave-up' || h.kind === 'refused' || h.kind === 'left' || h.kind === 'crashed')) return NO
				continue
			}
			const last = after.every(h => h.kind !== 'granted' && h.kind !== 'renewed')
			const length = start.kind === 'granted' ? start.ttl : start.until - start.at
			if (last && length === d && start.at + d > t && !after.some(h => h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended')) return NO
		}
	}
	// The moment the spans ran out: its place among the step's events is their ends', which are its makers, for causes.
	return { ok: true, at: ends[0]?.at, events: ends, makers: ends, justBefore: true }
}

/** The worker's function returned in this step: hold let go of its lease, or of nothing, its lease lost; not when its code let go itself and ran on. */
function returnedFrom(env: Env, worker: string): Meaning {
	if (events(env.step, 'released', h => h.worker === worker && h.called === true).length > 0) return NO
	const done = released(env, worker)
	return done.ok ? done : event(events(env.step, 'returned', h => h.worker === worker)[0])
}

function released(env: Env, worker: string, key?: Slot): Meaning {
	return event(events(env.step, 'released', h => h.worker === worker && fits(key, h.store))[0])
}

function renewal(env: Env, worker: string): Meaning {
	return event(events(env.step, 'renewed', h => h.worker === worker && !env.used.has(h))[0])
}

/** A write of the step carried fence l to a database that checks fences, whose row kept r, and l rel r. */
/** The write a clause told: whose answer it tells, whose fences it compares, else the first write among its events. */
function wroteOf(meaning: Meaning): Of<'wrote'> | undefined {
	return meaning.decides ?? meaning.compares?.write ?? meaning.events.find((h): h is Of<'wrote'> => h.kind === 'wrote')
}

function compared(env: Env, l: bigint, r: bigint, rel: '<' | '=' | '<=' | '>', symbols = false): Meaning {
	if (!(rel === '<' ? l < r : rel === '>' ? l > r : rel === '=' ? l === r : l <= r)) return NO
	// Written with "<", a comparison of a write the database took may name the row's fence first: the check it passed.
	const told = (h: Of<'wrote'>) => env.answered === undefined || h === env.answered
	const byWrite = events(env.step, 'wrote', h => h.fenced && !h.noFence && h.fence === l && h.before === r && told(h))[0]
	const byRow = symbols && rel === '<' && byWrite === undefined ? events(env.step, 'wrote', h => h.fenced && !h.noFence && h.changed && h.before === l && h.fence === r && told(h))[0] : undefined
	if (byRow !== undefined) {
		const all = new Set(events(env.step, 'wrote', h => h.fenced && !h.noFence).map(h => `${h.fence} ${h.before}`))
		if (env.answered === undefined && all.size > 1) return NO
		return event(byRow, { compares: { left: r, right: l, relation: '>', write: byRow } })
	}
	// With no write told right before, the step's writes must have made one comparison only.
	const made = new Set(events(env.step, 'wrote', h => h.fenced && !h.noFence).map(h => `${h.fence} ${h.fence < h.before ? '<' : h.fence === h.before ? '=' : '>'} ${h.before}`))
	if (env.answered === undefined && made.size > 1) return NO
	const write = events(env.step, 'wrote', h => h.fenced && !h.noFence && h.fence === l && h.before === r && (env.answered === undefined || h === env.answered))[0]
	return event(write, { compares: { left: l, right: r, relation: rel, write: write as Of<'wrote'> } })
}

function rowBefore(env: Env, wanted: bigint, smaller: boolean): Meaning {
	const write = events(env.step, 'wrote', h => h.fence === wanted)[0]
	if (!write || write.before < write.fence !== smaller) return NO
	return event(write, { compares: { left: write.fence, right: write.before, relation: smaller ? '>' : '<=', write } })
}

function againstRow(env: Env, worker: string, relation: '<' | '>'): Meaning {
	const write = writesOf(env, worker).untold[0]
	if (!write || !(relation === '<' ? write.fence < write.before : write.fence > write.before)) return NO
	return event(write, { compares: { left: write.fence, right: write.before, relation, write } })
}

function fences(env: Env, a: string, b: string, relation: '<' | '>'): Meaning {
	const write = env.answered
	if (write !== undefined) {
		// Right after a write: that write's comparison, the writer's fence and the row's writer's, in either order.
		const forward = a === write.worker && b === write.writerBefore
		const backward = a === write.writerBefore && b === write.worker
		if (write.noFence || !write.fenced || (!forward && !backward)) return NO
		const [l, r] = forward ? [write.fence, write.before] : [write.before, write.fence]
		if (!(relation === '<' ? l < r : l > r)) return NO
		return event(write, { compares: { left: write.fence, right: write.before, relation: write.fence < write.before ? '<' : write.fence > write.before ? '>' : '=', write } })
	}
	const [fa, fb] = [leaseAt(env.world, a)?.fence, leaseAt(env.world, b)?.fence]
	if (fa === undefined || fb === undefined || !(relation === '<' ? fa < fb : fa > fb)) return NO
	return holdsNow(true, [...leaseGrant(env, a), ...leaseGrant(env, b)], env, { compares: { left: fa, right: fb, relation, workers: [a, b] } })
}

function pausedState(env: Env, worker: string): Meaning {
	if (!env.world.workers.get(worker)?.paused) return NO
	const began = lastPause(env, worker)
	if (began?.kind === 'crashed') return NO
	return holdsNow(true, began ? [began] : [], env, { events: began && env.step.happenings.includes(began) ? [began] : [] })
}

function restarted(env: Env, store: string, times?: number): Meaning {
	const found = env.step.happenings.filter((h): h is Of<'restarted'> => h.kind === 'restarted' && h.store === store && !env.used.has(h))
	if (found.length === 0 || (times !== undefined && found.length !== times)) return NO
	const told = times === undefined ? found.slice(0, 1) : found
	return { ok: true, at: (found[0] as Happening).at, events: told, makers: told }
}

function request(env: Env): Meaning {
	const seen = (env.context.message?.happenings ?? []).filter(h => h.kind !== 'sent')
	const first = env.context.message?.happenings[0]
	return { ok: true, ...(first ? { at: first.at } : {}), events: seen, makers: seen }
}

function dbAnswer(env: Env, changed: Answer): Meaning {
	const write = env.context.message?.answers
	return write && answerIs(write, changed) ? event(write) : NO
}

function lastWrite(env: Env, changed: Answer): Meaning {
	const all = upTo(env).slice(1).flatMap(step => events(step, 'wrote', h => h.worker === me(env)))
	const last = all[all.length - 1]
	return last && answerIs(last, changed) ? { ok: true, at: env.world.time, events: [], makers: [last] } : NO
}

// ---- a text: its clauses, their moments, their order, their causes ----

/** A clause that held: its meaning, its moment, its place among the step's events. */
interface Held {
	clause: ReadClause
	meaning: Meaning
	place?: { at: number; order: number }
	/** It held up to an event of the step (a state with no moment named), which a later clause must tell. */
	ended?: Happening[]
	/** It names the very moment it ended: the clause right after it, joined by "then", tells what ended it. */
	endedThen?: true
	index: number
}

const after = (a: { at: number; order: number }, b: { at: number; order: number }): boolean => b.at > a.at || (b.at === a.at && b.order > a.order)

/** Whether a text holds in a context: every clause, by the rules of a text. */
// ---- work phrases and the statements the code ran ----

/** The words of a name of the code, "rebuildIndex" → rebuild, index. */
function wordsOfCall(call: string): string[] {
	const out: string[] = []
	let word = ''
	for (const ch of call) {
		const upper = ch >= 'A' && ch <= 'Z'
		const letter = upper || (ch >= 'a' && ch <= 'z')
		if (!letter || (upper && word !== '' && !(word[word.length - 1] as string).match(/[A-Z]/))) {
			if (word !== '') out.push(word.toLowerCase())
			word = letter ? ch : ''
		} else word += ch
	}
	if (word !== '') out.push(word.toLowerCase())
	return out
}

/** Whether a word of a text is a form of a word of a name: itself, its third person or plural (-s, -es, -ies), its gerund (-ing, -e dropped, last letter doubled), or the noun "-ment(s)" a scene may write of it (payment of pay). */
function formOf(word: string, base: string): boolean {
	if (word === base || word === base + 'ment' || word === base + 'ments') return true
	const stem = base.endsWith('y') && !/[aeiou]y$/.test(base) ? base.slice(0, -1) : base
	const s = /(?:s|x|z|ch|sh|o)$/.test(base) ? `${base}es` : stem !== base ? `${stem}ies` : `${base}s`
	if (word === s) return true
	const ie = base.endsWith('ie') ? `${base.slice(0, -2)}ying` : undefined
	const ing = [`${base}ing`, ...(/[^e]e$/.test(base) ? [`${base.slice(0, -1)}ing`] : []), ...(/^[^aeiou]*[aeiou][bdgklmnprt]$/.test(base) ? [`${base}${base.slice(-1)}ing`] : []), ...(ie ? [ie] : [])]
	return ing.includes(word)
}

const NEUTRAL_WORK_VERBS = ['run', 'build', 'make', 'compute', 'prepare', 'process', 'generate', 'produce', 'perform']

/** The ids of the statements under the key a clause's work words name (see work-lines.ts's header for the meaning), and whether they are the whole code under the key for want of a name; undefined: none. */
function workStatements(words: readonly string[], run: RunFacts, thing?: string, patterns: readonly string[] = [], owner?: string): { ids: Set<number>; whole: boolean; call?: boolean } | undefined {
	const statements = (run.statements ?? []).map((statement, id) => ({ ...statement, id })).filter(statement => statement.held)
	const verbs = NEUTRAL_WORK_VERBS.filter(verb => words.some(word => formOf(word, verb)))
	// A word only of a call the code makes on a condition (a "?:" arm, after &&, ||, ??): the run does not say that call ran, so no work.
	const outright = new Set(statements.flatMap(statement => statement.calls.flatMap(wordsOfCall)))
	for (const statement of statements) for (const call of statement.maybe ?? []) for (const part of wordsOfCall(call)) if (!outright.has(part) && words.some(word => formOf(word, part))) return undefined
	const named = new Set<string>()
	for (const statement of statements) for (const call of statement.calls) for (const part of wordsOfCall(call)) if (words.some(word => formOf(word, part))) named.add(part)
	if (named.size > 0) {
		const tells = (call: string) => [...named].every(word => wordsOfCall(call).includes(word)) && (verbs.every(verb => wordsOfCall(call).includes(verb)) || wordsOfCall(call).every(word => named.has(word) || word === 'do' || NEUTRAL_WORK_VERBS.includes(word)))
		const ids = new Set(statements.filter(statement => statement.calls.some(tells)).map(statement => statement.id))
		if (ids.size === 0) return undefined
		// Every other noun of the phrase names that work too: a word of a name the code uses and does not call ("its report" of
		// a variable report) is none, unless a name given to that call ("the tenant's index" of rebuildIndex(tenantId)).
		const forms = new Set(patterns.join(' ').toLowerCase().replace(/\{[a-z]+\}/g, ' ').split(/[^a-z]+/))
		const given = new Set(statements.flatMap(statement => (statement.given ?? []).filter(call => tells(call.call)).flatMap(call => call.args.flatMap(arg => ('name' in arg ? wordsOfCall(arg.name) : [])))))
		const unnamed = statements.flatMap(statement => (statement.names ?? []).flatMap(wordsOfCall)).filter(part => part.length >= 3 && !outright.has(part) && !given.has(part))
		if (words.some(word => !forms.has(word) && !(thing !== undefined && formOf(word, thing)) && !(owner !== undefined && formOf(word, owner)) && unnamed.some(part => formOf(word, part)))) return undefined
		return { ids, whole: false, ...(named.has('work') ? {} : { call: true }) }
	}
	// A word of a name the code under the key uses and calls nowhere there (not the form's own, nor the written thing): no work.
	const formWords = new Set(patterns.join(' ').toLowerCase().replace(/\{[a-z]+\}/g, ' ').split(/[^a-z]+/))
	const calledWords = new Set(statements.flatMap(statement => statement.calls.flatMap(wordsOfCall)))
	for (const statement of statements)
		for (const name of statement.names ?? [])
			for (const part of wordsOfCall(name)) if (part.length >= 3 && !calledWords.has(part) && words.some(word => !formWords.has(word) && !(thing !== undefined && formOf(word, thing)) && !(owner !== undefined && formOf(word, owner)) && formOf(word, part))) return undefined
	// The written thing as the work, where the code makes it outside the key (a call of a name of its stem there): none.
	if (thing !== undefined && words.some(word => formOf(word, thing))) {
		const stem = (a: string) => a === thing || (a.length >= 5 && thing.length >= 5 && a.slice(0, 5) === thing.slice(0, 5))
		if ((run.statements ?? []).some(statement => !statement.held && statement.calls.some(call => wordsOfCall(call).some(stem)))) return undefined
	}
	const work = statements.filter(statement => statement.calls.includes('work'))
	if (work.length > 0) return { ids: new Set(work.map(statement => statement.id)), whole: false }
	if (statements.length === 0) return undefined
	return { ids: new Set(statements.map(statement => statement.id)), whole: true }
}

/** A noun and its plural are one word here: "draft", "drafts"; "copy", "copies"; "index", "indexes". */
function sameNoun(said: string, noun: string): boolean {
	if (said === noun) return true
	if (/(s|x|z|ch|sh)$/.test(noun)) return said === noun + 'es'
	if (/[^aeiou]y$/.test(noun)) return said === noun.slice(0, -1) + 'ies'
	return said === noun + 's'
}

/** The lower-case words of a name or a string: `finalReport`, 'final report': "final", "report". */
function splitWords(text: string): string[] {
	const out: string[] = []
	let word = ''
	for (let i = 0; i < text.length; i++) {
		const c = text[i] as string
		const next = text[i + 1] ?? ''
		if (!/[A-Za-z]/.test(c)) {
			if (word) out.push(word)
			word = ''
			continue
		}
		word += c.toLowerCase()
		// A lower letter before an upper one, or an upper one before an upper and a lower one, ends a word of a name.
		if ((/[a-z]/.test(c) && /[A-Z]/.test(next)) || (/[A-Z]/.test(c) && /[A-Z]/.test(next) && /[a-z]/.test(text[i + 2] ?? ''))) {
			out.push(word)
			word = ''
		}
	}
	if (word) out.push(word)
	return out
}

/** What a write carried as the THING, by the code's statement it ran in: the words of the argument the domain's writing call took there, whether a call made it, and whether the sample wrote it (a string, a call, a name it declares) rather than its prelude. */
function carriedBy(env: Env, write: Of<'wrote'>): { words: string[]; made: boolean; own: boolean; literal?: boolean; expression?: boolean; held?: boolean } | undefined {
	if (write.statement === undefined) return undefined
	const statements = env.run.statements ?? []
	const writes = env.context.words?.writes ?? {}
	const statement = statements[write.statement]
	for (const call of statement?.given ?? []) {
		const place = writes[call.call]
		if (place === undefined) continue
		const arg = call.args[place]
		if (arg !== undefined && 'text' in arg) return { words: splitWords(arg.text), made: false, own: true, literal: true }
		if (arg !== undefined && 'name' in arg) {
			// A name the code set to a string or an expression of no name, as the write began, directly or through other names (each
			// name followed to what it held then): its text is the code's own writing, as a literal's is.
			const names = new Set([arg.name])
			let value = nameValue(env, write, arg.name)
			while (value !== 'none' && value !== 'unknown' && 'name' in value && !names.has(value.name)) {
				names.add(value.name)
				value = nameValue(env, write, value.name)
			}
			const held = value !== 'none' && value !== 'unknown' && !('call' in value) && !('name' in value)
			return { words: splitWords(arg.name), made: nameHeld(env, write, arg.name) === 'made', own: statements.some(other => (other.declares ?? []).includes(arg.name)), ...(held ? { held: true } : {}) }
		}
		if (arg !== undefined && 'call' in arg) return { words: splitWords(arg.call), made: arg.unmade === undefined, own: true }
		return { words: [], made: false, own: false, expression: true }
	}
	return undefined
}

/**
 * An ask of w's in the step with no limit on its wait (no try) on which w stood in line as `stood` says of what came of it (w's next ask,
 * or its next grant, give-up, leaving or refusal of that key); with nothing come of it, w in that key's line at t.
 */
function endlessAsk(env: Env, w: string, stood: (next: Happening, ask: Of<'asked'>) => boolean): Meaning {
	const list = env.step.happenings
	for (let i = 0; i < list.length; i++) {
		const ask = list[i] as Happening
		if (ask.kind !== 'asked' || ask.worker !== w || ask.tryOnly || Number.isFinite(ask.wait ?? Number.POSITIVE_INFINITY)) continue
		const next = list.slice(i + 1).find(h => (h.kind === 'asked' && h.worker === w) || ((h.kind === 'granted' || h.kind === 'gave-up' || h.kind === 'left' || h.kind === 'refused') && h.worker === w && h.store === ask.store))
		if (next === undefined ? env.world.workers.get(w)?.waiting?.store === ask.store : stood(next, ask)) return asked(ask)
	}
	return NO
}

/**
 * w's last grant in `trail`: whether w is still in that hold at the trail's end (nothing since that `leaves` it), and w's renewals of
 * that grant's store since it that `counts` keeps.
 */
function renewalsOfLastHold(trail: Happening[], w: string, leaves: (h: Happening, grant: Of<'granted'>) => boolean, counts: (h: Of<'renewed'>) => boolean): { inHold: boolean; renewals: Of<'renewed'>[] } {
	let grant: Of<'granted'> | undefined
	let inHold = false
	const renewals: Of<'renewed'>[] = []
	for (const h of trail) {
		if (!('worker' in h) || h.worker !== w) continue
		if (h.kind === 'granted') {
			grant = h
			inHold = true
			renewals.length = 0
		} else if (grant === undefined) continue
		else if (leaves(h, grant)) inHold = false
		else if (h.kind === 'renewed' && inHold && h.store === grant.store && counts(h)) renewals.push(h)
	}
	return { inHold, renewals }
}

/** A text that says there is no THING or that making one failed: a word of denial or failure, or "no" just before the THING's word. */
function saysNone(text: string, thing: string): boolean {
	const runs: string[] = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
	const denying = new Set(['not', 'none', 'nothing', 'without', 'fail', 'fails', 'failed', 'failure', 'error', 'errors', 'missing', 'unavailable', 'unable', 'cannot', 'empty'])
	return runs.some((run, index) => denying.has(run) || (run === 'no' && index + 1 < runs.length && sameNoun(runs[index + 1] as string, thing)))
}

/** Words no saved text is made of alone, beside a number, the worker's id and name and the key's words: a lease's parts written out, placeholders, small words. */
const SAVED_NO_THING = ['fence', 'no', 'nr', 'number', 'num', 'lease', 'lock', 'key', 'worker', 'id', 'todo', 'tbd', 'tba', 'fixme', 'xxx', 'placeholder', 'dummy', 'stub', 'fake', 'test', 'tmp', 'temp', 'foo', 'bar', 'baz', 'lorem', 'ipsum', 'hello', 'world', 'sample', 'example', 'default', 'unknown', 'done', 'finished', 'ready', 'ok', 'okay', 'wip', 'pending', 'n', 'na', 'none', 'null', 'nil', 'undefined', 'empty', 'blank', 'nothing', 'something', 'stuff', 'text', 'value', 'data', 'by', 'of', 'the', 'a', 'an', 'for', 'to', 'from', 'in', 'on', 'at', 'and', 'or', 'with', 'is', 'was', 'it', 'its', 'this', 'that', 'yet', 'here', 'goes']

/**
 * What a name a write passed held as its statement began, walking the worker's run lines forward from the scene's start: each
 * statement that gives the name a value sets it (a call's value is 'made', any other value 'other'; one the run cannot place,
 * 'unknown'), and the last start of the write's own statement before the write takes what it held then. A name no statement
 * gives a value (the prelude's, a parameter's) holds nothing the code made.
 */
function nameHeld(env: Env, write: Of<'wrote'>, name: string): 'made' | 'other' | 'unknown' {
	const value = nameValue(env, write, name)
	if (value === 'none') return 'other'
	if (value === 'unknown') return 'unknown'
	// A call of the sample's own function that returns no call's value (a string it writes out) made nothing.
	return 'call' in value && value.unmade === undefined ? 'made' : 'other'
}

/** A value as a sample's statement wrote it (a string's text, a name, a call's, or something else). */
type Written = NonNullable<NonNullable<Env['run']['statements']>[number]['assigns']>[number]['value']

/**
 * The value, as written, a name a write passed held as its statement began, walking the worker's run lines forward from the
 * scene's start (as `nameHeld`): 'none' where no statement gives the name a value; 'unknown' where the run cannot place it.
 */
function nameValue(env: Env, write: Of<'wrote'>, name: string): Written | 'none' | 'unknown' {
	const statements = env.run.statements ?? []
	if (!statements.some(one => (one.assigns ?? []).some(a => a.name === name))) return 'none'
	// A name the sample declares twice (shadowed in a function of its own): which one the write read is not known.
	if (statements.some(one => (one.assigns ?? []).some(a => a.name === name && a.shadowed === true))) return 'unknown'
	let now: Written | 'unknown' = 'unknown'
	let atWrite: Written | 'unknown' = 'unknown'
	// An awaited value: the name holds it once the statement after the one that gives it (in its block) has begun; till then, unknown.
	let pending: { value: Written; after: number | undefined } | undefined
	for (const step of env.run.steps) {
		const place = step.happenings.indexOf(write)
		for (const line of step.ran ?? []) {
			if (line.worker !== write.worker || line.act === true) continue
			if (place >= 0 && line.order > place) break
			if (line.statement === undefined) continue
			if (pending !== undefined && pending.after === line.statement) {
				now = pending.value
				pending = undefined
			}
			if (line.statement === write.statement) atWrite = now
			for (const a of statements[line.statement]?.assigns ?? []) {
				if (a.name !== name) continue
				const value = a.value
				pending = undefined
				if (a.unsure === true) now = 'unknown'
				else if (a.awaits === true) {
					now = 'unknown'
					pending = { value, after: statements[line.statement]?.next }
				} else now = value
			}
		}
		if (place >= 0) return write.statement === undefined ? 'unknown' : atWrite
	}
	return 'unknown'
}

/**
 * What a clause says a worker's write saved ("a draft", "the final report of the chat") is what it carried: of a write that
 * wrote the THING, each word the THING's or one of what the code gave it (of a value the sample did not write, a word of the
 * database's label or of a call under the key); after "of", the key's owner's or one of those.
 * The write: the one the clause tells; of a pause before a save, the worker's first write after the pause.
 */
function savedHolds(saved: NonNullable<ReadClause['saved']>, meaning: Meaning, env: Env): boolean {
	let write = meaning.events.find((h): h is Of<'wrote'> => h.kind === 'wrote')
	const pause = meaning.events.find((h): h is Of<'paused'> => h.kind === 'paused')
	if (write === undefined && pause !== undefined) {
		const rest = [...env.step.happenings.slice(env.step.happenings.indexOf(pause) + 1), ...laterSteps(env).flatMap(step => step.happenings)]
		write = rest.find((h): h is Of<'wrote'> => h.kind === 'wrote' && h.worker === pause.worker)
	}
	if (write === undefined) return true
	if (write.noThing) return false
	// A write of a blank text (the empty string, spaces, no letter or digit) carried nothing to name.
	if ((saved.words.length > 0 || saved.of.length > 0) && write.thing !== undefined && !/[\p{L}\p{N}]/u.test(write.thing)) return false
	const carried = carriedBy(env, write)
	const words = carried?.own === true ? carried.words : [...(carried?.words ?? []), ...splitWords(env.context.name(write.database)), ...(env.run.statements ?? []).filter(statement => statement.held).flatMap(statement => statement.calls.filter(call => !(statement.made ?? []).includes(call)).flatMap(splitWords))]
	const thing = env.context.words?.thing ?? 'write'
	const owner = env.context.words?.owner
	// Its THING named ("its THING"): the text written is one: it has a letter, is not the key, and is no literal of the sample's without that word.
	if (write.thing !== undefined && saved.words.some(word => sameNoun(word, thing))) {
		if (!/\p{L}/u.test(write.thing) || write.thing === env.run.key) return false
		if (carried?.literal === true && !carried.words.some(part => sameNoun(part, thing))) return false
		// Nor a text of the code's own writing that says there is none, or that making it failed (attack a30).
		if ((carried?.literal === true || carried?.expression === true || carried?.held === true) && saysNone(write.thing, thing)) return false
		// Nor the worker's own id, nor the key in any letter case, nor the lease's fence with at most one word beside it (trial a27).
		const letters = (text: string) => [...text.toLowerCase()].filter(c => /[\p{L}\p{N}]/u.test(c)).join('')
		if (letters(write.thing) === letters(write.worker)) return false
		if (env.run.key !== undefined && letters(write.thing) === letters(env.run.key)) return false
		const parts: string[] = write.thing.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
		if (parts.length <= 2 && parts.includes(write.fence.toString()) && !parts.some(part => sameNoun(part, thing))) return false
	}
	// A string literal, or one joined with other values, whose every word is the worker's id or name, the key's, a number or a placeholder
	// or small word, and none the THING: no text any noun names but one of its own words (trial a28).
	// So too a name the code set to one of those (attack a29: `const note = 'done by ' + worker`).
	if (write.thing !== undefined && (carried?.literal === true || carried?.expression === true || carried?.held === true)) {
		const runs = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
		const parts = runs(write.thing)
		const none = new Set([...runs(write.worker), ...runs(env.context.name(write.worker)), ...runs(env.run.key ?? ''), ...SAVED_NO_THING])
		if (parts.length > 0 && parts.every(part => !sameNoun(part, thing) && (none.has(part) || /^\p{N}+$/u.test(part))) && saved.words.some(word => !SAVED_NO_THING.includes(word) && !parts.some(part => sameNoun(word, part)))) return false
	}
	// Its THING, its work, its result (attack a29): the value the code gave the write is one of what the domain names for the THING.
	if (saved.words.some(word => word === 'work' || word === 'result' || sameNoun(word, thing)) && !madeAsThing(env, write)) return false
	const fits = (word: string, also: string[]) => [...also, ...words].some(noun => sameNoun(word, noun))
	return saved.words.every(word => word === 'work' || word === 'result' || fits(word, [thing])) && saved.of.every(word => fits(word, owner === undefined ? [] : [owner]))
}

/**
 * Whether the value a write's code gave the domain's writing call is its THING: where the domain names what makes one
 * (`DomainWords.makes`), a call of one of its calls (not a function of the sample's own), one of its values of the prelude's
 * (a name the sample never gives a value), or a name the sample set to one of those, as the write's statement began; a string
 * or an expression written at the write itself, whose words say what it is, passes here.
 */
function madeAsThing(env: Env, write: Of<'wrote'>): boolean {
	const makes = env.context.words?.makes
	if (makes === undefined) return true
	const statements = env.run.statements ?? []
	const writes = env.context.words?.writes ?? {}
	// The run does not know the write's statement: where the sample writes with the domain's writing call, what it saved is unknown.
	if (write.statement === undefined) return !statements.some(one => (one.given ?? []).some(call => writes[call.call] !== undefined))
	const given = (statements[write.statement]?.given ?? []).find(call => writes[call.call] !== undefined)
	if (given === undefined) return true
	const arg = given.args[writes[given.call] as number] ?? {}
	const sampleNames = new Set(statements.flatMap(one => [...(one.declares ?? []), ...(one.assigns ?? []).map(a => a.name)]))
	const isThing = (value: Written): boolean => {
		if ('call' in value) return value.unmade === undefined && !sampleNames.has(value.call) && makes.calls.includes(value.call)
		if ('name' in value) return !sampleNames.has(value.name) && makes.values.includes(value.name)
		return false
	}
	// A string or an expression written at the write itself is judged by its words (`savedHolds`).
	if (!('call' in arg || 'name' in arg)) return true
	if ('name' in arg && sampleNames.has(arg.name)) {
		const held = nameValue(env, write, arg.name)
		return held !== 'none' && held !== 'unknown' && isThing(held)
	}
	return isThing(arg)
}

/** Adjectives a work phrase may put before its noun, which name nothing of it ("its monthly export"). */
const PHRASE_ADJECTIVES = ['long', 'big', 'large', 'heavy', 'slow', 'whole', 'full', 'monthly', 'nightly', 'daily', 'weekly', 'hourly']

/**
 * Whether the worker wrote in the hold the moment `t` of this step is in. The worker's holds: each grant of its, with its events up to
 * the next grant, cut at a crash or a restart of its process; the hold is the last begun by then, else the first after.
 */
function wroteInHold(env: Env, worker: string, t: number): boolean {
	const holds: { byThen: boolean; events: Happening[]; cut: boolean }[] = []
	for (const step of env.run.steps.slice(1)) {
		for (const h of step.index === env.step.index ? env.step.happenings : step.happenings) {
			if (!('worker' in h) || h.worker !== worker) continue
			if (h.kind === 'granted') holds.push({ byThen: step.index < env.step.index || (step.index === env.step.index && h.at <= t), events: [], cut: false })
			const hold = holds[holds.length - 1]
			if (hold === undefined || hold.cut) continue
			if (h.kind === 'crashed' || h.kind === 'process-restarted') hold.cut = true
			else hold.events.push(h)
		}
	}
	const hold = holds.filter(one => one.byThen).pop() ?? holds[0]
	return hold !== undefined && hold.events.some(h => h.kind === 'wrote')
}

/** A clause's work phrase, held to what its worker's code ran: its meaning, the moment a finish tells, or NO. */
function workMeaning(clause: ReadClause, meaning: Meaning, env: Env): Meaning {
	// "writing its export": a write the code under the key makes, by the domain's writing call, that carries each noun after it (or the domain's THING, "work", "result").
	const words = clause.work ?? []
	if (words.includes('writing')) {
		const writes = env.context.words?.writes ?? {}
		const held = (env.run.statements ?? []).filter(statement => statement.held)
		const calls = held.flatMap(statement => (statement.given ?? []).filter(call => call.call in writes))
		if (calls.length === 0) return NO
		const carried = calls.flatMap(call => {
			const arg = call.args[writes[call.call] as number] as { name?: string; call?: string; text?: string } | undefined
			return splitWords(arg?.name ?? arg?.call ?? arg?.text ?? '')
		})
		const patternWords = new Set([clause.form.pattern, ...(clause.form.alternatives ?? [])].join(' ').toLowerCase().replace(/\{[a-z]+\}/g, ' ').split(/[^a-z]+/))
		const after = words.slice(words.indexOf('writing') + 1)
		const nouns = after.slice(0, after.includes('of') ? after.indexOf('of') : after.length).filter(word => !['its', 'the', 'a', 'an', ...PHRASE_ADJECTIVES].includes(word) && !patternWords.has(word))
		const thing = env.context.words?.thing
		if (!nouns.every(word => word === 'work' || word === 'result' || (thing !== undefined && formOf(word, thing)) || carried.some(part => formOf(word, part)))) return NO
		// And a write that ran: each worker's, in the hold of the clause's moment, before its code left it.
		const s0w = clause.slots[0]
		const writers = s0w?.value.type === 'actors' ? s0w.value.ids : [actor(s0w)]
		for (const [n, worker] of writers.entries()) if (!wroteInHold(env, worker, meaning.each?.[n] ?? meaning.at ?? env.step.start.time)) return NO
	}
	const named = workStatements(clause.work ?? [], env.run, env.context.words?.thing, [clause.form.pattern, ...(clause.form.alternatives ?? [])], env.context.words?.owner)
	if (named === undefined) return NO
	const { ids, whole } = named
	const id = clause.form.id
	const s0 = clause.slots[0]
	const workers = s0?.value.type === 'actors' ? s0.value.ids : [actor(s0)]
	let at = meaning.at
	let place: { at: number; order: number } | undefined
	const each = meaning.each === undefined ? undefined : [...meaning.each]
	// "at once": the moment each worker's work began.
	const began: number[] = []
	for (const [n, worker] of workers.entries()) {
		// The worker's statements in run order, each with its place; a statement is the work's when its id is named.
		// A statement that calls nothing takes no time: the code is still at the work through it.
		const calledNothing = (statement: number | undefined) => statement !== undefined && env.run.statements?.[statement] !== undefined && (env.run.statements[statement] as StatementFact).calls.length === 0 && ((env.run.statements[statement] as StatementFact).maybe?.length ?? 0) === 0
		// A statement of the code outside the key, run between statements of the work, runs inside a call the work made: the code is still at the work.
		const outsideTheKey = (statement: number | undefined) => statement !== undefined && env.run.statements?.[statement] !== undefined && !(env.run.statements[statement] as StatementFact).held
		const lines = env.run.steps.flatMap(step => (step.ran ?? []).filter(line => line.worker === worker).map(line => ({ step: step.index, line })))
		// Each line, and whether it goes on from the work: an act, or the start of a statement that is not one only waiting for its act next.
		// Where each line stands among its step's happenings: before the one after it, and after the lines that ran before it there.
		const spot = (step: number, line: RanLine) => {
			const ran = env.run.steps[step]?.ran ?? []
			return line.order - 0.5 + (0.4 * (ran.indexOf(line) + 1)) / (ran.length + 1)
		}
		// A call of the sample's own function whose body (statements outside the key, right after it) returned before any statement of it that awaits ran: no work, and no time.
		const didNothing = (i: number): boolean => {
			let body = 0
			for (const next of lines.slice(i + 1)) {
				const fact = next.line.statement === undefined ? undefined : env.run.statements?.[next.line.statement]
				if (next.line.act === true || fact === undefined || fact.held) break
				// Only an awaited call does work (a call of the sample's own function, through its own statements, which follow): a method of a built-in value does none.
				if (fact.awaits === true) return false
				body++
			}
			return body > 0
		}
		const mine = lines.map(({ step, line }, i) => ({ step, at: line.at, order: line.order, spot: spot(step, line), act: line.act === true, work: line.statement !== undefined && ids.has(line.statement) && !(line.act !== true && didNothing(i)), goesOn: line.act === true || (!(lines[i + 1]?.line.act === true && lines[i + 1]?.line.statement === line.statement) && !calledNothing(line.statement) && !outsideTheKey(line.statement)) }))
		// The work's spans: from a statement of it to the next statement or act that is none of it (the code went on).
		const spans: { from: (typeof mine)[number]; to?: (typeof mine)[number] }[] = []
		// And of the whole code under the key, its last own act (a write after which none of it ran), which also ends it.
		const lastActs = new Map<(typeof spans)[number], (typeof mine)[number]>()
		for (const one of mine) {
			const span = spans.length > 0 && spans[spans.length - 1]?.to === undefined ? spans[spans.length - 1] : undefined
			if (one.work && span === undefined) spans.push({ from: one })
			if (one.work) {
				const current = spans[spans.length - 1] as (typeof spans)[number]
				if (one.act) lastActs.set(current, one)
				else lastActs.delete(current)
			} else if (span !== undefined && one.goesOn) span.to = one
		}
		const beforeOrAt = (a: { step: number; at: number; order: number }, b: { step: number; at: number; order: number }) => a.step < b.step || (a.step === b.step && (a.at < b.at || (a.at === b.at && a.order <= b.order)))
		const on = (p: { step: number; at: number; order: number }) => spans.find(span => beforeOrAt(span.from, p) && (span.to === undefined || !beforeOrAt(span.to, p)))
		const here = env.step.index
		// A work named by a call of its own (not work()) is long when, from where it began to the end of its span (where that call returned
		// and the code went on), at least a third of the scene's lease time passed; a span not ended by the last step seen passes, with a look-ahead.
		const long = (from: (typeof mine)[number]): boolean => {
			if (named.call !== true) return true
			// The span that line is in, by its place in the run (statements of one moment and order are told apart by the order they ran).
			const i = mine.indexOf(from)
			const span = spans.find(one => mine.indexOf(one.from) <= i && (one.to === undefined || mine.indexOf(one.to) > i))
			const last = env.run.lookAhead
			const end = span?.to !== undefined && (last === undefined || span.to.step <= last) ? span.to.at : undefined
			if (end === undefined && last !== undefined) return true
			const stop = end ?? (env.run.steps[env.run.steps.length - 1] ?? env.step).end.time
			return 3 * (stop - from.at) >= env.run.ttl
		}
		if (clause.during === true && id !== 'finishes-work' && id !== 'work-finishes' && id !== 'finishes-first' && env.priorTold !== undefined && env.priorTold.length > 0) {
			// An apposition ("A, still at work, saves"): at work right up to the happening, so just before it.
			const before = clause.apposed === true ? 0.5 : 0
			if (env.priorTold.some(event => on({ step: here, at: event.at, order: env.step.happenings.indexOf(event) - before }) === undefined)) return NO
			continue
		}
		if (id === 'starts-working' || id === 'settles-in' || id === 'workers-start-working' || id === 'workers-start-working-together') {
			const from = meaning.each?.[n] ?? meaning.at ?? env.step.start.time
			// In the hold its grant began: after that grant, not after the worker let go, returned, crashed, asked or was given a key again.
			const list = env.step.happenings
			const grant = list.findIndex(h => h.kind === 'granted' && h.worker === worker && h.at <= from)
			const out = grant < 0 ? -1 : list.findIndex((h, i) => i > grant && 'worker' in h && h.worker === worker && ['released', 'returned', 'crashed', 'asked', 'granted'].includes(h.kind))
			const start = mine.find(one => one.step === here && one.work && !one.act && one.at >= from && (grant < 0 || (one.order > grant && (out < 0 || one.order <= out))))
			if (start === undefined) return NO
			if (id === 'settles-in' && !long(start)) return NO
			if (id === 'workers-start-working-together' && began.some(t => t !== start.at)) return NO
			began.push(start.at)
			// Where the work began: just before the step's happening after it; of several workers, the last to begin.
			const here2 = { at: start.at, order: start.spot }
			if (place === undefined || here2.at > place.at || (here2.at === place.at && here2.order > place.order)) place = here2
			if (each !== undefined) each[n] = start.at
			at = place.at
		} else if (id === 'still-working' || id === 'works' || id === 'works-for-a-while') {
			const t = env.moment ?? meaning.until ?? env.world.time
			// Of a step cut before a happening (a state read before a later clause's timed event): just before that happening.
			const stepLength = env.run.steps[here]?.happenings.length ?? 0
			const order = env.moment === undefined && meaning.until !== undefined && meaning.endedBy !== undefined ? env.step.happenings.indexOf(meaning.endedBy) - 0.5 : env.moment === undefined && env.step.happenings.length < stepLength ? env.step.happenings.length - 0.5 : env.step.happenings.filter(h => h.at <= t).length
			const span = on({ step: here, at: t, order })
			if (span === undefined || (id === 'still-working' && span.from.step >= here)) return NO
			if (id === 'works-for-a-while' && !long(span.from)) return NO
			// A work begun in this step: the state holds from where it began.
			if (span.from.step === here && (at === undefined || span.from.at >= at)) {
				at = span.from.at
				place = { at: span.from.at, order: span.from.spot }
			}
		} else if (id === 'finishes-work' || id === 'work-finishes' || id === 'finishes-first') {
			if (id === 'finishes-first' && whole) continue
			const span = spans.filter(one => (one.to !== undefined && one.to.step === here) || (whole && lastActs.get(one)?.step === here)).pop()
			const done = span === undefined ? undefined : whole && lastActs.get(span)?.step === here ? lastActs.get(span) : span.to
			if (done === undefined) return NO
			if (id === 'finishes-first') {
				const others = new Set(env.run.steps.flatMap(step => (step.ran ?? []).map(line => line.worker)))
				for (const other of others) {
					if (other === worker) continue
					const theirs = env.run.steps.flatMap(step => (step.ran ?? []).filter(line => line.worker === other).map(line => ({ step: step.index, at: line.at, order: line.order, act: line.act === true, work: line.statement !== undefined && ids.has(line.statement) })))
					const first = theirs.findIndex(one => one.work)
					const end = first < 0 ? undefined : theirs.slice(first).find(one => one.act && !one.work)
					if (end !== undefined && beforeOrAt(end, done)) return NO
				}
			}
			at = done.at
			// Just before what the code went on to; the whole code's last own act is its end itself.
			place = { at: done.at, order: done.act && done.work ? done.order : done.spot }
		}
	}
	return { ...meaning, at, ...(place === undefined ? {} : { place }), ...(each === undefined ? {} : { each }) }
}

/**
 * "The old lease" with no clause before naming whose: the worker of the one lease the run (to this step's end) shows
 * live at a restart of its worker's process; undefined when the run shows none or several.
 */
function oneOldLease(context: ClaimContext): string | undefined {
	const found: string[] = []
	const held: Of<'granted'>[] = []
	for (const h of context.run.steps.slice(1, context.step.index + 1).flatMap(step => step.happenings)) {
		if (h.kind === 'granted') held.push(h)
		else if (h.kind === 'process-restarted') {
			for (let i = held.length - 1; i >= 0; i--) if ((held[i] as Of<'granted'>).worker === h.worker) found.push(...held.splice(i, 1).map(g => g.worker))
		} else if (h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended') {
			const i = held.findIndex(g => 'worker' in h && g.worker === h.worker && 'store' in h && g.store === h.store && (!('fence' in h) || g.fence === h.fence))
			if (i >= 0) held.splice(i, 1)
		}
	}
	return found.length === 1 ? found[0] : undefined
}

/** The one worker with a lease in the step (`SCENE_LEASE`): live at its start, by the world the step began with, or granted in it; undefined for none or several. */
function oneLeaseOfStep(context: ClaimContext): string | undefined {
	const whose = new Set<string>()
	for (const [id, worker] of context.step.start.workers) {
		const lease = worker.lease
		if (lease !== undefined && !lease.released && !lease.expired && !lease.gone && lease.ended !== true) whose.add(id)
	}
	for (const h of events(context.step, 'granted', () => true)) whose.add(h.worker)
	return whose.size === 1 ? [...whose][0] : undefined
}

export function referenceHolds(given: ReadResult, context: ClaimContext): boolean {
	let read = given
	// "The lock refuses: the lease is lost": the one worker whose renewal that store refused in the step.
	for (const clause of given.clauses) {
		for (const slot of clause.slots) {
			if (slot.value.type !== 'actor' || !slot.value.id.startsWith(REFUSED_LEASE)) continue
			const id = slot.value.id
			const store = id.slice(REFUSED_LEASE.length)
			const whose = new Set(events(context.step, 'renew-refused', h => h.store === store).map(h => h.worker))
			if (whose.size !== 1) return false
			const w = [...whose][0] as string
			read = { ...read, clauses: read.clauses.map(one => ({ ...one, slots: one.slots.map(each => (each.value.type === 'actor' && each.value.id === id ? { ...each, value: { type: 'actor' as const, id: w } } : each)), ...(one.subject === id ? { subject: w } : {}) })) }
		}
	}
	// "The lease" with nothing before it to say whose: the one worker whose lease was live as the step began (granted before it, not
	// let go, run out, ended or gone with its store by then), or that was given one in the step; none or several, and it names none.
	if (read.clauses.some(clause => clause.slots.some(slot => slot.value.type === 'actor' && slot.value.id === SCENE_LEASE))) {
		const w = oneLeaseOfStep(context)
		if (w === undefined) return false
		read = { ...read, clauses: read.clauses.map(clause => ({ ...clause, slots: clause.slots.map(slot => (slot.value.type === 'actor' && slot.value.id === SCENE_LEASE ? { ...slot, value: { type: 'actor' as const, id: w } } : slot)), ...(clause.subject === SCENE_LEASE ? { subject: w } : {}) })) }
	}
	if (read.clauses.some(clause => clause.slots.some(slot => slot.value.type === 'actor' && slot.value.id === SCENE_OLD_LEASE))) {
		const w = oneOldLease(context)
		if (w === undefined) return false
		read = { ...read, clauses: read.clauses.map(clause => ({ ...clause, slots: clause.slots.map(slot => (slot.value.type === 'actor' && slot.value.id === SCENE_OLD_LEASE ? { ...slot, value: { ...slot.value, id: w } } : slot)), ...(clause.subject === SCENE_OLD_LEASE ? { subject: w } : {}) })) }
	}
	const message = context.message
	if (context.place === 'note' && message) {
		const kinds = [context.run.kinds.get(message.from), context.run.kinds.get(message.to)]
		if (kinds.includes('store') && kinds.includes('database')) return false
		if (read.clauses.some(clause => clause.subject === message.to && message.to !== message.from)) return false
		// A worker's note naming its receiver says the sender told or handed it: it holds only if a grant to the receiver in the step came of the sender's release.
		if (kinds[0] === 'worker' && message.to !== message.from) {
			const naming = read.clauses.some(clause => clause.slots.some(slot => (slot.value.type === 'actor' && slot.value.id === message.to) || (slot.value.type === 'actors' && slot.value.ids.includes(message.to))))
			const handed = context.step.happenings.some(h => h.kind === 'granted' && h.worker === message.to && recorded(h, context).some(cause => cause.kind === 'released' && cause.worker === message.from))
			if (naming && !handed) return false
		}
	}
	const step = context.step
	const end = context.world.time
	const used = new Map<string, Set<Happening>>()
	const seen = new Set<Happening>()
	// The forms that told each of the step's events.
	const toldBy = new Map<Happening, Set<string>>()
	// The writes whose answer the text told, and each worker's write it told last.
	const decided = new Set<Happening>()
	const pointed = new Map<string, Of<'wrote'>>()
	const told: Held[] = []
	const failed = new Set<number>()
	let beforePlace: { at: number; order: number } | undefined
	/** Of a clause before that told several workers' events, the earliest of them: a state "while" it (not "when", nor "which") held from before it. */
	let beforeEarly: { at: number; order: number } | undefined
	let latest: { at: number; order: number } | undefined
	let now: number | undefined
	let cause: { meaning: Meaning; state: boolean; moment?: number; /** The actors its slots name. */ actors: readonly string[]; /** A state that this worker is first in line, with no moment. */ first?: string; /** An event clause's earliest event's moment; a state's, where it began in the step. */ from?: number } | undefined
	// After "X while S", X: a "because" next tells why X happened, the "while" clause an aside.
	let aside: typeof cause
	// "X because A and B": what the clause after "because" explains, which each clause joined after it by a bare "and" is a cause of too.
	let explaining: { meaning: Meaning; state: boolean; moment?: number } | undefined
	// "X, so A and B": the cause the clause after "so" follows from, which each clause joined after it by a bare "and" follows from too.
	let following: { meaning: Meaning; state: boolean; moment?: number } | undefined
	let followingSubject: string | undefined
	// An unnamed state with no event of the step its own holds at the step's end: "then" after it comes after the end.
	let atEnd = false
	// The clock the clause before told: "then" after it is no earlier.
	let clockAt: number | undefined
	// The step's events each clause's later event clauses tell, each read alone.
	const toldLater: Set<Happening>[] = []
	let later = new Set<Happening>()
	for (let index = read.clauses.length - 1; index >= 0; index--) {
		toldLater[index] = later
		const clause = read.clauses[index] as ReadClause
		if (clause.form.tells !== 'event') continue
		const alone = (MEANINGS[clause.form.id] ?? (() => NO))(clause.slots, { run: context.run, step, world: context.world, context, used: new Set() })
		if (alone.ok) later = new Set([...later, ...alone.events.filter(h => step.happenings.includes(h))])
	}
	// The step's events each clause's next clause tells, read alone, when it is joined to it (not a new sentence's first).
	const toldNext: Set<Happening>[] = read.clauses.map((_, index) => {
		const next = read.clauses[index + 1]
		if (next === undefined || next.then === 'sentence' || next.form.tells !== 'event') return new Set<Happening>()
		const alone = (MEANINGS[next.form.id] ?? (() => NO))(next.slots, { run: context.run, step, world: context.world, context, used: new Set() })
		return new Set(alone.ok ? alone.events.filter(h => step.happenings.includes(h)) : [])
	})
	// The clause before, if it held: whether it tells an event, and its moment ("When X, Y" and "Y while X" name it).
	let prior: { event: boolean; at: number | undefined; events: readonly Happening[]; began?: number; named?: number } | undefined
	// The clause before told time passing ("20 s go by").
	let passed = false
	// "When X, Y": the lease ends X told, which a clause joined to Y by a bare "and" with no moment of its own came of too.
	let handover: readonly Happening[] | undefined
	// Each state a caption told with no moment, that did not hold when the step began: whether it held at each place of the step before its moment.
	const states: { held: boolean[]; subject: string | undefined; seen: ReadonlyMap<Happening, ReadonlySet<string>> }[] = []
	// The moment told by the clause that opened its sentence with one ("At 10 s A lets go").
	let opened: number | undefined
	// The pauses of the step this sentence's event clauses told so far: "so nothing renews its lease" after one is from it on.
	let pauses: Of<'paused'>[] = []
	for (const [index, written] of read.clauses.entries()) {
		if (written.opens === true || written.then === 'sentence' || written.gap === true) pauses = []
		// "E is still waiting at the end": said only in the last step's caption, at that step's end; in any other step, not true.
		const finalStep = context.run.steps.at(-1)
		if (written.sceneEnd === true && (finalStep === undefined || finalStep.index !== step.index || context.place !== 'caption')) return false
		const clause: ReadClause = written.sceneEnd === true && finalStep !== undefined ? { ...written, modifiers: written.modifiers.map((modifier, i) => (i === 0 ? { kind: 'at', slot: { ...modifier.slot, value: { type: 'number', value: finalStep.end.time } } } : modifier)) } : written
		const family = clause.form.each
		const tells = clause.form.tells
		// A moment a sentence opens with, said of each clause it reaches (`shared`): the moment that first clause told.
		const opening = clause.modifiers[0]
		const modifier = opening?.shared !== true ? opening : opened !== undefined ? { kind: 'at' as const, slot: { ...opening.slot, value: { type: 'number' as const, value: opened } } } : opening.kind === 'at' ? opening : undefined
		// A state said to hold at the clause before (after "while", or "which"), with no moment of its own, leaves the sentence's opening
		// moment to the clauses after it; so does a cause after "because" or "since" (event or state), which is before. (After "so" a state
		// tells what held at that moment as a result: the reading gave it the moment.)
		const overlooked = (tells === 'state' && opening === undefined && clause.gap !== true && clause.then === undefined && (clause.during === true || clause.relative === true)) || (clause.then === 'because' && opening === undefined && clause.gap !== true && (tells === 'event' || tells === 'state')) || noMoment(clause, opening)
		if (opening?.shared !== true && !overlooked) opened = undefined
		// The moment the clause names.
		let moment: number | undefined
		let untold = false
		let base = 0
		// "A moment later": an event after the moment told last, else after the step before.
		const soon = modifier?.kind === 'soon' ? (now ?? context.run.steps[step.index - 1]?.end.time ?? 0) : undefined
		if (modifier && soon === undefined) {
			const value = modifier.slot.value.type === 'number' ? modifier.slot.value.value : Number.NaN
			if (modifier.kind === 'at') moment = value
			else {
				base = now ?? context.run.steps[step.index - 1]?.end.time ?? 0
				untold = now === undefined && context.toldBefore !== undefined && context.toldBefore < base
				moment = base + value
			}
		}
		if (clause.gap) {
			beforePlace = undefined
			beforeEarly = undefined
			cause = undefined
			aside = undefined
			explaining = undefined
			following = undefined
			followingSubject = undefined
			atEnd = false
			clockAt = undefined
			passed = false
			prior = undefined
			handover = undefined
		}
		const env: Env = { run: context.run, step, world: context.world, context, used: used.get(family ?? '') ?? new Set(), toldLater: toldLater[index] as Set<Happening>, toldNext: toldNext[index] as Set<Happening>, ...(latest === undefined ? {} : { toldPlace: latest }), toldEvents: new Set(seen), pointed: new Map(pointed), ...(pauses.length === 0 ? {} : { pauses: [...pauses] }) }
		if (prior?.event === true && prior.at !== undefined) {
			env.prior = prior.at
			env.priorTold = prior.events
		}
		// A comparison of fences right after a clause that tells a write is of that write (of two workers' fences, only after a colon); after a colon, the clause before must tell one.
		const binds = clause.form.compares === true && (clause.explains || clause.form.tells === 'event')
		const write = binds && cause !== undefined ? wroteOf(cause.meaning) : undefined
		if (write !== undefined) env.answered = write
		// A claim of no moment that may name one ("At 10 s nothing has renewed A's lease") reads it as a state does.
		const noneAt = clause.form.upTo === true && tells === 'none' && moment !== undefined
		if (moment !== undefined && !untold && (tells === 'state' || noneAt)) env.moment = moment
		// A worker's place in line is judged just before a happening: "B is first in line, so B gets the key" just before the grant
		// (from the line, to that worker) that is the first of the step's events the next clause tells; "B gives up while it is still
		// waiting" ("B, still waiting, gives up") just before the happening of the clause it is said of.
		const lineOwn = lineMoment(clause, read.clauses[index + 1], toldNext[index] as Set<Happening>, beforePlace, context, prior?.event === true ? prior.events : undefined)
		const timedAt = lineOwn === undefined ? beforeTimed(clause, read.clauses.slice(index + 1), step, context) : undefined
		const lineAt = lineOwn ?? timedAt
		let lineCut: number | undefined
		if (lineAt !== undefined) {
			const worlds = worldsOf(step)
			if (worlds !== undefined && worlds[lineAt] !== undefined && step.happenings[lineAt] !== undefined) {
				env.step = stepAt(step, lineAt, worlds)
				env.world = worlds[lineAt] as WorldFacts
				// Before a later clause's event with a moment of its own: the clock stands at that event's moment.
				if (timedAt !== undefined) env.world = { ...env.world, time: (step.happenings[lineAt] as Happening).at }
				env.context = { ...context, step: env.step, world: env.world }
				lineCut = lineAt
			}
		}
		let meaning = clause.form.compares === true && clause.explains && write === undefined && cause?.state !== true ? NO : (MEANINGS[clause.form.id] ?? (() => NO))(clause.slots, env)
		if (meaning.ok && clause.work !== undefined && context.run.statements?.some(statement => statement.held) === true) meaning = workMeaning(clause, meaning, env)
		if (meaning.ok && clause.saved !== undefined && !savedHolds(clause.saved, meaning, env)) meaning = NO
		// "A, still at work, saves": at work right up to the save, so begun (woken, or given the key) at an earlier moment than it.
		if (meaning.ok && clause.apposed === true && (clause.form.id === 'still-working' || clause.form.id === 'works') && prior?.event === true && prior.at !== undefined && meaning.at !== undefined && meaning.at >= prior.at) meaning = NO
		if (meaning.ok && clause.tooLate !== undefined && !tooLateHolds(clause, meaning, env)) meaning = NO
		// "It" for the fence the clause before named by its value: the comparison is of the worker's latest fence, so that must be it.
		if (meaning.ok && clause.itFence !== undefined && (clause.subject === undefined || leaseAt(env.world, clause.subject)?.fence !== fence(clause.itFence))) meaning = NO
		// Words that name the lock (or the semaphore) with no key slot: every event it tells, and every one that made it hold, is of that store.
		const ownStore = clause.keyStore
		if (meaning.ok && ownStore !== undefined && [...meaning.events, ...meaning.makers].some(h => 'store' in h && h.store !== undefined && h.store !== ownStore)) meaning = NO
		// Of several stores of that kind (two semaphores beside a lock): one of them.
		const ownStores = clause.keyStores
		if (meaning.ok && ownStores !== undefined && [...meaning.events, ...meaning.makers].some(h => 'store' in h && h.store !== undefined && !ownStores.includes(h.store))) meaning = NO
		const fail = () => {
			failed.add(index)
			beforePlace = undefined
			beforeEarly = undefined
			cause = undefined
			aside = undefined
			explaining = undefined
			following = undefined
			followingSubject = undefined
			atEnd = false
			clockAt = undefined
			passed = false
			prior = undefined
			handover = undefined
		}
		// "B, who was waiting, …": the grant it tells came to B from the line.
		// "finally" of a grant: it had waited; "this time" of a grant or an ask: it had asked before (`earlierOk`).
		const upTo = [...earlierSteps(env), step].flatMap(one => one.happenings)
		const askedBeforeOk = clause.earlier === undefined || earlierOk(env, clause.earlier.word, meaning.events.filter(h => upTo.includes(h)), clause.subject, meaning.free, clause.earlier.own === true, clause.earlier.fence === true, clause.earlier.waits === true)
		if (!askedBeforeOk) {
			fail()
			continue
		}
		const waitedOk = clause.waited === undefined || meaning.events.some(h => h.kind === 'granted' && h.worker === clause.subject && h.place !== undefined && (!(clause.waited?.allAlong || clause.waited?.wholeTime) || inLineAllAlong(env.run, env.step, h, clause.waited?.allAlong === true)))
		// "With it" with no clause before it in its sentence about its worker names no fence the text told.
		// "A moment later", "a bit later", "a little while later": and at most 3 s after the moment the reader was told last.
		const soonFrom = now ?? context.toldBefore ?? soon
		const tooLate = soon !== undefined && soonFrom !== undefined && /^(?:a moment|a bit|a little while)$/i.test(modifier?.slot.text ?? '') && [meaning.at as number, ...(meaning.each ?? [])].some(each => each - soonFrom > 3000)
		// "The new A": A's crashed process restarted by the moment the clause tells.
		const restartOk = clause.restarted === undefined || upTo.some(h => h.kind === 'process-restarted' && h.worker === clause.subject && h.at <= (meaning.at ?? env.world.time))
		if (!meaning.ok || clause.alone === true || !waitedOk || !restartOk || (modifier && !noneAt && (tells === 'none' || meaning.at === undefined)) || untold || tooLate || (soon !== undefined && (tells !== 'event' || (meaning.each ?? [meaning.at as number]).some(each => each <= soon)))) {
			fail()
			continue
		}
		let at: number | undefined
		let ended: Happening[] | undefined
		let endedThen = false
		if (tells === 'state') {
			if (moment !== undefined) {
				const from = meaning.at as number
				// A past tense tells a happening: a moment it names is that happening's.
				if (clause.form.past === true && moment !== from) {
					fail()
					continue
				}
				// At the very moment an event of the step ended it: of just before that event, which a later clause tells.
				if (clause.form.past !== true && from < moment && meaning.until === moment && meaning.endedBy !== undefined) {
					ended = endingOf(meaning.endedBy, step)
					endedThen = true
				}
				else if (!(from <= moment && (meaning.until === undefined ? moment <= end : moment < meaning.until))) {
					fail()
					continue
				}
				at = moment
			} else if (meaning.until !== undefined && meaning.until <= end) ended = endingOf(meaning.endedBy, step)
		} else if (noneAt) {
			// What did not happen up to the moment it names: no happening of its own there.
		} else if (moment !== undefined) {
			// Several workers' events: the moment named ("at 5 s", "5 s later") is each one's.
			if ((meaning.each ?? [meaning.at]).some(each => each !== moment)) {
				fail()
				continue
			}
			if (meaning.at !== moment) {
				fail()
				continue
			}
			at = moment
		} else at = meaning.at
		// "X while S at T": T is the moment X happened, the latest the text told.
		if (clause.during && tells === 'state' && moment !== undefined && now !== undefined && moment !== now) {
			fail()
			continue
		}
		if (clause.during && tells === 'state' && moment === undefined && !heldWhile(meaning.until, step.start.time, now)) {
			fail()
			continue
		}
		// Nor had it ended at that moment, before the clause before's happening in the step's order.
		if (clause.during && tells === 'state' && moment === undefined && meaning.until !== undefined && meaning.endedBy !== undefined && beforePlace !== undefined && beforePlace.at === meaning.until && step.happenings.includes(meaning.endedBy) && step.happenings.indexOf(meaning.endedBy) < beforePlace.order) {
			fail()
			continue
		}
		if (clause.length && (clause.form.id === 'starts-working' ? !longWork(clause.slots, meaning, env) : !pauseWas(clause, context, clause.length.word, meaning.events, at))) {
			fail()
			continue
		}
		if (clause.lasted && !workLasted(clause.slots, meaning, env, clause.lasted.ms)) {
			fail()
			continue
		}
		// "Nothing happens until X": the step's happenings before X's moment are only the clock's passing and arrows being drawn.
		if (clause.quiet && (at === undefined || step.happenings.some(h => h.at < (at as number) && !['waited', 'sent'].includes(h.kind)))) {
			fail()
			continue
		}
		// "The export freezes B": a noun of the scene's code as what paused it says B's code was at that work in a hold as it paused.
		if (clause.workCause && clause.subject !== undefined) {
			const pause = meaning.events.find(h => h.kind === 'paused' && h.worker === clause.subject && step.happenings.includes(h))
			if (pause !== undefined && !workingAsPaused(context, clause.subject, pause)) {
				fail()
				continue
			}
		}
		// Of several workers' events, each one's first in the step, in the step's order.
		const group = tells === 'event' ? actors(clause.slots.find(slot => slot.value.type === 'actors')) : []
		const own = group.flatMap(w => {
			const h = step.happenings.find(one => meaning.events.includes(one) && actorOfEvent(one) === w)
			return h === undefined ? [] : [h]
		})
		const also = clause.also?.word
		if (also !== undefined && (own.length > 0 ? own.some(h => !cameBefore(also, { ...meaning, events: [h] }, clause, context)) : !cameBefore(also, meaning, clause, context))) {
			fail()
			continue
		}
		// It held: its causes, then its order.
		const inStep = meaning.events.filter(h => step.happenings.includes(h))
		const first = inStep.find(h => h.at === meaning.at)
		// A state with no event of its own in the step stands where the latest event of the step that made it hold does.
		const makersInStep = tells === 'state' && first === undefined ? meaning.makers.filter(h => step.happenings.includes(h)).map(h => ({ at: h.at, order: step.happenings.indexOf(h) })) : []
		const made = makersInStep.reduce<{ at: number; order: number } | undefined>((latest, p) => (latest === undefined || after(latest, p) ? p : latest), undefined)
		const place = meaning.place ?? (first === undefined ? made : { at: first.at, order: step.happenings.indexOf(first) - (meaning.justBefore ? 0.5 : 0) })
		const isState = tells === 'state'
		// A clause about several workers' events stands after something only if the earliest of them does.
		const earliest = own.map(h => ({ at: h.at, order: step.happenings.indexOf(h) })).sort((a, b) => a.order - b.order)[0]
		const early = place !== undefined && earliest !== undefined && after(earliest, place) ? earliest : place
		const ordered = clause.then === 'then' || clause.then === 'when'
		// "X while S": S began no later than X, in the step's order of happenings.
		let wrong = clause.during === true && isState && moment === undefined && place !== undefined && beforePlace !== undefined && (clause.when === 'event-first' ? place.at > beforePlace.at : after(clause.when === undefined && clause.relative !== true ? (beforeEarly ?? beforePlace) : beforePlace, place))
		// After time told passing, which is the step's passage from its start, S held from that start ("When E, S" names E's moment instead).
		if (clause.during === true && clause.when !== 'event-first' && isState && moment === undefined && place !== undefined && cause?.meaning.clock?.moved === true && place.at > step.start.time) wrong = true
		// A lease said live is live at the moment named, else at the text's moment when it did not end in the step.
		// A meaning that names the moment itself ("the lease never runs out": live to the step's end, or its let-go in it) keeps it.
		const liveAt = meaning.live?.at ?? (isState && meaning.live !== undefined ? (at ?? (meaning.until === undefined ? context.world.time : undefined)) : undefined)
		const lived: Meaning = meaning.live === undefined ? meaning : liveAt === undefined ? { ...meaning, live: undefined } : { ...meaning, live: { ...meaning.live, at: liveAt } }
		// Of several workers' events, or a state of several ("B and C hold the key"): a cause of it is why each one's happened, and told as a cause, each one's is why.
		const several = isState ? actors(clause.slots.find(slot => slot.value.type === 'actors')) : group
		// Every actor its slots name, each once.
		const named = [...new Set(clause.slots.flatMap(slot => (slot.value.type === 'actor' ? [slot.value.id] : actors(slot))))]
		const said: Meaning = several.length > 1 && !clause.form.others ? { ...lived, group: several } : lived
		// The moment of what this clause tells, at which a state told as its cause must hold: an event's (of several, the last) or the clock's,
		// a state's named moment, else the end of the span it held in the step, else the text's moment.
		const momentHere = isState ? (at ?? (meaning.until !== undefined && meaning.until <= end ? meaning.until : end)) : tells !== 'none' && at !== undefined ? Math.max(at, ...(meaning.each ?? [])) : undefined
		// After "X while S", "so Y" says Y follows from X (the "while" clause an aside, said of X) or from S: wrong only when from neither.
		let soFrom = cause
		if (!wrong && (clause.then === 'so' || clause.so === true) && cause !== undefined) {
			const from = (c: NonNullable<typeof cause>): boolean => {
				const renewal = !c.state && renewalKept(c.meaning, said, context)
				// A worker first in line is why the engine gave it the key from that line.
				if (clause.then === 'so' && c.first !== undefined && firstGot(c.first, said, context)) return true
				if (!causes(c.meaning, said, context, c.state, isState, momentHere) && !renewal) return false
				// A state after "so" is what the events told before it made so: it did not hold yet on the step as it stood right before the
				// first of them (a renewal keeping a lease live at a later moment aside).
				return !(isState && !c.state && !renewal && heldBefore(clause, c.meaning.events, env) === true)
			}
			// Not S itself, told again (made by the same events, the same kind of state): it held before X, and a state follows from nothing it is.
			const same = cause.state && isState && cause.meaning.free === said.free && (cause.meaning.told ?? cause.meaning.makers).length > 0 && new Set(cause.meaning.told ?? cause.meaning.makers).size === new Set(said.makers).size && (cause.meaning.told ?? cause.meaning.makers).every(h => said.makers.includes(h))
			if (clause.then === 'so' && aside !== undefined && from(aside)) soFrom = aside
			else if (clause.then === 'so' && aside !== undefined && same) wrong = true
			else wrong = !from(cause)
		}
		else if (!wrong && clause.then === 'because' && (aside ?? cause) !== undefined) {
			const explained = (aside ?? cause) as { meaning: Meaning; state: boolean; moment?: number }
			wrong = !causes(said, explained.meaning, context, isState, explained.state, explained.moment) && !(!isState && renewalKept(said, explained.meaning, context))
		} else if (!wrong && clause.explains === true && clause.form.compares !== true && cause !== undefined) {
			// "X: Y" of two claims: Y is why X happened, or what came of it; or, X telling events all at one moment, what came then to
			// actors X names: Y names actors, none but X's, and each of its events came at that moment, or its state began to hold then.
			const then = !cause.state && cause.moment !== undefined && cause.from === cause.moment ? cause.moment : undefined
			// And what Y tells is what X's events came to: each of its events (a state's, as a cause) is one of X's, or a worker's ask of X answered (given the key, given up, left the line); a comparison of fences only ever tells why.
			const ofX = (h: Happening) => cause?.meaning.events.includes(h) === true || cause?.meaning.events.some(a => a.kind === 'asked' && (h.kind === 'granted' || h.kind === 'gave-up' || h.kind === 'left') && h.worker === a.worker && h.store === a.store && h.at >= a.at) === true
			const mine = isState ? (said.told ?? said.makers) : said.events
			const cameAt = then !== undefined && named.length > 0 && named.every(actor => cause?.actors.includes(actor)) && (isState ? place?.at === then : tells === 'event' && momentHere === then && early?.at === then) && said.compares === undefined && mine.length > 0 && mine.every(ofX)
			const why = causes(said, cause.meaning, context, isState, cause.state, cause.moment) || (!isState && renewalKept(said, cause.meaning, context))
			// A comparison of fences after a colon tells why a write was answered, never what came of X.
			const cameOf = said.compares === undefined && (causes(cause.meaning, said, context, cause.state, isState, momentHere) || (!cause.state && renewalKept(cause.meaning, said, context)))
			// Or why a grant's fence is what it is: Y tells the open that wrote the epoch the fence of a grant X tells carries.
			const run = [...context.run.steps.slice(0, context.step.index), step].flatMap(one => one.happenings)
			const epochOf = (grant: Of<'granted'>) => run.slice(0, run.indexOf(grant)).filter(h => (h.kind === 'restarted' || h.kind === 'restored') && h.store === grant.store).pop()
			const fenceWhy = cause.meaning.events.some(g => g.kind === 'granted' && g.fence !== undefined && (said.told ?? said.makers).some(o => (o.kind === 'restarted' || o.kind === 'restored') && o === epochOf(g) && o.epoch === fenceEpoch(g.fence as bigint)))
			wrong = !why && !cameOf && !fenceWhy && !cameAt
		}
		// A copy of an opening "While S," held at a clause before the main part's last tells nothing: it leaves what the text told as it was.
		if (clause.repeated) {
			if (wrong) failed.add(index)
			continue
		}
		// A clause a bare "and" joins to the cause "because" tells is a cause too: of what that "because" explains.
		const alsoOf = clause.then === undefined && clause.bareAnd === true && clause.during !== true && clause.relative !== true && clause.gap !== true ? explaining : undefined
		if (!wrong && alsoOf !== undefined && cause !== undefined) wrong = !causes(said, alsoOf.meaning, context, isState, alsoOf.state, alsoOf.moment) && !(!isState && renewalKept(said, alsoOf.meaning, context))
		explaining = clause.then === 'because' ? (aside ?? cause) : alsoOf
		// A clause a bare "and" joins to the effect "so" tells follows from the same cause.
		// One that goes on with the subject of the clause it is joined to, telling only what that subject's own code did (asked, saved, renewed,
		// let go, left the line), tells what that subject did next, not another effect; what befell it (a crash, a pause, an expiry), or a state made by anything else (a wait in line tells its own ask), does not.
		const joinedOn = clause.then === undefined && clause.bareAnd === true && clause.during !== true && clause.relative !== true && clause.gap !== true
		const ownTold = said.told ?? said.events
		const didNext = clause.subject !== undefined && clause.subject === followingSubject && ownTold.length > 0 && ownTold.every(h => ['asked', 'wrote', 'answered', 'renewed', 'released', 'returned', 'left'].includes(h.kind) && (('worker' in h && h.worker === clause.subject) || ('database' in h && h.database === clause.subject)))
		const alsoAfter = joinedOn && !didNext ? following : undefined
		if (!wrong && alsoAfter !== undefined && cause !== undefined) {
			wrong = !causes(alsoAfter.meaning, said, context, alsoAfter.state, isState, momentHere) && !(!alsoAfter.state && renewalKept(alsoAfter.meaning, said, context))
			// Or it follows from the clause it is joined to (a chain), unless it tells a wait, a refused try or a give-up: those follow from the key held.
			const waits = said.makers.some(h => h.kind === 'asked' || h.kind === 'refused' || h.kind === 'gave-up')
			if (wrong && !waits) wrong = !causes(cause.meaning, said, context, cause.state, isState, momentHere) && !(!cause.state && renewalKept(cause.meaning, said, context))
			// A state joined so is what the clause before "so" made so, as one right after "so" is.
			if (!wrong && isState && !alsoAfter.state && !renewalKept(alsoAfter.meaning, said, context)) wrong = heldBefore(clause, alsoAfter.meaning.events, env) === true
		}
		following = clause.then === 'so' || clause.so === true ? soFrom : joinedOn ? following : undefined
		followingSubject = clause.subject
		aside = clause.during === true && isState ? cause : undefined
		const begun = isState ? place?.at : tells === 'event' ? early?.at : undefined
		cause = { meaning: said, state: isState, ...(momentHere === undefined ? {} : { moment: momentHere }), actors: named, ...(begun === undefined ? {} : { from: begun }), ...(saysFirstInLine(clause) ? { first: clause.subject as string } : {}) }
		// A write's answer told for the first time is news: it takes its place in order like an event not told before.
		const fresh = tells === 'event' && (inStep.some(h => !seen.has(h)) || (meaning.decides !== undefined && step.happenings.includes(meaning.decides) && !decided.has(meaning.decides)))
		// Time told passing is the step's passage from its start: nothing told before it, at a moment it named or not, came after that start.
		if (!wrong && meaning.clock?.moved === true && latest !== undefined && latest.at > step.start.time) wrong = true
		// An ask drawn only as its grant has no time to put after the clause before.
		if (!wrong && prior !== undefined && place === undefined && tells === 'event' && (clause.then === 'then' || clause.then === 'so' || clause.then === 'when')) wrong = meaning.events.some(h => h.kind === 'asked' && h.unshown === true && step.happenings.includes(h))
		// "Right then" first in a text: at the latest moment the captions before it told, else no moment before it to be at.
		if (!wrong && prior === undefined && clause.then === 'when' && clause.same !== undefined) {
			const told = context.place === 'caption' || context.place === 'note' ? context.toldBefore : undefined
			wrong = told === undefined || at !== told || (early !== undefined && early.at !== told)
		}
		// "When X, Y" of two events, and "X while Y" of an event Y: Y happened at X's moment, each of its events.
		if (!wrong && prior !== undefined && (clause.then === 'when' || (clause.during === true && tells === 'event'))) {
			// After a state ("When the key is free, B gets it"), the moment is the one the state began to hold in the step.
			const was = !prior.event && clause.during !== true ? (prior.named ?? prior.began) : prior.event ? prior.at : undefined
			wrong = was === undefined || at === undefined || at !== was || (early !== undefined && early.at !== was)
			// A grant at the moment of a clause that freed its key came of that freeing, as the engine recorded it.
			if (!wrong && prior.event) {
				const ends: readonly Happening[] = prior.events.filter(h => h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended')
				wrong = inStep.some(h => h.kind === 'granted' && ends.some(e => 'store' in e && e.store === h.store) && !recorded(h, context).some(c => ends.includes(c)))
			}
		}
		// "When A lets go, B asks and gets it": a grant after a bare "and" (no moment of its own) came of the lease end "When" names.
		const andAfterWhen = (clause.then === undefined || clause.reached === true) && clause.during !== true && modifier === undefined && clause.gap !== true
		if (!wrong && andAfterWhen && handover !== undefined) {
			const ends = handover
			wrong = inStep.some(h => h.kind === 'granted' && ends.some(e => 'store' in e && e.store === h.store) && !recorded(h, context).some(c => ends.includes(c)))
		}
		// After time told passing, an event told next with no moment of its own happened in that passage, after the step's start.
		if (!wrong && passed && tells === 'event' && early !== undefined && early.at <= step.start.time && modifier === undefined && !ordered && clause.then !== 'because') wrong = true
		// An event told after such a state happened while it held, up to its moment: else the reader takes the state as holding before it, and it did not. The last
		// place it did not hold is just before the event that began it, which a clause naming no moment may tell beside it: joined by a bare "and" or a comma to a state of its own subject, or telling what came of it.
		if (!wrong && tells === 'event' && early !== undefined && clause.then !== 'because' && clause.explains !== true) wrong = states.some(({ held, subject, seen: before }) => !(inStep.length > 0 && inStep.every(h => before.get(h) !== undefined && !before.get(h)?.has(clause.form.id))) && (early.order < held.lastIndexOf(false) || (early.order === held.lastIndexOf(false) && (modifier !== undefined || (clause.form.follows !== true && (clause.then !== undefined || subject === undefined || subject !== clause.subject))))))
		if (!wrong && place !== undefined && early !== undefined) {
			if (ordered) wrong = atEnd || (clockAt !== undefined && early.at < clockAt) || (latest !== undefined && (isState ? after(place, latest) : !after(latest, early) && !(clause.form.follows === true && latest.at === early.at && latest.order === early.order)))
			else if (clause.then === 'so') wrong = beforePlace !== undefined && after(early, beforePlace)
			else if (clause.then === 'because') wrong = beforePlace !== undefined && after(beforePlace, place)
			// An event told already, told again with nothing to order it right after a clause that told a happening of its kind: that one, or later; not an earlier one.
			// After a clause of another kind: at that clause's moment, not an earlier moment.
			else wrong = (fresh && latest !== undefined && after(early, latest)) || (!fresh && tells === 'event' && prior !== undefined && (inStep.some(h => prior?.events.some(p => p.kind === h.kind) === true) || (beforePlace !== undefined && early.at < beforePlace.at)) && !inStep.some(h => prior?.events.includes(h) === true) && (clause.then === undefined || clause.then === 'sentence') && clause.relative !== true && clause.gap !== true && !clause.modifiers.some(m => m.shared !== true) && beforePlace !== undefined && after(early, beforePlace))
		}
		if (wrong) failed.add(index)
		else {
			if (opening !== undefined && opening.shared !== true) opened = at
			if (place !== undefined && (latest === undefined || after(latest, place))) latest = place
			const seenBefore = new Map([...toldBy].map(([h, forms]) => [h, new Set(forms)] as const))
			for (const h of inStep) seen.add(h)
			for (const h of inStep) toldBy.set(h, new Set([...(toldBy.get(h) ?? []), clause.form.id]))
			for (const h of step.happenings) if (h.kind === 'wrote' && inStep.includes(h)) pointed.set(h.worker, h)
			if (meaning.decides !== undefined) decided.add(meaning.decides)
			if (tells === 'event') for (const h of inStep) if (h.kind === 'paused') pauses.push(h)
			if (family !== undefined) used.set(family, new Set([...(used.get(family) ?? []), ...inStep]))
			told.push({ clause, meaning, ...(place ? { place } : {}), ...(ended ? { ended } : {}), ...(endedThen ? { endedThen: true as const } : {}), index })
			if (isState && modifier === undefined && context.place === 'caption') {
				const held = heldAtPlaces(clause, context, meaning.until !== undefined && meaning.until <= end && meaning.endedBy !== undefined ? step.happenings.indexOf(meaning.endedBy) : (lineCut ?? step.happenings.length))
				if (held !== undefined && held.includes(false)) states.push({ held, subject: clause.subject, seen: seenBefore })
			}
		}
		beforePlace = place
		beforeEarly = early
		atEnd = isState && place === undefined && moment === undefined && ended === undefined
		clockAt = tells === 'clock' ? meaning.at : undefined
		// Of a state, also where in the step it began to hold: "When S, E" puts E at that moment.
		// Of a state at a moment it names ("When the key is free at 0 s, B gets it"): that moment, which puts E there.
		handover = clause.then === 'when' && clause.reached !== true && prior?.event === true ? prior.events.filter(h => h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') : andAfterWhen ? handover : undefined
		prior = { event: tells === 'event', at: tells === 'none' ? undefined : at, events: meaning.events, ...(isState && place !== undefined ? { began: place.at } : {}), ...(isState && moment !== undefined ? { named: moment } : {}) }
		passed = meaning.clock?.moved === true
		if (at !== undefined && tells !== 'none') now = now === undefined ? at : Math.max(now, at)
		// "5 s later" after it counts from the moment it names.
		if (noneAt && moment !== undefined) now = now === undefined ? moment : Math.max(now, moment)
	}
	// A state told with no moment that ended in the step: a later clause tells what ended it, or a later clause did not hold.
	for (const held of told) {
		if (held.ended === undefined) continue
		if ([...failed].some(index => index > held.index)) continue
		const ended = held.ended
		// After "while", the clause before may tell it: "an operator ends B's lease while B holds the key".
		const before = held.clause.during === true ? held.index - 1 : undefined
		// Of the very moment it ended: only the clause right after it, joined by "then".
		if (held.endedThen === true ? !told.some(later => later.index === held.index + 1 && later.clause.then === 'then' && later.meaning.events.some(h => ended.includes(h))) : !told.some(later => (later.index > held.index || later.index === before) && later.meaning.events.some(h => ended.includes(h)))) failed.add(held.index)
	}
	if (failed.size > 0) return false
	// A caption tells every event of a family's kind its actor had in the step, once it tells one.
	if (context.place === 'caption') {
		for (const events of used.values()) {
			const kinds = new Set([...events].map(h => `${h.kind} ${actorOfEvent(h)}`))
			for (const kind of kinds) {
				const all = step.happenings.filter(h => `${h.kind} ${actorOfEvent(h)}` === kind)
				if ([...events].filter(h => all.includes(h)).length < all.length) return false
			}
		}
	}
	return true
}

/**
 * Whether a state clause held on its step cut right before the first of `events` that is the step's own (at the end of that cut, not
 * over a span of it that ended before); undefined when none is, or the step's places are unknown.
 */
function heldBefore(clause: ReadClause, events: readonly Happening[], env: Env): boolean | undefined {
	const places = events.map(h => env.step.happenings.indexOf(h)).filter(i => i >= 0)
	const worlds = worldsOf(env.step)
	if (places.length === 0 || worlds === undefined) return undefined
	const place = Math.min(...places)
	const step = stepAt(env.step, place, worlds)
	const world = worlds[place] as WorldFacts
	const { moment: _moment, toldLater: _later, toldNext: _next, toldPlace: _place, toldEvents: _events, ...rest } = env
	const then = (MEANINGS[clause.form.id] ?? (() => NO))(clause.slots, { ...rest, step, world, context: { ...env.context, step, world } })
	return then.ok && then.until === undefined
}

/** Whether a state clause held at each place of its step before `upTo` (before the step's first happening, its second, ...); undefined when the step's places are unknown. */
function heldAtPlaces(clause: ReadClause, context: ClaimContext, upTo: number): boolean[] | undefined {
	const worlds = worldsOf(context.step)
	if (worlds === undefined) return undefined
	const meaning = MEANINGS[clause.form.id] ?? (() => NO)
	const held: boolean[] = []
	for (let place = 0; place < upTo; place++) {
		const step = stepAt(context.step, place, worlds)
		const world = worlds[place] as WorldFacts
		// At the end of the step cut there: not only over a span of it that ended before.
		const at = meaning(clause.slots, { run: context.run, step, world, context: { ...context, step, world }, used: new Set() })
		held.push(at.ok && at.until === undefined)
	}
	return held
}

function actorOfEvent(h: Happening): string {
	return 'worker' in h ? h.worker : 'store' in h ? h.store : 'database' in h ? String(h.database) : ''
}

/** The events that ended a state: its end, and for a lease gone with its store, the open that took it. */
function endingOf(end: Happening | undefined, step: StepFacts): Happening[] {
	if (!end) return []
	const open = end.kind === 'gone' ? [...step.happenings.slice(0, step.happenings.indexOf(end))].reverse().find(h => (h.kind === 'restarted' || h.kind === 'restored') && h.store === end.store && h.at === end.at) : undefined
	return open ? [end, open] : [end]
}

/**
 * The pause a clause tells, while w held the lease of its last grant, a hold that renews on its own (every third of the TTL), before the first
 * renewal it had due, or (`next`) the next: a third of the TTL after its last renewal on its own of that lease, else after the grant.
 */
function pausedBeforeDueRef(s: readonly Slot[], env: Env, next: boolean): Meaning {
	const pause = pauseTold(env, actor(s[0]))
	if (!pause) return NO
	const before = [...earlierSteps(env).flatMap(step => step.happenings), ...env.step.happenings.slice(0, env.step.happenings.indexOf(pause))]
	let g = -1
	before.forEach((h, i) => { if (h.kind === 'granted' && h.worker === pause.worker) g = i })
	const grant = before[g]
	if (grant?.kind !== 'granted' || grant.renews !== true) return NO
	let base = grant.at
	for (const h of before.slice(g + 1)) {
		if ('worker' in h && h.worker === pause.worker && 'store' in h && h.store === grant.store && (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended')) return NO
		// The first renewal due: none of the lease may have come before the pause, by hand or on its own.
		if (!next && h.kind === 'renewed' && h.worker === pause.worker && h.store === grant.store) return NO
		if (next && h.kind === 'renewed' && h.worker === pause.worker && h.store === grant.store && h.auto === true) base = h.at
	}
	return pause.at < base + grant.ttl / 3 ? event(pause) : NO
}

/**
 * Whether the worker's code was in the body of a hold, its process running, up to the pause: written from the meaning, walking the
 * run's events before it (in at a grant; out at a let-go or return of that store, a crash, a new ask; a pause or a waking).
 */
function workingAsPaused(context: ClaimContext, worker: string, pause: Happening): boolean {
	const all = context.run.steps.slice(1, context.step.index + 1).flatMap(step => step.happenings)
	let hold: Of<'granted'> | undefined
	let running = true
	for (const h of all.slice(0, all.indexOf(pause))) {
		if (!('worker' in h) || h.worker !== worker) continue
		if (h.kind === 'granted') hold = h
		else if (h.kind === 'paused') running = false
		else if (h.kind === 'woke') running = true
		else if (hold !== undefined && (((h.kind === 'released' || h.kind === 'returned') && h.store === hold.store) || h.kind === 'crashed' || h.kind === 'asked')) hold = undefined
	}
	return hold !== undefined && running
}

/** Whether a pause was long (its worker's lease, live as it paused, ran out before it woke or crashed, or would have) or short. */
function pauseWas(clause: ReadClause, context: ClaimContext, word: 'long' | 'short', events: readonly Happening[], moment: number | undefined): boolean {
	const worker = clause.subject
	if (worker === undefined) return true
	const steps = context.run.steps
	// The pause told: the one begun at the clause's own happening in the step, or the last begun before it; with none, the
	// last begun by its moment (or by the step's end). A crash is never a pause: it ends one.
	const here = context.step.happenings
	const mine = here.filter(h => events.includes(h) && 'worker' in h && h.worker === worker)
	let upTo = here.length - 1
	if (mine.length > 0) upTo = Math.max(...mine.map(h => here.indexOf(h)))
	else if (moment !== undefined) while (upTo >= 0 && (here[upTo] as Happening).at > moment) upTo--
	let found: { step: number; index: number } | undefined
	for (let s = context.step.index; s >= 0 && !found; s--) {
		const list = steps[s]?.happenings ?? []
		for (let i = s === context.step.index ? upTo : list.length - 1; i >= 0; i--) {
			const h = list[i] as Happening
			if (h.kind === 'paused' && h.worker === worker) {
				found = { step: s, index: i }
				break
			}
		}
	}
	if (!found) return false
	const at = steps[found.step] as StepFacts
	let isLive = at.start.workers.get(worker)?.lease !== undefined && state(at.start.workers.get(worker)?.lease as NonNullable<ReturnType<typeof leaseAt>>) === 'live'
	let lifetime = isLive ? at.start.workers.get(worker)?.lease?.ttl : undefined
	for (const h of at.happenings.slice(0, found.index)) {
		if (!('worker' in h) || h.worker !== worker) continue
		if (h.kind === 'granted') {
			isLive = true
			lifetime = h.ttl
		}
		if (h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended') isLive = false
	}
	if (!isLive) return false
	let ranOut = false
	let settled = false
	let takenAt: number | undefined
	let endedAt: number | undefined
	const last = context.run.lookAhead ?? steps.length - 1
	for (let s = found.step; s <= last && !settled; s++) {
		const step = steps[s]
		if (!step) break
		for (let i = s === found.step ? found.index + 1 : 0; i < step.happenings.length; i++) {
			const h = step.happenings[i] as Happening
			if (!('worker' in h) || h.worker !== worker) continue
			if (h.kind === 'expired') {
				ranOut = true
				settled = true
				break
			}
			if (h.kind === 'gone' || h.kind === 'ended') takenAt = step.end.workers.get(worker)?.lease?.expiresAt
			// The pause ends when the process wakes, or when it crashes: a dead process is no paused one.
			if (h.kind === 'woke' || h.kind === 'crashed') {
				settled = true
				ranOut = takenAt !== undefined && h.at >= takenAt
				endedAt = h.at
				break
			}
		}
	}
	if (!settled && context.run.lookAhead !== undefined) return true
	const began = (at.happenings[found.index] as Happening).at
	if (word === 'long') {
		if (!ranOut) return false
		if (lifetime === undefined) return true
		// Long against the lease as well: at least a fifth of its time to live, from the pause to its waking or crash (or the last step seen).
		const rest = steps.slice(found.step, last + 1).flatMap((step, k) => (k === 0 ? step.happenings.slice(found.index + 1) : step.happenings))
		const stop = rest.find(h => (h.kind === 'woke' || h.kind === 'crashed') && h.worker === worker)
		return 5 * ((stop?.at ?? (steps[last] as StepFacts).end.time) - began) >= lifetime
	}
	// Short: the lease outlasted it, and it lasted at most a third of the lease's time to live (up to the last step seen, if it never ended).
	const until = endedAt ?? (steps[last] as StepFacts).end.time
	return !ranOut && (lifetime === undefined || 3 * (until - began) <= lifetime)
}

// ---- causes ----

/** The events each event follows from, as the engine recorded them. */
function recorded(event: Happening, context: ClaimContext): readonly Happening[] {
	return context.step.causes?.get(event) ?? []
}

/**
 * The events given and all they follow from, by the recorded causes; but a wait, a refused try or a give-up follows from the key
 * held, so through a grant it follows from (the holder's), not from the lease end that freed the key for that holder: the key
 * was held before that end as well. A grant reached by another way is followed in full. `skip` names a step back not to take (from a happening to one it follows from).
 */
function upstream(start: readonly Happening[], context: ClaimContext, skip: (next: Happening, up: Happening) => boolean = () => false): Set<Happening> {
	const how = new Map<Happening, 'all' | 'held'>()
	const queue: Happening[] = []
	const visit = (h: Happening, mode: 'all' | 'held') => {
		const had = how.get(h)
		if (had === 'all' || had === mode) return
		how.set(h, mode)
		queue.push(h)
	}
	for (const h of start) visit(h, 'all')
	while (queue.length > 0) {
		const h = queue.shift() as Happening
		const mode = how.get(h)
		const waits = h.kind === 'asked' || h.kind === 'refused' || h.kind === 'gave-up'
		for (const up of recorded(h, context)) {
			if (skip(h, up)) continue
			if (mode === 'held' && (up.kind === 'released' || up.kind === 'expired' || up.kind === 'gone' || up.kind === 'ended')) continue
			visit(up, waits && up.kind === 'granted' ? 'held' : 'all')
		}
	}
	return new Set(how.keys())
}

/**
 * `fence(lease(w, t)) > f` for every fence f a grant carried before the grant of w's lease (of any
 * worker and store), or, `sinceRestart`, before the last restart of that lease's store so far, which
 * came before its grant; there is one such fence at least. Made by that grant (and that restart).
 */
function largerThanAllBefore(env: Env, w: string, sinceRestart: boolean): Meaning {
	const lease = leaseAt(env.world, w)
	const own = leaseGrant(env, w)[0]
	if (lease?.fence === undefined || own === undefined) return NO
	const all = upTo(env).flatMap(step => step.happenings)
	const moment = env.moment ?? env.prior
	let before = !sinceRestart && moment !== undefined && moment > own.at ? all.filter(h => h !== own && h.at <= moment) : all.slice(0, all.indexOf(own))
	const restart = all.filter(h => h.kind === 'restarted' && h.store === lease.store).pop()
	if (sinceRestart) {
		if (restart === undefined || all.indexOf(restart) > all.indexOf(own)) return NO
		before = before.slice(0, before.indexOf(restart))
	}
	const fences = before.flatMap(h => (h.kind === 'granted' && h.fence !== undefined ? [h.fence] : []))
	const rows = sinceRestart ? [] : [...(env.run.steps[0]?.end.databases.values() ?? [])].flatMap(row => (row.fence === undefined ? [] : [row.fence]))
	if (fences.length === 0 || [...fences, ...rows].some(f => f >= (lease.fence as bigint))) return NO
	return holdsNow(true, sinceRestart && restart !== undefined ? [restart, own] : [own], env)
}

/** Whether a database that checks fences refuses the write: its fence (one a store gave) is no larger than the row's as it came. */
function refusedWithFences(write: Of<'wrote'>): boolean {
	return write.noFence === true || !(write.fence > write.before)
}

/** "B is first in line", "B is next in line": a state that its worker stands first in line, with no moment, not said of another clause. */
function saysFirstInLine(clause: ReadClause): boolean {
	const first = clause.form.id === 'next-in-line' || (clause.form.id === 'place-in-line' && clause.slots[1]?.value.type === 'number' && clause.slots[1].value.value === 1)
	return first && clause.subject !== undefined && clause.modifiers.length === 0 && clause.during !== true && clause.relative !== true
}

/** Each event the effect tells is a grant to the worker from the line, which stood first in the line of that key just before it. */
function firstGot(worker: string, effect: Meaning, context: ClaimContext): boolean {
	const worlds = worldsOf(context.step)
	return effect.events.length > 0 && effect.events.every(h => {
		const at = context.step.happenings.indexOf(h)
		const line = at < 0 ? undefined : worlds?.[at]?.stores.get(h.kind === 'granted' ? h.store : '')
		return h.kind === 'granted' && h.worker === worker && h.place !== undefined && line?.waiters[0] === worker
	})
}

/**
 * Where in the step a caption's state of a worker's place in line is judged, if not at its end: a place-in-line state of one worker
 * with no moment, right before "so" and an event clause whose first event of the step (read alone) is a grant to that worker from the
 * line: at that grant; a state of standing still in line, or of a place in line, after a plain "while" or as an apposition, with no
 * moment: at the happening the clause it is said of told.
 */
function lineMoment(clause: ReadClause, next: ReadClause | undefined, toldNext: ReadonlySet<Happening>, before: { at: number; order: number } | undefined, context: ClaimContext, priorEvents?: readonly Happening[]): number | undefined {
	if (context.place !== 'caption' || clause.modifiers.length > 0 || clause.repeated === true || clause.relative === true) return undefined
	const id = clause.form.id
	// A worker still at work, said of a clause that told one happening of the step: just before it (its code may leave its hold later in
	// the step); of several, judged over the whole step, at each.
	if (clause.during === true && id === 'still-working') {
		const told = (priorEvents ?? []).filter(h => context.step.happenings.includes(h))
		return clause.when !== undefined || before === undefined || told.length > 1 ? undefined : Math.ceil(before.order)
	}
	if (clause.during === true) return (id === 'still-waits' || id === 'place-in-line' || id === 'next-in-line') && clause.when === undefined && before !== undefined ? Math.ceil(before.order) : undefined
	if ((id !== 'place-in-line' && id !== 'next-in-line') || next?.then !== 'so' || next.form.tells !== 'event' || toldNext.size === 0) return undefined
	const first = Math.min(...[...toldNext].map(h => context.step.happenings.indexOf(h)))
	const grant = context.step.happenings[first]
	return grant?.kind === 'granted' && grant.worker === clause.subject && grant.place !== undefined ? first : undefined
}

/**
 * A caption's state with no moment, not said of another clause ("while", "which", an apposition), before a later event clause of
 * the caption with a moment of its own ("At 10 s A lets go"), not one after "because" or a colon: read in order, it held just
 * before the first of the step's events that clause tells (read alone), so it is judged at that event's place, the clock at its
 * moment. Undefined: no such clause, or it tells none of the step's events.
 */
function beforeTimed(clause: ReadClause, after: readonly ReadClause[], step: StepFacts, context: ClaimContext): number | undefined {
	if (context.place !== 'caption' || clause.form.tells !== 'state' || clause.modifiers.length > 0) return undefined
	if (clause.during === true || clause.relative === true || clause.repeated === true) return undefined
	for (const one of after) {
		if (one.form.tells !== 'event' || one.sceneEnd === true || one.then === 'because' || one.explains === true) continue
		const own = one.modifiers[0]
		if (own === undefined || own.kind !== 'at' || own.shared === true || own.slot.value.type !== 'number') continue
		const alone = (MEANINGS[one.form.id] ?? (() => NO))(one.slots, { run: context.run, step, world: context.world, context, used: new Set() })
		if (!alone.ok) return undefined
		const places = alone.events.map(h => step.happenings.indexOf(h)).filter(place => place >= 0)
		return places.length === 0 ? undefined : Math.min(...places)
	}
	return undefined
}

/** Whether what `cause` tells is why what `effect` tells happened, by the engine's recorded causes (a state as a cause of an event: strictly before it). */
function causes(cause: Meaning, effect: Meaning, context: ClaimContext, causeIsState: boolean, effectIsState: boolean, moment?: number): boolean {
	if (cause.limit !== undefined) return limitCauses(cause.limit, effect, context)
	// A fence of the new epoch is why it is larger than another worker's fence of an older epoch (the high 64 bits decide it).
	const compared = effect.compares
	if (cause.epoch !== undefined && compared !== undefined && compared.write === undefined && compared.relation === '>' && compared.workers?.[0] === cause.epoch.worker && compared.left === cause.epoch.fence && compared.right >> 64n < compared.left >> 64n) return true
	// A write's answer, or a comparison of its fence with the row's: each follows only from the fences the database compared.
	const write = effect.decides ?? effect.compares?.write
	// A THING lost: the write that replaced it, told by the cause (as an event, or as the database taking it).
	const lost = effect.overwrites
	// What the cause tells: a worker in line, its own ask (not the holders it waits behind).
	const told = cause.told ?? cause.makers
	// "Nobody else wrote" is why a write was taken: every write told (and the one whose answer is told) is by one of those workers,
	// taken by a database comparing fences, over a row's fence none but they left.
	if (cause.alone !== undefined && effect.makers.length > 0) {
		const ws = cause.alone
		const ours = (h: Happening): boolean => h.kind === 'wrote' && h.changed && h.fenced && h.noFence !== true && ws.includes(h.worker) && (h.writerBefore === undefined || ws.includes(h.writerBefore))
		if (effect.makers.every(ours) && (effect.decides === undefined || ours(effect.decides))) return true
	}
	// A pause (or crash) of a lease's owner that stopped its hold's renewals is why nothing renews that lease.
	if (effect.absent !== undefined) {
		const stop = renewalStopOf(context, effect.absent)
		if (stop !== undefined && told.includes(stop)) return true
	}
	// A database checking no fence is why a write was taken (and what came of it) only if one that checks fences would have refused it.
	if (cause.unfenced !== undefined && [lost, write, ...effect.makers].some(w => w !== undefined && w.kind === 'wrote' && w.database === cause.unfenced && w.changed && !refusedWithFences(w))) return false
	if (lost !== undefined && (cause.decides === lost || told.includes(lost))) return true
	if (write !== undefined) {
		if (cause.compares !== undefined) {
			if (write.noFence) return false
			const c = cause.compares
			const flip = { '<': '>', '>': '<', '<=': '>=', '>=': '<=', '=': '=' } as const
			const whose = (left: string | undefined, right: string | undefined) => c.workers === undefined || (c.workers[0] === left && c.workers[1] === right)
			const forward = c.write === undefined ? c.left === write.fence && c.right === write.before && whose(write.worker, write.writerBefore) : c.write === write
			const backward = c.write === undefined && c.left === write.before && c.right === write.fence && whose(write.writerBefore, write.worker)
			const relation = forward ? c.relation : backward ? flip[c.relation] : undefined
			if (relation === undefined) return false
			// A database checking no fence takes every write: no comparison of fences decides it.
			if (!write.fenced) return false
			return write.changed ? relation === '>' : relation === '<' || relation === '<=' || relation === '='
		}
		if (cause.unfenced !== undefined) return cause.unfenced === write.database && !write.fenced
		// Checking fences decides a write only by refusing it: without fences every write is taken.
		if (cause.fenced !== undefined) return cause.fenced === write.database && write.fenced && write.noFence !== true && !write.changed
		if (write.fenced && cause.row !== undefined && cause.row.database === write.database && cause.row.fence === write.before) return true
	}
	// Checking fences is why anything else happened only through a write there it refused in this step, before what the effect tells of the step.
	if (write === undefined && cause.fenced !== undefined) {
		const list = context.step.happenings
		const last = effect.makers.reduce((top, h) => Math.max(top, list.indexOf(h)), -1)
		const refused = list.some((h, i) => h.kind === 'wrote' && h.database === cause.fenced && h.fenced && h.noFence !== true && !h.changed && (last < 0 || i < last))
		if (!refused) return false
	}
	if (write === undefined || (cause.compares === undefined && cause.unfenced === undefined && cause.fenced === undefined)) {
		// The chain: from what this clause tells (a write's answer: from the fences it compared) back through what it follows from.
		const targets = write === undefined ? effect.makers : recorded(write, context)
		// A state is why something happened only through a recorded cause of it, not by sharing the events that made it.
		// Of a write's answer: the whole chain only through the row's write; through the write's own grant, the grant and an open that wrote its epoch.
		const grantSide = write === undefined ? [] : targets.filter(h => h.kind === 'granted')
		// Of a write taken, the row's write it met is no reason (`tookAnyway`).
		const rowSide = write === undefined ? targets : targets.filter(h => h.kind !== 'granted' && !tookAnyway(write, h))
		// Of a write refused by its fence: the fence it met is the row's write's alone, so no write that row's write replaced, told as an event,
		// is a reason (nor what led only to it): the row's write would have been taken over a smaller fence too. (A state told is held to what still stood, below.)
		const refusal = write !== undefined && write.fenced && write.noFence !== true && !write.changed
		const from = causeIsState ? rowSide.flatMap(h => recorded(h, context).filter(up => !tookAnyway(h, up))) : rowSide
		const reached = upstream(from, context, (next, up) => tookAnyway(next, up) || (refusal && !causeIsState && next.kind === 'wrote' && up.kind === 'wrote'))
		// But for it: of a refused write, an event through the row's side is no reason for the refusal when the row already refused
		// the write before it: the fence the next write to that database after it (or it itself) found there is no smaller than the write's.
		if (write !== undefined && write.fenced && write.noFence !== true && !write.changed) {
			const all = [...context.run.steps.slice(0, context.step.index), context.step].flatMap(step => step.happenings)
			for (const h of [...reached]) {
				const i = all.indexOf(h)
				const found = i < 0 ? undefined : all.slice(i).find((w): w is Of<'wrote'> => w.kind === 'wrote' && w.database === write.database)
				if (found !== undefined && found.before >= write.fence) reached.delete(h)
			}
		}
		if (!causeIsState) for (const grant of grantSide) reached.add(grant)
		const up = grantSide.flatMap(h => recorded(h, context))
		const seen = new Set<Happening>(up)
		while (up.length > 0) {
			const h = up.pop() as Happening
			if (h.kind === 'restarted' || h.kind === 'restored') reached.add(h)
			for (const next of recorded(h, context)) if (!seen.has(next)) (seen.add(next), up.push(next))
		}
		// And a state made after what it would be the cause of is no cause of it.
		const run = [...context.run.steps.slice(0, context.step.index), context.step].flatMap(step => step.happenings)
		const last = (list: readonly Happening[]) => list.reduce((top, h) => Math.max(top, run.indexOf(h)), -1)
		const later = causeIsState && effect.makers.length > 0 && last(told) > last(effect.makers)
		// A state is a cause only while it holds: of what made it, only what still stood at the effect's moment links it.
		// Of an effect that is an event, what came before it at its very moment counts too.
		const first = effectIsState ? -1 : effect.makers.reduce((low, h) => (run.indexOf(h) >= 0 && (low < 0 || run.indexOf(h) < low) ? run.indexOf(h) : low), -1)
		const standing = causeIsState && moment !== undefined ? told.filter(h => stillStands(h, moment, run, first < 0 ? undefined : first)) : told
		// Of several workers' events, the cause is why each one's happened: every worker's own events are reached from what still stood.
		const each = effect.group === undefined || write !== undefined || effect.group.every(w => {
			const own = targets.filter(h => actorOfEvent(h) === w)
			const mine = upstream(causeIsState ? own.flatMap(h => recorded(h, context).filter(up => !tookAnyway(h, up))) : own, context, tookAnyway)
			return standing.some(h => mine.has(h))
		})
		// Of several workers told as the cause, each one's is why: what it tells of each worker reaches what the effect tells.
		const every = cause.group === undefined || write !== undefined || cause.group.every(w => {
			const own = standing.filter(h => actorOfEvent(h) === w)
			return own.length === 0 || own.some(h => reached.has(h))
		})
		if (!later && each && every && standing.some(h => reached.has(h))) return true
		// The same state in other words: made by the same events, and of the same kind (the key free only as the key free).
		if (causeIsState && effectIsState && cause.free === effect.free && told.length > 0 && new Set(told).size === new Set(effect.makers).size && told.every(h => effect.makers.includes(h))) return true
	}
	const clock = cause.clock
	if (clock !== undefined) {
		const opens = [...effect.makers, ...effect.makers.flatMap(h => recorded(h, context))].filter((h): h is Of<'restarted'> | Of<'restored'> => h.kind === 'restarted' || h.kind === 'restored')
		if (clock.reads !== undefined) {
			if (opens.some(open => open.at === clock.reads)) return true
		} else if (clock.past !== undefined) {
			const past = clock.past
			if (opens.some(open => open.from === 'clock' && open.epochBefore <= past && BigInt(open.at) > past)) return true
		} else if (effect.makers.some(h => h.kind === 'expired' && context.step.happenings.includes(h))) return true
	}
	if (cause.empty !== undefined && cause.empty === effect.free) return true
	// No let-go is why each give-up the effect tells came: of its key, in this step, with no lease of that key ending between the worker's last ask and it.
	if (cause.kept !== undefined && effect.makers.length > 0) {
		const kept = cause.kept
		const run = [...context.run.steps.slice(0, context.step.index), context.step].flatMap(step => step.happenings)
		const ranOut = (h: Happening): boolean => {
			if (h.kind !== 'gave-up' || (kept !== '' && h.store !== kept) || !context.step.happenings.includes(h)) return false
			const i = run.indexOf(h)
			let ask = -1
			for (let k = 0; k < i; k++) {
				const one = run[k] as Happening
				if (one.kind === 'asked' && one.worker === h.worker && one.store === h.store) ask = k
			}
			return ask >= 0 && run.slice(ask + 1, i).every(one => !(['released', 'expired', 'gone', 'ended'].includes(one.kind) && 'store' in one && one.store === h.store))
		}
		if (effect.makers.every(ranOut)) return true
	}
	return cause.absent !== undefined && effect.makers.some(h => h.kind === 'expired' && h.worker === cause.absent)
}

/**
 * But for it: a write the database took would have been taken without the write that left the row the fence it met, when the row
 * held no larger a fence before that one: a take asks only that the row's fence be no larger than the write's.
 */
function tookAnyway(taken: Happening, row: Happening): boolean {
	if (taken.kind !== 'wrote' || !taken.changed || row.kind !== 'wrote' || row.database !== taken.database || !row.changed) return false
	return row.before <= taken.before
}

/**
 * Whether what an event made still stood at moment T: nothing of the run after it, strictly before T (or, given `before`, before that place in the run), undid it. A grant's
 * lease ends when it is let go, runs out, goes with its store or an operator ends it; a row's write when a later write to
 * that row is taken; an ask when its worker gets that key, gives up or leaves the line; a pause when the process wakes or
 * crashes; an open of a store at the next open of it; a lease's end when its worker is given that key again.
 */
function stillStands(made: Happening, T: number, run: readonly Happening[], before?: number): boolean {
	const i = run.indexOf(made)
	if (i < 0) return true
	const sameLease = (h: Happening) => 'worker' in made && 'worker' in h && h.worker === made.worker && 'store' in made && 'store' in h && h.store === made.store
	for (const [k, h] of run.slice(i + 1).entries()) {
		// Before an effect that is an event (`before`, its first in the run): anything earlier in the run, at its moment too; else strictly earlier on the clock.
		if (before !== undefined ? i + 1 + k >= before || h.at > T : h.at >= T) continue
		if (made.kind === 'granted' && ['released', 'expired', 'gone', 'ended'].includes(h.kind) && sameLease(h)) return false
		if (made.kind === 'wrote' && made.changed && h.kind === 'wrote' && h.changed && h.database === made.database) return false
		if (made.kind === 'asked' && ['granted', 'gave-up', 'left'].includes(h.kind) && sameLease(h)) return false
		if (made.kind === 'paused' && (h.kind === 'woke' || h.kind === 'crashed') && h.worker === made.worker) return false
		if ((made.kind === 'restarted' || made.kind === 'restored') && (h.kind === 'restarted' || h.kind === 'restored') && h.store === made.store) return false
		if (['released', 'expired', 'gone', 'ended'].includes(made.kind) && h.kind === 'granted' && sameLease(h)) return false
	}
	return true
}

/**
 * A semaphore's limit L as a cause: of holds that waited, tries refused, holds that gave up (when the
 * effect tells any), each with L holders then; else of at most L grants of its key, each when the key had
 * room (no lease end recorded as their cause).
 */
function limitCauses(limit: { store: string; limit: number }, effect: Meaning, context: ClaimContext): boolean {
	const ofStore = effect.makers.filter(h => 'store' in h && h.store === limit.store)
	const out = ofStore.filter(h => h.kind === 'asked' || h.kind === 'refused' || h.kind === 'gave-up')
	if (out.length > 0) {
		return out.every(h => (h.kind === 'asked' ? recorded(h, context).filter(c => c.kind === 'granted').length : (h as Of<'refused'> | Of<'gave-up'>).holders.length) === limit.limit)
	}
	const grants = ofStore.filter(h => h.kind === 'granted')
	return grants.length > 0 && grants.length <= limit.limit && grants.every(h => recorded(h, context).length === 0)
}

/**
 * A renewal is why a lease is live at a moment T when, without it, the lease would have ended by T:
 * among the renewals the cause tells, one of the effect's worker's lease of that store at or before
 * T, whose lease (the worker's last grant of the store before it, with no grant of it since up to T)
 * ran, before it, to an end at or before T: its grant's end (grant + TTL), or the last renewal's.
 */
function renewalKept(cause: Meaning, effect: Meaning, context: ClaimContext): boolean {
	const live = effect.live
	if (live?.at === undefined) return false
	const T = live.at
	const all = [...context.run.steps.slice(0, context.step.index), context.step].flatMap(step => step.happenings)
	const mine = (h: Happening): boolean => 'worker' in h && h.worker === live.worker && 'store' in h && h.store === live.store
	return cause.events.some(r => {
		if (r.kind !== 'renewed' || !mine(r) || r.at > T) return false
		const i = all.indexOf(r)
		if (i < 0 || all.slice(i + 1).some(h => h.kind === 'granted' && mine(h) && h.at <= T)) return false
		const before = all.slice(0, i)
		const g = [...before].reverse().find((h): h is Of<'granted'> => h.kind === 'granted' && mine(h))
		if (g === undefined) return false
		const renewals = before.slice(before.indexOf(g) + 1).filter((h): h is Of<'renewed'> => h.kind === 'renewed' && mine(h))
		const last = renewals[renewals.length - 1]
		return (last === undefined ? g.at + g.ttl : last.until) <= T
	})
}

/** The forms the reference has no meaning for (none: the registry test holds it so). */
export function formsWithoutMeaning(ids: readonly string[]): string[] {
	return ids.filter(id => !(id in MEANINGS))
}

/**
 * "too": another actor's happening of the same kind came before the clause's own event of the step (its
 * subject's first, else its first); "again": its own actor's did. After a form of taking a place in line,
 * the kind is a grant from the line; a renewal again is of the same lease (no grant to it between).
 */
function cameBefore(word: 'too' | 'again', meaning: Meaning, clause: ReadClause, context: ClaimContext): boolean {
	const step = context.step
	const whose = (h: Happening): string | undefined => ('worker' in h ? h.worker : 'store' in h ? h.store : 'database' in h ? String(h.database) : undefined)
	const ours = step.happenings.filter(h => meaning.events.includes(h))
	const mine = ours.find(h => clause.subject !== undefined && whose(h) === clause.subject) ?? ours[0]
	if (mine === undefined) return false
	const who = whose(mine)
	if (who === undefined) return false
	const before: Happening[] = []
	for (const earlier of context.run.steps.slice(1, step.index)) before.push(...earlier.happenings)
	for (const h of step.happenings) {
		if (h === mine) break
		before.push(h)
	}
	// A write's answer "too": a database (the same, or another of the scene's) answered another write before it the same way, whoever wrote it.
	// A refusal's "too" needs a refusal before: a write that changed no row because its fence decided it (fenced), not one carried out that left the row alone.
	// "with fence 1 too", "also with fence 1": another worker's grant before it carried that fence, from any store.
	if (clause.also?.fence === true && word === 'too' && mine.kind === 'granted' && mine.fence !== undefined) return before.some(h => h.kind === 'granted' && h.worker !== mine.worker && h.fence === mine.fence)
	if (word === 'too' && clause.form.each === 'write-outcome' && mine.kind === 'wrote') return before.some(h => h.kind === 'wrote' && h.changed === mine.changed && (!/refuse/.test(clause.form.id) || h.fenced))
	// Every ask is one kind, a hold or a try: both ask for the key; of one store's key, when they name one.
	const storeOf = (h: Happening): string | undefined => ('store' in h ? h.store : undefined)
	return before.some((h, i) => {
		if (h.kind !== mine.kind || storeOf(h) !== storeOf(mine) || whose(h) === undefined) return false
		if (clause.form.fromLine === true && (h.kind !== 'granted' || h.place === undefined)) return false
		if (word === 'too') return whose(h) !== who
		if (whose(h) !== who) return false
		return mine.kind !== 'renewed' || !before.slice(i + 1).some(g => g.kind === 'granted' && g.worker === who && g.store === mine.store)
	})
}

/**
 * "X while S": the state S had not ended when X happened, the latest moment the text told (else the
 * step's start); that it began no later than X is judged by the places of the step's happenings.
 */
function heldWhile(until: number | undefined, start: number, by: number | undefined): boolean {
	const at = by ?? start
	return until === undefined || until >= at
}

/**
 * The store's first restart or restore in the step, if the worker stood in line for its key just before it: in line as
 * the step began or since its last hold-ask of the step, with no grant, give-up or leaving of that store after it.
 */
function placeForgotten(env: Env, store: string, worker: string, which?: number): Meaning {
	const list = env.step.happenings
	const at = which ?? list.findIndex(h => (h.kind === 'restarted' || h.kind === 'restored') && h.store === store)
	if (at < 0) return NO
	let inLine = env.step.start.workers.get(worker)?.waiting?.store === store
	for (const h of list.slice(0, at)) {
		// The store's line is gone with an earlier restart or restore of it.
		if ((h.kind === 'restarted' || h.kind === 'restored') && h.store === store) inLine = false
		if (!('worker' in h) || h.worker !== worker || !('store' in h) || h.store !== store) continue
		if (h.kind === 'asked') inLine = !h.tryOnly
		if (h.kind === 'granted' || h.kind === 'gave-up' || h.kind === 'left') inLine = false
	}
	return inLine ? event(list[at]) : NO
}

/** "with renewal off" (`ownOnly`: no renewal on its own followed) and "without renewing it" (no renewal at all followed): see MEANINGS. */
/** The grant a clause about w's lease is of: w's grant the clause right before told, else w's last up to the place the text told last, else w's last by the step's end. */
function grantOfClause(env: Env, w: string, keep: (store: string) => boolean): Of<'granted'> | undefined {
	const told = env.priorTold?.filter((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === w && keep(h.store)) ?? []
	if (told.length > 0) return told[told.length - 1]
	const all = [...earlierSteps(env), env.step].flatMap(step => step.happenings).filter((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === w && keep(h.store))
	// Not past the latest place of the step the text told before it, when it reached one of w's grants.
	const place = env.toldPlace
	const mine = env.step.happenings
	const inStep = all.filter(h => mine.indexOf(h) >= 0)
	const before = all.filter(h => mine.indexOf(h) < 0)
	// First in the step's text: at the step's start, so the lease w held live then, else w's first grant of the step.
	if (place === undefined) {
		const start = leaseAt(env.step.start, w)
		if (start !== undefined && state(start) === 'live' && keep(start.store)) return before.length > 0 ? before[before.length - 1] : inStep[0]
		return inStep.length > 0 ? inStep[0] : all[all.length - 1]
	}
	const upToPlace = all.filter(h => mine.indexOf(h) < 0 || place.at > h.at || (place.at === h.at && place.order >= mine.indexOf(h)))
	return upToPlace.length > 0 ? upToPlace[upToPlace.length - 1] : inStep.length > 0 ? inStep[0] : all[all.length - 1]
}

function withoutRenewal(s: readonly Slot[], env: Env, ownOnly: boolean): Meaning {
	const w = actor(s[0])
	const start = leaseAt(env.step.start, w)
	const held = (start !== undefined && state(start) === 'live' && fits(s[1], start.store)) || events(env.step, 'granted', h => h.worker === w && fits(s[1], h.store)).length > 0
	if (!held) return NO
	const past = [...earlierSteps(env), env.step].flatMap(step => step.happenings)
	const grant = grantOfClause(env, w, store => fits(s[1], store))
	if (grant === undefined || grant.renews === true) return NO
	const rest = [...past.slice(past.indexOf(grant) + 1), ...laterSteps(env).flatMap(step => step.happenings)]
	let renewedAtAll = false
	for (const h of rest) {
		if (h.kind === 'granted' && h.worker === w) break
		if (h.kind !== 'renewed' || h.worker !== w || h.store !== grant.store) continue
		if (!ownOnly || h.auto === true) return NO
		renewedAtAll = true
	}
	// It tells the hold, whose grant is why others wait behind it ("A holds it with renewal off, so B waits"); the absent renewal is a
	// cause only when nothing renewed the lease at all.
	return renewedAtAll ? { ok: true, events: [], makers: [grant] } : { ok: true, events: [], makers: [grant], absent: w }
}

/** Whether a write's recorded THING keeps a word of what its worker's calls returned: some non-blank character, and, when the run recorded returned strings, one of their words (letters or digits together) inside it, case aside. */
function keepsAWord(w: Of<'wrote'>): boolean {
	if (w.thing === undefined) return true
	if (!/\S/.test(w.thing)) return false
	if (!w.returned || w.returned.length === 0) return true
	const lower = w.thing.toLowerCase()
	for (const value of w.returned) {
		for (const word of value.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (word !== '' && lower.includes(word)) return true
	}
	return false
}
