/** Attributes, the `name=value` words a statement may end with (`icon=cpu`, `color=ok`, `line=2-4`). */

import type { Line, Token } from './lexer.ts'
import type { Report } from './report.ts'
import { suggest } from './suggest.ts'
import { clip, listNames } from './wording.ts'

/** A statement as the attributes' rules need it: its verb and the attributes it takes. */
export interface StatementName {
	name: string
	attributes: readonly string[]
}

/** One `name=value` as written; columns are 0-based offsets into its line, `end` exclusive. */
export interface Attribute {
	name: string
	value: string
	start: number
	end: number
	valueStart: number
}

const NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/

/**
 * A statement's tokens after its verb, split into the positional ones and the attributes.
 * No positional part of any statement contains `=`, so an attribute is recognised wherever it is.
 */
export function splitAttributes(tokens: readonly Token[]): { rest: Token[]; attributes: Attribute[] } {
	const rest: Token[] = []
	const attributes: Attribute[] = []
	for (let i = 0; i < tokens.length; i++) {
		const token = tokens[i] as Token
		const eq = token.kind === 'word' ? token.text.indexOf('=') : -1
		const name = token.text.slice(0, eq)
		if (eq <= 0 || !NAME.test(name)) {
			rest.push(token)
			continue
		}
		const attribute = { name, value: token.text.slice(eq + 1), start: token.start, end: token.end, valueStart: token.start + eq + 1 }
		// `color="ok"` reads as `color=ok`: a quoted value is a natural slip, not worth an error.
		const next = tokens[i + 1]
		if (attribute.value === '' && next?.kind === 'string' && next.start === token.end && next.closed) {
			attribute.value = next.value
			attribute.end = next.end
			i++
		}
		attributes.push(attribute)
	}
	return { rest, attributes }
}

/** The attributes `verb` takes, by name; any other, and any given twice, is reported. */
export function takeAttributes(verb: string, line: Line, attributes: readonly Attribute[], report: Report, table: readonly StatementName[]): Map<string, Attribute> {
	const taken = new Map<string, Attribute>()
	const own = table.find(construct => construct.name === verb)?.attributes ?? []
	for (const attribute of attributes) {
		const { name } = attribute
		if (!own.includes(name)) {
			report.span(line, attribute.start, attribute.end, notTaken(verb, name, own, table))
		} else if (taken.has(name)) {
			report.span(line, attribute.start, attribute.end, `${name}= is given twice on one ${verb}; keep one`)
		} else {
			taken.set(name, attribute)
		}
	}
	return taken
}

/** Why `verb` does not take `name=`, and what it takes instead. */
function notTaken(verb: string, name: string, own: readonly string[], table: readonly StatementName[]): string {
	const head = `${verb} does not take ${clip(name)}=`
	const owners = [...new Set(table.filter(construct => construct.attributes.includes(name)).map(construct => construct.name))]
	if (owners.length > 0) return `${head}; only ${listNames(owners, 'and')} ${owners.length === 1 ? 'does' : 'do'}`
	const meant = suggest(name, own)
	if (meant !== undefined) return `${head}; did you mean ${meant}=?`
	if (own.length === 0) return `${head}; ${verb} takes no attributes`
	return `${head}; it takes ${listNames(own.map((other) => `${other}=`), 'and')}`
}
