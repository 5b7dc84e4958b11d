/**
 * The forms nearest to a clause that reads as none: each form's words against the clause's, by
 * the fewest words to change, where a slot takes the words that could fill it ("Worker A", "7",
 * "30 s"). As Cucumber proposes step definitions for an undefined step.
 */
import type { ClaimForm, Place, SlotType } from './form.ts'
import { inWords } from './form.ts'
import type { CompiledForm, SceneLanguage } from './language.ts'

type Piece = { word: string } | { slot: SlotType }

/** A form's pattern as words and slots: optional text left out, the first of alternatives kept. */
function pieces(pattern: string): Piece[] {
	const plain = pattern.replace(/\([^)]*\)/g, ' ').replace(/(\S+)\/\S+/g, '$1')
	return plain
		.split(/[\s,:]+/)
		.filter(word => word.length > 0)
		.map(word => {
			const slot = /^\{([a-z]+)\}$/.exec(word)
			return slot ? { slot: slot[1] as SlotType } : { word: word.toLowerCase() }
		})
}

const NUMERIC: readonly SlotType[] = ['fence', 'epoch', 'count', 'ordinal', 'duration', 'time', 'refusal']

/** Whether a run of the clause's words could fill a slot of a kind, given the scene's names (lowercased, and their possessives). */
function fills(names: ReadonlySet<string>, type: SlotType, words: readonly string[]): boolean {
	const text = words.join(' ')
	if (NUMERIC.includes(type)) return /\d/.test(text) || /^(?:a|an|half|one|two|three|four|five|six|seven|eight|nine|ten|both|first|second|third)\b/.test(text)
	if (text === 'it' || text === 'its' || text.startsWith('the ')) return true
	return names.has(text)
}

/** What the nearest forms of a scene's language are measured with, worked out once: each place's forms as pieces, and the scene's names. */
interface Measures {
	names: ReadonlySet<string>
	places: Map<Place, { compiled: CompiledForm; pieces: Piece[] }[]>
}

const MEASURES = new WeakMap<SceneLanguage, Measures>()

function measuresOf(language: SceneLanguage): Measures {
	let measures = MEASURES.get(language)
	if (measures === undefined) {
		const names = new Set(language.names.allNames().flatMap(name => [name.toLowerCase(), `${name.toLowerCase()}'s`, `${name.toLowerCase()}’s`]))
		measures = { names, places: new Map() }
		MEASURES.set(language, measures)
	}
	return measures
}

function formsOf(language: SceneLanguage, place: Place): { compiled: CompiledForm; pieces: Piece[] }[] {
	const { places } = measuresOf(language)
	let forms = places.get(place)
	if (forms === undefined) {
		forms = (language.places.get(place)?.forms ?? []).map(compiled => ({ compiled, pieces: pieces(inWords(compiled.pattern, language.words)) }))
		places.set(place, forms)
	}
	return forms
}

/** The fewest changes that turn the clause's words into the form's, a slot taking one to three words. */
function distance(names: ReadonlySet<string>, clause: readonly string[], form: readonly Piece[]): number {
	const n = clause.length
	const m = form.length
	const d: number[][] = Array.from({ length: m + 1 }, () => new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY))
	;(d[0] as number[])[0] = 0
	for (let i = 0; i <= m; i++) {
		for (let j = 0; j <= n; j++) {
			const here = (d[i] as number[])[j] as number
			if (here === Number.POSITIVE_INFINITY) continue
			const row = d[i + 1]
			if (row) row[j] = Math.min(row[j] as number, here + 1)
			;(d[i] as number[])[j + 1] = Math.min((d[i] as number[])[j + 1] ?? Number.POSITIVE_INFINITY, here + 1)
			const piece = form[i]
			if (!piece || !row) continue
			if ('word' in piece) {
				if (j < n) row[j + 1] = Math.min(row[j + 1] as number, here + (clause[j] === piece.word ? 0 : 1))
			} else {
				for (let k = 1; k <= 3 && j + k <= n; k++) row[j + k] = Math.min(row[j + k] as number, here + (fills(names, piece.slot, clause.slice(j, j + k)) ? 0 : 1))
			}
		}
	}
	return (d[m] as number[])[n] as number
}

/** The three forms of a place nearest to a clause, nearest first. */
export function nearestForms(language: SceneLanguage, clause: string, place: Place, count = 3): ClaimForm[] {
	const words = clause
		.split(/[\s,:]+/)
		.filter(word => word.length > 0)
		.map(word => word.toLowerCase())
	const { names } = measuresOf(language)
	const verb = verbOf(language, words)
	const denying = DENYING.test(clause)
	return formsOf(language, place)
		.flatMap(({ compiled, pieces: form }, order) => {
			if (compiled.form.denies && !denying) return []
			// A writer's own turn of phrase is never named (`ClaimForm.unoffered`), nor a form whose own pattern is one.
			if (compiled.form.unoffered?.includes(compiled.pattern) || compiled.form.unoffered?.includes(compiled.form.pattern)) return []
			// A pattern of slots alone ("{worker} {ordinal}") is near every short clause and names no word to write: the form's other patterns speak for it.
			if (!form.some(piece => 'word' in piece)) return []
			// A form with the author's verb is nearer than one with the author's other words: "{worker} crashes" for "A crashes while it holds the key".
			const kept = verb !== undefined && form.some(piece => 'word' in piece && stem(piece.word) === verb) ? VERB_KEPT : 0
			return [{ form: compiled.form, order, score: distance(names, words, form) - kept }]
		})
		.sort((a, b) => a.score - b.score || a.order - b.order)
		.filter((entry, index, all) => all.findIndex(other => other.form === entry.form) === index)
		.slice(0, count)
		.map(entry => entry.form)
}

/** A word that says something did not happen: a denial's forms are near only a clause with one. */
const DENYING = /\b(?:not|never|nobody|nothing|without)\b|n['’]t\b|\bno one\b/i

/** What a form's keeping the author's verb is worth, in words changed. */
const VERB_KEPT = 4

/** The words that open a clause before its verb and are no verb: articles and the like. */
const NO_VERB = new Set(['a', 'an', 'the', 'its', 'it', 'worker', 'workers', 'lease', 'key', 'and', 'both', 'all', 'then', 'so', 'now', 'still', 'also', 'is', 'are', 'was', 'were', 'has', 'have', 'had', 'does', 'did', 'not', 'never']) // copulas, auxiliaries and negations tell no verb of their own

/** The stem of a clause's verb: the first word after the actor it opens with (and its possessive's noun), that is no article. */
export function verbOf(language: SceneLanguage, words: readonly string[]): string | undefined {
	const names = language.names.nameWords()
	const word = words.find(word => !names.has(word.replace(/['’]s$/, '')) && !NO_VERB.has(word) && !/^\d/.test(word))
	return word === undefined ? undefined : stem(word)
}

/** A verb's stem, so that its tenses and persons match: "renews", "renewed", "renew". */
export function stem(word: string): string {
	return word.replace(/(?:ing|ed|es|s)$/, '')
}
