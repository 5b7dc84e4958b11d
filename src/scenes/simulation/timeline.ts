/** A step's happenings as the timeline's marks: what a worker's lane shows, with the engine's times. */
import type { Happening } from '../claims/index.ts'
import { showFence } from '../claims/index.ts'
import type { TimeMark } from '../frame.ts'

/** The marks of a step's happenings, in their order; happenings no lane shows (a sent message, an answer, a backup) are left out. */
export function timeMarks(happenings: readonly Happening[]): TimeMark[] {
	const marks: TimeMark[] = []
	for (const h of happenings) {
		switch (h.kind) {
			case 'asked':
			case 'released':
			case 'expired':
			case 'gone':
			case 'ended':
			case 'gave-up':
			case 'refused':
			case 'left':
				marks.push({ kind: h.kind, at: h.at, worker: h.worker, store: h.store })
				break
			case 'granted':
				marks.push({ kind: 'granted', at: h.at, worker: h.worker, store: h.store, until: h.at + h.ttl, ...(h.fence === undefined ? {} : { fence: showFence(h.fence) }) })
				break
			case 'renewed':
				marks.push({ kind: 'renewed', at: h.at, worker: h.worker, until: h.until })
				break
			case 'paused':
			case 'woke':
			case 'crashed':
			case 'process-restarted':
				marks.push({ kind: h.kind, at: h.at, worker: h.worker })
				break
			case 'wrote':
				marks.push({ kind: 'wrote', at: h.at, worker: h.worker, database: h.database, fence: showFence(h.fence), taken: h.changed })
				break
			case 'restarted':
			case 'restored':
				marks.push({ kind: 'restarted', at: h.at, store: h.store })
				break
			default:
				break
		}
	}
	return marks
}
