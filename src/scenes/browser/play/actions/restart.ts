/** The lock's store crashes and opens again on its kv.db: a new epoch, and every lease it gave is gone. */
import { actorIn, quoted } from '../act.ts'
import type { PlayAction } from '../act.ts'
import { leasesEnded } from './lost-leases.ts'

export const restart: PlayAction = {
	id: 'restart',
	kind: 'store',
	title: 'Restart',
	unavailable: () => undefined,
	statements: ({ actor }) => [`restart ${actor.id}`],
	word({ actor, before, name }, after) {
		const epoch = actorIn(after, actor.id)?.epoch ?? ''
		return {
			statements: [`restart ${actor.id}`, `set ${actor.id} ${quoted(`epoch ${epoch}`)}`],
			caption: `${name(actor.id)} restarts. It writes epoch ${epoch}.${leasesEnded(before, after, name, 'is gone')}`,
		}
	},
}
