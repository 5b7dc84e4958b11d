import { describe, expect, it } from 'vitest'
import { connect } from '../../../server/index.ts'
import { standInServer, until } from './fixtures/wire.ts'

// The guides say a renewal the server refuses as busy waits for the next turn, a third of the TTL
// later, and the lease stays held meanwhile: a server at its limit eats into the pause a lease survives.

describe('a renewal the server refuses as busy', () => {
	it('leaves the lease held, and the next renewal comes a third of the TTL later', async ({ onTestFinished }) => {
		const renewedAt: number[] = []
		const server = await standInServer((request, n) => {
			const now = Date.now()
			const lease = { id: 'lease-1', kind: 'lock', name: 'invoices', key: '42', fence: '1', grantedAt: now, expiresAt: now + 3000 }
			if (request.method === 'hold') return { ok: true, now, lease }
			if (request.method !== 'renew') return undefined
			renewedAt.push(now)
			return n === 1 ? { ok: false, error: { code: 'busy', message: 'the server is at its limit' } } : { ok: true, now, lease }
		})
		onTestFinished(() => server.close())
		const client = await connect(server.url)
		onTestFinished(() => client.close())
		const lost = await client.lock('invoices').hold(
			'42',
			async lease => {
				await until(() => (renewedAt.length >= 2 ? true : undefined), 'two renewals')
				return lease.lost
			},
			{ ttl: '3s' },
		)
		expect(lost).toBe(false)
		// Timers fire late, never early: the second try is at least a third of the TTL after the first.
		expect((renewedAt[1] ?? 0) - (renewedAt[0] ?? 0)).toBeGreaterThanOrEqual(950)
	})
})
