/**
 * Work phrases: how a caption tells the work a worker's code does under the key in its own words ("starts a
 * long piece of work", "starts building the monthly export", "rebuilds the index", "asks to run the export").
 * A work phrase is made of a determiner, adjectives of a small closed list (`WORK_ADJECTIVES`), and a head
 * that is "work", "piece of work" or one of the scene's nouns (the names its held code calls,
 * `scene-nouns.ts`), with "of the" and another noun after it; a verb or a gerund before it is a neutral one
 * (`WORK_VERBS`) or made of a scene's noun ("rebuilds" of `rebuildIndex`). It claims nothing of its own: the form it
 * stands in means what it means with "work". Its words are closed lists, so no number, name, fence, moment or
 * order word ("second", "other", "again") is ever part of one: a clause with such a word reads as a form that
 * checks it, or not at all.
 */
import { WORK_ADJECTIVES, WORK_VERBS } from './lexicon.ts'

/** The regular expressions a scene's work phrases compile to, for `language.ts` to put where a pattern's tokens stand. */
export interface WorkPhrases {
	/** After a determiner the pattern writes: "long export", "piece of work", "export of the index". */
	work: string
	/** Several workers' work, after "their": "exports", "monthly exports". */
	works: string
	/** A gerund and a work phrase: "building the monthly export", "working on its export". */
	doing: string
	/** A verb and a work phrase: "rebuilds the index", "runs its export". */
	does: string
	/** A purpose: "to run the export", "to rebuild the index". */
	toDo: string
	/** After the domain's written thing or a head noun: "of the index". */
	of: string
}

const DETERMINERS = '(?:its|the|a|an)'

/** A verb's third person: "runs", "does", "pushes", "tidies". */
export function thirdPerson(verb: string): string[] {
	if (/(?:s|x|z|ch|sh|o)$/.test(verb)) return [`${verb}es`]
	if (/[^aeiou]y$/.test(verb)) return [`${verb.slice(0, -1)}ies`]
	return [`${verb}s`]
}

/** A verb's gerund: "running", "making", "building", "warming". */
export function gerund(verb: string): string[] {
	if (verb.endsWith('ie')) return [`${verb.slice(0, -2)}ying`]
	if (/[^e]e$/.test(verb)) return [`${verb.slice(0, -1)}ing`]
	// A short word of one vowel between consonants doubles its last: "run", "running".
	if (/^[^aeiou]*[aeiou][bdgklmnprt]$/.test(verb)) return [`${verb}${verb.slice(-1)}ing`, `${verb}ing`]
	return [`${verb}ing`]
}

/** A noun's plural: "exports", "indexes", "copies". */
export function plural(noun: string): string[] {
	if (/(?:s|x|z|ch|sh)$/.test(noun)) return [`${noun}es`]
	if (/[^aeiou]y$/.test(noun)) return [`${noun.slice(0, -1)}ies`]
	return [`${noun}s`]
}

function escaped(word: string): string {
	return word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

const any = (words: readonly string[]): string => `(?:${[...new Set(words)].map(escaped).join('|')})`

const MADE = new Map<string, WorkPhrases>()

/** A scene's work phrases: its nouns (already free of the language's words), the domain's word for what a key is of (`owner`) and for what a worker writes (`thing`, which its work makes: "starts building its THING"). */
export function workPhrases(nouns: readonly string[], owner?: string, thing?: string): WorkPhrases {
	const signature = JSON.stringify([nouns, owner ?? null, thing ?? null])
	const kept = MADE.get(signature)
	if (kept) return kept
	const made = makePhrases(nouns, owner, thing)
	if (MADE.size > 200) MADE.clear()
	MADE.set(signature, made)
	return made
}

function makePhrases(nouns: readonly string[], owner?: string, thing?: string): WorkPhrases {
	const adjectives = `(?:${any(WORK_ADJECTIVES)} )*`
	const of = nouns.length === 0 && owner === undefined ? '' : `(?: of ${DETERMINERS} ${adjectives}${any([...nouns, ...(owner === undefined ? [] : [owner])])})?`
	const heads = [...nouns, ...(thing === undefined ? [] : [thing])]
	const work = `${adjectives}${any(['work', 'piece of work', ...heads])}${of}`
	const works = `${adjectives}${any(['work', ...heads.flatMap(plural)])}${of}`
	const verbs = [...WORK_VERBS, ...nouns]
	const phrase = `${DETERMINERS} ${work}`
	return {
		work,
		works,
		doing: `(?:${any(verbs.flatMap(gerund))}|working on) ${phrase}`,
		does: `${any(verbs.flatMap(thirdPerson))} ${phrase}`,
		toDo: `to ${any(verbs)} ${phrase}`,
		of,
	}
}
