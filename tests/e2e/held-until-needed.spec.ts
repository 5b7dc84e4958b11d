// What a page leaves out of its DOM until a reader needs it (issue 31: a page of scenes had every
// step's values and checks, and every scene's first drawings, as elements before anyone looked):
// each scene's list of steps is a <noscript>'s text until the reader opens it, and a scene after the
// page's first is drawn once it comes within a screen of the view (or is shown a step). Readers
// without JavaScript get all of it as elements (reading.spec.ts reads every step there).
import { expect, test } from '@playwright/test'
import type { Locator } from '@playwright/test'
import { builtPages } from './built-site.ts'
import { animationsStarted, countAnimations } from './count-animations.ts'

const pages = builtPages().filter(page => page.scenes.length > 0)

// Lighthouse's phone: the size the DOM aim is measured at.
test.use({ viewport: { width: 412, height: 823 } })

interface Frames {
	scene: { frames: { index: number; caption: string }[] }
}

async function framesOf(figure: Locator): Promise<Frames['scene']['frames']> {
	return (JSON.parse((await figure.locator('script.scene-data').textContent()) ?? '{}') as Frames).scene.frames
}

for (const { path, scenes } of pages) {
	test(`${path}: the steps wait until their list is opened, and later scenes' drawings until they are near`, async ({ page }) => {
		await page.goto(path)
		await expect(page.locator('figure.scene[data-scene-id] .scene-controls').first()).toBeVisible()
		const view = page.viewportSize()!
		for (const [index, id] of scenes.entries()) {
			const figure = page.locator(`figure.scene[data-scene-id="${id}"]`)
			await expect(figure.locator('li.scene-step'), `${id}: no step's item before the list is opened`).toHaveCount(0)
			await expect(figure.locator('details.scene-steps > noscript')).toHaveCount(1)
			const top = await figure.evaluate(el => el.getBoundingClientRect().top)
			if (index === 0) await expect(figure.locator('.scene-stage svg'), `${id}: the page's first scene is drawn in the HTML`).toHaveCount(2)
			// Two screens below the view is past the player's margin (one screen): nothing drawn yet.
			else if (top > 3 * view.height) await expect(figure.locator('.scene-stage svg'), `${id}: far below the view, not drawn yet`).toHaveCount(0)
		}
		for (const id of scenes) {
			const figure = page.locator(`figure.scene[data-scene-id="${id}"]`)
			await figure.scrollIntoViewIfNeeded()
			await expect(figure.locator('.scene-stage svg[data-frame="0"]'), `${id}: drawn once near, both layouts`).toHaveCount(2)
			await expect(figure.locator('.scene-stage noscript')).toHaveCount(0)
			const frames = await framesOf(figure)
			await figure.locator('[data-action=next]').click()
			await figure.locator('details.scene-steps > summary').click()
			const items = figure.locator('li.scene-step')
			await expect(items).toHaveCount(frames.length - 1)
			for (const frame of frames.slice(1)) {
				const item = page.locator(`#${id}-step-${frame.index}`)
				await expect(item).toBeVisible()
				await expect(item).toContainText(frame.caption)
			}
			await expect(figure.locator('li.scene-step[aria-current=step]'), `${id}: the step on the stage is marked in the list`).toHaveAttribute('data-step', '1')
			await figure.locator('[data-action=next]').click()
			if (frames.length > 2) await expect(figure.locator('li.scene-step[aria-current=step]')).toHaveAttribute('data-step', '2')
		}
	})
}

test('the motion of a step forward loads with the reader\'s first press, not with the page, and that first step still moves', async ({ page }) => {
	await countAnimations(page.context())
	const fetched: string[] = []
	page.on('request', request => {
		if (request.resourceType() === 'script') fetched.push(new URL(request.url()).pathname)
	})
	await page.goto('/guides/locks/fences/')
	const figure = page.locator('figure.scene[data-scene-id]').first()
	await expect(figure.locator('.scene-controls')).toBeVisible()
	await page.waitForLoadState('networkidle')
	expect(fetched.filter(path => path.includes('scene-motion')), 'no motion before a touch').toEqual([])
	await figure.locator('[data-action=next]').click()
	await expect(figure).toHaveAttribute('data-step', '1')
	// The step's message travels its link: the first step after the page loaded moves too.
	await expect.poll(() => animationsStarted(page)).toBeGreaterThan(0)
	expect(fetched.filter(path => path.includes('scene-motion'))).toHaveLength(1)
})
