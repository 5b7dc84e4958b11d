import { readFileSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { compileScene } from '../../../src/scenes/simulation/compile.ts'
import { simulateScene } from '../../../src/scenes/simulation/simulate.ts'
import { parseScene } from '../../../scene-parser/index.ts'
import { openNodeDriver } from '../../../src/scenes/build/node-drivers.ts'

const FIXTURES = new URL('./fixtures/', import.meta.url)

function fixture(folder: string, name: string): string {
	return readFileSync(new URL(`${folder}/${name}`, FIXTURES), 'utf8')
}

function fixtures(folder: string): string[] {
	return readdirSync(new URL(folder, FIXTURES)).filter(name => name.endsWith('.scene')).sort()
}

async function diagnose(text: string): Promise<string[]> {
	const frames = await compileScene(text, { file: 'f.scene' }, openNodeDriver)
	return frames.diagnostics.map(d => `${d.line}:${d.column}: ${d.message}`)
}

/** The error a lying fixture must give: its `# expect:` line. */
function expected(text: string): string {
	const line = text.split('\n').find(l => l.startsWith('# expect: '))
	if (!line) throw new Error('a lying fixture needs a "# expect: LINE:COL: message" line')
	return line.slice('# expect: '.length)
}

describe('lying scenes fail at their place with the engine\'s values', () => {
	const names = fixtures('lies')
	it('there are at least 30 of them', () => expect(names.length).toBeGreaterThanOrEqual(30))
	for (const name of names) {
		it(name, async () => {
			const text = fixture('lies', name)
			const found = await diagnose(text)
			expect(found[0]).toBe(expected(text))
		})
	}
})

describe('unusual true scenes verify', () => {
	const names = fixtures('true')
	it('there are at least 10 of them', () => expect(names.length).toBeGreaterThanOrEqual(10))
	for (const name of names) {
		it(name, async () => {
			expect(await diagnose(fixture('true', name))).toEqual([])
		})
	}
})

/** Each rule of what a scene may claim, and the fixture that shows it kept. */
const RULES: [string, string, string][] = [
	['a fence under another word is a number tied to nothing', 'lies', 'ticket-word.scene'],
	['a fence written fence=N is a fence', 'lies', 'fence-equals.scene'],
	['every number of a label is checked, not only the first', 'lies', 'second-number.scene'],
	['a relation is checked as a relation: false is an error', 'lies', 'relation-equal-strict.scene'],
	['a relation sign that is not read is refused, never ignored', 'lies', 'relation-unread.scene'],
	['success words on a refused write are an error', 'lies', 'went-through.scene'],
	['negation: "not saved" on an accepted write is an error', 'lies', 'not-saved-but-saved.scene'],
	['a worker holding after its lease was lost is an error', 'lies', 'holding-after-lost.scene'],
	['a lock held by two when one holds is an error', 'lies', 'held-by-both.scene'],
	['a number in a lock state that is no value is an error', 'lies', 'lock-state-number.scene'],
	['a caption is checked: its times and counts', 'lies', 'caption-both-hold.scene'],
	['a wait shorter than the time it takes gives up', 'lies', 'wait-runs-out.scene'],
	['busy when the key is free is an error, not a hang', 'lies', 'busy-when-free.scene'],
	['first= sets the first fence, which is then checked', 'lies', 'first-set.scene'],
	['number words are numbers', 'lies', 'semaphore-number-word.scene'],
	['a request to the lock with no verb is an error', 'lies', 'unknown-request.scene'],
	['a release is real: the next in line holds at once', 'lies', 'release-then-waiting.scene'],
]

describe('what a scene may claim', () => {
	for (const [rule, folder, name] of RULES) {
		it(rule, async () => {
			const text = fixture(folder, name)
			expect((await diagnose(text))[0]).toBe(expected(text))
		})
	}
	it('a number marked as prose is free, and shown apart from computed values', async () => {
		const text = fixture('true', 'prose-marks.scene')
		const frames = await compileScene(text, { file: 'f.scene' }, openNodeDriver)
		expect(frames.diagnostics).toEqual([])
		const step = frames.frames[1]!
		expect(step.caption).toBe("Worker A holds chat 42's key, the 1st of the day, with fence 1.")
		expect(step.captionMarks).toEqual([
			{ start: 20, end: 22, kind: 'prose' },
			{ start: 34, end: 37, kind: 'prose' },
			{ start: 61, end: 62, kind: 'value' },
		])
		const a = step.actors.find(actor => actor.id === 'a')!
		expect(a.state).toEqual({ text: 'holding, ticket 17', struck: false, marks: [{ start: 16, end: 18, kind: 'prose' }] })
	})
	it('the same number unmarked is an error that says how to mark it', async () => {
		const text = fixture('true', 'prose-marks.scene').replace('ticket `17`', 'ticket 17')
		const found = await diagnose(text)
		expect(found).toHaveLength(1)
		expect(found[0]).toMatch(/17 is not a value the engine computed here .*mark a number that is not the engine's as prose: `17`/)
	})
	it('the stage shows the clock: each frame carries its time', async () => {
		const frames = await compileScene(fixture('true', 'times.scene'), { file: 'f.scene' }, openNodeDriver)
		expect(frames.frames.map(f => f.time)).toEqual([0, 0, 40_000])
	})
	it('frames carry structured outcomes, and the words are made from them', async () => {
		const frames = await compileScene(fixture('true', 'wait-runs-out.scene'), { file: 'f.scene' }, openNodeDriver)
		const answer = frames.frames[2]!.messages[1]!
		expect(answer.outcome).toEqual({ kind: 'gave-up', waitedMs: 5000, holders: ['a'] })
		expect(answer.computed).toBe('gave up after waiting 5 s: held by a')
		expect(frames.frames[2]!.time).toBe(5000)
	})
})

describe('nothing hangs and nothing fails silently', () => {
	it('a failure inside the checker is the scene\'s error', async () => {
		const parsed = parseScene('actor lock "L" at 50,50 icon=lock\nstep "x"\n  set lock "free"\n', { file: 'f.scene' })
		if (!parsed.ok) throw new Error('the scene should parse')
		const frames = await simulateScene(parsed.scene, {
			file: 'f.scene',
			openDriver: () => {
				throw new Error('disk on fire')
			},
		})
		expect(frames.diagnostics.map(d => d.message)).toEqual(['the checker failed on this scene: disk on fire'])
	})
	it('a hold that is never granted within the scene\'s time is an error, not a hang', async () => {
		const found = await diagnose(`actor a "A" at 10,10 icon=cpu
actor b "B" at 10,90 icon=cpu
actor lock "L" at 50,50 icon=lock
step "A asks for an hour-long wait... and renews forever is not possible; B waits."
  send lock -> a "fence 1"
  send a -> lock "renew"
  send lock -> a "renewed"
  send lock -> b "fence 2"
`)
		expect(found).toEqual([])
	})
	it('a scene past its 30 days of simulated time is an error', async () => {
		const found = await diagnose('actor a "A" at 10,10 icon=cpu\nstep "x"\n  wait 1h\n' + '  wait 24h\n'.repeat(31))
		expect(found.some(f => f.includes('past its limit of 30 days'))).toBe(true)
	})
})
