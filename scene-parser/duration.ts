/** Durations as a scene writes them: a number and a unit, `1500ms`, `10s`, `2m`, `1h`. */

import { clip } from './wording.ts'

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }

/** A duration in milliseconds, or the reason the text is not one. */
type DurationResult = { ok: true; ms: number } | { ok: false; message: string }

/** Reads a duration such as `10s`; the result is a positive whole number of milliseconds. */
export function parseDuration(text: string): DurationResult {
	const match = /^(\d+(?:\.\d+)?)([a-zA-Z]*)$/.exec(text)
	if (!match) return { ok: false, message: `"${clip(text)}" is not a duration; write a number and a unit, like 10s or 1500ms` }
	const [, amount = '', unit = ''] = match
	if (unit === '') return { ok: false, message: `duration "${clip(text)}" needs a unit: ms, s, m or h, like ${amount}s` }
	const factor = UNITS[unit]
	if (factor === undefined) return { ok: false, message: `unknown unit "${clip(unit)}" in "${clip(text)}"; a duration's unit is ms, s, m or h` }
	const exact = Number(amount) * factor
	const ms = Math.round(exact)
	// 1.1 * 1000 is 1100.0000000000002 in floating point, so "whole" means close to whole.
	if (Math.abs(exact - ms) > 1e-6) return { ok: false, message: `duration "${clip(text)}" is not a whole number of milliseconds` }
	if (ms <= 0) return { ok: false, message: `duration "${clip(text)}" must be longer than 0` }
	if (!Number.isSafeInteger(ms)) return { ok: false, message: `duration "${clip(text)}" is too long` }
	return { ok: true, ms }
}
