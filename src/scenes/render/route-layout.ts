/**
 * The routes of a frame's links and message arrows between the actors' cards: each link once,
 * messages between the same two actors side by side, a message to oneself as a loop.
 */
import type { Frame, FrameMessage } from '../frame.ts'
import type { Metrics } from './stage-metrics.ts'
import { HALF, add, loopRoute, reverse, routeBetween, type Box, type Point, type Route } from './svg-geometry.ts'

/** An actor's card on the stage as routing sees it: its centre, and its place among the frame's actors. */
interface RoutedCard {
	x: number
	y: number
	order: number
}

/** A link's route, from the card of `from` to the card of `to`. */
export interface LinkRoute {
	from: string
	to: string
	route: Route
}

/** A message's arrow: its route, and which way its label leans. */
export interface ArrowRoute {
	message: FrameMessage
	index: number
	route: Route
	/** The normal its label moves along, and its preferred side: 0 on the arrow, -1 or 1 beside it. */
	normal: Point
	side: number
	loop: boolean
}

// How far apart side by side arrows run.
const MESSAGE_SPACING = 16

/** Each link once, between card borders, bent around any card that stands in its way. */
export function routeLinks(frame: Frame, cards: Map<string, RoutedCard>): LinkRoute[] {
	const seen = new Set<string>()
	const routes: LinkRoute[] = []
	for (const link of frame.links) {
		const a = cards.get(link.from)
		const b = cards.get(link.to)
		if (!a || !b || a === b) continue
		const key = pairKey(a, b)
		if (seen.has(key)) continue
		seen.add(key)
		const [lo, hi] = a.order <= b.order ? [a, b] : [b, a]
		const others = [...cards.values()].filter(p => p !== a && p !== b)
		const route = routeBetween(lo, hi, [0], others, 4)[0]
		if (route) routes.push({ from: link.from, to: link.to, route: lo === a ? route : reverse(route) })
	}
	return routes
}

/** Every message's arrow: messages between the same two actors run side by side, so arrows and labels do not overlap. */
export function routeMessages(frame: Frame, cards: Map<string, RoutedCard>, stage: Box, m: Metrics): ArrowRoute[] {
	const groups = new Map<string, number[]>()
	frame.messages.forEach((message, index) => {
		const a = cards.get(message.from)
		const b = cards.get(message.to)
		if (!a || !b) return
		const key = pairKey(a, b)
		groups.set(key, [...(groups.get(key) ?? []), index])
	})

	const arrows: ArrowRoute[] = []
	for (const indexes of groups.values()) {
		const first = frame.messages[indexes[0] ?? -1]
		const a = first && cards.get(first.from)
		const b = first && cards.get(first.to)
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
		const others = [...cards.values()].filter(p => p !== lo && p !== hi)
		const routes = routeBetween(lo, hi, offsets, others, 6)
		indexes.forEach((index, i) => {
			const message = frame.messages[index]
			const route = routes[i]
			if (!message || !route) return
			// The label goes on its arrow's side of the group, whichever way the group was moved.
			const side = Math.sign(i - (k - 1) / 2)
			arrows.push({ message, index, route: cards.get(message.from) === lo ? route : reverse(route), normal, side, loop: false })
		})
	}
	return arrows.sort((x, y) => x.index - y.index)
}

/** The first way out of a card (up, right, left, down) with room for loops and their labels. */
function loopDirection(card: RoutedCard, count: number, stage: Box, m: Metrics): Point {
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

function pairKey(a: RoutedCard, b: RoutedCard): string {
	return a.order <= b.order ? `${a.order}:${b.order}` : `${b.order}:${a.order}`
}
