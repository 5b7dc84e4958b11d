/**
 * Holding a read text against the facts: each clause's form runs its check, each modifier its time,
 * and the text's problems are what did not read or did not hold, at their places. What held is kept
 * as checked claims, each with the facts it was checked against, for a reader to open.
 */
import { formatDuration } from '../../../engine/index.ts'
import type { ClaimContext, Evidence, SlotType } from './form.ts'
import type { ReadClause, ReadProblem, ReadResult } from './read.ts'

/** A claim that held: its clause's span, its form, the spans of the engine's values in it, and what it was checked against. */
export interface CheckedClaim {
	form: string
	start: number
	end: number
	/** When what it tells happened, if it tells of a moment. */
	at?: number
	/** Spans of the slots that hold the engine's values (fences, epochs, counts, times). */
	values: { start: number; end: number }[]
	evidence: Evidence[]
}

export interface CheckResult {
	claims: CheckedClaim[]
	problems: ReadProblem[]
}

const VALUE_SLOTS: readonly SlotType[] = ['fence', 'epoch', 'count', 'ordinal', 'duration', 'time', 'refusal']

/** Checks every clause of a read text in a context; reading's own problems come first. */
export function checkText(read: ReadResult, context: ClaimContext): CheckResult {
	const result: CheckResult = { claims: [], problems: [...read.problems] }
	let before: { at: number; order: number } | undefined
	for (const clause of read.clauses) {
		const outcome = checkClause(clause, context)
		if ('message' in outcome) {
			result.problems.push(outcome)
			before = undefined
			continue
		}
		// "then" claims an order: what this clause tells came after what the one before it told (at a later
		// time, or at the same time later in the step; a state that holds at the step's end comes last).
		const now = outcome.at === undefined ? undefined : { at: outcome.at, order: orderOf(outcome) }
		if (clause.then && before !== undefined && now !== undefined && (now.at < before.at || (now.at === before.at && now.order < before.order))) {
			result.problems.push({ start: clause.start, end: clause.end, message: `"then" says this came after what the clause before tells, but it came before it${now.at < before.at ? `: at ${formatDuration(now.at)}, not after ${formatDuration(before.at)}` : `, both at ${formatDuration(now.at)}`}` })
		} else result.claims.push(outcome)
		before = now ?? before
	}
	return result
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
function orderOf(claim: CheckedClaim): number {
	const first = claim.evidence.find(e => e.kind === 'happened' && e.order !== undefined)
	return first?.kind === 'happened' && first.order !== undefined ? first.order : Number.POSITIVE_INFINITY
}

function checkClause(clause: ReadClause, context: ClaimContext): CheckedClaim | ReadProblem {
	const verdict = clause.form.check(clause.slots, context)
	if (!verdict.ok) {
		const slot = verdict.slot === undefined ? undefined : clause.slots[verdict.slot]
		return { start: slot?.start ?? clause.start, end: slot?.end ?? clause.end, message: verdict.message }
	}
	for (const { kind, slot } of clause.modifiers) {
		const wanted = slot.value.type === 'number' ? slot.value.value : Number.NaN
		if (verdict.at === undefined) return { start: slot.start, end: slot.end, message: `"${clause.form.pattern}" tells of no moment, so it cannot say when; drop "${slot.text}"` }
		if (kind === 'at' && verdict.at !== wanted) return { start: slot.start, end: slot.end, message: `expected ${formatDuration(wanted)}, but it happened at ${formatDuration(verdict.at)}` }
		if (kind === 'later') {
			const before = context.run.steps[context.step.index - 1]?.end.time ?? 0
			if (verdict.at - before !== wanted) return { start: slot.start, end: slot.end, message: `expected ${formatDuration(wanted)} after the step before, but it happened ${formatDuration(verdict.at - before)} after it (at ${formatDuration(verdict.at)})` }
		}
	}
	const values = [...clause.slots, ...clause.modifiers.map(m => m.slot)].filter(slot => VALUE_SLOTS.includes(slot.type)).map(slot => ({ start: slot.start, end: slot.end }))
	const claim: CheckedClaim = { form: clause.form.id, start: clause.start, end: clause.end, values, evidence: verdict.evidence }
	if (verdict.at !== undefined) claim.at = verdict.at
	return claim
}
