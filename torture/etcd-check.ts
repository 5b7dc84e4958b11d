import { keyPlace, makeFence } from '../engine/index.ts'
import type { HistoryEvent } from '../etcd/history.ts'
import { decodeValue, parseHoldKey, type HoldValue, type Kind } from '../etcd/keys.ts'
import { checkClientGrants, checkFencedWrites, checkHoldersLetGo, checkLogsReadable, checkWorkDone, type ClientFacts, type GivenLease } from './check-core.ts'

/** Everything a torture run on etcd leaves: etcd's own history of the keys, and what the clients logged and wrote. */
export interface EtcdTortureFacts extends ClientFacts {
	/** The prefix of the run's keys, and its clock key (the run's times, put every 50 ms: what dates a revision). */
	prefix: string
	clockKey: string
	/** The TTL of the run's holds, in ms. */
	ttl: number
	/** etcd's history, every change from revision 2 (the first write) on, in revision order. */
	events: HistoryEvent[]
	/** The revision the history was read to. */
	revision: number
	unreadableHistoryLines?: number[]
}

/** What the check found: its counts, and the broken promises (which must be none). */
export interface EtcdTortureReport {
	grants: { lock: number; semaphore: number }
	writes: { accepted: number; refused: number }
	revisions: { first: number; last: number }
	violations: string[]
}

/** A hold's key in etcd's history: from its put to its delete. */
interface HoldKey {
	etcdKey: string
	line: string
	kind: Kind
	place: string
	lease: string
	createRevision: number
	value: HoldValue
	holding: boolean
	grantRevision?: number
	fence?: bigint
	deletedAt?: number
}

/**
 * Checks a torture run on etcd from etcd's own history of the keys (revisions), with the clients'
 * logs and chat.db beside it: the history whole (every revision from the first to the last) and in
 * order; work was done; one holder per lock key and each semaphore grant within its own limit,
 * shared with its holders at once; waiters served in create-revision order (a grant only to a key
 * with fewer older keys than the limit); fences of the epoch in force, growing with the revision and
 * never given twice; a hold's key, once deleted, never put again (no renewal or write of an ended
 * lease); and the checks every backend shares (check-core.ts): each lease a client logged is one etcd
 * granted, with that fence, to that one client; by the holders' own lines, a running holder done with
 * its key or told of its loss before the key was granted again; no fenced write lost.
 */
export function checkEtcdTorture(facts: EtcdTortureFacts): EtcdTortureReport {
	const violations: string[] = []
	for (const line of facts.unreadableHistoryLines ?? []) violations.push(`etcd history line ${line} is not a record: the history read after the run is damaged`)
	checkLogsReadable(facts, violations)
	const revisions = checkWhole(facts, violations)
	const holds = replay(facts, violations)
	const grants = holds.filter(h => h.grantRevision !== undefined).sort((a, b) => (a.grantRevision as number) - (b.grantRevision as number))
	const report: EtcdTortureReport = {
		grants: { lock: grants.filter(g => g.kind === 'lock').length, semaphore: grants.filter(g => g.kind === 'semaphore').length },
		writes: { accepted: facts.dbWrites.filter(w => w.accepted).length, refused: facts.dbWrites.filter(w => !w.accepted).length },
		revisions,
		violations,
	}
	const given = givenLeases(facts, grants)
	checkWorkDone(facts, given, "etcd's history", violations)
	checkFences(grants, violations)
	checkClientGrants(facts, given, "etcd's history", violations)
	checkHoldersLetGo(facts, given, violations)
	checkFencedWrites(
		facts,
		grants.filter(g => g.kind === 'lock').map(g => ({ fence: (g.fence as bigint).toString(), key: parseHoldKey(facts.prefix, g.etcdKey)?.key ?? '' })),
		violations,
	)
	return report
}

// Every revision from the first change to the revision read is in the history, in order: a change left out could be a grant.
function checkWhole(facts: EtcdTortureFacts, violations: string[]): { first: number; last: number } {
	const first = facts.events[0]?.revision ?? 0
	let last = first
	let missing = 0
	for (const event of facts.events) {
		if (event.revision < last) violations.push(`etcd history: revision ${event.revision} comes after ${last}: the history is out of order`)
		else if (event.revision > last + 1) {
			missing++
			if (missing <= 5) violations.push(`etcd history: no change at revision ${last + 1}${event.revision > last + 2 ? ` to ${event.revision - 1}` : ''}: a change is missing`)
		}
		last = Math.max(last, event.revision)
	}
	if (first !== 2 && facts.events.length > 0) violations.push(`etcd history: it starts at revision ${first}, not 2 (the first write of a new cluster): the start is missing`)
	if (last !== facts.revision) violations.push(`etcd history: it ends at revision ${last}, not ${facts.revision}, the revision it was read to: the end is missing`)
	return { first, last }
}

// Replays the history, key by key: each grant is checked against the line as etcd had it at that revision.
function replay(facts: EtcdTortureFacts, violations: string[]): HoldKey[] {
	const epochKey = `${facts.prefix}epoch`
	let epoch: string | undefined
	const alive = new Map<string, HoldKey>()
	const ever = new Map<string, HoldKey>()
	const grant = (hold: HoldKey, revision: number) => {
		const others = [...alive.values()].filter(h => h.line === hold.line && h !== hold)
		const limitOf = (h: HoldKey) => (h.kind === 'lock' ? 1 : (h.value.limit ?? 1))
		const limit = limitOf(hold)
		const otherLimit = others.find(h => limitOf(h) !== limit)
		if (otherLimit !== undefined) violations.push(`${hold.place}: lease ${hold.lease} granted at revision ${revision} with limit ${limit} while lease ${otherLimit.lease} is in line with limit ${limitOf(otherLimit)}`)
		const holders = others.filter(h => h.holding)
		if (holders.length + 1 > limit) {
			violations.push(`${hold.place}: lease ${hold.lease} granted at revision ${revision} while ${holders.map(h => `lease ${h.lease} (granted at revision ${h.grantRevision})`).join(', ')} held it; the limit is ${limit}`)
		}
		const older = others.filter(h => h.createRevision < hold.createRevision)
		const waitingOlder = older.filter(h => !h.holding)
		if (older.length >= limit && waitingOlder.length > 0) {
			const first = waitingOlder[0] as HoldKey
			violations.push(`${hold.place}: lease ${hold.lease} (in line since revision ${hold.createRevision}) was granted at revision ${revision} while lease ${first.lease} waited ahead of it since revision ${first.createRevision}: not first come, first served`)
		}
		hold.grantRevision = revision
		if (hold.kind === 'semaphore') {
			if (hold.value.epoch !== undefined) violations.push(`${hold.place}: lease ${hold.lease} of a semaphore was granted with epoch ${hold.value.epoch}; a semaphore's lease has no fence`)
			return
		}
		if (hold.value.epoch === undefined || !/^\d+$/.test(hold.value.epoch)) {
			violations.push(`${hold.place}: lease ${hold.lease} granted at revision ${revision} has no epoch, so no fence`)
			return
		}
		if (hold.value.epoch !== epoch) violations.push(`${hold.place}: lease ${hold.lease} granted at revision ${revision} with epoch ${hold.value.epoch}, while the epoch key held ${epoch ?? 'nothing'}`)
		hold.fence = makeFence(BigInt(hold.value.epoch), BigInt(revision))
	}
	for (const event of facts.events) {
		if (event.key === epochKey) {
			epoch = event.type === 'put' ? event.value : undefined
			continue
		}
		if (event.key === facts.clockKey || !event.key.startsWith(facts.prefix)) continue
		const parsed = parseHoldKey(facts.prefix, event.key)
		if (parsed === undefined) {
			violations.push(`etcd history: key ${JSON.stringify(event.key)} at revision ${event.revision} is no hold's key, though it is under the prefix ${facts.prefix}`)
			continue
		}
		const place = keyPlace(`${parsed.kind} ${parsed.name}`, parsed.key)
		if (event.type === 'delete') {
			const hold = alive.get(event.key)
			if (hold !== undefined) {
				hold.deletedAt = event.revision
				alive.delete(event.key)
			}
			continue
		}
		const value = decodeValue(Buffer.from(event.value))
		if (value === undefined) {
			violations.push(`${place}: lease ${parsed.lease}'s key was put at revision ${event.revision} with a value that is no hold's: ${JSON.stringify(event.value.slice(0, 60))}`)
			continue
		}
		const existing = alive.get(event.key)
		if (existing === undefined) {
			const before = ever.get(event.key)
			if (before !== undefined) {
				violations.push(`${place}: lease ${parsed.lease}'s key was put again at revision ${event.revision}, after it was deleted at revision ${before.deletedAt}: a renewal or write of an ended lease`)
			}
			const hold: HoldKey = {
				etcdKey: event.key,
				line: event.key.slice(0, event.key.lastIndexOf('/') + 1),
				kind: parsed.kind,
				place,
				lease: parsed.lease,
				createRevision: event.revision,
				value,
				holding: false,
			}
			alive.set(event.key, hold)
			ever.set(event.key, hold)
			if (value.state === 'holding') {
				hold.holding = true
				grant(hold, event.revision)
			}
			continue
		}
		if (existing.holding) {
			// A holder's key put again holding: moved to a new etcd lease by a renewal with a longer TTL; the grant and its fence stay.
			if (value.state !== 'holding') violations.push(`${place}: lease ${parsed.lease}'s key went from holding back to waiting at revision ${event.revision}`)
			else if (value.epoch !== existing.value.epoch) violations.push(`${place}: lease ${parsed.lease}'s key changed its epoch at revision ${event.revision}`)
			continue
		}
		if (value.state === 'holding') {
			existing.holding = true
			existing.value = value
			grant(existing, event.revision)
		}
	}
	return [...ever.values()]
}

function checkFences(grants: HoldKey[], violations: string[]): void {
	let largest: HoldKey | undefined
	const seen = new Map<bigint, HoldKey>()
	for (const hold of grants) {
		if (hold.fence === undefined) continue
		const twice = seen.get(hold.fence)
		if (twice !== undefined) violations.push(`fence ${hold.fence} given twice: leases ${twice.lease} and ${hold.lease}`)
		seen.set(hold.fence, hold)
		if (largest?.fence !== undefined && hold.fence <= largest.fence) {
			violations.push(`${hold.place}: lease ${hold.lease} granted at revision ${hold.grantRevision} has fence ${hold.fence}, not larger than ${largest.fence} of lease ${largest.lease} granted at revision ${largest.grantRevision}`)
		}
		if (largest?.fence === undefined || hold.fence > largest.fence) largest = hold
	}
}

/**
 * When a revision happened, in the run's clock (ms), from the clock key the run put every 50 ms:
 * each put's value is the time it was sent and the time the one before it was answered. A revision
 * came after the sending of every clock put before it, and before the answer to the first after it.
 */
function revisionTimes(facts: EtcdTortureFacts): { after(revision: number): number; before(revision: number): number } {
	const sent: { revision: number; at: number }[] = []
	const answered: { revision: number; at: number }[] = []
	for (const event of facts.events) {
		if (event.key !== facts.clockKey || event.type !== 'put') continue
		const value = JSON.parse(event.value) as { sentAt: number; previous?: { revision: number; answeredAt: number } }
		sent.push({ revision: event.revision, at: value.sentAt })
		if (value.previous !== undefined) answered.push({ revision: value.previous.revision, at: value.previous.answeredAt })
	}
	return {
		after: revision => sent.filter(s => s.revision < revision).at(-1)?.at ?? Number.NEGATIVE_INFINITY,
		before: revision => answered.find(a => a.revision > revision)?.at ?? Number.POSITIVE_INFINITY,
	}
}

// The grants as the checks every backend shares take them, dated from the clock key: a grant happened by the
// answer to the first clock put after it at the latest, or by its holder's own log of it when earlier; a holder
// that could not run from a TTL before its key went (from the last clock put before the delete) is excused.
function givenLeases(facts: EtcdTortureFacts, grants: HoldKey[]): GivenLease[] {
	const times = revisionTimes(facts)
	const loggedAt = new Map(facts.clientGrants.map(grant => [grant.id, grant.at]))
	return grants.map(hold => {
		const revision = hold.grantRevision as number
		const grantedBy = Math.min(times.before(revision), loggedAt.get(hold.lease) ?? Number.POSITIVE_INFINITY)
		return {
			id: hold.lease,
			place: hold.place,
			kind: hold.kind,
			limit: hold.kind === 'lock' ? 1 : (hold.value.limit ?? 1),
			fence: hold.fence === undefined ? null : hold.fence.toString(),
			grantedBy,
			grantedWhen: `at revision ${revision}, by ${grantedBy} at the latest,`,
			order: revision,
			endedAt: hold.deletedAt,
			cohort: 0,
			excusedFrom: hold.deletedAt === undefined ? Number.POSITIVE_INFINITY : times.after(hold.deletedAt) - facts.ttl,
			allowance: 0,
		}
	})
}
