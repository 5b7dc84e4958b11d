/** The store a store verb (`restart`, `restore`, `backup`) names, or a report that it names none. */
import type { ActorVerb } from '../../../../scene-parser/index.ts'
import type { StoreActor, World } from '../world.ts'

export function storeNamed(world: World, statement: ActorVerb): StoreActor | undefined {
	const id = statement.actor.id
	const store = world.stores.get(id)
	const kind = world.kinds.get(id)
	// A worker's process restarts where its "crashed" label is struck: the label tells the reader, as a pause's does.
	const worker = kind === 'worker' && statement.kind === 'restart' ? `; a crashed worker's process restarts where its label is struck (strike ${id} "crashed")` : ''
	if (!store) world.report(statement.position, `${statement.kind} applies to a lock store (icon=lock); ${id} is a ${kind ?? 'unknown actor'}${worker}`)
	return store
}
