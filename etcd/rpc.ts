import { fileURLToPath } from 'node:url'
import { Channel, credentials, loadPackageDefinition, Metadata, status, type Client, type ClientDuplexStream, type ServiceError } from '@grpc/grpc-js'
import { loadSync } from '@grpc/proto-loader'
import { LockError } from '../engine/index.ts'

/** A key and its value as etcd stores them; int64 fields as decimal text. */
export interface KeyValue {
	key: Buffer
	create_revision: string
	mod_revision: string
	version: string
	value: Buffer
	lease: string
}

/** What every etcd answer starts with: which cluster and member answered, and the store's revision then. */
export interface ResponseHeader {
	cluster_id: string
	member_id: string
	revision: string
	raft_term: string
}

export interface RangeResponse {
	header: ResponseHeader
	kvs: KeyValue[]
	more: boolean
	count: string
}

export type ResponseOp =
	| { response: 'response_range'; response_range: RangeResponse }
	| { response: 'response_put'; response_put: { header: ResponseHeader; prev_kv: KeyValue | null } }
	| { response: 'response_delete_range'; response_delete_range: { header: ResponseHeader; deleted: string } }
	| { response: 'response_txn'; response_txn: TxnResponse }

export interface TxnResponse {
	header: ResponseHeader
	succeeded: boolean
	responses: ResponseOp[]
}

export interface LeaseGrantResponse {
	header: ResponseHeader
	ID: string
	TTL: string
	error: string
}

export interface StatusResponse {
	header: ResponseHeader
	version: string
	leader: string
	raftTerm: string
}

/** One change to a key: a put (creation when version is 1) or a delete, at `kv.mod_revision`. */
export interface WatchEvent {
	type: 'PUT' | 'DELETE'
	kv: KeyValue
	prev_kv: KeyValue | null
}

export interface WatchResponse {
	header: ResponseHeader
	watch_id: string
	created: boolean
	canceled: boolean
	compact_revision: string
	cancel_reason: string
	events: WatchEvent[]
}

/** A request as the loader takes it: fields by etcd's names, int64 as text or number, bytes as Buffers. */
export type Message = Record<string, unknown>

type Service = 'KV' | 'Lease' | 'Watch' | 'Maintenance'
type Unary = (request: Message, metadata: Metadata, options: { deadline: number }, callback: (error: ServiceError | null, response: unknown) => void) => unknown
type Streaming = (metadata: Metadata) => ClientDuplexStream<Message, unknown>

const protoFile = fileURLToPath(new URL('./etcd.proto', import.meta.url))
const services = (() => {
	const definition = loadSync(protoFile, { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true })
	const pkg = loadPackageDefinition(definition).etcdserverpb as unknown as Record<Service, new (address: string, creds: unknown, options: object) => Client>
	return pkg
})()

/** How a failed try at one member reads: the member is down, silent, cannot decide (no leader, lost quorum), or refused the request itself. */
export type FailureKind = 'down' | 'silent' | 'leaderless' | 'refused'

/** An answer of etcd that refuses the request itself (a lease not found, a bad argument): trying again elsewhere would not help. */
export class EtcdRefusal extends Error {
	readonly grpcCode: number
	readonly details: string

	constructor(error: ServiceError) {
		super(`etcd refused: ${error.details}`)
		this.name = 'EtcdRefusal'
		this.grpcCode = error.code
		this.details = error.details
	}
}

/** How a gRPC error of one try reads. */
export function failureKind(error: ServiceError): FailureKind {
	if (error.code === status.DEADLINE_EXCEEDED) return 'silent'
	// etcd's own answers that it cannot decide now: no leader, a proposal timed out, the leader changed, too many requests.
	if ((error.code === status.UNAVAILABLE || error.code === status.RESOURCE_EXHAUSTED) && error.details.startsWith('etcdserver:')) return 'leaderless'
	if (error.code === status.UNAVAILABLE || error.code === status.CANCELLED) return 'down'
	return 'refused'
}

interface Member {
	address: string
	channel: Channel
	clients: Map<Service, Client>
}

/** How the calls reach etcd. */
export interface RpcOptions {
	/** The members' client addresses, `host:port` (an `http://` in front is allowed). */
	endpoints: string[]
	/** How long one try at one member may take before the next member is tried. */
	attemptTimeoutMs: number
}

/** Reads `host:port` or `http://host:port`; refuses anything else, naming it. */
export function parseEndpoint(text: string): string {
	const bare = text.replace(/^http:\/\//, '').replace(/\/$/, '')
	if (!/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/.test(bare)) {
		throw new LockError('invalid', `etcd endpoint ${JSON.stringify(text)}: expected host:port or http://host:port (TLS is not supported)`)
	}
	return bare
}

/**
 * The calls of the etcd backend, to whichever member answers: each try goes to one member with a
 * deadline of its own, and a member that is down, silent or without a leader is left for the next
 * one until the call's deadline. Every call asks for a member that has a leader (etcd's
 * `hasleader`), so a member cut off from its quorum answers at once instead of queueing.
 */
export class EtcdRpc {
	readonly endpoints: readonly string[]
	readonly #members: Member[]
	readonly #attemptTimeoutMs: number
	#current = 0
	#closed = false

	constructor(options: RpcOptions) {
		if (!Array.isArray(options.endpoints) || options.endpoints.length === 0) throw new LockError('invalid', 'etcd: endpoints: expected at least one host:port')
		this.endpoints = options.endpoints.map(parseEndpoint)
		this.#attemptTimeoutMs = options.attemptTimeoutMs
		this.#members = this.endpoints.map(address => ({
			address,
			channel: new Channel(address, credentials.createInsecure(), {
				'grpc.initial_reconnect_backoff_ms': 100,
				'grpc.max_reconnect_backoff_ms': 1000,
			}),
			clients: new Map(),
		}))
	}

	get closed(): boolean {
		return this.#closed
	}

	/** The member calls go to now. */
	get member(): string {
		return this.#member().address
	}

	/**
	 * One unary call, tried at one member after another until it is answered or `deadline` (ms since
	 * 1970) passes; at least one try is made. A refusal of the request itself is thrown as
	 * `EtcdRefusal`; running out of time as the engine's error: `unavailable` when a member said the
	 * cluster cannot decide, else `unreachable`, `what` in front.
	 */
	async call<T>(service: Service, method: string, request: Message, deadline: number, what: string): Promise<T> {
		const failures: { member: string; kind: FailureKind; details: string }[] = []
		let pause = 20
		for (;;) {
			if (this.#closed) throw new LockError('closed', `${what}: the etcd client is closed`)
			const member = this.#member()
			const now = Date.now()
			const tryUntil = Math.min(Math.max(deadline, now + 1), now + this.#attemptTimeoutMs)
			try {
				return (await this.#unary(member, service, method, request, tryUntil)) as T
			} catch (error) {
				const failure = error as ServiceError
				const kind = failureKind(failure)
				if (kind === 'refused') throw new EtcdRefusal(failure)
				failures.push({ member: member.address, kind, details: failure.details || failure.message })
				this.moveOn(member.address)
				if (Date.now() >= deadline) throw this.#outOfTime(what, failures)
				await new Promise(resolve => setTimeout(resolve, Math.min(pause, Math.max(0, deadline - Date.now()))))
				pause = Math.min(pause * 2, 250)
			}
		}
	}

	/** A bidirectional stream at the member calls go to now, asking for a member with a leader. */
	stream(service: 'Watch' | 'Lease', method: string): { stream: ClientDuplexStream<Message, unknown>; member: string } {
		if (this.#closed) throw new LockError('closed', 'etcd: the client is closed')
		const member = this.#member()
		const open = this.#client(member, service)[method as keyof Client] as unknown as Streaming
		return { stream: open.call(this.#client(member, service), leaderMetadata()), member: member.address }
	}

	/** Sends the next calls to the next member, unless they moved on from `address` already. */
	moveOn(address: string): void {
		if (this.#member().address === address) this.#current = (this.#current + 1) % this.#members.length
	}

	close(): void {
		if (this.#closed) return
		this.#closed = true
		for (const member of this.#members) {
			for (const client of member.clients.values()) client.close()
			member.channel.close()
		}
	}

	#member(): Member {
		return this.#members[this.#current] as Member
	}

	#client(member: Member, service: Service): Client {
		let client = member.clients.get(service)
		if (client === undefined) {
			client = new services[service](member.address, credentials.createInsecure(), { channelOverride: member.channel })
			member.clients.set(service, client)
		}
		return client
	}

	#unary(member: Member, service: Service, method: string, request: Message, deadline: number): Promise<unknown> {
		const client = this.#client(member, service)
		const fn = client[method as keyof Client] as unknown as Unary
		return new Promise((resolve, reject) => {
			fn.call(client, request, leaderMetadata(), { deadline }, (error, response) => (error === null ? resolve(response) : reject(error)))
		})
	}

	#outOfTime(what: string, failures: { member: string; kind: FailureKind; details: string }[]): LockError {
		const leaderless = failures.filter(f => f.kind === 'leaderless').at(-1)
		if (leaderless !== undefined) {
			return new LockError('unavailable', `${what}: etcd cannot decide: ${leaderless.member} answered "${leaderless.details}" (the cluster has lost its quorum or is electing a leader)`)
		}
		const last = failures.at(-1)
		const said = last === undefined ? '' : `; ${last.member}: ${last.kind === 'silent' ? 'no answer in time' : last.details}`
		return new LockError('unreachable', `${what}: no answer from etcd at ${this.endpoints.join(', ')}${said}`)
	}
}

function leaderMetadata(): Metadata {
	const metadata = new Metadata()
	metadata.set('hasleader', 'true')
	return metadata
}
