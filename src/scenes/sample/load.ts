/**
 * A compiled sample made runnable, and the line of it that is running: the program is a function of
 * its prelude's values, evaluated under a name of its own, so the engine of JavaScript itself tells
 * which line of the sample called into the prelude (the stack), not a reading of the sample's text.
 * Needs no transpiler: the page runs what the build compiled.
 */
import { TICK, type CompiledSample } from './compile.ts'

/** A sample's program: runs once per worker, with that worker's prelude and the guard the compiled code calls. */
export type SampleProgram = (prelude: Readonly<Record<string, unknown>>, tick: () => void) => Promise<unknown>

let loaded = 0

/** The program of a compiled sample, under a name (`scene-sample-N.js`) its calls are found by in the stack. */
export function loadSample(sample: CompiledSample): { program: SampleProgram; file: string } {
	const file = `scene-sample-${++loaded}.js`
	const names = sample.names.length === 0 ? '' : `const { ${sample.names.join(', ')} } = __prelude;`
	// Everything before the sample's first line is on one line, so line N + 1 of this text is line N of the sample.
	const source = `(function () { 'use strict'; return async function (${TICK}, __prelude) { ${names}\n${sample.js}\n} })()\n//# sourceURL=${file}`
	const make = (0, eval)(source) as (tick: () => void, prelude: Readonly<Record<string, unknown>>) => Promise<unknown>
	return { program: (prelude, tick) => make(tick, prelude), file }
}

interface CallSite {
	getFileName(): string | null | undefined
	getScriptNameOrSourceURL?(): string | null | undefined
	getLineNumber(): number | null
}

type V8Error = ErrorConstructor & {
	prepareStackTrace?: (error: Error, frames: CallSite[]) => unknown
	captureStackTrace?: (target: object, fn?: (...args: never[]) => unknown) => void
	stackTraceLimit?: number
}

const V8 = Error as V8Error

/** The sample's line that is calling now (the innermost frame of `file` on the stack), or undefined when the sample is not on it. */
export function runningLine(file: string): number | undefined {
	if (typeof V8.captureStackTrace === 'function') {
		const prepare = V8.prepareStackTrace
		const limit = V8.stackTraceLimit
		V8.prepareStackTrace = (_error, frames) => frames
		V8.stackTraceLimit = 30
		const holder: { stack?: CallSite[] } = {}
		V8.captureStackTrace(holder, runningLine)
		const frames = holder.stack
		V8.prepareStackTrace = prepare
		V8.stackTraceLimit = limit
		if (Array.isArray(frames)) {
			for (const frame of frames) {
				const name = frame.getScriptNameOrSourceURL?.() ?? frame.getFileName()
				if (name === file) {
					const line = frame.getLineNumber()
					return line === null ? undefined : line - 1
				}
			}
			return undefined
		}
	}
	// Other engines: the stack's text names the file and line.
	const stack = new Error().stack ?? ''
	const match = new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+)`).exec(stack)
	return match ? Number(match[1]) - 1 : undefined
}
