/**
 * Token colours made readable: each darkened (light theme) or lightened (dark theme) until it meets a contrast ratio.
 */

type Rgb = [number, number, number]

function parseHex(hex: string): Rgb | undefined {
	const m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(hex.trim())
	if (!m?.[1]) return undefined
	const n = parseInt(m[1], 16)
	return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function toHex(rgb: Rgb): string {
	return '#' + rgb.map(v => Math.round(v).toString(16).padStart(2, '0')).join('').toUpperCase()
}

function luminance([r, g, b]: Rgb): number {
	const channel = (v: number): number => {
		const s = v / 255
		return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
	}
	return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/** The WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
	const x = parseHex(a)
	const y = parseHex(b)
	if (!x || !y) return 21
	const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number]
	return (hi + 0.05) / (lo + 0.05)
}

/** `fg` mixed toward `toward` in small steps until it reaches `min` against every background (unchanged if it already does). */
export function ensureContrast(fg: string, backgrounds: string[], toward: '#000000' | '#ffffff', min = 4.6): string {
	const start = parseHex(fg)
	const end = parseHex(toward)
	if (!start || !end) return fg
	const passes = (color: string): boolean => backgrounds.every(bg => contrastRatio(color, bg) >= min)
	for (let step = 0; step <= 20; step++) {
		const t = step / 20
		const color = step === 0 ? fg : toHex(start.map((v, i) => v + ((end[i] ?? v) - v) * t) as Rgb)
		if (passes(color)) return color
	}
	return toward
}
