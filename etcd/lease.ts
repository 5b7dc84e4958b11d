import { formatDuration, holdSettings, LeaseCore, LockError, realClock, type Duration } from '../engine/index.ts'
import type { KeepAlives } from './keep-alives.ts'
import { EtcdRefusal, type EtcdRpc, type LeaseGrantResponse, type TxnResponse } from './rpc.ts'

/** What a tenancy needs of its client. */
export interface TenancyHost {
	readonly rpc: EtcdRpc
	readonly keepAlives: KeepAlives
	/** How long one try at one member may take, in ms. */
	readonly attemptTimeoutMs: number
}

/** The seconds of an etcd lease that lasts at least `ms`: etcd's TTLs are whole seconds, and it may give more than asked (its minimum). */
export function etcdSeconds(ms: number): number {
	return Math.max(1, Math.ceil(ms / 1000))
}

/**
 * A hold's etcd lease and its renewals, from before the hold joins its key's line until it ends.
 * Its time here (`validUntil`) runs from the moment a renewal was sent, never from when it was
 * answered: etcd counts the lease's TTL, which is at least as long, from when its leader read the
 * renewal, later. So the holder's time here ends first, and a little earlier again (a fiftieth of
 * the TTL, at most 1 s) for timers that fire late: the holder learns of its loss before etcd
 * deletes its key and the next in line can be granted (LOCK-04).
 */
export class Tenancy {
	/** The etcd lease now (its id, decimal); a renewal with a longer TTL moves the key to a new one. */
	etcdId: string
	/** Seconds etcd gave the lease. */
	etcdTtl: number
	/** The TTL the holder asked for, in ms. */
	ttl: number
	/** Until when the lease is valid here, in the real clock's ms. */
	validUntil: number
	/** Renew every third of the TTL; a waiter's lease always is. */
	autoRenew = true
	readonly #host: TenancyHost
	#renewAt: number
	#timer: ReturnType<typeof setTimeout> | undefined
	#renewing = false
	#ended = false
	#onLost: ((reason: string) => void) | undefined

	/** Grants an etcd lease lasting at least `ttl` ms; `deadline` (ms since 1970) bounds the call. */
	static async grant(host: TenancyHost, ttl: number, deadline: number, what: string): Promise<Tenancy> {
		const sentAt = realClock.now()
		const answer = await host.rpc.call<LeaseGrantResponse>('Lease', 'LeaseGrant', { TTL: etcdSeconds(ttl), ID: 0 }, deadline, what)
		if (answer.error !== '') throw new LockError('unavailable', `${what}: etcd could not grant a lease: ${answer.error}`)
		return new Tenancy(host, answer.ID, Number(answer.TTL), ttl, sentAt)
	}

	private constructor(host: TenancyHost, etcdId: string, etcdTtl: number, ttl: number, sentAt: number) {
		this.#host = host
		this.etcdId = etcdId
		this.etcdTtl = etcdTtl
		this.ttl = ttl
		this.validUntil = sentAt + ttl
		this.#renewAt = sentAt + ttl / 3
		this.#arm()
	}

	/** Whether the tenancy still runs: neither ended nor lost. */
	get live(): boolean {
		return !this.#ended
	}

	/** Calls `listener` (once) when the lease is lost here: its time ran out, or etcd said it has it no more. */
	onLost(listener: (reason: string) => void): void {
		this.#onLost = listener
	}

	/** Stops renewing; the etcd lease is left to `revoke` or its TTL. */
	end(): void {
		this.#ended = true
		clearTimeout(this.#timer)
	}

	/** Sets whether it renews on its own from now; `renewNow` renews once at once (a waiter granted its key gets its whole TTL from the grant). */
	setAutoRenew(autoRenew: boolean, renewNow: boolean): void {
		this.autoRenew = autoRenew
		const now = realClock.now()
		this.#renewAt = renewNow ? now : autoRenew ? this.#renewAt : Number.POSITIVE_INFINITY
		this.#arm()
	}

	/**
	 * Renews now, for `ttl` ms: a keep-alive while etcd's lease is long enough, else a new etcd lease
	 * the key moves to (`key` with `createRevision`). Retries until the lease's own time runs out.
	 * Rejects with `lost` when it ran out or etcd no longer has it.
	 */
	async renewNow(ttl: number, key: string, createRevision: string, place: string): Promise<void> {
		if (etcdSeconds(ttl) > this.etcdTtl) {
			await this.#moveTo(ttl, key, createRevision, place)
			return
		}
		for (;;) {
			if (this.#ended) throw new LockError('lost', `${place}: the lease ended before this renewal was answered`)
			const left = this.#deadline() - realClock.now()
			if (left <= 0) throw new LockError('lost', `${place}: its ${formatDuration(this.ttl)} TTL passed before etcd answered this renewal`)
			const sentAt = realClock.now()
			let etcdTtl: number
			try {
				etcdTtl = await this.#host.keepAlives.renew(this.etcdId, Math.min(this.#host.attemptTimeoutMs, left))
			} catch {
				continue
			}
			if (etcdTtl <= 0) {
				this.#lose('etcd no longer has it (it ran out there, or was revoked)')
				throw new LockError('lost', `${place}: etcd no longer has the lease (it ran out there, or was revoked)`)
			}
			if (this.#ended) throw new LockError('lost', `${place}: the lease ended before this renewal was answered`)
			this.ttl = ttl
			this.validUntil = Math.max(this.validUntil, sentAt + ttl)
			if (this.autoRenew) this.#renewAt = sentAt + ttl / 3
			this.#arm()
			return
		}
	}

	/** Revokes the etcd lease, which deletes the hold's key; gives up when the lease's own time is over (etcd deletes it by then). */
	async revoke(what: string): Promise<void> {
		this.end()
		const deadline = Date.now() + Math.max(this.validUntil - realClock.now(), this.#host.attemptTimeoutMs)
		try {
			await this.#host.rpc.call('Lease', 'LeaseRevoke', { ID: this.etcdId }, deadline, what)
		} catch {
			// Not found (it ran out), or etcd out of reach: the key goes at the lease's TTL all the same.
		}
	}

	// A new etcd lease of the longer TTL, the key moved to it in a transaction that holds only while the key is still this hold's, then the old lease revoked.
	async #moveTo(ttl: number, key: string, createRevision: string, place: string): Promise<void> {
		const deadline = Date.now() + Math.max(1, this.#deadline() - realClock.now())
		const next = await Tenancy.grant(this.#host, ttl, deadline, place)
		next.end()
		const keyBytes = Buffer.from(key)
		const answer = await this.#host.rpc.call<TxnResponse>(
			'KV',
			'Txn',
			{
				compare: [
					{ result: 'EQUAL', target: 'CREATE', key: keyBytes, create_revision: createRevision },
					{ result: 'EQUAL', target: 'LEASE', key: keyBytes, lease: this.etcdId },
				],
				success: [{ request_put: { key: keyBytes, ignore_value: true, lease: next.etcdId } }],
				failure: [],
			},
			deadline,
			place,
		)
		if (!answer.succeeded) {
			void next.revoke(place)
			this.#lose('its key was gone from etcd when it was renewed')
			throw new LockError('lost', `${place}: its key was gone from etcd when it was renewed`)
		}
		const old = this.etcdId
		this.etcdId = next.etcdId
		this.etcdTtl = next.etcdTtl
		this.ttl = ttl
		this.validUntil = next.validUntil
		if (this.autoRenew) this.#renewAt = realClock.now() + ttl / 3
		this.#arm()
		this.#host.rpc.call('Lease', 'LeaseRevoke', { ID: old }, Date.now() + this.#host.attemptTimeoutMs * 3, place).catch(() => {})
	}

	// Early by a fiftieth of the TTL (at most 1 s), for timers that fire late.
	#deadline(): number {
		return this.validUntil - Math.min(1000, this.ttl / 50)
	}

	#arm(): void {
		clearTimeout(this.#timer)
		if (this.#ended) return
		const now = realClock.now()
		this.#timer = setTimeout(() => this.#onTimer(), Math.max(0, Math.ceil(Math.min(this.#renewAt, this.#deadline()) - now)))
	}

	#onTimer(): void {
		if (this.#ended) return
		const now = realClock.now()
		if (now >= this.#deadline()) {
			this.#lose(`its ${formatDuration(this.ttl)} TTL passed without a renewal`)
			return
		}
		if (now >= this.#renewAt && !this.#renewing) {
			// Until this renewal is answered, the next try is due soon: a failed one is tried again well before the TTL runs out.
			this.#renewAt = now + Math.max(50, this.ttl / 20)
			this.#renewing = true
			this.#renewOnce().finally(() => {
				this.#renewing = false
			})
		}
		this.#arm()
	}

	async #renewOnce(): Promise<void> {
		const sentAt = realClock.now()
		let etcdTtl: number
		try {
			etcdTtl = await this.#host.keepAlives.renew(this.etcdId, Math.min(this.#host.attemptTimeoutMs, Math.max(1, this.#deadline() - sentAt)))
		} catch (error) {
			if (error instanceof EtcdRefusal) this.#lose(`etcd refused its renewal: ${error.details}`)
			return
		}
		if (this.#ended) return
		if (etcdTtl <= 0) {
			this.#lose('etcd no longer has it (it ran out there, or was revoked)')
			return
		}
		this.validUntil = Math.max(this.validUntil, sentAt + this.ttl)
		this.#renewAt = this.autoRenew ? sentAt + this.ttl / 3 : Number.POSITIVE_INFINITY
		this.#arm()
	}

	#lose(reason: string): void {
		if (this.#ended) return
		this.end()
		this.#onLost?.(reason)
	}
}

/** A lease of a key kept in etcd, as its holder sees it: lost when its time runs out here (before etcd's), or when etcd says it has it no more. */
export class EtcdLease<Fence extends bigint | undefined> extends LeaseCore<Fence> {
	readonly id: string
	readonly #place: string
	readonly #tenancy: Tenancy
	readonly #etcdKey: string
	readonly #createRevision: string
	readonly #onEnd: (lease: EtcdLease<bigint | undefined>) => void

	/** Made at the grant: `etcdKey` is the hold's key in its line, created at `createRevision`; `onEnd` is told once it is released or lost. */
	constructor(
		place: string,
		key: string,
		id: string,
		fence: Fence,
		tenancy: Tenancy,
		etcdKey: string,
		createRevision: string,
		onEnd: (lease: EtcdLease<bigint | undefined>) => void,
	) {
		super(key, fence)
		this.id = id
		this.#place = place
		this.#tenancy = tenancy
		this.#etcdKey = etcdKey
		this.#createRevision = createRevision
		this.#onEnd = onEnd
		tenancy.onLost(reason => this.lose(new LockError('lost', `${place}: lease ${id} ran out: ${reason}`)))
	}

	get place(): string {
		return this.#place
	}

	/** When the lease runs out here unless renewed, in the real clock's ms (etcd's own expiry is later). */
	get expiresAt(): number {
		return this.#tenancy.validUntil
	}

	async renew(ttl?: Duration): Promise<void> {
		const ms = ttl === undefined ? this.#tenancy.ttl : parseTtl(ttl, this.place)
		this.checkRenewable()
		try {
			await this.#tenancy.renewNow(ms, this.#etcdKey, this.#createRevision, `${this.place}: lease ${this.id}`)
		} catch (error) {
			if (error instanceof LockError && error.code === 'lost') {
				this.lose(error)
				throw new LockError('lost', `${this.place}: lease ${this.id} was lost before this renewal`, { cause: error })
			}
			throw error
		}
	}

	async release(): Promise<void> {
		if (!this.markReleased()) return
		this.#onEnd(this)
		await this.#tenancy.revoke(`${this.place}: lease ${this.id}`)
	}

	/** Marks the lease lost and aborts its signal; a released lease stays released. */
	lose(reason: LockError): void {
		if (!this.markLost(reason)) return
		this.#tenancy.end()
		this.#onEnd(this)
		this.announceLost(reason)
	}
}

// A renewal's TTL as the engine reads a hold's: the same refusals in the same words.
function parseTtl(ttl: Duration, place: string): number {
	return holdSettings({ ttl }, place).ttl
}
