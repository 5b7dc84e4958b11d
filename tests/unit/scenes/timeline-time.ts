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

/** Every span a timeline drawing holds (leases, to the end of their TTL; pauses; waits) and every point (each frame's moment, each time on the axis). */
export function drawnTimes(svg: string, frames: readonly Frame[]): { spans: DrawnSpan[]; points: { what: string; at: number; x: number }[]; instants: { at: number; x0: number; x1: number }[] } {
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
	const points = [
		...moments.map((x, i) => ({ what: `step ${i}'s moment`, at: frames[i]!.time, x })),
		...byClass(root, 'scene-axis-time').map(label => ({ what: `the axis's ${label.text}`, at: attr(label, 'data-at'), x: attr(label, 'data-x') })),
	]
	const instants = byClass(root, 'scene-instant').map(g => ({ at: attr(g, 'data-at'), x0: attr(g, 'data-x0'), x1: attr(g, 'data-x1') }))
	return { spans, points, instants }
}

/**
 * Where a drawing's axis is not time: each span whose drawn length, less the zoomed instants it
 * crosses, is not its duration at the scale of the axis's first and last times; each point (a frame's
 * moment, an axis label) not at its time; each zoomed instant with a point of another time in it. The
 * drawing rounds to 0.1, and a span of one moment is drawn 6 wide.
 */
export function notTime(svg: string, frames: readonly Frame[]): string[] {
	const { spans, points, instants } = drawnTimes(svg, frames)
	const problems: string[] = []
	// The length of x between a and b over which the clock moves: less what zoomed instants take of it.
	const timeWidth = (a: number, b: number): number => b - a - instants.reduce((sum, one) => sum + Math.max(0, Math.min(b, one.x1) - Math.max(a, one.x0)), 0)
	const labels = points.filter(point => point.what.startsWith('the axis'))
	const first = labels.reduce((a, b) => (b.at < a.at ? b : a))
	const last = labels.reduce((a, b) => (b.at > a.at ? b : a))
	if (last.at === first.at) return ['the axis has one time']
	const scale = timeWidth(first.x, last.x) / (last.at - first.at)
	for (const span of spans) {
		const drawn = timeWidth(span.x0, span.x1)
		const wanted = (span.to - span.from) * scale
		if (span.x1 - span.x0 <= 6.2 && wanted <= 6.2) continue
		if (Math.abs(drawn - wanted) > 0.3) problems.push(`${span.what}: ${span.to - span.from} ms drawn ${drawn.toFixed(1)} long on the time it crosses, not ${wanted.toFixed(1)}`)
	}
	for (const point of points) {
		const drawn = first.x + (point.x >= first.x ? timeWidth(first.x, point.x) : -timeWidth(point.x, first.x))
		const wanted = first.x + (point.at - first.at) * scale
		if (Math.abs(drawn - wanted) > 0.3) problems.push(`${point.what} at ${point.at} ms stands at ${drawn.toFixed(1)}, not ${wanted.toFixed(1)}`)
	}
	for (const instant of instants) {
		for (const point of points) if (point.x > instant.x0 + 0.05 && point.x < instant.x1 - 0.05 && point.at !== instant.at) problems.push(`${point.what} (${point.at} ms) is inside the instant of ${instant.at} ms`)
		for (const span of spans) {
			for (const [x, at] of [[span.x0, span.from], [span.x1, span.to]] as const) {
				if (x > instant.x0 + 0.05 && x < instant.x1 - 0.05 && at !== instant.at && span.x1 - span.x0 > 6.2) problems.push(`${span.what} has an end (${at} ms) inside the instant of ${instant.at} ms`)
			}
		}
	}
	return problems
}
