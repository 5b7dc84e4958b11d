/**
 * The Node built-ins a built JavaScript file imports, read with oxc's parser: static imports
 * and re-exports, `import()` and `require()` of a string, Vite's empty stand-in for a built-in
 * (`__vite-browser-external`), and the build's own stand-in, whose error names the built-in and its
 * importer (src/site/node-built-in-stand-in.ts); each with its place in the file.
 */
import { isBuiltin } from 'node:module'
import { stringValue, walkSyntax, type SyntaxNode } from '../syntax-tree.ts'
import { NODE_BUILT_IN_MESSAGE } from '../../src/site/node-built-in-stand-in.ts'

/** A Node built-in found in a file: where, and as written (for a stand-in, its message). */
interface NodeImport {
	line: number
	column: number
	specifier: string
}

const EMPTY_STAND_IN = '__vite-browser-external'

/** Every Node built-in the code imports or requires, and every stand-in for one, in the order written. */
export function nodeImportsIn(code: string): NodeImport[] {
	const found: NodeImport[] = []
	const record = (literal: SyntaxNode): void => {
		const before = code.slice(0, literal.start)
		const line = before.split('\n').length
		found.push({ line, column: literal.start - before.lastIndexOf('\n'), specifier: stringValue(literal)! })
	}
	const imported = (node: unknown): void => {
		const text = stringValue(node)
		if (text !== undefined && (isBuiltin(text) || text.includes(EMPTY_STAND_IN))) record(node as SyntaxNode)
	}
	walkSyntax(code, 'bundle.js', 'js', node => {
		if (stringValue(node)?.startsWith(NODE_BUILT_IN_MESSAGE)) record(node)
		else if (node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') imported(node.source)
		else if (node.type === 'ImportExpression') imported(node.source)
		else if (node.type === 'CallExpression' && (node.callee as SyntaxNode).type === 'Identifier' && (node.callee as { name: string }).name === 'require') {
			imported((node.arguments as unknown[])[0])
		}
	})
	return found
}
