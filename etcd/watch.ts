import type { EtcdRpc, WatchResponse } from './rpc.ts'

/** How a wait for a delete ended: a key in the range was deleted, the watch broke (read again), or the caller stopped it. */
export type DeleteWatch = 'deleted' | 'broken' | 'stopped'

/**
 * Waits for the first delete of a key in [`key`, `rangeEnd`) at `fromRevision` or later, on a watch
 * of its own (etcd's history replays what happened since `fromRevision`, so a delete between the
 * read and the watch is not missed). Resolves `broken` when the watch cannot go on (the member
 * went, lost its leader, or the revision was compacted): the caller reads the line again.
 */
export function nextDelete(rpc: EtcdRpc, key: Buffer, rangeEnd: Buffer | undefined, fromRevision: bigint, stop: AbortSignal): Promise<DeleteWatch> {
	if (stop.aborted) return Promise.resolve('stopped')
	let opened: ReturnType<EtcdRpc['stream']>
	try {
		opened = rpc.stream('Watch', 'Watch')
	} catch {
		return Promise.resolve('broken')
	}
	const { stream, member } = opened
	return new Promise<DeleteWatch>(resolve => {
		let settled = false
		const settle = (how: DeleteWatch) => {
			if (settled) return
			settled = true
			stop.removeEventListener('abort', onStop)
			if (how === 'broken') rpc.moveOn(member)
			stream.cancel()
			resolve(how)
		}
		const onStop = () => settle('stopped')
		stop.addEventListener('abort', onStop, { once: true })
		stream.on('data', (answer: WatchResponse) => {
			if (answer.canceled) settle('broken')
			else if (answer.events.some(event => event.type === 'DELETE')) settle('deleted')
		})
		stream.on('error', () => settle('broken'))
		stream.on('end', () => settle('broken'))
		const create: Record<string, unknown> = { key, start_revision: fromRevision.toString(), filters: ['NOPUT'] }
		if (rangeEnd !== undefined) create.range_end = rangeEnd
		stream.write({ create_request: create })
	})
}
