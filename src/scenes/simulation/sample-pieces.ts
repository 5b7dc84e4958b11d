/**
 * A code sample cut into its code, its strings and its comments, read over the whole sample so a
 * string or comment that spans lines (a template literal of SQL, a block comment, a Python
 * docstring) is one piece. It knows each language's quotes and comment marks and nothing of what
 * the code means; `code-claims.ts` reads the pieces.
 */
import type { Position } from '../../../scene-parser/index.ts'

export interface Piece {
	kind: 'code' | 'string' | 'comment'
	/** The piece as written: a string with its quotes, a comment without its marks. */
	text: string
	/** Where the piece's text starts in the scene. */
	start: Position
	/** Where the piece's text starts in the sample's lines joined by newlines. */
	offset: number
}

interface Marks {
	line: readonly string[]
	block?: readonly [string, string]
	quotes: readonly string[]
	/** Rust: `'` starts a char literal only when one closes it at once (else a lifetime, `'a`). */
	charQuote?: boolean
}

function marksOf(lang: string): Marks {
	if (/^(py|python)$/i.test(lang)) return { line: ['#'], quotes: ['"""', "'''", '"', "'"] }
	if (/^(sh|bash|shell|console|zsh|yaml|yml|toml)$/i.test(lang)) return { line: ['#'], quotes: ['"', "'"] }
	if (/^sql$/i.test(lang)) return { line: ['--'], block: ['/*', '*/'], quotes: ["'", '"'] }
	if (/^(rust|rs)$/i.test(lang)) return { line: ['//'], block: ['/*', '*/'], quotes: ['"'], charQuote: true }
	return { line: ['//'], block: ['/*', '*/'], quotes: ['"', "'", '`'] }
}

/** The sample's pieces in order; positions count lines from `start.line` and columns from `start.column` (the sample's indentation is the scene's). */
export function piecesOf(lines: readonly string[], lang: string, start: Position): Piece[] {
	const text = lines.join('\n')
	const marks = marksOf(lang)
	const pieces: Piece[] = []
	// Line and column of each offset, counted as the pieces are made.
	let line = start.line
	let lineStart = 0
	const positionOf = (offset: number): Position => {
		for (let i = lineStart; i < offset; i++) {
			if (text.charCodeAt(i) === 10) {
				line++
				lineStart = i + 1
			}
		}
		return { line, column: start.column + offset - lineStart }
	}
	let codeFrom = 0
	const endCode = (at: number): void => {
		if (at > codeFrom) pieces.push({ kind: 'code', text: text.slice(codeFrom, at), start: positionOf(codeFrom), offset: codeFrom })
	}
	let i = 0
	while (i < text.length) {
		const lineMark = marks.line.find(mark => text.startsWith(mark, i) && !(mark === '//' && text[i - 1] === ':'))
		if (lineMark) {
			endCode(i)
			const end = text.indexOf('\n', i)
			const stop = end < 0 ? text.length : end
			pieces.push({ kind: 'comment', text: text.slice(i + lineMark.length, stop), start: positionOf(i + lineMark.length), offset: i + lineMark.length })
			i = codeFrom = stop
			continue
		}
		if (marks.block && text.startsWith(marks.block[0], i)) {
			endCode(i)
			const end = text.indexOf(marks.block[1], i + marks.block[0].length)
			const stop = end < 0 ? text.length : end
			pieces.push({ kind: 'comment', text: text.slice(i + marks.block[0].length, stop), start: positionOf(i + marks.block[0].length), offset: i + marks.block[0].length })
			i = codeFrom = end < 0 ? text.length : end + marks.block[1].length
			continue
		}
		const quote = marks.quotes.find(q => text.startsWith(q, i)) ?? (marks.charQuote && /^'(\\.|[^\\'])'/.test(text.slice(i, i + 4)) ? "'" : undefined)
		if (quote) {
			endCode(i)
			const stop = closeOf(text, i + quote.length, quote)
			pieces.push({ kind: 'string', text: text.slice(i, stop), start: positionOf(i), offset: i })
			i = codeFrom = stop
			continue
		}
		i++
	}
	endCode(text.length)
	return pieces
}

/** The offset just past the quote that closes a string opened before `from`; a string left open runs to its line's end (a template literal or triple quote, to the sample's end). */
function closeOf(text: string, from: number, quote: string): number {
	const spansLines = quote === '`' || quote.length === 3
	let depth = 0
	for (let i = from; i < text.length; i++) {
		const ch = text[i] as string
		if (ch === '\\') {
			i++
			continue
		}
		if (ch === '\n' && !spansLines) return i
		// A template literal's `${...}` may hold a backtick of its own.
		if (quote === '`' && ch === '$' && text[i + 1] === '{') {
			depth++
			i++
			continue
		}
		if (quote === '`' && depth > 0 && ch === '}') {
			depth--
			continue
		}
		if (depth === 0 && text.startsWith(quote, i)) return i + quote.length
	}
	return text.length
}

/** The position of `offset` within a piece's text; `base` is the column every line of the sample starts at. */
export function positionIn(piece: Piece, offset: number, base: number): Position {
	const before = piece.text.slice(0, offset)
	const newline = before.lastIndexOf('\n')
	if (newline < 0) return { line: piece.start.line, column: piece.start.column + offset }
	let lines = 0
	for (let i = 0; i < newline + 1; i++) if (before.charCodeAt(i) === 10) lines++
	return { line: piece.start.line + lines, column: base + offset - newline - 1 }
}
