import { describe, expect, it } from 'vitest'
import type { HistoryRecord } from '../../../server/index.ts'
import { checkTorture, type TortureFacts } from '../../../torture/check.ts'

const pad = (n: number) => String(n).padStart(40, '0')

function grant(id: string, fence: number | null, grantedAt: number, expiresAt: number, key = '1'): HistoryRecord {
	const kind = fence === null ? 'semaphore' : 'lock'
	return { type: 'grant', at: grantedAt, requestId: `r${id}`, limit: fence === null ? 2 : null, ttl: expiresAt - grantedAt, id, kind, name: kind === 'lock' ? 'summaries' : 'exports', key, fence: fence === null ? null : String(fence), grantedAt, expiresAt }
}

function facts(history: HistoryRecord[], more: Partial<TortureFacts> = {}): TortureFacts {
	return { history, clientGrants: [], clientWrites: [], dbWrites: [], rows: [], ...more }
}

const start = (at: number): HistoryRecord => ({ type: 'start', at, epoch: String(at), pid: 1 })

describe('checkTorture', () => {
	it('finds nothing wrong with a clean history, and counts it', () => {
		const report = checkTorture(
			facts(
				[
					start(0),
					grant('a', 1, 10, 1010),
					{ type: 'renew', at: 300, leaseId: 'a', expiresAt: 1300 },
					{ type: 'release', at: 400, leaseId: 'a' },
					grant('b', 2, 400, 1400),
					{ type: 'expire', at: 1400, leaseId: 'b', expiresAt: 1400 },
					grant('c', 3, 1400, 2400),
					grant('s1', null, 10, 1010, 'monthly'),
					grant('s2', null, 20, 1020, 'monthly'),
					{ type: 'release', at: 30, leaseId: 's1' },
					grant('s3', null, 30, 1030, 'monthly'),
				],
				{
					clientGrants: [{ client: 'c0', id: 'a', fence: '1' }],
					clientWrites: [{ client: 'c0', chatId: 1, fence: '2', summary: 'b', accepted: true }],
					dbWrites: [
						{ seq: 1, client: 'c0', chatId: 1, fence: pad(1), summary: 'a', accepted: true },
						{ seq: 2, client: 'c0', chatId: 1, fence: pad(2), summary: 'b', accepted: true },
						{ seq: 3, client: 'c1', chatId: 1, fence: pad(1), summary: 'a late', accepted: false },
					],
					rows: [{ chatId: 1, summary: 'b', fence: pad(2) }],
				},
			),
		)
		expect(report).toEqual({ grants: { lock: 3, semaphore: 3 }, writes: { accepted: 2, refused: 1 }, servers: 1, violations: [] })
	})

	it('finds two valid holders of a lock key at once', () => {
		const { violations } = checkTorture(facts([start(0), grant('a', 1, 10, 1010), { type: 'renew', at: 900, leaseId: 'a', expiresAt: 1900 }, grant('b', 2, 1500, 2500)]))
		expect(violations).toEqual(['lock summaries: key "1": lease b granted at 1500 while a (valid until 1900) held it; the limit is 1'])
	})

	it('ends the leases of a server that died at the next server\'s start', () => {
		const { violations } = checkTorture(facts([start(0), grant('a', 1, 10, 1010), start(500), grant('b', 2, 600, 1600)]))
		expect(violations).toEqual([])
	})

	it('finds more holders of a semaphore key than its limit', () => {
		const { violations } = checkTorture(facts([start(0), grant('s1', null, 10, 1010, 'm'), grant('s2', null, 20, 1020, 'm'), grant('s3', null, 30, 1030, 'm')]))
		expect(violations).toHaveLength(1)
		expect(violations[0]).toMatch(/^semaphore exports: key "m": lease s3 granted at 30 while s1 .*, s2 .* held it; the limit is 2$/)
	})

	it('finds a fence not larger than one given before, also across a restart', () => {
		expect(checkTorture(facts([start(0), grant('a', 5, 10, 20, '1'), grant('b', 4, 30, 40, '2')])).violations).toEqual([
			'lease b granted at 30 has fence 4, not larger than 5 of a granted before it',
		])
		expect(checkTorture(facts([start(0), grant('a', 5, 10, 20), start(100), grant('b', 5, 110, 120)])).violations).toEqual([
			'fence 5 given twice: leases a and b',
			'lease b granted at 110 has fence 5, not larger than 5 of a granted before it',
		])
	})

	it('finds an accepted write not larger than the one accepted before it, and a lost write', () => {
		const { violations } = checkTorture(
			facts([start(0), grant('a', 1, 10, 20), grant('b', 2, 20, 30)], {
				clientWrites: [{ client: 'c0', chatId: 1, fence: '2', summary: 'b', accepted: true }],
				dbWrites: [
					{ seq: 1, client: 'c0', chatId: 1, fence: pad(2), summary: 'b', accepted: true },
					{ seq: 2, client: 'c1', chatId: 1, fence: pad(1), summary: 'a', accepted: true },
				],
				rows: [{ chatId: 1, summary: 'a', fence: pad(1) }],
			}),
		)
		expect(violations).toEqual([
			'write #2 to chat 1 with fence 1 was accepted after #1 with fence 2',
			"client c0's accepted write to chat 1 with fence 2 is neither the row's value nor superseded by a larger one",
		])
	})

	it('finds a write a client saw accepted that chat.db does not have, and a final row that is not the largest accepted', () => {
		const { violations } = checkTorture(
			facts([start(0), grant('a', 1, 10, 20)], {
				clientWrites: [{ client: 'c0', chatId: 1, fence: '1', summary: 'a', accepted: true }],
				rows: [{ chatId: 1, summary: 'a', fence: pad(1) }],
			}),
		)
		expect(violations).toEqual([
			"client c0's accepted write to chat 1 with fence 1 is not in chat.db's writes",
			'chat 1 ends with summary "a" (fence 0000000000000000000000000000000000000001), not the largest accepted write\'s "" (fence none): a write was lost',
		])
	})

	it('finds a lock\'s lease without a fence, and a semaphore\'s with one', () => {
		const noFence = { ...grant('a', 1, 10, 20), fence: null } as HistoryRecord
		const withFence = { ...grant('s', null, 10, 20, 'm'), fence: '9' } as HistoryRecord
		expect(checkTorture(facts([start(0), noFence, withFence])).violations).toEqual([
			'lock summaries: key "1": lease a has no fence',
			'semaphore exports: key "m": lease s has fence 9; a semaphore\'s has none',
		])
	})

	it('finds a lease a client holds that no server gave', () => {
		expect(checkTorture(facts([start(0)], { clientGrants: [{ client: 'c0', id: 'x', fence: '9' }] })).violations).toEqual([
			'client c0 holds lease x, which no server\'s history gives',
		])
	})
})
