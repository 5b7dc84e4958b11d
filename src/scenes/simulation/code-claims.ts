/**
 * What a scene's code sample says about the run, held to it. A sample is code, not prose, so it is
 * read for the settings a reader takes from it and nothing else: a literal `ttl` must be the scene's
 * TTL, a literal `wait` every hold's wait, a literal `limit` a semaphore's limit, and a sample that
 * leaves renewal on (the library's default) cannot show a lease running out under a worker that is
 * not shown paused or crashed. A setting held in a name is code and left alone; a literal the reader
 * cannot read (`ttl: 10 ** 4`) is refused, as is a number in a comment, which would be prose no one checks.
 */
import type { Code, Position } from '../../../scene-parser/index.ts'
import { DEFAULT_WAIT_MS, formatDuration, parseDuration } from '../../../engine/index.ts'
import type { RunFacts, StepFacts } from '../claims/index.ts'

export interface CodeProblem {
	position: Position
	message: string
}

/** What the checks read of the scene beside its run: its TTL, its semaphores' limits, and each step's position. */
export interface CodeScene {
	ttl: number
	limits: readonly number[]
	steps: readonly Position[]
}

type Setting = 'ttl' | 'wait' | 'limit' | 'renew'

/** One setting the sample writes: its name, its value's text and where the value starts in the sample. */
interface Written {
	setting: Setting
	text: string
	/** The unit its name gives a bare number (`ttl_ms`, `ttlSeconds`), over the language's. */
	unit?: number
	line: number
	column: number
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

const SETTING = /(?:--|\.)?\b(ttl|wait|limit|renew)(_?(?:ms|millis|milliseconds|s|secs|seconds))?\b["']?\s*(?:[:=]|(?=\())\s*|--(ttl|wait|limit)[= ]\s*/gi

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
		found.push({ setting, text, line: lineNumber, column: column + start, ...(unit === undefined ? {} : { unit }) })
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

/** Each line's code and its comment (from `//`, `#` or `--` outside strings, as the language writes them). */
function split(line: string, lang: string): { code: string; comment?: { text: string; at: number } } {
	const marks = /^(py|python|sh|bash|shell|console|yaml|yml|toml)$/i.test(lang) ? ['#'] : /^sql$/i.test(lang) ? ['--'] : ['//', '/*']
	let quote: string | undefined
	for (let i = 0; i < line.length; i++) {
		const ch = line[i] as string
		if (quote) {
			if (ch === '\\') i++
			else if (ch === quote) quote = undefined
			continue
		}
		if (ch === '"' || ch === "'" || ch === '`') {
			quote = ch
			continue
		}
		// `tcp://host` is no comment: `//` after a letter and a colon is a URL's.
		const mark = marks.find(m => line.startsWith(m, i) && !(m === '//' && line[i - 1] === ':'))
		if (mark) return { code: line.slice(0, i), comment: { text: line.slice(i + mark.length), at: i + mark.length } }
	}
	return { code: line }
}

const CARDINALS = /\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|sixty|hundred|thousand|million)\b/i

/** What a sample's text says, apart from any run: its settings, its holds, and the problems of its text alone. */
interface SampleRead {
	problems: CodeProblem[]
	written: Written[]
	holds: boolean
	waits: boolean
	tries: boolean
	holdAt?: Position
}

/** Samples read so far, by their text and place: a page's scene is checked again at each edit and build. */
const samples = new Map<string, SampleRead>()

function readSample(code: Code): SampleRead {
	const key = `${code.lang}\n${code.start.line}:${code.start.column}\n${code.lines.join('\n')}`
	const known = samples.get(key)
	if (known) return known
	const read: SampleRead = { problems: [], written: [], holds: false, waits: false, tries: false }
	const shell = /^(sh|bash|shell|console|zsh)$/i.test(code.lang)
	for (const [i, raw] of code.lines.entries()) {
		const line = code.start.line + i
		const { code: text, comment } = split(raw, code.lang)
		if (comment) {
			const number = /\d/.exec(comment.text) ?? CARDINALS.exec(comment.text)
			if (number) {
				read.problems.push({
					position: { line, column: code.start.column + comment.at + number.index },
					message: 'a number in a comment of the code sample is prose no one checks; put the number in the code, where the scene is held to it, or in a caption',
				})
			}
		}
		if (/\b(hold|try_?[hH]old|TryHold|Hold)\s*\(/.test(text)) read.holds = true
		if (/\b(try_?[hH]old|TryHold)\s*\(/.test(text)) read.tries = true
		const plainHold = /\b(hold|Hold|holdAll|hold_all)\s*\(/.exec(text)
		if (plainHold) {
			read.waits = true
			read.holdAt ??= { line, column: code.start.column + plainHold.index }
		}
		for (const setting of settingsOf(text, line, code.start.column, shell)) read.written.push(setting)
		for (const match of text.matchAll(POSITIONAL)) {
			const at = (match.index ?? 0) + match[0].length - (match[2] as string).length
			read.problems.push({ position: { line, column: code.start.column + at }, message: `cannot read ${(match[2] as string).trim()} as an argument of ${match[1]}(): it takes the name${/semaphore/i.test(match[1] as string) ? ' and { limit }' : ', and a hold its options'}; write the setting by its name, where the scene is held to it` })
		}
	}
	if (samples.size >= 1000) samples.clear()
	samples.set(key, read)
	return read
}

/** Every problem of the sample against the scene and its run. */
export function codeProblems(code: Code | undefined, scene: CodeScene, whole: RunFacts | undefined): CodeProblem[] {
	if (!code) return []
	// In the reader's play the sample is the guide's: it holds the guide's steps, not the reader's after them.
	const run = whole?.lookAhead === undefined ? whole : { ...whole, steps: whole.steps.slice(0, whole.lookAhead + 1) }
	const read = readSample(code)
	const problems: CodeProblem[] = [...read.problems]
	const { written, holds, waits, tries, holdAt } = read
	let renewOff = false
	for (const { setting, text, line, column, unit } of written) {
		const position = { line, column }
		if (setting === 'renew') {
			if (/^(false|False)$/.test(text)) renewOff = true
			else if (!/^(true|True)$/.test(text) && !/^[\w.]+$/.test(text)) problems.push({ position, message: `cannot read renew ${text}; write true or false` })
			continue
		}
		if (setting === 'limit') {
			if (!/\d/.test(text)) continue
			const limit = numberOf(text)
			if (limit === undefined || !Number.isInteger(limit)) problems.push({ position, message: `cannot read the sample's limit ${text}; write a whole number` })
			else if (!scene.limits.includes(limit)) problems.push({ position, message: scene.limits.length === 0 ? `the code sample makes a semaphore of limit ${limit}, and the scene has no semaphore; give its lock actor limit=${limit}` : `the code sample's limit is ${limit}, and the scene's semaphore has limit ${scene.limits.join(' and ')}` })
			continue
		}
		const ms = readDuration(text, code.lang, unit)
		if (ms === undefined) continue
		if (typeof ms === 'string') {
			problems.push({ position, message: `the code sample's ${setting}: ${ms}` })
			continue
		}
		if (setting === 'ttl' && ms !== scene.ttl) {
			problems.push({ position, message: `the code sample's TTL is ${formatDuration(ms)}, and the scene's leases last ${formatDuration(scene.ttl)}; write ttl ${formatDuration(ms).replace(/ /g, '')} in the scene, or the sample's TTL as the scene's` })
		}
		if (setting === 'wait' && run) problems.push(...waitProblems(ms, run, scene, position))
	}
	if (run && holds && !renewOff) problems.push(...renewalProblems(run, scene))
	// Every client's hold waits 10 s unless told (TypeScript, Python, Go, Rust): a sample that writes no wait is held to that default.
	if (run && holdAt && /^(ts|typescript|js|javascript|tsx|jsx|py|python|go|rust|rs)$/i.test(code.lang) && !written.some(w => w.setting === 'wait')) {
		problems.push(...waitProblems(DEFAULT_WAIT_MS, run, scene, holdAt, true).map(problem => ({ ...problem, message: `${problem.message.replace('the code sample waits at most', "the code sample's hold waits at most")} (the default, as the sample writes no wait)` })))
	}
	if (run && renewOff) problems.push(...stepsWhere(run, scene, h => h.kind === 'renewed', 'the code sample says renew: false, and a worker renews its lease in this step; leave renewal on in the sample, or show no renewal'))
	if (run && holds && !waits) problems.push(...stepsWhere(run, scene, (h, step) => (h.kind === 'granted' && h.at > h.askedAt) || h.kind === 'gave-up' || (h.kind === 'asked' && !h.tryOnly && (!h.unshown || step.end.workers.get(h.worker)?.waiting !== undefined)), "the code sample only tries for the key, and a worker asks to wait for it in this step; hold in the sample, or ask with \"try\" in the scene"))
	if (run && waits && !tries) problems.push(...stepsWhere(run, scene, h => h.kind === 'asked' && h.tryOnly && !h.unshown, "the code sample holds (and waits), and a worker only tries in this step; write tryHold in the sample, or ask with \"hold\" in the scene"))
	return problems
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
				return [{ position, message: `the code sample waits at most ${formatDuration(wait)}, and ${h.worker}'s hold in step ${step.index} waits ${formatDuration(h.wait)}; write the sample's wait in the hold's label ("hold, wait ${formatDuration(wait)}")` }]
			}
			if (h.kind !== 'granted' && h.kind !== 'gave-up') continue
			const waited = h.kind === 'granted' ? h.at - h.askedAt : h.waited
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
			if (step.start.workers.get(h.worker)?.paused || step.end.workers.get(h.worker)?.paused) continue
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
