/** The scene parser: a scene's text becomes its syntax tree, or every error found in it. */

import type { ParseResult, Scene, SourceOrigin, Step } from './ast.ts'
import { readCode } from './code.ts'
import { type Line, splitLines, tokenize } from './lexer.ts'
import { Report } from './report.ts'
import { Cursor, type Scope, actor, actorVerb, link, send, setting, state, step, wait } from './statement.ts'
import { suggest } from './suggest.ts'
import { clip, listNames } from './wording.ts'

/** The statements written before the first step, the scene's declarations and initial state. */
const TOP = ['code', 'id', 'actor', 'link', 'set', 'strike', 'ttl', 'key', 'step']
/** The statements of a step's body. */
const IN_STEP = ['send', 'set', 'strike', 'wait', 'release', 'restart', 'backup', 'restore']

/** The statement names an author may write, before the first step and in a step's body (for editors' completion). */
export const STATEMENTS: { readonly top: readonly string[]; readonly inStep: readonly string[] } = { top: TOP, inStep: IN_STEP }
const DECLARATIONS = ['id', 'actor', 'link', 'ttl', 'key']
const VERBS = [...new Set([...TOP, ...IN_STEP])]

/** The step whose body the next, more indented lines belong to. */
interface OpenStep {
	/** Undefined when the step's own line was wrong: its body is still read, for its errors. */
	node: Step | undefined
	indent: string
	line: number
}

/**
 * Parses a scene's text. Positions are the file's when `origin` says where the text sits in it.
 * Every error found is returned, in file order; the tree is returned only when there are none.
 */
export function parseScene(text: string, origin: SourceOrigin = {}): ParseResult {
	const report = new Report(origin)
	const scene: Scene = { settings: [], actors: [], links: [], initial: [], steps: [], position: report.at(0, 0) }
	const scope: Scope = { report, scene, declared: new Map(), unresolved: [], linked: new Map() }
	const raws = splitLines(text)
	let open: OpenStep | undefined
	let statements = 0
	for (let i = 0; i < raws.length; ) {
		const line = tokenize(raws[i] as string, i)
		i++
		const unclosed = line.tokens.find((token) => !token.closed)
		if (unclosed !== undefined) report.span(line, unclosed.start, unclosed.start + 1, 'unterminated string; a string ends on its own line')
		const verb = line.tokens[0]
		if (verb === undefined) continue
		statements++
		const inBody = open !== undefined && line.indent.length > open.indent.length
		const c = new Cursor(line)
		if (verb.kind === 'word' && verb.text === 'code') {
			if (open !== undefined) {
				report.token(line, verb, 'code belongs before the first step, with the actors; move it up')
			} else if (scene.code !== undefined) {
				report.token(line, verb, `a scene has one code sample, and it is already given at line ${scene.code.position.line}`)
			}
			const read = readCode(scope, c, raws, i)
			i = read.next
			if (read.code !== undefined && open === undefined && scene.code === undefined) scene.code = read.code
			continue
		}
		// An unclosed string swallows the rest of its line, so what the statement then lacks is
		// noise: the statement is still read, for what it declares, but its errors are dropped.
		const mark = report.count
		if (verb.kind !== 'word') {
			report.token(line, verb, `expected a statement, like ${inBody ? 'send, set or strike' : 'actor, link, set or step'}`)
		} else if (open !== undefined && inBody) {
			body(scope, c, open)
		} else if (verb.text === 'step') {
			const node = step(scope, c)
			if (node !== undefined) scene.steps.push(node)
			open = { node, indent: line.indent, line: report.lineOf(line) }
		} else if (open !== undefined) {
			afterSteps(scope, c, open)
		} else {
			beforeSteps(scope, c)
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

/** A statement before the first step: a declaration or the initial state. */
function beforeSteps(scope: Scope, c: Cursor): void {
	const { scene, report } = scope
	const name = c.verb.text
	if (name === 'actor') {
		const node = actor(scope, c)
		if (node !== undefined) scene.actors.push(node)
	} else if (name === 'link') {
		const node = link(scope, c)
		if (node !== undefined) scene.links.push(node)
	} else if (name === 'set' || name === 'strike') {
		const node = state(scope, c)
		if (node !== undefined) scene.initial.push(node)
	} else if (name === 'ttl' || name === 'key' || name === 'id') {
		const node = setting(scope, c)
		if (node !== undefined) scene.settings.push(node)
	} else if (IN_STEP.includes(name)) {
		report.token(c.line, c.verb, `${name} belongs in a step; write it indented under a \`step\` line`)
	} else {
		unknown(scope, c, TOP, `a statement is one of ${listNames(TOP)}`)
	}
}

/** A line indented under a step: one of the step's statements. */
function body(scope: Scope, c: Cursor, open: OpenStep): void {
	const name = c.verb.text
	let node: Step['statements'][number] | undefined
	if (name === 'send') node = send(scope, c)
	else if (name === 'set' || name === 'strike') node = state(scope, c)
	else if (name === 'wait') node = wait(scope, c)
	else if (name === 'release' || name === 'restart' || name === 'backup' || name === 'restore') node = actorVerb(scope, c, name)
	else if (name === 'step') {
		scope.report.token(c.line, c.verb, `this step is indented under the step at line ${open.line}, and steps do not nest; write it at that step's indentation`)
	} else if (DECLARATIONS.includes(name)) {
		scope.report.token(c.line, c.verb, `${name} belongs before the first step, not in a step; move it up`)
	} else {
		unknown(scope, c, IN_STEP, `a step's statements are ${listNames(IN_STEP)}`)
	}
	if (node !== undefined) open.node?.statements.push(node)
}

/** A line after the first step that is not indented under it: only another `step` may be there. */
function afterSteps(scope: Scope, c: Cursor, open: OpenStep): void {
	const name = c.verb.text
	if (DECLARATIONS.includes(name)) {
		scope.report.token(c.line, c.verb, `${name} belongs before the first step; move it up`)
	} else if (VERBS.includes(name)) {
		const deeper = c.line.indent === '' ? '' : ` (this line is not indented more than the step at line ${open.line}; are tabs and spaces mixed?)`
		scope.report.token(c.line, c.verb, `statements after the first step belong to a step; indent it under a \`step\`${deeper}`)
	} else {
		unknown(scope, c, ['step'], 'after the first step, a line is a `step` or is indented under one')
	}
}

/** An unknown verb: the one the author most likely meant, or the ones that fit here. */
function unknown(scope: Scope, c: Cursor, here: readonly string[], otherwise: string): void {
	// Verbs that fit here come first, so they win a tie.
	const meant = suggest(c.verb.text, [...here, ...VERBS])
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
			const why =
				meant !== undefined ? `did you mean "${meant}"?` : ids.length === 0 ? 'no actor is declared' : known(ids)
			message = `unknown actor "${clip(id)}"; ${why}`
		}
		scope.report.token(line as Line, token, message)
	}
}

/** The declared ids for a message, the first few of a long list. */
function known(ids: readonly string[]): string {
	if (ids.length === 1) return `the only actor is ${clip(ids[0] as string, 20)}`
	const shown = ids.slice(0, 8).map((id) => clip(id, 20))
	return `the actors are ${ids.length > shown.length ? `${shown.join(', ')} and ${ids.length - shown.length} more` : listNames(shown, 'and')}`
}
