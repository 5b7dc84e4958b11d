import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SimulatedClock } from '../../../engine/index.ts'
import { SERVER_NODE_FLAGS } from '../../../server/node-flags.ts'
import { parseRequest, type HoldRequest } from '../../../server/protocol.ts'
import { bookHold, collectGarbage, errorOf, hold, leaseOf, serverTests } from './fixtures/server-tests.ts'

// What the server keeps in memory for its clients, and that it lets go of all of it: names, closed
// connections, retries, and the heap a lease costs; and the young generation its process may grow.

const { setup, book } = serverTests()

const alive = (refs: WeakRef<object>[]) => refs.filter(ref => ref.deref() !== undefined).length

describe('names', () => {
	it('forgets a lock or semaphore name once nothing holds or waits for it', async () => {
		const { open, store } = await setup()
		const a = await open()
		for (let i = 0; i < 50; i++) {
			const lease = leaseOf(await a.ask(hold('42', { name: `chat-${i}` })))
			expect(await a.ask({ id: `release ${i}`, method: 'release', leaseId: lease.id })).toMatchObject({ ok: true })
		}
		const held = leaseOf(await a.ask(hold('42', { name: 'still-held' })))
		expect(store.names).toBe(1)
		await a.ask({ id: 'release held', method: 'release', leaseId: held.id })
		expect(store.names).toBe(0)
	})

	it('lets no client fix a semaphore\'s limit past the time it holds or waits for it', async () => {
		const { open } = await setup()
		const a = await open()
		const first = leaseOf(await a.ask(hold('42', { kind: 'semaphore', name: 'exports', limit: 1 })))
		expect(errorOf(await a.ask(hold('42', { kind: 'semaphore', name: 'exports', limit: 5 }))).message).toBe('semaphore exports: limit 5: it is open with limit 1')
		await a.ask({ id: 'release', method: 'release', leaseId: first.id })
		leaseOf(await a.ask(hold('42', { kind: 'semaphore', name: 'exports', limit: 5 })))
	})
})

describe('closed connections', () => {
	// Peers stand in for connections: a connection the book still holds after it closed is memory a client can grow.
	it('forgets a retry of a waiting hold once the connection that sent it closes', async () => {
		const { leases, peer } = await book({}, new SimulatedClock())
		await leases.hold(bookHold('42', '1'), peer('holder-0b7e5a1c'))
		const waiting = bookHold('42', '1', { wait: 3_600_000 })
		leases.ask(waiting, peer('waiter-9e615d8f'), () => {})
		const refs: WeakRef<object>[] = []
		// Each retry comes on a connection of its own, which closes: the hold still waits for its first asker.
		// Made in a function of its own, so that no frame of this test keeps the last one.
		const retryOnce = () => {
			const connection = { scope: leases.openScope('waiter-9e615d8f'), pushLost() {}, buffer: new Uint8Array(64 * 1024) }
			refs.push(new WeakRef(connection))
			leases.ask(waiting, connection, () => {})
			leases.closeScope(connection)
		}
		for (let i = 0; i < 50; i++) retryOnce()
		await collectGarbage()
		expect(alive(refs)).toBe(0)
	})

	it('keeps no closed connection alive through a hold it was granted', async () => {
		const { leases } = await book({}, new SimulatedClock())
		const refs: WeakRef<object>[] = []
		const holdOnce = async (i: number) => {
			const connection = { scope: leases.openScope(), pushLost() {}, buffer: new Uint8Array(64 * 1024) }
			refs.push(new WeakRef(connection))
			await leases.hold(bookHold(String(i), '1'), connection)
			leases.closeScope(connection)
		}
		for (let i = 0; i < 50; i++) await holdOnce(i)
		await collectGarbage()
		expect(alive(refs)).toBe(0)
	})
})

// A lease of the largest fields the wire takes: a 200-byte name, a 1000-byte key, a request id and a wire id of
// 200 bytes each, from a client id of 200 bytes. Each request is read from its frame, as a connection reads it,
// and answered with its frame; a first round fills the memory of ended holds and leases, which is bounded
// (rememberEnded). Resolves to the heap a lease costs, and what is left of each once released.
async function heapPerLease(nameOf: (i: number) => string): Promise<{ held: number; left: number; names: number }> {
	const leases = 20_000
	const { store, leases: served, peer } = await book({ maxHoldsPerClient: leases })
	const holder = peer('c'.repeat(200))
	const heap = async () => {
		await collectGarbage()
		return process.memoryUsage().heapUsed
	}
	const holdAll = async (from: number) => {
		const ids: string[] = []
		for (let i = from; i < from + leases; i++) {
			const frame = JSON.stringify({ ...bookHold(`${i}-`.padEnd(1000, 'k'), `${i}-`.padEnd(200, 'r'), { name: nameOf(i), ttl: 600_000 }), id: `${i}-`.padEnd(200, 'i') })
			const parsed = parseRequest(frame)
			if (!parsed.ok) throw new Error(parsed.error.message)
			await new Promise<void>((resolve, reject) =>
				served.ask(parsed.request as HoldRequest, holder, (request, lease, error, askedAt) => {
					if (lease === undefined) return reject(error)
					lease.frame(request.id, askedAt, 0)
					ids.push(lease.id)
					resolve()
				}),
			)
		}
		return ids
	}
	const releaseAll = (ids: string[]) => {
		for (const id of ids) served.releaseNow(id, undefined, holder.scope)
	}
	releaseAll(await holdAll(0))
	const before = await heap()
	const ids = await holdAll(leases)
	const held = await heap()
	releaseAll(ids)
	const names = store.names
	const after = await heap()
	return { held: (held - before) / leases, left: (after - before) / leases, names }
}

describe('memory per lease', () => {
	it('holds leases of the largest fields the wire takes (one 200-byte name; 1000-byte keys, request ids and wire ids of 200 bytes) in under 2.5 KB each', async () => {
		const { held } = await heapPerLease(() => 'n'.repeat(200))
		expect(held).toBeLessThan(2500)
	})
})

describe('memory per distinct name', () => {
	it('holds leases of distinct 200-byte names, with the largest fields, in under 2.5 KB each, and keeps nothing of them once released', async () => {
		const { held, left, names } = await heapPerLease(i => `${i}-`.padEnd(200, 'n'))
		expect(held).toBeLessThan(2500)
		expect(names).toBe(0)
		// The 20,000 ended holds took the slots of the first round's in the bounded memory: under 100 bytes a name is left.
		expect(left).toBeLessThan(100)
	})
})

describe('the server process', () => {
	// A young generation left to grow took 134 MB of RSS under a stream of holds, kept once the load was gone.
	it('runs with the Node flags of server/node-flags.ts, a young generation of at most 16 MB a semi-space, from its command and npm run serve', () => {
		expect(SERVER_NODE_FLAGS).toContain('--max-semi-space-size=16')
		const command = readFileSync(new URL('../../../bin/serve.mjs', import.meta.url), 'utf8')
		expect(command.split('\n')[0]).toBe(`#!/usr/bin/env -S node ${SERVER_NODE_FLAGS.join(' ')}`)
		const scripts = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts
		expect(scripts.serve).toBe('bin/serve.mjs')
	})
})
