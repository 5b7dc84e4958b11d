/**
 * `send LOCK -> W "..."`: the lock's answer to W. It answers W's last renew or release, else W's
 * hold: the one W asked for, or one this message starts (a `tryHold` when the label says busy or
 * full). Simulated time runs on while the key is held, up to W's wait, unless the label says W is
 * still waiting; what the label claims is checked against what the engine answered.
 */
import type { Send } from '../../../../scene-parser/index.ts'
import { formatDuration } from '../../../../engine/index.ts'
import { SCENE_TIME_LIMIT_MS, UNTIL_TIMERS } from '../world.ts'
import type { Happening, Intent } from '../../claims/index.ts'
import { showFence } from '../../claims/index.ts'
import type { Outcome } from '../../frame.ts'
import type { Stage } from '../stage.ts'
import type { Hold, StoreActor, WorkerActor } from '../world.ts'
import type { MessageKind, MessageRun } from './message.ts'
import { moveWorker } from '../moves.ts'
import { runByCode } from './ask.ts'

type Answer = Extract<Intent, { answer: string }>['answer']

/** The answers that tell of a hold, not of a renewal or release. */
const GRANTING: readonly Answer[] = ['grant', 'waiting', 'refused', 'full', 'gave-up']

export const grant: MessageKind = {
	async run(stage, send): Promise<MessageRun> {
		const { world } = stage
		const store = world.stores.get(send.from.id) as StoreActor
		const worker = world.workers.get(send.to.id) as WorkerActor
		const said = answers(stage, send)
		// A renewal or release asked for and not yet answered is what this answers, unless the label tells a grant.
		if (worker.pending && !GRANTING.some(answer => said.has(answer))) return answerRequest(stage, send, worker)
		// A worker whose code runs, answered a renewal or a release it was not shown asking for: its code's act (or its own timer's renewal).
		if (world.processes.has(worker.actor.id) && (said.has('renewed') || said.has('released') || said.has('lost')) && !GRANTING.some(answer => said.has(answer))) {
			const asked = await runByCode(stage, send, worker, store, said.has('released') ? 'release' : 'renew')
			if (asked.outcome.kind === 'none') return asked
			return answerRequest(stage, send, worker)
		}
		worker.pending = undefined
		const mark = world.record.mark()
		let hold = worker.hold
		const unanswered = hold !== undefined && hold.store === store && !hold.gone && !hold.shown && !hold.released
		// A hold this message starts has settled already; one asked for earlier may have moved since.
		let settled = false
		if ((!unanswered || !hold) && world.processes.has(worker.actor.id)) {
			// The worker's code asks, though the scene shows only the answer: its next act must be that hold. When the
			// answer is a grant and the key has no room yet, time runs on until it has (a lease runs out, a holder lets
			// go) before the worker asks, so the hold's own wait is not what it waits out.
			const granting = said.has('grant')
			const act = await moveWorker(stage, worker, ['ask', 'try'], store.actor.id, send.position, `gets ${store.actor.id}'s answer to a hold`, async () => {
				if (granting) {
					// At most until the holders' leases as they stand run out: a lease renewed meanwhile keeps the key, and the worker asks then.
					const room = () => world.holdersOf(store).length < (store.actor.limit ?? 1) && world.waitersOf(store).length === 0
					const deadline = Math.max(world.clock.now(), ...world.leasesOf(store).map(lease => lease.expiresAt))
					await world.until(() => room() || world.clock.now() >= deadline || world.clock.nextTimerAt === undefined || world.clock.nextTimerAt > deadline)
				}
				world.record.happen({ kind: 'sent', at: world.clock.now(), from: worker.actor.id, to: store.actor.id })
			})
			if (!act || !worker.hold) return { outcome: { kind: 'none', reason: 'no-request' } }
			hold = worker.hold
			settled = true
		} else if (!unanswered || !hold) {
			const elsewhere = world.holdsElsewhere(worker, store)
			if (elsewhere) {
				world.report(send.position, elsewhere)
				return { outcome: { kind: 'none', reason: 'already-holds' } }
			}
			const lease = world.liveLease(worker)
			if (lease && hold?.store === store) {
				world.report(send.position, `${worker.actor.id} already holds the key (fence ${lease.fence === undefined ? 'none' : showFence(lease.fence)}); release it first`)
				return { outcome: { kind: 'none', reason: 'already-holds' } }
			}
			// The worker called hold, though the scene shows only the answer: it sent a request.
			world.record.happen({ kind: 'sent', at: world.clock.now(), from: worker.actor.id, to: store.actor.id })
			hold = await world.startHold(worker, store, { tryOnly: said.has('refused') || said.has('full'), position: send.position, unshown: true })
			settled = true
		}
		const current = hold
		// A crashed process's waiting hold left the line with it: no answer reaches it.
		if (current.result?.kind === 'left') {
			world.report(send.position, `${worker.actor.id} crashed, and a crashed process takes no lease: its waiting hold left the line with it; show ${worker.actor.id} paused (a paused process keeps its place in line), restart it (strike ${worker.actor.id} "crashed") and let it ask again, or give the key to another worker`)
			return { outcome: { kind: 'none', reason: 'never-granted' } }
		}
		if (said.has('waiting') || current.tryOnly) {
			if (!settled) await world.clock.settle()
		} else {
			// A worker told giving up whose code waits for ever never gives up: said at once, not after the engine's every timer.
			if (said.has('gave-up') && !said.has('grant') && current.lease === undefined && current.failed === undefined && current.wait !== undefined && !(current.askedAt + current.wait <= SCENE_TIME_LIMIT_MS)) {
				world.report(send.position, `${worker.actor.id} waits as long as it takes (its code's wait is Infinity), so it never gives up; give its hold a wait (\`wait: '2s'\`)`)
				world.stopped = true
				return { outcome: { kind: 'none', reason: 'never-granted' } }
			}
			const reached = await world.until(() => current.lease !== undefined || current.failed !== undefined, settled)
			if (!reached) {
				const holders = world.holdersOf(store).join(', ') || 'no one'
				world.report(send.position, `${worker.actor.id} never gets the key: it is still held by ${holders} at ${formatDuration(world.clock.now())}, ${world.clock.now() >= SCENE_TIME_LIMIT_MS ? "the scene's 30-day limit" : `after ${UNTIL_TIMERS.toLocaleString('en')} of the engine's timers (renewals keep it held)`}`)
				world.stopped = true
				return { outcome: { kind: 'none', reason: 'never-granted' } }
			}
		}
		// What the engine answered before this message (a grant on a release, a try refused when asked) is what it shows.
		const result = current.result
		const earlier = result && !world.record.since(mark).includes(result) ? [result] : []
		const outcome = holdOutcome(stage, store, current)
		// A crashed process's hold dies with it (its connection closes), so no lease reaches it: the engine's line shows it.
		if (outcome.kind === 'granted' && world.processStates.crashed(worker.actor.id)) {
			world.report(send.position, `${worker.actor.id} crashed, and a crashed process takes no lease: its waiting hold left the line with it; show ${worker.actor.id} paused (a paused process keeps its place in line), restart it (strike ${worker.actor.id} "crashed") and let it ask again, or give the key to another worker`)
		}
		checkColor(stage, send, outcome)
		return { outcome, earlier }
	},
}

/** What the label says the lock answered, from its forms' intents. */
function answers(stage: Stage, send: Send): Set<Answer> {
	const read = stage.texts.read(send.label, 'lock-answer')
	const said = new Set<Answer>()
	for (const clause of read.clauses) {
		const intent = clause.form.intent
		if (intent && 'answer' in intent) said.add(intent.answer)
	}
	return said
}

/** What the engine answered a hold, as data. */
function holdOutcome(stage: Stage, store: StoreActor, hold: Hold): Outcome {
	const { world } = stage
	const holders = world.holdersOf(store)
	const limit = store.actor.limit ?? 1
	if (hold.lease) {
		hold.shown = true
		const outcome: Outcome = { kind: 'granted', holders: holders.length, limit }
		if (hold.lease.fence !== undefined) outcome.fence = showFence(hold.lease.fence)
		return outcome
	}
	hold.shown = hold.failed !== undefined
	if (hold.failed && hold.tryOnly) return store.actor.limit !== undefined ? { kind: 'full', holders, limit } : { kind: 'busy', holders }
	if (hold.failed) return { kind: 'gave-up', waitedMs: world.clock.now() - hold.askedAt, holders }
	return { kind: 'waiting', holders }
}

/** The colour of a lock's answer is a claim too: ok for a lease given, renewed or released as asked, bad for a refusal, a give-up or a loss. */
function checkColor(stage: Stage, send: Send, outcome: Outcome): void {
	if (send.color === undefined) return
	const good = outcome.kind === 'granted' || outcome.kind === 'renewed' || outcome.kind === 'released'
	const bad = outcome.kind === 'busy' || outcome.kind === 'full' || outcome.kind === 'gave-up' || outcome.kind === 'renew-failed'
	if ((send.color === 'ok' && !good) || (send.color === 'bad' && !bad)) {
		stage.world.report(send.position, `color=${send.color}, but the lock's answer was ${outcome.kind === 'waiting' ? 'not given yet: the worker is still in line' : outcome.kind}`)
	}
}

/** The lock's answer to a worker's renew or release, which already ran when the worker asked. */
function answerRequest(stage: Stage, send: Send, worker: WorkerActor): MessageRun {
	const pending = worker.pending
	worker.pending = undefined
	const earlier = pending?.happenings ?? []
	const run = requestAnswer(earlier)
	checkColor(stage, send, run.outcome)
	return run
}

function requestAnswer(earlier: Happening[]): MessageRun {
	for (const h of earlier) {
		if (h.kind === 'renewed') return { outcome: { kind: 'renewed', expiresAt: h.until }, earlier }
		if (h.kind === 'renew-refused') return { outcome: { kind: 'renew-failed', reason: h.reason }, earlier }
		if (h.kind === 'released') return { outcome: { kind: 'released', ...(h.line[0] === undefined ? {} : { next: h.line[0] }) }, earlier }
	}
	return { outcome: { kind: 'released' }, earlier }
}
