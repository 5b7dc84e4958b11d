import type { HistoryRecord } from '../server/index.ts'

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

/** Everything a torture run leaves behind: the servers' histories, the clients' logs and chat.db. */
export interface TortureFacts {
	history: HistoryRecord[]
	clientGrants: { client: string; id: string; fence: string | null }[]
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
	end: number
}

/** Checks a torture run's history against what the locks promise: one holder per lock key, a semaphore's limit, growing fences, growing accepted writes, no write lost. */
export function checkTorture(facts: TortureFacts): TortureReport {
	const violations: string[] = []
	const held = leasesOf(facts.history)
	checkHolders(held, violations)
	checkFences(held, violations)
	checkClientGrants(facts, held, violations)
	checkWrites(facts, held, violations)
	return {
		grants: {
			lock: held.filter(h => h.grant.kind === 'lock').length,
			semaphore: held.filter(h => h.grant.kind === 'semaphore').length,
		},
		writes: {
			accepted: facts.dbWrites.filter(w => w.accepted).length,
			refused: facts.dbWrites.filter(w => !w.accepted).length,
		},
		servers: facts.history.filter(r => r.type === 'start').length,
		violations,
	}
}

// A lease is valid from its grant until its release, its expiry (the last renewal's), or
// the death of the server that gave it, whichever comes first; the next server's start
// comes after that death, so it bounds it.
function leasesOf(history: HistoryRecord[]): Held[] {
	const held = new Map<string, Held>()
	let incarnation = -1
	const live: Held[] = []
	const die = (at: number) => {
		for (const lease of live.splice(0)) lease.end = Math.min(lease.end, at)
	}
	for (const record of history) {
		switch (record.type) {
			case 'start':
				incarnation++
				die(record.at)
				break
			case 'close':
				die(record.at)
				break
			case 'grant': {
				const lease = { grant: record, incarnation, end: record.expiresAt }
				held.set(record.id, lease)
				live.push(lease)
				break
			}
			case 'renew': {
				const lease = held.get(record.leaseId)
				// The engine renews only a valid lease, so its time runs from here, longer or shorter.
				if (lease !== undefined) lease.end = record.expiresAt
				break
			}
			case 'release': {
				const lease = held.get(record.leaseId)
				if (lease !== undefined) lease.end = Math.min(lease.end, record.at)
				break
			}
			case 'expire':
				break
		}
	}
	return [...held.values()]
}

function placeOf(grant: Grant): string {
	return `${grant.kind} ${grant.name}: key ${JSON.stringify(grant.key)}`
}

function checkHolders(held: Held[], violations: string[]): void {
	const byKey = new Map<string, Held[]>()
	for (const lease of held) {
		const place = placeOf(lease.grant)
		let list = byKey.get(place)
		if (list === undefined) byKey.set(place, (list = []))
		list.push(lease)
	}
	for (const [place, leases] of byKey) {
		const limit = leases[0]?.grant.kind === 'lock' ? 1 : (leases[0]?.grant.limit ?? 1)
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
	const seen = new Map<string, string>()
	for (const lease of locks) {
		const fence = lease.grant.fence as string
		const other = seen.get(fence)
		if (other !== undefined) violations.push(`fence ${fence} given twice: leases ${other} and ${lease.grant.id}`)
		seen.set(fence, lease.grant.id)
	}
	// In grant order: a later server, or a later grant of one server, has a larger fence.
	const ordered = [...locks].sort((a, b) => a.incarnation - b.incarnation || a.grant.grantedAt - b.grant.grantedAt)
	let largest: Held | undefined
	for (const lease of ordered) {
		if (largest !== undefined && BigInt(lease.grant.fence as string) <= BigInt(largest.grant.fence as string)) {
			const sameTime = largest.incarnation === lease.incarnation && largest.grant.grantedAt === lease.grant.grantedAt
			if (!sameTime) {
				violations.push(`lease ${lease.grant.id} granted at ${lease.grant.grantedAt} has fence ${lease.grant.fence}, not larger than ${largest.grant.fence} of ${largest.grant.id} granted before it`)
			}
		}
		if (largest === undefined || BigInt(lease.grant.fence as string) > BigInt(largest.grant.fence as string)) largest = lease
	}
}

function checkClientGrants(facts: TortureFacts, held: Held[], violations: string[]): void {
	const byId = new Map(held.map(h => [h.grant.id, h]))
	for (const grant of facts.clientGrants) {
		const server = byId.get(grant.id)
		if (server === undefined) violations.push(`client ${grant.client} holds lease ${grant.id}, which no server's history gives`)
		else if (server.grant.fence !== grant.fence) violations.push(`client ${grant.client} holds lease ${grant.id} with fence ${grant.fence}; the server gave ${server.grant.fence}`)
	}
}

function checkWrites(facts: TortureFacts, held: Held[], violations: string[]): void {
	const fences = new Map(held.filter(h => h.grant.fence !== null).map(h => [BigInt(h.grant.fence as string), h]))
	const lastAccepted = new Map<number, DbWrite>()
	for (const write of [...facts.dbWrites].sort((a, b) => a.seq - b.seq)) {
		const lease = fences.get(BigInt(write.fence))
		if (lease === undefined || lease.grant.key !== String(write.chatId)) {
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
