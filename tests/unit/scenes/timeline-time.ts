/**
 * Whether a timeline drawing's axis is time, read off the drawing alone (its spans' and points' data
 * attributes, and where it draws them) against the frames' clock: the unit tests run it on the
 * renderer's SVG, the browser tests on the SVG the page shows.
 */
import type { Frame } from '../../../src/scenes/frame.ts'
import { byClass, parseXml, type XmlElement } from '../render/xml.ts'

/** A span the drawing puts on the axis, with the engine's times it stands for and where it is drawn. */
interface DrawnSpan {
	what: string
	from: number
	to: number
	x0: number
	x1: number
}

const attr = (element: XmlElement, name: string): number => {
	const value = element.attrs[name]
	if (value === undefined) throw new Error(`<${element.name} class="${element.attrs.class}"> has no ${name}`)
	return Number(value)
}

/** A band the drawing draws apart, not to scale: the times it holds and where it stands. */
interface DrawnBand {
	from: number
	to: number
	x0: number
	x1: number
}

/** Every span a timeline drawing holds (leases, to the end of their TTL; pauses; waits), every point (each frame's moment, each time on the axis) and every band. */
export function drawnTimes(svg: string, frames: readonly Frame[]): { spans: DrawnSpan[]; points: { what: string; at: number; x: number }[]; bands: DrawnBand[]; bandLabels: (DrawnBand & { x: number })[] } {
	const root = parseXml(svg)
	const rect = (g: XmlElement, className?: string): XmlElement => {
		const found = g.children.find(child => child.name === 'rect' && (className === undefined ? child.attrs.class === undefined : child.attrs.class === className))
		if (!found) throw new Error(`no rect in ${g.attrs.class}`)
		return found
	}
	const spans: DrawnSpan[] = []
	for (const g of byClass(root, 'scene-lease')) {
		const solid = rect(g)
		const rest = g.children.find(child => child.attrs.class === 'scene-lease-rest')
		const end = rest ?? solid
		spans.push({ what: `lease of ${g.attrs['data-worker']} from ${g.attrs['data-from']}`, from: attr(g, 'data-from'), to: attr(g, 'data-to'), x0: attr(solid, 'x'), x1: attr(end, 'x') + attr(end, 'width') })
	}
	for (const g of byClass(root, 'scene-pause')) {
		const box = rect(g)
		spans.push({ what: `pause of ${g.attrs['data-worker']} from ${g.attrs['data-from']}`, from: attr(g, 'data-from'), to: attr(g, 'data-to'), x0: attr(box, 'x'), x1: attr(box, 'x') + attr(box, 'width') })
	}
	for (const g of byClass(root, 'scene-wait')) {
		const line = g.children.find(child => child.name === 'line')!
		spans.push({ what: `wait of ${g.attrs['data-worker']} from ${g.attrs['data-from']}`, from: attr(g, 'data-from'), to: attr(g, 'data-to'), x0: attr(line, 'x1'), x1: attr(line, 'x2') })
	}
	const moments = (root.attrs['data-moments'] ?? '').split(' ').map(Number)
	const labels = byClass(root, 'scene-axis-time')
	const points = [
		...moments.map((x, i) => ({ what: `step ${i}'s moment`, at: frames[i]!.time, x })),
		...labels.filter(label => label.attrs['data-at'] !== undefined).map(label => ({ what: `the axis's ${label.text}`, at: attr(label, 'data-at'), x: attr(label, 'data-x') })),
	]
	const bands = byClass(root, 'scene-band').map(g => ({ from: attr(g, 'data-from'), to: attr(g, 'data-to'), x0: attr(g, 'data-x0'), x1: attr(g, 'data-x1') }))
	const bandLabels = labels.filter(label => label.attrs['data-at'] === undefined).map(label => ({ from: attr(label, 'data-from'), to: attr(label, 'data-to'), x0: attr(label, 'data-x'), x1: attr(label, 'data-x'), x: attr(label, 'data-x') }))
	return { spans, points, bands, bandLabels }
}

/**
 * Where a drawing's axis is not time: each span whose drawn length, less the bands it crosses, is
 * not its duration less the bands' times, at the one scale of the axis outside its bands; each point
 * (a frame's moment, an axis label) not at its time on that scale, or before a point of an earlier
 * time; each band with a point or a span's end of a time outside it standing in it, or a time of it
 * standing outside it; a band's label not over its band. The drawing rounds to 0.1, and a span of one
 * moment is drawn 6 wide.
 */
export function notTime(svg: string, frames: readonly Frame[]): string[] {
	const { spans, points, bands, bandLabels } = drawnTimes(svg, frames)
	const problems: string[] = []
	const overlap = (a: number, b: number, c: number, d: number): number => Math.max(0, Math.min(b, d) - Math.max(a, c))
	// The length of x between a and b, and the time between a and b, that the bands do not take.
	const xOutside = (a: number, b: number): number => b - a - bands.reduce((sum, one) => sum + overlap(a, b, one.x0, one.x1), 0)
	const timeOutside = (a: number, b: number): number => b - a - bands.reduce((sum, one) => sum + overlap(a, b, one.from, one.to), 0)
	const anchors = [...points, ...bands.flatMap(one => [{ at: one.from, x: one.x0 }, { at: one.to, x: one.x1 }])]
	if (anchors.length === 0) return ['the axis has no time']
	const first = anchors.reduce((a, b) => (b.at < a.at || (b.at === a.at && b.x < a.x) ? b : a))
	const last = anchors.reduce((a, b) => (b.at > a.at || (b.at === a.at && b.x > a.x) ? b : a))
	if (last.at === first.at && bands.length === 0) return ['the axis has one time']
	const outside = timeOutside(first.at, last.at)
	// With no time outside the bands the axis has no scale to keep; else its one scale.
	const scale = outside === 0 ? undefined : xOutside(first.x, last.x) / outside
	if (scale !== undefined) {
		for (const span of spans) {
			const drawn = xOutside(span.x0, span.x1)
			const wanted = timeOutside(span.from, span.to) * scale
			if (span.x1 - span.x0 <= 6.2 && wanted <= 6.2) continue
			if (Math.abs(drawn - wanted) > 0.3) problems.push(`${span.what}: ${span.to - span.from} ms drawn ${drawn.toFixed(1)} long on the time it crosses, not ${wanted.toFixed(1)}`)
		}
		for (const point of points) {
			const drawn = first.x + (point.x >= first.x ? xOutside(first.x, point.x) : -xOutside(point.x, first.x))
			const wanted = first.x + timeOutside(first.at, point.at) * scale
			if (Math.abs(drawn - wanted) > 0.3) problems.push(`${point.what} at ${point.at} ms stands at ${drawn.toFixed(1)}, not ${wanted.toFixed(1)}`)
		}
	}
	const byTime = [...points].sort((a, b) => a.at - b.at)
	for (let i = 1; i < byTime.length; i++) {
		const [before, after] = [byTime[i - 1]!, byTime[i]!]
		if (after.at > before.at && after.x < before.x - 0.05) problems.push(`${after.what} (${after.at} ms) stands before ${before.what} (${before.at} ms)`)
	}
	for (const band of bands) {
		const name = band.from === band.to ? `the band of ${band.from} ms` : `the band from ${band.from} to ${band.to} ms`
		const inX = (x: number) => x > band.x0 + 0.05 && x < band.x1 - 0.05
		const inTime = (at: number) => at > band.from && at < band.to
		for (const point of points) {
			if (inX(point.x) && (point.at < band.from || point.at > band.to)) problems.push(`${point.what} (${point.at} ms) is inside ${name}`)
			if (inTime(point.at) && (point.x < band.x0 - 0.05 || point.x > band.x1 + 0.05)) problems.push(`${point.what} (${point.at} ms) is outside ${name}`)
		}
		for (const span of spans) {
			for (const [x, at] of [[span.x0, span.from], [span.x1, span.to]] as const) {
				if (span.x1 - span.x0 <= 6.2) continue
				if (inX(x) && (at < band.from || at > band.to)) problems.push(`${span.what} has an end (${at} ms) inside ${name}`)
				if (inTime(at) && (x < band.x0 - 0.05 || x > band.x1 + 0.05)) problems.push(`${span.what} has an end (${at} ms) outside ${name}`)
			}
		}
	}
	for (const label of bandLabels) {
		if (!bands.some(band => band.from === label.from && band.to === label.to && label.x >= band.x0 - 0.05 && label.x <= band.x1 + 0.05)) problems.push(`the axis's label from ${label.from} to ${label.to} ms is over no band of those times`)
	}
	return problems
}
