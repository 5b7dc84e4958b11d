/**
 * A worker's process in a scene: the code sample's program, run for one worker on the scene's
 * engine and simulated clock. Between acts its code runs freely; at each act the scene can show
 * (asking for a key, letting go of it, renewing by hand, writing a database, moving a test's clock)
 * it stops until a step lets it go on. Paused, its code and its timers (renewals) wait; crashed, it
 * does nothing more. It knows which line of the sample it runs from the guard the compiled code calls
 * before each statement, never from the text.
 */
import { describeThrown, runningLine, unobserved, type SampleHooks, type SampleProgram } from '../sample/load.ts'
import type { DatabaseActor, StoreActor } from './actors.ts'

/** An act of a worker's code that a step shows, and what it asks for. */
export type Act =
	| { kind: 'ask'; store: StoreActor; tryOnly: boolean; wait: number; ttl: number }
	| { kind: 'release'; store: StoreActor; lease: { readonly lost: boolean } }
	| { kind: 'renew'; store: StoreActor }
	| { kind: 'write'; database: DatabaseActor }
	| { kind: 'advance'; ms: number }

/** An act the code stopped at: it goes on once `go` is called. */
interface Parked {
	act: Act
	/** The sample's line that asked for it. */
	line: number | undefined
	/** The statement that ran last before it stopped: the one the act is part of. */
	statement?: number
	go: () => void
}

/** Where a worker's code is: stopped at an act, ended, failed, or waiting on the engine (a hold in line). */
type Stop =
	| { kind: 'act'; parked: Parked }
	| { kind: 'ended' }
	| { kind: 'failed'; error: unknown; line: number | undefined }
	| { kind: 'blocked'; line: number | undefined }

/** A promise a call of the prelude gave the code, the line that called, and its failure once it failed. */
interface GivenCall {
	promise: Promise<unknown>
	line: number | undefined
	failed?: { error: unknown }
}

/** The most statements a worker's code may run in a scene, and the most calls into its prelude. */
const TICK_BUDGET = 1_000_000
const CALL_BUDGET = 100_000

/** What a process needs of the scene's world: its clock. */
interface ProcessClock {
	now(): number
	setTimer(ms: number, fn: () => void): unknown
	settle(): Promise<void>
}

export class WorkerProcess {
	#started = false
	#ended = false
	#failure: { error: unknown; line: number | undefined } | undefined
	/** The first error the code threw, at its line, even while it still lets go of a lease on its way out. */
	#thrown: { error: unknown; line: number | undefined } | undefined
	/** Every error the code threw or was handed, each once, in order: none hides another. */
	readonly #errors: { error: unknown; line: number | undefined }[] = []
	#parked: Parked | undefined
	#paused = false
	#crashed = false
	/** Work that came while the process was paused: a timer, the code's turn after a grant. */
	#deferred: (() => void)[] = []
	#ticks = 0
	#calls = 0
	/**
	 * The lines its code ran since `takeLines`, in order (a statement's when it began, an act's when it took place), and the last
	 * one. A statement that began only to wait for its act (`save(...)` stopped at its write) has not yet run: `#waiting` is its
	 * place in `#lines` until its act takes place (and its line is added then), or for good when it never does (a crash).
	 */
	#lines: number[] = []
	#waiting: number | undefined
	#lastLine: number | undefined
	/** The line of the statement the code runs (an awaited work call) while it waits at an act it has begun for: the one before. */
	#running: number | undefined
	/** The statement its code ran last (the id the guard passed), which an act it stops at is part of. */
	#lastStatement: number | undefined
	/**
	 * Each statement its code ran, with the clock's moment, in order: `act` when it is the act the code was stopped at
	 * taking place (its statement began before, when the code stopped there). `onLine` is told of each as it runs.
	 */
	onLine: ((entry: { line: number; statement?: number; at: number; act?: true }) => void) | undefined
	/** The last statement its code ran (the id the guard passed), and whether the act it was stopped at took place after it: `act`. */
	lastRan: { statement?: number; act?: true } | undefined
	constructor(
		readonly worker: string,
		readonly clock: ProcessClock,
		readonly file: string,
		readonly program: SampleProgram,
		readonly prelude: () => Readonly<Record<string, unknown>>,
	) {}

	get paused(): boolean {
		return this.#paused
	}

	get crashed(): boolean {
		return this.#crashed
	}

	get started(): boolean {
		return this.#started
	}

	get ended(): boolean {
		return this.#ended || this.#failure !== undefined
	}

	/** The act the code is stopped at, if it is. */
	get parked(): Parked | undefined {
		return this.#parked
	}

	/** The line the code is at: the act it is stopped at, else the last it ran. */
	get line(): number | undefined {
		return this.#parked?.line ?? this.#lastLine
	}

	/**
	 * The line of the statement the code is running: of a statement that began only to wait for its act (a save a later step
	 * shows), the statement before it (an awaited `work()`), which goes on until that act; else the line it is at.
	 */
	get running(): number | undefined {
		return this.#parked !== undefined && this.#running !== undefined ? this.#running : this.line
	}

	/** Counts a call into the prelude; returns the line the code is at. */
	record(): number | undefined {
		if (++this.#calls > CALL_BUDGET) throw new Error(`the code sample called its prelude ${CALL_BUDGET.toLocaleString('en')} times in one scene; it never stops?`)
		return this.#lastLine
	}

	/** The lines run since the last call, in order: not the line of a statement that only began to wait for an act still to come. */
	takeLines(): number[] {
		const lines = [...new Set(this.#lines.filter((_, index) => index !== this.#waiting))].sort((a, b) => a - b)
		this.#lines = []
		this.#waiting = undefined
		return lines
	}

	/** The guard the compiled code calls before each statement, with its line: the line the code is at now. */
	readonly tick = (line: number, statement?: number): void => {
		if (++this.#ticks > TICK_BUDGET) throw new Error(`the code sample ran ${TICK_BUDGET.toLocaleString('en')} statements in one scene; it never stops?`)
		this.#running = this.#lastLine
		this.#lines.push(line)
		this.#lastLine = line
		this.#lastStatement = statement
		this.lastRan = statement === undefined ? {} : { statement }
		this.onLine?.({ line, ...(statement === undefined ? {} : { statement }), at: this.clock.now() })
	}

	/**
	 * The code stops at an act until a step lets it go on; a crashed process never goes on. One act
	 * at a time: an act asked for while another waits (a call left unawaited) is the code's mistake.
	 */
	act(act: Act, at?: number): Promise<void> {
		this.record()
		// The call's own line, through any helper of the sample's; `at` where the caller knows it (a hold lets go where it was
		// asked for). Where the stack cannot tell (a prelude function run from a promise's job), the act has no line: none is guessed.
		const line = at ?? runningLine(this.file)
		// The statement it is part of is the one that ran last, when on its line (a hold lets go at its own line, after its body's).
		const statement = line !== undefined && line === this.#lastLine ? this.#lastStatement : undefined
		// A call of the statement that ran last (not a hold letting go at its own line, `at`), made in this step: the statement began only to wait for it.
		const begun = at === undefined && line !== undefined && line === this.#lastLine && this.#lines[this.#lines.length - 1] === line
		if (line !== undefined) this.#lastLine = line
		if (this.#crashed) return new Promise<void>(() => {})
		const waiting = this.#parked
		if (waiting) {
			const error = new Error(`${this.worker}'s code asks for a second act (line ${line ?? '?'}) while its first waits (line ${waiting.line ?? '?'}): a worker's code does one act at a time; await each`)
			this.threw(error)
			return Promise.reject(error)
		}
		if (begun) this.#waiting = this.#lines.length - 1
		else this.#running = undefined
		return new Promise<void>(resolve => {
			this.#parked = { act, line, ...(statement === undefined ? {} : { statement }), go: resolve }
		})
	}

	/** The engine's own refusals the code was given (a wait that ran out, a lost lease): the errors a story may tell, known by what they are, not by their name. */
	readonly #story = new WeakSet<object>()

	/** Marks an error as the engine's own refusal, given to the code. */
	story<E>(error: E): E {
		if (typeof error === 'object' && error !== null) this.#story.add(error)
		return error
	}

	/** Whether an error is one the engine gave the code (so a story may tell it), not one the code made. */
	isStory(error: unknown): boolean {
		return typeof error === 'object' && error !== null && this.#story.has(error)
	}

	/** What the compiled code hands a value it leaves unawaited: a promise of it that fails is the code's mistake, told, never an unhandled rejection. */
	readonly float = <T>(value: T): T => {
		if (typeof (value as { then?: unknown } | null)?.then === 'function') {
			;(value as unknown as PromiseLike<unknown>).then(undefined, (error: unknown) => this.threw(error))
		}
		return value
	}

	/** The hooks the compiled code calls. */
	get hooks(): SampleHooks {
		return { tick: this.tick, float: this.float }
	}

	/** Runs the code until it stops at an act, ends, fails, or waits on the engine; starts it the first time. */
	async next(): Promise<Stop> {
		if (!this.#started) this.#start()
		if (!this.#parked && !this.ended) await this.clock.settle()
		return this.stop()
	}

	/** Notes an error the code threw, at the line it was thrown. */
	threw(error: unknown): void {
		const at = { error, line: thrownLine(error, this.file) ?? this.#lastLine }
		this.#thrown ??= at
		this.#note(at)
	}

	/** The promises the code's calls of its prelude returned, with the line that called, and the failure of each once it failed. */
	readonly #given: GivenCall[] = []

	/** Keeps a promise a call of the prelude gives the code: if it fails and the code never awaits it, that is a failure never seen. */
	track<T>(promise: Promise<T>): Promise<T> {
		const call: GivenCall = { promise, line: runningLine(this.file) ?? this.#lastLine }
		this.#given.push(call)
		promise.then(undefined, (error: unknown) => {
			call.failed = { error }
		})
		return promise
	}

	/** The calls that failed (but for the engine's refusals a story tells) and whose promise the code never awaited: failures it never saw. */
	unseen(): { error: unknown; line: number | undefined }[] {
		return this.#given.filter(call => call.failed !== undefined && !this.isStory(call.failed.error) && unobserved(call.promise)).map(call => ({ error: (call.failed as { error: unknown }).error, line: call.line }))
	}

	/** Notes an error the code is handed that it must not hide by catching it (a rule of the scene it broke), and gives it back to throw. */
	fault<E>(error: E): E {
		this.threw(error)
		return error
	}

	#note(at: { error: unknown; line: number | undefined }): void {
		if (!this.#errors.some(known => known.error === at.error)) this.#errors.push(at)
	}

	/** The errors of the code's own making (not the engine's refusals a story tells), in the order they came. */
	get failures(): readonly { error: unknown; line: number | undefined }[] {
		return this.#errors.filter(known => !this.isStory(known.error))
	}

	/** The first error the code threw, once it did: its program failed with it, or it is on its way out. */
	get thrown(): { error: unknown; line: number | undefined } | undefined {
		return this.#thrown ?? this.#failure
	}

	/** Where the code is now, without running it. */
	stop(): Stop {
		if (this.#parked) return { kind: 'act', parked: this.#parked }
		if (this.#failure) return { kind: 'failed', ...this.#failure }
		if (this.#ended) return { kind: 'ended' }
		return { kind: 'blocked', line: this.#lastLine }
	}

	/** Lets the act the code is stopped at happen, and waits for what follows to settle. */
	async permit(): Promise<void> {
		const parked = this.#parked
		if (!parked) return
		this.#parked = undefined
		// The act happens now: its line is one the step ran, and the line the code is at.
		this.#waiting = undefined
		this.#running = undefined
		this.lastRan = { ...(parked.statement === undefined ? {} : { statement: parked.statement }), act: true }
		if (parked.line !== undefined) {
			this.#lines.push(parked.line)
			this.#lastLine = parked.line
			this.onLine?.({ line: parked.line, ...(parked.statement === undefined ? {} : { statement: parked.statement }), at: this.clock.now(), act: true })
		}
		parked.go()
		await this.clock.settle()
	}

	/** Runs `fn` once the process is awake (at once if it is); never, once it crashed. */
	whenAwake(fn: () => void): void {
		if (this.#crashed) return
		if (this.#paused) this.#deferred.push(fn)
		else fn()
	}

	/** A promise that resolves once the process is awake: where its code goes on after the engine answered it. */
	awake(): Promise<void> {
		return new Promise<void>(resolve => this.whenAwake(resolve))
	}

	/** One of the process's own timers (a renewal): it fires only while the process runs, late if it was paused. */
	timer(ms: number, fn: () => void): void {
		this.clock.setTimer(ms, () => this.whenAwake(fn))
	}

	pause(): void {
		this.#paused = true
	}

	/** The process runs again: what waited for it runs now, in order. */
	wake(): void {
		if (!this.#paused || this.#crashed) return
		this.#paused = false
		const deferred = this.#deferred
		this.#deferred = []
		for (const fn of deferred) fn()
	}

	/** The process dies: its code never goes on and its timers never fire (the world closes its connection). */
	kill(): void {
		this.#crashed = true
		this.#parked = undefined
		this.#deferred = []
	}

	#start(): void {
		this.#started = true
		let prelude: Readonly<Record<string, unknown>>
		try {
			prelude = this.prelude()
		} catch (error) {
			this.#failure = { error, line: undefined }
			return
		}
		this.program(prelude, this.hooks).then(
			() => {
				this.#ended = true
			},
			(error: unknown) => {
				this.#failure = this.#errors.find(known => known.error === error) ?? { error, line: thrownLine(error, this.file) ?? this.#lastLine }
				this.#note(this.#failure)
			},
		)
	}
}

/** The sample's line an error was thrown at: the first frame of the sample in its stack. */
function thrownLine(error: unknown, file: string): number | undefined {
	// Read without running the code: an error of the sample's realm is no `Error` of this one, and its stack may be a getter of its own.
	const stack = describeThrown(error).stack ?? ''
	const match = new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+)`).exec(stack)
	// Line 0 is the program's own first line (where the prelude's names are taken), no line of the sample.
	const line = match ? Number(match[1]) - 1 : 0
	return line >= 1 ? line : undefined
}
