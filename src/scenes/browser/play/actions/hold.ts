/** A worker asks for the key: it waits as long as it takes, up to a chosen wait, or not at all (try). */
import type { Outcome } from '../../../frame.ts'
import { holdsLive, labelled, quoted, timeText } from '../act.ts'
import type { PlayAction } from '../act.ts'

const ASKS: Record<string, string> = { forever: 'hold', '5s': 'hold, wait 5 s', '10s': 'hold, wait 10 s', try: 'try' }

/** The worker's request as its label says it. */
function askOf(choice: string | undefined): string {
	return ASKS[choice ?? 'forever'] ?? 'hold'
}

export const hold: PlayAction = {
	id: 'hold',
	kind: 'worker',
	title: 'Hold',
	choices: [
		{ value: 'forever', text: 'waiting as long as it takes' },
		{ value: '5s', text: 'waiting up to 5 s' },
		{ value: '10s', text: 'waiting up to 10 s' },
		{ value: 'try', text: 'without waiting (try)' },
	],
	available: ({ actor, lock }) => lock !== undefined && !holdsLive(actor) && !labelled(actor, 'crashed'),
	statements: ({ actor, lock, choice }) => [
		`send ${actor.id} -> ${lock} ${quoted(askOf(choice))}`,
		// "answer" claims no outcome: the engine decides it, and the worded run says which.
		`send ${lock} -> ${actor.id} "answer"`,
	],
	word(context, after) {
		const { actor, lock, before, name } = context
		const outcome = after.messages[1]?.outcome
		const who = name(actor.id)
		const waited = after.time - before.time
		const [answer, caption] = worded(outcome, who, waited, after.time, name)
		return { statements: [`send ${actor.id} -> ${lock} ${quoted(askOf(context.choice))}`, `send ${lock} -> ${actor.id} ${quoted(answer)}`], caption }
	},
}

function holders(ids: readonly string[], name: (id: string) => string): string {
	return ids.map(name).join(' and ') || 'no one'
}

function worded(outcome: Outcome | undefined, who: string, waited: number, now: number, name: (id: string) => string): [string, string] {
	switch (outcome?.kind) {
		case 'granted': {
			const lease = outcome.fence !== undefined ? `fence ${outcome.fence}` : `${outcome.holders} of ${outcome.limit}`
			const gets = outcome.fence !== undefined ? `with fence ${outcome.fence}` : `as ${outcome.holders} of ${outcome.limit} holders`
			return waited > 0
				? [lease, `${who} asks for the key and waits in line; at ${timeText(now)} it holds the key, ${gets}.`]
				: [lease, `${who} asks for the key and holds it, ${gets}.`]
		}
		case 'busy':
			return ['busy', `${who} tries the key, but ${holders(outcome.holders, name)} holds it, so the lock says busy.`]
		case 'full':
			return ['full', `${who} tries the key, but all ${outcome.limit} places are taken.`]
		case 'gave-up':
			return [`gave up after ${timeText(outcome.waitedMs)}`, `${who} waits ${timeText(outcome.waitedMs)} for the key, which ${holders(outcome.holders, name)} holds, and gives up.`]
		default:
			throw new Error(`the lock's answer to the hold was ${outcome?.kind ?? 'missing'}, which a played step does not word`)
	}
}
