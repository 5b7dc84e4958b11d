/**
 * `send W -> DB "save, fence 7"`: W runs the seed's conditional update with its lease's fence; on a
 * database with `fences=off`, the plain update, which writes whatever the row held.
 */
import { fenceText } from '../../../../engine/index.ts'
import type { Outcome } from '../../frame.ts'
import { wordOutcome } from '../../outcome-words.ts'
import { checkOutcomes } from '../claims/outcome.ts'
import { showFence } from '../notation.ts'
import type { DatabaseActor, WorkerActor } from '../world.ts'
import type { MessageHandler } from './send.ts'

/** The seed's conditional update: the check and the write are one statement. */
const FENCED_UPDATE = 'update chats set summary = ?, summary_fence = ? where id = ? and summary_fence < ?'
/** The same write without the check: what a database that knows nothing of fences does. */
const PLAIN_UPDATE = 'update chats set summary = ?, summary_fence = ? where id = ?'

export const write: MessageHandler = async (world, send) => {
	const worker = world.workers.get(send.from.id) as WorkerActor
	const database = world.databases.get(send.to.id) as DatabaseActor
	const id = worker.actor.id
	const lease = worker.hold?.lease
	const none = (reason: string) => {
		const { read, marks } = world.checkText(send.label, [])
		return { shown: read.shown, computed: reason, outcome: { kind: 'none', reason } as Outcome, marks }
	}
	if (!lease) {
		world.report(send.position, `${id} holds no lease to write with; send it one from the lock first`)
		return none('no lease')
	}
	if (lease.fence === undefined) {
		world.report(send.position, `${id}'s lease is a semaphore's and has no fence to write with`)
		return none('no fence')
	}
	const before = world.storedFence(database)
	const fence = fenceText(lease.fence)
	const { changes } = database.fenced
		? world.writeRow(database, FENCED_UPDATE, [`summary by ${id}`, fence, world.key, fence])
		: world.writeRow(database, PLAIN_UPDATE, [`summary by ${id}`, fence, world.key])
	const changed = changes > 0
	if (changed) database.writer = id
	worker.writes.set(database.actor.id, { fence: lease.fence, changed, before })
	world.stepFacts.push({ role: 'fence', value: lease.fence }, { role: 'fence', value: before })
	const outcome: Outcome = { kind: 'write', fence: showFence(lease.fence), changed, before: showFence(before) }
	const engine = changed ? `the database${database.fenced ? '' : ', which checks no fence,'} accepted ${id}'s fence ${showFence(lease.fence)}` : `the database refused ${id}'s fence ${showFence(lease.fence)}: it is not larger than ${showFence(before)}`
	const { read, marks } = world.checkText(send.label, [
		{ role: 'fence', value: lease.fence },
		{ role: 'fence', value: before },
	])
	checkOutcomes(read, 'write', { actual: ['write', changed ? 'saved' : 'refused'], engine }, world.reporterFor(send.label))
	if (send.color === 'ok' && !changed) world.report(send.position, `color=ok, but ${engine}`)
	if (send.color === 'bad' && changed) world.report(send.position, `color=bad, but ${engine}`)
	return { shown: read.shown, computed: wordOutcome(outcome), outcome, marks }
}
