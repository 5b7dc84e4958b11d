// A renewal a hold owed on its own and did not make, and the pause or crash that stopped it: shared by the forms that tell a
// lease's renewals (forms/lease-end.ts) and the causes that say a pause or crash is why nothing renewed it (causes.ts).
import type { ClaimContext } from './form.ts'
import type { Happening } from '../frame.ts'
import { laterSteps, runSteps } from './query.ts'
import type { Of } from './query.ts'

/**
 * A renewal the hold owed and did not make: from the grant on (in any step), each renewal on its own falls due a third of the TTL
 * after the grant or the lease's last renewal; one falling due while the worker's process was paused or crashed (by a pause or
 * crash from the grant up to this step's end), with no renewal of the lease after it before the lease ended (whatever ended it:
 * ran out, let go, ended by an operator, gone with its store, or the worker's next grant) or the run's end, breaks the promise.
 */
export function stoppedRenewal(context: ClaimContext, grant: Of<'granted'>): { stop: Of<'paused'> | Of<'crashed'>; due: number; end?: Happening } | undefined {
	const steps = [...runSteps(context.run).filter(step => step.index <= context.step.index), ...laterSteps(context)]
	const all = steps.flatMap(step => step.happenings.map(h => ({ step, h })))
	const from = all.findIndex(one => one.h === grant)
	if (from < 0) return undefined
	const mine = (h: Happening): boolean => 'worker' in h && h.worker === grant.worker
	const sameLease = (h: Happening): boolean => mine(h) && 'store' in h && h.store === grant.store
	let every = grant.ttl / 3
	let due = grant.at + every
	let stop: Of<'paused'> | Of<'crashed'> | undefined
	let missed: { stop: Of<'paused'> | Of<'crashed'>; due: number } | undefined
	let crashed = false
	const pass = (t: number): void => {
		while (due <= t) {
			if (stop !== undefined && missed === undefined) missed = { stop, due }
			due += every
		}
	}
	for (const { step, h } of all.slice(from + 1)) {
		pass(h.at)
		if (!mine(h)) continue
		if (h.kind === 'renewed' && sameLease(h)) {
			missed = undefined
			if (h.ttl !== undefined) every = h.ttl / 3
			due = h.at + every
		} else if ((h.kind === 'paused' || h.kind === 'crashed') && step.index <= context.step.index) stop ??= h
		if (h.kind === 'crashed') crashed = true
		// A pause ends when the process wakes; a crash keeps the hold down (a restarted process runs a new one).
		if (h.kind === 'woke' && !crashed) stop = undefined
		if (h.kind === 'granted' || ((h.kind === 'expired' || h.kind === 'released' || h.kind === 'gone' || h.kind === 'ended') && sameLease(h) && h.fence === grant.fence)) {
			return missed === undefined ? undefined : { ...missed, end: h }
		}
	}
	pass(steps.at(-1)?.end.time ?? context.world.time)
	return missed
}

/**
 * The worker's last grant by this step's end, and, of a hold that renews it on its own, the renewal it owed and did not make
 * (`stoppedRenewal`): the pause or crash of its process in effect when that renewal fell due. That stop is why nothing renewed the
 * lease ("At 1 s A's process pauses for 8 s, so nothing renews its lease", `causes.ts`): a pause that ended before the next renewal
 * fell due stopped none, nor does one of a hold with renewal off, which renews nothing on its own.
 */
export function renewalStopped(context: ClaimContext, worker: string): { grant?: Of<'granted'>; stopped?: ReturnType<typeof stoppedRenewal> } {
	const grant = runSteps(context.run).filter(step => step.index <= context.step.index).flatMap(step => step.happenings).filter((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === worker).pop()
	if (grant === undefined || grant.renews !== true) return { grant }
	return { grant, stopped: stoppedRenewal(context, grant) }
}
