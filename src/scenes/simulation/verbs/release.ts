/** `release a`: the worker lets go of its lease, and the next in line gets the key at once. */
import type { ActorVerb } from '../../../../scene-parser/index.ts'
import type { VerbHandler } from '../stage.ts'

export const release: VerbHandler<ActorVerb> = async ({ world }, statement) => {
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
	await world.release(worker)
}
