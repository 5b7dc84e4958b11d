// A "did you mean" is also a fix (offer-fixes.ts). Every lying and refused fixture that offers a
// sentence has its fixes applied and checked where truth.test.ts compiles it; here, a scene of its own,
// and the count of fixtures that offer.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compileScene } from '../../../src/scenes/simulation/index.ts'
import { openNodeDriver } from '../../../src/scenes/node-sqlite/node-drivers.ts'
import { applied, expectFixesHold, offersSentences } from './offer-fixes.ts'

const root = new URL('./fixtures/', import.meta.url).pathname
const offering = readdirSync(root, { withFileTypes: true, recursive: true })
	.filter(entry => entry.isFile() && entry.name.endsWith('.scene') && !entry.parentPath.includes('lies-accepted'))
	.map(entry => join(entry.parentPath, entry.name))
	.filter(file => offersSentences(readFileSync(file, 'utf8')))

const compile = (text: string) => compileScene(text, { file: 'f.scene', line: 1, column: 0 }, openNodeDriver)
/** A fixed source's compile: only its diagnostics' places are asked of it, so no "did you mean" is worked out for them. */
const recompile = (text: string) => compileScene(text, { file: 'f.scene', line: 1, column: 0 }, openNodeDriver, { offers: false })

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

	it('checks a scene of its own the way truth.test.ts checks every fixture that offers', async () => {
		const text = 'actor a "Worker A" at 10,25 icon=cpu\nactor lock "Lock" at 50,50 icon=lock\nlink a lock\n\nstep "Worker A holds the key with fence 2."\n  send lock -> a "fence 1"'
		const { diagnostics } = await compile(text)
		expect(diagnostics.some(d => / did you mean: "/.test(d.message))).toBe(true)
		await expectFixesHold(text, diagnostics)
	})
})
