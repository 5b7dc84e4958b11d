/**
 * A scene's id as a claim: it shows in every link to a step, so it names the scene's subject in words
 * of the id lexicon, and a word that names an event (`restart`) says the scene shows one.
 */
import { FUNCTION_WORDS, ID_EVENTS, ID_JOINING_WORDS, ID_ORDER_WORDS, ID_PHRASES, ID_WORDS, NEUTRAL_WORDS, PAUSE_CAUSES } from './lexicon.ts'
import type { Happening } from '../frame.ts'
import type { RunFacts, WorldFacts } from './facts.ts'
import { worldsOf } from './positions.ts'

const ALLOWED = new Set([...NEUTRAL_WORDS, ...FUNCTION_WORDS, ...ID_JOINING_WORDS, ...ID_PHRASES, ...ID_WORDS, ...Object.keys(ID_EVENTS)])

/** Every word a scene's id may use on any page, in order: the subjects, the glossary, the event words, the joining words, the phrases and the neutral ones. */
export function idWords(): string[] {
	return [...new Set([...ID_WORDS, ...Object.keys(ID_EVENTS), ...ID_JOINING_WORDS, ...ID_PHRASES.map(phrase => phrase.replaceAll(' ', '-')), ...NEUTRAL_WORDS, ...FUNCTION_WORDS])]
}

/** Number words: a count, which an id does not claim ("two-printers"). */
const NUMBER_WORD = /^(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|hundred|\d+)$/

/** Number words an id may count with, by their value ("two-places", "three-in-line"). */
const NUMBER_VALUES: Readonly<Record<string, number>> = { zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 }
const numberOf = (word: string): number | undefined => (/^\d+$/.test(word) ? Number(word) : NUMBER_VALUES[word])

/** Words that deny the event word after them ("no-renewals", "without-restart"): the scene shows none. */
const NEGATIONS: ReadonlySet<string> = new Set(['no', 'without'])

/** Subjects a negation may deny besides the event words: "no-fences" (no write carries a fence a database checks), "no-crash" (no worker is shown crashed). */
const NEGATED_SUBJECTS: ReadonlySet<string> = new Set(['fence', 'fences', 'fencing', 'crash'])

/**
 * One word of an id at `i`, as the lexicon has it, and how many parts it takes: "run out", "runs out" or "ran out"
 * is the event word "run-out", "hand over" (and its inflections) "handover", "give up" (and "gives", "gave", "giving")
 * "give-up", "keep alive" (and "keeps", "kept", "keeping") "kept-alive", "back for more" "back", "letting" "lets".
 */
function wordAt(parts: readonly string[], i: number): { word: string; length: number } {
	const part = parts[i] as string
	const next = parts[i + 1]
	if (/^(?:run|runs|ran|running)$/.test(part) && next === 'out') return { word: 'run-out', length: 2 }
	if (/^(?:hand|hands|handed|handing)$/.test(part) && next === 'over') return { word: 'handover', length: 2 }
	if (/^(?:give|gives|gave|given|giving)$/.test(part) && next === 'up') return { word: 'give-up', length: 2 }
	if (/^(?:keep|keeps|kept|keeping)$/.test(part) && next === 'alive') return { word: 'kept-alive', length: 2 }
	if (part === 'back' && next === 'for' && parts[i + 2] === 'more') return { word: 'back', length: 3 }
	if (part === 'letting') return { word: 'lets', length: 1 }
	// "hand" is by hand ("renew-by-hand") only as written: "handed", "hands" or "handing" without "over" is no word of the lexicon ("lease-handed").
	if (/^(?:hands|handed|handing)$/.test(part)) return { word: part, length: 1 }
	return { word: baseOf(part), length: 1 }
}

/**
 * The words of an id, between its hyphens and underscores, each as the lexicon has it (`wordAt`): a phrase of
 * ID_PHRASES is one word ("one after another"); "no" or "without" before an event word (or "fences", "crash") is one
 * word, "no:", the word it denies and the negation as written ("no:renewal:no", "no:restart:without"); a number before a noun is one word, "count:", the number and the
 * noun counted, the number as written ("count:two:places"; "three in line" is "count:three:line"), and the noun follows as a word of its own.
 */
function wordsOf(id: string): string[] {
	const parts = id.split(/[-_]+/).filter(part => part !== '')
	const out: string[] = []
	for (let i = 0; i < parts.length; i++) {
		const phrase = ID_PHRASES.find(words => words.split(' ').every((word, k) => parts[i + k] === word))
		if (phrase !== undefined) {
			out.push(phrase)
			i += phrase.split(' ').length - 1
			continue
		}
		const part = parts[i] as string
		if (NEGATIONS.has(part) && i + 1 < parts.length) {
			const denied = wordAt(parts, i + 1)
			if (negatable(denied.word)) {
				out.push(`no:${denied.word}:${part}`)
				i += denied.length
				continue
			}
		}
		const count = numberOf(part)
		if (count !== undefined && i + 1 < parts.length) {
			const inLine = parts[i + 1] === 'in' && parts[i + 2] === 'line'
			const noun = inLine ? 'line' : wordAt(parts, i + 1).word
			if (!ALLOWED_JOINING.has(noun) || inLine) {
				out.push(`count:${part}:${noun}`)
				continue
			}
		}
		const one = wordAt(parts, i)
		out.push(one.word)
		i += one.length - 1
	}
	return out
}

/** Joining words, which no number counts ("two-and-..." leaves "two" a number alone). */
const ALLOWED_JOINING: ReadonlySet<string> = new Set([...ID_JOINING_WORDS, ...FUNCTION_WORDS])

/** Whether "no" or "without" may deny a word: an event word the run may show, or a subject that names a happening. */
const negatable = (word: string): boolean => ID_EVENTS[word] !== undefined || NEGATED_SUBJECTS.has(word)

/**
 * A word of an id as the lexicon spells it: "renewals" is "renewal", "crashed" is "crash", "paused" is
 * "pause", "waiting" is "wait", "pausing" is "pause". An event word so inflected still says the scene shows its
 * event ("restarts" and "restarting" are "restart").
 */
function baseOf(word: string): string {
	if (ALLOWED.has(word)) return word
	const stems = [/s$/, /es$/, /ed$/, /d$/, /ing$/].map(ending => word.replace(ending, ''))
	if (/ing$/.test(word)) stems.push(word.replace(/ing$/, 'e'), word.replace(/(.)\1ing$/, '$1'))
	if (/ies$/.test(word)) stems.push(word.replace(/ies$/, 'y'))
	return stems.find(stem => stem !== word && stem !== '' && ALLOWED.has(stem)) ?? word
}

/** Where the whole id lexicon is listed, for an id's error. */
const LEXICON_LISTED = "the authors' Vocabulary page (content/authors/vocabulary.md) lists the whole id lexicon, as does npm run scenes -- forms"

/** How an id's error ends with the ids built from the run (`idOffers`): the second named, the first a "did you mean" (the error's fix writes it); nothing without one. */
export function idOffered(offers: readonly string[]): string {
	const [first, second] = offers
	if (first === undefined) return ''
	return `; ${second === undefined ? '' : `"${second}" names what this scene shows too; `}did you mean: "${first}"?`
}

/** How a refused word's error ends: where the lexicon is listed, then the offers, or an example without them. */
function offered(offers: readonly string[], example: string): string {
	return offers.length > 0 ? `; ${LEXICON_LISTED}${idOffered(offers)}` : `; ${LEXICON_LISTED}; name the subject, like ${example}`
}

/**
 * Why a scene's id cannot stand, or undefined: each of its words is a subject or a glossary word, an
 * event word, a neutral word, a word of its page's headings (`headings`), or one of the scene's own
 * (`domain`: the words the scene's domain lends, and the nouns of its code sample and of its locks' and
 * databases' labels, which its captions may use too). `offers` are ids that would stand (`idOffers`), which the
 * error ends with.
 */
export function idProblem(id: string, headings: readonly string[] = [], domain: readonly string[] = [], offers: readonly string[] = []): string | undefined {
	const page = new Set(headings.map(word => word.toLowerCase()))
	const own = new Set(domain)
	const words = wordsOf(id)
	const counted = words.find(part => part.startsWith('count:') && !countable(part.split(':')[2] as string, own))
	if (counted !== undefined) {
		const [, number, noun] = counted.split(':') as [string, string, string]
		return `a scene's id shows in every link to its steps, so it names the scene's subject and tells nothing: "${number}" counts "${noun}", which the run does not count; ${COUNTS_TOLD}${offered(offers, 'two-places or fences-restart')}`
	}
	const word = words.find(part => !part.startsWith('count:') && !part.startsWith('no:') && !ALLOWED.has(part) && !page.has(part) && !own.has(part))
	if (word === undefined) return undefined
	if (NUMBER_WORD.test(word)) return `a scene's id shows in every link to its steps, so it names the scene's subject and tells nothing: "${word}" counts nothing named after it; ${COUNTS_TOLD}${offered(offers, 'two-places or fences-restart')}`
	if (NEGATIONS.has(word)) return `a scene's id shows in every link to its steps, so it names the scene's subject and tells nothing: "${word}" denies only an event word after it, or fences or crash (no-renewals, without-restart, no-fences), and the run is checked to show none${offered(offers, 'no-renewals')}`
	const from = page.size > 0 ? `, nor of this page's headings` : ''
	const ownWords = own.size > 0 ? `, nor of this scene's own (${[...own].slice(0, 8).join(', ')}${own.size > 8 ? ', ...' : ''})` : ''
	return `a scene's id shows in every link to its steps, so it names the scene's subject and tells nothing: "${word}" is no word of the id lexicon${from}${ownWords}${offered(offers, 'fences-restart')}`
}

/** What an id may count, as its error tells it. */
const COUNTS_TOLD = 'an id counts only workers, holders, waiters (every worker that stood in line), "in line" (the most in line at once), places (a semaphore\'s limit), locks, writes (the writes the workers make, taken or refused), saves (the writes the database took), tries (a worker\'s tries for the key) and the scene\'s own keys (its own nouns: two-chats), each checked exactly against the run'

/** Nouns of the lexicon a number before them counts, each with how the run counts them (`COUNTS`). */
const COUNTED_NOUNS: Readonly<Record<string, string>> = {
	worker: 'workers',
	workers: 'workers',
	holder: 'holders',
	holders: 'holders',
	// "one-waiter", "two-waiters" (trial a28's 04): every worker that stood in line in the run, as "holders" counts every worker given the key;
	// "in line" ("two-in-line") the most in one line at once.
	waiter: 'waited',
	waiters: 'waited',
	line: 'waiters',
	place: 'places',
	places: 'places',
	lock: 'locks',
	locks: 'locks',
	// "two-writes" (trial 38's 01): every write a worker makes, taken or refused; "two-saves": the writes the database took, as the
	// id word "save" is (a refused write is no save, trial a27).
	save: 'saves',
	saves: 'saves',
	write: 'writes',
	writes: 'writes',
	// "two-tries" (trial 38's 10): a worker's tries for the key (`tries`); an ask to renew is none.
	try: 'tries',
	tries: 'tries',
}

/** Whether a number may count a noun: a counted noun of the lexicon, or one of the scene's own (its keys). */
const countable = (noun: string, own: ReadonlySet<string>): boolean => COUNTED_NOUNS[noun] !== undefined || own.has(noun)

/**
 * How the run counts what a counted noun names, each as the counts the run has (one of which the id's number must be)
 * and how the error names them: workers, the scene's worker actors; holders, the workers the key was given to in the
 * run; waiters, every worker that stood in a line in the run; "in line", the most workers in one store's line at once, at any moment of the run (`momentsOf`); places, a semaphore's limit; locks, the
 * scene's lock stores (a semaphore, drawn with a limit, is none); a scene's own noun, the keys the run uses (one: the scene's key).
 */
const COUNTS: Readonly<Record<string, (run: RunFacts) => { counts: number[]; told: string }>> = {
	workers: run => {
		const n = [...run.kinds.values()].filter(kind => kind === 'worker').length
		return { counts: [n], told: `the scene has ${n} worker${n === 1 ? '' : 's'}` }
	},
	holders: run => {
		const n = new Set(run.steps.flatMap(step => step.happenings.flatMap(h => (h.kind === 'granted' ? [h.worker] : [])))).size
		return { counts: [n], told: `the key is given to ${n} worker${n === 1 ? '' : 's'} in the run` }
	},
	waited: run => {
		const n = new Set(momentsOf(run).flatMap(moment => [...moment.world.stores.values()].flatMap(store => store.waiters))).size
		return { counts: [n], told: `${n} worker${n === 1 ? '' : 's'} stand${n === 1 ? 's' : ''} in line in the run, at one time or another` }
	},
	waiters: run => {
		const lines = momentsOf(run).flatMap(moment => [...moment.world.stores.values()].map(store => store.waiters.length))
		const n = Math.max(0, ...lines)
		return { counts: [n], told: `at most ${n} worker${n === 1 ? ' is' : 's are'} in line at once` }
	},
	places: run => {
		const limits = [...new Set(run.steps.flatMap(step => [...step.end.stores.values()].flatMap(store => (store.limit === undefined ? [] : [store.limit]))))]
		return { counts: limits, told: limits.length === 0 ? 'the scene has no semaphore with a limit, so no places to count' : `the semaphore has ${limits.join(' and ')} places` }
	},
	// A semaphore is no lock (a lock has one holder at a time): "two-locks" of a lock and a semaphore counts one lock.
	locks: run => {
		const stores = [...run.kinds.entries()].flatMap(([id, kind]) => (kind === 'store' ? [id] : []))
		const semaphores = stores.filter(id => run.steps.some(step => step.end.stores.get(id)?.limit !== undefined)).length
		const n = stores.length - semaphores
		return { counts: [n], told: `the scene has ${n} lock${n === 1 ? '' : 's'}${semaphores === 0 ? '' : ` and ${semaphores} semaphore${semaphores === 1 ? '' : 's'}, which ${semaphores === 1 ? 'is no lock' : 'are no locks'}`}` }
	},
	keys: run => ({ counts: [1], told: `the run uses one key, "${run.key}"` }),
	writes: run => {
		const n = placesOf(run, h => h.kind === 'wrote').length
		return { counts: [n], told: `the workers make ${n} write${n === 1 ? '' : 's'} (taken or refused)` }
	},
	saves: run => {
		const n = placesOf(run, taken).length
		const refused = placesOf(run, h => h.kind === 'wrote' && !h.changed).length
		return { counts: [n], told: `the database takes ${n} write${n === 1 ? '' : 's'}${refused === 0 ? '' : ` and refuses ${refused} (a refused write is no save; count "writes" for both)`}` }
	},
	tries: run => {
		const n = tries(run).length
		return { counts: [n], told: `the workers try the key ${n === 1 ? 'once' : `${n} times`} (a try that does not wait, or an ask with a bounded wait; an ask to renew is no try)` }
	},
}

/**
 * Ids a scene's refused id may be replaced by, each built from what the run shows: the first of `OFFERS` the run
 * shows, after the writer's own words that stand alone (subjects of the lexicon, of the page or of the scene,
 * "chats" of "two-chats"), then the next it shows; at most two, each one that stands (`idProblem`) and whose every
 * event the run shows (`idEventProblem`).
 */
export function idOffers(id: string, run: RunFacts, headings: readonly string[] = [], domain: readonly string[] = []): string[] {
	const stands = (candidate: string) => idProblem(candidate, headings, domain) === undefined && idEventProblem(candidate, run) === undefined
	const facts = OFFERS.filter(offer => offer.shown(run) && stands(offer.id))
	// The writer's words that name its subject alone: a noun of the lexicon, the page or the scene, none an event word (the facts tell
	// the events), a word that says little of any scene ("worker", "first"), an adjective ("stale", "long") or one a fact's words say
	// already ("fences" beside "nofence").
	const page = new Set(headings.map(word => word.toLowerCase()))
	const noun = (word: string) => (ID_WORDS.includes(word) || domain.includes(word) || page.has(word)) && !GENERIC.has(word) && ID_EVENTS[baseOf(word)] === undefined
	const said = (offer: Offer) => offer.head.split('-')
	const own = (offer: Offer) =>
		[...new Set(id.split('-'))]
			.filter(word => noun(word) && stands(word))
			// "lock" before "crash-restart" would say the lock store crashed and restarted: a worker's did.
			.filter(word => !(STORE_NOUNS.has(word) && /restart|crash/.test(offer.head)))
			.filter(word => !said(offer).some(part => part.includes(singular(word)) || singular(word).includes(singular(part))))
			.slice(0, 2)
	const out: string[] = []
	const add = (candidate: string) => {
		if (!out.includes(candidate) && candidate !== id && stands(candidate)) out.push(candidate)
	}
	const [first] = facts
	if (first !== undefined && own(first).length > 0) add([...own(first), first.head].join('-'))
	for (const offer of facts) if (out.length < 2) add(offer.id)
	return out.slice(0, 2)
}

/** An id to offer (`id`), what of it joins the writer's own words (`head`: "chats-fences"), and whether the run shows what it names. */
interface Offer {
	id: string
	head: string
	shown: (run: RunFacts) => boolean
}

/** Words of the id lexicon a writer's id may keep that name no scene's own subject, or say how it is ("stale", "late"): an offer is built without them. */
const GENERIC: ReadonlySet<string> = new Set(['scene', 'first', 'second', 'example', 'worker', 'workers', 'basics', 'overview', 'testing', 'stale', 'late', 'time'])

/** A word without its plural's s, to compare a writer's word with an offer's ("fences" and "nofence"). */
const singular = (word: string): string => word.replace(/s$/, '')

/**
 * Where a lease is kept alive: a renewal (asked, or the hold's own) of a lease that then lived past the end its grant
 * gave it, until it was let go, ran out, was ended or lost, or the run ended (a hold's own renewals in a hold shorter
 * than its lease keep nothing alive).
 */
function keptAlive(run: RunFacts): number[] {
	const all = run.steps.flatMap(step => step.happenings)
	const last = run.steps[run.steps.length - 1]?.end.time ?? 0
	const kept = new Set<Happening>()
	for (const grant of all) {
		if (grant.kind !== 'granted') continue
		const ends = (h: Happening) => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'ended' || h.kind === 'gone') && h.worker === grant.worker && h.store === grant.store && h.at >= grant.at
		const end = all.find(ends)?.at ?? last
		if (end <= grant.at + grant.ttl) continue
		for (const h of all) if (h.kind === 'renewed' && h.worker === grant.worker && h.store === grant.store && h.at > grant.at && h.at <= end) kept.add(h)
	}
	return placesOf(run, h => kept.has(h))
}

/**
 * Renewals a scene shows as its subject: one asked by hand, one the lock refused, or the renewals a hold made on its
 * own that kept a lease live past the end its grant gave it (a hold's own renewals in a hold shorter than its lease
 * are in most scenes with code, and name none).
 */
function renewalsShown(run: RunFacts): boolean {
	if (some(run, h => (h.kind === 'renewed' && h.auto !== true) || h.kind === 'renew-refused')) return true
	const all = run.steps.flatMap(step => step.happenings)
	const last = run.steps[run.steps.length - 1]?.end.time ?? 0
	return all.some(grant => {
		if (grant.kind !== 'granted') return false
		const ends = (h: Happening) => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'ended' || h.kind === 'gone') && h.worker === grant.worker && h.store === grant.store && h.at >= grant.at
		const end = all.find(ends)?.at ?? last
		return end > grant.at + grant.ttl && all.some(h => h.kind === 'renewed' && h.worker === grant.worker && h.store === grant.store && h.at > grant.at && h.at <= end)
	})
}

const crashed = (run: RunFacts): boolean => (SHOWN.killed as (run: RunFacts) => boolean)(run)
const shows = (word: string) => (run: RunFacts): boolean => (SHOWN[word] as (run: RunFacts) => boolean)(run)

/** The ids offered for a refused one, the rarest happenings first: what a scene shows that few others do names it best. */
const OFFERS: readonly Offer[] = [
	{ id: 'operator-end', head: 'operator-end', shown: shows('end') },
	{ id: 'backup-restore', head: 'restore', shown: shows('restore') },
	{ id: 'crash-restart', head: 'crash-restart', shown: run => crashed(run) && shows('restart')(run) },
	{ id: 'restart', head: 'restart', shown: shows('restart') },
	{ id: 'crash-expiry', head: 'crash-expiry', shown: run => crashed(run) && shows('expiry')(run) },
	{ id: 'crash', head: 'crash', shown: crashed },
	{ id: 'nofence-writes', head: 'nofence', shown: run => some(run, h => h.kind === 'wrote' && (h.noFence === true || !h.fenced)) },
	{ id: 'stale-write', head: 'stale-write', shown: run => some(run, staleWrite) },
	{ id: 'tryhold', head: 'tryhold', shown: shows('tryhold') },
	{ id: 'semaphore-limit', head: 'semaphore', shown: shows('limit') },
	{ id: 'wait-timeout', head: 'timeout', shown: shows('timeout') },
	{ id: 'pause-then-expiry', head: 'pause', shown: run => shows('pause')(run) && shows('expiry')(run) },
	{ id: 'pause', head: 'pause', shown: shows('pause') },
	{ id: 'lease-renewal', head: 'renewal', shown: renewalsShown },
	{ id: 'handover', head: 'handover', shown: shows('handover') },
	{ id: 'lease-expiry', head: 'expiry', shown: shows('expiry') },
	{ id: 'fences-after-release', head: 'release', shown: run => shows('release')(run) && (PLACES.fences as (run: RunFacts) => number[])(run).length > 0 },
	{ id: 'release', head: 'release', shown: shows('release') },
	{ id: 'fences', head: 'fences', shown: run => (PLACES.fences as (run: RunFacts) => number[])(run).length > 0 },
	{ id: 'leases', head: 'leases', shown: run => (PLACES.leases as (run: RunFacts) => number[])(run).length > 0 },
	{ id: 'locks-example', head: 'locks', shown: () => true },
]

/** Where in the run each event word's event happens, for an id's claim that the run shows it (`SHOWN`) and for an order between two (`PLACES`). */
const EVENT_PLACES: Readonly<Record<string, (run: RunFacts) => number[]>> = {
	restart: run => placesOf(run, h => h.kind === 'restarted' || h.kind === 'process-restarted'),
	restore: run => placesOf(run, h => h.kind === 'restored'),
	backup: run => placesOf(run, h => h.kind === 'backed-up'),
	lets: run => placesOf(run, h => h.kind === 'released'),
	go: run => placesOf(run, h => h.kind === 'released'),
	renewal: run => placesOf(run, h => h.kind === 'renewed' || h.kind === 'renew-refused'),
	renew: run => placesOf(run, h => h.kind === 'renewed' || h.kind === 'renew-refused'),
	save: run => placesOf(run, taken),
	enough: run => placesOf(run, h => waitedEnough(run, h)),
	release: run => placesOf(run, h => h.kind === 'released'),
	end: run => placesOf(run, h => h.kind === 'ended'),
	ended: run => placesOf(run, h => h.kind === 'ended'),
	expiry: run => placesOf(run, h => h.kind === 'expired'),
	timeout: run => placesOf(run, h => h.kind === 'gave-up'),
	handover: run => placesOf(run, h => h.kind === 'granted' && h.place !== undefined),
	tryhold: run => placesOf(run, h => h.kind === 'asked' && h.tryOnly),
	fifo: run => fifoGrants(run),
	wait: run => [...placesOf(run, h => h.kind === 'asked' && !h.tryOnly && h.wait !== undefined), ...joinedLine(run)],
	nofence: run => placesOf(run, h => (h.kind === 'wrote' && !h.fenced) || (h.kind === 'granted' && h.fence === undefined)),
	'run-out': run => placesOf(run, h => h.kind === 'expired' || h.kind === 'gave-up'),
	'give-up': run => placesOf(run, h => h.kind === 'gave-up'),
	// Words of judgement a story's shape is told in, each with the one meaning the run checks (ID_EVENTS).
	impatient: run => placesOf(run, h => h.kind === 'gave-up'),
	patient: run => placesOf(run, h => h.kind === 'granted' && h.at > h.askedAt && askOf(run, h, ask => !ask.tryOnly && (ask.wait === undefined || ask.wait === Infinity) && ask.signal !== true)),
	lucky: run => placesOf(run, h => h.kind === 'granted' && askOf(run, h, ask => ask.tryOnly)),
	knock: run => placesOf(run, h => h.kind === 'asked' && h.tryOnly && some(run, before => before.kind === 'asked' && before.tryOnly && before.worker === h.worker && before.store === h.store && before !== h && before.at <= h.at && isBefore(run, before, h))),
	'kept-alive': run => keptAlive(run),
	// "renew-by-hand" (trial 38's 03): a renewal the worker's code asked for by its own call, not its hold's own on its timer.
	hand: run => placesOf(run, h => (h.kind === 'renewed' || h.kind === 'renew-refused') && h.auto !== true),
	// "time-to-spare" (trial 38's 07): a grant from the line within a finite wait, with at least a fifth of it left (trial a27's 04).
	spare: run => placesOf(run, h => h.kind === 'granted' && h.place !== undefined && askOf(run, h, ask => !ask.tryOnly && ask.wait !== undefined && ask.wait !== Infinity && ask.signal !== true && (h.askedAt + ask.wait - h.at) * 5 >= ask.wait)),
	back: run => placesOf(run, h => h.kind === 'asked' && some(run, before => isBefore(run, before, h) && (((before.kind === 'released' || before.kind === 'returned') && before.worker === h.worker && before.store === h.store) || (before.kind === 'process-restarted' && before.worker === h.worker)))),
}

/** Whether the grant `h` answered an ask (the worker's, on its store, at the grant's `askedAt`) that passes `test`. */
function askOf(run: RunFacts, h: Happening, test: (ask: Extract<Happening, { kind: 'asked' }>) => boolean): boolean {
	if (h.kind !== 'granted') return false
	return some(run, ask => ask.kind === 'asked' && ask.worker === h.worker && ask.store === h.store && ask.at === h.askedAt && test(ask))
}

/** Whether happening `a` comes before `b` in the run: an earlier step, or earlier among one step's happenings. */
function isBefore(run: RunFacts, a: Happening, b: Happening): boolean {
	const place = (h: Happening) => {
		for (const step of run.steps) {
			const order = step.happenings.indexOf(h)
			if (order >= 0) return at(step.index, order)
		}
		return -1
	}
	return place(a) < place(b)
}

/** Whether the run shows the event an id's word names: an event of EVENT_PLACES anywhere in it, or a state shown at any moment of it (`momentsOf`). */
const SHOWN: Readonly<Record<string, (run: RunFacts) => boolean>> = {
	...Object.fromEntries(Object.entries(EVENT_PLACES).map(([word, places]) => [word, (run: RunFacts) => places(run).length > 0])),
	killed: run => momentsOf(run).some(moment => [...moment.world.workers.values()].some(worker => worker.crashed === true)),
	pause: run => momentsOf(run).some(moment => [...moment.world.workers.values()].some(worker => worker.paused === true)),
	limit: run => run.steps.some(step => [...step.end.stores.values()].some(store => store.limit !== undefined)),
	// Subject words of the id lexicon that name a happening, which the run must show too (SUBJECT_EVENTS says what each needs).
	crash: run => crashShown(run),
	write: run => some(run, h => h.kind === 'wrote'),
	writes: run => some(run, h => h.kind === 'wrote'),
	operator: run => (EVENT_PLACES.end as (run: RunFacts) => number[])(run).length > 0,
	try: run => tries(run).length > 0,
	semaphore: run => (PLACES.limit as (run: RunFacts) => number[])(run).length > 0,
	semaphores: run => (PLACES.limit as (run: RunFacts) => number[])(run).length > 0,
}

/**
 * Where a worker tries the key ("try"): an ask that may come back without it, a try that does not wait (`tryHold`) or a hold with a
 * bounded wait its code or its label gave ("try-lock-wait": a try for 2 s); a hold that waits as long as it takes is no try, nor one
 * whose code gave no wait (`hold(key, work)`: the library's default bound is no try the scene shows).
 */
function tries(run: RunFacts): number[] {
	return placesOf(run, h => h.kind === 'asked' && (h.tryOnly || (h.wait !== undefined && h.wait !== Infinity && h.waitDefault !== true)))
}

/** A worker's process crashed: the engine records its crash, or a step ends with the worker shown crashed. */
function crashShown(run: RunFacts): boolean {
	return some(run, h => h.kind === 'crashed') || momentsOf(run).some(moment => [...moment.world.workers.values()].some(worker => worker.crashed === true))
}

/**
 * Subject words of the id lexicon (ID_WORDS) that name a happening, with what the scene must show for each, as ID_EVENTS says of an
 * event word: "worker-crash" needs a crash, "operator-release" an operator's `end`, "try-then-wait" a try, "export-semaphore" a semaphore. The words that
 * name a thing every scene has ("worker", "lock", "fence") claim nothing.
 */
const SUBJECT_EVENTS: Readonly<Record<string, string>> = {
	crash: "a worker's process crashes (is shown crashed)",
	write: 'a worker writes',
	writes: 'a worker writes',
	// "operator-release", "operator-lease": an operator's act, which only an `end` of a lease is.
	operator: "an operator ends a worker's lease (`end`)",
	// "try-then-wait", "try-lock-wait": a try, an ask that may come back without the key.
	try: 'a worker tries the key (a try that does not wait, or a hold given a bounded wait)',
	semaphore: 'a semaphore with a limit',
	semaphores: 'a semaphore with a limit',
}

/** A step's happening's place in the run, for an order: its step, then its place among the step's happenings. */
const at = (step: number, order: number): number => step * 100_000 + order
/** A state shown at a step's end, as a place in the run: after every happening of the step. */
const atEnd = (step: number): number => at(step, 99_999)

function placesOf(run: RunFacts, test: (h: Happening) => boolean): number[] {
	return run.steps.flatMap(step => step.happenings.flatMap((h, order) => (test(h) ? [at(step.index, order)] : [])))
}

/** One moment of the run the engine recorded: the world then, its place in the run (`at`: that of the happening that made it; a step's start is the step before's end), and the happening that comes next in its step, when the world before it is known. */
interface Moment {
	place: number
	world: WorldFacts
	next?: Happening
}

const momentsMade = new WeakMap<RunFacts, readonly Moment[]>()

/**
 * Every moment of the run the engine recorded, in order: each step's start, then the world after each of its happenings
 * (positions.ts replays them), so a state begun and ended inside one step (a wait in line, a pause) is seen as well as
 * one a step ends with. A step whose worlds cannot be made from its happenings gives its start and its end only. The
 * id's counts of a line, its waits, pauses, crashes and "fifo" read the run through it.
 */
function momentsOf(run: RunFacts): readonly Moment[] {
	const known = momentsMade.get(run)
	if (known !== undefined) return known
	const out: Moment[] = []
	for (const step of run.steps) {
		const worlds = worldsOf(step)
		if (worlds === undefined) {
			out.push({ place: at(step.index, -1), world: step.start }, { place: atEnd(step.index), world: step.end })
			continue
		}
		worlds.forEach((world, i) => {
			const next = step.happenings[i]
			out.push({ place: at(step.index, i - 1), world, ...(next === undefined ? {} : { next }) })
		})
	}
	momentsMade.set(run, out)
	return out
}

/** Where a worker joins a line: each moment a store's line has a waiter it did not have the moment before. */
function joinedLine(run: RunFacts): number[] {
	const moments = momentsOf(run)
	return moments.flatMap((moment, i) => {
		const before = moments[i - 1]?.world
		return [...moment.world.stores.entries()].some(([id, store]) => store.waiters.some(waiter => !(before?.stores.get(id)?.waiters.includes(waiter) ?? false))) ? [moment.place] : []
	})
}

/** Where a worker's state (crashed, paused) begins: each moment a worker shows it and did not the moment before. */
function onsets(run: RunFacts, state: (worker: { crashed?: boolean; paused?: boolean }) => boolean): number[] {
	const moments = momentsOf(run)
	return moments.flatMap((moment, i) => {
		const before = moments[i - 1]?.world
		return [...moment.world.workers.entries()].some(([id, worker]) => state(worker) && !(before?.workers.get(id) !== undefined && state(before.workers.get(id) as never))) ? [moment.place] : []
	})
}

/**
 * Where the key goes to the first of several in line ("fifo"): a grant from the line (`place`) to the worker first in its
 * store's line at the moment before it, when two or more stood in that line. A grant whose moment before is unknown
 * (`momentsOf`) names none.
 */
function fifoGrants(run: RunFacts): number[] {
	return momentsOf(run).flatMap(moment => {
		const h = moment.next
		if (h?.kind !== 'granted' || h.place === undefined) return []
		const line = moment.world.stores.get(h.store)?.waiters ?? []
		return line.length >= 2 && line[0] === h.worker ? [moment.place + 1] : []
	})
}

/** Where in the run each event word's event is shown, for "after", "before" and "then" between two of them. */
const PLACES: Readonly<Record<string, (run: RunFacts) => number[]>> = {
	...EVENT_PLACES,
	killed: run => onsets(run, worker => worker.crashed === true),
	pause: run => onsets(run, worker => worker.paused === true),
	limit: run => run.steps.flatMap(step => ([...step.end.stores.values()].some(store => store.limit !== undefined) ? [atEnd(step.index)] : [])),
	// Subjects that need no event alone, but name one beside an order word ("fences-after-restart": a fence given after a restart).
	crash: run => onsets(run, worker => worker.crashed === true),
	write: run => placesOf(run, h => h.kind === 'wrote'),
	writes: run => placesOf(run, h => h.kind === 'wrote'),
	fence: run => placesOf(run, h => h.kind === 'granted' && h.fence !== undefined),
	fences: run => placesOf(run, h => h.kind === 'granted' && h.fence !== undefined),
	lease: run => placesOf(run, h => h.kind === 'granted'),
	leases: run => placesOf(run, h => h.kind === 'granted'),
	operator: run => placesOf(run, h => h.kind === 'ended'),
	try: run => tries(run),
}

/** What a subject word of PLACES names beside an order word, as ID_EVENTS says of an event word. */
const PLACED_SUBJECTS: Readonly<Record<string, string>> = {
	crash: 'a worker is shown crashed',
	write: 'a worker writes',
	writes: 'a worker writes',
	fence: 'the lock gives a fence',
	fences: 'the lock gives a fence',
	lease: 'the lock gives a lease',
	leases: 'the lock gives a lease',
	operator: "an operator ends a worker's lease",
	try: 'a worker tries the key',
}

/** A write the database took: it changed the row. */
const taken = (h: Happening): boolean => h.kind === 'wrote' && h.changed

/** A grant to a worker after it waited, whose ask (at the grant's `askedAt`) had a wait: the key came within the wait. */
function waitedEnough(run: RunFacts, h: Happening): boolean {
	if (h.kind !== 'granted' || h.at <= h.askedAt) return false
	return some(run, ask => ask.kind === 'asked' && ask.worker === h.worker && ask.store === h.store && ask.at === h.askedAt && !ask.tryOnly && ask.wait !== undefined)
}

function some(run: RunFacts, test: (h: Happening) => boolean): boolean {
	return run.steps.some(step => step.happenings.some(test))
}

/** The first event an id's words name that the run does not show. */
export function idEventProblem(id: string, run: RunFacts): string | undefined {
	const words = wordsOf(id)
	for (const part of words) {
		if (part.startsWith('count:')) {
			const [, number, noun] = part.split(':') as [string, string, string]
			if (COUNTED_NOUNS[noun] === undefined && !run.key.toLowerCase().split(/\s+/).includes(singular(noun)))
				return `the scene's id says "${number} ${noun}", a count of the scene's own noun, and an id counts the scene's own nouns only as keys: the run's key is "${run.key}"; name what the scene shows`
			const { counts, told } = (COUNTS[COUNTED_NOUNS[noun] ?? 'keys'] as (run: RunFacts) => { counts: number[]; told: string })(run)
			if (!counts.includes(numberOf(number) as number)) return `the scene's id says "${number} ${noun === 'line' ? 'in line' : noun}", a count, and ${told}; name what the scene shows, or count what it has`
		}
		if (part.startsWith('no:')) {
			const [, denied, negation] = part.split(':') as [string, string, string]
			const shown = deniedShown(denied, run)
			if (shown !== undefined) return `the scene's id says "${negation} ${denied}", that the scene shows none, and ${shown}; name what the scene shows`
		}
	}
	// "crash" tied to the lock store ("lock-crash") is the store's, which restartOfProblem checks.
	const word = words.find((part, i) => SHOWN[part] !== undefined && !(part === 'crash' && tiedTo(words, i).some(noun => STORE_NOUNS.has(noun))) && !(SHOWN[part] as (run: RunFacts) => boolean)(run))
	if (word !== undefined) return `the scene's id says "${word}", and ${ID_EVENTS[word] ?? SUBJECT_EVENTS[word]} in no step of it; name what the scene shows`
	return restartOfProblem(words, run) ?? roleProblem(words, run) ?? jointProblem(words, run) ?? orderProblem(words, run) ?? readProblem(words, run)
}

/**
 * Words a reader reads a claim in though the lexicon has them as subjects or neutral words (trial a26): a cause a caption
 * reads as a pause ("garbage-collection", "network-partition", "swap-storm", "debugger-breakpoint", "page-fault") needs a
 * worker shown paused; "long" (but before "enough": "just-long-enough") needs a long pause as a caption's "long pause" does,
 * or, before another noun ("long-job"), a hold that lasts at least a fifth of its lease's time to live, as a caption's long
 * hold or long piece of work does; "just in time" is refused (the run tells no closeness); "one by one" needs the grants,
 * or the let-gos and lease ends, of two or more, each at a moment of its own. Why not, or undefined.
 */
function readProblem(words: readonly string[], run: RunFacts): string | undefined {
	const cause = pauseCauseOf(words)
	if (cause !== undefined && !(SHOWN.pause as (run: RunFacts) => boolean)(run))
		return `the scene's id says "${cause}", which a caption reads as a pause of a worker's process, and no worker is shown paused in any step of it; name what the scene shows`
	// A word of a pause cause that stands alone tells a cause too: "partition" a network partition, "swap" a swap storm (each needs a pause, as the whole
	// cause does); "fault", "storm" and "collection" alone tell no one cause (a fault may be a crash), and are refused (trial a27).
	const half = words.find((word, i) => CAUSE_HALVES[word] !== undefined && !inCause(words, i))
	if (half !== undefined && !(SHOWN.pause as (run: RunFacts) => boolean)(run))
		return `the scene's id says "${half}", a ${CAUSE_HALVES[half]}, which a caption reads as a pause of a worker's process, and no worker is shown paused in any step of it; name what the scene shows`
	const undecided = words.find((word, i) => UNDECIDED_HALVES[word] !== undefined && !inCause(words, i))
	if (undecided !== undefined)
		return `the scene's id says "${undecided}" alone, which tells no one cause the run can check; write the whole cause (${UNDECIDED_HALVES[undecided]}), which needs a worker shown paused, or name what the scene shows`
	const justInTime = words.findIndex((word, i) => word === 'just' && words[i + 1] === 'in' && words[i + 2] === 'time')
	if (justInTime >= 0)
		return `the scene's id says "just in time", a closeness the run does not measure; name what came in time: "wait-long-enough" (a worker that asked with a wait gets the key before its wait runs out), "lease-renewal" or "stale-write"`
	// "just" says how close ("just-long-enough": barely enough), a closeness the run does not measure (trial a27's 09).
	if (words.includes('just'))
		return `the scene's id says "just", a closeness the run does not measure; drop it: "wait-long-enough" (a worker that asked with a wait gets the key before its wait runs out)`
	// "slow" of a save, a query or a piece of work: the engine gives a write no duration, and "slow" tells no measure (trial a27's 12).
	if (words.includes('slow'))
		return `the scene's id says "slow", a speed the run does not measure; name what the scene shows: "long-job" (a hold at least a fifth of its lease's time to live) or "long-wait" (a wait in line that long)`
	const long = words.findIndex((word, i) => word === 'long' && words[i + 1] !== 'enough')
	if (long >= 0) {
		const after = words[long + 1]
		const ofPause = after === undefined || after === 'pause' || pauseCauseOf(words.slice(long + 1, long + 3)) !== undefined || ID_JOINING_WORDS.includes(after)
		// "long line", "long queue" (trial a28's 14): a line's length, at least three workers in one line at once, not a long wait.
		if ((after === 'line' || after === 'queue') && (COUNTS.waiters as (run: RunFacts) => { counts: number[] })(run).counts.every(n => n < 3))
			return `the scene's id says "long ${after}", a line's length, and ${(COUNTS.waiters as (run: RunFacts) => { told: string })(run).told}: a line is long when at least three workers stand in it at once (a long wait is "long-wait"); name what the scene shows`
		if (ofPause && !longPauses(run)) return `the scene's id says "long" of a pause, and no worker's process is paused long: a pause is long when the worker held a live lease as it paused, the lease ran out during the pause, and the pause lasted at least a fifth of the lease's time to live; name what the scene shows`
		// "long" of a wait (trial a27's 10): a wait in line, not a hold.
		if (!ofPause && after !== 'line' && after !== 'queue' && WAIT_NOUNS.has(after as string) && !waitsOf(run).some(wait => wait.waited * 5 >= wait.ttl)) return `the scene's id says "long ${after}", and no wait in it lasts long: a wait is long when a worker waits for the key at least a fifth of the lease's time to live; name what the scene shows`
		if (!ofPause && !WAIT_NOUNS.has(after as string) && !HOLD_NOUNS.has(after as string)) return `the scene's id says "long ${after}", a length the run does not measure; name what was long: "long-job" (a hold), "long-wait" (a wait in line) or "long-pause"`
		if (!ofPause && HOLD_NOUNS.has(after as string) && !longHolds(run)) return `the scene's id says "long ${after}", and no hold in it lasts long: a hold or a piece of work is long when it lasts at least a fifth of its lease's time to live; name what the scene shows`
	}
	// "short" of a wait (trial a27's 11): every wait in line short, under a fifth of the lease's time to live; of a pause or a lease as before; of anything else refused.
	const short = words.findIndex(word => word === 'short')
	if (short >= 0) {
		const after = words[short + 1]
		const waits = waitsOf(run)
		if (after !== undefined && WAIT_NOUNS.has(after) && (waits.length === 0 || waits.some(wait => wait.waited * 5 >= wait.ttl))) return `the scene's id says "short ${after}", and ${waits.length === 0 ? 'no worker waits in line in it' : 'a wait in it lasts long'}: a wait is short when every worker that waits for the key gets it or gives up within a fifth of the lease's time to live; name what the scene shows`
		// "short" of a pause (trial a28's 02): every pause short, at most a third of the lease's time to live, its lease not run out in it.
		const ofPause = after === 'pause' || pauseCauseOf(words.slice(short + 1, short + 3)) !== undefined
		if (ofPause && !shortPauses(run))
			return `the scene's id says "short ${pauseCauseOf(words.slice(short + 1, short + 3)) ?? after}", and ${some(run, h => h.kind === 'paused') ? 'a pause in it is not short' : "no worker's process pauses in it"}: a pause is short when it lasts at most a third of the lease's time to live and the worker's lease does not run out in it, and every pause of the scene must be; name what the scene shows`
		// "short" of a lease ("short-lease-runs-out"): some lease ran out while its worker still needed it (`shortLeases`).
		if (after === 'lease' && !shortLeases(run))
			return `the scene's id says "short lease", and ${some(run, h => h.kind === 'expired') ? 'no lease in it runs out while its worker still needs it (each that runs out is of a hold that renews on its own, or of a crashed process)' : 'no lease runs out in it'}: a lease is short when it runs out while its worker is still in the hold that got it, its hold renewing nothing on its own (renewal off) and its process not crashed; name what the scene shows`
		if (after === undefined || !(WAIT_NOUNS.has(after) || after === 'pause' || after === 'lease' || pauseCauseOf(words.slice(short + 1, short + 3)) !== undefined))
			return `the scene's id says "short${after === undefined ? '' : ` ${after}`}", a length the run does not measure; name what was short: "short-wait", "short-pause" or "short-lease"`
	}
	if (words.includes('one by one') && !oneByOne(run))
		return `the scene's id says "one by one", and the places are neither taken nor freed one at a time: two or more grants, or two or more let-gos or lease ends, each at a moment of its own; name what the scene shows`
	return undefined
}

/** The words of an id that name a cause a caption reads as a pause (lexicon.ts PAUSE_CAUSES), as the id says it, or undefined. */
function pauseCauseOf(words: readonly string[]): string | undefined {
	for (let i = 0; i < words.length; i++) {
		for (const cause of ID_PAUSE_CAUSES) if (cause.every((word, k) => words[i + k] === word)) return cause.join(' ')
	}
	return undefined
}

/** Whether the id's word at `i` is a word of a whole pause cause there ("partition" of "network-partition"). */
function inCause(words: readonly string[], i: number): boolean {
	return ID_PAUSE_CAUSES.some(cause => cause.some((_word, k) => k <= i && cause.every((word, m) => words[i - k + m] === word)))
}

/** Words of a pause cause (PAUSE_CAUSES) that alone tell that cause in an id, with the cause: "partition" is a network partition, "swap" a swap storm. */
const CAUSE_HALVES: Readonly<Record<string, string>> = { partition: 'network partition', swap: 'swap storm' }

/** Words of a pause cause that alone tell none the run can check ("fault" may be a crash), each with the whole causes it is a word of. */
const UNDECIDED_HALVES: Readonly<Record<string, string>> = { fault: 'page-fault', storm: 'swap-storm', collection: 'garbage-collection', garbage: 'garbage-collection' }

/** PAUSE_CAUSES (lexicon.ts), the one list, as an id's words: lower case, split at spaces and hyphens, the longest first. */
const ID_PAUSE_CAUSES: readonly (readonly string[])[] = [...new Set(PAUSE_CAUSES.map(cause => cause.toLowerCase().replaceAll('-', ' ')))]
	.map(cause => cause.split(' '))
	.sort((a, b) => b.length - a.length)

/** Nouns of a wait in line ("long-wait", "short-wait"). */
const WAIT_NOUNS: ReadonlySet<string> = new Set(['wait', 'waiting', 'waiter', 'line', 'queue'])
/** Nouns of a hold or the work under it ("long-job"): what longHolds measures. */
const HOLD_NOUNS: ReadonlySet<string> = new Set(['job', 'hold', 'work', 'task', 'export', 'report', 'batch', 'rebuild', 'request', 'call'])

/**
 * Each wait in line: a worker that asked without a try and got the key later, gave up, left the line (its process crashed,
 * its store restarted under it) or was refused, or still waits at the run's end (its next ask ends it too); how long it
 * waited, and the time to live of the store's leases (its own grant's, else the store's last grant before).
 */
function waitsOf(run: RunFacts): { waited: number; ttl: number }[] {
	const all = run.steps.flatMap(step => step.happenings)
	const last = run.steps[run.steps.length - 1]?.end.time ?? 0
	const out: { waited: number; ttl: number }[] = []
	for (const [i, ask] of all.entries()) {
		if (ask.kind !== 'asked' || ask.tryOnly) continue
		const end = all.slice(i + 1).find(h => (h.kind === 'asked' && h.worker === ask.worker) || ((h.kind === 'granted' || h.kind === 'gave-up' || h.kind === 'left' || h.kind === 'refused') && h.worker === ask.worker && h.store === ask.store))
		const waited = (end?.at ?? last) - ask.at
		if (waited <= 0) continue
		const grants = all.filter(h => h.kind === 'granted' && h.store === ask.store) as Extract<Happening, { kind: 'granted' }>[]
		const ttl = end?.kind === 'granted' ? end.ttl : grants.filter(h => h.at <= ask.at).pop()?.ttl ?? grants[0]?.ttl
		if (ttl !== undefined) out.push({ waited, ttl })
	}
	return out
}

/**
 * A long pause, as a caption's "long pause" (check.ts): a worker held a live lease as its process paused, the lease ran out
 * before its process woke or crashed (or was taken, by its store or an operator, and the pause outlasted its time), and the
 * pause lasted at least a fifth of the lease's time to live (to its waking or crash, else the run's end).
 */
function longPauses(run: RunFacts): boolean {
	const all = run.steps.flatMap(step => step.happenings)
	const last = run.steps[run.steps.length - 1]?.end.time ?? 0
	return momentsOf(run).some(moment => {
		const h = moment.next
		if (h?.kind !== 'paused') return false
		const lease = moment.world.workers.get(h.worker)?.lease
		if (lease === undefined || lease.expired || lease.gone || lease.released || lease.ended === true || lease.expiresAt <= h.at) return false
		const after = all.slice(all.indexOf(h) + 1).filter(one => 'worker' in one && one.worker === h.worker)
		const end = after.find(one => one.kind === 'woke' || one.kind === 'crashed')
		const until = end?.at ?? last
		const ranOut = after.some(one => one.kind === 'expired' && (end === undefined || after.indexOf(one) < after.indexOf(end))) || (after.some(one => (one.kind === 'gone' || one.kind === 'ended') && (end === undefined || after.indexOf(one) < after.indexOf(end))) && until >= lease.expiresAt)
		return ranOut && (until - h.at) * 5 >= lease.ttl
	})
}

/**
 * Short pauses, as an id's "short-pause" (trial a28's 02): the run shows a pause, and every pause lasts (to its waking or crash, else
 * the run's end) at most a third of the time to live of the worker's lease (the lease it held as it paused, else the store's last grant
 * before, else its first), and the worker's lease did not run out in it (an expiry in it, or a live lease's end passed before it ended).
 */
function shortPauses(run: RunFacts): boolean {
	const all = run.steps.flatMap(step => step.happenings)
	const last = run.steps[run.steps.length - 1]?.end.time ?? 0
	const pauses = momentsOf(run).filter(moment => moment.next?.kind === 'paused')
	if (pauses.length === 0 || some(run, h => h.kind === 'paused' && !pauses.some(moment => moment.next === h))) return false
	return pauses.every(moment => {
		const h = moment.next as Extract<Happening, { kind: 'paused' }>
		const lease = moment.world.workers.get(h.worker)?.lease
		const live = lease !== undefined && !lease.expired && !lease.gone && !lease.released && lease.ended !== true && lease.expiresAt > h.at
		const after = all.slice(all.indexOf(h) + 1).filter(one => 'worker' in one && one.worker === h.worker)
		const end = after.find(one => one.kind === 'woke' || one.kind === 'crashed')
		const until = end?.at ?? last
		const grants = all.filter(one => one.kind === 'granted') as Extract<Happening, { kind: 'granted' }>[]
		const ttl = live ? lease.ttl : (grants.filter(one => one.at <= h.at).pop()?.ttl ?? grants[0]?.ttl)
		if (ttl === undefined) return false
		const ranOut = after.some(one => one.kind === 'expired' && (end === undefined || after.indexOf(one) < after.indexOf(end))) || (live && until > lease.expiresAt)
		return !ranOut && (until - h.at) * 3 <= ttl
	})
}

/**
 * A short lease, as an id's "short-lease" ("short-lease-runs-out"): a lease ran out while its worker still needed it, its work
 * outliving its time to live: the hold that gave it renews nothing on its own (renewal off, or no code sample: a hold that renews
 * keeps a running worker's lease, and its lease runs out only of a pause or a crash), and from its grant to its expiry the worker's
 * process did not crash or restart (a crashed process needs nothing). The worker had not let go (a lease let go does not run out), so
 * its code was still in the hold when it ran out.
 */
function shortLeases(run: RunFacts): boolean {
	const all = run.steps.flatMap(step => step.happenings)
	return all.some((h, i) => {
		if (h.kind !== 'expired') return false
		const before = all.slice(0, i)
		const at = before.map(one => one.kind === 'granted' && one.worker === h.worker && one.store === h.store && one.fence === h.fence).lastIndexOf(true)
		const grant = before[at]
		if (grant?.kind !== 'granted' || grant.renews === true) return false
		return !before.slice(at + 1).some(one => (one.kind === 'crashed' || one.kind === 'process-restarted') && one.worker === h.worker)
	})
}

/** A hold that lasts at least a fifth of its lease's time to live: from a grant to its let-go, expiry, loss or end (else the run's end). */
function longHolds(run: RunFacts): boolean {
	const all = run.steps.flatMap(step => step.happenings)
	const last = run.steps[run.steps.length - 1]?.end.time ?? 0
	return all.some(grant => {
		if (grant.kind !== 'granted') return false
		const end = all.slice(all.indexOf(grant) + 1).find(h => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'ended' || h.kind === 'gone') && h.worker === grant.worker && h.store === grant.store)
		return ((end?.at ?? last) - grant.at) * 5 >= grant.ttl
	})
}

/** Places taken one at a time (two or more grants, no two at one moment), or freed so (two or more let-gos or lease ends). */
function oneByOne(run: RunFacts): boolean {
	const all = run.steps.flatMap(step => step.happenings)
	const apart = (moments: number[]) => moments.length >= 2 && new Set(moments).size === moments.length
	return apart(all.flatMap(h => (h.kind === 'granted' ? [h.at] : []))) || apart(all.flatMap(h => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'ended' || h.kind === 'gone' ? [h.at] : [])))
}

/** Words that name the lock store, a worker, and a database, which "restart" or "crash" beside them (or joined by "of") is of. */
const STORE_NOUNS: ReadonlySet<string> = new Set(['lock', 'locks', 'store'])
const WORKER_NOUNS: ReadonlySet<string> = new Set(['worker', 'workers'])
/** Words that name the lock store's epoch, which "restart" or "crash" beside them is the store's (restartOfProblem). */
const EPOCH_NOUNS: ReadonlySet<string> = new Set(['epoch', 'epochs'])
const DATABASE_NOUNS: ReadonlySet<string> = new Set(['database', 'databases'])
/** Event words a run of which ties to one noun before it: "lock-crash-and-restart", "store-crash-restart". */
const CHAINED: ReadonlySet<string> = new Set(['crash', 'restart', 'and', 'then'])

/** The words an event word at `i` is tied to: the one before it (past a run of event words and joins: "lock-crash-and-restart"), the one after, and the one after "of" and an article ("restart-of-the-lock"). */
function tiedTo(words: readonly string[], i: number): string[] {
	let k = i + 1
	if (words[k] === 'of') k++
	while (k > i + 1 && (words[k] === 'the' || words[k] === 'a' || words[k] === 'its')) k++
	let j = i - 1
	while (j >= 0 && CHAINED.has(words[j] as string)) j--
	return [words[j], words[i + 1], words[k]].filter((part): part is string => part !== undefined)
}

/**
 * "restart" and "crash" tied to what restarts or crashes: beside "lock", "locks" or "store" ("lock-restart", "store-restarts",
 * "lock-crash", "lock-store-restart"), at the head of a run of them ("lock-crash-and-restart"), or joined to one by "of"
 * ("restart-of-the-lock", "crash-of-the-lock"), they say the lock store crashes and opens again (a `restart`), which a worker's
 * process crashing or restarting does not show; tied so to "worker", "restart" says a worker's process restarts, which the store's
 * restart does not show; tied to "epoch" or "epochs" ("epoch-restart", "restart-epochs"), they say the lock store restarts with a new
 * epoch; tied to "database", either is refused: the engine has no database that crashes. Why not, or undefined.
 */
function restartOfProblem(words: readonly string[], run: RunFacts): string | undefined {
	for (const [i, word] of words.entries()) {
		if (word !== 'restart' && word !== 'crash') continue
		const tied = tiedTo(words, i)
		const store = tied.find(part => STORE_NOUNS.has(part))
		// "epoch" is the lock store's (trial a28's 09): "epoch-restart", "restart-epochs" say the store restarts with a new epoch, which a worker's process restarting does not show.
		const epoch = tied.find(part => EPOCH_NOUNS.has(part))
		const worker = tied.find(part => WORKER_NOUNS.has(part))
		const database = tied.find(part => DATABASE_NOUNS.has(part))
		if (database !== undefined) return `the scene's id says "${word}" of the ${database}, and a database here does not ${word}: a lock store ${word === 'crash' ? 'crashes and opens again' : 'restarts'} (${'`restart`'}), or a worker's process ${word === 'crash' ? 'crashes' : 'restarts'}; name what the scene shows`
		const storeRestarts = some(run, h => h.kind === 'restarted')
		const processRestarts = some(run, h => h.kind === 'process-restarted')
		const processCrashes = some(run, h => h.kind === 'crashed')
		if (store !== undefined && !storeRestarts) {
			const only = word === 'crash' ? (processCrashes ? " (only a worker's process crashes, which is no crash of the lock)" : '') : processRestarts ? " (only a worker's process restarts, which is no restart of the lock)" : ''
			return `the scene's id says "${word}" of the ${store}: the lock store ${word === 'crash' ? 'crashes and opens again' : 'restarts'}, and in no step of it does a lock store restart${only}; name what the scene shows`
		}
		if (epoch !== undefined && store === undefined && !some(run, h => h.kind === 'restarted' && h.epoch !== h.epochBefore)) {
			const only = word === 'crash' ? (processCrashes ? " (only a worker's process crashes, which has no epoch)" : '') : processRestarts ? " (only a worker's process restarts, which has no epoch)" : ''
			return `the scene's id says "${word}" with "${epoch}": an epoch is the lock store's, so the lock store ${word === 'crash' ? 'crashes and opens again' : 'restarts'} with a new epoch, and in no step of it does a lock store restart${only}; name what the scene shows`
		}
		if (word === 'restart' && worker !== undefined && store === undefined && epoch === undefined && !processRestarts) return `the scene's id says "restart" of a ${worker}: a worker's process restarts, and in no step of it does a worker's process restart${storeRestarts ? ' (only the lock store restarts, which is no restart of a worker)' : ''}; name what the scene shows`
	}
	return undefined
}

/** A write on a lease no longer live (run out, lost, let go): a stale write. */
const staleWrite = (h: Happening): boolean => h.kind === 'wrote' && !h.live

/**
 * Words of an id that together claim what neither claims alone: "stale" (a subject) with a save word ("stale-write-saved")
 * says a stale write was saved, a write on a lease no longer live that the database took ("late" with a save word too); "too
 * late" says an act came after its lease was over: of a renewal ("renewal-too-late", and "late" alone beside a renewal word),
 * a renewal the lock refused as its lease was lost; of a write or a save, a stale write (taken, of a save); with neither
 * beside it, one of those. "Stale" with a write word ("stale-write", no save word) says the scene shows a stale write,
 * taken or refused. "Late" alone ("fences-late-write") says the scene shows a late write, taken or refused, as a caption's
 * "late write" does; "stale" beside no write or save word ("stale-fence") a stale fence used: a write with a fence on a lease
 * no longer live.
 */
const JOINT: readonly { said: (words: readonly string[]) => boolean; claims: (words: readonly string[]) => string; shown: (run: RunFacts, words: readonly string[]) => boolean }[] = [
	{
		said: words => (words.includes('stale') || words.includes('late')) && words.includes('save'),
		claims: words => `"${words.includes('stale') ? 'stale' : 'late'}" and "save": a stale write the database took (a write on a lease no longer live that changed the row)`,
		shown: run => some(run, h => staleWrite(h) && taken(h)),
	},
	{
		said: words => words.includes('stale') && !words.includes('save') && (words.includes('write') || words.includes('writes')),
		claims: () => '"stale" and "write": a stale write (a write on a lease no longer live), taken or refused',
		shown: run => some(run, staleWrite),
	},
	{
		// "late" with no save, renewal or "too" before it ("late-write", "fences-late"): a late write, as a caption's "late write" is.
		said: words => words.includes('late') && !words.includes('save') && !words.includes('renewal') && !words.includes('renew') && !words.some((word, i) => word === 'too' && words[i + 1] === 'late'),
		claims: () => '"late": a late write (a write on a lease no longer live), taken or refused',
		shown: run => some(run, staleWrite),
	},
	{
		// "stale" with no write or save word ("stale-fence", "operator-stale"): a stale fence used, as a caption's "its stale fence 1" is.
		said: words => words.includes('stale') && !words.includes('save') && !words.includes('write') && !words.includes('writes'),
		claims: () => '"stale": a stale fence used (a write with a fence, on a lease no longer live)',
		shown: run => some(run, h => staleWrite(h) && h.kind === 'wrote' && h.fenced && h.noFence !== true),
	},
	{
		said: words => words.some((word, i) => word === 'too' && words[i + 1] === 'late') || (words.includes('late') && (words.includes('renewal') || words.includes('renew'))),
		claims: words =>
			words.includes('renewal') || words.includes('renew')
				? '"late" of a renewal: an ask to renew that the lock refused as the lease was already lost'
				: words.includes('save')
					? '"too late" of a save: a stale write the database took (a write on a lease no longer live that changed the row)'
					: words.includes('write') || words.includes('writes')
						? '"too late" of a write: a stale write (a write on a lease no longer live)'
						: '"too late": an ask to renew refused as the lease was already lost, or a write on a lease no longer live',
		shown: (run, words) => {
			const renewal = words.includes('renewal') || words.includes('renew')
			const write = words.includes('save') || words.includes('write') || words.includes('writes')
			const refused = some(run, h => h.kind === 'renew-refused' && h.reason === 'lost')
			const late = some(run, h => staleWrite(h) && (!words.includes('save') || taken(h)))
			return (renewal && refused) || (write && late) || (!renewal && !write && (refused || late))
		},
	},
]

/** The first joint claim of an id's words that the run does not show. */
function jointProblem(words: readonly string[], run: RunFacts): string | undefined {
	const joint = JOINT.find(one => one.said(words) && !one.shown(run, words))
	return joint === undefined ? undefined : `the scene's id says ${joint.claims(words)}, and no step of it shows one; name what the scene shows`
}

/**
 * "X-after-Y", "X-before-Y", "X-then-Y" with an event word either side (the nearest, not past another
 * order word; a subject that names a happening, "crash", "writes", "fences", "lease", counts here): the
 * scene shows an X after (before) a Y.
 */
function orderProblem(words: readonly string[], run: RunFacts): string | undefined {
	for (const [i, word] of words.entries()) {
		const order = ID_ORDER_WORDS[word]
		if (order === undefined) continue
		const isEvent = (part: string) => PLACES[part] !== undefined
		const stop = (part: string) => ID_ORDER_WORDS[part] !== undefined
		let left: string | undefined
		for (let j = i - 1; j >= 0 && !stop(words[j] as string); j--) if (isEvent(words[j] as string)) { left = words[j]; break }
		let right: string | undefined
		for (let k = i + 1; k < words.length && !stop(words[k] as string); k++) if (isEvent(words[k] as string)) { right = words[k]; break }
		if (left === undefined || right === undefined) continue
		const first = (PLACES[left] as (run: RunFacts) => number[])(run)
		const second = (PLACES[right] as (run: RunFacts) => number[])(run)
		const holds = order === 'after' ? first.some(a => second.some(b => a > b)) : first.some(a => second.some(b => a < b))
		const what = (part: string) => ID_EVENTS[part] ?? PLACED_SUBJECTS[part]
		if (!holds) return `the scene's id says "${left} ${word} ${right}", an order, and in the scene no "${left}" (${what(left)}) comes ${order} a "${right}" (${what(right)}); name what the scene shows, in its order`
	}
	return undefined
}

/** The step a place in the run (`at`) is in. */
const stepOf = (place: number): number => Math.floor(place / 100_000)

/**
 * Where the run shows what "no X" denies, told, or undefined when it shows none: an event word's event (`PLACES`), in
 * its first step; "fences", a write that carries a fence a database checks (or, in a run with no write, a lease given
 * with a fence); "crash", a worker shown crashed.
 */
function deniedShown(denied: string, run: RunFacts): string | undefined {
	if (NEGATED_SUBJECTS.has(denied) && denied !== 'crash') {
		const checked = placesOf(run, h => h.kind === 'wrote' && h.fenced && h.noFence !== true)
		if (checked.length > 0) return `a write carries a fence a database checks in step ${stepOf(checked[0] as number)}`
		const writes = placesOf(run, h => h.kind === 'wrote')
		const fences = placesOf(run, h => h.kind === 'granted' && h.fence !== undefined)
		if (writes.length === 0 && fences.length > 0) return `the lock gives a fence in step ${stepOf(fences[0] as number)}, and no write shows it unchecked`
		return undefined
	}
	const word = denied === 'crash' ? 'killed' : denied
	const places = (PLACES[word] as (run: RunFacts) => number[])(run)
	if (places.length === 0) return undefined
	return `${ID_EVENTS[word]} in step ${stepOf(places[0] as number)}`
}

/** Role words of an id (trial a28's 07, 08): a worker given the key and not yet let go of it, or one standing in line for it. */
const ROLES: Readonly<Record<string, 'holder' | 'waiter'>> = { holder: 'holder', holders: 'holder', waiter: 'waiter', waiters: 'waiter' }

/** A worker's onset of a state (crashed, paused) at a moment of the run: the moment's index among `momentsOf`, and the world the moment before. */
function stateOnsets(run: RunFacts, state: (worker: { crashed?: boolean; paused?: boolean }) => boolean): { worker: string; index: number; before: WorldFacts }[] {
	const moments = momentsOf(run)
	return moments.flatMap((moment, i) => {
		const before = moments[i - 1]?.world
		if (before === undefined) return []
		return [...moment.world.workers.entries()].flatMap(([id, worker]) => (state(worker) && !state((before.workers.get(id) ?? {}) as never) ? [{ worker: id, index: i - 1, before }] : []))
	})
}

/** The index among `momentsOf` of the moment a happening comes next in (the world just before it), or undefined when its step's worlds are unknown. */
const momentBefore = (run: RunFacts, h: Happening): number | undefined => {
	const i = momentsOf(run).findIndex(moment => moment.next === h)
	return i < 0 ? undefined : i
}

/** Whether a worker holds a live lease in a world: given, not run out, lost, ended or let go, and its time not passed. */
const holdsIn = (world: WorldFacts, worker: string): boolean => {
	const lease = world.workers.get(worker)?.lease
	return lease !== undefined && !lease.expired && !lease.gone && !lease.released && lease.ended !== true && lease.expiresAt > world.time
}

/** Whether a worker stood in a store's line at some moment of the run up to the one at `index` (`momentsOf`). */
const stoodInLine = (run: RunFacts, worker: string, index: number): boolean =>
	momentsOf(run)
		.slice(0, index + 1)
		.some(moment => [...moment.world.stores.values()].some(store => store.waiters.includes(worker)))

/** Whether a worker stands in a store's line in a world (the moment right before its process paused or crashed). */
const inLineIn = (world: WorldFacts, worker: string): boolean => [...world.stores.values()].some(store => store.waiters.includes(worker))

/** A worker's process restarts after a crash that passes `test` (its onset, the world before it): the crash the restart follows. */
function restartAfter(run: RunFacts, test: (crash: { worker: string; index: number; before: WorldFacts }) => boolean): boolean {
	const crashes = stateOnsets(run, worker => worker.crashed === true)
	return run.steps.some(step =>
		step.happenings.some(h => {
			if (h.kind !== 'process-restarted') return false
			const index = momentBefore(run, h) ?? Infinity
			const crash = crashes.filter(one => one.worker === h.worker && one.index < index).pop()
			return crash !== undefined && test(crash)
		}),
	)
}

/** The happenings of the run that pass `test`, each with the index of the moment just before it (those whose moment is unknown left out). */
const happeningsWithMoment = (run: RunFacts, test: (h: Happening) => boolean): { h: Happening; index: number }[] =>
	run.steps.flatMap(step => step.happenings.flatMap(h => {
		if (!test(h)) return []
		const index = momentBefore(run, h)
		return index === undefined ? [] : [{ h, index }]
	}))

/**
 * The event words a role word may be tied to, each with what the pair says and whether the run shows it: a holder's crash or pause is
 * a worker's that held a live lease as its process crashed or paused; a holder's restart, a worker's process restarting after it
 * crashed holding one; a holder's expiry (run-out), renewal, release (let-go), end or handover, what happens only to a holder (a
 * renewal granted, or refused as the lease was lost); a holder's save or write, a write on a live lease. A waiter's crash, pause or
 * restart is a worker's that stood in line as it crashed or paused (a restart: at the crash it follows; one that got the key since
 * crashed or paused as a holder); a waiter's give-up (timeout, run-out,
 * impatient), a worker's that stood in line before it gave up (an ask turned away at once stood in no line); a waiter's wait, a worker
 * joining a line; a waiter's handover, fifo, patient, enough or spare what happens only to one that waited in line. Any other pair is refused.
 */
const ROLE_TIES: Readonly<Record<'holder' | 'waiter', Readonly<Record<string, { told: string; shown: (run: RunFacts) => boolean }>>>> = {
	holder: {
		crash: { told: "a worker's process crashes while it holds the key (a live lease)", shown: run => stateOnsets(run, worker => worker.crashed === true).some(one => holdsIn(one.before, one.worker)) },
		killed: { told: "a worker's process crashes while it holds the key (a live lease)", shown: run => stateOnsets(run, worker => worker.crashed === true).some(one => holdsIn(one.before, one.worker)) },
		pause: { told: "a worker's process pauses while it holds the key (a live lease)", shown: run => stateOnsets(run, worker => worker.paused === true).some(one => holdsIn(one.before, one.worker)) },
		restart: { told: "a worker's process restarts after it crashed holding the key (a live lease)", shown: run => restartAfter(run, crash => holdsIn(crash.before, crash.worker)) },
		expiry: { told: "the holder's lease runs out", shown: run => some(run, h => h.kind === 'expired') },
		'run-out': { told: "the holder's lease runs out", shown: run => some(run, h => h.kind === 'expired') },
		renewal: { told: 'the holder asks to renew its lease, granted (or refused as it was lost)', shown: run => some(run, h => h.kind === 'renewed' || (h.kind === 'renew-refused' && h.reason === 'lost')) },
		renew: { told: 'the holder asks to renew its lease, granted (or refused as it was lost)', shown: run => some(run, h => h.kind === 'renewed' || (h.kind === 'renew-refused' && h.reason === 'lost')) },
		'kept-alive': { told: "the holder's lease is kept alive", shown: run => keptAlive(run).length > 0 },
		release: { told: 'the holder lets go of the key', shown: run => some(run, h => h.kind === 'released') },
		lets: { told: 'the holder lets go of the key', shown: run => some(run, h => h.kind === 'released') },
		go: { told: 'the holder lets go of the key', shown: run => some(run, h => h.kind === 'released') },
		end: { told: "an operator ends the holder's lease", shown: run => some(run, h => h.kind === 'ended') },
		ended: { told: "an operator ends the holder's lease", shown: run => some(run, h => h.kind === 'ended') },
		handover: { told: 'the key goes from its holder to a worker that waited in line', shown: run => some(run, h => h.kind === 'granted' && h.place !== undefined) },
		save: { told: 'the holder writes on its live lease and the database takes the write', shown: run => some(run, h => h.kind === 'wrote' && h.live && h.changed) },
		write: { told: 'the holder writes on its live lease', shown: run => some(run, h => h.kind === 'wrote' && h.live) },
		writes: { told: 'the holder writes on its live lease', shown: run => some(run, h => h.kind === 'wrote' && h.live) },
	},
	waiter: {
		// In line as its process crashed or paused: a worker that waited, got the key and then crashed or paused did so as its holder.
		crash: { told: "a worker's process crashes while it stands in line for the key", shown: run => stateOnsets(run, worker => worker.crashed === true).some(one => inLineIn(one.before, one.worker)) },
		killed: { told: "a worker's process crashes while it stands in line for the key", shown: run => stateOnsets(run, worker => worker.crashed === true).some(one => inLineIn(one.before, one.worker)) },
		pause: { told: "a worker's process pauses while it stands in line for the key", shown: run => stateOnsets(run, worker => worker.paused === true).some(one => inLineIn(one.before, one.worker)) },
		restart: { told: "a worker's process restarts after it crashed standing in line for the key", shown: run => restartAfter(run, crash => inLineIn(crash.before, crash.worker)) },
		timeout: { told: 'a worker that stood in line for the key gives up waiting', shown: run => happeningsWithMoment(run, h => h.kind === 'gave-up').some(({ h, index }) => stoodInLine(run, (h as { worker: string }).worker, index)) },
		'give-up': { told: 'a worker that stood in line for the key gives up waiting', shown: run => happeningsWithMoment(run, h => h.kind === 'gave-up').some(({ h, index }) => stoodInLine(run, (h as { worker: string }).worker, index)) },
		impatient: { told: 'a worker that stood in line for the key gives up waiting', shown: run => happeningsWithMoment(run, h => h.kind === 'gave-up').some(({ h, index }) => stoodInLine(run, (h as { worker: string }).worker, index)) },
		'run-out': { told: "a worker that stood in line for the key gives up as its wait runs out", shown: run => happeningsWithMoment(run, h => h.kind === 'gave-up').some(({ h, index }) => stoodInLine(run, (h as { worker: string }).worker, index)) },
		wait: { told: 'a worker stands in line for the key', shown: run => joinedLine(run).length > 0 },
		handover: { told: 'the key goes to a worker that waited in line', shown: run => some(run, h => h.kind === 'granted' && h.place !== undefined) },
		fifo: { told: 'the key goes to the first of several in line', shown: run => fifoGrants(run).length > 0 },
		patient: { told: ID_EVENTS.patient as string, shown: shows('patient') },
		enough: { told: ID_EVENTS.enough as string, shown: shows('enough') },
		spare: { told: ID_EVENTS.spare as string, shown: shows('spare') },
	},
}

/** The event words tied to the role word at `i`: the word right after it (past a run of event words joined by "and": "holder-crash-and-restart"), the word right before it ("impatient-waiter"), and the word before "of" and an article ("crash-of-the-holder"). */
function roleTied(words: readonly string[], i: number): string[] {
	const event = (part: string | undefined) => part !== undefined && (ID_EVENTS[part] !== undefined || SUBJECT_EVENTS[part] !== undefined || part === 'crash')
	const out: string[] = []
	for (let k = i + 1; k < words.length && (event(words[k]) || words[k] === 'and'); k++) if (event(words[k])) out.push(words[k] as string)
	if (event(words[i - 1])) out.push(words[i - 1] as string)
	let j = i - 1
	while (j >= 0 && (words[j] === 'the' || words[j] === 'a' || words[j] === 'its')) j--
	if (words[j] === 'of' && event(words[j - 1])) out.push(words[j - 1] as string)
	return out
}

/**
 * A role word tied to an event word ("holder-crash", "waiter-crashes", "impatient-waiter", "crash-of-the-holder") says a worker in
 * that role did or suffered that event (ROLE_TIES); a pair the ties do not have is refused. Why not, or undefined.
 */
function roleProblem(words: readonly string[], run: RunFacts): string | undefined {
	for (const [i, word] of words.entries()) {
		const role = ROLES[word]
		if (role === undefined) continue
		for (const event of roleTied(words, i)) {
			const tie = ROLE_TIES[role][event]
			if (tie === undefined)
				return `the scene's id ties "${event}" to a ${role} ("${word}"), and a ${role} is tied only to ${Object.keys(ROLE_TIES[role]).join(', ')}; name what the scene shows`
			if (!tie.shown(run)) return `the scene's id ties "${event}" to a ${role} ("${word}"): ${tie.told}, and no step of it shows one; name what the scene shows`
		}
	}
	return undefined
}
