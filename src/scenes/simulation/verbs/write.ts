/**
 * `send W -> DB "save, fence 7"`: W runs the seed's conditional update with its lease's fence; on a
 * database with `fences=off`, the plain update, which writes whatever the row held.
 */
import { showFence } from '../../claims/index.ts'
import type { DatabaseActor, WorkerActor } from '../world.ts'
import type { MessageKind } from './message.ts'
import { moveWorker } from '../moves.ts'

export const write: MessageKind = {
	async run(stage, send) {
		const { world } = stage
		const worker = world.workers.get(send.from.id) as WorkerActor
		const database = world.databases.get(send.to.id) as DatabaseActor
		const id = worker.actor.id
		if (world.processes.has(id)) {
			// The write is the code's: its next act must be a write to this database, with whatever fence the code passed.
			const act = await moveWorker(stage, worker, ['write'], database.actor.id, send.position, `writes ${database.actor.id}`)
			const last = act ? world.lastWrite(id, database.actor.id) : undefined
			if (!last) return { outcome: { kind: 'none', reason: 'no-write' } }
			const fence = last.noFence ? 'none' : showFence(last.fence)
			if (send.color !== undefined && (send.color === 'ok') !== last.changed) {
				world.report(send.position, `color=${send.color}, but the database ${last.changed ? 'took' : 'refused'} ${id}'s write with fence ${fence} (the row held ${showFence(last.before)})`)
			}
			return { outcome: { kind: 'write', fence, changed: last.changed, before: showFence(last.before), ...(last.fenced ? {} : { unchecked: true as const }) } }
		}
		const lease = worker.hold?.lease
		if (!lease) {
			world.report(send.position, `${id} holds no lease to write with; send it one from the lock first`)
			return { outcome: { kind: 'none', reason: 'no-lease' } }
		}
		if (lease.fence === undefined) {
			world.report(send.position, `${id}'s lease is a semaphore's and has no fence to write with`)
			return { outcome: { kind: 'none', reason: 'no-fence' } }
		}
		const before = database.fence
		const changed = world.write(worker, database, lease.fence)
		const checked = world.lastWrite(id, database.actor.id)?.fenced === true
		// The colour is a claim too: ok is a write that changed the row, bad one that did not.
		if (send.color !== undefined && (send.color === 'ok') !== changed) {
			world.report(send.position, `color=${send.color}, but the database ${changed ? 'took' : 'refused'} ${id}'s write with fence ${showFence(lease.fence)} (the row held ${showFence(before)})`)
		}
		return { outcome: { kind: 'write', fence: showFence(lease.fence), changed, before: showFence(before), ...(checked ? {} : { unchecked: true as const }) } }
	},
}
