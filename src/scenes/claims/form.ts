/**
 * What a claim form is: a pattern with typed slots (a Cucumber Expression), the places a text may
 * use it, and the check it runs on the engine's facts. The registry (`registry.ts`) lists them all.
 */
import type { Evidence, Happening } from '../frame.ts'
import type { MessageFacts, RunFacts, StepFacts, WorldFacts } from './facts.ts'

/**
 * The words a scene's domain lends the claim language, which has none of its own: what a worker
 * writes (`thing`: "saves its result"), what the scene's key is the key of (`owner`: "the order's
 * key"), and the subjects a scene's id may name (`ids`).
 */
export interface DomainWords {
	thing: string
	owner: string
	ids: readonly string[]
	/** The domain's word for a fence, which captions may write for it ("term"). */
	fence?: string
	/**
	 * The prelude's functions that write what a worker writes, each with the place of the argument that is it (`save(id,
	 * text, fence)`: `{ save: 1 }`): what a write saved is what the code gave that argument (`SAVED_FORMS`).
	 */
	writes?: Readonly<Record<string, number>>
	/**
	 * What the prelude names for the THING: the calls whose value is one (`calls`, by the name a call is written with, a method's
	 * own name) and the values that are one (`values`). A clause that says a worker saves its THING (or a THING, its work, its
	 * result) reads only of a write whose code gave the writing function one of them, directly or through a name set to it.
	 */
	makes?: { readonly calls: readonly string[]; readonly values: readonly string[] }
	/** The domain's own phrasings of forms, by form id: more alternatives, in the registry's pattern language. */
	phrases?: Readonly<Record<string, readonly string[]>>
}

/** The word a pattern or an example writes for the domain's `thing`: "{worker} saves( its THING)". */
export const THING = 'THING'

/** The word a pattern writes for a worker's work where the scene's own nouns may stand too: "{worker} starts its WORK" ("C starts its export"). */
export const WORK = 'WORK'

/**
 * The word a pattern writes for what paused a worker's process, which claims nothing: one of the lexicon's
 * `PAUSE_CAUSES` ("a/the garbage collection pauses {worker}"), or a noun of the scene's code sample, with
 * "long" or "short" before it (checked as an aside's are) or "slow". Never a name of the scene's actors.
 */
export const CAUSE = 'CAUSE'

/** The word a pattern writes for the machine a worker's process runs on ("{owner} COMPUTER goes down": "A's machine goes down"): one of the lexicon's `COMPUTERS`. */
export const COMPUTER = 'COMPUTER'

/**
 * The words a pattern writes for a work phrase of its own (`work-phrase.ts`), each standing for words that
 * tell what a worker's code does under the key in the scene's nouns and a few neutral ones, and claim nothing:
 * `WORKS` several workers' work ("start their exports"); `DOING` a gerund and its work ("building the
 * monthly index"); `DOES` a verb and its work ("rebuilds the index", "runs its export"); `TO_DO` a purpose
 * ("to run the export"); `VERB` a plain verb and its work, or "work" ("print", "send emails").
 */
export const WORKS = 'WORKS'
export const DOING = 'DOING'
export const DOES = 'DOES'
export const TO_DO = 'TO_DO'
/** A verb in its plain form and its work, after "lets {count} workers": "print", "work", "run the export", "send emails". */
export const VERB = 'VERB'

/**
 * The forms whose clauses tell a worker's write (or, before it saves, the write to come) and may name what it wrote: their
 * words for it must be what the write carried (the domain's word for what a worker writes, of a write that wrote it; any
 * other, a word of the string or the name the code's write was given).
 */
export const SAVED_FORMS: ReadonlySet<string> = new Set(['saves', 'saves-without-lock', 'saves-again', 'saves-too', 'saves-at-once', 'saves-stale', 'saves-with-fence', 'saves-with-old-fence', 'saves-with-new-fence', 'saves-first', 'pauses-before-saving', 'write-carried-fence', 'accepts-write', 'accepts-write-over'])

/**
 * The forms whose lease slot may name a restarted worker's old lease ("A's old lease", "its lease from before the
 * crash"): that lease's life in the store after the crash, which its new process knows nothing of. Another form
 * (a renewal, a let-go) is of what the worker's process does, and the old lease is no process's.
 */
export const OLD_LEASE_FORMS: ReadonlySet<string> = new Set(['lease-still-live', 'still-holds', 'runs-out', 'ends-at'])

/** The words a form of a write has for what the worker wrote that stand for the domain's word for it ("A saves its work"). */
export const SAVED_AS_THING: readonly string[] = ['work', 'result']

/** A pattern or an example in a domain's words. */
export function inWords(text: string, words: DomainWords | undefined): string {
	return text
		.replaceAll(THING, words?.thing ?? 'write')
		.replaceAll(TO_DO, 'to do its work')
		.replaceAll(VERB, 'work')
		.replaceAll(DOING, 'doing its work')
		.replaceAll(DOES, 'does its work')
		.replaceAll(WORKS, 'work')
		.replaceAll(WORK, 'work')
		.replaceAll(CAUSE, 'garbage collection')
		.replaceAll(COMPUTER, 'machine')
}

/** Where a text stands in a scene; each place has its own forms. */
export type Place =
	| 'caption'
	| 'lock-answer'
	| 'ask'
	| 'write'
	| 'db-answer'
	| 'note'
	| 'worker-state'
	| 'store-state'
	| 'db-state'

/** A place in words, for messages: "a step's caption", "the lock's answer". */
export const PLACE_NAMES: Readonly<Record<Place, string>> = {
	caption: "a step's caption",
	'lock-answer': "the lock's answer to a worker",
	ask: "a worker's request to the lock",
	write: "a worker's write to a database",
	'db-answer': "the database's answer to a write",
	note: 'a message the engine does not answer',
	'worker-state': "a worker's state",
	'store-state': "a lock's state",
	'db-state': "a database's state",
}

/** The kinds of slot a pattern may have, by the name it writes between braces. */
export type SlotType =
	| 'worker'
	| 'owner'
	| 'workers'
	| 'store'
	| 'database'
	| 'key'
	| 'lease'
	| 'fence'
	| 'epoch'
	| 'count'
	| 'ordinal'
	| 'duration'
	| 'time'
	| 'refusal'

/** What a slot read: an actor, actors, a number of its kind, or the key (and the store it named). */
export type SlotValue =
	| { type: 'actor'; id: string; /** A lease slot's "old lease": the lease its crashed process held. */ old?: true }
	| { type: 'actors'; ids: string[]; /** Of "else"'s askers (`others: 'askers'`): for each, the lock store each clause that named it asking named, null where one named none. */ asked?: Readonly<Record<string, readonly (string | null)[]>>; /** Of "else"'s askers: every worker the clauses before named, in any part (holding, letting go, pausing), with the lock store each such clause named, null where one named none. */ named?: Readonly<Record<string, readonly (string | null)[]>> }
	| { type: 'key'; store?: string }
	| { type: 'fence'; value: bigint }
	| { type: 'number'; value: number }
	| { type: 'big'; value: bigint }
	| { type: 'relation'; value: '<' | '=' | '<=' }

/** One slot of a matched clause: its kind, where it was written (offsets into the text) and what it read. */
export interface Slot {
	type: SlotType
	text: string
	start: number
	end: number
	value: SlotValue
}

/**
 * What a clause tells beyond the events it was checked against, for the causes its "so" may name
 * (`causes.ts`): a comparison of two fences, the database's answer to a write, a database that
 * checks no fence, the clock, an event that did not happen.
 */
export interface Said {
	/** `left relation right`, two fences it compares; with `write`, that write's fence (left) against the row's when it came (right). */
	comparison?: { left: bigint; right: bigint; relation: '<' | '<=' | '=' | '>' | '>='; write?: Extract<Happening, { kind: 'wrote' }>; /** For two workers' fences: whose, left and right. */ workers?: [string, string] }
	/** The write whose answer (taken, refused) it tells: that follows only from the fences the database compared. */
	decides?: Extract<Happening, { kind: 'wrote' }>
	/** The write that replaced the row's THING it says is lost: taking that write is why it is lost. */
	overwrites?: Extract<Happening, { kind: 'wrote' }>
	/** The database it says checks no fence. */
	unfenced?: string
	/** The database it says checks fences: why a write's answer there went as its fence decided. */
	fenced?: string
	/** The clock: its reading at a moment, that it is past an epoch, or that it moved on in the step. */
	clock?: { reads?: number; past?: bigint; moved?: true }
	/** An event that did not happen: a renewal of a worker's lease. */
	absent?: { kind: 'renewed'; worker: string }
	/** A worker's fence it says is of its store's new epoch: why that fence is larger than one of an older epoch ("C's fence is from the new epoch, so it is larger than B's"). */
	epoch?: { worker: string; fence: bigint }
	/** The store whose line it says is empty: no one a freed key could go to ("nobody waits, so the key is free"). */
	empty?: string
	/** The store whose key it says is free. */
	free?: string
	/** The workers it says alone wrote ("nobody else wrote"): why a write of theirs a database checking fences took, its row's fence left by none but them, was taken (`causes.ts`). */
	alone?: readonly string[]
	/** The store (or '' for any) of which it says no one let go ("nobody lets go"): why a give-up came, when every holder kept its place through the wait (`causes.ts`). */
	kept?: string
	/** A semaphore's limit it tells ("the semaphore allows 2"): why grants with room, or waits behind that many holders, happened (`causes.ts`). */
	limit?: { store: string; limit: number }
	/** The events of the run it tells, where its evidence would name others: a lease's fence is its grant's, whatever became of the lease. */
	events?: Happening[]
	/** The events it tells as a cause, when fewer than `events` (which also place it in time): a worker in line tells its own ask, not the holders' grants it waits behind. */
	told?: Happening[]
	/** A worker's lease of a store it says is live at a moment (the clause's): a renewal that lease needed to be live then is why (`causes.ts`). */
	live?: { worker: string; store: string; at: number }
}

/** What a check decided: the claim holds (and what it was checked against, and when the thing it tells happened), or why not. */
export type Verdict =
	| {
			ok: true
			evidence: Evidence[]
			at?: number
			/** For a state that began at `at`: the moment it stopped holding, so `at T` may name any moment between (undefined: it holds through the clause's moment). */
			until?: number
			/** For a state that stopped holding in the step: the place among the step's happenings of the event that ended it. */
			endedBy?: number
			/** For such a state: what is wrong, at its first slot, when the text does not go on to tell the event that ended it (else the text's own message). */
			unended?: string
			/** For a claim about several workers' happenings: each one's moment, which `at T` must name every one of. */
			each?: { who: string; at: number }[]
			/** What it tells beyond its evidence, for causes. */
			said?: Said
			/** Its place is just before its first event of the step, not that event's own: the moment a span ran out, which its give-up or expiry follows ("When the 20 s are up, B gives up"). */
			justBefore?: true
			/** Its place in the step where no event of its evidence gives it: a work phrase's, where the work's statement began among the step's happenings (`work-lines.ts`). */
			place?: { at: number; order: number }
	  }
	| { ok: false; message: string; slot?: number }

/** Everything a check may read: the run, the step the text belongs to, and what the text is about. */
export interface ClaimContext {
	run: RunFacts
	/** The step the text belongs to; run.steps[0] for the initial state. */
	step: StepFacts
	place: Place
	/** The world the text describes: a step's end for captions and state labels, the moment after a message for its label. */
	world: WorldFacts
	/** A state label's actor. */
	actor?: string
	/** The domain's words, for messages that name what a worker writes. */
	words?: DomainWords
	/** For a state label set in this step: how many messages its actor sent in the step before it was set. */
	sentBefore?: number
	/** A message's own facts. */
	message?: MessageFacts
	/** An actor's name as a message would write it (its label). */
	name(id: string): string
	/** The happenings of this step that claims of the same `each` family in the same text told already, by their place in the step. */
	used?: ReadonlySet<number>
	/** For a caption or a note: the latest moment the captions before this step's told, which "5 s later" at its start is read from. */
	toldBefore?: number
	/** For a comparison of fences right after a clause that tells a write (its answer, or that it was made): that write, the only one it may compare. */
	answered?: Extract<Happening, { kind: 'wrote' }>
	/** For a state clause that names its moment (`at 10 s`, `5 s later`): that moment, at which it must hold (else the step's end). */
	moment?: number
	/** For a clause of a text: the moment of the event the clause right before it told, when that clause held and told one ("A lets go, and B gets the key right away"). */
	priorEvent?: number
	/** With `priorEvent`: the happenings of this step that clause told. */
	priorTold?: readonly Happening[]
	/** For a clause of a text: the happenings of this step that the event clauses after it tell, each read alone, by their place in the step. */
	toldLater?: ReadonlySet<number>
	/** For a clause of a text: the happenings of this step the event clause right after it tells, read alone, when joined to it in its sentence. */
	toldNext?: ReadonlySet<number>
	/**
	 * For a clause of a text: the pauses of this step (`paused`) that the event clauses before it in its sentence told, each read as
	 * it stands ("At 3 s, A's process pauses, so nothing renews its lease": `nothing-renews` is then of that lease from that pause on).
	 */
	sentencePauses?: readonly Extract<Happening, { kind: 'paused' }>[]
	/** For a clause of a text: the latest place of the step the clauses before it told (its time, and its place among the step's happenings). */
	toldPlace?: { at: number; order: number }
	/** For a clause of a text: the places in the step of the happenings the clauses before it told (held, in place). */
	toldEvents?: ReadonlySet<number>
	/**
	 * For a clause of a text: each worker's write of this step the text told last. A clause about a worker's write
	 * (its answer, what it replaced) is of that write when it can be: "A saves again, which overwrites B's" is the second.
	 */
	pointed?: ReadonlyMap<string, Extract<Happening, { kind: 'wrote' }>>
}

/** What a text asks of the simulation, for the places whose words are also the scene's input. */
export type Intent =
	| { request: 'hold' | 'try' | 'renew' | 'release'; waitSlot?: number }
	| { answer: 'grant' | 'waiting' | 'refused' | 'full' | 'gave-up' | 'renewed' | 'lost' | 'released' | 'any'; fenceSlot?: number }
	| { rowFence: number }

/**
 * What a form's clause tells, which says at what moment it is true (see `FORMULA_TERMS`):
 * `event`, something that happened in the step, at the moment it happened; `state`, what holds at
 * the clause's moment (the moment it names, else the step's end; a note's, when it is sent);
 * `clock`, the scene's clock, which tells the moment it reads; `none`, a claim with no moment (about
 * the whole run, or what did not happen in the step).
 */
export type Tells = 'event' | 'state' | 'clock' | 'none'

export interface ClaimForm {
	/** A stable name: `holds-with-fence`. */
	id: string
	places: readonly Place[]
	/** Whether the clause tells an event, a state, the clock, or no moment. */
	tells: Tells
	/**
	 * The form's meaning, once, as a query over the run's trace (the terms are `FORMULA_TERMS`): what
	 * the check and the reference evaluator (`reference.ts`) each decide, and the authors page shows.
	 */
	formula: string
	/** A Cucumber Expression: literal words, `(optional text)`, `a/b` alternatives, `{slot}`s. */
	pattern: string
	/**
	 * Other ways of writing the same claim, each a pattern with the same slots in the same order
	 * ("{lease} expires" beside "{lease} runs out"): the form's one meaning, read from other words.
	 */
	alternatives?: readonly string[]
	/** A text that reads as this form, for the authors page (the build checks it reads so). */
	example: string
	/** What the form claims, in one plain sentence, for the authors page. */
	meaning: string
	check(slots: readonly Slot[], context: ClaimContext): Verdict
	intent?: Intent
	/** The check reads the run the scene would have had on databases that check no fence (`RunFacts.unfenced`). */
	needsUnfenced?: boolean
	/** The check reads the run the scene would have had had every database checked fences (`RunFacts.fenced`). */
	needsFenced?: boolean
	/** A claim about the time its label is shown (a paused worker sends nothing): striking the label ends it, rather than saying it is false. */
	whileShown?: boolean
	/**
	 * A bare comparison of fences ("7 < 9", "A's fence is smaller than B's"): after a clause that tells a write it is
	 * that write's comparison (after a colon, the clause before must tell one); else a write of the step's, which must
	 * be the only comparison the step's writes made.
	 */
	compares?: boolean
	/**
	 * An event clause that tells what came of the happening it is checked against, not that happening itself (a
	 * worker starts its work once given the key; the count started again, which the grant's fence shows): told
	 * after a state that happening began, with no moment named, it comes after it.
	 */
	follows?: true
	/**
	 * A claim of no moment that may name one ("At 10 s nothing has renewed A's lease"): what did not happen up to that moment. Its
	 * check reads the moment as `ClaimContext.moment`, which must fall in the step, and "5 s later" after it counts from it.
	 */
	upTo?: true
	/** A past tense state ("A's lease was ended by an operator"): it holds from the happening it tells, and a moment it names must be that happening's. */
	past?: boolean
	/** A label of this form shows its worker paused; a caption of it tells that its worker paused (an aside after it may say the pause was long or short, which is checked). */
	pauses?: boolean
	/**
	 * A family of forms each of whose claims in one text tells a happening of its own: two "kv.db is
	 * copied to a backup" tell two backups, so the second is checked against a backup the first did
	 * not tell. Claims of other forms may tell the same happening ("the store restarts; it writes epoch 1").
	 */
	each?: string
	/**
	 * The form tells of its worker taking a place in line as another's lease ended ("D gets A's place"):
	 * "too" and "again" after it compare that act, a grant from the line (one at once is no such act).
	 */
	fromLine?: true
	/**
	 * The form tells that something did not happen in the step ("A does not save"): true of most steps, so it
	 * is never offered (a suggestion or a "did you mean" would say nothing), and it is named among the nearest
	 * forms only of a clause that denies.
	 */
	denies?: true
	/**
	 * The form tells what holds of every step of most scenes ("the database checks fences"): it is never offered (a "did
	 * you mean" would say nothing of what the author wrote), though it is named among the nearest forms.
	 */
	quiet?: true
	/**
	 * Patterns of the form (its own or alternatives) that read a writer's own turn of phrase ("the hold lets go of the key",
	 * "its code returns") but are never offered (no suggestion or "did you mean" writes them) nor named among the nearest
	 * forms: other scenes' messages stay as they were. When the form's own pattern is here, the form is never offered.
	 */
	unoffered?: readonly string[]
	/** Of a claim of no moment: it tells what holds all along, the make of a store or a database ("the limit is 3", "chat.db checks fences"), so no moment may be said of it, not even one its sentence opens with. */
	always?: true
	/**
	 * The form speaks of the workers the text named before it: "else" ("nobody else asks for the key") leaves
	 * them out, a bare "the lock refuses" refuses one of them. The reading adds them as a last slot, of
	 * kind `workers` and with no words of its own (none when the text named none). `askers`: only the workers the
	 * text named before it as asking (a clause that tells their ask, the lock's answer to it in the step, a grant, a
	 * refusal, giving up, or their place in line), whom "else" contrasts with: not a worker it named only holding the key,
	 * keeping a lease, working, waking or pausing. `writers`: only the workers of the last clause before it that told a write (its
	 * formula opens with their write, `wrote(w`), as "nobody else wrote" contrasts with.
	 */
	others?: true | 'askers' | 'writers'
}

/**
 * The terms the forms' formulas are written in, for the authors page: the trace is the run's steps,
 * each with its events in the clock's order and the world at its start and end.
 */
export const FORMULA_TERMS: readonly (readonly [string, string])[] = [
	['t', "the clause's moment: the moment it names (`at 30 s`, `5 s later`), else the step's end, or just before the event that ended the state when a later clause of the text tells that event (`A holds the key, then lets go`); in a note, when it is sent; in a state label, the end of each step it is shown in"],
	['step, run, m', "the step's events, in the clock's order (in a note, those before it was sent); every step's; the events a message caused"],
	['w, v, ws, x', "the clause's worker, another worker, its workers; the actor a state label stands on (`from`, `to`: a message's sender and receiver)"],
	['k, s, d', 'the key (on the store it names, else the only one), a store, a database'],
	['asked, granted, refused, gave-up, expired, gone, ended, released, renewed, renew-refused, wrote, restarted, restored, backed-up, waited, paused, woke, crashed, process-restarted', "the events the engine and the workers' processes record, with their worker, store, fence, epoch and time (restarted: a store's; process-restarted: a crashed worker's process started again as a new one)"],
	['wrote(w) (its answer)', "of a clause that tells what became of a worker's write (taken, refused, what it replaced): the worker's write the text told last, when it fits, else the first of the step that fits"],
	['old(w)', "w's old lease (\"A's old lease\", \"its lease from before the crash\"): the lease live when w's process last restarted, in the step or before, which its crashed process held and the store keeps in w's name; its end is its own expired, gone or ended"],
	['live(w, k, t), lease(w, t), fence, ttl, expiry', "w holds a lease of k that is live at t (given, not yet run out, let go, gone with its store or ended by an operator); w's latest lease at t and its fence, time to live and end"],
	['holders(k, t), line(k, t), row(d, t), epoch(s, t), clock(t), paused(w, t)', "who holds k at t, in the order they got it; who waits for it, first first; the fence d's row keeps; s's epoch; the clock; whether w's process is shown paused"],
]

