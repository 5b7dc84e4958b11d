/**
 * Holding a read text against the facts: each clause's form runs its check, each modifier its time,
 * and the text's problems are what did not read or did not hold, at their places. What held is kept
 * as checked claims, each with the facts it was checked against, for a reader to open.
 *
 * The rules of a text, one each (the reference evaluator, `reference.ts`, reads them so too):
 * - **Moment.** An event clause tells the moment its event happened (several workers' events: the
 *   last; a moment it names, `at T`, `D later` or `a moment later`, is said of each one). A state
 *   clause holds at its moment: the moment it names (`at 10 s`, `5 s later`), else the step's end,
 *   or in a note when it is sent. A state that ended within the step holds over the span it held
 *   when the text goes on to tell the event that ended it (`ended`): a key's states take that span
 *   even when they hold again at the step's end, if a later event clause tells its end
 *   (`toldLater`). A caption's state with no moment, not after "while", "which" nor between commas, told before an event clause
 *   with a moment of its own (not after "because" or a colon), holds just before the first happening that clause tells, over the step up to it (`momentCut`). A clause with no moment cannot name one. A moment a sentence opens with is said of each
 *   clause joined to its first by "and", ", and" or a comma with no moment, order or "while" of its own
 *   (`shared`): at the moment that first clause told. "A moment later", "a bit later" and "a little while
 *   later" are at most 3 s after the moment told last (else the captions before's last). The state of an
 *   opening "While S," (and of "X and Y while S", a bare "and") holds at each clause it governs (`repeated`).
 * - **Now.** The moment a text told last is the latest moment an event, a clock or a named moment
 *   told; a state with no moment named tells none. `D later` is that moment plus D; before the text
 *   told one, the step before's end plus D, and that step's caption must have told up to its end.
 *   A caption ends at its now, which the next step's caption and notes start from.
 * - **Order.** A clause's place is the first event of the step it was checked against (a state's,
 *   the latest event of the step that made it hold, if one did), by time and then by place in the
 *   step. After `then`, an event clause's place comes after every place told before it (a form that
 *   tells what came of its happening, `follows`, may stand at the place told last: "gets the key, then starts working"), and a
 *   state's is not before any (nor, with no place, does it hold at the step's end before a clause
 *   with one; nor is a place after the clock's told moment earlier than it); after `so`, not before the clause right before (`because`: not after); after any
 *   other joint or a new sentence, an event clause that tells an event no clause before it told (or
 *   a write's answer, taken or refused, it did not tell) is not before any place told before it. A clause about several workers' events comes after a place
 *   only if each of them does. "When X, Y" and "As soon as X, Y" of two events: Y came after X, at
 *   X's moment ("After", and "Once" of an event X, only order them; "Once S, Y" of a state is "When S, Y"; a correlative "then" after the comma orders nothing of its own); "X while Y" of an event Y: Y came at X's moment,
 *   and X must be an event with one. An ask the scene draws only as its grant has no time, so a clause
 *   that tells it after "then", "so" or "When X," is refused. Time told passing ("40 s pass") is the
 *   step's passage from its start: no place told before it without a moment of its own is after the
 *   step's start, and an event told right after it (but after "because"), with no moment of its own, is.
 *   A state told with no moment (in a caption) that did not hold at the step's start began to hold after
 *   the last place of the step at which it did not (`positions.ts`); an event told after it (but after
 *   "because" or a colon) came after that beginning, or is the event that began it told beside it: with no
 *   moment, after a bare "and" or a comma and of the state's subject, or by a form that tells what came of it (`follows`).
 * - **Each.** Clauses of an `each` family tell events of their own, and a caption that tells one of
 *   an actor's events of a kind tells every one it had in the step.
 * - **Writes.** A clause about a worker's write (its answer, what it replaced) is of the write of
 *   that worker the text told last, when it can be ("A saves again, which overwrites B's": the second).
 * - **So.** `so` says the clause before is why this one happened (`causes.ts`); a state is a cause only while what
 *   made it still stands at the moment of what it causes; of several workers' events, it is why each one's happened. "X: Y" of two claims says Y is why X happened, or what came of it.
 *   "X because A and B": each clause a bare "and" joins to the cause "because" tells is a cause of X too (`ReadClause.bareAnd`);
 *   "X, so A and B": each clause a bare "and" joins to the effect "so" tells follows from X too.
 *   A cause of a write's refusal through the row's fence is a "but for" cause: the row did not refuse the write yet when it happened;
 *   a write taken (and a comparison of a write's fence with the row's) has no cause through the write that left the row's fence.
 *   A state after "so" of an event (or joined to that effect by a bare "and") did not hold just before the event (`heldBeforeCause`).
 */
import { formatDuration } from '../../../engine/index.ts'
import type { ClaimContext, ClaimForm, Said, SlotType, Verdict } from './form.ts'
import { inWords } from './form.ts'
import type { Evidence, Happening } from '../frame.ts'
import { workLines } from './work-lines.ts'
import { passedOver } from './read.ts'
import type { ReadClause, ReadProblem, ReadResult } from './read.ts'
import { brokenWait, earlierProblem, happenedBefore, laterSteps, leaseState, liveLease, staleWrite } from './query.ts'
import { renewedTooLate } from './forms/lease-end.ts'
import { savedProblem } from './forms/writes.ts'
import { alsoCauseProblem, alsoEffectProblem, causeProblem, firstInLineForm, colonProblem, eventsOf, renewalKeptLive, retells, type Told } from './causes.ts'
import { stepAt, worldsOf } from './positions.ts'
import { longWorkProblem, pausedAtWork, workLastedProblem } from './forms/holding.ts'
import { showFence } from './fence-notation.ts'
import { REFUSED_LEASE, SCENE_LEASE, SCENE_OLD_LEASE } from './parameters.ts'

/** A claim that held: its clause's span, its form, the spans of the engine's values in it, and what it was checked against. */
export interface CheckedClaim {
	form: string
	start: number
	end: number
	/** The moment it tells: an event's, the clock's, or the moment a state clause names; undefined for a state told at the step's end. */
	at?: number
	/** Its place among the step's events, for the order of the text: the first event of the step it was checked against. */
	place?: StepPosition
	/** For a clause about several workers' events, the earliest of them and whose it is: an order that puts the clause after something puts each one after it. */
	first?: StepPosition & { who: string }
	/** What it tells beyond its evidence, for the causes a "so" after it may name. */
	said?: Said
	/** A state told with no moment that ended within the step: when, and the events that ended it, one of which a later clause must tell. */
	ended?: { at: number; until: number; by: number[]; /** It held just before what ended it; else this problem. */ named?: ReadProblem; /** It names the very moment it ended: the clause right after it, joined by "then", tells what ended it. */ then?: true; /** It follows "while": the clause before may tell what ended it ("an operator ends B's lease while B holds the key"). */ during?: true }
	/** Spans of the slots that hold the engine's values (fences, epochs, counts, times). */
	values: { start: number; end: number }[]
	evidence: Evidence[]
}

/** Each checked claim's clause: its place in the text, and whether "then" joins it to the clause before. */
const CLAUSE_OF = new WeakMap<CheckedClaim, { index: number; then: boolean }>()

/** A position in a step: a time, and the place in the step's events at that time. */
export interface StepPosition {
	at: number
	order: number
}

export interface CheckResult {
	claims: CheckedClaim[]
	problems: ReadProblem[]
}

const VALUE_SLOTS: readonly SlotType[] = ['fence', 'epoch', 'count', 'ordinal', 'duration', 'time', 'refusal']

/**
 * "It is too late: X" (`ReadClause.tooLate`): X tells a refusal that came because the lease it relied on had ended: a write's
 * answer (a form of the write-outcome family) that the database refused by its fence rule, made when its worker's lease was no
 * longer live, a lease it had held before; or a renewal the lock refused as too late, its lease having run out ("A renews too
 * late"). A write refused on a live lease (a smaller fence than the row's), a write taken, a renewal of a lease ended another
 * way, or anything else is refused. Its message, or undefined.
 */
function tooLateProblem(clause: ReadClause, verdict: Extract<Verdict, { ok: true }>, context: ClaimContext): string | undefined {
	const says = '"It is too late" before a colon says what follows is refused because the lease it relied on had ended'
	const write = verdict.said?.decides
	if (clause.form.each === 'write-outcome' && write !== undefined) {
		const name = context.name(write.worker)
		if (write.changed || !write.fenced) return `${says}, and ${name}'s write was not refused: ${write.changed ? 'the database took it' : 'it changed no row, but no fence decided that'}`
		if (write.live) return `${says}, and ${name}'s lease was live when it wrote: the database refused its fence ${showFence(write.fence)} for being no larger than the row's ${showFence(write.before)}, not for a lease that had ended; drop "It is too late"`
		if (!staleWrite(context, write)) return `${says}, and ${name} held no lease before it wrote, so it had none to lose; drop "It is too late"`
		return lateRowProblem(context, write, says)
	}
	const refusal = verdict.evidence.flatMap(e => (e.kind === 'happened' && e.step === context.step.index && e.what.kind === 'renew-refused' ? [e.what] : []))[0]
	if (refusal !== undefined && refusal.kind === 'renew-refused') {
		const late = renewedTooLate([{ type: 'worker', text: context.name(refusal.worker), start: clause.start, end: clause.end, value: { type: 'actor', id: refusal.worker } }], context)
		return late.ok ? undefined : `${says}, and this renewal was not refused as late: ${late.message}`
	}
	return `${says}: a write made on a lease no longer live, which the database refuses ("It is too late: the database refuses the write"), or a renewal of a lease that ran out ("It is too late: the lock refuses A's renewal"); this tells no refusal of either`
}

/**
 * A stale write refused for the lease's end: the row's fence that refused it is larger than the write's and was given on a later
 * lease, after the write's own lease ended (so the same write, made while that lease was live, would have been taken). A row whose
 * fence is no larger (the worker's own, or a newer one it had itself written), or one given before the lease ended, or by no
 * grant of the scene, refused it for another reason. Its message, or undefined.
 */
function lateRowProblem(context: ClaimContext, write: Extract<Happening, { kind: 'wrote' }>, says: string): string | undefined {
	const name = context.name(write.worker)
	const plain = `drop "It is too late" ("the database refuses ${name}'s write")`
	if (write.before <= write.fence) return `${says}, and the row's fence ${showFence(write.before)} is no larger than ${name}'s fence ${showFence(write.fence)}: the database would have refused this write with ${name}'s lease live, so its end caused nothing; ${plain}`
	const all = runHappenings(context)
	const at = all.indexOf(write)
	const before = all.slice(0, at < 0 ? all.length : at)
	const grants = before.filter(h => h.kind === 'granted' && h.worker === write.worker && h.fence === write.fence)
	const grant = grants[grants.length - 1]
	const from = grant === undefined ? -1 : before.indexOf(grant)
	const end = before.slice(from + 1).find(h => (h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended') && h.worker === write.worker && grant !== undefined && grant.kind === 'granted' && h.store === grant.store && h.fence === write.fence)
	const row = before.filter(h => h.kind === 'granted' && h.fence === write.before)
	const given = row[row.length - 1]
	if (grant === undefined || end === undefined || given === undefined || before.indexOf(given) < before.indexOf(end)) return `${says}, and the row's fence ${showFence(write.before)} was given by no lease after ${name}'s lease with fence ${showFence(write.fence)} ended${given === undefined ? '' : ` (it was given at ${formatDuration(given.at)}, before that)`}, so no later lease refused it; ${plain}`
	return undefined
}

function runHappenings(context: ClaimContext): Happening[] {
	return context.run.steps.filter(step => step.index <= context.step.index).flatMap(step => step.happenings)
}

/** Checks every clause of a read text in a context; reading's own problems come first. */
/**
 * "The old lease" with no clause before it naming whose (`SCENE_OLD_LEASE`): the one lease the scene has that a worker's
 * process held when it restarted (by this step's end). Its clauses with that lease's worker named, or the problem: none, or several.
 */
export function sceneOldLease(read: ReadResult, context: ClaimContext): ReadResult | ReadProblem {
	const refused = read.clauses.find(clause => clause.slots.some(slot => slot.value.type === 'actor' && slot.value.id.startsWith(REFUSED_LEASE)))
	if (refused !== undefined) {
		// "The lock refuses: the lease is lost": "the lease" after a clause about a lock store is the lease whose renewal it refused in the step.
		const slot = refused.slots.find(one => one.value.type === 'actor' && one.value.id.startsWith(REFUSED_LEASE)) as (typeof refused.slots)[number]
		const placeholder = slot.value.type === 'actor' ? slot.value.id : ''
		const store = placeholder.slice(REFUSED_LEASE.length)
		const refusals = context.step.happenings.filter(h => h.kind === 'renew-refused' && h.store === store)
		const workers = [...new Set(refusals.map(h => (h.kind === 'renew-refused' ? h.worker : '')))]
		if (workers.length !== 1) return { start: slot.start, end: slot.end, message: `"${slot.text}" after a clause about ${context.name(store)} is the lease whose renewal ${context.name(store)} refused in this step, and it refused ${workers.length === 0 ? 'none' : `renewals of ${workers.length} workers' leases`}: write whose ("A's lease")` }
		const worker = workers[0] as string
		const named = (clause: ReadClause): ReadClause => ({ ...clause, slots: clause.slots.map(one => (one.value.type === 'actor' && one.value.id === placeholder ? { ...one, value: { type: 'actor' as const, id: worker } } : one)), ...(clause.subject !== undefined && clause.subject.startsWith(REFUSED_LEASE) ? { subject: worker } : {}) })
		return sceneOldLease({ ...read, clauses: read.clauses.map(named) }, context)
	}
	const bare = read.clauses.find(clause => clause.slots.some(slot => slot.value.type === 'actor' && slot.value.id === SCENE_LEASE))
	if (bare !== undefined) {
		// "At 5 s the lease runs out": "the lease" with nothing before it to say whose is the one lease of the step, live when it
		// began or given in it; where two workers' leases (or none) could be meant, it names none.
		const slot = bare.slots.find(one => one.value.type === 'actor' && one.value.id === SCENE_LEASE) as (typeof bare.slots)[number]
		const live = [...context.step.start.workers.values()].filter(worker => worker.lease !== undefined && leaseState(worker.lease) === 'live').map(worker => worker.id)
		const given = context.step.happenings.flatMap(h => (h.kind === 'granted' ? [h.worker] : []))
		const whose = [...new Set([...live, ...given])]
		if (whose.length !== 1) return { start: slot.start, end: slot.end, message: `"${slot.text}" with no clause before it naming whose is the one lease of this step, live when it began or given in it, and ${whose.length === 0 ? 'there is none' : `there are ${whose.length}: ${whose.map(worker => `${context.name(worker)}'s`).join(', ')}`}; write whose ("${whose.length === 0 ? 'A' : context.name(whose[0] as string)}'s lease")` }
		const worker = whose[0] as string
		const named = (clause: ReadClause): ReadClause => ({ ...clause, slots: clause.slots.map(one => (one.value.type === 'actor' && one.value.id === SCENE_LEASE ? { ...one, value: { type: 'actor' as const, id: worker } } : one)), ...(clause.subject === SCENE_LEASE ? { subject: worker } : {}) })
		return sceneOldLease({ ...read, clauses: read.clauses.map(named) }, context)
	}
	const at = read.clauses.find(clause => clause.slots.some(slot => slot.value.type === 'actor' && slot.value.id === SCENE_OLD_LEASE))
	if (at === undefined) return read
	const olds: string[] = []
	const live = new Map<string, Happening[]>()
	for (const step of context.run.steps.slice(1, context.step.index + 1)) {
		for (const h of step.happenings) {
			if (!('worker' in h)) continue
			const mine = live.get(h.worker) ?? []
			if (h.kind === 'granted') live.set(h.worker, [...mine, h])
			else if (h.kind === 'process-restarted') {
				olds.push(...mine.map(() => h.worker))
				live.set(h.worker, [])
			} else if ((h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended') && 'store' in h) {
				live.set(h.worker, mine.filter(g => !(g.kind === 'granted' && g.store === h.store && ('fence' in h ? g.fence === h.fence : true))))
			}
		}
	}
	const slot = at.slots.find(one => one.value.type === 'actor' && one.value.id === SCENE_OLD_LEASE)
	const words = slot?.text ?? 'the old lease'
	if (olds.length !== 1) {
		const whose = [...new Set(olds)].map(worker => `${context.name(worker)}'s`)
		return { start: slot?.start ?? at.start, end: slot?.end ?? at.end, message: `"${words}" with no clause before it naming whose is the one lease of the scene that a crashed process held when it restarted, and ${olds.length === 0 ? `by the end of this step no worker's process restarted while it held a lease` : `this scene has ${olds.length} (${whose.join(', ')})`}: write whose ("${olds.length === 0 ? "A's lease" : `${whose[0]} old lease`}")` }
	}
	const worker = olds[0] as string
	const named = (clause: ReadClause): ReadClause => ({ ...clause, slots: clause.slots.map(one => (one.value.type === 'actor' && one.value.id === SCENE_OLD_LEASE ? { ...one, value: { ...one.value, id: worker } } : one)), ...(clause.subject === SCENE_OLD_LEASE ? { subject: worker } : {}) })
	return { ...read, clauses: read.clauses.map(named) }
}

export function checkText(given: ReadResult, context: ClaimContext): CheckResult {
	const resolved = sceneOldLease(given, context)
	if ('message' in resolved) return { claims: [], problems: [...given.problems, resolved] }
	const read = resolved
	const result: CheckResult = { claims: [], problems: [...read.problems] }
	const note = noteProblem(read, context)
	if (note) return { claims: [], problems: [...read.problems, note] }
	const text = newTextState()
	const later = toldByLaterEvents(read, context)
	const nextTold = toldByNextEvent(read, context)
	// What a copy of a state after "while" (`repeated`) found wrong: told where it stands unless the state itself is wrong there too.
	const copies = new Set<ReadProblem>()
	for (const [index, told0] of read.clauses.entries()) {
		// A sentence's pauses are its own: a new sentence, or a part after one that did not read, has told none yet.
		if (told0.opens === true || told0.then === 'sentence' || told0.gap === true) text.paused = []
		const ending = sceneEndAt(told0, context)
		if (typeof ending === 'string') {
			result.problems.push({ start: (told0.modifiers[0]?.slot.start ?? told0.start + 3) - 3, end: told0.modifiers[0]?.slot.end ?? told0.end, message: ending })
			forgetBefore(text)
			continue
		}
		const clause = openedAt(ending, text.opened)
		// A state held at the clause before ("while S", "which A holds") is passed over by the opening's reach (`sharedMoment`): the moment goes on after it.
		if (!clause.modifiers.some(modifier => modifier.shared) && !passedOver(clause)) text.opened = undefined
		if (clause.repeated) {
			// The state of an opening "While S," held at a clause of the main part before its last: it tells nothing of its own.
			const outcome = checkClause(clause, { ...context, toldLater: later[index] as ReadonlySet<number>, toldNext: nextTold[index] as ReadonlySet<number>, pointed: text.wrote }, text.told)
			if ('message' in outcome) copies.add(outcome)
			else if (beganAfter(clause, outcome, text, context) !== undefined) copies.add({ start: clause.start, end: clause.end, message: `"while" says this held at each clause it is said of (all a sentence's opening "While S," governs, or all that a bare "and" joins before "while S"), not only the last, but it began only at ${formatDuration(outcome.place?.at ?? 0)}, after one of them (at ${formatDuration(text.before?.at ?? 0)}); tell that one in a sentence of its own` })
			continue
		}
		const family = clause.form.each
		if (family !== undefined) text.lastOf.set(family, clause)
		// After a part of its sentence that did not read, a clause starts afresh: nothing unread is its cause or its "before".
		if (clause.gap) forgetBefore(text)
		if (clause.alone) {
			result.problems.push({ start: clause.start, end: clause.end, message: '"with it" names the fence its worker had just got: it follows right after a clause of its sentence about that worker that tells it ("B gets the key with fence 2, then saves with it"); else say the fence ("saves with fence 2")' })
			forgetBefore(text)
			continue
		}
		// A comparison of fences right after a clause that tells a write ("the database refuses A's write: 7 < 9", "B saves, and 8 < 9") is of that write;
		// one of two workers' fences ("B's fence is larger than A's") is of their leases unless a colon makes it the write's.
		const binds = clause.form.compares === true && (clause.explains || clause.form.tells === 'event')
		const answered = binds && text.cause !== undefined ? writeTold(text.cause.claim, context) : undefined
		// After a colon it tells why the event before happened, which must be a write ("B is refused: 7 < 9" of the lock's refusal is not); after a state ("the row keeps fence 8: 7 < 8"), it is a write of the step's.
		if (clause.form.compares === true && clause.explains && answered === undefined && text.cause?.state !== true) {
			result.problems.push({ start: clause.start, end: clause.end, message: 'after a colon, a comparison of fences tells why what the clause before tells happened, and that is no write; tell the write it compares ("the database refuses A\'s write: 7 < 9")' })
			forgetBefore(text)
			continue
		}
		const within = { ...context, toldLater: later[index] as ReadonlySet<number>, toldNext: nextTold[index] as ReadonlySet<number>, ...(text.latest === undefined ? {} : { toldPlace: text.latest }), toldEvents: new Set(text.seen), pointed: text.wrote, ...(family === undefined ? {} : { used: text.used.get(family) ?? new Set<number>() }), ...(text.prior?.event === true && text.prior.at !== undefined ? { priorEvent: text.prior.at, priorTold: text.prior.events } : {}), ...(text.paused.length === 0 ? {} : { sentencePauses: [...text.paused] }) }
		// A claim of no moment that names one ("At 10 s nothing has renewed A's lease"): "5 s later" after it counts from that moment.
		const upTo = clause.form.upTo === true && clause.form.tells === 'none' ? namedMoment(clause, context, text.told)?.moment : undefined
		// A state of a worker's place in line judged at a happening's moment, just before it (`lineCut`): after "so" of its grant, or after "while" or as an apposition.
		const cut = lineCut(read, index, clause, nextTold[index] as ReadonlySet<number>, text.before, context, text.prior?.event === true ? text.prior.events : undefined) ?? momentCut(read, index, clause, context)
		const judged = cut === undefined ? within : { ...within, step: cut.step, world: cut.world }
		const checked = checkClause(clause, answered === undefined ? judged : { ...judged, answered }, text.told, text.before)
		const outcome = sharedProblem(told0, cut !== undefined && cut.quiet !== true && 'message' in checked ? { ...checked, message: `${cut.says} (at ${formatDuration(cut.at)}), and there: ${checked.message.replace(/ when the step ends/g, ' then')}` } : checked)
		// The moment a sentence's opening names, which the clauses joined to its first by a bare "and" are at too.
		if (!('message' in outcome) && clause.modifiers.length > 0 && !clause.modifiers.some(modifier => modifier.shared)) text.opened = outcome.at
		if ('message' in outcome) {
			result.problems.push(outcome)
			forgetBefore(text)
			continue
		}
		const began = beganAfter(clause, outcome, text, context)
		if (began !== undefined && clause.concedes === true) began.message = conceded(began.message)
		// What a state after "so" (or joined by a bare "and" to the effect "so" tells) follows from, which must have made it so
		// (`heldBeforeCause`): the clause before, or the one before "so"; `orderProblem` moves the text on past them.
		const joinedOn = clause.then === undefined && clause.bareAnd === true && clause.during !== true && clause.relative !== true && clause.gap !== true && (clause.subject === undefined || clause.subject !== text.effectSubject)
		const causing = clause.then === 'so' || clause.so === true ? text.cause : joinedOn ? text.effectOf : undefined
		const problem = began?.message ?? apposedWork(clause, outcome, text) ?? orderProblem(clause, outcome, text, context) ?? beforeAState(clause, outcome, text, context) ?? heldBeforeCause(clause, outcome, causing, answered === undefined ? within : { ...within, answered })
		// A state "while" the clause before that came after it: "and" tells it in its order, which the offer tries.
		const before = began?.rejoin === true ? read.clauses[index - 1] : undefined
		if (problem !== undefined) result.problems.push({ start: clause.start, end: clause.end, message: problem, ...(before === undefined ? {} : { offer: { start: Math.min(before.start, clause.start), end: Math.max(before.end, clause.end) }, rejoin: { before: { start: before.start, end: before.end }, after: { start: clause.start, end: clause.end } } }) })
		else {
			CLAUSE_OF.set(outcome, { index, then: clause.then === 'then' })
			result.claims.push(outcome)
			// What the text told before this clause: a state's own events (the grant of "B holds the key") are not told before it.
			const seenBefore = new Map([...text.toldBy].map(([order, forms]) => [order, new Set(forms)] as const))
			told(text, clause, outcome, context)
			// An event clause that told a pause of the step: the clauses after it in its sentence may speak from that pause on.
			if (clause.form.tells === 'event') for (const e of outcome.evidence) if (e.kind === 'happened' && e.step === context.step.index && e.order !== undefined && context.step.happenings[e.order]?.kind === 'paused') text.paused.push(context.step.happenings[e.order] as Extract<Happening, { kind: 'paused' }>)
			const began = clause.form.tells === 'state' && clause.modifiers.length === 0 && context.place === 'caption' ? stateBegan(clause, outcome, cut === undefined ? context : { ...context, step: cut.step, world: cut.world }) : undefined
			if (began !== undefined) text.states.push({ ...began, subject: clause.subject, seen: seenBefore })
		}
		text.before = outcome.place
		text.earliest = outcome.first !== undefined && outcome.place !== undefined && comesAfter(outcome.first, outcome.place) ? outcome.first : undefined
		// A state told with no moment, and no event of the step its own, holds at the step's end (unless it ended in the step): "then" after it comes after that.
		text.atEnd = clause.form.tells === 'state' && outcome.place === undefined && clause.modifiers.length === 0 && outcome.ended === undefined
		// The clock told a moment (time passing, its reading): "then" after it is no earlier.
		text.clock = clause.form.tells === 'clock' ? outcome.at : undefined
		text.passed = outcome.said?.clock?.moved === true
		const events = outcome.evidence.flatMap(e => (e.kind === 'happened' && e.step === context.step.index && e.order !== undefined ? [context.step.happenings[e.order] as Happening] : []))
		// "When X, Y and Z": the lease ends X tells, which Z, joined to Y by a bare "and", came of too.
		text.handover = clause.then === 'when' && clause.reached !== true && text.prior?.event === true ? text.prior.events.filter(h => FREES.has(h.kind)) : joinedToWhen(clause) ? text.handover : undefined
		text.prior = { event: clause.form.tells === 'event', at: outcome.at, events, ...(clause.form.tells === 'state' && outcome.place !== undefined ? { began: outcome.place.at } : {}), ...(clause.form.tells === 'state' && clause.modifiers.length > 0 && outcome.at !== undefined ? { named: outcome.at } : {}) }
		if (outcome.at !== undefined) text.told = text.told === undefined ? outcome.at : Math.max(text.told, outcome.at)
		if (upTo !== undefined) text.told = text.told === undefined ? upTo : Math.max(text.told, upTo)
	}
	const unended = unendedStates(result, context)
	result.problems.push(...unended.map(({ problem }) => problem))
	result.claims = result.claims.filter(claim => !unended.some(one => one.claim === claim))
	if (context.place === 'caption') result.problems.push(...untold(text.used, text.lastOf, context))
	// The state after "while" is held at each clause it governs: what is wrong with it is told once, by the state itself where it is wrong there too.
	const own = [...copies].filter((copy, k, all) => !result.problems.some(problem => problem.start === copy.start && problem.end === copy.end) && all.findIndex(other => other.start === copy.start && other.end === copy.end) === k)
	result.problems.push(...own)
	return result
}

/**
 * A worker at work between commas after its subject ("A, still at work, saves"): at work right up to that happening, so its work
 * (its process running in its hold) began at an earlier moment of the clock than the happening, not at it (a process that woke
 * at the very moment it saved was paused right up to it).
 */
function apposedWork(clause: ReadClause, outcome: CheckedClaim, text: TextState): string | undefined {
	if (clause.apposed !== true || (clause.form.id !== 'still-working' && clause.form.id !== 'works') || text.prior?.event !== true || text.prior.at === undefined || outcome.place === undefined) return undefined
	if (outcome.place.at < text.prior.at) return undefined
	return `a state between commas after its subject says it held right up to what its clause tells, at ${formatDuration(text.prior.at)}, but ${clause.subject === undefined ? 'it' : 'that work'} began only at that moment (its process woke or got the key then): tell that first ("A wakes and saves"), or leave the state out`
}

/** The line states judged at a happening's moment after "while" or as an apposition ("B, still waiting, gives up"): just before it. */
const LINE_STATES: ReadonlySet<string> = new Set(['still-waits', 'place-in-line', 'next-in-line'])

/**
 * A worker still at work after "while" or as an apposition ("A, still at work, saves"), said of a clause that told one happening of
 * the step: judged over the step up to just before it, so that its code leaving its hold later in the step (its function returning
 * right after that save) does not make it untrue. Said of several happenings ("B and C ask while A is still rebuilding the index"),
 * it is judged as before, over the whole step, and at each of them.
 */
const WORK_STATES: ReadonlySet<string> = new Set(['still-working'])

/**
 * Where a caption's state of a worker's place in line is judged, when not at the step's end: the step cut just before a happening,
 * as the world stood then. (1) "B is first in line, so B gets the key" (`place-in-line`, `next-in-line`, with no moment, not after
 * "while" nor a relative clause): right before "so" and a clause whose first happening of the step, read alone, is a grant to that
 * same worker from the line, the state is judged just before that grant. (2) "B gives up while it is still waiting", "B, still
 * waiting, gives up" (`LINE_STATES`, after a plain "while" or as an apposition, with no moment): just before the happening the
 * clause before told (its place in the step). Undefined: judged as any state is.
 */
function lineCut(read: ReadResult, index: number, clause: ReadClause, next: ReadonlySet<number>, before: StepPosition | undefined, context: ClaimContext, priorEvents?: readonly Happening[]): { step: ClaimContext['step']; world: ClaimContext['world']; at: number; says: string; quiet?: true } | undefined {
	if (context.place !== 'caption' || clause.modifiers.length > 0 || clause.repeated === true || clause.relative === true) return undefined
	const worlds = worldsOf(context.step)
	if (worlds === undefined) return undefined
	const at = (place: number, says: string) => {
		const happening = context.step.happenings[place]
		return happening === undefined || worlds[place] === undefined ? undefined : { step: stepAt(context.step, place, worlds), world: worlds[place] as ClaimContext['world'], at: happening.at, says }
	}
	if (clause.during === true && WORK_STATES.has(clause.form.id)) {
		const told = (priorEvents ?? []).filter(h => context.step.happenings.includes(h))
		if (clause.when !== undefined || before === undefined || told.length > 1) return undefined
		const cut = at(Math.ceil(before.order), '')
		return cut === undefined ? undefined : { ...cut, quiet: true }
	}
	if (clause.during === true) {
		if (!LINE_STATES.has(clause.form.id) || clause.when !== undefined || before === undefined) return undefined
		return at(Math.ceil(before.order), '"while" (or a state between commas after its subject) says this held just before what the clause it is said of tells happened')
	}
	const after = read.clauses[index + 1]
	if (!firstInLineForm(clause) && clause.form.id !== 'place-in-line') return undefined
	if (after === undefined || after.then !== 'so' || after.form.tells !== 'event' || next.size === 0 || clause.subject === undefined) return undefined
	const first = Math.min(...next)
	const grant = context.step.happenings[first]
	if (grant?.kind !== 'granted' || grant.worker !== clause.subject || grant.place === undefined) return undefined
	return at(first, '"so" after it says this held just before what follows it happened')
}

/**
 * A caption's state with no moment of its own, told before an event clause of the same caption that names its own moment ("A is
 * still working, and … At 10 s A lets go"): a caption is read in order, so the state held just before that happening, and is
 * judged over the step up to it (its happenings before the first one that clause tells, read alone), the clock at its moment. Not
 * a state after "while", a relative clause or an apposition (held at the clause they are said of), nor one with a moment; nor an
 * event clause after "because" or a colon (it tells why, not what came next). The first such event clause after it names the
 * moment; undefined: judged as any state is (no such clause, or none of the step's happenings read alone from it).
 */
function momentCut(read: ReadResult, index: number, clause: ReadClause, context: ClaimContext): { step: ClaimContext['step']; world: ClaimContext['world']; at: number; says: string; quiet?: true } | undefined {
	if (context.place !== 'caption' || clause.form.tells !== 'state' || clause.modifiers.length > 0 || clause.repeated === true || clause.relative === true || clause.during === true) return undefined
	const timed = read.clauses.slice(index + 1).find(one => one.form.tells === 'event' && one.sceneEnd !== true && one.then !== 'because' && one.explains !== true && one.modifiers[0]?.kind === 'at' && one.modifiers[0].shared !== true && one.modifiers[0].slot.value.type === 'number')
	if (timed === undefined) return undefined
	const verdict = timed.form.check(timed.slots, context)
	const told = verdict.ok ? verdict.evidence.flatMap(e => (e.kind === 'happened' && e.step === context.step.index && e.order !== undefined ? [e.order] : [])) : []
	const worlds = worldsOf(context.step)
	if (told.length === 0 || worlds === undefined) return undefined
	const place = Math.min(...told)
	const happening = context.step.happenings[place]
	if (happening === undefined || worlds[place] === undefined) return undefined
	return { step: stepAt(context.step, place, worlds), world: { ...(worlds[place] as ClaimContext['world']), time: happening.at }, at: happening.at, says: 'a caption is read in order: this state, told before a happening it goes on to tell at a moment of its own, held just before that happening' }
}

/**
 * For each clause of a text, the step's happenings the event clauses after it tell, each read alone
 * (with no moment, no family's used happenings, no write answered): a state with no moment that
 * held over a span of the step is read over that span when a later clause tells what ended it.
 */
function toldByLaterEvents(read: ReadResult, context: ClaimContext): ReadonlySet<number>[] {
	const out: ReadonlySet<number>[] = []
	let after = new Set<number>()
	for (let index = read.clauses.length - 1; index >= 0; index--) {
		out[index] = after
		const clause = read.clauses[index] as ReadClause
		if (clause.form.tells !== 'event') continue
		const verdict = clause.form.check(clause.slots, context)
		if (!verdict.ok) continue
		after = new Set(after)
		for (const e of verdict.evidence) if (e.kind === 'happened' && e.step === context.step.index && e.order !== undefined) after.add(e.order)
	}
	return out
}

/** For each clause, the happenings of this step the event clause right after it tells, read alone, when that clause is joined to it in its sentence (not a new sentence's). */
function toldByNextEvent(read: ReadResult, context: ClaimContext): ReadonlySet<number>[] {
	return read.clauses.map((_, index) => {
		const next = read.clauses[index + 1]
		if (next === undefined || next.then === 'sentence' || next.form.tells !== 'event') return new Set<number>()
		const verdict = next.form.check(next.slots, context)
		return new Set(verdict.ok ? verdict.evidence.flatMap(e => (e.kind === 'happened' && e.step === context.step.index && e.order !== undefined ? [e.order] : [])) : [])
	})
}

/** What the clauses of a text read so far have told, which the next clause's order and cause are judged against. */
interface TextState {
	/** The happenings each family of `each` forms told already, by their place in the step. */
	used: Map<string, Set<number>>
	/** The place of the clause right before, if it held and had one. */
	before: StepPosition | undefined
	/** Of a clause right before that told several workers' events ("B and C ask"), the earliest of them: a state "while" it held at each, so from before that one. */
	earliest?: StepPosition
	/** The latest place the text told, at a moment it named ("at 5 s") or not. */
	latest: StepPosition | undefined
	/** The moment the text told last: "5 s later" counts from it. */
	told: number | undefined
	/** The step's events the text has told so far, by their place, and the writes whose answer (taken, refused) it told. */
	seen: Set<number>
	decided: Set<number>
	/** Each worker's write the text told last, which a clause about its write is of. */
	wrote: Map<string, Extract<Happening, { kind: 'wrote' }>>
	/** The last clause of each family, where a happening it left untold is pointed at. */
	lastOf: Map<string, ReadClause>
	/** The clause before and what it was checked against, which a clause after "so" follows from. */
	cause: Told | undefined
	/** The clause before told a cause after "because" (or was joined to one by a bare "and"): what it explains, which a clause joined to it by a bare "and" is a cause of too. */
	because?: Told | undefined
	/** The clause before was told after "so" (or was joined to one by a bare "and"): its cause, which a clause joined to it by a bare "and" follows from too. */
	effectOf?: Told | undefined
	/** The subject of the clause before, which a clause joined to it by a bare "and" may go on with. */
	effectSubject?: string | undefined
	/** The clause before was a state after "while" ("X while S"): the clause X it was said of, which a "because" after it explains. */
	aside?: Told | undefined
	/** The clause before told a state at the step's end (no moment, no event of the step its own), or the clock at a moment. */
	atEnd: boolean
	clock: number | undefined
	/** The clause before told time passing ("20 s go by"). */
	passed: boolean
	/** The clause before, if it held: whether it tells an event, and its moment, which "When X, Y" and "Y while X" name. */
	/** The clause before: whether it told an event, its moment, and of a state the moment in the step it began to hold (its place), if it did. */
	prior: { event: boolean; at: number | undefined; events: readonly Happening[]; began?: number; /** Of a state that named its moment ("the key is free at 0 s"): that moment, which "When S, E" puts E at. */ named?: number } | undefined
	/** The states the text told with no moment that did not hold when the step began: where each began to hold, which no event told after it came at or before. */
	states: (StepPosition & { subject: string | undefined; seen: ReadonlyMap<number, ReadonlySet<string>> })[]
	/** The forms that told each of the step's events, by its place. */
	toldBy: Map<number, Set<string>>
	/** "When X, Y": the lease ends X told, while clauses joined to Y by a bare "and" go on ("When A lets go, B asks and gets it"). */
	handover?: readonly Happening[] | undefined
	/** The moment the clause that opened the sentence with a moment told ("At 10 s A lets go"): each clause the opening reaches is at it too. */
	opened?: number | undefined
	/** The pauses of the step the event clauses of this sentence told so far, which "so nothing renews its lease" after them is from (`sentencePauses`). */
	paused: Extract<Happening, { kind: 'paused' }>[]
}

/** A problem with the moment a clause shares with its sentence's opening ("At 10 s A lets go and B gets the key"): told at the clause, which that moment is said of. */
function sharedProblem(clause: ReadClause, outcome: CheckedClaim | ReadProblem): CheckedClaim | ReadProblem {
	const shared = clause.modifiers.find(modifier => modifier.shared)
	if (shared !== undefined && !('message' in outcome) && outcome.ended?.named !== undefined && outcome.ended.named.start === shared.slot.start) return { ...outcome, ended: { ...outcome.ended, named: sharedProblem(clause, outcome.ended.named) as ReadProblem } }
	if (shared === undefined || !('message' in outcome) || outcome.start !== shared.slot.start) return outcome
	const words = shared.kind === 'at' ? `at ${shared.slot.text}` : `${shared.slot.text.toLowerCase()} later`
	return { start: clause.start, end: clause.end, message: `the sentence opens with a moment ("${words}"), which is said of each clause after it (past "and", "so", a comma, a colon or a semicolon) until one tells its own moment or order: ${outcome.message}`, ...(outcome.offer ? { offer: outcome.offer } : {}) }
}

/**
 * A state said "at the end" (`ReadClause.sceneEnd`): at the end of the scene's last step, which is the one its caption is
 * of; in any other step a message (what holds at the scene's end is told where the scene ends, so "still" and "now" keep their step).
 */
function sceneEndAt(clause: ReadClause, context: ClaimContext): ReadClause | string {
	if (clause.sceneEnd !== true) return clause
	const steps = context.run.steps
	const last = steps[steps.length - 1]
	if (last === undefined || context.place !== 'caption' || last.index !== context.step.index) return `"at the end" names the scene's end, and this is step ${context.step.index} of ${last?.index ?? context.step.index}${context.place === 'caption' ? '' : ', in no caption'}: say what holds at the end in the last step's caption, or leave "at the end" out`
	const [moment, ...rest] = clause.modifiers
	if (moment === undefined) return clause
	return { ...clause, modifiers: [{ ...moment, slot: { ...moment.slot, value: { type: 'number', value: last.end.time } } }, ...rest] }
}

/** A clause given the moment its sentence opened with (`shared`): at the moment the first clause told; with none (that clause did not hold), none. */
function openedAt(clause: ReadClause, opened: number | undefined): ReadClause {
	const shared = clause.modifiers.find(modifier => modifier.shared)
	if (shared === undefined) return clause
	if (opened === undefined) return shared.kind === 'at' ? clause : { ...clause, modifiers: [] }
	return { ...clause, modifiers: [{ kind: 'at', slot: { ...shared.slot, value: { type: 'number', value: opened } }, shared: true }] }
}

function newTextState(): TextState {
	return { used: new Map(), before: undefined, latest: undefined, told: undefined, seen: new Set(), decided: new Set(), wrote: new Map(), lastOf: new Map(), cause: undefined, atEnd: false, clock: undefined, passed: false, prior: undefined, states: [], toldBy: new Map(), paused: [] }
}

/** The write a clause told: the one whose answer it tells, or whose fences it compares, else a write of the step it was checked against. */
function writeTold(claim: Told['claim'], context: ClaimContext): Extract<Happening, { kind: 'wrote' }> | undefined {
	const said = claim.said
	if (said?.decides !== undefined) return said.decides
	if (said?.comparison?.write !== undefined) return said.comparison.write
	for (const e of claim.evidence) {
		const h = e.kind === 'happened' && e.step === context.step.index && e.order !== undefined ? context.step.happenings[e.order] : undefined
		if (h?.kind === 'wrote') return h
	}
	return undefined
}

/** After a clause that did not hold, or a part that did not read: the next clause has no clause before it to follow. */
function forgetBefore(text: TextState): void {
	text.before = undefined
	text.earliest = undefined
	text.cause = undefined
	text.because = undefined
	text.effectOf = undefined
	text.effectSubject = undefined
	text.aside = undefined
	text.atEnd = false
	text.clock = undefined
	text.passed = false
	text.prior = undefined
	text.handover = undefined
}

/** The acts a worker's own code does with the key (asks, saves, renews, lets go, leaves the line), and a database's (takes or refuses a write): what "so B gets the key and saves" tells B did next. */
const OWN_ACTS: ReadonlySet<Happening['kind']> = new Set(['asked', 'wrote', 'answered', 'renewed', 'released', 'returned', 'left'])

/** Whether a clause tells, as a cause would, only acts of `worker`'s own (`OWN_ACTS`), at least one: a wait in line its own ask, a pause none. */
function ownActs(told: Told, worker: string, context: ClaimContext): boolean {
	const said = told.claim.said
	const events = said?.told ?? said?.events ?? eventsOf(told.claim.evidence, context, true)
	return events.length > 0 && events.every(h => OWN_ACTS.has(h.kind) && (('worker' in h && h.worker === worker) || ('database' in h && h.database === worker)))
}

/**
 * Why a clause that holds is out of place in its text, or undefined: a cause its "so" or "because"
 * names that the engine did not record, time told passing after something told later (or an event
 * told after it that came before any of it passed), an ask with no time put in order, a moment
 * "When X, Y" or "X while Y" names that its event missed, or an order ("then", "so", "because", a
 * new sentence) the clause's place breaks. It takes the clause's cause.
 */
function orderProblem(clause: ReadClause, outcome: CheckedClaim, text: TextState, context: ClaimContext): string | undefined {
	const { before, latest, atEnd, clock } = text
	// "so": the clause before is why this happened; "because", "since": this is why the clause before did.
	// Its actors, and where it began: an event clause's earliest event, a state's first place in the step it held from.
	const from = (clause.form.tells === 'event' ? (outcome.first ?? outcome.place) : clause.form.tells === 'state' ? outcome.place : undefined)?.at
	const line = firstInLineForm(clause) && clause.subject !== undefined && clause.modifiers.length === 0 && clause.during !== true && clause.relative !== true ? clause.subject : undefined
	const saying: Told = { state: clause.form.tells === 'state', claim: outcome, ...groupOf(clause), actors: actorsNamed(clause), ...(from === undefined ? {} : { from }), ...(line === undefined ? {} : { firstInLine: line }) }
	const cause = text.cause
	// "X while S, because C": the "while" clause is an aside, and C tells why X happened.
	const explained = text.aside ?? cause
	// "X: Y": the colon says Y is why X happened, or what came of it (a comparison of fences after it is of a write, checked as it reads).
	// "X because A and B": a clause joined by a bare "and" to the cause "because" tells (or to another such) is a cause of X too.
	const also = clause.then === undefined && clause.bareAnd === true && clause.during !== true && clause.relative !== true && clause.gap !== true ? text.because : undefined
	// "X, so A and B": a clause joined by a bare "and" to the effect "so" tells (or to another such) follows from X too.
	// One that goes on with the subject of the clause it is joined to ("so B gets the key and saves") and tells only that subject's own acts
	// (`ownActs`) tells what that subject did next; what befell it (its process crashing or pausing, its lease running out), or a state made by anything else (a wait in line tells its own ask), follows from the cause, or the clause joined.
	const alsoFrom = clause.then === undefined && clause.bareAnd === true && clause.during !== true && clause.relative !== true && clause.gap !== true && !(clause.subject !== undefined && clause.subject === text.effectSubject && ownActs(saying, clause.subject, context)) ? text.effectOf : undefined
	// "X while S, so Y": the "while" clause is an aside, said of X; Y follows from X, or from S (refused only when neither is its cause).
	// Of X, a state Y did not hold just before it (`heldBeforeCause`); and Y is not S itself, told again: that held before X, and follows from nothing after it.
	const soFrom = clause.then === 'so' && text.aside !== undefined && cause !== undefined && causeProblem(text.aside, saying, context, 'so') === undefined && heldBeforeCause(clause, outcome, text.aside, context) === undefined ? text.aside : cause
	const itself = clause.then === 'so' && text.aside !== undefined && soFrom === cause && cause !== undefined && retells(cause, saying, context)
	const why = cause === undefined ? undefined : itself ? '"so" after "X while S" says this follows from X or from S, and this is S itself, told again: it held already as X happened, so nothing X tells made it so, and a state does not follow from itself; tell it once, with "while"' : clause.then === 'so' || clause.so === true ? causeProblem(soFrom as Told, saying, context, 'so') : clause.then === 'because' && explained !== undefined ? causeProblem(saying, explained, context, 'because') : clause.explains === true && clause.form.compares !== true ? colonProblem(cause, saying, context) : also !== undefined ? alsoCauseProblem(saying, also, context) : alsoFrom !== undefined ? alsoEffectProblem(alsoFrom, cause, saying, context) : undefined
	text.because = clause.then === 'because' ? explained : also
	text.effectOf = clause.then === 'so' || clause.so === true ? soFrom : clause.then === undefined && clause.bareAnd === true && clause.during !== true && clause.relative !== true && clause.gap !== true ? text.effectOf : undefined
	text.effectSubject = clause.subject
	text.aside = clause.during === true && clause.form.tells === 'state' ? cause : undefined
	text.cause = saying
	const place = outcome.place
	const event = clause.form.tells === 'event'
	// A clause about several workers' events stands after something only if the earliest of them does.
	const early = outcome.first ?? place
	const whose = outcome.first === undefined ? 'it' : `${context.name(outcome.first.who)}'s`
	const ordered = clause.then === 'then' || clause.then === 'when'
	// A write's answer told for the first time is news of its own: it takes its place in the text's order like an event not told before.
	const decides = outcome.said?.decides === undefined ? -1 : context.step.happenings.indexOf(outcome.said.decides)
	const fresh = event && (outcome.evidence.some(e => e.kind === 'happened' && e.step === context.step.index && e.order !== undefined && !text.seen.has(e.order)) || (decides >= 0 && !text.decided.has(decides)))
	// An event the text told already, told again with nothing to order it right after a clause that told a happening of its kind ("…, and
	// at 8 s it restarts again, and its epoch changes to 5000"): it is that one, or came after it; not one of that kind told earlier. After
	// a clause of any other kind, it may be told again beside what that clause told at the same moment ("The store restarts, and A's lease
	// does not survive it. The lock writes epoch 5000"), never from an earlier moment ("…, at 8 s it restarts again. B gets the key with
	// fence 8000:1. The epoch changes to 5000"), unless it names its own.
	const own = outcome.evidence.flatMap(e => (e.kind === 'happened' && e.step === context.step.index && e.order !== undefined ? [context.step.happenings[e.order] as Happening] : []))
	const notJustTold = text.prior !== undefined && own.length > 0 && !own.some(h => text.prior?.events.includes(h) === true)
	const kindBefore = notJustTold && (own.some(h => text.prior?.events.some(p => p.kind === h.kind) === true) || (before !== undefined && early !== undefined && early.at < before.at))
	const retold = event && !fresh && kindBefore && (clause.then === undefined || clause.then === 'sentence') && clause.relative !== true && clause.gap !== true && !clause.modifiers.some(modifier => modifier.shared !== true) && before !== undefined && early !== undefined && comesAfter(early, before)
	const after = early === undefined || place === undefined ? undefined : retold ? before : ordered ? (atEnd ? END : clock !== undefined && early.at < clock ? { at: clock, order: -1 } : latest !== undefined && (clause.form.tells === 'state' ? comesAfter(place, latest) : !comesAfter(latest, early) && !(clause.form.follows === true && latest.at === early.at && latest.order === early.order)) ? latest : undefined) : clause.then === 'so' ? (before !== undefined && comesAfter(early, before) ? before : undefined) : clause.then === 'because' ? (before !== undefined && comesAfter(before, place) ? before : undefined) : fresh && latest !== undefined && comesAfter(early, latest) ? latest : undefined
	// Time told passing ("40 s pass") is the step's passage from its start: what the text told before it came no later than that start. Told after a
	// clause that named a later moment ("At 25 s B asks, then 30 s pass"), or after "then", a reader counts it from that moment, not the step's start.
	const passedAfter = outcome.said?.clock?.moved === true && latest !== undefined && latest.at > context.step.start.time ? latest : undefined
	if (why !== undefined) return why
	if (passedAfter !== undefined) {
		const rest = context.step.end.time - passedAfter.at
		return `this tells the clock moving on from ${formatDuration(context.step.start.time)}, the step's start, to ${formatDuration(context.step.end.time)}, and the text told before it something at ${formatDuration(passedAfter.at)}: told after it, time passing counts from there, and the clock moved on by ${rest === 0 ? 'nothing' : formatDuration(rest)} after it; tell the time passing first ("${formatDuration(context.step.end.time - context.step.start.time)} pass, and …")`
	}
	const unshown = unshownAsk(clause, outcome, text, context)
	if (unshown !== undefined) return unshown
	const moment = sameMoment(clause, outcome, text, context)
	if (moment !== undefined) return moment
	// "When A lets go, B asks and gets it": a grant told after a bare "and" came of the lease end "When" names too.
	if (joinedToWhen(clause) && text.handover !== undefined && text.handover.length > 0) {
		const handed = notHandedOver('"when" says the happening it joins, and what a bare "and" joins to it, came of the one it names', text.handover, outcome, context)
		if (handed !== undefined) return handed
	}
	// After time told passing ("20 s go by"), an event the text goes on to tell, with no moment of its own, happened in that passage, after the step's start.
	const start = context.step.start.time
	if (text.passed && event && early !== undefined && early.at <= start && clause.modifiers.length === 0 && !ordered && clause.then !== 'because') return `the clause before tells time passing from the step's start (${formatDuration(start)}), and ${whose} happened at ${formatDuration(early.at)}, before any of it passed; tell this first, or say when it happened ("at ${formatDuration(early.at)}")`
	if (after === undefined || place === undefined || early === undefined) return undefined
	const says = clause.then === 'when' ? (clause.same !== undefined ? `"${clause.same}" says this happened at the moment of what the clause before tells, not before it` : '"when", "once" or "as soon as" says the happening it joins came after the one it names') : ordered ? '"then" says this came after what the clause before tells' : clause.then === 'so' ? '"so" says this follows from what the clause before tells, so it came after it' : clause.then === 'because' ? '"because" says this is why what the clause before tells happened, so it came no later' : after === before ? 'a caption tells what happened in order, and this sentence tells something that came before what the sentence before it tells; put them in the order they happened' : 'a text tells what happened in order, and this tells something that came before what it told earlier (a state told in between does not change that); put them in the order they happened'
	if (retold) return `this tells again something the text told before, at ${formatDuration(early.at)}, which came before what the clause before it tells (at ${formatDuration(after.at)}${after.at === early.at ? ', later in the step' : ''}); told after it with nothing to order it ("and", a comma, a new sentence), it is what the clause before told, or what came after it: tell this right after the clause that told it, or say when ("at ${formatDuration(early.at)}")`
	const later = clause.then === 'because'
	const at = later ? place : early
	if (after === END) return `"then" says this came after what the clause before tells, which holds at the step's end (${formatDuration(context.world.time)}), but this came before it; tell the event that made it hold, or put this first`
	return `${says}, but ${later ? 'it' : whose} ${at.at === after.at && at.order === after.order ? 'is the same thing' : later ? 'came after it' : 'came before it'}${at.at !== after.at ? `: at ${formatDuration(at.at)}, not ${later ? 'before' : 'after'} ${formatDuration(after.at)}` : `, both at ${formatDuration(at.at)}`}`
}

/**
 * Where a state told with no moment began to hold, when it did not hold as the step began: the
 * place of the step's happening after which it held without a break up to the clause's moment (the
 * step's end, or just before what ended it), judged at every place of the step (`positions.ts`).
 * Undefined when it held at the step's start, or the step's places cannot be made.
 */
function stateBegan(clause: ReadClause, outcome: CheckedClaim, context: ClaimContext): StepPosition | undefined {
	const step = context.step
	const worlds = worldsOf(step)
	if (worlds === undefined) return undefined
	const { toldLater: _later, toldNext: _next, toldPlace: _place, toldEvents: _events, moment: _moment, answered: _answered, ...plain } = context
	// It holds at a place when it holds at the end of the step cut there: not only over a span of it that ended before.
	const holdsAt = (place: number): boolean => {
		const verdict = clause.form.check(clause.slots, { ...plain, step: stepAt(step, place, worlds), world: worlds[place] as ClaimContext['world'] })
		return verdict.ok && verdict.until === undefined
	}
	// It began right after the last place it did not hold (a state that held when the step began may have stopped and held again).
	let place = outcome.ended?.by[0] ?? step.happenings.length
	while (place > 0 && holdsAt(place - 1)) place--
	if (place === 0) return undefined
	const began = step.happenings[place - 1]
	return began === undefined ? undefined : { at: began.at, order: place - 1 }
}

/**
 * "X, so S" of an event X and a state S (or "X, so A and S", S joined to the effect by a bare "and"): X made S hold, so S did not hold just before X's first event of the step (judged, as at a
 * step's end, on the step cut there, `positions.ts`); one that held already ("B saves, so B's fence is larger than the row's": both
 * fences were what they are before the save) is no result of X. A renewal that kept a lease live at S's moment (`causes.ts`) made
 * S hold though its lease was live before it, and is not asked this. Its message, or undefined.
 */
function heldBeforeCause(clause: ReadClause, outcome: CheckedClaim, cause: Told | undefined, context: ClaimContext): string | undefined {
	if (clause.form.tells !== 'state' || cause === undefined || cause.state) return undefined
	if (renewalKeptLive(cause, outcome, context)) return undefined
	const step = context.step
	const orders = cause.claim.evidence.flatMap(e => (e.kind === 'happened' && e.step === step.index && e.order !== undefined ? [e.order] : []))
	if (orders.length === 0) return undefined
	const first = Math.min(...orders)
	const worlds = worldsOf(step)
	if (worlds === undefined) return undefined
	const { toldLater: _later, toldNext: _next, toldPlace: _place, toldEvents: _events, moment: _moment, ...plain } = context
	const verdict = clause.form.check(clause.slots, { ...plain, step: stepAt(step, first, worlds), world: worlds[first] as ClaimContext['world'] })
	if (!verdict.ok || verdict.until !== undefined) return undefined
	const event = step.happenings[first] as Happening
	return `"so" says ${clause.then === 'so' || clause.so === true ? 'the clause before' : 'the clause before "so"'} made this hold, but it held already just before what that clause tells (at ${formatDuration(event.at)}): nothing it tells made it so; tell it after ", and", which claims no cause, or tell what made it hold`
}

/**
 * An event told after a state the text told with no moment, that happened at or before the moment
 * that state began to hold: the reader takes the state as holding first, and it did not. After
 * "because" or a colon, the event tells why (it may be what began the state); the very event that began it,
 * joined by a bare "and" or a comma to a state of the same subject, or told as what came of it ("A starts
 * working"), with no moment named, is told beside it. Its message.
 */
function beforeAState(clause: ReadClause, outcome: CheckedClaim, text: TextState, context: ClaimContext): string | undefined {
	if (clause.form.tells !== 'event' || clause.then === 'because' || clause.explains === true) return undefined
	const early = outcome.first ?? outcome.place
	if (early === undefined) return undefined
	// Joined by a bare "and" or a comma to a state of its own subject, with no moment of its own, the event that began the state is told with it, not after it
	// ("the database keeps fence 5 and takes the write"); what came of that event ("A holds the key. A starts working") comes after it.
	const beside = (state: { subject: string | undefined }): boolean => clause.modifiers.length === 0 && ((clause.then === undefined && state.subject !== undefined && state.subject === clause.subject) || clause.form.follows === true)
	// A clause that tells again, in other words, only events the text told before the state ("B and C ask, B first. B and C wait in line") tells
	// nothing after it; told again in the same words ("A lets go. B holds the key. A lets go") they read as happening again.
	const orders = outcome.evidence.flatMap(e => (e.kind === 'happened' && e.step === context.step.index && e.order !== undefined ? [e.order] : []))
	const retold = (state: { seen: ReadonlyMap<number, ReadonlySet<string>> }): boolean => orders.length > 0 && orders.every(order => state.seen.get(order) !== undefined && !state.seen.get(order)?.has(clause.form.id))
	const began = text.states.find(state => !retold(state) && (comesAfter(early, state) || (!beside(state) && state.at === early.at && state.order === early.order)))
	if (began === undefined) return undefined
	const same = began.at === early.at && began.order === early.order
	return `the text told before this a state that did not hold when the step began, and it began to hold only at ${formatDuration(began.at)}, ${same ? 'with what this tells' : `after what this tells (at ${formatDuration(early.at)})`}; a caption tells what happened in order: tell this first, then the state it led to`
}

/**
 * An ask the scene draws only as its grant has no time: a clause that tells it cannot be put after
 * what the clause before tells ("then", "so", "When X, Y"). Its message, which asks for the ask drawn.
 */
function unshownAsk(clause: ReadClause, outcome: CheckedClaim, text: TextState, context: ClaimContext): string | undefined {
	if (text.prior === undefined || outcome.place !== undefined || clause.form.tells !== 'event') return undefined
	if (clause.then !== 'then' && clause.then !== 'so' && clause.then !== 'when') return undefined
	const ask = outcome.evidence.find(e => e.kind === 'happened' && e.step === context.step.index && e.what.kind === 'asked' && e.what.unshown === true)
	if (ask?.kind !== 'happened' || ask.what.kind !== 'asked') return undefined
	const name = context.name(ask.what.worker)
	return `${clause.then === 'when' ? '"when" or "as soon as"' : `"${clause.then}"`} puts this after what the clause before tells, but the scene draws ${name}'s ask only as the key it was given, so the ask has no time to put in order; draw the ask, an arrow from ${name} to ${context.name(ask.what.store)} before its grant`
}

/**
 * "When X, Y" and "As soon as X, Y" of two events, and "X while Y" of an event Y: Y happened at X's
 * moment (each of several workers' events). Its message if it did not, or if X tells no event with a moment.
 */
function sameMoment(clause: ReadClause, outcome: CheckedClaim, text: TextState, context: ClaimContext): string | undefined {
	const during = clause.during === true && clause.form.tells === 'event'
	// "Right then" first in a caption is at the latest moment the captions before it told ("At the same moment B tries too" in the next step); with nothing told before it, it names no moment.
	if (clause.same !== undefined && clause.then === 'when' && text.prior === undefined) {
		const told = context.place === 'caption' || context.place === 'note' ? context.toldBefore : undefined
		if (told === undefined) return `"${clause.same}" says this happened at the moment of what the clause before tells, and nothing is told before it; leave it out, or tell that first`
		const at = outcome.first?.at ?? outcome.at
		if (at === told && outcome.at === told) return undefined
		return `"${clause.same}" first in a caption says this happened at the moment the captions before it last told (${formatDuration(told)}), but ${at === undefined ? 'the scene does not draw when this happened' : `it happened at ${formatDuration(at)}`}; say when it happened${at === undefined ? '' : ` ("at ${formatDuration(at)}")`}`
	}
	if ((clause.then !== 'when' && !during) || text.prior === undefined) return undefined
	const says = during ? '"while" (or a participle after a comma) before a happening says it happened at the moment of what the clause before tells' : clause.same !== undefined ? `"${clause.same}" says this happened at the moment of what the clause before tells` : '"when", "once" or "as soon as" says the happening it joins came at the moment of the one it names'
	// "When S, E" of a state S: E came at the moment S began to hold, in this step.
	if (!text.prior.event && !during) {
		const at = outcome.first?.at ?? outcome.at
		// "When S at T, E": E came at the moment the state names.
		const named = text.prior.named
		const words = clause.same !== undefined ? `"${clause.same}"` : '"when", "once" or "as soon as"'
		if (named !== undefined) return at === named && outcome.at === named ? undefined : `${words} ${clause.same !== undefined ? 'after' : 'before'} a state at a moment it names says the happening it joins came at that moment (${formatDuration(named)}), but ${at === undefined ? 'the scene does not draw when this happened' : `it happened at ${formatDuration(at)}`}; join them with "then", or say when it happened${at === undefined ? '' : ` ("at ${formatDuration(at)}")`}`
		const began = text.prior.began
		if (began !== undefined && at === began && outcome.at === began) return undefined
		const says = `${words} ${clause.same !== undefined ? 'after' : 'before'} a state says the happening it joins came at the moment that state began to hold`
		if (began === undefined) return `${says}, and it held from before this step; tell the happening that made it so ("When A lets go, B gets the key"), or say when this happened ("20 s later B gets the key")`
		return `${says} (${formatDuration(began)}), but ${at === undefined ? 'the scene does not draw when this happened' : `it happened at ${formatDuration(at)}`}; join them with "then", or say when it happened${at === undefined ? '' : ` ("at ${formatDuration(at)}")`}`
	}
	const was = text.prior.at
	if (!text.prior.event || was === undefined) return `${says}, and the clause before tells ${text.prior.event ? 'no moment the scene draws' : 'a state'}; ${text.prior.event ? 'draw it, or join them with "and"' : 'tell the happening first ("Worker B asks while A holds the key")'}`
	const at = outcome.at
	if (at === undefined) return `${says}, and the scene does not draw when this happened; draw it, or join them with "and"`
	const off = outcome.first !== undefined && outcome.first.at !== was ? outcome.first.at : at
	if (off === was) return notHandedOver(says, text.prior.events, outcome, context)
	return `${says} (${formatDuration(was)}), but ${outcome.first !== undefined && off === outcome.first.at ? `${context.name(outcome.first.who)}'s` : 'it'} happened at ${formatDuration(off)}; ${during ? 'join them with "and"' : 'join them with "then"'}, or say when it happened ("at ${formatDuration(off)}")`
}

/** A clause joined by a bare "and" (or a comma) with no moment of its own: after "When X, Y", it goes on telling what came of X. */
function joinedToWhen(clause: ReadClause): boolean {
	return (clause.then === undefined || clause.reached === true) && clause.during !== true && clause.modifiers.length === 0 && clause.gap !== true
}

/** The stores a verdict's evidence is of: its happenings', leases', lines' and holders'. */
function evidenceStores(evidence: readonly Evidence[]): string[] {
	return evidence.flatMap(e => (e.kind === 'happened' ? ('store' in e.what && e.what.store !== undefined ? [e.what.store] : []) : e.kind === 'lease' ? (e.lease ? [e.lease.store] : []) : e.kind === 'line' || e.kind === 'holders' ? [e.store] : []))
}

/** A lease's end that frees its key for the next in line. */
const FREES = new Set<Happening['kind']>(['released', 'expired', 'gone', 'ended'])

/**
 * "When A lets go, C takes over" (or "right then", "as soon as"): a grant joined at the moment of a clause that freed that key
 * came of that freeing, as the engine recorded it; a grant at the same moment that came of another's (B got the key from A,
 * and let go in turn) is refused. Its message, or undefined.
 */
function notHandedOver(says: string, prior: readonly Happening[], outcome: CheckedClaim, context: ClaimContext): string | undefined {
	const freed = prior.filter(h => FREES.has(h.kind))
	if (freed.length === 0) return undefined
	const mine = outcome.evidence.flatMap(e => (e.kind === 'happened' && e.step === context.step.index && e.order !== undefined ? [context.step.happenings[e.order] as Happening] : []))
	for (const grant of mine) {
		if (grant.kind !== 'granted' || !freed.some(h => 'store' in h && h.store === grant.store)) continue
		const from = context.step.causes?.get(grant) ?? []
		if (freed.some(h => from.includes(h))) continue
		const end = from.find(h => FREES.has(h.kind))
		const how = end === undefined ? 'not of a lease that ended' : `of ${context.name((end as Extract<Happening, { worker: string }>).worker)}'s ${end.kind === 'released' ? 'letting go' : end.kind === 'expired' ? 'lease running out' : end.kind === 'gone' ? 'lease going with its store' : 'lease ended by an operator'}`
		return `${says}, and the key ${context.name(grant.worker)} got at ${formatDuration(grant.at)} came ${how}, not of what the clause before tells: the key did not go to ${context.name(grant.worker)} from it; tell what came between`
	}
	return undefined
}

/** A clause that held and is in place: what it told joins the text's. */
function told(text: TextState, clause: ReadClause, outcome: CheckedClaim, context: ClaimContext): void {
	const place = outcome.place
	if (place !== undefined && (text.latest === undefined || comesAfter(text.latest, place))) text.latest = place
	const events = outcome.evidence.flatMap(e => (e.kind === 'happened' && e.step === context.step.index && e.order !== undefined ? [e.order] : []))
	for (const order of events) text.seen.add(order)
	for (const order of events) text.toldBy.set(order, new Set([...(text.toldBy.get(order) ?? []), clause.form.id]))
	for (const order of [...events].sort((a, b) => a - b)) {
		const h = context.step.happenings[order]
		if (h?.kind === 'wrote') text.wrote.set(h.worker, h)
	}
	const decides = outcome.said?.decides === undefined ? -1 : context.step.happenings.indexOf(outcome.said.decides)
	if (decides >= 0) text.decided.add(decides)
	const family = clause.form.each
	if (family === undefined) return
	const used = text.used.get(family) ?? new Set<number>()
	for (const order of events) used.add(order)
	text.used.set(family, used)
}

/**
 * A state told with no moment that ended within the step held up to what ended it, which a later
 * clause must tell: a problem for each that no later clause does. (A later clause that did not hold
 * leaves it unjudged: the text is wrong there already.)
 */
function unendedStates(result: CheckResult, context: ClaimContext): { claim: CheckedClaim; problem: ReadProblem }[] {
	const unended = result.claims.filter((claim, index) => {
		const ended = claim.ended
		if (ended === undefined || result.problems.some(problem => problem.start >= claim.end)) return false
		// After "while", the clause before may tell it: "an operator ends B's lease while B holds the key".
		// At the very moment it names, just before what ended it: only the clause right after it, joined by "then", tells that ("At 5 s A still holds the key, then lets go").
		const tellers = ended.then === true ? result.claims.slice(index + 1, index + 2).filter(later => CLAUSE_OF.get(later)?.then === true && CLAUSE_OF.get(later)?.index === (CLAUSE_OF.get(claim)?.index ?? -2) + 1) : [...(ended.during && index > 0 ? [result.claims[index - 1] as CheckedClaim] : []), ...result.claims.slice(index + 1)]
		return !tellers.some(later => later.evidence.some(e => e.kind === 'happened' && e.step === context.step.index && e.order !== undefined && ended.by.includes(e.order)))
	})
	return unended.map(claim => {
		const ended = claim.ended as NonNullable<CheckedClaim['ended']>
		const held = `this held only until ${formatDuration(ended.until)}`
		if (ended.named !== undefined) return { claim, problem: ended.named }
		const message = context.place === 'note' ? `a note tells what holds when it is sent, at ${formatDuration(context.world.time)}, and ${held}` : `a state told with no moment holds at the step's end, ${formatDuration(context.world.time)}, unless the text goes on to tell what ended it, and ${held}; ${ended.until > ended.at ? `say when it held ("at ${formatDuration(ended.at)}"), or tell what ended it` : `it held at no moment a clause can name (it began at ${formatDuration(ended.at)} too): tell what ended it, or tell what holds at the step's end`}`
		return { claim, problem: { start: claim.start, end: claim.end, message } }
	})
}

/** The step's end, after every event of it: where a state told with no moment holds. */
const END: StepPosition = { at: Number.POSITIVE_INFINITY, order: Number.POSITIVE_INFINITY }

/** Whether place `b` comes after place `a`: later, or at the same time later in the step. */
function comesAfter(a: StepPosition, b: StepPosition): boolean {
	return b.at > a.at || (b.at === a.at && b.order > a.order)
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
	// A worker's note that names its receiver in any other way ("the key is handed to B", "the key passes to B", "the lock hands B the key")
	// says the sender told or handed it: only a key that came to the receiver of the sender's letting go is the sender's to tell.
	if (kinds[0] === 'worker' && message.to !== message.from) {
		const named = read.clauses.find(clause => namesActor(clause, message.to))
		if (named !== undefined && !handedBy(context, message.from, message.to)) {
			const from = context.name(message.from)
			const to = context.name(message.to)
			return { start: named.start, end: named.end, message: `an arrow from ${from} to ${to} says ${from} told it, or handed it, and ${from} did not hand ${to} anything: no key ${to} got in this step came of ${from} letting go; what befell ${to} is not ${from}'s to tell: write it in the caption` }
		}
	}
	return undefined
}

/** Whether a clause's slots name the actor (alone, or among several). */
function namesActor(clause: ReadClause, actor: string): boolean {
	return clause.slots.some(slot => (slot.value.type === 'actor' && slot.value.id === actor) || (slot.value.type === 'actors' && slot.value.ids.includes(actor)))
}

/** Whether a grant to `to` in the step (up to the note) came of `from` letting go, as the engine recorded it. */
function handedBy(context: ClaimContext, from: string, to: string): boolean {
	return context.step.happenings.some(h => h.kind === 'granted' && h.worker === to && (context.step.causes?.get(h) ?? []).some(cause => cause.kind === 'released' && cause.worker === from))
}

/** Whether every clause of a read text holds in a context (for a struck label, which claims the opposite). */
export function allHold(given: ReadResult, context: ClaimContext): { holds: boolean; evidence: Evidence[] } {
	const read = sceneOldLease(given, context)
	if ('message' in read) return { holds: false, evidence: [] }
	const evidence: Evidence[] = []
	for (const clause of read.clauses) {
		const outcome = checkClause(clause, context)
		if ('message' in outcome) return { holds: false, evidence: [] }
		evidence.push(...outcome.evidence)
	}
	return { holds: read.clauses.length > 0, evidence }
}

/**
 * A claim's place among its step's happenings: its moment, and the first event of the step it was
 * checked against at that moment (a state's, the event that began it there); none when no event of
 * the step is its own.
 */
function placeOf(verdict: Extract<Verdict, { ok: true }>, step: number): StepPosition | undefined {
	if (verdict.place !== undefined) return verdict.place
	const at = verdict.at
	const first = verdict.evidence.find(e => e.kind === 'happened' && e.step === step && e.order !== undefined && e.what.at === at)
	return first?.kind === 'happened' && first.order !== undefined ? { at: first.what.at, order: verdict.justBefore ? first.order - 0.5 : first.order } : undefined
}

/** The latest of some events that is of this step, as a position in it. */
function latestOfStep(events: readonly Happening[], context: ClaimContext): StepPosition | undefined {
	let latest: StepPosition | undefined
	for (const event of events) {
		const order = context.step.happenings.indexOf(event)
		if (order < 0) continue
		const position = { at: event.at, order }
		if (latest === undefined || comesAfter(latest, position)) latest = position
	}
	return latest
}

/**
 * The events of the step that ended a state, by their place: the one its check names, and for a
 * lease that went with its store, the store's restart or restore that took it.
 */
function endingEvents(verdict: Extract<Verdict, { ok: true }>, context: ClaimContext): number[] {
	const by = verdict.endedBy
	if (by === undefined) return []
	const end = context.step.happenings[by]
	const out = [by]
	if (end?.kind === 'gone') {
		for (let i = by - 1; i >= 0; i--) {
			const h = context.step.happenings[i]
			if (h && (h.kind === 'restarted' || h.kind === 'restored') && h.store === end.store && h.at === end.at) {
				out.push(i)
				break
			}
		}
	}
	return out
}

/** Whether a state that held over `verdict`'s span holds at `moment`: from `at`, until `until` (or through the step's end, `end`). */
/** A form's own message for a state that ended in the step when the text does not go on to tell what ended it, at its first slot. */
function ownUnended(clause: ReadClause, verdict: Extract<Verdict, { ok: true }>): ReadProblem | undefined {
	if (verdict.unended === undefined) return undefined
	const slot = clause.slots[0]
	return { start: slot?.start ?? clause.start, end: slot?.end ?? clause.end, message: verdict.unended, offer: { start: clause.start, end: clause.end } }
}

function holdsAt(verdict: Extract<Verdict, { ok: true }>, moment: number, end: number): boolean {
	if (verdict.at === undefined || moment < verdict.at) return false
	return verdict.until === undefined ? moment <= end : moment < verdict.until
}

/**
 * Whether a pause was as long as its aside says: `long` when the worker's lease ran out between the
 * pause (the process's `paused` or `crashed` event the clause tells, or the last before it) and its
 * waking or its crash (or would have, had a restart not taken it first), `short` when it did not. Undefined when
 * it was; else what happened.
 */
function pauseLength(clause: ReadClause, context: ClaimContext, verdict: Extract<Verdict, { ok: true }>, moment: number | undefined): string | undefined {
	const worker = clause.subject
	const word = clause.length?.word
	if (worker === undefined || word === undefined) return undefined
	const steps = context.run.steps
	// The pause: the one the clause tells, begun at its moment (its own event of the step: "a long GC pauses A"), else the worker's
	// last pause begun up to it (the clause's own event of the step, else its moment, else the step's end). Never a crash: a crash
	// ends a pause, and the time after it is no pause's ("A crashes: a long GC" tells the pause before the crash).
	const own = verdict.evidence.flatMap(e => (e.kind === 'happened' && e.step === context.step.index && e.order !== undefined ? [e.order] : [])).filter(order => {
		const h = context.step.happenings[order] as Happening
		return 'worker' in h && h.worker === worker
	})
	let upTo = own.length > 0 ? Math.max(...own) : context.step.happenings.length - 1
	if (own.length === 0 && moment !== undefined) while (upTo >= 0 && (context.step.happenings[upTo] as Happening).at > moment) upTo--
	let pause: { step: number; index: number } | undefined
	for (let s = context.step.index; s >= 0 && pause === undefined; s--) {
		const list = steps[s]?.happenings ?? []
		for (let i = s === context.step.index ? upTo : list.length - 1; i >= 0; i--) {
			const h = list[i] as Happening
			if (h.kind === 'paused' && h.worker === worker) {
				pause = { step: s, index: i }
				break
			}
		}
	}
	const name = context.name(worker)
	if (pause === undefined) return `"${word}": ${name}'s process did not pause, so nothing tells how long a pause was`
	// A pause has a length against a lease only when the worker held one live as it paused.
	const at = steps[pause.step] as (typeof steps)[number]
	let live = liveLease(at.start, worker) !== undefined
	let ttl = liveLease(at.start, worker)?.ttl
	for (const h of at.happenings.slice(0, pause.index)) {
		if ('worker' in h && h.worker === worker) {
			if (h.kind === 'granted') {
				live = true
				ttl = h.ttl
			} else if (h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended') live = false
		}
	}
	if (!live) return `"${word}": ${name} held no lease as it paused, so nothing tells how long the pause was against it`
	// From the pause to its waking: a lease that ran out in between made it long; one a restart took, a waking past its end.
	let ranOut: number | undefined
	let outlasted: number | undefined
	let settled = false
	let takenFrom: number | undefined
	let woke: number | undefined
	const last = context.run.lookAhead ?? steps.length - 1
	for (let s = pause.step; s <= last && !settled; s++) {
		const step = steps[s]
		if (!step) break
		const list = step.happenings
		for (let i = s === pause.step ? pause.index + 1 : 0; i < list.length; i++) {
			const h = list[i] as Happening
			if (!('worker' in h) || h.worker !== worker) continue
			if (h.kind === 'expired') {
				ranOut = h.at
				settled = true
				break
			}
			// A lease its store or an operator took before it could run out: the pause was long if it outlasted the lease's time.
			if (h.kind === 'gone' || h.kind === 'ended') takenFrom = step.end.workers.get(worker)?.lease?.expiresAt
			// A crash ends a pause as a waking does: the time after it, the process dead, is no pause's.
			if (h.kind === 'woke' || h.kind === 'crashed') {
				settled = true
				woke = h.at
				if (takenFrom !== undefined && h.at >= takenFrom) outlasted = takenFrom
				break
			}
		}
	}
	if (!settled && context.run.lookAhead !== undefined) return undefined
	ranOut ??= outlasted
	if (word === 'long' && ranOut === undefined) return `"long": ${name}'s lease did not run out while it was paused; a pause is long when it outlasts the lease`
	if (word === 'short' && ranOut !== undefined) return `"short": ${name}'s lease ${outlasted === undefined ? 'ran' : 'would have run'} out at ${formatDuration(ranOut)} while it was paused; a pause is short when the lease outlasts it`
	// "Short" is also short against the lease: no longer than a third of its time to live, the time a hold renewing on its own renews it
	// in (a pause that ends after the scene, at least as long as the scene shows).
	const paused = (steps[pause.step]?.happenings[pause.index] as Happening).at
	const length = (woke ?? steps[last]?.end.time ?? paused) - paused
	// "Long" is long against the lease too: at least a fifth of its time to live (as every "long" of time), from the pause to its waking or crash.
	if (word === 'long' && ttl !== undefined) {
		let end: number | undefined
		for (let s = pause.step; s <= last && end === undefined; s++) {
			const list = steps[s]?.happenings ?? []
			for (let i = s === pause.step ? pause.index + 1 : 0; i < list.length; i++) {
				const h = list[i] as Happening
				if ((h.kind === 'woke' || h.kind === 'crashed') && h.worker === worker) {
					end = h.at
					break
				}
			}
		}
		const span = (end ?? steps[last]?.end.time ?? paused) - paused
		if (span * 5 < ttl) return `"long": ${name}'s process was paused ${end === undefined ? 'at least ' : ''}${formatDuration(span)}, from ${formatDuration(paused)}${end === undefined ? ' to the end of the scene' : ` to ${formatDuration(end)}`}, less than a fifth of its lease's ${formatDuration(ttl)}; a pause is long when it is at least that (${formatDuration(ttl / 5)}) and the lease runs out during it; say "${name} pauses" and tell the lease's end`
	}
	if (word === 'short' && ttl !== undefined && length * 3 > ttl) return `"short": ${name}'s process was paused ${woke === undefined ? 'at least ' : ''}${formatDuration(length)}, from ${formatDuration(paused)}${woke === undefined ? ' to the end of the scene' : ` to ${formatDuration(woke)}`}, more than a third of its lease's ${formatDuration(ttl)}, the time a hold renewing on its own renews it in; a pause is short when it is no longer than that (${formatDuration(ttl / 3)}) and the lease outlasts it`
	return undefined
}

/** The words of a short "later" ("a moment later", "a bit later", "a little while later"), and the most time they may span: "a while later" and "some time later" have no bound. */
const SHORT_SOON = /^(?:a moment|a bit|a little while)$/i
const SOON_MOST = 3000

/** A moment a clause names: `at T`, or `D later` counted from `base`; `untold` when the step before told less than it ran. */
interface Named {
	moment: number
	slot: ReadClause['modifiers'][number]['slot']
	kind: 'at' | 'later'
	base?: number
	untold?: true
}

/** The moment a clause names, with where it is written: `at T`, or `D later` counted from what the text told last (`told`) or the step before. */
function namedMoment(clause: ReadClause, context: ClaimContext, told: number | undefined): Named | undefined {
	const modifier = clause.modifiers[0]
	if (!modifier || modifier.kind === 'soon') return undefined
	const { kind, slot } = modifier
	const wanted = slot.value.type === 'number' ? slot.value.value : Number.NaN
	if (kind === 'at') return { moment: wanted, slot, kind }
	const base = told ?? context.run.steps[context.step.index - 1]?.end.time ?? 0
	// Read from the step before, "later" counts from the last moment the reader was told: time that passed untold in between is not counted.
	const untold = told === undefined && context.toldBefore !== undefined && context.toldBefore < base
	return { moment: base + wanted, slot, kind, base, ...(untold ? { untold: true as const } : {}) }
}

/** Why a text's "later" cannot count from the step before: its caption told less than the step ran. */
function untoldProblem(named: Named, context: ClaimContext, at: number | undefined): ReadProblem {
	const hint = at === undefined ? '' : ` ("at ${formatDuration(at)}")`
	return { start: named.slot.start, end: named.slot.end, message: `"${named.slot.text} later" counts from the step before, which ended at ${formatDuration(named.base as number)}, and its caption tells of nothing after ${formatDuration(context.toldBefore as number)}; tell the time that passed there ("10 s pass"), or say when this happened${hint}` }
}

/** The write a clause that names what a worker saved tells: the one its verdict was checked against; of "pauses before it saves", the worker's first write after the pause. */
function savedWrite(clause: ReadClause, verdict: Extract<Verdict, { ok: true }>, context: ClaimContext): Extract<Happening, { kind: 'wrote' }> | undefined {
	const of = (kind: 'wrote' | 'paused') => verdict.evidence.find(e => e.kind === 'happened' && e.unfenced !== true && e.order !== undefined && e.what.kind === kind)
	const seen = of('wrote') ?? of('paused')
	const step = seen?.kind === 'happened' ? (seen.step === context.step.index ? context.step : context.run.steps[seen.step]) : undefined
	const told = seen?.kind === 'happened' && seen.order !== undefined ? step?.happenings[seen.order] : undefined
	if (told?.kind === 'wrote') return told
	if (told?.kind !== 'paused' || step !== context.step) return undefined
	const list = context.step.happenings
	const after = [...list.slice(list.indexOf(told) + 1), ...laterSteps(context).flatMap(step => step.happenings)]
	return after.find((h): h is Extract<Happening, { kind: 'wrote' }> => h.kind === 'wrote' && h.worker === told.worker)
}

function checkClause(clause: ReadClause, context: ClaimContext, told?: number, before?: StepPosition): CheckedClaim | ReadProblem {
	const tells = clause.form.tells
	const named = namedMoment(clause, context, told)
	// A claim of no moment that may name one ("At 10 s nothing has renewed A's lease") reads it as a state does: what did not happen up to it.
	const upTo = clause.form.upTo === true && tells === 'none' && named !== undefined
	let verdict = clause.form.check(clause.slots, named && !named.untold && (tells === 'state' || upTo) ? { ...context, moment: named.moment } : context)
	if (!verdict.ok) {
		const slot = verdict.slot === undefined ? undefined : clause.slots[verdict.slot]
		return { start: slot?.start ?? clause.start, end: slot?.end ?? clause.end, message: verdict.message, offer: { start: clause.start, end: clause.end } }
	}
	if (clause.itFence !== undefined && clause.subject !== undefined && clause.itFence.value.type === 'fence') {
		// "A's old fence 1 is from an older epoch. It is larger than B's fence 2" (or "…, which is larger than …"): "it" is the fence the clause before named, and what
		// the comparison compares is its worker's latest fence: it must be that one.
		const wanted = clause.itFence.value.value
		const latest = context.world.workers.get(clause.subject)?.lease?.fence
		if (latest !== wanted) {
			const who = context.name(clause.subject)
			return { start: clause.start, end: clause.end, message: `this compares the fence the clause before named ("it", "which" or the comparison alone stands for it), ${who}'s fence ${showFence(wanted)}, and a comparison of ${who}'s fence is of its latest, which is ${latest === undefined ? 'none' : showFence(latest)}, not that one; an old fence is compared by name ("… is larger than ${who}'s old fence ${showFence(wanted)}")`, offer: { start: clause.start, end: clause.end } }
		}
	}
	if (clause.keyStore !== undefined) {
		// "B waits for the lock" in a scene with a semaphore too: what it tells is of the lock.
		const other = evidenceStores(verdict.evidence).find(store => store !== clause.keyStore)
		if (other !== undefined) return { start: clause.start, end: clause.end, message: `its words name the key of ${context.name(clause.keyStore)}, and what it tells is of ${context.name(other)}`, offer: { start: clause.start, end: clause.end } }
	}
	if (clause.keyStores !== undefined) {
		const kinds = clause.keyStores
		const other = evidenceStores(verdict.evidence).find(store => !kinds.includes(store))
		if (other !== undefined) return { start: clause.start, end: clause.end, message: `its words name the key of ${kinds.map(store => context.name(store)).join(' or ')}, and what it tells is of ${context.name(other)}`, offer: { start: clause.start, end: clause.end } }
	}
	if (clause.work !== undefined) {
		// A work phrase is checked against the statements its worker's code ran (`work-lines.ts`): each worker's, of a group.
		const slot = clause.slots[0]
		const workers = slot?.value.type === 'actors' ? slot.value.ids : slot?.value.type === 'actor' ? [slot.value.id] : []
		for (const worker of workers) {
			const checked = workLines(clause, verdict, named && !named.untold && tells === 'state' ? { ...context, moment: named.moment } : context, worker)
			if (typeof checked === 'string') return { start: clause.start, end: clause.end, message: checked, offer: { start: clause.start, end: clause.end } }
			verdict = checked
		}
	}
	if (clause.saved !== undefined) {
		// "A saves a draft": what it says the write saved is what the write carried (`savedProblem`).
		const write = savedWrite(clause, verdict, context)
		const problem = write === undefined ? undefined : savedProblem(context, write, clause.saved.words, clause.saved.of)
		if (problem !== undefined) return { start: clause.saved.start, end: clause.saved.end, message: problem, offer: { start: clause.start, end: clause.end } }
	}
	if (clause.restarted !== undefined && clause.subject !== undefined) {
		// "The new A": A's crashed process restarted, in this step or before, no later than what the clause tells.
		const moment = verdict.at ?? context.world.time
		const restart = [...context.run.steps.slice(0, context.step.index), context.step].flatMap(step => step.happenings).find(h => h.kind === 'process-restarted' && h.worker === clause.subject && h.at <= moment)
		if (restart === undefined) {
			const who = context.name(clause.subject)
			const written = clause.slots[0]?.text ?? who
			return { start: clause.restarted.start, end: clause.restarted.end, message: `"the new ${written}" ("the restarted ${written}") names ${who} after its crashed process started again, and ${who}'s process did not restart by ${formatDuration(moment)}; write "${written}"`, offer: { start: clause.start, end: clause.end } }
		}
	}
	if (clause.waited !== undefined) {
		// "B, who was waiting, …": the grant it tells came to B from the line.
		const grants = verdict.evidence.flatMap(e => (e.kind === 'happened' && e.what.kind === 'granted' && e.what.worker === clause.subject ? [e.what] : []))
		if (!grants.some(h => h.place !== undefined)) {
			const grant = grants[0]
			const message = grant === undefined ? `this tells of no grant to ${context.name(clause.subject ?? '')}, so it cannot say it was waiting for one` : `${context.name(grant.worker)} was not waiting: it got the key at once when it asked, at ${formatDuration(grant.at)}`
			return { start: clause.waited.start, end: clause.waited.end, message, offer: { start: clause.start, end: clause.end } }
		}
		// "…, who has waited in line the whole time, …": and on one ask, with no giving up or leaving the line between; "all along", and from
		// no later than the holder before it got the key.
		const own = clause.waited.allAlong || clause.waited.wholeTime ? context.step.happenings.filter((h): h is Extract<Happening, { kind: 'granted' }> => h.kind === 'granted' && h.place !== undefined && grants.some(g => g.at === h.at && g.worker === h.worker && g.store === h.store)) : []
		const broken = own.map(h => brokenWait(context, h, clause.waited?.allAlong ? 'all along' : 'the whole time')).find(m => m !== undefined)
		if (broken !== undefined) return { start: clause.waited.start, end: clause.waited.end, message: broken, offer: { start: clause.start, end: clause.end } }
	}
	if (clause.tooLate !== undefined) {
		// "It is too late: X": X is a refusal that came because the lease it relied on had ended (`tooLateProblem`).
		const wrong = tooLateProblem(clause, verdict, context)
		if (wrong !== undefined) return { start: clause.tooLate.start, end: clause.tooLate.end, message: wrong, offer: { start: clause.start, end: clause.end } }
	}
	if (clause.earlier !== undefined) {
		// What the clause told, in this step or an earlier one ("At 5 s B finally has the lock": the grant of its lease, at 0 s).
		const told = verdict.evidence.flatMap(e => {
			if (e.kind !== 'happened' || e.order === undefined || e.step > context.step.index) return []
			const step = e.step === context.step.index ? context.step : context.run.steps.find(s => s.index === e.step)
			const h = step?.happenings[e.order]
			return h === undefined ? [] : [h]
		})
			const wrong = earlierProblem(context, clause.earlier.word, told, clause.subject, verdict.evidence.some(e => e.kind === 'lease'), verdict.said?.free, clause.earlier.own === true, clause.earlier.fence === true, clause.earlier.waits === true)
		if (wrong !== undefined) return { start: clause.earlier.start, end: clause.earlier.end, message: wrong, offer: { start: clause.start, end: clause.end } }
	}
	const end = context.world.time
	const first = clause.modifiers[0]
	if (first && !upTo && (tells === 'none' || verdict.at === undefined)) return { start: first.slot.start, end: first.slot.end, message: `"${inWords(clause.form.pattern, context.words)}" tells of no moment, so it cannot say when; drop "${first.slot.text}"` }
	if (named?.untold) return untoldProblem(named, context, verdict.at)
	if (first?.kind === 'soon') {
		// "A moment later": an event strictly after the moment the text told last, else after the step before.
		if (tells !== 'event') return { start: first.slot.start, end: first.slot.end, message: `"${first.slot.text} later" tells that a happening came some time after what was told before, and "${inWords(clause.form.pattern, context.words)}" tells a state; say when it held ("5 s later")` }
		const base = told ?? context.run.steps[context.step.index - 1]?.end.time ?? 0
		// Several workers' events: each one came after it.
		const early = verdict.each?.find(one => one.at <= base)
		const at = early?.at ?? (verdict.at as number)
		const what = early === undefined ? 'it' : `${context.name(early.who)}'s`
		if (at <= base) return { start: first.slot.start, end: first.slot.end, message: `"${first.slot.text} later" says this came after ${told === undefined ? 'the step before' : 'what the text told before it'} (${formatDuration(base)}), but ${what} happened ${at === base ? 'at that moment' : `at ${formatDuration(at)}`}` }
		// "A moment later", "a bit later", "a little while later": soon after, at most SOON_MOST after what the reader was told last (the step before's caption's, before the text told one).
		if (SHORT_SOON.test(first.slot.text)) {
			const from = told ?? context.toldBefore ?? base
			const late = verdict.each?.find(one => one.at - from > SOON_MOST)
			const last = late?.at ?? (verdict.at as number)
			if (last - from > SOON_MOST) return { start: first.slot.start, end: first.slot.end, message: `"${first.slot.text} later" says this came soon after ${told === undefined ? 'what the captions before told last' : 'what the text told before it'} (${formatDuration(from)}), at most ${formatDuration(SOON_MOST)} after it, but ${late === undefined ? 'it' : `${context.name(late.who)}'s`} happened ${formatDuration(last - from)} after it (at ${formatDuration(last)}); say how long after ("${formatDuration(last - from)} later"), or write "a while later"` }
		}
	}
	// The moment the clause tells: an event's or the clock's, or the one a state names; a state with none holds at the step's end.
	let moment: number | undefined
	let ended: CheckedClaim['ended']
	if (tells === 'state') {
		if (named) {
			// A past tense tells a happening: the moment it names is that happening's.
			if (clause.form.past === true && verdict.at !== undefined && named.moment !== verdict.at) {
				const said = named.kind === 'at' ? `it names ${formatDuration(named.moment)}` : `"${named.slot.text} later" is ${formatDuration(named.moment)}`
				return { start: named.slot.start, end: named.slot.end, message: `this tells in the past tense what happened at ${formatDuration(verdict.at)}, and ${said}; say "at ${formatDuration(verdict.at)}", or drop the moment` }
			}
			// At the very moment it ended, by an event of the step: it held just before that event, when the text goes on to tell it ("At 5 s A still holds the key, then lets go").
			const atItsEnd = verdict.at !== undefined && verdict.at < named.moment && verdict.until === named.moment && verdict.endedBy !== undefined && clause.form.past !== true
			if (atItsEnd || !holdsAt(verdict, named.moment, end)) {
				const span = verdict.until !== undefined ? `it held from ${formatDuration(verdict.at as number)} until ${formatDuration(verdict.until)}` : verdict.at === end ? `it holds at the step's end, ${formatDuration(end)}` : `it held from ${formatDuration(verdict.at as number)} to the step's end at ${formatDuration(end)}`
				const said = named.kind === 'at' ? `expected ${formatDuration(named.moment)}` : `"${named.slot.text} later" is ${formatDuration(named.moment)}`
				const problem = { start: named.slot.start, end: named.slot.end, message: `${said}, but ${span}${atItsEnd ? `, when an event of the step ended it: a state told at the moment it ended is of just before that end only when the clause right after it tells that end after ", then" ("At 5 s A still holds the key, then lets go")` : ''}` }
				if (!atItsEnd) return problem
				ended = { until: verdict.until as number, at: verdict.at as number, by: endingEvents(verdict, context), named: ownUnended(clause, verdict) ?? problem, then: true, ...(clause.during ? { during: true as const } : {}) }
			}
			moment = named.moment
		} else if (verdict.until !== undefined && verdict.until <= end) {
			// It held up to an event of the step: true only if the text goes on to tell that event.
			const own = ownUnended(clause, verdict)
			ended = { until: verdict.until, at: verdict.at as number, by: endingEvents(verdict, context), ...(own ? { named: own } : {}), ...(clause.during ? { during: true as const } : {}) }
		}
	} else if (upTo) {
		// Its check read the moment: it tells no happening there.
		moment = (named as Named).moment
	} else if (named) {
		const at = verdict.at as number
		if (named.kind === 'at') {
			const wanted = named.moment
			const other = verdict.each?.find(one => one.at !== wanted)
			if (other) return { start: named.slot.start, end: named.slot.end, message: `expected ${formatDuration(wanted)}, but ${context.name(other.who)}'s happened at ${formatDuration(other.at)}` }
			if (at !== wanted) return { start: named.slot.start, end: named.slot.end, message: `expected ${formatDuration(wanted)}, but it happened at ${formatDuration(at)}` }
		} else if (at !== named.moment || verdict.each?.some(one => one.at !== named.moment)) {
			// Several workers' events: "5 s later" is said of each one.
			const one = verdict.each?.find(each => each.at !== named.moment)
			const own = at === named.moment ? one : undefined
			const what = own === undefined ? 'it' : `${context.name(own.who)}'s`
			const when = own?.at ?? at
			const since = told === undefined ? 'the step before' : 'what the text told before it'
			const wanted = named.moment - (named.base as number)
			return { start: named.slot.start, end: named.slot.end, message: `expected ${formatDuration(wanted)} after ${since}, but ${what} happened ${when < (named.base as number) ? `${formatDuration((named.base as number) - when)} before` : `${formatDuration(when - (named.base as number))} after`} it (at ${formatDuration(when)})` }
		}
		moment = at
	} else moment = verdict.at
	if (clause.during && tells === 'state' && !named) {
		const wrong = whileProblem(verdict.until, context.step.start.time, told, clause.when !== undefined, clause.relative === true) ?? endedFirst(verdict, before, context, clause.when !== undefined, clause.relative === true)
		if (wrong !== undefined) return { start: clause.start, end: clause.end, message: clause.concedes === true ? conceded(wrong) : wrong }
	}
	// "X while S at T": S held at T, and T is the moment X happened ("B gets the key while the key is free at 0 s" of a grant at 20 s is refused).
	if (clause.during && tells === 'state' && named && !named.untold && told !== undefined && named.moment !== told) {
		return { start: named.slot.start, end: named.slot.end, message: `"while" (or "when", or a participle after a comma) says this held when the clause before happened, at ${formatDuration(told)}, and it names ${formatDuration(named.moment)}; drop the moment, or name ${formatDuration(told)}` }
	}
	if (clause.length) {
		// "Starts a long piece of work": "long" of the work that starts (read.ts), not of a pause.
		const wrong = clause.form.id === 'starts-working' ? longWorkProblem(clause.slots, context, verdict) : pauseLength(clause, context, verdict, moment)
		if (wrong !== undefined) return { start: clause.length.start, end: clause.length.end, message: wrong }
	}
	if (clause.lasted) {
		// "Starts a long piece of work, 7 s of it": the work that clause started lasted exactly that long (read.ts).
		const wrong = workLastedProblem(clause.slots, context, verdict, clause.lasted.ms)
		if (wrong !== undefined) return { start: clause.lasted.start, end: clause.lasted.end, message: wrong }
	}
	if (clause.workCause && clause.subject !== undefined) {
		const pause = verdict.evidence.flatMap(e => (e.kind === 'happened' && e.step === context.step.index && e.order !== undefined ? [context.step.happenings[e.order] as Happening] : [])).find(h => h.kind === 'paused' && h.worker === clause.subject)
		const wrong = pause === undefined ? undefined : pausedAtWork(context, clause.subject, pause, clause.workCause.noun)
		if (wrong !== undefined) return { start: clause.workCause.start, end: clause.workCause.end, message: wrong }
	}
	if (clause.quiet) {
		const wrong = quietProblem(verdict, context)
		if (wrong !== undefined) return { start: clause.quiet.start, end: clause.quiet.end, message: wrong }
	}
	if (clause.also) {
		const wrong = alsoProblem(clause.also.word, clause, verdict, context)
		if (wrong !== undefined) return { start: clause.also.start, end: clause.also.end, message: wrong }
	}
	const values = [...clause.slots, ...clause.modifiers.flatMap(m => (m.kind === 'soon' || m.shared ? [] : [m.slot]))].filter(slot => VALUE_SLOTS.includes(slot.type)).map(slot => ({ start: slot.start, end: slot.end }))
	const claim: CheckedClaim = { form: clause.form.id, start: clause.start, end: clause.end, values, evidence: verdict.evidence }
	if (moment !== undefined && tells !== 'none') claim.at = moment
	// A state's place is the event of the step that began it: its own evidence's, else the latest of the step's events that made it hold.
	const place = placeOf(verdict, context.step.index) ?? (tells === 'state' ? latestOfStep(verdict.said?.events ?? eventsOf(verdict.evidence, context), context) : undefined)
	if (place !== undefined) claim.place = place
	const own = groupEvents(clause, verdict, context)
	const earliest = own.reduce<(typeof own)[number] | undefined>((early, one) => (early !== undefined && comesAfter(early.place, one.place) ? early : one), undefined)
	if (place !== undefined && earliest !== undefined && comesAfter(earliest.place, place)) claim.first = { ...earliest.place, who: earliest.who }
	if (ended !== undefined) claim.ended = ended
	if (verdict.said !== undefined) claim.said = verdict.said
	return claim
}

/** What a happening is, in a few words, for messages ("B's ask at 3 s"). */
function happeningWords(h: Happening, context: ClaimContext): string {
	const what: Partial<Record<Happening['kind'], string>> = { asked: 'ask', granted: 'grant', refused: 'refusal', 'gave-up': 'giving up', expired: 'lease running out', gone: 'lease lost to a restart', ended: 'lease ended by an operator', released: 'let-go', returned: "function's return", renewed: 'renewal', 'renew-refused': 'refused renewal', wrote: 'write', answered: "database's answer", restarted: 'restart', 'backed-up': 'backup', restored: 'restore', paused: 'pause', woke: 'waking', crashed: 'crash', 'process-restarted': "process's restart", left: 'leaving the line' }
	const who = 'worker' in h ? h.worker : 'from' in h ? h.from : 'store' in h ? h.store : undefined
	return `${who === undefined ? '' : `${context.name(who)}'s `}${what[h.kind] ?? h.kind} at ${formatDuration(h.at)}`
}

/**
 * "Nothing happens until X": X is an event of the step, and no happening of the step came at a moment before X's but the clock's
 * passing and the scene's messages being sent (its arrows, which tell nothing of their own). Its message, or undefined.
 */
function quietProblem(verdict: Extract<Verdict, { ok: true }>, context: ClaimContext): string | undefined {
	const at = verdict.at
	if (at === undefined) return '"nothing happens until" tells that nothing happened in the step before a happening, and this tells no moment of one'
	const first = context.step.happenings.find(h => h.kind !== 'waited' && h.kind !== 'sent' && h.at < at)
	if (first === undefined) return undefined
	return `"nothing happens until" says nothing happened in this step before ${formatDuration(at)}, but there was ${happeningWords(first, context)}`
}

/** A message about "while" said of a state after "although", which means the same of its moment. */
function conceded(message: string): string {
	return message.replace(/^"while"(?: \(or a participle or a fence's words after a comma\))?/, '"although"')
}

/**
 * "X while S": the state S had not ended when X happened, the latest moment the text told (else the
 * step's start); that it began no later than X is judged by the places of the step's happenings.
 */
function whileProblem(until: number | undefined, start: number, told: number | undefined, when: boolean, which = false): string | undefined {
	const at = told ?? start
	if (until !== undefined && until < at) return `${when ? '"when" says this held at the moment of the happening it names' : which ? RELATIVE : `"while" (or a participle or a fence's words after a comma) says this held when the clause before happened`}, at ${formatDuration(at)}, but it ended at ${formatDuration(until)}`
	return undefined
}

/**
 * "X while S" (or "When X, S", "…, which S"): S had not ended before X in the step's order either. A state that ended at X's
 * moment of the clock, by a happening the step recorded before X's ("B gets the key while A holds it" of a grant that came
 * of A's let-go), no longer held when X happened. Its message, or undefined.
 */
function endedFirst(verdict: Extract<Verdict, { ok: true }>, before: StepPosition | undefined, context: ClaimContext, when: boolean, which: boolean): string | undefined {
	if (verdict.until === undefined || verdict.endedBy === undefined || before === undefined || before.at !== verdict.until || verdict.endedBy >= before.order) return undefined
	const end = context.step.happenings[verdict.endedBy]
	const by = end === undefined ? '' : `, by ${end.kind === 'released' ? `${context.name(end.worker)}'s let-go` : 'what ended it'}`
	return `${when ? '"when" says this held at the moment of the happening it names' : which ? RELATIVE : '"while" (or a participle or a fence\'s words after a comma) says this held when the clause before happened'}, at ${formatDuration(before.at)}, but it ended at that moment${by}, before that happened in the step's order`
}

/**
 * "X while S": S began no later than X, in the step's order of happenings; after time told passing
 * ("20 s go by while A is paused"), which is the step's passage from its start, S held from that
 * start. Its message if it began after.
 */
function beganAfter(clause: ReadClause, outcome: CheckedClaim, text: TextState, context: ClaimContext): { message: string; rejoin?: true } | undefined {
	if (!clause.during || clause.form.tells !== 'state' || clause.modifiers.length > 0 || outcome.place === undefined) return undefined
	const start = context.step.start.time
	// "When E, S": S held at E's moment of the clock; it may have begun then, after E in the step's order ("When A lets go, the key is free").
	if (clause.when === 'event-first') return text.before === undefined || outcome.place.at <= text.before.at ? undefined : { message: `"When" (or "As soon as") says this held at the moment of the happening it names, ${formatDuration(text.before.at)}, but it began only after that (at ${formatDuration(outcome.place.at)})` }
	if (text.cause?.claim.said?.clock?.moved === true && outcome.place.at > start) return { message: `"while" says this held all the time the clause before tells passing, from the step's start at ${formatDuration(start)}, but it began only at ${formatDuration(outcome.place.at)}` }
	// Of several workers' events before "while" ("While A is paused, B and C ask"), it held at each one's: from before the earliest.
	const first = clause.when === undefined && clause.relative !== true ? (text.earliest ?? text.before) : text.before
	if (first === undefined || !comesAfter(first, outcome.place)) return undefined
	if (clause.when === 'state-first') return { message: `"when" after a state says it held already when the happening after "when" came, but it began only after that (at ${formatDuration(outcome.place.at)}); to tell what that happening made so, write "When …, …" or "…, so …"` }
	// At the same moment, later in the step's order: it did not hold yet when the clause before happened ("A gets the key, while B and C wait" of asks after the grant).
	const same = outcome.place.at === first.at ? `, the same moment, but after it in the step's order: it did not hold yet when that happened` : ''
	// "B asks for the key, which A holds": the key as it was when B asked; "and" would tell another claim, not offered.
	if (clause.relative === true) return { message: `${RELATIVE}, but it began only after that (at ${formatDuration(outcome.place.at)}${same})` }
	if (first !== text.before) return { message: `"while" says this held when the clause before happened, and that tells several workers' happenings: it held at each, from the earliest (at ${formatDuration(first.at)}), but it began only after that (at ${formatDuration(outcome.place.at)}${same})`, rejoin: true }
	return { message: `"while" (or a participle or a fence's words after a comma) says this held when the clause before happened, but it began only after that (at ${formatDuration(outcome.place.at)}${same})`, rejoin: true }
}

/** Of a clause that tells several workers' events ("B and C get in", "the semaphore lets B and C in"), those workers, whom a cause must reach each of. */
function groupOf(clause: ReadClause): { group?: readonly string[] } {
	const ids = (clause.form.tells === 'event' || clause.form.tells === 'state') && !clause.form.others ? clause.slots.find(slot => slot.value.type === 'actors')?.value : undefined
	return ids?.type === 'actors' && ids.ids.length > 1 ? { group: ids.ids } : {}
}

/** The actors a clause's slots name, in order, each once. */
function actorsNamed(clause: ReadClause): string[] {
	const ids = clause.slots.flatMap(slot => (slot.value.type === 'actor' ? [slot.value.id] : slot.value.type === 'actors' ? slot.value.ids : []))
	return [...new Set(ids)]
}

/** What "which" as the object of a state says ("B asks for the key, which A holds"), for messages. */
const RELATIVE = `"which" after a clause that names the key says this held of that key when that clause happened`

/** Who a happening is of: its worker, else its store, else its database. */
function actorOfHappening(h: Happening): string | undefined {
	return 'worker' in h ? h.worker : 'store' in h ? h.store : 'database' in h ? String(h.database) : undefined
}

/**
 * Why "too" or "again" does not hold of a clause's happening: its subject's own first happening of the
 * step it was checked against ("D gets A's place again" is D's grant, not A's let-go), else the first
 * of them. "too" needs a happening of the same kind (every ask is one kind: a hold or a try) by another
 * actor before it in the run, "again" one by the same actor.
 */
function alsoProblem(word: 'too' | 'again', clause: ReadClause, verdict: Extract<Verdict, { ok: true }>, context: ClaimContext): string | undefined {
	// Of several workers' events ("A and B ask again"), it is said of each one.
	const own = groupEvents(clause, verdict, context)
	if (own.length > 0) {
		for (const one of own) {
			const wrong = alsoOf(word, context.step.happenings[one.place.order] as Happening, clause.form, context, clause.also?.fence === true)
			if (wrong !== undefined) return wrong
		}
		return undefined
	}
	const orders = verdict.evidence.flatMap(e => (e.kind === 'happened' && e.step === context.step.index && e.order !== undefined ? [e.order] : [])).sort((a, b) => a - b)
	const subjects = orders.find(order => clause.subject !== undefined && actorOfHappening(context.step.happenings[order] as Happening) === clause.subject) ?? orders[0]
	return alsoOf(word, subjects === undefined ? undefined : context.step.happenings[subjects], clause.form, context, clause.also?.fence === true)
}

/** Why "too" or "again" does not hold of one happening of the step, told by a clause of `form`. */
function alsoOf(word: 'too' | 'again', mine: Happening | undefined, form: ClaimForm, context: ClaimContext, fence = false): string | undefined {
	const who = mine === undefined ? undefined : actorOfHappening(mine)
	if (mine === undefined || who === undefined) return `"${word}" tells that this happened before, and this tells no happening of this step to compare`
	const earlier = happenedBefore(context, mine)
	// "with fence 1 too", "also with fence 1" of a grant: of the fence, another worker was given that fence number before (from any
	// store). Of another happening ("B saves with fence 1 too"), "too" is of the happening, as at the clause's end.
	if (fence && mine.kind === 'granted' && mine.fence !== undefined) {
		const wanted = mine.fence
		if (earlier.some(h => h.kind === 'granted' && h.worker !== who && h.fence === wanted)) return undefined
		return `"too" (or "also") of the fence says another worker was given fence ${showFence(wanted)} before ${context.name(who)}, and none was`
	}
	// Of a write's answer ("the database takes A's write too", "A's write is refused too"), "too" says the database gave that answer
	// before, to another write to it: any worker's, A's own earlier one too.
	if (word === 'too' && form.each === 'write-outcome' && mine.kind === 'wrote') {
		// A refusal "too" needs an earlier refusal: a write its fence turned away (changed no row, fenced), not one carried out that changed nothing.
		const refusal = form.id.includes('refuse')
		// Of a scene with several databases, another database's answer counts too: "Database 1 takes A's write. Database 2 takes B's write too".
		if (earlier.some(h => h.kind === 'wrote' && h.changed === mine.changed && (!refusal || h.fenced))) return undefined
		if (context.world.databases.size > 1) return `"too" says a database ${mine.changed ? 'took' : 'refused'} another write before ${context.name(who)}'s to ${context.name(mine.database)} at ${formatDuration(mine.at)} (${context.name(mine.database)} or another), and none ${mine.changed ? 'took' : 'refused'} one before it`
		return `"too" says ${context.name(mine.database)} ${mine.changed ? 'took' : refusal ? 'refused' : 'changed no row with'} another write before ${context.name(who)}'s at ${formatDuration(mine.at)}, and it ${mine.changed ? 'took' : refusal ? 'refused' : 'left the row alone for'} none before it${refusal && earlier.some(h => h.kind === 'wrote' && h.database === mine.database && !h.changed) ? ' (a write it carried out that changed no row, with no fence deciding it, was not refused)' : ''}`
	}
	const same = earlier.filter(h => kindOf(h) === kindOf(mine) && storeOfHappening(h) === storeOfHappening(mine) && (form.fromLine !== true || (h.kind === 'granted' && h.place !== undefined)) && (word === 'again' ? actorOfHappening(h) === who : actorOfHappening(h) !== undefined && actorOfHappening(h) !== who))
	// A renewal again is of the same lease: one renewed before, with no new grant of the key to the worker since.
	const kept = word === 'again' && mine.kind === 'renewed' ? same.filter(h => !earlier.slice(earlier.indexOf(h)).some(g => g.kind === 'granted' && g.worker === who && g.store === mine.store)) : same
	if (kept.length > 0) return undefined
	if (same.length > 0) return `"again" says ${context.name(who)} renewed this lease before, and it renewed only an earlier lease of the key (the engine gave it the key again since)`
	const act = form.fromLine === true ? 'got the key from the line' : `had such a happening (${kindOf(mine)})`
	return word === 'again' ? `"again" says ${context.name(who)} did this before, and it ${form.fromLine === true ? 'never got the key from the line' : `had no such happening (${kindOf(mine)})`} before this one` : `"${'too'}" says another did this before ${context.name(who)}, and no one else ${act} before it`
}

/**
 * The events of a clause about several workers ("B and C ask"), one each: each worker's first event
 * of the step among what it was checked against, by its place; none for a clause about one.
 */
function groupEvents(clause: ReadClause, verdict: Extract<Verdict, { ok: true }>, context: ClaimContext): { who: string; place: StepPosition }[] {
	const ids = clause.form.tells === 'event' ? clause.slots.find(slot => slot.value.type === 'actors')?.value : undefined
	if (ids?.type !== 'actors') return []
	const orders = verdict.evidence.flatMap(e => (e.kind === 'happened' && e.step === context.step.index && e.order !== undefined ? [e.order] : [])).sort((a, b) => a - b)
	return ids.ids.flatMap(who => {
		const order = orders.find(one => actorOfHappening(context.step.happenings[one] as Happening) === who)
		return order === undefined ? [] : [{ who, place: { at: (context.step.happenings[order] as Happening).at, order } }]
	})
}

/** The store a happening is of, if any: "too" and "again" are about one store's key. */
function storeOfHappening(h: Happening): string | undefined {
	return 'store' in h ? h.store : undefined
}

/** A happening's kind for "too" and "again": its event's. Every ask is one kind, a hold or a try: both ask for the key ("A holds it. B tries too"). */
function kindOf(h: Happening): string {
	return h.kind
}

