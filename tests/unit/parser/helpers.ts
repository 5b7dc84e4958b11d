/** Shorthands the parser's tests share. */

import { expect } from 'vitest'
import { type ParseResult, type Scene, type SourceOrigin, formatError, parseScene } from '../../../scene-parser/index.ts'

/** Every error of a scene, as `LINE:COL: MESSAGE`. */
export function errorsOf(text: string, origin?: SourceOrigin): string[] {
	const result = parseScene(text, origin)
	return result.errors.map((error) => formatError(error))
}

/** The tree of a scene that must parse. */
export function sceneOf(text: string, origin?: SourceOrigin): Scene {
	const result: ParseResult = parseScene(text, origin)
	expect(result.errors.map((error) => formatError(error))).toEqual([])
	if (!result.ok) throw new Error('unreachable')
	return result.scene
}

/** Lines joined into a scene's text. */
export function lines(...text: string[]): string {
	return text.join('\n')
}

/** A small valid header: a code sample of three lines and four actors, ending on line 10. */
export const HEADER = lines(
	'code ts',
	'  one()',
	'  two()',
	'  three()',
	'end',
	'actor a    "Worker A" at 10,25 icon=cpu',
	'actor b    "Worker B" at 10,75 icon=cpu',
	'actor lock "Lock"     at 50,50 icon=lock',
	'actor db   "chat.db"  at 90,50 icon=database',
	'link a lock',
)
