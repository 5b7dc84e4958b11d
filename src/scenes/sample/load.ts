/**
 * A compiled sample made runnable: a function of its prelude's values and of the guard its
 * statements call, evaluated under a name of its own (which an error's stack names). Needs no
 * transpiler: the page runs what the build compiled.
 */
import type { CompiledSample } from './compile.ts'
import { FLOAT, TICK } from './guard.ts'
import { membrane, type Membrane, type ThrownParts } from './membrane.ts'

/** What the compiled code calls: the guard before each statement (with its line), and what it hands an unawaited call's value. */
export interface SampleHooks {
	tick(line: number, statement?: number): void
	float<T>(value: T): T
}

/** A sample's program: runs once per worker, with that worker's prelude and hooks. */
export type SampleProgram = (prelude: Readonly<Record<string, unknown>>, hooks: SampleHooks) => Promise<unknown>

/**
 * Where a sample's code is made and runs: its own realm in Node (`node-realm.ts`, which the
 * simulation's Node entry chooses), so a sample that changes JavaScript's own objects changes
 * them for no one else; the page's own in a browser, in the worker that runs a reader's code
 * only (sandbox.ts).
 */
export interface SampleRealm {
	/** Evaluates a script in the realm under the file name its stack names, and gives its value. */
	evaluate(source: string, file: string): unknown
	/** The wall between the realm's code and the checker: every value crosses it. */
	readonly wall: Membrane
}

/** The global eval, kept when this module loads: a worker running a reader's code takes the global one away after (sandbox.ts). */
const evaluate: (source: string) => unknown = globalThis.eval

/** The page's own realm: the one this module runs in. */
export const PAGE_REALM: SampleRealm = { evaluate: source => evaluate(source), wall: membrane() }

let realm: SampleRealm = PAGE_REALM

/** What a value the code threw says of itself, read without running the code (the realm's wall reads it). */
export function describeThrown(thrown: unknown): ThrownParts {
	return realm.wall.describe(thrown)
}

/** Whether the code never awaited the promise it was given for `promise` (a call whose failure it would not have seen). */
export function unobserved(promise: Promise<unknown>): boolean {
	return realm.wall.unobserved(promise)
}

/** Makes `chosen` the realm every sample loaded from now on runs in. */
export function useSampleRealm(chosen: SampleRealm): void {
	realm = chosen
}

/**
 * The program of a compiled sample, under a name (`scene-sample-HASH.js`, of its text alone, so
 * nothing the code reads of it tells what ran before) an error's stack names its
 * lines by. The sample meets its prelude, its hooks and all they give through its realm's wall.
 */
export function loadSample(sample: CompiledSample): { program: SampleProgram; file: string } {
	const file = `scene-sample-${hashOf(sample.js)}.js`
	const names = sample.names.length === 0 ? '' : `const { ${sample.names.join(', ')} } = __prelude;`
	// Everything before the sample's first line is on one line, so line N + 1 of this text is line N of the sample.
	const source = `(function () { 'use strict'; return async function (${TICK}, ${FLOAT}, __prelude) { ${names}\n${sample.js}\n} })()\n//# sourceURL=${file}`
	const { wall } = realm
	const make = realm.evaluate(source, file) as (tick: (line: number, statement?: number) => void, float: <T>(value: T) => T, prelude: Readonly<Record<string, unknown>>) => Promise<unknown>
	return {
		program(prelude, hooks) {
			return wall.outward(make(wall.inward(hooks.tick), wall.inward(hooks.float), wall.inward(prelude)))
		},
		file,
	}
}

interface CallSite {
	getScriptNameOrSourceURL?(): string | null | undefined
	getFileName(): string | null | undefined
	getLineNumber(): number | null
}

type V8Error = ErrorConstructor & {
	prepareStackTrace?: (error: Error, frames: CallSite[]) => unknown
	captureStackTrace?: (target: object, fn?: (...args: never[]) => unknown) => void
	stackTraceLimit?: number
}

const V8 = Error as V8Error

/**
 * The sample's line that is calling now: the innermost frame of `file` on the stack (V8 gives the
 * frames; another engine's stack text names them). Asked at each act only, the one place where the
 * statement's line may not be the call's (an act made through a helper of the sample's).
 */
export function runningLine(file: string): number | undefined {
	let line: number | undefined
	if (typeof V8.captureStackTrace === 'function') {
		const prepare = V8.prepareStackTrace
		const limit = V8.stackTraceLimit
		V8.prepareStackTrace = (_error, frames) => frames
		V8.stackTraceLimit = 12
		const holder: { stack?: CallSite[] } = {}
		V8.captureStackTrace(holder, runningLine)
		const frames = holder.stack
		V8.prepareStackTrace = prepare
		V8.stackTraceLimit = limit
		if (Array.isArray(frames)) {
			const frame = frames.find(one => (one.getScriptNameOrSourceURL?.() ?? one.getFileName()) === file)
			line = frame?.getLineNumber() ?? undefined
		}
	} else {
		const match = new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+)`).exec(new Error().stack ?? '')
		line = match ? Number(match[1]) : undefined
	}
	// Line 1 of the program is its own header; the sample's line N is the program's N + 1.
	return line === undefined || line < 2 ? undefined : line - 1
}

/** A text's FNV-1a hash, in hex: a name made of the text alone. */
function hashOf(text: string): string {
	let hash = 2166136261
	for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619) >>> 0
	return hash.toString(16).padStart(8, '0')
}
