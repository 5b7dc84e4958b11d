/**
 * Where a page of the site is written: its slug to its file under `content/`.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const endings = ['.mdx', '.md', '/index.mdx', '/index.md']

/** The page's file relative to `root` (e.g. `content/guides/locks/fences.mdx`), if it exists. */
export function pageFile(root: string, slug: string): string | undefined {
	const base = slug.replace(/^\/+|\/+$/g, '')
	const candidates = base === '' ? ['index.mdx', 'index.md'] : endings.map(end => base + end)
	const found = candidates.find(file => existsSync(join(root, 'content', file)))
	return found === undefined ? undefined : `content/${found}`
}
