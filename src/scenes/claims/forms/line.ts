/** Claims about asking for the key and the line for it: asks, waits, places, hand-overs, giving up. */
import type { ClaimContext, ClaimForm, Slot, Verdict } from '../form.ts'
import { showFence } from '../fence-notation.ts'
import { actorOf, actorsOf, brokenWait, eachHeld, earlierHappenings, fails, happenedBefore, laterSteps, stillInLine, fenceOfSlot, happened, holds, keyStore, lineEvidence, liveLease, names, numberOf, ofKey, restartedHolder, runSteps, saw, storeFor, time } from '../query.ts'
import type { Of } from '../query.ts'
import type { StepFacts, StoreFact } from '../facts.ts'
import { worldsOf } from '../positions.ts'
import { readAloudWithAVowel } from '../numbers.ts'
import type { Happening } from '../../frame.ts'

const STORY = ['caption', 'note'] as const

function ordinal(n: number): string {
	return ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'][n - 1] ?? `number ${n}`
}

/** The worker's asks in this step (holds and tries) of the store the key slot `key` names, if it names one, that pass `keep`. */

/** Each worker's try of the key of "{workers} try {key}" in this step, or why one of them made none. */
function triesOf(slots: readonly Slot[], context: ClaimContext): Of<'asked'>[] | Verdict {
	const ids = actorsOf(slots[0])
	const tries = ids.map(id => asks(context, id, h => h.tryOnly, slots[1])[0])
	const missing = ids.find((_id, index) => tries[index] === undefined)
	if (missing !== undefined) return fails(`${context.name(missing)} did not try the key in this step`, 0)
	return tries as Of<'asked'>[]
}
function asks(context: ClaimContext, worker: string, keep: (h: Of<'asked'>) => boolean = () => true, key?: Slot): Of<'asked'>[] {
	return happened(context.step, 'asked', h => h.worker === worker && ofKey(key, h.store) && keep(h))
}

/** Why the worker of slot 0 has no ask of the store key slot 1 names, when it asked another store in this step. */
function otherStore(slots: readonly Slot[], context: ClaimContext, keep: (h: Of<'asked'>) => boolean = () => true): Verdict | undefined {
	const worker = actorOf(slots[0])
	const other = asks(context, worker, keep)[0]
	return other && !ofKey(slots[1], other.store) ? fails(`${context.name(worker)} asked ${context.name(other.store)} for the key, not ${context.name(keyStore(slots[1]) ?? '')}`, 1) : undefined
}

/** The worker of slot 0 asked in this step, of the store key slot 1 names if it names one (`keep` narrows the ask). */
function asked(slots: readonly Slot[], context: ClaimContext, keep?: (h: Of<'asked'>) => boolean, why = 'asked for the key'): Verdict {
	const worker = actorOf(slots[0])
	const found = asks(context, worker, keep, slots[1])[0]
	// An ask the scene does not show (a grant with no hold before it) happened, but the story never said when.
	if (found) return holds([saw(context.step, found)], found.unshown ? undefined : found.at)
	const elsewhere = otherStore(slots, context, keep)
	if (elsewhere) return elsewhere
	const any = asks(context, worker, undefined, slots[1])[0]
	if (any && keep) return fails(`${context.name(worker)} ${describeAsk(any)}`, 0)
	return fails(`${context.name(worker)} ${why.startsWith('asked') ? 'did not ask for the key' : `did not ${why}`} in this step`, 0)
}

/** "B asks for the only place" ("the semaphore's only place", "the place"): B's first ask of a semaphore in this step, and the semaphore has one place. */
function askedOnlyPlace(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const all = happened(context.step, 'asked', h => h.worker === worker)
	const ask = all.find(h => context.world.stores.get(h.store)?.limit !== undefined)
	if (!ask) return fails(all[0] === undefined ? `${context.name(worker)} did not ask for a place in this step` : `${context.name(all[0].store)} is a lock, not a semaphore: ${context.name(worker)} asked for its key, not a place; write "asks for the key"`, 0)
	const limit = context.world.stores.get(ask.store)?.limit
	if (limit !== 1) return fails(`"the only place" (or "the place") says ${context.name(ask.store)} has one place, but it has ${limit}: write "asks for a place"`, 0)
	return holds([saw(context.step, ask)], ask.unshown ? undefined : ask.at)
}

/** An ask that does not wait: a try, or a hold with a wait of 0 s (it gets the key at once or gives up the moment it asks). */
function waitsNot(h: Of<'asked'>): boolean {
	return h.tryOnly || h.wait === 0
}

function describeAsk(ask: Of<'asked'>): string {
	if (ask.tryOnly) return `tried the key (no wait) at ${time(ask.at)}`
	if (ask.signal === true) return `asked for the key at ${time(ask.at)}${ask.wait === undefined || ask.wait === Number.POSITIVE_INFINITY ? '' : ` with a wait of ${time(ask.wait)}`} and a \`signal\` that may end its wait sooner, which the run does not measure: ${SIGNAL_LIMIT}`
	return ask.wait === undefined || ask.wait === Number.POSITIVE_INFINITY ? `asked for the key at ${time(ask.at)}, waiting as long as it takes` : `asked for the key at ${time(ask.at)} with a wait of ${time(ask.wait)}`
}

/** How long the worker stood in line: from its ask until it got the key from the line or gave up in this step, or, in line still, until the world's moment. */
function waitedFor(context: ClaimContext, worker: string): number | undefined {
	const waiting = context.world.workers.get(worker)?.waiting
	if (waiting) {
		const store = context.world.stores.get(waiting.store)
		const ask = store ? waitMakers(context, worker, store)[0] : undefined
		return ask?.kind === 'asked' && ask.worker === worker && !ask.unshown ? context.world.time - ask.at : undefined
	}
	const got = waitedThenGot(context, worker)
	if (got) return got.grant.at - got.ask.at
	const gaveUp = waitedThenGaveUp(context, worker)
	if (gaveUp) return gaveUp.end.at - gaveUp.ask.at
	// In line since a step before, it left the line in this one: from its ask then to its leaving now.
	const left = leftLine(context, worker)
	const ask = left?.makers[0]
	return left && ask?.kind === 'asked' && ask.worker === worker && !ask.unshown ? left.end.at - ask.at : undefined
}

/** "B has waited 3 s": its wait so far, from its last ask (not a try) to the clause's moment, in line all that time (`has-waited`). */
function hasWaited(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const who = context.name(worker)
	const named = context.moment
	const all = runSteps(context.run).filter(step => step.index <= context.step.index).flatMap(step => step.happenings.map(h => ({ h, step })))
	// Its last ask by the moment named (all of them, with none named: the last whose wait reaches into this step is found below).
	const asks = all.filter(({ h }) => h.kind === 'asked' && h.worker === worker && (named === undefined || h.at <= named))
	const last = asks[asks.length - 1]
	if (last === undefined || last.h.kind !== 'asked') return fails(`${who} did not ask for the key${named === undefined ? '' : ` by ${time(named)}`}, so it has not waited`, 0)
	const ask = last.h
	if (ask.tryOnly) return fails(`${who}'s last ask${named === undefined ? '' : ` by ${time(named)}`}, at ${time(ask.at)}, was a try, which never waits in line`, 0)
	if (ask.unshown) return fails(`the scene does not show when ${who} asked, so it cannot tell how long it has waited`, 0)
	const index = all.indexOf(last)
	const end = all.slice(index + 1).find(({ h }) => 'worker' in h && h.worker === worker && (h.kind === 'asked' || ((h.kind === 'granted' || h.kind === 'gave-up' || h.kind === 'left' || h.kind === 'refused') && h.store === ask.store)))
	if (end !== undefined && end.h.kind === 'granted' && end.h.at === ask.at) return fails(`${who} got the key at once when it asked, at ${time(ask.at)}: it did not wait`, 0)
	if (end !== undefined && end.h.kind === 'refused') return fails(`${who}'s ask at ${time(ask.at)} was refused: it did not wait in line`, 0)
	let moment = named
	if (moment === undefined) {
		if (end === undefined) {
			if (context.world.workers.get(worker)?.waiting?.store !== ask.store) return fails(`${who} is not in line when the step ends`, 0)
			moment = context.world.time
		} else if (end.step.index === context.step.index) moment = end.h.at
		else return fails(`${who}'s wait on its ask at ${time(ask.at)} ended in an earlier step, at ${time(end.h.at)}: it is not waiting in this one`, 0)
	}
	if (end !== undefined && end.h.at < moment) return fails(`${who}'s wait on its ask at ${time(ask.at)} ended at ${time(end.h.at)} (${end.h.kind === 'granted' ? 'it got the key' : end.h.kind === 'gave-up' ? 'it gave up' : end.h.kind === 'left' ? (end.h.closed ? `${context.name(end.h.store)} closed under it and forgot its place` : 'it left the line') : 'it asked again'}), before ${time(moment)}`, 0)
	const waited = moment - ask.at
	if (waited !== numberOf(slots[1])) return fails(`${who} had waited ${time(waited)} by ${time(moment)}: it asked at ${time(ask.at)}`, 1)
	return holds([saw(last.step, ask), ...(end === undefined ? [] : [saw(end.step, end.h)])])
}

/** The worker of slot 0 stands in line when the step ends. */
function inLine(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const waiting = context.world.workers.get(worker)?.waiting
	if (!waiting) {
		const waited = waitedThenGot(context, worker)
		if (waited) return holds([saw(context.step, waited.ask), saw(context.step, waited.grant)], waited.ask.at)
		const gaveUp = waitedThenGaveUp(context, worker)
		if (gaveUp) return { ok: true, evidence: [saw(context.step, gaveUp.ask), saw(context.step, gaveUp.end)], at: gaveUp.ask.at, until: gaveUp.end.at, endedBy: context.step.happenings.indexOf(gaveUp.end) }
		const left = leftLine(context, worker)
		if (left) return { ok: true, evidence: [lineEvidence(context.step.start, left.store)], at: context.step.start.time, until: left.end.at, endedBy: context.step.happenings.indexOf(left.end), said: { events: left.makers, told: left.makers.filter(h => h.kind === 'asked') } }
		return fails(`${context.name(worker)} is not in line when the step ends, nor got the key in this step after waiting for it${holdsNow(context, worker)}`, 0)
	}
	const store = context.world.stores.get(waiting.store)
	// In line since the ask that put it there: its last hold of that key in the step (not a try, refused at once, nor an ask given up since).
	const ask = asks(context, worker, h => !h.tryOnly && h.store === waiting.store).pop()
	const verdict = holds(store ? [lineEvidence(context.world, store)] : [], ask?.at ?? context.world.time)
	if (!store) return verdict
	// Told as a cause, it tells its own ask: the holders' grants only place it in time.
	const makers = waitMakers(context, worker, store)
	return { ...verdict, said: { events: makers, told: makers.filter(h => h.kind === 'asked') } } as Verdict
}

/** The ask of this step a state of waiting (`inLine`) stands on: the hold that put the worker in the line it is in when the step ends, else the ask of the wait that ended in the step; none when it stood in line since a step before. */
function lineAsk(context: ClaimContext, worker: string): Of<'asked'> | undefined {
	const waiting = context.world.workers.get(worker)?.waiting
	if (waiting) return asks(context, worker, h => !h.tryOnly && h.store === waiting.store).pop()
	return (waitedThenGot(context, worker) ?? waitedThenGaveUp(context, worker))?.ask
}

/** What keeps a worker in line: its own ask, and the grants of the leases that hold the key it waits for (not the others in line). */
function waitMakers(context: ClaimContext, worker: string, store: StoreFact): Happening[] {
	const last = (keep: (h: Happening) => boolean): Happening | undefined => {
		for (let s = context.step.index; s >= 0; s--) {
			const list = s === context.step.index ? context.step.happenings : (context.run.steps[s]?.happenings ?? [])
			for (let i = list.length - 1; i >= 0; i--) if (keep(list[i] as Happening)) return list[i]
		}
		return undefined
	}
	const ask = last(h => h.kind === 'asked' && h.worker === worker && h.store === store.id)
	const grants = store.holders.map(holder => last(h => h.kind === 'granted' && h.worker === holder && h.store === store.id))
	return [ask, ...grants].filter((h): h is Happening => h !== undefined)
}

/**
 * The worker's waits begun in this step, in order: each hold it asked (not a try), with what ended that
 * wait in the step, if anything did: its grant, its giving up, its leaving, a refusal, or its next ask.
 * A grant or giving up after a wait that ended pairs with nothing: a later ask is a wait of its own.
 */
function waitsBegun(context: ClaimContext, worker: string): { ask: Of<'asked'>; index: number; end?: Happening; endIndex?: number }[] {
	const list = context.step.happenings
	const out: { ask: Of<'asked'>; index: number; end?: Happening; endIndex?: number }[] = []
	list.forEach((h, index) => {
		if (h.kind !== 'asked' || h.worker !== worker || h.tryOnly) return
		const endIndex = list.findIndex((e, i) => i > index && 'worker' in e && e.worker === worker && (e.kind === 'asked' || (('store' in e && e.store === h.store) && (e.kind === 'granted' || e.kind === 'gave-up' || e.kind === 'left' || e.kind === 'refused'))))
		out.push(endIndex < 0 ? { ask: h, index } : { ask: h, index, end: list[endIndex] as Happening, endIndex })
	})
	return out
}

type Wait = ReturnType<typeof waitsBegun>[number]

/**
 * Did the worker stand in line on this ask: it is in line on it when the step ends, or the key was handed to it from the line, or it
 * gave up some time after it asked (not at the ask's own moment: a wait of 0 s never stood in line). `leaving` also counts leaving the
 * line some time after the ask, as its process crashed; "joins the line" does not, "waits without a limit" does.
 */
function stoodInLine(context: ClaimContext, worker: string, wait: Wait, leaving: boolean): boolean {
	if (wait.end === undefined) return context.world.workers.get(worker)?.waiting?.store === wait.ask.store
	if (wait.end.kind === 'granted') return wait.end.place !== undefined
	return (wait.end.kind === 'gave-up' || (leaving && wait.end.kind === 'left')) && wait.end.at > wait.ask.at
}

/** The index of the worker's ask that stood in line in this step (as "joins the line"), else of its first hold of the step (-1: none). */
function linedAskIndex(context: ClaimContext, worker: string): number {
	const joined = joinedLine(context, worker)
	const stood = joined.ok ? joined.evidence.find(e => e.kind === 'happened' && e.order !== undefined) : undefined
	return stood?.kind === 'happened' && stood.order !== undefined ? stood.order : context.step.happenings.findIndex(h => h.kind === 'asked' && h.worker === worker && !h.tryOnly)
}

/** Why the worker did not stand in line after its ask at `index` (undefined: it did): it is in line when the step ends, or a later grant from the line or give-up after some wait. */
function notInLineAfter(context: ClaimContext, worker: string, ask: Of<'asked'>, index: number, slot: number): Verdict | undefined {
	const list = context.step.happenings
	const inLine = context.world.workers.get(worker)?.waiting?.store === ask.store
	// A give-up stood in line only if it waited some time: one at the ask's own moment (a wait of 0 s) never stood in line.
	const later = list.slice(index + 1).find(h => (h.kind === 'granted' && h.place !== undefined) || (h.kind === 'gave-up' && h.waited > 0) ? h.worker === worker && h.store === ask.store : false)
	const atOnce = list.slice(index + 1).find(h => h.kind === 'gave-up' && h.waited === 0 && h.worker === worker && h.store === ask.store)
	if (!inLine && !later && atOnce !== undefined) return fails(`${context.name(worker)} gave up at once: its wait was 0 s`, slot)
	if (!inLine && !later) return fails(`${context.name(worker)} did not stand in line: ${happened(context.step, 'granted', h => h.worker === worker)[0] ? 'the engine gave it the key at once' : 'it is not in line when the step ends'}`, slot)
	return undefined
}

/** A worker that asked in this step, found the key held, and got it later in the step on that same ask, once its holder let go or lost it. */
function waitedThenGot(context: ClaimContext, worker: string): { ask: Of<'asked'>; grant: Of<'granted'> } | undefined {
	const list = context.step.happenings
	for (const wait of waitsBegun(context, worker)) {
		if (wait.end?.kind !== 'granted' || wait.endIndex === undefined) continue
		const freed = list.slice(wait.index + 1, wait.endIndex).some(h => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.store === wait.ask.store)
		if (freed) return { ask: wait.ask, grant: wait.end }
	}
	return undefined
}

/**
 * A worker in line when the step began that left it in the step (its grant, its giving up, its
 * leaving): it waited from the step's start until then, a state that ended in the step, so a later
 * clause must tell how it left ("B waits in line. A lets go and B gets the key"). What kept it in
 * line then: its ask, and the grants of the key's holders when the step began.
 */
function leftLine(context: ClaimContext, worker: string): { store: StoreFact; end: Happening; makers: Happening[] } | undefined {
	const waiting = context.step.start.workers.get(worker)?.waiting
	const store = waiting === undefined ? undefined : context.step.start.stores.get(waiting.store)
	if (store === undefined) return undefined
	const end = context.step.happenings.find(h => (h.kind === 'granted' || h.kind === 'gave-up' || h.kind === 'left') && h.worker === worker && h.store === store.id)
	if (end === undefined) return undefined
	const before = earlierHappenings(context)
	const lastOf = (keep: (h: Happening) => boolean): Happening[] => {
		for (let i = before.length - 1; i >= 0; i--) if (keep(before[i] as Happening)) return [before[i] as Happening]
		return []
	}
	const makers = [...lastOf(h => h.kind === 'asked' && h.worker === worker && h.store === store.id), ...store.holders.flatMap(holder => lastOf(h => h.kind === 'granted' && h.worker === holder && h.store === store.id))]
	return { store, end, makers }
}

/**
 * A worker that asked in this step and gave up later in it, on that same ask: it waited in line from its ask until it
 * gave up, a state that ended in the step, so a later clause must tell the giving up ("B waits 5 s and gives up").
 */
function waitedThenGaveUp(context: ClaimContext, worker: string): { ask: Of<'asked'>; end: Of<'gave-up'> } | undefined {
	for (const wait of waitsBegun(context, worker)) {
		if (wait.end?.kind === 'gave-up' && wait.end.at > wait.ask.at) return { ask: wait.ask, end: wait.end }
	}
	return undefined
}

/** Whether a worker held a live lease of a store just before the step's happening at `index`: live when the step began, or given since, and not ended since. */
function heldBefore(context: ClaimContext, worker: string, store: string, index: number): boolean {
	const start = liveLease(context.step.start, worker)
	let held = start !== undefined && start.store === store
	for (const h of context.step.happenings.slice(0, index)) {
		if (!('worker' in h) || h.worker !== worker || !('store' in h) || h.store !== store) continue
		if (h.kind === 'granted') held = true
		else if (h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended') held = false
	}
	return held
}

/** Whether the worker stood in line for the store's key before the step's happening at `index`: in line when the step began, or asked in it (a hold) and not yet given the key, given up or gone, nor the store restarted or restored since. */
export function inLineBefore(context: ClaimContext, worker: string, store: string, index: number): boolean {
	let waiting = context.step.start.workers.get(worker)?.waiting?.store === store
	for (const h of context.step.happenings.slice(0, index)) {
		// A restart or a restore of the store empties its line.
		if ((h.kind === 'restarted' || h.kind === 'restored') && h.store === store) waiting = false
		if (!('worker' in h) || h.worker !== worker || !('store' in h) || h.store !== store) continue
		if (h.kind === 'asked') waiting = !h.tryOnly
		else if (h.kind === 'granted' || h.kind === 'gave-up' || h.kind === 'left') waiting = false
	}
	return waiting
}

/**
 * "{worker} loses its place in line": the first loss of the worker's place in the step not of its own making, a restart or restore
 * of a store it stood in line for just before it, or its crashed process leaving the line; else why not.
 */
function losesPlace(context: ClaimContext, worker: string): Verdict {
	const list = context.step.happenings
	const name = context.name(worker)
	const lost = list.find((h, index) => ((h.kind === 'restarted' || h.kind === 'restored') && inLineBefore(context, worker, h.store, index)) || (h.kind === 'left' && h.worker === worker))
	if (lost !== undefined) return holds([saw(context.step, lost)], lost.at)
	const own = list.find((h): h is Of<'gave-up'> | Of<'granted'> => (h.kind === 'gave-up' || h.kind === 'granted') && h.worker === worker && inLineBefore(context, worker, h.store, list.indexOf(h)))
	if (own?.kind === 'gave-up') return fails(`${name} gave up at ${time(own.at)}: its own wait ran out, and that is leaving the line, not losing its place; say "${name} gives up" or "${name} leaves the line"`, 0)
	if (own?.kind === 'granted') return fails(`${name} got the key from the line at ${time(own.at)}: it lost no place, its wait was over`, 0)
	const opens = list.filter(h => h.kind === 'restarted' || h.kind === 'restored')
	if (opens.length > 0) return fails(`${name} was not in line when ${opens.map(h => `${context.name((h as Of<'restarted'>).store)} ${h.kind === 'restarted' ? 'restarted' : 'was restored'} at ${time(h.at)}`).join(', nor when ')}: it had no place to lose`, 0)
	return fails(`${name} lost no place in line in this step: no store it waited for restarted or was restored, and its process did not crash while it waited`, 0)
}

/**
 * The worker of slot `worker` asked in this step while the worker of slot `ahead` held the key or
 * stood in line ahead of it, and stood in line for it: it is in line when the step ends, or got the
 * key from the line, or gave up. The ask is its first hold of the step that stood in line.
 */
function waitedBehind(context: ClaimContext, worker: string, ahead: string, slot: number): Verdict {
	const list = context.step.happenings
	// The hold that stood in line (not an earlier one given a place at once), else its first hold, which did not.
	const index = linedAskIndex(context, worker)
	if (index < 0) return fails(`${context.name(worker)} did not ask for the key in this step (a try does not stand in line)`, slot)
	const ask = list[index] as Of<'asked'>
	const stoodAhead = inLineBefore(context, ahead, ask.store, index)
	if (worker === ahead) return fails(`a worker does not wait behind itself${restartedHolder(context, ahead, ask.at) === undefined ? '' : `: ${context.name(worker)}'s new process waits behind the lease its crashed process held; say "${context.name(worker)} waits behind its own old lease"`}`, slot + 1)
	if (!(heldBefore(context, ahead, ask.store, index) || stoodAhead)) return fails(`${context.name(ahead)} neither held the key nor stood in line for it when ${context.name(worker)} asked, at ${time(ask.at)}`, slot + 1)
	// Held only by the lease of its crashed process, which the store keeps in its name: its restarted process holds nothing, so no one waits behind it.
	const restarted = stoodAhead ? undefined : restartedHolder(context, ahead, ask.at)
	if (restarted !== undefined) return fails(restarted, slot + 1)
	const notInLine = notInLineAfter(context, worker, ask, index, slot)
	if (notInLine !== undefined) return notInLine
	return holds([saw(context.step, ask)], ask.unshown ? undefined : ask.at)
}

/**
 * "C joins the line behind B": as "waits behind" (C asked in this step and stood in line), and on that ask C took the place
 * right behind B: B was the last in line for the key just before the ask. A holder with no one in line is not a place in line.
 */
function joinedBehind(context: ClaimContext, worker: string, ahead: string, slot: number): Verdict {
	const verdict = waitedBehind(context, worker, ahead, slot)
	if (!verdict.ok) return verdict
	const list = context.step.happenings
	const index = linedAskIndex(context, worker)
	const ask = list[index] as Of<'asked'>
	const name = context.name(worker)
	const line = worldsOf(context.step)?.[index]?.stores.get(ask.store)?.waiters
	if (line === undefined) return fails(`the scene does not show the line as ${name} asked, so it cannot tell whom ${name} joined it behind`, slot)
	const last = line[line.length - 1]
	if (last === ahead) return verdict
	if (last === undefined) return fails(`no one stood in line when ${name} asked, at ${time(ask.at)}: ${context.name(ahead)} held the key, and ${name} stood first in line; say "${name} waits behind ${context.name(ahead)}"`, slot + 1)
	return fails(`${context.name(last)} was last in line when ${name} asked, at ${time(ask.at)}: ${name} joined the line right behind ${context.name(last)}${line.includes(ahead) ? `, not ${context.name(ahead)}` : ''}`, slot + 1)
}

/**
 * "B waits behind A's old lease" ("A waits behind its own old lease"): the worker of slot `worker` asked in this step and stood
 * in line (as "waits behind"), and when it asked, the key was held by a lease the store keeps in `owner`'s name that `owner`'s
 * crashed process held: granted before a restart of `owner`'s process that came before the ask, and not ended by the ask.
 */
function waitedBehindOld(context: ClaimContext, worker: string, owner: string, slot: number): Verdict {
	const list = context.step.happenings
	const index = linedAskIndex(context, worker)
	if (index < 0) return fails(`${context.name(worker)} did not ask for the key in this step (a try does not stand in line)`, slot)
	const ask = list[index] as Of<'asked'>
	const name = context.name(owner)
	// The run's events before the ask: the leases of owner's crashed processes, each set aside at a restart while live, until its own end.
	const before = [...runSteps(context.run).filter(step => step.index < context.step.index).flatMap(step => step.happenings), ...list.slice(0, index)]
	let live: Of<'granted'>[] = []
	let old: Of<'granted'>[] = []
	let restarts = 0
	let lastEnd: Happening | undefined
	for (const h of before) {
		if (!('worker' in h) || h.worker !== owner) continue
		if (h.kind === 'granted') live.push(h)
		else if (h.kind === 'process-restarted') {
			restarts++
			old = [...old, ...live]
			live = []
		} else if (h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended') {
			const same = (g: Of<'granted'>) => g.store === h.store && g.fence === h.fence
			if (old.some(same)) lastEnd = h
			live = live.filter(g => !same(g))
			old = old.filter(g => !same(g))
		}
	}
	if (restarts === 0) return fails(`${name}'s process did not restart before ${context.name(worker)} asked, at ${time(ask.at)}, so it has no old lease (a lease from before a crash)`, slot + 1)
	const held = old.find(g => g.store === ask.store)
	if (held === undefined) {
		const ended = lastEnd === undefined ? '' : `: it ${lastEnd.kind === 'expired' ? 'ran out' : lastEnd.kind === 'gone' ? 'went with its store' : lastEnd.kind === 'ended' ? 'was ended by an operator' : 'was let go'} at ${time(lastEnd.at)}`
		return fails(`no old lease of ${name}'s (its crashed process's) held the key when ${context.name(worker)} asked, at ${time(ask.at)}${ended}`, slot + 1)
	}
	const notInLine = notInLineAfter(context, worker, ask, index, slot)
	if (notInLine !== undefined) return notInLine
	return holds([saw(context.step, ask)], ask.unshown ? undefined : ask.at)
}

/** The worker asked in this step (a hold, not a try) and stood in line on that ask: in line when the step ends, given the key from the line, or gave up; the first such ask. */
function joinedLine(context: ClaimContext, worker: string): Verdict {
	const list = context.step.happenings
	const index = list.findIndex(h => h.kind === 'asked' && h.worker === worker && !h.tryOnly)
	if (index < 0) {
		const waiting = context.world.workers.get(worker)?.waiting
		return fails(waiting ? `${context.name(worker)} joined the line before this step: it "waits", and joins no line here` : `${context.name(worker)} did not ask for the key in this step (a try does not stand in line)`, 0)
	}
	// The hold that stood in line (not an earlier ask granted at once); leaving the line as the process crashed is not counted.
	const begun = waitsBegun(context, worker)
	const stood = begun.find(wait => stoodInLine(context, worker, wait, false))
	const atOnce = begun.find(wait => wait.end?.kind === 'gave-up' && wait.end.at === wait.ask.at)?.end
	if (stood === undefined && atOnce !== undefined) return fails(`${context.name(worker)} did not stand in line: it gave up the moment it asked, at ${time(atOnce.at)} (its wait was 0 s)`, 0)
	if (stood === undefined) return fails(`${context.name(worker)} did not stand in line: ${happened(context.step, 'granted', h => h.worker === worker)[0] ? 'the engine gave it the key at once' : 'it is not in line when the step ends'}`, 0)
	const ask = stood.ask
	return holds([saw(context.step, ask)], ask.unshown ? undefined : ask.at)
}

/**
 * "B waits without a limit" ("waits patiently", "waits as long as it takes"): an ask of the worker's in this step with no limit on its wait
 * (`waitsForEver`) that stood in line, in line on it when the step ends, given the key from the line, or out of the line after some wait
 * (gave up, or left it). Else why not, of its asks of the step.
 */
function waitsWithoutLimit(context: ClaimContext, worker: string, served = false): Verdict {
	const name = context.name(worker)
	const waiting = context.world.workers.get(worker)?.waiting
	const begun = waitsBegun(context, worker)
	if (served) {
		// "As long as it takes": the wait ended by itself, the key handed to it from the line, or it is still in line when the step ends.
		const kept = begun.find(wait => waitsForEver(wait.ask) && (wait.end === undefined ? waiting?.store === wait.ask.store : wait.end.kind === 'granted' && wait.end.place !== undefined))
		if (kept !== undefined) return holds([saw(context.step, kept.ask)], kept.ask.unshown ? undefined : kept.ask.at)
		const ended = begun.find(wait => waitsForEver(wait.ask) && (wait.end?.kind === 'left' || wait.end?.kind === 'gave-up') && wait.end.at > wait.ask.at)
		if (ended?.end !== undefined) return fails(`"as long as it takes" says ${name} waited until its wait ended by itself, with the key or still in line when the step ends, but on its ask at ${time(ended.ask.at)} it ${ended.end.kind === 'left' ? 'left the line' : 'gave up'} at ${time(ended.end.at)}${ended.end.kind === 'left' ? ', as its process crashed' : ''}, without the key; say "${name} waits without a limit"`, 0)
	}
	// Leaving the line some time after the ask, as its process crashed, counts: it waited without a limit until then.
	const found = begun.find(wait => waitsForEver(wait.ask) && stoodInLine(context, worker, wait, true))
	if (found !== undefined) return holds([saw(context.step, found.ask)], found.ask.unshown ? undefined : found.ask.at)
	const endless = begun.find(wait => waitsForEver(wait.ask))
	if (endless !== undefined) {
		const why = endless.end?.kind === 'granted' ? `the engine gave it the key at once, at ${time(endless.end.at)}` : endless.end?.kind === 'asked' ? `it asked again at ${time(endless.end.at)}` : endless.end?.kind === 'refused' ? `its ask was refused at ${time(endless.end.at)}` : endless.end?.kind === 'left' ? `it left the line the moment it asked` : endless.end?.kind === 'gave-up' ? 'it gave up the moment it asked' : 'it is not in line when the step ends'
		return fails(`"waits without a limit" says ${name} stood in line on an ask with no limit on its wait, but on its ask at ${time(endless.ask.at)} it did not stand in line: ${why}`, 0)
	}
	const any = asks(context, worker, h => !h.tryOnly)[0] ?? asks(context, worker)[0]
	if (any !== undefined) return fails(`"waits without a limit" says ${name} asked in this step with no limit on its wait, but it ${describeAsk(any)}${any.waitDefault && !any.tryOnly ? ", the library's default: its code's hold gives no wait (`wait: Infinity` waits as long as it takes)" : ''}`, 0)
	return fails(waiting ? `${name} did not ask for the key in this step: it stood in line since an earlier step; say "${name} is still waiting"` : `${name} did not ask for the key in this step`, 0)
}

/**
 * Why the worker of `ask` did not ask first in line (undefined: it did): its ask was the step's first of
 * that key, a hold, and it stood in line; no one stood in line for the key when it asked; and another
 * worker asked later in the step and stood in line behind it. "First" compares it with the others in line.
 */
function firstInLine(context: ClaimContext, ask: Of<'asked'>): string | undefined {
	const list = context.step.happenings
	const index = list.indexOf(ask)
	const worker = ask.worker
	const earlier = list.slice(0, index).find(h => h.kind === 'asked' && h.store === ask.store && h.worker !== worker) as Of<'asked'> | undefined
	if (earlier) return `${context.name(earlier.worker)} asked for the key earlier in this step, at ${time(earlier.at)}`
	const joined = joinedLine(context, worker)
	const stood = joined.ok && joined.evidence.some(e => e.kind === 'happened' && e.order === index)
	if (ask.tryOnly || !stood || list.findIndex(h => h.kind === 'asked' && h.worker === worker && !h.tryOnly) !== index) return `${context.name(worker)} did not stand in line for the key it asked for`
	const others = new Set<string>([...context.step.start.workers.keys(), ...happened(context.step, 'asked', () => true).map(h => h.worker)])
	others.delete(worker)
	const ahead = [...others].find(other => inLineBefore(context, other, ask.store, index))
	if (ahead !== undefined) return `${context.name(ahead)} was in line when it asked, at ${time(ask.at)}`
	if (![...others].some(other => waitedBehind(context, other, worker, 0).ok)) return `no other worker asked after it in this step and stood in line behind it`
	return undefined
}

/** The worker of slot 0, and no other, is in line when the step ends (and, `still`, stood in it all through the step). */
function onlyWaiter(slots: readonly Slot[], context: ClaimContext, still: boolean): Verdict {
	const store = storeFor(context, undefined)
	if (typeof store === 'string') return fails(store)
	const worker = actorOf(slots[0])
	const waiters = store.waiters
	if (waiters.length !== 1 || waiters[0] !== worker) return fails(`${waiters.length === 0 ? 'no one is' : `${names(context, waiters)} ${waiters.length === 1 ? 'is' : 'are'}`} in line when the step ends`, 0)
	const moved = still ? stillWaiting(context, worker, store.id) : undefined
	return moved === undefined ? holds([lineEvidence(context.world, store)], context.world.time) : fails(moved, 0)
}

/** Why the worker did not stand in the store's line all through the step ("still"), or undefined when it did. */
function stillWaiting(context: ClaimContext, worker: string, store: string): string | undefined {
	if (context.step.start.workers.get(worker)?.waiting?.store !== store) return `${context.name(worker)} was not in line when the step began: it is not still waiting`
	const moved = context.step.happenings.find(h => (h.kind === 'asked' || h.kind === 'granted' || h.kind === 'gave-up' || h.kind === 'left') && h.worker === worker)
	return moved ? `${context.name(worker)} left the line in this step (${moved.kind} at ${time(moved.at)}) and stood in it again: it is not still waiting` : undefined
}

/** Each of the workers is in line when the step ends and stood in it all through the step ("{workers} still wait"). */
function stillWait(context: ClaimContext, ids: readonly string[]): Verdict {
	const evidence = []
	const seen = new Set<string>()
	const makers: Happening[] = []
	for (const id of ids) {
		const waiting = context.world.workers.get(id)?.waiting
		if (!waiting) return fails(`${context.name(id)} is not in line when the step ends${holdsNow(context, id)}`, 0)
		const still = stillWaiting(context, id, waiting.store)
		if (still !== undefined) return fails(still, 0)
		const store = context.world.stores.get(waiting.store)
		if (!store) continue
		if (!seen.has(store.id)) evidence.push(lineEvidence(context.world, store))
		seen.add(store.id)
		for (const h of waitMakers(context, id, store)) if (!makers.includes(h)) makers.push(h)
	}
	return { ...holds(evidence, context.world.time), said: { events: makers, told: makers.filter(h => h.kind === 'asked') } } as Verdict
}

function holdsNow(context: ClaimContext, worker: string): string {
	const grant = happened(context.step, 'granted', h => h.worker === worker)[0]
	return grant ? `: the engine gave it the key at ${time(grant.at)}` : ''
}

/** The workers in line when the step ends, checked against a count (slot `count`) or a list (slot `list`), and who is first (slot `first`). */
/** The words of a `{workers}` slot that name workers without an order of their own ("both", "they"): "in that order" after them would be an order no text wrote. */
const NAMES_NO_ORDER = /^(?:they|them|both|them both|both of them)$/i

function line(slots: readonly Slot[], context: ClaimContext, which: { count?: number; list?: number; first?: number; /** The list is the line's order, first first. */ ordered?: true }): Verdict {
	const store = storeFor(context, undefined)
	if (typeof store === 'string') return fails(store)
	const waiters = store.waiters
	if (which.count !== undefined && waiters.length !== numberOf(slots[which.count])) {
		return fails(`${waiters.length === 0 ? 'no one is' : `${names(context, waiters)} ${waiters.length === 1 ? 'is' : 'are'}`} in line when the step ends (${waiters.length})`, which.count)
	}
	if (which.list !== undefined) {
		const wanted = actorsOf(slots[which.list])
		if (wanted.length !== waiters.length || !wanted.every(id => waiters.includes(id))) return fails(`${waiters.length === 0 ? 'no one' : names(context, waiters)} ${waiters.length <= 1 ? 'is' : 'are'} in line when the step ends`, which.list)
		if (which.ordered === true && wanted.some((id, at) => waiters[at] !== id)) return fails(`${names(context, waiters)} are in line in that order, ${context.name(waiters[0] as string)} first: not in the order this names`, which.list)
	}
	if (which.first !== undefined && waiters[0] !== actorOf(slots[which.first])) return fails(`${waiters[0] === undefined ? 'no one' : context.name(waiters[0])} is first in line`, which.first)
	return holds([lineEvidence(context.world, store)], context.world.time)
}

/** The worker of slot 0 stands at the place in line slot 1 names when the step ends. */
function placeInLine(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const waiting = context.world.workers.get(worker)?.waiting
	if (!waiting) return fails(`${context.name(worker)} is not in line when the step ends${holdsNow(context, worker)}`, 0)
	if (waiting.place !== numberOf(slots[1])) return fails(`${context.name(worker)} is ${ordinal(waiting.place)} in line`, 1)
	const store = context.world.stores.get(waiting.store)
	return holds(store ? [lineEvidence(context.world, store)] : [], context.world.time)
}

/** The key went to the worker of slot `worker` in this step, after waiting (from `place` in line, with fence slot `fence`). */
function goesTo(slots: readonly Slot[], context: ClaimContext, worker: number, place?: number, fence?: number): Verdict {
	const id = actorOf(slots[worker])
	const grant = happened(context.step, 'granted', h => h.worker === id && ofKey(slots[0], h.store))[0]
	if (!grant) {
		const other = happened(context.step, 'granted', h => h.worker === id)[0]
		return fails(other ? `the key of ${context.name(keyStore(slots[0]) ?? '')} did not go to ${context.name(id)} in this step; ${context.name(other.store)}'s did` : `the key did not go to ${context.name(id)} in this step`, other ? 0 : worker)
	}
	if (grant.place === undefined) return fails(`${context.name(id)} got the key at once when it asked, without waiting for it`, worker)
	if (place !== undefined && grant.place !== numberOf(slots[place])) {
		return fails(`${context.name(id)} was ${grant.place === undefined ? 'not in line' : `${ordinal(grant.place)} in line`} when the key was let go`, place)
	}
	if (fence !== undefined && grant.fence !== fenceOfSlot(slots[fence])) {
		return fails(`expected fence ${showFence(fenceOfSlot(slots[fence]))}, but the engine gave ${context.name(id)} ${grant.fence === undefined ? 'a lease with no fence' : `fence ${showFence(grant.fence)}`}`, fence)
	}
	return holds([saw(context.step, grant)], grant.at)
}

/** A grant from the line to slot `worker`'s worker (with slot `fence`'s fence) that found no one behind it in line: the line's tail just before it. */
function goesToLast(slots: readonly Slot[], context: ClaimContext, worker: number, fence?: number): Verdict {
	const done = goesTo(slots, context, worker, undefined, fence)
	if (!done.ok) return done
	const id = actorOf(slots[worker])
	const grant = happened(context.step, 'granted', h => h.worker === id && ofKey(slots[0], h.store))[0] as Of<'granted'>
	const line = worldsOf(context.step)?.[context.step.happenings.indexOf(grant)]?.stores.get(grant.store)?.waiters
	if (line === undefined) return fails(`the line ${context.name(id)} stood in when it got the key is not known in this step, so nothing tells who stood behind it`, worker)
	const behind = line.slice(line.indexOf(id) + 1)
	if (behind.length > 0) return fails(`${names(context, behind)} stood behind ${context.name(id)} in line when it got the key at ${time(grant.at)}: it was not last`, worker)
	return done
}

/** A grant from the line (`done`) whose worker asked at slot `since`'s moment: it stood in line since then. */
function sinceAsked(done: Verdict, slots: readonly Slot[], context: ClaimContext, since: number): Verdict {
	if (!done.ok) return done
	const order = done.evidence.find(e => e.kind === 'happened' && e.what.kind === 'granted')
	const grant = order?.kind === 'happened' && order.order !== undefined ? context.step.happenings[order.order] : undefined
	if (grant?.kind !== 'granted') return done
	if (grant.askedAt !== numberOf(slots[since])) return fails(`${context.name(grant.worker)} stood in line since ${time(grant.askedAt)}, when it asked`, since)
	return done
}

/** The worker of slot 0 asked in this step and got no lease in it (of the store key slot 1 names, if it names one). */
function noLease(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const ask = asks(context, worker, undefined, slots[1])[0]
	if (!ask) return otherStore(slots, context) ?? fails(`${context.name(worker)} did not ask for the key in this step`, 0)
	const grant = happened(context.step, 'granted', h => h.worker === worker && ofKey(slots[1], h.store))[0]
	if (grant) return fails(`the engine gave ${context.name(worker)} ${grant.fence === undefined ? 'a lease' : `fence ${showFence(grant.fence)}`} at ${time(grant.at)}`, 0)
	// Still in line is not "no lease": it may get the key later. Only a refusal or giving up ends the ask.
	const end = context.step.happenings.find(h => (h.kind === 'refused' || h.kind === 'gave-up') && h.worker === worker && ofKey(slots[1], h.store))
	if (!end) return fails(`${context.name(worker)} is still in line when the step ends, so it may yet get the key; say it waits, or tell its refusal`, 0)
	return holds([saw(context.step, end)], end.at)
}

/** The worker of slot 0 gave up in this step (of the key of `store`, when one is named), having waited slot `after`'s time. */
function gaveUp(slots: readonly Slot[], context: ClaimContext, after?: number, store?: string): Verdict {
	const worker = actorOf(slots[0])
	const gave = happened(context.step, 'gave-up', h => h.worker === worker && (store === undefined || h.store === store))[0]
	if (!gave) {
		const other = happened(context.step, 'gave-up', h => h.worker === worker)[0]
		if (other) return fails(`${context.name(worker)} gave up waiting for the key of ${context.name(other.store)}, not of ${context.name(store ?? '')}`, 1)
		const grant = happened(context.step, 'granted', h => h.worker === worker)[0]
		return fails(grant ? `${context.name(worker)} did not give up: the engine gave it the key at ${time(grant.at)}` : `${context.name(worker)} did not give up in this step`, 0)
	}
	if (after !== undefined && gave.waited !== numberOf(slots[after])) return fails(`${context.name(worker)} gave up after ${time(gave.waited)}`, after)
	return holds([saw(context.step, gave)], gave.at)
}

/** Each worker of slot 0 asked for the key in this step: the claim's moment is the last ask, and each its own for "at". */
function everyAsked(slots: readonly Slot[], context: ClaimContext): Verdict {
	const ids = actorsOf(slots[0])
	const missing = ids.find(id => asks(context, id, undefined, slots[1]).length === 0)
	if (missing !== undefined) return fails(`${context.name(missing)} did not ask ${keyStore(slots[1]) === undefined ? '' : `${context.name(keyStore(slots[1]) ?? '')} `}for the key in this step`, 0)
	const all = ids.map(id => asks(context, id, undefined, slots[1])[0] as Of<'asked'>)
	if (all.some(h => h.unshown)) return holds(all.map(h => saw(context.step, h)))
	return { ...holds(all.map(h => saw(context.step, h)), Math.max(...all.map(h => h.at))), each: all.map(h => ({ who: h.worker, at: h.at })) } as Verdict
}

/** The ask a grant answered: the worker's last ask of that store at the grant's `askedAt`, in the steps given (up to the grant's). */
function askOfGrant(steps: readonly StepFacts[], grant: Of<'granted'>): Of<'asked'> | undefined {
	return steps.flatMap(step => step.happenings).filter((h): h is Of<'asked'> => h.kind === 'asked' && h.worker === grant.worker && h.store === grant.store && h.at === grant.askedAt).pop()
}

/**
 * Whether the worker (or, with `other`, another worker) asked before this step as it asks now, `mine`:
 * of the same store, and a try after a try, a hold after a hold. "Again" and "too" are about one key
 * and one way of asking, as the text's own "too" and "again" are (check.ts).
 */
function askedBefore(context: ClaimContext, worker: string, other: boolean, mine: Of<'asked'>): boolean {
	return runSteps(context.run)
		.filter(step => step.index < context.step.index)
		.some(step => happened(step, 'asked', h => (other ? h.worker !== worker : h.worker === worker) && h.store === mine.store).length > 0)
}

/** What "again" finds wrong with the worker's ask `mine`: it asked for this key in no step before. */
function notAgain(context: ClaimContext, worker: string): Verdict {
	return fails(`${context.name(worker)} never asked for this key before this step (a hold or a try)`, 0)
}

/**
 * The worker of slot 0 found the key of slot 1 free at its ask: the ask the clause before told (its last of that key), else its
 * first of the step; just before it no one held the key (with `room`, it had a free place: fewer holders than a semaphore's
 * limit, none of a lock's), and the engine granted that ask with no place in line.
 */
function findsFree(slots: readonly Slot[], context: ClaimContext, room = false): Verdict {
	const worker = actorOf(slots[0])
	const told = (context.priorTold ?? []).filter((h): h is Of<'asked'> => h.kind === 'asked' && h.worker === worker && ofKey(slots[1], h.store))
	// Else the ask answered by the worker's first grant of the key the clause joined after it tells ("finds it free and gets it with fence 4": the ask fence 4 answered).
	const list = context.step.happenings
	const grantLater = list.find((h, i): h is Of<'granted'> => h.kind === 'granted' && h.worker === worker && ofKey(slots[1], h.store) && context.toldNext?.has(i) === true)
	const answered = grantLater === undefined ? undefined : list.filter((h): h is Of<'asked'> => h.kind === 'asked' && h.worker === worker && h.store === grantLater.store && h.at === grantLater.askedAt && list.indexOf(h) < list.indexOf(grantLater)).pop()
	const ask = told[told.length - 1] ?? answered ?? asks(context, worker, undefined, slots[1])[0]
	if (ask === undefined) return otherStore(slots, context) ?? fails(`${context.name(worker)} did not ask for the key in this step, so it found it neither free nor held`, 0)
	const index = context.step.happenings.indexOf(ask)
	const before = worldsOf(context.step)?.[index]?.stores.get(ask.store)
	const limit = room ? (before?.limit ?? 1) : 1
	if (before !== undefined && before.holders.length >= limit) return fails(`when ${context.name(worker)} asked, at ${time(ask.at)}, ${names(context, before.holders)} held the key${before.limit === undefined ? '' : `, ${before.holders.length} of ${before.limit}`}: ${before.holders.length < (before.limit ?? 1) ? 'it was not free (a place was: "finds a free place")' : 'it had no free place'}`, 0)
	const grant = happened(context.step, 'granted', h => h.worker === worker && h.store === ask.store && h.askedAt === ask.at && h.place === undefined)[0]
	if (before === undefined || grant === undefined) return fails(`the engine did not give ${context.name(worker)} the key when it asked, at ${time(ask.at)}: it did not find it free`, 0)
	return holds([saw(context.step, ask), saw(context.step, grant)], ask.unshown ? undefined : ask.at)
}

/** "Nobody else asked": no ask of the key up to the clause's moment, in this step or any before, nor a place in its line, but of the workers "else" leaves out. */
function nobodyElseAsked(slots: readonly Slot[], context: ClaimContext): Verdict {
	const key = slots.find(slot => slot.type === 'key')
	const named = slots.find(slot => slot.type === 'workers')?.value
	const t = context.moment
	const steps = runSteps(context.run).filter(step => step.index <= context.step.index)
	const upTo = (step: StepFacts, h: Happening): boolean => step.index < context.step.index || t === undefined || h.at <= t
	const asksSoFar = steps.flatMap(step => happened(step, 'asked', h => upTo(step, h)).map(h => ({ h, step })))
	const worlds = steps.flatMap(step => (step.index < context.step.index ? [step.start, step.end] : t === undefined ? [step.start, context.world] : [step.start]))
	const keysOf = (worker: string): Set<string> => new Set([...asksSoFar.filter(({ h }) => h.worker === worker).map(({ h }) => h.store), ...worlds.flatMap(world => [...world.stores.values()].filter(store => store.waiters.includes(worker)).map(store => store.id))])
	const given = (worker: string, store: string): boolean => steps.some(step => happened(step, 'granted', h => h.worker === worker && h.store === store && upTo(step, h)).length > 0)
	const excused = (worker: string, store: string): boolean => {
		if (named?.type !== 'actors') return false
		const asked = named.asked?.[worker]
		if (asked !== undefined && (asked.includes(store) || (asked.includes(null) && keysOf(worker).size <= 1))) return true
		const any = named.named?.[worker]
		return any !== undefined && (any.includes(store) || any.includes(null)) && given(worker, store)
	}
	const from = (store: string): string => (context.world.stores.size > 1 ? ` from ${context.name(store)}` : '')
	const why = (worker: string): string => (named?.type === 'actors' && named.named?.[worker] !== undefined ? 'the text names it before only for another key, or it had not been given the key by then' : 'the text names it nowhere before as asking for, holding, getting or letting go of a key')
	const other = asksSoFar.find(({ h }) => ofKey(key, h.store) && !excused(h.worker, h.store))
	if (other) return fails(`${context.name(other.h.worker)} asked for the key${from(other.h.store)} at ${time(other.h.at)}${other.step.index < context.step.index ? `, in step ${other.step.index}` : ''}, and ${why(other.h.worker)}`, 0)
	const waiting = worlds.flatMap(world => [...world.stores.values()].filter(store => ofKey(key, store.id)).flatMap(store => store.waiters.filter(worker => !excused(worker, store.id)).map(worker => ({ worker, store: store.id }))))[0]
	if (waiting !== undefined) return fails(`${context.name(waiting.worker)} stood in line for the key${from(waiting.store)}, and ${why(waiting.worker)}`, 0)
	const store = storeFor(context, key)
	const verdict = holds([{ kind: 'nothing', what: `an ask up to step ${context.step.index} by a worker other than those the text named` }])
	return typeof store !== 'string' && store.waiters.length === 0 ? ({ ...verdict, said: { empty: store.id } } as Verdict) : verdict
}

/** The worker's lease given in this step that a clause tells: its first, or the one with the fence of slot `fence`. */
function grantTold(slots: readonly Slot[], context: ClaimContext, fence?: number): Of<'granted'> | Verdict {
	const id = actorOf(slots[0])
	const grants = happened(context.step, 'granted', h => h.worker === id && ofKey(slots[1], h.store))
	if (grants.length === 0) return fails(`the engine gave ${context.name(id)} no lease${keyStore(slots[1]) === undefined ? '' : ` of ${context.name(keyStore(slots[1]) ?? '')}`} in this step`, 0)
	if (fence === undefined) return grants[0] as Of<'granted'>
	const wanted = fenceOfSlot(slots[fence])
	return grants.find(h => h.fence === wanted) ?? fails(`expected fence ${showFence(wanted)}, but the engine gave ${context.name(id)} fence ${showFence(grants[0]?.fence ?? 0n)} in this step`, fence)
}

/**
 * "{worker} takes one of the {count} places": the worker's first grant of the step of a place of a semaphore whose limit is that
 * count; else why not (no grant, a lock's key, a semaphore of another number of places).
 */
function placeOfCount(slots: readonly Slot[], context: ClaimContext): Of<'granted'> | Verdict {
	const worker = actorOf(slots[0])
	const countAt = slots.findIndex(slot => slot.type === 'count')
	const wanted = numberOf(slots[countAt])
	const all = happened(context.step, 'granted', h => h.worker === worker)
	if (all.length === 0) return fails(`the engine gave ${context.name(worker)} no place in this step`, 0)
	const limitOf = (h: Of<'granted'>) => context.world.stores.get(h.store)?.limit
	const places = all.filter(h => limitOf(h) !== undefined)
	const first = (places[0] ?? all[0]) as Of<'granted'>
	if (places.length === 0) return fails(`${context.name(first.store)} is a lock, not a semaphore: ${context.name(worker)} got its key, not one of its places`, 0)
	return places.find(h => limitOf(h) === wanted) ?? fails(`${context.name(first.store)} has ${limitOf(first)} places, not ${wanted}`, countAt)
}

/** The worker was given a lease in this step (with the fence of slot `fence`) when it asked, without waiting in line, or from the line at the moment of the event the clause before told, a recorded cause of it. */
function atOnce(slots: readonly Slot[], context: ClaimContext, fence?: number): Verdict {
	const grant = grantTold(slots, context, fence)
	if ('ok' in grant) return grant
	return grantAtOnce(grant, context)
}

/** As `atOnce`, of a grant already found. */
function grantAtOnce(grant: Of<'granted'>, context: ClaimContext): Verdict {
	// From the line, it came "right away" only at the moment of what the clause before told, which freed its place ("an operator ends A's lease, and B gets it right away"): a recorded cause of the grant.
	const freed = (context.step.causes?.get(grant) ?? []).some(h => context.priorTold?.includes(h) === true)
	if (grant.place !== undefined && context.priorEvent === grant.at && !freed) return fails(`${context.name(grant.worker)} got the key at ${time(grant.at)} from the line, but not because of what the clause before tells: the engine records no event of it as a cause of that grant`, 0)
	if (grant.place !== undefined && context.priorEvent !== grant.at) return fails(`${context.name(grant.worker)} asked at ${time(grant.askedAt)} and waited in line: the engine gave it the key at ${time(grant.at)}${context.priorEvent === undefined ? '' : `, not at ${time(context.priorEvent)}, when what the clause before tells happened`}`, 0)
	// After a clause that told a lease of the key ending ("A lets go. B gets the key at once"), "at once" is said of that end: the grant came at its moment, from the line or at the worker's own ask.
	const freeing = (context.priorTold ?? []).filter(h => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.store === grant.store)
	const end = freeing[freeing.length - 1]
	if (grant.place === undefined && end !== undefined && !freeing.some(h => h.at === grant.at)) return fails(`${context.name(grant.worker)} got the key at ${time(grant.at)}, when it asked; the lease end the clause before tells came at ${time(end.at)}: not at once after it`, 0)
	return holds([saw(context.step, grant)], grant.at)
}

/** "Gets the last place at once": as `atOnce`, and the grant was of a semaphore's key and, right after it, every place of it was taken. */
function lastPlaceAtOnce(slots: readonly Slot[], context: ClaimContext): Verdict {
	const verdict = atOnce(slots, context)
	if (!verdict.ok) return verdict
	const grant = grantTold(slots, context) as Of<'granted'>
	const limit = context.world.stores.get(grant.store)?.limit
	if (limit === undefined) return fails(`${context.name(grant.store)} is a lock, not a semaphore: it has no places, and ${context.name(grant.worker)} got its key`, 0)
	let holders: readonly string[] = context.step.start.stores.get(grant.store)?.holders ?? []
	for (const h of context.step.happenings) {
		if ('store' in h && h.store === grant.store && 'worker' in h) {
			if (h.kind === 'granted') holders = [...holders, h.worker]
			else if (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') holders = holders.filter(id => id !== h.worker)
		}
		if (h === grant) break
	}
	if (holders.length < limit) return fails(`expected the last place, but right after ${context.name(grant.worker)} got its place at ${time(grant.at)}, ${holders.length} of the ${limit} places of ${context.name(grant.store)} were taken: ${limit - holders.length === 1 ? 'one was' : `${limit - holders.length} were`} still free`, 0)
	return verdict
}

/** The worker was given a lease in this step with the fence of slot `fence` from the line, the time of slot `after` after the ask it answered (the engine's record of that grant's ask). */
function afterItsAsk(slots: readonly Slot[], context: ClaimContext, fence: number, after?: number): Verdict {
	const grant = grantTold(slots, context, fence)
	if ('ok' in grant) return grant
	if (grant.place === undefined) return fails(`${context.name(grant.worker)} got the key at once when it asked, at ${time(grant.at)}: it did not wait`, 0)
	const waited = grant.at - grant.askedAt
	if (after !== undefined && waited !== numberOf(slots[after])) return fails(`${context.name(grant.worker)} asked at ${time(grant.askedAt)} and got the key at ${time(grant.at)}: it waited ${time(waited)}`, after)
	return holds([saw(context.step, grant)], grant.at)
}

/** The worker was given a lease in this step (with the fence of slot `fence`) from the line, before the wait its ask allowed ran out. */
function inTime(slots: readonly Slot[], context: ClaimContext, fence?: number): Verdict {
	const grant = grantTold(slots, context, fence)
	if ('ok' in grant) return grant
	const id = grant.worker
	if (grant.place === undefined) return fails(`${context.name(id)} got the key at once when it asked, at ${time(grant.at)}: it had no wait to run out`, 0)
	const ask = askOfGrant(context.run.steps.slice(1, context.step.index + 1), grant)
	if (ask?.wait === undefined || ask.wait === Number.POSITIVE_INFINITY) return fails(`${context.name(id)} asked with no limit on its wait, so there was no time for it to get the key in`, 0)
	if (grant.at > ask.at + ask.wait) return fails(`${context.name(id)}'s wait of ${time(ask.wait)} ran out at ${time(ask.at + ask.wait)}, before the engine gave it the key at ${time(grant.at)}`, 0)
	return holds([saw(context.step, grant)], grant.at)
}

/**
 * The worker stood in line and was given the key in this step (of the store the key slot names, if
 * it names one) in the place an end of the other's lease freed at that moment, of the kinds given:
 * the place the engine recorded for the grant (first freed, first taken).
 */
/**
 * The lease end of `other` whose place a grant given at once took, or why none: the last lease of the grant's key to end
 * before the grant (in this step or an earlier one) is `other`'s, its key was full until that end (it freed the one place),
 * and no one got the key, no other lease of it ended and its store did not restart between that end and the grant.
 */
function freedPlace(context: ClaimContext, grant: Of<'granted'>, other: string): { end: Happening; step: StepFacts } | string {
	const store = grant.store
	const ending = (h: Happening) => (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended') && h.store === store
	const steps = runSteps(context.run).filter(step => step.index <= context.step.index)
	for (let s = steps.length - 1; s >= 0; s--) {
		const step = steps[s] as StepFacts
		const list = step.index === context.step.index ? step.happenings.slice(0, step.happenings.indexOf(grant)) : step.happenings
		for (let i = list.length - 1; i >= 0; i--) {
			const h = list[i] as Happening
			if ((h.kind === 'restarted' || h.kind === 'restored') && h.store === store) return `${context.name(store)} ${h.kind === 'restarted' ? 'restarted' : 'was restored'} at ${time(h.at)}, after which no lease of it ended before this grant`
			if (h.kind === 'granted' && h.store === store) return `${context.name(h.worker)} got the key at ${time(h.at)}, after the last lease of it that ended before this grant`
			if (!ending(h) || !('worker' in h)) continue
			if (h.worker !== other) return `the last lease of the key to end before it was ${context.name(h.worker)}'s, at ${time(h.at)}`
			const limit = context.world.stores.get(store)?.limit ?? 1
			const holders = new Set(step.start.stores.get(store)?.holders ?? [])
			for (const before of list.slice(0, i + 1)) {
				if ((before.kind === 'restarted' || before.kind === 'restored') && before.store === store) return `${context.name(store)} ${before.kind === 'restarted' ? 'restarted' : 'was restored'} in the step ${context.name(other)}'s lease ended in, at ${time(before.at)}`
				if (before.kind === 'granted' && before.store === store) holders.add(before.worker)
				else if (ending(before) && 'worker' in before) holders.delete(before.worker)
			}
			const free = limit - holders.size
			return free === 1 ? { end: h, step } : `the key had ${free} free places once ${context.name(other)}'s lease ended, at ${time(h.at)}, so no one of them was ${context.name(other)}'s`
		}
	}
	return `no lease of the key ended before it`
}

function tookPlace(context: ClaimContext, worker: string, other: string, key: Slot | undefined, ends: readonly Happening['kind'][]): Verdict {
	const list = context.step.happenings
	const grant = happened(context.step, 'granted', h => h.worker === worker && (key?.value.type !== 'key' || key.value.store === undefined || h.store === key.value.store))[0]
	if (!grant) return fails(`the engine gave ${context.name(worker)} no lease in this step`, 0)
	if (grant.place === undefined) {
		if (ends.length === 1) return fails(`${context.name(worker)} got the key at once when it asked, at ${time(grant.at)}, without waiting in line: it took no one's place`, 0)
		const freed = freedPlace(context, grant, other)
		return typeof freed === 'string' ? fails(`${context.name(worker)} got the key at once when it asked, at ${time(grant.at)}, without waiting in line, and the place it got was not one ${context.name(other)}'s lease left: ${freed}`, 0) : holds([saw(freed.step, freed.end), saw(context.step, grant)], grant.at)
	}
	const end = (context.step.causes?.get(grant) ?? []).find(h => ends.includes(h.kind) && 'worker' in h && h.worker === other && 'store' in h && h.store === grant.store && h.at === grant.at && list.indexOf(h) >= 0 && list.indexOf(h) < list.indexOf(grant))
	if (!end) {
		const took = (context.step.causes?.get(grant) ?? []).find(h => 'worker' in h && (h.kind === 'released' || h.kind === 'expired' || h.kind === 'gone' || h.kind === 'ended'))
		const whose = took !== undefined && 'worker' in took ? `the place ${context.name(took.worker)}'s lease left (${took.kind === 'released' ? 'let go' : took.kind === 'expired' ? 'run out' : took.kind === 'gone' ? 'gone with its store' : 'ended by an operator'})` : 'a place no lease of this step left'
		return fails(`${context.name(worker)} got the key at ${time(grant.at)} in ${whose}, not one ${ends.length === 1 ? `${context.name(other)} let go of` : `${context.name(other)}'s lease left`}`, key === undefined ? 1 : 2)
	}
	return holds([saw(context.step, end), saw(context.step, grant)], grant.at)
}

/**
 * "The key goes to B, who has been waiting all along (the whole time), with fence 2": slot 1's worker was given slot 0's key with
 * slot 2's fence from the line in this step (`goesTo`), and its wait was not broken (`brokenWait`, whose message names `words`).
 */
function goesToWaiting(slots: readonly Slot[], context: ClaimContext, words?: 'the whole time'): Verdict {
	const done = goesTo(slots, context, 1, undefined, 2)
	if (!done.ok) return done
	const grant = happened(context.step, 'granted', h => h.worker === actorOf(slots[1]) && ofKey(slots[0], h.store))[0] as Of<'granted'>
	const broken = brokenWait(context, grant, words)
	return broken === undefined ? done : fails(broken, 1)
}

export const LINE_FORMS: readonly ClaimForm[] = [
	{
		id: 'asks',
		places: STORY,
		tells: 'event',
		formula: "asked(w, k) ∈ step",
		pattern: '{worker} asks for {key}', alternatives: ["{worker} requests/wants {key}", "{worker} asks the lock/store/server for {key}", "{worker} tries to get/take/acquire {key}", "{worker} asks to hold {key}", "{worker} asks for {key} TO_DO", "{worker} requests/wants {key} TO_DO", "{worker} asks the lock/store/server for {key} TO_DO", "{worker} asks for a place/slot", "{worker} tries to get/take a place/slot"],
		// "Tries to get the key" reads any ask, one that waits too; never offered: in a message refusing "tries" of a hold that waits, it reads as the try refused.
		unoffered: ["{worker} tries to get/take/acquire {key}", "{worker} tries to get/take a place/slot"],
		example: 'Worker B asks for the key',
		meaning: 'The worker asked the lock for the key in this step (a hold or a try). What it asks for it to do ("to run the export") is the work its code does under the key, in the scene\'s nouns: it claims nothing more.',
		check: (slots, context) => asked(slots, context),
	},
	{
		id: 'asks-for-only-place',
		places: STORY,
		tells: 'event',
		formula: "asked(w, k) ∈ step, k a semaphore's with limit(k) = 1",
		pattern: '{worker} asks for the only place', alternatives: ["{worker} asks for the only place/slot", "{worker} asks for the semaphore's only place/slot", "{worker} asks for the place/slot"],
		example: 'Worker B asks for the only place',
		meaning: 'As "{worker} asks for a place": the worker asked a semaphore for a place in this step (a hold or a try), and that semaphore has one place (its limit is 1): "the only place" (or "the semaphore\'s only place", "the place") names it. An ask of a lock, or of a semaphore of more places, is refused.',
		check: (slots, context) => askedOnlyPlace(slots, context),
	},
	{
		id: 'asks-bare',
		places: STORY,
		tells: 'event',
		formula: "asked(w) ∈ step",
		pattern: '{worker} asks', alternatives: ["{worker} asks the lock/store/server", "{worker} asks TO_DO", "{worker} asks the lock/store/server TO_DO"],
		example: 'Worker B asks',
		meaning: 'The worker asked the lock for the key in this step (a hold or a try).',
		check: (slots, context) => asked(slots, context),
	},
	{
		id: 'nobody-else-asks',
		places: STORY,
		tells: 'none',
		denies: true,
		others: 'askers',
		formula: "no asked(v, k) ∈ step, and no v ∈ line(k) at the step's start or end, with v not named by the text before it as asking for k: its ask, the lock's answer to it in the step (a grant, a refusal, giving up) or its place in line, of k's store where that clause named one, else of the only store v asked or stood in line for in the step",
		pattern: 'nobody else asks for {key}', alternatives: ['no one else asks for {key}', 'nobody else wants {key}', 'no one else wants {key}', 'nobody else asks', 'no one else asks'],
		example: 'nobody else asks for the key',
		meaning: "No worker asked for the key in this step, or stood in line for it when the step began or ended, but one the text named before it as asking (its ask, or the lock's answer to it in this step: a grant, a refusal, giving up; or its place in line): \"else\" is other than those, and only for the key each was named asking for (the store its clause named; where it named none, the only store the worker asked or stood in line for in this step, none of several), not other than a worker the text named only holding the key, keeping a lease, working, waking or pausing, nor a holder of the key when the step began that the text does not name (its ask again counts).",
		check(slots, context) {
			const key = slots.find(slot => slot.type === 'key')
			const named = slots.find(slot => slot.type === 'workers')?.value
			// "Else" is other than the workers the text named before it as asking for this key; one it named only holding the key, and a holder of the key when the step began that it does not name, are "else" too.
			// A worker named asking is left out of the asks and the line of the store its clause named; where the clause named none,
			// of the one store it asked or stood in line for in this step, and of none when it did so for several: which was said is not told.
			const keysOf = (worker: string): Set<string> => new Set([...happened(context.step, 'asked', h => h.worker === worker).map(h => h.store), ...[context.step.start, context.world].flatMap(world => [...world.stores.values()].filter(store => store.waiters.includes(worker)).map(store => store.id))])
			const mine = (worker: string, store: string): boolean => {
				if (named?.type !== 'actors' || !named.ids.includes(worker)) return false
				const said = named.asked?.[worker] ?? [null]
				return said.includes(store) || (said.includes(null) && keysOf(worker).size <= 1)
			}
			const why = (worker: string): string => {
				if (named?.type !== 'actors' || !named.ids.includes(worker)) return 'the text names it nowhere before as asking (its ask, or getting the key in this step, refused, giving up, in line; holding the key is not asking)'
				const said = [...new Set((named.asked?.[worker] ?? [null]).filter((one): one is string => one !== null))]
				if (said.length > 0) return `the text names it before asking for the key from ${said.map(context.name).join(' and ')} only`
				return `the text names it asking before for a key it does not say, and it asked or stood in line for the keys of ${[...keysOf(worker)].map(context.name).join(' and ')} in this step`
			}
			const from = (store: string): string => (context.world.stores.size > 1 ? ` from ${context.name(store)}` : '')
			const other = happened(context.step, 'asked', h => ofKey(key, h.store) && !mine(h.worker, h.store))[0]
			if (other) return fails(`${context.name(other.worker)} asked for the key${from(other.store)} at ${time(other.at)}, and ${why(other.worker)}`, 0)
			const waiting = [context.step.start, context.world].flatMap(world => [...world.stores.values()].filter(store => ofKey(key, store.id)).flatMap(store => store.waiters.filter(worker => !mine(worker, store.id)).map(worker => ({ worker, store: store.id }))))[0]
			if (waiting !== undefined) return fails(`${context.name(waiting.worker)} stood in line for the key${from(waiting.store)} in this step, and ${why(waiting.worker)}`, 0)
			// With no one in line when the step ends, a key let go in it stays free: the line's emptiness is a cause.
			const store = storeFor(context, key)
			const verdict = holds([{ kind: 'nothing', what: `an ask in step ${context.step.index} by a worker other than the key's holders and those the text named` }])
			return typeof store !== 'string' && store.waiters.length === 0 ? ({ ...verdict, said: { empty: store.id } } as Verdict) : verdict
		},
	},
	{
		id: 'nobody-asks',
		places: STORY,
		tells: 'none',
		denies: true,
		formula: "no asked(v, k) ∈ step at or after t0, for any worker v: t0 is the moment the clause names, else the step's start",
		pattern: 'nobody asks for {key}', alternatives: ['no one asks for {key}'],
		example: 'nobody asks for the key',
		meaning: "No worker at all asked for the key in this step (from the moment the clause names on, where it names one): without \"else\" it leaves out no one, not even a worker the text named before asking. A worker already in line when the step began asks nothing in it.",
		check(slots, context) {
			const key = slots.find(slot => slot.type === 'key')
			const since = context.moment ?? context.step.start.time
			const one = happened(context.step, 'asked', h => ofKey(key, h.store) && h.at >= since)[0]
			if (one) return fails(`${context.name(one.worker)} asked for the key at ${time(one.at)}`, 0)
			return holds([{ kind: 'nothing', what: `an ask for the key in step ${context.step.index}` }])
		},
	},
	{
		id: 'nobody-wants',
		places: STORY,
		tells: 'none',
		denies: true,
		formula: "no asked(v, k) ∈ step, for any worker v, and no v ∈ line(k) at the step's start or end",
		pattern: 'nobody wants {key}', alternatives: ['no one wants {key}'],
		example: 'nobody wants the key',
		meaning: "No worker at all asked for the key in this step, and no one stood in line for it at any moment of the step (none in line when the step began, nor when it ended): a worker still in line from an earlier step wants the key, though it asks nothing in this one.",
		check(slots, context) {
			const key = slots.find(slot => slot.type === 'key')
			const one = happened(context.step, 'asked', h => ofKey(key, h.store))[0]
			if (one) return fails(`${context.name(one.worker)} asked for the key at ${time(one.at)}, in this step`, 0)
			for (const world of [[context.step.start, 'was', 'were', 'when the step began'], [context.world, 'is', 'are', 'when the step ends']] as const) {
				const store = [...world[0].stores.values()].find(one => ofKey(key, one.id) && one.waiters.length > 0)
				if (store) return fails(`${names(context, store.waiters)} ${store.waiters.length === 1 ? world[1] : world[2]} in line for the key ${world[3]}: ${store.waiters.length === 1 ? 'it wants' : 'they want'} it; say "nobody asks for the key" of a step with no ask`, 0)
			}
			return holds([{ kind: 'nothing', what: `an ask for the key in step ${context.step.index}, or a worker in line for it` }])
		},
	},
	{
		id: 'nobody-else-asked',
		places: STORY,
		tells: 'none',
		upTo: true,
		denies: true,
		others: 'askers',
		formula: "up to t (the moment it names, else the step's end), in this step and every step before it: no asked(v, k), and no v ∈ line(k) at a step's start or end, with v neither named by the text before it as asking for k (as of \"nobody else asks for {key}\", with the keys v asked or stood in line for so far) nor named by it at all while granted(v, k) came by t, of the key its clause named (any, where it named none)",
		pattern: 'nobody else asked for {key}', alternatives: ['no one else asked for {key}', 'nobody else has asked for {key}', 'no one else has asked for {key}', 'nobody else wanted {key}', 'no one else wanted {key}', 'nobody else has wanted {key}', 'no one else has wanted {key}', 'nobody else asked', 'no one else asked', 'nobody else has asked', 'no one else has asked'],
		example: 'nobody else has asked for the key',
		meaning: "The past of \"nobody else asks\", up to the clause's moment (the one it names, else the step's end) in every step so far, not only this one: no worker asked for the key or stood in line for it, but one the text named before it as asking for that key (as \"nobody else asks\" reads it), or one the text named in any part (holding, letting go, pausing) that had been given that key by then (\"A lets go. Nobody else asked\": A's own ask got it the key).",
		check: (slots, context) => nobodyElseAsked(slots, context),
	},
	{
		id: 'workers-ask-bare',
		places: STORY,
		tells: 'event',
		formula: "asked(v) ∈ step for each v ∈ ws",
		pattern: '{workers} ask',
		example: 'Workers B and C ask',
		meaning: 'Each of those workers asked for the key in this step.',
		check: (slots, context) => everyAsked(slots, context),
	},
	{
		id: 'workers-try',
		places: STORY,
		tells: 'event',
		formula: "asked(v, k, try) ∈ step for each v ∈ ws",
		pattern: '{workers} try {key}', alternatives: ["{workers} try {key} without waiting", "{workers} try", "{workers} try without waiting", "{workers} both try {key}", "{workers} try for {key}", "{workers} both try for {key}"],
		example: 'Workers A and B try the key',
		meaning: 'Each of those workers tried the key in this step, without waiting ("both try for the key" says the same). With a moment ("at the start", the scene\'s first moment, 0 s), each one\'s try came at that moment.',
		check(slots, context) {
			const all = triesOf(slots, context)
			if (!Array.isArray(all)) return all
			if (all.some(h => h.unshown)) return holds(all.map(h => saw(context.step, h)))
			return { ...holds(all.map(h => saw(context.step, h)), Math.max(...all.map(h => h.at))), each: all.map(h => ({ who: h.worker, at: h.at })) } as Verdict
		},
	},
	{
		id: 'workers-try-at-once',
		places: STORY,
		tells: 'event',
		formula: "asked(v, k, try) ∈ step for each v ∈ ws, all at one moment",
		pattern: '{workers} try {key} at the same time/moment', alternatives: ['{workers} try {key} at the same time, without waiting', '{workers} try {key} at the same moment, without waiting', '{workers} try {key} together', '{workers} both try {key} at the same time/moment', '{workers} try for {key} at the same time/moment', '{workers} both try for {key} at the same time/moment'],
		example: 'Workers A and B try the key at the same moment',
		meaning: 'Each of those workers tried the key in this step, without waiting, as "{workers} try {key}" says, all at the same moment.',
		check(slots, context) {
			const all = triesOf(slots, context)
			if (!Array.isArray(all)) return all
			if (all.some(h => h.unshown)) return fails('the scene does not show when those workers tried the key, so it cannot tell that they tried at the same moment', 0)
			const first = all[0] as Of<'asked'>
			const later = all.find(h => h.at !== first.at)
			if (later) return fails(`${context.name(first.worker)} tried at ${time(first.at)}, ${context.name(later.worker)} at ${time(later.at)}`, 0)
			return { ...holds(all.map(h => saw(context.step, h)), first.at), each: all.map(h => ({ who: h.worker, at: h.at })) } as Verdict
		},
	},
	{
		id: 'workers-ask-at-once',
		places: STORY,
		tells: 'event',
		formula: "asked(v, k) ∈ step for each v ∈ ws, all at one moment",
		pattern: '{workers} ask for {key} at once', alternatives: ["{workers} ask for {key} at the same time/moment", "{workers} both ask for {key} at once", "{workers} ask at once", "{workers} ask at the same time/moment", "{workers} ask for a place/slot at once", "{workers} ask for a place/slot at the same time/moment", "{workers} ask together", "{workers} ask for {key} together", "{workers} ask for a place/slot together"],
		example: 'Workers A and B ask for the key at once',
		meaning: 'Each of those workers asked for the key in this step, all at the same moment ("together" says the same).',
		check(slots, context) {
			const every = everyAsked(slots, context)
			if (!every.ok) return every
			const all = actorsOf(slots[0]).map(id => asks(context, id, undefined, slots[1])[0] as Of<'asked'>)
			if (all.some(h => h.unshown)) return fails('the scene does not show when those workers asked, so it cannot tell that they asked at once', 0)
			const later = all.find(h => h.at !== (all[0] as Of<'asked'>).at)
			if (later) return fails(`${context.name((all[0] as Of<'asked'>).worker)} asked at ${time((all[0] as Of<'asked'>).at)}, ${context.name(later.worker)} at ${time(later.at)}`, 0)
			return every
		},
	},
	{
		id: 'workers-ask',
		places: STORY,
		tells: 'event',
		formula: "asked(v, k) ∈ step for each v ∈ ws",
		pattern: '{workers} ask for {key}', alternatives: ["{workers} both ask for {key}", "{workers} ask for a place/slot", "{workers} want {key}", "{workers} ask the lock/store/server/semaphore for {key}", "{workers} ask the lock/store/server/semaphore for a place/slot", "{workers} try to get/take/acquire {key}"],
		example: 'Workers B and C ask for the key',
		meaning: 'Each of those workers asked for the key in this step.',
		check: (slots, context) => everyAsked(slots, context),
	},
	{
		id: 'workers-ask-in-order',
		places: STORY,
		tells: 'event',
		formula: "asked(v, k) ∈ step for each v ∈ ws, in the order ws names them",
		pattern: '{workers} ask for {key}, in that order', alternatives: ["{workers} ask for {key} in that order", "{workers} ask for {key}, one after the other, in that order", "{workers} ask for a place, in that order", "{workers} ask for a slot, in that order", "{workers} ask for a place/slot in that order", "{workers} ask, in that order", "{workers} ask in that order"],
		example: 'Workers B, C and D ask for the key, in that order',
		meaning: 'Each of those workers asked for the key in this step, one after the other in the order named.',
		check(slots, context) {
			const every = everyAsked(slots, context)
			if (!every.ok) return every
			const ids = actorsOf(slots[0])
			const places = ids.map(id => context.step.happenings.indexOf(asks(context, id, undefined, slots[1])[0] as Of<'asked'>))
			const wrong = places.findIndex((place, k) => k > 0 && place < (places[k - 1] as number))
			if (wrong > 0) return fails(`${context.name(ids[wrong] as string)} asked before ${context.name(ids[wrong - 1] as string)}`, 0)
			return every
		},
	},
	{
		id: 'workers-ask-first',
		places: STORY,
		tells: 'event',
		formula: "asked(v, k) ∈ step for each v ∈ ws, w ∈ ws, and asked(w, k) before each other v's",
		pattern: '{workers} ask for {key}, {worker} first', alternatives: ['{workers} both ask for {key}, {worker} first', '{workers} ask for a place, {worker} first', '{workers} ask for a slot, {worker} first', '{workers} ask, {worker} first', '{workers} both ask, {worker} first'],
		example: 'Workers B and C ask for the key, C first',
		meaning: 'Each of those workers asked for the key in this step, and the one named after the comma, one of them, asked before each of the others: after an ask, "B first" is the order of the asks, not of the line (that is "B is first in line").',
		check(slots, context) {
			const every = everyAsked(slots, context)
			if (!every.ok) return every
			const ids = actorsOf(slots[0])
			const first = actorOf(slots[2])
			if (!ids.includes(first)) return fails(`"${slots[2]?.text} first" says which of ${names(context, ids)} asked first, and ${context.name(first)} is not one of them`, 2)
			const ask = (id: string) => asks(context, id, undefined, slots[1])[0] as Of<'asked'>
			const earlier = ids.find(id => id !== first && context.step.happenings.indexOf(ask(id)) < context.step.happenings.indexOf(ask(first)))
			if (earlier !== undefined) return fails(`${context.name(earlier)} asked before ${context.name(first)}: ${context.name(earlier)} at ${time(ask(earlier).at)}, ${context.name(first)} at ${time(ask(first).at)}`, 2)
			return every
		},
	},
	{
		id: 'asks-again',
		places: STORY,
		tells: 'event',
		formula: "asked(w, k) ∈ step, after an asked(w, k) in an earlier step, a hold or a try",
		pattern: '{worker} asks for {key} again',
		example: 'Worker B asks for the key again',
		meaning: 'The worker asked for the key in this step, and had asked for it in an earlier one (a hold or a try).',
		check(slots, context) {
			const worker = actorOf(slots[0])
			const mine = asks(context, worker, undefined, slots[1])[0]
			if (!mine) return asked(slots, context)
			if (!askedBefore(context, worker, false, mine)) return notAgain(context, worker)
			return asked(slots, context)
		},
	},
	{
		id: 'asks-with-wait',
		places: STORY,
		tells: 'event',
		formula: "asked(w, k, wait D) ∈ step",
		pattern: '{worker} asks for {key} with a wait of {duration}', alternatives: ["{worker} asks for {key} with a {duration} wait", "{worker} asks for {key}, willing to wait( up to) {duration}", "{worker} asks for {key}, this time willing to wait( up to) {duration}", "{worker} asks for {key}, willing to wait only {duration}", "{worker} requests {key} with a wait of {duration}", "{worker} requests {key} with a {duration} wait", "{worker} asks for a place/slot with a wait of {duration}", "{worker} asks for a place/slot with a {duration} wait", "{worker} asks for a place, willing/ready to wait( up to) {duration}", "{worker} asks for a slot, willing/ready to wait( up to) {duration}", "{worker} asks for a place, this time willing to wait( up to) {duration}", "{worker} asks for a slot, this time willing to wait( up to) {duration}", "{worker} asks for a place, willing to wait only {duration}", "{worker} asks for a slot, willing to wait only {duration}"],
		example: 'Worker B asks for the key with a wait of 10 s',
		meaning: 'The worker asked for the key in this step, waiting at most that long: any of its asks of the step (one that tried and was turned away, then asked with a wait, "asks again, willing to wait up to 5 s", tells that later ask). "Asks for a place" (or "a slot") is of a semaphore\'s key; of a lock it is refused. "This time willing to wait" says the worker asked for that key before, and its ask right before this one asked another way (another wait, no limit, or a try).',
		check: (slots, context) => waitOf(slots, context, 2),
	},
	{
		id: 'asks-with-wait-short',
		places: STORY,
		tells: 'event',
		formula: "asked(w, wait D) ∈ step",
		pattern: '{worker} asks with a wait of {duration}', alternatives: ["{worker} asks with a {duration} wait", "{worker} asks, willing to wait {duration}", "{worker} asks, ready to wait {duration}", "{worker} is willing/ready to wait {duration}", "{worker} asks, with a wait of {duration}", "{worker} asks, with a {duration} wait", "{worker} is willing/ready to wait up to {duration}", "{worker} will wait( up to) {duration}", "{worker} asks, willing/ready to wait up to {duration}", "{worker} asks, this time willing/ready to wait( up to) {duration}", "{worker} asks, willing/ready to wait only {duration}", "{worker} will wait only {duration}", "{worker} will wait {duration} at most", "{worker} asks, willing/ready to wait {duration} at most"],
		example: 'Worker B asks with a wait of 10 s',
		meaning: 'The worker asked for the key in this step, waiting at most that long: any of its asks of the step (one that tried and was turned away, then asked with a wait, "asks again, willing to wait up to 5 s", tells that later ask). "This time willing to wait" says the worker asked for that key before, and its ask right before this one asked another way (another wait, no limit, or a try).',
		check: (slots, context) => waitOf(slots, context, 1),
	},
	{
		id: 'asks-also-with-wait',
		places: STORY,
		tells: 'event',
		formula: "asked(w, wait D) ∈ step, after an asked(v, wait D) ∈ run by another worker v",
		pattern: '{worker} asks, also with a {duration} wait', alternatives: ["{worker} asks, also with a wait of {duration}", "{worker} also asks with a {duration} wait", "{worker} also asks with a wait of {duration}", "{worker} asks, also willing to wait {duration}"],
		example: 'Worker C asks, also with a 10 s wait',
		meaning: 'The worker asked for the key in this step, waiting at most that long, and "also": another worker had asked before it with a wait just as long.',
		check(slots, context) {
			const verdict = waitOf(slots, context, 1)
			if (!verdict.ok) return verdict
			const worker = actorOf(slots[0])
			const mine = asks(context, worker, h => !h.tryOnly && h.wait === numberOf(slots[1]))[0] as Of<'asked'>
			const before = [...earlierHappenings(context), ...context.step.happenings.slice(0, context.step.happenings.indexOf(mine))]
			const other = before.find(h => h.kind === 'asked' && h.worker !== worker && !h.tryOnly && h.wait === mine.wait)
			if (other === undefined) return fails(`no other worker asked with ${readAloudWithAVowel(time(numberOf(slots[1]))) ? 'an' : 'a'} ${time(numberOf(slots[1]))} wait before ${context.name(worker)}: "also" says one did`, 1)
			return verdict
		},
	},
	{
		id: 'asks-too-with-wait',
		places: STORY,
		tells: 'event',
		formula: "asked(w, k, wait D) ∈ step, after an asked(v, k) ∈ run by another worker v",
		pattern: '{worker} asks too, willing to wait {duration}', alternatives: ["{worker} asks too, ready to wait {duration}", "{worker} asks too, willing/ready to wait only {duration}", "{worker} asks too, willing/ready to wait up to {duration}", "{worker} asks too, willing/ready to wait {duration} at most", "{worker} asks too, with a {duration} wait", "{worker} asks too, with a wait of {duration}"],
		example: 'Worker C asks too, willing to wait only 2 s',
		meaning: 'The worker asked for the key in this step, waiting at most that long, as "{worker} asks with a wait of {duration}" says, and "too": another worker had asked for that key before it (a hold or a try).',
		check(slots, context) {
			const verdict = waitOf(slots, context, 1)
			if (!verdict.ok) return verdict
			const worker = actorOf(slots[0])
			const ask = asks(context, worker, h => !h.tryOnly && h.wait === numberOf(slots[1]))[0] as Of<'asked'>
			if (happenedBefore(context, ask).some(h => h.kind === 'asked' && h.store === ask.store && h.worker !== worker)) return verdict
			return fails(`"too" says another worker asked for the key before ${context.name(worker)}, at ${time(ask.at)}, and none did`, 0)
		},
	},
	{
		id: 'asks-without-limit',
		places: STORY,
		tells: 'event',
		formula: "asked(w, k, wait ∞) ∈ step",
		pattern: '{worker} asks for {key} without a limit', alternatives: ["{worker} asks for {key} with no limit/deadline", "{worker} asks for {key} without a time limit/deadline", "{worker} asks for {key} with no time limit", "{worker} asks without a limit/deadline", "{worker} asks without a time limit", "{worker} asks with no limit/deadline", "{worker} asks with no time limit", "{worker} asks for {key} with no limit on its wait", "{worker} asks with no limit on its wait", "{worker} asks, with no limit on its wait", "{worker} asks for {key}, with no limit on its wait", "{worker} asks, without a limit", "{worker} asks, willing/ready to wait without a limit", "{worker} asks for {key}, willing/ready to wait without a limit", "{worker} asks, willing/ready to wait for ever", "{worker} asks, willing/ready to wait forever", "{worker} asks for {key}, willing/ready to wait for ever", "{worker} asks for {key}, willing/ready to wait forever", "{worker} is willing/ready to wait for ever", "{worker} is willing/ready to wait forever", "{worker} is willing/ready to wait without a limit"],
		example: 'Worker C asks for the key without a limit',
		meaning: 'The worker asked for the key in this step with no limit on its wait: it waits as long as it takes (any of its asks of the step: after a try turned away, the ask that followed). "Willing to wait as long as it takes" reads as "willing to wait without a limit".',
		check: (slots, context) => unlimited(slots, context),
	},
	{
		id: 'asks-willing-to-wait',
		places: STORY,
		tells: 'event',
		formula: "asked(w, k, wait W) ∈ step, W > 0 (or ∞), no try",
		pattern: '{worker} asks for {key}, willing to wait', alternatives: ["{worker} asks for {key}, ready to wait", "{worker} asks for a place, willing/ready to wait", "{worker} asks for a slot, willing/ready to wait", "{worker} asks for {key} and is willing/ready to wait"],
		example: 'Worker B asks for the key, willing to wait',
		meaning: 'The worker asked for the key in this step in a way that stands in line while the key is taken: with a wait of some length, or none. It does not say how long: "willing to wait 5 s" and "willing to wait as long as it takes" do. A try, which never waits, is refused. "This time willing to wait" (or "this time it is willing to wait") says also that the worker\'s ask of that key right before this one did not wait: a try, a wait of 0 s, or an ask turned away the moment it asked.',
		check: (slots, context) => willingToWait(slots, context),
	},
	{
		id: 'asks-willing-to-wait-short',
		places: STORY,
		tells: 'event',
		formula: "asked(w, wait W) ∈ step, W > 0 (or ∞), no try",
		pattern: '{worker} asks, willing to wait', alternatives: ["{worker} asks, ready to wait", "{worker} is willing/ready to wait", "{worker} asks and is willing/ready to wait"],
		example: 'Worker B asks, willing to wait',
		meaning: 'The worker asked for the key in this step in a way that stands in line while the key is taken, as "{worker} asks for {key}, willing to wait" says. "This time willing to wait" (or "this time it is willing to wait") says also that the worker\'s ask of that key right before this one did not wait: a try, a wait of 0 s, or an ask turned away the moment it asked.',
		check: (slots, context) => willingToWait(slots, context),
	},
	{
		id: 'asks-too-without-limit',
		places: STORY,
		tells: 'event',
		formula: "asked(w, k, wait ∞) ∈ step, after an asked(v, k) ∈ run by another worker v",
		pattern: '{worker} asks for {key} too, without a limit', alternatives: ["{worker} asks too, without a limit", "{worker} asks too, with no limit", "{worker} asks too, willing/ready to wait without a limit", "{worker} asks too, willing/ready to wait for ever", "{worker} asks too, willing/ready to wait forever", "{worker} asks for {key} too, willing/ready to wait without a limit", "{worker} asks for {key} too, willing/ready to wait for ever", "{worker} asks for {key} too, willing/ready to wait forever"],
		example: 'Worker C asks for the key too, without a limit',
		meaning: 'The worker asked for the key in this step with no limit on its wait, as "{worker} asks for {key} without a limit" says, and "too": another worker had asked for that key before it (a hold or a try). "Willing to wait as long as it takes" reads as "willing to wait without a limit".',
		check(slots, context) {
			const verdict = unlimited(slots, context)
			if (!verdict.ok) return verdict
			const worker = actorOf(slots[0])
			const ask = asks(context, worker, waitsForEver, slots[1])[0] as Of<'asked'>
			if (happenedBefore(context, ask).some(h => h.kind === 'asked' && h.store === ask.store && h.worker !== worker)) return verdict
			return fails(`"too" says another worker asked for the key before ${context.name(worker)}, at ${time(ask.at)}, and none did`, 0)
		},
	},
	{
		id: 'asks-again-without-limit',
		places: STORY,
		tells: 'event',
		formula: "asked(w, k, wait ∞) ∈ step, after an asked(w, k) in an earlier step, a hold or a try",
		pattern: '{worker} asks for {key} again, without a limit', alternatives: ["{worker} asks for {key} again, with no limit", "{worker} asks for {key} again, willing/ready to wait without a limit", "{worker} asks for {key} again, willing/ready to wait for ever", "{worker} asks for {key} again, willing/ready to wait forever", "{worker} asks again, without a limit", "{worker} asks again, with no limit", "{worker} asks again, willing/ready to wait without a limit", "{worker} asks again, willing/ready to wait for ever", "{worker} asks again, willing/ready to wait forever"],
		example: 'Worker B asks for the key again, without a limit',
		meaning: 'The worker asked for the key in this step with no limit on its wait, as "{worker} asks for {key} without a limit" says, and "again": it had asked for that key in an earlier step (a hold or a try). "Willing to wait as long as it takes" reads as "willing to wait without a limit".',
		check(slots, context) {
			const verdict = unlimited(slots, context)
			if (!verdict.ok) return verdict
			const worker = actorOf(slots[0])
			const mine = asks(context, worker, waitsForEver, slots[1])[0] as Of<'asked'>
			return askedBefore(context, worker, false, mine) ? verdict : notAgain(context, worker)
		},
	},
	{
		id: 'willing-to-wait-for-ever-now',
		places: STORY,
		tells: 'event',
		formula: "the last asked(w, k) ∈ step has wait ∞, and w's last asked(w, k) in an earlier step is a try or has a limit",
		pattern: '{worker} is willing to wait for ever now', alternatives: ["{worker} is willing to wait forever now", "{worker} is ready to wait for ever now", "{worker} is ready to wait forever now", "{worker} is willing/ready to wait without a limit now"],
		example: 'Worker B is willing to wait for ever now',
		meaning: 'The worker\'s latest ask of this step waits with no limit, and "now" contrasts it with before: its last ask of that key in an earlier step (a hold or a try) did not wait without a limit (a try, or a wait with a limit). "Willing to wait as long as it takes now" reads the same.',
		check(slots, context) {
			const worker = actorOf(slots[0])
			const name = context.name(worker)
			const ask = asks(context, worker).pop()
			if (!ask) return fails(`${name} did not ask for the key in this step`, 0)
			if (!waitsForEver(ask)) return fails(`"willing to wait for ever" says ${name}'s latest ask of this step has no limit on its wait, but it ${describeAsk(ask)}`, 0)
			const prior = runSteps(context.run).filter(step => step.index < context.step.index).flatMap(step => happened(step, 'asked', h => h.worker === worker && h.store === ask.store)).pop()
			if (!prior) return fails(`"now" says ${name} asked for the key before this step in another way (a try, or a wait with a limit), but its ask at ${time(ask.at)} is its first of that key`, 0)
			if (waitsForEver(prior)) return fails(`"now" says ${name}'s ask before this step did not wait without a limit, but it ${describeAsk(prior)} too; drop "now"`, 0)
			return holds([saw(context.step, ask)], ask.at)
		},
	},
	{
		id: 'asks-again-willing-to-wait',
		places: STORY,
		tells: 'event',
		formula: "asked(w, k, wait W) ∈ step, W > 0 (or ∞), no try, after an asked(w, k) in an earlier step, a hold or a try",
		pattern: '{worker} asks for {key} again, willing to wait', alternatives: ["{worker} asks for {key} again, ready to wait", "{worker} asks again, willing/ready to wait"],
		example: 'Worker B asks for the key again, willing to wait',
		meaning: 'The worker asked for the key in this step in a way that stands in line while the key is taken, as "{worker} asks for {key}, willing to wait" says, and "again": it had asked for that key in an earlier step (a hold or a try). "This time willing to wait" (or "this time it is willing to wait") says also that the worker\'s ask of that key right before this one did not wait: a try, a wait of 0 s, or an ask turned away the moment it asked.',
		check(slots, context) {
			const verdict = willingToWait(slots, context)
			if (!verdict.ok) return verdict
			const worker = actorOf(slots[0])
			const mine = asks(context, worker, h => !h.tryOnly && (h.wait === undefined || h.wait > 0), slots[1])[0] as Of<'asked'>
			return askedBefore(context, worker, false, mine) ? verdict : notAgain(context, worker)
		},
	},
	{
		id: 'waits-until-lets-go',
		places: STORY,
		tells: 'event',
		fromLine: true,
		formula: "granted(w, k) ∈ step from the line, that took the place a released(v, k) of the step freed at that moment (the engine's record)",
		pattern: '{worker} waits for {key} until {worker} lets go', alternatives: ["{worker} waits( in line) until {worker} lets go", "{worker} waits( in line) until {worker} lets go of {key}", "{worker} waits( in line) until {worker} releases {key}", "{worker} waits for {key} until {worker} releases it"],
		example: 'B waits in line until A lets go',
		meaning: 'The first worker stood in line and got the key in this step the moment the second let go of it.',
		check: (slots, context) => tookPlace(context, actorOf(slots[0]), actorOf(slots[2]), slots[1], ['released']),
	},
	{
		id: 'gets-place-of',
		places: STORY,
		tells: 'event',
		fromLine: true,
		formula: "granted(w, k) ∈ step from the line, that took the place an end of v's lease of k in the step freed at that moment (the engine's record); or granted(w, k) ∈ step at once, and the last lease end of k before it is v's, after which k had one free place and no grant of k came before w's",
		pattern: "{worker} gets {owner} place", alternatives: ["{worker} takes {owner} place/slot", "{worker} gets {owner} slot"],
		example: "D gets B's place",
		meaning: "The first worker got the key in this step in the place the second's lease of it left (let go, ran out, gone or ended by an operator): from the line, the moment that lease ended; or at once when it asked, when that lease was the last of the key to end before, it left the one free place, and no one got the key between.",
		check: (slots, context) => tookPlace(context, actorOf(slots[0]), actorOf(slots[1]), undefined, ['released', 'expired', 'gone', 'ended']),
	},
	{
		id: 'waits',
		places: STORY,
		tells: 'state',
		formula: "w ∈ line(k, t) since its last asked(w, k) of the step, not a try (else since before the step), or asked(w) ∈ step found k held and granted(w) ∈ step on that ask (no gave-up(w), left(w) or asked(w) between) came once a lease of k ended, or w ∈ line(k) at the step's start until granted(w), gave-up(w) or left(w) ∈ step",
		pattern: '{worker} waits( in line)', alternatives: ["{worker} has to wait( in line)", "{worker} must wait( in line)", "{worker} is queued", "{worker} waits its turn", "{worker} waits for the key", "{worker} is waiting( in line)", "{worker} is waiting for the key"],
		example: 'B waits in line',
		meaning: "The worker is in line for the key when the step ends (since the hold that put it there: a try never waits, and an ask given up is a wait of its own), or it waited in line in this step and got the key on that ask once its holder let go, or it stood in line when the step began until it got the key, gave up or left, which the text goes on to tell.",
		check: (slots, context) => inLine(slots, context),
	},
	{
		id: 'joins-line',
		places: STORY,
		tells: 'event',
		formula: "asked(w, k) ∈ step, not a try, and w ∈ line(k, t), or granted(w) from the line or gave-up(w) after it, waited > 0, ∈ step",
		pattern: '{worker} joins the line/queue', alternatives: ["{worker} queues( up)", "{worker} lines up", "{worker} stands in line"],
		example: 'B joins the line',
		meaning: 'The worker asked for the key in this step and stood in line: it is in line when the step ends, or got the key from the line, or gave up after waiting some time (a give-up the moment it asked, a wait of 0 s, never stood in line). A worker that joined in an earlier step "waits".',
		check: (slots, context) => joinedLine(context, actorOf(slots[0])),
	},
	{
		id: 'waits-without-limit',
		places: STORY,
		tells: 'event',
		formula: "asked(w, k, wait ∞) ∈ step, not a try, and w stood in line(k) on that ask: w ∈ line(k, t) on it, or granted(w) from the line, or gave-up(w) or left(w) later than the ask, ∈ step (before any next asked(w))",
		pattern: '{worker} waits( in line) without a limit', alternatives: ["{worker} waits( in line) with no limit", "{worker} waits( in line) patiently", "{worker} patiently waits( in line)"],
		example: 'B waits without a limit',
		meaning: 'The worker asked for the key in this step with no limit on its wait (a hold with no wait, or an endless one; not a try) and stood in line on that ask: it is in line when the step ends, or got the key from the line, or left the line after some wait (gave up, or its process crashed). An ask given the key at once never stood in line, and a wait of a step before is "is still waiting". "Waits (for) as long as it takes" says more: that the wait ended by itself (the key, or still in line when the step ends).',
		check: (slots, context) => waitsWithoutLimit(context, actorOf(slots[0])),
	},
	{
		id: 'waits-until-served',
		places: STORY,
		tells: 'event',
		// The reading of "waits (for) as long as it takes" (read.ts): offered as that wording, not as its own.
		quiet: true,
		formula: "asked(w, k, wait ∞) ∈ step, not a try, and on that ask w ∈ line(k, t) when the step ends, or granted(w) from the line ∈ step (before any next asked(w)); no gave-up(w) or left(w)",
		pattern: '{worker} waits( in line) until served',
		example: 'B waits until served',
		meaning: 'What "B waits (for) as long as it takes" reads as: the worker asked for the key in this step with no limit on its wait (not a try) and waited until its wait ended by itself: it got the key from the line, or it is still in line when the step ends. A wait its process\'s crash ended (it left the line), or a give-up, is refused: say "waits without a limit", which counts them.',
		check: (slots, context) => waitsWithoutLimit(context, actorOf(slots[0]), true),
	},
	{
		id: 'still-waits',
		places: STORY,
		tells: 'state',
		formula: "w ∈ line(k, t), and w ∈ line(k) at the step's start, with no asked(w), granted(w), gave-up(w) or left(w) ∈ step",
		pattern: '{worker} is still waiting( in line)', alternatives: ["{worker} keeps waiting( in line)", "{worker} still waits( in line)", "{worker} is still in line"],
		example: 'B is still waiting',
		meaning: 'The worker is in line when the step ends, and it stood in line all through the step.',
		check(slots, context) {
			const worker = actorOf(slots[0])
			const waiting = context.world.workers.get(worker)?.waiting
			if (!waiting) return fails(`${context.name(worker)} is not in line when the step ends${holdsNow(context, worker)}`, 0)
			const still = stillWaiting(context, worker, waiting.store)
			return still === undefined ? inLine(slots, context) : fails(still, 0)
		},
	},
	{
		id: 'waits-up-to',
		places: STORY,
		tells: 'state',
		formula: "w ∈ line(k, t) ∧ asked(w, wait D) ∈ step",
		pattern: '{worker} waits, for up to {duration}',
		example: 'B waits, for up to 30 s',
		meaning: 'The worker is in line when the step ends, and asked with a wait of that long: the ask that put it in line (or, its wait over in the step, the ask of that wait), not an earlier one it gave up.',
		check(slots, context) {
			const line = inLine(slots, context)
			if (!line.ok) return line
			// The wait the worker stands in line on: of the ask that put it there, not an earlier one given up.
			const wait = waitOf(slots, context, 1, lineAsk(context, actorOf(slots[0])) ?? null)
			// Waiting that ended in the step (it gave up) ends this claim there too.
			return wait.ok && line.until !== undefined ? { ...wait, until: line.until, ...(line.endedBy === undefined ? {} : { endedBy: line.endedBy }) } : wait
		},
	},
	{
		id: 'waits-for',
		places: STORY,
		tells: 'state',
		formula: "w stood in line(k) for D: from its asked(w, k) until granted(w) from the line or gave-up(w) ∈ step, or, still in line, until t",
		pattern: '{worker} waits {duration}', alternatives: ["{worker} waits {duration} for the key"],
		example: 'B waits 30 s',
		meaning: 'The worker stood in line that long: from its ask until it got the key from the line or gave up in this step, on that same ask (a grant of a later ask is not the end of a wait given up), or, still in line, until the clause\'s moment. How long it was willing to wait is "waits, for up to".',
		check(slots, context) {
			const line = inLine(slots, context)
			if (!line.ok) return line
			const worker = actorOf(slots[0])
			const waited = waitedFor(context, worker)
			if (waited === undefined) return fails(`the scene does not show when ${context.name(worker)} asked, so it cannot tell how long it waited`, 0)
			if (waited !== numberOf(slots[1])) return fails(`${context.name(worker)} stood in line ${time(waited)}${context.world.workers.get(worker)?.waiting ? ' by then' : ''}`, 1)
			return line
		},
	},
	{
		id: 'has-waited',
		places: STORY,
		tells: 'none',
		upTo: true,
		formula: "t = the moment it names, else the end of w's wait in this step, else the step's end: w's last asked(w, k) by t, not a try, shown, put w in line(k), and its wait (until granted(w, k), gave-up(w, k), left(w, k), refused(w, k) or asked(w), the first after it) did not end before t; t − asked.at = D",
		pattern: '{worker} has waited {duration}', alternatives: ["{worker} has waited {duration} for the key", "{worker} has waited {duration} in line", "{worker} has been waiting (for ){duration}", "{worker} has been waiting in line (for ){duration}"],
		example: 'B has waited 3 s',
		meaning: "The worker's wait so far at the clause's moment (the one it names; else, when its wait ended in this step, that end; else the step's end): it asked (not a try), stood in line on that ask from then until at least that moment (giving up or getting the key exactly then ends it there), and that moment is that long after its ask. A wait that ended before that moment, or an ask given the key at once, is no wait so far.",
		check: (slots, context) => hasWaited(slots, context),
	},
	{
		id: 'waits-behind',
		places: STORY,
		tells: 'event',
		formula: "asked(w, k) ∈ step, not a try, with live(v, k) or v ∈ line(k) then, and w ∈ line(k, t), or granted(w) from the line or gave-up(w) after it, waited > 0, ∈ step",
		pattern: '{worker} waits behind {worker}', alternatives: ["{worker} queues( up) behind {worker}", "{worker} lines up behind {worker}", "{worker} waits in line behind {worker}"],
		example: 'B queues behind A',
		meaning: 'The first worker asked for the key in this step while the second held it or stood in line for it, and stood in line: it is in line when the step ends, or got the key from the line, or gave up after some wait (not at the moment it asked, a wait of 0 s). The ask is its first hold of the step that stood in line (not one given the key at once). A worker whose process restarted since the grant the store keeps in its name, and was given none since, holds nothing: no one waits behind it.',
		check: (slots, context) => waitedBehind(context, actorOf(slots[0]), actorOf(slots[1]), 0),
	},
	{
		id: 'joins-line-behind',
		places: STORY,
		tells: 'event',
		formula: "asked(w, k) ∈ step, not a try, with v the last of line(k) just before it, and w ∈ line(k, t), or granted(w) from the line or gave-up(w) after it, waited > 0, ∈ step",
		pattern: '{worker} joins the line/queue behind {worker}', alternatives: ["{worker} joins the line/queue right behind {worker}", "{worker} gets in line behind {worker}"],
		example: 'C joins the line behind B',
		meaning: 'The first worker asked for the key in this step and stood in line (as "waits behind"), taking the place right behind the second: just before its ask the second stood last in line for that key. Behind a holder with no one in line, the worker stands first in line: that is "waits behind", not joining the line behind it.',
		check: (slots, context) => joinedBehind(context, actorOf(slots[0]), actorOf(slots[1]), 0),
	},
	{
		id: 'waits-behind-old-lease',
		places: STORY,
		tells: 'event',
		formula: "asked(w, k) ∈ step, not a try, with a lease of v granted before a restart of v's process before the ask and live then (of k), and w ∈ line(k, t), or granted(w) from the line or gave-up(w) after it, waited > 0, ∈ step",
		pattern: '{worker} waits behind {owner} (own )old lease', alternatives: ["{worker} queues( up) behind {owner} (own )old lease", "{worker} waits in line behind {owner} (own )old lease"],
		example: "Worker B waits behind Worker A's old lease",
		meaning: "The worker asked for the key in this step and stood in line (as \"waits behind\"), and when it asked, the key was held by the lease a crashed process of the other worker held: a lease of its given before its process restarted, the restart before the ask, and not ended by the ask. \"A waits behind its own old lease\" is A's new process in line behind the lease its crashed process held. Not when the process never restarted, nor when the worker gave up the moment it asked (a wait of 0 s), nor after that lease ran out, was let go or ended.",
		check: (slots, context) => waitedBehindOld(context, actorOf(slots[0]), actorOf(slots[1]), 0),
	},
	{
		id: 'workers-wait-behind',
		places: STORY,
		tells: 'event',
		formula: "for each w of ws: asked(w, k) ∈ step, not a try, with live(v, k) or v ∈ line(k) then, and w ∈ line(k, t), or granted(w) from the line or gave-up(w) after it ∈ step",
		pattern: '{workers} wait behind {worker}', alternatives: ["{workers} queue( up) behind {worker}", "{workers} line up behind {worker}", "{workers} wait in line behind {worker}", "{workers} have to wait( in line) behind {worker}"],
		example: 'B and C queue behind A',
		meaning: 'Each of those workers asked for the key in this step while the last named held it or stood in line for it, and stood in line (each on its first hold of the step that stood in line).',
		check(slots, context) {
			const ids = actorsOf(slots[0])
			const ahead = actorOf(slots[1])
			const each: { who: string; at: number | undefined }[] = []
			const evidence = []
			for (const id of ids) {
				const one = waitedBehind(context, id, ahead, 0)
				if (!one.ok) return one
				each.push({ who: id, at: one.at })
				evidence.push(...one.evidence)
			}
			// An ask the scene does not show happened, but the story never said when.
			if (each.some(one => one.at === undefined)) return holds(evidence)
			return { ...holds(evidence, Math.max(...each.map(one => one.at as number))), each } as Verdict
		},
	},
	{
		id: 'workers-join-line',
		places: STORY,
		tells: 'event',
		formula: "for each w of ws: asked(w, k) ∈ step, not a try, and w ∈ line(k, t), or granted(w) from the line or gave-up(w) after it ∈ step",
		pattern: '{workers} join the line/queue', alternatives: ["{workers} queue( up)", "{workers} line up"],
		example: 'B and C queue up',
		meaning: 'Each of those workers asked for the key in this step and stood in line.',
		check(slots, context) {
			const each: { who: string; at: number | undefined }[] = []
			const evidence = []
			for (const id of actorsOf(slots[0])) {
				const one = joinedLine(context, id)
				if (!one.ok) return one
				each.push({ who: id, at: one.at })
				evidence.push(...one.evidence)
			}
			if (each.some(one => one.at === undefined)) return holds(evidence)
			return { ...holds(evidence, Math.max(...each.map(one => one.at as number))), each } as Verdict
		},
	},
	{
		id: 'workers-wait',
		places: STORY,
		tells: 'state',
		formula: "line(k, t) = ws",
		pattern: '{workers} wait( in line)', alternatives: ["{workers} both wait( in line)", "{workers} have to wait", "{workers} are waiting( in line)", "{workers} are all/both waiting( in line)", "{workers} are in line", "{workers} are all/both in line"],
		example: 'B and C wait in line',
		meaning: 'Those workers, and no other, are in line when the step ends: a list of who waits names the whole line ("B, C and D are waiting"), and "all" or "both" ("B, C and D are all waiting") says it of each of them and adds nothing; one named that is not in line, or one in line left out, is refused.',
		check: (slots, context) => line(slots, context, { list: 0 }),
	},
	{
		id: 'moves-up-in-line',
		places: STORY,
		tells: 'state',
		formula: "place(w, line(k, t)) = n, and w stood in line(k) at the step's start at a place after n, with no asked(w), granted(w), gave-up(w) or left(w) ∈ step",
		pattern: '{worker} moves up to {ordinal}( in line)', alternatives: ["{worker} moves up to {ordinal} place( in line)"],
		example: 'C moves up to first in line',
		meaning: 'The worker stands at that place in line when the step ends, stood further back in it when the step began, and stood in it all through the step (no ask, grant, giving up or leaving of its own in the step); what moved it up is what took those ahead of it out of line.',
		check(slots, context) {
			const worker = actorOf(slots[0])
			const wanted = numberOf(slots[1])
			const waiting = context.world.workers.get(worker)?.waiting
			if (!waiting) return fails(`${context.name(worker)} is not in line when the step ends${holdsNow(context, worker)}`, 0)
			if (waiting.place !== wanted) return fails(`${context.name(worker)} is ${ordinal(waiting.place)} in line`, 1)
			const before = context.step.start.workers.get(worker)?.waiting
			if (!before || before.store !== waiting.store) return fails(`${context.name(worker)} was not in line when the step began, so it did not move up`, 0)
			if (before.place <= wanted) return fails(`${context.name(worker)} was ${ordinal(before.place)} in line already when the step began`, 0)
			// Moving up is standing in line all through the step: leaving it and asking again joins the line anew.
			const left = context.step.happenings.find(h => (h.kind === 'asked' || h.kind === 'granted' || h.kind === 'gave-up' || h.kind === 'left') && h.worker === worker)
			if (left) return fails(`${context.name(worker)} left the line in this step (${left.kind} at ${time(left.at)}) and joined it again: it did not move up`, 0)
			const ahead = context.step.start.stores.get(waiting.store)?.waiters.slice(0, before.place - 1) ?? []
			const movers = context.step.happenings.filter(h => (h.kind === 'gave-up' || h.kind === 'granted' || h.kind === 'left') && ahead.includes(h.worker) && h.store === waiting.store)
			const store = context.world.stores.get(waiting.store)
			return { ...holds(store ? [lineEvidence(context.world, store)] : [], context.world.time), said: { events: movers } } as Verdict
		},
	},
	{
		id: 'only-one-waits',
		places: STORY,
		tells: 'state',
		formula: "line(k, t) = [w]",
		pattern: 'only {worker} waits( in line)', alternatives: ["only {worker} is waiting( in line)", "{worker} is the only one waiting( in line)", "{worker} is the only one in line"],
		example: 'only C waits in line',
		meaning: 'That worker, and no other, is in line when the step ends.',
		check: (slots, context) => onlyWaiter(slots, context, false),
	},
	{
		id: 'only-one-still-waits',
		places: STORY,
		tells: 'state',
		formula: "line(k, t) = [w], and w ∈ line(k) at the step's start, with no asked(w), granted(w), gave-up(w) or left(w) ∈ step",
		pattern: 'only {worker} is still waiting( in line)', alternatives: ["only {worker} still waits( in line)"],
		example: 'only C is still waiting',
		meaning: 'That worker, and no other, is in line when the step ends, and it stood in line all through the step.',
		check: (slots, context) => onlyWaiter(slots, context, true),
	},
	{
		id: 'workers-still-wait',
		places: STORY,
		tells: 'state',
		formula: "for each w of ws: w ∈ line(k, t), and w ∈ line(k) at the step's start, with no asked(w), granted(w), gave-up(w) or left(w) ∈ step",
		pattern: '{workers} still wait( in line)', alternatives: ["{workers} are still waiting( in line)", "{workers} are still in line", "{workers} both still wait( in line)", "{workers} are both still waiting( in line)"],
		example: 'B and C still wait in line',
		meaning: 'Each of those workers is in line when the step ends, and stood in line all through the step (since an earlier step: no ask, grant, giving up or leaving of its own in the step), as "{worker} is still waiting" says of one.',
		check: (slots, context) => stillWait(context, actorsOf(slots[0])),
	},
	{
		id: 'workers-still-wait-first',
		places: STORY,
		tells: 'state',
		formula: "for each w of ws: w ∈ line(k, t), and w ∈ line(k) at the step's start, with no asked(w), granted(w), gave-up(w) or left(w) ∈ step; first(line(k, t)) = v, v ∈ ws",
		pattern: '{workers} still wait( in line), {worker} first', alternatives: ["{workers} are still waiting( in line), {worker} first", "{workers} are still in line, {worker} first"],
		example: 'B and C still wait in line, B first',
		meaning: 'Each of those workers still waits (as "{workers} still wait" says), and the one named last is one of them and first in line when the step ends.',
		check(slots, context) {
			const ids = actorsOf(slots[0])
			const first = actorOf(slots[1])
			if (!ids.includes(first)) return fails(`${context.name(first)} is not one of the workers this names`, 1)
			const verdict = stillWait(context, ids)
			if (!verdict.ok) return verdict
			const waiting = context.world.workers.get(first)?.waiting
			const store = waiting ? context.world.stores.get(waiting.store) : undefined
			if (store?.waiters[0] !== first) return fails(`${store?.waiters[0] === undefined ? 'no one' : context.name(store.waiters[0])} is first in line`, 1)
			return verdict
		},
	},
	{
		id: 'count-wait',
		places: STORY,
		tells: 'state',
		formula: "|line(k, t)| = n",
		pattern: '{count} wait( in line)', alternatives: ['{count} are waiting( in line)', '{count} are in line'],
		example: 'two wait in line',
		meaning: 'That many workers are in line when the step ends.',
		check: (slots, context) => line(slots, context, { count: 0 }),
	},
	{
		id: 'count-workers-wait',
		places: STORY,
		tells: 'state',
		formula: "|line(k, t)| = n",
		pattern: '{count} workers wait( in line)', alternatives: ['{count} workers are waiting( in line)', '{count} workers are in line'],
		example: 'two workers wait in line',
		meaning: 'That many workers are in line when the step ends ("Now three workers are waiting"), no more and no fewer.',
		check: (slots, context) => line(slots, context, { count: 0 }),
	},
	{
		id: 'count-wait-first',
		places: STORY,
		tells: 'state',
		formula: "|line(k, t)| = n ∧ first(line(k, t)) = w",
		pattern: '{count} wait in line, {worker} first',
		example: 'two wait in line, B first',
		meaning: 'That many workers are in line when the step ends, and that one is first.',
		check: (slots, context) => line(slots, context, { count: 0, first: 1 }),
	},
	{
		id: 'workers-wait-in-order',
		places: STORY,
		tells: 'state',
		formula: "line(k, t) = ws, in that order, first first",
		pattern: '{workers} wait( in line), in that order', alternatives: ['{workers} both wait( in line), in that order', '{workers} wait in line in that order', '{workers} both wait in line in that order'],
		example: 'B and C wait in line, in that order',
		meaning: 'Those workers, and no other, are in line when the step ends, in the order named: the first named is first in line (it joined the line first). The workers are named ("both" or "they" writes no order).',
		check: (slots, context) => (NAMES_NO_ORDER.test(slots[0]?.text ?? '') ? fails(`"in that order" is the order of the names it follows, and "${slots[0]?.text}" names none: name the workers, first in line first ("B and C wait, in that order")`, 0) : line(slots, context, { list: 0, ordered: true })),
	},
	{
		id: 'workers-wait-first',
		places: STORY,
		tells: 'state',
		formula: "line(k, t) = ws ∧ first(line(k, t)) = w",
		pattern: '{workers} wait in line, {worker} first',
		example: 'B and C wait in line, B first',
		meaning: 'Those workers, and no other, are in line when the step ends, and that one is first.',
		check: (slots, context) => line(slots, context, { list: 0, first: 1 }),
	},
	{
		id: 'workers-wait-first-then',
		places: STORY,
		tells: 'state',
		formula: "line(k, t) = ws = [w, v]",
		pattern: '{workers} wait in line: {worker} first, then {worker}', alternatives: ['{workers} both wait in line: {worker} first, then {worker}'],
		example: 'B and C wait in line: B first, then C',
		meaning: 'Those two workers, and no other, are in line when the step ends, in the order the list after the colon names: the first named first, the other behind it.',
		check(slots, context) {
			const verdict = line(slots, context, { list: 0, first: 1 })
			if (!verdict.ok) return verdict
			const listed = actorsOf(slots[0])
			if (listed.length !== 2) return fails(`the list after the colon names two workers, first and then, and "${slots[0]?.text}" names ${listed.length}: name each worker in line, first first`, 0)
			const store = storeFor(context, undefined)
			const second = typeof store === 'string' ? undefined : store.waiters[1]
			return second === actorOf(slots[2]) ? verdict : fails(`${second === undefined ? 'no one' : context.name(second)} is second in line, behind ${context.name(actorOf(slots[1]))}`, 2)
		},
	},
	{
		id: 'all-count-wait',
		places: STORY,
		tells: 'state',
		others: 'askers',
		formula: "the text named n workers or more as asking before the clause, and line(k, t) = the last n of them (in any order)",
		pattern: 'all {count} wait( in line)', alternatives: ['all {count} are waiting( in line)', 'all {count} workers wait( in line)', 'all {count} of them wait( in line)'],
		example: 'all three wait in line',
		meaning: 'The count names the workers the text named as asking before it (their ask, the lock\'s answer to it, their place in line), the last that many: the text named that many or more, and those workers, and no other, are in line when the step ends ("C asks, then B, then D. A holds the key, so all three wait in line").',
		check(slots, context) {
			const wanted = numberOf(slots[0])
			const named = actorsOf(slots[slots.length - 1])
			if (wanted < 2) return fails(`"all ${slots[0]?.text}" counts ${wanted === 0 ? 'no worker' : 'one worker'}, and "all" tells two or more: ${wanted === 0 ? 'say "no one is waiting"' : 'name the worker in line'}`, 0)
			if (named.length < wanted) return fails(`"${slots[0]?.text}" names the last ${wanted} workers the text told asking before it, and it told ${named.length === 0 ? 'none' : names(context, named)}: name them`, 0)
			return line([{ ...(slots[0] as Slot), type: 'workers', value: { type: 'actors', ids: named.slice(-wanted) } }], context, { list: 0 })
		},
	},
	{
		id: 'all-count-wait-listed',
		places: STORY,
		tells: 'state',
		others: 'askers',
		formula: "|ws| = n, line(k, t) = ws in that order, first first, and each of the last n workers the text named as asking before the clause (all of them, when fewer) ∈ ws",
		pattern: 'all {count} wait in line: {workers}', alternatives: ['all {count} wait: {workers}', 'all {count} are waiting( in line): {workers}', 'all {count} workers wait in line: {workers}'],
		example: 'all three wait in line: C, B, D',
		meaning: 'The list after the colon is the line when the step ends, first to last, and no one else is in it; the count is how many it names. The count names the workers the text named as asking before it (the last that many), which must be those listed ("C asks, then B, then D. A holds the key, so all three wait in line: C, B, D").',
		check(slots, context) {
			const wanted = numberOf(slots[0])
			const listed = actorsOf(slots[1])
			if (wanted < 2) return fails(`"all ${slots[0]?.text}" counts ${wanted === 0 ? 'no worker' : 'one worker'}, and "all" tells two or more: ${wanted === 0 ? 'say "no one is waiting"' : 'name the worker in line'}`, 0)
			if (NAMES_NO_ORDER.test(slots[1]?.text ?? '')) return fails(`the list after the colon is the line's order, and "${slots[1]?.text}" names none: name each worker in line, first first ("C, B, D")`, 1)
			if (listed.length !== wanted) return fails(`"${slots[0]?.text}" counts ${wanted}, and the list after the colon names ${listed.length}`, 0)
			const told = actorsOf(slots[slots.length - 1]).slice(-wanted)
			const missing = told.filter(id => !listed.includes(id))
			if (missing.length > 0) return fails(`"${slots[0]?.text}" names the workers the text told asking before it, ${names(context, told)}, and the list leaves out ${names(context, missing)}`, 1)
			return line(slots, context, { list: 1, ordered: true })
		},
	},
	{
		id: 'count-wait-listed',
		places: STORY,
		tells: 'state',
		formula: "|ws| = n, and line(k, t) = ws in that order, first first",
		pattern: '{count} wait in line: {workers}', alternatives: ['{count} workers wait in line: {workers}', '{count} are waiting( in line): {workers}'],
		example: 'three wait in line: C, B, D',
		meaning: 'The list after the colon is the line when the step ends, first to last, and no one else is in it; the count is how many it names.',
		check(slots, context) {
			if (NAMES_NO_ORDER.test(slots[1]?.text ?? '')) return fails(`the list after the colon is the line's order, and "${slots[1]?.text}" names none: name each worker in line, first first ("C, B, D")`, 1)
			const listed = actorsOf(slots[1])
			if (listed.length !== numberOf(slots[0])) return fails(`"${slots[0]?.text}" counts ${numberOf(slots[0])}, and the list after the colon names ${listed.length}`, 0)
			return line(slots, context, { list: 1, ordered: true })
		},
	},
	{
		id: 'place-in-line',
		places: STORY,
		tells: 'state',
		formula: "place(w, line(k, t)) = n",
		pattern: '{worker} is( now) {ordinal} in line', alternatives: ["{worker} is( now) {ordinal} in the line/queue", "{worker} is {ordinal} in line now", "{worker} waits {ordinal} in line", "{worker} is( now) {ordinal}", "{worker} {ordinal} in line"],
		example: 'C is now first in line',
		meaning: 'The worker stands at that place in line when the step ends.',
		check: (slots, context) => placeInLine(slots, context),
	},
	{
		id: 'next-in-line',
		places: STORY,
		tells: 'state',
		formula: "place(w, line(k, t)) = 1",
		pattern: '{worker} is( now) next in line', alternatives: ["{worker} is( now) next in the line/queue"],
		example: 'C is now next in line',
		meaning: 'The worker stands first in line when the step ends: the next to get the key ("is first in line").',
		check(slots, context) {
			const worker = actorOf(slots[0])
			const waiting = context.world.workers.get(worker)?.waiting
			if (!waiting) return fails(`${context.name(worker)} is not in line when the step ends${holdsNow(context, worker)}`, 0)
			const store = context.world.stores.get(waiting.store)
			if (waiting.place !== 1) return fails(`${context.name(worker)} is ${ordinal(waiting.place)} in line, not next: ${store?.waiters[0] === undefined ? 'no one' : context.name(store.waiters[0])} is first`, 0)
			return holds(store ? [lineEvidence(context.world, store)] : [], context.world.time)
		},
	},
	{
		id: 'place-short',
		places: STORY,
		tells: 'state',
		formula: "place(w, line(k, t)) = n; right after a clause that told asked(v, k) of two workers or more, w among them: asked(w, k) the n-th of those",
		pattern: '{worker} {ordinal}',
		example: 'C second',
		meaning: 'The worker stands at that place in line when the step ends ("B is first in line, C second"). Right after a clause that told the asks of several workers, that worker among them, it is also the place of its ask among those asks: "B and C ask. B first" needs B to have asked first, as "B and C ask for the key, B first" does.',
		check(slots, context) {
			const verdict = placeInLine(slots, context)
			if (!verdict.ok) return verdict
			const worker = actorOf(slots[0])
			const told = (context.priorTold ?? []).filter((h): h is Of<'asked'> => h.kind === 'asked')
			const mine = told.find(h => h.worker === worker)
			if (mine === undefined || new Set(told.map(h => h.worker)).size < 2) return verdict
			const order = [...told].sort((a, b) => context.step.happenings.indexOf(a) - context.step.happenings.indexOf(b))
			const place = order.indexOf(mine) + 1
			if (place === numberOf(slots[1])) return verdict
			const ahead = order[0] as Of<'asked'>
			return fails(`after the asks the clause before told, "${slots[0]?.text} ${slots[1]?.text}" is the order of those asks, and ${context.name(worker)} asked ${ordinal(place)}${place > 1 ? ` (${context.name(ahead.worker)} at ${time(ahead.at)}, ${context.name(worker)} at ${time(mine.at)})` : ''}; say "${slots[0]?.text} is ${slots[1]?.text} in line" for the line`, 1)
		},
	},
	{
		id: 'last-in-line',
		places: STORY,
		tells: 'state',
		formula: "w ∈ line(k, t), with no one behind it",
		pattern: '{worker} is( now) last in line', alternatives: ['{worker} is( now) the last one in line', '{worker} is( now) last in the line/queue', '{worker} waits last in line'],
		example: 'D is last in line',
		meaning: 'The worker stands in line when the step ends, and no one stands behind it (alone in line, it is first and last).',
		check(slots, context) {
			const worker = actorOf(slots[0])
			const waiting = context.world.workers.get(worker)?.waiting
			if (!waiting) return fails(`${context.name(worker)} is not in line when the step ends${holdsNow(context, worker)}`, 0)
			const store = context.world.stores.get(waiting.store)
			if (!store) return fails(`${context.name(worker)} is not in line when the step ends`, 0)
			const behind = store.waiters.slice(store.waiters.indexOf(worker) + 1)
			if (behind.length > 0) return fails(`${context.name(worker)} is ${ordinal(waiting.place)} in line, and ${names(context, behind)} ${behind.length === 1 ? 'stands' : 'stand'} behind it`, 0)
			return holds([lineEvidence(context.world, store)], context.world.time)
		},
	},
	{
		id: 'line-empty',
		places: STORY,
		tells: 'state',
		formula: "line(k, t) = ∅",
		pattern: 'the line is empty', alternatives: ["nobody/none waits( in line)", "no one waits( in line)", "nobody waits for the key", "no one waits for the key", "nobody is in line", "no one is in line", "the queue is empty", "nobody/none is waiting( in line)", "no one is waiting( in line)", "nobody/none is waiting for the key", "no one is waiting for the key", "nobody is waiting for it", "no one is waiting for it"],
		example: 'the line is empty',
		meaning: 'No one is in line for the key when the step ends.',
		check(_slots, context) {
			const store = storeFor(context, undefined)
			if (typeof store === 'string') return fails(store)
			if (store.waiters.length > 0) return fails(`${names(context, store.waiters)} ${store.waiters.length === 1 ? 'is' : 'are'} in line`)
			return { ...holds([lineEvidence(context.world, store)], context.world.time), said: { empty: store.id } } as Verdict
		},
	},
	{
		id: 'goes-to',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k) ∈ step to w from the line",
		pattern: '{key} goes to {worker}', alternatives: ["{key} passes to {worker}", "{worker}, who was waiting, gets {key}", "{worker}, who was waiting in line, gets {key}", "{key} goes to {worker}, who was waiting", "{key} goes to {worker}, who was waiting in line", "{worker}, waiting in line, gets {key}"],
		example: 'the key goes to B',
		meaning: 'The worker, who was waiting for it, was given the key in this step.',
		check: (slots, context) => goesTo(slots, context, 1),
	},
	{
		id: 'goes-to-place',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k) ∈ step to w from place n in line",
		pattern: '{key} goes to {worker}, {ordinal} in line', alternatives: ["{key} passes to {worker}, {ordinal} in line", "{worker}, {ordinal} in line, gets {key}"],
		example: 'the key goes to B, first in line',
		meaning: 'The worker was at that place in line when the key was let go, and was given it.',
		check: (slots, context) => goesTo(slots, context, 1, 2),
	},
	{
		id: 'goes-to-with-fence',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k, fence f) ∈ step to w from the line",
		pattern: '{key} goes to {worker} with fence {fence}', alternatives: ["{key} passes to {worker} with fence {fence}", "{worker}, who was waiting, gets {key} with fence {fence}", "{worker}, who was waiting in line, gets {key} with fence {fence}", "{key} goes to {worker}, who was waiting, with fence {fence}", "{key} goes to {worker}, who was waiting in line, with fence {fence}", "{key} goes to {worker}, who has/had been waiting, with fence {fence}", "{worker}, waiting in line, gets {key} with fence {fence}"],
		example: 'the key goes to B with fence 2',
		meaning: 'The worker, who was waiting, was given the key with that fence in this step.',
		check: (slots, context) => goesTo(slots, context, 1, undefined, 2),
	},
	{
		id: 'goes-to-waiting-all-along-with-fence',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k, fence f) ∈ step to w from the line, with no gave-up(w, k), left(w, k) or refused(w, k) ∈ run since w's grant of k before, and w's ask no later than the last granted(v, k) before it, v ≠ w",
		pattern: '{key} goes to {worker}, who has been waiting all along, with fence {fence}', alternatives: ["{key} goes to {worker}, who had been waiting all along, with fence {fence}", "{key} passes to {worker}, who has/had been waiting all along, with fence {fence}"],
		example: 'the key goes to B, who has been waiting all along, with fence 2',
		meaning: 'The worker was given the key with that fence in this step from the line, where it had stood on one ask: it did not give up, leave the line or get refused since it last held that key, and it asked no later than the holder before it was given the key (it waited all the time that holder had it).',
		check: (slots, context) => goesToWaiting(slots, context),
	},
	{
		id: 'goes-to-waiting-whole-time-with-fence',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k, fence f) ∈ step to w from the line, with no gave-up(w, k), left(w, k) or refused(w, k) ∈ run since w's grant of k before",
		pattern: '{key} goes to {worker}, who has been waiting the whole time, with fence {fence}', alternatives: ["{key} goes to {worker}, who had been waiting the whole time, with fence {fence}", "{key} passes to {worker}, who has/had been waiting the whole time, with fence {fence}", "{key} goes/passes to {worker}, who has/had been waiting all this time, with fence {fence}"],
		example: 'the key goes to B, who has been waiting the whole time, with fence 2',
		meaning: 'The worker was given the key with that fence in this step from the line, where it had stood since it first asked for it (since it last held that key), on one ask: it did not give up, leave the line or get refused in between. "All along" says more: it asked no later than the holder before it was given the key.',
		check: (slots, context) => goesToWaiting(slots, context, 'the whole time'),
	},
	{
		id: 'goes-to-in-line-since',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k) ∈ step to w from the line, w's ask at T",
		pattern: '{key} goes to {worker}, in line since {time}', alternatives: ['{worker}, in line since {time}, gets {key}', '{key} goes to {worker}, waiting since {time}', '{worker}, waiting since {time}, gets {key}', '{worker}, who has/had waited since {time}, gets {key}', '{worker}, who has/had been waiting since {time}, gets {key}', '{worker}, who was waiting since {time}, gets {key}'],
		example: 'the key goes to B, in line since 10 s',
		meaning: 'The worker, who had stood in line since it asked at that moment, was given the key in this step.',
		check: (slots, context) => sinceAsked(goesTo(slots, context, 1), slots, context, 2),
	},
	{
		id: 'goes-to-in-line-since-with-fence',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k, fence f) ∈ step to w from the line, w's ask at T",
		pattern: '{key} goes to {worker}, in line since {time}, with fence {fence}', alternatives: ['{worker}, in line since {time}, gets {key} with fence {fence}', '{key} goes to {worker}, waiting since {time}, with fence {fence}', '{worker}, waiting since {time}, gets {key} with fence {fence}', '{worker}, who has/had waited since {time}, gets {key} with fence {fence}', '{worker}, who has/had been waiting since {time}, gets {key} with fence {fence}', '{worker}, who was waiting since {time}, gets {key} with fence {fence}', '{key} goes to {worker}, who has/had waited since {time}, with fence {fence}', '{key} goes to {worker}, who has/had been waiting since {time}, with fence {fence}'],
		example: 'the key goes to B, in line since 10 s, with fence 2',
		meaning: 'The worker, who had stood in line since it asked at that moment, was given the key with that fence in this step.',
		check: (slots, context) => sinceAsked(goesTo(slots, context, 1, undefined, 3), slots, context, 2),
	},
	{
		id: 'goes-to-place-with-fence',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k, fence f) ∈ step to w from place n in line",
		pattern: '{key} goes to {worker}, {ordinal} in line, with fence {fence}', alternatives: ["{worker}, {ordinal} in line, gets {key} with fence {fence}", "{worker}, {ordinal} in line, gets fence {fence}"],
		example: 'the key goes to B, first in line, with fence 2',
		meaning: 'The worker was at that place in line when the key was let go, and was given it with that fence.',
		check: (slots, context) => goesTo(slots, context, 1, 2, 3),
	},
	{
		id: 'goes-to-last',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k) ∈ step to w from the line, with no one behind w in line(k) just before it",
		pattern: '{key} goes to {worker}, last in line', alternatives: ['{key} goes to {worker}, the last one in line', '{key} passes to {worker}, last in line', '{worker}, last in line, gets {key}', '{worker}, the last one in line, gets {key}', '{key} goes to {worker}, the last one waiting', '{worker}, the last one waiting, gets {key}'],
		example: 'the key goes to D, last in line',
		meaning: 'The worker stood in line when the key was let go, with no one behind it, and was given it ("the last one waiting" says the same).',
		check: (slots, context) => goesToLast(slots, context, 1),
	},
	{
		id: 'goes-to-last-with-fence',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k, fence f) ∈ step to w from the line, with no one behind w in line(k) just before it",
		pattern: '{key} goes to {worker}, last in line, with fence {fence}', alternatives: ['{key} goes to {worker}, the last one in line, with fence {fence}', '{worker}, last in line, gets {key} with fence {fence}', '{worker}, the last one in line, gets {key} with fence {fence}', '{worker}, last in line, gets fence {fence}', '{worker}, the last one in line, gets fence {fence}', '{key} goes to {worker}, the last one waiting, with fence {fence}', '{worker}, the last one waiting, gets {key} with fence {fence}', '{worker}, the last one waiting, gets fence {fence}'],
		example: 'the key goes to D, last in line, with fence 4',
		meaning: 'The worker stood in line when the key was let go, with no one behind it, and was given it with that fence ("the last one waiting" says the same).',
		check: (slots, context) => goesToLast(slots, context, 1, 2),
	},
	{
		id: 'asks-first',
		places: STORY,
		tells: 'event',
		formula: "asked(w, k) ∈ step, before every other worker's asked(k) in the scene; or first in line: asked(w, k) ∈ step, the step's first asked(k), w stood in line, line(k) empty when it asked, and another worker's asked(k) later in the step stood in line behind w",
		pattern: '{worker} asks for {key} first', alternatives: ["{worker} asks first", "{worker} is the first to ask", "{worker} is the first to ask for {key}"],
		example: 'Worker B asks for the key first',
		meaning: "The worker asked for the key in this step, and no other worker had asked for that key before it, in this step or an earlier one; or, while the key was held, it was the first of the step's askers to stand in line: no one else asked for the key earlier in the step, no one was in line when it asked, and another worker asked after it in the step and stood in line behind it (\"A holds the key. C asks first, then B: both wait\").",
		check(slots, context) {
			const verdict = asked(slots, context)
			if (!verdict.ok) return verdict
			const ask = asks(context, actorOf(slots[0]), undefined, slots[1])[0] as Of<'asked'>
			const before = happenedBefore(context, ask).find(h => h.kind === 'asked' && h.worker !== ask.worker && h.store === ask.store) as Of<'asked'> | undefined
			if (!before) return verdict
			const notFirstInLine = firstInLine(context, ask)
			return notFirstInLine === undefined ? verdict : fails(`${context.name(before.worker)} asked before ${context.name(ask.worker)}, at ${time(before.at)}, and ${context.name(ask.worker)} was not first in line either: ${notFirstInLine}`, 0)
		},
	},
	{
		id: 'gets-right-away',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k) ∈ step, at its ask with no place in line, or from the line at the moment of the event the clause before told, a recorded cause of it; after a told released/expired/gone/ended(v, k), at its moment",
		pattern: '{worker} gets {key} right away', alternatives: ["{worker} gets {key} at once", "{worker} gets {key} immediately", "{worker} gets in right away", "{worker} gets in at once", "{worker} gets in immediately", "{worker} gets a place/slot right away", "{worker} gets a place/slot at once", "{worker} gets a place/slot immediately", "{worker} takes a place/slot right away", "{worker} takes a place/slot at once", "{worker} takes a place/slot immediately", "{worker} gets/takes its place/slot right away", "{worker} gets/takes its place/slot at once", "{worker} gets/takes its place/slot immediately", "{worker} gets/takes one right away", "{worker} gets/takes one at once", "{worker} gets/takes one immediately"],
		example: 'Worker C gets the key right away',
		meaning: 'The engine gave the worker a lease in this step when it asked, without its waiting in line, or from the line at the very moment of the event the clause before tells, which freed its place ("A lets go. B gets the key at once": the key handed to the head of the line as A let go). After a clause that tells a lease of the key ending, the grant came at that moment, even one at its own ask. "At once" and "immediately" say the same. "Takes a place" is "gets a place", and "its place" is the place the worker is given, its own (after "A lets go", the one A left, at that moment): it claims no more than "a place". "Gets one at once" reads only after words of its sentence that name a place ("C asks for a place and gets one at once"): it says "gets a place at once".',
		check: (slots, context) => atOnce(slots, context),
	},
	{
		id: 'takes-one-of-count-places',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k) ∈ step, k a semaphore's with limit(k) = n",
		pattern: '{worker} takes one of the {count} places', alternatives: ["{worker} gets/takes one of the {count} places/slots"],
		example: 'Worker A takes one of the two places',
		meaning: "The engine gave the worker a place of a semaphore in this step, and that semaphore has that many places (its limit): a lock's key, or a place of a semaphore of another number of places, is refused.",
		check(slots, context) {
			const grant = placeOfCount(slots, context)
			return 'ok' in grant ? grant : holds([saw(context.step, grant)], grant.at)
		},
	},
	{
		id: 'takes-one-of-count-places-at-once',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k) ∈ step, k a semaphore's with limit(k) = n, as in \"gets {key} right away\": at its ask with no place in line, or from the line at the moment of the event the clause before told, a recorded cause of it",
		pattern: '{worker} takes one of the {count} places right away', alternatives: ["{worker} gets/takes one of the {count} places/slots right away", "{worker} gets/takes one of the {count} places/slots at once", "{worker} gets/takes one of the {count} places/slots immediately"],
		example: 'Worker A takes one of the two places right away',
		meaning: 'As "{worker} takes one of the {count} places" (a place of a semaphore of that many places, given in this step), and as "{worker} gets a place right away" of that grant: it came when the worker asked, without its waiting in line, or from the line at the very moment of the event the clause before tells, which freed the place.',
		check(slots, context) {
			const grant = placeOfCount(slots, context)
			return 'ok' in grant ? grant : grantAtOnce(grant, context)
		},
	},
	{
		id: 'gets-last-place-at-once',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k) ∈ step as in \"gets {key} right away\", k a semaphore's, and |holders(k)| = limit(k) right after it",
		pattern: '{worker} gets the last place at once', alternatives: ["{worker} gets/takes the last place/slot at once", "{worker} gets/takes the last place/slot right away", "{worker} gets/takes the last place/slot immediately"],
		example: 'Worker C gets the last place at once',
		meaning: 'As "{worker} gets a place at once" (the engine gave the worker a lease in this step when it asked, without its waiting in line), and the key is a semaphore\'s whose places were all taken right after that grant: it filled the semaphore.',
		check: (slots, context) => lastPlaceAtOnce(slots, context),
	},
	{
		id: 'gets-right-away-with-fence',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k, fence f) ∈ step, at its ask with no place in line, or from the line at the moment of the event the clause before told, a recorded cause of it; after a told released/expired/gone/ended(v, k), at its moment",
		pattern: '{worker} gets {key} right away with fence {fence}', alternatives: ["{worker} gets {key} right away, with fence {fence}", "{worker} gets {key} with fence {fence} right away", "{worker} gets {key} at once with fence {fence}", "{worker} gets {key} at once, with fence {fence}", "{worker} gets {key} immediately with fence {fence}", "{worker} gets {key} immediately, with fence {fence}", "{worker} gets {key} with fence {fence} at once", "{worker} gets {key} with fence {fence} immediately"],
		example: 'Worker A gets the key right away with fence 1',
		meaning: 'The engine gave the worker a lease with that fence in this step when it asked, without its waiting in line, or from the line at the very moment of the event the clause before tells, which freed its place; after a clause that tells a lease of the key ending, at that moment, even at its own ask. "At once" and "immediately" say the same.',
		check: (slots, context) => atOnce(slots, context, 2),
	},
	{
		id: 'gets-after-waiting',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k) ∈ step from the line, D after its ask",
		pattern: '{worker} gets {key} after waiting {duration}', alternatives: ["{worker} gets {key} after a {duration} wait", "{worker} gets {key}, {duration} after it asked", "{worker} gets {key} {duration} after it asked", "{worker} gets {key}, {duration} into its wait", "{worker} gets {key} after waiting in line( for) {duration}", "{worker} gets in after waiting {duration}", "{worker} gets in after a {duration} wait"],
		example: 'Worker B gets the key after waiting 16 s',
		meaning: 'The engine gave the worker a lease in this step from the line, that long after the ask it answered.',
		check(slots, context) {
			const grant = grantTold(slots, context)
			if ('ok' in grant) return grant
			if (grant.place === undefined) return fails(`${context.name(grant.worker)} got the key at once when it asked, at ${time(grant.at)}: it did not wait`, 0)
			const waited = grant.at - grant.askedAt
			if (waited !== numberOf(slots[2])) return fails(`${context.name(grant.worker)} asked at ${time(grant.askedAt)} and got the key at ${time(grant.at)}: it waited ${time(waited)}`, 2)
			return holds([saw(context.step, grant)], grant.at)
		},
	},
	{
		id: 'gets-with-fence-after-waiting',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k, fence f) ∈ step from the line, D after the ask it answers",
		pattern: '{worker} gets {key} with fence {fence} after waiting {duration}', alternatives: ["{worker} gets {key} with fence {fence}, after waiting {duration}", "{worker} gets {key} with fence {fence} after a {duration} wait", "{worker} gets fence {fence} after waiting {duration}", "{worker} gets {key} with fence {fence}, {duration} after it asked", "{worker} gets fence {fence}, {duration} after it asked", "{worker} gets {key} with fence {fence}, {duration} into its wait", "{worker} gets fence {fence}, {duration} into its wait"],
		example: 'Worker B gets the key with fence 2 after waiting 3 s',
		meaning: 'The engine gave the worker a lease with that fence in this step from the line, that long after the ask it answered (its hold that waited, not an earlier try it was refused on): "3 s after it asked" and "3 s into its wait" say the same.',
		check: (slots, context) => afterItsAsk(slots, context, 2, 3),
	},
	{
		id: 'gets-with-fence-with-time-to-spare',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k, fence f) ∈ step from the line, D after the ask it answers, whose wait W is finite and W − D = M",
		pattern: '{worker} gets {key} with fence {fence}, {duration} into its wait, with {duration} to spare', alternatives: ["{worker} gets fence {fence}, {duration} into its wait, with {duration} to spare", "{worker} gets {key} with fence {fence} after waiting {duration}, with {duration} to spare", "{worker} gets fence {fence} after waiting {duration}, with {duration} to spare"],
		example: 'Worker B gets the key with fence 2, 4 s into its wait, with 2 s to spare',
		meaning: 'The engine gave the worker a lease with that fence in this step from the line, the first time after the ask it answered, and that ask allowed a wait longer by the second: the wait it allowed, less the time it waited, is that much.',
		check(slots, context) {
			const verdict = afterItsAsk(slots, context, 2, 3)
			if (!verdict.ok) return verdict
			return toSpare(slots, context, 2, 4, verdict)
		},
	},
	{
		id: 'gets-with-fence-with-spare',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k, fence f) ∈ step from the line, answering an ask whose wait W is finite, W − (time waited) = M",
		pattern: '{worker} gets {key} with fence {fence}, with {duration} to spare', alternatives: ["{worker} gets {key} with fence {fence}, with {duration} of its wait to spare", "{worker} gets fence {fence}, with {duration} to spare", "{worker} gets fence {fence}, with {duration} of its wait to spare"],
		example: 'Worker B gets the key with fence 2, with 2 s to spare',
		meaning: 'The engine gave the worker a lease with that fence in this step from the line, the first time after the ask it answered, and that ask allowed a wait longer by that much than the time it waited, as "{duration} into its wait, with {duration} to spare" says without the first length.',
		check(slots, context) {
			const verdict = afterItsAsk(slots, context, 2)
			if (!verdict.ok) return verdict
			return toSpare(slots, context, 2, 3, verdict)
		},
	},
	{
		id: 'gets-in-time',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k) ∈ step from the line, before its ask's wait D ran out",
		pattern: '{worker} gets {key} in time', alternatives: ["{worker} gets {key} before its wait runs out", "{worker} gets {key}, before its wait runs out", "{worker} gets {key}, before its wait ends", "{worker} gets {key} before its wait ends", "{worker} gets {key} before its wait is over", "{worker} gets in in time", "{worker} gets in before its wait runs out"],
		example: 'Worker B gets the key in time',
		meaning: 'The engine gave the worker a lease in this step from the line, before the wait its ask allowed had run out.',
		check: (slots, context) => inTime(slots, context),
	},
	{
		id: 'gets-in-time-with-fence',
		places: STORY,
		tells: 'event',
		formula: "granted(w, k, fence f) ∈ step from the line, before its ask's wait D ran out",
		pattern: '{worker} gets {key} in time with fence {fence}', alternatives: ["{worker} gets {key} in time, with fence {fence}", "{worker} gets {key} with fence {fence} in time", "{worker} gets {key} before its wait runs out, with fence {fence}", "{worker} gets {key} with fence {fence} before its wait runs out", "{worker} gets {key} with fence {fence}, before its wait runs out", "{worker} gets {key} with fence {fence}, before its wait ends"],
		example: 'Worker B gets the key in time with fence 2',
		meaning: 'The engine gave the worker a lease with that fence in this step from the line, before the wait its ask allowed had run out.',
		check: (slots, context) => inTime(slots, context, 2),
	},
	{
		id: 'gives-up',
		places: STORY,
		tells: 'event',
		formula: "gave-up(w) ∈ step",
		pattern: '{worker} gives up( with held)', alternatives: ["{worker} stops waiting", "{worker} times out", "{worker} gives up waiting", "{worker} gives up without getting the key", "{worker} gives up without getting it", "{worker} gives up without the key", "{owner} wait runs out", "{owner} wait ends/expires", "{owner} wait is over"],
		example: 'B gives up with held',
		meaning: "The worker's hold ran out of its wait in this step and gave up (the engine's held), without a lease.",
		check: (slots, context) => gaveUp(slots, context),
	},
	{
		id: 'gives-up-at-once',
		places: STORY,
		tells: 'event',
		formula: "refused(w) ∈ step, or gave-up(w) ∈ step with waited = 0",
		pattern: '{worker} gives up at once( instead of waiting)', alternatives: ["{worker} gives up right away", "{worker} gives up without waiting", "{worker} has not waited at all"],
		example: 'D gives up at once',
		meaning: "The worker asked in this step and got no lease without waiting any time: its try found the key held (or a semaphore full), or its hold carried a wait of 0 s and gave up the moment it asked.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const ended = context.step.happenings.find((h): h is Of<'refused'> | Of<'gave-up'> => (h.kind === 'refused' || h.kind === 'gave-up') && h.worker === worker)
			if (ended === undefined) return fails(`${context.name(worker)} was neither refused nor gave up in this step`, 0)
			if (ended.kind === 'gave-up' && ended.waited > 0) return fails(`${context.name(worker)} waited ${time(ended.waited)} before it gave up, at ${time(ended.at)}`, 0)
			return holds([saw(context.step, ended)], ended.at)
		},
	},
	{
		id: 'has-waited-enough',
		places: STORY,
		tells: 'event',
		formula: "gave-up(w) ∈ step, waited > 0",
		pattern: '{worker} has waited enough', alternatives: [],
		example: 'B has waited enough',
		meaning: "The worker's hold ran out of its wait in this step and gave up, without a lease, having waited some time: its ask carried a wait of more than 0 s and it stood in line all of it (a hold that carries a signal, which may end its wait sooner, is refused) (\"has waited long enough\" reads the same). A hold with a wait of 0 s gives up the moment it asks, having waited no time: say \"gives up\".",
		check(slots, context) {
			const verdict = gaveUp(slots, context)
			if (!verdict.ok) return verdict
			const worker = actorOf(slots[0])
			const gave = happened(context.step, 'gave-up', h => h.worker === worker)[0]
			if (gave !== undefined && gave.waited === 0) return fails(`${context.name(worker)} waited no time: its ask carried a wait of 0 s, and it gave up the moment it asked, at ${time(gave.at)}; say it gives up at once`, 0)
			// Its wait ran out only where nothing else could end it: a hold's signal ends a wait as a plain give-up.
			const ask = gave === undefined ? undefined : [...earlierHappenings(context), ...context.step.happenings.slice(0, context.step.happenings.indexOf(gave))].filter((h): h is Of<'asked'> => h.kind === 'asked' && h.worker === worker && h.store === gave.store).pop()
			const signal = signalProblem(context, ask)
			if (signal !== undefined) return fails(`"has waited enough" says ${context.name(worker)}'s wait ran out, but ${signal}`, 0)
			return verdict
		},
	},
	{
		id: 'leaves-line',
		places: STORY,
		tells: 'event',
		formula: "gave-up(w) ∈ step later than w's last asked(w) of that key before it, or left(w) ∈ step (its process crashed while in line, or its store closed under it)",
		pattern: '{worker} leaves the line', alternatives: ["{worker} leaves the queue", "{worker} drops out of the line/queue", "{worker} is no longer in line", "{worker} is no longer in the line/queue"],
		example: 'B leaves the line',
		meaning: "The worker stood in line and left it in this step without the key: its wait ran out (it gave up), its process crashed, or its store restarted under it and forgot its place. \"B is no longer in line\" says the same (a worker handed the key from the line is told by \"gets the key\"). A give-up at the moment of its ask (a wait of 0 s) never stood in line, so it left none; a hold whose process crashed (or whose store closed) even the moment it asked had stood in line, for the key was held and the engine had not turned it away.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const ends = context.step.happenings.filter((h): h is Of<'gave-up'> | Of<'left'> => (h.kind === 'gave-up' || h.kind === 'left') && h.worker === worker)
			if (ends.length === 0) return gaveUp(slots, context)
			// The ask each end closes: the worker's last ask of that key before it, in this step or an earlier one.
			const before = [...earlierHappenings(context), ...context.step.happenings]
			const askOf = (end: Happening): Of<'asked'> | undefined => before.slice(0, before.indexOf(end)).filter((h): h is Of<'asked'> => h.kind === 'asked' && h.worker === worker && 'store' in end && h.store === end.store).pop()
			// A leaving (its process crashed, its store closed) is of a hold the engine had put in line, however briefly: one the
			// moment it asked stood in line, for the key was held and it was not turned away. A give-up the moment it asked (a wait of 0 s) never stood in line.
			const left = ends.find(end => { const ask = askOf(end); return end.kind === 'left' || ask === undefined || ask.at < end.at })
			if (!left) {
				const end = ends[0] as Of<'gave-up'> | Of<'left'>
				return fails(`${context.name(worker)} never stood in line, so it left none: it gave up the moment it asked, at ${time(end.at)} (its wait was 0 s)`, 0)
			}
			return holds([saw(context.step, left)], left.at)
		},
	},
	{
		id: 'loses-place-in-line',
		places: STORY,
		tells: 'event',
		formula: "w ∈ line(s) just before restarted(s) or restored(s) ∈ step, or left(w) ∈ step (its process crashed while in line)",
		pattern: '{worker} loses its place in line', alternatives: ['{worker} loses its place in the line/queue'],
		example: 'B loses its place in line',
		meaning: "The worker stood in line and its place went in this step by no act of its own: the store it waited for restarted or was restored from a backup (the store that opened knows no line), or its process crashed while it waited. Giving up is leaving, not losing (\"B leaves the line\"), and a grant from the line is no loss.",
		check: (slots, context) => losesPlace(context, actorOf(slots[0])),
	},
	{
		id: 'gives-up-on-key',
		places: STORY,
		tells: 'event',
		formula: "gave-up(w, k) ∈ step",
		pattern: '{worker} gives up waiting for {key}', alternatives: ["{worker} stops waiting for {key}", "{worker} gives up on {key}"],
		example: 'B gives up waiting for the key',
		meaning: "The worker's hold of that key ran out of its wait in this step and gave up, without a lease.",
		check: (slots, context) => gaveUp(slots, context, undefined, slots[1]?.value.type === 'key' ? slots[1].value.store : undefined),
	},
	{
		id: 'gives-up-after',
		places: STORY,
		tells: 'event',
		formula: "gave-up(w, after D) ∈ step",
		pattern: '{worker} gives up after {duration}', alternatives: ["{worker} times out after {duration}", "{worker} gives up waiting after {duration}", "{worker} stops waiting after {duration}", "{worker} gives up after {duration}(,) without the key", "{worker} gives up after {duration}(,) without getting the key", "{worker} gives up after {duration}(,) without a place/slot", "{worker} times out after {duration}(,) without the key", "{worker} times out after {duration}(,) without a place/slot"],
		example: 'B gives up after 10 s',
		meaning: 'The worker gave up in this step, having waited that long. ", without the key" (or "without a place" of a semaphore) after it says what giving up says, as in "{worker} gives up without the key": that ask got no lease.',
		check: (slots, context) => gaveUp(slots, context, 1),
	},
	{
		id: 'function-does-not-run',
		places: STORY,
		tells: 'event',
		formula: "asked(w) ∈ step, ended by refused(w) or gave-up(w) ∈ step, with no granted(w) ∈ step",
		pattern: '{owner} function does not run',
		example: "D's function does not run",
		meaning: 'The worker asked for the key in this step and was refused or gave up, so the function it holds the key for did not run.',
		check: (slots, context) => noLease(slots, context),
	},
	{
		id: 'function-never-runs',
		places: STORY,
		tells: 'event',
		formula: "asked(w) ∈ step, ended by refused(w) or gave-up(w) ∈ step, with no granted(w) in the scene: not before the step, in it, nor after it",
		pattern: '{owner} function never runs',
		example: "D's function never runs",
		meaning: 'The worker asked for the key in this step and was refused or gave up, and it gets no lease in the whole scene (not in an earlier step, this one or a later one), so the function it holds the key for never runs; and the scene does not end with it in line for a key (it may be given it after the scene).',
		check(slots, context) {
			const verdict = noLease(slots, context)
			if (!verdict.ok) return verdict
			const worker = actorOf(slots[0])
			// "Never" is of the whole scene: a function that ran under an earlier grant ran.
			const earlier = runSteps(context.run).find(step => step.index < context.step.index && happened(step, 'granted', h => h.worker === worker).length > 0)
			if (earlier) return fails(`${context.name(worker)} got the key in step ${earlier.index}, and its function ran then: "never" is of the whole scene; say "${context.name(worker)}'s function does not run"`, 0)
			const later = laterSteps(context).find(step => happened(step, 'granted', h => h.worker === worker).length > 0)
			if (later) return fails(`${context.name(worker)} gets the key in step ${later.index}, and its function runs then`, 0)
			// In line again when the scene ends, it may yet be given the key, and its function run, after it.
			const waiting = stillInLine(context, worker)
			return waiting === undefined ? verdict : fails(waiting.why, 0)
		},
	},
	{
		id: 'does-not-get',
		places: STORY,
		tells: 'event',
		formula: "asked(w) ∈ step, ended by refused(w) or gave-up(w) ∈ step, with no granted(w) ∈ step",
		pattern: '{worker} does not get {key}', alternatives: ["{worker} doesn't get {key}", "{worker} fails to get {key}", "{worker} does not get in", "{worker} doesn't get in"],
		example: 'D does not get the key',
		meaning: 'The worker asked for the key in this step and was refused or gave up, with no lease.',
		check: (slots, context) => noLease(slots, context),
	},
	{
		id: 'lock-refuses',
		places: STORY,
		tells: 'event',
		others: true,
		formula: "refused(w) ∈ step or renew-refused(w) ∈ step, w the worker the text named last before it (with none named, the step's one refusal)",
		pattern: 'the lock/store/server/semaphore refuses', alternatives: ['the lock/store/server/semaphore rejects', 'the lock/store/server/semaphore says no'],
		example: 'the lock refuses',
		meaning: 'The lock turned away, in this step, the worker the text named last before it: its try found the key held or full, or its renewal was refused. With no worker named before it, the one refusal of the step.',
		check(slots, context) {
			const named = slots.find(slot => slot.type === 'workers')?.value
			const ids = named?.type === 'actors' && named.ids.length > 0 ? named.ids.slice(-1) : undefined
			const refusals = context.step.happenings.filter((h): h is Of<'refused'> | Of<'renew-refused'> => (h.kind === 'refused' || h.kind === 'renew-refused') && (ids === undefined || ids.includes(h.worker)))
			const refusal = refusals[0]
			if (ids !== undefined && refusal === undefined) return fails(`the lock turned away nothing of ${names(context, ids)}'s in this step, the worker the text names last before this; say whom it refused ("the lock refuses B")`)
			if (refusal === undefined) return fails('the lock refused nothing in this step')
			if (ids === undefined && new Set(refusals.map(h => h.worker)).size > 1) return fails(`the lock refused ${names(context, [...new Set(refusals.map(h => h.worker))])} in this step; say whom ("the lock refuses ${context.name(refusal.worker)}")`)
			return holds([saw(context.step, refusal)], refusal.at)
		},
	},
	{
		id: 'is-refused',
		places: STORY,
		tells: 'event',
		formula: "the first of refused(w) ∈ step and gave-up(w) ∈ step with waited = 0 (a hold with a wait of 0 s given up the moment it asked)",
		pattern: '{worker} is refused', alternatives: ["{worker} is rejected", "{worker} is turned away", "{worker} gets refused/rejected", "{worker} gets turned away", "{worker} gets nothing", "{worker} is refused at once", "{worker} is turned away at once", "{worker} is rejected at once", "{worker} gets refused/rejected at once", "{worker} gets turned away at once"],
		example: 'D is refused',
		meaning: "The worker's try in this step found the key held (or a semaphore full) and got no lease; or its hold with a wait of 0 s found it so and gave up the moment it asked, having waited no time (a give-up after some wait is \"gives up\", not a refusal).",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const refused = context.step.happenings.find((h): h is Of<'refused'> | Of<'gave-up'> => (h.kind === 'refused' || (h.kind === 'gave-up' && h.waited === 0)) && h.worker === worker)
			if (!refused) {
				const gave = happened(context.step, 'gave-up', h => h.worker === worker)[0]
				if (gave) return fails(`the lock did not refuse ${context.name(worker)} in this step: it waited ${time(gave.waited)} in line and gave up at ${time(gave.at)}, not refused`, 0)
				return fails(`the lock did not refuse ${context.name(worker)} in this step`, 0)
			}
			return holds([saw(context.step, refused)], refused.at)
		},
	},
	{
		id: 'workers-are-refused',
		places: STORY,
		tells: 'event',
		formula: "refused(v) ∈ step for each v ∈ ws",
		pattern: '{workers} are refused', alternatives: ['{workers} are rejected', '{workers} are turned away', '{workers} are refused at once', '{workers} are turned away at once', '{workers} are both refused', '{workers} both get refused/rejected'],
		example: 'Workers B and C are refused',
		meaning: 'Each of those workers tried the key in this step and was refused, as "{worker} is refused" says of one.',
		check(slots, context) {
			const refusals: Of<'refused'>[] = []
			for (const worker of actorsOf(slots[0])) {
				const refused = happened(context.step, 'refused', h => h.worker === worker)[0]
				if (!refused) return fails(`the lock did not refuse ${context.name(worker)} in this step`, 0)
				refusals.push(refused)
			}
			return eachHeld(context, refusals)
		},
	},
	{
		id: 'store-refuses',
		places: STORY,
		tells: 'event',
		formula: "refused(w, s) ∈ step",
		pattern: '{store} refuses {worker}', alternatives: ['{store} refuses {worker} at once', '{store} turns {worker} away', '{store} turns {worker} away at once', '{store} rejects {worker}( at once)'],
		example: 'the lock refuses D',
		meaning: "That lock store refused the worker's try in this step: it found the key held (or the semaphore full) and gave no lease.",
		check(slots, context) {
			const store = actorOf(slots[0])
			const worker = actorOf(slots[1])
			const refusals = happened(context.step, 'refused', h => h.worker === worker)
			const refused = refusals.find(h => h.store === store)
			if (refused) return holds([saw(context.step, refused)], refused.at)
			const other = refusals[0]
			return fails(other ? `${context.name(store)} did not refuse ${context.name(worker)}: ${context.name(other.store)} did, at ${time(other.at)}` : `${context.name(store)} did not refuse ${context.name(worker)} in this step`, other ? 0 : 1)
		},
	},
	{
		id: 'finds-free',
		places: STORY,
		tells: 'event',
		formula: "asked(w, k) ∈ step: the one the clause before told, else the one answered by w's first grant the clause joined after tells, else w's first; just before it holders(k) = ∅, and granted(w, k) answered it with no place in line",
		pattern: '{worker} finds {key} free', alternatives: ["{worker} finds {key} unheld", "{worker} finds {key} not held"],
		example: 'D finds the key free',
		meaning: 'When the worker asked (its ask the clause before tells, else the ask answered by its grant the clause joined after it tells, else its first of the step) no one held the key, and the engine gave it the key at that ask, without its waiting ("A tries the key, finds it free and gets it"). Of a semaphore, "free" is as in "the key is free": no one inside; "finds a free place" is room beside others.',
		check: (slots, context) => findsFree(slots, context),
	},
	{
		id: 'finds-room',
		places: STORY,
		tells: 'event',
		formula: "asked(w, k) ∈ step: the one the clause before told, else the one answered by w's first grant the clause joined after tells, else w's first; just before it |holders(k)| < its limit (1 for a lock), and granted(w, k) answered it with no place in line",
		pattern: '{worker} finds a free place/slot', alternatives: ['{worker} finds room', '{worker} finds a place/slot free'],
		example: 'D finds a free place',
		meaning: 'When the worker asked (its ask the clause before tells, else the ask answered by its grant the clause joined after it tells, else its first of the step) the key had a free place: fewer held a semaphore than its limit (no one a lock), and the engine gave it a place at that ask, without its waiting ("C tries, finds a free place and gets in").',
		check: (slots, context) => findsFree(slots, context, true),
	},
	{
		id: 'tries',
		places: STORY,
		tells: 'event',
		formula: "asked(w) ∈ step that does not wait: a try, or a hold with a wait of 0 s",
		pattern: '{worker} tries', alternatives: ["{worker} tries without waiting", "{worker} asks without waiting"],
		example: 'D tries',
		meaning: 'The worker tried the key in this step: it asked without waiting, a try or a hold with a wait of 0 s (which gets the key at once or gives up the moment it asks).',
		check: (slots, context) => asked(slots, context, waitsNot, 'try the key'),
	},
	{
		id: 'does-not-wait',
		places: STORY,
		tells: 'event',
		formula: "asked(w) ∈ step that does not wait (a try, or a hold with a wait of 0 s), every asked(w) ∈ step such, and w ∉ line at the step's start",
		pattern: '{worker} does not wait', alternatives: ["{worker} doesn't wait", "{worker} does not wait in line", "{worker} doesn't wait in line"],
		example: 'D does not wait',
		meaning: 'The worker\'s ask in this step did not wait: a try (refused, or granted at once) or a hold with a wait of 0 s (granted at once, or given up the moment it asked); every ask of its in the step was such, and it stood in no line in the step (nor when the step began).',
		check(slots, context) {
			const worker = actorOf(slots[0])
			const all = asks(context, worker)
			const hold = all.find(h => !waitsNot(h))
			if (hold) return fails(`${context.name(worker)} ${describeAsk(hold)}: it did not only try`, 0)
			if (context.step.start.workers.get(worker)?.waiting) return fails(`${context.name(worker)} was in line when the step began`, 0)
			return asked(slots, context, waitsNot, 'try the key')
		},
	},
	{
		id: 'tries-the-key',
		places: STORY,
		tells: 'event',
		formula: "asked(w, k) ∈ step that does not wait: a try, or a hold with a wait of 0 s",
		pattern: '{worker} tries {key}', alternatives: ["{worker} tries {key} without waiting", "{worker} tries {key}, without waiting", "{worker} tries for {key}( without waiting)", "{worker} tries to take/get {key} without waiting", "{worker} tries for a place/slot( without waiting)"],
		example: 'D tries the key',
		meaning: 'The worker tried the key in this step: it asked without waiting, a try or a hold with a wait of 0 s (which gets the key at once or gives up the moment it asks).',
		check: (slots, context) => asked(slots, context, waitsNot, 'try the key'),
	},
	{
		id: 'tries-once',
		places: STORY,
		tells: 'event',
		formula: "asked(w, k, try) ∈ step, and no other asked(w, k, try) ∈ step",
		pattern: '{worker} tries {key} once', alternatives: ["{worker} tries once", "{worker} tries for {key} once", "{worker} tries once without waiting", "{worker} tries once, without waiting", "{worker} tries {key} once without waiting", "{worker} asks once without waiting", "{worker} asks for {key} once without waiting"],
		example: 'D tries the key once',
		meaning: 'The worker tried the key (asked without waiting) in this step, one time and no more: "once" counts the tries of this step.',
		check(slots, context) {
			const worker = actorOf(slots[0])
			const tries = asks(context, worker, h => h.tryOnly, slots[1])
			if (tries.length > 1) return fails(`${context.name(worker)} tried the key ${tries.length} times in this step, at ${tries.map(h => time(h.at)).join(', ')}`, 0)
			return asked(slots, context, h => h.tryOnly, 'try the key')
		},
	},
	{
		id: 'tries-too',
		places: STORY,
		tells: 'event',
		formula: "asked(w, k, try) ∈ step, after an asked(v, k) ∈ run by another worker v, a hold or a try",
		pattern: '{worker} tries too', alternatives: ["{worker} tries too, without waiting", "{worker} tries too without waiting", "{worker} also tries without waiting"],
		example: 'D tries too',
		meaning: 'The worker tried the key in this step, and another worker had asked for it before (a hold or a try: both try to get the key).',
		check(slots, context) {
			const worker = actorOf(slots[0])
			const mine = asks(context, worker, h => h.tryOnly)[0]
			if (!mine) return asked(slots, context, h => h.tryOnly, 'try the key')
			const earlier = context.step.happenings.slice(0, context.step.happenings.indexOf(mine))
			const other = askedBefore(context, worker, true, mine) || earlier.some(h => h.kind === 'asked' && h.worker !== worker && h.store === mine.store)
			if (!other) return fails(`no other worker asked for ${context.name(mine.store)}'s key before (a hold or a try)`, 0)
			return holds([saw(context.step, mine)], mine.at)
		},
	},
	{
		id: 'tries-again',
		places: STORY,
		tells: 'event',
		formula: "asked(w, k, try) ∈ step, after an asked(w, k) in an earlier step, a hold or a try",
		pattern: '{worker} tries again',
		example: 'D tries again',
		meaning: 'The worker tried the key in this step, and had asked for it in an earlier step (a hold or a try).',
		check(slots, context) {
			const worker = actorOf(slots[0])
			const mine = asks(context, worker, h => h.tryOnly)[0]
			if (!mine) return asked(slots, context, h => h.tryOnly, 'try the key')
			if (!askedBefore(context, worker, false, mine)) return notAgain(context, worker)
			return asked(slots, context, h => h.tryOnly, 'try the key')
		},
	},
	{
		id: 'tries-nth-time',
		places: STORY,
		tells: 'event',
		formula: "asked(w, try) ∈ step that is w's n-th asked(w, k, try) ∈ run, of its store k",
		pattern: '{worker} tries a {ordinal} time', alternatives: ["{worker} tries for the {ordinal} time"],
		example: 'D tries a third time',
		meaning: 'The worker tried the key in this step, and that try was its third (or whichever the ordinal says) try of that key in the scene: its tries (asks without waiting) are counted, not its holds.',
		check(slots, context) {
			const worker = actorOf(slots[0])
			const wanted = numberOf(slots[1])
			const mine = asks(context, worker, h => h.tryOnly)
			if (mine.length === 0) return asked(slots.slice(0, 1), context, h => h.tryOnly, 'try the key')
			const store = (mine[0] as Of<'asked'>).store
			const before = runSteps(context.run).filter(step => step.index < context.step.index).flatMap(step => happened(step, 'asked', h => h.worker === worker && h.tryOnly && h.store === store)).length
			const found = happened(context.step, 'asked', h => h.worker === worker && h.tryOnly && h.store === store)[wanted - before - 1]
			if (found === undefined) {
				const counts = happened(context.step, 'asked', h => h.worker === worker && h.tryOnly && h.store === store).map((_h, n) => ordinal(before + n + 1))
				return fails(`${context.name(worker)}'s ${counts.length === 1 ? 'try of the key in this step was' : 'tries of the key in this step were'} its ${counts.join(' and ')} of the scene, not its ${ordinal(wanted)}`, 1)
			}
			return holds([saw(context.step, found)], found.unshown ? undefined : found.at)
		},
	},
	{
		id: 'waits-and-tries-again',
		places: STORY,
		tells: 'event',
		formula: "asked(w, k, try) at t ∈ step, and w's asked(w, k) before it is an asked(w, k, try) at t − D that was refused, with no crashed(w) nor paused(w) between them",
		pattern: '{worker} waits {duration} and tries again', alternatives: ["{worker} waits {duration}, then tries again", "{worker} waits {duration} and then tries again"],
		example: 'D waits 5 s and tries again',
		meaning: 'The worker tried the key in this step, and its ask of that key before this try was a try too (it did not stand in line), refused, that long before: it waited that long between two tries, not in line, and its process did not crash between them (a restarted process\'s first try is no "again" of the old one\'s) nor pause (a frozen process does not wait).',
		check(slots, context) {
			const worker = actorOf(slots[0])
			const mine = asks(context, worker, h => h.tryOnly)
			if (mine.length === 0) return asked(slots.slice(0, 1), context, h => h.tryOnly, 'try the key')
			const problems: string[] = []
			for (const one of mine) {
				const earlier = [...earlierHappenings(context), ...context.step.happenings.slice(0, context.step.happenings.indexOf(one))]
				const prior = earlier.filter((h): h is Of<'asked'> => h.kind === 'asked' && h.worker === worker && h.store === one.store).pop()
				if (prior === undefined) { problems.push(`${context.name(worker)} never asked for this key before its try at ${time(one.at)}`); continue }
				if (!prior.tryOnly) { problems.push(`${context.name(worker)}'s ask before its try at ${time(one.at)} was not a try: it ${describeAsk(prior)}`); continue }
				if (!earlier.some(h => h.kind === 'refused' && h.worker === worker && h.store === one.store && h.at === prior.at)) { problems.push(`${context.name(worker)}'s try at ${time(prior.at)}, before its try at ${time(one.at)}, was not refused`); continue }
				// The same process waited and tried again: a crash between the two tries ended the process that tried first, and the try after it is a new process's.
				const crash = earlier.slice(earlier.indexOf(prior) + 1).find((h): h is Of<'crashed'> => h.kind === 'crashed' && h.worker === worker)
				if (crash !== undefined) { problems.push(`${context.name(worker)}'s process crashed at ${time(crash.at)}, after its try at ${time(prior.at)}: its try at ${time(one.at)} is a new process's, which did not wait and try again`); continue }
				// It waited: a process paused between the two tries was frozen, not waiting, for that time.
				const pause = earlier.slice(earlier.indexOf(prior) + 1).find((h): h is Of<'paused'> => h.kind === 'paused' && h.worker === worker)
				if (pause !== undefined) {
					const woke = earlier.slice(earlier.indexOf(pause) + 1).find(h => h.kind === 'woke' && h.worker === worker)
					problems.push(`${context.name(worker)}'s process was paused at ${time(pause.at)}${woke === undefined ? '' : ` until ${time(woke.at)}`}, between its try at ${time(prior.at)} and its try at ${time(one.at)}: a frozen process does not wait, so it did not wait and try again`)
					continue
				}
				if (one.at - prior.at !== numberOf(slots[1])) { problems.push(`${context.name(worker)} tried at ${time(prior.at)} and again at ${time(one.at)}, ${time(one.at - prior.at)} later`); continue }
				return holds([saw(context.step, one)], one.at)
			}
			return fails(problems[0] ?? '', problems[0]?.includes(' later') ? 1 : 0)
		},
	},
]

/** The worker of slot 0 asked in this step with a wait of slot `wait`. */
function waitOf(slots: readonly Slot[], context: ClaimContext, wait: number, told?: Of<'asked'> | null): Verdict {
	const worker = actorOf(slots[0])
	const wanted = numberOf(slots[wait])
	// `told`: the ask whose wait a state of waiting stands on (null: none in this step); else the worker's first ask of the step with
	// that wait (a worker that tried, was turned away, then asked with a wait, "asks, willing to wait 5 s" of its second ask), else (for the
	// message) its first hold, else its first try.
	const ask = told === null ? undefined : (told ?? asks(context, worker, h => !h.tryOnly && h.wait === wanted, slots[1])[0] ?? asks(context, worker, h => !h.tryOnly, slots[1])[0] ?? asks(context, worker, undefined, slots[1])[0])
	if (!ask) return otherStore(slots, context) ?? fails(`${context.name(worker)} did not ask for the key in this step`, 0)
	if (ask.tryOnly || ask.wait !== wanted) return fails(`${context.name(worker)} ${describeAsk(ask)}`, wait)
	return holds([saw(context.step, ask)], ask.at)
}

/** The worker of slot 0 asked for the key of slot 1 in this step with no limit on its wait (`asks-without-limit`). */
/** "Willing to wait" with no length: the worker's ask of the step stands in line while the key is taken (a wait above 0 s, or no limit), no try. */
function willingToWait(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	const waits = (h: Of<'asked'>) => !h.tryOnly && (h.wait === undefined || h.wait > 0)
	const ask = asks(context, worker, waits, slots[1])[0] ?? asks(context, worker, undefined, slots[1])[0]
	if (!ask) return otherStore(slots, context) ?? fails(`${context.name(worker)} did not ask for the key in this step`, 0)
	if (!waits(ask)) return fails(`${context.name(worker)} ${describeAsk(ask)}, which does not wait`, 0)
	return holds([saw(context.step, ask)], ask.at)
}

/** "With M to spare" of the grant a form told (its fence in slot `fenceAt`): the ask it answered allowed a wait longer by M (slot `spareAt`) than the time waited. */
function toSpare(slots: readonly Slot[], context: ClaimContext, fenceAt: number, spareAt: number, verdict: Verdict): Verdict {
	const grant = grantTold(slots, context, fenceAt) as Of<'granted'>
	const ask = askOfGrant(context.run.steps.slice(1, context.step.index + 1), grant)
	const signal = signalProblem(context, ask)
	if (signal !== undefined) return fails(signal, spareAt)
	if (ask?.wait === undefined || !Number.isFinite(ask.wait)) return fails(`${context.name(grant.worker)} asked with no limit on its wait, so it had no time to spare`, 0)
	const spare = ask.wait - (grant.at - ask.at)
	if (spare !== numberOf(slots[spareAt])) return fails(`${context.name(grant.worker)} asked at ${time(ask.at)} willing to wait ${time(ask.wait)} and got the key at ${time(grant.at)}: ${time(spare)} to spare`, spareAt)
	return verdict
}

/** An ask that stands in line with no limit on its wait: no try, no wait given or an endless one, and no signal (which may end it). */
function waitsForEver(h: Of<'asked'>): boolean {
	return !h.tryOnly && (h.wait === undefined || h.wait === Number.POSITIVE_INFINITY) && h.signal !== true
}

/** What is said of an ask whose hold carries a signal, where a form measures its wait's limit. */
const SIGNAL_LIMIT = "the hold's limit is the earlier of its wait and its signal's, and a give-up of the signal's is recorded as any other; tell the ask and its end (\"B asks with a wait of 10 s\", \"B gives up after 3 s\"), or drop the signal from the sample"

/** Why a form that measures an ask's wait (its limit, its time to spare, a wait run out) does not read an ask whose hold carries a signal. */
function signalProblem(context: ClaimContext, ask: Of<'asked'> | undefined): string | undefined {
	if (ask?.signal !== true) return undefined
	return `${context.name(ask.worker)}'s hold at ${time(ask.at)} carries a \`signal\`, which may end its wait before its wait of ${ask.wait === undefined || ask.wait === Number.POSITIVE_INFINITY ? 'no limit' : time(ask.wait)} does: ${SIGNAL_LIMIT}`
}

function unlimited(slots: readonly Slot[], context: ClaimContext): Verdict {
	const worker = actorOf(slots[0])
	// Its first ask of the step with no limit (after a try turned away, the ask that followed), else (for the message) its first hold, else its first try.
	const ask = asks(context, worker, waitsForEver, slots[1])[0] ?? asks(context, worker, h => !h.tryOnly, slots[1])[0] ?? asks(context, worker, undefined, slots[1])[0]
	if (!ask) return otherStore(slots, context) ?? fails(`${context.name(worker)} did not ask for the key in this step`, 0)
	if (ask.tryOnly || (ask.wait !== undefined && ask.wait !== Number.POSITIVE_INFINITY) || ask.signal === true) return fails(`${context.name(worker)} ${describeAsk(ask)}`, 0)
	return holds([saw(context.step, ask)], ask.at)
}
