import type { ClientScope } from './holds.ts'
import { placeOf, ProtocolError, type HoldRequest } from './protocol.ts'

/** How many holds the book keeps. */
export interface QuotaLimits {
	/** Holds waiting or held at once, over all connections. */
	maxHolds: number
	/** Holds waiting or held at once by one client (its hello's client id, else its connection), leases of its dropped connections included. */
	maxHoldsPerClient: number
}

/** The holds waiting or held, in all and by client: no client may take more than its share of the server. */
export class Quotas {
	readonly #limits: QuotaLimits
	#total = 0

	constructor(limits: QuotaLimits) {
		this.#limits = limits
	}

	/** Holds waiting or held on the server. */
	get total(): number {
		return this.#total
	}

	/** Counts one more hold of the client, or refuses it as `busy` at a limit; the client's own count is its holds' (`scope.holds`). */
	charge(scope: ClientScope, request: HoldRequest): void {
		if (this.#total >= this.#limits.maxHolds) {
			throw new ProtocolError('busy', `${placeOf(request.kind, request.name, request.key)}: the server has ${this.#limits.maxHolds} holds open, its limit (--max-holds)`)
		}
		const charged = scope.holds.size
		if (charged >= this.#limits.maxHoldsPerClient) {
			throw new ProtocolError('busy', `${placeOf(request.kind, request.name, request.key)}: this client has ${charged} holds waiting or held, its share (--max-holds-per-client)`)
		}
		this.#total++
	}

	/** A hold ended. */
	discharge(): void {
		this.#total--
	}
}
