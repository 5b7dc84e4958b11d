/**
 * A worker renews its lease by hand, as its client does every third of the TTL: the engine moves
 * the lease's end on, or answers that the lease is lost (it ran out, or went with a restart).
 */
import { timeText } from '../act.ts'
import type { PlayAction } from '../act.ts'
import { crashed, firstReason, paused } from '../act.ts'

export const renew: PlayAction = {
	id: 'renew',
	kind: 'worker',
	title: 'Renew',
	// A lease that ran out is offered too: its renewal is refused, which is a lesson of its own.
	unavailable: ({ actor, lock, name }) => firstReason(
		[lock === undefined, () => `${name(actor.id)} has no lock to ask`],
		[crashed(actor), () => `${name(actor.id)} has crashed: it does nothing more`],
		[actor.lease === undefined, () => `${name(actor.id)} holds no lease to renew`],
		[paused(actor), () => `${name(actor.id)} is paused, and a paused process renews nothing: Resume wakes it and renews`],
	),
	statements: ({ actor, lock }) => [`send ${actor.id} -> ${lock} "renew"`, `send ${lock} -> ${actor.id} "answer"`],
	word({ actor, lock, name }, after) {
		const outcome = after.messages[1]?.outcome
		const who = name(actor.id)
		if (outcome?.kind === 'renewed') {
			return {
				statements: [`send ${actor.id} -> ${lock} "renew"`, `send ${lock} -> ${actor.id} "renewed"`],
				caption: `At ${timeText(after.time)} ${who} renews: its lease now ends at ${timeText(outcome.expiresAt)}.`,
			}
		}
		if (outcome?.kind === 'renew-failed') {
			return {
				statements: [`send ${actor.id} -> ${lock} "renew"`, `send ${lock} -> ${actor.id} "lost" color=bad`],
				caption: `${who} asks to renew its lease. ${who}'s lease is lost.`,
			}
		}
		throw new Error(`the lock's answer to the renewal was ${outcome?.kind ?? 'missing'}`)
	},
}
