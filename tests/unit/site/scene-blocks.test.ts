import { readdirSync, readFileSync } from 'node:fs'
import type { Root } from 'mdast'
import remarkGfm from 'remark-gfm'
import remarkMdx from 'remark-mdx'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { describe, expect, it } from 'vitest'
import { formatError, parseScene } from '../../../src/scenes/simulation/index.ts'
import type { SceneFrames } from '../../../src/scenes/frame.ts'
import { remarkScenes } from '../../../src/scenes/markdown/remark-scenes.ts'
import { findSceneBlocks, type SceneBlock } from '../../../src/scenes/markdown/scene-blocks.ts'
import { lines } from '../parser/helpers.ts'

const PAGE = lines(
	'# A page', // 1
	'', // 2
	'```ts', // 3
	'const a = 1', // 4
	'```', // 5
	'', // 6
	'```scene', // 7
	'actor a "A" at 1,1 icon=cpu', // 8
	'```', // 9
	'', // 10
	'~~~scene title="two"', // 11
	'actor b "B" at 2,2 icon=cpu', // 12
	'```', // 13: not a closing fence for ~~~
	'~~~~', // 14: closes (longer is fine)
	'', // 15
	'   ```scene', // 16: indented three spaces
	'   actor c "C" at 3,3 icon=cpu', // 17
	'     step "s"', // 18
	'   ```', // 19
	'', // 20
	'````md', // 21: a fence around an example of a scene
	'```scene', // 22
	'actor nope "N" at 1,1 icon=cpu', // 23
	'```', // 24
	'````', // 25
	'', // 26
	'    ```scene', // 27: four spaces: indented code, not a fence
	'    ```', // 28
	'```` scene', // 29: a space before the language, and a longer fence
	'link x y', // 30
	'```', // 31: too short to close
	'`````', // 32
	'```scenes', // 33: another language
	'```', // 34
	'```scene', // 35: unclosed, runs to the end
	'actor z "Z" at 9,9 icon=cpu', // 36
	'', // 37
)

describe('findSceneBlocks', () => {
	it('finds every scene fence, with the file line of its first inner line and its indentation', () => {
		const blocks = [
			{ text: 'actor a "A" at 1,1 icon=cpu', line: 8, column: 0 },
			{ text: 'actor b "B" at 2,2 icon=cpu\n```', line: 12, column: 0 },
			{ text: 'actor c "C" at 3,3 icon=cpu\n  step "s"', line: 17, column: 3 },
			{ text: 'link x y\n```', line: 30, column: 0 },
			{ text: 'actor z "Z" at 9,9 icon=cpu', line: 36, column: 0 },
		]
		expect(findSceneBlocks(PAGE)).toEqual(blocks)
		// MDX has no indented code, so the fence indented four spaces is a fence there, as in the build.
		expect(findSceneBlocks(PAGE, { mdx: true })).toEqual([...blocks.slice(0, 3), { text: '', line: 28, column: 4 }, ...blocks.slice(3)])
	})

	it('finds fences in list items, block quotes and MDX elements, where the build finds them', () => {
		const page = lines(
			'- an item', // 1
			'', // 2
			'  ```scene', // 3
			'  a', // 4
			'    b', // 5
			'  ```', // 6
			'', // 7
			'> ```scene', // 8
			'> c', // 9
			'>   d', // 10
			'> ```', // 11
		)
		expect(findSceneBlocks(page)).toEqual([
			{ text: 'a\n  b', line: 4, column: 2 },
			{ text: 'c\n  d', line: 9, column: 2 },
		])
		const element = lines('<Aside>', '', '```scene', 'a', '```', '', '</Aside>')
		expect(findSceneBlocks(element, { mdx: true })).toEqual([{ text: 'a', line: 4, column: 0 }])
		// In Markdown the same lines are an HTML block, whose fence the build does not see either.
		expect(findSceneBlocks(lines('<Aside>', '```scene', 'a', '```', '</Aside>'))).toEqual([])
	})

	it('finds nothing in a page without scenes', () => {
		expect(findSceneBlocks('')).toEqual([])
		expect(findSceneBlocks('# Title\n\n```ts\nx\n```\n')).toEqual([])
	})

	it('reads CRLF and CR pages and a BOM with the same line numbers', () => {
		const expected = findSceneBlocks(PAGE)
		expect(findSceneBlocks(PAGE.replace(/\n/g, '\r\n'))).toEqual(expected)
		expect(findSceneBlocks(`\uFEFF${PAGE.replace(/\n/g, '\r')}`)).toEqual(expected)
	})

	it('keeps an empty block', () => {
		expect(findSceneBlocks('```scene\n```')).toEqual([{ text: '', line: 2, column: 0 }])
	})

	it('does not take a backtick fence whose info string has a backtick', () => {
		expect(findSceneBlocks('```scene `x`\nactor\n```')).toEqual([])
		expect(findSceneBlocks('~~~scene `x`\nactor\n~~~')).toEqual([{ text: 'actor', line: 2, column: 0 }])
	})

	it('closes only on a fence with nothing but blanks after it', () => {
		expect(findSceneBlocks('```scene\na\n``` x\nb\n```  \nc')).toEqual([{ text: 'a\n``` x\nb', line: 2, column: 0 }])
	})

	it('keeps an indented block\'s lines as written when some are indented less than its fence', () => {
		expect(findSceneBlocks('  ```scene\n  a\nb\n  ```')).toEqual([{ text: '  a\nb', line: 2, column: 0 }])
		expect(findSceneBlocks('  ```scene\n  a\n\n   b\n  ```')).toEqual([{ text: 'a\n\n b', line: 2, column: 2 }])
	})
})

describe('the CLI and the build', () => {
	// The build's parse of a page: remark with GFM, and MDX for .mdx, as Astro's Markdown and MDX integrations run it.
	const parse = (page: string, mdx: boolean): Root =>
		(mdx ? unified().use(remarkParse).use(remarkGfm).use(remarkMdx) : unified().use(remarkParse).use(remarkGfm)).parse(page)

	async function compiledByTheBuild(page: string, mdx: boolean): Promise<SceneBlock[]> {
		const compiled: SceneBlock[] = []
		const compile = async (text: string, origin: { line?: number; column?: number }): Promise<SceneFrames> => {
			compiled.push({ text, line: origin.line ?? 1, column: origin.column ?? 0 })
			return { frames: [], diagnostics: [] }
		}
		const plugin = remarkScenes({ compile, render: () => ({ wide: [], narrow: [], timeline: { wide: '', narrow: '', text: '' } }), mode: 'dev', root: '/', report: () => {} })
		await plugin(parse(page, mdx), { path: '/page.mdx', value: page })
		return compiled
	}

	it('compile the same blocks from the same places on every page of content/', async () => {
		const pages = readdirSync(new URL('../../../content/', import.meta.url), { recursive: true, encoding: 'utf8' }).filter(name => /\.mdx?$/.test(name))
		expect(pages.length).toBeGreaterThan(0)
		let scenes = 0
		for (const name of pages) {
			const page = readFileSync(new URL(`../../../content/${name}`, import.meta.url), 'utf8')
			const mdx = name.endsWith('.mdx')
			const found = findSceneBlocks(page, { mdx })
			expect(await compiledByTheBuild(page, mdx), name).toEqual(found)
			scenes += found.length
		}
		expect(scenes).toBeGreaterThan(0)
	})

	it('compile the same blocks from the same places in lists, quotes and unevenly indented fences', async () => {
		const page = lines('- item', '', '  ```scene', '  a', '    b', '  ```', '', '> ```scene', '> c', '> ```', '', '  ```scene', '  e', 'f', '  ```')
		expect(await compiledByTheBuild(page, false)).toEqual(findSceneBlocks(page))
		expect(findSceneBlocks(page)).toHaveLength(3)
	})
})

describe('a parse error inside a block', () => {
	it('reports the file\'s line and column', () => {
		const page = lines(
			'# Fences', // 1
			'', // 2
			'Some prose.', // 3
			'', // 4
			'  ```scene', // 5
			'  actor lock "Lock" at 50,50 icon=lock', // 6
			'  actor a "A" at 10,25 icon=cpu', // 7
			'  step "s"', // 8
			'    send lok -> a "fence 7"', // 9
			'  ```', // 10
		)
		const [block] = findSceneBlocks(page)
		const result = parseScene(block!.text, { file: 'content/guides/locks/fences.mdx', line: block!.line, column: block!.column })
		expect(result.errors.map((error) => formatError(error))).toEqual(['content/guides/locks/fences.mdx:9:10: unknown actor "lok"; did you mean "lock"?'])
		expect(page.split('\n')[8]!.slice(9, 12)).toBe('lok')
	})

	it('reports the file\'s column for a block kept as written', () => {
		const page = lines('  ```scene', '  actor a "A" at 1,1 icon=cpu', 'set lok "x"', '  ```')
		const [block] = findSceneBlocks(page)
		expect(parseScene(block!.text, { line: block!.line, column: block!.column }).errors.map((error) => formatError(error))).toEqual([
			'3:5: unknown actor "lok"; the only actor is a',
		])
	})
})
