/** Reading a statement's tokens after its verb: the cursor, the scope statements share, and the readers of their common parts. */

import type { Position, Ref, Scene, Text } from './ast.ts'
import { type Attribute, type StatementName, splitAttributes, takeAttributes } from './attributes.ts'
import { parseDuration } from './duration.ts'
import type { Line, Token } from './lexer.ts'
import type { Report } from './report.ts'
import { clip } from './wording.ts'

/** What the statements of one scene share: its report, the tree so far, and what was declared where. */
export interface Scope {
	report: Report
	scene: Scene
	/** Every actor id declared so far and where, even when the rest of its statement was wrong. */
	declared: Map<string, Position>
	/** Uses of ids that were not declared yet; they are judged once the whole scene is read. */
	unresolved: { id: string; line: Line; token: Token }[]
	/** The links drawn so far, by their two ids in order, so a link drawn twice is caught. */
	linked: Map<string, Position>
	/** The scene's raw lines, and the index of the next one to read (a code sample reads several). */
	raws: readonly string[]
	next: number
	/** The statements this parse knows, by verb and attributes. */
	table: readonly StatementName[]
}

/** The tokens of a statement after its verb, read one by one, with its attributes set apart. */
export class Cursor {
	readonly verb: Token
	readonly line: Line
	readonly attributes: Attribute[]
	readonly #tokens: Token[]
	#next = 0

	constructor(line: Line) {
		this.line = line
		this.verb = line.tokens[0] as Token
		const { rest, attributes } = splitAttributes(line.tokens.slice(1))
		this.#tokens = rest
		this.attributes = attributes
	}

	peek(): Token | undefined {
		return this.#tokens[this.#next]
	}

	take(): Token | undefined {
		const token = this.#tokens[this.#next]
		if (token !== undefined) this.#next++
		return token
	}

	/** The 0-based column just after the last token read: where a missing part belongs. */
	get after(): number {
		return (this.#tokens[this.#next - 1] ?? this.verb).end
	}
}

export const ID = /^[A-Za-z_][A-Za-z0-9_-]*$/
export const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/

/** Reports what was expected at the cursor: at the wrong token there, or just after the last one. */
export function expected(scope: Scope, c: Cursor, message: string): undefined {
	const token = c.peek()
	if (token === undefined) scope.report.point(scope.report.at(c.line, c.after), message)
	else scope.report.token(c.line, token, message)
	return undefined
}

/** Reports the first token left over once a statement is complete. */
export function finish(scope: Scope, c: Cursor): void {
	const token = c.peek()
	if (token === undefined) return
	const shown = token.kind === 'string' ? 'string' : `"${clip(token.text)}"`
	scope.report.token(c.line, token, `unexpected ${shown} after a complete ${c.verb.text} statement`)
}

export function position(scope: Scope, c: Cursor, token: Token): Position {
	return scope.report.at(c.line, token.start)
}

export function text(scope: Scope, c: Cursor, message: string): Text | undefined {
	const token = c.peek()
	if (token?.kind !== 'string') return expected(scope, c, message)
	c.take()
	return { value: token.value, position: position(scope, c, token), end: scope.report.at(c.line, token.end) }
}

/** An actor's id where it is used; whether it names an actor is judged at the end of the scene. */
export function ref(scope: Scope, c: Cursor, message: string): Ref | undefined {
	const token = c.peek()
	if (token?.kind !== 'word' || !ID.test(token.text)) return expected(scope, c, message)
	c.take()
	if (!scope.declared.has(token.text)) scope.unresolved.push({ id: token.text, line: c.line, token })
	return { id: token.text, position: position(scope, c, token) }
}

export function duration(scope: Scope, c: Cursor, message: string): number | undefined {
	const token = c.peek()
	if (token?.kind !== 'word') return expected(scope, c, message)
	c.take()
	const result = parseDuration(token.text)
	if (!result.ok) {
		scope.report.token(c.line, token, result.message)
		return undefined
	}
	return result.ms
}


/** The attributes the statement at the cursor takes, by name; any other, and any given twice, is reported. */
export function attributesOf(scope: Scope, c: Cursor): Map<string, Attribute> {
	return takeAttributes(c.verb.text, c.line, c.attributes, scope.report, scope.table)
}
