/** `actor ID "Label" at X,Y icon=NAME [limit=N] [first=N] [fences=off]`: a participant of the scene, its place and its kind. */
import type { Actor, Icon } from '../ast.ts'
import { ICONS } from '../ast.ts'
import type { Attribute } from '../attributes.ts'
import type { StatementConstruct } from '../construct.ts'
import { type Cursor, NUMBER, ID, type Scope, attributesOf, expected, finish, position, text } from '../cursor.ts'
import type { Token } from '../lexer.ts'
import { suggest } from '../suggest.ts'
import { clip, listNames } from '../wording.ts'

const ACTOR = 'like actor a "Worker A" at 10,25 icon=cpu'
const COORDINATES = 'expected coordinates X,Y in percent, like 10,25'

/** `actor ID "Label" at X,Y icon=NAME [limit=N] [first=N] [fences=off]`. */
function parse(scope: Scope, c: Cursor): Actor | undefined {
	const attributes = attributesOf(scope, c)
	const idToken = c.peek()
	if (idToken?.kind !== 'word' || !ID.test(idToken.text)) return expected(scope, c, `expected the actor's id, ${ACTOR}`)
	c.take()
	const id = idToken.text
	const first = scope.declared.get(id)
	if (first !== undefined) scope.report.token(c.line, idToken, `duplicate actor "${clip(id)}"; it is already declared at line ${first.line}`)
	else scope.declared.set(id, position(scope, c, c.verb))
	const icon = iconOf(scope, c, attributes)
	const limit = limitOf(scope, c, attributes, icon)
	const firstFence = firstFenceOf(scope, c, attributes, icon, limit)
	const fences = fencesOf(scope, c, attributes, icon)
	if (!attributes.has('icon')) {
		const end = (c.line.tokens[c.line.tokens.length - 1] as Token).end
		scope.report.point(scope.report.at(c.line, end), `actor needs an icon, like icon=cpu; an icon is one of ${listNames(ICONS)}`)
	}
	const label = text(scope, c, `expected the actor's label in quotes, ${ACTOR}`)
	if (label === undefined) return undefined
	const at = c.peek()
	if (at?.kind !== 'word' || at.text !== 'at') {
		return expected(scope, c, at !== undefined && NUMBER.test(at.text) ? 'expected "at" before the coordinates, like at 10,25' : `expected at X,Y after the label, ${ACTOR}`)
	}
	c.take()
	const x = coordinate(scope, c, 'X', 'width')
	if (x === undefined) return undefined
	if (c.peek()?.kind !== 'comma') return expected(scope, c, COORDINATES)
	c.take()
	const y = coordinate(scope, c, 'Y', 'height')
	if (y === undefined) return undefined
	finish(scope, c)
	if (icon === undefined) return undefined
	const node: Actor = { id, label, x, y, icon, position: position(scope, c, c.verb) }
	if (limit !== undefined) node.limit = limit
	if (firstFence !== undefined) node.first = firstFence
	if (fences !== undefined) node.fences = fences
	return node
}

function coordinate(scope: Scope, c: Cursor, axis: 'X' | 'Y', side: string): number | undefined {
	const token = c.peek()
	if (token?.kind !== 'word' || !NUMBER.test(token.text)) return expected(scope, c, COORDINATES)
	c.take()
	const value = Number(token.text)
	if (value < 0 || value > 100) {
		scope.report.token(c.line, token, `${axis} must be from 0 to 100 (percent of the stage's ${side}), not ${clip(token.text)}`)
		return undefined
	}
	return value
}

function iconOf(scope: Scope, c: Cursor, attributes: Map<string, Attribute>): Icon | undefined {
	const attribute = attributes.get('icon')
	if (attribute === undefined) return undefined
	const icon = ICONS.find((known) => known === attribute.value)
	if (icon !== undefined) return icon
	const meant = suggest(attribute.value, ICONS)
	const why = meant !== undefined ? `did you mean "${meant}"?` : `an icon is one of ${listNames(ICONS)}`
	scope.report.span(c.line, attribute.start, attribute.end, `unknown icon "${clip(attribute.value)}"; ${why}`)
	return undefined
}

function limitOf(scope: Scope, c: Cursor, attributes: Map<string, Attribute>, icon: Icon | undefined): number | undefined {
	const attribute = attributes.get('limit')
	if (attribute === undefined) return undefined
	const value = /^\d+$/.test(attribute.value) ? Number(attribute.value) : Number.NaN
	if (!Number.isSafeInteger(value) || value < 1) {
		scope.report.span(c.line, attribute.start, attribute.end, `limit must be a whole number of at least 1, like limit=3, not "${clip(attribute.value)}"`)
		return undefined
	}
	// With no icon, or an unknown one, the icon's own error says enough.
	if (icon !== undefined && icon !== 'lock') {
		scope.report.span(c.line, attribute.start, attribute.end, `limit= makes a lock a semaphore, so it only goes on an actor with icon=lock, not icon=${icon}`)
		return undefined
	}
	return value
}

/** `first=N` on a lock actor: the fence of the first lease its store gives, so that fence is checked too. Its range is the engine's to judge. */
function firstFenceOf(scope: Scope, c: Cursor, attributes: Map<string, Attribute>, icon: Icon | undefined, limit: number | undefined): bigint | undefined {
	const attribute = attributes.get('first')
	if (attribute === undefined) return undefined
	const value = /^\d+$/.test(attribute.value) ? BigInt(attribute.value) : 0n
	if (value < 1n) {
		scope.report.span(c.line, attribute.start, attribute.end, `first must be the first fence, a whole number of at least 1, like first=7, not "${clip(attribute.value)}"`)
		return undefined
	}
	if (icon !== undefined && icon !== 'lock') {
		scope.report.span(c.line, attribute.start, attribute.end, `first= sets a lock store's first fence, so it only goes on an actor with icon=lock, not icon=${icon}`)
		return undefined
	}
	if (limit !== undefined) {
		scope.report.span(c.line, attribute.start, attribute.end, 'first= sets the first fence, and a semaphore (limit=) gives no fences; drop one of them')
		return undefined
	}
	return value
}

/** `fences=off` on a database actor: a database that does the plain update, to show what a fence prevents. */
function fencesOf(scope: Scope, c: Cursor, attributes: Map<string, Attribute>, icon: Icon | undefined): 'off' | undefined {
	const attribute = attributes.get('fences')
	if (attribute === undefined) return undefined
	if (attribute.value !== 'off') {
		scope.report.span(c.line, attribute.start, attribute.end, `fences= takes only off (a database checks fences unless it says fences=off), not "${clip(attribute.value)}"`)
		return undefined
	}
	if (icon !== undefined && icon !== 'database') {
		scope.report.span(c.line, attribute.start, attribute.end, `fences=off makes a database do the plain update, so it only goes on an actor with icon=database, not icon=${icon}`)
		return undefined
	}
	return 'off'
}


export const actor: StatementConstruct<Actor> = {
	name: 'actor',
	where: 'top',
	attributes: ['icon', 'limit', 'first', 'fences'],
	takesActors: false,
	example: 'actor a "Worker A" at 10,25 icon=cpu',
	parse,
	add: (scene, node) => scene.actors.push(node),
}
