/** `send DB -> W "refused: 7 < 8"`: the database's answer to W's last write, which must say saved or refused. */
import type { Outcome } from '../../frame.ts'
import { wordOutcome } from '../../outcome-words.ts'
import { checkOutcomes } from '../claims/outcome.ts'
import { showFence } from '../notation.ts'
import type { DatabaseActor, WorkerActor } from '../world.ts'
import type { MessageHandler } from './send.ts'

export const answer: MessageHandler = async (world, send) => {
	const worker = world.workers.get(send.to.id) as WorkerActor
	const database = world.databases.get(send.from.id) as DatabaseActor
	const id = worker.actor.id
	const last = worker.writes.get(database.actor.id)
	if (!last) {
		world.report(send.position, `${database.actor.id} answers ${id}, but ${id} wrote nothing to it yet`)
		const { read, marks } = world.checkText(send.label, [])
		return { shown: read.shown, computed: 'no write to answer', outcome: { kind: 'none', reason: 'no write to answer' } as Outcome, marks }
	}
	const engine = last.changed
		? `the database accepted ${id}'s fence ${showFence(last.fence)} (it held ${showFence(last.before)})`
		: `the database refused ${id}'s fence ${showFence(last.fence)} (it held ${showFence(last.before)})`
	// Only the write's fence and the row's may be stated, so a relation compares exactly those two.
	const { read, marks } = world.checkText(
		send.label,
		[
			{ role: 'fence', value: last.fence },
			{ role: 'fence', value: last.before },
		],
		{ scene: false },
	)
	checkOutcomes(
		read,
		'db-answer',
		{ actual: [last.changed ? 'saved' : 'refused'], engine, required: `say what the database answered: saved or refused (${engine})` },
		world.reporterFor(send.label),
	)
	if (send.color === 'ok' && !last.changed) world.report(send.position, `color=ok, but ${engine}`)
	if (send.color === 'bad' && last.changed) world.report(send.position, `color=bad, but ${engine}`)
	const outcome: Outcome = { kind: 'answer', fence: showFence(last.fence), changed: last.changed, before: showFence(last.before) }
	return { shown: read.shown, computed: wordOutcome(outcome), outcome, marks }
}

