/**
 * When a step's labels pause, wake, crash or restart a worker's process (a struck "crashed" label
 * restarts it): where the label is written, but a wake or a restart, which comes before the worker's first move in the step when it is written after it (a label
 * tells the worker's state as the step ends: the seed's "A wakes and saves" strikes the paused label
 * after the save), unless a wait lies between (the time passed while it slept). A pause or a crash is never moved: written before the worker's last move, it comes
 * first, and that move is then a paused (or crashed) worker's, which is an error.
 */
import type { StepStatement } from '../../../scene-parser/index.ts'
import type { Stage } from './stage.ts'

/** A change to a worker's process, at a place among the step's statements: statement i is at 2i, between them at odd numbers. */
interface ProcessEvent {
	at: number
	worker: string
	kind: 'pause' | 'wake' | 'crash' | 'restart'
}

/** The statements that move a worker: what it sends (but an answer to it), the lock's answers to it, its release. */
function movers(statement: StepStatement, kinds: Stage['world']['kinds']): string[] {
	if (statement.kind === 'release') return [statement.actor.id]
	if (statement.kind !== 'send') return []
	const from = kinds.get(statement.from.id)
	const to = kinds.get(statement.to.id)
	if (from === 'worker') return [statement.from.id]
	if (from === 'store' && to === 'worker') return [statement.to.id]
	return []
}

/** The process changes a step's statements make, in the order they happen. */
export function processEvents(stage: Stage, statements: readonly StepStatement[]): ProcessEvent[] {
	const { world, texts, labels } = stage
	const first = new Map<string, number>()
	for (const [index, statement] of statements.entries()) {
		for (const worker of movers(statement, world.kinds)) if (!first.has(worker)) first.set(worker, index)
	}
	// Each worker's label as the step goes: whether it pauses, and whether that pause is a crash.
	const state = new Map<string, 'running' | 'paused' | 'crashed'>()
	const stateOf = (worker: string): 'running' | 'paused' | 'crashed' => {
		const known = state.get(worker)
		if (known) return known
		return labels.crashed(worker) ? 'crashed' : labels.paused(worker) ? 'paused' : 'running'
	}
	const events: ProcessEvent[] = []
	for (const [index, statement] of statements.entries()) {
		if (statement.kind !== 'set' && statement.kind !== 'strike') continue
		const worker = statement.actor.id
		if (world.kinds.get(worker) !== 'worker') continue
		const before = stateOf(worker)
		let after = before
		if (statement.kind === 'strike') {
			// Striking a paused label wakes the process; striking a crashed one starts a new process of the worker (a restart).
			if (before === 'paused' || before === 'crashed') after = 'running'
		} else {
			const pauses = texts.read(statement.text, 'worker-state').clauses.some(clause => clause.form.pauses === true)
			after = pauses ? (/\bcrashed\b/i.test(statement.text.value) ? 'crashed' : 'paused') : before === 'crashed' ? 'crashed' : 'running'
		}
		state.set(worker, after)
		if (after === before) continue
		const at = 2 * index
		if (after === 'running') {
			// A wake (or a restart) moves to the worker's first move across no wait: time that passes between them passed while it slept.
			const from = first.get(worker) ?? index
			const slept = statements.slice(from, index).some(between => between.kind === 'wait')
			events.push({ at: slept ? at : Math.min(at, 2 * from - 1), worker, kind: before === 'crashed' ? 'restart' : 'wake' })
		}
		else events.push({ at, worker, kind: after === 'crashed' ? 'crash' : 'pause' })
	}
	return events.sort((a, b) => a.at - b.at)
}
