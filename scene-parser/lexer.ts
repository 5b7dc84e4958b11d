/**
 * The scene DSL's lexer: a scene's text becomes lines, and a line becomes tokens. It knows
 * nothing of statements; it only knows words, strings, `->`, `,` and comments.
 */

/** One token of a line: columns are 0-based offsets into the line, `end` exclusive. */
export interface Token {
	kind: 'word' | 'string' | 'arrow' | 'comma'
	/** The token as written (a string's quotes and escapes included). */
	text: string
	/** A string's value with its escapes resolved; otherwise the same as `text`. */
	value: string
	start: number
	end: number
	/** False for a string that has no closing quote on its line. */
	closed: boolean
}

/** A line of a scene, split into its indentation and its tokens (comments dropped). */
export interface Line {
	/** 0-based index of the line in the scene's text. */
	index: number
	/** The line as written, without its line ending. */
	raw: string
	/** The leading spaces and tabs. */
	indent: string
	tokens: Token[]
}

/** The lines of a text, whatever its line endings (LF, CRLF or CR), without a leading BOM. */
export function splitLines(text: string): string[] {
	const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
	return body.split(/\r\n|\r|\n/)
}

/** Whether a character separates tokens (a space, a tab, or any other Unicode blank). */
function isBlank(char: string): boolean {
	const code = char.charCodeAt(0)
	// Printable ASCII is most of any scene; only the rest needs the Unicode test.
	if (code > 0x20 && code < 0x7f) return false
	return char === ' ' || char === '\t' || /\s/.test(char)
}

/** The leading spaces and tabs of a line. */
export function indentOf(raw: string): string {
	let i = 0
	while (i < raw.length && (raw[i] === ' ' || raw[i] === '\t')) i++
	return raw.slice(0, i)
}

/** A line's tokens; `#` starts a comment at the line's start or after a blank, never inside a string. */
export function tokenize(raw: string, index: number): Line {
	const tokens: Token[] = []
	const n = raw.length
	let i = 0
	while (i < n) {
		const char = raw[i] as string
		if (isBlank(char)) {
			i++
			continue
		}
		if (char === '#' && (i === 0 || isBlank(raw[i - 1] as string))) break
		if (char === '"') {
			tokens.push(readString(raw, i))
			i = (tokens[tokens.length - 1] as Token).end
			continue
		}
		if (char === '-' && raw[i + 1] === '>') {
			tokens.push({ kind: 'arrow', text: '->', value: '->', start: i, end: i + 2, closed: true })
			i += 2
			continue
		}
		if (char === ',') {
			tokens.push({ kind: 'comma', text: ',', value: ',', start: i, end: i + 1, closed: true })
			i++
			continue
		}
		const start = i
		while (i < n) {
			const c = raw[i] as string
			if (isBlank(c) || c === '"' || c === ',' || (c === '-' && raw[i + 1] === '>')) break
			i++
		}
		const text = raw.slice(start, i)
		tokens.push({ kind: 'word', text, value: text, start, end: i, closed: true })
	}
	return { index, raw, indent: indentOf(raw), tokens }
}

/** The string that opens at `start`; `\"` and `\\` are its escapes, any other backslash stays as written. */
function readString(raw: string, start: number): Token {
	let value = ''
	// The value is copied a run at a time, from `run` up to the next escape or the closing quote.
	let run = start + 1
	let i = run
	while (i < raw.length) {
		const char = raw[i]
		if (char === '"') {
			value += raw.slice(run, i)
			return { kind: 'string', text: raw.slice(start, i + 1), value, start, end: i + 1, closed: true }
		}
		if (char === '\\' && (raw[i + 1] === '"' || raw[i + 1] === '\\')) {
			value += raw.slice(run, i) + raw[i + 1]
			i += 2
			run = i
			continue
		}
		i++
	}
	// A string never spans lines, so an unclosed one takes the rest of its line as its value:
	// the statement still parses and the author sees one error, not a cascade.
	value += raw.slice(run)
	return { kind: 'string', text: raw.slice(start), value, start, end: raw.length, closed: false }
}
