/**
 * Where an actor stands on the stage and where its label and state go around its card, kept
 * inside the stage; its badge is placed after, by `badge-layout.ts`, once every text is known.
 */
import type { FrameActor } from '../frame.ts'
import { actorTexts } from './actor-texts.ts'
import type { BadgeLayout } from './badge-layout.ts'
import type { Metrics } from './stage-metrics.ts'
import { HALF, type Box } from './svg-geometry.ts'
import type { TextSide } from './text-sides.ts'

/** An actor at its place on the stage, with the layout of its texts and badge. */
export interface ActorLayout {
	actor: FrameActor
	/** Its place among the frame's actors, which orders the two ends of a link or message group. */
	order: number
	x: number
	y: number
	/** Its texts' centres, and their tops from the actor's centre (negative when they stand above the card). */
	label?: { text: string; x: number; top: number }
	state?: { lines: string[]; x: number; w: number; h: number; top: number }
	badge?: BadgeLayout
	/** Where its card, texts and badge are, in stage units (the card first), for keeping other things off them. */
	boxes: Box[]
}

// From the card's centre to the top of a label below it.
const LABEL_TOP = HALF + 6

/** Where an actor of a frame stands: its percents on the stage, between the layout's insets. */
export function actorPlace(actor: FrameActor, stage: Box, m: Metrics): { x: number; y: number } {
	return {
		x: place(actor.x, m.insetX, stage.x1 - m.insetX, HALF + 6, stage.x1 - HALF - 6),
		y: place(actor.y, m.insetTop, stage.y1 - m.insetBottom, HALF + 14, stage.y1 - m.insetBottom),
	}
}

/** Where an actor's card, label and state go, on its side of the card; kept inside the stage. No badge yet. */
export function layoutActor(actor: FrameActor, order: number, x: number, y: number, stage: Box, m: Metrics, side: TextSide): ActorLayout {
	const laid: ActorLayout = { actor, order, x, y, boxes: [{ x0: x - HALF, y0: y - HALF, x1: x + HALF, y1: y + HALF }] }
	const { label, labelWidth, stateLines, stateWidth } = actorTexts(actor, m)
	const labelHeight = label === '' ? 0 : m.label * 1.1
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
		laid.label = { text: label, x: cx, top: labelTop }
		// What the name keeps others off: its line and the room a browser's font takes above and below it (a text's box is about 1.25 of its size, not 1.1).
		laid.boxes.push({ x0: cx - labelWidth / 2, y0: y + labelTop - m.label * 0.1, x1: cx + labelWidth / 2, y1: y + labelTop + labelHeight + m.label * 0.15 })
	}
	if (stateLines.length > 0) {
		const cx = centre(stateWidth)
		laid.state = { lines: stateLines, x: cx, w: stateWidth, h: stateHeight, top: stateTop }
		laid.boxes.push({ x0: cx - stateWidth / 2, y0: y + stateTop, x1: cx + stateWidth / 2, y1: y + stateTop + stateHeight })
	}
	return laid
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
