import { invalid, shown } from './errors.ts'

/** A span of time: milliseconds as a number, or text such as `'250ms'`, `'30s'`, `'15m'`, `'1h'`. */
export type Duration = number | string

const unitMs: Record<string, number> = { ms: 1, s: 1000, m: 60_000, min: 60_000, h: 3_600_000 }
const durationText = /^(\d+(?:\.\d+)?) ?(ms|s|min|m|h)$/

/**
 * The milliseconds a duration stands for. `what` names the argument in the error
 * (`lock summaries: key "42": ttl`), which is `invalid` for anything but a finite
 * number of at least 0 or text of a number and a unit.
 */
export function parseDuration(value: Duration, what = 'duration'): number {
	if (typeof value === 'number') {
		if (Number.isFinite(value) && value >= 0) return value
		throw invalid(`${what} ${shown(value)}: expected milliseconds, a finite number of at least 0`)
	}
	// Callers pass the same text again and again (a hold's '30s'): the last one read is kept.
	if (value === lastText) return lastMs
	const match = typeof value === 'string' ? durationText.exec(value) : null
	if (match === null) {
		throw invalid(`${what} ${shown(value)}: expected milliseconds or text such as '250ms', '30s', '15m', '1h'`)
	}
	const ms = Number(match[1]) * (unitMs[match[2] ?? ''] ?? Number.NaN)
	lastText = value as string
	lastMs = ms
	return ms
}

let lastText: string | undefined
let lastMs = 0

/**
 * A duration as people read it, the one way the project writes one (messages, the stage's clock,
 * the words of a scene): under a second in ms, else hours, minutes and seconds, the seconds with
 * their fraction: `250 ms`, `1.5 s`, `1 min 30 s`, `1 h 5 min`, `0 s`.
 */
export function formatDuration(ms: number): string {
	if (ms === Number.POSITIVE_INFINITY) return 'unbounded'
	if (!Number.isFinite(ms) || ms === 0) return '0 s'
	const sign = ms < 0 ? '-' : ''
	let rest = Math.abs(ms)
	if (rest < 1000) return `${sign}${round(rest)} ms`
	const parts: string[] = []
	for (const [unit, size] of LARGE_UNITS) {
		if (rest < size) continue
		parts.push(`${Math.floor(rest / size)} ${unit}`)
		rest %= size
	}
	// Seconds keep their fraction (`1.25 s`); a whole number of minutes or hours ends there.
	if (rest > 0 || parts.length === 0) parts.push(`${round(rest / 1000)} s`)
	return sign + parts.join(' ')
}

const LARGE_UNITS: readonly [string, number][] = [
	['h', 3_600_000],
	['min', 60_000],
]

function round(n: number): number {
	return Math.round(n * 1000) / 1000
}
