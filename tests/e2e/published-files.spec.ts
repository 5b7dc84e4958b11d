// What the build publishes beside the pages: the sitemap lists every page at the site's address,
// and llms.txt leads to a Markdown copy of every page in which each scene reads as its steps in
// text (captions and values), not as its source.
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
	actors: { state?: { text: string } }[]
}

/** Every scene's frames on a built page, from the JSON each figure embeds. */
function sceneFrames(file: string): { id: string; frames: PublishedFrame[] }[] {
	const html = readFileSync(file, 'utf8')
	return [...html.matchAll(/<script type="application\/json" class="scene-data">([\s\S]*?)<\/script>/g)].map(match => {
		const data = JSON.parse(match[1]!) as { id: string; scene: { frames: PublishedFrame[] } }
		return { id: data.id, frames: data.scene.frames }
	})
}

/** Markdown read as plain text: backslash escapes undone, runs of spaces made one. */
function plain(markdown: string): string {
	return markdown.replace(/\\([\\`*_{}[\]()#+\-.!<>|~&])/g, '$1').replace(/[ \t]+/g, ' ')
}

test('the sitemap lists every page at the site\'s address', () => {
	const index = readFileSync(join(DIST, 'sitemap-index.xml'), 'utf8')
	expect(index).toContain(`<loc>${site}sitemap-0.xml</loc>`)
	const sitemap = readFileSync(join(DIST, 'sitemap-0.xml'), 'utf8')
	for (const page of pages) expect(sitemap).toContain(`<loc>${new URL(page.path, site).href}</loc>`)
})

test('llms.txt leads to the full and the small Markdown copy', () => {
	const llms = readFileSync(join(DIST, 'llms.txt'), 'utf8')
	expect(llms).toMatch(/^# tinystore locks/)
	expect(llms).toContain(`(${site}llms-full.txt)`)
	expect(llms).toContain(`(${site}llms-small.txt)`)
})

for (const name of ['llms-full.txt', 'llms-small.txt']) {
	test(`${name} has every scene's steps as text, not its source`, () => {
		const text = plain(readFileSync(join(DIST, name), 'utf8'))
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
}
