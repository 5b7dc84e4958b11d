/**
 * "X, so Y" says X is why Y happened. Each clause is checked on its own; this module checks the
 * "why", the one rule that owns it: a consequence may follow "so" only from a cause the engine's
 * facts tie to it. A database's answer follows from the fence that decided it (the row's fence when
 * the write came, or the writer's fence against it), a wait or refusal of the key from its holders,
 * a hand-over from a lease's end, an epoch from the clock or a reopening. Any other "so" is refused:
 * two true clauses joined by a false "so" are a false story.
 */
import { actorOf } from './query.ts'
import type { Evidence, Happening } from '../frame.ts'
import type { ClaimContext } from './form.ts'
import type { ReadClause } from './read.ts'
import { showFence } from './fence-notation.ts'

/** A clause as told: how it read, and what it was checked against. */
export interface Told {
	clause: ReadClause
	claim: { evidence: readonly Evidence[] }
}

type Wrote = Extract<Happening, { kind: 'wrote' }>

/** One family of consequences, the causes each may follow, and how a cause is tied to its consequence (a problem, or undefined when it is). */
interface CauseRule {
	what: string
	consequences: readonly string[]
	causes: readonly string[]
	link?: (cause: Told, effect: Told, context: ClaimContext) => string | undefined
}

const SAVES = ['saves', 'saves-what-it-computed', 'writes-its-fence', 'saves-again', 'saves-too', 'saves-with-fence', 'saves-first', 'saves-before']
const ROW_STATES = ['keeps-largest-fence', 'row-keeps-fence', 'database-keeps-fence']
const LEASE_ENDS = ['lets-go', 'lets-go-of', 'lets-go-too', 'releases', 'function-returns', 'runs-out', 'is-lost', 'is-gone', 'reads-as-lost', 'ends-at', 'now-ends-at', 'gives-up', 'gives-up-after']
const REOPENS = ['restarts', 'restarts-twice', 'restarts-times', 'crashes-and-opens-again', 'opens-again', 'restored', 'restored-at-epoch', 'restored-plus-one']
const HOLDERS = ['key-held', 'key-held-by', 'key-held-by-workers', 'key-full', 'holds', 'holds-with-fence', 'holds-with-fence-and-ttl', 'holds-with-ttl', 'still-holds', 'count-already-hold', 'count-hold', 'count-workers-hold', 'all-count-hold', 'workers-hold', 'only-holder', 'limit-is', 'nth-holder']

export const CAUSE_RULES: readonly CauseRule[] = [
	{
		what: "a database's answer to a write",
		consequences: ['refuses-write', 'refuses-worker', 'refuses-the-write', 'accepts-write', 'takes-write', 'takes-late-write', 'takes-the-write', 'takes-write-over', 'summary-replaces', 'write-is-refused', 'write-changes-no-row', 'write-is-saved'],
		causes: [...ROW_STATES, 'row-fence-smaller-than', 'row-fence-not-smaller-than', 'fence-smaller-than-row', 'fence-larger-than-row', 'fence-smaller-than', 'fence-larger-than', 'checks-no-fence'],
		link: decidedBy,
	},
	{
		what: "the fence a row keeps",
		consequences: ROW_STATES,
		causes: SAVES,
		link(cause, effect, context) {
			const write = wroteOf(cause.claim.evidence, context)
			const row = effect.claim.evidence.find((e): e is Extract<Evidence, { kind: 'row' }> => e.kind === 'row')
			if (!write || !row) return undefined
			return write.worker === row.writer ? undefined : `the row keeps ${row.writer === undefined ? 'no worker' : row.writer}'s write, not the one the clause before tells`
		},
	},
	{
		what: 'a wait for the key, or a hold that does not run',
		consequences: ['function-does-not-run', 'is-refused', 'waits', 'waits-up-to', 'workers-wait', 'workers-wait-first', 'count-wait', 'count-workers-wait', 'count-wait-first', 'gives-up', 'gives-up-after', 'does-not-get', 'place-in-line'],
		causes: [...HOLDERS, 'gives-up', 'gives-up-after', 'is-refused', 'does-not-get'],
	},
	{
		what: "who holds the key",
		consequences: ['key-held', 'key-held-by', 'key-held-by-workers', 'key-full', 'key-free', 'line-empty'],
		causes: [...HOLDERS, ...LEASE_ENDS, ...REOPENS, 'gets', 'gets-with-fence', 'goes-to', 'goes-to-with-fence', 'goes-to-place', 'goes-to-place-with-fence'],
	},
	{
		what: 'a worker letting go',
		consequences: ['lets-go', 'lets-go-of', 'releases'],
		causes: ['function-returns'],
		link: (cause, effect) => (cause.clause.subject === effect.clause.subject ? undefined : 'one worker\'s function returning lets only that worker go'),
	},
	{
		what: 'the key going to a worker',
		consequences: ['goes-to', 'goes-to-place', 'goes-to-with-fence', 'goes-to-place-with-fence', 'gets', 'gets-with-fence', 'gets-fence', 'holds', 'holds-with-fence', 'holds-again-with-fence', 'store-gives-fence', 'count-workers-hold', 'count-hold', 'all-count-hold'],
		causes: [...LEASE_ENDS, ...REOPENS, 'workers-hold', 'line-empty', 'key-free'],
		link: handedOverBy,
	},
	{
		what: "a lock's epoch",
		consequences: ['each-open-plus-one', 'open-plus-one', 'epoch-is', 'epoch-of-store-is', 'epoch-is-larger', 'writes-epoch', 'writes-epoch-time', 'count-starts-again'],
		causes: ['clock-still-reads', 'clock-reads', 'clock-past-epoch', ...REOPENS],
	},
	{
		what: 'a lease ending',
		consequences: ['is-gone', 'is-lost', 'reads-as-lost', 'runs-out', 'ends-at'],
		causes: [...REOPENS, 'pauses', 'process-pauses', 'stalls', 'is-paused', 'is-still-paused', 'crashes', 'nothing-renews', 'renews-no-more', 'time-passes', 'clock-moves-on'],
	},
]

/** Why "cause, so effect" cannot be read, or undefined when the facts tie them. */
export function causeProblem(cause: Told, effect: Told, context: ClaimContext): string | undefined {
	const effectForm = effect.clause.form.id
	const rules = CAUSE_RULES.filter(rule => rule.consequences.includes(effectForm))
	if (rules.length === 0) {
		return `"so" says the clause before is why this happened, and the checker reads why only for ${CAUSE_RULES.map(rule => rule.what).join(', ')}; join the clauses with "and", or tell each in its own sentence`
	}
	const fitting = rules.filter(rule => rule.causes.includes(cause.clause.form.id))
	if (fitting.length === 0) {
		return `"so" says the clause before is why this happened, and it tells nothing that decides ${rules[0]?.what}; tell what did, or join the clauses with "and"`
	}
	const problems = fitting.map(rule => rule.link?.(cause, effect, context))
	if (problems.some(problem => problem === undefined)) return undefined
	return `"so" says the clause before is why this happened, but ${problems[0]}`
}

/** The write of this step a claim was checked against. */
function wroteOf(evidence: readonly Evidence[], context: ClaimContext): Wrote | undefined {
	const order = orderOf(evidence, ['wrote'], context)
	const h = order === undefined ? undefined : context.step.happenings[order]
	return h?.kind === 'wrote' ? h : undefined
}

/** A database's answer follows from the fence that decided it: the row's when the write came, or the writer's against it. */
function decidedBy(cause: Told, effect: Told, context: ClaimContext): string | undefined {
	const write = wroteOf(effect.claim.evidence, context)
	if (!write) return 'the checker cannot tell which write this answer is to'
	const form = cause.clause.form.id
	if (form === 'checks-no-fence') return actorOf(cause.clause.slots[0]) === write.database && !write.fenced ? undefined : `${context.name(write.database)} checked the fence of ${context.name(write.worker)}'s write`
	// Every other cause is a fence: it decides only a write its fence decided (the statement run with another fence goes the other way).
	if (!write.fenced) return `${context.name(write.worker)}'s write went as it did whatever its fence: its statement compares no fence with the row's`
	if (ROW_STATES.includes(form)) {
		const row = cause.claim.evidence.find((e): e is Extract<Evidence, { kind: 'row' }> => e.kind === 'row')
		return row?.fence === showFence(write.before) ? undefined : `the row's fence was ${showFence(write.before)} when ${context.name(write.worker)}'s write came, not ${row?.fence ?? 'the one told'}`
	}
	if (form === 'fence-smaller-than' || form === 'fence-larger-than') {
		const [writer, other] = [actorOf(cause.clause.slots[0]), actorOf(cause.clause.slots[1])]
		if (writer !== write.worker) return `the answer is to ${context.name(write.worker)}'s write, not ${context.name(writer)}'s`
		if (other !== write.writerBefore) return `the row kept ${write.writerBefore === undefined ? 'no worker' : `${context.name(write.writerBefore)}`}'s fence when ${context.name(write.worker)}'s write came, not ${context.name(other)}'s`
		return undefined
	}
	// The row's fence against a write's: the write the clause before was checked against must be this one.
	const told = wroteOf(cause.claim.evidence, context)
	return told === write ? undefined : `the clause before tells of another write than the one this answer is to`
}

/** The lease a step's happening ended or gave, by its place among the step's happenings. */
function orderOf(evidence: readonly Evidence[], kinds: readonly string[], context: ClaimContext): number | undefined {
	for (const e of evidence) if (e.kind === 'happened' && e.step === context.step.index && e.order !== undefined && kinds.includes(e.what.kind)) return e.order
	return undefined
}

/** A lease's end hands the key over only to the grant that came next: another lease ending in between gave it. */
function handedOverBy(cause: Told, effect: Told, context: ClaimContext): string | undefined {
	const ended = orderOf(cause.claim.evidence, ['expired', 'released', 'gone'], context)
	const granted = orderOf(effect.claim.evidence, ['granted'], context)
	if (ended === undefined || granted === undefined) return undefined
	if (granted < ended) return 'the key was given before that lease ended'
	const between = context.step.happenings.slice(ended + 1, granted).find(h => h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'granted')
	if (between) return between.kind === 'granted' ? `the key went to ${context.name(between.worker)} in between, and came to this holder only after that` : `${context.name(between.worker)}'s lease ended in between, and that handed the key over`
	return undefined
}
