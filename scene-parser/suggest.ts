/** "Did you mean" for a misspelt name: the closest of the names the author could have meant. */

/** The edit distance between two words, counting a swap of two neighbours as one edit. */
export function editDistance(a: string, b: string): number {
	// Three rows of the optimal-string-alignment table are all the swap rule needs.
	let before = new Array<number>(b.length + 1).fill(0)
	let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
	let current = new Array<number>(b.length + 1).fill(0)
	for (let i = 1; i <= a.length; i++) {
		current[0] = i
		for (let j = 1; j <= b.length; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1
			let best = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost)
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
				best = Math.min(best, (before[j - 2] as number) + 1)
			}
			current[j] = best
		}
		;[before, previous, current] = [previous, current, before]
	}
	return previous[b.length] as number
}

/** The longest word worth an edit distance. */
const LONGEST = 100

/**
 * The candidate the author most likely meant by `word`, if one is close: at most two edits
 * away (one for short names, so `c` does not suggest `a`), or one of the two a prefix of the other.
 */
export function suggest(word: string, candidates: Iterable<string>): string | undefined {
	let best: string | undefined
	let bestScore = Infinity
	const lower = word.toLowerCase()
	for (const candidate of candidates) {
		const other = candidate.toLowerCase()
		let score = Infinity
		// A length gap over two already rules out a close edit; nobody misspells a name longer
		// than a line, and skipping the quadratic table there keeps pathological input fast.
		if (Math.abs(other.length - lower.length) <= 2 && lower.length <= LONGEST) {
			const distance = editDistance(lower, other)
			const allowed = Math.max(lower.length, other.length) <= 3 ? 1 : 2
			if (distance <= allowed && distance < lower.length) score = distance
		}
		if (score === Infinity && lower.length >= 2 && other.length >= 2 && (other.startsWith(lower) || lower.startsWith(other))) {
			score = 3
		}
		if (score < bestScore) {
			best = candidate
			bestScore = score
		}
	}
	return best
}
