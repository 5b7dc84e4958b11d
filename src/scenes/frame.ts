/**
 * A scene's frames: the data a picture is drawn from. One frame for the initial state and
 * one per step. Every value here was computed by the engine; the SVG renderer draws a frame
 * and imports nothing else of ours. Fences are decimal strings so a frame is plain JSON.
 *
 * This file is the contract the stages share, and imports nothing: the happenings a step's
 * facts record and the evidence a claim was checked against are defined here, and the claim
 * language imports them from here.
 */

export type Icon = 'cpu' | 'lock' | 'database' | 'server' | 'user' | 'clock'

/** Where a text of the scene shows a value the engine's fact backs, in a claim that held. Offsets are UTF-16 units into the text. */
export interface TextMark {
	start: number
	end: number
	kind: 'value'
}

/** One thing that happened in a step, with the clock when it happened: the fact the claims read (fences and epochs as bigints); a frame carries it as `HappeningData`. */
export type Happening =
	| { kind: 'asked'; at: number; worker: string; store: string; tryOnly: boolean; wait?: number; /** The wait is the library's default: the code's hold gave none. */ waitDefault?: true; /** The code's hold carries a `signal` (`AbortSignal.timeout(3000)`, a controller's): it may end the wait before `wait` does, as a plain give-up. */ signal?: true; unshown?: true; ttl?: number; line?: number }
	| { kind: 'granted'; at: number; worker: string; store: string; fence?: bigint; ttl: number; holders: number; limit?: number; askedAt: number; place?: number; /** The hold renews the lease on its own while its worker runs (a code sample's hold with renewal on, the library's default). */ renews?: true }
	| { kind: 'refused'; at: number; worker: string; store: string; full: boolean; holders: string[] }
	| { kind: 'gave-up'; at: number; worker: string; store: string; waited: number; holders: string[] }
	| { kind: 'expired'; at: number; worker: string; store: string; fence?: bigint }
	| { kind: 'gone'; at: number; worker: string; store: string; fence?: bigint }
	| { kind: 'ended'; at: number; worker: string; store: string; fence?: bigint }
	| { kind: 'released'; at: number; worker: string; store: string; fence?: bigint; line: string[]; called?: true }
	/** The worker's function returned and its hold let go of a lease that was no longer live (it had run out): nothing was released, but the code left its hold. A live lease's return is `released`. */
	| { kind: 'returned'; at: number; worker: string; store: string; fence?: bigint }
	/** The worker's function returned while its lease was live, and its hold's let-go waits for a later moment (the step that shows `release W`): the end of its work, not of its hold. Not recorded when the let-go comes at the same moment (its `released` tells both). */
	| { kind: 'finished'; at: number; worker: string; store: string; fence?: bigint }
	| { kind: 'renewed'; at: number; worker: string; store: string; until: number; auto?: true; ttl?: number }
	| { kind: 'renew-refused'; at: number; worker: string; reason: 'lost' | 'released' | 'none'; /** The store of the lease it asked to renew (none when it held none). */ store?: string; /** Asked by hold's own renewal in the background, not by the worker's code. */ auto?: true }
	| { kind: 'wrote'; at: number; worker: string; database: string; fence: bigint; changed: boolean; before: bigint; /** The row's fence after it. */ after: bigint; writerBefore?: string; fenced: boolean; live: boolean; noFence?: true; /** It wrote none of the row's THING (its author column): a write of the fence alone, like the chat domain's claim(). */ noThing?: true; /** The statement of the code sample it ran in (an index of `RunFacts.statements`), when the run knows it. */ statement?: number; /** The value the write carried as the row's THING, as the run recorded it (the domain's save's text). */ thing?: string; /** The strings the worker's prelude calls had returned by the write (recorded with `thing`). */ returned?: string[] }
	| { kind: 'answered'; at: number; worker: string; database: string; changed: boolean }
	| { kind: 'restarted'; at: number; store: string; epochBefore: bigint; epoch: bigint; /** Where its epoch came from: the clock in milliseconds, or the epoch before plus one. */ from?: 'clock' | 'previous' }
	| { kind: 'backed-up'; at: number; store: string; epoch: bigint }
	| { kind: 'restored'; at: number; store: string; epochBefore: bigint; epoch: bigint; backupEpoch: bigint; /** Where its epoch came from: the clock in milliseconds, or the copy's epoch plus one. */ from?: 'clock' | 'previous' }
	| { kind: 'waited'; at: number; ms: number }
	| { kind: 'paused'; at: number; worker: string }
	| { kind: 'woke'; at: number; worker: string }
	| { kind: 'crashed'; at: number; worker: string }
	/** A crashed worker's process started again (its "crashed" label struck): a new process running its code from the first line, on a new connection, knowing nothing of its old lease. */
	| { kind: 'process-restarted'; at: number; worker: string }
	| { kind: 'left'; at: number; worker: string; store: string; /** Its store closed under it (a restart or a restore) and forgot its place in line: not its process's crash. */ closed?: true }
	| { kind: 'sent'; at: number; from: string; to: string }

/**
 * What a check compared a claim with, as data a view can word: something that happened in a step,
 * or the state of an actor at a moment.
 */
export type Evidence =
	| { kind: 'happened'; step: number; what: HappeningData; unfenced?: true; /** Its place among the step's happenings, which are in the clock's order. */ order?: number }
	| { kind: 'lease'; worker: string; at: number; lease?: { store: string; fence?: string; expiresAt: number; state: 'live' | 'expired' | 'gone' | 'ended' | 'released' } }
	| { kind: 'line'; store: string; at: number; waiters: string[] }
	| { kind: 'holders'; store: string; at: number; holders: string[]; limit?: number }
	| { kind: 'row'; database: string; at: number; fence: string; writer?: string }
	| { kind: 'epoch'; store: string; at: number; epoch: string }
	| { kind: 'clock'; at: number }
	| { kind: 'messages'; worker: string; step: number; count: number }
	| { kind: 'nothing'; step?: number; what: string }

/** A happening with its fences and epochs as text, so evidence is plain JSON. */
export type HappeningData = Textual<Happening>

/** `T` with its bigint fields as text; distributes over a union. */
type Textual<T> = T extends unknown ? { [K in keyof T]: T[K] extends bigint ? string : T[K] extends bigint | undefined ? string | undefined : T[K] } : never

/** A claim of a step that the engine's facts held up: where it is written, its words, its form, and what it was checked against. */
export interface FrameCheck {
	where: { kind: 'caption' } | { kind: 'message'; index: number } | { kind: 'state'; actor: string }
	text: string
	form: string
	evidence: Evidence[]
}

/** What the engine did for a message, as data; the view words it (`lease, fence 7`). */
export type Outcome =
	| { kind: 'granted'; fence?: string; holders: number; limit: number }
	| { kind: 'waiting'; holders: string[] }
	| { kind: 'busy'; holders: string[] }
	| { kind: 'full'; holders: string[]; limit: number }
	| { kind: 'gave-up'; waitedMs: number; holders: string[] }
	| { kind: 'asked'; wait?: number; free: boolean; holders: string[] }
	| { kind: 'renewed'; expiresAt: number }
	| { kind: 'renew-failed'; reason: 'lost' | 'released' | 'none' }
	| { kind: 'released'; next?: string }
	| { kind: 'ended'; next?: string }
	| { kind: 'write'; fence: string; changed: boolean; before: string; unchecked?: true }
	| { kind: 'answer'; fence: string; changed: boolean; before: string }
	| { kind: 'note' }
	| { kind: 'none'; reason: NoOutcome }

/** Why a message had no outcome: what the scene asked the engine that it could not do. */
export type NoOutcome = 'no-lease' | 'no-fence' | 'no-write' | 'no-request' | 'already-holds' | 'already-in-line' | 'never-granted' | 'nothing-to-release'

export interface FrameActor {
	id: string
	label: string
	/** Percent of the stage, 0 to 100. */
	x: number
	y: number
	icon: Icon
	/** The actor's state label (`set`), struck out after `strike`; a struck label says why it stopped holding (`ended`). */
	state?: { text: string; struck: boolean; marks?: TextMark[]; ended?: Ended }
	/** For a worker: the lease it holds as the engine sees it at the end of the step. */
	lease?: { fence?: string; expiresAt: number; lost: boolean }
	/** For a worker whose process does not run at the end of the step, as the engine has it: paused (its label says so), or crashed. */
	process?: 'paused' | 'crashed'
	/** For a database: the largest fence stored in the scene's row. */
	storedFence?: string
	/** For a lock store: its epoch, and the holders of the scene's key. */
	epoch?: string
	holders?: string[]
	/** For a lock store: each holder of the scene's key and when its lease runs out unless renewed (ms), as the engine has them. */
	held?: { worker: string; until: number }[]
}

/**
 * Why a struck label no longer holds, as the engine has it when it is struck: a label about a
 * worker's lease was `released`, `ran-out` or ended by an `operator`; anything else (a pause, a place
 * in line, a lease that went with its store) `ended`. The view words it ("released", "ran out",
 * "ended by an operator", "over").
 */
export type Ended = 'released' | 'ran-out' | 'operator' | 'restarted' | 'ended'

/**
 * One thing the engine recorded in a step that a worker's lane of the timeline shows, at the
 * clock's time: a lease given (with its TTL end), renewed, and ended (let go, run out, gone with its store, ended by an operator); a wait in line and how it
 * ended; a pause, a wake, a crash; a write, taken or refused; a store's restart.
 */
export type TimeMark =
	| { kind: 'asked'; at: number; worker: string; store: string }
	| { kind: 'granted'; at: number; worker: string; store: string; until: number; fence?: string }
	| { kind: 'renewed'; at: number; worker: string; until: number }
	| { kind: 'released' | 'expired' | 'gone' | 'ended'; at: number; worker: string; store: string }
	| { kind: 'gave-up' | 'refused' | 'left'; at: number; worker: string; store: string }
	| { kind: 'paused' | 'woke' | 'crashed' | 'process-restarted'; at: number; worker: string }
	| { kind: 'wrote'; at: number; worker: string; database: string; fence: string; taken: boolean }
	| { kind: 'restarted'; at: number; store: string }

export interface FrameMessage {
	from: string
	to: string
	/** The label as written; each of its claims held, or a diagnostic says which did not. */
	label: string
	color?: 'ok' | 'bad'
	/** What the engine did for it, as data; the view words it. */
	outcome?: Outcome
	marks?: TextMark[]
}

export interface Diagnostic {
	/** Place in the file (1-based). */
	file?: string
	line: number
	column: number
	message: string
	/**
	 * The true sentence its "did you mean" offers, and the words of the source it would replace: on
	 * `line`, from `column` up to `endColumn` (1-based, the end not included), as written in the
	 * source (a quote or backslash escaped), so an editor can make the change in one step.
	 */
	fix?: { line: number; column: number; endColumn: number; text: string }
}

export interface Frame {
	/** 0 is the initial state; step N is frame N. */
	index: number
	/** The step's caption ('' for the initial state). */
	caption: string
	captionMarks?: TextMark[]
	/** Simulated time at the end of the step, ms since the scene began. */
	time: number
	/** The code sample's highlighted lines, 1-based: the lines the workers' code ran in the step (or, without a sample, the lines `line=` names). */
	lines: number[]
	/** Each worker whose code ran in the step: the lines it ran, and the line it stopped at. */
	ran?: { worker: string; lines: number[]; at?: number }[]
	actors: FrameActor[]
	links: { from: string; to: string }[]
	messages: FrameMessage[]
	diagnostics: Diagnostic[]
	/** Each claim of the step's texts that held, with the facts it was checked against. */
	checks: FrameCheck[]
	/** What the engine recorded in the step for the timeline, in the clock's order. */
	timeline?: TimeMark[]
	/**
	 * Only in a run of the scene other than the one it tells (its databases without fences): the
	 * step's texts that run denies, which the view words from the engine's data instead.
	 */
	denied?: FrameCheck['where'][]
	/** When asked for (`scenes suggest`): the sentences the language can truly say of the step as its caption, each with its form and the group of forms it belongs to. */
	suggestions?: { text: string; group: string; form: string }[]
}

/** A whole scene ready to show: its code sample and its frames. */
export interface SceneFrames {
	code?: { lang: string; lines: string[] }
	/** The code sample compiled to the program the workers run (JavaScript, line for line the sample's), for the page to run it again without a transpiler. */
	sample?: { js: string; names: string[] }
	frames: Frame[]
	/** Every diagnostic of every frame, and the parser's, in source order. */
	diagnostics: Diagnostic[]
}
