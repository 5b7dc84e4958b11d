/**
 * Holding a read text against the facts: each clause's form runs its check, each modifier its time,
 * and the text's problems are what did not read or did not hold, at their places. What held is kept
 * as checked claims, each with the facts it was checked against, for a reader to open.
 */
import { formatDuration } from '../../../engine/index.ts'
import type { ClaimContext, SlotType } from './form.ts'
import type { Evidence, Happening } from '../frame.ts'
import type { ReadClause, ReadProblem, ReadResult } from './read.ts'
import { liveLease } from './query.ts'
import { causeProblem, type Told } from './causes.ts'

/** A claim that held: its clause's span, its form, the spans of the engine's values in it, and what it was checked against. */
interface CheckedClaim {
	form: string
	start: number
	end: number
	/** When what it tells happened, if it tells of a moment. */
	at?: number
	/** For a state that began at `at`, when it stopped holding (undefined: it holds at the step's end). */
	until?: number
	/** The place in the step of what ended it, when that is known. */
	untilOrder?: number
	/** Spans of the slots that hold the engine's values (fences, epochs, counts, times). */
	values: { start: number; end: number }[]
	evidence: Evidence[]
}

interface CheckResult {
	claims: CheckedClaim[]
	problems: ReadProblem[]
}

/** Forms that tell time passing: a state told right after them holds once it has. */
const PASSING: readonly string[] = ['time-passes', 'clock-moves-on', 'test-moves-clock']

const VALUE_SLOTS: readonly SlotType[] = ['fence', 'epoch', 'count', 'ordinal', 'duration', 'time', 'refusal']

/** Checks every clause of a read text in a context; reading's own problems come first. */
export function checkText(read: ReadResult, context: ClaimContext): CheckResult {
	const result: CheckResult = { claims: [], problems: [...read.problems] }
	const note = noteProblem(read, context)
	if (note) return { claims: [], problems: [...read.problems, note] }
	// The happenings each family of `each` forms told already, by their place in the step.
	const used = new Map<string, Set<number>>()
	let before: { at: number; order: number } | undefined
	// The latest happening the text told so far: a state told in between ("the row keeps fence 7") does not let a
	// later clause go back before it.
	let latest: { at: number; order: number } | undefined
	// The moment the text last told: "5 s later" after it counts from it, not from the step before.
	let told: number | undefined
	// The step's happenings the text has told so far, by their order.
	const seen = new Set<number>()
	// The clock's time after a clause that told time passing ("40 s pass").
	let passed: number | undefined
	// The last clause of each family, where a happening it left untold is pointed at.
	const lastOf = new Map<string, ReadClause>()
	// The clause before and what it was checked against, which a clause after "so" follows from.
	let cause: Told | undefined
	for (const clause of read.clauses) {
		const family = clause.form.each
		if (family !== undefined) lastOf.set(family, clause)
		const outcome = checkClause(clause, family === undefined ? context : { ...context, used: used.get(family) ?? new Set() }, told)
		if ('message' in outcome) {
			result.problems.push(outcome)
			before = undefined
			passed = undefined
			cause = undefined
			continue
		}
		const why = clause.then === 'so' && cause !== undefined ? causeProblem(cause, { clause, claim: outcome }, context) : undefined
		cause = { clause, claim: outcome }
		// "then" claims an order: what this clause tells came after what the one before it told (at a later
		// time, or at the same time later in the step; a state that holds at the step's end comes last).
		const now = outcome.at === undefined ? undefined : { at: outcome.at, order: orderOf(outcome, context.step.index) }
		// A new sentence is held to the order of what it newly tells: a state that held over a span, or a
		// happening the text told already ("B holds the key with fence 8. The count started again"), is not new.
		// Clauses joined by "and" or a comma tell what happened in order too, as a new sentence does.
		const joined = clause.then ?? ((before !== undefined && Number.isFinite(before.order)) || latest !== undefined ? 'sentence' : undefined)
		const retold = joined === 'sentence' && (outcome.until !== undefined || outcome.evidence.every(e => e.kind !== 'happened' || e.step !== context.step.index || (e.order !== undefined && seen.has(e.order))))
		// A note tells what holds when it is sent.
		if (why !== undefined) {
			result.problems.push({ start: clause.start, end: clause.end, message: why })
		} else if (context.place === 'note' && outcome.until !== undefined && outcome.until <= context.world.time) {
			result.problems.push({ start: clause.start, end: clause.end, message: `a note tells what holds when it is sent, at ${formatDuration(context.world.time)}, and this held only until ${formatDuration(outcome.until)}` })
			// After "40 s pass", a state told next holds when that time has passed.
		} else if (passed !== undefined && outcome.until !== undefined && clause.then !== 'so' && outcome.until <= passed) {
			result.problems.push({ start: clause.start, end: clause.end, message: `told after the time that passes, this state must hold once it has (at ${formatDuration(passed)}), but it held only until ${formatDuration(outcome.until)}` })
			// A state told after what happened must still hold after it: "A lets go, then A holds the key", "40 s pass and A
			// holds the key" do not. After "then" it must hold on past that moment; in a new sentence or after "and" it may
			// end at that moment only by something told later in the step (a lease given and let go at one moment).
		} else if (before !== undefined && outcome.until !== undefined && (Number.isFinite(before.order) || clause.then === undefined) && clause.then !== 'so' && endedBy(outcome, before, clause.then === 'then')) {
			const says = clause.then === 'then' ? '"then" says this held after what the clause before tells' : clause.then === 'sentence' ? 'a caption tells in order, and this sentence tells a state after what the sentence before it told' : 'told after what the clause before tells, this state must still hold then'
			result.problems.push({ start: clause.start, end: clause.end, message: `${says}, but it held only until ${formatDuration(outcome.until)}` })
		} else if (joined && !retold && now !== undefined && ((before !== undefined && outOfOrder(before, now, joined)) || (joined !== 'so' && latest !== undefined && Number.isFinite(now.order) && outOfOrder(latest, now, joined)))) {
			const after = before !== undefined && outOfOrder(before, now, joined) ? before : (latest as { at: number; order: number })
			const says = clause.then === 'then' && after === before ? '"then" says this came after what the clause before tells' : clause.then === 'so' ? '"so" says this follows from what the clause before tells, so it came after it' : after === before ? 'a caption tells what happened in order, and this sentence tells something that came before what the sentence before it tells; put them in the order they happened' : 'a text tells what happened in order, and this tells something that came before what it told earlier (a state told in between does not change that); put them in the order they happened'
			result.problems.push({ start: clause.start, end: clause.end, message: `${says}, but it ${now.at === after.at && now.order === after.order ? 'is the same thing' : 'came before it'}${now.at < after.at ? `: at ${formatDuration(now.at)}, not after ${formatDuration(after.at)}` : `, both at ${formatDuration(now.at)}`}` })
		} else {
			if (now !== undefined && Number.isFinite(now.order) && (latest === undefined || now.at > latest.at || (now.at === latest.at && now.order > latest.order))) latest = now
			result.claims.push(outcome)
			for (const e of outcome.evidence) if (e.kind === 'happened' && e.step === context.step.index && e.order !== undefined) seen.add(e.order)
			if (family !== undefined) {
				const told = used.get(family) ?? new Set<number>()
				for (const e of outcome.evidence) if (e.kind === 'happened' && e.step === context.step.index && e.order !== undefined) told.add(e.order)
				used.set(family, told)
			}
		}
		// A clause that tells no moment leaves nothing for the next one to come after.
		before = now
		passed = !PASSING.includes(clause.form.id) ? undefined : outcome.evidence.find(e => e.kind === 'clock')?.at
		// "N s later" counts from the latest moment told: a state told after a happening does not take it back.
		if (now !== undefined) told = told === undefined || outcome.until === undefined ? now.at : Math.max(told, now.at)
	}
	if (context.place === 'caption') result.problems.push(...untold(used, lastOf, context))
	return result
}

/**
 * A caption that tells one of a kind of happening tells every one of that kind its actor had in the step:
 * "the lock restarts" when it restarted twice, or "A saves" when A wrote twice, leaves out what changed the outcome.
 */
function untold(used: ReadonlyMap<string, ReadonlySet<number>>, lastOf: ReadonlyMap<string, ReadClause>, context: ClaimContext): ReadProblem[] {
	const problems: ReadProblem[] = []
	const happenings = context.step.happenings
	const actorOf = (h: Happening): string => ('worker' in h ? h.worker : 'store' in h ? h.store : 'database' in h ? String(h.database) : '')
	const reported = new Set<string>()
	for (const [family, told] of used) {
		const clause = lastOf.get(family)
		if (!clause) continue
		const kinds = new Set([...told].flatMap(order => {
			const h = happenings[order]
			return h === undefined ? [] : [`${h.kind} ${actorOf(h)}`]
		}))
		for (const kind of kinds) {
			if (reported.has(kind)) continue
			const all = happenings.filter(h => `${h.kind} ${actorOf(h)}` === kind)
			const count = [...told].filter(order => all.includes(happenings[order] as Happening)).length
			if (count >= all.length) continue
			reported.add(kind)
			const [what = '', who = ''] = kind.split(' ')
			problems.push({ start: clause.start, end: clause.end, message: `this caption tells ${count} of the ${all.length} ${NOUNS[what] ?? what} of ${context.name(who)} in this step; tell each one, in order` })
		}
	}
	return problems
}

/** What a caption calls several happenings of a kind. */
const NOUNS: Readonly<Record<string, string>> = { restarted: 'restarts', restored: 'restores', 'backed-up': 'backups', wrote: 'writes', renewed: 'renewals', 'renew-refused': 'refused renewals' }

/**
 * An arrow that is no message of the protocol (a note) still says its sender told its receiver: a lock
 * store and a database never talk, and a worker tells another only what it did or saw, never what
 * the receiver did ("B gets the key" on an arrow from A says A handed it over).
 */
function noteProblem(read: ReadResult, context: ClaimContext): ReadProblem | undefined {
	const message = context.message
	if (context.place !== 'note' || !message) return undefined
	const kinds = [context.run.kinds.get(message.from), context.run.kinds.get(message.to)]
	if (kinds.includes('store') && kinds.includes('database')) {
		return { start: 0, end: 0, message: 'a lock store and a database never talk: the lock gives leases to workers, and workers write to the database; draw the arrow between the actors that act, or tell it in the caption' }
	}
	const told = read.clauses.find(clause => clause.subject === message.to && message.to !== message.from)
	if (told) return { start: told.start, end: told.end, message: `an arrow from ${context.name(message.from)} to ${context.name(message.to)} says ${context.name(message.from)} told it; what ${context.name(message.to)} did is not ${context.name(message.from)}'s to tell: write it in the caption` }
	return undefined
}

/** Whether a state had stopped holding by the moment `before` told (with `strictly`, it must hold on past it). */
function endedBy(state: CheckedClaim, before: { at: number; order: number }, strictly: boolean): boolean {
	const until = state.until as number
	if (until !== before.at) return until < before.at
	if (strictly) return true
	return state.untilOrder === undefined ? state.at === undefined || state.at < before.at : state.untilOrder <= before.order
}

/**
 * Whether `now` did not come after `before`: an earlier time, or the same happening or an earlier one
 * at the same time (states that hold at the step's end may follow each other). A consequence ("so")
 * is held to the order of happenings only, and may be the same happening told another way ("the
 * row's fence is smaller, so the database accepts the write").
 */
function outOfOrder(before: { at: number; order: number }, now: { at: number; order: number }, connective: 'then' | 'so' | 'sentence'): boolean {
	// After a state told at the step's end ("The clock reads 1 min 5 s", "the database keeps fence 8"), a new sentence or "so" may tell what led to it.
	if (connective !== 'then' && !Number.isFinite(before.order)) return false
	if (now.at !== before.at) return now.at < before.at
	if (connective !== 'then') return Number.isFinite(before.order) && now.order < before.order
	return Number.isFinite(now.order) && now.order <= before.order
}

/** Whether every clause of a read text holds in a context (for a struck label, which claims the opposite). */
export function allHold(read: ReadResult, context: ClaimContext): { holds: boolean; evidence: Evidence[] } {
	const evidence: Evidence[] = []
	for (const clause of read.clauses) {
		const outcome = checkClause(clause, context)
		if ('message' in outcome) return { holds: false, evidence: [] }
		evidence.push(...outcome.evidence)
	}
	return { holds: read.clauses.length > 0, evidence }
}

/** Where a claim's moment stands among its step's happenings: the first it was checked against, or after all of them. */
function orderOf(claim: CheckedClaim, step: number): number {
	const first = claim.evidence.find(e => e.kind === 'happened' && e.step === step && e.order !== undefined)
	return first?.kind === 'happened' && first.order !== undefined ? first.order : Number.POSITIVE_INFINITY
}

/**
 * Whether a pause was as long as its aside says: `long` when the worker's lease ran out while it was
 * shown paused (from this step to the step whose end shows it no longer paused, up to its first
 * message there), `short` when it did not. Undefined when it was; else what happened.
 */
function pauseLength(clause: ReadClause, context: ClaimContext): string | undefined {
	const worker = clause.subject
	const word = clause.length?.word
	if (worker === undefined || word === undefined) return undefined
	// A pause has a length against a lease only when the worker held one as it paused.
	const held = liveLease(context.step.end, worker) ?? context.step.happenings.find(h => h.kind === 'expired' && h.worker === worker)
	if (!held) {
		return `"${word}": ${context.name(worker)} held no lease as it paused, so nothing tells how long the pause was against it`
	}
	let ranOut: number | undefined
	let outlasted: number | undefined
	let settled = false
	const last = context.run.lookAhead ?? context.run.steps.length
	for (const step of context.run.steps.slice(context.step.index, last + 1)) {
		const woken = step.index > context.step.index && !step.end.workers.get(worker)?.paused
		const acted = woken ? step.happenings.findIndex(h => h.kind === 'sent' && h.from === worker) : -1
		// Only its TTL passing counts: a lease a restart took tells nothing of how long the pause was.
		const expired = step.happenings.findIndex((h, i) => h.kind === 'expired' && h.worker === worker && (acted < 0 || i < acted))
		if (expired >= 0) {
			ranOut = step.happenings[expired]?.at
			settled = true
			break
		}
		if (woken) {
			settled = true
			// A lease a restart took did not run out, but the pause still had a length: past the lease's end, or not.
			const wokeAt = acted >= 0 ? (step.happenings[acted]?.at ?? step.end.time) : step.end.time
			if ('expiresAt' in held && wokeAt >= held.expiresAt) outlasted = held.expiresAt
			break
		}
	}
	if (!settled && context.run.lookAhead !== undefined) return undefined
	ranOut ??= outlasted
	const name = context.name(worker)
	if (word === 'long' && ranOut === undefined) return `"long": ${name}'s lease did not run out while it was paused; a pause is long when it outlasts the lease`
	if (word === 'short' && ranOut !== undefined) return `"short": ${name}'s lease ${outlasted === undefined ? 'ran' : 'would have run'} out at ${formatDuration(ranOut)} while it was paused; a pause is short when the lease outlasts it`
	return undefined
}

function checkClause(clause: ReadClause, context: ClaimContext, told?: number): CheckedClaim | ReadProblem {
	const verdict = clause.form.check(clause.slots, context)
	if (!verdict.ok) {
		const slot = verdict.slot === undefined ? undefined : clause.slots[verdict.slot]
		return { start: slot?.start ?? clause.start, end: slot?.end ?? clause.end, message: verdict.message }
	}
	for (const { kind, slot } of clause.modifiers) {
		const wanted = slot.value.type === 'number' ? slot.value.value : Number.NaN
		if (verdict.at === undefined) return { start: slot.start, end: slot.end, message: `"${clause.form.pattern}" tells of no moment, so it cannot say when; drop "${slot.text}"` }
		const other = kind === 'at' ? verdict.each?.find(one => one.at !== wanted) : undefined
		if (other) return { start: slot.start, end: slot.end, message: `expected ${formatDuration(wanted)}, but ${context.name(other.who)}'s happened at ${formatDuration(other.at)}` }
		const during = verdict.until !== undefined && verdict.at <= wanted && wanted < verdict.until
		if (kind === 'at' && verdict.at !== wanted && !during) {
			const span = verdict.until === undefined ? `it happened at ${formatDuration(verdict.at)}` : `it held from ${formatDuration(verdict.at)} ${verdict.until > context.world.time ? `to the step's end at ${formatDuration(context.world.time)}` : `until ${formatDuration(verdict.until)}`}`
			return { start: slot.start, end: slot.end, message: `expected ${formatDuration(wanted)}, but ${span}` }
		}
		if (kind === 'later') {
			const since = told === undefined ? 'the step before' : 'what the text told before it'
			const before = told ?? context.run.steps[context.step.index - 1]?.end.time ?? 0
			// Read from the step before, "later" counts from the last moment the reader was told: time that passed untold in between is not counted.
			if (told === undefined && context.toldBefore !== undefined && context.toldBefore < before) {
				return { start: slot.start, end: slot.end, message: `"${slot.text} later" counts from the step before, which ended at ${formatDuration(before)}, and its caption tells of nothing after ${formatDuration(context.toldBefore)}; tell the time that passed there ("10 s pass"), or say when this happened ("at ${formatDuration(verdict.at)}")` }
			}
			if (verdict.at - before !== wanted) return { start: slot.start, end: slot.end, message: `expected ${formatDuration(wanted)} after ${since}, but it happened ${formatDuration(verdict.at - before)} after it (at ${formatDuration(verdict.at)})` }
		}
	}
	if (clause.length) {
		const wrong = pauseLength(clause, context)
		if (wrong !== undefined) return { start: clause.length.start, end: clause.length.end, message: wrong }
	}
	const values = [...clause.slots, ...clause.modifiers.map(m => m.slot)].filter(slot => VALUE_SLOTS.includes(slot.type)).map(slot => ({ start: slot.start, end: slot.end }))
	const claim: CheckedClaim = { form: clause.form.id, start: clause.start, end: clause.end, values, evidence: verdict.evidence }
	if (verdict.at !== undefined) claim.at = verdict.at
	if (verdict.until !== undefined) claim.until = verdict.until
	if (verdict.untilOrder !== undefined) claim.untilOrder = verdict.untilOrder
	return claim
}
