// axe-core on every page of the built site, in the light and the dark theme: no serious or
// critical violation, with nothing exempted. One load per page; the theme is switched in place,
// as Starlight's own theme picker does.
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { builtPages } from './built-site.ts'

for (const built of builtPages()) {
	test(`${built.path} has no serious accessibility violation (light and dark)`, async ({ browser }) => {
		const context = await browser.newContext({ colorScheme: 'light' })
		await context.addInitScript(() => localStorage.setItem('starlight-theme', 'light'))
		const page = await context.newPage()
		await page.goto(built.path)
		for (const theme of ['light', 'dark'] as const) {
			await page.emulateMedia({ colorScheme: theme })
			await page.evaluate(t => {
				document.documentElement.dataset.theme = t
			}, theme)
			await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
			// Off by default in axe 4.13; Starlight's own search button failed it once.
			const results = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze()
			const serious = results.violations
				.filter(v => v.impact === 'serious' || v.impact === 'critical')
				.map(v => `${theme}: ${v.id} (${v.impact}): ${v.help}\n${v.nodes.map(n => `  ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`)
			expect(serious, serious.join('\n')).toEqual([])
		}
		await context.close()
	})
}
