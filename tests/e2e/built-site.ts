/**
 * The built site as the browser tests see it: every page in dist/ and the scenes on it, found
 * by reading the HTML, so a scene added to any page gets its test with no list to edit.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

export const DIST = new URL('../../dist/', import.meta.url).pathname

/** A page of the built site: its URL path, the ids of its scenes and each one's number of steps. */
interface BuiltPage {
	path: string
	file: string
	scenes: string[]
	steps: Map<string, number>
}

function htmlFiles(dir: string): string[] {
	const out: string[] = []
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const child = join(dir, entry.name)
		if (entry.isDirectory()) {
			if (entry.name !== '_astro' && entry.name !== 'pagefind') out.push(...htmlFiles(child))
		} else if (entry.name.endsWith('.html')) {
			out.push(child)
		}
	}
	return out.sort()
}

/** Every page of the build in `dist` (404 left out), with its scenes. */
export function builtPages(dist = DIST): BuiltPage[] {
	if (!existsSync(join(dist, 'index.html'))) {
		throw new Error(`no built site in ${dist}: run \`npm run build\` first (npm test does)`)
	}
	return htmlFiles(dist)
		.filter(file => !/(^|\/)404(\/index)?\.html$/.test(relative(dist, file)))
		.map(file => {
			const rel = relative(dist, file).split(sep).join('/')
			const path = '/' + rel.replace(/index\.html$/, '').replace(/\.html$/, '/')
			const html = readFileSync(file, 'utf8')
			const figures = [...html.matchAll(/<figure\b[^>]*\bdata-scene-id="([^"]+)"[^>]*>/g)]
			const scenes = figures.map(m => m[1]!)
			const steps = new Map(figures.map(m => [m[1]!, Number(/\bdata-steps="(\d+)"/.exec(m[0])?.[1] ?? Number.NaN)]))
			return { path, file, scenes, steps }
		})
}
