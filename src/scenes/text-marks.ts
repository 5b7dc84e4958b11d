/**
 * A scene text cut at its marks, so a view can show the engine's values apart from prose numbers.
 */
import type { TextMark } from './frame.ts'

/** A run of a text: plain words, a value the engine backs, or a number the author marked as prose. */
interface MarkedPiece {
	text: string
	kind?: TextMark['kind']
}

/** Cuts `text` at its marks, in order; a mark that overlaps an earlier one or falls outside the text is left out. */
export function markedPieces(text: string, marks: readonly TextMark[] = []): MarkedPiece[] {
	const pieces: MarkedPiece[] = []
	let at = 0
	for (const mark of [...marks].sort((a, b) => a.start - b.start)) {
		if (mark.start < at || mark.end <= mark.start || mark.end > text.length) continue
		if (mark.start > at) pieces.push({ text: text.slice(at, mark.start) })
		pieces.push({ text: text.slice(mark.start, mark.end), kind: mark.kind })
		at = mark.end
	}
	if (at < text.length || pieces.length === 0) pieces.push({ text: text.slice(at) })
	return pieces
}
