/**
 * A JavaScript or TypeScript text as a syntax tree (oxc's parser, ESTree shape), and a walk over
 * its nodes: what the import-rule test and the built bundles' Node-import check read.
 */
import { parseSync } from 'oxc-parser'

/** One node of the tree: its kind, its place (UTF-16 offsets) and its fields. */
export interface SyntaxNode {
	type: string
	start: number
	end: number
	[field: string]: unknown
}

/** Calls `visit` on every node of `code`, parents before children; throws on a syntax error, naming the file. */
export function walkSyntax(code: string, name: string, lang: 'js' | 'ts', visit: (node: SyntaxNode) => void): void {
	const { program, errors } = parseSync(name, code, { lang, sourceType: 'module' })
	if (errors.length > 0) throw new Error(`${name}: ${errors[0]!.message}`)
	const walk = (value: unknown): void => {
		if (Array.isArray(value)) {
			for (const item of value) walk(item)
		} else if (value !== null && typeof value === 'object') {
			if (typeof (value as { type?: unknown }).type === 'string') visit(value as SyntaxNode)
			for (const [key, field] of Object.entries(value)) if (key !== 'parent') walk(field)
		}
	}
	walk(program)
}

/** A string's value (a string literal, or a template with no `${}`), or undefined for any other node. */
export function stringValue(node: unknown): string | undefined {
	const literal = node as { type?: string; value?: unknown; expressions?: unknown[]; quasis?: { value: { cooked: string } }[] } | null
	if (literal?.type === 'Literal') return typeof literal.value === 'string' ? literal.value : undefined
	if (literal?.type === 'TemplateLiteral' && literal.expressions?.length === 0) return literal.quasis?.[0]?.value.cooked
	return undefined
}
