import { spawn } from 'node:child_process'
import { chmodSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createConnection } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterEach, describe, expect, it } from 'vitest'
import { betterSqliteDriver, openStore } from '../../../engine/adapters/node.ts'
import { SimulatedClock, Store } from '../../../engine/index.ts'
import { connect, type HistoryRecord, type ServeOptions } from '../../../server/index.ts'
import { LeaseBook, type Peer } from '../../../server/lease-book.ts'
import type { HoldRequest } from '../../../server/protocol.ts'
import { DEFAULT_LIMITS } from '../../../server/server.ts'
import { Proc, startServerProcess } from './fixtures/processes.ts'
import { Relay, sleep, startServer, tempDir, until, WireClient } from './fixtures/wire.ts'

// Issue 24's findings (the lock server's third audit), each reproduced first: the tests are named after them.

type Message = Record<string, unknown>

const root = fileURLToPath(new URL('../../../', import.meta.url))

const cleanups: (() => unknown)[] = []
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function setup(options: Partial<ServeOptions> = {}) {
	const running = await startServer(options)
	cleanups.push(() => running.stop())
	const open = async (client?: string) => {
		const wire = await WireClient.open(running.server.url)
		cleanups.push(() => wire.close())
		if (client !== undefined) expect(await wire.ask({ id: 'hello', method: 'hello', client })).toMatchObject({ ok: true })
		return wire
	}
	return { ...running, open }
}

// The collector, for tests that show the server keeps nothing it should have let go.
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

/** Collects garbage once the current job's references (WeakRef targets are kept to its end) are gone. */
async function collectGarbage(): Promise<void> {
	for (let i = 0; i < 3; i++) {
		await new Promise(resolve => setImmediate(resolve))
		gc()
	}
}

function hold(key: string, requestId: string, extra: Message = {}): Message {
	return { id: `hold ${key} ${requestId}`, method: 'hold', kind: 'lock', name: 'invoices', key, ttl: '1h', wait: 0, requestId, ...extra }
}

function leaseOf(answer: Message): { id: string; fence: string } {
	expect(answer).toMatchObject({ ok: true })
	return answer.lease as { id: string; fence: string }
}

function errorOf(answer: Message): { code: string; message: string } {
	expect(answer.ok).toBe(false)
	return answer.error as { code: string; message: string }
}

describe('issue 24.3: request ids are one namespace for all clients', () => {
	it('leaves a lease alone when another client cancels its request id', async () => {
		const { open } = await setup()
		const victim = await open('victim-0b7e5a1c3f2d4c9a')
		const attacker = await open('attacker-9e615d8f2a7b')
		const lease = leaseOf(await victim.ask(hold('42', '1')))
		expect(await attacker.ask({ id: 'cancel', method: 'cancel', requestId: '1' })).toEqual({ id: 'cancel', ok: true })
		expect(leaseOf(await victim.ask({ id: 'renew', method: 'renew', leaseId: lease.id, ttl: '1h' })).id).toBe(lease.id)
		expect(errorOf(await attacker.ask(hold('42', '2'))).code).toBe('held')
	})

	it('does not give another client\'s lease, id or fence, to a hold that names its request id and key', async () => {
		const { open } = await setup()
		const victim = await open('victim-0b7e5a1c3f2d4c9a')
		const attacker = await open('attacker-9e615d8f2a7b')
		leaseOf(await victim.ask(hold('42', '1')))
		expect(errorOf(await attacker.ask(hold('42', '1')))).toEqual({ code: 'held', message: 'lock invoices: key "42": held past the 0 s wait' })
	})

	it('gives two clients that both number their holds from 1 a lease each', async () => {
		const { open } = await setup()
		const a = await open('alpha-0b7e5a1c3f2d4c9a')
		const b = await open('beta-9e615d8f2a7b4c10')
		const first = leaseOf(await a.ask(hold('1', '1')))
		const second = leaseOf(await b.ask(hold('2', '1')))
		expect(second.id).not.toBe(first.id)
		// Without a client id in its hello, a connection is a client of its own.
		const c = await open()
		const d = await open()
		leaseOf(await c.ask(hold('3', '1')))
		leaseOf(await d.ask(hold('4', '1')))
	})

	it('answers a retry only to the client that sent the hold: the same client id on another connection gets the same lease', async () => {
		const { open } = await setup()
		const first = await open('alpha-0b7e5a1c3f2d4c9a')
		const lease = leaseOf(await first.ask(hold('42', '7')))
		first.close()
		const again = await open('alpha-0b7e5a1c3f2d4c9a')
		expect(leaseOf(await again.ask(hold('42', '7')))).toEqual(lease)
		const stranger = await open()
		expect(errorOf(await stranger.ask(hold('42', '7'))).code).toBe('held')
	})
})

describe('issue 24.7: hello', () => {
	it('refuses a second hello, so a connection cannot switch its client id and its share of holds', async () => {
		const { open } = await setup({ limits: { maxHoldsPerClient: 1 } })
		const a = await open('alpha-0b7e5a1c3f2d4c9a')
		leaseOf(await a.ask(hold('1', '1')))
		expect(errorOf(await a.ask({ id: 'again', method: 'hello', client: 'beta-9e615d8f2a7b4c10' }))).toEqual({
			code: 'invalid',
			message: 'hello: this connection said hello already; a connection speaks for one client, named by its first request',
		})
		expect(errorOf(await a.ask(hold('2', '2'))).code).toBe('busy')
	})

	it('refuses a hello after other requests: the first request fixes whom the connection speaks for', async () => {
		const { open } = await setup()
		const a = await open()
		leaseOf(await a.ask(hold('1', '1')))
		expect(errorOf(await a.ask({ id: 'late', method: 'hello', client: 'alpha-0b7e5a1c3f2d4c9a' }))).toEqual({
			code: 'invalid',
			message: 'hello: must be the first request of a connection; this one already sent others as a client of its own',
		})
		// The connection goes on, as the client it was.
		expect(errorOf(await a.ask(hold('1', '1', { id: 'reused', key: '2' }))).message).toBe('requestId "1": already names a hold of lock invoices: key "1"')
	})

	it('answers a frame that is not UTF-8 before the token with unauthorized, and closes the connection', async () => {
		const { open } = await setup({ token: 'a-token-of-24-characters' })
		const a = await open()
		a.socket.write(Buffer.from([0x7b, 0xff, 0x7d, 0x0a]))
		expect(await a.next()).toEqual({ id: null, ok: false, error: { code: 'unauthorized', message: 'the first frame must be a hello with the token (frame is not UTF-8 text)' } })
		await a.whenClosed()
	})
})

describe('issue 24.1: memory a client can grow without limit', () => {
	// Peers stand in for connections: a connection the book still holds after it closed is memory a client can grow.
	async function book() {
		const store = await Store.open({ sqlite: betterSqliteDriver(), clock: new SimulatedClock() })
		const leases = new LeaseBook(store, DEFAULT_LIMITS)
		cleanups.push(async () => {
			leases.close()
			await store.close()
		})
		const request = (key: string, requestId: string): HoldRequest => ({ id: 1, method: 'hold', kind: 'lock', name: 'invoices', key, ttl: 3_600_000, wait: 3_600_000, requestId })
		return { leases, request }
	}

	const alive = (refs: WeakRef<object>[]) => refs.filter(ref => ref.deref() !== undefined).length

	it('forgets a retry of a waiting hold once the connection that sent it closes', async () => {
		const { leases, request } = await book()
		const holder: Peer = { scope: leases.openScope('holder-0b7e5a1c'), pushLost() {} }
		await leases.hold(request('42', '1'), holder)
		const first: Peer = { scope: leases.openScope('waiter-9e615d8f'), pushLost() {} }
		leases.ask(request('42', '1'), first, () => {})
		const refs: WeakRef<object>[] = []
		// Each retry comes on a connection of its own, which closes: the hold still waits for its first asker.
		// Made in a function of its own, so that no frame of this test keeps the last one.
		const retryOnce = () => {
			const peer = { scope: leases.openScope('waiter-9e615d8f'), pushLost() {}, buffer: new Uint8Array(64 * 1024) }
			refs.push(new WeakRef(peer))
			leases.ask(request('42', '1'), peer, () => {})
			leases.closeScope(peer)
		}
		for (let i = 0; i < 50; i++) retryOnce()
		await collectGarbage()
		expect(alive(refs)).toBe(0)
	})

	it('keeps no closed connection alive through a hold it was granted', async () => {
		const { leases, request } = await book()
		const refs: WeakRef<object>[] = []
		const holdOnce = async (i: number) => {
			const peer = { scope: leases.openScope(), pushLost() {}, buffer: new Uint8Array(64 * 1024) }
			refs.push(new WeakRef(peer))
			await leases.hold(request(String(i), '1'), peer)
			leases.closeScope(peer)
		}
		for (let i = 0; i < 50; i++) await holdOnce(i)
		await collectGarbage()
		expect(alive(refs)).toBe(0)
	})
})

describe('issue 24.5: SIGTERM drops the closed answer that waiting holds are promised', () => {
	it('answers a waiting hold with closed before the connection ends, when the server process gets SIGTERM', async ({ onTestFinished }) => {
		const { proc, url } = await startServerProcess(onTestFinished, tempDir())
		const holder = await WireClient.open(url)
		const waiter = await WireClient.open(url)
		cleanups.push(() => holder.close(), () => waiter.close())
		const lease = leaseOf(await holder.ask(hold('42', '1')))
		waiter.send(hold('42', '1', { id: 'waiting', wait: '1h' }))
		// The server has the hold in line once a later request on the same connection is answered.
		await waiter.ask({ id: 'ping', method: 'cancel', requestId: 'none' })
		proc.kill('SIGTERM')
		expect(await waiter.answer('waiting')).toMatchObject({ ok: false, error: { code: 'closed' } })
		expect(await holder.event(lease.id)).toEqual({ event: 'lost', leaseId: lease.id, reason: 'closed' })
		expect(await proc.exited()).toBe(0)
	})
})

describe('issue 24.6: secrets other local users can read', () => {
	const token = 'a-token-of-24-characters'

	it('takes the token from a file only its owner can read, or from the environment, so it never shows in the command line', async ({ onTestFinished }) => {
		const dir = tempDir()
		const file = join(dir, 'token')
		writeFileSync(file, `${token}\n`, { mode: 0o600 })
		for (const options of [{ args: ['--token-file', file] }, { env: { TINYSTORE_LOCKS_TOKEN: token } }]) {
			const { proc, url } = await startServerProcess(onTestFinished, join(dir, `data-${options.args === undefined ? 'env' : 'file'}`), options)
			if (existsSync(`/proc/${proc.child.pid}/cmdline`)) expect(readFileSync(`/proc/${proc.child.pid}/cmdline`, 'utf8')).not.toContain(token)
			const wire = await WireClient.open(url)
			cleanups.push(() => wire.close())
			expect(errorOf(await wire.ask({ id: 1, method: 'hold', kind: 'lock', name: 'n', key: 'k', requestId: 'r' })).code).toBe('unauthorized')
			const again = await WireClient.open(url)
			cleanups.push(() => again.close())
			expect(await again.ask({ id: 1, method: 'hello', token })).toMatchObject({ ok: true })
		}
	})

	it('refuses a token file other users can read, naming it', async ({ onTestFinished }) => {
		const dir = tempDir()
		const file = join(dir, 'token')
		writeFileSync(file, token)
		chmodSync(file, 0o644)
		const proc = new Proc('server/cli.ts', ['--dir', join(dir, 'data'), '--port', '0', '--token-file', file])
		onTestFinished(() => proc.end())
		expect(await proc.exited()).toBe(2)
		expect(proc.stderr.join('\n')).toBe(`--token-file ${file}: other users can read it (mode 644); make it readable by its owner only (chmod 600)`)
	})

	it('writes the history, with its live lease and request ids, to a file only its owner can read', async ({ onTestFinished }) => {
		const dir = tempDir()
		const fresh = join(dir, 'fresh.jsonl')
		const old = join(dir, 'old.jsonl')
		writeFileSync(old, '', { mode: 0o644 })
		chmodSync(old, 0o644)
		for (const history of [fresh, old]) {
			const { url } = await startServerProcess(onTestFinished, join(dir, `data-${history === fresh ? 'fresh' : 'old'}`), { history })
			const wire = await WireClient.open(url)
			cleanups.push(() => wire.close())
			leaseOf(await wire.ask(hold('42', '1')))
			expect(statSync(history).mode & 0o777).toBe(0o600)
		}
	})
})

describe('issue 24.2: a throttle kills the TypeScript client for good', () => {
	const token = 'a-token-of-24-characters'

	async function wrongToken(url: string): Promise<void> {
		const wrong = await WireClient.open(url)
		cleanups.push(() => wrong.close())
		expect(errorOf(await wrong.ask({ id: 1, method: 'hello', token: 'not-the-token-at-all-no' })).code).toBe('unauthorized')
	}

	it('keeps a client whose address another process\'s wrong token throttled: it reconnects, and its lease holds', async () => {
		const { server } = await setup({ token, limits: { authDelayMs: 60_000 } })
		const relay = await Relay.to(server.url)
		cleanups.push(() => relay.close())
		const client = await connect(relay.url, { token })
		cleanups.push(() => client.close())
		const result = await client.lock('invoices').hold(
			'42',
			async lease => {
				await wrongToken(server.url)
				relay.cut()
				await until(() => (relay.connections >= 2 && client.connected ? true : undefined), 'the client to reconnect')
				await lease.renew()
				return { lost: lease.lost, aborted: lease.signal.aborted }
			},
			{ ttl: '5s' },
		)
		expect(result).toEqual({ lost: false, aborted: false })
	})

	it('makes connect() wait out a throttle on its address, instead of failing at once', async () => {
		const { server } = await setup({ token, limits: { authDelayMs: 400 } })
		await wrongToken(server.url)
		const client = await connect(server.url, { token, connectTimeout: '10s' })
		cleanups.push(() => client.close())
		expect(await client.lock('invoices').tryHold('42', () => 'held')).toBe('held')
	})

	it('answers a hello while its address is throttled with busy and the time to wait, apart from a wrong token', async () => {
		const { open, server } = await setup({ token, limits: { authDelayMs: 60_000 } })
		await wrongToken(server.url)
		const soon = await open()
		const error = errorOf(await soon.ask({ id: 1, method: 'hello', token })) as { code: string; message: string; retryAfter?: number }
		expect(error).toEqual({ code: 'busy', message: expect.stringMatching(/^too many failed tokens from 127\.0\.0\.1: try again in \d+ ms$/), retryAfter: expect.any(Number) })
		expect(error.retryAfter).toBeGreaterThan(59_000)
		await soon.whenClosed()
	})
})

describe('issue 24.4: starving others', () => {
	it('refuses connections from one address past --max-connections-per-address with busy, and takes them again once one closes', async () => {
		const { open, server } = await setup({ limits: { maxConnectionsPerAddress: 2 } })
		const a = await open()
		await open()
		const refused = await open()
		expect(await refused.next()).toEqual({
			id: null,
			ok: false,
			error: { code: 'busy', message: 'this address (127.0.0.1) has 2 connections, its limit (--max-connections-per-address); try again later' },
		})
		await refused.whenClosed()
		a.close()
		await until(() => (server.connections < 2 ? true : undefined), 'the server to see the close')
		leaseOf(await (await open()).ask(hold('42', '1')))
	})

	it('closes an idle connection that sends only frames it cannot read: a refused frame is not a request', async () => {
		const { open } = await setup({ limits: { idleTimeoutMs: 400 } })
		const garbage = await open()
		const timer = setInterval(() => garbage.send('not json\n'), 50)
		cleanups.push(() => clearInterval(timer))
		const polite = await open()
		const ping = setInterval(() => polite.send({ id: 'ping', method: 'cancel', requestId: 'none' }), 50)
		cleanups.push(() => clearInterval(ping))
		await garbage.whenClosed(3000)
		expect(garbage.messages.at(-1)).toEqual({ id: null, ok: false, error: { code: 'closed', message: 'no request completed for 400 ms, and nothing is held or asked: the idle connection closes (--idle-timeout)' } })
		expect(polite.closed).toBe(false)
	})
})

describe('issue 24.4: starving others, between connections', () => {
	it('serves a request of one connection while another\'s long pipeline is still being read, rather than after all of it', async () => {
		const { open } = await setup()
		const flood = await open()
		const other = await open()
		const frames = 40_000
		const firstAnswer = new Promise(resolve => flood.socket.once('data', resolve))
		flood.send(Array.from({ length: frames }, (_, i) => `{"id":${i},"method":"cancel","requestId":"r"}\n`).join(''))
		// Once the server answers the flood, it is reading it; the other connection's request comes after.
		await firstAnswer
		// How much of the flood was answered when the other connection's answer came (the wire client reads a chunk before this listener hears of it).
		const answeredBefore = new Promise<number>(resolve => other.socket.on('data', () => other.messages.some(m => m.id === 'mine') && resolve(flood.messages.length)))
		other.send({ id: 'mine', method: 'cancel', requestId: 'r' })
		const floodAnsweredBefore = await answeredBefore
		await until(() => (flood.messages.length === frames ? true : undefined), 'every answer to the flood', 20_000)
		expect(floodAnsweredBefore).toBeLessThan(frames / 8)
	})
})

describe('issue 24.4: starving others, when many waiters leave at once', () => {
	it('keeps a 2 s lease renewable while 50,000 waiters of a closed connection leave their line', async () => {
		const waiters = 50_000
		// The book on the real clock, without the wire: the time this test measures is the book's and the engine's.
		const store = await Store.open({ sqlite: betterSqliteDriver() })
		const book = new LeaseBook(store, { ...DEFAULT_LIMITS, maxHolds: waiters + 1, maxHoldsPerClient: waiters })
		cleanups.push(async () => {
			book.close()
			await store.close()
		})
		const request = (requestId: string, wait: number): HoldRequest => ({ id: 1, method: 'hold', kind: 'lock', name: 'invoices', key: '42', ttl: 3_600_000, wait, requestId })
		const holder: Peer = { scope: book.openScope(), pushLost() {} }
		const lease = await book.hold(request('held', 0), holder)
		const crowd: Peer = { scope: book.openScope(), pushLost() {} }
		for (let i = 0; i < waiters; i++) book.ask(request(`w${i}`, 3_600_000), crowd, () => {})
		await until(() => (store.lock('invoices').waiting('42') === waiters ? true : undefined), 'every waiter in line', 60_000)
		// From now on the lease lasts 2 s unless renewed; then the crowd's connection closes. Leaving all at once took
		// several seconds; a slice at a time, the renewal comes in between (2 s leaves room for a machine under load).
		book.renew(lease.id, 2000, undefined, holder)
		book.closeScope(crowd)
		await sleep(50)
		expect(book.renew(lease.id, 2000, undefined, holder).id).toBe(lease.id)
		await until(() => (store.lock('invoices').waiting('42') === 0 ? true : undefined), 'the line to empty', 60_000)
	}, 120_000)
})

describe('issue 24.4: starving others, at the open-file limit', () => {
	it('answers connections past what the open-file limit leaves room for with busy, not a reset', async ({ onTestFinished }) => {
		const dir = tempDir()
		const server = spawn('sh', ['-c', `ulimit -n 128 && exec "${process.execPath}" --import tsx server/cli.ts --dir "${join(dir, 'data')}" --port 0`], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
		onTestFinished(() => void server.kill('SIGKILL'))
		let output = ''
		server.stdout.on('data', chunk => (output += chunk))
		server.stderr.on('data', chunk => (output += chunk))
		const port = await until(() => /on tcp:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1], 'the server to listen', 30_000)
		const outcomes: Promise<string>[] = []
		for (let i = 0; i < 150; i++) {
			const socket = createConnection({ host: '127.0.0.1', port: Number(port) })
			onTestFinished(() => void socket.destroy())
			outcomes.push(
				new Promise(resolve => {
					let text = ''
					socket.on('connect', () => socket.write(`{"id":${i},"method":"hello"}\n`))
					socket.on('data', chunk => {
						text += chunk
						if (text.includes('"ok":true')) resolve('served')
						else if (text.includes('"code":"busy"')) resolve('busy')
					})
					socket.on('error', error => resolve(`error ${(error as NodeJS.ErrnoException).code}`))
					socket.on('close', () => resolve(`closed with ${JSON.stringify(text)}`))
				}),
			)
			await sleep(2)
		}
		const counts = new Map<string, number>()
		for (const outcome of await Promise.all(outcomes)) counts.set(outcome, (counts.get(outcome) ?? 0) + 1)
		expect([...counts.keys()].sort()).toEqual(['busy', 'served'])
		expect(output).toMatch(/the open-file limit leaves room for \d+ connections; more are answered busy \(raise it with ulimit -n\)/)
	}, 60_000)
})

describe('issue 24.8: store damage, and two servers on one directory', () => {
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

describe('issue 24: operators can see and end leases', () => {
	const operatorToken = 'the-operator-token-0b7e5a1c'

	it('lists the keys held or waited for, with holders and waiters, to an operator, narrowed by name or key', async () => {
		const { open } = await setup({ operatorToken })
		const a = await open('alpha-0b7e5a1c3f2d4c9a')
		const b = await open()
		const first = leaseOf(await a.ask(hold('42', '1')))
		leaseOf(await a.ask(hold('43', '2', { kind: 'semaphore', name: 'exports', limit: 2 })))
		b.send(hold('42', '1', { id: 'waiting', wait: '1h' }))
		const operator = await open()
		expect(await operator.ask({ id: 'hello', method: 'hello', token: operatorToken })).toMatchObject({ ok: true })
		await until(() => (b.messages.length === 0 ? true : undefined), 'nothing for the waiter yet')
		const listed = await operator.ask({ id: 'all', method: 'leases' })
		expect(listed).toMatchObject({ ok: true, truncated: false, now: expect.any(Number) })
		expect(listed.keys).toEqual([
			{
				kind: 'lock',
				name: 'invoices',
				key: '42',
				limit: null,
				holders: [{ leaseId: first.id, client: 'client alpha-0b7e5a1c3f2d4c9a', fence: first.fence, grantedAt: expect.any(Number), expiresAt: expect.any(Number) }],
				waiters: [{ requestId: '1', client: expect.stringMatching(/^connection \d+$/), since: expect.any(Number) }],
			},
			{ kind: 'semaphore', name: 'exports', key: '43', limit: 2, holders: [expect.objectContaining({ fence: null })], waiters: [] },
		])
		expect((await operator.ask({ id: 'by name', method: 'leases', name: 'exports' })).keys).toHaveLength(1)
		expect((await operator.ask({ id: 'by key', method: 'leases', key: '42' })).keys).toMatchObject([{ key: '42' }])
		expect((await operator.ask({ id: 'none', method: 'leases', kind: 'lock', name: 'exports' })).keys).toEqual([])
	})

	it('ends a lease: its holder hears it is lost, then the key moves on to the next in line, and the lease is gone', async () => {
		const history: HistoryRecord[] = []
		const { open } = await setup({ operatorToken, history: record => history.push(record) })
		const holder = await open()
		const waiter = await open()
		const lease = leaseOf(await holder.ask(hold('42', '1')))
		waiter.send(hold('42', '1', { id: 'waiting', wait: '1h' }))
		await until(() => (history.some(r => r.type === 'wait') ? true : undefined), 'the waiter in line')
		const operator = await open()
		expect(await operator.ask({ id: 'hello', method: 'hello', token: operatorToken })).toMatchObject({ ok: true })
		expect(await operator.ask({ id: 'end', method: 'end', leaseId: lease.id })).toEqual({ id: 'end', ok: true })
		expect(await holder.event(lease.id)).toEqual({ event: 'lost', leaseId: lease.id, reason: 'ended' })
		const next = leaseOf(await waiter.answer('waiting'))
		expect(BigInt(next.fence)).toBeGreaterThan(BigInt(lease.fence))
		const order = history.filter(r => r.type === 'end' || r.type === 'grant').map(r => r.type)
		expect(order).toEqual(['grant', 'end', 'grant'])
		expect(errorOf(await holder.ask({ id: 'renew', method: 'renew', leaseId: lease.id, ttl: '1h' }))).toEqual({ code: 'lost', message: `lease "${lease.id}": ended by an operator; the renewal is refused` })
		expect(errorOf(await operator.ask({ id: 'again', method: 'end', leaseId: lease.id })).code).toBe('lost')
	})

	it('refuses leases and end to a client without the operator token, and the connection goes on', async () => {
		const { open } = await setup({ operatorToken })
		const a = await open()
		const lease = leaseOf(await a.ask(hold('42', '1')))
		expect(errorOf(await a.ask({ id: 'list', method: 'leases' }))).toEqual({ code: 'unauthorized', message: "leases: an operator's request; this connection's hello did not give the operator token" })
		expect(errorOf(await a.ask({ id: 'end', method: 'end', leaseId: lease.id })).code).toBe('unauthorized')
		expect(leaseOf(await a.ask({ id: 'renew', method: 'renew', leaseId: lease.id, ttl: '1h' })).id).toBe(lease.id)
		const wrong = await open()
		expect(errorOf(await wrong.ask({ id: 1, method: 'hello', token: 'not-the-operator-token-0' })).code).toBe('unauthorized')
		await wrong.whenClosed()
		const { open: openPlain } = await setup()
		const plain = await openPlain()
		expect(errorOf(await plain.ask({ id: 'list', method: 'leases' })).message).toBe("leases: an operator's request; this server has no operator token (--operator-token-file)")
		await expect(setup({ token: operatorToken, operatorToken })).rejects.toThrow("serve: operatorToken: the same as token; an operator sees every client's leases, so its token must be its own")
	})

	it('lists and ends leases from the command line, and the TypeScript holder reads its lease as lost by an operator', async ({ onTestFinished }) => {
		const dir = tempDir()
		const tokenFile = join(dir, 'operator-token')
		writeFileSync(tokenFile, operatorToken, { mode: 0o600 })
		const { url } = await startServerProcess(onTestFinished, join(dir, 'data'), { env: { TINYSTORE_LOCKS_OPERATOR_TOKEN: operatorToken } })
		const client = await connect(url)
		cleanups.push(() => client.close())
		let leaseId = ''
		const lost = client.lock('invoices').hold('42', lease => {
			leaseId = lease.id
			return new Promise<string>(resolve => lease.signal.addEventListener('abort', () => resolve((lease.signal.reason as Error).message)))
		})
		await until(() => (leaseId === '' ? undefined : true), 'the lease')
		const list = new Proc('server/cli.ts', ['leases', '--url', url, '--token-file', tokenFile, '--name', 'invoices'])
		onTestFinished(() => list.end())
		expect(await list.exited()).toBe(0)
		expect(list.lines[0]).toBe('lock invoices: key "42"')
		expect(list.lines[1]).toMatch(new RegExp(`^  held by lease ${leaseId} \\(client [0-9a-f-]{36}\\), fence \\d+, runs out in `))
		expect(list.lines.at(-1)).toBe('1 key, 1 holder, 0 waiters')
		const end = new Proc('server/cli.ts', ['leases', '--url', url, '--token-file', tokenFile, '--end', leaseId])
		onTestFinished(() => end.end())
		expect(await end.exited()).toBe(0)
		expect(end.lines).toEqual([`ended lease ${leaseId}: its holder is told it is lost, and its key moves on`])
		expect(await lost).toBe(`lock invoices: key "42": lease ${leaseId} was lost: an operator ended it`)
	})
})

describe('issue 24.9: memory per distinct name', () => {
	it('holds 20,000 leases of distinct names in under 2.5 KB each, and keeps nothing of them once released', async () => {
		const store = await Store.open({ sqlite: betterSqliteDriver() })
		const book = new LeaseBook(store, { ...DEFAULT_LIMITS, maxHoldsPerClient: 20_000 })
		cleanups.push(async () => {
			book.close()
			await store.close()
		})
		const peer: Peer = { scope: book.openScope('many-names-0b7e5a1c'), pushLost() {} }
		const heap = async () => {
			await collectGarbage()
			return process.memoryUsage().heapUsed
		}
		const holdAll = async (from: number) => {
			const ids: string[] = []
			for (let i = from; i < from + 20_000; i++) {
				const lease = await book.hold({ id: 1, method: 'hold', kind: 'lock', name: `name-${i}`, key: '42', ttl: 600_000, wait: 0, requestId: `r${i}` }, peer)
				ids.push(lease.id)
			}
			return ids
		}
		const releaseAll = (ids: string[]) => {
			for (const id of ids) book.releaseNow(id, undefined, peer.scope)
		}
		// A first round fills the memory of ended holds and leases, which is bounded (rememberEnded).
		releaseAll(await holdAll(0))
		const before = await heap()
		const ids = await holdAll(20_000)
		const held = await heap()
		releaseAll(ids)
		const after = await heap()
		expect((held - before) / ids.length).toBeLessThan(2500)
		expect(store.names).toBe(0)
		// The 20,000 ended holds took the slots of the first round's in the bounded memory: under 100 bytes a name is left.
		expect(after - before).toBeLessThan(20_000 * 100)
	})
})
