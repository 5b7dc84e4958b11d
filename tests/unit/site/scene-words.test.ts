/**
 * What a reader of the site's scenes sees says one thing one way: a duration as the stage's clock and
 * badges write it (the engine's `formatDuration`: `1 min 8 s`, not `68 s` in a caption beside it), and a
 * worker's process that stops running as the engine names that act, `paused` (the claim language also
 * reads "stalls", "frozen" and the like, for authors; the site's scenes do not use them). Every text of
 * every scene in content/ is read off the frames the engine computed: captions, messages, state labels,
 * and the timeline's words.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DURATION_PATTERN, readDuration } from '../../../src/scenes/claims/index.ts'
import { formatDuration } from '../../../src/scenes/frame-format.ts'
import { findSceneBlocks } from '../../../src/scenes/markdown/scene-blocks.ts'
import { timelineText } from '../../../src/scenes/render/index.ts'
import { compileScene } from '../../../src/scenes/simulation/index.ts'
import { openFreshNodeDriver } from '../../../src/scenes/node-sqlite/node-drivers.ts'

const CONTENT = new URL('../../../content/', import.meta.url).pathname

function pages(dir: string): string[] {
	return readdirSync(dir).flatMap(name => {
		const path = join(dir, name)
		return statSync(path).isDirectory() ? pages(path) : /\.mdx?$/.test(name) ? [path] : []
	})
}

const DURATION = new RegExp(`(?<![\\w.:])(?:${DURATION_PATTERN})`, 'gi')
const OTHER_WORDS = /\b(stall(s|ed|ing)?|froze|frozen|freez(es|ing)|hung|hangs?|suspended)\b/i

/** Each duration of a text that is not written as the stage writes it, with the stage's way. */
function durationsNotAsShown(text: string): string[] {
	return [...text.matchAll(DURATION)].flatMap(([written]) => {
		const ms = readDuration(written)
		return ms === undefined || formatDuration(ms) === written ? [] : [`"${written}" (the stage writes "${formatDuration(ms)}")`]
	})
}

describe('the words a reader sees in a scene', () => {
	it('find a duration written another way than the stage writes it', () => {
		expect(durationsNotAsShown('At 38 s A renews: its lease now ends at 68 s.')).toEqual(['"68 s" (the stage writes "1 min 8 s")'])
		expect(durationsNotAsShown('hold, wait 30s')).toEqual(['"30s" (the stage writes "30 s")'])
		expect(durationsNotAsShown('A second later, at 1 min 8 s, after 250 ms')).toEqual(['"A second" (the stage writes "1 s")'])
		expect(durationsNotAsShown('fence 5000:1, at 30 s')).toEqual([])
	})

	const blocks = pages(CONTENT).flatMap(file => findSceneBlocks(readFileSync(file, 'utf8'), { mdx: file.endsWith('.mdx') }).map(block => ({ file: file.slice(CONTENT.length), ...block })))
	it('reads the site\'s scenes', () => expect(blocks.length).toBeGreaterThan(20))
	for (const block of blocks) {
		it(`content/${block.file}:${block.line}: durations as the stage writes them, and "paused" for a paused process`, async () => {
			const scene = await compileScene(block.text, { file: block.file }, openFreshNodeDriver)
			expect(scene.diagnostics).toEqual([])
			const texts = scene.frames.flatMap(frame => [frame.caption, ...frame.messages.map(message => message.label), ...frame.actors.flatMap(actor => (actor.state ? [actor.state.text] : []))])
			texts.push(timelineText(scene.frames))
			expect(texts.flatMap(durationsNotAsShown)).toEqual([])
			expect(texts.filter(text => OTHER_WORDS.test(text))).toEqual([])
		})
	}
})
