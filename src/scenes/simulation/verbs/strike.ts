/** `strike ID "text"`: strikes out the actor's label, which must be the text given; it claims the label no longer holds. */
import type { Strike } from '../../../../scene-parser/index.ts'
import type { VerbHandler } from '../stage.ts'

export const strike: VerbHandler<Strike> = (stage, statement, step) => {
	const problem = stage.labels.strike(statement.actor.id, statement.text, step.index)
	if (problem !== undefined) stage.world.report(statement.text.position, problem)
}
