import { invalid, shown } from './errors.ts'

/** The largest fence: 2^128 - 1. */
export const MAX_FENCE = (1n << 128n) - 1n
/** The largest epoch or count a fence can carry: 2^64 - 1. */
export const MAX_FENCE_PART = (1n << 64n) - 1n

const fenceDigits = 40
const wireFence = /^[0-9]{1,40}$/

/** The fence of a store's `count`th lease in `epoch`: the epoch in the high 64 bits, the count in the low (LOCK-03). */
export function makeFence(epoch: bigint, count: bigint): bigint {
	if (epoch < 0n || epoch > MAX_FENCE_PART) throw invalid(`fence epoch ${epoch}: expected 0 to 2^64 - 1`)
	if (count < 0n || count > MAX_FENCE_PART) throw invalid(`fence count ${count}: expected 0 to 2^64 - 1`)
	return (epoch << 64n) | count
}

/** The epoch of the store that gave the fence. */
export function fenceEpoch(fence: bigint): bigint {
	return checked(fence) >> 64n
}

/** The fence's count within its epoch. */
export function fenceCount(fence: bigint): bigint {
	return checked(fence) & MAX_FENCE_PART
}

/** A fence as 40 zero-padded digits, which compare as text in the order of the numbers (LOCK-08). */
export function fenceText(fence: bigint): string {
	return checked(fence).toString().padStart(fenceDigits, '0')
}

/**
 * A fence read from the wire: 1 to 40 ASCII digits, leading zeros allowed, whose value
 * is at most 2^128 - 1. Anything else is refused as `invalid` (LOCK-08).
 */
export function parseFence(text: string): bigint {
	if (typeof text !== 'string') throw invalid(`fence ${shown(text)}: expected a string of 1 to 40 decimal digits`)
	if (!wireFence.test(text)) {
		const got = /^[0-9]+$/.test(text) ? `, got ${text.length}` : ''
		throw invalid(`fence ${shown(text)}: expected 1 to 40 decimal digits${got}`)
	}
	const fence = BigInt(text)
	if (fence > MAX_FENCE) throw invalid(`fence ${shown(text)}: larger than 2^128 - 1`)
	return fence
}

function checked(fence: bigint): bigint {
	if (typeof fence !== 'bigint' || fence < 0n || fence > MAX_FENCE) {
		throw invalid(`fence ${shown(fence)}: expected a bigint from 0 to 2^128 - 1`)
	}
	return fence
}
