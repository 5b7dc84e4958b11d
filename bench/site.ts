// The site's budgets, measured: the build's time, per guide page the JavaScript loaded before the
// reader touches a scene (gzipped, Starlight's beside ours), the sql.js wasm and when it is fetched,
// the time from a click on "next" to the new frame on screen, and, once the reader plays the scene,
// the time from an action's press to its frame (computed on the engine in the page). A benchmark: it prints tables.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import type { Browser, Page } from 'playwright-core'
import { buildSidebar } from '../src/site/sidebar.ts'
import { build, serve } from './site-server.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const dist = join(root, 'dist')
const budgets = { ours: 15 * 1024, starlight: 27 * 1024, playground: 160 * 1024, buildMs: 30_000, clickMs: 50, actMs: 100 }
const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']

type Owner = 'ours' | 'engine' | 'play' | 'starlight' | 'search' | 'playground'

/** Who wrote a script: built chunks of our components and modules are ours, the rest Starlight's (and Astro's). */
function owner(name: string): Owner {
	// MarkdownContent is our override of Starlight's, whose only script is the scene player; Vite's
	// preload helper comes with the player's dynamic import.
	if (name.startsWith('MarkdownContent.astro_') || name.startsWith('preload-helper.')) return 'ours'
	// The player's parts that load with the reader's first touch: the motion of a step, and the timeline's moment.
	if (name.startsWith('scene-motion.') || name.startsWith('step-marks.') || name.startsWith('after-paint.')) return 'ours'
	// The dynamic import that brings the engine; loaded once the reader first acts on a scene.
	if (name.startsWith('verify-scene.')) return 'engine'
	// "Play it yourself": the reader's actions and the renderer, loaded on that button's first press.
	if (name.startsWith('play-panel.')) return 'play'
	// The link codec the playground and a played session share; on a guide page it comes with the play module.
	if (name.startsWith('scene-link.')) return 'playground'
	// The playground page's own script (the editor, which it imports once painted) and its compile worker (the engine), on that page only.
	if (name.startsWith('playground.') || name.startsWith('compile-worker')) return 'playground'
	// Pagefind's search UI, which Starlight's search button fetches when the page is idle.
	if (name.startsWith('ui-core.')) return 'search'
	return 'starlight'
}

const gz = (bytes: Uint8Array | string): number => gzipSync(bytes, { level: 9 }).length
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`

interface PageFigures {
	page: string
	starlight: number
	search: number
	ours: number
	engine: number
	playground: number
	scenes: number
	/** The wasm was fetched at load or once the scene was scrolled into view, before any touch. */
	wasmBeforeTouch?: boolean
	wasmAfterTouch?: boolean
	/** From the first click on "next" to the scene verified on sql.js (engine chunk and wasm fetched, compiled, run). */
	engineMs?: number
	clickMs?: number[]
	/** From the press of "Play it yourself" to its panel, and its chunks (gzipped). */
	takeOverMs?: number
	play?: number
	/** From an action's press (the clock moved on) to its frame painted, the engine loaded. */
	actMs?: number[]
	/** The message the scene gave instead of the panel, when the step could not be taken over. */
	playRefused?: string
}

/** Every script a page ran, gzipped: the files it fetched and its inline scripts. */
async function scriptsOf(page: Page, fetched: string[]): Promise<Record<Owner, number>> {
	const sums = { starlight: 0, search: 0, ours: 0, engine: 0, play: 0, playground: 0 }
	for (const url of fetched) {
		const name = new URL(url).pathname.split('/').pop() ?? ''
		sums[owner(name)] += gz(readFileSync(join(dist, new URL(url).pathname)))
	}
	const inline = await page.$$eval('script:not([src]):not([type="application/json"])', scripts =>
		scripts.map(s => ({ ours: s.hasAttribute('data-site-script'), text: s.textContent ?? '' })))
	for (const script of inline) sums[script.ours ? 'ours' : 'starlight'] += gz(script.text)
	return sums
}

async function measurePage(browser: Browser, origin: string, path: string): Promise<PageFigures> {
	const url = `${origin}${path}`
	// A phone held sideways: short enough that a scene near the top of a page is still below the fold.
	const context = await browser.newContext({ viewport: { width: 844, height: 390 }, deviceScaleFactor: 1 })
	const page = await context.newPage()
	const scripts: string[] = []
	const wasm: string[] = []
	page.on('request', request => {
		const path = new URL(request.url()).pathname
		if (path.endsWith('.js')) scripts.push(request.url())
		if (path.endsWith('.wasm')) wasm.push(request.url())
	})
	await page.goto(url, { waitUntil: 'load' })
	await page.waitForTimeout(1000)
	const scenes = await page.locator('figure.scene[data-scene-id]').count()
	const figures: PageFigures = { page: path, scenes, ...(await scriptsOf(page, scripts)) }
	if (scenes > 0) {
		const first = page.locator('figure.scene[data-scene-id]').first()
		await first.scrollIntoViewIfNeeded()
		await page.waitForTimeout(1000)
		figures.wasmBeforeTouch = wasm.length > 0
		const touched = performance.now()
		await first.locator('[data-action=next]').click()
		await page.waitForFunction(() => document.querySelector<HTMLElement>('figure.scene[data-scene-id]')?.dataset['verified'] === 'ok', null, { timeout: 60_000, polling: 10 })
		figures.engineMs = performance.now() - touched
		figures.wasmAfterTouch = wasm.length > 0
		const engine = await scriptsOf(page, scripts.filter(s => owner(new URL(s).pathname.split('/').pop() ?? '') === 'engine'))
		figures.engine = engine.engine
		// A string, not a function: tsx would wrap a named inner function in a helper the page does not have.
		figures.clickMs = await page.evaluate<number[]>(`(async () => {
			const figure = document.querySelector('figure.scene[data-scene-id]')
			const next = figure.querySelector('[data-action=next]')
			const restart = figure.querySelector('[data-action=restart]')
			const frame = () => new Promise(resolve => requestAnimationFrame(() => resolve(performance.now())))
			// A message posted from a frame callback is handled once that frame has been painted.
			const painted = () => new Promise(resolve => requestAnimationFrame(() => {
				const channel = new MessageChannel()
				channel.port1.onmessage = () => resolve(performance.now())
				channel.port2.postMessage(0)
			}))
			const times = []
			for (let i = 0; i < 15; i++) {
				restart.click()
				await frame()
				const start = performance.now()
				next.click()
				const end = await painted()
				if (figure.dataset.step !== '1' || !figure.querySelector('.scene-stage svg[data-frame="1"]')) throw new Error('the click did not show step 1')
				times.push(end - start)
			}
			return times
		})()`)
		const fetchedBefore = scripts.length
		const pressed = performance.now()
		await first.getByRole('button', { name: 'Play it yourself' }).click()
		// The panel, or the message that says why this step cannot be taken over.
		await first.locator('section.scene-play, .scene-play-error').first().waitFor()
		figures.takeOverMs = performance.now() - pressed
		const played = await scriptsOf(page, scripts.slice(fetchedBefore))
		figures.play = played.play + played.playground
		const refused = await first.locator('.scene-play-error').textContent().catch(() => null)
		if (refused) {
			figures.playRefused = refused
			await context.close()
			return figures
		}
		figures.actMs = await page.evaluate<number[]>(`(async () => {
			const figure = document.querySelector('figure.scene[data-scene-id]')
			const move = figure.querySelector('section.scene-play [data-play-action=wait]')
			const painted = () => new Promise(resolve => requestAnimationFrame(() => {
				const channel = new MessageChannel()
				channel.port1.onmessage = () => resolve(performance.now())
				channel.port2.postMessage(0)
			}))
			const times = []
			for (let i = 0; i < 15; i++) {
				// An action at a step of the guide's story replaces the steps after it: the count may stay, the step shown moves on.
				const steps = figure.dataset.steps
				const step = figure.dataset.step
				const changed = new Promise((resolve, reject) => {
					const watch = new MutationObserver(() => {
						if (figure.dataset.steps !== steps || figure.dataset.step !== step) { watch.disconnect(); resolve() }
					})
					watch.observe(figure, { attributes: true })
					// An action the engine or the checker refused shows a message instead of a step.
					setTimeout(() => {
						watch.disconnect()
						reject(new Error('action ' + (i + 1) + ' gave no step: ' + (figure.querySelector('.scene-play-error')?.textContent ?? 'no message')))
					}, 30000)
				})
				const start = performance.now()
				move.click()
				await changed
				times.push((await painted()) - start)
			}
			return times
		})()`).catch((error: unknown) => {
			figures.playRefused = error instanceof Error ? error.message.split('\n')[0] : String(error)
			return undefined
		})
	}
	await context.close()
	return figures
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

function table(rows: string[][]): string {
	const widths = rows[0]!.map((_, i) => Math.max(...rows.map(row => (row[i] ?? '').length)))
	return rows.map(row => row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')).join('\n')
}

const buildMs = process.argv.includes('--no-build') ? Number.NaN : build(root)
const { sidebar } = buildSidebar(root)
const paths = sidebar.flatMap(section => section.items.map(item => ('slug' in item ? `/${item.slug}/` : item.link)))
const server = await serve(dist)
const browser = await chromium.launch({ executablePath: process.env['CHROMIUM'] ?? '/usr/bin/chromium', args: chromiumArgs })
const results: PageFigures[] = []
try {
	for (const path of paths) {
		results.push(await measurePage(browser, server.origin, path))
		process.stderr.write('.')
	}
	process.stderr.write('\n')
} finally {
	await browser.close()
	server.close()
}

const wasmFile = readFileSync(join(dist, '_astro', readdirSync(join(dist, '_astro')).find(name => name.endsWith('.wasm')) ?? ''))
console.log(Number.isNaN(buildMs) ? '\nBuild: not run (--no-build)\n' : `\nBuild: ${(buildMs / 1000).toFixed(1)} s (budget ${budgets.buildMs / 1000} s)\n`)
console.log('JavaScript before the reader touches a scene, gzipped (Starlight budgets 27 KB for its own; ours at most 15 KB).')
console.log('Measured in Chromium, 844x390 (a phone held sideways), no scrolling; then the first scene scrolled into view, then its "next" clicked.\n')
console.log(table([
	['page', 'scenes', 'Starlight', 'peer budget', '+ search UI, idle', 'ours', 'our budget', 'playground (budget 160 KB)', 'engine, on touch', 'wasm before touch', 'after', 'touch -> verified', 'click -> frame (median / max)', 'play module', 'take over', 'action -> frame (median / max)'],
	...results.map(r => [
		r.page,
		String(r.scenes),
		kb(r.starlight),
		kb(budgets.starlight),
		kb(r.search),
		kb(r.ours),
		kb(budgets.ours),
		r.playground ? kb(r.playground) : '-',
		r.scenes ? kb(r.engine) : '-',
		r.scenes ? (r.wasmBeforeTouch ? 'FETCHED' : 'no') : '-',
		r.scenes ? (r.wasmAfterTouch ? 'fetched' : 'NOT FETCHED') : '-',
		r.engineMs !== undefined ? `${r.engineMs.toFixed(0)} ms` : '-',
		r.clickMs ? `${median(r.clickMs).toFixed(1)} / ${Math.max(...r.clickMs).toFixed(1)} ms` : '-',
		r.play !== undefined ? kb(r.play) : '-',
		r.takeOverMs !== undefined ? `${r.takeOverMs.toFixed(0)} ms${r.playRefused ? ' (REFUSED)' : ''}` : '-',
		r.actMs ? `${median(r.actMs).toFixed(1)} / ${Math.max(...r.actMs).toFixed(1)} ms` : '-',
	]),
]))
console.log(`\nsql.js wasm: ${kb(wasmFile.length)} raw, ${kb(gz(wasmFile))} gzipped, served from this site's /_astro/`)
const refused = results.filter(r => r.playRefused)
const over = results.filter(r => r.ours > budgets.ours || r.starlight > budgets.starlight || r.playground > budgets.playground)
const slow = results.filter(r => r.clickMs && median(r.clickMs) > budgets.clickMs)
const eager = results.filter(r => r.wasmBeforeTouch)
const slowPlay = results.filter(r => r.actMs && median(r.actMs) > budgets.actMs)
for (const r of results.filter(r => r.playRefused)) console.log(`${r.page}: "Play it yourself" on its first scene, from step 1, failed: ${r.playRefused}`)
console.log(`Action -> frame: the clock moved on 15 times in a row (each a generated step compiled twice on sql.js, checked and drawn in both layouts); budget ${budgets.actMs} ms median.`)
console.log(over.length + slow.length + eager.length + slowPlay.length + refused.length === 0 && !(buildMs >= budgets.buildMs)
	? 'All within budget.'
	: `Over budget: ${[...over.map(r => `${r.page} JS`), ...slow.map(r => `${r.page} click`), ...eager.map(r => `${r.page} eager wasm`), ...slowPlay.map(r => `${r.page} action`), ...refused.map(r => `${r.page} take over`), ...(buildMs >= budgets.buildMs ? ['build time'] : [])].join(', ')}`)
