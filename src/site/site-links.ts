/**
 * Links written as the published docs' absolute URLs, rewritten to links within this site.
 */
import type { Root } from 'mdast'

/** Where tinystore publishes these docs; a link under it points at a page of this site. */
export const publishedDocsUrl = 'https://tinyshed.org/tinystore/docs/'

/** The site-relative link for a URL of the published docs, or the URL unchanged. */
export function toSiteLink(url: string, prefix: string = publishedDocsUrl): string {
	if (!url.startsWith(prefix)) return url
	return '/' + url.slice(prefix.length)
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
