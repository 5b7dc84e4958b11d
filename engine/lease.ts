import type { Clock, TimerHandle } from './clock.ts'
import { formatDuration, type Duration } from './duration.ts'
import { LockError } from './errors.ts'
import { renewalInterval, ttlMs } from './hold-options.ts'
import { keyPlace } from './key.ts'

/**
 * The right to one key of a lock (or one of a semaphore key's places) until it is
 * released or runs out. A lock's lease carries a fence; a semaphore's does not.
 */
export interface Lease<Fence extends bigint | undefined = bigint> {
	/** The key, as text. */
	readonly key: string
	/** Names the lease for renewals and releases; unique across the store's opens (`<epoch>-<n>` in a store, a random UUID from a lock server). */
	readonly id: string
	/** Larger than the fence of every earlier lease of the store (LOCK-03); undefined for a semaphore's lease. */
	readonly fence: Fence
	/** When the lease runs out unless renewed, in the store clock's milliseconds. */
	readonly expiresAt: number
	/** Aborts when the lease is lost (it ran out, its store closed, or an operator ended it), before the key goes to anyone else (LOCK-04); a release does not abort it. */
	readonly signal: AbortSignal
	/** True once the lease ran out, its store closed, or an operator ended it. */
	readonly lost: boolean
	/** Extends the lease to `ttl` from now (its current TTL unless given); fails with `lost` once it ran out, `released` after a release. */
	renew(ttl?: Duration): Promise<void>
	/** Lets go of the key; a no-op for a lease already lost or released, so it never frees a newer holder. */
	release(): Promise<void>
}

/** A lease of a semaphore: no fence. */
export type SemaphoreLease = Lease<undefined>

/** What a lease needs from the lock or semaphore that gave it. */
export interface LeaseOwner {
	readonly clock: Clock
	/** The name of the lock or semaphore. */
	readonly name: string
	/** The epoch of the store that gave the lease, the first part of its id. */
	readonly epoch: bigint
	/** `lock summaries`, for messages. */
	readonly place: string
	/** Takes the lease out of its key's holders, runs `beforeHandOver`, then gives the key to whoever is next. */
	letGo(lease: HeldLease<bigint | undefined>, beforeHandOver?: () => void): void
}

type LeaseState = 'held' | 'released' | 'lost'

/** Told a lease is lost, with the reason and the lease (whose `holder` says whose it is): one listener may serve many leases. */
export type LostListener = (reason: LockError, lease: { readonly holder: unknown }) => void

/**
 * What every lease does the same, given by the engine or over a connection: its state,
 * its signal, its `onLost` listener, and the refusals of a renewal; subclasses say how it
 * renews, releases and runs out.
 */
export abstract class LeaseCore<Fence extends bigint | undefined> implements Lease<Fence> {
	/** What the code that holds the lease for others keeps with it (the lock server: its lease on the wire), so one `onLost` listener serves all its leases; the lease never reads it. */
	holder: unknown = undefined
	readonly key: string
	readonly fence: Fence
	#state: LeaseState = 'held'
	// Made on first use: most leases end without anyone looking at their signal.
	#controller: AbortController | undefined
	// A lease that ran out makes its error only when someone asks: most are never looked at, and
	// an error's stack costs more than the rest of running out.
	#lostReason: LockError | (() => LockError) | undefined
	#onLost: LostListener | undefined

	constructor(key: string, fence: Fence) {
		this.key = key
		this.fence = fence
	}

	abstract readonly id: string
	abstract readonly expiresAt: number
	abstract renew(ttl?: Duration): Promise<void>
	abstract release(): Promise<void>
	/** Where the lease is, for messages: `lock summaries: key "42"`. */
	abstract get place(): string

	/** Loses the lease if its time has passed unnoticed; true if it did. */
	expireIfDue(_now?: number): boolean {
		return false
	}

	get lost(): boolean {
		this.expireIfDue()
		return this.#state === 'lost'
	}

	/** True while the lease holds its key. */
	get held(): boolean {
		this.expireIfDue()
		return this.#state === 'held'
	}

	get signal(): AbortSignal {
		this.expireIfDue()
		if (this.#controller === undefined) {
			this.#controller = new AbortController()
			const reason = this.lostReason
			if (reason !== undefined) this.#controller.abort(reason)
		}
		return this.#controller.signal
	}

	/** Why the lease was lost, once it was. */
	get lostReason(): LockError | undefined {
		if (typeof this.#lostReason === 'function') this.#lostReason = this.#lostReason()
		return this.#lostReason
	}

	/** Calls `listener` with the reason and the lease when the lease is lost, as its signal aborts; set by a hold's `onLost` before its function runs. */
	onLost(listener: LostListener): void {
		this.#onLost = listener
	}

	/** Refuses a renewal of a lease released (`released`) or lost (`lost`), with the same words wherever the lease lives. */
	checkRenewable(now?: number): void {
		this.expireIfDue(now)
		if (this.#state === 'released') throw new LockError('released', `${this.place}: lease ${this.id} was released; a renewal cannot take the key back`)
		if (this.#state === 'lost') throw new LockError('lost', `${this.place}: lease ${this.id} was lost before this renewal`, { cause: this.lostReason })
	}

	/** Whether the lease holds its key, was released, or was lost, without looking at the clock. */
	protected get state(): LeaseState {
		return this.#state
	}

	/** Marks a held lease released; false if it was not held. */
	protected markReleased(): boolean {
		if (this.#state !== 'held') return false
		this.#state = 'released'
		return true
	}

	/** Marks a held lease lost, for `reason` (or the error a function makes when it is first asked for); false if it was not held. */
	protected markLost(reason: LockError | (() => LockError)): boolean {
		if (this.#state !== 'held') return false
		this.#state = 'lost'
		this.#lostReason = reason
		return true
	}

	/** Tells the holder the lease is lost: its `onLost` listener, then its signal; the reason is the one `markLost` was given. */
	protected announceLost(): void {
		const listener = this.#onLost
		const controller = this.#controller
		if (listener === undefined && controller === undefined) return
		const reason = this.lostReason as LockError
		if (listener !== undefined) {
			// As a throwing abort listener: reported, and the lease still reads as lost.
			try {
				listener(reason, this)
			} catch (error) {
				queueMicrotask(() => {
					throw error
				})
			}
		}
		controller?.abort(reason)
	}
}

/** A lease the engine gave: its timers, its state and how it ends. */
export class HeldLease<Fence extends bigint | undefined> extends LeaseCore<Fence> {
	readonly #owner: LeaseOwner
	readonly #serial: number
	#ttl: number
	#expiresAt: number
	// When it renews itself next; undefined for a lease that does not (as a lock server's): a field fewer than a flag and a time.
	#renewAt: number | undefined
	#timer: TimerHandle | undefined

	constructor(owner: LeaseOwner, key: string, serial: number, fence: Fence, ttl: number, autoRenew: boolean) {
		super(key, fence)
		this.#owner = owner
		this.#serial = serial
		this.#ttl = ttl
		const now = owner.clock.now()
		this.#expiresAt = now + ttl
		this.#renewAt = autoRenew ? now + renewalInterval(ttl) : undefined
		this.#arm(now)
	}

	get id(): string {
		return `${this.#owner.epoch}-${this.#serial}`
	}

	get expiresAt(): number {
		return this.#expiresAt
	}

	get place(): string {
		return keyPlace(this.#owner.place, this.key)
	}

	/** The name of its lock or semaphore: one string for every lease of the name. */
	get name(): string {
		return this.#owner.name
	}

	async renew(ttl?: Duration): Promise<void> {
		this.extend(ttl === undefined ? this.#ttl : ttlMs(ttl, this.place))
	}

	/** `renew` within the call, for `ms` milliseconds from `now` (the clock's time unless given): a refusal is thrown rather than rejected. */
	extend(ms: number, now = this.#owner.clock.now()): void {
		// One reading of the clock for the check and the new expiry: a renewal counts from a moment the lease was valid.
		this.checkRenewable(now)
		this.#ttl = ms
		this.#expiresAt = now + ms
		if (this.#renewAt !== undefined) this.#renewAt = now + renewalInterval(ms)
		this.#disarm()
		this.#arm(now)
	}

	async release(): Promise<void> {
		this.end()
	}

	/** Releases the lease now, unless it ran out first (then it is lost, and says so). */
	end(): void {
		if (this.expireIfDue() || !this.markReleased()) return
		this.#disarm()
		this.#owner.letGo(this)
	}

	/**
	 * Loses the lease if its time has come but its timer has not fired yet (the process
	 * stalled past it); true if it did. A late timer must not let a stalled holder renew.
	 */
	override expireIfDue(now = this.#owner.clock.now()): boolean {
		if (this.state !== 'held' || now < this.#expiresAt) return false
		const ttl = this.#ttl
		this.lose(() => new LockError('lost', `${this.place}: lease ${this.id} ran out: its ${formatDuration(ttl)} TTL passed without a renewal`))
		return true
	}

	/**
	 * Ends the lease from outside its holder, as an operator does: it is lost (its signal aborts with
	 * `lost`, "ended by an operator") before the key goes to the next in line, whose fence is larger; its
	 * own fence is never given again. False, and nothing is ended, when it no longer held its key (it
	 * ran out, was released, or was ended before).
	 */
	endForOperator(): boolean {
		if (this.expireIfDue() || this.state !== 'held') return false
		this.lose(() => new LockError('lost', `${this.place}: lease ${this.id} was lost: an operator ended it`))
		return true
	}

	/** Marks the lease lost and aborts its signal, then gives the key to the next in line (LOCK-04). */
	lose(reason: LockError | (() => LockError)): void {
		if (!this.markLost(reason)) return
		this.#disarm()
		// Out of the holders before the abort, so its listeners see the key free; given
		// to the next in line only after them.
		this.#owner.letGo(this, () => this.announceLost())
	}

	#onTimer(): void {
		this.#timer = undefined
		if (this.state !== 'held' || this.expireIfDue()) return
		const now = this.#owner.clock.now()
		if (this.#renewAt !== undefined && now >= this.#renewAt) {
			this.#expiresAt = now + this.#ttl
			this.#renewAt = now + renewalInterval(this.#ttl)
		}
		this.#arm(now)
	}

	#arm(now: number): void {
		// One timer per lease: at the next renewal while renewing, else at expiry.
		const due = this.#renewAt === undefined ? this.#expiresAt : Math.min(this.#renewAt, this.#expiresAt)
		// An arrow passed here rather than one kept in a field: tsx (esbuild keepNames) renames every named arrow as it is made, a cost per lease.
		this.#timer = this.#owner.clock.setTimer(due - now, () => this.#onTimer())
	}

	#disarm(): void {
		if (this.#timer === undefined) return
		this.#owner.clock.clearTimer(this.#timer)
		this.#timer = undefined
	}
}
