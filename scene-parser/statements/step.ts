/** `step "caption" [line=N | line=N-M]`: starts a step; the more indented lines after it are its statements. */
import type { Code, Step } from '../ast.ts'
import type { Attribute } from '../attributes.ts'
import type { StatementConstruct } from '../construct.ts'
import { type Cursor, type Scope, attributesOf, finish, position, text } from '../cursor.ts'
import { clip } from '../wording.ts'

const STEP = 'like step "A holds the key" line=2'

/** `step "caption" [line=N | line=N-M]`: the step's line, without its body. */
function parse(scope: Scope, c: Cursor): Step | undefined {
	const attributes = attributesOf(scope, c)
	const lines = linesOf(scope, c, attributes.get('line'), scope.scene.code)
	const caption = text(scope, c, `expected the step's caption in quotes, ${STEP}`)
	if (caption === undefined) return undefined
	finish(scope, c)
	const node: Step = { caption, statements: [], position: position(scope, c, c.verb) }
	if (lines !== undefined) node.lines = lines
	return node
}

function linesOf(scope: Scope, c: Cursor, attribute: Attribute | undefined, code: Code | undefined): Step['lines'] {
	if (attribute === undefined) return undefined
	const fail = (message: string): undefined => {
		scope.report.span(c.line, attribute.start, attribute.end, message)
	}
	const match = /^(\d+)(?:-(\d+))?$/.exec(attribute.value)
	if (!match) return fail(`line must be a line of the code sample or a range of them, like line=2 or line=2-4, not "${clip(attribute.value)}"`)
	const from = Number(match[1])
	const to = match[2] === undefined ? from : Number(match[2])
	if (code === undefined) return fail('line= points into the code sample, and this scene has none; add code LANG ... end before the first step')
	if (from > to) return fail(`line=${from}-${to} runs backwards; write line=${to}-${from}`)
	const count = code.lines.length
	if (from < 1 || to > count) {
		const size = count === 0 ? 'which is empty' : count === 1 ? 'which has 1 line' : `which has lines 1 to ${count}`
		return fail(`line=${clip(attribute.value)} is outside the code sample, ${size}`)
	}
	return { from, to }
}

export const step: StatementConstruct<Step> = {
	name: 'step',
	where: 'top',
	attributes: ['line'],
	takesActors: false,
	example: 'step "Worker A holds the key with fence 7." line=1',
	parse,
	add: (scene, node) => scene.steps.push(node),
	opensStep: true,
}
