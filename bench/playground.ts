// The playground's speed as an author feels it, in Chromium at a phone's size (390x844): from a
// keystroke in the editor to the stage showing the new frame, painted, for a scene of 30 steps;
// beside its peer in the same run, the editor's own echo of that keystroke (what typing costs
// with no scene at all), measured while the scene compiles, so a blocked editor would show.
// The worker's compile time is the share of the engine. A benchmark: it prints a table.
// `--no-build` measures the dist/ already built.
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { encodeScene, playgroundHref } from '../src/scenes/scene-link.ts'
import { generated } from './generated-scene.ts'
import { build, serve } from './site-server.ts'
import { parseArgs } from 'node:util'

const root = fileURLToPath(new URL('..', import.meta.url))
const STEPS = 30
const KEYS = 25
const budgetMs = 150
const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

const { values: flags } = parseArgs({ options: { 'no-build': { type: 'boolean', default: false } } })
if (!flags['no-build']) build(root)
const server = await serve(join(root, 'dist'))
const browser = await chromium.launch({ executablePath: process.env['CHROMIUM'] ?? '/usr/bin/chromium', args: chromiumArgs })
const scene = generated(STEPS)
let figures: { echo: number[]; stage: number[]; compile: number[] }
try {
	const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true })
	const page = await context.newPage()
	await page.goto(server.origin + playgroundHref(await encodeScene(scene)))
	await page.waitForSelector('[data-playground][data-state=ok]', { timeout: 60_000 })
	if ((await page.locator('[data-part=counter]').textContent()) !== `Step 0 of ${STEPS}`) throw new Error(`the playground did not compile the ${STEPS}-step scene`)
	// The cursor goes after `Worker A` on its actor line: each key changes a label the stage draws.
	const line = page.locator('.cm-line', { hasText: 'actor a "Worker A"' })
	await line.click()
	await page.keyboard.press('End')
	for (let i = 0; i < 'icon=cpu'.length + ' at 10,25 '.length + 1; i++) await page.keyboard.press('ArrowLeft')
	// A string, not a function: tsx would wrap a named inner function in a helper the page does not have.
	await page.evaluate(`(() => {
		const stage = document.querySelector('[data-part=stage]')
		const editor = document.querySelector('.cm-content')
		const painted = () => new Promise(resolve => requestAnimationFrame(() => {
			const channel = new MessageChannel()
			channel.port1.onmessage = () => resolve(performance.now())
			channel.port2.postMessage(0)
		}))
		window.__bench = { echo: [], stage: [], compile: [] }
		document.addEventListener('keydown', event => {
			if (event.key.length !== 1) return
			const start = event.timeStamp
			const label = editor.textContent.match(/actor a "([^"]*)"/)[1] + event.key
			const echo = new MutationObserver(() => {
				echo.disconnect()
				painted().then(end => window.__bench.echo.push(end - start))
			})
			echo.observe(editor, { childList: true, subtree: true, characterData: true })
			const seen = new MutationObserver(() => {
				if (!stage.textContent.includes(label)) return
				seen.disconnect()
				const status = document.querySelector('[data-part=status]').textContent
				window.__bench.compile.push(Number(/in (\\d+) ms/.exec(status)?.[1] ?? NaN))
				painted().then(end => window.__bench.stage.push(end - start))
			})
			seen.observe(stage, { childList: true, subtree: true })
		}, true)
	})()`)
	const letters = 'abcdefghijklmnopqrstuvwxyz'
	for (let i = 0; i < KEYS; i++) {
		await page.keyboard.press(letters[i % letters.length]!)
		await page.waitForFunction(n => (window as unknown as { __bench: { stage: number[] } }).__bench.stage.length >= n, i + 1, { timeout: 30_000 })
		// A pause as between an author's words, so each key is measured on its own.
		await page.waitForTimeout(150)
	}
	figures = await page.evaluate(() => (window as unknown as { __bench: typeof figures }).__bench)
	await context.close()
} finally {
	await browser.close()
	server.close()
}

const row = (name: string, values: number[]): string[] => [name, `${median(values).toFixed(1)} ms`, `${Math.max(...values).toFixed(1)} ms`]
const rows = [
	['what', 'median', 'worst'],
	row('peer: keystroke -> editor shows it (painted)', figures.echo),
	row(`keystroke -> stage redrawn (painted), ${STEPS}-step scene`, figures.stage),
	row('  of which: compile in the worker (parse, simulate on sql.js, draw the frame shown)', figures.compile),
]
const widths = rows[0]!.map((_, i) => Math.max(...rows.map(r => r[i]!.length)))
console.log(`\nThe playground at 390x844 (a phone), ${KEYS} keystrokes, each changing a label on the stage, in Chromium\n`)
console.log(rows.map(r => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')).join('\n'))
console.log(`\nBudget: keystroke -> stage under ${budgetMs} ms (median): ${median(figures.stage) < budgetMs ? 'within' : 'OVER'}.`)
