import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { Database, betterSqlitePackage } from '../../../engine/adapters/node.ts'

const require = createRequire(import.meta.url)

describe('which better-sqlite3 the running Node loads', () => {
	it('takes 12 (the alias) on Node 20 and 13 from Node 22 on', () => {
		expect(betterSqlitePackage('20.3.0')).toBe('better-sqlite3-node20')
		expect(betterSqlitePackage('20.20.2')).toBe('better-sqlite3-node20')
		expect(betterSqlitePackage('22.0.0')).toBe('better-sqlite3')
		expect(betterSqlitePackage('24.21.0')).toBe('better-sqlite3')
		expect(betterSqlitePackage('26.10.0')).toBe('better-sqlite3')
	})

	it('loads that package, installed at the major the package.json names', () => {
		const name = betterSqlitePackage(process.versions.node)
		expect(Database).toBe(require(name))
		const { version } = require(`${name}/package.json`) as { version: string }
		expect(version.split('.')[0]).toBe(name === 'better-sqlite3' ? '13' : '12')
	})
})
