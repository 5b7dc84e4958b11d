/**
 * "Play it yourself": the panel under a scene's controls. Each actor offers its kind's actions as
 * buttons; each action runs on the engine in this page and its frame joins the stage. The session
 * can be copied as a scene, shared as a link, replayed without fences, and shows what the engine ran.
 */
import type { Frame } from '../../frame.ts'
import { kindOf as actorKind } from '../../simulation/index.ts'
import { renderStages } from '../../render/index.ts'
import { SceneLinkError } from '../../scene-link.ts'
import { openSqlJsDriver } from '../verify-scene.ts'
import { STEP_EVENT, type PlayerControl } from '../player-control.ts'
import { CLOCK } from './act.ts'
import type { PlayAction, ReaderAct } from './act.ts'
import { ACTIONS } from './actions/index.ts'
import type { FrameLog } from './engine-log.ts'
import { copiedScene } from './session-source.ts'
import { showEngineLog } from './engine-view.ts'
import { SessionError, SessionRunner, kindOf } from './run-session.ts'
import type { SessionState } from './run-session.ts'
import { decodeSession, encodeSession, sessionHash } from './session-link.ts'
import { differences, problems, replay, withCode } from './code-replay.ts'
import { switchFences } from '../unfenced-view.ts'

const panels = new WeakMap<HTMLElement, PlayPanel>()

/** Opens the panel on a scene (or finds it open), from the step shown or from a shared link's payload. */
export async function openPlay(player: PlayerControl & { engage(): void; pause(): void }, payload?: string): Promise<void> {
	// The reader's own play has its own switch: the guide's frames come back first.
	await switchFences(player, false)
	let panel = panels.get(player.figure)
	if (!panel) {
		panel = new PlayPanel(player, new SessionRunner(player.data.source, await openSqlJsDriver()))
		panels.set(player.figure, panel)
	}
	await (payload === undefined ? panel.start() : panel.replayLink(payload))
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, properties: Partial<HTMLElementTagNameMap[K]> = {}, children: (Node | string)[] = []): HTMLElementTagNameMap[K] {
	const node = Object.assign(document.createElement(tag), properties)
	node.append(...children)
	return node
}

function button(text: string, actor: string, onPress: () => void): HTMLButtonElement {
	const node = element('button', { type: 'button', className: 'scene-button scene-play-button' }, [text])
	// The visible word first, so the name a screen reader says begins with what the reader sees.
	if (actor) node.setAttribute('aria-label', `${text}, ${actor}`)
	node.addEventListener('click', () => {
		if (node.getAttribute('aria-disabled') !== 'true') onPress()
	})
	return node
}

class PlayPanel {
	readonly root: HTMLElement
	/** The session after each of the reader's actions; [0] is where they took over. */
	history: SessionState[] = []
	#status: HTMLElement
	#source: HTMLElement
	#engine: HTMLElement
	#fences: HTMLButtonElement | undefined
	#engineToggle: HTMLButtonElement
	#actions: { action: PlayAction; actor: string; node: HTMLButtonElement; choice?: HTMLSelectElement }[] = []
	#busy = false

	constructor(
		readonly player: PlayerControl,
		readonly runner: SessionRunner,
	) {
		const figure = player.figure
		const first = player.data.scene.frames[0]
		this.#status = element('p', { className: 'scene-play-status' })
		this.#status.setAttribute('role', 'status')
		this.#source = element('pre', { className: 'scene-play-source', tabIndex: 0 })
		this.#engine = element('div', { className: 'scene-play-engine', id: `${figure.id}-engine`, hidden: true })
		this.#engineToggle = button('What the engine ran', '', () => this.#toggleEngine())
		this.#engineToggle.setAttribute('aria-expanded', 'false')
		this.#engineToggle.setAttribute('aria-controls', this.#engine.id)
		const groups = this.#groups(first)
		const options = element('div', { className: 'scene-play-options' })
		if (first?.actors.some(actor => actorKind(actor.icon) === 'database')) {
			this.#fences = button('Without fences', '', () => void this.#switchFences())
			this.#fences.setAttribute('role', 'switch')
			this.#fences.setAttribute('aria-checked', 'false')
			options.append(this.#fences)
		}
		options.append(
			this.#engineToggle,
			button('Copy as scene', '', () => void this.#copy(copiedScene(this.#state.text), 'The session is copied as scene text.')),
			button('Copy link', '', () => void this.#copyLink()),
			button('Back to the guide', '', () => this.close()),
		)
		const heading = element('h3', { className: 'scene-play-title', id: `${figure.id}-play-title` }, ['Play it yourself'])
		this.root = element('section', { className: 'scene-play' }, [
			heading,
			element('p', { className: 'scene-play-intro' }, ['Each button runs on the lock engine in this page and adds a step; Previous and Next step through them.']),
			groups,
			options,
			this.#status,
			this.#engine,
			...this.#codeEditor(),
			element('details', { className: 'scene-play-text' }, [element('summary', {}, ['Your session as a scene']), this.#source]),
		])
		this.root.setAttribute('aria-labelledby', heading.id)
		figure.addEventListener(STEP_EVENT, this.#onStep)
	}

	#onStep = (): void => this.#refresh()

	/**
	 * "Run the story with your code": the sample, editable; the guide's steps replayed with the
	 * reader's code by the engine in a worker, and what changed told step by step.
	 */
	#codeEditor(): HTMLElement[] {
		const code = this.player.data.scene.code
		if (!code || !withCode(this.player.data.source, code.lines.join('\n'))) return []
		const id = `${this.player.figure.id}-code`
		const editor = element('textarea', { className: 'scene-play-code', id, spellcheck: false, rows: Math.max(3, code.lines.length + 1), value: code.lines.join('\n') })
		const label = element('label', { htmlFor: id }, ["The code each worker runs; change it, and the guide's steps run again with yours"])
		const result = element('div', { className: 'scene-play-code-result' })
		result.setAttribute('role', 'status')
		const run = button('Run the story with this code', '', () => void this.#replayCode(editor.value, result))
		const reset = button("Back to the guide's code", '', () => {
			editor.value = code.lines.join('\n')
			result.textContent = ''
			this.player.present(undefined)
		})
		return [element('details', { className: 'scene-play-edit' }, [element('summary', {}, ['Edit the code']), label, editor, element('div', { className: 'scene-play-options' }, [run, reset]), result])]
	}

	async #replayCode(code: string, result: HTMLElement): Promise<void> {
		const source = withCode(this.player.data.source, code)
		if (source === undefined) return
		result.textContent = 'Running the story with your code…'
		try {
			const replayed = await replay(this.player.figure.id, source)
			this.player.present({ frames: replayed.scene.frames, svgs: replayed.svgs, narrowSvgs: replayed.narrowSvgs, ...(replayed.timeline ? { timeline: replayed.timeline } : {}) })
			const changed = differences(this.player.data.scene.frames, replayed.scene.frames)
			const errors = problems(source, replayed.scene)
			const first = /^step (\d+)/.exec(changed[0] ?? errors[0] ?? '')
			this.player.show(first ? Number(first[1]) : 0, { animate: false, link: false })
			const list = (items: string[]) => element('ul', {}, items.map(item => element('li', {}, [item])))
			result.replaceChildren(
				element('p', {}, [changed.length === 0 && errors.length === 0 ? 'With your code the story runs as the guide tells it.' : `With your code, ${changed.length} answer${changed.length === 1 ? '' : 's'} of the engine changed and ${errors.length} claim${errors.length === 1 ? '' : 's'} of the guide no longer hold${errors.length === 1 ? 's' : ''}:`]),
				...(changed.length > 0 ? [list(changed)] : []),
				...(errors.length > 0 ? [list(errors)] : []),
			)
		} catch (error) {
			result.textContent = `Your code could not be run: ${error instanceof Error ? error.message : String(error)}`
		}
	}

	get #state(): SessionState {
		const state = this.history[this.history.length - 1]
		if (!state) throw new Error('the session has not started')
		return state
	}

	/** One group of buttons per actor that acts, and one for the clock. */
	#groups(frame: Frame | undefined): HTMLElement {
		const box = element('div', { className: 'scene-play-actors' })
		const actors = [...(frame?.actors ?? []).filter(actor => kindOf(actor) !== undefined), { id: CLOCK, label: 'Clock', icon: 'clock' as const }]
		for (const actor of actors) {
			const kind = actor.id === CLOCK ? 'clock' : kindOf(actor as Frame['actors'][number])
			const own = ACTIONS.filter(action => action.kind === kind)
			if (own.length === 0) continue
			const legend = element('legend', {}, [actor.label])
			const group = element('fieldset', { className: 'scene-play-actor' }, [legend])
			for (const action of own) {
				const node = button(action.title, actor.label, () => void this.#act(action, actor.id, choice?.value))
				node.dataset['playAction'] = action.id
				node.dataset['playActor'] = actor.id
				let choice: HTMLSelectElement | undefined
				if (action.choices) {
					choice = element('select', { className: 'scene-play-choice' }, action.choices.map(one => element('option', { value: one.value }, [one.text])))
					choice.setAttribute('aria-label', `${action.title}, ${actor.label}: ${action.id === 'wait' ? 'how far' : 'how long to wait'}`)
					group.append(element('span', { className: 'scene-play-pair' }, [node, choice]))
				} else group.append(node)
				this.#actions.push(choice ? { action, actor: actor.id, node, choice } : { action, actor: actor.id, node })
			}
			box.append(group)
		}
		return box
	}

	/** Takes over from the step the player shows. */
	async start(): Promise<void> {
		if (this.history.length > 0) return this.#focus()
		await this.#run(async () => [await this.runner.start(this.player.step, true)], false)
		this.#focus()
	}

	/** Replays a shared link's session; a bad link leaves the page as it was and says why in the scene. */
	async replayLink(payload: string): Promise<void> {
		let kept = 0
		await this.#run(async () => {
			try {
				const link = await decodeSession(payload)
				kept = link.kept
				return await this.runner.replay(link.kept, link.fenced, link.acts)
			} catch (error) {
				if (error instanceof SceneLinkError || error instanceof SessionError) throw new SessionError(`This link's session could not be played: ${error.message}.`)
				throw error
			}
		}, false)
		if (this.history.length > 0) this.#status.textContent = `A session someone played from step ${kept}, computed again by the engine in this page.`
	}

	/** Runs a change of session, then draws it; its error shows in the panel and changes nothing. */
	async #run(change: () => Promise<SessionState[]>, animate: boolean): Promise<void> {
		if (this.#busy) return
		this.#busy = true
		this.root.toggleAttribute('data-busy', true)
		try {
			const started = performance.now()
			this.history = await change()
			this.#present()
			this.player.show(this.player.steps, { animate, link: false })
			// The benchmark reads this: from the press to the new frame on the stage.
			this.player.figure.dataset['playFrameMs'] = (performance.now() - started).toFixed(1)
			this.#status.textContent = ''
			void this.#address()
		} catch (error) {
			if (!(error instanceof SessionError || error instanceof SceneLinkError)) throw error
			this.#fail(error.message)
		} finally {
			this.#busy = false
			this.root.removeAttribute('data-busy')
		}
	}

	#fail(message: string): void {
		const note = this.player.figure.querySelector('.scene-play-error') ?? element('p', { className: 'scene-play-error' })
		note.setAttribute('role', 'alert')
		note.textContent = message
		if (!note.isConnected) (this.root.isConnected ? this.#status : this.player.figure.querySelector('.scene-controls'))?.after(note)
	}

	#present(): void {
		const state = this.#state
		// The panel joins the scene once a session runs, so a link that fails adds only its message.
		if (!this.root.isConnected) this.player.figure.querySelector('.scene-controls')?.after(this.root)
		const { wide, narrow, timeline } = renderStages(state.frames, { id: this.player.figure.id })
		this.player.present({ frames: state.frames, svgs: wide, narrowSvgs: narrow, timeline })
		this.#source.textContent = copiedScene(state.text)
		this.player.figure.querySelector('.scene-play-error')?.remove()
		this.#fences?.setAttribute('aria-checked', String(!state.fenced))
	}

	/** The session the reader acts on: the one whose last step is on the stage (stepping back and acting again branches). */
	async #base(): Promise<SessionState[]> {
		const step = this.player.step
		const kept = this.history[0]?.kept ?? 0
		if (step >= kept) return this.history.slice(0, step - kept + 1)
		return [await this.runner.start(step, this.#state.fenced)]
	}

	async #act(action: PlayAction, actor: string, choice?: string): Promise<void> {
		const act: ReaderAct = choice === undefined ? { action: action.id, actor } : { action: action.id, actor, choice }
		await this.#run(async () => {
			const base = await this.#base()
			return [...base, await this.runner.act(base[base.length - 1] as SessionState, act)]
		}, true)
	}

	async #switchFences(): Promise<void> {
		const { kept, acts, fenced } = this.#state
		const step = this.player.step
		await this.#run(async () => this.runner.replay(kept, !fenced, acts), false)
		this.player.show(Math.min(step, this.player.steps), { animate: false, link: false })
		this.#status.textContent = fenced ? 'The same session, on a database that checks no fence.' : 'The same session, on the database that keeps the largest fence.'
	}

	#toggleEngine(): void {
		const open = this.#engine.hidden
		this.#engine.hidden = !open
		this.#engineToggle.setAttribute('aria-expanded', String(open))
		this.#refresh()
	}

	async #address(): Promise<string> {
		const { kept, fenced, acts } = this.#state
		const hash = sessionHash(this.player.figure.id, await encodeSession({ kept, fenced, acts }))
		// The address holds the session, so a reload or a copied address plays it again.
		history.replaceState(history.state, '', location.pathname + location.search + hash)
		return location.origin + location.pathname + location.search + hash
	}

	async #copyLink(): Promise<void> {
		try {
			await this.#copy(await this.#address(), 'The link to this session is copied; the address bar holds it too.')
		} catch (error) {
			if (!(error instanceof SceneLinkError)) throw error
			this.#fail(error.message)
		}
	}

	async #copy(text: string, done: string): Promise<void> {
		try {
			await navigator.clipboard.writeText(text)
			this.#status.textContent = done
		} catch {
			this.#status.textContent = 'This browser did not let the page copy; the text is under "Your session as a scene" and the link in the address bar.'
		}
	}

	/** Marks the actions the step shown allows, and shows what the engine ran for it. */
	#refresh(): void {
		if (!this.root.isConnected || this.history.length === 0) return
		const state = this.history.find(one => one.frames.length - 1 >= this.player.step) ?? this.#state
		const shown = { ...state, frames: state.frames.slice(0, this.player.step + 1) }
		for (const { action, actor, node } of this.#actions) {
			const context = this.runner.context(shown, action, { actor })
			node.setAttribute('aria-disabled', String(!(context && action.available(context))))
		}
		if (!this.#engine.hidden) void this.#showLog()
	}

	/** What the engine ran, per session: recorded on the first look, since most readers never open it. */
	#logs = new WeakMap<SessionState, Promise<FrameLog[]>>()

	async #showLog(): Promise<void> {
		const state = this.#state
		const step = this.player.step
		let log = this.#logs.get(state)
		if (!log) {
			log = this.runner.engineLog(state)
			this.#logs.set(state, log)
		}
		const frames = await log
		// The reader may have stepped on while it ran; only the step still shown is drawn.
		if (state === this.#state && step === this.player.step && !this.#engine.hidden) showEngineLog(this.#engine, frames[step], step)
	}

	#focus(): void {
		this.root.querySelector<HTMLElement>('.scene-play-button:not([aria-disabled=true])')?.focus()
	}

	/** Back to the guide's own steps, at the step the reader took over from. */
	close(): void {
		const kept = this.history[0]?.kept ?? 0
		this.root.remove()
		this.player.figure.removeEventListener(STEP_EVENT, this.#onStep)
		panels.delete(this.player.figure)
		this.player.present(undefined)
		this.player.show(kept, { animate: false, link: false })
		history.replaceState(history.state, '', location.pathname + location.search)
		this.player.figure.querySelector<HTMLElement>('[data-action=take-over]')?.focus()
	}
}
