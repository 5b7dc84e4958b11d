/**
 * The timeline's horizontal axis: where a moment stands, in proportion to the engine's clock. Between
 * two times the axis runs at one scale (a 30 s lease is twice as long as a 15 s one); where several
 * moments share one time (the steps of a scene that all happen at 0 s), that instant is drawn zoomed:
 * its moments a fixed gap apart, over which the clock does not move, so they stay apart to be seen and
 * scrubbed to while the axis still reads as time.
 */
import type { Moment } from './timeline-lanes.ts'

/** An instant that holds several moments: its time, its moments, and the stretch of x it is drawn over, where the clock stands still. */
export interface ZoomedInstant {
	at: number
	first: number
	last: number
	x0: number
	x1: number
}

export interface TimeAxis {
	/** The x of each moment, by moment number. */
	xs: number[]
	/** SVG units per millisecond; 0 when the whole axis is one instant. */
	scale: number
	/** The gap between two moments of one instant. */
	gap: number
	instants: ZoomedInstant[]
}

/** How an axis is fitted: from `left` to `right`, a margin inside each end, the gap a zoomed instant gives each of its moments, and the share of the width its gaps may take at most. */
export interface AxisRoom {
	left: number
	right: number
	margin: number
	gap: number
	gapShare: number
}

/** The axis of a timeline's moments (in time order, as the lanes give them) over the room given. */
export function timeAxis(moments: readonly Moment[], room: AxisRoom): TimeAxis {
	const start = room.left + room.margin
	const width = Math.max(room.right - room.margin - start, 0)
	// A moment's time never goes back (the clock only moves on); a repeated time is one more moment of an instant.
	const times: number[] = []
	for (const moment of moments) times.push(Math.max(moment.at, times[times.length - 1] ?? moment.at))
	const first = times[0] ?? 0
	const span = (times[times.length - 1] ?? first) - first
	const extras = times.filter((at, i) => i > 0 && at === times[i - 1]).length
	const gap = extras === 0 ? 0 : span === 0 ? width / extras : Math.min(room.gap, (width * room.gapShare) / extras)
	const scale = span === 0 ? 0 : (width - gap * extras) / span
	const xs: number[] = []
	const instants: ZoomedInstant[] = []
	let gaps = 0
	times.forEach((at, i) => {
		if (i > 0 && at === times[i - 1]) {
			gaps += gap
			const open = instants[instants.length - 1]
			if (open && open.last === i - 1 && open.at === at) open.last = i
			else instants.push({ at, first: i - 1, last: i, x0: 0, x1: 0 })
		}
		xs.push(start + (at - first) * scale + gaps)
	})
	for (const instant of instants) {
		instant.x0 = xs[instant.first] ?? start
		instant.x1 = xs[instant.last] ?? start
	}
	return { xs, scale, gap, instants }
}
