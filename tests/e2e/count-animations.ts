/**
 * Counts every animation a page starts, as it starts (Web Animations and CSS both), so a test
 * of reduced motion sees one that ended before it looked: the count is `window.startedAnimations`.
 */
import type { BrowserContext, Page } from '@playwright/test'

/** Makes every page of `context` count the animations it starts, from its first script on. */
export async function countAnimations(context: BrowserContext): Promise<void> {
	await context.addInitScript(() => {
		const started = { count: 0 }
		Object.assign(window, { startedAnimations: started })
		const animate = Element.prototype.animate
		Element.prototype.animate = function (this: Element, ...args: Parameters<Element['animate']>) {
			started.count++
			return animate.apply(this, args)
		}
		document.addEventListener('animationstart', () => started.count++, true)
	})
}

/** How many animations the page has started so far. */
export function animationsStarted(page: Page): Promise<number> {
	return page.evaluate(() => (window as unknown as { startedAnimations: { count: number } }).startedAnimations.count)
}
