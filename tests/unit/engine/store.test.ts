import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { betterSqliteDriver, openStore } from '../../../engine/adapters/node.ts'
import { LockError, SimulatedClock, Store } from '../../../engine/index.ts'
import { rejection } from './fixtures/deferred.ts'
import { driverKinds } from './fixtures/drivers.ts'
import { keptHold } from './fixtures/kept-hold.ts'
import { simStore } from './fixtures/sim-store.ts'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const openDirScript = fileURLToPath(new URL('./fixtures/open-dir.ts', import.meta.url))

const dirs: string[] = []
const children: ChildProcess[] = []
afterEach(() => {
	for (const child of children.splice(0)) child.kill('SIGKILL')
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function tempDir(): string {
	const dir = mkdtempSync(join(tmpdir(), 'engine-store-'))
	dirs.push(dir)
	return join(dir, 'data')
}

interface ChildReport {
	opened: boolean
	epoch?: string
	fence?: string
	code?: string
	message?: string
}

/** Starts a second process that opens a store on `dir`; resolves to what it reports. */
function openInChild(dir: string, then: 'stay' | 'close' = 'stay'): { child: ChildProcess; report: Promise<ChildReport> } {
	const child = spawn(process.execPath, ['--import', 'tsx', openDirScript, dir, then], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
	children.push(child)
	const lines = createInterface({ input: child.stdout! })
	const report = new Promise<ChildReport>((resolve, reject) => {
		lines.once('line', line => resolve(JSON.parse(line) as ChildReport))
		child.once('exit', code => reject(new Error(`the second process exited (${code}) without a report`)))
	})
	return { child, report }
}

describe('opening a store', () => {
	it('opens a directory as data/kv.db on the real clock (openStore, the Node entry)', async () => {
		const dir = tempDir()
		const before = Date.now()
		const store = await openStore(dir)
		expect(existsSync(join(dir, 'kv.db'))).toBe(true)
		expect(store.epoch).toBeGreaterThanOrEqual(BigInt(before - 1000))
		expect(store.epoch).toBeLessThanOrEqual(BigInt(Date.now() + 1000))
		expect(await store.lock('summaries').hold('42', lease => lease.expiresAt - Date.now())).toBeGreaterThan(29_000)
		await store.close()
	})

	it.each(driverKinds)('opens on a given $name driver and leaves it open on close, so a new store can open on it', async kind => {
		const sqlite = kind.open()
		const first = await Store.open({ sqlite, clock: new SimulatedClock(10) })
		await first.close()
		expect(sqlite.get('select 1 as one')).toEqual({ one: 1 })
		const second = await Store.open({ sqlite, clock: new SimulatedClock(10) })
		expect(second.epoch).toBe(11n)
		await second.close()
	})

	it('refuses a directory in Store.open, whose module runs anywhere, and names openStore', async () => {
		for (const options of ['data', { dir: 'data' }]) {
			const error = await rejection(Store.open(options as never))
			expect(error.code).toBe('invalid')
			expect(error.message).toBe('Store.open: dir "data": a directory is opened by openStore of engine/adapters/node.ts (Node only); elsewhere pass { sqlite: driver }')
		}
	})

	it("lets go of a directory whose store did not open, so the next open takes it", async () => {
		const dir = tempDir()
		const error = await rejection(openStore({ dir, clock: { now: () => 0 } as never }))
		expect(error.message).toBe('Store.open: clock: expected now(), setTimer() and clearTimer()')
		const store = await openStore(dir)
		await store.close()
	})
})

describe('in_use: one open store per directory or driver', () => {
	it('refuses a second open of a directory in this process until the first closes', async () => {
		const dir = tempDir()
		const store = await openStore(dir)
		const error = await rejection(openStore({ dir, clock: new SimulatedClock() }))
		expect(error).toBeInstanceOf(LockError)
		expect(error.code).toBe('in_use')
		expect(error.message).toBe(`store ${join(dir, 'kv.db')}: already open in this process; close that store first`)
		await store.close()
		const again = await openStore(dir)
		expect(again.epoch).toBeGreaterThan(store.epoch)
		await again.close()
	})

	it('refuses a second open of a driver until the first closes', async () => {
		const sqlite = betterSqliteDriver()
		const store = await Store.open({ sqlite })
		const error = await rejection(Store.open({ sqlite }))
		expect(error.code).toBe('in_use')
		expect(error.message).toBe('Store.open: this driver is in use by another open store; close that store first')
		await store.close()
		await (await Store.open({ sqlite })).close()
	})

	it('refuses a directory that another process has open, until that process dies; fences then still grow (LOCK-02 across a crash)', async () => {
		const dir = tempDir()
		const { child, report } = openInChild(dir)
		const theirs = await report
		expect(theirs.opened).toBe(true)

		const opening = openStore(dir)
		await opening.catch(() => {})
		// If the open went through, say whether the process holding the directory was still there: a dead one holds nothing.
		expect({ exitCode: child.exitCode, signal: child.signalCode }).toEqual({ exitCode: null, signal: null })
		const error = await rejection(opening)
		expect(error.code).toBe('in_use')
		expect(error.message).toBe(`store ${join(dir, 'kv.db')}: in use by another process; a store's directory is open in one process at a time`)

		const exited = new Promise(resolve => child.once('exit', resolve))
		child.kill('SIGKILL')
		await exited
		const store = await openStore(dir)
		expect(store.epoch).toBeGreaterThan(BigInt(theirs.epoch!))
		expect(await store.lock('summaries').hold('42', lease => lease.fence)).toBeGreaterThan(BigInt(theirs.fence!))
		await store.close()
	})

	it('is refused to another process while this one has the directory open', async () => {
		const dir = tempDir()
		const store = await openStore(dir)
		const theirs = await openInChild(dir, 'close').report
		expect(theirs).toEqual({
			opened: false,
			code: 'in_use',
			message: `store ${join(dir, 'kv.db')}: in use by another process; a store's directory is open in one process at a time`,
		})
		await store.close()
		expect((await openInChild(dir, 'close').report).opened).toBe(true)
	})
})

describe.each(driverKinds)('closing a store on $name', kind => {
	it('refuses holds and new locks with closed', async () => {
		const { store } = await simStore(kind)
		const summaries = store.lock('summaries')
		await store.close()
		await store.close()
		expect(store.closed).toBe(true)
		const error = await rejection(summaries.hold('42', () => {}))
		expect(error.code).toBe('closed')
		expect(error.message).toBe('lock summaries: key "42": the store is closed')
		expect(() => store.lock('other')).toThrow(new LockError('closed', 'lock other: the store is closed'))
		expect(() => store.semaphore('exports', { limit: 2 })).toThrow('semaphore exports: the store is closed')
	})

	it('refuses the waiting holds and loses the held leases, aborting their signals', async () => {
		const { store } = await simStore(kind)
		const summaries = store.lock('summaries')
		const a = keptHold(summaries, '42', {}, lease => lease.lost)
		let ran = false
		const waiting = rejection(summaries.hold('42', () => (ran = true)))
		await Promise.resolve()
		await store.close()
		const error = await waiting
		expect(error.code).toBe('closed')
		expect(error.message).toBe('lock summaries: key "42": the store closed')
		const held = a.lease()
		expect(held.signal.aborted).toBe(true)
		expect((held.signal.reason as LockError).code).toBe('closed')
		a.letGo()
		expect(await a.done).toBe(true)
		expect(ran).toBe(false)
		const renewal = await rejection(held.renew())
		expect(renewal.code).toBe('lost')
	})
})

describe.each(driverKinds)('invalid arguments on $name say which', kind => {
	const cases: [string, (store: Store) => Promise<unknown> | unknown, string][] = [
		['an empty key', s => s.lock('summaries').hold('', () => {}), 'lock summaries: the key is empty; expected a non-empty string, a safe integer or a bigint'],
		['a fractional key', s => s.lock('summaries').hold(1.5, () => {}), 'lock summaries: key 1.5: expected a non-empty string, a safe integer or a bigint'],
		['a negative TTL', s => s.lock('summaries').hold('42', () => {}, { ttl: -5 }), 'lock summaries: key "42": ttl -5: expected milliseconds, a finite number of at least 0'],
		['a TTL of 0', s => s.lock('summaries').hold('42', () => {}, { ttl: '0s' }), 'lock summaries: key "42": ttl "0s": expected more than 0 ms'],
		['a bad wait', s => s.lock('summaries').hold('42', () => {}, { wait: 'soon' }), `lock summaries: key "42": wait "soon": expected milliseconds or text such as '250ms', '30s', '15m', '1h'`],
		['a bad renew', s => s.lock('summaries').hold('42', () => {}, { renew: 'yes' as unknown as boolean }), 'lock summaries: key "42": renew "yes": expected true or false'],
		['a missing function', s => s.lock('summaries').hold('42', undefined as never), 'lock summaries: key "42": expected a function to run holding the key'],
		['an empty lock name', s => s.lock(''), 'store.lock: name "": expected a non-empty string'],
		['a bad renewal TTL', s => s.lock('summaries').hold('42', lease => lease.renew('1 week')), `lock summaries: key "42": ttl "1 week": expected milliseconds or text such as '250ms', '30s', '15m', '1h'`],
	]

	it.each(cases)('refuses %s', async (_, act, message) => {
		const { store } = await simStore(kind)
		let caught: unknown
		try {
			await act(store)
		} catch (error) {
			caught = error
		}
		expect(caught).toBeInstanceOf(LockError)
		expect((caught as LockError).code).toBe('invalid')
		expect((caught as LockError).message).toBe(message)
	})

	it('refuses a bad startCount', async () => {
		const error = await rejection(Store.open({ sqlite: kind.open(), startCount: -1n }))
		expect(error.code).toBe('invalid')
		expect(error.message).toBe('Store.open: startCount -1n: expected a bigint from 0 to 2^64 - 2')
	})
})

describe('issue 12.7: a bad kv.db or --dir gives a raw stack trace, a bad epoch is replaced, and a deleted kv.db lets a second store in', () => {
	it('refuses a corrupt kv.db with an error that names its path', async () => {
		const dir = tempDir()
		mkdirSync(dir, { recursive: true })
		writeFileSync(join(dir, 'kv.db'), 'this is not a SQLite database, just some text that fills a page '.repeat(100))
		await expect(openStore(dir)).rejects.toMatchObject({
			code: 'invalid',
			message: `store ${join(dir, 'kv.db')}: cannot open: file is not a database (SQLITE_NOTADB)`,
		})
	})

	it('refuses a --dir that names a file, saying so', async () => {
		const dir = tempDir()
		mkdirSync(dirname(dir), { recursive: true })
		writeFileSync(dir, 'a file')
		await expect(openStore(dir)).rejects.toMatchObject({ code: 'invalid', message: `store ${dir}: expected a directory, but it is a file` })
	})

	it('refuses a stored epoch that is not a number rather than replacing it', async () => {
		const dir = tempDir()
		await (await openStore(dir)).close()
		const db = betterSqliteDriver(join(dir, 'kv.db'))
		db.exec(`update meta set value = 'ten' where key = 'epoch'`)
		db.close()
		await expect(openStore(dir)).rejects.toMatchObject({ code: 'invalid', message: `kv.db: the meta table's epoch reads "ten", not a whole number from 0 to 2^64 - 1` })
	})

	it('refuses a second process even after kv.db was deleted under the first', async () => {
		const dir = tempDir()
		const store = await openStore(dir)
		for (const file of ['kv.db', 'kv.db-wal', 'kv.db-shm']) rmSync(join(dir, file), { force: true })
		const theirs = await openInChild(dir, 'close').report
		expect(theirs).toMatchObject({ opened: false, code: 'in_use' })
		await store.close()
	})
})
