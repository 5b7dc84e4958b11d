/**
 * "X, so Y" says X is why Y happened. Each clause is checked on its own; this module checks the
 * "why", from the causes the engine recorded beside its events (`StepFacts.causes`, made by the
 * simulation's recorder): "so" is true only when the recorded cause chain links what the clause
 * before tells to what this one tells. There is no list of which forms may cause which: each
 * clause tells events of the run (a state, the events that made it hold), and some tell more (a
 * comparison of two fences, the clock, a renewal that did not happen, a lease live at a moment),
 * which the engine's own decisions are held to. A renewal is why its lease is live at a moment only
 * when the lease would have ended by then without it (`renewalAt`): the engine records no cause for
 * that, as it depends on the moment the clause tells.
 */
import type { StepFacts } from './facts.ts'
import type { Evidence, Happening } from '../frame.ts'
import type { ClaimContext, Said, Slot } from './form.ts'
import { showFence } from './fence-notation.ts'
import { fenceEpoch, formatDuration } from '../../../engine/index.ts'
import { worldsOf } from './positions.ts'
import { renewalStopped } from './renewal-stop.ts'

/** A clause as told: whether it tells a state, what it was checked against, and what more it tells. */
export interface Told {
	state: boolean
	/** Its moment (an event's; of several workers' events, the last), and of a state that ended in the step, that end. */
	claim: { evidence: readonly Evidence[]; said?: Said; at?: number; ended?: { until: number } }
	/** Of a clause that tells several workers' events or a state of several ("B and C get in", "B and C hold the key"): those workers, each of whose events a cause must reach, and each of whose events, told as the cause, must reach what it is the cause of. */
	group?: readonly string[]
	/** The actors its slots name ("A, B and C ask": A, B and C), which a clause after a colon may tell what happened to at its moment (`colonProblem`). */
	actors?: readonly string[]
	/** Of an event clause, the moment of its earliest event (of several workers' events, the first one's); `claim.at` is its last's. */
	from?: number
	/** Of a state that a worker is first in line ("B is first in line", "B is next in line"; `firstInLineForm`), with no moment: that worker. */
	firstInLine?: string
}

/** The forms of a worker's place in line that say it is first ("B is first in line", "B is next in line"), which may tell why it got the key from the line (`firstInLineCause`). */
export function firstInLineForm(clause: { form: { id: string }; slots: readonly Slot[] }): boolean {
	if (clause.form.id === 'next-in-line') return true
	const place = clause.slots[1]
	return clause.form.id === 'place-in-line' && place?.value.type === 'number' && place.value.value === 1
}

/**
 * "B is first in line, so B gets the key": a worker first in line (`firstInLineForm`) is why it got the key, when each event the effect
 * tells is a grant to that worker from the line, and just before it the worker stood first in the line of that key.
 */
export function firstInLineCause(worker: string, effects: readonly Happening[], context: ClaimContext): boolean {
	if (effects.length === 0) return false
	const worlds = worldsOf(context.step)
	return effects.every(h => {
		const place = context.step.happenings.indexOf(h)
		const waiting = place < 0 ? undefined : worlds?.[place]?.workers.get(worker)?.waiting
		return h.kind === 'granted' && h.worker === worker && h.place !== undefined && waiting !== undefined && waiting.store === h.store && waiting.place === 1
	})
}

type Of<K extends Happening['kind']> = Extract<Happening, { kind: K }>

/** What each kind of event follows from, as the engine records it: the authors page's table. */
export const RECORDED_CAUSES: readonly (readonly [string, string])[] = [
	['a grant', 'the lease end that freed the place it took: a release, an expiry, a lease gone with its store (none when the key had room)'],
	['a hold that waits in line, a try refused, a hold that gives up', "the grants of the key's holders then"],
	['a lease live at a moment (the key held by it, its holder keeping the key)', "its grant, and each renewal it needed then: one at or before that moment, when the lease's end before that renewal was at or before that moment (a renewal that came while the lease would still have been live then without it is no cause; nor is one of another worker's wait)"],
	['a lease running out', "the pause or crash of its worker's process in effect then, when it stopped a renewal (of a code sample's hold, one that renews on its own, its next renewal due after the pause or crash began, before the lease's end; a hold the scene's messages make renews as they say), the clock moving past its end, and no renewal of it"],
	['a lease gone with its store', 'the restart or restore that took it'],
	['a renewal refused', "the end of the worker's lease: it ran out, was let go, went with its store or was ended by an operator"],
	["a worker's write lost (overwritten)", 'the write that replaced it, taken by the database'],
	["a database's answer to a write, or a comparison of its fence with the row's", "the two fences it compared: the write's (and the grant that gave it) against the row's (and the write that left it, only for a refusal: without it the row's fence was no larger, and a write taken would have been taken all the same); a database that checks no fence takes every write"],
	['an epoch', 'the open that wrote it, and the clock then: the clock in milliseconds when it was past the epoch before, else the epoch before (the copy\'s) plus one'],
	["a state (the key held or free, the row's fence, a lease lost)", 'the events that made it hold: the grants of its holders, the lease end that freed it, the write its fence is from, the end of the lease; after "so", one that did not hold just before them'],
	['a worker waiting in line', "its own ask, and the grants of the holders it waits behind (not the others in line)"],
	["a semaphore's room", 'the last lease end that freed a place (a grant makes none)'],
	['the key free', 'also an empty line: a freed key goes to the first in line, so with no one there it stays free'],
]

/** What each joint says of the clauses it joins, for messages; a colon's clause is read as "because" reads it, unless what it tells came of the clause before, or came at its moment to the actors it names (`colonProblem`). */
const SAYS = {
	so: '"so" says the clause before is why this happened',
	because: '"because" says this is why what the clause before tells happened',
	colon: 'a colon between two claims says the one after it is why what the one before tells happened, what came of it, or what came at its moment to the workers it names',
	and: '"because" says each clause a bare "and" joins to the cause it tells is why what the clause before "because" tells happened, this one too',
	soAnd: '"so" says the clause before it is why what follows it happened: what each clause a bare "and" joins after it tells too (or, but for a wait, a refused try or a give-up, the clause it is joined to), this one',
} as const

/**
 * "X: Y" of two claims: the colon says why X holds, so Y is checked as "X because Y" is; or Y is what came of X ("B's write
 * lands first: the row now keeps fence 2", "the semaphore allows 2: A and B get in"), as "X, so Y" is; or, of an event X, Y
 * tells what came at X's moment to actors X names ("A, B and C ask at the same moment: A and B get in, and C waits"): it names
 * actors, all of them X's, and each of its events came at that moment (X's events all at one), or the state it tells began to
 * hold then. Its message, as "because" would give it, when none holds. (A comparison of fences after a colon is of a write,
 * `check.ts`.)
 */
export function colonProblem(before: Told, after: Told, context: ClaimContext): string | undefined {
	if (cameAt(before, after) && answersTo(before, after, context)) return undefined
	const why = causeProblem(after, before, context, 'colon')
	// A comparison of fences after it tells why a write was answered, never what came of the clause before.
	if (why === undefined || (after.claim.said?.comparison === undefined && causeProblem(before, after, context, 'so') === undefined)) return undefined
	// Or it tells why a grant's fence is what it is: the open that wrote the epoch it carries ("gets the key with fence 2:1: the epoch is larger").
	const grants = (before.claim.said?.events ?? eventsOf(before.claim.evidence, context)).filter((h): h is Of<'granted'> => h.kind === 'granted' && h.fence !== undefined)
	const opens = (after.claim.said?.told ?? after.claim.said?.events ?? eventsOf(after.claim.evidence, context, true)).filter((h): h is Of<'restarted'> | Of<'restored'> => h.kind === 'restarted' || h.kind === 'restored')
	if (grants.some(grant => opens.some(open => open === lastOpenBefore(grant, context) && fenceEpoch(grant.fence as bigint) === open.epoch))) return undefined
	return why
}

/** Whether a clause after a colon tells what came at the moment of the event clause before to actors that clause names. */
function cameAt(before: Told, after: Told): boolean {
	const at = before.state ? undefined : before.claim.at
	if (at === undefined || before.from !== at || before.actors === undefined || after.actors === undefined || after.actors.length === 0) return false
	if (!after.actors.every(actor => before.actors?.includes(actor))) return false
	return after.state ? after.from === at : after.claim.at === at && after.from === at
}

/**
 * Whether what a clause after a colon tells came of the events of the clause before at their moment: each event it tells (of a
 * state, each it tells as a cause) is one of them, or the answer to an ask among them (the key given, a wait given up, the line
 * left), and no comparison of fences. What else came at that moment (an operator ending a lease just after a write was refused,
 * a write's fence larger than the row's) reads as the colon's why.
 */
function answersTo(before: Told, after: Told, context: ClaimContext): boolean {
	const events = before.claim.said?.events ?? eventsOf(before.claim.evidence, context)
	const said = after.claim.said
	// A comparison of fences tells why a write was answered, never what came at its moment.
	if (said?.comparison !== undefined) return false
	const told = after.state ? (said?.told ?? said?.events ?? eventsOf(after.claim.evidence, context, true)) : (said?.events ?? eventsOf(after.claim.evidence, context))
	const answers = (h: Happening) => events.some(ask => ask.kind === 'asked' && (h.kind === 'granted' || h.kind === 'gave-up' || h.kind === 'left') && h.worker === ask.worker && h.store === ask.store && h.at >= ask.at)
	return told.length > 0 && told.every(h => events.includes(h) || answers(h))
}

/** The last open of a grant's store before it in the run, which wrote the epoch its fence carries. */
function lastOpenBefore(grant: Of<'granted'>, context: ClaimContext): Happening | undefined {
	const all = [...context.run.steps.slice(0, context.step.index), context.step].flatMap(step => step.happenings)
	return all.slice(0, all.indexOf(grant)).filter(h => (h.kind === 'restarted' || h.kind === 'restored') && h.store === grant.store).pop()
}

/**
 * "X because A and B": why B, joined by a bare "and" to the cause A that "because" tells, cannot be read as a cause of X too, or
 * undefined when the engine's causes tie them. A bare "and" is what joined it, so the message offers a comma or a sentence instead.
 */
export function alsoCauseProblem(cause: Told, effect: Told, context: ClaimContext): string | undefined {
	return causeProblem(cause, effect, context, 'and')?.replace(/or join the clauses with "and"$/, 'or tell it after a comma (", and …") or in a sentence of its own, which tells no cause')
}

/**
 * "X, so A and B": why B, joined by a bare "and" to the effect A that "so" tells, cannot be read as following from X too, or
 * undefined when the engine's causes tie them (or, a chain, tie B to A, unless B tells a wait, a refused try or a give-up). A bare "and" is what joined it, so the message offers a comma or a sentence instead.
 */
export function alsoEffectProblem(cause: Told, joined: Told, effect: Told, context: ClaimContext): string | undefined {
	const why = causeProblem(cause, effect, context, 'soAnd')
	if (why === undefined) return undefined
	// Or a chain: it follows from the clause it is joined to ("so A's lease runs out and the key goes to B", "so B gets the key and
	// saves"); but not a wait, a refused try or a give-up, which follows from the key held, not from what made its holder hold it.
	const effects = effect.claim.said?.events ?? eventsOf(effect.claim.evidence, context)
	if (!effects.some(event => event.kind === 'asked' || event.kind === 'refused' || event.kind === 'gave-up') && causeProblem(joined, effect, context, 'so') === undefined) return undefined
	return why.replace(/or join the clauses with "and"$/, 'or tell it after a comma (", and …") or in a sentence of its own, which tells no cause')
}

/** Whether an event clause told a renewal that a lease said live at a moment needed to be live then (`renewalAt`): what a state clause after it claims. */
export function renewalKeptLive(cause: Told, effect: Told['claim'], context: ClaimContext): boolean {
	const live = effect.said?.live
	if (cause.state || live === undefined) return false
	const said = cause.claim.said ?? {}
	const told = said.told ?? said.events ?? eventsOf(cause.claim.evidence, context, true)
	return told.some(event => event.kind === 'renewed' && renewalAt(event, live, context) === 'needed')
}

/**
 * Whether a state told after a state tells it again in other words: made by the very same events, and the same kind of state
 * (the key free only as the key free): "A, B and C hold the key, so three workers hold it".
 */
export function retells(cause: Told, effect: Told, context: ClaimContext): boolean {
	if (!cause.state || !effect.state) return false
	const effects = effect.claim.said?.events ?? eventsOf(effect.claim.evidence, context)
	const said = cause.claim.said ?? {}
	const told = said.told ?? said.events ?? eventsOf(cause.claim.evidence, context, true)
	return said.free === effect.claim.said?.free && told.length > 0 && new Set(told).size === new Set(effects).size && told.every(event => effects.includes(event))
}

/** Why "cause, so effect" (or "effect, because cause") cannot be read, or undefined when the engine's causes tie them. */
export function causeProblem(cause: Told, effect: Told, context: ClaimContext, word: keyof typeof SAYS): string | undefined {
	const effects = effect.claim.said?.events ?? eventsOf(effect.claim.evidence, context)
	const said = cause.claim.said ?? {}
	// What the clause before tells as a cause: a worker in line tells its own ask, not the grants of the holders it waits behind.
	const told = said.told ?? said.events ?? eventsOf(cause.claim.evidence, context, true)
	// Nobody else writing is why a write was taken: each write the effect tells (and the one whose answer it tells) is one of those workers',
	// taken by a database that compared its fence with a row's fence that none but them left ("A saves; the database takes it, since nobody else wrote").
	const alone = said.alone
	if (alone !== undefined) {
		const decides = effect.claim.said?.decides
		const writes = [...(decides === undefined ? [] : [decides]), ...effects]
		if (effects.length > 0 && writes.every(event => event.kind === 'wrote' && event.changed && event.fenced && !event.noFence && alone.includes(event.worker) && (event.writerBefore === undefined || alone.includes(event.writerBefore)))) return undefined
	}
	// A worker first in line is why it got the key from that line ("B is first in line, so B gets the key", judged just before the grant: check.ts's `lineCut`).
	if (word === 'so' && cause.state && cause.firstInLine !== undefined && firstInLineCause(cause.firstInLine, effects, context)) return undefined
	// A fence of the store's new epoch is why it is larger than a fence of an older epoch: the epoch alone decides that comparison
	// ("C's fence is from the new epoch, so it is larger than B's"); not a fence of the same epoch, which its count decides.
	const comparison = effect.claim.said?.comparison
	if (said.epoch !== undefined && comparison !== undefined && comparison.write === undefined && comparison.relation === '>' && comparison.workers?.[0] === said.epoch.worker && comparison.left === said.epoch.fence && fenceEpoch(comparison.right) < fenceEpoch(comparison.left)) return undefined
	// Else, told of a fence of the same epoch, that is why not (said only where no other link holds, below).
	let epochWhy: string | undefined
	if (said.epoch !== undefined && comparison !== undefined && comparison.write === undefined && comparison.workers?.[0] === said.epoch.worker && comparison.left === said.epoch.fence && fenceEpoch(comparison.right) >= fenceEpoch(comparison.left)) {
		const other = comparison.workers[1]
		epochWhy = `${SAYS[word]}, but ${context.name(other)}'s fence ${showFence(comparison.right)} is of epoch ${fenceEpoch(comparison.right)} too, not an older one: the new epoch is not why ${context.name(said.epoch.worker)}'s fence ${showFence(comparison.left)} compares as it does; tell why, or join the clauses with "and"`
	}
	// A renewal told as an event is why its lease is live at a moment when, without it, the lease would have ended by then.
	const live = effect.claim.said?.live
	if (!cause.state && live !== undefined && told.some(event => event.kind === 'renewed' && renewalAt(event, live, context) === 'needed')) return undefined
	// A pause (or crash) of a lease's owner is why nothing renews that lease when it stopped its hold's renewals: the renewal due while it
	// lasted never came, before the lease ended (`renewalStopped`): "At 1 s A's process pauses for 8 s, so nothing renews its lease".
	const absent = effect.claim.said?.absent
	let stopWhy: string | undefined
	if (absent !== undefined && told.some(event => (event.kind === 'paused' || event.kind === 'crashed') && event.worker === absent.worker)) {
		const { grant, stopped } = renewalStopped(context, absent.worker)
		if (stopped !== undefined && told.includes(stopped.stop)) return undefined
		const stop = told.find(event => (event.kind === 'paused' || event.kind === 'crashed') && event.worker === absent.worker) as Happening
		const name = context.name(absent.worker)
		const what = `${name}'s process ${stop.kind === 'paused' ? 'paused' : 'crashed'} at ${formatDuration(stop.at)}`
		const why = grant === undefined ? `${name} had been given no lease` : grant.renews !== true ? `${name}'s hold renews nothing on its own (its lease given at ${formatDuration(grant.at)} has renewal off, or the scene has no code sample), so no renewal was due for a pause to stop` : stopped !== undefined ? `the renewal that never came fell due at ${formatDuration(stopped.due)}, while its process was down from ${formatDuration(stopped.stop.at)}, not from this ${stop.kind === 'paused' ? 'pause' : 'crash'}` : `no renewal of ${name}'s lease fell due while its process was down (its hold renews it each third of its TTL, ${formatDuration(grant.ttl / 3)}, after the grant or the last renewal), or one that did came after it, before the lease ended: the ${stop.kind === 'paused' ? 'pause' : 'crash'} stopped no renewal`
		stopWhy = `${SAYS[word]}, but ${what}, and ${why}; tell why it happened, or join the clauses with "and"`
	}
	// A comparison of a write's fence with the row's follows, as that write's answer does, only from the fences compared: the grant that
	// gave the write its fence and the write that left the row its own, not from the write itself ("B saves, so B's fence is larger than the
	// row's": both were what they are before B saved).
	const compared = effect.claim.said?.decides === undefined ? effect.claim.said?.comparison?.write : undefined
	const decided = effect.claim.said?.decides ?? compared
	const lostWrite = effect.claim.said?.overwrites
	// Checking no fence is why a write was taken (what it replaced lost, the row it left) only when a database that checks fences would have refused it.
	const idle = said.unfenced === undefined ? undefined : [lostWrite, decided, ...effects].find((write): write is Of<'wrote'> => write !== undefined && write.kind === 'wrote' && write.database === said.unfenced && write.changed && !fencesWouldRefuse(write))
	if (idle !== undefined) return `${SAYS[word]}, but checking fences would have changed nothing: a database that checks fences would take ${context.name(idle.worker)}'s write at ${formatDuration(idle.at)} too, its fence ${showFence(idle.fence)} being larger than the row's ${showFence(idle.before)}; tell why it happened, or join the clauses with "and"`
	if (decided !== undefined && decisionLinks(said, cause, decided)) return undefined
	// A THING lost is the write that replaced it, taken: a clause that tells that write, or the database taking it, is why.
	const lost = effect.claim.said?.overwrites
	if (lost !== undefined && (said.decides === lost || told.includes(lost))) return undefined
	// A semaphore's limit is why what it let in or kept out happened: not through recorded causes, but by counting.
	if (said.limit !== undefined) {
		const why = limitWhy(said.limit, effects, context)
		if (why === undefined) return undefined
		const says = SAYS[word]
		return `${says}, but ${why}; tell why it happened, or join the clauses with "and"`
	}
	// Checking fences is why something else happened only through a write it refused ("so B's write stays"): one of this step's, by what this clause tells.
	if (decided === undefined && said.fenced !== undefined && !refusedBefore(said.fenced, effects, context)) {
		const says = SAYS[word]
		return `${says}, but checking fences is why a write was refused, and ${context.name(said.fenced)} refused no write in this step before it; tell the write it refused ("${context.name(said.fenced)} refuses A's write")`
	}
	/** Of several workers' events, one member's that the cause is not why of: the message, unless another link below holds. */
	let member: string | undefined
	/** Of a refused write, a cause told that came when the row already refused it: the message, unless another link below holds. */
	let settled: string | undefined
	if (decided === undefined || (said.comparison === undefined && said.unfenced === undefined && said.fenced === undefined)) {
		// The events the cause tells reach what this clause tells through the engine's causes (a write's answer: through the fences it compared).
		const targets = decided === undefined ? effects : causesOf(decided, context)
		// An event told as the cause may be the very event that made the state this clause tells ("A lets go, so the key is free").
		// A state follows from the events that made it: it is why something happened only through a recorded cause
		// (not by being made by the same events), and the event that made it came no later than what this clause tells.
		const answer = decided !== undefined ? answerAncestors(targets, cause.state, context, decided) : undefined
		const reached = answer !== undefined ? answer.reached : cause.state ? ancestors(targets.flatMap(event => reasonsOf(event, context)), context) : ancestors(targets, context)
		// A state told again in other words ("A, B and C hold the key, so three workers hold it") is made by the very same events,
		// and is the same kind of state: the key free is no other state made by the end that freed it ("so A's lease is lost").
		const retold = retells(cause, effect, context)
		// A state is a cause only while it holds: an event that made it and was undone before the moment of what this clause tells
		// (a lease that ended, a row's fence a later write replaced) is no link ("the database has seen fence 1" after fence 3 came).
		const moment = momentOf(effect, context)
		const undone = cause.state && moment !== undefined ? told.flatMap(event => { const by = undoneBy(event, moment, context, effect.state ? [] : effects); return by === undefined ? [] : [{ event, by }] }) : []
		const held = told.filter(event => !undone.some(one => one.event === event))
		// Of several workers' events ("A lets go, so B and C get in"), the cause reaches each one's: one member's grant does not carry the group.
		const unreached = decided === undefined && effect.group !== undefined ? effect.group.find(worker => {
			const own = targets.filter(event => 'worker' in event && event.worker === worker)
			const mine = cause.state ? ancestors(own.flatMap(event => reasonsOf(event, context)), context) : ancestors(own, context)
			return !held.some(event => mine.has(event))
		}) : undefined
		// Of several workers named as the cause ("B gets in because A and D let go"), each one's is why: one member's let-go does not carry the group.
		const idle = decided === undefined && cause.group !== undefined ? cause.group.find(worker => {
			const own = held.filter(event => 'worker' in event && event.worker === worker)
			return own.length > 0 && !own.some(event => reached.has(event))
		}) : undefined
		if (retold || (unreached === undefined && idle === undefined && held.some(event => reached.has(event)) && !(cause.state && madeAfter(told, effects, context)))) return undefined
		// Of a refused write, what the cause tells led to the row's fence, but the row already refused the write before it happened.
		const moot = decided === undefined || held.some(event => reached.has(event)) ? undefined : held.find(event => answer?.settled.has(event))
		if (moot !== undefined && decided !== undefined) settled = settledWhy(moot, decided, word, context)
		// Of a refused write, a write told as its cause whose fence a later write replaced in the row before it came.
		const replaced = decided === undefined || held.some(event => reached.has(event)) ? undefined : held.flatMap(event => { const by = replacedBefore(event, decided, context); return by === undefined ? [] : [{ event, by }] })[0]
		if (replaced !== undefined && decided !== undefined && settled === undefined) settled = `${SAYS[word]}, but ${context.name(decided.database)} would have refused ${context.name(decided.worker)}'s write at ${formatDuration(decided.at)} without it: ${undoneWhy(replaced.event, replaced.by, context)}, before that write came, and the row's fence ${showFence(decided.before)} alone refused it; tell why it happened, or join the clauses with "and"`
		if (idle !== undefined && unreached === undefined && held.some(event => reached.has(event))) {
			const own = held.find(event => 'worker' in event && event.worker === idle) as Happening
			member = `${SAYS[word]}, and ${word === 'so' ? 'the clause before' : word === 'soAnd' ? 'the clause before "so"' : 'it'} names several workers' happenings as the cause, each of which must be why, but what it tells of ${context.name(idle)}'s (at ${formatDuration(own.at)}) led to nothing ${word === 'so' || word === 'soAnd' ? 'this' : 'the clause before'} tells: ${recordedWhy(effects[0], context)}; tell only the cause, or join the clauses with "and"`
		}
		if (unreached !== undefined && held.some(event => reached.has(event))) {
			const own = targets.find(event => 'worker' in event && event.worker === unreached)
			member = `${SAYS[word]}, and it tells several workers' happenings, each of which it must be why of, but the engine records no such cause of ${context.name(unreached)}'s: ${own === undefined ? `it tells nothing of ${context.name(unreached)}'s` : recordedWhy(own, context)}; tell each one's cause, or join the clauses with "and"`
		}
		// What a state told as the cause made, undone since, is told as such even where it reached this only through a write taken (`rowNoReason`).
		const wideReached = () => (answer !== undefined && decided !== undefined ? answerAncestors(targets, cause.state, context, decided, true).reached : cause.state ? ancestors(targets.flatMap(event => causesOf(event, context)), context, false, true) : ancestors(targets, context, false, true))
		const gone = undone.find(one => reached.has(one.event)) ?? (held.some(event => reached.has(event)) ? undefined : undone.find(one => wideReached().has(one.event)))
		if (gone !== undefined && moment !== undefined) {
			const says = SAYS[word]
			const when = word === 'so' || word === 'soAnd' ? `this ${effect.state ? 'holds' : 'happened'}` : `that ${effect.state ? 'held' : 'happened'}`
			return `${says}, and a state is a cause only while it holds, but what ${word === 'so' ? 'the clause before' : word === 'soAnd' ? 'the clause before "so"' : 'this'} tells no longer held at ${formatDuration(moment)}, when ${when}: ${undoneWhy(gone.event, gone.by, context)}; tell why it happened, or join the clauses with "and"`
		}
	}
	if (said.clock !== undefined && clockLinks(said.clock, effects, context)) return undefined
	if (said.absent !== undefined && effects.some(e => e.kind === 'expired' && e.worker === said.absent?.worker)) return undefined
	// No one letting go is why a wait ran out: every holder kept its place from the ask to the give-up ("Nobody lets go, so D gives up").
	if (said.kept !== undefined && keptCause(said.kept, effects, context)) return undefined
	// No one in line is why a key stays free: a freed key goes to the first in line.
	if (said.empty !== undefined && said.empty === effect.claim.said?.free) return undefined
	if (member !== undefined) return member
	if (settled !== undefined) return settled
	// Of a write taken, a write told as its cause that only left the row the fence it was compared with: no reason (`rowNoReason`).
	const taken = [decided, ...effects].find((write): write is Of<'wrote'> => write?.kind === 'wrote' && causesOf(write, context).some(row => told.includes(row) && rowNoReason(write, row)))
	const row = taken === undefined ? undefined : causesOf(taken, context).find((one): one is Of<'wrote'> => one.kind === 'wrote' && told.includes(one))
	if (taken !== undefined && row !== undefined) return `${SAYS[word]}, but ${context.name(taken.database)} would have taken ${context.name(taken.worker)}'s write at ${formatDuration(taken.at)} without it: ${context.name(row.worker)}'s write at ${formatDuration(row.at)} only ${row.after > row.before ? 'raised' : 'kept'} the row's fence ${row.after > row.before ? `from ${showFence(row.before)} to ${showFence(row.after)}` : showFence(row.after)}, and a fence no larger in the row takes a write all the same (${context.name(taken.worker)}'s fence ${showFence(taken.fence)} against ${showFence(row.before)}); tell why it happened, or join the clauses with "and"`
	if (stopWhy !== undefined) return stopWhy
	if (epochWhy !== undefined) return epochWhy
	const says = SAYS[word]
	const why = lost === undefined ? (compared !== undefined ? comparedWhy(compared, context) : (renewalWhy(cause, live, context) ?? recordedWhy(decided ?? effects[0], context))) : `${context.name(lost.writerBefore ?? '')}'s ${context.words?.thing ?? 'write'} was lost when ${context.name(lost.database)} took ${context.name(lost.worker)}'s write at ${formatDuration(lost.at)}, and the clause before does not tell that write`
	return `${says}, but the engine records no such cause: ${why}; tell why it happened, or join the clauses with "and"`
}

/**
 * "Nobody lets go, so D gives up": every event the effect tells is a give-up in this step, of the key no one let go of (any, for
 * ''), and from that worker's last ask of that key to its give-up no lease of the key ended (let go, ran out, gone, ended by an
 * operator): every holder kept its place while the wait ran out.
 */
function keptCause(kept: string, effects: readonly Happening[], context: ClaimContext): boolean {
	if (effects.length === 0) return false
	const all = [...context.run.steps.slice(0, context.step.index), context.step].flatMap(step => step.happenings)
	return effects.every(h => {
		if (h.kind !== 'gave-up' || (kept !== '' && h.store !== kept) || !context.step.happenings.includes(h)) return false
		const at = all.indexOf(h)
		const ask = all.slice(0, at).filter(one => one.kind === 'asked' && one.worker === h.worker && one.store === h.store).pop()
		if (ask === undefined) return false
		return !all.slice(all.indexOf(ask) + 1, at).some(one => (one.kind === 'released' || one.kind === 'expired' || one.kind === 'gone' || one.kind === 'ended') && one.store === h.store)
	})
}

/**
 * Whether a database that checks fences would have refused a write that one checking none took: it compares the write's
 * fence with the row's as the write came, and refuses one not larger (or no fence a store gave). That, and not a run
 * again with fences (whose rows, and a sample's own SQL, may differ), is what checking no fence changed for this write.
 */
function fencesWouldRefuse(write: Of<'wrote'>): boolean {
	return write.noFence === true || write.fence <= write.before
}

/**
 * The moment of what a clause tells, for a state told as its cause: an event's (of several workers', the last), a
 * state's named moment, else the end of the span it held in the step, else the step's end (a note's: when it is sent).
 */
function momentOf(effect: Told, context: ClaimContext): number | undefined {
	if (!effect.state) return effect.claim.at
	return effect.claim.at ?? effect.claim.ended?.until ?? context.world.time
}

/**
 * The event of the run that undid what an event made, before `moment` (strictly earlier on the clock), if one did:
 * a grant's lease ended (let go, ran out, gone, ended by an operator); a write the row kept, replaced by a later one
 * taken; an ask answered (its worker given the key, or giving up or leaving the line); a pause ended by a wake or a
 * crash; an open of a store followed by another; a lease's end followed by a new grant to that worker of that key.
 */
function undoneBy(made: Happening, moment: number, context: ClaimContext, effects: readonly Happening[] = []): Happening | undefined {
	const all = [...context.run.steps.slice(0, context.step.index), context.step].flatMap(step => step.happenings)
	const from = all.indexOf(made)
	if (from < 0) return undefined
	const undoes = (h: Happening): boolean => {
		switch (made.kind) {
			case 'granted':
				return (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.worker === made.worker && h.store === made.store
			case 'wrote':
				return made.changed && h.kind === 'wrote' && h.changed && h.database === made.database
			case 'asked':
				return (h.kind === 'granted' || h.kind === 'gave-up' || h.kind === 'left') && h.worker === made.worker && h.store === made.store
			case 'paused':
				return (h.kind === 'woke' || h.kind === 'crashed') && h.worker === made.worker
			case 'restarted':
			case 'restored':
				return (h.kind === 'restarted' || h.kind === 'restored') && h.store === made.store
			case 'released':
			case 'expired':
			case 'gone':
			case 'ended':
				return h.kind === 'granted' && h.worker === made.worker && h.store === made.store
			default:
				return false
		}
	}
	// Of an effect that is an event: what came before it in the run, at its moment too (a write replaced at the same 10 s, before A's came).
	const at = effects.map(h => all.indexOf(h)).filter(i => i >= 0)
	const stop = at.length > 0 ? Math.min(...at) : undefined
	if (stop !== undefined) return all.slice(from + 1, stop).find(h => h.at <= moment && undoes(h))
	return all.slice(from + 1).find(h => h.at < moment && undoes(h))
}

/** How an event's making was undone, in words for a message. */
function undoneWhy(made: Happening, by: Happening, context: ClaimContext): string {
	const name = context.name
	const at = formatDuration(by.at)
	if (made.kind === 'granted' && 'worker' in by) return `${name(made.worker)}'s lease from its grant at ${formatDuration(made.at)} ${by.kind === 'released' ? 'was let go' : by.kind === 'expired' ? 'ran out' : by.kind === 'gone' ? 'went with its store' : 'was ended by an operator'} at ${at}`
	if (made.kind === 'wrote' && by.kind === 'wrote') return `${name(made.database)} kept fence ${showFence(made.after)} from ${name(made.worker)}'s write at ${formatDuration(made.at)} only until ${name(by.worker)}'s write with fence ${showFence(by.fence)} replaced it at ${at}`
	if (made.kind === 'asked' && 'worker' in by) return `${name(made.worker)}'s ask at ${formatDuration(made.at)} was answered at ${at}, when it ${by.kind === 'granted' ? 'got the key' : by.kind === 'gave-up' ? 'gave up' : 'left the line'}`
	if (made.kind === 'paused') return `${name(made.worker)}'s process, paused at ${formatDuration(made.at)}, ${by.kind === 'crashed' ? 'crashed' : 'woke'} at ${at}`
	if (made.kind === 'restarted' || made.kind === 'restored') return `${name(made.store)} opened again at ${at}`
	return `${'worker' in made ? `${name(made.worker)}'s lease, ended at ${formatDuration(made.at)}, was followed by a new grant at ${at}` : `it was undone at ${at}`}`
}

/** Whether the database refused a write by its fence in this step, no later than the last event of this step an effect tells (any, when it tells none of the step's). */
function refusedBefore(database: string, effects: readonly Happening[], context: ClaimContext): boolean {
	const list = context.step.happenings
	const upTo = Math.max(-1, ...effects.map(event => list.indexOf(event)))
	return list.some((h, i) => h.kind === 'wrote' && h.database === database && h.fenced && !h.noFence && !h.changed && (upTo < 0 || i < upTo))
}

/** Whether the latest of a state's making events came after the latest event an effect tells (so the state is no cause of it). */
function madeAfter(made: readonly Happening[], effects: readonly Happening[], context: ClaimContext): boolean {
	const all = [...context.run.steps.slice(0, context.step.index), context.step].flatMap(step => step.happenings)
	const latest = (events: readonly Happening[]) => Math.max(-1, ...events.map(event => all.indexOf(event)))
	return effects.length > 0 && latest(made) > latest(effects)
}

/**
 * Why a semaphore's limit L is not why what a clause tells happened, or undefined when it is: the holds it
 * tells waited, the tries were refused, the holds gave up, with L holders then; or, when it tells none, the
 * grants it tells of that key came when it had room (no lease end freed their place) and are no more than L.
 */
function limitWhy(limit: NonNullable<Said['limit']>, effects: readonly Happening[], context: ClaimContext): string | undefined {
	const name = context.name
	const mine = effects.filter(event => 'store' in event && event.store === limit.store)
	const kept = mine.filter((event): event is Of<'asked'> | Of<'refused'> | Of<'gave-up'> => event.kind === 'asked' || event.kind === 'refused' || event.kind === 'gave-up')
	if (kept.length > 0) {
		for (const event of kept) {
			const holders = event.kind === 'asked' ? causesOf(event, context).filter(cause => cause.kind === 'granted').length : event.holders.length
			if (holders !== limit.limit) return `${name(event.worker)}'s ${event.kind === 'asked' ? 'hold waited' : event.kind === 'refused' ? 'try was refused' : 'hold gave up'} at ${formatDuration(event.at)} with ${holders} holding ${name(limit.store)}, not its limit of ${limit.limit}`
		}
		return undefined
	}
	const grants = mine.filter((event): event is Of<'granted'> => event.kind === 'granted')
	if (grants.length === 0) return `a limit is why a key lets workers in or keeps them out, and this tells neither of ${name(limit.store)}`
	const freed = grants.find(grant => causesOf(grant, context).length > 0)
	if (freed !== undefined) return recordedWhy(freed, context)
	if (grants.length > limit.limit) return `${name(limit.store)}'s limit of ${limit.limit} lets no more than ${limit.limit} in at once, and this tells ${grants.length} grants`
	return undefined
}

/** A write's answer follows from the fences the database compared, the row's fence it found, or its checking none. */
function decisionLinks(said: Said, cause: Told, write: Of<'wrote'>): boolean {
	const comparison = said.comparison
	if (comparison !== undefined) {
		if (write.noFence) return false
		// The comparison as the database made it: the write's fence against the row's (a clause about that write says which is which).
		// Two workers' fences are the write's and the row's only when they are the writer's and the row's writer's.
		const whose = (left: string | undefined, right: string | undefined) => comparison.workers === undefined || (comparison.workers[0] === left && comparison.workers[1] === right)
		const forward = comparison.write === undefined ? comparison.left === write.fence && comparison.right === write.before && whose(write.worker, write.writerBefore) : comparison.write === write
		const backward = comparison.write === undefined && comparison.left === write.before && comparison.right === write.fence && whose(write.writerBefore, write.worker)
		const relation = forward ? comparison.relation : backward ? FLIPPED[comparison.relation] : undefined
		if (relation === undefined) return false
		// A database that checks no fence compared none: it takes every write, a smaller fence's too, so no comparison of fences is why it took one.
		if (!write.fenced) return false
		return write.changed ? relation === '>' : relation === '<' || relation === '<=' || relation === '='
	}
	if (said.unfenced !== undefined) return said.unfenced === write.database && !write.fenced
	// A database that checks fences is why a write there was refused, when its fence did decide it: without fences it would have been taken, as every write there would.
	if (said.fenced !== undefined) return said.fenced === write.database && write.fenced && !write.noFence && !write.changed
	// The row's fence when the write came.
	return write.fenced && cause.claim.evidence.some(e => e.kind === 'row' && e.database === write.database && e.fence === showFence(write.before))
}

const FLIPPED = { '<': '>', '>': '<', '<=': '>=', '>=': '<=', '=': '=' } as const

/** The clock decides an epoch: the clock read at the open, or past the epoch before it (so the epoch is the clock). */
function clockLinks(clock: NonNullable<Said['clock']>, effects: readonly Happening[], context: ClaimContext): boolean {
	const opens = [...effects, ...effects.flatMap(e => causesOf(e, context))].filter((e): e is Of<'restarted'> | Of<'restored'> => e.kind === 'restarted' || e.kind === 'restored')
	if (clock.reads !== undefined) return opens.some(open => open.at === clock.reads)
	if (clock.past !== undefined) {
		const past = clock.past
		return opens.some(open => open.from === 'clock' && open.epochBefore <= past && BigInt(open.at) > past)
	}
	// The clock moving on runs a lease out in the step it moves.
	return effects.some(e => e.kind === 'expired' && context.step.happenings.includes(e))
}

/**
 * What a renewal did for its worker's lease of its store at `live.at`: `needed` when it came no
 * later than then, no grant to the worker of that store came between (so the lease live then is the
 * one it renewed), and the lease's end before it (its grant's TTL end, or the renewal before it's)
 * was at or before then: without it the lease would have ended by then. Else why not.
 */
function renewalAt(renewal: Of<'renewed'>, live: NonNullable<Said['live']>, context: ClaimContext): 'needed' | 'other' | 'later' | { regranted: number } | { ranTo: number } {
	if (renewal.worker !== live.worker || renewal.store !== live.store) return 'other'
	if (renewal.at > live.at) return 'later'
	let end: number | undefined
	let seen = false
	for (const step of [...context.run.steps.slice(0, context.step.index), context.step]) {
		for (const h of step.happenings) {
			if (h === renewal) seen = true
			else if (h.kind === 'granted' && h.worker === live.worker && h.store === live.store) {
				if (seen && h.at <= live.at) return { regranted: h.at }
				if (!seen) end = h.at + h.ttl
			} else if (h.kind === 'renewed' && !seen && h.worker === live.worker && h.store === live.store) end = h.until
		}
	}
	if (!seen || end === undefined) return 'other'
	return end <= live.at ? 'needed' : { ranTo: end }
}

/** Why the renewals a clause tells did not keep a lease live at its moment, in words for a message, or undefined when it tells none. */
function renewalWhy(cause: Told, live: Said['live'], context: ClaimContext): string | undefined {
	if (cause.state || live === undefined) return undefined
	const renewals = (cause.claim.said?.events ?? eventsOf(cause.claim.evidence, context)).filter((h): h is Of<'renewed'> => h.kind === 'renewed')
	const first = renewals[0]
	if (first === undefined) return undefined
	const whose = context.name(live.worker)
	const at = formatDuration(live.at)
	const what = renewalAt(first, live, context)
	const renewed = `${context.name(first.worker)}'s renewal at ${formatDuration(first.at)}`
	if (what === 'other') return `${renewed} keeps only its own lease, not ${whose}'s lease of ${context.name(live.store)}`
	if (what === 'later') return `${renewed} came after ${at}, the moment this clause tells`
	if (what === 'needed') return undefined
	if ('regranted' in what) return `${renewed} kept a lease ${whose} no longer holds at ${at}: the engine gave it the key again at ${formatDuration(what.regranted)}`
	return `${renewed} was not needed for its lease to be live at ${at}: without it the lease ran to ${formatDuration(what.ranTo)}`
}

/** The events a happening follows from, as recorded. */
function causesOf(event: Happening, context: ClaimContext): readonly Happening[] {
	return context.step.causes?.get(event) ?? []
}

/**
 * The events a happening follows from but for which it would not have happened: its recorded causes, less the row's write a write
 * taken was compared with (`rowNoReason`); `wide`, all its recorded causes (for messages: what a state told as a cause made, undone since).
 */
function reasonsOf(event: Happening, context: ClaimContext, wide = false): readonly Happening[] {
	return wide ? causesOf(event, context) : causesOf(event, context).filter(cause => !rowNoReason(event, cause))
}

/**
 * Whether `row`, the write whose fence the row kept when `write` came, is no reason `write` was taken: a database takes a write
 * whose fence the row's is no larger than, and without that row's write the row would have kept the fence from before it, which
 * was no larger (a write taken raises the row's fence, or keeps it): the write would have been taken all the same ("B saves with
 * fence 2, so the database takes C's write", C's fence 3 being larger than the 0 before B's too).
 */
function rowNoReason(write: Happening, row: Happening): boolean {
	return write.kind === 'wrote' && write.changed && row.kind === 'wrote' && row.changed && row.database === write.database && row.before <= row.after
}

/**
 * What a write's answer follows from, through the recorded causes of the fences it compared (`targets`: the grant that
 * gave the write its fence, and the write the row kept). Through the row's write, every cause of it (the grant of a larger
 * fence, the end of a lease that let it be given, a pause that ran the lease out). Through the write's own grant, only
 * that grant and a store's open that wrote the epoch its fence carries: what freed the key for it (a let-go, a lease run
 * out) let the worker write at all, but it is no reason its fence was refused or taken ("A lets go, so the database
 * refuses B's write" is refused when B's fence 2 lost to a row at 3). Of a state as the cause, a recorded cause of them.
 */
function answerAncestors(targets: readonly Happening[], state: boolean, context: ClaimContext, write: Of<'wrote'>, wide = false): { reached: Set<Happening>; settled: Set<Happening> } {
	const grants = targets.filter(event => event.kind === 'granted')
	// Of a write taken, the row's write it was compared with is no reason (`rowNoReason`), nor what led to it.
	const rows = targets.filter(event => event.kind !== 'granted' && (wide || !rowNoReason(write, event)))
	// Of a refused write, the row's fence it met is the row's write's alone: a write told as an event that row's write replaced (the
	// one it compared) is no reason, as the row's write would have been taken over a smaller fence too ("B saves, so A's write is refused" when C's fence 3 replaced B's 2).
	const refused = refusedByFence(write)
	// (A state told as the cause is held to what still stood at the refused write, `undoneBy`, which says the same of a row's write replaced.)
	const through = state ? ancestors(rows.flatMap(event => reasonsOf(event, context, wide)), context, false, wide) : ancestors(rows, context, refused, wide)
	// But for it: of a refused write, an event through the row's write is why only when the row did not refuse the write already
	// before it happened ("B lets go, so the database refuses A's write" is refused when B's own fence 2 was in the row before B let go).
	const settled = new Set([...through].filter(event => rowRefusedBefore(event, write, context) !== undefined))
	const reached = new Set([...through].filter(event => !settled.has(event)))
	if (!state) for (const grant of grants) reached.add(grant)
	const before = ancestors(grants.flatMap(event => causesOf(event, context)), context)
	for (const event of before) if (event.kind === 'restarted' || event.kind === 'restored') reached.add(event)
	for (const event of reached) settled.delete(event)
	return { reached, settled }
}

/**
 * Of a refused write (a database that checks fences compared its fence), the write the row's fence was from just before an event
 * of the run, when that fence already refused it, being no smaller than the write's: the write's answer was settled before the
 * event, which is then no reason for it. `{}` when that fence is the one the scene set before its first step; undefined when the
 * row did not refuse the write yet (or the write was taken, or carried no fence).
 */
function rowRefusedBefore(event: Happening, write: Of<'wrote'>, context: ClaimContext): { by?: Of<'wrote'> } | undefined {
	if (!write.fenced || write.noFence === true || write.changed) return undefined
	const all = [...context.run.steps.slice(0, context.step.index), context.step].flatMap(step => step.happenings)
	const at = all.indexOf(event)
	if (at < 0) return undefined
	const last = all.slice(0, at).filter((h): h is Of<'wrote'> => h.kind === 'wrote' && h.database === write.database).pop()
	const fence = last === undefined ? context.run.steps[0]?.end.databases.get(write.database)?.fence : last.after
	if (fence === undefined || fence < write.fence) return undefined
	const by = [...all.slice(0, at)].reverse().find((h): h is Of<'wrote'> => h.kind === 'wrote' && h.database === write.database && h.changed)
	return by === undefined ? {} : { by }
}

/** Whether a database that checks fences refused a write by comparing them. */
function refusedByFence(write: Of<'wrote'>): boolean {
	return write.fenced && write.noFence !== true && !write.changed
}

/**
 * Of a refused write, a write told as its cause that the row no longer kept when the refused write came: a later write taken
 * replaced its fence, and that fence alone refused the write. That later write, or undefined.
 */
function replacedBefore(told: Happening, write: Of<'wrote'>, context: ClaimContext): Of<'wrote'> | undefined {
	if (!refusedByFence(write) || told.kind !== 'wrote' || !told.changed || told.database !== write.database) return undefined
	const all = [...context.run.steps.slice(0, context.step.index), context.step].flatMap(step => step.happenings)
	const from = all.indexOf(told)
	const to = all.indexOf(write)
	if (from < 0 || to < from) return undefined
	return all.slice(from + 1, to).find((h): h is Of<'wrote'> => h.kind === 'wrote' && h.changed && h.database === write.database)
}

/** Why a cause told that came when the row already refused a write is no reason for its refusal, in words for a message. */
function settledWhy(event: Happening, write: Of<'wrote'>, word: keyof typeof SAYS, context: ClaimContext): string {
	const name = context.name
	const row = rowRefusedBefore(event, write, context)
	const kept = row?.by === undefined ? `the fence ${showFence(context.run.steps[0]?.end.databases.get(write.database)?.fence ?? 0n)} the scene set` : `fence ${showFence(row.by.after)}, from ${name(row.by.worker)}'s write at ${formatDuration(row.by.at)}`
	const what = word === 'so' ? 'the clause before' : word === 'soAnd' ? 'the clause before "so"' : 'this'
	return `${SAYS[word]}, but ${name(write.database)} would have refused ${name(write.worker)}'s write at ${formatDuration(write.at)} without it: its row already kept ${kept}, no smaller than the write's fence ${showFence(write.fence)}, before what ${what} tells happened (at ${formatDuration(event.at)}); tell why it happened, or join the clauses with "and"`
}

/** The events and every event they follow from, through the recorded causes (`rowOnly`: not from a write to the write whose fence it found in the row). */
function ancestors(events: readonly Happening[], context: ClaimContext, rowOnly = false, wide = false): Set<Happening> {
	const seen = new Set<Happening>(events)
	// A worker's wait, refused try or give-up follows from the key being held: the holders' grants, and what each follows from,
	// but not the lease end that passed the key to that holder ("A's lease runs out, so C gives up" of C's wait that ran out behind
	// B, who got the key as A's ran out): the key was held before that end too, so it is no reason the worker found it held.
	const heldOnly = new Set<Happening>()
	const todo: { event: Happening; held: boolean }[] = events.map(event => ({ event, held: false }))
	while (todo.length > 0) {
		const { event, held } = todo.pop() as { event: Happening; held: boolean }
		const waiter = event.kind === 'gave-up' || event.kind === 'refused' || event.kind === 'asked'
		for (const cause of reasonsOf(event, context, wide)) {
			if (rowOnly && event.kind === 'wrote' && cause.kind === 'wrote') continue
			if (held && LEASE_ENDS.has(cause.kind)) continue
			const asHeld = waiter && cause.kind === 'granted'
			if (asHeld ? seen.has(cause) || heldOnly.has(cause) : seen.has(cause) && !heldOnly.has(cause)) continue
			if (asHeld) {
				if (!seen.has(cause)) heldOnly.add(cause)
			} else heldOnly.delete(cause)
			seen.add(cause)
			todo.push({ event: cause, held: asHeld })
		}
	}
	return seen
}

/** The happenings that end a lease and so free its key for the next holder. */
const LEASE_ENDS: ReadonlySet<string> = new Set(['released', 'expired', 'gone', 'ended'])

/**
 * The events of the run a clause tells, read from what it was checked against: the events
 * themselves, and for a state the events that made it hold (a lease's grant, or the end that
 * left it lost; the holders' grants, or the end that freed the key; the write the row's fence is
 * from; the open that wrote the epoch; the asks of those in line).
 */
export function eventsOf(evidence: readonly Evidence[], context: ClaimContext, asCause = false): Happening[] {
	// The run's last event that passes `keep`, up to this step (as the text sees it), read backwards.
	const last = <H extends Happening>(keep: (h: Happening) => h is H): H | undefined => {
		for (let s = context.step.index; s >= 0; s--) {
			const list = s === context.step.index ? context.step.happenings : (context.run.steps[s]?.happenings ?? [])
			for (let i = list.length - 1; i >= 0; i--) if (keep(list[i] as Happening)) return list[i] as H
		}
		return undefined
	}
	const out: Happening[] = []
	for (const e of evidence) {
		switch (e.kind) {
			case 'happened': {
				const event = e.order === undefined ? undefined : (context.run.steps[e.step] as StepFacts | undefined)?.happenings[e.order]
				if (event) out.push(event)
				break
			}
			case 'lease': {
				const lease = e.lease
				if (!lease) break
				const kind = lease.state === 'live' ? 'granted' : lease.state
				const found = last((h): h is Happening => h.kind === kind && h.worker === e.worker && ('store' in h ? h.store === lease.store : true) && (lease.fence === undefined || ('fence' in h && h.fence !== undefined && showFence(h.fence) === lease.fence)))
				if (found) out.push(found)
				break
			}
			case 'holders': {
				if (e.holders.length === 0) {
					const freed = last((h): h is Happening => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended' || h.kind === 'restarted' || h.kind === 'restored') && h.store === e.store)
					if (freed) out.push(freed)
				}
				for (const holder of e.holders) {
					const grant = last((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === holder && h.store === e.store)
					if (grant) out.push(grant)
				}
				break
			}
			case 'line':
				// Standing in line holds from the ask, and by every lease that holds the key since.
				for (const waiter of e.waiters) {
					const ask = last((h): h is Of<'asked'> => h.kind === 'asked' && h.worker === waiter && h.store === e.store)
					if (ask) out.push(ask)
				}
				// Told as a cause, a line tells only its waiters' asks: the others in line, and the holders, are no part of it.
				if (e.waiters.length > 0 && !asCause) out.push(...holdersGrants(e.store, context, last))
				break
			case 'row': {
				const write = last((h): h is Of<'wrote'> => h.kind === 'wrote' && h.database === e.database && h.changed)
				if (write) out.push(write)
				break
			}
			case 'epoch': {
				const open = last((h): h is Of<'restarted'> | Of<'restored'> => (h.kind === 'restarted' || h.kind === 'restored') && h.store === e.store)
				if (open) out.push(open)
				break
			}
			default:
				break
		}
	}
	return out
}

/** The grants of the leases that hold a store's key at the clause's moment. */
function holdersGrants(store: string, context: ClaimContext, last: <H extends Happening>(keep: (h: Happening) => h is H) => H | undefined): Happening[] {
	const holders = context.world.stores.get(store)?.holders ?? []
	return holders.flatMap(holder => {
		const grant = last((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === holder && h.store === store)
		return grant ? [grant] : []
	})
}

/** What a comparison of a write's fence with the row's follows from, in words for a message: the two fences, and where each came from. */
function comparedWhy(write: Of<'wrote'>, context: ClaimContext): string {
	const name = context.name
	const grant = causesOf(write, context).find(h => h.kind === 'granted')
	const row = causesOf(write, context).find((h): h is Of<'wrote'> => h.kind === 'wrote')
	const mine = `${name(write.worker)}'s fence ${showFence(write.fence)}${grant === undefined ? '' : ` came with its grant at ${formatDuration(grant.at)}`}`
	const theirs = `the row's ${showFence(write.before)} ${row === undefined ? 'was there before any write of the scene' : `came with ${name(row.worker)}'s write at ${formatDuration(row.at)}`}`
	return `a comparison of fences follows only from the fences it compares, which were what they are before ${name(write.worker)}'s write at ${formatDuration(write.at)}: ${mine}, and ${theirs}`
}

/** What the engine recorded as the cause of an event, in words for a message. */
function recordedWhy(event: Happening | undefined, context: ClaimContext): string {
	if (!event) return 'what this clause tells follows from nothing the clause before tells'
	const name = context.name
	const causes = causesOf(event, context)
	const at = `at ${formatDuration(event.at)}`
	switch (event.kind) {
		case 'granted': {
			const freed = causes.find(c => c.kind === 'released' || c.kind === 'expired' || c.kind === 'gone' || c.kind === 'ended')
			return freed && 'worker' in freed ? `${name(event.worker)} got the key ${at} in the place ${name(freed.worker)}'s lease left (${ENDS[freed.kind as 'released' | 'expired' | 'gone' | 'ended']} ${formatDuration(freed.at)})` : `${name(event.worker)} got the key ${at}, when it had room`
		}
		case 'asked':
		case 'refused':
		case 'gave-up': {
			const holders = causes.flatMap(c => (c.kind === 'granted' ? [name(c.worker)] : []))
			return `${name(event.worker)}'s ${event.kind === 'asked' ? 'hold waited' : event.kind === 'refused' ? 'try was refused' : 'hold gave up'} ${at} because the key was held${holders.length === 0 ? '' : ` by ${holders.join(' and ')}`}`
		}
		case 'expired': {
			const stopped = causes.find(c => c.kind === 'paused' || c.kind === 'crashed')
			return `${name(event.worker)}'s lease ran out ${at}${stopped ? ` while its process was ${stopped.kind === 'crashed' ? 'crashed' : 'paused'}` : ', with nothing renewing it'}`
		}
		case 'gone': {
			const open = causes.find(c => c.kind === 'restarted' || c.kind === 'restored')
			return `${name(event.worker)}'s lease went with ${name(event.store)}'s ${open?.kind === 'restored' ? 'restore' : 'restart'} ${at}`
		}
		case 'wrote':
			return event.fenced && !event.noFence ? `${name(event.database)} compared ${name(event.worker)}'s fence ${showFence(event.fence)} with the row's ${showFence(event.before)}${event.writerBefore === undefined ? '' : ` (${name(event.writerBefore)}'s)`}, and ${event.changed ? 'took' : 'refused'} the write` : event.changed ? `${name(event.database)} took ${name(event.worker)}'s write without comparing fences` : event.fenced ? `${name(event.database)} refused ${name(event.worker)}'s write without comparing fences` : `${name(event.database)} carried out ${name(event.worker)}'s write, which changed no row, without comparing fences`
		case 'restarted':
		case 'restored':
			return `${name(event.store)} opened ${at} with epoch ${event.epoch}, ${event.from === 'clock' ? 'the clock in milliseconds' : `the epoch before it plus one (the clock, ${event.at} ms, was behind)`}`
		case 'released':
			return `${name(event.worker)} let go ${at}`
		default:
			return `it happened ${at}, and nothing the clause before tells led to it`
	}
}

const ENDS = { released: 'let go at', expired: 'ran out at', gone: 'gone with its store at', ended: 'ended by an operator at' } as const
