import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { codeBlocks } from '../../../doctest/blocks.ts'
import type { Outcome } from '../../../doctest/languages/index.ts'
import { runBlock } from '../../../doctest/run-block.ts'
import { findSceneBlocks } from '../../../src/scenes/markdown/scene-blocks.ts'

// What a block's run comes to, with a stand-in for the program (its output given): a setup that plays
// a scene is held to its outcome line, and a program that plays a story to naming its scene.

const repo = fileURLToPath(new URL('../../../', import.meta.url)).replace(/\/$/, '')
const seedScene = findSceneBlocks(readFileSync(join(repo, 'content/guides/locks/fences.mdx'), 'utf8'), { mdx: true })[0]!.text

/** A repository of one page (the seed scene, then a Python block) and its block's setup; its program "prints" `output`. */
async function run(setupLines: string, output: Outcome) {
	const root = mkdtempSync(join(tmpdir(), 'doctest-run-'))
	mkdirSync(join(root, 'content'))
	mkdirSync(join(root, 'doctest/setups/page'), { recursive: true })
	writeFileSync(join(root, 'content/page.mdx'), `# A page\n\n\`\`\`scene\n${seedScene}\n\`\`\`\n\n\`\`\`python\nprint("the story")\n\`\`\`\n`)
	writeFileSync(join(root, 'doctest/setups/page/python-1.py'), `# doctest: the python block that starts: print("the story")\n${setupLines}# doctest: the block\n`)
	const [block] = codeBlocks(root, 'content/page.mdx')
	const scratch = mkdtempSync(join(tmpdir(), 'doctest-run-scratch-'))
	const result = await runBlock(block!, { root, scratch, context: { root, env: {}, exec: async () => output } })
	return result.status === 'ran' ? result.failures : [result.status]
}

const told = (writes: object[]) => `doctest-outcome: ${JSON.stringify({ grants: [{ worker: 'A', fence: '7' }, { worker: 'B', fence: '8' }], writes })}\n`
const padded = (n: number) => String(n).padStart(40, '0')
const seedWrites = [
	{ worker: 'B', changes: 1, inHold: true, values: [{ text: padded(8) }] },
	{ worker: 'A', changes: 0, inHold: true, values: [{ text: padded(7) }] },
]

describe('a block that plays a scene', () => {
	it('passes when its outcome line tells the scene\'s story', async () => {
		expect(await run('# doctest: plays the scene above\n', { ok: true, output: told(seedWrites), leasesEnded: 1 })).toEqual([])
	})

	it("fails at its line when the story differs, with the scene's place and what it printed", async () => {
		const [failure] = await run('# doctest: plays the scene above\n', { ok: true, output: told([{ ...seedWrites[0]!, changes: 0 }, seedWrites[1]!]) })
		expect(failure).toMatch(/^content\/page\.mdx:\d+: python block 1 plays the scene scene-worker-a-holds-the-chats-key at content\/page\.mdx:3, and its run differs from the scene's frames:\n  - its writes were B's refused, then A's refused; the scene's are B's taken, then A's refused\n  what it printed:\n    doctest-outcome: /)
	})

	it('fails when it prints no outcome line', async () => {
		expect(await run('# doctest: plays the scene above\n', { ok: true, output: 'done\n' })).toEqual([
			expect.stringMatching(/^content\/page\.mdx:\d+: python block 1 plays the scene scene-worker-a-holds-the-chats-key at content\/page\.mdx:3 \(its setup doctest\/setups\/page\/python-1\.py says so\), but printed no line "doctest-outcome: \{\.\.\.\}" to compare with it/),
		])
	})

	it('fails with its own output when the program fails, the block\'s lines in the program and the page given', async () => {
		const [failure] = await run('# doctest: plays the scene above\n', { ok: false, output: 'Traceback: line 3\n' })
		expect(failure).toMatch(/^content\/page\.mdx:(\d+): python block 1 failed \(setup doctest\/setups\/page\/python-1\.py; the block is its program's lines 3 to 3, the page's \d+ to \d+\):\n    Traceback: line 3$/)
	})
})

describe('a block that names no scene', () => {
	it('fails when it asked the director to end a lease, playing a story', async () => {
		expect(await run('', { ok: true, output: '', leasesEnded: 1 })).toEqual([expect.stringContaining('python block 1 asked the director to end a lease, playing a story, but its setup (doctest/setups/page/python-1.py) names no scene to compare it with')])
	})

	it('fails when it prints an outcome line', async () => {
		expect(await run('', { ok: true, output: told(seedWrites) })).toEqual([expect.stringContaining('python block 1 printed a line "doctest-outcome: ...", but its setup (doctest/setups/page/python-1.py) names no scene it plays')])
	})

	it('passes on its exit alone otherwise', async () => {
		expect(await run('', { ok: true, output: 'hello\n' })).toEqual([])
	})
})
