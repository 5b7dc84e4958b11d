/** The scene parser: a scene's text becomes its syntax tree, or every error found in it. */

import type { ParseResult, Scene, SourceOrigin, Step } from './ast.ts'
import type { StatementConstruct, StatementTable } from './construct.ts'
import { Cursor, type Scope } from './cursor.ts'
import { type Line, splitLines, tokenize } from './lexer.ts'
import { Report } from './report.ts'
import { STATEMENTS } from './statements/index.ts'
import { suggest } from './suggest.ts'
import { clip, listNames } from './wording.ts'

/** The step whose body the next, more indented lines belong to. */
interface OpenStep {
	/** Undefined when the step's own line was wrong: its body is still read, for its errors. */
	node: Step | undefined
	indent: string
	line: number
}

/** The names of a table's statements that may stand before the first step, and in a step. */
export function statementNames(table: StatementTable = STATEMENTS): { top: string[]; inStep: string[] } {
	return {
		top: table.filter(construct => construct.where !== 'step').map(construct => construct.name),
		inStep: table.filter(construct => construct.where !== 'top').map(construct => construct.name),
	}
}

/**
 * Parses a scene. Positions are the file's when `origin` says where the text sits in it. Every
 * error found is returned, in file order; the tree is returned only when there are none. `table`
 * is the statements the parse knows (the DSL's, unless a caller adds its own).
 */
export function parseScene(text: string, origin: SourceOrigin = {}, table: StatementTable = STATEMENTS): ParseResult {
	const report = new Report(origin)
	const scene: Scene = { settings: [], actors: [], links: [], initial: [], steps: [], position: report.at(0, 0) }
	const raws = splitLines(text)
	const scope: Scope = { report, scene, declared: new Map(), unresolved: [], linked: new Map(), raws, next: 0, table }
	const byName = new Map(table.map(construct => [construct.name, construct]))
	const names = statementNames(table)
	let open: OpenStep | undefined
	let statements = 0
	while (scope.next < raws.length) {
		const line = tokenize(raws[scope.next] as string, scope.next)
		scope.next++
		const unclosed = line.tokens.find(token => !token.closed)
		if (unclosed !== undefined) report.span(line, unclosed.start, unclosed.start + 1, 'unterminated string; a string ends on its own line')
		const verb = line.tokens[0]
		if (verb === undefined) continue
		statements++
		const inBody = open !== undefined && line.indent.length > open.indent.length
		// An unclosed string swallows the rest of its line, so what the statement then lacks is
		// noise: the statement is still read, for what it declares, but its errors are dropped.
		const mark = report.count
		if (verb.kind !== 'word') {
			report.token(line, verb, `expected a statement, like ${inBody ? 'send, set or strike' : 'actor, link, set or step'}`)
		} else {
			const c = new Cursor(line)
			const construct = byName.get(verb.text)
			if (construct === undefined) unknown(scope, c, open === undefined ? names.top : inBody ? names.inStep : ['step'], open !== undefined && !inBody)
			else open = statement(scope, c, construct, open, inBody)
		}
		if (unclosed !== undefined) report.dropSince(mark)
	}
	if (statements === 0) {
		report.point(scene.position, 'this scene is empty; declare its actors, then its steps, like actor a "Worker A" at 10,25 icon=cpu')
	}
	resolve(scope)
	const errors = report.sorted()
	return errors.length === 0 ? { ok: true, scene, errors: [] } : { ok: false, errors }
}

/** Reads one statement where it stands (before the steps, in a step's body, or after the steps at a step's indentation); returns the step now open. */
function statement(scope: Scope, c: Cursor, construct: StatementConstruct, open: OpenStep | undefined, inBody: boolean): OpenStep | undefined {
	const { report, scene } = scope
	const misplaced = misplacement(construct, open, inBody, c)
	if (misplaced !== undefined) {
		report.token(c.line, c.verb, misplaced)
		// A statement that reads the lines after it must still read them, or they would be taken for statements.
		if (construct.block) construct.parse(scope, c, true)
		return open
	}
	const node = construct.parse(scope, c)
	if (construct.opensStep) {
		if (node !== undefined) construct.add(scene, node, undefined)
		return { node: node as Step | undefined, indent: c.line.indent, line: report.lineOf(c.line) }
	}
	if (node !== undefined && (open === undefined || open.node !== undefined)) construct.add(scene, node, inBody ? open?.node : undefined)
	return open
}

/** Why a statement does not belong where it stands, or undefined when it does. */
function misplacement(construct: StatementConstruct, open: OpenStep | undefined, inBody: boolean, c: Cursor): string | undefined {
	const name = construct.name
	if (open === undefined) return construct.where === 'step' ? `${name} belongs in a step; write it indented under a \`step\` line` : undefined
	if (inBody) {
		if (construct.opensStep) return `this step is indented under the step at line ${open.line}, and steps do not nest; write it at that step's indentation`
		if (construct.where === 'top') return name === 'code' ? 'code belongs before the first step, with the actors; move it up' : `${name} belongs before the first step, not in a step; move it up`
		return undefined
	}
	if (construct.opensStep) return undefined
	if (construct.where === 'top') return name === 'code' ? 'code belongs before the first step, with the actors; move it up' : `${name} belongs before the first step; move it up`
	const deeper = c.line.indent === '' ? '' : ` (this line is not indented more than the step at line ${open.line}; are tabs and spaces mixed?)`
	return `statements after the first step belong to a step; indent it under a \`step\`${deeper}`
}

/** An unknown verb: the one the author most likely meant, or the ones that fit here. */
function unknown(scope: Scope, c: Cursor, here: readonly string[], afterSteps: boolean): void {
	// Verbs that fit here come first, so they win a tie.
	const meant = suggest(c.verb.text, [...here, ...scope.table.map(construct => construct.name)])
	const otherwise = afterSteps ? 'after the first step, a line is a `step` or is indented under one' : here.includes('step') && here.length > 1 ? `a statement is one of ${listNames(here)}` : `a step's statements are ${listNames(here)}`
	const why = meant !== undefined ? `did you mean "${meant}"?` : otherwise
	scope.report.token(c.line, c.verb, `unknown statement "${clip(c.verb.text)}"; ${why}`)
}

/** Judges the uses of ids that were not declared when used: declared later, or not at all. */
function resolve(scope: Scope): void {
	const ids = [...scope.declared.keys()]
	for (const { id, line, token } of scope.unresolved) {
		const declared = scope.declared.get(id)
		let message: string
		if (declared !== undefined) {
			message = `actor "${clip(id)}" is used before it is declared at line ${declared.line}; declare actors first`
		} else {
			const meant = suggest(id, ids)
			const why = meant !== undefined ? `did you mean "${meant}"?` : ids.length === 0 ? 'no actor is declared' : known(ids)
			message = `unknown actor "${clip(id)}"; ${why}`
		}
		scope.report.token(line as Line, token, message)
	}
}

/** The declared ids for a message, the first few of a long list. */
function known(ids: readonly string[]): string {
	if (ids.length === 1) return `the only actor is ${clip(ids[0] as string, 20)}`
	const shown = ids.slice(0, 8).map(id => clip(id, 20))
	return `the actors are ${ids.length > shown.length ? `${shown.join(', ')} and ${ids.length - shown.length} more` : listNames(shown, 'and')}`
}
