/**
 * Reading a scene's text in the controlled language. A text is split into sentences (at `.`, `;`,
 * `!`, `?`), each sentence into clauses at a closed set of connectives (`, then`, `and`, `, so`,
 * `because`, `since`, `but`, `while`, a comma, a colon), and every clause must read whole as one claim form of the text's
 * place, or, after a colon at the end of a sentence, as an aside of neutral words. A clause may
 * leave out its subject after a connective ("holds the key with fence 7, then pauses"), and may
 * carry a time: `at 30 s`, `5 s later`. What cannot be read is a problem at its place, with the
 * nearest forms.
 */
import type { ClaimForm, Place, Slot, SlotType } from './form.ts'
import { OLD_LEASE_FORMS, PLACE_NAMES, SAVED_AS_THING, SAVED_FORMS, THING, inWords } from './form.ts'
import { firstWordOf } from './language.ts'
import type { CompiledForm, SceneLanguage } from './language.ts'
import { NEUTRAL_ADVERBS, PAUSE_CAUSES, WORK_ADJECTIVES, unneutralWord } from './lexicon.ts'
import { ITS_WRITE, THIS_WRITE, UNREAD_REFERENT, groupOf, groupReferent, leaseOf, leaseReferent } from './parameters.ts'
import { nearestForms } from './nearest.ts'
import { COUNT_PATTERN, DURATION_PATTERN, readCount, readDuration } from './numbers.ts'

/** The forms that tell a write, beside those whose words for what it wrote are read (`SAVED_FORMS`): a domain's phrase of one may name the THING in its own words. */
const WRITE_TOLD: ReadonlySet<string> = new Set([...SAVED_FORMS, 'write-is-saved', 'write-with-fence-is-saved'])

/** A clause read as a form: where it stands in the text, its slots, its modifiers and its subject. */
export interface ReadClause {
	form: ClaimForm
	start: number
	end: number
	slots: Slot[]
	/** `at 30 s` (when what it tells happened), `5 s later` (since the moment told before, else the step before) or `a moment later` (some time after it, its slot the words "a moment"). */
	modifiers: { kind: 'at' | 'later' | 'soon'; slot: Slot; /** The moment a sentence opens with ("At 10 s A lets go and B gets the key"), said of a clause it reaches (`sharedMoment`): at the moment that first clause told. */ shared?: true }[]
	/**
	 * "at the end" or "at the end of the scene" after a state ("E is still waiting at the end"): its moment (the first
	 * modifier, whose value the reading cannot know) is the end of the scene's last step, and the caption that says it
	 * is the last step's; the checker and the reference each set that moment, or refuse the clause in another step.
	 */
	sceneEnd?: true
	/** The actor the clause is about, which "it" in the next clause names. */
	subject?: string
	/** A bare adjective after "and" that shares the subject and "is" of the state before it ("A is still working and healthy": "A is healthy"); the pass over a sentence's clauses checks what comes before it. */
	bare?: true
	/** The workers a clause about several is about ("B and C ask"), which a left-out subject or "they" in the next clause names. */
	group?: string[]
	/** Read from a relative clause ("…, which nothing renews", "a lease that nothing renews"): it speaks of what the clause before named, and leaves that clause's subject to the next ("…, and starts working"). A state of the key after "which" ("B asks for the key, which A holds", "…, which is held by A") is also `during`: it held when the clause before happened. */
	relative?: true
	/** Read from ", before its first renewal is due" (`PAUSE_BEFORE_DUE`) with its worker as subject: it reads only right after a clause of that sentence telling that worker's pause (`Sentence.paused`). */
	pauseAside?: true
	/** Of a `pauseAside` clause, the same words read as "{worker} wakes before its first renewal is due": what it reads as right after a clause that told that worker waking after a pause of a said length ("A wakes after a 2 s pause, before its first renewal is due"; `Sentence.paused`). */
	wakeAside?: ReadClause
	/** Read from ", long before its lease would run out" (`LET_GO_LONG_BEFORE`) with its worker as subject: it reads only right after a clause of that sentence telling that worker letting go (`Sentence.letGo`). */
	letGoAside?: true
	/** A clause about no actor slot whose words open with a lock store's name ("the semaphore allows 2"): that store, which "it" in the next clause names. */
	store?: string
	/** In a scene with a lock and a semaphore, the store a form's own words name when it has no key slot ("B waits for the lock": the lock): what it tells must be of that store. */
	keyStore?: string
	/** As `keyStore` (and a key slot that names no store), where the scene has several stores of the kind the words name ("gets in" beside two semaphores and a lock): what it tells must be of one of them. */
	keyStores?: string[]
	/**
	 * `then`: it follows `then` (`, then`, `and then`, a sentence's `Then`) and claims to come after
	 * what the clause before tells; `so`: it follows `so`, a consequence, which cannot come before its cause.
	 */
	/** How it is ordered after the clause before: "then" later, "when" (the second event of "When X, Y" or "As soon as X, Y") later at the same moment, "so" no earlier, "because" (or "since") no later, its cause; and a new sentence no earlier (a caption tells in order). */
	then?: 'then' | 'so' | 'because' | 'sentence' | 'when'
	/** It is the first clause of a sentence after the text's first, whatever word leads it ("Then B asks", "So nothing renews it"): what a sentence told before it is not its sentence's. */
	opens?: true
	/**
	 * `too` ("B asks too", "as well"): another actor had a happening of the kind it tells before it;
	 * `again`: its own actor had one before it. Its span is the word's, for messages.
	 */
	also?: { word: 'too' | 'again'; start: number; end: number; /** Of the fence right before it ("with fence 1 too", "also with fence 1"): another worker was given that fence before. */ fence?: true }
	/**
	 * It follows "while" ("B asks while A holds the key"): a state it tells held when the clause before
	 * happened, so it began before that moment (or before the step did) and had not ended by it.
	 */
	during?: true
	/** With `during`: a state between commas after its subject ("A, still at work, saves"): it held right up to that happening, just before it. */
	apposed?: true
	/**
	 * "It is too late: the database refuses the write": a preface before a colon at a sentence's start, said of the first clause after
	 * it, which must tell a refusal that came because the lease it relied on had ended (a refused write made on a lease no longer
	 * live, or a renewal of a lease that ran out). The span is the preface's.
	 */
	tooLate?: { start: number; end: number }
	/** With `during`: it follows "although" ("…, although its count is 1"), a concession: the state held then, and it claims no cause. */
	concedes?: true
	/**
	 * "It is larger than B's fence 2" after a clause that named its subject's fence by its value ("A gets the key with fence 1", "A's old
	 * fence 1 is from an older epoch"): "it" is that fence, so the subject's fence it compares must be it (where the check compares it).
	 */
	itFence?: Slot
	/** Read with "it" or "that fence" standing for a fence the clause before named: what it compares is fences ("…, so it is larger than B's"). */
	ofFence?: true
	/**
	 * The state of "S when E" (`state-first`): `during` said with "when", S held at E's moment as after
	 * "while", having begun before E; of "When E, S" (`event-first`), S held at E's moment and may have
	 * begun at that very moment of the clock, as what E made so ("When A lets go, the key is free").
	 */
	when?: 'state-first' | 'event-first'
	/**
	 * It follows a bare "and" (no comma): right after a clause read after "because" (or "since"), or after another clause so joined
	 * to one, it tells a cause too ("B gets in because A lets go and D lets go": D's let-go is why B got in as well).
	 */
	bareAnd?: true
	/** It follows a colon: it says why the clause before holds, so a comparison of fences after a write's answer ("the database refuses A's write: 7 < 8") compares that write's. */
	explains?: true
	/** It follows a part of its sentence that did not read: it is checked for its facts, and starts afresh (no order or cause is judged against what came before). */
	gap?: true
	/** "After 30 s" before a clause that tells no moment: the time that passed, read as a clause "30 s pass" told before it. */
	passes?: Slot
	/** An aside after it says how long its pause lasted (`long`, `short`): checked against when the worker's lease ran out. */
	length?: { word: 'long' | 'short'; start: number; end: number }
	/** ", 7 s of it" at the end of its sentence, right after it, a clause that tells a worker starting its work ('starts-working'): that work lasted exactly `ms`, from its start to where its code left the hold or its process paused or crashed (checked as `workLastedProblem` says). The span is the length's. */
	lasted?: { ms: number; start: number; end: number }
	/** What paused the worker is a noun of the scene's code, not a cause of the lexicon's ("the export freezes B"): the worker's code was at work in a hold as it paused. The span is the noun's. */
	workCause?: { noun: string; start: number; end: number }
	/**
	 * "finally" or "eventually" before a grant: its worker had waited for it (the grant came from the line, or after an ask of
	 * that key refused or given up since its last grant of it); "this time" before a grant or an ask: its worker asked that key
	 * before the ask it tells (or the grant answers), and before a grant ("this time gets the key"), not in the form's own wording,
	 * that ask before was turned down: refused, given up or left. Before another clause they claim nothing. The span is the word's.
	 */
	earlier?: { word: 'finally' | 'eventually' | 'this time'; start: number; end: number; /** The form's own wording has it ("B gets it again, this time with fence 3", "B asks, this time willing to wait 9 s"): it contrasts what follows it with the ask before, not whether that ask was turned down. */ own?: true; /** "this time" right before "with fence": the ask before was turned down, or got the key with another fence ("A gets it, this time with fence 2"). */ fence?: true; /** "this time" before "willing to wait" with no length ("B asks again, this time willing to wait", "this time it is willing to wait"): the worker's ask of that key right before this one did not wait (a try, a wait of 0 s, or turned away the moment it asked). */ waits?: true }
	/** "…, then saves with it" with no clause before it in its sentence about its worker: "it" names no fence the text told, so it is refused (checked, not read: the registry's example is the clause alone). */
	alone?: true
	/**
	 * A copy of the state of a sentence's opening "While S," held after a clause of its main part other than the last ("While A is
	 * paused, B asks and gets the key": S after "B asks" too): checked as a state after "while" is, at that clause, and telling
	 * nothing: no order, cause, moment or event of the text is taken from it.
	 */
	repeated?: true
	/**
	 * A clause joined by a bare "and" (or a comma) to the main clause of "When X, Y" or "As soon as X, Y" ("…, B saves and lets go"): it is
	 * `then: 'when'`, at X's moment, which the opening reaches; and as Y, it came of the lease end X tells, if X tells one.
	 */
	reached?: true
	/** Of a clause `reached` after "so" ("As soon as A lets go, the key is free, so B gets it"): the clause before is why it happened, checked as after "so". */
	so?: true
	/** "right then" (or "just then", "at that moment"), which read the clause as "when" does: the words, for messages. */
	same?: string
	/** "The new A asks again" ("the restarted A"): its subject is named as the worker after its crashed process restarted; the span is the words and the name. */
	restarted?: { start: number; end: number }
	/** "Nothing happens until A's lease runs out": an event, before whose moment the step had no happening but the clock's passing. The span is the words'. */
	quiet?: { start: number; end: number }
	/** "B, who was waiting, takes over": its subject got the key it tells of from the line; the span is the aside's. */
	waited?: { start: number; end: number; /** "all along": and all the time the holder before it had the key. */ allAlong?: true; /** "the whole time", "all this time": since it first asked, on one ask. */ wholeTime?: true }
	/**
	 * A clause of a form that tells a worker's work ("A rebuilds the index", "finishes its export", "is still working"): its
	 * words outside its slots, lower case, which name the calls of the code the work is (`work-lines.ts`).
	 */
	work?: string[]
	/**
	 * A clause of a form that tells a worker's write and names what it wrote ("A saves a draft", "saves the final report",
	 * "B saves its THING"): those words (the form's own left out), and those of what it says it was of, after "of" ("a
	 * draft of the chat"), lower case, and their span.
	 * They must be what that write carried (`SAVED_FORMS`).
	 */
	saved?: { words: string[]; of: string[]; start: number; end: number }
}

/** Words a form's words for what a worker wrote may hold that name nothing: determiners, and the words a clause's "too" or "again" add. */
const SAVED_FILLER = new Set(['a', 'an', 'the', 'its', 'their', 'too', 'again', 'as', 'well', 'both', 'all', 'each'])

/** The forms whose clauses tell a worker's work, checked against the statements its code ran (`ReadClause.work`). */
export const WORK_FORMS: ReadonlySet<string> = new Set(['starts-working', 'settles-in', 'workers-start-working', 'workers-start-working-together', 'still-working', 'works', 'works-for-a-while', 'finishes-work', 'work-finishes', 'finishes-first'])

/** A problem with where it is in the text (offsets into the text's value). */
export interface ReadProblem {
	start: number
	end: number
	message: string
	/** The span of the author's words a true sentence is offered for ("did you mean"): a part that reads as no form, or a claim that does not hold. */
	offer?: { start: number; end: number }
	/**
	 * A state told with "while" that began only after the clause before it happened: the spans of that clause
	 * (`before`) and of the state (`after`), which the offer may join with ", and" instead, once that reads true.
	 */
	rejoin?: { before: { start: number; end: number }; after: { start: number; end: number } }
}

export interface ReadResult {
	clauses: ReadClause[]
	/** Spans read as asides: neutral words that claim nothing. */
	asides: { start: number; end: number }[]
	problems: ReadProblem[]
}

type Item = { kind: 'clause'; clause: ReadClause } | { kind: 'aside'; start: number; end: number }

/** Where a sentence may be cut into clauses: the connective's span, and whether it is a colon (after which an aside may stand). */
interface Cut {
	at: number
	end: number
	colon: boolean
	/** A joint after which the clause speaks of what the clause before the one it follows spoke of: "B asks while A holds it, and waits". */
	aside?: 'while' | 'when'
	/** "for", after a clause that says a worker paused: an aside follows ("A pauses for a long garbage collection"). */
	for?: true
}

/** The words that tell a happening came before: to another worker (`too`, `as well`) or to the same (`again`). */
const ALSO = / (too|as well|again)(?=$|,? with fence )/
const ALSO_FENCE = / also(?= with fence )/

/** "again" inside a clause, before more words, with the space before it. */
const AGAIN_INSIDE = / again(?=,? )/

/** "at the end" (of the scene) at a clause's end, with the space before it: the moment the scene ends. */
const SCENE_END = / at the (end)(?: of the scene)?$/d

/** "at the start" (of the scene) at a clause's end, with the space before it: the scene's first moment, 0 s, as "at 0 s" names it. */
const SCENE_START = / at the (start|beginning)(?: of the scene)?$/d
/** "At the start" (of the scene) before a clause, with the comma or space after it: the scene's first moment, as it is at a clause's end. */
const SCENE_START_HEAD = /^at the (?:start|beginning)(?: of the scene)?(?=,? )/i

/** "now" as a word of its own inside a clause or at its end, with the space before it. */
const NOW = / now(?= |$)/
/**
 * "as long as it takes" after "willing to wait" (or "ready to wait"), at the end or before a last "now", which reads as `UNLIMITED`; so does
 * "(for) as long as it takes" right after "waits" as `SERVED` ("B asks and waits for as long as it takes": `waits-until-served`).
 */
const AS_LONG_AS_IT_TAKES = /(?<=(?:willing|ready) to wait |(?:^| )waits )(?:for )?as long as it takes(?= now$|$)/
const UNLIMITED = 'without a limit'
/** What "waits (for) as long as it takes" reads as (`waits-until-served`): a wait that ended by itself, not one a crash ended. */
const SERVED = 'until served'
/** ", 7 s of it" at the end of a sentence: how long the work the clause right before it started lasted (`ReadClause.lasted`). */
const WORK_LASTED = new RegExp(`, (${DURATION_PATTERN}) of it$`, 'i')
/** "long" in "has waited long enough", which reads as "has waited enough". */
const LONG_ENOUGH = /(?<= has waited) long(?= enough$)/
/** "for a long time" (or "while") after "keeps" or "holds", which reads as `AGES` (`keeps-for-a-long-time`). */
const LONG_TIME = /(?<=(?:^| )(?:keeps|holds) .+) for a long (?:time|while)$/
const AGES = ' for ages'
/** "Nothing happens until" (or "nothing else happens until") before an event: nothing happened in the step before its moment. */
const QUIET = /^nothing (?:else )?happens until /i

/** A relative clause after a lease that says its worker does not renew it ("a 10 s lease that it does not renew"): read as `holds-without-renewing`. */
const UNRENEWED = /^(?:which|that) (?:it (?:does not|doesn't|never) renews?|is (?:not|never) renewed)$/i
/** "a 10 s lease, which its process renews" (or "which it renews as it goes", "that renews on its own"): the habit of its hold, as "which its
 * hold renews on its own" says (a relative clause only). */
const PROCESS_RENEWS = /^(?:which|that) (?:its process renews|it renews as it goes|renews (?:on its own|by itself|automatically))$/i

/** "a 4 s lease that does not renew on its own" (or "which its hold does not renew on its own"): its hold has renewal off, as "its hold has
 * renewal off" says; unlike "that is not renewed", a renewal by hand may follow (a relative clause only). */
const NOT_OWN_RENEWAL = /^(?:which|that) (?:(?:does not|doesn't|never) renews?|its (?:hold|process) (?:does not|doesn't|never) renews?(?: it)?) (?:on its own|by itself|automatically|in the background)$/i

/** "and renewal is off" (or "and renewal off", "and automatic renewal off") after a clause about a worker: its hold has renewal off, as "its hold has renewal off" says. */
const RENEWAL_OFF = /^(?:its )?(?:automatic |auto-)?renewal (?:is )?(?:turned )?off$/i

/** A neutral adverb as a word of its own in a clause ("B simply holds the key", "and just lets go"), with the space after it. */
const ADVERB = new RegExp(`(?<=^| )(?:${NEUTRAL_ADVERBS.join('|')}) `, 'i')

/**
 * "merely", "only" or "just" before a verb ("A merely holds the key", "B just waits"): it says that is all the worker does, which
 * no form reads (the record cannot decide it). A clause that reads without it is told so (`problemAt`); "only" and "just" in a form's
 * own words ("only now", "has just got", "just then") read there and never come here, and "the only" is no such adverb. The verb is a word of three
 * letters or more ending in "s" or "ing", not "this", "thus" or "its" ("just as" is a moment, not such an adverb).
 */
const MERE = /(?<=^| )(?<!\bthe )(merely|only|just) (?=(?!(?:this|thus|its)\b)[a-z]{2,}(?:s|ing)\b)/i

/** "still" as a word of its own, which a clause that does not read is told the forms of. */
const STILL = /\bstill\b/i

/**
 * Joints between clauses; " that" after a lease or key ("a 10 s lease that nothing renews") opens a clause about it, as ", which" does;
 * and a space after a fence before "from the new epoch" ("with fence 5000:1 from the new epoch") as a comma would: those words are that fence's.
 */
const CONNECTIVE = /,? and then |, then | then |, and |, so |, but |, because |, since |,? while |,? when |,? although |, though | and | so | but | because | since |, |: | for (?=an? |the )|(?<=\b(?:lease|key)) (?=that )|(?<=\bfence \d[\d:]*) (?=(?:from|of|in) (?:the|the store['’]s|its store['’]s) new epoch\b)|(?<=\b(?:key|it|once|away)) (?=with a fence (?:from|of|in) (?:a|the|the store['’]s|its store['’]s) new epoch\b)/g

/**
 * The forms that, before "when", hold over a span the event after "when" falls in: a state that held
 * from the step's start to its end ("A is still paused when its lease runs out") held at that event.
 * Any other state before "when" could have begun after the event, so "when" does not join it.
 */
const BEFORE_WHEN = new Set(['is-still-paused', 'still-holds', 'lease-still-live'])

/** The comparisons of two workers' fences, which may leave out "fence" right after one that says it ("C's fence is larger than B's, and B's is larger than A's"). */
const BARE_COMPARISONS: ReadonlySet<string> = new Set(['fence-larger-than', 'fence-smaller-than'])

/** A comma right before "before it saves" ("before saving", "before it writes", "before writing"): the clause reads as it does without it ("A's process pauses, before it saves"). */
const COMMA_BEFORE = /,(?= before (?:it saves|it writes|saving|writing|any renewal is due|a renewal is due|its first renewal)\b)/

/** A clause of its own, after a worker's pause, that tells only when it paused: "before its first renewal is due". */
const PAUSE_BEFORE_DUE = /^before (?:its first renewal(?: is due)?|any renewal is due)$/i

/** A clause of its own, after a worker's let-go, that tells only how much of its lease was left: "long before its lease would run out". */
/** ", without saving anything" after a clause about a worker: it made no write in the step (`does-not-save`); group 1 is what it names after "its". */
const WITHOUT_WRITING = /^without (?:saving|writing)(?: anything|( its \S+))?$/i
const LET_GO_LONG_BEFORE = /^(?:long|well) before its lease (?:would run out|would expire|runs out|expires)$/i

/** "then" inside a clause, after its subject ("the key then goes to B", "it then pauses"), with the space before it. */
const THEN_INSIDE = / then(?= )/
/** The most connectives a sentence may have: reading tries every way to cut a sentence, so a long one is refused, not read slowly. */
const MAX_CUTS = 24

/**
 * What a clause named its worker's work or write as, which "it" after "saves" in the clause after it names: the words its
 * write's form read as what it wrote, else the nouns of its work phrase after its last determiner ("finishes its monthly
 * export": "export"), without its form's own words and the lexicon's work adjectives.
 */
function thingOf(clause: ReadClause): string[] {
	if (clause.saved !== undefined) return clause.saved.of.length > 0 ? [] : clause.saved.words
	if (clause.work === undefined) return []
	const own = new Set([clause.form.pattern, ...(clause.form.alternatives ?? [])].flatMap(pattern => pattern.replace(/\{[a-z]+\}/g, ' ').toLowerCase().split(/[^a-z]+/)).filter(Boolean))
	// The noun after its verb: the words after the phrase's last determiner ("rebuilds the index": "index").
	const last = Math.max(...['its', 'the', 'a', 'an'].map(word => clause.work?.lastIndexOf(word) ?? -1))
	return clause.work.slice(last + 1).filter(word => !own.has(word) && !SAVED_FILLER.has(word) && !WORK_ADJECTIVES.includes(word))
}

/** Forms whose wordings of a semaphore's place ("gets a place") are refused of a lock: the words that name a place, and what to write of a lock. */
const PLACE_WORDINGS: Readonly<Record<string, { test: RegExp; write: string }>> = {
	gets: { test: /\b(?:gets|takes|get|take) an? (?:place|slot)\b/i, write: 'gets the key' },
	'tries-the-key': { test: /\btries for an? (?:place|slot)\b/i, write: 'tries for the key' },
	asks: { test: /\btries to (?:get|take) an? (?:place|slot)\b/i, write: 'tries to get the key' },
	'lets-go': { test: /\blets go of its (?:place|slot)\b/i, write: 'lets go of the key' },
}

/** Reads a text of a place; the result is kept, as it depends on nothing else. */
export function readText(language: SceneLanguage, text: string, place: Place): ReadResult {
	const key = `${place}\u0000${text}`
	const kept = language.read.get(key) as ReadResult | undefined
	if (kept) return kept
	const result: ReadResult = { clauses: [], asides: [], problems: [] }
	let referent: string | undefined
	/** The workers the sentences before named together, which "they" and "both" name when the clause before names one. */
	let plural: string[] | undefined
	/** The store the last key a clause named was from ("the key from Store B"), which "it" as a key names after it. */
	let keyTold: string | undefined
	/** The moment a sentence that ended at a semicolon opened with, every clause of it having been at that moment: it reaches on past the semicolon. */
	let carried: Opening | undefined
	/** A sentence that opened with "When X," "Once X," or "As soon as X," and ended at a semicolon, X's moment having reached its every clause after the comma: it reaches on past the semicolon. */
	let whenCarried = false
	/** The worker whose fence the last clause of the sentence before named, which "It is larger than B's fence 2" compares. */
	let fenceTold: FenceTold | undefined
	for (const [start, end] of sentences(text)) {
		const reach = carried
		carried = undefined
		const reachWhen = whenCarried
		whenCarried = false
		// ", 7 s of it" closing the sentence tells how long the work its last clause started lasted: the sentence is read without it.
		const lastedWords = WORK_LASTED.exec(text.slice(start, end))
		const readEnd = lastedWords === null ? end : start + lastedWords.index
		const read = readSentence(language, text, start, readEnd, place, referent, plural, fenceTold)
		fenceTold = undefined
		if (!('problem' in read)) plural = pluralOf(read.items) ?? plural
		if ('problem' in read) {
			result.problems.push(read.problem)
			continue
		}
		if (read.problems) result.problems.push(...read.problems)
		if (reachWhen) reachedOn(text, start, read.items)
		const reaching = sharedMoment(text, start, read.items, reach, result.problems)
		if (reaching !== undefined && text[end] === ';') carried = reaching
		if (text[end] === ';' && whenReachesEnd(text, start, read.items)) whenCarried = true
		whileGoverns(text, read.items)
		// A part that did not read may be the pause an aside's "long" tells of: that is not judged until it reads.
		const unread = (read.problems?.length ?? 0) > 0
		const opening = read.items.findIndex(item => item.kind === 'clause')
		const first = read.items[opening]
		if (result.clauses.length > 0 && first?.kind === 'clause') read.items[opening] = { kind: 'clause', clause: { ...first.clause, ...(first.clause.then === undefined ? { then: 'sentence' as const } : {}), opens: true } }
		// The pause an aside's "long" or "short" tells: the sentence's last clause that says a worker paused.
		let pause: number | undefined
		// Where this sentence's clauses begin among the text's.
		const opened = result.clauses.length
		for (const item of read.items) {
			if (item.kind === 'aside') {
				// An aside says what a worker is busy with: after a clause about no worker it would judge what the engine did.
				const last = result.clauses[result.clauses.length - 1]
				const busy = pause !== undefined || (last?.subject !== undefined && language.names.kindOf(last.subject) === 'worker')
				if (place !== 'caption' || (!busy && !unread)) {
					result.problems.push({ start: item.start, end: item.end, message: place !== 'caption' ? 'an aside after a colon is for a caption, not a label' : 'an aside after a colon says what a worker is busy with, so it follows only a clause about a worker (its subject)' })
					continue
				}
				result.asides.push({ start: item.start, end: item.end })
				const length = /\b(long|short)\b/.exec(text.slice(item.start, item.end))
				if (!length) continue
				const word = length[1] as 'long' | 'short'
				const at = item.start + length.index
				const paused = pause === undefined ? undefined : result.clauses[pause]
				if (pause === undefined || !paused) {
					if (unread) continue
					result.problems.push({ start: at, end: at + word.length, message: `"${word}" in an aside tells how long a pause lasted; it may follow only a sentence that says a worker pauses or stalls, with no clause about another worker between` })
					continue
				}
				// "A short GC pauses A: a long one" says both: the aside may not take back the word before the cause.
				if (paused.length !== undefined && paused.length.word !== word) {
					result.problems.push({ start: at, end: at + word.length, message: `"${word}" says the opposite of "${paused.length.word}" before what paused the worker; a pause is long or short, not both` })
					continue
				}
				result.clauses[pause] = { ...paused, length: { word, start: at, end: at + word.length } }
			} else {
				let clause = keyOfBefore(item.clause, keyTold)
				// "the row ends with A's stale one": "one" stands for the written thing its sentence named before it ("B's THING is overwritten").
				if (ONE_FORMS.has(clause.form.id) && /\bone$/i.test(text.slice(clause.start, clause.end)) && !new RegExp(`\\b(?:${[language.words.thing, 'write', 'writes'].map(word => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`, 'i').test(text.slice(start, clause.start))) {
					result.problems.push({ start: clause.start, end: clause.end, message: `"one" stands for the ${language.words.thing} (or write) its sentence named before it, and this sentence names none before it: write "${language.words.thing}" for "one"` })
					continue
				}
				// "The database takes this write" ("that write", "this save"): the write the latest clause before it in the text told, its worker's.
				if (clause.slots.some(slot => slot.value.type === 'actor' && slot.value.id === THIS_WRITE)) {
					const teller = [...result.clauses].reverse().find(before => writersOf(before) !== undefined)
					const writers = teller === undefined ? undefined : writersOf(teller)
					const words = /\bth(?:is|at) (?:new |late |stale |older )?(?:write|save)\b/i.exec(text.slice(clause.start, clause.end))?.[0] ?? 'this write'
					if (writers === undefined || writers.length !== 1) {
						result.problems.push({ start: clause.start, end: clause.end, message: `"${words}" is the write a clause before it told, and ${writers === undefined ? 'no clause before it tells a write' : writers.length === 0 ? 'the clause before that tells a write does not name its worker' : `the clause before that tells writes tells ${writers.length}, of ${writers.map(id => language.names.labelOf(id)).join(', ')}`}: name its worker ("A's write")` })
						continue
					}
					const writer = writers[0] as string
					clause = { ...clause, slots: clause.slots.map(slot => (slot.value.type === 'actor' && slot.value.id === THIS_WRITE ? { ...slot, value: { type: 'actor' as const, id: writer } } : slot)), ...(clause.subject === THIS_WRITE ? { subject: writer } : {}) }
				}
				// "The database takes B's write, because its fence is larger than A's": "its" after a clause about a database is the worker's of
				// the write the clause right before it told; a clause before that tells no write, or writes of several workers, leaves it naming none.
				if (clause.slots.some(slot => slot.value.type === 'actor' && slot.value.id === ITS_WRITE)) {
					const before = result.clauses.filter(one => one.end <= clause.start).reduce<ReadClause | undefined>((last, one) => (last === undefined || one.end >= last.end ? one : last), undefined)
					const writers = before === undefined ? undefined : writesToldBy(language, before)
					const problem = before === undefined ? 'no clause comes before it' : writers === undefined ? 'the clause right before it tells no write' : writers === 'both' ? 'the clause right before it tells two writes' : writers.length === 0 ? 'the clause right before it does not name the worker of the write it tells' : writers.length > 1 ? `the clause right before it tells writes of ${writers.map(id => language.names.labelOf(id)).join(' and ')}` : undefined
					if (problem !== undefined || writers === undefined || writers === 'both') {
						result.problems.push({ start: clause.start, end: clause.end, message: `"its" here would name ${before?.subject === undefined ? 'a database' : language.names.labelOf(before.subject)}, which has no fence or lease, so it is read as the worker of the write the clause right before it told ("B saves, and the database takes it, because its fence is larger than A's"); ${problem ?? 'that clause names none'}: write the worker's name ("B's fence")` })
						continue
					}
					const writer = writers[0] as string
					clause = { ...clause, slots: clause.slots.map(slot => (slot.value.type === 'actor' && slot.value.id === ITS_WRITE ? { ...slot, value: { type: 'actor' as const, id: writer } } : slot)), ...(clause.subject === ITS_WRITE ? { subject: writer } : {}) }
				}
				// "A long garbage collection pauses A": "long" or "short" before what paused it tells the pause's length, as an aside's does.
				const length = CAUSE_LED.test(clause.form.pattern) ? CAUSE_LENGTH.exec(text.slice(clause.start, clause.end)) : null
				if (length) {
					const at = clause.start + length.index + (length[0].length - (length[1] as string).length - 1)
					clause = { ...clause, length: { word: length[1] as 'long' | 'short', start: at, end: at + (length[1] as string).length } }
				}
				// "The export freezes B": what paused it is a noun of the scene's code, not a cause of the lexicon's: the worker was at that work.
				// Its words, without a neutral adverb or "then" a variant read it without ("the export then freezes B"), up to the verb (the clause's
				// end is its variant's, which such a word shortened).
				// A cause of the lexicon's that is the scene's work ("deploy" where its work is lent "deploy") is that work too.
				const cause = CAUSE_LED.test(clause.form.pattern) ? causeOf(language, text, clause.start) : undefined
				if (cause && (!PAUSE_CAUSES.some(known => known.toLowerCase() === cause.noun.toLowerCase()) || language.work.has(cause.noun.toLowerCase()))) {
					clause = { ...clause, workCause: cause }
				}
				// "…, without letting go" tells what a worker did not do as its process paused or crashed: with its subject left out, it
				// follows a clause of this sentence that says so, of the same worker ("A crashes while it holds the key, without letting go").
				// Its subject written out ("Worker A without letting go of the key", the registry's example) is read all the same: the check asks for the pause.
				if (clause.form.id === 'without-letting-go' && /^without /i.test(text.slice(clause.start, clause.end))) {
					const paused = pause === undefined ? undefined : result.clauses[pause]
					if (paused === undefined || paused.subject !== clause.subject) {
						result.problems.push({ start: clause.start, end: clause.end, message: `"without letting go" tells what a worker did not do as its process paused or crashed: it follows, after a comma, a clause of its sentence that says so of the same worker, and takes that clause's subject ("A crashes while it holds the key, without letting go")` })
						continue
					}
				}
				// "Without letting go of its place" (or "its slot") is of a semaphore's key, which a worker holds a place of; a lock's holder
				// has the key, not a place, so of a scene with no semaphore it is refused rather than read as the key.
				const placeKey = clause.slots.find(slot => slot.type === 'key')?.value
				const placeStore = placeKey?.type === 'key' ? placeKey.store : undefined
				if ((clause.form.id === 'without-letting-go' || clause.form.id === 'crashes-without-letting-go') && /\bits (?:place|slot)\b/i.test(text.slice(clause.start, clause.end)) && !language.names.cast.some(actor => actor.kind === 'store' && actor.limit !== undefined && (placeStore === undefined || placeStore === actor.id))) {
					result.problems.push({ start: clause.start, end: clause.end, message: `"its place" (or "its slot") is what a worker holds of a semaphore, and ${placeStore === undefined ? 'this scene has none' : `${language.names.labelOf(placeStore)} is a lock`}: a lock's holder has the key, not a place; write "without letting go of the key"` })
					continue
				}
				// "Asks for a place, willing to wait 3 s" (or "a slot") is of a semaphore's key as "asks for the key" is, and "gives up after 3 s, without
				// a place" as "without the key"; a lock has no places, so of a lock they are refused.
				if (((clause.form.id === 'asks-with-wait' && /\bfor a (?:place|slot)\b/i.test(text.slice(clause.start, clause.end))) || (clause.form.id === 'gives-up-after' && /\bwithout a (?:place|slot)\b/i.test(text.slice(clause.start, clause.end)))) && !language.names.cast.some(actor => actor.kind === 'store' && actor.limit !== undefined && (placeStore === undefined || placeStore === actor.id))) {
					result.problems.push({ start: clause.start, end: clause.end, message: `"a place" (or "a slot") is what a worker asks a semaphore for, and ${placeStore === undefined ? 'this scene has none' : `${language.names.labelOf(placeStore)} is a lock`}: a worker asks a lock for the key; write "${clause.form.id === 'asks-with-wait' ? 'asks for the key' : 'without the key'}"` })
					continue
				}
				// "Asks again, this time willing to wait" (or "this time it is willing to wait") contrasts this ask with the worker's ask
				// right before it, which did not wait (`ReadClause.earlier.waits`, checked with "this time"). Of "asks again" with no limit
				// that contrast is not checked (an ask before with a limit waited too), so it is refused rather than read as "asks again" alone.
				if (clause.form.id === 'asks-again-without-limit' && clause.earlier?.word === 'this time') {
					result.problems.push({ start: clause.start, end: clause.end, message: `"this time" after "asks again" says the ask before this one did not wait, which is not checked of an ask without a limit; write "asks again, this time willing to wait", or "asks again, willing to wait for ever"` })
					continue
				}
				if ((clause.form.id === 'asks-again-willing-to-wait' || clause.form.id === 'asks-willing-to-wait' || clause.form.id === 'asks-willing-to-wait-short') && clause.earlier?.word === 'this time' && clause.earlier.own !== true) clause = { ...clause, earlier: { ...clause.earlier, waits: true } }
				// "Gets a place" (or "takes a place"), "tries for a place", "tries to get a place" and "lets go of its place" are of a semaphore's
				// key as "gets the key", "tries the key", "asks for the key" and "lets go" are; a lock has no places, so of a lock they are refused.
				const placeWords = PLACE_WORDINGS[clause.form.id]
				if (placeWords !== undefined && placeWords.test.test(text.slice(clause.start, clause.end)) && !language.names.cast.some(actor => actor.kind === 'store' && actor.limit !== undefined && (placeStore === undefined || placeStore === actor.id))) {
					result.problems.push({ start: clause.start, end: clause.end, message: `"a place" (or "a slot", "its place") is what a semaphore gives a worker, and ${placeStore === undefined ? 'this scene has none' : `${language.names.labelOf(placeStore)} is a lock`}: the key is a lock's, whose holder has the key, not a place; write "${placeWords.write}"` })
					continue
				}
				// "B tries for a place and gets one" ("gets one at once"): "one" stands for the place a clause of its sentence named before it, and
				// says "gets a place"; with no place named before it in its sentence, or in a scene with no semaphore, it is refused.
				if ((clause.form.id === 'gets' || clause.form.id === 'gets-right-away') && /\b(?:gets|takes|get|take) one\b/i.test(text.slice(clause.start, clause.end))) {
					const semaphore = language.names.cast.some(actor => actor.kind === 'store' && actor.limit !== undefined)
					if (!semaphore || !/\b(?:places?|slots?)\b/i.test(text.slice(start, clause.start))) {
						result.problems.push({ start: clause.start, end: clause.end, message: semaphore ? `"one" stands for a place (or a slot) a clause of its sentence named before it ("B tries for a place and gets one"), and this sentence names none before it: write "a place" for "one"` : `"one" stands for a place (or a slot), which is what a semaphore gives a worker, and this scene has none: write "gets the key"` })
						continue
					}
				}
				// "long" of a work that starts is measured (its `length`, checked as `longWorkProblem` says) right after the determiner ("starts a
				// long export"); anywhere else among the work's words it is refused, not left neutral.
				// "slow" is read as "long" is: a slow work is one that lasts long (trial a27's 13).
				if (clause.form.id === 'starts-working' && /\b(?:long|slow)\b/i.test(text.slice(clause.start, clause.end))) {
					const long = /\b(?:starts?|started|starting|begins?|began|beginning)\s+(?:a|an|its|the)\s+(long|slow)\b/i.exec(text.slice(clause.start, clause.end))
					if (long === null) {
						const word = (/\b(long|slow)\b/i.exec(text.slice(clause.start, clause.end)) as RegExpExecArray)[1]?.toLowerCase()
						result.problems.push({ start: clause.start, end: clause.end, message: `"${word}" of a work that starts tells how long it lasted, and reads right after "a" (or "its", "the"): "starts a ${word} export"; write it there, or leave it out` })
						continue
					}
					const at = clause.start + long.index + long[0].length - 4
					clause = { ...clause, length: { word: 'long', start: at, end: at + 4 } }
				}
				// "The semaphore lets A and B in" needs a semaphore, as "gets a place" does (trial a26's 11); that one store let them all in
				// is the form's meaning (trial a26's 10).
				if (clause.form.id === 'lets-in') {
					const stores = language.names.cast.filter(actor => actor.kind === 'store')
					const semaphore = /\bsemaphore\b/i.test(text.slice(clause.start, clause.end))
					const problem = semaphore && !stores.some(actor => actor.limit !== undefined)
						? `"the semaphore" lets workers in only in a scene with a semaphore (a lock store with places), and this scene has none: its lock lets one in at a time; write "the lock lets A in", or tell each grant ("A gets the key")`
						: undefined
					if (problem !== undefined) {
						result.problems.push({ start: clause.start, end: clause.end, message: problem })
						continue
					}
				}
				// "A, B and C each take one" leaves out what each took: it is a place, and reads only after words of the text before it that name
				// places ("A semaphore with three places. Workers A, B and C each take one").
				if ((clause.form.id === 'workers-each-take-one-of-them' || clause.form.id === 'workers-each-hold-one') && !/\b(?:places?|slots?)\b/i.test(text.slice(clause.start, clause.end)) && !/\b(?:places?|slots?)\b/i.test(text.slice(0, clause.start))) {
					result.problems.push({ start: clause.start, end: clause.end, message: clause.form.id === 'workers-each-take-one-of-them' ? `"each take one" does not say what each took: it reads only after words that name a semaphore's places ("The semaphore has three places. A, B and C each take one"); else write "each take a place"` : `"hold one each" does not say what each holds: it reads only after words that name a semaphore's places ("The semaphore has three places. A and B hold one each"); else write "each hold a place"` })
					continue
				}
				// "B's is larger than A's" leaves out what it compares: it is the fences of a comparison of two workers' fences right before it in its
				// sentence. ("…, which is larger than A's" and "…, larger than A's" after a clause about a worker are of that worker's fence.)
				if (BARE_COMPARISONS.has(clause.form.id) && !clause.relative && clause.ofFence !== true && !/\bfence\b|^(?:larger|higher|greater|bigger|smaller|lower|less) /i.test(text.slice(clause.start, clause.end))) {
					const before = result.clauses.length > opened ? result.clauses[result.clauses.length - 1] : undefined
					if (before === undefined || !BARE_COMPARISONS.has(before.form.id)) {
						result.problems.push({ start: clause.start, end: clause.end, message: `"${text.slice(clause.start, clause.end)}" does not say what it compares: without the word "fence" it reads only right after a comparison of two workers' fences in its sentence ("C's fence is larger than B's, and B's is larger than A's"); else write "fence" ("B's fence is larger than A's")` })
						continue
					}
				}
				// "A is still working and healthy": the bare adjective shares the subject and "is" of the state right before it, joined by "and".
				if (clause.bare) {
					const before = result.clauses.length > opened ? result.clauses[result.clauses.length - 1] : undefined
					if (before === undefined || before.subject !== clause.subject || before.form.tells !== 'state' || !/^,? and $/.test(text.slice(before.end, clause.start))) {
						result.problems.push({ start: clause.start, end: clause.end, message: `"${text.slice(clause.start, clause.end)}" alone is a state of the subject of the state right before it, joined to it by "and" ("A is still working and healthy"); ${before === undefined || before.subject === undefined ? 'no such state comes before it' : before.form.tells !== 'state' ? 'the clause before tells no state' : before.subject !== clause.subject ? 'the clause before is about another' : 'only "and" may join them'}: write its subject and "is" ("${language.names.labelOf(clause.subject ?? '')} is ${text.slice(clause.start, clause.end)}")` })
						continue
					}
				}
				// "…, then saves with it": "it" is the fence its worker had just got, which the clause right before it in its sentence, about that worker, tells
				// (with a clause about another between, "A gets the key with fence 1, B asks, then A saves with it", the reader cannot tell which fence).
				const right = result.clauses.length > opened ? result.clauses[result.clauses.length - 1] : undefined
				if (clause.form.id === 'saves-with-it' && right?.subject !== clause.subject) clause = { ...clause, alone: true }
				// "A finishes its export and saves it": "it" is what the clause right before it named its worker's work or write as, and
				// that is what the write must have carried (`SAVED_FORMS`); a clause before about another worker, or that named no such thing
				// ("A gets the key and saves it": the key), leaves "it" naming nothing a write carries.
				const savedIt = SAVED_FORMS.has(clause.form.id) && clause.saved === undefined ? /\bsaves it\b/i.exec(text.slice(clause.start, clause.end)) : null
				if (savedIt) {
					const before = result.clauses[result.clauses.length - 1]
					const thing = before === undefined || before.subject !== clause.subject ? [] : thingOf(before)
					const at = clause.start + savedIt.index + 'saves '.length
					if (thing.length === 0) {
						result.problems.push({ start: at, end: at + 2, message: `"it" after "saves" names what the clause right before it, about the same worker, named as that worker's work or write ("A finishes its export and saves it"), and ${before === undefined ? 'no clause comes before it' : before.subject !== clause.subject ? 'that clause is about another worker' : 'that clause names none'}: say what it saves ("saves its ${language.words?.thing ?? 'write'}")` })
						continue
					}
					clause = { ...clause, saved: { words: thing, of: [], start: at, end: at + 2 } }
				}
				if (clause.slots.some(slot => slot.type === 'key')) keyTold = keyNamed(clause)
				const passes = clause.passes
				const timeForm = passes === undefined ? undefined : language.places.get(place)?.forms.find(compiled => compiled.form.id === 'time-passes')?.form
				if (passes !== undefined && timeForm !== undefined) {
					// "After 30 s nothing renews A's lease" tells "30 s pass, and nothing renews A's lease".
					const { passes: _passes, then, ...rest } = clause
					result.clauses.push({ form: timeForm, start: passes.start, end: passes.end, slots: [passes], modifiers: [], ...(then === undefined ? {} : { then }) })
					result.clauses.push(rest)
				} else result.clauses.push(clause.form.others ? withOthers(clause, result.clauses) : clause)
				// The aside tells the sentence's last pause, unless a clause about another worker came between:
				// in "A pauses, and B holds the key: a long call" the length is not A's pause's.
				const paused = pause === undefined ? undefined : result.clauses[pause]
				if (clause.form.pauses) pause = result.clauses.length - 1
				else if (paused && clause.subject !== undefined && clause.subject !== paused.subject) pause = undefined
			}
		}
		if (lastedWords !== null) {
			const at = readEnd + 2
			const words = text.slice(at, end)
			const ms = readDuration(lastedWords[1] as string)
			// The clause right before it: of this sentence's, the one whose words end where ", 7 s of it" begins.
			const index = result.clauses.map((one, i) => (i >= opened && one.end === readEnd ? i : -1)).reduce((last, i) => Math.max(last, i), -1)
			const before = index < 0 ? undefined : result.clauses[index]
			if (before === undefined || ms === undefined) {
				if (!unread) result.problems.push({ start: at, end, message: `"${words}" tells how long a work lasted, and reads only at the end of a sentence, right after a clause that tells a worker starting its work ("A starts a long piece of work, ${lastedWords[1]} of it")` })
			} else if (before.form.id !== 'starts-working') {
				result.problems.push({ start: at, end, message: `"${words}" tells how long a work lasted, and reads only right after a clause that tells one worker starting its work ("A starts a long piece of work, ${lastedWords[1]} of it"); the clause before it tells none: write "starts working" (or "starts its WORK") before it, or leave it out` })
			} else result.clauses[index] = { ...before, lasted: { ms, start: at, end } }
		}
		// What "it" or a left-out subject names in the next sentence: the subject of its last clause as written, in the text's
		// order ("Nobody holds the key when the lock restarts. It opens again" is the lock), whatever order it is read in.
		// A clause about no actor ("the key goes to B") leaves nothing for them to name.
		for (const item of read.items.filter(item => item.kind === 'clause').sort((a, b) => a.clause.start - b.clause.start)) referent = nextReferent(item.clause, referent)
		const lastClause = read.items.filter(item => item.kind === 'clause').sort((a, b) => a.clause.start - b.clause.start).pop()
		if (lastClause?.kind === 'clause') fenceTold = fenceNamed(language, text, lastClause.clause)
	}
	language.read.set(key, result)
	return result
}

/** The moment a sentence opens with: a moment its first clause names, or "at the same moment" (or "right then") opening it, with those words. */
type Opening = { moment: ReadClause['modifiers'][number]; same?: undefined } | { moment?: undefined; same: string }

/**
 * How far a sentence's opening moment reaches: one rule. The moment named before its first clause's words ("At 10 s A lets go",
 * "5 s later A lets go"; one after the verb, "A lets go at 10 s", is that clause's alone) is said of every clause after it in the
 * sentence, and past a semicolon on into the next, whatever joins them (a bare "and", a comma, "but", "so", a colon, a relative
 * "which" or "that"): each is given that moment, `shared`, which is the moment the first clause told ("At 10 s A lets go: B gets
 * the key" says B got it at 10 s). A state after "while" (or a relative state, "which A holds") holds at the clause before, so at
 * that moment: it is passed over, as told, and so is a cause after "because" or "since", which tells its own order (it may be
 * earlier); the clause after either is at the opening's moment again. One after "so" tells what held at that moment as a result,
 * and is given it. The reach ends at the first clause that tells its own moment or order: a moment of its own ("20 s later"), "then",
 * "when", a clause after a part that did not read, "After 30 s", or a claim of neither an event nor a state; and a sentence after
 * a semicolon that opens with "When", "Once", "After", "As soon as" or "While" tells its own.
 * "At the same moment" (or "right then", "at that moment") opening the sentence reaches as far, but not past "so" (whose clause it
 * would order twice) nor any state said of the clause before: each event joined is at the moment of what the clause before the
 * sentence told, as "when" reads it.
 * It returns the opening when every clause of the sentence took it (so it may reach on past a semicolon), else undefined.
 */
function sharedMoment(text: string, start: number, items: Item[], carried?: Opening, refused?: ReadProblem[]): Opening | undefined {
	const first = items.findIndex(item => item.kind === 'clause')
	const head = items[first]
	if (head?.kind !== 'clause') return undefined
	let from = first + 1
	let before = head.clause
	let opening: Opening | undefined
	if (carried !== undefined && head.clause.modifiers.length === 0 && !/^(?:when|once|after|as soon as|while)\b/i.test(text.slice(start))) {
		// After a semicolon: the first clause is reached as any other.
		opening = carried
		from = first
	} else {
		// The opening's moment: one named before the first clause's words, whatever stands before it ("At 10 s", "Then at 10 s", "Then, at
		// 10 s,", "While S, at 10 s"): one after its verb is that clause's ("A's lease runs out at 10 s, and B gets the key"); or "at the
		// same moment" (or "right then", "at that moment") opening the sentence, the moment of what the clause before the sentence told,
		// which each clause it reaches is at too, as the first is ("when").
		const named = head.clause.modifiers[0]
		const moment = named !== undefined && named.slot.end <= head.clause.start ? named : undefined
		const same = moment === undefined && head.clause.same !== undefined && head.clause.then === 'when' && SAME_OPENING.test(text.slice(start)) ? head.clause.same : undefined
		opening = moment !== undefined ? { moment } : same !== undefined ? { same } : undefined
	}
	if (opening === undefined) return undefined
	for (let k = from; k < items.length; k++) {
		const item = items[k] as Item
		if (item.kind !== 'clause') return undefined
		const clause = item.clause
		// The words between it and the clause before, after that clause's moment if it names one after its verb ("A lets go at 10 s and …").
		const joint = k === first ? '' : text.slice(Math.max(before.end, ...before.modifiers.map(modifier => modifier.slot.end)), clause.start)
		// A clause passed over may be joined by its own word too: "while" or "although" before a state, "because" or "since" before a cause.
		const own = passedOver(clause) && (clause.during === true ? /^,? (?:while|although) $/ : /^,? (?:because|since) $/).test(joint)
		if (k !== first && !own && !(clause.relative && /^,? ?$/.test(joint)) && !/^(?:,? (?:too|as well|again))?(?:,? and |, |,? but |, though |,? so |,? and so |: )$/.test(joint)) return undefined
		// A state held at the clause before (after "while", or "which A holds") holds at the opening's moment already: it is passed over.
		// One after "so" tells what held as a result at that moment ("At 10 s A lets go, so the key is free"): it is given it, as is one
		// after a colon or a semicolon.
		if (opening.moment !== undefined && passedOver(clause)) {
			before = clause
			continue
		}
		const ordered = opening.same !== undefined ? clause.then !== undefined || clause.relative === true : clause.then !== undefined && clause.then !== 'so'
		// A claim of no moment ("the limit is 3") the opening reaches would be said at its moment, as "At 10 s the limit is 3" would: refused.
		if (!ordered && refused !== undefined && clause.modifiers.length === 0 && !clause.gap && !clause.passes && atNoMoment(clause)) refused.push(noMomentProblem(text, clause, opening.moment !== undefined ? `"${opening.moment.kind === 'at' ? 'at ' : ''}${opening.moment.slot.text}${opening.moment.kind === 'at' ? '' : ' later'}"` : `"${opening.same}"`))
		if (ordered || clause.modifiers.length > 0 || clause.during || clause.gap || clause.passes || (clause.form.tells !== 'event' && clause.form.tells !== 'state')) return undefined
		if (opening.moment !== undefined) items[k] = { kind: 'clause', clause: { ...clause, modifiers: [{ ...opening.moment, shared: true }] } }
		// "At the same moment A lets go and B gets the key": B's grant came at the moment of A's let-go, as A's at the moment told before;
		// a state joined so held at that moment ("…, and the key is free").
		else if (clause.form.tells === 'event') items[k] = { kind: 'clause', clause: { ...clause, then: 'when', same: opening.same } }
		else if (before.form.tells === 'event') items[k] = { kind: 'clause', clause: { ...clause, during: true, when: 'event-first' } }
		else return undefined
		before = clause
	}
	return opening
}

/** A claim of what holds all along (`always`), which no moment may be said of ("the limit is 3", "the semaphore lets 3 workers in at once"). */
function atNoMoment(clause: ReadClause): boolean {
	return clause.form.tells === 'none' && clause.form.always === true
}

/** A claim of no moment that a sentence's opening moment (or "As soon as X,") reaches, which would say it at that moment. */
function noMomentProblem(text: string, clause: ReadClause, opening: string): ReadProblem {
	return { start: clause.start, end: clause.end, message: `"${text.slice(clause.start, clause.end)}" tells of no moment, and the sentence's opening ${opening} is said of each clause it reaches, so it would say this at that moment (as "at 10 s the limit is 3" would); tell it in a sentence of its own` }
}

/**
 * A state a sentence's opening moment passes over (`sharedMoment`, and where it is checked), with no moment of its own: one said
 * of the clause before ("while S", "which A holds", "which B holds with fence 2"), which held at that clause's moment. (One after
 * "so" is not passed over: "At 10 s A lets go, so B holds the key" says what held at 10 s as a result, and is judged then.)
 */
export function passedOver(clause: ReadClause): boolean {
	// A cause after "because" or "since" ("…, because its work is done, and …"), event or state, tells its own order: at or before the clause it explains.
	if (clause.then === 'because' && clause.modifiers.length === 0 && clause.gap !== true && (clause.form.tells === 'event' || clause.form.tells === 'state')) return true
	// A claim of no moment ("A never comes back", "nobody else asks"; not one of what holds all along, which the opening may not reach)
	// tells no moment of its own to end the reach: the clause after it is at the opening's moment again.
	if (clause.form.tells === 'none' && clause.form.always !== true && clause.modifiers.length === 0 && clause.gap !== true && clause.during !== true && clause.passes === undefined && (clause.then === undefined || clause.then === 'so')) return true
	if (clause.form.tells !== 'state' || clause.modifiers.length > 0 || clause.gap === true) return false
	return clause.then === undefined && (clause.during === true || clause.relative === true)
}

/**
 * Whether a sentence opened by "When X," "Once X," or "As soon as X," has X's moment on its last clause: the main clause, or a
 * clause the opening reached (`afterFirst`), so that it reaches on past a semicolon (`reachedOn`).
 */
function whenReachesEnd(text: string, start: number, items: readonly Item[]): boolean {
	if (!/^(?:When|Once|As soon as) /i.test(text.slice(start))) return false
	const last = items[items.length - 1]
	if (last?.kind !== 'clause') return false
	const clause = last.clause
	const comma = start + text.slice(start).indexOf(', ')
	return clause.start > comma && (clause.reached === true || clause.then === 'when' || (clause.during === true && clause.when === 'event-first')) && clause.modifiers.length === 0 && clause.gap !== true
}

/**
 * The part after a semicolon that follows a sentence whose "When X," (or "Once X,", "As soon as X,") reached its end: X's moment
 * reaches on, as it did before the semicolon ("As soon as A lets go, the key is free; B gets it": B's grant at A's let-go): each
 * event is `reached` (after "so", its cause still checked), each state after the first clause held at X's moment, up to a clause
 * that tells its own moment or order; a part that opens with "When", "Once", "After", "As soon as" or "While" tells its own.
 */
function reachedOn(text: string, start: number, items: Item[]): void {
	if (/^(?:when|once|after|as soon as|while)\b/i.test(text.slice(start))) return
	let first = true
	for (const [k, item] of items.entries()) {
		if (item.kind !== 'clause') return
		const clause = item.clause
		const so = clause.then === 'so' && clause.form.tells === 'event'
		if ((clause.form.tells !== 'event' && (clause.form.tells !== 'state' || first)) || (clause.then !== undefined && !so) || clause.gap || clause.modifiers.length > 0 || clause.relative || clause.during || clause.passes || clause.same !== undefined) return
		items[k] = { kind: 'clause', clause: clause.form.tells === 'state' ? { ...clause, during: true, when: 'event-first' } : { ...clause, then: 'when', reached: true, ...(so ? { so: true as const } : {}) } }
		first = false
	}
}

/** "At the same moment" (or "right then", "at that moment") opening a sentence, after a "then" or not. */
const SAME_OPENING = /^(?:(?:and )?then,? )?(?:right then|just then|at that (?:very )?moment|at that instant|at the same (?:moment|time|instant))\b/i

/**
 * "X and Y while S": a state after "while" that ends clauses joined by a bare "and" ("B asks and gets the key while A is paused")
 * held at each of them, as an opening "While S," does: a copy of it (`repeated`) is held after each but the last.
 */
function whileGoverns(text: string, items: Item[]): void {
	for (let k = items.length - 1; k > 0; k--) {
		const item = items[k] as Item
		const before = items[k - 1] as Item
		if (item.kind !== 'clause' || before.kind !== 'clause') continue
		const state = item.clause
		if (!state.during || state.relative || state.when !== undefined || state.repeated || state.form.tells !== 'state' || !/^,? while $/.test(text.slice(before.clause.end, state.start))) continue
		// The clauses "while" ends, back over bare "and"s.
		let first = k - 1
		while (first > 0) {
			const one = items[first] as Item
			const prior = items[first - 1] as Item
			if (one.kind !== 'clause' || prior.kind !== 'clause' || one.clause.then !== undefined || one.clause.during || one.clause.relative || !/^(?:,? (?:too|as well|again))? and $/.test(text.slice(prior.clause.end, one.clause.start))) break
			first--
		}
		if (first === k - 1) continue
		const copy: Item = { kind: 'clause', clause: { ...state, repeated: true } }
		const governed = items.slice(first, k).flatMap((one, n, all) => (n < all.length - 1 ? [one, copy] : [one]))
		items.splice(first, k - first, ...governed)
		k = first + 1
	}
}

/** A clause that speaks of the workers named before it: with a last slot, the workers the clauses before it named (their subjects and groups). */
function withOthers(clause: ReadClause, before: readonly ReadClause[]): ReadClause {
	// In the order they were last named: the last is the worker the text spoke of last. Of "else" ("nobody else asks"), only
	// those named as asking: a clause whose form tells their ask, the lock's answer to it in the step, or their place in line;
	// not one that names them holding the key, working or keeping a lease ("At 0 s A holds the key. B asks, and nobody else asks" counts A's ask).
	// Of "nobody else wrote", only the last clause that told a worker's write, the worker its subject (not "the database takes it"): "else" leaves out the writer the text spoke of last, not every one it named
	// ("B saves. A saves; the database takes it, since nobody else wrote" counts B's write).
	const named = clause.form.others === 'askers' ? before.filter(one => ASKING.test(one.form.formula)) : clause.form.others === 'writers' ? before.filter(one => WRITING.test(one.form.formula) && /^\{workers?\} /.test(one.form.pattern)).slice(-1) : before
	const ids: string[] = []
	for (const id of named.flatMap(one => one.group ?? (one.subject === undefined ? [] : [one.subject]))) ids.splice(0, ids.length, ...ids.filter(other => other !== id), id)
	if (clause.form.others !== 'askers') return { ...clause, slots: [...clause.slots, { type: 'workers', text: '', start: clause.end, end: clause.end, value: { type: 'actors', ids } }] }
	// Which key each was named asking for: "else" leaves a worker out of the asks for the key it was named asking for only.
	const asked: Record<string, (string | null)[]> = {}
	for (const one of named) for (const id of one.group ?? (one.subject === undefined ? [] : [one.subject])) (asked[id] ??= []).push(keyNamed(one) ?? null)
	// And every worker named before as asking for, holding, getting or letting go of a key, with its clause's key: a past "nobody else
	// asked" leaves out such a worker's asks of a key it had been given. A worker named only for another act (its process pausing,
	// crashing, its work, its write) is not excused: "C's process pauses and A lets go. Nobody else asked" counts C's ask.
	const all: Record<string, (string | null)[]> = {}
	for (const one of before.filter(one => ASKING.test(one.form.formula) || OF_THE_KEY.test(one.form.formula))) for (const id of one.group ?? (one.subject === undefined ? [] : [one.subject])) (all[id] ??= []).push(keyNamed(one) ?? null)
	return { ...clause, slots: [...clause.slots, { type: 'workers', text: '', start: clause.end, end: clause.end, value: { type: 'actors', ids, asked, named: all } }] }
}

/**
 * A form's formula that names its workers as asking for a key: it opens with their ask of the step, the lock's answer to it in
 * the step (a grant, a try refused, a hold given up), each of several workers' ("for each v ∈ ws: …"), or their place in line.
 * A formula that opens with a live lease, the holders, a grant of an earlier step or a renewal's refusal names no asker.
 */
/** A form's formula that names its worker holding, getting or letting go of a key: a live lease, the holders, a grant, a release, a lease's end. */
const OF_THE_KEY = /^(?:for each \w+ (?:of|∈) ws: )?(?:¬?live|granted|released|expired|ended)\([wv][,)]|^\|?holders\(k, t\)|^\w+ held a lease|^one lease of w live|^lease\(w, t\) ran out/

/** A form's formula that names its worker writing: it opens with the worker's write ("A saves", "A saves with fence 1"). */
const WRITING = /^wrote\(w[,)]/

const ASKING = /^(?:for each \w+ (?:of|∈) ws: )?(?:asked|granted|refused|gave-up)\([wv][,)][^∈]*∈ step|^\w+ ∈ line\(|^\w+ stood in line\(|^place\(\w+, line\(|^line\(k, t\) = (?:ws|\[w\])|^\|line\(k, t\)\| = n ∧ first\(line/

/** Words that name a key already told: a clause's "it", "its key" or "the same key" is the key named before it, store and all. */
const KEY_PRONOUNS: readonly string[] = ['it', 'its key', 'the same key']

/** The store a clause's key slot names, if it names one. */
function keyNamed(clause: ReadClause): string | undefined {
	const key = clause.slots.find(slot => slot.type === 'key')
	return key?.value.type === 'key' ? key.value.store : undefined
}

/** A clause whose key is a pronoun for the key told before it: that key's store, when it named one ("B asks for the key from Store B. A holds it"). */
function keyOfBefore(clause: ReadClause, store: string | undefined): ReadClause {
	const at = clause.slots.findIndex(slot => slot.type === 'key' && slot.value.type === 'key' && slot.value.store === undefined && KEY_PRONOUNS.includes(slot.text))
	if (at < 0 || store === undefined) return clause
	const slots = clause.slots.map((slot, i) => (i === at ? { ...slot, value: { type: 'key' as const, store } } : slot))
	return { ...clause, slots }
}

/** The workers a sentence named together: its last clause about several, else the workers its clauses were about, when two or more. */
function pluralOf(items: readonly Item[]): string[] | undefined {
	const clauses = items.flatMap(item => (item.kind === 'clause' ? [item.clause] : []))
	const group = clauses.filter(clause => clause.group !== undefined).pop()?.group
	if (group) return group
	const subjects = [...new Set(clauses.flatMap(clause => (clause.subject !== undefined && clause.group === undefined ? [clause.subject] : [])))]
	return subjects.length >= 2 ? subjects : undefined
}

/** The sentences of a text, as [start, end) without their closing mark and the spaces around them. */
function sentences(text: string): [number, number][] {
	const out: [number, number][] = []
	let start = 0
	const push = (end: number) => {
		let s = start
		let e = end
		while (s < e && /\s/.test(text[s] as string)) s++
		while (e > s && /\s/.test(text[e - 1] as string)) e--
		if (e > s) out.push([s, e])
	}
	for (const match of text.matchAll(/[.;!?](?=\s|$)/g)) {
		push(match.index ?? 0)
		start = (match.index ?? 0) + 1
	}
	push(text.length)
	return out
}

interface Parse {
	items: Item[]
}

/** A sentence as both of its readers walk it: its text to `end`, cut at its connectives, read in one place. */
interface Sentence {
	language: SceneLanguage
	text: string
	end: number
	place: Place
	cuts: readonly Cut[]
	/** Problems a segment's slots had (a pronoun with nothing to name, a fence out of range), by segment and what "it" named there (`slotKey`). */
	slotProblems: Map<string, string>
	/** The workers an earlier sentence named together, whom "they" and "both" name. */
	plural?: string[]
	/** The subject of the clause read right before each place (by the place and the referent it was left), which a bare adjective after "and" shares ("while A is still working and healthy", where "while" left the subject before it). */
	before?: Map<string, string>
	/** The worker whose fence the clause read right before each place named (by the place and the referent it was left), which "it is larger than …" compares ("C gets the key with fence 3. It is larger than B's fence 2"). */
	fences?: Map<string, FenceTold>
	/** The verb of the clause read right before each place (by the place and the referent it was left), which a gapped clause after it repeats ("C asks at 1 s, then B at 2 s": `gapVerb`). */
	gaps?: Map<string, GapVerb>
	/** The worker whose letting go the clause read right before each place told (by the place and the referent it was left), whose place "its place" after ", and" names ("A lets go, and C gets its place"). */
	letGo?: Map<string, string>
	/** The worker whose pause the clause read right before each place told, else '' (by the place and the referent it was left): ", before its first renewal is due" there is of that pause (`ReadClause.pauseAside`). */
	paused?: Map<string, string>
}

/** The forms that tell a worker letting go of its lease, after which "and {worker} gets its place" is the place it let go of. */
const LET_GO_FORMS = new Set(['lets-go', 'lets-go-of', 'lets-go-too', 'releases'])

/** Notes the worker whose pause a clause told, else '', for ", before its first renewal is due" right after it (`Sentence.paused`). */
function notePaused(sentence: Sentence, cut: Cut, next: string | undefined, item: Item): void {
	const told = item.kind === 'clause' && item.clause.subject !== undefined ? (item.clause.form.pauses === true ? item.clause.subject : item.clause.form.id === 'wakes-after-pause' ? `woke:${item.clause.subject}` : '') : ''
	;(sentence.paused ??= new Map()).set(`${cut.end}|${next ?? ''}`, told)
}

/** Notes the worker a clause told letting go, for "its place" in the clause after it (`Sentence.letGo`). */
function noteLetGo(sentence: Sentence, cut: Cut, next: string | undefined, item: Item): void {
	if (item.kind === 'clause' && item.clause.subject !== undefined && LET_GO_FORMS.has(item.clause.form.id)) (sentence.letGo ??= new Map()).set(`${cut.end}|${next ?? ''}`, item.clause.subject)
}

/**
 * Gapping: "C asks at 1 s, then B at 2 s" leaves out the verb of the clause before and repeats it with a new subject and a new
 * moment (or "too": "C asks, and B too"). The part after the joint is a worker's name and one of those alone; it reads as the
 * clause before's words after its subject (its "too" or "again" kept, without its moment or a closing "first", which orders it
 * against the clauses after it) with that subject in front and that moment (or "too") after: a whole clause, read and checked
 * as written out would be ("then B asks at 2 s"). Only after "then", "and" or a comma.
 */
const GAP_JOINT = /^(?:,? and then |, then | then |, and | and |, )$/
/** A gapped part: a name, then a moment ("at 2 s", "1 s later") or "too", and nothing else. */
function gapPart(language: SceneLanguage, part: string): RegExpExecArray | null {
	const { time, duration } = language.readers
	return new RegExp(`^(\\S+(?: \\S+)?) (at (?:${time.pattern})|(?:${duration.pattern}) later|too|as well)$`).exec(part)
}
/** The clause before's words after its subject, as they stand in the text, each character's place there. */
interface GapVerb {
	words: string
	places: number[]
	/** The clause before's subject: a gapped clause names another. */
	subject: string
}
const gapVerbs = new WeakMap<ReadClause, GapVerb>()

/** The verb a gapped clause after `clause` repeats: its words after its subject, its "too" or "again" kept, without its moment or a closing "first". */
function gapVerb(text: string, clause: ReadClause): GapVerb | undefined {
	const kept = gapVerbs.get(clause)
	if (kept) return kept
	const subject = clause.slots[0]
	if (subject === undefined || subject.type !== 'worker' || subject.value.type !== 'actor' || !clause.form.pattern.startsWith('{worker} ') || clause.subject !== subject.value.id) return undefined
	// A trailing "again" or "too" stands after the clause's own words: the verb repeated reaches to it.
	const end = Math.max(clause.end, clause.also?.end ?? 0)
	const cut: [number, number][] = []
	for (const { kind, slot } of clause.modifiers) {
		if (slot.start < subject.end || slot.end > end) continue
		if (kind === 'at' && text.slice(slot.start - 4, slot.start) === ' at ') cut.push([slot.start - 4, slot.end])
		else if (kind !== 'at' && text.slice(slot.end, slot.end + 6) === ' later') cut.push([slot.start - 1, slot.end + 6])
		else return undefined
	}
	// Its "again" or "too" is kept: "A asks again, then B at 6 s" says B asked again too, and is checked so (a gapped copy that would
	// leave it out would say less than a reader hears; one that cannot take it, "…, then B too", reads as no clause).
	const places: number[] = []
	for (let k = subject.end; k < end; k++) if (!cut.some(([a, b]) => k >= a && k < b)) places.push(k)
	let words = places.map(k => text[k]).join('')
	const first = / first$/.exec(words)
	if (first) {
		words = words.slice(0, first.index)
		places.length = words.length
	}
	if (!/^ \S/.test(words) || /[,:]/.test(words)) return undefined
	return { words, places, subject: subject.value.id }
}

/** Reads the part from `i` to `j` as a gapped clause after a clause whose verb is `verb` (`GAP_JOINT`), its spans where the words stand. */
function gapped(sentence: Sentence, i: number, j: number, verb: GapVerb): ReadClause | undefined {
	const { language, text, place, plural } = sentence
	const part = gapPart(language, text.slice(i, j))
	if (!part) return undefined
	const name = part[1] as string
	const tail = part[2] as string
	const who = language.readers.worker.read(name, undefined)
	if (typeof who === 'string' || who.type !== 'actor' || who.id === verb.subject) return undefined
	const written = `${name}${verb.words} ${tail}`
	const read = readClause(language, written, 0, written.length, place, undefined, true, plural)
	if (typeof read !== 'object' || read.subject !== who.id || read.slots[0]?.start !== 0 || read.slots[0].end !== name.length) return undefined
	const tailAt = name.length + verb.words.length + 1
	const at = (offset: number, end: boolean): number => {
		if (offset < name.length || (end && offset === name.length)) return i + offset
		if (offset < tailAt) {
			const k = offset - name.length
			return end ? (verb.places[k - 1] ?? i) + 1 : (verb.places[k] ?? i)
		}
		return i + name.length + 1 + (offset - tailAt)
	}
	const span = <T extends { start: number; end: number }>(one: T): T => ({ ...one, start: at(one.start, false), end: at(one.end, true) })
	const clause: ReadClause = {
		...read,
		start: i,
		end: j,
		slots: read.slots.map(span),
		modifiers: read.modifiers.map(modifier => ({ ...modifier, slot: span(modifier.slot) })),
		...(read.passes ? { passes: span(read.passes) } : {}),
		...(read.waited ? { waited: span(read.waited) } : {}),
		...(read.restarted ? { restarted: span(read.restarted) } : {}),
		...(read.saved ? { saved: span(read.saved) } : {}),
		...(read.length ? { length: span(read.length) } : {}),
		...(read.workCause ? { workCause: span(read.workCause) } : {}),
		...(read.also ? { also: span(read.also) } : {}),
		...(read.earlier ? { earlier: span(read.earlier) } : {}),
	}
	gapVerbs.set(clause, { ...verb, subject: who.id })
	return clause
}

/** After a clause that ends at a joint a gapped clause may follow, its verb, for the part after the joint. */
function noteGap(sentence: Sentence, cut: Cut, next: string | undefined, item: Item): void {
	const verb = item.kind === 'clause' && GAP_JOINT.test(sentence.text.slice(cut.at, cut.end)) ? gapVerb(sentence.text, item.clause) : undefined
	// Each reading that reaches the joint sets what follows it: a clause with no verb to repeat leaves none there.
	if (verb) (sentence.gaps ??= new Map()).set(`${cut.end}|${next ?? ''}`, verb)
	else sentence.gaps?.delete(`${cut.end}|${next ?? ''}`)
}

/** The fence a clause named, which "it is larger than …" after it compares: its worker's, and the fence itself where it named it by its value. */
type FenceTold = { worker: string; fence?: Slot }

/** Where a part of the sentence that starts at `i` may end: the sentence's end first, then each cut after `i`, the last first. */
function endsFrom(sentence: Sentence, i: number): number[] {
	return [sentence.end, ...sentence.cuts.filter(cut => cut.at > i).map(cut => cut.at)].sort((a, b) => b - a)
}

/**
 * The ways the part from `i` to `j` reads, each with the subject it leaves the next clause: as an aside (after a
 * colon or "for", to the sentence's end) and as a clause (never after "for": "for the key" is no clause of its own).
 * A clause whose slot was wrong is kept in `slotProblems` instead.
 */
function readingsOf(sentence: Sentence, i: number, j: number, referent: string | undefined, initial: boolean): { item: Item; next: string | undefined }[] {
	const { language, text, end, place, cuts, slotProblems, plural } = sentence
	const came = cuts.find(cut => cut.end === i)
	const afterColon = came?.colon === true || came?.for === true
	const readings: { item: Item; next: string | undefined }[] = []
	let clause = came?.for ? undefined : readClause(language, text, i, j, place, relativeReferent(sentence, i, j, came, referent), initial, plural)
	// "Nobody renews A's lease, but it still holds the key": "it" after a clause that named one worker's lease and no subject is that
	// lease where a form reads it so ("so it runs out"), and only where none does, the worker whose lease it is, as the subject.
	const holder = leaseOf(referent)
	if (holder !== undefined && typeof clause !== 'object' && /^it /i.test(text.slice(i, j))) {
		const again = readClause(language, text, i, j, place, holder, initial, plural)
		if (typeof again === 'object' && again.subject === holder) clause = again
	}
	// "…, while A is still working and healthy": a bare adjective after "and" is a state of the subject of the clause right before it,
	// which "while" did not leave as the referent; the sentence's pass checks that clause is a state of that subject (`ReadClause.bare`).
	const shared = sentence.before?.get(`${i}|${referent ?? ''}`)
	if (typeof clause !== 'object' && came !== undefined && shared !== undefined && shared !== referent && /^,? and $/.test(text.slice(came.at, came.end)) && /^[a-z]+$/.test(text.slice(i, j))) {
		const bare = readClause(language, text, i, j, place, shared, initial, plural)
		if (typeof bare === 'object' && bare.bare) clause = bare
	}
	// "It is larger than B's fence 2" right after a clause that named a worker's fence ("C gets the key with fence 3") compares that fence.
	const fenceOf = sentence.fences?.get(`${i}|${referent ?? ''}`)
	if (typeof clause !== 'object' && fenceOf !== undefined && (FENCE_IT.test(text.slice(i, j)) || FENCE_THAT.test(text.slice(i, j)))) {
		const compared = readClause(language, text, i, j, place, referent, initial, plural, fenceOf)
		if (typeof compared === 'object') clause = compared
	}
	// "That fence …" with no fence named right before it names nothing.
	if (typeof clause !== 'object' && fenceOf === undefined && FENCE_THAT.test(text.slice(i, j))) {
		const rest = text.slice(i, j).replace(FENCE_THAT, '')
		clause = `"${text.slice(i, j).slice(0, text.slice(i, j).length - rest.length - 1)}" names the fence the clause right before it named ("C gets the key with fence 3. That fence ${rest}"), and the clause before it names no worker's fence: name the fence's holder ("C's fence ${rest}")`
	}
	// "…, which is larger than B's fence 2" (or "…, larger than B's fence 2") after a clause that named its worker's fence by its value is of that fence too.
	if (typeof clause === 'object' && clause.itFence === undefined && fenceOf?.fence !== undefined && fenceOf.worker === clause.subject && clause.form.pattern.startsWith('{owner} fence ') && /^(?:(?:which|that) |(?:larger|higher|greater|bigger|smaller|lower|less) than )/i.test(text.slice(i, j))) clause = { ...clause, itFence: fenceOf.fence }
	// "C asks at 1 s, then B at 2 s": the part repeats the verb of the clause before with a new subject and moment (`gapped`).
	const verb = sentence.gaps?.get(`${i}|${referent ?? ''}`)
	if (typeof clause !== 'object' && verb !== undefined && came !== undefined && GAP_JOINT.test(text.slice(came.at, came.end))) {
		const gap = gapped(sentence, i, j, verb)
		if (gap) clause = gap
	}
	// "A lets go, and C gets its place": "its" after a clause that told a worker letting go, joined by "and", is the place that
	// worker let go of, not the subject's own (which it never held).
	const left = sentence.letGo?.get(`${i}|${referent ?? ''}`)
	const owner = typeof clause === 'object' && clause.form.id === 'gets-place-of' ? clause.slots[1] : undefined
	if (typeof clause === 'object' && owner !== undefined && left !== undefined && came !== undefined && /^,? and $/.test(text.slice(came.at, came.end)) && owner.text === 'its' && owner.value.type === 'actor' && owner.value.id === clause.subject && left !== clause.subject) {
		clause = { ...clause, slots: clause.slots.map(slot => (slot === owner ? { ...slot, value: { type: 'actor' as const, id: left } } : slot)) }
	}
	// ", before its first renewal is due" tells when a pause came: it reads only right after a clause of the sentence that told that worker's pause.
	// Right after a clause that told its worker waking after a pause of a said length, it tells when that pause came: both its ends before the first renewal was due.
	const wake = typeof clause === 'object' ? clause.wakeAside : undefined
	if (typeof clause === 'object' && wake !== undefined && clause.subject !== undefined && sentence.paused?.get(`${i}|${referent ?? ''}`) === `woke:${clause.subject}`) clause = { ...clause, form: wake.form, slots: wake.slots, pauseAside: undefined, wakeAside: undefined }
	else if (typeof clause === 'object' && clause.pauseAside === true && clause.subject !== undefined && sentence.paused?.get(`${i}|${referent ?? ''}`) !== clause.subject) {
		const who = language.names.labelOf(clause.subject)
		clause = `"${text.slice(i, j)}" tells when a pause came, and reads only right after a clause that tells ${who}'s pause ("${who}'s process pauses for 10 s, ${text.slice(i, j)}") or its waking after a pause of a said length ("${who} wakes after a 2 s pause, ${text.slice(i, j)}"); the clause before it tells neither of ${who}: write "${who} pauses ${text.slice(i, j)}" where ${who} pauses`
	}
	// ", long before its lease would run out" tells how much of the lease a let-go left: it reads only right after a clause of the sentence that told that worker letting go.
	if (typeof clause === 'object' && clause.letGoAside === true && clause.subject !== undefined && sentence.letGo?.get(`${i}|${referent ?? ''}`) !== clause.subject) {
		const who = language.names.labelOf(clause.subject)
		clause = `"${text.slice(i, j)}" tells how much of a lease was left when it was let go, and reads only right after a clause that tells ${who} letting go ("${who} lets go, ${text.slice(i, j)}"); the clause before it tells no let-go of ${who}: write "${who} lets go ${text.slice(i, j)}" where ${who} lets go`
	}
	if (typeof clause === 'string') slotProblems.set(slotKey(i, j, referent), clause)
	// A clause after "while" or "when" leaves the subject before it for "it", unless the clause before had none to leave:
	// in "30 s go by while A is paused, so its lease runs out", "its" is A's.
	else if (clause) readings.push({ item: { kind: 'clause', clause }, next: came?.aside ? (referent ?? referentOf(clause)) : nextReferent(clause, referent) })
	// After a colon, words that read as a claim are that claim, checked: only words that read as none may be an aside of neutral words.
	if (afterColon && j === end && typeof clause !== 'object' && asideProblem(language, text.slice(i, j)) === undefined && (came?.for !== true || forProblem(text.slice(i, j)) === undefined)) readings.push({ item: { kind: 'aside', start: i, end: j }, next: referent })
	return readings
}

/**
 * What "which" (or "that") at the start of the part from `i` to `j` names as the subject it reads with: after a clause joined by
 * "while" or "when", that clause's own subject, the nearest one told ("B gets the key while A saves its THING, which overwrites
 * C's" is A's THING), not the subject before it that the clause after goes on with; else `referent`.
 */
function relativeReferent(sentence: Sentence, i: number, j: number, came: Cut | undefined, referent: string | undefined): string | undefined {
	if (came === undefined || !/^(?:which|that) /i.test(sentence.text.slice(i, j))) return referent
	const prev = sentence.cuts.filter(cut => cut.end <= came.at).pop()
	if (prev?.aside === undefined) return referent
	const before = readClause(sentence.language, sentence.text, prev.end, came.at, sentence.place, referent, false, sentence.plural)
	return typeof before === 'object' && before.subject !== undefined ? before.subject : referent
}

function readSentence(language: SceneLanguage, text: string, start: number, end: number, place: Place, referent0: string | undefined, plural?: string[], fence0?: FenceTold): { items: Item[]; problems?: ReadProblem[] } | { problem: ReadProblem } {
	const cuts: Cut[] = []
	CONNECTIVE.lastIndex = 0
	for (const match of text.slice(start, end).matchAll(CONNECTIVE)) {
		const at = start + (match.index ?? 0)
		const joint = match[0]
		cuts.push({ at, end: at + joint.length, colon: joint === ': ', ...(/\b(?:while|although)\b/.test(joint) ? { aside: 'while' as const } : /\bwhen\b/.test(joint) ? { aside: 'when' as const } : {}), ...(joint === ' for ' ? { for: true as const } : {}) })
	}
	if (cuts.length > MAX_CUTS) {
		return { problem: { start, end, message: `this sentence has ${cuts.length + 1} parts between its connectives; a sentence of a scene has at most ${MAX_CUTS + 1}: split it into sentences` } }
	}
	const memo = new Map<string, Parse | null>()
	const slotProblems = new Map<string, string>()
	const sentence: Sentence = { language, text, end, place, cuts, slotProblems, ...(plural ? { plural } : {}), ...(fence0 !== undefined ? { fences: new Map([[`${start}|${referent0 ?? ''}`, fence0]]) } : {}) }
	const reached = new Set<number>([start])
	/** The subject the clause before gave each place reading reached, for the hint about a left-out subject. */
	const referentAt = new Map<number, string | undefined>([[start, referent0]])

	const best = (i: number, referent: string | undefined, initial: boolean): Parse | null => {
		// A gapped clause at `i` repeats the verb of the clause before it (`gapped`): another clause before, another reading.
		const key = `${i}|${referent ?? ''}|${initial}|${sentence.gaps?.get(`${i}|${referent ?? ''}`)?.words ?? ''}|${sentence.paused?.get(`${i}|${referent ?? ''}`) ?? ''}`
		if (memo.has(key)) return memo.get(key) ?? null
		memo.set(key, null)
		let found: Parse | null = null
		for (const j of endsFrom(sentence, i)) {
			for (const { item, next } of readingsOf(sentence, i, j, referent, initial)) {
				if (j === end) {
					if (!found || found.items.length > 1) found = { items: [item] }
					continue
				}
				const cut = cuts.find(c => c.at === j) as Cut
				if (!joins(cut, item)) continue
				reached.add(cut.end)
				if (!referentAt.has(cut.end)) referentAt.set(cut.end, next)
				if (item.kind === 'clause' && item.clause.subject !== undefined) (sentence.before ??= new Map()).set(`${cut.end}|${next ?? ''}`, item.clause.subject)
				const fence = item.kind === 'clause' ? fenceNamed(language, text, item.clause) : undefined
				if (fence !== undefined) (sentence.fences ??= new Map()).set(`${cut.end}|${next ?? ''}`, fence)
				noteGap(sentence, cut, next, item)
				noteLetGo(sentence, cut, next, item)
				notePaused(sentence, cut, next, item)
				const rest = best(cut.end, next, false)
				if (rest && twiceOrdered(rest.items, text.slice(cut.at, cut.end))) continue
				if (rest && (!found || found.items.length > rest.items.length + 1)) found = { items: joinItems(item, rest.items, text.slice(cut.at, cut.end)) }
			}
		}
		memo.set(key, found)
		return found
	}

	const parse = best(start, referent0, true)
	if (parse) return parse
	const subordinate = SUBORDINATE.exec(text.slice(start, end))
	if (subordinate && (place === 'caption' || place === 'note')) {
		const rest = readSentence(language, text, start + subordinate[0].length, end, place, referent0, plural)
		// Only a reading that reads whole: else the problems are told of the sentence as written, its "After" or "When" kept in what is quoted.
		// The subordinate ends at its first comma: the clauses before it are what "When" names, the one after it the main clause.
		const comma = start + text.slice(start, end).indexOf(', ')
		const when = /^(?:When|As soon as) /i.test(subordinate[0])
		if (!('problem' in rest) && (rest.problems?.length ?? 0) === 0) {
			const refused: ReadProblem[] = []
			const items = afterFirst(rest.items, comma, when, when, /^Once /i.test(subordinate[0]), refused, text, start)
			return { ...rest, items, ...(refused.length > 0 ? { problems: refused } : {}) }
		}
	}
	// "Y as soon as X" is "As soon as X, Y": X is read first, then Y as what came at its moment.
	const soon = AS_SOON_AFTER.exec(text.slice(start, end))
	if (soon && soon.index > 0 && (place === 'caption' || place === 'note')) {
		const split = start + soon.index
		const first = readSentence(language, text, split + soon[0].length, end, place, referent0, plural)
		const named = 'problem' in first || (first.problems?.length ?? 0) > 0 || first.items.length !== 1 ? undefined : first.items[0]
		// Only a happening has a moment for what it joins to come at: "as soon as the key is free" would not say when.
		if (named?.kind === 'clause' && named.clause.form.tells === 'event') {
			const rest = readSentence(language, text, start, split, place, referent0, plural)
			// It joins the clause right before it: "A saves, and B gets the key as soon as A lets go" tells the save, the letting go, the grant;
			// the joint before that clause ("then", "so") now stands before the happening it names, and the clause comes at its moment.
			const last = 'problem' in rest ? -1 : rest.items.map(item => item.kind).lastIndexOf('clause')
			const joined = 'problem' in rest ? undefined : rest.items[last]
			if (!('problem' in rest) && (rest.problems?.length ?? 0) === 0 && joined?.kind === 'clause' && joined.clause.form.tells === 'event') {
				const { then, ...own } = named.clause
				const { then: _then, ...after } = joined.clause
				return { items: [...rest.items.slice(0, last), { kind: 'clause', clause: then === undefined && joined.clause.then === undefined ? own : { ...own, then: joined.clause.then ?? (then as NonNullable<typeof then>) } }, { kind: 'clause', clause: { ...after, then: 'when' } }, ...rest.items.slice(last + 1)] }
			}
		}
	}
	// "It is too late: X": X read as the sentence, its first clause marked as what is too late (`ReadClause.tooLate`).
	const late = TOO_LATE_PREFACE.exec(text.slice(start, end))
	if (late && place === 'caption') {
		const rest = readSentence(language, text, start + late[0].length, end, place, referent0, plural, fence0)
		const head = 'problem' in rest || (rest.problems?.length ?? 0) > 0 ? undefined : rest.items[0]
		if (!('problem' in rest) && head?.kind === 'clause') return { items: [{ kind: 'clause', clause: { ...head.clause, tooLate: { start, end: start + late[0].length - 2 } } }, ...rest.items.slice(1)] }
	}
	const during = WHILE_FIRST.exec(text.slice(start, end))
	if (during && (place === 'caption' || place === 'note')) {
		// "While S, X" is "X while S": X is read first, then S as the state that held when X happened.
		const split = start + during[0].length - 2
		const state = readSentence(language, text, start + 'While '.length, split, place, referent0, plural)
		const only = 'problem' in state || (state.problems?.length ?? 0) > 0 ? undefined : state.items.length === 1 ? state.items[0] : undefined
		if (only?.kind === 'clause' && only.clause.form.tells === 'state') {
			const rest = readSentence(language, text, split + 2, end, place, referentOf(only.clause) ?? referent0, plural)
			// S governs every clause of the main part, not only its last: "While A is paused, B asks and gets the key" says A was paused
			// at B's ask too. It is held after each one as after the last, as a copy that changes nothing of what the text told (`repeated`).
			const last = 'problem' in rest ? -1 : rest.items.map(item => item.kind).lastIndexOf('clause')
			if (!('problem' in rest) && (rest.problems?.length ?? 0) === 0) return { items: [...rest.items.flatMap((item, k) => (item.kind === 'clause' && k < last ? [item, { kind: 'clause' as const, clause: { ...only.clause, during: true as const, repeated: true as const } }] : [item])), { kind: 'clause', clause: { ...only.clause, during: true } }] }
		}
	}
	const appositive = place === 'caption' || place === 'note' ? appositiveReading(language, text, start, end, place, referent0, plural) : undefined
	if (appositive !== undefined) return appositive
	if (place === 'caption' || place === 'note') return partialReading(language, text, start, end, place, referent0, cuts, slotProblems, plural)
	// Reading stopped at the farthest place a reading of the clauses before reached: the problem starts there.
	const from = Math.max(...reached)
	const to = cuts.find(cut => cut.at > from)?.at ?? end
	return { problem: problemAt(language, text, from, to, end, place, slotProblems, cuts, referentAt.get(from)) }
}

/** A state between commas after a clause's subject, before its verb ("A, still at work, saves"): group 1 the state. */
const APPOSITIVE = /, (?=([^,]+?), \S)/g

/**
 * "A, still at work, saves with fence 1" ("B, still waiting, gives up", "At 5 s A, still holding the key, lets go"): a state
 * between commas after a clause's subject, before its verb, reads as "A saves with fence 1 while A is still at work": the state,
 * read as "{subject} is <state>" (or, of a participle, "{subject} <verb>s …": "A still holds the key"), is a state after "while"
 * said of the clause it stands in, which is read with the state left out and must tell a happening of that same subject; so it
 * is judged at that happening's moment (it held just before it), as "while" is, by both evaluators. Undefined: no such reading.
 */
function appositiveReading(language: SceneLanguage, text: string, start: number, end: number, place: Place, referent0: string | undefined, plural?: string[]): { items: Item[] } | undefined {
	for (const found of text.slice(start, end).matchAll(APPOSITIVE)) {
		const subjectEnd = start + (found.index ?? 0)
		const stateStart = subjectEnd + 2
		const state = found[1] as string
		const stateEnd = stateStart + state.length
		// The state's words as a clause of the subject: "is <state>", or a participle as its verb ("still holding the key": "still holds the key").
		const participle = /^((?:still|now|already) )?([a-z]+?)ing\b/.exec(state)
		// "which never noticed" ("who", "that"): the words after the pronoun, of the subject; "not knowing …": "does not know …". Each of these
		// reads only as what the engine records of a worker's knowing (`unaware-of-loss`), no other state.
		const relative = /^(?:which|who|that) /.exec(state)
		const unknowing = /^not knowing\b/.exec(state)
		const ways: { mid: string; from: number; only?: string }[] = [{ mid: ' is ', from: stateStart }, ...(participle ? PRESENT(participle[2] as string).map(verb => ({ mid: ` ${participle[1] ?? ''}${verb}`, from: stateStart + participle[0].length })) : []), ...(relative ? [{ mid: ' ', from: stateStart + relative[0].length, only: 'unaware-of-loss' }] : []), ...(unknowing ? [{ mid: ' does not know', from: stateStart + unknowing[0].length, only: 'unaware-of-loss' }] : [])]
		// The subject is the words right before the comma: read from each word on, the shortest first ("A", then "A's process").
		const froms = [start, ...[...text.slice(start, subjectEnd).matchAll(/ /g)].map(space => start + (space.index ?? 0) + 1)].reverse().slice(0, 4)
		let told: ReadClause | undefined
		for (const { mid, from, only: onlyForm } of ways) {
			const synthetic = text.slice(0, subjectEnd) + mid + text.slice(from)
			const shift = subjectEnd + mid.length - from
			for (const at of froms) {
				const read = readSentence(language, synthetic, at, stateEnd + shift, place, referent0, plural)
				const only = 'problem' in read || (read.problems?.length ?? 0) > 0 || read.items.length !== 1 ? undefined : read.items[0]
				if (only?.kind !== 'clause' || only.clause.form.tells !== 'state' || only.clause.subject === undefined || only.clause.modifiers.length > 0) continue
				if (onlyForm !== undefined && only.clause.form.id !== onlyForm) continue
				told = { ...putBack(only.clause, { at: subjectEnd + mid.length, length: -shift }), end: stateEnd }
				break
			}
			if (told !== undefined) break
		}
		if (told === undefined) continue
		// The rest, with the state and its commas left out ("A saves with fence 1"), its spans put back where they stand in the text.
		const cut = stateEnd + 1 - subjectEnd
		const rest = readSentence(language, text.slice(0, subjectEnd) + text.slice(stateEnd + 1), start, end - cut, place, referent0, plural)
		if ('problem' in rest || (rest.problems?.length ?? 0) > 0) continue
		const omitted = { at: subjectEnd, length: cut }
		const items: Item[] = rest.items.map(item => (item.kind === 'clause' ? { kind: 'clause', clause: putBack(item.clause, omitted) } : { ...item, start: item.start >= subjectEnd ? item.start + cut : item.start, end: item.end > subjectEnd ? item.end + cut : item.end }))
		// The clause the state stands in: it began before the state, and ends after it.
		const k = items.findIndex(item => item.kind === 'clause' && item.clause.start < subjectEnd && item.clause.end > stateEnd)
		const host = items[k]
		if (host?.kind !== 'clause' || host.clause.form.tells !== 'event' || host.clause.subject !== told.subject) continue
		return { items: [...items.slice(0, k + 1), { kind: 'clause', clause: { ...told, during: true, apposed: true } }, ...items.slice(k + 1)] }
	}
	return undefined
}

/** Whether a joint may follow an item: "for" only a clause that says a worker paused, "when" only a state ("S when E": S held at E's moment) with no moment of its own. */
function joins(cut: Cut, item: Item | { kind: 'unread' }): boolean {
	if (cut.for) return item.kind === 'clause' && item.clause.form.pauses === true
	if (cut.aside === 'when') return item.kind === 'clause' && (item.clause.form.tells === 'state' || BEFORE_WHEN.has(item.clause.form.id)) && (item.clause.modifiers.length === 0 || item.clause.form.tells === 'state')
	return true
}

/** A sentence that opens with "When", "Once", "After" or "As soon as" ("When A lets go, the key goes to C"; after a semicolon, "when") says its second clause came after its first. */
const SUBORDINATE = /^(?:When|Once|After|As soon as) (?=[^,]+, )/i

/** "as soon as" or "the moment" after a sentence's first clause ("B gets the key as soon as A lets go"). */
const AS_SOON_AFTER = /,? (?:as soon as|the moment) /i

/** "It is too late: …" ("It's too late:", "It is already too late:", "That is too late:") at a sentence's start: a preface of the refusal after the colon. */
const TOO_LATE_PREFACE = /^(?:it|that)(?: is|['’]s) (?:already |just )?too late: (?=\S)/i

/** A sentence that opens with "While" and a clause ("While A is paused, its lease runs out") reads as its second part "while" its first. */
const WHILE_FIRST = /^While [^,]+, /i

/**
 * The items of a sentence opened by "When", "Once", "After" or "As soon as": the main clause (the first
 * after the subordinate's comma) is read as coming after the subordinate's last clause, unless its joint
 * says otherwise (a correlative "then" does not, after "When" or "As soon as"). "Once" reads as "When". After "When" or "As soon as" it came at that clause's moment: an event's, or of a state
 * the moment it began to hold in the step ("When the key is free, B gets it": B got it as the key came
 * free), or at the moment the state names ("When the key is free at 0 s, B gets it": B got it at 0 s); the events joined inside the subordinate ("When A lets go and B wakes") came at one moment, and
 * so did each event of another subject joined to the main clause by a bare "and" or comma ("When A lets
 * go, B wakes and C gets the key").
 */
function afterFirst(items: readonly Item[], comma: number, soon: boolean, when = false, once = false, refused?: ReadProblem[], text = '', start = 0): Item[] {
	const clauses = items.flatMap((item, index) => (item.kind === 'clause' ? [{ clause: item.clause, index }] : []))
	const inside = clauses.filter(({ clause }) => clause.end <= comma)
	const found = clauses.find(({ clause }) => clause.start > comma)
	const opener = inside.at(-1)?.clause
	if (opener === undefined || found === undefined) return [...items]
	const event = opener.form.tells === 'event'
	// "Once X, Y" is "When X, Y": of an event X, Y came at its moment ("Once A lets go at 10 s, B gets the key", and from A's let-go); of a
	// state, as X began to hold, or at the moment X names ("Once the key is free at 10 s, B gets it").
	const atOnce = soon || once
	// "When X, then Y": the correlative "then" (after the comma, or after Y's subject) orders nothing of its own; Y came at X's moment all the same.
	const { then: correlative, ...plain } = found.clause
	const main = atOnce && correlative === 'then' && !found.clause.gap ? { clause: plain as ReadClause, index: found.index } : found
	if (main !== found) {
		const unordered = main.clause
		items = items.map((item, index) => (index === main.index ? { kind: 'clause', clause: unordered } : item))
	}
	// "When E, S" or "As soon as E, S" of a state S is "S when E": S held at E's moment, as after "while".
	const at = atOnce && event && when
	const timed = new Map<number, ReadClause>()
	if (atOnce) {
		for (const [n, { clause, index }] of inside.entries()) if (n > 0 && clause.form.tells === 'event' && clause.then === undefined && !clause.gap && clause.modifiers.length === 0 && inside[n - 1]?.clause.form.tells === 'event') timed.set(index, { ...clause, then: 'when' })
	}
	const first = main.clause
	// "As soon as C asks, the limit is 3": the main clause is said at X's moment, and a claim of no moment cannot be (`noMomentProblem`).
	if (atOnce && refused !== undefined && first.modifiers.length === 0 && !first.gap && !first.passes && atNoMoment(first)) refused.push(noMomentProblem(text, first, `"${text.slice(start, comma + 1)}"`))
	if (first.then === undefined && !first.gap) {
		if (at && first.form.tells === 'state' && first.modifiers.length === 0) timed.set(main.index, { ...first, during: true, when: 'event-first' })
		// A state that names its own moment ("When the key is free at 0 s, B gets it") puts the main clause at that moment, as one that names none puts it where the state began.
		else timed.set(main.index, { ...first, then: atOnce && first.form.tells === 'event' && (event || first.modifiers.length === 0) ? 'when' : 'then' })
	}
	// The opening "When X," or "As soon as X," reaches each clause joined to the main clause by a bare "and" or a comma: each event
	// came at X's moment too, whatever its subject ("As soon as A wakes, B saves and lets go": the let-go at A's waking as well), and
	// after a state the main clause tells ("As soon as A lets go, the key is free and B gets it": B's grant at A's let-go).
	const reached = timed.get(main.index)
	if (atOnce && (reached?.then === 'when' || reached?.when === 'event-first')) {
		const after = clauses.filter(({ clause }) => clause.start > first.end)
		for (const { clause, index } of after) {
			// An event after "so" is reached as well ("As soon as A lets go, the key is free, so B gets it": B's grant at A's let-go), its
			// cause still checked as after "so" (`so`); a state after "so", what held as a result, ends the reach.
			const so = clause.then === 'so' && clause.form.tells === 'event'
			if (refused !== undefined && clause.then === undefined && !clause.gap && !clause.passes && clause.modifiers.length === 0 && !clause.relative && !clause.during && atNoMoment(clause)) refused.push(noMomentProblem(text, clause, `"${text.slice(start, comma + 1)}"`))
			if ((clause.form.tells !== 'event' && clause.form.tells !== 'state') || (clause.then !== undefined && !so) || clause.gap || clause.modifiers.length > 0 || clause.relative || clause.during || clause.passes) break
			// A state joined so held at X's moment, as the main clause's does ("…, the key is free, nobody holds it, and B gets it"): the events after it are reached too.
			timed.set(index, clause.form.tells === 'state' ? { ...clause, during: true, when: 'event-first' } : { ...clause, then: 'when', reached: true, ...(so ? { so: true as const } : {}) })
		}
	}
	return items.map((item, index) => {
		const clause = timed.get(index)
		return clause === undefined ? item : { kind: 'clause', clause }
	})
}

/** "Right then" and the words like it, at a clause's start or end (`language.ts` reads them as "when"). */
const SAME_MOMENT = /(?:^|,? )(right then|just then|at that (?:very )?moment|at that instant|at the same (?:moment|time|instant))(?:,? |$)/i

/**
 * A clause that tells its own moment with "right then" (read as "when": at the moment of the clause before) after a joint that
 * orders it too ("so", "then", "because"): one clause is ordered one way, so the joint and the words are not both read.
 */
function twiceOrdered(rest: readonly (Item | { kind: 'unread' })[], joined: string): boolean {
	const head = rest[0]
	return head?.kind === 'clause' && head.clause.then === 'when' && /\b(?:then|so|because|since|while|when|although)\b/.test(joined)
}

/** A clause and the items after it, the first of those ordered by the connective between ("then", "so", "because"). */
function joinItems(item: Item, rest: readonly Item[], joined: string): Item[] {
	const [head, ...tail] = rest
	const order = /\bthen\b/.test(joined) ? ('then' as const) : /\bso\b/.test(joined) ? ('so' as const) : /\b(?:because|since)\b/.test(joined) ? ('because' as const) : undefined
	const during = /\b(?:while|although)\b/.test(joined) && item.kind === 'clause'
	const concedes = /\balthough\b/.test(joined)
	const explains = joined === ': ' && item.kind === 'clause'
	const bareAnd = joined === ' and ' && item.kind === 'clause'
	// "S when E" of a state S and a happening E: E is told first, then S as the state that held at its moment, as after "while".
	if (/\bwhen\b/.test(joined) && item.kind === 'clause' && item.clause.form.tells === 'state' && head?.kind === 'clause' && head.clause.form.tells === 'event') {
		const { then, ...state } = item.clause
		// "At 5 s S when E": the moment is E's, at which S held.
		const moved = state.modifiers.length > 0 && head.clause.modifiers.length === 0
		const event = { ...head.clause, ...(then === undefined ? {} : { then }), ...(moved ? { modifiers: state.modifiers } : {}) }
		return [{ kind: 'clause', clause: event }, { kind: 'clause', clause: { ...state, ...(moved ? { modifiers: [] } : {}), during: true, when: 'state-first' } }, ...tail]
	}
	const after = head?.kind === 'clause' && (order || during || explains || bareAnd) ? { kind: 'clause' as const, clause: { ...head.clause, ...(order ? { then: order } : {}), ...(during ? { during: true as const, ...(concedes ? { concedes: true as const } : {}) } : {}), ...(explains ? { explains: true as const } : {}), ...(bareAnd ? { bareAnd: true as const } : {}) } } : head
	return after ? [item, after, ...tail] : [item]
}

type Partial = { items: (Item | { kind: 'unread'; start: number; end: number; referent: string | undefined })[]; unread: number }

/**
 * A sentence that does not read whole, read as a compiler reads past an error: the reading with the
 * fewest unread parts (a part is the text between two connectives), every clause that does read kept
 * for its facts to be checked, and every unread part told at once, each with what the clause before
 * it gave it to speak of. A clause right after an unread part starts afresh (`gap`): no "then" or
 * "so" is judged against a clause that was not read.
 */
function partialReading(language: SceneLanguage, text: string, start: number, end: number, place: Place, referent0: string | undefined, cuts: readonly Cut[], slotProblems: Map<string, string>, plural?: string[]): { items: Item[]; problems: ReadProblem[] } {
	const memo = new Map<string, Partial>()
	const sentence: Sentence = { language, text, end, place, cuts, slotProblems, ...(plural ? { plural } : {}) }
	const walk = (i: number, referent: string | undefined, initial: boolean): Partial => {
		// A gapped clause at `i` repeats the verb of the clause before it (`gapped`): another clause before, another reading.
		const key = `${i}|${referent ?? ''}|${initial}|${sentence.gaps?.get(`${i}|${referent ?? ''}`)?.words ?? ''}|${sentence.paused?.get(`${i}|${referent ?? ''}`) ?? ''}`
		const kept = memo.get(key)
		if (kept) return kept
		let found: Partial | undefined
		const consider = (candidate: Partial) => {
			if (!found || candidate.unread < found.unread || (candidate.unread === found.unread && candidate.items.length < found.items.length)) found = candidate
		}
		const ends = endsFrom(sentence, i)
		for (const j of ends) {
			for (const { item, next } of readingsOf(sentence, i, j, referent, initial)) {
				if (j === end) {
					consider({ items: [item], unread: 0 })
					continue
				}
				const cut = cuts.find(c => c.at === j) as Cut
				if (!joins(cut, item)) continue
				noteGap(sentence, cut, next, item)
				noteLetGo(sentence, cut, next, item)
				notePaused(sentence, cut, next, item)
				const rest = walk(cut.end, next, false)
				if (twiceOrdered(rest.items as Item[], text.slice(cut.at, cut.end))) {
					// The clause ordered twice is a part that does not read, told as such ("so" and "right then").
					const head = rest.items[0] as { kind: 'clause'; clause: ReadClause }
					const to = cuts.find(c => c.at >= head.clause.end)?.at ?? end
					consider({ items: [item, { kind: 'unread', start: cut.end, end: to, referent: next }, ...rest.items.slice(1)], unread: rest.unread + 1 })
					continue
				}
				consider({ items: joinItems(item, rest.items as Item[], text.slice(cut.at, cut.end)) as Partial['items'], unread: rest.unread })
			}
		}
		// A clause whose slot was wrong ("A and A hold the key") is one unread part however many connectives it spans.
		for (const j of ends) {
			if (j === end || !slotProblems.has(slotKey(i, j, referent))) continue
			const cut = cuts.find(c => c.at === j) as Cut
			const rest = walk(cut.end, leadingActor(language, text.slice(i, j)) ?? referent, false)
			consider({ items: [{ kind: 'unread', start: i, end: j, referent }, ...rest.items], unread: rest.unread + 1 })
		}
		if (slotProblems.has(slotKey(i, end, referent))) consider({ items: [{ kind: 'unread', start: i, end, referent }], unread: 1 })
		// The shortest part, unread: what follows speaks of the actor it starts with, else of the one it left out itself.
		// A part that opens with several workers ("Workers A and B ask for a place") is not cut inside their names.
		const names = new RegExp(`^(?:${language.readers.workers.pattern})`).exec(text.slice(i, end))?.[0].length ?? 0
		const cut = cuts.find(c => c.at > i + names && !c.for)
		const to = cut?.at ?? end
		const unread = { kind: 'unread' as const, start: i, end: to, referent }
		if (!cut) consider({ items: [unread], unread: 1 })
		else {
			const rest = walk(cut.end, leadingActor(language, text.slice(i, to)) ?? referent ?? UNREAD_REFERENT, false)
			consider({ items: [unread, ...rest.items], unread: rest.unread + 1 })
		}
		memo.set(key, found as Partial)
		return found as Partial
	}
	const reading = walk(start, referent0, true)
	const items: Item[] = []
	const problems: ReadProblem[] = []
	let gap = false
	for (let k = 0; k < reading.items.length; k++) {
		const item = reading.items[k] as Partial['items'][number]
		if (item.kind !== 'unread') {
			if (gap && item.kind === 'clause') {
				const { then: _then, ...fresh } = item.clause
				items.push({ kind: 'clause', clause: { ...fresh, gap: true } })
			}
			else items.push(item)
			gap = false
			continue
		}
		// Unread parts apart only by a comma are one problem: "keeps the largst fence, 8" is one clause the author wrote.
		let last = item.end
		for (let next = reading.items[k + 1]; next?.kind === 'unread' && text.slice(last, next.start) === ', '; next = reading.items[k + 1]) {
			last = next.end
			k++
		}
		problems.push(problemAt(language, text, item.start, last, end, place, slotProblems, cuts, item.referent))
		gap = true
	}
	return { items, problems }
}

/** The actor a part of a sentence starts with, by its name, which a clause after it may leave out. */
function leadingActor(language: SceneLanguage, segment: string): string | undefined {
	const lower = segment.trimStart().toLowerCase()
	const name = language.names
		.allNames()
		.filter(name => lower.startsWith(name.toLowerCase()) && !/\w/.test(lower.charAt(name.length)))
		.sort((a, b) => b.length - a.length)[0]
	return name === undefined ? undefined : language.names.actorNamed(name)
}

/**
 * Where a segment's slot problem is kept: by the segment and by what "it" named there, as a pronoun's problem
 * depends on the reading that reached it (one reading's "did not read" is not another's).
 */
function slotKey(start: number, end: number, referent: string | undefined): string {
	return `${start}:${end}|${referent ?? ''}`
}

/** An aside of a participle between commas after a subject ("A, holding an old copy, saves"): group 1 the words before it, 2 the aside. */
const PARTICIPLE_ASIDE = /^([^,]*?), ((?!(?:no|any|some|every)thing\b)[a-z]+ing\b[^,]*)(?:,|$)/i

/** Why a segment could not be read: a slot's problem, an aside's word, or the nearest forms. */
function problemAt(language: SceneLanguage, text: string, start: number, to: number, end: number, place: Place, slotProblems: Map<string, string>, cuts: readonly Cut[], referent: string | undefined): ReadProblem {
	const ends = [end, ...cuts.filter(cut => cut.at > start).map(cut => cut.at)].sort((a, b) => b - a)
	for (const j of ends) {
		const message = slotProblems.get(slotKey(start, j, referent))
		if (message !== undefined) return { start, end: j, message }
	}
	const segment = text.slice(start, to)
	// A sign between numbers that no form reads is named, not offered as an aside or a near form.
	const sign = /([\d:]+)\s*(!=|=<|=>|<>|>=|<<|>>|[≠≫≪≈~≥>])\s*([\d:]+)/.exec(segment)
	if (sign) {
		const [, left, mark, right] = sign as unknown as [string, string, string, string]
		const at = start + sign.index + sign[0].indexOf(mark, left.length)
		const turned = mark === '>' || mark === '≥' || mark === '>=' ? `; "${left} ${mark} ${right}" is written "${right} ${mark === '>' ? '<' : '<='} ${left}", the smaller fence first` : ''
		return { start: at, end: at + mark.length, message: `"${mark}" is not a relation a scene states; a relation of fences is <, = or <= (refused: 7 < 8, refused: 7 = 7, saved: 0 < 7)${turned}` }
	}
	if (cuts.some(cut => cut.end === start && cut.for === true) && to === end) {
		const why = forProblem(segment) ?? asideProblem(language, segment)?.message
		if (why !== undefined) return { start, end: to, offer: { start, end: to }, message: `cannot read "${clip(segment)}" as what the pause before it was for: ${why}` }
	}
	if (cuts.some(cut => cut.end === start && cut.colon) && to === end) {
		const aside = asideProblem(language, segment)
		if (aside !== undefined) return { start: start + aside.offset, end: start + aside.offset + aside.word.length, message: `cannot read "${clip(segment)}" as a claim of ${PLACE_NAMES[place]}, nor as an aside: ${aside.message}` }
	}
	const joint = cuts.find(cut => cut.end === start)
	const same = SAME_MOMENT.exec(segment)
	if (same && joint !== undefined && /\b(?:then|so|because|since|while|when|although)\b/.test(text.slice(joint.at, joint.end))) {
		const word = text.slice(joint.at, joint.end).trim().replace(/^,\s*/, '')
		return { start, end: to, offer: { start, end: to }, message: `cannot read "${clip(segment)}" as a claim of ${PLACE_NAMES[place]}: "${same[1]}" says this happened at the moment of what the clause before tells, and "${word}" before it orders it too; keep one: leave out "${same[1]}", or join the clauses with "and"` }
	}
	if (IDLE.test(segment)) {
		const who = referent !== undefined && referent !== UNREAD_REFERENT && language.names.kindOf(referent) === 'worker' ? language.names.labelOf(referent) : 'B'
		return { start, end: to, offer: { start, end: to }, message: `cannot read "${clip(segment)}" as a claim of ${PLACE_NAMES[place]}: the engine records what a worker's code did (asks, grants, writes, lets go), not that it did nothing, nor a round; tell what it did ("${who} is refused", "${who}'s function never runs"), and leave what it did not do to the page's prose` }
	}
	const scheduler = SCHEDULER.exec(segment)
	if (scheduler && place === 'caption') return { start, end: to, offer: { start, end: to }, message: `cannot read "${clip(segment)}" as a claim of ${PLACE_NAMES[place]}: what started the workers' code (a cron job, a scheduler) is outside the scene, and the engine records no such thing; tell what the workers did ("Workers A and B try the lock at the same moment"), and say what started them in the page's prose` }
	const unrecorded = UNRECORDED.exec(segment)
	if (unrecorded && !/\bclock\b/i.test(segment)) return { start, end: to, offer: { start, end: to }, message: `cannot read "${clip(segment)}" as a claim of ${PLACE_NAMES[place]}: the engine records no reads, so no caption can tell one ("${unrecorded[0]}"); a scene tells what the lock and the database saw (asks, grants, leases, writes), so tell the read in the page's prose around the scene` }
	const knowing = UNKNOWING.exec(segment)
	if (knowing) {
		const who = referent !== undefined && referent !== UNREAD_REFERENT && language.names.kindOf(referent) === 'worker' ? language.names.labelOf(referent) : 'A'
		return { start, end: to, message: `cannot read "${clip(segment)}" as a claim of ${PLACE_NAMES[place]}: "${knowing[0]}" tells what a worker knows, which the engine does not record but for one thing, whether its code was told that its lease was lost ("${who} does not know its lease was lost", "${who}, unaware, saves …", "${who}, which never noticed, saves …": of a lost lease its code learned nothing of), so no caption can tell anything else a worker knows or believes; a scene shows a worker acting on a lease it lost by the act itself: "${who}'s code goes on" (it writes on that lease) or "${who} saves with its old fence N" (N the fence of the lease it lost); leave "${knowing[0]}" out, or tell it in the page's prose around the scene` }
	}
	// A participle aside between commas ("A, holding an old copy, saves"): no form reads one, so it is named and left to the prose.
	const participle = PARTICIPLE_ASIDE.exec(text.slice(start, end))
	if (participle) {
		const [whole, , aside] = participle as unknown as [string, string, string]
		const rest = text.slice(start, end)
		const without = (rest.slice(0, participle.index) + rest.slice(participle.index).replace(whole, participle[1] as string)).replace(/\s+/g, ' ').trim()
		return { start, end: to, offer: { start, end: to }, message: `cannot read "${clip(segment)}" as a claim of ${PLACE_NAMES[place]}: "${aside}" between commas is an aside, and no form reads such an aside, so nothing checks it; drop it ("${clip(without)}"), and tell it in the page's prose around the scene if it matters` }
	}
	const negation = negationProblem(language, segment, place)
	if (negation !== undefined) return { start, end: to, offer: { start, end: to }, message: `cannot read "${clip(segment)}" as a claim of ${PLACE_NAMES[place]}: ${negation}` }
	// "A merely holds the key": an adverb that says the clause is all there is to it, which no record decides; named, with the clause without it.
	const mere = MERE.exec(segment)
	if (mere) {
		const without = (segment.slice(0, mere.index) + segment.slice(mere.index + mere[0].length)).replace(/\s+/g, ' ').trim()
		if (typeof readClause(language, without, 0, without.length, place, referent, true) === 'object') return { start, end: to, offer: { start, end: to }, message: `cannot read "${clip(segment)}" as a claim of ${PLACE_NAMES[place]}: "${mere[1]}" says that is all the worker does (nothing more, nothing else), which the engine's record cannot decide, so no form has it; write the clause without it: "${clip(without)}"` }
	}
	const nearest = nearestForms(language, segment, place)
	const shown = nearest.map(form => `"${inWords(form.pattern, language.words)}"`)
	const list = shown.length === 0 ? 'it has no forms' : shown.length === 1 ? `the nearest form is ${shown[0]}` : `the nearest forms are ${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`
	return { start, end: to, offer: { start, end: to }, message: `cannot read "${clip(segment)}" as a claim of ${PLACE_NAMES[place]}; ${list}${stillHint(language, segment, place)}${tooLateHint(language, segment, referent)}${staysHint(segment)}${lockNameHint(language, segment)}${databaseHint(language, segment)}${orderHint(language, segment, place, referent)}${lengthHint(language, segment, place, referent)}${subjectHint(language, segment, nearest, cuts.some(cut => cut.end === start) && (referent === undefined || language.names.kindOf(referent) === 'store'), referent)}` }
}

/**
 * "the deploy lock" names the scene's lock by a word of the story, which the scene's lock is not called and
 * nothing checks (in a scene of two locks it would make the reader guess which): what to write instead.
 */
/** "the database" in a scene of several databases names none of them: say which. */
function databaseHint(language: SceneLanguage, segment: string): string {
	if (!/\bthe database\b/i.test(segment)) return ''
	const databases = language.names.cast.filter(actor => actor.kind === 'database')
	if (databases.length < 2) return ''
	return `; this scene has ${databases.length} databases (${databases.map(actor => actor.label).join(', ')}), so "the database" names none of them: say which`
}

function lockNameHint(language: SceneLanguage, segment: string): string {
	const named = /\bthe ([A-Za-z][\w-]*) (lock|key|semaphore)\b/i.exec(segment)
	if (!named || /^(?:same|new|old|only|whole)$/i.test(named[1] as string)) return ''
	const stores = language.names.namesOf('store')
	if (stores.some(name => name.toLowerCase() === `${named[1]} ${named[2]}`.toLowerCase() || name.toLowerCase() === `the ${named[1]} ${named[2]}`.toLowerCase())) return ''
	const labels = [...new Set(stores.map(name => language.names.actorNamed(name)).filter((id): id is string => id !== undefined).map(id => language.names.labelOf(id)))]
	return `; "${named[0]}" names the key by "${named[1]}", a word no name of this scene's ${labels.length === 1 ? `lock (${labels[0]})` : 'locks'} has and nothing checks: write "the ${named[2] === 'semaphore' ? 'semaphore' : named[2]}"${labels.length === 1 ? `, or the lock's label, "${labels[0]}"` : ''}`
}

/**
 * "stays held" would tell since when the key was held, which no form checks (the key may have changed hands in
 * the step): what to write instead. ("stays free" reads: `key-stays-free`.)
 */
function staysHint(segment: string): string {
	const stays = /\b(?:stays|remains) (held|taken)\b/i.exec(segment)
	if (!stays) return ''
	return `; "${stays[0]}" is not read, as it would tell since when the key was ${stays[1]}: write "the key is ${stays[1]}" (at the step's end), or who holds it`
}

/** Words of order that a work phrase never holds ("the next invoice numbers"): the engine counts no worker's work. */
const ORDER_WORDS = /\b(?:next|other|second|third|last|previous|following)\b ?/i

/**
 * A clause that would read as a form without a word of order before its work ("starts handing out the next invoice
 * numbers") is told so: the order is the story's own, which no form checks, and the clause without it is offered.
 */
function orderHint(language: SceneLanguage, segment: string, place: Place, referent: string | undefined): string {
	const order = ORDER_WORDS.exec(segment)
	if (!order) return ''
	const without = `${segment.slice(0, order.index)}${segment.slice(order.index + order[0].length)}`.trim()
	const read = readClause(language, without, 0, without.length, place, referent, false)
	if (typeof read !== 'object') return ''
	return `; "${order[0].trim()}" tells an order of the work that the engine does not record, and a work phrase has no word of order: without it, "${clip(without)}" reads`
}

/** A length before a work's noun ("a 15 s job", "a 2-minute export"): how long a work was to take. */
const WORK_LENGTH = /\b(a|an) (\d+(?:\.\d+)?[ -]?(?:ms|s|sec|secs|seconds?|min|mins|minutes?|h|hours?)) (?=\S)/i

/**
 * A work told with its length ("A starts a 15 s job") is told so: the engine records no length a work was meant to have, and no
 * form checks it; the clause without it is offered, and the moment the work ends is the story's to tell.
 */
function lengthHint(language: SceneLanguage, segment: string, place: Place, referent: string | undefined): string {
	const length = WORK_LENGTH.exec(segment)
	if (!length) return ''
	// Without the length; or, a noun this scene's work does not read as ("job" of a scene whose code names its own work), "a piece of work".
	const rest = segment.slice(length.index + length[0].length)
	const tries = [`${segment.slice(0, length.index)}a ${rest}`.trim(), ...(/^[\w-]+$/.test(rest.trim()) ? [`${segment.slice(0, length.index)}a piece of work`.trim()] : [])]
	const without = tries.find(text => typeof readClause(language, text, 0, text.length, place, referent, false) === 'object')
	if (without === undefined) return ''
	return `; "${length[2]}" tells how long the work was to take, which the engine does not record and no form checks: "${clip(without)}" reads; tell when the work ends where it ends ("At 15 s A saves …")`
}

/**
 * "It is too late" says of nothing it names what came too late, nor after what: a write on a lease no longer
 * live is told by its worker and the database's answer ("The database refuses A's late write").
 */
function tooLateHint(language: SceneLanguage, segment: string, referent: string | undefined): string {
	if (!/^(?:it|that)(?: is|['’]s) (?:already |just )?too late$/i.test(segment.trim())) return ''
	const who = referent !== undefined && language.names.kindOf(referent) === 'worker' ? language.names.labelOf(referent).split(/\s+/).pop() ?? 'A' : 'A'
	return `; "${segment.trim()}" does not say what is too late, nor for what: of a write made on a lease that is no longer live, write "The database refuses ${who}'s late write" (or "${who}'s late write is refused"); of a renewal, "${who} renews too late"`
}

/**
 * "still" is no neutral adverb: it tells that a state held when the step began and holds when it ends,
 * and reads only in the forms written with it, which a clause with it that does not read is told.
 */
function stillHint(language: SceneLanguage, segment: string, place: Place): string {
	if (!STILL.test(segment)) return ''
	const forms = [...new Set((language.places.get(place)?.forms ?? []).filter(compiled => /\bstill\b/.test(compiled.form.pattern)).map(compiled => compiled.form.pattern))]
	if (forms.length === 0) return ''
	return `; "still" tells that a state held when the step began and holds when it ends, and reads only in ${forms.slice(0, 5).map(pattern => `"${inWords(pattern, language.words)}"`).join(', ')}${forms.length > 5 ? ' and others (`npm run scenes -- forms`)' : ''}: use one, or leave "still" out`
}

/**
 * Words that tell what a worker knows, believes or does not ("A thinks the database is down"), which the engine does not record, but
 * for one thing: whether its code was told that its lease was lost (`unaware-of-loss`, "A, unaware, saves"), which a clause that
 * does not read as that form is told.
 */
const UNKNOWING = /\b(?:unaware|not aware|without knowing|not knowing|unknowingly|oblivious|thinks|believes|believing|knows|noticed|notices|realizes|realises)\b/i

/**
 * A worker doing nothing ("B is refused, so it does nothing this round"): the engine records acts, not their absence over a
 * span ("this round" names none the scene draws); what a refused worker's code did next is told by what it did.
 */
const IDLE = /\b(?:does|do|did) nothing\b/i

/** What started the workers' code, outside the scene: a scheduler ("the cron job fires on both machines"), which the engine does not record. */
const SCHEDULER = /\b(?:cron(?: job)?|scheduler|timer)\b.*\b(?:fires|fire|runs|starts|triggers|kicks off|goes off)\b/i

/** A verb of what a worker's code does that the engine does not record: a read. */
const UNRECORDED = /\b(?:reads|read|loads|fetches|looks up)\b(?! fence| the fence| its fence)/i

/** A word that denies what a clause says: "A does not give up", "the semaphore isn't full". */
const NEGATION = /\b(?:does not|doesn['’]t|do not|don['’]t|did not|didn['’]t|is not|isn['’]t|are not|aren['’]t|never)\b/i

/**
 * Why a clause that denies something reads as no form: the language tells what happened and what
 * holds, and reads a denial only in the forms written with one, which it names with what to write instead.
 */
function negationProblem(language: SceneLanguage, segment: string, place: Place): string | undefined {
	const word = NEGATION.exec(segment)?.[0]
	if (word === undefined) return undefined
	const plain = (text: string) => text.toLowerCase().replace(/n['’]t\b/, ' not')
	const all = [...new Set((language.places.get(place)?.forms ?? []).filter(compiled => NEGATION.test(compiled.pattern)).map(compiled => compiled.pattern))]
	const same = all.filter(pattern => plain(NEGATION.exec(pattern)?.[0] ?? '') === plain(word))
	const denials = same.length > 0 ? same : all
	if (denials.length === 0) return `"${word}" denies, and ${PLACE_NAMES[place]} has no form that does; say what did happen`
	const shown = denials.slice(0, 4).map(pattern => `"${inWords(pattern, language.words)}"`)
	const who = leadingActor(language, segment)
	const name = who !== undefined && language.names.kindOf(who) === 'worker' ? language.names.labelOf(who) : undefined
	const instead = name === undefined ? 'else say what holds instead ("the key is free", "B holds the key")' : `else say what ${name} did instead ("${name} waits in line", "${name} holds the key")`
	return `a scene tells what happened and what holds, and reads "${word}" only in the forms that say it (${shown.join(', ')}${denials.length > 4 ? ', …' : ''}); ${instead}`
}

/** When a joined clause left out its subject, the clause before it has none to lend, and the nearest forms want a worker: say so. */
function subjectHint(language: SceneLanguage, segment: string, nearest: readonly { pattern: string }[], joined: boolean, referent?: string): string {
	if (!joined || !nearest.some(form => form.pattern.startsWith('{worker'))) return ''
	const lower = segment.trimStart().toLowerCase()
	if (language.names.allNames().some(name => lower.startsWith(name.toLowerCase()))) return ''
	// A pronoun is a subject: "it stays free" has one.
	if (/^(?:it|its|they|their|which|who|the|a|an|no|nobody|nothing)\b/.test(lower)) return ''
	// A clause about a lock store ("the lock gives the key to B") lends the store, which is no worker.
	const store = referent !== undefined && language.names.kindOf(referent) === 'store' ? language.names.labelOf(referent) : undefined
	if (store !== undefined) return `; a clause without a subject speaks of what the clause before it names as its subject, ${store}, which is no worker: write the worker's name before "${clip(segment.trim())}"`
	return `; a clause without a subject speaks of the worker the clause before it names as its subject, and that clause has none: write the worker's name before "${clip(segment.trim())}"`
}

function clip(text: string): string {
	return text.length <= 60 ? text : `${text.slice(0, 59)}…`
}

/**
 * Why the words after "for" in "A pauses for …" tell what no one checked, or undefined when they tell only the pause's length
 * ("a long time", checked) or a cause of the lexicon's, which claims nothing ("a long garbage collection"): any other words
 * there ("a nightly index rebuild") would tell what the worker was doing as it paused, which the run does not say.
 */
function forProblem(text: string): string | undefined {
	if (/^an? (?:long|short) time$/i.test(text)) return undefined
	const cause = /^(?:a|an|the) (?:(?:long|short) )?(.+)$/i.exec(text)?.[1]?.toLowerCase()
	if (cause !== undefined && PAUSE_CAUSES.some(one => one.toLowerCase() === cause)) return undefined
	return `after "for", a pause reads only its length ("a long time", "a short time") or a cause of the lexicon's ("a long garbage collection"); what the worker was doing as it paused is told as "stalls in the export" or "the export freezes B", which are checked against its code`
}

/** Why a text is no aside, or undefined when it is one: every word from the neutral lexicon, no name of the scene. */
function asideProblem(language: SceneLanguage, text: string): { word: string; offset: number; message: string } | undefined {
	// "A pauses for a long time": the pause's length, and nothing else, which "long" or "short" tells as in any aside.
	if (/^an? (?:long|short) time$/.test(text)) return undefined
	const names = new Set(language.names.allNames())
	for (const match of text.matchAll(/[^\s,]+/g)) {
		const word = match[0]
		if (names.has(word)) return { word, offset: match.index ?? 0, message: `"${word}" names an actor, and an aside names none` }
	}
	const word = unneutralWord(text)
	if (word === undefined) return undefined
	return { ...word, message: `"${word.word}" is not in the neutral lexicon (src/scenes/claims/lexicon.ts), the only words an aside may use` }
}

/**
 * Reads one clause, [start, end) of the text: as written, with its first letter lowercased at the
 * start of a sentence, without a leading `then`, `at T` or `D later` or a trailing `at T`, and after a
 * connective with the subject of the clause before put in front. A string is a slot's problem.
 */
function readClause(language: SceneLanguage, text: string, start: number, end: number, place: Place, referent: string | undefined, initial: boolean, plural?: string[], fence?: FenceTold): ReadClause | string | undefined {
	const raw = text.slice(start, end)
	const cased = initial && /^[A-Z]/.test(raw) ? [raw, (raw[0] as string).toLowerCase() + raw.slice(1)] : [raw]
	// "too", "as well" or "again" at the end tells that it happened before (to another, or to the same): read last, so a form of its own wins.
	const also = ALSO.exec(raw)
	// Each variant but the text as written leaves words out (`cut`, at its offset in the text as written): what it reads is put back where those words stand.
	const variants: { text: string; cut?: Omitted; also?: NonNullable<ReadClause['also']>; now?: true; then?: true; moment?: Slot; earlier?: NonNullable<ReadClause['earlier']>; sceneEnd?: true; quiet?: NonNullable<ReadClause['quiet']> }[] = cased.map(text => ({ text }))
	const without = (text: string, at: number, length: number) => ({ text: text.slice(0, at) + text.slice(at + length), cut: { at: start + at, length } })
	// "Willing to wait as long as it takes" is "willing to wait without a limit" ("long" is a neutral word, which no form's words may
	// hold): read so, its words mapped back as a cut of the characters the shorter wording lacks. So is "waits (for) as long as it takes".
	const takes = AS_LONG_AS_IT_TAKES.exec(raw)
	// After "waits" it says the wait lasted until it ended by itself (`waits-until-served`); after "willing to wait" it tells the ask's limit.
	const instead = takes && /(?:^| )waits $/.test(raw.slice(0, takes.index)) ? SERVED : UNLIMITED
	if (takes) for (const text of cased) variants.push({ text: text.slice(0, takes.index) + instead + text.slice(takes.index + takes[0].length), cut: { at: start + takes.index + instead.length, length: takes[0].length - instead.length } })
	// "Has waited long enough" is "has waited enough": "long" is a neutral word, which no form's words may hold, and claims nothing more here.
	const enough = LONG_ENOUGH.exec(raw)
	if (enough) for (const text of cased) variants.push(without(text, enough.index, enough[0].length))
	// "Keeps the key for a long time" reads as "keeps the key for ages" (`keeps-for-a-long-time`): "long" is a neutral word, which no form's words may hold.
	const lengthy = LONG_TIME.exec(raw)
	if (lengthy) for (const text of cased) variants.push({ text: text.slice(0, lengthy.index) + AGES, cut: { at: start + lengthy.index + AGES.length, length: lengthy[0].length - AGES.length } })
	// "Nothing happens until" before an event says the step had no happening before its moment (`ReadClause.quiet`).
	const hush = QUIET.exec(raw)
	if (hush) variants.push({ ...without(raw, 0, hush[0].length), quiet: { start, end: start + hush[0].length - 1 } })
	// "now" in a state ("the database now keeps fence 8", "B and C hold it now") says it holds at the clause's moment, as a state does.
	const now = NOW.exec(raw)
	if (now) for (const text of cased) variants.push({ ...without(text, now.index, now[0].length), now: true })
	// "Now" opening a clause ("Now three workers are waiting") says the same as "now" inside it.
	const opening = /^now (?=\S)/i.exec(raw)
	if (opening && !now) variants.push({ ...without(raw, 0, opening[0].length), now: true })
	// A neutral adverb ("B simply holds the key") claims nothing: the clause reads as it would without it.
	// "finally", "eventually" and "this time" are checked where they modify a grant or an ask (`ReadClause.earlier`), also when
	// a form's own wording has them ("B asks, this time willing to wait 9 s"): they claim the same there.
	const adverb = ADVERB.exec(raw)
	const adverbWord = adverb?.[0].trim().toLowerCase()
	const earlier = adverb && (adverbWord === 'finally' || adverbWord === 'eventually' || adverbWord === 'this time') ? { word: adverbWord as NonNullable<ReadClause['earlier']>['word'], start: start + adverb.index, end: start + adverb.index + adverb[0].length - 1, ...(adverbWord === 'this time' && /^with fence /i.test(raw.slice(adverb.index + adverb[0].length)) ? { fence: true as const } : {}) } : undefined
	if (adverb) for (const text of [...cased]) variants.push({ ...without(text, adverb.index, adverb[0].length), ...(earlier ? { earlier } : {}) })
	// A comma before "before it saves" is left out: "A pauses, before it saves" reads as "A pauses before it saves".
	const comma = COMMA_BEFORE.exec(raw)
	if (comma) for (const text of cased) variants.push(without(text, comma.index, 1))
	// "then" after the subject ("the key then goes to B") orders the clause as "then" before it would.
	const inner = THEN_INSIDE.exec(raw)
	if (inner && inner.index > 0) for (const text of cased) variants.push({ ...without(text, inner.index, inner[0].length), then: true })
	if (also && place !== 'ask' && place !== 'write') {
		const word = also[1] === 'again' ? ('again' as const) : ('too' as const)
		const ofFence = word === 'too' && /\bwith fence \S+$/i.test(raw.slice(0, also.index))
		for (const text of cased) variants.push({ ...without(text, also.index, also[0].length), also: { word, start: start + also.index + 1, end: start + also.index + also[0].length, ...(ofFence ? { fence: true as const } : {}) } })
	}
	// "also with fence 1" tells the fence as "with fence 1 too" does.
	const alsoFence = ALSO_FENCE.exec(raw)
	if (!also && alsoFence && place !== 'ask' && place !== 'write') {
		for (const text of cased) variants.push({ ...without(text, alsoFence.index, alsoFence[0].length), also: { word: 'too' as const, start: start + alsoFence.index + 1, end: start + alsoFence.index + alsoFence[0].length, fence: true as const } })
	}
	// "again" after the verb and before more words ("A renews it again until 26 s") tells as a trailing one does: read last, so a form of its own wins.
	const again = AGAIN_INSIDE.exec(raw)
	if (!also && again && again.index > 0 && place !== 'ask' && place !== 'write') {
		for (const text of cased) variants.push({ ...without(text, again.index, again[0].length), also: { word: 'again', start: start + again.index + 1, end: start + again.index + again[0].length } })
	}
	// "at 20 s" after the verb ("B gives up at 20 s without getting the key") names the clause's moment as a trailing one would: read last.
	const within = language.within.exec(raw)
	if (within && within.index > 0) {
		const [s, e] = within.indices?.[1] ?? [0, 0]
		const slot = readSlot(language, 'time', raw.slice(s, e), start + s, start + e, referent)
		if (typeof slot !== 'string') for (const text of cased) variants.push({ ...without(text, within.index, within[0].length), moment: slot })
	}
	// "at the start" (or "at the beginning") names the scene's first moment, 0 s, as "at 0 s" would: "Workers A and B each take a place at
	// the start". It is not the step's start: in a later step nothing happens at 0 s, so what it tells is refused there.
	const sceneStart = SCENE_START.exec(raw)
	if (sceneStart && sceneStart.index > 0) {
		const [s, e] = [sceneStart.index + 1, sceneStart.index + sceneStart[0].length]
		const slot: Slot = { type: 'time', text: raw.slice(s + 3, e), start: start + s + 3, end: start + e, value: { type: 'number', value: 0 } }
		for (const text of cased) variants.push({ ...without(text, sceneStart.index, sceneStart[0].length), moment: slot })
	}
	// "At the start" before a clause names the scene's first moment as it does after one: "At the start Workers A and B take one place each".
	const headStart = SCENE_START_HEAD.exec(raw)
	if (headStart) {
		const length = headStart[0].length + (raw[headStart[0].length] === ',' ? 2 : 1)
		const slot: Slot = { type: 'time', text: raw.slice(3, headStart[0].length), start: start + 3, end: start + headStart[0].length, value: { type: 'number', value: 0 } }
		const rest = without(raw, 0, length)
		for (const text of [rest.text, (rest.text[0] ?? '').toLowerCase() + rest.text.slice(1)]) variants.push({ ...rest, text, moment: slot })
	}
	// "at the end" after a state names the scene's end as its moment; its value is set where the run is known (`sceneEnd`).
	const sceneEnd = SCENE_END.exec(raw)
	if (sceneEnd && sceneEnd.index > 0) {
		const [s, e] = [sceneEnd.index + 1, sceneEnd.index + sceneEnd[0].length]
		const slot: Slot = { type: 'time', text: raw.slice(s + 3, e), start: start + s + 3, end: start + e, value: { type: 'number', value: Number.NaN } }
		for (const text of cased) variants.push({ ...without(text, sceneEnd.index, sceneEnd[0].length), moment: slot, sceneEnd: true })
	}
	let problem: string | undefined
	for (const { text: variant, cut, also: told, now: stated, then: ordered, moment: within, earlier: before, sceneEnd: ending, quiet } of variants) {
		for (const prefix of within ? [undefined] : [undefined, ...language.prefixes]) {
			const head = prefix ? prefix.regex.exec(variant) : undefined
			if (prefix && !head) continue
			const coreStart = head ? head[0].length : 0
			for (const suffix of within ? [undefined] : [undefined, ...language.suffixes]) {
				const rest = variant.slice(coreStart)
				const tail = suffix ? suffix.regex.exec(rest) : undefined
				if (suffix && !tail) continue
				const coreEnd = tail ? variant.length - tail[0].length : variant.length
				if (coreEnd <= coreStart) continue
				const modifiers: ReadClause['modifiers'] = []
				const modifier = (kind: 'at' | 'later' | 'soon' | 'then' | 'same', match: RegExpExecArray, offset: number) => {
					if (kind === 'then' || kind === 'same') return true
					const [s, e] = match.indices?.[1] ?? [0, 0]
					if (kind === 'soon') {
						modifiers.push({ kind, slot: { type: 'duration', text: variant.slice(offset + s, offset + e), start: start + offset + s, end: start + offset + e, value: { type: 'number', value: 0 } } })
						return true
					}
					const slot = readSlot(language, kind === 'at' ? 'time' : 'duration', variant.slice(offset + s, offset + e), start + offset + s, start + offset + e, referent)
					if (typeof slot === 'string') {
						problem ??= slot
						return false
					}
					modifiers.push({ kind, slot })
					return true
				}
				if (prefix && head && !modifier(prefix.kind, head, 0)) continue
				if (suffix && tail && !modifier(suffix.kind, tail, coreStart)) continue
				const core = variant.slice(coreStart, coreEnd)
				const clause = readCore(language, core, start + coreStart, place, referent, !initial || prefix !== undefined, plural, fence)
				if (typeof clause === 'string') {
					problem ??= clause
					continue
				}
				if (clause && stated && clause.form.tells !== 'state') continue
				if (clause && ending && clause.form.tells !== 'state') {
					problem ??= `"at the end" names the scene's end, a moment a state holds at, and "${clause.form.pattern}" tells no state; say when it happened ("at 6 s"), or leave it out`
					continue
				}
				// "Right then" tells a happening's moment, the one of the clause before: it joins only an event, as "when" does.
				const same = prefix?.kind === 'same' || suffix?.kind === 'same'
				if (clause && same && (clause.form.tells !== 'event' || within !== undefined || clause.modifiers.length > 0 || prefix?.kind === 'then' || suffix?.kind === 'then' || ordered)) {
					problem ??= `"${text.slice(start + (prefix?.kind === 'same' && head ? 0 : coreEnd), start + (prefix?.kind === 'same' && head ? head[0].length : variant.length)).replace(/^,? /, '').replace(/,? $/, '')}" says a happening came at the moment of what the clause before tells, and "${clause.form.pattern}" ${clause.form.tells === 'event' ? 'names a moment of its own' : 'tells no happening'}; leave it out`
					continue
				}
				if (clause && prefix?.after && clause.form.tells === 'none' && modifiers.length === 1 && clause.modifiers.length === 0 && !told) {
					const { slot } = modifiers[0] as ReadClause['modifiers'][number]
					return putBack({ ...clause, passes: slot, end: start + coreEnd }, cut)
				}
				if (clause && quiet && clause.form.tells !== 'event') {
					problem ??= `"${text.slice(quiet.start, quiet.end)}" says nothing happened in the step before a happening, and "${clause.form.pattern}" tells ${clause.form.tells === 'state' ? 'a state' : 'no happening'}; name a happening ("nothing happens until A's lease runs out")`
					continue
				}
				if (clause && told && clause.form.tells !== 'event') {
					problem ??= `"${text.slice(told.start, told.end)}" tells that a happening came before, and "${clause.form.pattern}" tells ${clause.form.tells === 'state' ? 'a state' : 'no happening'}; leave it out`
					continue
				}
				if (clause) return { ...putBack({ ...clause, modifiers: [...modifiers, ...clause.modifiers], end: start + coreEnd }, cut, within), ...(ending ? { sceneEnd: true as const } : {}), ...(prefix?.kind === 'then' || prefix?.ordered === true || suffix?.kind === 'then' || ordered ? { then: 'then' as const } : same ? { then: 'when' as const, same: (SAME_MOMENT.exec(prefix?.kind === 'same' && head ? head[0] : (tail?.[0] ?? ''))?.[1] ?? 'right then').toLowerCase() } : {}), ...(told ? { also: told } : {}), ...(quiet ? { quiet } : {}), ...(before ? { earlier: before } : earlier ? { earlier: { ...earlier, own: true as const } } : {}) }
			}
		}
	}
	return problem
}

/** Words a reading of a clause left out ("finally ", " now", " at 20 s"): where they stood in the text, and how many characters. */
interface Omitted {
	at: number
	length: number
}

/**
 * A clause read from its text with words left out, its spans put back where they stand in the text as written ("finally
 * gets it with fence 1": the fence's slot after "finally "), and the moment the left-out words told ("at 20 s"), first.
 */
function putBack(clause: ReadClause, omitted: Omitted | undefined, moment?: Slot): ReadClause {
	const at = (offset: number, end: boolean) => (omitted !== undefined && (end ? offset > omitted.at : offset >= omitted.at) ? offset + omitted.length : offset)
	const span = <T extends { start: number; end: number }>(part: T): T => ({ ...part, start: at(part.start, false), end: at(part.end, true) })
	const modifiers = clause.modifiers.map(modifier => ({ ...modifier, slot: span(modifier.slot) }))
	return {
		...span(clause),
		slots: clause.slots.map(span),
		modifiers: moment === undefined ? modifiers : [{ kind: 'at', slot: moment }, ...modifiers],
		...(clause.passes ? { passes: span(clause.passes) } : {}),
		...(clause.waited ? { waited: span(clause.waited) } : {}),
		...(clause.restarted ? { restarted: span(clause.restarted) } : {}),
		...(clause.work ? { work: clause.work } : {}),
		...(clause.saved ? { saved: span(clause.saved) } : {}),
		...(clause.length ? { length: span(clause.length) } : {}),
		...(clause.workCause ? { workCause: span(clause.workCause) } : {}),
		...(clause.also ? { also: span(clause.also) } : {}),
		...(clause.earlier ? { earlier: span(clause.earlier) } : {}),
	}
}

function readSlot(language: SceneLanguage, type: SlotType, text: string, start: number, end: number, referent: string | undefined, own?: string, plural?: string[]): Slot | string {
	const value = language.readers[type].read(text, referent, own, plural)
	return typeof value === 'string' ? value : { type, text, start, end, value }
}

/** Reads a clause's core against the place's forms; with `elided`, also with the subject before put in front. */
function readCore(language: SceneLanguage, core: string, offset: number, place: Place, referent: string | undefined, elided: boolean, plural?: string[], fence?: FenceTold): ReadClause | string | undefined {
	const entry = language.places.get(place)
	if (!entry) return undefined
	let problem: string | undefined
	// "it is larger than B's fence 2", right after a clause that named C's fence, reads "C's fence is larger than B's fence 2".
	if (fence !== undefined && FENCE_IT.test(core)) {
		const owned = `${language.names.labelOf(fence.worker)}'s fence `
		const told = `${owned}${core.slice('it '.length)}`
		for (const compiled of entry.byFirstWord.get(firstWordOf(told)) ?? []) {
			if (!compiled.pattern.startsWith('{owner} fence is ')) continue
			const clause = matchForm(language, compiled, told, offset, owned.length - 'it '.length, referent, plural)
			if (typeof clause === 'string') problem ??= clause
			else if (clause) return { ...clause, start: offset, ofFence: true, ...(fence.fence !== undefined ? { itFence: fence.fence } : {}) }
		}
		return problem
	}
	// "that fence comes from the new epoch", right after a clause that named C's fence, reads "C's fence comes from the new epoch".
	const that = FENCE_THAT.exec(core)
	if (fence !== undefined && that) {
		const owned = `${language.names.labelOf(fence.worker)}'s fence `
		const told = `${owned}${core.slice(that[0].length)}`
		for (const compiled of entry.byFirstWord.get(firstWordOf(told)) ?? []) {
			if (!compiled.pattern.startsWith('{owner} fence ')) continue
			const clause = matchForm(language, compiled, told, offset, owned.length - that[0].length, referent, plural)
			if (typeof clause === 'string') problem ??= clause
			else if (clause) return { ...clause, start: offset, ofFence: true, ...(fence.fence !== undefined ? { itFence: fence.fence } : {}) }
		}
		return problem
	}
	// "all three" after a clause about three workers ("Workers A, B and C ask, and all three get in"), or a sentence that named them, is those three.
	const all = ALL_OF.exec(core)
	const named = all ? (groupOf(referent) ?? (plural !== undefined && plural.length >= 2 ? plural : undefined)) : undefined
	if (all && named !== undefined && readCount(all[1] as string) === named.length) {
		const list = named.map(id => language.names.labelOf(id))
		const names = `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`
		const put = `${names} all ${core.slice(all[0].length)}`
		for (const compiled of entry.byFirstWord.get(firstWordOf(put)) ?? []) {
			if (compiled.subject !== 'workers') continue
			const clause = matchForm(language, compiled, put, offset + all[0].length, names.length + 5, referent, plural)
			if (clause && typeof clause !== 'string') return { ...clause, start: offset }
		}
	}
	// "B, who was waiting, takes over with fence 2": the clause without its aside, whose grant came from the line.
	// "The new A asks for the key again" ("the restarted A"): the clause with its subject's bare name, whose process must have restarted before it.
	const renamed = RESTARTED_NAME.exec(core)
	if (renamed) {
		const cut = renamed[0].length
		const clause = readCore(language, core.slice(cut), offset + cut, place, referent, elided, plural)
		const first = clause && typeof clause !== 'string' ? clause.slots[0] : undefined
		if (clause && typeof clause !== 'string' && first !== undefined && first.start === offset + cut && first.value.type === 'actor' && first.value.id === clause.subject && language.names.kindOf(first.value.id) === 'worker' && language.names.actorNamed(first.text) === first.value.id) {
			return { ...clause, start: offset, restarted: { start: offset, end: first.end } }
		}
		if (typeof clause === 'string') problem ??= clause
	}
	const aside = WAITING_ASIDE.exec(core)
	if (aside) {
		const [, who, said, rest] = aside as unknown as [string, string, string, string]
		const cut = said.length
		const clause = readCore(language, `${who} ${rest}`, offset, place, referent, elided, plural)
		if (clause && typeof clause !== 'string' && clause.subject !== undefined && clause.form.tells === 'event') {
			const moved = (at: number) => (at > offset + who.length ? at + cut - 1 : at)
			return { ...clause, start: offset, end: offset + core.length, slots: clause.slots.map(slot => ({ ...slot, start: moved(slot.start), end: moved(slot.end) })), waited: { start: offset + who.length, end: offset + who.length + cut, ...(/ all along, $/.test(said) ? { allAlong: true as const } : / (?:the whole time|all this time), $/.test(said) ? { wholeTime: true as const } : {}) } }
		}
		if (typeof clause === 'string') problem ??= clause
	}
	// "Both places are taken" is "all two places are taken": "both" tells there are two. "Both are taken" (full, in use), with no
	// noun, is "all two are taken": of a semaphore of two places, both held; of a lock or another number of places it is refused.
	const both = BOTH_PLACES.exec(core)
	if (both) {
		const put = `all two ${core.slice(both[0].length)}`
		for (const compiled of entry.byFirstWord.get('all') ?? []) {
			const clause = matchForm(language, compiled, put, offset, 'all two '.length - both[0].length, referent, plural)
			if (clause && typeof clause !== 'string') return { ...clause, start: offset }
		}
	}
	for (const compiled of entry.byFirstWord.get(firstWordOf(core)) ?? []) {
		const clause = matchForm(language, compiled, core, offset, 0, referent, plural)
		if (typeof clause === 'string') problem ??= clause
		else if (clause) return clause
	}
	// ", before its first renewal is due" after a clause about a worker's pause ("A's process pauses for 10 s, before its first renewal is due")
	// carries that worker as its subject: it reads as "A pauses before its first renewal is due", of the pause the step tells.
	if (elided && PAUSE_BEFORE_DUE.test(core) && referent !== undefined && language.names.kindOf(referent) === 'worker') {
		const put = `${language.names.labelOf(referent)} pauses ${core}`
		for (const compiled of entry.byFirstWord.get(firstWordOf(put)) ?? []) {
			if (compiled.form.id !== 'pauses-before-first-renewal') continue
			const clause = matchForm(language, compiled, put, offset, put.length - core.length, referent, plural)
			if (typeof clause === 'string') problem ??= clause
			else if (clause) {
				const woke = `${language.names.labelOf(referent)} wakes ${core}`
				const wake = (entry.byFirstWord.get(firstWordOf(woke)) ?? []).filter(one => one.form.id === 'wakes-before-first-renewal').map(one => matchForm(language, one, woke, offset, woke.length - core.length, referent, plural)).find((one): one is ReadClause => typeof one === 'object' && one !== null)
				return { ...clause, start: offset, end: offset + core.length, pauseAside: true, ...(wake === undefined ? {} : { wakeAside: { ...wake, start: offset, end: offset + core.length } }) }
			}
		}
	}
	// ", long before its lease would run out" after a clause that tells a worker letting go ("A lets go, long before its lease would run out")
	// carries that worker as its subject: it reads as "A lets go long before its lease would run out", of the let-go the step tells.
	if (elided && LET_GO_LONG_BEFORE.test(core) && referent !== undefined && language.names.kindOf(referent) === 'worker') {
		// "long" is a neutral word (a long piece of work), so the form says "well before", a word as long: the places map the same.
		const put = `${language.names.labelOf(referent)} lets go ${core.replace(/^long /i, 'well ')}`
		for (const compiled of entry.byFirstWord.get(firstWordOf(put)) ?? []) {
			if (compiled.form.id !== 'lets-go-long-before-end') continue
			const clause = matchForm(language, compiled, put, offset, put.length - core.length, referent, plural)
			if (typeof clause === 'string') problem ??= clause
			else if (clause) return { ...clause, start: offset, end: offset + core.length, letGoAside: true }
		}
	}
	// ", without saving anything" (or "without writing anything", "without saving" and what it writes) after a clause about a worker ("A gets the key
	// and lets go at once, without saving anything") carries that worker as its subject: it reads as "A does not save", no write of its own in
	// the whole step (not only after the act the clause before told: one earlier in the step is refused too).
	const without = WITHOUT_WRITING.exec(core)
	if (elided && without && referent !== undefined && language.names.kindOf(referent) === 'worker') {
		const put = `${language.names.labelOf(referent)} does not save${without[1] ?? ''}`
		for (const compiled of entry.byFirstWord.get(firstWordOf(put)) ?? []) {
			if (compiled.form.id !== 'does-not-save') continue
			const clause = matchForm(language, compiled, put, offset, put.length, referent, plural)
			if (typeof clause === 'string') problem ??= clause
			else if (clause) return { ...clause, start: offset, end: offset + core.length }
		}
	}
	// "which" after a comma (or "that" right after "lease" or "key") names the lease or key the clause before spoke of: "A renews its lease, which now ends at 40 s" reads as "it now ends at 40 s".
	const which = /^(?:which|that) /.exec(core)
	// "a 10 s lease that it does not renew" (or "that is not renewed"): the worker before holds that lease from a hold with renewal off,
	// and nothing renews it, on its own or by hand, as "A holds the key without renewing it" says; the words map to where "that" stands.
	if (elided && which && UNRENEWED.test(core) && referent !== undefined && language.names.kindOf(referent) === 'worker') {
		const put = `${language.names.labelOf(referent)} holds it without renewing it`
		for (const compiled of entry.byFirstWord.get(firstWordOf(put)) ?? []) {
			if (compiled.form.id !== 'holds-without-renewing') continue
			const clause = matchForm(language, compiled, put, offset, put.length, referent, plural)
			if (typeof clause === 'string') problem ??= clause
			else if (clause) return { ...clause, relative: true, start: offset, end: offset + core.length }
		}
	}
	// "A holds the key with a 10 s lease, and renewal is off" (or "with a 10 s lease and renewal off") tells the worker's hold, as "and its
	// hold has renewal off" does.
	if (elided && RENEWAL_OFF.test(core) && referent !== undefined && language.names.kindOf(referent) === 'worker') {
		const put = `${language.names.labelOf(referent)}'s hold has renewal off`
		for (const compiled of entry.byFirstWord.get(firstWordOf(put)) ?? []) {
			if (compiled.form.id !== 'holds-with-renewal-off') continue
			const clause = matchForm(language, compiled, put, offset, put.length, referent, plural)
			if (typeof clause === 'string') problem ??= clause
			else if (clause) return { ...clause, start: offset, end: offset + core.length }
		}
	}
	// "a 4 s lease that does not renew on its own" tells the worker's hold has renewal off; a renewal by hand may still come.
	if (elided && which && NOT_OWN_RENEWAL.test(core) && referent !== undefined && language.names.kindOf(referent) === 'worker') {
		const put = `${language.names.labelOf(referent)}'s hold has renewal off`
		for (const compiled of entry.byFirstWord.get(firstWordOf(put)) ?? []) {
			if (compiled.form.id !== 'holds-with-renewal-off') continue
			const clause = matchForm(language, compiled, put, offset, put.length, referent, plural)
			if (typeof clause === 'string') problem ??= clause
			else if (clause) return { ...clause, relative: true, start: offset, end: offset + core.length }
		}
	}
	// "a 10 s lease, which its process renews" tells the habit of the worker's hold, as "which its process renews on its own" does.
	if (elided && which && PROCESS_RENEWS.test(core) && referent !== undefined && language.names.kindOf(referent) === 'worker') {
		const put = `${language.names.labelOf(referent)}'s process renews it on its own`
		for (const compiled of entry.byFirstWord.get(firstWordOf(put)) ?? []) {
			if (compiled.form.id !== 'hold-renews-on-its-own') continue
			const clause = matchForm(language, compiled, put, offset, put.length, referent, plural)
			if (typeof clause === 'string') problem ??= clause
			else if (clause) return { ...clause, relative: true, start: offset, end: offset + core.length }
		}
	}
	if (elided && which) {
		const put = `it ${core.slice(which[0].length)}`
		const shift = which[0].length - 3
		for (const compiled of entry.byFirstWord.get(firstWordOf(put)) ?? []) {
			if (compiled.subject !== 'lease' && compiled.subject !== 'key') continue
			const clause = matchForm(language, compiled, put, offset + shift, 0, referent, plural)
			if (typeof clause === 'string') problem ??= clause
			// A state of the key so told ("B asks for the key, which is held by A") describes it as the clause before named it: it held when that happened.
			else if (clause) return { ...clause, relative: true, start: offset, ...(compiled.subject === 'key' && clause.form.tells === 'state' ? { during: true as const } : {}) }
		}
		// After a clause about a worker, "which" may name its fence: "B gets it with fence 9, which is larger than A's" reads "B's fence is larger than A's".
		if (referent !== undefined && language.names.kindOf(referent) === 'worker') {
			const fence = `${language.names.labelOf(referent)}'s fence `
			const told = `${fence}${core.slice(which[0].length)}`
			for (const compiled of entry.byFirstWord.get(firstWordOf(told)) ?? []) {
				if (!compiled.pattern.startsWith('{owner} fence ')) continue
				const clause = matchForm(language, compiled, told, offset + which[0].length, fence.length, referent, plural)
				if (typeof clause === 'string') problem ??= clause
				else if (clause) return { ...clause, relative: true, start: offset }
			}
			// Or what it wrote: "A saves its THING, which overwrites B's" reads "A's THING overwrites B's".
			for (const noun of [language.words.thing, 'write']) {
				const owned = `${language.names.labelOf(referent)}'s ${noun} `
				const wrote = `${owned}${core.slice(which[0].length)}`
				for (const compiled of entry.byFirstWord.get(firstWordOf(wrote)) ?? []) {
					if (!/^\{owner\} (?:THING|write)\b/.test(compiled.pattern)) continue
					const clause = matchForm(language, compiled, wrote, offset + which[0].length, owned.length, referent, plural)
					if (typeof clause === 'string') problem ??= clause
					else if (clause) return { ...clause, relative: true, start: offset }
				}
			}
		}
		// "which" may be the object of a clause about a worker: "B asks for the key, which A holds" reads "A holds it". A state so
		// told describes the key as the clause before named it: it held when that happened, as after "while".
		const object = `${core.slice(which[0].length)} it`
		for (const compiled of entry.byFirstWord.get(firstWordOf(object)) ?? []) {
			if (compiled.subject !== 'worker' || !compiled.pattern.endsWith('{key}')) continue
			const clause = matchForm(language, compiled, object, offset + which[0].length, 0, referent, plural)
			if (typeof clause === 'string') problem ??= clause
			else if (clause) return { ...clause, relative: true, start: offset, end: offset + core.length, ...(clause.form.tells === 'state' ? { during: true as const } : {}) }
		}
		// Or the object of a clause with more words after its verb: "a 20 s lease, which nothing renews on its own" reads
		// "nothing renews it on its own", the "it" a lease or a key slot at the place "which" stands for.
		const words = core.slice(which[0].length).split(' ')
		for (let k = 2; k <= words.length; k++) {
			const head = words.slice(0, k).join(' ')
			const put = [head, 'it', ...words.slice(k)].join(' ')
			for (const compiled of entry.byFirstWord.get(firstWordOf(put)) ?? []) {
				const clause = matchForm(language, compiled, put, offset + which[0].length, 0, referent, plural)
				if (clause === undefined || typeof clause === 'string') continue
				const it = clause.slots.find(slot => (slot.type === 'lease' || slot.type === 'key') && slot.text === 'it' && slot.start === offset + which[0].length + head.length + 1)
				// A state of the key so told ("A lets go of the key, which B holds with fence 2") describes it as the clause before named it: it held when that happened.
				if (it) return { ...clause, relative: true, start: offset, end: offset + core.length, ...(it.type === 'key' && clause.form.tells === 'state' ? { during: true as const } : {}) }
			}
		}
	}
	// After a clause about a worker, words that describe a fence are its fence's: "B gets it with fence 5000:1, from the new epoch"
	// reads "B's fence is from the new epoch", and "larger than its old fence 1" reads "B's fence is larger than its old fence 1".
	// ", with a fence from the new epoch" is its fence's too: "B gets it at once, with a fence from a new epoch" reads "B's fence is from a new epoch".
	const withFence = WITH_FENCE_EPOCH.exec(core)?.[0].length ?? 0
	if (elided && FENCE_APPOSITIVE.test(core.slice(withFence)) && referent !== undefined && language.names.kindOf(referent) === 'worker') {
		const fence = `${language.names.labelOf(referent)}'s fence is `
		const told = `${fence}${core.slice(withFence)}`
		for (const compiled of entry.byFirstWord.get(firstWordOf(told)) ?? []) {
			if (!compiled.pattern.startsWith('{owner} fence is ')) continue
			const clause = matchForm(language, compiled, told, offset, fence.length - withFence, referent, plural)
			if (typeof clause === 'string') problem ??= clause
			// It tells the fence the clause before told, so it held when that happened, as after "while".
			else if (clause) return { ...clause, start: offset, during: true }
		}
	}
	// After a clause about a worker, ", with the next fence, 2" tells its grant as "B gets it with the next fence, 2" does: a grant of that
	// fence to it in this step, one more than its store's fence before ("B asks and gets it at once, with the next fence, 2").
	if (elided && NEXT_FENCE_APPOSITIVE.test(core) && referent !== undefined && language.names.kindOf(referent) === 'worker') {
		const gets = `${language.names.labelOf(referent)} gets it `
		const told = `${gets}${core}`
		for (const compiled of entry.byFirstWord.get(firstWordOf(told)) ?? []) {
			if (compiled.form.id !== 'gets-with-next-fence') continue
			const clause = matchForm(language, compiled, told, offset, gets.length, referent, plural)
			if (typeof clause === 'string') problem ??= clause
			else if (clause) return { ...clause, start: offset }
		}
	}
	const group = groupOf(referent)
	if (elided && group !== undefined) {
		// Several workers before: "B and C ask, and wait in line" is "B and C wait in line".
		const list = group.map(id => language.names.labelOf(id))
		const names = `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`
		const put = `${names} ${core}`
		for (const compiled of entry.byFirstWord.get(firstWordOf(put)) ?? []) {
			if (compiled.subject !== 'workers') continue
			const clause = matchForm(language, compiled, put, offset, names.length + 1, referent, plural)
			if (typeof clause === 'string') problem ??= clause
			else if (clause) return clause
		}
	} else if (elided && referent !== undefined) {
		const kind = language.names.kindOf(referent)
		const subject = kind === 'worker' ? 'worker' : kind === 'store' ? 'store' : kind === 'database' ? 'database' : undefined
		const name = language.names.labelOf(referent)
		// "while holding it" is "while it holds it": a participle after the subject left out reads as its verb.
		const participle = /^([a-z]+?)(?:ing)\b/.exec(core)
		// Of a worker's knowing its lost lease only (`unaware-of-loss`): "…, unaware, and saves", "…, not knowing its lease was ended, and
		// saves", "…, still believing it holds the key, and saves" tell what held when the clause before happened, as a participle does.
		const knowing = /^(?:unaware\b|not knowing\b|still believing\b|still thinking\b)/.exec(core)
		const knows = knowing === null ? [] : [core.startsWith('unaware') ? `is ${core}` : core.startsWith('not') ? `does not know${core.slice(knowing[0].length)}` : `still ${core.startsWith('still b') ? 'believes' : 'thinks'}${core.slice(knowing[0].length)}`]
		const verbs = participle ? PRESENT(participle[1] as string).map(verb => `${verb}${core.slice(participle[0].length)}`) : knows
		for (const said of [core, ...verbs]) {
			const put = `${name} ${said}`
			if (subject === undefined) break
			for (const compiled of entry.byFirstWord.get(firstWordOf(put)) ?? []) {
				if (compiled.subject !== subject) continue
				const clause = matchForm(language, compiled, put, offset, name.length + 1 + said.length - core.length, referent, plural)
				if (typeof clause === 'string') problem ??= clause
				else if (clause && knowing !== null && said !== core && clause.form.id !== 'unaware-of-loss') continue
				// A participle ("…, holding the key") tells what was so when the clause before happened, as after "while".
				else if (clause) return said === core ? clause : { ...clause, start: offset, end: offset + core.length, during: true }
			}
		}
		// "A is still working and healthy": a bare adjective after the subject left out is a state of that subject, with "is"
		// ("A is healthy"); the sentence's pass keeps it only right after "and" and a state of the same subject (`bare`).
		if (subject === 'worker' && /^[a-z]+$/.test(core)) {
			const put = `${name} is ${core}`
			for (const compiled of entry.byFirstWord.get(firstWordOf(put)) ?? []) {
				if (compiled.subject !== subject || !compiled.pattern.startsWith('{worker} is ')) continue
				const clause = matchForm(language, compiled, put, offset, name.length + 4, referent, plural)
				if (typeof clause === 'string') problem ??= clause
				else if (clause && clause.form.tells === 'state') return { ...clause, start: offset, end: offset + core.length, bare: true }
			}
		}
	}
	return problem
}

/** The present tense a participle's stem may have: "hold" holds, "sav" saves, "runn" runs, "renew" renews. */
function PRESENT(stem: string): string[] {
	const doubled = /([bdglmnprt])\1$/.test(stem) ? [`${stem.slice(0, -1)}s`] : []
	return [`${stem}s`, `${stem}es`, `${stem}e` + 's', ...doubled]
}

/** Words before a worker's name that name it after its crashed process restarted: "the new A", "the restarted A". */
const RESTARTED_NAME = /^[Tt]he (?:new|restarted) (?=\S)/

/** An aside after a clause's subject that says it was waiting: ", who was waiting,", ", which had been waiting in line,", ", waiting,". */
const WAITING_ASIDE = /^([^,]+?)(, (?:(?:(?:who|which|that) (?:was|had been|has been|is) )?waiting|(?:who|which|that) (?:has|had) waited)(?: in line| for (?:it|the key))?(?: all along| the whole time| all this time)?, )(.+)$/

/** A form that opens with what paused a worker ("a/an/the CAUSE pauses {worker}"), and "long" or "short" before that cause. */
const CAUSE_LED = /^a\/an\/the CAUSE /
const CAUSE_LENGTH = /\b(?:[Aa]n?|[Tt]he) (long|short) /
/** What paused a worker, in a clause of a form led by it: the words between its determiner (and "long", "short" or "slow") and its verb. */
const CAUSE_WORDS = /^(?:[Aa]n?|[Tt]he) (?:(?:long|short|slow) )?(.+?) (?:pauses|freezes|stalls|suspends)(?: |$)/d

/** The same, after the pause: "B stalls in the export", "A's process hangs in a long GC", "A gets stuck in a deploy", "A's process freezes for a long garbage-collection pause". */
const CAUSE_AFTER = /^.*?\b(?:pauses|freezes|stalls|hangs|gets stuck) (?:in|for) (?:an?|the) (?:(?:long|short|slow) )?/d

/**
 * What paused a worker, in a clause (from `start`) of a form led by it, before its verb ("the export freezes B") or after
 * "in" ("B stalls in the export"), and where it stands in the text: the words before the verb, without a neutral adverb or
 * "then" a variant read it without ("the export then freezes B"), up to the verb (the clause's end is its variant's, which
 * such a word shortened); after "in", the longest cause the scene reads there (the lexicon's, or its work's nouns).
 */
function causeOf(language: SceneLanguage, text: string, start: number): { noun: string; start: number; end: number } | undefined {
	const rest = text.slice(start)
	const before = CAUSE_WORDS.exec(rest)
	if (before) {
		const noun = (before[1] as string).split(' ').filter(word => word.toLowerCase() !== 'then' && !NEUTRAL_ADVERBS.includes(word.toLowerCase())).join(' ')
		const [from, to] = before.indices?.[1] ?? [0, 0]
		return { noun, start: start + from, end: start + to }
	}
	const after = CAUSE_AFTER.exec(rest)
	if (!after) return undefined
	const from = after[0].length
	const tail = rest.slice(from).toLowerCase()
	const noun = [...PAUSE_CAUSES, ...language.work]
		.filter(known => tail.startsWith(known.toLowerCase()) && !/^[a-z0-9]/i.test(tail.slice(known.length)))
		.sort((a, b) => b.length - a.length)[0]
	return noun === undefined ? undefined : { noun: rest.slice(from, from + noun.length), start: start + from, end: start + from + noun.length }
}

/** "it is larger than …" (or smaller), which after a clause that named a worker's fence compares that fence. */
const FENCE_IT = /^it is (?:larger|higher|greater|bigger|smaller|lower) than /i

/**
 * "that fence …" (or "this fence"), which after a clause that named a worker's fence is that fence ("C gets it with fence 5000:1. That fence
 * comes from the new epoch"); so is "it" before the words of a fence's epoch ("… with fence 5000:1. It comes from a new epoch").
 */
const FENCE_THAT = /^(?:(?:that|this) fence (?=\S)|it (?=(?:comes|is) (?:from|of|in) (?:a|the|the store['’]s|its store['’]s) new epoch\b))/i

/** ", with a fence from the new epoch" after a clause about a worker: its fence's epoch, as "C's fence is from the new epoch" (the words after "with a fence"). */
const WITH_FENCE_EPOCH = /^with a fence (?=(?:from|of|in) (?:a|the|the store['’]s|its store['’]s) new epoch$)/

/**
 * The fence a clause names: its subject's, where it names a fence ("C gets the key with fence 3", "C's fence is 3"); with the fence
 * itself where the clause names it by its value as its subject's ("C gets the key with fence 3", "A's old fence 1 is from an older
 * epoch", "A saves with its old fence 1"): a fence slot with no other worker named between the subject and it, and not one the
 * subject's fence is compared with ("A's fence is larger than its old fence 1" names A's fence, whatever it is).
 */
function fenceNamed(language: SceneLanguage, text: string, clause: ReadClause): FenceTold | undefined {
	const subject = clause.subject
	if (subject === undefined || language.names.kindOf(subject) !== 'worker') return undefined
	if (!clause.slots.some(slot => slot.type === 'fence') && !clause.form.pattern.startsWith('{owner} fence')) return undefined
	const head = clause.slots[0]
	const own = clause.slots.find(slot => slot.type === 'fence')
	const between = head === undefined || own === undefined ? undefined : text.slice(head.end, own.start)
	const named = own !== undefined && head?.value.type === 'actor' && head.value.id === subject && head.end <= own.start && !clause.slots.some(slot => slot !== head && slot.value.type === 'actor' && slot.start > head.start && slot.start < own.start) && !/\b(?:than|below|above)\b/i.test(between ?? '')
	return named ? { worker: subject, fence: own } : { worker: subject }
}

/** Forms with an alternative whose "one" stands for the written thing its sentence named before ("the row ends with A's stale one"). */
/**
 * The workers whose writes a clause tells, which "this write" after it names: a save's subject (or the workers it is about), or the
 * owner of the write a form about a write's answer names ("the database refuses A's write"); undefined for a clause that tells none.
 * "A saves again with the same fence" tells A's write as "A saves again" does (`WRITE_TELLERS`).
 */
function writersOf(clause: ReadClause): string[] | undefined {
	if (SAVED_FORMS.has(clause.form.id) || WRITE_TELLERS.has(clause.form.id)) return clause.group ?? (clause.subject === undefined ? undefined : [clause.subject])
	if (clause.form.each !== 'write-outcome' && !/\{owner\} (?:new |late\/stale |stale\/late |late |stale )?write\b/.test(clause.form.pattern)) return undefined
	const owner = clause.slots.find(slot => (slot.type === 'owner' || slot.type === 'worker') && slot.value.type === 'actor')
	return owner?.value.type === 'actor' ? [owner.value.id] : clause.form.each === 'write-outcome' ? [] : undefined
}

/**
 * The workers whose writes a clause tells, for "its" after it (`ITS_WRITE`): every worker it names as a write's (its subject's, its
 * group's, its owners' and workers' slots, "B's write over A's" naming two); 'both' for "both writes"; undefined when it tells no write.
 */
function writesToldBy(language: SceneLanguage, clause: ReadClause): string[] | 'both' | undefined {
	if (/\bboth (?:writes|saves)\b/.test(clause.form.pattern)) return 'both'
	const writers = writersOf(clause)
	if (writers === undefined) return undefined
	const named = clause.slots.flatMap(slot => ((slot.type === 'owner' || slot.type === 'worker') && slot.value.type === 'actor' ? [slot.value.id] : slot.type === 'workers' && slot.value.type === 'actors' ? [...slot.value.ids] : []))
	return [...new Set([...writers, ...named])].filter(id => language.names.kindOf(id) === 'worker')
}

/** Saves whose words for what was written are not read (not `SAVED_FORMS`) that tell their subject's write, which "this write" after them names. */
const WRITE_TELLERS: ReadonlySet<string> = new Set(['saves-again-same-fence'])

const ONE_FORMS = new Set(['row-ends-with-stale-thing'])

/** "both" before places or slots, at a clause's start. */
const BOTH_PLACES = /^both (?=(?:places|slots)\b|are (?:taken|full|in use)\b)/

/** The start of words that describe a fence, which after a clause about a worker are its fence's ("from the new epoch", "a fence of the new epoch", "larger than A's fence 1"). */
/** ", with the next fence, 2" after a clause about a worker: its grant of that fence, the next (`gets-with-next-fence`). */
const NEXT_FENCE_APPOSITIVE = /^with the next fence,? \S+$/
const FENCE_APPOSITIVE = /^(?:from|of|in) (?:the|the store['’]s|its store['’]s) new epoch$|^(?:from|of|in) a new epoch$|^a fence of |^(?:larger|higher|greater|bigger|smaller|lower) than |^a (?:larger|higher|greater|bigger) fence than /

/** "all" and a count of the workers spoken of before, at a clause's start: "all three", "all 3 of them". */
const ALL_OF = new RegExp(`^all (${COUNT_PATTERN})(?: of them)? `)

/** Matches one form against a clause; `added` characters at its start were put there (a left-out subject). */
function matchForm(language: SceneLanguage, compiled: CompiledForm, text: string, offset: number, added: number, referent: string | undefined, plural?: string[]): ReadClause | string | undefined {
	if (compiled.needs.some(run => !text.includes(run))) return undefined
	const match = compiled.regex.exec(text)
	if (!match) return undefined
	const slots: Slot[] = []
	let own: string | undefined
	for (const [k, type] of compiled.slots.entries()) {
		const [s, e] = match.indices?.[k + 1] ?? [0, 0]
		const at = (position: number) => offset + Math.max(0, position - added)
		// "it has only one" (`store-has-limit`): "it" names a store by the rule of "it has 2 places" (`itStoreProblem`); after a clause
		// about several workers, the scene's one store.
		if (k === 0 && type === 'store' && compiled.form.id === 'store-has-limit' && /^it$/i.test(text.slice(s, e))) {
			const problem = itStoreProblem(language, referent, text.slice(s, e))
			if (problem !== undefined) return problem
			const stores = language.names.cast.filter(actor => actor.kind === 'store')
			const id = groupOf(referent) === undefined ? referent : stores.length === 1 ? stores[0]?.id : undefined
			if (id === undefined) return `"${text.slice(s, e)}" after a clause about several workers names the scene's one store, and this scene has ${stores.length}; name the semaphore`
			slots.push({ type, text: text.slice(s, e), start: at(s), end: at(e), value: { type: 'actor', id } })
			continue
		}
		const slot = readSlot(language, type, text.slice(s, e), at(s), at(e), referent, own, plural)
		if (typeof slot === 'string') return slot
		if (slot.value.type === 'actor' && slot.value.old === true && !OLD_LEASE_FORMS.has(compiled.form.id)) return `"${slot.text}" names the lease ${language.names.labelOf(slot.value.id)}'s crashed process held, which only "is still live", "(still) holds the key", "runs out", "ends at" and "waits behind" tell of; its new process holds nothing of it`
		slots.push(slot)
		// After the clause's own subject, "its" names it.
		if (k === 0 && compiled.subject !== undefined && slot.value.type === 'actor') own = slot.value.id
	}
	const first = slots[0]
	const end = offset + text.length - added
	// A key the alternative leaves out is the scene's key, as "the key" names it.
	const unnamedKey: Slot = { type: 'key', text: '', start: end, end, value: { type: 'key' } }
	const clause: ReadClause = { form: compiled.form, start: offset, end, slots: compiled.order ? compiled.order.map(at => (at < 0 ? unnamedKey : (slots[at] as Slot))) : slots, modifiers: [] }
	if (WORK_FORMS.has(compiled.form.id)) {
		// Its words outside the slots (and the subject put in front), which tell the work.
		let rest = text
		for (const k of compiled.slots.keys()) {
			const [s, e] = match.indices?.[k + 1] ?? [0, 0]
			rest = `${rest.slice(0, s)}${' '.repeat(e - s)}${rest.slice(e)}`
		}
		clause.work = rest.slice(added).toLowerCase().split(/[^a-z]+/).filter(Boolean)
	}
	if (SAVED_FORMS.has(compiled.form.id)) {
		// Its words outside the slots and the pattern's own words, up to "of": what it says the write wrote.
		let rest = text
		for (const k of compiled.slots.keys()) {
			const [s, e] = match.indices?.[k + 1] ?? [0, 0]
			rest = `${rest.slice(0, s)}${' '.repeat(e - s)}${rest.slice(e)}`
		}
		// "its work" or "its result" stands for the THING as the domain's word does, and is checked as it is.
		const own = new Set(compiled.pattern.replace(/\{[a-z]+\}/g, ' ').replaceAll(THING, ' ').toLowerCase().split(/[^a-z]+/).filter(word => !SAVED_AS_THING.includes(word)))
		if (language.words.fence !== undefined) own.add(language.words.fence)
		const found = [...rest.slice(added).toLowerCase().matchAll(/[a-z]+/g)]
		const cut = found.findIndex(word => word[0] === 'of')
		const named = (cut < 0 ? found : found.slice(0, cut)).filter(word => !own.has(word[0]) && !SAVED_FILLER.has(word[0]))
		// After "of", what it is of ("a draft of the chat"): every word of it is checked too.
		const of = cut < 0 ? [] : found.slice(cut + 1).filter(word => !own.has(word[0]) && !SAVED_FILLER.has(word[0]))
		const all = [...named, ...of]
		const first = all[0]
		const last = all[all.length - 1]
		if (first !== undefined && last !== undefined) {
			const at = (position: number) => offset + Math.max(0, position - added)
			clause.saved = { words: named.map(word => word[0]), of: of.map(word => word[0]), start: at(first.index + added), end: at(last.index + added + last[0].length) }
		}
	}
	const thingWord = language.words.thing
	const thingNamed = thingWord === undefined ? undefined : new RegExp(`\\b${thingWord}\\b`, 'i')
	if (clause.saved === undefined && WRITE_TOLD.has(compiled.form.id) && thingNamed !== undefined && thingNamed.test(compiled.pattern) && ![compiled.form.pattern, ...(compiled.form.alternatives ?? [])].some(own => thingNamed.test(own))) {
		// A domain's phrase of a write that names, in its own words, what a worker writes ("records the job's state") says the write
		// wrote it, as "saves its THING" does: checked against what the write carried (`savedProblem`; a write of its fence alone wrote none).
		const found = thingNamed.exec(text.slice(added))
		if (found !== null && thingWord !== undefined) {
			const at = offset + found.index
			clause.saved = { words: [thingWord.toLowerCase()], of: [], start: at, end: at + found[0].length }
		}
	}
	if (compiled.subject !== undefined && first?.value.type === 'actor') clause.subject = first.value.id
	if (compiled.subject === 'workers' && first?.value.type === 'actors') clause.group = first.value.ids
	namedKind(language, compiled, match, added, clause)
	// A clause whose words open with a lock store's name and have no slot for it ("the semaphore allows 2") speaks of that store.
	// So does one whose key slot opens it and names a semaphore by its name ("the semaphore is full"), which "it" after it names ("…: it has only one").
	if ((compiled.subject === undefined || (compiled.subject === 'key' && first?.value.type === 'key')) && added === 0) {
		const led = leadingActor(language, text)
		if (led !== undefined && language.names.kindOf(led) === 'store' && (compiled.subject === undefined || language.names.cast.some(actor => actor.id === led && actor.limit !== undefined))) clause.store = led
	}
	// "it has 2 places", "it allows 2", "its limit is 2" (`limit-is`): "it" names the store the clause before spoke of (its subject,
	// or the store its words open with: "the semaphore is full: it has only one"), or, after a clause about several workers, whom
	// "it" cannot name ("both get in: it has 2 places"), the store whose key they took: the scene's one store. After anything else
	// (a worker, a database, a lease, nothing) it is refused. The store it names is put after the count as a key slot, which the
	// meaning checks the limit of.
	if (compiled.form.id === 'limit-is' && /^its?\b/i.test(text.slice(added))) {
		const word = /^its\b/i.test(text.slice(added)) ? 3 : 2
		const problem = itStoreProblem(language, referent, text.slice(added, added + word))
		if (problem !== undefined) return problem
		const store = referent !== undefined && groupOf(referent) === undefined ? referent : undefined
		clause.slots = [...clause.slots, { type: 'key', text: text.slice(added, added + word), start: offset, end: offset + word, value: store === undefined ? { type: 'key' } : { type: 'key', store } }]
	}
	return clause
}

/** Why "it" (or "its") of a limit cannot name a store after `referent`, the subject of the clause before; undefined when it can. */
function itStoreProblem(language: SceneLanguage, referent: string | undefined, word: string): string | undefined {
	const fix = `name the semaphore: write "the semaphore" (or its name) for "${word}"`
	if (referent === UNREAD_REFERENT) return `"${word}" names the store the part before it speaks of, and that part did not read; fix it first, or ${fix}`
	if (referent === undefined) return `"${word}" names the store the clause before it speaks of, and no clause before it speaks of one; ${fix}`
	const lease = leaseOf(referent)
	if (lease !== undefined) return `"${word}" refers to ${language.names.labelOf(lease)}'s lease, which the clause before names, not to a semaphore; ${fix}`
	if (groupOf(referent) !== undefined) return undefined
	if (language.names.kindOf(referent) !== 'store') return `"${word}" refers to ${language.names.labelOf(referent)}, the subject of the clause before, not to a semaphore; ${fix}`
	return undefined
}

/**
 * In a scene with a lock and a semaphore, a form's own words name one kind of store: "the lock" the lock, "a place" (or
 * "a slot", "its place", "the semaphore", "gets in") the semaphore. The key such a clause tells, when no slot names its store, is
 * that kind's, when the scene has one of it: its key slot names that store, or, with no key slot, `keyStore` does.
 */
function namedKind(language: SceneLanguage, compiled: CompiledForm, match: RegExpExecArray, added: number, clause: ReadClause): void {
	const stores = language.names.cast.filter(actor => actor.kind === 'store')
	const locks = stores.filter(actor => actor.limit === undefined)
	const semaphores = stores.filter(actor => actor.limit !== undefined)
	if (locks.length === 0 || semaphores.length === 0) return
	let rest = match.input
	for (const k of compiled.slots.keys()) {
		const [s, e] = match.indices?.[k + 1] ?? [0, 0]
		rest = `${rest.slice(0, s)}${' '.repeat(e - s)}${rest.slice(e)}`
	}
	const words = rest.slice(added).toLowerCase()
	// "Gets in" (not "gets in line") is getting a place: the semaphore's, as "a place" is.
	const at = clause.slots.findIndex(slot => slot.type === 'key')
	const key = clause.slots[at]
	// "The key" (a key slot that names no store, in words of a key: "the key", "its key"), where the text has "a place" for the
	// semaphore's, is the lock's, as "the lock" is.
	const keyWords = key !== undefined && key.value.type === 'key' && key.value.store === undefined && /\bkey\b/i.test(key.text)
	const kind = /\bthe lock\b/.test(words) ? locks : /\b(?:a|an|its|their|all|free|the) (?:free )?(?:places?|slots?)\b|\bthe semaphore\b|\b(?:gets?|got|getting) in\b(?! line)/.test(words) ? semaphores : keyWords ? locks : undefined
	if (kind === undefined || kind.length === 0) return
	// Several of that kind: what it tells is of one of them, which the words do not say.
	if (kind.length > 1) {
		if (key === undefined || (key.value.type === 'key' && key.value.store === undefined)) clause.keyStores = kind.map(actor => actor.id)
		return
	}
	const store = (kind[0] as { id: string }).id
	if (key === undefined) clause.keyStore = store
	else if (key.value.type === 'key' && key.value.store === undefined) clause.slots = clause.slots.map((slot, i) => (i === at ? { ...slot, value: { type: 'key' as const, store } } : slot))
}

/** What a clause leaves for the next to speak of, after `referent`: its own, else several workers spoken of before it ("B and C ask. The key is held, so they wait"). */
function nextReferent(clause: ReadClause, referent: string | undefined): string | undefined {
	// A relative clause is an aside about the lease or key: the subject before it goes on past it.
	if (clause.relative && referent !== undefined && referent !== UNREAD_REFERENT) return referent
	return referentOf(clause) ?? (groupOf(referent) !== undefined ? referent : undefined)
}

/** What a clause leaves for the next to speak of: its subject, the workers it is about, or, with neither, the one lease it names ("nothing renews A's lease, so it runs out"). */
function referentOf(clause: ReadClause): string | undefined {
	if (clause.subject !== undefined) return clause.subject
	if (clause.group) return groupReferent(clause.group)
	const leases = clause.slots.filter(slot => slot.type === 'lease' && slot.value.type === 'actor')
	if (leases.length === 1 && leases[0]?.value.type === 'actor') return leaseReferent(leases[0].value.id)
	return clause.store
}
