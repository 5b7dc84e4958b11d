/**
 * Plane geometry for the scene renderer: points, boxes, and the routes of links and arrows
 * between square actor cards, straight when they can be and bent around a card when not.
 */

/** A point in stage units. */
export interface Point {
	x: number
	y: number
}

/** An axis-aligned box in stage units. */
export interface Box {
	x0: number
	y0: number
	x1: number
	y1: number
}

/** A straight piece of a line, for overlap tests. */
export interface Segment {
	a: Point
	b: Point
}

/** A line from start to tip: straight, a quadratic curve (c1), or a cubic one (c1 and c2). */
export interface Route {
	start: Point
	c1?: Point
	c2?: Point
	tip: Point
}

/** A card's centre, for routing. */
interface Card {
	x: number
	y: number
}

/** Half the side of an actor's square card. */
export const HALF = 28

// An arrow kept this far inside the card's edge still visibly leaves the card.
const SHIFT_LIMIT = HALF - 8

function unit(p: Point): Point {
	const length = Math.hypot(p.x, p.y)
	return length === 0 ? { x: 1, y: 0 } : { x: p.x / length, y: p.y / length }
}

export function add(p: Point, d: Point, k: number): Point {
	return { x: p.x + d.x * k, y: p.y + d.y * k }
}

export function grow(b: Box, by: number): Box {
	return { x0: b.x0 - by, y0: b.y0 - by, x1: b.x1 + by, y1: b.y1 + by }
}

/** The smallest box holding every box, or undefined for none. */
export function union(boxes: Box[]): Box | undefined {
	if (boxes.length === 0) return undefined
	return {
		x0: Math.min(...boxes.map(b => b.x0)),
		y0: Math.min(...boxes.map(b => b.y0)),
		x1: Math.max(...boxes.map(b => b.x1)),
		y1: Math.max(...boxes.map(b => b.y1)),
	}
}

/** A segment's box, grown by `by` (half its stroke). */
export function segmentBox(s: Segment, by: number): Box {
	return grow({ x0: Math.min(s.a.x, s.b.x), y0: Math.min(s.a.y, s.b.y), x1: Math.max(s.a.x, s.b.x), y1: Math.max(s.a.y, s.b.y) }, by)
}

/** The area two boxes share. */
export function overlap(a: Box, b: Box): number {
	const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)
	const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0)
	return w > 0 && h > 0 ? w * h : 0
}

/** Whether a segment passes through a box (Liang-Barsky clipping). */
export function crosses(s: Segment, box: Box): boolean {
	let t0 = 0
	let t1 = 1
	const dx = s.b.x - s.a.x
	const dy = s.b.y - s.a.y
	const checks: [number, number][] = [
		[-dx, s.a.x - box.x0],
		[dx, box.x1 - s.a.x],
		[-dy, s.a.y - box.y0],
		[dy, box.y1 - s.a.y],
	]
	for (const [p, q] of checks) {
		if (p === 0) {
			if (q < 0) return false
			continue
		}
		const r = q / p
		if (p < 0) t0 = Math.max(t0, r)
		else t1 = Math.min(t1, r)
		if (t0 > t1) return false
	}
	return true
}

/** Where a line through the card's centre (moved sideways by shift) in direction u leaves the card, plus a gap. */
function border(card: Card, u: Point, gap: number, shift: Point = { x: 0, y: 0 }): Point {
	let reach = Infinity
	for (const [d, o] of [
		[u.x, shift.x],
		[u.y, shift.y],
	] as const) {
		if (Math.abs(d) > 1e-9) reach = Math.min(reach, (HALF - Math.sign(d) * o) / Math.abs(d))
	}
	if (!Number.isFinite(reach) || reach < 0) reach = 0
	return { x: card.x + shift.x + u.x * (reach + gap), y: card.y + shift.y + u.y * (reach + gap) }
}

/** The point of a route at t from 0 (start) to 1 (tip). */
export function pointAt(route: Route, t: number): Point {
	const { start: p0, c1, c2, tip: p3 } = route
	const s = 1 - t
	if (c1 && c2) {
		return {
			x: s * s * s * p0.x + 3 * s * s * t * c1.x + 3 * s * t * t * c2.x + t * t * t * p3.x,
			y: s * s * s * p0.y + 3 * s * s * t * c1.y + 3 * s * t * t * c2.y + t * t * t * p3.y,
		}
	}
	if (c1) return { x: s * s * p0.x + 2 * s * t * c1.x + t * t * p3.x, y: s * s * p0.y + 2 * s * t * c1.y + t * t * p3.y }
	return { x: p0.x + (p3.x - p0.x) * t, y: p0.y + (p3.y - p0.y) * t }
}

/** The direction a route arrives at its tip. */
export function arrivalDirection(route: Route): Point {
	const from = route.c2 ?? route.c1 ?? route.start
	return unit({ x: route.tip.x - from.x, y: route.tip.y - from.y })
}

/** A route as straight pieces, for overlap tests. */
export function segments(route: Route): Segment[] {
	if (!route.c1) return [{ a: route.start, b: route.tip }]
	const pieces: Segment[] = []
	let previous = route.start
	for (let i = 1; i <= 12; i++) {
		const next = pointAt(route, i / 12)
		pieces.push({ a: previous, b: next })
		previous = next
	}
	return pieces
}

/** The same route run the other way. */
export function reverse(route: Route): Route {
	if (route.c1 && route.c2) return { start: route.tip, c1: route.c2, c2: route.c1, tip: route.start }
	return { start: route.tip, c1: route.c1, tip: route.start }
}

/**
 * Routes from card lo to card hi, one per sideways offset (along the normal of lo to hi): straight
 * and side by side when a small shift keeps them off every other card, else bent around those cards.
 */
export function routeBetween(lo: Card, hi: Card, offsets: number[], others: Card[], gap: number): Route[] {
	const u = unit({ x: hi.x - lo.x, y: hi.y - lo.y })
	const n = { x: -u.y, y: u.x }
	const length = Math.hypot(hi.x - lo.x, hi.y - lo.y)
	const reach = HALF * (Math.abs(n.x) + Math.abs(n.y)) + 5
	// The cards that stand between the two, with how far along and how far aside each is.
	const between = others
		.map(card => ({
			along: (card.x - lo.x) * u.x + (card.y - lo.y) * u.y,
			across: (card.x - lo.x) * n.x + (card.y - lo.y) * n.y,
		}))
		.filter(c => c.along > HALF && c.along < length - HALF)
	const hits = (o: number) => between.some(c => Math.abs(c.across - o) < reach - 0.01)
	const fits = (list: number[]) => list.every(o => Math.abs(o) <= SHIFT_LIMIT) && !list.some(hits)

	let shifted = offsets
	for (const c of between) {
		if (!shifted.some(o => Math.abs(c.across - o) < reach - 0.01)) continue
		const delta = c.across >= 0 ? c.across - reach - Math.max(...shifted) : c.across + reach - Math.min(...shifted)
		shifted = shifted.map(o => o + delta)
	}
	if (fits(shifted)) {
		// A link peeking out beside an arrow reads as noise; the nearest arrow covers it when nothing is hit.
		const nearest = shifted.reduce((a, b) => (Math.abs(b) < Math.abs(a) ? b : a), Infinity)
		const snapped = shifted.map(o => o - nearest)
		if (Number.isFinite(nearest) && fits(snapped)) shifted = snapped
		return shifted.map(o => {
			const shift = { x: n.x * o, y: n.y * o }
			return { start: border(lo, u, gap, shift), tip: border(hi, { x: -u.x, y: -u.y }, gap, shift) }
		})
	}

	// Bend away from the first card in the way. Each route is one curve moved sideways by its offset,
	// so side by side arrows stay evenly apart; the curve reaches 2t(1-t) of its bow at t.
	const blockers = between.filter(c => offsets.some(o => Math.abs(c.across - o) < reach))
	const side = (blockers[0]?.across ?? 0) >= 0 ? -1 : 1
	let bow = 0
	for (const c of blockers) {
		const t = Math.min(0.85, Math.max(0.15, c.along / length))
		const k = 2 * t * (1 - t)
		if (side < 0) bow = Math.min(bow, (c.across - reach - Math.max(...offsets)) / k)
		else bow = Math.max(bow, (c.across + reach - Math.min(...offsets)) / k)
	}
	const middle = { x: (lo.x + hi.x) / 2, y: (lo.y + hi.y) / 2 }
	return offsets.map(o => {
		const shift = { x: n.x * o, y: n.y * o }
		const control = add(middle, n, bow + o)
		const from = { x: lo.x + shift.x, y: lo.y + shift.y }
		const to = { x: hi.x + shift.x, y: hi.y + shift.y }
		const start = border(lo, unit({ x: control.x - from.x, y: control.y - from.y }), gap, shift)
		const tip = border(hi, unit({ x: control.x - to.x, y: control.y - to.y }), gap, shift)
		return { start, c1: control, tip }
	})
}

/** A loop from a card back to itself, out in direction d, the i-th of several. */
export function loopRoute(card: Card, d: Point, i: number): Route {
	const p = { x: -d.y, y: d.x }
	const base = add(card, d, HALF + 3)
	const rise = 46 + i * 22
	return {
		start: add(base, p, 12),
		c1: add(add(base, d, rise), p, 40),
		c2: add(add(base, d, rise), p, -40),
		tip: add(base, p, -12),
	}
}
