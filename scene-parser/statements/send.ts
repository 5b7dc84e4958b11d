/** `send FROM -> TO "label" [color=ok|bad]`: a message; what it does depends on the two actors' kinds. */
import type { Send } from '../ast.ts'
import type { Attribute } from '../attributes.ts'
import type { StatementConstruct } from '../construct.ts'
import { type Cursor, type Scope, attributesOf, expected, finish, position, ref, text } from '../cursor.ts'
import { clip } from '../wording.ts'

const SEND = 'like send lock -> a "fence 7"'

function parse(scope: Scope, c: Cursor): Send | undefined {
	const attributes = attributesOf(scope, c)
	const color = colorOf(scope, c, attributes.get('color'))
	const from = ref(scope, c, `expected the sender's id, ${SEND}`)
	if (from === undefined) return undefined
	const arrow = c.peek()
	if (arrow?.kind !== 'arrow') {
		const misspelt = arrow?.text === '→' || arrow?.text === '=>'
		return expected(scope, c, misspelt ? `write the arrow as ->, ${SEND}` : `expected -> between the sender and the receiver, ${SEND}`)
	}
	c.take()
	const to = ref(scope, c, `expected the receiver's id after ->, ${SEND}`)
	if (to === undefined) return undefined
	const label = text(scope, c, `expected the message's label in quotes, ${SEND}`)
	if (label === undefined) return undefined
	finish(scope, c)
	const node: Send = { kind: 'send', from, to, label, position: position(scope, c, c.verb) }
	if (color !== undefined) node.color = color
	return node
}

function colorOf(scope: Scope, c: Cursor, attribute: Attribute | undefined): Send['color'] {
	if (attribute === undefined) return undefined
	if (attribute.value === 'ok' || attribute.value === 'bad') return attribute.value
	scope.report.span(c.line, attribute.start, attribute.end, `color must be ok or bad, not "${clip(attribute.value)}"`)
	return undefined
}

export const send: StatementConstruct<Send> = {
	name: 'send',
	where: 'step',
	attributes: ['color'],
	takesActors: true,
	example: 'send lock -> a "fence 7"',
	parse,
	add: (_scene, node, step) => step?.statements.push(node),
}
