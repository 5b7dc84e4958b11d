/**
 * Text measuring for the scene renderer: it runs where no font can be asked, so widths are
 * estimated per character, generously, against DejaVu Sans, the widest common fallback.
 */

/** Estimated width of a text in SVG units at a font size, bold or not. */
export function textWidth(text: string, size: number, bold: boolean): number {
	let em = 0
	for (const ch of text) em += charWidth(ch)
	return em * size * (bold ? 1.07 : 1)
}

function charWidth(ch: string): number {
	if (ch === ' ') return 0.32
	if ("il|!.,:;'`".includes(ch)) return 0.29
	if ('fjrtI()[]{}/\\-"'.includes(ch)) return 0.41
	if ('mwMW@%'.includes(ch)) return 0.94
	if (ch >= 'A' && ch <= 'Z') return 0.72
	if (ch >= '0' && ch <= '9') return 0.64
	if (ch >= 'a' && ch <= 'z') return 0.61
	if ('<>=+~^*#&$?_'.includes(ch)) return 0.84
	// CJK and other wide scripts take a full em; the rest of Unicode a little more than Latin.
	return (ch.codePointAt(0) ?? 0) >= 0x2e80 ? 1 : 0.7
}

/** A text wrapped into at most maxLines lines no wider than maxWidth, the last ending in an ellipsis when the rest does not fit. */
export function fitLines(text: string, size: number, maxWidth: number, maxLines: number, bold: boolean): string[] {
	const fits = (s: string) => textWidth(s, size, bold) <= maxWidth
	const lines: string[] = []
	let current = ''
	for (const word of text.trim().split(/\s+/).filter(Boolean)) {
		const candidate = current ? `${current} ${word}` : word
		if (fits(candidate)) {
			current = candidate
			continue
		}
		if (current) lines.push(current)
		current = word
		// A word wider than a line is broken where it must be.
		while (!fits(current)) {
			const chars = Array.from(current)
			let cut = chars.length - 1
			while (cut > 1 && !fits(chars.slice(0, cut).join(''))) cut--
			lines.push(chars.slice(0, cut).join(''))
			current = chars.slice(cut).join('')
		}
	}
	if (current) lines.push(current)
	if (lines.length === 0) return ['']
	if (lines.length <= maxLines) return lines
	const kept = lines.slice(0, maxLines)
	let last = Array.from(`${kept[maxLines - 1] ?? ''} ${lines.slice(maxLines).join(' ')}`)
	while (last.length > 1 && !fits(`${last.join('').trimEnd()}…`)) last = last.slice(0, -1)
	kept[maxLines - 1] = `${last.join('').trimEnd()}…`
	return kept
}

/** A text shortened by cutting its middle until it fits, which keeps both ends of a long number readable. */
export function middleTruncate(text: string, size: number, maxWidth: number, bold: boolean): string {
	if (textWidth(text, size, bold) <= maxWidth) return text
	const chars = Array.from(text)
	for (let keep = chars.length - 1; keep > 2; keep--) {
		const head = Math.ceil(keep / 2)
		const candidate = `${chars.slice(0, head).join('')}…${chars.slice(chars.length - (keep - head)).join('')}`
		if (textWidth(candidate, size, bold) <= maxWidth) return candidate
	}
	return `${chars.slice(0, 2).join('')}…`
}
