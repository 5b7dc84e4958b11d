import { chmodSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { betterSqliteDriver, openStore } from '../../../engine/adapters/node.ts'
import { Proc, startServerProcess } from './fixtures/processes.ts'
import { errorOf, hold, leaseOf, serverTests } from './fixtures/server-tests.ts'
import { tempDir, WireClient } from './fixtures/wire.ts'

// The files a server reads and writes (its store's kv.db, its directory, its --history), what it
// makes of each, and what it does when one is damaged, taken or cannot be written.

const { setup, later } = serverTests()

describe('the history file', () => {
	it('writes the history, with its live lease and request ids, to a file only its owner can read', async ({ onTestFinished }) => {
		const dir = tempDir()
		const fresh = join(dir, 'fresh.jsonl')
		const old = join(dir, 'old.jsonl')
		writeFileSync(old, '', { mode: 0o644 })
		chmodSync(old, 0o644)
		for (const history of [fresh, old]) {
			const { url } = await startServerProcess(onTestFinished, join(dir, `data-${history === fresh ? 'fresh' : 'old'}`), { history })
			const wire = await WireClient.open(url)
			later(() => wire.close())
			leaseOf(await wire.ask(hold('42')))
			expect(statSync(history).mode & 0o777).toBe(0o600)
		}
	})

	it('answers the hold with unavailable at once, leaves the key free, and grants the retry of the same request id', async () => {
		let failing = true
		const { open } = await setup({
			history: record => {
				if (failing && record.type === 'grant') throw new Error('ENOSPC: no space left on device, write')
			},
		})
		const a = await open()
		const request = hold('42')
		const error = errorOf(await a.ask(request, 2000))
		expect(error).toEqual({ code: 'unavailable', message: expect.stringMatching(/^lock invoices: key "42": the server could not write its history \(ENOSPC: no space left on device, write\)/) })
		failing = false
		leaseOf(await a.ask({ ...request, id: 'retry' }, 2000))
	})

	it('keeps serving when the write at an expiry, a renewal or a release fails, and says so', async () => {
		const warnings: string[] = []
		const onWarning = (warning: Error) => warnings.push(warning.message)
		process.on('warning', onWarning)
		later(() => process.off('warning', onWarning))
		const { open } = await setup({
			history: record => {
				if (record.type !== 'grant' && record.type !== 'start' && record.type !== 'close') throw new Error('EIO: i/o error, write')
			},
		})
		const a = await open()
		const short = leaseOf(await a.ask(hold('short', { ttl: 1000 })))
		expect(await a.event(short.id, 3000)).toMatchObject({ reason: 'expired' })
		const lease = leaseOf(await a.ask(hold('42')))
		expect(errorOf(await a.ask({ id: 'renew', method: 'renew', leaseId: lease.id, ttl: 5000 })).code).toBe('unavailable')
		expect(errorOf(await a.ask({ id: 'release', method: 'release', leaseId: lease.id })).code).toBe('unavailable')
		leaseOf(await a.ask(hold('short')))
		expect(warnings.some(message => message.includes('EIO: i/o error, write'))).toBe(true)
	})
})

describe('store damage, and two servers on one directory', () => {
	const restore = 'Restore kv.db from a copy; or, if no lease given from this directory matters any more, delete kv.db and kv.lock to start a new store'

	it('refuses a 0-byte kv.db rather than starting a new store whose fences rest on the clock alone', async () => {
		const dir = tempDir()
		writeFileSync(join(dir, 'kv.db'), '')
		await expect(openStore(dir)).rejects.toMatchObject({
			code: 'invalid',
			message: `store ${join(dir, 'kv.db')}: has no epoch (the file is empty), though a store ran in this directory: its fences would rest on the clock alone. ${restore}`,
		})
	})

	it('refuses a kv.db without its meta row, or without its meta table', async () => {
		const dir = tempDir()
		await (await openStore(dir)).close()
		const db = betterSqliteDriver(join(dir, 'kv.db'))
		db.exec(`delete from meta where key = 'epoch'`)
		db.close()
		await expect(openStore(dir)).rejects.toMatchObject({ code: 'invalid', message: `store ${join(dir, 'kv.db')}: has no epoch (its meta table has no epoch row), though a store ran in this directory: its fences would rest on the clock alone. ${restore}` })
		const other = betterSqliteDriver(join(dir, 'kv.db'))
		other.exec('drop table meta')
		other.close()
		await expect(openStore(dir)).rejects.toMatchObject({ code: 'invalid', message: `store ${join(dir, 'kv.db')}: has no epoch (it has no meta table), though a store ran in this directory: its fences would rest on the clock alone. ${restore}` })
	})

	it('refuses a directory whose kv.db is gone while its kv.lock is there', async () => {
		const dir = tempDir()
		await (await openStore(dir)).close()
		for (const file of ['kv.db', 'kv.db-wal', 'kv.db-shm']) rmSync(join(dir, file), { force: true })
		await expect(openStore(dir)).rejects.toMatchObject({ code: 'invalid', message: `store ${join(dir, 'kv.db')}: has no epoch (kv.db is gone, kv.lock is there), though a store ran in this directory: its fences would rest on the clock alone. ${restore}` })
		// A directory no store ran in starts a new store, at the clock.
		const fresh = await openStore(join(dir, 'new'))
		expect(fresh.epoch).toBeGreaterThan(0n)
		await fresh.close()
	})

	it('refuses a second server on a directory whose kv.db and kv.lock were deleted under the first', async ({ onTestFinished }) => {
		const dir = join(tempDir(), 'data')
		const first = await startServerProcess(onTestFinished, dir)
		for (const file of ['kv.db', 'kv.db-wal', 'kv.db-shm', 'kv.lock']) rmSync(join(dir, file), { force: true })
		const second = new Proc('server/cli.ts', ['--dir', dir, '--port', '0'])
		onTestFinished(() => second.end())
		expect(await second.exited()).toBe(1)
		expect(second.stderr.join('\n')).toBe(`store ${dir}: another lock server serves this directory (process ${first.proc.child.pid}); a directory is served by one server at a time (in_use)`)
	})
})
