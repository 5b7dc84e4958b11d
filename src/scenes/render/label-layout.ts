/**
 * Where a message's label goes: on or beside its arrow, at the place that covers the least of the
 * cards, texts, other labels and arrows, scored over a fixed list of places. No other arrow may run
 * between a label and its own: where the only room beside it lies past a neighbour (two arrows
 * between the same actors, on a phone), the label sits on its arrow instead, at every width.
 */
import type { ArrowRoute } from './route-layout.ts'
import type { Metrics } from './stage-metrics.ts'
import { add, crosses, grow, overlap, pointAt, type Box, type Segment } from './svg-geometry.ts'
import { fitLines, textWidth } from './svg-text.ts'

/** A label at its place: its box on the stage and its lines. */
export interface LabelLayout {
	box: Box
	lines: string[]
}

/** What a label must keep off: cards and texts, labels placed before it, the other arrows, and the links. */
interface LabelObstacles {
	boxes: Box[]
	taken: Box[]
	arrows: Segment[]
	links: Segment[]
}

// Places along the arrow to try, best first: the middle, then outwards.
const LABEL_STOPS = [0.5, 0.45, 0.55, 0.4, 0.6, 0.35, 0.65, 0.3, 0.7, 0.25, 0.75, 0.2, 0.8, 0.15, 0.85]

/** Put a message's label on or beside its arrow where it covers no card, text, other label or arrow. */
export function placeLabel(arrow: ArrowRoute, obstacles: LabelObstacles, stage: Box, m: Metrics): LabelLayout {
	const oneLine = fitLines(arrow.message.label, m.message, m.messageMax, 2, true)
	// On a crowded stage a label may take two shorter lines where its one line would cover a text.
	const widest = Math.max(...oneLine.map(line => textWidth(line, m.message, true)))
	const twoLines = oneLine.length === 1 ? fitLines(arrow.message.label, m.message, widest * 0.6, 2, true) : oneLine
	const shapes = twoLines.length === 2 && twoLines !== oneLine ? [oneLine, twoLines] : [oneLine]

	let best: { box: Box; lines: string[]; score: number } | undefined
	shapes.forEach((lines, shape) => {
		const placed = bestPlace(arrow, lines, obstacles, stage, m)
		const score = placed.score + shape * 600
		if (!best || score < best.score) best = { box: placed.box, lines, score }
	})
	return best ? { box: best.box, lines: best.lines } : { box: { x0: 0, y0: 0, x1: 0, y1: 0 }, lines: oneLine }
}

/** The best place on or beside the arrow for a label of these lines, and its score. */
function bestPlace(arrow: ArrowRoute, lines: string[], obstacles: LabelObstacles, stage: Box, m: Metrics): { box: Box; score: number } {
	const w = Math.max(...lines.map(line => textWidth(line, m.message, true))) + 18
	const h = lines.length * m.messageLine + 10
	const n = arrow.normal
	const away = (w / 2) * Math.abs(n.x) + (h / 2) * Math.abs(n.y) + 6
	const sides = arrow.side === 0 ? [0, 1, -1] : [arrow.side, -arrow.side, 0]
	const stops = arrow.loop ? [0.5] : LABEL_STOPS

	let best: { box: Box; score: number } | undefined
	for (const side of sides) {
		// Farther out when nearer is taken: a label stacked past a neighbour's beats one across an arrow.
		for (const extra of side === 0 ? [0] : [0, h + 6]) {
			for (const t of stops) {
				const anchor = pointAt(arrow.route, t)
				const c = add(anchor, n, side * (away + extra))
				const box = { x0: c.x - w / 2, y0: c.y - h / 2, x1: c.x + w / 2, y1: c.y + h / 2 }
				// On its own arrow a label may cover a neighbour's line; beside it, no arrow may come between the two.
				const onArrow = side === 0
				const between = onArrow ? 0 : obstacles.arrows.filter(s => segmentsCross(s, { a: anchor, b: c })).length * 9000
				const shift = onArrow && arrow.side !== 0 ? 60 : side === sides[0] ? 0 : 90
				const score = labelScore(box, obstacles, stage, onArrow ? 1200 : 8000) + between + Math.abs(t - 0.5) * 120 + shift + extra * 4
				if (!best || score < best.score) best = { box, score }
			}
		}
	}
	return best ?? { box: { x0: 0, y0: 0, x1: w, y1: h }, score: Number.POSITIVE_INFINITY }
}

/** How bad a place is for a label: covering a card, a text, another label or an arrow, or leaving the stage. */
function labelScore(box: Box, { boxes, taken, arrows, links }: LabelObstacles, stage: Box, arrowCost: number): number {
	const area = (box.x1 - box.x0) * (box.y1 - box.y0)
	let score = (area - overlap(box, grow(stage, -4))) * 50
	for (const o of boxes) score += overlap(box, grow(o, 4)) * 50
	for (const o of taken) score += overlap(box, grow(o, 4)) * 50
	for (const s of arrows) if (crosses(s, grow(box, 2))) score += arrowCost
	for (const s of links) if (crosses(s, box)) score += 40
	return score
}

/** Whether two segments cross (touching counts). */
function segmentsCross(p: Segment, q: Segment): boolean {
	const side = (a: Segment['a'], b: Segment['a'], c: Segment['a']): number => Math.sign((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x))
	return side(p.a, p.b, q.a) * side(p.a, p.b, q.b) <= 0 && side(q.a, q.b, p.a) * side(q.a, q.b, p.b) <= 0
}
