import { describe, expect, it, type OnTestFinishedHandler } from 'vitest'
import { openStore } from '../../../engine/adapters/node.ts'
import { LockError, Store, type Key, type Lease, type HoldOptions, type SemaphoreLease } from '../../../engine/index.ts'
import { connect } from '../../../server/index.ts'
import { clientOf, sharedCluster } from '../etcd/fixtures/cluster.ts'
import { startServer, tempDir } from './fixtures/wire.ts'

// One lease contract, run against a store's leases, a lock server's through the client, and etcd's through the etcd client.

interface Holder<L> {
	hold<T>(key: Key, fn: (lease: L) => T | PromiseLike<T>, options?: HoldOptions): Promise<T>
	tryHold<T>(key: Key, fn: (lease: L) => T | PromiseLike<T>, options?: Omit<HoldOptions, 'wait'>): Promise<T | undefined>
}

interface Side {
	lock(name: string): Holder<Lease>
	semaphore(name: string, limit: number): Holder<SemaphoreLease>
}

type Finished = (fn: OnTestFinishedHandler) => void

const sides: [string, (finished: Finished) => Promise<Side>][] = [
	[
		'a local store',
		async finished => {
			const store = await openStore(tempDir())
			finished(() => store.close())
			return { lock: name => store.lock(name), semaphore: (name, limit) => store.semaphore(name, { limit }) }
		},
	],
	[
		'a lock server through the client',
		async finished => {
			const running = await startServer()
			const client = await connect(running.server.url)
			finished(async () => {
				await client.close()
				await running.stop()
			})
			return { lock: name => client.lock(name), semaphore: (name, limit) => client.semaphore(name, { limit }) }
		},
	],
	[
		'etcd through the etcd client',
		async finished => {
			const client = await clientOf(await sharedCluster(), finished)
			return { lock: name => client.lock(name), semaphore: (name, limit) => client.semaphore(name, { limit }) }
		},
	],
]

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

async function rejection(promise: Promise<unknown>): Promise<LockError> {
	const error = await promise.then(
		() => undefined,
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(LockError)
	return error as LockError
}

describe.each(sides)('the lease contract, on %s', (_name, open) => {
	it('LOCK-01: one holder at a time, and the key goes to the next in line, first come first served', async ({ onTestFinished }) => {
		const side = await open(onTestFinished)
		const invoices = side.lock('invoices')
		const order: string[] = []
		let holders = 0
		let most = 0
		let firstHolds = () => {}
		const holding = new Promise<void>(resolve => (firstHolds = resolve))
		let letGo = () => {}
		const released = new Promise<void>(resolve => (letGo = resolve))
		const worker = (name: string) =>
			invoices.hold('42', async () => {
				most = Math.max(most, ++holders)
				order.push(name)
				if (name === 'A') {
					firstHolds()
					await released
				}
				await sleep(20)
				holders--
			})
		const workers = [worker('A')]
		await holding
		for (const name of ['B', 'C', 'D']) {
			workers.push(worker(name))
			await sleep(50)
		}
		letGo()
		await Promise.all(workers)
		expect({ order, most }).toEqual({ order: ['A', 'B', 'C', 'D'], most: 1 })
	})

	it('LOCK-04: a lease that runs out tells its holder before the key goes to the next in line', async ({ onTestFinished }) => {
		const side = await open(onTestFinished)
		const invoices = side.lock('invoices')
		const events: string[] = []
		let first: Lease | undefined
		const a = invoices.hold(
			'42',
			async lease => {
				first = lease
				lease.signal.addEventListener('abort', () => events.push(`A told: ${(lease.signal.reason as LockError).code}`))
				await new Promise(resolve => lease.signal.addEventListener('abort', resolve))
				return 'A done'
			},
			{ ttl: '1s', renew: false },
		)
		await sleep(50)
		const fence = await invoices.hold(
			'42',
			lease => {
				events.push(`B holds, A lost: ${first?.lost}`)
				return lease.fence
			},
			{ wait: '5s' },
		)
		expect(await a).toBe('A done')
		expect(events).toEqual(['A told: lost', 'B holds, A lost: true'])
		expect(fence).toBeGreaterThan(first?.fence as bigint)
	})

	it('LOCK-04: a lease whose time passed while its holder\'s event loop was blocked reads as lost, its signal aborted, before any timer runs', async ({ onTestFinished }) => {
		const side = await open(onTestFinished)
		const seen = await side
			.lock('invoices')
			.hold(
				'42',
				lease => {
					const before = { lost: lease.lost, aborted: lease.signal.aborted }
					// Blocks the event loop past the TTL: no timer of the client's can run until the function returns.
					const until = performance.now() + 1500
					while (performance.now() < until);
					return { before, after: { lost: lease.lost, aborted: lease.signal.aborted, reason: (lease.signal.reason as LockError | undefined)?.code } }
				},
				{ ttl: '1s', renew: false },
			)
			.catch((error: unknown) => error)
		expect(seen).toEqual({ before: { lost: false, aborted: false }, after: { lost: true, aborted: true, reason: 'lost' } })
	})

	it('runs the function holding the key, resolves to its result, releases after, and the next lease has a larger fence', async ({ onTestFinished }) => {
		const side = await open(onTestFinished)
		const invoices = side.lock('invoices')
		let first: Lease | undefined
		const result = await invoices.hold(42, async lease => {
			first = lease
			expect(lease).toMatchObject({ key: '42', lost: false })
			expect(lease.signal.aborted).toBe(false)
			expect(await invoices.tryHold('42', () => 'second')).toBeUndefined()
			return 'saved'
		})
		expect(result).toBe('saved')
		const next = await invoices.tryHold('42', lease => lease.fence)
		expect(next).toBeGreaterThan(first?.fence as bigint)
		// Released, not lost: the signal stays quiet, a renewal is refused as released, a second release is a no-op.
		expect(first?.lost).toBe(false)
		expect(first?.signal.aborted).toBe(false)
		const late = await rejection(first?.renew() as Promise<void>)
		expect(late.code).toBe('released')
		expect(late.message).toBe(`lock invoices: key "42": lease ${first?.id} was released; a renewal cannot take the key back`)
		await first?.release()
	})

	it('releases the key when the function throws, and rethrows', async ({ onTestFinished }) => {
		const side = await open(onTestFinished)
		await expect(side.lock('invoices').hold('42', () => Promise.reject(new Error('model down')))).rejects.toThrow('model down')
		expect(await side.lock('invoices').tryHold('42', () => 'free')).toBe('free')
	})

	it('renews a held lease', async ({ onTestFinished }) => {
		const side = await open(onTestFinished)
		await side.lock('invoices').hold('42', async lease => {
			const before = lease.expiresAt
			await new Promise(resolve => setTimeout(resolve, 20))
			await lease.renew('60s')
			expect(lease.expiresAt).toBeGreaterThan(before)
		})
	})

	it('takes the TTL of renew(ttl) for the automatic renewals after it', async ({ onTestFinished }) => {
		const side = await open(onTestFinished)
		await side.lock('invoices').hold(
			'42',
			async lease => {
				await lease.renew('3s')
				const renewed = lease.expiresAt
				// The next automatic renewal comes a third of the new TTL later, 1 s, and lasts the new TTL, 3 s: the lease
				// then ends 1 s later than the renewal by hand made it, where a TTL of 1 s would end it 1 s sooner.
				// A loaded machine may answer a renewal late, so wait for one that ends past it, up to 2.4 s: renewals of
				// 3 s get there within about 1.4 s, while renewals of 1 s could not before 2.5 s.
				const until = Date.now() + 2400
				while (lease.expiresAt <= renewed + 500 && Date.now() < until) await new Promise(resolve => setTimeout(resolve, 50))
				expect(lease.expiresAt).toBeGreaterThan(renewed + 500)
			},
			{ ttl: '1s' },
		)
	})

	it('gives a semaphore\'s leases no fence and at most its limit of holders', async ({ onTestFinished }) => {
		const side = await open(onTestFinished)
		const exports = side.semaphore('exports', 2)
		await exports.hold('t', async a => {
			expect(a.fence).toBeUndefined()
			await exports.hold('t', async () => {
				expect(await exports.tryHold('t', () => 'third')).toBeUndefined()
			})
		})
	})

	it.for([
		['an empty key', '', {}, 'invalid', 'lock invoices: the key is empty; expected a non-empty string, a safe integer or a bigint'],
		['a key that is not a whole number', 1.5, {}, 'invalid', 'lock invoices: key 1.5: expected a non-empty string, a safe integer or a bigint'],
		['a signal that is not one', '42', { signal: {} }, 'invalid', 'lock invoices: key "42": signal: expected an AbortSignal'],
		['renew that is not a boolean', '42', { renew: 'yes' }, 'invalid', 'lock invoices: key "42": renew "yes": expected true or false'],
		['onLost that is not a function', '42', { onLost: 'no' }, 'invalid', 'lock invoices: key "42": onLost "no": expected a function'],
		['a ttl that is not a time', '42', { ttl: 'soon' }, 'invalid', `lock invoices: key "42": ttl "soon": expected milliseconds or text such as '250ms', '30s', '15m', '1h'`],
	] as const)('refuses %s in the same words', async ([_what, key, options, code, message], { onTestFinished }) => {
		const side = await open(onTestFinished)
		const error = await rejection(side.lock('invoices').hold(key as Key, () => 1, options as HoldOptions))
		expect({ code: error.code, message: error.message }).toEqual({ code, message })
	})

	it('is cancelled, without running the function, by a signal aborted before the hold', async ({ onTestFinished }) => {
		const side = await open(onTestFinished)
		let ran = false
		const error = await rejection(side.lock('invoices').hold('42', () => (ran = true), { signal: AbortSignal.abort() }))
		expect({ code: error.code, message: error.message, ran }).toEqual({ code: 'cancelled', message: 'lock invoices: key "42": cancelled before the hold began', ran: false })
	})

	it('leaves a hold alone once its key is held: a signal that aborts then neither stops the function nor loses the lease', async ({ onTestFinished }) => {
		const side = await open(onTestFinished)
		const stop = new AbortController()
		const result = await side.lock('invoices').hold(
			'42',
			async lease => {
				stop.abort()
				await new Promise(resolve => setTimeout(resolve, 20))
				return { lost: lease.lost, aborted: lease.signal.aborted }
			},
			{ signal: stop.signal },
		)
		expect(result).toEqual({ lost: false, aborted: false })
		expect(await side.lock('invoices').tryHold('42', () => 'free after the function')).toBe('free after the function')
	})

	it('gives up with held when the key stays held past the wait', async ({ onTestFinished }) => {
		const side = await open(onTestFinished)
		const invoices = side.lock('invoices')
		let letGo = () => {}
		let held = false
		// Held by another call, not around this one: a hold inside it would be refused as nested (below).
		const holding = invoices.hold('42', () => new Promise<void>(resolve => ((held = true), (letGo = resolve))))
		while (!held) await new Promise(resolve => setTimeout(resolve, 5))
		const error = await rejection(invoices.hold('42', () => 1, { wait: 100 }))
		expect(error.code).toBe('held')
		expect(error.message).toMatch(/^lock invoices: key "42": held past the 100 ms wait/)
		letGo()
		await holding
	})

	it('refuses a hold of a lock\'s key inside a hold of the same key at once, with invalid, rather than let it wait for itself until its wait runs out', async ({ onTestFinished }) => {
		const side = await open(onTestFinished)
		const invoices = side.lock('invoices')
		const started = Date.now()
		const error = await invoices.hold('42', async lease => {
			// Through an await and a timer: the nesting follows the call.
			await new Promise(resolve => setTimeout(resolve, 5))
			const nested = await rejection(side.lock('invoices').hold('42', () => 'inner', { wait: '10s' }))
			expect(nested.message).toBe(
				`lock invoices: key "42": this hold is inside a hold of the same key (lease ${lease.id}) and would wait for itself until its 10 s wait ran out: a lock is not reentrant, so use the lease you hold`,
			)
			return nested
		})
		expect(error.code).toBe('invalid')
		expect(Date.now() - started).toBeLessThan(5000)
		// A try waits for nothing, and finds the key held; another key, or a semaphore's place, is no nesting.
		expect(await invoices.hold('42', () => invoices.tryHold('42', () => 'inner'))).toBeUndefined()
		expect(await invoices.hold('42', () => invoices.hold('43', () => 'other key'))).toBe('other key')
		const exports = side.semaphore('exports', 2)
		expect(await exports.hold('t', () => exports.hold('t', () => 'second place'))).toBe('second place')
	})
})
