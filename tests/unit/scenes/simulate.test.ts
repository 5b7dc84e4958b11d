import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { findSceneBlocks } from '../../../src/scenes/build/scene-blocks.ts'
import { compileScene } from '../../../src/scenes/simulation/compile.ts'
import type { SceneFrames } from '../../../src/scenes/frame.ts'
import { openNodeDriver, openSqlJsDriverFactory } from '../../../src/scenes/build/node-drivers.ts'

const SEED_PATH = new URL('../parser/fixtures/fences.md', import.meta.url)
const seed = readFileSync(SEED_PATH, 'utf8')

async function run(text: string): Promise<SceneFrames> {
	return compileScene(text, { file: 'test.scene' }, openNodeDriver)
}

function messages(frames: SceneFrames, step: number) {
	return frames.frames[step]?.messages.map(m => m.computed)
}

function actor(frames: SceneFrames, step: number, id: string) {
	return frames.frames[step]?.actors.find(a => a.id === id)
}

const CAST = `
actor a    "Worker A" at 10,20 icon=cpu
actor b    "Worker B" at 10,50 icon=cpu
actor c    "Worker C" at 10,80 icon=cpu
actor lock "Lock"     at 50,50 icon=lock
actor db   "chat.db"  at 90,50 icon=database
`

describe('the seed scene', () => {
	it('verifies exactly as written, with the file\'s line numbers', async () => {
		const [block] = findSceneBlocks(seed)
		expect(block).toBeDefined()
		const frames = await compileScene(block!.text, { file: 'fences.md', line: block!.line, column: block!.column }, openNodeDriver)
		expect(frames.diagnostics).toEqual([])
		expect(frames.frames).toHaveLength(4)
		expect(messages(frames, 1)).toEqual(['lease, fence 7'])
		expect(messages(frames, 2)).toEqual(['lease, fence 8', 'write, fence 8: saved'])
		expect(messages(frames, 3)).toEqual(['write, fence 7: changed no row', 'refused: 7 < 8'])
		expect(frames.frames[2]!.time).toBe(30_000)
		expect(actor(frames, 3, 'a')!.lease).toMatchObject({ fence: '7', lost: true })
		expect(actor(frames, 3, 'a')!.state).toEqual({ text: 'paused', struck: true })
		expect(actor(frames, 3, 'db')!.storedFence).toBe('8')
		expect(actor(frames, 0, 'db')!.storedFence).toBe('0')
		expect(frames.frames[1]!.lines).toEqual([1])
	})

	it('reports a wrong fence at its line and column with the engine\'s value', async () => {
		const broken = seed.replace('send lock -> b "fence 8"', 'send lock -> b "fence 9"')
		const [block] = findSceneBlocks(broken)
		const frames = await compileScene(block!.text, { file: 'fences.md', line: block!.line, column: block!.column }, openNodeDriver)
		const line = broken.split('\n').findIndex(l => l.includes('"fence 9"')) + 1
		const column = broken.split('\n')[line - 1]!.indexOf('9"') + 1
		expect(frames.diagnostics).toEqual([{ file: 'fences.md', line, column, message: 'expected fence 9, the engine gave 8' }])
	})

	it('gives the same frames on better-sqlite3 and on sql.js', async () => {
		const [block] = findSceneBlocks(seed)
		const node = await compileScene(block!.text, { file: 'f' }, openNodeDriver)
		const wasm = await compileScene(block!.text, { file: 'f' }, await openSqlJsDriverFactory())
		expect(wasm).toEqual(node)
	})
})

describe('a database without fences (fences=off)', () => {
	const unfenced = (steps: string) => `actor a "Worker A" at 10,25 icon=cpu
actor b "Worker B" at 10,75 icon=cpu
actor lock "Lock" at 50,50 icon=lock
actor db "chat.db" at 90,50 icon=database fences=off
set db "fence 0"
step "A holds with fence 7."
  send lock -> a "fence 7"
step "B holds with fence 8 and saves."
  send lock -> b "fence 8"
  send b -> db "save, fence 8" color=ok
${steps}`

	it("takes the stale write: A's summary overwrites B's, and the row's fence goes back to 7", async () => {
		const frames = await run(unfenced(`step "A saves with fence 7; nothing checks it."
  send a -> db "save, fence 7"
  send db -> a "saved, fence 7"
  set db "summary by A"`))
		expect(frames.diagnostics).toEqual([])
		expect(messages(frames, 3)).toEqual(['write, fence 7: saved', 'saved, fence 7'])
		expect(actor(frames, 3, 'db')!.storedFence).toBe('7')
	})

	it('reports a refusal it did not make, and a summary it does not keep', async () => {
		const frames = await run(unfenced(`step "A saves with fence 7."
  send a -> db "save, fence 7"
  send db -> a "refused: 7 < 8"
  set db "summary by B"`))
		expect(frames.diagnostics.map(d => d.message)).toEqual([
			expect.stringContaining('accepted'),
			"the row keeps a's summary, not b's",
		])
	})
})

describe('other scenes', () => {
	it('three workers: each waits for the one before, fences grow by one', async () => {
		const frames = await run(`${CAST}
step "A holds."
  send lock -> a "fence 3"
step "B and C ask."
  send b -> lock "hold"
  send c -> lock "hold"
step "A's lease runs out; B is first in line."
  send lock -> b "fence 4"
step "B lets go; C gets it."
  release b
  send lock -> c "fence 5"
  send c -> db "save, fence 5" color=ok
  set db "fence 5"
`)
		expect(frames.diagnostics).toEqual([])
		expect(frames.frames[3]!.time).toBe(30_000)
		expect(frames.frames[4]!.time).toBe(30_000)
		expect(actor(frames, 4, 'lock')!.holders).toEqual(['c'])
	})

	it('the first fence written sets the count, counting the leases given before it without a number', async () => {
		const frames = await run(`${CAST}
step "A holds; the label shows no number."
  send lock -> a "lease"
step "B waits for A's lease to run out."
  send lock -> b "fence 8"
step "C waits for B's."
  send lock -> c "fence 9"
`)
		expect(frames.diagnostics).toEqual([])
		expect(actor(frames, 1, 'a')!.lease!.fence).toBe('7')
	})

	it('a late write is accepted when nobody wrote after it', async () => {
		const frames = await run(`${CAST}
set db "fence 0"
step "A holds, pauses, and its lease runs out while B holds."
  send lock -> a "fence 1"
  send lock -> b "fence 2"
step "B never writes; A's late write is the largest the database has seen."
  send a -> db "save, fence 1" color=ok
  send db -> a "saved" color=ok
  set db "fence 1"
`)
		expect(frames.diagnostics).toEqual([])
		expect(messages(frames, 2)).toEqual(['write, fence 1: saved', 'saved, fence 1'])
	})

	it('catches a refusal that did not happen and a colour that lies', async () => {
		const frames = await run(`${CAST}
step "A holds."
  send lock -> a "fence 1"
  send a -> db "save" color=bad
  send db -> a "refused: 1 < 0"
`)
		const found = frames.diagnostics.map(d => d.message)
		expect(found).toContain("color=bad, but the database accepted a's fence 1")
		expect(found).toContain(`the text says "refused", but the database accepted a's fence 1 (it held 0)`)
		expect(found).toContain('"1 < 0" is false: 1 is greater than 0')
	})

	it('a semaphore has at most its limit of holders, and no fences', async () => {
		const frames = await run(`
actor a "A" at 10,20 icon=cpu
actor b "B" at 10,40 icon=cpu
actor c "C" at 10,60 icon=cpu
actor d "D" at 10,80 icon=cpu
actor exports "Exports" at 60,50 icon=lock limit=3
step "Three hold."
  send exports -> a "1 of 3"
  wait 10s
  send exports -> b "2 of 3"
  wait 10s
  send exports -> c "3 of 3"
step "D tries and is refused."
  send exports -> d "refused: 3 of 3 held"
step "D waits; A's lease runs out and D gets its place."
  send exports -> d "3 of 3"
`)
		expect(frames.diagnostics).toEqual([])
		expect(actor(frames, 1, 'exports')!.holders).toEqual(['a', 'b', 'c'])
		expect(actor(frames, 3, 'exports')!.holders).toEqual(['b', 'c', 'd'])
		expect(actor(frames, 1, 'a')!.lease!.fence).toBeUndefined()
	})

	it('a restart gives larger fences (a new epoch), written EPOCH:COUNT', async () => {
		const frames = await run(`${CAST}
step "A holds."
  send lock -> a "fence 5"
  set lock "epoch 0"
step "The store crashes and opens again; its epoch grows."
  restart lock
  set lock "epoch 1"
  send lock -> b "fence 1:1"
  send b -> db "save, fence 1:1" color=ok
step "A's old fence is refused."
  send a -> db "save, fence 5"
  send db -> a "refused: 5 < 1:1" color=bad
`)
		expect(frames.diagnostics).toEqual([])
		expect(actor(frames, 2, 'a')!.lease!.lost).toBe(true)
	})

	it('a restore from a backup while the clock is behind gives smaller fences (the known limit)', async () => {
		const frames = await run(`${CAST}
step "A backup is taken at epoch 0."
  backup lock
step "Two restarts."
  restart lock
  restart lock
  send lock -> a "fence 2:1"
  send a -> db "save, fence 2:1" color=ok
step "The store is restored from the backup; the clock (0 ms) is behind epoch 2."
  restore lock
  set lock "epoch 1"
  send lock -> b "fence 1:1"
  send b -> db "save, fence 1:1" color=bad
  send db -> b "refused: 1:1 < 2:1"
step "Past the epochs given since the backup, fences are larger again."
  wait 10s
  restore lock
  set lock "epoch 10000"
  send lock -> c "fence 10000:1"
  send c -> db "save" color=ok
`)
		expect(frames.diagnostics).toEqual([])
	})

	it('says where a label strikes something that is not there, and unknown kinds of verbs', async () => {
		const frames = await run(`${CAST}
set a "working"
step "x"
  strike a "paused"
  release a
  restart db
  restore lock
`)
		expect(frames.diagnostics.map(d => [d.line, d.message])).toEqual([
			[10, 'cannot strike "paused" on a: its label is "working"'],
			[11, 'a holds no lease to release'],
			[12, 'restart applies to a lock store (icon=lock); db is a database'],
			[13, 'restore lock: there is no backup; take one first with "backup lock"'],
		])
	})

	it('parse errors come back as diagnostics with the file\'s place', async () => {
		const frames = await compileScene('actor a "A" at 10,10 icon=cpu\nlink a lok\n', { file: 'x.mdx', line: 40 }, openNodeDriver)
		expect(frames.frames).toEqual([])
		expect(frames.diagnostics[0]).toMatchObject({ file: 'x.mdx', line: 41 })
	})
})
