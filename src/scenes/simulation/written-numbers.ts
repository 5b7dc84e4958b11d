/**
 * The numbers a scene's labels claim, found where they were written, so the simulation can
 * compare each with the engine's and point at the one that disagrees.
 */

/** A number found in a label, with its offset in the label's text. */
export interface WrittenNumber {
	/** The number as text, e.g. `7` or `1:3`. */
	text: string
	/** Offset of its first character in the label's value. */
	offset: number
}

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

/** Whether a written fence means the same fence the engine gave, whichever notation it uses. */
export function sameFence(written: WrittenNumber, fence: bigint): boolean {
	return writtenFenceValue(written.text) === fence
}

const FENCE = /\bfence\s+(\d{1,40}(?::\d{1,20})?)(?![\d:])/di
const LESS = /(\d{1,40}(?::\d{1,20})?)\s*<\s*(\d{1,40}(?::\d{1,20})?)(?![\d:])/d
const OF = /\b(\d{1,9})\s+of\s+(\d{1,9})\b/di
const EPOCH = /\bepoch\s+(\d{1,20})\b/di

function group(match: RegExpExecArray, index: number): WrittenNumber | undefined {
	const text = match[index]
	const span = match.indices?.[index]
	return text === undefined || !span ? undefined : { text, offset: span[0] }
}

/** `fence N` in a label. */
export function findFence(label: string): WrittenNumber | undefined {
	const match = FENCE.exec(label)
	return match ? group(match, 1) : undefined
}

/** `A < B` in a label (a refusal's two fences). */
export function findLess(label: string): [WrittenNumber, WrittenNumber] | undefined {
	const match = LESS.exec(label)
	if (!match) return undefined
	const a = group(match, 1)
	const b = group(match, 2)
	return a && b ? [a, b] : undefined
}

/** `N of M` in a label (a semaphore's holders and limit). */
export function findOf(label: string): [WrittenNumber, WrittenNumber] | undefined {
	const match = OF.exec(label)
	if (!match) return undefined
	const a = group(match, 1)
	const b = group(match, 2)
	return a && b ? [a, b] : undefined
}

/** `epoch N` in a label. */
export function findEpoch(label: string): WrittenNumber | undefined {
	const match = EPOCH.exec(label)
	return match ? group(match, 1) : undefined
}

/** Whether a label says a write or a hold was refused. */
export function saysRefused(label: string): boolean {
	return /\b(refused|refuses|rejected|busy|full)\b/i.test(label)
}

/** Whether a label says a write was taken. */
export function saysAccepted(label: string): boolean {
	return /\b(saved|accepted|ok|written|stored)\b/i.test(label)
}
