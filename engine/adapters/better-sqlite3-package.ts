import { createRequire } from 'node:module'
import type BetterSqlite3 from 'better-sqlite3'

/** The npm name of the better-sqlite3 that runs on a Node version: 13 from Node 22, else 12 under its alias. */
export function betterSqlitePackage(nodeVersion: string): 'better-sqlite3' | 'better-sqlite3-node20' {
	return Number(nodeVersion.split('.')[0]) >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20'
}

/** One open better-sqlite3 database. */
export type BetterSqliteDatabase = BetterSqlite3.Database

// 12 aborts at garbage collection on Node >= 24.19 and 13 needs Node 22, so both are optional
// dependencies that npm installs only where their engines allow, and the running Node picks one.
const packageName = betterSqlitePackage(process.versions.node)

/** better-sqlite3's Database class, from the package that fits the running Node. */
export const Database: typeof BetterSqlite3 = loadDatabase()

function loadDatabase(): typeof BetterSqlite3 {
	try {
		return createRequire(import.meta.url)(packageName) as typeof BetterSqlite3
	} catch (error) {
		throw new Error(`better-sqlite3 on Node ${process.versions.node}: cannot load ${packageName}; run npm ci under this Node`, { cause: error })
	}
}
