/**
 * How a frame's times and places are written: the project's one way of writing a duration (the
 * engine's, which its own errors use) and a message at a place in a file (the parser's, which its
 * errors use), each taken from the one file that owns it. A frame carries numbers; its views (the
 * renderer, the figure and its words, the player, the CLI, the playground) write them with these,
 * and load neither the engine nor the parser to do so: the page's first script stays small.
 */
export { formatDuration } from '../../engine/duration.ts'
export { formatMessage } from '../../scene-parser/format.ts'

/**
 * Why a struck label stopped holding, in the view's words: `released`, `ran out`, `ended by an
 * operator`, `restarted` (a crashed label struck: its process came back), or `over` for any other end ("paused (over)", "no lease (over)"; "ended" read as the
 * worker's end).
 */
export function endedWord(ended: string | undefined): string {
	return ended === 'ran-out' ? 'ran out' : ended === 'released' ? 'released' : ended === 'operator' ? 'ended by an operator' : ended === 'restarted' ? 'restarted' : 'over'
}

/** A state label as the views show it: a struck one followed by why it stopped holding (`holding, fence 1 (released)`), never struck through. */
export function stateText(state: { text: string; struck: boolean; ended?: string }): string {
	return state.struck ? `${state.text} (${endedWord(state.ended)})` : state.text
}
