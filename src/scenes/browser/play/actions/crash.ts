/** A worker's process dies: nothing tells the lock, so its lease stays until it runs out. */
import { crashed, holdsLive, timeText } from '../act.ts'
import type { PlayAction } from '../act.ts'

export const crash: PlayAction = {
	id: 'crash',
	kind: 'worker',
	title: 'Crash',
	unavailable: ({ actor, name }) => (crashed(actor) ? `${name(actor.id)} has crashed already` : undefined),
	statements: ({ actor }) => [`set ${actor.id} "crashed"`],
	word(context) {
		const { actor, name } = context
		const who = name(actor.id)
		const caption = holdsLive(actor) && actor.lease ? `${who} crashes. ${who}'s lease now ends at ${timeText(actor.lease.expiresAt)}.` : `${who} crashes.`
		return { statements: crash.statements(context), caption }
	},
}
