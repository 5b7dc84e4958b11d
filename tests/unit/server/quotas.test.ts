import { spawn } from 'node:child_process'
import { createConnection } from 'node:net'
import { networkInterfaces } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { LockError } from '../../../engine/index.ts'
import { connect } from '../../../server/index.ts'
import { addressGroup } from '../../../server/address-group.ts'
import { DEFAULT_LIMITS } from '../../../server/server.ts'
import { bookHold, errorOf, hold, leaseOf, serverTests } from './fixtures/server-tests.ts'
import { sleep, tempDir, until, WireClient } from './fixtures/wire.ts'

// What one client may take of a server (holds, connections, slots in flight, the event loop's time), so
// that no client, address or token shuts the others out.

const { setup, book, later } = serverTests()
const root = fileURLToPath(new URL('../../../', import.meta.url))

describe('holds', () => {
	it('refuses a client past its share of holds with busy, and serves the others', async () => {
		const { open } = await setup({ limits: { maxHoldsPerClient: 3 } })
		const greedy = await open()
		for (const key of ['1', '2', '3']) leaseOf(await greedy.ask(hold(key)))
		const error = errorOf(await greedy.ask(hold('4')))
		expect(error).toEqual({ code: 'busy', message: 'lock invoices: key "4": this client has 3 holds waiting or held, its share (--max-holds-per-client)' })
		const other = await open()
		leaseOf(await other.ask(hold('4')))
	})

	it('counts a client\'s leases across its reconnects, by the client id of its hello', async () => {
		const { open } = await setup({ limits: { maxHoldsPerClient: 2 } })
		const first = await open('alpha-7f3c9a2e')
		const leases = [leaseOf(await first.ask(hold('1'))), leaseOf(await first.ask(hold('2')))]
		first.close()
		const again = await open('alpha-7f3c9a2e')
		expect(errorOf(await again.ask(hold('3'))).code).toBe('busy')
		expect(await again.ask({ id: 'release', method: 'release', leaseId: leases[0]?.id })).toMatchObject({ ok: true })
		leaseOf(await again.ask(hold('3')))
	})

	it('renews, releases and cancels while its in-flight slots are full of waiting holds', async () => {
		const { open } = await setup({ limits: { maxInFlight: 4 } })
		const other = await open()
		leaseOf(await other.ask(hold('busy')))
		const a = await open()
		const mine = leaseOf(await a.ask(hold('mine')))
		const waiting = [1, 2, 3, 4].map(() => hold('busy', { wait: 5000 }))
		for (const request of waiting) a.send(request)
		// The fifth waiting hold has no slot.
		expect(errorOf(await a.ask(hold('busy', { wait: 5000 }))).code).toBe('busy')
		expect(leaseOf(await a.ask({ id: 'renew', method: 'renew', leaseId: mine.id, ttl: 5000 })).id).toBe(mine.id)
		expect(await a.ask({ id: 'cancel', method: 'cancel', requestId: waiting[0]?.requestId })).toMatchObject({ ok: true })
		expect(await a.ask({ id: 'release', method: 'release', leaseId: mine.id })).toMatchObject({ ok: true })
		expect(errorOf(await a.answer(waiting[0]?.id)).code).toBe('cancelled')
	})

	it('rejects with held for a held key, busy for a server at its limit, and unreachable for no server', async () => {
		const { server, stop } = await setup({ limits: { maxHoldsPerClient: 1 } })
		const a = await connect(server.url)
		const b = await connect(server.url)
		later(
			() => a.close(),
			() => b.close(),
		)
		const codeOf = (promise: Promise<unknown>) => promise.then(() => 'ok', (error: unknown) => (error instanceof LockError ? error.code : String(error)))
		await a.lock('invoices').hold('42', async () => {
			expect(await codeOf(b.lock('invoices').hold('42', () => 1, { wait: 50 }))).toBe('held')
			expect(await codeOf(a.lock('invoices').hold('43', () => 1))).toBe('busy')
		})
		const url = server.url
		await stop()
		expect(await codeOf(connect(url, { reconnect: false }))).toBe('unreachable')
	})
})

// An address of this machine that is not loopback: to the server, a second host.
const otherAddress = Object.values(networkInterfaces())
	.flat()
	.find(info => info !== undefined && !info.internal && info.family === 'IPv4')?.address

describe('who asks: an address, a token', () => {
	it('serves a second address while one address hoards: its short connections, each a client of its own, take at most the address\'s share, counted over live leases whatever connection took them', async () => {
		expect(otherAddress, 'this machine needs an address other than loopback for this test').toBeDefined()
		expect(DEFAULT_LIMITS.maxHoldsPerAddress).toBeLessThan(DEFAULT_LIMITS.maxHolds)
		const { open, server } = await setup({ host: '0.0.0.0', limits: { maxHolds: 100, maxHoldsPerClient: 10, maxHoldsPerAddress: 30 } })
		// 20 short connections, each a client of its own, each asking for 10 keys for an hour, then gone: their leases stay.
		const answers: string[] = []
		for (let c = 0; c < 20; c++) {
			const hoarder = await open()
			for (let k = 0; k < 10; k++) {
				const answer = await hoarder.ask(hold(`${c}-${k}`))
				answers.push(answer.ok === true ? 'ok' : (answer.error as { message: string }).message)
			}
			hoarder.close()
		}
		expect(answers.filter(a => a === 'ok')).toHaveLength(30)
		expect(answers.at(-1)).toBe('lock invoices: key "19-9": loopback (127.0.0.0/8 and ::1) has 30 holds waiting or held, its share (--max-holds-per-address)')
		const another = await WireClient.open(`tcp://${otherAddress}:${server.port}`)
		later(() => another.close())
		leaseOf(await another.ask(hold('mine')))
		// The address's share stays taken while its leases live, whichever connection asks.
		expect(errorOf(await (await open()).ask(hold('later'))).code).toBe('busy')
	})

	it('counts a renewal by id against the renewer\'s share too, so no address keeps more leases alive than its share', async () => {
		expect(otherAddress, 'this machine needs an address other than loopback for this test').toBeDefined()
		const { open, server } = await setup({ host: '0.0.0.0', limits: { maxHoldsPerAddress: 30, maxHoldsPerClient: 100 } })
		const hoarder = await open()
		const leases = []
		for (let k = 0; k < 30; k++) leases.push(leaseOf(await hoarder.ask(hold(`hoarded ${k}`, { ttl: '5s' }))))
		hoarder.close()
		const renewer = await WireClient.open(`tcp://${otherAddress}:${server.port}`)
		later(() => renewer.close())
		for (const lease of leases.slice(0, 20)) leaseOf(await renewer.ask({ id: `renew ${lease.id}`, method: 'renew', leaseId: lease.id, ttl: '1h' }))
		// Renewing a lease it is charged for already costs nothing more.
		leaseOf(await renewer.ask({ id: 'again', method: 'renew', leaseId: leases[0]?.id, ttl: '1h' }))
		for (let k = 0; k < 10; k++) leaseOf(await renewer.ask(hold(`own ${k}`)))
		const address = `this address (${otherAddress})`
		expect(errorOf(await renewer.ask(hold('one more')))).toEqual({ code: 'busy', message: `lock invoices: key "one more": ${address} has 30 holds waiting or held, its share (--max-holds-per-address)` })
		expect(errorOf(await renewer.ask({ id: 'renew 21', method: 'renew', leaseId: leases[20]?.id, ttl: '1h' }))).toEqual({
			code: 'busy',
			message: `lock invoices: key "hoarded 20": ${address} has 30 holds waiting or held, its share (--max-holds-per-address); the renewal is refused`,
		})
	})

	it('counts every loopback address as one: 127.0.0.2 shares 127.0.0.1\'s holds, connections and failed tokens', async () => {
		const { open } = await setup({ limits: { maxHoldsPerAddress: 2, maxConnectionsPerAddress: 3 } })
		const first = await open(undefined, '127.0.0.1')
		const second = await open(undefined, '127.0.0.2')
		leaseOf(await first.ask(hold('1')))
		leaseOf(await second.ask(hold('2')))
		expect(errorOf(await second.ask(hold('3'))).message).toBe('lock invoices: key "3": loopback (127.0.0.0/8 and ::1) has 2 holds waiting or held, its share (--max-holds-per-address)')
		await open(undefined, '127.0.0.3')
		const refused = await open(undefined, '127.0.0.4')
		expect(await refused.next()).toMatchObject({ error: { code: 'busy', message: 'loopback (127.0.0.0/8 and ::1) has 3 connections, its limit (--max-connections-per-address); try again later' } })
		const token = 'a-token-of-24-characters'
		const guarded = await setup({ token, limits: { authDelayMs: 60_000 } })
		const guess = await guarded.open(undefined, '127.0.0.5')
		expect(errorOf(await guess.ask({ id: 1, method: 'hello', token: 'not-the-token-at-all-no' })).code).toBe('unauthorized')
		const next = await guarded.open(undefined, '127.0.0.6')
		expect(errorOf(await next.ask({ id: 1, method: 'hello', token: 'not-the-token-either-no' })).message).toMatch(/^too many failed tokens from loopback \(127\.0\.0\.0\/8 and ::1\): try again in \d+ ms$/)
	})

	it('groups addresses as hosts: an IPv4 address alone, loopback as one, an IPv6 address by its /64 network', () => {
		expect(addressGroup('192.0.2.7')).toEqual({ key: '192.0.2.7', name: '192.0.2.7', label: 'this address (192.0.2.7)' })
		expect(addressGroup('::ffff:192.0.2.7')).toEqual(addressGroup('192.0.2.7'))
		expect(addressGroup('127.0.0.1')).toEqual(addressGroup('127.255.0.9'))
		expect(addressGroup('::1')).toEqual(addressGroup('127.0.0.1'))
		expect(addressGroup('2001:db8:1:2:aaaa::1')).toEqual({ key: '2001:db8:1:2::/64', name: '2001:db8:1:2::/64', label: 'its network (2001:db8:1:2::/64)' })
		expect(addressGroup('2001:db8:1:2:ffff:ffff:ffff:ffff').key).toBe('2001:db8:1:2::/64')
		expect(addressGroup('2001:0db8:0001:0002::').key).toBe('2001:db8:1:2::/64')
		expect(addressGroup('fe80::1%eth0').key).toBe('fe80::/64')
	})

	it('gives each token its share, so the clients of one token cannot shut out another\'s', async () => {
		const tenants = ['tenant-a-token-0b7e5a1c', 'tenant-b-token-9e615d8f']
		const { open } = await setup({ token: tenants, limits: { maxHoldsPerToken: 5, maxHoldsPerClient: 3 } })
		const hello = async (token: string, client: string) => {
			const wire = await open()
			expect(await wire.ask({ id: 'hello', method: 'hello', token, client })).toMatchObject({ ok: true })
			return wire
		}
		const a1 = await hello(tenants[0] as string, 'a-one-0b7e5a1c')
		const a2 = await hello(tenants[0] as string, 'a-two-0b7e5a1c')
		for (const key of ['1', '2', '3']) leaseOf(await a1.ask(hold(key)))
		for (const key of ['4', '5']) leaseOf(await a2.ask(hold(key)))
		expect(errorOf(await a2.ask(hold('6')))).toEqual({ code: 'busy', message: 'lock invoices: key "6": this token has 5 holds waiting or held, its share (--max-holds-per-token)' })
		const b = await hello(tenants[1] as string, 'b-one-9e615d8f')
		leaseOf(await b.ask(hold('6')))
	})
})

describe('connections', () => {
	it('refuses connections past --max-connections with busy, and takes new ones once one closes', async () => {
		const { open } = await setup({ limits: { maxConnections: 2 } })
		const a = await open()
		await open()
		const refused = await open()
		expect(await refused.next()).toEqual({ id: null, ok: false, error: { code: 'busy', message: 'the server has 2 connections, its limit (--max-connections); try again later' } })
		await refused.whenClosed()
		a.close()
		await sleep(100)
		leaseOf(await (await open()).ask(hold('42')))
	})

	it('refuses connections from one address past --max-connections-per-address with busy, and takes them again once one closes', async () => {
		const { open, server } = await setup({ limits: { maxConnectionsPerAddress: 2 } })
		const a = await open()
		await open()
		const refused = await open()
		expect(await refused.next()).toEqual({
			id: null,
			ok: false,
			error: { code: 'busy', message: 'loopback (127.0.0.0/8 and ::1) has 2 connections, its limit (--max-connections-per-address); try again later' },
		})
		await refused.whenClosed()
		a.close()
		await until(() => (server.connections < 2 ? true : undefined), 'the server to see the close')
		leaseOf(await (await open()).ask(hold('42')))
	})

	it('closes a connection that completes no frame within the idle timeout, also one that trickles bytes, but not one that holds a lease', async () => {
		const { open } = await setup({ limits: { idleTimeoutMs: 400 } })
		const silent = await open()
		const trickle = await open()
		trickle.send('{"id":1,')
		const timer = setInterval(() => trickle.send(' '), 50)
		later(() => clearInterval(timer))
		const holder = await open()
		leaseOf(await holder.ask(hold('42')))
		await silent.whenClosed(2000)
		await trickle.whenClosed(2000)
		expect(silent.messages).toEqual([{ id: null, ok: false, error: { code: 'closed', message: 'no request completed for 400 ms, and nothing is held or asked: the idle connection closes (--idle-timeout)' } }])
		expect(holder.closed).toBe(false)
	})

	it('closes an idle connection that sends only frames it cannot read: a refused frame is not a request', async () => {
		const { open } = await setup({ limits: { idleTimeoutMs: 400 } })
		const garbage = await open()
		const timer = setInterval(() => garbage.send('not json\n'), 50)
		later(() => clearInterval(timer))
		const polite = await open()
		const ping = setInterval(() => polite.send({ id: 'ping', method: 'cancel', requestId: 'none' }), 50)
		later(() => clearInterval(ping))
		await garbage.whenClosed(3000)
		expect(garbage.messages.at(-1)).toEqual({ id: null, ok: false, error: { code: 'closed', message: 'no request completed for 400 ms, and nothing is held or asked: the idle connection closes (--idle-timeout)' } })
		expect(polite.closed).toBe(false)
	})

	it('answers connections past what the open-file limit leaves room for with busy, not a reset', async ({ onTestFinished }) => {
		const dir = tempDir()
		// 256 files: above what Node 22 or 24 and tsx take at start (about 90 and 40), below what 150 connections would need.
		const server = spawn('sh', ['-c', `ulimit -n 256 && exec "${process.execPath}" --import tsx server/cli.ts --dir "${join(dir, 'data')}" --port 0`], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
		onTestFinished(() => void server.kill('SIGKILL'))
		let output = ''
		let exited: number | null | undefined
		server.stdout.on('data', chunk => (output += chunk))
		server.stderr.on('data', chunk => (output += chunk))
		server.on('exit', code => (exited = code))
		const port = await until(() => {
			if (exited !== undefined) throw new Error(`the server exited (${exited}) before listening:\n${output}`)
			return /on tcp:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1]
		}, 'the server to listen', 30_000)
		const room = Number(/leaves room for (\d+) connections/.exec(output)?.[1])
		expect(room).toBeGreaterThan(0)
		const outcomes: Promise<string>[] = []
		for (let i = 0; i < room + 30; i++) {
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

describe('the event loop\'s time', () => {
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

	it('keeps a 2 s lease renewable while 50,000 waiters of a closed connection leave their line', async () => {
		const waiters = 50_000
		// The book on the real clock, without the wire: the time this test measures is the book's and the engine's.
		const { store, leases, peer } = await book({ maxHolds: waiters + 1, maxHoldsPerClient: waiters })
		const holder = peer()
		const lease = await leases.hold(bookHold('42', 'held'), holder)
		const crowd = peer()
		for (let i = 0; i < waiters; i++) leases.ask(bookHold('42', `w${i}`, { wait: 3_600_000 }), crowd, () => {})
		await until(() => (store.lock('invoices').waiting('42') === waiters ? true : undefined), 'every waiter in line', 60_000)
		// From now on the lease lasts 2 s unless renewed; then the crowd's connection closes. Leaving all at once took
		// several seconds; a slice at a time, the renewal comes in between (2 s leaves room for a machine under load).
		leases.renew(lease.id, 2000, undefined, holder)
		leases.closeScope(crowd)
		await sleep(50)
		expect(leases.renew(lease.id, 2000, undefined, holder).id).toBe(lease.id)
		await until(() => (store.lock('invoices').waiting('42') === 0 ? true : undefined), 'the line to empty', 60_000)
	}, 120_000)
})
