import { describe, expect, it } from 'vitest'
import { errorOf, hold, leaseOf, serverTests } from './fixtures/server-tests.ts'

// The ids a client names its holds and leases by: a request id is its client's own, and a lease id
// is one no other client can work out.

const { setup } = serverTests()

describe('request ids are one namespace for all clients', () => {
	it('leaves a lease alone when another client cancels its request id', async () => {
		const { open } = await setup()
		const victim = await open('victim-0b7e5a1c3f2d4c9a')
		const attacker = await open('attacker-9e615d8f2a7b')
		const lease = leaseOf(await victim.ask(hold('42', { requestId: '1' })))
		expect(await attacker.ask({ id: 'cancel', method: 'cancel', requestId: '1' })).toEqual({ id: 'cancel', ok: true })
		expect(leaseOf(await victim.ask({ id: 'renew', method: 'renew', leaseId: lease.id, ttl: '1h' })).id).toBe(lease.id)
		expect(errorOf(await attacker.ask(hold('42', { requestId: '2' }))).code).toBe('held')
	})

	it('does not give another client\'s lease, id or fence, to a hold that names its request id and key', async () => {
		const { open } = await setup()
		const victim = await open('victim-0b7e5a1c3f2d4c9a')
		const attacker = await open('attacker-9e615d8f2a7b')
		leaseOf(await victim.ask(hold('42', { requestId: '1' })))
		expect(errorOf(await attacker.ask(hold('42', { requestId: '1' })))).toEqual({ code: 'held', message: 'lock invoices: key "42": held past the 0 s wait' })
	})

	it('gives two clients that both number their holds from 1 a lease each', async () => {
		const { open } = await setup()
		const a = await open('alpha-0b7e5a1c3f2d4c9a')
		const b = await open('beta-9e615d8f2a7b4c10')
		const first = leaseOf(await a.ask(hold('1', { requestId: '1' })))
		const second = leaseOf(await b.ask(hold('2', { requestId: '1' })))
		expect(second.id).not.toBe(first.id)
		// Without a client id in its hello, a connection is a client of its own.
		const c = await open()
		const d = await open()
		leaseOf(await c.ask(hold('3', { requestId: '1' })))
		leaseOf(await d.ask(hold('4', { requestId: '1' })))
	})

	it('answers a retry only to the client that sent the hold: the same client id on another connection gets the same lease', async () => {
		const { open } = await setup()
		const first = await open('alpha-0b7e5a1c3f2d4c9a')
		const lease = leaseOf(await first.ask(hold('42', { requestId: '7' })))
		first.close()
		const again = await open('alpha-0b7e5a1c3f2d4c9a')
		expect(leaseOf(await again.ask(hold('42', { requestId: '7' })))).toEqual(lease)
		const stranger = await open()
		expect(errorOf(await stranger.ask(hold('42', { requestId: '7' }))).code).toBe('held')
	})
})

describe('lease ids and fences', () => {
	it('gives ids no other client can work out from its own', async () => {
		const { open, store } = await setup()
		const a = await open()
		const b = await open()
		const first = leaseOf(await a.ask(hold('a')))
		const second = leaseOf(await b.ask(hold('b')))
		for (const id of [first.id, second.id]) {
			expect(id).not.toContain(String(store.epoch))
			// At least 122 random bits.
			expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
		}
		// b guesses the engine's own id of a's lease: the server knows no such lease.
		for (const guess of [`${store.epoch}-1`, `${store.epoch}-2`]) {
			expect(errorOf(await b.ask({ id: `release ${guess}`, method: 'release', leaseId: guess })).code).toBe('lost')
		}
		expect(leaseOf(await a.ask({ id: 'renew', method: 'renew', leaseId: first.id, ttl: 5000 })).id).toBe(first.id)
	})

	it('does not tell the real fence to a release with a wrong one', async () => {
		const { open } = await setup()
		const a = await open()
		const lease = leaseOf(await a.ask(hold('42')))
		const error = errorOf(await a.ask({ id: 'wrong', method: 'release', leaseId: lease.id, fence: '7' }))
		expect(error.code).toBe('invalid')
		expect(error.message).not.toContain(lease.fence)
	})

	it('refuses a wrong fence on a lease already released, as on a held one', async () => {
		const { open } = await setup()
		const a = await open()
		const lease = leaseOf(await a.ask(hold('42')))
		expect(await a.ask({ id: 'release', method: 'release', leaseId: lease.id, fence: lease.fence })).toMatchObject({ ok: true })
		expect(await a.ask({ id: 'again', method: 'release', leaseId: lease.id, fence: lease.fence })).toMatchObject({ ok: true })
		expect(errorOf(await a.ask({ id: 'wrong', method: 'release', leaseId: lease.id, fence: '7' })).code).toBe('invalid')
	})
})
