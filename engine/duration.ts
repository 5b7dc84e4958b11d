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

/** A duration as people read it in a message: `250 ms`, `10 s`, `1.5 s`, `15 min`, `1 h`. */
export function formatDuration(ms: number): string {
	if (ms === Number.POSITIVE_INFINITY) return 'unbounded'
	if (ms < 1000) return `${round(ms)} ms`
	if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`
	if (ms % 60_000 === 0) return `${ms / 60_000} min`
	return `${round(ms / 1000)} s`
}

function round(n: number): number {
	return Math.round(n * 1000) / 1000
}
