/** The facts a claim was checked against, in words for the reader who opens "what was checked": the view of a frame's checks. */
import { formatDuration } from './frame-format.ts'
import type { Evidence, HappeningData } from './frame.ts'

/** Names an actor by its label. */
type NameOf = (id: string) => string

function list(names: readonly string[]): string {
	if (names.length === 0) return 'no one'
	if (names.length === 1) return names[0] as string
	return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

/** One happening of a step in words: `at 30 s the lock gave Worker B fence 8`. */
function happeningWords(h: HappeningData, name: NameOf): string {
	const at = `at ${formatDuration(h.at)}`
	switch (h.kind) {
		case 'asked':
			return `${at} ${name(h.worker)} ${h.tryOnly ? 'tried the key' : `asked for the key${h.wait === undefined ? '' : `, waiting up to ${formatDuration(h.wait)}`}`}`
		case 'granted':
			return `${at} ${name(h.store)} gave ${name(h.worker)} ${h.fence === undefined ? `a lease, ${h.holders} of ${h.limit ?? 1} holders` : `fence ${h.fence}`}, for ${formatDuration(h.ttl)}`
		case 'refused':
			return `${at} ${name(h.store)} refused ${name(h.worker)}'s try: ${h.full ? 'full' : 'held'} by ${list(h.holders.map(name))}`
		case 'gave-up':
			return `${at} ${name(h.worker)} gave up after waiting ${formatDuration(h.waited)}`
		case 'expired':
			return `${at} ${name(h.worker)}'s lease${h.fence === undefined ? '' : `, fence ${h.fence},`} ran out`
		case 'gone':
			return `${at} ${name(h.worker)}'s lease went with its store`
		case 'ended':
			return `${at} an operator ended ${name(h.worker)}'s lease${h.fence === undefined ? '' : `, fence ${h.fence}`}`
		case 'released':
			return `${at} ${name(h.worker)} released its lease${h.line.length > 0 ? `, with ${list(h.line.map(name))} in line` : ''}`
		case 'returned':
			return `${at} ${name(h.worker)}'s function returned, its lease${h.fence === undefined ? '' : `, fence ${h.fence},`} already lost`
		case 'finished':
			return `${at} ${name(h.worker)}'s function returned, its let-go still to come`
		case 'renewed':
			return `${at} ${name(h.worker)} renewed its lease until ${formatDuration(h.until)}${h.auto ? ', on its own timer' : ''}`
		case 'renew-refused':
			return `${at} the lock refused ${name(h.worker)}'s renewal (${h.reason === 'none' ? 'no lease' : h.reason})`
		case 'wrote':
			return `${at} ${name(h.worker)} wrote ${h.noFence ? 'with no fence' : `with fence ${h.fence}`} to ${name(h.database)}, whose row held ${h.before}: ${h.changed ? 'the row changed' : 'no row changed'}`
		case 'answered':
			return `${at} ${name(h.database)} answered ${name(h.worker)}`
		case 'restarted':
			return `${at} ${name(h.store)} opened again, epoch ${h.epochBefore} to ${h.epoch}`
		case 'backed-up':
			return `${at} a copy of ${name(h.store)}'s kv.db was taken, at epoch ${h.epoch}`
		case 'restored':
			return `${at} ${name(h.store)} opened on the copy of epoch ${h.backupEpoch}, with epoch ${h.epoch}`
		case 'waited':
			return `${at} the clock moved on ${formatDuration(h.ms)}`
		case 'sent':
			return `${at} ${name(h.from)} sent ${name(h.to)} a message`
		case 'paused':
			return `${at} ${name(h.worker)}'s process paused`
		case 'woke':
			return `${at} ${name(h.worker)}'s process ran again`
		case 'crashed':
			return `${at} ${name(h.worker)}'s process crashed`
		case 'process-restarted':
			return `${at} ${name(h.worker)}'s process started again, as a new process`
		case 'left':
			return `${at} ${name(h.worker)}'s hold left the line of ${name(h.store)}: ${h.closed ? 'the store closed under it and forgot its place' : 'its process crashed'}`
	}
}

/** One piece of evidence in words. */
export function evidenceWords(evidence: Evidence, name: NameOf): string {
	switch (evidence.kind) {
		case 'happened':
			return `${evidence.unfenced ? 'without fences, ' : ''}${happeningWords(evidence.what, name)}`
		case 'lease': {
			const lease = evidence.lease
			if (!lease) return `at ${formatDuration(evidence.at)} ${name(evidence.worker)} has no lease`
			const fence = lease.fence === undefined ? 'a lease with no fence' : `a lease with fence ${lease.fence}`
			const state = lease.state === 'live' ? `live until ${formatDuration(lease.expiresAt)}` : lease.state === 'expired' ? 'that ran out' : lease.state === 'gone' ? 'that went with its store' : lease.state === 'ended' ? 'that an operator ended' : 'that it released'
			return `at ${formatDuration(evidence.at)} ${name(evidence.worker)} has ${fence}, ${state}`
		}
		case 'line':
			return `at ${formatDuration(evidence.at)} ${evidence.waiters.length === 0 ? 'no one is' : `${list(evidence.waiters.map(name))} ${evidence.waiters.length === 1 ? 'is' : 'are'}`} in line for ${name(evidence.store)}'s key`
		case 'holders':
			return `at ${formatDuration(evidence.at)} ${name(evidence.store)}'s key is held by ${list(evidence.holders.map(name))}${evidence.limit === undefined ? '' : ` (limit ${evidence.limit})`}`
		case 'row':
			return `at ${formatDuration(evidence.at)} ${name(evidence.database)}'s row keeps fence ${evidence.fence}${evidence.writer === undefined ? '' : `, ${name(evidence.writer)}'s write`}`
		case 'epoch':
			return `at ${formatDuration(evidence.at)} ${name(evidence.store)}'s epoch is ${evidence.epoch}`
		case 'clock':
			return `the clock reads ${formatDuration(evidence.at)}`
		case 'messages':
			return `${name(evidence.worker)} sends ${evidence.count === 0 ? 'no message' : evidence.count === 1 ? 'a message' : `${evidence.count} messages`} in step ${evidence.step}`
		case 'nothing':
			return `no ${evidence.what}${evidence.step === undefined ? ' in the whole scene' : ` in step ${evidence.step}`}`
	}
}
