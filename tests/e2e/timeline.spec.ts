// The reader's stage shows time (issue 36): the timeline under each stage against the engine's leases,
// the scrubber that moves the moment, state in words in the text twin, the code pane's lit lines, and
// the Fences scene run without fences, in Chromium.
import { expect, test } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'
import { scenesLeases, type EngineLease } from '../unit/scenes/engine-leases.ts'
import { notTime } from '../unit/scenes/timeline-time.ts'
import { firstScene, sceneDataOf, watchPage } from './scene-check.ts'

/** The page's scene whose source begins with its block's first line, found by its data (ids are the build's). */
async function sceneStarting(page: Page, firstLine: string): Promise<Locator> {
	const ids: string[] = []
	for (const figure of await page.locator('figure.scene[data-scene-id]').all()) {
		if ((await sceneDataOf(figure)).source.includes(firstLine)) ids.push((await figure.getAttribute('id'))!)
	}
	expect(ids.length, `a scene with "${firstLine}"`).toBeGreaterThan(0)
	return page.locator(`figure.scene[id="${ids[0]}"]`)
}

/** The bars of the timeline the page shows (the drawing for its width), with their boxes on the screen. */
async function shownBars(figure: Locator) {
	return figure.locator('.scene-timeline-track svg').evaluateAll(svgs => {
		const svg = svgs.find(one => one.checkVisibility())
		if (!svg) return []
		return [...svg.querySelectorAll('.scene-lease')].map(bar => {
			const box = bar.querySelector('rect')!.getBoundingClientRect()
			const fence = bar.getAttribute('data-fence')
			return {
				lease: {
					...(fence === null ? {} : { fence }),
					from: Number(bar.getAttribute('data-from')),
					to: Number(bar.getAttribute('data-to')),
					how: bar.getAttribute('data-end'),
					renewals: [...bar.querySelectorAll('.scene-renewal')].map(tick => Number(tick.getAttribute('data-at'))),
				},
				left: box.left,
				width: box.width,
			}
		})
	})
}

const order = (a: EngineLease, b: EngineLease) => a.from - b.from || String(a.fence).localeCompare(String(b.fence)) || a.to - b.to

const PAGES: [string, string][] = [
	['/guides/locks/fences/', 'actor a     "Worker A"  at 10,25 icon=cpu'],
	['/guides/locks/', 'actor c     "Worker C"  at 86,50 icon=cpu'],
	['/guides/locks/availability/', 'actor'],
	['/guides/locks/choosing-ttl/', 'actor'],
	['/guides/locks/seeing-and-breaking/', 'actor'],
	['/guides/locks/connection/', 'actor'],
	['/guides/locks/leases/', 'actor'],
]

for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
	test.describe(`at ${size.width}x${size.height}`, () => {
		test.use({ viewport: size })

		for (const [path, first] of PAGES) {
			test(`${path}: each timeline bar is a lease the engine gave, from its grant to where it ended`, async ({ page }) => {
				const problems = watchPage(page)
				await page.goto(path)
				const figure = await sceneStarting(page, first)
				await figure.scrollIntoViewIfNeeded()
				// A later scene's timeline is drawn once the scene nears the screen, as its stage is.
				await expect(figure.locator('.scene-timeline-track svg').first()).toBeAttached()
				const { source, scene: { frames } } = await sceneDataOf(figure)
				const { leases } = await scenesLeases(source)
				const bars = await shownBars(figure)
				expect(bars.map(bar => bar.lease as EngineLease).sort(order), 'the bars are the engine\'s leases').toEqual([...leases].sort(order))
				for (const bar of bars) expect(bar.width, `the bar from ${bar.lease.from} ms is drawn`).toBeGreaterThan(4)
				// Later leases stand to the right: the axis runs in the engine's time.
				const byTime = [...bars].sort((a, b) => a.lease.from - b.lease.from)
				for (let i = 1; i < byTime.length; i++) expect(byTime[i]!.left).toBeGreaterThanOrEqual(byTime[i - 1]!.left)
				// And in proportion to it: each bar as long as its lease, each step's moment at its time, in the drawing shown.
				const shown = await figure.locator('.scene-timeline-track svg').evaluateAll(svgs => new XMLSerializer().serializeToString(svgs.find(one => one.checkVisibility())!))
				expect(notTime(shown, frames), 'the axis is time').toEqual([])
				expect(problems).toEqual([])
			})
		}
	})
}

test.describe('the scrubber', () => {
	test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' })

	test('a drag along the timeline moves the stage, caption, clock and address to the moment; keys step it; a link opens there', async ({ page }) => {
		const figure = await firstScene(page, '/guides/locks/fences/')
		const track = figure.locator('.scene-timeline-track')
		await expect(track).toHaveAttribute('role', 'slider')
		const svg = track.locator('svg[data-layout=wide]')
		const box = (await svg.boundingBox())!
		const viewBox = await svg.evaluate(el => (el as SVGSVGElement).viewBox.baseVal.width)
		const moments = ((await svg.getAttribute('data-moments')) ?? '').split(' ').map(Number)
		const at = (step: number) => box.x + (moments[step]! / viewBox) * box.width
		const clock = figure.locator('.scene-stage svg[data-layout=wide] .scene-clock')

		await page.mouse.move(at(0), box.y + box.height / 2)
		await page.mouse.down()
		await page.mouse.move(at(1), box.y + box.height / 2, { steps: 4 })
		await expect(figure).toHaveAttribute('data-step', '1')
		await expect(clock).toHaveAttribute('data-time', '0')
		await page.mouse.move(at(3), box.y + 10, { steps: 6 })
		await page.mouse.up()
		await expect(figure).toHaveAttribute('data-step', '3')
		await expect(clock).toHaveAttribute('data-time', '30000')
		await expect(clock).toContainText('t = 30 s')
		await expect(figure.locator('.scene-caption')).toContainText('refuses A')
		await expect(track).toHaveAttribute('aria-valuenow', '3')
		await expect(track).toHaveAttribute('aria-valuetext', /Step 3 of 3, t = 30 s/)
		await expect(figure.locator('.scene-code .line.is-active')).toHaveCount(1)
		// The moment line stands at the step's moment.
		await expect(track.locator('svg[data-layout=wide] .scene-now')).toHaveAttribute('transform', `translate(${moments[3]} 0)`)
		await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/-step-3$/)

		await track.focus()
		await page.keyboard.press('ArrowLeft')
		await expect(figure).toHaveAttribute('data-step', '2')
		await page.keyboard.press('Home')
		await expect(figure).toHaveAttribute('data-step', '0')
		await expect(clock).toHaveAttribute('data-time', '0')
		await page.keyboard.press('ArrowUp')
		await page.keyboard.press('ArrowUp')
		await expect(figure).toHaveAttribute('data-step', '2')
		await expect(clock).toHaveAttribute('data-time', '30000')

		// The address follows the new frame after its paint.
		await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/-step-2$/)
		const link = await page.evaluate(() => location.href)
		await page.goto('about:blank')
		await page.goto(link)
		await expect(figure).toHaveAttribute('data-step', '2')
		await expect(track.locator('svg[data-layout=wide] .scene-now')).toHaveAttribute('transform', `translate(${moments[2]} 0)`)
	})
})

test.describe('the scrubber on a slow network', () => {
	test.use({ viewport: { width: 1280, height: 800 } })

	test("a drag made before the scrubber's code arrives ends at the step where it was let go", async ({ page }) => {
		// The code of a drag loads with the first press; here it comes a second late.
		let release = () => {}
		const held = new Promise<void>(resolve => (release = resolve))
		await page.route(/step-marks\.[\w-]+\.js$/, async route => {
			await held
			await route.continue()
		})
		const figure = await firstScene(page, '/guides/locks/fences/')
		const svg = figure.locator('.scene-timeline-track svg[data-layout=wide]')
		const box = (await svg.boundingBox())!
		const viewBox = await svg.evaluate(el => (el as SVGSVGElement).viewBox.baseVal.width)
		const moments = ((await svg.getAttribute('data-moments')) ?? '').split(' ').map(Number)
		const at = (step: number) => box.x + (moments[step]! / viewBox) * box.width
		await page.mouse.move(at(0), box.y + box.height / 2)
		await page.mouse.down()
		await page.mouse.move(at(2), box.y + box.height / 2, { steps: 5 })
		await page.mouse.up()
		await expect(figure).toHaveAttribute('data-step', '0')
		release()
		await expect(figure).toHaveAttribute('data-step', '2')
	})
})

test.describe('state in words', () => {
	test.use({ viewport: { width: 1280, height: 800 } })

	test('the text twin of the Locks scene reads "released" where a lease was let go, never a strike-through', async ({ page }) => {
		await page.goto('/guides/locks/')
		const figure = await sceneStarting(page, 'actor c     "Worker C"  at 86,50 icon=cpu')
		await figure.locator('details.scene-steps > summary').click()
		const step3 = figure.locator('li.scene-step[data-step="3"]')
		await expect(step3).toContainText('Worker A: holding, fence 1 (released)')
		await expect(figure.locator('li.scene-step[data-step="4"]')).toContainText('Worker B: holding, fence 2 (released)')
		await expect(figure.locator('.scene-steps s')).toHaveCount(0)
		// The picture says it too.
		await figure.locator('[data-action=next]').click()
		await figure.locator('[data-action=next]').click()
		await figure.locator('[data-action=next]').click()
		const state = figure.locator('.scene-stage svg[data-layout=wide] .scene-actor[data-actor=a] .scene-state')
		await expect(state).toHaveAttribute('data-ended', 'released')
		await expect(state).toContainText('(released)')
	})
})

test.describe('the key', () => {
	test.use({ viewport: { width: 1280, height: 800 } })

	test('names each kind of mark the timeline draws, and only those; the engine\'s numbers say what they are', async ({ page }) => {
		const problems = watchPage(page)
		await page.goto('/guides/locks/availability/')
		const figure = page.locator('figure.scene[data-scene-id]').first()
		const shown = async () => figure.locator('.scene-timeline-key .scene-key').evaluateAll(keys => keys.filter(key => key.checkVisibility()).map(key => key.getAttribute('data-mark')))
		const drawn = async () => ((await figure.locator('.scene-timeline-track svg[data-layout=wide]').getAttribute('data-marks')) ?? '').split(' ')
		// A store's restart is drawn there, and named; a renewal is neither.
		expect(await figure.locator('.scene-timeline-track svg[data-layout=wide] .scene-restart').count()).toBeGreaterThan(0)
		expect(await shown()).toContain('restart')
		expect(await shown()).not.toContain('renewal')
		expect((await shown()).filter(kind => kind !== 'now').sort()).toEqual((await drawn()).sort())
		await expect(figure.locator('.scene-timeline-key .scene-key-computed')).toContainText('a number the engine computed')
		await expect(figure.locator('.scene-timeline-track svg[data-layout=wide] .scene-restart title')).toContainText('restarts at 5 s')
		await page.goto('/guides/locks/failure-models/')
		expect(await shown()).toContain('renewal')
		expect(await shown()).not.toContain('restart')
		expect((await shown()).filter(kind => kind !== 'now').sort()).toEqual((await drawn()).sort())
		// A number the engine computed says so where it stands, in the caption the player writes.
		await figure.locator('[data-action=next]').click()
		await expect(figure.locator('.scene-caption data.scene-computed').first()).toHaveAttribute('title', 'a number the engine computed')
		expect(problems).toEqual([])
	})
})

test.describe('the code pane', () => {
	test.use({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' })

	test("lights each worker's line in its colour, with its name, and wraps long lines", async ({ page }) => {
		await page.goto('/guides/locks/')
		const figure = await sceneStarting(page, 'actor c     "Worker C"  at 86,50 icon=cpu')
		await figure.scrollIntoViewIfNeeded()
		await figure.locator('[data-action=next]').click()
		await figure.locator('[data-action=next]').click()
		// B and C ran lines 1 and 2 and stand at 2: both lines in their colours, their names where they stand.
		const lit = figure.locator('.scene-code .line.is-active')
		await expect(lit).toHaveCount(2)
		await expect(figure.locator('.scene-code .line.is-active[data-ran]')).toHaveAttribute('data-ran', 'Worker B, Worker C')
		const border = await lit.first().evaluate(el => getComputedStyle(el).borderInlineStartColor)
		await figure.locator('[data-action=next]').click()
		// A lets go at the hold's line, and B, given the key, runs its function's line: each named once, in its own colour.
		const named = await figure.locator('.scene-code .line.is-active[data-ran]').evaluateAll(lines => lines.map(line => [line.getAttribute('data-ran'), getComputedStyle(line).borderInlineStartColor]))
		expect(named.map(([who]) => who)).toEqual(['Worker A', 'Worker B'])
		expect(named[0]![1], "A's colour is not B's").not.toBe(named[1]![1])
		expect(named[1]![1], "B's colour is B's in the step before").toBe(border)
		// No code pane on the site scrolls sideways.
		await page.goto('/guides/locks/fences/')
		const pre = page.locator('figure.scene .scene-code pre').first()
		const sizes = await pre.evaluate(el => [el.scrollWidth, el.clientWidth])
		expect(sizes[0]).toBeLessThanOrEqual(sizes[1]! + 1)
	})
})

test.describe('the failure beside the fix', () => {
	test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' })

	test('the Fences scene runs its own story without fences on the engine in the page, stepped by the same controls', async ({ page }) => {
		const problems = watchPage(page)
		const figure = await firstScene(page, '/guides/locks/fences/')
		const toggle = figure.locator('[data-action=without-fences]')
		await expect(toggle).toHaveAttribute('aria-checked', 'false')
		await figure.focus()
		await page.keyboard.press('End')
		await expect(figure).toHaveAttribute('data-step', '3')
		await toggle.click()
		await expect(toggle).toHaveAttribute('aria-checked', 'true')
		const db = figure.locator('.scene-stage svg[data-layout=wide] .scene-actor[data-actor=db] .scene-state')
		await expect(db).toHaveText('fence 7')
		await expect(figure.locator('.scene-caption')).toContainText("takes Worker A's write with fence 7")
		const answer = figure.locator('.scene-stage svg[data-layout=wide] .scene-message[data-from=db]')
		// A label on a crowded stage may take two lines (two texts, no space between them in the DOM's text).
		await expect(answer).toContainText(/saved,\s*fence 7/)
		// Both writes are taken on the timeline, and its key no longer names a refused write.
		await expect(figure.locator('.scene-timeline-track svg[data-layout=wide] .scene-write[data-taken=false]')).toHaveCount(0)
		await expect(figure.locator('.scene-timeline-track svg[data-layout=wide] .scene-write[data-taken=true]')).toHaveCount(2)
		await expect(figure.locator('.scene-key[data-mark=refused]')).toBeHidden()
		await expect(figure.locator('.scene-key[data-mark=taken]')).toBeVisible()
		// One step control for both runs.
		await figure.locator('[data-action=prev]').click()
		await expect(figure).toHaveAttribute('data-step', '2')
		await expect(db).toHaveText('fence 8')
		await toggle.click()
		await expect(toggle).toHaveAttribute('aria-checked', 'false')
		await expect(figure).toHaveAttribute('data-step', '2')
		await figure.locator('[data-action=next]').click()
		await expect(db).toHaveText('fence 8')
		await expect(answer).toContainText(/refused:\s*7 < 8/)
		expect(problems).toEqual([])
	})
})
