/** A worker pauses (a long garbage collection): nothing renews its lease while it does. */
import { crashed, firstReason, holdsLive, paused } from '../act.ts'
import type { PlayAction } from '../act.ts'

export const pause: PlayAction = {
	id: 'pause',
	kind: 'worker',
	title: 'Pause',
	unavailable: ({ actor, name }) => firstReason(
		[crashed(actor), () => `${name(actor.id)} has crashed: it does nothing more`],
		[paused(actor), () => `${name(actor.id)} is paused already`],
	),
	statements: ({ actor }) => [`set ${actor.id} "paused"`],
	// A worker without a lease pauses too (it may hold later, once awake); its caption then claims nothing of a lease.
	word: context => ({
		statements: pause.statements(context),
		caption: holdsLive(context.actor)
			? `${context.name(context.actor.id)} pauses, and nothing renews its lease: a long garbage collection.`
			: `${context.name(context.actor.id)} pauses.`,
	}),
}
