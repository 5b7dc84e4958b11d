/** TypeScript blocks: run by tsx from a folder of their own; `@repo/` in a setup is the repository. */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Language } from './language.ts'

export const typescript: Language = {
	name: 'ts',
	extension: 'ts',
	comment: '//',
	chatDb: 'migrated',
	async run(source, dir, context) {
		writeFileSync(join(dir, 'main.mts'), source.replaceAll("'@repo/", `'${context.root}/`))
		return context.exec(join(context.root, 'node_modules/.bin/tsx'), ['main.mts'], { cwd: dir })
	},
}
