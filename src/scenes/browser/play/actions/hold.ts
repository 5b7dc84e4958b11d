/** A worker asks for the key: it waits as long as it takes, up to a chosen wait, or not at all (try). */
import type { Outcome } from '../../../frame.ts'
import { crashed, firstReason, holdsLive, ordinal, quoted, timeText } from '../act.ts'
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
	// A paused worker may ask: it wakes first (the session strikes its pause).
	unavailable: ({ actor, lock, name }) => firstReason(
		[lock === undefined, () => `${name(actor.id)} has no lock to ask`],
		[crashed(actor), () => `${name(actor.id)} has crashed: it does nothing more`],
		[holdsLive(actor), () => `${name(actor.id)} holds the key already`],
	),
	statements: ({ actor, lock, choice }) => [
		`send ${actor.id} -> ${lock} ${quoted(askOf(choice))}`,
		// "answer" claims nothing: the engine decides the outcome, and the worded run says which.
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

function heldBy(ids: readonly string[], name: (id: string) => string): string {
	return ids.length === 1 ? `The key is held by ${name(ids[0] as string)}` : `The key is held by ${ids.slice(0, -1).map(name).join(', ')} and ${name(ids[ids.length - 1] as string)}`
}

function worded(outcome: Outcome | undefined, who: string, waited: number, now: number, name: (id: string) => string): [string, string] {
	switch (outcome?.kind) {
		case 'granted': {
			const lease = outcome.fence !== undefined ? `fence ${outcome.fence}` : `${outcome.holders} of ${outcome.limit}`
			const holder = outcome.fence !== undefined ? '' : ` ${who} is the ${ordinal(outcome.holders)} holder.`
			if (waited > 0) return [lease, `${who} asks for the key. At ${timeText(now)} the key goes to ${who}${outcome.fence !== undefined ? ` with fence ${outcome.fence}` : ''}.${holder}`]
			return [lease, `${who} asks for the key and gets it${outcome.fence !== undefined ? ` with fence ${outcome.fence}` : ''}.${holder}`]
		}
		case 'busy':
			return ['busy', `${who} tries the key. ${heldBy(outcome.holders, name)}, so ${who}'s function does not run.`]
		case 'full':
			return ['full', `${who} tries the key. All ${outcome.limit} hold the key at once, so ${who}'s function does not run.`]
		case 'gave-up':
			return [`gave up after ${timeText(outcome.waitedMs)}`, `${who} asks for the key. ${heldBy(outcome.holders, name)}, so ${who} gives up after ${timeText(outcome.waitedMs)}.`]
		default:
			throw new Error(`the lock's answer to the hold was ${outcome?.kind ?? 'missing'}, which a played step does not word`)
	}
}
