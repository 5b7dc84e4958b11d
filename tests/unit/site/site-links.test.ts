import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Root } from 'mdast'
import { publishedDocsUrl, remarkSiteLinks, toSiteLink } from '../../../src/site/site-links.ts'

describe('toSiteLink', () => {
	it('turns a published-docs URL into a link within this site', () => {
		expect(toSiteLink(`${publishedDocsUrl}guides/locks/fences`)).toBe('/guides/locks/fences')
		expect(toSiteLink(`${publishedDocsUrl}handbook/chat/live-updates#one`)).toBe('/handbook/chat/live-updates#one')
	})

	it('takes the seed\'s "Leases over a connection" (the published guides/locks/leases) to the page about leases over a connection', () => {
		expect(toSiteLink(`${publishedDocsUrl}guides/locks/leases`)).toBe('/guides/locks/connection')
		expect(toSiteLink(`${publishedDocsUrl}guides/locks/leases/#how-a-lease-ends-on-the-server`)).toBe('/guides/locks/connection/#how-a-lease-ends-on-the-server')
		expect(toSiteLink(`${publishedDocsUrl}guides/locks/leases-and-more`)).toBe('/guides/locks/leases-and-more')
		const seed = readFileSync(new URL('../parser/fixtures/fences.md', import.meta.url), 'utf8')
		const link = /\[Leases over a connection\]\(([^)]+)\)/.exec(seed)?.[1]
		expect(link && toSiteLink(link)).toBe('/guides/locks/connection')
	})

	it('leaves every other URL alone', () => {
		expect(toSiteLink('https://tinyshed.org/blog/')).toBe('https://tinyshed.org/blog/')
		expect(toSiteLink('/guides/locks/')).toBe('/guides/locks/')
	})
})

describe('remarkSiteLinks', () => {
	it('rewrites links and definitions anywhere in the tree', () => {
		const tree = {
			type: 'root',
			children: [
				{ type: 'paragraph', children: [{ type: 'link', url: `${publishedDocsUrl}guides/locks`, children: [] }] },
				{ type: 'definition', identifier: 'x', url: `${publishedDocsUrl}guides/locks/fences` },
			],
		} as unknown as Root
		remarkSiteLinks()(tree)
		expect(JSON.stringify(tree)).toContain('"url":"/guides/locks"')
		expect(JSON.stringify(tree)).toContain('"url":"/guides/locks/fences"')
	})
})
