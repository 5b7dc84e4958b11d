/**
 * A scene drawn from its finished layout: one self-contained `<svg>` string per frame, all with the
 * layout's viewBox and clock place. Drawing reads the layout and changes nothing in it.
 */
import { describeFrame, titleText } from './describe-frame.ts'
import { drawActor } from './draw-actor.ts'
import { drawClock } from './draw-clock.ts'
import { drawArrow, drawLink } from './draw-routes.ts'
import type { FrameLayout } from './frame-layout.ts'
import { SCENE_FONT, color } from './scene-colors.ts'
import type { SceneLayout } from './scene-layout.ts'
import type { Metrics } from './stage-metrics.ts'
import { escapeXml, num } from './svg-markup.ts'

/** The words and ids of a drawing: the id prefix (already safe), the scene's title, and whether each frame's ids carry its number. */
interface DrawOptions {
	id: string
	title?: string
	idPerFrame?: boolean
}

/** Each frame of the layout as one `<svg>` element string. */
export function drawScene(scene: SceneLayout, options: DrawOptions): string[] {
	const { viewBox: box, metrics: m } = scene
	const w = box.x1 - box.x0
	const h = box.y1 - box.y0
	return scene.frames.map((laid, i) => {
		const { frame } = laid
		const ids = options.idPerFrame ? `${options.id}-${i}` : options.id
		const titleId = `${ids}-title`
		const descId = `${ids}-desc`
		return [
			`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${num(box.x0)} ${num(box.y0)} ${num(w)} ${num(h)}" width="${num(w)}" height="${num(h)}"`,
			` role="img" aria-labelledby="${titleId}" aria-describedby="${descId}" class="scene-svg" data-layout="${scene.layout}"`,
			` data-frame="${num(frame.index)}" font-family="var(--scene-font, ${SCENE_FONT})">`,
			`<title id="${titleId}">${escapeXml(titleText(frame, options.title))}</title>`,
			`<desc id="${descId}">${escapeXml(describeFrame(frame))}</desc>`,
			`<rect class="scene-bg" x="${num(box.x0)}" y="${num(box.y0)}" width="${num(w)}" height="${num(h)}" fill="${color('bg')}"/>`,
			drawFrame(laid, m),
			drawClock(frame.time, scene.clock.at, m),
			'</svg>',
		].join('')
	})
}

/** A frame's links, messages and actors. */
function drawFrame(laid: FrameLayout, m: Metrics): string {
	return [
		`<g class="scene-links">${laid.links.map(drawLink).join('')}</g>`,
		// Actors go over messages: an arrow passing an actor's text runs under its halo, not across the letters.
		`<g class="scene-messages">${laid.arrows.map(arrow => drawArrow(arrow, m)).join('')}</g>`,
		`<g class="scene-actors">${laid.actors.map(actor => drawActor(actor, m)).join('')}</g>`,
	].join('')
}
