/**
 * What a claim form is: a pattern with typed slots (a Cucumber Expression), the places a text may
 * use it, and the check it runs on the engine's facts. The registry (`registry.ts`) lists them all.
 */
import type { Evidence } from '../frame.ts'
import type { MessageFacts, RunFacts, StepFacts, WorldFacts } from './facts.ts'

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
	| { type: 'actor'; id: string }
	| { type: 'actors'; ids: string[] }
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

/** What a check decided: the claim holds (and what it was checked against, and when the thing it tells happened), or why not. */
export type Verdict =
	| {
			ok: true
			evidence: Evidence[]
			at?: number
			/** For a state that began at `at`: the moment it stopped holding, so `at T` may name any moment between. */
			until?: number
			/** For a state that ended in the step: the place in the step of what ended it (a restart's, for a lease that went with it). */
			untilOrder?: number
			/** For a claim about several workers' happenings: each one's moment, which `at T` must name every one of. */
			each?: { who: string; at: number }[]
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
	/** For a state label set in this step: how many messages its actor sent in the step before it was set. */
	sentBefore?: number
	/** A message's own facts. */
	message?: MessageFacts
	/** An actor's name as a message would write it (its label). */
	name(id: string): string
	/** The happenings of this step that claims of the same `each` family in the same text told already, by their place in the step. */
	used?: ReadonlySet<number>
	/** For a caption: the latest moment the step before's caption told, which "5 s later" at its start is read from. */
	toldBefore?: number
}

/** What a text asks of the simulation, for the places whose words are also the scene's input. */
export type Intent =
	| { request: 'hold' | 'try' | 'renew' | 'release'; waitSlot?: number }
	| { answer: 'grant' | 'waiting' | 'refused' | 'full' | 'gave-up' | 'renewed' | 'lost' | 'released' | 'any'; fenceSlot?: number }
	| { rowFence: number }

export interface ClaimForm {
	/** A stable name: `holds-with-fence`. */
	id: string
	places: readonly Place[]
	/** A Cucumber Expression: literal words, `(optional text)`, `a/b` alternatives, `{slot}`s. */
	pattern: string
	/** A text that reads as this form, for the authors page (the build checks it reads so). */
	example: string
	/** What the form claims, in one plain sentence, for the authors page. */
	meaning: string
	check(slots: readonly Slot[], context: ClaimContext): Verdict
	intent?: Intent
	/** The check reads the run the scene would have had on databases that check no fence (`RunFacts.unfenced`). */
	needsUnfenced?: boolean
	/** A claim about the time its label is shown (a paused worker sends nothing): striking the label ends it, rather than saying it is false. */
	whileShown?: boolean
	/** A label of this form shows its worker paused; a caption of it tells that its worker paused (an aside after it may say the pause was long or short, which is checked). */
	pauses?: boolean
	/**
	 * A family of forms each of whose claims in one text tells a happening of its own: two "kv.db is
	 * copied to a backup" tell two backups, so the second is checked against a backup the first did
	 * not tell. Claims of other forms may tell the same happening ("the store restarts; it writes epoch 1").
	 */
	each?: string
}
