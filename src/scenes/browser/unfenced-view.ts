/**
 * "Without fences": the scene's own story run again by the engine in this page, on databases that
 * check no fence, and drawn like the guide's frames; loaded on the switch's first press.
 */
import { compileScene } from '../simulation/index.ts'
import { renderStages } from '../render/index.ts'
import { formatMessage } from '../frame-format.ts'
import { wordedWithoutFences } from '../unfenced-words.ts'
import type { SceneData } from '../scene-figure.ts'
import type { PlayerControl, SceneView } from './player-control.ts'
import { openSqlJsDriver } from './verify-scene.ts'

/** The scene's frames without fences, drawn in both layouts with their timeline. */
export async function unfencedView(data: SceneData): Promise<SceneView> {
	const scene = await compileScene(data.source, data.origin, await openSqlJsDriver(), { withoutFences: true, ...(data.scene.sample ? { sample: data.scene.sample } : {}) })
	if (scene.frames.length === 0) throw new Error(scene.diagnostics.map(formatMessage).join('; ') || 'the engine gave no frames')
	const frames = wordedWithoutFences(scene.frames)
	const { wide, narrow, timeline } = renderStages(frames, { id: data.id })
	return { frames, svgs: wide, narrowSvgs: narrow, timeline }
}

/** Each figure's switch position: the run it asked for last, so a slow run does not land after the reader turned it off. */
const wanted = new WeakMap<HTMLElement, boolean>()

/** Turns the figure's "Without fences" switch (to `on`, else over) and shows that run at the same step; a run that fails says why beside the switch. */
export async function switchFences(player: PlayerControl & { engage(): void; pause(): void }, on = !player.figure.hasAttribute('data-unfenced')): Promise<void> {
	const { figure } = player
	const button = figure.querySelector<HTMLElement>('[data-action=without-fences]')
	if (!button || on === figure.hasAttribute('data-unfenced')) return
	player.engage()
	player.pause()
	wanted.set(figure, on)
	button.ariaChecked = String(on)
	figure.toggleAttribute('data-unfenced', on)
	try {
		const view = on ? await unfencedView(player.data) : undefined
		if (wanted.get(figure) !== on) return
		player.present(view, false)
		player.show(player.step, { animate: false, link: false })
	} catch (error) {
		button.ariaChecked = 'false'
		figure.removeAttribute('data-unfenced')
		const note = button.nextElementSibling
		if (note) note.textContent = `The story could not be run without fences here: ${error instanceof Error ? error.message : String(error)}`
	}
}
