import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { codeBlocks, pages, type CodeBlock } from '../../../doctest/blocks.ts'
import { LANGUAGES } from '../../../doctest/languages/index.ts'
import { program, setupPath } from '../../../doctest/setup.ts'

// What npm run doctest runs, without running it: every page's blocks and the programs their setups make.
// The runs themselves (a lock server, Python, Go and Rust) are npm run doctest's, which npm test runs.

const root = fileURLToPath(new URL('../../../', import.meta.url)).replace(/\/$/, '')
const language = (name: string) => LANGUAGES.find(l => l.name === name) ?? expect.unreachable(name)
const everyBlock = pages(root).flatMap(page => codeBlocks(root, page))
const filesUnder = (dir: string): string[] =>
	readdirSync(`${root}/${dir}`, { withFileTypes: true }).flatMap(entry => (entry.isDirectory() ? filesUnder(`${dir}/${entry.name}`) : [`${dir}/${entry.name}`]))

describe('the doctest', () => {
	it('reads every fenced block of the pages with its place, language and meta, scenes left out', () => {
		const fences = everyBlock.filter(block => block.file === 'content/guides/locks/fences.mdx')
		expect(fences.map(block => block.lang)).toEqual(expect.arrayContaining(['ts', 'python', 'go', 'rust']))
		expect(fences.every(block => block.line > 0 && block.lang !== 'scene')).toBe(true)
		const operator = everyBlock.find(block => block.text.startsWith('tinystore-locks-server leases'))
		expect(operator?.norun).toMatch(/operators\.test\.ts/)
		expect(everyBlock.find(block => block.setup === 'serve')?.file).toBe('content/guides/locks/connection.mdx')
	})

	it('makes a program of every block that runs: its setup names it by its first line, and its mutants change it', () => {
		for (const block of everyBlock.filter(block => block.norun === undefined && LANGUAGES.some(l => l.name === block.lang))) {
			const built = program(root, block, language(block.lang))
			expect(built.source).toContain(block.text.split('\n')[0])
			for (const mutant of built.mutants) expect(mutant.source).not.toBe(built.source)
		}
	})

	it('gives each seed sample a mutant that stops fencing, which must fail', () => {
		const seed = everyBlock.filter(block => block.file === 'content/guides/locks/fences.mdx' && block.ordinal === 1 && ['ts', 'python', 'go', 'rust'].includes(block.lang))
		expect(seed).toHaveLength(4)
		for (const block of seed) expect(program(root, block, language(block.lang)).mutants.map(m => m.to)).toEqual([expect.stringContaining('<>')])
	})

	it('refuses a setup written for another block, naming both places', () => {
		const block: CodeBlock = { ...(everyBlock.find(b => b.file.endsWith('fences.mdx') && b.lang === 'python') as CodeBlock), text: 'print("another block")' }
		expect(() => program(root, block, language('python'))).toThrow(
			'doctest/setups/guides/locks/fences/python-1.py:1: it is the setup of the block that starts "async with summaries.hold(chat_id) as lease:", but content/guides/locks/fences.mdx:',
		)
	})

	it('refuses a setup its meta names that is not there', () => {
		const block: CodeBlock = { file: 'content/x.mdx', line: 3, lang: 'sh', meta: 'setup="nowhere"', text: 'true', ordinal: 1, setup: 'nowhere' }
		expect(() => program(root, block, language('sh'))).toThrow('its meta names setup="nowhere", but there is no doctest/setups/nowhere.sh')
	})

	it('keeps content/ to pages: its files are Markdown and MDX, the setups are under doctest/setups/', () => {
		expect(filesUnder('content').filter(file => !/\.mdx?$/.test(file))).toEqual([])
	})

	it("finds a page's setups under doctest/setups/ by the page's path, and every one of them is the setup of a block of its page", () => {
		const fences = everyBlock.find(block => block.file === 'content/guides/locks/fences.mdx' && block.lang === 'go' && block.ordinal === 2) as CodeBlock
		expect(setupPath(fences, language('go'))).toBe('doctest/setups/guides/locks/fences/go-2.go')
		const expected = new Set(everyBlock.filter(block => LANGUAGES.some(l => l.name === block.lang)).map(block => setupPath(block, language(block.lang))))
		// The files directly in doctest/setups/ are the setups pages share by name (setup="NAME").
		const orphans = filesUnder('doctest/setups').filter(file => file.split('/').length > 3 && !expected.has(file))
		expect(orphans, 'setups whose page has no such block').toEqual([])
	})
})
