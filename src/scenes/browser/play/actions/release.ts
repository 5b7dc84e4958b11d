/** A worker is done and lets go of the key; the next in line, if any, holds it at once. */
import { holdsLive, labelled } from '../act.ts'
import type { PlayAction } from '../act.ts'

export const release: PlayAction = {
	id: 'release',
	kind: 'worker',
	title: 'Release',
	available: ({ actor, lock }) => lock !== undefined && holdsLive(actor) && !labelled(actor, 'crashed'),
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
