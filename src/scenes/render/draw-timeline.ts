/**
 * The timeline under a scene's stage, drawn from its frames: a lane per worker with its leases,
 * pauses, waits, renewals and writes on the scene's moments, a time axis, and the current moment as
 * a line with what comes later dimmed. One SVG serves every step: the player moves the line to the
 * x of the step's moment (`data-moments`, one x per frame), so stepping draws nothing.
 */
import type { Frame } from '../frame.ts'
import { formatDuration } from '../frame-format.ts'
import { SCENE_FONT, color, workerColor } from './scene-colors.ts'
import type { StageLayout } from './stage-metrics.ts'
import { escapeXml, num } from './svg-markup.ts'
import { fitLines, textWidth } from './svg-text.ts'
import { timeAxis, type CloseBand, type TimeAxis } from './timeline-axis.ts'
import { timelineLanes, type LaneSpan, type LeaseBar, type TimelineLanes, type WriteMark } from './timeline-lanes.ts'

/** The sizes of the timeline in one layout, in SVG units; its text is the stage's smallest (14), 12 CSS px or more at each layout's narrowest. */
interface TimelineMetrics {
	width: number
	labelWidth: number
	lane: number
	bar: number
	text: number
	axis: number
	/** Room inside each end of the axis, so a mark at the first or last moment is drawn whole. */
	margin: number
	/** The gap between two moments of a band, drawn apart for being too close in time (less when many would take too much of the width). */
	gap: number
}

const METRICS: Readonly<Record<StageLayout, TimelineMetrics>> = {
	wide: { width: 600, labelWidth: 92, lane: 32, bar: 20, text: 14, axis: 24, margin: 12, gap: 36 },
	narrow: { width: 340, labelWidth: 76, lane: 32, bar: 20, text: 14, axis: 24, margin: 10, gap: 24 },
}

const PAD = 6
/** The narrowest a bar or a pause is drawn, so one that starts and ends at one moment still shows (at most half the axis's gap, so it ends before the next moment). */
const MIN_BAR = 6
/** How far after its line the moment's veil (and the after-the-scene shade) begins. */
const AFTER = 5

/** A kind of mark on the timeline, which the key under it names (the figure's `data-mark`). */
export type TimelineMark = 'lease' | 'cut' | 'rest' | 'renewal' | 'pause' | 'wait' | 'taken' | 'refused' | 'restart' | 'instant' | 'close'

/** The words a bar's end is told in, in the drawing's titles and in the text. */
const ENDS: Record<LeaseBar['how'], string> = { released: 'released', expired: 'ran out', gone: 'ended with its store', ended: 'ended by an operator', open: 'live when the scene ends' }

/** The lanes' labels, the metrics with the labels' column as wide as they need, and the time axis of one layout. */
function fitted(lanes: TimelineLanes, layout: StageLayout): { labels: string[]; m: TimelineMetrics; axis: TimeAxis } {
	// A lane's label too long for its room goes by its last word (`Worker A` as `A`), which the captions use too;
	// the labels' column is as wide as they need, so a phone's lanes keep their room.
	const room = METRICS[layout].labelWidth - 10
	const labels = lanes.workers.map(worker => {
		const name = textWidth(worker.label, METRICS[layout].text, true) <= room ? worker.label : (worker.label.trim().split(/\s+/).pop() ?? worker.label)
		return fitLines(name, METRICS[layout].text, room, 1, true)[0] ?? ''
	})
	const widest = Math.max(textWidth('time', METRICS[layout].text, false), ...labels.map(label => textWidth(label, METRICS[layout].text, true)))
	const m = { ...METRICS[layout], labelWidth: Math.min(METRICS[layout].labelWidth, Math.ceil(widest) + 12) }
	const axis = timeAxis(lanes.moments, { left: m.labelWidth, right: m.width - PAD, margin: m.margin, gap: m.gap, gapShare: 0.45 })
	return { labels, m, axis }
}

/** The timeline of a scene's frames as one `<svg>` string, with the frame moments' x in `data-moments`, its moment line at frame `step`. */
export function drawTimeline(frames: readonly Frame[], options: { layout?: StageLayout; step?: number } = {}): string {
	const layout = options.layout ?? 'wide'
	const lanes = timelineLanes(frames)
	const { labels, m, axis } = fitted(lanes, layout)
	const plotX = m.labelWidth
	const x = (moment: number): number => axis.xs[moment] ?? plotX
	const minBar = Math.min(MIN_BAR, axis.gap / 2)
	const laneTop = (i: number): number => PAD + i * m.lane
	const height = PAD + Math.max(lanes.workers.length, 1) * m.lane + m.axis + PAD
	const axisY = PAD + Math.max(lanes.workers.length, 1) * m.lane
	const laneOf = new Map(lanes.workers.map((worker, i) => [worker.id, i]))
	const actorLabel = new Map((frames[0]?.actors ?? []).map(actor => [actor.id, actor.label]))
	const sceneEnd = lanes.frameMoments[lanes.frameMoments.length - 1] ?? 0
	const parts: string[] = []
	// The lanes' guides and labels.
	lanes.workers.forEach((worker, i) => {
		const mid = laneTop(i) + m.lane / 2
		const label = labels[i] ?? ''
		parts.push(
			`<line class="scene-lane-guide" x1="${num(plotX)}" y1="${num(mid)}" x2="${num(m.width - PAD)}" y2="${num(mid)}" stroke="${color('line')}" stroke-width="1" stroke-opacity="0.5"/>`,
			`<text class="scene-lane-label" x="0" y="${num(mid + m.text * 0.35)}" font-size="${m.text}" font-weight="600" fill="${workerColor(i)}">${escapeXml(label)}</text>`,
		)
	})
	// Moments too close in time to tell apart at the axis's scale, drawn apart: a band behind the lanes, where the axis keeps no scale.
	for (const band of axis.bands) parts.push(drawBand(band, lanes, axisY, m))
	// What happens after the scene's last step (the TTL ends of leases still live) stands apart.
	if (sceneEnd < lanes.moments.length - 1) {
		const from = x(sceneEnd) + AFTER
		parts.push(`<rect class="scene-after" x="${num(from)}" y="${num(PAD)}" width="${num(m.width - PAD - from)}" height="${num(axisY - PAD)}" fill="${color('card')}"><title>after the last step: the leases still live run on to the end of their TTL</title></rect>`)
	}
	for (const restart of lanes.restarts) {
		parts.push(`<line class="scene-restart" data-store="${escapeXml(restart.store)}" data-at="${restart.at}" x1="${num(x(restart.moment))}" y1="${PAD}" x2="${num(x(restart.moment))}" y2="${num(axisY)}" stroke="${color('bad')}" stroke-width="1.5" stroke-dasharray="4 3"><title>${escapeXml(`${actorLabel.get(restart.store) ?? restart.store} restarts at ${formatDuration(restart.at)}: every lease it gave ends`)}</title></line>`)
	}
	for (const span of lanes.pauses) parts.push(drawPause(span, laneTop(laneOf.get(span.worker) ?? 0), x, m, minBar))
	for (const span of lanes.waits) parts.push(drawWait(span, laneTop(laneOf.get(span.worker) ?? 0) + m.lane / 2, x))
	for (const bar of lanes.bars) {
		const marks = lanes.writes.filter(write => write.worker === bar.worker).map(write => x(write.moment))
		parts.push(drawBar(bar, laneOf.get(bar.worker) ?? 0, laneTop(laneOf.get(bar.worker) ?? 0) + m.lane / 2, x, sceneEnd, m, marks, minBar))
	}
	for (const write of lanes.writes) parts.push(drawWrite(write, laneTop(laneOf.get(write.worker) ?? 0) + m.lane / 2, x))
	parts.push(drawAxis(lanes, axis, axisY, m))
	const moments = lanes.frameMoments.map(moment => num(x(moment))).join(' ')
	// Which kinds of mark the drawing holds, for the key under it to name only those (the figure's key, by `data-mark`).
	const drawn: Record<TimelineMark, boolean> = {
		lease: lanes.bars.length > 0,
		cut: lanes.bars.some(bar => bar.how !== 'open'),
		rest: lanes.bars.some(bar => bar.how === 'open' && bar.end > sceneEnd),
		renewal: lanes.bars.some(bar => bar.renewals.length > 0),
		pause: lanes.pauses.length > 0,
		wait: lanes.waits.length > 0,
		taken: lanes.writes.some(write => write.taken),
		refused: lanes.writes.some(write => !write.taken),
		restart: lanes.restarts.length > 0,
		instant: axis.bands.some(band => band.from === band.to),
		close: axis.bands.some(band => band.from !== band.to),
	}
	const drawnKinds = (Object.keys(drawn) as TimelineMark[]).filter(kind => drawn[kind])
	const now = x(lanes.frameMoments[Math.min(options.step ?? 0, lanes.frameMoments.length - 1)] ?? 0)
	// The moment: a line, and over everything after it a veil of the background, moved together by the player.
	parts.push(
		`<g class="scene-now" transform="translate(${num(now)} 0)">`,
		`<rect class="scene-later" x="${AFTER}" y="0" width="${num(m.width)}" height="${num(axisY)}" fill="${color('bg')}" fill-opacity="0.62" pointer-events="none"/>`,
		`<line x1="0" y1="0" x2="0" y2="${num(axisY + 4)}" stroke="${color('accent')}" stroke-width="2.5"><title>now: the step shown</title></line>`,
		'</g>',
	)
	return [
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${m.width} ${num(height)}" width="${m.width}" height="${num(height)}" aria-hidden="true"`,
		` class="scene-timeline-svg" data-layout="${layout}" data-moments="${moments}" data-marks="${drawnKinds.join(' ')}" font-family="var(--scene-font, ${SCENE_FONT})">`,
		parts.join(''),
		'</svg>',
	].join('')
}

function drawBar(bar: LeaseBar, lane: number, mid: number, x: (moment: number) => number, sceneEnd: number, m: TimelineMetrics, marks: number[], minBar: number): string {
	const x0 = x(bar.start)
	const cutAt = bar.how === 'open' ? Math.min(bar.end, sceneEnd) : bar.end
	// A bar at least a little wide: a lease given and ended at one moment still shows.
	const x1 = Math.max(x(cutAt), x0 + minBar)
	const top = mid - m.bar / 2
	const fill = workerColor(lane)
	const what = `${bar.fence === undefined ? 'lease' : `lease, fence ${bar.fence}`} from ${formatDuration(bar.from)}`
	const end = bar.how === 'open' ? `live when the scene ends; its TTL runs to ${formatDuration(bar.to)}` : `${ENDS[bar.how]} at ${formatDuration(bar.to)}`
	const parts = [
		`<g class="scene-lease" data-worker="${escapeXml(bar.worker)}" data-store="${escapeXml(bar.store)}" data-from="${bar.from}" data-to="${bar.to}" data-end="${bar.how}"${bar.fence === undefined ? '' : ` data-fence="${escapeXml(bar.fence)}"`}>`,
		`<title>${escapeXml(`${what}, ${end}`)}</title>`,
		`<rect x="${num(x0)}" y="${num(top)}" width="${num(x1 - x0)}" height="${m.bar}" rx="4" fill="${fill}"/>`,
	]
	if (bar.how === 'open' && bar.end > cutAt) {
		// After the scene: the rest of its TTL, outlined.
		parts.push(`<rect class="scene-lease-rest" x="${num(x1)}" y="${num(top + 1)}" width="${num(Math.max(x(bar.end) - x1, 0))}" height="${m.bar - 2}" rx="4" fill="none" stroke="${fill}" stroke-width="1.5" stroke-dasharray="4 3"><title>${escapeXml(`the rest of its TTL after the last step, to ${formatDuration(bar.to)}`)}</title></rect>`)
	}
	if (bar.how !== 'open') {
		// The cut: a bar across the end.
		parts.push(`<line class="scene-lease-cut" x1="${num(x1)}" y1="${num(top - 3)}" x2="${num(x1)}" y2="${num(top + m.bar + 3)}" stroke="${color('fg')}" stroke-width="2"><title>${escapeXml(`${ENDS[bar.how]} at ${formatDuration(bar.to)}`)}</title></line>`)
	}
	for (const renewal of bar.renewals) {
		const rx = x(renewal.moment)
		// A diamond on the bar's top edge: apart from the line a cut draws.
		parts.push(`<path class="scene-renewal" data-at="${renewal.at}" d="M${num(rx)} ${num(top - 5)}l5 5l-5 5l-5-5z" fill="${color('fg')}" stroke="${color('bg')}" stroke-width="1.5"><title>renewed at ${escapeXml(formatDuration(renewal.at))}</title></path>`)
	}
	// The fence on the bar, centred, where it fits clear of the lane's write marks.
	const label = bar.fence === undefined ? 'lease' : `fence ${bar.fence}`
	const w = textWidth(label, m.text, true)
	const cx = (x0 + x1) / 2
	if (w + 8 <= x1 - x0 && !marks.some(mark => Math.abs(mark - cx) < w / 2 + 9)) {
		parts.push(`<text x="${num(cx)}" y="${num(mid + m.text * 0.35)}" text-anchor="middle" font-size="${m.text}" font-weight="600" fill="${color('bg')}">${escapeXml(label)}</text>`)
	}
	parts.push('</g>')
	return parts.join('')
}

function drawPause(span: LaneSpan, top: number, x: (moment: number) => number, m: TimelineMetrics, minBar: number): string {
	const x0 = x(span.start)
	const x1 = Math.max(x(span.end), x0 + minBar)
	const what = span.how === 'crashed' ? 'crashed' : 'paused'
	const until = span.how === 'woke' ? ` to ${formatDuration(span.to)}` : span.how === 'crashed' ? (span.restarted ? `, restarted at ${formatDuration(span.to)}` : '') : ', still paused when the scene ends'
	return [
		`<g class="scene-pause" data-worker="${escapeXml(span.worker)}" data-from="${span.from}" data-to="${span.to}" data-end="${span.how}">`,
		`<title>${escapeXml(`${what} from ${formatDuration(span.from)}${until}`)}</title>`,
		`<rect x="${num(x0)}" y="${num(top + 2)}" width="${num(x1 - x0)}" height="${num(m.lane - 4)}" rx="3" fill="${color('muted')}" fill-opacity="0.22"`,
		` stroke="${color('muted')}" stroke-width="1" stroke-dasharray="2 2"/>`,
		'</g>',
	].join('')
}

function drawWait(span: LaneSpan, mid: number, x: (moment: number) => number): string {
	const x0 = x(span.start)
	const x1 = x(span.end)
	return [
		`<g class="scene-wait" data-worker="${escapeXml(span.worker)}" data-from="${span.from}" data-to="${span.to}" data-end="${span.how}">`,
		`<title>${escapeXml(`in line from ${formatDuration(span.from)} to ${formatDuration(span.to)} (${span.how === 'open' ? 'still waiting' : span.how})`)}</title>`,
		`<line x1="${num(x0)}" y1="${num(mid)}" x2="${num(x1)}" y2="${num(mid)}" stroke="${color('fg')}" stroke-width="2.5" stroke-dasharray="1 5" stroke-linecap="round"/>`,
		`<circle cx="${num(x0)}" cy="${num(mid)}" r="3.5" fill="${color('fg')}"/>`,
		'</g>',
	].join('')
}

function drawWrite(write: WriteMark, mid: number, x: (moment: number) => number): string {
	const cx = x(write.moment)
	const tone = write.taken ? color('ok') : color('bad')
	const shape = write.taken
		? `<circle cx="${num(cx)}" cy="${num(mid)}" r="7.5" fill="${tone}" stroke="${color('bg')}" stroke-width="2"/><path d="M${num(cx - 3.5)} ${num(mid)}l2.5 2.5l4.5-5" fill="none" stroke="${color('bg')}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`
		: `<circle cx="${num(cx)}" cy="${num(mid)}" r="7.5" fill="${color('bg')}" stroke="${tone}" stroke-width="2.5"/><path d="M${num(cx - 3)} ${num(mid - 3)}l6 6m0-6l-6 6" stroke="${tone}" stroke-width="2.25" stroke-linecap="round"/>`
	return [
		`<g class="scene-write" data-worker="${escapeXml(write.worker)}" data-at="${write.at}" data-fence="${escapeXml(write.fence)}" data-taken="${write.taken}">`,
		`<title>${escapeXml(`write with fence ${write.fence} at ${formatDuration(write.at)}: ${write.taken ? 'taken' : 'refused'}`)}</title>`,
		shape,
		'</g>',
	].join('')
}

/** A band of moments too close in time to be told apart at the axis's scale: behind the lanes, over the moments it holds, drawn a gap apart and not to scale. */
function drawBand(band: CloseBand, lanes: TimelineLanes, axisY: number, m: TimelineMetrics): string {
	const pad = Math.min(m.gap / 2, 8)
	return [
		`<g class="scene-band" data-from="${band.from}" data-to="${band.to}" data-x0="${num(band.x0, 3)}" data-x1="${num(band.x1, 3)}">`,
		`<title>${escapeXml(bandWords(lanes, band))}</title>`,
		`<rect x="${num(band.x0 - pad)}" y="${PAD}" width="${num(band.x1 - band.x0 + 2 * pad)}" height="${num(axisY - PAD + 6)}" rx="4" fill="${color('accent')}" fill-opacity="0.14"/>`,
		// On the axis, a bracket over the band: no scale across it.
		`<path d="M${num(band.x0 - pad)} ${num(axisY + 6)}V${num(axisY)}H${num(band.x1 + pad)}V${num(axisY + 6)}" fill="none" stroke="${color('accent')}" stroke-width="1.5"/>`,
		'</g>',
	].join('')
}

/** What a band holds, in words: "steps 0 to 4 at the same time, 0 s, spread apart to be seen", "steps 1 to 4, from 0 s to 3 ms: close together, drawn apart, not to scale". */
function bandWords(lanes: TimelineLanes, band: CloseBand): string {
	const what = momentsWords(lanes, band.first, band.last)
	return band.from === band.to
		? `${what} at the same time, ${formatDuration(band.from)}, spread apart to be seen`
		: `${what}, from ${formatDuration(band.from)} to ${formatDuration(band.to)}: close together, drawn apart, not to scale`
}

/** The steps of moments `first` to `last` in words, and the TTL ends after the last step among them. */
function momentsWords(lanes: TimelineLanes, first: number, last: number): string {
	const steps = stepsOf(lanes, first, last)
	const after = lanes.moments.slice(first, last + 1).some(moment => moment.step >= lanes.frameMoments.length)
	const words = steps.length === 0 ? '' : steps.length === 1 ? `step ${steps[0]}` : stepsWords(steps)
	if (!after) return words || 'several things'
	return words === '' ? 'the ends of TTLs' : `${words} and the end of a TTL`
}

/** Where the axis writes a time: to the nearest round unit that one SVG unit of its scale spans (`≈ 720 h`), the engine's own figure when that is all of it. */
function axisTime(at: number, scale: number): string {
	const perUnit = scale > 0 ? 1 / scale : 0
	const unit = [...ROUND_UNITS].reverse().find(one => one <= perUnit) ?? 1
	const rounded = Math.round(at / unit) * unit
	return rounded === at ? formatDuration(at) : `≈ ${formatDuration(rounded)}`
}

/** The round units an axis label may round to, in ms: 1 ms up to an hour. */
const ROUND_UNITS: readonly number[] = [1, 10, 100, 1000, 10_000, 60_000, 600_000, 3_600_000]

/**
 * The time axis: a tick at each moment, and the time of each moment under it (a band's from and to
 * once, under its middle), as far as the labels have room, the scene's first and last times first.
 */
function drawAxis(lanes: TimelineLanes, axis: TimeAxis, y: number, m: TimelineMetrics): string {
	const parts = [`<line x1="${num(m.labelWidth)}" y1="${num(y)}" x2="${num(m.width - PAD)}" y2="${num(y)}" stroke="${color('line')}" stroke-width="1"/>`]
	parts.push(`<text x="0" y="${num(y + m.axis - 6)}" font-size="${m.text}" fill="${color('muted')}">time</text>`)
	const xs = axis.xs
	lanes.moments.forEach((_, i) => {
		const cx = xs[i] ?? 0
		parts.push(`<line x1="${num(cx)}" y1="${num(y)}" x2="${num(cx)}" y2="${num(y + 4)}" stroke="${color('line')}" stroke-width="1"/>`)
	})
	// One label per moment outside the bands (its time at the axis's resolution), one per band (its times, under its middle).
	const labels: { text: string; data: string; x: number }[] = []
	for (let i = 0; i < lanes.moments.length; i++) {
		const band = axis.bands.find(one => one.first === i)
		if (band) {
			const x = (band.x0 + band.x1) / 2
			const data = band.from === band.to ? `data-at="${band.from}"` : `data-from="${band.from}" data-to="${band.to}"`
			const text = band.from === band.to ? formatDuration(band.from) : `${formatDuration(band.from)} – ${formatDuration(band.to)}`
			labels.push({ text, data: `${data} data-x="${num(x, 3)}"`, x })
			i = band.last
			continue
		}
		const at = lanes.moments[i]?.at ?? 0
		labels.push({ text: axisTime(at, axis.scale), data: `data-at="${at}" data-x="${num(xs[i] ?? 0, 3)}"`, x: xs[i] ?? 0 })
	}
	// The first and the last time are placed first, then the others where they fit between.
	const order = labels.map((_, i) => i).sort((a, b) => rank(a) - rank(b) || a - b)
	function rank(i: number): number {
		return i === 0 || i === labels.length - 1 ? 0 : 1
	}
	const placed: { left: number; right: number }[] = []
	const texts: string[] = []
	for (const i of order) {
		const label = labels[i] as { text: string; data: string; x: number }
		const w = textWidth(label.text, m.text, false)
		const left = Math.min(Math.max(label.x - w / 2, m.labelWidth), m.width - PAD - w)
		if (placed.some(one => left < one.right + 6 && left + w + 6 > one.left)) continue
		placed.push({ left, right: left + w })
		texts.push(`<text class="scene-axis-time" ${label.data} x="${num(left)}" y="${num(y + m.axis - 6)}" font-size="${m.text}" fill="${color('muted')}" font-variant-numeric="tabular-nums">${escapeXml(label.text)}</text>`)
	}
	return parts.join('') + texts.join('')
}

/** The timeline in words, for a reader who does not see it: each worker's leases, pauses, waits and writes, with the engine's times. */
export function timelineText(frames: readonly Frame[]): string {
	const lanes = timelineLanes(frames)
	const t = formatDuration
	const sentences = lanes.workers.map(worker => {
		const facts: { at: number; words: string }[] = []
		for (const bar of lanes.bars.filter(one => one.worker === worker.id)) {
			const renewed = bar.renewals.length === 0 ? '' : `, renewed at ${bar.renewals.map(r => t(r.at)).join(', ')}`
			const end = bar.how === 'open' ? `, live when the scene ends, its TTL running to ${t(bar.to)}` : `, ${ENDS[bar.how]} at ${t(bar.to)}`
			facts.push({ at: bar.from, words: `${bar.fence === undefined ? 'a lease' : `a lease with fence ${bar.fence}`} from ${t(bar.from)}${renewed}${end}` })
		}
		for (const span of lanes.pauses.filter(one => one.worker === worker.id)) {
			facts.push({ at: span.from, words: span.how === 'crashed' ? `crashed at ${t(span.from)}${span.restarted ? `, restarted at ${t(span.to)}` : ''}` : span.how === 'woke' ? `paused from ${t(span.from)} to ${t(span.to)}` : `paused from ${t(span.from)} to the end` })
		}
		for (const span of lanes.waits.filter(one => one.worker === worker.id)) {
			facts.push({ at: span.from, words: `in line from ${t(span.from)}${span.how === 'open' ? ' to the end' : ` to ${t(span.to)} (${span.how})`}` })
		}
		for (const write of lanes.writes.filter(one => one.worker === worker.id)) {
			facts.push({ at: write.at, words: `a write with fence ${write.fence} at ${t(write.at)}, ${write.taken ? 'taken' : 'refused'}` })
		}
		facts.sort((a, b) => a.at - b.at)
		return `${worker.label}: ${facts.length === 0 ? 'nothing' : facts.map(fact => fact.words).join('; ')}.`
	})
	const restarts = lanes.restarts.map(r => `The store restarts at ${t(r.at)}.`)
	// The bands the axis draws apart (the wide drawing's), so a reader of the words knows those steps share their time, or stand close.
	const { axis } = fitted(lanes, 'wide')
	const at = axis.bands.filter(band => band.from === band.to && stepsOf(lanes, band.first, band.last).length > 1)
	const close = axis.bands.filter(band => band.from !== band.to)
	const instants = [
		...(at.length === 0 ? [] : [`At one time, drawn apart: ${at.map(band => `${momentsWords(lanes, band.first, band.last)} at ${t(band.from)}`).join('; ')}.`]),
		...(close.length === 0 ? [] : [`Close together, drawn apart: ${close.map(band => `${momentsWords(lanes, band.first, band.last)}, from ${t(band.from)} to ${t(band.to)}`).join('; ')}.`]),
	]
	return `Timeline. ${[...sentences, ...restarts, ...instants].join(' ')}`
}

/** The steps whose moments are among moments `first` to `last` (not the TTL ends after the last step). */
function stepsOf(lanes: TimelineLanes, first: number, last: number): number[] {
	const lastStep = lanes.frameMoments.length - 1
	return [...new Set(lanes.moments.slice(first, last + 1).map(moment => moment.step))].filter(step => step <= lastStep)
}

/** Steps in words: "steps 1 and 2", "steps 0 to 3" (step 0 is the scene's start). */
function stepsWords(steps: readonly number[]): string {
	const first = steps[0] ?? 0
	const last = steps[steps.length - 1] ?? 0
	if (steps.length === 2) return `steps ${first} and ${last}`
	return last - first === steps.length - 1 ? `steps ${first} to ${last}` : `steps ${steps.join(', ')}`
}
