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
	readonly #charges = new Map<unknown, number>()
	#total = 0

	constructor(limits: QuotaLimits) {
		this.#limits = limits
	}

	/** Counts one more hold against its client, or refuses it as `busy` at a limit. */
	charge(client: unknown, request: HoldRequest): void {
		if (this.#total >= this.#limits.maxHolds) {
			throw new ProtocolError('busy', `${placeOf(request.kind, request.name, request.key)}: the server has ${this.#limits.maxHolds} holds open, its limit (--max-holds)`)
		}
		const charged = this.#charges.get(client) ?? 0
		if (charged >= this.#limits.maxHoldsPerClient) {
			throw new ProtocolError('busy', `${placeOf(request.kind, request.name, request.key)}: this client has ${charged} holds waiting or held, its share (--max-holds-per-client)`)
		}
		this.#charges.set(client, charged + 1)
		this.#total++
	}

	/** A hold of the client ended. */
	discharge(client: unknown): void {
		this.#total--
		const left = (this.#charges.get(client) ?? 1) - 1
		if (left === 0) this.#charges.delete(client)
		else this.#charges.set(client, left)
	}

	/** How many holds a client has waiting or held. */
	charged(client: unknown): number {
		return this.#charges.get(client) ?? 0
	}
}
