/** A worker writes its summary with its lease's fence; the database's answer and the row's new owner are the engine's. */
import type { Frame } from '../../../frame.ts'
import { crashed, firstReason, quoted } from '../act.ts'
import type { PlayAction } from '../act.ts'

export const write: PlayAction = {
	id: 'write',
	kind: 'worker',
	title: 'Write',
	// A lease that ran out still has its fence: writing with it is the late write fences are for. A
	// paused worker may write: it wakes first (the session strikes its pause).
	unavailable: ({ actor, database, name }) => firstReason(
		[database === undefined, () => `${name(actor.id)} has no database to write`],
		[crashed(actor), () => `${name(actor.id)} has crashed: it does nothing more`],
		[actor.lease === undefined, () => `${name(actor.id)} holds no lease, so it has no fence to write with: Hold first`],
		[actor.lease?.fence === undefined, () => `${name(actor.id)}'s lease carries no fence`],
	),
	statements: ({ actor, database }) => [`send ${actor.id} -> ${database} "save"`],
	word({ actor, database, frames, name }, after) {
		const outcome = after.messages[0]?.outcome
		if (outcome?.kind !== 'write' || database === undefined) throw new Error(`the database's answer to the write was ${outcome?.kind ?? 'missing'}`)
		const { fence, before, changed } = outcome
		const who = name(actor.id)
		const db = name(database)
		// A database that checks no fence took the write whatever its fence: the caption says so, not that the fence was larger.
		const larger = changed && outcome.unchecked !== true && fenceAbove(fence, before)
		const answer = !changed ? `refused: ${fence} ${fence === before ? '=' : '<'} ${before}` : larger ? `saved: ${before} < ${fence}` : 'saved'
		const color = changed ? ' color=ok' : ' color=bad'
		const statements = [`send ${actor.id} -> ${database} ${quoted(`save, fence ${fence}`)}`, `send ${database} -> ${actor.id} ${quoted(answer)}${color}`]
		if (changed) statements.push(`set ${database} ${quoted(`summary by ${who}`)}`)
		let caption: string
		if (!changed) caption = `${who} saves with fence ${fence}. The row keeps fence ${before}, so ${db} refuses the write.`
		else if (larger) caption = `${who} saves with fence ${fence}. ${who}'s fence is larger than the row's, so ${db} takes the write.`
		else {
			const previous = lastWriter(frames, database)
			const lost = previous === undefined ? '' : ` ${who}'s summary replaces ${name(previous)}'s.`
			// "so" only where checking fences would have refused it: a larger fence would have been taken either way.
			const joint = fenceAbove(fence, before) ? 'and' : 'so'
			caption = `${who} saves with fence ${fence}. ${db} checks no fence, ${joint} ${db} takes the write.${lost}`
		}
		return { statements, caption }
	},
}

/** Whether fence `a` is larger than `b`, both as scenes show them (`7` or `EPOCH:COUNT`). */
function fenceAbove(a: string, b: string): boolean {
	const value = (text: string) => {
		const [epoch, count] = text.includes(':') ? text.split(':') : ['0', text]
		return (BigInt(epoch ?? '0') << 64n) + BigInt(count ?? '0')
	}
	return value(a) > value(b)
}

/** The worker whose write the database took last, in the frames so far. */
function lastWriter(frames: readonly Frame[], database: string): string | undefined {
	for (let i = frames.length - 1; i >= 0; i--) {
		const messages = frames[i]?.messages ?? []
		for (let k = messages.length - 1; k >= 0; k--) {
			const message = messages[k]
			if (message?.to === database && message.outcome?.kind === 'write' && message.outcome.changed) return message.from
		}
	}
	return undefined
}
