import { describe, expect, it, type OnTestFinishedHandler } from 'vitest'
import { LockError, type Lease } from '../../../engine/index.ts'
import { connect } from '../../../server/index.ts'
import { startContractServer } from '../clients/fixtures/contract-server.ts'
import { sleep, until } from './fixtures/wire.ts'

// What every client of the lock server does alike, beyond the lease contract: the TypeScript client here,
// and the Python, Go and Rust clients in their own tests, case by case under these names
// (tests/unit/clients/contract-cases.test.ts checks that each has them), against the same server
// (tests/unit/clients/fixtures/contract-server.ts).

type Finished = (fn: OnTestFinishedHandler) => void

async function contractServer(finished: Finished) {
	const server = await startContractServer()
	finished(() => server.stop())
	const client = async () => {
		const made = await connect(server.url)
		finished(() => made.close())
		return made
	}
	return { server, client }
}

/** Resolves once the lease reads as lost, to how long that took from `since`; fails after `timeoutMs`. */
async function lostWithin(lease: Lease, since: number, timeoutMs: number): Promise<number> {
	await until(() => (lease.lost ? true : undefined), `lease ${lease.id} to read as lost`, timeoutMs)
	return Date.now() - since
}

describe('the client contract, on the TypeScript client', () => {
	it('close() lets go of what the client holds: each lease reads as lost first, then its key goes to the next in line at once', async ({ onTestFinished }) => {
		const { client } = await contractServer(onTestFinished)
		const a = await client()
		const b = await client()
		let held: Lease | undefined
		const holding = a.lock('invoices').hold(
			'42',
			lease => {
				held = lease
				return new Promise<string>(resolve => lease.signal.addEventListener('abort', () => resolve((lease.signal.reason as LockError).code)))
			},
			{ ttl: '30s' },
		)
		const first = await until(() => held, 'the first lease')
		const next = b.lock('invoices').hold('42', lease => lease.fence, { wait: '10s' })
		await sleep(50)
		const closedAt = Date.now()
		await a.close()
		expect(await holding).toBe('closed')
		expect(await next).toBeGreaterThan(first.fence)
		// Well before the 30 s TTL: the close released the key.
		expect(Date.now() - closedAt).toBeLessThan(5000)
	})

	it('dates a lease from the send time of the request that set it, so a server clock that jumped since the hello does not lengthen it', async ({ onTestFinished }) => {
		const { server, client } = await contractServer(onTestFinished)
		const locks = await client()
		// The hello measured the server's clock; an hour later by it, and with answers slower than the hello's,
		// so no later exchange measures it better, a lease of 2 s must still last 2 s here.
		server.jump(3_600_000)
		server.slow(100)
		const after = await locks.lock('invoices').hold(
			'42',
			async lease => {
				const granted = Date.now()
				// The server's word of the loss never comes: the lease's own time must tell.
				server.drop()
				return lostWithin(lease, granted, 5000)
			},
			{ ttl: '2s', renew: false },
		)
		server.pass()
		expect(after).toBeLessThan(2500)
	})

	it('learns at its reconnect that a restarted server lost its leases, from the epoch in the hello, not at its next renewal', async ({ onTestFinished }) => {
		const { server, client } = await contractServer(onTestFinished)
		const locks = await client()
		const outcome = await locks.lock('invoices').hold(
			'42',
			async lease => {
				await server.restart()
				const restarted = Date.now()
				// Its next renewal is 10 s after the grant (a third of the TTL): the reconnect must tell first.
				const after = await lostWithin(lease, restarted, 8000)
				return { after, reason: (lease.signal.reason as LockError).message }
			},
			{ ttl: '30s' },
		)
		expect(outcome.after).toBeLessThan(5000)
		expect(outcome.reason).toMatch(/^lock invoices: key "42": lease \S+ was lost: the server restarted \(epoch \d+, now \d+\)$/)
	})
})
