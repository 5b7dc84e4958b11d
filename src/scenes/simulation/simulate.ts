/**
 * The simulation: a scene's syntax tree run against the real lock engine on a simulated clock,
 * giving one frame for the initial state and one per step, and the facts of every step. Once the
 * run is done, every text of the scene is checked against those facts in the controlled claim
 * language; a claim the engine's facts deny, or a text that reads as no claim, is a diagnostic at
 * the place it was written.
 */
import type { Code, Position, Scene, SetState, Step, StepStatement, Strike } from '../../../scene-parser/index.ts'
import { DEFAULT_TTL_MS, MAX_FENCE_PART, formatDuration } from '../../../engine/index.ts'
import { castProblems, idEventProblem, idOffered, idOffers, idProblem, isLockName, nameProblem, aloneVerbs, readAloudWithAVowel, sceneNouns, unlentWords, verbNouns } from '../claims/index.ts'
import type { RunFacts, StepFacts } from '../claims/index.ts'
import type { Frame, FrameMessage, Happening, SceneFrames } from '../frame.ts'
import { castOf, kindOf, statePlace } from './cast.ts'
import { Labels } from './labels.ts'
import { frameActor } from './project.ts'
import type { Stage } from './stage.ts'
import { startCount } from './start-count.ts'
import { SceneTexts } from './texts.ts'
import { VERBS } from './verbs/index.ts'
import type { StepRun, VerbTable } from './verbs/index.ts'
import { DEFAULT_KEY, World } from './world.ts'
import type { Settling, WorkerActor } from './world.ts'
import type { OpenDriver } from './world.ts'
import type { CompiledSample, CompileResult, SampleStatement } from '../sample/compile.ts'
import { loadSample, type SampleProgram } from '../sample/load.ts'
import { errorWords } from './error-words.ts'
import { WorkerProcess } from './process.ts'
import { samplePorts } from './sample-api.ts'
import { processEvents } from './process-events.ts'
import { timeMarks } from './timeline.ts'
import { DEFAULT_DOMAIN, DOMAINS } from '../../seed/domains.ts'
import type { Domain } from '../../seed/domain.ts'

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
	/** The words of the headings of the page the scene stands in: a scene's id may use any of them. */
	headings?: readonly string[]
	/**
	 * Offer, on each step's frame, the sentences the language can truly say of it as its caption
	 * (`scenes suggest`); a list offers them on those steps only (the playground's, the step the author writes in).
	 */
	suggest?: boolean | readonly number[]
	/** The scene's code sample as the build compiled it: the page runs it without a transpiler. Else it is compiled here. */
	sample?: CompiledSample
	/**
	 * The sample compiler, for a caller that has it loaded (the site's build, whose module loader is
	 * closed by the time a page compiles); else it is imported when a sample first needs it.
	 */
	compileSample?: (source: string, declared: ReadonlySet<string>) => CompileResult
	/**
	 * Runs the same story with every database doing the plain update, and gives that run's frames:
	 * each text of the scene the run denies is listed in its frame's `denied` (for the view to word
	 * from the engine's data), not reported as a diagnostic. "Without fences" beside the fix.
	 */
	withoutFences?: boolean
	/**
	 * False: a problem's diagnostic offers no "did you mean" sentence. The offer is worked out from the
	 * run's facts alone, and is most of the time a lying scene takes to check: a test of the engine's
	 * run (the same frames on reused databases, or settled another way) leaves it out. Else offered.
	 */
	offers?: false
}

/** The languages a scene's code sample may be in: the program its workers run is TypeScript. */
const SAMPLE_LANGS = new Set(['ts', 'typescript'])

/** A sample's compilation per domain and text: a page's scene checked again (the dev server, the bench, a fixture's unfenced run) compiles once. */
const compiledSamples = new Map<string, CompileResult>()

/** A loaded program per compiled text: the same sample (the build's scenes, a reader's replays) is evaluated once. */
const programs = new Map<string, { program: SampleProgram; file: string }>()

/** The scene's sample compiled against its domain's prelude, loaded to run: undefined for a scene without one, or the problems at their places. */
async function sampleOf(scene: Scene, domain: Domain, options: SimulateOptions): Promise<{ compiled?: CompiledSample; loaded?: { program: SampleProgram; file: string; statements?: SampleStatement[] }; problems: SceneFrames['diagnostics'] }> {
	const code = scene.code
	if (!code) return { problems: [] }
	if (!SAMPLE_LANGS.has(code.lang)) {
		return {
			problems: [
				{
					file: options.file,
					...code.position,
					message: `a scene's code sample is TypeScript (code ts): it is the program the scene's workers run, and "${code.lang}" cannot be run here; show the ${code.lang} version in a fenced block beside the scene, where the doctest runs it`,
				},
			],
		}
	}
	let result: CompileResult
	if (options.sample) result = { ok: true, sample: options.sample }
	else {
		const source = code.lines.join('\n')
		const key = `${domain.name}\n${source}`
		let compiled = compiledSamples.get(key)
		if (!compiled) {
			// The transpiler is loaded only where a sample is compiled here (the build, a reader's edit), never for a page's own scenes.
			const compileSample = options.compileSample ?? (await import('../sample/compile.ts')).compileSample
			compiled = compileSample(source, new Set(Object.keys(domain.names)))
			if (compiledSamples.size >= 200) compiledSamples.clear()
			compiledSamples.set(key, compiled)
		}
		result = compiled
	}
	if (!result.ok) return { problems: result.problems.map(problem => ({ file: options.file, ...samplePosition(code, problem.line, problem.column), message: problem.message })) }
	let loaded = programs.get(result.sample.js)
	if (!loaded) {
		if (programs.size >= 200) programs.clear()
		loaded = loadSample(result.sample)
		programs.set(result.sample.js, loaded)
	}
	return { compiled: result.sample, loaded: result.sample.statements === undefined ? loaded : { ...loaded, statements: result.sample.statements }, problems: [] }
}

/** The file's place of a line and column of the (dedented) sample. */
function samplePosition(code: Code, line: number, column = 1): Position {
	const lines = code.lines.length
	const at = Math.min(Math.max(line, 1), Math.max(lines, 1))
	return { line: code.start.line + at - 1, column: code.start.column + (at === line ? column - 1 : 0) }
}

/** The nouns of a scene's that may tell a worker's work: its code sample's names' words, not its actors' labels'. */
function workNounsOf(scene: Scene, domain: Domain): string[] {
	const lines = scene.code?.lines ?? []
	const nouns = sceneNouns(lines, [], domain.words)
	// And the nouns the scene writes of its one-word verbs: "payment" of `pay()` in a scene that writes "payments".
	const made = verbNouns(lines, castOf(scene).map(actor => actor.label), aloneVerbs(lines, nouns)).filter(noun => !nouns.includes(noun))
	return [...nouns, ...made]
}

/** The nouns a scene's captions may use of their own: its code sample's names' words and its lock and database actors' labels'. */
function nounsOf(scene: Scene, domain: Domain): string[] {
	return sceneNouns(scene.code?.lines ?? [], castOf(scene).filter(actor => actor.kind !== 'worker').map(actor => actor.label), domain.words)
}

/** The most steps a scene may have; more is an error, not a long wait. */
const SCENE_STEP_LIMIT = 10_000

/** Runs a parsed scene on the engine and checks its texts; returns its frames and diagnostics. It never throws. */
export async function simulateScene(scene: Scene, options: SimulateOptions): Promise<SceneFrames> {
	const named = scene.settings.find(setting => setting.kind === 'domain')
	const domain = named?.kind === 'domain' ? DOMAINS.get(named.value) : DEFAULT_DOMAIN
	if (!domain) {
		const known = [...DOMAINS.keys()].join(', ')
		return { frames: [], diagnostics: [{ file: options.file, ...(named as { position: Position }).position, message: `no domain is named "${(named as { value: string }).value}"; the domains are ${known}` }] }
	}
	const sample = await sampleOf(scene, domain, options)
	if (sample.problems.length > 0) {
		return { ...(scene.code ? { code: { lang: scene.code.lang, lines: scene.code.lines } } : {}), frames: [], diagnostics: sample.problems }
	}
	// The scene's texts in its language: its own nouns, the work its held code names, the lexicon's words it does not lend, its one-word work verbs.
	const lines = scene.code?.lines ?? []
	const textsOf = (suggest: boolean | readonly number[]) => new SceneTexts(castOf(scene), keyOf(scene, domain), domain.words, options.file, suggest, nounsOf(scene, domain), workNounsOf(scene, domain), unlentWords(lines), aloneVerbs(lines, workNounsOf(scene, domain)))
	const texts = textsOf(options.suggest ?? false)
	if (options.offers === false) texts.offers = false
	if (options.withoutFences) return withoutFences(scene, options, texts, domain, sample)
	const run = await runScene(scene, options, texts, false, domain, sample.loaded)
	try {
		if (!run.failed) {
			if (texts.sites.some(site => site.read.clauses.some(clause => clause.form.needsUnfenced))) {
				const unfenced = await runScene(scene, { ...options, onFrame: undefined }, textsOf(false), true, domain, sample.loaded)
				run.facts.unfenced = unfenced.facts
				if (unfenced.untellable !== undefined) unfenced.facts.untellable = unfenced.untellable
			}
			if (texts.sites.some(site => site.read.clauses.some(clause => clause.form.needsFenced))) {
				const fenced = await runScene(scene, { ...options, onFrame: undefined }, textsOf(false), false, domain, sample.loaded, true)
				run.facts.fenced = fenced.facts
			}
			if (sample.loaded) ttlProblems(scene, run.facts, options.file, run.failures)
			texts.check(run.facts, run.frames)
		}
		idDiagnostic(scene, options, domain, run)
	} catch (error) {
		// A failure inside the checker is the scene's error too: the build must never pass on it.
		run.failures.push({ file: options.file, line: scene.position.line, column: scene.position.column, message: `the checker failed on this scene: ${errorWords(error)}` })
	}
	const frames = run.frames
	const diagnostics = [...frames.flatMap(frame => frame.diagnostics), ...run.failures].sort((a, b) => a.line - b.line || a.column - b.column)
	return { code: scene.code ? { lang: scene.code.lang, lines: scene.code.lines } : undefined, ...(sample.compiled ? { sample: sample.compiled } : {}), frames, diagnostics }
}

/**
 * The scene's id, told where it cannot stand: a word no lexicon has (`idProblem`), or an event the run does not show
 * (`idEventProblem`, checked only on a whole run). Its error offers ids built from the run (`idOffers`), the first as a
 * fix that replaces the id, when the run is whole and offers are asked for.
 */
function idDiagnostic(scene: Scene, options: SimulateOptions, domain: Domain, run: Run): void {
	const id = scene.settings.find(setting => setting.kind === 'id')
	if (id?.kind !== 'id') return
	const headings = options.headings ?? []
	const own = [...domain.words.ids, ...nounsOf(scene, domain)]
	const words = idProblem(id.value, headings, own)
	const event = words === undefined && !run.failed ? idEventProblem(id.value, run.facts) : undefined
	if (words === undefined && event === undefined) return
	const offers = run.failed || options.offers === false ? [] : idOffers(id.value, run.facts, headings, own)
	const message = words === undefined ? `${event as string}${idOffered(offers)}` : (idProblem(id.value, headings, own, offers) as string)
	const [first] = offers
	const fix = first !== undefined && id.valueAt !== undefined ? { fix: { line: id.valueAt.line, column: id.valueAt.column, endColumn: id.valueAt.column + id.value.length, text: first } } : {}
	const diagnostic = { file: options.file, line: id.position.line, column: id.position.column, message, ...fix }
	const frame = run.frames[0]
	if (frame !== undefined) frame.diagnostics.push(diagnostic)
	else run.failures.push(diagnostic)
}

/**
 * The scene run on databases that check no fence: its frames, each text the run denies marked in its
 * frame's `denied` rather than reported. A scene whose own SQL compares fences cannot be run so, and
 * says why as its one diagnostic.
 */
async function withoutFences(scene: Scene, options: SimulateOptions, texts: SceneTexts, domain: Domain, sample: { compiled?: CompiledSample; loaded?: { program: SampleProgram; file: string } }): Promise<SceneFrames> {
	const run = await runScene(scene, { ...options, onFrame: undefined }, texts, true, domain, sample.loaded)
	const code = scene.code ? { code: { lang: scene.code.lang, lines: scene.code.lines } } : {}
	const failed = [...run.failures, ...(run.untellable === undefined ? [] : [{ file: options.file, line: scene.position.line, column: scene.position.column, message: run.untellable }])]
	if (run.failed || failed.length > 0) return { ...code, frames: [], diagnostics: failed }
	texts.check(run.facts, run.frames, (frame, where) => {
		const denied = (run.frames[frame] as Frame).denied ?? []
		if (!denied.some(one => JSON.stringify(one) === JSON.stringify(where))) denied.push(where)
		;(run.frames[frame] as Frame).denied = denied
	})
	for (const frame of run.frames) frame.diagnostics = []
	return { ...code, frames: run.frames, diagnostics: [] }
}

function keyOf(scene: Scene, domain: Domain): string {
	const key = scene.settings.find(setting => setting.kind === 'key')
	return key?.kind === 'key' ? key.value.value : domain.key
}

function ttlOf(scene: Scene): number {
	const ttl = scene.settings.find(setting => setting.kind === 'ttl')
	return ttl?.kind === 'ttl' ? ttl.ms : DEFAULT_TTL_MS
}

interface Run {
	/** Why a run without fences tells nothing, when it does not. */
	untellable?: string
	frames: Frame[]
	facts: RunFacts
	/** Problems of the whole scene, outside any frame. */
	failures: SceneFrames['diagnostics']
	/** The run stopped on an error inside the checker: its facts are not whole, so no claim is checked against them. */
	failed: boolean
}

/** Runs the scene's steps on the engine, recording frames, facts and the texts to check; `unfenced` runs every database with the plain update. */
async function runScene(scene: Scene, options: SimulateOptions, texts: SceneTexts, unfenced: boolean, domain: Domain, sample: { program: SampleProgram; file: string; statements?: SampleStatement[] } | undefined, allFenced = false): Promise<Run> {
	const world = new World(scene, options.openDriver, options.file, { ttl: ttlOf(scene), key: keyOf(scene, domain), unfenced, allFenced, domain, ...(options.settling === undefined ? {} : { settling: options.settling }) })
	const stage: Stage = { world, texts, labels: new Labels(), verbs: options.verbs ?? VERBS }
	const frames: Frame[] = []
	const facts: RunFacts = { steps: [], kinds: world.kinds, key: world.key, ttl: world.ttl, ...(options.lookAhead === undefined ? {} : { lookAhead: options.lookAhead }), ...(sample?.statements === undefined ? {} : { statements: sample.statements }) }
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
		for (const { actor, message } of castProblems(scene.actors.map(actor => ({ ...actor, kind: kindOf(actor.icon) })))) world.report(actor.position, message)
		await world.open(actor => (actor.first !== undefined && actor.first > MAX_FENCE_PART ? 0n : startCount(scene, texts, actor)))
		if (sample) startProcesses(world, sample)
		const start = world.record.begin()
		const events = processEvents(stage, scene.initial)
		for (const statement of scene.initial) initial(stage, statement)
		for (const event of events) await applyProcessEvent(stage, event)
		frames.push(frameOf(stage, 0, undefined, [], []))
		facts.steps.push(world.record.end(0, start))
		withTimeline(frames[0] as Frame, facts.steps[0] as StepFacts)
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
		// A call of the prelude that failed where the code never awaited it: a failure the code never saw, told at the call.
		for (const process of [...world.retired, ...world.processes.values()]) {
			for (const left of process.unseen()) {
				if (world.failuresTold.has(left.error)) continue
				world.failuresTold.add(left.error)
				run.failures.push({ file: options.file, ...samplePosition(world.scene.code as Code, left.line ?? 1), message: `${process.worker}'s code never awaited its call${left.line === undefined ? '' : ` at line ${left.line}`}, which failed: ${errorWords(left.error)}` })
			}
		}
	} catch (error) {
		run.failed = true
		run.failures.push({ file: options.file, line: scene.position.line, column: scene.position.column, message: `the checker failed on this scene: ${errorWords(error)}` })
		if (frames.length === 0) frames.push(frameOf(stage, 0, undefined, [], []))
	} finally {
		await world.dispose().catch(() => {})
	}
	if (world.untellableWithoutFences !== undefined) run.untellable = world.untellableWithoutFences
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
	for (const process of world.processes.values()) process.takeLines()
	// A pause, a wake or a crash the step's labels tell happens around the worker's moves in the step (processEvents).
	const events = processEvents(stage, step.statements)
	let next = 0
	for (const [at, statement] of step.statements.entries()) {
		if (world.stopped) break
		while (next < events.length && (events[next] as { at: number }).at < 2 * at) await applyProcessEvent(stage, events[next++] as ProcessEventOf)
		const handler = stage.verbs[statement.kind] as ((s: Stage, st: typeof statement, r: StepRun) => Promise<void> | void) | undefined
		if (!handler) throw new Error(`no handler runs "${statement.kind}"`)
		await handler(stage, statement, run)
	}
	while (next < events.length && !world.stopped) await applyProcessEvent(stage, events[next++] as ProcessEventOf)
	await world.clock.settle()
	const facts = world.record.end(index, start)
	const { lines, ran } = linesOf(stage, step, facts.happenings)
	const frame = frameOf(stage, index, step, lines, run.messages)
	if (ran.length > 0) frame.ran = ran
	withTimeline(frame, facts)
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
 * A scene's leases last its TTL (30 s unless it says `ttl`): with a sample, the code's holds say how
 * long, so each hold's TTL is held to the scene's, told at the hold's line.
 */
function ttlProblems(scene: Scene, facts: RunFacts, file: string | undefined, out: SceneFrames['diagnostics']): void {
	const code = scene.code as Code
	const told = new Set<string>()
	const setting = scene.settings.find(s => s.kind === 'ttl')
	for (const step of facts.steps) {
		for (const h of step.happenings) {
			// A hold's TTL, and a renewal's that names its own (lease.renew('2m')).
			if ((h.kind !== 'asked' && h.kind !== 'renewed') || h.ttl === undefined || h.ttl === facts.ttl) continue
			const key = `${h.worker} ${h.ttl}`
			if (told.has(key)) continue
			told.add(key)
			const scenes = setting ? `the scene's leases last ${formatDuration(facts.ttl)} (ttl ${formatDuration(facts.ttl)})` : `the scene's leases last ${formatDuration(facts.ttl)} (a scene's TTL unless it says ttl)`
			const line = h.kind === 'asked' ? h.line : undefined
			out.push({ file, ...samplePosition(code, line ?? 1), message: `${h.worker}'s code ${h.kind === 'asked' ? 'holds' : 'renews'} with ${readAloudWithAVowel(formatDuration(h.ttl)) ? 'an' : 'a'} ${formatDuration(h.ttl)} TTL${line === undefined ? '' : ` (line ${line})`}, and ${scenes}; write ttl ${durationSetting(h.ttl)} in the scene, or the scene's TTL in the code` })
		}
	}
}

/** A duration as the DSL's `ttl` takes it: in its largest whole unit (`10s`, `2m`), else milliseconds. */
function durationSetting(ms: number): string {
	if (ms > 0 && ms % 3_600_000 === 0) return `${ms / 3_600_000}h`
	if (ms > 0 && ms % 60_000 === 0) return `${ms / 60_000}m`
	if (ms > 0 && ms % 1000 === 0) return `${ms / 1000}s`
	return `${Math.round(ms)}ms`
}

type ProcessEventOf = ReturnType<typeof processEvents>[number]

async function applyProcessEvent(stage: Stage, event: ProcessEventOf): Promise<void> {
	const { world } = stage
	if (event.kind === 'pause') world.pause(event.worker)
	else if (event.kind === 'wake') world.wake(event.worker)
	else if (event.kind === 'restart') await world.restartProcess(event.worker)
	else await world.crash(event.worker)
}

/**
 * The prelude with each of its functions' promises kept by the process (`track`): a call whose
 * promise fails where the code never awaits it is a failure the code never saw, and is told.
 */
function tracked(prelude: Record<string, unknown>, process: WorkerProcess): Record<string, unknown> {
	const keep = (value: unknown): unknown =>
		typeof value === 'function'
			? (...args: unknown[]) => {
					const result: unknown = (value as (...a: unknown[]) => unknown)(...args)
					return result instanceof Promise ? process.track(result) : result
				}
			: value
	for (const key of Object.keys(prelude)) {
		const descriptor = Object.getOwnPropertyDescriptor(prelude, key)
		if (!descriptor) continue
		if ('value' in descriptor) Object.defineProperty(prelude, key, { ...descriptor, value: keep(descriptor.value) })
		else if (descriptor.get) {
			const get = descriptor.get
			Object.defineProperty(prelude, key, { ...descriptor, get: () => keep(get.call(prelude)) })
		}
	}
	return prelude
}

/**
 * Each worker's process runs the sample's program, with the prelude of the scene's domain. A worker
 * whose crashed process restarts gets a new process the same way: the program from its first line,
 * a prelude (and so a store connection) of its own, nothing of the old one's.
 */
function startProcesses(world: World, sample: { program: SampleProgram; file: string; statements?: SampleStatement[] }): void {
	// A statement with a call in a part that may not run (a "?:" arm, after "&&") may have awaited it: the run cannot tell, so it may be at work.
	world.awaitsWork = statement => sample.statements?.[statement]?.awaits === true || (sample.statements?.[statement]?.maybe?.length ?? 0) > 0
	const spawn = (worker: WorkerActor): WorkerProcess => {
		const id = worker.actor.id
		const process: WorkerProcess = new WorkerProcess(id, world.clock, sample.file, sample.program, () => {
			const prelude = tracked(world.domain.prelude(samplePorts(world, worker, process)), process)
			// The domain's values are getters made when first read; Math is added beside them, not spread over them.
			Object.defineProperty(prelude, 'Math', { value: seededMath(id), enumerable: true })
			Object.defineProperty(prelude, 'AbortSignal', { value: sceneAbortSignal(process), enumerable: true })
			return prelude
		})
		// Each statement its code runs is recorded with its moment, among the step's happenings: what a work phrase is checked against.
		process.onLine = entry => world.record.ran(id, entry)
		world.processes.set(id, process)
		return process
	}
	for (const worker of world.workers.values()) spawn(worker)
	world.spawn = spawn
}

/**
 * The web's AbortSignal as a worker's code meets it in a scene: `timeout` runs on the worker
 * process's own timer (the scene's clock, late when the process was paused), never the machine's.
 */
function sceneAbortSignal(process: WorkerProcess): Pick<typeof AbortSignal, 'abort' | 'any' | 'timeout'> {
	return Object.freeze({
		abort: (reason?: unknown) => AbortSignal.abort(reason),
		any: (signals: Iterable<AbortSignal>) => AbortSignal.any([...signals]),
		timeout(ms: number) {
			if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) throw new TypeError(`AbortSignal.timeout: ${String(ms)}: expected a number of milliseconds, 0 or more`)
			const controller = new AbortController()
			process.timer(ms, () => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')))
			return controller.signal
		},
	})
}

/** JavaScript's Math with a `random` seeded by the worker's id: a scene's every run, in Node and in a browser, draws the same numbers. */
function seededMath(worker: string): Math {
	let state = 2166136261
	for (const char of worker) state = Math.imul(state ^ char.charCodeAt(0), 16777619) >>> 0
	const random = (): number => {
		state = (Math.imul(state, 1664525) + 1013904223) >>> 0
		return state / 2 ** 32
	}
	return Object.freeze(Object.assign(Object.create(Math) as Math, { random }))
}

/**
 * The code lines a step lights: for a scene whose workers run its sample, the lines each worker's
 * code ran in the step (a failure of the code is told at its line); `line=` is then a claim about
 * them. Without a sample, the lines `line=` names.
 */
function linesOf(stage: Stage, step: Step, happenings: readonly Happening[]): { lines: number[]; ran: { worker: string; lines: number[]; at?: number }[] } {
	const { world } = stage
	const named: number[] = []
	if (step.lines) for (let line = step.lines.from; line <= step.lines.to; line++) named.push(line)
	if (world.processes.size === 0) return { lines: named, ran: [] }
	const ran: { worker: string; lines: number[]; at?: number }[] = []
	for (const process of world.processes.values()) {
		const lines = process.takeLines()
		// Every failure of the code, each once: one that came first (a refusal the story tells, another failure) hides none.
		for (const thrown of process.failures) {
			if (world.failuresTold.has(thrown.error)) continue
			world.failuresTold.add(thrown.error)
			const code = world.scene.code as Code
			world.diagnostics.push({ file: world.file, ...samplePosition(code, thrown.line ?? 1), message: `${process.worker}'s code failed${thrown.line === undefined ? '' : ` at line ${thrown.line}`}: ${errorWords(thrown.error)}` })
		}
		if (lines.length === 0) continue
		const at = process.line
		ran.push({ worker: process.worker, lines, ...(at === undefined ? {} : { at }) })
	}
	let lines = [...new Set(ran.flatMap(r => r.lines))].sort((a, b) => a - b)
	// A step in which no code ran (a lease runs out, a store restarts) lights the statement each worker's code is in: an awaited
	// work call it runs until its next act, not that act's statement, which has not yet run. A process that crashed in this step
	// stands where it crashed; one that crashed in an earlier step stands nowhere (its code never goes on).
	const deadBefore = (process: { worker: string }) => world.processStates.crashed(process.worker) && !happenings.some(h => h.kind === 'crashed' && h.worker === process.worker)
	if (lines.length === 0) lines = [...new Set([...world.processes.values()].flatMap(process => (process.started && !process.ended && !deadBefore(process) && process.running !== undefined ? [process.running] : [])))].sort((a, b) => a - b)
	if (step.lines && named.join() !== lines.join()) {
		const dead = [...world.processes.values()].filter(process => process.started && !process.ended && deadBefore(process)).map(process => process.worker)
		const told = lines.length === 0 && dead.length > 0 ? `no code ran in this step, and ${dead.join(' and ')}'s process crashed in an earlier step: its code stands at no line` : lines.length === 0 ? 'no code has run yet' : ran.length === 0 ? `no code ran in this step, and the workers' code stands at ${lineRange(lines)}` : `the code that ran in this step is ${lineRange(lines)} (${ran.map(r => `${r.worker}: ${lineRange(r.lines)}`).join('; ')})`
		world.report(step.position, `line=${step.lines.from === step.lines.to ? step.lines.from : `${step.lines.from}-${step.lines.to}`}, but ${told}; ${lines.length === 0 ? 'leave line= out' : `write line=${lineRange(lines, true)}, or leave line= out`}: the lit lines are the lines that ran`)
	}
	return { lines, ran }
}

/** Lines in words (`lines 2-3`, `line 1`), or as `line=` writes them (`2-3`). */
function lineRange(lines: readonly number[], bare = false): string {
	const first = lines[0] as number
	const last = lines[lines.length - 1] as number
	const contiguous = last - first === lines.length - 1
	const text = lines.length === 1 ? String(first) : contiguous ? `${first}-${last}` : lines.join(', ')
	return bare ? text : `${lines.length === 1 ? 'line' : 'lines'} ${text}`
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

/** Gives the frame its step's timeline marks, when the step recorded any. */
function withTimeline(frame: Frame, facts: StepFacts): void {
	const marks = timeMarks(facts.happenings)
	if (marks.length > 0) frame.timeline = marks
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
