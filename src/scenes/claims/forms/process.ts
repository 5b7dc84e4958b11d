/**
 * Claims about a worker's process, which the engine does not see but its messages show: a paused
 * worker sends nothing, a woken one sends again, a worker whose lease is lost still acts. And what
 * the same writes would have done without fences, from the scene run again on databases that check none.
 */
import type { ClaimContext, ClaimForm, Slot, Verdict } from '../form.ts'
import { THING, inWords } from '../form.ts'
import type { StepFacts } from '../facts.ts'
import type { Happening } from '../../frame.ts'
import { actorOf, fails, happened, happenedBefore, holds, keyStore, laterSteps, leaseState, numberOf, ofKey, runSteps, saw, sentBy, staleWrite, time } from '../query.ts'
import type { Of } from '../query.ts'
import { describeWrite } from './writes.ts'

const STORY = ['caption', 'note'] as const

/**
 * What a worker holds of a semaphore is a place in it (a slot): "without letting go of its place" (or "its slot", "its place in
 * the semaphore") reads wherever "without letting go of the key" does, and means the same, a live lease of the key. Of a key
 * that is a lock's it is refused (a lock's holder has the key, not a place: read.ts).
 */
function withPlace(alternative: string): string[] {
	const key = / without (?:letting go of|releasing) \{key\}$/.exec(alternative)
	if (!key) return [alternative]
	const head = alternative.slice(0, key.index + key[0].length - '{key}'.length)
	return [alternative, `${head}its place/slot`, `${head}its place/slot in {key}`]
}

function silence(worker: string, step: StepFacts): { kind: 'messages'; worker: string; step: number; count: number } {
	return { kind: 'messages', worker, step: step.index, count: sentBy(step, worker) }
}

/** The worker of slot 0 is shown paused at the clause's moment: its label, itself checked, says so, and the last thing that stopped it was a pause, not a crash (the evidence: the pause that began it, and the worker's silence). */
function pausedNow(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	if (!context.world.workers.get(worker)?.paused) return fails(`${context.name(worker)} is not shown paused when the step ends; give it a label that says so, like set ${worker} "paused"`, 0)
	const began = lastPause(context, worker)
	// A crash label shows the worker stopped too, but for good: a crashed process is not paused.
	if (began?.event.kind === 'crashed') return fails(`${context.name(worker)}'s process crashed at ${time(began.event.at)}${began.step.index === context.step.index ? '' : `, in step ${began.step.index}`}: it is not paused, it will not wake`, 0)
	return holds([...(began ? [saw(began.step, began.event)] : []), silence(worker, context.step)], context.world.time)
}

/** The worker's last pause or crash up to this step's end, and its step. */
function lastPause(context: ClaimContext, worker: string): { step: StepFacts; event: Of<'paused'> | Of<'crashed'> } | undefined {
	for (let index = context.step.index; index >= 0; index--) {
		const step = index === context.step.index ? context.step : context.run.steps[index]
		if (!step) continue
		const event = [...step.happenings].reverse().find((h): h is Of<'paused'> | Of<'crashed'> => (h.kind === 'paused' || h.kind === 'crashed') && h.worker === worker)
		if (event) return { step, event }
	}
	return undefined
}

/**
 * The pause of the worker in this step a clause that tells more of it ("pauses before it saves", "pauses for 5 s") is of:
 * of its pauses no event clause after it tells, the first at or after the latest place the text told before it (a text
 * tells in order: "A pauses. A wakes and saves. A pauses before it saves" is a pause after the save), else the first.
 */
/**
 * "A pauses before any renewal is due" (`first`) / "before a renewal is due" (`next`): the pause the clause tells came while the worker held
 * the lease of its last grant, from a hold that renews on its own, before the first renewal its timer had due (a third of the TTL after the
 * grant), or the next (a third of the TTL after the last renewal on its own before the pause, else the grant).
 */
/** The pause a clause tells, and the lease its process held then from a hold that renews on its own, with that lease's renewals on its own before the pause. */
interface PauseUnderRenewal {
	worker: string
	name: string
	pause: Of<'paused'>
	grant: Of<'granted'>
	renewals: Of<'renewed'>[]
	/** The first renewal of that lease before the pause, on its own or by hand. */
	first: Of<'renewed'> | undefined
}

/**
 * The clause's pause (its worker's process paused in this step) and the lease its process held then, from a hold that renews on its
 * own; else why not, the refusal ending with what the clause's form makes of it: `none` of no lease held, `ended` of one that had
 * ended, `byHand` of one renewed only by hand.
 */
function pauseUnderRenewal(slots: readonly Slot[], context: ClaimContext, tail: { none: string; ended: string; byHand: (name: string, grant: Of<'granted'>) => string }): PauseUnderRenewal | Verdict {
	const verdict = processEvent(slots, context, 'paused')
	if (!verdict.ok) return verdict
	const worker = actorOf(slots[0])
	const name = context.name(worker)
	const pause = toldPause(context, worker) as Of<'paused'>
	const before = happenedBefore(context, pause)
	const from = before.map(h => h.kind === 'granted' && h.worker === worker).lastIndexOf(true)
	if (from < 0) return fails(`${name} held no lease when its process paused at ${time(pause.at)}, so ${tail.none}`, 0)
	const grant = before[from] as Of<'granted'>
	const since = before.slice(from + 1)
	const end = since.find(h => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.worker === worker && h.store === grant.store)
	if (end) return fails(`${name}'s lease given at ${time(grant.at)} ended at ${time(end.at)}, before its process paused at ${time(pause.at)}: ${tail.ended}`, 0)
	if (grant.renews !== true) return fails(`${name}'s hold renews nothing on its own (its lease given at ${time(grant.at)} is renewed only by hand, if at all), so ${tail.byHand(name, grant)}`, 0)
	const renewals = since.filter((h): h is Of<'renewed'> => h.kind === 'renewed' && h.worker === worker && h.store === grant.store && h.auto === true)
	const first = since.find((h): h is Of<'renewed'> => h.kind === 'renewed' && h.worker === worker && h.store === grant.store)
	return { worker, name, pause, grant, renewals, first }
}

function pausedBeforeDue(slots: readonly Slot[], context: ClaimContext, which: 'first' | 'next'): Verdict {
	const found = pauseUnderRenewal(slots, context, {
		none: 'no renewal of one was due',
		ended: 'no renewal of it was due',
		byHand: (name, grant) => `no renewal is ever due; say what happened to the lease instead ("${name}'s lease runs out at ${time(grant.at + grant.ttl)}")`,
	})
	if ('ok' in found) return found
	const { worker, name, pause, grant, renewals, first } = found
	// Trial a28 (12): a lease renewed before the pause (by hand or by its hold) had its first renewal already, as "wakes before its first renewal" says.
	if (which === 'first' && first !== undefined) return fails(`${name}'s lease given at ${time(grant.at)} was renewed ${first.auto === true ? 'by its hold' : 'by hand'} at ${time(first.at)}, before its process paused at ${time(pause.at)}: its first renewal had come; say "before a renewal is due" of the next one`, 0)
	const every = grant.ttl / 3
	const last = which === 'next' ? renewals.at(-1) : undefined
	const due = (last?.at ?? grant.at) + every
	if (pause.at >= due) return fails(`${name}'s ${which === 'first' ? 'first renewal' : 'next renewal'} was due at ${time(due)} (a third of its ${time(grant.ttl)} TTL after ${last ? `its renewal at ${time(last.at)}` : `its grant at ${time(grant.at)}`}), and its process paused at ${time(pause.at)}, after it`, 0)
	return holds([saw(context.step, pause), silence(worker, context.step)], pause.at)
}

/**
 * "A wakes before its first renewal is due": the worker's first wake of the step, the pause it woke from (its last before it), and the
 * lease of its last grant before that pause, from a hold that renews on its own, live up to the wake and not renewed since its grant:
 * the wake came before the first renewal its hold had due (a third of the TTL after the grant), so the whole pause did.
 */
function wokeBeforeDue(slots: readonly Slot[], context: ClaimContext): Verdict {
	const verdict = processEvent(slots, context, 'woke')
	if (!verdict.ok) return verdict
	const worker = actorOf(slots[0])
	const name = context.name(worker)
	const woke = happened(context.step, 'woke', h => h.worker === worker)[0] as Of<'woke'>
	const before = happenedBefore(context, woke)
	const pause = before.filter((h): h is Of<'paused'> => h.kind === 'paused' && h.worker === worker).pop()
	if (pause === undefined) return fails(`the scene does not show ${name} pausing before it woke at ${time(woke.at)}`, 0)
	const upToPause = before.slice(0, before.indexOf(pause))
	const from = upToPause.map(h => h.kind === 'granted' && h.worker === worker).lastIndexOf(true)
	if (from < 0) return fails(`${name} held no lease when its process paused at ${time(pause.at)}, so no renewal of one was due`, 0)
	const grant = upToPause[from] as Of<'granted'>
	const since = before.slice(from + 1)
	const end = since.find(h => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.worker === worker && h.store === grant.store)
	if (end) return fails(`${name}'s lease given at ${time(grant.at)} ended at ${time(end.at)}, before its process woke at ${time(woke.at)}: no renewal of it was due`, 0)
	if (grant.renews !== true) return fails(`${name}'s hold renews nothing on its own (its lease given at ${time(grant.at)} is renewed only by hand, if at all), so no renewal is ever due; say what happened to the lease instead ("${name}'s lease runs out at ${time(grant.at + grant.ttl)}")`, 0)
	const renewal = since.find(h => h.kind === 'renewed' && h.worker === worker && h.store === grant.store)
	if (renewal) return fails(`${name}'s lease given at ${time(grant.at)} was renewed at ${time(renewal.at)}, before its process woke at ${time(woke.at)}: its first renewal had come${renewal.at <= pause.at ? ' before the pause' : ''}`, 0)
	const due = grant.at + grant.ttl / 3
	if (woke.at >= due) return fails(`${name}'s first renewal was due at ${time(due)} (a third of its ${time(grant.ttl)} TTL after its grant at ${time(grant.at)}), and its process, paused at ${time(pause.at)}, woke at ${time(woke.at)}${pause.at < due ? ': the pause spanned that moment' : ', after it'}`, 0)
	return verdict
}

function toldPause(context: ClaimContext, worker: string): Of<'paused'> | undefined {
	const list = context.step.happenings
	const all = happened(context.step, 'paused', h => h.worker === worker)
	const open = all.filter(h => context.toldLater?.has(list.indexOf(h)) !== true)
	const some = open.length > 0 ? open : all
	const from = context.toldPlace
	return (from === undefined ? undefined : some.find(h => h.at > from.at || (h.at === from.at && list.indexOf(h) >= from.order))) ?? some[0]
}

/**
 * "A's work comes unstuck": the worker's code was stuck before this step: it ran a statement in an earlier step, and after the last
 * step it ran one in, a whole step went by, with the clock moving, in which it ran none (as "A's work hangs" tells of a step, or a
 * paused process's). Why not, as a message, or undefined.
 */
function stuckUntil(context: ClaimContext, worker: string): string | undefined {
	const name = context.name(worker)
	if (!(context.run.statements ?? []).some(statement => statement.held)) return `"comes unstuck" tells that ${name}'s code had stayed at one statement, and this scene runs no code sample under the key, so no line of its code is recorded; say "${name}'s code goes on"`
	const earlier = runSteps(context.run).filter(step => step.index < context.step.index)
	const last = earlier.filter(step => (step.ran ?? []).some(line => line.worker === worker)).pop()
	if (last === undefined) return `${name}'s code ran no statement before this step, so it was stuck at none`
	const still = earlier.find(step => step.index > last.index && step.end.time > step.start.time)
	if (still === undefined) return `${name}'s code ran on in step ${last.index}, and no step since let time pass with its code standing still: it was not stuck; say "${name}'s code goes on"`
	return undefined
}

/**
 * Why "A's work hangs" (its code at one statement through the step, its process running) is not shown stuck, or undefined when it is.
 * The run records no length a work call asked for, so a hang and slow work look alike while they last; what tells them apart is the
 * lease: the code stayed where it was until the lease of the grant it works under was lost (ran out, was ended or went with its
 * store), in this step or a later one, before its code ran another statement or acted (a let-go, a return, an ask), and before its
 * process paused, crashed or restarted. Work that went on first, with its lease still its own, was working as far as the record
 * shows; a scene that ends first does not settle it (a run that looks ahead only to a step judges nothing).
 */
function stuckPastLease(context: ClaimContext, worker: string, grant: Of<'granted'>): string | undefined {
	const name = context.name(worker)
	const lost = (h: Happening) => (h.kind === 'expired' || h.kind === 'ended' || h.kind === 'gone') && h.worker === worker && h.store === grant.store && h.fence === grant.fence
	const why = `"hangs" says ${name}'s code was stuck, not slow, and the run records no length its work asked for: what shows it stuck is its lease lost while its code stays where it was`
	const instead = `say "${name} is still working"`
	const here = context.step.happenings.findIndex(lost)
	if (here >= 0) return stillAfterLoss(context, worker, context.step.happenings[here] as Happening, context.step.index, here + 1, why, instead)
	for (const step of laterSteps(context)) {
		const ran = (step.ran ?? []).filter(line => line.worker === worker)
		for (let i = 0; i <= step.happenings.length; i++) {
			const line = ran.find(one => one.order === i)
			if (line) return `${why}; here its code went on at ${time(line.at)}, in step ${step.index} (line ${line.line}), with its lease still its own: as far as the record shows it was working; ${instead}`
			const h = step.happenings[i]
			if (h === undefined) continue
			if (lost(h)) return stillAfterLoss(context, worker, h, step.index, i + 1, why, instead)
			if (!('worker' in h) || h.worker !== worker) continue
			if (h.kind === 'paused' || h.kind === 'crashed' || h.kind === 'process-restarted') return `${why}; here its process ${h.kind === 'paused' ? 'paused' : h.kind === 'crashed' ? 'crashed' : 'restarted'} at ${time(h.at)}, in step ${step.index}, before its lease was lost, so the record does not tell a hang from slow work; ${instead}`
			if (h.kind === 'released' || h.kind === 'returned' || h.kind === 'asked' || h.kind === 'granted') return `${why}; here its code went on at ${time(h.at)}, in step ${step.index} (it ${h.kind === 'released' ? 'let go' : h.kind === 'returned' ? 'returned' : 'asked for a key'}), with its lease still its own: as far as the record shows it was working; ${instead}`
		}
	}
	if (context.run.lookAhead !== undefined) return undefined
	const end = context.run.steps[context.run.steps.length - 1]?.end.time ?? context.world.time
	return `${why}; here the scene ends at ${time(end)} with its code still at its work and its lease still its own, so whether it was stuck or slow the scene does not show; ${instead}`
}

/**
 * Why the code did not stay where it was for some time (more than 0 s) after its lease was lost (`loss`, in step `index`, the
 * step's happenings from `from` on coming after it), or undefined when it did: its next act (a line run, a let-go, a return, an ask,
 * a grant, or its process pausing, crashing or restarting) came later than the loss, or none came and the scene ends later than it
 * (a run that looks ahead only to a step and shows no act judges nothing). Code that goes on at the very moment of the loss (an
 * operator's end its work call answered at once) was working, as far as the record shows.
 */
function stillAfterLoss(context: ClaimContext, worker: string, loss: Happening, index: number, from: number, why: string, instead: string): string | undefined {
	const word = loss.kind === 'expired' ? 'ran out' : loss.kind === 'ended' ? 'was ended by an operator' : 'went with its store'
	const acts = (h: Happening) => 'worker' in h && h.worker === worker && ['released', 'returned', 'asked', 'granted', 'paused', 'crashed', 'process-restarted'].includes(h.kind)
	for (const step of [context.step, ...laterSteps(context)].filter(one => one.index >= index)) {
		const ran = step.index === context.step.index ? [] : (step.ran ?? []).filter(line => line.worker === worker)
		for (let i = step.index === index ? from : 0; i <= step.happenings.length; i++) {
			const line = ran.find(one => one.order === i)
			const h = step.happenings[i]
			const at = line !== undefined ? line.at : h !== undefined && acts(h) ? h.at : undefined
			if (at === undefined) continue
			if (at > loss.at) return undefined
			return `${why}; here its lease ${word} at ${time(loss.at)}, in step ${index}, and its code went on at that very moment (${line !== undefined ? `line ${line.line}` : `it ${(h as Happening).kind === 'released' ? 'let go' : (h as Happening).kind === 'returned' ? 'returned' : (h as Happening).kind}`}, in step ${step.index}), so it stayed stuck no time after the loss: as far as the record shows it was working; ${instead}, or let time pass between the loss and its next act`
		}
	}
	if (context.run.lookAhead !== undefined) return undefined
	const end = context.run.steps[context.run.steps.length - 1]?.end.time ?? context.world.time
	if (end > loss.at) return undefined
	return `${why}; here its lease ${word} at ${time(loss.at)}, in step ${index}, and the scene ends at that very moment, so nothing shows its code stuck after the loss; add a step where time passes with its code still where it was, or ${instead}`
}

/**
 * The worker's first write of this step on a lease it lost (a stale write), which "A's code goes on" and "A's work comes unstuck" tell;
 * else why not, a refusal at slot 0, the words `why` (of the form's own reading) after the message of a write on a live lease or on none.
 */
function writeOnALostLease(context: ClaimContext, worker: string, why = ''): Of<'wrote'> | Verdict {
	const write = happened(context.step, 'wrote', h => h.worker === worker && staleWrite(context, h))[0]
	if (write) return write
	const all = happened(context.step, 'wrote', h => h.worker === worker)
	return fails(all.length > 0 ? `${context.name(worker)} writes in this step only ${all.some(h => h.live) ? 'on a live lease' : 'with no lease it ever held'}${why}` : `${context.name(worker)} writes nothing in this step`, 0)
}

/** What a label does to a worker's process, in words for a message. */
const PROCESS_EVENTS = { paused: ['pause', 'paused'], woke: ['wake', 'woke'], crashed: ['crash', 'crashed'] } as const

/**
 * The worker of slot 0's process paused, woke or crashed in this step: an event the scene's labels
 * make (a label set that says paused or crashed, a paused label struck), at the moment it happened.
 */
function processEvent(slots: readonly Slot[], context: ClaimContext, kind: 'paused' | 'woke' | 'crashed'): Verdict {
	const worker = actorOf(slots[0])
	const event = happened(context.step, kind, h => h.worker === worker)[0]
	if (event) return holds([saw(context.step, event), silence(worker, context.step)], event.at)
	const [verb] = PROCESS_EVENTS[kind]
	const how = kind === 'woke' ? `strike its paused label, like strike ${worker} "paused"` : `give it a label that says so, like set ${worker} "${kind}"`
	// A restarted process is a new one: the old one did not wake.
	const restarted = kind === 'woke' ? happened(context.step, 'process-restarted', h => h.worker === worker)[0] : undefined
	if (restarted) return fails(`${context.name(worker)}'s process crashed, and at ${time(restarted.at)} it restarted as a new process: it did not wake; say "${context.name(worker)} restarts"`, 0)
	const crash = kind === 'paused' ? happened(context.step, 'crashed', h => h.worker === worker)[0] : undefined
	// A crashed process is stopped for good, not stuck or paused: it will not wake.
	if (crash) return fails(`${context.name(worker)}'s process crashed at ${time(crash.at)}: it did not pause, it will not wake; say "${context.name(worker)} crashes"`, 0)
	const already = kind === 'paused' && context.step.start.workers.get(worker)?.paused ? ` (it was paused when the step began: say "${context.name(worker)} is still paused")` : ''
	return fails(`${context.name(worker)}'s process did not ${verb} in this step${already}; to ${verb} it, ${how}`, 0)
}

/**
 * "A pauses for 30 s": the worker of slot 0 paused in this step, and its process woke `slot` long after,
 * in this step or a later one (not crashed first: a pause told with its length ended in a wake).
 */
function pauseFor(slots: readonly Slot[], context: ClaimContext, slot: number): Verdict {
	const verdict = processEvent(slots, context, 'paused')
	if (!verdict.ok) return verdict
	const worker = actorOf(slots[0])
	const pause = toldPause(context, worker) as Of<'paused'>
	const list = context.step.happenings
	const after = [...list.slice(list.indexOf(pause) + 1), ...laterSteps(context).flatMap(step => step.happenings)]
	const end = after.find((h): h is Of<'woke'> | Of<'crashed'> => (h.kind === 'woke' || h.kind === 'crashed') && h.worker === worker)
	const wanted = numberOf(slots[slot])
	const name = context.name(worker)
	if (end === undefined || end.kind !== 'woke') return fails(`"for ${time(wanted)}" says ${name}'s pause ended ${time(wanted)} after it began at ${time(pause.at)}, but ${end === undefined ? 'the scene never shows it waking' : `its process crashed at ${time(end.at)} without waking`}`, slot)
	if (end.at - pause.at !== wanted) return fails(`expected a pause of ${time(wanted)}, but ${name} paused at ${time(pause.at)} and woke at ${time(end.at)}, ${time(end.at - pause.at)} later`, slot)
	return holds([saw(context.step, pause), silence(worker, context.step)], pause.at)
}

/**
 * The worker's write of this step a clause about "its write" is of: the one the text told last, if it is of this step
 * (`ClaimContext.pointed`), else its last; and the same write, by its place among the worker's writes of the step, in `other`.
 */
function sameWrite(context: ClaimContext, worker: string, other: StepFacts | undefined): { here?: Of<'wrote'>; there?: Of<'wrote'> } {
	const mine = (step: StepFacts | undefined) => (step ? happened(step, 'wrote', h => h.worker === worker) : [])
	const all = mine(context.step)
	const pointed = context.pointed?.get(worker)
	const at = pointed !== undefined && all.includes(pointed) ? all.indexOf(pointed) : all.length - 1
	return { here: all[at], there: at < 0 ? undefined : mine(other)[at] }
}

/** The worker's write in this step (the one the text told last, else its last), and the same write in the run without fences. */
function unfencedWrite(context: ClaimContext, worker: string): { fenced?: Of<'wrote'>; unfenced?: Of<'wrote'> } {
	const { here, there } = sameWrite(context, worker, context.run.unfenced?.steps[context.step.index])
	return { fenced: here, unfenced: there }
}

function withoutFences(slots: readonly Slot[], context: ClaimContext, changed: boolean): Verdict {
	const worker = actorOf(slots[0])
	if (context.run.unfenced?.untellable) return fails(context.run.unfenced.untellable)
	const { fenced, unfenced } = unfencedWrite(context, worker)
	if (!fenced) return fails(`${context.name(worker)} wrote nothing in this step`, 0)
	if (!unfenced) return fails(`without fences, ${context.name(worker)} would write nothing in this step`, 0)
	if (unfenced.changed !== changed) return fails(`run without fences, ${describeWrite(context, unfenced)}`, 0)
	// A counterfactual says the fences made the difference: with them, the write had the other outcome.
	if (fenced.changed === changed) return fails(`with fences too, ${describeWrite(context, fenced)}: the fences changed nothing for this write`, 0)
	return holds([saw(context.step, fenced), { ...saw(context.step, unfenced), unfenced: true }], fenced.at)
}

/** A noun with its article: "a result", "an update". */
const article = (noun: string): string => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`

/** The worker's write of the step (the one the text told last, else its last), and the same write in the run where every database checks fences. */
function fencedWrite(context: ClaimContext, worker: string): { drawn?: Of<'wrote'>; fenced?: Of<'wrote'> } {
	const { here, there } = sameWrite(context, worker, context.run.fenced?.steps[context.step.index])
	return { drawn: here, fenced: there }
}

/** "With fences, A's write would have been refused" (`changed` false) or "would still be saved" (true): the scene run again with every database checking fences. */
function withFences(slots: readonly Slot[], context: ClaimContext, changed: boolean): Verdict {
	const worker = actorOf(slots[0])
	const { drawn, fenced } = fencedWrite(context, worker)
	if (!drawn) return fails(`${context.name(worker)} wrote nothing in this step`, 0)
	if (!fenced) return fails(`with fences, ${context.name(worker)} would write nothing in this step`, 0)
	if (fenced.changed !== changed) return fails(`run with fences, ${describeWrite(context, fenced)}`, 0)
	// "would have been refused" says the fences made the difference: as drawn, the write was taken.
	if (!changed && !drawn.changed) return fails(`as drawn too, ${describeWrite(context, drawn)}: the fences would change nothing for this write`, 0)
	if (changed && !drawn.changed) return fails(`as drawn, ${describeWrite(context, drawn)}`, 0)
	return holds([saw(context.step, drawn)], drawn.at)
}

/**
 * The happening of this step that ended the worker's code, for the causes of "A stops without saving": a refused renewal or a
 * give-up that was the act of the last statement its code ran in the run (its call threw, and its code ran nothing after it,
 * in this step or a later one), when a statement after that one in its block, which never ran, writes and no statement between
 * may leave the block first (a guarded `return`, a `throw`): but for the refusal, its code would have gone on to save. Else its function's return, its let-go at the function's end or its process's crash in
 * this step, the last of them.
 */
function stopOf(context: ClaimContext, worker: string): Happening | undefined {
	const list = context.step.happenings
	const ran = (context.step.ran ?? []).filter(line => line.worker === worker)
	const last = ran[ran.length - 1]
	const act = last?.act === true ? list[last.order] : undefined
	if (last?.statement !== undefined && act !== undefined && (act.kind === 'renew-refused' || act.kind === 'gave-up') && act.worker === worker && !laterSteps(context).some(step => (step.ran ?? []).some(line => line.worker === worker))) {
		const statements = context.run.statements ?? []
		const writes = context.words?.writes ?? {}
		// A write it would have got to: none after a statement that may leave the block first (`if (lease.fence < 5) return`), whose write may never have run.
		for (let next = statements[last.statement]?.next, seen = 0; next !== undefined && seen < statements.length; next = statements[next]?.next, seen++) {
			if (statements[next]?.calls.some(call => writes[call] !== undefined)) return act
			if (statements[next]?.exits) break
		}
	}
	return list.filter(h => 'worker' in h && h.worker === worker && (h.kind === 'returned' || (h.kind === 'released' && h.called !== true) || h.kind === 'crashed')).pop()
}

/**
 * Whether the code sample's function under the key saves: one of its statements calls a write of the domain's (`DomainWords.writes`),
 * or made a write in the run. Undefined when the scene runs no sample.
 */
function codeSaves(context: ClaimContext): boolean | undefined {
	const statements = context.run.statements
	if (statements === undefined || statements.length === 0) return undefined
	const writes = context.words?.writes ?? {}
	const made = new Set(context.run.steps.flatMap(step => step.happenings.flatMap(h => (h.kind === 'wrote' && h.statement !== undefined ? [h.statement] : []))))
	return statements.some((statement, id) => statement.held && (statement.calls.some(call => writes[call] !== undefined) || made.has(id)))
}

/**
 * Why the worker's code was on its way to no save when it crashed, or undefined when it was (or the scene runs no sample): the last
 * statement its code ran before the crash began a save and waited for it, or a statement after it in its block saves, with none
 * between that may leave the block first; a save in a branch (an \`if\`'s body) or after the block's end is none it was sure to reach.
 */
function noSaveAhead(context: ClaimContext, worker: string, crash: Of<'crashed'>): string | undefined {
	const statements = context.run.statements
	if (statements === undefined || statements.length === 0) return undefined
	const writes = context.words?.writes ?? {}
	const at = context.step.happenings.indexOf(crash)
	const ran = [...context.run.steps.slice(1, context.step.index).flatMap(step => step.ran ?? []), ...(context.run.steps[context.step.index]?.ran ?? []).filter(line => line.order <= at)].filter(line => line.worker === worker)
	const last = ran[ran.length - 1]
	const saves = (id: number | undefined) => id !== undefined && statements[id]?.held === true && statements[id].calls.some(call => writes[call] !== undefined)
	if (last?.statement !== undefined) {
		if (last.act !== true && saves(last.statement)) return undefined
		for (let next = statements[last.statement]?.next, seen = 0; next !== undefined && seen < statements.length; next = statements[next]?.next, seen++) {
			if (saves(next)) return undefined
			if (statements[next]?.exits) break
		}
	}
	const name = context.name(worker)
	return `${name}'s code was on its way to no save when its process crashed at ${time(crash.at)}: ${last === undefined ? 'it had run no statement' : `the last statement it ran was line ${last.line}`}, and no statement after it in its block saves (a save in a branch, such as an if's body, or after a statement that may leave the block, is none it was sure to reach); say "${name} crashes"`
}

/**
 * The line the worker's code is still running at the step's end, or undefined: the last statement it ran (to the step's end) is a
 * statement under the key that makes a call, not an act taken (an awaited work call, or a save begun and waiting for its act), and its
 * process is neither paused nor crashed then. Undefined too when the scene runs no sample.
 */
function stillRunning(context: ClaimContext, worker: string): number | undefined {
	const statements = context.run.statements
	if (statements === undefined || statements.length === 0) return undefined
	const state = context.step.end.workers.get(worker)
	if (state?.paused === true || state?.crashed === true) return undefined
	const last = context.run.steps.slice(1, context.step.index + 1).flatMap(step => (step.ran ?? []).filter(line => line.worker === worker)).pop()
	const statement = last?.statement === undefined ? undefined : statements[last.statement]
	return last !== undefined && last.act !== true && statement?.held === true && statement.calls.length > 0 ? last.line : undefined
}

export const PROCESS_FORMS: readonly ClaimForm[] = [
	{
		id: 'pauses',
		places: STORY,
		tells: 'event',
		formula: "paused(w) ∈ step",
		pauses: true,
		pattern: '{worker} pauses', alternatives: ["{worker} freezes", "{worker} hangs", "{worker} is suspended", "{worker} stops", "{worker} is cut off", "{worker} gets cut off", "{worker} gets stuck", "{owner} COMPUTER is moved/migrated to another host"],
		example: 'Worker A pauses',
		meaning: "The worker's process paused in this step: a label that says so was set (it is checked: a paused worker sends nothing while shown). \"A's virtual machine is moved to another host\" says it too: a live migration freezes the process as it moves, and the move itself claims nothing more.",
		check: (slots, context) => processEvent(slots, context, 'paused'),
	},
	{
		id: 'pauses-for',
		places: STORY,
		tells: 'event',
		formula: "paused(w) ∈ step at t, and w's next woke at t + D (this step or later), with no crashed(w) before it",
		pauses: true,
		pattern: '{worker} pauses for {duration}', alternatives: ["{worker} freezes/stalls for {duration}", "{owner} process pauses/freezes/stalls for {duration}"],
		example: 'A pauses for 30 s',
		meaning: "The worker's process paused in this step and woke that long after, in this step or a later one.",
		check: (slots, context) => pauseFor(slots, context, 1),
	},
	{
		id: 'paused-by',
		places: STORY,
		tells: 'event',
		formula: "paused(w) ∈ step",
		pauses: true,
		pattern: 'a/an/the CAUSE pauses/freezes/stalls/suspends {worker}', alternatives: ['a/an/the CAUSE cuts {worker} off', 'a/an/the CAUSE cuts {worker} off from the lock/store/server', '{worker} pauses/freezes/stalls/hangs in a/an/the CAUSE', '{owner} process pauses/freezes/stalls/hangs in a/an/the CAUSE', '{worker} gets stuck in a/an/the CAUSE', '{owner} process pauses/freezes/stalls/hangs for a/an/the CAUSE pause', '{worker} pauses/freezes/stalls/hangs for a/an/the CAUSE pause'],
		example: 'A migration freezes A',
		meaning: "The worker's process paused in this step. What paused it claims nothing and is one of the lexicon's neutral causes (a garbage collection, a GC pause, a migration, a query, the operating system, the host, a deploy, an upgrade, a swap storm, a page fault, a network partition, a debugger, a breakpoint…) or a noun of the scene's code, never an actor; \"long\" or \"short\" before it is checked as in an aside. It may follow the pause too: \"A's process stalls in a long garbage collection\", or \"for a long garbage-collection pause\" (\"for a CAUSE pause\" tells no length: \"long\" before it is checked, as always: the lease ran out during the pause).",
		check: (slots, context) => processEvent(slots, context, 'paused'),
	},
	{
		id: 'paused-by-for',
		places: STORY,
		tells: 'event',
		formula: "paused(w) ∈ step at t, and w's next woke at t + D (this step or later), with no crashed(w) before it",
		pauses: true,
		pattern: 'a/an/the CAUSE pauses/freezes/stalls/suspends {worker} for {duration}', alternatives: ['a/an/the CAUSE cuts {worker} off for {duration}', 'a/an/the CAUSE cuts {worker} off from the lock/store/server for {duration}'],
		example: 'A garbage collection pauses A for 30 s',
		meaning: "The worker's process paused in this step and woke that long after, in this step or a later one; what paused it claims nothing, as in the form before.",
		check: (slots, context) => pauseFor(slots, context, 1),
	},
	{
		id: 'process-pauses',
		places: STORY,
		tells: 'event',
		formula: "paused(w) ∈ step",
		pauses: true,
		pattern: '{owner} process pauses/stalls', alternatives: ["{owner} process freezes/hangs", "{owner} process gets stuck"],
		example: "A's process pauses",
		meaning: "The worker's process paused in this step.",
		check: (slots, context) => processEvent(slots, context, 'paused'),
	},
	{
		id: 'stalls',
		places: STORY,
		tells: 'event',
		formula: "paused(w) ∈ step",
		pauses: true,
		pattern: '{worker} stalls',
		example: 'A stalls',
		meaning: "The worker's process paused in this step.",
		check: (slots, context) => processEvent(slots, context, 'paused'),
	},
	{
		id: 'is-paused',
		places: STORY,
		tells: 'state',
		formula: "paused(w, t)",
		pauses: true,
		pattern: '{worker} is paused/stalled', alternatives: ["{worker} is frozen/suspended/hung", "{worker} is stuck", "{owner} process is paused/stalled/frozen/suspended/hung/stuck"],
		example: 'A is paused',
		meaning: 'The worker is shown paused at the moment the clause tells (the step\'s end unless it names one).',
		check: (slots, context) => pausedNow(slots, context),
	},
	{
		id: 'is-healthy',
		places: STORY,
		tells: 'state',
		// True of most steps of most scenes: never offered.
		quiet: true,
		formula: "¬paused(w, t), and no crashed(w) by t without a process-restarted(w) after it",
		pattern: '{worker} is healthy', alternatives: ["{owner} process is healthy", "{owner} process is up"],
		example: 'A is healthy',
		meaning: "The worker's process is up at the moment the clause tells (the step's end unless it names one): neither shown paused nor crashed (a crashed process that restarted is up again). It says nothing of its lease: an operator may end a healthy worker's lease.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const fact = context.world.workers.get(worker)
			if (fact?.crashed === true) return fails(`${context.name(worker)}'s process crashed and has not restarted by ${time(context.world.time)}: it is down, not healthy`, 0)
			if (fact?.paused === true) return fails(`${context.name(worker)}'s process is shown paused${fact.pausedSince === undefined ? '' : ` since ${time(fact.pausedSince)}`}: it is not healthy`, 0)
			return holds([{ kind: 'nothing', step: context.step.index, what: `a pause or a crash of ${context.name(worker)}'s process in effect at ${time(context.world.time)}` }], context.world.time)
		},
	},
	{
		id: 'is-still-paused',
		places: STORY,
		tells: 'state',
		formula: "paused(w) from the step's start through t, sending nothing",
		pauses: true,
		pattern: '{worker} is still paused/stalled', alternatives: ["{worker} is still frozen/suspended/hung", "{worker} is still stuck", "{owner} process is still paused/stalled/frozen/suspended/hung/stuck"],
		example: 'A is still paused',
		meaning: 'The worker was shown paused when the step began, did not wake in it, and is paused when it ends.',
		check(slots, context) {
			const worker = actorOf(slots[0])
			if (!context.step.start.workers.get(worker)?.paused) return fails(`${context.name(worker)} was not shown paused when the step began, so it is not still paused`, 0)
			if (sentBy(context.step, worker) > 0) return fails(`${context.name(worker)} sent a message in this step, so it did not stay paused through it`, 0)
			const woke = context.step.happenings.find(h => h.kind === 'woke' && h.worker === worker)
			if (woke) return fails(`${context.name(worker)} woke at ${time(woke.at)} in this step, so it did not stay paused through it`, 0)
			return pausedNow(slots, context)
		},
	},
	{
		id: 'wakes',
		places: STORY,
		tells: 'event',
		formula: "woke(w) ∈ step",
		pattern: '{worker} wakes( up)', alternatives: ["{worker} resumes", "{worker} comes back( to life)", "{worker} comes back from its pause", "{worker} unfreezes", "{worker} thaws( out)", "{worker} comes/gets unstuck", "{owner} process wakes( up)", "{owner} process resumes", "{owner} process comes back( to life)", "{owner} process comes back from its pause"],
		example: 'A wakes',
		meaning: "The worker's process woke in this step: its paused label was struck or replaced (\"A's process comes back\" says the same).",
		check: (slots, context) => processEvent(slots, context, 'woke'),
	},
	{
		id: 'wakes-after-pause',
		places: STORY,
		tells: 'event',
		formula: "woke(w) ∈ step at t, and w's last paused before it at t − D",
		pattern: '{worker} wakes( up) after its {duration} pause', alternatives: ["{worker} wakes( up) after a {duration} pause", "{worker} wakes( up) after pausing for {duration}", "{worker} wakes( up) after being paused for {duration}", "{worker} resumes after its/a {duration} pause", "{worker} wakes( up) after a pause of {duration}", "{worker} wakes( up), after a/its {duration} pause", "{worker} wakes( up), after a pause of {duration}"],
		example: 'A wakes after its 40 s pause',
		meaning: "The worker's process woke in this step, and the pause it woke from had begun that long before.",
		check(slots, context) {
			const verdict = processEvent(slots, context, 'woke')
			if (!verdict.ok) return verdict
			const worker = actorOf(slots[0])
			const woke = happened(context.step, 'woke', h => h.worker === worker)[0] as Of<'woke'>
			const pause = happenedBefore(context, woke).filter((h): h is Of<'paused'> => h.kind === 'paused' && h.worker === worker).pop()
			if (!pause) return fails(`the scene does not show ${context.name(worker)} pausing before it woke at ${time(woke.at)}`, 0)
			const wanted = numberOf(slots[1])
			if (woke.at - pause.at !== wanted) return fails(`expected a pause of ${time(wanted)}, but ${context.name(worker)} paused at ${time(pause.at)} and woke at ${time(woke.at)}, ${time(woke.at - pause.at)} later`, 1)
			return verdict
		},
	},
	{
		id: 'crashes',
		places: STORY,
		tells: 'event',
		formula: "crashed(w) ∈ step",
		pauses: true,
		pattern: '{worker} crashes', alternatives: ["{worker} dies", "{owner} process crashes/dies", "{owner} COMPUTER crashes/dies", "{owner} COMPUTER goes down", "{owner} COMPUTER loses power"],
		example: 'Worker A crashes',
		meaning: "The worker's process crashed in this step: a label that says crashed was set (it sends nothing until its process restarts, where the label is struck, or for the rest of the scene). Its machine going down, dying or losing power is told as the same crash (or its host, computer, laptop, container, virtual machine or VM).",
		check: (slots, context) => processEvent(slots, context, 'crashed'),
	},
	{
		id: 'has-crashed',
		places: STORY,
		tells: 'state',
		formula: "crashed(w) ∈ run by t, with no process-restarted(w) after it by t",
		pattern: '{worker} crashed', alternatives: ["{worker} has crashed", "{worker} had crashed", "{owner} process crashed", "{owner} process has crashed", "{owner} process had crashed"],
		example: 'Worker A crashed',
		meaning: "The worker's process crashed, in this step or an earlier one, and is down at the clause's moment: it has not restarted since. A past tense: it holds from the crash, and a moment it names must be the crash's.",
		past: true,
		check(slots, context) {
			const worker = actorOf(slots[0])
			const steps = [...context.run.steps.slice(1, context.step.index), context.step]
			const crashes = steps.flatMap(step => happened(step, 'crashed', h => h.worker === worker && h.at <= context.world.time).map(h => ({ step, h })))
			const last = crashes[crashes.length - 1]
			if (last === undefined) return fails(`${context.name(worker)}'s process has not crashed by ${time(context.world.time)}`, 0)
			if (context.world.workers.get(worker)?.crashed !== true) return fails(`${context.name(worker)}'s process crashed at ${time(last.h.at)}, but it restarted since: it is not down at ${time(context.world.time)}`, 0)
			return { ...holds([saw(last.step, last.h)], last.h.at), said: { events: [last.h] } } as Verdict
		},
	},
	{
		id: 'process-restarts',
		places: STORY,
		tells: 'event',
		formula: "process-restarted(w) ∈ step",
		pattern: '{worker} restarts', alternatives: ["{worker} is restarted", "{owner} process restarts", "{owner} process is restarted", "{worker} comes back after its crash", "{owner} process comes back after its crash", "{worker} starts again after its crash", "{owner} supervisor restarts it", "{owner} supervisor restarts its process", "a/the supervisor restarts {worker}", "a/the supervisor restarts {owner} process"],
		example: 'A restarts',
		meaning: "The worker's crashed process started again in this step (its crashed label struck): a new process, its code from the first line on a new connection, that knows nothing of the lease the old one held (which lives on in the store until it runs out or is let go of by no one). \"A's supervisor restarts it\" says the same: the supervisor is no actor, only the one who starts the process again.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const event = happened(context.step, 'process-restarted', h => h.worker === worker)[0]
			if (event) return holds([saw(context.step, event)], event.at)
			const crash = lastPause(context, worker)
			const down = crash?.event.kind === 'crashed' && context.step.end.workers.get(worker)?.crashed === true
			return fails(down ? `${context.name(worker)}'s process crashed at ${time((crash as { event: Of<'crashed'> }).event.at)} and did not restart in this step; to restart it, strike its crashed label, like strike ${worker} "crashed"` : `${context.name(worker)}'s process did not restart in this step: a process restarts only after it crashed (set ${worker} "crashed", then strike ${worker} "crashed" in a later step)`, 0)
		},
	},
	{
		id: 'never-restarts',
		places: STORY,
		tells: 'none',
		denies: true,
		formula: "crashed(w) ∈ run by the step's end, and w down at the step's end, with no process-restarted(w) in the whole scene",
		pattern: '{owner} process never restarts', alternatives: ['{owner} process is never restarted', '{worker} never restarts', '{worker} is never restarted', "{owner} process never comes back after its crash", '{worker} never comes back after its crash', '{worker} never comes back', "{owner} process never comes back"],
		example: "A's process never restarts",
		meaning: "The worker's process crashed, in this step or an earlier one, is down when this step ends, and restarts in no later step: it stays down for the rest of the scene (its crashed label is never struck). \"Never\" is of the whole scene: a process restarted once before, in an earlier step, was restarted, and the clause is refused.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const crash = lastPause(context, worker)
			if (crash?.event.kind !== 'crashed') return fails(`${context.name(worker)}'s process has not crashed by the step's end${crash === undefined ? '' : ` (it paused at ${time(crash.event.at)})`}, so there is nothing for it to restart from`, 0)
			if (context.step.end.workers.get(worker)?.crashed !== true) return fails(`${context.name(worker)}'s process crashed at ${time(crash.event.at)} and restarted in this step`, 0)
			// "Never" is of the whole scene: a process restarted once, before its last crash, was restarted.
			for (const step of [...context.run.steps.slice(0, context.step.index), context.step]) {
				const restart = happened(step, 'process-restarted', h => h.worker === worker)[0]
				if (restart) return fails(`${context.name(worker)}'s process was restarted at ${time(restart.at)}, in step ${step.index}, before the crash at ${time(crash.event.at)}: "never" is of the whole scene`, 0)
			}
			for (const step of laterSteps(context)) {
				const restart = happened(step, 'process-restarted', h => h.worker === worker)[0]
				if (restart) return fails(`${context.name(worker)}'s process restarts at ${time(restart.at)}, in step ${step.index}`, 0)
			}
			return holds([saw(crash.step, crash.event), { kind: 'nothing', step: context.step.index, what: `a restart of ${worker}'s process from step ${context.step.index} on` }])
		},
	},
	{
		id: 'stays-down',
		places: STORY,
		tells: 'none',
		denies: true,
		formula: "crashed(w) ∈ run by the step's end, and w down at the step's end, with no process-restarted(w) in a later step",
		pattern: '{worker} stays down', alternatives: ["{owner} process stays down", 'nothing/nobody restarts {worker}', 'nothing/nobody restarts {owner} process'],
		example: "A's process stays down",
		meaning: "The worker's process crashed, in this step or an earlier one, is down when this step ends, and no later step restarts it: it is still down when the scene ends (\"nothing restarts it\" says the same). Unlike \"never restarts\", it is of the rest of the scene only: a restart before its last crash does not make it false.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const crash = lastPause(context, worker)
			if (crash?.event.kind !== 'crashed') return fails(`${context.name(worker)}'s process has not crashed by the step's end${crash === undefined ? '' : ` (it paused at ${time(crash.event.at)})`}, so there is nothing for it to stay down after`, 0)
			if (context.step.end.workers.get(worker)?.crashed !== true) return fails(`${context.name(worker)}'s process crashed at ${time(crash.event.at)} and restarted in this step`, 0)
			for (const step of laterSteps(context)) {
				const restart = happened(step, 'process-restarted', h => h.worker === worker)[0]
				if (restart) return fails(`${context.name(worker)}'s process restarts at ${time(restart.at)}, in step ${step.index}: it does not stay down`, 0)
			}
			return holds([saw(crash.step, crash.event), { kind: 'nothing', step: context.step.index, what: `a restart of ${worker}'s process from step ${context.step.index} on` }])
		},
	},
	{
		id: 'crashes-before-saving',
		places: STORY,
		tells: 'event',
		formula: "crashed(w) ∈ step, with no wrote(w) before it in the scene; at it w was in a hold's body (a granted(w) since its last process-restarted, with no returned(w) nor released(w) of that store since); and the code sample, if the scene runs one, has a statement under the key that writes (it calls a write of the domain's, or made a wrote in the run), and the last statement w's code ran before the crash calls a write (not its act), or one after it in its block, before any that may leave it, does",
		pauses: true,
		pattern: '{worker} crashes before it saves', alternatives: ["{worker} crashes before saving", "{worker} crashes before it writes", "{worker} crashes before writing", "{worker} dies before it saves", "{worker} crashes before it has saved( anything)", "{worker} crashes before saving anything"],
		example: 'Worker B crashes before it saves',
		meaning: "The worker's process crashed in this step on its way to a save it never made: it had written nothing before the crash, in this step or an earlier one; it was in the body of its hold (given the key, its function had not returned nor let go); and the code under the key, if the scene runs a sample, has a save that this run was sure to reach: the last statement its code ran before the crash began that save, or a statement after it in its block saves, with none between that may leave the block first (a save in an if's body, or past the block's end, is none).",
		check(slots, context) {
			const verdict = processEvent(slots, context, 'crashed')
			if (!verdict.ok) return verdict
			const worker = actorOf(slots[0])
			const name = context.name(worker)
			const crash = happened(context.step, 'crashed', h => h.worker === worker)[0] as Of<'crashed'>
			const before = happenedBefore(context, crash)
			const wrote = before.find(h => h.kind === 'wrote' && h.worker === worker)
			if (wrote) return fails(`${name} wrote at ${time(wrote.at)}, before its process crashed at ${time(crash.at)}`, 0)
			// "Before it saves" says the crash cut off a save the code was on its way to: the worker was in its hold's body, and the code under the key saves.
			const restart = before.map(h => h.kind === 'process-restarted' && h.worker === worker).lastIndexOf(true)
			const grant = before.map(h => h.kind === 'granted' && h.worker === worker).lastIndexOf(true)
			if (grant < 0 || grant < restart) return fails(`${name}'s process held no key when it crashed at ${time(crash.at)}: "before it saves" says the crash cut off the save its code was on its way to under the key; say "${name} crashes"`, 0)
			const store = (before[grant] as Of<'granted'>).store
			const done = before.slice(grant).find(h => (h.kind === 'returned' || h.kind === 'released') && h.worker === worker && h.store === store)
			if (done) return fails(`${done.kind === 'returned' ? `${name}'s function had returned` : `${name} had let go`} at ${time(done.at)}, before its process crashed at ${time(crash.at)}: its work under the key was over, with no save to come; say "${name} crashes"`, 0)
			const saves = codeSaves(context)
			if (saves === false) return fails(`${name}'s code under the key has no save (no call that writes): it was on its way to no save when it crashed at ${time(crash.at)}; say "${name} crashes"`, 0)
			const ahead = noSaveAhead(context, worker, crash)
			return ahead === undefined ? verdict : fails(ahead, 0)
		},
	},
	{
		id: 'stops-without-saving',
		places: STORY,
		tells: 'none',
		// True of every worker that never gets the key or writes: never offered.
		quiet: true,
		formula: "no wrote(w) from the text's latest told place in the step (else its start) to the scene's end, nor since w's last granted before that place; w not in line at the step's end (its last asked(w) followed by a granted, refused, gave-up, left or crashed of w's); and at the step's end, since w's last granted, a returned(w), released(w) or crashed(w), or an expired, gone or ended lease of w's (or no granted(w) at all), but not a lost lease alone while w's last ran statement to the step's end is a held call, no act, and w is neither paused nor crashed then; for causes it tells stop(w) ∈ step: the renew-refused or gave-up of w's that the last statement w's code ran in the run met, when a statement after it in its block writes; else w's last returned, released (not called) or crashed ∈ step",
		pattern: '{worker} stops without saving', alternatives: ['{worker} stops without writing', '{worker} stops without saving anything'],
		example: 'A stops without saving',
		meaning: "The worker makes no write from the moment the text told last in this step (else the step's start) to the scene's end, and made none in its hold before it (since the key was last given to it); and by the step's end its hold's code has ended (its function returned or let go, or its process crashed) or it holds nothing (its lease ran out, went with its store or was ended, or it never got the key); a worker still in line for the key has not stopped, nor has one whose lease is lost while its code still runs under the hold (its last statement, under the key, makes a call and is no act taken, and its process is neither paused nor crashed at the step's end). After \"so\" (\"the lock refuses, so A stops without saving\"), what ended its code in this step is what the clause before must be why of: the refused renewal or give-up its code's last call of the scene met (the call threw), when a write after that call in its block never ran (but for the refusal it would have saved); else its function's return, its let-go at the function's end or its crash in this step.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const name = context.name(worker)
			const list = context.step.happenings
			const from = context.toldPlace
			const steps = runSteps(context.run)
			const here = (h: Of<'wrote'>) => from === undefined || h.at > from.at || (h.at === from.at && list.indexOf(h) > from.order)
			const later = [...happened(context.step, 'wrote', h => h.worker === worker && here(h)), ...laterSteps(context).flatMap(step => happened(step, 'wrote', h => h.worker === worker))][0]
			if (later) return fails(`${name} writes at ${time(later.at)}${list.includes(later) ? '' : ', in a later step'}: it did not stop without saving`, 0)
			// Its hold up to that moment: the happenings since its last grant, and up to the step's end.
			const upToEnd = [...steps.filter(step => step.index < context.step.index).flatMap(step => step.happenings), ...list]
			const moment = from === undefined ? upToEnd.length - list.length : upToEnd.length - list.length + from.order + 1
			const grant = upToEnd.slice(0, moment).map(h => h.kind === 'granted' && h.worker === worker).lastIndexOf(true)
			const saved = grant < 0 ? undefined : upToEnd.slice(grant, moment).find(h => h.kind === 'wrote' && h.worker === worker)
			if (saved) return fails(`${name} wrote at ${time(saved.at)}, in the hold it stops in: it saved`, 0)
			// A worker in line at the step's end (its last ask neither granted, refused nor given up, and it did not leave or crash since) has not stopped: it waits.
			const asked = upToEnd.map(h => h.kind === 'asked' && h.worker === worker).lastIndexOf(true)
			if (asked >= 0 && !upToEnd.slice(asked + 1).some(h => 'worker' in h && h.worker === worker && (h.kind === 'granted' || h.kind === 'refused' || h.kind === 'gave-up' || h.kind === 'left' || h.kind === 'crashed'))) return fails(`${name} is still in line for the key at the step's end: it has not stopped, it waits`, 0)
			const last = upToEnd.map(h => h.kind === 'granted' && h.worker === worker).lastIndexOf(true)
			if (last >= 0) {
				const store = (upToEnd[last] as Of<'granted'>).store
				const ended = upToEnd.slice(last).some(h => 'worker' in h && h.worker === worker && (h.kind === 'crashed' || ((h.kind === 'returned' || h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.store === store)))
				if (!ended) return fails(`${name} still holds its lease at the step's end, and its function has not returned: it has not stopped`, 0)
				// Its lease lost (run out, gone, ended) while its code goes on under the hold: "stops" says its code stopped.
				const byCode = upToEnd.slice(last).some(h => 'worker' in h && h.worker === worker && (h.kind === 'crashed' || ((h.kind === 'returned' || h.kind === 'released') && h.store === store)))
				const running = byCode ? undefined : stillRunning(context, worker)
				if (running !== undefined) return fails(`${name}'s lease is lost, but its code is still running under the hold at the step's end (the statement it began at line ${running} has not finished, and its process is neither paused nor crashed): "stops" says its code stopped; tell what became of its lease`, 0)
			}
			const verdict = holds([{ kind: 'nothing', what: `a write by ${worker} from this moment on` }])
			// What ended its code, which "so" before it must be why of ("the lock refuses, so A stops without saving").
			const stop = stopOf(context, worker)
			return stop === undefined || !verdict.ok ? verdict : { ...verdict, said: { events: [stop] } }
		},
	},
	{
		id: 'crashes-without-letting-go',
		places: STORY,
		tells: 'event',
		formula: "crashed(w) ∈ step, after a granted(w, key) in the scene with no released, expired, gone or ended lease of w's between them",
		pauses: true,
		pattern: '{worker} crashes without releasing {key}', alternatives: ["{worker} crashes without letting go of {key}", "{worker} dies without releasing {key}", "{worker} dies without letting go of {key}", "{worker} crashes without letting go", "{worker} crashes without releasing its lease", "{owner} process crashes/dies without releasing {key}", "{owner} process crashes/dies without letting go of {key}", "{owner} process crashes/dies without letting go", "{owner} COMPUTER crashes/dies without releasing {key}", "{owner} COMPUTER crashes/dies without letting go of {key}", "{owner} COMPUTER crashes/dies without letting go", "{owner} COMPUTER goes down without releasing {key}", "{owner} COMPUTER goes down without letting go of {key}", "{owner} COMPUTER loses power without letting go of {key}"].flatMap(withPlace).concat(withPlace('{worker} crashes without releasing {key}').slice(1)),
		example: 'Worker A crashes without releasing the key',
		meaning: "The worker's process crashed in this step (or the machine it runs on: \"A's host dies without letting go of the lock\") while it held a lease of the key it had not let go of: the engine gave it the key before the crash, in this step or an earlier one, and since then it released none and its lease did not run out, go with its store or get ended by an operator.",
		check(slots, context) {
			const verdict = processEvent(slots, context, 'crashed')
			if (!verdict.ok) return verdict
			const worker = actorOf(slots[0])
			const crash = happened(context.step, 'crashed', h => h.worker === worker)[0] as Of<'crashed'>
			const before = happenedBefore(context, crash)
			const grant = before.map(h => h.kind === 'granted' && h.worker === worker && ofKey(slots[1], h.store)).lastIndexOf(true)
			if (grant < 0) return fails(`${context.name(worker)} held no lease of ${keyStore(slots[1]) === undefined ? 'the key' : `the key of ${context.name(keyStore(slots[1]) as string)}`} before its process crashed at ${time(crash.at)}, so it had none to let go of`, 0)
			const release = before.slice(grant).find(h => h.kind === 'released' && h.worker === worker && ofKey(slots[1], h.store))
			if (release) return fails(`${context.name(worker)} let go of its lease at ${time(release.at)}, before its process crashed at ${time(crash.at)}`, 0)
			// It held the lease at the crash: not run out, gone with its store or ended by an operator before it.
			const lost = before.slice(grant).find(h => (h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.worker === worker && ofKey(slots[1], h.store))
			return lost ? fails(`${context.name(worker)} held no live lease when its process crashed at ${time(crash.at)}: its lease ${lost.kind === 'expired' ? 'ran out' : lost.kind === 'gone' ? 'went with its store' : 'was ended by an operator'} at ${time(lost.at)}`, 0) : verdict
		},
	},
	{
		id: 'without-letting-go',
		places: STORY,
		tells: 'none',
		denies: true,
		formula: "paused(w) or crashed(w) ∈ step (the latest at or before the text's latest told place, else the first), at which w held a live lease of k (a granted(w, k) before it with no released, expired, gone or ended of w's since), and no released(w, k) ∈ step",
		pattern: '{worker} without letting go of {key}', alternatives: ['{worker} without letting go', '{worker} without releasing {key}', '{worker} without releasing its lease'].flatMap(withPlace).concat(withPlace('{worker} without letting go of {key}').slice(1)),
		example: 'Worker A without letting go of the key',
		meaning: "Read only after a clause that says the same worker's process paused or crashed, with a comma between (\"A's process stalls while it holds the key, without letting go of it\"; the worker is that clause's subject): the worker's process paused or crashed in this step while it held a live lease of the key, and it let go of none in this step. The pause or crash is the one the clause before tells (the worker's latest at or before what the text told last), not any of the step's.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const name = context.name(worker)
			const release = happened(context.step, 'released', h => h.worker === worker && ofKey(slots[1], h.store))[0]
			if (release) return fails(`${name} let go of its lease at ${time(release.at)}, in this step`, 0)
			const stops = context.step.happenings.filter((h): h is Of<'paused'> | Of<'crashed'> => (h.kind === 'paused' || h.kind === 'crashed') && h.worker === worker)
			if (stops.length === 0) return fails(`"without letting go" tells of ${name}'s pause or crash, and its process neither paused nor crashed in this step`, 0)
			// The pause or crash the clause before tells: the worker's latest at or before the latest place the text told (else its first).
			const list = context.step.happenings
			const from = context.toldPlace
			const stop = (from === undefined ? undefined : stops.filter(h => h.at < from.at || (h.at === from.at && list.indexOf(h) <= from.order)).pop()) ?? (stops[0] as Of<'paused'> | Of<'crashed'>)
			// It held a live lease of the key at that pause or crash: given before it, and not let go, run out, gone or ended since.
			const before = happenedBefore(context, stop)
			const grant = before.map(h => h.kind === 'granted' && h.worker === worker && ofKey(slots[1], h.store)).lastIndexOf(true)
			const heldAt = grant >= 0 && !before.slice(grant).some(h => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.worker === worker && ofKey(slots[1], h.store)) ? stop : undefined
			if (heldAt === undefined) return fails(`${name} held no live lease of ${keyStore(slots[1]) === undefined ? 'the key' : `the key of ${context.name(keyStore(slots[1]) as string)}`} when its process ${stop.kind === 'crashed' ? 'crashed' : 'paused'} at ${time(stop.at)}, so it had none to let go of`, 0)
			return holds([{ kind: 'nothing', step: context.step.index, what: `a let-go by ${worker}, which held the key when its process ${heldAt.kind === 'crashed' ? 'crashed' : 'paused'} at ${time(heldAt.at)}` }])
		},
	},
	{
		id: 'pauses-before-saving',
		places: STORY,
		tells: 'event',
		formula: "paused(w) ∈ step, with no wrote(w) between its latest granted(w) and the pause, and a wrote(w) after it (in this step or a later one) with no crashed(w) between; of several pauses, the first no later clause tells at or after the text's latest told place",
		pauses: true,
		pattern: '{worker} pauses before it saves', alternatives: ["{worker} pauses before saving", "{worker} pauses before it writes", "{worker} pauses before writing", "{worker} freezes/hangs before it saves", "{worker} freezes/hangs before saving", "{worker} pauses/freezes/stalls/hangs before it saves/writes its THING", "{worker} gets stuck before it saves( its THING)", "{worker} gets stuck before it writes( its THING)", "{worker} gets stuck before saving( its THING)", "{worker} gets stuck before writing( its THING)", "{owner} process pauses/freezes/stalls/hangs before it saves/writes( its THING)", "{owner} process pauses/freezes/stalls/hangs before saving/writing( its THING)"],
		example: 'Worker A pauses before it saves',
		meaning: "The worker's process paused in this step, and the worker had written nothing since the engine last gave it the key; it writes after the pause, in this step or a later one, in the same process (a write after its process crashed is a restarted process's). Of a worker that paused more than once in the step, it is of the first pause no later clause tells that came at or after what the text told before it (else the first).",
		check(slots, context) {
			const verdict = processEvent(slots, context, 'paused')
			if (!verdict.ok) return verdict
			const worker = actorOf(slots[0])
			const pause = toldPause(context, worker) as Of<'paused'>
			const before = happenedBefore(context, pause)
			const grant = before.map(h => h.kind === 'granted' && h.worker === worker).lastIndexOf(true)
			const wrote = before.slice(Math.max(0, grant)).find(h => h.kind === 'wrote' && h.worker === worker)
			if (wrote) return fails(`${context.name(worker)} wrote at ${time(wrote.at)}, before its process paused at ${time(pause.at)}`, 0)
			const list = context.step.happenings
			const after = [...list.slice(list.indexOf(pause) + 1), ...laterSteps(context).flatMap(step => step.happenings)]
			// The same process saves: a crash ends it, and a write after it is a new process's.
			const crash = after.findIndex(h => (h.kind === 'crashed' || h.kind === 'process-restarted') && h.worker === worker)
			const same = crash < 0 ? after : after.slice(0, crash)
			if (!same.some(h => h.kind === 'wrote' && h.worker === worker)) {
				const down = crash < 0 ? undefined : after[crash]
				return fails(down !== undefined && after.slice(crash).some(h => h.kind === 'wrote' && h.worker === worker) ? `${context.name(worker)}'s process that paused at ${time(pause.at)} crashed at ${time(down.at)} before it wrote: "before it saves" says that process saves after the pause, and the later write is a restarted process's` : `${context.name(worker)} writes nothing after its process paused at ${time(pause.at)}, in this step or a later one: "before it saves" says it saves after`, 0)
			}
			return holds([saw(context.step, pause), silence(worker, context.step)], pause.at)
		},
	},
	{
		id: 'pauses-before-first-renewal',
		places: STORY,
		quiet: true,
		tells: 'event',
		formula: "paused(w) ∈ step while w's lease of its last granted(w) g is live, g a hold that renews on its own (renews), no renewed(w) of it (on its own or by hand) from g up to the pause, and the pause before g.at + g.ttl / 3, the first renewal its hold's timer had due",
		pauses: true,
		pattern: '{worker} pauses before any renewal is due', alternatives: ['{worker} pauses before its first renewal( is due)', '{owner} process pauses/freezes/stalls/hangs before any renewal is due', '{owner} process pauses/freezes/stalls/hangs before its first renewal( is due)'],
		example: 'Worker A pauses before any renewal is due',
		meaning: "The worker's process paused in this step while it held a lease from a hold that renews it on its own (every third of its TTL, on the process's timer), and before the first of those renewals came due: less than a third of the TTL after the grant, with no renewal of the lease before the pause (on its own or by hand: then its first renewal had come). Of a hold that renews nothing on its own, no renewal is ever due: refused.",
		check: (slots, context) => pausedBeforeDue(slots, context, 'first'),
	},
	{
		id: 'wakes-before-first-renewal',
		places: STORY,
		quiet: true,
		tells: 'event',
		formula: "woke(w) ∈ step (its first in the step) at t, its pause the last paused(w) before it; the lease of w's last granted(w) g before that pause live up to t, g a hold that renews on its own (renews), no renewed(w) of it from g up to t, and t < g.at + g.ttl / 3, the first renewal its hold's timer had due",
		pattern: '{worker} wakes before its first renewal( is due)', alternatives: ['{worker} wakes before any renewal is due'],
		example: 'Worker A wakes before its first renewal is due',
		meaning: "The worker's process woke in this step from a pause, and the whole pause came while it held a lease from a hold that renews it on its own, before the first of those renewals came due (a third of the TTL after the grant): it began and ended before that moment, and no renewal of the lease had come. After a clause that tells the wake and its pause's length, \", before its first renewal is due\" says it: \"At 3 s A wakes after a 2 s pause, before its first renewal is due\". A pause that spanned the due moment, a lease already renewed, or a hold that renews nothing on its own is refused.",
		check: (slots, context) => wokeBeforeDue(slots, context),
	},
	{
		id: 'pauses-before-a-renewal',
		places: STORY,
		quiet: true,
		tells: 'event',
		formula: "paused(w) ∈ step while w's lease of its last granted(w) g is live, g a hold that renews on its own (renews), and the pause before the next renewal due: (the last auto renewed(w) of that lease before the pause, else g).at + g.ttl / 3",
		pauses: true,
		pattern: '{worker} pauses before a renewal is due', alternatives: ['{owner} process pauses/freezes/stalls/hangs before a renewal is due'],
		example: 'Worker A pauses before a renewal is due',
		meaning: "The worker's process paused in this step while it held a lease from a hold that renews it on its own (every third of its TTL, on the process's timer), and before the next of those renewals came due: less than a third of the TTL after the grant or its last renewal on its own. Of a hold that renews nothing on its own, no renewal is ever due: refused.",
		check: (slots, context) => pausedBeforeDue(slots, context, 'next'),
	},
	{
		id: 'code-goes-on',
		places: STORY,
		tells: 'event',
		formula: "wrote(w) ∈ step on a lease that was not live",
		pattern: '{owner} code goes/went on',
		example: "A's code goes on",
		meaning: "The worker writes in this step on a lease it lost: the engine does not stop its code.",
		check(slots, context) {
			const write = writeOnALostLease(context, actorOf(slots[0]))
			return 'ok' in write ? write : holds([saw(context.step, write)], write.at)
		},
	},
	{
		id: 'code-comes-unstuck',
		places: STORY,
		tells: 'event',
		formula: "code-goes-on(w): wrote(w) ∈ step on a lease that was not live; ran(w) in an earlier step, and after the last step with one, an earlier step whose clock moved has no ran(w)",
		pattern: '{owner} work/code comes/gets unstuck', alternatives: ['{owner} work/code gets going again', '{owner} work/code un-hangs'],
		example: "A's work comes unstuck",
		meaning: "As \"A's code goes on\": the worker writes in this step on a lease it lost; and its code had been stuck: after the last earlier step its code ran a statement in, a whole step went by, the clock moving, in which it ran none (it stood at one statement, as \"A's work hangs\" tells, or its process was paused). The run records the lines a code sample ran; a scene with no sample records none, and is refused.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const write = writeOnALostLease(context, worker, ': "comes unstuck" tells its code going on, on a lease it lost')
			if ('ok' in write) return write
			const stuck = stuckUntil(context, worker)
			if (typeof stuck === 'string') return fails(stuck, 0)
			return holds([saw(context.step, write)], write.at)
		},
	},
	{
		id: 'work-hangs',
		places: STORY,
		tells: 'state',
		formula: "granted(w) in an earlier step, no released(w), returned(w), crashed(w) nor asked(w) after it up to the step's end; ¬paused(w) at the step's start, no paused(w) nor crashed(w) ∈ step; no ran(w) ∈ step; the clock moves in the step; and that lease is lost (expired, ended, gone) in the step or a later one before any ran(w), released, returned, asked, granted, paused, crashed or process-restarted of w, and w's next such act after that loss (if any) is later than it, or (none) the scene ends later than it",
		pattern: '{owner} work/code hangs', alternatives: ['{owner} work/code is hanging', '{owner} work/code is hung'],
		example: "A's work hangs",
		meaning: "The worker's code stays at one statement through the whole step, though its process runs: it was given the key before this step and its code is still in that hold's body (it has not let go nor returned, crashed nor asked for a key again), its process was not paused when the step began and neither paused nor crashed in it, the code sample ran no statement of the worker's in the step, and the clock moved on in it. The run records no length a work call asked for, so what tells a hang from slow work is its lease: the code stayed where it was until that lease was lost (ran out, was ended or went with its store), in this step or a later one, before its code ran another statement or acted and before its process paused, crashed or restarted; work that went on first, or a scene that ends first, is refused (\"A is still working\"). And it stayed stuck some time after the loss: its next statement or act (or its process's pause, crash or restart) came later than the loss, or, none shown, the scene ends later; code that goes on at the very moment of the loss (an operator's end its work call answered at once) was working, and is refused. A scene with no code sample records no lines, and is refused.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const name = context.name(worker)
			if (!(context.run.statements ?? []).some(statement => statement.held)) return fails(`"hangs" tells that ${name}'s code stayed at one statement, and this scene runs no code sample under the key, so no line of its code is recorded; say "${name} is still working"`, 0)
			const before = context.run.steps.slice(1, context.step.index)
			const found = before.flatMap(step => happened(step, 'granted', h => h.worker === worker).map(grant => ({ step, grant }))).pop()
			if (!found) return fails(`the engine gave ${name} no lease before this step, so its code is in no hold's work to hang in`, 0)
			const all = [...before.flatMap(step => step.happenings), ...context.step.happenings]
			const stop = all.slice(all.indexOf(found.grant) + 1).find(h => ((h.kind === 'released' || h.kind === 'returned') && h.worker === worker && h.store === found.grant.store) || ((h.kind === 'crashed' || h.kind === 'asked') && h.worker === worker))
			if (stop) return fails(stop.kind === 'crashed' ? `${name}'s process crashed at ${time(stop.at)}: a crashed process runs no code, it does not hang` : stop.kind === 'asked' ? `${name} asked for a key again at ${time(stop.at)}: its code had left the hold it worked in` : stop.kind === 'returned' ? `${name}'s function returned at ${time(stop.at)}: its work was done` : `${name} let go at ${time(stop.at)}: its work was done`, 0)
			if (context.step.start.workers.get(worker)?.paused) return fails(`${name}'s process was paused when the step began: its code stands still because its process does; say "${name} is still paused"`, 0)
			const pause = context.step.happenings.find(h => (h.kind === 'paused' || h.kind === 'crashed') && h.worker === worker)
			if (pause) return fails(`${name}'s process ${pause.kind === 'paused' ? 'paused' : 'crashed'} at ${time(pause.at)}: "hangs" tells its code stuck while its process runs; say "${name}'s process ${pause.kind === 'paused' ? 'pauses' : 'crashes'}"`, 0)
			const ran = (context.step.ran ?? []).filter(line => line.worker === worker)
			const first = ran[0]
			if (first) return fails(`${name}'s code ran on in this step: line ${first.line} at ${time(first.at)}${ran.length > 1 ? `, and ${ran.length - 1} more` : ''}; "hangs" says it stayed at one statement through the step`, 0)
			if (context.world.time <= context.step.start.time) return fails(`the clock does not move in this step (it stays at ${time(context.step.start.time)}): "hangs" tells the code staying where it was while time passes`, 0)
			const stuck = stuckPastLease(context, worker, found.grant)
			if (stuck !== undefined) return fails(stuck, 0)
			return holds([saw(found.step, found.grant), { kind: 'nothing', step: context.step.index, what: `a statement run by ${worker}'s code in step ${context.step.index}` }], context.step.start.time)
		},
	},
	{
		id: 'renewals-stop',
		places: STORY,
		tells: 'event',
		formula: "paused(w) ∈ step (the one the text tells) while w's lease of its last granted(w) g is live, g renews on its own; the next renewal due, (the last auto renewed(w) of that lease before the pause, else g).at + g.ttl / 3, comes before w's next woke or crashed after the pause and before that lease's end (let go, ended, gone), within the steps seen",
		pauses: true,
		pattern: '{owner} renewals stop( with it)', alternatives: ['{owner} renewals stop with the pause', '{owner} renewals stop with its process'],
		example: "A's renewals stop with it",
		meaning: "The worker's process paused in this step while it held a lease from a hold that renews on its own (every third of its TTL, on the process's timer), and the pause stopped those renewals: the next one fell due while the process was still paused (before it woke or crashed) and while the lease was still its own (before it let go or it was ended or lost), so none came. Of a hold that renews nothing on its own, or a pause that ended before a renewal fell due, refused.",
		check(slots, context) {
			const found = pauseUnderRenewal(slots, context, {
				none: 'it had no renewals to stop',
				ended: 'it had no renewals to stop',
				byHand: name => `a pause stops no renewals; say what happened to the lease instead ("${name}'s lease runs out")`,
			})
			if ('ok' in found) return found
			const { worker, name, pause, grant, renewals } = found
			const last = renewals.at(-1)
			const due = (last?.at ?? grant.at) + grant.ttl / 3
			const list = context.step.happenings
			const later = laterSteps(context)
			const after = [...list.slice(list.indexOf(pause) + 1), ...later.flatMap(step => step.happenings)]
			const stopped = after.find(h => 'worker' in h && h.worker === worker && (h.kind === 'woke' || h.kind === 'crashed' || ((h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.store === grant.store)))
			const seen = (later.at(-1) ?? context.step).end.time
			if (stopped !== undefined && stopped.at <= due) return fails(`${name}'s next renewal was due at ${time(due)}, and ${stopped.kind === 'woke' ? `its process woke at ${time(stopped.at)}` : stopped.kind === 'crashed' ? `its process crashed at ${time(stopped.at)}` : stopped.kind === 'released' ? `it let go of the lease at ${time(stopped.at)}` : stopped.kind === 'ended' ? `an operator ended the lease at ${time(stopped.at)}` : stopped.kind === 'expired' ? `the lease ran out at ${time(stopped.at)}` : `the lease went with its store at ${time(stopped.at)}`}, before it: the pause stopped no renewal`, 0)
			if (stopped === undefined && seen < due) return fails(`${name}'s next renewal was due at ${time(due)}, after the scene ends (${time(seen)}): the pause stopped no renewal the scene shows`, 0)
			return holds([saw(context.step, pause), silence(worker, context.step)], pause.at)
		},
	},
	{
		id: 'only-the-fence-stops',
		places: STORY,
		tells: 'event',
		formula: "wrote(w) ∈ step changed no row, and the same write without fences changed it",
		pattern: 'only the fence stops {owner} write',
		example: "only the fence stops A's write",
		meaning: "The worker's write in this step was refused, and the same scene on a database that checks no fence takes it.",
		needsUnfenced: true,
		check(slots, context) {
			const worker = actorOf(slots[0])
			const { fenced } = unfencedWrite(context, worker)
			if (fenced?.changed) return fails(`the fence did not stop it: ${describeWrite(context, fenced)}`, 0)
			return withoutFences(slots, context, true)
		},
	},
	{
		id: 'with-fences-refused',
		places: STORY,
		tells: 'event',
		formula: "wrote(w) ∈ step changed the row, and the same write, every database checking fences, changed none",
		pattern: 'with fences, {owner} write would have been refused',
		alternatives: ['with fences, {owner} write would be refused/rejected', 'with fences, {owner} write would have been rejected', 'with a fence check, {owner} write would have been refused/rejected'],
		example: "with fences, A's write would have been refused",
		meaning: 'The same scene run again with every database checking fences refuses the write the worker made in this step, which as drawn was taken.',
		needsFenced: true,
		check: (slots, context) => withFences(slots, context, false),
	},
	{
		id: 'with-fences-still-saved',
		places: STORY,
		tells: 'event',
		formula: "wrote(w) ∈ step changed the row, and the same write, every database checking fences, changed it too",
		pattern: 'with fences, {owner} write would still be saved',
		alternatives: ['with fences, {owner} write would still have been saved/taken/accepted', 'even with fences, {owner} write would be saved/taken/accepted'],
		example: "with fences, B's write would still be saved",
		meaning: 'The same scene run again with every database checking fences takes the write the worker made in this step, as it was taken as drawn.',
		needsFenced: true,
		check: (slots, context) => withFences(slots, context, true),
	},
	{
		id: 'without-fences-saved',
		places: STORY,
		tells: 'event',
		formula: "wrote(w) ∈ step changed no row, and the same write without fences changed it",
		pattern: 'without fences, {owner} write would be saved',
		example: "without fences, A's write would be saved",
		meaning: 'The same scene on databases that check no fence, run on the engine, takes the write the worker made in this step.',
		needsUnfenced: true,
		check: (slots, context) => withoutFences(slots, context, true),
	},
	{
		id: 'without-fences-saved-over',
		places: STORY,
		tells: 'event',
		formula: "without-fences-saved(w), and the same write without fences changed a row that kept v's write",
		pattern: 'without fences, {owner} write would be saved over {owner} THING', alternatives: ['without fences, {owner} write would replace/overwrite {owner} THING'],
		example: "without fences, A's write would be saved over B's THING",
		meaning: "As \"without fences, {owner} write would be saved\" (the same scene on databases that check no fence takes the write the worker made in this step, which was refused), and the row it changed there kept the second worker's write.",
		needsUnfenced: true,
		check(slots, context) {
			const verdict = withoutFences(slots, context, true)
			if (!verdict.ok) return verdict
			const { unfenced } = unfencedWrite(context, actorOf(slots[0]))
			const over = actorOf(slots[1])
			if (unfenced?.writerBefore !== over) return fails(`without fences, the row ${context.name(actorOf(slots[0]))}'s write changed would have kept ${unfenced?.writerBefore === undefined ? 'no worker' : context.name(unfenced.writerBefore)}'s write, not ${context.name(over)}'s`, 1)
			return verdict
		},
	},
	{
		id: 'without-fences-refused',
		places: STORY,
		tells: 'event',
		formula: "wrote(w) ∈ step changed the row, and the same write without fences changed none",
		pattern: 'without fences, {owner} write would be refused',
		example: "without fences, A's write would be refused",
		meaning: 'The same scene on databases that check no fence refuses the write the worker made in this step.',
		needsUnfenced: true,
		check: (slots, context) => withoutFences(slots, context, false),
	},
	{
		id: 'without-fences-write-lost',
		places: STORY,
		tells: 'none',
		formula: "without fences: w wrote (changed the row) in the run up to the step, and no row keeps w's write at its end; as drawn, a row keeps it then",
		pattern: 'without fences, {owner} THING would be lost',
		example: "without fences, B's THING would be lost",
		meaning: "In the same scene on databases that check no fence, the row no longer keeps the worker's write when this step ends, though it wrote; as drawn, a row still keeps it then (the fences kept it).",
		needsUnfenced: true,
		check(slots, context) {
			const worker = actorOf(slots[0])
			const run = context.run.unfenced
			if (run?.untellable) return fails(run.untellable)
			const step = run?.steps[context.step.index]
			if (!run || !step) return fails('the scene without fences has no such step', 0)
			const wrote = run.steps.slice(1, context.step.index + 1).some(s => happened(s, 'wrote', h => h.worker === worker && h.changed).length > 0)
			if (!wrote) return fails(`without fences, ${context.name(worker)} would never have saved ${article(inWords(THING, context.words))}`, 0)
			const kept = [...step.end.databases.values()].find(db => db.writer === worker)
			if (kept) return fails(`without fences, ${context.name(kept.id)} would still keep ${context.name(worker)}'s ${inWords(THING, context.words)}`, 0)
			// Compared with the run as drawn: there a row still keeps it, so the fences are what kept it.
			if (![...context.step.end.databases.values()].some(db => db.writer === worker)) return fails(`as drawn, no row keeps ${context.name(worker)}'s ${inWords(THING, context.words)} either when this step ends: the fences changed nothing for it`, 0)
			return holds([...step.end.databases.values()].map(db => ({ kind: 'row' as const, database: db.id, at: step.end.time, fence: '', ...(db.writer === undefined ? {} : { writer: db.writer }) })))
		},
	},
]
