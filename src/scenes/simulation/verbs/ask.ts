/**
 * `send W -> LOCK "..."`: W's request, which is what its label's form says: hold (with `wait 5 s`
 * it waits at most that long; without, as long as it takes), try (tryHold), renew, or release.
 * The lock's answer comes with a later `send LOCK -> W`.
 */
import type { Send } from '../../../../scene-parser/index.ts'
import type { Intent } from '../../claims/index.ts'
import { showFence } from '../../claims/index.ts'
import type { Outcome } from '../../frame.ts'
import type { Stage } from '../stage.ts'
import type { StoreActor, WorkerActor } from '../world.ts'
import type { MessageKind, MessageRun } from './message.ts'
import { moveWorker } from '../moves.ts'

type Request = Extract<Intent, { request: string }>

const REQUESTS = 'hold, try, renew or release (a hold may say how long it waits: "hold, wait 5 s")'

export const ask: MessageKind = {
	async run(stage, send): Promise<MessageRun> {
		const { world } = stage
		const store = world.stores.get(send.to.id) as StoreActor
		const worker = world.workers.get(send.from.id) as WorkerActor
		const id = worker.actor.id
		if (send.color !== undefined) world.report(send.position, `color= says how the engine answered, and a request is not an answer; put it on the lock's answer`)
		const request = requestOf(stage, send)
		const none = (reason: Extract<Outcome, { kind: 'none' }>['reason']): MessageRun => ({ outcome: { kind: 'none', reason } })
		if (request === undefined) return none('no-request')
		if (world.processes.has(id)) return runByCode(stage, send, worker, store, request.kind)
		if (request.kind === 'renew') {
			const mark = world.record.mark()
			await world.renew(worker)
			const happenings = world.record.since(mark)
			worker.pending = { kind: 'renew', happenings }
			const result = happenings.find(h => h.kind === 'renewed' || h.kind === 'renew-refused')
			return { outcome: result?.kind === 'renewed' ? { kind: 'renewed', expiresAt: result.until } : { kind: 'renew-failed', reason: result?.kind === 'renew-refused' ? result.reason : 'none' } }
		}
		if (request.kind === 'release') {
			if (!worker.hold?.lease || worker.hold.store !== store) {
				world.report(send.label.position, `${id} holds no lease of ${store.actor.id} to release`)
				return none('nothing-to-release')
			}
			const mark = world.record.mark()
			const before = world.holdersOf(store)
			await world.release(worker)
			const happenings = world.record.since(mark)
			worker.pending = { kind: 'release', happenings }
			const next = letIn(world.holdersOf(store), before, id)
			return { outcome: next === undefined ? { kind: 'released' } : { kind: 'released', next } }
		}
		const elsewhere = world.holdsElsewhere(worker, store)
		if (elsewhere) {
			world.report(send.label.position, elsewhere)
			return none('already-holds')
		}
		const lease = worker.hold?.store === store ? world.liveLease(worker) : undefined
		if (lease) {
			world.report(send.label.position, `${id} already holds the key (fence ${lease.fence === undefined ? 'none' : showFence(lease.fence)}); release it first`)
			return none('already-holds')
		}
		const hold = worker.hold
		if (hold && hold.store === store && !hold.lease && !hold.failed && !hold.gone) {
			world.report(send.label.position, `${id} is already in line for the key`)
			return none('already-in-line')
		}
		const started = await world.startHold(worker, store, { tryOnly: request.kind === 'try', position: send.position, ...(request.wait === undefined ? {} : { wait: request.wait }) })
		const outcome: Outcome = { kind: 'asked', free: started.lease !== undefined, holders: world.holdersOf(store).filter(h => h !== id) }
		if (request.wait !== undefined) outcome.wait = request.wait
		return { outcome }
	},
}

/**
 * The request of a worker whose code the scene runs: its code's next act, which must be the one the
 * label asks, with the code's own settings (its wait, its TTL). A renewal the worker's process made
 * on its own timer in this step, not shown yet, is what a `renew` shows.
 */
export async function runByCode(stage: Stage, send: Pick<Send, 'position'>, worker: WorkerActor, store: StoreActor, kind: Request['request']): Promise<MessageRun> {
	const { world } = stage
	const id = worker.actor.id
	const none: MessageRun = { outcome: { kind: 'none', reason: 'no-request' } }
	if (kind === 'renew') {
		const auto = world.record.since(0).find(h => h.kind === 'renewed' && h.auto === true && h.worker === id && !world.shown.has(h))
		if (auto) {
			world.shown.add(auto)
			worker.pending = { kind: 'renew', happenings: [auto] }
			return { outcome: { kind: 'renewed', expiresAt: auto.kind === 'renewed' ? auto.until : 0 }, earlier: [auto] }
		}
	}
	const mark = world.record.mark()
	const before = world.holdersOf(store)
	const act = await moveWorker(stage, worker, [kind === 'hold' ? 'ask' : kind], store.actor.id, send.position, `asks ${store.actor.id} to ${kind}`)
	if (!act) return none
	const happenings = world.record.since(mark)
	if (act.kind === 'renew' || act.kind === 'release') {
		worker.pending = { kind: act.kind, happenings }
		const result = happenings.find(h => h.kind === 'renewed' || h.kind === 'renew-refused' || h.kind === 'released')
		if (result?.kind === 'renewed') return { outcome: { kind: 'renewed', expiresAt: result.until } }
		if (result?.kind === 'renew-refused') return { outcome: { kind: 'renew-failed', reason: result.reason } }
		const next = letIn(world.holdersOf(store), before, id)
		return { outcome: next === undefined ? { kind: 'released' } : { kind: 'released', next } }
	}
	const hold = worker.hold
	const outcome: Outcome = { kind: 'asked', free: hold?.lease !== undefined, holders: world.holdersOf(store).filter(h => h !== id) }
	if (hold?.wait !== undefined && act.kind === 'ask' && !act.tryOnly) outcome.wait = hold.wait
	return { outcome }
}

/** The one thing the label asks, and a hold's wait; a label that asks nothing, or two things, is reported. */
function requestOf(stage: Stage, send: Send): { kind: Request['request']; wait?: number } | undefined {
	const read = stage.texts.read(send.label, 'ask')
	const requests = read.clauses.flatMap(clause => {
		const intent = clause.form.intent
		if (!intent || !('request' in intent)) return []
		const slot = intent.waitSlot === undefined ? undefined : clause.slots[intent.waitSlot]
		const wait = slot?.value.type === 'number' ? slot.value.value : undefined
		return [{ kind: intent.request, ...(wait === undefined ? {} : { wait }), start: clause.start }]
	})
	const first = requests[0]
	if (!first) {
		// A label that does not read is reported where it is read; one that reads but asks nothing is told here.
		if (read.problems.length === 0) stage.world.report(send.label.position, `${send.from.id}'s message to the lock must say what it asks: ${REQUESTS}`)
		return undefined
	}
	const other = requests.find(r => r.kind !== first.kind)
	if (other) stage.world.report(send.label.position, `one message asks one thing; this one asks ${first.kind} and ${other.kind}`)
	return first
}

/** The worker a release let in: a holder now who did not hold before it (a semaphore's other holders held all along), if any. */
function letIn(after: readonly string[], before: readonly string[], released: string): string | undefined {
	return after.find(holder => holder !== released && !before.includes(holder))
}
