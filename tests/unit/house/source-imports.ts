/**
 * Every import of the project's source, read with oxc's parser: what each file imports,
 * where the import is written, and what it resolves to (a file of ours or a package).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { posix } from 'node:path'
import { stringValue, walkSyntax, type SyntaxNode } from '../../syntax-tree.ts'

/** A source file: its path from the project's root (with `/`), and its text. */
export interface SourceText {
	path: string
	text: string
}

/** One import as written in a source file. */
export interface SourceImport {
	/** The importing file, from the project's root. */
	file: string
	/** Where its specifier is written (1-based). */
	line: number
	column: number
	/** The specifier as written. */
	specifier: string
	/** A file of ours from the project's root, else the package (`node:fs` for Node's built-ins, however written). */
	target: string
	ours: boolean
	/** `import type` and `typeof import()`: gone from the JavaScript, so no bundler follows it. */
	typeOnly: boolean
	/** Written in a `<script>` of an .astro component: code the browser runs. */
	script: boolean
	/**
	 * An `import()` of a path computed at run time (not a string literal): no bundler, rule or reader
	 * can follow it. Its specifier is the expression as written, its target that text too.
	 */
	computed: boolean
}

/** The folders that hold no source of ours: packages, output and static files. Tests and content are read: their imports follow the rules too. */
const NOT_SOURCE = new Set(['node_modules', 'dist', 'public', 'test-results', 'playwright-report'])
const SOURCE_EXTENSIONS = ['.ts', '.mts', '.js', '.mjs', '.astro']

/** Every source file under `root` (tests and content's programs too; not packages, output or dot-folders), in path order. */
export function readSources(root: string): SourceText[] {
	const walk = (dir: string): string[] =>
		readdirSync(posix.join(root, dir), { withFileTypes: true }).flatMap(entry => {
			const path = dir === '' ? entry.name : `${dir}/${entry.name}`
			if (entry.isDirectory()) return entry.name.startsWith('.') || NOT_SOURCE.has(entry.name) ? [] : walk(path)
			return SOURCE_EXTENSIONS.some(ext => entry.name.endsWith(ext)) && !entry.name.endsWith('.d.ts') ? [path] : []
		})
	return walk('')
		.sort()
		.map(path => ({ path, text: readFileSync(posix.join(root, path), 'utf8') }))
}

/** Every import of the given files, resolved against the same set of files. */
export function importsOf(sources: readonly SourceText[]): SourceImport[] {
	const paths = new Set(sources.map(source => source.path))
	return sources.flatMap(source => {
		const imports: SourceImport[] = []
		for (const part of parts(source)) {
			for (const found of specifiersIn(part.code, source.path)) {
				const { line, column } = placeOf(source.text, part.offset + found.offset)
				const target = found.computed ? { target: found.specifier, ours: false } : resolve(found.specifier, source.path, paths)
				imports.push({ file: source.path, line, column, specifier: found.specifier, ...target, typeOnly: found.typeOnly, script: part.script, computed: found.computed })
			}
		}
		return imports
	})
}

/** The code of a file: all of it, or for an .astro component its frontmatter and each `<script>`. */
function parts(source: SourceText): { code: string; offset: number; script: boolean }[] {
	if (!source.path.endsWith('.astro')) return [{ code: source.text, offset: 0, script: false }]
	const found: { code: string; offset: number; script: boolean }[] = []
	const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source.text)
	if (frontmatter) found.push({ code: frontmatter[1]!, offset: frontmatter.index + frontmatter[0].indexOf(frontmatter[1]!), script: false })
	for (const script of source.text.matchAll(/<script\b[^>]*?(?<!\/)>([\s\S]*?)<\/script>/g)) {
		found.push({ code: script[1]!, offset: script.index + script[0].indexOf('>') + 1, script: true })
	}
	return found
}

/**
 * The module specifiers of some code, with their offsets: static, re-export, dynamic and type imports;
 * a dynamic import of anything but a string literal comes back as its expression, marked computed.
 */
function specifiersIn(code: string, name: string): { specifier: string; offset: number; typeOnly: boolean; computed: boolean }[] {
	const found: { specifier: string; offset: number; typeOnly: boolean; computed: boolean }[] = []
	const add = (literal: unknown, typeOnly: boolean): void => {
		const specifier = stringValue(literal)
		if (specifier !== undefined) found.push({ specifier, offset: (literal as SyntaxNode).start, typeOnly, computed: false })
	}
	walkSyntax(code, name, 'ts', node => {
		if (node.type === 'ImportDeclaration') add(node.source, node.importKind === 'type')
		else if (node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') add(node.source, node.exportKind === 'type')
		else if (node.type === 'ImportExpression') {
			const path = node.source as SyntaxNode
			if (stringValue(path) === undefined) found.push({ specifier: code.slice(path.start, path.end), offset: path.start, typeOnly: false, computed: true })
			else add(path, false)
		} else if (node.type === 'TSImportType') add(node.source, true)
	})
	return found
}

/**
 * A specifier's target: relative and root paths to a file of ours, anything else to its package.
 * `@repo/` is the project's root, as the doctest's programs write it (`doctest/languages/typescript.ts`).
 */
function resolve(specifier: string, from: string, paths: ReadonlySet<string>): { target: string; ours: boolean } {
	const bare = specifier.replace(/[?#].*$/, '').replace(/^@repo\//, '/')
	if (bare.startsWith('.') || bare.startsWith('/')) {
		const path = bare.startsWith('/') ? bare.slice(1) : posix.normalize(posix.join(posix.dirname(from), bare))
		const candidates = [path, ...SOURCE_EXTENSIONS.map(ext => path + ext), `${path}/index.ts`]
		return { target: candidates.find(candidate => paths.has(candidate)) ?? path, ours: true }
	}
	return { target: isBuiltin(bare) && !bare.startsWith('node:') ? `node:${bare}` : bare, ours: false }
}

/** The 1-based line and column of an offset in a text. */
function placeOf(text: string, offset: number): { line: number; column: number } {
	const before = text.slice(0, offset).split(/\r\n|\r|\n/)
	return { line: before.length, column: before.at(-1)!.length + 1 }
}
