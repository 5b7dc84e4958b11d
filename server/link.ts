import { connect as connectSocket, type Socket } from 'node:net'
import { LockError } from '../engine/index.ts'
import type { ServerAddress } from './address.ts'
import { encodeFrame, FrameBatch, FrameReader } from './framing.ts'
import { PROTOCOL_VERSION, type LostEvent, type WireError } from './protocol.ts'

/**
 * A server's answer as the client reads it, with `sentAt`, when the client sent the request it answers
 * (the client's clock): with the server's `now`, the expiry and `waited`, what dates a lease.
 */
export type Answer = ({ ok: true; lease?: unknown; now?: number; waited?: number } | { ok: false; error: WireError }) & { sentAt?: number }

/** How a link connects and reconnects. */
export interface LinkOptions {
	token?: string
	/** Sent in every hello, so the server charges this client's holds to it on every connection. */
	clientId: string
	/** Reconnect after a dropped connection, with backoff; true unless false. */
	reconnect: boolean
	/** How long the first connection may take, retries included. */
	connectTimeoutMs: number
	minDelayMs: number
	maxDelayMs: number
	onEvent(event: LostEvent): void
	/** A reconnect reached a server of another epoch than the one before: it restarted, and knows no lease the last one gave. */
	onRestart(previous: string, epoch: string): void
	/** The link gave up for good: closed, refused, or dropped with reconnecting off. */
	onClosed(error: LockError): void
}

/** A request's fields as the wire writes them, all but its `id`: `"method":"cancel","requestId":"7"`. */
export function fieldsText(fields: Record<string, unknown>): string {
	return JSON.stringify(fields).slice(1, -1)
}

/** A call in flight: kept until answered, and sent again on every new connection. */
export class Call {
	readonly promise: Promise<Answer>
	sentAt = 0
	resolve!: (answer: Answer) => void
	reject!: (error: LockError) => void

	constructor(
		readonly id: number,
		/** Its fields but its id, as JSON text (`fieldsText`, or written by hand where a request is made for every hold). */
		readonly fields: string,
		/** When the call stops waiting for its answer, in the client's clock; never unless given. */
		readonly deadline: number,
		/** The error it rejects with then. */
		readonly deadlineError: (() => LockError) | undefined,
	) {
		this.promise = new Promise((resolve, reject) => {
			this.resolve = resolve
			this.reject = reject
		})
	}
}

// How often calls with a deadline are looked at: one timer for all of them, not one each.
const sweepMs = 50

/** The client's time: monotonic wall-clock milliseconds, as the engine's real clock. */
export function clientNow(): number {
	return timeOrigin + performance.now()
}

// Read once: the getter makes a number object on every read, and the client reads the time several times per call.
const timeOrigin = performance.timeOrigin

/**
 * One client's connection to a lock server, made again after it drops: calls wait
 * while it is down and are sent again, in order, once a new connection said `hello`.
 */
export class Link {
	readonly #address: ServerAddress
	readonly #options: LinkOptions
	readonly #pending = new Map<number, Call>()
	#nextId = 1
	#socket: Socket | undefined
	#ready = false
	#closed = false
	#fatal: LockError | undefined
	#attempt = 0
	#timer: ReturnType<typeof setTimeout> | undefined
	// The epoch the last hello said: a reconnect to another is a restarted server.
	#epoch: string | undefined
	#sweep: ReturnType<typeof setInterval> | undefined
	#deadlines = 0
	#onReady: (() => void)[] = []
	// Requests made in one turn of the event loop, written together; a connection not ready sends them after its hello.
	readonly #batch = new FrameBatch(text => {
		if (this.#ready) this.#socket?.write(text)
	})
	// Set while `start` waits: how a link that gives up tells it.
	#whenDead: ((error: LockError) => void) | undefined
	#lastError = ''
	// How long the server said to wait before the next connection, in ms.
	#retryAfter = 0
	// Where every read of the link's connections lands; the frame reader copies what it keeps.
	readonly #readBuffer = Buffer.allocUnsafe(64 * 1024)

	constructor(address: ServerAddress, options: LinkOptions) {
		this.#address = address
		this.#options = options
	}

	/** `tcp://host:port`, for messages. */
	get url(): string {
		const { host, port } = this.#address
		return `tcp://${host.includes(':') ? `[${host}]` : host}:${port}`
	}

	/** True while a connection is up and has said hello. */
	get connected(): boolean {
		return this.#ready
	}

	/** Connects for the first time, retrying (when reconnecting is on) until the connect timeout. */
	start(): Promise<void> {
		return new Promise((resolve, reject) => {
			const deadline = setTimeout(() => {
				this.close(new LockError('unreachable', `${this.url}: could not connect within ${this.#options.connectTimeoutMs} ms${this.#lastError}`))
			}, this.#options.connectTimeoutMs)
			this.#onReady.push(() => {
				clearTimeout(deadline)
				resolve()
			})
			this.#whenDead = error => {
				clearTimeout(deadline)
				reject(error)
			}
			this.#open()
		})
	}

	/** Sends a request (its fields but its id, as JSON text); its answer resolves the call, a closed link or a passed deadline (with `deadlineError`'s error) rejects it. */
	call(fields: string, deadline = Number.POSITIVE_INFINITY, deadlineError?: () => LockError): Call {
		const id = this.#nextId++
		const call = new Call(id, fields, deadline, deadlineError)
		if (this.#closed) {
			call.reject(this.#fatal ?? new LockError('closed', `${this.url}: the client is closed`))
			return call
		}
		this.#pending.set(id, call)
		if (deadlineError !== undefined) {
			this.#deadlines++
			this.#sweep ??= setInterval(this.#expire, sweepMs)
		}
		if (this.#ready) this.#send(call)
		return call
	}

	/** Stops waiting for a call's answer and stops sending it again. */
	withdraw(call: Call): void {
		this.#forget(call.id)
	}

	/** The epoch of the server the link is connected to (or was last), as its hello said. */
	get epoch(): string | undefined {
		return this.#epoch
	}

	/** Ends the link: calls in flight reject with `closed` (or the given error). */
	close(error?: LockError): void {
		if (this.#closed) return
		this.#closed = true
		this.#fatal = error
		clearTimeout(this.#timer)
		this.#ready = false
		this.#socket?.destroy()
		const failure = error ?? new LockError('closed', `${this.url}: the client is closed`)
		for (const call of this.#pending.values()) call.reject(failure)
		this.#pending.clear()
		clearInterval(this.#sweep)
		this.#sweep = undefined
		this.#deadlines = 0
		this.#options.onClosed(failure)
		this.#whenDead?.(failure)
		this.#whenDead = undefined
	}

	#open(): void {
		if (this.#closed) return
		const reader = new FrameReader(1024 * 1024)
		const helloId = this.#nextId++
		// Reads land in one buffer of the link's, passed straight here rather than through a stream's 'data' events.
		const socket = connectSocket({
			host: this.#address.host,
			port: this.#address.port,
			onread: {
				buffer: this.#readBuffer,
				callback: (size: number, buffer: Uint8Array) => {
					this.#read(socket, reader, helloId, buffer.subarray(0, size) as Buffer)
					return true
				},
			},
		})
		this.#socket = socket
		socket.setNoDelay(true)
		// A server whose machine vanished sends nothing, not even a reset: probe the connection.
		socket.setKeepAlive(true, 10_000)
		socket.on('connect', () => {
			const hello: Record<string, unknown> = { id: helloId, method: 'hello', version: PROTOCOL_VERSION }
			if (this.#options.token !== undefined) hello.token = this.#options.token
			hello.client = this.#options.clientId
			socket.write(encodeFrame(hello))
		})
		socket.on('error', error => {
			this.#lastError = `: ${(error as NodeJS.ErrnoException).code ?? error.message}`
		})
		socket.on('close', () => {
			if (this.#socket !== socket) return
			this.#socket = undefined
			this.#ready = false
			if (this.#closed) return
			if (!this.#options.reconnect) {
				const what = this.#whenDead === undefined ? 'the connection closed' : 'could not connect'
				this.close(new LockError('unreachable', `${this.url}: ${what}${this.#lastError}`))
				return
			}
			const delay = Math.min(this.#options.maxDelayMs, this.#options.minDelayMs * 2 ** this.#attempt++)
			// Jitter keeps clients that lost one server from all coming back in the same millisecond; a server that said how long to wait is believed.
			const after = Math.max(delay / 2 + Math.random() * (delay / 2), this.#retryAfter)
			this.#retryAfter = 0
			this.#timer = setTimeout(() => this.#open(), after)
		})
	}

	#read(socket: Socket, reader: FrameReader, helloId: number, chunk: Buffer): void {
		for (const event of reader.push(chunk)) {
			if (!('frame' in event)) {
				socket.destroy()
				return
			}
			let message: Record<string, unknown>
			try {
				message = JSON.parse(event.frame) as Record<string, unknown>
			} catch {
				continue
			}
			if (message.event === 'lost') {
				this.#options.onEvent(message as unknown as LostEvent)
				continue
			}
			if (message.id === helloId) this.#helloAnswered(socket, message)
			else if (message.id === null && !this.#ready) this.#refusedConnection(message)
			else this.#answered(message)
		}
	}

	#helloAnswered(socket: Socket, message: Record<string, unknown>): void {
		if (message.ok !== true) {
			const error = message.error as WireError | undefined
			if (error?.code === 'busy') {
				// A server at a limit, or an address throttled by another's wrong token: not for good. The connection
				// is tried again (a first one until the connect timeout), and the leases go on meanwhile.
				this.#lastError = `: busy: ${error.message}`
				if (typeof error.retryAfter === 'number' && error.retryAfter > 0) this.#retryAfter = Math.min(error.retryAfter, 60_000)
				socket.destroy()
				return
			}
			this.close(new LockError('invalid', `${this.url}: ${error?.code ?? 'refused'}: ${error?.message ?? 'the server refused the hello'}`, { cause: error }))
			return
		}
		// Another epoch is a server that restarted: told before the calls waiting are sent again, so a lease it lost reads as lost first.
		const epoch = typeof message.epoch === 'string' ? message.epoch : undefined
		const previous = this.#epoch
		if (epoch !== undefined) this.#epoch = epoch
		if (previous !== undefined && epoch !== undefined && epoch !== previous) this.#options.onRestart(previous, epoch)
		this.#ready = true
		this.#attempt = 0
		this.#lastError = ''
		const waiting = this.#onReady
		this.#onReady = []
		this.#whenDead = undefined
		for (const call of this.#pending.values()) this.#send(call)
		for (const done of waiting) done()
	}

	// A server at its limit of connections says why before it closes one: the error that ends the connecting says so too.
	#refusedConnection(message: Record<string, unknown>): void {
		const error = message.error as WireError | undefined
		if (error !== undefined) this.#lastError = `: ${error.code}: ${error.message}`
	}

	#answered(message: Record<string, unknown>): void {
		if (typeof message.id !== 'number') return
		const call = this.#pending.get(message.id)
		if (call === undefined) return
		this.#forget(message.id)
		message.sentAt = call.sentAt
		call.resolve(message as unknown as Answer)
	}

	#forget(id: number): void {
		const call = this.#pending.get(id)
		if (call === undefined) return
		this.#pending.delete(id)
		// The sweep stops at its next turn rather than here: one at a time, every call would otherwise make and clear a timer.
		if (call.deadlineError !== undefined) this.#deadlines--
	}

	#expire = (): void => {
		if (this.#deadlines === 0) {
			clearInterval(this.#sweep)
			this.#sweep = undefined
			return
		}
		const now = clientNow()
		for (const [id, call] of this.#pending) {
			if (call.deadlineError === undefined || call.deadline > now) continue
			this.#forget(id)
			call.reject(call.deadlineError())
		}
	}

	#send(call: Call): void {
		call.sentAt = clientNow()
		this.#batch.add(`{"id":${call.id},${call.fields}}\n`)
	}
}
