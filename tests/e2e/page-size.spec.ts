// Every page of the sitemap stays under issue 31's aim of 1,500 elements before a reader touches a scene,
// so a paragraph, a scene or a table added to any page counts here. Writing scenes had 4,271, most of them
// the table of claim forms (now a page of their own, a list of three elements a form); Fences had 1,660 and
// the wire protocol 1,548, until a later scene's steppers and timeline key waited with its drawing and the
// wide screen's table of contents (81 elements on the protocol), which a phone does not show, waited in a
// <noscript> until the screen is wide (HeldUntilShown.astro).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { DIST } from './built-site.ts'

/** Issue 31's aim: the DOM Lighthouse measures, at most this many elements before a touch. */
const MOST_ELEMENTS = 1500

/** Every page the sitemap lists, as a path of this site. */
const paths = [...readFileSync(join(DIST, 'sitemap-0.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(match => new URL(match[1]!).pathname)

// Lighthouse's phone: the size the DOM aim is measured at.
test.use({ viewport: { width: 412, height: 823 } })

test('the sitemap lists the pages this test measures', () => {
	expect(paths.length).toBeGreaterThan(20)
	expect(paths).toContain('/guides/locks/fences/')
	expect(paths).toContain('/reference/protocol/')
})

for (const path of paths) {
	test(`${path} has at most ${MOST_ELEMENTS} elements before a touch`, async ({ page }) => {
		await page.goto(path)
		await page.waitForLoadState('load')
		const elements = await page.evaluate(() => document.querySelectorAll('*').length)
		expect(elements).toBeLessThanOrEqual(MOST_ELEMENTS)
	})
}

test.describe('the wide screen\'s table of contents waits in a <noscript> until the screen is wide', () => {
	const path = '/reference/protocol/'
	/** The links of the wide screen's table of contents (a column) and of the narrow screen's (a dropdown). */
	const links = (page: import('@playwright/test').Page) => page.evaluate(() => ({
		wide: document.querySelectorAll('starlight-toc a').length,
		narrow: document.querySelectorAll('mobile-starlight-toc a').length,
	}))

	test('a phone has the dropdown, and the column once the window is wide, which then marks the section read', async ({ page }) => {
		await page.goto(path)
		// The page's title and each heading.
		const entries = await page.locator('main :is(h2, h3)[id]').count() + 1
		expect(await links(page)).toEqual({ wide: 0, narrow: entries })
		await page.locator('#starlight__mobile-toc summary').click()
		await expect(page.locator('#starlight__mobile-toc a[href="#limits"]')).toBeVisible()
		await page.locator('#starlight__mobile-toc a[href="#limits"]').click()
		await expect(page.locator('#starlight__mobile-toc .display-current')).toHaveText('Limits')
		await page.setViewportSize({ width: 1280, height: 800 })
		await expect(page.locator('starlight-toc a[href="#limits"]')).toBeVisible()
		expect(await links(page)).toEqual({ wide: entries, narrow: entries })
		await page.locator('starlight-toc a[href="#the-token"]').click()
		await expect(page.locator('starlight-toc a[aria-current=true]')).toHaveText('The token')
	})

	test('every page a wide screen shows has its column built once loaded', async ({ page }) => {
		await page.setViewportSize({ width: 1280, height: 800 })
		for (const each of paths) {
			await page.goto(each)
			await page.waitForLoadState('load')
			await expect(page.locator('[data-held-media] > noscript'), `${each}: nothing held on a wide screen`).toHaveCount(0)
		}
		await page.goto(path)
		await expect(page.locator('starlight-toc a[href="#limits"]')).toBeVisible()
	})

	test('a reader without JavaScript has both, as elements', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 823 } })
		const page = await context.newPage()
		await page.goto(path)
		const entries = await page.locator('main :is(h2, h3)[id]').count() + 1
		expect(await links(page)).toEqual({ wide: entries, narrow: entries })
		await page.locator('#starlight__mobile-toc summary').click()
		await expect(page.locator('#starlight__mobile-toc a[href="#limits"]')).toBeVisible()
		await page.setViewportSize({ width: 1280, height: 800 })
		await expect(page.locator('starlight-toc a[href="#limits"]')).toBeVisible()
		await context.close()
	})
})
