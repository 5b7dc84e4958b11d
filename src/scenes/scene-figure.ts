/**
 * A compiled scene as the page's HTML tree: stage, caption, controls, code, every step as text, and its data.
 */

// The browser tests hold on to these, so they stay stable: figure.scene[data-scene-id] with
// data-step (the step shown), data-steps, data-verified (pending, running, ok, mismatch, failed;
// error for a scene that did not compile in dev); .scene-stage svg[data-frame][data-layout=wide|narrow]
// (one per layout, CSS shows one; .scene-clock[data-time] and .scene-badge in each); .scene-caption
// (aria-live); .scene-counter; buttons [data-action=restart|prev|play|next]; .scene-code
// [data-line].is-active; [data-action=take-over] and, once taken over, section.scene-play; li#<id>-step-N; data-scene-position (its place on the page, for old
// links); script.scene-data (SceneData), or for a later scene of a built page data-scene-src, the address of
// its SceneData as a file (scene-files.ts); .scene-mismatch and .scene-error boxes. With scripting on, the
// list's items, and a later scene's first drawings, timeline key and steppers, are a <noscript>'s text
// until the player builds them.
import type { Element, ElementContent } from 'hast'
import { h, text } from './hast-nodes.ts'
import type { Diagnostic, Frame, SceneFrames, TextMark } from './frame.ts'
import { evidenceWords } from './evidence-words.ts'
import { wordOutcome } from './outcome-words.ts'
import { markedPieces } from './text-marks.ts'
import { COMPUTED_TITLE } from './computed-words.ts'
import { formatDuration, formatMessage, stateText } from './frame-format.ts'
import { counterText, initialCaption, stepId } from './step-words.ts'
import type { TimelineMark } from './render/index.ts'

/** Where a scene's block sits in its file, as the compiler was given it. */
export interface SceneOrigin {
	file?: string
	line?: number
	column?: number
}

/** What the build embeds for the player: the source to recompute and the frames to compare and show. */
export interface SceneData {
	id: string
	source: string
	origin: SceneOrigin
	scene: SceneFrames
	/** Every frame's SVG in the wide layout, drawn at build time so the reader's browser needs no renderer. */
	svgs: string[]
	/** Every frame's SVG in the narrow layout, which the stage shows instead in a column under 528 px (scenes.css). */
	narrowSvgs: string[]
	/** The timeline under the stage: one SVG per layout for every step, and the same in words. */
	timeline?: { wide: string; narrow: string; text: string }
	/** The story can be run again on databases that check no fence, and shows a write the fence refused land (the "Without fences" switch). */
	withoutFences?: true
}

/** Everything a figure is made of. */
export interface SceneFigureInput {
	data: SceneData
	/** The scene's place among the page's scenes (1-based), which old links (`#scene-2-step-3`) named it by. */
	position?: number
	/** The code sample's highlighted lines (`span.line[data-line]`), if the scene has a sample. */
	codeLines: Element[]
	/** Custom properties for the code pane (its backgrounds, which the token colours were checked against). */
	codeStyle?: string
	/** The playground's address with this scene's source in it, for the "Open in the playground" link. */
	playground?: string
	/**
	 * Where the build published the scene's data as a file, which the player fetches once the scene
	 * nears the view: then the figure carries the address (`data-scene-src`), not the data.
	 */
	dataSrc?: string
}

export { counterText, initialCaption, stepId }

/** JSON safe inside a `<script>` element: no `<` can close it or open a comment. */
export function scriptJson(value: unknown): string {
	return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

/** A text with the engine's values in `<data class="scene-computed">` and prose numbers plain, as the caption and the list show them. */
export function markedText(value: string, marks?: readonly TextMark[]): ElementContent[] {
	return markedPieces(value, marks).map(piece =>
		piece.kind === 'value' ? h('data', { value: piece.text, className: ['scene-computed'], title: COMPUTED_TITLE }, [text(piece.text)]) : text(piece.text))
}

function actorNames(frame: Frame): Map<string, string> {
	return new Map(frame.actors.map(actor => [actor.id, actor.label]))
}

/** One frame's values as short lines of text: each message, then each actor's state label. */
export function frameValues(frame: Frame): ElementContent[] {
	const names = actorNames(frame)
	const name = (id: string): string => names.get(id) ?? id
	const items: ElementContent[] = frame.messages.map(message => {
		const words = message.outcome ? wordOutcome(message.outcome) : ''
		const computed = words && words !== message.label ? ` (${words})` : ''
		return h('li', { className: ['scene-value', 'scene-value-message'], dataColor: message.color }, [
			text(`${name(message.from)} → ${name(message.to)}: `),
			...markedText(message.label, message.marks),
			...(computed ? [text(computed)] : []),
		])
	})
	for (const actor of frame.actors) {
		if (!actor.state || actor.state.text === '') continue
		// A struck label is told with why it stopped holding (released, ran out, ended), not struck through, which a screen reader does not say.
		const state = actor.state.struck ? [text(stateText(actor.state))] : markedText(actor.state.text, actor.state.marks)
		items.push(h('li', { className: ['scene-value', 'scene-value-state'], ...(actor.state.struck ? { dataEnded: actor.state.ended ?? 'ended' } : {}) }, [text(`${actor.label}: `), ...state]))
	}
	// Who holds each lock's key, and until when: the engine's, as the lock's badge shows it.
	for (const actor of frame.actors) {
		if (!actor.held?.length) continue
		items.push(h('li', { className: ['scene-value', 'scene-value-held'] }, [text(`${actor.label}: held by ${actor.held.map(one => `${name(one.worker)} until ${formatDuration(one.until)}`).join(', ')}`)]))
	}
	return items
}

/** "What was checked" for a step: each claim of its texts and the engine's facts it was checked against. */
export function checksOf(frame: Frame): Element[] {
	if (frame.checks.length === 0) return []
	const names = actorNames(frame)
	const name = (id: string): string => names.get(id) ?? id
	const where = (check: Frame['checks'][number]): string =>
		check.where.kind === 'caption' ? 'caption' : check.where.kind === 'state' ? `${name(check.where.actor)}'s state` : `message ${check.where.index + 1}`
	return [
		h('details', { className: ['scene-checks'] }, [
			h('summary', {}, [text(`What was checked (${frame.checks.length})`)]),
			h(
				'ul',
				{},
				frame.checks.map(check =>
					h('li', { className: ['scene-check'], dataForm: check.form }, [
						h('q', {}, [text(check.text)]),
						text(` (${where(check)}): `),
						text(check.evidence.length === 0 ? 'claims nothing the engine decides' : check.evidence.map(e => evidenceWords(e, name)).join('; ')),
					]),
				),
			),
		]),
	]
}

/** Whether a write of the scene was refused: then its story can be run again without fences, to show the write landing. */
export function refusesAWrite(frames: readonly Frame[]): boolean {
	return frames.some(frame => (frame.timeline ?? []).some(mark => mark.kind === 'wrote' && !mark.taken))
}

/** The key under the timeline: each kind of mark in its words, in the drawing's order of reading; `now` and the engine's numbers always. */
const TIMELINE_KEY: readonly [TimelineMark | 'now', string][] = [
	['lease', 'lease'],
	['cut', 'lease ended'],
	['rest', 'rest of a TTL, after the last step'],
	['renewal', 'renewed'],
	['pause', 'paused'],
	['wait', 'in line'],
	['taken', 'write taken'],
	['refused', 'write refused'],
	['restart', 'store restarts'],
	['instant', 'steps at one time, drawn apart'],
	['close', 'steps close in time, drawn apart, not to scale'],
	['now', 'now'],
]

/** The kinds of mark a timeline drawing holds, as it lists them (`data-marks`). */
export function timelineMarks(svg: string): string[] {
	return (/data-marks="([^"]*)"/.exec(svg)?.[1] ?? '').split(' ').filter(Boolean)
}

/**
 * What a later scene shows only once the player has it near the screen: its first drawings, its
 * timeline's key and its steppers wait in a <noscript> (elements for a reader without JavaScript,
 * one text node otherwise), and the player builds them when the scene nears the screen or is shown
 * a step. The page's first scene (held false) has them as elements.
 */
function heldUntilNear(held: boolean, content: ElementContent[]): ElementContent[] {
	return held ? [h('noscript', {}, content)] : content
}

/** The timeline under the stage: both layouts' drawings (CSS shows one), a key to the marks it holds, and its words for a screen reader. */
function timelineBox(timeline: NonNullable<SceneData['timeline']>, steps: number, held: boolean): Element {
	const marks = new Set(timelineMarks(timeline.wide))
	const keys: ElementContent[] = TIMELINE_KEY.map(([kind, words]) =>
		h('span', { className: ['scene-key', `scene-key-${kind}`], dataMark: kind, hidden: kind !== 'now' && !marks.has(kind) }, [text(words)]))
	// The dotted underline of the caption's and the list's numbers, which the timeline does not draw.
	keys.push(h('span', { className: ['scene-key-computed'] }, [h('span', { className: ['scene-computed'] }, [text('7')]), text(` ${COMPUTED_TITLE}`)]))
	const drawnTimeline = { type: 'raw', value: timeline.wide + timeline.narrow } as unknown as ElementContent
	return h('div', { className: ['scene-timeline'] }, [
		h('div', { className: ['scene-timeline-track'], dataSteps: String(steps) }, heldUntilNear(held, [drawnTimeline])),
		// Twelve kinds of mark, most of them hidden (step-marks.ts shows the ones a reader's session draws): a later scene's wait too.
		h('p', { className: ['scene-timeline-key'] }, heldUntilNear(held, keys)),
		h('p', { className: ['sr-only', 'scene-timeline-text'] }, [text(timeline.text)]),
	])
}

const icons: Record<string, string> = {
	restart: 'M4 4v6h6M4.5 10A8 8 0 1 1 6 16',
	prev: 'M15 5 8 12l7 7',
	play: 'M7 4v16l13-8z',
	next: 'M9 5l7 7-7 7',
	'take-over': 'M8 13V5a2 2 0 0 1 4 0v6m0-1a2 2 0 0 1 4 0v2m0-1a2 2 0 0 1 4 0v4a7 7 0 0 1-14 1l-2-4a2 2 0 0 1 3-2l1 1',
}

function button(action: string, label: string): Element {
	const icon = h('svg', { viewBox: '0 0 24 24', ariaHidden: 'true', className: ['scene-icon'] }, [
		h('path', { d: icons[action] ?? '' }),
	])
	return h('button', { type: 'button', className: ['scene-button'], dataAction: action }, [
		icon,
		h('span', { className: ['scene-button-text'] }, [text(label)]),
	])
}

function stepList(id: string, frames: Frame[]): Element {
	const initial = frames[0]
	const items = frames.slice(1).map(frame =>
		h('li', { id: stepId(id, frame.index), className: ['scene-step'], dataStep: String(frame.index) }, [
			h('a', { href: `#${stepId(id, frame.index)}`, className: ['scene-step-link'] }, [text(`Step ${frame.index}`)]),
			text(' '),
			h('span', { className: ['scene-step-caption'] }, markedText(frame.caption, frame.captionMarks)),
			h('ul', { className: ['scene-values'] }, frameValues(frame)),
			...checksOf(frame),
		]),
	)
	const before = initial ? frameValues(initial) : []
	return h('details', { className: ['scene-steps'], open: true }, [
		h('summary', {}, [text(`Every step, as text (${frames.length - 1})`)]),
		// The steps wait in a <noscript>: without JavaScript they are elements, open to read; with it,
		// one text node until the reader opens the list and the player builds it (stepsHeld), so the
		// page does not carry every step's values and checks in its DOM before anyone asks for them.
		h('noscript', { className: ['scene-steps-held'] }, [
			...(before.length > 0
				? [h('div', { className: ['scene-initial'] }, [
					h('span', { className: ['scene-step-caption'] }, [text(initialCaption)]),
					h('ul', { className: ['scene-values'] }, before),
				])]
				: []),
			h('ol', { className: ['scene-step-list'] }, items),
		]),
	])
}

/** An SVG's width and height from its attributes, or undefined. */
function svgSize(svg: string | undefined): { width: string; height: string } | undefined {
	const width = /\swidth="([\d.]+)"/.exec(svg ?? '')?.[1]
	const height = /\sheight="([\d.]+)"/.exec(svg ?? '')?.[1]
	return width && height ? { width, height } : undefined
}

/**
 * The stage's aspect ratios of both layouts, as custom properties, so the stage keeps its size
 * whatever step it shows; and the narrow drawing's height in its own units, from which a phone's
 * stage takes the bounds of its height (no text under 12 px, none blown up; scenes.css).
 */
export function stageAspect(wide: string | undefined, narrow: string | undefined): string | undefined {
	const wideSize = svgSize(wide)
	const narrowSize = svgSize(narrow ?? wide)
	const style = [
		...(wideSize ? [`--scene-wide-aspect: ${wideSize.width} / ${wideSize.height}`] : []),
		...(narrowSize ? [`--scene-narrow-aspect: ${narrowSize.width} / ${narrowSize.height}`, `--scene-narrow-height: ${narrowSize.height}`] : []),
	]
	return style.length > 0 ? style.join('; ') : undefined
}

/** Each diagnostic as the compiler prints it, `FILE:LINE:COL: message`. */
export function diagnosticLines(diagnostics: Diagnostic[]): string[] {
	return diagnostics.map(formatMessage)
}

/** The visible box that lists a scene's errors in the dev server. */
export function errorBox(diagnostics: Diagnostic[]): Element {
	return h('div', { className: ['scene-error'], role: 'alert' }, [
		h('p', { className: ['scene-error-title'] }, [text('This scene has errors; the build fails until they are fixed:')]),
		h('ul', {}, diagnosticLines(diagnostics).map(line => h('li', {}, [h('code', {}, [text(line)])]))),
	])
}

/** The whole `<figure class="scene">`, with frame 0 on the stage and every step in the list. */
export function sceneFigure({ data, position, codeLines, codeStyle, playground, dataSrc }: SceneFigureInput): Element {
	const { id, scene, svgs, narrowSvgs } = data
	const frames = scene.frames
	const first = frames[0]
	const steps = Math.max(frames.length - 1, 0)
	const active = new Set(first?.lines ?? [])
	const code: ElementContent[] = []
	codeLines.forEach((line, index) => {
		const number = Number(line.properties['dataLine'] ?? index + 1)
		const classes = active.has(number) ? ['line', 'is-active'] : ['line']
		if (index > 0) code.push(text('\n'))
		code.push({ ...line, properties: { ...line.properties, className: classes } })
	})
	const lang = scene.code?.lang ?? ''
	const held = position !== undefined && position > 1
	const drawings = [svgs[0], narrowSvgs[0]]
		.filter((svg): svg is string => svg !== undefined)
		.map(svg => ({ type: 'raw', value: svg }) as unknown as ElementContent)
	const children: ElementContent[] = [
		...(scene.diagnostics.length > 0 ? [errorBox(scene.diagnostics)] : []),
		// The stage, its caption and its controls are one block that stays pinned in view while what
		// follows in the figure (the timeline, the switch, the code, the reader's panel) scrolls under it
		// (scenes.css). The timeline comes right after it, unpinned: pinned too, the block would fill a
		// phone's screen and leave no room to reach the panel's buttons beneath it.
		h('div', { className: ['scene-head'] }, [
			// The page's first scene is drawn in the HTML. A later one's drawing waits in a <noscript>: a
			// reader without JavaScript sees it, and the player draws it once the scene nears the screen,
			// so a page of scenes does not load every stage's elements before the reader scrolls to them.
			h('div', { className: ['scene-stage'], style: stageAspect(svgs[0], narrowSvgs[0]) }, heldUntilNear(held, drawings)),
			h('p', { className: ['scene-caption'], ariaLive: 'polite' }, first?.caption ? markedText(first.caption, first.captionMarks) : [text(initialCaption)]),
			// Hidden without JavaScript, which they need; a later scene's steppers wait with its drawing.
			h('div', { className: ['scene-controls'], hidden: true }, heldUntilNear(held, [
				h('div', { className: ['scene-steppers'] }, [
					button('restart', 'Restart'),
					button('prev', 'Previous'),
					button('play', 'Play'),
					button('next', 'Next'),
				]),
				h('span', { className: ['scene-counter'] }, [text(counterText(0, steps))]),
			])),
		]),
		...(data.timeline ? [timelineBox(data.timeline, steps, held)] : []),
		// The reader's ways into the scene, under the pinned block: on a phone that block holds only
		// the stage, the caption and the steppers, so it takes at most 60 % of the screen's height.
		h('p', { className: ['scene-variant'] }, [
			button('take-over', 'Play it yourself'),
			...(data.withoutFences
				? [
					h('button', { type: 'button', className: ['scene-button', 'scene-switch'], dataAction: 'without-fences', role: 'switch', ariaChecked: 'false' }, [
						h('span', { className: ['scene-switch-mark'], ariaHidden: 'true' }),
						h('span', {}, [text('Without fences')]),
					]),
					h('span', { className: ['scene-variant-note'] }, [text('The same story on a database that checks no fence, run by the engine in your browser.')]),
				]
				: []),
		]),
		...(codeLines.length > 0
			? [h('div', { className: ['scene-code'], dataLang: lang }, [
				h('pre', { tabIndex: 0, ariaLabel: `Code sample${lang ? `, ${lang}` : ''}`, style: codeStyle }, code),
			])]
			: []),
		stepList(id, frames),
		...(playground !== undefined
			? [h('p', { className: ['scene-playground'] }, [h('a', { href: playground, className: ['scene-playground-link'] }, [text('Open in the playground')])])]
			: []),
		...(dataSrc === undefined ? [h('script', { type: 'application/json', className: ['scene-data'] }, [text(scriptJson(data))])] : []),
	]
	return h('figure', {
		// not-content: Starlight's prose spacing would pull the stage, controls and code apart.
		className: ['scene', 'not-content'],
		id,
		dataSceneId: id,
		...(position === undefined ? {} : { dataScenePosition: String(position) }),
		...(dataSrc === undefined ? {} : { dataSceneSrc: dataSrc }),
		dataStep: '0',
		dataSteps: String(steps),
		dataVerified: 'pending',
		tabIndex: 0,
		ariaLabel: `Scene, ${steps} steps: arrow keys step, space plays`,
		ariaKeyshortcuts: 'ArrowLeft ArrowRight Space Home End',
	}, children)
}

/** A scene that could not be compiled: the errors and the source, so the author sees both in the page. */
export function brokenSceneFigure(id: string, source: string, diagnostics: Diagnostic[]): Element {
	return h('figure', { className: ['scene', 'scene-broken', 'not-content'], id, dataSceneId: id, dataVerified: 'error' }, [
		errorBox(diagnostics),
		h('pre', { className: ['scene-source'] }, [text(source)]),
	])
}
