import { parseDuration, type Duration } from './duration.ts'
import { invalid, shown, type LockError } from './errors.ts'

/** How a hold waits for its key and how long its lease lasts. */
export interface HoldOptions {
	/** How long the lease lasts without a renewal; 30 s unless given. */
	ttl?: Duration
	/** How long to wait for the key before giving up with `held`; 10 s unless given. `Infinity` waits as long as it takes. */
	wait?: Duration
	/** Aborting it while the hold waits leaves the line at once (`cancelled`); once the key is held it is up to the function to watch it. */
	signal?: AbortSignal
	/** Renew the lease while the function runs (every third of its TTL); true unless given. */
	renew?: boolean
	/** Called once if the lease is lost, as its signal aborts: before the key goes to anyone else (LOCK-04). Cheaper than listening to the signal. */
	onLost?: (reason: LockError) => void
}

/** The options of `tryHold`, which never waits. */
export type TryHoldOptions = Omit<HoldOptions, 'wait'>

/** The TTL a lease gets unless a hold says otherwise: 30 s, the CLI's default. */
export const DEFAULT_TTL_MS = 30_000
/** When a renewing holder renews its lease: every third of its TTL, so two renewals may fail before it runs out. */
export function renewalInterval(ttl: number): number {
	return ttl / 3
}

/** The wait a hold gets unless it says otherwise: 10 s, the CLI's default. */
export const DEFAULT_WAIT_MS = 10_000

/** Hold options checked and in milliseconds. */
export interface HoldSettings {
	ttl: number
	wait: number
	renew: boolean
	signal: AbortSignal | undefined
	onLost: ((reason: LockError) => void) | undefined
}

const defaults: HoldSettings = { ttl: DEFAULT_TTL_MS, wait: DEFAULT_WAIT_MS, renew: true, signal: undefined, onLost: undefined }

/** The settings of a hold, refusing a bad option as `invalid` with `place` (`lock summaries: key "42"`) in front. */
export function holdSettings(options: HoldOptions | undefined, place: string): HoldSettings {
	if (options === undefined) return defaults
	if (typeof options !== 'object' || options === null) throw invalid(`${place}: options ${shown(options)}: expected an object`)
	const { ttl, wait, renew, signal, onLost } = options
	if (onLost !== undefined && typeof onLost !== 'function') throw invalid(`${place}: onLost ${shown(onLost)}: expected a function`)
	if (renew !== undefined && typeof renew !== 'boolean') throw invalid(`${place}: renew ${shown(renew)}: expected true or false`)
	// Checked by shape: an AbortSignal of another realm or a polyfill is not an instance of this one.
	if (signal !== undefined && (typeof signal?.aborted !== 'boolean' || typeof signal.addEventListener !== 'function')) {
		throw invalid(`${place}: signal: expected an AbortSignal`)
	}
	return {
		ttl: ttl === undefined ? DEFAULT_TTL_MS : ttlMs(ttl, place),
		wait: wait === undefined ? DEFAULT_WAIT_MS : waitMs(wait, place),
		renew: renew ?? true,
		signal,
		onLost,
	}
}

/** A TTL in milliseconds: more than 0. */
export function ttlMs(ttl: Duration, place: string): number {
	const ms = parseDuration(ttl, `${place}: ttl`)
	if (ms === 0) throw invalid(`${place}: ttl ${shown(ttl)}: expected more than 0 ms`)
	return ms
}

function waitMs(wait: Duration, place: string): number {
	return wait === Number.POSITIVE_INFINITY ? wait : parseDuration(wait, `${place}: wait`)
}
