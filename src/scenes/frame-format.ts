/**
 * How a frame's times and places are written: the project's one way of writing a duration (the
 * engine's, which its own errors use) and a message at a place in a file (the parser's, which its
 * errors use), each taken from the one file that owns it. A frame carries numbers; its views (the
 * renderer, the figure and its words, the player, the CLI, the playground) write them with these,
 * and load neither the engine nor the parser to do so: the page's first script stays small.
 */
export { formatDuration } from '../../engine/duration.ts'
export { formatMessage } from '../../scene-parser/format.ts'
