/**
 * Links and message arrows drawn from their finished routes: a link as a dashed line, a message as
 * an arrow in its colour with its label in a box.
 */
import type { ArrowLayout } from './frame-layout.ts'
import type { LinkRoute } from './route-layout.ts'
import { color } from './scene-colors.ts'
import type { Metrics } from './stage-metrics.ts'
import { add, arrivalDirection } from './svg-geometry.ts'
import { escapeXml, num, pathData, truncatedTitle } from './svg-markup.ts'

const HEAD_LENGTH = 11
const HEAD_HALF_WIDTH = 6

/** A link's dashed path. */
export function drawLink(link: LinkRoute): string {
	return [
		`<path class="scene-link" data-from="${escapeXml(link.from)}" data-to="${escapeXml(link.to)}" d="${pathData(link.route)}"`,
		` fill="none" stroke="${color('line')}" stroke-width="1.5" stroke-dasharray="5 5" stroke-linecap="round"/>`,
	].join('')
}

/** A message's `<g>`: its path, its arrowhead, and its label. */
export function drawArrow(arrow: ArrowLayout, m: Metrics): string {
	const { message, route } = arrow
	const tone = message.color === 'ok' ? color('ok') : message.color === 'bad' ? color('bad') : color('accent')
	const d = arrivalDirection(route)
	const headLength = Math.min(HEAD_LENGTH, Math.hypot(route.tip.x - route.start.x, route.tip.y - route.start.y) / 2)
	// The path stops inside the arrowhead so its round cap never shows past the point.
	const end = add(route.tip, d, -headLength + 2)
	const base = add(route.tip, d, -headLength)
	const wing = { x: -d.y * HEAD_HALF_WIDTH, y: d.x * HEAD_HALF_WIDTH }
	const head = `M${num(route.tip.x)} ${num(route.tip.y)}L${num(base.x + wing.x)} ${num(base.y + wing.y)}L${num(base.x - wing.x)} ${num(base.y - wing.y)}Z`
	const { box, lines } = arrow.label
	const w = box.x1 - box.x0
	const h = box.y1 - box.y0
	const parts = [
		`<g class="scene-message" data-from="${escapeXml(message.from)}" data-to="${escapeXml(message.to)}" data-index="${arrow.index}"`,
		`${message.color ? ` data-color="${message.color}"` : ''}>`,
		`<path class="scene-message-path" d="${pathData(route, end)}" fill="none" stroke="${tone}" stroke-width="2.5" stroke-linecap="round"/>`,
		`<path class="scene-message-head" d="${head}" fill="${tone}" stroke="${tone}" stroke-width="1" stroke-linejoin="round"/>`,
		`<g class="scene-message-label">`,
		`<rect x="${num(box.x0)}" y="${num(box.y0)}" width="${num(w)}" height="${num(h)}" rx="7" fill="${color('bg')}" stroke="${tone}" stroke-width="1.25"/>`,
	]
	lines.forEach((line, i) => {
		const baseline = box.y0 + 5 + i * m.messageLine + m.messageLine / 2 + m.message * 0.35
		parts.push(
			`<text class="scene-message-text" x="${num(box.x0 + w / 2)}" y="${num(baseline)}" text-anchor="middle" font-size="${m.message}"`,
			` font-weight="600" fill="${tone}">${escapeXml(line)}${i === 0 ? truncatedTitle(lines.join(' '), message.label) : ''}</text>`,
		)
	})
	parts.push('</g></g>')
	return parts.join('')
}
