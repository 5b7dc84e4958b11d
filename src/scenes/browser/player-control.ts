/**
 * What the reader's "Play it yourself" panel may do with a scene's player (read and show a step,
 * present other frames), and the event the figure gets at each change of step. The player
 * implements it and loads the panel; the panel knows the player only through this, so neither
 * module imports the other.
 */
import type { Frame } from '../frame.ts'
import type { SceneData } from '../scene-figure.ts'

/** The event the figure gets each time the step shown changes. */
export const STEP_EVENT = 'scene-step'

/** Frames to show in place of the guide's: a reader's own session, drawn in both layouts. */
export interface SceneView {
	frames: Frame[]
	svgs: string[]
	narrowSvgs: string[]
	/** Its timeline, when it has one (SceneData's). */
	timeline?: SceneData['timeline']
}

/** How a step is shown: moving into it, and writing its link into the address. */
export interface ShowOptions {
	animate: boolean
	link: boolean
}

/** A scene's player as the panel drives it. */
export interface PlayerControl {
	readonly figure: HTMLElement
	readonly data: SceneData
	/** The step shown, and the last step of the frames shown (the guide's or the reader's). */
	readonly step: number
	readonly steps: number
	/** Shows step `step` (clamped). */
	show(step: number, options: ShowOptions): void
	/**
	 * Shows other frames from now on (a reader's session, or the story without fences), or the guide's
	 * again when `view` is undefined; `played` marks them as the reader's own session.
	 */
	present(view: SceneView | undefined, played?: boolean): void
}
