/**
 * Failed tokens by remote address: after a failure an address waits before its next try,
 * twice as long after each failure in a row, so guessing a token costs time.
 */
export class AuthThrottle {
	readonly #delayMs: number
	// Insertion order is age, so the oldest entries go first when the map is full.
	readonly #failures = new Map<string, { count: number; until: number }>()
	readonly #maxEntries: number

	constructor(delayMs: number, maxEntries = 10_000) {
		this.#delayMs = delayMs
		this.#maxEntries = maxEntries
	}

	/** How long the address must still wait before its token is looked at; 0 if it may try now. */
	waitFor(address: string, now: number): number {
		const entry = this.#failures.get(address)
		return entry === undefined ? 0 : Math.max(0, entry.until - now)
	}

	/** Notes a wrong token from the address. */
	failed(address: string, now: number): void {
		const count = (this.#failures.get(address)?.count ?? 0) + 1
		this.#failures.delete(address)
		if (this.#failures.size >= this.#maxEntries) this.#failures.delete(this.#failures.keys().next().value as string)
		this.#failures.set(address, { count, until: now + Math.min(60_000, this.#delayMs * 2 ** (count - 1)) })
	}

	/** Forgets the address's failures once it sent the right token. */
	succeeded(address: string): void {
		this.#failures.delete(address)
	}
}
