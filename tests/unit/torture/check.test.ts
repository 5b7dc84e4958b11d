import { describe, expect, it } from 'vitest'
import type { HistoryRecord } from '../../../server/index.ts'
import { checkTorture, type TortureFacts } from '../../../torture/check.ts'

const pad = (n: number) => String(n).padStart(40, '0')
const ttl = 1000

// Who holds each lease of the good run, as the server names its clients.
const holders: Record<string, string> = { a: 'client c0', b: 'client c1', c: 'client c0', d: 'client c3', e: 'client c2', s1: 'client c2', s2: 'client c3', s3: 'client c1' }
const clientOf = (id: string) => holders[id] ?? 'client c9'

function grant(id: string, fence: number | null, grantedAt: number, key = '1'): HistoryRecord {
	const kind = fence === null ? 'semaphore' : 'lock'
	const name = kind === 'lock' ? 'summaries' : 'exports'
	return { type: 'grant', at: grantedAt, client: clientOf(id), requestId: `r${id}`, limit: fence === null ? 2 : null, ttl, id, kind, name, key, fence: fence === null ? null : String(fence), grantedAt, expiresAt: grantedAt + ttl }
}

/** The history with each server's records numbered from 1, its start, as a server numbers them. */
function numbered(history: HistoryRecord[]): HistoryRecord[] {
	let seq = 0
	return history.map(record => {
		seq = record.type === 'start' ? 1 : seq + 1
		return { ...record, seq }
	})
}

const wait = (requestId: string, at: number): HistoryRecord => ({ type: 'wait', at, client: clientOf(requestId.slice(1)), requestId, kind: 'lock', name: 'summaries', key: '1' })
const release = (leaseId: string, at: number): HistoryRecord => ({ type: 'release', at, client: clientOf(leaseId), leaseId })
const start = (at: number): HistoryRecord => ({ type: 'start', at, epoch: String(at), pid: 1 })

/**
 * A run that kept every promise, its history in time order: on chat 1, a is released and b
 * granted in the same millisecond; b is renewed, runs out while c waits (its holder learns
 * first) and goes to c; d gives up waiting; the server restarts and e gets a larger fence.
 * Four holders share a semaphore of limit 2: s2 runs out (its holder learns first) and s4
 * is granted after.
 */
function goodRun(): TortureFacts {
	return {
		history: numbered([
			start(0),
			grant('a', 1, 10),
			grant('s1', null, 10, 'monthly'),
			wait('rb', 10),
			release('a', 10),
			grant('b', 2, 10),
			wait('rc', 20),
			grant('s2', null, 20, 'monthly'),
			wait('rd', 30),
			release('s1', 30),
			grant('s3', null, 30, 'monthly'),
			{ type: 'renew', at: 300, client: 'client c1', leaseId: 'b', ttl, expiresAt: 1300 },
			{ type: 'leave', at: 500, client: 'client c3', requestId: 'rd', code: 'held' },
			{ type: 'expire', at: 1020, leaseId: 's2', expiresAt: 1020 },
			{ type: 'expire', at: 1030, leaseId: 's3', expiresAt: 1030 },
			grant('s4', null, 1100, 'monthly'),
			{ type: 'expire', at: 1300, leaseId: 'b', expiresAt: 1300 },
			grant('c', 3, 1300),
			release('c', 1500),
			start(2000),
			grant('e', 5, 2100),
		]),
		clientGrants: [
			{ client: 'c0', id: 'a', fence: '1', at: 10 },
			{ client: 'c1', id: 'b', fence: '2', at: 11 },
			{ client: 'c0', id: 'c', fence: '3', at: 1301 },
			{ client: 'c2', id: 'e', fence: '5', at: 2101 },
			{ client: 'c2', id: 's1', fence: null, at: 11 },
			{ client: 'c3', id: 's2', fence: null, at: 21 },
		],
		clientLosses: [
			{ client: 'c1', id: 'b', at: 1280 },
			{ client: 'c3', id: 's2', at: 1005 },
		],
		// Each hold that let go of its key said so just before its release.
		clientDone: [
			{ client: 'c0', id: 'a', at: 9 },
			{ client: 'c2', id: 's1', at: 29 },
			{ client: 'c0', id: 'c', at: 1499 },
		],
		pauses: [{ client: 'c1', from: 100, to: 200, why: 'stopped' }],
		clientWrites: [
			{ client: 'c1', chatId: 1, fence: '2', summary: 'b', accepted: true },
			{ client: 'c1', chatId: 1, fence: '2', summary: 'b late', accepted: false },
		],
		dbWrites: [
			{ seq: 1, client: 'c0', chatId: 1, fence: pad(1), summary: 'a', accepted: true },
			{ seq: 2, client: 'c1', chatId: 1, fence: pad(2), summary: 'b', accepted: true },
			{ seq: 3, client: 'c0', chatId: 1, fence: pad(3), summary: 'c', accepted: true },
			{ seq: 4, client: 'c1', chatId: 1, fence: pad(2), summary: 'b late', accepted: false },
			{ seq: 5, client: 'c2', chatId: 1, fence: pad(5), summary: 'e', accepted: true },
		],
		rows: [{ chatId: 1, summary: 'e', fence: pad(5) }],
	}
}

/** The good run with its history changed by `change`, which gets the records by lease or request id. */
function mutated(change: (find: (id: string) => HistoryRecord & Record<string, unknown>, facts: TortureFacts) => void): TortureFacts {
	const facts = goodRun()
	const find = (id: string) => {
		const record = facts.history.find(r => ('id' in r && r.id === id) || (r.type !== 'grant' && 'requestId' in r && r.requestId === id))
		if (record === undefined) throw new Error(`no record ${id}`)
		return record as HistoryRecord & Record<string, unknown>
	}
	change(find, facts)
	return facts
}

const violationsOf = (facts: TortureFacts) => checkTorture(facts).violations

/** The facts with the history numbered again: a mutation that adds or drops records models a server that wrote them so. */
function renumbered(facts: TortureFacts): TortureFacts {
	facts.history = numbered(facts.history as HistoryRecord[])
	return facts
}

describe('checkTorture', () => {
	it('finds nothing wrong with a run that kept every promise, and counts it', () => {
		expect(checkTorture(goodRun())).toEqual({ grants: { lock: 4, semaphore: 4 }, writes: { accepted: 4, refused: 1 }, servers: 2, violations: [] })
	})

	it('fails a run where no work was done: a server that refuses every hold', () => {
		const facts = goodRun()
		facts.history = facts.history.flatMap((r): HistoryRecord[] =>
			r.type === 'grant' ? [wait(r.requestId, r.at), { type: 'leave', at: r.at, client: r.client, requestId: r.requestId, code: 'held' }] : r.type === 'start' ? [r] : [],
		)
		facts.clientGrants = []
		facts.clientLosses = []
		facts.clientDone = []
		facts.clientWrites = []
		facts.dbWrites = []
		facts.rows = [{ chatId: 1, summary: '', fence: '' }]
		expect(violationsOf(renumbered(facts))).toEqual([
			"no work was done: the servers' history has no grant of a lock",
			"no work was done: the servers' history has no grant of a semaphore",
			'no work was done: no client logged a lease it held',
			'no work was done: chat.db accepted no fenced write',
		])
	})

	it('finds two grants of one key in the same millisecond whose fences go down', () => {
		const facts = mutated(find => {
			find('a').fence = '2'
			find('b').fence = '1'
		})
		facts.clientGrants = facts.clientGrants.map(g => (g.id === 'a' ? { ...g, fence: '2' } : g.id === 'b' ? { ...g, fence: '1' } : g))
		expect(violationsOf(facts)).toEqual(['lock summaries: key "1": lease b granted at 10 after a (granted at 10) has fence 1, not larger than its 2'])
	})

	it('finds a lease renewed after it ran out, and one renewed after its release', () => {
		const late = goodRun()
		const renewal = late.history.find(r => r.type === 'renew')
		if (renewal?.type === 'renew') renewal.expiresAt = 2050
		expect(violationsOf(late)).toEqual(['lock summaries: key "1": lease b renewed at 1050, after it ran out at 1010'])
		const released = mutated((_, facts) => {
			facts.history.splice(5, 0, { type: 'renew', at: 10, client: 'client c0', leaseId: 'a', ttl, expiresAt: 1010 })
		})
		expect(violationsOf(renumbered(released))).toEqual(['lock summaries: key "1": lease a renewed at 10, after it was released at 10'])
	})

	it('finds a holder that did not learn of its loss before its key went to another, unless it could not run', () => {
		const withoutB = (facts: TortureFacts) => facts.clientLosses.filter(l => l.id !== 'b')
		const never = goodRun()
		never.clientLosses = withoutB(never)
		expect(violationsOf(never)).toEqual(['lock summaries: key "1": client c1 never let go of lease b nor learned it was lost, though c was granted the key at 1300 and the client was running'])
		const late = goodRun()
		late.clientLosses = [...withoutB(late), { client: 'c1', id: 'b', at: 1303 }]
		expect(violationsOf(late)).toEqual(['lock summaries: key "1": client c1 learned only at 1303 that lease b was lost, though c was granted the key at 1300 and the client was running'])
		late.pauses.push({ client: 'c1', from: 1250, to: 1400, why: 'stopped' })
		expect(violationsOf(late)).toEqual([])
	})

	it("finds a key freed 3 ms into a lease and granted to another client while the holder's own log shows it still working", () => {
		// The server's story holds together: c released by its holder's client at 1303, x granted after. Only c's client knows it was not done.
		const facts = mutated((_, run) => {
			const at = run.history.findIndex(r => r.type === 'release' && r.leaseId === 'c')
			run.history.splice(at, 1, release('c', 1303), grant('x', 4, 1303))
		})
		facts.clientGrants.push({ client: 'c3', id: 'x', fence: '4', at: 1304 })
		expect(violationsOf(renumbered(facts))).toEqual(['lock summaries: key "1": client c0 was still working with lease c until 1499 (its done line), never told it was lost, though x was granted the key at 1303 and the client was running'])
	})

	it("finds a server that frees a client's leases when its connection drops and gives the key to the next in line (LOCK-07 broken)", () => {
		// c's connection dropped at 1310; the server let go of its lease as if released, though the client reconnected and went on.
		const facts = mutated((_, run) => {
			const at = run.history.findIndex(r => r.type === 'release' && r.leaseId === 'c')
			run.history.splice(at, 1, { type: 'release', at: 1310, client: 'client c0', leaseId: 'c' }, wait('rx', 1310), grant('x', 4, 1311))
		})
		facts.clientGrants.push({ client: 'c3', id: 'x', fence: '4', at: 1312 })
		expect(violationsOf(renumbered(facts))).toEqual(['lock summaries: key "1": client c0 was still working with lease c until 1499 (its done line), never told it was lost, though x was granted the key at 1311 and the client was running'])
	})

	it("finds a release, a renewal or an expiry missing from the middle of a server's history, though nothing else contradicts it", () => {
		for (const type of ['release', 'renew', 'expire'] as const) {
			const facts = goodRun()
			const at = facts.history.findIndex(r => r.type === type)
			facts.history.splice(at, 1)
			expect(violationsOf(facts), type).toContainEqual(expect.stringMatching(new RegExp(`^history record ${at + 1} \\(\\w+ at \\d+\\) is its server's record ${at + 2}, where ${at + 1} was next; 1 record is missing before it$`)))
		}
	})

	it('finds a record without a sequence number, and a server that let records go', () => {
		const bare = goodRun()
		delete (bare.history[3] as { seq?: number }).seq
		expect(violationsOf(bare)).toEqual(['history record 4 (wait at 10) has no sequence number'])
		const gap = goodRun()
		gap.history.push({ type: 'gap', at: 2200, missing: 12 })
		expect(violationsOf(renumbered(gap))).toEqual(['history record 22: its server could not write 12 records and let them go'])
	})

	it('gives a holder of a lease an operator ended a moment to hear of it, the key having moved on at once', () => {
		const facts = mutated((_, run) => {
			const at = run.history.findIndex(r => r.type === 'expire' && r.leaseId === 'b')
			run.history.splice(at, 1, { type: 'end', at: 1290, client: 'operator', leaseId: 'b' })
			const c = run.history.find(r => r.type === 'grant' && r.id === 'c')
			if (c?.type === 'grant') Object.assign(c, { at: 1290, grantedAt: 1290 })
		})
		facts.clientLosses = facts.clientLosses.map(l => (l.id === 'b' ? { ...l, at: 1292 } : l))
		facts.clientGrants = facts.clientGrants.map(g => (g.id === 'c' ? { ...g, at: 1291 } : g))
		expect(violationsOf(renumbered(facts))).toEqual([])
		facts.clientLosses = facts.clientLosses.map(l => (l.id === 'b' ? { ...l, at: 1500 } : l))
		expect(violationsOf(facts)).toEqual(['lock summaries: key "1": client c1 learned only at 1500 that lease b was lost, though c was granted the key at 1290 and the client was running'])
	})

	it("allows a holder's loss line past the next grant by the clock's slack and its reading's margin, and no more", () => {
		const late = (at: number, margin?: number) => {
			const facts = goodRun()
			facts.clientLosses = facts.clientLosses.map(l => (l.id === 'b' ? { ...l, at } : l))
			if (margin !== undefined) facts.clockMargins = { c1: margin }
			return violationsOf(facts)
		}
		const told = (at: number) => [`lock summaries: key "1": client c1 learned only at ${at} that lease b was lost, though c was granted the key at 1300 and the client was running`]
		expect(late(1302)).toEqual([])
		expect(late(1303)).toEqual(told(1303))
		// c1's clock was read over 1.5 ms: its lines may be that much later still.
		expect(late(1303, 1.5)).toEqual([])
		expect(late(1304, 1.5)).toEqual(told(1304))
	})

	it('finds a waiter served before one that waited longer, and a newcomer served while a hold waited', () => {
		const overtaken = mutated(find => {
			find('c').requestId = 'rd'
			find('c').client = 'client c3'
		})
		overtaken.history = overtaken.history.filter(r => r.type !== 'leave').map(r => (r.type === 'release' && r.leaseId === 'c' ? { ...r, client: 'client c3' } : r))
		expect(violationsOf(renumbered(overtaken))).toEqual(['lock summaries: key "1": hold rd of client c3 was served at 1300 after waiting since 30, while hold rc of client c0 waited ahead of it since 20: not first come, first served'])
		const barged = mutated(find => {
			find('c').requestId = 'rz'
		})
		expect(violationsOf(barged)).toEqual(['lock summaries: key "1": hold rz of client c0 was served at 1300 without waiting, while hold rc of client c0 waited ahead of it since 20: not first come, first served'])
		// A request id is its client's: another client's hold of the same id that waited is another hold.
		const sameId = mutated(find => {
			find('rd').requestId = 'rc'
		})
		sameId.history = sameId.history.map(r => (r.type === 'leave' ? { ...r, requestId: 'rc' } : r))
		expect(violationsOf(sameId)).toEqual([])
	})

	it('finds two valid holders of a lock key at once', () => {
		const facts = mutated(find => {
			find('c').grantedAt = 1200
		})
		expect(violationsOf(facts)).toEqual([
			'lock summaries: key "1": lease c granted at 1200 while b (valid until 1300) held it; the limit is 1',
			'lock summaries: key "1": client c1 learned only at 1280 that lease b was lost, though c was granted the key at 1200 and the client was running',
		])
	})

	it('ends the leases of a server that died at the next server\'s start', () => {
		const facts = mutated(find => {
			find('e').grantedAt = 2000
		})
		expect(violationsOf(facts)).toEqual([])
	})

	it('finds more holders of a semaphore key than its limit', () => {
		const facts = mutated(find => {
			find('s3').grantedAt = 25
		})
		expect(violationsOf(facts)).toEqual([
			'semaphore exports: key "monthly": lease s3 granted at 25 while s1 (valid until 30), s2 (valid until 1020) held it; the limit is 2',
			'semaphore exports: key "monthly": client c2 was still working with lease s1 until 29 (its done line), never told it was lost, though s3 was granted the key at 25 and the client was running',
		])
	})

	it('finds a fence not larger than one given before, also across a restart', () => {
		const facts = mutated(find => {
			find('e').fence = '3'
		})
		facts.clientGrants = facts.clientGrants.filter(g => g.id !== 'e')
		facts.dbWrites = facts.dbWrites.filter(w => w.seq !== 5)
		facts.rows = [{ chatId: 1, summary: 'c', fence: pad(3) }]
		expect(violationsOf(facts)).toEqual(['fence 3 given twice: leases c and e', 'lock summaries: key "1": lease e granted at 2100 after c (granted at 1300) has fence 3, not larger than its 3'])
	})

	it('finds an accepted write not larger than the one accepted before it, and a lost write', () => {
		const facts = goodRun()
		facts.dbWrites = facts.dbWrites.map(w => (w.seq === 4 ? { ...w, accepted: true } : w))
		facts.clientWrites = [{ client: 'c0', chatId: 1, fence: '3', summary: 'c', accepted: true }]
		facts.rows = [{ chatId: 1, summary: 'b late', fence: pad(2) }]
		facts.dbWrites = facts.dbWrites.filter(w => w.seq !== 5)
		expect(violationsOf(facts)).toEqual([
			'write #4 to chat 1 with fence 2 was accepted after #3 with fence 3',
			"client c0's accepted write to chat 1 with fence 3 is neither the row's value nor superseded by a larger one",
		])
	})

	it('finds a write a client saw accepted that chat.db does not have, and a final row that is not the largest accepted', () => {
		const facts = goodRun()
		facts.dbWrites = facts.dbWrites.filter(w => w.seq !== 2 && w.seq !== 5)
		expect(violationsOf(facts)).toEqual([
			"client c1's accepted write to chat 1 with fence 2 is not in chat.db's writes",
			'chat 1 ends with summary "e" (fence 0000000000000000000000000000000000000005), not the largest accepted write\'s "c" (fence 0000000000000000000000000000000000000003): a write was lost',
		])
	})

	it('finds a lock\'s lease without a fence, and a semaphore\'s with one', () => {
		const facts = mutated(find => {
			find('e').fence = null
			find('s3').fence = '9'
		})
		facts.clientGrants = facts.clientGrants.filter(g => g.id !== 'e')
		facts.dbWrites = facts.dbWrites.filter(w => w.seq !== 5)
		facts.rows = [{ chatId: 1, summary: 'c', fence: pad(3) }]
		expect(violationsOf(facts)).toEqual(['semaphore exports: key "monthly": lease s3 has fence 9; a semaphore\'s has none', 'lock summaries: key "1": lease e has no fence'])
	})

	it('finds a lease released or renewed by another client than its holder, while the holder had it', () => {
		const released = mutated(find => {
			find('c').client = 'client c9'
		})
		released.history = released.history.map(r => (r.type === 'release' && r.leaseId === 'a' ? { ...r, client: 'client c9' } : r))
		expect(violationsOf(released)).toContain('lock summaries: key "1": lease a of client c0 released by client c9 at 10, while its holder had it')
		const renewed = goodRun()
		renewed.history = renewed.history.map(r => (r.type === 'renew' ? { ...r, client: 'client c0' } : r))
		expect(violationsOf(renewed)).toEqual(['lock summaries: key "1": lease b of client c1 renewed by client c0 at 300'])
	})

	it('finds one lease logged as held by two clients', () => {
		const facts = goodRun()
		facts.clientGrants.push({ client: 'c3', id: 'b', fence: '2', at: 12 })
		expect(violationsOf(facts)).toEqual(['lease b is logged as held by two clients: c1 and c3'])
	})

	it("finds a semaphore's holder that did not learn its lease ran out before the key was granted again, unless it could not run", () => {
		const never = goodRun()
		never.clientLosses = never.clientLosses.filter(l => l.id !== 's2')
		expect(violationsOf(never)).toEqual(['semaphore exports: key "monthly": client c3 never let go of lease s2 nor learned it was lost, though s4 was granted the key at 1100 and the client was running'])
		never.pauses.push({ client: 'c3', from: 1000, to: 1200, why: 'killed' })
		expect(violationsOf(never)).toEqual([])
	})

	it("holds each semaphore grant to its own limit, not the first grant's, and its holders at once to one limit", () => {
		const facts = mutated(find => {
			find('s1').limit = 3
			find('s3').grantedAt = 25
		})
		expect(violationsOf(facts)).toEqual([
			'semaphore exports: key "monthly": lease s2 granted at 20 with limit 2 while s1 held it with limit 3',
			'semaphore exports: key "monthly": lease s3 granted at 25 with limit 2 while s1 held it with limit 3',
			'semaphore exports: key "monthly": lease s3 granted at 25 while s1 (valid until 30), s2 (valid until 1020) held it; the limit is 2',
			'semaphore exports: key "monthly": client c2 was still working with lease s1 until 29 (its done line), never told it was lost, though s3 was granted the key at 25 and the client was running',
		])
	})

	it('finds history records out of time order', () => {
		const facts = goodRun()
		facts.history = facts.history.map(r => (r.type === 'renew' ? { ...r, at: 25 } : r))
		expect(violationsOf(facts)).toEqual(['history record 12 (renew at 25) is earlier than the one before it (grant at 30): the history is out of time order'])
	})

	it("finds a record lost in the middle of the history or of a client's log, and lets a killed process's last line go", () => {
		const lost = goodRun()
		// A grant no client logged and no write used: only the history itself can tell it is gone.
		lost.history = lost.history.map(r => (r.type === 'grant' && r.id === 's3' ? { type: 'unreadable', text: '{"type":"grant","at":30,"cli' } : r))
		expect(violationsOf(lost)).toEqual([
			'history line 11 is not a record ("{\\"type\\":\\"grant\\",\\"at\\":30,\\"cli"), and its server went on: a record was lost',
			"history record 11 (renew at 300) is its server's record 12, where 11 was next; 1 record is missing before it",
		])
		const killed = goodRun()
		const restart = killed.history.findIndex((r, i) => i > 0 && r.type === 'start')
		killed.history.splice(restart, 0, { type: 'unreadable', text: '{"type":"rel' })
		killed.history.push({ type: 'unreadable', text: '{"type":"gr' })
		killed.unreadableLogLines = [{ file: 'c1.0.jsonl', line: 9, last: true }]
		expect(violationsOf(killed)).toEqual([])
		killed.unreadableLogLines.push({ file: 'c2.0.jsonl', line: 3, last: false })
		expect(violationsOf(killed)).toEqual(['c2.0.jsonl line 3 is not a record, and its client went on: a record was lost'])
	})

	it('finds a lease a client holds that no server gave, or with another fence', () => {
		const facts = goodRun()
		facts.clientGrants.push({ client: 'c0', id: 'x', fence: '9', at: 50 }, { client: 'c3', id: 'e', fence: '4', at: 2101 })
		expect(violationsOf(facts)).toEqual(["client c0 holds lease x, which the servers' history never gave", 'lease e is logged as held by two clients: c2 and c3', "client c3 holds lease e with fence 4; the servers' history gave 5"])
	})
})
