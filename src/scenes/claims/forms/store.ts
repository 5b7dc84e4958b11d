/** Claims about a lock store and the scene's clock: restarts, epochs, backups and restores, time passing. */
import type { ClaimContext, ClaimForm, Slot, Verdict } from '../form.ts'
import { actorOf, bigOf, fails, happened, holds, leaseEnds, leasesLive, numberOf, runSteps, saw, storeFor, time, unused } from '../query.ts'
import type { Of } from '../query.ts'
import { stillFull } from './holding.ts'

const STORY = ['caption', 'note'] as const

/** The restarts of the store slot `store` names (the only store when undefined) in this step. */
/**
 * The leases of the scene's store that were live right before its restart in this step, and the loss of each at it: a
 * restart "loses every lease" or "both leases" when each was gone at that moment. Refused when the store did not
 * restart, no lease was live, or one outlived it; `count` asks for exactly that many live leases ("both": 2).
 */
function lostInRestart(context: ClaimContext, count?: { n: number; word: string }): Verdict {
	const store = storeFor(context, undefined)
	if (typeof store === 'string') return fails(store)
	const restart = happened(context.step, 'restarted', h => h.store === store.id)[0]
	if (!restart) return fails(`${context.name(store.id)} did not restart in this step`)
	// Leases, not workers: a worker whose process crashed and restarted may hold two (its crashed process's old lease and its new one).
	const live = leasesLive(context.run, restart, h => h.store === store.id)
	if (count === undefined && live.length === 0) return fails(`no lease of ${context.name(store.id)} was live when it restarted, at ${time(restart.at)}`)
	const twice = live.find((grant, i) => live.findIndex(other => other.worker === grant.worker) !== i)
	const two = twice === undefined ? '' : ` (${context.name(twice.worker)} held two: its crashed process's old lease and its restarted process's new one)`
	if (count !== undefined && live.length !== count.n) return fails(`"${count.word}" says ${count.n === 2 ? 'two' : count.n} leases of ${context.name(store.id)} were live when it restarted, at ${time(restart.at)}, but ${live.length === 0 ? 'none was' : live.length === 1 ? 'one was' : `${live.length} were`}${two}`)
	const ends = leaseEnds(context.run)
	const gone = live.map(grant => happened(context.step, 'gone', h => h.at === restart.at && ends.get(h) === grant)[0])
	const kept = live.find((_grant, i) => gone[i] === undefined)
	if (kept !== undefined) return fails(`${context.name(kept.worker)}'s lease survived the restart at ${time(restart.at)}`)
	return holds([saw(context.step, restart), ...gone.map(h => saw(context.step, h as Of<'gone'>))], restart.at)
}

function restarts(slots: readonly Slot[], context: ClaimContext, store?: number): Of<'restarted'>[] | string {
	const id = store === undefined ? storeFor(context, undefined) : actorOf(slots[store])
	const storeId = typeof id === 'string' ? id : id.id
	if (typeof id !== 'string' || context.world.stores.has(storeId)) return unused(context, happened(context.step, 'restarted', h => h.store === storeId))
	return id
}

function restarted(slots: readonly Slot[], context: ClaimContext, times?: number): Verdict {
	const found = restarts(slots, context, 0)
	if (typeof found === 'string') return fails(found, 0)
	const store = actorOf(slots[0])
	const wanted = times ?? 1
	if (found.length === 0) return fails(`${context.name(store)} did not restart in this step`, 0)
	if (times === undefined) return holds([saw(context.step, found[0] as Of<'restarted'>)], found[0]?.at)
	if (found.length !== wanted) return fails(`${context.name(store)} restarted ${found.length === 1 ? 'once' : found.length === 2 ? 'twice' : `${found.length} times`} in this step`, 0)
	return holds(found.map(h => saw(context.step, h)), found[0]?.at)
}

/** The opens of a store in this step (restarts and restores), in order. */
function opens(context: ClaimContext, store?: string): (Of<'restarted'> | Of<'restored'>)[] {
	return unused(
		context,
		context.step.happenings.filter((h): h is Of<'restarted'> | Of<'restored'> => (h.kind === 'restarted' || h.kind === 'restored') && (store === undefined || h.store === store)),
	)
}

function clockReads(slots: readonly Slot[], context: ClaimContext, still: boolean): Verdict {
	const wanted = numberOf(slots[0])
	if (context.world.time !== wanted) return fails(`the clock reads ${time(context.world.time)} when the step ends`, 0)
	if (still && context.step.start.time !== wanted) return fails(`the clock read ${time(context.step.start.time)} when the step began, so it does not still read ${time(wanted)}`, 0)
	return { ...holds([{ kind: 'clock', at: context.world.time }], context.world.time), said: { clock: { reads: context.world.time } } } as Verdict
}

/** The clock moved on by the slot's duration in this step, by its waits or while a worker waited for the key. */
function elapsed(slots: readonly Slot[], context: ClaimContext, slot: number): Verdict {
	const moved = context.step.end.time - context.step.start.time
	const wanted = numberOf(slots[slot])
	if (moved !== wanted) return fails(moved === 0 ? 'the clock does not move in this step' : `the clock moves on by ${time(moved)} in this step, from ${time(context.step.start.time)} to ${time(context.step.end.time)}`, slot)
	// It tells the clock up to the step's end: "5 s later" after it counts from there; no event of the step is its place, so "then" after it orders nothing.
	return { ...holds([{ kind: 'clock', at: context.step.end.time }], context.step.end.time), said: { clock: { moved: true } } } as Verdict
}

/**
 * The step's waits (a test's `clock.advance`, or the scene's `wait`) move the clock on by the slot's
 * duration, and the clock moves by nothing else in the step: a grant that made time run on past the
 * test's advance is time the test did not move.
 */
function passed(slots: readonly Slot[], context: ClaimContext, slot: number): Verdict {
	const waits = happened(context.step, 'waited')
	const total = waits.reduce((sum, h) => sum + h.ms, 0)
	const wanted = numberOf(slots[slot])
	if (waits.length === 0) return fails('the scene moves its clock on in no wait in this step', slot)
	if (total !== wanted) return fails(`the step's waits move the clock on by ${time(total)}`, slot)
	const moved = context.step.end.time - context.step.start.time
	if (moved !== total) return fails(`the clock moves on by ${time(moved)} in this step, from ${time(context.step.start.time)} to ${time(context.step.end.time)}: ${time(total)} by the test, and ${time(moved - total)} more while the engine ran on (a lease running out, a wait for the key)`, slot)
	return { ...holds(waits.map(h => saw(context.step, h)), context.step.end.time), said: { clock: { moved: true } } } as Verdict
}

type Opened = Of<'restarted'> | Of<'restored'>

/**
 * "The epoch changes (to 5000)": the scene's one store's openings in this step (restarts and restores) that changed its epoch, at
 * least one; else why there are none (no store, no opening, or openings that kept the epoch).
 */
function epochChanges(context: ClaimContext): Opened[] | Verdict {
	const store = storeFor(context, undefined)
	if (typeof store === 'string') return fails(store)
	const opens = context.step.happenings.filter((h): h is Opened => (h.kind === 'restarted' || h.kind === 'restored') && h.store === store.id)
	const first = opens[0]
	if (first === undefined) return fails(`${context.name(store.id)} did not open again in this step (no restart or restore)`)
	const changed = opens.filter(h => h.epoch !== h.epochBefore)
	if (changed.length === 0) return fails(`${context.name(store.id)} opened again at ${time(first.at)} with epoch ${first.epoch}, the epoch it had before: it did not change`)
	return changed
}

export const STORE_FORMS: readonly ClaimForm[] = [
	{
		id: 'restarts',
		places: STORY,
		tells: 'event',
		formula: "restarted(s) ∈ step",
		each: 'restart',
		pattern: '{store} restarts', alternatives: ["{store} reboots", "{store} is restarted"],
		example: 'the lock server restarts',
		meaning: 'The store crashed and opened again on its kv.db in this step.',
		check: (slots, context) => restarted(slots, context),
	},
	{
		id: 'restarts-twice',
		places: STORY,
		tells: 'event',
		formula: "exactly 2 restarted(s) ∈ step",
		each: 'restart',
		pattern: '{store} restarts twice',
		example: 'the store restarts twice',
		meaning: 'The store crashed and opened again twice in this step.',
		check: (slots, context) => restarted(slots, context, 2),
	},
	{
		id: 'restarts-times',
		places: STORY,
		tells: 'event',
		formula: "exactly n restarted(s) ∈ step",
		each: 'restart',
		pattern: '{store} restarts {count} times',
		example: 'the store restarts 3 times',
		meaning: 'The store crashed and opened again that many times in this step.',
		check: (slots, context) => restarted(slots, context, numberOf(slots[1])),
	},
	{
		id: 'crashes-and-opens-again',
		places: STORY,
		tells: 'event',
		formula: "restarted(s) ∈ step",
		each: 'restart',
		pattern: '{store} crashes and opens( its store) again',
		example: 'the lock server crashes and opens its store again',
		meaning: 'The store crashed and opened again on its kv.db in this step.',
		check: (slots, context) => restarted(slots, context),
	},
	{
		id: 'restart-loses-every-lease',
		places: STORY,
		tells: 'event',
		formula: "restarted(s) ∈ step, with ≥ 1 lease of s live before it, and gone(v) at it for each",
		pattern: 'the restart loses every lease', alternatives: ["the restart loses all( the) leases", "the restart ends every lease", "every lease is lost/gone with the restart", "every lease is lost/gone", "all( the) leases are lost/gone", "no lease survives the restart"],
		example: 'the restart loses every lease',
		meaning: "The store restarted in this step, at least one lease of it was live before, and every one was gone with the restart. \"every lease is lost\" says the same: it tells the loss of this step's restart, and is refused in a step where the store did not restart.",
		check(_slots, context) {
			return lostInRestart(context)
		},
	},
	{
		id: 'restart-loses-both-leases',
		places: STORY,
		tells: 'event',
		formula: "restarted(s) ∈ step, with exactly 2 leases of s live before it, and gone(v) at it for each",
		pattern: 'both leases are lost', alternatives: ["both leases are lost/gone", "both leases are lost/gone with the restart", "the restart loses both leases", "the restart ends both leases"],
		example: 'both leases are lost',
		meaning: "The store restarted in this step, exactly two leases of it were live right before, and both were gone with the restart: \"both\" says there were two, counted as leases, not workers (a restarted worker's old lease and its new one are two). It is refused of one lease, of three or more, and in a step where the store did not restart.",
		check(_slots, context) {
			return lostInRestart(context, { n: 2, word: 'both leases' })
		},
	},
	{
		id: 'opens-again',
		places: STORY,
		tells: 'event',
		formula: "restarted(s) ∈ step, or restored(s) ∈ step with epoch > the epoch before it",
		each: 'open',
		pattern: '{store} opens again', alternatives: ['{store} comes back( up)', '{store} is back( up)'],
		example: 'the store opens again',
		meaning: 'The store opened again in this step with a larger epoch than before: a restart, or a restore whose epoch went up (a restore to a smaller epoch, whose fences go down, is told as a restore).',
		check(slots, context) {
			const store = actorOf(slots[0])
			const found = opens(context, store)
			const open = found[0]
			if (!open) return fails(`${context.name(store)} did not open again in this step`, 0)
			if (open.epoch <= open.epochBefore) return fails(`${context.name(store)} opened on the backup's copy with epoch ${open.epoch}, down from ${open.epochBefore}: its fences go down; tell the restore ("kv.db is restored from the backup")`, 0)
			return holds([saw(context.step, open)], open.at)
		},
	},
	{
		id: 'opens-again-with-epoch',
		places: STORY,
		tells: 'event',
		formula: "restarted(s) or restored(s) ∈ step with epoch e > the epoch before it",
		each: 'open',
		pattern: '{store} opens again with epoch {epoch}', alternatives: ["{store} opens again at epoch {epoch}", "{store} opens again, with epoch {epoch}", "{store} comes back( up) with epoch {epoch}", "{store} comes back( up) with a new epoch, {epoch}", "{store} opens again with a new epoch, {epoch}"],
		example: 'the store opens again with epoch 5000',
		meaning: 'The store opened again in this step with that epoch, larger than its epoch before: a restart, or a restore whose epoch went up (a restore to a smaller epoch, whose fences go down, is told as a restore).',
		check(slots, context) {
			const verdict = wroteEpoch(slots, context, false)
			if (!verdict.ok) return verdict
			const open = opens(context, actorOf(slots[0])).find(h => h.epoch === bigOf(slots[1])) as Of<'restarted'> | Of<'restored'>
			if (open.epoch <= open.epochBefore) return fails(`${context.name(open.store)} opened on the backup's copy with epoch ${open.epoch}, down from ${open.epochBefore}: its fences go down; tell the restore ("kv.db is restored from the backup")`, 1)
			return verdict
		},
	},
	{
		id: 'writes-epoch',
		places: STORY,
		tells: 'event',
		formula: "restarted(s) or restored(s) ∈ step with epoch e",
		each: 'epoch-written',
		pattern: '{store} writes epoch {epoch}', alternatives: ["{store} sets/records epoch {epoch}", "{store} opens at/with epoch {epoch}"],
		example: 'the lock server writes epoch 5000',
		meaning: 'The store opened again in this step and wrote that epoch to kv.db.',
		check: (slots, context) => wroteEpoch(slots, context, false),
	},
	{
		id: 'writes-epoch-time',
		places: STORY,
		tells: 'event',
		formula: "restarted(s) or restored(s) ∈ step with epoch e = the clock in ms when it opened",
		each: 'epoch-written',
		pattern: '{store} writes epoch {epoch}, the time in milliseconds',
		example: 'the lock server writes epoch 5000, the time in milliseconds',
		meaning: 'The store opened again in this step and wrote that epoch, which is the clock in milliseconds when it opened.',
		check: (slots, context) => wroteEpoch(slots, context, true),
	},
	{
		id: 'each-open-plus-one',
		places: STORY,
		tells: 'event',
		formula: "exactly 2 opens ∈ step, each with epoch = the epoch before it + 1: e1, then e2",
		each: 'opens-plus-one',
		pattern: 'each open writes the epoch before it plus one: {epoch}, then {epoch}',
		example: 'each open writes the epoch before it plus one: 1, then 2',
		meaning: "The store opened twice in this step, and each open's epoch was the one before it plus one: those two.",
		check(slots, context) {
			const found = opens(context)
			if (found.length !== 2) return fails(`the store opened ${found.length === 1 ? 'once' : `${found.length} times`} in this step`)
			for (const [i, open] of found.entries()) {
				const before = open.kind === 'restarted' ? open.epochBefore : open.backupEpoch
				if (open.epoch !== before + 1n) return fails(`the ${i === 0 ? 'first' : 'second'} open wrote epoch ${open.epoch}, and the epoch before it was ${before}`, i)
				if (open.epoch !== bigOf(slots[i])) return fails(`the ${i === 0 ? 'first' : 'second'} open wrote epoch ${open.epoch}`, i)
			}
			return holds(found.map(h => saw(context.step, h)), found[0]?.at)
		},
	},
	{
		id: 'open-plus-one',
		places: STORY,
		tells: 'event',
		formula: "exactly 1 open ∈ step, with epoch = the epoch before it + 1 = e",
		each: 'opens-plus-one',
		pattern: 'the open writes the epoch before it plus one: {epoch}',
		example: 'the open writes the epoch before it plus one: 2',
		meaning: "The store opened once in this step, and that open's epoch was the one before it plus one: that one.",
		check(slots, context) {
			const found = opens(context)
			const open = found[0]
			if (found.length !== 1 || !open) return fails(`the store opened ${found.length === 0 ? 'no time' : `${found.length} times`} in this step; tell each open`)
			const before = open.kind === 'restarted' ? open.epochBefore : open.backupEpoch
			if (open.epoch !== before + 1n) return fails(`the open wrote epoch ${open.epoch}, and the epoch before it was ${before}`, 0)
			if (open.epoch !== bigOf(slots[0])) return fails(`the open wrote epoch ${open.epoch}`, 0)
			return holds([saw(context.step, open)], open.at)
		},
	},
	{
		id: 'epoch-is',
		places: STORY,
		tells: 'state',
		formula: "epoch(s, t) = e for every store s",
		pattern: 'the epoch is {epoch}',
		example: 'the epoch is 1000',
		meaning: "The store's epoch is that number when the step ends; in a scene of several stores, every store's epoch is.",
		check(slots, context) {
			const stores = [...context.world.stores.values()]
			if (stores.length === 0) return fails('this scene has no lock store')
			const epoch = bigOf(slots[0])
			const other = stores.find(store => store.epoch !== epoch)
			if (other) {
				const which = stores.length > 1 ? `; to speak of one store, write "the epoch of ${context.name(other.id)} is ${other.epoch}"` : ''
				return fails(`${context.name(other.id)}'s epoch is ${other.epoch}${which}`, 0)
			}
			return holds(stores.map(store => ({ kind: 'epoch' as const, store: store.id, at: context.world.time, epoch: store.epoch.toString() })), context.world.time)
		},
	},
	{
		id: 'new-epoch-is',
		places: STORY,
		tells: 'state',
		// Never offered: where it holds, "the epoch is …" says the same number, and a writer told of the epoch is told that.
		quiet: true,
		formula: "epoch(s, t) = e for every store s, and each s restarted or was restored in this step or before",
		pattern: 'the new epoch is {epoch}', alternatives: ['its new epoch is {epoch}'],
		example: 'the new epoch is 5000',
		meaning: "The store opened again (a restart or a restore) in this step or an earlier one, and its epoch is that number when the step ends; in a scene of several stores, every store's is.",
		check(slots, context) {
			const stores = [...context.world.stores.values()]
			if (stores.length === 0) return fails('this scene has no lock store')
			const upTo = runSteps(context.run).filter(step => step.index <= context.step.index)
			const unopened = stores.find(store => !upTo.some(step => step.happenings.some(h => (h.kind === 'restarted' || h.kind === 'restored') && h.store === store.id)))
			if (unopened) return fails(`${context.name(unopened.id)} has not opened again (no restart or restore) by this step: its epoch ${unopened.epoch} is its first, not a new one`, 0)
			const epoch = bigOf(slots[0])
			const other = stores.find(store => store.epoch !== epoch)
			if (other) return fails(`${context.name(other.id)}'s new epoch is ${other.epoch}`, 0)
			return holds(stores.map(store => ({ kind: 'epoch' as const, store: store.id, at: context.world.time, epoch: store.epoch.toString() })), context.world.time)
		},
	},
	{
		id: 'epoch-of-store-is',
		places: STORY,
		tells: 'state',
		formula: "epoch(s, t) = e",
		pattern: 'the epoch of {store} is {epoch}',
		example: 'the epoch of the lock server is 1000',
		meaning: "That store's epoch is that number when the step ends.",
		check(slots, context) {
			const id = actorOf(slots[0])
			const store = context.world.stores.get(id)
			if (!store) return fails(`${context.name(id)} is no lock store`, 0)
			if (store.epoch !== bigOf(slots[1])) return fails(`${context.name(store.id)}'s epoch is ${store.epoch}`, 1)
			return holds([{ kind: 'epoch', store: store.id, at: context.world.time, epoch: store.epoch.toString() }], context.world.time)
		},
	},
	{
		id: 'epoch-changes',
		places: STORY,
		tells: 'event',
		formula: "restarted(s) or restored(s) ∈ step with epoch ≠ epoch(s) before it (the scene's one store)",
		pattern: 'the epoch changes', alternatives: ['its epoch changes', "the store's epoch changes", 'the epoch is changed'],
		example: 'the epoch changes',
		meaning: "The store (the scene's one lock store) opened again in this step, a restart or a restore, with an epoch other than the one it had before: larger or smaller, a restore's may be either.",
		check(_slots, context) {
			const changed = epochChanges(context)
			if (!Array.isArray(changed)) return changed
			const first = changed[0] as Opened
			return holds([saw(context.step, first)], first.at)
		},
	},
	{
		id: 'epoch-changes-to',
		places: STORY,
		tells: 'event',
		// Never offered: where it holds, "the epoch changes" and "the epoch is …" say it, and a writer is told those.
		quiet: true,
		formula: "restarted(s) or restored(s) ∈ step with epoch = e ≠ epoch(s) before it (the scene's one store)",
		pattern: 'the epoch changes to {epoch}', alternatives: ['its epoch changes to {epoch}', "the store's epoch changes to {epoch}", 'the epoch is changed to {epoch}'],
		example: 'the epoch changes to 5000',
		meaning: "The store (the scene's one lock store) opened again in this step, a restart or a restore, with that epoch, other than the one it had before.",
		check(slots, context) {
			const changed = epochChanges(context)
			if (!Array.isArray(changed)) return changed
			const epoch = bigOf(slots[0])
			const to = changed.find(h => h.epoch === epoch)
			if (to === undefined) return fails(`${context.name((changed[0] as Opened).store)}'s epoch changed to ${changed.map(h => h.epoch).join(' and ')} at ${time(changed[0]!.at)}, not ${epoch}`, 0)
			return holds([saw(context.step, to)], to.at)
		},
	},
	{
		id: 'epoch-is-larger',
		places: STORY,
		tells: 'state',
		formula: "epoch(s, t) > the epoch before its last open ∈ run",
		pattern: 'the epoch is larger',
		example: 'the epoch is larger',
		meaning: "The store opened again in this scene, and its epoch now is larger than before its last open.",
		check(_slots, context) {
			const store = storeFor(context, undefined)
			if (typeof store === 'string') return fails(store)
			const opens = runSteps(context.run)
				.filter(s => s.index <= context.step.index)
				.flatMap(s => s.happenings.filter((h): h is Of<'restarted'> | Of<'restored'> => (h.kind === 'restarted' || h.kind === 'restored') && h.store === store.id).map(h => ({ h, s })))
			const last = opens[opens.length - 1]
			if (!last) return fails(`${context.name(store.id)} has not opened again in this scene`)
			const before = last.h.epochBefore
			if (!(store.epoch > before)) return fails(`${context.name(store.id)}'s epoch ${store.epoch} is not larger than ${before}, its epoch before its last open`)
			return holds([saw(last.s, last.h), { kind: 'epoch', store: store.id, at: context.world.time, epoch: store.epoch.toString() }])
		},
	},
	{
		id: 'backup',
		places: STORY,
		tells: 'event',
		formula: "backed-up ∈ step (a scene of one store)",
		each: 'backup',
		pattern: 'kv.db is copied to a backup', alternatives: ["kv.db is backed up", "the store is backed up", "the store is copied to a backup", "the lock's store is backed up", "the lock store is backed up", "the lock's store is copied to a backup", "the lock store is copied to a backup", "an/the operator backs up kv.db", "an/the operator backs up the store", "an/the operator backs up the lock's store", "an/the operator backs up the lock store"],
		example: 'kv.db is copied to a backup',
		meaning: "A copy of the store's kv.db was taken in this step (\"an operator backs up the store\" says the same: a backup is an operator's act).",
		check: (_slots, context) => backedUp(context),
	},
	{
		id: 'backup-at-epoch',
		places: STORY,
		tells: 'event',
		formula: "backed-up(epoch e) ∈ step (a scene of one store)",
		each: 'backup',
		pattern: 'kv.db is copied to a backup at epoch {epoch}',
		example: 'kv.db is copied to a backup at epoch 0',
		meaning: "A copy of the store's kv.db was taken in this step, holding that epoch.",
		check: (slots, context) => backedUp(context, slots[0]),
	},
	{
		id: 'restored',
		places: STORY,
		tells: 'event',
		formula: "restored ∈ step (a scene of one store)",
		each: 'restore',
		pattern: 'kv.db is restored from the backup', alternatives: ["the store is restored from the backup", "the lock's store is restored from the backup", "the lock store is restored from the backup", "an/the operator restores kv.db from the backup", "an/the operator restores the store from the backup", "an/the operator restores the lock's store from the backup", "an/the operator restores the lock store from the backup"],
		example: 'kv.db is restored from the backup',
		meaning: 'The store opened again on the copy a backup took, in this step ("an operator restores the store from the backup" says the same: a restore is an operator\'s act).',
		check: (_slots, context) => restoredFrom(context),
	},
	{
		id: 'restored-at-epoch',
		places: STORY,
		tells: 'event',
		formula: "restored(epoch e) ∈ step (a scene of one store)",
		each: 'restore',
		pattern: 'kv.db is restored from the backup, at epoch {epoch}',
		example: 'kv.db is restored from the backup, at epoch 1',
		meaning: "The store opened again on the backup's copy in this step, with that epoch.",
		check: (slots, context) => restoredFrom(context, slots[0]),
	},
	{
		id: 'restored-plus-one',
		places: STORY,
		tells: 'event',
		formula: "restored(epoch e) ∈ step, e = the copy's epoch + 1",
		each: 'restore',
		pattern: "kv.db is restored from the backup: epoch {epoch}, the copy's plus one",
		example: "kv.db is restored from the backup: epoch 1, the copy's plus one",
		meaning: "The store opened again on the backup's copy in this step, with that epoch: the copy's epoch plus one.",
		check(slots, context) {
			const restore = restoreOf(context, slots[0])
			if (typeof restore === 'string') return fails(restore, 0)
			if (restore.epoch !== restore.backupEpoch + 1n) return fails(`the copy's epoch was ${restore.backupEpoch}; the open wrote ${restore.epoch}, the clock, which is larger`, 0)
			return holds([saw(context.step, restore)], restore.at)
		},
	},
	{
		id: 'count-starts-again',
		places: STORY,
		tells: 'event',
		follows: true,
		formula: "granted(count 1) ∈ step, after its store opened again (a restart or restore ∈ run before it)",
		pattern: 'the count starts/started again', alternatives: ['the count starts/started again at 1', 'the count starts/started over( at 1)'],
		example: 'the count starts again',
		meaning: "A lease given in this step, after its store opened again, has count 1: the store's count started again when it opened.",
		check(_slots, context) {
			const grant = happened(context.step, 'granted', h => h.fence !== undefined && (h.fence & ((1n << 64n) - 1n)) === 1n)[0]
			if (!grant) return fails('no lease given in this step has count 1')
			const reopened = runSteps(context.run).filter(s => s.index <= context.step.index).flatMap(s => s.happenings.filter(h => (h.kind === 'restarted' || h.kind === 'restored') && h.store === grant.store && (s.index < context.step.index || s.happenings.indexOf(h) < s.happenings.indexOf(grant))))
			const open = reopened[reopened.length - 1]
			if (!open) return fails(`${context.name(grant.store)} never opened again before this grant: its count did not start again`)
			// The count started again with the open: that is what it tells, beside the grant of count 1.
			return { ...holds([saw(context.step, grant)], grant.at), said: { events: [grant, open] } } as Verdict
		},
	},
	{
		id: 'clock-reads',
		places: STORY,
		tells: 'clock',
		formula: "clock(t) = T",
		pattern: 'the clock reads {time}', alternatives: ["the clock is at {time}", "the clock shows {time}"],
		example: 'the clock reads 30 s',
		meaning: "The scene's clock reads that time when the step ends.",
		check: (slots, context) => clockReads(slots, context, false),
	},
	{
		id: 'clock-still-reads',
		places: STORY,
		tells: 'clock',
		formula: "clock(the step's start) = clock(t) = T",
		pattern: 'the clock still reads {time}',
		example: 'the clock still reads 0 s',
		meaning: "The scene's clock read that time when the step began and still does when it ends.",
		check: (slots, context) => clockReads(slots, context, true),
	},
	{
		id: 'clock-past-epoch',
		places: STORY,
		tells: 'state',
		formula: "clock(t), in ms, > e",
		pattern: 'the clock is past epoch {epoch}',
		example: 'the clock is past epoch 2',
		meaning: "The scene's clock in milliseconds is larger than that epoch when the step ends.",
		check(slots, context) {
			if (BigInt(context.world.time) <= bigOf(slots[0])) return fails(`the clock reads ${context.world.time} ms`, 0)
			return { ...holds([{ kind: 'clock', at: context.world.time }], context.world.time), said: { clock: { past: bigOf(slots[0]) } } } as Verdict
		},
	},
	{
		id: 'time-passes',
		places: STORY,
		tells: 'clock',
		formula: "clock(the step's end) − clock(the step's start) = D",
		pattern: '{duration} pass(es)', alternatives: ["{duration} go/goes by", "{duration} elapse(s)"],
		example: '30 s pass',
		meaning: 'The clock moves on by that long in this step.',
		check: (slots, context) => elapsed(slots, context, 0),
	},
	{
		id: 'clock-moves-on',
		places: STORY,
		tells: 'clock',
		formula: "clock(the step's end) − clock(the step's start) = D",
		pattern: 'the clock moves on by {duration}',
		example: 'the clock moves on by 30 s',
		meaning: 'The clock moves on by that long in this step.',
		check: (slots, context) => elapsed(slots, context, 0),
	},
	{
		id: 'test-moves-clock',
		places: STORY,
		tells: 'clock',
		formula: "Σ waited ∈ step = D = clock(the step's end) − clock(the step's start)",
		pattern: 'the test moves the clock on by {duration}',
		example: 'the test moves the clock on by 30 s',
		meaning: "The step's waits (a test's clock.advance) move the clock on by that long, and nothing else moves it in the step.",
		check: (slots, context) => passed(slots, context, 0),
	},
	// Of a semaphore's key (beside "{key} is full" in holding.ts), last in the registry: "still" hints name the older forms first.
	{
		id: 'key-still-full',
		places: STORY,
		tells: 'state',
		formula: "k is a semaphore's ∧ |holders(k, t)| = limit(k), in the span of holders that began with the step: |holders(k)| = limit(k) at the step's start, and no released/expired/gone/ended(k) ∈ step before t",
		pattern: '{key} is still full', alternatives: ["{key} is still at its limit"],
		example: 'the key is still full',
		meaning: "As \"{key} is full\", and \"still\": the key was full already when the step began, and no place of it was freed in the step before the clause's moment (a place freed and taken again in the step, even at the same instant, is refused, and so is a key that filled only in the step).",
		check: (slots, context) => stillFull(slots, context),
	},
]

function wroteEpoch(slots: readonly Slot[], context: ClaimContext, isTime: boolean): Verdict {
	const store = actorOf(slots[0])
	const found = opens(context, store)
	const wanted = bigOf(slots[1])
	if (found.length === 0) return fails(`${context.name(store)} did not open again in this step`, 0)
	const open = found.find(h => h.epoch === wanted)
	if (!open) return fails(`${context.name(store)} wrote epoch ${found.map(h => h.epoch).join(', then ')}`, 1)
	if (isTime && BigInt(open.at) !== open.epoch) return fails(`the clock read ${open.at} ms when it opened; epoch ${open.epoch} is the epoch before it plus one`, 1)
	return holds([saw(context.step, open)], open.at)
}

/** kv.db names no store: in a scene of several, a claim about a backup or a restore cannot say whose. */
function oneStore(context: ClaimContext): string | undefined {
	const count = context.world.stores.size
	return count > 1 ? `this scene has ${count} lock stores, and "kv.db" does not say whose; a backup or a restore is told only in a scene of one store (say the rest in the page's prose)` : undefined
}

function backedUp(context: ClaimContext, epoch?: Slot): Verdict {
	const several = oneStore(context)
	if (several) return fails(several)
	const found = unused(context, happened(context.step, 'backed-up'))
	if (found.length === 0) return fails(happened(context.step, 'backed-up').length === 0 ? 'no backup was taken in this step' : 'this text tells every backup of this step already')
	const backup = epoch ? found.find(h => h.epoch === bigOf(epoch)) : found[0]
	if (!backup) return fails(`the copy holds epoch ${found.map(h => h.epoch).join(', then ')}`, 0)
	return holds([saw(context.step, backup)], backup.at)
}

/** The step's restore this claim tells: the first one not told already, with the epoch the slot names when it names one. */
function restoreOf(context: ClaimContext, epoch?: Slot): Of<'restored'> | string {
	const several = oneStore(context)
	if (several) return several
	const found = unused(context, happened(context.step, 'restored'))
	if (found.length === 0) return happened(context.step, 'restored').length === 0 ? 'no store was restored from a backup in this step' : 'this text tells every restore of this step already'
	const restore = epoch ? found.find(h => h.epoch === bigOf(epoch)) : found[0]
	return restore ?? `the restored store opened with epoch ${found.map(h => h.epoch).join(', then ')}`
}

function restoredFrom(context: ClaimContext, epoch?: Slot): Verdict {
	const restore = restoreOf(context, epoch)
	if (typeof restore === 'string') return fails(restore, epoch ? 0 : undefined)
	return holds([saw(context.step, restore)], restore.at)
}
