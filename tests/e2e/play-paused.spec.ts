// "Play it yourself" with a worker whose process is paused, on "Leases and renewal", whose label
// says "stalled": the reader can resume it, and its next write is answered as the engine in Node
// answers the same session; every action either adds a step or, pressed while it is off, says why.
// And "Without fences" and "Play it yourself" work together on Fences.
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'
import { findSceneBlocks } from '../../src/scenes/markdown/scene-blocks.ts'
import { openNodeDriver } from '../../src/scenes/node-sqlite/node-drivers.ts'
import { compileScene } from '../../src/scenes/simulation/index.ts'
import { SessionRunner } from '../../src/scenes/browser/play/run-session.ts'
import type { SessionState } from '../../src/scenes/browser/play/run-session.ts'
import type { ReaderAct } from '../../src/scenes/browser/play/act.ts'
import { firstFences } from '../../src/scenes/browser/play/session-source.ts'
import { firstScene, watchPage } from './scene-check.ts'

const LEASES = '/guides/locks/leases/'

/** The same session as the page plays it, run by the engine in Node: the Leases guide's scene from step `kept`, then `acts`. */
async function inNode(kept: number, acts: ReaderAct[]): Promise<SessionState> {
	const source = findSceneBlocks(readFileSync(new URL('../../content/guides/locks/leases.mdx', import.meta.url), 'utf8'))[0]!.text
	const guide = await compileScene(source, { file: 'leases.mdx' }, openNodeDriver)
	return (await new SessionRunner(source, openNodeDriver, firstFences(guide.frames)).replay(kept, true, acts)).at(-1)!
}

/** The labels of the messages on the stage's visible drawing. */
async function messages(figure: Locator): Promise<string[]> {
	return figure.locator('.scene-stage svg').evaluateAll(svgs => {
		const svg = svgs.find(one => one.checkVisibility()) ?? svgs[0]
		const text = (el: Element) => (el.querySelector('title')?.textContent || [...el.querySelectorAll('text')].map(t => t.textContent).join(' ')).replace(/\s+/g, ' ').trim()
		return [...(svg?.querySelectorAll('.scene-message-label') ?? [])].map(text)
	})
}

/** Opens the Leases page, steps to `step` and takes the scene over there. */
async function takeOverAt(page: Page, step: number): Promise<Locator> {
	const figure = await firstScene(page, LEASES)
	for (let i = 0; i < step; i++) await figure.locator('[data-action=next]').click()
	await expect(figure).toHaveAttribute('data-step', String(step))
	await figure.getByRole('button', { name: 'Play it yourself' }).click()
	await expect(figure.locator('section.scene-play')).toBeVisible()
	await expect(figure.locator('section.scene-play[data-busy]')).toHaveCount(0)
	return figure
}

/** Presses an action and waits for the step it adds after the step shown. */
async function act(figure: Locator, name: string): Promise<void> {
	const before = Number(await figure.getAttribute('data-step'))
	await figure.getByRole('button', { name, exact: true }).click()
	await expect(figure).toHaveAttribute('data-step', String(before + 1))
	await expect(figure).toHaveAttribute('data-steps', String(before + 1))
}

test.describe('a stalled worker in "Play it yourself" on Leases', () => {
	test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' })

	test("resumed after B saved, A hears its lease is lost, and its write with fence 7 is refused, as the engine in Node says", async ({ page }) => {
		const problems = watchPage(page)
		const figure = await takeOverAt(page, 4)
		const resume = figure.getByRole('button', { name: 'Resume, Worker A', exact: true })
		await expect(resume).toHaveAttribute('aria-disabled', 'false')
		await act(figure, 'Resume, Worker A')
		const woke = await inNode(4, [{ action: 'resume', actor: 'a' }])
		await expect(figure.locator('.scene-caption')).toHaveText(woke.frames.at(-1)!.caption)
		expect(await messages(figure)).toEqual(woke.frames.at(-1)!.messages.map(m => m.label))
		// Awake, A is offered Pause again and Resume no more.
		await expect(resume).toHaveAttribute('aria-disabled', 'true')
		await expect(figure.getByRole('button', { name: 'Pause, Worker A', exact: true })).toHaveAttribute('aria-disabled', 'false')
		await act(figure, 'Write, Worker A')
		const wrote = await inNode(4, [{ action: 'resume', actor: 'a' }, { action: 'write', actor: 'a' }])
		expect(wrote.frames.at(-1)!.messages.map(m => m.label)).toEqual(['save, fence 7', 'refused: 7 < 8'])
		expect(await messages(figure)).toEqual(wrote.frames.at(-1)!.messages.map(m => m.label))
		await expect(figure.locator('.scene-caption')).toHaveText(wrote.frames.at(-1)!.caption)
		await expect(figure.locator('.scene-play-error')).toHaveCount(0)
		expect(problems).toEqual([])
	})

	test('Write for the stalled worker wakes it and writes; an action that is off says why, on the button and when pressed', async ({ page }) => {
		const figure = await takeOverAt(page, 1)
		const pause = figure.getByRole('button', { name: 'Pause, Worker A', exact: true })
		await expect(pause).toHaveAttribute('aria-disabled', 'true')
		await expect(pause).toHaveAttribute('title', 'Worker A is paused already.')
		// A reader's press: Playwright's own click waits for a button that is not aria-disabled, so the
		// button is brought out from under the pinned stage first, as a reader would scroll to it.
		await pause.evaluate(el => el.scrollIntoView({ block: 'end' }))
		await pause.click({ force: true })
		const status = figure.locator('.scene-play-status')
		await expect(status).toHaveText('Pause, Worker A: not at this step. Worker A is paused already.')
		await expect(status).toBeInViewport()
		await expect(figure).toHaveAttribute('data-step', '1')
		await act(figure, 'Write, Worker A')
		const wrote = await inNode(1, [{ action: 'write', actor: 'a' }])
		await expect(figure.locator('.scene-caption')).toHaveText(wrote.frames.at(-1)!.caption)
		await expect(figure.locator('.scene-caption')).toContainText('Worker A wakes.')
		expect(await messages(figure)).toEqual(wrote.frames.at(-1)!.messages.map(m => m.label))
		await expect(figure.locator('.scene-play-error')).toHaveCount(0)
		// Every action of the step is either on, or off with its reason.
		for (const action of await figure.locator('section.scene-play [data-play-action]').all()) {
			if (await action.getAttribute('aria-disabled') === 'true') expect(await action.getAttribute('title'), await action.getAttribute('aria-label') ?? '').toMatch(/\w.*\.$/)
		}
	})
})

test.describe('"Without fences" and "Play it yourself" together on Fences', () => {
	test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' })

	test('with fences off, Play it yourself stays and plays without fences; the one switch turns the session\'s fences on and off; back to the guide, the story is still without fences', async ({ page }) => {
		const problems = watchPage(page)
		const figure = await firstScene(page, '/guides/locks/fences/')
		await figure.locator('[data-action=next]').click()
		const toggle = figure.getByRole('switch', { name: 'Without fences' })
		await toggle.click()
		await expect(toggle).toHaveAttribute('aria-checked', 'true')
		await expect(figure).toHaveAttribute('data-unfenced', '')
		const takeOver = figure.getByRole('button', { name: 'Play it yourself' })
		await expect(takeOver).toBeVisible()
		await takeOver.click()
		await expect(figure.locator('section.scene-play')).toBeVisible()
		await expect(figure.locator('section.scene-play[data-busy]')).toHaveCount(0)
		await expect(toggle).toBeVisible()
		await expect(toggle).toHaveAttribute('aria-checked', 'true')
		await expect(figure.getByRole('switch')).toHaveCount(1)
		await expect(figure.locator('.scene-play-source')).toContainText('icon=database fences=off')
		await figure.getByRole('combobox', { name: /Move on, Clock/ }).selectOption('30s')
		await act(figure, 'Move on, Clock')
		await act(figure, 'Hold, Worker B')
		await act(figure, 'Write, Worker B')
		await act(figure, 'Write, Worker A')
		expect(await messages(figure)).toEqual(['save, fence 7', 'saved'])
		await toggle.click()
		await expect(toggle).toHaveAttribute('aria-checked', 'false')
		await expect(figure).not.toHaveAttribute('data-unfenced', '')
		await expect.poll(() => messages(figure)).toEqual(['save, fence 7', 'refused: 7 < 8'])
		await toggle.click()
		await expect(toggle).toHaveAttribute('aria-checked', 'true')
		await expect.poll(() => messages(figure)).toEqual(['save, fence 7', 'saved'])
		await figure.getByRole('button', { name: 'Back to the guide' }).click()
		await expect(figure.locator('section.scene-play')).toHaveCount(0)
		await expect(figure).not.toHaveAttribute('data-played', '')
		await expect(toggle).toHaveAttribute('aria-checked', 'true')
		await expect(figure).toHaveAttribute('data-unfenced', '')
		await expect(takeOver).toBeVisible()
		expect(problems).toEqual([])
	})
})
