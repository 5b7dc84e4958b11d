import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { pythonImports, readModules, rustUses } from './client-modules.ts'
import { chainText, importCycles } from './import-cycles.ts'
import { importsOf, readSources } from './source-imports.ts'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

describe('no file of our source reaches itself through its imports', () => {
	it('finds no import cycle, type-only imports included', () => {
		const cycles = importCycles(importsOf(readSources(ROOT))).map(chainText)
		expect(cycles).toEqual([])
	})

	it('finds no cycle among the modules of the Rust and Python clients (Go\'s is one package)', () => {
		const rust = importCycles(rustUses(readModules(ROOT, 'clients/rust/src', '.rs'))).map(chainText)
		const python = importCycles(pythonImports(readModules(ROOT, 'clients/python/src/tinystore_locks', '.py'))).map(chainText)
		expect([...rust, ...python]).toEqual([])
	})
})

describe('the cycle check fails on a cycle', () => {
	it('prints each cycle as a chain of files, from its first file back to it, type-only and dynamic imports included', () => {
		const cycles = importCycles(
			importsOf([
				{ path: 'src/scenes/browser/scene-player.ts', text: "const { openPlay } = await import('./play/play-panel.ts')\n" },
				{ path: 'src/scenes/browser/play/play-panel.ts', text: "import type { ScenePlayer } from '../scene-player.ts'\nimport { step } from './step.ts'\n" },
				{ path: 'src/scenes/browser/play/step.ts', text: "export const step = 1\n" },
				{ path: 'src/a.ts', text: "import './b.ts'\n" },
				{ path: 'src/b.ts', text: "export * from './c.ts'\n" },
				{ path: 'src/c.ts', text: "import { a } from './a.ts'\nimport 'node:fs'\n" },
				{ path: 'src/self.ts', text: "import './self.ts'\n" },
			]),
		).map(chainText)
		expect(cycles).toEqual([
			'src/a.ts -> src/b.ts -> src/c.ts -> src/a.ts',
			'src/scenes/browser/play/play-panel.ts -> src/scenes/browser/scene-player.ts -> src/scenes/browser/play/play-panel.ts',
			'src/self.ts -> src/self.ts',
		])
	})

	it('reads a Rust module\'s crate paths and a Python module\'s relative imports as imports', () => {
		const rust = rustUses([
			{ path: 'r/client.rs', text: 'use crate::lease::Lease;\nfn f() { crate::link::go() }\n' },
			{ path: 'r/lease.rs', text: 'fn g() { crate::client::wire_ttl() }\n' },
			{ path: 'r/link.rs', text: 'use std::io;\n' },
		])
		expect(importCycles(rust).map(chainText)).toEqual(['r/client.rs -> r/lease.rs -> r/client.rs'])
		const python = pythonImports([
			{ path: 'p/client.py', text: 'from .lease import Lease\nimport json\n' },
			{ path: 'p/lease.py', text: 'from . import client\n' },
		])
		expect(importCycles(python).map(chainText)).toEqual(['p/client.py -> p/lease.py -> p/client.py'])
	})

	it('finds none where imports go one way', () => {
		expect(
			importCycles(
				importsOf([
					{ path: 'src/a.ts', text: "import './b.ts'\nimport './c.ts'\n" },
					{ path: 'src/b.ts', text: "import './c.ts'\n" },
					{ path: 'src/c.ts', text: '' },
				]),
			),
		).toEqual([])
	})
})
