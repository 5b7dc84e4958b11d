/**
 * What a step shows besides its stage, caption and lit lines: the timeline of the frames shown with
 * its moment line at the step (one drawing per layout, moved, not redrawn), the slider's value, and
 * whose each lit code line is, in that worker's colour; and the timeline as a scrubber. The build
 * drew step 0's; this loads with the reader's first step or press on the timeline, so the page's
 * first script stays small.
 */
import { counterText } from '../step-words.ts'
import { COMPUTED_TITLE } from '../computed-words.ts'
import type { Frame, FrameActor } from '../frame.ts'
import type { SceneData } from '../scene-figure.ts'
import type { PlayerControl, SceneView } from './player-control.ts'

/** What the marks read of a scene's player. */
interface MarkedPlayer {
	readonly figure: HTMLElement
	readonly step: number
	readonly steps: number
	readonly frame: Frame | undefined
	readonly shown: SceneView | SceneData
	readonly data: SceneData
}

/** The timeline each track shows, so another (a reader's session, the story without fences) is drawn once. */
const drawn = new WeakMap<HTMLElement, unknown>()

export function markStep(player: MarkedPlayer): void {
	const { figure, frame, step } = player
	const track = figure.querySelector<HTMLElement>('.scene-timeline-track')
	const timeline = player.shown.timeline
	if (track && timeline) {
		// The build drew the guide's timeline; another is drawn when the frames shown change.
		if ((drawn.has(track) ? drawn.get(track) : player.data.timeline) !== timeline) {
			// The renderer's drawing, which escapes every text of the scene, as the stage's.
			track.innerHTML = timeline.wide + timeline.narrow
			const words = figure.querySelector('.scene-timeline-text')
			if (words) words.textContent = timeline.text
			// The key names the kinds of mark this drawing holds.
			const marks = new Set((track.querySelector<SVGSVGElement>('svg')?.dataset['marks'] ?? '').split(' '))
			for (const key of figure.querySelectorAll<HTMLElement>('.scene-timeline-key [data-mark]')) key.hidden = key.dataset['mark'] !== 'now' && !marks.has(key.dataset['mark'] ?? '')
		}
		drawn.set(track, timeline)
		for (const svg of track.querySelectorAll<SVGSVGElement>('svg')) {
			svg.querySelector('.scene-now')?.setAttribute('transform', `translate(${(svg.dataset['moments'] ?? '').split(' ')[step] ?? 0} 0)`)
		}
		const clock = figure.querySelector('.scene-stage .scene-clock-text')?.textContent
		track.ariaValueMax = String(player.steps)
		track.ariaValueNow = String(step)
		track.ariaValueText = `${counterText(step, player.steps)}${clock ? `, ${clock}` : ''}`
	}
	// The engine's numbers in the caption the player wrote say what they are, as the build's do (set here, loaded
	// with the first step, so the page's first script does not carry the words).
	for (const value of figure.querySelectorAll<HTMLElement>('.scene-caption .scene-computed:not([title])')) value.title = COMPUTED_TITLE
	// Each worker's lines in its colour (its place among the scene's workers), and its name once, at the line
	// it stands at: where it stopped, if it ran that line in the step, else the last line it ran.
	const workers = frame?.actors.filter(actor => actor.icon === 'cpu') ?? []
	const ran = frame?.ran ?? []
	const colour = (actor: FrameActor) => `var(--scene-worker-${(workers.indexOf(actor) % 4) + 1})`
	const stands = new Map(ran.map(one => [one.worker, one.at !== undefined && one.lines.includes(one.at) ? one.at : one.lines[one.lines.length - 1]]))
	for (const line of figure.querySelectorAll<HTMLElement>('.scene-code [data-line]')) {
		const number = Number(line.dataset['line'])
		const who = workers.filter(actor => ran.some(one => one.worker === actor.id && one.lines.includes(number)))
		const named = who.filter(actor => stands.get(actor.id) === number)
		for (const property of ['--ran', '--ran-2', '--ran-name']) line.style.removeProperty(property)
		who.slice(0, 2).forEach((actor, i) => line.style.setProperty(i ? '--ran-2' : '--ran', colour(actor)))
		if (named.length > 0) {
			line.dataset['ran'] = named.map(actor => actor.label).join(', ')
			line.style.setProperty('--ran-name', colour(named[0]!))
		} else delete line.dataset['ran']
	}
}

/** The timeline as a scrubber: a press or a drag along it shows the step whose moment is nearest the pointer. */
const dragged = new WeakSet<HTMLElement>()

export function scrub(player: PlayerControl & { engage(): void; pause(): void }, track: HTMLElement, event: PointerEvent): void {
	const to = (at: PointerEvent): void => {
		const svg = [...track.querySelectorAll('svg')].find(one => one.checkVisibility())
		const box = svg?.getBoundingClientRect()
		if (!svg || !box?.width || !(at.buttons & 1)) return
		const x = ((at.clientX - box.left) / box.width) * svg.viewBox.baseVal.width
		const xs = (svg.dataset['moments'] ?? '').split(' ').map(Number)
		const step = xs.reduce((best, moment, i) => (Math.abs(moment - x) < Math.abs((xs[best] ?? 0) - x) ? i : best), 0)
		if (step === player.step) return
		player.engage()
		player.pause()
		player.show(step, { animate: false, link: true })
	}
	if (!dragged.has(track)) {
		dragged.add(track)
		track.addEventListener('pointermove', to)
	}
	to(event)
}
