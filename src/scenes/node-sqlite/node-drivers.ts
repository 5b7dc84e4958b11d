/**
 * The SQLite drivers a scene runs on in Node: better-sqlite3 (the build), and sql.js (the
 * browser's engine, run in Node so a test can compare the two).
 */
import { betterSqliteDriver, loadSqlJs, sqlJsDriver, type OpenDriver } from '../simulation/node.ts'
import { reuseEmptyDatabases } from './reused-databases.ts'

/** Opens an in-memory better-sqlite3 database, empty or from a backup's bytes; a new one each time. */
export const openFreshNodeDriver: OpenDriver = bytes => betterSqliteDriver(bytes ?? ':memory:')

/** Opens an in-memory better-sqlite3 database, empty (one an earlier scene emptied, where it can) or from a backup's bytes. */
export const openNodeDriver: OpenDriver = reuseEmptyDatabases(openFreshNodeDriver)

/** An opener of in-memory sql.js databases, once sql.js's wasm is loaded. */
export async function openSqlJsDriverFactory(): Promise<OpenDriver> {
	const SQL = await loadSqlJs()
	return bytes => sqlJsDriver(SQL, bytes)
}
