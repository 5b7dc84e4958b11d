/**
 * A text's claims held against the engine's values: every number tied to a value of its role
 * (or, written bare, to any value here), every relation true, every outcome word the engine's.
 */
import type { TextMark } from '../../frame.ts'
import { countOf, epochOf, showFence, showTime, writtenFenceValue } from '../notation.ts'
import type { NumberClaim, ReadText, Relation, Role, TimeCue } from './read-text.ts'

/** A value the engine computed that a text may state, with the role it has and how it is shown. */
export interface Fact {
	role: Role
	value: bigint
	/** For a time: which time it is. */
	cue?: TimeCue
}

/** Reports a problem at an offset of the text's value. */
export type ReportAt = (offset: number, message: string) => void

const ROLE_NAMES: Readonly<Record<Role, string>> = {
	fence: 'fence',
	count: 'count',
	epoch: 'epoch',
	holders: 'holders',
	limit: 'limit',
	waiting: 'waiting',
	workers: 'workers',
	time: 'time',
	position: 'place in line',
	key: 'key',
}

const CUE_NAMES: Readonly<Record<TimeCue, string>> = { now: 'the clock', elapsed: 'time since an earlier step', ttl: 'the TTL', wait: 'a wait' }

/** A fact as a text would write it: `fence 8`, `epoch 5000`, `2 holders`, `t = 30 s`. */
export function showFact(fact: Fact): string {
	switch (fact.role) {
		case 'fence':
			return `fence ${showFence(fact.value)}`
		case 'count':
			return `count ${fact.value}`
		case 'epoch':
			return `epoch ${fact.value}`
		case 'holders':
			return `${fact.value} ${fact.value === 1n ? 'holder' : 'holders'}`
		case 'limit':
			return `limit ${fact.value}`
		case 'waiting':
			return `${fact.value} waiting`
		case 'workers':
			return `${fact.value} workers`
		case 'position':
			return `place ${fact.value} in line`
		case 'key':
			return `key ${fact.value}`
		case 'time': {
			const time = showTime(Number(fact.value))
			if (fact.cue === 'now') return `t = ${time}`
			if (fact.cue === 'elapsed') return `${time} later`
			if (fact.cue === 'ttl') return `a ${time} lease`
			return `wait ${time}`
		}
	}
}

/** The facts a text may state, listed for an error message, at most a handful. */
export function listFacts(facts: readonly Fact[]): string {
	const shown = [...new Set(facts.map(showFact))]
	if (shown.length === 0) return 'the engine computed no value here'
	const head = shown.slice(0, 8).join(', ')
	return `the engine's values here: ${head}${shown.length > 8 ? ', ...' : ''}`
}

function claimValueFor(claim: NumberClaim, role: Role): bigint {
	if (role === 'fence' && /^\d+(?::\d+)?$/.test(claim.written)) return writtenFenceValue(claim.written)
	return claim.value
}

function matches(claim: NumberClaim, fact: Fact): boolean {
	switch (fact.role) {
		case 'fence':
			return claimValueFor(claim, 'fence') === fact.value
		case 'count':
			return !claim.fenceNotation && claim.value === countOf(fact.value)
		default:
			return !claim.fenceNotation && claim.value === fact.value
	}
}

/** The facts a number of a role may be tied to; `count` and `epoch` may also be read off a fence. */
function candidates(claim: NumberClaim, facts: readonly Fact[]): Fact[] {
	const role = claim.role
	if (role === undefined) return facts.filter(f => f.role !== 'time' && (!claim.fenceNotation || f.role === 'fence'))
	if (role === 'count') return [...facts.filter(f => f.role === 'fence').map((f): Fact => ({ role: 'count', value: countOf(f.value) })), ...facts.filter(f => f.role === 'count')]
	if (role === 'epoch') return [...facts.filter(f => f.role === 'epoch'), ...facts.filter(f => f.role === 'fence').map((f): Fact => ({ role: 'epoch', value: epochOf(f.value) }))]
	if (role === 'time') {
		const times = facts.filter(f => f.role === 'time')
		if (claim.cue === undefined) return times
		// "5 s later" may also be a wait the step ran; "at 30 s" only the clock.
		return times.filter(f => f.cue === claim.cue || (claim.cue === 'elapsed' && f.cue === 'wait'))
	}
	return facts.filter(f => f.role === role)
}

function describeClaim(claim: NumberClaim): string {
	switch (claim.role) {
		case 'fence':
			return `fence ${claim.written}`
		case 'count':
			return `count ${claim.written}`
		case 'epoch':
			return `epoch ${claim.written}`
		case 'holders':
			return `${claim.written} holders`
		case 'limit':
			return `a limit of ${claim.written}`
		case 'waiting':
			return `${claim.written} waiting`
		case 'workers':
			return `${claim.written} workers`
		case 'position':
			return `${claim.written} in line`
		default:
			return claim.written
	}
}

function describeFact(fact: Fact): string {
	if (fact.role === 'fence') return showFence(fact.value)
	if (fact.role === 'count') return countOf(fact.value).toString()
	if (fact.role === 'time') return showTime(Number(fact.value))
	return fact.value.toString()
}

/** Ties one number to the facts, reporting it where it cannot be tied. True when tied. */
function tie(claim: NumberClaim, facts: readonly Fact[], report: ReportAt): boolean {
	const pool = candidates(claim, facts)
	if (pool.some(fact => matches(claim, fact))) return true
	if (claim.role === undefined) {
		report(
			claim.offset,
			`${claim.written} is not a value the engine computed here (${listFacts(facts.filter(f => f.role !== 'time'))}); say what it is, like "${showFact(facts.find(f => f.role !== 'time') ?? { role: 'fence', value: 1n })}", or mark a number that is not the engine's as prose: \`${claim.written}\``,
		)
		return false
	}
	if (pool.length === 0) {
		const what = claim.role === 'time' && claim.cue ? CUE_NAMES[claim.cue] : `a ${ROLE_NAMES[claim.role]}`
		report(claim.offset, `expected ${describeClaim(claim)}, but there is no ${what.replace(/^a /, '')} here (${listFacts(facts)})`)
		return false
	}
	const shown = [...new Set(pool.map(describeFact))]
	if (shown.length === 1) report(claim.offset, `expected ${describeClaim(claim)}, the engine gave ${shown[0]}`)
	else report(claim.offset, `expected ${describeClaim(claim)}; the engine's are ${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`)
	return false
}

function holds(relation: Relation, a: bigint, b: bigint): boolean {
	switch (relation) {
		case '<':
			return a < b
		case '>':
			return a > b
		case '<=':
			return a <= b
		case '>=':
			return a >= b
		case '=':
			return a === b
	}
}

/**
 * Checks every number and relation of a text against the facts; returns the marks the view shows
 * (tied values and prose numbers), in offsets of the text as shown.
 */
export function checkNumbers(read: ReadText, facts: readonly Fact[], report: ReportAt): TextMark[] {
	for (const problem of read.problems) report(problem.offset, problem.message)
	const marks: { offset: number; length: number; kind: 'value' | 'prose' }[] = []
	for (const claim of read.numbers) {
		if (tie(claim, facts, report)) marks.push({ offset: claim.offset, length: claim.length, kind: 'value' })
	}
	for (const relation of read.relations) {
		const role: Role = relation.left.fenceNotation || relation.right.fenceNotation ? 'fence' : (relation.left.role ?? relation.right.role ?? 'fence')
		const a = claimValueFor(relation.left, role)
		const b = claimValueFor(relation.right, role)
		if (!holds(relation.relation, a, b)) report(relation.offset, `"${relation.written}" is false: ${relation.left.written} is ${a < b ? 'less than' : a > b ? 'greater than' : 'equal to'} ${relation.right.written}`)
	}
	for (const span of read.prose) marks.push({ offset: span.offset, length: span.length, kind: 'prose' })
	return marks.sort((x, y) => x.offset - y.offset).map(mark => shownMark(read, mark))
}

/** A mark's span in the shown text, where prose numbers' backticks are taken out. */
function shownMark(read: ReadText, mark: { offset: number; length: number; kind: 'value' | 'prose' }): TextMark {
	const ticksBefore = read.prose.filter(span => span.offset < mark.offset).length * 2
	if (mark.kind === 'prose') return { start: mark.offset - ticksBefore, end: mark.offset - ticksBefore + mark.length - 2, kind: 'prose' }
	return { start: mark.offset - ticksBefore, end: mark.offset - ticksBefore + mark.length, kind: 'value' }
}
