/**
 * A scene's own nouns: the words of its code sample's names and of its actors' labels, which its
 * captions may use for what a worker writes and for its work ("B writes the index", "C starts its
 * export", "A's count is lost"). Such a word claims nothing: it stands where the domain's word for
 * what a worker writes or "work" stands, and the form means what it means with that
 * word. So that it can never make a text read as another form, no word any form, the neutral
 * lexicon or a connective uses is one.
 */
import { inWords, type DomainWords } from './form.ts'
import { BATCHES, FUNCTION_WORDS, MASS_WORK_NOUNS, NAMED_WORK_VERBS, NEUTRAL_ADVERBS, WORK_NOUNS } from './lexicon.ts'
import { COUNT_WORDS_LIST } from './numbers.ts'
import { FORMS } from './registry.ts'

/** The most nouns a scene lends its captions: its sample names a few things, not a dictionary. */
const MOST = 16

/** Words of the language's own, and of JavaScript's, that a scene's names may hold but that are no noun of it. */
const NOT_NOUNS = new Set([
	...'and then so because since but while when after before until once again too well also both each every not no nothing nobody none one'.split(' '),
	...'await async const let var for function return new true false null undefined this that with from import class extends if else try catch finally throw typeof instanceof void delete yield of in do break continue switch case default get set string number bigint boolean object text value values id ids key keys'.split(' '),
	...FUNCTION_WORDS,
	...NEUTRAL_ADVERBS.flatMap(adverb => adverb.split(' ')),
	...COUNT_WORDS_LIST,
])

/**
 * Fixed phrases of the language's patterns where no noun stands ("in that order"): their words are not the language's
 * for a scene's nouns, so a scene's code or labels may lend one ("order.db": "B saves its order"). The phrase reads as
 * it did, and the noun reads only where a scene's nouns do.
 */
const IDIOMS = /\bin that order\b/g

const KNOWN = new WeakMap<DomainWords, Set<string>>()
/** Every word a form's pattern or other ways of writing it uses in a domain's words, and the domain's own words and phrasings. */
function languageWords(words: DomainWords): Set<string> {
	const known = KNOWN.get(words)
	if (known) return known
	const out = new Set<string>(NOT_NOUNS)
	const add = (text: string) => {
		for (const word of text.toLowerCase().split(/[^a-z]+/)) if (word !== '') out.add(word)
	}
	for (const form of FORMS) for (const pattern of [form.pattern, ...(form.alternatives ?? [])]) add(inWords(pattern.replace(/\{[a-z]+\}/g, ' ').replace(IDIOMS, ' '), words))
	for (const patterns of Object.values(words.phrases ?? {})) for (const pattern of patterns) add(pattern.replace(/\{[a-z]+\}/g, ' '))
	for (const word of [words.thing, words.owner, words.fence ?? '', ...words.ids]) add(word)
	KNOWN.set(words, out)
	return out
}

const STORE_WORDS = new WeakMap<DomainWords, Set<string>>()
/**
 * The nouns of the language that only forms with no worker in them use, after "a" or "the" (no `{worker}`, `{workers}`,
 * `{owner}`, `{lease}` or work token: "kv.db is copied to a backup"), and that no other form, other word of those forms,
 * neutral word, connective or domain word is: what those forms tell is a lock store's.
 */
function storeWords(words: DomainWords): Set<string> {
	const kept = STORE_WORDS.get(words)
	if (kept) return kept
	const split = (text: string) => text.toLowerCase().split(/[^a-z]+/).filter(word => word !== '')
	const store = new Set<string>()
	const other = new Set<string>(NOT_NOUNS)
	for (const form of FORMS) {
		for (const pattern of [form.pattern, ...(form.alternatives ?? [])]) {
			const aboutStore = !/\{(?:worker|workers|owner|lease)\}/.test(pattern) && !/\b(?:WORKS?|DOING|DOES|TO_DO|VERB|THING|CAUSE|COMPUTER)\b/.test(pattern)
			const text = inWords(pattern.replace(/\{[a-z]+\}/g, ' ').replace(IDIOMS, ' '), words).toLowerCase()
			// Of a form about a store, only a noun after "a" or "the" ("copied to a backup") may be lent; its other words stay the language's.
			const nouns = aboutStore ? [...text.matchAll(/\b(?:a|the) ([a-z]+)\b/g)].map(match => match[1] as string) : []
			for (const word of split(text)) (nouns.includes(word) ? store : other).add(word)
		}
	}
	for (const patterns of Object.values(words.phrases ?? {})) for (const pattern of patterns) for (const word of split(pattern.replace(/\{[a-z]+\}/g, ' '))) other.add(word)
	for (const word of [words.thing, words.owner, words.fence ?? '', ...words.ids]) for (const part of split(word)) other.add(part)
	const only = new Set([...store].filter(word => !other.has(word)))
	STORE_WORDS.set(words, only)
	return only
}

/** The words of a name: "runExport" is "run" and "export", "rebuild_index" "rebuild" and "index", "counter.db" "counter" and "db". */
function wordsOfName(name: string): string[] {
	return name
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
		.toLowerCase()
		.split(/[^a-z]+/)
}

/**
 * What a sample runs under its key, once for each function it gives a lock to hold (`hold(key, async lease => { ... })`,
 * `tryHold` alike): an inline function's body (the text between its braces, or an arrow's expression), a function passed
 * by name (`hold(key, work)`) as the body the sample gives that name (`function work(lease) { ... }`,
 * `const work = async lease => { ... }`), else as a call of it (`work()`, the prelude's). None where the sample holds no key.
 */
export function heldBodies(code: string): string[] {
	const bodies: string[] = []
	/** The text between the brace that ends at `open` and the one that closes it, or none. */
	const block = (open: number): string | undefined => {
		let depth = 1
		let at = open
		for (; at < code.length && depth > 0; at++) {
			if (code[at] === '{') depth++
			else if (code[at] === '}') depth--
		}
		return depth === 0 ? code.slice(open, at - 1) : undefined
	}
	for (const call of code.matchAll(/\.(?:hold|tryHold)\s*\(/g)) {
		const from = call.index + call[0].length
		const given = argumentOf(code, from, 1)
		if (given === undefined) continue
		if (/^[A-Za-z_$][\w$]*$/.test(given)) {
			const name = given.replace(/\$/g, '\\$')
			const defined = new RegExp(`\\bfunction\\s*\\*?\\s*${name}\\s*\\([^)]*\\)\\s*\\{|\\b(?:const|let|var)\\s+${name}\\s*=\\s*(?:async\\s+)?(?:function\\b[^{]*|(?:\\([^)]*\\)|[\\w$]+)\\s*=>\\s*)\\{`).exec(code)
			bodies.push((defined ? block(defined.index + defined[0].length) : undefined) ?? `${given}()`)
			continue
		}
		const head = /^(?:async\s+)?(?:(?:\([^)]*\)|[\w$]+)\s*=>\s*|function\b[^(]*\([^)]*\)\s*)/.exec(given)
		if (!head) continue
		const rest = given.slice(head[0].length)
		if (!rest.startsWith('{')) {
			bodies.push(rest)
			continue
		}
		const body = block(code.indexOf(given, from) + head[0].length + 1)
		if (body !== undefined) bodies.push(body)
	}
	return bodies
}

/**
 * The nouns a scene's code sample (its own names and its domain's: `runExport`) and actors' labels lend its captions, in the
 * order first met; none of the language's own words, in the domain's words. Of a sample that holds a key, only the names
 * its held code calls: the work under the key ("C starts its export" of `runExport` called after the hold is done is no reading).
 */
export function sceneNouns(code: readonly string[], labels: readonly string[], words: DomainWords): string[] {
	const own = languageWords(words)
	const found: string[] = []
	const held = heldBodies(code.join('\n'))
	// A word only the forms about a lock store use ("kv.db is copied to a …") is lent by a call of the held code that names it:
	// where it stands, a work phrase, no form about a store reads, and where those forms read, no work phrase does.
	const called = new Set(held.flatMap(body => [...body.matchAll(/([A-Za-z][A-Za-z0-9_]*)\s*\(/g)].flatMap(call => wordsOfName(call[1] as string))))
	const storeOnly = storeWords(words)
	for (const text of [...(held.length > 0 ? held : code), ...labels]) {
		for (const name of text.match(/[A-Za-z][A-Za-z0-9_]*/g) ?? []) {
			for (const word of wordsOfName(name)) {
				if (word.length < 3 || word.length > 20 || found.includes(word)) continue
				if (own.has(word) && !(storeOnly.has(word) && called.has(word))) continue
				found.push(word)
				if (found.length === MOST) return found
			}
		}
	}
	return found
}

/**
 * The words of the names a sample calls outside the code it gives a lock to hold (`runExport` after `hold` returned):
 * the work those name is not done under the key, so no work word of the lexicon that is one of them reads in its
 * captions ("A starts its export"). None when the sample holds no key.
 */
export function unheldWords(code: readonly string[]): string[] {
	const text = code.join('\n')
	const held = heldBodies(text)
	if (held.length === 0) return []
	let outside = text
	for (const body of held) outside = outside.replace(body, ' ')
	const inside = new Set(held.flatMap(body => (body.match(/[A-Za-z][A-Za-z0-9_]*/g) ?? []).flatMap(wordsOfName)))
	return [...new Set((outside.match(/[A-Za-z][A-Za-z0-9_]*/g) ?? []).flatMap(wordsOfName))].filter(word => word.length >= 3 && !inside.has(word))
}

/** The argument of a call that starts at `from` (just after its "(") with this index, as written, or none. */
function argumentOf(code: string, from: number, index: number): string | undefined {
	let depth = 0
	let start = from
	let seen = 0
	for (let at = from; at < code.length; at++) {
		const c = code[at] as string
		if (c === '"' || c === "'" || c === '`') {
			const end = code.indexOf(c, at + 1)
			if (end < 0) return undefined
			at = end
		} else if (c === '(' || c === '[' || c === '{') depth++
		else if ((c === ')' || c === ']' || c === '}') && depth > 0) depth--
		else if ((c === ',' || c === ')') && depth === 0) {
			if (seen === index) return code.slice(start, at).trim()
			if (c === ')') return undefined
			seen++
			start = at + 1
		}
	}
	return undefined
}

/** Words of the names of functions that stand for work of no kind, or for a pause that stands for it: `work()`, `doWork()`, `sleep(100)`. */
const GENERIC_WORK = new Set(['work', 'do', 'some', 'busy', 'sleep', 'pause', 'delay', 'wait', 'set', 'timeout'])

/**
 * Whether a scene's captions may tell its work in the lexicon's words ("starts sending emails", "asks to deploy"):
 * only when what its code runs under the key stands for work of no kind, a call of a generic work function
 * (`work()`) or of a pause (`sleep(…)`). Where all it runs is a save or any other call of its own, the lexicon
 * would tell work that never ran. A scene without a code sample lends it, as it always has: nothing it runs says otherwise.
 */
export function lendsLexicon(code: readonly string[]): boolean {
	if (code.length === 0 || code.every(line => line.trim() === '')) return true
	// A comment or a string is no call: "// work()" or save(id, 'work()') runs no work.
	const text = code.join('\n').replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''").replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, ' ')
	const held = heldBodies(text)
	const calls = (held.length > 0 ? held : [text]).flatMap(part => [...part.matchAll(/([A-Za-z_$][\w$]*)\s*\(/g)].map(match => match[1] as string))
	return calls.some(name => wordsOfName(name).every(word => GENERIC_WORK.has(word)))
}

/** Every word of the lexicon's work words (`WORK_NOUNS`, `NAMED_WORK_VERBS`...): none reads where the code does not lend them. */
const LEXICON_WORK_WORDS = [...new Set([...WORK_NOUNS, ...MASS_WORK_NOUNS, ...NAMED_WORK_VERBS, ...BATCHES].flatMap(entry => entry.split(' ')))]

/**
 * The words of the lexicon's work words that a scene's captions may not use for its work under the key: those its code
 * calls outside the key (`unheldWords`), and every one of them where its held code does no generic work (`lendsLexicon`).
 */
export function unlentWords(code: readonly string[]): string[] {
	const unheld = unheldWords(code)
	return lendsLexicon(code) ? unheld : [...new Set([...unheld, ...LEXICON_WORK_WORDS])]
}

/**
 * The work nouns that the code under the key calls as a name of one word (`pay()`, `deploy()`): a verb with no object
 * of its own, which a caption may write alone ("B finishes paying", "lets 3 workers pay at once"), as the lexicon's
 * verbs that name a kind of work are. A name of several words (`runExport`) is a verb and its object, told together.
 */
export function aloneVerbs(code: readonly string[], work: readonly string[]): string[] {
	const called = new Set(heldBodies(code.join('\n')).flatMap(body => [...body.matchAll(/(?<![A-Za-z0-9_.$])([a-z]+)\s*\(/g)].map(call => call[1] as string)))
	return work.filter(noun => called.has(noun))
}

/**
 * The nouns a scene spells for the work of its one-word verbs (`aloneVerbs`: `pay()`): the verb and "ment" ("payment"),
 * where its code or an actor's label writes that noun or its plural (`store.semaphore('payments')`). Such a noun names that
 * call's work as the verb does ("B finishes its payment", "the semaphore allows 3 payments at once"); the scene has to write
 * it: no other noun is made of a verb.
 */
export function verbNouns(code: readonly string[], labels: readonly string[], verbs: readonly string[]): string[] {
	const written = new Set([...code, ...labels].flatMap(text => (text.match(/[A-Za-z][A-Za-z0-9_]*/g) ?? []).flatMap(wordsOfName)))
	return verbs.map(verb => `${verb}ment`).filter(noun => written.has(noun) || written.has(`${noun}s`))
}
