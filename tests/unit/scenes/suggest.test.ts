// `scenes suggest` offers, for each step, the captions the language can truly say of it. Each is
// pasted back into its scene's source as that step's caption, and the scene compiled again: the
// caption must read and hold, so no error may stand on its line. Every suggestion of every scene of
// the site is tried.
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compileScene } from '../../../src/scenes/simulation/index.ts'
import { openNodeDriver } from '../../../src/scenes/node-sqlite/node-drivers.ts'
import { findSceneBlocks } from '../../../src/scenes/markdown/scene-blocks.ts'

const root = new URL('../../../', import.meta.url).pathname

const siteScenes = readdirSync(join(root, 'content'), { withFileTypes: true, recursive: true })
	.filter(entry => entry.isFile() && /\.mdx?$/.test(entry.name))
	.map(entry => join(entry.parentPath, entry.name))
	.sort()
	.flatMap(file => findSceneBlocks(readFileSync(file, 'utf8'), { mdx: file.endsWith('.mdx') }).map((block, index) => ({ name: `${relative(root, file)} #${index + 1}`, text: block.text })))

/** The scene's source with step N's caption (on its line) replaced by `caption`. */
function paste(text: string, line: number, caption: string): string {
	const lines = text.split('\n')
	const escaped = caption.replace(/\\/g, '\\\\').replace(/"/g, '\\"')
	lines[line - 1] = (lines[line - 1] as string).replace(/step "(?:[^"\\]|\\.)*"/, () => `step "${escaped}"`)
	return lines.join('\n')
}

describe('every sentence scenes suggest offers holds when pasted in as its step\'s caption', () => {
	it('finds the site\'s scenes', () => expect(siteScenes.length).toBeGreaterThanOrEqual(15))
	for (const { name, text } of siteScenes) {
		it(name, async () => {
			const offered = await compileScene(text, { file: 'f.scene' }, openNodeDriver, { suggest: true })
			expect(offered.diagnostics).toEqual([])
			const lines = text.split('\n')
			let tried = 0
			for (const frame of offered.frames.slice(1)) {
				// The step's line: the frame-th line that starts a step.
				const line = lines.findIndex((l, i) => /^step "/.test(l) && lines.slice(0, i + 1).filter(x => /^step "/.test(x)).length === frame.index) + 1
				expect(line, `step ${frame.index}'s line`).toBeGreaterThan(0)
				const suggestions = frame.suggestions ?? []
				expect(suggestions.length, `step ${frame.index} has sentences offered`).toBeGreaterThan(0)
				for (const { text: caption } of suggestions) {
					const pasted = await compileScene(paste(text, line, `${caption}.`), { file: 'f.scene' }, openNodeDriver)
					expect(pasted.frames[frame.index]?.caption, 'the caption was pasted').toBe(`${caption}.`)
					const here = pasted.diagnostics.filter(d => d.line === line).map(d => `${d.line}:${d.column}: ${d.message}`)
					expect(here, `step ${frame.index}: "${caption}."`).toEqual([])
					tried++
				}
			}
			expect(tried).toBeGreaterThan(0)
			// The paste is a real test: a false caption pasted the same way is an error on its line.
			const first = lines.findIndex(l => /^step "/.test(l)) + 1
			const lie = await compileScene(paste(text, first, 'The clock reads 999 h.'), { file: 'f.scene' }, openNodeDriver)
			expect(lie.diagnostics.filter(d => d.line === first).length).toBeGreaterThan(0)
		}, 300_000)
	}
})
