/**
 * The actors' icons: simple line drawings on a 24-unit grid, stroked and never filled, so one
 * colour (a CSS custom property) draws them in light and dark themes.
 */

/** The SVG elements of each icon, drawn in a 24 by 24 box. */
export const ICONS: Readonly<Record<string, string>> = {
	// A chip: a square die with three pins on each side.
	cpu: [
		'<rect x="6" y="6" width="12" height="12" rx="2"/>',
		'<rect x="9.5" y="9.5" width="5" height="5" rx="1"/>',
		'<path d="M9.5 2.5v3.5M14.5 2.5v3.5M9.5 18v3.5M14.5 18v3.5M2.5 9.5h3.5M2.5 14.5h3.5M18 9.5h3.5M18 14.5h3.5"/>',
	].join(''),
	// A padlock with a keyhole.
	lock: [
		'<path d="M7.5 10.5V7.5a4.5 4.5 0 0 1 9 0v3"/>',
		'<rect x="4.5" y="10.5" width="15" height="11" rx="2.5"/>',
		'<path d="M12 14.5v3"/>',
	].join(''),
	// A cylinder of three stacked discs.
	database: [
		'<ellipse cx="12" cy="5.5" rx="7.5" ry="3"/>',
		'<path d="M4.5 5.5v13c0 1.66 3.36 3 7.5 3s7.5-1.34 7.5-3v-13"/>',
		'<path d="M4.5 12c0 1.66 3.36 3 7.5 3s7.5-1.34 7.5-3"/>',
	].join(''),
	// Two rack units, each with a status light and a slot.
	server: [
		'<rect x="3" y="3.5" width="18" height="7.5" rx="2"/>',
		'<rect x="3" y="13" width="18" height="7.5" rx="2"/>',
		'<path d="M7 7.25h.01M7 16.75h.01M11 7.25h6M11 16.75h6"/>',
	].join(''),
	// A head and shoulders.
	user: [
		'<circle cx="12" cy="8" r="4"/>',
		'<path d="M4.5 21a7.5 7.5 0 0 1 15 0"/>',
	].join(''),
	// A dial with two hands.
	clock: [
		'<circle cx="12" cy="12" r="9"/>',
		'<path d="M12 7v5l3.5 2"/>',
	].join(''),
}

/** The drawing for an icon name the renderer does not know: an empty ring, so a new kind still shows. */
export const UNKNOWN_ICON = '<circle cx="12" cy="12" r="7"/><path d="M12 9.5v3M12 15.5h.01"/>'

/** The drawing of an icon by name, or the ring for a name not in the set. */
export function iconPaths(name: string): string {
	return Object.hasOwn(ICONS, name) ? (ICONS[name] ?? UNKNOWN_ICON) : UNKNOWN_ICON
}
