import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// A sentence about how the engine, client or server behaves names the test that keeps it:
// (`tests/unit/server/client.test.ts`: "the test's name"). This keeps every such name true.

const root = new URL('../../../', import.meta.url)

function pages(dir: string): string[] {
	return readdirSync(new URL(dir, root), { withFileTypes: true }).flatMap(entry =>
		entry.isDirectory() ? pages(`${dir}${entry.name}/`) : entry.name.endsWith('.mdx') || entry.name.endsWith('.md') ? [`${dir}${entry.name}`] : [],
	)
}

interface Citation {
	where: string
	file: string
	name: string | undefined
}

/** Every test file a page names in code, with the test's name when a quoted one follows it. */
function citations(): Citation[] {
	return [...pages('content/'), 'CONTRACTS.md'].flatMap(page => {
		const text = readFileSync(new URL(page, root), 'utf8')
		return [...text.matchAll(/`(tests\/unit\/[^`\s]+\.test\.ts)`(?:[:,]\s*"([^"]+)")?/g)].map(match => {
			const line = text.slice(0, match.index).split('\n').length
			return { where: `${page}:${line}`, file: match[1] as string, name: match[2]?.replace(/\s+/g, ' ') }
		})
	})
}

/** The names of a test file's describe and it blocks, unescaped: in single quotes, or in double quotes when the name has an apostrophe. */
function testNames(file: string): string[] {
	const source = readFileSync(new URL(file, root), 'utf8')
	return [...source.matchAll(/\b(?:describe|it|test)(?:\.\w+)*\(\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")/g)].map(match => ((match[1] ?? match[2]) as string).replace(/\\(.)/g, '$1'))
}

describe('the tests the pages cite', () => {
	const cited = citations()

	it('are found in the pages', () => {
		expect(cited.length).toBeGreaterThan(10)
	})

	it('exist, each file a page names', () => {
		const missing = cited.filter(c => !existsSync(new URL(c.file, root))).map(c => `${c.where}: ${c.file}`)
		expect(missing).toEqual([])
	})

	it('are named as the test file names them', () => {
		const wrong = cited
			.filter(c => c.name !== undefined && existsSync(new URL(c.file, root)) && !testNames(c.file).some(name => name.includes(c.name as string)))
			.map(c => `${c.where}: ${c.file} has no test named "${c.name}"`)
		expect(wrong).toEqual([])
	})
})
