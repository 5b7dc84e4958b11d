/**
 * A checker process: checks the scenes the pool sends it, one at a time, as the in-process check
 * does (`compileScene` on better-sqlite3, databases reused, the sample compiler loaded), and sends
 * back each scene's frames. It knows nothing of limits: the pool watches its time and its memory,
 * and ends it when a scene's code would not let go.
 *
 * A promise that fails with nothing to handle it, or an error thrown where nothing catches it, is the
 * scene's error, never the end of the process: a scene's frames are sent only once the process's
 * event loop has turned after its check, so whatever the check left failing is told with them. Such
 * a scene marks its checker spent, and the pool replaces it: no scene inherits what another left.
 */
import { getHeapStatistics } from 'node:v8'
import { compileScene, errorWords } from '../simulation/index.ts'
import { openNodeDriver } from '../node-sqlite/node-drivers.ts'
import { compileSample } from '../sample/compile.ts'
import type { CheckerMessage, CheckRequest } from './protocol.ts'
import { failedCheck, firstLine, unhandled } from './failures.ts'
import { WARM_UP_SCENE } from './warm-up.ts'
import { residentLimitMb } from './limits.ts'

/** How many unhandled errors a scene is told of, one diagnostic each; the rest are counted in one more. */
const MOST_LOOSE_TOLD = 10

/** What went unhandled since the last scene's frames were sent; told with the next scene's, whose check it came in. */
let loose: unknown[] = []

process.on('unhandledRejection', reason => loose.push(reason))
process.on('uncaughtException', error => loose.push(error))
// The pool is gone (it ended, or died): so is the checker.
process.on('disconnect', () => process.exit(0))

function send(message: CheckerMessage): void {
	process.send?.(message)
}

/** The heap this process may use, in bytes: the pool's `--max-old-space-size`, else what V8 chose. */
const HEAP_LIMIT = heapLimit()

function heapLimit(): number {
	const given = process.execArgv.map(arg => /^--max-old-space-size=(\d+)$/.exec(arg)?.[1]).find(mb => mb !== undefined)
	return given === undefined ? getHeapStatistics().heap_size_limit : Number(given) * 1024 * 1024
}

/**
 * What a scene kept after its check holds more than half this process's heap, or its resident memory
 * (SQLite's too) is more than half what the pool lets it reach: the next scene would start short of room.
 */
function heapSpent(): boolean {
	const { heapUsed, rss } = process.memoryUsage()
	return heapUsed > HEAP_LIMIT / 2 || rss > (residentLimitMb(HEAP_LIMIT / 1024 / 1024) * 1024 * 1024) / 2
}

const turn = (): Promise<void> => new Promise(resolve => setImmediate(resolve))

/** One queue of scenes, so a second request (which the pool never sends) waits its turn rather than overlapping. */
let queue: Promise<void> = Promise.resolve()

process.on('message', (request: CheckRequest) => {
	queue = queue.then(() => check(request))
})

async function check({ id, source, origin, withoutFences, headings, suggest }: CheckRequest): Promise<void> {
	const options = { compileSample, ...(withoutFences ? { withoutFences } : {}), ...(headings ? { headings } : {}), ...(suggest ? { suggest } : {}) }
	let spent = false
	let frames = await compileScene(source, origin, openNodeDriver, options).catch((error: unknown) => {
		spent = true
		return failedCheck(origin, `the checker failed on this scene: ${errorWords(error)}`)
	})
	// Node tells an unhandled rejection once the microtasks of a turn are done: after this one, every
	// promise of the check that failed unhandled has been told.
	await turn()
	if (loose.length > 0) {
		const told = loose.slice(0, MOST_LOOSE_TOLD).map(reason => ({ ...firstLine(origin), message: unhandled(errorWords(reason)) }))
		if (loose.length > MOST_LOOSE_TOLD) told.push({ ...firstLine(origin), message: unhandled(`and ${loose.length - MOST_LOOSE_TOLD} more like them`) })
		loose = []
		frames = { ...frames, diagnostics: [...told, ...frames.diagnostics] }
		spent = true
	}
	if (heapSpent()) spent = true
	const retire = spent ? { spent: true as const } : {}
	try {
		send({ kind: 'checked', id, frames, ...retire })
	} catch (error) {
		// A frame is plain data; one that is not cannot cross, and that is the checker's bug, told at the scene.
		send({ kind: 'checked', id, frames: failedCheck(origin, `the checker could not send this scene's frames: ${errorWords(error)}`), spent: true })
	}
}

await compileScene(WARM_UP_SCENE, { file: 'warm-up.scene' }, openNodeDriver, { compileSample })
await turn()
loose = []
send({ kind: 'ready' })
