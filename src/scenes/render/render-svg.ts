/**
 * The scene renderer: frames in, self-contained SVG strings out. It lays a scene out completely
 * (`scene-layout.ts`), then draws each frame from that finished layout (`draw-scene.ts`). It runs at
 * build time in Node and in the reader's browser, so it builds text and never touches a DOM; every
 * label is untrusted and escaped; every colour is a CSS custom property with a light-theme fallback.
 */
import type { Frame } from '../frame.ts'
import { drawScene } from './draw-scene.ts'
import { layoutScene } from './scene-layout.ts'
import type { StageLayout } from './stage-metrics.ts'
import { drawTimeline, timelineText } from './draw-timeline.ts'

export { SCENE_COLORS, SCENE_FONT } from './scene-colors.ts'
export { STAGE_HEIGHT, STAGE_WIDTH, WIDE_MIN_PX } from './stage-metrics.ts'
export { describeFrame } from './describe-frame.ts'
export { escapeXml } from './svg-markup.ts'
export { drawTimeline, timelineText } from './draw-timeline.ts'
export { timelineLanes } from './timeline-lanes.ts'
export type { TimelineLanes, LeaseBar } from './timeline-lanes.ts'
export type { TimelineMark } from './draw-timeline.ts'

/** Options of one rendering: the id prefix for the SVG's ids, the scene's title, the layout and the stage size. */
interface RenderOptions {
	/** Prefix of every id in the SVG, so several scenes on one page never collide (default `scene`). */
	id?: string
	/** The scene's name, read before the step's caption in the SVG's title. */
	title?: string
	/** `wide` for a column of 528 CSS px or more, `narrow` for a phone (default `wide`). */
	layout?: StageLayout
	/** Width of the stage the actors' percents are placed on, in SVG units (default the layout's); text keeps its size. */
	width?: number
	/** Height of that stage (default the layout's). */
	height?: number
	/** Give frame N's ids the prefix `ID-N`, for a document that holds every frame at once (an animated export). */
	idPerFrame?: boolean
}

/** A scene's frames drawn in both layouts; each layout has one viewBox for all its frames, so nothing jumps between steps. */
export interface SceneStages {
	wide: string[]
	narrow: string[]
	/** The timeline under the stage, in both layouts, and in words. */
	timeline: SceneTimeline
}

/** A scene's timeline: one SVG per layout for every step (the player moves its moment line), and the same in words. */
export interface SceneTimeline {
	wide: string
	narrow: string
	text: string
}

/** Render one frame as one `<svg>` element string, fitted to its own content; the same frame and options always give the same string. */
export function renderFrame(frame: Frame, options: RenderOptions = {}): string {
	return renderFrames([frame], options)[0] ?? ''
}

/** Render every frame of a scene in one layout, all with the viewBox that fits the content of every frame. */
export function renderFrames(frames: Frame[], options: RenderOptions = {}): string[] {
	const layout = layoutScene(frames, options)
	return drawScene(layout, { id: idPrefix(options.id), title: options.title, idPerFrame: options.idPerFrame })
}

/** Every frame of a scene in the wide and the narrow layout; the narrow one's ids end in `-narrow`. */
export function renderStages(frames: Frame[], options: Omit<RenderOptions, 'layout'> = {}): SceneStages {
	const id = idPrefix(options.id)
	return {
		wide: renderFrames(frames, { ...options, id, layout: 'wide' }),
		narrow: renderFrames(frames, { ...options, id: `${id}-narrow`, layout: 'narrow' }),
		timeline: { wide: drawTimeline(frames, { layout: 'wide' }), narrow: drawTimeline(frames, { layout: 'narrow' }), text: timelineText(frames) },
	}
}

/** An id prefix made of characters safe in an id and a CSS selector, starting with a letter. */
function idPrefix(id: string | undefined): string {
	const clean = (id ?? '').replace(/[^A-Za-z0-9_-]/g, '-')
	if (clean === '') return 'scene'
	return /^[A-Za-z]/.test(clean) ? clean : `scene-${clean}`
}
