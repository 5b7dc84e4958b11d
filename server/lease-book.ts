import { LockError, type HeldLease, type Lock, type Semaphore, type Store } from '../engine/index.ts'
import { History, historyError, type HistoryRecord } from './history.ts'
import { newLeaseId } from './lease-id.ts'
import { ClientScopes } from './client-scope.ts'
import { PendingHold, sameHold, ServedLease, type ClientScope, type Ended, type HoldAnswer, type Peer } from './holds.ts'
import { placeOfHold, ProtocolError, type HoldRequest, type HoldTarget, type ListedKey, type WireLease } from './protocol.ts'
import { Quotas, type QuotaLimits } from './quotas.ts'
import { EndedHolds, EndedLeases } from './retry-memory.ts'

export type { HistoryRecord } from './history.ts'
export type { HoldAnswer, Peer } from './holds.ts'

/** How much the book keeps. */
export interface BookLimits extends QuotaLimits {
	/** Ended leases and holds remembered, so a late renewal, release or retry gets the right answer. */
	rememberEnded: number
}

/** How many holds of a closed connection leave their keys' lines in one turn of the event loop. */
export const LEAVE_PER_TURN = 1000

/**
 * The leases the server gives, by lease id, and the holds it answers, by client and request id:
 * a request id names a hold of the client that sent it and of no other. A lease belongs to the
 * server, not to a connection (LOCK-07).
 */
export class LeaseBook {
	readonly #store: Store
	readonly #limits: BookLimits
	// A listener, called only when the server was given one: the book itself writes nothing.
	readonly #history: History
	// The holds waiting in an engine's line, in the order they came, for an operator's list and the close; each client
	// finds its own by request id in its scope, and the leases are by id below. No set of every hold: a lease costs less.
	readonly #waiting = new Set<PendingHold>()
	readonly #scopes: ClientScopes
	readonly #leases = new Map<string, ServedLease>()
	readonly #waitingBy = new Map<Peer, Set<PendingHold>>()
	readonly #quotas: Quotas
	readonly #endedLeases: EndedLeases
	readonly #endedHolds: EndedHolds
	#closed = false

	constructor(store: Store, limits: BookLimits, history?: (record: HistoryRecord) => void) {
		this.#store = store
		this.#limits = limits
		this.#history = new History(history)
		this.#quotas = new Quotas(limits)
		this.#scopes = new ClientScopes(limits.maxHoldsPerClient)
		this.#endedLeases = new EndedLeases(limits.rememberEnded)
		this.#endedHolds = new EndedHolds(limits.rememberEnded, scope => this.#scopes.forgetIfEmpty(scope))
	}

	/** The scope of a connection that opens, or whose hello names its client id. */
	openScope(clientId?: string): ClientScope {
		return this.#scopes.open(clientId)
	}

	/** A connection of the scope closed: its waiting holds leave their lines unless another connection of the client waits for them too. */
	closeScope(peer: Peer): void {
		this.detach(peer)
		// A lease tells its loss to the connection of its client that last asked for or renewed it: not to one that closed, which it would keep alive.
		for (const hold of peer.scope.holds.values()) if (hold.lease?.owner === peer) hold.lease.owner = undefined
		this.#scopes.close(peer.scope)
	}

	/** The scope of a connection whose hello named its client id, in place of the one it had. */
	renameScope(scope: ClientScope, clientId: string): ClientScope {
		const named = this.#scopes.open(clientId)
		this.#scopes.close(scope)
		return named
	}

	/** How many named clients the book remembers. */
	get namedClients(): number {
		return this.#scopes.named
	}

	/** The epoch of the store the book gives leases of, as the wire writes it. */
	get epoch(): string {
		return this.#store.epoch.toString()
	}

	/** Notes in the history that a server started giving leases. */
	started(): void {
		this.#history.grant({ type: 'start', at: this.#store.clock.now(), epoch: this.#store.epoch.toString() })
	}

	/**
	 * Answers a hold with its lease once granted, or with why not: a retry with the same
	 * request id gets the same lease, or waits for the same grant. A free key is answered
	 * within this call.
	 */
	ask(request: HoldRequest, peer: Peer, answer: HoldAnswer): void {
		let hold: PendingHold | undefined
		let refusal: LockError | ProtocolError | undefined
		try {
			if (this.#closed) throw new LockError('closed', `${placeOfHold(request)}: the server is closing`)
			hold = peer.scope.holds.get(request.requestId)
			if (hold === undefined) {
				this.#checkRetry(peer.scope, request)
				hold = this.#start(request, peer, answer)
				if (hold.state === 'waiting') this.#watch(hold, peer)
				return
			}
			if (!sameHold(hold, request)) throw this.#reusedId(request, hold)
		} catch (error) {
			refusal = asRefusal(error)
		}
		const askedAt = this.#store.clock.now()
		if (hold === undefined || refusal !== undefined) {
			answer(request, undefined, refusal, askedAt)
			return
		}
		if (hold.state === 'held' && hold.lease !== undefined) {
			hold.lease.owner = peer
			answer(request, hold.lease, undefined, askedAt)
			return
		}
		;(hold.retries ??= []).push({ request, peer, answer, askedAt })
		this.#watch(hold, peer)
	}

	/** `ask` as a promise: the lease for a hold, or its refusal. */
	hold(request: HoldRequest, peer: Peer): Promise<WireLease> {
		return new Promise((resolve, reject) => this.ask(request, peer, (_, lease, error) => (lease === undefined ? reject(error) : resolve(lease.wire()))))
	}

	/** Extends a lease to `ttl` ms from now; refuses one that ran out (`lost`) or was released (`released`). */
	renew(leaseId: string, ttl: number, fence: bigint | undefined, peer: Peer): ServedLease {
		const lease = this.#find(leaseId, fence, 'renewal')
		// A renewer keeps a lease alive: its share pays for it, whoever asked for it first.
		this.#quotas.chargeRenewal(lease.hold, peer, lease.hold)
		// Within the call, as a release is: a renewal and a release sent together are done, and written, in the order they came.
		// One reading of the clock: a lease whose time passed before its timer fired is lost now, and says so itself.
		const now = this.#store.clock.now()
		if (lease.engine.expireIfDue(now)) throw endedError(leaseId, lease.ended ?? 'expired', 'renewal')
		if (this.#history.on) {
			const record = { type: 'renew', at: now, client: peer.scope.label, leaseId, ttl, expiresAt: now + ttl } as const
			this.#history.record(record, placeOfHold(lease.hold), `the renewal is not made: the lease runs out at ${lease.engine.expiresAt} unless renewed`)
		}
		lease.engine.extend(ttl, now)
		// Only a connection of the lease's client hears of its loss: another's would be kept alive by it.
		if (peer.scope === lease.hold.scope) lease.owner = peer
		return lease
	}

	/** Lets go of a lease's key, for the client `by`; releasing twice is fine, and a release after the lease ran out is refused as `lost` and frees nothing. */
	releaseNow(leaseId: string, fence: bigint | undefined, by: ClientScope): void {
		// A live lease first: the memory of ended ones is large, and looking there cost every release a miss in it.
		let lease = this.#leases.get(leaseId)
		if (lease === undefined) {
			const ended = this.#endedLeases.get(leaseId)
			if (ended?.how === 'released') {
				checkFence(leaseId, ended.fence, fence)
				return
			}
			lease = this.#find(leaseId, fence, 'release')
		} else checkFence(leaseId, lease.engine.fence, fence, lease.hold)
		// Written before the key is free, so the next holder's grant comes after it in the history; a lease whose
		// time passed before its timer fired is lost, not released, and says so itself.
		const at = this.#store.clock.now()
		if (lease.engine.expireIfDue(at)) throw endedError(leaseId, lease.ended ?? 'expired', 'release')
		if (this.#history.on) this.#history.record({ type: 'release', at, client: by.label, leaseId }, placeOfHold(lease.hold), 'the key is still held by this lease; retry the release')
		// The engine's lease ends within the call (its `release` is `end` made a promise).
		lease.engine.end()
		this.#end(lease, 'released')
	}

	/** `releaseNow` as a promise. */
	async release(leaseId: string, fence: bigint | undefined, by: ClientScope): Promise<void> {
		this.releaseNow(leaseId, fence, by)
	}

	/**
	 * Ends a lease for an operator (`by`): a `lost` event is sent to its holder's connection, and its key
	 * moves on without waiting for the event to arrive. A lease that ran out or was released is refused as for a renewal.
	 */
	endLease(leaseId: string, by: ClientScope): void {
		const lease = this.#find(leaseId, undefined, 'end')
		const engine = lease.engine
		// A lease whose time passed before its timer fired is lost now, and says so itself.
		const at = this.#store.clock.now()
		if (engine.expireIfDue(at)) throw endedError(leaseId, lease.ended ?? 'expired', 'end')
		if (this.#history.on) this.#history.record({ type: 'end', at, client: by.label, leaseId }, placeOfHold(lease.hold), 'the lease is not ended')
		lease.owner?.pushLost(lease.id, 'ended')
		this.#end(lease, 'ended')
		// The engine's own end for an operator: its lease reads as lost, and the key moves on with a larger fence.
		engine.endForOperator()
	}

	/**
	 * The keys held or waited for, with their holders (in the order they were granted) and their lines (in the order they
	 * came), narrowed by kind, name and key: at most `max` holds, and `truncated` when more are left.
	 */
	list(filter: { kind?: 'lock' | 'semaphore'; name?: string; key?: string }, max: number): { keys: ListedKey[]; truncated: boolean } {
		const keys = new Map<string, ListedKey>()
		let listed = 0
		for (const hold of this.#listed()) {
			const { kind, name, key, limit } = hold
			if ((filter.kind !== undefined && kind !== filter.kind) || (filter.name !== undefined && name !== filter.name) || (filter.key !== undefined && key !== filter.key)) continue
			const lease = hold.lease
			const holding = hold.state === 'held' && lease !== undefined && lease.ended === undefined
			if (!holding && (hold.state !== 'waiting' || hold.withdrawn !== undefined)) continue
			if (listed === max) return { keys: [...keys.values()], truncated: true }
			listed++
			const id = `${kind} ${name}\n${key}`
			let entry = keys.get(id)
			if (entry === undefined) keys.set(id, (entry = { kind, name, key, limit: limit ?? null, holders: [], waiters: [] }))
			if (holding) {
				const fence = lease.engine.fence
				entry.holders.push({ leaseId: lease.id, client: hold.scope.label, fence: fence === undefined ? null : fence.toString(), grantedAt: lease.grantedAt, expiresAt: lease.engine.expiresAt })
			} else entry.waiters.push({ requestId: hold.requestId, client: hold.scope.label, since: hold.askedAt })
		}
		return { keys: [...keys.values()], truncated: false }
	}

	// The holds an operator's list shows: those granted, then those waiting.
	*#listed(): Iterable<PendingHold> {
		for (const lease of this.#leases.values()) yield lease.hold
		yield* this.#waiting
	}

	/** Withdraws a hold of the client: a waiting one leaves the line, a granted one is released. */
	cancel(scope: ClientScope, requestId: string): void {
		const hold = scope.holds.get(requestId)
		if (hold === undefined) return
		if (hold.state === 'waiting') {
			this.#withdraw(hold, new LockError('cancelled', `${placeOfHold(hold)}: cancelled by its client`))
			return
		}
		if (hold.lease !== undefined && hold.lease.ended === undefined) {
			try {
				this.releaseNow(hold.lease.id, undefined, scope)
			} catch {
				// A lease that ran out meanwhile is free already: the cancel has nothing left to do.
			}
		}
	}

	/** A connection is gone: its asks are let go, and holds that only it waited for leave their lines; its leases stay. */
	detach(peer: Peer): void {
		const waiting = this.#waitingBy.get(peer)
		if (waiting === undefined) return
		this.#waitingBy.delete(peer)
		// One reason for all: nobody reads it, and an error each cost a stack trace each.
		const reason = new LockError('cancelled', 'its connection closed while it waited')
		const inLine: PendingHold[] = []
		for (const hold of waiting) {
			hold.dropAsksOf(peer)
			if (hold.asked || hold.state !== 'waiting') continue
			hold.forgotten = true
			hold.withdrawn = reason
			if (hold.controller !== undefined) inLine.push(hold)
			// The book lets go of the hold now; the engine's line, a slice a turn (below).
			this.#refused(hold, reason)
		}
		if (inLine.length > 0) this.#leaveLines(inLine, 0)
	}

	// Holds the book let go of leave the engine's lines at most LEAVE_PER_TURN a turn of the event loop:
	// 80,000 at once stalled the server for seconds, long enough for short leases to run out unrenewed.
	// One that the engine grants meanwhile gives its key back (#granted).
	#leaveLines(holds: PendingHold[], from: number): void {
		const until = Math.min(holds.length, from + LEAVE_PER_TURN)
		for (let i = from; i < until; i++) (holds[i] as PendingHold).leaveLine()
		if (until < holds.length) setImmediate(() => this.#leaveLines(holds, until))
	}

	/** Ends everything: waiting holds are refused and leases lost, both as `closed`. */
	close(): void {
		if (this.#closed) return
		this.#closed = true
		for (const hold of [...this.#waiting]) {
			if (hold.state !== 'waiting') continue
			const closing = new LockError('closed', `${placeOfHold(hold)}: the server is closing`)
			this.#withdraw(hold, closing)
			// Answered now, not when the engine's refusal comes a few promise turns later: the connections end right after this call.
			this.#refused(hold, closing)
		}
		for (const lease of [...this.#leases.values()]) {
			lease.engine.end()
			this.#end(lease, 'closed')
			lease.owner?.pushLost(lease.id, 'closed')
		}
		this.#history.report(() => ({ type: 'close', at: this.#store.clock.now() }))
	}

	#start(request: HoldRequest, peer: Peer, answer: HoldAnswer): PendingHold {
		const scope = peer.scope
		const target = request.kind === 'lock' ? this.#store.lock(request.name) : this.#store.semaphore(request.name, { limit: request.limit ?? 1 })
		const hold = new PendingHold(request, scope, peer, answer)
		this.#quotas.charge(peer, request, hold)
		hold.askedAt = this.#store.clock.now()
		scope.holds.set(request.requestId, hold)
		// Most holds find the key free: the engine gives the lease within the call, with no signal, promise or function to make.
		const lease = target.take(request.key, { ttl: request.ttl, onLost: this.#leaseLost })
		if (lease === undefined) this.#wait(hold, target, request.wait)
		else this.#granted(hold, lease)
		return hold
	}

	#wait(hold: PendingHold, target: Lock | Semaphore, wait: number): void {
		const controller = new AbortController()
		hold.controller = controller
		this.#waiting.add(hold)
		const options = { ttl: hold.ttl, wait, signal: controller.signal, onLost: this.#leaseLost }
		if (this.#history.on) {
			// Written before the hold joins the engine's line, so the history has the line's order.
			hold.inLine = true
			this.#history.report(() => ({ type: 'wait', at: this.#store.clock.now(), client: hold.scope.label, requestId: hold.requestId, kind: hold.kind, name: hold.name, key: hold.key }))
		}
		;(target.waitFor(hold.key, options) as Promise<HeldLease<bigint | undefined>>).then(
			lease => this.#granted(hold, lease),
			(error: unknown) => this.#refused(hold, error),
		)
	}

	#checkRetry(scope: ClientScope, request: HoldRequest): void {
		const ended = this.#endedHolds.get(scope, request.requestId)
		if (ended === undefined) return
		if (!sameHold(ended.target, request)) throw this.#reusedId(request, ended.target)
		throw ended.error ?? endedError(ended.leaseId ?? '', ended.how ?? 'expired', 'retried hold')
	}

	#reusedId(request: HoldRequest, other: HoldTarget): ProtocolError {
		return new ProtocolError('invalid', `requestId ${JSON.stringify(request.requestId)}: already names a hold of ${placeOfHold(other)}`)
	}

	#watch(hold: PendingHold, peer: Peer): void {
		let waiting = this.#waitingBy.get(peer)
		if (waiting === undefined) this.#waitingBy.set(peer, (waiting = new Set()))
		waiting.add(hold)
	}

	// Every ask of the hold hears the one answer, in the order they came; the connections that watched it stop.
	#settle(hold: PendingHold, error: LockError | ProtocolError | undefined): void {
		const { request, peer, answer, retries } = hold
		hold.request = undefined
		hold.peer = undefined
		hold.answer = undefined
		hold.retries = undefined
		if (peer !== undefined) this.#unwatch(hold, peer)
		for (const ask of retries ?? []) this.#unwatch(hold, ask.peer)
		const lease = error === undefined ? hold.lease : undefined
		if (request !== undefined && peer !== undefined && answer !== undefined) this.#answerOne(request, peer, answer, lease, error, hold.askedAt)
		for (const ask of retries ?? []) this.#answerOne(ask.request, ask.peer, ask.answer, lease, error, ask.askedAt)
	}

	#unwatch(hold: PendingHold, peer: Peer): void {
		const waiting = this.#waitingBy.get(peer)
		if (waiting === undefined) return
		waiting.delete(hold)
		if (waiting.size === 0) this.#waitingBy.delete(peer)
	}

	#answerOne(request: HoldRequest, peer: Peer, answer: HoldAnswer, lease: ServedLease | undefined, error: LockError | ProtocolError | undefined, askedAt: number): void {
		if (lease !== undefined) lease.owner = peer
		answer(request, lease, error, askedAt)
	}

	#granted(hold: PendingHold, engineLease: HeldLease<bigint | undefined>): void {
		// The grant and a cancel crossed: the lease goes back, at the next turn, so that a line of holds
		// given up together does not pass the key from one to the next within one turn.
		if (hold.withdrawn !== undefined || this.#closed) {
			this.#refused(hold, hold.withdrawn ?? new LockError('closed', `${placeOfHold(hold)}: the server is closing`))
			setImmediate(() => engineLease.end())
			return
		}
		// The engine set the expiry at the grant, so the grant was a TTL before it. The wire's id is
		// random, not the engine's `<epoch>-<serial>`: knowing it is what lets a client renew or release.
		const lease = new ServedLease(hold, engineLease, newLeaseId(), engineLease.expiresAt - hold.ttl)
		if (this.#history.on) {
			const { requestId, limit, ttl } = hold
			try {
				this.#history.grant({ type: 'grant', at: this.#store.clock.now(), client: hold.scope.label, requestId, limit: limit ?? null, ttl, ...lease.wire() })
			} catch (error) {
				// A grant the history does not have never happened: the key goes back, and the
				// hold is forgotten so that a retry of its request id is a new try.
				hold.forgotten = true
				this.#refused(hold, historyError(placeOfHold(hold), error, 'the hold was not granted; retry it'))
				engineLease.end()
				return
			}
			hold.inLine = false
		}
		hold.state = 'held'
		// Its name is the engine's from now on: a copy of it per lease would cost 200 bytes a lease of a long name.
		hold.name = engineLease.name
		this.#waiting.delete(hold)
		hold.lease = lease
		engineLease.holder = lease
		this.#leases.set(lease.id, lease)
		this.#settle(hold, undefined)
	}

	// One listener for every lease, which finds its lease on the wire on the engine's: neither the lease's signal (an AbortController and
	// an abort listener per lease showed in the server's profile) nor a closure per lease (a hundred bytes each).
	readonly #leaseLost = (reason: LockError, engineLease: { readonly holder: unknown }): void => {
		const lease = engineLease.holder
		if (lease instanceof ServedLease) this.#lost(lease, reason)
	}

	#refused(hold: PendingHold, error: unknown): void {
		if (hold.state !== 'waiting') return
		hold.state = 'ended'
		const lockError = error instanceof LockError || error instanceof ProtocolError ? error : new LockError('invalid', `${placeOfHold(hold)}: ${(error as Error).message}`)
		this.#forgetHold(hold)
		this.#leftLine(hold, lockError.code)
		if (!hold.forgotten) this.#endedHolds.refused(hold.scope, hold, lockError)
		this.#scopes.forgetIfEmpty(hold.scope)
		this.#settle(hold, lockError)
	}

	// The engine takes a withdrawn hold out of its line at once, but the refusal reaches the book a few promise turns later: the history says so now.
	#withdraw(hold: PendingHold, reason: LockError): void {
		if (hold.state === 'waiting' && hold.controller !== undefined) this.#leftLine(hold, reason.code)
		hold.withdraw(reason)
	}

	#leftLine(hold: PendingHold, code: string): void {
		if (!hold.inLine) return
		hold.inLine = false
		this.#history.report(() => ({ type: 'leave', at: this.#store.clock.now(), client: hold.scope.label, requestId: hold.requestId, code }))
	}

	#lost(lease: ServedLease, reason: LockError): void {
		if (lease.ended !== undefined) return
		const how = reason.code === 'closed' ? 'closed' : 'expired'
		this.#end(lease, how)
		this.#history.report(() => ({ type: 'expire', at: this.#store.clock.now(), leaseId: lease.id, expiresAt: lease.engine.expiresAt }))
		lease.owner?.pushLost(lease.id, how)
	}

	#forgetHold(hold: PendingHold): void {
		this.#quotas.discharge(hold)
		hold.scope.holds.delete(hold.requestId)
		this.#waiting.delete(hold)
	}

	#end(lease: ServedLease, how: Ended): void {
		if (lease.ended !== undefined) return
		lease.ended = how
		this.#leases.delete(lease.id)
		this.#endedLeases.add(lease.id, how, lease.engine.fence)
		const hold = lease.hold
		hold.state = 'ended'
		this.#forgetHold(hold)
		this.#endedHolds.ended(hold.scope, hold, lease.id, how)
	}

	#find(leaseId: string, fence: bigint | undefined, what: string): ServedLease {
		const lease = this.#leases.get(leaseId)
		if (lease === undefined) {
			const ended = this.#endedLeases.get(leaseId)
			if (ended !== undefined) {
				checkFence(leaseId, ended.fence, fence)
				throw endedError(leaseId, ended.how, what)
			}
			throw new LockError('lost', `lease ${JSON.stringify(leaseId)}: unknown to this server (it ended long ago, or the server restarted since it was given); the ${what} is refused`)
		}
		checkFence(leaseId, lease.engine.fence, fence, lease.hold)
		return lease
	}
}

// The message does not say the lease's fence: a caller that does not know it learns nothing.
// The place is written only into a refusal: building it for every release showed in the profile.
function checkFence(leaseId: string, actual: bigint | undefined, given: bigint | undefined, request?: HoldTarget): void {
	if (given !== undefined && given !== actual) {
		const place = request === undefined ? '' : `${placeOfHold(request)}: `
		throw new ProtocolError('invalid', `${place}lease ${JSON.stringify(leaseId)}: fence ${given} is not this lease's`)
	}
}

function asRefusal(error: unknown): LockError | ProtocolError {
	if (error instanceof LockError || error instanceof ProtocolError) return error
	return new LockError('invalid', (error as Error).message)
}

function endedError(leaseId: string, how: Ended, what: string): LockError {
	const name = `lease ${JSON.stringify(leaseId)}`
	if (how === 'released') return new LockError('released', `${name}: was released; the ${what} is refused`)
	if (how === 'closed') return new LockError('lost', `${name}: lost when the server closed; the ${what} is refused`)
	if (how === 'ended') return new LockError('lost', `${name}: ended by an operator; the ${what} is refused`)
	const frees = what === 'release' ? ' and frees nothing' : ''
	return new LockError('lost', `${name}: ran out (its TTL passed without a renewal); the ${what} is refused${frees}`)
}
