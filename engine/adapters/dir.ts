import { AsyncLocalStorage } from 'node:async_hooks'
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { SqliteDriver } from '../driver.ts'
import { invalid, LockError, shown } from '../errors.ts'
import { Store, type StoreOptions } from '../store.ts'
import { betterSqliteDriver } from './better-sqlite3.ts'

/** Opens the store of a directory, `dir/kv.db` on better-sqlite3, with the options of any store but its driver; its `asyncContext` is a new `AsyncLocalStorage` unless given. */
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
	const { driver, release, abandon } = openDir(dir)
	let released = false
	const releaseOnce = (): void => {
		if (released) return
		released = true
		release()
	}
	let store: Store | undefined
	try {
		store = await Store.open({ ...rest, asyncContext: rest.asyncContext ?? new AsyncLocalStorage(), sqlite: driver, release: releaseOnce })
		// The epoch's commit is in kv.db-wal until a checkpoint: a copy of kv.db alone (a backup that skips the
		// WAL, a lost -wal file) would read the epoch before this open, and a store opened on it could give this
		// open's fences again (LOCK-02). So the epoch reaches kv.db itself before the store gives its first lease.
		checkpoint(driver, join(dir, 'kv.db'))
		return store
	} catch (error) {
		if (store !== undefined) {
			await store.close()
			throw storeFault(join(dir, 'kv.db'), error)
		}
		// A store that did not open wrote no epoch: the files this open made go, so the next open is a new store, as this one would have been.
		if (!released) {
			released = true
			abandon()
		}
		throw storeFault(join(dir, 'kv.db'), error)
	}
}

const restoreAdvice = 'Restore kv.db from a copy; or, if no lease given from this directory matters any more, delete kv.db and kv.lock to start a new store'

/** SQLite's failure to read or write a store's kv.db as the engine's error, naming the file and the cause: a damaged file, a full disk. */
function storeFault(file: string, error: unknown): LockError {
	if (error instanceof LockError) return error
	const code = (error as { code?: unknown }).code
	const message = error instanceof Error ? error.message : String(error)
	const cause = typeof code === 'string' ? `${message}, ${code}` : message
	if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') return new LockError('invalid', `store ${file}: damaged (${cause}). ${restoreAdvice}`, { cause: error })
	if (code === 'SQLITE_FULL') return new LockError('invalid', `store ${file}: no space left on its disk (${cause}); free some and start again`, { cause: error })
	return new LockError('invalid', `store ${file}: could not be opened (${cause})`, { cause: error })
}

/**
 * Opens `dir/kv.db` (making the directory) on better-sqlite3 for one store, and holds
 * SQLite's exclusive lock on it and on `dir/kv.lock` until `release()`, so a second store, in this process
 * or another, is refused with `in_use`. The operating system drops the lock when the
 * process dies, so a crashed store does not keep its directory.
 */
function openDir(dir: string): { driver: SqliteDriver; release: () => void; abandon: () => void } {
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
	const lockPath = join(dir, 'kv.lock')
	const ranHere = existsSync(lockPath)
	const lockFile = exclusive(lockPath, file, false)
	let driver: SqliteDriver
	// Measured before SQLite opens it: turning on WAL writes a header into an empty file.
	const size = existsSync(file) ? statSync(file).size : undefined
	try {
		driver = exclusive(file, file, true)
		// A store that ran here has an epoch; without it the next would start at the clock alone, and its fences could
		// be smaller than ones already out (LOCK-02). Only a directory no store ran in starts a new store.
		const missing = size !== undefined || ranHere ? missingEpoch(driver, size) : undefined
		if (missing !== undefined) {
			driver.close()
			throw new LockError('invalid', `store ${file}: has no epoch (${missing}), though a store ran in this directory: its fences would rest on the clock alone. ${restoreAdvice}`)
		}
	} catch (error) {
		lockFile.close()
		throw storeFault(file, error)
	}
	openFiles.add(key)
	const release = (): void => {
		openFiles.delete(key)
		driver.close()
		lockFile.close()
	}
	return {
		driver,
		release,
		// Lets go, and removes the files this open made: for an open that wrote no epoch.
		abandon() {
			release()
			const made = [...(size === undefined ? [file, `${file}-wal`, `${file}-shm`] : []), ...(ranHere ? [] : [lockPath])]
			for (const path of made) rmSync(path, { force: true })
		},
	}
}

// Moves what kv.db-wal holds into kv.db and empties the WAL; refuses, naming the file, if SQLite could not move all of it.
function checkpoint(driver: SqliteDriver, file: string): void {
	const result = driver.get<{ busy: number; log: number; checkpointed: number }>('pragma wal_checkpoint(truncate)')
	if (result === undefined || result.busy !== 0 || result.log !== result.checkpointed) {
		throw new LockError('invalid', `store ${file}: the epoch could not be moved from kv.db-wal into kv.db (checkpoint ${JSON.stringify(result)}), so a copy of kv.db alone would lack it`)
	}
}

// Why an opened kv.db has no epoch to grow from, or undefined when it has one (a bad one is writeEpoch's to refuse).
function missingEpoch(driver: SqliteDriver, size: number | undefined): string | undefined {
	if (size === undefined) return 'kv.db is gone, kv.lock is there'
	if (size === 0) return 'the file is empty'
	const table = driver.get<{ name: string }>(`select name from sqlite_master where type = 'table' and name = 'meta'`)
	if (table === undefined) return 'it has no meta table'
	const row = driver.get<{ key: string }>(`select key from meta where key = 'epoch'`)
	return row === undefined ? 'its meta table has no epoch row' : undefined
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
