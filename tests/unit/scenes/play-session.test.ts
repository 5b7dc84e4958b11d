import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { findSceneBlocks } from '../../../src/scenes/markdown/scene-blocks.ts'
import { openNodeDriver } from '../../../src/scenes/node-sqlite/node-drivers.ts'
import { compileScene } from '../../../src/scenes/simulation/compile.ts'
import { CLOCK, offered as canTake } from '../../../src/scenes/browser/play/act.ts'
import type { ReaderAct } from '../../../src/scenes/browser/play/act.ts'
import { ACTIONS } from '../../../src/scenes/browser/play/actions/index.ts'
import { SessionError, SessionRunner } from '../../../src/scenes/browser/play/run-session.ts'
import type { SessionState } from '../../../src/scenes/browser/play/run-session.ts'
import { copiedScene, firstFences, sessionBase } from '../../../src/scenes/browser/play/session-source.ts'

const fences = readFileSync(new URL('../../../content/guides/locks/fences.mdx', import.meta.url), 'utf8')
const seed = findSceneBlocks(fences)[0]!.text
const runner = new SessionRunner(seed, openNodeDriver)
const replay = async (kept: number, fenced: boolean, acts: ReaderAct[]) => (await runner.replay(kept, fenced, acts)).at(-1)!

/** The seed's story told by the reader: after step 1, A's lease runs out, B holds and writes, A writes. */
const LATE_WRITE: ReaderAct[] = [
	{ action: 'wait', actor: CLOCK, choice: '30s' },
	{ action: 'hold', actor: 'b', choice: 'forever' },
	{ action: 'write', actor: 'b' },
	{ action: 'write', actor: 'a' },
]

const last = (state: SessionState) => state.frames[state.frames.length - 1]!

describe('a reader plays the seed scene', () => {
	it('after step 1: the engine refuses A\'s late write with A\'s fence 7 and B\'s 8, and every generated word checks', async () => {
		const state = await replay(1, true, LATE_WRITE)
		expect(state.frames).toHaveLength(6)
		expect(last(state).messages.map(m => m.label)).toEqual(['save, fence 7', 'refused: 7 < 8'])
		expect(last(state).messages[1]!.outcome).toMatchObject({ kind: 'answer', changed: false, fence: '7', before: '8' })
		expect(state.frames[3]!.messages.map(m => m.label)).toEqual(['hold', 'fence 8'])
		expect(state.frames[2]!.time).toBe(30_000)
		// The copied text is a scene the checker accepts as it is.
		const again = await compileScene(copiedScene(state.text), { file: 'copied.scene' }, openNodeDriver)
		expect(again.diagnostics).toEqual([])
		expect(again.frames).toHaveLength(6)
	})

	it('without fences: the same actions, and A\'s stale write is taken, so B\'s summary is lost', async () => {
		const state = await replay(1, false, LATE_WRITE)
		expect(last(state).messages.map(m => m.label)).toEqual(['save, fence 7', 'saved'])
		expect(last(state).caption).toContain("Worker A's summary replaces Worker B's")
		expect(last(state).actors.find(a => a.id === 'db')!.state?.text).toBe('summary by Worker A')
		expect(last(state).actors.find(a => a.id === 'db')!.storedFence).toBe('7')
		expect(state.text).toContain('icon=database fences=off')
		expect((await compileScene(copiedScene(state.text), { file: 'copied.scene' }, openNodeDriver)).diagnostics).toEqual([])
	})

	it('a restart of the store mid-scene: the next fence carries the new epoch', async () => {
		const state = await replay(1, true, [
			{ action: 'wait', actor: CLOCK, choice: '10s' },
			{ action: 'restart', actor: 'lock' },
			{ action: 'hold', actor: 'b', choice: 'forever' },
		])
		const restarted = state.frames[3]!
		expect(restarted.actors.find(a => a.id === 'lock')!.epoch).toBe('10000')
		expect(restarted.actors.find(a => a.id === 'a')!.lease).toMatchObject({ lost: true })
		expect(last(state).messages[1]!.outcome).toMatchObject({ kind: 'granted', fence: '10000:1' })
		expect(last(state).messages[1]!.label).toBe('fence 10000:1')
	})

	it("a crashed worker's process restarted: it holds nothing, its old lease keeps the key until it runs out, and it asks again", async () => {
		const state = await replay(1, true, [
			{ action: 'crash', actor: 'a' },
			{ action: 'restart-process', actor: 'a' },
			{ action: 'hold', actor: 'a', choice: 'forever' },
		])
		const restarted = state.frames[3]!
		expect(restarted.caption).toMatch(/^Worker A restarts\. Worker A's old lease ends at /)
		expect(restarted.actors.find(a => a.id === 'a')!.process).not.toBe('crashed')
		expect(last(state).messages.map(m => m.outcome?.kind)).toEqual(['asked', 'granted'])
		expect(last(state).messages[1]!.label).toBe('fence 8')
		await expect(runner.act(await runner.start(1, true), { action: 'restart-process', actor: 'a' })).rejects.toThrow('has not crashed')
		expect((await compileScene(copiedScene(state.text), { file: 'copied.scene' }, openNodeDriver)).diagnostics).toEqual([])
	})

	it('offers each action only where it makes sense, and refuses one that does not', async () => {
		const state = await runner.start(1, true)
		const offered = (actor: string) => ACTIONS.filter(action => {
			const context = runner.context(state, action, { actor })
			return context !== undefined && canTake(action, context)
		}).map(action => action.id)
		expect(offered('a')).toEqual(['write', 'resume', 'release', 'end', 'crash'])
		expect(offered('b')).toEqual(['hold', 'pause', 'crash'])
		expect(offered('lock')).toEqual(['restart', 'backup'])
		expect(offered(CLOCK)).toEqual(['wait'])
		expect(offered('db')).toEqual([])
		await expect(runner.act(state, { action: 'release', actor: 'b' })).rejects.toThrow(SessionError)
		await expect(runner.act(state, { action: 'wait', actor: CLOCK, choice: '3y' })).rejects.toThrow('takes no choice')
	})

	it('words every action and answer the engine can give, and the checker accepts each', async () => {
		const acts: ReaderAct[] = [
			{ action: 'hold', actor: 'b', choice: 'try' },
			{ action: 'hold', actor: 'b', choice: '5s' },
			{ action: 'backup', actor: 'lock' },
			{ action: 'resume', actor: 'a' },
			{ action: 'release', actor: 'a' },
			{ action: 'hold', actor: 'b', choice: '10s' },
			{ action: 'write', actor: 'b' },
			{ action: 'write', actor: 'b' },
			{ action: 'end', actor: 'b' },
			{ action: 'pause', actor: 'b' },
			{ action: 'wait', actor: CLOCK, choice: '1m' },
			{ action: 'resume', actor: 'b' },
			{ action: 'restore', actor: 'lock' },
			{ action: 'crash', actor: 'a' },
			{ action: 'hold', actor: 'b', choice: 'forever' },
		]
		const state = await replay(1, true, acts)
		expect(state.frames).toHaveLength(2 + acts.length)
		const answers = state.frames.slice(2).map(frame => frame.messages.map(m => m.outcome?.kind).join(' '))
		expect(answers).toEqual([
			'asked busy', 'asked gave-up', '', 'renewed renewed', 'released released', 'asked granted', 'write answer', 'write answer', 'ended', '', '', 'renew-failed renew-failed', '', '', 'asked granted',
		])
		expect((await compileScene(copiedScene(state.text), { file: 'copied.scene' }, openNodeDriver)).diagnostics).toEqual([])
	})

	it("ends a paused holder's lease as an operator: the key is free at once, the next holder's fence is larger, and the holder's late write is refused", async () => {
		const state = await replay(1, true, [
			{ action: 'end', actor: 'a' },
			{ action: 'hold', actor: 'b', choice: 'forever' },
			{ action: 'write', actor: 'b' },
			{ action: 'resume', actor: 'a' },
			{ action: 'write', actor: 'a' },
		])
		const ended = state.frames[2]!
		expect(ended.caption).toBe("An operator ends Worker A's lease. The key is free.")
		expect(ended.messages.map(m => [m.from, m.to, m.label])).toEqual([['lock', 'a', 'lost: ended by an operator']])
		expect(ended.actors.find(a => a.id === 'a')!.lease).toMatchObject({ fence: '7', lost: true })
		expect(state.frames[3]!.actors.find(a => a.id === 'b')!.lease).toMatchObject({ fence: '8', lost: false })
		expect(state.frames[3]!.time).toBe(0)
		expect(last(state).messages.map(m => m.outcome?.kind)).toEqual(['write', 'answer'])
		expect(last(state).messages[0]!.outcome).toMatchObject({ fence: '7', changed: false, before: '8' })
		expect((await compileScene(copiedScene(state.text), { file: 'copied.scene' }, openNodeDriver)).diagnostics).toEqual([])
	})

	it("on Seeing and breaking locks, after B joins the line: an operator's end gives B the key at once, and the copied session checks", async () => {
		const page = readFileSync(new URL('../../../content/guides/locks/seeing-and-breaking.mdx', import.meta.url), 'utf8')
		const story = new SessionRunner(findSceneBlocks(page, { mdx: true })[0]!.text, openNodeDriver)
		const state = (await story.replay(2, true, [{ action: 'end', actor: 'a' }])).at(-1)!
		const ended = last(state)
		expect(ended.caption).toBe("An operator ends Worker A's lease. The key goes to Worker B, first in line.")
		expect(ended.actors.find(a => a.id === 'b')!.lease).toMatchObject({ fence: '8', lost: false })
		expect(ended.time).toBe(0)
		expect((await compileScene(copiedScene(state.text), { file: 'copied.scene' }, openNodeDriver)).diagnostics).toEqual([])
	})

	it('on Leader election, moving the clock on until the waiting worker is let in strikes its "waiting" label: the guide\'s label no longer holds', async () => {
		const page = readFileSync(new URL('../../../content/guides/locks/leader-election.mdx', import.meta.url), 'utf8')
		const story = new SessionRunner(findSceneBlocks(page, { mdx: true })[0]!.text, openNodeDriver)
		const states = await story.replay(1, true, Array.from({ length: 20 }, () => ({ action: 'wait', actor: CLOCK, choice: '30s' })))
		const letIn = states.findIndex(state => last(state).actors.some(actor => actor.id === 'b' && actor.lease !== undefined))
		expect(letIn).toBeGreaterThan(0)
		expect(last(states[letIn]!).actors.find(actor => actor.id === 'b')!.state).toMatchObject({ text: 'waiting', struck: true })
		expect((await compileScene(copiedScene(states.at(-1)!.text), { file: 'copied.scene' }, openNodeDriver)).diagnostics).toEqual([])
	})

	it('records what the engine ran: the epoch written on open, the fenced update with its parameters and changes: 0', async () => {
		const log = await runner.engineLog(await replay(1, true, LATE_WRITE))
		const opened = log[0]!.calls.map(call => call.sql)
		expect(opened.some(sql => sql.startsWith('insert into meta'))).toBe(true)
		const write = log[5]!.calls.find(call => call.sql.startsWith('update chats'))!
		expect(write).toMatchObject({ owner: 'db', result: 'changes: 0' })
		expect(write.params).toEqual(['summary by a', '7'.padStart(40, '0'), 'chat', '7'.padStart(40, '0')])
		const chats = log[5]!.tables.find(table => table.owner === 'db' && table.table === 'chats')!
		expect(chats.columns).toEqual(['id', 'summary', 'summary_fence'])
		expect(chats.rows).toEqual([['chat', 'summary by b', '8'.padStart(40, '0')]])
		expect(log[5]!.tables.find(table => table.owner === 'lock' && table.table === 'meta')!.rows).toEqual([['epoch', 0]])
	})
})

describe('a session keeps the guide\'s numbers', () => {
	it('reads the fence each lock gave first from the guide\'s frames', async () => {
		const guide = await compileScene(seed, { file: 'fences.mdx' }, openNodeDriver)
		expect(firstFences(guide.frames)).toEqual(new Map([['lock', '7']]))
	})

	it('taken over before the first grant, a hold is given the guide\'s fence 7, not 1', async () => {
		const guide = await compileScene(seed, { file: 'fences.mdx' }, openNodeDriver)
		const keeping = new SessionRunner(seed, openNodeDriver, firstFences(guide.frames))
		const state = (await keeping.replay(0, true, [{ action: 'hold', actor: 'a', choice: 'forever' }])).at(-1)!
		expect(last(state).messages.map(m => m.label)).toEqual(['hold', 'fence 7'])
		expect(state.text).toMatch(/actor lock +"Lock" +at 50,50 icon=lock first=7\n/)
		expect((await compileScene(copiedScene(state.text), { file: 'copied.scene' }, openNodeDriver)).diagnostics).toEqual([])
		// Without the guide's first fence, the cut scene's grants name none, and its count starts at 1.
		const forgetting = (await runner.replay(0, true, [{ action: 'hold', actor: 'a', choice: 'forever' }])).at(-1)!
		expect(last(forgetting).messages.map(m => m.label)).toEqual(['hold', 'fence 1'])
	})

	it('takes over the whole of the guide\'s scene, whose every step holds as the session\'s start', async () => {
		const guide = await compileScene(seed, { file: 'fences.mdx' }, openNodeDriver)
		const keeping = new SessionRunner(seed, openNodeDriver, firstFences(guide.frames))
		const state = await keeping.start(3, true)
		expect(state.frames.map(frame => frame.messages.map(m => m.label))).toEqual(guide.frames.map(frame => frame.messages.map(m => m.label)))
	})
})

describe('the pause budget on "Over a connection", with a TTL the reader picks', () => {
	const connection = readFileSync(new URL('../../../content/guides/locks/connection.mdx', import.meta.url), 'utf8')
	const scene = findSceneBlocks(connection)[0]!.text
	const budget = new SessionRunner(scene, openNodeDriver)

	it('with a 20 s TTL the guide\'s steps hold up to step 1; a pause past the lease\'s end gives B the key, and the fence refuses A', async () => {
		await expect(budget.start(2, true, '20s')).rejects.toThrow('with the TTL at 20s')
		const state = (await budget.replay(1, true, [
			{ action: 'pause', actor: 'a' },
			{ action: 'wait', actor: CLOCK, choice: '30s' },
			{ action: 'write', actor: 'b' },
			{ action: 'resume', actor: 'a' },
			{ action: 'write', actor: 'a' },
		], '20s')).at(-1)!
		expect(state.text).toMatch(/^ttl 20s$/m)
		expect(state.frames[3]!.caption).toBe('30 s pass. The clock reads 30 s. Worker A\'s lease runs out.')
		expect(state.frames[3]!.actors.find(a => a.id === 'b')!.lease).toMatchObject({ fence: '8', lost: false })
		expect(last(state).messages.map(m => m.label)).toEqual(['save, fence 7', 'refused: 7 < 8'])
		expect((await compileScene(copiedScene(state.text), { file: 'copied.scene' }, openNodeDriver)).diagnostics).toEqual([])
	})

	it('a worker renews by hand: its lease moves on, and a lease that ran out is lost', async () => {
		const renewed = (await budget.replay(1, true, [{ action: 'wait', actor: CLOCK, choice: '5s' }, { action: 'renew', actor: 'a' }])).at(-1)!
		expect(last(renewed).messages.map(m => m.label)).toEqual(['renew', 'renewed'])
		expect(last(renewed).caption).toBe('At 5 s Worker A renews: its lease now ends at 35 s.')
		const lost = (await budget.replay(1, true, [{ action: 'wait', actor: CLOCK, choice: '30s' }, { action: 'renew', actor: 'a' }], '10s')).at(-1)!
		expect(last(lost).messages.map(m => m.label)).toEqual(['renew', 'lost'])
	})
})

describe('the session\'s text', () => {
	it('cuts the guide\'s scene after the step taken over at, and turns fences off on its databases', () => {
		const base = sessionBase(seed, 1, false)
		expect(base.kept).toBe(1)
		expect(base.text).toContain('set a "paused"')
		expect(base.text).not.toContain('Worker B holds')
		expect(base.text).toMatch(/actor db +"chat.db" +at 90,50 icon=database fences=off\n/)
		expect(sessionBase(seed, 99, true).kept).toBe(3)
	})

	it('copies a session as a scene without the guide\'s code sample and the lines its steps mark, since the reader\'s steps are not that code\'s', () => {
		const copy = copiedScene(sessionBase(seed, 2, true).text)
		expect(copy).not.toContain('code ts')
		expect(copy).not.toContain('summaries.hold')
		expect(copy).not.toMatch(/line=/)
		expect(copy).toContain('step "A\'s lease runs out. Worker B holds the key with fence 8 and saves its summary."')
	})

	it('leaves out how long a kept caption says a pause lasts, which the reader now decides, and keeps the rest of the aside', () => {
		expect(sessionBase(seed, 1, true).text).toContain('step "Worker A holds the chat\'s key with fence 7, then pauses: a garbage collection."')
		const own = 'actor a "Worker A" at 10,25 icon=cpu\nstep "A pauses: long." \n  set a "paused"\nstep "A pauses: a short nap."\n  set a "paused"\n'
		const text = sessionBase(own, 2, true).text
		expect(text).toContain('step "A pauses."')
		expect(text).toContain('step "A pauses: a nap."')
	})
})

describe('a stalled worker on "Leases and renewal", its label made to say "stalled", not "paused"', () => {
	const leases = readFileSync(new URL('../../../content/guides/locks/leases.mdx', import.meta.url), 'utf8')
	// The guide says "paused"; the label's other word for a pause must be read as one all the same.
	const scene = findSceneBlocks(leases)[0]!.text.replaceAll('"paused', '"stalled')
	const stalled = new SessionRunner(scene, openNodeDriver)
	const offeredTo = (state: SessionState, actor: string) => ACTIONS.filter(action => {
		const context = stalled.context(state, action, { actor })
		return context !== undefined && canTake(action, context)
	}).map(action => action.id)

	it('is paused as the engine has it: Resume is offered, Pause and Renew are not, each with the reason why', async () => {
		const state = await stalled.start(1, true)
		expect(last(state).actors.find(a => a.id === 'a')).toMatchObject({ state: { text: 'stalled' }, process: 'paused' })
		expect(offeredTo(state, 'a')).toEqual(['write', 'resume', 'release', 'end', 'crash'])
		const why = (id: string, actor: string) => ACTIONS.find(action => action.id === id)!.unavailable(stalled.context(state, ACTIONS.find(action => action.id === id)!, { actor })!)
		expect(why('pause', 'a')).toBe('Worker A is paused already')
		expect(why('renew', 'a')).toMatch(/^Worker A is paused/)
		expect(why('resume', 'b')).toBe('Worker B is not paused')
		expect(why('write', 'b')).toMatch(/^Worker B holds no lease/)
	})

	it('resumed after B saved with fence 8, A asks to renew and hears its lease is lost; its write with fence 7 is refused', async () => {
		const states = await stalled.replay(4, true, [{ action: 'resume', actor: 'a' }, { action: 'write', actor: 'a' }])
		const woke = states[1]!
		expect(last(woke).messages.map(m => m.outcome?.kind)).toEqual(['renew-failed', 'renew-failed'])
		expect(last(woke).caption).toBe("Worker A wakes and asks to renew its lease, but its lease is lost.")
		expect(last(woke).actors.find(a => a.id === 'a')!.process).toBeUndefined()
		const wrote = states[2]!
		expect(last(wrote).messages.map(m => m.label)).toEqual(['save, fence 7', 'refused: 7 < 8'])
		expect((await compileScene(copiedScene(wrote.text), { file: 'copied.scene' }, openNodeDriver)).diagnostics).toEqual([])
	})

	it('a write by the stalled worker wakes it first, and the engine takes it while its lease is live', async () => {
		const state = (await stalled.replay(1, true, [{ action: 'write', actor: 'a' }])).at(-1)!
		expect(last(state).caption).toBe("Worker A wakes. Worker A saves with fence 7. Worker A's fence is larger than the row's, so chat.db takes the write.")
		expect(last(state).messages.map(m => m.label)).toEqual(['save, fence 7', 'saved: 0 < 7'])
	})
})
