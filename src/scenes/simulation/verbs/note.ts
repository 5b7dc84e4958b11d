/** A message between actors the engine does not answer for (a worker to a worker, a clock): its numbers are still checked. */
import type { MessageHandler } from './send.ts'

export const note: MessageHandler = async (world, send) => {
	const { read, marks } = world.checkText(send.label, [...world.stepFacts, ...world.stateFacts()])
	if (send.color) world.report(send.position, `color= says how the engine answered, and ${send.from.id} -> ${send.to.id} is no message the engine answers; drop it`)
	return { shown: read.shown, computed: read.shown, outcome: { kind: 'note' }, marks }
}
