/** A copy of the store's kv.db is taken, for a later restore. */
import { actorIn } from '../act.ts'
import type { PlayAction } from '../act.ts'

export const backup: PlayAction = {
	id: 'backup',
	kind: 'store',
	title: 'Back up',
	available: () => true,
	statements: ({ actor }) => [`backup ${actor.id}`],
	word: ({ actor, name }, after) => ({
		statements: [`backup ${actor.id}`],
		caption: `A copy of ${name(actor.id)}'s kv.db is taken, with epoch ${actorIn(after, actor.id)?.epoch ?? ''} in it.`,
	}),
}
