/** `strike ID "text"`: strikes out the actor's state label, which must be the text given. */
import type { Strike } from '../../../../scene-parser/index.ts'
import { readText } from '../claims/read-text.ts'
import type { VerbHandler } from './verb.ts'

export const strike: VerbHandler<Strike> = (world, statement) => {
	const id = statement.actor.id
	const current = world.labels.get(id)
	const text = readText(statement.text.value).shown
	if (!current || current.text !== text) {
		const now = current ? `its label is "${current.text}"` : 'it has no label'
		world.report(statement.text.position, `cannot strike "${text}" on ${id}: ${now}`)
		world.setLabel(id, text, [])
	}
	world.strikeLabel(id)
}
