/**
 * An operator ends a worker's lease from outside it (the scene's `end`): the lease is lost, and the
 * next in line, if any, holds the key at once with a larger fence. The worker's code is not stopped.
 */
import { actorIn, firstReason, holdsLive, labelled } from '../act.ts'
import type { PlayAction } from '../act.ts'

export const end: PlayAction = {
	id: 'end',
	kind: 'worker',
	title: 'End lease',
	// An operator ends a live lease whatever its holder's process is doing: working, paused or crashed.
	unavailable: ({ actor, lock, name }) => firstReason(
		[lock === undefined, () => `${name(actor.id)} has no lock whose lease an operator could end`],
		[actor.lease === undefined, () => `${name(actor.id)} holds no lease`],
		[!holdsLive(actor), () => `${name(actor.id)}'s lease has ended already`],
	),
	statements: ({ actor }) => [`end ${actor.id}`],
	word(context, after) {
		const { actor, before, name } = context
		const outcome = after.messages[0]?.outcome
		if (outcome?.kind !== 'ended') throw new Error(`the operator's end was ${outcome?.kind ?? 'missing'}`)
		const next = outcome.next ? ` The key goes to ${name(outcome.next)}, first in line.` : ' The key is free.'
		// The one in line holds the key now: a "waiting" label the guide gave it no longer holds.
		const waited = outcome.next !== undefined && labelled(actorIn(before, outcome.next), 'waiting') ? [`strike ${outcome.next} "waiting"`] : []
		return { statements: [...end.statements(context), ...waited], caption: `An operator ends ${name(actor.id)}'s lease.${next}` }
	},
}
