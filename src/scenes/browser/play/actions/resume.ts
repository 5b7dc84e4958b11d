/**
 * A paused worker wakes, as the scene language wakes one (its pause label struck), and asks to renew
 * its lease if it has one; the lock answers renewed or lost.
 */
import { paused, quoted, strikeState, timeText } from '../act.ts'
import type { ActContext, PlayAction } from '../act.ts'

/** The words of a worker's label that tell a pause (the label forms `paused` and `stalled`). */
const PAUSE_CLAUSE = /^(?:still )?(?:paused|stalled)$/i

/** The statement that wakes the worker, as a scene does: its pause label struck, or set to the rest of it (`strikeState`). */
export function wakeStatement({ actor }: Pick<ActContext, 'actor'>): string {
	return strikeState(actor, PAUSE_CLAUSE, 'paused')
}

export const resume: PlayAction = {
	id: 'resume',
	kind: 'worker',
	title: 'Resume',
	unavailable: ({ actor, name }) => (paused(actor) ? undefined : `${name(actor.id)} is not paused`),
	statements: context => [
		wakeStatement(context),
		...(context.actor.lease && context.lock ? [`send ${context.actor.id} -> ${context.lock} "renew"`, `send ${context.lock} -> ${context.actor.id} "answer"`] : []),
	],
	word(context, after) {
		const { actor, lock, name } = context
		const who = name(actor.id)
		const outcome = after.messages[1]?.outcome
		if (!actor.lease || !lock || !outcome) return { statements: resume.statements(context), caption: `${who} wakes.` }
		const strike = wakeStatement(context)
		const renew = `send ${actor.id} -> ${lock} "renew"`
		if (outcome.kind === 'renewed') {
			return {
				statements: [strike, renew, `send ${lock} -> ${actor.id} "renewed"`],
				caption: `${who} wakes and renews its lease. Its lease now ends at ${timeText(outcome.expiresAt)}.`,
			}
		}
		if (outcome.kind === 'renew-failed') {
			const answer = outcome.reason === 'released' ? 'released' : 'lost'
			return {
				statements: [strike, renew, `send ${lock} -> ${actor.id} ${quoted(answer)}`],
				caption: outcome.reason === 'released' ? `${who} wakes and asks to renew its lease.` : `${who} wakes and asks to renew its lease, but its lease is lost.`,
			}
		}
		throw new Error(`the lock's answer to the renewal was ${outcome.kind}`)
	},
}
