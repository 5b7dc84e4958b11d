/** An error as a compiler prints it. */

import type { ParseError } from './ast.ts'

/** `FILE:LINE:COL: MESSAGE`, or `LINE:COL: MESSAGE` when the file is not known. */
export function formatError(error: ParseError, file: string | undefined = error.file): string {
	const place = `${error.position.line}:${error.position.column}`
	return `${file === undefined ? '' : `${file}:`}${place}: ${error.message}`
}
