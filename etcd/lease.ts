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
 * An etcd lease and its renewals, which holds' keys are put with: shared by the holds of one client
 * that renew with one TTL (a session, as etcd's own concurrency package has), or one hold's own (a
 * hold that does not renew, or renewed with a TTL of its own). Its time here (`validUntil`) runs from
 * the moment a renewal was sent, never from when it was answered: etcd counts the lease's TTL,
 * which is at least as long, from when its leader read the renewal, later. So the time here ends
 * first, and a little earlier again (a fiftieth of the TTL, at most 1 s) for timers that fire late:
 * a holder learns of its loss before etcd deletes its key and the next in line can be granted (LOCK-04).
 */
export class Tenancy {
	readonly etcdId: string
	/** Seconds etcd gave the lease. */
	readonly etcdTtl: number
	/** The TTL the holders asked for, in ms. */
	ttl: number
	/** Until when the lease is valid here, in the real clock's ms. */
	validUntil: number
	/** Shared by the holds of one client that renew with this TTL; else one hold's own. */
	readonly shared: boolean
	readonly #host: TenancyHost
	#autoRenew = true
	#renewAt: number
	#timer: ReturnType<typeof setTimeout> | undefined
	#renewing = false
	#ended = false
	readonly #listeners = new Set<(reason: string) => void>()
	#users = 0
	#linger: ReturnType<typeof setTimeout> | undefined

	/** Grants an etcd lease lasting at least `ttl` ms; `deadline` (ms since 1970) bounds the call. */
	static async grant(host: TenancyHost, ttl: number, deadline: number, what: string, shared: boolean): Promise<Tenancy> {
		const sentAt = realClock.now()
		const answer = await host.rpc.call<LeaseGrantResponse>('Lease', 'LeaseGrant', { TTL: etcdSeconds(ttl), ID: 0 }, deadline, what)
		if (answer.error !== '') throw new LockError('unavailable', `${what}: etcd could not grant a lease: ${answer.error}`)
		return new Tenancy(host, answer.ID, Number(answer.TTL), ttl, sentAt, shared)
	}

	private constructor(host: TenancyHost, etcdId: string, etcdTtl: number, ttl: number, sentAt: number, shared: boolean) {
		this.#host = host
		this.etcdId = etcdId
		this.etcdTtl = etcdTtl
		this.ttl = ttl
		this.shared = shared
		this.validUntil = sentAt + ttl
		this.#renewAt = sentAt + ttl / 3
		this.#arm()
	}

	/** The etcd lease's id in the 16 hex digits etcdctl shows. */
	get hex(): string {
		return BigInt(this.etcdId).toString(16).padStart(16, '0')
	}

	/** Whether the tenancy still runs: neither ended nor lost. */
	get live(): boolean {
		return !this.#ended
	}

	/** Calls `listener` once if the lease is lost here (its time ran out, or etcd said it has it no more); returns what stops listening. */
	onLost(listener: (reason: string) => void): () => void {
		this.#listeners.add(listener)
		return () => this.#listeners.delete(listener)
	}

	/** A hold starts using the lease. */
	use(): void {
		this.#users++
		clearTimeout(this.#linger)
	}

	/** A hold stops using the lease: a shared one unused for a while (a TTL, at most 2 s) is revoked; a hold's own is revoked at once. */
	leave(what: string): void {
		this.#users = Math.max(0, this.#users - 1)
		if (this.#users > 0 || this.#ended) return
		if (!this.shared) {
			void this.revoke(what)
			return
		}
		clearTimeout(this.#linger)
		this.#linger = setTimeout(() => {
			if (this.#users === 0) void this.revoke(what)
		}, Math.min(this.ttl, 2000))
		this.#linger.unref?.()
	}

	/** Stops renewing; the etcd lease is left to `revoke` or its TTL. */
	end(): void {
		this.#ended = true
		clearTimeout(this.#timer)
		clearTimeout(this.#linger)
	}

	/** A hold's own lease stops renewing on its own (a hold with `renew: false`); when `renewNow`, it renews once first, so that a waiter granted its key has its whole TTL from the grant. */
	stopAutoRenew(renewNow: boolean): void {
		this.#autoRenew = false
		this.#renewAt = renewNow ? realClock.now() : Number.POSITIVE_INFINITY
		this.#arm()
	}

	/**
	 * Renews now with a keep-alive, for `ttl` ms at most the lease's own; retries until the lease's
	 * time runs out. Rejects with `lost` when it ran out or etcd no longer has it.
	 */
	async renewNow(ttl: number, place: string): Promise<void> {
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
			if (this.#autoRenew) this.#renewAt = sentAt + ttl / 3
			this.#arm()
			return
		}
	}

	/** Revokes the etcd lease, which deletes the keys put with it; gives up when the lease's own time is over (etcd deletes them by then). */
	async revoke(what: string): Promise<void> {
		this.end()
		const deadline = Date.now() + Math.max(this.validUntil - realClock.now(), this.#host.attemptTimeoutMs)
		try {
			await this.#host.rpc.call('Lease', 'LeaseRevoke', { ID: this.etcdId }, deadline, what)
		} catch {
			// Not found (it ran out), or etcd out of reach: the keys go at the lease's TTL all the same.
		}
	}

	/** Loses the etcd lease here if its deadline has passed but its timer has not fired yet (the event loop was blocked past it); true if it did. */
	expireIfDue(now = realClock.now()): boolean {
		if (this.#ended || now < this.#deadline()) return false
		this.#lose(`its ${formatDuration(this.ttl)} TTL passed without a renewal`)
		return true
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
		this.#renewAt = this.#autoRenew ? sentAt + this.ttl / 3 : Number.POSITIVE_INFINITY
		this.#arm()
	}

	#lose(reason: string): void {
		if (this.#ended) return
		this.end()
		for (const listener of [...this.#listeners]) listener(reason)
		this.#listeners.clear()
	}
}

/** A lease of a key kept in etcd, as its holder sees it: lost when its time runs out here (before etcd's), or when etcd says it has it no more. */
export class EtcdLease<Fence extends bigint | undefined> extends LeaseCore<Fence> {
	readonly id: string
	readonly #place: string
	readonly #host: TenancyHost
	#tenancy: Tenancy
	#stopListening: () => void
	readonly #etcdKey: string
	readonly #createRevision: string
	readonly #onEnd: (lease: EtcdLease<bigint | undefined>) => void

	/** Made at the grant: `etcdKey` is the hold's key in its line, created at `createRevision`, put with `tenancy`'s lease; `onEnd` is told once it is released or lost. */
	constructor(
		host: TenancyHost,
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
		this.#host = host
		this.#place = place
		this.#tenancy = tenancy
		this.#etcdKey = etcdKey
		this.#createRevision = createRevision
		this.#onEnd = onEnd
		this.#stopListening = this.#listen(tenancy)
	}

	get place(): string {
		return this.#place
	}

	/** Loses the lease if its time here has passed but its timer has not fired yet (the event loop was blocked past it); true if it did. */
	override expireIfDue(now?: number): boolean {
		return this.state === 'held' && this.#tenancy.expireIfDue(now)
	}

	/** When the lease runs out here unless renewed, in the real clock's ms (etcd's own expiry is later). */
	get expiresAt(): number {
		return this.#tenancy.validUntil
	}

	/** Renews with a keep-alive; a TTL other than its etcd lease's moves the key to an etcd lease of its own with that TTL. */
	async renew(ttl?: Duration): Promise<void> {
		const ms = ttl === undefined ? this.#tenancy.ttl : holdSettings({ ttl }, this.place).ttl
		this.checkRenewable()
		const what = `${this.place}: lease ${this.id}`
		try {
			if (ms === this.#tenancy.ttl || (!this.#tenancy.shared && ms <= this.#tenancy.etcdTtl * 1000)) await this.#tenancy.renewNow(ms, what)
			else await this.#moveTo(ms, what)
		} catch (error) {
			if (error instanceof LockError && error.code === 'lost') {
				this.lose(error)
				throw new LockError('lost', `${this.place}: lease ${this.id} was lost before this renewal`, { cause: error })
			}
			throw error
		}
	}

	/** Deletes the hold's key (only while it is this hold's), and lets go of its etcd lease. */
	async release(): Promise<void> {
		if (!this.markReleased()) return
		this.#stopListening()
		this.#onEnd(this)
		const what = `${this.place}: lease ${this.id}`
		if (!this.#tenancy.shared) {
			this.#tenancy.leave(what)
			return
		}
		await deleteHoldKey(this.#host, this.#etcdKey, this.#createRevision, Date.now() + Math.max(this.#tenancy.validUntil - realClock.now(), this.#host.attemptTimeoutMs), what)
		this.#tenancy.leave(what)
	}

	/** Marks the lease lost and aborts its signal; a released lease stays released. */
	lose(reason: LockError): void {
		if (!this.markLost(reason)) return
		this.#stopListening()
		this.#onEnd(this)
		this.#tenancy.leave(`${this.place}: lease ${this.id}`)
		this.announceLost()
	}

	#listen(tenancy: Tenancy): () => void {
		return tenancy.onLost(reason => this.lose(new LockError('lost', `${this.place}: lease ${this.id} ran out: ${reason}`)))
	}

	// An etcd lease of its own with the new TTL, the key moved to it in a transaction that holds only while the key is still this hold's and on the old lease.
	async #moveTo(ttl: number, what: string): Promise<void> {
		const old = this.#tenancy
		const deadline = Date.now() + Math.max(1, old.validUntil - realClock.now())
		const next = await Tenancy.grant(this.#host, ttl, deadline, what, false)
		next.use()
		const key = Buffer.from(this.#etcdKey)
		const answer = await this.#host.rpc.call<TxnResponse>(
			'KV',
			'Txn',
			{
				compare: [
					{ result: 'EQUAL', target: 'CREATE', key, create_revision: this.#createRevision },
					{ result: 'EQUAL', target: 'LEASE', key, lease: old.etcdId },
				],
				success: [{ request_put: { key, ignore_value: true, lease: next.etcdId } }],
				failure: [],
			},
			deadline,
			what,
		)
		if (!answer.succeeded) {
			void next.revoke(what)
			throw new LockError('lost', `${what}: its key was gone from etcd when it was renewed`)
		}
		this.#stopListening()
		this.#tenancy = next
		this.#stopListening = this.#listen(next)
		old.leave(what)
	}
}

/** Deletes a hold's key if it is still the one created at `createRevision`; a failure leaves it to its lease's TTL. */
export async function deleteHoldKey(host: TenancyHost, etcdKey: string, createRevision: string | undefined, deadline: number, what: string): Promise<void> {
	const key = Buffer.from(etcdKey)
	const compare = createRevision === undefined ? [] : [{ result: 'EQUAL', target: 'CREATE', key, create_revision: createRevision }]
	try {
		await host.rpc.call('KV', 'Txn', { compare, success: [{ request_delete_range: { key } }], failure: [] }, deadline, what)
	} catch {
		// etcd out of reach: the key goes with its lease at the TTL.
	}
}
