import { describe, expect, it } from 'vitest'
import type { LockError } from '../../../engine/index.ts'
import { rejection } from './fixtures/deferred.ts'
import { driverKinds } from './fixtures/drivers.ts'
import { keptHold } from './fixtures/kept-hold.ts'
import { simStore } from './fixtures/sim-store.ts'

describe.each(driverKinds)('on $name', kind => {
	describe("an operator ends a holder's lease (Lock.end, Semaphore.end): the same end as a lock server's `leases --end`", () => {
		it('tells the holder its lease is lost before the key goes to the next in line, whose fence is larger', async () => {
			const { clock, store } = await simStore(kind)
			const summaries = store.lock('summaries')
			const events: string[] = []
			const a = keptHold(summaries, '42', {}, lease => lease.lost)
			await clock.settle()
			const held = a.lease()
			held.signal.addEventListener('abort', () => events.push(`a told: ${(held.signal.reason as LockError).code}, holders ${summaries.holders('42').length}`))
			const b = summaries.hold(
				'42',
				async lease => {
					events.push(`b in with fence ${lease.fence}`)
					return lease.fence
				},
				{ wait: '1h' },
			)
			await clock.settle()
			summaries.end('42', held.id)
			expect(held.lost).toBe(true)
			expect((held.signal.reason as LockError).message).toBe(`lock summaries: key "42": lease ${held.id} was lost: an operator ended it`)
			const fenceB = await b
			expect(fenceB > held.fence).toBe(true)
			// The holder's code is not stopped: it runs on, and reads its lease as lost.
			a.letGo()
			expect(await a.done).toBe(true)
			expect(events).toEqual(['a told: lost, holders 0', `b in with fence ${fenceB}`])
			expect(clock.now()).toBe(0)
		})

		it('leaves the ended fence spent: a renewal is refused as lost, a release frees nothing, and the next lease has a larger fence', async () => {
			const { clock, store } = await simStore(kind)
			const summaries = store.lock('summaries')
			const a = keptHold(summaries, '42')
			await clock.settle()
			const held = a.lease()
			summaries.end('42', held.id)
			expect(summaries.holders('42')).toEqual([])
			expect((await rejection(held.renew())).code).toBe('lost')
			const c = keptHold(summaries, '42')
			await clock.settle()
			await held.release()
			expect(summaries.holders('42')).toEqual([c.lease()])
			expect(c.lease().fence > held.fence).toBe(true)
			a.letGo()
			c.letGo()
			await Promise.all([a.done, c.done])
		})

		it('refuses with lost, ending nothing, a lease that is not the key holder: unknown, ran out, released, ended, or another key', async () => {
			const { clock, store } = await simStore(kind)
			const summaries = store.lock('summaries')
			const a = keptHold(summaries, '42', { ttl: '10s', renew: false })
			await clock.settle()
			const held = a.lease()
			expect(() => summaries.end('42', 'no-such-lease')).toThrow(/lock summaries: key "42": lease "no-such-lease" does not hold the key/)
			expect(() => summaries.end('43', held.id)).toThrow(expect.objectContaining({ code: 'lost' }))
			// What is no lease id at all is a caller's mistake, told as one, not a lease lost.
			for (const wrong of [undefined, null, 5, { toString: () => held.id }]) {
				expect(() => summaries.end('42', wrong as unknown as string)).toThrow(expect.objectContaining({ code: 'invalid', message: expect.stringMatching(/end\(key, leaseId\) takes the lease's id, a string \(lease.id\)/) }))
			}
			expect(summaries.holders('42')).toEqual([held])
			await clock.advance(10_000)
			expect(() => summaries.end('42', held.id)).toThrow(expect.objectContaining({ code: 'lost' }))
			a.letGo()
			await a.done
			const b = keptHold(summaries, '42')
			await clock.settle()
			summaries.end('42', b.lease().id)
			expect(() => summaries.end('42', b.lease().id)).toThrow(expect.objectContaining({ code: 'lost' }))
			b.letGo()
			await b.done
			await summaries.hold('42', async lease => {
				await lease.release()
				expect(() => summaries.end('42', lease.id)).toThrow(expect.objectContaining({ code: 'lost' }))
			})
		})

		it("ends one of a semaphore's holders: its place goes to the next in line, the other holder keeps its own", async () => {
			const { clock, store } = await simStore(kind)
			const exports = store.semaphore('exports', { limit: 2 })
			const inLine = () => keptHold(exports, '42', { wait: '1h' })
			const [one, two, three] = [inLine(), inLine(), inLine()]
			await clock.settle()
			expect(exports.waiting('42')).toBe(1)
			exports.end('42', one.lease().id)
			await clock.settle()
			expect(one.lease().lost).toBe(true)
			expect(exports.holders('42')).toEqual([two.lease(), three.lease()])
			for (const hold of [one, two, three]) hold.letGo()
			await Promise.all([one.done, two.done, three.done])
		})
	})
})
