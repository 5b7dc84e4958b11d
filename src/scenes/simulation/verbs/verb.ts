/** What a verb of the DSL is to the simulation: a handler that runs one statement on the stage. */
import type { FrameMessage } from '../../frame.ts'
import type { Stage } from '../stage.ts'

/** The step being run: its frame's index and the messages its sends made, in order. */
export interface StepRun {
	index: number
	messages: FrameMessage[]
}

/** Runs one statement of a step on the engine; what its texts claim is checked once the scene has run. */
export type VerbHandler<S> = (stage: Stage, statement: S, step: StepRun) => Promise<void> | void

/** The handlers of a scene's step statements, by the kind of statement each runs. */
export type VerbTable = Readonly<Record<string, VerbHandler<never>>>
