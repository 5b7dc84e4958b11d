/**
 * Numbers as a scene's texts write them: counts in digits or words ("three", "twenty-one"),
 * places in line ("first", "2nd") and spans of time ("30 s", "half a minute"). Each kind is a
 * regular expression for the claim forms' slots and a reader of what it matched.
 */

const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen']
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']

/** Every count word from zero to ninety-nine, by its value. */
const COUNT_WORDS = new Map<string, number>()
for (let n = 0; n < 100; n++) {
	const word = n < 20 ? ONES[n] : `${TENS[Math.floor(n / 10)]}${n % 10 === 0 ? '' : `-${ONES[n % 10]}`}`
	COUNT_WORDS.set(word as string, n)
}
COUNT_WORDS.set('both', 2)

/** Every count word, "both" among them. */
export const COUNT_WORDS_LIST: readonly string[] = [...COUNT_WORDS.keys()]

/** A count: digits, or a word from zero to ninety-nine ("both" is two). */
export const COUNT_PATTERN = `\\d+|(?:${[...COUNT_WORDS.keys()].sort((a, b) => b.length - a.length).join('|')})(?![\\w-])`

/** The value of a count as written, case aside; undefined for text that is none. */
export function readCount(text: string): number | undefined {
	const lower = text.toLowerCase()
	if (/^\d+$/.test(lower)) {
		const value = Number(lower)
		return Number.isSafeInteger(value) ? value : undefined
	}
	return COUNT_WORDS.get(lower)
}

const ORDINAL_WORDS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth']

/** A place in order: a word from first to tenth, or digits with their ending (`2nd`). */
export const ORDINAL_PATTERN = `(?:${ORDINAL_WORDS.join('|')})(?!\\w)|\\d+(?:st|nd|rd|th)`

/** The value of an ordinal as written; undefined for one whose ending does not fit its number (`2th`). */
export function readOrdinal(text: string): number | undefined {
	const lower = text.toLowerCase()
	const word = ORDINAL_WORDS.indexOf(lower)
	if (word >= 0) return word + 1
	const match = /^(\d+)(st|nd|rd|th)$/.exec(lower)
	if (!match) return undefined
	const n = Number(match[1])
	const teen = n % 100 >= 11 && n % 100 <= 13
	const ending = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
	return ending === match[2] ? n : undefined
}

const UNIT_MS: Readonly<Record<string, number>> = {
	ms: 1,
	millisecond: 1,
	milliseconds: 1,
	s: 1000,
	sec: 1000,
	secs: 1000,
	second: 1000,
	seconds: 1000,
	min: 60_000,
	mins: 60_000,
	minute: 60_000,
	minutes: 60_000,
	h: 3_600_000,
	hour: 3_600_000,
	hours: 3_600_000,
}

const UNITS = Object.keys(UNIT_MS).sort((a, b) => b.length - a.length).join('|')
const SINGULAR = 'millisecond|second|minute|hour'

const WORD_UNITS = 'milliseconds?|seconds?|minutes?|hours?'

/** A span of time: a number and its unit (`30 s`, `500ms`, `1.5 s`, `2 minutes`), several of them from the largest down (`1 min 30 s`), a count word and its unit (`thirty seconds`), `a second`, `an hour`, `half a minute`. */
export const DURATION_PATTERN = `\\d+(?:\\.\\d+)? ?(?:${UNITS})(?: \\d+(?:\\.\\d+)? ?(?:${UNITS}))*(?![\\w])|(?:half )?an? (?:${SINGULAR})(?!\\w)|(?:${[...COUNT_WORDS.keys()].filter(w => w !== 'both').sort((a, b) => b.length - a.length).join('|')}) (?:${WORD_UNITS})(?!\\w)`

/** The milliseconds a span of time as written stands for; undefined for a fraction of a millisecond. */
export function readDuration(text: string): number | undefined {
	const lower = text.toLowerCase()
	const words = /^(half )?an? (\w+)$/.exec(lower)
	if (words) {
		const unit = UNIT_MS[words[2] as string]
		if (unit === undefined) return undefined
		return whole(words[1] ? unit / 2 : unit)
	}
	// One number and unit, or several from the largest down, as the engine writes them (`1 min 30 s`).
	const parts = [...lower.matchAll(/(\d+(?:\.\d+)?) ?([a-z]+)/g)]
	if (parts.length > 0 && parts.map(p => p[0]).join(' ') === lower) {
		let total = 0
		let last = Number.POSITIVE_INFINITY
		for (const [, amount, unitText] of parts) {
			const size = UNIT_MS[unitText as string]
			if (size === undefined || (parts.length > 1 && size >= last)) return undefined
			last = size
			total += Number(amount) * size
		}
		return whole(total)
	}
	const spelled = /^([a-z-]+) ([a-z]+)$/.exec(lower)
	const count = spelled ? COUNT_WORDS.get(spelled[1] as string) : undefined
	const spelledUnit = spelled ? UNIT_MS[spelled[2] as string] : undefined
	if (count === undefined || spelledUnit === undefined || spelled?.[1] === 'both') return undefined
	return whole(count * spelledUnit)
}

/** A whole number of milliseconds, or undefined: `1.1 s` is 1100.0000000000002 in floating point, so "whole" means close to whole. */
function whole(ms: number): number | undefined {
	const rounded = Math.round(ms)
	return Math.abs(ms - rounded) < 1e-6 && Number.isSafeInteger(rounded) ? rounded : undefined
}

/**
 * Whether a length's number, read aloud, starts with a vowel: eight, eleven, eighteen, eighty, eight
 * hundred, eleven thousand...; a number in words by its first word ("eight seconds", "eleven minutes").
 */
export function readAloudWithAVowel(value: string): boolean {
	const digits = /^(\d[\d,]*)/.exec(value)?.[1]?.replaceAll(',', '')
	if (digits === undefined) return /^(?:eight|eleven)/i.test(value)
	if (digits.startsWith('8')) return true
	// The number's leading group of up to three digits, as it is read before "thousand" or "million".
	const lead = digits.slice(0, digits.length % 3 === 0 ? 3 : digits.length % 3)
	return lead === '11' || lead === '18'
}
