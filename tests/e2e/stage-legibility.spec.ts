// Every scene of the built site, at every step, on a phone and on a desktop, in the light, dark and
// forced-colors themes: the stage's texts are 12 CSS px or more, none overlaps another or leaves the
// stage, the drawing fills at least 70 % of the stage's height, and every text has 4.5:1 contrast
// against what is behind it. A screenshot of each width and theme at the last step is attached to
// the report.
import { expect, test } from '@playwright/test'
import type { Browser, Locator, Page, TestInfo } from '@playwright/test'
import { builtPages } from './built-site.ts'

const VIEWPORTS = [
	{ name: 'phone', width: 360, height: 740 },
	{ name: 'desktop', width: 1280, height: 900 },
] as const

const SCHEMES = [
	{ name: 'light', theme: 'light', forced: 'none' },
	{ name: 'dark', theme: 'dark', forced: 'none' },
	{ name: 'forced-colors', theme: 'light', forced: 'active' },
] as const

/** What one step of a stage measures, in CSS px. */
interface StageMeasure {
	layout: string
	smallest: number
	coverage: number
	overlaps: string[]
	clipped: string[]
	contrasts: { text: string; ratio: number; fg: string; bg: string }[]
	/** The figure's own background, and whether colours are forced: proof the scheme took. */
	background: string
}

/**
 * Steps the scene from its first step to its last with its own buttons and measures the stage's
 * visible drawing at each: text sizes, overlaps, clipping, coverage and contrast. One call per
 * pass: the page steps itself, so a pass costs one round trip, not several per step.
 */
function measurePass(figure: Locator, steps: number): Promise<StageMeasure[]> {
	return figure.evaluate((el, steps) => {
		const measure = (): StageMeasure => {
			const stage = el.querySelector('.scene-stage')!
			const svg = [...stage.querySelectorAll('svg')].find(s => s.checkVisibility())
			if (!svg) throw new Error('no visible drawing on the stage')
			const stageRect = stage.getBoundingClientRect()
			const texts = [...svg.querySelectorAll('text')].filter(t => (t.textContent ?? '').trim() !== '')
			// A text's own words, without the title a cut text carries.
			const words = (t: Element) => [...t.childNodes].filter(n => n.nodeType === Node.TEXT_NODE).map(n => n.textContent).join('')
			const boxes = texts.map(t => ({ t, r: t.getBoundingClientRect(), name: words(t) }))

			const sizes = texts.map(t => Number.parseFloat(getComputedStyle(t).fontSize) * (t.getScreenCTM()?.a ?? 0))
			const overlaps: string[] = []
			for (let i = 0; i < boxes.length; i++) {
				for (let j = i + 1; j < boxes.length; j++) {
					const a = boxes[i]!.r
					const b = boxes[j]!.r
					const w = Math.min(a.right, b.right) - Math.max(a.left, b.left)
					const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)
					if (w > 1 && h > 1) overlaps.push(`"${boxes[i]!.name}" and "${boxes[j]!.name}" (${w.toFixed(1)} x ${h.toFixed(1)} px)`)
				}
			}
			const clipped = boxes
				.filter(({ r }) => r.left < stageRect.left - 0.5 || r.right > stageRect.right + 0.5 || r.top < stageRect.top - 0.5 || r.bottom > stageRect.bottom + 0.5)
				.map(({ name }) => name)

			const parts = [...svg.children].filter(c => c.tagName === 'g').map(c => c.getBoundingClientRect()).filter(r => r.height > 0)
			const top = Math.min(...parts.map(r => r.top))
			const bottom = Math.max(...parts.map(r => r.bottom))

			const rgb = (value: string): number[] | undefined => {
				const m = /rgba?\(([\d.]+),?\s*([\d.]+),?\s*([\d.]+)(?:[,/]\s*([\d.]+))?\)/.exec(value)
				if (!m || (m[4] !== undefined && Number(m[4]) === 0)) return undefined
				return [Number(m[1]), Number(m[2]), Number(m[3])]
			}
			const luminance = (c: number[]) => {
				const [r, g, b] = c.map(v => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4))
				return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
			}
			// What is behind a text: the first painted shape under its centre, else the page's own background.
			// Hit-testing sees only the viewport, under the sticky header: a text outside that is scrolled to the middle first.
			const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0
			const mobileToc = document.querySelector('mobile-starlight-toc nav')?.getBoundingClientRect().bottom ?? 0
			const behind = (t: Element): string => {
				let r = t.getBoundingClientRect()
				const y = r.top + r.height / 2
				if (y < Math.max(header, mobileToc) + 4 || y > window.innerHeight - 4) {
					t.scrollIntoView({ block: 'center' })
					r = t.getBoundingClientRect()
				}
				for (const under of document.elementsFromPoint(r.left + r.width / 2, r.top + r.height / 2)) {
					if (under === t || under.tagName === 'text' || under.tagName === 'line' || under.tagName === 'title') continue
					if (under instanceof SVGElement) {
						if (under.tagName === 'svg' || under.tagName === 'g') continue
						const fill = getComputedStyle(under).fill
						if (rgb(fill)) return fill
						continue
					}
					const background = getComputedStyle(under).backgroundColor
					if (rgb(background)) return background
				}
				return 'rgb(255, 255, 255)'
			}
			const contrasts = boxes.map(({ t, name }) => {
				const fg = getComputedStyle(t).fill
				const bg = behind(t)
				const [hi, lo] = [luminance(rgb(fg) ?? [0, 0, 0]), luminance(rgb(bg) ?? [255, 255, 255])].sort((x, y) => y - x)
				return { text: name, ratio: (hi! + 0.05) / (lo! + 0.05), fg, bg }
			})
			return {
				layout: svg.getAttribute('data-layout') ?? '',
				smallest: Math.min(...sizes),
				coverage: (bottom - top) / stageRect.height,
				overlaps,
				clipped,
				contrasts,
				background: `${getComputedStyle(el).backgroundColor}${matchMedia('(forced-colors: active)').matches ? ', forced colours' : ''}`,
			}
		}
		const press = (action: string) => el.querySelector<HTMLElement>(`[data-action=${action}]`)!.click()
		const measures: StageMeasure[] = []
		press('restart')
		for (let step = 0; step <= steps; step++) {
			if (step > 0) press('next')
			// The player shows a step within the click; a step it did not reach is the player's failure, not a measure.
			if (el.getAttribute('data-step') !== String(step)) throw new Error(`a click on next did not show step ${step}: the scene is at ${el.getAttribute('data-step')}`)
			measures.push(measure())
		}
		return measures
	}, steps)
}

/** Puts the page in one scheme without reloading it: Starlight's theme attribute and the emulated media. */
async function applyScheme(page: Page, scheme: (typeof SCHEMES)[number]): Promise<void> {
	await page.emulateMedia({ colorScheme: scheme.theme, forcedColors: scheme.forced })
	await page.evaluate(theme => {
		document.documentElement.dataset.theme = theme
	}, scheme.theme)
}

async function checkStage(browser: Browser, url: string, sceneId: string, testInfo: TestInfo): Promise<string[]> {
	// One page for both widths and every scheme: each step is measured in each, as a reader who
	// turns the phone or switches themes sees it, for one page load.
	const context = await browser.newContext({
		viewport: { width: VIEWPORTS[0].width, height: VIEWPORTS[0].height },
		// No motion: a message fades in as it arrives, and a half-drawn frame is not the step.
		reducedMotion: 'reduce',
	})
	await context.addInitScript(() => localStorage.setItem('starlight-theme', 'light'))
	const page = await context.newPage()
	await page.goto(url)
	const figure = page.locator(`figure.scene[data-scene-id="${sceneId}"]`)
	const steps = Number(await figure.getAttribute('data-steps'))
	const summaries: string[] = []
	for (const viewport of VIEWPORTS) {
		await page.setViewportSize({ width: viewport.width, height: viewport.height })
		const smallest = new Map<string, number>()
		const coverage = new Map<string, number>()
		const backgrounds = new Map<string, string>()
		// One scheme at a time through every step: switching a scheme restyles the whole page, stepping redraws one stage.
		for (const scheme of SCHEMES) {
			await applyScheme(page, scheme)
			await figure.locator('.scene-stage').scrollIntoViewIfNeeded()
			// A later scene's steppers, which the pass presses, are built once it nears the screen.
			await expect(figure.locator('.scene-controls [data-action=next]')).toBeAttached()
			// A later scene's data is a file its player fetches as the scene nears the screen: Restart and Next show step 1 once it came.
			await figure.evaluate(el => {
				el.querySelector<HTMLElement>('[data-action=restart]')!.click()
				el.querySelector<HTMLElement>('[data-action=next]')!.click()
			})
			await expect(figure).toHaveAttribute('data-step', '1')
			const measures = await measurePass(figure, steps)
			expect(measures.length, `${url} ${sceneId}: a measure per step`).toBe(steps + 1)
			for (const [step, shown] of measures.entries()) {
				const where = `${url} ${sceneId} step ${step}, ${viewport.name} ${viewport.width}x${viewport.height}, ${scheme.name}`
				expect(shown.layout, `${where}: the layout for this width`).toBe(viewport.name === 'phone' ? 'narrow' : 'wide')
				expect(shown.smallest, `${where}: smallest text, CSS px`).toBeGreaterThanOrEqual(12)
				expect(shown.overlaps, `${where}: texts that overlap`).toEqual([])
				expect(shown.clipped, `${where}: texts outside the stage`).toEqual([])
				expect(shown.coverage, `${where}: share of the stage's height the drawing covers`).toBeGreaterThanOrEqual(0.7)
				const low = shown.contrasts.filter(c => c.ratio < 4.5).map(c => `"${c.text}" ${c.ratio.toFixed(2)}:1 (${c.fg} on ${c.bg})`)
				expect(low, `${where}: texts under 4.5:1`).toEqual([])
				if (step === 0) backgrounds.set(scheme.name, shown.background)
				smallest.set(scheme.name, Math.min(smallest.get(scheme.name) ?? Infinity, shown.smallest))
				coverage.set(scheme.name, Math.min(coverage.get(scheme.name) ?? Infinity, shown.coverage))
			}
			// The pass ends on the last step, which the screenshot shows.
			await expect(figure).toHaveAttribute('data-step', String(steps))
			const name = `${sceneId}-${viewport.name}-${scheme.name}-step-${steps}.png`
			const path = testInfo.outputPath(name)
			await figure.screenshot({ path, animations: 'disabled' })
			await testInfo.attach(name, { path, contentType: 'image/png' })
		}
		expect(new Set(backgrounds.values()).size, `${url} ${sceneId}: each scheme gives the figure its own background ${JSON.stringify([...backgrounds])}`).toBe(SCHEMES.length)
		summaries.push(`${viewport.name}: ` + SCHEMES.map(s => `${s.name}: smallest ${smallest.get(s.name)!.toFixed(1)} px, coverage ${(coverage.get(s.name)! * 100).toFixed(0)} %`).join('; '))
	}
	await context.close()
	return summaries
}

// Three themes at every step: minutes on a busy machine, not the default two.
test.describe.configure({ timeout: 300_000 })

for (const built of builtPages()) {
	for (const sceneId of built.scenes) {
		test(`${built.path} ${sceneId} stage is legible on a phone and a desktop`, async ({ browser }, testInfo) => {
			const summaries = await checkStage(browser, built.path, sceneId, testInfo)
			for (const summary of summaries) {
				testInfo.annotations.push({ type: 'stage', description: summary })
				console.log(`${built.path} ${sceneId} ${summary}`)
			}
		})
	}
}
