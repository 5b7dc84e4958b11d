/** SQL blocks: run by SQLite (better-sqlite3) on the chat.db the doctest made in the program's folder (the seed's table before migration 0004), the setup's statements around them. */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Language } from './language.ts'

export const sql: Language = {
	name: 'sql',
	extension: 'sql',
	comment: '--',
	chatDb: 'before the migration',
	async run(source, dir, context) {
		writeFileSync(join(dir, 'main.sql'), source)
		const runner = join(context.root, 'doctest/support/ts/run-sql.ts')
		return context.exec(join(context.root, 'node_modules/.bin/tsx'), [runner, 'main.sql'], { cwd: dir })
	},
}
