import type { HeldLease, LockError } from '../engine/index.ts'
import type { AddressGroup } from './address-group.ts'
import type { HoldRequest, HoldTarget, HoldTerms, LostReason, ProtocolError, RequestId, WireLease } from './protocol.ts'
import { Account, type Charged } from './quotas.ts'

/** A connection as the book sees it: the client it speaks for, and where a lease's loss is told. */
export interface Peer {
	/** The client whose request ids it uses and to whom its holds are charged: its hello's client id, else the connection alone. */
	readonly scope: ClientScope
	/** The host it comes from, whose share of holds its asks and renewals are charged to; none for a peer that is no connection. */
	readonly address?: AddressGroup
	/** Which of the server's client tokens its hello gave, by place, whose share its asks and renewals are charged to. */
	readonly token?: number
	/** Tells the client a lease is lost, written out at once: before its key can move on. */
	pushLost(leaseId: string, reason: LostReason): void
}

/** Answers one ask of a hold: with its lease, or with why not; `askedAt` is when the ask came, in the server clock's ms. */
export type HoldAnswer = (request: HoldRequest, lease: ServedLease | undefined, error: LockError | ProtocolError | undefined, askedAt: number) => void

/** A later ask of a hold already in the book: a retry, on this connection or another. */
export interface Ask {
	request: HoldRequest
	peer: Peer
	answer: HoldAnswer
	/** When it came, in the server clock's ms: its answer says how long it waited. */
	askedAt: number
}

// Times a hold keeps are kept as ms since this process started: a small integer for the first twelve days
// (2^30 ms), where a time since 1970 is a number boxed on the heap, 16 bytes more each.
const processStart = Math.floor(performance.timeOrigin)

/** A lease the server gave: the engine's lease, its random wire id, and the connection told when it is lost. */
export class ServedLease {
	ended: Ended | undefined
	owner: Peer | undefined
	readonly #granted: number

	constructor(
		readonly hold: PendingHold,
		readonly engine: HeldLease<bigint | undefined>,
		readonly id: string,
		grantedAt: number,
	) {
		this.#granted = grantedAt - processStart
	}

	/** When it was granted, in the server clock's ms. */
	get grantedAt(): number {
		return processStart + this.#granted
	}

	wire(): WireLease {
		const { kind, name, key } = this.hold
		const fence = this.engine.fence
		return { id: this.id, kind, name, key, fence: fence === undefined ? null : fence.toString(), grantedAt: this.grantedAt, expiresAt: this.engine.expiresAt }
	}

	/**
	 * The answer to a hold or a renewal of this lease as a frame: the same text as `encodeFrame` of it, made
	 * field by field. `waited` is how long the request was at the server before this answer (ms, when more
	 * than 0): with `now` and the expiry, what lets a client date the lease from when it sent the request.
	 */
	frame(id: RequestId, now: number, waited = 0): string {
		// Made for each answer, not kept: a lease of the largest name and key would keep a second copy of both (1.2 KB).
		const tail = waited > 0 ? `,"waited":${waited}}\n` : '}\n'
		return `{"id":${typeof id === 'number' ? id : JSON.stringify(id)},"ok":true,"lease":${framedLease(this)}${this.engine.expiresAt}},"now":${now}${tail}`
	}
}

/** How a lease ended: let go by its holder, run out, lost when the server closed, or ended by an operator. */
export type Ended = 'released' | 'expired' | 'closed' | 'ended'

/**
 * One client as the server knows it: every connection whose hello names the same client id,
 * else one connection alone. Its request ids name its own holds and no other client's.
 */
export class ClientScope {
	/** Its holds waiting or held, by request id. */
	readonly holds = new Map<string, PendingHold>()
	/** Its holds the book remembers as ended, by request id: their slots in the book's memory. */
	readonly ended = new Map<string, number>()
	/** Its connections open now. */
	connections = 0
	/** Its share of holds (`--max-holds-per-client`). */
	readonly account: Account

	constructor(
		/** The hello's client id, or undefined for a connection that named none. */
		readonly id: string | undefined,
		/** How the history and an operator name it: `client ID`, or `connection N`. */
		readonly label: string,
		maxHolds: number,
		/** Called when its last hold, or renewal of another's lease, ends. */
		onEmpty?: (scope: ClientScope) => void,
	) {
		this.account = new Account(maxHolds, '--max-holds-per-client', 'this client', onEmpty === undefined ? undefined : () => onEmpty(this))
	}

	/** Nothing of it is left: no connection, no hold, no renewal of another's lease, nothing remembered. */
	get empty(): boolean {
		return this.connections === 0 && this.holds.size === 0 && this.ended.size === 0 && this.account.count === 0
	}
}

// A lease's wire fields up to its expiry; a lease id is hex digits and dashes, written without escaping.
function framedLease(lease: ServedLease): string {
	const { kind, name, key } = lease.hold
	const fence = lease.engine.fence === undefined ? 'null' : `"${lease.engine.fence}"`
	return `{"id":"${lease.id}","kind":"${kind}","name":${JSON.stringify(name)},"key":${JSON.stringify(key)},"fence":${fence},"grantedAt":${lease.grantedAt},"expiresAt":`
}

/**
 * A hold the book answers: waiting for its key, held (with its lease), or ended. It keeps its terms in fields
 * of its own, not the request they came in, which it lets go once answered: the request's wire id may be
 * 200 bytes, and its name a copy of one the engine keeps already.
 */
export class PendingHold implements Charged, HoldTerms {
	readonly kind: 'lock' | 'semaphore'
	/** The name asked for; once granted, the engine's string of it, so that leases of one name keep one copy. */
	name: string
	readonly key: string
	readonly limit: number | undefined
	readonly ttl: number
	readonly requestId: string
	state: 'waiting' | 'held' | 'ended' = 'waiting'
	#asked = 0
	forgotten = false
	lease: ServedLease | undefined
	// What only a hold that waits in an engine's line has, made when it joins one: most find their key free.
	#line: InLine | undefined
	// The parties charged for it until it ends beside its client: the address and token that asked, and renewers of its lease.
	address: Account | undefined = undefined
	token: Account | undefined = undefined
	renewers: Account[] | undefined = undefined
	// The first ask in fields and the rest in a list made only for a retry: a callback each, not a promise per hold.
	// Each is let go once the hold is answered or its connection closes: a hold keeps no closed connection alive.
	request: HoldRequest | undefined
	peer: Peer | undefined
	answer: HoldAnswer | undefined

	constructor(
		request: HoldRequest,
		/** The client whose request id names the hold, and whom it is charged to until it ends. */
		readonly scope: ClientScope,
		peer: Peer,
		answer: HoldAnswer,
	) {
		this.kind = request.kind
		this.name = request.name
		this.key = request.key
		this.limit = request.limit
		this.ttl = request.ttl
		this.requestId = request.requestId
		this.request = request
		this.peer = peer
		this.answer = answer
	}

	/** When it was first asked, in the server clock's ms: for an operator's list, and how long its answer waited. */
	get askedAt(): number {
		return processStart + this.#asked
	}

	set askedAt(at: number) {
		this.#asked = at - processStart
	}

	/** Withdraws it from the engine's line it waits in; made by the book when it has to wait. */
	get controller(): AbortController | undefined {
		return this.#line?.controller
	}

	set controller(controller: AbortController) {
		this.#waiting().controller = controller
	}

	/** Why a waiting hold should leave the line: its client cancelled, or every connection that asked is gone. */
	get withdrawn(): LockError | undefined {
		return this.#line?.withdrawn
	}

	set withdrawn(reason: LockError) {
		this.#waiting().withdrawn = reason
	}

	/** True from the history's wait record to its leave record, so each is written once. */
	get inLine(): boolean {
		return this.#line?.recorded ?? false
	}

	set inLine(recorded: boolean) {
		if (recorded || this.#line !== undefined) this.#waiting().recorded = recorded
	}

	/** Later asks of the hold while it waits, in a list made only for a retry: a callback each, not a promise per hold. */
	get retries(): Ask[] | undefined {
		return this.#line?.retries
	}

	set retries(retries: Ask[] | undefined) {
		if (retries !== undefined || this.#line !== undefined) this.#waiting().retries = retries
	}

	#waiting(): InLine {
		return (this.#line ??= { controller: undefined, withdrawn: undefined, recorded: false, retries: undefined })
	}

	/** Whether any connection still waits for the hold's answer. */
	get asked(): boolean {
		return this.peer !== undefined || (this.retries?.length ?? 0) > 0
	}

	/** Lets go of the asks that came on a connection that closed. */
	dropAsksOf(peer: Peer): void {
		if (this.peer === peer) {
			this.request = undefined
			this.peer = undefined
			this.answer = undefined
		}
		if (this.retries !== undefined) this.retries = this.retries.filter(ask => ask.peer !== peer)
	}

	/** Takes the hold out of the engine's line, for a reason already given (`withdrawn`), whatever the book did with it since. */
	leaveLine(): void {
		this.controller?.abort(this.withdrawn)
	}

	/** Makes a waiting hold leave its line. */
	withdraw(reason: LockError): void {
		if (this.state !== 'waiting') return
		this.withdrawn ??= reason
		this.controller?.abort(reason)
	}
}

/** What a hold waiting in an engine's line has beside every hold's fields. */
interface InLine {
	controller: AbortController | undefined
	withdrawn: LockError | undefined
	// The history has its wait record and not yet its leave record.
	recorded: boolean
	retries: Ask[] | undefined
}

/** Whether two asks with one request id ask for the same thing. */
export function sameHold(a: HoldTarget, b: HoldTarget): boolean {
	return a.kind === b.kind && a.name === b.name && a.key === b.key && a.limit === b.limit
}
