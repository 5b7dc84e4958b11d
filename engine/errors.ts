/**
 * What went wrong, as a code a program can branch on:
 * `held` the key stayed held (for a semaphore, full) past the wait;
 * `cancelled` the hold's signal aborted while it waited;
 * `closed` the store is closed;
 * `invalid` an argument is not what the API takes (the message says which);
 * `in_use` another open store has the same directory or driver;
 * `lost` the lease ran out (or its store closed, or an operator ended it) before this renewal;
 * `released` the lease was already released;
 * `busy` (over a connection) the server is at one of its limits, try again later;
 * `unreachable` (over a connection) no answer from the server: it is down or cut off;
 * `unavailable` (on etcd) the cluster answers but cannot decide: it has lost its quorum or has no leader.
 */
export const LOCK_ERROR_CODES = ['held', 'cancelled', 'closed', 'invalid', 'in_use', 'lost', 'released', 'busy', 'unreachable', 'unavailable'] as const

/** One of `LOCK_ERROR_CODES`. */
export type LockErrorCode = (typeof LOCK_ERROR_CODES)[number]

/** The one error class of the engine: its `code` says what happened, its message where and why. */
export class LockError extends Error {
	readonly code: LockErrorCode

	constructor(code: LockErrorCode, message: string, options?: { cause?: unknown }) {
		super(message, options)
		this.name = 'LockError'
		this.code = code
	}
}

/** An `invalid` error: the message names the argument and what was expected. */
export function invalid(message: string): LockError {
	return new LockError('invalid', message)
}

/** A value as an error message shows it: strings quoted, everything else as written. */
export function shown(value: unknown): string {
	if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)
	if (typeof value === 'bigint') return `${value}n`
	if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return String(value)
	return typeof value
}
