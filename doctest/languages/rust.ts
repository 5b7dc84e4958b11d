/** Rust blocks: a crate of their own that depends on the Rust client in clients/rust, with the doctest's helpers as modules; one target folder for all of them. */
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Language } from './language.ts'

export const rust: Language = {
	name: 'rust',
	extension: 'rs',
	comment: '//',
	chatDb: 'migrated',
	async run(source, dir, context) {
		const client = join(context.root, 'clients/rust')
		writeFileSync(
			join(dir, 'Cargo.toml'),
			`[package]\nname = "doctest"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\ntinystore-locks = { path = ${JSON.stringify(client)} }\n\n[workspace]\n`,
		)
		mkdirSync(join(dir, 'src'))
		writeFileSync(join(dir, 'src/main.rs'), source)
		const support = join(context.root, 'doctest/support/rust')
		for (const file of readdirSync(support)) copyFileSync(join(support, file), join(dir, 'src', file))
		const target = join(context.root, 'test-results/doctest-rust-target')
		return context.exec('cargo', ['run', '--quiet', '--offline'], { cwd: dir, env: { CARGO_TARGET_DIR: target }, timeoutMs: 180_000 })
	},
}
