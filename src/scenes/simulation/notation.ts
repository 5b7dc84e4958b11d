/** How a scene writes the engine's values: fences as their count or `EPOCH:COUNT`, times in ms, s, min or h. */

const TWO_64 = 1n << 64n

/** A fence written as its decimal value (`7`) or as `EPOCH:COUNT` (`1:3`), as a bigint. */
export function writtenFenceValue(text: string): bigint {
	const colon = text.indexOf(':')
	if (colon < 0) return BigInt(text)
	return BigInt(text.slice(0, colon)) * TWO_64 + BigInt(text.slice(colon + 1))
}

/** A fence the way a scene shows it: its count while the epoch is 0, else `EPOCH:COUNT`. */
export function showFence(fence: bigint): string {
	const epoch = fence / TWO_64
	const count = fence % TWO_64
	return epoch === 0n ? count.toString() : `${epoch}:${count}`
}

/** A fence's epoch, the high 64 bits. */
export function epochOf(fence: bigint): bigint {
	return fence / TWO_64
}

/** A fence's count, the low 64 bits. */
export function countOf(fence: bigint): bigint {
	return fence % TWO_64
}

const UNITS: readonly [number, string][] = [
	[3_600_000, 'h'],
	[60_000, 'min'],
	[1000, 's'],
]

/** A time in the largest unit that shows it whole: `30 s`, `2 min`, `1500 ms`, `0 s`. */
export function showTime(ms: number): string {
	if (ms === 0) return '0 s'
	for (const [size, unit] of UNITS) if (ms % size === 0) return `${ms / size} ${unit}`
	return `${ms} ms`
}

/** Milliseconds in one of a time unit as a scene may write it, or undefined for a word that is no unit. */
export function unitMs(word: string): number | undefined {
	switch (word.toLowerCase()) {
		case 'ms':
		case 'millisecond':
		case 'milliseconds':
			return 1
		case 's':
		case 'sec':
		case 'secs':
		case 'second':
		case 'seconds':
			return 1000
		case 'min':
		case 'mins':
		case 'minute':
		case 'minutes':
			return 60_000
		case 'h':
		case 'hr':
		case 'hour':
		case 'hours':
			return 3_600_000
		default:
			return undefined
	}
}
