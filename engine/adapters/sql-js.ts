import type { BindParams, Database, SqlJsStatic, Statement } from 'sql.js'
import { exactInteger, type SqliteDriver, type SqlRow, type SqlValue } from '../driver.ts'
import { StatementCache } from './statement-cache.ts'

// sql.js binds bigints and reads integers as exact bigints with this option; its types
// declare neither.
type ReadRow = (params: null, config: { useBigInt: boolean }) => Record<string, SqlValue>

/**
 * A driver on sql.js (SQLite in WebAssembly, in a browser or in Node): a new empty
 * database, or one opened from the bytes of a serialized database. `SQL` is what
 * `initSqlJs()` resolved to, so the caller decides where the wasm comes from.
 */
export function sqlJsDriver(SQL: SqlJsStatic, bytes?: Uint8Array): SqliteDriver {
	const db: Database = new SQL.Database(bytes)
	// sql.js keeps its database as a file in Emscripten's memory file system, with a
	// journal and full syncs: pure cost there, about 3x slower per transaction.
	const tune = (): void => {
		db.exec('pragma journal_mode = memory; pragma synchronous = off')
	}
	tune()
	const statements = new StatementCache<Statement>(
		sql => db.prepare(sql),
		statement => statement.free(),
	)

	function rows(sql: string, params: readonly SqlValue[], limit: number): SqlRow[] {
		const statement = statements.get(sql)
		const found: SqlRow[] = []
		try {
			statement.bind(params as BindParams)
			while (found.length < limit && statement.step()) {
				const row = (statement.getAsObject as unknown as ReadRow).call(statement, null, { useBigInt: true })
				for (const name in row) {
					const value = row[name]
					if (typeof value === 'bigint') row[name] = exactInteger(value)
				}
				found.push(row)
			}
		} finally {
			statement.reset()
		}
		return found
	}

	const totalChanges = (): number => Number(rows('select total_changes() as n', [], 1)[0]?.n ?? 0)

	return {
		exec(sql) {
			db.exec(sql)
		},
		run(sql, params = []) {
			const before = totalChanges()
			const statement = statements.get(sql)
			try {
				statement.bind(params as BindParams)
				while (statement.step());
			} finally {
				statement.reset()
			}
			// Like better-sqlite3: a statement that changed nothing reports 0, not the last change count.
			return { changes: totalChanges() === before ? 0 : db.getRowsModified() }
		},
		get<T = SqlRow>(sql: string, params: readonly SqlValue[] = []) {
			return rows(sql, params, 1)[0] as T | undefined
		},
		all<T = SqlRow>(sql: string, params: readonly SqlValue[] = []) {
			return rows(sql, params, Number.POSITIVE_INFINITY) as T[]
		},
		serialize() {
			// export() closes and reopens the database: it frees every statement and
			// forgets the pragmas.
			statements.clear()
			const bytes = db.export()
			tune()
			return bytes
		},
		close() {
			statements.clear()
			db.close()
		},
	}
}
