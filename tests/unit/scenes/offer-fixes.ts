// A "did you mean" is also a fix: the diagnostic names the words it replaces (line, columns) and the
// sentence, as the playground's one-click fix applies it. Each fix is applied alone to the source and
// the scene compiled again: the words replaced are the clause the error quotes, and what the fix wrote
// reads and holds (no error stands inside it). truth.test.ts asks this of every fixture it compiles
// that offers a sentence, on the compile it already made; did-you-mean-fix.test.ts of its own scenes.
import { expect } from 'vitest'
import type { Diagnostic } from '../../../src/scenes/frame.ts'
import { compileScene } from '../../../src/scenes/simulation/index.ts'
import { openNodeDriver } from '../../../src/scenes/node-sqlite/node-drivers.ts'

/** A fixed source's compile: only its diagnostics' places are asked of it, so no "did you mean" is worked out for them. */
const recompile = (text: string) => compileScene(text, { file: 'f.scene', line: 1, column: 0 }, openNodeDriver, { offers: false })

/** The source with a fix applied: its columns are 1-based, its end not included, and its text as written in a string. */
export function applied(text: string, fix: NonNullable<Diagnostic['fix']>): string {
	const lines = text.split('\n')
	const line = lines[fix.line - 1]!
	lines[fix.line - 1] = line.slice(0, fix.column - 1) + fix.text + line.slice(fix.endColumn - 1)
	return lines.join('\n')
}

/** Whether a source's diagnostics offer a sentence (a fixture without one has nothing here to check). */
export function offersSentences(text: string): boolean {
	return text.includes('did you mean: "')
}

/** Each diagnostic's offered sentence carries its fix, replacing the words the error quotes; and each fix, applied alone, leaves no error inside what it wrote. */
export async function expectFixesHold(text: string, diagnostics: readonly Diagnostic[]): Promise<void> {
	for (const { message, fix } of diagnostics.filter(d => / did you mean: "/.test(d.message))) {
		// A label shown again is told at its step, where there are no words to replace.
		if (/^step \d+ still shows/.test(message)) {
			expect(fix).toBeUndefined()
			continue
		}
		expect(fix, message).toBeDefined()
		const sentence = /did you mean: "(.*)"\?$/.exec(message)![1]!
		expect(fix!.text.replace(/\\(["\\])/g, '$1')).toBe(sentence)
		const words = text.split('\n')[fix!.line - 1]!.slice(fix!.column - 1, fix!.endColumn - 1)
		const quoted = /^cannot read "(.*?)" as /.exec(message)?.[1]
		if (quoted !== undefined && !quoted.endsWith('…')) expect(words.replace(/\\(["\\])/g, '$1')).toBe(quoted)
		const after = (await recompile(applied(text, fix!))).diagnostics
		const end = fix!.column + fix!.text.length
		const inside = after.filter(d => d.line === fix!.line && d.column >= fix!.column && d.column < end)
		expect(inside.map(d => `${d.line}:${d.column}: ${d.message}`), `${message}\nfixed to: ${applied(text, fix!).split('\n')[fix!.line - 1]}`).toEqual([])
	}
}
