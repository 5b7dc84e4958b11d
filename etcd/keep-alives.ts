import type { ClientDuplexStream } from '@grpc/grpc-js'
import type { EtcdRpc, Message } from './rpc.ts'

interface Pending {
	resolve(ttl: number): void
	reject(error: Error): void
	timer: ReturnType<typeof setTimeout>
}

interface OpenStream {
	stream: ClientDuplexStream<Message, unknown>
	member: string
	// Per lease, its renewals in the order they were sent: etcd answers a stream's requests in order.
	pending: Map<string, Pending[]>
}

/**
 * The renewals of every lease of a client, over one LeaseKeepAlive stream to one member. A renewal
 * not answered in its time ends the stream, and every renewal waiting on it fails: an answer that
 * came later could not be told from the answer to a later renewal, and would date the lease's
 * renewal later than it was. The next renewal opens a stream to the next member.
 */
export class KeepAlives {
	readonly #rpc: EtcdRpc
	#open: OpenStream | undefined

	constructor(rpc: EtcdRpc) {
		this.#rpc = rpc
	}

	/** Renews the etcd lease `id` once: resolves to the TTL etcd answered, in seconds (0 or less: etcd no longer has the lease). */
	renew(id: string, timeoutMs: number): Promise<number> {
		let open: OpenStream
		try {
			open = this.#open ?? this.#start()
		} catch (error) {
			return Promise.reject(error)
		}
		return new Promise<number>((resolve, reject) => {
			const pending: Pending = {
				resolve,
				reject,
				timer: setTimeout(() => this.#fail(open, new Error(`no answer from ${open.member} within ${Math.round(timeoutMs)} ms`)), Math.max(1, timeoutMs)),
			}
			let list = open.pending.get(id)
			if (list === undefined) open.pending.set(id, (list = []))
			list.push(pending)
			open.stream.write({ ID: id })
		})
	}

	close(): void {
		if (this.#open !== undefined) this.#fail(this.#open, new Error('the etcd client closed'))
	}

	#start(): OpenStream {
		const { stream, member } = this.#rpc.stream('Lease', 'LeaseKeepAlive')
		const open: OpenStream = { stream, member, pending: new Map() }
		stream.on('data', (answer: { ID: string; TTL: string }) => {
			const list = open.pending.get(answer.ID)
			const first = list?.shift()
			if (list?.length === 0) open.pending.delete(answer.ID)
			if (first === undefined) return
			clearTimeout(first.timer)
			first.resolve(Number(answer.TTL))
		})
		stream.on('error', (error: Error & { details?: string }) => this.#fail(open, new Error(`${member}: ${error.details || error.message}`)))
		stream.on('end', () => this.#fail(open, new Error(`${member} ended the keep-alive stream`)))
		this.#open = open
		return open
	}

	#fail(open: OpenStream, error: Error): void {
		if (this.#open === open) {
			this.#open = undefined
			this.#rpc.moveOn(open.member)
			open.stream.cancel()
		}
		for (const list of open.pending.values()) {
			for (const pending of list) {
				clearTimeout(pending.timer)
				pending.reject(error)
			}
		}
		open.pending.clear()
	}
}
