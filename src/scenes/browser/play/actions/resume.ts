/** A paused worker wakes and asks to renew its lease; the lock answers renewed or lost. */
import { quoted, timeText } from '../act.ts'
import type { PlayAction } from '../act.ts'
import { labelled } from '../act.ts'

export const resume: PlayAction = {
	id: 'resume',
	kind: 'worker',
	title: 'Resume',
	available: ({ actor }) => labelled(actor, 'paused'),
	statements: ({ actor, lock }) => [
		`strike ${actor.id} "paused"`,
		...(actor.lease && lock ? [`send ${actor.id} -> ${lock} "renew"`, `send ${lock} -> ${actor.id} "answer"`] : []),
	],
	word(context, after) {
		const { actor, lock, name } = context
		const who = name(actor.id)
		const outcome = after.messages[1]?.outcome
		if (!actor.lease || !lock || !outcome) return { statements: resume.statements(context), caption: `${who} wakes.` }
		const strike = `strike ${actor.id} "paused"`
		const renew = `send ${actor.id} -> ${lock} "renew"`
		if (outcome.kind === 'renewed') {
			return {
				statements: [strike, renew, `send ${lock} -> ${actor.id} "renewed"`],
				caption: `${who} wakes and renews its lease. Its lease now ends at ${timeText(outcome.expiresAt)}.`,
			}
		}
		if (outcome.kind === 'renew-failed') {
			const answer = outcome.reason === 'released' ? 'released' : 'lost'
			return {
				statements: [strike, renew, `send ${lock} -> ${actor.id} ${quoted(answer)}`],
				caption: outcome.reason === 'released' ? `${who} wakes and asks to renew its lease.` : `${who} wakes and asks to renew its lease, but its lease is lost.`,
			}
		}
		throw new Error(`the lock's answer to the renewal was ${outcome.kind}`)
	},
}
