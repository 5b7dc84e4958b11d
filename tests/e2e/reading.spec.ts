// How a reader uses a scene: with the keyboard only, with reduced motion, without JavaScript,
// and through a link to one step. Run on every scene of the build, not a chosen one; the scenes
// of one page share a page load where a fresh load is not what is tested.
import { expect, test } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'
import { builtPages } from './built-site.ts'
import { sceneDataOf } from './scene-check.ts'
import { playStepMs } from '../../src/scenes/browser/scene-player.ts'
import { animationsStarted, countAnimations } from './count-animations.ts'

const pages = builtPages().filter(page => page.scenes.length > 0)
const scenes = pages.flatMap(page =>
	page.scenes.map((id, index) => ({ path: page.path, id, position: index + 1, last: index === page.scenes.length - 1, steps: page.steps.get(id)! })),
)

/** The focus ring a reader sees on the focused element: some outline or box shadow. */
async function focusVisible(page: Page): Promise<boolean> {
	return page.evaluate(() => {
		const el = document.activeElement
		if (!el || el === document.body) return false
		const style = getComputedStyle(el)
		const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
		return outline || (style.boxShadow !== 'none' && style.boxShadow !== '')
	})
}

async function stepOf(figure: Locator): Promise<number> {
	return Number(await figure.getAttribute('data-step'))
}

/**
 * Tabs onto one scene of the loaded page and steps it through with the arrows, Home and End, then
 * Enter on a control; with `playPause`, also plays with the space bar and pauses, and checks the
 * paused scene stays put for longer than a step of play.
 */
async function keyboardThrough(page: Page, id: string, options: { playPause: boolean }): Promise<void> {
	const figure = page.locator(`figure.scene[data-scene-id="${id}"]`)
	const steps = Number(await figure.getAttribute('data-steps'))
	// Focus what comes just before the scene in the tab order, then Tab onto the scene, as a
	// keyboard reader would arrive (tabbing from the top of the page would only be slower).
	await figure.evaluate(scene => {
		const focusable = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex]')]
			.filter(el => el.tabIndex >= 0 && !el.closest('[hidden]') && el.getClientRects().length > 0)
		const before = focusable.filter(el => scene.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING)
		// The last one that takes the focus (a link in a closed list of steps does not).
		for (const el of before.reverse()) {
			el.focus()
			if (document.activeElement === el) break
		}
	})
	await page.keyboard.press('Tab')
	await expect(figure).toBeFocused()
	expect(await focusVisible(page), 'the focused scene shows a focus ring').toBe(true)
	for (let step = 1; step <= steps; step++) {
		await page.keyboard.press('ArrowRight')
		await expect(figure).toHaveAttribute('data-step', String(step))
		expect(await focusVisible(page)).toBe(true)
	}
	await page.keyboard.press('ArrowRight')
	expect(await stepOf(figure)).toBe(steps)
	await page.keyboard.press('ArrowLeft')
	await expect(figure).toHaveAttribute('data-step', String(steps - 1))
	await page.keyboard.press('Home')
	await expect(figure).toHaveAttribute('data-step', '0')
	await page.keyboard.press('End')
	await expect(figure).toHaveAttribute('data-step', String(steps))
	await page.keyboard.press('Home')
	await expect(figure).toHaveAttribute('data-step', '0')
	if (options.playPause) {
		await page.keyboard.press(' ')
		await expect(figure).toHaveAttribute('data-playing', '')
		// Play moves on by itself, so on a slow machine it may be past step 1 when we look.
		await expect.poll(() => stepOf(figure)).toBeGreaterThanOrEqual(1)
		await page.keyboard.press(' ')
		await expect(figure).not.toHaveAttribute('data-playing', '')
		const paused = await stepOf(figure)
		// Longer than one step of play, so a pause that did not stop the timer shows here.
		await page.waitForTimeout(playStepMs + 500)
		expect(await stepOf(figure), 'a paused scene stays on its step').toBe(paused)
	}
	// The controls are reachable too: Tab onto a button, Enter presses it.
	const next = figure.locator('[data-action=next]')
	await next.focus()
	expect(await focusVisible(page), 'a focused control shows a focus ring').toBe(true)
	const before = await stepOf(figure)
	await page.keyboard.press('Enter')
	await expect(figure).toHaveAttribute('data-step', String(Math.min(before + 1, steps)))
}

for (const { path, scenes: ids } of pages) {
	test.describe(path, () => {
		test('every scene plays through with the keyboard alone, focus always visible', async ({ page }) => {
			await page.goto(path)
			for (const [index, id] of ids.entries()) {
				// Play and pause are the player's, the same on every page: checked on the first scene of the first page.
				await keyboardThrough(page, id, { playPause: index === 0 && path === pages[0]!.path })
			}
		})

		test('with reduced motion, stepping any scene runs no animation', async ({ browser }) => {
			const context = await browser.newContext({ reducedMotion: 'reduce' })
			// Every animation the page starts is counted as it starts, so one that ends before the
			// count (a slow machine) still counts.
			await countAnimations(context)
			const page = await context.newPage()
			await page.goto(path)
			for (const id of ids) {
				const figure = page.locator(`figure.scene[data-scene-id="${id}"]`)
				const steps = Number(await figure.getAttribute('data-steps'))
				// A later scene's steppers are built once it nears the screen, as a reader's scroll brings it.
				await figure.scrollIntoViewIfNeeded()
				for (let step = 1; step <= steps; step++) {
					await figure.locator('[data-action=next]').click()
					await expect(figure).toHaveAttribute('data-step', String(step))
					// A step's motion starts after its frame is painted (a frame callback, then a message);
					// count once that point and one more frame have passed.
					const running = await page.evaluate(async () => {
						await new Promise<void>(resolve => {
							requestAnimationFrame(() => {
								const channel = new MessageChannel()
								channel.port1.onmessage = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))
								channel.port2.postMessage(0)
							})
						})
						const live = document.getAnimations().filter(a => a.playState === 'running' && (a.effect?.getComputedTiming().duration ?? 0) as number > 0.01)
						return live.length
					})
					expect(running + (await animationsStarted(page)), `${id} step ${step}: animations started or running`).toBe(0)
				}
			}
			await context.close()
		})

		test('without JavaScript every scene\'s steps, captions and values are in the page', async ({ browser }) => {
			const context = await browser.newContext({ javaScriptEnabled: false })
			const page = await context.newPage()
			await page.goto(path)
			for (const id of ids) {
				const figure = page.locator(`figure.scene[data-scene-id="${id}"]`)
				const data = await sceneDataOf<{
					scene: { frames: { index: number; caption: string; messages: { label: string }[]; actors: { state?: { text: string } }[] }[] }
				}>(figure)
				// Both layouts are in the page; CSS alone shows the one for this width.
				await expect(figure.locator('.scene-stage svg:visible')).toHaveCount(1)
				for (const frame of data.scene.frames.slice(1)) {
					const item = page.locator(`#${id}-step-${frame.index}`)
					await expect(item).toBeVisible()
					await expect(item).toContainText(frame.caption)
					for (const message of frame.messages) await expect(item).toContainText(message.label)
					for (const actor of frame.actors) if (actor.state?.text) await expect(item).toContainText(actor.state.text)
				}
			}
			await context.close()
		})
	})
}

for (const { path, id, position, last, steps } of scenes) {
	// Each link is a fresh load of the page, which is what a reader following it gets. A link made
	// when scenes were numbered is tried on each page's last scene, whose number counts them all.
	const numbered = last ? ', and so does one made when scenes were numbered' : ''
	test(`${path} ${id}: a link to a step opens the page at that step${numbered}`, async ({ page }) => {
		expect(steps, `${id}: its number of steps, from the built page`).toBeGreaterThan(0)
		const target = Math.min(2, steps)
		await page.goto(`${path}#${id}-step-${target}`)
		const figure = page.locator(`figure.scene[data-scene-id="${id}"]`)
		await expect(figure).toHaveAttribute('data-step', String(target))
		await expect(figure).toBeInViewport()
		// And stepping writes the step's link into the address, once the frame is painted.
		await figure.locator('[data-action=restart]').click()
		await figure.locator('[data-action=next]').click()
		await expect(figure).toHaveAttribute('data-step', '1')
		await expect.poll(() => new URL(page.url()).hash).toBe(`#${id}-step-1`)
		if (!last) return

		await page.goto('about:blank')
		await page.goto(`${path}#scene-${position}-step-${target}`)
		await expect(figure).toHaveAttribute('data-step', String(target))
		await expect(figure).toBeInViewport()
	})
}
