/**
 * What the engine did and what the world was, as data: the facts every claim of a scene is checked
 * against. The simulation records them while it runs a scene on the engine; the claim forms read
 * them and nothing else. Fences are bigints here (frames carry them as text). What happened in a
 * step is the frame's `Happening`, the one shape the facts and the frames share.
 */
import type { Happening } from '../frame.ts'

/** An actor's kind, given by its icon. */
export type ActorKind = 'worker' | 'store' | 'database' | 'decoration'

/** A lease a worker was given, as the engine sees it at one moment. */
export interface LeaseFact {
	store: string
	/** Undefined for a semaphore's lease. */
	fence?: bigint
	grantedAt: number
	expiresAt: number
	/** The lease's time to live when it was given. */
	ttl: number
	/** It ran out. */
	expired: boolean
	/** Its store closed under it (a restart or a restore). */
	gone: boolean
	/** An operator ended it (`end a`): lost, though its time had not passed. */
	ended?: boolean
	released: boolean
}

export interface WorkerFact {
	id: string
	/** The worker's latest lease, in whatever state. */
	lease?: LeaseFact
	/** The store whose line it stands in, and its place there (1 is first). */
	waiting?: { store: string; place: number }
	/** Its process is paused (the scene's steps paused it: a label of the paused form). */
	paused?: boolean
	/** Since when it is paused. */
	pausedSince?: number
	/** Its process crashed (a label that says so), which a paused process did not. */
	crashed?: boolean
}

export interface StoreFact {
	id: string
	epoch: bigint
	/** The holders of the scene's key, in the order they got it. */
	holders: string[]
	/** The workers in line for the key, first first. */
	waiters: string[]
	/** A semaphore's limit; undefined for a lock. */
	limit?: number
	/** The fence of the last lease this store gave. */
	lastFence?: bigint
}

export interface DatabaseFact {
	id: string
	/** The fence the row keeps (0 for the migration's empty default). */
	fence: bigint
	/** The worker whose write the row keeps. */
	writer?: string
	fenced: boolean
}

/** The world at one moment: the clock and every actor's state. */
export interface WorldFacts {
	time: number
	workers: ReadonlyMap<string, WorkerFact>
	stores: ReadonlyMap<string, StoreFact>
	databases: ReadonlyMap<string, DatabaseFact>
}

/** One step of a scene as data: the world before and after it, and what happened in it, in order. */
export interface StepFacts {
	/** 1 for the first step; 0 is the initial state. */
	index: number
	start: WorldFacts
	end: WorldFacts
	happenings: Happening[]
	/**
	 * Each statement of the code sample a worker's code ran in the step, in the order it ran: its line, the statement (an
	 * index of `RunFacts.statements`), the clock's moment, and `order`, how many of the step's happenings came before it.
	 * `act` marks the act the code was stopped at (a write, an ask, a let-go) taking place, not its statement beginning.
	 */
	ran?: RanLine[]
	/** Why things happened, as the engine recorded it: the happenings each happening of the run follows from (shared by every step of a run). */
	causes?: ReadonlyMap<Happening, readonly Happening[]>
}

/** A statement a worker's code ran, when, and where among the step's happenings (`StepFacts.ran`). */
export interface RanLine {
	worker: string
	line: number
	statement?: number
	at: number
	order: number
	act?: true
}

/** A statement of the code sample (`RunFacts.statements`): its line, the names it calls itself, and whether it is in a function the code gives a lock to hold. */
export interface StatementFact {
	line: number
	calls: readonly string[]
	/** The other names it uses (variables, arguments, properties). */
	names?: readonly string[]
	/** The names it calls only in a part that may not run (a `?:` arm, after `&&`, `||`, `??`, an optional call): not recorded as run. */
	maybe?: readonly string[]
	held: boolean
	/** The calls it makes itself, each with what it passes, argument by argument (a tagged template: its values): a string's text, a name, the name of a call whose value it passes; `{}` for anything else. */
	given?: readonly { call: string; args: readonly ({ text: string } | { name: string } | { call: string; /** A call of the sample's own function whose value no call made: why. */ unmade?: string } | Record<string, never>)[] }[]
	/** The names it declares with a call's value (`const draft = await makeDraft(notes)`): what that call made. */
	made?: readonly string[]
	/** The names it declares (`const draft = 'draft'`, `let report = tenantId`, a parameter of a function in it): the sample's own, not its prelude's. */
	declares?: readonly string[]
	/** Each value it gives a name itself (`const draft = 'draft'`, `draft = await makeDraft(notes)`), in order; `unsure` when the run cannot tell whether or when it took place (on a condition, in a loop's head, `+=`, `++`, a pattern, no value). */
	assigns?: readonly { name: string; value: { text: string } | { name: string } | { call: string; unmade?: string } | Record<string, never>; unsure?: true; /** Its value is awaited: the name has it once the statement is done. */ awaits?: true; /** The sample declares the name more than once: the run cannot tell which one a value went to. */ shadowed?: true }[]
	/** The statement after it in its block: once that began, this one was done. */
	next?: number
	/** It may leave its block before the statement after it begins (a `return`, `throw`, `break`, `continue` in it): what follows it may not run. */
	exits?: true
	/** It awaits itself (not in a statement or function inside it, nor in a part that may not run): a piece of work; a method of a built-in value (`chatId.trim()`) is none. */
	awaits?: true
	/** It reads a property by a computed name itself (`s['abort' + 'ed']`; a number's index is none): its names do not tell what it reads. */
	computed?: true
	/** The names it binds to a lease's `signal` or `lost` under another name (`{ signal: s }`, `const s = lease.signal`). */
	aliases?: readonly string[]
}

/** The whole run: every step's facts, for claims about other steps ("ever", "the next step"). */
export interface RunFacts {
	/** steps[0] is the initial state (no happenings); steps[N] is step N. */
	steps: StepFacts[]
	kinds: ReadonlyMap<string, ActorKind>
	/** The scene's key and the TTL its workers' leases have. */
	key: string
	ttl: number
	/** What each write of the scene would have done on databases that check no fence, when a claim asked. */
	unfenced?: RunFacts
	/** What each write of the scene would have done had every database checked fences (a drawn `fences=off` too), when a claim asked. */
	fenced?: RunFacts
	/** Why the run without fences tells nothing (a sample's own SQL compares fences), when it does not. */
	untellable?: string
	/** The code sample's statements, by the id each ran with (`RanLine.statement`), when the scene runs a sample. */
	statements?: readonly StatementFact[]
	/** The last step a claim about later steps may look at; a claim those steps do not settle is not judged. All steps when absent. */
	lookAhead?: number
}

/** A message's own facts: who sent it to whom, and what the engine answered for it. */
export interface MessageFacts {
	from: string
	to: string
	/** The happenings the message caused (an ask and its grant, a write, a release). */
	happenings: Happening[]
	/** The world right after it, for a lock's answer (whether its worker still stands in line); the step's end for any other. */
	after?: WorldFacts
	/** For a database's answer: the write it answers. */
	answers?: Extract<Happening, { kind: 'wrote' }>
	/** For a note between workers: what had happened in the step when it was sent (a note tells only that). */
	sofar?: readonly Happening[]
}
