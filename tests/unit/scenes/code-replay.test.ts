// "Edit the code": the guide's scene with the reader's sample in place of the author's, and what the
// replay changed, worded step by step. The worker's part (compile, run, draw) is the pipeline's own.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { differences, problems, withCode } from '../../../src/scenes/browser/play/code-replay.ts'
import { compileScene } from '../../../src/scenes/simulation/index.ts'
import { openNodeDriver } from '../../../src/scenes/node-sqlite/node-drivers.ts'

const page = readFileSync(new URL('../../../content/guides/locks/fences.mdx', import.meta.url), 'utf8')
const seed = /```scene\n([\s\S]*?)```/.exec(page)?.[1] ?? ''

describe("the guide's story with the reader's code", () => {
	it('puts the code in place of the sample, indented as the sample was, and nothing else', () => {
		const source = withCode(seed, 'await summaries.hold(chatId, async lease => save(chatId, text, 7n))') ?? ''
		expect(source.split('\n').slice(0, 3)).toEqual(['code ts', '  await summaries.hold(chatId, async lease => save(chatId, text, 7n))', 'end'])
		expect(source.split('\n').slice(3)).toEqual(seed.split('\n').slice(3))
		expect(withCode('actor a "A" at 1,1 icon=cpu\n', 'x')).toBeUndefined()
	})

	it('tells the answers that changed and the claims that no longer hold, by step, when the code drops the fence', async () => {
		const guide = await compileScene(seed, { file: 'f' }, openNodeDriver)
		const source = withCode(seed, 'await summaries.hold(chatId, async lease => save(chatId, text, 1n))') ?? ''
		const yours = await compileScene(source, { file: 'f' }, openNodeDriver)
		// A fence the lease did not give is the code's mistake: the write is never made, and the replay says so.
		expect(differences(guide.frames, yours.frames)).toContain("step 2: b → db: nothing (no write); the guide's: taken (fence 8, the row held 0)")
		expect(problems(source, yours).some(problem => problem.includes("b's write carries fence 1, and b's lease has fence 8"))).toBe(true)
		expect(problems(source, yours).some(problem => problem.startsWith('step 3: ') && problem.includes('fence'))).toBe(true)
	})

	it("tells nothing changed when the code is the guide's", async () => {
		const guide = await compileScene(seed, { file: 'f' }, openNodeDriver)
		const same = withCode(seed, 'await summaries.hold(chatId, async lease => save(chatId, text, lease.fence))') ?? ''
		const yours = await compileScene(same, { file: 'f' }, openNodeDriver)
		expect([...differences(guide.frames, yours.frames), ...problems(same, yours)]).toEqual([])
	})
})
