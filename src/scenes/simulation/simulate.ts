/**
 * The simulation: a scene's syntax tree run against the real lock engine on a simulated clock,
 * giving one frame for the initial state and one per step. Each statement runs through its
 * verb's handler (verbs/); every number, relation and outcome a text claims is held against the
 * engine's values, and a claim the engine denies is a diagnostic at the place it was written.
 */
import type { Actor, Scene, SetState, Step, Strike } from '../../../scene-parser/index.ts'
import { fenceText } from '../../../engine/index.ts'
import type { Frame, FrameMessage, SceneFrames } from '../frame.ts'
import { checkFenceOwners } from './claims/owners.ts'
import { readText } from './claims/read-text.ts'
import { readOutcomes } from './claims/vocabulary.ts'
import { countOf, writtenFenceValue } from './notation.ts'
import { VERBS } from './verbs/index.ts'
import type { StepRun } from './verbs/index.ts'
import { World } from './world.ts'
import type { OpenDriver } from './world.ts'

export type { OpenDriver } from './world.ts'
export { DEFAULT_KEY, DEFAULT_TTL_MS, SCENE_QUIET_ROUNDS, SCENE_TIME_LIMIT_MS } from './world.ts'

export interface SimulateOptions {
	openDriver: OpenDriver
	/** The file the scene came from, named in diagnostics. */
	file?: string
	/** Called once each frame is made, before the next step runs: what a recording driver saw since belongs to that frame. */
	onFrame?: (index: number) => void
	/** The event-loop rounds the scene's clock waits for (SCENE_QUIET_ROUNDS); a test compares more. */
	quietRounds?: number
}

/** The most steps a scene may have; more is an error, not a long wait. */
export const SCENE_STEP_LIMIT = 10_000

/** Runs a parsed scene on the engine and returns its frames and diagnostics; it never throws. */
export async function simulateScene(scene: Scene, options: SimulateOptions): Promise<SceneFrames> {
	const world = new World(scene, options.openDriver, options.file, options.quietRounds)
	const frames: Frame[] = []
	try {
		if (scene.steps.length > SCENE_STEP_LIMIT) {
			world.report(scene.position, `a scene has at most ${SCENE_STEP_LIMIT} steps; this one has ${scene.steps.length}`)
			return finish(scene, frames, world)
		}
		await world.open(actor => startCount(scene, actor))
		for (const statement of scene.initial) initial(world, statement)
		frames.push(frameOf(world, 0, undefined, [], []))
		options.onFrame?.(0)
		for (const [index, step] of scene.steps.entries()) {
			if (world.stopped) break
			frames.push(await runStep(world, index + 1, step))
			options.onFrame?.(index + 1)
		}
	} catch (error) {
		// A failure inside the checker is the scene's error too: the build must never pass on it.
		world.report(scene.position, `the checker failed on this scene: ${error instanceof Error ? error.message : String(error)}`)
		if (frames.length === 0) frames.push(frameOf(world, 0, undefined, [], []))
	} finally {
		await world.dispose().catch(() => {})
	}
	return finish(scene, frames, world)
}

function finish(scene: Scene, frames: Frame[], world: World): SceneFrames {
	const diagnostics = [...frames.flatMap(f => f.diagnostics), ...world.diagnostics.filter(d => !frames.some(f => f.diagnostics.includes(d)))]
	return {
		code: scene.code ? { lang: scene.code.lang, lines: scene.code.lines } : undefined,
		frames,
		diagnostics,
	}
}

/**
 * The count a store starts from: `first=N` less one, else just below the first fence its actor
 * sends a worker, less one for each lease it gave before that send without writing a number.
 */
function startCount(scene: Scene, actor: Actor): bigint {
	if (actor.first !== undefined) return BigInt(actor.first) - 1n
	let earlier = 0n
	for (const step of scene.steps) {
		for (const statement of step.statements) {
			// After a restart the count starts again from 0, so only the first open's grants count.
			if ((statement.kind === 'restart' || statement.kind === 'restore') && statement.actor.id === actor.id) return 0n
			if (statement.kind !== 'send' || statement.from.id !== actor.id) continue
			const target = scene.actors.find(a => a.id === statement.to.id)
			if (!target || target.icon === 'lock' || target.icon === 'database' || target.icon === 'clock') continue
			const read = readText(statement.label.value)
			const said = readOutcomes(read.words, 'lock-answer').said.map(s => s.said)
			if (said.some(s => s === 'busy' || s === 'full' || s === 'waiting' || s === 'gave-up' || s === 'renewed' || s === 'lost' || s === 'released')) continue
			const written = read.numbers.find(n => n.role === 'fence' && /^\d+(?::\d+)?$/.test(n.written))
			if (!written) {
				earlier++
				continue
			}
			const count = countOf(writtenFenceValue(written.written)) - 1n - earlier
			return count > 0n ? count : 0n
		}
	}
	return 0n
}

/** A statement before the first step: state. `set DB "fence N"` writes the row's fence; any other is checked. */
function initial(world: World, statement: SetState | Strike): void {
	if (statement.kind === 'strike') {
		VERBS.strike(world, statement, { messages: [] })
		return
	}
	const database = world.databases.get(statement.actor.id)
	if (database) {
		const read = readText(statement.text.value)
		const written = read.numbers.find(n => n.role === 'fence' && /^\d+(?::\d+)?$/.test(n.written))
		if (written) {
			const fence = writtenFenceValue(written.written)
			world.writeRow(database, 'update chats set summary_fence = ? where id = ?', [fence === 0n ? '' : fenceText(fence), world.key])
		}
	}
	void VERBS.set(world, statement, { messages: [] })
}

async function runStep(world: World, index: number, step: Step): Promise<Frame> {
	world.diagnostics = []
	world.stepFacts = world.stateFacts()
	const run: StepRun = { messages: [] }
	for (const statement of step.statements) {
		if (world.stopped) break
		const handler = VERBS[statement.kind] as (w: World, s: typeof statement, r: StepRun) => Promise<void> | void
		await handler(world, statement, run)
	}
	await world.clock.settle()
	const lines: number[] = []
	if (step.lines) for (let line = step.lines.from; line <= step.lines.to; line++) lines.push(line)
	return frameOf(world, index, step, lines, run.messages)
}

function frameOf(world: World, index: number, step: Step | undefined, lines: number[], messages: FrameMessage[]): Frame {
	let caption = ''
	let captionMarks: Frame['captionMarks']
	if (step) {
		const { read, marks } = world.checkText(step.caption, [...world.stepFacts, ...world.stateFacts()])
		checkFenceOwners(read, step.caption.value, world.scene.actors, actor => world.workers.get(actor.id)?.fences, world.reporterFor(step.caption))
		caption = read.shown
		if (marks.length > 0) captionMarks = marks
	}
	const frame: Frame = {
		index,
		caption,
		time: world.clock.now(),
		lines,
		actors: world.scene.actors.map(actor => world.frameActor(actor)),
		links: world.scene.links.map(link => ({ from: link.from.id, to: link.to.id })),
		messages,
		diagnostics: world.diagnostics,
	}
	if (captionMarks) frame.captionMarks = captionMarks
	world.frameTimes.push(frame.time)
	return frame
}

