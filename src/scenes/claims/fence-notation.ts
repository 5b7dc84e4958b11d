/**
 * How a scene writes a fence: its value in digits (`7`), or `EPOCH:COUNT` (`5000:1`). Both go
 * through the engine's range-checked fence functions, so a text cannot name a fence the engine
 * could never give. A fence of epoch 0 shows as its count, any other as `EPOCH:COUNT`.
 */
import { fenceCount, fenceEpoch, makeFence, parseFence } from '../../../engine/index.ts'

/** The smallest fence of epoch 1: below it a fence is its count. */
const EPOCH_ONE = 1n << 64n
import type { SlotValue } from './form.ts'

/** A fence as written, or why it is none (a part past 2^64 - 1, a value past 2^128 - 1). */
export function fenceOf(text: string): SlotValue | string {
	try {
		const colon = text.indexOf(':')
		if (colon < 0) return { type: 'fence', value: parseFence(text) }
		return { type: 'fence', value: makeFence(BigInt(text.slice(0, colon)), BigInt(text.slice(colon + 1))) }
	} catch (error) {
		return `"${text}" is no fence: ${error instanceof Error ? error.message.replace(/^fence /, '') : String(error)}`
	}
}

/** A fence the way a scene shows it: its count while the epoch is 0, else `EPOCH:COUNT`. */
export function showFence(fence: bigint): string {
	if (fence >= 0n && fence < EPOCH_ONE) return fence.toString()
	const epoch = fenceEpoch(fence)
	return epoch === 0n ? fenceCount(fence).toString() : `${epoch}:${fenceCount(fence)}`
}
