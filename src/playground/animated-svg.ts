/**
 * A whole scene as one self-contained SVG that plays its frames with CSS keyframes: no script, no external reference.
 */
import type { Frame } from '../scenes/frame.ts'
import { initialCaption, counterText } from '../scenes/scene-figure.ts'
import { SCENE_COLORS, SCENE_FONT, STAGE_WIDTH, escapeXml, renderFrames } from '../scenes/render/index.ts'
import { fitLines } from '../scenes/render/index.ts'

/** Options of the animation: how long each frame shows, and the scene's name for its title. */
interface AnimatedSvgOptions {
	stepMs?: number
	title?: string
}

/** How long each frame shows by default, ms: the player's pace. */
const ANIMATION_STEP_MS = 2500

/** The name of frame N's keyframe set. */
export function keyframesName(index: number): string {
	return `scene-frame-${index}`
}

const CAPTION_SIZE = 16
const CAPTION_LINE = 20
const CAPTION_LINES = 2
const BAND = 20 + CAPTION_LINE * CAPTION_LINES + 14
const PAD = 16

function percent(value: number): string {
	return `${Number(value.toFixed(4))}%`
}

/** Frame `index` of `count` is opaque during its share of the loop and transparent elsewhere; step-end holds each value until the next. */
function keyframes(index: number, count: number): string {
	const from = (index / count) * 100
	const to = ((index + 1) / count) * 100
	const stops = [
		...(index > 0 ? ['0% { opacity: 0 }'] : []),
		`${percent(from)} { opacity: 1 }`,
		...(index < count - 1 ? [`${percent(to)}, 100% { opacity: 0 }`] : ['100% { opacity: 1 }']),
	]
	return `@keyframes ${keyframesName(index)} { ${stops.join(' ')} }`
}

function captionBand(frame: Frame, steps: number, width: number, top: number): string {
	const words = `${counterText(frame.index, steps)}. ${frame.caption || initialCaption}`
	const lines = fitLines(words, CAPTION_SIZE, width - 2 * PAD, CAPTION_LINES, false)
	const text = lines
		.map((line, i) => `<tspan x="${PAD}" dy="${i === 0 ? 0 : CAPTION_LINE}">${escapeXml(line)}</tspan>`)
		.join('')
	return `<text class="scene-anim-caption" x="${PAD}" y="${top + 20 + CAPTION_SIZE - 2}" font-size="${CAPTION_SIZE}" fill="${SCENE_COLORS.fg}">${text}</text>`
}

/** The frames as one looping SVG: one group per frame, each shown by its own keyframe set; the last frame stays when motion is reduced or CSS is off. */
export function animatedSvg(frames: Frame[], options: AnimatedSvgOptions = {}): string {
	const stepMs = options.stepMs ?? ANIMATION_STEP_MS
	const count = frames.length
	const steps = Math.max(count - 1, 0)
	// Every frame drawn with one viewBox, fitted to what any of them shows; its size is the stage's.
	const svgs = renderFrames(frames, { id: 'frame', idPerFrame: true, title: options.title })
	const size = /\swidth="([\d.]+)" height="([\d.]+)"/.exec(svgs[0] ?? '')
	const stageHeight = Number(size?.[2] ?? 0)
	// The caption band keeps a readable width even when the drawing is narrow.
	const width = Math.max(Number(size?.[1] ?? 0), STAGE_WIDTH / 2)
	const height = stageHeight + BAND
	const title = options.title?.trim() || 'A scene'
	const captions = frames.map(frame => `${counterText(frame.index, steps)}: ${frame.caption || initialCaption}`).join(' ')
	const style = [
		`.scene-anim-frame { opacity: 0; animation-duration: ${count * stepMs}ms; animation-iteration-count: infinite; animation-timing-function: step-end }`,
		`.scene-anim-frame:last-of-type { opacity: 1 }`,
		...frames.map((_, i) => `.scene-anim-frame-${i} { animation-name: ${keyframesName(i)} }`),
		...frames.map((_, i) => keyframes(i, count)),
		'@media (prefers-reduced-motion: reduce) { .scene-anim-frame { animation: none } }',
	].join('\n')
	const groups = frames.map((frame, i) => {
		// Each frame's ids have their own prefix (frame-N), so two frames' titles never share an id.
		return `<g class="scene-anim-frame scene-anim-frame-${i}">${svgs[i] ?? ''}${captionBand(frame, steps, width, stageHeight)}</g>`
	})
	return [
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="scene-anim-title" font-family="${escapeXml(SCENE_FONT)}">`,
		`<title id="scene-anim-title">${escapeXml(`${title}, ${steps} steps. ${captions}`)}</title>`,
		`<style>\n${style}\n</style>`,
		`<rect width="${width}" height="${height}" fill="${SCENE_COLORS.bg}"/>`,
		...groups,
		'</svg>',
	].join('\n')
}
