/** `release a`: the worker lets go of its lease, and the next in line gets the key at once. */
import type { ActorVerb } from '../../../../scene-parser/index.ts'
import type { WorkerActor, World } from '../world.ts'
import type { VerbHandler } from './verb.ts'

export const release: VerbHandler<ActorVerb> = async (world, statement) => {
	const id = statement.actor.id
	const worker = world.workers.get(id)
	if (!worker) {
		world.report(statement.position, `only a worker releases a lease; ${id} is a ${world.kinds.get(id) ?? 'unknown actor'}`)
		return
	}
	if (!worker.hold?.lease) {
		world.report(statement.position, `${id} holds no lease to release`)
		return
	}
	await letGo(world, worker)
}

/** Releases a worker's lease through the engine and ends its function; returns who holds the key next. */
export async function letGo(world: World, worker: WorkerActor): Promise<string | undefined> {
	const hold = worker.hold
	if (!hold?.lease) return undefined
	if (hold.lease.fence !== undefined) world.stepFacts.push({ role: 'fence', value: hold.lease.fence })
	// The line as it was when the key was let go: "the key goes to B, first in line".
	world.waitersOf(hold.store).forEach((_, place) => world.stepFacts.push({ role: 'position', value: BigInt(place + 1) }))
	await hold.lease.release().catch(() => {})
	hold.released = true
	hold.finish()
	await world.clock.settle()
	const holders = world.holdersOf(hold.store)
	return holders[holders.length - 1]
}
