import { formatDuration, LockError, realClock } from '../engine/index.ts'
import { decodeValue, encodeValue, epochKey, holdKey, rangeOf, type HoldValue, type Kind } from './keys.ts'
import { deleteHoldKey, type Tenancy, type TenancyHost } from './lease.ts'
import { EtcdRefusal, type KeyValue, type Message, type RangeResponse, type ResponseOp, type TxnResponse } from './rpc.ts'
import { nextDelete } from './watch.ts'

/** What a place in a line needs of its client. */
export interface LineHost extends TenancyHost {
	readonly prefix: string
	/** The epoch as last read (decimal text). */
	readonly epoch: string
	/** Reads the epoch again (writing it first if it is not there), after a transaction found it changed. */
	refreshEpoch(deadline: number): Promise<string>
	/** How often a waiter reads its line again, in case a watch stalls silently (a stopped member). */
	readonly recheckMs: number
	/** Aborts when the client closes. */
	readonly closing: AbortSignal
}

/** A hold granted its key: its key in etcd, the revision that created it, and the revision and epoch of the grant (a lock's fence). */
export interface Grant {
	etcdKey: string
	createRevision: string
	grantRevision: string
	epoch: string | undefined
}

/** A hold that waits: the revision its line was last read at, and (for a lock) the key just before it. */
interface Waiting {
	revision: bigint
	predecessor: string | undefined
}

const isGrant = (value: Grant | Waiting | 'gone'): value is Grant => typeof value === 'object' && 'grantRevision' in value

/**
 * One hold's place in a key's line, the etcd lock recipe: the hold's key is put with its etcd
 * lease; the line's order is the keys' create revisions; a lock's waiter watches the key just
 * before it, a semaphore's waiter the line, and a waiter is granted by a transaction that holds
 * only while it is first in line (among the first `limit`, for a semaphore) and the epoch is the
 * one it read: it writes its key again, marked holding, and that put's revision is the fence's
 * count. Keys older than a waiter's can only go, never come, so once first it stays first.
 */
export class LinePlace {
	/** The hold's key: `LINE LEASE-N`, its client's etcd lease (in hex) and the client's count of its holds, so that no two holds share one. */
	readonly etcdKey: string
	readonly #host: LineHost
	readonly #kind: Kind
	readonly #limit: number
	readonly #line: string
	// `semaphore exports`, and with the key, `semaphore exports: key "monthly"`, for messages.
	readonly #owner: string
	readonly #place: string
	readonly #value: Omit<HoldValue, 'state' | 'epoch'>
	readonly #tenancy: Tenancy
	#createRevision = ''
	#waiting: Waiting = { revision: 0n, predecessor: undefined }

	constructor(host: LineHost, kind: Kind, limit: number, line: string, owner: string, place: string, value: Omit<HoldValue, 'state' | 'epoch'>, tenancy: Tenancy, id: string) {
		this.#host = host
		this.#kind = kind
		this.#limit = limit
		this.#line = line
		this.#owner = owner
		this.#place = place
		this.#value = value
		this.#tenancy = tenancy
		this.etcdKey = holdKey(line, id)
	}

	/**
	 * Joins the line: one transaction puts the hold's key, marked holding when the line was empty,
	 * else waiting. A waiter first in line (among the first `limit`) is granted at once after. A retry
	 * of a join that etcd applied finds the key and goes on from it.
	 */
	async join(deadline: number, mayWait: boolean): Promise<Grant | 'waiting'> {
		const key = Buffer.from(this.etcdKey)
		const line = rangeOf(this.#line)
		const view = this.#kind === 'lock' ? { ...line, sort_order: 'DESCEND', sort_target: 'CREATE', limit: 2 } : { ...line, sort_order: 'ASCEND', sort_target: 'CREATE', limit: this.#limit }
		for (;;) {
			const epoch = this.#host.epoch
			const compare: Message[] = [{ result: 'EQUAL', target: 'CREATE', key, create_revision: 0 }]
			if (this.#kind === 'lock') compare.push(this.#sameEpoch(epoch))
			const answer = await this.#txn(
				{
					compare,
					success: [
						{
							request_txn: {
								compare: [{ result: 'EQUAL', target: 'VERSION', ...line, version: 0 }],
								success: [this.#put('holding', epoch)],
								// A lock's tryHold puts nothing when the line is not empty: it would only delete it again.
								failure: !mayWait && this.#kind === 'lock' ? [] : [this.#put('waiting', epoch), { request_range: view }],
							},
						},
					],
					failure: [{ request_range: { key } }, { request_range: { key: Buffer.from(epochKey(this.#host.prefix)) } }, { request_range: view }],
				},
				deadline,
			)
			const revision = answer.header.revision
			if (answer.succeeded) {
				const inner = txnAnswer(answer.responses[0])
				if (!inner.succeeded && inner.responses.length === 0) return 'waiting'
				this.#createRevision = revision
				if (inner.succeeded) return { etcdKey: this.etcdKey, createRevision: revision, grantRevision: revision, epoch: this.#kind === 'lock' ? epoch : undefined }
				return this.#afterJoin(rangeAnswer(inner.responses[1]).kvs, BigInt(revision), deadline)
			}
			const mine = rangeAnswer(answer.responses[0]).kvs[0]
			if (mine !== undefined) {
				// A retry of a join etcd applied: go on from the key it put.
				this.#createRevision = mine.create_revision
				const value = decodeValue(mine.value)
				if (value?.state === 'holding') return { etcdKey: this.etcdKey, createRevision: mine.create_revision, grantRevision: mine.mod_revision, epoch: value.epoch }
				return this.#afterJoin(rangeAnswer(answer.responses[2]).kvs, BigInt(revision), deadline)
			}
			// The epoch moved (a restored cluster's new epoch), or is not there yet: read it, and join with it.
			await this.#host.refreshEpoch(deadline)
		}
	}

	/**
	 * Waits in line until granted, reading the line again at each delete before it, every `recheckMs`
	 * and when a watch breaks. Resolves `gone` when the waiter's etcd lease ran out meanwhile (its key
	 * went with it: the caller joins again if the wait allows). Rejects with `held` at the end of the
	 * wait, `cancelled` when `signal` aborts, `closed` when the client closes.
	 */
	async waitForGrant(waitUntil: number, wait: number, signal: AbortSignal | undefined, answerBy: () => number): Promise<Grant | 'gone'> {
		let lost = false
		const stopListening = this.#tenancy.onLost(() => {
			lost = true
		})
		try {
			return await this.#waitForGrant(waitUntil, wait, signal, answerBy, () => lost)
		} finally {
			stopListening()
		}
	}

	/** Leaves the line: deletes the hold's key, if it was put. */
	async leave(deadline: number): Promise<void> {
		await deleteHoldKey(this.#host, this.etcdKey, this.#createRevision === '' ? undefined : this.#createRevision, deadline, this.#place)
	}

	async #waitForGrant(waitUntil: number, wait: number, signal: AbortSignal | undefined, answerBy: () => number, isLost: () => boolean): Promise<Grant | 'gone'> {
		for (;;) {
			const lost = isLost()
			if (lost || !this.#tenancy.live) return 'gone'
			const stop = new AbortController()
			const outcome = await firstOf(
				[
					this.#watch(stop.signal),
					delay(Math.max(0, Math.min(this.#host.recheckMs, waitUntil - realClock.now())), stop.signal, 'recheck' as const),
					aborted(signal, stop.signal, 'cancelled' as const),
					aborted(this.#host.closing, stop.signal, 'closed' as const),
				],
				stop,
			)
			if (outcome === 'cancelled') throw new LockError('cancelled', `${this.#place}: cancelled while waiting`, { cause: signal?.reason })
			if (outcome === 'closed') throw new LockError('closed', `${this.#place}: the etcd client closed`)
			if (outcome === 'broken') await delay(50, this.#host.closing, undefined)
			if (isLost() || !this.#tenancy.live) return 'gone'
			const result = await this.promote(answerBy())
			if (result === 'gone' || isGrant(result)) return result
			if (realClock.now() >= waitUntil) {
				throw new LockError('held', `${this.#place}: ${this.#kind === 'lock' ? 'held' : 'full'} past the ${formatDuration(wait)} wait`)
			}
		}
	}

	/** Tries to be granted: a grant, still waiting, or `gone` (the hold's key is not in etcd: its lease ran out). */
	async promote(deadline: number, knownFirst = false): Promise<Grant | Waiting | 'gone'> {
		const key = Buffer.from(this.etcdKey)
		const line = rangeOf(this.#line)
		const before = BigInt(this.#createRevision) - 1n
		for (;;) {
			if (this.#kind === 'semaphore' && !knownFirst) {
				const older = await this.#host.rpc.call<RangeResponse>(
					'KV',
					'Range',
					{ ...line, keys_only: true, sort_order: 'ASCEND', sort_target: 'CREATE', max_create_revision: before.toString(), limit: this.#limit },
					deadline,
					this.#place,
				)
				if (older.kvs.length >= this.#limit) return (this.#waiting = { revision: BigInt(older.header.revision), predecessor: undefined })
			}
			const epoch = this.#host.epoch
			const compare: Message[] = [{ result: 'EQUAL', target: 'MOD', key, mod_revision: this.#createRevision }]
			if (this.#kind === 'lock') compare.push(this.#sameEpoch(epoch), { result: 'GREATER', target: 'CREATE', ...line, create_revision: before.toString() })
			const answer = await this.#txn(
				{
					compare,
					success: [this.#put('holding', epoch)],
					failure: [
						{ request_range: { key } },
						{ request_range: { key: Buffer.from(epochKey(this.#host.prefix)) } },
						{ request_range: { ...line, keys_only: true, sort_order: 'DESCEND', sort_target: 'CREATE', max_create_revision: before.toString(), limit: 1 } },
					],
				},
				deadline,
			)
			if (answer.succeeded) return { etcdKey: this.etcdKey, createRevision: this.#createRevision, grantRevision: answer.header.revision, epoch: this.#kind === 'lock' ? epoch : undefined }
			const mine = rangeAnswer(answer.responses[0]).kvs[0]
			if (mine === undefined || mine.create_revision !== this.#createRevision) return 'gone'
			const value = decodeValue(mine.value)
			if (value?.state === 'holding') return { etcdKey: this.etcdKey, createRevision: mine.create_revision, grantRevision: mine.mod_revision, epoch: value.epoch }
			const predecessor = rangeAnswer(answer.responses[2]).kvs[0]
			const epochNow = rangeAnswer(answer.responses[1]).kvs[0]
			if (this.#kind === 'lock' && (epochNow === undefined || Buffer.from(epochNow.value).toString() !== epoch)) {
				await this.#host.refreshEpoch(deadline)
				continue
			}
			if (predecessor === undefined) continue
			return (this.#waiting = { revision: BigInt(answer.header.revision), predecessor: predecessor.key.toString() })
		}
	}

	// After the join: a lock's waiter watches the key just before it; a semaphore's checks its own limit against the line's, and is granted at once among the first `limit`.
	async #afterJoin(view: KeyValue[], revision: bigint, deadline: number): Promise<Grant | 'waiting'> {
		const created = BigInt(this.#createRevision)
		if (this.#kind === 'lock') {
			const predecessor = view.find(kv => BigInt(kv.create_revision) < created)
			if (predecessor === undefined) return this.#promoted(await this.promote(deadline))
			this.#waiting = { revision, predecessor: predecessor.key.toString() }
			return 'waiting'
		}
		const other = view.map(kv => decodeValue(kv.value)?.limit).find(limit => limit !== undefined && limit !== this.#limit)
		if (other !== undefined) throw new LockError('invalid', `${this.#owner}: limit ${this.#limit}: ${this.#place} is held or waited for with limit ${other}`)
		this.#waiting = { revision, predecessor: undefined }
		if (view.some(kv => kv.key.toString() === this.etcdKey)) return this.#promoted(await this.promote(deadline, true))
		return 'waiting'
	}

	#promoted(result: Grant | Waiting | 'gone'): Grant | 'waiting' {
		if (result === 'gone') throw new LeaseGone(this.#place)
		return isGrant(result) ? result : 'waiting'
	}

	#watch(stop: AbortSignal): Promise<'deleted' | 'broken' | 'stopped'> {
		const from = this.#waiting.revision + 1n
		if (this.#kind === 'lock') {
			if (this.#waiting.predecessor === undefined) return Promise.resolve('deleted')
			return nextDelete(this.#host.rpc, Buffer.from(this.#waiting.predecessor), undefined, from, stop)
		}
		const line = rangeOf(this.#line)
		return nextDelete(this.#host.rpc, line.key, line.range_end, from, stop)
	}

	#put(state: 'waiting' | 'holding', epoch: string): Message {
		const value: HoldValue = { state, ...this.#value }
		if (state === 'holding' && this.#kind === 'lock') value.epoch = epoch
		return { request_put: { key: Buffer.from(this.etcdKey), value: encodeValue(value), lease: this.#tenancy.etcdId } }
	}

	#sameEpoch(epoch: string): Message {
		return { result: 'EQUAL', target: 'VALUE', key: Buffer.from(epochKey(this.#host.prefix)), value: Buffer.from(epoch) }
	}

	async #txn(request: Message, deadline: number): Promise<TxnResponse> {
		try {
			return await this.#host.rpc.call<TxnResponse>('KV', 'Txn', request, deadline, this.#place)
		} catch (error) {
			// The hold's etcd lease ran out before its key was put (the process stalled): the caller joins again.
			if (error instanceof EtcdRefusal && /lease not found/.test(error.details)) throw new LeaseGone(this.#place)
			throw error
		}
	}
}

/** The hold's etcd lease was gone when its key was to be put, or its key went as it joined: the caller joins again. */
export class LeaseGone extends Error {
	constructor(place: string) {
		super(`${place}: the hold's etcd lease ran out before its key was put`)
		this.name = 'LeaseGone'
	}
}

function txnAnswer(op: ResponseOp | undefined): TxnResponse {
	if (op?.response !== 'response_txn') throw new Error(`etcd answered a transaction with ${op?.response ?? 'nothing'} where a transaction's answer belongs`)
	return op.response_txn
}

function rangeAnswer(op: ResponseOp | undefined): RangeResponse {
	if (op?.response !== 'response_range') throw new Error(`etcd answered a transaction with ${op?.response ?? 'nothing'} where a range's answer belongs`)
	return op.response_range
}

// The first of several waits to settle; `stop` then ends the others.
async function firstOf<T>(waits: Promise<T | 'stopped' | undefined>[], stop: AbortController): Promise<T> {
	try {
		return (await Promise.race(waits.map(wait => wait.then(value => (value === 'stopped' || value === undefined ? new Promise<never>(() => {}) : value))))) as T
	} finally {
		stop.abort()
	}
}

function delay<T>(ms: number, stop: AbortSignal, value: T): Promise<T | 'stopped'> {
	return new Promise(resolve => {
		if (stop.aborted) return resolve('stopped')
		const timer = setTimeout(() => {
			stop.removeEventListener('abort', onStop)
			resolve(value)
		}, ms)
		const onStop = () => {
			clearTimeout(timer)
			resolve('stopped')
		}
		stop.addEventListener('abort', onStop, { once: true })
	})
}

function aborted<T>(signal: AbortSignal | undefined, stop: AbortSignal, value: T): Promise<T | 'stopped' | undefined> {
	if (signal === undefined) return Promise.resolve(undefined)
	if (signal.aborted) return Promise.resolve(value)
	return new Promise(resolve => {
		const onAbort = () => {
			stop.removeEventListener('abort', onStop)
			resolve(value)
		}
		const onStop = () => {
			signal.removeEventListener('abort', onAbort)
			resolve('stopped')
		}
		signal.addEventListener('abort', onAbort, { once: true })
		stop.addEventListener('abort', onStop, { once: true })
	})
}
