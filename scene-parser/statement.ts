/** One statement of a scene: a line's tokens, verb first, become a node of the syntax tree. */

import type { Actor, ActorVerb, Code, Icon, Link, Position, Ref, Scene, Send, SetState, Setting, Step, Strike, Text, Wait } from './ast.ts'
import { ICONS } from './ast.ts'
import { type Attribute, splitAttributes, takeAttributes } from './attributes.ts'
import { parseDuration } from './duration.ts'
import type { Line, Token } from './lexer.ts'
import type { Report } from './report.ts'
import { suggest } from './suggest.ts'
import { clip, listNames } from './wording.ts'

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

const ID = /^[A-Za-z_][A-Za-z0-9_-]*$/
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/

/** Reports what was expected at the cursor: at the wrong token there, or just after the last one. */
function expected(scope: Scope, c: Cursor, message: string): undefined {
	const token = c.peek()
	if (token === undefined) scope.report.point(scope.report.at(c.line, c.after), message)
	else scope.report.token(c.line, token, message)
	return undefined
}

/** Reports the first token left over once a statement is complete. */
function finish(scope: Scope, c: Cursor): void {
	const token = c.peek()
	if (token === undefined) return
	const shown = token.kind === 'string' ? 'string' : `"${clip(token.text)}"`
	scope.report.token(c.line, token, `unexpected ${shown} after a complete ${c.verb.text} statement`)
}

function position(scope: Scope, c: Cursor, token: Token): Position {
	return scope.report.at(c.line, token.start)
}

function text(scope: Scope, c: Cursor, message: string): Text | undefined {
	const token = c.peek()
	if (token?.kind !== 'string') return expected(scope, c, message)
	c.take()
	return { value: token.value, position: position(scope, c, token), end: scope.report.at(c.line, token.end) }
}

/** An actor's id where it is used; whether it names an actor is judged at the end of the scene. */
function ref(scope: Scope, c: Cursor, message: string): Ref | undefined {
	const token = c.peek()
	if (token?.kind !== 'word' || !ID.test(token.text)) return expected(scope, c, message)
	c.take()
	if (!scope.declared.has(token.text)) scope.unresolved.push({ id: token.text, line: c.line, token })
	return { id: token.text, position: position(scope, c, token) }
}

function duration(scope: Scope, c: Cursor, message: string): number | undefined {
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

const ACTOR = 'like actor a "Worker A" at 10,25 icon=cpu'
const COORDINATES = 'expected coordinates X,Y in percent, like 10,25'

/** `actor ID "Label" at X,Y icon=NAME [limit=N] [first=N] [fences=off]`. */
export function actor(scope: Scope, c: Cursor): Actor | undefined {
	const attributes = takeAttributes('actor', c.line, c.attributes, scope.report)
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

/** `first=N` on a lock actor: the fence of the first lease its store gives, so that fence is checked too. */
function firstFenceOf(scope: Scope, c: Cursor, attributes: Map<string, Attribute>, icon: Icon | undefined, limit: number | undefined): number | undefined {
	const attribute = attributes.get('first')
	if (attribute === undefined) return undefined
	const value = /^\d{1,15}$/.test(attribute.value) ? Number(attribute.value) : Number.NaN
	if (!(value >= 1)) {
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

/** `link ID ID`: a line drawn between two actors, which messages travel along. */
export function link(scope: Scope, c: Cursor): Link | undefined {
	takeAttributes('link', c.line, c.attributes, scope.report)
	const message = 'expected two actor ids, like link a lock'
	const from = ref(scope, c, message)
	if (from === undefined) return undefined
	const to = ref(scope, c, message)
	if (to === undefined) return undefined
	finish(scope, c)
	const at = position(scope, c, c.verb)
	if (from.id === to.id) {
		scope.report.point(to.position, `an actor cannot be linked to itself ("${clip(to.id)}")`)
		return undefined
	}
	const pair = [from.id, to.id].sort().join(' ')
	const first = scope.linked.get(pair)
	if (first !== undefined) {
		scope.report.point(at, `${clip(from.id)} and ${clip(to.id)} are already linked at line ${first.line}`)
		return undefined
	}
	scope.linked.set(pair, at)
	return { from, to, position: at }
}

/** `set ID "text"` or `strike ID "text"`: an actor's state label, or striking it out. */
export function state(scope: Scope, c: Cursor): SetState | Strike | undefined {
	const verb = c.verb.text === 'strike' ? 'strike' : 'set'
	takeAttributes(verb, c.line, c.attributes, scope.report)
	const example = verb === 'set' ? 'set db "fence 8"' : 'strike a "paused"'
	const actor = ref(scope, c, `expected an actor's id, like ${example}`)
	if (actor === undefined) return undefined
	const label = text(scope, c, `expected the text in quotes, like ${example}`)
	if (label === undefined) return undefined
	finish(scope, c)
	return { kind: verb, actor, text: label, position: position(scope, c, c.verb) }
}

/** `ttl DURATION`, `key "42"` or `id NAME`: a setting of the whole scene, each given at most once. */
export function setting(scope: Scope, c: Cursor): Setting | undefined {
	const kind = c.verb.text === 'ttl' ? 'ttl' : c.verb.text === 'id' ? 'id' : 'key'
	takeAttributes(kind, c.line, c.attributes, scope.report)
	const at = position(scope, c, c.verb)
	const first = scope.scene.settings.find((other) => other.kind === kind)
	if (first !== undefined) {
		scope.report.token(c.line, c.verb, `${kind} is already set at line ${first.position.line}; a scene has one ${kind}`)
		return undefined
	}
	if (kind === 'id') {
		const value = sceneId(scope, c)
		if (value === undefined) return undefined
		finish(scope, c)
		return { kind, value, position: at }
	}
	if (kind === 'ttl') {
		const ms = duration(scope, c, 'expected a duration, like ttl 10s')
		if (ms === undefined) return undefined
		finish(scope, c)
		return { kind, ms, position: at }
	}
	const value = text(scope, c, 'expected the key in quotes, like key "42"')
	if (value === undefined) return undefined
	finish(scope, c)
	return { kind, value, position: at }
}

const SCENE_ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/
const SCENE_ID_EXAMPLE = 'like id fences-late-write'

/** A scene's id: a name for the page's address (`#NAME-step-2`), so lowercase words joined by hyphens. */
function sceneId(scope: Scope, c: Cursor): string | undefined {
	const token = c.peek()
	if (token === undefined) return expected(scope, c, `expected the scene's id, ${SCENE_ID_EXAMPLE}`)
	if (token.kind === 'string') return expected(scope, c, `write the scene's id without quotes, ${SCENE_ID_EXAMPLE}`)
	c.take()
	const name = token.text
	if (!SCENE_ID.test(name)) {
		scope.report.token(c.line, token, `a scene's id is lowercase letters and digits in words joined by single hyphens, starting with a letter, ${SCENE_ID_EXAMPLE}; not "${clip(name)}"`)
		return undefined
	}
	// Positional ids and step suffixes are what links to steps are made of; either would make a link ambiguous.
	if (/^scene-\d+$/.test(name)) {
		scope.report.token(c.line, token, `"${name}" is the name a scene gets from its place in the page; choose a name of its own, ${SCENE_ID_EXAMPLE}`)
		return undefined
	}
	if (/-step-\d+$/.test(name)) {
		scope.report.token(c.line, token, `a scene's id cannot end in -step-N, which links to a step add; not "${clip(name)}"`)
		return undefined
	}
	return name
}

const STEP = 'like step "A holds the key" line=2'

/** `step "caption" [line=N | line=N-M]`: the step's line, without its body. */
export function step(scope: Scope, c: Cursor): Step | undefined {
	const attributes = takeAttributes('step', c.line, c.attributes, scope.report)
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

const SEND = 'like send lock -> a "fence 7"'

/** `send FROM -> TO "label" [color=ok|bad]`. */
export function send(scope: Scope, c: Cursor): Send | undefined {
	const attributes = takeAttributes('send', c.line, c.attributes, scope.report)
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

/** `wait DURATION`: simulated time runs on. */
export function wait(scope: Scope, c: Cursor): Wait | undefined {
	takeAttributes('wait', c.line, c.attributes, scope.report)
	const ms = duration(scope, c, 'expected a duration, like wait 40s')
	if (ms === undefined) return undefined
	finish(scope, c)
	return { kind: 'wait', ms, position: position(scope, c, c.verb) }
}

/** `release ID`, `restart ID`, `backup ID` or `restore ID`: something happens to one actor. */
export function actorVerb(scope: Scope, c: Cursor, kind: ActorVerb['kind']): ActorVerb | undefined {
	takeAttributes(kind, c.line, c.attributes, scope.report)
	const actor = ref(scope, c, `expected an actor's id, like ${kind} ${kind === 'release' ? 'a' : 'lock'}`)
	if (actor === undefined) return undefined
	finish(scope, c)
	return { kind, actor, position: position(scope, c, c.verb) }
}
