/**
 * The simulation: a scene's syntax tree run against the real lock engine on a simulated clock,
 * giving one frame for the initial state and one per step, and the facts of every step. Once the
 * run is done, every text of the scene is checked against those facts in the controlled claim
 * language; a claim the engine's facts deny, or a text that reads as no claim, is a diagnostic at
 * the place it was written.
 */
import type { Scene, SetState, Step, Strike } from '../../../scene-parser/index.ts'
import { DEFAULT_TTL_MS, MAX_FENCE_PART } from '../../../engine/index.ts'
import { castProblems, idEventProblem, idProblem, isLockName, nameProblem } from '../claims/index.ts'
import type { RunFacts, StepFacts } from '../claims/index.ts'
import type { Frame, FrameMessage, SceneFrames } from '../frame.ts'
import { castOf, kindOf, statePlace } from './cast.ts'
import { codeProblems, sampleRenews } from './code-claims.ts'
import { Labels } from './labels.ts'
import { frameActor } from './project.ts'
import type { Stage } from './stage.ts'
import { startCount } from './start-count.ts'
import { SceneTexts } from './texts.ts'
import { VERBS } from './verbs/index.ts'
import type { StepRun, VerbTable } from './verbs/index.ts'
import { DEFAULT_KEY, World } from './world.ts'
import type { Settling } from './world.ts'
import type { OpenDriver } from './world.ts'

export type { OpenDriver } from './world.ts'
export { DEFAULT_KEY, SCENE_SETTLING, SCENE_TIME_LIMIT_MS } from './world.ts'
export type { Settling } from './world.ts'

export interface SimulateOptions {
	openDriver: OpenDriver
	/** The file the scene came from, named in diagnostics. */
	file?: string
	/** Called once each frame is made, before the next step runs: what a recording driver saw since belongs to that frame. */
	onFrame?: (index: number) => void
	/** How the scene's clock waits for work to settle (SCENE_SETTLING); a test compares another. */
	settling?: Settling
	/** The handler of each kind of step statement: the DSL's, unless a caller adds its own. */
	verbs?: VerbTable
	/** Claims that later steps settle (a pause called long) look no further than this step: the reader's play passes the guide's steps it kept, so a guide's caption is not judged by steps a reader adds. */
	lookAhead?: number
}

/** The most steps a scene may have; more is an error, not a long wait. */
export const SCENE_STEP_LIMIT = 10_000

/** Runs a parsed scene on the engine and checks its texts; returns its frames and diagnostics. It never throws. */
export async function simulateScene(scene: Scene, options: SimulateOptions): Promise<SceneFrames> {
	const texts = new SceneTexts(castOf(scene), keyOf(scene), options.file)
	const run = await runScene(scene, options, texts, false)
	try {
		if (!run.failed) {
			if (texts.sites.some(site => site.read.clauses.some(clause => clause.form.needsUnfenced))) {
				const unfenced = await runScene(scene, { ...options, onFrame: undefined }, new SceneTexts(castOf(scene), keyOf(scene), options.file), true)
				run.facts.unfenced = unfenced.facts
			}
			if (sampleRenews(scene.code)) run.facts.sampleRenews = true
			texts.check(run.facts, run.frames)
			const id = scene.settings.find(setting => setting.kind === 'id')
			const event = id?.kind === 'id' ? idEventProblem(id.value, run.facts) : undefined
			if (id && event) run.frames[0]?.diagnostics.push({ file: options.file, line: id.position.line, column: id.position.column, message: event })
		}
	} catch (error) {
		// A failure inside the checker is the scene's error too: the build must never pass on it.
		run.failures.push({ file: options.file, line: scene.position.line, column: scene.position.column, message: `the checker failed on this scene: ${error instanceof Error ? error.message : String(error)}` })
	}
	const frames = run.frames
	const first = frames[0]
	if (first) {
		const names = scene.actors.filter(actor => kindOf(actor.icon) === 'store' && isLockName(actor.label.value)).map(actor => actor.label.value)
		const cast = { ttl: ttlOf(scene), limits: scene.actors.flatMap(actor => (actor.limit === undefined ? [] : [actor.limit])), steps: scene.steps.map(step => step.position), names }
		for (const problem of codeProblems(scene.code, cast, run.failed ? undefined : run.facts)) first.diagnostics.push({ file: options.file, ...problem.position, message: problem.message })
	}
	const diagnostics = [...frames.flatMap(frame => frame.diagnostics), ...run.failures].sort((a, b) => a.line - b.line || a.column - b.column)
	return { code: scene.code ? { lang: scene.code.lang, lines: scene.code.lines } : undefined, frames, diagnostics }
}

function keyOf(scene: Scene): string {
	const key = scene.settings.find(setting => setting.kind === 'key')
	return key?.kind === 'key' ? key.value.value : DEFAULT_KEY
}

function ttlOf(scene: Scene): number {
	const ttl = scene.settings.find(setting => setting.kind === 'ttl')
	return ttl?.kind === 'ttl' ? ttl.ms : DEFAULT_TTL_MS
}

interface Run {
	frames: Frame[]
	facts: RunFacts
	/** Problems of the whole scene, outside any frame. */
	failures: SceneFrames['diagnostics']
	/** The run stopped on an error inside the checker: its facts are not whole, so no claim is checked against them. */
	failed: boolean
}

/** Runs the scene's steps on the engine, recording frames, facts and the texts to check; `unfenced` runs every database with the plain update. */
async function runScene(scene: Scene, options: SimulateOptions, texts: SceneTexts, unfenced: boolean): Promise<Run> {
	const world = new World(scene, options.openDriver, options.file, { ttl: ttlOf(scene), key: keyOf(scene), unfenced, ...(options.settling === undefined ? {} : { settling: options.settling }) })
	const stage: Stage = { world, texts, labels: new Labels(), verbs: options.verbs ?? VERBS }
	world.record.labels = stage.labels
	const frames: Frame[] = []
	const facts: RunFacts = { steps: [], kinds: world.kinds, key: world.key, ttl: world.ttl, ...(options.lookAhead === undefined ? {} : { lookAhead: options.lookAhead }) }
	const run: Run = { frames, facts, failures: [], failed: false }
	try {
		if (scene.steps.length > SCENE_STEP_LIMIT) {
			world.report(scene.position, `a scene has at most ${SCENE_STEP_LIMIT} steps; this one has ${scene.steps.length}`)
			run.failures.push(...world.diagnostics)
			return run
		}
		for (const actor of scene.actors) {
			if (actor.first !== undefined && actor.first > MAX_FENCE_PART) world.report(actor.position, `first=${actor.first} is more than a store's count can reach (2^64 - 1)`)
			const name = nameProblem(actor.label.value)
			if (name !== undefined) world.report(actor.label.position, name)
		}
		for (const setting of scene.settings) {
			const problem = setting.kind === 'id' ? idProblem(setting.value) : undefined
			if (problem !== undefined) world.report(setting.position, problem)
		}
		for (const { actor, message } of castProblems(scene.actors.map(actor => ({ ...actor, kind: kindOf(actor.icon) })))) world.report(actor.position, message)
		await world.open(actor => (actor.first !== undefined && actor.first > MAX_FENCE_PART ? 0n : startCount(scene, texts, actor)))
		const start = world.record.begin()
		for (const statement of scene.initial) initial(stage, statement)
		frames.push(frameOf(stage, 0, undefined, [], []))
		facts.steps.push(world.record.end(0, start))
		labelSites(stage, scene, 0)
		options.onFrame?.(0)
		for (const [index, step] of scene.steps.entries()) {
			if (world.stopped) break
			const { frame, facts: stepFacts } = await runStep(stage, index + 1, step)
			frames.push(frame)
			facts.steps.push(stepFacts)
			labelSites(stage, scene, index + 1)
			options.onFrame?.(index + 1)
		}
	} catch (error) {
		run.failed = true
		run.failures.push({ file: options.file, line: scene.position.line, column: scene.position.column, message: `the checker failed on this scene: ${error instanceof Error ? error.message : String(error)}` })
		if (frames.length === 0) frames.push(frameOf(stage, 0, undefined, [], []))
	} finally {
		await world.dispose().catch(() => {})
	}
	return run
}

/** A statement before the first step: state. `set DB "fence N"` writes the row's fence; every label is then checked like any other. */
function initial(stage: Stage, statement: SetState | Strike): void {
	const { world, texts } = stage
	const database = world.databases.get(statement.actor.id)
	if (statement.kind === 'set' && database) {
		for (const clause of texts.read(statement.text, 'db-state').clauses) {
			const intent = clause.form.intent
			const slot = intent && 'rowFence' in intent ? clause.slots[intent.rowFence] : undefined
			if (slot?.value.type === 'fence') world.setRowFence(database, slot.value.value)
		}
	}
	void (stage.verbs[statement.kind] as (s: Stage, st: typeof statement, r: StepRun) => void)(stage, statement, { index: 0, messages: [] })
}

async function runStep(stage: Stage, index: number, step: Step): Promise<{ frame: Frame; facts: StepFacts }> {
	const { world } = stage
	world.diagnostics = []
	const start = world.record.begin()
	const run: StepRun = { index, messages: [] }
	for (const statement of step.statements) {
		if (world.stopped) break
		const handler = stage.verbs[statement.kind] as ((s: Stage, st: typeof statement, r: StepRun) => Promise<void> | void) | undefined
		if (!handler) throw new Error(`no handler runs "${statement.kind}"`)
		await handler(stage, statement, run)
	}
	await world.clock.settle()
	const facts = world.record.end(index, start)
	const lines: number[] = []
	if (step.lines) for (let line = step.lines.from; line <= step.lines.to; line++) lines.push(line)
	const frame = frameOf(stage, index, step, lines, run.messages)
	stage.texts.add({
		text: step.caption,
		place: 'caption',
		read: stage.texts.read(step.caption, 'caption'),
		frame: index,
		how: 'claim',
		where: { kind: 'caption' },
		marked: marks => {
			if (marks.length > 0) frame.captionMarks = marks
		},
	})
	return { frame, facts }
}

/**
 * The labels shown when a frame ends, each a text to check against that frame: one set in it, one
 * set before and still shown (its problems are told at the step), one struck in it (which claims
 * that it no longer holds).
 */
function labelSites(stage: Stage, scene: Scene, index: number): void {
	const { texts, labels, world } = stage
	const step = index === 0 ? undefined : scene.steps[index - 1]
	for (const [actor, label] of labels.entries()) {
		const place = statePlace(world.kinds.get(actor))
		const read = texts.read(label.text, place)
		if (label.struck) {
			if (label.struckIn === index) texts.add({ text: label.struckBy ?? label.text, place, read, frame: index, actor, how: 'struck', where: { kind: 'state', actor } })
			// A struck label still on the stage keeps saying it no longer holds: a later step where it holds again must set a new one.
			else if (step !== undefined) texts.add({ text: label.text, place, read, frame: index, actor, how: 'struck', where: { kind: 'state', actor }, shownAgain: { position: step.position, step: index } })
			continue
		}
		const again = label.setIn !== index && step !== undefined
		texts.add({
			text: label.text,
			place,
			read,
			frame: index,
			actor,
			how: 'claim',
			where: { kind: 'state', actor },
			...(again ? { shownAgain: { position: step.position, step: index } } : { sentBefore: label.sentBefore }),
			marked: (marks, frame) => {
				const shown = frame.actors.find(a => a.id === actor)?.state
				if (shown && marks.length > 0) shown.marks = marks
			},
		})
	}
}

function frameOf(stage: Stage, index: number, step: Step | undefined, lines: number[], messages: FrameMessage[]): Frame {
	const { world, labels } = stage
	const frame: Frame = {
		index,
		caption: step?.caption.value ?? '',
		time: world.clock.now(),
		lines,
		actors: world.scene.actors.map(actor => frameActor(world, labels, actor)),
		links: world.scene.links.map(link => ({ from: link.from.id, to: link.to.id })),
		messages,
		diagnostics: world.diagnostics,
		checks: [],
	}
	return frame
}
