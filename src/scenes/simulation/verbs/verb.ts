/** What a verb of the DSL is to the simulation: a handler that runs one statement on the world. */
import type { FrameMessage } from '../../frame.ts'
import type { World } from '../world.ts'

/** The step being run: the messages its sends produced, in order. */
export interface StepRun {
	messages: FrameMessage[]
}

/** Runs one statement of a step on the engine, reporting what it claims that the engine denies. */
export type VerbHandler<S> = (world: World, statement: S, step: StepRun) => Promise<void> | void
