/** `strike ID "text"`: strikes out the actor's label, which must be the text given; it claims the label no longer holds. */
import type { Strike } from '../../../../scene-parser/index.ts'
import type { VerbHandler } from '../stage.ts'

export const strike: VerbHandler<Strike> = (stage, statement, step) => {
	const id = statement.actor.id
	const crashed = stage.labels.crashed(id)
	const problem = stage.labels.strike(id, statement.text, step.index)
	if (problem === undefined) return
	// Striking "crashed" restarts a crashed worker's process: one whose label does not say so has no crash to come back from.
	const restart = stage.world.kinds.get(id) === 'worker' && /\bcrashed\b/i.test(statement.text.value) && !crashed
	stage.world.report(statement.text.position, restart ? `${problem}; striking "${statement.text.value}" restarts a crashed process, and ${id}'s label does not say it crashed (set ${id} "crashed" in an earlier step)` : problem)
}
