/**
 * A thrown value in a diagnostic's words, read without running its code and never longer than a
 * diagnostic should quote: a sample may throw an error of any length.
 */
import { describeThrown } from '../sample/load.ts'

/** What a sample threw, in words: an error's name (but plain Error's) and message, read without running its code; anything else as text. */
export function errorWords(error: unknown): string {
	const { name, message } = describeThrown(error)
	if (message !== undefined) return clipWords(`${name !== undefined && name !== 'Error' ? `${name}: ` : ''}${message}`)
	if (typeof error === 'object' && error !== null) return 'a value that is no error (it has no message)'
	return clipWords(String(error))
}

/** The most of a thrown value's words a diagnostic quotes: a sample's error may be any length (`'x'.repeat(250_000_000)`). */
const MOST_ERROR_WORDS = 500

export function clipWords(words: string): string {
	return words.length <= MOST_ERROR_WORDS ? words : `${words.slice(0, MOST_ERROR_WORDS)}... (${words.length.toLocaleString('en-US')} characters in all)`
}
