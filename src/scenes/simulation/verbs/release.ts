/**
 * `release a`: the worker lets go of its lease (its function returns), and the next in line gets the
 * key at once. It is a request the worker sends, which a later `send LOCK -> a` may answer.
 */
import type { ActorVerb } from '../../../../scene-parser/index.ts'
import type { VerbHandler } from '../stage.ts'
import { moveWorker } from '../moves.ts'

export const release: VerbHandler<ActorVerb> = async (stage, statement) => {
	const { world } = stage
	const id = statement.actor.id
	const worker = world.workers.get(id)
	if (!worker) {
		world.report(statement.position, `only a worker releases a lease; ${id} is a ${world.kinds.get(id) ?? 'unknown actor'}`)
		return
	}
	if (world.processes.has(id)) {
		// The code lets go: its function returns (or it calls lease.release()); that must be its next act.
		const store = worker.hold?.store
		const mark = world.record.mark()
		world.record.happen({ kind: 'sent', at: world.clock.now(), from: id, to: store?.actor.id ?? id })
		const act = await moveWorker(stage, worker, ['release'], undefined, statement.position, 'lets go of its lease')
		if (act) worker.pending = { kind: 'release', happenings: world.record.since(mark).filter(h => h.kind !== 'sent') }
		return
	}
	if (!worker.hold?.lease) {
		world.report(statement.position, `${id} holds no lease to release`)
		return
	}
	world.record.happen({ kind: 'sent', at: world.clock.now(), from: id, to: worker.hold.store.actor.id })
	const mark = world.record.mark()
	await world.release(worker)
	worker.pending = { kind: 'release', happenings: world.record.since(mark) }
}
