import { describe, expect, it } from 'vitest'
import { findSceneBlocks, formatError, parseScene } from '../../../scene-parser/index.ts'
import { lines } from './helpers.ts'

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
		expect(findSceneBlocks(PAGE)).toEqual([
			{ text: 'actor a "A" at 1,1 icon=cpu', line: 8, column: 0 },
			{ text: 'actor b "B" at 2,2 icon=cpu\n```', line: 12, column: 0 },
			{ text: 'actor c "C" at 3,3 icon=cpu\n  step "s"', line: 17, column: 3 },
			{ text: 'link x y\n```', line: 30, column: 0 },
			{ text: 'actor z "Z" at 9,9 icon=cpu\n', line: 36, column: 0 },
		])
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
