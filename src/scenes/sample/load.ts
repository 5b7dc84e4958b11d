/**
 * A compiled sample made runnable: a function of its prelude's values and of the guard its
 * statements call, evaluated under a name of its own (which an error's stack names). Needs no
 * transpiler: the page runs what the build compiled.
 */
import type { CompiledSample } from './compile.ts'
import { TICK } from './guard.ts'

/** A sample's program: runs once per worker, with that worker's prelude and the guard the compiled code calls before each statement. */
export type SampleProgram = (prelude: Readonly<Record<string, unknown>>, tick: (line: number) => void) => Promise<unknown>

let loaded = 0

/** The global eval, kept when this module loads: a worker running a reader's code takes the global one away after (sandbox.ts). */
const evaluate: (source: string) => unknown = globalThis.eval

/** The program of a compiled sample, under a name (`scene-sample-N.js`) an error's stack names its lines by. */
export function loadSample(sample: CompiledSample): { program: SampleProgram; file: string } {
	const file = `scene-sample-${++loaded}.js`
	const names = sample.names.length === 0 ? '' : `const { ${sample.names.join(', ')} } = __prelude;`
	// Everything before the sample's first line is on one line, so line N + 1 of this text is line N of the sample.
	const source = `(function () { 'use strict'; return async function (${TICK}, __prelude) { ${names}\n${sample.js}\n} })()\n//# sourceURL=${file}`
	const make = evaluate(source) as (tick: (line: number) => void, prelude: Readonly<Record<string, unknown>>) => Promise<unknown>
	return { program: (prelude, tick) => make(tick, prelude), file }
}
