// "Edit the code": a reader changes the seed's sample in the page, the engine in a worker replays the
// guide's story with it, and the page says what changed and where. The transpiler loads only then.
import { expect, test } from '@playwright/test'
import { watchPage } from './scene-check.ts'

const PAGE = '/guides/locks/fences/'

test("the seed's story replayed with the reader's code: a write with a fence of the reader's making, told step by step", async ({ page }) => {
	const problems = watchPage(page)
	const compilers: string[] = []
	// The compiler is a chunk of its own (compile.HASH.js, compile-HASH.js in a worker), fetched by the page or a worker.
	page.context().on('request', request => {
		if (/\/_astro\/compile[.-][^/]*\.js$/.test(request.url())) compilers.push(request.url())
	})
	await page.goto(PAGE)
	const figure = page.locator('figure.scene').first()
	await figure.locator('[data-action=next]').click()
	await figure.getByRole('button', { name: 'Play it yourself' }).click()
	await expect(figure.locator('section.scene-play')).toBeVisible()
	expect(compilers).toEqual([])
	await figure.getByText('Edit the code').click()
	const editor = figure.getByLabel("The code each worker runs; change it, and the guide's steps run again with yours")
	await expect(editor).toHaveValue('await summaries.hold(chatId, async lease => save(chatId, text, lease.fence))')
	await editor.fill('await summaries.hold(chatId, async lease => save(chatId, text, 1n))')
	await figure.getByRole('button', { name: 'Run the story with this code' }).click()
	const result = figure.locator('.scene-play-code-result')
	await expect(result).toContainText('With your code', { timeout: 30_000 })
	// A fence the lease did not give is the code's mistake: the write is never made, and the replay says so, step by step.
	await expect(result).toContainText("step 2: b → db: nothing (no write); the guide's: taken (fence 8, the row held 0)")
	await expect(result).toContainText("b's write carries fence 1, and b's lease has fence 8")
	expect(compilers.length).toBeGreaterThan(0)
	await figure.getByRole('button', { name: "Back to the guide's code" }).click()
	await expect(result).toHaveText('')
	expect(problems).toEqual([])
})
