import { execFileSync } from 'node:child_process'
import { chmodSync, chownSync, lstatSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { betterSqliteDriver, openStore } from '../../../engine/adapters/node.ts'
import type { HistoryRecord } from '../../../server/index.ts'
import { Proc, startServerProcess } from './fixtures/processes.ts'
import { errorOf, hold, leaseOf, serverTests } from './fixtures/server-tests.ts'
import { tempDir, WireClient } from './fixtures/wire.ts'

// The files a server reads and writes (its store's kv.db, its directory, its --history), what it
// makes of each, and what it does when one is damaged, taken or cannot be written.

const { setup, later } = serverTests()
const root = process.getuid?.() === 0

/** Whether this machine can mount a small tmpfs here (as root, outside a restricted container): a real full disk. */
function canMountTmpfs(): boolean {
	if (!root) return false
	const dir = tempDir()
	try {
		execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { stdio: 'ignore' })
		execFileSync('umount', [dir], { stdio: 'ignore' })
		return true
	} catch {
		return false
	}
}

/** Lowers (a number of bytes) or lifts ('unlimited') how large a file the process may write: past it a write is cut short, then fails (EFBIG), as on a full disk. */
function fileSizeLimit(pid: number, bytes: number | 'unlimited'): void {
	execFileSync('prlimit', ['--pid', String(pid), `--fsize=${bytes}:`])
}

/** The history file's lines, each of which must be a whole record. */
function historyRecords(file: string): Record<string, unknown>[] {
	return readFileSync(file, 'utf8')
		.split('\n')
		.filter(line => line !== '')
		.map(line => JSON.parse(line) as Record<string, unknown>)
}

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

	it('keeps serving while the history cannot be written: a renewal, release or end is refused and not made, and an expiry waits, to be written first once it can', async () => {
		const warnings: string[] = []
		const onWarning = (warning: Error) => warnings.push(warning.message)
		process.on('warning', onWarning)
		later(() => process.off('warning', onWarning))
		let failing = false
		const written: HistoryRecord[] = []
		const operatorToken = 'the-operator-token-0b7e5a1c'
		const { open } = await setup({
			operatorToken,
			history: record => {
				if (failing) throw new Error('EIO: i/o error, write')
				written.push(record)
			},
		})
		const a = await open()
		const short = leaseOf(await a.ask(hold('short', { ttl: 1000 })))
		const lease = leaseOf(await a.ask(hold('42')))
		failing = true
		// The expiry happens all the same, and its holder hears of it.
		expect(await a.event(short.id, 3000)).toMatchObject({ reason: 'expired' })
		expect(warnings.some(message => message.includes('EIO: i/o error, write'))).toBe(true)
		expect(errorOf(await a.ask({ id: 'renew', method: 'renew', leaseId: lease.id, ttl: 5000 }))).toEqual({
			code: 'unavailable',
			message: expect.stringMatching(/^lock invoices: key "42": the server could not write its history \(EIO: i\/o error, write\); the renewal is not made: the lease runs out at \d+ unless renewed$/),
		})
		expect(errorOf(await a.ask({ id: 'release', method: 'release', leaseId: lease.id })).message).toMatch(/; the key is still held by this lease; retry the release$/)
		const operator = await open()
		expect(await operator.ask({ id: 'hello', method: 'hello', token: operatorToken })).toMatchObject({ ok: true })
		expect(errorOf(await operator.ask({ id: 'end', method: 'end', leaseId: lease.id })).message).toMatch(/; the lease is not ended$/)
		expect(errorOf(await (await open()).ask(hold('42'))).code).toBe('held')
		failing = false
		expect(await a.ask({ id: 'release again', method: 'release', leaseId: lease.id })).toMatchObject({ ok: true })
		// The other client's try joined the line and left it while the history failed: both are written, in order.
		expect(written.map(record => record.type)).toEqual(['start', 'grant', 'grant', 'expire', 'wait', 'leave', 'release'])
		expect(written.map(record => record.seq)).toEqual([1, 2, 3, 4, 5, 6, 7])
	})
})

describe('a full disk', () => {
	it('takes back a record cut short before the answer goes out: every line stays a whole record, numbered in sequence, and every grant answered ok is in it', async ({ onTestFinished }) => {
		const dir = tempDir()
		const history = join(dir, 'history.jsonl')
		const { proc, url } = await startServerProcess(onTestFinished, join(dir, 'data'), { history })
		const pid = proc.child.pid as number
		const wire = await WireClient.open(url)
		later(() => wire.close())
		const granted = [leaseOf(await wire.ask(hold('before')))]
		// Room for 20 bytes more: the next record is cut short, then the write fails.
		fileSizeLimit(pid, statSync(history).size + 20)
		expect(errorOf(await wire.ask(hold('cut short')))).toEqual({
			code: 'unavailable',
			message: expect.stringMatching(new RegExp(`^lock invoices: key "cut short": the server could not write its history \\(--history ${history}: the file reached the largest size this process may write \\(EFBIG, ulimit -f\\)\\); the hold was not granted; retry it$`)),
		})
		fileSizeLimit(pid, 'unlimited')
		granted.push(leaseOf(await wire.ask(hold('after'))))
		const records = historyRecords(history)
		expect(records.map(record => record.seq)).toEqual(records.map((_, i) => i + 1))
		expect(records.filter(record => record.type === 'grant').map(record => record.id)).toEqual(granted.map(lease => lease.id))
	})

	it('refuses to start when --history cannot be written, naming the file and the cause in words, not a bare code', async ({ onTestFinished }) => {
		const dir = tempDir()
		const history = join(dir, 'history.jsonl')
		// Larger than anything the store writes, so the limit stops the history alone.
		writeFileSync(history, `${JSON.stringify({ type: 'close', at: 1 })}\n`.repeat(40_000), { mode: 0o600 })
		const proc = new Proc('prlimit', [`--fsize=${statSync(history).size}`, process.execPath, '--import', 'tsx', 'server/cli.ts', '--dir', join(dir, 'data'), '--port', '0', '--history', history], undefined, { raw: true })
		onTestFinished(() => proc.end())
		expect(await proc.exited()).toBe(1)
		expect(proc.stderr).toEqual([`tinystore locks: could not start: --history ${history}: the file reached the largest size this process may write (EFBIG, ulimit -f)`])
	})

	it.runIf(canMountTmpfs())('refuses to start on a disk that is full, saying so (ENOSPC), and writes again once there is room', async ({ onTestFinished }) => {
		const disk = tempDir()
		execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', disk])
		onTestFinished(() => void execFileSync('umount', ['-l', disk]))
		const history = join(disk, 'history.jsonl')
		writeFileSync(history, '', { mode: 0o600 })
		const filler = join(disk, 'filler')
		try {
			writeFileSync(filler, Buffer.alloc(64 * 1024))
		} catch {
			// Full: what was wanted.
		}
		const proc = new Proc('server/cli.ts', ['--dir', join(tempDir(), 'data'), '--port', '0', '--history', history])
		onTestFinished(() => proc.end())
		expect(await proc.exited()).toBe(1)
		expect(proc.stderr).toEqual([`tinystore locks: could not start: --history ${history}: no space left on its disk (ENOSPC)`])
		rmSync(filler)
		const { url } = await startServerProcess(onTestFinished, join(tempDir(), 'data'), { history })
		const wire = await WireClient.open(url)
		later(() => wire.close())
		leaseOf(await wire.ask(hold('42')))
		expect(historyRecords(history).map(record => record.type)).toEqual(['start', 'grant'])
	})
})

describe('what --history may change', () => {
	async function refused(onTestFinished: (fn: () => void) => void, history: string): Promise<string> {
		const proc = new Proc('server/cli.ts', ['--dir', join(tempDir(), 'data'), '--port', '0', '--history', history])
		onTestFinished(() => proc.end())
		expect(await proc.exited()).toBe(1)
		return proc.stderr.join('\n')
	}

	it('refuses what is not a regular file, a FIFO or a device, and leaves its mode alone', async ({ onTestFinished }) => {
		const dir = tempDir()
		const fifo = join(dir, 'fifo')
		execFileSync('mkfifo', ['-m', '644', fifo])
		expect(await refused(onTestFinished, fifo)).toBe(`tinystore locks: could not start: --history ${fifo}: not a regular file (a FIFO); the history is a file of its own, which the server makes or owns`)
		expect(lstatSync(fifo).mode & 0o777).toBe(0o644)
		if (!root) return
		// A device as /dev/null is, made here: the server run as root made /dev/null readable by root alone.
		const device = join(dir, 'null')
		execFileSync('mknod', ['-m', '666', device, 'c', '1', '3'])
		expect(await refused(onTestFinished, device)).toBe(`tinystore locks: could not start: --history ${device}: not a regular file (a character device); the history is a file of its own, which the server makes or owns`)
		expect(lstatSync(device).mode & 0o777).toBe(0o666)
	})

	it('refuses a symbolic link, so it never changes the file a link points at', async ({ onTestFinished }) => {
		const dir = tempDir()
		const target = join(dir, 'someone-elses.txt')
		writeFileSync(target, 'their words\n', { mode: 0o644 })
		chmodSync(target, 0o644)
		const link = join(dir, 'history.jsonl')
		symlinkSync(target, link)
		expect(await refused(onTestFinished, link)).toBe(`tinystore locks: could not start: --history ${link}: a symbolic link; give the file itself`)
		expect(readFileSync(target, 'utf8')).toBe('their words\n')
		expect(statSync(target).mode & 0o777).toBe(0o644)
	})

	it.runIf(root)('refuses a file another user owns, and leaves it as it was', async ({ onTestFinished }) => {
		const dir = tempDir()
		mkdirSync(join(dir, 'theirs'))
		const theirs = join(dir, 'theirs', 'history.jsonl')
		writeFileSync(theirs, '', { mode: 0o644 })
		chmodSync(theirs, 0o644)
		chownSync(theirs, 65534, 65534)
		expect(await refused(onTestFinished, theirs)).toBe(`tinystore locks: could not start: --history ${theirs}: owned by user 65534, not by this server's user (0); the history is a file of its own, which the server makes or owns`)
		expect(statSync(theirs).mode & 0o777).toBe(0o644)
	})
})

describe('store damage, and two servers on one directory', () => {
	it('refuses a kv.db with damaged pages at start, naming the file and the damage in one line, not a stack', async ({ onTestFinished }) => {
		const dir = join(tempDir(), 'data')
		await (await openStore(dir)).close()
		const file = join(dir, 'kv.db')
		const bytes = readFileSync(file)
		bytes.fill(0xde, 4096, 8192)
		writeFileSync(file, bytes)
		const proc = new Proc('server/cli.ts', ['--dir', dir, '--port', '0'])
		onTestFinished(() => proc.end())
		expect(await proc.exited()).toBe(1)
		expect(proc.stderr).toEqual([
			`store ${file}: damaged (database disk image is malformed, SQLITE_CORRUPT). Restore kv.db from a copy; or, if no lease given from this directory matters any more, delete kv.db and kv.lock to start a new store (invalid)`,
		])
	})

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
