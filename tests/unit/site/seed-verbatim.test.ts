// The seed page stays word for word on the site: every block of the seed (a copy is the parser's
// fixture) is in the Fences page exactly as written; additions go between them, never inside.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const seed = readFileSync(new URL('../parser/fixtures/fences.md', import.meta.url), 'utf8')
const page = readFileSync(new URL('../../../content/guides/locks/fences.mdx', import.meta.url), 'utf8')

/** A Markdown text's blocks past its front matter and its title: the runs of lines between blank lines. */
function blocks(text: string): string[] {
	const body = text.startsWith('---') ? text.slice(text.indexOf('\n---', 3) + 4) : text
	return body.split(/\n[ \t]*\n/).map(block => block.trim()).filter(block => block !== '' && !block.startsWith('# '))
}

describe('the Fences page', () => {
	it('has the seed’s title, which Starlight takes from the front matter', () => {
		const title = /^# (.+)$/m.exec(seed)?.[1]
		expect(title).toBeDefined()
		expect(page).toMatch(new RegExp(`^---\\n(?:.*\\n)*?title: ${title}\\n`))
	})

	it('holds every block of the seed page, word for word', () => {
		const seedBlocks = blocks(seed)
		expect(seedBlocks.length).toBeGreaterThan(10)
		const missing = seedBlocks.filter(block => !page.includes(block))
		expect(missing, 'blocks of the seed that the page changed or dropped').toEqual([])
	})

	it('keeps the seed’s blocks in the seed’s order', () => {
		let from = 0
		for (const block of blocks(seed)) {
			const at = page.indexOf(block, from)
			expect(at, `"${block.slice(0, 60)}..." comes after the block before it`).toBeGreaterThanOrEqual(from)
			from = at + block.length
		}
	})
})
