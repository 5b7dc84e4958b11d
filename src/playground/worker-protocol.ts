/**
 * The messages between the playground page and its compile worker.
 */
import type { Diagnostic, Frame } from '../scenes/frame.ts'
import type { TrueSentence } from './scene-language.ts'

/**
 * One frame drawn in both layouts, as a page's scene is: the stage shows the one its width
 * calls for (scenes.css), and "This step (SVG)" downloads the wide one.
 */
export interface StageDrawing {
	wide: string
	narrow: string
}

/** A diagnostic with the line `npm run scenes -- check` prints for it. */
export type PrintedDiagnostic = Diagnostic & { printed: string }

/** The file name the playground gives its scene, so its errors read as `npm run scenes -- check playground.scene` prints them. */
export const PLAYGROUND_FILE = 'playground.scene'

/**
 * What the page asks: compile a source and draw the frame it will show (`show`, clamped), draw
 * another frame of that compile, make the animated SVG of frames already compiled, or find the
 * true sentences of one step of a source (asked once the author pauses, not at every key).
 */
export type WorkerRequest =
	| { kind: 'compile'; id: number; source: string; show: number }
	| { kind: 'suggest'; id: number; source: string; step: number }
	| { kind: 'draw'; id: number; compile: number; index: number }
	| { kind: 'animate'; id: number; frames: Frame[]; title?: string }

/** What the worker answers, naming the request it answers by id. */
export type WorkerResponse =
	| {
		kind: 'compiled'
		id: number
		frames: Frame[]
		/** Each frame's caption and counter as the player words them. */
		captions: string[]
		counters: string[]
		shown: number
		drawing: StageDrawing | undefined
		diagnostics: PrintedDiagnostic[]
		ms: number
	}
	| { kind: 'drawn'; id: number; index: number; drawing: StageDrawing }
	/** The step's true sentences; none when the scene did not run to that step or the step has no caption. */
	| { kind: 'suggested'; id: number; step: number; sentences: TrueSentence[] }
	| { kind: 'animated'; id: number; svg: string }
	| { kind: 'failed'; id: number; message: string }
