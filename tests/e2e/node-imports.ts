/**
 * The Node built-ins a built JavaScript file imports, read with TypeScript's parser: static imports
 * and re-exports, `import()` and `require()` of a string, Vite's empty stand-in for a built-in
 * (`__vite-browser-external`), and the build's own stand-in, whose error names the built-in and its
 * importer (src/site/node-built-in-stand-in.ts); each with its place in the file.
 */
import { isBuiltin } from 'node:module'
import ts from 'typescript'
import { NODE_BUILT_IN_MESSAGE } from '../../src/site/node-built-in-stand-in.ts'

/** A Node built-in found in a file: where, and as written (for a stand-in, its message). */
export interface NodeImport {
	line: number
	column: number
	specifier: string
}

const EMPTY_STAND_IN = '__vite-browser-external'

/** Every Node built-in the code imports or requires, and every stand-in for one, in the order written. */
export function nodeImportsIn(code: string): NodeImport[] {
	const file = ts.createSourceFile('bundle.js', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS)
	const found: NodeImport[] = []
	const record = (literal: ts.StringLiteralLike): void => {
		const { line, character } = file.getLineAndCharacterOfPosition(literal.getStart(file))
		found.push({ line: line + 1, column: character + 1, specifier: literal.text })
	}
	const imported = (node: ts.Node | undefined): void => {
		if (node && ts.isStringLiteralLike(node) && (isBuiltin(node.text) || node.text.includes(EMPTY_STAND_IN))) record(node)
	}
	const visit = (node: ts.Node): void => {
		if (ts.isStringLiteralLike(node) && node.text.startsWith(NODE_BUILT_IN_MESSAGE)) record(node)
		else if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) imported(node.moduleSpecifier)
		else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) imported(node.arguments[0])
		else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'require') imported(node.arguments[0])
		ts.forEachChild(node, visit)
	}
	visit(file)
	return found
}
