// What a page leaves out of its DOM until a reader needs it (issue 31: a page of scenes had every
// step's values and checks, and every scene's first drawings, as elements before anyone looked):
// each scene's list of steps is a <noscript>'s text until the reader opens it, and a scene after the
// page's first is drawn once it comes within a screen of the view (or is shown a step). Readers
// without JavaScript get all of it as elements (reading.spec.ts reads every step there).
import { expect, test } from '@playwright/test'
import type { Locator } from '@playwright/test'
import { builtPages } from './built-site.ts'
import { animationsStarted, countAnimations } from './count-animations.ts'
import { sceneDataOf } from './scene-check.ts'

const pages = builtPages().filter(page => page.scenes.length > 0)

// Lighthouse's phone: the size the DOM aim is measured at.
test.use({ viewport: { width: 412, height: 823 } })

interface Frames {
	scene: { frames: { index: number; caption: string }[] }
}

async function framesOf(figure: Locator): Promise<Frames['scene']['frames']> {
	return (await sceneDataOf<Frames>(figure)).scene.frames
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
			else if (top > 3 * view.height) {
				await expect(figure.locator('.scene-stage svg'), `${id}: far below the view, not drawn yet`).toHaveCount(0)
				await expect(figure.locator('.scene-controls button, .scene-timeline-key .scene-key'), `${id}: nor its steppers and key`).toHaveCount(0)
			}
		}
		for (const id of scenes) {
			const figure = page.locator(`figure.scene[data-scene-id="${id}"]`)
			await figure.scrollIntoViewIfNeeded()
			await expect(figure.locator('.scene-stage svg[data-frame="0"]'), `${id}: drawn once near, both layouts`).toHaveCount(2)
			await expect(figure.locator('.scene-stage noscript')).toHaveCount(0)
			const frames = await framesOf(figure)
			await expect(figure.locator('.scene-controls button:visible'), `${id}: its steppers, once near`).toHaveCount(4)
			await expect(figure.locator('.scene-counter')).toHaveText(`Step 0 of ${frames.length - 1}`)
			await expect(figure.locator('.scene-controls [data-action=prev]')).toHaveAttribute('aria-disabled', 'true')
			if (await figure.locator('.scene-timeline').count() > 0) await expect(figure.locator('.scene-timeline-key .scene-key[data-mark=now]')).toBeVisible()
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

test('a later scene opened at a step by its link is drawn with its steppers at that step', async ({ page }) => {
	const fences = pages.find(page => page.path === '/guides/locks/fences/')!
	const id = fences.scenes.at(-1)!
	const steps = fences.steps.get(id)!
	await page.goto(`${fences.path}#${id}-step-2`)
	const figure = page.locator(`figure.scene[data-scene-id="${id}"]`)
	await expect(figure).toHaveAttribute('data-step', '2')
	await expect(figure.locator('.scene-counter')).toHaveText(`Step 2 of ${steps}`)
	await expect(figure.locator('.scene-controls [data-action=prev]')).toHaveAttribute('aria-disabled', 'false')
	await expect(figure.locator('.scene-controls [data-action=next]')).toHaveAttribute('aria-disabled', String(steps === 2))
	await expect(figure.locator('.scene-stage svg[data-frame="2"]')).toHaveCount(2)
})

test('space on a later scene not yet near plays it, and its play button says Pause once built', async ({ page }) => {
	await page.goto('/guides/locks/fences/')
	const figure = page.locator('figure.scene[data-scene-id]').last()
	await expect(figure.locator('.scene-controls button')).toHaveCount(0)
	// Focused without a scroll, so the scene is still far and held when the key comes: the key itself builds its steppers.
	await figure.evaluate(el => (el as HTMLElement).focus({ preventScroll: true }))
	await page.keyboard.press(' ')
	await expect(figure.locator('[data-action=play]')).toContainText('Pause')
	await expect(figure.locator('.scene-counter')).toHaveText(/^Step [1-9]/)
})

test.describe('a later scene\'s data is a file, fetched once the scene nears the view', () => {
	const fences = pages.find(page => page.path === '/guides/locks/fences/')!

	test('a reader who scrolls to the fourth scene and presses Next before its data has come gets the step once it comes, and nothing else meanwhile', async ({ page }) => {
		const id = fences.scenes[3]!
		const figure = page.locator(`figure.scene[data-scene-id="${id}"]`)
		await page.goto(fences.path)
		const frames = await framesOf(figure)
		const steps = frames.length - 1
		let letThrough!: () => void
		const held = new Promise<void>(resolve => (letThrough = resolve))
		const asked: string[] = []
		await page.route('**/_scenes/**', async route => {
			asked.push(new URL(route.request().url()).pathname)
			await held
			await route.continue()
		})
		await page.goto(fences.path)
		await page.waitForLoadState('load')
		const src = (await figure.getAttribute('data-scene-src'))!
		expect(src).toMatch(new RegExp(`/${id}\\.json$`))
		expect(asked, 'not fetched while the scene is far below').not.toContain(src)
		await figure.scrollIntoViewIfNeeded()
		await expect.poll(() => asked, 'fetched once near').toContain(src)
		await expect(figure.locator('.scene-stage svg[data-frame="0"]'), 'step 0 drawn from the page meanwhile').toHaveCount(2)
		const caption = await figure.locator('.scene-caption').textContent()
		await figure.locator('[data-action=next]').click()
		await figure.locator('[data-action=next]').click()
		await page.waitForTimeout(300)
		await expect(figure).toHaveAttribute('data-step', '0')
		await expect(figure.locator('.scene-counter')).toHaveText(`Step 0 of ${steps}`)
		await expect(figure.locator('.scene-caption')).toHaveText(caption ?? '')
		await expect(figure.locator('.scene-stage svg[data-frame="0"]')).toHaveCount(2)
		letThrough()
		await expect(figure).toHaveAttribute('data-step', '2')
		await expect(figure.locator('.scene-counter')).toHaveText(`Step 2 of ${steps}`)
		await expect(figure.locator('.scene-caption')).toHaveText(frames[2]!.caption)
		await expect(figure.locator('.scene-stage svg[data-frame="2"]')).toHaveCount(2)
		expect(asked.filter(one => one === src), 'fetched once').toHaveLength(1)
	})

	test('a scene whose data could not be fetched says so, and the next press fetches it again', async ({ page }) => {
		const id = fences.scenes[1]!
		let fail = true
		let failures = 0
		await page.goto(fences.path)
		const figure = page.locator(`figure.scene[data-scene-id="${id}"]`)
		const src = (await figure.getAttribute('data-scene-src'))!
		await page.route('**/_scenes/**', route => {
			if (!fail) return route.continue()
			if (new URL(route.request().url()).pathname === src) failures++
			return route.fulfill({ status: 503, body: 'down' })
		})
		await page.reload()
		await figure.scrollIntoViewIfNeeded()
		await expect(figure.locator('.scene-mismatch')).toHaveText('This scene could not be loaded.')
		await figure.locator('[data-action=next]').click()
		await expect.poll(() => failures, 'the press fetched it again').toBe(2)
		await expect(figure.locator('.scene-mismatch')).toHaveCount(1)
		await expect(figure).toHaveAttribute('data-step', '0')
		// The failed fetch's answer is handled a few tasks after it arrives.
		await page.waitForTimeout(250)
		fail = false
		await figure.locator('[data-action=next]').click()
		await expect(figure).toHaveAttribute('data-step', '1')
		await expect(figure.locator('.scene-mismatch')).toHaveCount(0)
	})
})
