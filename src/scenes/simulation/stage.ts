/** What a verb works on: the world and its engine, the scene's texts, and the actors' state labels. */
import type { Labels } from './labels.ts'
import type { VerbTable } from './verbs/verb.ts'
import type { SceneTexts } from './texts.ts'
import type { World } from './world.ts'

export interface Stage {
	world: World
	texts: SceneTexts
	labels: Labels
	/** The handler of each kind of step statement. */
	verbs: VerbTable
}
