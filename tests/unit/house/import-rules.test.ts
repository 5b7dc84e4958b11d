import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { IMPORT_RULES, type ImportRule, violations } from './import-rules.ts'
import { importsOf, readSources, type SourceText } from './source-imports.ts'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const imports = importsOf(readSources(ROOT))

/** The rule of the table whose words start so. */
const rule = (start: string): ImportRule => IMPORT_RULES.find(candidate => candidate.rule.startsWith(start))!

/** Every violation of every rule in some synthetic files. */
const check = (files: SourceText[]): string[] => IMPORT_RULES.flatMap(each => violations(each, importsOf(files)))

/** Empty files at these paths: what the synthetic files import. */
const empty = (...paths: string[]): SourceText[] => paths.map(path => ({ path, text: '' }))

describe('the import rules hold in the project', () => {
	it('reads the imports of every source folder, the tests too, and of each .astro <script>', () => {
		const folders = new Set(imports.map(item => item.file.split('/')[0]))
		for (const folder of ['engine', 'scene-parser', 'src', 'server', 'bench', 'tests']) expect(folders).toContain(folder)
		expect(imports.some(item => item.script && item.target === 'src/scenes/browser/player.ts')).toBe(true)
		expect(imports.filter(item => item.ours).every(item => !item.target.startsWith('..'))).toBe(true)
	})

	it("are the README's table of who may import whom, word for word and in order", () => {
		const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
		const layout = readme.slice(readme.indexOf('\n## Layout\n'), readme.indexOf('\n## ', readme.indexOf('\n## Layout\n') + 1))
		const rows = layout.slice(layout.indexOf('| who may import whom |')).split('\n').slice(2)
		const table = rows.slice(0, rows.findIndex(row => !row.startsWith('| '))).map(row => row.slice(2, -2))
		expect(table).toEqual(IMPORT_RULES.map(each => each.rule))
	})

	it.each(IMPORT_RULES.map(each => [each.rule, each] as const))('%s', (_, each) => {
		expect(violations(each, imports)).toEqual([])
	})
})

describe('the import-rule check fails on a forbidden import', () => {
	it('names the file, the place, the import and the rule', () => {
		const found = check([
			{ path: 'engine/lock.ts', text: "import type { Key } from './key.ts'\nimport { parseScene } from '../scene-parser/index.ts'\n" },
			...empty('engine/key.ts', 'scene-parser/index.ts'),
		])
		expect(found).toEqual([
			'engine/lock.ts:2:28: imports "../scene-parser/index.ts" (scene-parser/index.ts): engine/ imports nothing of ours outside engine/',
		])
	})

	it('finds a Node module that browser code reaches through other files, and says through which', () => {
		const found = check([
			{ path: 'src/scenes/browser/player.ts', text: "import { check } from '../check.ts'\n" },
			{ path: 'src/scenes/check.ts', text: "import type { Stats } from 'node:fs'\nimport { openNodeDriver } from './build/drivers.ts'\n" },
			{ path: 'src/scenes/build/drivers.ts', text: "\n  import { betterSqliteDriver } from '../../../engine/adapters/node.ts'\n" },
			{ path: 'engine/adapters/node.ts', text: "export * from './better-sqlite3.ts'\n" },
			{ path: 'engine/adapters/better-sqlite3.ts', text: "import Database from 'better-sqlite3'\n" },
		])
		expect(found).toEqual([
			`src/scenes/build/drivers.ts:2:38: imports "../../../engine/adapters/node.ts" (engine/adapters/node.ts): ${rule('the site').rule}`,
			'src/scenes/build/drivers.ts:2:38: imports "../../../engine/adapters/node.ts" (engine/adapters/node.ts), reached from src/scenes/browser/player.ts -> src/scenes/check.ts -> src/scenes/build/drivers.ts: ' +
				rule('browser code').rule,
		])
	})

	it("finds a Node module imported by a component's <script>, not by its frontmatter", () => {
		const found = check([
			{ path: 'src/components/Player.astro', text: "---\nimport { readFile } from 'node:fs/promises'\n---\n<div></div>\n<script>\n\timport 'fs'\n</script>\n" },
		])
		expect(found).toEqual([`src/components/Player.astro:6:9: imports "fs" (node:fs): ${rule('browser code').rule}`])
	})

	it('lets a file import the engine or the parser, but not both, outside the simulation', () => {
		const engine = { path: 'engine/index.ts', text: '' }
		const parser = { path: 'scene-parser/index.ts', text: '' }
		const both = "import { Store } from '../../engine/index.ts'\nimport { parseScene } from '../../scene-parser/index.ts'\n"
		expect(check([engine, parser, { path: 'bench/clients/one.ts', text: "import { Store } from '../../engine/index.ts'\n" }])).toEqual([])
		expect(check([engine, parser, { path: 'bench/clients/both.ts', text: both }])).toEqual([
			`bench/clients/both.ts:1:23: imports "../../engine/index.ts" (engine/index.ts): ${rule('only the simulation').rule}`,
			`bench/clients/both.ts:2:28: imports "../../scene-parser/index.ts" (scene-parser/index.ts): ${rule('only the simulation').rule}`,
			`bench/clients/both.ts:2:28: imports "../../scene-parser/index.ts" (scene-parser/index.ts): ${rule('outside the parser').rule}`,
		])
		expect(check([engine, parser, { path: 'src/scenes/simulation/both.ts', text: both.replaceAll('../../', '../../../') }])).toEqual([])
	})

	it("keeps the site to the entries of the simulation, the renderer and the claim language, and the parser's message format to the frame's formatting", () => {
		const found = check([
			{ path: 'src/cli/check.ts', text: "import { compileScene } from '../scenes/simulation/compile.ts'\nimport { compileScene as again } from '../scenes/simulation/index.ts'\n" },
			{ path: 'src/playground/draw.ts', text: "import { renderFrame } from '../scenes/render/render-svg.ts'\nimport { FORMS } from '../scenes/claims/registry.ts'\n" },
			{ path: 'src/scenes/scene-figure.ts', text: "import { formatMessage } from '../../scene-parser/format.ts'\nimport { parseScene } from '../../scene-parser/index.ts'\n" },
			...empty('src/scenes/simulation/compile.ts', 'src/scenes/simulation/index.ts', 'src/scenes/render/render-svg.ts', 'src/scenes/claims/registry.ts', 'scene-parser/format.ts', 'scene-parser/index.ts'),
		])
		expect(found).toEqual([
			`src/scenes/scene-figure.ts:1:31: imports "../../scene-parser/format.ts" (scene-parser/format.ts): ${rule('outside the parser').rule}`,
			`src/scenes/scene-figure.ts:2:28: imports "../../scene-parser/index.ts" (scene-parser/index.ts): ${rule('outside the parser').rule}`,
			`src/cli/check.ts:1:30: imports "../scenes/simulation/compile.ts" (src/scenes/simulation/compile.ts): ${rule('outside src/scenes/simulation/').rule}`,
			`src/playground/draw.ts:1:29: imports "../scenes/render/render-svg.ts" (src/scenes/render/render-svg.ts): ${rule('outside src/scenes/render/').rule}`,
			`src/playground/draw.ts:2:23: imports "../scenes/claims/registry.ts" (src/scenes/claims/registry.ts): ${rule('outside src/scenes/claims/').rule}`,
		])
	})

	it("keeps the frame to nothing, its formatting to its two formatters, the renderer to the frame and its formatting, and the server and the site to the engine's entries", () => {
		const found = check([
			{ path: 'src/scenes/frame.ts', text: "import type { Evidence } from './claims/index.ts'\nexport type { Duration } from 'some-package'\n" },
			{ path: 'src/scenes/frame-format.ts', text: "export { formatDuration } from '../../engine/duration.ts'\nexport { formatMessage } from '../../scene-parser/format.ts'\nexport { keyText } from '../../engine/index.ts'\n" },
			{ path: 'src/scenes/render/draw.ts', text: "import type { Frame } from '../frame.ts'\nimport { figure } from '../scene-figure.ts'\nimport { formatDuration } from '../frame-format.ts'\nimport { formatDuration as again } from '../../../engine/index.ts'\n" },
			{ path: 'server/book.ts', text: "import { LockError } from '../engine/errors.ts'\nimport { sqlJsDriver } from '../engine/adapters/index.ts'\n" },
			...empty('src/scenes/claims/index.ts', 'src/scenes/scene-figure.ts', 'engine/duration.ts', 'engine/index.ts', 'scene-parser/format.ts'),
		])
		expect(found).toEqual([
			`src/scenes/frame.ts:1:31: imports "./claims/index.ts" (src/scenes/claims/index.ts): ${rule('the frame (').rule}`,
			`src/scenes/frame.ts:2:31: imports "some-package": ${rule('the frame (').rule}`,
			`src/scenes/frame-format.ts:3:25: imports "../../engine/index.ts" (engine/index.ts): ${rule("the frame's formatting").rule}`,
			`src/scenes/render/draw.ts:2:24: imports "../scene-figure.ts" (src/scenes/scene-figure.ts): ${rule('the renderer').rule}`,
			`src/scenes/render/draw.ts:4:41: imports "../../../engine/index.ts" (engine/index.ts): ${rule('the renderer').rule}`,
			`src/scenes/render/draw.ts:4:41: imports "../../../engine/index.ts" (engine/index.ts): ${rule('the site').rule}`,
			`server/book.ts:1:27: imports "../engine/errors.ts" (engine/errors.ts): ${rule('outside engine/').rule}`,
			`server/book.ts:1:27: imports "../engine/errors.ts" (engine/errors.ts): ${rule('the server').rule}`,
			`server/book.ts:2:29: imports "../engine/adapters/index.ts" (engine/adapters/index.ts): ${rule('the server').rule}`,
		])
	})

	it("keeps the site to the simulation's entries for the engine, in the browser and in Node", () => {
		const found = check([
			{ path: 'src/scenes/browser/play/log.ts', text: "import type { SqlRow } from '../../../../engine/index.ts'\nimport type { SqlValue } from '../../simulation/index.ts'\n" },
			{ path: 'src/scenes/node-sqlite/drivers.ts', text: "import { betterSqliteDriver } from '../simulation/node.ts'\nimport { loadSqlJs } from '../../../engine/adapters/node.ts'\n" },
			{ path: 'src/seed/domain.ts', text: "import { fenceText } from '../../engine/index.ts'\n" },
			...empty('src/scenes/simulation/index.ts', 'src/scenes/simulation/node.ts', 'engine/index.ts', 'engine/adapters/node.ts'),
		])
		expect(found).toEqual([
			`src/scenes/browser/play/log.ts:1:29: imports "../../../../engine/index.ts" (engine/index.ts): ${rule('the site').rule}`,
			`src/scenes/node-sqlite/drivers.ts:2:27: imports "../../../engine/adapters/node.ts" (engine/adapters/node.ts): ${rule('the site').rule}`,
		])
	})

	it('keeps the scene pipeline off the playground, which is built on it', () => {
		const found = check([
			{ path: 'src/scenes/markdown/remark-scenes.ts', text: "import { playgroundHref } from '../../playground/scene-link.ts'\n" },
			{ path: 'src/playground/playground.ts', text: "import { encodeScene } from '../scenes/scene-link.ts'\n" },
			...empty('src/playground/scene-link.ts', 'src/scenes/scene-link.ts'),
		])
		expect(found).toEqual([
			`src/scenes/markdown/remark-scenes.ts:1:32: imports "../../playground/scene-link.ts" (src/playground/scene-link.ts): ${rule('the scene pipeline').rule}`,
		])
	})

	it("keeps the site to the guarded check's entry, and the checker to its entry alone", () => {
		const found = check([
			{ path: 'src/scenes/markdown/scenes-integration.ts', text: "import { CheckPool } from '../guarded/check-pool.ts'\nimport { CheckPool as Pool } from '../guarded/index.ts'\n" },
			{ path: 'src/scenes/guarded/check-pool.ts', text: "import './checker.ts'\n" },
			{ path: 'src/scenes/guarded/checker-entry.mjs', text: "await import('./checker.ts')\n" },
			{ path: 'tests/unit/scenes/guarded-check.test.ts', text: "import { WARM_UP_SCENE } from '../../../src/scenes/guarded/warm-up.ts'\n" },
			...empty('src/scenes/guarded/index.ts', 'src/scenes/guarded/checker.ts', 'src/scenes/guarded/warm-up.ts'),
		])
		expect(found).toEqual([
			`src/scenes/markdown/scenes-integration.ts:1:27: imports "../guarded/check-pool.ts" (src/scenes/guarded/check-pool.ts): ${rule('outside src/scenes/guarded/').rule}`,
			`src/scenes/guarded/check-pool.ts:1:8: imports "./checker.ts" (src/scenes/guarded/checker.ts): ${rule("only the checker's entry").rule}`,
		])
	})

	it('finds an import() of a path computed at run time, as engine/store.ts had, and lets a string literal be', () => {
		const found = check([
			{
				path: 'engine/store.ts',
				text: [
					"const dirAdapter = './adapters/dir.ts'",
					'const adapter = await import(/* @vite-ignore */ dirAdapter)',
					"const named = await import(`./adapters/${'dir'}.ts`)",
					"const literal = await import('./adapters/dir.ts')",
					'const template = await import(`./adapters/dir.ts`)',
					'',
				].join('\n'),
			},
			{ path: 'src/scenes/browser/player.ts', text: "const panel = await import(['./play', 'play-panel.ts'].join('/'))\n" },
			{ path: 'engine/adapters/dir.ts', text: '' },
		])
		expect(found).toEqual([
			`engine/store.ts:2:49: imports a path computed from \`dirAdapter\`: ${rule('import()').rule}`,
			`engine/store.ts:3:28: imports a path computed from \`\`./adapters/\${'dir'}.ts\`\`: ${rule('import()').rule}`,
			`src/scenes/browser/player.ts:1:28: imports a path computed from \`['./play', 'play-panel.ts'].join('/')\`: ${rule('import()').rule}`,
		])
	})

	it("keeps etcd/ to its own folder and the engine's public entry, and the site and the server to etcd's entry", () => {
		const found = check([
			...empty('engine/index.ts', 'etcd/index.ts', 'etcd/rpc.ts'),
			{ path: 'etcd/client.ts', text: "import { Store } from '../engine/index.ts'\nimport { connect } from '../server/index.ts'\nimport { EtcdRpc } from './rpc.ts'\n" },
			{ path: 'server/index.ts', text: "import { connectEtcd } from '../etcd/index.ts'\nimport { EtcdRpc } from '../etcd/rpc.ts'\n" },
			{ path: 'torture/run.ts', text: "import { EtcdRpc } from '../etcd/rpc.ts'\n" },
		])
		expect(found).toEqual([
			`etcd/client.ts:2:25: imports "../server/index.ts" (server/index.ts): ${rule('etcd/ imports').rule}`,
			`server/index.ts:2:25: imports "../etcd/rpc.ts" (etcd/rpc.ts): ${rule('outside etcd/').rule}`,
		])
	})

	it("reads a new file of a source tree on disk, wherever it lives, tests and content included, and leaves a part's unit tests inside it", () => {
		const root = mkdtempSync(join(tmpdir(), 'import-rules-'))
		try {
			const write = (path: string, text: string): void => {
				mkdirSync(dirname(join(root, path)), { recursive: true })
				writeFileSync(join(root, path), text)
			}
			write('scene-parser/parse.ts', "import { Store } from '../engine/index.ts'\n")
			write('engine/index.ts', '')
			write('engine/lock.ts', '')
			write('src/scenes/render/draw-scene.ts', '')
			write('tests/unit/engine.test.ts', "import { parseScene } from '../../scene-parser/parse.ts'\n")
			write('tests/unit/site/figure.test.ts', "import { drawScene } from '../../../src/scenes/render/draw-scene.ts'\n")
			// A unit test of one part imports the part's files, as the lexer's test imports the lexer.
			write('scene-parser/lexer.ts', '')
			write('tests/unit/parser/lexer.test.ts', "import { tokenize } from '../../../scene-parser/lexer.ts'\n")
			write('tests/unit/render/draw-scene.test.ts', "import { drawScene } from '../../../src/scenes/render/draw-scene.ts'\n")
			write('content/guides/locks.doctest/ts-1.ts', "import type { Lock } from '@repo/engine/lock.ts'\n")
			write('node_modules/x/index.js', "import '../../engine/index.ts'\n")
			expect(IMPORT_RULES.flatMap(each => violations(each, importsOf(readSources(root))))).toEqual([
				`scene-parser/parse.ts:1:23: imports "../engine/index.ts" (engine/index.ts): ${rule('scene-parser/').rule}`,
				`tests/unit/engine.test.ts:1:28: imports "../../scene-parser/parse.ts" (scene-parser/parse.ts): ${rule('outside the parser').rule}`,
				`tests/unit/site/figure.test.ts:1:27: imports "../../../src/scenes/render/draw-scene.ts" (src/scenes/render/draw-scene.ts): ${rule('outside src/scenes/render/').rule}`,
				`content/guides/locks.doctest/ts-1.ts:1:27: imports "@repo/engine/lock.ts" (engine/lock.ts): ${rule('outside engine/').rule}`,
			])
		} finally {
			rmSync(root, { recursive: true, force: true })
		}
	})
})
