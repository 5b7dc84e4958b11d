/**
 * The limits of a guarded check: how many checker processes run at once, how long one scene's
 * check may take (wall clock), and how much heap a checker process may use. The build, the dev
 * server and `npm run scenes` read them from the environment; the CLI's flags take precedence.
 */
import { availableParallelism } from 'node:os'

export interface CheckLimits {
	/** How many checker processes check scenes at once. */
	workers: number
	/** The longest one scene's check may take, in milliseconds of wall-clock time. */
	timeoutMs: number
	/** The most heap (V8's old generation) a checker process may use, in MB. */
	memoryMb: number
}

/**
 * A checker per core, at most four: each is a Node process of about 200 MB resident. A scene checks
 * in a few milliseconds to a second, so 20 s is only ever reached by code that never stops, and
 * 512 MB of heap only by code that keeps what it makes (a checker's heap holds about 40 MB once it
 * has checked every page's scenes; every page's scenes check within 48 MB).
 */
export const DEFAULT_LIMITS: Readonly<CheckLimits> = Object.freeze({
	workers: Math.max(1, Math.min(4, availableParallelism())),
	timeoutMs: 20_000,
	memoryMb: 512,
})

/**
 * The resident memory a checker may reach, in MB: twice its heap and 256 MB for the rest (Node and
 * the checker's code take about 200 MB). SQLite's memory is not V8's heap, so the heap limit does not
 * hold a sample's `hex(zeroblob(200000000))`, and better-sqlite3's SQLite keeps no count of its own
 * to limit (it is built without memory statistics, so `pragma hard_heap_limit` does nothing).
 */
export const residentLimitMb = (memoryMb: number): number => 2 * memoryMb + 256

/** The environment's names for each limit, as the README lists them. */
const NAMES = { workers: 'SCENES_CHECK_WORKERS', timeoutMs: 'SCENES_CHECK_TIMEOUT', memoryMb: 'SCENES_CHECK_MEMORY' } as const

/** A limit's text to its number, or a message saying what it takes. */
const READERS: { [K in keyof CheckLimits]: (text: string) => number | undefined } = {
	workers: text => (/^[1-9]\d*$/.test(text) ? Number(text) : undefined),
	timeoutMs: text => {
		const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m)?$/.exec(text)
		if (!match) return undefined
		const ms = Number(match[1]) * (match[2] === 'ms' ? 1 : match[2] === 'm' ? 60_000 : 1000)
		return ms > 0 ? ms : undefined
	},
	memoryMb: text => (/^[1-9]\d*$/.test(text) ? Number(text) : undefined),
}

const EXPECTED: { [K in keyof CheckLimits]: string } = {
	workers: 'a whole number of processes, 1 or more',
	timeoutMs: 'a duration such as 20s, 1500ms or 2m (a bare number is seconds)',
	memoryMb: 'a whole number of MB',
}

/** A bad limit: its name, what it was given and what it takes. */
export class LimitError extends Error {
	override name = 'LimitError'
}

/** One limit read from its text; `from` names where the text came from, as the error says. */
export function readLimit<K extends keyof CheckLimits>(key: K, text: string, from: string): number {
	const value = READERS[key](text.trim())
	if (value === undefined) throw new LimitError(`${from} is "${text}"; it takes ${EXPECTED[key]}`)
	return value
}

/** The limits the environment sets (SCENES_CHECK_WORKERS, SCENES_CHECK_TIMEOUT, SCENES_CHECK_MEMORY), else the defaults. */
export function limitsFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): CheckLimits {
	const limits = { ...DEFAULT_LIMITS }
	for (const key of Object.keys(NAMES) as (keyof CheckLimits)[]) {
		const text = env[NAMES[key]]
		if (text !== undefined && text !== '') limits[key] = readLimit(key, text, NAMES[key])
	}
	return limits
}
