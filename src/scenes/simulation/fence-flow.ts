/**
 * How a code sample passes its lease's fence, read as the few ways the checker can vouch for: the
 * fence as it is (`lease.fence`, Go's `lease.Fence`, Rust's `lease.fence()`), or as the engine's
 * padded text (`fenceText(...)`, Go's `.Text()`, Rust's `.text()`), passed whole to a call, bound to
 * a name, or put in SQL. Anything done to it first (`typeof`, `String(...)`, `.Hi`, `as usize`, an
 * operator) is refused: an unpadded text fence sorts "9" above "10", half a fence is no fence, and the
 * checker cannot tell what else such code passes. In SQL, the value the check compares the row's fence
 * with must be the fence the update writes.
 */
import type { Position } from '../../../scene-parser/index.ts'
import type { Piece } from './sample-pieces.ts'

export interface FlowProblem {
	offset: number
	message: string
}

/** A read of the lease's fence, as it is or with the engine's padding after it (Go's `.Text()`, Rust's `.text()`). */
const FENCE_READ = /\blease\.(?:fence|Fence)\b(?:\s*\(\s*\))?(?:\.(?:Text|text)\(\s*\))?/g
/** The engine's padded text of a read of the fence. */
const PADDED_READ = /\b(?:fenceText|fence_text|FenceText)\(\s*lease\.(?:fence|Fence)\b(?:\s*\(\s*\))?\s*\)/g

/** Functions that turn a value into another a reader cannot check: text with no padding, a number cut short. */
const CONVERSIONS = new Set(['String', 'Number', 'BigInt', 'parseInt', 'parseFloat', 'stringify', 'toString', 'str', 'int', 'float', 'repr', 'hex', 'oct', 'bin', 'format', 'Sprint', 'Sprintf', 'Sprintln', 'Itoa', 'FormatInt', 'FormatUint', 'string', 'int64', 'uint64', 'int32', 'uint32', 'float64', 'to_string', 'abs', 'Math', 'round', 'floor'])

/** The name an expression is bound to, when the code before it is `const NAME =`, `NAME :=`, `let NAME =`. */
const BOUND_BEFORE = /(?:^|[\s;{(])(?:(?:const|let|var|let[ \t]+mut|mut)[ \t]+)?([A-Za-z_]\w*)[ \t]*(?::[ \t]*[\w<>]+[ \t]*)?(?::=|=)[ \t]*$/

/** The spans of code in the sample: outside strings and comments, or inside a template string's `${...}`. */
function codeSpans(pieces: readonly Piece[]): (offset: number) => boolean {
	const strings = pieces.filter(piece => piece.kind !== 'code')
	return offset => {
		const piece = strings.find(p => offset >= p.offset && offset < p.offset + p.text.length)
		if (!piece) return true
		if (piece.kind !== 'string' || !piece.text.startsWith('`')) return false
		const inside = offset - piece.offset
		for (const match of piece.text.matchAll(/\$\{[^}]*\}/g)) {
			const from = match.index ?? 0
			if (inside >= from + 2 && inside < from + match[0].length - 1) return true
		}
		return false
	}
}

/** The fence expressions of the sample (reads and the names they are bound to), and what is wrong with how each is passed. */
export function fenceFlow(code: string, pieces: readonly Piece[]): { problems: FlowProblem[]; names: Set<string> } {
	const isCode = codeSpans(pieces)
	const problems: FlowProblem[] = []
	const names = new Set<string>()
	const uses: { from: number; to: number; text: string }[] = []
	const padded = [...code.matchAll(PADDED_READ)].map(match => ({ from: match.index ?? 0, to: (match.index ?? 0) + match[0].length, text: match[0] }))
	const plain = [...code.matchAll(FENCE_READ)].map(match => ({ from: match.index ?? 0, to: (match.index ?? 0) + match[0].length, text: match[0] })).filter(read => !padded.some(p => read.from >= p.from && read.to <= p.to))
	for (const { from, to, text } of [...padded, ...plain]) {
		if (!isCode(from)) continue
		uses.push({ from, to, text })
		const bound = BOUND_BEFORE.exec(code.slice(Math.max(0, from - 80), from))
		if (bound?.[1] && !['return', 'await'].includes(bound[1])) names.add(bound[1])
	}
	// A name bound to the fence is the fence too, and so is a name bound to that name (a Set's loop takes what is added).
	for (const name of names) {
		for (const match of code.matchAll(new RegExp(`\\b${name}\\b(?:\\.(?:Text|text)\\(\\s*\\))?`, 'g'))) {
			const from = match.index ?? 0
			if (!isCode(from) || /^\s*(?::=|=(?!=))/.test(code.slice(from + match[0].length)) || /\.\s*$/.test(code.slice(0, from))) continue
			uses.push({ from, to: from + match[0].length, text: match[0] })
			const bound = BOUND_BEFORE.exec(code.slice(Math.max(0, from - 80), from))
			if (bound?.[1] && !['return', 'await'].includes(bound[1])) names.add(bound[1])
		}
	}
	// A name bound to the fence is bound once: assigned again, it may hold anything.
	for (const name of names) {
		const assignments = [...code.matchAll(new RegExp(`\\b${name}\\b\\s*(?::=|=(?!=))`, 'g'))].filter(match => isCode(match.index ?? 0) && !/\.\s*$/.test(code.slice(0, match.index ?? 0)))
		const again = assignments[1]
		if (again) problems.push({ offset: again.index ?? 0, message: `the code sample assigns ${name} again, after binding it to the fence, so the checker cannot tell what it holds where it is passed; bind the fence to a name once` })
	}
	problems.push(...bindingProblems(code, isCode, names))
	problems.push(...outsideHold(code, isCode, uses))
	problems.push(...helperProblems(code, isCode, uses, names))
	for (const use of uses) {
		const problem = passProblem(code, use.from, use.to)
		if (problem) problems.push({ offset: use.from, message: `cannot read what the code sample passes as the fence: ${problem}; pass the lease's fence as it is (lease.fence), or as the engine's padded text (fenceText(lease.fence)), where the checker can tell what the database compares` })
	}
	return { problems, names }
}

/** The names the checker takes for the fence without seeing them bound: a guide's `term`, a `fence` made out of view. */
const FREE_FENCE_NAMES = new Set(['fence', 'term'])

/** One place the sample binds a name: a parameter, a destructured property (`{ signal: fence }`), `as fence`, an assignment. */
interface Binding {
	name: string
	offset: number
	/** For a destructured name, the property it takes (`signal` in `{ signal: fence }`, `fence` in `{ fence }`). */
	property?: string
	how: 'parameter' | 'property' | 'as' | 'assignment'
}

/** Every name a parameter list binds, with the properties destructured names take. */
function bindingsOf(list: string, offset: number, how: 'parameter' | 'property'): Binding[] {
	const out: Binding[] = []
	for (const match of list.matchAll(/\{([^{}]*)\}|(?:^|,)\s*&?\s*(?:mut\s+)?([A-Za-z_]\w*)/g)) {
		if (match[1] !== undefined) {
			for (const entry of (match[1] as string).split(',')) {
				const pair = /^\s*([A-Za-z_]\w*)\s*(?::\s*([A-Za-z_]\w*))?/.exec(entry)
				if (pair?.[1]) out.push({ name: pair[2] ?? pair[1], property: pair[1], offset: offset + (match.index ?? 0), how: 'property' })
			}
		} else if (match[2]) out.push({ name: match[2], offset: offset + (match.index ?? 0), how })
	}
	return out
}

/** The places the sample binds names: arrow and Go parameters, Rust closures, Python's `as` and `lambda`, destructuring, assignments. */
function bindingsIn(code: string, isCode: (offset: number) => boolean): Binding[] {
	const out: Binding[] = []
	const add = (list: string | undefined, at: number, how: 'parameter' | 'property') => {
		if (list !== undefined && isCode(at)) out.push(...bindingsOf(list, at, how))
	}
	for (const m of code.matchAll(/(?:\(([^()]*)\)|\b([A-Za-z_]\w*))\s*=>/g)) add(m[1] ?? m[2], m.index ?? 0, 'parameter')
	for (const m of code.matchAll(/\bfunc\s*(?:\([^()]*\)\s*)?(?:[A-Za-z_]\w*\s*)?\(([^()]*)\)/g)) add(m[1], m.index ?? 0, 'parameter')
	for (const m of code.matchAll(/\|([^|\n]+)\|/g)) add(m[1], m.index ?? 0, 'parameter')
	for (const m of code.matchAll(/\blambda\s+([^:]*):/g)) add(m[1], m.index ?? 0, 'parameter')
	for (const m of code.matchAll(/\b(?:const|let|var)\s*(\{[^}]*\})\s*=(?!=)/g)) add(m[1], m.index ?? 0, 'property')
	for (const m of code.matchAll(/\bas\s+([A-Za-z_]\w*)/g)) if (isCode(m.index ?? 0)) out.push({ name: m[1] as string, offset: m.index ?? 0, how: 'as' })
	for (const m of code.matchAll(/\b([A-Za-z_]\w*)\s*(?::=|=(?![=>]))/g)) {
		const at = m.index ?? 0
		if (isCode(at) && !/[.\w]\s*$/.test(code.slice(Math.max(0, at - 1), at)) && !/[{,]\s*$/.test(code.slice(0, at))) out.push({ name: m[1] as string, offset: at, how: 'assignment' })
	}
	return out
}

/**
 * A name the checker would take for the fence (`fence`, `term`) must be bound to it where the sample binds it:
 * assigned from a read of the fence, destructured from the lease's `fence` property (`{ fence }`), or a
 * parameter of a function the sample defines (whose calls are checked). Bound to anything else (`{ signal:
 * fence }`, a hold's callback parameter, which is the lease, Python's `as fence`) it is refused.
 */
function bindingProblems(code: string, isCode: (offset: number) => boolean, names: Set<string>): FlowProblem[] {
	const problems: FlowProblem[] = []
	const helpers = helpersOf(code)
	for (const binding of bindingsIn(code, isCode)) {
		if (API_NAMES.has(binding.name) && (binding.how === 'assignment' || binding.how === 'as')) {
			problems.push({ offset: binding.offset, message: `the code sample binds ${binding.name} to something of its own; the checker reads ${binding.name}(...) as the lock's call, so name it otherwise` })
			continue
		}
		// `{ fence: f }` binds the fence to another name.
		if (binding.how === 'property' && /^fence$/i.test(binding.property ?? '') && binding.name !== binding.property) names.add(binding.name)
		if (!FREE_FENCE_NAMES.has(binding.name)) continue
		if (binding.how === 'assignment' && names.has(binding.name)) continue
		if (binding.how === 'property' && /^fence$/i.test(binding.property ?? '')) continue
		if (binding.how === 'parameter' && helpers.some(helper => binding.offset >= helper.at && binding.offset < helper.end)) continue
		const what = binding.how === 'property' ? `the lease's ${binding.property}` : binding.how === 'assignment' ? 'a value that is not a read of the fence' : binding.how === 'as' ? 'what the with statement gives (the lease)' : 'a parameter of a callback (a hold gives it the lease)'
		problems.push({ offset: binding.offset, message: `the code sample binds ${binding.name} to ${what}, not the lease's fence; take the fence from the lease (lease.fence, or { fence })` })
	}
	return problems
}

/** The names of a hold's call in each client. */
const HOLD_NAMES = ['hold', 'tryHold', 'try_hold', 'Hold', 'TryHold', 'hold_with', 'try_hold_with', 'holdAll', 'hold_all']

/** A call of a hold, in any client. */
export const HOLD_CALL = new RegExp(`\\b(?:${HOLD_NAMES.join('|')})\\s*\\(`, 'g')

/** The calls the checker reads by their names: rebound by the sample, a name says nothing of what it calls. */
const API_NAMES = new Set([...HOLD_NAMES, 'lock', 'Lock', 'semaphore', 'Semaphore'])

/** Where the sample's hold runs its work: inside the hold call's parentheses, or the block under Python's `with ... hold(...):`. */
function holdSpan(code: string, isCode: (offset: number) => boolean): [number, number] | undefined {
	const call = [...code.matchAll(HOLD_CALL)].find(match => isCode(match.index ?? 0))
	if (!call) return undefined
	const at = call.index ?? 0
	const lineStart = code.lastIndexOf('\n', at) + 1
	const lineEnd = code.indexOf('\n', at) < 0 ? code.length : code.indexOf('\n', at)
	const line = code.slice(lineStart, lineEnd)
	if (/^\s*(?:async\s+)?with\b.*:\s*$/.test(line)) {
		const indent = /^\s*/.exec(line)?.[0].length ?? 0
		return [lineStart, blockEnd(code, lineEnd, indent)]
	}
	const open = at + call[0].length - 1
	let depth = 0
	for (let i = open; i < code.length; i++) {
		if (code[i] === '(') depth++
		else if (code[i] === ')' && --depth === 0) return [at, i + 1]
	}
	return [at, code.length]
}

/** The fence is used where the lease is held: passed on after the hold lets go (Python's block ended), it is a write no lease covers. */
function outsideHold(code: string, isCode: (offset: number) => boolean, uses: readonly { from: number }[]): FlowProblem[] {
	const span = holdSpan(code, isCode)
	if (!span) return []
	const helpers = helpersOf(code)
	const bodies = helpers.map(helper => [helper.at, bodyEnd(code, helper)] as const)
	return uses
		.filter(use => (use.from < span[0] || use.from >= span[1]) && !bodies.some(([from, to]) => use.from >= from && use.from < to))
		.slice(0, 1)
		.map(use => ({ offset: use.from, message: "the code sample uses the fence outside its hold, where no lease covers the write (the hold has let go by then); use it inside the hold's function or block" }))
}

/** Where a function the sample defines ends: its braces, its indented block, or an arrow's line. */
function bodyEnd(code: string, helper: Helper): number {
	const rest = code.slice(helper.end)
	const brace = /^[^\n{]*?(\{|:\s*\n)/.exec(rest)
	if (brace?.[1] === '{') {
		let depth = 0
		for (let i = helper.end + (brace.index ?? 0) + brace[0].length - 1; i < code.length; i++) {
			if (code[i] === '{') depth++
			else if (code[i] === '}' && --depth === 0) return i + 1
		}
		return code.length
	}
	const lineStart = code.lastIndexOf('\n', helper.at) + 1
	const indent = /^\s*/.exec(code.slice(lineStart))?.[0].length ?? 0
	const end = code.indexOf('\n', helper.end) < 0 ? code.length : code.indexOf('\n', helper.end)
	return brace?.[1]?.startsWith(':') ? blockEnd(code, end, indent) : end
}

/** The end of the indented block after the line that ends at `lineEnd`: the lines indented deeper than `indent`. */
function blockEnd(code: string, lineEnd: number, indent: number): number {
	let end = lineEnd
	for (let next = lineEnd + 1; next < code.length; ) {
		const stop = code.indexOf('\n', next) < 0 ? code.length : code.indexOf('\n', next)
		const text = code.slice(next, stop)
		if (text.trim() !== '' && (/^\s*/.exec(text)?.[0].length ?? 0) <= indent) break
		end = stop
		next = stop + 1
	}
	return end
}

/** A function the sample defines, and its parameters' names in order. */
interface Helper {
	name: string
	params: string[]
	/** Where its definition's head stands, so its own name is not taken for a call. */
	at: number
	end: number
}

/** Functions the sample defines: `const f = (a, b) =>`, `function f(a, b)`, Python's `def`, Go's `func`, Rust's `fn`. */
const HELPER = /(?:\b(?:const|let|var)\s+([A-Za-z_]\w*)\s*=\s*(?:async\s*)?\(([^()]*)\)\s*(?::[^=]*)?=>|\b(?:async\s+)?(?:function|def|func|fn)\s+([A-Za-z_]\w*)\s*(?:<[^>]*>)?\s*\(([^()]*)\))/g

function helpersOf(code: string): Helper[] {
	return [...code.matchAll(HELPER)].map(match => ({
		name: (match[1] ?? match[3]) as string,
		params: (match[2] ?? match[4] ?? '')
			.split(',')
			.map(param => /^\s*(?:&?\s*(?:mut\s+)?)?([A-Za-z_]\w*)/.exec(param)?.[1] ?? '')
			.filter(param => param !== '' && param !== 'self'),
		at: match.index ?? 0,
		end: (match.index ?? 0) + match[0].length,
	}))
}

/** The arguments of the call whose `(` is at `open`: their texts and where each starts. */
function argumentsAt(code: string, open: number): { text: string; from: number }[] {
	const args: { text: string; from: number }[] = []
	let depth = 0
	let start = open + 1
	for (let i = open + 1; i < code.length; i++) {
		const ch = code[i] as string
		if (ch === '(' || ch === '[' || ch === '{') depth++
		else if (ch === ')' || ch === ']' || ch === '}') {
			if (depth === 0) {
				args.push({ text: code.slice(start, i).trim(), from: start })
				break
			}
			depth--
		} else if (ch === ',' && depth === 0) {
			args.push({ text: code.slice(start, i).trim(), from: start })
			start = i + 1
		}
	}
	return args.filter(arg => arg.text !== '')
}

/**
 * A function the sample defines takes its arguments by place: the fence must go to a parameter that is the
 * fence (named `fence` or `term`), and such a parameter must be given the fence (`write(summary, fence)`
 * called as `write(fence, summary)` compares the summary).
 */
function helperProblems(code: string, isCode: (offset: number) => boolean, uses: readonly { from: number }[], names: ReadonlySet<string>): FlowProblem[] {
	const problems: FlowProblem[] = []
	for (const helper of helpersOf(code)) {
		const fenceAt = helper.params.map((param, i) => (/fence|^term$/i.test(param) ? i : -1)).filter(i => i >= 0)
		if (API_NAMES.has(helper.name)) problems.push({ offset: helper.at, message: `the code sample defines ${helper.name}() of its own; the checker reads ${helper.name} as the lock's call, so name the function otherwise` })
		// A function that takes the fence passes it on: one that drops it writes with no fence at all.
		const body = code.slice(helper.end, bodyEnd(code, helper))
		for (const i of fenceAt) {
			const param = helper.params[i] as string
			if (!new RegExp(`\\b${param}\\b`).test(body)) problems.push({ offset: helper.at, message: `the code sample's ${helper.name}() takes the fence as ${param} and never uses it, so its write carries no fence; pass ${param} on to the write` })
		}
		for (const call of code.matchAll(new RegExp(`\\b${helper.name}\\s*\\(`, 'g'))) {
			const at = call.index ?? 0
			if ((at >= helper.at && at < helper.end) || !isCode(at)) continue
			const args = argumentsAt(code, at + call[0].length - 1)
			for (const [i, arg] of args.entries()) {
				const isFence = isFenceExpression(arg.text, names) || uses.some(use => use.from >= arg.from && use.from < arg.from + arg.text.length)
				const param = helper.params[i]
				if (isFence && param !== undefined && !fenceAt.includes(i)) problems.push({ offset: arg.from, message: `the code sample passes the fence to ${helper.name}() as its parameter ${param}, which is not the fence; pass it where ${helper.name} takes its fence` })
				if (!isFence && fenceAt.includes(i)) problems.push({ offset: arg.from, message: `the code sample passes ${arg.text} to ${helper.name}() as its fence (${param}); pass the lease's fence there` })
			}
		}
	}
	return problems
}

/** What is done to an expression at [from, to) before it is passed, or undefined when it is passed whole. */
function passProblem(code: string, from: number, to: number): string | undefined {
	const after = code.slice(to).replace(/^[ \t]+/, '')
	const next = after[0]
	if (next !== undefined && !/^[),}\];\n]/.test(after)) {
		const what = /^(\.\s*\w+|as\s+\w+|\S+)/.exec(after)?.[0] ?? next
		return `"${what}" after it does something to it first`
	}
	// Rust's borrow passes the value itself: `&fence`, `&mut fence`.
	const head = code.slice(0, from).replace(/[ \t]+$/, '').replace(/(?<!&)&(?:mut[ \t]+)?$/, '').replace(/[ \t]+$/, '')
	const prev = head[head.length - 1]
	if (prev === undefined || prev === '\n') return undefined
	if (prev === '(') {
		const callee = /([A-Za-z_][\w!]*)\s*\($/.exec(head)?.[1]
		if (callee && CONVERSIONS.has(callee.replace(/!$/, ''))) return `${callee}() turns it into another value`
		return undefined
	}
	if (prev === '{' && head.endsWith('${')) return undefined
	if (/[,[{:]/.test(prev)) return undefined
	if (prev === '=' && !/[=!<>]=$/.test(head) && !/==$/.test(head)) return undefined
	if (head.endsWith('=>') || /\breturn$/.test(head)) return undefined
	const word = /(\S+)$/.exec(head)?.[1] ?? prev
	return `"${word}" before it does something to it first`
}

/** A placeholder of SQL in the order it appears: its text and the index of the value it takes (undefined: a name). */
interface Placeholder {
	text: string
	index: number | undefined
}

/** The SQL's placeholders in order, each with the value it takes: `?`, `%s` and `${...}` in turn, `$N` the Nth. */
export function placeholders(sql: string): Placeholder[] {
	let next = 0
	return [...sql.matchAll(/\$\{[^}]*\}|%s|\$\d+|:\w+|\{\w*\}|\?/g)].map(match => {
		const text = match[0]
		if (/^\$\d+$/.test(text)) return { text, index: Number(text.slice(1)) - 1 }
		if (/^(:\w+|\{\w*\})$/.test(text)) return { text, index: undefined }
		return { text, index: next++ }
	})
}

/** The values passed after a string of SQL: a tuple or list right after it, or the rest of the call's arguments. */
export function valuesAfter(code: string, end: number): string[] | undefined {
	const rest = code.slice(end)
	const comma = /^\s*,\s*/.exec(rest)
	if (!comma) return undefined
	let i = comma[0].length
	const open = rest[i] === '(' || rest[i] === '[' ? rest[i] : undefined
	if (open) i++
	const values: string[] = []
	let depth = 0
	let start = i
	for (; i < rest.length; i++) {
		const ch = rest[i] as string
		if (ch === '(' || ch === '[' || ch === '{') depth++
		else if (ch === ')' || ch === ']' || ch === '}') {
			if (depth === 0) break
			depth--
		} else if (ch === ',' && depth === 0) {
			values.push(rest.slice(start, i).trim())
			start = i + 1
		}
	}
	values.push(rest.slice(start, i).trim())
	return values.filter(value => value !== '')
}

/** Whether an expression is the fence: a read of it, a name bound to one, or a free `fence` or `term`, padded or not. */
export function isFenceExpression(text: string, names: ReadonlySet<string>): boolean {
	const bare = text.replace(/\s+/g, '').replace(/^\$\{|\}$/g, '').replace(/^&/, '')
	const inner = /^(?:fenceText|fence_text|FenceText)\((.*)\)$/.exec(bare)?.[1] ?? bare.replace(/\.(?:Text|text)\(\)$/, '')
	return /^lease\.(?:fence|Fence)(?:\(\))?$/.test(inner) || names.has(inner) || /^(fence|term)$/.test(inner)
}

/** Where an offset of the sample stands. */
export type PositionAt = (offset: number) => Position
