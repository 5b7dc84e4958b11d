/** `backup lock`: a copy of the store's kv.db is taken, for a later `restore`. */
import type { ActorVerb } from '../../../../scene-parser/index.ts'
import { storeNamed } from './store-named.ts'
import type { VerbHandler } from '../stage.ts'

export const backup: VerbHandler<ActorVerb> = ({ world }, statement) => {
	const store = storeNamed(world, statement)
	if (store) world.backup(store)
}
