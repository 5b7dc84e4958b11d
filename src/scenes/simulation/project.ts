/** A frame's actors, read off the world at the end of a step: each actor's label, lease, row or holders. */
import type { Actor } from '../../../scene-parser/index.ts'
import { showFence } from '../claims/index.ts'
import type { Ended, FrameActor } from '../frame.ts'
import type { Labels } from './labels.ts'
import type { Hold, World } from './world.ts'

/**
 * Why a struck label stopped holding: a label that is not a pause, on a worker whose latest lease
 * was released, ran out or was ended by an operator, ended with that lease; a pause, a place in line, a lease gone with its
 * store, or any other label simply ended.
 */
function endedOf(pauses: boolean, hold: Hold | undefined): Ended {
	if (pauses || !hold?.lease || hold.gone) return 'ended'
	if (hold.released) return 'released'
	if (hold.ended) return 'operator'
	return hold.lease.lost ? 'ran-out' : 'ended'
}

export function frameActor(world: World, labels: Labels, actor: Actor): FrameActor {
	const out: FrameActor = { id: actor.id, label: actor.label.value, x: actor.x, y: actor.y, icon: actor.icon }
	const label = labels.get(actor.id)
	const worker = world.workers.get(actor.id)
	const hold = worker?.hold
	if (label) {
		out.state = { text: label.text.value, struck: label.struck }
		if (label.marks.length > 0) out.state.marks = label.marks
		// A struck crashed label is the worker's restart: its process came back as a new one.
		if (label.struck) out.state.ended = label.ended ??= worker && label.pauses && /\bcrashed\b/i.test(label.text.value) ? 'restarted' : endedOf(label.pauses, hold)
	}
	if (worker) {
		if (world.processStates.crashed(actor.id)) out.process = 'crashed'
		else if (world.processStates.paused(actor.id)) out.process = 'paused'
	}
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
		const held = world.leasesOf(store).map(lease => ({ worker: store.holderOf.get(lease.id) ?? '?', until: lease.expiresAt }))
		if (held.length > 0) out.held = held
	}
	return out
}
