import { keyPlace } from '../engine/index.ts'
import type { HistoryRecord } from '../server/index.ts'
import { checkClientGrants, checkFencedWrites, checkHoldersLetGo, checkLogsReadable, checkWorkDone, groupBy, type ClientFacts, type GivenLease } from './check-core.ts'

/** A line of the history that is no record: what a killed server left half-written, or damage. */
export interface UnreadableLine {
	type: 'unreadable'
	text: string
}

/** A line of the history file: a record, or a line that could not be read as one. */
export type HistoryLine = HistoryRecord | UnreadableLine

/** Everything a torture run leaves behind: the servers' histories, and what the clients logged and wrote (chat.db). */
export interface TortureFacts extends ClientFacts {
	history: HistoryLine[]
	/** By server, in the order of their start records: how many ms its times may be off in the run's clock beyond CLOCK_SLACK_MS (clocks.ts); 0 where missing. */
	serverMargins?: number[]
}

/** What a torture run found: its counts, and the broken promises (which must be none). */
export interface TortureReport {
	grants: { lock: number; semaphore: number }
	writes: { accepted: number; refused: number }
	servers: number
	violations: string[]
}

type Grant = Extract<HistoryRecord, { type: 'grant' }>

interface Held {
	grant: Grant
	incarnation: number
	// The grant's place in the history, which is written in the order things happened.
	order: number
	end: number
	endedBy: 'expiry' | 'release' | 'death' | 'ended'
	// The index of the record that ended it (a release, an end, an expiry), while it is the end.
	endOrder?: number
	ttl: number
}

// The clients run on this machine and read the same clock as the server (the monotonic
// wall clock, in whole ms), so their times compare with the history's; the client's
// timer fires a little before a lease's end, and a pause from a tenth of the TTL before
// it excuses a late notice.
const noticeWindow = 10

// How long an operator's end takes to reach its holder over loopback: the server tells the holder, then the key moves on at once.
const DELIVERY_MS = 100

/**
 * Checks a torture run against what the locks promise: the history whole (every server's records
 * numbered without a gap) and in time order; work was done; one holder per lock key and a
 * semaphore's limit, each grant's own; fences that grow, also between grants of one millisecond; no
 * renewal of an ended lease, and no release or renewal by another client than the holder; each lease
 * held by one client; waiters served first come, first served; and by the holders' own lines, every
 * holder, of a lock or a semaphore, done with its key or told of its loss before the key went on;
 * growing accepted writes and no write lost.
 */
export function checkTorture(facts: TortureFacts): TortureReport {
	const violations: string[] = []
	const history = readable(facts, violations)
	checkSequence(history, violations)
	checkTimeOrder(history, violations)
	const held = leasesOf(history, violations)
	const report: TortureReport = {
		grants: {
			lock: held.filter(h => h.grant.kind === 'lock').length,
			semaphore: held.filter(h => h.grant.kind === 'semaphore').length,
		},
		writes: {
			accepted: facts.dbWrites.filter(w => w.accepted).length,
			refused: facts.dbWrites.filter(w => !w.accepted).length,
		},
		servers: history.filter(r => r.type === 'start').length,
		violations,
	}
	const given = held.map(lease => givenLease(lease, facts.serverMargins?.[lease.incarnation] ?? 0))
	checkWorkDone(facts, given, "the servers' history", violations)
	checkHolders(held, violations)
	checkFences(held, violations)
	checkLineOrder(history, violations)
	checkClientGrants(facts, given, "the servers' history", violations)
	checkHoldersLetGo(facts, given, violations)
	checkFencedWrites(facts, held.map(h => h.grant), violations)
	return report
}

// A lease of the history as the checks every backend shares take it: its holder may learn of an operator's end a moment after its key moved on.
function givenLease(lease: Held, margin: number): GivenLease {
	const { id, kind, fence, grantedAt } = lease.grant
	return {
		id,
		place: placeOf(lease.grant),
		kind,
		limit: kind === 'lock' ? 1 : (lease.grant.limit ?? 1),
		fence,
		grantedBy: grantedAt,
		grantedFrom: grantedAt,
		grantedWhen: `at ${grantedAt}`,
		order: lease.order,
		endedAt: lease.endOrder,
		cohort: lease.incarnation,
		excusedFrom: lease.end - lease.ttl / noticeWindow,
		allowance: lease.endedBy === 'ended' ? DELIVERY_MS : 0,
		margin,
	}
}

// A server writes each record whole before it answers, and cuts off at its start a line a killed server
// left half-written; so a line that is no record is a killed server's last, followed by the end of
// the file. Anywhere else a record was lost, a grant perhaps. The same for a client's log.
function readable(facts: TortureFacts, violations: string[]): HistoryRecord[] {
	const records: HistoryRecord[] = []
	facts.history.forEach((line, i) => {
		if (line.type !== 'unreadable') {
			records.push(line)
			return
		}
		const next = facts.history[i + 1]
		if (next === undefined || next.type === 'start') return
		violations.push(`history line ${i + 1} is not a record (${JSON.stringify(line.text.slice(0, 60))}), and its server went on: a record was lost`)
	})
	checkLogsReadable(facts, violations)
	return records
}

// Each server numbers its records from 1, its start, with no gap: a number missing is a record lost (a release,
// a renewal, an expiry that contradicts nothing else), and a gap record says the server let records go.
function checkSequence(history: HistoryRecord[], violations: string[]): void {
	let next: number | undefined
	history.forEach((record, i) => {
		if (record.type === 'start') next = 1
		if (record.type === 'gap') violations.push(`history record ${i + 1}: its server could not write ${record.missing} records and let them go`)
		if (typeof record.seq !== 'number') {
			violations.push(`history record ${i + 1} (${record.type} at ${record.at}) has no sequence number`)
			if (next !== undefined) next++
			return
		}
		if (next !== undefined && record.seq !== next) {
			const missing = record.seq > next ? `; ${record.seq - next} record${record.seq - next === 1 ? ' is' : 's are'} missing before it` : ''
			violations.push(`history record ${i + 1} (${record.type} at ${record.at}) is its server's record ${record.seq}, where ${next} was next${missing}`)
		}
		next = record.seq + 1
	})
}

// One server writes its records as things happen, on one clock: each is no earlier than the one before.
// Servers after one another may read the clock a little apart, so each is held to its own lines.
function checkTimeOrder(history: HistoryRecord[], violations: string[]): void {
	let last: HistoryRecord | undefined
	history.forEach((record, i) => {
		if (record.type !== 'start' && last !== undefined && record.at < last.at) {
			violations.push(`history record ${i + 1} (${record.type} at ${record.at}) is earlier than the one before it (${last.type} at ${last.at}): the history is out of time order`)
		}
		last = record
	})
}

// A lease is valid from its grant until its release, its end by an operator, its expiry (the
// last renewal's), or the death of the server that gave it, whichever comes first; the next
// server's start comes after that death, so it bounds it. Only its holder's client releases or renews it.
function leasesOf(history: HistoryRecord[], violations: string[]): Held[] {
	const held = new Map<string, Held>()
	let incarnation = -1
	const live: Held[] = []
	const die = (at: number) => {
		for (const lease of live.splice(0)) {
			if (at < lease.end) {
				lease.end = at
				lease.endedBy = 'death'
			}
		}
	}
	history.forEach((record, order) => {
		switch (record.type) {
			case 'start':
				incarnation++
				die(record.at)
				break
			case 'close':
				die(record.at)
				break
			case 'grant': {
				const lease: Held = { grant: record, incarnation, order, end: record.expiresAt, endedBy: 'expiry', ttl: record.ttl }
				held.set(record.id, lease)
				live.push(lease)
				break
			}
			case 'renew': {
				const lease = held.get(record.leaseId)
				if (lease === undefined) break
				if (record.client !== lease.grant.client) {
					violations.push(`${placeOf(lease.grant)}: lease ${lease.grant.id} of ${lease.grant.client} renewed by ${record.client} at ${record.at}`)
				}
				// The engine counts the new expiry from the moment it found the lease valid.
				const renewedAt = record.expiresAt - record.ttl
				if (renewedAt >= lease.end) {
					const how = { expiry: 'ran out', release: 'was released', death: 'lost its server', ended: 'was ended by an operator' }[lease.endedBy]
					violations.push(`${placeOf(lease.grant)}: lease ${lease.grant.id} renewed at ${renewedAt}, after it ${how} at ${lease.end}`)
					break
				}
				lease.end = record.expiresAt
				lease.endedBy = 'expiry'
				lease.endOrder = undefined
				lease.ttl = record.ttl
				break
			}
			case 'release': {
				const lease = held.get(record.leaseId)
				if (lease !== undefined && record.client !== lease.grant.client) {
					violations.push(`${placeOf(lease.grant)}: lease ${lease.grant.id} of ${lease.grant.client} released by ${record.client} at ${record.at}, while its holder had it`)
				}
				if (lease !== undefined && record.at < lease.end) {
					lease.end = record.at
					lease.endedBy = 'release'
				}
				if (lease !== undefined && lease.endedBy === 'release') lease.endOrder = order
				break
			}
			case 'end': {
				// An operator's end is a loss its holder must hear of before its key moves on, as an expiry.
				const lease = held.get(record.leaseId)
				if (lease !== undefined && record.at < lease.end) {
					lease.end = record.at
					lease.endedBy = 'ended'
				}
				if (lease !== undefined && lease.endedBy === 'ended') lease.endOrder = order
				break
			}
			case 'expire': {
				const lease = held.get(record.leaseId)
				if (lease !== undefined && lease.endedBy === 'expiry') lease.endOrder = order
				break
			}
			case 'wait':
			case 'leave':
			case 'gap':
				break
		}
	})
	return [...held.values()]
}

function placeOf(grant: { kind: string; name: string; key: string }): string {
	return keyPlace(`${grant.kind} ${grant.name}`, grant.key)
}

// Each grant is held to its own limit (a lock's is 1), and a semaphore's holders at once must share one.
function checkHolders(held: Held[], violations: string[]): void {
	const limitOf = (lease: Held) => (lease.grant.kind === 'lock' ? 1 : (lease.grant.limit ?? 1))
	for (const [place, leases] of groupBy(held, l => placeOf(l.grant))) {
		// A sweep over the intervals [grant, end): ends come before grants at the same time.
		const events = leases.flatMap(l => [
			{ at: l.grant.grantedAt, delta: 1, lease: l },
			{ at: l.end, delta: -1, lease: l },
		])
		events.sort((a, b) => a.at - b.at || a.delta - b.delta)
		const valid = new Set<Held>()
		for (const event of events) {
			if (event.delta < 0) {
				valid.delete(event.lease)
				continue
			}
			if (event.lease.end <= event.lease.grant.grantedAt) continue
			valid.add(event.lease)
			const limit = limitOf(event.lease)
			const otherLimit = [...valid].find(l => limitOf(l) !== limit)
			if (otherLimit !== undefined) {
				violations.push(`${place}: lease ${event.lease.grant.id} granted at ${event.at} with limit ${limit} while ${otherLimit.grant.id} held it with limit ${limitOf(otherLimit)}`)
			}
			if (valid.size > limit) {
				const others = [...valid].filter(l => l !== event.lease).map(l => `${l.grant.id} (valid until ${l.end})`)
				violations.push(`${place}: lease ${event.lease.grant.id} granted at ${event.at} while ${others.join(', ')} held it; the limit is ${limit}`)
			}
		}
	}
}

function checkFences(held: Held[], violations: string[]): void {
	for (const lease of held) {
		if (lease.grant.kind === 'lock' && lease.grant.fence === null) violations.push(`${placeOf(lease.grant)}: lease ${lease.grant.id} has no fence`)
		if (lease.grant.kind === 'semaphore' && lease.grant.fence !== null) violations.push(`${placeOf(lease.grant)}: lease ${lease.grant.id} has fence ${lease.grant.fence}; a semaphore's has none`)
	}
	const locks = held.filter(h => h.grant.kind === 'lock' && h.grant.fence !== null)
	const fenceOf = (lease: Held) => BigInt(lease.grant.fence as string)
	const seen = new Map<string, string>()
	for (const lease of locks) {
		const fence = lease.grant.fence as string
		const other = seen.get(fence)
		if (other !== undefined) violations.push(`fence ${fence} given twice: leases ${other} and ${lease.grant.id}`)
		seen.set(fence, lease.grant.id)
	}
	// One key's grants are in the history in the order the engine gave them, so there the
	// order holds to the record, also within one millisecond.
	const inOrder = (a: Held, b: Held) => a.incarnation - b.incarnation || a.order - b.order
	for (const [place, leases] of groupBy(locks, l => placeOf(l.grant))) {
		let largest: Held | undefined
		for (const lease of [...leases].sort(inOrder)) {
			if (largest !== undefined && fenceOf(lease) <= fenceOf(largest)) {
				violations.push(`${place}: lease ${lease.grant.id} granted at ${lease.grant.grantedAt} after ${largest.grant.id} (granted at ${largest.grant.grantedAt}) has fence ${lease.grant.fence}, not larger than its ${largest.grant.fence}`)
			}
			if (largest === undefined || fenceOf(lease) > fenceOf(largest)) largest = lease
		}
	}
	// Across keys a waiter's grant reaches the history a few promise turns after the engine
	// gave it, so there the order holds between milliseconds and between servers.
	const ordered = [...locks].sort((a, b) => a.incarnation - b.incarnation || a.grant.grantedAt - b.grant.grantedAt)
	let largest: Held | undefined
	for (const lease of ordered) {
		if (largest !== undefined && fenceOf(lease) <= fenceOf(largest)) {
			const sameTime = largest.incarnation === lease.incarnation && largest.grant.grantedAt === lease.grant.grantedAt
			const sameKey = placeOf(largest.grant) === placeOf(lease.grant)
			if (!sameTime && !sameKey) {
				violations.push(`lease ${lease.grant.id} granted at ${lease.grant.grantedAt} has fence ${lease.grant.fence}, not larger than ${largest.grant.fence} of ${largest.grant.id} granted before it`)
			}
		}
		if (largest === undefined || fenceOf(lease) > fenceOf(largest)) largest = lease
	}
}

// First come, first served (LOCK-01): a key goes to the hold that has waited longest, and
// never to a newcomer while a hold waits. A server's death empties every line.
function checkLineOrder(history: HistoryRecord[], violations: string[]): void {
	// A request id names a hold of its client only: a hold is its client and its request id.
	const holdOf = (record: { client: string; requestId: string }) => `hold ${record.requestId} of ${record.client}`
	const lines = new Map<string, { hold: string; at: number }[]>()
	const placeOfHold = new Map<string, string>()
	for (const record of history) {
		if (record.type === 'start' || record.type === 'close') {
			lines.clear()
			placeOfHold.clear()
		} else if (record.type === 'wait') {
			const place = placeOf(record)
			let line = lines.get(place)
			if (line === undefined) lines.set(place, (line = []))
			line.push({ hold: holdOf(record), at: record.at })
			placeOfHold.set(holdOf(record), place)
		} else if (record.type === 'leave') {
			const hold = holdOf(record)
			const place = placeOfHold.get(hold)
			const line = place === undefined ? undefined : lines.get(place)
			const at = line?.findIndex(w => w.hold === hold) ?? -1
			if (at >= 0) line?.splice(at, 1)
		} else if (record.type === 'grant') {
			const place = placeOf(record)
			const hold = holdOf(record)
			const line = lines.get(place) ?? []
			const at = line.findIndex(w => w.hold === hold)
			const first = line[0]
			if (first !== undefined && at !== 0) {
				const how = at < 0 ? 'without waiting' : `after waiting since ${line[at]?.at}`
				violations.push(`${place}: ${hold} was served at ${record.at} ${how}, while ${first.hold} waited ahead of it since ${first.at}: not first come, first served`)
			}
			if (at >= 0) line.splice(at, 1)
		}
	}
}
