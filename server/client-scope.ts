import type { PendingHold } from './holds.ts'

/**
 * One client as the server knows it: every connection whose hello names the same client id,
 * else one connection alone. Its request ids name its own holds and no other client's.
 */
export class ClientScope {
	/** Its holds waiting or held, by request id: what it is charged for (`--max-holds-per-client`). */
	readonly holds = new Map<string, PendingHold>()
	/** Its holds the book remembers as ended, by request id: their slots in the book's memory. */
	readonly ended = new Map<string, number>()
	/** Its connections open now. */
	connections = 0

	constructor(
		/** The hello's client id, or undefined for a connection that named none. */
		readonly id: string | undefined,
		/** How the history and an operator name it: `client ID`, or `connection N`. */
		readonly label: string,
	) {}

	/** Nothing of it is left: no connection, no hold, nothing remembered. */
	get empty(): boolean {
		return this.connections === 0 && this.holds.size === 0 && this.ended.size === 0
	}
}

/** The clients of a server: a named client's scope lasts while any of it is left, a connection's as long as the connection. */
export class ClientScopes {
	readonly #named = new Map<string, ClientScope>()
	#connections = 0

	/** The scope of a new connection, or of one whose hello named a client id: that client's, shared by its connections. */
	open(clientId?: string): ClientScope {
		let scope: ClientScope | undefined
		if (clientId === undefined) scope = new ClientScope(undefined, `connection ${++this.#connections}`)
		else {
			scope = this.#named.get(clientId)
			if (scope === undefined) this.#named.set(clientId, (scope = new ClientScope(clientId, `client ${clientId}`)))
		}
		scope.connections++
		return scope
	}

	/** A connection of the scope closed. */
	close(scope: ClientScope): void {
		scope.connections--
		this.forgetIfEmpty(scope)
	}

	/** Forgets a named client once nothing of it is left, so client ids cost no memory once let go. */
	forgetIfEmpty(scope: ClientScope): void {
		if (scope.id !== undefined && scope.empty && this.#named.get(scope.id) === scope) this.#named.delete(scope.id)
	}

	/** How many named clients the server remembers. */
	get named(): number {
		return this.#named.size
	}
}
