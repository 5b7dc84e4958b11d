/**
 * A scene's frames: the data a picture is drawn from. One frame for the initial state and
 * one per step. Every value here was computed by the engine; the SVG renderer draws a frame
 * and imports nothing else of ours. Fences are decimal strings so a frame is plain JSON.
 */

export type Icon = 'cpu' | 'lock' | 'database' | 'server' | 'user' | 'clock'

/**
 * Where a text of the scene shows values: `value`, a number the engine's value backs; `prose`, a
 * number the author marked as not the engine's (in backticks), shown apart. Offsets are UTF-16
 * units into the text as shown.
 */
export interface TextMark {
	start: number
	end: number
	kind: 'value' | 'prose'
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
	| { kind: 'none'; reason: string }

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
	/** The label as written; its checked numbers agreed with the engine or a diagnostic says so. */
	label: string
	color?: 'ok' | 'bad'
	/** What the engine did for it, in plain words (`lease, fence 7`, `write refused: 7 < 8`), worded from `outcome`. */
	computed: string
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
	/** The code sample's highlighted lines, 1-based. */
	lines: number[]
	actors: FrameActor[]
	links: { from: string; to: string }[]
	messages: FrameMessage[]
	diagnostics: Diagnostic[]
}

/** A whole scene ready to show: its code sample and its frames. */
export interface SceneFrames {
	code?: { lang: string; lines: string[] }
	frames: Frame[]
	/** Every diagnostic of every frame, and the parser's, in source order. */
	diagnostics: Diagnostic[]
}
