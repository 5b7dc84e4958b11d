/** A worker is done and lets go of the key; the next in line, if any, holds it at once. */
import { crashed, firstReason, holdsLive } from '../act.ts'
import type { PlayAction } from '../act.ts'

export const release: PlayAction = {
	id: 'release',
	kind: 'worker',
	title: 'Release',
	unavailable: ({ actor, lock, name }) => firstReason(
		[lock === undefined, () => `${name(actor.id)} has no lock to let go of`],
		[crashed(actor), () => `${name(actor.id)} has crashed: it does nothing more`],
		[actor.lease === undefined, () => `${name(actor.id)} holds no lease`],
		[!holdsLive(actor), () => `${name(actor.id)}'s lease has ended already`],
	),
	statements: ({ actor, lock }) => [`send ${actor.id} -> ${lock} "release"`, `send ${lock} -> ${actor.id} "answer"`],
	word({ actor, lock, name }, after) {
		const outcome = after.messages[1]?.outcome
		if (outcome?.kind !== 'released') throw new Error(`the lock's answer to the release was ${outcome?.kind ?? 'missing'}`)
		const next = outcome.next ? ` The key goes to ${name(outcome.next)}, first in line.` : ' The key is free.'
		return {
			statements: [`send ${actor.id} -> ${lock} "release"`, `send ${lock} -> ${actor.id} "released"`],
			caption: `${name(actor.id)} releases the key.${next}`,
		}
	},
}
