import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { pageFile } from '../../../src/site/content-pages.ts'
import { buildSidebar, readingOrder } from '../../../src/site/sidebar.ts'

function project(files: string[]): string {
	const root = mkdtempSync(join(tmpdir(), 'sidebar-'))
	for (const file of files) {
		mkdirSync(dirname(join(root, file)), { recursive: true })
		writeFileSync(join(root, file), '---\ntitle: x\n---\n')
	}
	return root
}

describe('buildSidebar', () => {
	it('lists the pages in reading order and leaves out the ones not written yet', () => {
		const root = project(['content/guides/locks.mdx', 'content/guides/locks/fences.mdx', 'content/authors/scenes.md', 'content/authors/claim-forms.mdx'])
		const { sidebar, missing } = buildSidebar(root)
		expect(sidebar).toEqual([
			{ label: 'Guides', items: [{ slug: 'guides/locks', label: 'Locks' }, { slug: 'guides/locks/fences', label: 'Fences' }] },
			{
				label: 'Authors',
				items: [
					{ slug: 'authors/scenes', label: 'Writing scenes' },
					{ slug: 'authors/claim-forms', label: 'Claim forms' },
					{ link: '/playground/', label: 'Scene playground' },
				],
			},
		])
		// Every slug of the reading order that has no page is left out, and said, in reading order (the order itself is the next test's).
		const written = ['guides/locks', 'guides/locks/fences', 'authors/scenes', 'authors/claim-forms']
		expect(missing).toEqual(readingOrder.flatMap(section => section.pages.flatMap(page => ('slug' in page && !written.includes(page.slug) ? [page.slug] : []))))
	})

	it('reads a lock and its lease before the fence, and the fence before a lease over a connection, as issue 38 orders them', () => {
		expect(readingOrder[0]!.pages.slice(0, 10).map(page => ('slug' in page ? page.slug : page.link))).toEqual([
			'guides/locks',
			'guides/locks/leases',
			'guides/locks/fences',
			'guides/locks/writing-the-check',
			'guides/locks/without-fences',
			'guides/locks/connection',
			'guides/locks/choosing-ttl',
			'guides/locks/failure-models',
			'guides/locks/availability',
			'guides/locks/past-one-server',
		])
	})

	it('lists a page made in src/pages by its link, with no file in content/ to find', () => {
		const { sidebar, missing } = buildSidebar(project([]), [{ label: 'Tools', pages: [{ link: '/playground/', label: 'Playground' }] }])
		expect(sidebar).toEqual([{ label: 'Tools', items: [{ link: '/playground/', label: 'Playground' }] }])
		expect(missing).toEqual([])
	})

	it('reads the guides before the handbook, authors and reference', () => {
		expect(readingOrder.map(section => section.label)).toEqual(['Guides', 'Handbook', 'Authors', 'Reference'])
	})
})

describe('pageFile', () => {
	it('finds a page written as .mdx, .md or an index', () => {
		const root = project(['content/index.mdx', 'content/a.md', 'content/b/index.mdx'])
		expect(pageFile(root, '')).toBe('content/index.mdx')
		expect(pageFile(root, '/a/')).toBe('content/a.md')
		expect(pageFile(root, 'b')).toBe('content/b/index.mdx')
		expect(pageFile(root, 'c')).toBeUndefined()
	})
})
