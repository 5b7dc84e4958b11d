/** Claims about who holds the key: a worker's lease and its fence, how many hold, the key's state. */
import type { StepFacts, StoreFact } from '../facts.ts'
import type { Happening } from '../../frame.ts'
import type { ClaimContext, ClaimForm, Said, Slot, Verdict } from '../form.ts'
import { showFence } from '../fence-notation.ts'
import { worldsOf } from '../positions.ts'
import type { Of } from '../query.ts'
import {
	actorOf,
	isOld,
	oldHint,
	oldLease,
	restartedHolder,
	oldLeaseLive,
	leasesLive,
	actorsOf,
	eachHeld,
	describeHeld,
	grantOfLease,
	fails,
	fenceOfSlot,
	happened,
	happenedBefore,
	heldIn,
	holds,
	holdersEvidence,
	holdersOver,
	handedStraightOn,
	nextHolderChange,
	keyStateSpan,
	leaseEvidence,
	liveLease,
	names,
	keyStore,
	laterSteps,
	stillInLine,
	numberOf,
	ofKey,
	runSteps,
	saw,
	spanFreedBy,
	spanMakers,
	storeFor,
	time,
} from '../query.ts'
import type { HoldersSpan } from '../query.ts'

const STORY = ['caption', 'note'] as const

/**
 * The worker of slot 0 holds a live lease at the clause's moment (the one it names, else the step's
 * end), whose fence is slot `fence` (and whose TTL is slot `ttl`): one live when the step began, or
 * given in it, and not ended before that moment. The verdict's span is that lease's, in the step.
 */

/**
 * "Each take one of the places" (and the elliptical "each take one"): the named workers hold places of the semaphore at once at some
 * moment of the step (after its start, a grant or a lease's end, or at its end); else why not.
 */
function notAtOnce(context: ClaimContext, store: string, named: readonly string[]): Verdict | undefined {
	const spans = holdersOver(context, store)
	if (spans.some(span => named.every(id => span.holders.includes(id)))) return undefined
	const others = [...new Set(spans.filter(span => named.some(id => span.holders.includes(id))).flatMap(span => span.holders.filter(id => !named.includes(id))))]
	return fails(`${names(context, named)} never hold places of ${context.name(store)} at once in this step: ${others.length === 0 ? 'they took turns' : `${names(context, others)} held the other ${others.length === 1 ? 'place' : 'places'}, and they took turns on what was left`}`, 0)
}
function heldWith(slots: readonly Slot[], context: ClaimContext, fence?: number, ttl?: number): Verdict {
	const worker = actorOf(slots[0])
	const held = heldIn(context.step, worker).filter(h => ofKey(slots[1], h.store))
	const elsewhere = heldIn(context.step, worker)[0]
	if (held.length === 0 && elsewhere) return fails(`${context.name(worker)} holds no lease of ${context.name(keyStore(slots[1]) ?? '')} in this step: its lease is from ${context.name(elsewhere.store)}`, 1)
	if (held.length === 0) return fails(`${context.name(worker)} holds no lease in this step${context.step.index > 0 ? '' : ' (the scene has not started)'}`, 0)
	let fitting = held
	if (fence !== undefined) {
		const wanted = fenceOfSlot(slots[fence])
		fitting = fitting.filter(h => h.fence === wanted)
		if (fitting.length === 0) return fails(`expected fence ${showFence(wanted)}, but ${describeHeld(context, worker)}`, fence)
	}
	if (ttl !== undefined) {
		const wanted = numberOf(slots[ttl])
		const right = fitting.filter(h => h.ttl === wanted)
		if (right.length === 0) return fails(`expected a ${time(wanted)} lease, but ${context.name(worker)}'s lease lasts ${time(fitting[0]?.ttl ?? 0)}`, ttl)
		fitting = right
	}
	// Each lease that fits, with its span in the step: from its grant (or the step's start) until it ended, if it did.
	const spans = fitting.map(lease => {
		const grant = lease.grant
		const from = grant ? context.step.happenings.indexOf(grant) : -1
		// A restart of the worker's crashed process ends its hold too: the new process holds nothing of the old one's.
		const end = context.step.happenings.find((h, i) => i > from && (((h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended') && h.fence === lease.fence) || h.kind === 'process-restarted') && h.worker === worker && h.at >= lease.at)
		return { lease, grant, end }
	})
	// The lease live at the moment the clause names, else the one live through the step's end, else the last (whose end is the problem).
	const moment = context.moment
	const live = (span: (typeof spans)[number], at: number) => span.lease.at <= at && (span.end === undefined ? at <= context.world.time : at < span.end.at)
	const chosen = (moment === undefined ? spans.find(span => span.end === undefined) : spans.find(span => live(span, moment))) ?? (spans[spans.length - 1] as (typeof spans)[number])
	const verdict: Extract<Verdict, { ok: true }> = { ok: true, evidence: [chosen.grant ? saw(context.step, chosen.grant) : leaseEvidence(context.step.start, worker)], at: chosen.lease.at }
	// Live at the moment it names, else through the clause's moment when it did not end in the step: for renewals as its cause.
	const liveAt = moment ?? (chosen.end === undefined ? context.world.time : undefined)
	if (liveAt !== undefined) verdict.said = { live: { worker, store: chosen.lease.store, at: liveAt } }
	return chosen.end === undefined ? verdict : { ...verdict, until: chosen.end.at, endedBy: context.step.happenings.indexOf(chosen.end) }
}

/** The worker of slot 0 was given a lease in this step (with fence slot `fence`, from the store key slot `key` names). */
function given(slots: readonly Slot[], context: ClaimContext, fence?: number, key = 1): Verdict {
	const worker = actorOf(slots[0])
	const grants = happened(context.step, 'granted', h => h.worker === worker && ofKey(slots[key], h.store))
	const named = keyStore(slots[key])
	// The key its words name ("gets in", "a place": the semaphore, in a scene of a lock and a semaphore) is not the one it got.
	const elsewhere = named === undefined ? undefined : happened(context.step, 'granted', h => h.worker === worker)[0]
	if (grants.length === 0 && elsewhere) return fails(`the engine gave ${context.name(worker)} no lease of ${context.name(named ?? '')} in this step: the lease it got is of ${context.name(elsewhere.store)}`, 0)
	if (grants.length === 0) return fails(`the engine gave ${context.name(worker)} no lease in this step`, 0)
	const wanted = fence === undefined ? undefined : fenceOfSlot(slots[fence])
	const grant = wanted === undefined ? grants[0] : grants.find(h => h.fence === wanted)
	if (!grant) return fails(`expected fence ${showFence(wanted ?? 0n)}, but ${describeHeld(context, worker)}`, fence)
	return holds([saw(context.step, grant)], grant.at)
}

/** "A takes the only place" ("the semaphore's only place", "the place"): A's first grant of a semaphore in this step, and the semaphore has one place. */
function onlyPlace(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const all = happened(context.step, 'granted', h => h.worker === worker)
	const grant = all.find(h => context.world.stores.get(h.store)?.limit !== undefined)
	if (!grant) return fails(all[0] === undefined ? `the engine gave ${context.name(worker)} no place in this step` : `${context.name(all[0].store)} is a lock, not a semaphore: ${context.name(worker)} got its key, not a place; write "gets the key"`, 0)
	const limit = context.world.stores.get(grant.store)?.limit
	if (limit !== 1) return fails(`"the only place" (or "the place") says ${context.name(grant.store)} has one place, but it has ${limit}: write "takes a place"`, 0)
	return holds([saw(context.step, grant)], grant.at)
}

/** "B takes the other place": B's first grant of a semaphore in this step, the semaphore has two places, and one other worker held a place right before it. */
function otherPlace(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const all = happened(context.step, 'granted', h => h.worker === worker)
	const grant = all.find(h => context.world.stores.get(h.store)?.limit !== undefined)
	if (!grant) return fails(all[0] === undefined ? `the engine gave ${context.name(worker)} no place in this step` : `${context.name(all[0].store)} is a lock, not a semaphore: ${context.name(worker)} got its key, not a place`, 0)
	const limit = context.world.stores.get(grant.store)?.limit
	if (limit !== 2) return fails(`"the other place" says ${context.name(grant.store)} has two places, but it has ${limit}`, 0)
	// Leases, not workers: a restarted worker's new place beside its crashed process's old lease is the other place.
	const others = leasesLive(context.run, grant, h => h.store === grant.store).map(h => h.worker)
	if (others.length !== 1) return fails(`"the other place" says one other worker held a place of ${context.name(grant.store)} when ${context.name(worker)} got its own, at ${time(grant.at)}, but ${others.length === 0 ? 'no one else held one: both were free' : `${names(context, [...new Set(others)])} held both`}`, 0)
	return holds([saw(context.step, grant)], grant.at)
}

/**
 * "Only now does B get the key": the worker was given the key in this step (with fence slot `fence`), and before that grant it
 * asked for the key in an earlier step, a hold or a try, and was never given a lease of it (a key, or a place) before this grant,
 * in the scene: "only now" reads as "for the first time"; of a worker that held it before, "gets the key again" tells it.
 */
function onlyNow(slots: readonly Slot[], context: ClaimContext, fence?: number): Verdict {
	const verdict = given(slots, context, fence)
	if (!verdict.ok) return verdict
	const worker = actorOf(slots[0])
	const wanted = fence === undefined ? undefined : fenceOfSlot(slots[fence])
	const grant = happened(context.step, 'granted', h => h.worker === worker && ofKey(slots[1], h.store) && (wanted === undefined || h.fence === wanted))[0] as Of<'granted'>
	const earlier = runSteps(context.run).filter(step => step.index < context.step.index).flatMap(step => step.happenings)
	const before = [...earlier, ...context.step.happenings.slice(0, context.step.happenings.indexOf(grant))]
	const last = before.filter((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === worker && h.store === grant.store).pop()
	const since = before.slice(last === undefined ? 0 : before.indexOf(last) + 1)
	const ask = since.find(h => h.kind === 'asked' && h.worker === worker && h.store === grant.store)
	const name = context.name(worker)
	if (last !== undefined && ask !== undefined && earlier.includes(ask)) return fails(`${name} held the key before, at ${time(last.at)}${last.fence === undefined ? '' : ` with fence ${showFence(last.fence)}`}, and asked for it again: "only now" reads as "for the first time", never before in the scene; say ${grant.fence === undefined ? `"${name} gets the key" (it held it before)` : `"${name} gets the key again with fence ${showFence(grant.fence)}"`}`, 0)
	if (ask !== undefined && earlier.includes(ask)) return verdict
	if (last !== undefined) return fails(`${name} got the key before, at ${time(last.at)}${last.fence === undefined ? '' : ` with fence ${showFence(last.fence)}`}, and did not ask for it again before this step: "only now" says it had asked in an earlier step and held no lease of it since`, 0)
	return fails(`${name} did not ask for the key before this step${ask === undefined ? '' : ` (it asked at ${time(ask.at)}, in this step)`}: "only now" says it had asked in an earlier step and waited or tried until this one`, 0)
}

/**
 * A span of the step in which a worker's process ran, for a state of it at the clause's moment: the
 * one the moment it names falls in; with none named, the latest a pause ended that a later clause of
 * the text tells (`toldLater`), else the one the step ends with. Each begins at the step's start or
 * at a waking (`woke`), and ends at the step's end or at a pause (`pause`). A message if there is none.
 */
function runningSpan(context: ClaimContext, worker: string): { woke?: Of<'woke'>; from: number; pause?: Of<'paused'> } | string {
	const spans: { woke?: Of<'woke'>; from: number; pause?: Of<'paused'> }[] = []
	let open: { woke?: Of<'woke'>; from: number } | undefined = context.step.start.workers.get(worker)?.paused === true ? undefined : { from: context.step.start.time }
	let paused: Of<'paused'> | undefined
	for (const h of context.step.happenings) {
		if (h.kind === 'paused' && h.worker === worker && open) {
			spans.push({ ...open, pause: h })
			paused = h
			open = undefined
		} else if (h.kind === 'woke' && h.worker === worker && !open) open = { woke: h, from: h.at }
	}
	if (open && !context.world.workers.get(worker)?.paused) spans.push(open)
	const name = context.name(worker)
	const moment = context.moment
	if (moment !== undefined) {
		const live = spans.find(span => span.from <= moment && (span.pause === undefined ? moment <= context.world.time : moment < span.pause.at))
		return live ?? `${name}'s process was paused at ${time(moment)}: a paused process does no work`
	}
	const told = spans.filter(span => span.pause !== undefined && context.toldLater?.has(context.step.happenings.indexOf(span.pause)) === true).pop()
	const last = spans.find(span => span.pause === undefined)
	return told ?? last ?? `${name}'s process is paused when the step ends${paused === undefined ? '' : ` (it paused at ${time(paused.at)})`}: it is not working`
}

/**
 * "A is still working": its code is still in the body of the hold it was given before this step (no let-go, return, crash or
 * new ask since), and its process runs at the clause's moment.
 */
function stillWorking(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const before = context.run.steps.slice(1, context.step.index)
	const found = before.flatMap(step => happened(step, 'granted', h => h.worker === worker).map(grant => ({ step, grant }))).pop()
	if (!found) return fails(`the engine gave ${context.name(worker)} no lease before this step, so it is not still working in one`, 0)
	const all = [...before.flatMap(step => step.happenings), ...context.step.happenings]
	const stop = all.slice(all.indexOf(found.grant) + 1).find(h => ((h.kind === 'released' || h.kind === 'returned' || h.kind === 'finished') && h.worker === worker && h.store === found.grant.store) || ((h.kind === 'crashed' || h.kind === 'asked') && h.worker === worker))
	if (stop) return fails(stop.kind === 'crashed' ? `${context.name(worker)} crashed at ${time(stop.at)}` : stop.kind === 'asked' ? `${context.name(worker)} asked for a key again at ${time(stop.at)}: its code had left the hold it worked in` : stop.kind === 'returned' ? `${context.name(worker)}'s function returned at ${time(stop.at)}, its lease already lost: its work was done` : stop.kind === 'finished' ? `${context.name(worker)}'s function returned at ${time(stop.at)}: its work was done, though its let-go waits for a later step` : `${context.name(worker)} let go at ${time(stop.at)}: its work was done`, 0)
	// "Still": its code ran in the hold before this step; a worker given the key while paused, that has not woken since, has not begun.
	const earlier = before.flatMap(step => step.happenings)
	const process = (upTo: number) => earlier.slice(0, upTo).filter(h => (h.kind === 'paused' || h.kind === 'woke') && h.worker === worker).pop()
	if (process(earlier.indexOf(found.grant))?.kind === 'paused' && process(earlier.length)?.kind === 'paused') return fails(`${context.name(worker)} got the key while its process was paused, and has not worked in it before this step`, 0)
	const span = runningSpan(context, worker)
	if (typeof span === 'string') return fails(span, 0)
	const verdict: Verdict = { ok: true, evidence: [saw(found.step, found.grant), ...(span.woke ? [saw(context.step, span.woke)] : [])], at: span.woke?.at ?? found.grant.at }
	return span.pause === undefined ? verdict : { ...verdict, until: span.pause.at, endedBy: context.step.happenings.indexOf(span.pause) }
}

/**
 * "A's code keeps running": still working (as "A is still working"), and through the whole step: its process was not paused
 * when the step began and neither paused nor crashed in it, and its code did not leave its hold in it.
 */
function keepsRunning(slots: readonly Slot[], context: ClaimContext): Verdict {
	const verdict = stillWorking(slots, context)
	if (!verdict.ok) return verdict
	const worker = actorOf(slots[0])
	const name = context.name(worker)
	if (context.step.start.workers.get(worker)?.paused === true) return fails(`${name}'s process was paused when this step began: its code did not run through the step`, 0)
	const pause = context.step.happenings.find(h => h.kind === 'paused' && h.worker === worker)
	if (pause) return fails(`${name}'s process paused at ${time(pause.at)}: its code did not keep running through the step`, 0)
	return verdict
}

/**
 * "A works on until 15 s" ("A works until 15 s"): A was at work when the step began (given the key before it, its code still in that hold, its
 * process running), and its work stopped exactly then, a moment of this step: the first let-go, return, crash, new ask or
 * pause of it after the step began (in this step or a later one) comes at 15 s. With a code sample, its code ran no
 * statement in the step before then: it stayed at its work. Judged on the whole step, even where a caption's order has it
 * judged on the step cut at a place (a state told before a happening it goes on to tell, `momentCut`, or where it began to
 * hold, `stateBegan`): it tells of the step's start and of a moment it names itself, not of the place it is judged at, so it
 * held from the step's start.
 */
function worksOnUntil(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const name = context.name(worker)
	const until = numberOf(slots[1])
	const whole = context.run.steps[context.step.index] ?? context.step
	const start = whole.start.time
	const end = whole.end.time
	if (!(until > start && until <= end)) return fails(`"until ${time(until)}" tells when ${name}'s work stopped, and that is no moment of this step, which runs from ${time(start)} to ${time(end)}`, 1)
	const before = context.run.steps.slice(1, context.step.index)
	const found = before.flatMap(step => happened(step, 'granted', h => h.worker === worker).map(grant => ({ step, grant }))).pop()
	if (!found) return fails(`the engine gave ${name} no lease before this step, so it was not at work when the step began: "works until ${time(until)}" says it worked from then on until that moment`, 0)
	const leaves = (h: Happening) => ((h.kind === 'released' || h.kind === 'returned' || h.kind === 'finished') && h.worker === worker && h.store === found.grant.store) || ((h.kind === 'crashed' || h.kind === 'asked') && h.worker === worker)
	const earlier = before.flatMap(step => step.happenings)
	const left = earlier.slice(earlier.indexOf(found.grant) + 1).find(leaves)
	if (left) return fails(`${name}'s code left its hold at ${time(left.at)}, before this step: it was not at work when the step began, and "works until ${time(until)}" says it worked from then on until that moment`, 0)
	if (whole.start.workers.get(worker)?.paused === true) return fails(`${name}'s process was paused when this step began: it was not at work then, and "works until ${time(until)}" says it worked from then on until that moment`, 0)
	let stop: { h: Happening; step: StepFacts } | undefined
	for (const step of [whole, ...laterSteps(context)]) {
		const h = step.happenings.find(one => leaves(one) || (one.kind === 'paused' && one.worker === worker))
		if (h) {
			stop = { h, step }
			break
		}
	}
	if (!stop) return fails(`${name} is still at work when the scene ends: "until ${time(until)}" says its work stops then; say "${name} keeps working"`, 1)
	const how = stop.h.kind === 'released' ? 'it let go' : stop.h.kind === 'returned' || stop.h.kind === 'finished' ? 'its function returned' : stop.h.kind === 'crashed' ? 'it crashed' : stop.h.kind === 'asked' ? 'it asked for a key again' : 'its process paused'
	if (stop.h.at !== until) return fails(`${name}'s work stopped at ${time(stop.h.at)}, not at ${time(until)}: ${how} then`, 1)
	if ((context.run.statements ?? []).some(statement => statement.held)) {
		const line = (whole.ran ?? []).find(one => one.worker === worker && one.at < until)
		if (line) return fails(`${name}'s code went on to line ${line.line} at ${time(line.at)}, before ${time(until)}: "works until ${time(until)}" says it stayed at its work until then; tell what it did`, 0)
	}
	return holds([saw(found.step, found.grant), saw(stop.step, stop.h)], start)
}

/**
 * The worker's code entered its hold's body in this step: its first grant of the step, at once when its
 * process ran then, else when it woke after it (the engine runs a paused process's turn after a grant
 * only once it wakes).
 */
function startedWork(slots: readonly Slot[], context: ClaimContext): Verdict {
	const verdict = given(slots, context)
	if (!verdict.ok) return verdict
	const worker = actorOf(slots[0])
	const list = context.step.happenings
	const grant = happened(context.step, 'granted', h => h.worker === worker && ofKey(slots[1], h.store))[0] as Of<'granted'>
	let paused = context.step.start.workers.get(worker)?.paused === true
	for (const h of list.slice(0, list.indexOf(grant))) {
		if (h.kind === 'paused' && h.worker === worker) paused = true
		else if (h.kind === 'woke' && h.worker === worker) paused = false
	}
	if (!paused) return verdict
	const woke = list.slice(list.indexOf(grant) + 1).find((h): h is Of<'woke'> => h.kind === 'woke' && h.worker === worker)
	if (!woke) return fails(`${context.name(worker)}'s process was paused when the engine gave it the key, at ${time(grant.at)}, and did not wake in this step: a paused process runs no code, so its work did not start`, 0)
	return holds([saw(context.step, grant), saw(context.step, woke)], woke.at)
}

/** A span of the step in which a worker's code was in the body of a hold and its process ran: from the step's start or the event that began it (a grant, a waking), to the event that ended it (a let-go, a return, a crash, a new ask, a pause) or the step's end; with the grant that put its code there. */
interface WorkSpan {
	from: number
	began?: Happening
	grant: { step: StepFacts; grant: Of<'granted'> }
	end?: Happening
}

/** The spans of the step in which the worker's code was at work in a hold's body (`WorkSpan`). */
function workSpans(context: ClaimContext, worker: string): WorkSpan[] {
	let body: WorkSpan['grant'] | undefined
	// Its code enters a hold's body at a grant, and leaves it when it lets go, its function returns, it crashes, or it asks for a key again.
	const next = (h: Happening, step: StepFacts): WorkSpan['grant'] | undefined => {
		if (h.kind === 'granted' && h.worker === worker) return { step, grant: h }
		if (body === undefined) return undefined
		if ((h.kind === 'released' || h.kind === 'returned' || h.kind === 'finished') && h.worker === worker && h.store === body.grant.store) return undefined
		if ((h.kind === 'crashed' || h.kind === 'asked') && h.worker === worker) return undefined
		return body
	}
	for (const step of context.run.steps.slice(1, context.step.index)) for (const h of step.happenings) body = next(h, step)
	let paused = context.step.start.workers.get(worker)?.paused === true
	const spans: WorkSpan[] = []
	let open: WorkSpan | undefined = body !== undefined && !paused ? { from: context.step.start.time, grant: body } : undefined
	for (const h of context.step.happenings) {
		if (h.kind === 'paused' && h.worker === worker) paused = true
		else if (h.kind === 'woke' && h.worker === worker) paused = false
		else body = next(h, context.step)
		const working = body !== undefined && !paused
		if (open !== undefined && !working) {
			spans.push({ ...open, end: h })
			open = undefined
		} else if (open === undefined && working && body !== undefined) open = { from: h.at, began: h, grant: body }
	}
	if (open !== undefined) spans.push(open)
	return spans
}

/**
 * Why a pause told with a noun of the scene's code as its cause ("the export freezes B") is not so, or undefined: the worker's
 * code was at work in a hold's body (`WorkSpan`) up to that pause, which ended its work there.
 */
export function pausedAtWork(context: ClaimContext, worker: string, pause: Happening, noun: string): string | undefined {
	if (workSpans(context, worker).some(span => span.end === pause)) return undefined
	return `"${noun}" tells the work ${context.name(worker)}'s code was doing in a hold when its process paused, at ${time(pause.at)}, and its code was not at work in a hold then; a cause of the lexicon's ("a garbage collection") claims nothing`
}

/**
 * The worker's code is at work in a hold's body at the clause's moment (`WorkSpan`): the span the moment it
 * names falls in; with none named, the one the step ends in, else the latest whose end a later clause of the
 * text tells, else the latest whose end the clause right before told ("A crashes while it is working").
 */
function atWork(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const name = context.name(worker)
	const spans = workSpans(context, worker)
	const moment = context.moment
	const chosen =
		moment !== undefined
			? spans.find(span => span.from <= moment && (span.end === undefined ? moment <= context.world.time : moment < span.end.at))
			: (spans.find(span => span.end === undefined) ??
				spans.filter(span => span.end !== undefined && context.toldLater?.has(context.step.happenings.indexOf(span.end)) === true).pop() ??
				// "A crashes while it is working": the span the event the clause before told ended, held up to that moment (after "while" it is judged then; after "and" the text must tell its end later, so it is refused).
				spans.filter(span => span.end !== undefined && context.priorTold?.includes(span.end) === true).pop())
	if (chosen === undefined) {
		const last = spans[spans.length - 1]
		const when = moment === undefined ? 'when the step ends' : `at ${time(moment)}`
		if (last?.end !== undefined) return fails(`${name}'s code is not at work in a hold ${when}: ${last.end.kind === 'paused' ? 'its process paused' : last.end.kind === 'crashed' ? 'it crashed' : last.end.kind === 'asked' ? 'it asked for a key again' : last.end.kind === 'returned' || last.end.kind === 'finished' ? 'its function returned' : 'it let go'} at ${time(last.end.at)}`, 0)
		return fails(`${name}'s code is not at work in the body of a hold ${when}${context.world.workers.get(worker)?.paused ? ': its process is paused' : ''}`, 0)
	}
	const began = chosen.began !== undefined && chosen.began !== chosen.grant.grant ? [saw(context.step, chosen.began)] : []
	const grant = saw(chosen.grant.step, chosen.grant.grant)
	const verdict: Verdict = { ok: true, evidence: chosen.began === chosen.grant.grant ? [grant] : [...began, grant], at: chosen.began?.at ?? chosen.grant.grant.at }
	return chosen.end === undefined ? verdict : { ...verdict, until: chosen.end.at, endedBy: context.step.happenings.indexOf(chosen.end) }
}

/**
 * Why a worker's work, begun at `from`, stopped at that very moment, or undefined: the first of its happenings that ends work in a
 * hold of `store` (a let-go or return of it, a crash, an ask, a grant, a pause), among `rest` (the step's after the work began),
 * then the later steps' a claim may look at, came at `from`.
 */
function stoppedAtOnce(context: ClaimContext, worker: string, store: string, from: number, rest: readonly Happening[]): string | undefined {
	const ends = (h: Happening) => 'worker' in h && h.worker === worker && (((h.kind === 'released' || h.kind === 'returned' || h.kind === 'finished') && h.store === store) || h.kind === 'crashed' || h.kind === 'asked' || h.kind === 'granted' || h.kind === 'paused')
	const end = [...rest, ...laterSteps(context).flatMap(step => step.happenings)].find(ends)
	if (end === undefined || end.at > from) return undefined
	const what = end.kind === 'paused' ? 'its process paused' : end.kind === 'crashed' ? 'it crashed' : end.kind === 'asked' ? 'it asked for a key again' : end.kind === 'granted' ? 'it was given a key again' : end.kind === 'returned' || end.kind === 'finished' ? 'its function returned' : 'it let go'
	return `${context.name(worker)}'s work stopped at the moment it began, ${time(from)}: ${what} then`
}

/**
 * What is wrong with a stretch of the worker's work begun at `from` being long ("settles in for a long piece of work", "works for a
 * while"): it must last at least a fifth of its lease's time to live (`ttl`), as every "long" of time does. It
 * ends at `until` when given, else at the worker's first let-go or return of that store, crash, ask, grant or pause after `from` (in
 * this step or a later one), else at the scene's end; in a run seen only up to a step (`lookAhead`), a work not ended by then passes.
 */
function workTooShort(context: ClaimContext, worker: string, store: string, from: number, ttl: number | undefined, until?: number): string | undefined {
	if (ttl === undefined) return undefined
	const ends = (h: Happening) => 'worker' in h && h.worker === worker && (((h.kind === 'released' || h.kind === 'returned' || h.kind === 'finished') && h.store === store) || h.kind === 'crashed' || h.kind === 'asked' || h.kind === 'granted' || h.kind === 'paused')
	const later = laterSteps(context)
	const end = until === undefined ? [...context.step.happenings.filter(h => h.at > from), ...later.flatMap(step => step.happenings)].find(ends) : undefined
	if (until === undefined && end === undefined && context.run.lookAhead !== undefined) return undefined
	const stop = until ?? end?.at ?? (later[later.length - 1] ?? context.step).end.time
	if ((stop - from) * 5 >= ttl) return undefined
	return `${context.name(worker)}'s work lasted ${time(stop - from)}, from ${time(from)} to ${time(stop)}${until === undefined && end === undefined ? ', the end of the scene' : ''}: a long stretch of work lasts at least a fifth of its lease's ${time(ttl)} (${time(ttl / 5)})`
}

/**
 * What is wrong with a piece of work begun at `from` being long ("starts a long piece of work"), or undefined: it lasts until the
 * worker's code leaves the hold or stops, at its first let-go or return of that store, crash, ask, grant or pause among `rest` (the
 * step's after the work began), then the later steps' (a pause ends it: a frozen process does no work), else at the scene's end; it must last more than 0 s and at least a
 * fifth of its lease's time to live. In a run seen only up to a step (`lookAhead`), a piece not ended by then passes.
 */
function pieceTooShort(context: ClaimContext, worker: string, store: string, from: number, ttl: number | undefined, rest: readonly Happening[]): string | undefined {
	// A pause ends the piece as it ends "works for a while" (`workTooShort`): a frozen process does no work (trial a27).
	const ends = (h: Happening) => 'worker' in h && h.worker === worker && (((h.kind === 'released' || h.kind === 'returned' || h.kind === 'finished') && h.store === store) || h.kind === 'crashed' || h.kind === 'asked' || h.kind === 'granted' || h.kind === 'paused')
	const later = laterSteps(context)
	const end = [...rest, ...later.flatMap(step => step.happenings)].find(ends)
	if (end === undefined && context.run.lookAhead !== undefined) return undefined
	const stop = end?.at ?? (later[later.length - 1] ?? context.step).end.time
	const lasted = stop - from
	if (lasted > 0 && (ttl === undefined || lasted * 5 >= ttl)) return undefined
	return `${context.name(worker)}'s work lasted ${time(lasted)}, from ${time(from)} to ${time(stop)}${end === undefined ? ', the end of the scene' : end.kind === 'paused' ? ', when its process paused' : ''}: "a long piece of work" lasts more than 0 s${ttl === undefined ? '' : ` and at least a fifth of its lease's ${time(ttl)} (${time(ttl / 5)})`}`
}

/**
 * What is wrong with "long" of a work that starts ("A starts a long piece of work", "starts its long export": read.ts marks the
 * clause's `length`), or undefined: the work begun by the grant of the verdict (or the waking after it, its second evidence) lasts
 * until the worker's code leaves the hold (`pieceTooShort`), more than 0 s and at least a fifth of the lease's time to live.
 */
export function longWorkProblem(slots: readonly Slot[], context: ClaimContext, verdict: Extract<Verdict, { ok: true }>): string | undefined {
	const worker = actorOf(slots[0])
	const grant = happened(context.step, 'granted', h => h.worker === worker && ofKey(slots[1], h.store))[0] as Of<'granted'> | undefined
	if (grant === undefined) return undefined
	const list = context.step.happenings
	// Its work began at the grant, or, its process paused then, at the waking after it (the verdict's second evidence).
	const begun = verdict.evidence.length > 1 ? list.findIndex((h, i) => i > list.indexOf(grant) && h.kind === 'woke' && h.worker === worker) : list.indexOf(grant)
	const short = pieceTooShort(context, worker, grant.store, verdict.at ?? grant.at, grant.ttl, list.slice(begun + 1))
	return short === undefined ? undefined : `${short}; say it starts working (or a piece of work)`
}

/**
 * What is wrong with ", 7 s of it" after a work that starts (read.ts marks the clause's `lasted`), or undefined: the work begun by
 * the grant of the verdict (or the waking after it, its second evidence) lasted exactly `ms`, measured as a long piece of work is
 * (`pieceTooShort`): until the worker's first let-go or return of that store, crash, ask, grant or pause after it began (this step or
 * a later one). A work the scene does not show ending is refused; in a run seen only up to a step (`lookAhead`), one not ended by then passes.
 */
export function workLastedProblem(slots: readonly Slot[], context: ClaimContext, verdict: Extract<Verdict, { ok: true }>, ms: number): string | undefined {
	const worker = actorOf(slots[0])
	const grant = happened(context.step, 'granted', h => h.worker === worker && ofKey(slots[1], h.store))[0] as Of<'granted'> | undefined
	if (grant === undefined) return `"of it" tells how long the work ${context.name(worker)} started lasted, and the record shows no grant of this step that began it`
	const list = context.step.happenings
	const begun = verdict.evidence.length > 1 ? list.findIndex((h, i) => i > list.indexOf(grant) && h.kind === 'woke' && h.worker === worker) : list.indexOf(grant)
	const from = verdict.at ?? grant.at
	const ends = (h: Happening) => 'worker' in h && h.worker === worker && (((h.kind === 'released' || h.kind === 'returned' || h.kind === 'finished') && h.store === grant.store) || h.kind === 'crashed' || h.kind === 'asked' || h.kind === 'granted' || h.kind === 'paused')
	const end = [...list.slice(begun + 1), ...laterSteps(context).flatMap(step => step.happenings)].find(ends)
	const name = context.name(worker)
	if (end === undefined) return context.run.lookAhead !== undefined ? undefined : `the scene does not show the work's end: ${name}'s work began at ${time(from)} and its code had not left the hold by the scene's end, so how long it lasted is not shown; leave "${time(ms)} of it" out`
	if (end.at - from === ms) return undefined
	const how = end.kind === 'paused' ? ', when its process paused' : end.kind === 'crashed' ? ', when it crashed' : end.kind === 'asked' ? ', when it asked for a key again' : end.kind === 'granted' ? ', when it was given a key again' : end.kind === 'returned' || end.kind === 'finished' ? ', when its function returned' : ', when it let go'
	return `${name}'s work lasted ${time(end.at - from)}, from ${time(from)} to ${time(end.at)}${how}, not ${time(ms)}`
}

/** Each of the workers of slot 0 started its work in this step (`startedWork`); at one moment, with `together`. */
function startedWorkEach(slots: readonly Slot[], context: ClaimContext, together: boolean): Verdict {
	const slot = slots[0] as Slot
	const each: { who: string; at: number }[] = []
	const evidence: Extract<Verdict, { ok: true }>['evidence'] = []
	for (const id of actorsOf(slot)) {
		const one = startedWork([{ ...slot, value: { type: 'actor', id } }, ...slots.slice(1)], context)
		if (!one.ok) return one
		each.push({ who: id, at: one.at ?? 0 })
		evidence.push(...one.evidence)
	}
	const [first, later] = [each[0], each.find(one => one.at !== each[0]?.at)]
	if (together && first !== undefined && later !== undefined) return fails(`${context.name(first.who)} started its work at ${time(first.at)} and ${context.name(later.who)} at ${time(later.at)}: not at the same time`, 0)
	return { ok: true, evidence, at: Math.max(...each.map(one => one.at)), each }
}

/** The store whose holders a clause counts, or the message why none is meant. */
function counted(context: ClaimContext, key: Slot | undefined): StoreFact | string {
	return storeFor(context, key)
}

/**
 * A state of a store's holders (`test`) at the clause's moment (`keyStateSpan`), or `wrong` of the
 * holders when the step ends at slot `slot`. Held at the step's end with no moment named, the
 * verdict is as of then; else it carries the span it held over (`at`, and `until` and `endedBy`
 * when an event of the step ended it), the event that began the span as its evidence, and what
 * `tells` of the span as what it says.
 */
function keyState(context: ClaimContext, store: StoreFact, test: (holders: readonly string[]) => boolean, wrong: (holders: readonly string[]) => string, slot: number, tells: (span: HoldersSpan | undefined) => Said | undefined): Verdict {
	const found = keyStateSpan(context, store.id, test)
	if (found === undefined) {
		// At a moment the clause names, the holders then.
		const moment = context.moment
		const then = moment === undefined ? undefined : holdersOver(context, store.id).find(span => span.at <= moment && (span.until === undefined ? moment <= context.world.time : moment < span.until))
		return fails(moment === undefined || then === undefined ? wrong(store.holders) : `at ${time(moment)}, ${wrong(then.holders)}`, slot)
	}
	const said = tells(found.last && context.moment === undefined ? undefined : found.span)
	if (found.last && context.moment === undefined) {
		const verdict = holds([holdersEvidence(context.world, store)], context.world.time)
		return said === undefined ? verdict : ({ ...verdict, said } as Verdict)
	}
	const span = found.span
	const began = span.began === undefined ? undefined : context.step.happenings[span.began]
	const evidence = began === undefined ? holdersEvidence(context.step.start, { ...store, holders: [...span.holders] }) : saw(context.step, began)
	const verdict: Verdict = { ok: true, evidence: [evidence], at: span.at, ...(said === undefined ? {} : { said }) }
	return span.until === undefined ? verdict : { ...verdict, until: span.until, endedBy: span.endedBy as number }
}

/**
 * "the key stays free": free at the step's end, and its holders unchanged from the moment the clause names (its events
 * count), else from the step's start: no one got the key, nor held it, since.
 */
function staysFree(slots: readonly Slot[], context: ClaimContext): Verdict {
	const store = counted(context, slots[0])
	if (typeof store === 'string') return fails(store, 0)
	if (store.holders.length > 0) return fails(`the key is held by ${names(context, store.holders)} when the step ends`, 0)
	const moment = context.moment
	const since = moment ?? context.step.start.time
	const change = context.step.happenings.find(h => (h.kind === 'granted' || h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.store === store.id && h.at >= since)
	if (change !== undefined && 'worker' in change) {
		const span = moment === undefined ? 'through this step' : `from ${time(moment)}`
		return fails(`${context.name(change.worker)} ${change.kind === 'granted' ? 'got the key at' : 'held the key until'} ${time(change.at)}, so it did not stay free ${span}`, 0)
	}
	return { ...holds([holdersEvidence(context.world, store)], since), said: { free: store.id } } as Verdict
}

/**
 * "the key stays free until the end(, at 5 s)": as "stays free", and on to the scene's end: no later step (of those a claim may
 * look at) gives anyone the key, and the moment it names is the scene's end (in a run seen only up to a step, that is unsettled).
 */
function staysFreeToEnd(slots: readonly Slot[], context: ClaimContext): Verdict {
	const verdict = staysFree(slots, context)
	if (!verdict.ok) return verdict
	const store = counted(context, slots[0])
	if (typeof store === 'string') return fails(store, 0)
	const steps = context.run.steps
	const last = context.run.lookAhead ?? steps.length - 1
	for (const step of steps.slice(context.step.index + 1, last + 1)) {
		const grant = happened(step, 'granted', h => h.store === store.id)[0]
		if (grant !== undefined) return fails(`${context.name(grant.worker)} got the key at ${time(grant.at)}, in step ${step.index}, so it did not stay free until the scene's end`, 0)
	}
	const at = slots.find(slot => slot.type === 'time')
	if (at === undefined || context.run.lookAhead !== undefined) return verdict
	const end = (steps[steps.length - 1] ?? context.step).end.time
	return numberOf(at) === end ? verdict : fails(`the scene ends at ${time(end)}, not at ${time(numberOf(at))}: ", at ${at.text}" names the end's moment`, slots.indexOf(at))
}

/**
 * "the key is still free": free at the clause's moment (as "is free"), and free all along since the step's start, or since the
 * latest lease end of the key the text before told (not any later place it told: a clause of something else tells nothing of the
 * key): no grant nor lease end of the key from then to that moment, so no lease of it live in that span.
 */
function stillFree(slots: readonly Slot[], context: ClaimContext): Verdict {
	const verdict = holdersState(slots, context, 0, holders => holders.length === 0, holders => `the key is held by ${names(context, holders)}`, 0, store => ({ free: store }))
	if (!verdict.ok) return verdict
	const store = counted(context, slots[0])
	if (typeof store === 'string') return fails(store, 0)
	const t = context.moment ?? context.world.time
	const list = context.step.happenings
	const changes = list.flatMap((h, i) => ((h.kind === 'granted' || h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.store === store.id && h.at <= t ? [i] : []))
	const toldEnds = changes.filter(i => list[i]?.kind !== 'granted' && context.toldEvents?.has(i) === true)
	const from = toldEnds[toldEnds.length - 1]
	const after = changes.filter(i => from === undefined || i > from)
	const first = after[0] === undefined ? undefined : list[after[0]]
	const rule = '"still free" says it was free when the step began, or since a let-go or lease end of it the text before told, and no one held it in between'
	if (first === undefined || !('worker' in first)) {
		if (from !== undefined) return verdict
		const held = context.step.start.stores.get(store.id)?.holders ?? []
		return held.length === 0 ? verdict : fails(`the key was held by ${names(context, held)} when the step began: "still free" says it was free then`, 0)
	}
	const since = from === undefined ? 'in this step' : `after the text told it free at ${time((list[from] as Happening).at)}`
	if (first.kind === 'granted') return fails(`${context.name(first.worker)} got the key at ${time(first.at)}, ${since}: ${rule}`, 0)
	return fails(`${context.name(first.worker)} held the key until ${time(first.at)}, in this step, and the text had not told it free by then: ${rule}`, 0)
}

/** The semaphore's key of slot 0 is full at the clause's moment (`full`), or has room. */
function fullness(slots: readonly Slot[], context: ClaimContext, full: boolean): Verdict {
	const store = counted(context, slots[0])
	if (typeof store === 'string') return fails(store, 0)
	const limit = store.limit
	if (limit === undefined) return fails(`${context.name(store.id)} is a lock, not a semaphore: its key is held or free, never full`, 0)
	// Its holders' grants fill a key; room is made by the last lease of it that ended, if any (a grant makes none).
	const tells = (span: HoldersSpan | undefined): Said | undefined => (full ? (span === undefined ? undefined : { events: spanMakers(context, store.id, span) }) : { events: span === undefined ? lastFreed(context, store.id) : spanFreedBy(context, store.id, span) })
	return keyState(context, store, holders => holders.length >= limit === full, holders => `the key ${full ? 'has' : 'is full: it has'} ${holders.length} of ${limit} holders`, 0, tells)
}

/**
 * "The semaphore is still full": full at the clause's moment (as "{key} is full"), in the span of its holders that began with the
 * step: full already when the step began, and no place of it freed in the step before that moment (a place freed and taken again
 * begins a span of its own, and is refused).
 */
export function stillFull(slots: readonly Slot[], context: ClaimContext): Verdict {
	const verdict = fullness(slots, context, true)
	if (!verdict.ok) return verdict
	const store = counted(context, slots[0]) as StoreFact
	const limit = store.limit as number
	const found = keyStateSpan(context, store.id, holders => holders.length >= limit)
	if (found === undefined || found.span.began === undefined) return verdict
	const start = context.step.start.stores.get(store.id)?.holders ?? []
	if (start.length < limit) return fails(`"still" says ${context.name(store.id)} was full when the step began, but it had ${start.length} of ${limit} places held then; say "the key is full"`, 0)
	const began = context.step.happenings[found.span.began] as Happening
	const freed = context.step.happenings.slice(0, found.span.began + 1).find(h => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.store === store.id)
	return fails(`"still" says ${context.name(store.id)} stayed full since the step began, but ${freed !== undefined && 'worker' in freed ? `${context.name(freed.worker)}'s place was freed at ${time(freed.at)} and` : 'a place was freed and'} taken again at ${time(began.at)}; say "the key is full"`, 0)
}

/**
 * "The semaphore is full again": full at the clause's moment (as "{key} is full"), and before the span it is full in began, it
 * was full at some moment of the run and then not full: the key's holders, from the first step's start, walked through each
 * grant and lease end, up to the event that began that span.
 */
function fullAgain(slots: readonly Slot[], context: ClaimContext): Verdict {
	const verdict = fullness(slots, context, true)
	if (!verdict.ok) return verdict
	const store = counted(context, slots[0]) as StoreFact
	const limit = store.limit as number
	const found = keyStateSpan(context, store.id, holders => holders.length >= limit)
	if (found === undefined) return verdict
	const fulls: boolean[] = []
	const walk = (start: readonly string[], list: readonly Happening[], upTo = list.length) => {
		let holders = start
		fulls.push(holders.length >= limit)
		for (const [i, h] of list.slice(0, upTo).entries()) {
			if (!('store' in h) || h.store !== store.id || !('worker' in h)) continue
			const next = h.kind === 'granted' ? [...holders, h.worker] : h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended' ? holders.filter(id => id !== h.worker) : holders
			if (next.length === holders.length) continue
			holders = next
			// A place handed straight on to the first in line at that instant made no room (`handedStraightOn`): no state of its own.
			if (handedStraightOn(h, nextHolderChange(list, i, store.id, holders))) continue
			fulls.push(holders.length >= limit)
		}
	}
	for (const step of runSteps(context.run).filter(one => one.index > 0 && one.index < context.step.index)) walk(step.start.stores.get(store.id)?.holders ?? [], step.happenings)
	walk(context.step.start.stores.get(store.id)?.holders ?? [], context.step.happenings, found.span.began ?? 0)
	const first = fulls.indexOf(true)
	if (first < 0) return fails(`"again" says ${context.name(store.id)} was full before and then had room, but it was never full before ${time(found.span.at)}`, 0)
	if (!fulls.slice(first + 1).includes(false)) return fails(`"again" says ${context.name(store.id)} was full before and then had room, but it has been full since it first filled: it never had room between`, 0)
	return verdict
}

/** The last lease end (or open) that freed a place of the store's key, up to the step's end. */
function lastFreed(context: ClaimContext, store: string): Happening[] {
	for (let s = context.step.index; s >= 0; s--) {
		const list = s === context.step.index ? context.step.happenings : (context.run.steps[s]?.happenings ?? [])
		for (let i = list.length - 1; i >= 0; i--) {
			const h = list[i] as Happening
			if ((h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended' || h.kind === 'restarted' || h.kind === 'restored') && h.store === store) return [h]
		}
	}
	return []
}

/** A state of the holders of slot `key`'s store, told as `keyState` tells it; the events that made a span are what it says. */
function holdersState(slots: readonly Slot[], context: ClaimContext, key: number, test: (holders: readonly string[]) => boolean, wrong: (holders: readonly string[]) => string, slot: number, saying: (store: string) => Said = () => ({})): Verdict {
	const store = counted(context, slots[key])
	if (typeof store === 'string') return fails(store, key)
	const said = saying(store.id)
	const tells = (span: HoldersSpan | undefined): Said | undefined => (span === undefined ? (Object.keys(said).length === 0 ? undefined : said) : { ...said, events: spanMakers(context, store.id, span) })
	return keyState(context, store, test, wrong, slot, tells)
}

/** "{worker} takes a place (in {key}) with a {duration} lease": a grant to the worker in the step of a place of a semaphore (of the key named, if any) with that time to live. */
function placeWithTtl(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const keyAt = slots.findIndex(slot => slot.type === 'key')
	const ttlAt = slots.findIndex(slot => slot.type === 'duration')
	const wanted = numberOf(slots[ttlAt])
	const all = happened(context.step, 'granted', h => h.worker === worker && (keyAt < 0 || ofKey(slots[keyAt], h.store)))
	if (all.length === 0) return fails(`the engine gave ${context.name(worker)} no ${keyAt < 0 ? 'place' : 'lease of it'} in this step`, keyAt < 0 ? 0 : keyAt)
	const places = all.filter(h => context.world.stores.get(h.store)?.limit !== undefined)
	const first = all[0] as Of<'granted'>
	if (places.length === 0) return fails(`${context.name(first.store)} is a lock, not a semaphore: ${context.name(worker)} got its key, not a place`, keyAt < 0 ? 0 : keyAt)
	const grant = places.find(h => h.ttl === wanted)
	if (!grant) return fails(`expected a ${time(wanted)} lease, but the place given to ${context.name(worker)} has a ${time((places[0] as Of<'granted'>).ttl ?? 0)} lease`, ttlAt)
	return holds([saw(context.step, grant)], grant.at)
}

/**
 * Why "again" of a free key is false: undefined when, in the steps before this one, the key was free at a moment the reader
 * saw it free (the scene's start, before its first grant; right after a lease of it ended; or at a step's end) and held at a later place. A lease end whose key went
 * straight on to the first in line at that instant freed nothing (`handedStraightOn`, as "the key is free" judges it).
 */
function freeThenHeld(context: ClaimContext, store: string): string | undefined {
	// The scene's start is a moment the key was free, when no one held it there (the state before the first step, step 0).
	let free = (context.run.steps[0]?.end.stores.get(store)?.holders.length ?? 0) === 0
	for (const step of context.run.steps.slice(1, context.step.index)) {
		const worlds = worldsOf(step) ?? []
		const freedAt = (world: StepFacts['end'], i: number): boolean => {
			const h = step.happenings[i]
			return h !== undefined && LEASE_ENDS.has(h.kind) && !handedStraightOn(h, nextHolderChange(step.happenings, i, store, world.stores.get(store)?.holders ?? []))
		}
		const places = [...worlds.slice(1).map((world, i) => ({ world, freed: freedAt(world, i) })), { world: step.end, freed: true }]
		for (const { world, freed } of places) {
			const holders = world.stores.get(store)?.holders ?? []
			if (holders.length === 0 && freed) free = true
			else if (holders.length > 0 && free) return undefined
		}
	}
	return free ? `"again" says the key was held after an earlier moment it was free, and after it was free it was not held before this step` : `"again" says the key was free at an earlier moment (the scene's start, a step's end, or as a lease of it ended), and before this step it never was`
}
const LEASE_ENDS: ReadonlySet<string> = new Set(['released', 'expired', 'gone', 'ended'])

function holderCount(slots: readonly Slot[], context: ClaimContext, count: number, key: number, world = context.world, workers = false): Verdict {
	const store = counted({ ...context, world }, slots[key])
	if (typeof store === 'string') return fails(store, key)
	const wanted = numberOf(slots[count])
	if (workers) {
		// A count of workers counts each once, and a worker whose running process holds nothing (the lease the store keeps in its
		// name is its crashed process's, `restartedHolder`) not at all: that old lease is no worker more.
		const distinct = [...new Set(store.holders)]
		const holding = distinct.filter(worker => restartedHolder(context, worker, world.time) === undefined)
		if (holding.length !== wanted) {
			const twice = distinct.filter(worker => store.holders.filter(one => one === worker).length > 1)
			const old = distinct.filter(worker => !holding.includes(worker))
			const why = [...twice.map(worker => `${context.name(worker)} counts once, though the store keeps two leases in its name: its running process's and its crashed process's old lease`), ...old.map(worker => `${context.name(worker)}'s running process holds nothing, only its crashed process's old lease`)].join('; ')
			return fails(`expected ${wanted} ${wanted === 1 ? 'holder' : 'holders'}, but ${holding.length === 0 ? 'no one holds the key' : `the key is held by ${names(context, holding)}`} (${holding.length}${why === '' ? '' : ` workers: ${why}`})`, count)
		}
		return holds([holdersEvidence(world, store)], world.time)
	}
	if (store.holders.length !== wanted) return fails(`expected ${wanted} ${wanted === 1 ? 'holder' : 'holders'}, but ${store.holders.length === 0 ? 'no one holds the key' : `the key is held by ${names(context, store.holders)}`} (${store.holders.length})`, count)
	return holds([holdersEvidence(world, store)], world.time)
}

/** One lease of the worker of slot 0 was live from the step's start through its end. */
function stillHolds(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	if (isOld(slots[0])) return oldStillHolds(slots, context, worker)
	const before = liveLease(context.step.start, worker)
	const after = liveLease(context.world, worker)
	if (!before) return fails(`${context.name(worker)} held no live lease when the step began`, 0)
	if (!ofKey(slots[1], before.store)) return fails(`${context.name(worker)}'s lease is from ${context.name(before.store)}, not ${context.name(keyStore(slots[1]) ?? '')}`, 1)
	// A moment the clause names before the step's end (its own, or a sentence's opening one): the lease live when the step began lasted up to it, whether or not to the step's end.
	// A lease that ended in the step, at that moment or with none named, held up to its end: "…, then lets go" tells that end, and the clause is judged just before it.
	const moment = context.moment
	const first = context.step.happenings.find(h => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.worker === worker)
	if (moment !== undefined && (moment < context.world.time || (first !== undefined && first.at === moment))) {
		const end = first
		if (end && end.at < moment) return fails(`${context.name(worker)}'s lease did not last to ${time(moment)}: it ${endWord(end)} at ${time(end.at)}`, 0)
		// Its process restarted by then: the new process holds nothing of that lease (as at the step's end), whatever it was given since.
		const restart = context.step.happenings.find(h => h.kind === 'process-restarted' && h.worker === worker && h.at <= moment)
		if (restart) return fails(restartedHolder(context, worker, moment) ?? `${context.name(worker)}'s lease did not last to ${time(moment)}: its process restarted at ${time(restart.at)} and holds nothing of it`, 0)
		const verdict = { ...holds([leaseEvidence(context.step.start, worker)], context.step.start.time), said: { live: { worker, store: before.store, at: moment } } } as Verdict
		const unended = end && end.at === moment ? (moment === context.world.time ? lastedNot(context, worker, end) : `${context.name(worker)}'s lease did not last to ${time(moment)}: it ${endWord(end)} at ${time(end.at)}`) : undefined
		return end ? ({ ...verdict, until: end.at, endedBy: context.step.happenings.indexOf(end), ...(unended ? { unended } : {}) } as Verdict) : verdict
	}
	if (moment === undefined && first !== undefined && !context.step.happenings.some(h => h.kind === 'process-restarted' && h.worker === worker && h.at <= first.at)) {
		// Told with no moment, it held up to that end: true when the text goes on to tell it (the text's rule of a state that ended in the step).
		return { ...holds([leaseEvidence(context.step.start, worker)], context.step.start.time), until: first.at, endedBy: context.step.happenings.indexOf(first), unended: lastedNot(context, worker, first), said: { live: { worker, store: before.store, at: first.at } } } as Verdict
	}
	if (!after || after.grantedAt !== before.grantedAt) return fails(`${context.name(worker)}'s lease did not last the step: ${describeEnd(context, worker)}${oldHint(context, worker)}`, 0)
	// One lease all through: a let-go and a new lease at the same moment is no "still".
	const ended = [...happened(context.step, 'released', h => h.worker === worker), ...happened(context.step, 'expired', h => h.worker === worker), ...happened(context.step, 'gone', h => h.worker === worker), ...happened(context.step, 'ended', h => h.worker === worker)][0]
	if (ended || after.fence !== before.fence) return fails(`${context.name(worker)}'s lease did not last the step: it ${ended?.kind === 'released' ? 'let go' : ended?.kind === 'gone' ? 'lost it to its store' : ended?.kind === 'ended' ? 'had it ended by an operator' : 'ran out'} at ${time(ended?.at ?? context.world.time)} and holds another now`, 0)
	return { ...holds([leaseEvidence(context.step.start, worker), leaseEvidence(context.world, worker)], context.world.time), said: { live: { worker, store: before.store, at: context.moment ?? context.world.time } } } as Verdict
}

/** "Did not last the step", as when its end is not told: how the worker's lease live when the step began ended, and whether it holds another now. */
function lastedNot(context: ClaimContext, worker: string, ended: Happening): string {
	const before = liveLease(context.step.start, worker)
	const after = liveLease(context.world, worker)
	if (!after || after.grantedAt !== before?.grantedAt) return `${context.name(worker)}'s lease did not last the step: ${describeEnd(context, worker)}${oldHint(context, worker)}`
	return `${context.name(worker)}'s lease did not last the step: it ${ended.kind === 'released' ? 'let go' : ended.kind === 'gone' ? 'lost it to its store' : ended.kind === 'ended' ? 'had it ended by an operator' : 'ran out'} at ${time(ended.at)} and holds another now`
}

/**
 * "A's old lease is still live" ("still holds the key"): the lease A's crashed process held, which its restart
 * left in the store in A's name, was given before this step and has not ended when the step ends.
 */
function oldStillHolds(slots: readonly Slot[], context: ClaimContext, worker: string): Verdict {
	const old = oldLease(context, worker)
	if (typeof old === 'string') return fails(old, 0)
	const name = context.name(worker)
	if (!ofKey(slots[1], old.grant.store)) return fails(`${name}'s old lease is from ${context.name(old.grant.store)}, not ${context.name(keyStore(slots[1]) ?? '')}`, 1)
	const granted = runSteps(context.run).find(step => step.happenings.includes(old.grant))
	if (granted === undefined || granted.index >= context.step.index) return fails(`${name}'s old lease was given in this step, at ${time(old.grant.at)}: it was not live when the step began`, 0)
	const end = old.end
	if (end && end.step.index <= context.step.index) return fails(`${name}'s old lease did not last the step: it ${endWord(end.h)} at ${time(end.h.at)}${end.step.index < context.step.index ? `, in step ${end.step.index}` : ''}`, 0)
	return { ...holds([saw(granted, old.grant)], context.world.time), said: { live: { worker, store: old.grant.store, at: context.moment ?? context.world.time } } } as Verdict
}

/**
 * "A's old lease holds the key": the lease A's crashed process held, which its restart left in the store in A's name, is of
 * that key and has not ended when the step ends (given in this step or before; "still holds" asks it was live when the step began).
 */
function oldHolds(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const old = oldLease(context, worker)
	if (typeof old === 'string') return fails(old, 0)
	const name = context.name(worker)
	if (!ofKey(slots[1], old.grant.store)) return fails(`${name}'s old lease is from ${context.name(old.grant.store)}, not ${context.name(keyStore(slots[1]) ?? '')}`, 1)
	const granted = runSteps(context.run).find(step => step.happenings.includes(old.grant))
	const end = old.end
	if (granted === undefined) return fails(`${name}'s old lease was not given in this run`, 0)
	if (end && end.step.index <= context.step.index) return fails(`${name}'s old lease does not hold the key when the step ends: it ${endWord(end.h)} at ${time(end.h.at)}${end.step.index < context.step.index ? `, in step ${end.step.index}` : ''}`, 0)
	return { ...holds([saw(granted, old.grant)], context.world.time), said: { live: { worker, store: old.grant.store, at: context.moment ?? context.world.time } } } as Verdict
}

function endWord(h: Happening): string {
	return h.kind === 'expired' ? 'ran out' : h.kind === 'gone' ? 'went with its store' : h.kind === 'ended' ? 'was ended by an operator' : 'was let go'
}

/** The worker of slot 0, and no other, holds the key when the step ends, from any store. */
/**
 * The first of the workers a holder form whose subject is the worker names ("A is the only holder", "A and B hold the key") that holds
 * nothing at `moment` for a restart (`restartedHolder`): the verdict's failure, or the verdict. The forms of the key that name its
 * holders ("the key is held by A") ask it too: the store keeps the old lease in A's name, but A's new process holds nothing of it.
 */
/**
 * "B and C hold the two places" ("both places"): a semaphore of that many places whose holders, when the step ends, are the named
 * workers and no one else; with "now", they were not its holders when the step began. Else why not.
 */
function everyPlace(slots: readonly Slot[], context: ClaimContext, now: boolean): Verdict {
	const named = actorsOf(slots[0])
	const countAt = slots.findIndex(slot => slot.type === 'count')
	const wanted = countAt < 0 ? 2 : numberOf(slots[countAt])
	const at = Math.max(countAt, 0)
	const said = countAt < 0 ? 'both places' : `the ${wanted} places`
	if (named.length !== wanted) return fails(`"hold ${said}" says ${names(context, named)} fill a semaphore's ${wanted} places, but ${named.length === 1 ? 'one worker is' : `${named.length} workers are`} named`, at)
	const all = (holders: readonly string[]) => holders.length === named.length && named.every(id => holders.includes(id))
	const before = (id: string) => all(context.step.start.stores.get(id)?.holders ?? [])
	const candidates = [...context.world.stores.values()].filter(store => store.limit !== undefined && named.every(id => store.holders.includes(id)))
	const store = candidates.find(one => one.limit === wanted && all(one.holders) && !(now && before(one.id))) ?? candidates[0]
	if (store === undefined) {
		const none = named.find(id => ![...context.world.stores.values()].some(one => one.limit !== undefined && one.holders.includes(id)))
		return fails(none !== undefined ? `${context.name(none)} holds no place of a semaphore when the step ends` : `${names(context, named)} hold places of different semaphores, not every place of one`, 0)
	}
	const others = store.holders.filter(id => !named.includes(id))
	if (store.limit !== wanted) {
		const free = (store.limit ?? 0) - store.holders.length
		const rest = [...(others.length > 0 ? [`${names(context, others)} ${others.length === 1 ? 'holds' : 'hold'} ${others.length === 1 ? 'another' : 'others'}`] : []), ...(free > 0 ? [`${free} ${free === 1 ? 'is' : 'are'} free`] : [])]
		return fails(`${context.name(store.id)} has ${store.limit} places, not ${wanted}${rest.length > 0 ? `: ${rest.join(', and ')} when the step ends` : ''}`, at)
	}
	if (others.length > 0) return fails(`${names(context, others)} ${others.length === 1 ? 'holds' : 'hold'} a place of ${context.name(store.id)} too when the step ends`, 0)
	if (now && before(store.id)) return fails(`${names(context, named)} already held ${context.name(store.id)}'s ${wanted} places when the step began: "now" says it was not so then; leave "now" out`, 0)
	return noRestartedHolder(holds([holdersEvidence(context.world, store)], context.world.time), context, named, 0)
}

function noRestartedHolder(verdict: Verdict, context: ClaimContext, workers: readonly string[], slot: number): Verdict {
	if (!verdict.ok) return verdict
	const moment = context.moment ?? verdict.until ?? context.world.time
	for (const worker of workers) {
		const why = restartedHolder(context, worker, moment)
		if (why !== undefined) return fails(why, slot)
	}
	return verdict
}

function onlyHolder(slots: readonly Slot[], context: ClaimContext): Verdict {
	return noRestartedHolder(onlyHolderByName(slots, context), context, [actorOf(slots[0])], 0)
}

function onlyHolderByName(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const stores = [...context.world.stores.values()]
	const store = stores.find(s => s.holders.includes(worker))
	if (!store) return fails(`${context.name(worker)} holds no lease when the step ends`, 0)
	if (store.holders.length !== 1) return fails(`the key is held by ${names(context, store.holders)}`, 0)
	// Two stores give the same key twice: a worker holding it from the other is a holder too.
	const elsewhere = stores.find(s => s !== store && s.holders.length > 0)
	if (elsewhere) return fails(`${names(context, elsewhere.holders)} holds the key too, from ${context.name(elsewhere.id)}`, 0)
	return holds(stores.map(s => holdersEvidence(context.world, s)), context.world.time)
}

export const HOLDING_FORMS: readonly ClaimForm[] = [
	{
		id: 'holds-with-fence',
		places: STORY,
		tells: 'state',
		formula: "live(w, k, t) ∧ fence(w, t) = f",
		pattern: '{worker} holds {key} with fence {fence}', alternatives: ["{worker} has {key} with fence {fence}", "{worker} holds {key}, fence {fence}", "{worker} holds {key} under fence {fence}", "{worker} holds {key} \\(fence {fence})"],
		example: 'Worker A holds the key with fence 7',
		meaning: "The worker holds a live lease with that fence at the clause's moment: the step's end, unless the clause names a moment or the text goes on to tell what ended the lease.",
		check: (slots, context) => heldWith(slots, context, 2),
	},
	{
		id: 'holds-again-with-fence',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k, fence f) ∈ step, after an earlier granted(w, k) ∈ run",
		pattern: '{worker} holds {key} again with fence {fence}', alternatives: ["{worker} gets/takes/acquires {key} again with fence {fence}", "{worker} holds {key} again, now with fence {fence}", "{worker} holds {key} again, this time with fence {fence}", "{worker} gets/takes/acquires {key} again, now with fence {fence}", "{worker} gets/takes/acquires {key} again, this time with fence {fence}", "{worker} gets {key} back with fence {fence}"],
		example: 'Worker A holds the key again with fence 8',
		meaning: 'The worker was given a lease with that fence in this step, and had held the key before, with another lease.',
		check(slots, context) {
			const worker = actorOf(slots[0])
			const now = happened(context.step, 'granted', h => h.worker === worker && h.fence === fenceOfSlot(slots[2]) && ofKey(slots[1], h.store))[0]
			if (!now) {
				const other = happened(context.step, 'granted', h => h.worker === worker && h.fence === fenceOfSlot(slots[2]))[0]
				if (other) return fails(`${context.name(worker)}'s lease with fence ${showFence(other.fence ?? 0n)} is from ${context.name(other.store)}, not ${context.name(keyStore(slots[1]) ?? '')}`, 1)
				return fails(`${context.name(worker)} was given no lease with fence ${showFence(fenceOfSlot(slots[2]))} in this step`, 2)
			}
			const mine = (h: Of<'granted'>): boolean => h.worker === worker && h.store === now.store
			const before = context.step.happenings.slice(0, context.step.happenings.indexOf(now)).some(h => h.kind === 'granted' && mine(h))
			const earlier = before || context.run.steps.slice(1, context.step.index).some(step => happened(step, 'granted', mine).length > 0)
			if (!earlier) return fails(`${context.name(worker)} never held this key before`, 0)
			return holds([saw(context.step, now)], now.at)
		},
	},
	{
		id: 'holds-with-fence-and-ttl',
		places: STORY,
		tells: 'state',
		formula: "live(w, k, t) ∧ fence(w, t) = f ∧ ttl(w, t) = D",
		pattern: '{worker} holds {key} with fence {fence} and a {duration} lease',
		example: 'Worker A holds the key with fence 7 and a 30 s lease',
		meaning: "As above, and the lease's time to live is that long.",
		check: (slots, context) => heldWith(slots, context, 2, 3),
	},
	{
		id: 'holds-with-ttl',
		places: STORY,
		tells: 'state',
		formula: "live(w, k, t) ∧ ttl(w, t) = D",
		pattern: '{worker} holds {key} with a {duration} lease',
		example: 'Worker A holds the key with a 30 s lease',
		meaning: "The worker holds a live lease at the clause's moment, and its time to live is that long.",
		check: (slots, context) => heldWith(slots, context, undefined, 2),
	},
	{
		id: 'holds',
		places: STORY,
		tells: 'state',
		formula: "live(w, k, t)",
		pattern: '{worker} holds {key}', alternatives: ["{worker} has {key}", "{worker} owns {key}", "{owner} lease holds {key}"],
		example: 'Worker A holds the key',
		meaning: "The worker holds a live lease at the clause's moment: the step's end, unless the clause names a moment or the text goes on to tell what ended the lease.",
		check: (slots, context) => heldWith(slots, context),
	},
	{
		id: 'keeps',
		places: STORY,
		tells: 'state',
		formula: "live(w, k, t), and no lease of w (of k) ended in the step",
		pattern: '{worker} keeps {key}',
		example: 'Worker A keeps the key',
		meaning: "The worker holds a live lease at the clause's moment, and no lease of its ended in this step: it kept the key it had, not lost it and got it back.",
		check: (slots, context) => keptKey(slots, context),
	},
	{
		id: 'keeps-for-a-long-time',
		places: STORY,
		tells: 'state',
		formula: "keeps(w, k) at t, and while that lease of w lasted (up to w's first expired/released/gone/ended of its store, in this step or a later one) another worker v gave up waiting for that store, v's ask no earlier than the lease's grant: gave-up(v) with waited > 0 and at - waited ≥ its grant; and 3 · (end − grant) ≥ ttl, end that first lease end, else the scene's end",
		pattern: '{worker} keeps {key} for ages', alternatives: ['{worker} holds {key} for ages'],
		example: 'Worker A keeps the key for a long time',
		meaning: "As \"keeps the key\" says, and \"a long time\" is measured by another worker's wait: while that lease lasted (in this step or a later one), another worker that asked for the key after it was given waited some time and gave up, its whole wait spent behind it (a wait of 0 s, given up as it asked, measures nothing). Where no one gave up waiting, nothing checks \"long\": say until when (\"A keeps the key until 20 s\"). And \"long\" is long against the lease, as a long pause or a long piece of work is: the hold, from that lease's grant to its end (in this step or a later one, else the scene's end), lasts at least a fifth of its time to live (a 200 ms hold of a 10 s lease is refused).",
		check(slots, context) {
			const verdict = keptKey(slots, context)
			if (!verdict.ok) return verdict
			const worker = actorOf(slots[0])
			const name = context.name(worker)
			const lease = context.world.workers.get(worker)?.lease
			if (lease === undefined) return fails(`${name} holds no lease`, 0)
			let end: Happening | undefined
			let waited = false
			for (const h of [...context.step.happenings, ...laterSteps(context).flatMap(step => step.happenings)]) {
				if ((h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended') && h.worker === worker && h.store === lease.store && h.at >= lease.grantedAt) {
					end = h
					break
				}
				if (h.kind === 'gave-up' && h.worker !== worker && h.store === lease.store && h.waited > 0 && h.at - h.waited >= lease.grantedAt) {
					waited = true
					break
				}
			}
			// "Long" is long against the lease too, as a long pause and a long piece of work are: the hold, from its grant to its end
			// (in this step or a later one, else the scene's end), lasts at least a fifth of the lease's time to live.
			if (waited) {
				end ??= [...context.step.happenings, ...laterSteps(context).flatMap(step => step.happenings)].find(h => (h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended') && h.worker === worker && h.store === lease.store && h.at >= lease.grantedAt)
				if (end === undefined && context.run.lookAhead !== undefined) return verdict
				const later = laterSteps(context)
				const stop = end?.at ?? (later[later.length - 1] ?? context.step).end.time
				if ((stop - lease.grantedAt) * 5 >= lease.ttl) return verdict
				return fails(`"for a long time": ${name} held the key ${time(stop - lease.grantedAt)}, from ${time(lease.grantedAt)} to ${time(stop)}${end === undefined ? ', the end of the scene' : ''}, less than a fifth of its lease's ${time(lease.ttl)}; a hold is long when it lasts at least that (${time(lease.ttl / 5)}), as a long pause or a long piece of work does; say until when ("${name} keeps the key until ${time(stop)}"), or leave "for a long time" out`, 0)
			}
			const until = end === undefined ? '' : ` (it lasted until ${time(end.at)})`
			return fails(`"for a long time" is measured by another worker's wait, which it outlasts: no worker that asked for the key after ${name} got it gave up waiting while this lease lasted${until}; say until when${end === undefined ? '' : ` ("${name} keeps the key until ${time(end.at)}")`}, or leave "for a long time" out`, 0)
		},
	},
	{
		id: 'still-holds',
		places: STORY,
		tells: 'state',
		formula: "one lease of w live from the step's start through t; of an old lease, old(w) of k granted before the step and not ended by its end",
		pattern: '{worker} still holds {key}', alternatives: ["{worker} still has {key}", "{lease} still holds {key}"],
		example: 'A still holds the key',
		meaning: "The worker's lease was live when the step began and is live when it ends; at a moment the clause names, the lease live when the step began lasted to that moment. A lease that ended in the step held up to its end, the moment named or none: the text goes on to tell that end (\"At 5 s A still holds the key, then lets go\": just before the let-go). \"A's old lease still holds the key\" is of the lease A's crashed process held when its process restarted (in this step or before), which the store keeps in A's name: given before this step and not ended by its end; A's new process holds nothing of it.",
		check: (slots, context) => stillHolds(slots, context),
	},
	{
		id: 'old-lease-holds',
		places: STORY,
		tells: 'state',
		formula: "old(w) of k not ended by the step's end",
		pattern: '{owner} (own )old lease holds {key}',
		example: "Worker A's old lease holds the key",
		meaning: "The lease A's crashed process held when its process restarted (in this step or before), which the store keeps in A's name, is of that key and has not ended when the step ends; A's new process holds nothing of it. \"A's old lease still holds the key\" (the form \"still holds\") asks too that it was live when the step began.",
		check: (slots, context) => oldHolds(slots, context),
	},
	{
		id: 'lease-still-live',
		places: STORY,
		tells: 'state',
		formula: "one lease of w live from the step's start through t; of an old lease, old(w) granted before the step and not ended by its end",
		pattern: '{lease} is still live', alternatives: ["{lease} is still alive"],
		example: "A's lease is still live",
		meaning: "The worker's lease was live when the step began and is live when it ends (as \"A still holds the key\"); at a moment the clause names (\"At 5 s A wakes, and its lease is still live\"), the lease live when the step began lasted to that moment, whether or not to the step's end; a lease that ended in the step, at the moment named or with none, held up to that end when the text goes on to tell it. \"A's old lease is still live\" (\"its lease from before the crash\") is of the lease A's crashed process held when its process restarted, in this step or before: given before this step and not ended by its end.",
		check: (slots, context) => stillHolds(slots, context),
	},
	{
		id: 'gets',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k) ∈ step",
		pattern: '{worker} gets {key}', alternatives: ["{worker} acquires/takes/grabs/wins {key}", "{worker} is given {key}", "the lock/store/server gives {key} to {worker}", "the lock/store/server gives/hands {worker} {key}", "{key} is handed/given to {worker}", "the lock/store/server/semaphore hands {key} to {worker}", "{worker} gets in", "{worker} gets/takes a place/slot", "{worker} gets/takes one"],
		example: 'Worker B gets the key',
		meaning: 'The engine gave the worker a lease in this step ("D gets a place", or "takes a place", is a grant of a semaphore: of a scene with no semaphore it is refused). "Gets one" reads only after words of its sentence that name a place ("B tries for a place and gets one"): it says "gets a place".',
		check: (slots, context) => given(slots, context),
	},
	{
		id: 'takes-other-place',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k) ∈ step, k a semaphore's with limit(k) = 2, and exactly 1 lease of k live right before it (another worker's, or old(w))",
		pattern: '{worker} takes the other place', alternatives: ["{worker} gets/takes the other place/slot"],
		example: 'Worker B takes the other place',
		meaning: 'The engine gave the worker a place of a semaphore of two places in this step, and when it got it exactly one other lease held the one place (another worker\'s, or the worker\'s own old lease, its crashed process\'s, which the store keeps): "the other" says there are two, and one was taken. A lock, a semaphore of another number of places, or a grant when no one else (or more than one) held a place, is refused.',
		check: (slots, context) => otherPlace(slots, context),
	},
	{
		id: 'takes-only-place',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k) ∈ step, k a semaphore's with limit(k) = 1",
		pattern: '{worker} takes the only place', alternatives: ["{worker} gets/takes the only place/slot", "{worker} gets/takes the semaphore's only place/slot", "{worker} gets/takes the place/slot"],
		example: 'Worker A takes the only place',
		meaning: 'As "{worker} takes a place": the engine gave the worker a place of a semaphore in this step, and that semaphore has one place (its limit is 1): "the only place" (or "the semaphore\'s only place", "the place") names it. A lock, or a semaphore of more places, is refused.',
		check: (slots, context) => onlyPlace(slots, context),
	},
	{
		id: 'gets-first',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k) ∈ step, with no granted(v, k) ∈ run before it by another worker v",
		pattern: '{worker} gets {key} first', alternatives: ["{worker} acquires/takes/grabs/wins {key} first", "{worker} is the first to get {key}", "{worker} gets in first"],
		example: 'Worker A gets the key first',
		meaning: "The engine gave the worker a lease in this step, and no other worker had been given that key before it, in this step or an earlier one.",
		check(slots, context) {
			const verdict = given(slots, context)
			if (!verdict.ok) return verdict
			const worker = actorOf(slots[0])
			const grant = happened(context.step, 'granted', h => h.worker === worker && ofKey(slots[1], h.store))[0] as Of<'granted'>
			const before = happenedBefore(context, grant).find(h => h.kind === 'granted' && h.worker !== worker && h.store === grant.store) as Of<'granted'> | undefined
			return before ? fails(`${context.name(before.worker)} got the key before ${context.name(worker)}, at ${time(before.at)}`, 0) : verdict
		},
	},
	{
		id: 'never-gets',
		places: STORY,
		tells: 'none',
		denies: true,
		formula: "no live(w, k) at the step's start ∧ no granted(w, k) ∈ run: not before the step, in it, nor after it",
		pattern: '{worker} never gets {key}', alternatives: ['{worker} never acquires {key}'],
		example: 'B never gets the key',
		meaning: "The engine gives the worker a lease of the key in no step of the scene: not in this one, not in a later one up to the scene's end, and not in an earlier one; and the scene does not end with it in line for the key (it may be given it after the scene) (\"B never gets the key\" of a B that held it and let go is refused, as of a B that holds it when the step begins).",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const before = liveLease(context.step.start, worker)
			if (before && ofKey(slots[1], before.store)) return fails(`${context.name(worker)} already holds the key when the step begins, with ${before.fence === undefined ? 'no fence' : `fence ${showFence(before.fence)}`}`, 0)
			// "never" of the scene, not only of what is left of it: a key got in an earlier step and let go makes it false too.
			for (const step of [...runSteps(context.run).filter(one => one.index <= context.step.index), ...laterSteps(context)]) {
				const grant = happened(step, 'granted', h => h.worker === worker && ofKey(slots[1], h.store))[0]
				if (grant) return fails(`the engine ${step.index < context.step.index ? 'gave' : 'gives'} ${context.name(worker)} the key at ${time(grant.at)}, ${step.index === context.step.index ? 'in this step' : `in step ${step.index}`}`, 0)
			}
			// In line when the scene ends, it may yet be given the key after it.
			const waiting = stillInLine(context, worker)
			if (waiting !== undefined && ofKey(slots[1], waiting.store)) return fails(waiting.why, 0)
			return holds([{ kind: 'nothing', step: context.step.index, what: `a grant to ${worker} from step ${context.step.index} on` }])
		},
	},
	{
		id: 'no-longer-holds',
		places: STORY,
		tells: 'state',
		formula: "w held a lease of k at the step's start or was given one in it, and live(w, k, t) is false: the end of that lease ∈ step",
		pattern: '{worker} no longer holds {key}', alternatives: ["{worker} does not hold {key} any more/anymore", "{worker} doesn't hold {key} any more/anymore", "{worker} no longer has {key}", "{worker} no longer has a lease", "{worker} has no lease any more/anymore"],
		example: 'A no longer holds the key',
		meaning: "The worker held the key in this step (when it began, or given in it), and holds it no more when the step ends: its lease ended in the step, and no lease of the key is live in its name then (its crashed process's old lease, which the store keeps, is one).",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const held = heldIn(context.step, worker).filter(h => ofKey(slots[1], h.store))
			if (held.length === 0) return fails(`${context.name(worker)} held no lease in this step, so it did not stop holding one`, 0)
			const live = liveLease(context.world, worker)
			if (live && ofKey(slots[1], live.store)) return fails(`${context.name(worker)} still holds the key when the step ends`, 0)
			// Leases, not the worker's latest: its crashed process's old lease may still hold a place in its name.
			const other = leasesLive(context.run, context.step.index, h => h.worker === worker && ofKey(slots[1], h.store))[0]
			if (other !== undefined) return fails(`${context.name(worker)} still holds a lease of ${context.name(other.store)} when the step ends: the one given at ${time(other.at)}${oldLeaseLive(context, worker, other.store, context.world.time) ? `, its crashed process's old lease, which the store keeps in its name ("${context.name(worker)}'s old lease")` : ''}`, 0)
			const end = context.step.happenings.filter(h => (h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended') && h.worker === worker && ofKey(slots[1], h.store)).pop()
			if (!end) return fails(`no lease of ${context.name(worker)} ended in this step`, 0)
			return { ...holds([saw(context.step, end)], end.at), said: { events: [end] } } as Verdict
		},
	},
	{
		id: 'still-working',
		places: STORY,
		tells: 'state',
		formula: "granted(w) in an earlier step, no released(w), returned(w), finished(w) (its function returned, its let-go to come), crashed(w) nor asked(w) after it up to the step's end, and paused(w, t) false",
		pattern: '{worker} is still working', alternatives: ["{worker} still works", "{worker} is still at work", "{worker} is still doing its WORK", "{worker} keeps working", "{worker} is still DOING", "{owner} WORK is still running", "{owner} WORK is still going"],
		example: 'A is still working',
		meaning: "The worker's code is still in the body of its hold: it was given the key before this step, has not let go nor returned (its function returned, whether or not its lease was still live), crashed nor asked for a key again (its code left that hold), and its process runs (a paused process does no work) at the clause's moment: the step's end, a moment it names, or just before a pause the text goes on to tell. Its lease may have run out: the work goes on.",
		check: (slots, context) => stillWorking(slots, context),
	},
	{
		id: 'code-keeps-running',
		places: STORY,
		tells: 'state',
		formula: "still-working(w) at the step's end, ¬paused(w) at the step's start, and no paused(w) ∈ step",
		pattern: '{owner} code keeps running', alternatives: ['{owner} code keeps on running', '{owner} code keeps going'],
		example: "A's code keeps running",
		meaning: "The worker's code goes on through the whole step: as \"{worker} is still working\", it was given the key before this step and has not let go nor returned, crashed nor asked for a key again (its lease may have run out or been ended: the engine does not stop its code), and its process was not paused when the step began and neither paused nor crashed in it.",
		check: (slots, context) => keepsRunning(slots, context),
	},
	{
		id: 'works-on-until',
		places: STORY,
		tells: 'state',
		formula: "still-working(w) at the step's start, and the first released(w, k), returned(w, k), finished(w, k), crashed(w), asked(w) or paused(w) after it (this step or later) is at T, start < T ≤ the step's end; with a code sample, no ran(w) ∈ step before T; judged on the whole step, wherever the caption's order places it",
		pattern: '{worker} works on until {time}', alternatives: ['{worker} works until {time}', '{worker} keeps working until {time}', '{worker} keeps on working until {time}', '{worker} goes on working until {time}'],
		example: 'A works on until 15 s',
		meaning: "The worker was at work when the step began (as \"{worker} is still working\" says: given the key before it, its code still in that hold, its process running), went on working, and stopped exactly at that moment, a moment of this step (after its start, at or before its end): the first let-go, return of its function, crash, new ask or pause of its process after the step began, told in this step or a later one, comes then. Its lease may run out or be renewed meanwhile. A work that stopped earlier or later, or that has not stopped when the scene ends, is refused; with a code sample, its code ran no statement in the step before that moment (it stayed at its work).",
		check: (slots, context) => worksOnUntil(slots, context),
	},
	{
		id: 'works-until-then-lets-go',
		places: STORY,
		tells: 'event',
		formula: "works-on-until(w, T), and released(w) ∈ step at T",
		pattern: '{worker} works on until {time}, then lets go', alternatives: ['{worker} works until {time}, then lets go', '{worker} keeps working until {time}, then lets go', '{worker} keeps on working until {time}, then lets go', '{worker} goes on working until {time}, then lets go'],
		example: 'A keeps working until 20 s, then lets go',
		meaning: "As \"{worker} works on until {time}\" (at work when the step began, its work stopping exactly at that moment), and what stopped it is a let-go of the worker's, at that moment, in this step: \"then\" orders nothing more, the work ending at the let-go. A work that stopped otherwise (its function returning with nothing to let go, a crash, a pause) or at another moment is refused.",
		check(slots, context) {
			const verdict = worksOnUntil(slots, context)
			if (!verdict.ok) return verdict
			const worker = actorOf(slots[0])
			const until = numberOf(slots[1])
			const whole = context.run.steps[context.step.index] ?? context.step
			const release = whole.happenings.find((h): h is Of<'released'> => h.kind === 'released' && h.worker === worker && h.at === until)
			if (!release) return fails(`${context.name(worker)} does not let go at ${time(until)}: its work stopped then, but not by a let-go`, 0)
			return holds([saw(whole, release)], release.at)
		},
	},
	{
		id: 'starts-working',
		places: STORY,
		tells: 'event',
		follows: true,
		formula: "granted(w, k) ∈ step: w's code enters its hold's body then, or, when paused(w) at the grant, at the first woke(w) after it ∈ step",
		pattern: '{worker} starts working', alternatives: ["{worker} starts/begins its WORK", "{worker} starts/begins work", "{worker} starts/begins to work", "{worker} gets to work", "{worker} starts/begins a/an/the WORK", "{worker} starts/begins DOING", "{worker} DOES"],
		example: 'Worker A starts working',
		meaning: "The engine gave the worker a lease in this step, and its code went into the body of its hold, the work the lease guards: at the grant, or, when its process was paused then (a paused process runs no code), when it woke in this step. The work may be told in the scene's nouns and a few neutral words (\"starts a long piece of work\", \"starts building the monthly export\", \"rebuilds the index\" of `rebuildIndex`): they claim nothing more.",
		check: (slots, context) => startedWork(slots, context),
	},
	{
		id: 'settles-in',
		places: STORY,
		tells: 'event',
		follows: true,
		formula: "starts-working(w) ∈ step, and the first released(w, k), returned(w, k), finished(w, k), crashed(w), asked(w), granted(w) or paused(w) after it (this step or later) comes at a later moment, or never",
		pattern: '{worker} settles in for a/an/the WORK', alternatives: ["{worker} settles in for its WORK", "{worker} settles in to work", "{worker} settles down to work"],
		example: 'Worker A settles in for a long piece of work',
		meaning: 'The worker started its work in this step, as "{worker} starts working" says, and stayed at it for some time: its code did not leave the hold (let go, return, crash, ask or be given a key again) nor its process pause at the very moment it began. It stayed at it long, too: that stretch of work, up to where its code left the hold or its process paused (in this step or a later one, else the scene\'s end), lasted at least a fifth of its lease\'s time to live, as every "long" of time does (2 s of a 10 s lease; 1 ms is refused).',
		check(slots, context) {
			const verdict = startedWork(slots, context)
			if (!verdict.ok) return verdict
			const worker = actorOf(slots[0])
			const grant = happened(context.step, 'granted', h => h.worker === worker && ofKey(slots[1], h.store))[0] as Of<'granted'>
			const list = context.step.happenings
			// Its work began at the grant, or, its process paused then, at the waking after it (the verdict's second evidence).
			const begun = verdict.evidence.length > 1 ? list.findIndex((h, i) => i > list.indexOf(grant) && h.kind === 'woke' && h.worker === worker) : list.indexOf(grant)
			const wrong = stoppedAtOnce(context, worker, grant.store, verdict.at ?? grant.at, list.slice(begun + 1))
			if (wrong !== undefined) return fails(`${wrong}: "settles in" says it stayed at its work for some time`, 0)
			const short = workTooShort(context, worker, grant.store, verdict.at ?? grant.at, grant.ttl)
			return short === undefined ? verdict : fails(`${short}; "settles in" says it stayed at its work that long at least: say it starts working`, 0)
		},
	},
	{
		id: 'works-for-a-while',
		places: STORY,
		tells: 'state',
		formula: "works(w) at t, and that span of work (from its start in the step, else from w's grant) ends at a later moment than it began (this step or later), or never",
		pattern: '{worker} works for a while', alternatives: ["{worker} works for some time", "{worker} works a while", "{worker} is working for a while"],
		example: 'A works for a while',
		meaning: 'The worker is at work, as "{worker} is working" says, and that stretch of work lasted some time: from where it began (its grant or its waking in this step, or its grant when it was at work already) to where its code left the hold or its process paused, in this step or a later one (else the scene\'s end), the clock moved on, at least a fifth of its lease\'s time to live, as every "long" of time does (2 s of a 10 s lease).',
		check(slots, context) {
			const verdict = atWork(slots, context)
			if (!verdict.ok) return verdict
			const worker = actorOf(slots[0])
			const from = verdict.at as number
			const name = context.name(worker)
			if (verdict.until !== undefined && verdict.until <= from) return fails(`${name}'s work began and stopped at one moment, ${time(from)}: "for a while" says it went on for some time`, 0)
			const grant = verdict.evidence.flatMap(e => (e.kind === 'happened' && e.order !== undefined ? [context.run.steps[e.step]?.happenings[e.order]] : [])).find((h): h is Of<'granted'> => h?.kind === 'granted')
			if (verdict.until === undefined && grant !== undefined && context.world.time <= from) {
				const wrong = stoppedAtOnce(context, worker, grant.store, from, [])
				if (wrong !== undefined) return fails(`${wrong}: "for a while" says it went on for some time`, 0)
			}
			const lease = context.world.workers.get(worker)?.lease
			const store = grant?.store ?? lease?.store
			const short = store === undefined ? undefined : workTooShort(context, worker, store, from, grant?.ttl ?? lease?.ttl, verdict.until)
			return short === undefined ? verdict : fails(`${short}; "for a while" says it went on that long at least: say it works`, 0)
		},
	},
	{
		id: 'workers-start-working',
		places: STORY,
		tells: 'event',
		follows: true,
		formula: "for each v ∈ ws: granted(v, k) ∈ step, and v's code enters its hold's body then, or at the first woke(v) after it ∈ step",
		pattern: '{workers} start working', alternatives: ['{workers} start/begin their WORKS', '{workers} start/begin work', '{workers} start/begin to work', '{workers} get to work', '{workers} start/begin DOING'],
		example: 'Workers A and B start working',
		meaning: 'Each of the workers started its work in this step, as "{worker} starts working" says of one.',
		check: (slots, context) => startedWorkEach(slots, context, false),
	},
	{
		id: 'workers-start-working-together',
		places: STORY,
		tells: 'event',
		follows: true,
		formula: "for each v ∈ ws: v's code enters its hold's body in step (as starts-working), all at one moment",
		pattern: '{workers} start working at once', alternatives: ['{workers} start working at the same time/moment', '{workers} start/begin their WORKS at once', '{workers} start/begin their WORKS at the same time/moment', '{workers} start/begin work at once', '{workers} start/begin work at the same time/moment', '{workers} start working together', '{workers} start/begin their WORKS together', '{workers} start/begin work together', '{workers} start/begin DOING at once', '{workers} start/begin DOING together'],
		example: 'Workers A and B start working at the same time',
		meaning: 'Each of the workers started its work in this step, as "{worker} starts working" says of one, all at the same moment.',
		check: (slots, context) => startedWorkEach(slots, context, true),
	},
	{
		id: 'gets-with-fence',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k, fence f) ∈ step",
		pattern: '{worker} gets {key} with fence {fence}', alternatives: ["{worker} acquires/takes/grabs/wins {key} with fence {fence}", "{worker} is given {key} with fence {fence}", "{worker} gets/acquires/takes/grabs {key}, fence {fence}", "the lock/store/server gives {key} to {worker} with fence {fence}", "the lock/store/server gives/hands {worker} {key} with fence {fence}", "{key} is handed/given to {worker} with fence {fence}", "the lock/store/server hands {key} to {worker} with fence {fence}", "{worker} gets/acquires/takes/grabs {key}, with fence {fence}"],
		example: 'Worker B gets the key with fence 8',
		meaning: 'The engine gave the worker a lease with that fence in this step.',
		check: (slots, context) => given(slots, context, 2),
	},
	{
		id: 'gets-with-next-fence',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k, fence f) ∈ step, and the last granted(v, k) from that store before it had fence f - 1",
		pattern: '{worker} gets {key} with the next fence, {fence}', alternatives: ["{worker} acquires/takes/grabs/wins {key} with the next fence, {fence}", "{worker} is given {key} with the next fence, {fence}"],
		example: 'Worker B gets the key with the next fence, 8',
		meaning: "The engine gave the worker a lease with that fence in this step, and it is the next fence its store gave for the key: one more than the fence of the store's last grant before it, so a store's first fence, or its first of a new epoch, is no next fence.",
		check(slots, context) {
			const verdict = given(slots, context, 2)
			if (!verdict.ok) return verdict
			const worker = actorOf(slots[0])
			const wanted = fenceOfSlot(slots[2])
			const grant = happened(context.step, 'granted', h => h.worker === worker && ofKey(slots[1], h.store) && h.fence === wanted)[0] as Of<'granted'>
			const list = context.step.happenings
			const before = [...runSteps(context.run).filter(step => step.index < context.step.index).flatMap(step => step.happenings), ...list.slice(0, list.indexOf(grant))]
			const last = before.filter((h): h is Of<'granted'> => h.kind === 'granted' && h.store === grant.store && h.fence !== undefined).pop()
			if (!last) return fails(`${context.name(grant.store)} gave no fence before ${showFence(wanted)}: it is the first, not the next`, 2)
			if (last.fence !== undefined && last.fence + 1n !== wanted) return fails(`the fence ${context.name(grant.store)} gave before was ${showFence(last.fence)} (to ${context.name(last.worker)} at ${time(last.at)}), so ${showFence(wanted)} is not the next one`, 2)
			return verdict
		},
	},
	{
		id: 'only-now-gets',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k) ∈ step, after an asked(w, k) in an earlier step, and no granted(w, k) before it in the run",
		pattern: 'only now does {worker} get {key}', alternatives: ["only then does {worker} get {key}", "{worker} only now gets {key}", "only now is {worker} given {key}"],
		example: 'Only now does Worker B get the key',
		meaning: 'The engine gave the worker a lease in this step, and it had asked for that key in an earlier step (a hold or a try) and never held a lease of it (the key, or a place) before, in the whole scene: "only now" says it had been asking, not that it asked in this step, and reads as "for the first time"; of a worker that held the key earlier in the scene, refused ("B gets the key again"). A give-up and a new ask with no hold between them do not make it false.',
		check: (slots, context) => onlyNow(slots, context),
	},
	{
		id: 'only-now-gets-with-fence',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k, fence f) ∈ step, after an asked(w, k) in an earlier step, and no granted(w, k) before it in the run",
		pattern: 'only now does {worker} get {key} with fence {fence}', alternatives: ["only now does {worker} get {key}, with fence {fence}", "only then does {worker} get {key}( ,) with fence {fence}", "{worker} only now gets {key}( ,) with fence {fence}"],
		example: 'Only now does Worker B get the key, with fence 2',
		meaning: 'The engine gave the worker a lease with that fence in this step, and it had asked for that key in an earlier step (a hold or a try) and never held a lease of it before in the scene, as "only now does {worker} get {key}" says ("B gets the key again with fence 3" of one that held it before).',
		check: (slots, context) => onlyNow(slots, context, 2),
	},
	{
		id: 'gets-with-fence-and-ttl',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k, fence f, ttl D) ∈ step",
		pattern: '{worker} gets {key} with fence {fence} and a {duration} lease', alternatives: ["{worker} acquires/takes/grabs {key} with fence {fence} and a {duration} lease", "{worker} is given {key} with fence {fence} and a {duration} lease", "{worker} gets/takes/acquires/grabs {key}, fence {fence}, for {duration}"],
		example: 'Worker A gets the key with fence 7 and a 30 s lease',
		meaning: "The engine gave the worker a lease with that fence and that time to live in this step.",
		check(slots, context) {
			const fenced = given(slots, context, 2)
			if (!fenced.ok) return fenced
			const worker = actorOf(slots[0])
			const wanted = numberOf(slots[3])
			const grant = happened(context.step, 'granted', h => h.worker === worker && ofKey(slots[1], h.store) && h.fence === fenceOfSlot(slots[2]) && h.ttl === wanted)[0]
			if (!grant) return fails(`expected a ${time(wanted)} lease, but the lease given to ${context.name(worker)} lasts ${time(happened(context.step, 'granted', h => h.worker === worker)[0]?.ttl ?? 0)}`, 3)
			return holds([saw(context.step, grant)], grant.at)
		},
	},
	{
		id: 'gets-with-ttl',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k, ttl D) ∈ step",
		pattern: '{worker} gets {key} with a {duration} lease', alternatives: ["{worker} acquires/takes/grabs {key} with a {duration} lease", "{worker} is given {key} with a {duration} lease"],
		example: 'Worker A gets the key with a 30 s lease',
		meaning: "The engine gave the worker a lease of the key in this step whose time to live is that long; it says nothing of its fence.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const wanted = numberOf(slots[2])
			const all = happened(context.step, 'granted', h => h.worker === worker && ofKey(slots[1], h.store))
			if (all.length === 0) return fails(`the engine gave ${context.name(worker)} no lease in this step`, 0)
			const grant = all.find(h => h.ttl === wanted)
			if (!grant) return fails(`expected a ${time(wanted)} lease, but the lease given to ${context.name(worker)} lasts ${time(all[0]?.ttl ?? 0)}`, 2)
			return holds([saw(context.step, grant)], grant.at)
		},
	},
	{
		id: 'takes-place-with-ttl',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k, ttl D) ∈ step, k a semaphore's (the one named, if any)",
		pattern: '{worker} takes a place with a {duration} lease', alternatives: ["{worker} gets/takes a place/slot with a {duration} lease"],
		example: 'Worker A takes a place with a 5 s lease',
		meaning: "As \"{worker} gets {key} with a {duration} lease\" says, of a semaphore's place: the engine gave the worker a place of a semaphore (the one named, if any) in this step whose lease's time to live is that long (a lock's key is refused: it has no places). \"…, with a 5 s lease that is not renewed\" adds what \"{worker} holds {key} without renewing it\" says.",
		check: (slots, context) => placeWithTtl(slots, context),
	},
	{
		id: 'takes-place-in-key-with-ttl',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k, ttl D) ∈ step, k a semaphore's",
		pattern: '{worker} takes a place in {key} with a {duration} lease', alternatives: ["{worker} gets/takes a place/slot in/of {key}(,) with a {duration} lease"],
		example: 'Worker A takes a place in the key, with a 5 s lease',
		meaning: "As \"{worker} takes a place with a {duration} lease\", of that semaphore's places: the engine gave the worker a place of it in this step whose lease's time to live is that long (of a lock, refused: it has no places).",
		check: (slots, context) => placeWithTtl(slots, context),
	},
	{
		id: 'workers-get',
		places: STORY,
		tells: 'event',
		formula: "granted(v, k) ∈ step for each v ∈ ws",
		pattern: '{workers} get {key}', alternatives: ["{workers} both get {key}", "{workers} each get {key}", "{workers} get in", "{workers} both/each get in"],
		example: 'Workers A and B get the key',
		meaning: 'The engine gave each of those workers a lease in this step.',
		check(slots, context) {
			const ids = actorsOf(slots[0])
			const grants: Of<'granted'>[] = []
			for (const id of ids) {
				const grant = happened(context.step, 'granted', h => h.worker === id && ofKey(slots[1], h.store))[0]
				if (!grant) return fails(`the engine gave ${context.name(id)} no lease in this step`, 0)
				grants.push(grant)
			}
			return eachHeld(context, grants)
		},
	},
	{
		id: 'workers-take-one-of-places',
		places: STORY,
		tells: 'event',
		formula: "granted(v, k) ∈ step for each v ∈ ws, k a semaphore's with limit(k) = n = |ws|, and ws ⊆ holders(k, t) at some moment t of the step (or its end)",
		pattern: "{workers} each take one of {key}'s {count} places", alternatives: ["{workers} each get/take one of {key}'s {count} places/slots", "{workers} each get/take one of the {count} places/slots of {key}", "{workers} each get/take one of the {count} places/slots"],
		example: 'Workers A and B each take one of the two places',
		meaning: "The engine gave each of those workers a place of the semaphore in this step, the semaphore has that many places (its limit), as many as the workers named, and at some moment of the step (or at its end) they all hold their places at once: a lock, a semaphore of another number of places, or workers who took turns on one place while another held the other, is refused.",
		check(slots, context) {
			const keyAt = slots.findIndex(slot => slot.type === 'key')
			const countAt = slots.findIndex(slot => slot.type === 'count')
			const store = storeFor(context, keyAt < 0 ? undefined : slots[keyAt])
			if (typeof store === 'string') return fails(store, Math.max(keyAt, 0))
			if (store.limit === undefined) return fails(`${context.name(store.id)} is a lock, not a semaphore: it has no places`, Math.max(keyAt, 0))
			const wanted = numberOf(slots[countAt])
			if (store.limit !== wanted) return fails(`${context.name(store.id)} has ${store.limit} places, not ${wanted}`, countAt)
			const grants: Of<'granted'>[] = []
			for (const id of actorsOf(slots[0])) {
				const grant = happened(context.step, 'granted', h => h.worker === id && h.store === store.id)[0]
				if (!grant) return fails(`the engine gave ${context.name(id)} no place in this step`, 0)
				grants.push(grant)
			}
			const named = actorsOf(slots[0])
			if (named.length !== wanted) return fails(`"each take one of the ${wanted} places" says ${names(context, named)} fill ${context.name(store.id)}'s ${wanted} places, but ${named.length === 1 ? 'one worker is' : `${named.length} workers are`} named`, countAt)
			return notAtOnce(context, store.id, named) ?? eachHeld(context, grants)
		},
	},
	{
		id: 'workers-each-take-one-of-them',
		places: STORY,
		tells: 'event',
		formula: "granted(v, k) ∈ step for each v ∈ ws, k a semaphore's (one for all), and ws ⊆ holders(k, t) at some moment t of the step (or its end)",
		pattern: '{workers} each take one of the places', alternatives: ["{workers} each get/take one of the places/slots", "{workers} each get/take one of its places/slots", "{workers} each get/take one"],
		example: 'Workers A and B each take one of the places',
		meaning: "Said as \"each take one of the places\", or as \"each take one\" after words of the text that name a semaphore's places (\"The semaphore has two places. Workers A and B each take one\"), it says what \"each take one of the semaphore's places\" says: the engine gave each of those workers a place of one semaphore in this step, and at some moment of the step (or at its end) they all hold their places at once; a lock, places of different semaphores, or workers who took turns on one place, is refused.",
		check(slots, context) {
			const named = actorsOf(slots[0])
			const grantsOf = (id: string) => happened(context.step, 'granted', h => h.worker === id)
			for (const id of named) {
				const all = grantsOf(id)
				if (!all.some(h => context.world.stores.get(h.store)?.limit !== undefined)) return fails(all[0] === undefined ? `the engine gave ${context.name(id)} no place in this step` : `${context.name(all[0].store)} is a lock, not a semaphore: ${context.name(id)} got its key, not a place`, 0)
			}
			// The semaphores every one of them got a place of in this step; of those, one at which they all hold places at once.
			const shared = [...context.world.stores.values()].filter(store => store.limit !== undefined && named.every(id => grantsOf(id).some(h => h.store === store.id))).map(store => store.id)
			if (shared.length === 0) return fails(`${names(context, named)} took places of different semaphores in this step: "each take one" is of one semaphore's places`, 0)
			const store = shared.find(id => notAtOnce(context, id, named) === undefined) ?? (shared[0] as string)
			return notAtOnce(context, store, named) ?? eachHeld(context, named.map(id => grantsOf(id).find(h => h.store === store) as Of<'granted'>))
		},
	},
	{
		id: 'workers-each-take-one',
		places: STORY,
		tells: 'event',
		formula: "granted(v, k) ∈ step for each v ∈ ws, k a semaphore's",
		pattern: '{workers} each take one place', alternatives: ["{workers} each get/take one place/slot", "{workers} get/take one place/slot each", "{workers} get/take a place/slot", "{workers} both/each get/take a place/slot"],
		example: 'Workers A and B each take one place',
		meaning: "The engine gave each of those workers a place of a semaphore in this step (a lock's key is refused); \"each take a place\" (or \"get a place\") says the same.",
		check(slots, context) {
			const grants: Of<'granted'>[] = []
			for (const id of actorsOf(slots[0])) {
				const all = happened(context.step, 'granted', h => h.worker === id)
				const grant = all.find(h => context.world.stores.get(h.store)?.limit !== undefined)
				if (!grant) return fails(all[0] === undefined ? `the engine gave ${context.name(id)} no place in this step` : `${context.name(all[0].store)} is a lock, not a semaphore: ${context.name(id)} got its key, not a place`, 0)
				grants.push(grant)
			}
			return eachHeld(context, grants)
		},
	},
	{
		id: 'workers-get-with-ttl',
		places: STORY,
		tells: 'event',
		formula: "granted(v, k) ∈ step with ttl D for each v ∈ ws",
		pattern: '{workers} each get {key} with a {duration} lease', alternatives: ["{workers} get {key}, each with a {duration} lease", "{workers} both/each get {key}, each with a {duration} lease", "{workers} get in, each with a {duration} lease", "{workers} both/each get in, each with a {duration} lease", "{workers} each get in with a {duration} lease", "{workers} get a place, each with a {duration} lease", "{workers} get a slot, each with a {duration} lease", "{workers} both/each get a place, each with a {duration} lease", "{workers} both/each get a slot, each with a {duration} lease"],
		example: 'Workers A and B each get the key with a 30 s lease',
		meaning: "The engine gave each of those workers a lease in this step, and each lease's time to live is that long (\"A and B both get in, each with a 10 s lease\").",
		check(slots, context) {
			const ttl = slots.findIndex(slot => slot.type === 'duration')
			const key = slots.find(slot => slot.type === 'key')
			const wanted = numberOf(slots[ttl])
			const grants: Of<'granted'>[] = []
			for (const id of actorsOf(slots[0])) {
				const all = happened(context.step, 'granted', h => h.worker === id && ofKey(key, h.store))
				if (all.length === 0) return fails(`the engine gave ${context.name(id)} no lease in this step`, 0)
				const grant = all.find(h => h.ttl === wanted)
				if (!grant) return fails(`expected a ${time(wanted)} lease, but the lease given to ${context.name(id)} lasts ${time(all[0]?.ttl ?? 0)}`, ttl)
				grants.push(grant)
			}
			return eachHeld(context, grants)
		},
	},
	{
		id: 'workers-get-at-once',
		places: STORY,
		tells: 'event',
		formula: "granted(v, k) ∈ step for each v ∈ ws, each at its ask, with no place in line, all at one moment",
		pattern: '{workers} get {key} at once', alternatives: ["{workers} both/each get {key} at once", "{workers} get {key} right away/immediately", "{workers} both/each get {key} right away/immediately", "{workers} get in at once", "{workers} both/each get in at once", "{workers} get in right away/immediately", "{workers} both/each get in right away/immediately", "{workers} get a place/slot at once", "{workers} both/each get a place/slot at once", "{workers} get a place/slot right away/immediately"],
		example: 'Workers A and B get the key at once',
		meaning: 'The engine gave each of those workers a lease in this step when it asked, without its waiting in line, all at the same moment.',
		check(slots, context) {
			const grants: Of<'granted'>[] = []
			for (const id of actorsOf(slots[0])) {
				const grant = happened(context.step, 'granted', h => h.worker === id && ofKey(slots[1], h.store))[0]
				if (!grant) return fails(`the engine gave ${context.name(id)} no lease in this step`, 0)
				if (grant.place !== undefined) return fails(`${context.name(id)} asked at ${time(grant.askedAt)} and waited in line: the engine gave it the key at ${time(grant.at)}`, 0)
				grants.push(grant)
			}
			const [first, later] = [grants[0] as Of<'granted'>, grants.find(h => h.at !== grants[0]?.at)]
			if (later !== undefined) return fails(`${context.name(first.worker)} got the key at ${time(first.at)} and ${context.name(later.worker)} at ${time(later.at)}: not at once`, 0)
			return eachHeld(context, grants)
		},
	},
	{
		id: 'lets-in',
		places: STORY,
		tells: 'event',
		formula: "granted(v) ∈ step for each v ∈ ws",
		pattern: 'the semaphore/lock lets {workers} in',
		example: 'The lock lets A and B in',
		meaning: 'One lock store gave each of those workers a lease in this step: letting in is the grant, at its moment. "The lock" names one store: two locks that let one in each are refused (say which: "Lock 1 lets A in"); "the semaphore" needs a semaphore (a store with places), and is refused in a scene with none.',
		check(slots, context) {
			const grants: Of<'granted'>[] = []
			for (const id of actorsOf(slots[0])) {
				const grant = happened(context.step, 'granted', h => h.worker === id)[0]
				if (!grant) return fails(`the engine gave ${context.name(id)} no lease in this step${liveLease(context.world, id) ? ' (it holds one from before: say it holds the key)' : ''}`, 0)
				// One store let them all in: "the lock" names one (trial a26's 10: two locks, each let one in).
				const other = grants.find(before => before.store !== grant.store)
				if (other !== undefined) return fails(`${context.name(other.store)} let ${context.name(other.worker)} in and ${context.name(grant.store)} let ${context.name(id)} in: "the lock" names one store; say which let each in`, 0)
				grants.push(grant)
			}
			return eachHeld(context, grants)
		},
	},
	{
		id: 'store-lets-in',
		places: STORY,
		tells: 'event',
		formula: "granted(v, s) ∈ step for each v ∈ ws",
		pattern: '{store} lets {workers} in',
		example: 'Lock lets A and B in',
		meaning: 'The lock store named (or "it", the store the clause before spoke of) gave each of those workers a lease in this step: letting in is the grant, at its moment.',
		check(slots, context) {
			const store = actorOf(slots[0])
			const grants: Of<'granted'>[] = []
			for (const id of actorsOf(slots[1])) {
				const grant = happened(context.step, 'granted', h => h.worker === id && h.store === store)[0]
				const other = happened(context.step, 'granted', h => h.worker === id)[0]
				if (!grant && other) return fails(`${context.name(store)} gave ${context.name(id)} no lease in this step: ${context.name(other.store)} let it in`, 1)
				if (!grant) return fails(`${context.name(store)} gave ${context.name(id)} no lease in this step${liveLease(context.world, id) ? ' (it holds one from before: say it holds the key)' : ''}`, 1)
				grants.push(grant)
			}
			return eachHeld(context, grants)
		},
	},
	{
		id: 'gets-fence',
		places: STORY,
		tells: 'event',
		formula: "granted(w, fence f) ∈ step",
		pattern: '{worker} gets fence {fence}', alternatives: ["{worker} is given fence {fence}", "{worker} takes fence {fence}"],
		example: 'Worker B gets fence 8',
		meaning: 'The engine gave the worker a lease with that fence in this step.',
		check: (slots, context) => given(slots, context, 1, -1),
	},
	{
		id: 'takes-over-with-fence',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k, fence f) ∈ step, and the last granted(v, k) ∈ run before it went to another worker v",
		pattern: '{worker} takes over with fence {fence}',
		example: 'Worker B takes over with fence 8',
		meaning: 'The engine gave the worker a lease with that fence in this step, of a key whose holder before (the last grant of that store before this one) was another worker: it takes over from that one.',
		check(slots, context) {
			const verdict = given(slots, context, 1, -1)
			if (!verdict.ok) return verdict
			const worker = actorOf(slots[0])
			const grant = happened(context.step, 'granted', h => h.worker === worker && h.fence === fenceOfSlot(slots[1]))[0] as Of<'granted'>
			const list = context.step.happenings
			const before = [...runSteps(context.run).filter(step => step.index < context.step.index).flatMap(step => step.happenings), ...list.slice(0, list.indexOf(grant))]
			// It takes over from the key's holder before it: the store's last grant before this one went to another worker.
			const last = before.filter((h): h is Of<'granted'> => h.kind === 'granted' && h.store === grant.store).at(-1)
			if (last === undefined) return fails(`no other worker held ${context.name(grant.store)}'s key before ${context.name(worker)}, so it takes over from no one`, 0)
			if (last.worker === worker) return fails(`the last to hold ${context.name(grant.store)}'s key before this was ${context.name(worker)} itself (${last.fence === undefined ? '' : `fence ${showFence(last.fence)}, `}at ${time(last.at)}), so it takes over from no one`, 0)
			return verdict
		},
	},
	{
		id: 'store-gives-fence',
		places: STORY,
		tells: 'event',
		formula: "granted(w, from s, fence f) ∈ step",
		pattern: '{store} gives {worker} fence {fence}',
		example: 'the lock gives Worker B fence 8',
		meaning: 'That store gave the worker a lease with that fence in this step.',
		check(slots, context) {
			const store = actorOf(slots[0])
			const worker = actorOf(slots[1])
			const grants = happened(context.step, 'granted', h => h.worker === worker && h.store === store)
			const wanted = fenceOfSlot(slots[2])
			const grant = grants.find(h => h.fence === wanted)
			if (grant) return holds([saw(context.step, grant)], grant.at)
			if (grants.length === 0) return fails(`${context.name(store)} gave ${context.name(worker)} no lease in this step`, 1)
			return fails(`expected fence ${showFence(wanted)}, but ${describeHeld(context, worker)}`, 2)
		},
	},
	{
		id: 'no-worker-gets-fence',
		places: STORY,
		tells: 'none',
		formula: "no granted(fence f) ∈ step",
		pattern: 'no worker gets fence {fence}',
		example: 'no worker gets fence 9',
		meaning: 'No lease the engine gave in this step has that fence.',
		check(slots, context) {
			const fence = fenceOfSlot(slots[0])
			const grant = happened(context.step, 'granted', h => h.fence === fence)[0]
			if (grant) return fails(`the engine gave ${context.name(grant.worker)} fence ${showFence(fence)} at ${time(grant.at)}`, 0)
			return holds([{ kind: 'nothing', step: context.step.index, what: `a lease with fence ${showFence(fence)}` }])
		},
	},
	{
		id: 'no-worker-ever-gets-fence',
		places: STORY,
		tells: 'none',
		formula: "no granted(fence f) ∈ run",
		pattern: 'no worker ever gets fence {fence}',
		example: 'no worker ever gets fence 9',
		meaning: 'No lease the engine gives in the whole scene, before this step or after it, has that fence.',
		check(slots, context) {
			const fence = fenceOfSlot(slots[0])
			for (const step of runSteps(context.run)) {
				const grant = happened(step, 'granted', h => h.fence === fence)[0]
				if (grant) return fails(`the engine gives ${context.name(grant.worker)} fence ${showFence(fence)} in step ${step.index}`, 0)
			}
			return holds([{ kind: 'nothing', what: `a lease with fence ${showFence(fence)}` }])
		},
	},
	{
		id: 'no-lock',
		always: true,
		places: STORY,
		tells: 'none',
		formula: "the scene has no lock store",
		pattern: 'there is no lock', alternatives: ["no worker holds a lock", "nobody/neither holds a lock", "no one holds a lock", "neither worker holds a lock", "there is no lock at all", "no lock is used", "they use no lock"],
		example: 'there is no lock',
		meaning: 'The scene has no lock store: no worker can hold a lease in it, in any step.',
		check(_slots, context) {
			const store = [...context.world.stores.values()][0]
			if (store) return fails(`this scene has a lock store, ${context.name(store.id)}`)
			return holds([{ kind: 'nothing', what: 'a lock store' }])
		},
	},
	{
		id: 'nth-holder',
		places: STORY,
		tells: 'state',
		formula: "w is holder n of holders(k, t), in the order they got it; k is a semaphore's",
		pattern: '{worker} is the {ordinal} holder',
		example: 'D is the third holder',
		meaning: "The worker holds a semaphore's key when the step ends, and is that far down the order its holders got it in (not a worker whose process restarted since the grant the store keeps in its name: its new process holds nothing). A worker whose restarted process got a place while its crashed process's old lease still holds one is at its new place: the earlier is its old lease's (\"A is the third holder\", after A's old lease and B).",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const store = [...context.world.stores.values()].find(s => s.holders.includes(worker))
			if (!store) return fails(`${context.name(worker)} holds no lease when the step ends`, 0)
			if (store.limit === undefined) return fails(`${context.name(store.id)} is a lock, which has one holder at a time; "the ${slots[1]?.text ?? 'first'} holder" counts a semaphore's holders`, 1)
			// After a restart, the lease the crashed process got earlier is its old lease's place, not the running process's:
			// the running process is at its own, later grant's place.
			const name = context.name(worker)
			const old = oldLeaseLive(context, worker, store.id, context.moment ?? context.world.time)
			const twice = store.holders.indexOf(worker) !== store.holders.lastIndexOf(worker)
			const place = (old && twice ? store.holders.lastIndexOf(worker) : store.holders.indexOf(worker)) + 1
			const list = old && twice ? store.holders.map((id, i) => (id === worker && i === store.holders.indexOf(worker) ? `${name}'s old lease` : context.name(id))) : store.holders.map(id => context.name(id))
			const listed = list.length === 1 ? (list[0] as string) : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`
			if (place !== numberOf(slots[1])) return fails(old && twice ? `${name}'s running process is holder number ${place} of ${listed}: holder number ${store.holders.indexOf(worker) + 1} is ${name}'s old lease, its crashed process's` : `${name} is holder number ${place} of ${listed}`, 1)
			return noRestartedHolder(holds([holdersEvidence(context.world, store)], context.world.time), context, [worker], 0)
		},
	},
	{
		id: 'count-hold',
		places: STORY,
		tells: 'state',
		formula: "|holders(k, t)| = n",
		pattern: '{count} hold {key}( at once)',
		example: 'three hold the key at once',
		meaning: "That many workers hold the key when the step ends, each counted once: a worker whose crashed process's old lease is live beside its running process's counts once, and one whose running process holds nothing (only that old lease) not at all.",
		check: (slots, context) => holderCount(slots, context, 0, 1, context.world, true),
	},
	{
		id: 'count-workers-hold',
		places: STORY,
		tells: 'state',
		formula: "|holders(k, t)| = n",
		pattern: '{count} workers hold {key}( at once)',
		example: 'two workers hold the key at once',
		meaning: "That many workers hold the key when the step ends, each counted once: a worker whose crashed process's old lease is live beside its running process's counts once, and one whose running process holds nothing (only that old lease) not at all.",
		check: (slots, context) => holderCount(slots, context, 0, 1, context.world, true),
	},
	{
		id: 'all-count-hold',
		places: STORY,
		tells: 'state',
		formula: "|holders(k, t)| = n = the scene's workers",
		pattern: 'all {count} hold {key}( at once)',
		example: 'all three hold the key at once',
		meaning: "That many workers hold the key when the step ends, each counted once (as \"{count} workers hold {key}\"), and they are all the scene's workers.",
		check(slots, context) {
			const workers = [...context.run.kinds.values()].filter(kind => kind === 'worker').length
			if (numberOf(slots[0]) !== workers) return fails(`"all" is every worker, and this scene has ${workers}`, 0)
			return holderCount(slots, context, 0, 1, context.world, true)
		},
	},
	{
		id: 'count-already-hold',
		places: STORY,
		tells: 'state',
		formula: "|holders(k, t')| = n for every t' from the step's start to t",
		pattern: '{count} already hold {key}', alternatives: ["{count} workers already hold {key}"],
		example: 'three already hold the key',
		meaning: 'That many workers held the key when the step began, and still hold it at the clause\'s moment: the count holds from the step\'s start until the first grant or lease end of the key in the step changes it (after "while", at the moment of the clause before).',
		check(slots, context) {
			const counted = holderCount(slots, context, 0, 1, context.step.start)
			if (!counted.ok) return counted
			const store = storeFor({ ...context, world: context.step.start }, slots[1])
			if (typeof store === 'string') return counted
			// "Already" holds from the step's start only as long as those holders do: the first change of the count ends it.
			const first = holdersOver(context, store.id)[0]
			return first?.until === undefined ? counted : { ...counted, until: first.until, endedBy: first.endedBy as number }
		},
	},
	{
		id: 'workers-hold',
		places: STORY,
		tells: 'state',
		formula: "holders(k, t) = ws",
		pattern: '{workers} hold {key}( at once)', alternatives: ["{workers} both/each hold {key}", "{workers} hold {key} together", "{workers} have {key}( at once)"],
		example: 'Workers A, B and C hold the key at once',
		meaning: "Those workers, and no other, hold the key when the step ends (none of them a worker whose process restarted since it got the lease the store keeps in its name).",
		check(slots, context) {
			const store = counted(context, slots[1])
			if (typeof store === 'string') return fails(store, 1)
			const wanted = actorsOf(slots[0])
			const same = wanted.length === store.holders.length && wanted.every(id => store.holders.includes(id))
			if (!same) return fails(`the key is held by ${names(context, store.holders)}`, 0)
			return noRestartedHolder(holds([holdersEvidence(context.world, store)], context.world.time), context, wanted, 0)
		},
	},
	{
		id: 'workers-each-hold-one',
		places: STORY,
		tells: 'state',
		formula: "∃ k a semaphore's: ws ⊆ holders(k, t)",
		pattern: '{workers} each hold a place', alternatives: ["{workers} each hold a slot", "{workers} hold a place/slot each", "{workers} each hold one", "{workers} hold one each"],
		example: 'Workers A and B each hold a place',
		meaning: "Each of those workers holds a place of one semaphore when the step ends (others may hold its other places; none of them a worker whose process restarted since it got the lease the store keeps in its name). \"Hold one each\", which leaves out what they hold, reads only after words of the text that name places (\"A semaphore with three places. Workers A and B hold one each\").",
		check(slots, context) {
			const wanted = actorsOf(slots[0])
			const semaphores = [...context.world.stores.values()].filter(store => store.limit !== undefined)
			const store = semaphores.find(one => wanted.every(id => one.holders.includes(id)))
			if (store === undefined) {
				const none = wanted.find(id => !semaphores.some(one => one.holders.includes(id)))
				return fails(none !== undefined ? `${context.name(none)} holds no place of a semaphore when the step ends` : `${names(context, wanted)} hold places of different semaphores, not one each of the same`, 0)
			}
			return noRestartedHolder(holds([holdersEvidence(context.world, store)], context.world.time), context, wanted, 0)
		},
	},
	{
		id: 'workers-hold-every-place',
		places: STORY,
		tells: 'state',
		formula: "∃ k a semaphore's with limit(k) = n = |ws| ('both': n = 2), holders(k, t) = ws",
		pattern: '{workers} hold the {count} places', alternatives: ["{workers} hold the {count} slots", "{workers} hold all {count} places/slots"],
		example: 'Workers B and C hold the two places',
		meaning: "Each of those workers holds a place of one semaphore when the step ends, and together they hold every place of it: it has that many places (\"both\": two), as many as the workers named, and no one else holds one (a free place, another holder, or a semaphore of another number of places is refused; so is a worker whose process restarted since it got the lease the store keeps in its name).",
		check: (slots, context) => everyPlace(slots, context, false),
	},
	{
		id: 'workers-now-hold-every-place',
		places: STORY,
		// Never offered: "now" adds a claim to what the form without it says, which is offered in its place.
		quiet: true,
		tells: 'state',
		formula: "∃ k a semaphore's with limit(k) = n = |ws| ('both': n = 2), holders(k, t) = ws, and not holders(k, start of the step) = ws",
		pattern: '{workers} now hold the {count} places', alternatives: ["{workers} now hold the {count} slots", "{workers} now hold all {count} places/slots", "{workers} hold the {count} places/slots now", "{workers} hold all {count} places/slots now"],
		example: 'Workers B and C now hold the two places',
		meaning: "As \"{workers} hold the {count} places\" (those workers hold every place of a semaphore of that many places, and no one else holds one), and \"now\" says it was not so when the step began: then the semaphore's holders were not those workers (a step that began with them holding every place is refused).",
		check: (slots, context) => everyPlace(slots, context, true),
	},
	{
		id: 'workers-hold-both-places',
		places: STORY,
		tells: 'state',
		formula: "∃ k a semaphore's with limit(k) = 2 = |ws|, holders(k, t) = ws",
		pattern: '{workers} hold both places', alternatives: ["{workers} hold both slots"],
		example: 'Workers B and C hold both places',
		meaning: "As \"{workers} hold the two places\": the two workers named hold the two places of a semaphore of two places when the step ends, and no one else holds one.",
		check: (slots, context) => everyPlace(slots, context, false),
	},
	{
		id: 'workers-now-hold-both-places',
		places: STORY,
		// Never offered: "now" adds a claim to what the form without it says, which is offered in its place.
		quiet: true,
		tells: 'state',
		formula: "∃ k a semaphore's with limit(k) = 2 = |ws|, holders(k, t) = ws, and not holders(k, start of the step) = ws",
		pattern: '{workers} now hold both places', alternatives: ["{workers} now hold both slots", "{workers} hold both places/slots now"],
		example: 'Workers B and C now hold both places',
		meaning: "As \"{workers} now hold the two places\": the two workers named hold the two places of a semaphore of two places when the step ends, no one else holds one, and they were not its holders when the step began.",
		check: (slots, context) => everyPlace(slots, context, true),
	},
	{
		id: 'only-holder',
		places: STORY,
		tells: 'state',
		formula: "holders(t), of every store, = {w}",
		pattern: '{worker} is the only holder', alternatives: ["{worker} is the sole holder"],
		example: 'B is the only holder',
		meaning: "The worker, and no other, holds the key when the step ends, from any store; not a worker whose process restarted since it got the lease the store keeps in its name (its new process holds nothing: that is \"A's old lease\").",
		check: (slots, context) => onlyHolder(slots, context),
	},
	{
		id: 'only-holder-with-fence',
		places: STORY,
		tells: 'state',
		formula: "holders(t), of every store, = {w} ∧ fence(w, t) = f",
		pattern: '{worker} is the only holder, with fence {fence}', alternatives: ["{worker} is the only holder, fence {fence}", "{worker} is the sole holder, with fence {fence}"],
		example: 'B is the only holder, with fence 8',
		meaning: 'The worker, and no other, holds the key when the step ends, from any store, and its lease has that fence.',
		check(slots, context) {
			const only = onlyHolder(slots, context)
			if (!only.ok) return only
			const worker = actorOf(slots[0])
			const fence = context.world.workers.get(worker)?.lease?.fence
			const wanted = fenceOfSlot(slots[1])
			if (fence !== wanted) return fails(`expected fence ${showFence(wanted)}, but ${describeHeld(context, worker)}`, 1)
			return only
		},
	},
	{
		id: 'key-free',
		places: STORY,
		tells: 'state',
		formula: "holders(k, t) = ∅",
		pattern: '{key} is free', alternatives: ["{key} is available/unheld", "nobody holds {key}", "no one holds {key}", "nobody is inside", "no one is inside", "nobody is inside {key}", "no one is inside {key}"],
		example: 'the key is free',
		meaning: "No one holds the key at the clause's moment: the step's end, unless the clause names a moment or the text goes on to tell the event that ended it (its holders over the step change at each grant and lease end).",
		check: (slots, context) => holdersState(slots, context, 0, holders => holders.length === 0, holders => `the key is held by ${names(context, holders)}`, 0, store => ({ free: store })),
	},
	{
		id: 'key-empty',
		places: STORY,
		tells: 'state',
		formula: "k is a semaphore's ∧ holders(k, t) = ∅",
		pattern: '{key} is empty',
		example: 'the key is empty',
		meaning: "Of a semaphore's key, as \"{key} is free\": no place of it is held at the clause's moment (the step's end, unless the clause names a moment or the text goes on to tell the event that ended it). A lock's key is free, not empty: said of a lock, it is refused.",
		check(slots, context) {
			const store = counted(context, slots[0])
			if (typeof store === 'string') return fails(store, 0)
			if (store.limit === undefined) return fails(`${context.name(store.id)} is a lock, not a semaphore: a lock's key is free, not empty; say "the key is free"`, 0)
			return holdersState(slots, context, 0, holders => holders.length === 0, holders => `the key has ${holders.length} of ${store.limit} places held, by ${names(context, holders)}`, 0, id => ({ free: id }))
		},
	},
	{
		id: 'key-free-again',
		places: STORY,
		tells: 'state',
		formula: "holders(k, t) = ∅, and before the step: holders(k) = ∅ at the scene's start, an earlier step's end or right after a lease end, and ≠ ∅ at a later place",
		pattern: '{key} is free again', alternatives: ["{key} is available again"],
		example: 'the key is free again',
		meaning: "No one holds the key at the clause's moment (as \"{key} is free\"), and \"again\": in the steps before, the key was free at some moment (the scene's start, before its first grant; a step's end; or as a lease of it ended, not handed straight on to the first in line), and held at a later one.",
		check(slots, context) {
			const verdict = holdersState(slots, context, 0, holders => holders.length === 0, holders => `the key is held by ${names(context, holders)}`, 0, store => ({ free: store }))
			if (!verdict.ok) return verdict
			const store = counted(context, slots[0])
			if (typeof store === 'string') return fails(store, 0)
			const was = freeThenHeld(context, store.id)
			return was === undefined ? verdict : fails(was, 0)
		},
	},
	{
		id: 'key-still-free',
		places: STORY,
		tells: 'state',
		formula: "holders(k, t) = ∅, and no granted, released, expired, gone nor ended(k) ∈ step at or before t after t0: t0 is the latest released/expired/gone/ended(k) at or before t the text before told, else the step's start, where holders(k) = ∅",
		pattern: '{key} is still free', alternatives: ['{key} is still available', '{key} is still unheld'],
		example: 'the key is still free',
		meaning: "No one holds the key at the clause's moment (as \"{key} is free\"), and \"still\": it was free already when the step began, or since the latest let-go or lease end of it the text before told, with no one holding it in between (a key taken and freed again in the step, or held when it began with nothing told freeing it, is refused; a clause of something else told after a lease end tells nothing of the key).",
		check: (slots, context) => stillFree(slots, context),
	},
	{
		id: 'key-stays-free',
		places: STORY,
		tells: 'state',
		formula: "holders(k, t') = ∅ for every t' from t0 to the step's end: no granted(k), released(k), expired(k), gone(k) nor ended(k) ∈ step at or after t0, and holders(k) = ∅ at the step's end; t0 is the moment the clause names, else the step's start",
		pattern: '{key} stays free', alternatives: ['{key} remains free', '{key} stays/remains available/unheld'],
		example: 'the key stays free',
		meaning: "No one holds the key from the moment the clause names (\"At 5 s the key stays free\"), else from the step's start, to the step's end: no one got the key in that time, nor held it at any point of it (a key freed in the step, or at that moment, did not stay free: write \"the key is free\").",
		check: (slots, context) => staysFree(slots, context),
	},
	{
		id: 'key-stays-free-to-end',
		places: STORY,
		tells: 'state',
		formula: "key-stays-free(k) in this step, and no granted(k) in a later step: free on to the scene's end",
		pattern: '{key} stays free until the end', alternatives: ['{key} stays free to the end', '{key} remains free until/to the end', '{key} stays free until the end of the scene', '{key} stays free to the end of the scene'],
		example: 'the key stays free until the end',
		meaning: "As \"{key} stays free\" (no one holds it from the clause's moment, else the step's start, to the step's end), and on to the scene's end: no later step gives anyone the key (the step may be the scene's last).",
		check: (slots, context) => staysFreeToEnd(slots, context),
	},
	{
		id: 'key-stays-free-to-end-at',
		places: STORY,
		tells: 'state',
		quiet: true,
		formula: "key-stays-free-to-end(k), and T = the end of the scene's last step",
		pattern: '{key} stays free until the end, at {time}', alternatives: ['{key} stays free to the end, at {time}', '{key} remains free until/to the end, at {time}'],
		example: 'the key stays free until the end, at 5 s',
		meaning: "As \"{key} stays free until the end\", and the moment it names is that end's: the scene's last step ends then.",
		check: (slots, context) => staysFreeToEnd(slots, context),
	},
	{
		id: 'key-held',
		places: STORY,
		tells: 'state',
		formula: "holders(k, t) ≠ ∅",
		pattern: '{key} is held', alternatives: ["{key} is busy/taken/locked"],
		example: 'the key is held',
		meaning: "Someone holds the key at the clause's moment: the step's end, unless the clause names a moment or the text goes on to tell the event that ended it (its holders over the step change at each grant and lease end).",
		check: (slots, context) => holdersState(slots, context, 0, holders => holders.length > 0, () => 'no one holds the key', 0),
	},
	{
		id: 'key-held-by',
		places: STORY,
		tells: 'state',
		formula: "holders(k, t) = {w}",
		pattern: '{key} is held by {worker}', alternatives: ["{key} belongs to {worker}"],
		example: 'the key is held by Worker A',
		meaning: "That worker, and no other, holds the key at the clause's moment: the step's end, unless the clause names a moment or the text goes on to tell the event that ended it (its holders over the step change at each grant and lease end). A worker whose process restarted since the grant the store keeps in its name, and was given none since, holds nothing: its crashed process's lease is \"A's old lease\".",
		check(slots, context) {
			const worker = actorOf(slots[1])
			return noRestartedHolder(holdersState(slots, context, 0, holders => holders.length === 1 && holders[0] === worker, holders => `the key is held by ${names(context, holders)}`, 1), context, [worker], 1)
		},
	},
	{
		id: 'key-held-by-workers',
		places: STORY,
		tells: 'state',
		formula: "holders(k, t) = ws",
		pattern: '{key} is held by {workers}',
		example: 'the key is held by A and B',
		meaning: "Those workers, and no other, hold the key at the clause's moment: the step's end, unless the clause names a moment or the text goes on to tell the event that ended it (its holders over the step change at each grant and lease end). A worker whose process restarted since the grant the store keeps in its name, and was given none since, holds nothing (as in \"the key is held by {worker}\").",
		check(slots, context) {
			const wanted = actorsOf(slots[1])
			return noRestartedHolder(holdersState(slots, context, 0, holders => wanted.length === holders.length && wanted.every(id => holders.includes(id)), holders => `the key is held by ${names(context, holders)}`, 1), context, wanted, 1)
		},
	},
	{
		id: 'key-full',
		places: STORY,
		tells: 'state',
		formula: "k is a semaphore's ∧ |holders(k, t)| = limit(k)",
		pattern: '{key} is full', alternatives: ["{key} is at its limit", "there is no free place/slot( left)", "{key} has no free place/slot( left)", "all places/slots are taken/full", "all places/slots are in use", "every place/slot is taken", "no place/slot is free"],
		example: 'the key is full',
		meaning: "A semaphore's key has as many holders as its limit at the clause's moment: the step's end, unless the clause names a moment or the text goes on to tell the event that ended it (its holders over the step change at each grant and lease end).",
		check: (slots, context) => fullness(slots, context, true),
	},
	{
		id: 'key-full-again',
		places: STORY,
		tells: 'state',
		formula: "k is a semaphore's ∧ |holders(k, t)| = limit(k), and before the span it is full in began, |holders(k, t1)| = limit(k) and then |holders(k, t2)| < limit(k), t1 < t2",
		pattern: '{key} is full again', alternatives: ["{key} is full once more", "{key} is at its limit again", "{key} is at its limit once more", "all places/slots are taken/full again", "all places/slots are taken/full once more"],
		example: 'the key is full again',
		meaning: "As \"{key} is full\", and the key had been full before and then had room: at some earlier moment of the run it was full, after that it was not, and it is full now (\"again\" of a state that has held without a break since it first held is refused).",
		check: (slots, context) => fullAgain(slots, context),
	},
	{
		id: 'all-count-places-taken',
		places: STORY,
		tells: 'state',
		formula: "k is a semaphore's with limit(k) = n ∧ |holders(k, t)| = n",
		pattern: 'all {count} places of {key} are taken', alternatives: ["all {count} places/slots are taken/full", "all {count} places/slots are in use", "all {count} places/slots of {key} are full", "all {count} places/slots of {key} are in use", "all {count} are taken/full", "all {count} are in use"],
		example: 'all three places are taken',
		meaning: "A semaphore of that many places has as many holders when the step ends (\"all three are taken\" too: a lock, or a semaphore of another number of places, is refused).",
		check(slots, context) {
			const verdict = fullness([slots[1] as Slot], context, true)
			if (!verdict.ok) return verdict
			const store = counted(context, slots[1]) as StoreFact
			const wanted = numberOf(slots[0])
			return store.limit === wanted ? verdict : fails(`${context.name(store.id)} has ${store.limit} places, not ${wanted}`, 0)
		},
	},
	{
		id: 'free-places',
		places: STORY,
		tells: 'state',
		formula: "k is a semaphore's ∧ limit(k) − |holders(k, t)| = n",
		pattern: '{key} has {count} free place(s)', alternatives: ["{key} has {count} free slot(s)", "there is/are {count} free place(s)/slot(s)", "{count} places/slots of {key} are free", "{count} place/slot of {key} is free", "{count} places/slots are free", "{count} place/slot is free"],
		// "2 place is free" is no sentence to offer: a count offered is 2 or more, and its plural says it.
		unoffered: ['{count} place/slot of {key} is free', '{count} place/slot is free'],
		example: 'the key has one free place',
		meaning: "A semaphore's key has that many places free when the step ends: its limit less its holders (\"one place is free\" is exactly one; \"a place is free\" is \"{key} is not full\", at least one; \"no place is free\" is \"{key} is full\"; a lock has no places to count).",
		check(slots, context) {
			const key = slots[0]?.type === 'key' ? slots[0] : slots[1]
			const count = slots[0]?.type === 'count' ? slots[0] : slots[1]
			const store = counted(context, key)
			if (typeof store === 'string') return fails(store, 0)
			if (store.limit === undefined) return fails(`${context.name(store.id)} is a lock, not a semaphore: it has no places to count`, 0)
			const free = store.limit - store.holders.length
			if (free !== numberOf(count)) return fails(`${context.name(store.id)} has ${free} free place${free === 1 ? '' : 's'} when the step ends: ${store.holders.length} of ${store.limit} are held`, 1)
			return holds([holdersEvidence(context.world, store)], context.world.time)
		},
	},
	{
		id: 'key-not-full',
		places: STORY,
		tells: 'state',
		formula: "k is a semaphore's ∧ |holders(k, t)| < limit(k)",
		pattern: '{key} is not full', alternatives: ["{key} isn't full", "{key} has room", "{key} has a free place/slot", "a place/slot is free", "there is a free place/slot"],
		example: 'the key is not full',
		meaning: "A semaphore's key has fewer holders than its limit at the clause's moment: the step's end, unless the clause names a moment or the text goes on to tell the event that ended it (its holders over the step change at each grant and lease end).",
		check: (slots, context) => fullness(slots, context, false),
	},
	{
		id: 'limit-is',
		always: true,
		places: STORY,
		tells: 'none',
		formula: "limit(the store) = n",
		pattern: 'the limit is {count}', alternatives: ["the semaphore's limit is {count}", "the semaphore allows {count}", "its limit is {count}", "the semaphore has {count} places/slots", "it has {count} places/slots", "it allows {count}", "the semaphore lets {count} workers VERB at once", "the semaphore lets {count} workers VERB at the same time", "the semaphore lets {count} workers in at once", "the semaphore lets {count} workers in at the same time", "the semaphore allows {count} WORKS at once", "the semaphore allows {count} WORKS at the same time", "a semaphore with {count} places/slots"],
		example: 'the limit is 3',
		meaning: "The semaphore's limit is that number (\"the semaphore lets 2 workers print at once\" or \"… lets 2 workers in at once\" tells its limit, not who got in). \"It\" (\"it has 2 places\", \"it allows 2\", \"its limit is 2\") names the store the clause before spoke of (after a clause about several workers, the scene's one store); after a worker, a lease or nothing it is refused.",
		check(slots, context) {
			// slots[1]: the store "it" named, read as a key slot (read.ts), when the wording opens with "it".
			const store = counted(context, slots[1])
			if (typeof store === 'string') return fails(store)
			if (store.limit === undefined) return fails(`${context.name(store.id)} is a lock: it has no limit`, 0)
			if (store.limit !== numberOf(slots[0])) return fails(`${context.name(store.id)}'s limit is ${store.limit}`, 0)
			return { ...holds([holdersEvidence(context.world, store)]), said: { events: [], limit: { store: store.id, limit: store.limit } } }
		},
	},
	{
		// "The semaphore has a limit of 1", "…, and the semaphore is full: it has only one": the store named, or the one "it" names (the
		// subject of the clause before, which must be a store: "A takes a place, and it has only one" names Worker A, and is refused).
		id: 'store-has-limit',
		always: true,
		places: STORY,
		tells: 'none',
		formula: "s is a semaphore ∧ limit(s) = n",
		pattern: '{store} has a limit of {count}', alternatives: ['{store} has only {count} places/slots', '{store} has only {count} place/slot', '{store} has only {count}'],
		unoffered: ['{store} has only {count} place/slot'],
		example: 'the store has a limit of 3',
		meaning: "The store named (or the one \"it\" names, as in \"it has 2 places\": the store the clause before spoke of, or after a clause about several workers the scene's one store) is a semaphore, and its limit is that number (\"it has only one\" after \"the semaphore is full\"). A lock, \"it\" after a worker or nothing, and the lock store's common names (\"the lock server\", \"the lock\": a server is not a semaphore with places) are refused.",
		check(slots, context) {
			const id = actorOf(slots[0])
			const said = slots[0]?.text ?? ''
			const store = context.world.stores.get(id)
			if (store === undefined) return fails(`${context.name(id)} is no lock store of this run`, 0)
			if (store.limit === undefined) return fails(`${context.name(store.id)} is a lock: it has no limit (a lock lets one worker hold its key at a time)`, 0)
			if (/^(?:(?:the|this|that) )?(?:lock server|lock store|lock's store|lock’s store|lock|server)$/i.test(said)) return fails(`"${said}" names the lock store, not a semaphore with places; name the semaphore ("the semaphore" or its name, ${context.name(id)})`, 0)
			if (store.limit !== numberOf(slots[1])) return fails(`${context.name(store.id)}'s limit is ${store.limit}`, 1)
			return { ...holds([holdersEvidence(context.world, store)]), said: { events: [], limit: { store: store.id, limit: store.limit } } }
		},
	},
	{
		id: 'no-lease-has-a-fence',
		always: true,
		places: STORY,
		tells: 'none',
		formula: "every store is a semaphore: no lease of the run has a fence",
		pattern: 'no lease has a fence', alternatives: ["a semaphore's leases have no fence"],
		example: 'no lease has a fence',
		meaning: "Every store of the scene is a semaphore, so no lease in it carries a fence.",
		check(_slots, context) {
			if (context.world.stores.size === 0) return fails('this scene has no lock store, so it has no lease at all; say "there is no lock"')
			const lock = [...context.world.stores.values()].find(store => store.limit === undefined)
			if (lock) return fails(`${context.name(lock.id)} is a lock, and every lease a lock gives has a fence`)
			return holds([{ kind: 'nothing', what: 'a lease with a fence' }])
		},
	},
	{
		id: 'lease-has-no-fence',
		places: STORY,
		tells: 'state',
		formula: "lease(w, t) has no fence",
		pattern: '{lease} has no fence',
		example: "D's lease has no fence",
		meaning: "The worker's latest lease carries no fence (a semaphore's).",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const lease = context.world.workers.get(worker)?.lease
			if (!lease) return fails(`${context.name(worker)} has no lease`, 0)
			if (lease.fence !== undefined) return fails(`${context.name(worker)}'s lease has fence ${showFence(lease.fence)}`, 0)
			return { ...holds([leaseEvidence(context.world, worker)], context.world.time), said: { events: [grantOfLease(context, worker)].filter(h => h !== undefined) } } as Verdict
		},
	},
]

/** How a worker's lease ended, for a message. */
function describeEnd(context: ClaimContext, worker: string): string {
	const step = context.step
	const ended = step.happenings.find(h => (h.kind === 'expired' || h.kind === 'gone' || h.kind === 'released' || h.kind === 'ended') && h.worker === worker)
	if (!ended) return `${context.name(worker)} holds no live lease`
	const how = ended.kind === 'expired' ? 'ran out' : ended.kind === 'gone' ? 'went with its store' : ended.kind === 'ended' ? 'was ended by an operator' : 'was released'
	return `it ${how} at ${time(ended.at)}`
}

/**
 * A worker at work in its hold's body ("While A works, B asks"): listed with its process's forms, after the
 * forms of the key and the line, as its short words ("{worker} works") are near many a clause no form reads.
 */
export const WORKING_FORMS: readonly ClaimForm[] = [
	{
		id: 'works',
		places: STORY,
		tells: 'state',
		formula: "granted(w) at or before t, no released(w), returned(w) nor finished(w) of its store, crashed(w) nor asked(w) after it up to t, and paused(w, t) false",
		pattern: '{worker} is working', alternatives: ['{worker} works', '{worker} is at work', '{worker} is DOING', '{owner} WORK is running'],
		example: 'A is working',
		meaning: "The worker's code is in the body of its hold at the clause's moment (\"While A works, B asks\"): the engine gave it the key in this step or before, it has not let go nor returned, crashed nor asked for a key again since, and its process runs (a paused process does no work). Its lease may have run out: the work goes on. Unlike \"is still working\", its work may have begun in this step.",
		check: (slots, context) => atWork(slots, context),
	},
]

/** The worker holds a live lease at the clause's moment, and no lease of its (of the key) ended in this step (`keeps`). */
function keptKey(slots: readonly Slot[], context: ClaimContext): Verdict {
	const verdict = heldWith(slots, context)
	if (!verdict.ok) return verdict
	const worker = actorOf(slots[0])
	const end = context.step.happenings.find(h => (h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended') && h.worker === worker && ofKey(slots[1], h.store))
	if (end) return fails(`${context.name(worker)} did not keep the key: its lease ${end.kind === 'expired' ? 'ran out' : end.kind === 'released' ? 'was let go' : end.kind === 'gone' ? 'went with its store' : 'was ended by an operator'} at ${time(end.at)}`, 0)
	return verdict
}
