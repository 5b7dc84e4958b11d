/**
 * Empty in-memory databases handed from one scene to the next. Opening a SQLite database,
 * creating its tables and preparing its statements costs more than most of a scene's run, and
 * every scene opens the same two kinds (a store's kv.db, a chats table). A database closed by
 * one scene is emptied and given to the next scene whose first statement is the one that made
 * its tables, so that scene sees what a fresh database would show it: those tables, no rows.
 */
import type { OpenDriver, SqliteDriver, SqlValue } from '../simulation/index.ts'

/** How many emptied databases of one kind wait for a scene; more are closed. */
export const KEPT_PER_KIND = 8
/** How many kinds (first statements) are kept at once; a database of another kind is closed. */
export const KEPT_KINDS = 16

/** What one reused database holds besides its connection. */
interface Kept {
	driver: SqliteDriver
	tables: string[]
}

/** How many databases the opener opened, and how many opens it served with a kept one; for tests and benchmarks. */
export interface ReuseCounts {
	opened: number
	reused: number
}

/**
 * Wraps `open` so that an empty database's close keeps it for the next open: when the next
 * scene's first statement on its new database is an `exec` of the same SQL that made the kept
 * one's tables, it gets the kept database, emptied, instead of a new one running that SQL.
 *
 * A database is kept only when that first statement made tables (and indexes) and no rows, left
 * no transaction open and made nothing temporary or attached; and every later statement read or
 * wrote rows and did nothing else (no pragma, schema change, transaction or attachment: any of
 * those could outlive the rows), so at close it holds what that statement made and rows. Its rows
 * are then deleted with SQLite's secure delete, and it is kept only if no page was freed, so even
 * a backup's bytes are a fresh database's. What carries over is the connection's running counts
 * (`last_insert_rowid()`, `total_changes()`), which the engine does not read. Databases opened
 * from bytes are never kept.
 */
export function reuseEmptyDatabases(open: OpenDriver, counts: ReuseCounts = { opened: 0, reused: 0 }): OpenDriver {
	const kept = new Map<string, Kept[]>()
	return (bytes, owner) => {
		if (bytes !== undefined) {
			counts.opened++
			return open(bytes, owner)
		}
		return new ReusableDatabase(() => {
			counts.opened++
			return open(undefined, owner)
		}, kept, counts)
	}
}

/** A database that takes its connection at its first statement: a kept one when that statement made one, else a new one. */
class ReusableDatabase implements SqliteDriver {
	#driver: SqliteDriver | undefined
	/** The first statement's SQL and what it made, while this database may still be kept. */
	#made: { sql: string; tables: string[] } | undefined
	#closed = false

	constructor(
		readonly openNew: () => SqliteDriver,
		readonly kept: Map<string, Kept[]>,
		readonly counts: ReuseCounts,
	) {}

	exec(sql: string): void {
		if (this.#driver) {
			// A later exec may run anything (several statements, pragmas): this database is not kept.
			this.#made = undefined
			this.#use().exec(sql)
			return
		}
		this.#ensureOpen()
		const reused = this.kept.get(sql)?.pop()
		if (reused) {
			this.counts.reused++
			this.#driver = reused.driver
			this.#made = { sql, tables: reused.tables }
			return
		}
		const driver = this.openNew()
		this.#driver = driver
		driver.exec(sql)
		this.#made = madeBy(driver, sql)
	}

	run(sql: string, params?: readonly SqlValue[]): { changes: number } {
		return this.#data(sql).run(sql, params)
	}

	get<T>(sql: string, params?: readonly SqlValue[]): T | undefined {
		return this.#data(sql).get<T>(sql, params)
	}

	all<T>(sql: string, params?: readonly SqlValue[]): T[] {
		return this.#data(sql).all<T>(sql, params)
	}

	serialize(): Uint8Array {
		return this.#use().serialize()
	}

	close(): void {
		if (this.#closed) return
		this.#closed = true
		const driver = this.#driver
		this.#driver = undefined
		if (!driver) return
		const made = this.#made
		const list = made ? this.kept.get(made.sql) : undefined
		const room = made !== undefined && (list ? list.length < KEPT_PER_KIND : this.kept.size < KEPT_KINDS)
		if (!made || !room || !emptied(driver, made.tables)) {
			driver.close()
			return
		}
		const kind = list ?? []
		kind.push({ driver, tables: made.tables })
		this.kept.set(made.sql, kind)
	}

	#ensureOpen(): void {
		if (this.#closed) throw new Error('the database is closed')
	}

	/** The connection for a one-statement call; a statement that does more than read or write rows means it is not kept. */
	#data(sql: string): SqliteDriver {
		if (!DATA_STATEMENT.test(sql)) this.#made = undefined
		return this.#use()
	}

	/** The connection, opened new for a first statement that is not an `exec`. */
	#use(): SqliteDriver {
		this.#ensureOpen()
		if (!this.#driver) this.#driver = this.openNew()
		return this.#driver
	}
}

/**
 * A statement that reads or writes rows and nothing else: its first word, after any comments.
 * better-sqlite3 and sql.js run one statement per call, so the first word is the statement's.
 */
const DATA_STATEMENT = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*(?:select|insert|update|delete|replace|with|values)\b/i

/**
 * What a new database's first statement made, when it may be kept: tables and indexes only
 * (a trigger or view could act while it is emptied), none with a row, no transaction left
 * open, nothing temporary or attached.
 */
function madeBy(driver: SqliteDriver, sql: string): { sql: string; tables: string[] } | undefined {
	try {
		// Starting a transaction fails inside one.
		driver.exec('begin')
		driver.exec('rollback')
	} catch {
		return undefined
	}
	const objects = driver.all<{ type: string; name: string }>(`select type, name from sqlite_master where substr(name, 1, 7) <> 'sqlite_' order by name`)
	if (objects.some(object => object.type !== 'table' && object.type !== 'index')) return undefined
	const elsewhere = driver.get<{ n: number }>(
		`select (select count(*) from sqlite_temp_master) + (select count(*) from pragma_database_list where name not in ('main', 'temp')) as n`,
	)
	if (elsewhere?.n !== 0) return undefined
	// sqlite_sequence (AUTOINCREMENT's counters) is a table of rows too, emptied with the others.
	const tables = driver
		.all<{ name: string }>(`select name from sqlite_master where type = 'table' and (substr(name, 1, 7) <> 'sqlite_' or name = 'sqlite_sequence') order by name`)
		.map(row => row.name)
	if (tables.length === 0 || tables.some(name => driver.get(`select 1 from ${quoted(name)} limit 1`) !== undefined)) return undefined
	return { sql, tables }
}

/**
 * Empties a closing database for the next scene: every row of `tables` deleted and its bytes
 * overwritten; true when no page was freed (a freed page would make a backup's bytes differ
 * from a fresh database's).
 */
function emptied(driver: SqliteDriver, tables: string[]): boolean {
	try {
		// Overwritten, not only unlinked: a backup's bytes must not hold an earlier scene's rows.
		// The setting is the connection's, so it goes back to what it was.
		const secure = driver.get<{ secure_delete: number }>('pragma secure_delete')?.secure_delete ?? 0
		driver.run('pragma secure_delete = 1')
		for (const name of tables) driver.run(`delete from ${quoted(name)}`)
		driver.run(`pragma secure_delete = ${secure === 1 ? 1 : 0}`)
		return driver.get<{ pages: number }>('select freelist_count as pages from pragma_freelist_count')?.pages === 0
	} catch {
		return false
	}
}

function quoted(name: string): string {
	return `"${name.replaceAll('"', '""')}"`
}
