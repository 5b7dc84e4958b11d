/**
 * A crashed worker's process starts again, as a supervisor would start it and as the scene language
 * restarts one (its crash label struck): a new process on a new connection, holding nothing. The
 * lease the old process held stays the store's until it runs out.
 */
import { crashed, holdsLive, strikeState, timeText } from '../act.ts'
import type { ActContext, PlayAction } from '../act.ts'

/** The words of a worker's label that tell a crash. */
const CRASH_CLAUSE = /^crashed$/i

/** The statement that restarts the worker: its crash label struck, or set to the rest of it (`strikeState`). */
function restartStatement({ actor }: Pick<ActContext, 'actor'>): string {
	return strikeState(actor, CRASH_CLAUSE, 'crashed')
}

export const revive: PlayAction = {
	id: 'restart-process',
	kind: 'worker',
	title: 'Restart',
	unavailable: ({ actor, name }) => (crashed(actor) ? undefined : `${name(actor.id)} has not crashed`),
	statements: context => [restartStatement(context)],
	word(context) {
		const { actor, name } = context
		const who = name(actor.id)
		const old = holdsLive(actor) && actor.lease ? ` ${who}'s old lease ends at ${timeText(actor.lease.expiresAt)}.` : ''
		return { statements: revive.statements(context), caption: `${who} restarts.${old}` }
	},
}
