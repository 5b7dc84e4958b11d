/**
 * The colours and font of a drawing: each colour a CSS custom property (`--scene-NAME`) with its
 * light-theme fallback, so a site's themes restyle every scene without drawing it again.
 */

/** The colours the site may set, as custom property names (`--scene-NAME`) and their light-theme defaults. */
export const SCENE_COLORS = {
	bg: '#ffffff',
	fg: '#1b1b1f',
	muted: '#5b5f67',
	card: '#f2f3f5',
	line: '#8a8f98',
	accent: '#3451b2',
	ok: '#1a7f37',
	bad: '#c5221f',
} as const

/** The default font stack, overridden by `--scene-font`. */
export const SCENE_FONT = 'system-ui, sans-serif'

type ColorName = keyof typeof SCENE_COLORS

/** A colour as a custom property with its light-theme fallback. */
export function color(name: ColorName): string {
	return `var(--scene-${name}, ${SCENE_COLORS[name]})`
}

/** A background-coloured outline under the glyphs, which keeps text readable where a line passes beneath it. */
export const HALO = ` stroke="${color('bg')}" stroke-width="4" stroke-linejoin="round" paint-order="stroke"`

/** The icons' colour: the text colour unless `--scene-icon` says otherwise, so a site that sets only --scene-fg still gets them right. */
export const ICON_COLOR = `var(--scene-icon, ${color('fg')})`

/** Each worker's colour, by its place among the scene's workers (the timeline's lanes, the code's lit lines); the site sets `--scene-worker-N` per theme. */
export const WORKER_COLORS = ['#3451b2', '#a04a00', '#7a3db8', '#0b7a75'] as const

/** The colour of the scene's `index`th worker (from 0), as a custom property with its light-theme fallback. */
export function workerColor(index: number): string {
	const n = index % WORKER_COLORS.length
	return `var(--scene-worker-${n + 1}, ${WORKER_COLORS[n]})`
}
