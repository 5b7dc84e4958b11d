import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { SqliteDriver } from '../driver.ts'
import { LockError } from '../errors.ts'
import { betterSqliteDriver } from './better-sqlite3.ts'

// The kv.db files this process has open, for a clearer refusal than SQLite's own.
const openFiles = new Set<string>()

/**
 * Opens `dir/kv.db` (making the directory) on better-sqlite3 for one store, and holds
 * SQLite's exclusive lock on it until `release()`, so a second store, in this process
 * or another, is refused with `in_use`. The operating system drops the lock when the
 * process dies, so a crashed store does not keep its directory.
 */
export function openDir(dir: string): { driver: SqliteDriver; release: () => void } {
	const file = join(dir, 'kv.db')
	const key = resolve(file)
	if (openFiles.has(key)) {
		throw new LockError('in_use', `store ${file}: already open in this process; close that store first`)
	}
	mkdirSync(dir, { recursive: true })
	// No busy timeout: the only other user of the file is another store, which keeps it.
	const driver = betterSqliteDriver(file, { timeoutMs: 0 })
	try {
		driver.exec('pragma locking_mode = exclusive')
		// In exclusive locking mode the lock a write takes is kept until the connection closes.
		driver.exec('begin exclusive; commit')
		// The epoch's commit is the one write of an open: in WAL it costs one sync of the
		// log, where a rollback journal syncs twice and deletes a file. Exclusive locking
		// from the first access keeps WAL's index in memory, with no -shm file.
		driver.exec('pragma journal_mode = wal; pragma synchronous = full')
	} catch (error) {
		driver.close()
		if ((error as { code?: unknown }).code === 'SQLITE_BUSY') {
			throw new LockError('in_use', `store ${file}: in use by another process; a store's directory is open in one process at a time`, { cause: error })
		}
		throw error
	}
	openFiles.add(key)
	return {
		driver,
		release() {
			openFiles.delete(key)
			driver.close()
		},
	}
}
