import { ClientScope } from './holds.ts'

/** The clients of a server: a named client's scope lasts while any of it is left, a connection's as long as the connection. */
export class ClientScopes {
	readonly #named = new Map<string, ClientScope>()
	readonly #maxHolds: number
	#connections = 0
	// A named client's account calls this when its last charge ends.
	readonly #forget = (scope: ClientScope): void => this.forgetIfEmpty(scope)

	/** Scopes whose clients may each have `maxHolds` holds waiting or held. */
	constructor(maxHolds: number) {
		this.#maxHolds = maxHolds
	}

	/** The scope of a new connection, or of one whose hello named a client id: that client's, shared by its connections. */
	open(clientId?: string): ClientScope {
		let scope: ClientScope | undefined
		if (clientId === undefined) scope = new ClientScope(undefined, `connection ${++this.#connections}`, this.#maxHolds)
		else {
			scope = this.#named.get(clientId)
			if (scope === undefined) this.#named.set(clientId, (scope = new ClientScope(clientId, `client ${clientId}`, this.#maxHolds, this.#forget)))
		}
		scope.connections++
		return scope
	}

	/** A connection of the scope closed. */
	close(scope: ClientScope): void {
		scope.connections--
		this.forgetIfEmpty(scope)
	}

	/** Forgets a named client once nothing of it is left (its renewals of others' leases included), so client ids cost no memory once let go. */
	forgetIfEmpty(scope: ClientScope): void {
		if (scope.id !== undefined && scope.empty && this.#named.get(scope.id) === scope) this.#named.delete(scope.id)
	}

	/** How many named clients the server remembers. */
	get named(): number {
		return this.#named.size
	}
}
