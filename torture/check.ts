import { keyPlace } from '../engine/index.ts'
import type { HistoryRecord } from '../server/index.ts'

/** A line of the history that is no record: what a killed server left half-written, or damage. */
export interface UnreadableLine {
	type: 'unreadable'
	text: string
}

/** A line of the history file: a record, or a line that could not be read as one. */
export type HistoryLine = HistoryRecord | UnreadableLine

/** A line of a client's log that could not be read; only the last line of a killed client's log may be one. */
export interface UnreadableLogLine {
	file: string
	line: number
	last: boolean
}

/** A fenced write as the client that made it logged it. */
export interface ClientWrite {
	client: string
	chatId: number
	fence: string
	summary: string
	accepted: boolean
}

/** A fenced write as chat.db's writes table has it, in commit order. */
export interface DbWrite {
	seq: number
	client: string
	chatId: number
	fence: string
	summary: string
	accepted: boolean
}

/** A chat's row at the end. */
export interface FinalRow {
	chatId: number
	summary: string
	fence: string
}

/** A lease as the client that held it logged it, at its grant (client clock, ms). */
export interface ClientGrant {
	client: string
	id: string
	fence: string | null
	at: number
}

/** The moment a client learned that a lease of its was lost (its signal aborted), in its clock's ms. */
export interface ClientLoss {
	client: string
	id: string
	at: number
}

/** A time a client could not run, so could not learn of anything: stopped, killed (to the end), or blocked in a write. */
export interface Pause {
	client: string
	from: number
	to: number
	why: string
}

/** Everything a torture run leaves behind: the servers' histories, the clients' logs, the faults done to the clients, and chat.db. */
export interface TortureFacts {
	history: HistoryLine[]
	/** Lines of the clients' logs that are not records. */
	unreadableLogLines?: UnreadableLogLine[]
	clientGrants: ClientGrant[]
	clientLosses: ClientLoss[]
	pauses: Pause[]
	/** When a server was stopped (SIGSTOP to SIGCONT): it could neither read a release nor tell a holder of its loss. */
	serverStops?: { from: number; to: number }[]
	clientWrites: ClientWrite[]
	dbWrites: DbWrite[]
	rows: FinalRow[]
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
	ttl: number
}

// The clients run on this machine and read the same clock as the server (the monotonic
// wall clock, in whole ms), so their times compare with the history's; the client's
// timer fires a little before a lease's end, and a pause from a tenth of the TTL before
// it excuses a late notice.
const noticeWindow = 10

/**
 * Checks a torture run against what the locks promise: the history whole and in time order;
 * work was done; one holder per lock key and a semaphore's limit, each grant's own; fences
 * that grow, also between grants of one millisecond; no renewal of an ended lease, and no
 * release or renewal by another client than the holder; every holder, of a lock or a
 * semaphore, told of its loss before its key went on; each lease held by one client; waiters
 * served first come, first served; growing accepted writes and no write lost.
 */
export function checkTorture(facts: TortureFacts): TortureReport {
	const violations: string[] = []
	const history = readable(facts, violations)
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
	checkWorkDone(facts, report, violations)
	checkHolders(held, violations)
	checkFences(held, violations)
	checkLineOrder(history, violations)
	checkClientGrants(facts, held, violations)
	checkLossesNoticed(facts, held, violations)
	checkWrites(facts, held, violations)
	return report
}

// A server writes each record whole before it answers, so a line that is no record is one a
// killed server left half-written: its last, followed by the next server's start or by the
// end of the file. Anywhere else a record was lost, a grant perhaps. The same for a client's log.
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
	for (const line of facts.unreadableLogLines ?? []) {
		if (!line.last) violations.push(`${line.file} line ${line.line} is not a record, and its client went on: a record was lost`)
	}
	return records
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
				break
			}
			case 'end': {
				// An operator's end is a loss its holder must hear of before its key moves on, as an expiry.
				const lease = held.get(record.leaseId)
				if (lease !== undefined && record.at < lease.end) {
					lease.end = record.at
					lease.endedBy = 'ended'
				}
				break
			}
			case 'expire':
			case 'wait':
			case 'leave':
				break
		}
	})
	return [...held.values()]
}

function placeOf(grant: { kind: string; name: string; key: string }): string {
	return keyPlace(`${grant.kind} ${grant.name}`, grant.key)
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
	const groups = new Map<string, T[]>()
	for (const item of items) {
		const key = keyOf(item)
		let group = groups.get(key)
		if (group === undefined) groups.set(key, (group = []))
		group.push(item)
	}
	return groups
}

// A server that refuses every hold breaks no promise about holders: a run must show work.
function checkWorkDone(facts: TortureFacts, report: TortureReport, violations: string[]): void {
	if (report.grants.lock === 0) violations.push('no work was done: no server gave a lease of a lock')
	if (report.grants.semaphore === 0) violations.push('no work was done: no server gave a lease of a semaphore')
	if (facts.clientGrants.length === 0) violations.push('no work was done: no client logged a lease it held')
	if (report.writes.accepted === 0) violations.push('no work was done: chat.db accepted no fenced write')
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

// LOCK-04: a lease that ran out (or that an operator ended) says so to its holder before its key
// goes to another: for a lock, the next holder; for a semaphore, any grant of the key after the
// lease's end (its holder's own timer runs out before the server's, so it hears first). A
// holder that could not run then (stopped, killed, blocked in a write) cannot be told, so
// only running holders count; a lease lost with its server is the fence's to guard, and so is
// one that ran out while its server was stopped (its holder's release or renewal may be unread).
function checkLossesNoticed(facts: TortureFacts, held: Held[], violations: string[]): void {
	const holderOf = new Map(facts.clientGrants.map(g => [g.id, g.client]))
	const noticedAt = new Map(facts.clientLosses.map(l => [l.id, l.at]))
	const pausesOf = groupBy(facts.pauses, p => p.client)
	for (const [place, leases] of groupBy(held, l => `${l.incarnation} ${placeOf(l.grant)}`)) {
		const ordered = [...leases].sort((a, b) => a.order - b.order)
		ordered.forEach((lease, i) => {
			const next = lease.grant.kind === 'lock' ? ordered[i + 1] : ordered.slice(i + 1).find(other => other.grant.grantedAt >= lease.end)
			const client = holderOf.get(lease.grant.id)
			if (next === undefined || (lease.endedBy !== 'expiry' && lease.endedBy !== 'ended') || client === undefined) return
			const noticed = noticedAt.get(lease.grant.id)
			if (noticed !== undefined && noticed <= next.grant.grantedAt) return
			const from = lease.end - lease.ttl / noticeWindow
			const paused = (pausesOf.get(client) ?? []).some(p => p.from <= next.grant.grantedAt && p.to >= from)
			if (paused) return
			if ((facts.serverStops ?? []).some(stop => stop.from <= next.grant.grantedAt && stop.to >= from)) return
			const when = noticed === undefined ? 'never learned' : `learned only at ${noticed}`
			const how = lease.endedBy === 'ended' ? 'was ended by an operator' : 'ran out'
			violations.push(`${place.slice(place.indexOf(' ') + 1)}: client ${client} ${when} that lease ${lease.grant.id} ${how} at ${lease.end}, though ${next.grant.id} was granted the key at ${next.grant.grantedAt} and the client was running`)
		})
	}
}

// Each lease a client logged is one a server gave, with that fence, to that one client.
function checkClientGrants(facts: TortureFacts, held: Held[], violations: string[]): void {
	const byId = new Map(held.map(h => [h.grant.id, h]))
	const loggedBy = new Map<string, string>()
	for (const grant of facts.clientGrants) {
		const other = loggedBy.get(grant.id)
		if (other !== undefined && other !== grant.client) violations.push(`lease ${grant.id} is logged as held by two clients: ${other} and ${grant.client}`)
		loggedBy.set(grant.id, grant.client)
		const server = byId.get(grant.id)
		if (server === undefined) violations.push(`client ${grant.client} holds lease ${grant.id}, which no server's history gives`)
		else if (server.grant.fence !== grant.fence) violations.push(`client ${grant.client} holds lease ${grant.id} with fence ${grant.fence}; the server gave ${server.grant.fence}`)
	}
}

function checkWrites(facts: TortureFacts, held: Held[], violations: string[]): void {
	checkFencedWrites(facts, held.map(h => h.grant), violations)
}

/**
 * The fenced writes against the leases given (whatever gave them): each write's fence is a lease's
 * of that chat's key, accepted writes grow, every client's write is in chat.db, and none is lost.
 */
export function checkFencedWrites(
	facts: Pick<TortureFacts, 'dbWrites' | 'clientWrites' | 'rows'>,
	leases: readonly { fence: string | null; key: string }[],
	violations: string[],
): void {
	const fences = new Map(leases.filter(lease => lease.fence !== null).map(lease => [BigInt(lease.fence as string), lease]))
	const lastAccepted = new Map<number, DbWrite>()
	for (const write of [...facts.dbWrites].sort((a, b) => a.seq - b.seq)) {
		const lease = fences.get(BigInt(write.fence))
		if (lease === undefined || lease.key !== String(write.chatId)) {
			violations.push(`write #${write.seq} to chat ${write.chatId} carries fence ${BigInt(write.fence)}, which no lease of that chat's key has`)
		}
		if (!write.accepted) continue
		const before = lastAccepted.get(write.chatId)
		if (before !== undefined && BigInt(write.fence) <= BigInt(before.fence)) {
			violations.push(`write #${write.seq} to chat ${write.chatId} with fence ${BigInt(write.fence)} was accepted after #${before.seq} with fence ${BigInt(before.fence)}`)
		}
		lastAccepted.set(write.chatId, write)
	}
	const stored = new Set(facts.dbWrites.map(w => `${w.chatId} ${BigInt(w.fence)} ${w.accepted}`))
	for (const write of facts.clientWrites) {
		if (!stored.has(`${write.chatId} ${BigInt(write.fence)} ${write.accepted}`)) {
			violations.push(`client ${write.client}'s ${write.accepted ? 'accepted' : 'refused'} write to chat ${write.chatId} with fence ${BigInt(write.fence)} is not in chat.db's writes`)
		}
	}
	for (const row of facts.rows) {
		const last = lastAccepted.get(row.chatId)
		const expected = last === undefined ? { summary: '', fence: '' } : { summary: last.summary, fence: last.fence }
		if (row.fence !== expected.fence || row.summary !== expected.summary) {
			violations.push(`chat ${row.chatId} ends with summary ${JSON.stringify(row.summary)} (fence ${row.fence || 'none'}), not the largest accepted write's ${JSON.stringify(expected.summary)} (fence ${expected.fence || 'none'}): a write was lost`)
		}
	}
	for (const write of facts.clientWrites.filter(w => w.accepted)) {
		const row = facts.rows.find(r => r.chatId === write.chatId)
		if (row === undefined || row.fence === '' || BigInt(row.fence) < BigInt(write.fence)) {
			violations.push(`client ${write.client}'s accepted write to chat ${write.chatId} with fence ${BigInt(write.fence)} is neither the row's value nor superseded by a larger one`)
		}
	}
}
