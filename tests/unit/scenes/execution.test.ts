// A scene is an execution: its code sample is the program each worker runs, its steps the schedule.
// These pin what that means: a crashed worker takes no lease, a paused worker's code does not run,
// the lit line is the line that ran, and the code's own values (its fence, its wait, its TTL, its
// renewals) are what the engine sees.
import { describe, expect, it } from 'vitest'
import { compileScene } from '../../../src/scenes/simulation/index.ts'
import { openNodeDriver } from '../../../src/scenes/node-sqlite/node-drivers.ts'
import type { SceneFrames } from '../../../src/scenes/frame.ts'
import { timelineLanes, timelineText } from '../../../src/scenes/render/index.ts'

const CAST = `actor a     "Worker A"  at 10,25 icon=cpu
actor b     "Worker B"  at 10,75 icon=cpu
actor lock  "Lock"      at 50,50 icon=lock first=7
actor db    "chat.db"   at 90,50 icon=database
link a lock
link b lock
link a db
link b db
set db "fence 0"`

function scene(code: string, steps: string, cast = CAST): string {
	return `code ts\n${code
		.trim()
		.split('\n')
		.map(line => `  ${line}`)
		.join('\n')}\nend\n${cast}\n\n${steps.trim()}\n`
}

async function run(text: string): Promise<SceneFrames> {
	return compileScene(text, { file: 'f.scene' }, openNodeDriver)
}

async function errors(text: string): Promise<string[]> {
	return (await run(text)).diagnostics.map(d => `${d.line}:${d.column}: ${d.message}`)
}

const SAVE = 'await summaries.hold(chatId, async lease => save(chatId, text, lease.fence), { wait: Infinity })'

describe('a crashed worker', () => {
	const steps = `
step "Worker A holds the key with fence 7. Worker B asks for the key and waits in line."
  send lock -> a "fence 7"
  set a "paused"
  send b -> lock "hold"
  set b "waiting"

step "Worker B crashes."
  set b "crashed"`

	it('leaves the line: its waiting hold ends with its process, so the key does not go to it', async () => {
		const frames = await run(scene(SAVE, `${steps}\n\nstep "At 30 s A's lease runs out, and the key is free."\n  wait 30s\n  set lock "free"`))
		expect(frames.diagnostics).toEqual([])
		const last = frames.frames.at(-1)
		expect(last?.actors.find(actor => actor.id === 'lock')?.holders).toEqual([])
	})

	it('is handed no lease: a scene that says it gets the key fails there', async () => {
		const found = await errors(scene(SAVE, `${steps}\n\nstep "At 30 s A's lease runs out, and the key goes to B with fence 8."\n  send lock -> b "fence 8"`))
		expect(found.some(error => /b crashed, and a crashed process takes no lease/.test(error))).toBe(true)
	})
})

describe('a crashed worker whose process restarts', () => {
	const LOOP = `for (;;) {
  try {
    await summaries.hold(chatId, async lease => save(chatId, text, lease.fence), { ttl: '10s', wait: '1m' })
  } catch (err) {
    continue
  }
}`
	const ONE = `actor a     "Worker A"  at 10,25 icon=cpu
actor lock  "Lock"      at 50,50 icon=lock
actor db    "chat.db"   at 90,50 icon=database
set db "fence 0"
ttl 10s`
	const crash = `
step "Worker A asks for the key and gets it with fence 1."
  send a -> lock "hold"
  send lock -> a "fence 1"

step "A crashes without letting go of the key."
  set a "crashed"`

	it('runs its code again from the first line as a new process, which asks again and waits behind the old lease until it runs out', async () => {
		const frames = await run(
			scene(
				LOOP,
				`${crash}

step "At 4 s A restarts and asks for the key again. A's old lease still holds the key, so A waits in line."
  wait 4s
  strike a "crashed"
  send a -> lock "hold"

step "At 10 s A's lease runs out, and A gets the key with fence 2."
  send lock -> a "fence 2"`,
				ONE,
			),
		)
		expect(frames.diagnostics).toEqual([])
		const [, , down, back, granted] = frames.frames
		// Crashed: the stage shows it, and the old lease holds the key.
		expect(down?.actors.find(actor => actor.id === 'a')?.process).toBe('crashed')
		// Restarted at 4 s: its code ran from line 1 again, the label is struck as restarted, the process runs, and it holds
		// nothing of the old lease, which the store still names A's: the new process waits in line behind it.
		expect(back?.time).toBe(4000)
		expect(back?.ran).toEqual([{ worker: 'a', lines: [1, 2, 3], at: 3 }])
		const a = back?.actors.find(actor => actor.id === 'a')
		expect(a?.process).toBeUndefined()
		expect(a?.state).toMatchObject({ text: 'crashed', struck: true, ended: 'restarted' })
		expect(a?.lease).toBeUndefined()
		expect(back?.actors.find(actor => actor.id === 'lock')?.held).toEqual([{ worker: 'a', until: 10_000 }])
		expect(back?.timeline?.map(mark => mark.kind)).toEqual(['process-restarted', 'asked'])
		// At 10 s the old lease runs out (with nothing renewing it since the crash), and the new process gets the key.
		expect(granted?.time).toBe(10_000)
		expect(granted?.timeline?.map(mark => mark.kind)).toEqual(['expired', 'granted'])
		expect(granted?.actors.find(actor => actor.id === 'a')?.lease).toMatchObject({ fence: '2', expiresAt: 20_000, lost: false })
		// The timeline shades A's lane from the crash to the restart, not to the scene's end.
		expect(timelineLanes(frames.frames).pauses).toMatchObject([{ worker: 'a', from: 0, to: 4000, how: 'crashed', restarted: true }])
		expect(timelineText(frames.frames)).toContain('crashed at 0 s, restarted at 4 s')
	})

	it('is refused by a try while its old lease is live: the new process knows nothing of that lease', async () => {
		const TRY = `for (;;) {
  try {
    await summaries.tryHold(chatId, async lease => save(chatId, text, lease.fence), { ttl: '10s' })
  } catch (err) {
    continue
  }
}`
		const frames = await run(
			scene(
				TRY,
				`
step "Worker A tries the key and gets it with fence 1."
  send a -> lock "try"
  send lock -> a "fence 1"

step "A crashes without letting go of the key."
  set a "crashed"

step "At 4 s A restarts and tries the key again. The lock refuses A: A's old lease still holds the key."
  wait 4s
  strike a "crashed"
  send a -> lock "try"
  send lock -> a "held" color=bad`,
				ONE,
			),
		)
		expect(frames.diagnostics).toEqual([])
		expect(frames.frames.at(-1)?.timeline?.map(mark => mark.kind)).toEqual(['process-restarted', 'asked', 'refused'])
	})

	it('is an error to restart a worker whose process did not crash, at the strike', async () => {
		const found = await errors(scene(LOOP, `${crash.replace('set a "crashed"', 'set a "stalled"').replace('A crashes without letting go of the key.', 'A stalls.')}

step "12 s pass."
  wait 12s
  strike a "crashed"`, ONE))
		expect(found).toEqual(['25:12: cannot strike "crashed" on a: its label is "stalled"; striking "crashed" restarts a crashed process, and a\'s label does not say it crashed (set a "crashed" in an earlier step)'])
	})

	it('is no store: restart names a lock, and its error says how a worker restarts', async () => {
		const found = await errors(scene(LOOP, `${crash}

step "12 s pass."
  wait 12s
  restart a`, ONE))
		expect(found).toContain('25:3: restart applies to a lock store (icon=lock); a is a worker; a crashed worker\'s process restarts where its label is struck (strike a "crashed")')
	})
})

describe('a paused worker', () => {
	it("runs no code: a write shown while it is paused fails, and the write does not happen", async () => {
		const frames = await run(
			scene(
				SAVE,
				`
step "Worker A holds the key with fence 7, then pauses."
  send lock -> a "fence 7"
  set a "paused"

step "A saves."
  send a -> db "save, fence 7"`,
			),
		)
		expect(frames.diagnostics.map(d => d.message).some(message => message.includes("a's process is paused"))).toBe(true)
		expect(frames.frames.at(-1)?.actors.find(actor => actor.id === 'db')?.storedFence).toBe('0')
	})

	it('renews nothing while paused, so its lease runs out; awake, its code renews it and it does not', async () => {
		const story = (pause: string) =>
			scene(
				SAVE,
				`
step "Worker A holds the key with fence 7."
  send lock -> a "fence 7"
${pause}
step "A minute passes."
  wait 1m`,
			)
		const paused = await run(story('  set a "paused"\n'))
		const awake = await run(story(''))
		expect(paused.frames.at(-1)?.actors.find(actor => actor.id === 'a')?.lease?.lost).toBe(true)
		expect(awake.frames.at(-1)?.actors.find(actor => actor.id === 'a')?.lease?.lost).toBe(false)
	})
})

describe('the lit line is the line that ran', () => {
	const code = `
await summaries.hold(chatId, async lease => {
  const summary = await summarize(chatId)
  await save(chatId, summary, lease.fence)
}, { wait: Infinity })`

	it('lights the lines each worker ran in the step, computed', async () => {
		const frames = await run(scene(code, `step "Worker A holds the key with fence 7 and saves."\n  send lock -> a "fence 7"\n  send a -> db "save, fence 7" color=ok\n  set db "fence 7"`))
		expect(frames.diagnostics).toEqual([])
		expect(frames.frames[1]?.lines).toEqual([1, 2, 3])
		// Its function has returned: the code stands at its hold (line 1), which lets go when a step shows it.
		expect(frames.frames[1]?.ran).toEqual([{ worker: 'a', lines: [1, 2, 3], at: 1 }])
	})

	it('fails a line= that is not the line that ran, with the lines that did', async () => {
		const found = await errors(scene(code, `step "Worker A holds the key with fence 7." line=3\n  send lock -> a "fence 7"`))
		// The save (line 3) the code reached only waits for its act: it runs in the step that shows it, not in this one.
		expect(found).toEqual([expect.stringMatching(/^\d+:1: line=3, but the code that ran in this step is lines 1-2 \(a: lines 1-2\); write line=1-2/)])
	})

	it('lights a save in the step that shows it, and the statement before it while the code waits there', async () => {
		const frames = await run(scene(code, `step "Worker A holds the key with fence 7."
  send lock -> a "fence 7"

step "A is still working."
  wait 3s

step "A saves with fence 7."
  send a -> db "save, fence 7" color=ok
  set db "fence 7"`))
		expect(frames.diagnostics).toEqual([])
		expect(frames.frames.slice(1).map(frame => frame.lines)).toEqual([[1, 2], [2], [3]])
	})
})

describe("the engine sees the code's own values", () => {
	it("writes the fence the code passes: a lease's id is no fence", async () => {
		const found = await errors(scene('await summaries.hold(chatId, async lease => save(chatId, text, lease.id))', `step "Worker A holds the key with fence 7."\n  send lock -> a "fence 7"`))
		expect(found).toEqual([expect.stringMatching(/a's code failed at line 1: TypeError: save: fence "0-1": expected a lease's fence/)])
	})

	it('refuses a fence kept as text but not padded: it compares wrong', async () => {
		const code = 'await summaries.hold(chatId, async lease => db.exec`update chats set summary_fence = ${String(lease.fence)} where id = ${chatId}`)'
		const found = await errors(scene(code, `step "Worker A holds the key with fence 7 and saves."\n  send lock -> a "fence 7"\n  send a -> db "save, fence 7"`))
		expect(found.some(error => /keeps "7" as the row's fence/.test(error))).toBe(true)
	})

	it("holds the wait the code gives: a hold with the default 10 s gives up before a 30 s lease runs out", async () => {
		const code = 'await summaries.hold(chatId, async lease => save(chatId, text, lease.fence))'
		const found = await errors(
			scene(
				code,
				`
step "Worker A holds the key with fence 7, then pauses. Worker B asks for the key and waits in line."
  send lock -> a "fence 7"
  set a "paused"
  send b -> lock "hold"
  set b "waiting"

step "At 30 s A's lease runs out, and the key goes to B with fence 8."
  send lock -> b "fence 8"`,
			),
		)
		expect(found.some(error => /gave up after waiting 10 s/.test(error))).toBe(true)
	})

	it("holds a scene's leases to its TTL", async () => {
		const found = await errors(scene("await summaries.hold(chatId, work, { ttl: '5s' })", `step "Worker A holds the key with fence 7."\n  send lock -> a "fence 7"`))
		expect(found).toEqual(["2:3: a's code holds with a 5 s TTL (line 1), and the scene's leases last 30 s (a scene's TTL unless it says ttl); write ttl 5s in the scene, or the scene's TTL in the code"])
	})

	it('lets go only when a step says so, and a write the code makes first is what the step must show', async () => {
		const code = 'await summaries.hold(chatId, async lease => {\n  await lease.release()\n  await save(chatId, text, lease.fence)\n})'
		const found = await errors(scene(code, `step "Worker A holds the key with fence 7 and saves."\n  send lock -> a "fence 7"\n  send a -> db "save, fence 7"`))
		expect(found.some(error => /a writes db, but a's code lets go of its lease \(line 2\) next/.test(error))).toBe(true)
	})

	it('stops code that never stops, at its line, rather than hanging', async () => {
		const found = await errors(scene('for (;;) fenceText(1n)', `step "Worker A holds the key with fence 7."\n  send lock -> a "fence 7"`))
		expect(found.some(error => /^2:3: a's code failed at line 1: the code sample (ran 1,000,000 statements|called its prelude 100,000 times) in one scene; it never stops\?/.test(error))).toBe(true)
	})

	it('refuses a sample in another language, saying where that language goes', async () => {
		const found = await errors(`code python\n  async with summaries.hold(chat_id) as lease:\n    await save(chat_id, text, lease.fence)\nend\n${CAST}\n\nstep "Worker A holds the key with fence 7."\n  send lock -> a "fence 7"\n`)
		expect(found).toEqual([expect.stringMatching(/^1:1: a scene's code sample is TypeScript \(code ts\)/)])
	})

	it('names the domains there are when a scene names another', async () => {
		const found = await errors(`domain queue\n${CAST}\n\nstep "Worker A holds the key with fence 7."\n  send lock -> a "fence 7"\n`)
		expect(found).toEqual(['1:1: no domain is named "queue"; the domains are chat, jobs'])
	})

	it("runs a sample against its domain's table and names (the jobs domain's term)", async () => {
		const code = "await elections.hold('leader', async lease => db.exec`update jobs set term = ${fenceText(lease.fence)} where id = ${jobId} and term < ${fenceText(lease.fence)}`)"
		const frames = await run(`code ts\n  ${code}\nend\ndomain jobs\n${CAST.replace('chat.db', 'jobs.db')}\n\nstep "Worker A holds the key with fence 7 and saves."\n  send lock -> a "fence 7"\n  send a -> db "save, fence 7" color=ok\n  set db "fence 7"\n`)
		expect(frames.diagnostics).toEqual([])
	})
})

describe('every run of a scene is the same', () => {
	it("draws the same numbers from Math.random on every run: the worker's own seeded Math", async () => {
		const code = 'await summaries.hold(chatId, async lease => save(chatId, text, Math.random() < 2 ? lease.fence : 0n))'
		const text = scene(code, `step "Worker A holds the key with fence 7 and saves."\n  send lock -> a "fence 7"\n  send a -> db "save, fence 7" color=ok\n  set db "fence 7"`)
		const [one, two] = [await run(text), await run(text)]
		expect(one.diagnostics).toEqual([])
		expect(JSON.stringify(one.frames)).toBe(JSON.stringify(two.frames))
	})
})

describe("the compiled program's own names", () => {
	it('are refused in a sample, which could otherwise switch off the guard that stops a spinning sample', async () => {
		const found = await errors(scene('const __tick = (line: number) => line\nfor (;;) {}', `step "Worker A holds the key with fence 7."\n  send lock -> a "fence 7"`))
		expect(found[0]).toMatch(/^2:9: names starting with two underscores are the compiled program's own; call it something else than "__tick"/)
	})
})
