/** Python blocks: run by the machine's python3, with the Python client and the doctest's helpers on its path. */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Language } from './language.ts'

export const python: Language = {
	name: 'python',
	extension: 'py',
	comment: '#',
	chatDb: 'migrated',
	async run(source, dir, context) {
		writeFileSync(join(dir, 'main.py'), source)
		const path = [join(context.root, 'clients/python/src'), join(context.root, 'doctest/support/python')].join(':')
		return context.exec('python3', ['main.py'], { cwd: dir, env: { PYTHONPATH: path, PYTHONDONTWRITEBYTECODE: '1' } })
	},
}
