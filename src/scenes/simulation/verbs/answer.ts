/** `send DB -> W "refused: 7 < 8"`: the database's answer to W's last write to it, once, in the step the write was made. */
import { showFence } from '../../claims/index.ts'
import type { MessageKind } from './message.ts'

export const answer: MessageKind = {
	async run({ world }, send) {
		const id = send.to.id
		const last = world.lastWrite(id, send.from.id)
		if (!last) {
			world.report(send.position, `${send.from.id} answers ${id}, but ${id} wrote nothing to it yet`)
			return { outcome: { kind: 'none', reason: 'no-write' } }
		}
		const told = `${id}'s write with fence ${showFence(last.fence)}`
		if (world.answered.has(last)) {
			world.report(send.position, `${send.from.id} answered ${told} already; a write is answered once`)
			return { outcome: { kind: 'none', reason: 'no-write' } }
		}
		if (!world.record.since(0).includes(last)) {
			world.report(send.position, `${told} was made in an earlier step; a database answers a write in the step it was made`)
			return { outcome: { kind: 'none', reason: 'no-write' } }
		}
		world.answered.add(last)
		if (send.color !== undefined && (send.color === 'ok') !== last.changed) {
			world.report(send.position, `color=${send.color}, but the database ${last.changed ? 'took' : 'refused'} ${id}'s write with fence ${showFence(last.fence)} (the row held ${showFence(last.before)})`)
		}
		return { outcome: { kind: 'answer', fence: showFence(last.fence), changed: last.changed, before: showFence(last.before) } }
	},
}
