/**
 * What a scene's execution did, read from its frames, in the terms a program's outcome line uses:
 * each lease a lock gave a worker (a message whose outcome is a grant with a fence), and each write a
 * worker ran on a database (a message whose outcome is a write: taken when it changed the row), in
 * the order of the steps. A semaphore's grants carry no fence and are left out.
 */
import { fenceOf } from '../../src/scenes/claims/index.ts'
import type { SceneFrames } from '../../src/scenes/frame.ts'

/** An actor of the scene, as a block's worker may name it. */
export interface SceneActor {
	id: string
	label: string
}

/** A lease the scene's lock gave a worker (by the actor's id). */
export interface SceneGrant {
	worker: string
	fence: bigint
}

/** A write a worker (by the actor's id) ran on the scene's database, and the fence it carried. */
export interface SceneWrite {
	worker: string
	taken: boolean
	fence?: bigint
}

/** The scene's grants and writes, in order, with its actors. */
export interface SceneOutcome {
	actors: SceneActor[]
	grants: SceneGrant[]
	writes: SceneWrite[]
}

/** The grants and writes of a scene's frames. */
export function sceneOutcome(scene: SceneFrames): SceneOutcome {
	const grants: SceneGrant[] = []
	const writes: SceneWrite[] = []
	for (const frame of scene.frames) {
		for (const message of frame.messages) {
			const outcome = message.outcome
			if (outcome?.kind === 'granted' && outcome.fence !== undefined) grants.push({ worker: message.to, fence: fence(outcome.fence) })
			if (outcome?.kind === 'write') {
				const carried = fence(outcome.fence)
				writes.push({ worker: message.from, taken: outcome.changed, ...(carried === 0n ? {} : { fence: carried }) })
			}
		}
	}
	const actors = (scene.frames[0]?.actors ?? []).map(actor => ({ id: actor.id, label: actor.label }))
	return { actors, grants, writes }
}

/** A frame's fence (`7`, `5000:1`) as its number. */
function fence(text: string): bigint {
	const read = fenceOf(text)
	if (typeof read === 'string' || read.type !== 'fence') throw new Error(`a frame's fence: ${String(read)}`)
	return read.value
}
