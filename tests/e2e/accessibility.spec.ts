// axe-core on every page of the built site, in the light and the dark theme: no serious or
// critical violation, with nothing exempted. One load per page; the theme is switched in place,
// as Starlight's own theme picker does. A theme changes colours and nothing else in the page's
// tree (the site's CSS switches colours only), so the dark theme is checked with every rule
// whose answer a colour or a shown-or-hidden element can change; the rest would repeat the
// light theme's answers at twice the time. Should a theme show or hide any element, the dark
// theme gets every rule again.
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { builtPages } from './built-site.ts'

const THEME_RULES = ['color-contrast', 'link-in-text-block', 'image-alt', 'svg-img-alt', 'role-img-alt', 'button-name', 'link-name', 'aria-hidden-focus']

for (const built of builtPages()) {
	test(`${built.path} has no serious accessibility violation (light and dark)`, async ({ browser }) => {
		const context = await browser.newContext({ colorScheme: 'light' })
		await context.addInitScript(() => localStorage.setItem('starlight-theme', 'light'))
		const page = await context.newPage()
		await page.goto(built.path)
		// Expressive Code makes a code block that scrolls focusable from a ResizeObserver, 250 ms and an
		// idle callback after load; axe looks once it has, as a reader would find the page.
		await expect
			.poll(() => page.evaluate(() => [...document.querySelectorAll('.expressive-code pre')].every(pre => pre.scrollWidth <= pre.clientWidth || pre.hasAttribute('tabindex'))))
			.toBe(true)
		const shown: string[] = []
		for (const theme of ['light', 'dark'] as const) {
			await page.emulateMedia({ colorScheme: theme })
			await page.evaluate(t => {
				document.documentElement.dataset.theme = t
			}, theme)
			await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
			shown.push(await page.evaluate(() => [...document.querySelectorAll('body *')].map(el => (el.checkVisibility({ visibilityProperty: true }) ? '1' : '0')).join('')))
			// Only violations are reported in full: listing every passing node is most of axe's time on a big page.
			const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] })
			const results = await (theme === 'dark' && shown[0] === shown[1]
				? axe.withRules(THEME_RULES)
				: // Off by default in axe 4.13; Starlight's own search button failed it once.
					axe.options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
			).analyze()
			if (theme === 'dark') console.log(`${built.path}: dark theme checked with ${shown[0] === shown[1] ? 'the rules a theme can change' : 'every rule (a theme shows or hides an element)'}`)
			const serious = results.violations
				.filter(v => v.impact === 'serious' || v.impact === 'critical')
				.map(v => `${theme}: ${v.id} (${v.impact}): ${v.help}\n${v.nodes.map(n => `  ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`)
			expect(serious, serious.join('\n')).toEqual([])
		}
		await context.close()
	})
}
