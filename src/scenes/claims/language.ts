/**
 * A scene's claim language: the registry's forms compiled, through Cucumber Expressions, into
 * regular expressions whose slots match the scene's own names. Made once per cast and kept.
 */
import { CucumberExpression, ParameterType, ParameterTypeRegistry } from '@cucumber/cucumber-expressions'
import type { ActorKind } from './facts.ts'
import type { ClaimForm, DomainWords, Place, SlotType } from './form.ts'
import { CAUSE, COMPUTER, DOES, DOING, SAVED_FORMS, THING, TO_DO, VERB, WORK, WORKS, inWords } from './form.ts'
import { COMPUTERS, MASS_WORK_NOUNS, NAMED_WORK_VERBS, PAUSE_CAUSES, WORK_NOUNS } from './lexicon.ts'
import { workPhrases } from './work-phrase.ts'
import { COUNT_WORDS_LIST } from './numbers.ts'
import { SceneNames, slotReaders } from './parameters.ts'
import type { CastMember, SlotReader } from './parameters.ts'
import { FORMS } from './registry.ts'

/** A form ready to match: its expression as a regular expression with indices, and its slots' kinds in order. */
export interface CompiledForm {
	form: ClaimForm
	/** The pattern it was compiled from: the form's own, or one of its alternatives. */
	pattern: string
	/** For an alternative that writes the form's slots in another order: where each of the form's slots is in it (-1: a key it leaves out). */
	order?: number[]
	regex: RegExp
	/** Runs of text every match of `regex` contains, found before the regular expression is tried (`literalRuns`). */
	needs: readonly string[]
	slots: SlotType[]
	/** The kind of the slot the pattern starts with: the clause's subject, which "it" and a left-out subject refer to. */
	subject?: SlotType
}

/** A modifier of a clause: a time it happened at (`at 30 s`), a time since the step before (`5 s later`, `5 s after that`), some time after it (`a moment later`), or `then` (`after that`). */
interface CompiledModifier {
	kind: 'at' | 'later' | 'soon' | 'then' | 'same'
	regex: RegExp
	/** "After 30 s": before a clause that tells no moment ("after 30 s nothing renews A's lease") it says that much time passed. */
	after?: true
	/** "Then at 12 s": the clause is also told as coming after what was told before it. */
	ordered?: true
}

/** A place's forms, in the registry's order, and by the first word a clause of each can start with. */
interface PlaceForms {
	forms: CompiledForm[]
	/** Forms by their possible first words, lower case; `#` stands for any word that starts with a digit. */
	byFirstWord: Map<string, CompiledForm[]>
}

/** The word a clause starts with, as the index of forms keys it: lower case, `#` for one that starts with a digit. */
export function firstWordOf(text: string): string {
	const word = /^[^\s,:]*/.exec(text)?.[0] ?? ''
	return /^\d/.test(word) ? '#' : word.toLowerCase()
}

export interface SceneLanguage {
	names: SceneNames
	/** The domain's words, which its patterns' THING and its key's owner are written in. */
	words: DomainWords
	readers: Readonly<Record<SlotType, SlotReader>>
	places: ReadonlyMap<Place, PlaceForms>
	prefixes: readonly CompiledModifier[]
	suffixes: readonly CompiledModifier[]
	/** `at T` inside a clause, after its verb and before more words or a comma ("B gives up at 20 s without getting the key", "it runs out at 26 s, 10 s after the last renewal"). */
	within: RegExp
	/**
	 * What the scene's work under the key goes by, in lower case: the nouns of the names its held code calls (`work`), and the
	 * lexicon's work nouns and verbs where it lends them (`work-phrase.ts`). A cause of the lexicon's that is one ("deploy" of a
	 * scene whose work is lent the lexicon's "deploy") is that work, not a neutral cause: "the deploy freezes B" says B was at it.
	 */
	work: ReadonlySet<string>
	/** Texts read so far, by place and text: reading is a function of the two. */
	read: Map<string, unknown>
}

const SLOT = /(?<!\\)\{([a-z]+)\}/g

/** Slots that read the same value, a worker: an alternative may write "{worker} loses its lease" for "{lease} is lost". */
const SAME_VALUE: Partial<Record<SlotType, string>> = { worker: 'worker', owner: 'worker', lease: 'worker' }

/**
 * Where each of a form's own slots stands in an alternative's, which may put them in another order
 * ("the lock gives {key} to {worker}" for "{worker} gets {key}"); undefined when the order is the
 * same. An alternative may leave out the key, which then names the scene's key as "the key" would
 * (-1: "C gets in" for "{worker} gets {key}"); one with other slots than its form's is an error of the registry.
 */
function slotOrder(form: ClaimForm, own: readonly SlotType[], alternative: readonly SlotType[]): number[] | undefined {
	const kind = (type: SlotType) => SAME_VALUE[type] ?? type
	const used = new Set<number>()
	const order = own.map(type => {
		const at = alternative.findIndex((other, index) => !used.has(index) && kind(other) === kind(type))
		if (at < 0 && type === 'key') return -1
		if (at < 0) throw new Error(`form ${form.id}: an alternative has no {${type}} slot like its pattern's`)
		used.add(at)
		return at
	})
	if (used.size !== alternative.length) throw new Error(`form ${form.id}: an alternative has slots its pattern has not`)
	return order.every((at, index) => at === index) ? undefined : order
}
const SUBJECTS: readonly SlotType[] = ['worker', 'owner', 'store', 'database', 'lease', 'workers', 'key']
const SLOT_TYPES: readonly SlotType[] = ['worker', 'owner', 'workers', 'store', 'database', 'key', 'lease', 'fence', 'epoch', 'count', 'ordinal', 'duration', 'time', 'refusal']

/**
 * A form's patterns, and for each that spells out "the key" (no slot), the same with "it" and with "the lock"
 * there: `it` is the key wherever a form names it, as in the key's slot ("B gives up without getting it", "A
 * gives it back"), and so is "the lock", as the key's slot reads it ("B waits for the lock", "A lets the lock go").
 */
function withKeyPronoun(patterns: readonly string[]): string[] {
	const all = [...patterns]
	for (const pattern of patterns) {
		for (const word of ['it', 'the lock']) {
			const said = pattern.replace(/\bthe key\b(?!['’])/g, word)
			if (said !== pattern && !all.includes(said)) all.push(said)
		}
	}
	return all
}

/** The templates of each domain's phrasings, by its words. */
const PHRASES = new WeakMap<DomainWords, Template[]>()

/** A pattern that opens with what paused a worker ("a/an/the CAUSE pauses {worker}"). */
const CAUSE_LED = new RegExp(`^a/an/the ${CAUSE} `)

/** A form's pattern through Cucumber Expressions, its slots put as stand-ins. */
interface Template {
	form: ClaimForm
	pattern: string
	source: string
	slots: SlotType[]
	order: number[] | undefined
	subject: SlotType | undefined
}

/** A slot's stand-in in a form's compiled expression, replaced by the scene's own pattern for that slot. */
const stand = (type: string): string => `\u0001${type}\u0001`

/**
 * The registry's forms through Cucumber Expressions, once: each slot compiles to its stand-in, so a
 * scene's language is made by putting its own slot patterns in, without compiling every form again.
 */
const TEMPLATES = (() => {
	const registry = new ParameterTypeRegistry()
	for (const type of SLOT_TYPES) registry.defineParameterType(new ParameterType(type, new RegExp(stand(type)), null, (text: string) => text, false, false))
	// "an 8 s lease": "a" before a length may be "an", as a writer reads the number aloud.
	// "a place/slot( without waiting)": the optional text after words that are alternatives is of each of them, as a reader reads it, not
	// of the last alone (a Cucumber Expression binds it to the last: "tries for a place without waiting" would not read).
	const spread = (pattern: string) => pattern.replace(/((?:[A-Za-z'-]+\/)+[A-Za-z'-]+)(\([^()]*\))/g, (_all, words: string, optional: string) => words.split('/').map(word => word + optional).join('/'))
	const source = (pattern: string) => new CucumberExpression(spread(pattern).replace(/(^| )a (?=\{duration\})/g, '$1a/an '), registry).regexp.source
	const templatesOf = (form: ClaimForm, patterns: readonly string[]): Template[] => {
		const own = [...form.pattern.matchAll(SLOT)].map(match => match[1] as SlotType)
		// "Right away" may be "straight away", with its meaning ("B saves straight away", "gets the key straight away"): each
		// pattern that writes "right away" (or "right away/immediately") reads with "straight away" in its place as well.
		return patterns.flatMap(pattern => [pattern, pattern.replace(/(^| )right away(?:\/[a-z]+)?(?=$|[ ,(])/g, '$1straight away')]).filter((pattern, i, all) => all.indexOf(pattern) === i).map(pattern => {
				const slots = [...pattern.matchAll(SLOT)].map(match => match[1] as SlotType)
				// "A migration freezes A": the worker a cause pauses is the clause's subject, which "its" and a left-out subject after it name.
				const first = pattern.startsWith('{') || CAUSE_LED.test(pattern) ? slots[0] : undefined
				// A list of workers may be followed by "both", "all" or "each": "B and C both wait".
				// A fence may be told after a comma: "B saves, with fence 2".
				const written = pattern.replace(/\{workers\} /g, '{workers}( both)( all)( each) ').replace(/(?<!,) with( its|\( its\))? fence \{fence\}/g, '(,) with$1 fence {fence}')
			return { form, pattern, source: source(written), slots, order: slotOrder(form, own, slots), subject: first !== undefined && SUBJECTS.includes(first) ? first : undefined }
		})
	}
	return {
		forms: FORMS.flatMap(form => templatesOf(form, withKeyPronoun([form.pattern, ...(form.alternatives ?? [])]))),
		/** A domain's phrasings of forms (`DomainWords.phrases`), kept by the domain's words. */
		phrases: (words: DomainWords): Template[] => {
			const kept = PHRASES.get(words)
			if (kept) return kept
			const made = Object.entries(words.phrases ?? {}).flatMap(([id, patterns]) => {
				const form = FORMS.find(one => one.id === id)
				if (!form) throw new Error(`the domain's phrases name no form "${id}"`)
				return templatesOf(form, withKeyPronoun(patterns))
			})
			PHRASES.set(words, made)
			return made
		},
		at: source('at {time}').slice(1, -1),
		atIn: source('{time} in').slice(1, -1),
		after: source('after {duration}').slice(1, -1),
		later: source('{duration} later').slice(1, -1),
		afterThat: source('{duration} after that').slice(1, -1),
		then: source('then').slice(1, -1),
	}
})()

/**
 * What a pattern's CAUSE reads in a scene: a cause of the lexicon's, or a noun of the scene's, none of them a word of an
 * actor's label (a worker, a store or a database is never what paused a worker); "long" or "short" before it is checked as in an aside.
 */
function causes(nouns: readonly string[], labelWords: ReadonlySet<string>): string {
	const fits = (phrase: string) => !phrase.toLowerCase().split(/\s+/).some(word => labelWords.has(word))
	const all = [...PAUSE_CAUSES, ...nouns].filter(fits).sort((a, b) => b.length - a.length).map(escaped)
	return `(?:(?:long|short|slow) )?(?:${all.join('|')})`
}

/** Puts a scene's slot patterns, and its domain's words for what a worker writes and for a fence, into a compiled template. */
function fill(source: string, readers: Readonly<Record<SlotType, SlotReader>>, words?: DomainWords, nouns: readonly string[] = [], labelWords: ReadonlySet<string> = new Set(), work: readonly string[] = nouns, unheld: readonly string[] = [], alone: readonly string[] = [], saved = false): string {
	return filler(readers, words, nouns, labelWords, work, unheld, alone).fill(source, saved)
}

/** The alternation of the computers a pattern's COMPUTER reads, longest first. */
const COMPUTER_PATTERN = `(?:${[...COMPUTERS].sort((a, b) => b.length - a.length).map(escaped).join('|')})`

/** Templates with the domain's word for a fence put where "fence" is, by that word and template. */
const FENCE_WORDED = new Map<string, Map<string, string>>()

/**
 * `fill` for one scene: what depends only on the scene (its work phrases, causes, nouns) worked out once, for each of
 * its templates to be filled with.
 */
function filler(readers: Readonly<Record<SlotType, SlotReader>>, words?: DomainWords, nouns: readonly string[] = [], labelWords: ReadonlySet<string> = new Set(), work: readonly string[] = nouns, unheld: readonly string[] = [], alone: readonly string[] = []): Filler {
	const fence = words?.fence
	let fenceWorded = fence === undefined ? undefined : FENCE_WORDED.get(fence)
	if (fence !== undefined && fenceWorded === undefined) FENCE_WORDED.set(fence, (fenceWorded = new Map()))
	// The scene's own nouns read where the domain's word for what a worker writes does; the names its held code calls (`work`,
	// not an actor's label: a semaphore named "exports" runs no export) read where a form's WORK does ("C starts its export").
	// A work phrase reads there too, with a few neutral words (`work-phrase.ts`): "starts a long piece of work", "rebuilds the index".
	const own = nouns.map(escaped)
	const phrases = workPhrases(work, words?.owner, words?.thing, unheld, alone)
	const thing = words ? `(?:${[escaped(words.thing), ...own].join('|')})${phrases.of}` : undefined
	// What a worker writes may say what it is of, in the domain's word for what a key is of or a scene noun: "its THING of the index".
	// In a form that tells a write (`SAVED_FORMS`), whose words for it are checked against what the write carried, it may
	// take up to two of the scene's nouns before it: "saves the final report" of save(chatId, 'final report', fence).
	const before = own.length > 0 ? `(?:(?:${own.join('|')}) ){0,2}` : ''
	const fill = (source: string, saved = false): string => {
		// The domain's word for a fence reads where "fence" does ("writes with its old term 1"); a slot's stand-in is not a word.
		let worded = source
		if (fenceWorded !== undefined) {
			let kept = fenceWorded.get(source)
			if (kept === undefined) fenceWorded.set(source, (kept = source.replace(/(?<!\u0001)\bfence(s?)\b(?!\u0001)/g, (_all, plural: string) => `(?:fence${plural}|${fence}${plural})`)))
			worded = kept
		}
		worded = worded
			.replaceAll(TO_DO, phrases.toDo)
			.replaceAll(VERB, phrases.verb)
			.replaceAll(DOING, phrases.doing)
			.replaceAll(DOES, phrases.does)
			.replaceAll(WORKS, phrases.works)
			.replaceAll(WORK, phrases.work)
		if (worded.includes(CAUSE)) worded = worded.replaceAll(CAUSE, causeText)
		if (worded.includes(COMPUTER)) worded = worded.replaceAll(COMPUTER, COMPUTER_PATTERN)
		const filled = worded.replace(/\u0001([a-z]+)\u0001/g, (_all, type: SlotType) => readers[type].pattern)
		return thing !== undefined ? filled.replaceAll(THING, `${saved ? before : ''}${thing}`) : filled
	}
	// What a template's filled source is made of, as short ids, when none of the scene's parts holds a token or a stand-in (so
	// the tokens and stand-ins of the filled source are the template's own): its regular expression is then found by those, not
	// by the long source.
	const phrased = [phrases.toDo, phrases.verb, phrases.doing, phrases.does, phrases.works, phrases.work]
	const causeText = causes(work, labelWords)
	const parts = [fence ?? '', ...phrased, causeText, thing ?? '', before, ...SLOT_TYPES.map(type => readers[type].pattern)]
	if (parts.some(part => part.includes('\u0001') || FILL_TOKENS.some(token => part.includes(token)))) return { fill }
	const fenceId = `|f${ingredientId(fence === undefined ? '\u0002' : fence)}`
	const phrasesId = `|p${ingredientId(phrased.join('\u0002'))}`
	const causeId = `|c${ingredientId(causeText)}`
	const thingId = `|t${ingredientId(thing === undefined ? '\u0002' : thing)}|b${ingredientId(before)}`
	const readerIds = new Map(SLOT_TYPES.map(type => [type, `|${type}${ingredientId(readers[type].pattern)}`]))
	const keyOf = (template: Template, saved: boolean): string => {
		const uses = usesOf(template)
		let key = `${uses.id}|${saved ? 1 : 0}`
		if (uses.fence) key += fenceId
		if (uses.phrase) key += phrasesId
		if (uses.cause) key += causeId
		if (uses.thing) key += thingId
		for (const type of uses.slots) key += readerIds.get(type) as string
		return key
	}
	return { fill, keyOf }
}

/** A scene's `fill`, and where its parts allow, the short key a template's filled source is found by (`FILLED`). */
interface Filler {
	fill: (source: string, saved?: boolean) => string
	keyOf?: (template: Template, saved: boolean) => string
}

/** The tokens `fill` replaces. */
const FILL_TOKENS = [TO_DO, VERB, DOING, DOES, WORKS, WORK, CAUSE, COMPUTER, THING]

/** What a template's source holds that `fill` puts a scene's parts in for, and a short id of the template. */
interface Uses {
	id: number
	fence: boolean
	phrase: boolean
	cause: boolean
	thing: boolean
	slots: SlotType[]
}

const USES = new WeakMap<Template, Uses>()
let templateIds = 0

function usesOf(template: Template): Uses {
	let uses = USES.get(template)
	if (uses === undefined) {
		const source = template.source
		uses = {
			id: templateIds++,
			fence: source.includes('fence'),
			phrase: [TO_DO, VERB, DOING, DOES, WORKS, WORK].some(token => source.includes(token)),
			cause: source.includes(CAUSE),
			thing: source.includes(THING),
			slots: [...new Set([...source.matchAll(/\u0001([a-z]+)\u0001/g)].map(match => match[1] as SlotType))],
		}
		USES.set(template, uses)
	}
	return uses
}

/** Short ids of the parts of scenes that `fill` puts in, by their text. */
const ingredients = new Map<string, number>()

function ingredientId(text: string): number {
	let id = ingredients.get(text)
	if (id === undefined) ingredients.set(text, (id = ingredients.size))
	return id
}

/** A template's regular expression by its key (`Filler.keyOf`): the same as `matcherOf` its filled source. */
const filledMatchers = new Map<string, { regex: RegExp; needs: readonly string[] }>()

/**
 * The runs of plain text (four characters or more) that any match of a regular expression's source
 * holds: its text outside every group, less a character a quantifier makes optional. A source with a
 * `|` outside groups needs none. A clause without them cannot match, so it is not tried.
 */
export function literalRuns(source: string): string[] {
	const runs: string[] = []
	let run = ''
	let depth = 0
	const end = () => {
		if (run.length >= 4) runs.push(run)
		run = ''
	}
	for (let i = 0; i < source.length; i++) {
		const char = source[i] as string
		if (char === '\\') {
			const next = source[i + 1] ?? ''
			i++
			if (depth === 0 && /[^A-Za-z0-9]/.test(next)) run += next
			else if (depth === 0) end()
			continue
		}
		if (char === '[') {
			// A class: skip to its closing bracket.
			for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++
			if (depth === 0) end()
			continue
		}
		if (char === '(') {
			if (depth === 0) end()
			depth++
			continue
		}
		if (char === ')') {
			depth--
			continue
		}
		if (depth > 0) continue
		if (char === '|') return []
		if (char === '?' || char === '*' || char === '{') {
			run = run.slice(0, -1)
			end()
			if (char === '{') while (i < source.length && source[i] !== '}') i++
			continue
		}
		if (char === '+' || char === '.' || char === '^' || char === '$') {
			end()
			continue
		}
		run += char
	}
	end()
	return runs
}

function escaped(word: string): string {
	return word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

/**
 * A form's regular expression and the text it needs, by its source: scenes with other casts or nouns
 * share most of their forms' sources, and a regular expression without the `g` flag keeps no state.
 */
const matchers = new Map<string, { regex: RegExp; needs: readonly string[] }>()

function matcherOf(source: string): { regex: RegExp; needs: readonly string[] } {
	let matcher = matchers.get(source)
	if (matcher === undefined) {
		if (matchers.size >= 20_000) {
			// The ids a compile under way found its parts by stay: only the expressions and the keys to them go.
			matchers.clear()
			filledMatchers.clear()
		}
		matcher = { regex: new RegExp(source, 'd'), needs: literalRuns(source) }
		matchers.set(source, matcher)
	}
	return matcher
}

/** Compiles the registry for a cast and key. */
function compile(cast: readonly CastMember[], key: string, words: DomainWords, nouns: readonly string[], work: readonly string[], unheld: readonly string[], alone: readonly string[]): SceneLanguage {
	if (ingredients.size >= 100_000) forgetMatchers()
	const names = new SceneNames(cast, key)
	const readers = slotReaders(names, words, nouns)
	const places = new Map<Place, PlaceForms>()
	const starts = slotStarts(names, words)
	const labelWords = new Set(cast.flatMap(actor => actor.label.toLowerCase().split(/[^a-z0-9]+/)).filter(Boolean))
	const { fill: filled, keyOf } = filler(readers, words, nouns, labelWords, work, unheld, alone)
	for (const template of [...TEMPLATES.forms, ...TEMPLATES.phrases(words)]) {
		const saved = SAVED_FORMS.has(template.form.id)
		const key = keyOf?.(template, saved)
		let matcher = key === undefined ? undefined : filledMatchers.get(key)
		if (matcher === undefined) {
			matcher = matcherOf(filled(template.source, saved))
			if (key !== undefined) filledMatchers.set(key, matcher)
		}
		const { regex, needs } = matcher
		const compiled: CompiledForm = { form: template.form, pattern: template.pattern, regex, needs, slots: template.slots }
		if (template.order !== undefined) compiled.order = template.order
		if (template.subject !== undefined) compiled.subject = template.subject
		const firsts = firstWords(inWords(template.pattern, words), starts)
		// A pattern that starts with the written thing starts with any of the scene's nouns too ("index by B").
		if (template.pattern.startsWith(THING)) for (const noun of nouns) firsts.add(noun)
		for (const place of template.form.places) {
			const entry: PlaceForms = places.get(place) ?? { forms: [], byFirstWord: new Map<string, CompiledForm[]>() }
			entry.forms.push(compiled)
			for (const word of firsts) {
				const forms = entry.byFirstWord.get(word)
				if (forms === undefined) entry.byFirstWord.set(word, [compiled])
				else forms.push(compiled)
			}
			places.set(place, entry)
		}
	}
	const at = fill(TEMPLATES.at, readers)
	const atIn = fill(TEMPLATES.atIn, readers)
	const after = fill(TEMPLATES.after, readers)
	const later = fill(TEMPLATES.later, readers)
	const then = fill(TEMPLATES.then, readers)
	const afterThat = fill(TEMPLATES.afterThat, readers)
	return {
		names,
		words,
		readers,
		places,
		prefixes: [
			{ kind: 'then', regex: new RegExp(`^(?:${then}),? `, 'd') },
			// "After that" and "afterwards" are "then"; "5 s after that" is "5 s later"; "a moment later" is some time after what was told before.
			{ kind: 'then', regex: /^(?:after that|afterwards),? /d },
			// "Right then", "at that moment" and "at the same moment" are "when": the happening came at the moment of what the clause before tells.
			{ kind: 'same', regex: /^(?:right then|just then|at that (?:very )?moment|at that instant|at the same (?:moment|time|instant)),? /d },
			{ kind: 'later', regex: new RegExp(`^(?:${afterThat}),? `, 'd') },
			{ kind: 'soon', regex: /^(a moment|a while|some time|a little while|a bit) later,? /d },
			{ kind: 'soon', regex: /^(later|some time after that),? /d },
			// "Then at 12 s": the moment names the clause's time, after what was told before.
			{ kind: 'at', regex: new RegExp(`^then,? (?:${at}),? `, 'd'), ordered: true },
			{ kind: 'at', regex: new RegExp(`^(?:${at}),? `, 'd') },
			{ kind: 'later', regex: new RegExp(`^(?:${later}),? `, 'd') },
			// "20 s in," is the moment 20 s; "after 30 s" is 30 s later than what was told before.
			{ kind: 'at', regex: new RegExp(`^(?:${atIn}),? `, 'd') },
			{ kind: 'later', regex: new RegExp(`^(?:${after}),? `, 'd'), after: true },
		],
		suffixes: [
			{ kind: 'at', regex: new RegExp(` (?:${at})$`, 'd') },
			{ kind: 'later', regex: new RegExp(` (?:${later})$`, 'd') },
			{ kind: 'later', regex: new RegExp(` (?:${afterThat})$`, 'd') },
			{ kind: 'then', regex: / (?:after that|afterwards)$/d },
			{ kind: 'same', regex: /,? (?:right then|just then|at that (?:very )?moment|at that instant)$/d },
			{ kind: 'soon', regex: / (a moment|a while|some time|a little while|a bit) later$/d },
		],
		within: new RegExp(` (?:${at})(?=,? )`, 'd'),
		work: workNames(work, unheld),
		read: new Map(),
	}
}

/** What a scene's work goes by (`SceneLanguage.work`): its work nouns, and the lexicon's work words where they are lent as `work-phrase.ts` lends them. */
function workNames(work: readonly string[], unheld: readonly string[]): Set<string> {
	const lent = (entry: string) => work.length === 0 && !entry.split(' ').some(word => unheld.includes(word))
	return new Set([...work, ...[...WORK_NOUNS, ...MASS_WORK_NOUNS, ...NAMED_WORK_VERBS].filter(lent)].map(word => word.toLowerCase()))
}

const NUMBER_STARTS = ['#', ...COUNT_WORDS_LIST]

/** The first words each kind of slot can start with, in this scene (lower case; `#` for digits). */
function slotStarts(names: SceneNames, words: DomainWords): Readonly<Record<SlotType, readonly string[]>> {
	const first = (kind: ActorKind) => names.namesOf(kind).map(firstWordOf)
	// A possessive of a one-word name starts with the word and its 's: "A's".
	const possessive = names.namesOf('worker').flatMap(name => (/\s/.test(name) ? [firstWordOf(name)] : [`${name.toLowerCase()}'s`, `${name.toLowerCase()}’s`]))
	return {
		worker: [...first('worker'), 'it'],
		owner: [...possessive, 'its', 'this', 'that'],
		// "Candidates A and B": the plural of a label's noun starts a group too.
		workers: [...first('worker'), ...first('worker').map(word => `${word}s`), 'workers', 'worker', 'they', 'both'],
		store: [...first('store'), 'it'],
		database: [...first('database'), 'it'],
		key: ['the', 'its', 'it', 'a', words.owner.toLowerCase(), ...first('store')],
		lease: ['the', 'its', 'it', ...possessive],
		fence: ['#', ...COUNT_WORDS_LIST],
		epoch: ['#'],
		count: NUMBER_STARTS,
		ordinal: ['#', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'],
		duration: ['#', 'a', 'an', 'half', ...COUNT_WORDS_LIST],
		time: ['#', 'a', 'an', 'half', ...COUNT_WORDS_LIST],
		refusal: ['<', '<=', '=', '≤'],
	}
}

/** The first words a clause of a pattern can start with: its first literal word (each alternative, and past optional text), or its first slot's. */
function firstWords(pattern: string, starts: Readonly<Record<SlotType, readonly string[]>>): Set<string> {
	const words = new Set<string>()
	const slot = /^\{([a-z]+)\}/.exec(pattern)
	if (slot) {
		for (const word of starts[slot[1] as SlotType]) words.add(word)
		return words
	}
	const optional = /^\(([^)]*)\)(.*)$/.exec(pattern)
	if (optional) {
		for (const word of firstWords(`${optional[1]}${optional[2]}`, starts)) words.add(word)
		for (const word of firstWords((optional[2] ?? '').trimStart(), starts)) words.add(word)
		return words
	}
	const head = /^[^\s(,:]+/.exec(pattern)?.[0] ?? ''
	for (const word of head.split('/')) words.add(firstWordOf(word))
	return words
}

const languages = new Map<string, SceneLanguage>()
/** How many casts' languages are kept; a playground session changes its cast now and then. */
const KEPT = 32

/** Forgets every language kept, so the next scene compiles and reads from nothing (for benchmarks of a first check). */
export function forgetLanguages(): void {
	languages.clear()
	forgetMatchers()
}

/** Forgets every regular expression kept, with the keys and ids they are found by (never while a compile is under way). */
function forgetMatchers(): void {
	matchers.clear()
	filledMatchers.clear()
	ingredients.clear()
}

/**
 * The claim language of a scene with this cast and key, in its domain's words and its own nouns (`sceneNouns`), compiled once
 * and kept; of those, `work` (by default all) are the ones that may tell a worker's work (`workNouns`: its held code's names).
 * `unheld` are the words of the names its code calls outside the key (`unheldWords`): no work word of the lexicon that is one reads.
 * `alone` are the work nouns its held code calls as a name of one word (`aloneVerbs`: `pay()`), which read alone as verbs ("finishes paying").
 */
export function sceneLanguage(cast: readonly CastMember[], key: string, words: DomainWords, nouns: readonly string[] = [], work: readonly string[] = nouns, unheld: readonly string[] = [], alone: readonly string[] = []): SceneLanguage {
	const signature = JSON.stringify([key, words, nouns, work, unheld, alone, cast.map(actor => [actor.id, actor.label, actor.kind, actor.limit ?? null])])
	let language = languages.get(signature)
	if (language) {
		languages.delete(signature)
		languages.set(signature, language)
		return language
	}
	language = compile(cast, key, words, nouns, work, unheld, alone)
	languages.set(signature, language)
	if (languages.size > KEPT) languages.delete(languages.keys().next().value as string)
	return language
}
