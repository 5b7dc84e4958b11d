/**
 * How values are written into SVG text: numbers short and stable, untrusted text escaped, the whole
 * of a cut text in a `<title>`, and a route as path data.
 */
import type { Point, Route } from './svg-geometry.ts'

/** A number as short, stable SVG text: rounded to the given decimals, never `-0`. */
export function num(value: number, decimals = 1): string {
	const factor = 10 ** decimals
	const rounded = Math.round(value * factor) / factor
	return Object.is(rounded, -0) ? '0' : String(rounded)
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text made safe for SVG content and attribute values: markup characters escaped, characters XML forbids replaced. */
export function escapeXml(text: string): string {
	return text
		.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
		.replace(/[&<>"']/g, ch => ENTITIES[ch] ?? ch)
}

/** A `<title>` child with the whole text when the shown text was cut, so a pointer can still read it. */
export function truncatedTitle(shown: string, full: string): string {
	return shown === full.trim().replace(/\s+/g, ' ') ? '' : `<title>${escapeXml(full)}</title>`
}

/** A route as path data, ending at `end` (its tip unless given). */
export function pathData(route: Route, end: Point = route.tip): string {
	const { start, c1, c2 } = route
	const m = `M${num(start.x)} ${num(start.y)}`
	if (c1 && c2) return `${m}C${num(c1.x)} ${num(c1.y)} ${num(c2.x)} ${num(c2.y)} ${num(end.x)} ${num(end.y)}`
	if (c1) return `${m}Q${num(c1.x)} ${num(c1.y)} ${num(end.x)} ${num(end.y)}`
	return `${m}L${num(end.x)} ${num(end.y)}`
}
