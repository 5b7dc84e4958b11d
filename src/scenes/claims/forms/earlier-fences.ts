/**
 * Claims that a worker's fence is larger than every fence given before it: before its grant ("larger
 * than every earlier fence"), or before its store last restarted ("larger than any fence from before
 * the restart"). Told after a comma, they are the fence's of the clause before ("A gets fence 5000:1,
 * larger than any fence from before the restart"), as `read.ts` reads words that describe a fence.
 */
import type { ClaimContext, ClaimForm, Slot, Verdict } from '../form.ts'
import type { Happening } from '../../frame.ts'
import { showFence } from '../fence-notation.ts'
import { actorOf, fails, grantOfLease, happened, holds, leaseEvidence, saw, time } from '../query.ts'
import type { Of } from '../query.ts'

const STORY = ['caption', 'note'] as const

/**
 * The worker of slot 0's latest fence is larger than each fence any store gave (a grant with a fence,
 * to any worker) before the grant of that lease, or, `sinceRestart`, before the latest restart of its
 * lease's store up to the text's moment, which came before that grant; at least one fence was given then.
 */
function largerThanEvery(slots: readonly Slot[], context: ClaimContext, sinceRestart: boolean): Verdict {
	const worker = actorOf(slots[0])
	const lease = context.world.workers.get(worker)?.lease
	if (lease?.fence === undefined) return fails(`${context.name(worker)} has no fence`, 0)
	const fence = lease.fence
	const grant = grantOfLease(context, worker)
	if (grant === undefined) return fails(`${context.name(worker)}'s fence ${showFence(fence)} was given in no step of the scene`, 0)
	const all: Happening[] = [...context.run.steps.slice(0, context.step.index), context.step].flatMap(step => step.happenings)
	// "Earlier" is up to the clause's moment when it is after the grant (a stale write's fence: every grant until the write).
	const moment = context.moment ?? context.priorEvent
	const untilNow = !sinceRestart && moment !== undefined && moment > grant.at
	let before = untilNow ? all.filter(h => h !== grant && h.at <= moment) : all.slice(0, all.indexOf(grant))
	// The restart: the store's latest, up to the text's moment; the fence was given after it.
	const restart = sinceRestart ? all.filter((h): h is Of<'restarted'> => h.kind === 'restarted' && h.store === lease.store).pop() : undefined
	if (sinceRestart) {
		if (restart === undefined) return fails(`${context.name(lease.store)} has not restarted: there is no "before the restart" (a restore is no restart)`, 0)
		if (all.indexOf(restart) > all.indexOf(grant)) return fails(`${context.name(worker)}'s fence ${showFence(fence)} is itself from before the restart: ${context.name(lease.store)} gave it at ${time(grant.at)} and restarted at ${time(restart.at)}`, 0)
		before = before.slice(0, before.indexOf(restart))
	}
	const given = before.filter((h): h is Of<'granted'> & { fence: bigint } => h.kind === 'granted' && h.fence !== undefined)
	const when = sinceRestart ? `before ${context.name(lease.store)} restarted at ${time((restart as Of<'restarted'>).at)}` : untilNow ? `by ${time(moment)}, when the clause before tells` : `before ${context.name(worker)}'s fence ${showFence(fence)}`
	// The fences the databases' rows held when the scene began were given before it, too.
	if (!sinceRestart) {
		for (const [database, row] of context.run.steps[0]?.end.databases ?? []) {
			if (row.fence !== undefined && row.fence >= fence) return fails(`${context.name(worker)}'s fence ${showFence(fence)} is not larger than ${showFence(row.fence)}, which ${context.name(database)}'s row held when the scene began`, 0)
		}
	}
	if (given.length === 0) return fails(`no store gave a fence ${when}, so there is none it is larger than`, 0)
	const largest = given.reduce((top, h) => (h.fence > top.fence ? h : top))
	if (!(fence > largest.fence)) return fails(`${context.name(worker)}'s fence ${showFence(fence)} is not larger than ${showFence(largest.fence)}, which ${context.name(largest.store)} gave ${context.name(largest.worker)} at ${time(largest.at)}, ${when}`, 0)
	return { ...holds([leaseEvidence(context.world, worker)], context.world.time), said: { events: [...(restart === undefined ? [] : [restart]), grant] } } as Verdict
}

/**
 * Every fence a store gave up to the clause's moment is larger than the one it gave before; at least one pair. "The one
 * before" says one sequence: of the store `store` names, or, naming none, of the one store that gave fences by then (fences of
 * two stores are no one sequence, and the words do not say whose: refused, with the form that names the store).
 */
function eachLarger(context: ClaimContext, store?: string): Verdict {
	const upTo = context.world.time
	const steps = [...context.run.steps.slice(1, context.step.index), context.step]
	const given = steps.flatMap(step => happened(step, 'granted', h => h.fence !== undefined && h.at <= upTo && (store === undefined || h.store === store)).map(h => ({ step, h: h as Of<'granted'> & { fence: bigint } })))
	const stores = [...new Set(given.map(({ h }) => h.store))]
	if (store === undefined && stores.length > 1) return fails(`${stores.map(one => context.name(one)).join(' and ')} both gave fences by ${time(upTo)}, and fences of two stores are no one sequence: "the one before" does not say whose; say which, like "each fence from ${context.name(stores[0] as string)} was larger than the one before"`)
	const last = new Map<string, Of<'granted'> & { fence: bigint }>()
	let pairs = 0
	for (const { h } of given) {
		const before = last.get(h.store)
		if (before !== undefined) {
			if (!(h.fence > before.fence)) return fails(`${context.name(h.store)} gave ${context.name(h.worker)} fence ${showFence(h.fence)} at ${time(h.at)}, not larger than fence ${showFence(before.fence)}, which it gave ${context.name(before.worker)} before, at ${time(before.at)}`)
			pairs++
		}
		last.set(h.store, h)
	}
	if (pairs === 0) return fails(`${store === undefined ? 'no store gave' : `${context.name(store)} did not give`} two fences by ${time(upTo)}, so no fence had one before it`)
	return { ...holds(given.map(({ step, h }) => saw(step, h)), upTo), said: { events: given.map(({ h }) => h) } } as Verdict
}

export const EARLIER_FENCE_FORMS: readonly ClaimForm[] = [
	{
		id: 'each-fence-larger-than-the-one-before',
		places: STORY,
		tells: 'state',
		formula: "for every granted(fence f) ∈ run by t of a store s after an earlier granted(fence e) of s: f > e; at least one such pair",
		pattern: 'each fence was larger than the one before',
		alternatives: ['each/every fence was/is larger/higher/greater/bigger than the one before( it)', 'each/every fence was/is larger/higher/greater/bigger than the last/previous one', 'each new fence was/is larger/higher/greater/bigger than the one before( it)'],
		example: 'each fence was larger than the one before',
		meaning: "Every fence the store gave (to any worker), up to the clause's moment, is larger than the fence it gave before it; at least one pair. \"The one before\" is one sequence: where two stores gave fences by then, it is refused (their fences are no one sequence); name the store (\"each fence from Store B was larger than the one before\").",
		check: (_slots, context) => eachLarger(context),
	},
	{
		id: 'each-fence-of-store-larger-than-the-one-before',
		places: STORY,
		tells: 'state',
		formula: "for every granted(fence f) ∈ run by t of store s after an earlier granted(fence e) of s: f > e; at least one such pair",
		pattern: 'each fence from {store} was larger than the one before',
		alternatives: ['each/every fence from {store} was/is larger/higher/greater/bigger than the one before( it)', 'each/every fence from {store} was/is larger/higher/greater/bigger than the last/previous one', 'each/every fence {store} gave was/is larger/higher/greater/bigger than the one before( it)', 'each/every fence {store} gave was/is larger/higher/greater/bigger than the last/previous one'],
		example: 'each fence from the lock was larger than the one before',
		meaning: "Every fence the named store gave (to any worker), up to the clause's moment, is larger than the fence it gave before it; at least one pair. Other stores' fences are not in its sequence.",
		check: (slots, context) => eachLarger(context, actorOf(slots[0])),
	},
	{
		id: 'fence-larger-than-every-earlier',
		places: STORY,
		tells: 'state',
		formula: "fence(lease(w, t)) > f for every f of a granted(fence f) ∈ run before the grant of lease(w, t), of any worker and store; at least one",
		pattern: '{owner} fence is larger than every earlier fence',
		alternatives: ['{owner} fence is larger/higher/greater/bigger than any/every earlier fence', '{owner} fence is larger/higher/greater/bigger than any/every fence given before', '{owner} fence is larger/higher/greater/bigger than any/every fence given earlier'],
		example: "A's fence is larger than every earlier fence",
		meaning: "The worker's latest fence is larger than every fence any store gave (to any worker) before it gave that one; at least one was given before.",
		check: (slots, context) => largerThanEvery(slots, context, false),
	},
	{
		id: 'fence-larger-than-any-before-restart',
		places: STORY,
		tells: 'state',
		formula: "fence(lease(w, t)) > f for every f of a granted(fence f) ∈ run before the last restarted(s) ∈ run by t, s its store, which came before the grant of lease(w, t); at least one",
		pattern: '{owner} fence is larger than any fence from before the restart',
		alternatives: ['{owner} fence is larger/higher/greater/bigger than any/every fence( from) before the restart', '{owner} fence is larger/higher/greater/bigger than any/every fence given before the restart'],
		example: "A's fence is larger than any fence from before the restart",
		meaning: "The worker's latest fence is larger than every fence any store gave (to any worker) before its lease's store last restarted (a restore is no restart), a restart that came before it gave that fence; at least one was given before the restart.",
		check: (slots, context) => largerThanEvery(slots, context, true),
	},
]
