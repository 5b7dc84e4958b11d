/** The scenes of a Markdown or MDX file: its fenced code blocks whose language is `scene`. */

import { splitLines } from './lexer.ts'

/** A scene block's text, and where it sits in its file (pass both to `parseScene` as its origin). */
export interface SceneBlock {
	/** The lines between the fences, joined with `\n`. */
	text: string
	/** The file's line (1-based) of the block's first inner line. */
	line: number
	/** The columns the block's text was shifted left by: its fence's indentation. */
	column: number
}

interface Fence {
	char: '`' | '~'
	length: number
	indent: number
	lang: string
}

const OPENING = /^( {0,3})(`{3,}|~{3,})(.*)$/
const CLOSING = /^ {0,3}(`{3,}|~{3,})[ \t]*$/

/**
 * Every fenced block whose info string's language is `scene`, in file order. Fences follow
 * CommonMark (``` or ~~~, three or more, indented up to three spaces, closed by a fence of the
 * same character at least as long; an unclosed fence runs to the end of the file), except that
 * fences inside list items and block quotes are not looked for.
 */
export function findSceneBlocks(markdown: string): SceneBlock[] {
	const lines = splitLines(markdown)
	const blocks: SceneBlock[] = []
	let i = 0
	while (i < lines.length) {
		const fence = opening(lines[i] as string)
		if (fence === undefined) {
			i++
			continue
		}
		let close = i + 1
		while (close < lines.length && !closes(lines[close] as string, fence)) close++
		if (fence.lang === 'scene') blocks.push(block(lines.slice(i + 1, close), i + 2, fence.indent))
		i = close + 1
	}
	return blocks
}

function opening(line: string): Fence | undefined {
	const match = OPENING.exec(line)
	if (!match) return undefined
	const [, indent = '', run = '', info = ''] = match
	const char = run[0] === '~' ? '~' : '`'
	// A backtick in a backtick fence's info string makes the line inline code, not a fence.
	if (char === '`' && info.includes('`')) return undefined
	return { char, length: run.length, indent: indent.length, lang: info.trim().split(/\s+/)[0] ?? '' }
}

function closes(line: string, fence: Fence): boolean {
	const match = CLOSING.exec(line)
	const run = match?.[1]
	return run !== undefined && run[0] === fence.char && run.length >= fence.length
}

/**
 * The block's text without its fence's indentation. CommonMark strips up to that many spaces from
 * each line, fewer where a line has fewer; then one column offset could not map every line back to
 * the file, so such a block keeps its lines as written and an offset of 0 (the parser reads
 * indentation relative to each step, so the extra spaces do not change the scene).
 */
function block(lines: string[], line: number, indent: number): SceneBlock {
	const prefix = ' '.repeat(indent)
	const even = lines.every((text) => text.startsWith(prefix) || text.trim() === '')
	if (indent === 0 || !even) return { text: lines.join('\n'), line, column: 0 }
	const text = lines.map((text) => (text.startsWith(prefix) ? text.slice(indent) : '')).join('\n')
	return { text, line, column: indent }
}
