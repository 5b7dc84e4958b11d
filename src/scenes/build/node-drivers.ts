/**
 * The SQLite drivers a scene runs on in Node: better-sqlite3 (the build), and sql.js (the
 * browser's engine, run in Node so a test can compare the two).
 */
import { betterSqliteDriver, loadSqlJs, sqlJsDriver } from '../../../engine/adapters/node.ts'
import type { OpenDriver } from '../simulation/simulate.ts'

/** Opens an in-memory better-sqlite3 database, empty or from a backup's bytes. */
export const openNodeDriver: OpenDriver = bytes => betterSqliteDriver(bytes ?? ':memory:')

/** An opener of in-memory sql.js databases, once sql.js's wasm is loaded. */
export async function openSqlJsDriverFactory(): Promise<OpenDriver> {
	const SQL = await loadSqlJs()
	return bytes => sqlJsDriver(SQL, bytes)
}
