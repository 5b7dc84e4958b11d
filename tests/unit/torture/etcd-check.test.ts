import { describe, expect, it } from 'vitest'
import { fenceText, makeFence } from '../../../engine/index.ts'
import type { HistoryEvent } from '../../../etcd/history.ts'
import type { HoldValue } from '../../../etcd/keys.ts'
import { checkEtcdTorture, type EtcdTortureFacts } from '../../../torture/etcd-check.ts'

const prefix = 'torture/'
const clockKey = `${prefix}clock`
const lock = (lease: string) => `${prefix}lock/summaries/1/${lease}`
const sem = (lease: string) => `${prefix}semaphore/exports/monthly/${lease}`
const L = ['00000000000000a1', '00000000000000a2', '00000000000000a3', '00000000000000a4']
const S = ['00000000000000b1', '00000000000000b2', '00000000000000b3']
const ttl = 2000

type Put = Partial<HoldValue> & { state: HoldValue['state'] }
type Step = ['epoch', string] | ['clock', number] | ['put', string, Put] | ['delete', string]

const holding = (epoch = '1000'): Put => ({ state: 'holding', epoch })
const waiting = { state: 'waiting' } as const

/** etcd's history of the steps, one revision each from 2: clock puts carry the answer time of the one before (10 ms after it was sent). */
function history(steps: Step[]): HistoryEvent[] {
	const values = new Map<string, { value: string; created: number; version: number }>()
	let previousClock: { revision: number; answeredAt: number } | undefined
	return steps.map((step, i): HistoryEvent => {
		const revision = i + 2
		if (step[0] === 'epoch') return { revision, type: 'put', key: `${prefix}epoch`, value: step[1], createRevision: 2, version: 1, lease: '0' }
		if (step[0] === 'clock') {
			const value = JSON.stringify(previousClock === undefined ? { sentAt: step[1] } : { sentAt: step[1], previous: previousClock })
			previousClock = { revision, answeredAt: step[1] + 10 }
			return { revision, type: 'put', key: clockKey, value, createRevision: 3, version: 1, lease: '0' }
		}
		if (step[0] === 'delete') {
			const was = values.get(step[1])
			values.delete(step[1])
			return { revision, type: 'delete', key: step[1], value: was?.value ?? '', createRevision: was?.created ?? 0, version: 0, lease: '1' }
		}
		const [, key, partial] = step
		const semaphore = key.includes('/semaphore/')
		const full: HoldValue = { client: 'c', hold: 1, ttl, ...(semaphore ? { limit: 2 } : {}), ...partial }
		if (semaphore && partial.epoch === undefined) delete full.epoch
		const was = values.get(key)
		const value = JSON.stringify(full)
		values.set(key, { value, created: was?.created ?? revision, version: (was?.version ?? 0) + 1 })
		return { revision, type: 'put', key, value, createRevision: was?.created ?? revision, version: (was?.version ?? 0) + 1, lease: '1' }
	})
}

/**
 * A run that kept every promise: lock key 1 is held by L1 with L2 and L3 waiting in that order; L1
 * is released, L2 granted, its lease runs out (its holder learns first) and L3, next in line, is
 * granted. Three holders share a semaphore of limit 2: S3 waits until S1 goes.
 */
const goodSteps = (): Step[] => [
	['epoch', '1000'], // 2
	['clock', 100], // 3
	['put', lock(L[0] as string), holding()], // 4
	['put', lock(L[1] as string), waiting], // 5
	['put', lock(L[2] as string), waiting], // 6
	['clock', 200], // 7
	['delete', lock(L[0] as string)], // 8
	['put', lock(L[1] as string), holding()], // 9
	['clock', 300], // 10
	['put', sem(S[0] as string), { state: 'holding' }], // 11
	['put', sem(S[1] as string), { state: 'holding' }], // 12
	['put', sem(S[2] as string), waiting], // 13
	['delete', sem(S[0] as string)], // 14
	['put', sem(S[2] as string), { state: 'holding' }], // 15
	['delete', sem(S[1] as string)], // 16
	['delete', sem(S[2] as string)], // 17
	['delete', lock(L[1] as string)], // 18: L2 ran out
	['put', lock(L[2] as string), holding()], // 19
	['clock', 400], // 20
	['delete', lock(L[2] as string)], // 21
	['clock', 500], // 22
]

const fence = (revision: number, epoch = 1000n) => makeFence(epoch, BigInt(revision)).toString()

function goodRun(steps = goodSteps()): EtcdTortureFacts {
	return {
		prefix,
		clockKey,
		ttl,
		events: history(steps),
		revision: steps.length + 1,
		clientGrants: [
			{ client: 'c1', id: L[0] as string, fence: fence(4), at: 105 },
			{ client: 'c2', id: L[1] as string, fence: fence(9), at: 215 },
			{ client: 'c3', id: L[2] as string, fence: fence(19), at: 405 },
			{ client: 'c1', id: S[0] as string, fence: null, at: 305 },
			{ client: 'c2', id: S[1] as string, fence: null, at: 306 },
			{ client: 'c3', id: S[2] as string, fence: null, at: 320 },
		],
		clientLosses: [{ client: 'c2', id: L[1] as string, at: 330 }],
		clientDone: [
			{ client: 'c1', id: L[0] as string, at: 150 },
			{ client: 'c1', id: S[0] as string, at: 310 },
			{ client: 'c2', id: S[1] as string, at: 340 },
			{ client: 'c3', id: S[2] as string, at: 350 },
			{ client: 'c3', id: L[2] as string, at: 420 },
		],
		pauses: [],
		clientWrites: [
			{ client: 'c1', chatId: 1, fence: fenceText(BigInt(fence(4))), summary: 's1', accepted: true },
			{ client: 'c2', chatId: 1, fence: fenceText(BigInt(fence(9))), summary: 's2', accepted: true },
		],
		dbWrites: [
			{ seq: 1, client: 'c1', chatId: 1, fence: fenceText(BigInt(fence(4))), summary: 's1', accepted: true },
			{ seq: 2, client: 'c2', chatId: 1, fence: fenceText(BigInt(fence(9))), summary: 's2', accepted: true },
		],
		rows: [{ chatId: 1, summary: 's2', fence: fenceText(BigInt(fence(9))) }],
	}
}

/** The steps with step `at` (0-based) replaced by `by` (none to delete it). */
const replaced = (at: number, ...by: Step[]): Step[] => {
	const steps = goodSteps()
	steps.splice(at, 1, ...by)
	return steps
}

describe("the torture checker on etcd's history", () => {
	it('finds no violation in a run that kept every promise, and counts its grants and revisions', () => {
		const report = checkEtcdTorture(goodRun())
		expect(report.violations).toEqual([])
		expect(report.grants).toEqual({ lock: 3, semaphore: 3 })
		expect(report.revisions).toEqual({ first: 2, last: 22 })
	})

	it.for([
		[
			'a revision missing from the middle of the history',
			(facts: EtcdTortureFacts): void => void (facts.events = facts.events.filter(e => e.revision !== 13)),
			'etcd history: no change at revision 13: a change is missing',
		],
		['the end of the history missing', (facts: EtcdTortureFacts): void => void (facts.revision = 25), 'etcd history: it ends at revision 22, not 25, the revision it was read to: the end is missing'],
		[
			'changes out of revision order',
			(facts: EtcdTortureFacts): void => void facts.events.splice(3, 2, facts.events[4] as HistoryEvent, facts.events[3] as HistoryEvent),
			'etcd history: revision 5 comes after 6: the history is out of order',
		],
		['a history line that is no record', (facts: EtcdTortureFacts): void => void (facts.unreadableHistoryLines = [7]), 'etcd history line 7 is not a record: the history read after the run is damaged'],
	] as const)('finds %s', ([, mutate, violation]) => {
		const facts = goodRun()
		mutate(facts)
		expect(checkEtcdTorture(facts).violations).toContain(violation)
	})

	it.for([
		[
			'two holders of a lock key: L2 granted before L1 went',
			replaced(6, ['put', lock(L[1] as string), holding()], ['delete', lock(L[0] as string)]).filter((_, i) => i !== 8),
			`lock summaries: key "1": lease ${L[1]} granted at revision 8 while lease ${L[0]} (granted at revision 4) held it; the limit is 1`,
		],
		[
			'a waiter served before one that waited longer: L3 granted ahead of L2',
			replaced(7, ['put', lock(L[2] as string), holding()]),
			`lock summaries: key "1": lease ${L[2]} (in line since revision 6) was granted at revision 9 while lease ${L[1]} waited ahead of it since revision 5: not first come, first served`,
		],
		[
			'a semaphore grant past its limit: S3 created holding beside S1 and S2',
			replaced(11, ['put', sem(S[2] as string), { state: 'holding' }]),
			`semaphore exports: key "monthly": lease ${S[2]} granted at revision 13 while lease ${S[0]} (granted at revision 11), lease ${S[1]} (granted at revision 12) held it; the limit is 2`,
		],
		[
			'a semaphore grant beside holders of another limit',
			replaced(10, ['put', sem(S[1] as string), { state: 'holding', limit: 3 }]),
			`semaphore exports: key "monthly": lease ${S[1]} granted at revision 12 with limit 3 while lease ${S[0]} is in line with limit 2`,
		],
		[
			'a grant with an epoch that is not the epoch key\'s',
			replaced(7, ['put', lock(L[1] as string), holding('999')]),
			`lock summaries: key "1": lease ${L[1]} granted at revision 9 with epoch 999, while the epoch key held 1000`,
		],
		[
			'a fence not larger than one given before: the epoch moved back',
			replaced(17, ['epoch', '900'], ['put', lock(L[2] as string), holding('900')]),
			`lock summaries: key "1": lease ${L[2]} granted at revision 20 has fence ${fence(20, 900n)}, not larger than ${fence(9)} of lease ${L[1]} granted at revision 9`,
		],
		[
			"a hold's key put again after it was deleted (a renewal of an ended lease)",
			replaced(20, ['put', lock(L[0] as string), waiting], ['clock', 500]),
			`lock summaries: key "1": lease ${L[0]}'s key was put again at revision 22, after it was deleted at revision 8: a renewal or write of an ended lease`,
		],
		[
			'no grant of a semaphore',
			goodSteps().map((step): Step => (step[0] === 'put' && step[1].includes('/semaphore/') ? ['clock', 350] : step[0] === 'delete' && step[1].includes('/semaphore/') ? ['clock', 360] : step)),
			"no work was done: etcd's history has no grant of a semaphore",
		],
	] as const)('finds %s', ([, steps, violation]) => {
		expect(checkEtcdTorture(goodRun(steps as Step[])).violations).toContain(violation)
	})

	it('finds a lease a client logged that etcd never granted, one logged with another fence, and one logged by two clients', () => {
		const facts = goodRun()
		facts.clientGrants.push({ client: 'c4', id: 'ffffffffffffffff', fence: fence(30), at: 450 })
		facts.clientGrants[1] = { client: 'c2', id: L[1] as string, fence: fence(8), at: 215 }
		facts.clientGrants.push({ client: 'c4', id: L[2] as string, fence: fence(19), at: 406 })
		expect(checkEtcdTorture(facts).violations.sort()).toEqual(
			[
				"client c4 holds lease ffffffffffffffff, which etcd's history never gave",
				`client c2 holds lease ${L[1]} with fence ${fence(8)}; etcd's history gave ${fence(9)}`,
				`lease ${L[2]} is logged as held by two clients: c3 and c4`,
			].sort(),
		)
	})

	it("finds a holder that learned of its loss only after its key was granted again, or never; excuses one that could not run", () => {
		const late = goodRun()
		late.clientLosses = [{ client: 'c2', id: L[1] as string, at: 410 }]
		expect(checkEtcdTorture(late).violations).toEqual([
			`lock summaries: key "1": client c2 learned only at 410 that lease ${L[1]} was lost, though ${L[2]} was granted the key at revision 19, by 405 at the latest, and the client was running`,
		])
		const never = goodRun()
		never.clientLosses = []
		expect(checkEtcdTorture(never).violations[0]).toMatch(/client c2 never let go of lease 00000000000000a2 nor learned it was lost/)
		const stopped = goodRun()
		stopped.clientLosses = []
		stopped.pauses = [{ client: 'c2', from: 250, to: 1000, why: 'stopped' }]
		expect(checkEtcdTorture(stopped).violations).toEqual([])
	})

	it('finds a fenced write lost, and a line lost from the middle of a client log', () => {
		const facts = goodRun()
		facts.rows = [{ chatId: 1, summary: 's1', fence: fenceText(BigInt(fence(4))) }]
		facts.unreadableLogLines = [{ file: 'c1.0.jsonl', line: 3, last: false }]
		expect(checkEtcdTorture(facts).violations).toEqual([
			'c1.0.jsonl line 3 is not a record, and its client went on: a record was lost',
			`chat 1 ends with summary "s1" (fence ${fenceText(BigInt(fence(4)))}), not the largest accepted write's "s2" (fence ${fenceText(BigInt(fence(9)))}): a write was lost`,
			`client c2's accepted write to chat 1 with fence ${fence(9)} is neither the row's value nor superseded by a larger one`,
		])
	})
})
