/** What a verb works on (the world and its engine, the scene's texts, the actors' labels) and what a verb is. */
import type { FrameMessage } from '../frame.ts'
import type { Labels } from './labels.ts'
import type { SceneTexts } from './texts.ts'
import type { World } from './world.ts'

export interface Stage {
	world: World
	texts: SceneTexts
	labels: Labels
	/** The handler of each kind of step statement. */
	verbs: VerbTable
}

/** The step being run: its frame's index and the messages its sends made, in order. */
export interface StepRun {
	index: number
	messages: FrameMessage[]
}

/** Runs one statement of a step on the engine; what its texts claim is checked once the scene has run. */
export type VerbHandler<S> = (stage: Stage, statement: S, step: StepRun) => Promise<void> | void

/** The handlers of a scene's step statements, by the kind of statement each runs. */
export type VerbTable = Readonly<Record<string, VerbHandler<never>>>
