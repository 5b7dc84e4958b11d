// The guarded check (src/scenes/guarded/): a scene whose code sample never stops, keeps what it
// makes or leaves a promise failing unhandled gets its diagnostic at its first line within the
// pool's limits, and the next scene of the same run checks as it would have; every scene's frames
// are the in-process check's. Small limits keep these fast: 3 s a scene, 96 MB of heap.
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CheckPool, LimitError, limitsFromEnv, type CheckLimits } from '../../../src/scenes/guarded/index.ts'
import { WARM_UP_SCENE } from '../../../src/scenes/guarded/warm-up.ts'
import { compileScene } from '../../../src/scenes/simulation/index.ts'
import type { SourceOrigin } from '../../../src/scenes/simulation/index.ts'
import { openNodeDriver } from '../../../src/scenes/node-sqlite/node-drivers.ts'
import { findSceneBlocks } from '../../../src/scenes/markdown/scene-blocks.ts'
import type { SceneFrames } from '../../../src/scenes/frame.ts'

const ROOT = new URL('../../../', import.meta.url).pathname
const HAZARDS = 'tests/unit/scenes/hazards'
const LIMITS: CheckLimits = { workers: 1, timeoutMs: 3000, memoryMb: 96 }
/** For tests that are about neither time nor memory: on two busy cores (a full CI run beside it) a scene may take over 3 s, or its checker hold more than 96 MB resident before it collects, and a checker stopped for that would be counted as one the scene broke. */
const PATIENT: CheckLimits = { ...LIMITS, timeoutMs: 30_000, memoryMb: 256 }
/** For the memory cases: time enough that a loaded machine's slow growth still meets the memory watch before the clock. */
const MEMORY_LIMITS: CheckLimits = { ...LIMITS, timeoutMs: 15_000 }

/** A scene of the project, with the origin the CLI gives it. */
interface Found {
	text: string
	origin: SourceOrigin
}

function sceneFile(path: string): Found {
	return { text: readFileSync(join(ROOT, path), 'utf8'), origin: { file: path, line: 1, column: 0 } }
}

const NEXT = sceneFile('tests/unit/scenes/fixtures/ok.scene')

/** Checks `first` then `NEXT` in one pool that is already warm, so the time measured is the scene's; each with the milliseconds it took. */
async function inTurn(limits: CheckLimits, first: Found): Promise<{ first: SceneFrames; ms: number; next: SceneFrames; started: number }> {
	const pool = new CheckPool(limits)
	try {
		expect((await pool.check(NEXT.text, NEXT.origin)).diagnostics, 'the pool checks a good scene').toEqual([])
		const start = performance.now()
		let ms = 0
		const [checked, next] = await Promise.all([
			pool.check(first.text, first.origin).then(frames => {
				ms = performance.now() - start
				return frames
			}),
			pool.check(NEXT.text, NEXT.origin),
		])
		return { first: checked, ms, next, started: pool.started }
	} finally {
		pool.close()
	}
}

const NEVER_STOPS = `checking this scene ran over 3 s: its code sample never stops? (a loop of builtins, a huge number, a query that never ends); the check was stopped`

describe('a scene whose code sample never stops', () => {
	it.each(['bigint-power.scene', 'thenable-loop.scene', 'endless-join.scene'])('%s: ran over 3 s, told at its first line; the next scene checks', async name => {
		const found = sceneFile(`${HAZARDS}/${name}`)
		const { first, ms, next } = await inTurn(LIMITS, found)
		expect(first).toEqual({ frames: [], diagnostics: [{ file: found.origin.file, line: 1, column: 1, message: NEVER_STOPS }] })
		// Stopped by the clock, not sooner. How soon after the clock the answer comes depends on how busy the
		// machine is (5.2 s on two cores beside a full CI run), so no upper bound here: a pool that never
		// stops the sample fails this test at vitest's 30 s limit.
		expect(ms).toBeGreaterThanOrEqual(LIMITS.timeoutMs - 50)
		expect(next.diagnostics).toEqual([])
		expect(next.frames.length).toBeGreaterThan(1)
	})
})

/** A scene that takes too much memory, what it is told, and whether this machine can tell it. */
const TOO_MUCH_MEMORY = [
	{
		title: 'keeps what it makes: used more than 96 MB',
		file: 'heap.scene',
		message: 'the code sample used more than 96 MB of memory while this scene was checked: it keeps what it makes? (an array, a string or a number that only grows); the check was stopped',
		runs: true,
	},
	{
		// SQLite's memory is not V8's heap: only the pool's watch of the process's resident memory stops it (on Linux, where /proc tells it).
		title: "its SQL makes a huge value: grew past 448 MB",
		file: 'sqlite-memory.scene',
		message: "the process checking this scene grew past 448 MB of memory: its code sample's SQL makes a huge value? (a zeroblob, a long string, a join's rows concatenated); the check was stopped",
		runs: process.platform === 'linux',
	},
]

describe('a scene whose code sample takes too much memory', () => {
	for (const { title, file, message, runs } of TOO_MUCH_MEMORY) {
		it.runIf(runs)(`${title}, told at its first line before its time is up; the next scene checks`, async () => {
			const found = sceneFile(`${HAZARDS}/${file}`)
			const { first, ms, next } = await inTurn(MEMORY_LIMITS, found)
			expect(first).toEqual({ frames: [], diagnostics: [{ file: found.origin.file, line: 1, column: 1, message }] })
			expect(ms).toBeLessThan(MEMORY_LIMITS.timeoutMs)
			expect(next.diagnostics).toEqual([])
		})
	}
})

describe('what a scene says of its own errors', () => {
	it('quotes at most 500 characters of a thrown value, and says how long it was', async () => {
		const found = sceneFile(`${HAZARDS}/long-error.scene`)
		const { first, next } = await inTurn(LIMITS, found)
		const thrown = first.diagnostics.find(d => d.message.includes("code failed"))
		expect(thrown?.message).toMatch(/x{500}\.\.\. \(1,000,000 characters in all\)$/)
		expect(Math.max(...first.diagnostics.map(d => d.message.length))).toBeLessThan(700)
		expect(next.diagnostics).toEqual([])
	})

	it('tells 100 errors of a sample that fails 2,000 times, and counts the rest', async () => {
		const found = sceneFile(`${HAZARDS}/many-unhandled.scene`)
		const { first, next } = await inTurn(LIMITS, found)
		expect(first.diagnostics).toHaveLength(101)
		expect(first.diagnostics[99]?.message).toBe("a's code failed at line 1: no 99")
		expect(first.diagnostics[100]?.message).toMatch(/^and (\d,)?\d+ more errors in this scene, not told$/)
		expect(Number(/\d[\d,]*/.exec(first.diagnostics[100]!.message)![0].replace(',', ''))).toBeGreaterThanOrEqual(1_900)
		expect(next.diagnostics).toEqual([])
	})
})

describe('a promise that fails with nothing to handle it', () => {
	it("is the scene's error, at its first line, with the frames it made; the process goes on and the next scene checks", async () => {
		const found = sceneFile(`${HAZARDS}/unhandled-rejection.scene`)
		const { first, next, started } = await inTurn(PATIENT, found)
		expect(first.diagnostics).toEqual([{ file: found.origin.file, line: 1, column: 1, message: 'a promise failed while this scene was checked, and nothing handled it: nobody waits for this' }])
		expect(first.frames.length).toBe(2)
		expect(next.diagnostics).toEqual([])
		expect(started, 'the next scene is checked by a new checker: none inherits what a scene left').toBeGreaterThanOrEqual(2)
	})

	it('is rare: a checker that checked only good and lying scenes checks the next one too', async () => {
		const lie = sceneFile('tests/unit/scenes/fixtures/lies/caption/' + readdirSync(join(ROOT, 'tests/unit/scenes/fixtures/lies/caption'))[0])
		const { first, next, started } = await inTurn(PATIENT, lie)
		expect(first.diagnostics.length).toBeGreaterThan(0)
		expect(next.diagnostics).toEqual([])
		expect(started).toBe(1)
	})
})

describe('the checker', () => {
	it('warms up on a scene that verifies', async () => {
		expect((await compileScene(WARM_UP_SCENE, { file: 'warm-up.scene' }, openNodeDriver)).diagnostics).toEqual([])
	})

	it('is given no scene after the pool closed, and says so at the scene', async () => {
		const pool = new CheckPool(LIMITS)
		pool.close()
		expect((await pool.check(NEXT.text, NEXT.origin)).diagnostics).toEqual([{ file: NEXT.origin.file, line: 1, column: 1, message: 'the scene checker was closed before this scene was checked' }])
	})
})

describe('the limits', () => {
	it('are read from SCENES_CHECK_TIMEOUT, SCENES_CHECK_MEMORY and SCENES_CHECK_WORKERS, a bare number of seconds too', () => {
		expect(limitsFromEnv({ SCENES_CHECK_TIMEOUT: '1500ms', SCENES_CHECK_MEMORY: '256', SCENES_CHECK_WORKERS: '3' })).toEqual({ workers: 3, timeoutMs: 1500, memoryMb: 256 })
		expect(limitsFromEnv({ SCENES_CHECK_TIMEOUT: '2' }).timeoutMs).toBe(2000)
		expect(limitsFromEnv({ SCENES_CHECK_TIMEOUT: '1m' }).timeoutMs).toBe(60_000)
	})

	it('say what they take when given what they cannot use', () => {
		expect(() => limitsFromEnv({ SCENES_CHECK_TIMEOUT: 'soon' })).toThrow(new LimitError('SCENES_CHECK_TIMEOUT is "soon"; it takes a duration such as 20s, 1500ms or 2m (a bare number is seconds)'))
		expect(() => limitsFromEnv({ SCENES_CHECK_WORKERS: '0' })).toThrow(LimitError)
	})
})

/** Every scene block of the site's pages, with the origin the build gives it. */
function siteScenes(): Found[] {
	const content = join(ROOT, 'content')
	return readdirSync(content, { withFileTypes: true, recursive: true })
		.filter(entry => entry.isFile() && /\.mdx?$/.test(entry.name))
		.map(entry => join(entry.parentPath, entry.name))
		.sort()
		.flatMap(path => {
			const file = relative(ROOT, path)
			return findSceneBlocks(readFileSync(path, 'utf8'), { mdx: file.endsWith('.mdx') }).map(block => ({ text: block.text, origin: { file, line: block.line, column: block.column } }))
		})
}

/** The true fixtures: scenes that verify, with a code sample or not. */
function trueFixtures(): Found[] {
	const folder = 'tests/unit/scenes/fixtures/true'
	return readdirSync(join(ROOT, folder))
		.filter(name => name.endsWith('.scene'))
		.sort()
		.map(name => sceneFile(`${folder}/${name}`))
}

describe('the frames of a guarded check', () => {
	it.each([
		['every scene of the site', siteScenes],
		['every true fixture', trueFixtures],
	])('are the in-process check\'s, for %s, and a structured clone of them is equal to them', async (_, scenes) => {
		const found = scenes()
		expect(found.length).toBeGreaterThan(0)
		const pool = new CheckPool({ timeoutMs: 60_000 })
		try {
			const guarded = await Promise.all(found.map(scene => pool.check(scene.text, scene.origin)))
			for (const [index, scene] of found.entries()) {
				const inProcess = await compileScene(scene.text, scene.origin, openNodeDriver)
				const where = `${scene.origin.file}:${scene.origin.line}`
				expect(structuredClone(inProcess), where).toStrictEqual(inProcess)
				expect(guarded[index], where).toStrictEqual(inProcess)
			}
		} finally {
			pool.close()
		}
	}, 120_000)
})
