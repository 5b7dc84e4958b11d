// The watch the browser tests keep on a page (watchPage) catches what fails, and only that: a
// request the test's own next page cut off is not a page's problem, any other failure is.
import { expect, test } from '@playwright/test'
import { watchPage } from './scene-check.ts'

test('a failed request is a problem, and so is an abort no navigation explains', async ({ page }) => {
	const problems = watchPage(page)
	await page.route('**/favicon.svg', route => route.abort('failed'))
	await page.goto('/guides/locks/')
	await expect.poll(() => problems.join('\n')).toContain('favicon.svg (net::ERR_FAILED)')
	problems.splice(0)
	await page.unroute('**/favicon.svg')
	await page.route('**/favicon.svg', route => route.abort('aborted'))
	await page.goto('/guides/locks/fences/')
	await expect.poll(() => problems.join('\n')).toContain('favicon.svg (net::ERR_ABORTED)')
})

test('a request cut off because the test went to another page is not', async ({ page }) => {
	const problems = watchPage(page)
	let asked!: () => void
	const hanging = new Promise<void>(resolve => { asked = resolve })
	// The icon never comes while the first page is open; the test leaves it for another.
	await page.route('**/favicon.svg', () => asked(), { times: 1 })
	await page.goto('/guides/locks/')
	await hanging
	await page.goto('/guides/locks/fences/')
	await expect(page.locator('h1')).toContainText('Fences')
	expect(problems).toEqual([])
})
