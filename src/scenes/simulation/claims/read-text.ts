/**
 * A text of a scene (a message's label, an actor's state, a step's caption) read into what it
 * claims: its numbers with the role their words give them, its relations, its outcome words
 * (negation read as negation), the names after "by", and the numbers marked as prose.
 */
import { unitMs, writtenFenceValue } from '../notation.ts'

/** What a number says it is, from the noun or unit beside it. */
export type Role = 'fence' | 'count' | 'epoch' | 'holders' | 'limit' | 'waiting' | 'workers' | 'time' | 'position' | 'key'

/** Which time a time claims, from the word beside it: the clock, time since an earlier step, the TTL or a wait. */
export type TimeCue = 'now' | 'elapsed' | 'ttl' | 'wait'

/** A number as written: digits, `EPOCH:COUNT`, a number word, or a time with its unit. Offsets index the text's value. */
export interface NumberClaim {
	/** The number (a time in ms, a fence written `EPOCH:COUNT` as its whole value). */
	value: bigint
	written: string
	offset: number
	length: number
	role?: Role
	cue?: TimeCue
	/** Written `EPOCH:COUNT`, so only a fence can be meant. */
	fenceNotation: boolean
	/** One side of a relation, whose meaning the relation gives. */
	inRelation: boolean
}

export type Relation = '<' | '>' | '<=' | '>=' | '='

/** `7 < 8`: two numbers and how they compare. */
export interface RelationClaim {
	left: NumberClaim
	right: NumberClaim
	relation: Relation
	written: string
	offset: number
}

/** A word or phrase of a text, lower case, with its place. */
export interface Word {
	text: string
	offset: number
	length: number
}

/** The names after `by` ("held by A and B"), each as written. */
export interface NamesClaim {
	names: Word[]
	offset: number
}

/** A problem in how a text is written (an unclosed backtick, an unknown relation). */
export interface TextProblem {
	offset: number
	message: string
}

export interface ReadText {
	/** The text as shown: backticks of prose numbers taken out. */
	shown: string
	numbers: NumberClaim[]
	relations: RelationClaim[]
	words: Word[]
	names: NamesClaim[]
	/** Spans marked as prose, in the text's value. */
	prose: { offset: number; length: number }[]
	problems: TextProblem[]
}

const NUMBER_WORDS: Readonly<Record<string, number>> = {
	zero: 0,
	one: 1,
	two: 2,
	three: 3,
	four: 4,
	five: 5,
	six: 6,
	seven: 7,
	eight: 8,
	nine: 9,
	ten: 10,
	eleven: 11,
	twelve: 12,
	thirteen: 13,
	fourteen: 14,
	fifteen: 15,
	sixteen: 16,
	seventeen: 17,
	eighteen: 18,
	nineteen: 19,
	twenty: 20,
}

const ORDINALS: Readonly<Record<string, number>> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6 }

/** Nouns that name what the number before or after them is. */
const NOUNS: Readonly<Record<string, Role>> = {
	fence: 'fence',
	fences: 'fence',
	count: 'count',
	epoch: 'epoch',
	epochs: 'epoch',
	holder: 'holders',
	holders: 'holders',
	limit: 'limit',
	worker: 'workers',
	workers: 'workers',
	waiter: 'waiting',
	waiters: 'waiting',
}

/** Verbs after a count that say what the counted do: "three hold the key", "both wait". */
const COUNTED_VERBS: Readonly<Record<string, Role>> = {
	hold: 'holders',
	holds: 'holders',
	holding: 'holders',
	wait: 'waiting',
	waits: 'waiting',
	waiting: 'waiting',
}

/** Words passed over between a noun and its number: "the limit is 3", "fence, 8", "fence=12". */
const FILLER = new Set(['is', 'was', 'are', 'were', 'of', 'the', 'a', 'an', 'its', 'it', 'now', 'still', 'to', 'reads', 'read', 'with', 'new', 'largest', 'next', 'stored', 'all', 'already', 'just', 'only', 'then'])

const TIME_CUES_BEFORE: Readonly<Record<string, TimeCue>> = { at: 'now', t: 'now', clock: 'now', ttl: 'ttl', wait: 'wait', waits: 'wait', waiting: 'wait', up: 'wait' }
const TIME_CUES_AFTER: Readonly<Record<string, TimeCue>> = { later: 'elapsed', after: 'elapsed', ago: 'elapsed', lease: 'ttl', leases: 'ttl', ttl: 'ttl', wait: 'wait' }

const RELATIONS: Readonly<Record<string, Relation>> = { '<': '<', '>': '>', '<=': '<=', '>=': '>=', '≤': '<=', '≥': '>=', '=': '=', '==': '=' }
/** Relations a reader would take for one that the checker does not read: refused, never ignored. */
const UNREAD_RELATIONS = new Set(['≠', '!=', '=<', '=>', '<>', '<<', '>>', '≪', '≫', '≈', '~'])

type Token =
	| { kind: 'number'; text: string; offset: number }
	| { kind: 'word'; text: string; offset: number }
	| { kind: 'op'; text: string; offset: number }
	| { kind: 'mark'; text: string; offset: number }

const TOKEN = /(`[^`]*`?)|(\d+(?::\d+)?(?:\.\d+)?)(?:['’]s\b)?|([A-Za-z]+(?:['’][A-Za-z]+)?)|(<=|>=|==|!=|=<|=>|<>|<<|>>|[<>=≤≥≠≪≫≈~])|([.,;:!?()\-–—/&+])/g

function tokenize(value: string, problems: TextProblem[], prose: ReadText['prose']): Token[] {
	const tokens: Token[] = []
	for (const match of value.matchAll(TOKEN)) {
		const offset = match.index ?? 0
		const [text, marked, number, word, op, mark] = match
		if (marked !== undefined) {
			if (marked.length < 2 || !marked.endsWith('`')) {
				problems.push({ offset, message: 'a backtick opens a prose number here but none closes it; write it as `42`' })
			} else {
				prose.push({ offset, length: marked.length })
				const noun = nounBefore(tokens)
				// "fence `9`" says the number is a fence, which only the engine gives: prose cannot be one.
				if (noun !== undefined && noun !== 'key') problems.push({ offset, message: `a ${noun === 'holders' ? 'count of holders' : noun} is the engine's value, so it cannot be marked as prose; write the engine's value, or drop the word "${nounWord(tokens)}"` })
			}
			// A prose span is one opaque word: it claims nothing and keeps a noun before it from reaching past.
			tokens.push({ kind: 'word', text: '`', offset })
		} else if (number !== undefined) tokens.push({ kind: 'number', text: number, offset })
		else if (word !== undefined) tokens.push({ kind: 'word', text: word.toLowerCase().replace('’', "'"), offset })
		else if (op !== undefined) tokens.push({ kind: 'op', text: op, offset })
		else if (mark !== undefined) tokens.push({ kind: 'mark', text: mark, offset })
		else if (text) tokens.push({ kind: 'mark', text, offset })
	}
	return tokens
}

/** The role noun right before the tokens read so far end ("fence" in "fence `9`"), past filler words. */
function nounBefore(tokens: readonly Token[]): Role | undefined {
	const word = nounWord(tokens)
	return word === undefined ? undefined : NOUNS[word]
}

function nounWord(tokens: readonly Token[]): string | undefined {
	for (let j = tokens.length - 1; j >= 0 && j >= tokens.length - 4; j--) {
		const token = tokens[j] as Token
		if (token.kind === 'mark' && (token.text === ',' || token.text === ':')) continue
		if (token.kind === 'op' && token.text === '=') continue
		if (token.kind !== 'word') return undefined
		if (NOUNS[stem(token.text)] !== undefined) return stem(token.text)
		if (!FILLER.has(token.text)) return undefined
	}
	return undefined
}

/** The bare word of a possessive or contraction: `a's` -> `a`. */
function stem(word: string): string {
	const apostrophe = word.indexOf("'")
	return apostrophe < 0 ? word : word.slice(0, apostrophe)
}

/** Reads one text of a scene into its claims. */
export function readText(value: string): ReadText {
	const problems: TextProblem[] = []
	const prose: ReadText['prose'] = []
	const tokens = tokenize(value, problems, prose)
	const numbers: NumberClaim[] = []
	const relations: RelationClaim[] = []
	const words: Word[] = []
	const names: NamesClaim[] = []
	const claimAt = new Map<number, NumberClaim>()

	for (let i = 0; i < tokens.length; i++) {
		const token = tokens[i] as Token
		if (token.kind === 'word' && token.text !== '`') words.push({ text: token.text, offset: token.offset, length: token.text.length })
		const claim = numberAt(tokens, i, value)
		if (claim) {
			numbers.push(claim.number)
			claimAt.set(i, claim.number)
			i += claim.span - 1
		}
	}

	// Relations: a number, a relation sign, a number.
	for (let i = 0; i < tokens.length; i++) {
		const token = tokens[i] as Token
		if (token.kind !== 'op') continue
		const left = [...claimAt.entries()].filter(([at]) => at < i).pop()
		const right = [...claimAt.entries()].find(([at]) => at > i)
		const adjacentLeft = left && tokensBetween(tokens, left[0], i, claimAt) === 0
		const adjacentRight = right && tokensBetween(tokens, i, right[0], claimAt) === 0
		if (!adjacentLeft || !adjacentRight || !left || !right) continue
		const relation = RELATIONS[token.text]
		if (relation === undefined) {
			problems.push({
				offset: token.offset,
				message: UNREAD_RELATIONS.has(token.text)
					? `the relation "${token.text}" is not one a scene may state; write <, >, <=, >= (or ≤, ≥) or =`
					: `"${token.text}" between two numbers is no relation; write <, >, <=, >= or =`,
			})
			continue
		}
		left[1].inRelation = true
		right[1].inRelation = true
		relations.push({ left: left[1], right: right[1], relation, written: value.slice(left[1].offset, right[1].offset + right[1].length), offset: left[1].offset })
	}
	// A sign between a number and anything else that reads as a relation sign is refused, never ignored.
	for (let i = 0; i < tokens.length; i++) {
		const token = tokens[i] as Token
		if (token.kind !== 'op' || token.text === '=') continue
		const used = relations.some(r => r.left.offset < token.offset && token.offset < r.right.offset)
		const reported = problems.some(p => p.offset === token.offset)
		if (!used && !reported) problems.push({ offset: token.offset, message: `"${token.text}" here compares nothing: a relation is a number, a sign and a number, like 7 < 8` })
	}

	// Names after "by": "held by A and B", "summary by A".
	for (let i = 0; i < tokens.length; i++) {
		const token = tokens[i] as Token
		if (token.kind !== 'word' || token.text !== 'by') continue
		const list: Word[] = []
		let current: Word | undefined
		for (let j = i + 1; j < tokens.length; j++) {
			const next = tokens[j] as Token
			if (next.kind === 'mark' && (next.text === ',' || next.text === '&' || next.text === '+')) {
				current = undefined
				continue
			}
			if (next.kind !== 'word' || next.text === '`') break
			if (next.text === 'and') {
				current = undefined
				continue
			}
			if (current) {
				current.text += ` ${next.text}`
				current.length = next.offset + next.text.length - current.offset
			} else {
				current = { text: next.text, offset: next.offset, length: next.text.length }
				list.push(current)
			}
		}
		if (list.length > 0) names.push({ names: list, offset: token.offset })
	}

	return { shown: value.replace(/`([^`]*)`/g, '$1'), numbers, relations, words, names, prose, problems }
}

function tokensBetween(tokens: Token[], from: number, to: number, claims: Map<number, NumberClaim>): number {
	// A claim may span several tokens (`5 s`, `a second`); what lies between its last token and `to` counts.
	let start = from + 1
	const claim = claims.get(from)
	if (claim) while (start < to && (tokens[start] as Token).offset < claim.offset + claim.length) start++
	return to - start
}

/** The number starting at token `i`, with how many tokens it takes, or undefined where none starts. */
function numberAt(tokens: Token[], i: number, value: string): { number: NumberClaim; span: number } | undefined {
	const token = tokens[i] as Token
	let amount: { value: number | bigint; written: string; fenceNotation: boolean; decimal: boolean } | undefined
	if (token.kind === 'number') {
		const decimal = token.text.includes('.')
		amount = {
			value: token.text.includes(':') ? writtenFenceValue(token.text) : decimal ? Number(token.text) : BigInt(token.text),
			written: token.text,
			fenceNotation: token.text.includes(':'),
			decimal,
		}
	} else if (token.kind === 'word') {
		const next = tokens[i + 1]
		const word = NUMBER_WORDS[token.text]
		// "a second later", "a minute later": one of the unit.
		if ((token.text === 'a' || token.text === 'an') && next?.kind === 'word' && unitMs(next.text) !== undefined && isElapsedWord(tokens[i + 2])) {
			amount = { value: 1n, written: token.text, fenceNotation: false, decimal: false }
		} else if (token.text === 'both' && countedRole(tokens, i) !== undefined) {
			amount = { value: 2n, written: 'both', fenceNotation: false, decimal: false }
		} else if (word !== undefined && (word > 1 || countedRole(tokens, i) !== undefined || unitAfter(tokens, i) !== undefined)) {
			// "one" alone is a pronoun ("the one that waits"); it counts only before a noun or a unit.
			amount = { value: BigInt(word), written: token.text, fenceNotation: false, decimal: false }
		} else if (ORDINALS[token.text] !== undefined && next?.kind === 'word' && next.text === 'in' && tokens[i + 2]?.kind === 'word' && tokens[i + 2]?.text === 'line') {
			const number: NumberClaim = { value: BigInt(ORDINALS[token.text] as number), written: token.text, offset: token.offset, length: token.text.length, role: 'position', fenceNotation: false, inRelation: false }
			return { number, span: 1 }
		}
	}
	if (!amount) return undefined
	const unit = unitAfter(tokens, i)
	let span = 1
	let role: Role | undefined
	let cue: TimeCue | undefined
	let numberValue: bigint
	let end = token.offset + amount.written.length
	if (unit !== undefined) {
		const ms = Number(amount.value) * unit.ms
		numberValue = BigInt(Math.round(ms))
		role = 'time'
		span = 2
		end = unit.end
		cue = timeCue(tokens, i, span)
	} else {
		if (amount.decimal) numberValue = -1n // a decimal with no unit is no engine value; it will not be tied
		else numberValue = BigInt(amount.value)
		role = amount.fenceNotation ? 'fence' : roleOf(tokens, i)
	}
	const number: NumberClaim = {
		value: numberValue,
		written: value.slice(token.offset, end),
		offset: token.offset,
		length: end - token.offset,
		fenceNotation: amount.fenceNotation,
		inRelation: false,
	}
	if (role !== undefined) number.role = role
	if (cue !== undefined) number.cue = cue
	return { number, span }
}

function isElapsedWord(token: Token | undefined): boolean {
	return token?.kind === 'word' && (token.text === 'later' || token.text === 'after' || token.text === 'ago')
}

/** The time unit right after token `i` (`5 s`, `30s`, `a second`), with where it ends. */
function unitAfter(tokens: Token[], i: number): { ms: number; end: number } | undefined {
	const next = tokens[i + 1]
	if (next?.kind !== 'word') return undefined
	const ms = unitMs(next.text)
	return ms === undefined ? undefined : { ms, end: next.offset + next.text.length }
}

/** What a count before a noun or verb counts: "3 holders", "both wait", "three already hold". */
function countedRole(tokens: Token[], i: number): Role | undefined {
	let passedOf = false
	for (let j = i + 1; j < tokens.length && j <= i + 3; j++) {
		const token = tokens[j] as Token
		if (token.kind !== 'word') return undefined
		const noun = NOUNS[token.text]
		// "3 holders" counts holders; "count 1 of epoch 2000" does not count epochs.
		if (noun !== undefined) return passedOf ? undefined : noun
		if (token.text === 'of') passedOf = true
		const verb = COUNTED_VERBS[token.text]
		if (verb !== undefined) return verb
		if (token.text === 'in' && tokens[j + 1]?.kind === 'word' && tokens[j + 1]?.text === 'line') return 'waiting'
		if (!['already', 'still', 'now', 'all', 'of', 'them', 'workers', 'the'].includes(token.text)) return undefined
	}
	return undefined
}

/** The role a number gets from the noun before it ("fence 7", "the limit is 3") or the one after it ("3 holders"). */
function roleOf(tokens: Token[], i: number): Role | undefined {
	const after = countedRole(tokens, i)
	if (after !== undefined) return after
	const next = tokens[i + 1]
	if (next?.kind === 'word' && next.text === 'of' && tokens[i + 2]?.kind === 'number') return 'holders'
	const before = tokens[i - 1]
	if (before?.kind === 'word' && before.text === 'of' && tokens[i - 2]?.kind === 'number') return 'limit'
	for (let j = i - 1, seen = 0; j >= 0 && seen < 4; j--, seen++) {
		const token = tokens[j] as Token
		if (token.kind === 'mark' && (token.text === '.' || token.text === ';' || token.text === '(' || token.text === ')')) return undefined
		if (token.kind === 'number') return undefined
		if (token.kind === 'mark' || token.kind === 'op') continue
		const noun = NOUNS[stem(token.text)]
		if (noun !== undefined) return noun
		if (!FILLER.has(token.text)) return undefined
	}
	return undefined
}

/** The time a time claim means, from the word before ("at 10 s", "wait 30 s") or after ("5 s later", "a 30 s lease"). */
function timeCue(tokens: Token[], i: number, span: number): TimeCue | undefined {
	const after = tokens[i + span]
	if (after?.kind === 'word' && TIME_CUES_AFTER[after.text] !== undefined) return TIME_CUES_AFTER[after.text]
	for (let j = i - 1, seen = 0; j >= 0 && seen < 3; j--, seen++) {
		const token = tokens[j] as Token
		if (token.kind === 'op' && token.text === '=') continue
		if (token.kind !== 'word') return undefined
		const cue = TIME_CUES_BEFORE[token.text]
		if (cue !== undefined) return cue
		if (!['to', 'for', 'of', 'a', 'an', 'the', 'is', 'its', 'all', 'reads', 'read', 'still', 'now', 'shows'].includes(token.text)) return undefined
	}
	return undefined
}
