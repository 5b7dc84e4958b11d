import { describe, expect, it } from 'vitest'
import { betterSqliteDriver } from '../../../engine/adapters/node.ts'
import { SimulatedClock, Store } from '../../../engine/index.ts'

// The Testing guide's first sample, as the page writes it: a lease nobody renews is lost once the
// simulated clock is moved past its TTL from inside the function, and one moved short of it is not.

describe("the Testing guide's simulated-clock sample", () => {
	it('reads as lost once the clock is moved on by the 30 s TTL, with nothing renewing it', async () => {
		const clock = new SimulatedClock()
		const store = await Store.open({ sqlite: betterSqliteDriver(), clock })
		const summaries = store.lock('summaries')

		const first = summaries.hold('42', async lease => {
			await clock.advance('30s')
			return lease.lost
		}, { renew: false })
		expect(await first).toBe(true)
		await store.close()
	})

	it('is still held when the clock is moved on by less than the TTL', async () => {
		const clock = new SimulatedClock()
		const store = await Store.open({ sqlite: betterSqliteDriver(), clock })
		const lost = await store.lock('summaries').hold('42', async lease => {
			await clock.advance('29999ms')
			return lease.lost
		}, { renew: false })
		expect(lost).toBe(false)
		await store.close()
	})
})
