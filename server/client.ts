import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import {
	formatDuration,
	holdSettings as engineHoldSettings,
	keyText,
	LeaseCore,
	LOCK_ERROR_CODES,
	LockError,
	parseDuration,
	parseFence,
	refuseNested,
	runHolding,
	type Duration,
	type HoldOptions,
	type Key,
	type Lease,
	type LockErrorCode,
	type SemaphoreLease,
	type TryHoldOptions,
} from '../engine/index.ts'
import { parseServerUrl } from './address.ts'
import { clientNow, fieldsText, Link, type Answer } from './link.ts'
import {
	MAX_KEY_LENGTH,
	MAX_NAME_LENGTH,
	MAX_TTL_MS,
	MAX_WAIT_MS,
	MIN_TTL_MS,
	placeOf,
	ProtocolError,
	ttlOf,
	waitOf,
	type ListedKey,
	type LostEvent,
	type WireError,
	type WireLease,
} from './protocol.ts'

/** How a client connects. */
export interface ConnectOptions {
	/** The server's shared token, sent in the `hello`. */
	token?: string
	/** Connect again after the connection drops, with backoff, going on with the same leases; true unless false. */
	reconnect?: boolean
	/** How long the first connection may take, retries included; 10 s unless given. */
	connectTimeout?: Duration
}

// How long past its wait a hold waits for an answer that a dropped connection delays.
const answerGraceMs = 5000

// How long a close waits for the server to answer its releases and cancels.
const closeTimeoutMs = 5000

/** How a client closes. */
export interface CloseOptions {
	/** How long to wait for the server's answers to the releases and cancels; 5 s unless given. */
	timeout?: Duration
}

const engineCodes = new Set<string>(LOCK_ERROR_CODES)

/** Connects to a lock server (`tcp://127.0.0.1:7411`), resolving once it said hello, to hold keys as the embedded engine does. */
export async function connect(url = 'tcp://127.0.0.1:7411', options: ConnectOptions = {}): Promise<LockClient> {
	const client = new LockClient(url, options)
	await client.ready
	return client
}

/** A connection to a lock server, with its locks and semaphores. */
export class LockClient {
	readonly url: string
	/** @internal Resolves when the first connection said hello. */
	readonly ready: Promise<void>
	readonly #link: Link
	readonly #leases = new Map<string, RemoteLease<bigint | undefined>>()
	readonly #locks = new Map<string, RemoteLock>()
	readonly #semaphores = new Map<string, RemoteSemaphore>()
	// The client id every hello names: random, so no other client can act as this one. A request id is
	// scoped to it by the server, so a count is enough to name each hold, across reconnects too.
	readonly #clientId = randomUUID()
	#requests = 0
	// The request ids of the holds waiting for their answer, which a close withdraws.
	readonly #asking = new Set<string>()
	#closed = false
	#closing: Promise<void> | undefined
	// Follows each hold's function through its awaits, so a hold of the same key inside it is refused rather than left to wait for itself.
	readonly #context = new AsyncLocalStorage()

	/** Made by `connect`. */
	constructor(url: string, options: ConnectOptions) {
		const address = parseServerUrl(url)
		this.#link = new Link(address, {
			token: options.token,
			clientId: this.#clientId,
			reconnect: options.reconnect ?? true,
			connectTimeoutMs: parseDuration(options.connectTimeout ?? 10_000, 'connect: connectTimeout'),
			minDelayMs: 25,
			maxDelayMs: 1000,
			onEvent: event => this.#onEvent(event),
			onRestart: (previous, epoch) => this.#onRestart(previous, epoch),
			onClosed: error => this.#loseAll(error),
		})
		this.url = this.#link.url
		this.ready = this.#link.start()
	}

	/** True while the connection is up. */
	get connected(): boolean {
		return this.#link.connected
	}

	/** The server's lock of this name. */
	lock(name: string): RemoteLock {
		checkName(name, 'lock', this.#closed)
		let lock = this.#locks.get(name)
		if (lock === undefined) this.#locks.set(name, (lock = new RemoteLock(this.#holder('lock', name, undefined))))
		return lock
	}

	/** The server's semaphore of this name, whose keys have at most `limit` holders. */
	semaphore(name: string, options: { limit: number }): RemoteSemaphore {
		checkName(name, 'semaphore', this.#closed)
		const limit = (options as { limit?: unknown } | undefined)?.limit
		if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1) {
			throw new LockError('invalid', `semaphore ${name}: limit ${String(limit)}: expected a whole number of at least 1`)
		}
		let semaphore = this.#semaphores.get(name)
		if (semaphore === undefined) this.#semaphores.set(name, (semaphore = new RemoteSemaphore(this.#holder('semaphore', name, limit), limit)))
		else if (semaphore.limit !== limit) throw new LockError('invalid', `semaphore ${name}: limit ${limit}: it is open with limit ${semaphore.limit}`)
		return semaphore
	}

	/**
	 * Closes the client and lets go of what it holds, as the DynamoDB lock client does on close: it takes no
	 * new hold; each lease it holds reads as lost (`closed`: its signal aborts, and its function is not
	 * stopped), then is released at the server, so its key goes to the next in line at once; each hold still
	 * waiting is withdrawn. It waits for the server's answers at most `timeout` (5 s), then ends the
	 * connection: a lease whose release got no answer by then (the server out of reach) ends by its TTL.
	 */
	close(options: CloseOptions = {}): Promise<void> {
		if (this.#closing !== undefined) return this.#closing
		const timeout = parseDuration(options.timeout ?? closeTimeoutMs, 'client.close: timeout')
		if (this.#closed) return Promise.resolve()
		this.#closed = true
		this.#closing = this.#letGo(clientNow() + timeout)
		return this.#closing
	}

	async #letGo(deadline: number): Promise<void> {
		const reason = new LockError('closed', `${this.url}: the client closed`)
		const unanswered = () => new LockError('unreachable', `${this.url}: no answer before the client's close timeout`)
		// Told first, before its key can move on; then released at the server.
		const answers = [...this.#leases.values()].map(lease => lease.loseAndRelease(new LockError('closed', `${lease.place}: lease ${lease.id} was lost: the client closed`), deadline))
		this.#leases.clear()
		for (const requestId of this.#asking) answers.push(this.#link.call(fieldsText({ method: 'cancel', requestId }), deadline, unanswered).promise.then(() => {}))
		if (answers.length > 0) await Promise.allSettled(answers)
		this.#link.close(reason)
		await this.ready.catch(() => {})
	}

	/**
	 * An operator's view of the server: the keys held or waited for, with their holders (lease id,
	 * client, fence, expiry) and waiters, narrowed by kind, name and key. Needs a client connected
	 * with the server's operator token; `truncated` says the list was cut short (narrow it).
	 */
	async leases(filter: { kind?: 'lock' | 'semaphore'; name?: string; key?: Key } = {}): Promise<{ keys: ListedKey[]; truncated: boolean; now: number }> {
		const body: Record<string, unknown> = { method: 'leases' }
		if (filter.kind !== undefined) body.kind = filter.kind
		if (filter.name !== undefined) body.name = filter.name
		if (filter.key !== undefined) body.key = keyText(filter.key, 'leases')
		const answer = await this.#link.call(fieldsText(body)).promise
		if (!answer.ok) throw errorFrom(answer.error)
		const { keys, truncated, now } = answer as unknown as { keys: ListedKey[]; truncated: boolean; now: number }
		return { keys, truncated, now }
	}

	/** Ends a lease as an operator: its holder hears it is lost before its key moves on. Refused as `lost` for a lease that ran out or is unknown, `released` for one released. */
	async endLease(leaseId: string): Promise<void> {
		const answer = await this.#link.call(fieldsText({ method: 'end', leaseId })).promise
		if (!answer.ok) throw errorFrom(answer.error)
	}

	#onEvent(event: LostEvent): void {
		const lease = this.#leases.get(event.leaseId)
		if (lease === undefined) return
		if (event.reason === 'closed') lease.lose(new LockError('closed', `${lease.place}: lease ${lease.id} was lost: the server closed`))
		else if (event.reason === 'ended') lease.lose(new LockError('lost', `${lease.place}: lease ${lease.id} was lost: an operator ended it`))
		else lease.lose(new LockError('lost', `${lease.place}: lease ${lease.id} was lost: it ran out at the server (its TTL passed without a renewal)`))
	}

	// A restarted server knows no lease the one before it gave: each of them is lost now, not at its next renewal.
	#onRestart(previous: string, epoch: string): void {
		for (const lease of this.#leases.values()) {
			if (lease.epoch !== epoch) lease.lose(new LockError('lost', `${lease.place}: lease ${lease.id} was lost: the server restarted (epoch ${previous}, now ${epoch})`))
		}
	}

	// Without a connection a lease can be neither renewed nor released: its holder must know.
	#loseAll(error: LockError): void {
		this.#closed = true
		for (const lease of this.#leases.values()) lease.lose(new LockError('closed', `${lease.place}: lease ${lease.id} was lost: ${error.message}`))
		this.#leases.clear()
	}

	#holder(kind: 'lock' | 'semaphore', name: string, limit: number | undefined): Holder {
		return {
			kind,
			name,
			hold: (key, fn, options, mayWait) => this.#hold(kind, name, limit, key, fn, options, mayWait),
		}
	}

	async #hold<T>(
		kind: 'lock' | 'semaphore',
		name: string,
		limit: number | undefined,
		key: Key,
		fn: (lease: RemoteLease<bigint | undefined>) => T | PromiseLike<T>,
		options: HoldOptions | undefined,
		mayWait: boolean,
	): Promise<T | NotHeld> {
		const text = wireKey(kind, name, key)
		const place = placeOf(kind, name, text)
		const settings = holdSettings(place, options, mayWait)
		if (typeof fn !== 'function') throw new LockError('invalid', `${place}: expected a function to run holding the key`)
		if (this.#closed) throw new LockError('closed', `${place}: the client is closed`)
		if (settings.signal?.aborted) throw new LockError('cancelled', `${place}: cancelled before the hold began`, { cause: settings.signal.reason })
		// The lock's own object, the same for every hold of its name on this client.
		const owner = kind === 'lock' ? this.#locks.get(name) : undefined
		if (owner !== undefined) refuseNested(this.#context, owner, text, place, settings.forever ? Number.POSITIVE_INFINITY : settings.wait)
		let answer: Answer
		// Written by hand, as one text: a request is made for every hold. The request id is a count, with nothing to escape.
		const fields = `"method":"hold","kind":"${kind}","name":${JSON.stringify(name)},"key":${JSON.stringify(text)},"ttl":${settings.ttl},"wait":${settings.wait}${limit === undefined ? '' : `,"limit":${limit}`},"requestId":`
		do {
			const requestId = String(++this.#requests)
			this.#asking.add(requestId)
			try {
				answer = await this.#ask(place, requestId, `${fields}"${requestId}"`, settings.wait, settings.signal)
			} finally {
				this.#asking.delete(requestId)
			}
		} while (settings.forever && !answer.ok && answer.error.code === 'held')
		// Closed while the answer was on its way: the close's cancel lets go of a grant, and the function never runs.
		if (this.#closed) throw new LockError('closed', `${place}: the client closed`)
		if (!answer.ok) {
			if (!mayWait && answer.error.code === 'held') return notHeld
			throw errorFrom(answer.error)
		}
		const lease = this.#leaseFrom(place, kind, answer, settings.ttl, settings.renew, settings.onLost)
		this.#leases.set(lease.id, lease)
		try {
			return await (owner === undefined ? fn(lease) : runHolding(this.#context, owner, text, lease, () => fn(lease)))
		} finally {
			await lease.release()
			this.#leases.delete(lease.id)
		}
	}

	// Waits for a hold's answer; a signal, or a connection down past the wait, withdraws it.
	#ask(place: string, requestId: string, fields: string, wait: number, signal: AbortSignal | undefined): Promise<Answer> {
		const call = this.#link.call(fields, clientNow() + wait + answerGraceMs, () => {
			// The server may have granted the hold already, or may still have it in line.
			this.#cancel(requestId)
			return new LockError('unreachable', `${place}: no answer from ${this.url} within the ${formatDuration(wait)} wait`)
		})
		if (signal === undefined) return call.promise
		return new Promise<Answer>((resolve, reject) => {
			const onAbort = () => {
				this.#link.withdraw(call)
				this.#cancel(requestId)
				reject(new LockError('cancelled', `${place}: cancelled while waiting`, { cause: signal.reason }))
			}
			signal.addEventListener('abort', onAbort, { once: true })
			call.promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
		})
	}

	#cancel(requestId: string): void {
		this.#link.call(fieldsText({ method: 'cancel', requestId })).promise.catch(() => {})
	}

	#leaseFrom(
		place: string,
		kind: 'lock' | 'semaphore',
		answer: Answer & { ok: true },
		ttl: number,
		renew: boolean,
		onLost: ((reason: LockError) => void) | undefined,
	): RemoteLease<bigint | undefined> {
		const wire = answer.lease as WireLease | undefined
		let fence: bigint | undefined
		try {
			if (typeof wire !== 'object' || wire === null || typeof wire.id !== 'string' || typeof wire.expiresAt !== 'number') {
				throw new LockError('invalid', 'expected a lease with an id and expiresAt')
			}
			// A fence that does not read back exactly must not guard any write (LOCK-08).
			if (kind === 'lock') fence = parseFence(wire.fence as string)
			else if (wire.fence !== null) throw new LockError('invalid', `a semaphore's lease came with fence ${JSON.stringify(wire.fence)}`)
		} catch (error) {
			if (typeof wire?.id === 'string') this.#link.call(fieldsText({ method: 'release', leaseId: wire.id })).promise.catch(() => {})
			throw new LockError('invalid', `${place}: the server's answer is refused: ${(error as Error).message}`)
		}
		const lease = new RemoteLease(this.#link, place, wire, fence, ttl, renew, localExpiry(answer, wire.expiresAt))
		if (onLost !== undefined) lease.onLost(onLost)
		return lease
	}
}

interface Holder {
	readonly kind: 'lock' | 'semaphore'
	readonly name: string
	hold<T>(
		key: Key,
		fn: (lease: RemoteLease<bigint | undefined>) => T | PromiseLike<T>,
		options: HoldOptions | undefined,
		mayWait: boolean,
	): Promise<T | NotHeld>
}

// What a `tryHold` that found its key held resolves to inside the client: `fn`'s own value may be undefined.
const notHeld: unique symbol = Symbol('not held')
type NotHeld = typeof notHeld

// A hold that may wait never resolves to `notHeld`: only one that may not wait finds the key held and returns.
function heldValue<T>(holding: Promise<T | NotHeld>): Promise<T> {
	return holding as Promise<T>
}

async function triedValue<T>(holding: Promise<T | NotHeld>): Promise<T | undefined> {
	const value = await holding
	return value === notHeld ? undefined : value
}

/** A lock of a lock server: the same `hold` and `tryHold` as the engine's, over a connection. */
export class RemoteLock {
	readonly #holder: Holder

	/** Made by `client.lock(name)`. */
	constructor(holder: Holder) {
		this.#holder = holder
	}

	get name(): string {
		return this.#holder.name
	}

	/**
	 * Runs `fn` holding the key, waiting up to `wait` (10 s) for it; releases the key after,
	 * also when `fn` throws, and renews the lease (TTL 30 s) every third of its TTL while `fn`
	 * runs unless `renew: false`. Rejects with `held` when the wait runs out, `cancelled` when
	 * the signal aborts first; `fn` then never runs.
	 */
	hold<T>(key: Key, fn: (lease: Lease) => T | PromiseLike<T>, options?: HoldOptions): Promise<T> {
		return heldValue(this.#holder.hold(key, fn as (lease: Lease<bigint | undefined>) => T, options, true))
	}

	/** Like `hold` without waiting: resolves to undefined, and `fn` never runs, when the key is held. */
	tryHold<T>(key: Key, fn: (lease: Lease) => T | PromiseLike<T>, options?: TryHoldOptions): Promise<T | undefined> {
		return triedValue(this.#holder.hold(key, fn as (lease: Lease<bigint | undefined>) => T, { ...options, wait: 0 }, false))
	}
}

/** A semaphore of a lock server: the same `hold` and `tryHold` as the engine's; its leases carry no fence. */
export class RemoteSemaphore {
	readonly #holder: Holder
	readonly limit: number

	/** Made by `client.semaphore(name, { limit })`. */
	constructor(holder: Holder, limit: number) {
		this.#holder = holder
		this.limit = limit
	}

	get name(): string {
		return this.#holder.name
	}

	/** Runs `fn` holding one of the key's places; otherwise as `RemoteLock.hold` (the wait runs out with `held`, the key being full). */
	hold<T>(key: Key, fn: (lease: SemaphoreLease) => T | PromiseLike<T>, options?: HoldOptions): Promise<T> {
		return heldValue(this.#holder.hold(key, fn as (lease: Lease<bigint | undefined>) => T, options, true))
	}

	/** Like `hold` without waiting: resolves to undefined, and `fn` never runs, when the key is full. */
	tryHold<T>(key: Key, fn: (lease: SemaphoreLease) => T | PromiseLike<T>, options?: TryHoldOptions): Promise<T | undefined> {
		return triedValue(this.#holder.hold(key, fn as (lease: Lease<bigint | undefined>) => T, { ...options, wait: 0 }, false))
	}
}

/**
 * When a lease runs out, in the client's clock, from the answer that set its expiry: no earlier than the
 * request's send time, plus the time it waited at the server, plus what was left of the lease when the
 * server answered. No measure of the server's clock is kept: one taken hours ago says nothing of now.
 */
function localExpiry(answer: Answer, expiresAt: number): number {
	if (!answer.ok || typeof answer.now !== 'number' || typeof answer.sentAt !== 'number') return clientNow()
	const waited = typeof answer.waited === 'number' && answer.waited > 0 ? answer.waited : 0
	return answer.sentAt + waited + (expiresAt - answer.now)
}

/** A lease the server gave, as its holder sees it: lost when a renewal is refused, when the server says so, or just before its time runs out here. */
class RemoteLease<Fence extends bigint | undefined> extends LeaseCore<Fence> {
	readonly id: string
	/** The epoch of the server that gave it: a server of another epoch knows nothing of it. */
	readonly epoch: string | undefined
	readonly #place: string
	readonly #link: Link
	#ttl: number
	#expiresAt: number
	// When it runs out in the client's clock (localExpiry).
	#runsOutAt: number
	#renewAt: number
	// One timer per lease: at the next renewal while renewing, else at the deadline.
	#timer: ReturnType<typeof setTimeout> | undefined
	#renewing = false
	// The fence as the wire wrote it (it read back exactly), sent with each renewal and release.
	readonly #fenceText: string | null
	// Made by the first renewal: most leases are released before any.
	#onLost: Set<(reason: LockError) => void> | undefined

	// The leases made in this turn of the event loop, whose timers are set at its end: a hold whose function is done
	// within the turn (most of them) makes no timer at all. Its lease cannot run out meanwhile: its TTL is 1 s at least.
	static readonly #toArm: RemoteLease<bigint | undefined>[] = []

	static #armSoon(lease: RemoteLease<bigint | undefined>): void {
		if (RemoteLease.#toArm.push(lease) === 1) setImmediate(RemoteLease.#armAll)
	}

	static #armAll(): void {
		for (const lease of RemoteLease.#toArm.splice(0)) if (lease.state === 'held' && lease.#timer === undefined) lease.#arm()
	}

	// The fence as a request's field, for a lock's lease: its text read back exactly (digits only), so written as it came.
	get #fenceField(): string {
		return this.#fenceText === null ? '' : `,"fence":"${this.#fenceText}"`
	}

	constructor(link: Link, place: string, wire: WireLease, fence: Fence, ttl: number, autoRenew: boolean, runsOutAt: number) {
		super(wire.key, fence)
		this.#link = link
		this.epoch = link.epoch
		this.#place = place
		this.id = wire.id
		this.#fenceText = fence === undefined ? null : (wire.fence as string)
		this.#ttl = ttl
		this.#expiresAt = wire.expiresAt
		this.#runsOutAt = runsOutAt
		this.#renewAt = autoRenew ? clientNow() + ttl / 3 : Number.POSITIVE_INFINITY
		RemoteLease.#armSoon(this as RemoteLease<bigint | undefined>)
	}

	/** When the lease runs out unless renewed, in the server clock's milliseconds. */
	get expiresAt(): number {
		return this.#expiresAt
	}

	get place(): string {
		return this.#place
	}

	async renew(ttl?: Duration): Promise<void> {
		const ms = ttl === undefined ? this.#ttl : wireTtl(this.place, ttl)
		this.checkRenewable()
		const call = this.#link.call(`"method":"renew","leaseId":${JSON.stringify(this.id)},"ttl":${ms}${this.#fenceField}`)
		let stopWaiting = (_: LockError) => {}
		const lost = new Promise<LockError>(resolve => {
			stopWaiting = resolve
			;(this.#onLost ??= new Set()).add(resolve)
		})
		const answer = await Promise.race([call.promise, lost])
		this.#onLost?.delete(stopWaiting)
		if (answer instanceof LockError) {
			this.#link.withdraw(call)
			throw new LockError('lost', `${this.place}: lease ${this.id} was lost before this renewal`, { cause: answer })
		}
		if (!answer.ok) {
			const error = errorFrom(answer.error)
			if (error.code === 'lost' || error.code === 'released') this.lose(error)
			throw error
		}
		if (this.state !== 'held') return
		this.#ttl = ms
		this.#expiresAt = (answer.lease as WireLease).expiresAt
		this.#runsOutAt = localExpiry(answer, this.#expiresAt)
		this.#arm()
	}

	async release(): Promise<void> {
		if (!this.markReleased()) return
		clearTimeout(this.#timer)
		await this.#releaseAtServer(Number.POSITIVE_INFINITY)
	}

	/** For a client that closes: the lease reads as lost (`reason`) first, then is released at the server; settles once answered, or at `deadline` in the client's clock. */
	async loseAndRelease(reason: LockError, deadline: number): Promise<void> {
		if (this.state !== 'held') return
		this.lose(reason)
		await this.#releaseAtServer(deadline)
	}

	async #releaseAtServer(deadline: number): Promise<void> {
		const fields = `"method":"release","leaseId":${JSON.stringify(this.id)}${this.#fenceField}`
		// Past the lease's own time the answer no longer matters: the key is free either way.
		const until = Math.min(deadline, this.#runsOutAt)
		try {
			await this.#link.call(fields, until, () => new LockError('lost', `${this.place}: lease ${this.id}: no answer to its release in time`)).promise
		} catch {
			// Refused, closed or past the deadline: the lease is released here all the same, and the server frees the key by its TTL at the latest.
		}
	}

	/** Marks the lease lost and aborts its signal; a released lease stays released. */
	lose(reason: LockError): void {
		if (!this.markLost(reason)) return
		clearTimeout(this.#timer)
		for (const stopWaiting of this.#onLost ?? []) stopWaiting(reason)
		this.#onLost = undefined
		this.announceLost()
	}

	// Early by a fiftieth of the TTL (at most 1 s), for timers that fire late.
	#deadline(): number {
		return this.#runsOutAt - Math.min(1000, this.#ttl / 50)
	}

	#arm(): void {
		clearTimeout(this.#timer)
		const now = clientNow()
		// Whole milliseconds, so leases share Node's timer lists (one list per distinct delay), and an arrow passed here
		// rather than one kept in a field: tsx (esbuild keepNames) renames every named arrow as it is made.
		this.#timer = setTimeout(() => this.#onTimer(), Math.max(0, Math.ceil(Math.min(this.#renewAt, this.#deadline()) - now)))
	}

	#onTimer(): void {
		if (this.state !== 'held') return
		const now = clientNow()
		if (now >= this.#deadline()) {
			this.lose(new LockError('lost', `${this.place}: lease ${this.id} ran out: its ${formatDuration(this.#ttl)} TTL passed without a renewal`))
			return
		}
		if (now >= this.#renewAt) {
			this.#renewAt = now + this.#ttl / 3
			if (!this.#renewing) {
				this.#renewing = true
				this.renew().then(
					() => {},
					(error: unknown) => {
						// A refusal other than lost or released (the server busy) waits for the next turn.
						if (error instanceof LockError && (error.code === 'lost' || error.code === 'released' || error.code === 'closed')) this.lose(error)
					},
				).finally(() => {
					this.#renewing = false
				})
			}
		}
		this.#arm()
	}
}

// The engine's checks and defaults, then the wire's ranges: a remote hold takes what a local one takes, refused in the same words.
function holdSettings(place: string, options: HoldOptions | undefined, mayWait: boolean) {
	const settings = engineHoldSettings(options, place)
	const forever = mayWait && settings.wait === Number.POSITIVE_INFINITY
	let wait = 0
	// The wire waits at most an hour at a time; an unbounded wait asks again after each.
	if (forever) wait = MAX_WAIT_MS
	else if (mayWait) wait = settings.wait <= MAX_WAIT_MS ? settings.wait : wireWait(place, options?.wait ?? settings.wait)
	// The engine read the durations already: only one out of the wire's range is read again, so its refusal quotes it as the caller wrote it.
	const ttl = settings.ttl >= MIN_TTL_MS && settings.ttl <= MAX_TTL_MS ? settings.ttl : wireTtl(place, options?.ttl ?? settings.ttl)
	return { ttl, wait, forever, renew: settings.renew, signal: settings.signal, onLost: settings.onLost }
}

function wireWait(place: string, wait: Duration): number {
	try {
		return waitOf(place, wait)
	} catch (error) {
		throw asLockError(error)
	}
}

function wireTtl(place: string, ttl: Duration): number {
	try {
		return ttlOf(place, ttl)
	} catch (error) {
		throw asLockError(error)
	}
}

function asLockError(error: unknown): LockError {
	if (error instanceof LockError) return error
	if (error instanceof ProtocolError) return new LockError('invalid', error.message)
	return new LockError('invalid', String(error))
}

// The engine's key rules, then the wire's length.
function wireKey(kind: 'lock' | 'semaphore', name: string, key: Key): string {
	const text = keyText(key, `${kind} ${name}`)
	const bytes = Buffer.byteLength(text)
	if (bytes > MAX_KEY_LENGTH) throw new LockError('invalid', `${kind} ${name}: key of ${bytes} bytes of UTF-8: the wire takes at most ${MAX_KEY_LENGTH}`)
	return text
}

function checkName(name: unknown, kind: string, closed: boolean): void {
	if (typeof name !== 'string' || name.length === 0 || name.length > MAX_NAME_LENGTH) {
		throw new LockError('invalid', `client.${kind}: name ${JSON.stringify(String(name))}: expected a string of 1 to ${MAX_NAME_LENGTH} characters`)
	}
	if (closed) throw new LockError('closed', `${kind} ${name}: the client is closed`)
}

/** A server's refusal as the engine's error: a server at a limit or unable to write its history reads as `busy`, the wire's other codes as `invalid`, named in the message. */
function errorFrom(error: WireError): LockError {
	// The wire's unavailable is a server that could not write its history, which a client retries as busy; the engine's is etcd's lost quorum.
	if (engineCodes.has(error.code) && error.code !== 'unavailable') return new LockError(error.code as LockErrorCode, error.message)
	return new LockError(error.code === 'unavailable' ? 'busy' : 'invalid', `${error.code}: ${error.message}`, { cause: error })
}
