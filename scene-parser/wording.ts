/** The small pieces of wording every error message shares. */

/** A text cut short for a message, so a pathological token does not flood the terminal. */
export function clip(text: string, max = 40): string {
	return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

/** Names joined for a message: `a`, `a or b`, `a, b or c` (or with `and`). */
export function listNames(names: readonly string[], conjunction: 'or' | 'and' = 'or'): string {
	if (names.length <= 1) return names.join('')
	return `${names.slice(0, -1).join(', ')} ${conjunction} ${names[names.length - 1]}`
}
