/**
 * How a step moves a worker whose code the scene runs: the worker's code runs on to its next act,
 * which must be the one the statement shows (a hold, a write, a release...), and then that act
 * happens. What the code did instead is the error, at the statement and in the code's words.
 */
import type { Position } from '../../../scene-parser/index.ts'
import type { Act } from './process.ts'
import type { Stage } from './stage.ts'
import type { WorkerActor } from './world.ts'

/** What a statement may let a worker's code do. */
type ActKind = Act['kind'] | 'try'

/** The act in a sentence: `asks for the key (line 2)`. */
function actWords(act: Act, line: number | undefined): string {
	const at = line === undefined ? '' : ` (line ${line})`
	switch (act.kind) {
		case 'ask':
			return `${act.tryOnly ? 'tries the key of' : 'asks for the key of'} ${act.store.actor.id}${at}`
		case 'release':
			return `lets go of its lease${at}`
		case 'renew':
			return `renews its lease by hand${at}`
		case 'write':
			return `writes ${act.database.actor.id}${at}`
		case 'advance':
			return `moves the clock on ${act.ms} ms${at}`
	}
}

function matches(act: Act, kinds: readonly ActKind[], target: string | undefined): boolean {
	const kind: ActKind = act.kind === 'ask' && act.tryOnly ? 'try' : act.kind
	if (!kinds.includes(kind)) return false
	if (target === undefined) return true
	if (act.kind === 'write') return act.database.actor.id === target
	if (act.kind === 'advance') return true
	return act.store.actor.id === target
}

/**
 * Runs the worker's code to its next act; when it is one of `kinds` (on `target`, the store or
 * database the statement names), lets it happen (after `before`, which may run the clock) and
 * returns it. Otherwise reports what the code does instead at `position` and returns undefined.
 * `shows` words what the statement shows.
 */
export async function moveWorker(
	stage: Stage,
	worker: WorkerActor,
	kinds: readonly ActKind[],
	target: string | undefined,
	position: Position,
	shows: string,
	before?: (act: Act) => Promise<void>,
): Promise<Act | undefined> {
	const { world } = stage
	const id = worker.actor.id
	const process = world.processes.get(id)
	if (!process) return undefined
	if (world.processStates.crashed(id)) {
		world.report(position, `${id} ${shows}, but ${id}'s process crashed: it does nothing more until it restarts (strike ${id} "crashed" in the step it comes back)`)
		return undefined
	}
	if (world.processStates.paused(id)) {
		world.report(position, `${id} ${shows}, but ${id}'s process is paused: a paused process runs no code; wake it first (strike its paused label, or set another)`)
		return undefined
	}
	let stop = await process.next()
	// Letting go of a lease that is gone already (it ran out, its store restarted) does nothing the scene could show: the code goes on.
	while (stop.kind === 'act' && stop.parked.act.kind === 'release' && stop.parked.act.lease.lost && !kinds.includes('release')) {
		await process.permit()
		stop = await process.next()
	}
	switch (stop.kind) {
		case 'act': {
			const act = stop.parked.act
			if (!matches(act, kinds, target)) {
				world.report(position, `${id} ${shows}, but ${id}'s code ${actWords(act, stop.parked.line)} next`)
				return undefined
			}
			if (before) await before(act)
			world.statement = position
			await process.permit()
			world.statement = undefined
			return act
		}
		case 'ended':
			world.report(position, `${id} ${shows}, but ${id}'s code has ended`)
			return undefined
		case 'failed':
			world.report(position, `${id} ${shows}, but ${id}'s code failed${stop.line === undefined ? '' : ` at line ${stop.line}`}`)
			return undefined
		case 'blocked':
			world.report(position, `${id} ${shows}, but ${id}'s code is waiting${stop.line === undefined ? '' : ` at line ${stop.line}`}${worker.hold && !worker.hold.lease && !worker.hold.failed ? ', in line for the key' : ''}`)
			return undefined
	}
}
