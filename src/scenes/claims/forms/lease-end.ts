/** Claims about how a lease ends or goes on: running out, going with its store, release, renewal. */
import type { ClaimContext, ClaimForm, Slot, Verdict } from '../form.ts'
import type { StatementFact, StepFacts } from '../facts.ts'
import { actorOf, isOld, oldHint, oldLease, eachHeld, actorsOf, earlierHappenings, fails, happened, happenedBefore, heldIn, holds, keyStore, latestLeaseIs, leaseEnds, laterSteps, leaseEvidence, leaseState, liveLease, numberOf, ofKey, runSteps, saw, time, unused } from '../query.ts'
import type { Of } from '../query.ts'
import { eventsOf } from '../causes.ts'
import type { Happening } from '../../frame.ts'
import { inLineBefore } from './line.ts'
import { showFence } from '../fence-notation.ts'
import { stoppedRenewal } from '../renewal-stop.ts'

const STORY = ['caption', 'note'] as const

/**
 * A write refused by a database that checks fences, made after its worker's lease was lost: of the worker's grants and lease ends
 * before it, the last is an end that is no let-go (it ran out, went with its store, or an operator ended it); and the row's fence that
 * refused it came from a lease given after that worker's (a grant of that fence later than its last grant): a refusal its live lease
 * would have got as well (a row fence from before) tells it nothing of the loss.
 */
function refusedAfterLoss(before: readonly Happening[], write: Of<'wrote'>): boolean {
	return lossUnheard(before, write) === undefined
}

/** Why a refused write told its worker nothing of a lost lease (see `refusedAfterLoss`), or undefined when it told it. */
function lossUnheard(before: readonly Happening[], write: Of<'wrote'>): 'taken' | 'live' | 'unfenced' | 'no loss' | 'old row' | undefined {
	if (write.changed) return 'taken'
	if (!write.fenced || write.noFence === true) return 'unfenced'
	if (write.live) return 'live'
	const lastAt = before.map(h => 'worker' in h && h.worker === write.worker && (h.kind === 'granted' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended' || h.kind === 'released')).lastIndexOf(true)
	const last = before[lastAt]
	if (last === undefined || !(last.kind === 'expired' || last.kind === 'gone' || last.kind === 'ended')) return 'no loss'
	const grantAt = before.map(h => h.kind === 'granted' && h.worker === write.worker).lastIndexOf(true)
	const grant = before[grantAt] as Of<'granted'> | undefined
	if (grant === undefined || !before.slice(grantAt + 1).some(h => h.kind === 'granted' && h.store === grant.store && h.fence === write.before)) return 'old row'
	return undefined
}

/**
 * Why "A's lease runs out" (or "A loses its lease") does not tell an end: the lease it ended is not the worker's latest (its crashed
 * process's old lease) and the latest, its restarted process's, is live past that moment, so a reader takes "its lease" to be that
 * one. Undefined when the end is of the worker's latest lease, or the latest ended by then too.
 */
function oldEndBesideLive(context: ClaimContext, end: Happening): string | undefined {
	if (!('worker' in end)) return undefined
	const ends = leaseEnds(context.run)
	const ended = ends.get(end)
	const all = runSteps(context.run).flatMap(step => step.happenings)
	const latest = all.slice(0, all.indexOf(end)).filter((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === end.worker).pop()
	if (ended === undefined || latest === undefined || latest === ended) return undefined
	const latestEnd = [...ends].find(([, grant]) => grant === latest)?.[0]
	if (latestEnd !== undefined && latestEnd.at <= end.at) return undefined
	const name = context.name(end.worker)
	return `the lease that ${end.kind === 'expired' ? 'ran out' : 'was lost'} at ${time(end.at)} is ${name}'s old lease (given at ${time(ended.at)}, before its process restarted), and ${name}'s lease now, given at ${time(latest.at)}, is live${latestEnd === undefined ? '' : ` until ${time(latestEnd.at)}`}: say "${name}'s old lease ${end.kind === 'expired' ? 'runs out' : 'is lost'}"`
}

/** The lease of slot 0's worker ran out in this step (`gone`: its store closed under it instead). */
function ended(slots: readonly Slot[], context: ClaimContext, how: 'expired' | 'gone'): Verdict {
	const worker = actorOf(slots[0])
	if (isOld(slots[0])) return oldRunsOut(context, worker)
	const all = happened(context.step, how, h => h.worker === worker)
	// Each clause that says a lease runs out tells an expiry of its own: "A's lease runs out. A's lease expires." tells one twice.
	const end = unused(context, all)[0]
	if (end) return holds([saw(context.step, end)], end.at)
	if (all.length > 0) return fails(`this text told ${context.name(worker)}'s lease running out already: it ran out once in this step, at ${time((all[0] as Happening).at)}`, 0)
	const other = context.step.happenings.find(h => (h.kind === 'expired' || h.kind === 'gone' || h.kind === 'released' || h.kind === 'ended') && h.worker === worker)
	if (other) {
		const said = other.kind === 'expired' ? 'ran out' : other.kind === 'gone' ? 'went with its store (a restart or a restore)' : other.kind === 'ended' ? 'was ended by an operator' : 'was released'
		return fails(`${context.name(worker)}'s lease ${said} at ${time(other.at)}`, 0)
	}
	const lease = context.world.workers.get(worker)?.lease
	if (!lease) return fails(`${context.name(worker)} has no lease`, 0)
	const state = leaseState(lease)
	if (state === 'live') return fails(`${context.name(worker)}'s lease is live until ${time(lease.expiresAt)}`, 0)
	if (how === 'gone') {
		// "The lock refuses: the lease is gone" of a lease that ran out (or was let go, or ended) in a step before: "gone" is kept for a
		// lease its store took (a restart or a restore); say what did end it, and when, and offer the words that tell that.
		const before = runSteps(context.run).filter(step => step.index < context.step.index)
		const last = before.flatMap(step => step.happenings.filter(h => (h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended' || h.kind === 'released') && h.worker === worker).map(h => ({ h, step: step.index }))).pop()
		const words = slots[0]?.text ?? `${context.name(worker)}'s lease`
		if (last !== undefined && last.h.kind !== 'gone') {
			const said = last.h.kind === 'expired' ? 'ran out' : last.h.kind === 'ended' ? 'was ended by an operator' : 'was let go'
			const offer = last.h.kind === 'expired' ? `"${words} has run out"` : `"${words} is lost"`
			return fails(`${context.name(worker)}'s lease ${said} at ${time(last.h.at)}, in step ${last.step}: "gone" tells a lease its store took (a restart or a restore) in this step, and no store took this one; write ${offer}`, 0)
		}
	}
	return fails(`${context.name(worker)}'s lease had ended before this step`, 0)
}

/** "A's old lease runs out": the lease A's crashed process held, left in the store by its restart, ran out in this step. */
function oldRunsOut(context: ClaimContext, worker: string): Verdict {
	const old = oldLease(context, worker)
	if (typeof old === 'string') return fails(old, 0)
	const end = old.end
	const name = context.name(worker)
	if (end === undefined || end.step.index > context.step.index) return fails(`${name}'s old lease did not run out in this step: it is live until ${time(old.expiresAt)}`, 0)
	if (end.step.index < context.step.index) return fails(`${name}'s old lease ${end.h.kind === 'expired' ? 'ran out' : 'ended'} at ${time(end.h.at)}, in step ${end.step.index}`, 0)
	if (end.h.kind !== 'expired') return fails(`${name}'s old lease did not run out: it ${end.h.kind === 'gone' ? 'went with its store' : end.h.kind === 'ended' ? 'was ended by an operator' : 'was let go'} at ${time(end.h.at)}`, 0)
	if (unused(context, [end.h]).length === 0) return fails(`this text told ${name}'s old lease running out already, at ${time(end.h.at)}`, 0)
	return holds([saw(context.step, end.h)], end.h.at)
}

/** "A's old lease ends at T": the lease A's crashed process held is live when the step ends, and nothing ends it before it runs out at T. */
function oldEndsAt(slots: readonly Slot[], context: ClaimContext, worker: string): Verdict {
	const old = oldLease(context, worker)
	if (typeof old === 'string') return fails(old, 0)
	const name = context.name(worker)
	const end = old.end
	if (end && end.step.index <= context.step.index) return fails(`${name}'s old lease is not live when the step ends: it ${end.h.kind === 'expired' ? 'ran out' : end.h.kind === 'gone' ? 'went with its store' : end.h.kind === 'ended' ? 'was ended by an operator' : 'was let go'} at ${time(end.h.at)}`, 0)
	if (end && end.h.kind !== 'expired') return fails(`${name}'s old lease ends sooner: it ${end.h.kind === 'gone' ? 'goes with its store' : end.h.kind === 'ended' ? 'is ended by an operator' : 'is let go'} at ${time(end.h.at)}, in step ${end.step.index}`, 1)
	const at = end?.h.at ?? old.expiresAt
	if (at !== numberOf(slots[1])) return fails(`${name}'s old lease runs out at ${time(at)}`, 1)
	const granted = runSteps(context.run).find(step => step.happenings.includes(old.grant)) ?? context.step
	return holds([saw(granted, old.grant)], context.world.time)
}

/** The lease of slot 0's worker was lost in this step (ran out, went with its store, or ended by an operator): an event, at its moment. */
function lostHere(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const losses = context.step.happenings.filter(h => (h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.worker === worker)
	// Its lease: the latest it was given; its crashed process's old lease lost while the new one lives is not "its lease".
	const loss = losses.find(h => oldEndBesideLive(context, h) === undefined)
	if (loss) return holds([saw(context.step, loss)], loss.at)
	if (losses[0] !== undefined) return fails(oldEndBesideLive(context, losses[0]) as string, 0)
	const lease = context.world.workers.get(worker)?.lease
	const state = lease === undefined ? undefined : leaseState(lease)
	if (state === 'expired' || state === 'gone' || state === 'ended') return fails(`${context.name(worker)} lost its lease before this step, and "loses its lease" tells a loss in this step; say "${context.name(worker)}'s lease is lost"`, 0)
	return fails(`${context.name(worker)} did not lose a lease in this step${state === 'live' && lease ? `: its lease is live until ${time(lease.expiresAt)}` : ''}`, 0)
}

/** The worker of slot 0 let go of its lease in this step (of the store key slot 1 names, if it names one). */
function letGo(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const release = happened(context.step, 'released', h => h.worker === worker && ofKey(slots[1], h.store))[0]
	if (release) return holds([saw(context.step, release)], release.at)
	const other = happened(context.step, 'released', h => h.worker === worker)[0]
	if (other) return fails(`${context.name(worker)} let go of the key of ${context.name(other.store)}, not of ${context.name(keyStore(slots[1]) ?? '')}`, 1)
	return fails(`${context.name(worker)} did not release a lease in this step`, 0)
}

/**
 * "A lets go at once": a let-go of the worker's in this step whose last happening of the worker's before it in the step is a grant of
 * the same store at the same moment (nothing of its own between them, as "saves at once" reads of a write).
 */
function letGoAtOnce(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const name = context.name(worker)
	const list = context.step.happenings
	const releases = happened(context.step, 'released', h => h.worker === worker)
	if (releases.length === 0) return fails(`${name} did not release a lease in this step`, 0)
	let why = ''
	for (const release of releases) {
		const mine = list.slice(0, list.indexOf(release)).filter(h => 'worker' in h && h.worker === worker)
		const g = mine.map(h => h.kind === 'granted' && h.store === release.store).lastIndexOf(true)
		const grant = mine[g] as Of<'granted'> | undefined
		const between = mine[g + 1]
		if (grant !== undefined && grant.at === release.at && between === undefined) return holds([saw(context.step, grant), saw(context.step, release)], release.at)
		if (why !== '') continue
		if (grant === undefined) why = `${name} was not given the key in this step before it let go at ${time(release.at)}: "at once" says it let go the moment it got it`
		else if (grant.at !== release.at) why = `${name} got the key at ${time(grant.at)} and let go at ${time(release.at)}, ${time(release.at - grant.at)} later: "at once" says it let go the moment it got it`
		else if (between !== undefined) why = `${name}'s ${({ renewed: 'renewal', wrote: 'write', paused: 'pause', asked: 'ask', granted: 'grant' } as Record<string, string>)[between.kind] ?? between.kind} at ${time(between.at)} came between its grant and its let-go: "at once" says it let go the moment it got the key, doing nothing first`
	}
	return fails(why, 0)
}

/**
 * "A keeps the key until 20 s, then lets go": A held a live lease of the key when the step began, and its first let-go of that key
 * in the step, with no new grant of it before, is at 20 s (a let-go is only of a live lease: it held the key up to then).
 */
function keptUntilLetGo(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const name = context.name(worker)
	const until = numberOf(slots[2])
	const lease = liveLease(context.step.start, worker)
	if (!lease) return fails(`${name} held no live lease when this step began: "keeps the key until ${time(until)}" says it held it from then on; say "${name} gets the key", then when it lets go`, 0)
	if (!ofKey(slots[1], lease.store)) return fails(`${name}'s lease is of ${context.name(lease.store)}'s key`, 1)
	const list = context.step.happenings
	const release = list.find((h): h is Of<'released'> => h.kind === 'released' && h.worker === worker && h.store === lease.store)
	if (!release) return fails(`${name} does not let go in this step: "until ${time(until)}, then lets go" says it let go then`, 0)
	if (list.slice(0, list.indexOf(release)).some(h => h.kind === 'granted' && h.worker === worker && h.store === lease.store)) return fails(`${name} got the key again in this step before it let go: the lease it held when the step began ended first, and it did not keep it until ${time(until)}`, 0)
	if (release.at !== until) return fails(`${name} lets go at ${time(release.at)}, not at ${time(until)}: "keeps the key until ${time(until)}, then lets go" says it held it until then and let go then`, 2)
	return holds([saw(context.step, release)], release.at)
}

/**
 * "A lets go long before its lease would run out": the worker's let-go of the step (`letGo`), and at least a fifth of its lease's TTL
 * left then: from the let-go to the end the lease had (its last renewal's, else its grant's TTL on), against the TTL it ran on.
 */
function letGoLongBeforeEnd(slots: readonly Slot[], context: ClaimContext): Verdict {
	const verdict = letGo(slots, context)
	if (!verdict.ok) return verdict
	const worker = actorOf(slots[0])
	const name = context.name(worker)
	const release = happened(context.step, 'released', h => h.worker === worker && ofKey(slots[1], h.store))[0] as Of<'released'>
	const before = happenedBefore(context, release)
	const from = before.map(h => h.kind === 'granted' && h.worker === worker && h.store === release.store).lastIndexOf(true)
	if (from < 0) return fails(`the engine gave ${name} no lease before it let go at ${time(release.at)}`, 0)
	const grant = before[from] as Of<'granted'>
	const renewals = before.slice(from + 1).filter((h): h is Of<'renewed'> => h.kind === 'renewed' && h.worker === worker && h.store === release.store)
	const end = renewals.at(-1)?.until ?? grant.at + grant.ttl
	const ttl = [...renewals].reverse().find(h => h.ttl !== undefined)?.ttl ?? grant.ttl
	if ((end - release.at) * 5 >= ttl) return verdict
	return fails(`${name} let go at ${time(release.at)}, ${time(end - release.at)} before its lease would have run out at ${time(end)}: "long before" says at least a fifth of its ${time(ttl)} TTL (${time(ttl / 5)}) was left, as every "long" of time is long against its lease; say "${name} lets go" alone, or when its lease would have run out`, 0)
}

/**
 * "The hold lets go of the key" (`worker` undefined) or "of A's key": a let-go of the step that a hold made as its
 * worker's function returned, not one the worker's code called (lease.release(), after which its function runs on).
 * "The hold" alone is the hold of a worker the clause right before told ("A's code returns, and the hold lets go of
 * the key"), when that clause told a worker's happening; else a hold of any worker.
 */
function holdLetGo(slots: readonly Slot[], context: ClaimContext, worker: string | undefined): Verdict {
	const key = worker === undefined ? slots[0] : undefined
	const told = worker === undefined ? toldWorkers(context.priorTold) : new Set<string>()
	const whose = (w: string) => (worker !== undefined ? w === worker : told.size === 0 || told.has(w))
	const all = happened(context.step, 'released', h => ofKey(key, h.store))
	const hold = all.find(h => h.called !== true && whose(h.worker))
	if (hold) return holds([saw(context.step, hold)], hold.at)
	const named = worker === undefined ? [...told].map(w => context.name(w)).join(' or ') : context.name(worker)
	const called = all.find(h => whose(h.worker))
	if (called) {
		const name = context.name(called.worker)
		return fails(`${name}'s code let go itself at ${time(called.at)}, by calling lease.release(), and its function ran on: the hold did not let go; say "${name} lets go"`, 0)
	}
	const other = all.find(h => h.called !== true)
	if (other) return fails(`the hold that let go in this step is ${context.name(other.worker)}'s (at ${time(other.at)}), not ${named}'s; say whose: "the hold lets go of ${context.name(other.worker)}'s key"`, 0)
	const returned = happened(context.step, 'returned', h => whose(h.worker) && ofKey(key, h.store))[0]
	if (returned) {
		const name = context.name(returned.worker)
		return fails(`${name}'s function returned at ${time(returned.at)}, but its lease was lost before: the hold let go of nothing; say "${name}'s function returns"`, 0)
	}
	return fails(worker === undefined && told.size > 0 ? `no hold of ${named} let go of a key in this step` : worker === undefined ? 'no hold let go of a key in this step' : `${named}'s hold let go of no key in this step`, 0)
}

/** The workers whose happenings a clause told. */
function toldWorkers(told: readonly Happening[] | undefined): Set<string> {
	return new Set((told ?? []).flatMap(h => ('worker' in h && typeof h.worker === 'string' ? [h.worker] : [])))
}

/** The worker's function returned in this step: hold released its lease (not the code's own lease.release()), or, its lease already lost, let go of nothing. */
function functionReturned(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const called = happened(context.step, 'released', h => h.worker === worker && h.called === true)[0]
	if (called) return fails(`${context.name(worker)}'s code let go by calling lease.release(), and its function ran on: its function did not return`, 0)
	const done = letGo(slots, context)
	// A function that returned after its lease was lost let go of nothing, but it returned all the same.
	const returned = happened(context.step, 'returned', h => h.worker === worker)[0]
	if (!done.ok && returned) return holds([saw(context.step, returned)], returned.at)
	if (!done.ok && happened(context.step, 'released', h => h.worker === worker).length === 0) {
		const name = context.name(worker)
		return fails(`${name}'s function did not return in this step: hold let go of no lease of ${name}; if ${name} only finished computing what it saves, write "${name} finishes its work" or "${name} saves"`, 0)
	}
	return done
}

/**
 * The spans of that length that ran out in this step (of the worker's alone, when one is named): a wait its
 * worker asked with and gave up at the end of, and a lease's time to live, from its grant or its last renewal,
 * at its expiry. Each with its happening and its words.
 */
function spansUp(context: ClaimContext, wanted: number, worker?: string): { end: SpanEnd; what: string }[] {
	const found: { end: SpanEnd; what: string }[] = []
	for (const h of context.step.happenings) {
		if ((h.kind !== 'gave-up' && h.kind !== 'expired' && h.kind !== 'woke') || (worker !== undefined && h.worker !== worker)) continue
		const before = happenedBefore(context, h)
		if (h.kind === 'woke') {
			// A pause that long is a span too: it is up when its process wakes.
			const pause = before.filter((a): a is Of<'paused'> => a.kind === 'paused' && a.worker === h.worker).pop()
			if (pause !== undefined && h.at - pause.at === wanted) found.push({ end: h, what: `${context.name(h.worker)}'s pause of ${time(wanted)}, which ended at ${time(h.at)}` })
			continue
		}
		if (h.kind === 'gave-up') {
			const ask = before.filter((a): a is Of<'asked'> => a.kind === 'asked' && a.worker === h.worker && a.store === h.store).pop()
			if (ask?.wait === wanted && h.waited === wanted) found.push({ end: h, what: `${context.name(h.worker)}'s wait of ${time(wanted)}, which ran out at ${time(h.at)}` })
			continue
		}
		const from = before.filter((a): a is Of<'granted'> | Of<'renewed'> => (a.kind === 'granted' || a.kind === 'renewed') && a.worker === h.worker && a.store === h.store).pop()
		if (from === undefined) continue
		const ttl = from.kind === 'granted' ? from.ttl : from.until - from.at
		if (ttl === wanted && from.at + wanted === h.at) found.push({ end: h, what: `${context.name(h.worker)}'s lease of ${time(wanted)}, which ran out at ${time(h.at)}` })
	}
	return found
}

/**
 * A span of that length other than those that ran out at `at` that was running then: a wait of a worker's ask made before it
 * that had not ended (by a grant, a give-up, a refusal, leaving the line or a crash) before it, or a lease granted or renewed
 * before it that had not ended before it. In words, or undefined.
 */
function stillRunning(context: ClaimContext, wanted: number, at: number, ran: readonly SpanEnd[]): string | undefined {
	const before = [...earlierHappenings(context), ...context.step.happenings].filter(h => h.at < at)
	// A pause that long, begun before that moment and woken from after it (its length is from its pause to its wake).
	const all = [...earlierHappenings(context), ...context.step.happenings, ...laterSteps(context).flatMap(step => step.happenings)]
	for (const pause of before) {
		if (pause.kind !== 'paused') continue
		const end = all.slice(all.indexOf(pause) + 1).find((h): h is Of<'woke'> | Of<'crashed'> => (h.kind === 'woke' || h.kind === 'crashed') && h.worker === pause.worker)
		if (end?.kind === 'woke' && end.at - pause.at === wanted && end.at > at) return `${context.name(pause.worker)}'s pause of ${time(wanted)}, from ${time(pause.at)}`
	}
	const pairs = new Map<string, { worker: string; store: string }>()
	for (const h of before) if ((h.kind === 'asked' || h.kind === 'granted' || h.kind === 'renewed') && !ran.some(r => r.worker === h.worker && 'store' in r && r.store === h.store)) pairs.set(`${h.worker}|${h.store}`, { worker: h.worker, store: h.store })
	for (const { worker, store } of pairs.values()) {
		const mine = before.filter(h => ('worker' in h && h.worker === worker && (!('store' in h) || h.store === store)))
		const ask = mine.filter((h): h is Of<'asked'> => h.kind === 'asked').pop()
		if (ask?.wait === wanted && ask.at + wanted > at && !mine.slice(mine.indexOf(ask) + 1).some(h => ['granted', 'gave-up', 'refused', 'left', 'crashed'].includes(h.kind))) return `${context.name(worker)}'s wait of ${time(wanted)}, from ${time(ask.at)}`
		const from = mine.filter((h): h is Of<'granted'> | Of<'renewed'> => h.kind === 'granted' || h.kind === 'renewed').pop()
		const ttl = from === undefined ? undefined : from.kind === 'granted' ? from.ttl : from.until - from.at
		if (from !== undefined && ttl === wanted && from.at + wanted > at && !mine.slice(mine.indexOf(from) + 1).some(h => ['released', 'expired', 'gone', 'ended'].includes(h.kind))) return `${context.name(worker)}'s lease of ${time(wanted)}, from ${time(from.at)}`
	}
	return undefined
}

/** What ends a span: a wait's give-up, a lease's expiry, a pause's wake. */
type SpanEnd = Of<'gave-up'> | Of<'expired'> | Of<'woke'>

/** "The 20 s are up": one moment of this step that spans of that length ran out at (`spansUp`). */
function timeUp(context: ClaimContext, durationSlot: number, wanted: number, worker?: string): Verdict {
	const found = spansUp(context, wanted, worker)
	if (found.length === 0) {
		const ends = context.step.happenings.filter((h): h is Of<'gave-up'> | Of<'expired'> => (h.kind === 'gave-up' || h.kind === 'expired') && (worker === undefined || h.worker === worker))
		const seen = ends.length === 0 ? 'nothing of the kind ran out in it' : `what ran out in it is ${ends.map(h => `${context.name(h.worker)}'s ${h.kind === 'gave-up' ? 'wait' : 'lease'}, at ${time(h.at)}`).join(', and ')}`
		const span = `wait nor lease of ${time(wanted)} (an ask's wait, or a lease's time to live from its grant or last renewal)`
		return fails(`${worker === undefined ? `no ${span} ran out` : `${context.name(worker)} had no ${span} that ran out`} in this step: ${seen}`, durationSlot)
	}
	const first = found[0] as (typeof found)[number]
	const other = found.find(one => one.end.at !== first.end.at)
	if (other !== undefined) return fails(`"the ${time(wanted)}" names no one span: ${first.what}, and ${other.what}; say whose ("${context.name(first.end.worker)}'s ${time(wanted)} are up")`, durationSlot)
	// "The" names one span: another of that length still running at that moment (a wait or a lease that had not run out) is one it may name as well.
	const running = worker === undefined ? stillRunning(context, wanted, first.end.at, found.map(one => one.end)) : undefined
	if (running !== undefined) return fails(`"the ${time(wanted)}" names no one span: ${first.what}, and ${running}, was still running then; say whose ("${context.name(first.end.worker)}'s ${time(wanted)} are up")`, durationSlot)
	// It tells the moment the span ran out, the moment of the give-up or the expiry that ended it (told as its own event too:
	// "B gives up", "A's lease runs out"): its place among the step's happenings is just before theirs, so "When the 20 s are up,
	// B gives up" is in order and "B gives up, then its 20 s are up" is not; those happenings are what it tells as a cause.
	const evidence = found.map(one => saw(context.step, one.end))
	return { ok: true, evidence, at: first.end.at, said: { events: found.map(one => one.end) }, justBefore: true }
}

/**
 * Whether the worker was at work just after `before` (every happening before a moment, in order): its last grant of `store` in it is
 * followed by no let-go or return of that store, crash, ask or other grant of its, and its process is not paused then.
 */
function atWorkAfter(before: readonly Happening[], worker: string, store: string): boolean {
	const mine = before.filter(h => 'worker' in h && h.worker === worker)
	const grant = mine.map(h => h.kind === 'granted' && h.store === store).lastIndexOf(true)
	if (grant < 0) return false
	const left = mine.slice(grant + 1).some(h => ((h.kind === 'released' || h.kind === 'returned' || h.kind === 'finished') && h.store === store) || h.kind === 'crashed' || h.kind === 'asked' || h.kind === 'granted')
	if (left) return false
	return mine.filter(h => h.kind === 'paused' || h.kind === 'woke' || h.kind === 'crashed').pop()?.kind !== 'paused'
}

/** "A's lease is renewed as it works": the untold renewals of the worker's in this step made while it was at work, at least one; this tells them all. */
function renewedAsItWorks(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const all = unused(context, happened(context.step, 'renewed', h => h.worker === worker))
	if (all.length === 0) return renewed(slots, context)
	const working = all.filter(h => atWorkAfter(happenedBefore(context, h), worker, h.store))
	if (working.length === 0) return fails(`${context.name(worker)}'s lease was renewed at ${time((all[0] as Happening).at)}, when it was not at work (its code had left its hold, or its process was paused): "as it works" says it was renewed while it worked`, 0)
	return holds(working.map(h => saw(context.step, h)), (working[working.length - 1] as Happening).at)
}

/**
 * "A's lease has been renewed as it works": the worker is in a hold when the step ends (its last grant, its code not out of that hold
 * since), and that lease was renewed since its grant, in this step or before, while its process was running.
 */
function hasBeenRenewedAsItWorks(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const name = context.name(worker)
	const { all, grant, after, left } = lastHold(context, worker, Infinity, true)
	if (grant === undefined) return fails(`${name} was never given the key, so it has no lease to renew`, 0)
	if (left) return fails(`${name}'s code left its hold at ${time(left.at)} (${left.why}): "has been renewed as it works" says it is still at work`, 0)
	const renewals = after.filter((h): h is Of<'renewed'> => h.kind === 'renewed' && h.store === grant.store)
	const working = renewals.filter(h => atWorkAfter(all.slice(0, all.indexOf(h)), worker, h.store))
	if (working.length === 0) return fails(renewals.length === 0 ? `${name}'s lease was not renewed since it was given, at ${time(grant.at)}` : `${name}'s lease was renewed only while it was not at work (its process paused)`, 0)
	const first = working[0] as Of<'renewed'>
	const here = working.filter(h => context.step.happenings.includes(h))
	const of = runSteps(context.run).find(step => step.happenings.includes(first)) ?? context.step
	return holds(here.length > 0 ? here.map(h => saw(context.step, h)) : [saw(of, first)], first.at)
}

/**
 * The worker's last grant by `limit`, the run's happenings up to then (`all`) and the worker's since the grant (`after`), and the first
 * act since that took its code out of that hold (`left`): a let-go or return of the grant's store, a crash, or a new ask; and, when the
 * words say it is at work (`work`), its function's return with the let-go still to come (`finished`).
 */
function lastHold(context: ClaimContext, worker: string, limit: number, work: boolean): { all: Happening[]; grant?: Of<'granted'>; after: Happening[]; left?: { at: number; why: string } } {
	const all = [...earlierHappenings(context), ...context.step.happenings].filter(h => h.at <= limit)
	const mine = all.filter(h => 'worker' in h && h.worker === worker)
	const at = mine.map(h => h.kind === 'granted').lastIndexOf(true)
	const grant = mine[at] as Of<'granted'> | undefined
	if (grant === undefined) return { all, after: [] }
	const after = mine.slice(at + 1)
	const left = after.find(h => ((h.kind === 'released' || h.kind === 'returned' || (work && h.kind === 'finished')) && h.store === grant.store) || h.kind === 'crashed' || h.kind === 'asked')
	if (left === undefined) return { all, grant, after }
	const why = left.kind === 'released' ? 'it let go' : left.kind === 'returned' || left.kind === 'finished' ? 'its function returned' : left.kind === 'crashed' ? 'it crashed' : 'it asked for a key again'
	return { all, grant, after, left: { at: left.at, why } }
}

/**
 * "A's lease has been renewed": as "has been renewed as it works" without the work, and of a lease still live. By the clause's
 * moment (the one it names, else the step's end): the worker's last grant g, its code not out of that hold since (no let-go or
 * return of g's store, crash or new ask), g's lease not ended (run out, gone with its store, ended by an operator), and at least
 * one renewal of g's store by the worker after g, in this step or an earlier one, by hand or on its own.
 */
function hasBeenRenewed(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const name = context.name(worker)
	const limit = context.moment ?? Infinity
	const { grant, after, left } = lastHold(context, worker, limit, false)
	if (grant === undefined) return fails(`${name} was never given the key${context.moment === undefined ? '' : ` by ${time(limit)}`}, so it has no lease to renew`, 0)
	if (left) return fails(`${name}'s code left its hold at ${time(left.at)} (${left.why}): "has been renewed" says its lease is renewed and still its own`, 0)
	const end = after.find(h => (h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.store === grant.store)
	if (end) return fails(`${name}'s lease ${end.kind === 'expired' ? 'ran out' : end.kind === 'gone' ? 'went with its store' : 'was ended by an operator'} at ${time(end.at)}: "has been renewed" says it is renewed and live`, 0)
	const renewals = after.filter((h): h is Of<'renewed'> => h.kind === 'renewed' && h.store === grant.store)
	if (renewals.length === 0) return fails(`${name}'s lease, given at ${time(grant.at)}, was not renewed by ${context.moment === undefined ? 'the end of this step' : time(limit)}`, 0)
	const first = renewals[0] as Of<'renewed'>
	const here = renewals.filter(h => context.step.happenings.includes(h))
	const of = runSteps(context.run).find(step => step.happenings.includes(first)) ?? context.step
	return holds(here.length > 0 ? here.map(h => saw(context.step, h)) : [saw(of, first)], first.at)
}

/**
 * "A's lease would have run out at 4 s, but A keeps renewing it": up to the clause's moment (the one it names, else the step's end),
 * the worker's last grant g, whose lease as first granted ends at 4 s (g's moment + its TTL; not the end as of a renewal), that moment
 * past by then; that lease not ended since g (not run out, let go, gone nor ended: so it did not run out at 4 s and is still live);
 * the worker's code not out of its hold (no crash, nor a new ask) and its process not paused at the moment (a frozen process renews
 * nothing); and at least two renewals of it by the worker after g, by hand or on its own (as "A renews its lease" reads both), one
 * of them before 4 s (the renewal that kept it past 4 s).
 */
function wouldHaveRunOutButRenews(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	if (actorOf(slots[2]) !== worker) return fails('a worker renews only its own lease', 2)
	const name = context.name(worker)
	const end = numberOf(slots[1])
	const limit = context.moment ?? context.step.end.time
	const all = [...earlierHappenings(context), ...context.step.happenings].filter(h => h.at <= limit)
	const mine = all.filter(h => 'worker' in h && h.worker === worker)
	const at = mine.map(h => h.kind === 'granted').lastIndexOf(true)
	const grant = mine[at] as Of<'granted'> | undefined
	if (grant === undefined) return fails(`${name} was never given the key by ${time(limit)}, so it has no lease`, 0)
	if (grant.at + grant.ttl !== end) return fails(`${name}'s lease was given at ${time(grant.at)} for ${time(grant.ttl)}: without renewals it would have run out at ${time(grant.at + grant.ttl)}, not ${time(end)}`, 1)
	if (end > limit) return fails(`${time(end)} has not come by ${time(limit)}: "would have run out" tells a moment past, when the lease was kept`, 1)
	const after = mine.slice(at + 1)
	const lost = after.find(h => (h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended' || h.kind === 'released' || h.kind === 'returned') && h.store === grant.store)
	if (lost) return fails(`${name}'s lease ${lost.kind === 'expired' ? 'ran out' : lost.kind === 'gone' ? 'went with its store' : lost.kind === 'ended' ? 'was ended by an operator' : lost.kind === 'released' ? 'was let go' : 'was lost (its function returned)'} at ${time(lost.at)}: "would have run out, but ${name} keeps renewing it" says renewing kept it`, 0)
	const left = after.find(h => h.kind === 'crashed' || h.kind === 'asked')
	if (left) return fails(`${name} ${left.kind === 'crashed' ? 'crashed' : 'asked for a key again'} at ${time(left.at)}: it does not keep renewing that lease`, 2)
	if (mine.filter(h => h.kind === 'paused' || h.kind === 'woke').pop()?.kind === 'paused') return fails(`${name}'s process is paused at ${time(limit)}: a paused process does not keep renewing`, 2)
	const renewals = after.filter((h): h is Of<'renewed'> => h.kind === 'renewed' && h.store === grant.store)
	if (renewals.length < 2) return fails(`${name} renewed that lease ${renewals.length === 0 ? 'no time' : 'once'} by ${time(limit)}: keeping on renewing is two renewals or more`, 2)
	if (!renewals.some(h => h.at < end)) return fails(`${name}'s first renewal came at ${time((renewals[0] as Of<'renewed'>).at)}, not before ${time(end)}: what kept its lease past ${time(end)} was no renewal`, 2)
	const here = renewals.filter(h => context.step.happenings.includes(h))
	const first = renewals[0] as Of<'renewed'>
	const of = runSteps(context.run).find(step => step.happenings.includes(first)) ?? context.step
	return holds(here.length > 0 ? here.map(h => saw(context.step, h)) : [saw(of, first)], first.at)
}

/** The worker of slot 0 renewed its lease in this step. */
function renewed(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	// Each clause that says a worker renews tells a renewal of its own.
	const all = happened(context.step, 'renewed', h => h.worker === worker)
	const renewal = unused(context, all)[0]
	if (renewal) return holds([saw(context.step, renewal)], renewal.at)
	if (all.length > 0) return fails(`this text tells every renewal ${context.name(worker)} made in this step already (${all.length})`, 0)
	const refused = happened(context.step, 'renew-refused', h => h.worker === worker)[0]
	// "Renews" claims a renewal; a refused one was asked for, which "tries to renew its lease" tells.
	if (refused) return fails(`the lock refused ${context.name(worker)}'s renewal: ${refused.reason === 'none' ? 'it held no lease' : `its lease was ${refused.reason}`}; "renews" says the lock renewed it: say "${context.name(worker)} tries to renew its lease"`, 0)
	return fails(`${context.name(worker)} did not renew in this step`, 0)
}

/** The worker of slot 0 renewed its own lease (slot 1) again and again in this step: every renewal of it, at least two, and none refused, its lease kept through the step. */
function keptRenewing(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	if (actorOf(slots[1]) !== worker) return fails('a worker renews only its own lease', 1)
	const all = happened(context.step, 'renewed', h => h.worker === worker)
	if (all.length < 2) return fails(`${context.name(worker)} renewed ${all.length === 0 ? 'no time' : 'once'} in this step: keeping on renewing is two renewals or more`, 0)
	if (unused(context, all).length < all.length) return fails(`this text told a renewal of ${context.name(worker)}'s in this step already; "keeps renewing" tells all ${all.length}`, 0)
	const refused = happened(context.step, 'renew-refused', h => h.worker === worker)[0]
	if (refused) return fails(`the lock refused ${context.name(worker)}'s renewal at ${time(refused.at)}`, 0)
	const end = context.step.happenings.find(h => (h.kind === 'expired' || h.kind === 'ended' || h.kind === 'gone') && h.worker === worker)
	if (end) return fails(`${context.name(worker)}'s lease ${end.kind === 'expired' ? 'ran out' : end.kind === 'ended' ? 'was ended by an operator' : 'went with its store'} at ${time(end.at)}: renewing did not keep it`, 0)
	// One lease kept: a let-go or a new grant between its renewals makes them renewals of two leases.
	const from = context.step.happenings.indexOf(all[0] as Happening)
	const to = context.step.happenings.indexOf(all[all.length - 1] as Happening)
	const between = context.step.happenings.slice(from, to).find(h => (h.kind === 'released' || h.kind === 'granted') && h.worker === worker)
	if (between) return fails(`${context.name(worker)} ${between.kind === 'released' ? 'let go of its lease' : 'was given a new lease'} at ${time(between.at)}, between its renewals: they renew two leases, and renewing kept neither`, 0)
	const stopped = renewingStopped(context, worker, all)
	if (stopped !== undefined) return fails(stopped, 0)
	return holds(all.map(h => saw(context.step, h)), (all[all.length - 1] as Happening).at)
}

/**
 * Why a worker's renewing, told as going on ("keeps renewing"), stopped before its end, or undefined: it goes on to the step's end, or
 * to the worker's letting go after its last renewal; by then no pause or crash of its process is in effect (a paused process renews
 * nothing), and its last renewal came no longer before that end than the longest gap between its renewals in the step (one period).
 */
function renewingStopped(context: ClaimContext, worker: string, renewals: readonly Happening[]): string | undefined {
	const list = context.step.happenings
	const last = renewals[renewals.length - 1] as Happening
	const letGo = list.slice(list.indexOf(last)).find(h => (h.kind === 'released' || h.kind === 'returned') && h.worker === worker)
	const end = letGo?.at ?? context.world.time
	const upTo = letGo === undefined ? list : list.slice(0, list.indexOf(letGo))
	const process = upTo.filter(h => h.at < end && (h.kind === 'paused' || h.kind === 'crashed' || h.kind === 'woke' || h.kind === 'process-restarted') && h.worker === worker).pop()
	const until = letGo === undefined ? `the step's end (${time(end)})` : `its letting go at ${time(end)}`
	if (process?.kind === 'paused' || process?.kind === 'crashed') return `${context.name(worker)} did not keep renewing up to ${until}: its process ${process.kind === 'paused' ? 'paused' : 'crashed'} at ${time(process.at)}, and a ${process.kind === 'paused' ? 'paused' : 'crashed'} process renews nothing; its last renewal came at ${time(last.at)}`
	const period = Math.max(...renewals.slice(1).map((h, i) => h.at - (renewals[i] as Happening).at))
	if (end - last.at > period + INTERVAL_SLACK_MS) return `${context.name(worker)} did not keep renewing up to ${until}: its last renewal came at ${time(last.at)}, ${time(end - last.at)} before it, longer than ${time(period)}, the longest gap between its renewals`
	return undefined
}

/** The most a renewal's gap may differ from the interval a text writes ("every 2 s"): the engine's clock reads milliseconds. */
const INTERVAL_SLACK_MS = 1

/**
 * "A keeps renewing its lease every 2 s": it kept renewing in this step (`keptRenewing`), and each of those renewals came the
 * slot's interval after the one before, the renewal or grant of that lease before it (in this step or an earlier one).
 */
function keptRenewingEvery(slots: readonly Slot[], context: ClaimContext): Verdict {
	const verdict = keptRenewing(slots, context)
	if (!verdict.ok) return verdict
	const worker = actorOf(slots[0])
	const every = numberOf(slots[2])
	const all = happened(context.step, 'renewed', h => h.worker === worker)
	const first = all[0] as Of<'renewed'>
	const before = happenedBefore(context, first).filter(h => (h.kind === 'renewed' || h.kind === 'granted') && h.worker === worker && h.store === first.store).pop()
	const moments = [...(before === undefined ? [] : [before.at]), ...all.map(h => h.at)]
	for (let i = 1; i < moments.length; i++) {
		const gap = (moments[i] as number) - (moments[i - 1] as number)
		if (Math.abs(gap - every) > INTERVAL_SLACK_MS) return fails(`expected a renewal every ${time(every)}, but ${context.name(worker)} renewed at ${time(moments[i] as number)}, ${time(gap)} after ${i === 1 && before !== undefined ? (before.kind === 'granted' ? 'its lease was granted' : 'its renewal before') : 'the renewal before'} (at ${time(moments[i - 1] as number)})`, 2)
	}
	return verdict
}

/** The grant of the lease an expiry ended: the worker's latest grant of that store and fence before it. */
function grantOfExpiry(context: ClaimContext, expiry: Of<'expired'>): Of<'granted'> | undefined {
	const grants = context.run.steps.slice(0, context.step.index + 1).flatMap(step => happened(step, 'granted', h => h.worker === expiry.worker && h.store === expiry.store && h.fence === expiry.fence && h.at <= expiry.at))
	return grants[grants.length - 1]
}

/**
 * The worker of slot 0 renewed its own lease (slot 1) in this step, a renewal no clause before in the text told, one
 * `which.keep` takes; a renewal it does not take is refused at `which.slot` with `which.otherwise`.
 */
function ownRenewal(slots: readonly Slot[], context: ClaimContext, which?: { keep: (h: Of<'renewed'>) => boolean; slot: number; otherwise: (worker: string, other: Of<'renewed'>) => string }): Verdict {
	const worker = actorOf(slots[0])
	if (actorOf(slots[1]) !== worker) return fails('a worker renews only its own lease', 1)
	const all = unused(context, happened(context.step, 'renewed', h => h.worker === worker))
	const renewal = which === undefined ? undefined : all.find(which.keep)
	if (renewal) return holds([saw(context.step, renewal)], renewal.at)
	if (which !== undefined && all[0]) return fails(which.otherwise(worker, all[0]), which.slot)
	return renewed(slots, context)
}

/**
 * "A renews its lease again": the worker's renewals of this step this text has not told yet, at least one, all of one lease (no
 * grant to it between them), which this tells; and that lease was renewed before the last of them (by one of them, or before the step).
 */
function renewedAgain(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const name = context.name(worker)
	if (actorOf(slots[1]) !== worker) return fails('a worker renews only its own lease', 1)
	const all = unused(context, happened(context.step, 'renewed', h => h.worker === worker))
	const last = all[all.length - 1]
	if (last === undefined) return renewed(slots, context)
	const before = happenedBefore(context, last)
	let grant = -1
	before.forEach((h, i) => { if (h.kind === 'granted' && h.worker === worker && h.store === last.store) grant = i })
	const first = before.indexOf(all[0] as Happening)
	if (first >= 0 && grant > first) return fails(`${name} was given a new lease at ${time((before[grant] as Happening).at)}, between its renewals in this step: they renew two leases; tell each`, 0)
	const earlier = before.slice(grant + 1).filter(h => h.kind === 'renewed' && h.worker === worker && h.store === last.store)
	if (earlier.length === 0) return fails(`${name}'s renewal at ${time(last.at)} is the first of its lease: it had not renewed that lease before, so it does not renew it "again"`, 0)
	return holds(all.map(h => saw(context.step, h)), last.at)
}

/** "A's lease outlived the pause": the worker's last pause, ended by the step's end, began with its lease live, and that lease was live when it woke. */
function outlivedPause(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const name = context.name(worker)
	const all = [...earlierHappenings(context), ...context.step.happenings]
	const mine = (h: Happening, kinds: readonly string[]) => kinds.includes(h.kind) && 'worker' in h && h.worker === worker
	let woke = -1, pause = -1, grant = -1
	all.forEach((h, i) => { if (mine(h, ['woke'])) woke = i })
	if (all.slice(woke + 1).some(h => mine(h, ['paused']))) return fails(`${name}'s process is still paused at the step's end: it has not outlived that pause yet; say what holds now ("${name}'s lease is still live")`, 0)
	if (woke < 0) return fails(`${name}'s process has not woken from a pause by this step's end: there is no pause its lease outlived`, 0)
	all.slice(0, woke).forEach((h, i) => { if (mine(h, ['paused'])) pause = i })
	if (pause < 0) return fails(`the scene does not show ${name}'s process pausing before it woke`, 0)
	all.slice(0, pause).forEach((h, i) => { if (mine(h, ['granted'])) grant = i })
	const paused = all[pause] as Happening, wake = all[woke] as Happening
	const given = all[grant]
	if (given?.kind !== 'granted') return fails(`${name} held no lease when its process paused at ${time(paused.at)}`, 0)
	const end = all.slice(grant + 1, woke + 1).find(h => mine(h, ['expired', 'ended', 'gone', 'released', 'returned', 'granted']) && 'store' in h && h.store === given.store)
	if (end !== undefined) {
		const what = end.kind === 'expired' ? 'ran out' : end.kind === 'ended' ? 'was ended by an operator' : end.kind === 'gone' ? 'went with its store' : end.kind === 'granted' ? `was replaced by a new grant` : 'was let go'
		return fails(end.at < paused.at || (end.at === paused.at && all.indexOf(end) < pause) ? `${name} held no lease when its process paused at ${time(paused.at)}: its lease ${what} at ${time(end.at)}` : `${name}'s lease ${what} at ${time(end.at)}, during its pause from ${time(paused.at)} to ${time(wake.at)}: it did not outlive the pause`, 0)
	}
	const step = (h: Happening) => runSteps(context.run).find(one => one.happenings.includes(h)) as StepFacts
	return { ...holds([saw(step(given), given), saw(step(paused), paused), saw(step(wake), wake)], wake.at), said: { events: [given], live: { worker, store: given.store, at: wake.at } } } as Verdict
}

/**
 * "A renews too late": a renewal by the worker in this step the lock answered "lost", whose lease had run out before it: the
 * lease of the worker's last grant before the renewal (of the store it renewed) ended by running out, not by an operator's end or
 * its store's restart, which the lock also answers "lost".
 */
export function renewedTooLate(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const name = context.name(worker)
	const refusals = happened(context.step, 'renew-refused', h => h.worker === worker)
	if (refusals.length === 0) {
		const taken = happened(context.step, 'renewed', h => h.worker === worker)[0]
		return fails(taken ? `the lock took ${name}'s renewal at ${time(taken.at)}: it came in time` : `${name} asked to renew nothing in this step`, 0)
	}
	const earlier = [...runSteps(context.run).filter(step => step.index < context.step.index).flatMap(step => step.happenings)]
	let why = ''
	for (const refusal of refusals) {
		if (refusal.reason !== 'lost') {
			why ||= `the lock answered that ${name} ${refusal.reason === 'none' ? 'held no lease' : 'had released its lease'}, not that its lease ran out`
			continue
		}
		const before = [...earlier, ...context.step.happenings.slice(0, context.step.happenings.indexOf(refusal))]
		const grants = before.filter((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === worker && (refusal.store === undefined || h.store === refusal.store))
		const grant = grants[grants.length - 1]
		if (grant === undefined) continue
		const end = before.slice(before.indexOf(grant) + 1).find(h => (h.kind === 'expired' || h.kind === 'ended' || h.kind === 'gone' || h.kind === 'released') && h.worker === worker && h.store === grant.store && h.fence === grant.fence)
		if (end?.kind === 'expired') return holds([saw(context.step, refusal)], refusal.at)
		if (end !== undefined) why ||= `${name}'s lease did not run out: it ${end.kind === 'ended' ? 'was ended by an operator' : end.kind === 'gone' ? 'went with its store' : 'was let go'} at ${time(end.at)}, and the lock answers "lost" to a renewal of a lease taken from it so; a renewal is too late after its lease ran out`
	}
	return fails(why || `the lock answered no renewal of ${name}'s as too late in this step`, 0)
}

/** "{lease} never runs out" (`fresh`: "{owner} new lease never runs out", of the lease held at the step's end, given after an earlier one). */
function neverRunsOut(slots: readonly Slot[], context: ClaimContext, fresh: boolean): Verdict {
	const worker = actorOf(slots[0])
	const name = context.name(worker)
	if (heldIn(context.step, worker).length === 0) return fails(`${name} holds no lease in this step, so "never runs out" tells of none`, 0)
	// Its latest lease at the step's end, and what ended it: in this step (its state then), else in a later step, else nothing (live at the scene's end).
	const lease = context.step.end.workers.get(worker)?.lease
	if (fresh) {
		// "Its new lease": the one it holds at the step's end, given after an earlier grant of the worker's; only that lease's end counts.
		if (lease === undefined) return fails(`${name} holds no lease in this step, so "never runs out" tells of none`, 0)
		const all = [...context.run.steps.slice(0, context.step.index), context.step].flatMap(step => step.happenings)
		const grant = all.findIndex(h => h.kind === 'granted' && h.worker === worker && h.store === lease.store && h.fence === lease.fence && h.at === lease.grantedAt)
		if (!all.slice(0, Math.max(0, grant)).some(h => h.kind === 'granted' && h.worker === worker)) return fails(`"new" says ${name} held a lease before this one, but the lease it holds, given at ${time(lease.grantedAt)}, is its first; drop "new"`, 0)
		const mine = happened(context.step, 'expired', h => h.worker === worker && h.store === lease.store && h.fence === lease.fence)[0]
		if (mine) return fails(`${name}'s new lease runs out at ${time(mine.at)}, in this step`, 0)
	} else {
		const here = happened(context.step, 'expired', h => h.worker === worker)[0]
		if (here) return fails(`${name}'s lease runs out at ${time(here.at)}, in this step`, 0)
		// "Never" is of the whole scene, as "never gets the key" is: a lease of the worker's that ran out in an earlier step makes it false.
		const before = context.run.steps.slice(0, context.step.index).flatMap(step => happened(step, 'expired', h => h.worker === worker).map(h => ({ step, h })))[0]
		if (before) return fails(`${name}'s lease ran out at ${time(before.h.at)}, in step ${before.step.index}: "never" is of the whole scene, as in "never gets the key"; of the lease it holds now, say "${name}'s new lease never runs out"`, 0)
		// And after it: a later lease of the worker's that runs out in a later step makes it false too.
		const after = laterSteps(context).flatMap(step => happened(step, 'expired', h => h.worker === worker).map(h => ({ step, h })))[0]
		if (after && (lease === undefined || after.h.store !== lease.store || after.h.fence !== lease.fence)) return fails(`${name}'s lease runs out at ${time(after.h.at)}, in step ${after.step.index}${after.h.fence === undefined ? '' : ` (its lease with fence ${showFence(after.h.fence)})`}: "never" is of the whole scene, any lease of ${name}'s; tell what holds in this step instead ("${name} holds the key")`, 0)
	}
	if (lease === undefined) return fails(`${name} holds no lease in this step, so "never runs out" tells of none`, 0)
	const now = leaseState(lease)
	const later = now !== 'live' ? undefined : laterSteps(context).flatMap(step => step.happenings.filter(h => (h.kind === 'expired' || h.kind === 'released' || h.kind === 'ended' || h.kind === 'gone') && h.worker === worker && h.store === lease.store && h.fence === lease.fence).map(h => ({ step, h })))[0]
	const kind = later === undefined ? now : later.h.kind
	const where = later === undefined ? ', in this step' : ` at ${time(later.h.at)}, in step ${later.step.index}`
	if (kind === 'expired') return fails(`${name}'s lease runs out${where}`, 0)
	if (kind === 'ended' || kind === 'gone') return fails(`${name}'s lease did not run out, but it did not last: ${kind === 'ended' ? 'an operator ended it' : 'it went with its store'}${where}; "never runs out" tells a lease kept until its holder lets go of it or the scene ends: tell its end${later === undefined ? '' : ` in step ${later.step.index}`} instead ("${kind === 'ended' ? `an operator ends ${name}'s lease` : `${name}'s lease is gone`}")`, 0)
	// Live at the scene's end: nothing renewing it then, it runs out after the scene unless its holder lets go first.
	const after = later === undefined && now === 'live' ? leftLive(context, worker, lease) : undefined
	if (after !== undefined && after.due === undefined) {
		const why = after.process === 'stopped' ? `${name}'s process is crashed or restarted then, so no code of its hold runs to renew it or let it go: it runs out at ${time(after.expiresAt)}` : `nothing renews it on its own then (${after.process === 'paused' ? `${name}'s process is paused` : 'its hold has renewal off'}): whether it runs out at ${time(after.expiresAt)} or ${name} lets go first, the scene does not show; add a step that reaches ${time(after.expiresAt)}, or say what holds at ${time(after.end)} ("${name}'s lease now ends at ${time(after.expiresAt)}")`
		return fails(`the scene ends at ${time(after.end)} with ${name}'s lease live, and ${why}`, 0)
	}
	// Live up to the step's end (or its let-go in the step): a renewal told before "so" that it needed to be live then is why it did not run out.
	const release = now === 'live' ? undefined : happened(context.step, 'released', h => h.worker === worker && h.store === lease.store)[0]
	const verdict = holds([{ kind: 'nothing', step: context.step.index, what: `an expiry of ${worker}'s lease from step ${context.step.index} on` }])
	return { ...verdict, said: { live: { worker, store: lease.store, at: release?.at ?? context.world.time } } } as Verdict
}

export const LEASE_END_FORMS: readonly ClaimForm[] = [
	{
		id: 'runs-out',
		places: STORY,
		tells: 'event',
		formula: "expired(w) ∈ step; of an old lease, expired(w) ∈ step is old(w)'s end",
		pattern: '{lease} runs out', alternatives: ["{lease} expires", "{lease} times out", "{lease} ran out", "{lease} expired", "{lease} lapses", "the lease of {worker} runs out/expires"],
		example: "A's lease runs out",
		meaning: "The worker's lease ran out in this step: its TTL passed without a renewal. A lease of its crashed process (its old lease) running out while its restarted process's lease lives is refused: say \"A's old lease runs out\". \"A's lease has run out\" is a state, not this event. \"A's old lease runs out\" (\"its lease from before the crash\") is the lease A's crashed process held when its process restarted, which the store kept: its own end, in this step, a running out.",
		check(slots, context) {
			const verdict = ended(slots, context, 'expired')
			if (!verdict.ok || isOld(slots[0])) return verdict
			// Of the worker's latest lease: its crashed process's old lease running out while the new one lives is told as the old lease's.
			const worker = actorOf(slots[0])
			const all = unused(context, happened(context.step, 'expired', h => h.worker === worker))
			const end = all.find(h => oldEndBesideLive(context, h) === undefined)
			if (end === undefined) return fails(oldEndBesideLive(context, all[0] as Happening) as string, 0)
			return holds([saw(context.step, end)], end.at)
		},
		each: 'expiry',
	},
	{
		id: 'runs-out-during-pause',
		places: STORY,
		tells: 'event',
		formula: "expired(w) ∈ step, and w's process is paused at its moment (its last paused, crashed or woke before it is a pause)",
		pattern: '{lease} runs out during the pause', alternatives: ["{lease} runs out during its pause", "{lease} expires during the/its pause", "{lease} times out during the/its pause"],
		example: "A's lease runs out during the pause",
		meaning: "The worker's lease ran out in this step while its process was paused: as \"A's lease runs out while A is paused\" says.",
		check(slots, context) {
			const verdict = ended(slots, context, 'expired')
			if (!verdict.ok) return verdict
			const worker = actorOf(slots[0])
			const expiry = unused(context, happened(context.step, 'expired', h => h.worker === worker))[0] as Of<'expired'>
			const last = happenedBefore(context, expiry).filter(h => (h.kind === 'paused' || h.kind === 'crashed' || h.kind === 'woke') && h.worker === worker).pop()
			if (last?.kind !== 'paused') return fails(`${context.name(worker)}'s process was not paused when its lease ran out at ${time(expiry.at)}${last?.kind === 'woke' ? `: it woke at ${time(last.at)}` : last?.kind === 'crashed' ? `: it had crashed at ${time(last.at)}` : ': it never paused before'}`, 0)
			return verdict
		},
		each: 'expiry',
	},
	{
		id: 'runs-out-after-renewal',
		places: STORY,
		tells: 'event',
		formula: "expired(w) ∈ step at t, and the last renewed(w) of that lease before it at t − D",
		pattern: '{lease} runs out {duration} after the/its last renewal', alternatives: ['{lease} runs out, {duration} after the/its last renewal', '{lease} expires {duration} after the/its last renewal', '{lease} expires, {duration} after the/its last renewal'],
		example: "A's lease runs out 10 s after its last renewal",
		meaning: 'The worker\'s lease ran out in this step, that long after the last renewal of it.',
		each: 'expiry',
		check(slots, context) {
			const done = ended(slots, context, 'expired')
			if (!done.ok) return done
			const expiry = happened(context.step, 'expired', h => h.at === done.at && h.worker === actorOf(slots[0]))[0] as Of<'expired'>
			const earlier = runSteps(context.run).filter(step => step.index <= context.step.index).flatMap(step => step.happenings)
			const grant = earlier.filter((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === expiry.worker && h.store === expiry.store && h.fence === expiry.fence && h.at <= expiry.at).pop()
			const renewal = earlier.filter((h): h is Of<'renewed'> => h.kind === 'renewed' && h.worker === expiry.worker && h.store === expiry.store && h.at <= expiry.at && (grant === undefined || h.at >= grant.at)).pop()
			if (renewal === undefined) return fails(`nothing renewed this lease of ${context.name(expiry.worker)} before it ran out at ${time(expiry.at)}`, 0)
			const after = expiry.at - renewal.at
			if (after !== numberOf(slots[1])) return fails(`${context.name(expiry.worker)}'s lease ran out at ${time(expiry.at)}, ${time(after)} after its last renewal at ${time(renewal.at)}`, 1)
			return holds([...done.evidence, saw(runSteps(context.run).find(step => step.happenings.includes(renewal)) ?? context.step, renewal)], expiry.at)
		},
	},
	{
		id: 'ttl-lease-runs-out',
		places: STORY,
		tells: 'event',
		formula: "expired(w) ∈ step, of a lease whose granted(w) gave it TTL D",
		pattern: '{owner} {duration} lease runs out', alternatives: ["{owner} {duration} lease expires", "{owner} {duration} lease times out"],
		example: "A's 30 s lease runs out",
		meaning: 'The worker\'s lease, given with that time to live, ran out in this step.',
		check(slots, context) {
			const end = ended(slots, context, 'expired')
			if (!end.ok) return end
			const expiry = unused(context, happened(context.step, 'expired', h => h.worker === actorOf(slots[0])))[0] as Of<'expired'>
			const grant = grantOfExpiry(context, expiry)
			const wanted = numberOf(slots[1])
			if (!grant) return fails(`the scene does not show when ${context.name(expiry.worker)} got the lease that ran out`, 0)
			if (grant.ttl !== wanted) return fails(`${context.name(expiry.worker)}'s lease that ran out had a TTL of ${time(grant.ttl)}`, 1)
			return end
		},
		each: 'expiry',
	},
	{
		id: 'is-gone',
		places: STORY,
		tells: 'event',
		formula: "gone(w) ∈ step",
		pattern: '{lease} is gone', alternatives: ["{lease} does not survive", "{lease} does not survive it", "{lease} is gone with it", "{lease} is gone with its store", "{lease} goes with it", "{lease} is lost with it", "{lease} is lost with its store"],
		example: "A's lease is gone",
		meaning: "The worker's lease went with its store in this step: the store restarted or was restored. \"Is lost with it\" (with the store) says the same: not of a lease that had ended before.",
		check: (slots, context) => ended(slots, context, 'gone'),
	},
	{
		id: 'does-not-survive-restart',
		places: STORY,
		tells: 'event',
		formula: "gone(w) ∈ step, with restarted(k) of its store at that moment",
		pattern: '{lease} does not survive the restart', alternatives: ["{lease} is gone with the restart"],
		example: "A's lease does not survive the restart",
		meaning: "The worker's lease went with its store in this step, and what took it was a restart (not a restore from a backup).",
		check(slots, context) {
			const verdict = ended(slots, context, 'gone')
			if (!verdict.ok) return verdict
			const gone = happened(context.step, 'gone', h => h.worker === actorOf(slots[0]))[0] as Of<'gone'>
			if (happened(context.step, 'restarted', h => h.store === gone.store && h.at === gone.at).length > 0) return verdict
			return fails(`${context.name(gone.store)} did not restart at ${time(gone.at)}: ${happened(context.step, 'restored', h => h.store === gone.store && h.at === gone.at).length > 0 ? 'it was restored from a backup, which took the lease' : 'something else took the lease'}`, 0)
		},
	},
	{
		id: 'store-forgets-lease',
		places: STORY,
		tells: 'event',
		formula: "gone(w) ∈ step, w's lease of s (its store restarted or was restored)",
		pattern: '{store} forgets {lease}', alternatives: ["{store} loses {lease}"],
		example: "the store forgets A's lease",
		meaning: "The worker's lease of that store went with it in this step: the store restarted or was restored from a backup and no longer knows the lease (\"The store restarts and forgets A's lease\").",
		check(slots, context) {
			const store = actorOf(slots[0])
			const worker = actorOf(slots[1])
			const gone = happened(context.step, 'gone', h => h.worker === worker && h.store === store)[0]
			if (gone) return holds([saw(context.step, gone)], gone.at)
			const other = happened(context.step, 'gone', h => h.worker === worker)[0]
			if (other) return fails(`${context.name(worker)}'s lease that went in this step was of ${context.name(other.store)}, not of ${context.name(store)}`, 0)
			return fails(`${context.name(store)} kept no lease of ${context.name(worker)}'s to forget in this step: no lease of ${context.name(worker)}'s went with a restart or a restore of it`, 1)
		},
	},
	{
		id: 'store-forgets-place',
		places: STORY,
		tells: 'event',
		formula: "restarted(s) or restored(s) ∈ step at t, w in line for s's key just before it",
		pattern: '{store} forgets {owner} place in line', alternatives: ["{store} forgets {owner} place", "{store} loses {owner} place( in line)"],
		example: "the store forgets B's place in line",
		meaning: "The store restarted or was restored from a backup in this step while the worker stood in line for its key: the store that opened knows no line, so the worker's place in it went (\"The store restarts and forgets B's place in line\").",
		check: (slots, context) => forgetsPlace(context, actorOf(slots[0]), actorOf(slots[1]), 1),
	},
	{
		id: 'store-forgets-lease-and-place',
		places: STORY,
		tells: 'event',
		formula: "restarted(s) or restored(s) ∈ step at t, a gone(v) of v's lease of s with it, and w in line for s's key just before it (one restart for both)",
		pattern: '{store} forgets( both) {lease} and {owner} place in line', alternatives: ["{store} forgets( both) {lease} and {owner} place"],
		example: "the store forgets both A's lease and B's place in line",
		meaning: "As \"{store} forgets {lease}\" and \"{store} forgets {owner} place in line\" together: one restart (or restore) of the store in this step took the first worker's lease, and the second worker stood in line for its key just before that same restart; the clause tells its moment.",
		check(slots, context) {
			const store = actorOf(slots[0])
			const lease = happened(context.step, 'gone', h => h.worker === actorOf(slots[1]) && h.store === store)[0]
			if (!lease) return fails(`${context.name(store)} kept no lease of ${context.name(actorOf(slots[1]))}'s to forget in this step: no lease of ${context.name(actorOf(slots[1]))}'s went with a restart or a restore of it`, 1)
			// One restart (or restore) took both: the lease went with it, and the worker stood in line just before it.
			const list = context.step.happenings
			const opens = list.flatMap((h, index) => ((h.kind === 'restarted' || h.kind === 'restored') && h.store === store ? [index] : []))
			const tookLease = (open: number): Of<'gone'> | undefined => {
				const next = opens.find(other => other > open) ?? list.length
				return list.slice(open + 1, next).find((h): h is Of<'gone'> => h.kind === 'gone' && h.worker === actorOf(slots[1]) && h.store === store)
			}
			const both = opens.find(open => tookLease(open) !== undefined && inLineBefore(context, actorOf(slots[2]), store, open))
			if (both === undefined) {
				const place = forgetsPlace(context, store, actorOf(slots[2]), 2)
				if (!place.ok) return place
				return fails(`no one restart of ${context.name(store)} took both: ${context.name(actorOf(slots[1]))}'s lease went at ${time(lease.at)}, when ${context.name(actorOf(slots[2]))} stood in no line for its key, and ${context.name(actorOf(slots[2]))}'s place went at another`, 2)
			}
			const open = list[both] as Of<'restarted'> | Of<'restored'>
			return holds([saw(context.step, tookLease(both) as Of<'gone'>), saw(context.step, open)], open.at)
		},
	},
	{
		id: 'is-lost',
		places: STORY,
		tells: 'state',
		formula: "lease(w, t) ran out, went with its store or was ended by an operator",
		pattern: '{lease} is lost',
		example: "A's lease is lost",
		meaning: "The worker's latest lease is lost when the step ends: it ran out, went with its store, or an operator ended it.",
		check: (slots, context) => lostAtEnd(slots, context),
	},
	{
		id: 'has-run-out',
		places: STORY,
		tells: 'state',
		formula: "lease(w, t) ran out (an expired(w) of it at or before t, in this step or an earlier one)",
		pattern: '{lease} has run out', alternatives: ["{lease} has already run out", "{lease} has expired", "{lease} has already expired", "{lease} has timed out", "{lease} has already timed out"],
		example: "A's lease has run out",
		meaning: "A state, not the event of a lease running out: the worker's latest lease ran out, in this step or an earlier one, and is not live at the clause's moment (\"The lock refuses, because A's lease has run out\", of a lease that ran out steps before). \"A's lease runs out\" is the event, in this step.",
		check: (slots, context) => latestLeaseIs(slots, context, state => state === 'expired', (state, lease) => (state === 'live' ? `'s lease has not run out: it is live until ${time(lease.expiresAt)}` : `'s lease did not run out: it ${state === 'gone' ? 'went with its store' : state === 'ended' ? 'was ended by an operator' : 'was let go'}`)),
	},
	{
		id: 'loses-lease',
		places: STORY,
		tells: 'event',
		formula: "expired(w), gone(w) or ended(w) ∈ step",
		pattern: '{worker} loses its lease',
		example: 'A loses its lease',
		meaning: "The worker's lease was lost in this step: it ran out, went with its store, or an operator ended it. A lease lost in an earlier step \"is lost\". Its crashed process's old lease lost while its restarted process's lease lives is not \"its lease\": that is refused.",
		check: (slots, context) => lostHere(slots, context),
	},
	{
		id: 'reads-as-lost',
		places: STORY,
		tells: 'state',
		formula: "lease(w, t) ran out, went with its store or was ended by an operator",
		pattern: '{lease} reads as lost',
		example: "A's lease reads as lost",
		meaning: "The worker's latest lease is lost when the step ends: it ran out, went with its store, or an operator ended it.",
		check: (slots, context) => lostAtEnd(slots, context),
	},
	{
		id: 'now-ends-at',
		places: STORY,
		tells: 'state',
		formula: "live(w, t) ∧ expiry(w, t) = T",
		pattern: '{lease} now ends at {time}', alternatives: ["{lease} now runs until/to {time}", "{lease} is now good until {time}", "{lease} now runs out/expires at {time}", "{lease} will now run out/expire at {time}", "{lease} will now end at {time}"],
		example: "A's lease now ends at 40 s",
		meaning: "The worker's lease is live when the step ends and runs out at that time unless renewed.",
		check: (slots, context) => endsAt(slots, context, false),
	},
	{
		id: 'keeps-key-until',
		places: STORY,
		tells: 'state',
		formula: "live(w, k, t) ∧ expiry(w, t) = T, and no later step lets that lease go, takes it or ends it before T, or renews it past T",
		pattern: '{worker} keeps {key} until {time}',
		example: 'A keeps the key until 40 s',
		meaning: "The worker's lease of the key is live when the step ends and runs out at that time (its lease now ends then), and no later step lets it go, takes it or has an operator end it sooner, or renews it past that time; nor, when the scene ends before then with that lease live, does its hold renew it on its own with its process running (the engine would renew it before then) or paused (a wake before then would renew it, which the scene does not show: not settled, refused); nor, renewal off, is its process then running or paused: its code, still in its hold, may let go before then, which the scene does not show (not settled, refused, as \"never lets go\" is). A lease that runs out inside the scene, or one left live by a crashed or restarted process, reads.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const lease = liveLease(context.world, worker)
			if (lease && !ofKey(slots[1], lease.store)) return fails(`${context.name(worker)}'s lease is of ${context.name(lease.store)}'s key`, 1)
			const verdict = endsAt([slots[0] as Slot, slots[2] as Slot], context, false)
			if (!verdict.ok) return verdict.slot === 1 ? { ...verdict, slot: 2 } : verdict
			// It keeps the key until then: a later step may not let it go or lose it sooner, nor renew it for longer.
			const end = lease === undefined ? undefined : endOfLease(context, worker, lease)
			if (lease !== undefined && end !== undefined && end.h.at < lease.expiresAt) return fails(`${context.name(worker)} does not keep the key until ${time(lease.expiresAt)}: its lease is ${endWord(end.h)} at ${time(end.h.at)}, in step ${end.step.index}`, 2)
			for (const step of laterSteps(context)) {
				const then = step.end.workers.get(worker)?.lease
				if (!lease || !then || then.grantedAt !== lease.grantedAt || then.store !== lease.store) break
				if ((then.gone || then.released || then.ended) && step.end.time < lease.expiresAt) return fails(`${context.name(worker)} does not keep the key until ${time(lease.expiresAt)}: its lease is ${then.gone ? 'gone' : then.ended ? 'ended by an operator' : 'let go'} by ${time(step.end.time)}, in step ${step.index}`, 2)
				// Nor renew it past then: "until 18 s" says the key was kept that long and no longer.
				if (then.expiresAt > lease.expiresAt) return fails(`${context.name(worker)} keeps the key past ${time(lease.expiresAt)}: it renews its lease in step ${step.index}, which moves its end to ${time(then.expiresAt)}`, 2)
				if (then.expired) break
			}
			// The scene ends before then with that lease live: a hold that renews it on its own, its process running, renews it before then.
			const after = lease === undefined ? undefined : leftLive(context, worker, lease)
			if (lease !== undefined && after?.due !== undefined && after.end < lease.expiresAt) return fails(renewsPast(context, worker, after, lease.expiresAt, `${context.name(worker)} does not keep the key until ${time(lease.expiresAt)}`), 2)
			const paused = lease === undefined ? undefined : pausedRenewer(context, worker, after, lease.expiresAt, `${context.name(worker)} keeps the key until ${time(lease.expiresAt)}`)
			if (paused !== undefined) return fails(paused, 2)
			const open = lease === undefined ? undefined : mayLetGoBefore(context, worker, after, lease.expiresAt, `${context.name(worker)} keeps the key until ${time(lease.expiresAt)}`)
			if (open !== undefined) return fails(open, 2)
			return verdict
		},
	},
	{
		id: 'keeps-key-until-then-lets-go',
		places: STORY,
		tells: 'event',
		formula: "live(w, k) at the step's start, and the first released(w, k) ∈ step is at T, with no granted(w, k) ∈ step before it",
		pattern: '{worker} keeps {key} until {time}, then lets go', alternatives: ['{worker} keeps {key} until {time} and then lets go', '{worker} holds {key} until {time}, then lets go'],
		example: 'A keeps the key until 20 s, then lets go',
		meaning: "The worker held a live lease of the key when the step began, kept it, and let go of that lease exactly at that time, in this step: it held the key up to that moment and let go then (\"then\" orders nothing more, the keeping ending at the let-go). A let-go at another moment, a lease that ran out or was taken first, or a key got only in this step is refused.",
		check: (slots, context) => keptUntilLetGo(slots, context),
	},
	{
		id: 'keeps-key-past',
		places: STORY,
		tells: 'state',
		formula: "live(w, k, t) ∧ granted(lease(w, t)) < T < t",
		pattern: '{worker} keeps {key} past {time}',
		alternatives: ['{worker} keeps holding {key} past {time}'],
		example: 'A keeps the key past 30 s',
		meaning: "The worker's lease of the key is live at the clause's moment, which is after that time, and it is one lease, given before that time (renewed or not): the worker held the key from before that time to after it, with no break. A lease that ran out cannot be renewed, so a lease live now was live all along since its grant.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const past = numberOf(slots[2])
			const now = context.world.time
			const lease = liveLease(context.world, worker)
			if (!lease) return fails(`${context.name(worker)} holds no live lease at ${time(now)}`, 0)
			if (!ofKey(slots[1], lease.store)) return fails(`${context.name(worker)}'s lease is of ${context.name(lease.store)}'s key`, 1)
			if (now <= past) return fails(`"past ${time(past)}" says ${context.name(worker)} still held the key after ${time(past)}, and this is ${time(now)}: say it at a later moment, or "${context.name(worker)} keeps the key until ${time(lease.expiresAt)}"`, 2)
			if (lease.grantedAt >= past) return fails(`${context.name(worker)}'s lease was given at ${time(lease.grantedAt)}, not before ${time(past)}: it did not hold the key from before ${time(past)} to after it`, 2)
			return holds([leaseEvidence(context.world, worker)], now)
		},
	},
	{
		id: 'ends-at',
		places: STORY,
		tells: 'state',
		formula: "live(w, t) ∧ expiry(w, t) = T, and no later step renews that lease, lets it go, takes it or ends it before T; of an old lease, old(w) not ended by the step's end, and its end an expired(w) at T (or, none seen, its grant's or last renewal's end = T)",
		pattern: '{lease} ends at {time}', alternatives: ['{lease} is live until {time}'],
		example: "A's lease ends at 40 s",
		meaning: "The worker's lease is live when the step ends and ends at that time: no later step renews it (which moves its end on; \"now ends at\" says the end it has now), lets it go, takes it or has an operator end it sooner; nor, when the scene ends before then with that lease live, does its hold renew it on its own with its process running (the engine would renew it before then) or paused (a wake before then would renew it, which the scene does not show: not settled, refused); nor, renewal off, is its process then running or paused: its code, still in its hold, may let go before then, which the scene does not show (not settled, refused, as \"never lets go\" is). A lease that runs out inside the scene, or one left live by a crashed or restarted process, reads. \"A's old lease ends at 30 s\" (\"is live until 30 s\") is of the lease A's crashed process held when its process restarted: not ended by the step's end, and it runs out at that time (no store takes it first).",
		check: (slots, context) => endsAt(slots, context, true),
	},
	{
		id: 'lets-go',
		places: STORY,
		tells: 'event',
		formula: "released(w) ∈ step",
		pattern: '{worker} lets go', alternatives: ["{worker} lets it go", "{worker} lets the key go", "{worker} gives the key back", "{worker} releases its place/slot", "{worker} frees its place/slot", "{worker} gives back its place/slot", "{worker} gives its place/slot back", "{worker} lets go of its place/slot"],
		example: 'A lets go',
		meaning: 'The worker released its lease in this step.',
		check: (slots, context) => letGo(slots, context),
	},
	{
		id: 'lets-go-at-once',
		places: STORY,
		tells: 'event',
		formula: "released(w) ∈ step, whose last happening of w's before it in the step is a granted(w) of the same store at the let-go's moment",
		pattern: '{worker} lets go at once', alternatives: ['{worker} lets go right away', '{worker} lets go immediately', '{worker} lets it go at once', '{worker} lets it go right away', '{worker} lets it go immediately'],
		example: 'A lets go at once',
		meaning: "The worker let go of its lease in this step the moment it got it: the key was given to it in this step, at the let-go's own moment, and nothing else of the worker's (a write, a renewal, a pause, an ask) came between the grant and the let-go, as \"saves at once\" reads of a write (\"Worker A gets the key with fence 1 and lets go at once\", or \"right away\", \"straight away\", \"immediately\"). Refused of a let-go later than the grant, however little, of one after other acts of the worker's, or of a worker given the key before this step.",
		check: (slots, context) => letGoAtOnce(slots, context),
	},
	{
		id: 'lets-go-long-before-end',
		places: STORY,
		quiet: true,
		tells: 'event',
		formula: "released(w) ∈ step at t (its first in the step), of the lease of w's last granted(w) g of that store before it; its end then e (the until of its last renewed(w) since g, else g.at + g.ttl), its TTL T (of that renewal's, else g's), and e − t ≥ T / 5",
		pattern: '{worker} lets go well before its lease would run out', alternatives: ['{worker} lets go well before its lease would expire', '{worker} lets go well before its lease runs out/expires'],
		example: 'A lets go well before its lease would run out',
		meaning: "The worker let go of its lease in this step (a let-go is only of a live lease), and much of the lease's time was left: from the let-go to the end the lease had then (its grant's TTL on, or its last renewal's), at least a fifth of its TTL, as every \"long\" of time is (a 30 s lease let go at 2 s, 28 s before its end). After a clause that tells the let-go, \", long before its lease would run out\" (or \"well before\") says it: \"At 2 s A lets go, long before its lease would run out\".",
		check: (slots, context) => letGoLongBeforeEnd(slots, context),
	},
	{
		id: 'leaves',
		places: STORY,
		tells: 'event',
		formula: "released(w) ∈ step",
		pattern: '{worker} leaves', alternatives: ["{worker} leaves its place/slot"],
		example: 'A leaves',
		meaning: "The worker let go of what it held in this step: it released its lease (a semaphore's place, or a lock's key). A worker that gave up waiting \"leaves the line\" instead.",
		check(slots, context) {
			const verdict = letGo(slots, context)
			if (verdict.ok) return verdict
			const worker = actorOf(slots[0])
			const left = context.step.happenings.find(h => (h.kind === 'gave-up' || h.kind === 'left') && h.worker === worker)
			if (left) return fails(`${context.name(worker)} held nothing to leave: it left the line at ${time(left.at)} without the key; say "${context.name(worker)} leaves the line"`, 0)
			return verdict
		},
	},
	{
		id: 'workers-let-go',
		places: STORY,
		tells: 'event',
		formula: "released(v) ∈ step for each v ∈ ws",
		pattern: '{workers} let go of {key}', alternatives: ["{workers} let go", "{workers} both/each/all let go", "{workers} both/each/all let go of {key}", "{workers} give back their places/slots", "{workers} leave", "{workers} leave their places/slots"],
		example: 'A and B let go',
		meaning: 'Each of those workers released its lease in this step ("A and B leave" says it as "A leaves" does of one).',
		check(slots, context) {
			const releases: Of<'released'>[] = []
			for (const id of actorsOf(slots[0])) {
				const release = happened(context.step, 'released', h => h.worker === id && ofKey(slots[1], h.store))[0]
				if (!release) return fails(`${context.name(id)} did not release a lease in this step`, 0)
				releases.push(release)
			}
			return eachHeld(context, releases)
		},
	},
	{
		id: 'lets-go-of',
		places: STORY,
		tells: 'event',
		formula: "released(w, k) ∈ step",
		pattern: '{worker} lets go of {key}',
		example: 'A lets go of the key',
		meaning: 'The worker released its lease in this step.',
		check: (slots, context) => letGo(slots, context),
	},
	{
		id: 'lets-go-too',
		places: STORY,
		tells: 'event',
		formula: "released(w) ∈ step, after a released(v) ∈ run by another worker v",
		pattern: '{worker} lets go too',
		example: 'B lets go too',
		meaning: 'The worker released its lease in this step, and another had released one before it.',
		check(slots, context) {
			const worker = actorOf(slots[0])
			// "too" says another let go before this release: in an earlier step, or earlier in this one.
			const release = happened(context.step, 'released', h => h.worker === worker)[0]
			const upTo = release === undefined ? context.step.happenings.length : context.step.happenings.indexOf(release)
			const earlier = runSteps(context.run).some(s => s.index < context.step.index && happened(s, 'released', h => h.worker !== worker).length > 0)
			const here = context.step.happenings.slice(0, upTo).some(h => h.kind === 'released' && h.worker !== worker)
			if (!earlier && !here) return fails('no other worker let go before', 0)
			return letGo(slots, context)
		},
	},
	{
		id: 'releases',
		places: STORY,
		tells: 'event',
		formula: "released(w, k) ∈ step",
		pattern: '{worker} releases {key}', alternatives: ["{worker} hands back {key}", "{worker} gives back {key}", "{worker} returns {key}"],
		example: 'A releases the key',
		meaning: 'The worker released its lease in this step.',
		check: (slots, context) => letGo(slots, context),
	},
	{
		id: 'function-returns',
		places: STORY,
		tells: 'event',
		formula: "released(w) ∈ step, else returned(w) ∈ step (its lease already lost)",
		pattern: '{owner} function returns', alternatives: ["{worker} is done", "{owner} code returns"],
		unoffered: ['{owner} code returns'],
		example: "A's function returns",
		meaning: "The worker's function ended, so hold released its lease in this step (not the code's own lease.release(), after which the function runs on), or, its lease already lost, hold let go of nothing as it returned.",
		check: (slots, context) => functionReturned(slots, context),
	},
	{
		id: 'hold-lets-go-of',
		places: STORY,
		tells: 'event',
		formula: "released(v, k) ∈ step, not called by v's code (hold's own let-go as v's function returned), v among the workers of the events the clause right before told, if it told any",
		pattern: 'the hold lets go of {key}', alternatives: ['the hold releases {key}'],
		example: 'the hold lets go of the key',
		meaning: "A hold let go of the key in this step for its worker, as the worker's function returned: a release the hold made, not one the worker's code called (lease.release(), after which its function runs on). \"The hold\" is the hold of a worker the clause right before told (\"A's code returns, and the hold lets go of the key\": A's), when that clause told something a worker did; else any worker's.",
		unoffered: ['the hold lets go of {key}', 'the hold releases {key}'],
		check: (slots, context) => holdLetGo(slots, context, undefined),
	},
	{
		id: 'hold-lets-go-of-owner-key',
		places: STORY,
		tells: 'event',
		formula: "released(w) ∈ step, not called by w's code (hold's own let-go as w's function returned)",
		pattern: 'the hold lets go of {owner} key', alternatives: ['the hold releases {owner} key'],
		example: "the hold lets go of A's key",
		meaning: "The worker's hold let go of its key in this step as its function returned: a release the hold made, not one its code called (lease.release(), after which its function runs on).",
		unoffered: ['the hold lets go of {owner} key', 'the hold releases {owner} key'],
		check: (slots, context) => holdLetGo(slots, context, actorOf(slots[0])),
	},
	{
		id: 'work-finishes',
		places: STORY,
		tells: 'event',
		formula: "function-returns(w)",
		pattern: '{owner} WORK finishes', alternatives: ['{owner} WORK is done', '{owner} WORK ends'],
		example: "A's work finishes",
		meaning: "The worker's work, or what the scene's code names it (\"A's export finishes\"), ended in this step with its function: it returned, as \"{owner} function returns\" says.",
		check(slots, context) {
			const verdict = functionReturned(slots, context)
			const worker = actorOf(slots[0])
			if (verdict.ok || happened(context.step, 'released', h => h.worker === worker).length > 0) return verdict
			return fails(`${context.name(worker)}'s function did not return in this step: its work ran on`, 0)
		},
	},
	{
		id: 'finishes-work',
		places: STORY,
		tells: 'event',
		formula: "function-returns(w), else wrote(w) ∈ step",
		pattern: '{worker} finishes( its work)', alternatives: ['{worker} finishes its/the WORK', '{worker} finishes DOING', '{worker} is done with its/the WORK', '{worker} is done DOING'],
		example: 'A finishes its work',
		meaning: "The worker's code got through its work in this step: it wrote what the work made (its first write of the step, the moment told), or its function returned (as \"{owner} function returns\" says), or both.",
		check(slots, context) {
			const returned = functionReturned(slots, context)
			const worker = actorOf(slots[0])
			const write = happened(context.step, 'wrote', h => h.worker === worker)[0]
			// Work that ends in a write ends at it ("A finishes its work, writes the index and lets go"); the return that
			// follows is told too, as what the work's end led to ("A finishes its work, so B gets the key").
			if (write && (!returned.ok || (returned.at !== undefined && write.at <= returned.at))) return holds([saw(context.step, write), ...(returned.ok ? returned.evidence : [])], write.at)
			if (returned.ok) return returned
			return fails(`${context.name(worker)} neither returned from its function nor wrote in this step: its work did not end here`, 0)
		},
	},
	{
		id: 'finishes-first',
		places: STORY,
		tells: 'event',
		formula: "function-returns(w) at t ∈ step, with no released(v) nor returned(v) by another worker v ∈ run before it, nor at t",
		pattern: '{worker} finishes first', alternatives: ['{worker} is done first', '{worker} finishes its WORK first', '{worker} is the first to finish( its WORK)', '{worker} is the first to be done', '{worker} finishes DOING first'],
		example: 'C finishes first',
		meaning: "The worker's function returned in this step, as \"{owner} function returns\" says (hold let go of its lease, or of nothing, its lease lost), and no other worker's had before it: no other worker let go of a lease (by its function's return or by its code's lease.release()) or returned from its function earlier in the run, nor at that moment. A write is not the end it compares: write \"saves first\" for that.",
		check(slots, context) {
			const done = functionReturned(slots, context)
			if (!done.ok) return done
			const worker = actorOf(slots[0])
			const end = happened(context.step, 'released', h => h.worker === worker && h.called !== true)[0] ?? happened(context.step, 'returned', h => h.worker === worker)[0]
			if (end === undefined) return done
			const list = context.step.happenings
			const other = (h: Happening): h is Of<'released'> | Of<'returned'> => (h.kind === 'released' || h.kind === 'returned') && h.worker !== worker
			const before = [...happenedBefore(context, end), ...list.slice(list.indexOf(end) + 1).filter(h => h.at === end.at)].find(other)
			if (before === undefined) return done
			const how = before.kind === 'returned' ? 'its function returned' : before.called === true ? 'its code let go' : 'its function returned and let go'
			return fails(`${context.name(before.worker)} was done ${before.at === end.at ? 'at the same moment' : 'before'}: ${how} at ${time(before.at)}, and ${context.name(worker)}'s function returned at ${time(end.at)}`, 0)
		},
	},
	{
		id: 'time-up',
		places: STORY,
		tells: 'event',
		formula: "each gave-up(v) ∈ step whose ask's wait is D, each expired(v) ∈ step whose lease's ttl, from its grant or last renewal, is D and ended D after it, and each woke(v) ∈ step D after its paused(v): at least one, all at one moment t, and no other such span running at t",
		pattern: 'the {duration} are up', alternatives: ['the {duration} is up'],
		example: 'the 20 s are up',
		meaning: "A span of that length ran out in this step, at the moment the clause tells: a worker's wait that long (it asked with that wait, and gave up at its end), or a lease's time to live that long (from its grant or its last renewal, and the lease ran out then), or a pause that long (up when its process wakes). \"The\" names one span: spans of that length that ran out in the step at two moments, or another still running then (a wait, a lease, a pause that ends later), are refused; say whose (\"B's 20 s are up\").",
		check: (slots, context) => timeUp(context, 0, numberOf(slots[0])),
	},
	{
		id: 'owner-time-up',
		places: STORY,
		tells: 'event',
		formula: "time-up(D), of w's wait or lease alone",
		pattern: '{owner} {duration} are up', alternatives: ['{owner} {duration} is up'],
		example: "B's 20 s are up",
		meaning: "The worker's wait of that length ran out in this step (it asked with that wait, and gave up at its end), or its lease's time to live of that length did (from its grant or its last renewal, and the lease ran out then), or its pause of that length did (its process woke).",
		check: (slots, context) => timeUp(context, 1, numberOf(slots[1]), actorOf(slots[0])),
	},
	{
		id: 'nobody-releases',
		places: STORY,
		tells: 'none',
		denies: true,
		formula: "no released(v, k) ∈ step, for any v",
		pattern: 'nobody releases {key}', alternatives: ["no one releases {key}", "nobody lets go", "no one lets go"],
		example: 'nobody releases the key',
		meaning: 'No worker released a lease of the key in this step. Before \"so\" (\"Nobody lets go, so at 3 s D gives up\"), it is why a give-up of that key in the step came: the worker\'s wait ran out with every holder keeping its place, no lease of the key ending from its ask to its give-up.',
		check(slots, context) {
			const key = slots[0]
			const release = happened(context.step, 'released', h => ofKey(key, h.store))[0]
			if (release) return fails(`${context.name(release.worker)} released its lease at ${time(release.at)}`, 0)
			return { ...holds([{ kind: 'nothing', what: `a release in step ${context.step.index}` }]), said: { kept: keyStore(key) ?? '' } } as Verdict
		},
	},
	{
		id: 'never-lets-go',
		places: STORY,
		tells: 'none',
		denies: true,
		formula: "w held a lease in the step ∧ no released(w) ∈ step, nor ∈ any later step while w's lease is still that one",
		pattern: '{worker} never lets go', alternatives: ['{worker} never lets it go', '{worker} never lets go of it', '{worker} never lets go of its lease', '{worker} never releases it', '{worker} never releases its lease'],
		example: 'A never lets go',
		meaning: 'The worker held a lease in this step and lets go of it in no step, this one or a later one: the lease ran out, was ended or went with its store instead, or the scene ended with its process crashed or restarted (no code of its hold runs to let go); a scene that ends with that lease live and its process running or paused does not settle it, and is refused.',
		check(slots, context) {
			const worker = actorOf(slots[0])
			if (heldIn(context.step, worker).length === 0) return fails(`${context.name(worker)} holds no lease in this step, so it has none to let go of`, 0)
			const here = happened(context.step, 'released', h => h.worker === worker)[0]
			if (here) return fails(`${context.name(worker)} lets go at ${time(here.at)}, in this step`, 0)
			// Of that lease: a later step lets go of it while it is still the worker's latest, not of one granted after it.
			const granted = context.step.end.workers.get(worker)?.lease?.grantedAt
			for (const step of laterSteps(context)) {
				if (step.start.workers.get(worker)?.lease?.grantedAt !== granted) break
				const later = happened(step, 'released', h => h.worker === worker)[0]
				if (later) return fails(`${context.name(worker)} lets go of this lease at ${time(later.at)}, in step ${step.index}`, 0)
			}
			const unsettled = mayLetGoAfter(context, worker, context.step.end.workers.get(worker)?.lease)
			if (unsettled !== undefined) return fails(unsettled, 0)
			return holds([{ kind: 'nothing', step: context.step.index, what: `a release by ${worker} from step ${context.step.index} on` }])
		},
	},
	{
		id: 'lease-never-runs-out',
		places: STORY,
		tells: 'none',
		denies: true,
		formula: "w held a lease in the step (live at its start or granted(w) ∈ step), no expired(w) ∈ step nor in any step before or after it, and w's latest lease at the step's end is not expired, ended nor gone at the end of the steps seen: let go, or still live",
		pattern: '{lease} never runs out', alternatives: ['{lease} never expires', '{lease} never times out', '{lease} never lapses'],
		example: "A's lease never runs out",
		meaning: "The worker held a lease in this step, and that lease never runs out: none of its leases ran out in this step or any step before or after it (\"never\" is of the whole scene), and the one it holds at the step's end is, at the end of the scene, let go, or still live with its hold renewing it on its own and its process running (a lease left live with renewal off or its process paused is not settled by the scene, and one whose process crashed runs out after it: refused). A lease an operator ended or its store lost did not run out but did not last either: refused, with what ended it.",
		check: (slots, context) => neverRunsOut(slots, context, false),
	},
	{
		id: 'new-lease-never-runs-out',
		places: STORY,
		tells: 'none',
		denies: true,
		formula: "w's lease at the step's end was granted after an earlier granted(w), held in the step, no expired(w) of that lease ∈ step, and at the end of the steps seen it is let go, or still live",
		pattern: '{owner} new lease never runs out', alternatives: ['{owner} new lease never expires', '{owner} new lease never times out', '{owner} new lease never lapses'],
		example: "A's new lease never runs out",
		meaning: "As \"{lease} never runs out\" says, of the worker's new lease only: the lease it holds at the step's end was given after an earlier lease of its (which may have run out), and that lease never runs out.",
		check: (slots, context) => neverRunsOut(slots, context, true),
	},
	{
		id: 'never-lets-go-of-key',
		places: STORY,
		tells: 'none',
		denies: true,
		formula: "w held a lease of key in the step ∧ no released(w, key) ∈ step, nor ∈ any later step while w's lease is still that one",
		pattern: '{worker} never lets go of {key}', alternatives: ['{worker} never releases {key}'],
		example: 'A never lets go of the key',
		meaning: 'The worker held a lease of the key in this step and lets go of it in no step, this one or a later one: the lease ran out, was ended or went with its store instead, or the scene ended with its process crashed or restarted (no code of its hold runs to let go); a scene that ends with that lease live and its process running or paused does not settle it, and is refused.',
		check(slots, context) {
			const worker = actorOf(slots[0])
			const key = slots[1]
			if (heldIn(context.step, worker).filter(lease => ofKey(key, lease.store)).length === 0) return fails(`${context.name(worker)} holds no lease of the key in this step, so it has none to let go of`, 0)
			const here = happened(context.step, 'released', h => h.worker === worker && ofKey(key, h.store))[0]
			if (here) return fails(`${context.name(worker)} lets go at ${time(here.at)}, in this step`, 0)
			const granted = context.step.end.workers.get(worker)?.lease?.grantedAt
			for (const step of laterSteps(context)) {
				if (step.start.workers.get(worker)?.lease?.grantedAt !== granted) break
				const later = happened(step, 'released', h => h.worker === worker && ofKey(key, h.store))[0]
				if (later) return fails(`${context.name(worker)} lets go of this lease at ${time(later.at)}, in step ${step.index}`, 0)
			}
			const held = context.step.end.workers.get(worker)?.lease
			const unsettled = held !== undefined && ofKey(key, held.store) ? mayLetGoAfter(context, worker, held) : undefined
			if (unsettled !== undefined) return fails(unsettled, 0)
			return holds([{ kind: 'nothing', step: context.step.index, what: `a release by ${worker} from step ${context.step.index} on` }])
		},
	},
	{
		id: 'renews',
		places: STORY,
		tells: 'event',
		formula: "renewed(w) ∈ step",
		each: 'renewal',
		pattern: '{worker} renews',
		example: 'A renews',
		meaning: 'The worker renewed its lease in this step.',
		check: (slots, context) => renewed(slots, context),
	},
	{
		id: 'renews-lease',
		places: STORY,
		tells: 'event',
		formula: "renewed(w) ∈ step",
		each: 'renewal',
		pattern: '{worker} renews {lease}', alternatives: ["{worker} extends/refreshes {lease}", "{owner} process renews/extends/refreshes {lease}"],
		example: 'A renews its lease',
		meaning: 'The worker renewed its lease in this step.',
		check: (slots, context) => ownRenewal(slots, context),
	},
	{
		id: 'renews-lease-again',
		places: STORY,
		tells: 'event',
		formula: "the renewed(w) ∈ step untold before, at least one, none with a granted(w) of its store between them, and a renewed(w) of that store before the last of them with no granted(w) of it between; this tells them all",
		each: 'renewal',
		pattern: '{worker} renews {lease} again', alternatives: ["{worker} extends/refreshes {lease} again", "{owner} process renews/extends/refreshes {lease} again"],
		example: 'A renews its lease again',
		meaning: "The worker renewed its lease in this step, and that lease had been renewed before: this tells every renewal of the worker's in the step the text has not told yet, all of one lease (no new grant to the worker between them), and one renewal of that lease comes before the last of them (in this step or an earlier one, after its grant). A lease's first renewal, told alone, is not one \"again\": refused.",
		check: (slots, context) => renewedAgain(slots, context),
	},
	{
		id: 'renews-lease-again-to',
		places: STORY,
		tells: 'event',
		formula: "renews-lease-again(w), and the last renewed(w) it tells has expiry T",
		each: 'renewal',
		pattern: '{worker} renews {lease} again, to {time}', alternatives: ["{worker} renews {lease} again to {time}"],
		example: 'A renews it again, to 11 s',
		meaning: "As \"{worker} renews {lease} again\" (a renewal of a lease renewed before), and the renewed lease now ends at that time: the last renewal it tells moved the lease's end there.",
		check(slots, context) {
			const verdict = renewedAgain(slots, context)
			if (!verdict.ok) return verdict
			const worker = actorOf(slots[0])
			const until = numberOf(slots[2])
			const told = unused(context, happened(context.step, 'renewed', h => h.worker === worker))
			const last = told.at(-1)
			if (last !== undefined && last.until !== until) return fails(`${context.name(worker)}'s renewal moved its lease's end to ${time(last.until)}, not ${time(until)}`, 2)
			return verdict
		},
	},
	{
		id: 'does-not-let-go',
		places: STORY,
		tells: 'none',
		denies: true,
		formula: "w held a lease in the step ∧ no released(w) ∈ step",
		pattern: '{worker} does not let go', alternatives: ["{worker} doesn't let go", "{worker} does not let it go", "{worker} doesn't let it go"],
		example: 'A does not let go',
		meaning: "The worker held a lease in this step and did not let go of it in this step (\"never lets go\" within the step): its lease may run out, be ended or go with its store.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			if (heldIn(context.step, worker).length === 0) return fails(`${context.name(worker)} holds no lease in this step, so it has none to let go of`, 0)
			const here = happened(context.step, 'released', h => h.worker === worker)[0]
			if (here) return fails(`${context.name(worker)} lets go at ${time(here.at)}, in this step`, 0)
			return holds([{ kind: 'nothing', step: context.step.index, what: `a release by ${worker} in step ${context.step.index}` }])
		},
	},
	{
		id: 'lease-outlives-pause',
		places: STORY,
		tells: 'state',
		// True of every step after a pause a lease outlived: never offered as a "did you mean".
		quiet: true,
		formula: "the pause told: w's last paused(w) before its last woke(w) up to the step's end, with no paused(w) after that woke; w's last granted(w) before the pause, with no expired, ended, gone, released or returned of w's lease of that store, nor a granted(w) of it, from that grant to the woke",
		pattern: '{lease} outlives the pause', alternatives: ['{lease} outlived/outlasts/outlasted the pause', '{lease} has outlived/outlasted the pause'],
		example: "A's lease outlives the pause",
		meaning: "The worker's lease was live all through its process's pause: the pause it woke from last by the step's end (in this step, or before it), and it is not paused again by then; the lease it held when the pause began did not run out, end, go with its store or get let go before it woke, and no new grant replaced it. A process still paused at the step's end has not outlived its pause yet: refused.",
		check: (slots, context) => outlivedPause(slots, context),
	},
	{
		id: 'keeps-renewing',
		places: STORY,
		tells: 'event',
		formula: "renewed(w) ∈ step at least twice, each one untold before, none refused, no end of w's lease (ran out, ended, gone) ∈ step, no released(w) or granted(w) between the first and the last; at e (the step's end, or released(w) after the last), w's process not paused or crashed, and e − last ≤ the longest gap between them",
		each: 'renewal',
		pattern: '{worker} keeps renewing {lease}( as it goes)', alternatives: ["{worker} keeps {lease} by renewing it", "{worker} keeps {lease} alive by renewing it", "{owner} process keeps renewing {lease}( as it goes)"],
		example: 'A keeps renewing its lease',
		meaning: "The worker renewed its own lease twice or more in this step, and this tells every one of those renewals; none was refused, the lease did not run out or end in the step, and all renew one lease: the worker neither let go nor was given a new one between them. Its renewing went on to the step's end (or to its letting go after the last renewal): no pause or crash of its process is in effect then, and its last renewal came no longer before that end than the longest gap between its renewals.",
		check: (slots, context) => keptRenewing(slots, context),
	},
	{
		id: 'keeps-renewing-every',
		places: STORY,
		tells: 'event',
		formula: "keeps-renewing(w) in step, and each of those renewed(w) came d after the renewed(w) or granted(w) of that lease before it (within 1 ms)",
		each: 'renewal',
		pattern: '{worker} keeps renewing {lease} every {duration}', alternatives: ["{worker} keeps renewing {lease} once every {duration}", "{worker} keeps {lease} by renewing it every {duration}", "{worker} keeps {lease} alive by renewing it every {duration}", "{owner} process keeps renewing {lease} every {duration}", "{owner} process keeps renewing {lease} once every {duration}"],
		example: 'A keeps renewing its lease every 10 s',
		meaning: "As \"A keeps renewing its lease\" says, and each of those renewals came that long after the one before it (its renewal before, in this step or an earlier one, or the lease's grant): the interval the engine renewed at, within a millisecond.",
		check: (slots, context) => keptRenewingEvery(slots, context),
	},
	{
		id: 'renews-until',
		places: STORY,
		tells: 'event',
		formula: "renewed(w) ∈ step, its new expiry T",
		each: 'renewal',
		pattern: '{worker} renews {lease} until {time}', alternatives: ["{worker} extends/refreshes {lease} until/to {time}", "{worker} renews {lease}, until {time}", "{worker} renews {lease} to {time}", "{worker} renews {lease}, to {time}"],
		example: 'A renews its lease until 50 s',
		meaning: 'The worker renewed its lease in this step, and the renewal moved its end to that time.',
		check: (slots, context) => ownRenewal(slots, context, { keep: h => h.until === numberOf(slots[2]), slot: 2, otherwise: (worker, other) => `${context.name(worker)}'s renewal moved its lease's end to ${time(other.until)}` }),
	},
	{
		id: 'renews-by-hand',
		places: STORY,
		tells: 'event',
		formula: "renewed(w) ∈ step, asked for by w's code (not hold's own renewal)",
		each: 'renewal',
		pattern: '{worker} renews {lease} by hand', alternatives: ["{worker} extends/refreshes {lease} by hand"],
		example: 'A renews its lease by hand',
		meaning: "The worker's code renewed its lease in this step (the scene's renew), not hold's own renewal in the background.",
		check: (slots, context) => ownRenewal(slots, context, { keep: h => h.auto !== true, slot: 0, otherwise: worker => `${context.name(worker)}'s lease was renewed by hold itself, in the background, not by hand` }),
	},
	{
		id: 'renews-by-hand-until',
		places: STORY,
		tells: 'event',
		formula: "renewed(w) ∈ step, asked for by w's code (not hold's own renewal), its new expiry T",
		each: 'renewal',
		pattern: '{worker} renews {lease} by hand until {time}', alternatives: ["{worker} renews {lease} by hand, until {time}", "{worker} extends/refreshes {lease} by hand until/to {time}", "{worker} renews {lease} by hand to {time}"],
		example: 'A renews its lease by hand until 50 s',
		meaning: "The worker's code renewed its lease in this step (the scene's renew, not hold's own renewal in the background), and that renewal moved its end to that time.",
		check: (slots, context) =>
			ownRenewal(slots, context, {
				keep: h => h.auto !== true && h.until === numberOf(slots[2]),
				slot: 2,
				otherwise(worker, other) {
					const own = unused(context, happened(context.step, 'renewed', h => h.worker === worker && h.auto !== true))[0]
					return own ? `${context.name(worker)}'s renewal by hand moved its lease's end to ${time(own.until)}` : `${context.name(worker)}'s lease was renewed by hold itself, in the background, not by hand (to ${time(other.until)})`
				},
			}),
	},
	{
		id: 'renewed-automatically',
		places: STORY,
		tells: 'event',
		formula: "renewed(w) ∈ step, each one by hold's own renewal (not asked for by w's code) and untold before; this tells them all",
		each: 'renewal',
		pattern: '{lease} is renewed automatically( in the background)', alternatives: ['{lease} is renewed automatically, in the background', '{lease} is automatically renewed( in the background)', '{lease} gets renewed automatically( in the background)', '{lease} is renewed in the background', '{lease} is renewed on its own', '{lease} is renewed by hold( in the background)'],
		example: "A's lease is renewed automatically",
		meaning: "The worker's lease was renewed in this step by hold's own renewal in the background (its renew option), not by the worker's code (\"renews its lease by hand\"): every renewal of it in the step, which this tells.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const all = happened(context.step, 'renewed', h => h.worker === worker)
			if (all.length === 0) return renewed(slots, context)
			const hand = all.find(h => h.auto !== true)
			if (hand) return fails(`${context.name(worker)}'s code renewed its lease by hand at ${time(hand.at)}: hold did not renew it on its own`, 0)
			if (unused(context, all).length < all.length) return fails(`this text told a renewal of ${context.name(worker)}'s in this step already; "is renewed automatically" tells all ${all.length}`, 0)
			return holds(all.map(h => saw(context.step, h)), (all[all.length - 1] as Happening).at)
		},
	},
	{
		id: 'renewed-as-it-works',
		places: STORY,
		tells: 'event',
		formula: "renewed(w) ∈ step, each untold before, at a moment w was at work: after w's last granted(w) of its store, with no released(w), returned(w) or finished(w) of that store, crashed(w), asked(w) or granted(w) between, and paused(w) false; at least one; this tells them all",
		each: 'renewal',
		pattern: '{lease} is renewed as it works', alternatives: ['{lease} gets renewed as it works'],
		example: "A's lease is renewed as it works",
		meaning: "The worker's lease was renewed in this step, at least once, while the worker was at work: its code in the body of the hold its last grant began (it had not let go, returned, crashed or asked for a key again since) and its process running, not paused. This tells every such renewal of the step not told yet; a renewal made when its work had ended, or none, is refused.",
		check: (slots, context) => renewedAsItWorks(slots, context),
	},
	{
		id: 'has-been-renewed-as-it-works',
		places: STORY,
		tells: 'state',
		formula: "w's last granted(w) g up to the step's end, with no released(w), returned(w) or finished(w) of its store, crashed(w), asked(w) or granted(w) after it up to the step's end; and a renewed(w) of g's store after g up to the step's end (this step or an earlier one) with paused(w) false at it",
		pattern: '{lease} has been renewed as it works', alternatives: ['{lease} has been renewed as it worked', '{lease} has been renewed while it works'],
		example: "A's lease has been renewed as it works",
		meaning: "The worker is in a hold when the step ends (given the key, its code not let go, returned, crashed nor asked for a key again since), and the lease of that hold was renewed at least once since its grant, in this step or an earlier one, at a moment its process was running: at work. A renewal of an earlier hold, none, or a worker whose code has left its hold is refused.",
		check: (slots, context) => hasBeenRenewedAsItWorks(slots, context),
	},
	{
		id: 'has-been-renewed',
		places: STORY,
		tells: 'state',
		formula: "up to the clause's moment (the step's end): w's last granted(w) g, with no released(w) or returned(w) of its store, crashed(w) nor asked(w) after it, no expired(w), gone(w) nor ended(w) of its store after it, and a renewed(w) of g's store after g (this step or an earlier one)",
		pattern: '{lease} has been renewed',
		example: "A's lease has been renewed",
		meaning: "By the clause's moment (the one it names, else the step's end) the worker's lease was renewed, by hand or on its own: the lease of its last grant, its code still in that hold (not let go, returned, crashed nor asked for a key again since) and the lease still live (not run out, gone with its store nor ended since), was renewed at least once after its grant, in this step or an earlier one. A lease never renewed, renewed only later, one of an earlier hold, or one ended since is refused.",
		check: (slots, context) => hasBeenRenewed(slots, context),
	},
	{
		id: 'would-have-run-out-but-keeps-renewing',
		places: STORY,
		tells: 'state',
		formula: "up to the clause's moment m (the step's end): w's last granted(w) g with g.at + g.ttl = T ≤ m; no expired, gone, ended, released nor returned of g's store after g; no crashed(w) nor asked(w) after g; paused(w, m) false; renewed(w) of g's store after g at least twice, one before T",
		pattern: '{lease} would have run out at {time}, but {worker} keeps renewing it', alternatives: ['{lease} would have run out at {time} but {worker} keeps renewing it', '{lease} would have expired at {time}, but {worker} keeps renewing it', '{lease} would have expired at {time} but {worker} keeps renewing it'],
		example: "A's lease would have run out at 4 s, but A keeps renewing it",
		meaning: "The worker's lease, as first granted (its last grant by the clause's moment, else the step's end: the grant's moment plus its TTL, not an end a renewal moved), would have ended at that time, a time already past; it did not: the lease has not ended since its grant (not run out, let go, gone nor ended), and the worker renewed it at least twice by then, by hand or on its own (as \"{worker} renews {lease}\" reads both), once before that time; its code is still in that hold (no crash, no new ask) and its process is not paused. A wrong time, a lease that ran out, one renewed once or never, or first renewed after that time is refused.",
		check: (slots, context) => wouldHaveRunOutButRenews(slots, context),
	},
	{
		id: 'asks-to-renew',
		places: STORY,
		tells: 'event',
		formula: "renewed(w) or renew-refused(w) ∈ step",
		pattern: '{worker} asks to renew {lease}', alternatives: ['{worker} tries to renew {lease}'],
		example: 'A asks to renew its lease',
		meaning: 'The worker asked to renew its lease in this step, whatever the lock answered.',
		check(slots, context) {
			const worker = actorOf(slots[0])
			if (actorOf(slots[1]) !== worker) return fails('a worker renews only its own lease', 1)
			const asked = context.step.happenings.find(h => (h.kind === 'renewed' || h.kind === 'renew-refused') && h.worker === worker)
			if (!asked) return fails(`${context.name(worker)} did not ask to renew in this step`, 0)
			return holds([saw(context.step, asked)], asked.at)
		},
	},
	{
		id: 'asks-to-renew-by-hand',
		places: STORY,
		tells: 'event',
		formula: "renewed(w) or renew-refused(w) ∈ step, asked for by w's code (not hold's own renewal)",
		pattern: '{worker} asks to renew {lease} by hand', alternatives: ['{worker} tries to renew {lease} by hand'],
		example: 'A tries to renew its lease by hand',
		meaning: "The worker's code asked to renew its lease in this step (the scene's renew, not hold's own renewal in the background), whatever the lock answered.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			if (actorOf(slots[1]) !== worker) return fails('a worker renews only its own lease', 1)
			const all = context.step.happenings.filter((h): h is Of<'renewed'> | Of<'renew-refused'> => (h.kind === 'renewed' || h.kind === 'renew-refused') && h.worker === worker)
			const asked = all.find(h => h.auto !== true)
			if (asked) return holds([saw(context.step, asked)], asked.at)
			if (all[0]) return fails(`${context.name(worker)}'s lease was renewed by hold itself, in the background, at ${time(all[0].at)}: its code asked for no renewal in this step`, 0)
			return fails(`${context.name(worker)} did not ask to renew in this step`, 0)
		},
	},
	{
		id: 'renews-no-more',
		places: STORY,
		tells: 'none',
		formula: "renewed(w) ∈ run up to the step, and none after the ones the text told; no renew-refused(w) ∈ step",
		each: 'renewal',
		pattern: '{worker} renews no more', alternatives: ["{worker} stops renewing", "{worker} does not renew again", "{worker} doesn't renew again"],
		example: 'A renews no more',
		meaning: 'The worker renewed its lease before, at most once in this step, and in no later step; and it did not ask to renew in this step only to be refused; nor does the scene end with its lease live, renewed on its own by its hold with its process running (its next renewal falls due after the scene).',
		check(slots, context) {
			const worker = actorOf(slots[0])
			const renewals = (step: StepFacts) => [...happened(step, 'renewed', h => h.worker === worker), ...happened(step, 'renew-refused', h => h.worker === worker)]
			const steps = runSteps(context.run)
			// "No more" says it renewed before: a worker that never renewed does not stop.
			if (!steps.some(step => step.index <= context.step.index && renewals(step).length > 0)) return fails(`${context.name(worker)} never renewed a lease before, so it does not stop renewing`, 0)
			const here = renewals(context.step).length
			if (here > 1) return fails(`${context.name(worker)} renews ${here} times in this step`, 0)
			// An ask to renew that the lock refused is still renewing: a worker that asks in this step has not stopped.
			const refused = happened(context.step, 'renew-refused', h => h.worker === worker)[0]
			if (refused) return fails(`${context.name(worker)} asks to renew at ${time(refused.at)}, in this step (the lock refused it): it has not stopped renewing`, 0)
			// A renewal in this step is one the text told before it stopped ("A renews, then renews no more").
			if (unused(context, happened(context.step, 'renewed', h => h.worker === worker)).length > 0) return fails(`${context.name(worker)} renews in this step; tell that renewal before saying it renews no more`, 0)
			const later = steps.find(step => step.index > context.step.index && renewals(step).length > 0)
			if (later) return fails(`${context.name(worker)} renews in step ${later.index}`, 0)
			// The scene ends with its lease live, renewed on its own by a running process: its next renewal falls due after the scene.
			const held = context.step.end.workers.get(worker)?.lease
			const after = held === undefined ? undefined : leftLive(context, worker, held)
			if (after?.due !== undefined) return fails(renewsPast(context, worker, after, undefined, `${context.name(worker)} has not stopped renewing`), 0)
			return { ...holds([{ kind: 'nothing', what: `a renewal by ${worker} after step ${context.step.index}` }]), said: { absent: { kind: 'renewed', worker } } } as Verdict
		},
	},
	{
		id: 'answers-lost',
		places: STORY,
		tells: 'event',
		formula: "renew-refused(w, lost) ∈ step",
		pattern: 'the lock/store/server answers that {lease} is lost', alternatives: ["the lock/store/server replies/says that {lease} is lost", "the lock/store/server replies/says {lease} is lost", "the lock/store/server answers {worker} that its lease is lost"],
		example: "the lock answers that A's lease is lost",
		meaning: "The worker asked to renew in this step, and the lock answered that its lease is lost (\"the lock says the lease is lost\", with or without \"that\").",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const answers = happened(context.step, 'renew-refused', h => h.worker === worker)
			const answer = answers.find(h => h.reason === 'lost') ?? answers[0]
			const taken = happened(context.step, 'renewed', h => h.worker === worker)[0]
			if (!answer && taken) return fails(`the lock renewed ${context.name(worker)}'s lease at ${time(taken.at)}, until ${time(taken.until)}: it did not answer that the lease is lost`, 0)
			if (!answer) return fails(`the lock answered no renewal of ${context.name(worker)}'s in this step`, 0)
			if (answer.reason !== 'lost') return fails(`the lock answered that ${context.name(worker)} ${answer.reason === 'none' ? 'held no lease' : 'had released its lease'}`, 0)
			return holds([saw(context.step, answer)], answer.at)
		},
	},
	{
		id: 'tells-lost',
		places: STORY,
		tells: 'event',
		formula: "renew-refused(w, lost) ∈ step, or ended(w) ∈ step with no crashed(w) since the grant of that lease, and w not paused then or woke(w) after it before any crashed(w) or process-restarted(w) (the lost event the lock sends the holder, which its process hears)",
		pattern: 'the lock/store/server tells {worker} it lost its lease', alternatives: ['the lock/store/server tells {worker} that it lost its lease', 'the lock/store/server tells {worker} it has lost its lease', 'the lock/store/server tells {worker} that it has lost its lease', 'the lock/store/server tells {worker}( that) its lease is/was lost', 'the lock/store/server tells {worker}( that) the lease is/was lost'],
		example: 'the lock tells A it lost its lease',
		meaning: "The lock told the worker in this step that its lease is lost: it answered a renewal so, or an operator ended the lease and the lock sent the holder the loss, while the process that held it was there to hear it (not crashed since the lease was given: a crashed process hears nothing, and a restarted one is another, which never held it; one paused then hears it only if it wakes later, before any crash or restart). A lease that ran out is told by no one.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const answered = context.step.happenings.find(h => h.kind === 'renew-refused' && h.reason === 'lost' && h.worker === worker)
			const ends = happened(context.step, 'ended', h => h.worker === worker)
			const heard = ends.find(end => typeof hearsEnd(context, end) !== 'string')
			const told = [answered, heard].filter((h): h is Of<'renew-refused'> | Of<'ended'> => h !== undefined).sort((x, y) => context.step.happenings.indexOf(x) - context.step.happenings.indexOf(y))[0]
			if (told) return holds([saw(context.step, told)], told.at)
			const unheard = ends[0]
			if (unheard) return fails(hearsEnd(context, unheard) as string, 0)
			const refused = happened(context.step, 'renew-refused', h => h.worker === worker)[0]
			if (refused) return fails(`the lock answered that ${context.name(worker)} ${refused.reason === 'none' ? 'held no lease' : 'had released its lease'}, not that it lost it`, 0)
			const expired = happened(context.step, 'expired', h => h.worker === worker)[0]
			if (expired) return fails(`${context.name(worker)}'s lease ran out at ${time(expired.at)}, and the lock told it nothing: it hears of the loss only when it asks (a renewal) or when an operator ends the lease`, 0)
			return fails(`the lock told ${context.name(worker)} of no lost lease in this step: it answered no renewal of its as lost, and no operator ended its lease`, 0)
		},
	},
	{
		id: 'learns-lost',
		places: STORY,
		tells: 'event',
		formula: "renew-refused(w, lost) ∈ step, or ended(w) ∈ step with no crashed(w) since that lease's grant, heard in the step (w not paused then, else woke(w) in the step after it before any crashed(w): then at the wake), or wrote(w) ∈ step refused by a database that checks fences, on a lease of w's lost before it (expired, gone or ended since its last grant, not released), by a row fence a grant after w's last grant gave",
		pattern: '{worker} learns that its lease was lost', alternatives: ['{worker} learns that its lease is lost', '{worker} learns that its lease has been lost', '{worker} learns its lease was/is lost', '{worker} learns that it lost its lease', '{worker} learns that it has lost its lease', '{worker} finds out that its lease was/is lost', '{worker} finds out that it lost its lease'],
		example: 'A learns that its lease was lost',
		meaning: "The worker was told in this step that its lease had ended: the lock answered a renewal of its as lost, an operator ended its lease (the lock sends the holder the loss, heard only by a process that did not crash since the lease was given, and, if it was paused then, when it wakes in this step before any crash: that wake is the moment), or a database that checks fences refused a write it made after its lease was lost (ran out, went with its store or was ended by an operator; not one it let go), with a row fence that came from a lease given after the worker's (one from before, its live lease would have met too, tells nothing). The first such answer in the step is the moment. A lease that ran out with no such answer is learned of by no one.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			// An operator's end is learned where the process hears it: at the end, or when it wakes after it in this step (paused then).
			const heardHere = (h: Of<'ended'>) => {
				const heard = hearsEnd(context, h)
				return typeof heard !== 'string' && heard.step === context.step.index
			}
			const told = context.step.happenings.find(h => (h.kind === 'renew-refused' && h.reason === 'lost' && h.worker === worker) || (h.kind === 'ended' && h.worker === worker && heardHere(h)) || (h.kind === 'wrote' && h.worker === worker && refusedAfterLoss(happenedBefore(context, h), h)))
			if (told) {
				const heard = told.kind === 'ended' ? (hearsEnd(context, told) as { woke?: Of<'woke'> }).woke : undefined
				return heard ? holds([saw(context.step, told), saw(context.step, heard)], heard.at) : holds([saw(context.step, told)], told.at)
			}
			const unheard = happened(context.step, 'ended', h => h.worker === worker)[0]
			if (unheard) {
				const heard = hearsEnd(context, unheard)
				if (typeof heard === 'string') return fails(heard.replace(' heard it', ' learned it'), 0)
				return fails(`${context.name(worker)}'s process was paused when its lease was ended at ${time(unheard.at)}, and woke only in step ${heard.step}, at ${time(heard.at)}: it learns of the loss then, not in this step`, 0)
			}
			const write = happened(context.step, 'wrote', h => h.worker === worker)[0]
			if (write !== undefined && write.changed) return fails(`${context.name(worker)}'s write at ${time(write.at)} was taken, and nothing else told it that its lease was lost: it learns so only from a refused write or renewal, or the lock's "lost" when an operator ends its lease`, 0)
			if (write !== undefined && write.live) return fails(`${context.name(worker)}'s write at ${time(write.at)} was made on a live lease, so its refusal told it nothing of a lost lease: it learns so only from a refused write or renewal after the loss, or the lock's "lost" when an operator ends its lease`, 0)
			if (write !== undefined && lossUnheard(happenedBefore(context, write), write) === 'old row') return fails(`${context.name(worker)}'s write at ${time(write.at)} was refused by ${context.name(write.database)}'s row fence ${write.before}, which came from no lease given after ${context.name(worker)}'s: its live lease would have been refused the same, so the refusal told it nothing of a lost lease`, 0)
			const expired = happened(context.step, 'expired', h => h.worker === worker)[0]
			if (expired) return fails(`${context.name(worker)}'s lease ran out at ${time(expired.at)}, and nothing told it so in this step: it learns of the loss only from a refused write or renewal, or the lock's "lost" when an operator ends its lease`, 0)
			return fails(`nothing told ${context.name(worker)} in this step that its lease was lost: the lock answered no renewal of its as lost, no operator ended its lease, and no database that checks fences refused a write it made after losing it`, 0)
		},
	},
	{
		id: 'unaware-of-loss',
		places: STORY,
		tells: 'state',
		// Never offered: "did you mean" of another clause would put a worker's knowing in place of what the author wrote.
		quiet: true,
		formula: "w's latest lease at t was lost (expired, gone or ended since its grant, not released), no crashed(w) or process-restarted(w) since that grant, and between the loss and t nothing told w's code: no renew-refused(w), no wrote(w) learns-lost accepts, no statement of w's code reading the lease's state (lost, signal, aborted, throwIfAborted, onLost) ran; refused where the sample gives the lease or its signal to a call or uses onLost; a telling event in the step ends it there",
		pattern: '{worker} does not know its lease was lost', alternatives: ['{worker} does not know( that) its lease was/is lost/ended', '{worker} does not know( that) its lease has been lost/ended', '{worker} does not know( that) its lease is gone', '{worker} does not know( that) its lease ran out/expired', '{worker} does not know( that) its lease has run out/expired', "{worker} doesn't know( that) its lease was/is lost/ended", "{worker} doesn't know( that) its lease has been lost/ended", "{worker} doesn't know( that) its lease is gone", '{worker} does not know( that) it lost its lease', '{worker} does not know( that) it has lost its lease', '{worker} is unaware', '{worker} is unaware( that) its lease was/is lost/ended', '{worker} is unaware( that) its lease has been lost/ended', '{worker} is unaware( that) its lease is gone', '{worker} never noticed', '{worker} has not noticed', '{worker} has never noticed', '{worker} did not notice', '{worker} still believes( that) it holds the key/lock', '{worker} still thinks( that) it holds the key/lock', '{worker} still believes( that) its lease is live', '{worker} still thinks( that) its lease is live'],
		example: 'A does not know its lease was lost',
		meaning: "What a worker's code learned of its lost lease: the worker's latest lease was lost (it ran out, an operator ended it, or it went with its store in a restart) before the clause's moment, its process did not crash or restart since the lease was given, and its code learned nothing of the loss between the loss and that moment: no renewal answered as refused, no write of its refused with the fence of a lease given after its own (as \"learns that its lease was lost\" has it), and no statement of its code sample that reads the lease's state (its `lost`, its `signal`, `aborted`, `throwIfAborted`, `onLost`) ran after the loss. However the lease was lost, its signal aborts and `lost` reads true, which only the code's reading learns. Where the sample gives the lease or its signal to a call, or uses `onLost`, the run cannot tell what its code learned, and the claim is refused. \"Unaware\", \"which never noticed\", \"not knowing its lease was ended\" and \"still believing it holds the key\" between commas after the worker or its act (\"A, not knowing its lease was ended, saves\") say it at that act, just before it. A lease still held, let go, lost by another worker, or whose loss its code learned is refused.",
		check: (slots, context) => unawareOfLoss(slots, context),
	},
	{
		id: 'nothing-renews',
		places: STORY,
		tells: 'none',
		formula: "w held a lease in the step ∧ no renewed(w) of it ∈ step or later, and its code renews none (renew: false, or w paused); after a clause of its sentence that told paused(w) p ∈ step (the last such): w's last granted(w) before p, with no end of that lease between them, and no renewed(w) of it ∈ step at p's moment or after, nor in a later step before woke(w), the lease's end or w's next granted of that store",
		pattern: 'nothing renews {lease}', alternatives: ["nobody renews {lease}", "no one renews {lease}", "nothing/nobody renews {lease} now", "no one renews {lease} now", "{worker} does not renew( it)", "{worker} does not renew its lease", "{worker} doesn't renew( it)", "{worker} doesn't renew its lease"],
		example: "nothing renews A's lease",
		meaning: "The worker held a lease in this step, and no renewal of it happened, in this step or a later one (\"now\" says the same: from now on). After a clause of its sentence that tells the worker's pause (\"At 3 s, A's process pauses, so nothing renews its lease\"), it is from that pause on: the worker held the lease live as it paused, and nothing renewed it at the pause's moment or after, in this step (by its hold or by hand, after a wake), nor in a later step before its process woke or the lease ended; a renewal before the pause is not of its words.",
		check: (slots, context) => nothingRenews(slots, context),
	},
	{
		id: 'renews-nothing',
		places: STORY,
		tells: 'none',
		denies: true,
		formula: "w held a lease in the step ∧ no renewed(w) ∈ step",
		pattern: '{worker} renews nothing',
		example: 'A renews nothing',
		meaning: "The worker held a lease in this step and renewed none in it (\"nothing renews A's lease\" says it of the later steps too): \"A is paused and renews nothing\".",
		check(slots, context) {
			const worker = actorOf(slots[0])
			if (heldIn(context.step, worker).length === 0) return fails(`${context.name(worker)} holds no lease in this step, so it has none to renew`, 0)
			const renewal = happened(context.step, 'renewed', h => h.worker === worker)[0]
			if (renewal) return fails(`${context.name(worker)} renewed its lease at ${time(renewal.at)}, in this step`, 0)
			return { ...holds([{ kind: 'nothing', step: context.step.index, what: `a renewal by ${worker}` }]), said: { absent: { kind: 'renewed', worker } } } as Verdict
		},
	},
	{
		id: 'nothing-renews-on-its-own',
		places: STORY,
		tells: 'none',
		denies: true,
		formula: "w held a lease in the step ∧ no renewed(w, auto) of it ∈ step or later, and w's last granted records a hold that renews none on its own (renew: false), or w is paused",
		pattern: 'nothing renews {lease} on its own', alternatives: ['nothing renews {lease} by itself', 'nothing renews {lease} automatically', 'nothing renews {lease} in the background'],
		example: "nothing renews A's lease on its own",
		meaning: "The worker held a lease in this step, and hold's own renewal in the background renewed it neither in this step nor a later one: only the worker's code may renew it (\"renews its lease by hand\").",
		check(slots, context) {
			const worker = actorOf(slots[0])
			if (heldIn(context.step, worker).length === 0) return fails(`${context.name(worker)} holds no lease in this step, so nothing could renew one`, 0)
			const own = happened(context.step, 'renewed', h => h.worker === worker && h.auto === true)[0]
			if (own) return fails(`hold renewed ${context.name(worker)}'s lease on its own at ${time(own.at)}`, 0)
			const granted = context.world.workers.get(worker)?.lease?.grantedAt
			for (const step of laterSteps(context)) {
				if (step.start.workers.get(worker)?.lease?.grantedAt !== granted) break
				const next = happened(step, 'renewed', h => h.worker === worker && h.auto === true)[0]
				if (next) return fails(`hold renews this lease of ${context.name(worker)} on its own at ${time(next.at)}, in step ${step.index}`, 0)
			}
			const paused = context.step.start.workers.get(worker)?.paused === true || context.step.end.workers.get(worker)?.paused === true
			if (lastGrantRenews(context, worker) && !paused) return fails(`the code sample's hold renews ${context.name(worker)}'s lease on its own while ${context.name(worker)} runs (renewal is on unless it says renew: false)`, 0)
			return holds([{ kind: 'nothing', step: context.step.index, what: `a renewal of ${worker}'s lease by hold on its own` }])
		},
	},
	{
		id: 'hold-renews-on-its-own',
		places: STORY,
		tells: 'none',
		// True of every step of most scenes with a code sample: never offered as a "did you mean".
		quiet: true,
		formula: "w held a lease in the step, whose granted(w) (the one the clause right before told, else the last up to the latest place the text told before it, else the first of the step after it; told first with nothing before it, the one whose lease was live at the step's start, else the step's first) records a hold that renews it on its own (renews: true: the code sample's hold has no renew: false), w's process was not crashed through the whole step, and no renewal falls due (every ttl/3 from the grant or its last renewed(w)) while w's process is down from a paused(w) or crashed(w) after the grant, in this step or before, with no renewed(w) of it after that before the lease ends (any end, or w's next granted) or the run does",
		pattern: '{owner} hold renews {lease} on its own', alternatives: ['{owner} hold renews {lease} by itself', '{owner} hold renews {lease} automatically', '{owner} hold renews {lease} in the background', '{owner} process renews {lease} on its own', '{owner} process renews {lease} by itself', '{owner} process renews {lease} automatically', '{owner} process renews {lease} in the background'],
		example: "A's hold renews its lease on its own",
		meaning: "The worker held a lease in this step, given by a hold that renews it on its own while the worker runs (the code sample's hold has no renew: false, as the run records), whether or not a renewal came yet: \"Worker A gets the key with fence 1 and a 10 s lease, which its hold renews on its own\" (or \"which its process renews on its own\", or, of that lease, just \"which its process renews\", \"which it renews as it goes\" or \"that renews on its own\"). The lease is the one the clause right before told (\"gets the key with fence 1 and a 10 s lease\"), else the worker's latest up to what the text told before it. Told first in the step with nothing told before it, the lease live when the step began, else the step's first grant. Of a hold with renew: false it is refused, of a process crashed through the whole step (its hold went with it), and where a renewal fell due (each third of the TTL after the grant or the last renewal) while the process was paused or crashed (a pause or crash from the grant up to this step, in any step) and none came before the lease ended, however it ended (ran out, let go, ended by an operator, gone with its store), or before the run's end.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const name = context.name(worker)
			if (isOld(slots[1])) return fails(`${name}'s old lease was its crashed process's hold's: no hold of a live process renews it`, 1)
			if (actorOf(slots[1]) !== worker) return fails(`a hold renews only its own worker's lease: ${name}'s hold renews no lease of ${context.name(actorOf(slots[1]))}'s`, 1)
			if (heldIn(context.step, worker).length === 0) return fails(`${name} holds no lease in this step, so no hold of its renews one`, 0)
			// A process crashed through the whole step runs no hold that could renew anything.
			if (context.step.start.workers.get(worker)?.crashed === true && context.step.end.workers.get(worker)?.crashed === true) return fails(`${name}'s process had crashed before this step, and its hold with it: nothing renews its lease on its own`, 0)
			const grant = toldGrant(context, worker)
			const step = runSteps(context.run).find(one => grant !== undefined && one.happenings.includes(grant))
			if (grant === undefined || step === undefined) return fails(`the engine gave ${name} no lease by this step`, 0)
			if (grant.renews !== true) return fails(`${name}'s hold renews nothing on its own: the run records the hold that gave its lease${grant.fence === undefined ? '' : ` with fence ${grant.fence}`} at ${time(grant.at)} with renewal off (the code sample's hold says renew: false, or the scene has no code sample)`, 0)
			const stopped = stoppedRenewal(context, grant)
			if (stopped !== undefined) return fails(`nothing renewed ${name}'s lease${grant.fence === undefined ? '' : ` with fence ${grant.fence}`}: its process ${stopped.stop.kind === 'paused' ? 'paused' : 'crashed'} at ${time(stopped.stop.at)}, and the renewal due at ${time(stopped.due)} never came${stopped.end === undefined ? '' : stopped.end.kind === 'granted' ? ` before ${name} got the key again at ${time(stopped.end.at)}` : ` before the lease ${stopped.end.kind === 'expired' ? 'ran out' : stopped.end.kind === 'released' ? 'was let go' : stopped.end.kind === 'gone' ? 'went with its store' : 'was ended by an operator'} at ${time(stopped.end.at)}`}`, 0)
			return holds([saw(step, grant)])
		},
	},
	{
		id: 'holds-with-renewal-off',
		places: STORY,
		tells: 'none',
		quiet: true,
		formula: "w held a lease of k in the step, whose granted(w, k) (the one the clause right before told, else the last up to the latest place the text told before it, else the first of the step after it; told first with nothing before it, the one whose lease was live at the step's start, else the step's first) records a hold that renews nothing on its own (renew: false, or no code sample), and no renewed(w, auto) of it after that grant, in any step, before w's next granted (renewals by hand may follow)",
		pattern: '{worker} holds {key} with renewal off', alternatives: ['{worker} holds {key} with renewal turned off', '{worker} holds {key} with automatic renewal off', '{worker} holds {key} with automatic renewal turned off', '{worker} with renewal off', '{worker} with renewal turned off', '{worker} with automatic renewal off', '{owner} hold has renewal off', '{owner} hold has renewal turned off'],
		example: 'A holds the key with renewal off',
		meaning: "The worker held a lease of the key in this step, given by a hold that renews nothing on its own (the code sample's hold says renew: false, as the run records), and hold renewed that lease on its own neither before nor after this step while it lasted; the worker's code may still renew it by hand: \"Worker A gets the key with fence 1 and a 6 s lease, with renewal turned off\". After a clause about the worker, \"and renewal is off\" (or \"and renewal off\": \"A holds the key with a 10 s lease and renewal off\") says the same of its hold, and after a lease, \"that does not renew on its own\" (or \"which its hold does not renew on its own\") does too: \"Worker A holds the key with a 4 s lease that does not renew on its own\" (a renewal by hand may follow, unlike \"a lease that is not renewed\").",
		check: (slots, context) => heldWithoutRenewal(slots, context, 'auto'),
	},
	{
		id: 'holds-without-renewing',
		places: STORY,
		tells: 'none',
		quiet: true,
		formula: "w held a lease of k in the step, whose granted(w, k) (the one the clause right before told, else the last up to the latest place the text told before it, else the first of the step after it; told first with nothing before it, the one whose lease was live at the step's start, else the step's first) records a hold that renews nothing on its own (renew: false, or no code sample), and no renewed(w) of it after that grant (on its own or by hand), in any step, before w's next granted",
		pattern: '{worker} holds {key} without renewing( it)',
		example: 'A holds the key without renewing it',
		meaning: "The worker held a lease of the key in this step, given by a hold that renews nothing on its own (renew: false), and nothing renewed that lease, on its own or by hand, in this step, before it or after it, while it lasted: \"A holds the key without renewing it\".",
		check: (slots, context) => heldWithoutRenewal(slots, context, 'any'),
	},
	{
		id: 'renewal-refused',
		places: STORY,
		tells: 'event',
		formula: "renew-refused(w) ∈ step",
		pattern: '{owner} renewal is refused', alternatives: ["{owner} renewal is rejected", "the lock/store/server refuses {owner} renewal", "the lock/store/server refuses to renew {lease}", "the lock/store/server rejects {owner} renewal"],
		example: "A's renewal is refused",
		meaning: 'The worker asked to renew its lease in this step, and the lock refused: the lease was lost, let go, or never held.',
		check(slots, context) {
			const worker = actorOf(slots[0])
			const refusal = happened(context.step, 'renew-refused', h => h.worker === worker)[0]
			if (!refusal) return fails(`the lock refused no renewal of ${context.name(worker)} in this step`, 0)
			return holds([saw(context.step, refusal)], refusal.at)
		},
	},
	{
		id: 'renews-too-late',
		places: STORY,
		tells: 'event',
		formula: "renew-refused(w, lost) ∈ step, and the lease of w's last grant before it (of that store) ended by expired(w) before it, not by ended(w) or gone(w)",
		pattern: '{worker} renews too late', alternatives: ["{worker} renewed too late", "{worker} asks to renew too late", "{worker} tries to renew too late", "{owner} renewal is/was too late", "{owner} renewal comes/came too late"],
		example: 'Worker A renews too late',
		meaning: "The worker asked to renew in this step and the lock answered that its lease is lost because it had run out: the lease of its last grant before the renewal ran out (its TTL passed with no renewal) before it asked. Not when the renewal was taken, nor when the lease was lost another way, whose answer is also \"lost\": ended by an operator (\"the operator ends A's lease\") or gone with its store's restart or restore; the renewal was not late then, the lease was taken from it.",
		check: (slots, context) => renewedTooLate(slots, context),
	},
	{
		id: 'nothing-has-renewed',
		places: STORY,
		tells: 'none',
		formula: "as nothing renews {lease}, and no renewed(w) of that lease ∈ an earlier step since its grant; at a moment t it names (in the step): no renewed(w) of w's last granted(w) at or before t, from that grant to t",
		upTo: true,
		pattern: 'nothing has renewed {lease}', alternatives: ["nobody has renewed {lease}", "no one has renewed {lease}", "nothing/nobody renewed {lease}", "no one renewed {lease}", "{worker} never renews( it)", "{worker} never renews its lease"],
		example: "nothing has renewed A's lease",
		meaning: "The worker held a lease in this step, and no renewal of it happened, in this step or before it since the lease was given, nor in a later step (\"A never renews its lease\" looks back too). With a moment (\"At 10 s nothing has renewed A's lease\"), a moment of this step: no renewal of the worker's lease at that moment (its last grant by then) happened from its grant up to that moment.",
		check(slots, context) {
			if (context.moment !== undefined) return notRenewedBy(slots, context, context.moment)
			const worker = actorOf(slots[0])
			const lease = context.world.workers.get(worker)?.lease
			const before = lease === undefined ? undefined : runSteps(context.run).filter(step => step.index < context.step.index).flatMap(step => happened(step, 'renewed', h => h.worker === worker && h.store === lease.store && h.at >= lease.grantedAt))[0]
			if (before) return fails(`${context.name(worker)} renewed this lease at ${time(before.at)}, before this step`, 0)
			// "Has renewed" looks back to the grant, whatever pause the sentence told: a renewal before the pause counts.
			return nothingRenews(slots, { ...context, sentencePauses: undefined })
		},
	},
	{
		id: 'lease-never-ran-out',
		places: STORY,
		quiet: true,
		tells: 'none',
		formula: "g = the last granted(w) ∈ run at or before t; no expired(w) of g's lease in the run from g up to t (t: the step's end, or a moment of the step the clause names)",
		upTo: true,
		pattern: '{lease} never ran out', alternatives: ['{lease} did not run out', '{lease} has never run out'],
		example: "A's lease never ran out",
		meaning: "The worker's latest lease, given by the clause's moment (the step's end, or a moment of this step it names), did not run out from its grant up to that moment, in this step or an earlier one: let go, taken or still live, but no expiry. Of the scene so far, not after: a lease that runs out in a later step never ran out yet.",
		check: (slots, context) => neverRanOut(slots, context),
	},
]

/** "A's lease never ran out": the worker's last grant by the clause's moment, and no expiry of that lease from the grant up to it. */
function neverRanOut(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const name = context.name(worker)
	if (isOld(slots[0])) return fails(`"never ran out" is of ${name}'s latest lease; of the lease its crashed process held, say "${name}'s old lease runs out" or what ended it`, 0)
	const at = context.moment ?? context.world.time
	if (at < context.step.start.time || at > context.world.time) return fails(`${time(at)} is not a moment of this step, which runs from ${time(context.step.start.time)} to ${time(context.world.time)}`, 0)
	const all = [...earlierHappenings(context), ...context.step.happenings]
	const from = all.map(h => h.kind === 'granted' && h.worker === worker && h.at <= at).lastIndexOf(true)
	if (from < 0) return fails(`${name} had been given no lease by ${time(at)}, so none of its could run out`, 0)
	const grant = all[from] as Of<'granted'>
	const expiry = all.slice(from + 1).find(h => h.kind === 'expired' && h.worker === worker && h.store === grant.store && (h.fence === undefined || h.fence === grant.fence) && h.at <= at)
	if (expiry) {
		const own = context.step.happenings.includes(expiry)
		return fails(`${name}'s lease, given at ${time(grant.at)}, ran out at ${time(expiry.at)}${own ? '' : ', before this step'}`, 0)
	}
	return holds([{ kind: 'nothing', step: context.step.index, what: `an expiry of ${worker}'s lease from ${time(grant.at)} up to ${time(at)}` }])
}

/**
 * "At 10 s nothing has renewed A's lease": a moment `at` of this step, the worker's last grant at or before it, and no renewal of that
 * lease from the grant up to it. It tells the absent renewal as a cause (of its lease running out) only when the worker renewed nothing
 * in the whole step: a renewal after the moment would make the lease's end no work of an absent renewal.
 */
function notRenewedBy(slots: readonly Slot[], context: ClaimContext, at: number): Verdict {
	const worker = actorOf(slots[0])
	const name = context.name(worker)
	if (at < context.step.start.time || at > context.world.time) return fails(`${time(at)} is not a moment of this step, which runs from ${time(context.step.start.time)} to ${time(context.world.time)}`, 0)
	const all = [...earlierHappenings(context), ...context.step.happenings]
	const from = all.map(h => h.kind === 'granted' && h.worker === worker && h.at <= at).lastIndexOf(true)
	if (from < 0) return fails(`${name} had been given no lease by ${time(at)}, so nothing could renew one`, 0)
	const grant = all[from] as Of<'granted'>
	const renewal = all.slice(from + 1).find(h => h.kind === 'renewed' && h.worker === worker && h.store === grant.store && h.at <= at)
	if (renewal) return fails(`${name} renewed this lease at ${time(renewal.at)}, by ${time(at)}: it was given at ${time(grant.at)}`, 0)
	const verdict = holds([{ kind: 'nothing', step: context.step.index, what: `a renewal of ${worker}'s lease from ${time(grant.at)} up to ${time(at)}` }])
	return happened(context.step, 'renewed', h => h.worker === worker).length > 0 ? verdict : ({ ...verdict, said: { absent: { kind: 'renewed', worker } } } as Verdict)
}

/**
 * "with renewal turned off" (`auto`) / "without renewing it" (`any`): the worker's last grant of the key by the step's end (its lease held
 * in the step) records a hold that renews nothing on its own, and no renewal of that lease (on its own only, for `auto`; any, for `any`)
 * followed its grant until the worker's next grant, in any step.
 */
function heldWithoutRenewal(slots: readonly Slot[], context: ClaimContext, which: 'auto' | 'any'): Verdict {
	const worker = actorOf(slots[0])
	const name = context.name(worker)
	if (!heldIn(context.step, worker).some(held => ofKey(slots[1], held.store))) return fails(`${name} holds no lease of the key in this step`, 0)
	const steps = [...runSteps(context.run).filter(step => step.index <= context.step.index), ...laterSteps(context)]
	const all = steps.flatMap(step => step.happenings.map(h => ({ step, h })))
	const upTo = all.filter(one => one.step.index <= context.step.index)
	const told = toldGrant(context, worker, store => ofKey(slots[1], store))
	const found = upTo.find(one => one.h === told)
	if (found === undefined) return fails(`the engine gave ${name} no lease of the key by this step`, 0)
	const grant = found.h as Of<'granted'>
	if (grant.renews === true) return fails(`the code sample's hold renews ${name}'s lease${grant.fence === undefined ? '' : ` with fence ${grant.fence}`} (given at ${time(grant.at)}) on its own while ${name} runs (renewal is on unless it says renew: false)`, 0)
	const after = all.slice(all.indexOf(found) + 1)
	const next = after.findIndex(one => one.h.kind === 'granted' && one.h.worker === worker)
	const renewal = (next < 0 ? after : after.slice(0, next)).find(one => one.h.kind === 'renewed' && one.h.worker === worker && one.h.store === grant.store && (which === 'any' || one.h.auto === true))
	if (renewal !== undefined) return fails(`${(renewal.h as Of<'renewed'>).auto === true ? 'hold' : name} renewed this lease${(renewal.h as Of<'renewed'>).auto === true ? ' on its own' : ''} at ${time(renewal.h.at)}${renewal.step.index === context.step.index ? '' : `, in step ${renewal.step.index}`}`, 0)
	// The absent renewal is a cause (of the lease running out) only when no renewal at all, by hand either, followed the grant.
	const any = (next < 0 ? after : after.slice(0, next)).some(one => one.h.kind === 'renewed' && one.h.worker === worker && one.h.store === grant.store)
	return any ? holds([saw(found.step, grant)]) : ({ ...holds([saw(found.step, grant)]), said: { absent: { kind: 'renewed', worker } } } as Verdict)
}

/**
 * The grant a clause about a worker's lease is of: the worker's grant (of a store that `fits`) that the clause right before it told
 * ("A gets the key with fence 1 and a 10 s lease, with renewal turned off": the fence-1 grant, though A gets the key again later in
 * the step), else its last grant up to the latest place of the step the clauses before it told (none reached: the step's first after it);
 * told with no place told before it in the step, the grant of the lease live at the step's start, else the step's first grant.
 */
function toldGrant(context: ClaimContext, worker: string, fits: (store: string) => boolean = () => true): Of<'granted'> | undefined {
	const told = (context.priorTold ?? []).filter((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === worker && fits(h.store)).pop()
	if (told !== undefined) return told
	const grants = runSteps(context.run).filter(step => step.index <= context.step.index).flatMap(step => happened(step, 'granted', h => h.worker === worker && fits(h.store)))
	// Else the last the text had reached: none of this step's after the latest place the clauses before it told.
	const place = context.toldPlace
	const list = context.step.happenings
	const mine = grants.filter(h => list.includes(h))
	// Told with nothing told before it in the step, the clause stands at the step's start: the lease live then, else the step's first grant.
	if (place === undefined) {
		const live = liveLease(context.step.start, worker)
		return live !== undefined && fits(live.store) ? (grants.filter(h => !list.includes(h)).pop() ?? mine[0]) : (mine[0] ?? grants.pop())
	}
	const reached = grants.filter(h => !list.includes(h) || h.at < place.at || (h.at === place.at && list.indexOf(h) <= place.order))
	// None reached yet: the first the text reaches after that place.
	return reached.pop() ?? mine[0] ?? grants.pop()
}

/** Whether the engine's last grant to the worker, by the step's end, records a hold that renews on its own while the worker runs. */
function lastGrantRenews(context: ClaimContext, worker: string): boolean {
	const grants = [...runSteps(context.run).filter(step => step.index <= context.step.index)].flatMap(step => happened(step, 'granted', h => h.worker === worker))
	return grants.at(-1)?.renews === true
}

/** The worker of slot 0 held a lease in this step and nothing renews it, in this step or a later one while it lasts. */
function nothingRenews(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	if (heldIn(context.step, worker).length === 0) return fails(`${context.name(worker)} holds no lease in this step, so nothing could renew one`, 0)
	// After a clause of its sentence that told this worker's pause: from that pause on (the latest such the sentence told).
	const pause = (context.sentencePauses ?? []).filter(h => h.worker === worker).sort((x, y) => context.step.happenings.indexOf(x) - context.step.happenings.indexOf(y)).pop()
	if (pause !== undefined) return nothingRenewsAfterPause(worker, pause, context)
	const renewal = happened(context.step, 'renewed', h => h.worker === worker)[0]
	if (renewal) return fails(`${context.name(worker)} renewed its lease at ${time(renewal.at)}`, 0)
	// Nothing renews it from here on: a renewal of the same lease in a later step makes this untrue.
	const granted = context.world.workers.get(worker)?.lease?.grantedAt
	for (const step of laterSteps(context)) {
		if (step.start.workers.get(worker)?.lease?.grantedAt !== granted) break
		const next = happened(step, 'renewed', h => h.worker === worker)[0]
		if (next) return fails(`${context.name(worker)} renews this lease at ${time(next.at)}, in step ${step.index}`, 0)
	}
	// The sample's hold renews while its worker runs: only a worker shown paused (or crashed) renews nothing.
	const paused = context.step.start.workers.get(worker)?.paused === true || context.step.end.workers.get(worker)?.paused === true
	if (lastGrantRenews(context, worker) && !paused) return fails(`the code sample's hold renews ${context.name(worker)}'s lease while ${context.name(worker)} runs (renewal is on unless it says renew: false); write renew: false in the sample, or show ${context.name(worker)} paused`, 0)
	return { ...holds([{ kind: 'nothing', step: context.step.index, what: `a renewal by ${worker}` }]), said: { absent: { kind: 'renewed', worker } } } as Verdict
}

/**
 * "At 3 s, A's process pauses, so nothing renews its lease": after a clause of its sentence that told the worker's pause in this step,
 * of the lease it held live as it paused (its last grant before the pause, not ended before it), nothing renewed that lease from the
 * pause on: no renewal of it in this step at the pause's moment or after it (a renewal at that very moment, though the engine made it
 * just before the pause, is no "nothing renews" from then), by its hold or by hand after a wake, and none in a later step before its
 * process woke, the lease ended or the worker was given that key again. A renewal before the pause, in this step, is not of its words.
 */
function nothingRenewsAfterPause(worker: string, pause: Of<'paused'>, context: ClaimContext): Verdict {
	const name = context.name(worker)
	const before = happenedBefore(context, pause)
	const grantAt = before.map(h => h.kind === 'granted' && h.worker === worker).lastIndexOf(true)
	const grant = before[grantAt] as Of<'granted'> | undefined
	const sameLease = (h: Happening): boolean => grant !== undefined && 'worker' in h && h.worker === worker && 'store' in h && h.store === grant.store
	const ends = (h: Happening): boolean => sameLease(h) && (h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended' || h.kind === 'returned')
	const endedFirst = grant === undefined ? undefined : before.slice(grantAt + 1).find(ends)
	if (grant === undefined || endedFirst !== undefined) return fails(`${name} held no live lease when its process paused at ${time(pause.at)}${endedFirst === undefined ? '' : ` (its lease had ${endedFirst.kind === 'expired' ? 'run out' : endedFirst.kind === 'gone' ? 'gone with its store' : endedFirst.kind === 'ended' ? 'been ended by an operator' : 'been let go'} at ${time(endedFirst.at)})`}, so nothing was left to renew from then on`, 0)
	const list = context.step.happenings
	const from = list.indexOf(pause)
	const woke = list.slice(from + 1).find(h => h.kind === 'woke' && h.worker === worker)
	const renewal = list.find((h, i) => h.kind === 'renewed' && sameLease(h) && i > list.indexOf(grant) && h.at >= pause.at)
	if (renewal !== undefined) {
		const how = renewal.kind === 'renewed' && renewal.auto === true ? 'its hold renewed it on its own' : 'its code renewed it by hand'
		if (list.indexOf(renewal) < from) return fails(`${name}'s lease was renewed at ${time(renewal.at)}, the very moment its process paused (${how} just before the pause): it was not left unrenewed from the pause on`, 0)
		return fails(`${name}'s lease was renewed at ${time(renewal.at)}, after its process paused at ${time(pause.at)}: ${woke === undefined ? how : `it woke at ${time(woke.at)}, and ${how}`}`, 0)
	}
	if (woke === undefined) {
		for (const step of laterSteps(context)) {
			for (const h of step.happenings) {
				if (h.kind === 'woke' && h.worker === worker) return nothingAfter(context, worker, pause)
				if (ends(h) || (h.kind === 'granted' && sameLease(h))) return nothingAfter(context, worker, pause)
				if (h.kind === 'renewed' && sameLease(h)) return fails(`${name}'s lease is renewed at ${time(h.at)}, in step ${step.index}, before its process wakes from the pause at ${time(pause.at)}`, 0)
			}
		}
	}
	return nothingAfter(context, worker, pause)
}

/** What "nothing renews its lease" after a pause held up: nothing, from that pause on. */
function nothingAfter(context: ClaimContext, worker: string, pause: Of<'paused'>): Verdict {
	return { ...holds([{ kind: 'nothing', step: context.step.index, what: `a renewal by ${worker} from its pause at ${time(pause.at)} on` }]), said: { absent: { kind: 'renewed', worker } } } as Verdict
}

/** A lease's end before its time: a let-go, a loss with its store, an operator's end. */
type LeaseEnd = Of<'released'> | Of<'gone'> | Of<'ended'>

/**
 * The let-go, loss with its store or operator's end of a worker's live lease that a later step tells, at its own
 * moment, in whatever step: the worker's first such happening of that store, unless the lease ran out first or
 * the worker was given the store's key again first (a later grant is a new lease, not this one).
 */
function endOfLease(context: ClaimContext, worker: string, lease: { store: string }): { h: LeaseEnd; step: StepFacts } | undefined {
	for (const step of laterSteps(context)) {
		for (const h of step.happenings) {
			if (!('worker' in h) || h.worker !== worker || !('store' in h) || h.store !== lease.store) continue
			if (h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended') return { h, step }
			if (h.kind === 'expired' || h.kind === 'returned' || h.kind === 'granted') return undefined
		}
	}
	return undefined
}

/** How a lease ended, in words. */
function endWord(h: LeaseEnd): string {
	return h.kind === 'gone' ? 'gone' : h.kind === 'ended' ? 'ended by an operator' : 'let go'
}

/** The worker's live lease runs out at slot 1's time; with `later`, no later step ends that lease sooner (a let-go, a restart that takes it, an operator's end). */
function endsAt(slots: readonly Slot[], context: ClaimContext, later: boolean): Verdict {
	const worker = actorOf(slots[0])
	if (isOld(slots[0])) return oldEndsAt(slots, context, worker)
	const lease = liveLease(context.world, worker)
	if (!lease) return fails(`${context.name(worker)} holds no live lease when the step ends${later ? oldHint(context, worker) : ''}`, 0)
	if (lease.expiresAt !== numberOf(slots[1])) return fails(`${context.name(worker)}'s lease runs out at ${time(lease.expiresAt)}`, 1)
	const end = later ? endOfLease(context, worker, lease) : undefined
	if (end && end.h.at < lease.expiresAt) return fails(`${context.name(worker)}'s lease ends sooner: it is ${endWord(end.h)} at ${time(end.h.at)}, in step ${end.step.index}`, 1)
	for (const step of later ? laterSteps(context) : []) {
		const then = step.end.workers.get(worker)?.lease
		if (!then || then.grantedAt !== lease.grantedAt || then.store !== lease.store) break
		// A renewal before that end moves it on: the lease does not end then, it only now ends then.
		if (then.expiresAt !== lease.expiresAt) return fails(`${context.name(worker)}'s lease does not end at ${time(lease.expiresAt)}: a renewal by step ${step.index} moves its end to ${time(then.expiresAt)}; it only now ends at ${time(lease.expiresAt)}`, 1)
		if ((then.gone || then.released || then.ended) && step.end.time < lease.expiresAt) return fails(`${context.name(worker)}'s lease ends sooner: it is ${then.gone ? 'gone' : then.ended ? 'ended by an operator' : 'let go'} by ${time(step.end.time)}, in step ${step.index}`, 1)
		if (then.expired) break
	}
	const after = later ? leftLive(context, worker, lease) : undefined
	if (after?.due !== undefined && after.end < lease.expiresAt) return fails(renewsPast(context, worker, after, lease.expiresAt, `${context.name(worker)}'s lease does not end at ${time(lease.expiresAt)}`), 1)
	const paused = pausedRenewer(context, worker, after, lease.expiresAt, `${context.name(worker)}'s lease ends at ${time(lease.expiresAt)}`)
	if (paused !== undefined) return fails(paused, 1)
	const open = mayLetGoBefore(context, worker, after, lease.expiresAt, `${context.name(worker)}'s lease ends at ${time(lease.expiresAt)}`)
	if (open !== undefined) return fails(open, 1)
	const verdict = holds([leaseEvidence(context.world, worker)], context.world.time)
	if (later) return verdict
	// "Now": the lease ends then since the renewal that set that end, which is what made it so ("A renews its lease, so it now ends at 50 s").
	const renewal = [...context.run.steps.slice(0, context.step.index), context.step]
		.flatMap(step => step.happenings)
		.filter((h): h is Extract<Happening, { kind: 'renewed' }> => h.kind === 'renewed' && h.worker === worker && h.store === lease.store && h.at >= lease.grantedAt && h.until === lease.expiresAt)
		.pop()
	return renewal && verdict.ok ? { ...verdict, said: { events: [...eventsOf(verdict.evidence, context), renewal] } } : verdict
}

function lostAtEnd(slots: readonly Slot[], context: ClaimContext): Verdict {
	return latestLeaseIs(slots, context, state => state !== 'live' && state !== 'released', (state, lease) => (state === 'live' ? `'s lease is live until ${time(lease.expiresAt)}` : ' released its lease: a released lease is not lost'))
}

/** The store restarted or was restored in this step while the worker stood in line for its key: the line it kept went with it. */
function forgetsPlace(context: ClaimContext, store: string, worker: string, slot: number): Verdict {
	const list = context.step.happenings
	const index = list.findIndex(h => (h.kind === 'restarted' || h.kind === 'restored') && h.store === store)
	if (index < 0) return fails(`${context.name(store)} neither restarted nor was restored in this step: it forgot no one's place`, 0)
	const open = list[index] as Of<'restarted'> | Of<'restored'>
	if (!inLineBefore(context, worker, store, index)) return fails(`${context.name(worker)} was not in line for ${context.name(store)}'s key when it ${open.kind === 'restarted' ? 'restarted' : 'was restored'}, at ${time(open.at)}: it had no place to forget`, slot)
	return holds([saw(context.step, open)], open.at)
}

/** The crash of the lease's holder between the grant of the lease an operator ended and that end: the lock's "lost" went to a process that was gone. */
function crashBeforeEnd(context: ClaimContext, end: Of<'ended'>): Of<'crashed'> | undefined {
	const before = happenedBefore(context, end)
	const grant = before.map(h => h.kind === 'granted' && h.worker === end.worker && h.store === end.store && h.fence === end.fence).lastIndexOf(true)
	return before.slice(Math.max(0, grant)).find((h): h is Of<'crashed'> => h.kind === 'crashed' && h.worker === end.worker)
}

/**
 * Whether the holder's process heard the lock's "lost" of an operator's end, and when: not if it crashed since the lease was given
 * (`crashBeforeEnd`); if it was paused at the end (its last pause before it not followed by a wake, a crash or a restart), only when it
 * woke after it, before any crash or restart of its process: `woke` is that wake (`step` its step), or why it heard nothing.
 */
function hearsEnd(context: ClaimContext, end: Of<'ended'>): { at: number; woke?: Of<'woke'>; step: number } | string {
	const name = context.name(end.worker)
	const crash = crashBeforeEnd(context, end)
	if (crash) return `${name}'s process crashed at ${time(crash.at)}, before its lease was ended at ${time(end.at)}: the lock sent the loss to a process that was gone, and nothing of ${name} heard it`
	const last = [...happenedBefore(context, end)].reverse().find(h => 'worker' in h && h.worker === end.worker && (h.kind === 'paused' || h.kind === 'woke' || h.kind === 'crashed' || h.kind === 'process-restarted'))
	if (last?.kind !== 'paused') return { at: end.at, step: context.step.index }
	const list = context.step.happenings
	const after = [...list.slice(list.indexOf(end) + 1).map(h => ({ h, step: context.step.index })), ...laterSteps(context).flatMap(step => step.happenings.map(h => ({ h, step: step.index })))]
	const next = after.find(({ h }) => 'worker' in h && h.worker === end.worker && (h.kind === 'woke' || h.kind === 'crashed' || h.kind === 'process-restarted'))
	if (next?.h.kind === 'woke') return { at: next.h.at, woke: next.h, step: next.step }
	const how = next === undefined ? 'and never woke in the scene' : next.h.kind === 'crashed' ? `and crashed at ${time(next.h.at)} without waking` : `and its process was restarted at ${time(next.h.at)} without waking`
	return `${name}'s process was paused from ${time(last.at)}, when its lease was ended at ${time(end.at)}, ${how}: no code of ${name}'s ran to hear the lock's "lost"`
}

/**
 * What the engine's state at the scene's end says of a worker's lease the scene leaves live, for a claim about what comes after it
 * ("keeps the key until", "never lets go"): undefined when the scene does not leave that lease live (a step, this one or a later
 * one, ended it, or the worker was given another), or when the run looks ahead only to a step (a claim those steps do not settle is
 * not judged). Else the scene's end, the moment the lease runs out as it stands, how its process is then (running; paused; or
 * stopped: crashed, or restarted since the grant, so no code of its hold runs any more), and, when the hold that gave it renews it
 * on its own and its process runs, `due`: the moment its next renewal falls due (a third of its time to live after its grant or its
 * last renewal), before its end, so the engine would renew it then unless its code let go first.
 */
export function leftLive(context: ClaimContext, worker: string, lease: { store: string; grantedAt: number }): { end: number; expiresAt: number; process: 'running' | 'paused' | 'stopped'; renews: boolean; due?: number } | undefined {
	if (context.run.lookAhead !== undefined) return undefined
	const final = context.run.steps[context.run.steps.length - 1]
	if (final === undefined || final.index < context.step.index) return undefined
	const then = final.end.workers.get(worker)
	const last = then?.lease
	if (last === undefined || last.grantedAt !== lease.grantedAt || last.store !== lease.store || leaseState(last) !== 'live') return undefined
	const all = runSteps(context.run).flatMap(step => step.happenings)
	const grantAt = all.map(h => h.kind === 'granted' && h.worker === worker && h.store === lease.store && h.at === lease.grantedAt).lastIndexOf(true)
	const grant = all[grantAt] as Of<'granted'> | undefined
	const since = grant === undefined ? [] : all.slice(grantAt + 1)
	const restarted = since.some(h => h.kind === 'process-restarted' && h.worker === worker)
	const process = then?.crashed === true || restarted ? 'stopped' : then?.paused === true ? 'paused' : 'running'
	const renews = grant?.renews === true
	if (grant === undefined || !renews || process !== 'running') return { end: final.end.time, expiresAt: last.expiresAt, process, renews }
	const renewal = since.filter((h): h is Of<'renewed'> => h.kind === 'renewed' && h.worker === worker && h.store === lease.store).pop()
	const ttl = since.filter((h): h is Of<'renewed'> => h.kind === 'renewed' && h.worker === worker && h.store === lease.store && h.ttl !== undefined).pop()?.ttl ?? grant.ttl
	return { end: final.end.time, expiresAt: last.expiresAt, process, renews, due: (renewal?.at ?? grant.at) + ttl / 3 }
}

/** Why a claim that a renewal does not come (by the moment `until`, if one is named) is refused of a lease `leftLive` finds a renewal due for. */
function renewsPast(context: ClaimContext, worker: string, after: { end: number; due?: number }, until: number | undefined, claim: string): string {
	const name = context.name(worker)
	const due = after.due ?? after.end
	return `${claim}: the scene ends at ${time(after.end)} with ${name}'s lease live and ${name}'s process running, and its hold renews that lease on its own, so its next renewal is due at ${time(due)}${until === undefined ? '' : `, before ${time(until)}`}, unless its code lets go first, which the scene does not show; add a step that reaches ${time(until ?? due)}, or say what holds at ${time(after.end)}${until === undefined ? '' : ` ("${name}'s lease now ends at ${time(until)}")`}`
}

/**
 * Why a claim that the lease the scene leaves live ends at its end as it stands (`until`: "keeps the key until", "ends at") is not
 * settled, or undefined: the scene ends before then with the worker's process paused and its hold renewing that lease on its own,
 * so if it wakes before then its hold renews the lease past that end, and whether it does the scene does not show.
 */
function pausedRenewer(context: ClaimContext, worker: string, after: ReturnType<typeof leftLive>, until: number, claim: string): string | undefined {
	if (after === undefined || after.process !== 'paused' || !after.renews || after.end >= until) return undefined
	const name = context.name(worker)
	return `the scene ends at ${time(after.end)} with ${name}'s lease live and ${name}'s process paused, and its hold renews that lease on its own: if ${name} wakes before ${time(until)} it renews the lease past ${time(until)} or lets go first, so whether ${claim} the scene does not show; add a step that reaches ${time(until)}, or say what holds at ${time(after.end)} ("${name}'s lease now ends at ${time(until)}")`
}

/**
 * Whether the scene leaves the lease live with code of its hold that may yet run after the scene's end (its process running or
 * paused, not crashed nor restarted): what that code does next (let go, renew) the scene does not show, so a claim of what comes after
 * it ("never lets go", "keeps the key until", "ends at") is not settled. One judgement, shared by those forms.
 */
function codeMayYetAct(after: ReturnType<typeof leftLive>): after is NonNullable<ReturnType<typeof leftLive>> {
	return after !== undefined && after.process !== 'stopped'
}

/**
 * Why a claim that the lease the scene leaves live ends as it stands (`until`: "keeps the key until", "ends at") is not settled, or
 * undefined: the scene ends before then with its hold's code still able to run (`codeMayYetAct`), which may let go before then.
 */
function mayLetGoBefore(context: ClaimContext, worker: string, after: ReturnType<typeof leftLive>, until: number, claim: string): string | undefined {
	if (!codeMayYetAct(after) || after.end >= until) return undefined
	const name = context.name(worker)
	return `the scene ends at ${time(after.end)} with ${name}'s lease live (until ${time(after.expiresAt)}) and its code still in its hold, its process ${after.process}${after.renews ? '' : ' and renewal off'}: ${name} may let go before ${time(until)}, so whether ${claim} the scene does not show; end the scene later (a step that reaches ${time(until)}), or show the release, or say what holds at ${time(after.end)} ("${name}'s lease now ends at ${time(until)}")`
}

/** Why "never lets go" is not settled of the worker's lease at the step's end, or undefined: the scene ends with it live and its process not stopped, its code still in its hold, which may yet let go. */
function mayLetGoAfter(context: ClaimContext, worker: string, lease: { store: string; grantedAt: number } | undefined): string | undefined {
	const after = lease === undefined ? undefined : leftLive(context, worker, lease)
	if (!codeMayYetAct(after)) return undefined
	const name = context.name(worker)
	return `the scene ends at ${time(after.end)} with ${name}'s lease live (until ${time(after.expiresAt)}) and its code still in its hold, its process ${after.process === 'paused' ? 'paused' : 'running'}: whether ${name} lets go after that, the scene does not show; add a step where its lease ends, or say what holds at ${time(after.end)} ("${name} holds the key at the end")`
}

/** How the engine's record told a worker's code that its lease was lost, in words, for messages. */
function toldHow(context: ClaimContext, told: Happening): string {
	const name = context.name('worker' in told ? told.worker : '')
	if (told.kind === 'renew-refused') return `the lock answered a renewal of ${name}'s as ${told.reason === 'lost' ? 'lost' : told.reason === 'none' ? 'of no lease' : 'of a lease let go'} at ${time(told.at)}`
	return `${told.kind === 'wrote' ? `the database refused ${name}'s write at ${time(told.at)} with the fence of a lease given after its own` : `at ${time(told.at)}`}`
}

/**
 * Whether a worker's code does not know its lease was lost, at the clause's moment (the moment it names, else the step's end): walking
 * the run up to then, the worker's lease (its latest grant) was lost (ran out, went with its store, or an operator ended it), its process
 * neither crashed nor restarted since the grant, and nothing the engine records told its code of the loss between the loss and then: no
 * refused renewal answered to it, no write of its refused by a database that checks fences with the fence of a lease given after its own. A telling in the step ends the
 * state there (`until`): a participle or an aside before the act that tells it ("A, not knowing its lease was ended, saves") reads. An
 * operator's end tells at once: the lock sends the holder the loss, which its process hears before its code runs on (paused, as it wakes).
 */
function unawareOfLoss(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const name = context.name(worker)
	const moment = context.moment
	let state: 'none' | 'live' | 'let go' | 'stopped' | 'lost' | 'told' = 'none'
	let loss: { h: Happening; step: number } | undefined
	let told: { h: Happening; step: number } | undefined
	let stop: Happening | undefined
	let grant: Of<'granted'> | undefined
	let given: bigint[] = []
	const ends = leaseEnds(context.run)
	const tell = (h: Happening, step: number) => {
		state = 'told'
		told = { h, step }
	}
	for (const step of runSteps(context.run).filter(one => one.index <= context.step.index)) {
		for (const h of step.happenings) {
			if (step.index === context.step.index && moment !== undefined && h.at > moment) break
			if (h.kind === 'granted' && h.worker !== worker && grant !== undefined && h.store === grant.store && h.fence !== undefined) given.push(h.fence)
			if (!('worker' in h) || h.worker !== worker) continue
			if (h.kind === 'granted') {
				state = 'live'
				grant = h
				given = []
				loss = undefined
				told = undefined
			} else if (h.kind === 'released') {
				if (state === 'live' && ends.get(h) === grant) state = 'let go'
			} else if (h.kind === 'crashed' || h.kind === 'process-restarted') {
				if (state !== 'none') state = 'stopped'
				stop = h
			} else if (h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') {
				// The end of its latest grant's lease, not of another it held (its crashed process's old lease, which outlived the restart).
				if (state === 'live' && ends.get(h) === grant) {
					state = 'lost'
					loss = { h, step: step.index }
				}
				// An operator's end tells the code no more than a lease that ran out: its signal aborts and `lost` reads true, which only the
				// code's own statements that read them learn (`leaseReadAfter`).
			} else if (h.kind === 'renew-refused') {
				if (state === 'lost') tell(h, step.index)
			} else if (h.kind === 'wrote') {
				if (state === 'lost' && !h.changed && h.fenced && h.noFence !== true && !h.live && given.includes(h.before)) tell(h, step.index)
			}
		}
	}
	const when = moment === undefined ? 'the step ends' : time(moment)
	if (state === 'none') return fails(`${name} held no lease by the time ${moment === undefined ? 'the step ends' : `of ${when}`}, so it had none to lose`, 0)
	if (state === 'live') return fails(`${name}'s lease is not lost: ${name} holds it when ${moment === undefined ? 'the step ends' : `it is ${when}`} (given at ${time(grant?.at ?? 0)}), so there is nothing it does not know`, 0)
	if (state === 'let go') return fails(`${name} let go of its lease, which was not lost: a worker's code knows it let go`, 0)
	if (state === 'stopped') return fails(`${name}'s process ${stop?.kind === 'crashed' ? 'crashed' : 'was restarted'} at ${time(stop?.at ?? 0)}, after its last grant: a crashed process knows nothing, and a restarted one never held that lease, so what it does not know is not told by a caption`, 0)
	const lost = loss as { h: Happening; step: number }
	const here = context.step.index
	const verdict: Extract<Verdict, { ok: true }> = lost.step === here ? { ok: true, evidence: [saw(context.step, lost.h)], at: lost.h.at } : { ok: true, evidence: [leaseEvidence(context.step.start, worker)], at: context.step.start.time }
	const { h: by, step: byStep } = (told ?? {}) as { h?: Happening; step?: number }
	if (by !== undefined && byStep !== here) return fails(`${name}'s code was told its lease was lost in step ${byStep}: ${toldHow(context, by)}`, 0)
	if (by !== undefined && moment !== undefined && by.at < moment) return fails(`${name}'s code was told its lease was lost before ${when}: ${toldHow(context, by)}`, 0)
	const unknowable = leaseGiven(context.run.statements ?? [])
	if (unknowable !== undefined) return fails(`${unknowable}: whether ${name}'s code learned of the loss there, the run does not tell, so that ${name} does not know its lease was lost is not checked; a scene whose code reads nothing of its lease but its fence (\`save(…, lease.fence)\`) tells it, or show the act itself ("${name}'s code goes on", "${name} saves with its old fence N")`, 0)
	const read = leaseReadAfter(context, worker, lost, moment)
	if (read?.unsound !== undefined) return fails(`line ${read.line} of the sample, which ${name}'s code ran at ${time(read.at)}${read.step === here ? '' : `, in step ${read.step}`}, after the loss (${time(lost.h.at)}), reads ${read.reads === 'a property by a computed name' ? read.unsound : `${read.reads}, ${read.unsound}`}: what its code learned there the run cannot tell, so that ${name} does not know its lease was lost is not checked; a sample read soundly names what it reads (\`lease.signal.aborted\`, \`lease.lost\`), or reads nothing of its lease after the loss but its fence`, 0)
	if (read !== undefined) return fails(`${name}'s code read its lease's state after the loss (${time(lost.h.at)}): line ${read.line} of the sample, which reads ${read.reads}, ran at ${time(read.at)}${read.step === here ? '' : `, in step ${read.step}`}, and there its code learns that the lease was lost; a worker does not know of its loss only while its code reads nothing of it (no \`lease.lost\`, no \`lease.signal\`), no renewal of its is refused and no write of its refused for its fence`, 0)
	if (by === undefined) return verdict
	return { ...verdict, until: by.at, endedBy: context.step.happenings.indexOf(by), unended: `${name}'s code was told its lease was lost before the step ends: ${toldHow(context, by)}; tell that ("${name} learns that its lease was lost"), or tell this before it` }
}

/** The words of a statement that read a lease's state: its `lost`, its `signal` (`aborted`, `throwIfAborted`), an `onLost` callback. */
const LEASE_STATE_WORDS = ['lost', 'signal', 'aborted', 'throwIfAborted', 'onLost']

/** The words of a lease's state a statement of the sample reads (names, calls, calls that may run), none when it reads none. */
function leaseStateWords(statement: StatementFact | undefined): string[] {
	if (statement === undefined) return []
	const words = new Set([...statement.calls, ...(statement.names ?? []), ...(statement.maybe ?? [])])
	return LEASE_STATE_WORDS.filter(word => words.has(word))
}

/**
 * Why a sample's code may learn of its lease's loss where no statement of its reads it, so that the run cannot tell whether it did: it
 * uses `onLost` (a callback the lock calls), passes a lease's signal to a call (a fetch it aborts), or gives the lease itself (a name a
 * hold's function takes, or a hold's value) to a call, whose code may read it. Undefined when it does none of these.
 */
function leaseGiven(statements: readonly StatementFact[]): string | undefined {
	const leases = new Set(statements.filter(statement => statement.calls.some(call => call === 'hold' || call === 'tryHold')).flatMap(statement => statement.declares ?? []))
	for (const statement of statements) {
		const words = leaseStateWords(statement)
		if (words.includes('onLost')) return `line ${statement.line} of the sample uses \`onLost\`, a callback the lock calls when the lease is lost`
		if (words.includes('signal') && (statement.given ?? []).some(call => call.call !== 'throwIfAborted')) return `line ${statement.line} of the sample may pass its lease's signal to a call, which the loss aborts`
		const given = (statement.given ?? []).find(call => call.args.some(arg => 'name' in arg && leases.has(arg.name)))
		if (given !== undefined) return `line ${statement.line} of the sample gives its lease to \`${given.call}\`, whose code may read its state`
	}
	return undefined
}

/**
 * The first statement of a worker's code that reads its lease's state (`leaseStateWords`) and ran after the loss (in the loss's step,
 * after it; in a later step, any) and not after the clause's moment, up to the clause's step: there its code learns of the loss.
 */
function leaseReadAfter(context: ClaimContext, worker: string, lost: { h: Happening; step: number }, moment: number | undefined): { line: number; at: number; step: number; reads: string; /** What makes the read one the run cannot read soundly. */ unsound?: string } | undefined {
	const statements = context.run.statements ?? []
	// Names bound to the lease's signal (or `lost`) under another name: reading one reads the lease's state.
	const aliases = new Set(statements.flatMap(statement => statement.aliases ?? []))
	const lossIndex = (lost.step === context.step.index ? context.step : (context.run.steps[lost.step] as StepFacts)).happenings.indexOf(lost.h)
	for (const step of [...context.run.steps.slice(lost.step, context.step.index), context.step]) {
		for (const line of step.ran ?? []) {
			if (line.worker !== worker || line.statement === undefined) continue
			// Before the loss: a line that ran at its moment, placed before it (a loss is noticed late and placed back at its moment, so a
			// line that ran later in time is after it whatever place it was given).
			if (step.index === lost.step && line.order <= lossIndex && line.at <= lost.h.at) continue
			if (step.index === context.step.index && moment !== undefined && line.at > moment) continue
			const statement = statements[line.statement]
			const words = leaseStateWords(statement)
			if (words.length > 0) return { line: line.line, at: line.at, step: step.index, reads: words.map(word => `\`${word}\``).join(', ') }
			const alias = [...(statement?.calls ?? []), ...(statement?.names ?? []), ...(statement?.maybe ?? [])].filter(name => aliases.has(name))
			if (alias.length > 0) return { line: line.line, at: line.at, step: step.index, reads: alias.map(name => `\`${name}\``).join(', '), unsound: 'a name the sample binds to its lease\'s signal (or `lost`) under another name' }
			if (statement?.computed === true) return { line: line.line, at: line.at, step: step.index, reads: 'a property by a computed name', unsound: 'a property by a computed name (`x[…]`), which may be its lease\'s state' }
		}
	}
	return undefined
}
