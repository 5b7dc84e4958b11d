/** What a kind of message is to the simulation: a handler that runs it on the engine and says what the engine did. */
import type { Send } from '../../../../scene-parser/index.ts'
import type { Happening } from '../../claims/index.ts'
import type { Outcome } from '../../frame.ts'
import type { Stage } from '../stage.ts'
import type { StepRun } from '../stage.ts'

/** What the engine did for a message: its outcome, and what happened earlier that it answers (a renewal's result). */
export interface MessageRun {
	outcome: Outcome
	earlier?: Happening[]
}

/** Runs one kind of message. */
export interface MessageKind {
	run(stage: Stage, send: Send, step: StepRun): Promise<MessageRun>
}
