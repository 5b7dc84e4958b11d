import { createServer, type Server, type Socket } from 'node:net'
import { LockError, type Store } from '../engine/index.ts'
import { addressGroup } from './address-group.ts'
import { AuthThrottle } from './auth-throttle.ts'
import { Connection, type ConnectionLimits, type Tokens } from './connection.ts'
import { encodeFrame, MAX_FRAME_BYTES } from './framing.ts'
import type { HistoryRecord } from './history.ts'
import { LeaseBook, type BookLimits } from './lease-book.ts'
import { openFilesLeft } from './open-files.ts'
import { DEFAULT_PORT, MAX_ID_LENGTH, MIN_TOKEN_BYTES } from './protocol.ts'

/** What a lock server may cost; each has a default. */
export type ServerLimits = ConnectionLimits &
	BookLimits & {
		/** Client connections open at once; one more is answered `busy` and closed. */
		maxConnections: number
		/** Client connections open at once from one address; one more is answered `busy` and closed. */
		maxConnectionsPerAddress: number
	}

/** The limits a server has unless told otherwise. */
export const DEFAULT_LIMITS: ServerLimits = {
	maxFrameBytes: MAX_FRAME_BYTES,
	maxInFlight: 1024,
	maxBufferedBytes: 1024 * 1024,
	helloTimeoutMs: 10_000,
	idleTimeoutMs: 60_000,
	authDelayMs: 1000,
	maxConnections: 1000,
	maxConnectionsPerAddress: 100,
	maxHolds: 100_000,
	maxHoldsPerClient: 1000,
	maxHoldsPerAddress: 10_000,
	maxHoldsPerToken: 100_000,
	rememberEnded: 10_000,
}

/** How to start a lock server. */
export interface ServeOptions {
	/** The open store whose locks and semaphores the server gives out; the caller closes it after the server. */
	store: Store
	/** 127.0.0.1 unless given. */
	host?: string
	/** 7411 unless given; 0 picks a free port. */
	port?: number
	/** With a token, a connection must say `hello` with it before anything else; with several, each is a tenant with its own share of holds (`maxHoldsPerToken`). */
	token?: string | readonly string[]
	/** A connection whose `hello` gives this token is an operator's: it may list and end every lease. */
	operatorToken?: string
	limits?: Partial<ServerLimits>
	/** Called with every grant, renewal, release and expiry, before the client hears of it. */
	history?: (record: HistoryRecord) => void
}

/** A running lock server. */
export interface LockServer {
	readonly host: string
	readonly port: number
	/** `tcp://host:port`, what `connect` takes. */
	readonly url: string
	/** How many client connections are open. */
	readonly connections: number
	/** How many client connections it takes at once: `maxConnections`, or fewer when the process's open-file limit leaves room for fewer. */
	readonly maxConnections: number
	/** Stops taking connections, refuses waiting holds and loses leases (`closed`), then closes every connection. */
	close(): Promise<void>
}

/** Connections refused with `busy` whose answer may still be on its way: each is an open file until it goes. */
const REFUSING_AT_ONCE = 32
/** Open files kept free for the rest of the server's work (the store's journal, a history file, a DNS lookup). */
const SPARE_FILES = 16
let refusing = 0

// Told why rather than reset, so the client knows to come back later. The connection lingers up to a second so
// the answer arrives before the close, unless too many do already: then it goes once the answer is written.
function refuse(socket: Socket, message: string): void {
	socket.on('error', () => {})
	// What the client sent is read and dropped: a close with unread bytes would reset the connection, answer and all.
	socket.resume()
	socket.end(encodeFrame({ id: null, ok: false, error: { code: 'busy', message } }))
	if (refusing >= REFUSING_AT_ONCE) {
		socket.once('finish', () => setTimeout(() => socket.destroy(), 20).unref())
		return
	}
	refusing++
	socket.once('close', () => refusing--)
	setTimeout(() => socket.destroy(), 1000).unref()
}

/** Starts a lock server for a store over TCP, listening on 127.0.0.1 unless told otherwise. */
export async function serve(options: ServeOptions): Promise<LockServer> {
	const limits = { ...DEFAULT_LIMITS, ...options.limits }
	const clientTokens = options.token === undefined ? [] : typeof options.token === 'string' ? [options.token] : [...options.token]
	for (const [what, token] of [...clientTokens.map(token => ['token', token] as const), ['operatorToken', options.operatorToken] as const]) {
		if (token === undefined) continue
		const bytes = Buffer.byteLength(token)
		if (bytes < MIN_TOKEN_BYTES || bytes > MAX_ID_LENGTH) {
			throw new LockError('invalid', `serve: ${what} of ${bytes} bytes: expected ${MIN_TOKEN_BYTES} to ${MAX_ID_LENGTH} bytes (the longest text the wire takes)`)
		}
	}
	if (options.operatorToken !== undefined && clientTokens.includes(options.operatorToken)) {
		throw new LockError('invalid', 'serve: operatorToken: the same as token; an operator sees every client\'s leases, so its token must be its own')
	}
	if (new Set(clientTokens).size < clientTokens.length) throw new LockError('invalid', 'serve: token: a token given twice; each token is a tenant of its own')
	const tokens: Tokens = { client: clientTokens.map(token => Buffer.from(token)), operator: options.operatorToken === undefined ? undefined : Buffer.from(options.operatorToken) }
	// A connection is an open file: past the process's limit the system resets connections before the server sees
	// them, where a client should hear `busy`. So the server takes no more than its open files leave room for.
	const filesLeft = openFilesLeft()
	const room = filesLeft === undefined ? Number.POSITIVE_INFINITY : filesLeft - 1 - REFUSING_AT_ONCE - SPARE_FILES
	if (room < 1) throw new LockError('invalid', `serve: the open-file limit leaves room for no connection (${filesLeft} files left to open); raise it (ulimit -n)`)
	const maxConnections = Math.min(limits.maxConnections, room)
	const throttle = new AuthThrottle(limits.authDelayMs)
	const store = options.store
	const book = new LeaseBook(store, limits, options.history)
	const connections = new Set<Connection>()
	// Connections by the host they come from: one host may not take every connection of the server.
	const byAddress = new Map<string, number>()
	const server: Server = createServer(socket => {
		const group = addressGroup(socket.remoteAddress ?? '')
		const address = group.key
		const fromAddress = byAddress.get(address) ?? 0
		if (connections.size >= maxConnections) {
			const why = maxConnections < limits.maxConnections ? 'its limit (--max-connections, lowered to what the open-file limit leaves room for)' : 'its limit (--max-connections)'
			refuse(socket, `the server has ${maxConnections} connections, ${why}; try again later`)
			return
		}
		if (fromAddress >= limits.maxConnectionsPerAddress) {
			refuse(socket, `${group.label} has ${limits.maxConnectionsPerAddress} connections, its limit (--max-connections-per-address); try again later`)
			return
		}
		byAddress.set(address, fromAddress + 1)
		const connection = new Connection(socket, group, book, limits, tokens, () => store.clock.now(), throttle)
		connections.add(connection)
		socket.on('close', () => {
			connections.delete(connection)
			const left = (byAddress.get(address) ?? 1) - 1
			if (left === 0) byAddress.delete(address)
			else byAddress.set(address, left)
		})
	})
	// One sweep for every connection, rather than a timer per connection reset by every frame.
	const sweep = setInterval(() => {
		const now = Date.now()
		for (const connection of connections) connection.sweepIdle(now)
	}, Math.max(10, limits.idleTimeoutMs / 4))
	sweep.unref()
	const host = options.host ?? '127.0.0.1'
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen({ host, port: options.port ?? DEFAULT_PORT }, () => {
			server.off('error', reject)
			resolve()
		})
	})
	book.started()
	const address = server.address()
	const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? DEFAULT_PORT)
	let closing: Promise<void> | undefined
	return {
		host,
		port,
		url: `tcp://${host.includes(':') ? `[${host}]` : host}:${port}`,
		get connections() {
			return connections.size
		},
		maxConnections,
		close() {
			closing ??= new Promise<void>(resolve => {
				clearInterval(sweep)
				server.close(() => resolve())
				book.close()
				for (const connection of connections) connection.end()
			})
			return closing
		},
	}
}
