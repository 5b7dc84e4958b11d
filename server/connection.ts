import type { Socket } from 'node:net'
import { timingSafeEqual } from 'node:crypto'
import { LockError } from '../engine/index.ts'
import type { AddressGroup } from './address-group.ts'
import type { AuthThrottle } from './auth-throttle.ts'
import { encodeFrame, FrameBatch, FrameReader, okFrame, type FrameEvent } from './framing.ts'
import type { ClientScope } from './holds.ts'
import type { HoldAnswer, LeaseBook, Peer } from './lease-book.ts'
import {
	parseRequest,
	PROTOCOL_VERSION,
	ProtocolError,
	type CancelRequest,
	type EndRequest,
	type HelloRequest,
	type LeasesRequest,
	type LostEvent,
	type LostReason,
	type ReleaseRequest,
	type RenewRequest,
	type Request,
	type RequestId,
	type Response,
	type WireErrorCode,
} from './protocol.ts'

/** What one connection may cost the server. */
export interface ConnectionLimits {
	/** The most bytes of one frame. */
	maxFrameBytes: number
	/** Holds of one connection the server works on at once; renewals, releases and cancels never count. */
	maxInFlight: number
	/** Bytes waiting to be sent to a client that does not read, past which it is cut off. */
	maxBufferedBytes: number
	/** How long a connection has to send its `hello` when a token is required. */
	helloTimeoutMs: number
	/** How long an address waits after a wrong token before its next is looked at; doubles with each failure in a row, up to a minute. */
	authDelayMs: number
	/** How long a connection may complete no frame while it has no hold in flight and its client holds nothing, before it is closed. */
	idleTimeoutMs: number
}

/**
 * How many frames of one connection the server handles in one turn of the event loop: a client
 * that pipelines thousands of requests gets them handled in slices, with every other connection's
 * requests between them, rather than all before anyone else's.
 */
export const FRAMES_PER_TURN = 256

/** The most holds one `leases` answer lists; `truncated` says when there are more. */
export const MAX_LISTED = 1000
/** The most characters of one `leases` answer: fewer holds are listed when theirs would pass it. */
export const MAX_LIST_BYTES = 512 * 1024

// Turns of the event loop, counted by one immediate for all connections, made only in a turn that reads frames.
let turn = 0
let counting = false

function currentTurn(): number {
	if (!counting) {
		counting = true
		setImmediate(nextTurn)
	}
	return turn
}

function nextTurn(): void {
	turn++
	counting = false
}

/** The tokens a server takes in a hello: its clients' (one of them required when there are any, each a tenant) and an operator's, each as bytes. */
export interface Tokens {
	client: readonly Buffer[]
	operator: Buffer | undefined
}

/** The server's side of one client connection: frames in, answers out, in order of completion. */
export class Connection implements Peer {
	readonly #socket: Socket
	readonly #book: LeaseBook
	readonly #limits: ConnectionLimits
	readonly #tokens: Tokens
	readonly #now: () => number
	readonly #reader: FrameReader
	/** The host it comes from, whose share its holds and renewals are charged to. */
	readonly address: AddressGroup
	/** Which client token its hello gave, by place; undefined without one. */
	token: number | undefined
	#authorized: boolean
	// Whether its hello gave the operator's token: only then may it list and end leases.
	#operator = false
	#inFlight = 0
	#scope: ClientScope
	// What the connection has sent: a hello must be the first request, and only one.
	#said: 'nothing' | 'hello' | 'requests' = 'nothing'
	// Set by every request read, cleared by the server's idle sweep: bytes that never make a frame, and frames that are no request, do not count.
	#active = true
	#idleSince: number | undefined
	#helloTimer: ReturnType<typeof setTimeout> | undefined
	// Frames handled in this turn of the event loop (`#turn`), and those left for the next.
	#turn = -1
	#handled = 0
	#waiting: FrameEvent[] | undefined
	#waitingFrom = 0
	// Answers made in one turn of the event loop, written together.
	readonly #batch: FrameBatch

	readonly #throttle: AuthThrottle

	constructor(socket: Socket, address: AddressGroup, book: LeaseBook, limits: ConnectionLimits, tokens: Tokens, now: () => number, throttle: AuthThrottle) {
		this.#throttle = throttle
		this.#socket = socket
		this.address = address
		this.#book = book
		this.#limits = limits
		this.#tokens = tokens
		this.#now = now
		this.#reader = new FrameReader(limits.maxFrameBytes)
		this.#batch = new FrameBatch(text => this.#write(text))
		this.#authorized = tokens.client.length === 0
		this.#scope = book.openScope()
		socket.setNoDelay(true)
		socket.on('data', chunk => this.#read(chunk as Buffer))
		socket.on('error', () => {})
		socket.on('close', () => {
			clearTimeout(this.#helloTimer)
			this.#book.closeScope(this)
		})
		if (!this.#authorized) {
			this.#helloTimer = setTimeout(() => this.#refuse(null, 'unauthorized', 'no hello with the token came in time; this server requires one'), limits.helloTimeoutMs)
		}
	}

	/** The client whose request ids this connection uses: its hello's client id, else the connection alone. */
	get scope(): ClientScope {
		return this.#scope
	}

	/**
	 * Called by the server's sweep: closes the connection once it completed no frame for the
	 * idle timeout while nothing of it is in flight and its client holds nothing.
	 */
	sweepIdle(now: number): void {
		if (this.#active || this.#inFlight > 0 || this.#scope.holds.size > 0) {
			this.#active = false
			this.#idleSince = undefined
			return
		}
		this.#idleSince ??= now
		if (now - this.#idleSince < this.#limits.idleTimeoutMs) return
		this.#refuse(null, 'closed', `no request completed for ${this.#limits.idleTimeoutMs} ms, and nothing is held or asked: the idle connection closes (--idle-timeout)`)
	}

	pushLost(leaseId: string, reason: LostReason): void {
		this.#send({ event: 'lost', leaseId, reason })
		this.#batch.flush()
	}

	/** Closes the connection once what is queued for it is sent, or after a second at most. */
	end(): void {
		this.#batch.flush()
		this.#socket.end()
		setTimeout(() => this.#socket.destroy(), 1000).unref()
	}

	#read(chunk: Buffer): void {
		this.#handle(this.#reader.push(chunk), 0)
	}

	// Frames of one connection are handled at most `FRAMES_PER_TURN` a turn of the event loop: past that the
	// rest waits, and the socket is paused, until the other connections had their turn.
	#handle(events: FrameEvent[], from: number): void {
		const now = currentTurn()
		if (this.#turn !== now) {
			this.#turn = now
			this.#handled = 0
		}
		const until = Math.min(events.length, from + FRAMES_PER_TURN - this.#handled)
		this.#handled += until - from
		for (let i = from; i < until; i++) {
			const event = events[i] as FrameEvent
			if ('notUtf8' in event) {
				if (!this.#authorized) {
					this.#refuse(null, 'unauthorized', 'the first frame must be a hello with the token (frame is not UTF-8 text)')
					return
				}
				this.#send({ id: null, ok: false, error: { code: 'malformed', message: 'frame is not UTF-8 text' } })
				continue
			}
			if ('tooLarge' in event) {
				// Where the next frame starts is lost, so the connection ends after the answer.
				this.#refuse(null, 'too_large', `a frame of at least ${event.tooLarge} bytes: the limit is ${this.#limits.maxFrameBytes} bytes per frame, and the connection closes`)
				return
			}
			if (this.#socket.destroyed || this.#socket.writableEnded) return
			const parsed = parseRequest(event.frame)
			if (!parsed.ok) {
				if (!this.#authorized) this.#refuse(parsed.id, 'unauthorized', `the first frame must be a hello with the token (${parsed.error.message})`)
				else this.#send({ id: parsed.id, ok: false, error: parsed.error })
				continue
			}
			// Only a request keeps a connection from being idle: frames the server cannot read would keep it forever.
			this.#active = true
			this.#dispatch(parsed.request)
		}
		if (until < events.length && !this.#socket.destroyed) {
			this.#waiting = events
			this.#waitingFrom = until
			this.#socket.pause()
			setImmediate(this.#goOn)
		}
	}

	// The next turn: the frames left waiting are handled, and reading goes on once none are left.
	readonly #goOn = (): void => {
		const events = this.#waiting
		if (events === undefined) return
		this.#waiting = undefined
		this.#handle(events, this.#waitingFrom)
		if (this.#waiting === undefined) this.#socket.resume()
	}

	#dispatch(request: Request): void {
		if (!this.#authorized && request.method !== 'hello') {
			this.#refuse(request.id, 'unauthorized', `${request.method} before hello: this server requires a hello with its token first`)
			return
		}
		if (request.method === 'hello' && this.#said === 'nothing' && !this.#welcome(request)) return
		const first = this.#said === 'nothing'
		if (first) this.#said = request.method === 'hello' ? 'hello' : 'requests'
		switch (request.method) {
			case 'hello':
				// Whom a connection speaks for is fixed by its first request: a later hello would move its holds' request ids and charges to another client.
				if (!first) {
					const why = this.#said === 'hello' ? 'this connection said hello already' : 'must be the first request of a connection; this one already sent others as a client of its own'
					const tail = this.#said === 'hello' ? '; a connection speaks for one client, named by its first request' : ''
					this.#send({ id: request.id, ok: false, error: { code: 'invalid', message: `hello: ${why}${tail}` } })
					return
				}
				if (request.client !== undefined) this.#scope = this.#book.renameScope(this.#scope, request.client)
				// The epoch tells a client that reconnects whether this is the server that gave its leases.
				this.#send({ id: request.id, ok: true, protocol: PROTOCOL_VERSION, now: this.#now(), epoch: this.#book.epoch })
				return
			case 'hold':
				// Only a hold can wait: renew, release, cancel and hello take no slot, so a connection full of waiting holds still keeps its leases.
				if (this.#inFlight >= this.#limits.maxInFlight) {
					this.#send({ id: request.id, ok: false, error: { code: 'busy', message: `hold: this connection has ${this.#limits.maxInFlight} holds in flight, its limit` } })
					return
				}
				this.#inFlight++
				this.#book.ask(request, this, this.#answerHold)
				return
			case 'release':
			case 'renew':
			case 'cancel':
				// Answered within the call, in the order they came: none of them waits.
				this.#answerNow(request)
				return
			case 'leases':
			case 'end':
				this.#answerOperator(request)
		}
	}

	// Whether a connection's first hello lets it in: its version is this server's, and its token (checked when it gives
	// one, or when one is required) is one of the server's. Refused, and the connection closed, if not; a later hello is refused in #dispatch.
	#welcome(hello: HelloRequest): boolean {
		if (hello.version !== undefined && hello.version !== PROTOCOL_VERSION) {
			this.#refuse(hello.id, 'invalid', `hello: version ${hello.version}: this server speaks version ${PROTOCOL_VERSION} of the protocol; use a client of that version`)
			return false
		}
		if (hello.token === undefined && this.#authorized) return true
		// No token to guess: a client that sends one is misconfigured (or at the wrong server), and no throttle is earned.
		if (this.#tokens.client.length === 0 && this.#tokens.operator === undefined) {
			this.#refuse(hello.id, 'invalid', 'hello: a token, but this server takes none (it was started without --token-file); connect without one')
			return false
		}
		return this.#authenticate(hello)
	}

	// Whether the hello's token lets the connection in, as a client or as an operator; refused (and the connection closed) if not.
	#authenticate(hello: HelloRequest): boolean {
		const address = this.address.key
		const wait = this.#throttle.waitFor(address, Date.now(), hello.client)
		if (wait > 0) {
			// Not a wrong token, and not for good: the client may come back once the wait is over.
			this.#send({ id: hello.id, ok: false, error: { code: 'busy', message: `too many failed tokens from ${this.address.name}: try again in ${wait} ms`, retryAfter: wait } })
			this.end()
			return false
		}
		const token = hello.token
		if (token === undefined) {
			this.#refuse(hello.id, 'unauthorized', 'hello without a token: this server requires one')
			return false
		}
		// Every token compared, each in constant time, so the time taken does not say which one a token is close to.
		const operator = this.#tokens.operator !== undefined && matches(token, this.#tokens.operator)
		let client = -1
		for (const [i, expected] of this.#tokens.client.entries()) if (matches(token, expected) && client < 0) client = i
		if (!operator && client < 0) {
			this.#throttle.failed(address, Date.now(), hello.client)
			this.#refuse(hello.id, 'unauthorized', 'hello with a wrong token')
			return false
		}
		this.#throttle.succeeded(address, hello.client)
		this.#authorized = true
		this.#operator = operator
		if (client >= 0) this.token = client
		clearTimeout(this.#helloTimer)
		return true
	}

	#answerOperator(request: LeasesRequest | EndRequest): void {
		if (!this.#operator) {
			const why = this.#tokens.operator === undefined ? 'this server has no operator token (--operator-token-file)' : "this connection's hello did not give the operator token"
			this.#send({ id: request.id, ok: false, error: { code: 'unauthorized', message: `${request.method}: an operator's request; ${why}` } })
			return
		}
		if (request.method === 'end') {
			try {
				this.#book.endLease(request.leaseId, this.#scope)
			} catch (error) {
				this.#send({ id: request.id, ok: false, error: errorOf(error) })
				return
			}
			this.#queue(okFrame(request.id))
			return
		}
		// At most MAX_LISTED holds, and fewer when their frame would pass MAX_LIST_BYTES: a client reads frames of a bounded size.
		for (let max = MAX_LISTED; ; max = Math.floor(max / 2)) {
			const { keys, truncated } = this.#book.list(request, max)
			const frame = encodeFrame({ id: request.id, ok: true, keys, truncated, now: this.#now() })
			if (frame.length <= MAX_LIST_BYTES || max <= 1) {
				this.#queue(frame)
				return
			}
		}
	}

	#answerNow(request: ReleaseRequest | RenewRequest | CancelRequest): void {
		try {
			if (request.method === 'renew') {
				const lease = this.#book.renew(request.leaseId, request.ttl, request.fence, this)
				this.#queue(lease.frame(request.id, this.#now()))
				return
			}
			if (request.method === 'release') this.#book.releaseNow(request.leaseId, request.fence, this.#scope)
			else this.#book.cancel(this.#scope, request.requestId)
		} catch (error) {
			this.#send({ id: request.id, ok: false, error: errorOf(error) })
			return
		}
		this.#queue(okFrame(request.id))
	}

	// One callback for every hold of the connection, rather than a promise and two closures each.
	readonly #answerHold: HoldAnswer = (request, lease, error, askedAt) => {
		this.#inFlight--
		if (lease === undefined) {
			this.#send({ id: request.id, ok: false, error: errorOf(error) })
			return
		}
		const now = this.#now()
		this.#queue(lease.frame(request.id, now, now - askedAt))
	}

	#refuse(id: RequestId, code: WireErrorCode, message: string): void {
		this.#send({ id, ok: false, error: { code, message } })
		this.end()
	}

	#send(message: Response | LostEvent): void {
		this.#queue(encodeFrame(message))
	}

	#queue(frame: string): void {
		const socket = this.#socket
		if (socket.destroyed || socket.writableEnded) return
		this.#batch.add(frame)
	}

	#write(text: string): void {
		const socket = this.#socket
		if (socket.destroyed || socket.writableEnded) return
		socket.write(text)
		// A client that stops reading must not make the server hold its answers without bound.
		if (socket.writableLength > this.#limits.maxBufferedBytes) socket.destroy()
	}
}

// A token against one of the server's, in constant time for tokens of its length.
function matches(token: string, expected: Buffer): boolean {
	const given = Buffer.from(token)
	return given.length === expected.length && timingSafeEqual(given, expected)
}

function errorOf(error: unknown): { code: WireErrorCode; message: string } {
	if (error instanceof ProtocolError || error instanceof LockError) {
		// The engine never raises `unreachable` (a client's code) on the server; `in_use` means nothing on the wire.
		return { code: error.code === 'in_use' || error.code === 'unreachable' ? 'invalid' : error.code, message: error.message }
	}
	return { code: 'invalid', message: error instanceof Error ? error.message : String(error) }
}
