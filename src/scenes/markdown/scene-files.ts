/**
 * The scene data a build publishes as files beside its pages (`/_scenes/<page>/<id>.json`): a later
 * scene's data, which the player fetches when the scene nears the view, so the page's HTML does not
 * carry every step's drawings of scenes the reader has not reached (issue 31: Fences' HTML was 1 MB,
 * 694 KB of it six scenes' data).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { SceneData } from '../scene-figure.ts'

/** The folder of the published files, under the site's base. */
export const SCENE_FILES_DIR = '_scenes'

/** A page's scene files by their path under the site's base; filled as the pages are compiled. */
export class SceneFiles {
	readonly #files = new Map<string, string>()
	readonly #base: string

	/** `base`: the site's base path (Astro's `base`, `/` by default). */
	constructor(base = '/') {
		this.#base = base.endsWith('/') ? base : `${base}/`
	}

	/**
	 * Keeps a scene's data as the file of its page and id, and returns the address the player fetches
	 * it from. `file` is the page's, from the project's root: `content/guides/locks/fences.mdx` gives
	 * `_scenes/guides/locks/fences/<id>.json` (`content/` is the docs collection's folder).
	 */
	publish(file: string, data: SceneData): string {
		const page = file.replace(/^content\//, '').replace(/\.mdx?$/, '')
		const path = `${SCENE_FILES_DIR}/${page}/${data.id}.json`
		this.#files.set(path, JSON.stringify(data))
		return this.#base + path
	}

	/** The JSON served at `url` (a path under the site's base), for the dev server; undefined if none. */
	read(url: string): string | undefined {
		const path = decodeURIComponent(url.split(/[?#]/)[0] ?? '')
		return path.startsWith(this.#base) ? this.#files.get(path.slice(this.#base.length)) : undefined
	}

	/** Writes every file into the build's output folder; returns how many. */
	write(outDir: string): number {
		for (const [path, json] of this.#files) {
			const file = join(outDir, path)
			mkdirSync(dirname(file), { recursive: true })
			writeFileSync(file, json)
		}
		return this.#files.size
	}
}
