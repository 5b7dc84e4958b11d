// What the build publishes beside the pages: the sitemap lists every page at the site's address,
// and llms.txt leads to a Markdown copy of every page in which each scene reads as its steps in
// text (captions and values), not as its source, and to a small copy of at most 100 KB in which a
// scene is its captions alone. Neither carries the player's buttons or counter.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { builtPages, DIST } from './built-site.ts'
import { siteUrl } from '../../src/site/site-url.ts'

const site = siteUrl(process.env['SITE_URL'])
const pages = builtPages()

interface PublishedFrame {
	index: number
	caption: string
	messages: { from: string; to: string; label: string }[]
	actors: { id: string; label: string; state?: { text: string } }[]
}

/** The small copy's ceiling (issue 31): small enough for a model's context beside a question. */
const SMALL_MAX_BYTES = 100 * 1024

/** The addresses of a built page's scene files: a later scene's data, which its figure names (`data-scene-src`). */
function sceneFiles(file: string): string[] {
	return [...readFileSync(file, 'utf8').matchAll(/<figure\b[^>]*\bdata-scene-src="([^"]+)"/g)].map(match => match[1]!)
}

/** Every scene's frames on a built page, from the JSON its first figure embeds and the files of the others. */
function sceneFrames(file: string): { id: string; frames: PublishedFrame[] }[] {
	const html = readFileSync(file, 'utf8')
	const inline = [...html.matchAll(/<script type="application\/json" class="scene-data">([\s\S]*?)<\/script>/g)].map(match => match[1]!)
	const files = sceneFiles(file).map(src => readFileSync(join(DIST, src), 'utf8'))
	return [...inline, ...files].map(json => {
		const data = JSON.parse(json) as { id: string; scene: { frames: PublishedFrame[] } }
		return { id: data.id, frames: data.scene.frames }
	})
}

/** Markdown read as plain text: backslash escapes undone, runs of spaces made one. */
function plain(markdown: string): string {
	return markdown.replace(/\\([\\`*_{}[\]()#+\-.!<>|~&])/g, '$1').replace(/[ \t]+/g, ' ')
}

/** A page's title, as its Markdown copy heads it (`# Fences`). */
function titleOf(file: string): string {
	const html = readFileSync(file, 'utf8')
	return (/<h1\b[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? '').replace(/&#39;|&#x27;/g, "'").replace(/&amp;/g, '&')
}

/** What each scene's controls say, as a copy of the page's text would run them together (`RestartPreviousPlayNextStep 0 of 3Play it yourself`). */
function controlsTexts(file: string): string[] {
	const html = readFileSync(file, 'utf8')
	return [...html.matchAll(/<div class="scene-controls"[^>]*>([\s\S]*?)<\/div>/g)].map(match => match[1]!.replace(/<[^>]*>/g, ''))
}

test('the sitemap lists every page at the site\'s address', () => {
	const index = readFileSync(join(DIST, 'sitemap-index.xml'), 'utf8')
	expect(index).toContain(`<loc>${site}sitemap-0.xml</loc>`)
	const sitemap = readFileSync(join(DIST, 'sitemap-0.xml'), 'utf8')
	for (const page of pages) expect(sitemap).toContain(`<loc>${new URL(page.path, site).href}</loc>`)
})

test('a page carries its first scene\'s data, and each later scene\'s is a file of the build, named by its figure', () => {
	let files = 0
	for (const page of pages) {
		if (page.scenes.length === 0) continue
		const html = readFileSync(page.file, 'utf8')
		expect(html.match(/class="scene-data"/g)?.length, `${page.path}: one scene's data in the page`).toBe(1)
		const srcs = sceneFiles(page.file)
		expect(srcs, `${page.path}: a file for each later scene`).toHaveLength(page.scenes.length - 1)
		for (const [index, src] of srcs.entries()) {
			expect(src).toMatch(/^\/_scenes\/[a-z0-9/-]+\.json$/)
			const data = JSON.parse(readFileSync(join(DIST, src), 'utf8')) as { id: string; svgs: string[]; scene: { frames: unknown[] } }
			expect(data.id, src).toBe(page.scenes[index + 1])
			expect(data.svgs, src).toHaveLength(data.scene.frames.length)
			files++
		}
	}
	expect(files, 'the build has later scenes').toBeGreaterThan(0)
})

test('llms.txt leads to the full and the small Markdown copy', () => {
	const llms = readFileSync(join(DIST, 'llms.txt'), 'utf8')
	expect(llms).toMatch(/^# tinystore locks/)
	expect(llms).toContain(`(${site}llms-full.txt)`)
	expect(llms).toContain(`(${site}llms-small.txt)`)
})

test('llms-full.txt has every scene\'s steps as text, not its source', () => {
	const text = plain(readFileSync(join(DIST, 'llms-full.txt'), 'utf8'))
	const scenes = pages.flatMap(page => sceneFrames(page.file))
	expect(scenes.length, 'the build has scenes').toBeGreaterThan(0)
	// Each scene once as its list of steps; none as a ```scene block (what a copy of the source would hold).
	expect(text.match(/Every step, as text \(\d+\)/g)?.length).toBe(scenes.length)
	expect(text).not.toContain('```scene')
	for (const scene of scenes) {
		for (const frame of scene.frames.slice(1)) {
			expect(text, `${scene.id} step ${frame.index}: caption`).toContain(frame.caption)
			for (const message of frame.messages) expect(text, `${scene.id} step ${frame.index}: message`).toContain(message.label)
			for (const actor of frame.actors) if (actor.state?.text) expect(text, `${scene.id} step ${frame.index}: state`).toContain(actor.state.text)
		}
	}
})

test('llms-small.txt is at most 100 KB and tells each scene of its pages by its captions alone', () => {
	const raw = readFileSync(join(DIST, 'llms-small.txt'), 'utf8')
	const bytes = Buffer.byteLength(raw)
	expect(bytes, `llms-small.txt is ${(bytes / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(SMALL_MAX_BYTES)
	const text = plain(raw)
	// The pages the small copy keeps (starlight-llms-txt's exclude, in astro.config.mjs, leaves out the rest).
	const headings = new Set(raw.split('\n').filter(line => line.startsWith('# ')).map(line => plain(line.slice(2)).trim()))
	const kept = pages.filter(page => headings.has(titleOf(page.file)))
	expect(kept.map(page => page.path), 'the small copy keeps the guide to fences').toContain('/guides/locks/fences/')
	const scenes = kept.flatMap(page => sceneFrames(page.file))
	expect(scenes.length, 'the pages kept have scenes').toBeGreaterThan(0)
	expect(text.match(/Every step, as text \(\d+\)/g)?.length).toBe(scenes.length)
	expect(text).not.toContain('```scene')
	expect(text, 'no step\'s checks').not.toContain('What was checked')
	expect(text, 'no state before the first step').not.toContain('Before the first step')
	for (const scene of scenes) {
		for (const frame of scene.frames.slice(1)) {
			expect(text, `${scene.id} step ${frame.index}: caption`).toContain(frame.caption)
			const label = (id: string): string => frame.actors.find(actor => actor.id === id)?.label ?? id
			for (const message of frame.messages) {
				expect(text, `${scene.id} step ${frame.index}: no message values`).not.toContain(`${label(message.from)} → ${label(message.to)}: `)
			}
		}
	}
})

test('no llms file carries the player\'s buttons, counter or playground link', () => {
	const controls = new Set(pages.flatMap(page => controlsTexts(page.file)))
	expect(controls.size, 'the built pages have scene controls').toBeGreaterThan(0)
	for (const name of ['llms.txt', 'llms-full.txt', 'llms-small.txt']) {
		const text = readFileSync(join(DIST, name), 'utf8')
		for (const shown of controls) expect(text, `${name}: a scene's controls`).not.toContain(shown)
		expect(text, `${name}: the buttons' words in a row`).not.toMatch(/Restart\s*Previous\s*Play\s*Next/)
		expect(text, `${name}: a step counter`).not.toMatch(/Step 0 of \d+/)
		// The link as a copy of the page would hold it; prose may still name the link.
		expect(text, `${name}: a scene's link to the playground`).not.toContain('[Open in the playground](')
	}
})
