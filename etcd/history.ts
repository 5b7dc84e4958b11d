import { LockError } from '../engine/index.ts'
import type { EtcdRpc, RangeResponse, WatchResponse } from './rpc.ts'

/** One change of etcd's history, as a line of a file: a put (a creation when `version` is 1) or a delete, at `revision`. */
export interface HistoryEvent {
	revision: number
	type: 'put' | 'delete'
	key: string
	/** The value put (UTF-8); for a delete, the value the key had before. */
	value: string
	createRevision: number
	version: number
	/** The etcd lease of the key put (decimal); for a delete, the key's lease before. */
	lease: string
}

/**
 * Every change etcd kept, from its first revision to the newest (read first, so changes made while
 * reading are left out), through a watch from revision 1 over all keys: etcd's own history, in
 * revision order. Fails when the history was compacted: then it is no longer whole.
 */
export async function readHistory(rpc: EtcdRpc, deadline: number): Promise<{ events: HistoryEvent[]; revision: number }> {
	const all = { key: Buffer.from([0]), range_end: Buffer.from([0]) }
	const now = await rpc.call<RangeResponse>('KV', 'Range', { ...all, limit: 1, keys_only: true }, deadline, 'etcd history')
	const revision = Number(now.header.revision)
	const events: HistoryEvent[] = []
	if (revision <= 1) return { events, revision }
	const { stream } = rpc.stream('Watch', 'Watch')
	try {
		await new Promise<void>((resolve, reject) => {
			const timer = setTimeout(() => reject(new LockError('unavailable', `etcd history: not read to revision ${revision} by the deadline (at ${events.at(-1)?.revision ?? 1})`)), Math.max(1, deadline - Date.now()))
			const done = (error?: Error) => {
				clearTimeout(timer)
				if (error === undefined) resolve()
				else reject(error)
			}
			stream.on('data', (answer: WatchResponse) => {
				if (answer.canceled) {
					const why = Number(answer.compact_revision) > 0 ? `it was compacted up to revision ${answer.compact_revision}` : answer.cancel_reason
					done(new LockError('unavailable', `etcd history: the watch from revision 1 was cancelled: ${why}; the history is not whole`))
					return
				}
				for (const event of answer.events) {
					const at = Number(event.kv.mod_revision)
					if (at > revision) return done()
					const put = event.type === 'PUT'
					const source = put ? event.kv : (event.prev_kv ?? event.kv)
					events.push({
						revision: at,
						type: put ? 'put' : 'delete',
						key: event.kv.key.toString('utf8'),
						value: Buffer.from(source.value ?? []).toString('utf8'),
						createRevision: Number(put ? event.kv.create_revision : source.create_revision),
						version: Number(put ? event.kv.version : 0),
						lease: source.lease,
					})
				}
				if ((events.at(-1)?.revision ?? 0) >= revision) done()
			})
			stream.on('error', (error: Error & { details?: string }) => done(new LockError('unavailable', `etcd history: the watch broke: ${error.details || error.message}`)))
			stream.write({ create_request: { ...all, start_revision: 1, prev_kv: true } })
		})
	} finally {
		stream.cancel()
	}
	return { events: events.filter(event => event.revision <= revision), revision }
}
