/**
 * Which side of its card each actor's label and state stand on: one side for the whole scene,
 * chosen once before any frame is laid out, so texts never jump between steps.
 */
import type { Frame, FrameActor } from '../frame.ts'
import { actorTexts } from './actor-texts.ts'
import type { Metrics } from './stage-metrics.ts'
import { HALF, type Box } from './svg-geometry.ts'

/** Which side of its card an actor's label and state stand on. */
export type TextSide = 'below' | 'above' | 'right' | 'left'

/**
 * For each actor, the side of its card that the fewest of its links and messages (in any frame)
 * leave from, below first; beside the card only when its widest text fits there.
 */
export function textSides(frames: Frame[], stage: Box, m: Metrics): Map<string, TextSide> {
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
	const { labelWidth, stateWidth } = actorTexts(actor, m)
	return Math.max(labelWidth, stateWidth)
}
