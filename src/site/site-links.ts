/**
 * Links written as the published docs' absolute URLs, rewritten to links within this site.
 */
import type { Root } from 'mdast'

/** Where tinystore publishes these docs; a link under it points at a page of this site. */
export const publishedDocsUrl = 'https://tinyshed.org/tinystore/docs/'

/**
 * Published pages whose subject this site keeps at another path. The seed page links "Leases over a
 * connection" to the published `guides/locks/leases`; here that page is "Leases and renewal", and
 * leases over a connection are `guides/locks/connection`, so the link goes where its words say.
 */
const movedPages: Readonly<Record<string, string>> = { 'guides/locks/leases': 'guides/locks/connection' }

/** The site-relative link for a URL of the published docs, or the URL unchanged. */
export function toSiteLink(url: string, prefix: string = publishedDocsUrl): string {
	if (!url.startsWith(prefix)) return url
	const rest = url.slice(prefix.length)
	const end = rest.search(/[#?]/)
	const path = end < 0 ? rest : rest.slice(0, end)
	const moved = movedPages[path.replace(/\/$/, '')]
	return '/' + (moved === undefined ? rest : moved + rest.slice(path.replace(/\/$/, '').length))
}

interface UrlNode {
	type: string
	url?: string
	children?: UrlNode[]
}

/** Remark plugin: rewrites published-docs links so the link checker checks them as this site's pages. */
export function remarkSiteLinks(options: { prefix?: string } = {}) {
	const prefix = options.prefix ?? publishedDocsUrl
	const visit = (node: UrlNode): void => {
		if ((node.type === 'link' || node.type === 'definition') && typeof node.url === 'string') {
			node.url = toSiteLink(node.url, prefix)
		}
		node.children?.forEach(visit)
	}
	return (tree: Root): void => visit(tree as UrlNode)
}
