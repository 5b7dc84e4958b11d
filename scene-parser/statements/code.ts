/** `code LANG` ... `end`: the code sample beside the stage. Its lines are kept as written, not tokenized. */

import type { Code } from '../ast.ts'
import type { StatementConstruct } from '../construct.ts'
import type { Cursor, Scope } from '../cursor.ts'
import { indentOf } from '../lexer.ts'
import { clip } from '../wording.ts'

export const code: StatementConstruct<Code> = {
	name: 'code',
	where: 'top',
	attributes: [],
	takesActors: false,
	example: 'code ts',
	parse(scope, c, misplaced) {
		const first = scope.scene.code
		if (first !== undefined && !misplaced) scope.report.token(c.line, c.verb, `a scene has one code sample, and it is already given at line ${first.position.line}`)
		const read = readCode(scope, c, scope.raws, scope.next)
		scope.next = read.next
		return first === undefined ? read.code : undefined
	},
	add: (scene, node) => {
		scene.code = node
	},
	block: true,
}

/** The sample read from a `code` line, and the index of the first line after its `end`. */
interface CodeRead {
	code?: Code
	next: number
}

/** Reads `code LANG` at the cursor and the raw lines after it (from index `from`) up to `end`. */
function readCode(scope: Scope, c: Cursor, raws: readonly string[], from: number): CodeRead {
	let end = from
	while (end < raws.length && (raws[end] as string).trim() !== 'end') end++
	if (end === raws.length) {
		// Without its `end` the sample has swallowed every line after it, so nothing else can be said.
		scope.report.token(c.line, c.verb, 'code block has no `end`; close the sample with a line that says end')
		return { next: end }
	}
	const next = end + 1
	// The line is read as tokens, not through the cursor: here an attribute is just one more word.
	const [, lang, extra] = c.line.tokens
	if (lang?.kind !== 'word') {
		const message = "expected the sample's language, like code ts"
		if (lang === undefined) scope.report.point(scope.report.at(c.line, c.verb.end), message)
		else scope.report.token(c.line, lang, message)
		return { next }
	}
	if (extra !== undefined) {
		const shown = extra.kind === 'string' ? 'string' : `"${clip(extra.text)}"`
		scope.report.token(c.line, extra, `unexpected ${shown} after code ${clip(lang.text)}; the sample starts on the next line`)
	}
	const { lines, cut } = dedent(raws.slice(from, end))
	return { code: { lang: lang.text, lines, position: scope.report.at(c.line, c.verb.start), start: scope.report.at(from, cut) }, next }
}

/** Lines without their common indentation (blank lines do not count) and without trailing blank lines, and how much was cut. */
export function dedent(lines: readonly string[]): { lines: string[]; cut: number } {
	let common: string | undefined
	for (const line of lines) {
		if (line.trim() === '') continue
		const indent = indentOf(line)
		if (common === undefined) {
			common = indent
			continue
		}
		let shared = 0
		while (shared < common.length && shared < indent.length && common[shared] === indent[shared]) shared++
		common = common.slice(0, shared)
	}
	const cut = common?.length ?? 0
	const out = lines.map((line) => (line.trim() === '' ? '' : line.slice(cut)))
	while (out.length > 0 && out[out.length - 1] === '') out.pop()
	return { lines: out, cut }
}
