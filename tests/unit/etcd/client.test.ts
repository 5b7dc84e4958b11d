import { describe, expect, it } from 'vitest'
import { fenceCount, fenceEpoch, LockError, realClock, type Lease } from '../../../engine/index.ts'
import { connectEtcd } from '../../../etcd/index.ts'
import { clientOf, rawKeys, sharedCluster } from './fixtures/cluster.ts'

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

async function rejection(promise: Promise<unknown>): Promise<LockError> {
	const error = await promise.then(
		() => undefined,
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(LockError)
	return error as LockError
}

describe('the etcd client', () => {
	it("gives a lock's lease a fence whose epoch is the epoch key's and whose count is the revision of the put that made its key the holder", async ({ onTestFinished }) => {
		const cluster = await sharedCluster()
		const client = await clientOf(cluster, onTestFinished)
		await client.lock('invoices').hold(42, async lease => {
			const keys = await rawKeys(cluster, client.prefix)
			const epoch = keys.find(k => k.key === `${client.prefix}epoch`)
			const holder = keys.find(k => k.key === `${client.prefix}lock/invoices/42/${lease.id}`)
			expect(holder).toBeDefined()
			expect(JSON.parse(holder?.value ?? '{}')).toMatchObject({ state: 'holding', epoch: epoch?.value, ttl: 30_000 })
			expect(fenceEpoch(lease.fence)).toBe(BigInt(epoch?.value ?? -1))
			expect(fenceCount(lease.fence)).toBe(holder?.modRevision)
		})
		// Released: the key went with its etcd lease.
		expect((await rawKeys(cluster, `${client.prefix}lock/`)).length).toBe(0)
	})

	it('gives fences that grow across keys, locks and clients (LOCK-03)', async ({ onTestFinished }) => {
		const cluster = await sharedCluster()
		const a = await clientOf(cluster, onTestFinished)
		const b = await connectEtcd({ endpoints: cluster.endpoints, prefix: a.prefix })
		onTestFinished(() => b.close())
		const fences: bigint[] = []
		for (const [client, lock, key] of [[a, 'invoices', 1], [b, 'invoices', 2], [a, 'summaries', 1], [b, 'summaries', 1], [a, 'invoices', 1]] as const) {
			fences.push(await client.lock(lock).hold(key, lease => lease.fence))
		}
		expect(fences).toEqual([...fences].sort((x, y) => (x < y ? -1 : 1)))
		expect(new Set(fences).size).toBe(fences.length)
	})

	it('serves waiters in the order they asked, each watching the key just before it, also when one between leaves (LOCK-01)', async ({ onTestFinished }) => {
		const cluster = await sharedCluster()
		const client = await clientOf(cluster, onTestFinished)
		const invoices = client.lock('invoices')
		const served: string[] = []
		let release = () => {}
		const first = invoices.hold('42', () => new Promise<void>(resolve => (release = resolve)))
		while ((await rawKeys(cluster, `${client.prefix}lock/`)).length < 1) await sleep(10)
		const leaving = new AbortController()
		const waiters = ['b', 'c', 'd', 'e'].map(async (name, i) => {
			// Each joins after the one before it is in line.
			while ((await rawKeys(cluster, `${client.prefix}lock/`)).length < i + 1) await sleep(10)
			return invoices.hold('42', () => void served.push(name), { signal: name === 'c' ? leaving.signal : undefined })
		})
		while ((await rawKeys(cluster, `${client.prefix}lock/`)).length < 5) await sleep(10)
		const line = await rawKeys(cluster, `${client.prefix}lock/`)
		expect(line.map(k => JSON.parse(k.value).state).sort()).toEqual(['holding', 'waiting', 'waiting', 'waiting', 'waiting'])
		leaving.abort()
		expect((await rejection(waiters[1] as Promise<unknown>)).code).toBe('cancelled')
		release()
		await first
		await Promise.allSettled(waiters)
		expect(served).toEqual(['b', 'd', 'e'])
	})

	it('tells a holder that its lease ran out before etcd lets the next in line have the key (LOCK-04)', async ({ onTestFinished }) => {
		const cluster = await sharedCluster()
		const client = await clientOf(cluster, onTestFinished)
		const invoices = client.lock('invoices')
		let lostAt = 0
		let grantedAt = 0
		let first: Lease | undefined
		const holding = invoices.hold(
			'42',
			async lease => {
				first = lease
				lease.signal.addEventListener('abort', () => (lostAt = realClock.now()))
				await sleep(4000)
			},
			{ ttl: '1s', renew: false },
		)
		while (first === undefined) await sleep(10)
		const next = await invoices.hold('42', lease => {
			grantedAt = realClock.now()
			return lease.fence
		})
		expect(first.lost).toBe(true)
		expect((first.signal.reason as LockError).message).toMatch(/^lock invoices: key "42": lease [0-9a-f]{16}-\d+ ran out: its 1 s TTL passed without a renewal$/)
		expect(lostAt).toBeGreaterThan(0)
		expect(lostAt).toBeLessThanOrEqual(grantedAt)
		expect(next).toBeGreaterThan(first.fence)
		await holding
	})

	it('leaves nothing in etcd after a tryHold of a held key or a hold whose wait ran out', async ({ onTestFinished }) => {
		const cluster = await sharedCluster()
		const client = await clientOf(cluster, onTestFinished)
		// The waiting hold comes from another client: one inside the hold of the same key is refused before it writes anything.
		const other = await clientOf(cluster, onTestFinished, { prefix: client.prefix })
		const invoices = client.lock('invoices')
		await invoices.hold('42', async () => {
			expect(await invoices.tryHold('42', () => 'no')).toBeUndefined()
			expect((await rejection(other.lock('invoices').hold('42', () => 'no', { wait: 200 }))).message).toBe('lock invoices: key "42": held past the 200 ms wait')
			expect((await rawKeys(cluster, `${client.prefix}lock/`)).map(k => JSON.parse(k.value).state)).toEqual(['holding'])
		})
	})

	it('moves a renewal with a longer TTL to a new etcd lease; the fence and the key stay', async ({ onTestFinished }) => {
		const cluster = await sharedCluster()
		const client = await clientOf(cluster, onTestFinished)
		await client.lock('invoices').hold(
			'42',
			async lease => {
				const [before] = await rawKeys(cluster, `${client.prefix}lock/`)
				await lease.renew('2min')
				const [after] = await rawKeys(cluster, `${client.prefix}lock/`)
				expect(after?.key).toBe(before?.key)
				expect(after?.createRevision).toBe(before?.createRevision)
				expect(after?.lease).not.toBe(before?.lease)
				expect(JSON.parse(after?.value ?? '{}').state).toBe('holding')
				expect(lease.expiresAt).toBeGreaterThan(realClock.now() + 100_000)
				expect(lease.lost).toBe(false)
			},
			{ ttl: '2s' },
		)
	})

	it('refuses a semaphore hold whose limit is not the one its key is held with, in the words of the engine', async ({ onTestFinished }) => {
		const cluster = await sharedCluster()
		const a = await clientOf(cluster, onTestFinished)
		const b = await connectEtcd({ endpoints: cluster.endpoints, prefix: a.prefix })
		onTestFinished(() => b.close())
		await a.semaphore('exports', { limit: 2 }).hold('t', async () => {
			const error = await rejection(b.semaphore('exports', { limit: 3 }).hold('t', () => 1))
			expect({ code: error.code, message: error.message }).toEqual({ code: 'invalid', message: 'semaphore exports: limit 3: semaphore exports: key "t" is held or waited for with limit 2' })
		})
	})

	it('on close, refuses a waiting hold and loses a held lease, both as closed', async ({ onTestFinished }) => {
		const cluster = await sharedCluster()
		const client = await connectEtcd({ endpoints: cluster.endpoints, prefix: `close-${Math.random()}/` })
		const other = await clientOf(cluster, onTestFinished, { prefix: client.prefix })
		let held: Lease | undefined
		const holding = client.lock('invoices').hold('1', async lease => {
			held = lease
			await sleep(1000)
		})
		await other.lock('invoices').hold('2', async () => {
			// Its refusal is awaited from the start: the close rejects it before the close resolves.
			const waiting = rejection(client.lock('invoices').hold('2', () => 1))
			while (held === undefined || (await rawKeys(cluster, `${client.prefix}lock/invoices/2/`)).length < 2) await sleep(10)
			await client.close()
			expect((await waiting).code).toBe('closed')
		})
		expect(held?.lost).toBe(true)
		expect((held?.signal.reason as LockError).code).toBe('closed')
		await holding
		expect(() => client.lock('invoices')).toThrow(new LockError('closed', 'lock invoices: the client is closed'))
	})

	it('answers unreachable, naming the endpoints, when no member listens; and refuses endpoints it cannot read', async () => {
		const error = await rejection(connectEtcd({ endpoints: ['127.0.0.1:1'], connectTimeout: 300 }))
		expect(error.code).toBe('unreachable')
		expect(error.message).toMatch(/^etcd epoch tinystore-locks\/epoch: no answer from etcd at 127\.0\.0\.1:1; 127\.0\.0\.1:1: /)
		const bad = await rejection(connectEtcd({ endpoints: 'https://etcd.example:2379' }))
		expect({ code: bad.code, message: bad.message }).toEqual({ code: 'invalid', message: 'etcd endpoint "https://etcd.example:2379": expected host:port or http://host:port (TLS is not supported)' })
	})
})
