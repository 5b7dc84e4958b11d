/**
 * Claims about what an operator does from outside the workers: ending a worker's lease (`end a` in a
 * step), told in a story, and the lost event the lock sends the worker for it, the arrow `end a` draws.
 */
import type { ClaimContext, ClaimForm, Slot, Verdict } from '../form.ts'
import type { Happening } from '../../frame.ts'
import { actorOf, fails, happened, holds, latestLeaseIs, saw, time } from '../query.ts'

const STORY = ['caption', 'note'] as const
const LOCK_ANSWER = ['lock-answer'] as const

/** The lock told the message's worker that an operator ended its lease: the end is among the message's happenings. */
function toldEnded(context: ClaimContext): Verdict {
	const worker = context.message?.to ?? ''
	const end = (context.message?.happenings ?? []).find(h => h.kind === 'ended' && h.worker === worker)
	if (end) return holds([saw(context.step, end)], end.at)
	return fails(`the label says so, but no operator ended ${context.name(worker)}'s lease here`)
}

/** The last time an operator ended the worker's lease, up to this step's end. */
function lastEnded(context: ClaimContext, worker: string): Happening | undefined {
	for (let s = context.step.index; s >= 0; s--) {
		const list = s === context.step.index ? context.step.happenings : (context.run.steps[s]?.happenings ?? [])
		for (let i = list.length - 1; i >= 0; i--) {
			const h = list[i] as Happening
			if (h.kind === 'ended' && h.worker === worker) return h
		}
	}
	return undefined
}

/** An operator ended the lease of slot 0's worker in this step. */
function operatorEnded(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const end = happened(context.step, 'ended', h => h.worker === worker)[0]
	if (end) return holds([saw(context.step, end)], end.at)
	const other = context.step.happenings.find(h => (h.kind === 'expired' || h.kind === 'gone' || h.kind === 'released') && h.worker === worker)
	if (other) {
		const said = other.kind === 'expired' ? 'ran out' : other.kind === 'gone' ? 'went with its store (a restart or a restore)' : 'was released'
		return fails(`no operator ended ${context.name(worker)}'s lease: it ${said} at ${time(other.at)}`, 0)
	}
	const ended = happened(context.step, 'ended')
	if (ended.length > 0) return fails(`an operator ended ${ended.map(h => `${context.name(h.worker)}'s`).join(' and ')} lease in this step, not ${context.name(worker)}'s`, 0)
	return fails(`no operator ended ${context.name(worker)}'s lease in this step`, 0)
}

export const OPERATOR_FORMS: readonly ClaimForm[] = [
	{
		id: 'operator-ends',
		places: STORY,
		tells: 'event',
		formula: 'ended(w) ∈ step',
		pattern: 'an/the operator ends {lease}',
		alternatives: ['{lease} is ended by an/the operator', 'an/the operator ends {lease} by hand', 'an/the operator ends {lease} manually', 'an/the operator ends {lease} by mistake/accident'],
		example: "An operator ends A's lease",
		meaning: "An operator ended the worker's lease in this step (`end a`): the lease is lost, and its key goes on to the next in line. \"By hand\" and \"by mistake\" are asides that claim nothing more.",
		check: (slots, context) => operatorEnded(slots, context),
	},
	{
		id: 'was-ended',
		places: STORY,
		tells: 'state',
		formula: "lease(w, t) was ended by an operator",
		pattern: '{lease} was ended by an/the operator',
		alternatives: ['{lease} has been ended by an/the operator', 'an/the operator ended {lease}', 'an/the operator has ended {lease}'],
		example: "A's lease was ended by an operator",
		meaning: "The worker's latest lease, when the step ends, is one an operator ended: in this step or an earlier one.",
		past: true,
		check(slots, context) {
			const latest = latestLeaseIs(slots, context, state => state === 'ended', (state, lease) => `'s lease ${state === 'live' ? `is live until ${time(lease.expiresAt)}` : state === 'expired' ? 'ran out' : state === 'gone' ? 'went with its store' : 'was released'}: no operator ended it`)
			// It holds from the end, the happening it tells.
			const end = latest.ok ? lastEnded(context, actorOf(slots[0])) : undefined
			return latest.ok && end !== undefined ? { ...latest, at: end.at } : latest
		},
	},
	{
		id: 'answer-ended',
		places: LOCK_ANSWER,
		tells: 'event',
		formula: 'ended(to) ∈ m',
		pattern: 'lost: ended by an/the operator',
		alternatives: ['lost: an/the operator ended it', 'ended by an/the operator'],
		example: 'lost: ended by an operator',
		meaning: "The lock told the worker its lease is lost: an operator ended it (the arrow `end a` draws).",
		check: (_slots, context) => toldEnded(context),
	},
]
