/**
 * A scene laid out in one layout, completely, before anything is drawn: the stage, whether the
 * actors are turned on the diagonal, each actor's text side, every frame's layout, the clock's one
 * place, and the viewBox that holds what every frame draws, so nothing jumps between steps.
 */
import type { Frame } from '../frame.ts'
import { placeClock, type ClockLayout } from './clock-layout.ts'
import { layoutFrame, type FrameLayout } from './frame-layout.ts'
import { LAYOUTS, type Metrics, type StageLayout } from './stage-metrics.ts'
import { grow, segmentBox, union, type Box } from './svg-geometry.ts'
import { textSides } from './text-sides.ts'

/** Which layout, and the stage the actors' percents are placed on (each the layout's unless given). */
interface LayoutOptions {
	layout?: StageLayout
	width?: number
	height?: number
}

/** Every frame of a scene laid out in one layout, with the viewBox and clock they share. */
export interface SceneLayout {
	layout: StageLayout
	metrics: Metrics
	/** What every frame shows: its content and the clock, with a margin. */
	viewBox: Box
	clock: ClockLayout
	frames: FrameLayout[]
}

// The room left around the content, inside the viewBox.
const MARGIN = 8

/** Lays out every frame of a scene in one layout. */
export function layoutScene(frames: Frame[], options: LayoutOptions = {}): SceneLayout {
	const layout = options.layout ?? 'wide'
	const m = LAYOUTS[layout]
	const stage: Box = { x0: 0, y0: 0, x1: positive(options.width, m.width), y1: positive(options.height, m.height) }
	const swap = m.transpose && spreadsWide(frames)
	const shown = swap ? frames.map(transposed) : frames
	const sides = textSides(shown, stage, m)
	const laid = shown.map((frame, i) => ({ ...layoutFrame(frame, stage, m, sides), frame: frames[i] ?? frame }))

	const boxes = laid.flatMap(f => f.boxes)
	const lines = laid.flatMap(f => f.lines)
	const content = union(laid.flatMap(f => [...f.boxes, ...f.lines.map(s => segmentBox(s, 2))]))
	const clock = placeClock(frames.map(f => f.time), boxes, lines, content ?? stage, m)
	const viewBox = grow(union([content ?? stage, clock.box]) ?? stage, MARGIN)
	return { layout, metrics: m, viewBox, clock, frames: laid }
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

function positive(value: number | undefined, fallback: number): number {
	return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback
}
