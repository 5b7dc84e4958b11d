/**
 * `send W -> LOCK "..."`: W's request, which means what it says: hold (`wait 5 s` bounds how long
 * it waits; without one it waits as long as it takes), try (tryHold, no wait), renew, or release.
 * The lock's answer comes with a later `send LOCK -> W`.
 */
import type { Outcome } from '../../frame.ts'
import { wordOutcome } from '../../outcome-words.ts'
import type { Fact } from '../claims/check.ts'
import { readText } from '../claims/read-text.ts'
import { readOutcomes } from '../claims/vocabulary.ts'
import { showFence } from '../notation.ts'
import type { StoreActor, WorkerActor } from '../world.ts'
import { letGo } from './release.ts'
import type { MessageHandler } from './send.ts'

const REQUESTS = 'hold, try, renew or release (a hold may say how long it waits: "hold, wait 5 s")'

export const ask: MessageHandler = async (world, send) => {
	const store = world.stores.get(send.to.id) as StoreActor
	const worker = world.workers.get(send.from.id) as WorkerActor
	const id = worker.actor.id
	const read = readText(send.label.value)
	const requests = readOutcomes(read.words, 'ask').said.filter(s => ['hold', 'try', 'renew', 'release'].includes(s.said))
	const waitClaim = read.numbers.find(n => n.role === 'time' && (n.cue === 'wait' || n.cue === undefined))
	const facts: Fact[] = []
	if (waitClaim) facts.push({ role: 'time', value: waitClaim.value, cue: 'wait' }, { role: 'time', value: waitClaim.value })
	const lease = worker.hold?.store === store ? world.liveLease(worker) : undefined
	if (lease?.fence !== undefined) facts.push({ role: 'fence', value: lease.fence })
	const { marks } = world.checkText(send.label, facts)
	const report = world.reporterFor(send.label)
	const request = requests[0]
	const none = (reason: string) => ({ shown: read.shown, computed: reason, outcome: { kind: 'none', reason } as Outcome, marks })
	if (!request) {
		report(0, `${id}'s message to the lock must say what it asks: ${REQUESTS}`)
		return none('no request')
	}
	for (const other of requests.slice(1)) {
		if (other.said !== request.said) report(other.offset, `one message asks one thing; this one says "${request.phrase}" and "${other.phrase}"`)
	}
	if (waitClaim && request.said !== 'hold') report(waitClaim.offset, `only a hold waits; a ${request.said} has no wait`)

	if (request.said === 'renew') {
		const held = worker.hold?.lease
		if (!held) {
			worker.pending = { kind: 'renew', ok: false, reason: 'none' }
		} else {
			try {
				await held.renew()
				worker.pending = { kind: 'renew', ok: true }
			} catch (error) {
				const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : ''
				worker.pending = { kind: 'renew', ok: false, reason: code === 'released' ? 'released' : 'lost' }
			}
		}
		await world.clock.settle()
		const outcome: Outcome = worker.pending.ok ? { kind: 'renewed', expiresAt: held?.expiresAt ?? 0 } : { kind: 'renew-failed', reason: worker.pending.reason ?? 'none' }
		return { shown: read.shown, computed: wordOutcome(outcome), outcome, marks }
	}
	if (request.said === 'release') {
		if (!worker.hold?.lease || worker.hold.store !== store) {
			report(0, `${id} holds no lease of ${store.actor.id} to release`)
			return none('no lease to release')
		}
		const next = await letGo(world, worker)
		worker.pending = next ? { kind: 'release', next } : { kind: 'release' }
		const outcome: Outcome = next ? { kind: 'released', next } : { kind: 'released' }
		return { shown: read.shown, computed: wordOutcome(outcome), outcome, marks }
	}
	if (lease) {
		report(0, `${id} already holds the key (fence ${lease.fence === undefined ? 'none' : showFence(lease.fence)}); release it first`)
		return none('already holds the key')
	}
	const hold = worker.hold
	if (hold && hold.store === store && !hold.lease && !hold.failed && !hold.gone) {
		report(0, `${id} is already in line for the key`)
		return none('already in line')
	}
	const options: { tryOnly: boolean; wait?: number } = { tryOnly: request.said === 'try' }
	if (waitClaim && request.said === 'hold') {
		options.wait = Number(waitClaim.value)
		world.stepFacts.push({ role: 'time', value: waitClaim.value, cue: 'wait' })
	}
	const started = world.startHold(worker, store, options)
	await world.clock.settle()
	if (started.lease?.fence !== undefined) world.stepFacts.push({ role: 'fence', value: started.lease.fence })
	const outcome: Outcome = { kind: 'asked', free: started.lease !== undefined, holders: world.holdersOf(store).filter(h => h !== id) }
	if (options.wait !== undefined) outcome.wait = options.wait
	return { shown: read.shown, computed: wordOutcome(outcome), outcome, marks }
}
