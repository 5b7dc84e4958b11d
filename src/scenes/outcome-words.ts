/** The words a frame's outcome is shown in: the view of what the engine did, made from the data alone. */
import { formatDuration } from './frame-format.ts'
import type { NoOutcome, Outcome } from './frame.ts'

const NO_OUTCOME: Readonly<Record<NoOutcome, string>> = {
	'no-lease': 'no lease to write with',
	'no-fence': 'a lease with no fence to write with',
	'no-write': 'no write to answer',
	'no-request': 'no request',
	'already-holds': 'already holds the key',
	'already-in-line': 'already in line',
	'never-granted': 'never granted',
	'nothing-to-release': 'no lease to release',
}

function names(ids: readonly string[]): string {
	if (ids.length <= 1) return ids[0] ?? 'no one'
	return `${ids.slice(0, -1).join(', ')} and ${ids[ids.length - 1]}`
}

/** An outcome in plain English: `lease, fence 7`, `refused: 7 < 8`. */
export function wordOutcome(outcome: Outcome): string {
	switch (outcome.kind) {
		case 'granted':
			return outcome.fence !== undefined ? `lease, fence ${outcome.fence}` : `lease, ${outcome.holders} of ${outcome.limit} holders, no fence`
		case 'waiting':
			return `waits in line behind ${names(outcome.holders)}`
		case 'busy':
			return `refused: held by ${names(outcome.holders)}`
		case 'full':
			return `refused: full, ${outcome.holders.length} of ${outcome.limit} holders`
		case 'gave-up':
			return `gave up after waiting ${formatDuration(outcome.waitedMs)}: held by ${names(outcome.holders)}`
		case 'asked':
			return outcome.free ? 'asks; the key is free' : `asks; waits in line behind ${names(outcome.holders)}`
		case 'renewed':
			return `renewed until ${formatDuration(outcome.expiresAt)}`
		case 'renew-failed':
			return outcome.reason === 'none' ? 'renew refused: no lease' : `renew refused: the lease is ${outcome.reason}`
		case 'released':
			return outcome.next ? `released; the key goes to ${outcome.next}` : 'released; the key is free'
		case 'ended':
			return outcome.next ? `lost: an operator ended it; the key goes to ${outcome.next}` : 'lost: an operator ended it; the key is free'
		case 'write':
			return `write, fence ${outcome.fence}: ${outcome.changed ? 'saved' : 'changed no row'}`
		case 'answer':
			return outcome.changed ? `saved, fence ${outcome.fence}` : `refused: ${outcome.fence} ${outcome.fence === outcome.before ? '=' : '<'} ${outcome.before}`
		case 'note':
			return ''
		case 'none':
			return NO_OUTCOME[outcome.reason]
	}
}
