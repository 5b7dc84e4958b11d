import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeBlocks, type CodeBlock } from '../../../doctest/blocks.ts'
import { Director } from '../../../doctest/director.ts'
import { runBlock, type BlockRunner } from '../../../doctest/run-block.ts'
import { LIES } from './fences-lies.ts'

// Each lying version of a block beside the Fences page's seed scene runs as npm run doctest runs the
// block (its setup, the doctest's lock server and chat.db, the scene's frames computed by the site's
// pipeline), and must fail at the block's line with the words that say what is wrong; a change that
// tells the scene's story all the same must pass. Python, Go and Rust as the doctest runs them.

const root = fileURLToPath(new URL('../../../', import.meta.url)).replace(/\/$/, '')
const page = 'content/guides/locks/fences.mdx'
const blocks = codeBlocks(root, page)
let director: Director
let runner: BlockRunner

beforeAll(async () => {
	director = await Director.start()
	runner = { root, scratch: mkdtempSync(join(tmpdir(), 'doctest-lies-')), context: director.runContext(root), mutants: false }
})

afterAll(async () => {
	await director?.close()
	if (runner) rmSync(runner.scratch, { recursive: true, force: true })
})

describe('a lying block beside the Fences scene', () => {
	for (const lie of LIES) {
		it(`${lie.lang}: ${lie.name} ${lie.told ? 'tells the same story, and passes' : 'fails at the block'}`, { timeout: 180_000 }, async () => {
			const block = blocks.find(b => b.lang === lie.lang && b.ordinal === 1) as CodeBlock
			let text = block.text
			for (const [from, to] of lie.change) {
				expect(text, `the ${lie.lang} block has "${from}"`).toContain(from)
				text = text.replace(from, to)
			}
			const run = await runBlock({ ...block, text }, runner)
			if (run.status !== 'ran') throw new Error(`expected the block to run, got ${run.status}`)
			if (lie.told) {
				expect(run.failures).toEqual([])
				return
			}
			expect(run.failures).toHaveLength(1)
			const failure = run.failures[0] as string
			expect(failure.startsWith(`${page}:${block.line}: ${lie.lang} block 1 `), failure).toBe(true)
			for (const words of lie.expect) expect(failure).toContain(words)
		})
	}
})
