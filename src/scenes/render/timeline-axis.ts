/**
 * The timeline's horizontal axis: where a moment stands, in proportion to the engine's clock. Between
 * two times the axis runs at one scale (a 30 s lease is twice as long as a 15 s one); where moments
 * stand closer in time than the axis could tell apart at that scale (the steps of a scene that all
 * happen at 0 s, or steps 1 ms apart on a 30 s axis), they are drawn in a band: a fixed gap apart,
 * not to scale, so each keeps an x of its own to be seen and scrubbed to while the rest of the axis
 * still reads as time.
 */
import type { Moment } from './timeline-lanes.ts'

/**
 * Moments too close in time to be drawn apart at the axis's scale, drawn a gap apart instead: from
 * time `from` to time `to` (one instant when they are equal), moments `first` to `last`, over x `x0`
 * to `x1`, where the axis keeps no scale.
 */
export interface CloseBand {
	from: number
	to: number
	first: number
	last: number
	x0: number
	x1: number
}

export interface TimeAxis {
	/** The x of each moment, by moment number. */
	xs: number[]
	/** SVG units per millisecond outside the bands; 0 when the whole axis is bands (or one instant). */
	scale: number
	/** The least distance between two moments of distinct times, and the distance between two moments of a band. */
	gap: number
	bands: CloseBand[]
}

/** How an axis is fitted: from `left` to `right`, a margin inside each end, the gap a band gives each of its moments at most, and the share of the width its gaps may take at most. */
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
	const fit = fitGap(times, width, room)
	const xs: number[] = []
	times.forEach((at, i) => {
		const before = xs[i - 1]
		xs.push(before === undefined ? start : before + (fit.close[i] ? fit.gap : (at - (times[i - 1] ?? at)) * fit.scale))
	})
	const bands: CloseBand[] = []
	times.forEach((at, i) => {
		if (!fit.close[i]) return
		const open = bands[bands.length - 1]
		if (open && open.last === i - 1) {
			open.last = i
			open.to = at
			open.x1 = xs[i] ?? start
		} else bands.push({ from: times[i - 1] ?? at, to: at, first: i - 1, last: i, x0: xs[i - 1] ?? start, x1: xs[i] ?? start })
	})
	return { xs, scale: fit.scale, gap: fit.gap, bands }
}

/**
 * The gap, the scale and which moments are drawn a gap after the one before (`close`): the largest
 * gap, up to the room's, whose gaps take no more than their share of the width, where a moment is
 * close when its time after the one before, at the scale the rest of the axis is left, is less than
 * the gap. Only moments all of one time fill the axis with their gaps.
 */
function fitGap(times: readonly number[], width: number, room: AxisRoom): { gap: number; scale: number; close: boolean[] } {
	const span = (times[times.length - 1] ?? 0) - (times[0] ?? 0)
	if (span === 0) {
		const fit = closeAt(times, room.gap, width, span)
		return { ...fit, gap: fit.count === 0 ? room.gap : width / fit.count }
	}
	const fits = (gap: number) => {
		const fit = closeAt(times, gap, width, span)
		return fit.scale > 0 && fit.count * gap <= width * room.gapShare ? fit : undefined
	}
	const whole = fits(room.gap)
	if (whole) return whole
	// A smaller gap makes no more moments close, so a gap that fits fits when smaller: the largest, halving.
	let [low, high] = [0, room.gap]
	for (let i = 0; i < 40; i++) {
		const mid = (low + high) / 2
		if (fits(mid)) low = mid
		else high = mid
	}
	const fit = fits(low) ?? closeAt(times, 0, width, span)
	// Where the gaps' share is what bounds it, that share exactly.
	const shared = fits(Math.min(room.gap, (width * room.gapShare) / Math.max(fit.count, 1)))
	return shared && shared.gap > fit.gap ? shared : fit
}

/** Which moments are close at a gap: the moments closer than it at the scale the others leave, until no more are. */
function closeAt(times: readonly number[], gap: number, width: number, span: number): { gap: number; scale: number; close: boolean[]; count: number } {
	const close = times.map(() => false)
	let count = 0
	let closeTime = 0
	for (;;) {
		const openTime = span - closeTime
		const scale = openTime === 0 ? 0 : (width - gap * count) / openTime
		let grew = false
		for (let i = 1; i < times.length; i++) {
			const dt = (times[i] ?? 0) - (times[i - 1] ?? 0)
			if (close[i] || dt * scale >= gap) continue
			close[i] = true
			count++
			closeTime += dt
			grew = true
		}
		if (!grew) return { gap, scale, close, count }
	}
}
