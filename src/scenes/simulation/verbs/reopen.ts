/** `restart lock` (the store crashes and opens again on its kv.db) and `restore lock` (it opens on the backup's copy). */
import { Store } from '../../../../engine/index.ts'
import type { ActorVerb } from '../../../../scene-parser/index.ts'
import { storeNamed } from './store-named.ts'
import type { VerbHandler } from './verb.ts'

export const reopen: VerbHandler<ActorVerb> = async (world, statement) => {
	const store = storeNamed(world, statement)
	if (!store) return
	if (statement.kind === 'restore' && !store.backup) {
		world.report(statement.position, `restore ${store.actor.id}: there is no backup; take one first with "backup ${store.actor.id}"`)
		return
	}
	world.stepFacts.push({ role: 'epoch', value: store.store.epoch })
	for (const worker of world.workers.values()) if (worker.hold?.store === store) worker.hold.gone = true
	await store.store.close().catch(() => {})
	for (const worker of world.workers.values()) if (worker.hold?.store === store) worker.hold.finish()
	await world.clock.settle()
	if (statement.kind === 'restore' && store.backup) {
		store.driver.close()
		store.driver = world.openDriver(store.backup, store.actor.id)
	}
	store.store = await Store.open({ sqlite: store.driver, clock: world.clock })
	store.holderOf = new Map()
	world.stepFacts.push({ role: 'epoch', value: store.store.epoch })
}
