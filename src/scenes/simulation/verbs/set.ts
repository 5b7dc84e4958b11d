/** `set ID "text"`: an actor's state label, shown from this step until it is set again or struck; what it says is checked at every step it shows in. */
import type { SetState } from '../../../../scene-parser/index.ts'
import type { VerbHandler } from '../stage.ts'

export const set: VerbHandler<SetState> = (stage, statement, step) => {
	const actor = statement.actor.id
	const sent = stage.world.record.since(0).filter(h => h.kind === 'sent' && h.from === actor).length
	const pauses = stage.world.kinds.get(actor) === 'worker' && stage.texts.read(statement.text, 'worker-state').clauses.some(clause => clause.form.pauses === true)
	stage.labels.set(actor, statement.text, step.index, sent, pauses, stage.world.clock.now())
}
