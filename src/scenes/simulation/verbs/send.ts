/** `send FROM -> TO "label"`: a message, whose meaning comes from the two actors' kinds. */
import type { Send } from '../../../../scene-parser/index.ts'
import type { MessageFacts, Place } from '../../claims/index.ts'
import { messagePlace } from '../cast.ts'
import type { FrameMessage } from '../../frame.ts'
import { answer } from './answer.ts'
import { ask } from './ask.ts'
import { grant } from './grant.ts'
import type { MessageKind } from './message.ts'
import { note } from './note.ts'
import type { VerbHandler } from '../stage.ts'
import { write } from './write.ts'

/** How each kind of message runs, by the place its label is read in (`messagePlace`). */
const MESSAGES: Partial<Record<Place, MessageKind>> = { 'lock-answer': grant, ask, write, 'db-answer': answer }

export const send: VerbHandler<Send> = async (stage, statement, step) => {
	const { world, texts } = stage
	const kinds = world.kinds
	const place = messagePlace(kinds.get(statement.from.id), kinds.get(statement.to.id))
	const kind = MESSAGES[place] ?? note
	const mark = world.record.mark()
	world.record.happen({ kind: 'sent', at: world.clock.now(), from: statement.from.id, to: statement.to.id })
	const { outcome, earlier = [] } = await kind.run(stage, statement, step)
	const message: FrameMessage = { from: statement.from.id, to: statement.to.id, label: statement.label.value, outcome }
	if (statement.color) message.color = statement.color
	const index = step.messages.length
	step.messages.push(message)
	const facts: MessageFacts = { from: statement.from.id, to: statement.to.id, happenings: [...earlier, ...world.record.since(mark)] }
	// A lock's answer says what is true right after it (that its worker still waits); a note, what its sender knew when it sent it.
	if (place === 'lock-answer' || kind === note) facts.after = world.record.snapshot()
	if (kind === note) facts.sofar = world.record.since(0)
	const answers = kind === answer ? world.lastWrite(statement.to.id, statement.from.id) : undefined
	if (answers) facts.answers = answers
	texts.add({
		text: statement.label,
		place,
		read: texts.read(statement.label, place),
		frame: step.index,
		world: facts.after,
		message: facts,
		how: outcome.kind === 'none' ? 'read' : 'claim',
		where: { kind: 'message', index },
		marked: marks => {
			if (marks.length > 0) message.marks = marks
		},
	})
}
