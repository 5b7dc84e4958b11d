/** `send FROM -> TO "label"`: a message, whose meaning comes from the two actors' kinds. */
import type { Send } from '../../../../scene-parser/index.ts'
import type { FrameMessage } from '../../frame.ts'
import type { Kind, World } from '../world.ts'
import { answer } from './answer.ts'
import { ask } from './ask.ts'
import { grant } from './grant.ts'
import { note } from './note.ts'
import type { VerbHandler } from './verb.ts'
import { write } from './write.ts'

/** Runs one kind of message on the engine; returns what the frame shows of it. */
export type MessageHandler = (world: World, send: Send) => Promise<Omit<FrameMessage, 'from' | 'to' | 'label' | 'color'> & { shown: string }>

/** The messages the engine answers, by the kinds of their two actors; any other is a note. */
const MESSAGES: Partial<Record<`${Kind}->${Kind}`, MessageHandler>> = {
	'store->worker': grant,
	'worker->store': ask,
	'worker->database': write,
	'database->worker': answer,
}

export const send: VerbHandler<Send> = async (world, statement, step) => {
	const key = `${world.kinds.get(statement.from.id)}->${world.kinds.get(statement.to.id)}` as `${Kind}->${Kind}`
	const handler = MESSAGES[key] ?? note
	const { shown, ...result } = await handler(world, statement)
	const message: FrameMessage = { from: statement.from.id, to: statement.to.id, label: shown, ...result }
	if (statement.color) message.color = statement.color
	step.messages.push(message)
}
