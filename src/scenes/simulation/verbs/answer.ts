/** `send DB -> W "refused: 7 < 8"`: the database's answer to W's last write to it. */
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
		if (send.color !== undefined && (send.color === 'ok') !== last.changed) {
			world.report(send.position, `color=${send.color}, but the database ${last.changed ? 'took' : 'refused'} ${id}'s write with fence ${showFence(last.fence)} (the row held ${showFence(last.before)})`)
		}
		return { outcome: { kind: 'answer', fence: showFence(last.fence), changed: last.changed, before: showFence(last.before) } }
	},
}
