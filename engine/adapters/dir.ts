import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { SqliteDriver } from '../driver.ts'
import { invalid, LockError, shown } from '../errors.ts'
import { Store, type StoreOptions } from '../store.ts'
import { betterSqliteDriver } from './better-sqlite3.ts'

/** Opens the store of a directory, `dir/kv.db` on better-sqlite3, with the options of any store but its driver. */
export interface StoreDirOptions extends Omit<StoreOptions, 'sqlite' | 'release'> {
	dir: string
}

// The kv.db files this process has open, for a clearer refusal than SQLite's own.
const openFiles = new Set<string>()

/**
 * Opens a store on a directory: `dir/kv.db` on better-sqlite3 (Node only), made the first time,
 * and closed with the store. Refuses with `in_use` while another open store has the directory, in
 * this process or another.
 */
export async function openStore(options: string | StoreDirOptions): Promise<Store> {
	const { dir, ...rest } = typeof options === 'string' ? { dir: options } : (options as StoreDirOptions)
	if (typeof dir !== 'string' || dir.length === 0) throw invalid(`openStore: dir ${shown(dir)}: expected a directory`)
	const { driver, release } = openDir(dir)
	let released = false
	const releaseOnce = (): void => {
		if (released) return
		released = true
		release()
	}
	try {
		return await Store.open({ ...rest, sqlite: driver, release: releaseOnce })
	} catch (error) {
		releaseOnce()
		throw error
	}
}

/**
 * Opens `dir/kv.db` (making the directory) on better-sqlite3 for one store, and holds
 * SQLite's exclusive lock on it and on `dir/kv.lock` until `release()`, so a second store, in this process
 * or another, is refused with `in_use`. The operating system drops the lock when the
 * process dies, so a crashed store does not keep its directory.
 */
export function openDir(dir: string): { driver: SqliteDriver; release: () => void } {
	const file = join(dir, 'kv.db')
	const key = resolve(file)
	if (openFiles.has(key)) {
		throw new LockError('in_use', `store ${file}: already open in this process; close that store first`)
	}
	try {
		mkdirSync(dir, { recursive: true })
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code
		if (code === 'EEXIST' || code === 'ENOTDIR') throw new LockError('invalid', `store ${dir}: expected a directory, but it is a file`, { cause: error })
		throw new LockError('invalid', `store ${dir}: cannot make the directory: ${(error as Error).message}`, { cause: error })
	}
	// The directory's lock file, held as kv.db is: deleting kv.db under a running store does not let a second one in.
	const lockFile = exclusive(join(dir, 'kv.lock'), file, false)
	let driver: SqliteDriver
	try {
		driver = exclusive(file, file, true)
	} catch (error) {
		lockFile.close()
		throw error
	}
	openFiles.add(key)
	return {
		driver,
		release() {
			openFiles.delete(key)
			driver.close()
			lockFile.close()
		},
	}
}

// Opens a SQLite file holding its exclusive lock until closed; refuses with `in_use` while another process holds it, and names the file in any other failure.
function exclusive(file: string, store: string, wal: boolean): SqliteDriver {
	let driver: SqliteDriver | undefined
	try {
		// No busy timeout: the only other user of the file is another store, which keeps it.
		driver = betterSqliteDriver(file, { timeoutMs: 0 })
		driver.exec('pragma locking_mode = exclusive')
		// In exclusive locking mode the lock a write takes is kept until the connection closes.
		driver.exec('begin exclusive; commit')
		// The epoch's commit is the one write of an open: in WAL it costs one sync of the
		// log, where a rollback journal syncs twice and deletes a file. Exclusive locking
		// from the first access keeps WAL's index in memory, with no -shm file.
		if (wal) driver.exec('pragma journal_mode = wal; pragma synchronous = full')
		return driver
	} catch (error) {
		driver?.close()
		const code = (error as { code?: unknown }).code
		if (code === 'SQLITE_BUSY') {
			throw new LockError('in_use', `store ${store}: in use by another process; a store's directory is open in one process at a time`, { cause: error })
		}
		throw new LockError('invalid', `store ${file}: cannot open: ${(error as Error).message}${typeof code === 'string' ? ` (${code})` : ''}`, { cause: error })
	}
}
