/**
 * `send LOCK -> W "..."`: the lock's answer to W. It answers W's last renew or release, else W's
 * hold: the one W asked for, or one this message starts (a `tryHold` when the label says busy or
 * full). Simulated time runs on while the key is held, up to W's wait; the label must say what
 * the engine answered, and every number in it must be the engine's.
 */
import type { Send } from '../../../../scene-parser/index.ts'
import type { Outcome } from '../../frame.ts'
import { wordOutcome } from '../../outcome-words.ts'
import type { Fact } from '../claims/check.ts'
import { checkOutcomes } from '../claims/outcome.ts'
import { readText } from '../claims/read-text.ts'
import { readOutcomes } from '../claims/vocabulary.ts'
import type { Said } from '../claims/vocabulary.ts'
import { showFence, showTime } from '../notation.ts'
import type { Hold, StoreActor, WorkerActor, World } from '../world.ts'
import type { MessageHandler } from './send.ts'

const SAY = 'say what the lock answered: a fence ("fence 7"), "N of M" holders for a semaphore, waiting, busy, full or gave up'

export const grant: MessageHandler = async (world, send) => {
	const store = world.stores.get(send.from.id) as StoreActor
	const worker = world.workers.get(send.to.id) as WorkerActor
	if (worker.pending) return answerRequest(world, send, worker)

	const said = readOutcomes(readText(send.label.value).words, 'lock-answer').said.map(s => s.said)
	let hold = worker.hold
	const unanswered = hold !== undefined && hold.store === store && !hold.gone && !hold.shown && !hold.released
	if (!unanswered || !hold) {
		const lease = world.liveLease(worker)
		if (lease && hold?.store === store) {
			world.report(send.position, `${worker.actor.id} already holds the key (fence ${lease.fence === undefined ? 'none' : showFence(lease.fence)}); release it first`)
			return { shown: send.label.value, computed: 'already holds the key', outcome: { kind: 'none', reason: 'already holds the key' } }
		}
		hold = world.startHold(worker, store, { tryOnly: said.includes('busy') || said.includes('full') })
	}
	const current = hold
	const place = world.waitersOf(store).indexOf(worker)
	if (place >= 0) world.stepFacts.push({ role: 'position', value: BigInt(place + 1) })
	if (said.includes('waiting') || current.tryOnly) {
		await world.clock.settle()
	} else {
		const reached = await world.until(() => current.lease !== undefined || current.failed !== undefined)
		if (!reached) {
			const holders = world.holdersOf(store).join(', ') || 'no one'
			world.report(send.position, `${worker.actor.id} never gets the key: it stays held by ${holders} past the scene's 30-day limit`)
			world.stopped = true
			return { shown: send.label.value, computed: 'never granted', outcome: { kind: 'none', reason: 'never granted' } }
		}
	}
	const { outcome, actual, engine, facts } = holdOutcome(world, store, worker, current)
	const read = readText(send.label.value)
	const showsLease = read.numbers.some(n => n.role === 'fence' || (n.role === 'holders' && read.numbers.some(m => m.role === 'limit')))
	const implied = showsLease && !said.some(s => s !== 'granted')
	const report = world.reporterFor(send.label)
	const deniedLease = implied && !actual.includes('granted')
	// A label that shows a lease the engine did not give is one lie: say it once, not once per number.
	const { marks } = world.checkText(send.label, facts, deniedLease ? { report: () => {} } : {})
	if (deniedLease) {
		const first = read.numbers.find(n => n.role === 'fence' || n.role === 'holders')
		report(first?.offset ?? 0, `the label shows a lease, but ${engine}`)
	}
	checkOutcomes(read, 'lock-answer', { actual, engine, required: SAY, implied }, report)
	return { shown: read.shown, computed: wordOutcome(outcome), outcome, marks }
}

/** What the engine answered a hold, in the frame's terms and the vocabulary's. */
function holdOutcome(world: World, store: StoreActor, worker: WorkerActor, hold: Hold): { outcome: Outcome; actual: Said[]; engine: string; facts: Fact[] } {
	const holders = world.holdersOf(store)
	const limit = store.actor.limit ?? 1
	const id = worker.actor.id
	if (hold.lease) {
		hold.shown = true
		const facts: Fact[] = []
		const outcome: Outcome = { kind: 'granted', holders: holders.length, limit }
		if (hold.lease.fence !== undefined) {
			outcome.fence = showFence(hold.lease.fence)
			facts.push({ role: 'fence', value: hold.lease.fence }, { role: 'epoch', value: store.store.epoch })
		}
		facts.push(
			{ role: 'holders', value: BigInt(holders.length) },
			{ role: 'limit', value: BigInt(limit) },
			{ role: 'time', value: BigInt(world.clock.now() - hold.askedAt), cue: 'wait' },
		)
		world.stepFacts.push(...facts)
		return { outcome, actual: ['granted'], engine: `the engine gave ${id} a lease (${wordOutcome(outcome)})`, facts }
	}
	const facts: Fact[] = [
		{ role: 'holders', value: BigInt(holders.length) },
		{ role: 'limit', value: BigInt(limit) },
		{ role: 'waiting', value: BigInt(world.locks(store).waiting(world.key)) },
	]
	for (const lease of world.locks(store).holders(world.key)) if (lease.fence !== undefined) facts.push({ role: 'fence', value: lease.fence })
	world.stepFacts.push(...facts)
	hold.shown = hold.failed !== undefined
	if (hold.failed && hold.tryOnly) {
		const full = store.actor.limit !== undefined
		const outcome: Outcome = full ? { kind: 'full', holders, limit } : { kind: 'busy', holders }
		return { outcome, actual: full ? ['full', 'busy'] : ['busy'], engine: `the engine refused ${id}: the key is held by ${holders.join(', ')}`, facts }
	}
	if (hold.failed) {
		const waitedMs = world.clock.now() - hold.askedAt
		facts.push({ role: 'time', value: BigInt(waitedMs), cue: 'wait' })
		const outcome: Outcome = { kind: 'gave-up', waitedMs, holders }
		return { outcome, actual: ['gave-up', 'busy'], engine: `${id} gave up after its ${showTime(hold.wait ?? waitedMs)} wait (${hold.failed.code}): the key was held by ${holders.join(', ') || 'no one'}`, facts }
	}
	const outcome: Outcome = { kind: 'waiting', holders }
	return { outcome, actual: ['waiting'], engine: `${id} is still waiting in line behind ${holders.join(', ')}`, facts }
}

/** The lock's answer to a worker's renew or release. */
async function answerRequest(world: World, send: Send, worker: WorkerActor) {
	const pending = worker.pending
	worker.pending = undefined
	const id = worker.actor.id
	let outcome: Outcome
	let actual: Said[]
	let engine: string
	const facts: Fact[] = []
	const fence = worker.hold?.lease?.fence
	if (fence !== undefined) facts.push({ role: 'fence', value: fence })
	if (pending?.kind === 'renew' && pending.ok) {
		const expiresAt = worker.hold?.lease?.expiresAt ?? world.clock.now()
		outcome = { kind: 'renewed', expiresAt }
		actual = ['renewed', 'granted']
		engine = `the engine renewed ${id}'s lease until ${showTime(expiresAt)}`
		facts.push({ role: 'time', value: BigInt(expiresAt), cue: 'now' })
	} else if (pending?.kind === 'renew') {
		outcome = { kind: 'renew-failed', reason: pending.reason ?? 'none' }
		actual = pending.reason === 'released' ? ['released', 'busy'] : ['lost', 'busy']
		engine = `the engine refused ${id}'s renewal: ${pending.reason === 'none' ? 'it holds no lease' : `its lease was ${pending.reason}`}`
	} else {
		outcome = pending?.next ? { kind: 'released', next: pending.next } : { kind: 'released' }
		actual = ['released']
		engine = `the engine released ${id}'s lease`
	}
	const { read, marks } = world.checkText(send.label, facts)
	checkOutcomes(read, 'lock-answer', { actual, engine, required: `say what the lock answered ${id}'s ${pending?.kind}: ${pending?.kind === 'renew' ? 'renewed or lost' : 'released'}` }, world.reporterFor(send.label))
	return { shown: read.shown, computed: wordOutcome(outcome), outcome, marks }
}
