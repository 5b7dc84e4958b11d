/**
 * The slots a claim form may have, for one scene: what each matches (the scene's own names, numbers
 * of a kind) and what the matched text means. Names are the scene's: an actor's label, its label's
 * last word when no other actor's ends the same way ("A" for "Worker A"), and a kind's common noun
 * when the scene has one actor of the kind ("the lock", "the database"). Pronouns resolve by one
 * rule: "it" and "its" name the subject of the clause before, in the same text, except that "its"
 * (and "the lease") after a clause's own subject name that subject ("A renews its lease"); in the
 * key's slot "it" is the key.
 */
import { MAX_FENCE_PART } from '../../../engine/index.ts'
import type { ActorKind } from './facts.ts'
import { fenceOf } from './fence-notation.ts'
import type { DomainWords, SlotType, SlotValue } from './form.ts'
import { COUNT_PATTERN, COUNT_WORDS_LIST, DURATION_PATTERN, ORDINAL_PATTERN, readCount, readDuration, readOrdinal } from './numbers.ts'

/** An actor of the scene as the language needs it: its id, its label and its kind. */
export interface CastMember {
	id: string
	label: string
	kind: ActorKind
	limit?: number
}

/** One slot kind for one scene: the regular expression it matches (no capturing group) and its reader. */
export interface SlotReader {
	pattern: string
	/**
	 * What the text means; a message when it names nothing the scene has. `referent` is the subject
	 * of the clause before, which "it" names; `own` the subject of this clause, which "its" after it names.
	 */
	read(text: string, referent: string | undefined, own?: string, plural?: readonly string[]): SlotValue | string
}

/** Common nouns for a kind, usable when the scene has one actor of that kind. */
const KIND_NOUNS: Readonly<Record<ActorKind, readonly string[]>> = {
	worker: ['the worker'],
	store: ['the lock server', 'the lock store', "the lock's store", 'the lock’s store', 'the lock', 'the server', 'the store', ...pointing(['lock server', 'lock store', 'lock', 'server', 'store'])],
	database: ['the database', ...pointing(['database'])],
	decoration: [],
}

/** "This" and "that" before a store's or a database's noun name it as "the" does ("This database does not check fences"): the scene has one of its kind. */
function pointing(nouns: readonly string[]): string[] {
	return nouns.flatMap(noun => [`this ${noun}`, `that ${noun}`])
}

/**
 * A referent that is several workers ("B and C ask, and wait"): their ids after a mark no id has.
 * A clause that leaves out its subject after such a clause speaks of them all; "they" names them.
 */
export const GROUP = '\u0000'

/** The workers a group referent names, or undefined for a referent that is one actor (or none). */
export function groupOf(referent: string | undefined): string[] | undefined {
	return referent?.startsWith(GROUP) ? referent.slice(1).split(',') : undefined
}

/** The referent for several workers. */
export function groupReferent(ids: readonly string[]): string {
	return `${GROUP}${ids.join(',')}`
}

/** What "it" names after a part of a sentence that did not read and named no actor: nothing the reader can tell yet. */
export const UNREAD_REFERENT = '\u0003'

/** A clause with no subject that names a worker's lease ("nothing renews A's lease") leaves that lease for "it" in the next. */
const LEASE = '\u0002'

/** The worker whose lease "it" names, when the clause before named a lease and no subject. */
export function leaseOf(referent: string | undefined): string | undefined {
	return referent?.startsWith(LEASE) ? referent.slice(1) : undefined
}

/** The referent for a worker's lease named as an object. */
export function leaseReferent(id: string): string {
	return `${LEASE}${id}`
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/** Alternatives of a pattern, longest first, so the longest name wins where one starts another. */
const alternatives = (names: readonly string[]): string => [...new Set(names)].sort((a, b) => b.length - a.length).map(escape).join('|')

/** The names each actor answers to, and what each name means. */
export class SceneNames {
	readonly #byName = new Map<string, string>()
	readonly #byKind = new Map<ActorKind, string[]>()
	readonly cast: readonly CastMember[]
	readonly key: string

	constructor(cast: readonly CastMember[], key: string) {
		this.cast = cast
		this.key = key
		const lastWords = new Map<string, number>()
		for (const actor of cast) {
			const last = lastWordOf(actor.label)
			if (last !== undefined) lastWords.set(last, (lastWords.get(last) ?? 0) + 1)
		}
		const labels = new Set(cast.map(actor => actor.label))
		for (const actor of cast) {
			const names = [actor.label]
			const last = lastWordOf(actor.label)
			if (last !== undefined && lastWords.get(last) === 1 && !labels.has(last)) names.push(last)
			if (cast.filter(other => other.kind === actor.kind).length === 1) names.push(...KIND_NOUNS[actor.kind])
			if (actor.kind === 'store' && actor.limit !== undefined && cast.filter(other => other.kind === 'store').length === 1) names.push('the semaphore', "the semaphore's store", 'the semaphore’s store', ...pointing(['semaphore']))
			for (const name of names) {
				if (!this.#byName.has(name)) this.#byName.set(name, actor.id)
				this.#byKind.set(actor.kind, [...(this.#byKind.get(actor.kind) ?? []), name])
			}
		}
	}

	/** The actor a name means, if any. */
	actorNamed(name: string): string | undefined {
		return this.#byName.get(name)
	}

	/** The names of actors of a kind. */
	namesOf(kind: ActorKind): readonly string[] {
		return this.#byKind.get(kind) ?? []
	}

	kindOf(id: string): ActorKind | undefined {
		return this.cast.find(actor => actor.id === id)?.kind
	}

	labelOf(id: string): string {
		return this.cast.find(actor => actor.id === id)?.label ?? id
	}

	/** Every name of the scene, for telling an aside that it names an actor. */
	allNames(): string[] {
		return [...this.#byName.keys()]
	}

	#words: ReadonlySet<string> | undefined

	/** Every word of every name, lower case ("worker", "a", "the", "lock"), worked out once. */
	nameWords(): ReadonlySet<string> {
		this.#words ??= new Set(this.allNames().flatMap(name => name.toLowerCase().split(/\s+/)))
		return this.#words
	}

	#longestFirst: readonly string[] | undefined

	/** Every name, the longest first, worked out once: the first a text starts with is the whole name it starts with. */
	longestFirst(): readonly string[] {
		this.#longestFirst ??= this.allNames().sort((a, b) => b.length - a.length)
		return this.#longestFirst
	}
}

/** A label's last word, when it has more than one: "A" for "Worker A". */
function lastWordOf(label: string): string | undefined {
	const words = label.trim().split(/\s+/)
	return words.length > 1 ? words[words.length - 1] : undefined
}

/** What an actor's slot reads: a name of the right kind, or a pronoun for the subject before. */
function actorReader(names: SceneNames, kind: ActorKind, word: string, pronouns: readonly string[]): SlotReader {
	const own = names.namesOf(kind)
	return {
		pattern: `${own.length > 0 ? `${alternatives(own)}|` : ''}${pronouns.join('|')}`,
		read(text, referent) {
			if (pronouns.includes(text)) return pronoun(names, kind, word, text, referent)
			const id = names.actorNamed(text)
			return id === undefined ? `"${text}" names no ${word} of this scene` : { type: 'actor', id }
		},
	}
}

function pronoun(names: SceneNames, kind: ActorKind, word: string, text: string, referent: string | undefined): SlotValue | string {
	if (referent === UNREAD_REFERENT) return `"${text}" names what the part before it speaks of, and that part did not read; fix it first, or write the name`
	const lease = leaseOf(referent)
	if (lease !== undefined) return `"${text}" would name ${names.labelOf(lease)}'s lease, which the clause before names and which is no ${word}; write the name`
	const group = groupOf(referent)
	if (group) return `"${text}" would name ${group.map(id => names.labelOf(id)).join(' and ')}, the subjects of the clause before, and it names one ${word}; write the name`
	if (referent === undefined) return `"${text}" has nothing to refer to: it names the subject of the clause before, and there is none; write the name`
	if (names.kindOf(referent) !== kind) return `"${text}" refers to ${names.labelOf(referent)}, the subject of the clause before, which is no ${word}; write the name`
	return { type: 'actor', id: referent }
}

/** What "the old lease" (or "the lease from before the crash") reads as when no clause before it names whose: the one lease a crashed process held that the scene has, which check.ts names from the run (`sceneOldLease`). */
export const SCENE_OLD_LEASE = '\u0000the old lease'

/** What "the lease" reads as with no clause before it naming whose ("At 5 s the lease runs out"): the one lease of the step, which check.ts names from the run (`sceneOldLease`). */
export const SCENE_LEASE = '\u0000the lease'

/** What "the lease" reads as after a clause about a lock store ("The lock refuses: the lease is lost"), the store's id after it: the lease whose renewal that store refused in the step, which check.ts names from the run (`sceneOldLease`). */
export const REFUSED_LEASE = '\u0000the refused lease\u0000'

/** The number words a fence may be written in, longest first ("both" is no fence). */
const FENCE_WORDS = COUNT_WORDS_LIST.filter(word => word !== 'both').sort((a, b) => b.length - a.length).join('|')

/** "For the NOUN" after a key ("the lock for the ticket counter"): one or two words, each read against the scene's own nouns. */
const KEY_FOR = `(?: for the [A-Za-z][A-Za-z-]*(?: [A-Za-z][A-Za-z-]*)?)?`

/** What "this write" (or "that write", "this save") reads as until read.ts names the worker of the write the clause before told. */
export const THIS_WRITE = '\u0000this write'

/** What "its" reads as where it would name a database ("The database takes B's write, because its fence is larger than A's"): the worker of the write the clause right before told, which read.ts names. */
export const ITS_WRITE = '\u0000its write'

/** The slot readers of a scene, by the names patterns write them with; `nouns` are the scene's own (`sceneNouns`), which "the key for the NOUN" may name. */
export function slotReaders(names: SceneNames, words: DomainWords, nouns: readonly string[] = []): Readonly<Record<SlotType, SlotReader>> {
	const workers = names.namesOf('worker')
	const stores = names.namesOf('store')
	const worker = actorReader(names, 'worker', 'worker', ['it'])
	const possessive = `(?:${alternatives(workers) || '(?!)'})['’]s`
	// The noun of the workers' labels names several of them too, as "Workers" does: "Candidates A and B" of "Candidate A" and "Candidate B".
	const labelNouns = [...new Set(workers.map(name => /^([A-Z][a-z]+) \S+$/.exec(name)?.[1]).filter((noun): noun is string => noun !== undefined && noun !== 'Worker'))]
	const groupNoun = `(?:Workers?${labelNouns.map(noun => `|${escape(noun)}s?`).join('')})`
	// The key of the domain's owner: "the order's key", "order 42's key", "the key of order 42".
	const owner = escape(words.owner)
	const keyPhrase = `the key|the ${owner}['’]s key|its key|the same key|it|a lease|the lease|${owner} [\\w.-]+['’]s key|the key of ${owner} [\\w.-]+`
	const ownerKey = new RegExp(`^${owner} (.+)['’]s key$|^the key of ${owner} (.+)$`)
	const ownersKey = new RegExp(`^the ${owner}['’]s key$`)
	const ownerId = new RegExp(`^(${owner}[:_ -]?)?\\d+$`)
	return {
		worker,
		owner: {
			// "This write" ("that write", "this save") is the write a clause before told: read.ts names its worker (`THIS_WRITE`).
			pattern: `${possessive}|its|[Tt]h(?:is|at)(?= (?:new |late |stale |older )?(?:write|save)\\b)`,
			read(text, referent, own) {
				// "Its" after a clause about a database is the write's that clause told, its worker's: read.ts names it (`ITS_WRITE`).
				if (text === 'its' && (own ?? referent) !== undefined && names.kindOf((own ?? referent) as string) === 'database') return { type: 'actor', id: ITS_WRITE }
				if (text === 'its') return pronoun(names, 'worker', 'worker', text, own ?? referent)
				if (/^th(?:is|at)$/i.test(text)) return { type: 'actor', id: THIS_WRITE }
				const id = names.actorNamed(text.replace(/['’]s$/, ''))
				return id === undefined ? `"${text}" names no worker of this scene` : { type: 'actor', id }
			},
		},
		workers: {
			// Three names or more may be listed with commas alone ("C, B, D"), as a list after a colon is written.
			pattern: workers.length === 0 ? '(?!)' : `(?:${groupNoun} |[Bb]oth )?(?:${alternatives(workers)})(?:, (?:${alternatives(workers)}))*,? and (?:${alternatives(workers)})|(?:${alternatives(workers)})(?:, (?:${alternatives(workers)})){2,}|they|them both|both of them|them|both`,
			read(text, referent, _own, plural) {
				// "they" and "both" name the workers the clause before names, else those a sentence before named together ("B and C ask. A holds the key, so they wait").
				const group = groupOf(referent) ?? (plural !== undefined && plural.length >= 2 ? [...plural] : undefined)
				// "them" after a verb is "they"; "them both" and "both of them" are "both" ("the semaphore lets them both in").
				if (text === 'them both' || text === 'both of them') text = 'both'
				if (text === 'they' || text === 'them') {
					return group ? { type: 'actors', ids: group } : `"they" has nothing to refer to: it names the workers the clause before names as its subject, and there are none; write their names`
				}
				// "both" names the two workers spoken of before ("B and C ask. Both wait"), else the scene's two.
				if (text === 'both') {
					if (group?.length === 2) return { type: 'actors', ids: group }
					const all = [...new Set(names.namesOf('worker').map(name => names.actorNamed(name) as string))]
					if (group === undefined && all.length === 2) return { type: 'actors', ids: all }
					return group === undefined ? `"both" names two workers, and this scene has ${all.length}; name them ("A and B")` : `"both" names two workers, and the clause before names ${group.length}; name them`
				}
				const ids: string[] = []
				for (const part of text.replace(new RegExp(`^(?:${groupNoun}|[Bb]oth) `), '').split(/,? and |, /)) {
					const id = names.actorNamed(part)
					if (id === undefined) return `"${part}" names no worker of this scene`
					if (ids.includes(id)) return `${part} is named twice`
					ids.push(id)
				}
				return { type: 'actors', ids }
			},
		},
		store: actorReader(names, 'store', 'lock store', ['it']),
		database: actorReader(names, 'database', 'database', ['it']),
		key: {
			// A store's name stands for its key too: "A holds the lock", "the semaphore is full". "For the NOUN" after it says what the key
			// is for in the scene's own words ("the lock for the ticket counter"), and claims nothing more.
			pattern: `(?:(?:${keyPhrase})${stores.length > 0 ? `(?: from (?:${alternatives(stores)}))?|${alternatives(stores)}` : ''})${KEY_FOR}`,
			read(text) {
				const purpose = new RegExp(`${KEY_FOR}$`).exec(text)?.[0] ?? ''
				if (purpose !== '') {
					const base = text.slice(0, text.length - purpose.length)
					const said = purpose.replace(/^ for the /, '')
					if (['it', 'a lease', 'the lease'].includes(base)) return `"for the ${said}" tells what a key is for, after "the key" or the lock's name; write "the key for the ${said}", or leave it out`
					// With several lock stores a label's word after "for the" would seem to say whose key it is, which only "from" claims.
					if (names.cast.filter(actor => actor.kind === 'store').length > 1) return `"for the ${said}" after the key tells nothing of which lock store it is of, and this scene has several; say which with "from" (${stores.slice(0, 2).map(store => `"the key from ${store}"`).join(', ')}), and leave "for the ${said}" out`
					const own = new Set([...nouns.map(noun => noun.toLowerCase()), ...names.cast.filter(actor => actor.kind === 'store').flatMap(actor => actor.label.toLowerCase().split(/[^a-z]+/)).filter(Boolean)])
					const other = said.split(' ').find(word => !own.has(word.toLowerCase()))
					if (other !== undefined) return `"${other}" is no noun of this scene: "for the …" after the key names what it is for in the scene's own words, a name its code calls or a word of its lock's label; leave "for the ${said}" out, or put the word in the lock's label`
					text = base
				}
				const whole = names.actorNamed(text)
				if (whole !== undefined && names.kindOf(whole) === 'store') return { type: 'key', store: whole }
				const from = / from (.+)$/.exec(text)
				const phrase = from ? text.slice(0, from.index) : text
				const named = ownerKey.exec(phrase)
				const key = named?.[1] ?? named?.[2]
				if (key !== undefined && key !== names.key) return `the scene's key is "${names.key}", not "${key}"`
				// "The order's key" says the key is the owner's: the domain's key, or an owner's id.
				if (ownersKey.test(phrase) && names.key !== words.owner && !ownerId.test(names.key)) return `the scene's key is "${names.key}", which is no ${words.owner}'s; say "the key"`
				if (!from) return { type: 'key' }
				const store = names.actorNamed(from[1] as string)
				return store === undefined ? `"${from[1]}" names no lock store of this scene` : { type: 'key', store }
			},
		},
		lease: {
			// "it" is the lease of the clause before's subject: "A renews its lease, so it now ends at 50 s".
			// "A's old lease" ("its own old lease", "its lease from before the crash") is the lease A's crashed process held, which its restart left in the store.
			pattern: `(?:the|its|${possessive}) lease from before (?:the|its) crash|(?:the|its|${possessive})(?: own)? old lease|the lease|its lease|${possessive} lease|it`,
			read(text, referent, own) {
				const plain = text.replace(/ from before (?:the|its) crash$/, '').replace(/(?: own)? old lease$/, ' lease')
				if (plain !== text) {
					// "The old lease" with no subject before it: the scene's one old lease, named from the run.
					if (plain === 'the lease' && referent === undefined && own === undefined) return { type: 'actor', id: SCENE_OLD_LEASE, old: true }
					const read = this.read(plain, referent, own)
					return typeof read === 'string' || read.type !== 'actor' ? read : { ...read, old: true }
				}
				const lease = leaseOf(referent)
				if ((text === 'it' || text === 'the lease') && own === undefined && lease !== undefined) return { type: 'actor', id: lease }
				if (text === 'the lease' && own === undefined && referent !== undefined && names.kindOf(referent) === 'store') return { type: 'actor', id: `${REFUSED_LEASE}${referent}` }
				// "The lease" with nothing before it to say whose: the one lease live in the step, named from the run; two or more are refused there.
				if (text === 'the lease' && own === undefined && referent === undefined) return { type: 'actor', id: SCENE_LEASE }
				if (text === 'the lease' || text === 'its lease' || text === 'it') return pronoun(names, 'worker', 'worker', text, own ?? referent)
				const id = names.actorNamed(text.replace(/['’]s lease$/, ''))
				return id === undefined ? `"${text}" names no worker of this scene` : { type: 'actor', id }
			},
		},
		fence: {
			// A small fence may be written in words: "fence seven".
			pattern: `\\d+(?::\\d+)?|(?:${FENCE_WORDS})(?![\\w-])`,
			read(text) {
				if (/^\d/.test(text)) return fenceOf(text)
				const count = readCount(text)
				return count === undefined ? `"${text}" is no fence` : { type: 'fence', value: BigInt(count) }
			},
		},
		epoch: {
			pattern: '\\d+',
			read(text) {
				const value = BigInt(text)
				return value > MAX_FENCE_PART ? `epoch ${text} is larger than an epoch can be (2^64 - 1)` : { type: 'big', value }
			},
		},
		count: {
			pattern: COUNT_PATTERN,
			read(text) {
				// "both" is two workers the reader can name only when the scene has two: else it could be any two.
				const workers = new Set(names.namesOf('worker').map(name => names.actorNamed(name))).size
				if (text.toLowerCase() === 'both' && workers !== 2) return `"both" names two workers, and this scene has ${workers}; name them ("A and B")`
				const value = readCount(text)
				return value === undefined ? `"${text}" is no count a scene can state` : { type: 'number', value }
			},
		},
		ordinal: number(ORDINAL_PATTERN, readOrdinal, 'place'),
		duration: number(DURATION_PATTERN, readDuration, 'time'),
		time: number(DURATION_PATTERN, readDuration, 'time'),
		refusal: {
			pattern: '<=|≤|<|=',
			read(text) {
				return { type: 'relation', value: text === '≤' ? '<=' : (text as '<' | '=' | '<=') }
			},
		},
	}
}

function number(pattern: string, read: (text: string) => number | undefined, what: string): SlotReader {
	return {
		pattern,
		read(text) {
			const value = read(text)
			return value === undefined ? `"${text}" is no ${what} a scene can state` : { type: 'number', value }
		},
	}
}
