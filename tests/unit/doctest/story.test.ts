import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { CodeBlock } from '../../../doctest/blocks.ts'
import { LANGUAGES } from '../../../doctest/languages/index.ts'
import { program } from '../../../doctest/setup.ts'
import { compareOutcomes } from '../../../doctest/story/compare.ts'
import { readOutcome, type BlockOutcome } from '../../../doctest/story/outcome.ts'
import { sceneBeside } from '../../../doctest/story/scene-beside.ts'
import { sceneOutcome } from '../../../doctest/story/scene-outcome.ts'

// How a block's run is compared with the scene it plays, without running a program: the outcome line
// read, a scene's grants and writes read from its frames, and each kind of difference in words.

const root = fileURLToPath(new URL('../../../', import.meta.url)).replace(/\/$/, '')
const fences = 'content/guides/locks/fences.mdx'
const line = (outcome: object) => `doctest-outcome: ${JSON.stringify(outcome)}`
const text = (value: string) => ({ text: value })
const padded = (fence: bigint) => fence.toString().padStart(40, '0')

/** The seed story as a lock server tells it: its fences are of one epoch, larger than the scene's. */
function seedRun(change: (run: BlockOutcome) => void = () => {}): BlockOutcome {
	const [a, b] = [(1733312345678n << 64n) + 1n, (1733312345678n << 64n) + 2n]
	const run: BlockOutcome = {
		grants: [
			{ worker: 'A', fence: a },
			{ worker: 'B', fence: b },
		],
		writes: [
			{ worker: 'B', changes: 1, inHold: true, values: [text('the summary of B'), text(padded(b)), { integer: '42' }, text(padded(b))] },
			{ worker: 'A', changes: 0, inHold: true, values: [text('the summary of A'), text(padded(a)), { integer: '42' }, text(padded(a))] },
		],
	}
	change(run)
	return run
}

describe("a program's outcome line", () => {
	it('reads the leases and writes, fences every digit kept', () => {
		const output = `doctest: end the lease on lock summaries key 42\n${line({ grants: [{ worker: 'A', fence: '33138022321109446392866496577537' }], writes: [{ worker: 'A', changes: 1, inHold: true, values: [{ text: 'x' }, { integer: '42' }] }] })}\n`
		expect(readOutcome(output)).toEqual({ grants: [{ worker: 'A', fence: 33138022321109446392866496577537n }], writes: [{ worker: 'A', changes: 1, inHold: true, values: [{ text: 'x' }, { integer: '42' }] }] })
		expect(readOutcome('no line here\n')).toBeUndefined()
	})

	it('says what it expected of a line it cannot read', () => {
		expect(() => readOutcome(`${line({ grants: [], writes: [] })}\n${line({ grants: [], writes: [] })}`)).toThrow('the program printed 2 lines "doctest-outcome: ...": expected one, at its end')
		expect(() => readOutcome('doctest-outcome: {grants')).toThrow('its line "doctest-outcome: ..." is not JSON')
		expect(() => readOutcome(line({ grants: [{ worker: 'A', fence: 7 }], writes: [] }))).toThrow('grants[0].fence is 7: expected a string')
		expect(() => readOutcome(line({ grants: [{ worker: 'A', fence: '7a' }], writes: [] }))).toThrow('grants[0].fence is "7a": expected a fence in decimal')
		expect(() => readOutcome(line({ grants: [], writes: [{ worker: 'A', changes: 1, inHold: 'yes', values: [] }] }))).toThrow('writes[0].inHold is "yes": expected true or false')
		expect(() => readOutcome(line({ grants: [], writes: [{ worker: 'A', changes: 1, inHold: true, values: [{ blob: 'x' }] }] }))).toThrow('writes[0].values[0] is {"blob":"x"}: expected {"text": "..."}, {"integer": "..."} or {"other": "..."}')
	})
})

describe("a scene's grants and writes", () => {
	it("reads the seed scene's: A given 7, B given 8; B's write taken with 8, A's refused with 7", async () => {
		const seed = await sceneBeside(root, fences, 67, { above: true })
		expect(seed).toMatchObject({ id: 'scene-worker-a-holds-the-chats-key', line: 21 })
		expect(sceneOutcome(seed.frames)).toMatchObject({
			grants: [
				{ worker: 'a', fence: 7n },
				{ worker: 'b', fence: 8n },
			],
			writes: [
				{ worker: 'b', taken: true, fence: 8n },
				{ worker: 'a', taken: false, fence: 7n },
			],
		})
	})

	it('reads a fence of another epoch as its number, and finds a scene by its id', async () => {
		const restart = await sceneBeside(root, fences, 1, { id: 'fences-restart' })
		expect(sceneOutcome(restart.frames).grants).toEqual([
			{ worker: 'a', fence: 7n },
			{ worker: 'b', fence: (5000n << 64n) + 1n },
		])
	})

	it('names the scenes a page has when a setup names another, or when none is above its block', async () => {
		await expect(sceneBeside(root, fences, 67, { id: 'nowhere' })).rejects.toThrow(/^its setup plays scene "nowhere", which content\/guides\/locks\/fences\.mdx has not \(its scenes: scene-worker-a-holds-the-chats-key \(line 21\), .*fences-restart \(line \d+\)/)
		await expect(sceneBeside(root, fences, 5, { above: true })).rejects.toThrow('its setup plays the scene above it, and no scene is above line 5 of content/guides/locks/fences.mdx')
	})
})

describe("a block's run against its scene", async () => {
	const seed = sceneOutcome((await sceneBeside(root, fences, 67, { above: true })).frames)

	it('finds no difference in a run that tells the scene\'s story', () => {
		expect(compareOutcomes(seed, seedRun())).toEqual([])
	})

	it('names a worker the scene has not, with the actors it has', () => {
		expect(compareOutcomes(seed, seedRun(run => (run.grants[0]!.worker = 'C')))).toEqual([
			'its worker "C" is none of the scene\'s actors (a "Worker A", b "Worker B", lock "Lock", db "chat.db"): name a worker by the actor\'s id, its label or its label\'s last word',
		])
	})

	it('takes a worker by the actor\'s id or label as well', () => {
		expect(compareOutcomes(seed, seedRun(run => ((run.grants[0]!.worker = 'a'), (run.writes[1]!.worker = 'Worker A'))))).toEqual([])
	})

	it('tells leases given to other workers, or in another order of fences', () => {
		expect(compareOutcomes(seed, seedRun(run => run.grants.reverse()))).toContain("its leases went to B, then A; the scene's go to A, then B")
		const turned = seedRun(run => ([run.grants[0]!.fence, run.grants[1]!.fence] = [run.grants[1]!.fence, run.grants[0]!.fence]))
		expect(compareOutcomes(seed, turned)[0]).toMatch(/^A's fence \d+ > B's fence \d+; in the scene, 7 < 8$/)
	})

	it('tells writes taken or refused otherwise, or by other workers', () => {
		expect(compareOutcomes(seed, seedRun(run => (run.writes[1]!.changes = 1)))).toEqual(["its writes were B's taken, then A's taken; the scene's are B's taken, then A's refused"])
		expect(compareOutcomes(seed, seedRun(run => run.writes.pop()))).toEqual(["its writes were B's taken; the scene's are B's taken, then A's refused"])
	})

	it("tells a write that carried another lease's fence, or none, with what it bound", () => {
		const a = seedRun().grants[0]!.fence
		expect(compareOutcomes(seed, seedRun(run => (run.writes[0]!.values[1] = run.writes[0]!.values[3] = text(padded(a)))))).toEqual([
			`B's write carried A's fence (it bound "the summary of B", "${padded(a)}", 42, "${padded(a)}"); the scene's carries B's fence`,
		])
		expect(compareOutcomes(seed, seedRun(run => (run.writes[1]!.values = [text('the summary of A'), text(a.toString()), { integer: '42' }])))).toEqual([
			`A's write carried no fence its lock gave (it bound "the summary of A", "${a}", 42); the scene's carries A's fence`,
		])
	})

	it('takes a fence bound as an integer as the scene does', () => {
		expect(compareOutcomes(seed, seedRun(run => (run.writes[1]!.values = [{ integer: String(run.grants[0]!.fence) }])))).toEqual([])
	})

	it('tells a write outside its hold', () => {
		expect(compareOutcomes(seed, seedRun(run => (run.writes[0]!.inHold = false)))).toEqual(["B's write ran outside B's hold; a scene's code writes inside its hold"])
	})
})

describe("a setup's scene", () => {
	const python = LANGUAGES.find(l => l.name === 'python')!
	const block: CodeBlock = { file: 'content/page.mdx', line: 9, lang: 'python', meta: '', text: 'print(1)', ordinal: 1 }
	const withSetup = (setup: string) => {
		const dir = mkdtempSync(join(tmpdir(), 'doctest-setup-'))
		mkdirSync(join(dir, 'doctest/setups/page'), { recursive: true })
		writeFileSync(join(dir, 'doctest/setups/page/python-1.py'), `# doctest: the python block that starts: print(1)\n${setup}\n# doctest: the block\n`)
		return dir
	}

	it('is the scene above, or one by its id', () => {
		expect(program(withSetup('# doctest: plays the scene above'), block, python).plays).toEqual({ above: true })
		expect(program(withSetup('# doctest: plays scene fences-restart'), block, python).plays).toEqual({ id: 'fences-restart' })
		expect(program(withSetup(''), block, python).plays).toBeUndefined()
	})

	it('is refused at its line when the setup says it otherwise, or twice', () => {
		expect(() => program(withSetup('# doctest: plays the seed'), block, python)).toThrow(
			'doctest/setups/page/python-1.py:2: "doctest: plays the seed": expected "doctest: plays the scene above" or "doctest: plays scene ID"',
		)
		expect(() => program(withSetup('# doctest: plays the scene above\n# doctest: plays scene x'), block, python)).toThrow('doctest/setups/page/python-1.py:3: a second "doctest: plays" line; a program plays one scene')
	})
})
