/**
 * What a scene's figure (drawn at build) and its player (in the page) both say of a step: the
 * caption before the first, the counter, a step's id. A module of its own, importing nothing, so
 * the player's first script carries these and no more of the figure's code: a bundler puts every
 * module that script imports into it, the engine behind the figure's words included.
 */

/** The caption shown before the first step. */
export const initialCaption = 'Before the first step.'

/** The id of step N's item in the list, and so the fragment that opens the page at that step. */
export function stepId(sceneId: string, step: number): string {
	return `${sceneId}-step-${step}`
}

/** The counter's words: `Step 2 of 3`. */
export function counterText(step: number, steps: number): string {
	return `Step ${step} of ${steps}`
}
