/** Messages as a compiler prints them, the one format for every place that names a file, line and column. */

import type { ParseError } from './ast.ts'

/** A message and the place it is about (1-based line and column; the file when it is known). */
export interface PlacedMessage {
	file?: string
	line: number
	column: number
	message: string
}

/** `FILE:LINE:COL: MESSAGE`, or `LINE:COL: MESSAGE` when the file is not known. */
export function formatMessage({ file, line, column, message }: PlacedMessage): string {
	return `${file === undefined ? '' : `${file}:`}${line}:${column}: ${message}`
}

/** A parse error as `formatMessage` prints it; `file` names another file than the error's own. */
export function formatError(error: ParseError, file: string | undefined = error.file): string {
	return formatMessage({ file, line: error.position.line, column: error.position.column, message: error.message })
}
