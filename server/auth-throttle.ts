/**
 * Failed tokens by remote address: after a failure an address waits before its next try,
 * twice as long after each failure in a row, so guessing a token costs time. A client that
 * gave the right token before (by the client id of its hello) is let through the wait: another
 * process's wrong token on the same address must not lock out a client that holds leases.
 */
export class AuthThrottle {
	readonly #delayMs: number
	// Insertion order is age, so the oldest entries go first when the map is full.
	readonly #failures = new Map<string, { count: number; until: number }>()
	readonly #trusted = new Set<string>()
	readonly #maxEntries: number

	constructor(delayMs: number, maxEntries = 10_000) {
		this.#delayMs = delayMs
		this.#maxEntries = maxEntries
	}

	/** How long the address must still wait before a token from this client is looked at; 0 if it may try now. */
	waitFor(address: string, now: number, clientId?: string): number {
		const entry = this.#failures.get(address)
		if (entry === undefined || (clientId !== undefined && this.#trusted.has(clientId))) return 0
		return Math.max(0, entry.until - now)
	}

	/** Notes a wrong token from the address; a client id that sent it is trusted no more, so a known id buys one guess at most. */
	failed(address: string, now: number, clientId?: string): void {
		if (clientId !== undefined) this.#trusted.delete(clientId)
		const count = (this.#failures.get(address)?.count ?? 0) + 1
		this.#failures.delete(address)
		if (this.#failures.size >= this.#maxEntries) this.#failures.delete(this.#failures.keys().next().value as string)
		this.#failures.set(address, { count, until: now + Math.min(60_000, this.#delayMs * 2 ** (count - 1)) })
	}

	/** The right token: a client id that sent it passes the address's wait from now on; an address without a wait forgets its failures. */
	succeeded(address: string, clientId?: string): void {
		if (clientId !== undefined) {
			this.#trusted.delete(clientId)
			if (this.#trusted.size >= this.#maxEntries) this.#trusted.delete(this.#trusted.values().next().value as string)
			this.#trusted.add(clientId)
		}
		this.#failures.delete(address)
	}
}
