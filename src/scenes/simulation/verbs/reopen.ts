/** `restart lock` (the store crashes and opens again on its kv.db) and `restore lock` (it opens on the backup's copy). */
import type { ActorVerb } from '../../../../scene-parser/index.ts'
import { storeNamed } from './store-named.ts'
import type { VerbHandler } from '../stage.ts'

export const reopen: VerbHandler<ActorVerb> = async ({ world }, statement) => {
	const store = storeNamed(world, statement)
	if (!store) return
	if (statement.kind === 'restore' && !store.backup) {
		world.report(statement.position, `restore ${store.actor.id}: there is no backup; take one first with "backup ${store.actor.id}"`)
		return
	}
	await world.reopen(store, statement.kind === 'restore' ? 'restore' : 'restart')
}
