/** A worker pauses (a long garbage collection): nothing renews its lease while it does. */
import { labelled } from '../act.ts'
import type { PlayAction } from '../act.ts'

export const pause: PlayAction = {
	id: 'pause',
	kind: 'worker',
	title: 'Pause',
	available: ({ actor }) => !labelled(actor, 'paused') && !labelled(actor, 'crashed'),
	statements: ({ actor }) => [`set ${actor.id} "paused"`],
	word: context => ({
		statements: pause.statements(context),
		caption: `${context.name(context.actor.id)} pauses, and nothing renews its lease: a long garbage collection.`,
	}),
}
