// Every scene the project has, for tests that must hold for all of them: each scene block of the
// site's pages and each fixture, true and lying, that parses.
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { parseScene } from '../../../scene-parser/index.ts'
import type { Scene } from '../../../scene-parser/index.ts'
import { findSceneBlocks } from '../../../src/scenes/markdown/scene-blocks.ts'

const root = new URL('../../../', import.meta.url).pathname

function files(dir: string, ends: string[]): string[] {
	return readdirSync(dir, { withFileTypes: true, recursive: true })
		.filter(entry => entry.isFile() && ends.some(end => entry.name.endsWith(end)))
		.map(entry => join(entry.parentPath, entry.name))
		.sort()
}

const sources: { name: string; text: string }[] = [
	...files(join(root, 'content'), ['.md', '.mdx']).flatMap(file =>
		findSceneBlocks(readFileSync(file, 'utf8'), { mdx: file.endsWith('.mdx') }).map((block, index) => ({
			name: `${relative(root, file)} #${index + 1}`,
			text: block.text,
		})),
	),
	...files(join(root, 'tests/unit/scenes/fixtures'), ['.scene']).map(file => ({ name: relative(root, file), text: readFileSync(file, 'utf8') })),
]

/**
 * Set by scripts/test-clone.sh: the run under the other Node leaves the claim language to the main run. The lies of a caption or a
 * scene id lie in their words, which the engine's run does not read (a counterfactual's second run aside), so that run leaves
 * them out here too; the main run keeps every scene.
 */
const CLAIMS_ELSEWHERE = process.env.TINYSTORE_CLAIMS_ELSEWHERE === '1'

/** Each scene that parses, named by its file (and its place among the page's scenes); a fixture that does not parse never runs. */
export const everyScene: { name: string; scene: Scene }[] = sources
	.filter(({ name }) => !CLAIMS_ELSEWHERE || !/\/fixtures\/lies\/(?:caption|id)\//.test(name))
	.flatMap(({ name, text }) => {
		const parsed = parseScene(text)
		return parsed.ok ? [{ name, scene: parsed.scene }] : []
	})
