import { invalid, shown } from './errors.ts'

/** A key of a lock or semaphore: a string, or a safe integer or bigint read as its decimal text. */
export type Key = string | number | bigint

/** The key as the text the engine keys on; `place` starts the error (`lock summaries`). */
export function keyText(key: Key, place: string): string {
	if (typeof key === 'string') {
		if (key.length > 0) return key
		throw invalid(`${place}: the key is empty; expected a non-empty string, a safe integer or a bigint`)
	}
	if (typeof key === 'bigint') return key.toString()
	if (typeof key === 'number' && Number.isSafeInteger(key)) return String(key)
	throw invalid(`${place}: key ${shown(key)}: expected a non-empty string, a safe integer or a bigint`)
}

/** Where an error happened, as tinystore writes it: `lock summaries: key "42"`. */
export function keyPlace(place: string, key: string): string {
	return `${place}: key ${JSON.stringify(key)}`
}
