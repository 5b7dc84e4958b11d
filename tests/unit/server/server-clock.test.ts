import { describe, expect, it } from 'vitest'
import { betterSqliteDriver } from '../../../engine/adapters/node.ts'
import { SimulatedClock, Store } from '../../../engine/index.ts'
import { connect } from '../../../server/index.ts'
import { sleep, startServer } from './fixtures/wire.ts'

// The guides say a client's lease.expiresAt is in the server's clock, not the client's, and that
// the client reads it through the offset it measured. A server whose clock reads 1,000,000 ms, some
// 56 years behind the client's, shows both: the numbers are the server's, and the lease is not lost.

describe('a remote lease\'s expiresAt', () => {
	it('is in the server\'s clock, and the client keeps the lease by the offset it measured', async ({ onTestFinished }) => {
		const serverStart = 1_000_000
		const store = await Store.open({ sqlite: betterSqliteDriver(), clock: new SimulatedClock(serverStart) })
		const { server, stop } = await startServer({ store })
		onTestFinished(() => stop())
		const client = await connect(server.url)
		onTestFinished(() => client.close())
		const seen = await client.lock('invoices').hold('42', async lease => {
			const granted = lease.expiresAt
			await sleep(100)
			const lostAfterWait = lease.lost
			await lease.renew('1m')
			return { granted, lostAfterWait, renewed: lease.expiresAt, lostAfterRenew: lease.lost }
		}, { ttl: '30s' })
		// The server's clock has not moved (a simulated one), so its times are exact.
		expect(seen).toEqual({ granted: serverStart + 30_000, lostAfterWait: false, renewed: serverStart + 60_000, lostAfterRenew: false })
		expect(seen.granted).toBeLessThan(Date.now())
	})
})
