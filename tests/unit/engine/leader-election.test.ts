import { describe, expect, it } from 'vitest'
import { LockError, type HeldLease, type Lock } from '../../../engine/index.ts'
import { driverKinds } from './fixtures/drivers.ts'
import { simStore } from './fixtures/sim-store.ts'

// The page "Leader election" (content/guides/locks/leader-election.mdx): its sample, run as written.

/** The page's sample: stands for election until `stop` aborts; while it leads, `lead` runs with the lease's fence as its term. */
async function campaign(elections: Lock, stop: AbortSignal, lead: (term: bigint, signal: AbortSignal) => Promise<void>): Promise<void> {
	while (!stop.aborted) {
		try {
			await elections.hold('leader', lease => lead(lease.fence, AbortSignal.any([lease.signal, stop])), {
				ttl: '15s',
				wait: Number.POSITIVE_INFINITY,
				signal: stop,
			})
		} catch (err) {
			if (err instanceof LockError && err.code === 'cancelled') return
			throw err
		}
	}
}

/** A leader's work that runs until its signal aborts. */
function leadUntilAborted(terms: bigint[], name: string, log: string[]) {
	return (term: bigint, signal: AbortSignal) =>
		new Promise<void>(resolve => {
			terms.push(term)
			log.push(`${name} leads`)
			signal.addEventListener('abort', () => resolve(), { once: true })
		})
}

const kind = driverKinds[0]!

describe('leader election with a long-held lease', () => {
	it('keeps one leader, renewed, while followers wait as long as it takes; when it stands down the next leads at once, with a larger fence as its term', async () => {
		const { clock, store } = await simStore(kind)
		const elections = store.lock('elections')
		const terms: bigint[] = []
		const log: string[] = []
		const stopA = new AbortController()
		const stopB = new AbortController()
		const a = campaign(elections, stopA.signal, leadUntilAborted(terms, 'A', log))
		await clock.settle()
		const b = campaign(elections, stopB.signal, leadUntilAborted(terms, 'B', log))
		await clock.advance('2h')
		expect(log).toEqual(['A leads'])
		expect(elections.waiting('leader')).toBe(1)
		stopA.abort()
		await a
		await clock.settle()
		expect(log).toEqual(['A leads', 'B leads'])
		expect(terms[1]).toBeGreaterThan(terms[0] as bigint)
		stopB.abort()
		await b
		expect(elections.holders('leader')).toEqual([])
		await store.close()
	})

	it('gives the lead to a follower when the leader\'s lease is lost, and the old leader stands again behind it', async () => {
		const { clock, store } = await simStore(kind)
		const elections = store.lock('elections')
		const terms: bigint[] = []
		const log: string[] = []
		const stop = new AbortController()
		const a = campaign(elections, stop.signal, leadUntilAborted(terms, 'A', log))
		await clock.settle()
		const b = campaign(elections, stop.signal, leadUntilAborted(terms, 'B', log))
		await clock.settle()
		// The leader's lease lost: as when its process stalled past the TTL.
		const lease = elections.holders('leader')[0] as HeldLease<bigint>
		lease.lose(new LockError('lost', 'a stall'))
		await clock.settle()
		expect(log.slice(0, 2)).toEqual(['A leads', 'B leads'])
		expect(terms[1]).toBeGreaterThan(terms[0] as bigint)
		expect(elections.waiting('leader')).toBe(1)
		stop.abort()
		await Promise.all([a, b])
		await store.close()
	})
})
