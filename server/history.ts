import { ProtocolError, type WireLease } from './protocol.ts'

/**
 * One line of the server's history: every grant, renewal, release, expiry and end by an operator,
 * and every hold that joined a key's line or left it, in the server clock's ms and in the order they
 * happened. `client` is who asked (`client ID` or `connection N`): a request id is that client's.
 * `seq` numbers a server's records from 1 (its start) with no gap: a missing number is a lost record.
 */
export type HistoryRecord = { seq?: number } & (
	| {
			type: 'start'
			at: number
			epoch: string
			/** The server's process id: written by the command line's history file, not by the book. */
			pid?: number
			/** The engine's clock read between two readings of the machine's monotonic clock as the command line wrote the record, so the times of processes on one machine can be set side by side (see readClockPair). */
			clock?: ClockPair
		}
	| { type: 'wait'; at: number; client: string; requestId: string; kind: 'lock' | 'semaphore'; name: string; key: string }
	| { type: 'leave'; at: number; client: string; requestId: string; code: string }
	| ({ type: 'grant'; at: number; client: string; requestId: string; limit: number | null; ttl: number } & WireLease)
	| { type: 'renew'; at: number; client: string; leaseId: string; ttl: number; expiresAt: number }
	| { type: 'release'; at: number; client: string; leaseId: string }
	| { type: 'expire'; at: number; leaseId: string; expiresAt: number }
	| { type: 'end'; at: number; client: string; leaseId: string }
	| { type: 'close'; at: number }
	/** Records that happened but could not be written while the history failed for long, and were let go. */
	| { type: 'gap'; at: number; missing: number }
)

/** How many records that happened (an expiry, a hold leaving its line) wait for a history that cannot be written, before the oldest are let go. */
export const MAX_WAITING_RECORDS = 100_000

/**
 * Where the book writes its history: a listener the server was given, or nothing. A change a request
 * asks for is written before it is made (a grant, renewal, release or end that cannot be written is
 * refused and not made); one nobody asked for (an expiry, a hold leaving its line, the close) waits
 * until the history can be written again, and goes first then, so the records keep their order.
 */
export class History {
	readonly #write: ((record: HistoryRecord) => void) | undefined
	#seq = 0
	// Records that happened while the history could not be written, oldest first.
	readonly #waiting: HistoryRecord[] = []
	#letGo = 0

	constructor(write: ((record: HistoryRecord) => void) | undefined) {
		this.#write = write
	}

	/** Whether anything is written: callers skip making records otherwise. */
	get on(): boolean {
		return this.#write !== undefined
	}

	/** Writes the record of a change before it is made; a failed write throws `unavailable`, saying the change (`outcome`) was not made. */
	record(record: HistoryRecord, place: string, outcome: string): void {
		try {
			this.grant(record)
		} catch (error) {
			throw historyError(place, error, outcome)
		}
	}

	/** Writes a record that must be written before its change is answered (a grant): a failed write throws as is. */
	grant(record: HistoryRecord): void {
		if (this.#write === undefined) return
		this.#catchUp()
		this.#append(record)
	}

	/** Writes a record nobody asked for (an expiry, the close): while the history cannot be written it waits, with a warning on stderr, and the server goes on. */
	report(record: () => HistoryRecord): void {
		if (this.#write === undefined) return
		const made = record()
		try {
			this.#catchUp()
			this.#append(made)
		} catch (error) {
			if (this.#waiting.length === 0) process.emitWarning(`tinystore locks: the server could not write its history: ${(error as Error).message}; what happens meanwhile is written once it can`)
			if (this.#waiting.length >= MAX_WAITING_RECORDS) {
				this.#waiting.shift()
				this.#letGo++
			}
			this.#waiting.push(made)
		}
	}

	// What waited goes first, in order; a gap record says how many were let go.
	#catchUp(): void {
		if (this.#letGo > 0) {
			this.#append({ type: 'gap', at: this.#waiting[0]?.at ?? 0, missing: this.#letGo })
			this.#letGo = 0
		}
		while (this.#waiting.length > 0) {
			this.#append(this.#waiting[0] as HistoryRecord)
			this.#waiting.shift()
		}
	}

	// A record gets its number only once written whole: a failed write leaves no gap.
	#append(record: HistoryRecord): void {
		const numbered = { seq: this.#seq + 1, ...record }
		;(this.#write as (record: HistoryRecord) => void)(numbered)
		this.#seq++
	}
}

/** A history write that failed, as the refusal of the request that made it. */
export function historyError(place: string, error: unknown, outcome: string): ProtocolError {
	return new ProtocolError('unavailable', `${place}: the server could not write its history (${(error as Error).message}); ${outcome}`)
}

/**
 * The engine's clock (`at`) read between two readings of the machine's monotonic clock (`mono` just before, `monoAfter`
 * just after), in ms. The two clocks cannot be read at one instant: a process preempted between the readings (a loaded
 * machine does it for milliseconds) would pair its time with another moment's, so the pair keeps both bounds.
 */
export interface ClockPair {
	at: number
	mono: number
	/** The monotonic clock just after `at` was read; missing in readings written before it was kept (taken as `mono`). */
	monoAfter?: number
}

/** The tightest of a few readings of `now` between two of the monotonic clock: it stops at one closer than 0.05 ms. */
export function readClockPair(now: () => number, tries = 20): ClockPair {
	const mono = () => Number(process.hrtime.bigint()) / 1e6
	let best: ClockPair | undefined
	for (let i = 0; i < tries; i++) {
		const before = mono()
		const at = now()
		const after = mono()
		if (best === undefined || after - before < (best.monoAfter as number) - best.mono) best = { at, mono: before, monoAfter: after }
		if (after - before < 0.05) break
	}
	return best as ClockPair
}
