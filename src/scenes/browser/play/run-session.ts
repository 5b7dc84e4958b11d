/**
 * A reader's session run on the engine in the page: the guide's scene up to where they took over,
 * then one generated step per action. Each step runs twice: first with labels that claim nothing,
 * to learn what the engine decides, then worded from that, so the checker itself proves the words.
 */
import type { Frame, FrameActor, SceneFrames } from '../../frame.ts'
import { kindOf as actorKind } from '../../simulation/index.ts'
import { compileScene } from '../../simulation/index.ts'
import type { OpenDriver } from '../../simulation/index.ts'
import { formatMessage } from '../../frame-format.ts'
import { CLOCK, paused, quoted } from './act.ts'
import type { ActContext, PlayAction, ReaderAct, WordedStep } from './act.ts'
import { actionNamed } from './actions/index.ts'
import { wakeStatement } from './actions/resume.ts'
import { recordEngine } from './engine-log.ts'
import type { FrameLog } from './engine-log.ts'
import { sessionBase } from './session-source.ts'

/** The file a session's diagnostics name. */
export const SESSION_FILE = 'your-session.scene'

/** An action the session cannot take, or a step the checker did not accept; its message is for the reader. */
export class SessionError extends Error {
	override name = 'SessionError'
}

/** What the reader sees of a session: its scene text and frames. */
export interface SessionState {
	text: string
	frames: Frame[]
	/** The frame the reader took over at: frames after it are theirs. */
	kept: number
	acts: ReaderAct[]
	fenced: boolean
	/** The leases' TTL the reader chose (`20s`), in place of the scene's; undefined for the scene's own. */
	ttl?: string
}

const caption = (text: string) => `step ${quoted(text)}`

/** The stand-in actor the clock's actions act on. */
const CLOCK_ACTOR: FrameActor = { id: CLOCK, label: 'Clock', x: 0, y: 0, icon: 'clock' }

/** Runs sessions of one scene: the guide's source, and a way to open SQLite in this page. */
export class SessionRunner {
	/** `firsts`: the fence each lock of the guide's scene gave first (`firstFences`), which a session keeps. */
	constructor(
		readonly source: string,
		readonly openDriver: OpenDriver,
		readonly firsts: ReadonlyMap<string, string> = new Map(),
	) {}

	/** The session of the guide's steps up to `kept`, with nothing played yet; `ttl` (`20s`) in place of the scene's TTL. */
	async start(kept: number, fenced: boolean, ttl?: string): Promise<SessionState> {
		const base = sessionBase(this.source, kept, fenced, this.firsts, ttl)
		const compiled = await this.#compile(base.text, base.kept)
		if (compiled.diagnostics.length > 0) {
			const how = [...(fenced ? [] : ['without fences']), ...(ttl === undefined ? [] : [`with the TTL at ${ttl}`])].join(' and ')
			throw new SessionError(`the guide's steps up to step ${base.kept} do not hold${how ? ` ${how}` : ''}: ${problems(compiled)}`)
		}
		return { text: base.text, frames: compiled.frames, kept: base.kept, acts: [], fenced, ...(ttl === undefined ? {} : { ttl }) }
	}

	/** The session with one more action; a SessionError says why the action cannot be taken. */
	async act(state: SessionState, act: ReaderAct): Promise<SessionState> {
		const action = actionNamed(act.action)
		if (!action) throw new SessionError(`there is no action "${act.action}"`)
		if (action.choices && act.choice !== undefined && !action.choices.some(choice => choice.value === act.choice)) {
			throw new SessionError(`${action.title} takes no choice "${act.choice}"`)
		}
		const context = this.context(state, action, act)
		const why = context ? action.unavailable(context) : `${act.actor === CLOCK ? 'the clock' : act.actor} does not ${action.title.toLowerCase()}`
		if (!context || why !== undefined) throw new SessionError(`${action.title.toLowerCase()} is not something ${act.actor === CLOCK ? 'the clock' : act.actor} can do at this step: ${why}`)
		// The engine runs the action first under an empty caption, which claims nothing; the step is then worded from what it did.
		// A paused worker that acts wakes first, in this run too: a paused process sends nothing.
		const neutral = await this.#compile(`${state.text}\n${caption('')}\n${indent(woken(context, { statements: action.statements(context), caption: '' }).statements)}`, state.kept)
		const after = neutral.frames[state.frames.length]
		if (!after) throw new SessionError(`the engine did not run the step: ${problems(neutral)}`)
		const worded = waitingEnded(context.before, after, woken(context, action.word(context, after)))
		const text = `${state.text}\n${caption(worded.caption)}\n${indent(worded.statements)}`
		const compiled = await this.#compile(text, state.kept)
		// A generated step the checker refuses is a bug of ours, never something to show as true.
		if (compiled.diagnostics.length > 0) throw new SessionError(`the generated step does not check: ${problems(compiled)}`)
		return { ...state, text, frames: compiled.frames, acts: [...state.acts, act] }
	}

	/** The session replayed, every state of it: the guide's steps up to `kept`, then each action in turn (a shared link, or the switch). */
	async replay(kept: number, fenced: boolean, acts: readonly ReaderAct[], ttl?: string): Promise<SessionState[]> {
		const states = [await this.start(kept, fenced, ttl)]
		for (const [index, act] of acts.entries()) {
			try {
				states.push(await this.act(states[states.length - 1] as SessionState, act))
			} catch (error) {
				if (!(error instanceof SessionError)) throw error
				throw new SessionError(`action ${index + 1} (${act.action} ${act.actor === CLOCK ? 'clock' : act.actor}): ${error.message}`)
			}
		}
		return states
	}

	/** What an action acting on `act.actor` may read in the session's last frame; undefined when the actor is not of its kind. */
	context(state: SessionState, action: PlayAction, act: Pick<ReaderAct, 'actor' | 'choice'>): ActContext | undefined {
		const before = state.frames[state.frames.length - 1]
		if (!before) return undefined
		const actor = act.actor === CLOCK ? CLOCK_ACTOR : before.actors.find(one => one.id === act.actor)
		if (!actor || kindOf(actor) !== action.kind) return undefined
		const linked = (kind: FrameActor['icon']) => {
			const of = before.actors.filter(one => one.icon === kind)
			return (of.find(one => before.links.some(link => (link.from === actor.id && link.to === one.id) || (link.to === actor.id && link.from === one.id))) ?? of[0])?.id
		}
		const context: ActContext = {
			actor,
			before,
			frames: state.frames,
			fenced: state.fenced,
			hasBackup: new RegExp(`^\\s+backup\\s+${escapeRegExp(actor.id)}\\s*$`, 'm').test(state.text),
			name: id => before.actors.find(one => one.id === id)?.label ?? id,
		}
		if (act.choice !== undefined) context.choice = act.choice
		const lock = linked('lock')
		const database = linked('database')
		if (lock !== undefined) context.lock = lock
		if (database !== undefined) context.database = database
		return context
	}

	/** What the engine ran for each frame of a session: its text run once more through a recording driver (only when the reader asks). */
	async engineLog(state: SessionState): Promise<FrameLog[]> {
		const recorder = recordEngine(this.openDriver)
		await compileScene(state.text, { file: SESSION_FILE }, recorder.open, { onFrame: recorder.onFrame, lookAhead: state.kept })
		return recorder.frames
	}

	/** Compiles a session's text; the guide's captions in its first `kept` steps are not judged by the steps after them. */
	#compile(text: string, kept: number): Promise<SceneFrames> {
		return compileScene(text, { file: SESSION_FILE }, this.openDriver, { lookAhead: kept })
	}
}

/**
 * A step in which a paused worker acts: its pause label ("paused", "stalled") is struck and the
 * caption says it wakes, as a paused worker sends nothing while its label says so.
 */
function woken(context: ActContext, step: WordedStep): WordedStep {
	const { actor } = context
	const acts = step.statements.some(statement => statement.startsWith(`send ${actor.id} ->`))
	const strike = wakeStatement(context)
	if (!acts || !paused(actor) || step.statements.includes(strike)) return step
	return { statements: [strike, ...step.statements], caption: `${context.name(actor.id)} wakes. ${step.caption}` }
}

/**
 * The step with a "waiting" label struck where the step let its worker in: the label is the guide's
 * (or an earlier step's), and once the engine gave that worker the key it no longer holds, whichever
 * action did it (a release, an end, the clock running a lease out).
 */
function waitingEnded(before: Frame, after: Frame, step: WordedStep): WordedStep {
	const strikes = after.actors
		.filter(actor => {
			const was = before.actors.find(one => one.id === actor.id)
			// Let in during the step, even if the lease it got has run out again by the step's end.
			const gotIn = actor.lease !== undefined && (was?.lease === undefined || was.lease.fence !== actor.lease.fence || was.lease.expiresAt !== actor.lease.expiresAt)
			return was?.state?.text === 'waiting' && !was.state.struck && gotIn
		})
		.map(actor => `strike ${actor.id} "waiting"`)
		.filter(strike => !step.statements.includes(strike))
	return strikes.length === 0 ? step : { ...step, statements: [...step.statements, ...strikes] }
}

/** The kind of actor an action is offered on: a worker, a store, or the clock; none for a database or a picture. */
export function kindOf(actor: FrameActor): PlayAction['kind'] | undefined {
	if (actor.id === CLOCK) return 'clock'
	const kind = actorKind(actor.icon)
	return kind === 'worker' || kind === 'store' ? kind : undefined
}

function indent(statements: readonly string[]): string {
	return statements.map(statement => `  ${statement}\n`).join('')
}

function problems(scene: SceneFrames): string {
	return scene.diagnostics.slice(0, 3).map(formatMessage).join('; ') || 'no frame came back'
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
