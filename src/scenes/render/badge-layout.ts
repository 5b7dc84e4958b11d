/**
 * An actor's badge: the one piece of engine state worth one (a worker's lease, a database's fence
 * its state does not already show, or who holds a lock's key and until when), and the place by its
 * card where it covers the least.
 */
import type { FrameActor } from '../frame.ts'
import { formatDuration } from '../frame-format.ts'
import type { Metrics } from './stage-metrics.ts'
import { HALF, crosses, grow, overlap, type Box, type Point, type Segment } from './svg-geometry.ts'
import { middleTruncate, textWidth } from './svg-text.ts'

/** A badge at its place: its words, and its box from the actor's centre (x, y) and on the stage (box). */
export interface BadgeLayout {
	kind: 'lease' | 'fence' | 'holder'
	text: string
	/** The whole fence, when the badge's text had to cut it. */
	full: string
	lost: boolean
	x: number
	y: number
	w: number
	h: number
	box: Box
}

// A badge shows a long fence cut in the middle to this width.
const BADGE_FENCE_MAX = 80

/**
 * The badge of an actor whose card is centred at `at`, if it has one, at the first place by the card
 * that stays inside the stage and off every line and text (`others`), else the least bad.
 */
export function placeBadge(actor: FrameActor, at: Point, lines: Segment[], others: Box[], stage: Box, m: Metrics, name: (id: string) => string = id => id): BadgeLayout | undefined {
	const badge = badgeOf(actor, m, name)
	if (!badge) return undefined
	const { x, y } = at
	const w = textWidth(badge.text, m.badge, true) + 14
	const h = m.badgeHeight
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
	return { ...badge, x: spot.x, y: spot.y, w, h, box: { x0: x + spot.x, y0: y + spot.y, x1: x + spot.x + w, y1: y + spot.y + h } }
}

/** The badge's words: a worker's lease, a database's fence its state does not already show, or a lock's holder and when its lease runs out. */
function badgeOf(actor: FrameActor, m: Metrics, name: (id: string) => string): Pick<BadgeLayout, 'kind' | 'text' | 'full' | 'lost'> | undefined {
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
	const first = actor.held?.[0]
	if (first) {
		const more = (actor.held?.length ?? 1) - 1
		const text = `${name(first.worker)}${more > 0 ? ` +${more}` : ''} until ${formatDuration(first.until)}`
		const full = (actor.held ?? []).map(one => `${name(one.worker)} until ${formatDuration(one.until)}`).join(', ')
		return { kind: 'holder', text, full: `held by ${full}`, lost: false }
	}
	return undefined
}
