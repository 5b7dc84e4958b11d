/**
 * True sentences offered from the facts: every form of a place, its slots filled with the step's own
 * actors and the engine's values, read back and checked as the scene's text would be. What passes
 * is what the language can truly say of the step; the one nearest an author's words is the "did you
 * mean" of an error. As Gherkin offers snippets for an undefined step, from the step's own words.
 */
import { readAloudWithAVowel } from './numbers.ts'
import { formatDuration } from '../../../engine/index.ts'
import type { ClaimContext, ClaimForm, DomainWords, SlotType } from './form.ts'
import { DOES, DOING, TO_DO, VERB, WORKS, inWords } from './form.ts'
import type { SceneLanguage } from './language.ts'
import type { Happening } from '../frame.ts'
import { showFence } from './fence-notation.ts'
import { FORM_GROUPS } from './registry.ts'
import { readText } from './read.ts'
import { checkText } from './check.ts'
import { verbOf } from './nearest.ts'

/** A true sentence of a step: its text, its form, and the group of forms it belongs to (what it tells of). */
export interface Suggestion {
	text: string
	form: string
	group: string
}

/** "both" after three names or more ("B, C and D both wait"): no sentence to offer. */
const BOTH_AFTER_MANY = /, [^,.]* and \S+ both\b/

/** The most sentences one form may try in one step: a form of three numeric slots would otherwise try thousands. */
const PER_FORM = 64

/** The words a slot can be filled with in this step, most telling first. */
function fillers(language: SceneLanguage, context: ClaimContext, type: SlotType): string[] {
	const { run, step } = context
	const ids = (kind: string) => [...run.kinds].filter(([, k]) => k === kind).map(([id]) => id)
	const happenings: Happening[] = context.message ? context.message.happenings : step.happenings
	const name = (id: string) => nameOf(language, id)
	const unique = <T>(values: T[]) => [...new Set(values)]
	switch (type) {
		case 'worker':
			return ids('worker').map(name)
		case 'owner':
			return ids('worker').map(id => `${shortName(language, id)}'s`)
		case 'lease':
			return ids('worker').map(id => `${shortName(language, id)}'s lease`)
		case 'workers': {
			const workers = ids('worker').map(id => shortName(language, id))
			if (workers.length < 2) return []
			const pairs = workers.flatMap((a, i) => workers.slice(i + 1).map(b => `${a} and ${b}`))
			const list = (some: string[]) => `${some.slice(0, -1).join(', ')} and ${some[some.length - 1]}`
			// The workers that did one thing in the step (asked, got the key, gave up...), when more than two: "A, B and C get in".
			const did = ids('worker').length > 3 ? unique([...new Set(happenings.map(h => h.kind))].map(kind => ids('worker').filter(id => happenings.some(h => h.kind === kind && 'worker' in h && h.worker === id)).map(id => shortName(language, id))).filter(some => some.length > 2 && some.length < workers.length).map(list)) : []
			// The line at the step's end (or its start), first first, when it is more than two and not every worker: "B, C and D
			// are waiting" for a line D joined in the step, which no happening of the step names all of ("B and C are still waiting" drops D).
			const lines = [step.end, step.start].flatMap(world => [...world.stores.values()].map(store => store.waiters.map(id => shortName(language, id)))).filter(some => some.length > 2 && some.length < workers.length).map(list)
			return workers.length > 2 ? unique([list(workers), ...lines, ...did, ...pairs]) : pairs
		}
		case 'store':
			return ids('store').map(name)
		case 'database':
			return ids('database').map(name)
		case 'key':
			return ['the key']
		case 'fence': {
			const fences: bigint[] = []
			for (const h of happenings) {
				if ('fence' in h && typeof h.fence === 'bigint') fences.push(h.fence)
				if (h.kind === 'wrote') fences.push(h.before, h.after)
			}
			for (const world of [step.start, step.end]) {
				for (const worker of world.workers.values()) if (worker.lease?.fence !== undefined) fences.push(worker.lease.fence)
				for (const database of world.databases.values()) fences.push(database.fence)
			}
			return unique(fences.map(showFence))
		}
		case 'epoch': {
			const epochs: bigint[] = []
			for (const h of happenings) {
				if (h.kind === 'restarted' || h.kind === 'restored') epochs.push(h.epoch, h.epochBefore)
				if (h.kind === 'restored' || h.kind === 'backed-up') epochs.push(h.kind === 'restored' ? h.backupEpoch : h.epoch)
			}
			for (const store of step.end.stores.values()) epochs.push(store.epoch)
			return unique(epochs.map(String))
		}
		case 'count': {
			// From 2: the count forms are plural ("2 workers wait"); one or none has its own forms ("Worker A waits", "nobody waits").
			const most = Math.max(ids('worker').length, ...[...step.end.stores.values()].map(store => store.limit ?? 1))
			return Array.from({ length: Math.max(most - 1, 0) }, (_, n) => String(n + 2))
		}
		case 'ordinal':
			return ['first', 'second', 'third'].slice(0, Math.max(1, ids('worker').length))
		case 'duration': {
			const spans: number[] = [step.end.time - step.start.time, run.ttl]
			for (const h of happenings) {
				if (h.kind === 'gave-up') spans.push(h.waited)
				if (h.kind === 'asked' && h.wait !== undefined) spans.push(h.wait)
				if (h.kind === 'waited') spans.push(h.ms)
				if (h.kind === 'granted') spans.push(h.ttl)
				spans.push(h.at - step.start.time)
			}
			if (context.toldBefore !== undefined) for (const h of happenings) spans.push(h.at - context.toldBefore)
			return unique(spans.filter(ms => ms > 0).map(formatDuration))
		}
		case 'time': {
			const times: number[] = [step.start.time, step.end.time]
			for (const h of happenings) {
				times.push(h.at)
				if (h.kind === 'renewed') times.push(h.until)
			}
			for (const worker of step.end.workers.values()) if (worker.lease) times.push(worker.lease.expiresAt)
			return unique(times.filter(ms => ms >= 0).map(formatDuration))
		}
		case 'refusal':
			return ['<', '=', '<=']
	}
}

/** How a suggestion names an actor: the name a reader knows it by ("the lock", "Worker A"). */
function nameOf(language: SceneLanguage, id: string): string {
	const kind = language.names.kindOf(id)
	if (kind !== 'worker') {
		// The noun nearest the actor's own label: "the lock" for a "Lock", never "the lock server" for it.
		const label = language.names.labelOf(id).toLowerCase()
		const nouns = language.names.namesOf(kind ?? 'decoration').filter(n => n.startsWith('the ') && language.names.actorNamed(n) === id)
		const own = nouns.find(n => n === `the ${label}`) ?? nouns.find(n => n.slice(4).split(' ').every(word => label.split(/\s+/).includes(word)))
		const noun = own ?? nouns[0]
		if (noun !== undefined) return noun
	}
	return language.names.labelOf(id)
}

/** A worker's shortest name of its own ("A" for "Worker A"), for possessives and lists. */
function shortName(language: SceneLanguage, id: string): string {
	const own = language.names.namesOf('worker').filter(n => language.names.actorNamed(n) === id && !n.startsWith('the '))
	return own.sort((a, b) => a.length - b.length)[0] ?? language.names.labelOf(id)
}

/** A pattern's plain text with its slots as `{type}`: optional text left out, the first of each alternative kept. */
function plain(pattern: string): string {
	return pattern
		.replace(/\([^)]*\)/g, '')
		.replace(/([^\s/{}(),:]+)(?:\/[^\s/{}(),:]+)+/g, '$1')
		.replace(/\s+/g, ' ')
		.trim()
}

/** The sentences of one pattern, every slot filled from its fillers, at most PER_FORM of them. */
/** A pattern's plain text in a domain's words, by domain and pattern: the same few hundred patterns are made sentences of at every offer. */
const plainTexts = new WeakMap<DomainWords, Map<string, { text: string; slots: SlotType[] }>>()

function sentencesOf(pattern: string, fill: (type: SlotType) => string[], words: DomainWords): string[] {
	let texts = plainTexts.get(words)
	if (texts === undefined) plainTexts.set(words, (texts = new Map()))
	let plainText = texts.get(pattern)
	if (plainText === undefined) {
		// "a WORK" is "a work" in plain words, which no one writes: offered as "a piece of work", which reads wherever "work" does.
		const text = plain(inWords(pattern, words)).replace(/\b(?:a|an) work\b/g, 'a piece of work')
		texts.set(pattern, (plainText = { text, slots: [...text.matchAll(/\{([a-z]+)\}/g)].map(m => m[1] as SlotType) }))
	}
	const { text, slots } = plainText
	let out = [text]
	for (const type of slots) {
		const values = fill(type)
		if (values.length === 0) return []
		const next: string[] = []
		for (const partial of out) {
			for (const value of values) {
				next.push(fillSlot(partial, type, value))
				if (next.length >= PER_FORM) break
			}
			if (next.length >= PER_FORM) break
		}
		out = next
	}
	return out
}

/**
 * A pattern's first slot of a type filled with a value; before a length, "a" becomes "an" where the
 * number is read aloud with a vowel first ("an 8 s lease", "an 11 s wait", "an 18 s lease"), as the
 * language reads either.
 */
function fillSlot(partial: string, type: SlotType, value: string): string {
	const slot = `{${type}}`
	const index = partial.indexOf(slot)
	if (index < 0) return partial
	const before = partial.slice(0, index)
	const article = type === 'duration' && /(?:^| )a $/.test(before) && readAloudWithAVowel(value) ? `${before.slice(0, -2)}an ` : before
	return article + value + partial.slice(index + slot.length)
}

/** The first letter raised, as a caption's sentence starts. */
const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * A sentence as it reads inside another, after a comma or "and": its first letter lowered, unless
 * it opens with a name ("Worker A", "A's lease"): "…, and nobody waits", "…, then Worker B gets the key".
 */
export function midSentence(language: SceneLanguage, text: string): string {
	const named = language.names.allNames().some(name => /^[A-Z]/.test(name) && text.startsWith(name) && !/\w/.test(text.charAt(name.length)))
	return named ? text : text.charAt(0).toLowerCase() + text.slice(1)
}

/**
 * Every sentence a place's forms can make of a step's actors and values, true or not, in the
 * registry's order; with `alternatives`, in every way each form may be written, else in its own.
 */
/** The words of a pattern that tell a semaphore's places ("asks for a place/slot", "its place/slot", "all places/slots"), not a place in line ("B's place"). */
const SEMAPHORE_PLACES = /\b(?:a|its|their|free|all) places?\/slots?|places\/slots|place\(s\)/

/** The candidates of a context, by whether alternatives were asked for: several problems of one step are offered from the same sentences. */
const CANDIDATES = new WeakMap<ClaimContext, Map<boolean, Suggestion[]>>()

function candidates(language: SceneLanguage, context: ClaimContext, alternatives: boolean): Suggestion[] {
	let kept = CANDIDATES.get(context)
	if (kept === undefined) CANDIDATES.set(context, (kept = new Map()))
	let made = kept.get(alternatives)
	if (made === undefined) kept.set(alternatives, (made = candidatesOf(language, context, alternatives)))
	return made
}

function candidatesOf(language: SceneLanguage, context: ClaimContext, alternatives: boolean): Suggestion[] {
	const cache = new Map<SlotType, string[]>()
	const fill = (type: SlotType) => {
		let values = cache.get(type)
		if (values === undefined) {
			values = fillers(language, context, type)
			cache.set(type, values)
		}
		return values
	}
	const out: Suggestion[] = []
	const seen = new Set<string>()
	// A semaphore's places are offered only where the scene has a semaphore: "C asks for a place" reads of a lock too, but tells it oddly.
	const semaphore = [...context.world.stores.values()].some(store => store.limit !== undefined)
	for (const [group, forms] of FORM_GROUPS) {
		for (const form of forms) {
			if (!form.places.includes(context.place) || form.denies || form.quiet) continue
			for (const pattern of alternatives ? patternsOf(form) : [form.pattern].filter(pattern => !form.unoffered?.includes(pattern))) {
				if (!semaphore && SEMAPHORE_PLACES.test(pattern)) continue
				for (const written of sentencesOf(pattern, fill, language.words)) {
				// A worker's own lease after it as the subject is "its lease", as a writer says it ("Worker A tries to renew its
				// lease", not "... A's lease"): offered first, the way with the name after it (the checker keeps what reads).
				for (const raw of [ownLease(language, context, written), written]) {
					if (raw === undefined) continue
					const text = context.place === 'caption' ? sentence(raw) : raw
					// "both" after three names or more ("B, C and D both wait") is no sentence to offer.
					if (seen.has(text) || BOTH_AFTER_MANY.test(text)) continue
					seen.add(text)
					out.push({ text, form: form.id, group })
				}
				}
			}
		}
	}
	return out
}

/** A sentence whose subject is a worker with that worker's lease after it ("Worker A renews A's lease"), with "its lease" there; else undefined. */
function ownLease(language: SceneLanguage, context: ClaimContext, text: string): string | undefined {
	for (const [id, kind] of context.run.kinds) {
		if (kind !== 'worker') continue
		const short = shortName(language, id)
		if (![nameOf(language, id), short].some(name => text.startsWith(`${name} `))) continue
		const own = ` ${short}'s lease`
		const at = text.indexOf(own)
		if (at > 0) return `${text.slice(0, at)} its lease${text.slice(at + own.length)}`
	}
	return undefined
}

/**
 * Every sentence of a place's forms that is true in a context, in the registry's order, each checked
 * by the checker itself: what is offered reads, and holds, as a text of that place there. Each form
 * is offered in its own words; its alternatives say the same.
 */
export function suggestSentences(language: SceneLanguage, context: ClaimContext): Suggestion[] {
	return candidates(language, context, false).filter(candidate => holds(language, candidate.text, context) && !namesTooFew(language, context, candidate.text))
}

/**
 * Whether a true sentence of who stands in line names a list of workers that leaves out one in line when the step ends: offered
 * for "B, C and D are all waiting" when D joined the line in the step, "B and C are still waiting" is true, but tells the reader
 * that D does not wait. An offer of the line names every worker in it.
 */
function leavesOutOfLine(language: SceneLanguage, context: ClaimContext, text: string, group: string): boolean {
	if (group !== 'the line') return false
	const lists = fillers(language, context, 'workers').sort((a, b) => b.length - a.length)
	const mine = lists.find(list => text.includes(list))
	if (mine === undefined) return false
	const named = mine.split(/, | and /)
	return [...context.step.end.stores.values()].some(store => store.waiters.length > named.length && named.every(name => store.waiters.some(id => shortName(language, id) === name)))
}

/**
 * Whether a true sentence about several workers names fewer than the same sentence, true too, says of
 * more ("A and B get in" when A, B and C got in): offered for "all three get in", it would tell the
 * reader that C did not. A sentence offered names every worker it can, or none.
 */
function namesTooFew(language: SceneLanguage, context: ClaimContext, text: string): boolean {
	const lists = fillers(language, context, 'workers').sort((a, b) => b.length - a.length)
	const mine = lists.find(list => text.includes(list))
	if (mine === undefined) return false
	const names = (list: string) => list.split(/, | and /)
	return lists.some(other => other !== mine && names(mine).every(name => names(other).includes(name)) && !BOTH_AFTER_MANY.test(text.replace(mine, other)) && holds(language, text.replace(mine, other), context))
}

/**
 * A form's patterns: its own and its alternatives; but an alternative that tells a worker's work in a work
 * phrase of a verb, a gerund, a purpose or several workers' work ("rebuilds the index") is the author's own
 * wording, which an offer would write in neutral stand-ins ("does its work"): the form's other patterns say it.
 */
export function patternsOf(form: ClaimForm): string[] {
	let patterns = PATTERNS.get(form)
	if (patterns === undefined) PATTERNS.set(form, (patterns = [form.pattern, ...(form.alternatives ?? []).filter(pattern => !WORK_PHRASE.test(pattern))].filter(pattern => !form.unoffered?.includes(pattern))))
	return [...patterns]
}

/** A form's patterns as `patternsOf` tells them, worked out once per form. */
const PATTERNS = new WeakMap<ClaimForm, readonly string[]>()

const WORK_PHRASE = new RegExp(`\\b(?:${[DOING, DOES, TO_DO, VERB, WORKS].join('|')})\\b`)

/** Whether a text reads whole and holds in a context. */
export function holds(language: SceneLanguage, text: string, context: ClaimContext): boolean {
	let known = HELD.get(context)
	if (known === undefined) HELD.set(context, (known = new Map()))
	let held = known.get(text)
	if (held === undefined) known.set(text, (held = holdsNow(language, text, context)))
	return held
}

/** Whether texts hold, by context and text: the offers of several problems of one step check the same sentences. */
const HELD = new WeakMap<ClaimContext, Map<string, boolean>>()

function holdsNow(language: SceneLanguage, text: string, context: ClaimContext): boolean {
	const read = readText(language, text, context.place)
	if (read.problems.length > 0 || read.clauses.length === 0) return false
	return checkText(read, context).problems.length === 0
}

/** The words of a text, lower case, for comparing sentences. */
function words(text: string): string[] {
	return text
		.toLowerCase()
		.split(/[\s,:;.]+/)
		.filter(word => word.length > 0)
}

/** The fewest words to add, drop or change to turn one list of words into the other. */
function wordDistance(a: readonly string[], b: readonly string[]): number {
	let row = Array.from({ length: b.length + 1 }, (_, j) => j)
	for (let i = 1; i <= a.length; i++) {
		const next = [i]
		for (let j = 1; j <= b.length; j++) next[j] = Math.min((row[j] as number) + 1, (next[j - 1] as number) + 1, (row[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1))
		row = next
	}
	return row[b.length] as number
}

/** How many of the nearest sentences are checked for the one that is true, at most. */
const TRIED = 300

/**
 * The true sentence nearest to an author's words, or undefined when none near enough is true: it
 * must share a word that is no small word with the author's. The sentences are ranked by the words
 * to change, and checked nearest first, so an error costs a few checks, not the step's every sentence.
 * `fits` may refuse a true sentence that does not read where the author's words stand (a second
 * telling of a write the text told already, a "so" with no cause before it).
 */
export function nearestTrue(language: SceneLanguage, context: ClaimContext, written: string, fits: (text: string) => boolean = () => true): string | undefined {
	const mine = words(written)
	const content = new Set(mine.filter(word => !SMALL.has(word)))
	const head = headOf(language, written, mine)
	const ranked: { text: string; score: number; joined: string; group: string; form: string }[] = []
	const measured = measuresOf(language)
	// In every way a form may be written: the nearest to "A's lease expires" is "A's lease expires", if it is true.
	for (const candidate of candidates(language, context, true)) {
		let measure = measured.get(candidate.text)
		if (measure === undefined) {
			const theirs = words(candidate.text)
			measured.set(candidate.text, (measure = { words: theirs, joined: theirs.join(' ') }))
		}
		const theirs = measure.words
		let shared = 0
		for (const word of theirs) if (content.has(word)) shared++
		if (shared === 0) continue
		// A sentence that keeps the author's verb and subject says what the author meant to say, truly: "A crashes" for "A crashes while it holds the key", not "A holds the key".
		const their = (measure.head ??= headOf(language, candidate.text, theirs))
		const keeps = (head.verb !== undefined && head.verb === their.verb ? VERB_KEPT : 0) + (head.subject !== undefined && head.subject === their.subject ? SUBJECT_KEPT : 0)
		ranked.push({ text: candidate.text, score: wordDistance(mine, theirs) - shared * 0.5 - keeps, joined: measure.joined, group: candidate.group, form: candidate.form })
	}
	ranked.sort((a, b) => a.score - b.score)
	const same = mine.join(' ')
	for (const { text, joined, group } of ranked.slice(0, TRIED)) if (joined !== same && holds(language, text, context) && fits(text) && !namesTooFew(language, context, text) && !leavesOutOfLine(language, context, text, group)) return text
	return undefined
}

/** A candidate's words, joined, and subject and verb (`headOf`), by language and text: the same sentences are ranked at every offer of a scene. */
interface Measure {
	words: string[]
	joined: string
	head?: { subject?: string; verb?: string }
}

const MEASURES = new WeakMap<SceneLanguage, Map<string, Measure>>()

function measuresOf(language: SceneLanguage): Map<string, Measure> {
	let measures = MEASURES.get(language)
	if (measures === undefined) MEASURES.set(language, (measures = new Map()))
	return measures
}

const ARTICLES = new Set(['a', 'an', 'the'])

const SMALL = new Set(['a', 'an', 'the', 'of', 'to', 'its', 'it', 'is', 'and', 'with', 'then', 'so', 'in', 'at', 'on', 'for', 'by', 'worker', 's', 'later'])

/** What keeping the author's verb, and the author's subject, is worth against words changed. */
const VERB_KEPT = 3
const SUBJECT_KEPT = 1

/**
 * A sentence's subject and verb, as a reader finds them: the actor it opens with (by its name, or
 * its name's possessive: "A's lease" is A's), else its first word ("nobody waits"), and its verb as
 * the nearest forms find it (nearest.ts: the stem of its first word that is no name, article or
 * auxiliary, so "crash" for "crashes" and "crashed").
 */
function headOf(language: SceneLanguage, text: string, all: readonly string[] = words(text)): { subject?: string; verb?: string } {
	const lower = text.trim().toLowerCase()
	const name = language.names.longestFirst().find(n => lower.startsWith(n.toLowerCase()) && !/\w/.test(lower.charAt(n.length)))
	const subject = name === undefined ? all.find(word => !ARTICLES.has(word)) : language.names.actorNamed(name)
	const verb = verbOf(language, name === undefined ? all.slice(1) : all)
	return { ...(subject === undefined ? {} : { subject }), ...(verb === undefined ? {} : { verb }) }
}
