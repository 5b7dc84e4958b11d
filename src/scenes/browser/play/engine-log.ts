/**
 * What the engine ran, step by step: a driver wrapper that records every statement the engine and
 * the scene's databases send to SQLite, with its parameters and result, and the tables after each frame.
 */
import type { OpenDriver, SqlRow, SqlValue, SqliteDriver } from '../../simulation/index.ts'

/** One statement as SQLite ran it: which actor's database, the SQL, its parameters, what came back, and how many times in a row. */
export interface EngineCall {
	owner: string
	sql: string
	params: readonly SqlValue[]
	/** `changes: 0` for a write; the rows a read returned. */
	result: string
	times: number
}

/** One table of one actor's database after a frame. */
export interface TableRows {
	owner: string
	table: string
	columns: string[]
	rows: SqlValue[][]
}

/** What one frame ran, and every table as it left them. */
export interface FrameLog {
	calls: EngineCall[]
	tables: TableRows[]
}

/** A recording around `open`: pass `open` and `onFrame` to compileScene, then read `frames`. */
export interface EngineRecorder {
	open: OpenDriver
	onFrame: (index: number) => void
	frames: FrameLog[]
}

const shownRows = (rows: readonly SqlRow[]): string => (rows.length === 0 ? 'no row' : rows.map(row => JSON.stringify(row, bigints)).join(', '))

function bigints(_key: string, value: unknown): unknown {
	return typeof value === 'bigint' ? value.toString() : value
}

/** Records every call the drivers `open` makes see, grouped by the frame they belong to. */
export function recordEngine(open: OpenDriver): EngineRecorder {
	const latest = new Map<string, { driver: SqliteDriver; closed: boolean }>()
	let calls: EngineCall[] = []
	const frames: FrameLog[] = []
	const note = (owner: string, sql: string, params: readonly SqlValue[], result: string): void => {
		const text = sql.replace(/\s+/g, ' ').trim()
		const last = calls[calls.length - 1]
		// The simulation reads the row's fence for every text it checks: one line with a count, not ten.
		if (last && last.owner === owner && last.sql === text && last.result === result && JSON.stringify(last.params, bigints) === JSON.stringify(params, bigints)) last.times++
		else calls.push({ owner, sql: text, params: [...params], result, times: 1 })
	}
	const recorded: OpenDriver = (bytes, owner = '?') => {
		const driver = open(bytes, owner)
		const entry = { driver, closed: false }
		latest.set(owner, entry)
		return {
			exec(sql) {
				driver.exec(sql)
				note(owner, sql, [], 'done')
			},
			run(sql, params = []) {
				const result = driver.run(sql, params)
				note(owner, sql, params, `changes: ${result.changes}`)
				return result
			},
			get<T = SqlRow>(sql: string, params: readonly SqlValue[] = []) {
				const row = driver.get<SqlRow>(sql, params)
				note(owner, sql, params, shownRows(row ? [row] : []))
				return row as T | undefined
			},
			all<T = SqlRow>(sql: string, params: readonly SqlValue[] = []) {
				const rows = driver.all<SqlRow>(sql, params)
				note(owner, sql, params, shownRows(rows))
				return rows as T[]
			},
			serialize() {
				note(owner, '(a copy of the whole database is taken)', [], 'done')
				return driver.serialize()
			},
			close() {
				entry.closed = true
				driver.close()
			},
		}
	}
	const onFrame = (index: number): void => {
		const tables: TableRows[] = []
		for (const [owner, { driver, closed }] of latest) {
			if (closed) continue
			// Read through the driver itself, so looking does not show up among what the engine ran.
			const names = driver.all<{ name: string }>(`select name from sqlite_master where type = 'table' order by name`)
			for (const { name } of names) {
				const rows = driver.all<SqlRow>(`select * from "${name.replace(/"/g, '""')}"`)
				const columns = driver.all<{ name: string }>('select name from pragma_table_info(?)', [name]).map(column => column.name)
				tables.push({ owner, table: name, columns, rows: rows.map(row => columns.map(column => row[column] ?? null)) })
			}
		}
		frames[index] = { calls, tables }
		calls = []
	}
	return { open: recorded, onFrame, frames }
}
