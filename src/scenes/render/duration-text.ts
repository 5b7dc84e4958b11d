/**
 * A span of simulated time in words a reader takes in at a glance: `250 ms`, `1.5 s`, `2 min 30 s`, `1 h 5 min`.
 */

const UNITS: [string, number][] = [
	['h', 3_600_000],
	['min', 60_000],
]

/** Milliseconds as text: under a second in ms, under a minute in seconds, then hours, minutes and seconds. */
export function durationText(ms: number): string {
	if (!Number.isFinite(ms) || ms === 0) return '0 s'
	const sign = ms < 0 ? '-' : ''
	let rest = Math.round(Math.abs(ms))
	if (rest < 1000) return `${sign}${rest} ms`
	const parts: string[] = []
	for (const [unit, size] of UNITS) {
		if (rest < size) continue
		parts.push(`${Math.floor(rest / size)} ${unit}`)
		rest %= size
	}
	// Seconds keep their fraction (`1.25 s`); a whole number of minutes or hours ends there.
	if (rest > 0 || parts.length === 0) parts.push(`${Number((rest / 1000).toFixed(3))} s`)
	return sign + parts.join(' ')
}
