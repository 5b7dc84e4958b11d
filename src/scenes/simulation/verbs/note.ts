/** A message between actors the engine does not answer for (a worker to a worker, a clock): its label is read as a caption's clauses, about its step. */
import type { MessageKind } from './message.ts'

export const note: MessageKind = {
	async run({ world }, send) {
		if (send.color) world.report(send.position, `color= says how the engine answered, and ${send.from.id} -> ${send.to.id} is no message the engine answers; drop it`)
		return { outcome: { kind: 'note' } }
	},
}
