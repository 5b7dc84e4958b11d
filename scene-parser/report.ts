/** Where a scene's problems are collected, with every place turned into the file's line and column. */

import type { ParseError, Position, SourceOrigin } from './ast.ts'
import type { Line, Token } from './lexer.ts'

/** The errors of one scene, and the mapping from a block's places to its file's. */
export class Report {
	readonly errors: ParseError[] = []
	readonly #line: number
	readonly #column: number
	readonly #file: string | undefined

	constructor(origin: SourceOrigin = {}) {
		this.#line = origin.line ?? 1
		this.#column = origin.column ?? 0
		this.#file = origin.file
	}

	/** The file's place of a 0-based column on a line of the block. */
	at(line: Line | number, column: number): Position {
		const index = typeof line === 'number' ? line : line.index
		return { line: this.#line + index, column: this.#column + column + 1 }
	}

	/** The file's line of a line of the block. */
	lineOf(line: Line): number {
		return this.#line + line.index
	}

	/** An error at a token, underlining all of it. */
	token(line: Line, token: Token, message: string): void {
		this.#push({ message, position: this.at(line, token.start), end: this.at(line, token.end) })
	}

	/** An error at a span of a line (0-based columns, `end` exclusive). */
	span(line: Line, start: number, end: number, message: string): void {
		this.#push({ message, position: this.at(line, start), end: this.at(line, end) })
	}

	/** An error at one place, for something missing rather than something written. */
	point(position: Position, message: string): void {
		this.#push({ message, position })
	}

	#push(error: ParseError): void {
		if (this.#file !== undefined) error.file = this.#file
		this.errors.push(error)
	}

	/** How many errors there are so far, a mark for `dropSince`. */
	get count(): number {
		return this.errors.length
	}

	/** Forgets the errors reported since `mark`, for a line whose first error explains the rest. */
	dropSince(mark: number): void {
		this.errors.length = mark
	}

	/** The errors in the order they appear in the file. */
	sorted(): ParseError[] {
		return this.errors
			.map((error, order) => ({ error, order }))
			.sort((a, b) => a.error.position.line - b.error.position.line || a.error.position.column - b.error.position.column || a.order - b.order)
			.map(({ error }) => error)
	}
}
