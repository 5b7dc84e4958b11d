/**
 * Where the scene's clock stands and what it says: one place for every frame, so it never moves
 * between steps.
 */
import { formatDuration } from '../frame-format.ts'
import type { Metrics } from './stage-metrics.ts'
import { crosses, grow, overlap, type Box, type Point, type Segment } from './svg-geometry.ts'
import { textWidth } from './svg-text.ts'

/** The clock's place: its top left corner and its box. */
export interface ClockLayout {
	at: Point
	box: Box
}

/** The clock's words at a time: `t = 30 s`. */
export function clockText(time: number): string {
	return `t = ${formatDuration(time)}`
}

/**
 * The first corner of the content that no frame's text, card or line takes (given as `boxes` and
 * `lines` of every frame), wide enough for the clock's text at every time; else a row above the content.
 */
export function placeClock(times: number[], boxes: Box[], lines: Segment[], content: Box, m: Metrics): ClockLayout {
	const w = Math.max(...times.map(time => textWidth(clockText(time), m.clock, true))) + m.clock + 10
	const h = m.clock * 1.4
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
