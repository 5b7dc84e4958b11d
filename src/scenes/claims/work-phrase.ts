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
import { BATCHES, MASS_WORK_NOUNS as LEXICON_MASS, NAMED_WORK_VERBS as LEXICON_VERBS, NO_THIRD_PERSON, WORK_ADJECTIVES, WORK_NOUNS as LEXICON_NOUNS, WORK_VERBS } from './lexicon.ts'

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
	/** A plain verb and its work, or "work" alone: "print", "work", "send emails", "run the export". */
	verb: string
	/** After the domain's written thing or a head noun: "of the index". */
	of: string
}

const DETERMINERS = '(?:its|the|a|an)'

/** A verb of two words changes its first: "hand out", "hands out", "handing out". */
function firstOf(verb: string, change: (word: string) => string[]): string[] {
	const space = verb.indexOf(' ')
	return space < 0 ? change(verb) : change(verb.slice(0, space)).map(word => `${word}${verb.slice(space)}`)
}

/** A verb's third person: "runs", "does", "pushes", "tidies", "hands out". */
export function thirdPerson(verb: string): string[] {
	if (verb.includes(' ')) return firstOf(verb, thirdPerson)
	if (/(?:s|x|z|ch|sh|o)$/.test(verb)) return [`${verb}es`]
	if (/[^aeiou]y$/.test(verb)) return [`${verb.slice(0, -1)}ies`]
	return [`${verb}s`]
}

/** A verb's gerund: "running", "making", "building", "warming". */
export function gerund(verb: string): string[] {
	if (verb.includes(' ')) return firstOf(verb, gerund)
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
export function workPhrases(nouns: readonly string[], owner?: string, thing?: string, unheld: readonly string[] = [], alone: readonly string[] = []): WorkPhrases {
	const signature = JSON.stringify([nouns, owner ?? null, thing ?? null, unheld, alone])
	const kept = MADE.get(signature)
	if (kept) return kept
	const made = makePhrases(nouns, owner, thing, unheld, alone)
	if (MADE.size > 200) MADE.clear()
	MADE.set(signature, made)
	return made
}

function makePhrases(nouns: readonly string[], owner?: string, thing?: string, unheld: readonly string[] = [], alone: readonly string[] = []): WorkPhrases {
	// A work word of the lexicon that the code names outside the key is no work under it ("starts its export" of a
	// runExport called after hold returned): the lexicon lends only words the code leaves to the story.
	// And only to a scene whose held code names no work of its own (it calls `work()`): where the code says what the work
	// is ("rebuildIndex"), the story tells it in the code's words, and "runs the exports" of a scene that rebuilds an index is no reading.
	const lent = (entry: string) => nouns.length === 0 && !entry.split(' ').some(word => unheld.includes(word))
	const WORK_NOUNS = LEXICON_NOUNS.filter(lent)
	const MASS_WORK_NOUNS = LEXICON_MASS.filter(lent)
	const NAMED_WORK_VERBS = LEXICON_VERBS.filter(lent)
	const adjectives = `(?:${any(WORK_ADJECTIVES)} )*`
	const of = nouns.length === 0 && owner === undefined ? '' : `(?: of ${DETERMINERS} ${adjectives}${any([...nouns, ...(owner === undefined ? [] : [owner])])})?`
	// "a batch of coupons": a head of the lexicon's that counts nothing ("batch") and a plural of its nouns, or a mass noun, after "of".
	const batches = BATCHES.filter(lent)
	const batched = `of ${adjectives}${any([...WORK_NOUNS.filter(noun => !BATCHES.includes(noun)).flatMap(plural), ...MASS_WORK_NOUNS])}`
	const batch = batches.length === 0 ? '' : `|${any(batches)} ${batched}`
	const batchesOf = batches.length === 0 ? '' : `|${any(batches.flatMap(plural))} ${batched}`
	const heads = [...nouns, ...WORK_NOUNS, ...(thing === undefined ? [] : [thing])]
	const work = `${adjectives}(?:${any(['work', 'piece of work', ...heads])}${batch})${of}`
	const works = `${adjectives}(?:${any(['work', ...heads.flatMap(plural)])}${batchesOf})${of}`
	// Plurals of the lexicon's nouns and its mass nouns stand without a determiner after a verb: "sending emails", "processing data".
	const bare = `${adjectives}${any([...WORK_NOUNS.flatMap(plural), ...MASS_WORK_NOUNS])}${of}`
	const plain = [...WORK_VERBS, ...nouns]
	const phrase = `(?:${DETERMINERS} (?:${work}|${works})|${bare})`
	// A verb that names a kind of work never takes the domain's written thing: "A sends its THING", "uploads its
	// THING" would tell a write, which only the forms of writes read. Its own work is any other head.
	// The scene's own verbs its held code calls alone (`pay()`: `aloneVerbs`) stand alone as these do: "finishes paying".
	const named = [...NAMED_WORK_VERBS, ...alone.filter(verb => nouns.includes(verb))]
	const namedWork = `${adjectives}(?:${any(['work', 'piece of work', ...nouns, ...WORK_NOUNS])}${batch})${of}`
	const namedWorks = `${adjectives}(?:${any(['work', ...[...nouns, ...WORK_NOUNS].flatMap(plural)])}${batchesOf})${of}`
	const namedPhrase = `(?:${DETERMINERS} (?:${namedWork}|${namedWorks})|${bare})`
	// "sends" is a word of a form ("sends a stale write"): that verb reads in its other inflections only.
	const thirds = named.filter(verb => !NO_THIRD_PERSON.includes(verb)).flatMap(thirdPerson)
	const either = (verbs: string[], others: string[]) => `(?:${any(verbs)} ${phrase}|${any(others)} ${namedPhrase}|${any(others)})`
	return {
		work,
		works,
		// A verb that names a kind of work reads alone too: "is still deploying", "finishes printing", "deploys", "asks to deploy".
		// "writing" tells the write the held code makes, of what it carries ("starts writing its monthly export"): checked as such (`work-lines.ts`).
		doing: `(?:working on ${phrase}|writing ${DETERMINERS} ${work}|${either(plain.flatMap(gerund), named.flatMap(gerund))})`,
		does: either(plain.flatMap(thirdPerson), thirds),
		toDo: `to ${either(plain, [...named])}`,
		verb: `(?:work|${either(plain, [...named])})`,
		of,
	}
}
