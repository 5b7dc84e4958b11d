import type { Clock, TimerHandle } from './clock.ts'
import { formatDuration } from './duration.ts'
import { LockError, invalid, shown } from './errors.ts'
import { keyPlace } from './key.ts'
import { HeldLease, type LeaseOwner } from './lease.ts'
import type { AsyncContext } from './nesting.ts'

/** What the queues of one store share: its clock, whether it is open, and where leases get their ids and fences. */
export interface QueueHost {
	readonly clock: Clock
	readonly closed: boolean
	readonly epoch: bigint
	/** Where a hold of a lock's key sees that it is inside a hold of the same key; undefined when the store was given none. */
	readonly asyncContext: AsyncContext | undefined
	/** A number for the next lease's id, unique while the store is open. */
	nextSerial(): number
	/** The next fence of the store, larger than every one before (LOCK-03). */
	nextFence(): bigint
	/** The queue has its first key held or waited for: the store keeps it from now on. */
	busy(queue: AnyQueue): void
	/** The queue has no key held or waited for any more: the store forgets it. */
	idle(queue: AnyQueue): void
}

/** A queue of a lock or of a semaphore. */
export type AnyQueue = KeyedQueue<bigint> | KeyedQueue<undefined>

interface Waiter<Fence extends bigint | undefined> {
	readonly ttl: number
	readonly renew: boolean
	readonly resolve: (lease: HeldLease<Fence>) => void
	readonly reject: (error: LockError) => void
	timer: TimerHandle | undefined
	signal: AbortSignal | undefined
	onAbort: (() => void) | undefined
	// Left the line (wait ran out, or cancelled): skipped when the line moves on.
	gone: boolean
}

/** A key held or waited for: its holders, and its line. */
class KeyState<Fence extends bigint | undefined> {
	// The first holder in a field and the others in a list made only for a second (a semaphore's): most keys have one holder, and an array is 56 bytes.
	#holder: HeldLease<Fence> | undefined
	#others: HeldLease<Fence>[] | undefined
	// Made when the first hold has to wait. A waiter that leaves is only marked gone, so that
	// leaving costs the same at any place in a long line; `first` is where the line starts.
	line: Waiter<Fence>[] | undefined = undefined
	first = 0
	// How many in the line are not gone.
	waiting = 0

	constructor(holder?: HeldLease<Fence>) {
		this.#holder = holder
	}

	/** How many hold the key. */
	get holderCount(): number {
		return (this.#holder === undefined ? 0 : 1) + (this.#others?.length ?? 0)
	}

	/** The holders, in the order they got the key, as a list of their own. */
	holders(): HeldLease<Fence>[] {
		const all = this.#others === undefined ? [] : [...this.#others]
		if (this.#holder !== undefined) all.unshift(this.#holder)
		return all
	}

	/** Its holder when it has one alone, else undefined. */
	get lone(): HeldLease<Fence> | undefined {
		return this.#others === undefined ? this.#holder : undefined
	}

	addHolder(lease: HeldLease<Fence>): void {
		if (this.#holder === undefined && this.#others === undefined) this.#holder = lease
		else (this.#others ??= []).push(lease)
	}

	/** Takes a holder out; false if it held no more. */
	removeHolder(lease: HeldLease<Fence>): boolean {
		if (this.#holder === lease) {
			this.#holder = this.#others?.shift()
			if (this.#others?.length === 0) this.#others = undefined
			return true
		}
		const at = this.#others?.indexOf(lease) ?? -1
		if (at < 0) return false
		this.#others?.splice(at, 1)
		if (this.#others?.length === 0) this.#others = undefined
		return true
	}
}

/**
 * What a queue keeps of a key: its one holder alone while nobody waits (most keys: a KeyState would be
 * 64 bytes more a lease), else its KeyState, made when a hold has to wait or a semaphore's second comes.
 */
type KeyEntry<Fence extends bigint | undefined> = HeldLease<Fence> | KeyState<Fence>

/**
 * The states of a queue's keys by key: most queues of a busy store have one key held (a name per chat,
 * a name per job), so the first key is kept in two fields, and a Map is made only for a second; an
 * empty Map with its table is some 400 bytes. A queue extends it, so that its fields cost no object of their own.
 */
abstract class KeyStates<State> {
	#key: string | undefined
	#state: State | undefined
	#more: Map<string, State> | undefined

	protected get keyCount(): number {
		return (this.#key === undefined ? 0 : 1) + (this.#more?.size ?? 0)
	}

	protected keyState(key: string): State | undefined {
		return key === this.#key ? this.#state : this.#more?.get(key)
	}

	protected setKeyState(key: string, state: State): void {
		if (this.#key === undefined || this.#key === key) {
			this.#key = key
			this.#state = state
		} else (this.#more ??= new Map()).set(key, state)
	}

	protected deleteKeyState(key: string): void {
		if (key !== this.#key) {
			this.#more?.delete(key)
			if (this.#more?.size === 0) this.#more = undefined
			return
		}
		this.#key = undefined
		this.#state = undefined
		// The first of the others takes the fields, so a queue back to one key needs no Map.
		const next = this.#more?.entries().next()
		if (next === undefined || next.done === true) return
		const [key2, state] = next.value
		this.#more?.delete(key2)
		if (this.#more?.size === 0) this.#more = undefined
		this.#key = key2
		this.#state = state
	}

	protected clearKeyStates(): void {
		this.#key = undefined
		this.#state = undefined
		this.#more = undefined
	}

	/** The states by key; a caller that changes them meanwhile iterates a copy. */
	protected *keyStates(): IterableIterator<[string, State]> {
		if (this.#key !== undefined) yield [this.#key, this.#state as State]
		if (this.#more !== undefined) yield* this.#more
	}
}

/**
 * The holders and the line of every key of one lock or semaphore: a key has at most
 * `limit` holders, and when one lets go the key goes to the first in line (LOCK-01,
 * LOCK-05). Keys nobody holds or waits for take no memory.
 */
export class KeyedQueue<Fence extends bigint | undefined> extends KeyStates<KeyEntry<Fence>> implements LeaseOwner {

	/** A lock's queue (whose leases get the host's fences) or a semaphore's (whose leases have none). */
	constructor(
		readonly host: QueueHost,
		readonly kind: 'lock' | 'semaphore',
		readonly name: string,
		readonly limit: number,
	) {
		super()
	}

	/** The store's clock. */
	get clock(): Clock {
		return this.host.clock
	}

	/** The epoch of the store, the first part of its leases' ids. */
	get epoch(): bigint {
		return this.host.epoch
	}

	/** `lock NAME` or `semaphore NAME`, as errors name it: made when asked, since a store may have many names, each held a moment. */
	get place(): string {
		return `${this.kind} ${this.name}`
	}

	/** A lease on the key if it has room and nobody waits for it, else undefined. */
	take(key: string, ttl: number, renew: boolean): HeldLease<Fence> | undefined {
		const entry = this.keyState(key)
		if (entry === undefined) {
			const lease = this.#grant(key, ttl, renew)
			this.#addKey(key, lease)
			return lease
		}
		if (entry instanceof HeldLease) {
			if (entry.expireIfDue()) return this.take(key, ttl, renew)
			if (this.limit === 1) return undefined
		}
		const state = this.#state(key, entry)
		if (state.holderCount >= this.limit && this.#expireDue(state)) return this.take(key, ttl, renew)
		if (state.holderCount >= this.limit || state.waiting > 0) return undefined
		const lease = this.#grant(key, ttl, renew)
		state.addHolder(lease)
		return lease
	}

	/**
	 * Joins the key's line: resolves to a lease when the key comes to this waiter, or
	 * rejects with `held` after `wait` ms and with `cancelled` as soon as `signal` aborts.
	 */
	wait(key: string, ttl: number, renew: boolean, wait: number, signal: AbortSignal | undefined): Promise<HeldLease<Fence>> {
		return new Promise((resolve, reject) => {
			if (wait === 0) {
				reject(this.#heldError(key, wait))
				return
			}
			const entry = this.keyState(key)
			let state: KeyState<Fence>
			if (entry === undefined) {
				state = new KeyState<Fence>()
				this.#addKey(key, state)
			} else state = this.#state(key, entry)
			const waiter: Waiter<Fence> = { ttl, renew, resolve, reject, timer: undefined, signal, onAbort: undefined, gone: false }
			if (wait !== Number.POSITIVE_INFINITY) {
				waiter.timer = this.clock.setTimer(wait, () => {
					waiter.timer = undefined
					this.#leaveLine(key, waiter)
					reject(this.#heldError(key, wait))
				})
			}
			if (signal !== undefined) {
				waiter.onAbort = () => {
					this.#leaveLine(key, waiter)
					reject(new LockError('cancelled', `${keyPlace(this.place, key)}: cancelled while waiting`, { cause: signal.reason }))
				}
				signal.addEventListener('abort', waiter.onAbort, { once: true })
			}
			;(state.line ??= []).push(waiter)
			state.waiting++
		})
	}

	/** The key's valid leases, in the order they were given. */
	holders(key: string): HeldLease<Fence>[] {
		const entry = this.keyState(key)
		if (entry === undefined) return []
		if (entry instanceof HeldLease) return entry.expireIfDue() ? this.holders(key) : [entry]
		if (this.#expireDue(entry)) return this.holders(key)
		return entry.holders()
	}

	/** How many holds wait in the key's line. */
	waiting(key: string): number {
		const entry = this.keyState(key)
		if (entry === undefined) return 0
		if (entry instanceof HeldLease) return entry.expireIfDue() ? this.waiting(key) : 0
		if (this.#expireDue(entry)) return this.waiting(key)
		return entry.waiting
	}

	/**
	 * Ends the key's valid lease of this id for an operator (`HeldLease.endForOperator`): its holder
	 * reads it as lost, then the key goes to the next in line. Refused with `lost`, and nothing ended,
	 * when no valid lease of that id holds the key.
	 */
	end(key: string, leaseId: string): void {
		// A program that passes anything but a lease's id (undefined, a number, an object) is told so, not that the lease was lost.
		if (typeof leaseId !== 'string') throw invalid(`${keyPlace(this.place, key)}: end(key, leaseId) takes the lease's id, a string (lease.id); got ${shown(leaseId)}`)
		const lease = this.holders(key).find(one => one.id === leaseId)
		if (lease === undefined || !lease.endForOperator()) {
			throw new LockError('lost', `${keyPlace(this.place, key)}: lease ${JSON.stringify(leaseId)} does not hold the key (it ran out, was released or ended, or is another key's); nothing is ended`)
		}
	}

	letGo(lease: HeldLease<bigint | undefined>, beforeHandOver?: () => void): void {
		const entry = this.keyState(lease.key)
		if (entry === lease) {
			// Its only holder, and nobody waits: the key is free.
			this.#forgetKey(lease.key)
			beforeHandOver?.()
			return
		}
		const state = entry instanceof KeyState ? entry : undefined
		if (state === undefined || !state.removeHolder(lease as HeldLease<Fence>)) return
		beforeHandOver?.()
		const line = state.line
		while (line !== undefined && state.waiting > 0 && state.holderCount < this.limit) {
			const waiter = line[state.first] as Waiter<Fence>
			line[state.first++] = undefined as unknown as Waiter<Fence>
			if (waiter.gone) continue
			waiter.gone = true
			state.waiting--
			this.#forget(waiter)
			let next: HeldLease<Fence>
			try {
				next = this.#grant(lease.key, waiter.ttl, waiter.renew)
			} catch (error) {
				// The store has no fence left to give: this waiter hears it, not the holder letting go.
				waiter.reject(error as LockError)
				continue
			}
			state.addHolder(next)
			waiter.resolve(next)
		}
		this.#tidy(lease.key, state)
	}

	/** Ends everything of a closing store: every waiter is refused and every lease lost, with `closed`. */
	close(): void {
		// A copy: a lease lost here lets go of its key, which leaves the states meanwhile.
		for (const [key, entry] of [...this.keyStates()]) {
			const error = new LockError('closed', `${keyPlace(this.place, key)}: the store closed`)
			if (entry instanceof HeldLease) {
				entry.lose(error)
				continue
			}
			const state = entry
			const line = state.line ?? []
			for (let i = state.first; i < line.length; i++) {
				const waiter = line[i] as Waiter<Fence>
				if (waiter.gone) continue
				this.#forget(waiter)
				waiter.reject(error)
			}
			state.line = undefined
			state.waiting = 0
			for (const lease of state.holders()) lease.lose(error)
		}
		this.clearKeyStates()
	}

	#grant(key: string, ttl: number, renew: boolean): HeldLease<Fence> {
		const fence = (this.kind === 'lock' ? this.host.nextFence() : undefined) as Fence
		return new HeldLease(this, key, this.host.nextSerial(), fence, ttl, renew)
	}

	// A holder whose time passed while its timer was late (a stalled event loop) is lost now.
	#expireDue(state: KeyState<Fence>): boolean {
		let expired = false
		for (const lease of state.holders()) if (lease.expireIfDue()) expired = true
		return expired
	}

	#leaveLine(key: string, waiter: Waiter<Fence>): void {
		this.#forget(waiter)
		const state = this.keyState(key)
		if (!(state instanceof KeyState) || state.line === undefined || waiter.gone) return
		waiter.gone = true
		state.waiting--
		this.#tidy(key, state)
	}

	// Drops an empty line, and the gone waiters of one mostly gone (each is dropped once: amortized O(1) a waiter); forgets an idle key.
	#tidy(key: string, state: KeyState<Fence>): void {
		const line = state.line
		if (line !== undefined) {
			if (state.waiting === 0) {
				state.line = undefined
				state.first = 0
			} else if (line.length - state.first > 2 * state.waiting + 32 || state.first > 1024) {
				state.line = line.slice(state.first).filter(waiter => !waiter.gone)
				state.first = 0
			}
		}
		if (state.waiting > 0) return
		// Nobody waits any more: a key with one holder keeps the lease alone, and a key with none is forgotten.
		const lone = state.lone
		if (lone !== undefined) this.setKeyState(key, lone)
		else if (state.holderCount === 0) this.#forgetKey(key)
	}

	// The key's KeyState, made of its lone holder if it has none yet.
	#state(key: string, entry: KeyEntry<Fence>): KeyState<Fence> {
		if (entry instanceof KeyState) return entry
		const state = new KeyState(entry)
		this.setKeyState(key, state)
		return state
	}

	#addKey(key: string, state: KeyEntry<Fence>): void {
		this.setKeyState(key, state)
		if (this.keyCount === 1) this.host.busy(this as unknown as AnyQueue)
	}

	#forgetKey(key: string): void {
		this.deleteKeyState(key)
		if (this.keyCount === 0) this.host.idle(this as unknown as AnyQueue)
	}

	#forget(waiter: Waiter<Fence>): void {
		if (waiter.timer !== undefined) this.clock.clearTimer(waiter.timer)
		waiter.timer = undefined
		if (waiter.onAbort !== undefined) waiter.signal?.removeEventListener('abort', waiter.onAbort)
		waiter.onAbort = undefined
	}

	#heldError(key: string, wait: number): LockError {
		return new LockError('held', `${keyPlace(this.place, key)}: ${this.kind === 'lock' ? 'held' : 'full'} past the ${formatDuration(wait)} wait`)
	}
}
