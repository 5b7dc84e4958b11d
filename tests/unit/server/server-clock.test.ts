import { describe, expect, it } from 'vitest'
import { betterSqliteDriver } from '../../../engine/adapters/node.ts'
import { SimulatedClock, Store } from '../../../engine/index.ts'
import { connect } from '../../../server/index.ts'
import { sleep, standInServer, startServer } from './fixtures/wire.ts'

// The guides say a client's lease.expiresAt is in the server's clock, not the client's, and that the
// client dates the lease by its own clock, from the send time of the request that set the expiry. A
// server whose clock reads 1,000,000 ms, some 56 years behind the client's, shows both: the numbers are
// the server's, and the lease is not lost.

describe('a remote lease\'s expiresAt', () => {
	it('is in the server\'s clock, and the client keeps the lease by its own clock, from the send time of the request that set it', async ({ onTestFinished }) => {
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

	it('is taken as lost early by a fiftieth of the TTL, at most 1 s, so the holder hears first', async ({ onTestFinished }) => {
		// Every lease runs out 3 s after it is given, by the stand-in's clock, whatever TTL was asked.
		const server = await standInServer((hold, n) => {
			const now = Date.now()
			return { ok: true, now, lease: { id: `lease-${n}`, kind: 'lock', name: 'invoices', key: hold.key, fence: String(n), grantedAt: now, expiresAt: now + 3000 } }
		})
		onTestFinished(() => server.close())
		const client = await connect(server.url)
		onTestFinished(() => client.close())
		// How long before its expiresAt each lease read as lost, in the stand-in's clock.
		const early = (key: string, ttl: string) =>
			client.lock('invoices').hold(key, lease => new Promise<number>(resolve => lease.signal.addEventListener('abort', () => resolve(lease.expiresAt - Date.now()))), {
				ttl,
				renew: false,
			})
		const [capped, fiftieth] = await Promise.all([early('1', '1m'), early('2', '10s')])
		// A timer fires late, never early: each lease is lost at most its margin before its end, plus the
		// round trip of its hold (well under 20 ms on loopback). A minute's fiftieth, 1.2 s, is capped at 1 s.
		expect(capped).toBeLessThanOrEqual(1000 + 20)
		expect(capped).toBeGreaterThan(500)
		expect(fiftieth).toBeLessThanOrEqual(200 + 20)
	})

	it('dates a lease from its hold\'s send time, whatever the hello\'s round trip', async ({ onTestFinished }) => {
		// The hello's answer takes 400 ms: a measure of the server's clock taken from it would be off by up
		// to 200 ms either way. The hold's answer comes at once: the lease is dated from the hold alone.
		const server = await standInServer(
			(hold, n) => {
				const now = Date.now()
				return { ok: true, now, lease: { id: `lease-${n}`, kind: 'lock', name: 'invoices', key: hold.key, fence: String(n), grantedAt: now, expiresAt: now + 2000 } }
			},
			{ helloDelayMs: 400 },
		)
		onTestFinished(() => server.close())
		const client = await connect(server.url)
		onTestFinished(() => client.close())
		const early = await client.lock('invoices').hold('1', lease => new Promise<number>(resolve => lease.signal.addEventListener('abort', () => resolve(lease.expiresAt - Date.now()))), {
			ttl: '10s',
			renew: false,
		})
		expect(early).toBeLessThanOrEqual(200 + 20)
	})
})
