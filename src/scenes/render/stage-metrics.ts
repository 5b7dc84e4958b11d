/**
 * The two layouts a scene is drawn in, and the sizes of each: its stage, the insets that keep an
 * actor's texts on it, and the font sizes and widths of every text.
 */

/** The two layouts a scene is drawn in: one for a wide column, one for a phone. */
export type StageLayout = 'wide' | 'narrow'

/** Default stage width in SVG units (the wide layout's). */
export const STAGE_WIDTH = 600
/** Default stage height in SVG units (the wide layout's). */
export const STAGE_HEIGHT = 400

/** The narrowest column, in CSS px, that shows the wide layout with no text under 12 px (the site's container query uses it). */
export const WIDE_MIN_PX = 528

/** The sizes of one layout, in SVG units. */
export interface Metrics {
	width: number
	height: number
	/** Where an actor at 10% and at 90% stands: far enough in that its badge above and its texts below stay inside. */
	insetX: number
	insetTop: number
	insetBottom: number
	label: number
	state: number
	stateLine: number
	message: number
	messageLine: number
	badge: number
	badgeHeight: number
	clock: number
	textMax: number
	messageMax: number
	/** Whether actors swap their x and y percents when the scene spreads wider than tall, so a phone stacks them. */
	transpose: boolean
}

// The wide layout's smallest text (14) is 12.7 CSS px at 528 px, its narrowest (a viewBox 600 wide at most).
// The narrow one's (14) is 13.4 CSS px on a 360 px phone, whose stage is 326 px wide, for a viewBox
// 340 wide; a message label set beside its arrow may widen it, and up to 380 wide the text keeps 12 px.
// The narrow stage is 410 tall, not taller, so a phone's stage, with its caption and steppers pinned
// under it, takes at most 60 % of a 390x844 phone's height: its drawings come out 280 to 430 units
// tall (the seed's 409), which scenes.css shows at 38 % of that height or, when that is smaller, at
// the size that keeps their 14-unit text at 12.2 CSS px (356 px for the seed).
/** Each layout's sizes. */
export const LAYOUTS: Readonly<Record<StageLayout, Metrics>> = {
	wide: {
		width: STAGE_WIDTH, height: STAGE_HEIGHT, insetX: 68, insetTop: 42, insetBottom: 92,
		label: 19, state: 18, stateLine: 22, message: 17, messageLine: 21, badge: 14, badgeHeight: 20, clock: 15,
		textMax: 176, messageMax: 190, transpose: false,
	},
	narrow: {
		width: 340, height: 410, insetX: 58, insetTop: 90, insetBottom: 90,
		label: 16, state: 15, stateLine: 19, message: 15, messageLine: 19, badge: 14, badgeHeight: 20, clock: 14,
		textMax: 150, messageMax: 150, transpose: true,
	},
}
