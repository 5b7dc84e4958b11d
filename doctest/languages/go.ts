/** Go blocks: a module of their own that requires the Go client from clients/go, with the doctest's helpers beside main.go. */
import { copyFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Language } from './language.ts'

export const go: Language = {
	name: 'go',
	extension: 'go',
	comment: '//',
	chatDb: 'migrated',
	async run(source, dir, context) {
		const client = join(context.root, 'clients/go')
		writeFileSync(
			join(dir, 'go.mod'),
			`module doctest\n\ngo 1.19\n\nrequire tinyshed.org/tinystore/locks v0.0.0\n\nreplace tinyshed.org/tinystore/locks => ${client}\n`,
		)
		writeFileSync(join(dir, 'main.go'), source)
		const support = join(context.root, 'doctest/support/go')
		for (const file of readdirSync(support)) copyFileSync(join(support, file), join(dir, file))
		// Nothing is fetched: the client is a local module, and the rest is the standard library (and cgo's sqlite3).
		return context.exec('go', ['run', '.'], { cwd: dir, env: { GOFLAGS: '-mod=mod', GOPROXY: 'off', GOWORK: 'off' }, timeoutMs: 180_000 })
	},
}
