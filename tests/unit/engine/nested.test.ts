import { AsyncLocalStorage } from 'node:async_hooks'
import { describe, expect, it } from 'vitest'
import { SimulatedClock, Store, type LockError } from '../../../engine/index.ts'
import { rejection } from './fixtures/deferred.ts'
import { driverKinds } from './fixtures/drivers.ts'

// A hold of a lock's key inside a hold of the same key: the lease contract (tests/unit/server/lease-contract.test.ts)
// shows it refused on openStore's store and on the client; here, what a store does with and without an async context.

const kind = driverKinds[0]!

async function open(asyncContext?: AsyncLocalStorage<unknown>) {
	const clock = new SimulatedClock()
	const store = await Store.open({ sqlite: kind.open(), clock, ...(asyncContext === undefined ? {} : { asyncContext }) })
	return { clock, store }
}

describe('a hold nested in a hold of the same key', () => {
	it('waits for itself until its wait runs out, with held, on a store opened without an async context', async () => {
		const { clock, store } = await open()
		const summaries = store.lock('summaries')
		const outer = summaries.hold('42', async () => {
			const nested = rejection(summaries.hold('42', () => 'inner', { wait: '10s' }))
			await clock.advance('10s')
			return nested
		})
		const error = await outer
		expect(error.code).toBe('held')
		expect(error.message).toBe('lock summaries: key "42": held past the 10 s wait')
		await store.close()
	})

	it('is refused at once, with invalid, on a store given an AsyncLocalStorage, also with a wait of Infinity', async () => {
		const { store } = await open(new AsyncLocalStorage())
		const summaries = store.lock('summaries')
		const error = await summaries.hold('42', lease =>
			rejection(summaries.hold('42', () => 'inner', { wait: Number.POSITIVE_INFINITY })).then(e => ({ e, id: lease.id })),
		)
		expect(error.e.code).toBe('invalid')
		expect(error.e.message).toBe(
			`lock summaries: key "42": this hold is inside a hold of the same key (lease ${error.id}) and would wait for itself for ever: a lock is not reentrant, so use the lease you hold`,
		)
		await store.close()
	})

	it('is let through once the outer lease was lost: the key is no longer its caller\'s', async () => {
		const { clock, store } = await open(new AsyncLocalStorage())
		const summaries = store.lock('summaries')
		const fences = await summaries.hold(
			'42',
			async outer => {
				await clock.advance('30s')
				expect(outer.lost).toBe(true)
				return [outer.fence, await summaries.hold('42', inner => inner.fence)]
			},
			{ renew: false },
		)
		expect(fences[1]).toBeGreaterThan(fences[0] as bigint)
		await store.close()
	})

	it('is not looked for in a semaphore, whose nested hold takes another of the key\'s places', async () => {
		const { store } = await open(new AsyncLocalStorage())
		const exports = store.semaphore('exports', { limit: 2 })
		expect(await exports.hold('t', () => exports.hold('t', () => exports.holders('t').length))).toBe(2)
		await store.close()
	})

	it('refuses an asyncContext that has no run() and getStore()', async () => {
		const error = (await Store.open({ sqlite: kind.open(), asyncContext: {} as never }).catch((e: unknown) => e)) as LockError
		expect({ code: error.code, message: error.message }).toEqual({ code: 'invalid', message: 'Store.open: asyncContext: expected run() and getStore(), as an AsyncLocalStorage has' })
	})
})
