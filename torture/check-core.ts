// The checks a torture run's history gets whatever backend gave its leases (a lock server, etcd): they
// read what the clients themselves logged and wrote, and trust the backend's history only for what it
// gave. Each backend's checker turns its history into `GivenLease`s and calls these.

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

/** A line a client logged about a lease of its own, in its clock's ms: its grant (with its fence), the moment it learned of its loss (its signal aborted), or the moment its work was done, just before its hold let go. */
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

/** The moment a holder's work was done, just before its hold let go of the key, in its clock's ms. */
export interface ClientDone {
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

/** What the clients of a run logged and wrote, on any backend. */
export interface ClientFacts {
	/** Lines of the clients' logs that are not records. */
	unreadableLogLines?: UnreadableLogLine[]
	/** By client: how many ms its lines' times may be off in the run's clock beyond CLOCK_SLACK_MS, as the reading of its clock left them unknown (clocks.ts); 0 where missing. */
	clockMargins?: Record<string, number>
	clientGrants: ClientGrant[]
	clientLosses: ClientLoss[]
	clientDone: ClientDone[]
	pauses: Pause[]
	clientWrites: ClientWrite[]
	dbWrites: DbWrite[]
	rows: FinalRow[]
}

/** A lease as a backend's history gave it, for the checks every backend shares. */
export interface GivenLease {
	id: string
	/** Where it is, as errors name it: `lock summaries: key "1"`. */
	place: string
	kind: 'lock' | 'semaphore'
	/** How many holders its key may have at once: 1 for a lock. */
	limit: number
	fence: string | null
	/** When it was granted at the latest, in the run's clock (ms), and how a message says so. */
	grantedBy: number
	/** When it was granted, where the backend's history says so exactly (a lock server's grant); its holder cannot have logged it earlier. */
	grantedFrom?: number
	grantedWhen: string
	/** Its place among the grants of its key, in the order the backend gave them (a history's record index, etcd's revision). */
	order: number
	/** Where, in that order, the backend says it ended (its release, expiry or end by an operator), if it did. */
	endedAt?: number
	/** Grants of one cohort can overlap: a lock server's incarnation (a new one lost the old one's leases, which the fence guards), etcd's one cluster. */
	cohort: number
	/** From when a pause of its holder excuses not learning that it ended: what the backend knows of its end, early by the holder's margin. */
	excusedFrom: number
	/** How much later than the next grant its holder may still learn of its end: an operator's end reaches it over the wire after the key moves on. */
	allowance: number
	/** How many ms its times may be off in the run's clock beyond CLOCK_SLACK_MS, as the reading of its backend's clock left them unknown (clocks.ts); 0 where missing. */
	margin?: number
}

/**
 * How far apart two processes of the run read the machine's clock, floored to whole ms: a client's line and the backend's
 * record of one moment may differ by this, and by the margins their clocks' readings leave (clocks.ts) besides.
 */
export const CLOCK_SLACK_MS = 2

/** How far apart a client's line and a backend's record of one moment may be in the run's clock: the slack and the margins of both clocks. */
function slackOf(facts: Pick<ClientFacts, 'clockMargins'>, client: string, lease: GivenLease): number {
	return CLOCK_SLACK_MS + (facts.clockMargins?.[client] ?? 0) + (lease.margin ?? 0)
}

/** Lines of the clients' logs that are not records: only a killed client's last line may be one. */
export function checkLogsReadable(facts: Pick<ClientFacts, 'unreadableLogLines'>, violations: string[]): void {
	for (const line of facts.unreadableLogLines ?? []) {
		if (!line.last) violations.push(`${line.file} line ${line.line} is not a record, and its client went on: a record was lost`)
	}
}

/** A backend that refuses every hold breaks no promise about holders: a run must show work, in the history (`history` names it) and in chat.db. */
export function checkWorkDone(facts: ClientFacts, leases: readonly GivenLease[], history: string, violations: string[]): void {
	if (!leases.some(lease => lease.kind === 'lock')) violations.push(`no work was done: ${history} has no grant of a lock`)
	if (!leases.some(lease => lease.kind === 'semaphore')) violations.push(`no work was done: ${history} has no grant of a semaphore`)
	if (facts.clientGrants.length === 0) violations.push('no work was done: no client logged a lease it held')
	if (!facts.dbWrites.some(write => write.accepted)) violations.push('no work was done: chat.db accepted no fenced write')
}

/** Each lease a client logged is one the backend gave, with that fence, to that one client. */
export function checkClientGrants(facts: Pick<ClientFacts, 'clientGrants' | 'clockMargins'>, leases: readonly GivenLease[], history: string, violations: string[]): void {
	const byId = new Map(leases.map(lease => [lease.id, lease]))
	const loggedBy = new Map<string, string>()
	for (const grant of facts.clientGrants) {
		const other = loggedBy.get(grant.id)
		if (other !== undefined && other !== grant.client) violations.push(`lease ${grant.id} is logged as held by two clients: ${other} and ${grant.client}`)
		loggedBy.set(grant.id, grant.client)
		const given = byId.get(grant.id)
		if (given === undefined) violations.push(`client ${grant.client} holds lease ${grant.id}, which ${history} never gave`)
		else if (given.fence !== grant.fence) violations.push(`client ${grant.client} holds lease ${grant.id} with fence ${grant.fence}; ${history} gave ${given.fence}`)
		// Its holder logs a lease once the answer came: a line before the grant, by more than the clocks' readings leave unknown, is a clock set wrong, or a history's time made up.
		else if (given.grantedFrom !== undefined && grant.at < given.grantedFrom - slackOf(facts, grant.client, given)) {
			// Times are whole ms: a line as many whole ms early as the slack may be the clocks'.
			violations.push(`client ${grant.client} logged lease ${grant.id} at ${grant.at}, before ${history} gave it at ${given.grantedFrom} (by more than the ${Math.floor(slackOf(facts, grant.client, given))} ms their clocks may differ): the two cannot be set side by side in time`)
		}
	}
}

/**
 * The holders' own lines against the backend's story (LOCK-01, LOCK-04): when the backend says a
 * lease ended (a release, an expiry, an operator's end), its holder must have let go (its `done`
 * line) or learned the lease was lost (its `lost` line) before the key was granted again (for a
 * lock, to the next holder; for a semaphore, any grant after), as its own log shows; a holder that
 * could not run from its lease's last stretch on (stopped, killed, blocked in a write) is excused.
 * A backend that frees a key early, or writes a release its holder never sent, is caught here by
 * what its clients saw, whatever its history says.
 */
export function checkHoldersLetGo(facts: ClientFacts, leases: readonly GivenLease[], violations: string[]): void {
	const holderOf = new Map(facts.clientGrants.map(grant => [grant.id, grant.client]))
	const doneAt = new Map(facts.clientDone.map(done => [done.id, done.at]))
	const lostAt = new Map(facts.clientLosses.map(loss => [loss.id, loss.at]))
	const pausesOf = groupBy(facts.pauses, pause => pause.client)
	for (const group of groupBy(leases, lease => `${lease.cohort} ${lease.place}`).values()) {
		const ordered = [...group].sort((a, b) => a.order - b.order)
		for (const lease of ordered) {
			const client = holderOf.get(lease.id)
			const endedAt = lease.endedAt
			if (client === undefined || endedAt === undefined) continue
			const next = ordered.find(other => other.order > endedAt)
			if (next === undefined) continue
			const stopped = Math.min(doneAt.get(lease.id) ?? Number.POSITIVE_INFINITY, lostAt.get(lease.id) ?? Number.POSITIVE_INFINITY)
			// The client's lines (and its pauses, which may be its lines) against the backend's times: each may be off by the clocks' margins.
			const margin = slackOf(facts, client, next) - CLOCK_SLACK_MS
			if (stopped <= next.grantedBy + lease.allowance + CLOCK_SLACK_MS + margin) continue
			if ((pausesOf.get(client) ?? []).some(pause => pause.from <= next.grantedBy + margin && pause.to >= lease.excusedFrom - margin)) continue
			violations.push(`${lease.place}: client ${client} ${stillAt(lease.id, doneAt, lostAt)}, though ${next.id} was granted the key ${next.grantedWhen} and the client was running`)
		}
	}
}

// What a holder's own lines say it did with its lease, told against the grant it should have come before.
function stillAt(id: string, doneAt: Map<string, number>, lostAt: Map<string, number>): string {
	const lost = lostAt.get(id)
	const done = doneAt.get(id)
	if (lost !== undefined && (done === undefined || lost <= done)) return `learned only at ${lost} that lease ${id} was lost`
	if (done !== undefined) return `was still working with lease ${id} until ${done} (its done line), never told it was lost`
	return `never let go of lease ${id} nor learned it was lost`
}

/**
 * The fenced writes against the leases given (whatever gave them): each write's fence is a lease's
 * of that chat's key, accepted writes grow, every client's write is in chat.db, and none is lost.
 */
export function checkFencedWrites(
	facts: Pick<ClientFacts, 'dbWrites' | 'clientWrites' | 'rows'>,
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

/** Items grouped by a key of theirs, groups in the order their first item came. */
export function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
	const groups = new Map<string, T[]>()
	for (const item of items) {
		const key = keyOf(item)
		let group = groups.get(key)
		if (group === undefined) groups.set(key, (group = []))
		group.push(item)
	}
	return groups
}
