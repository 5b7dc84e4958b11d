// A "did you mean" is also a fix: the diagnostic names the words it replaces (line, columns) and the
// sentence, as the playground's one-click fix applies it. For every fixture whose errors offer a
// sentence, each fix is applied alone to the source and the scene compiled again: the words replaced
// are the clause the error quotes, and what the fix wrote reads and holds (no error stands inside it).
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Diagnostic } from '../../../src/scenes/frame.ts'
import { compileScene } from '../../../src/scenes/simulation/index.ts'
import { openNodeDriver } from '../../../src/scenes/node-sqlite/node-drivers.ts'

const root = new URL('./fixtures/', import.meta.url).pathname
const offering = readdirSync(root, { withFileTypes: true, recursive: true })
	.filter(entry => entry.isFile() && entry.name.endsWith('.scene'))
	.map(entry => join(entry.parentPath, entry.name))
	.filter(file => readFileSync(file, 'utf8').includes('did you mean: "'))
	.sort()

const compile = (text: string) => compileScene(text, { file: 'f.scene', line: 1, column: 0 }, openNodeDriver)
/** A fixed source's compile: only its diagnostics' places are asked of it, so no "did you mean" is worked out for them. */
const recompile = (text: string) => compileScene(text, { file: 'f.scene', line: 1, column: 0 }, openNodeDriver, { offers: false })

/** The source with a fix applied: its columns are 1-based, its end not included, and its text as written in a string. */
function applied(text: string, fix: NonNullable<Diagnostic['fix']>): string {
	const lines = text.split('\n')
	const line = lines[fix.line - 1]!
	lines[fix.line - 1] = line.slice(0, fix.column - 1) + fix.text + line.slice(fix.endColumn - 1)
	return lines.join('\n')
}

describe("a 'did you mean' carries its fix, and the fix holds", () => {
	it('finds fixtures that offer sentences', () => expect(offering.length).toBeGreaterThanOrEqual(100))

	it('replaces the words of a refused caption, and the scene then verifies', async () => {
		const text = 'actor a "Worker A" at 10,25 icon=cpu\nactor lock "Lock" at 50,50 icon=lock\nlink a lock\n\nstep "Worker A holds the key, then \\"it\\" frobnicates the key."\n  send lock -> a "fence 1"'
		const [diagnostic, ...rest] = (await compile(text)).diagnostics
		expect(rest).toEqual([])
		expect(diagnostic?.message).toMatch(/did you mean: "(.*)"\?$/)
		const fix = diagnostic!.fix!
		expect(text.split('\n')[fix.line - 1]!.slice(fix.column - 1, fix.endColumn - 1)).toBe('\\"it\\" frobnicates the key')
		expect((await recompile(applied(text, fix))).diagnostics).toEqual([])
	})

	for (const file of offering) {
		it(relative(root, file), async () => {
			const text = readFileSync(file, 'utf8')
			const offered = (await compile(text)).diagnostics.filter(d => / did you mean: "/.test(d.message))
			for (const { message, fix } of offered) {
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
		}, 60_000)
	}
})
