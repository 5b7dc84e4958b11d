/**
 * `set ID "text"`: an actor's state label, and in a step a check of what it claims. A worker may
 * say holding, waiting (first in line ...), lost, free, saved or refused; a lock free, held,
 * held by X and Y, or full; a database its row's fence and whose summary it keeps. Numbers must
 * be the engine's; other words are free.
 */
import type { SetState } from '../../../../scene-parser/index.ts'
import type { Fact } from '../claims/check.ts'
import { checkOutcomes } from '../claims/outcome.ts'
import type { ReadText } from '../claims/read-text.ts'
import type { Said } from '../claims/vocabulary.ts'
import type { DatabaseActor, StoreActor, WorkerActor, World } from '../world.ts'
import type { VerbHandler } from './verb.ts'

export const set: VerbHandler<SetState> = (world, statement) => {
	const id = statement.actor.id
	const worker = world.workers.get(id)
	const store = world.stores.get(id)
	const database = world.databases.get(id)
	let checked: { read: ReadText; marks: ReturnType<World['checkText']>['marks'] }
	if (worker) checked = workerState(world, statement, worker)
	else if (store) checked = storeState(world, statement, store)
	else if (database) checked = databaseState(world, statement, database)
	else checked = world.checkText(statement.text, [...world.stepFacts, ...world.stateFacts()])
	world.setLabel(id, checked.read.shown, checked.marks)
}

function workerState(world: World, statement: SetState, worker: WorkerActor) {
	const id = worker.actor.id
	const hold = worker.hold
	const facts: Fact[] = []
	if (hold?.lease?.fence !== undefined) facts.push({ role: 'fence', value: hold.lease.fence })
	for (const write of worker.writes.values()) facts.push({ role: 'fence', value: write.fence })
	const actual: Said[] = []
	let engine: string
	const live = world.liveLease(worker)
	const waiters = hold ? world.waitersOf(hold.store) : []
	const place = waiters.indexOf(worker)
	if (live) {
		actual.push('holding')
		engine = `${id} holds a live lease`
	} else if (place >= 0) {
		actual.push('waiting', 'free')
		facts.push({ role: 'position', value: BigInt(place + 1) }, { role: 'waiting', value: BigInt(waiters.length) })
		engine = `${id} is ${ordinal(place + 1)} in line`
	} else if (hold?.lease && (hold.lease.lost || hold.gone)) {
		actual.push('lost', 'free')
		engine = `${id}'s lease was lost`
	} else {
		actual.push('free')
		engine = `${id} holds no lease`
	}
	const writes = [...worker.writes.values()]
	const last = writes[writes.length - 1]
	if (last) actual.push(last.changed ? 'saved' : 'refused')
	if (last) engine += `, and its last write was ${last.changed ? 'saved' : 'refused'}`
	const checked = world.checkText(statement.text, facts)
	checkOutcomes(checked.read, 'worker-state', { actual, engine }, world.reporterFor(statement.text))
	return checked
}

function storeState(world: World, statement: SetState, store: StoreActor) {
	const holders = world.holdersOf(store)
	const limit = store.actor.limit ?? 1
	const facts: Fact[] = [
		{ role: 'epoch', value: store.store.epoch },
		{ role: 'holders', value: BigInt(holders.length) },
		{ role: 'limit', value: BigInt(limit) },
		{ role: 'waiting', value: BigInt(world.locks(store).waiting(world.key)) },
	]
	if (store.lastFence !== undefined) facts.push({ role: 'fence', value: store.lastFence })
	const actual: Said[] = holders.length === 0 ? ['free'] : holders.length >= limit ? ['held', 'full'] : ['held']
	const engine = holders.length === 0 ? `the key of ${store.actor.id} is free` : `${store.actor.id}'s key is held by ${holders.join(', ')}${store.actor.limit ? ` (${holders.length} of ${limit})` : ''}`
	const checked = world.checkText(statement.text, facts)
	const report = world.reporterFor(statement.text)
	checkOutcomes(checked.read, 'store-state', { actual, engine }, report)
	for (const list of checked.read.names) {
		const named = new Set<string>()
		for (const name of list.names) {
			const actor = world.resolveName(name.text)
			if (actor === undefined) report(name.offset, `"${name.text}" names no actor of this scene`)
			else named.add(actor)
		}
		const same = named.size === holders.length && holders.every(h => named.has(h))
		if (!same && named.size > 0) report(list.offset, `the text says held by ${[...named].join(', ')}, but ${engine}`)
	}
	return checked
}

function databaseState(world: World, statement: SetState, database: DatabaseActor) {
	const checked = world.checkText(statement.text, [{ role: 'fence', value: world.storedFence(database) }])
	const report = world.reporterFor(statement.text)
	checkOutcomes(checked.read, 'db-state', { actual: [], engine: '' }, report)
	for (const list of checked.read.names) {
		for (const name of list.names) {
			const actor = world.resolveName(name.text)
			if (actor === undefined) report(name.offset, `"${name.text}" names no actor of this scene`)
			else if (actor !== database.writer) report(name.offset, `the row keeps ${database.writer ? `${database.writer}'s` : 'no'} summary, not ${actor}'s`)
		}
	}
	return checked
}

function ordinal(n: number): string {
	return ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'][n - 1] ?? `number ${n}`
}
