/**
 * "Play it yourself": the panel under a scene's controls. Each actor offers its kind's actions as
 * buttons; each action runs on the engine in this page and its frame joins the stage. The session
 * can be copied as a scene, shared as a link, replayed without fences, and shows what the engine ran.
 */
import type { Frame } from '../../frame.ts'
import { kindOf as actorKind, parseScene } from '../../simulation/index.ts'
import { formatDuration } from '../../frame-format.ts'
import { renderStages } from '../../render/index.ts'
import { SceneLinkError } from '../../scene-link.ts'
import { openSqlJsDriver } from '../verify-scene.ts'
import { STEP_EVENT, type PlayerControl } from '../player-control.ts'
import { CLOCK } from './act.ts'
import type { PlayAction, ReaderAct } from './act.ts'
import { ACTIONS } from './actions/index.ts'
import type { FrameLog } from './engine-log.ts'
import { copiedScene, firstFences } from './session-source.ts'
import { showEngineLog } from './engine-view.ts'
import { SessionError, SessionRunner, kindOf } from './run-session.ts'
import type { SessionState } from './run-session.ts'
import { TTL_CHOICES, decodeSession, encodeSession, sessionHash } from './session-link.ts'
import { differences, problems, replay, withCode } from './code-replay.ts'
import { switchFences } from '../unfenced-view.ts'

const panels = new WeakMap<HTMLElement, PlayPanel>()

/** The scene's player as the panel drives it, and as the story without fences needs it. */
type Player = PlayerControl & { engage(): void; pause(): void }

/**
 * Opens the panel on a scene (or finds it open), from the step shown or from a shared link's
 * payload; `sandbox` opens the scene and its panel over the whole window, the reader's sandbox.
 */
export async function openPlay(player: Player, payload?: string, sandbox = false): Promise<void> {
	let panel = panels.get(player.figure)
	if (!panel) {
		panel = new PlayPanel(player, new SessionRunner(player.data.source, await openSqlJsDriver(), firstFences(player.data.scene.frames)))
		panels.set(player.figure, panel)
	}
	if (sandbox) panel.openSandbox()
	// Taken over while the story is shown without fences, the reader's session starts without them too.
	await (payload === undefined ? panel.start(!player.figure.hasAttribute('data-unfenced')) : panel.replayLink(payload))
}

/** The figure's "Without fences" switch while the reader plays the scene: it runs their session again, fences off or on. */
export async function switchPlayFences(player: PlayerControl): Promise<void> {
	await panels.get(player.figure)?.switchFences()
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, properties: Partial<HTMLElementTagNameMap[K]> = {}, children: (Node | string)[] = []): HTMLElementTagNameMap[K] {
	const node = Object.assign(document.createElement(tag), properties)
	node.append(...children)
	return node
}

/** A button of the panel; pressed while it is off (aria-disabled), it calls `onRefused` instead, which says why. */
function button(text: string, actor: string, onPress: () => void, onRefused?: () => void): HTMLButtonElement {
	const node = element('button', { type: 'button', className: 'scene-button scene-play-button' }, [text])
	// The visible word first, so the name a screen reader says begins with what the reader sees.
	if (actor) node.setAttribute('aria-label', `${text}, ${actor}`)
	node.addEventListener('click', () => {
		if (node.getAttribute('aria-disabled') !== 'true') onPress()
		else onRefused?.()
	})
	return node
}

/** A reason as a sentence: its first letter up, a full stop at its end. */
function sentence(text: string): string {
	return text ? `${text[0]?.toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}` : ''
}

class PlayPanel {
	readonly root: HTMLElement
	/** The session after each of the reader's actions; [0] is where they took over. */
	history: SessionState[] = []
	#status: HTMLElement
	#source: HTMLElement
	#engine: HTMLElement
	#fences: HTMLButtonElement | undefined
	#ttl: HTMLSelectElement | undefined
	#engineToggle: HTMLButtonElement
	#actions: { action: PlayAction; actor: string; node: HTMLButtonElement; choice?: HTMLSelectElement }[] = []
	#busy = false
	/** The bar of the reader's sandbox, while the scene is open over the whole window. */
	#sandbox: HTMLElement | undefined

	constructor(
		readonly player: Player,
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
		// The figure's own switch, where it has one, serves the session too; else the panel has one.
		if (!figure.querySelector('[data-action=without-fences]') && first?.actors.some(actor => actorKind(actor.icon) === 'database')) {
			this.#fences = button('Without fences', '', () => void this.switchFences())
			this.#fences.setAttribute('role', 'switch')
			this.#fences.setAttribute('aria-checked', 'false')
			options.append(this.#fences)
		}
		if (first?.actors.some(actor => actorKind(actor.icon) === 'store')) options.append(this.#ttlChoice())
		options.append(
			this.#engineToggle,
			button('Copy as scene', '', () => void this.#copy(copiedScene(this.#state.text), 'The session is copied as scene text.')),
			button('Copy link', '', () => void this.#copyLink()),
			button('Back to the guide', '', () => this.close()),
		)
		const heading = element('h3', { className: 'scene-play-title', id: `${figure.id}-play-title` }, ['Play it yourself'])
		this.root = element('section', { className: 'scene-play' }, [
			heading,
			element('p', { className: 'scene-play-intro' }, ["You play the guide's scene from the step shown: each button runs on the lock engine in this page and adds a step after it; Previous and Next step through them."]),
			groups,
			// Under the actions: what a press did not do, and why, is read next to the button pressed.
			this.#status,
			options,
			this.#engine,
			...this.#codeEditor(),
			element('details', { className: 'scene-play-text' }, [element('summary', {}, ['Your session as a scene']), this.#source]),
		])
		this.root.setAttribute('aria-labelledby', heading.id)
		this.root.addEventListener('focusin', event => this.#unhide(event.target))
		figure.addEventListener(STEP_EVENT, this.#onStep)
	}

	#onStep = (): void => this.#refresh()

	/** The stage, caption and controls, pinned in view: the panel goes under them and scrolls beneath them. */
	get #head(): HTMLElement | null {
		return this.player.figure.querySelector('.scene-head') ?? this.player.figure.querySelector('.scene-controls')
	}

	/** Where the panel and its messages go: under the pinned block, the timeline and the "Without fences" switch that follow it. */
	get #under(): HTMLElement | null {
		return this.player.figure.querySelector('.scene-variant') ?? this.player.figure.querySelector('.scene-timeline') ?? this.#head
	}

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
				const node = button(action.title, actor.label, () => void this.#act(action, actor.id, choice?.value), () => {
					this.#status.textContent = `${action.title}, ${actor.label}: not at this step. ${sentence(node.title)}`
					this.#status.scrollIntoView({ block: 'nearest' })
				})
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

	/**
	 * Takes over the guide's scene, every step of it, at the step the player shows: the reader goes on
	 * stepping through the guide's story, and an action at any step plays from there. A scene whose
	 * later steps cannot be played without its code sample is taken over at the step shown, as its end.
	 */
	async start(fenced = true): Promise<void> {
		if (this.history.length > 0) return this.#focus()
		const shown = this.player.step
		await this.#run(async () => {
			try {
				return [await this.runner.start(this.player.data.scene.frames.length - 1, fenced)]
			} catch (error) {
				if (!(error instanceof SessionError) || shown === this.player.data.scene.frames.length - 1) throw error
			}
			// Without fences a refusal the guide tells is no refusal: the session keeps its steps up to the last that holds.
			for (let upTo = shown; ; upTo--) {
				try {
					return [await this.runner.start(upTo, fenced)]
				} catch (error) {
					if (!(error instanceof SessionError) || upTo <= 0) throw error
				}
			}
		}, false, shown)
		this.#showFences()
		if (!fenced) this.#status.textContent = 'Your session runs without fences, as the story was shown: the switch turns them back on.'
		this.#focus()
	}

	/** Replays a shared link's session; a bad link leaves the page as it was and says why in the scene. */
	async replayLink(payload: string): Promise<void> {
		let kept = 0
		await this.#run(async () => {
			try {
				const link = await decodeSession(payload)
				kept = link.kept
				return await this.runner.replay(link.kept, link.fenced, link.acts, link.ttl)
			} catch (error) {
				if (error instanceof SceneLinkError || error instanceof SessionError) throw new SessionError(`This link's session could not be played: ${error.message}.`)
				throw error
			}
		}, false)
		if (this.history.length > 0) this.#status.textContent = `A session someone played from step ${kept}, computed again by the engine in this page.`
	}

	/** Runs a change of session, then draws it at step `at` (its last step unless given); its error shows in the panel and changes nothing. */
	async #run(change: () => Promise<SessionState[]>, animate: boolean, at?: number): Promise<void> {
		if (this.#busy) return
		this.#busy = true
		this.root.toggleAttribute('data-busy', true)
		try {
			const started = performance.now()
			this.history = await change()
			this.#present()
			this.player.show(Math.min(at ?? this.player.steps, this.player.steps), { animate, link: false })
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
		if (!note.isConnected) (this.root.isConnected ? this.#status : this.#under)?.after(note)
	}

	#present(): void {
		const state = this.#state
		// The panel joins the scene once a session runs, so a link that fails adds only its message.
		if (!this.root.isConnected) this.#under?.after(this.root)
		const { wide, narrow, timeline } = renderStages(state.frames, { id: this.player.figure.id })
		this.player.present({ frames: state.frames, svgs: wide, narrowSvgs: narrow, timeline })
		this.#source.textContent = copiedScene(state.text)
		this.player.figure.querySelector('.scene-play-error')?.remove()
		this.#showFences()
		if (this.#ttl) this.#ttl.value = state.ttl ?? ''
	}

	/** The switches (the panel's, or the figure's) and the dashed stage say whether the session runs without fences. */
	#showFences(): void {
		const unfenced = this.history.length > 0 && !this.#state.fenced
		this.#fences?.setAttribute('aria-checked', String(unfenced))
		this.player.figure.querySelector('[data-action=without-fences]')?.setAttribute('aria-checked', String(unfenced))
		this.player.figure.toggleAttribute('data-unfenced', unfenced)
	}

	/** The session the reader acts on: the one whose last step is on the stage (stepping back and acting again branches). */
	async #base(): Promise<SessionState[]> {
		const step = this.player.step
		const kept = this.history[0]?.kept ?? 0
		if (step >= kept) return this.history.slice(0, step - kept + 1)
		return [await this.runner.start(step, this.#state.fenced, this.#state.ttl)]
	}

	async #act(action: PlayAction, actor: string, choice?: string): Promise<void> {
		const act: ReaderAct = choice === undefined ? { action: action.id, actor } : { action: action.id, actor, choice }
		await this.#run(async () => {
			const base = await this.#base()
			return [...base, await this.runner.act(base[base.length - 1] as SessionState, act)]
		}, true)
	}

	async switchFences(): Promise<void> {
		if (this.history.length === 0) return
		const { fenced, ttl } = this.#state
		await this.#rerun(!fenced, ttl)
		this.#status.textContent = fenced ? 'The same session, on a database that checks no fence.' : 'The same session, on the database that keeps the largest fence.'
	}

	/** The TTL every lease of the session lasts: the scene's, or one the reader picks. */
	#ttlChoice(): HTMLElement {
		const parsed = parseScene(this.player.data.source, {})
		const setting = parsed.ok ? parsed.scene.settings.find(one => one.kind === 'ttl') : undefined
		const own = setting?.kind === 'ttl' ? setting.ms : 30_000
		const ms = (choice: string) => Number(/^\d+/.exec(choice)?.[0] ?? 0) * (choice.endsWith('m') ? 60_000 : 1000)
		const id = `${this.player.figure.id}-ttl`
		this.#ttl = element('select', { className: 'scene-play-choice', id }, [
			element('option', { value: '' }, [`the scene's, ${formatDuration(own)}`]),
			...TTL_CHOICES.filter(choice => ms(choice) !== own).map(choice => element('option', { value: choice }, [formatDuration(ms(choice))])),
		])
		this.#ttl.addEventListener('change', () => void this.#changeTtl(this.#ttl?.value || undefined))
		return element('span', { className: 'scene-play-pair scene-play-ttl' }, [element('label', { htmlFor: id }, ['Every lease lasts']), this.#ttl])
	}

	async #changeTtl(ttl: string | undefined): Promise<void> {
		await this.#rerun(this.#state.fenced, ttl)
		const { kept, acts } = this.#state
		const lasts = ttl === undefined ? "the scene's TTL" : `a TTL of ${this.#ttl?.selectedOptions[0]?.textContent ?? ttl}`
		const last = this.player.data.scene.frames.length - 1
		this.#status.textContent = acts.length === 0 && kept < last
			? `With ${lasts}, the guide's steps hold up to step ${kept}: play on from there.`
			: `The same session, every lease with ${lasts}.`
	}

	/**
	 * The session played again on fences on or off and with a TTL: a guide's later steps may not hold
	 * so (a refusal it tells is not one without fences, a lease it keeps runs out sooner), and the
	 * reader's own session then keeps the guide's steps up to the last that does.
	 */
	async #rerun(fenced: boolean, ttl: string | undefined): Promise<void> {
		const { kept, acts } = this.#state
		const step = this.player.step
		await this.#run(async () => {
			for (let upTo = kept; ; upTo--) {
				try {
					return await this.runner.replay(upTo, fenced, upTo === kept ? acts : [], ttl)
				} catch (error) {
					if (!(error instanceof SessionError) || acts.length > 0 || upTo <= 0) throw error
				}
			}
		}, false)
		this.player.show(Math.min(step, this.player.steps), { animate: false, link: false })
	}

	#toggleEngine(): void {
		const open = this.#engine.hidden
		this.#engine.hidden = !open
		this.#engineToggle.setAttribute('aria-expanded', String(open))
		this.#refresh()
	}

	/**
	 * Opens the scene and this panel over the whole window: the reader's sandbox, whose address opens
	 * it again (`#ID-sandbox`, then the session's), with the authors' editor a link away.
	 */
	openSandbox(): void {
		const figure = this.player.figure
		if (this.#sandbox) return
		const editor = figure.querySelector<HTMLAnchorElement>('a.scene-playground-link')
		const close = button('Back to the page', '', () => this.close())
		this.#sandbox = element('div', { className: 'scene-sandbox-bar' }, [
			element('p', { className: 'scene-sandbox-title' }, ['Sandbox: play the scene yourself']),
			...(editor ? [element('a', { className: 'scene-sandbox-editor', href: editor.href }, ['Edit its source in the playground'])] : []),
			close,
		])
		figure.prepend(this.#sandbox)
		figure.toggleAttribute('data-sandbox', true)
		// In the top layer, as a popover: over Starlight's bars and sidebars, and out of the page's
		// boxes (a contained one would hold a fixed element inside it).
		figure.setAttribute('popover', 'manual')
		figure.showPopover()
		figure.addEventListener('keydown', this.#onEscape)
		if (!location.hash.includes('-sandbox')) history.replaceState(history.state, '', `${location.pathname}${location.search}#${figure.id}-sandbox`)
	}

	#onEscape = (event: KeyboardEvent): void => {
		if (event.key === 'Escape' && this.#sandbox) this.close()
	}

	async #address(): Promise<string> {
		const { kept, fenced, acts, ttl } = this.#state
		const id = this.#sandbox ? `${this.player.figure.id}-sandbox` : this.player.figure.id
		const hash = sessionHash(id, await encodeSession({ kept, fenced, acts, ...(ttl === undefined ? {} : { ttl }) }))
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
			const why = context ? action.unavailable(context) : 'not an action of this actor'
			node.setAttribute('aria-disabled', String(why !== undefined))
			// The reason is the button's description: shown on hover, read with its name, and told in the status when pressed.
			if (why === undefined) node.removeAttribute('title')
			else node.title = sentence(why)
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

	/**
	 * Scrolls a control the keyboard reached out from under the pinned stage: the browser brings a
	 * focused element into the window, but not out from under a sticky block that covers it.
	 */
	#unhide(target: EventTarget | null): void {
		const head = this.#head
		// Not for a button the pointer is pressing: the press focuses it too, and scrolling between the
		// press and its release moves the button from under the pointer, so the click never comes.
		if (!(target instanceof HTMLElement) || target.matches(':active') || !head || getComputedStyle(head).position !== 'sticky') return
		const covered = head.getBoundingClientRect().bottom + 8 - target.getBoundingClientRect().top
		if (covered > 0) scrollBy({ top: -covered, behavior: 'instant' })
	}

	/** Back to the guide's own steps, at the step the reader took over from. */
	close(): void {
		// The guide's step the reader is on, while they only stepped; else the one they took over at.
		const kept = this.history.length === 1 ? Math.min(this.player.step, this.history[0]?.kept ?? 0) : (this.history[0]?.kept ?? 0)
		const sandbox = this.#sandbox !== undefined
		this.root.remove()
		this.#sandbox?.remove()
		this.#sandbox = undefined
		this.player.figure.removeAttribute('data-sandbox')
		if (sandbox) {
			this.player.figure.hidePopover()
			this.player.figure.removeAttribute('popover')
		}
		this.player.figure.removeEventListener('keydown', this.#onEscape)
		this.player.figure.removeEventListener(STEP_EVENT, this.#onStep)
		panels.delete(this.player.figure)
		// Back to the guide's frames; a session played without fences comes back to the guide's story without them.
		const unfenced = this.player.figure.hasAttribute('data-unfenced')
		this.player.figure.removeAttribute('data-unfenced')
		this.player.figure.querySelector('[data-action=without-fences]')?.setAttribute('aria-checked', 'false')
		this.player.present(undefined)
		this.player.show(kept, { animate: false, link: false })
		if (unfenced) void switchFences(this.player, true)
		history.replaceState(history.state, '', location.pathname + location.search)
		this.player.figure.querySelector<HTMLElement>('[data-action=take-over]')?.focus({ preventScroll: sandbox })
		if (sandbox) this.player.figure.scrollIntoView({ block: 'start' })
	}
}
