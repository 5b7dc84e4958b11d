import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import {
	formatDuration,
	holdSettings,
	keyPlace,
	keyText,
	LockError,
	makeFence,
	parseDuration,
	realClock,
	refuseNested,
	runHolding,
	type Duration,
	type HoldOptions,
	type Key,
	type Lease,
	type SemaphoreLease,
	type TryHoldOptions,
} from '../engine/index.ts'
import { ensureEpoch, readEpoch } from './epoch.ts'
import { KeepAlives } from './keep-alives.ts'
import { DEFAULT_PREFIX, lineKey, type Kind } from './keys.ts'
import { EtcdLease, Tenancy } from './lease.ts'
import { LeaseGone, LinePlace, type Grant, type LineHost } from './line.ts'
import { EtcdRpc } from './rpc.ts'

/** How a client reaches etcd. */
export interface EtcdConnectOptions {
	/** The members' client addresses: `host:port` or `http://host:port`, as a list or comma-separated. */
	endpoints: string | string[]
	/** Where in etcd's keys the locks live; `tinystore-locks/` unless given. Clients that share keys share a prefix. */
	prefix?: string
	/** How long connecting may take, tries at every member included; 10 s unless given. */
	connectTimeout?: Duration
	/** How long past its wait a hold (and any other call) waits for etcd to answer before it gives up with `unavailable` or `unreachable`; 5 s unless given. */
	requestTimeout?: Duration
	/** How long one try at one member may take before the next member is tried; 1 s unless given. */
	attemptTimeout?: Duration
}

const maxNameLength = 200

/** Connects to an etcd cluster, resolving once the epoch is read (and written, on a cluster no client used yet), to hold keys as the embedded engine does. */
export async function connectEtcd(options: EtcdConnectOptions): Promise<EtcdLockClient> {
	const client = new EtcdLockClient(options)
	try {
		await client.ready
	} catch (error) {
		await client.close()
		throw error
	}
	return client
}

/** A client of an etcd cluster, with its locks and semaphores: the same `hold` and `tryHold` as the engine's and the lock server's. */
export class EtcdLockClient implements LineHost {
	readonly prefix: string
	readonly rpc: EtcdRpc
	readonly keepAlives: KeepAlives
	readonly attemptTimeoutMs: number
	readonly requestTimeoutMs: number
	readonly recheckMs = 1000
	/** @internal Resolves once the epoch is read. */
	readonly ready: Promise<void>
	readonly #closing = new AbortController()
	readonly #clientId = randomUUID()
	readonly #leases = new Set<EtcdLease<bigint | undefined>>()
	readonly #locks = new Map<string, EtcdLock>()
	readonly #semaphores = new Map<string, EtcdSemaphore>()
	readonly #sessions = new Map<number, Promise<Tenancy>>()
	// Follows each lock hold's function through its awaits, so a hold of the same key inside it is refused rather than left to wait for itself (the engine's and the lock server client's rule).
	readonly #context = new AsyncLocalStorage()
	#epoch = ''
	#holds = 0

	/** Made by `connectEtcd`. */
	constructor(options: EtcdConnectOptions) {
		if (typeof options !== 'object' || options === null) throw new LockError('invalid', 'connectEtcd: expected options with endpoints')
		const endpoints = typeof options.endpoints === 'string' ? options.endpoints.split(',').map(e => e.trim()) : options.endpoints
		this.prefix = options.prefix ?? DEFAULT_PREFIX
		if (typeof this.prefix !== 'string' || !this.prefix.endsWith('/') || this.prefix.length < 2) {
			throw new LockError('invalid', `connectEtcd: prefix ${JSON.stringify(this.prefix)}: expected text that ends in "/", such as "tinystore-locks/"`)
		}
		this.attemptTimeoutMs = parseDuration(options.attemptTimeout ?? 1000, 'connectEtcd: attemptTimeout')
		this.requestTimeoutMs = parseDuration(options.requestTimeout ?? 5000, 'connectEtcd: requestTimeout')
		const connectTimeoutMs = parseDuration(options.connectTimeout ?? 10_000, 'connectEtcd: connectTimeout')
		this.rpc = new EtcdRpc({ endpoints, attemptTimeoutMs: this.attemptTimeoutMs })
		this.keepAlives = new KeepAlives(this.rpc)
		this.ready = ensureEpoch(this.rpc, this.prefix, realClock, Date.now() + connectTimeoutMs).then(record => {
			this.#epoch = record.text
		})
	}

	/** The members this client calls. */
	get endpoints(): readonly string[] {
		return this.rpc.endpoints
	}

	/** The epoch as last read. */
	get epoch(): string {
		return this.#epoch
	}

	get closing(): AbortSignal {
		return this.#closing.signal
	}

	async refreshEpoch(deadline: number): Promise<string> {
		const record = (await readEpoch(this.rpc, this.prefix, deadline)) ?? (await ensureEpoch(this.rpc, this.prefix, realClock, deadline))
		this.#epoch = record.text
		return this.#epoch
	}

	/** The cluster's lock of this name. */
	lock(name: string): EtcdLock {
		this.#checkName(name, 'lock')
		let lock = this.#locks.get(name)
		if (lock === undefined) this.#locks.set(name, (lock = new EtcdLock(name, this.#holder('lock', name, 1))))
		return lock
	}

	/** The cluster's semaphore of this name, whose keys have at most `limit` holders. */
	semaphore(name: string, options: { limit: number }): EtcdSemaphore {
		this.#checkName(name, 'semaphore')
		const limit = (options as { limit?: unknown } | undefined)?.limit
		if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1) {
			throw new LockError('invalid', `semaphore ${name}: limit ${String(limit)}: expected a whole number of at least 1`)
		}
		let semaphore = this.#semaphores.get(name)
		if (semaphore === undefined) this.#semaphores.set(name, (semaphore = new EtcdSemaphore(name, limit, this.#holder('semaphore', name, limit))))
		else if (semaphore.limit !== limit) throw new LockError('invalid', `semaphore ${name}: limit ${limit}: it is open with limit ${semaphore.limit}`)
		return semaphore
	}

	/** Closes the client: waiting holds are refused and held leases read as lost (`closed`), then its etcd leases are revoked, which deletes their keys. */
	async close(): Promise<void> {
		if (this.#closing.signal.aborted) return
		this.#closing.abort()
		await this.ready.catch(() => {})
		for (const lease of [...this.#leases]) lease.lose(new LockError('closed', `${lease.place}: lease ${lease.id} was lost: the etcd client closed`))
		const sessions = await Promise.all([...this.#sessions.values()].map(pending => pending.catch(() => undefined)))
		await Promise.all(sessions.map(session => (session?.live ? session.revoke('etcd client close') : undefined)))
		this.keepAlives.close()
		this.rpc.close()
	}

	#checkName(name: unknown, kind: Kind): void {
		if (typeof name !== 'string' || name.length === 0 || name.length > maxNameLength) {
			throw new LockError('invalid', `client.${kind}: name ${JSON.stringify(String(name))}: expected a string of 1 to ${maxNameLength} characters`)
		}
		if (this.#closing.signal.aborted) throw new LockError('closed', `${kind} ${name}: the client is closed`)
	}

	#holder(kind: Kind, name: string, limit: number): Holder {
		return { hold: (key, fn, options, mayWait) => this.#hold(kind, name, limit, key, fn, options, mayWait) }
	}

	async #hold<T>(
		kind: Kind,
		name: string,
		limit: number,
		key: Key,
		fn: (lease: EtcdLease<bigint | undefined>) => T | PromiseLike<T>,
		options: HoldOptions | undefined,
		mayWait: boolean,
	): Promise<T | NotHeld> {
		const owner = `${kind} ${name}`
		const text = keyText(key, owner)
		const place = keyPlace(owner, text)
		const settings = holdSettings(options, place)
		if (typeof fn !== 'function') throw new LockError('invalid', `${place}: expected a function to run holding the key`)
		if (this.#closing.signal.aborted) throw new LockError('closed', `${place}: the client is closed`)
		if (settings.signal?.aborted) throw new LockError('cancelled', `${place}: cancelled before the hold began`, { cause: settings.signal.reason })
		const wait = mayWait ? settings.wait : 0
		// The lock's own object, the same for every hold of its name on this client.
		const lock = kind === 'lock' ? this.#locks.get(name) : undefined
		if (lock !== undefined) refuseNested(this.#context, lock, text, place, wait)
		await this.ready
		const waitUntil = realClock.now() + wait
		// Every call of the hold may take until the end of its wait, and the request timeout past it.
		const answerBy = () => Date.now() + Math.max(0, Math.min(waitUntil - realClock.now(), 3_600_000)) + this.requestTimeoutMs
		const number = ++this.#holds
		const value = { client: this.#clientId, hold: number, ttl: settings.ttl, ...(kind === 'semaphore' ? { limit } : {}) }
		const line = lineKey(this.prefix, kind, name, text)
		for (;;) {
			// A hold that renews shares its client's etcd lease of its TTL; one that does not has its own.
			const tenancy = settings.renew ? await this.#session(settings.ttl, answerBy(), place) : await Tenancy.grant(this, settings.ttl, answerBy(), place, false)
			if (!settings.renew) tenancy.use()
			const id = `${tenancy.hex}-${number}`
			const spot = new LinePlace(this, kind, limit, line, owner, place, value, tenancy, id)
			let grant: Grant | 'gone'
			try {
				const joined = await spot.join(answerBy(), mayWait)
				if (joined === 'waiting' && !mayWait) {
					// A lock's tryHold put nothing; a semaphore's put its key to see its place, and takes it out again.
					if (kind === 'semaphore') await spot.leave(answerBy())
					tenancy.leave(place)
					return notHeld
				}
				grant = joined === 'waiting' ? await spot.waitForGrant(waitUntil, wait, settings.signal, answerBy) : joined
			} catch (error) {
				// Out of the line before the hold answers (a try at a member, no longer: etcd may be what failed).
				await spot.leave(Date.now() + this.attemptTimeoutMs).finally(() => tenancy.leave(place))
				if (!(error instanceof LeaseGone)) throw error
				grant = 'gone'
			}
			if (grant === 'gone' || !tenancy.live) {
				if (grant !== 'gone') await spot.leave(answerBy()).finally(() => tenancy.leave(place))
				else if (tenancy.live) tenancy.leave(place)
				// The hold's etcd lease ran out while it waited (its process stalled): it joins the line again, at its end, while the wait lasts.
				if (realClock.now() < waitUntil) continue
				throw new LockError('held', `${place}: ${kind === 'lock' ? 'held' : 'full'} past the ${formatDuration(wait)} wait (its etcd lease ran out while it waited)`)
			}
			// A lease of its own that waited was renewed while it waited: renewed once more at the grant, it has its whole TTL from there.
			if (!settings.renew) tenancy.stopAutoRenew(grant.createRevision !== grant.grantRevision)
			const fence = kind === 'lock' ? makeFence(BigInt(grant.epoch as string), BigInt(grant.grantRevision)) : undefined
			const lease = new EtcdLease(this, place, text, id, fence, tenancy, grant.etcdKey, grant.createRevision, ended => this.#leases.delete(ended))
			if (settings.onLost !== undefined) lease.onLost(settings.onLost)
			this.#leases.add(lease)
			try {
				return await (lock === undefined ? fn(lease) : runHolding(this.#context, lock, text, lease, () => fn(lease)))
			} finally {
				await lease.release()
			}
		}
	}

	// The client's shared etcd lease of this TTL, granted on first use and again once lost or let go.
	async #session(ttl: number, deadline: number, place: string): Promise<Tenancy> {
		for (;;) {
			let pending = this.#sessions.get(ttl)
			if (pending === undefined) {
				const granting = Tenancy.grant(this, ttl, deadline, place, true)
				this.#sessions.set(ttl, (pending = granting))
				granting.catch(() => {
					if (this.#sessions.get(ttl) === granting) this.#sessions.delete(ttl)
				})
			}
			const tenancy = await pending
			if (tenancy.live) {
				tenancy.use()
				return tenancy
			}
			if (this.#sessions.get(ttl) === pending) this.#sessions.delete(ttl)
		}
	}
}

interface Holder {
	hold<T>(key: Key, fn: (lease: EtcdLease<bigint | undefined>) => T | PromiseLike<T>, options: HoldOptions | undefined, mayWait: boolean): Promise<T | NotHeld>
}

// What a `tryHold` that found its key held resolves to inside the client: `fn`'s own value may be undefined.
const notHeld: unique symbol = Symbol('not held')
type NotHeld = typeof notHeld

async function triedValue<T>(holding: Promise<T | NotHeld>): Promise<T | undefined> {
	const value = await holding
	return value === notHeld ? undefined : value
}

/** A lock kept in etcd: the same `hold` and `tryHold` as the engine's; fences count etcd's revisions. */
export class EtcdLock {
	readonly name: string
	readonly #holder: Holder

	/** Made by `client.lock(name)`. */
	constructor(name: string, holder: Holder) {
		this.name = name
		this.#holder = holder
	}

	/**
	 * Runs `fn` holding the key, waiting up to `wait` (10 s) in line for it; releases the key after,
	 * also when `fn` throws, and renews the lease (TTL 30 s) every third of its TTL while `fn` runs
	 * unless `renew: false`. Rejects with `held` when the wait runs out, `cancelled` when the signal
	 * aborts first (`fn` then never runs), `unavailable` when etcd cannot decide (no quorum).
	 */
	hold<T>(key: Key, fn: (lease: Lease) => T | PromiseLike<T>, options?: HoldOptions): Promise<T> {
		return this.#holder.hold(key, fn as (lease: EtcdLease<bigint | undefined>) => T, options, true) as Promise<T>
	}

	/** Like `hold` without waiting: resolves to undefined, and `fn` never runs, when the key is held. */
	tryHold<T>(key: Key, fn: (lease: Lease) => T | PromiseLike<T>, options?: TryHoldOptions): Promise<T | undefined> {
		return triedValue(this.#holder.hold(key, fn as (lease: EtcdLease<bigint | undefined>) => T, { ...options, wait: 0 }, false))
	}
}

/** A semaphore kept in etcd: the same `hold` and `tryHold` as the engine's; its leases carry no fence. */
export class EtcdSemaphore {
	readonly name: string
	readonly limit: number
	readonly #holder: Holder

	/** Made by `client.semaphore(name, { limit })`. */
	constructor(name: string, limit: number, holder: Holder) {
		this.name = name
		this.limit = limit
		this.#holder = holder
	}

	/** Runs `fn` holding one of the key's places; otherwise as `EtcdLock.hold` (the wait runs out with `held`, the key being full). */
	hold<T>(key: Key, fn: (lease: SemaphoreLease) => T | PromiseLike<T>, options?: HoldOptions): Promise<T> {
		return this.#holder.hold(key, fn as (lease: EtcdLease<bigint | undefined>) => T, options, true) as Promise<T>
	}

	/** Like `hold` without waiting: resolves to undefined, and `fn` never runs, when the key is full. */
	tryHold<T>(key: Key, fn: (lease: SemaphoreLease) => T | PromiseLike<T>, options?: TryHoldOptions): Promise<T | undefined> {
		return triedValue(this.#holder.hold(key, fn as (lease: EtcdLease<bigint | undefined>) => T, { ...options, wait: 0 }, false))
	}
}
