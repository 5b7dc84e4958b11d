/**
 * `end a`: an operator ends the worker's lease from outside it, as a lock server's `leases --end`
 * does, through the engine's own end (`Lock.end`): the lease is lost, and the next in line gets the
 * key at once with a larger fence. The stage draws it as the lost event the lock sends the worker:
 * an operator is no worker of the scene, and the lock is who tells the holder. The arrow's words are
 * a claim of the lock's answer like any other, read and checked against what the engine did.
 */
import type { ActorVerb } from '../../../../scene-parser/index.ts'
import type { MessageFacts } from '../../claims/index.ts'
import type { FrameMessage } from '../../frame.ts'
import type { VerbHandler } from '../stage.ts'

/** The words of the lost event the holder is sent (the lock server's client reads it as "was lost: an operator ended it"). */
export const ENDED_WORDS = 'lost: ended by an operator'

export const end: VerbHandler<ActorVerb> = async (stage, statement, step) => {
	const { world, texts } = stage
	const id = statement.actor.id
	const worker = world.workers.get(id)
	if (!worker) {
		world.report(statement.actor.position, `an operator ends a worker's lease; ${id} is a ${world.kinds.get(id) ?? 'unknown actor'}`)
		return
	}
	const store = worker.hold?.store
	const mark = world.record.mark()
	const before = store ? world.holdersOf(store) : []
	const refused = await world.endLease(worker)
	if (refused !== undefined || !store) {
		world.report(statement.position, refused ?? `${id} holds no lease for an operator to end`)
		return
	}
	// The one the end let in: a holder now who was not before (a semaphore's other holders held all along).
	const next = world.holdersOf(store).find(holder => holder !== id && !before.includes(holder))
	const message: FrameMessage = { from: store.actor.id, to: id, label: ENDED_WORDS, color: 'bad', outcome: { kind: 'ended', ...(next === undefined ? {} : { next }) } }
	const index = step.messages.length
	step.messages.push(message)
	const facts: MessageFacts = { from: store.actor.id, to: id, happenings: world.record.since(mark), after: world.record.snapshot() }
	const label = { value: ENDED_WORDS, position: statement.position }
	texts.add({
		text: label,
		place: 'lock-answer',
		read: texts.read(label, 'lock-answer'),
		frame: step.index,
		world: facts.after,
		message: facts,
		how: 'claim',
		where: { kind: 'message', index },
		marked: marks => {
			if (marks.length > 0) message.marks = marks
		},
	})
}
