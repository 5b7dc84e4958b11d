/**
 * Internal links of a built site checked against its pages and their element ids.
 */
import { toSiteLink } from './site-links.ts'

/** What the checker needs of one built page: the ids it has and the links it makes. */
export interface PageLinks {
	ids: Set<string>
	hrefs: string[]
}

/** A link that points at no page, or at an id its page does not have. */
export interface BrokenLink {
	/** The page the link is on, as a URL path (`/guides/locks/fences/`). */
	page: string
	href: string
	reason: string
}

const skipped = /<!--[\s\S]*?-->|<(script|style|template)\b(?:[^>"']|"[^"]*"|'[^']*')*>[\s\S]*?<\/\1\s*>/gi
const tagPattern = /<([a-zA-Z][^\s/>]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g
const attributePattern = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g
const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/** An attribute value with its character references decoded. */
export function decodeEntities(value: string): string {
	return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
		if (name[0] === '#') {
			const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
			return Number.isFinite(code) ? String.fromCodePoint(code) : whole
		}
		return entities[name.toLowerCase()] ?? whole
	})
}

/** The ids and `<a href>` links of one HTML page (scripts, styles and comments skipped). */
export function collectPageLinks(html: string): PageLinks {
	const ids = new Set<string>()
	const hrefs: string[] = []
	const markup = html.replace(skipped, '')
	for (const tag of markup.matchAll(tagPattern)) {
		const name = (tag[1] ?? '').toLowerCase()
		for (const attribute of (tag[2] ?? '').matchAll(attributePattern)) {
			const key = (attribute[1] ?? '').toLowerCase()
			const value = decodeEntities(attribute[2] ?? attribute[3] ?? attribute[4] ?? '')
			if (key === 'id' || (key === 'name' && name === 'a')) ids.add(value)
			if (key === 'href' && (name === 'a' || name === 'area')) hrefs.push(value)
		}
	}
	return { ids, hrefs }
}

/** The built file that serves a URL path (`/guides/locks` is `/guides/locks/index.html`), in order of preference. */
export function candidateFiles(pathname: string): string[] {
	if (pathname.endsWith('/')) return [pathname + 'index.html']
	return [pathname, pathname + '/index.html', pathname + '.html']
}

/** A URL path of the site for a built HTML file's path relative to the output folder. */
export function pageUrl(file: string): string {
	const path = '/' + file.split('\\').join('/')
	return path.endsWith('/index.html') ? path.slice(0, -'index.html'.length) : path
}

const externalScheme = /^[a-z][a-z0-9+.-]*:/i

/**
 * Checks every internal link of every page. `pages` maps a built HTML file (`/x/index.html`) to
 * its links; `hasFile` says whether another built file (an image, a download) exists.
 */
export function checkLinks(pages: Map<string, PageLinks>, hasFile: (path: string) => boolean): BrokenLink[] {
	const broken: BrokenLink[] = []
	for (const [file, links] of pages) {
		const page = pageUrl(file.slice(1))
		for (const written of links.hrefs) {
			const href = toSiteLink(written)
			if (href === '' || externalScheme.test(href) || href.startsWith('//')) continue
			const url = new URL(href, 'http://site.invalid' + page)
			let pathname: string
			let anchor: string
			try {
				pathname = decodeURI(url.pathname)
				anchor = decodeURIComponent(url.hash.slice(1))
			} catch {
				broken.push({ page, href: written, reason: 'malformed URL' })
				continue
			}
			const candidates = candidateFiles(pathname)
			const target = candidates.find(candidate => pages.has(candidate))
			if (target === undefined) {
				if (!candidates.some(hasFile)) broken.push({ page, href: written, reason: `no page ${pathname}` })
				continue
			}
			// A fragment of name=value pairs (`#scene=...`) is state for the page's script, never an element's id.
			const state = /^[\w-]+=/.test(anchor)
			if (anchor !== '' && !state && !(pages.get(target)?.ids.has(anchor) ?? false)) {
				broken.push({ page, href: written, reason: `no heading or element #${anchor} on ${pageUrl(target.slice(1))}` })
			}
		}
	}
	return broken
}
