/**
 * The scene a block stands beside: the nearest scene block above it on its page, or the one of the
 * page its setup names by id (`doctest: plays scene fences-restart`), found, named and computed as the
 * site's build does (`findSceneBlocks`, `assignSceneIds`, `compileScene` on better-sqlite3 with the
 * sample compiler), so the frames a block is compared with are the ones the page shows.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { SceneFrames } from '../../src/scenes/frame.ts'
import { findSceneBlocks } from '../../src/scenes/markdown/scene-blocks.ts'
import { assignSceneIds } from '../../src/scenes/markdown/scene-ids.ts'
import { openNodeDriver } from '../../src/scenes/node-sqlite/node-drivers.ts'
import { compileSample } from '../../src/scenes/sample/compile.ts'
import { compileScene } from '../../src/scenes/simulation/index.ts'

/** A scene of a page, computed. */
export interface PageScene {
	id: string
	/** The line of its opening fence, as a block's place is written. */
	line: number
	frames: SceneFrames
}

/** Which scene a setup says its program plays: the nearest above its block, or the page's scene of that id. */
export type ScenePlayed = { above: true } | { id: string }

const computed = new Map<string, Promise<PageScene[]>>()

/** Every scene of a page (from the repository's root), computed once per run. */
export function pageScenes(root: string, file: string): Promise<PageScene[]> {
	let scenes = computed.get(`${root}\n${file}`)
	if (scenes === undefined) {
		scenes = compute(root, file)
		computed.set(`${root}\n${file}`, scenes)
	}
	return scenes
}

async function compute(root: string, file: string): Promise<PageScene[]> {
	const blocks = findSceneBlocks(readFileSync(join(root, file), 'utf8'), { mdx: file.endsWith('.mdx') })
	const origins = blocks.map(block => ({ source: block.text, origin: { file, line: block.line, column: block.column } }))
	const { ids } = assignSceneIds(origins)
	const scenes: PageScene[] = []
	for (const [index, { source, origin }] of origins.entries()) {
		scenes.push({ id: ids[index] as string, line: origin.line - 1, frames: await compileScene(source, origin, openNodeDriver, { compileSample }) })
	}
	return scenes
}

/** The scene a block at `line` of `file` plays, or an error that names what the page has. */
export async function sceneBeside(root: string, file: string, line: number, played: ScenePlayed): Promise<PageScene> {
	const scenes = await pageScenes(root, file)
	const scene = 'id' in played ? scenes.find(s => s.id === played.id) : scenes.filter(s => s.line < line).at(-1)
	if (scene === undefined) {
		const has = scenes.length === 0 ? 'the page has no scene' : `its scenes: ${scenes.map(s => `${s.id} (line ${s.line})`).join(', ')}`
		throw new Error('id' in played ? `its setup plays scene "${played.id}", which ${file} has not (${has})` : `its setup plays the scene above it, and no scene is above line ${line} of ${file} (${has})`)
	}
	if (scene.frames.diagnostics.length > 0) {
		const first = scene.frames.diagnostics[0] as { line: number; column: number; message: string }
		throw new Error(`it plays the scene ${scene.id} at ${file}:${scene.line}, which does not verify (${file}:${first.line}:${first.column}: ${first.message}; npm run scenes -- check ${file})`)
	}
	return scene
}
