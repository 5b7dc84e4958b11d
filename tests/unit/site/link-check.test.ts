import { describe, expect, it } from 'vitest'
import { candidateFiles, checkLinks, collectPageLinks, decodeEntities, pageUrl } from '../../../src/site/link-check.ts'
import type { PageLinks } from '../../../src/site/link-check.ts'
import { formatBrokenLinks, linkCheck } from '../../../src/site/link-check-integration.ts'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

function site(pages: Record<string, string>): Map<string, PageLinks> {
	return new Map(Object.entries(pages).map(([file, html]) => [file, collectPageLinks(html)]))
}

const hasFile = (path: string): boolean => path === '/favicon.svg'

const fences = `<html><body>
<h1 id="_top">Fences</h1>
<h2 id="checking-a-fence-in-sql">Checking</h2>
<figure id="scene-1"><ol><li id="scene-1-step-2">two</li></ol></figure>
<a href="#checking-a-fence-in-sql">in page</a>
<a href="/guides/locks/">locks</a>
<a href="../leases/#when-a-lease-runs-out">relative</a>
<a href="https://tinyshed.org/tinystore/docs/handbook/chat/live-updates#one-summary-per-chat-at-a-time">published</a>
<a href="https://example.com/x#nowhere">external</a>
<a href="mailto:a@b.c">mail</a>
<a href="/favicon.svg">file</a>
<a href="#scene-1-step-2">step</a>
<script>const s = '<a href="/nowhere">'</script>
</body></html>`

const pages = {
	'/guides/locks/fences/index.html': fences,
	'/guides/locks/index.html': '<h1 id="_top">Locks</h1><a href="fences/#scene-1-step-2">step link</a>',
	'/guides/locks/leases/index.html': '<h2 id="when-a-lease-runs-out">When</h2>',
	'/handbook/chat/live-updates/index.html': '<h2 id="one-summary-per-chat-at-a-time">One</h2>',
}

describe('collectPageLinks', () => {
	it('finds ids and a-hrefs, and skips scripts, styles and comments', () => {
		const page = collectPageLinks(`<div id='a'></div><a name="b"></a><!-- <a href="/c"> --><style>a[href="/d"]{}</style><a class=x href=/e>e</a>`)
		expect([...page.ids]).toEqual(['a', 'b'])
		expect(page.hrefs).toEqual(['/e'])
	})

	it('decodes character references in attribute values', () => {
		expect(decodeEntities('a&amp;b&#39;c&#x41;&quot;')).toBe(`a&b'cA"`)
		expect(collectPageLinks('<a href="/x?a=1&amp;b=2">').hrefs).toEqual(['/x?a=1&b=2'])
	})
})

describe('checkLinks', () => {
	it('accepts links to existing pages, headings, steps and files, and ignores external ones', () => {
		expect(checkLinks(site(pages), hasFile)).toEqual([])
	})

	it('reports a link to a page that does not exist', () => {
		const broken = checkLinks(site({ ...pages, '/index.html': '<a href="/guides/lock">typo</a>' }), hasFile)
		expect(broken).toEqual([{ page: '/', href: '/guides/lock', reason: 'no page /guides/lock' }])
	})

	it('reports a heading anchor that the target page does not have', () => {
		const broken = checkLinks(site({ ...pages, '/index.html': '<a href="/guides/locks/leases#no-such-heading">x</a>' }), hasFile)
		expect(broken).toEqual([{
			page: '/',
			href: '/guides/locks/leases#no-such-heading',
			reason: 'no heading or element #no-such-heading on /guides/locks/leases/',
		}])
	})

	it('checks a published-docs URL as a link to this site', () => {
		const broken = checkLinks(site({ ...pages, '/index.html': '<a href="https://tinyshed.org/tinystore/docs/guides/locks/semaphores">x</a>' }), hasFile)
		expect(broken.map(b => b.reason)).toEqual(['no page /guides/locks/semaphores'])
	})

	it('leaves a fragment of name=value pairs to the page, but still checks its page exists', () => {
		const built = site({ '/a/index.html': '<a href="/b/#scene=eJwrSS0">open</a><a href="/c/#scene=x">gone</a>', '/b/index.html': '<h1>B</h1>' })
		expect(checkLinks(built, hasFile)).toEqual([{ page: '/a/', href: '/c/#scene=x', reason: 'no page /c/' }])
	})

	it('reports an in-page anchor that does not exist', () => {
		const broken = checkLinks(site({ '/a/index.html': '<h2 id="one">One</h2><a href="#two">two</a>' }), hasFile)
		expect(broken).toEqual([{ page: '/a/', href: '#two', reason: 'no heading or element #two on /a/' }])
	})
})

describe('paths', () => {
	it('maps URL paths to built files and back', () => {
		expect(candidateFiles('/guides/locks/')).toEqual(['/guides/locks/index.html'])
		expect(candidateFiles('/guides/locks')).toEqual(['/guides/locks', '/guides/locks/index.html', '/guides/locks.html'])
		expect(pageUrl('guides/locks/index.html')).toBe('/guides/locks/')
		expect(pageUrl('404.html')).toBe('/404.html')
	})

	it('names the source file of the page a broken link is on', () => {
		const text = formatBrokenLinks([{ page: '/nowhere/', href: '/x', reason: 'no page /x' }], '/tmp/no-such-root')
		expect(text).toBe('dist/nowhere/: broken link "/x": no page /x')
	})
})

describe('linkCheck integration', () => {
	it('fails the build on a broken link and on a broken anchor, naming both', async () => {
		const out = mkdtempSync(join(tmpdir(), 'link-check-'))
		try {
			mkdirSync(join(out, 'guides'), { recursive: true })
			writeFileSync(join(out, 'index.html'), '<h1 id="_top">Home</h1><a href="/guides/">ok</a><a href="/guide/">typo</a><a href="/guides/#nowhere">anchor</a>')
			writeFileSync(join(out, 'guides', 'index.html'), '<h2 id="somewhere">Somewhere</h2>')
			const hooks = linkCheck().hooks as Record<string, (options: unknown) => Promise<void>>
			const logger = { info: () => {} }
			const done = hooks['astro:build:done']!({ dir: pathToFileURL(out + '/'), logger })
			await expect(done).rejects.toThrow(/2 broken internal link\(s\):\n.*"\/guide\/": no page \/guide\/\n.*"\/guides\/#nowhere": no heading or element #nowhere on \/guides\//)
		} finally {
			rmSync(out, { recursive: true, force: true })
		}
	})
})
