/**
 * The scene engine in the reader's browser: sql.js from this site's origin, the same compiler as the build, and a comparison.
 */
import initSqlJs from 'sql.js'
import type { SqlJsStatic } from 'sql.js'
import wasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url'
import { sqlJsDriver } from '../simulation/index.ts'
import { compileScene } from '../simulation/index.ts'
import type { OpenDriver } from '../simulation/index.ts'
import { jsonDifferences } from './frame-diff.ts'
import type { SceneData } from '../scene-figure.ts'

let sqlJs: Promise<SqlJsStatic> | undefined

/** sql.js, loaded once per page, its wasm fetched from this site (never a CDN). */
export function loadSqlJs(): Promise<SqlJsStatic> {
	sqlJs ??= initSqlJs({ locateFile: () => wasmUrl })
	return sqlJs
}

/** Opens engine drivers on sql.js in this browser (a page or a worker), loading it first. */
export async function openSqlJsDriver(): Promise<OpenDriver> {
	const SQL = await loadSqlJs()
	return bytes => sqlJsDriver(SQL, bytes)
}

/** What the reader's browser computed for a scene, and where it differs from the build's frames. */
export interface Verification {
	frames: unknown
	differences: string[]
}

/** Recomputes the scene's frames on sql.js and lists where they differ from the build's (none: verified). */
export async function verifyScene(data: SceneData): Promise<Verification> {
	// The build's compiled sample: the page runs the same program without loading a transpiler.
	const scene = await compileScene(data.source, data.origin, await openSqlJsDriver(), data.scene.sample ? { sample: data.scene.sample } : {})
	// Through JSON, as the build's frames came: undefined fields drop out on both sides alike.
	const frames: unknown = JSON.parse(JSON.stringify(scene))
	return { frames, differences: jsonDifferences(data.scene, frames) }
}

/** A note at the top of a scene, for its reader: its frames differ from the build's, or could not be computed here. */
function note(figure: HTMLElement, text: string): void {
	const shown = figure.querySelector('.scene-mismatch') ?? document.createElement('p')
	shown.className = 'scene-mismatch'
	shown.setAttribute('role', 'alert')
	shown.textContent = text
	figure.prepend(shown)
}

/** Verifies a scene's figure and marks it `data-verified` ok, mismatch or failed, with a note when not ok. */
export async function verifyFigure(figure: HTMLElement, data: SceneData): Promise<void> {
	try {
		const { frames, differences } = await verifyScene(data)
		// The browser tests compare these with the frames the engine computes in Node.
		Object.assign(figure, { sceneBrowserFrames: frames })
		figure.dataset['verified'] = differences.length === 0 ? 'ok' : 'mismatch'
		if (differences.length > 0) note(figure, `This scene's frames differ from the build's: ${differences.join('; ')}`)
	} catch (error) {
		figure.dataset['verified'] = 'failed'
		note(figure, `This scene could not be checked in your browser: ${error instanceof Error ? error.message : String(error)}`)
	}
}
