/**
 * What a guarded check says when a scene's check itself fails: it ran over its time, used more than
 * its memory, its checker process died or could not start, or a promise failed with nothing to
 * handle it. Each is a diagnostic at the scene's first line, with its file, line and column as every
 * scene error has them, so the build, the dev server and the CLI print it as they print any other.
 */
import type { Diagnostic, SceneFrames } from '../frame.ts'
import { formatDuration } from '../frame-format.ts'
import type { SourceOrigin } from '../simulation/index.ts'

/** Where a scene's first line is in its file: the place a whole-scene error is told at (the parser's `scene.position`). */
export function firstLine(origin: SourceOrigin): Pick<Diagnostic, 'file' | 'line' | 'column'> {
	return { file: origin.file, line: origin.line ?? 1, column: (origin.column ?? 0) + 1 }
}

/** A scene that did not check, with one diagnostic at its first line. */
export function failedCheck(origin: SourceOrigin, message: string): SceneFrames {
	return { frames: [], diagnostics: [{ ...firstLine(origin), message }] }
}

export const overran = (timeoutMs: number): string =>
	`checking this scene ran over ${formatDuration(timeoutMs)}: its code sample never stops? (a loop of builtins, a huge number, a query that never ends); the check was stopped`

export const outOfMemory = (memoryMb: number): string =>
	`the code sample used more than ${memoryMb} MB of memory while this scene was checked: it keeps what it makes? (an array, a string or a number that only grows); the check was stopped`

export const residentOver = (limitMb: number): string =>
	`the process checking this scene grew past ${limitMb} MB of memory: its code sample's SQL makes a huge value? (a zeroblob, a long string, a join's rows concatenated); the check was stopped`

export const died = (how: string, said: string | undefined): string =>
	`the process checking this scene died (${how})${said ? `, saying: ${said}` : ''}; the scenes after it are checked by a new one`

export const notStarted = (said: string | undefined): string => `no scene could be checked: the checker process could not start${said ? `, saying: ${said}` : ''}`

export const unhandled = (words: string): string => `a promise failed while this scene was checked, and nothing handled it: ${words}`
