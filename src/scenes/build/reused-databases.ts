/**
 * Empty in-memory databases handed from one scene to the next. Opening a SQLite database,
 * creating its tables and preparing its statements costs more than most of a scene's run, and
 * every scene opens the same two kinds (a store's kv.db, a chats table). A database closed by
 * one scene is emptied and given to the next scene whose first statement is the one that made
 * its tables, so that scene sees what a fresh database would show it: those tables, no rows.
 */
import type { SqliteDriver } from '../../../engine/index.ts'
import type { OpenDriver } from '../simulation/simulate.ts'

/** How many emptied databases of one kind wait for a scene; more are closed. */
export const KEPT_PER_KIND = 8

/** What one reused database holds besides its connection. */
interface Kept {
	driver: SqliteDriver
	/** Its schema and header as they were right after its first statement (schemaOf): the same at close, or it is not kept. */
	schema: string
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
 * one's tables, it gets the kept database, emptied, instead of a new one running that SQL. A
 * database is kept only when that first statement left its tables empty, nothing changed its
 * schema, header or attachments since, and no transaction is open at close. Databases opened from bytes are never kept.
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
	#made: { sql: string; schema: string; tables: string[] } | undefined
	#closed = false

	constructor(
		readonly openNew: () => SqliteDriver,
		readonly kept: Map<string, Kept[]>,
		readonly counts: ReuseCounts,
	) {}

	exec(sql: string): void {
		if (this.#driver) {
			this.#use().exec(sql)
			return
		}
		this.#ensureOpen()
		const reused = this.kept.get(sql)?.pop()
		if (reused) {
			this.counts.reused++
			this.#driver = reused.driver
			this.#made = { sql, schema: reused.schema, tables: reused.tables }
			return
		}
		const driver = this.openNew()
		this.#driver = driver
		driver.exec(sql)
		const tables = driver.all<{ name: string }>(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`).map(row => row.name)
		// Kept only if its first statement made tables and no rows: an emptied copy would otherwise lose them.
		const empty = tables.length > 0 && tables.every(name => driver.get(`select 1 from ${quoted(name)} limit 1`) === undefined)
		if (empty) this.#made = { sql, schema: schemaOf(driver), tables }
	}

	run(sql: string, params?: Parameters<SqliteDriver['run']>[1]): { changes: number } {
		return this.#use().run(sql, params)
	}

	get<T>(sql: string, params?: Parameters<SqliteDriver['get']>[1]): T | undefined {
		return this.#use().get<T>(sql, params)
	}

	all<T>(sql: string, params?: Parameters<SqliteDriver['all']>[1]): T[] {
		return this.#use().all<T>(sql, params)
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
		const list = made ? (this.kept.get(made.sql) ?? []) : []
		if (!made || list.length >= KEPT_PER_KIND || !emptied(driver, made.schema, made.tables)) {
			driver.close()
			return
		}
		list.push({ driver, schema: made.schema, tables: made.tables })
		this.kept.set(made.sql, list)
	}

	#ensureOpen(): void {
		if (this.#closed) throw new Error('the database is closed')
	}

	/** The connection, opened new for a first statement that is not an `exec`. */
	#use(): SqliteDriver {
		this.#ensureOpen()
		if (!this.#driver) this.#driver = this.openNew()
		return this.#driver
	}
}

/**
 * Empties a closing database for the next scene: true when no transaction is open, its schema
 * is still `schema`, and every row of `tables` is gone.
 */
function emptied(driver: SqliteDriver, schema: string, tables: string[]): boolean {
	try {
		// Starting a transaction fails inside one: a database left mid-transaction is not kept.
		driver.exec('begin')
		if (schemaOf(driver) !== schema) {
			driver.exec('rollback')
			return false
		}
		for (const name of tables) driver.run(`delete from ${quoted(name)}`)
		driver.exec('commit')
		return true
	} catch {
		return false
	}
}

/**
 * What a database holds besides its rows: every object of its schema as SQLite keeps its SQL,
 * temporary objects, attached databases, and the header's user version and application id.
 */
function schemaOf(driver: SqliteDriver): string {
	const row = driver.get<Record<string, string | number | null>>(`select
		(select group_concat(line, char(10)) from (select type || ' ' || name || ': ' || coalesce(sql, '') as line from sqlite_master order by type, name)) as main,
		(select count(*) from sqlite_temp_master) as temporary,
		(select count(*) from pragma_database_list) as databases,
		(select user_version from pragma_user_version) as userVersion,
		(select application_id from pragma_application_id) as applicationId`)
	return JSON.stringify(row)
}

function quoted(name: string): string {
	return `"${name.replaceAll('"', '""')}"`
}
