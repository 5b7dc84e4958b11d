/**
 * What the reader can do to a scene: an action of one actor's kind, which becomes a generated step of scene text.
 */
import { formatDuration } from '../../frame-format.ts'
import type { Frame, FrameActor } from '../../frame.ts'

/** One thing the reader did, as data: an action's id, the actor it acts on, and the choice it was given. */
export interface ReaderAct {
	action: string
	actor: string
	choice?: string
}

/** Who offers an action: a worker, a lock store, or the scene's clock (which every scene has). */
export type ActorKind = 'worker' | 'store' | 'clock'

/** The id the clock's actions name as their actor; no scene actor can have it, as ids start with a letter or `_`. */
export const CLOCK = '@clock'

/** Everything an action may read when it is offered and when it words its step. */
export interface ActContext {
	/** The acting actor in the frame before the step (a stand-in for the clock). */
	actor: FrameActor
	/** The frame the step starts from, and every frame before it. */
	before: Frame
	frames: readonly Frame[]
	choice?: string
	/** The store a worker asks for the key, and the database it writes to. */
	lock?: string
	database?: string
	/** Whether the scene's databases check fences (false after the "without fences" switch). */
	fenced: boolean
	/** Whether a backup of this store was taken in an earlier step. */
	hasBackup: boolean
	/** An actor's name as a caption says it (its label), by id. */
	name(id: string): string
}

/** A step's statements (scene text, indented by the caller) and its caption. */
export interface WordedStep {
	statements: string[]
	caption: string
}

/** One action a reader may take: what it offers, the step it runs, and the words for what the engine did. */
export interface PlayAction {
	id: string
	kind: ActorKind
	/** The button's visible text: `Hold`. */
	title: string
	/** The choices the action takes, the first the default (a hold's wait, the clock's step). */
	choices?: readonly { value: string; text: string }[]
	/** Why the action cannot be taken from this frame, in the reader's words (`Worker B is not paused`); undefined where it can. */
	unavailable(context: ActContext): string | undefined
	/** The step's statements with labels that claim nothing, run first to learn what the engine decides. */
	statements(context: ActContext): string[]
	/** The same step worded from the frame the engine made of it; the checker then proves the words. */
	word(context: ActContext, after: Frame): WordedStep
}

/** A text as a scene's quoted string: quotes and backslashes escaped. */
export function quoted(text: string): string {
	return `"${text.replace(/[\\"]/g, char => `\\${char}`)}"`
}

/** A place in order as a caption writes it: `first`, `third`, `11th`. */
export function ordinal(n: number): string {
	return ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'][n - 1] ?? `${n}th`
}

/** A time as scenes write it in words: `30 s`, `1 min 30 s`, `500 ms` (the engine's one format, which the claim language reads). */
export const timeText: (ms: number) => string = formatDuration

/** The actor of `id` in a frame. */
export function actorIn(frame: Frame, id: string): FrameActor | undefined {
	return frame.actors.find(actor => actor.id === id)
}

/** Whether the action can be taken from the context's frame. */
export function offered(action: PlayAction, context: ActContext): boolean {
	return action.unavailable(context) === undefined
}

/** Whether a worker's process is paused, as the engine has it (its label reads as a pause: paused, stalled). */
export function paused(actor: FrameActor | undefined): boolean {
	return actor?.process === 'paused'
}

/** Whether a worker's process crashed, as the engine has it: it does nothing more. */
export function crashed(actor: FrameActor | undefined): boolean {
	return actor?.process === 'crashed'
}

/** The first reason that holds, as `unavailable` gives it: each pair is a condition that stops the action and why. */
export function firstReason(...reasons: [boolean, () => string][]): string | undefined {
	return reasons.find(([stops]) => stops)?.[1]()
}

/** Whether an actor shows a label of exactly these words, not struck. */
export function labelled(actor: FrameActor | undefined, text: string): boolean {
	return actor?.state?.text === text && !actor.state.struck
}

/** Whether a worker holds a lease the engine still counts (not run out, not gone with its store). */
export function holdsLive(actor: FrameActor | undefined): boolean {
	return actor?.lease !== undefined && !actor.lease.lost
}

/**
 * The statement that ends a worker's process state as the scene language does: its label struck when all it says is that
 * state (`strike a "paused"`), or, when the label says more (`stalled, lease lost`), set to the rest of it, which the
 * checker then holds to the engine's facts like any label. `clause` matches the label's words that tell the state.
 */
export function strikeState(actor: FrameActor, clause: RegExp, fallback: string): string {
	const text = actor.state?.text ?? fallback
	const clauses = text.split(/,\s*/)
	const rest = clauses.filter(one => !clause.test(one.trim()))
	return rest.length === 0 || rest.length === clauses.length ? `strike ${actor.id} ${quoted(text)}` : `set ${actor.id} ${quoted(rest.join(', '))}`
}
