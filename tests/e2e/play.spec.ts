// A reader plays the seed scene (the Fences page): takes over after step 1, acts, and the engine
// in the page answers; the session is copied as a scene, shared as a link, replayed without
// fences, and shows what the engine ran. Every action is a button the keyboard reaches.
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'
import { compileScene } from '../../src/scenes/simulation/index.ts'
import { openNodeDriver } from '../../src/scenes/node-sqlite/node-drivers.ts'
import { formatMessage } from '../../src/scenes/frame-format.ts'
import { sceneDataOf, watchPage } from './scene-check.ts'
import { animationsStarted, countAnimations } from './count-animations.ts'

const PAGE = '/guides/locks/fences/'

/** What the stage's visible drawing shows: its message labels, and each actor's state and badge. */
async function stage(figure: Locator) {
	return figure.locator('.scene-stage svg').evaluateAll(svgs => {
		const svg = svgs.find(one => one.checkVisibility()) ?? svgs[0]
		// A text cut to fit carries the whole of it in its title; a wrapped one is several text elements.
		const text = (el: Element | null) => (el?.querySelector('title')?.textContent || [...(el?.querySelectorAll('text') ?? [])].map(t => t.textContent).join(' ')).replace(/\s+/g, ' ').trim()
		return {
			messages: [...(svg?.querySelectorAll('.scene-message-label') ?? [])].map(text),
			states: Object.fromEntries([...(svg?.querySelectorAll('.scene-actor') ?? [])].map(actor => [actor.getAttribute('data-actor'), text(actor.querySelector('.scene-state'))])),
			badges: Object.fromEntries([...(svg?.querySelectorAll('.scene-actor') ?? [])].map(actor => [actor.getAttribute('data-actor'), text(actor.querySelector('.scene-badge'))])),
		}
	})
}

/** Presses an action's button and waits for the frame it adds after the step shown (the steps after it are left). */
async function act(figure: Locator, name: string, choice?: { label: RegExp; value: string }): Promise<void> {
	const before = Number(await figure.getAttribute('data-step'))
	if (choice) await figure.getByRole('combobox', { name: choice.label }).selectOption(choice.value)
	await figure.getByRole('button', { name, exact: true }).click()
	await expect(figure).toHaveAttribute('data-steps', String(before + 1))
	await expect(figure).toHaveAttribute('data-step', String(before + 1))
}

async function takeOverAfterStep1(page: Page): Promise<Locator> {
	await page.goto(PAGE)
	const figure = page.locator('figure.scene').first()
	await figure.locator('[data-action=next]').click()
	await expect(figure).toHaveAttribute('data-step', '1')
	await figure.getByRole('button', { name: 'Play it yourself' }).click()
	await expect(figure.locator('section.scene-play')).toBeVisible()
	await expect(figure).toHaveAttribute('data-played', '')
	// The reader plays the guide's whole scene, at the step they were on.
	await expect(figure).toHaveAttribute('data-step', '1')
	await expect(figure).toHaveAttribute('data-steps', '3')
	await expect(figure.locator('.scene-counter')).toHaveText('Step 1 of 3')
	return figure
}

/** The seed's story told by the reader: A's lease runs out, B holds and writes, A writes late. */
async function lateWrite(figure: Locator): Promise<void> {
	await act(figure, 'Move on, Clock', { label: /Move on, Clock/, value: '30s' })
	await act(figure, 'Hold, Worker B', { label: /Hold, Worker B/, value: 'forever' })
	await act(figure, 'Write, Worker B')
	await act(figure, 'Write, Worker A')
}

test.describe('playing the seed scene', () => {
	test("the engine refuses A's late write with A's and B's real fences; the copied scene checks; the link replays the same frames", async ({ browser }) => {
		const context = await browser.newContext()
		await context.grantPermissions(['clipboard-read', 'clipboard-write'])
		const page = await context.newPage()
		const problems = watchPage(page)
		const figure = await takeOverAfterStep1(page)
		await lateWrite(figure)
		const shown = await stage(figure)
		expect(shown.messages).toEqual(['save, fence 7', 'refused: 7 < 8'])
		expect(shown.badges['db']).toContain('8')
		await expect(figure.locator('.scene-caption')).toHaveText('Worker A wakes. Worker A saves with fence 7. The row keeps fence 8, so chat.db refuses the write.')
		await expect(figure.locator('.scene-caption data.scene-computed')).toHaveText(['7', '8'])
		// The step before: B's lease, fence 8, granted at 30 s when A's ran out.
		await figure.locator('[data-action=prev]').click()
		await figure.locator('[data-action=prev]').click()
		expect((await stage(figure)).messages).toEqual(['hold', 'fence 8'])
		await figure.locator('[data-action=next]').click()
		await figure.locator('[data-action=next]').click()
		await expect(figure).toHaveAttribute('data-step', '5')

		// The page writes the clipboard asynchronously after the click: read it once the write has landed.
		const clipboard = () => page.evaluate(() => navigator.clipboard.readText())
		await figure.getByRole('button', { name: 'Copy as scene' }).click()
		const source = await figure.locator('.scene-play-source').textContent()
		await expect.poll(clipboard).toBe(source)
		const copied = await clipboard()
		const checked = await compileScene(copied, { file: 'copied.scene' }, openNodeDriver)
		expect(checked.diagnostics.map(formatMessage)).toEqual([])
		expect(checked.frames).toHaveLength(6)

		await figure.getByRole('button', { name: 'Copy link' }).click()
		await expect.poll(clipboard).toMatch(/#.+-play=[A-Za-z0-9_-]+$/)
		const link = await clipboard()
		const played = await sceneDataOf(figure)
		const fresh = await context.newPage()
		const freshProblems = watchPage(fresh)
		await fresh.goto(link)
		const again = fresh.locator(`figure.scene[data-scene-id="${played.id}"]`)
		await expect(again).toHaveAttribute('data-steps', '5')
		await expect(again).toHaveAttribute('data-step', '5')
		expect(await stage(again)).toEqual(shown)
		await expect(again.locator('.scene-caption')).toHaveText(await figure.locator('.scene-caption').innerText())
		for (let step = 4; step >= 0; step--) {
			await again.locator('[data-action=prev]').click()
			await figure.locator('[data-action=prev]').click()
			await expect(again).toHaveAttribute('data-step', String(step))
			expect(await stage(again)).toEqual(await stage(figure))
		}
		expect([...problems, ...freshProblems]).toEqual([])
		await context.close()
	})

	test("without fences, the same session shows A's stale write accepted and B's summary lost", async ({ page }) => {
		const figure = await takeOverAfterStep1(page)
		await lateWrite(figure)
		const toggle = figure.getByRole('switch', { name: 'Without fences' })
		await toggle.click()
		await expect(toggle).toHaveAttribute('aria-checked', 'true')
		await expect(figure.locator('.scene-caption')).toContainText("Worker A's summary replaces Worker B's")
		const shown = await stage(figure)
		expect(shown.messages).toEqual(['save, fence 7', 'saved'])
		expect(shown.states['db']).toBe('summary by Worker A')
		expect(shown.badges['db']).toContain('7')
		const text = await figure.locator('.scene-play-source').textContent() ?? ''
		expect(text).toContain('icon=database fences=off')
		expect((await compileScene(text, { file: 'copied.scene' }, openNodeDriver)).diagnostics.map(formatMessage)).toEqual([])
		await toggle.click()
		await expect(toggle).toHaveAttribute('aria-checked', 'false')
		expect((await stage(figure)).messages).toEqual(['save, fence 7', 'refused: 7 < 8'])
	})

	test('a restart of the store mid-scene: the next fence carries the new epoch', async ({ page }) => {
		const figure = await takeOverAfterStep1(page)
		await act(figure, 'Move on, Clock', { label: /Move on, Clock/, value: '10s' })
		await act(figure, 'Restart, Lock')
		await expect(figure.locator('.scene-caption')).toContainText('It writes epoch 10000')
		await act(figure, 'Hold, Worker B', { label: /Hold, Worker B/, value: 'forever' })
		expect((await stage(figure)).messages).toEqual(['hold', 'fence 10000:1'])
	})

	test('what the engine ran: the fenced update with its parameters and changes: 0, and the rows after it', async ({ page }) => {
		const figure = await takeOverAfterStep1(page)
		await lateWrite(figure)
		const toggle = figure.getByRole('button', { name: 'What the engine ran' })
		await toggle.click()
		await expect(toggle).toHaveAttribute('aria-expanded', 'true')
		const log = figure.locator('.scene-play-engine')
		await expect(log.locator('.scene-play-calls li').filter({ hasText: 'update chats' })).toContainText('→ changes: 0')
		await expect(log.locator('.scene-play-calls li').filter({ hasText: 'update chats' })).toContainText("'0000000000000000000000000000000000000007'")
		await expect(log.locator('table').filter({ hasText: 'db: chats' })).toContainText('summary by b')
		await figure.locator('[data-action=restart]').click()
		await expect(log.locator('.scene-play-calls li').filter({ hasText: 'insert into meta' })).toContainText('epoch')
	})

	test('a malformed or hostile link shows a message in its scene and changes nothing else', async ({ page }) => {
		await page.goto(PAGE)
		const figure = page.locator('figure.scene').first()
		const id = await figure.getAttribute('data-scene-id')
		const main = async () => page.locator('main').evaluate(el => el.querySelectorAll('*').length)
		const before = await main()
		const pack = (json: string) => page.evaluate(async text => {
			const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream('deflate-raw'))
			const bytes = new Uint8Array(await new Response(stream).arrayBuffer())
			return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
		}, json)
		const cases: [string, string][] = [
			['@@@', 'damaged: it is not base64url'],
			['AAAA', 'damaged: it does not unpack'],
			[await pack('not json'), 'damaged: it is not the data'],
			[await pack(JSON.stringify({ v: 1, kept: -1, fenced: true, acts: [] })), 'not a step number'],
			[await pack(JSON.stringify({ v: 1, kept: 1, fenced: true, acts: [{ action: 'hold', actor: '<img src=x onerror=alert(1)>' }] })), 'action 1 does not name an action and an actor'],
			// Well formed, but the scene cannot take it: B holds no lease to write with.
			[await pack(JSON.stringify({ v: 1, kept: 1, fenced: true, acts: [{ action: 'write', actor: 'b' }] })), 'action 1 (write b): write is not something b can do at this step'],
		]
		for (const [payload, says] of cases) {
			await page.goto(`${PAGE}#${id}-play=${payload}`)
			await page.reload()
			await expect(figure.locator('.scene-play-error')).toContainText(says)
			await expect(figure).not.toHaveAttribute('data-played', '')
			await expect(figure).toHaveAttribute('data-step', '0')
			expect(await main()).toBe(before + 1)
		}
		await expect(page.locator('img[src=x]')).toHaveCount(0)
	})
	test('every action is a named button the keyboard reaches; the new caption is announced; reduced motion runs no animation', async ({ browser }) => {
		const context = await browser.newContext({ reducedMotion: 'reduce' })
		await countAnimations(context)
		const page = await context.newPage()
		const figure = await takeOverAfterStep1(page)
		const buttons = figure.locator('section.scene-play button')
		// Their text, rendered or not (the code's buttons wait in a closed <details>, whose text Chromium does not render).
		for (const name of await buttons.evaluateAll(all => all.map(b => (b.textContent ?? '').trim()))) expect(name).not.toBe('')
		// Tab from the take-over button reaches the first action; Enter and Space press it.
		const first = figure.getByRole('button', { name: 'Hold, Worker B', exact: true })
		await first.focus()
		await page.keyboard.press('Enter')
		await expect(figure).toHaveAttribute('data-step', '2')
		await expect(figure.locator('.scene-caption')).toHaveAttribute('aria-live', 'polite')
		await expect(figure.locator('.scene-caption')).toContainText('Worker B asks for the key')
		let reached = false
		for (let tab = 0; tab < 40 && !reached; tab++) {
			await page.keyboard.press('Tab')
			reached = await page.evaluate(() => document.activeElement?.textContent?.startsWith('Move on') ?? false)
		}
		expect(reached).toBe(true)
		await page.keyboard.press('Space')
		await expect(figure).toHaveAttribute('data-step', '3')
		const started = await animationsStarted(page)
		expect(started).toBe(0)
		await context.close()
	})

	for (const theme of ['light', 'dark'] as const) {
		test(`a played scene has no serious accessibility violation (${theme}), and looks right`, async ({ browser }, testInfo) => {
			const context = await browser.newContext({ colorScheme: theme })
			await context.addInitScript(t => localStorage.setItem('starlight-theme', t), theme)
			const page = await context.newPage()
			const figure = await takeOverAfterStep1(page)
			await lateWrite(figure)
			await figure.getByRole('button', { name: 'What the engine ran' }).click()
			const results = await new AxeBuilder({ page }).include('figure.scene').options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze()
			const serious = results.violations
				.filter(v => v.impact === 'serious' || v.impact === 'critical')
				.map(v => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map(n => `  ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`)
			expect(serious, serious.join('\n')).toEqual([])
			await figure.screenshot({ path: testInfo.outputPath(`played-${theme}.png`), animations: 'disabled' })
			await page.setViewportSize({ width: 390, height: 844 })
			await figure.screenshot({ path: testInfo.outputPath(`played-${theme}-phone.png`), animations: 'disabled' })
			await context.close()
		})
	}
})
