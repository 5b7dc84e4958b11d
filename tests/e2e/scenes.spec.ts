// Every scene on every page of the built site, stepped through in Chromium and checked against
// the engine. The list comes from the build itself: a new scene on any page is a new test here.
import { test } from '@playwright/test'
import { builtPages } from './built-site.ts'
import { checkScene } from './scene-check.ts'

const pages = builtPages()

// What a step shows is checked here, not how it moves there: the scenes are stepped with motion
// in the reading spec's keyboard test and in the play spec, and without it here, which spares
// the machine drawing every transition (about a quarter of this spec's time).
test.use({ reducedMotion: 'reduce' })

test('the build has scenes to check', () => {
	const count = pages.reduce((n, page) => n + page.scenes.length, 0)
	if (count === 0) throw new Error('no scene found in dist/: the scene tests would check nothing')
})

for (const built of pages) {
	for (const sceneId of built.scenes) {
		test(`${built.path} ${sceneId} shows what the engine computes at every step`, async ({ page }) => {
			await checkScene(page, built.path, sceneId)
		})
	}
}
