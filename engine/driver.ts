/** A value SQLite stores or returns. Integers beyond 2^53 come back as bigint, exactly. */
export type SqlValue = string | number | bigint | null | Uint8Array

/** A row as an object of column names. */
export type SqlRow = Record<string, SqlValue>

/**
 * One SQLite database, reached synchronously. Both adapters (better-sqlite3 in Node,
 * sql.js anywhere) implement it, and the engine reaches SQLite through nothing else.
 * Parameters are positional (`?`). Integers come back as numbers while they are safe
 * integers and as bigints beyond, on both adapters.
 */
export interface SqliteDriver {
	/** Runs one or more statements without parameters or results. */
	exec(sql: string): void
	/** Runs one statement; `changes` counts the rows it inserted, updated or deleted. */
	run(sql: string, params?: readonly SqlValue[]): { changes: number }
	/** The first row of a query, or undefined. */
	get<T = SqlRow>(sql: string, params?: readonly SqlValue[]): T | undefined
	/** Every row of a query. */
	all<T = SqlRow>(sql: string, params?: readonly SqlValue[]): T[]
	/** The whole database as bytes, which a driver opened on them reads back: a backup. */
	serialize(): Uint8Array
	close(): void
}

/** An integer as a number while it is safe, else as the exact bigint. */
export function exactInteger(value: bigint): number | bigint {
	return value >= -9007199254740991n && value <= 9007199254740991n ? Number(value) : value
}
