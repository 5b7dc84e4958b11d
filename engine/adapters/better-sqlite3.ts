import Database, { type Statement } from 'better-sqlite3'
import { exactInteger, type SqliteDriver, type SqlRow, type SqlValue } from '../driver.ts'
import { StatementCache } from './statement-cache.ts'

/** One open better-sqlite3 database. */
export type BetterSqliteDatabase = Database.Database

/** better-sqlite3's Database class. */
export { Database }

/** How long a statement waits for another connection's lock before SQLITE_BUSY; better-sqlite3's default unless given. */
export interface BetterSqliteOptions {
	timeoutMs?: number
}

/**
 * A driver on better-sqlite3 (Node): a database file, `':memory:'` (the default), or
 * the bytes of a serialized database, opened in memory.
 */
export function betterSqliteDriver(pathOrBytes: string | Uint8Array = ':memory:', options: BetterSqliteOptions = {}): SqliteDriver {
	const source = typeof pathOrBytes === 'string' ? pathOrBytes : Buffer.from(pathOrBytes)
	const db = new Database(source, options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs })
	const statements = new StatementCache<Statement<unknown[]>>(sql => db.prepare(sql))
	// A statement with result columns is read with exact integers; others cannot be switched.
	const reading = (sql: string): Statement<unknown[]> => statements.get(sql).safeIntegers(true)

	return {
		exec(sql) {
			db.exec(sql)
		},
		run(sql, params = []) {
			return { changes: statements.get(sql).run(...bindable(params)).changes }
		},
		get<T = SqlRow>(sql: string, params: readonly SqlValue[] = []) {
			const row = reading(sql).get(...bindable(params)) as SqlRow | undefined
			return (row === undefined ? undefined : exactRow(row)) as T | undefined
		},
		all<T = SqlRow>(sql: string, params: readonly SqlValue[] = []) {
			return (reading(sql).all(...bindable(params)) as SqlRow[]).map(exactRow) as T[]
		},
		serialize() {
			return new Uint8Array(db.serialize())
		},
		close() {
			statements.clear()
			db.close()
		},
	}
}

// better-sqlite3 binds blobs only from Buffers.
function bindable(params: readonly SqlValue[]): unknown[] {
	return params.map(value => (value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value) : value))
}

function exactRow(row: SqlRow): SqlRow {
	for (const name in row) {
		const value = row[name]
		if (typeof value === 'bigint') row[name] = exactInteger(value)
	}
	return row
}
