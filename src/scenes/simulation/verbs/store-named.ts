/** The store a store verb (`restart`, `restore`, `backup`) names, or a report that it names none. */
import type { ActorVerb } from '../../../../scene-parser/index.ts'
import type { StoreActor, World } from '../world.ts'

export function storeNamed(world: World, statement: ActorVerb): StoreActor | undefined {
	const id = statement.actor.id
	const store = world.stores.get(id)
	if (!store) world.report(statement.position, `${statement.kind} applies to a lock store (icon=lock); ${id} is a ${world.kinds.get(id) ?? 'unknown actor'}`)
	return store
}
