/**
 * The house's import rules (DESIGN.md's "who may import whom"), as one table, and the check that
 * finds the imports that break them.
 */
import { formatMessage } from '../../../src/scenes/frame-format.ts'
import type { SourceImport } from './source-imports.ts'

/**
 * A pattern: a folder of ours (`engine/`), a file of ours (`src/scenes/frame.ts`), a package
 * (`better-sqlite3`, which takes its subpaths too), a prefix (`node:*`; `*` alone is anything), or one
 * of the names below.
 */
type Pattern = string

/** Every file of ours. */
const OURS: Pattern = '(ours)'
/** Every `<script>` of an .astro component (the rest of a component runs on the server). */
const ASTRO_SCRIPTS: Pattern = '(<script> of .astro)'
/** An `import()` of a path computed at run time; no other pattern matches one. */
const COMPUTED: Pattern = '(import() of a computed path)'

/** One rule: which files it governs and what they may not import. */
export interface ImportRule {
	/** The rule in words, as a violation's message ends. */
	rule: string
	/** The importing files it governs. */
	files: Pattern[]
	/** Importing files it leaves alone, though `files` matches them. */
	except?: Pattern[]
	/** What those files may not import. */
	forbid: Pattern[]
	/** What they may import, though `forbid` matches it. */
	allow?: Pattern[]
	/** A file breaks the rule only by importing from every one of `forbid` (each alone is fine). */
	together?: boolean
	/**
	 * Follow the files of ours they import, as a bundler does, so a forbidden import anywhere
	 * below counts; type-only imports are gone from the JavaScript and are not followed.
	 */
	transitive?: boolean
}

const ENGINE_ENTRIES = ['engine/index.ts', 'engine/adapters/index.ts', 'engine/adapters/node.ts']
/** Code that runs in the reader's browser. */
const BROWSER = ['src/scenes/browser/', 'src/playground/', ASTRO_SCRIPTS]
/** Code that runs only in Node. */
const NODE_ONLY = ['engine/adapters/node.ts', 'node:*', 'better-sqlite3']

/**
 * Each part's unit tests. A unit test of one part stands inside it, as a unit test of one module
 * imports that module: where a rule keeps the rest of the project to a part's entry, it leaves the
 * part and its unit tests alone.
 */
const UNIT_TESTS: Readonly<Record<string, Pattern>> = {
	'engine/': 'tests/unit/engine/',
	'scene-parser/': 'tests/unit/parser/',
	'src/scenes/claims/': 'tests/unit/claims/',
	'src/scenes/simulation/': 'tests/unit/scenes/',
	'src/scenes/render/': 'tests/unit/render/',
	'src/scenes/guarded/': 'tests/unit/scenes/',
}

/** A part and its unit tests. */
const inside = (part: string): Pattern[] => [part, UNIT_TESTS[part]!]

/** The rules; adding one is adding a line (and its row in the README's Layout section). */
export const IMPORT_RULES: readonly ImportRule[] = [
	{ rule: 'engine/ imports nothing of ours outside engine/', files: ['engine/'], forbid: [OURS], allow: ['engine/'] },
	{ rule: 'scene-parser/ imports nothing of ours outside scene-parser/', files: ['scene-parser/'], forbid: [OURS], allow: ['scene-parser/'] },
	{ rule: 'the frame (src/scenes/frame.ts) imports nothing: it is the contract the stages share', files: ['src/scenes/frame.ts'], forbid: ['*'] },
	{ rule: "the frame's formatting (src/scenes/frame-format.ts) imports only the engine's way of writing a duration (engine/duration.ts) and the parser's of a placed message (scene-parser/format.ts)", files: ['src/scenes/frame-format.ts'], forbid: [OURS], allow: ['engine/duration.ts', 'scene-parser/format.ts'] },
	{ rule: 'the renderer imports only the frame (its types, and its formatting: src/scenes/frame-format.ts) and its own folder', files: ['src/scenes/render/'], forbid: [OURS], allow: ['src/scenes/render/', 'src/scenes/frame.ts', 'src/scenes/frame-format.ts'] },
	{ rule: "only the simulation and its unit tests import both engine/ and scene-parser/ (the frame's formatting takes one formatter of each)", files: [OURS], except: [...inside('src/scenes/simulation/'), 'engine/', 'scene-parser/', 'src/scenes/frame-format.ts'], forbid: ['engine/', 'scene-parser/'], together: true },
	{ rule: "outside the parser, the simulation and their unit tests, the parser is reached through the simulation's entry (src/scenes/simulation/index.ts), and its message format through the frame's formatting (src/scenes/frame-format.ts)", files: [OURS], except: ['engine/', ...inside('scene-parser/'), ...inside('src/scenes/simulation/'), 'src/scenes/frame-format.ts'], forbid: ['scene-parser/'] },
	{ rule: 'outside src/scenes/simulation/ and its unit tests, the simulation is imported only through its entries (src/scenes/simulation/index.ts, and node.ts in Node)', files: [OURS], except: inside('src/scenes/simulation/'), forbid: ['src/scenes/simulation/'], allow: ['src/scenes/simulation/index.ts', 'src/scenes/simulation/node.ts'] },
	{ rule: "the site (src/ but the simulation, the claim language, the seed's domain and the frame's formatting) reaches the engine only through the simulation's entries", files: ['src/'], except: ['src/scenes/simulation/', 'src/scenes/claims/', 'src/seed/', 'src/scenes/frame-format.ts'], forbid: ['engine/'] },
	{ rule: 'outside src/scenes/render/ and its unit tests, the renderer is imported only through its entry (src/scenes/render/index.ts)', files: [OURS], except: inside('src/scenes/render/'), forbid: ['src/scenes/render/'], allow: ['src/scenes/render/index.ts'] },
	{ rule: 'outside src/scenes/guarded/ and its unit tests, the guarded check is imported only through its entry (src/scenes/guarded/index.ts)', files: [OURS], except: inside('src/scenes/guarded/'), forbid: ['src/scenes/guarded/'], allow: ['src/scenes/guarded/index.ts'] },
	{ rule: "only the checker's entry (src/scenes/guarded/checker-entry.mjs) imports the checker (src/scenes/guarded/checker.ts): importing it makes a process a checker, which takes its unhandled errors as a scene's", files: [OURS], except: ['src/scenes/guarded/checker-entry.mjs'], forbid: ['src/scenes/guarded/checker.ts'] },
	{ rule: 'outside src/scenes/claims/ and its unit tests, the claim language is imported only through its entry (src/scenes/claims/index.ts)', files: [OURS], except: inside('src/scenes/claims/'), forbid: ['src/scenes/claims/'], allow: ['src/scenes/claims/index.ts'] },
	{ rule: `outside engine/ and its unit tests, the engine is imported only through its entries (${ENGINE_ENTRIES.join(', ')}), and its way of writing a duration by the frame's formatting`, files: [OURS], except: [...inside('engine/'), 'src/scenes/frame-format.ts'], forbid: ['engine/'], allow: ENGINE_ENTRIES },
	{ rule: "the server imports the engine's public entries only (engine/index.ts, and engine/adapters/node.ts to open a directory)", files: ['server/'], forbid: ['engine/'], allow: ['engine/index.ts', 'engine/adapters/node.ts'] },
	{ rule: "etcd/ imports nothing of ours but its own folder and the engine's public entry (engine/index.ts)", files: ['etcd/'], forbid: [OURS], allow: ['etcd/', 'engine/index.ts'] },
	{ rule: "outside etcd/, the etcd backend is imported through its entry (etcd/index.ts); its other files (a local cluster, etcd's history, the calls) by tests, torture/, bench/ and the doctest's programs (doctest/) only", files: [OURS], except: ['etcd/', 'tests/', 'torture/', 'bench/', 'doctest/'], forbid: ['etcd/'], allow: ['etcd/index.ts'] },
	{ rule: 'browser code never imports a Node adapter, better-sqlite3 or a node: module, directly or through other files', files: BROWSER, forbid: NODE_ONLY, transitive: true },
	{ rule: 'the scene pipeline (src/scenes/) imports nothing of the playground (src/playground/), which is built on it', files: ['src/scenes/'], forbid: ['src/playground/'] },
	{ rule: 'import() takes a string literal: a path computed at run time is followed by no bundler, no rule and no reader', files: [OURS], forbid: [COMPUTED] },
]

/** Whether an import's target (or, with `importer`, its importing file) matches a pattern. */
function matches(pattern: Pattern, item: SourceImport, importer: boolean): boolean {
	const path = importer ? item.file : item.target
	const ours = importer || item.ours
	if (!importer && item.computed) return pattern === COMPUTED
	if (pattern === COMPUTED) return false
	if (pattern === OURS) return ours
	if (pattern === ASTRO_SCRIPTS) return importer && item.script
	if (pattern.endsWith('*')) return path.startsWith(pattern.slice(0, -1))
	if (pattern.endsWith('/')) return ours && path.startsWith(pattern)
	return path === pattern || (!ours && path.startsWith(`${pattern}/`))
}

const any = (patterns: Pattern[] | undefined, item: SourceImport, importer: boolean): boolean =>
	(patterns ?? []).some(pattern => matches(pattern, item, importer))

function governs(rule: ImportRule, item: SourceImport): boolean {
	return any(rule.files, item, true) && !any(rule.except, item, true)
}

function forbidden(rule: ImportRule, item: SourceImport): boolean {
	return any(rule.forbid, item, false) && !any(rule.allow, item, false)
}

/**
 * Each import that breaks the rule, as `FILE:LINE:COL: imports "SPECIFIER" (TARGET): RULE`, or for
 * an `import()` of a computed path `FILE:LINE:COL: imports a path computed from \`EXPRESSION\`: RULE`.
 */
export function violations(rule: ImportRule, imports: readonly SourceImport[]): string[] {
	const imported = (item: SourceImport): string =>
		item.computed
			? `imports a path computed from \`${item.specifier}\``
			: `imports "${item.specifier}"${item.target === item.specifier ? '' : ` (${item.target})`}`
	const say = (item: SourceImport, via: string[] = []): string =>
		formatMessage({ ...item, message: `${imported(item)}${via.length > 0 ? `, reached from ${via.join(' -> ')}` : ''}: ${rule.rule}` })
	const governed = imports.filter(item => governs(rule, item))
	if (rule.together) {
		const files = [...new Set(governed.map(item => item.file))]
		return files.flatMap(file => {
			const mine = governed.filter(item => item.file === file)
			const firsts = rule.forbid.map(pattern => mine.find(item => matches(pattern, item, false) && !any(rule.allow, item, false)))
			return firsts.every(item => item !== undefined) ? firsts.map(item => say(item)) : []
		})
	}
	if (!rule.transitive) return governed.filter(item => forbidden(rule, item)).map(item => say(item))
	return followed(rule, governed, imports)
		.filter(({ item }) => forbidden(rule, item))
		.map(({ item, via }) => say(item, via))
}

/**
 * The governed imports and, breadth first, the runtime imports of every file of ours they reach,
 * each with the chain of files it was reached through (empty for a governed import itself).
 */
function followed(rule: ImportRule, governed: readonly SourceImport[], imports: readonly SourceImport[]): { item: SourceImport; via: string[] }[] {
	const byFile = new Map<string, SourceImport[]>()
	for (const item of imports) byFile.set(item.file, [...(byFile.get(item.file) ?? []), item])
	const runtime = governed.filter(item => !item.typeOnly)
	const out = runtime.map(item => ({ item, via: [] as string[] }))
	const seen = new Set(runtime.map(item => item.file))
	for (let i = 0; i < out.length; i++) {
		const { item, via } = out[i]!
		if (!item.ours || seen.has(item.target) || forbidden(rule, item)) continue
		seen.add(item.target)
		const chain = [...(via.length === 0 ? [item.script ? `<script> of ${item.file}` : item.file] : via), item.target]
		for (const next of byFile.get(item.target) ?? []) {
			if (!next.typeOnly && !next.script) out.push({ item: next, via: chain })
		}
	}
	return out
}
