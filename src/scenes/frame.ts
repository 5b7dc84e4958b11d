/**
 * A scene's frames: the data a picture is drawn from. One frame for the initial state and
 * one per step. Every value here was computed by the engine; the SVG renderer draws a frame
 * and imports nothing else of ours. Fences are decimal strings so a frame is plain JSON.
 */

export type Icon = 'cpu' | 'lock' | 'database' | 'server' | 'user' | 'clock'

import type { Evidence } from './claims/index.ts'

export type { Evidence, HappeningData } from './claims/index.ts'

/** Where a text of the scene shows a value the engine's fact backs, in a claim that held. Offsets are UTF-16 units into the text. */
export interface TextMark {
	start: number
	end: number
	kind: 'value'
}

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
	| { kind: 'write'; fence: string; changed: boolean; before: string }
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
	/** The actor's state label (`set`), struck out after `strike`. */
	state?: { text: string; struck: boolean; marks?: TextMark[] }
	/** For a worker: the lease it holds as the engine sees it at the end of the step. */
	lease?: { fence?: string; expiresAt: number; lost: boolean }
	/** For a database: the largest fence stored in the scene's row. */
	storedFence?: string
	/** For a lock store: its epoch, and the holders of the scene's key. */
	epoch?: string
	holders?: string[]
}

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
