/** A frame's actors, read off the world at the end of a step: each actor's label, lease, row or holders. */
import type { Actor } from '../../../scene-parser/index.ts'
import { showFence } from '../claims/index.ts'
import type { FrameActor } from '../frame.ts'
import type { Labels } from './labels.ts'
import type { World } from './world.ts'

export function frameActor(world: World, labels: Labels, actor: Actor): FrameActor {
	const out: FrameActor = { id: actor.id, label: actor.label.value, x: actor.x, y: actor.y, icon: actor.icon }
	const label = labels.get(actor.id)
	if (label) {
		out.state = { text: label.text.value, struck: label.struck }
		if (label.marks.length > 0) out.state.marks = label.marks
	}
	const worker = world.workers.get(actor.id)
	const hold = worker?.hold
	const lease = hold?.lease
	if (hold && lease && !hold.released) {
		const entry: NonNullable<FrameActor['lease']> = { expiresAt: lease.expiresAt, lost: lease.lost || hold.gone }
		if (lease.fence !== undefined) entry.fence = showFence(lease.fence)
		out.lease = entry
	}
	const database = world.databases.get(actor.id)
	if (database) out.storedFence = showFence(database.fence)
	const store = world.stores.get(actor.id)
	if (store) {
		out.epoch = store.store.epoch.toString()
		out.holders = world.holdersOf(store)
	}
	return out
}
