/**
 * An actor drawn from its finished layout: its card and icon, its label, its state in a pill
 * (a struck one muted, led by the word for why it ended), and its badge.
 */
import type { ActorLayout } from './actor-layout.ts'
import type { BadgeLayout } from './badge-layout.ts'
import { iconPaths } from './icons.ts'
import { HALO, ICON_COLOR, color } from './scene-colors.ts'
import type { Metrics } from './stage-metrics.ts'
import { HALF } from './svg-geometry.ts'
import { escapeXml, num, truncatedTitle } from './svg-markup.ts'
import { textWidth } from './svg-text.ts'
import { stateText } from '../frame-format.ts'

const CARD_RADIUS = 12
const ICON_SIZE = 30

/** The actor's `<g>`, placed at its card's centre. */
export function drawActor(laid: ActorLayout, m: Metrics): string {
	const { actor, x, y } = laid
	const parts: string[] = [
		`<g class="scene-actor" data-actor="${escapeXml(actor.id)}" data-icon="${escapeXml(actor.icon)}" transform="translate(${num(x)} ${num(y)})">`,
		`<rect class="scene-card" x="${-HALF}" y="${-HALF}" width="${2 * HALF}" height="${2 * HALF}" rx="${CARD_RADIUS}"`,
		` fill="${color('card')}" stroke="${color('line')}" stroke-width="1.5"/>`,
		`<g class="scene-icon" transform="translate(${num(-ICON_SIZE / 2)} ${num(-ICON_SIZE / 2)}) scale(${num(ICON_SIZE / 24, 3)})"`,
		` fill="none" stroke="${ICON_COLOR}" stroke-width="1.7" stroke-linecap="round" stroke-linejoin="round">`,
		iconPaths(actor.icon),
		'</g>',
	]

	if (laid.label) {
		const baseline = laid.label.top + m.label * 0.8
		parts.push(
			`<text class="scene-label" x="${num(laid.label.x - x)}" y="${num(baseline)}" text-anchor="middle" font-size="${m.label}" font-weight="600"`,
			` fill="${color('fg')}"${HALO}>${escapeXml(laid.label.text)}${truncatedTitle(laid.label.text, actor.label)}</text>`,
		)
	}

	// The state: the main text, in a pill; a struck one is not struck through but says why it stopped holding, muted.
	if (laid.state && actor.state) {
		const { lines: stateLines, w, h, top } = laid.state
		const struck = actor.state.struck
		const cx = laid.state.x - x
		parts.push(
			`<g class="${struck ? 'scene-state is-struck' : 'scene-state'}" data-struck="${struck}"${struck ? ` data-ended="${escapeXml(actor.state.ended ?? 'ended')}"` : ''}>`,
			`<rect class="scene-state-box" x="${num(cx - w / 2)}" y="${num(top)}" width="${num(w)}" height="${num(h)}" rx="${num(Math.min(13, h / 2))}"`,
			` fill="${color('card')}" stroke="${color('line')}" stroke-width="1"${struck ? ' stroke-dasharray="3 2.5"' : ''}/>`,
		)
		stateLines.forEach((line, i) => {
			const baseline = top + 4 + i * m.stateLine + m.stateLine / 2 + m.state * 0.35
			parts.push(
				`<text class="scene-state-text" x="${num(cx)}" y="${num(baseline)}" text-anchor="middle" font-size="${m.state}"`,
				` fill="${struck ? color('muted') : color('fg')}">`,
				`${escapeXml(line)}${i === 0 ? truncatedTitle(stateLines.join(' '), stateText(actor.state as NonNullable<typeof actor.state>)) : ''}</text>`,
			)
		})
		parts.push('</g>')
	}

	if (laid.badge) parts.push(drawBadge(laid.badge, m))
	parts.push('</g>')
	return parts.join('')
}

/** A badge at its place from the actor's centre: a pill, dashed and struck through when its lease is lost. */
function drawBadge(badge: BadgeLayout, m: Metrics): string {
	const { text, x, y, w, h } = badge
	const classes = ['scene-badge', `scene-badge-${badge.kind}`, ...(badge.lost ? ['is-lost'] : [])].join(' ')
	const tone = badge.lost ? color('muted') : color('accent')
	return [
		`<g class="${classes}">`,
		`<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${h}" rx="${h / 2}" fill="${color('bg')}"`,
		` stroke="${badge.lost ? color('line') : color('accent')}" stroke-width="1.25"${badge.lost ? ' stroke-dasharray="3 2.5"' : ''}/>`,
		`<text class="scene-badge-text" x="${num(x + w / 2)}" y="${num(y + h / 2 + m.badge * 0.35)}" text-anchor="middle" font-size="${m.badge}"`,
		` font-weight="600" fill="${tone}">${escapeXml(text)}${truncatedTitle(text, badge.full)}</text>`,
		badge.lost ? strike(x + w / 2, y + h / 2, w - 10, color('muted')) : '',
		'</g>',
	].join('')
}

/** A line through a text, centred at cx; pathLength 1 lets the player draw it in with a dash offset. */
function strike(cx: number, y: number, w: number, stroke: string): string {
	return [
		`<line class="scene-strike" x1="${num(cx - w / 2)}" y1="${num(y)}" x2="${num(cx + w / 2)}" y2="${num(y)}" pathLength="1"`,
		` stroke="${stroke}" stroke-width="1.75" stroke-linecap="round"/>`,
	].join('')
}
