import { describe, expect, it } from 'vitest'
import type { Lease, LockError } from '../../../engine/index.ts'
import { deferred, rejection } from './fixtures/deferred.ts'
import { driverKinds } from './fixtures/drivers.ts'
import { simStore } from './fixtures/sim-store.ts'

describe.each(driverKinds)('on $name', kind => {
	describe("an operator ends a holder's lease (Lock.end, Semaphore.end): the same end as a lock server's `leases --end`", () => {
		it('tells the holder its lease is lost before the key goes to the next in line, whose fence is larger', async () => {
			const { clock, store } = await simStore(kind)
			const summaries = store.lock('summaries')
			const events: string[] = []
			const stuck = deferred()
			let first: Lease | undefined
			const a = summaries.hold('42', async lease => {
				first = lease
				lease.signal.addEventListener('abort', () => events.push(`a told: ${(lease.signal.reason as LockError).code}, holders ${summaries.holders('42').length}`))
				await stuck.promise
				return lease.lost
			})
			await clock.settle()
			const b = summaries.hold(
				'42',
				async lease => {
					events.push(`b in with fence ${lease.fence}`)
					return lease.fence
				},
				{ wait: '1h' },
			)
			await clock.settle()
			const held = first as Lease
			summaries.end('42', held.id)
			expect(held.lost).toBe(true)
			expect((held.signal.reason as LockError).message).toBe(`lock summaries: key "42": lease ${held.id} was lost: an operator ended it`)
			const fenceB = await b
			expect(fenceB > held.fence).toBe(true)
			// The holder's code is not stopped: it runs on, and reads its lease as lost.
			stuck.resolve()
			expect(await a).toBe(true)
			expect(events).toEqual(['a told: lost, holders 0', `b in with fence ${fenceB}`])
			expect(clock.now()).toBe(0)
		})

		it('leaves the ended fence spent: a renewal is refused as lost, a release frees nothing, and the next lease has a larger fence', async () => {
			const { clock, store } = await simStore(kind)
			const summaries = store.lock('summaries')
			const stuck = deferred()
			let first: Lease | undefined
			const a = summaries.hold('42', async lease => {
				first = lease
				await stuck.promise
			})
			await clock.settle()
			const held = first as Lease
			summaries.end('42', held.id)
			expect(summaries.holders('42')).toEqual([])
			expect((await rejection(held.renew())).code).toBe('lost')
			const gate = deferred()
			let second: Lease | undefined
			const c = summaries.hold('42', async lease => {
				second = lease
				await gate.promise
			})
			await clock.settle()
			await held.release()
			expect(summaries.holders('42')).toEqual([second])
			expect((second as Lease).fence > held.fence).toBe(true)
			stuck.resolve()
			gate.resolve()
			await Promise.all([a, c])
		})

		it('refuses with lost, ending nothing, a lease that is not the key holder: unknown, ran out, released, ended, or another key', async () => {
			const { clock, store } = await simStore(kind)
			const summaries = store.lock('summaries')
			const gate = deferred()
			let first: Lease | undefined
			const a = summaries.hold(
				'42',
				async lease => {
					first = lease
					await gate.promise
				},
				{ ttl: '10s', renew: false },
			)
			await clock.settle()
			const held = first as Lease
			expect(() => summaries.end('42', 'no-such-lease')).toThrow(/lock summaries: key "42": lease "no-such-lease" does not hold the key/)
			expect(() => summaries.end('43', held.id)).toThrow(expect.objectContaining({ code: 'lost' }))
			// What is no lease id at all is a caller's mistake, told as one, not a lease lost.
			for (const wrong of [undefined, null, 5, { toString: () => held.id }]) {
				expect(() => summaries.end('42', wrong as unknown as string)).toThrow(expect.objectContaining({ code: 'invalid', message: expect.stringMatching(/end\(key, leaseId\) takes the lease's id, a string \(lease.id\)/) }))
			}
			expect(summaries.holders('42')).toEqual([held])
			await clock.advance(10_000)
			expect(() => summaries.end('42', held.id)).toThrow(expect.objectContaining({ code: 'lost' }))
			gate.resolve()
			await a
			const other = deferred()
			let second: Lease | undefined
			const b = summaries.hold('42', async lease => {
				second = lease
				await other.promise
			})
			await clock.settle()
			summaries.end('42', (second as Lease).id)
			expect(() => summaries.end('42', (second as Lease).id)).toThrow(expect.objectContaining({ code: 'lost' }))
			other.resolve()
			await b
			await summaries.hold('42', async lease => {
				await lease.release()
				expect(() => summaries.end('42', lease.id)).toThrow(expect.objectContaining({ code: 'lost' }))
			})
		})

		it("ends one of a semaphore's holders: its place goes to the next in line, the other holder keeps its own", async () => {
			const { clock, store } = await simStore(kind)
			const exports = store.semaphore('exports', { limit: 2 })
			const gates = [deferred(), deferred(), deferred()]
			const leases: Lease<undefined>[] = []
			const holds = gates.map(gate =>
				exports.hold(
					'42',
					async lease => {
						leases.push(lease)
						await gate.promise
					},
					{ wait: '1h' },
				),
			)
			await clock.settle()
			expect(exports.waiting('42')).toBe(1)
			const [one, two] = leases as [Lease<undefined>, Lease<undefined>]
			exports.end('42', one.id)
			await clock.settle()
			expect(one.lost).toBe(true)
			expect(exports.holders('42')).toEqual([two, leases[2]])
			for (const gate of gates) gate.resolve()
			await Promise.all(holds)
		})
	})
})
