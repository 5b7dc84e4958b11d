/** The store opens again on the copy an earlier backup took: its epoch grows from the copy's. */
import { actorIn, quoted } from '../act.ts'
import type { PlayAction } from '../act.ts'
import { leasesEnded } from './lost-leases.ts'

export const restore: PlayAction = {
	id: 'restore',
	kind: 'store',
	title: 'Restore',
	unavailable: ({ hasBackup }) => (hasBackup ? undefined : 'no backup has been taken yet: Back up first'),
	statements: ({ actor }) => [`restore ${actor.id}`],
	word({ actor, before, name }, after) {
		const epoch = actorIn(after, actor.id)?.epoch ?? ''
		return {
			statements: [`restore ${actor.id}`, `set ${actor.id} ${quoted(`epoch ${epoch}`)}`],
			caption: `kv.db is restored from the backup, at epoch ${epoch}.${leasesEnded(before, after, name, 'is gone')}`,
		}
	},
}
