/**
 * One frame laid out on a stage, completely: the actors' cards, texts and badges, the links' and
 * messages' routes, and the messages' labels, with every box and line they take. Drawing reads it
 * and changes nothing.
 */
import type { Frame } from '../frame.ts'
import { actorPlace, layoutActor, type ActorLayout } from './actor-layout.ts'
import { placeBadge } from './badge-layout.ts'
import { placeLabel, type LabelLayout } from './label-layout.ts'
import { routeLinks, routeMessages, type ArrowRoute, type LinkRoute } from './route-layout.ts'
import type { Metrics } from './stage-metrics.ts'
import { segments, type Box, type Segment } from './svg-geometry.ts'
import type { TextSide } from './text-sides.ts'

/** A message's arrow with its label placed. */
export interface ArrowLayout extends ArrowRoute {
	label: LabelLayout
}

/** One frame's layout; `frame` is the frame as given, whose actors stand where `actors` says. */
export interface FrameLayout {
	frame: Frame
	/** Each actor once (the first of an id), in the frame's order. */
	actors: ActorLayout[]
	links: LinkRoute[]
	arrows: ArrowLayout[]
	/** Every card, text, badge and label, in stage units. */
	boxes: Box[]
	/** Every link and arrow as straight pieces. */
	lines: Segment[]
}

/**
 * Lays out a frame in order: actors and their texts, then the routes, then each actor's badge (off
 * the lines, the other actors' cards and texts, the badges placed before it, and its own texts),
 * then each message's label (off all of those and the labels placed before it).
 */
export function layoutFrame(frame: Frame, stage: Box, m: Metrics, sides: Map<string, TextSide>): Omit<FrameLayout, 'frame'> {
	const cards = new Map<string, ActorLayout>()
	frame.actors.forEach((actor, order) => {
		if (cards.has(actor.id)) return
		const { x, y } = actorPlace(actor, stage, m)
		cards.set(actor.id, layoutActor(actor, order, x, y, stage, m, sides.get(actor.id) ?? 'below'))
	})

	const links = routeLinks(frame, cards)
	const routes = routeMessages(frame, cards, stage, m)
	const lines = [...links.flatMap(l => segments(l.route)), ...routes.flatMap(a => segments(a.route))]

	// A badge names a worker as the captions do: by its label's last word (`B` for `Worker B`).
	const labels = new Map(frame.actors.map(actor => [actor.id, actor.label.trim().split(/\s+/).pop() || actor.id]))
	const name = (id: string): string => labels.get(id) ?? id
	const actors: ActorLayout[] = []
	const unbadged = [...cards.values()]
	unbadged.forEach((laid, i) => {
		// Its badge keeps off the other actors' cards and texts (and the badges of those before it), and off its own texts.
		const others = [...[...actors, ...unbadged.slice(i + 1)].flatMap(o => o.boxes), ...laid.boxes.slice(1)]
		const badge = placeBadge(laid.actor, laid, lines, others, stage, m, name)
		actors.push(badge ? { ...laid, badge, boxes: [...laid.boxes, badge.box] } : laid)
	})

	const boxes = actors.flatMap(a => a.boxes)
	const linkLines = links.flatMap(l => segments(l.route))
	const taken: Box[] = []
	const arrows = routes.map(route => {
		const otherArrows = routes.filter(a => a !== route).flatMap(a => segments(a.route))
		const label = placeLabel(route, { boxes, taken, arrows: otherArrows, links: linkLines }, stage, m)
		taken.push(label.box)
		return { ...route, label }
	})
	return { actors, links, arrows, boxes: [...boxes, ...taken], lines }
}
