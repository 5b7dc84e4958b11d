/**
 * A scene's code sample compiled into the program its workers run: TypeScript turned into
 * JavaScript by Sucrase (which keeps every line where it was), read by Acorn to refuse what a
 * sample may not do (import, comment, name what its prelude does not declare), and given a guard
 * before every statement, which tells the worker's process the line it is at and stops a sample
 * that spins rather than hanging the build or the page. Runs in Node at build and in the browser on a reader's edit; nothing here
 * reads the sample for what it means.
 */
import { FLOAT, TICK } from './guard.ts'
import { Parser, type Node as AcornNode } from 'acorn'
import { transform } from 'sucrase'

/** A sample ready to load: JavaScript with the guards in, line for line the sample's, and the prelude's names it uses. */
export interface CompiledSample {
	js: string
	names: string[]
	/**
	 * Each statement the guard stands before, by the id its guard passes (`__tick(line, id)`): its line, the names it calls
	 * itself (not in a statement or function inside it: `rebuildIndex` of `await rebuildIndex(id)`, `hold` of a hold; and a
	 * name it declares with a call's value, which that call makes), the other names it uses, and
	 * whether it is in the body of a function the code gives a lock to hold (`.hold(key, async lease => { ... })`).
	 */
	statements?: SampleStatement[]
}

/** A statement of a compiled sample, for what ran to be told by the calls each statement made. */
export interface SampleStatement {
	line: number
	calls: string[]
	/** The other names it uses itself (its variables, arguments, properties): no call. */
	names: string[]
	/** The names it calls only in a part that may not run (a `?:` arm, after `&&`, `||` or `??`, an optional call `f?.()`, a default): the run does not record whether those ran. */
	maybe?: string[]
	held: boolean
	/** The calls it makes itself, each with what it passes, argument by argument (a tagged template: its values): a string's text, a name, the name of a call whose value it passes; `{}` for anything else. */
	given?: { call: string; args: GivenArgument[] }[]
	/** The names it declares with a call's value (`const draft = await summarize(history)`): what that call made. */
	made?: string[]
	/** The names it declares (`const draft = 'draft'`, `let report = tenantId`, a parameter of a function in it): the sample's own, not its prelude's. */
	declares?: string[]
	/**
	 * Each value it gives a name itself (a declaration's `= value`, an assignment `name = value`), as written (`GivenArgument`),
	 * in its order: `unsure` when the run cannot tell whether or when it took place (on a condition, in a loop's test or update,
	 * a `+=` or `++`, a pattern taken apart, a declaration with no value), so what the name holds after it is not known.
	 */
	assigns?: Assignment[]
	/** The statement after it in its block (an index of the statements): once that began, this one was done. */
	next?: number
	/** It may leave its block before the statement after it begins: a `return`, `throw`, `break` or `continue` in it (not in a function, loop or switch of its own). */
	exits?: true
	/** It awaits itself (not in a statement or function inside it, nor in a part that may not run): what does a piece of work, where a method of a built-in value (`chatId.trim()`) does none. */
	awaits?: true
	/** It reads a property by a computed name itself (`s['abort' + 'ed']`, `lease[key]`; a number's index, `rows[0]`, is none): what it reads, the names it uses do not tell. */
	computed?: true
	/** The names it binds to a lease's `signal` or `lost` under another name (`{ signal: s }`, `const s = lease.signal`), anywhere in it: reading them reads the lease's state. */
	aliases?: string[]
}

/** A value a statement gives a name (`SampleStatement.assigns`). */
export interface Assignment {
	name: string
	value: GivenArgument
	unsure?: true
	/** Its value is awaited (`draft = await makeDraft(notes)`): the name has it once the statement is done, not when it begins. */
	awaits?: true
	/**
	 * The sample declares the name more than once (in a function of its own, a block, a parameter): the run, which follows
	 * names and not their scopes, cannot tell which of them this value went to, nor which one a statement that uses the name reads.
	 */
	shadowed?: true
}

/** What a call is given as one argument, as written: a string's text (`'draft'`), a name (`draft`), a call's value (`await summarize(id)`), or something else (`{}`). */
export type GivenArgument = { text: string } | { name: string } | { call: string; /** A call of the sample's own function whose value no call made: why (what it returns). */ unmade?: string } | Record<string, never>

/** Where a sample went wrong (1-based, in the sample's own lines and columns) and what was expected. */
interface SampleProblem {
	line: number
	column: number
	message: string
}

export type CompileResult = { ok: true; sample: CompiledSample } | { ok: false; problems: SampleProblem[] }


/** JavaScript's own names a sample may use beside its prelude's: values and pure functions, nothing that reaches out. */
export const LANGUAGE_NAMES: ReadonlySet<string> = new Set([
	'undefined', 'NaN', 'Infinity', 'Math', 'JSON', 'String', 'Number', 'BigInt', 'Boolean', 'Array', 'Object', 'Promise',
	'Map', 'Set', 'Symbol', 'Error', 'TypeError', 'RangeError', 'AbortSignal', 'AbortController', 'parseInt', 'parseFloat',
	'isNaN', 'isFinite',
])

/**
 * JavaScript's names the run gives its own value of, so every run of a scene is the same: `Math`,
 * whose `random` is seeded, and `AbortSignal`, whose `timeout` runs on the scene's clock.
 */
const RUN_GIVES: ReadonlySet<string> = new Set(['Math', 'AbortSignal'])

/** Compiles a sample against the names its prelude declares; a problem is told at its line and column with what was expected. */
export function compileSample(source: string, declared: ReadonlySet<string>): CompileResult {
	// JavaScript ends a line at U+2028, U+2029 and a lone carriage return too; the scene's lines end at a line feed only,
	// so every line after one would be lit one line off.
	const breaks = [...source.matchAll(/\u2028|\u2029|\r(?!\n)/g)]
	if (breaks.length > 0) {
		return {
			ok: false,
			problems: breaks.map(found => {
				const before = source.slice(0, found.index)
				const line = before.split('\n').length
				const column = found.index - before.lastIndexOf('\n')
				const name = found[0] === '\r' ? 'a carriage return' : `U+${found[0].codePointAt(0)!.toString(16).toUpperCase()}`
				return { line, column, message: `${name} inside a line of the code sample, which JavaScript reads as a line break and the scene does not: end the line with a line feed, or write it as an escape in a string` }
			}),
		}
	}
	let js: string
	try {
		js = transform(source, { transforms: ['typescript'], disableESTransforms: true }).code
	} catch (error) {
		return { ok: false, problems: [syntaxProblem(error, 'does not compile as TypeScript')] }
	}
	let program: AcornNode
	const comments: SampleProblem[] = []
	try {
		program = Parser.parse(js, {
			ecmaVersion: 'latest',
			sourceType: 'module',
			allowAwaitOutsideFunction: true,
			// The sample is the body of the program each worker runs: it may return early.
			allowReturnOutsideFunction: true,
			locations: true,
			// A comment is prose beside the picture that nothing checks: the page's prose or a caption says it, where it is checked.
			onComment: (_block, _text, _start, _end, startLoc) => {
				if (startLoc) comments.push({ line: startLoc.line, column: startLoc.column + 1, message: "a comment in the code sample is prose no one checks; say it in the page's prose around the scene, or in a caption, where it is checked" })
			},
		})
	} catch (error) {
		return { ok: false, problems: [syntaxProblem(error, 'does not parse')] }
	}
	const problems = [...comments, ...refusals(program, declared)].sort((a, b) => a.line - b.line || a.column - b.column)
	if (problems.length > 0) return { ok: false, problems }
	const names = [...freeNames(program).keys()].filter(name => !LANGUAGE_NAMES.has(name) || RUN_GIVES.has(name)).sort()
	const statements: SampleStatement[] = []
	const twice = declaredTwice(program as unknown as Located)
	ownFunctions = functionsOf(program as unknown as Located, twice)
	try {
		return { ok: true, sample: { js: withGuards(js, program, statements, twice), names, statements } }
	} finally {
		ownFunctions = new Map()
	}
}

function syntaxProblem(error: unknown, what: string): SampleProblem {
	const message = error instanceof Error ? error.message : String(error)
	// Sucrase ends its message with "(LINE:COL)" (column 0-based); Acorn gives `loc`.
	const loc = (error as { loc?: { line: number; column: number } }).loc
	const place = /\((\d+):(\d+)\)\s*$/.exec(message)
	const line = loc?.line ?? (place ? Number(place[1]) : 1)
	const column = (loc?.column ?? (place ? Number(place[2]) : 0)) + 1
	return { line, column, message: `the code sample ${what}: ${message.replace(/\s*\(\d+:\d+\)\s*$/, '')}` }
}

interface Located {
	type: string
	start: number
	end: number
	loc?: { start: { line: number; column: number } }
	[field: string]: unknown
}

const at = (node: Located, message: string): SampleProblem => ({ line: node.loc?.start.line ?? 1, column: (node.loc?.start.column ?? 0) + 1, message })

/** What a sample may not do: import, export, reach `import.meta`, or name what neither its prelude nor JavaScript's values declare. */
function refusals(program: AcornNode, declared: ReadonlySet<string>): SampleProblem[] {
	const problems: SampleProblem[] = []
	visit(program as unknown as Located, node => {
		// The compiled program's own names start with two underscores: a sample that declared one would switch off its guard.
		if (node.type === 'Identifier' && (node['name'] as string).startsWith('__')) {
			problems.push(at(node, `names starting with two underscores are the compiled program's own; call it something else than "${node['name'] as string}"`))
		}
		// A regular expression can backtrack for minutes in one statement, past every guard; a sample has no text to search.
		if (node.type === 'Literal' && node['regex'] !== undefined) problems.push(at(node, 'the code sample has no text to search: a regular expression is refused (one can run for minutes in a single statement)'))
		// A statement that is only a value does nothing: it is prose beside the picture that nothing checks, as a comment is.
		if (node.type === 'ExpressionStatement' && ['Literal', 'TemplateLiteral'].includes((node['expression'] as Located).type)) {
			problems.push(at(node, "a statement that is only a value does nothing: it is prose no one checks; say it in the page's prose around the scene, or in a caption"))
		}
		const importMeta = node.type === 'MetaProperty' && (node['meta'] as Located)['name'] === 'import'
		if (node.type === 'ImportDeclaration' || node.type === 'ImportExpression' || importMeta) {
			problems.push(at(node, "the code sample imports nothing: its names come from the scene's prelude (the authors page lists them)"))
		} else if (node.type.startsWith('Export')) {
			problems.push(at(node, 'the code sample exports nothing: it is the program each worker runs'))
		}
	})
	for (const [name, node] of freeNames(program)) {
		if (declared.has(name) || LANGUAGE_NAMES.has(name)) continue
		problems.push(at(node, `the code sample names "${name}", which its prelude does not declare; it may use ${[...declared].sort().join(', ')}`))
	}
	return problems.sort((a, b) => a.line - b.line || a.column - b.column)
}

/** Calls `fn` on every node of the tree, parents first. */
function visit(node: Located, fn: (node: Located) => void): void {
	fn(node)
	for (const [key, value] of Object.entries(node)) {
		if (key === 'loc') continue
		if (Array.isArray(value)) {
			for (const child of value) if (isNode(child)) visit(child, fn)
		} else if (isNode(value)) visit(value, fn)
	}
}

function isNode(value: unknown): value is Located {
	return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
}

/**
 * The names a program uses without declaring them, each with its first use. Scopes are functions,
 * blocks, catch clauses and loop heads; a declaration counts anywhere in its scope (hoisting and the
 * temporal dead zone are the engine's business, not this check's).
 */
function freeNames(program: AcornNode): Map<string, Located> {
	const free = new Map<string, Located>()
	const walk = (node: Located, scopes: Set<string>[]): void => {
		switch (node.type) {
			case 'Identifier': {
				const name = node['name'] as string
				if (!scopes.some(scope => scope.has(name)) && !free.has(name)) free.set(name, node)
				return
			}
			case 'FunctionDeclaration':
			case 'FunctionExpression':
			case 'ArrowFunctionExpression': {
				const scope = new Set<string>(['arguments'])
				if (node.type === 'FunctionExpression' && node['id']) scope.add((node['id'] as Located)['name'] as string)
				const params = node['params'] as Located[]
				for (const param of params) bindingNames(param, scope)
				const body = node['body'] as Located
				if (body.type === 'BlockStatement') declareIn(body['body'] as Located[], scope, true)
				const inner = [...scopes, scope]
				for (const param of params) walkPattern(param, inner)
				if (body.type === 'BlockStatement') for (const statement of body['body'] as Located[]) walk(statement, inner)
				else walk(body, inner)
				return
			}
			case 'ClassDeclaration':
			case 'ClassExpression': {
				const scope = new Set<string>()
				if (node['id']) scope.add((node['id'] as Located)['name'] as string)
				if (node['superClass']) walk(node['superClass'] as Located, scopes)
				walk(node['body'] as Located, [...scopes, scope])
				return
			}
			case 'Program':
			case 'BlockStatement':
			case 'StaticBlock': {
				const scope = new Set<string>()
				declareIn(node['body'] as Located[], scope, node.type === 'Program')
				for (const statement of node['body'] as Located[]) walk(statement, [...scopes, scope])
				return
			}
			case 'ForStatement':
			case 'ForInStatement':
			case 'ForOfStatement': {
				const scope = new Set<string>()
				const head = (node['init'] ?? node['left']) as Located | null
				if (head?.type === 'VariableDeclaration') for (const d of head['declarations'] as Located[]) bindingNames(d['id'] as Located, scope)
				const inner = [...scopes, scope]
				for (const key of ['init', 'test', 'update', 'left', 'right', 'body']) {
					const child = node[key] as Located | null | undefined
					if (child) walk(child, inner)
				}
				return
			}
			case 'CatchClause': {
				const scope = new Set<string>()
				if (node['param']) bindingNames(node['param'] as Located, scope)
				walk(node['body'] as Located, [...scopes, scope])
				return
			}
			case 'VariableDeclarator':
				walkPattern(node['id'] as Located, scopes)
				if (node['init']) walk(node['init'] as Located, scopes)
				return
			case 'MemberExpression':
				walk(node['object'] as Located, scopes)
				if (node['computed']) walk(node['property'] as Located, scopes)
				return
			case 'Property':
			case 'MethodDefinition':
			case 'PropertyDefinition':
				if (node['computed']) walk(node['key'] as Located, scopes)
				else if (node.type === 'Property' && node['shorthand']) walk(node['value'] as Located, scopes)
				if (node['value'] && !(node.type === 'Property' && node['shorthand'])) walk(node['value'] as Located, scopes)
				return
			case 'LabeledStatement':
				walk(node['body'] as Located, scopes)
				return
			case 'BreakStatement':
			case 'ContinueStatement':
				return
		}
		for (const [key, value] of Object.entries(node)) {
			if (key === 'loc') continue
			if (Array.isArray(value)) {
				for (const child of value) if (isNode(child)) walk(child, scopes)
			} else if (isNode(value)) walk(value, scopes)
		}
	}
	// A pattern's defaults and computed keys are uses; its bound names are not.
	const walkPattern = (pattern: Located, scopes: Set<string>[]): void => {
		switch (pattern.type) {
			case 'Identifier':
				return
			case 'AssignmentPattern':
				walkPattern(pattern['left'] as Located, scopes)
				walk(pattern['right'] as Located, scopes)
				return
			case 'RestElement':
				walkPattern(pattern['argument'] as Located, scopes)
				return
			case 'ArrayPattern':
				for (const element of pattern['elements'] as (Located | null)[]) if (element) walkPattern(element, scopes)
				return
			case 'ObjectPattern':
				for (const property of pattern['properties'] as Located[]) {
					if (property.type === 'RestElement') walkPattern(property, scopes)
					else {
						if (property['computed']) walk(property['key'] as Located, scopes)
						walkPattern(property['value'] as Located, scopes)
					}
				}
				return
			default:
				// An assignment's target (`a.b = 1`, `x = 1`) is a use of what it names.
				walk(pattern, scopes)
		}
	}
	walk(program as unknown as Located, [])
	return free
}

/** The names the sample declares more than once: in two declarations, functions, classes, parameters or catch clauses anywhere in it. */
function declaredTwice(program: Located): Set<string> {
	const count = new Map<string, number>()
	const add = (pattern: Located | null | undefined): void => {
		if (!pattern) return
		const names = new Set<string>()
		bindingNames(pattern, names)
		for (const name of names) count.set(name, (count.get(name) ?? 0) + 1)
	}
	visit(program, at => {
		if (at.type === 'VariableDeclarator') add(at['id'] as Located)
		if (at.type === 'FunctionDeclaration' || at.type === 'FunctionExpression' || at.type === 'ArrowFunctionExpression') {
			if (at.type === 'FunctionDeclaration') add(at['id'] as Located)
			for (const param of at['params'] as Located[]) add(param)
		}
		if (at.type === 'ClassDeclaration') add(at['id'] as Located)
		if (at.type === 'CatchClause') add(at['param'] as Located | null)
	})
	return new Set([...count].filter(([, n]) => n > 1).map(([name]) => name))
}

/** The names a list of statements declares in its scope: `let`, `const`, classes and functions; with `functionScope`, `var` anywhere below too. */
function declareIn(statements: Located[], scope: Set<string>, functionScope: boolean): void {
	for (const statement of statements) {
		if (statement.type === 'VariableDeclaration') {
			for (const d of statement['declarations'] as Located[]) bindingNames(d['id'] as Located, scope)
		} else if ((statement.type === 'FunctionDeclaration' || statement.type === 'ClassDeclaration') && statement['id']) {
			scope.add((statement['id'] as Located)['name'] as string)
		}
	}
	if (functionScope) for (const statement of statements) varsBelow(statement, scope)
}

/** `var` declarations inside nested blocks (not nested functions), which belong to the function's scope. */
function varsBelow(node: Located, scope: Set<string>): void {
	if (node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression') return
	if (node.type === 'VariableDeclaration' && node['kind'] === 'var') for (const d of node['declarations'] as Located[]) bindingNames(d['id'] as Located, scope)
	for (const [key, value] of Object.entries(node)) {
		if (key === 'loc') continue
		if (Array.isArray(value)) {
			for (const child of value) if (isNode(child)) varsBelow(child, scope)
		} else if (isNode(value)) varsBelow(value, scope)
	}
}

function bindingNames(pattern: Located, scope: Set<string>): void {
	switch (pattern.type) {
		case 'Identifier':
			scope.add(pattern['name'] as string)
			return
		case 'AssignmentPattern':
			bindingNames(pattern['left'] as Located, scope)
			return
		case 'RestElement':
			bindingNames(pattern['argument'] as Located, scope)
			return
		case 'ArrayPattern':
			for (const element of pattern['elements'] as (Located | null)[]) if (element) bindingNames(element, scope)
			return
		case 'ObjectPattern':
			for (const property of pattern['properties'] as Located[]) bindingNames(property.type === 'RestElement' ? property : (property['value'] as Located), scope)
			return
	}
}

/**
 * The code with a call of the guard before every statement, in every loop body and at the start of
 * every function, carrying the line it stands on: the worker's process counts the calls (a sample
 * that spins is stopped) and knows the line its code is at, as a statement-stepping debugger does.
 * Text is put in at offsets, never a new line, so the program's lines stay the sample's.
 */
function withGuards(js: string, program: AcornNode, statements: SampleStatement[] = [], twice: ReadonlySet<string> = new Set()): string {
	/** One insertion: where, what, whether it closes a construct, and the depth of the node that made it. */
	const edits: { at: number; text: string; closing: boolean; depth: number }[] = []
	/** Whether the walk is in the body of a function given to a hold. */
	let held = false
	/** The names of the sample's functions given to a hold by name (`hold(key, job)`): their bodies are held too. */
	const heldNames = namesGivenToHold(program as unknown as Located)
	const guard = (node: Located): string => {
		const line = lineOf(node)
		const { calls, names, maybe, given, made, computed } = callsOf(node)
		const aliases = aliasesIn(node)
		const declares = [...(node.type === 'VariableDeclaration' ? (node['declarations'] as Located[]).map(declarator => nameOf(declarator['id'])).filter(Boolean) : []), ...parametersIn(node)]
		const assigns = assignmentsOf(node).map(one => (twice.has(one.name) ? { ...one, shadowed: true as const } : one))
		statements.push({ line, calls, names, ...(maybe.length > 0 ? { maybe } : {}), held, ...(given.length > 0 ? { given } : {}), ...(made.length > 0 ? { made } : {}), ...(declares.length > 0 ? { declares } : {}), ...(assigns.length > 0 ? { assigns } : {}), ...(mayLeave(node) ? { exits: true as const } : {}), ...(awaitsItself(node) ? { awaits: true as const } : {}), ...(computed ? { computed: true as const } : {}), ...(aliases.length > 0 ? { aliases } : {}) })
		return `${TICK}(${line},${statements.length - 1});`
	}
	const lineOf = (node: Located): number => node.loc?.start.line ?? 1
	const wrap = (node: Located, depth: number, open: string, close: string): void => {
		edits.push({ at: node.start, text: open, closing: false, depth })
		edits.push({ at: node.end, text: close, closing: true, depth })
	}
	const walk = (node: Located, depth: number): void => {
		switch (node.type) {
			case 'ExpressionStatement': {
				// A call made as a statement leaves its value unawaited: a promise of it that fails must be told, not left unhandled.
				const expression = node['expression'] as Located
				if (expression.type === 'CallExpression' || expression.type === 'NewExpression' || expression.type === 'TaggedTemplateExpression') wrap(expression, depth + 1, `${FLOAT}(`, ')')
				break
			}
			case 'Program':
			case 'BlockStatement':
			case 'StaticBlock':
			case 'SwitchCase':
				for (const [k, statement] of (node[node.type === 'SwitchCase' ? 'consequent' : 'body'] as Located[]).entries()) {
					edits.push({ at: statement.start, text: guard(statement), closing: false, depth: depth + 1 })
					// The statement before it in the block is done once this one begins.
					if (k > 0) (statements[statements.length - 2] as SampleStatement).next = statements.length - 1
				}
				break
			case 'IfStatement':
				// A branch of one statement becomes a block that passes the guard: whether its call ran is then recorded, even on the if's own line.
				for (const branch of [node['consequent'], node['alternate']] as (Located | null)[]) {
					if (branch && branch.type !== 'BlockStatement' && branch.type !== 'IfStatement') wrap(branch, depth + 1, `{${guard(branch)}`, '}')
				}
				break
			case 'WhileStatement':
			case 'DoWhileStatement':
			case 'ForStatement':
			case 'ForInStatement':
			case 'ForOfStatement': {
				// A loop's single statement becomes a block, so each turn passes the guard.
				const body = node['body'] as Located
				if (body.type !== 'BlockStatement') wrap(body, depth + 1, `{${guard(body)}`, '}')
				break
			}
			case 'ArrowFunctionExpression': {
				const body = node['body'] as Located
				if (body.type !== 'BlockStatement') wrap(body, depth + 1, `(${guard(body).slice(0, -1)}, `, ')')
				break
			}
		}
		const holds = node.type === 'CallExpression' && calleeName(node['callee'] as Located) !== undefined && /^(?:hold|tryHold)$/.test(calleeName(node['callee'] as Located) as string) && (node['callee'] as Located).type === 'MemberExpression'
		for (const [key, value] of Object.entries(node)) {
			if (key === 'loc') continue
			const was = held
			if (holds && key === 'arguments') held = true
			if (key === 'init' && node.type === 'VariableDeclarator' && heldNames.has(nameOf(node['id'])) && isFunction(value)) held = true
			if (key === 'body' && node.type === 'FunctionDeclaration' && heldNames.has(nameOf(node['id']))) held = true
			if (Array.isArray(value)) {
				for (const child of value) if (isNode(child)) walk(child, depth + 1)
			} else if (isNode(value)) walk(value, depth + 1)
			held = was
		}
	}
	walk(program as unknown as Located, 0)
	// At one offset the text must read: what closes, innermost first, then what opens, outermost first.
	// Edits go in from the end, and at one offset each goes in before the ones already in: so the reverse.
	const order = (edit: { closing: boolean; depth: number }): number => (edit.closing ? -edit.depth : 1_000_000 + edit.depth)
	edits.sort((a, b) => b.at - a.at || order(b) - order(a))
	let out = js
	for (const edit of edits) out = out.slice(0, edit.at) + edit.text + out.slice(edit.at)
	return out
}

/** The name a call's callee ends in: `rebuildIndex` of `rebuildIndex(id)`, `exec` of db.exec`...`, `hold` of `store.hold(...)`. */
/** An identifier's name, else ''. */
function nameOf(node: unknown): string {
	return isNode(node) && node.type === 'Identifier' ? (node['name'] as string) : ''
}

function isFunction(node: unknown): boolean {
	return isNode(node) && (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression')
}

/** The names passed as the function of a `.hold(key, fn)` or `.tryHold(key, fn)` anywhere in the program. */
function namesGivenToHold(program: Located): Set<string> {
	const names = new Set<string>()
	visit(program, node => {
		if (node.type === 'CallExpression') {
			const callee = node['callee'] as Located
			const name = calleeName(callee)
			const given = (node['arguments'] as Located[])[1]
			if (callee.type === 'MemberExpression' && name !== undefined && /^(?:hold|tryHold)$/.test(name) && nameOf(given) !== '') names.add(nameOf(given))
		}
	})
	return names
}

function calleeName(callee: Located): string | undefined {
	if (callee.type === 'Identifier') return callee['name'] as string
	if (callee.type === 'MemberExpression' && !(callee['computed'] as boolean)) return calleeName(callee['property'] as Located)
	return undefined
}

/**
 * Whether a statement may leave its block before the next one begins: a `return` or `throw` in it (not in a function of its own),
 * a `break` or `continue` not caught by a loop or switch inside it (a labeled one always counts).
 */
function mayLeave(node: Located): boolean {
	const visit = (at: Located, inLoop: boolean, inSwitch: boolean, top: boolean): boolean => {
		if (!top && (at.type === 'FunctionExpression' || at.type === 'ArrowFunctionExpression' || at.type === 'FunctionDeclaration' || at.type === 'ClassDeclaration' || at.type === 'ClassExpression')) return false
		if (at.type === 'ReturnStatement' || at.type === 'ThrowStatement') return true
		if (at.type === 'BreakStatement') return at['label'] != null || !(inLoop || inSwitch)
		if (at.type === 'ContinueStatement') return at['label'] != null || !inLoop
		const loop = inLoop || /^(?:While|DoWhile|For|ForIn|ForOf)Statement$/.test(at.type)
		const swtch = inSwitch || at.type === 'SwitchStatement'
		for (const [key, value] of Object.entries(at)) {
			if (key === 'loc') continue
			if (Array.isArray(value)) {
				for (const child of value) if (isNode(child) && visit(child, loop, swtch, false)) return true
			} else if (isNode(value) && visit(value, loop, swtch, false)) return true
		}
		return false
	}
	return visit(node, false, false, true)
}

/** The names a statement (or an arrow's expression body) calls itself: not in a statement or function inside it, which have their own. */
function callsOf(node: Located): { calls: string[]; names: string[]; maybe: string[]; given: { call: string; args: GivenArgument[] }[]; made: string[]; computed: boolean } {
	let computed = false
	const out: string[] = []
	const given: { call: string; args: GivenArgument[] }[] = []
	const made: string[] = []
	const maybe: string[] = []
	const names = new Set<string>()
	// A part that runs only on a condition: a `?:` arm, the right of `&&`, `||`, `??` (and `&&=`, `||=`, `??=`), a default value.
	const conditional = (at: Located, key: string): boolean =>
		(at.type === 'ConditionalExpression' && (key === 'consequent' || key === 'alternate')) ||
		(at.type === 'LogicalExpression' && key === 'right') ||
		(at.type === 'AssignmentExpression' && key === 'right' && ['&&=', '||=', '??='].includes(at['operator'] as string)) ||
		(at.type === 'AssignmentPattern' && key === 'right')
	const visit = (at: Located, top: boolean, maybeRuns: boolean): void => {
		if (!top && (/Statement$|Declaration$/.test(at.type) && at.type !== 'VariableDeclaration' || at.type === 'FunctionExpression' || at.type === 'ArrowFunctionExpression')) return
		if (at.type === 'Identifier') names.add(at['name'] as string)
		// A property read by a computed name (not a number's index): the names it uses do not tell what it reads.
		if ((at.type === 'MemberExpression' || at.type === 'Property') && at['computed'] === true && !((at[at.type === 'Property' ? 'key' : 'property'] as Located).type === 'Literal' && typeof (at[at.type === 'Property' ? 'key' : 'property'] as Located)['value'] === 'number')) computed = true
		// An optional call (`f?.()`, `a?.b()`) runs only where what it calls is there.
		const callee = at.type === 'CallExpression' ? (at['callee'] as Located) : undefined
		const optional = maybeRuns || (at.type === 'CallExpression' && (at['optional'] === true || (callee?.type === 'MemberExpression' && callee['optional'] === true)))
		if (at.type === 'CallExpression' || at.type === 'NewExpression') {
			const name = calleeName(at['callee'] as Located)
			if (name !== undefined) (optional ? maybe : out).push(name)
			if (name !== undefined && !optional) given.push({ call: name, args: (at['arguments'] as Located[]).map(argumentShape) })
		} else if (at.type === 'TaggedTemplateExpression') {
			const name = calleeName(at['tag'] as Located)
			if (name !== undefined) (maybeRuns ? maybe : out).push(name)
			if (name !== undefined && !maybeRuns) given.push({ call: name, args: ((at['quasi'] as Located)['expressions'] as Located[]).map(argumentShape) })
		}
		for (const [key, value] of Object.entries(at)) {
			if (key === 'loc') continue
			const below = optional || conditional(at, key)
			if (Array.isArray(value)) {
				for (const child of value) if (isNode(child)) visit(child, false, below)
			} else if (isNode(value)) visit(value, false, below)
		}
	}
	visit(node, true, false)
	// A name declared with a call's value is what that call makes: it tells the statement's work as its call's name does (`const report = await make()`).
	if (out.length > 0 && node.type === 'VariableDeclaration') {
		for (const declarator of node['declarations'] as Located[]) {
			if ((declarator['id'] as Located).type !== 'Identifier') continue
			const name = (declarator['id'] as Located)['name'] as string
			out.push(name)
			if ('call' in argumentShape(declarator['init'] as Located)) made.push(name)
		}
	}
	return { calls: out, names: [...names].filter(name => !out.includes(name) && !maybe.includes(name)), maybe: [...new Set(maybe)].filter(name => !out.includes(name)), given, made, computed }
}

/** The words of a lease's state a name bound to it under another name aliases. */
const LEASE_STATE_PROPERTIES = new Set(['signal', 'lost'])

/**
 * The names a statement binds to a lease's `signal` or `lost` under another name, anywhere in it (a hold's function's parameter too):
 * a pattern's `signal: s` (or a computed key, which may be either), a declaration `const s = lease.signal`.
 */
function aliasesIn(node: Located): string[] {
	const found = new Set<string>()
	const bound = (pattern: unknown): string[] => {
		const names: string[] = []
		if (isNode(pattern)) visit(pattern, at => { if (at.type === 'Identifier') names.push(at['name'] as string) })
		return names
	}
	visit(node, at => {
		if (at.type === 'ObjectPattern') {
			for (const property of at['properties'] as Located[]) {
				if (property.type !== 'Property') continue
				const key = property['key'] as Located
				const value = property['value'] as Located
				const named = property['computed'] !== true && key.type === 'Identifier' ? (key['name'] as string) : undefined
				if (named !== undefined && !LEASE_STATE_PROPERTIES.has(named)) continue
				const inner = value.type === 'AssignmentPattern' ? (value['left'] as Located) : value
				if (named !== undefined && inner.type === 'Identifier' && inner['name'] === named) continue
				for (const name of bound(inner)) found.add(name)
			}
		}
		if (at.type === 'VariableDeclarator' || at.type === 'AssignmentExpression') {
			const init = at[at.type === 'VariableDeclarator' ? 'init' : 'right'] as Located | null
			const target = at[at.type === 'VariableDeclarator' ? 'id' : 'left'] as Located
			const read = init?.type === 'AwaitExpression' ? (init['argument'] as Located) : init
			if (read?.type === 'MemberExpression' && read['computed'] !== true && LEASE_STATE_PROPERTIES.has(((read['property'] as Located)['name'] as string) ?? '') && target.type === 'Identifier') found.add(target['name'] as string)
		}
	})
	return [...found]
}

/**
 * The values a statement gives names itself (not in a statement or function inside it, which have their own guard): a
 * declarator's, an assignment's. One the run cannot place (`Assignment.unsure`): in a part that runs on a condition, in a
 * loop's head (its test and update run again after its guard), with another operator than `=`, `++` or `--`, a pattern.
 */
function assignmentsOf(node: Located): Assignment[] {
	const out: Assignment[] = []
	const give = (target: Located, value: GivenArgument, unsure: boolean, from?: Located | null): void => {
		if (target.type === 'Identifier') out.push({ name: target['name'] as string, value, ...(unsure ? { unsure: true as const } : {}), ...(from && awaitsIn(from) ? { awaits: true as const } : {}) })
		else {
			const names = new Set<string>()
			bindingNames(target, names)
			for (const name of names) out.push({ name, value: {}, unsure: true })
		}
	}
	const visit = (at: Located, top: boolean, unsure: boolean): void => {
		if (!top && (/Statement$|Declaration$/.test(at.type) && at.type !== 'VariableDeclaration' || at.type === 'FunctionExpression' || at.type === 'ArrowFunctionExpression' || at.type === 'ClassExpression')) return
		if (at.type === 'VariableDeclarator') give(at['id'] as Located, at['init'] ? argumentShape(at['init'] as Located) : {}, unsure || !at['init'], at['init'] as Located | null)
		else if (at.type === 'AssignmentExpression') give(at['left'] as Located, at['operator'] === '=' ? argumentShape(at['right'] as Located) : {}, unsure || at['operator'] !== '=', at['right'] as Located)
		else if (at.type === 'UpdateExpression') give(at['argument'] as Located, {}, true)
		for (const [key, value] of Object.entries(at)) {
			if (key === 'loc') continue
			const below =
				unsure ||
				(at.type === 'ConditionalExpression' && (key === 'consequent' || key === 'alternate')) ||
				(at.type === 'LogicalExpression' && key === 'right') ||
				(at.type === 'AssignmentExpression' && key === 'right' && at['operator'] !== '=') ||
				(at.type === 'AssignmentPattern' && key === 'right') ||
				(/^(?:For|ForIn|ForOf|While|DoWhile)Statement$/.test(at.type) && key !== 'body') ||
				(at.type === 'ChainExpression') ||
				(at.type === 'CallExpression' && at['optional'] === true)
			if (Array.isArray(value)) {
				for (const child of value) if (isNode(child)) visit(child, false, below)
			} else if (isNode(value)) visit(value, false, below)
		}
	}
	visit(node, true, false)
	return out
}

/**
 * Whether a statement awaits itself: an `await` in it, not in a statement or function inside it (which have their own guard), nor in a part
 * that runs only on a condition (a `?:` arm, the right of `&&`, `||`, `??`, a default), whose running the run does not record.
 */
function awaitsItself(node: Located): boolean {
	const visit = (at: Located, top: boolean): boolean => {
		if (!top && ((/Statement$|Declaration$/.test(at.type) && at.type !== 'VariableDeclaration') || at.type === 'FunctionExpression' || at.type === 'ArrowFunctionExpression' || at.type === 'ClassExpression')) return false
		if (at.type === 'AwaitExpression') return true
		for (const [key, value] of Object.entries(at)) {
			if (key === 'loc') continue
			if ((at.type === 'ConditionalExpression' && (key === 'consequent' || key === 'alternate')) || (at.type === 'LogicalExpression' && key === 'right') || (at.type === 'AssignmentPattern' && key === 'right') || at.type === 'ChainExpression') continue
			if (Array.isArray(value) ? value.some(child => isNode(child) && visit(child, false)) : isNode(value) && visit(value, false)) return true
		}
		return false
	}
	return visit(node, true)
}

/** Whether an expression awaits, not in a function inside it. */
function awaitsIn(node: Located): boolean {
	if (node.type === 'AwaitExpression') return true
	if (node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression' || node.type === 'ClassExpression') return false
	for (const [key, value] of Object.entries(node)) {
		if (key === 'loc') continue
		if (Array.isArray(value) ? value.some(child => isNode(child) && awaitsIn(child)) : isNode(value) && awaitsIn(value)) return true
	}
	return false
}

/** The names of the parameters of every function in a node (`async lease => ...`, `function put(text) {...}`): the sample's own names, not its prelude's. */
function parametersIn(node: Located): string[] {
	const found: string[] = []
	visit(node, at => {
		if (at.type === 'ArrowFunctionExpression' || at.type === 'FunctionExpression' || at.type === 'FunctionDeclaration') {
			for (const param of at['params'] as Located[]) {
				const name = nameOf(param.type === 'AssignmentPattern' ? param['left'] : param.type === 'RestElement' ? param['argument'] : param)
				if (name !== '') found.push(name)
			}
		}
	})
	return [...new Set(found)]
}

/** The sample's own functions by name, each declared once (`function f() {}`, `const f = () => ...`), while a sample compiles. */
let ownFunctions: ReadonlyMap<string, Located> = new Map()

/** The functions a program declares by a name it declares once. */
function functionsOf(program: Located, twice: ReadonlySet<string>): Map<string, Located> {
	const found = new Map<string, Located>()
	visit(program, at => {
		if (at.type === 'FunctionDeclaration' && at['id']) found.set(nameOf(at['id']), at)
		const init = at['init'] as Located | null | undefined
		if (at.type === 'VariableDeclarator' && (at['id'] as Located).type === 'Identifier' && init && (init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression')) found.set(nameOf(at['id']), init)
	})
	for (const name of twice) found.delete(name)
	return found
}

/**
 * Why a call of the sample's own function gives no value a call made, or undefined when it does: every value it returns
 * (an arrow's expression, each `return`'s) must be a call's value, of the prelude's or of a function of the sample's whose
 * values are; a parameter returned is the argument the call gave it, a name the function declares once with a value, that
 * value. A string written out, nothing (a function with no `return`), or a name the run cannot follow is no call's value.
 */
function unmadeBy(name: string, fn: Located, args: readonly Located[], depth: number): string | undefined {
	const at = `line ${fn.loc?.start.line ?? 1}`
	const body = fn['body'] as Located
	const returns: (Located | null)[] = []
	const locals = new Map<string, Located | null>()
	if (body.type !== 'BlockStatement') returns.push(body)
	else {
		const walk = (node: Located): void => {
			if (node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression' || node.type === 'FunctionDeclaration' || node.type === 'ClassExpression' || node.type === 'ClassDeclaration') return
			if (node.type === 'ReturnStatement') returns.push((node['argument'] as Located | null) ?? null)
			if (node.type === 'VariableDeclarator' && (node['id'] as Located).type === 'Identifier') {
				const local = nameOf(node['id'])
				locals.set(local, locals.has(local) ? null : ((node['init'] as Located | null) ?? null))
			}
			if (node.type === 'AssignmentExpression' && (node['left'] as Located).type === 'Identifier') locals.set(nameOf(node['left']), null)
			for (const [key, value] of Object.entries(node)) {
				if (key === 'loc') continue
				if (Array.isArray(value)) {
					for (const child of value) if (isNode(child)) walk(child)
				} else if (isNode(value)) walk(value)
			}
		}
		for (const statement of body['body'] as Located[]) walk(statement)
		const last = (body['body'] as Located[]).at(-1)
		if (last?.type !== 'ReturnStatement' && last?.type !== 'ThrowStatement') returns.push(null)
	}
	const params = (fn['params'] as Located[]).map(param => (param.type === 'Identifier' ? nameOf(param) : ''))
	for (const value of returns) {
		let shape = value === null ? undefined : argumentShape(value, depth + 1)
		for (let hops = 0; shape !== undefined && 'name' in shape && hops < 8; hops++) {
			const k = params.indexOf(shape.name)
			if (k >= 0) shape = argumentShape(args[k], depth + 1)
			else if (locals.get(shape.name)) shape = argumentShape(locals.get(shape.name), depth + 1)
			else break
		}
		const what = `${name} (${at})`
		if (shape === undefined) return `${what} returns nothing on some path`
		if ('text' in shape) return `${what} returns the string '${shape.text}' its code writes out`
		if ('call' in shape && shape.unmade !== undefined) return shape.unmade
		if (!('call' in shape)) return `${what} returns ${'name' in shape ? shape.name : 'an expression of no name'}, no call's value the run can follow`
	}
	return undefined
}

/** What an argument is, as written (`GivenArgument`): `await` and parentheses looked through. */
function argumentShape(node: Located | null | undefined, depth = 0): GivenArgument {
	if (!node) return {}
	if (node.type === 'AwaitExpression' || node.type === 'ParenthesizedExpression') return argumentShape(node['argument'] as Located ?? node['expression'] as Located, depth)
	if (node.type === 'Literal' && typeof node['value'] === 'string') return { text: node['value'] }
	if (node.type === 'TemplateLiteral' && (node['expressions'] as Located[]).length === 0) return { text: String(((node['quasis'] as Located[])[0]?.['value'] as { cooked?: string } | undefined)?.cooked ?? '') }
	if (node.type === 'Identifier') return { name: node['name'] as string }
	if (node.type === 'CallExpression' && !node['optional']) {
		const callee = node['callee'] as Located
		const args = node['arguments'] as Located[]
		// JavaScript's own functions and its values' methods make nothing of the code's: they reshape what they are given.
		// `String(x)`, `JSON.stringify(x)` give what x is; a string's, a number's or an array's method (`'draft'.trim()`,
		// `summary.toUpperCase()`) gives what it is called on; a method of a literal, or any other of JavaScript's own, nothing
		// the code made. A call of the code's (its prelude's, its own, a method of one of its values) is a call's value.
		const root = rootOf(callee)
		if (root !== undefined && root.type === 'Identifier' && LANGUAGE_NAMES.has(root['name'] as string)) {
			if (callee.type === 'Identifier' && RESHAPE_FUNCTIONS.has(root['name'] as string) || callee.type === 'MemberExpression' && root['name'] === 'JSON') return argumentShape(args[0], depth)
			return {}
		}
		if (callee.type === 'MemberExpression' && !(callee['computed'] as boolean)) {
			const method = ((callee['property'] as Located)['name'] as string | undefined) ?? ''
			// A promise's value goes through its callbacks (`summarize(id).then(() => 'none')` is 'none', whatever summarize made).
			if (PROMISE_METHODS.has(method)) return settledShape(method, callee['object'] as Located, args, depth)
			// A method given a value of the code's own (`replace(x, 'none')`'s, `concat`'s, `padStart`'s filler, `join`'s) may
			// put it in place of what it was called on: its value is of both, no one thing; numbers and patterns only choose.
			const brings = RESHAPE_METHODS.has(method) && args.some(arg => !(arg.type === 'Literal' && (typeof arg['value'] === 'number' || arg['regex'] !== undefined)))
			if (root !== undefined && root.type !== 'Identifier' && root.type !== 'ThisExpression') return RESHAPE_METHODS.has(method) && !brings ? argumentShape(callee['object'] as Located, depth) : {}
			if (RESHAPE_METHODS.has(method)) return brings ? {} : argumentShape(callee['object'] as Located, depth)
		}
		const name = calleeName(callee)
		const own = callee.type === 'Identifier' && name !== undefined ? ownFunctions.get(name) : undefined
		if (own !== undefined) {
			const unmade = depth > 8 ? undefined : unmadeBy(name as string, own, args, depth)
			return unmade === undefined ? { call: name as string } : { call: name as string, unmade }
		}
		if (name !== undefined) return { call: name }
	}
	return {}
}

const PROMISE_METHODS: ReadonlySet<string> = new Set(['then', 'catch', 'finally'])

/**
 * What a promise's `.then`, `.catch` or `.finally` resolves to, as written: `.then(f)` to what f returns (its parameter
 * returned as is: what it was called on), `.finally(f)` to what it was called on (f's return is dropped); `.catch(f)`, or a
 * `.then` given a second callback, to what it was called on or what the callback returns: of both, no one thing, unless the
 * callback only throws or returns its parameter unchanged.
 */
function settledShape(method: string, object: Located, args: readonly Located[], depth: number): GivenArgument {
	const before = (): GivenArgument => argumentShape(object, depth)
	if (method === 'finally') return before()
	const returned = (callback: Located | undefined): GivenArgument | 'same' | 'throws' => {
		if (callback === undefined) return 'same'
		if (callback.type !== 'ArrowFunctionExpression' && callback.type !== 'FunctionExpression') return argumentShape(callback.type === 'Identifier' ? { ...callback, type: 'CallExpression', callee: callback, arguments: [] } as Located : callback, depth)
		const params = new Set<string>()
		for (const param of callback['params'] as Located[]) bindingNames(param, params)
		const first = (callback['params'] as Located[])[0]
		const body = callback['body'] as Located
		const results: (Located | null)[] = []
		let throws = false
		if (body.type !== 'BlockStatement') results.push(body)
		else {
			// Its own returns and throws, not a function's inside it.
			const walk = (at: Located): void => {
				if (at !== body && /Function/.test(at.type)) return
				if (at.type === 'ReturnStatement') results.push((at['argument'] as Located | null) ?? null)
				if (at.type === 'ThrowStatement') throws = true
				for (const [key, value] of Object.entries(at)) {
					if (key === 'loc') continue
					if (Array.isArray(value)) {
						for (const child of value) if (isNode(child)) walk(child)
					} else if (isNode(value)) walk(value)
				}
			}
			walk(body)
			// Falling off its end returns undefined too.
			const last = (body['body'] as Located[]).at(-1)
			if (last === undefined || (last.type !== 'ReturnStatement' && last.type !== 'ThrowStatement')) results.push(null)
		}
		if (results.length === 0 && throws) return 'throws'
		if (results.length !== 1 || results[0] === null) return {}
		const shape = argumentShape(results[0], depth)
		if ('name' in shape && first?.type === 'Identifier' && shape.name === first['name']) return 'same'
		return 'name' in shape && params.has(shape.name) ? {} : shape
	}
	const same = (a: GivenArgument, b: GivenArgument): boolean => JSON.stringify(a) === JSON.stringify(b)
	const fulfilled = method === 'then' ? returned(args[0]) : 'same'
	const rejected = method === 'catch' ? returned(args[0]) : args[1] === undefined ? 'throws' : returned(args[1])
	const value = fulfilled === 'same' || fulfilled === 'throws' ? before() : fulfilled
	if (rejected === 'throws') return fulfilled === 'throws' ? {} : value
	const other = rejected === 'same' ? before() : rejected
	return same(value, other) ? value : {}
}

/** JavaScript's own functions whose value is what they are given, reshaped: a string, a number of it. */
const RESHAPE_FUNCTIONS: ReadonlySet<string> = new Set(['String', 'Number', 'Boolean', 'BigInt', 'Object', 'Array'])

/**
 * The methods JavaScript's strings, numbers and arrays have that give their value reshaped (`trim`, `toUpperCase`, `slice`,
 * `join`...): what one gives is what it was called on. Not `search`, `match`, `find`, `map` and the like, a name a code's own
 * object may well give a method that does work.
 */
const RESHAPE_METHODS: ReadonlySet<string> = new Set([
	'trim', 'trimStart', 'trimEnd', 'trimLeft', 'trimRight', 'toUpperCase', 'toLowerCase', 'toLocaleUpperCase', 'toLocaleLowerCase',
	'toString', 'toLocaleString', 'valueOf', 'normalize', 'padStart', 'padEnd', 'repeat', 'slice', 'substring', 'substr', 'concat',
	'replace', 'replaceAll', 'at', 'charAt', 'split', 'join', 'toFixed', 'toPrecision', 'toExponential', 'toWellFormed', 'flat',
	'reverse', 'toReversed', 'sort', 'toSorted',
])

/** The start of a member chain or call chain (`'draft'` of `'draft'.trim().toUpperCase()`, `client` of `client.x.y()`). */
function rootOf(node: Located): Located | undefined {
	let at: Located | undefined = node
	for (;;) {
		if (at === undefined) return undefined
		if (at.type === 'MemberExpression') at = at['object'] as Located
		else if (at.type === 'CallExpression') at = at['callee'] as Located
		else if (at.type === 'ParenthesizedExpression' || at.type === 'AwaitExpression') at = (at['expression'] ?? at['argument']) as Located
		else return at
	}
}
