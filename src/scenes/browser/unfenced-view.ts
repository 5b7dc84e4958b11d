/**
 * "Without fences": the scene's own story run again by the engine in this page, on databases that
 * check no fence, and drawn like the guide's frames; loaded on the switch's first press.
 */
import { compileScene } from '../simulation/index.ts'
import { renderStages } from '../render/index.ts'
import { formatMessage } from '../frame-format.ts'
import { wordedWithoutFences } from '../unfenced-words.ts'
import type { SceneData } from '../scene-figure.ts'
import type { SceneView } from './player-control.ts'
import { openSqlJsDriver } from './verify-scene.ts'

/** The scene's frames without fences, drawn in both layouts with their timeline. */
export async function unfencedView(data: SceneData): Promise<SceneView> {
	const scene = await compileScene(data.source, data.origin, await openSqlJsDriver(), { withoutFences: true, ...(data.scene.sample ? { sample: data.scene.sample } : {}) })
	if (scene.frames.length === 0) throw new Error(scene.diagnostics.map(formatMessage).join('; ') || 'the engine gave no frames')
	const frames = wordedWithoutFences(scene.frames)
	const { wide, narrow, timeline } = renderStages(frames, { id: data.id })
	return { frames, svgs: wide, narrowSvgs: narrow, timeline }
}
