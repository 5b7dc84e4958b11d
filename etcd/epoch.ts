import { LockError, MAX_FENCE_PART, type Clock } from '../engine/index.ts'
import { epochKey } from './keys.ts'
import type { EtcdRpc, RangeResponse, TxnResponse } from './rpc.ts'

/** The epoch key as read: its value, and its mod revision (0 when it is not there). */
export interface EpochRecord {
	epoch: bigint
	text: string
	modRevision: string
}

/** Reads the epoch key; undefined when it is not there. */
export async function readEpoch(rpc: EtcdRpc, prefix: string, deadline: number): Promise<EpochRecord | undefined> {
	const answer = await rpc.call<RangeResponse>('KV', 'Range', { key: Buffer.from(epochKey(prefix)) }, deadline, `etcd epoch ${epochKey(prefix)}`)
	const kv = answer.kvs[0]
	return kv === undefined ? undefined : epochOf(prefix, kv.value, kv.mod_revision)
}

/** The epoch key, written first as the clock's milliseconds if it is not there: what every client does on connecting. */
export async function ensureEpoch(rpc: EtcdRpc, prefix: string, clock: Clock, deadline: number): Promise<EpochRecord> {
	const key = Buffer.from(epochKey(prefix))
	const text = String(clock.now())
	const answer = await rpc.call<TxnResponse>(
		'KV',
		'Txn',
		{
			compare: [{ result: 'EQUAL', target: 'VERSION', key, version: 0 }],
			success: [{ request_put: { key, value: Buffer.from(text) } }],
			failure: [{ request_range: { key } }],
		},
		deadline,
		`etcd epoch ${epochKey(prefix)}`,
	)
	if (answer.succeeded) return { epoch: BigInt(text), text, modRevision: answer.header.revision }
	const first = answer.responses[0]
	const kv = first?.response === 'response_range' ? first.response_range.kvs[0] : undefined
	if (kv === undefined) return ensureEpoch(rpc, prefix, clock, deadline)
	return epochOf(prefix, kv.value, kv.mod_revision)
}

/**
 * Moves the epoch past every fence the cluster gave: to max(the clock's ms, the epoch + 1, `above`'s
 * epoch + 1), as a store's open does (LOCK-02). Run it on a cluster restored from a snapshot before
 * clients use it: its revisions start again from the snapshot's, so without a new epoch its fences
 * would repeat ones given after the snapshot. `above` is a fence seen since (the largest a resource
 * stored), for a clock that may be behind.
 */
export async function bumpEpoch(rpc: EtcdRpc, prefix: string, clock: Clock, deadline: number, above?: bigint): Promise<{ before: bigint | undefined; after: bigint }> {
	const key = Buffer.from(epochKey(prefix))
	for (;;) {
		const before = await readEpoch(rpc, prefix, deadline)
		let next = BigInt(clock.now())
		if (before !== undefined && before.epoch + 1n > next) next = before.epoch + 1n
		if (above !== undefined && (above >> 64n) + 1n > next) next = (above >> 64n) + 1n
		if (next > MAX_FENCE_PART) throw new LockError('invalid', `etcd epoch ${epochKey(prefix)}: the next epoch ${next} is past 2^64 - 1`)
		const unchanged =
			before === undefined
				? { result: 'EQUAL', target: 'VERSION', key, version: 0 }
				: { result: 'EQUAL', target: 'MOD', key, mod_revision: before.modRevision }
		const answer = await rpc.call<TxnResponse>(
			'KV',
			'Txn',
			{ compare: [unchanged], success: [{ request_put: { key, value: Buffer.from(String(next)) } }], failure: [] },
			deadline,
			`etcd epoch ${epochKey(prefix)}`,
		)
		// Another writer moved it meanwhile: read it again and go past that too.
		if (answer.succeeded) return { before: before?.epoch, after: next }
	}
}

function epochOf(prefix: string, value: Buffer, modRevision: string): EpochRecord {
	const text = Buffer.from(value).toString('utf8')
	if (!/^\d{1,20}$/.test(text) || BigInt(text) > MAX_FENCE_PART) {
		throw new LockError('invalid', `etcd epoch ${epochKey(prefix)}: ${JSON.stringify(text.slice(0, 40))} is not an epoch (0 to 2^64 - 1 in decimal digits); someone else wrote this key`)
	}
	return { epoch: BigInt(text), text, modRevision }
}
