// The stage stays in view: on a desktop (1280x800) and a phone (390x844), after every control of a
// scene is used (its steppers, play, the keyboard, "Play it yourself" and every action and option of
// its panel, the lists that open), the stage, its caption and its Next button are wholly inside the
// window and under Starlight's bars, not behind them. On the phone the stage takes at most 60 % of
// the height, and every control shows its words, not an icon alone.
import { expect, test } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'
import { builtPages } from './built-site.ts'

const VIEWPORTS = [
	{ name: 'desktop', width: 1280, height: 800 },
	{ name: 'phone', width: 390, height: 844 },
] as const

/** The scenes played through "Play it yourself", every action of the panel pressed: the seed, and a page's first of each kind of cast. */
const PLAYED = ['/guides/locks/fences/', '/guides/locks/connection/', '/']

/** Where the stage, the caption and Next are, and the lowest edge of Starlight's fixed bars. */
async function placesOf(page: Page, figure: Locator) {
	return figure.evaluate(el => {
		const box = (selector: string) => {
			const found = el.querySelector(selector)
			if (!found) return undefined
			const r = found.getBoundingClientRect()
			return { top: r.top, bottom: r.bottom, height: r.height }
		}
		// Starlight's header, and on a narrow screen the "On this page" bar under it, are fixed over the page.
		const bars = [...document.querySelectorAll('header.header, mobile-starlight-toc nav')]
			.filter(bar => bar.checkVisibility() && ['fixed', 'sticky'].includes(getComputedStyle(bar).position))
			.map(bar => bar.getBoundingClientRect())
		return {
			barBottom: Math.max(0, ...bars.map(r => r.bottom)),
			window: innerHeight,
			stage: box('.scene-stage'),
			caption: box('.scene-caption'),
			next: box('[data-action=next]'),
		}
	})
}

/** Fails, naming the part and where it was, when the stage, the caption or Next is not wholly in view. */
async function expectInView(page: Page, figure: Locator, after: string): Promise<void> {
	// The frame, the panel and the scroll settle over a frame or two after a press.
	await page.evaluate(() => new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve))))
	const at = await placesOf(page, figure)
	for (const part of ['stage', 'caption', 'next'] as const) {
		const box = at[part]
		expect(box, `${part} after ${after}`).toBeDefined()
		const where = `${part} after ${after}: from ${box!.top.toFixed(0)} to ${box!.bottom.toFixed(0)} px; the window shows ${at.barBottom.toFixed(0)} to ${at.window} px`
		expect(box!.top, where).toBeGreaterThanOrEqual(at.barBottom - 1)
		expect(box!.bottom, where).toBeLessThanOrEqual(at.window + 1)
	}
}

/** Presses a control and waits until the scene has taken it in (a panel's run ended). */
async function press(figure: Locator, control: Locator): Promise<void> {
	await control.click()
	await expect(figure.locator('section.scene-play[data-busy]')).toHaveCount(0)
}

for (const viewport of VIEWPORTS) {
	test.describe(`at ${viewport.width}x${viewport.height}`, () => {
		test.use({ viewport: { width: viewport.width, height: viewport.height }, reducedMotion: 'reduce' })

		test('every page\'s first scene: stepping, playing and the keyboard keep the stage, caption and Next in view', async ({ page }) => {
			test.setTimeout(300_000)
			const pages = builtPages().filter(built => built.scenes.length > 0 && !built.path.startsWith('/playground'))
			expect(pages.length).toBeGreaterThan(10)
			for (const built of pages) {
				await page.goto(built.path)
				const figure = page.locator('figure.scene[data-scene-id]').first()
				await figure.scrollIntoViewIfNeeded()
				const steps = built.steps.get(built.scenes[0]!) ?? 0
				const where = (what: string) => `${what} on ${built.path}`
				for (let step = 1; step <= steps; step++) {
					await press(figure, figure.locator('[data-action=next]'))
					await expectInView(page, figure, where(`Next to step ${step}`))
				}
				await press(figure, figure.locator('[data-action=prev]'))
				await expectInView(page, figure, where('Previous'))
				await press(figure, figure.locator('[data-action=restart]'))
				await expectInView(page, figure, where('Restart'))
				await press(figure, figure.locator('[data-action=play]'))
				await expectInView(page, figure, where('Play'))
				await press(figure, figure.locator('[data-action=play]'))
				await expectInView(page, figure, where('Pause'))
				await figure.locator('[data-action=next]').focus()
				await page.keyboard.press('End')
				await expectInView(page, figure, where('the End key'))
				await page.keyboard.press('Home')
				await expectInView(page, figure, where('the Home key'))
				// The list of steps and the code sample come after the stage: opening or reaching them leaves it in view.
				await press(figure, figure.locator('details.scene-steps > summary'))
				await expectInView(page, figure, where('opening every step as text'))
				const code = figure.locator('.scene-code pre')
				if (await code.count() > 0) {
					await code.focus()
					await expectInView(page, figure, where('the code sample taking the focus'))
				}
			}
		})

		for (const path of PLAYED) {
			test(`${path}: every action and option of "Play it yourself" keeps the stage, caption and Next in view`, async ({ page, context }) => {
				test.setTimeout(300_000)
				await context.grantPermissions(['clipboard-read', 'clipboard-write'])
				await page.goto(path)
				const figure = page.locator('figure.scene[data-scene-id]').first()
				await figure.scrollIntoViewIfNeeded()
				await press(figure, figure.locator('[data-action=next]'))
				await press(figure, figure.getByRole('button', { name: 'Play it yourself' }))
				await expect(figure.locator('section.scene-play')).toBeVisible()
				await expectInView(page, figure, 'Play it yourself')
				// Each action the step allows, in the panel's order, twice over: each press adds a step and changes what the next allows.
				for (let round = 0; round < 2; round++) {
					const actions = figure.locator('section.scene-play [data-play-action]:not([aria-disabled=true])')
					const count = await actions.count()
					for (let i = 0; i < count; i++) {
						const action = actions.nth(i)
						if (await action.count() === 0) break
						const name = await action.getAttribute('aria-label')
						await press(figure, action)
						await expectInView(page, figure, `pressing ${name}`)
					}
				}
				for (const name of ['What the engine ran', 'Copy as scene', 'Copy link']) {
					await press(figure, figure.getByRole('button', { name, exact: true }))
					await expectInView(page, figure, `pressing ${name}`)
				}
				const without = figure.getByRole('switch', { name: 'Without fences' })
				if (await without.count() > 0) {
					await press(figure, without)
					await expectInView(page, figure, 'the Without fences switch')
				}
				for (const summary of await figure.locator('section.scene-play details > summary').all()) {
					await press(figure, summary)
					await expectInView(page, figure, `opening ${await summary.textContent()}`)
				}
				await press(figure, figure.locator('[data-action=prev]'))
				await expectInView(page, figure, 'Previous, in the session')
				await press(figure, figure.locator('[data-action=next]'))
				await expectInView(page, figure, 'Next, in the session')
			})
		}

		test('every control of a scene shows its words; on the phone the stage takes at most 60 % of the height', async ({ page }) => {
			for (const built of builtPages().filter(one => one.scenes.length > 0 && !one.path.startsWith('/playground'))) {
				await page.goto(built.path)
				const figure = page.locator('figure.scene[data-scene-id]').first()
				await figure.scrollIntoViewIfNeeded()
				for (const button of await figure.locator('.scene-controls button, [data-action=take-over]').all()) {
					const words = await button.evaluate(el => {
						const text = el.querySelector('.scene-button-text')
						return text && text.checkVisibility() && text.getBoundingClientRect().width > 8 ? (text.textContent ?? '').trim() : ''
					})
					expect(words, `a visible label on ${await button.getAttribute('data-action')} on ${built.path}`).not.toBe('')
				}
				if (viewport.name === 'phone') {
					const height = await figure.locator('.scene-stage').evaluate(el => el.getBoundingClientRect().height)
					expect(height, `the stage's height on ${built.path}`).toBeLessThanOrEqual(0.6 * viewport.height)
				}
			}
		})

		if (viewport.name === 'phone') {
			test('every scene of every page, at every step: the pinned stage, caption and controls take at most 60 % of the height', async ({ page }) => {
				test.setTimeout(300_000)
				const pages = builtPages().filter(built => built.scenes.length > 0 && !built.path.startsWith('/playground'))
				for (const built of pages) {
					await page.goto(built.path)
					for (const [index, id] of built.scenes.entries()) {
						const figure = page.locator(`figure.scene[data-scene-id="${id}"]`)
						await figure.scrollIntoViewIfNeeded()
						// A later scene's steppers are built, with its drawing, once it nears the screen.
						await expect(figure.locator('.scene-controls [data-action=next]')).toBeAttached()
						const steps = built.steps.get(id) ?? 0
						// One call steps the scene with its own Next and measures the pinned block at each step.
						const heights = await figure.evaluate((el, steps) => {
							const next = el.querySelector<HTMLElement>('[data-action=next]')!
							const measured: { step: number; head: number; stage: number; caption: number; controls: number }[] = []
							for (let step = 0; step <= steps; step++) {
								if (step > 0) next.click()
								const height = (selector: string) => el.querySelector(selector)?.getBoundingClientRect().height ?? 0
								measured.push({ step, head: height('.scene-head'), stage: height('.scene-stage'), caption: height('.scene-caption'), controls: height('.scene-controls') })
							}
							return measured
						}, steps)
						expect(heights.length, `steps measured of scene ${index + 1} on ${built.path}`).toBe(steps + 1)
						for (const at of heights) {
							const parts = `stage ${at.stage.toFixed(0)}, caption ${at.caption.toFixed(0)}, controls ${at.controls.toFixed(0)} px`
							expect(at.head, `the pinned block of scene ${index + 1} (${id}) on ${built.path} at step ${at.step}: ${parts}`).toBeLessThanOrEqual(0.6 * viewport.height)
						}
					}
				}
			})
		}
	})
}
