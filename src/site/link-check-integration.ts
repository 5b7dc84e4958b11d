/**
 * The build step that fails `astro build` on a broken internal link or heading anchor.
 */
import type { AstroIntegration } from 'astro'
import { readdir, readFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { pageFile } from './content-pages.ts'
import { checkLinks, collectPageLinks } from './link-check.ts'
import type { BrokenLink, PageLinks } from './link-check.ts'

async function listFiles(dir: string): Promise<string[]> {
	const entries = await readdir(dir, { recursive: true, withFileTypes: true })
	return entries.filter(entry => entry.isFile()).map(entry => join(entry.parentPath, entry.name))
}

/** One line per broken link, naming the page's source file: `FILE: broken link "HREF": REASON`. */
export function formatBrokenLinks(broken: BrokenLink[], root: string): string {
	return broken
		.map(link => {
			const source = pageFile(root, link.page.replace(/\.html$/, '')) ?? `dist${link.page}`
			return `${source}: broken link "${link.href}": ${link.reason}`
		})
		.join('\n')
}

/** Astro integration: after the build, reads every HTML page in the output and checks its internal links. */
export function linkCheck(): AstroIntegration {
	let root = process.cwd()
	return {
		name: 'tinystore-link-check',
		hooks: {
			'astro:config:done': ({ config }) => {
				root = fileURLToPath(config.root)
			},
			'astro:build:done': async ({ dir, logger }) => {
				const out = fileURLToPath(dir)
				const files = (await listFiles(out)).map(file => '/' + relative(out, file).split(sep).join('/'))
				const pages = new Map<string, PageLinks>()
				for (const file of files.filter(name => name.endsWith('.html'))) {
					pages.set(file, collectPageLinks(await readFile(join(out, file), 'utf8')))
				}
				const others = new Set(files)
				const broken = checkLinks(pages, path => others.has(path))
				if (broken.length > 0) {
					throw new Error(`${broken.length} broken internal link(s):\n${formatBrokenLinks(broken, root)}`)
				}
				const count = [...pages.values()].reduce((sum, page) => sum + page.hrefs.length, 0)
				logger.info(`${count} links on ${pages.size} pages: none broken`)
			},
		},
	}
}
