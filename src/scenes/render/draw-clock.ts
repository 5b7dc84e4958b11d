/**
 * The scene's clock drawn at its place: a small dial and `t = 30 s`.
 */
import { clockText } from './clock-layout.ts'
import { iconPaths } from './icons.ts'
import { color } from './scene-colors.ts'
import type { Metrics } from './stage-metrics.ts'
import type { Point } from './svg-geometry.ts'
import { escapeXml, num } from './svg-markup.ts'

/** The clock at a frame's time, its top left corner at `at`; data-time keeps the milliseconds for checks. */
export function drawClock(time: number, at: Point, m: Metrics): string {
	const icon = m.clock
	const scale = icon / 24
	return [
		`<g class="scene-clock" data-time="${Number.isFinite(time) ? Math.round(time) : 0}" transform="translate(${num(at.x)} ${num(at.y)})">`,
		`<g transform="translate(0 ${num((m.clock * 1.4 - icon) / 2)}) scale(${num(scale, 3)})" fill="none" stroke="${color('muted')}"`,
		` stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${iconPaths('clock')}</g>`,
		`<text class="scene-clock-text" x="${num(icon + 5)}" y="${num(m.clock * 0.7 + m.clock * 0.35)}" font-size="${m.clock}" font-weight="600"`,
		` fill="${color('muted')}" font-variant-numeric="tabular-nums">${escapeXml(clockText(time))}</text>`,
		'</g>',
	].join('')
}
