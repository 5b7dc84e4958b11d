/**
 * What a scene's code sample says about the run, held to it. A sample is code, not prose, so it is
 * read for the settings a reader takes from it and nothing else: a literal `ttl` must be the scene's
 * TTL, a literal `wait` every hold's wait, a literal `limit` a semaphore's limit, and a sample that
 * leaves renewal on (the library's default) cannot show a lease running out under a worker that is
 * not shown paused or crashed. A setting held in a name is code and left alone; a literal the reader
 * cannot read (`ttl: 10 ** 4`) is refused, as is a number in a comment, which would be prose no one checks.
 */
import type { Code, Position } from '../../../scene-parser/index.ts'
import { DEFAULT_TTL_MS, DEFAULT_WAIT_MS, formatDuration, parseDuration } from '../../../engine/index.ts'
import { isClaimWord } from '../claims/index.ts'
import type { RunFacts, StepFacts } from '../claims/index.ts'
import { piecesOf, positionIn } from './sample-pieces.ts'
import { HOLD_CALL, fenceFlow, isFenceExpression, placeholders, valuesAfter } from './fence-flow.ts'

export interface CodeProblem {
	position: Position
	message: string
}

/** What the checks read of the scene beside its run: its TTL, its semaphores' limits, and each step's position. */
export interface CodeScene {
	ttl: number
	limits: readonly number[]
	steps: readonly Position[]
	/** The lock stores labelled by their lock's name (`exports`), which a sample's lock or semaphore must be. */
	names: readonly string[]
}

type Setting = 'ttl' | 'wait' | 'limit' | 'renew' | 'advance'

/** One setting the sample writes: its name, its value's text and where the value starts in the sample. */
interface Written {
	setting: Setting
	text: string
	/** The unit its name gives a bare number (`ttl_ms`, `ttlSeconds`), over the language's. */
	unit?: number
	line: number
	column: number
	/** Where the setting's name starts in its line. */
	name: number
}

/** A bare number's unit in each language: milliseconds in TypeScript and JSON, seconds in Python; Go and Rust write a unit. */
function bareUnit(lang: string): number | undefined {
	if (/^(py|python)$/i.test(lang)) return 1000
	if (/^(go|rust|rs)$/i.test(lang)) return undefined
	return 1
}

const GO_UNITS: Readonly<Record<string, number>> = { Millisecond: 1, Second: 1000, Minute: 60_000, Hour: 3_600_000 }
const RUST_UNITS: Readonly<Record<string, number>> = { from_millis: 1, from_secs: 1000 }

/** A number literal: digits with `_` between them, an optional fraction and exponent. */
const NUMBER = /^\d[\d_]*(?:\.\d+)?(?:e[+-]?\d+)?$/i

function numberOf(text: string): number | undefined {
	if (!NUMBER.test(text)) return undefined
	const value = Number(text.replace(/_/g, ''))
	return Number.isFinite(value) ? value : undefined
}

/**
 * A duration the sample writes, in milliseconds: a quoted duration (`'30s'`, `"30s"`, `` `30s` ``), a
 * product of numbers (`30 * 1000`, `30 * time.Second`), a Rust `Duration::from_secs(30)`, or a bare
 * number in the language's unit. Undefined for a name (code, left alone); a string when it cannot be read.
 */
export function readDuration(text: string, lang: string, nameUnit?: number): number | undefined | string {
	const value = text.trim()
	const quoted = /^(["'`])(.*)\1$/.exec(value)
	if (quoted) {
		try {
			return parseDuration((quoted[2] as string).replace(/\s+/g, ''))
		} catch {
			return `cannot read ${value} as a duration, like '30s'`
		}
	}
	const rust = /^(?:std::time::)?Duration::(from_millis|from_secs)\(\s*([^()]*?)\s*\)$/.exec(value)
	if (rust) {
		const n = numberOf(rust[2] as string)
		return n === undefined ? `cannot read ${value}; write Duration::from_secs with a number` : n * (RUST_UNITS[rust[1] as string] as number)
	}
	// Go's units stand alone too: `time.Minute` is one minute.
	const goUnit = /^time\.(Millisecond|Second|Minute|Hour)$/.exec(value)
	if (goUnit) return GO_UNITS[goUnit[1] as string] as number
	if (!/\d/.test(value)) return /^[\w.$:]+(\(\))?$/.test(value) ? undefined : `cannot read ${value}; write a number, a quoted duration like '30s', or a name`
	const unit = nameUnit ?? bareUnit(lang)
	let ms = 1
	let named = false
	for (const factor of value.split('*').map(part => part.trim())) {
		const go = /^time\.(Millisecond|Second|Minute|Hour)$/.exec(factor)
		if (go) {
			ms *= GO_UNITS[go[1] as string] as number
			named = true
			continue
		}
		const n = numberOf(factor)
		if (n === undefined) return `cannot read ${value}; write a number, a product of numbers, or a quoted duration like '30s'`
		ms *= n
	}
	if (named) return ms
	if (unit === undefined) return `cannot read ${value} as a duration in ${lang}; write its unit (${lang === 'go' ? '30 * time.Second' : 'Duration::from_secs(30)'})`
	return ms * unit
}

const SETTING = /(?:--|\.)?\b(ttl|wait|limit|renew|advance)(_?(?:ms|millis|milliseconds|s|secs|seconds))?\b["']?\s*(?:[:=]|(?=\())\s*|--(ttl|wait|limit)[= ]\s*/gi

/** The unit a setting's name gives its number: `ttl_ms` and `ttlMs` milliseconds, `ttl_s` and `ttlSeconds` seconds. */
function unitOfName(suffix: string | undefined): number | undefined {
	if (!suffix) return undefined
	return /^_?m/i.test(suffix) ? 1 : 1000
}

/** The settings a line of the sample writes, outside strings and comments. */
function settingsOf(line: string, lineNumber: number, column: number, shell: boolean): Written[] {
	const found: Written[] = []
	for (const match of line.matchAll(SETTING)) {
		const setting = ((match[1] ?? match[3]) as string).toLowerCase() as Setting
		let start = (match.index ?? 0) + match[0].length
		let text = valueAt(line, start, shell)
		if (line[start] === '(' && match[0].startsWith('.')) {
			start += 1
			text = valueAt(line, start, shell)
		} else if (line[start] === '(' && !/[:=]/.test(match[0])) continue
		if (text === '') continue
		const unit = unitOfName(match[2])
		found.push({ setting, text, line: lineNumber, column: column + start, name: (match.index ?? 0) + match[0].search(/[a-z]/i), ...(unit === undefined ? {} : { unit }) })
	}
	return found
}

/** A number or a duration passed as a plain argument where the engine takes an options object: `store.lock('x', '5s')`, `store.semaphore('uploads', 5)`. */
const POSITIONAL = /\.(lock|semaphore|Lock|Semaphore)\(\s*[^,()]+,\s*(?![{\s])([^,)]*\d[^,)]*)/g

/** The value written from `start`: up to a `,`, `;`, `}` or an unmatched `)` outside quotes and brackets (on a command line, a space too). */
function valueAt(line: string, start: number, shell: boolean): string {
	let depth = 0
	let quote: string | undefined
	let i = start
	for (; i < line.length; i++) {
		const ch = line[i] as string
		if (quote) {
			if (ch === quote) quote = undefined
			continue
		}
		if (ch === '"' || ch === "'" || ch === '`') quote = ch
		else if (ch === '(' || ch === '[') depth++
		else if (ch === ')' || ch === ']') {
			if (depth === 0) break
			depth--
		} else if ((ch === ',' || ch === ';' || ch === '}') && depth === 0) break
		else if (shell && ch === ' ' && depth === 0 && line.slice(start, i).trim() !== '') break
	}
	return line.slice(start, i).trim()
}

/** A wait written as endless: `Infinity`, Python's `math.inf`, Go's and Rust's wait-forever options (read as this text). */
const INFINITE = /^(Infinity|Number\.POSITIVE_INFINITY|math\.inf|float\(["']inf["']\))$/

/** The languages of the clients, whose holds default to a 30 s lease and a 10 s wait. */
const CLIENTS = /^(ts|typescript|js|javascript|tsx|jsx|py|python|go|rust|rs)$/i


const CARDINALS = /\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|sixty|hundred|thousand|million)\b/i

/** A string the sample passes as a hold's key, or writes as SQL: held to the run. */
interface Quoted {
	text: string
	position: Position
}

/** What a sample's text says, apart from any run: its settings, its holds, and the problems of its text alone. */
interface SampleRead {
	problems: CodeProblem[]
	written: Written[]
	holds: boolean
	waits: boolean
	tries: boolean
	holdAt?: Position
	/** Keys written as strings in a hold's call. */
	keys: Quoted[]
	/** Names written as strings in a lock's or semaphore's call. */
	lockNames: Quoted[]
	/** SQL the sample writes rows with (`update`, `insert`), and the values it passes them: undefined when they cannot be found, 'sql' for a sample that is SQL alone. */
	sqlWrites: (Quoted & { values: string[] | undefined | 'sql' })[]
	/** Names the sample binds its lease's fence to (`const fence = fenceText(lease.fence)`). */
	fenceNames: ReadonlySet<string>
	/** The first write the sample does (`save(...)`, `write(...)` or SQL), and whether the sample names a fence anywhere. */
	writeAt?: Position
	namesFence: boolean
	/** Where the sample takes a lock (`store.lock(...)`), and whether it makes a semaphore anywhere. */
	lockAt?: Position
	semaphore: boolean
	/** It renews a lease by hand (`lease.renew()`), which `renew: false` leaves possible. */
	renewsByHand: boolean
}

/** Samples read so far, by their text and place: a page's scene is checked again at each edit and build. */
const samples = new Map<string, SampleRead>()

/** A sample names a fence (`lease.fence`, a `summary_fence` column, a leader's `term`). */
const NAMES_FENCE = /fence|\bterm\b/i

/** A number literal in code, not part of a name (`data2`, `sha256`, `v1`). */
const CODE_NUMBER = /(?<![\w$.])\d[\d_]*(?:\.\d+)?(?:e[+-]?\d+)?(?![\w$])/gi

/** Code just before a string that makes it a hold's key: `hold('chat', ...)`, Go's `Hold(ctx, "chat", ...)`. */
const KEY_BEFORE = /\b(?:hold|tryHold|try_hold|Hold|TryHold|holdAll|hold_all)\s*\(\s*(?:ctx\s*,\s*)?$/
/** Code just before a string that makes it the name of a lock, a semaphore or a store's directory. */
const NAME_BEFORE = /\b(?:lock|semaphore|Lock|Semaphore|openStore|open_store|OpenStore|Store\.open)\s*\(\s*$/
/** Code just before a string that makes it an address to connect to, which may hold a port. */
const ADDRESS_BEFORE = /\b(?:connect|Connect|dial|Dial|new_client|NewClient)\s*\(\s*$/

function readSample(code: Code): SampleRead {
	const key = `${code.lang}\n${code.start.line}:${code.start.column}\n${code.lines.join('\n')}`
	const known = samples.get(key)
	if (known) return known
	const read: SampleRead = { problems: [], written: [], holds: false, waits: false, tries: false, keys: [], lockNames: [], sqlWrites: [], fenceNames: new Set(), namesFence: false, semaphore: false, renewsByHand: false }
	const shell = /^(sh|bash|shell|console|zsh)$/i.test(code.lang)
	const whole = code.lines.join('\n')
	const pieces = piecesOf(code.lines, code.lang, code.start)
	// The sample with its comments blanked (columns kept), read line by line for settings and calls.
	let codeOnly = whole
	// And with its strings blanked too, read for numbers.
	let bare = whole
	const blank = (text: string, from: number, length: number): string => text.slice(0, from) + text.slice(from, from + length).replace(/[^\n]/g, ' ') + text.slice(from + length)
	for (const piece of pieces) {
		if (piece.kind === 'comment') {
			// A comment is prose beside the code, and nothing on the stage is prose no one checks.
			const said = /\S/.exec(piece.text)
			if (said) {
				read.problems.push({ position: positionIn(piece, said.index, code.start.column), message: "a comment in the code sample is prose no one checks; say it in the page's prose around the scene, or in a caption, where it is checked" })
			}
			codeOnly = blank(codeOnly, piece.offset, piece.text.length)
			bare = blank(bare, piece.offset, piece.text.length)
		} else if (piece.kind === 'string') {
			bare = blank(bare, piece.offset, piece.text.length)
		}
		if (piece.kind !== 'comment' && NAMES_FENCE.test(piece.text)) read.namesFence = true
	}
	const lineStarts: number[] = []
	for (let at = 0, i = 0; i < code.lines.length; i++) {
		lineStarts.push(at)
		at += (code.lines[i] as string).length + 1
	}
	const positionAt = (offset: number): Position => {
		let line = 0
		while (line + 1 < lineStarts.length && (lineStarts[line + 1] as number) <= offset) line++
		return { line: code.start.line + line, column: code.start.column + offset - (lineStarts[line] as number) }
	}
	// The fence is passed whole, or as the engine's padded text: anything done to it first is refused.
	const flow = fenceFlow(codeOnly, pieces)
	read.fenceNames = flow.names
	for (const problem of flow.problems) read.problems.push({ position: positionAt(problem.offset), message: problem.message })
	// Strings said as prose (not an object's key, `{ 'ttl': ... }`) hold no setting, only text.
	const prose = pieces.filter(piece => piece.kind === 'string' && !/^\s*[:=]/.test(whole.slice(piece.offset + piece.text.length)))
	const inProse = (offset: number): boolean => prose.some(piece => offset > piece.offset && offset < piece.offset + piece.text.length)
	const codeLines = codeOnly.split('\n')
	for (const [i, text] of codeLines.entries()) {
		const line = code.start.line + i
		if (/\b(hold|try_?[hH]old|TryHold|Hold)\s*\(/.test(text)) read.holds = true
		if (/\b(try_?[hH]old|TryHold)\s*\(/.test(text)) read.tries = true
		const plainHold = /\b(hold|Hold|holdAll|hold_all)\s*\(/.exec(text)
		if (plainHold) {
			read.waits = true
			read.holdAt ??= { line, column: code.start.column + plainHold.index }
		}
		const write = /\b(save|write|Save|Write)\s*\(/.exec(bare.split('\n')[i] ?? '')
		if (write) read.writeAt ??= { line, column: code.start.column + write.index }
		for (const setting of settingsOf(text, line, code.start.column, shell)) {
			if (inProse((lineStarts[i] ?? 0) + setting.name)) continue
			// `lease.renew()`, `lease.renew('5s')`: a renewal by hand, not the hold's setting (a builder's `.renew(false)` is).
			if (setting.setting === 'renew' && text[setting.name - 1] === '.' && !/^(true|false|True|False)$/.test(setting.text)) {
				read.renewsByHand = true
				continue
			}
			read.written.push(setting)
		}
		if (/\.renew\s*\(\s*\)/.test(text)) read.renewsByHand = true
		// Go's and Rust's option functions: `locks.NoRenew()`, `locks.WaitForever()`, `.wait_forever()`.
		for (const match of text.matchAll(/\b(NoRenew|no_renew|WaitForever|wait_forever)\s*\(\s*\)/g)) {
			const forever = /wait/i.test(match[1] as string)
			read.written.push({ setting: forever ? 'wait' : 'renew', text: forever ? 'Infinity' : 'false', line, column: code.start.column + (match.index ?? 0), name: match.index ?? 0 })
		}
		const lock = /\.(lock|Lock)\s*\(/.exec(text)
		if (lock) read.lockAt ??= { line, column: code.start.column + lock.index + 1 }
		if (/\b(semaphore|Semaphore)\s*\(/.test(text)) read.semaphore = true
		for (const match of text.matchAll(POSITIONAL)) {
			const at = (match.index ?? 0) + match[0].length - (match[2] as string).length
			const value = (match[2] as string).trim()
			// Python names its arguments (`limit=2`, a setting read above); Go and Rust take a semaphore's limit second.
			if (/^\w+\s*=/.test(value)) continue
			if (/semaphore/i.test(match[1] as string) && /^(go|rust|rs)$/i.test(code.lang)) {
				read.written.push({ setting: 'limit', text: value, line, column: code.start.column + at, name: at })
				continue
			}
			read.problems.push({ position: { line, column: code.start.column + at }, message: `cannot read ${(match[2] as string).trim()} as an argument of ${match[1]}(): it takes the name${/semaphore/i.test(match[1] as string) ? ' and { limit }' : ', and a hold its options'}; write the setting by its name, where the scene is held to it` })
		}
	}
	// The settings are one hold's: with two holds, a TTL written on one says nothing of the other's.
	const holdCalls = [...bare.matchAll(HOLD_CALL)]
	const second = holdCalls[1]
	if (second) read.problems.push({ position: positionAt(second.index ?? 0), message: `the code sample holds ${holdCalls.length} times, and a scene's sample shows one hold, whose settings (ttl, wait, renew) the scene is held to; show one hold in the sample` })
	// A setting's value is read where it stands; what it spans is no stray number or string.
	const settingSpans = read.written.map(w => {
		const from = (lineStarts[w.line - code.start.line] ?? 0) + w.column - code.start.column
		return [from, from + w.text.length] as const
	})
	const inSetting = (offset: number): boolean => settingSpans.some(([from, to]) => offset >= from && offset < to)
	const refused = new Set(read.problems.map(p => `${p.position.line}:${p.position.column}`))
	for (const match of bare.matchAll(CODE_NUMBER)) {
		const offset = match.index ?? 0
		if (inSetting(offset)) continue
		const position = positionAt(offset)
		if (refused.has(`${position.line}:${position.column}`)) continue
		read.problems.push({ position, message: `cannot tie the number ${match[0]} in the code sample to anything the scene runs; write it as a setting the scene is held to (ttl, wait, limit), or leave it out` })
	}
	// A sample in SQL is SQL throughout, not only in its strings.
	if (/^sql$/i.test(code.lang) && /^\s*(update|insert)\b/i.test(codeOnly)) {
		const at = codeOnly.search(/\S/)
		const position = positionAt(at)
		read.sqlWrites.push({ text: codeOnly, position, values: 'sql' })
		read.writeAt ??= position
		read.namesFence ||= NAMES_FENCE.test(codeOnly)
	}
	for (const piece of pieces) {
		if (piece.kind !== 'string' || inSetting(piece.offset)) continue
		// A setting's name in quotes, as an object's key: `{ 'ttl': '5s' }`.
		if (!prose.includes(piece) && /^["'`](ttl|wait|limit|renew)\w*["'`]$/i.test(piece.text)) continue
		if (refused.has(`${piece.start.line}:${piece.start.column}`)) continue
		const before = codeOnly.slice(Math.max(0, piece.offset - 80), piece.offset)
		const quote = /^("""|'''|["'`])/.exec(piece.text)?.[0] ?? ''
		const closed = piece.text.length > quote.length && piece.text.endsWith(quote)
		const inner = piece.text.slice(quote.length, closed ? piece.text.length - quote.length : piece.text.length)
		const at = (offset: number): Position => positionIn(piece, quote.length + offset, code.start.column)
		if (KEY_BEFORE.test(before)) {
			if (!inner.includes('${')) read.keys.push({ text: inner, position: piece.start })
			continue
		}
		if (ADDRESS_BEFORE.test(before)) continue
		if (/^\s*(update|insert)\b/i.test(inner)) {
			const values = inner.includes('${') ? placeholders(inner).map(p => p.text) : valuesAfter(codeOnly, piece.offset + piece.text.length)
			read.sqlWrites.push({ text: inner, position: piece.start, values })
			read.writeAt ??= piece.start
		}
		// What the string says outside its `${...}` parts, which are code.
		const said = inner.replace(/\$\{[^}]*\}/g, match => ' '.repeat(match.length))
		const number = /\d/.exec(said) ?? CARDINALS.exec(said)
		if (number) {
			read.problems.push({ position: at(number.index), message: 'a number in a string of the code sample is prose no one checks; write it as a setting the scene is held to (ttl, wait, limit), or leave it out' })
			continue
		}
		if (/^\s*(select|update|insert|delete|create|with)\b/i.test(said)) continue
		const word = /[A-Za-z]+/g
		const claimed = [...said.matchAll(word)].find(match => isClaimWord(match[0]))
		if (claimed) {
			read.problems.push({ position: at(claimed.index ?? 0), message: `"${claimed[0]}" in a string of the code sample is a word the claims use, in prose no one checks; say it in a caption, where it is checked` })
			continue
		}
		// A lock's, a semaphore's or a store's name is a name; any other string is text the checker does not read.
		if (NAME_BEFORE.test(before) && /^[\w.-]+$/.test(inner)) {
			if (/(lock|semaphore)\s*\(\s*$/i.test(before)) read.lockNames.push({ text: inner, position: piece.start })
			continue
		}
		read.problems.push({ position: piece.start, message: `the string ${piece.text.length > 40 ? `${piece.text.slice(0, 37)}...` : piece.text} in the code sample is text no one checks (no key, name, address, duration or SQL the checker reads); leave it out of the sample, or say it in a caption` })
	}
	if (samples.size >= 1000) samples.clear()
	samples.set(key, read)
	return read
}

/** Whether the sample says renew: false (or Go's NoRenew()). */
function renewsOff(read: SampleRead): boolean {
	return read.written.some(w => w.setting === 'renew' && /^(false|False)$/.test(w.text))
}

/** Whether the sample holds with renewal on (it says no renew: false), so its worker renews while it runs. */
export function sampleRenews(code: Code | undefined): boolean {
	if (!code) return false
	const read = readSample(code)
	return read.holds && !renewsOff(read)
}

/** Every problem of the sample against the scene and its run. */
export function codeProblems(code: Code | undefined, scene: CodeScene, whole: RunFacts | undefined): CodeProblem[] {
	if (!code) return []
	// In the reader's play the sample is the guide's: it holds the guide's steps, not the reader's after them.
	const run = whole?.lookAhead === undefined ? whole : { ...whole, steps: whole.steps.slice(0, whole.lookAhead + 1) }
	const read = readSample(code)
	const problems: CodeProblem[] = [...read.problems]
	const { written, holds, waits, tries, holdAt } = read
	if (run) problems.push(...keyProblems(read, run), ...fenceProblems(read, run))
	// A store the stage names by its lock is that lock: the sample's lock or semaphore has its name.
	if (scene.names.length > 0) {
		for (const name of read.lockNames) {
			if (!scene.names.some(label => label.toLowerCase() === name.text.toLowerCase())) {
				problems.push({ position: name.position, message: `the code sample's lock is "${name.text}", and the stage's is ${scene.names.map(label => `"${label}"`).join(' and ')}; write one name in both` })
			}
		}
	}
	const renewOff = renewsOff(read)
	// Each clock.advance(...) is one of the scene's waits, a wait of its own: two advances of 30 s need two.
	const sceneWaits = run ? run.steps.flatMap(step => step.happenings.flatMap(h => (h.kind === 'waited' ? [h.ms] : []))) : []
	for (const { setting, text, line, column, unit } of written) {
		const position = { line, column }
		if (setting === 'renew') {
			if (!/^(true|false|True|False)$/.test(text)) problems.push({ position, message: `cannot read renew ${text}; write true or false, where the scene is held to it` })
			continue
		}
		if (setting === 'limit') {
			const limit = numberOf(text)
			if (limit === undefined || !Number.isInteger(limit)) problems.push({ position, message: `cannot read the sample's limit ${text}; write a whole number` })
			else if (!scene.limits.includes(limit)) problems.push({ position, message: scene.limits.length === 0 ? `the code sample makes a semaphore of limit ${limit}, and the scene has no semaphore; give its lock actor limit=${limit}` : `the code sample's limit is ${limit}, and the scene's semaphore has limit ${scene.limits.join(' and ')}` })
			continue
		}
		const ms = INFINITE.test(text) ? Number.POSITIVE_INFINITY : readDuration(text, code.lang, unit)
		if (ms === undefined) {
			problems.push({ position, message: `cannot read the code sample's ${setting} ${text}: a name says nothing the scene is held to; write the value (${setting === 'ttl' ? "ttl: '30s'" : setting === 'wait' ? "wait: '10s'" : "'30s'"})` })
			continue
		}
		if (setting === 'ttl' && ms === Number.POSITIVE_INFINITY) {
			problems.push({ position, message: 'a lease lasts as long as its TTL, and an endless one is no lease; write a TTL' })
			continue
		}
		if (typeof ms === 'string') {
			problems.push({ position, message: `the code sample's ${setting}: ${ms}` })
			continue
		}
		if (setting === 'ttl' && ms !== scene.ttl) {
			problems.push({ position, message: `the code sample's TTL is ${formatDuration(ms)}, and the scene's leases last ${formatDuration(scene.ttl)}; write ttl ${formatDuration(ms).replace(/ /g, '')} in the scene, or the sample's TTL as the scene's` })
		}
		if (setting === 'wait' && run) problems.push(...waitProblems(ms, run, scene, position))
		// A test's `clock.advance(...)` moves time as a scene's `wait` does: one of the scene's waits must be it.
		if (setting === 'advance' && run) {
			const at = sceneWaits.indexOf(ms)
			if (at >= 0) sceneWaits.splice(at, 1)
			else problems.push({ position, message: `the code sample moves the clock on by ${formatDuration(ms)}, and no step of the scene waits ${formatDuration(ms)}${run.steps.some(step => step.happenings.some(h => h.kind === 'waited' && h.ms === ms)) ? ' more times than this' : ''}; write wait ${formatDuration(ms).replace(/ /g, '')} in the step it stands for` })
		}
	}
	if (run && holds && !renewOff) problems.push(...renewalProblems(run, scene))
	// Every client's lease lasts 30 s unless told: a sample that holds and writes no TTL is held to that default.
	if (holdAt && CLIENTS.test(code.lang) && !written.some(w => w.setting === 'ttl') && scene.ttl !== DEFAULT_TTL_MS) {
		problems.push({ position: holdAt, message: `the code sample writes no TTL, so its leases last the default ${formatDuration(DEFAULT_TTL_MS)}, and the scene's last ${formatDuration(scene.ttl)}; write ttl: '${formatDuration(scene.ttl).replace(/ /g, '')}' in the sample, or leave the scene's ttl out` })
	}
	// A lock has one holder at a time: a sample that takes one cannot show a semaphore's several.
	if (read.lockAt && !read.semaphore && scene.limits.length > 0) {
		problems.push({ position: read.lockAt, message: `the code sample takes a lock (one holder at a time), and the scene's lock actor is a semaphore of limit ${scene.limits.join(' and ')}; write store.semaphore(name, { limit: ${scene.limits[0]} }) in the sample, or drop limit= from the scene` })
	}
	// Every client's hold waits 10 s unless told (TypeScript, Python, Go, Rust): a sample that writes no wait is held to that default.
	if (run && holdAt && CLIENTS.test(code.lang) && !written.some(w => w.setting === 'wait')) {
		problems.push(...waitProblems(DEFAULT_WAIT_MS, run, scene, holdAt, true).map(problem => ({ ...problem, message: `${problem.message.replace('the code sample waits at most', "the code sample's hold waits at most")} (the default, as the sample writes no wait)` })))
	}
	if (run && renewOff && !read.renewsByHand) problems.push(...stepsWhere(run, scene, h => h.kind === 'renewed', 'the code sample says renew: false, and a worker renews its lease in this step; leave renewal on in the sample, or show no renewal'))
	if (run && holds && !waits) problems.push(...stepsWhere(run, scene, (h, step) => (h.kind === 'granted' && h.at > h.askedAt) || h.kind === 'gave-up' || (h.kind === 'asked' && !h.tryOnly && (!h.unshown || step.end.workers.get(h.worker)?.waiting !== undefined)), "the code sample only tries for the key, and a worker asks to wait for it in this step; hold in the sample, or ask with \"try\" in the scene"))
	if (run && waits && !tries) problems.push(...stepsWhere(run, scene, h => h.kind === 'asked' && h.tryOnly && !h.unshown, "the code sample holds (and waits), and a worker only tries in this step; write tryHold in the sample, or ask with \"hold\" in the scene"))
	return problems
}

/** A key the sample holds by its string that is not the scene's key. */
function keyProblems(read: SampleRead, run: RunFacts): CodeProblem[] {
	return read.keys
		.filter(key => key.text !== run.key)
		.map(key => ({ position: key.position, message: `the code sample holds the key "${key.text}", and the scene's workers hold "${run.key}"; write key "${key.text}" in the scene, or the scene's key in the sample` }))
}

/** The sample's writes against the scene's databases: a database that checks fences needs a fence passed and, in SQL, the strict check; one with fences=off, none. */
function fenceProblems(read: SampleRead, run: RunFacts): CodeProblem[] {
	const writes = run.steps.flatMap(step => step.happenings.filter(h => h.kind === 'wrote'))
	if (writes.length === 0) return []
	const fenced = writes.some(w => w.kind === 'wrote' && w.fenced)
	const problems: CodeProblem[] = []
	// A sample that names no fence cannot be the code of a write a database checks the fence of, whatever call writes.
	const writesAt = read.writeAt ?? read.holdAt
	if (fenced && writesAt && !read.namesFence) {
		problems.push({ position: writesAt, message: "the code sample writes with no fence, and the scene's database checks each write's fence; pass the lease's fence (lease.fence) in the sample, or give the database fences=off" })
	}
	for (const sql of read.sqlWrites) {
		const shape = sqlShape(sql.text)
		if (typeof shape === 'string') {
			problems.push({ position: sql.position, message: `cannot read the code sample's SQL as the scene's write: ${shape}; write it as the scene runs it, like update chats set summary = ?, summary_fence = ? where id = ?${fenced ? ' and summary_fence < ?' : ''}` })
		} else if (fenced && shape.fence === undefined) {
			problems.push({ position: sql.position, message: "the code sample's SQL writes no fence to the row (no set summary_fence = ?), so the row would keep none to check, and the scene's database checks each write's fence; write the fence in the sample" })
		} else if (fenced && shape.check === '<=') {
			problems.push({ position: sql.position, message: "the code sample's SQL lets a write whose fence equals the row's through (<=), and the scene's database refuses it (its check is summary_fence < ?); write < in the sample" })
		} else if (fenced && shape.check === undefined) {
			problems.push({ position: sql.position, message: "the code sample's SQL writes whatever fence it is given (it has no check like \"and summary_fence < ?\"), and the scene's database refuses a write whose fence is not above the row's; write the check in the sample, or give the database fences=off" })
		} else if (!fenced && shape.check !== undefined) {
			problems.push({ position: sql.position, message: "the code sample's SQL keeps a stale fence out, and the scene's database has fences=off and checks none; leave the check out of the sample, or the fences=off out of the scene" })
		} else if (sql.values !== 'sql') {
			const bound = boundProblem(sql.text, sql.values, shape, read.fenceNames)
			if (bound) problems.push({ position: sql.position, message: `the code sample's SQL ${bound}` })
		}
	}
	return problems
}

/**
 * What an update in the sample does, read as the one shape a scene's database runs: it sets columns to
 * parameters, one of them the fence, for the row of one id, and may keep a stale fence out by comparing that
 * same column with the write's (`summary_fence < ?`, or `<=`). Anything else (an `or`, a check of another
 * column, an insert) is a reason it cannot be read.
 */
function sqlShape(text: string): { fence?: string; check?: '<' | '<='; fenceParam?: number; checkParam?: number } | string {
	const sql = text
		.replace(/\$\{[^}]*\}|%s|\$\d+|:\w+|\{\w*\}/g, '?')
		.replace(/\s+/g, ' ')
		.trim()
		.replace(/;$/, '')
		.toLowerCase()
	const update = /^update (\w+) set (.+?) where (.+)$/.exec(sql)
	if (!update) return 'it is no update of one row'
	const sets = (update[2] as string).split(',').map(part => /^(\w+) = \?$/.exec(part.trim())?.[1])
	if (sets.some(column => column === undefined)) return 'it sets a column to something other than a parameter'
	const fence = sets.find(column => /fence|^term$/.test(column as string))
	const conditions = (update[3] as string).split(/ and /)
	let check: '<' | '<=' | undefined
	let checkParam: number | undefined
	for (const [i, condition] of conditions.entries()) {
		const c = condition.trim().replace(/^\((.*)\)$/, '$1')
		if (/ or /.test(c)) return 'its where clause has an or'
		if (/^id = \?$/.test(c)) continue
		// `summary_fence < ?`, or the same turned round: `? > summary_fence`.
		const left = /^(\w+) (<=?) \?$/.exec(c)
		const right = /^\? (>=?) (\w+)$/.exec(c)
		const column = left?.[1] ?? right?.[2]
		const sign = left ? left[2] : right?.[1] === '>=' ? '<=' : right ? '<' : undefined
		if (column === undefined || sign === undefined) return `it cannot read the condition "${c}"`
		if (column !== fence) return `its check compares ${column}, which it does not write the fence to`
		check = sign as '<' | '<='
		// Each condition before it takes one value, as each set does.
		checkParam = sets.length + i
	}
	if (!conditions.some(c => /^\(?id = \?\)?$/.test(c.trim()))) return 'it does not pick the row by its id'
	const fenceParam = fence === undefined ? undefined : sets.indexOf(fence)
	return { ...(fence === undefined ? {} : { fence, fenceParam }), ...(check === undefined ? {} : { check, checkParam }) }
}

/**
 * What the SQL's fence and its check are given, held to the fence: the value written to the fence column and
 * the value the check compares the row's with must both be the lease's fence, the same one (`summary_fence < ${text}`
 * or a guard bound to the summary keeps nothing out).
 */
function boundProblem(text: string, values: string[] | undefined, shape: { fenceParam?: number; checkParam?: number }, names: ReadonlySet<string>): string | undefined {
	if (shape.fenceParam === undefined && shape.checkParam === undefined) return undefined
	const marks = placeholders(text)
	const valueOf = (param: number): string | undefined => {
		const mark = marks[param]
		if (!mark) return undefined
		if (mark.text.startsWith('${')) return mark.text.slice(2, -1)
		return mark.index === undefined || values === undefined ? undefined : values[mark.index]
	}
	const written = shape.fenceParam === undefined ? undefined : valueOf(shape.fenceParam)
	const compared = shape.checkParam === undefined ? undefined : valueOf(shape.checkParam)
	if ((shape.fenceParam !== undefined && written === undefined) || (shape.checkParam !== undefined && compared === undefined)) {
		return 'takes values the checker cannot find (pass them right after the SQL, in order, or in its ${...})'
	}
	if (written !== undefined && !isFenceExpression(written, names)) return `writes ${written} to the fence column, not the lease's fence`
	if (compared !== undefined && !isFenceExpression(compared, names)) return `compares the row's fence with ${compared}, not the lease's fence`
	if (written !== undefined && compared !== undefined && written.replace(/\s+/g, '') !== compared.replace(/\s+/g, '')) return `writes ${written} to the fence column and compares the row's with ${compared}: write and compare the same fence`
	// The fence goes to those two places only: given to the id, or as the summary, it picks no row or writes no summary.
	for (const [param] of marks.entries()) {
		if (param === shape.fenceParam || param === shape.checkParam) continue
		const value = valueOf(param)
		if (value !== undefined && isFenceExpression(value, names)) return `gives the fence (${value}) to its placeholder ${param + 1}, which is not the fence column or its check`
	}
	return undefined
}

/** The first step with a happening the sample rules out, as a problem at that step. */
function stepsWhere(run: RunFacts, scene: CodeScene, ruled: (h: StepFacts['happenings'][number], step: StepFacts) => boolean, message: string): CodeProblem[] {
	for (const step of run.steps) {
		const position = scene.steps[step.index - 1]
		if (position && step.happenings.some(h => ruled(h, step))) return [{ position, message }]
	}
	return []
}

/** A hold of the scene that waited otherwise than the sample's wait says; with `shownOnly`, only holds the scene shows asking. */
function waitProblems(wait: number, run: RunFacts, scene: CodeScene, position: Position, shownOnly = false): CodeProblem[] {
	const unshown = new Set(run.steps.flatMap(step => step.happenings.flatMap(h => (h.kind === 'asked' && h.unshown ? [`${h.worker}@${h.at}`] : []))))
	for (const step of run.steps) {
		for (const h of step.happenings) {
			if (shownOnly && (h.kind === 'granted' || h.kind === 'gave-up') && unshown.has(`${h.worker}@${h.kind === 'granted' ? h.askedAt : h.at - h.waited}`)) continue
			if (h.kind === 'asked' && !h.tryOnly && h.wait !== undefined && h.wait !== wait) {
				if (wait === Number.POSITIVE_INFINITY) return [{ position, message: `the code sample waits as long as it takes, and ${h.worker}'s hold in step ${step.index} waits ${formatDuration(h.wait)}; write "hold" with no wait in the scene, or the wait in the sample` }]
				return [{ position, message: `the code sample waits at most ${formatDuration(wait)}, and ${h.worker}'s hold in step ${step.index} waits ${formatDuration(h.wait)}; write the sample's wait in the hold's label ("hold, wait ${formatDuration(wait)}")` }]
			}
			if (h.kind !== 'granted' && h.kind !== 'gave-up') continue
			const waited = h.kind === 'granted' ? h.at - h.askedAt : h.waited
			if (h.kind === 'gave-up' && wait === Number.POSITIVE_INFINITY) {
				return [{ position: scene.steps[step.index - 1] ?? position, message: `the code sample waits as long as it takes, and ${h.worker} gives up after ${formatDuration(waited)} in step ${step.index}` }]
			}
			if (waited > wait) {
				return [{ position: scene.steps[step.index - 1] ?? position, message: `the code sample waits at most ${formatDuration(wait)}, and ${h.worker} waits ${formatDuration(waited)} in step ${step.index}; give its hold the sample's wait ("hold, wait ${formatDuration(wait)}")` }]
			}
		}
	}
	return []
}

/** A lease that ran out under a worker not shown paused or crashed, though the sample's hold renews it. */
function renewalProblems(run: RunFacts, scene: CodeScene): CodeProblem[] {
	const problems: CodeProblem[] = []
	for (const step of run.steps) {
		for (const h of step.happenings) {
			if (h.kind !== 'expired') continue
			// Shown paused when the step began, or from a moment no later than the lease ran out.
			if (step.start.workers.get(h.worker)?.paused) continue
			const end = step.end.workers.get(h.worker)
			if (end?.paused && (end.pausedSince ?? 0) <= h.at) continue
			const position = scene.steps[step.index - 1]
			if (!position) continue
			problems.push({
				position,
				message: `${h.worker}'s lease runs out at ${formatDuration(h.at)}, and ${h.worker} is not shown paused or crashed; the code sample's hold renews its lease while it runs (renewal is on unless it says renew: false), so show ${h.worker} paused, or write renew: false in the sample`,
			})
		}
	}
	return problems
}
