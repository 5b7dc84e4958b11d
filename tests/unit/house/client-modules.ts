/**
 * The modules of the clients in other languages and what each uses of the others: a Rust crate's
 * `crate::MODULE` paths, a Python package's relative imports. Go's client is one package, whose
 * files cannot form a cycle.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { SourceImport } from './source-imports.ts'

/** A module's file from the project's root, and its text. */
export interface ModuleText {
	path: string
	text: string
}

/** The Rust files of a crate's `src` folder, or the Python files of a package's folder, under `root`. */
export function readModules(root: string, dir: string, extension: '.rs' | '.py'): ModuleText[] {
	return readdirSync(join(root, dir))
		.filter(name => name.endsWith(extension))
		.sort()
		.map(name => ({ path: `${dir}/${name}`, text: readFileSync(join(root, dir, name), 'utf8') }))
}

/** What each Rust module uses of its crate (`crate::name`, in a `use` or a path), as imports between files of one folder. */
export function rustUses(modules: readonly ModuleText[]): SourceImport[] {
	return uses(modules, '.rs', /\bcrate::(\w+)/g)
}

/** What each Python module imports of its package (`from .name import`, `from . import name`), as imports between files of one folder. */
export function pythonImports(modules: readonly ModuleText[]): SourceImport[] {
	return uses(modules, '.py', /^\s*from \.(\w+) import|^\s*from \. import (\w+)/gm)
}

function uses(modules: readonly ModuleText[], extension: string, pattern: RegExp): SourceImport[] {
	const paths = new Set(modules.map(module => module.path))
	return modules.flatMap(module => {
		const folder = module.path.slice(0, module.path.lastIndexOf('/'))
		return [...module.text.matchAll(pattern)].flatMap(match => {
			const name = (match[1] ?? match[2]) as string
			const target = `${folder}/${name}${extension}`
			if (!paths.has(target)) return []
			const line = module.text.slice(0, match.index).split('\n').length
			return [{ file: module.path, line, column: 1, specifier: name, target, ours: true, typeOnly: false, script: false, computed: false }]
		})
	})
}
