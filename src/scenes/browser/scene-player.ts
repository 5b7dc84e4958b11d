/**
 * One scene on the page brought to life: steps, play, keys, the step's caption and code lines, and a link to each step.
 */
import type { Frame } from '../frame.ts'
// From step-words.ts, not scene-figure.ts: this is the page's first script, and the figure's module brings the engine.
import { counterText, initialCaption, stepId } from '../step-words.ts'
import type { SceneData } from '../scene-figure.ts'
import { STEP_EVENT, type PlayerControl, type SceneView, type ShowOptions } from './player-control.ts'
import { afterPaint } from './after-paint.ts'
import { markedPieces } from '../text-marks.ts'
import type { TextMark } from '../frame.ts'

/** How long play shows each step, ms. */
export const playStepMs = 2500

const reducedMotion = (): boolean => matchMedia('(prefers-reduced-motion: reduce)').matches

/** The motion of a step forward, once loaded. */
type Motion = typeof import('./scene-motion.ts')
let motion: Motion | undefined
let motionLoading: Promise<Motion> | undefined

/**
 * Loads the motion of a step forward: not with the page, but when the reader first presses or keys
 * in a scene, the press before the step it moves (a step shown before it arrives moves once it has).
 */
function loadMotion(): Promise<Motion> {
	return (motionLoading ??= import('./scene-motion.ts').then(loaded => (motion = loaded)))
}

// One import each, so the first script carries one loader for each module and not one per use.
/** The timeline's moment and scrubber, with the reader's first step or press on the timeline. */
const loadMarks = () => import('./step-marks.ts')
/** "Play it yourself", on its first press or a link to a played session. */
const loadPlay = () => import('./play/play-panel.ts')

/** Puts a text into `element` as the build does: the engine's values in `<data class="scene-computed">`, never as HTML. */
export function showMarked(element: HTMLElement, text: string, marks?: readonly TextMark[]): void {
	element.replaceChildren(...markedPieces(text, marks).map(piece => {
		if (piece.kind !== 'value') return document.createTextNode(piece.text)
		const data = document.createElement('data')
		data.value = piece.text
		data.className = 'scene-computed'
		data.textContent = piece.text
		return data
	}))
}

/**
 * Builds what `container` holds in a `<noscript>` (the build's markup, which a browser running
 * scripts keeps as text), if anything, as elements in its place.
 */
export function unfoldHeld(container: Element): void {
	const held = container.querySelector(':scope > noscript')
	if (!held) return
	const template = document.createElement('template')
	// The build's own HTML, as trusted as the page it came in: every scene text in it was escaped then.
	// A page parsed without scripting (DOMParser, a client-side router) has it as elements already.
	template.innerHTML = held.firstElementChild ? held.innerHTML : (held.textContent ?? '')
	held.replaceWith(template.content)
}

/** Puts a note at the top of a scene for its reader, in place of one before: what could not be done in this browser. */
export function note(figure: HTMLElement, text: string): void {
	figure.querySelector('.scene-mismatch')?.remove()
	figure.prepend(Object.assign(document.createElement('p'), { className: 'scene-mismatch', role: 'alert', textContent: text }))
}

/** A figure.scene upgraded with its controls; `show` is the one way the step changes. */
export class ScenePlayer implements PlayerControl {
	readonly figure: HTMLElement
	/** The scene's data: the page's, or a later scene's file (`data-scene-src`) once fetched (ready). */
	#data: SceneData | undefined
	/** The fetch of that file: once, unless it fails. */
	#loading: Promise<SceneData | undefined> | undefined
	steps: number
	/** The frames shown instead of the guide's, while the reader plays the scene. */
	#view: SceneView | undefined
	step = 0
	#timer: ReturnType<typeof setInterval> | undefined
	/** Counts calls of show, so the motion of a step the reader has already left never starts. */
	#shown = 0
	#stage: HTMLElement | null
	/** The stage's drawing is still the build's <noscript>: drawn once the scene nears the screen or is shown a step. */
	#held: boolean
	#near: IntersectionObserver | undefined
	#caption: HTMLElement | null
	/** Marks the timeline's moment and each lit line's worker, once loaded. */
	#marks: ((player: ScenePlayer) => void) | undefined
	/** Called on the reader's first action (step, play, or a control), once. */
	#onFirstAct: ((data: SceneData) => void) | undefined

	/** `data` undefined: a later scene whose data is a file of its own (`data-scene-src`), fetched when needed. */
	constructor(figure: HTMLElement, data: SceneData | undefined, onFirstAct?: (data: SceneData) => void) {
		this.figure = figure
		this.#data = data
		this.#onFirstAct = onFirstAct
		// The build's count, so a later scene has its steppers' states before its data arrives.
		this.steps = Number(figure.dataset['steps']) || 0
		this.#stage = figure.querySelector('.scene-stage')
		this.#caption = figure.querySelector('.scene-caption')
		figure.querySelector<HTMLElement>('.scene-controls')?.removeAttribute('hidden')
		// The timeline under the stage is the scrubber: a slider over the steps' moments.
		const track = figure.querySelector<HTMLElement>('.scene-timeline-track')
		if (track) {
			Object.assign(track, { tabIndex: 0, role: 'slider', ariaLabel: 'Moment of the scene', ariaValueMin: '0', ariaValueMax: String(this.steps), ariaValueNow: '0' })
			// Dragging along the timeline moves the moment; its code loads with the first press. The pointer's
			// latest place is kept meanwhile, so a drag made before the code arrived still ends where it was let go.
			let latest: PointerEvent | undefined
			track.addEventListener('pointermove', event => {
				if (event.buttons & 1) latest = event
			})
			track.addEventListener('pointerdown', event => {
				track.setPointerCapture(event.pointerId)
				latest = event
				void this.ready().then(data => data && loadMarks().then(({ scrub }) => scrub(this, track, latest ?? event)))
			})
		}
		// The list stays in the page, closed: the stage now tells the story. Its steps are built once opened.
		const list = figure.querySelector<HTMLDetailsElement>('details.scene-steps')
		list?.removeAttribute('open')
		list?.addEventListener('toggle', () => {
			if (!list.open) return
			unfoldHeld(list)
			this.#markStep()
		})
		figure.addEventListener('click', event => this.#onClick(event))
		figure.addEventListener('keydown', event => this.#onKey(event))
		for (const touch of ['pointerdown', 'keydown']) figure.addEventListener(touch, () => void loadMotion(), { once: true })
		this.#held = Boolean(this.#stage?.querySelector(':scope > noscript'))
		// The build drew step 0 on the stage, or holds that drawing until the scene is near; a later
		// scene whose data is still a file shows the build's step 0 as it is.
		if (this.#data) this.show(0, { animate: false, link: false }, false)
		if (!this.#held) return
		// Drawn, and its data fetched, once the scene comes within a screen's height of the view (a focus scrolls it there too).
		this.#near = new IntersectionObserver(entries => {
			if (entries.some(entry => entry.isIntersecting)) {
				this.#release()
				void this.ready()
			}
		}, { rootMargin: '100% 0px' })
		this.#near.observe(figure)
	}

	#release(): void {
		if (!this.#held) return
		this.#held = false
		this.#near?.disconnect()
		// The stage, the timeline, its key and the steppers waited; the build made them for step 0 (all a later
		// scene shows before its data comes), and the step shown (one the reader asked for before they were
		// built) is put on them from here.
		for (const box of this.figure.querySelectorAll('.scene-stage, .scene-timeline-track, .scene-timeline-key, .scene-controls')) unfoldHeld(box)
		if (this.step || this.#view) this.#draw()
		this.#showControls()
		this.#setPlaying(this.#timer !== undefined)
	}

	/** Puts the step's drawings, both layouts, on the stage; CSS shows the one for the figure's width. */
	#draw(): void {
		const drawn = this.#view ?? this.data
		// The SVGs are the renderer's, which escapes every text of the scene: no label reaches the page as markup.
		if (this.#stage) this.#stage.innerHTML = (drawn.svgs[this.step] ?? '') + (drawn.narrowSvgs[this.step] ?? '')
	}

	get frame(): Frame | undefined {
		return (this.#view?.frames ?? this.#data?.scene.frames)?.[this.step]
	}

	/** The scene's data: a later scene's once fetched, which every action of the reader waits for (ready, #here). */
	get data(): SceneData {
		return this.#data!
	}

	/**
	 * The scene's data, fetched first when the page does not carry it; undefined if the fetch failed,
	 * which the scene says, and the reader's next action tries again.
	 */
	ready(): Promise<SceneData | undefined> {
		return (this.#loading ??= this.#data
			? Promise.resolve(this.#data)
			: fetch(this.figure.dataset['sceneSrc']!)
				.then(response => (response.ok ? (response.json() as Promise<SceneData>) : Promise.reject()))
				.then(data => {
					// The note of a fetch that failed before.
					this.figure.querySelector('.scene-mismatch')?.remove()
					return (this.#data = data)
				}, () => {
					this.#loading = undefined
					note(this.figure, 'This scene could not be loaded.')
					return undefined
				}))
	}

	/** Whether the data is here; if not, `then` runs once it arrives (a reader's step or key before a later scene's data). */
	#here(then: () => void): boolean {
		if (this.#data) return true
		void this.ready().then(data => data && then())
		return false
	}

	/** Shows other frames from now on, or the guide's again when `view` is undefined; `played` marks the reader's own session. */
	present(view: SceneView | undefined, played = view !== undefined): void {
		this.#view = view
		this.steps = Math.max((view?.frames ?? this.data.scene.frames).length - 1, 0)
		this.figure.dataset['steps'] = String(this.steps)
		this.figure.toggleAttribute('data-played', played)
	}

	/** The frames shown and their drawings: a reader's session, or the guide's. */
	get shown(): SceneView | SceneData {
		return this.#view ?? this.data
	}

	/**
	 * Shows step `step` (clamped); animates a single step forward unless the reader prefers reduced motion.
	 * `draw` false leaves the stage as it is (the first show: the build's drawing, or a held one).
	 */
	show(step: number, options: ShowOptions, draw = true): void {
		// A step asked for before a later scene's data came (a link to it, which scrolls the scene near): shown when it comes.
		if (!this.#here(() => this.show(step, options, draw))) return
		const before = this.frame
		const previous = this.step
		this.step = Math.min(Math.max(step, 0), this.steps)
		const frame = this.frame
		const { figure } = this
		const shown = ++this.#shown
		figure.dataset['step'] = String(this.step)
		if (draw && this.#held) this.#release()
		else if (draw) this.#draw()
		if (this.#caption) showMarked(this.#caption, frame?.caption || initialCaption, frame?.caption ? frame.captionMarks : undefined)
		this.#showControls()
		const lines = new Set(frame?.lines ?? [])
		for (const line of figure.querySelectorAll<HTMLElement>('.scene-code [data-line]')) {
			line.classList.toggle('is-active', lines.has(Number(line.dataset['line'])))
		}
		// The timeline's moment and whose each lit line is: the build drew step 0's, and the rest loads with the reader's first step.
		if (this.#marks) this.#marks(this)
		else if (this.step > 0 || this.#view) void loadMarks().then(({ markStep }) => (this.#marks = markStep)(this))
		this.#markStep()
		// A played step has no link of its own: the address holds the whole session instead.
		if (options.link && !this.#view) {
			const hash = this.step === 0 ? '' : `#${stepId(figure.id, this.step)}`
			// replaceState costs milliseconds in Chromium; the address can follow the new frame, not hold it up.
			afterPaint(() => {
				if (shown === this.#shown) history.replaceState(history.state, '', location.pathname + location.search + hash)
			})
		}
		// Both layouts are in the stage and CSS shows one; only the one shown moves.
		const svg = [...(this.#stage?.querySelectorAll('svg') ?? [])].find(one => one.checkVisibility())
		if (options.animate && svg && frame && this.step === previous + 1 && !reducedMotion()) {
			const move = (loaded: Motion): void => {
				const start = loaded.prepareStep(svg, before, frame)
				afterPaint(() => {
					if (shown === this.#shown) start()
				})
			}
			if (motion) move(motion)
			else {
				void loadMotion().then(loaded => {
					if (shown === this.#shown) move(loaded)
				})
			}
		}
		figure.dispatchEvent(new CustomEvent(STEP_EVENT, { detail: this.step }))
	}

	/** The counter and the steppers at the step shown. */
	#showControls(): void {
		const counter = this.figure.querySelector('.scene-counter')
		if (counter) counter.textContent = counterText(this.step, this.steps)
		for (const [action, off] of [['prev', this.step === 0], ['restart', this.step === 0], ['next', this.step === this.steps]] as const) {
			// aria-disabled, not disabled: a disabled button would drop the keyboard focus.
			this.figure.querySelector(`[data-action=${action}]`)?.setAttribute('aria-disabled', String(off))
		}
	}

	/** Marks the shown step's item in the list of steps (once the list is built). */
	#markStep(): void {
		for (const item of this.figure.querySelectorAll<HTMLElement>('.scene-step')) {
			if (item.dataset['step'] === String(this.step)) item.setAttribute('aria-current', 'step')
			else item.removeAttribute('aria-current')
		}
	}

	/** Starts playing from the current step (from the start when at the end); a step every playStepMs. */
	play(): void {
		if (this.#timer !== undefined) return
		if (this.step === this.steps) this.show(0, { animate: false, link: true })
		this.#setPlaying(true)
		this.#timer = setInterval(() => {
			this.show(this.step + 1, { animate: true, link: true })
			if (this.step === this.steps) this.pause()
		}, playStepMs)
		if (this.step === 0) this.show(1, { animate: true, link: true })
	}

	pause(): void {
		clearInterval(this.#timer)
		this.#timer = undefined
		this.#setPlaying(false)
	}

	#setPlaying(playing: boolean): void {
		this.figure.toggleAttribute('data-playing', playing)
		const text = this.figure.querySelector('[data-action=play] .scene-button-text')
		if (text) text.textContent = playing ? 'Pause' : 'Play'
	}

	/** Marks the reader's first touch of the scene (a step, play, or a control), which starts the engine. */
	engage(): void {
		const first = this.#onFirstAct
		this.#onFirstAct = undefined
		first?.(this.data)
	}

	/** Runs a control's action, as a click or a key gives it. */
	act(action: string): void {
		// Pressed before a later scene's data came (a fast scroll, a key): the step it asks for is taken once the data is here.
		if (!this.#here(() => this.act(action))) return
		this.engage()
		if (action !== 'play') this.pause()
		if (action === 'next') this.show(this.step + 1, { animate: true, link: true })
		else if (action === 'prev') this.show(this.step - 1, { animate: false, link: true })
		else if (action === 'restart') this.show(0, { animate: false, link: true })
		else if (action === 'end') this.show(this.steps, { animate: false, link: true })
		else if (action === 'play') this.#timer === undefined ? this.play() : this.pause()
		else if (action === 'take-over') void this.takeOver()
		// The same story without fences, run by the engine in this page: its code loads on the switch's first
		// press. While the reader plays the scene, the switch runs their session without fences instead.
		else if (action === 'without-fences') {
			if (this.figure.querySelector('section.scene-play')) void loadPlay().then(({ switchPlayFences }) => switchPlayFences(this))
			else void import('./unfenced-view.ts').then(({ switchFences }) => switchFences(this))
		}
	}

	/** Hands the scene to the reader from the step shown, in the page or as a sandbox over the window: the play module loads now, not before. */
	async takeOver(link?: string, sandbox = false): Promise<void> {
		if (!(await this.ready())) return
		this.engage()
		this.pause()
		const { openPlay } = await loadPlay()
		await openPlay(this, link, sandbox)
	}

	#onClick(event: MouseEvent): void {
		// "Open in the playground" opens the reader's sandbox (the authors' editor is a link in it); a
		// click that asks for a new tab or window, and a page without scripts, follow the link itself.
		const link = event.target instanceof Element ? event.target.closest('a.scene-playground-link') : null
		if (link && event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey) {
			event.preventDefault()
			location.hash = `${this.figure.id}-sandbox`
			return
		}
		const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-action]') : null
		if (target?.dataset['action']) this.act(target.dataset['action'])
	}

	#onKey(event: KeyboardEvent): void {
		if (event.altKey || event.ctrlKey || event.metaKey) return
		const target = event.target instanceof HTMLElement ? event.target : null
		const onButton = target?.tagName === 'BUTTON'
		// Keys belong to the scene on the figure, its stage, its timeline and its buttons; the code sample's are its own.
		if (target && target !== this.figure && !onButton && !target.closest('.scene-stage, .scene-timeline-track')) return
		// On the timeline, a slider, up and down step too.
		const slider = target?.closest('.scene-timeline-track') ? { ArrowUp: 'next', ArrowDown: 'prev' } : {}
		const action = ({ ArrowRight: 'next', ArrowLeft: 'prev', Home: 'restart', End: 'end', ' ': onButton ? '' : 'play', ...slider } as Record<string, string>)[event.key]
		if (!action) return
		event.preventDefault()
		this.act(action)
	}
}
