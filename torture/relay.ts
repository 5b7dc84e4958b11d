import { connect as connectSocket, createServer, type Socket } from 'node:net'

/** A TCP relay between clients and a server that a torture run or a test can cut, slow, or make drop what the server sends. */
export class Relay {
	readonly url: string
	readonly #server: ReturnType<typeof createServer>
	readonly pairs = new Set<[Socket, Socket]>()
	dropFromServer = false
	/** How long what the server sends waits before it goes on (in order), as on a slow path. */
	delayFromServerMs = 0
	connections = 0
	/** Where new connections go: a server started again elsewhere takes the relay's later connections. */
	upstream: URL

	private constructor(server: ReturnType<typeof createServer>, port: number, upstream: URL) {
		this.#server = server
		this.url = `tcp://127.0.0.1:${port}`
		this.upstream = upstream
	}

	static async to(url: string): Promise<Relay> {
		let relay: Relay | undefined
		const server = createServer(client => {
			const { hostname, port } = relay?.upstream ?? new URL(url)
			const upstream = connectSocket({ host: hostname, port: Number(port) })
			const pair: [Socket, Socket] = [client, upstream]
			relay?.pairs.add(pair)
			if (relay !== undefined) relay.connections++
			client.on('data', chunk => upstream.write(chunk))
			upstream.on('data', chunk => {
				if (relay?.dropFromServer) return
				if (relay !== undefined && relay.delayFromServerMs > 0) setTimeout(() => client.write(chunk), relay.delayFromServerMs)
				else client.write(chunk)
			})
			const end = () => {
				client.destroy()
				upstream.destroy()
				relay?.pairs.delete(pair)
			}
			for (const socket of pair) {
				socket.on('error', end)
				socket.on('close', end)
			}
		})
		await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
		const address = server.address()
		relay = new Relay(server, typeof address === 'object' && address !== null ? address.port : 0, new URL(url))
		return relay
	}

	/** Drops every connection through the relay, as a network that fails would. */
	cut(): void {
		for (const [client, upstream] of this.pairs) {
			client.destroy()
			upstream.destroy()
		}
		this.pairs.clear()
	}

	close(): Promise<void> {
		this.cut()
		return new Promise(resolve => this.#server.close(() => resolve()))
	}
}
