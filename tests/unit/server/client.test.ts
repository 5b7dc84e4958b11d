import { createServer } from 'node:net'
import { describe, expect, it, type OnTestFinishedHandler } from 'vitest'
import { LockError, type Lease } from '../../../engine/index.ts'
import { connect, type HistoryRecord, type LockClient } from '../../../server/index.ts'
import { Relay, sleep, startServer, until } from './fixtures/wire.ts'

type Finished = (fn: OnTestFinishedHandler) => void

async function setup(finished: Finished) {
	const history: HistoryRecord[] = []
	const running = await startServer({ history: record => history.push(record) })
	finished(() => running.stop())
	const client = async (): Promise<LockClient> => {
		const c = await connect(running.server.url)
		finished(() => c.close())
		return c
	}
	return { ...running, history, client }
}

async function rejection(promise: Promise<unknown>): Promise<LockError> {
	const error = await promise.then(
		() => undefined,
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(LockError)
	return error as LockError
}

describe.concurrent('the client holds keys as the embedded engine does', () => {
	it('runs the function holding the key, resolves to its result and releases the key after', async ({ onTestFinished }) => {
		const { client } = await setup(onTestFinished)
		const a = await client()
		const b = await client()
		const invoices = a.lock('invoices')
		expect(a.lock('invoices')).toBe(invoices)
		const fences: bigint[] = []
		const result = await invoices.hold(42, async lease => {
			expect(lease).toMatchObject({ key: '42', lost: false, id: expect.stringMatching(/^[0-9a-f-]{36}$/) })
			expect(typeof lease.fence).toBe('bigint')
			expect(lease.signal.aborted).toBe(false)
			fences.push(lease.fence)
			let ran = false
			expect(await b.lock('invoices').tryHold('42', () => (ran = true))).toBeUndefined()
			expect(ran).toBe(false)
			return 'summary saved'
		})
		expect(result).toBe('summary saved')
		await b.lock('invoices').hold(42n, lease => {
			fences.push(lease.fence)
		})
		expect(fences[1]).toBeGreaterThan(fences[0] as bigint)
	})

	it('releases the key when the function throws, and rethrows', async ({ onTestFinished }) => {
		const { client } = await setup(onTestFinished)
		const a = await client()
		await expect(a.lock('invoices').hold('42', () => Promise.reject(new Error('model down')))).rejects.toThrow('model down')
		expect(await a.lock('invoices').tryHold('42', () => 'free')).toBe('free')
	})

	it('gives up with held after the wait, naming the place and the wait, without running the function', async ({ onTestFinished }) => {
		const { client } = await setup(onTestFinished)
		const a = await client()
		const b = await client()
		let ran = false
		await a.lock('invoices').hold(
			'42',
			async () => {
				const error = await rejection(b.lock('invoices').hold('42', () => (ran = true), { wait: '1s' }))
				expect(error).toMatchObject({ code: 'held', message: 'lock invoices: key "42": held past the 1 s wait' })
			},
			{ ttl: '1h' },
		)
		expect(ran).toBe(false)
	})

	it('leaves the line at once when its signal aborts, and never holds', async ({ onTestFinished }) => {
		const { client, history } = await setup(onTestFinished)
		const a = await client()
		const b = await client()
		const controller = new AbortController()
		let ran = false
		await a.lock('invoices').hold(
			'42',
			async () => {
				const waiting = b.lock('invoices').hold('42', () => (ran = true), { wait: '1h', signal: controller.signal })
				await sleep(50)
				controller.abort()
				expect(await rejection(waiting)).toMatchObject({ code: 'cancelled', message: 'lock invoices: key "42": cancelled while waiting' })
			},
			{ ttl: '1h' },
		)
		expect(await a.lock('invoices').tryHold('42', () => 'free')).toBe('free')
		expect(ran).toBe(false)
		expect(history.filter(r => r.type === 'grant')).toHaveLength(2)
	})

	it('keeps a semaphore key to its limit, with leases that carry no fence', async ({ onTestFinished }) => {
		const { client } = await setup(onTestFinished)
		const clients = await Promise.all([client(), client(), client()])
		let inside = 0
		let most = 0
		await Promise.all(
			Array.from({ length: 9 }, (_, i) =>
				(clients[i % 3] as LockClient).semaphore('exports', { limit: 2 }).hold('monthly', async lease => {
					expect(lease.fence).toBeUndefined()
					most = Math.max(most, ++inside)
					await sleep(20)
					inside--
				}),
			),
		)
		expect(most).toBe(2)
		expect(() => clients[0]?.semaphore('exports', { limit: 3 })).toThrow('semaphore exports: limit 3: it is open with limit 2')
	})

	it('renews its lease on its own while the function runs past the TTL', async ({ onTestFinished }) => {
		const { client, history } = await setup(onTestFinished)
		const a = await client()
		const b = await client()
		const lease = await a.lock('invoices').hold(
			'42',
			async lease => {
				await sleep(4500)
				expect(await b.lock('invoices').tryHold('42', () => 'stolen')).toBeUndefined()
				return lease
			},
			{ ttl: '2s' },
		)
		// It renews every third of a TTL; a loaded machine may delay some, never all.
		expect(lease.lost).toBe(false)
		expect(history.filter(r => r.type === 'renew').length).toBeGreaterThanOrEqual(3)
	})

	it('with renew: false, aborts the signal before the key goes to the next holder, whose fence is larger', async ({ onTestFinished }) => {
		const { client } = await setup(onTestFinished)
		const a = await client()
		const b = await client()
		const events: string[] = []
		let first = 0n
		const invoices = a.lock('invoices')
		const holding = invoices.hold(
			'42',
			async lease => {
				first = lease.fence
				lease.signal.addEventListener('abort', () => events.push(`a lost: ${(lease.signal.reason as LockError).code}`))
				await sleep(1500)
				return lease.lost
			},
			{ ttl: '1s', renew: false },
		)
		await sleep(50)
		const next = await b.lock('invoices').hold('42', lease => {
			events.push('b holds')
			return lease.fence
		})
		expect(events).toEqual(['a lost: lost', 'b holds'])
		expect(next).toBeGreaterThan(first)
		expect(await holding).toBe(true)
	})

	it('calls onLost, as the signal aborts, before the key goes to the next holder', async ({ onTestFinished }) => {
		const { client } = await setup(onTestFinished)
		const a = await client()
		const b = await client()
		const events: string[] = []
		const invoices = a.lock('invoices')
		const holding = invoices.hold(
			'42',
			async lease => {
				lease.signal.addEventListener('abort', () => events.push('a aborted'))
				await sleep(1500)
				return lease.lost
			},
			{ ttl: '1s', renew: false, onLost: reason => events.push(`a lost: ${reason.code}`) },
		)
		await sleep(50)
		await b.lock('invoices').hold('42', () => events.push('b holds'))
		expect(events).toEqual(['a lost: lost', 'a aborted', 'b holds'])
		expect(await holding).toBe(true)
		const error = await rejection(invoices.hold('43', () => 1, { onLost: 'no' as unknown as () => void }))
		expect(error.message).toBe('lock invoices: key "43": onLost "no": expected a function')
	})

	it('reads its lease as lost once its TTL passes with the server out of reach, before the server would give the key away', async ({
		onTestFinished,
	}) => {
		const { server, client, history } = await setup(onTestFinished)
		const relay = await Relay.to(server.url)
		onTestFinished(() => relay.close())
		const cut = await connect(relay.url)
		onTestFinished(() => cut.close())
		const b = await client()
		const order: string[] = []
		let granted = () => {}
		const holds = new Promise<void>(resolve => (granted = resolve))
		const holding = cut.lock('invoices').hold(
			'42',
			lease =>
				new Promise(resolve => {
					void relay.close()
					lease.signal.addEventListener('abort', () => {
						order.push(`lost: ${(lease.signal.reason as LockError).code}`)
						resolve(lease.lost)
					})
					granted()
				}),
			{ ttl: '1s' },
		)
		await holds
		const next = b.lock('invoices').hold('42', () => order.push('b holds'), { wait: '5s' })
		expect(await holding).toBe(true)
		await next
		expect(order).toEqual(['lost: lost', 'b holds'])
		expect(history.filter(r => r.type === 'expire')).toHaveLength(1)
	})

	it('reads connected as false while its connection is down and its lease is still valid, and as true again once it reconnects, with the same lease', async ({
		onTestFinished,
	}) => {
		const { server } = await setup(onTestFinished)
		const relay = await Relay.to(server.url)
		onTestFinished(() => relay.close())
		const through = await connect(relay.url)
		onTestFinished(() => through.close())
		expect(through.connected).toBe(true)
		let held: Lease | undefined
		let done = () => {}
		const holding = through.lock('invoices').hold(
			'42',
			lease => {
				held = lease
				return new Promise<void>(resolve => (done = resolve))
			},
			{ ttl: '10s' },
		)
		const lease = await until(() => held, 'the lease')
		// Nothing listens on port 1: the client's reconnects fail until the relay leads to the server again.
		const toServer = relay.upstream
		relay.upstream = new URL('tcp://127.0.0.1:1')
		relay.cut()
		await until(() => (through.connected ? undefined : true), 'the client to see its connection down')
		expect(lease.lost).toBe(false)
		expect(lease.signal.aborted).toBe(false)
		relay.upstream = toServer
		await until(() => (through.connected ? true : undefined), 'the client to connect again')
		await lease.renew()
		expect(lease.lost).toBe(false)
		done()
		await holding
	})

	it('waits without bound with wait: Infinity', async ({ onTestFinished }) => {
		const { client } = await setup(onTestFinished)
		const a = await client()
		const b = await client()
		let release = () => {}
		const held = new Promise<void>(resolve => (release = resolve))
		const first = a.lock('invoices').hold('42', () => held)
		await sleep(20)
		const second = b.lock('invoices').hold('42', lease => lease.fence, { wait: Number.POSITIVE_INFINITY })
		await sleep(100)
		release()
		await first
		expect(typeof (await second)).toBe('bigint')
	})

	it('renews on request, to a new TTL, and refuses a renewal after the release', async ({ onTestFinished }) => {
		const { client } = await setup(onTestFinished)
		const a = await client()
		let kept: { renew(ttl?: string): Promise<void>; release(): Promise<void> } | undefined
		await a.lock('invoices').hold(
			'42',
			async lease => {
				const before = lease.expiresAt
				await lease.renew('1h')
				expect(lease.expiresAt).toBeGreaterThan(before + 3_000_000)
				await expect(lease.renew('500ms')).rejects.toMatchObject({ code: 'invalid', message: 'lock invoices: key "42": ttl "500ms": out of range; the wire takes 1 s to 1 h' })
				await lease.release()
				kept = lease
			},
			{ ttl: '1s', renew: false },
		)
		await expect(kept?.renew()).rejects.toMatchObject({ code: 'released' })
	})

	it('refuses bad arguments as invalid before asking the server', async ({ onTestFinished }) => {
		const { client } = await setup(onTestFinished)
		const a = await client()
		await expect(a.lock('invoices').hold('', () => 1)).rejects.toMatchObject({ code: 'invalid' })
		await expect(a.lock('invoices').hold('42', () => 1, { ttl: '2h' })).rejects.toMatchObject({
			code: 'invalid',
			message: 'lock invoices: key "42": ttl "2h": out of range; the wire takes 1 s to 1 h',
		})
		await expect(a.lock('invoices').hold('42', 'not a function' as never)).rejects.toMatchObject({ code: 'invalid' })
		expect(() => a.semaphore('exports', { limit: 0 })).toThrow(LockError)
	})

	it('reads its leases as lost (closed) once the client closes, and refuses after', async ({ onTestFinished }) => {
		const { client } = await setup(onTestFinished)
		const a = await client()
		const invoices = a.lock('invoices')
		const holding = invoices.hold(
			'42',
			async lease => {
				await a.close()
				return (lease.signal.reason as LockError).code
			},
			{ ttl: '1h' },
		)
		expect(await holding).toBe('closed')
		await expect(invoices.hold('1', () => 1)).rejects.toMatchObject({ code: 'closed', message: 'lock invoices: key "1": the client is closed' })
		expect(() => a.lock('other')).toThrow('lock other: the client is closed')
	})
})

describe.concurrent('closing a client', () => {
	it('releases what it holds, as the DynamoDB lock client does on close: its holder hears the lease is lost (closed) first, then the key goes to the next in line at once, and its waiting holds leave the line', async ({ onTestFinished }) => {
		const { client, store } = await setup(onTestFinished)
		const a = await client()
		const b = await client()
		const events: string[] = []
		let open = () => {}
		const gate = { promise: new Promise<void>(resolve => (open = resolve)), resolve: () => open() }
		let held = false
		const holding = a.lock('summaries').hold(
			'42',
			async lease => {
				held = true
				lease.signal.addEventListener('abort', () => events.push(`A lost: ${(lease.signal.reason as LockError).code}`))
				await gate.promise
				return lease.lost
			},
			{ ttl: '1h' },
		)
		await until(() => (held ? true : undefined), "A's grant")
		const blocker = b.lock('summaries').hold('43', () => gate.promise)
		await until(() => (store.lock('summaries').holders('43').length === 1 ? true : undefined), "B's grant of key 43")
		const waiting = rejection(a.lock('summaries').hold('43', () => 'ran', { wait: '1m' }))
		await until(() => (store.lock('summaries').waiting('43') === 1 ? true : undefined), "A in line for key 43")
		const next = b.lock('summaries').hold('42', () => events.push('B holds 42'), { wait: '5s' })
		await until(() => (store.lock('summaries').waiting('42') === 1 ? true : undefined), "B in line for key 42")
		const started = Date.now()
		await a.close()
		await next
		expect(Date.now() - started).toBeLessThan(2000)
		expect(events).toEqual(['A lost: closed', 'B holds 42'])
		expect(await waiting).toMatchObject({ code: 'closed' })
		expect(store.lock('summaries').waiting('43')).toBe(0)
		gate.resolve()
		expect(await holding).toBe(true)
		await blocker
	})

	it('waits for the server at most its timeout, then leaves a lease it could not release to its TTL', async ({ onTestFinished }) => {
		const { server, store, stop } = await startServer()
		onTestFinished(() => stop())
		const relay = await Relay.to(server.url)
		const a = await connect(relay.url)
		let held = false
		const holding = a.lock('summaries').hold('42', () => {
			held = true
			return new Promise(() => {})
		}, { ttl: '1h' })
		void holding
		await until(() => (held ? true : undefined), "A's grant")
		// The server out of reach: the relay is gone, so the client cannot connect again.
		await relay.close()
		const started = Date.now()
		await a.close({ timeout: '300ms' })
		expect(Date.now() - started).toBeLessThan(1500)
		expect(store.lock('summaries').holders('42')).toHaveLength(1)
	})
})

describe.concurrent('connect', () => {
	it('refuses an address that is not tcp://host:port', async () => {
		await expect(connect('http://127.0.0.1:7411')).rejects.toMatchObject({ code: 'invalid', message: 'connect: "http://127.0.0.1:7411": expected an address such as tcp://127.0.0.1:7411' })
	})

	it('gives up with unreachable when nobody listens and reconnecting is off', async () => {
		const { server, stop } = await startServer()
		const url = server.url
		await stop()
		await expect(connect(url, { reconnect: false })).rejects.toMatchObject({ code: 'unreachable', message: `${url}: could not connect: ECONNREFUSED` })
	})

	it('refuses a fence from the server that does not read back (LOCK-08), and releases that lease', async ({ onTestFinished }) => {
		const released: string[] = []
		const fake = createServer(socket => {
			// The client may reset the connection as it closes; a socket with no error listener would throw it.
			socket.on('error', () => {})
			let buffer = ''
			socket.on('data', chunk => {
				buffer += chunk.toString()
				let end: number
				while ((end = buffer.indexOf('\n')) >= 0) {
					const message = JSON.parse(buffer.slice(0, end)) as { id: number; method: string; leaseId?: string }
					buffer = buffer.slice(end + 1)
					const lease = { id: '1-1', kind: 'lock', name: 'invoices', key: '42', fence: '1e5', grantedAt: 0, expiresAt: 1 }
					if (message.method === 'release') released.push(message.leaseId ?? '')
					const answer = message.method === 'hold' ? { id: message.id, ok: true, lease, now: 0 } : { id: message.id, ok: true, now: 0 }
					socket.write(`${JSON.stringify(answer)}\n`)
				}
			})
		})
		await new Promise<void>(resolve => fake.listen(0, '127.0.0.1', resolve))
		onTestFinished(() => new Promise<void>(resolve => fake.close(() => resolve())))
		const address = fake.address() as { port: number }
		const client = await connect(`tcp://127.0.0.1:${address.port}`)
		onTestFinished(() => client.close())
		let ran = false
		await expect(client.lock('invoices').hold('42', () => (ran = true))).rejects.toMatchObject({
			code: 'invalid',
			message: 'lock invoices: key "42": the server\'s answer is refused: fence "1e5": expected 1 to 40 decimal digits',
		})
		expect(ran).toBe(false)
		await until(() => (released.length > 0 ? released : undefined), 'the release')
		expect(released).toEqual(['1-1'])
	})
})

describe('the client when its server stops', () => {
	it('rejects a hold still waiting with closed, also one with wait: Infinity, and reads the held lease as lost with closed', async ({ onTestFinished }) => {
		const running = await startServer()
		let stopped = false
		onTestFinished(async () => {
			if (!stopped) await running.stop()
		})
		const leader = await connect(running.server.url)
		const follower = await connect(running.server.url)
		onTestFinished(() => leader.close({ timeout: '100ms' }))
		onTestFinished(() => follower.close({ timeout: '100ms' }))
		let lostWith: unknown
		const leading = leader.lock('elections').hold(
			'leader',
			lease =>
				new Promise<void>(resolve =>
					lease.signal.addEventListener(
						'abort',
						() => {
							lostWith = (lease.signal.reason as LockError).code
							resolve()
						},
						{ once: true },
					),
				),
			{ ttl: '1h' },
		)
		await until(() => (running.store.lock('elections').holders('leader').length === 1 ? true : undefined), 'the leader')
		const following = rejection(follower.lock('elections').hold('leader', () => 'led', { wait: Number.POSITIVE_INFINITY }))
		await until(() => (running.store.lock('elections').waiting('leader') === 1 ? true : undefined), 'the follower in line')
		// As the server does on SIGTERM: waiting holds are answered closed, leases told lost with closed.
		stopped = true
		await running.stop()
		expect(await following).toMatchObject({ code: 'closed' })
		await leading
		expect(lostWith).toBe('closed')
	})
})
