import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { findSceneBlocks } from '../../../src/scenes/markdown/scene-blocks.ts'
import { compileScene } from '../../../src/scenes/simulation/compile.ts'
import type { Outcome, SceneFrames } from '../../../src/scenes/frame.ts'
import { wordOutcome } from '../../../src/scenes/outcome-words.ts'
import { stateText } from '../../../src/scenes/frame-format.ts'
import { openNodeDriver, openSqlJsDriverFactory } from '../../../src/scenes/node-sqlite/node-drivers.ts'

const SEED_PATH = new URL('../parser/fixtures/fences.md', import.meta.url)
const seed = readFileSync(SEED_PATH, 'utf8')

async function run(text: string): Promise<SceneFrames> {
	return compileScene(text, { file: 'test.scene' }, openNodeDriver)
}

async function seedFrames(text = seed): Promise<SceneFrames> {
	const [block] = findSceneBlocks(text)
	if (!block) throw new Error('the seed page has no scene')
	return compileScene(block.text, { file: 'fences.md', line: block.line, column: block.column }, openNodeDriver)
}

/** What the engine did for each message of a step, as data. */
function outcomes(frames: SceneFrames, step: number): (Outcome | undefined)[] | undefined {
	return frames.frames[step]?.messages.map(m => m.outcome)
}

function actor(frames: SceneFrames, step: number, id: string) {
	return frames.frames[step]?.actors.find(a => a.id === id)
}

/** Each diagnostic as `LINE:COL: message`. */
function errors(frames: SceneFrames): string[] {
	return frames.diagnostics.map(d => `${d.line}:${d.column}: ${d.message}`)
}

const granted = (fence: string): Outcome => ({ kind: 'granted', fence, holders: 1, limit: 1 })
const write = (fence: string, changed: boolean, before: string): Outcome => ({ kind: 'write', fence, changed, before })
const answer = (fence: string, changed: boolean, before: string): Outcome => ({ kind: 'answer', fence, changed, before })

const CAST = `
actor a    "Worker A" at 10,20 icon=cpu
actor b    "Worker B" at 10,50 icon=cpu
actor c    "Worker C" at 10,80 icon=cpu
actor lock "Lock"     at 50,50 icon=lock
actor db   "chat.db"  at 90,50 icon=database
`

describe('the seed scene', () => {
	it('verifies exactly as written, with the file\'s line numbers', async () => {
		const frames = await seedFrames()
		expect(frames.diagnostics).toEqual([])
		expect(frames.frames).toHaveLength(4)
		expect(outcomes(frames, 1)).toEqual([granted('7')])
		expect(outcomes(frames, 2)).toEqual([granted('8'), write('8', true, '0')])
		expect(outcomes(frames, 3)).toEqual([write('7', false, '8'), answer('7', false, '8')])
		expect(frames.frames.map(f => f.time)).toEqual([0, 0, 30_000, 30_000])
		expect(actor(frames, 1, 'lock')!.holders).toEqual(['a'])
		expect(actor(frames, 2, 'lock')!.holders).toEqual(['b'])
		expect(actor(frames, 3, 'a')!.lease).toMatchObject({ fence: '7', lost: true })
		expect(actor(frames, 3, 'b')!.lease).toMatchObject({ fence: '8', lost: false, expiresAt: 60_000 })
		expect(actor(frames, 3, 'a')!.state).toEqual({ text: 'paused', struck: true, ended: 'ended' })
		expect(actor(frames, 3, 'db')!.storedFence).toBe('8')
		expect(actor(frames, 0, 'db')!.storedFence).toBe('0')
		expect(frames.frames[1]!.lines).toEqual([1])
	})

	it('keeps each claim that held, with the engine\'s facts it was checked against', async () => {
		const frames = await seedFrames()
		const step1 = frames.frames[1]!.checks
		expect(step1.map(check => [check.where, check.text, check.form])).toEqual([
			[{ kind: 'message', index: 0 }, 'fence 7', 'answer-fence'],
			[{ kind: 'caption' }, "Worker A holds the chat's key with fence 7", 'holds-with-fence'],
			[{ kind: 'caption' }, 'pauses', 'pauses'],
			[{ kind: 'state', actor: 'db' }, 'fence 0', 'db-fence'],
			[{ kind: 'state', actor: 'a' }, 'paused', 'worker-paused'],
		])
		// The fence in the caption was checked against the engine's grant, not against the words.
		expect(step1[1]!.evidence).toEqual([
			{ kind: 'happened', step: 1, order: 3, what: expect.objectContaining({ kind: 'granted', worker: 'a', store: 'lock', fence: '7', at: 0 }) },
		])
		const refusal = frames.frames[3]!.checks.find(check => check.form === 'refuses-write')!
		expect(refusal.text).toBe("it refuses A's write")
		expect(refusal.evidence).toEqual([
			{ kind: 'happened', step: 3, order: expect.any(Number), what: expect.objectContaining({ kind: 'wrote', worker: 'a', fence: '7', before: '8', changed: false }) },
		])
	})

	it('marks the engine\'s values in the claims that held', async () => {
		const frames = await seedFrames()
		const step3 = frames.frames[3]!
		const marked = (text: string, marks = [] as { start: number; end: number }[]) => marks.map(m => text.slice(m.start, m.end))
		expect(marked(step3.caption, step3.captionMarks)).toEqual(['8'])
		expect(step3.messages.map(m => marked(m.label, m.marks))).toEqual([['7'], ['7', '<', '8']])
		expect(step3.captionMarks!.every(mark => mark.kind === 'value')).toBe(true)
	})

	it('reports a wrong fence at its line and column with the engine\'s value, and nothing else', async () => {
		const broken = seed.replace('send lock -> b "fence 8"', 'send lock -> b "fence 9"')
		const frames = await seedFrames(broken)
		const line = broken.split('\n').findIndex(l => l.includes('"fence 9"')) + 1
		const column = broken.split('\n')[line - 1]!.indexOf('9"') + 1
		// The "did you mean" is also the fix of the label's words, "fence 9" (the columns of its "f" and of the quote after it).
		const fix = { line, column: column - 'fence '.length, endColumn: column + 1, text: 'fence 8' }
		expect(frames.diagnostics).toEqual([{ file: 'fences.md', line, column, message: 'expected fence 9, the engine gave 8; did you mean: "fence 8"?', fix }])
	})

	it('gives the same frames on better-sqlite3 and on sql.js', async () => {
		const [block] = findSceneBlocks(seed)
		const node = await compileScene(block!.text, { file: 'f' }, openNodeDriver)
		const wasm = await compileScene(block!.text, { file: 'f' }, await openSqlJsDriverFactory())
		expect(wasm).toEqual(node)
		expect(node.frames).toHaveLength(4)
	})
})

describe('the view of an outcome', () => {
	// The one test of the words: every other test holds the frames' data, which this view words.
	it('words each of the seed\'s outcomes, and the other kinds', async () => {
		const frames = await seedFrames()
		const words = frames.frames.map(frame => frame.messages.map(m => wordOutcome(m.outcome!)))
		expect(words).toEqual([[], ['lease, fence 7'], ['lease, fence 8', 'write, fence 8: saved'], ['write, fence 7: changed no row', 'refused: 7 < 8']])
		expect(wordOutcome({ kind: 'granted', holders: 2, limit: 3 })).toBe('lease, 2 of 3 holders, no fence')
		expect(wordOutcome({ kind: 'gave-up', waitedMs: 10_000, holders: ['a'] })).toBe('gave up after waiting 10 s: held by a')
		expect(wordOutcome({ kind: 'answer', fence: '7', changed: false, before: '7' })).toBe('refused: 7 = 7')
		expect(wordOutcome({ kind: 'released', next: 'b' })).toBe('released; the key goes to b')
		expect(wordOutcome({ kind: 'none', reason: 'no-lease' })).toBe('no lease to write with')
	})
})

describe('a database without fences (fences=off)', () => {
	const unfenced = (steps: string) => `actor a "Worker A" at 10,25 icon=cpu
actor b "Worker B" at 10,75 icon=cpu
actor lock "Lock" at 50,50 icon=lock
actor db "chat.db" at 90,50 icon=database fences=off
set db "fence 0"
step "Worker A holds the key with fence 7."
  send lock -> a "fence 7"
step "A's lease runs out. Worker B holds the key with fence 8 and saves."
  send lock -> b "fence 8"
  send b -> db "save, fence 8" color=ok
  set db "fence 8"
${steps}`

	it("takes the stale write: A's summary overwrites B's, and the row's fence goes back to 7", async () => {
		const frames = await run(unfenced(`step "A saves with fence 7, and chat.db checks no fence, so the database takes A's late write."
  send a -> db "save, fence 7"
  send db -> a "saved"
  set db "summary by A"`))
		expect(frames.diagnostics).toEqual([])
		expect(outcomes(frames, 3)).toEqual([{ ...write('7', true, '8'), unchecked: true }, answer('7', true, '8')])
		expect(actor(frames, 2, 'db')!.storedFence).toBe('8')
		expect(actor(frames, 3, 'db')!.storedFence).toBe('7')
	})

	it('reports a refusal it did not make, and a summary it does not keep', async () => {
		const frames = await run(unfenced(`step "A saves with fence 7."
  send a -> db "save, fence 7"
  send db -> a "refused: 7 < 8"
  set db "summary by B"`))
		expect(errors(frames)).toEqual([
			"14:17: the label says so, but chat.db, which checks no fence, took Worker A's write with fence 7 (the row held 8)",
			"15:22: the row keeps Worker A's summary, not Worker B's; did you mean: \"summary by Worker A\"?",
		])
		expect(outcomes(frames, 3)).toEqual([{ ...write('7', true, '8'), unchecked: true }, answer('7', true, '8')])
	})
})

describe('other scenes', () => {
	it('three workers: each waits for the one before, fences grow by one', async () => {
		const frames = await run(`${CAST}
step "Worker A holds the key with fence 3."
  send lock -> a "fence 3"
step "Worker B asks for the key, then Worker C asks for it. B and C wait in line, B first."
  send b -> lock "hold"
  send c -> lock "hold"
step "A's lease runs out, and the key goes to B, first in line, with fence 4."
  send lock -> b "fence 4"
step "B lets go. The key goes to C with fence 5, and C saves."
  release b
  send lock -> c "fence 5"
  send c -> db "save, fence 5" color=ok
  set db "fence 5"
`)
		expect(frames.diagnostics).toEqual([])
		expect(frames.frames.map(f => f.time)).toEqual([0, 0, 0, 30_000, 30_000])
		expect(outcomes(frames, 2)).toEqual([{ kind: 'asked', free: false, holders: ['a'] }, { kind: 'asked', free: false, holders: ['a'] }])
		expect(frames.frames.map(f => actor(frames, f.index, 'lock')!.holders)).toEqual([[], ['a'], ['a'], ['b'], ['c']])
		expect(['a', 'b', 'c'].map(id => actor(frames, 4, id)!.lease?.fence)).toEqual(['3', undefined, '5'])
		expect(actor(frames, 4, 'db')!.storedFence).toBe('5')
	})

	it('the first fence written sets the count, counting the leases given before it without a number', async () => {
		const frames = await run(`${CAST}
step "Worker A holds the key."
  send lock -> a "lease"
step "A's lease runs out. Worker B holds the key with fence 8."
  send lock -> b "fence 8"
step "B's lease runs out. Worker C holds the key with fence 9."
  send lock -> c "fence 9"
`)
		expect(frames.diagnostics).toEqual([])
		expect(outcomes(frames, 1)).toEqual([granted('7')])
		expect(actor(frames, 1, 'a')!.lease!.fence).toBe('7')
		expect(frames.frames.map(f => f.time)).toEqual([0, 0, 30_000, 60_000])
	})

	it('a late write is accepted when nobody wrote after it', async () => {
		const frames = await run(`${CAST}
set db "fence 0"
step "Worker A holds the key with fence 1, then pauses. A's lease runs out, and Worker B holds the key with fence 2."
  send lock -> a "fence 1"
  set a "paused"
  send lock -> b "fence 2"
step "A wakes and saves, and the database takes A's late write."
  strike a "paused"
  send a -> db "save, fence 1" color=ok
  send db -> a "saved" color=ok
  set db "fence 1"
`)
		expect(frames.diagnostics).toEqual([])
		expect(outcomes(frames, 2)).toEqual([write('1', true, '0'), answer('1', true, '0')])
		expect(actor(frames, 2, 'lock')!.holders).toEqual(['b'])
		expect(actor(frames, 2, 'db')!.storedFence).toBe('1')
	})

	it('catches a refusal that did not happen and a colour that lies', async () => {
		const frames = await run(`${CAST}
step "Worker A holds the key with fence 1 and saves."
  send lock -> a "fence 1"
  send a -> db "save" color=bad
  send db -> a "refused: 1 < 0"
`)
		expect(errors(frames)).toEqual([
			"10:3: color=bad, but the database took a's write with fence 1 (the row held 0)",
			"11:17: the label says so, but chat.db took Worker A's write with fence 1 (the row held 0); did you mean: \"saved: 0 < 1\"?",
		])
		expect(outcomes(frames, 1)).toEqual([granted('1'), write('1', true, '0'), answer('1', true, '0')])
	})

	it('a semaphore has at most its limit of holders, and no fences', async () => {
		const frames = await run(`
actor a "Worker A" at 10,20 icon=cpu
actor b "Worker B" at 10,40 icon=cpu
actor c "Worker C" at 10,60 icon=cpu
actor d "Worker D" at 10,80 icon=cpu
actor exports "Exports" at 60,50 icon=lock limit=3
step "A, B and C hold the key at once. The limit is 3."
  send exports -> a "1 of 3"
  wait 10s
  send exports -> b "2 of 3"
  wait 10s
  send exports -> c "3 of 3"
step "D tries the key. The key is full, so D is refused."
  send exports -> d "full"
step "D asks for the key. A's lease runs out, and the key goes to D. D is the third holder."
  send exports -> d "3 of 3"
`)
		expect(frames.diagnostics).toEqual([])
		expect(outcomes(frames, 1)).toEqual([1, 2, 3].map(holders => ({ kind: 'granted', holders, limit: 3 })))
		expect(outcomes(frames, 2)).toEqual([{ kind: 'full', holders: ['a', 'b', 'c'], limit: 3 }])
		expect(actor(frames, 1, 'exports')!.holders).toEqual(['a', 'b', 'c'])
		expect(actor(frames, 3, 'exports')!.holders).toEqual(['b', 'c', 'd'])
		expect(frames.frames[3]!.time).toBe(30_000)
		expect(actor(frames, 1, 'a')!.lease).toEqual({ expiresAt: 30_000, lost: false })
	})

	it('a restart gives larger fences (a new epoch), written EPOCH:COUNT', async () => {
		const frames = await run(`${CAST}
step "Worker A holds the key with fence 5. The epoch is 0."
  send lock -> a "fence 5"
  set lock "epoch 0"
step "The lock restarts. A's lease is gone. B holds the key with fence 1:1 and saves."
  restart lock
  set lock "epoch 1"
  send lock -> b "fence 1:1"
  send b -> db "save, fence 1:1" color=ok
step "A saves, and the database refuses A's write."
  send a -> db "save, fence 5"
  send db -> a "refused: 5 < 1:1" color=bad
`)
		expect(frames.diagnostics).toEqual([])
		expect(actor(frames, 2, 'lock')).toMatchObject({ epoch: '1', holders: ['b'] })
		expect(actor(frames, 2, 'a')!.lease).toMatchObject({ fence: '5', lost: true })
		expect(actor(frames, 2, 'b')!.lease).toMatchObject({ fence: '1:1', lost: false })
		expect(outcomes(frames, 3)).toEqual([write('5', false, '1:1'), answer('5', false, '1:1')])
	})

	it('a restore from a backup while the clock is behind gives smaller fences (the known limit)', async () => {
		const frames = await run(`${CAST}
step "kv.db is copied to a backup at epoch 0."
  backup lock
step "The lock restarts twice. Worker A holds the key with fence 2:1 and saves."
  restart lock
  restart lock
  send lock -> a "fence 2:1"
  send a -> db "save, fence 2:1" color=ok
step "kv.db is restored from the backup: epoch 1, the copy's plus one. B holds the key with fence 1:1, and the database refuses B's write."
  restore lock
  set lock "epoch 1"
  send lock -> b "fence 1:1"
  send b -> db "save, fence 1:1" color=bad
  send db -> b "refused: 1:1 < 2:1"
step "10 s later the lock opens again. The epoch is 10000, and C holds the key with fence 10000:1."
  wait 10s
  restore lock
  set lock "epoch 10000"
  send lock -> c "fence 10000:1"
  send c -> db "save" color=ok
`)
		expect(frames.diagnostics).toEqual([])
		expect(frames.frames.map(f => actor(frames, f.index, 'lock')!.epoch)).toEqual(['0', '0', '2', '1', '10000'])
		expect(outcomes(frames, 3)).toEqual([granted('1:1'), write('1:1', false, '2:1'), answer('1:1', false, '2:1')])
		expect(outcomes(frames, 4)).toEqual([granted('10000:1'), write('10000:1', true, '2:1')])
		expect(frames.frames[4]!.time).toBe(10_000)
	})

	it('says where a label strikes something that is not there, and unknown kinds of verbs', async () => {
		const frames = await run(`${CAST}
set a "idle"
step "The key is free."
  strike a "paused"
  release a
  restart db
  restore lock
`)
		expect(frames.diagnostics.map(d => [d.line, d.message])).toEqual([
			[10, 'cannot strike "paused" on a: its label is "idle"'],
			[11, 'a holds no lease to release'],
			[12, 'restart applies to a lock store (icon=lock); db is a database'],
			[13, 'restore lock: there is no backup; take one first with "backup lock"'],
		])
		expect(actor(frames, 1, 'lock')!.holders).toEqual([])
	})

	it("ends a lease for an operator (end a): the lease is lost, the lock's lost event is drawn, and the next in line holds the key with a larger fence", async () => {
		const frames = await run(`${CAST}
step "A holds the key with fence 1, and B waits in line."
  send lock -> a "fence 1"
  set a "holding"
  send b -> lock "hold"
step "10 s later an operator ends A's lease, so the key goes to B with fence 2."
  wait 10s
  end a
  strike a "holding"
  send lock -> b "fence 2"
`)
		expect(errors(frames)).toEqual([])
		// A label about the lease, struck once the operator ended it, says why it stopped holding.
		expect(actor(frames, 2, 'a')!.state).toEqual({ text: 'holding', struck: true, ended: 'operator' })
		expect(stateText(actor(frames, 2, 'a')!.state!)).toBe('holding (ended by an operator)')
		expect(wordOutcome(frames.frames[2]!.messages[0]!.outcome!)).toBe('lost: an operator ended it; the key goes to b')
		expect(frames.frames[2]!.messages[0]).toEqual({ from: 'lock', to: 'a', label: 'lost: ended by an operator', color: 'bad', outcome: { kind: 'ended', next: 'b' } })
		expect(outcomes(frames, 2)?.[1]).toEqual(granted('2'))
		expect(actor(frames, 2, 'a')!.lease).toEqual({ fence: '1', expiresAt: 30_000, lost: true })
		expect(actor(frames, 2, 'lock')!.held).toEqual([{ worker: 'b', until: 40_000 }])
		expect(frames.frames[2]!.timeline?.map(mark => `${mark.kind} ${'worker' in mark ? mark.worker : ''} ${mark.at}`)).toEqual(['ended a 10000', 'granted b 10000'])
	})

	it("names as next on a semaphore the worker the end or the release let in, never one that held all along", async () => {
		const sem = (last: string) => `actor a "Worker A" at 10,20 icon=cpu
actor b "Worker B" at 10,50 icon=cpu
actor c "Worker C" at 10,80 icon=cpu
actor sem "Exports" at 60,50 icon=lock limit=2
step "Workers A and B hold the key at once."
  send sem -> a "1 of 2"
  send sem -> b "2 of 2"
${last}`
		const ended = await run(sem(`step "C waits."
  send c -> sem "hold, wait 1 min"
step "An operator ends A's lease."
  end a
  send sem -> c "2 of 2"
`))
		expect(errors(ended)).toEqual([])
		expect(ended.frames[3]!.messages[0]!.outcome).toEqual({ kind: 'ended', next: 'c' })
		const endedAlone = await run(sem(`step "An operator ends A's lease."
  end a
`))
		expect(endedAlone.frames[2]!.messages[0]!.outcome).toEqual({ kind: 'ended' })
		const released = await run(sem(`step "A lets go."
  send a -> sem "release"
  send sem -> a "released"
`))
		expect(released.frames[2]!.messages.map(m => m.outcome)).toEqual([{ kind: 'released' }, { kind: 'released' }])
	})

	it('says where an operator has no lease to end: a worker with none, one ended before, an actor that is no worker', async () => {
		const frames = await run(`${CAST}
step "A holds the key with fence 1."
  send lock -> a "fence 1"
  end b
  end db
step "An operator ends A's lease."
  end a
  end a
`)
		expect(errors(frames)).toEqual([
			'10:3: b holds no live lease for an operator to end',
			'11:7: an operator ends a worker\'s lease; db is a database',
			'14:3: a holds no live lease for an operator to end (its lease is already lost)',
		])
	})

	it('parse errors come back as diagnostics with the file\'s place', async () => {
		const frames = await compileScene('actor a "A" at 10,10 icon=cpu\nlink a lok\n', { file: 'x.mdx', line: 40 }, openNodeDriver)
		expect(frames.frames).toEqual([])
		expect(frames.diagnostics[0]).toMatchObject({ file: 'x.mdx', line: 41 })
	})
})
