/**
 * The scene renderer: one frame in, one self-contained SVG string out. It runs at build time
 * in Node and in the reader's browser, so it builds text and never touches a DOM; every label
 * is untrusted and escaped; every colour is a CSS custom property with a light-theme fallback.
 */

import type { Frame, FrameActor, FrameMessage } from '../frame.ts'
import { iconPaths } from './icons.ts'
import {
	HALF,
	add,
	arrivalDirection,
	crosses,
	grow,
	loopRoute,
	overlap,
	pointAt,
	reverse,
	routeBetween,
	segments,
	type Box,
	type Point,
	type Route,
	type Segment,
} from './svg-geometry.ts'
import { durationText } from './duration-text.ts'
import { fitLines, middleTruncate, textWidth } from './svg-text.ts'

/** Options of one rendering: the id prefix for the SVG's ids, the scene's title, the layout and the stage size. */
export interface RenderOptions {
	/** Prefix of every id in the SVG, so several scenes on one page never collide (default `scene`). */
	id?: string
	/** The scene's name, read before the step's caption in the SVG's title. */
	title?: string
	/** `wide` for a column of 528 CSS px or more, `narrow` for a phone (default `wide`). */
	layout?: StageLayout
	/** Width of the stage the actors' percents are placed on, in SVG units (default the layout's); text keeps its size. */
	width?: number
	/** Height of that stage (default the layout's). */
	height?: number
	/** Give frame N's ids the prefix `ID-N`, for a document that holds every frame at once (an animated export). */
	idPerFrame?: boolean
}

/** The two layouts a scene is drawn in: one for a wide column, one for a phone. */
export type StageLayout = 'wide' | 'narrow'

/** A scene's frames drawn in both layouts; each layout has one viewBox for all its frames, so nothing jumps between steps. */
export interface SceneStages {
	wide: string[]
	narrow: string[]
}

/** Default stage width in SVG units (the wide layout's). */
export const STAGE_WIDTH = 600
/** Default stage height in SVG units (the wide layout's). */
export const STAGE_HEIGHT = 400

/** The narrowest column, in CSS px, that shows the wide layout with no text under 12 px (the site's container query uses it). */
export const WIDE_MIN_PX = 528

/** The sizes of one layout, in SVG units. */
interface Metrics {
	width: number
	height: number
	/** Where an actor at 10% and at 90% stands: far enough in that its badge above and its texts below stay inside. */
	insetX: number
	insetTop: number
	insetBottom: number
	label: number
	state: number
	stateLine: number
	message: number
	messageLine: number
	badge: number
	badgeHeight: number
	clock: number
	textMax: number
	messageMax: number
	/** Whether actors swap their x and y percents when the scene spreads wider than tall, so a phone stacks them. */
	transpose: boolean
}

// The wide layout's smallest text (14) is 12.7 CSS px at 528 px, its narrowest (a viewBox 600 wide at most).
// The narrow one's (14) is 13.4 CSS px on a 360 px phone, whose stage is 326 px wide (a viewBox 340 wide at most).
const LAYOUTS: Record<StageLayout, Metrics> = {
	wide: {
		width: STAGE_WIDTH, height: STAGE_HEIGHT, insetX: 68, insetTop: 42, insetBottom: 92,
		label: 19, state: 18, stateLine: 22, message: 17, messageLine: 21, badge: 14, badgeHeight: 20, clock: 15,
		textMax: 176, messageMax: 190, transpose: false,
	},
	narrow: {
		width: 340, height: 620, insetX: 58, insetTop: 120, insetBottom: 120,
		label: 16, state: 15, stateLine: 19, message: 15, messageLine: 19, badge: 14, badgeHeight: 20, clock: 14,
		textMax: 150, messageMax: 150, transpose: true,
	},
}

/** The colours the site may set, as custom property names (`--scene-NAME`) and their light-theme defaults. */
export const SCENE_COLORS = {
	bg: '#ffffff',
	fg: '#1b1b1f',
	muted: '#5b5f67',
	card: '#f2f3f5',
	line: '#8a8f98',
	accent: '#3451b2',
	ok: '#1a7f37',
	bad: '#c5221f',
} as const

/** The default font stack, overridden by `--scene-font`. */
export const SCENE_FONT = 'system-ui, sans-serif'

type ColorName = keyof typeof SCENE_COLORS

const CARD_RADIUS = 12
const ICON_SIZE = 30
const LABEL_TOP = HALF + 6
const MESSAGE_SPACING = 16
const HEAD_LENGTH = 11
const HEAD_HALF_WIDTH = 6
// The room left around the content, inside the viewBox.
const MARGIN = 8
// A badge shows a long fence cut in the middle to this width.
const BADGE_FENCE_MAX = 80


/** An actor at its place on the stage, with the layout of its texts. */
interface Placed {
	actor: FrameActor
	order: number
	x: number
	y: number
	/** Its texts' centres, and their tops from the actor's centre (negative when they stand above the card). */
	label?: { text: string; x: number; top: number }
	state?: { lines: string[]; x: number; w: number; h: number; top: number }
	/** Where its card and texts are, in stage units, for keeping badges and labels off them. */
	boxes: Box[]
}

interface Badge {
	kind: 'lease' | 'fence'
	text: string
	/** The whole fence, when the badge's text had to cut it. */
	full: string
	lost: boolean
}

/** A message's arrow: its route, and which way its label leans. */
interface Arrow {
	message: FrameMessage
	index: number
	route: Route
	/** The normal its label moves along, and its preferred side: 0 on the arrow, -1 or 1 beside it. */
	normal: Point
	side: number
	loop: boolean
}

/** One frame drawn on a stage: its SVG body, the boxes its texts and cards take, and the lines it draws. */
interface Drawing {
	frame: Frame
	body: string
	boxes: Box[]
	lines: Segment[]
}

/** Render one frame as one `<svg>` element string, fitted to its own content; the same frame and options always give the same string. */
export function renderFrame(frame: Frame, options: RenderOptions = {}): string {
	return renderFrames([frame], options)[0] ?? ''
}

/** Render every frame of a scene in one layout, all with the viewBox that fits the content of every frame. */
export function renderFrames(frames: Frame[], options: RenderOptions = {}): string[] {
	const m = LAYOUTS[options.layout ?? 'wide']
	const width = positive(options.width, m.width)
	const height = positive(options.height, m.height)
	const stage: Box = { x0: 0, y0: 0, x1: width, y1: height }
	const swap = m.transpose && spreadsWide(frames)
	const shown = swap ? frames.map(transposed) : frames
	const sides = textSides(shown, stage, m)
	const drawings = shown.map(frame => drawFrame(frame, stage, m, sides))

	const content = union(drawings.flatMap(d => [...d.boxes, ...d.lines.map(s => segmentBox(s, 2))]))
	const clock = placeClock(frames, drawings, content ?? stage, m)
	const box = grow(union([content ?? stage, clock.box]) ?? stage, MARGIN)
	const prefix = idPrefix(options.id)
	return drawings.map(({ frame, body }, i) => {
		const original = frames[i] ?? frame
		const ids = options.idPerFrame ? `${prefix}-${i}` : prefix
		const titleId = `${ids}-title`
		const descId = `${ids}-desc`
		const w = box.x1 - box.x0
		const h = box.y1 - box.y0
		return [
			`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${num(box.x0)} ${num(box.y0)} ${num(w)} ${num(h)}" width="${num(w)}" height="${num(h)}"`,
			` role="img" aria-labelledby="${titleId}" aria-describedby="${descId}" class="scene-svg" data-layout="${options.layout ?? 'wide'}"`,
			` data-frame="${num(original.index)}" font-family="var(--scene-font, ${SCENE_FONT})">`,
			`<title id="${titleId}">${escapeXml(titleText(original, options.title))}</title>`,
			`<desc id="${descId}">${escapeXml(describeFrame(original))}</desc>`,
			`<rect class="scene-bg" x="${num(box.x0)}" y="${num(box.y0)}" width="${num(w)}" height="${num(h)}" fill="${color('bg')}"/>`,
			body,
			drawClock(original.time, clock.at, m),
			'</svg>',
		].join('')
	})
}

/** Every frame of a scene in the wide and the narrow layout; the narrow one's ids end in `-narrow`. */
export function renderStages(frames: Frame[], options: Omit<RenderOptions, 'layout'> = {}): SceneStages {
	const id = idPrefix(options.id)
	return {
		wide: renderFrames(frames, { ...options, id, layout: 'wide' }),
		narrow: renderFrames(frames, { ...options, id: `${id}-narrow`, layout: 'narrow' }),
	}
}

/** Whether the scene's actors spread wider than tall, judged on its first frame (the actors are the same in every frame). */
function spreadsWide(frames: Frame[]): boolean {
	const actors = frames[0]?.actors ?? []
	if (actors.length < 2) return false
	const spread = (values: number[]) => Math.max(...values) - Math.min(...values)
	return spread(actors.map(a => a.x)) > spread(actors.map(a => a.y))
}

/** The frame with each actor's x and y percents swapped: the same picture turned on its diagonal. */
function transposed(frame: Frame): Frame {
	return { ...frame, actors: frame.actors.map(actor => ({ ...actor, x: actor.y, y: actor.x })) }
}

/** The links, messages and actors of one frame on a stage, with the boxes and lines they take. */
function drawFrame(frame: Frame, stage: Box, m: Metrics, sides: Map<string, TextSide>): Drawing {
	const placed = new Map<string, Placed>()
	frame.actors.forEach((actor, order) => {
		if (placed.has(actor.id)) return
		const x = place(actor.x, m.insetX, stage.x1 - m.insetX, HALF + 6, stage.x1 - HALF - 6)
		const y = place(actor.y, m.insetTop, stage.y1 - m.insetBottom, HALF + 14, stage.y1 - m.insetBottom)
		placed.set(actor.id, layoutActor(actor, order, x, y, stage, m, sides.get(actor.id) ?? 'below'))
	})
	const actors = [...placed.values()]

	const links = routeLinks(frame, placed)
	const arrows = routeMessages(frame, placed, stage, m)
	const lines = [...links.flatMap(l => segments(l.route)), ...arrows.flatMap(a => segments(a.route))]

	const actorSvg = actors.map(p => {
		// Its badge keeps off the other actors' cards and texts, and off its own texts.
		const others = [...actors.filter(o => o !== p).flatMap(o => o.boxes), ...p.boxes.slice(1)]
		return drawActor(p, lines, others, stage, m)
	})

	const obstacles = actors.flatMap(a => a.boxes)
	const taken: Box[] = []
	const messageSvg = arrows.map(arrow => {
		const otherArrows = arrows.filter(a => a !== arrow).flatMap(a => segments(a.route))
		const linkLines = links.flatMap(l => segments(l.route))
		const label = placeLabel(arrow, obstacles, taken, otherArrows, linkLines, stage, m)
		taken.push(label.box)
		return drawArrow(arrow, label, m)
	})

	const body = [
		`<g class="scene-links">${links.map(drawLink).join('')}</g>`,
		// Actors go over messages: an arrow passing an actor's text runs under its halo, not across the letters.
		`<g class="scene-messages">${messageSvg.join('')}</g>`,
		`<g class="scene-actors">${actorSvg.join('')}</g>`,
	].join('')
	return { frame, body, boxes: [...actors.flatMap(a => a.boxes), ...taken], lines }
}

/** The smallest box holding every box, or undefined for none. */
function union(boxes: Box[]): Box | undefined {
	if (boxes.length === 0) return undefined
	return {
		x0: Math.min(...boxes.map(b => b.x0)),
		y0: Math.min(...boxes.map(b => b.y0)),
		x1: Math.max(...boxes.map(b => b.x1)),
		y1: Math.max(...boxes.map(b => b.y1)),
	}
}

/** A segment's box, grown by half its stroke. */
function segmentBox(s: Segment, by: number): Box {
	return grow({ x0: Math.min(s.a.x, s.b.x), y0: Math.min(s.a.y, s.b.y), x1: Math.max(s.a.x, s.b.x), y1: Math.max(s.a.y, s.b.y) }, by)
}

/**
 * One place for the clock in every frame: the first corner of the content that no frame's text,
 * card or line takes, else a row above the content, so the clock never moves between steps.
 */
function placeClock(frames: Frame[], drawings: Drawing[], content: Box, m: Metrics): { at: Point; box: Box } {
	const w = Math.max(...frames.map(f => textWidth(clockText(f.time), m.clock, true))) + m.clock + 10
	const h = m.clock * 1.4
	const boxes = drawings.flatMap(d => d.boxes)
	const lines = drawings.flatMap(d => d.lines)
	const corners: Point[] = [
		{ x: content.x0, y: content.y0 },
		{ x: content.x1 - w, y: content.y0 },
		{ x: content.x0, y: content.y1 - h },
		{ x: content.x1 - w, y: content.y1 - h },
	]
	for (const at of corners) {
		const box = { x0: at.x, y0: at.y, x1: at.x + w, y1: at.y + h }
		const room = grow(box, 4)
		if (boxes.every(b => overlap(room, b) === 0) && lines.every(s => !crosses(s, room))) return { at, box }
	}
	const at = { x: content.x0, y: content.y0 - h - 6 }
	return { at, box: { x0: at.x, y0: at.y, x1: at.x + w, y1: at.y + h } }
}

/** The scene's clock at a frame: a small dial and `t = 30 s`; data-time keeps the milliseconds for checks. */
function drawClock(time: number, at: Point, m: Metrics): string {
	const icon = m.clock
	const scale = icon / 24
	return [
		`<g class="scene-clock" data-time="${Number.isFinite(time) ? Math.round(time) : 0}" transform="translate(${num(at.x)} ${num(at.y)})">`,
		`<g transform="translate(0 ${num((m.clock * 1.4 - icon) / 2)}) scale(${num(scale, 3)})" fill="none" stroke="${color('muted')}"`,
		` stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${iconPaths('clock')}</g>`,
		`<text class="scene-clock-text" x="${num(icon + 5)}" y="${num(m.clock * 0.7 + m.clock * 0.35)}" font-size="${m.clock}" font-weight="600"`,
		` fill="${color('muted')}" font-variant-numeric="tabular-nums">${escapeXml(clockText(time))}</text>`,
		'</g>',
	].join('')
}

/** The clock's words: `t = 30 s`. */
function clockText(time: number): string {
	return `t = ${durationText(time)}`
}

/** A colour as a custom property with its light-theme fallback. */
function color(name: ColorName): string {
	return `var(--scene-${name}, ${SCENE_COLORS[name]})`
}

// A background-coloured outline under the glyphs keeps text readable where a line passes beneath it.
const HALO = ` stroke="${color('bg')}" stroke-width="4" stroke-linejoin="round" paint-order="stroke"`

// Icons default to the text colour, so a site that sets only --scene-fg still gets them right.
const ICON_COLOR = `var(--scene-icon, ${color('fg')})`

/** Which side of its card an actor's label and state stand on. */
type TextSide = 'below' | 'above' | 'right' | 'left'

/**
 * For each actor, the side of its card that the fewest of its links and messages (in any frame)
 * leave from, below first; one side for the whole scene, so texts never jump between steps.
 */
function textSides(frames: Frame[], stage: Box, m: Metrics): Map<string, TextSide> {
	const actors = frames[0]?.actors ?? []
	const at = new Map(actors.map(a => [a.id, { x: (a.x * stage.x1) / 100, y: (a.y * stage.y1) / 100 }]))
	const pairs = new Set<string>()
	for (const frame of frames) {
		for (const { from, to } of [...frame.links, ...frame.messages]) if (from !== to) pairs.add([from, to].sort().join('\n'))
	}
	const sides = new Map<string, TextSide>()
	for (const actor of actors) {
		const self = at.get(actor.id)
		if (!self || sides.has(actor.id)) continue
		const count: Record<TextSide, number> = { below: 0, above: 0, right: 0, left: 0 }
		for (const pair of pairs) {
			const [a, b] = pair.split('\n')
			const other = a === actor.id ? at.get(b ?? '') : b === actor.id ? at.get(a ?? '') : undefined
			if (!other) continue
			const dx = other.x - self.x
			const dy = other.y - self.y
			if (Math.abs(dy) >= Math.abs(dx)) count[dy > 0 ? 'below' : 'above']++
			else count[dx > 0 ? 'right' : 'left']++
		}
		// Beside the card, its widest text in any frame must fit between the card and the stage's edge.
		const wide = Math.max(...frames.map(frame => stackWidth(frame.actors.find(a => a.id === actor.id), m)))
		const room = (side: TextSide) =>
			side === 'right' ? stage.x1 - self.x - HALF - 14 >= wide : side === 'left' ? self.x - HALF - 14 - stage.x0 >= wide : true
		const order: TextSide[] = ['below', 'above', 'right', 'left']
		const best = order.filter(room).reduce((x, y) => (count[y] < count[x] ? y : x))
		sides.set(actor.id, best)
	}
	return sides
}

/** The width of an actor's label and state as drawn, whichever is wider. */
function stackWidth(actor: FrameActor | undefined, m: Metrics): number {
	if (!actor) return 0
	const label = textWidth(fitLines(actor.label, m.label, m.textMax, 1, true)[0] ?? '', m.label, true)
	const text = actor.state?.text.trim() ?? ''
	const state = text === '' ? 0 : Math.max(...fitLines(text, m.state, m.textMax - 20, 2, false).map(line => textWidth(line, m.state, false))) + 20
	return Math.max(label, state)
}

/** Where an actor's card, label and state go, on its side of the card; kept inside the stage. */
function layoutActor(actor: FrameActor, order: number, x: number, y: number, stage: Box, m: Metrics, side: TextSide): Placed {
	const placed: Placed = { actor, order, x, y, boxes: [{ x0: x - HALF, y0: y - HALF, x1: x + HALF, y1: y + HALF }] }
	const label = fitLines(actor.label, m.label, m.textMax, 1, true)[0] ?? ''
	const labelHeight = label === '' ? 0 : m.label * 1.1
	const labelWidth = label === '' ? 0 : textWidth(label, m.label, true)
	const stateLines = actor.state && actor.state.text.trim() !== '' ? fitLines(actor.state.text, m.state, m.textMax - 20, 2, false) : []
	const stateWidth = stateLines.length > 0 ? Math.max(...stateLines.map(line => textWidth(line, m.state, false))) + 20 : 0
	const stateHeight = stateLines.length > 0 ? stateLines.length * m.stateLine + 8 : 0
	const gap = Math.round(m.label * 0.2)
	const stack = labelHeight + (stateHeight > 0 ? gap + stateHeight : 0)

	// Tops from the card's centre; beside the card the stack is centred on it and starts at the card's edge.
	let labelTop = LABEL_TOP
	let stateTop = LABEL_TOP + labelHeight + gap
	if (side === 'above') {
		labelTop = -LABEL_TOP - labelHeight
		stateTop = labelTop - gap - stateHeight
	} else if (side === 'right' || side === 'left') {
		labelTop = -stack / 2
		stateTop = labelTop + labelHeight + gap
	}
	const centre = (w: number): number => {
		if (side === 'right') return x + HALF + 8 + w / 2
		if (side === 'left') return x - HALF - 8 - w / 2
		return insideStage(x, w, stage)
	}
	if (label !== '') {
		const cx = centre(labelWidth)
		placed.label = { text: label, x: cx, top: labelTop }
		placed.boxes.push({ x0: cx - labelWidth / 2, y0: y + labelTop, x1: cx + labelWidth / 2, y1: y + labelTop + labelHeight })
	}
	if (stateLines.length > 0) {
		const cx = centre(stateWidth)
		placed.state = { lines: stateLines, x: cx, w: stateWidth, h: stateHeight, top: stateTop }
		placed.boxes.push({ x0: cx - stateWidth / 2, y0: y + stateTop, x1: cx + stateWidth / 2, y1: y + stateTop + stateHeight })
	}
	return placed
}

function drawActor(p: Placed, lines: Segment[], others: Box[], stage: Box, m: Metrics): string {
	const { actor, x, y } = p
	const parts: string[] = [
		`<g class="scene-actor" data-actor="${escapeXml(actor.id)}" data-icon="${escapeXml(actor.icon)}" transform="translate(${num(x)} ${num(y)})">`,
		`<rect class="scene-card" x="${-HALF}" y="${-HALF}" width="${2 * HALF}" height="${2 * HALF}" rx="${CARD_RADIUS}"`,
		` fill="${color('card')}" stroke="${color('line')}" stroke-width="1.5"/>`,
		`<g class="scene-icon" transform="translate(${num(-ICON_SIZE / 2)} ${num(-ICON_SIZE / 2)}) scale(${num(ICON_SIZE / 24, 3)})"`,
		` fill="none" stroke="${ICON_COLOR}" stroke-width="1.7" stroke-linecap="round" stroke-linejoin="round">`,
		iconPaths(actor.icon),
		'</g>',
	]

	if (p.label) {
		const baseline = p.label.top + m.label * 0.8
		parts.push(
			`<text class="scene-label" x="${num(p.label.x - x)}" y="${num(baseline)}" text-anchor="middle" font-size="${m.label}" font-weight="600"`,
			` fill="${color('fg')}"${HALO}>${escapeXml(p.label.text)}${truncatedTitle(p.label.text, actor.label)}</text>`,
		)
	}

	// The state: the main text, in a pill, struck through by a drawn line (text-decoration renders unevenly in SVG).
	if (p.state && actor.state) {
		const { lines: stateLines, w, h, top } = p.state
		const struck = actor.state.struck
		const cx = p.state.x - x
		parts.push(
			`<g class="${struck ? 'scene-state is-struck' : 'scene-state'}" data-struck="${struck}">`,
			`<rect class="scene-state-box" x="${num(cx - w / 2)}" y="${num(top)}" width="${num(w)}" height="${num(h)}" rx="${num(Math.min(13, h / 2))}"`,
			` fill="${color('card')}" stroke="${color('line')}" stroke-width="1"/>`,
		)
		stateLines.forEach((line, i) => {
			const baseline = top + 4 + i * m.stateLine + m.stateLine / 2 + m.state * 0.35
			parts.push(
				`<text class="scene-state-text" x="${num(cx)}" y="${num(baseline)}" text-anchor="middle" font-size="${m.state}"`,
				` fill="${struck ? color('muted') : color('fg')}">`,
				`${escapeXml(line)}${i === 0 ? truncatedTitle(stateLines.join(' '), actor.state?.text ?? '') : ''}</text>`,
			)
			if (struck) parts.push(strike(cx, baseline - m.state * 0.3, textWidth(line, m.state, false) + 4, color('fg')))
		})
		parts.push('</g>')
	}

	const badge = badgeOf(actor, m)
	if (badge) {
		const text = badge.text
		const w = textWidth(text, m.badge, true) + 14
		const h = m.badgeHeight
		// The first place by the card that stays inside the stage and off every line and text, else the least bad.
		const places: Point[] = [
			{ x: HALF - 16, y: -HALF - h / 2 },
			{ x: -HALF + 16 - w, y: -HALF - h / 2 },
			{ x: -w / 2, y: -HALF - h - 3 },
			{ x: HALF + 5, y: -h / 2 },
			{ x: -HALF - 5 - w, y: -h / 2 },
			// Below the card, for an actor whose texts stand above it.
			{ x: HALF - 16, y: HALF - h / 2 },
			{ x: -HALF + 16 - w, y: HALF - h / 2 },
		]
		let spot = places[0] ?? { x: 0, y: 0 }
		let least = Infinity
		places.forEach((place, i) => {
			const box = { x0: x + place.x, y0: y + place.y, x1: x + place.x + w, y1: y + place.y + h }
			let score = i + (w * h - overlap(box, grow(stage, -2))) * 100
			for (const line of lines) if (crosses(line, grow(box, 4))) score += 50
			for (const other of others) score += overlap(box, grow(other, 3))
			if (score < least) {
				least = score
				spot = place
			}
		})
		const classes = ['scene-badge', `scene-badge-${badge.kind}`, ...(badge.lost ? ['is-lost'] : [])].join(' ')
		const tone = badge.lost ? color('muted') : color('accent')
		parts.push(
			`<g class="${classes}">`,
			`<rect x="${num(spot.x)}" y="${num(spot.y)}" width="${num(w)}" height="${h}" rx="${h / 2}" fill="${color('bg')}"`,
			` stroke="${badge.lost ? color('line') : color('accent')}" stroke-width="1.25"${badge.lost ? ' stroke-dasharray="3 2.5"' : ''}/>`,
			`<text class="scene-badge-text" x="${num(spot.x + w / 2)}" y="${num(spot.y + h / 2 + m.badge * 0.35)}" text-anchor="middle" font-size="${m.badge}"`,
			` font-weight="600" fill="${tone}">${escapeXml(text)}${truncatedTitle(text, badge.full)}</text>`,
			badge.lost ? strike(spot.x + w / 2, spot.y + h / 2, w - 10, color('muted')) : '',
			'</g>',
		)
		p.boxes.push({ x0: x + spot.x, y0: y + spot.y, x1: x + spot.x + w, y1: y + spot.y + h })
	}

	parts.push('</g>')
	return parts.join('')
}

/** A line through a text, centred at cx; pathLength 1 lets the player draw it in with a dash offset. */
function strike(cx: number, y: number, w: number, stroke: string): string {
	return [
		`<line class="scene-strike" x1="${num(cx - w / 2)}" y1="${num(y)}" x2="${num(cx + w / 2)}" y2="${num(y)}" pathLength="1"`,
		` stroke="${stroke}" stroke-width="1.75" stroke-linecap="round"/>`,
	].join('')
}

/** The one piece of engine state worth a badge: a worker's lease, or a database's fence its state does not already show. */
function badgeOf(actor: FrameActor, m: Metrics): Badge | undefined {
	const short = (fence: string) => middleTruncate(fence, m.badge, BADGE_FENCE_MAX, true)
	if (actor.lease) {
		const { fence, lost } = actor.lease
		const text = fence !== undefined ? `fence ${short(fence)}` : 'lease'
		return { kind: 'lease', text, full: fence !== undefined ? `fence ${fence}` : text, lost }
	}
	if (actor.storedFence !== undefined) {
		const state = actor.state
		const shown = state !== undefined && !state.struck && new RegExp(`(^|\\D)${actor.storedFence}(\\D|$)`).test(state.text)
		if (!shown) return { kind: 'fence', text: `fence ${short(actor.storedFence)}`, full: `fence ${actor.storedFence}`, lost: false }
	}
	return undefined
}

interface LinkRoute {
	from: string
	to: string
	route: Route
}

/** Each link once, between card borders, bent around any card that stands in its way. */
function routeLinks(frame: Frame, placed: Map<string, Placed>): LinkRoute[] {
	const seen = new Set<string>()
	const routes: LinkRoute[] = []
	for (const link of frame.links) {
		const a = placed.get(link.from)
		const b = placed.get(link.to)
		if (!a || !b || a === b) continue
		const key = pairKey(a, b)
		if (seen.has(key)) continue
		seen.add(key)
		const [lo, hi] = a.order <= b.order ? [a, b] : [b, a]
		const others = [...placed.values()].filter(p => p !== a && p !== b)
		const route = routeBetween(lo, hi, [0], others, 4)[0]
		if (route) routes.push({ from: link.from, to: link.to, route: lo === a ? route : reverse(route) })
	}
	return routes
}

function drawLink(link: LinkRoute): string {
	return [
		`<path class="scene-link" data-from="${escapeXml(link.from)}" data-to="${escapeXml(link.to)}" d="${pathData(link.route)}"`,
		` fill="none" stroke="${color('line')}" stroke-width="1.5" stroke-dasharray="5 5" stroke-linecap="round"/>`,
	].join('')
}

/** Every message's arrow: messages between the same two actors run side by side, so arrows and labels do not overlap. */
function routeMessages(frame: Frame, placed: Map<string, Placed>, stage: Box, m: Metrics): Arrow[] {
	const groups = new Map<string, number[]>()
	frame.messages.forEach((message, index) => {
		const a = placed.get(message.from)
		const b = placed.get(message.to)
		if (!a || !b) return
		const key = pairKey(a, b)
		groups.set(key, [...(groups.get(key) ?? []), index])
	})

	const arrows: Arrow[] = []
	for (const indexes of groups.values()) {
		const first = frame.messages[indexes[0] ?? -1]
		const a = first && placed.get(first.from)
		const b = first && placed.get(first.to)
		if (!first || !a || !b) continue
		if (a === b) {
			const d = loopDirection(a, indexes.length, stage, m)
			indexes.forEach((index, i) => {
				const message = frame.messages[index]
				if (message) arrows.push({ message, index, route: loopRoute(a, d, i), normal: d, side: 1, loop: true })
			})
			continue
		}
		// One orientation for the whole group, from the actor written first, so the offsets agree.
		const [lo, hi] = a.order <= b.order ? [a, b] : [b, a]
		const length = Math.hypot(hi.x - lo.x, hi.y - lo.y) || 1
		const normal = { x: -(hi.y - lo.y) / length, y: (hi.x - lo.x) / length }
		const k = indexes.length
		const offsets = indexes.map((_, i) => (i - (k - 1) / 2) * MESSAGE_SPACING)
		const others = [...placed.values()].filter(p => p !== lo && p !== hi)
		const routes = routeBetween(lo, hi, offsets, others, 6)
		indexes.forEach((index, i) => {
			const message = frame.messages[index]
			const route = routes[i]
			if (!message || !route) return
			// The label goes on its arrow's side of the group, whichever way the group was moved.
			const side = Math.sign(i - (k - 1) / 2)
			arrows.push({ message, index, route: placed.get(message.from) === lo ? route : reverse(route), normal, side, loop: false })
		})
	}
	return arrows.sort((x, y) => x.index - y.index)
}

/** The first way out of a card (up, right, left, down) with room for loops and their labels. */
function loopDirection(card: Placed, count: number, stage: Box, m: Metrics): Point {
	const reach = HALF + 3 + 46 + (count - 1) * 22 + 2 * m.messageLine - 8
	const ways: Point[] = [
		{ x: 0, y: -1 },
		{ x: 1, y: 0 },
		{ x: -1, y: 0 },
		{ x: 0, y: 1 },
	]
	return ways.find(d => {
		const far = add(card, d, reach)
		return far.x >= stage.x0 && far.x <= stage.x1 && far.y >= stage.y0 && far.y <= stage.y1
	}) ?? { x: 0, y: -1 }
}

/** A route as path data. */
function pathData(route: Route, end: Point = route.tip): string {
	const { start, c1, c2 } = route
	const m = `M${num(start.x)} ${num(start.y)}`
	if (c1 && c2) return `${m}C${num(c1.x)} ${num(c1.y)} ${num(c2.x)} ${num(c2.y)} ${num(end.x)} ${num(end.y)}`
	if (c1) return `${m}Q${num(c1.x)} ${num(c1.y)} ${num(end.x)} ${num(end.y)}`
	return `${m}L${num(end.x)} ${num(end.y)}`
}

interface PlacedLabel {
	box: Box
	lines: string[]
}

function drawArrow(arrow: Arrow, label: PlacedLabel, m: Metrics): string {
	const { message, route } = arrow
	const tone = message.color === 'ok' ? color('ok') : message.color === 'bad' ? color('bad') : color('accent')
	const d = arrivalDirection(route)
	const headLength = Math.min(HEAD_LENGTH, Math.hypot(route.tip.x - route.start.x, route.tip.y - route.start.y) / 2)
	// The path stops inside the arrowhead so its round cap never shows past the point.
	const end = add(route.tip, d, -headLength + 2)
	const base = add(route.tip, d, -headLength)
	const wing = { x: -d.y * HEAD_HALF_WIDTH, y: d.x * HEAD_HALF_WIDTH }
	const head = `M${num(route.tip.x)} ${num(route.tip.y)}L${num(base.x + wing.x)} ${num(base.y + wing.y)}L${num(base.x - wing.x)} ${num(base.y - wing.y)}Z`
	const { box, lines } = label
	const w = box.x1 - box.x0
	const h = box.y1 - box.y0
	const parts = [
		`<g class="scene-message" data-from="${escapeXml(message.from)}" data-to="${escapeXml(message.to)}" data-index="${arrow.index}"`,
		`${message.color ? ` data-color="${message.color}"` : ''}>`,
		`<path class="scene-message-path" d="${pathData(route, end)}" fill="none" stroke="${tone}" stroke-width="2.5" stroke-linecap="round"/>`,
		`<path class="scene-message-head" d="${head}" fill="${tone}" stroke="${tone}" stroke-width="1" stroke-linejoin="round"/>`,
		`<g class="scene-message-label">`,
		`<rect x="${num(box.x0)}" y="${num(box.y0)}" width="${num(w)}" height="${num(h)}" rx="7" fill="${color('bg')}" stroke="${tone}" stroke-width="1.25"/>`,
	]
	lines.forEach((line, i) => {
		const baseline = box.y0 + 5 + i * m.messageLine + m.messageLine / 2 + m.message * 0.35
		parts.push(
			`<text class="scene-message-text" x="${num(box.x0 + w / 2)}" y="${num(baseline)}" text-anchor="middle" font-size="${m.message}"`,
			` font-weight="600" fill="${tone}">${escapeXml(line)}${i === 0 ? truncatedTitle(lines.join(' '), message.label) : ''}</text>`,
		)
	})
	parts.push('</g></g>')
	return parts.join('')
}

// Places along the arrow to try, best first: the middle, then outwards.
const LABEL_STOPS = [0.5, 0.45, 0.55, 0.4, 0.6, 0.35, 0.65, 0.3, 0.7, 0.25, 0.75, 0.2, 0.8, 0.15, 0.85]

/** Put a message's label on or beside its arrow where it covers no card, text, other label or arrow. */
function placeLabel(arrow: Arrow, obstacles: Box[], taken: Box[], arrows: Segment[], links: Segment[], stage: Box, m: Metrics): PlacedLabel {
	const lines = fitLines(arrow.message.label, m.message, m.messageMax, 2, true)
	const w = Math.max(...lines.map(line => textWidth(line, m.message, true))) + 18
	const h = lines.length * m.messageLine + 10
	const n = arrow.normal
	const away = (w / 2) * Math.abs(n.x) + (h / 2) * Math.abs(n.y) + 6
	const sides = arrow.side === 0 ? [0, 1, -1] : [arrow.side, -arrow.side]
	const stops = arrow.loop ? [0.5] : LABEL_STOPS

	let best: { box: Box; score: number } | undefined
	for (const side of sides) {
		// Farther out when nearer is taken: a label stacked past a neighbour's beats one across an arrow.
		for (const extra of side === 0 ? [0] : [0, h + 6]) {
			for (const t of stops) {
				const c = add(pointAt(arrow.route, t), n, side * (away + extra))
				const box = { x0: c.x - w / 2, y0: c.y - h / 2, x1: c.x + w / 2, y1: c.y + h / 2 }
				const score =
					labelScore(box, obstacles, taken, arrows, links, stage) +
					Math.abs(t - 0.5) * 120 +
					(side === sides[0] ? 0 : 90) +
					extra * 4
				if (!best || score < best.score) best = { box, score }
			}
		}
	}
	return { box: best?.box ?? { x0: 0, y0: 0, x1: w, y1: h }, lines }
}

/** How bad a place is for a label: covering a card, a text, another label or an arrow, or leaving the stage. */
function labelScore(box: Box, obstacles: Box[], taken: Box[], arrows: Segment[], links: Segment[], stage: Box): number {
	const area = (box.x1 - box.x0) * (box.y1 - box.y0)
	let score = (area - overlap(box, grow(stage, -4))) * 50
	for (const o of obstacles) score += overlap(box, grow(o, 4)) * 50
	for (const o of taken) score += overlap(box, grow(o, 4)) * 50
	for (const s of arrows) if (crosses(s, grow(box, 2))) score += 8000
	for (const s of links) if (crosses(s, box)) score += 40
	return score
}

/** The SVG's title: the scene's name, which step, and its caption. */
function titleText(frame: Frame, title: string | undefined): string {
	const step = frame.index === 0 ? 'initial state' : `step ${frame.index}`
	const head = title?.trim() ? `${title.trim()}, ${step}` : step.charAt(0).toUpperCase() + step.slice(1)
	return frame.caption.trim() ? `${head}: ${frame.caption.trim()}` : head
}

/** A plain-text account of a frame for screen readers: every actor's label and state, every message, the time. */
export function describeFrame(frame: Frame): string {
	const labelOf = new Map<string, string>()
	for (const actor of frame.actors) if (!labelOf.has(actor.id)) labelOf.set(actor.id, actor.label)
	const name = (id: string) => labelOf.get(id) ?? id
	const sentences: string[] = []
	for (const actor of frame.actors) {
		const facts: string[] = []
		if (actor.state && actor.state.text.trim() !== '') {
			facts.push(actor.state.struck ? `${actor.state.text} (struck out)` : actor.state.text)
		}
		if (actor.lease) {
			const what = actor.lease.fence !== undefined ? `lease with fence ${actor.lease.fence}` : 'lease'
			facts.push(actor.lease.lost ? `${what}, lost` : `holds a ${what}`)
		}
		if (actor.storedFence !== undefined) facts.push(`stores fence ${actor.storedFence}`)
		if (actor.holders !== undefined) {
			facts.push(actor.holders.length ? `held by ${actor.holders.map(name).join(', ')}` : 'free')
		}
		sentences.push(facts.length ? `${actor.label}: ${facts.join('; ')}.` : `${actor.label}.`)
	}
	if (frame.messages.length) {
		const messages = frame.messages.map(m => {
			const mark = m.color === 'ok' ? ' (ok)' : m.color === 'bad' ? ' (bad)' : ''
			return `${name(m.from)} -> ${name(m.to)}: ${m.label}${mark}`
		})
		sentences.push(`Messages: ${messages.join('; ')}.`)
	}
	sentences.push(`Time ${durationText(frame.time)}.`)
	return sentences.join(' ')
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text made safe for SVG content and attribute values: markup characters escaped, characters XML forbids replaced. */
export function escapeXml(text: string): string {
	return text
		.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
		.replace(/[&<>"']/g, ch => ENTITIES[ch] ?? ch)
}

/** A `<title>` child with the whole text when the shown text was cut, so a pointer can still read it. */
function truncatedTitle(shown: string, full: string): string {
	return shown === full.trim().replace(/\s+/g, ' ') ? '' : `<title>${escapeXml(full)}</title>`
}

/** A centre x for a text of width w near x that keeps the text inside the stage. */
function insideStage(x: number, w: number, stage: Box): number {
	const min = stage.x0 + w / 2 + 6
	const max = stage.x1 - w / 2 - 6
	return min > max ? (stage.x0 + stage.x1) / 2 : Math.min(max, Math.max(min, x))
}

/** A percent of the stage as a coordinate: 10% at low, 90% at high, and beyond them up to min and max. */
function place(percent: number, low: number, high: number, min: number, max: number): number {
	const value = Number.isFinite(percent) ? percent : 50
	const at = low + ((value - 10) / 80) * (high - low)
	return Math.min(Math.max(at, Math.min(min, low)), Math.max(max, high))
}

function pairKey(a: Placed, b: Placed): string {
	return a.order <= b.order ? `${a.order}:${b.order}` : `${b.order}:${a.order}`
}

function positive(value: number | undefined, fallback: number): number {
	return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback
}

/** An id prefix made of characters safe in an id and a CSS selector, starting with a letter. */
function idPrefix(id: string | undefined): string {
	const clean = (id ?? '').replace(/[^A-Za-z0-9_-]/g, '-')
	if (clean === '') return 'scene'
	return /^[A-Za-z]/.test(clean) ? clean : `scene-${clean}`
}

/** A number as short, stable SVG text: rounded to the given decimals, never `-0`. */
function num(value: number, decimals = 1): string {
	const factor = 10 ** decimals
	const rounded = Math.round(value * factor) / factor
	return Object.is(rounded, -0) ? '0' : String(rounded)
}
