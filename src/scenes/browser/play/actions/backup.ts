/** A copy of the store's kv.db is taken, for a later restore. */
import { actorIn } from '../act.ts'
import type { PlayAction } from '../act.ts'

export const backup: PlayAction = {
	id: 'backup',
	kind: 'store',
	title: 'Back up',
	unavailable: () => undefined,
	statements: ({ actor }) => [`backup ${actor.id}`],
	word: ({ actor }, after) => ({
		statements: [`backup ${actor.id}`],
		caption: `kv.db is copied to a backup at epoch ${actorIn(after, actor.id)?.epoch ?? ''}.`,
	}),
}
