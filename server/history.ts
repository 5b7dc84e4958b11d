import { ProtocolError, type WireLease } from './protocol.ts'

/**
 * One line of the server's history: every grant, renewal, release, expiry and end by an operator,
 * and every hold that joined a key's line or left it, in the server clock's ms and in the order they
 * happened. `client` is who asked (`client ID` or `connection N`): a request id is that client's.
 */
export type HistoryRecord =
	| { type: 'start'; at: number; epoch: string; /** The server's process id: written by the command line's history file, not by the book. */ pid?: number }
	| { type: 'wait'; at: number; client: string; requestId: string; kind: 'lock' | 'semaphore'; name: string; key: string }
	| { type: 'leave'; at: number; client: string; requestId: string; code: string }
	| ({ type: 'grant'; at: number; client: string; requestId: string; limit: number | null; ttl: number } & WireLease)
	| { type: 'renew'; at: number; client: string; leaseId: string; ttl: number; expiresAt: number }
	| { type: 'release'; at: number; client: string; leaseId: string }
	| { type: 'expire'; at: number; leaseId: string; expiresAt: number }
	| { type: 'end'; at: number; client: string; leaseId: string }
	| { type: 'close'; at: number }

/** Where the book writes its history: a listener the server was given, or nothing. */
export class History {
	readonly #write: ((record: HistoryRecord) => void) | undefined

	constructor(write: ((record: HistoryRecord) => void) | undefined) {
		this.#write = write
	}

	/** Whether anything is written: callers skip making records otherwise. */
	get on(): boolean {
		return this.#write !== undefined
	}

	/** Writes a record a request is answered after; a failed write throws `unavailable`, saying that the change (`outcome`) stands. */
	record(record: HistoryRecord, place: string, outcome: string): void {
		try {
			this.#write?.(record)
		} catch (error) {
			throw historyError(place, error, outcome)
		}
	}

	/** Writes a record nobody asked for (an expiry, the close): a failed write is a warning on stderr, and the server goes on. */
	report(record: () => HistoryRecord): void {
		if (this.#write === undefined) return
		try {
			this.#write(record())
		} catch (error) {
			process.emitWarning(`tinystore locks: the server could not write its history: ${(error as Error).message}`)
		}
	}

	/** Writes a grant, which must be written before it is answered: a failed write throws as is. */
	grant(record: HistoryRecord): void {
		this.#write?.(record)
	}
}

/** A history write that failed, as the refusal of the request that made it. */
export function historyError(place: string, error: unknown, outcome: string): ProtocolError {
	return new ProtocolError('unavailable', `${place}: the server could not write its history (${(error as Error).message}); ${outcome}`)
}
