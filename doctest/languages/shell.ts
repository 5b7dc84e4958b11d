/** Shell blocks: run by bash (errexit, nounset, pipefail) in a folder of their own; `$REPO` is the repository. */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Language } from './language.ts'

export const shell: Language = {
	name: 'sh',
	extension: 'sh',
	comment: '#',
	async run(source, dir, context) {
		writeFileSync(join(dir, 'main.sh'), source)
		return context.exec('bash', ['-euo', 'pipefail', 'main.sh'], { cwd: dir, env: { REPO: context.root }, timeoutMs: 120_000 })
	},
}
