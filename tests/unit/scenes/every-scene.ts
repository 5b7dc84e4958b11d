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

/** Each scene that parses, named by its file (and its place among the page's scenes); a fixture that does not parse never runs. */
export const everyScene: { name: string; scene: Scene }[] = sources.flatMap(({ name, text }) => {
	const parsed = parseScene(text)
	return parsed.ok ? [{ name, scene: parsed.scene }] : []
})
