// The scene playground in Chromium: a scene typed into the editor is verified on the stage, its
// errors sit at their line and column, the address holds it, its exports are self-contained, a
// hostile link is refused with a message, and the page works by keyboard and passes axe.
import { readFileSync } from 'node:fs'
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { formatMessage } from '../../src/scenes/frame-format.ts'
import { findSceneBlocks } from '../../src/scenes/markdown/scene-blocks.ts'
import { compileScene } from '../../src/scenes/simulation/index.ts'
import { openNodeDriver } from '../../src/scenes/node-sqlite/node-drivers.ts'
import { watchPage } from './scene-check.ts'

const seed = findSceneBlocks(readFileSync(new URL('../unit/parser/fixtures/fences.md', import.meta.url), 'utf8'))[0]!.text

// The engine loads in a worker and axe reads a large page: on a busy machine both take a while.
test.describe.configure({ timeout: 180_000 })

// The stage holds each step in both layouts; the one shown is the one its width calls for.
const stage = (page: Page) => page.locator('[data-part=stage] > svg:visible')
const editor = (page: Page) => page.locator('.cm-content')
const counter = (page: Page) => page.locator('[data-part=counter]')

/** The editor's text, line by line as CodeMirror draws it (every line of a short scene is drawn). */
function editorText(page: Page): Promise<string> {
	return page.locator('.cm-line').evaluateAll(lines => lines.map(line => line.textContent ?? '').join('\n'))
}

async function open(page: Page, hash = ''): Promise<void> {
	await page.goto(`/playground/${hash}`)
	await expect(page.locator('[data-playground][data-ready]')).toBeAttached()
	await expect(page.locator('[data-playground]')).toHaveAttribute('data-state', /ok|stale/, { timeout: 30_000 })
}

/** Empties the editor and types `text` into it as the keyboard's text input. */
async function typeScene(page: Page, text: string): Promise<void> {
	await editor(page).click()
	await page.keyboard.press('ControlOrMeta+a')
	await page.keyboard.press('Delete')
	await page.keyboard.insertText(text)
}

test('the seed scene typed into the editor shows its fences and the refusal on the stage', async ({ page }) => {
	const problems = watchPage(page)
	await open(page)
	await typeScene(page, seed)
	await expect(page.locator('[data-playground]')).toHaveAttribute('data-state', 'ok')
	// The cursor is in step 3, so the stage follows it there.
	await expect(counter(page)).toHaveText('Step 3 of 3')
	await expect(stage(page)).toContainText('refused: 7 < 8')
	await page.locator('[data-action=first]').click()
	await page.locator('[data-action=next]').click()
	await expect(stage(page)).toContainText('fence 7')
	await page.locator('[data-action=next]').click()
	await expect(stage(page)).toContainText('fence 8')
	await expect(page.locator('[data-part=caption]')).toHaveText(/Worker B holds the key with fence 8/)
	expect(problems).toEqual([])
})

for (const { width, layout } of [
	{ width: 1280, layout: 'narrow' },
	{ width: 2200, layout: 'wide' },
] as const) {
	test(`at ${width} px the stage shows the ${layout} drawing, as a page's scene does at that column width`, async ({ page }) => {
		await page.setViewportSize({ width, height: 900 })
		await open(page)
		await expect(page.locator('[data-playground]')).toHaveAttribute('data-state', 'ok')
		await expect(stage(page)).toHaveCount(1)
		await expect(stage(page)).toHaveAttribute('data-layout', layout)
		const box = (await stage(page).boundingBox())!
		expect(box.width).toBeGreaterThan(300)
		expect(box.height).toBeGreaterThan(100)
		// The same rule as a page's figure: the wide drawing from 528 px of column (WIDE_MIN_PX).
		const column = await page.locator('[data-part=stage]').evaluate(element => element.getBoundingClientRect().width)
		expect(column >= 528).toBe(layout === 'wide')
		await page.locator('[data-action=next]').click()
		await expect(stage(page)).toHaveAttribute('data-layout', layout)
		await expect(stage(page)).toContainText('fence 7')
	})
}

test('an unknown actor shows its error at its line and column in the editor, and the stage goes stale', async ({ page }) => {
	await open(page)
	await typeScene(page, seed)
	await expect(page.locator('[data-playground]')).toHaveAttribute('data-state', 'ok')
	// The good scene's last step on the stage before the text breaks (a busy machine takes its time to draw it).
	await expect(stage(page)).toContainText('refused: 7 < 8', { timeout: 30_000 })
	await page.keyboard.press('ControlOrMeta+End')
	await page.keyboard.press('Enter')
	await page.keyboard.type('send lok -> a "hello"')
	const broken = `${seed}\n  send lok -> a "hello"`
	// What `npm run scenes -- check playground.scene` prints for the same text.
	const expected = (await compileScene(broken, { file: 'playground.scene', line: 1, column: 0 }, openNodeDriver)).diagnostics
	expect(expected.length).toBeGreaterThan(0)
	const first = expected[0]!
	expect(first.message).toMatch(/lok.*did you mean "lock"/)
	await expect(page.locator('[data-playground]')).toHaveAttribute('data-state', 'stale')
	await expect(page.locator('.pg-problem').first()).toHaveText(formatMessage({ ...first, message: `error: ${first.message}` }))
	// The mark sits on line `first.line`, starting at column `first.column`.
	const mark = page.locator('.cm-lintRange-error').first()
	await expect(mark).toHaveText('lok')
	const place = await mark.evaluate(el => {
		const line = el.closest('.cm-line')!
		const lines = [...line.parentElement!.querySelectorAll('.cm-line')]
		const range = document.createRange()
		range.setStart(line, 0)
		range.setEnd(el, 0)
		return { line: lines.indexOf(line) + 1, column: range.toString().length + 1 }
	})
	expect(place).toEqual({ line: first.line, column: first.column })
	// The last good frames stay on the stage, marked stale.
	await expect(stage(page)).toContainText('refused: 7 < 8')
	await expect(page.locator('.pg-stale-badge')).toBeVisible()
	await mark.hover()
	await expect(page.locator('.cm-tooltip-lint')).toContainText(first.message)
	// Undo takes back what was typed (CodeMirror groups keys typed together into one step).
	await editor(page).click()
	const before = await editorText(page)
	await page.keyboard.press('ControlOrMeta+z')
	await expect.poll(() => editorText(page)).not.toBe(before)
	expect(broken.startsWith(await editorText(page))).toBe(true)
})

/** The playground's scene as `npm run scenes -- check playground.scene` (and `suggest`) run it. */
const PLAYGROUND = { file: 'playground.scene', line: 1, column: 0 }

test("a caption being written is offered its step's true sentences above the forms, and one chosen verifies the scene", async ({ page }) => {
	const problems = watchPage(page)
	await open(page)
	// The seed with step 2's caption taken out: the author writes it again, from its first words.
	const blank = seed.replace(/^step "A's lease runs out\.[^"]*"/m, 'step ""')
	expect(blank).not.toBe(seed)
	const start = 'Worker B g'
	// What `npm run scenes -- suggest` finds true of step 2, from the engine's trace.
	const truths = (await compileScene(seed, PLAYGROUND, openNodeDriver, { suggest: true })).frames[2]!.suggestions!.map(one => one.text)
	const begun = truths.filter(text => text.startsWith(start))
	expect(begun.length).toBeGreaterThan(0)
	await typeScene(page, blank)
	await page.locator('.cm-line', { hasText: /^step ""/ }).click()
	await page.keyboard.press('Home')
	for (let i = 0; i < 'step "'.length; i++) await page.keyboard.press('ArrowRight')
	await page.keyboard.type(start)
	const list = page.locator('.cm-tooltip-autocomplete')
	// The step's true sentences come first, under their heading, then the forms.
	await expect(list.locator('completion-section').first()).toHaveText('True of this step')
	await expect(list.locator('completion-section').nth(1)).toHaveText('Forms')
	const first = list.locator('li[role=option]').first().locator('.cm-completionLabel')
	await expect(first).toHaveText(new RegExp(`^${start}`))
	const chosen = (await first.textContent())!
	expect(begun).toContain(chosen)
	await page.keyboard.press('Enter')
	await expect(page.locator('[data-playground]')).toHaveAttribute('data-state', 'ok')
	expect(await editorText(page)).toBe(blank.replace('step ""', `step "${chosen}"`))
	await expect(counter(page)).toHaveText('Step 2 of 3')
	await expect(page.locator('[data-part=caption]')).toHaveText(chosen)
	expect(problems).toEqual([])
})

test('a refused clause offers its "did you mean" as a fix that replaces exactly the clause, and the scene then verifies', async ({ page }) => {
	const problems = watchPage(page)
	await open(page)
	const refused = seed.replace("A's lease runs out.", "A's lease expires soon.")
	expect(refused).not.toBe(seed)
	// What `npm run scenes -- check playground.scene` says of it: one error, whose "did you mean" is its fix.
	const diagnostics = (await compileScene(refused, PLAYGROUND, openNodeDriver)).diagnostics
	expect(diagnostics).toHaveLength(1)
	const { fix, message } = diagnostics[0]!
	expect(fix).toBeDefined()
	expect(message).toContain(`did you mean: "${fix!.text}"?`)
	await typeScene(page, refused)
	await expect(page.locator('[data-playground]')).toHaveAttribute('data-state', 'stale')
	// The mark covers the words the fix replaces, no more and no less.
	const mark = page.locator('.cm-lintRange-error')
	await expect(mark).toHaveText("A's lease expires soon")
	await mark.hover()
	const action = page.locator('.cm-tooltip-lint .cm-diagnosticAction')
	await expect(action).toHaveText(`Replace with: ${fix!.text}`)
	await action.click()
	await expect(page.locator('[data-playground]')).toHaveAttribute('data-state', 'ok')
	const fixed = refused.replace("A's lease expires soon", fix!.text)
	expect(await editorText(page)).toBe(fixed)
	// The same fix beside the error in the list of problems, which the keyboard reaches.
	await editor(page).click()
	await page.keyboard.press('ControlOrMeta+z')
	await expect(page.locator('[data-playground]')).toHaveAttribute('data-state', 'stale')
	expect(await editorText(page)).toBe(refused)
	const button = page.locator('.pg-fix')
	await expect(button).toHaveText(`Replace with: ${fix!.text}`)
	await button.focus()
	await page.keyboard.press('Enter')
	await expect(page.locator('[data-playground]')).toHaveAttribute('data-state', 'ok')
	expect(await editorText(page)).toBe(fixed)
	expect(problems).toEqual([])
})

test('the address holds the scene: a reload opens the same text', async ({ page }) => {
	await open(page)
	// A label no caption names, so the renamed scene still reads: the database's; and a comment outside ASCII, which the address must carry.
	const changed = `# Ärger über Umlaute\n${seed.replace('"chat.db"', '"archive.db"')}`
	await typeScene(page, changed)
	await expect(stage(page)).toContainText('archive.db')
	// The seed's own text reached the address when the page opened: wait for the typed text's.
	await expect(page.locator('[data-playground]')).toHaveAttribute('data-address', 'current')
	expect(await page.evaluate(() => location.hash.startsWith('#scene='))).toBe(true)
	const url = page.url()
	await page.reload()
	await expect(page.locator('[data-playground]')).toHaveAttribute('data-state', 'ok', { timeout: 30_000 })
	expect(await editorText(page)).toBe(changed)
	expect(page.url()).toBe(url)
})

test('the animated SVG export has no script, one keyframe set per frame, and parses as XML', async ({ page }) => {
	await open(page)
	await expect(page.locator('[data-playground]')).toHaveAttribute('data-state', 'ok')
	const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-action=export-animation]').click()])
	const svg = readFileSync((await download.path())!, 'utf8')
	expect(download.suggestedFilename()).toBe('scene.svg')
	expect(svg).not.toMatch(/<script/i)
	expect(svg).not.toMatch(/\shref="(?!#)|url\((?!#)|@import|\son[a-z]+=/i)
	const frames = 4
	expect([...svg.matchAll(/@keyframes\s+([\w-]+)/g)].map(m => m[1])).toEqual(Array.from({ length: frames }, (_, i) => `scene-frame-${i}`))
	const parsed = await page.evaluate(text => {
		const doc = new DOMParser().parseFromString(text, 'image/svg+xml')
		return { error: doc.querySelector('parsererror')?.textContent ?? '', root: doc.documentElement.localName, groups: doc.querySelectorAll('.scene-anim-frame').length }
	}, svg)
	expect(parsed).toEqual({ error: '', root: 'svg', groups: frames })

	const [step] = await Promise.all([page.waitForEvent('download'), page.locator('[data-action=export-step]').click()])
	expect(readFileSync((await step.path())!, 'utf8')).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
	const [source] = await Promise.all([page.waitForEvent('download'), page.locator('[data-action=export-source]').click()])
	expect(source.suggestedFilename()).toBe('playground.scene')
	expect(readFileSync((await source.path())!, 'utf8')).toBe(seed)
})

test('a malformed or hostile link shows a message, and the page still works', async ({ page }) => {
	const hostile = {
		'not base64url': '#scene=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
		'does not unpack': '#scene=AAAAAAAAAAAA',
		'unpacks to more than': `#scene=${deflateRawSync(Buffer.alloc(1 << 20, 0x61)).toString('base64url')}`,
		'characters long': `#scene=${'A'.repeat(30_000)}`,
	}
	for (const [why, hash] of Object.entries(hostile)) {
		const problems = watchPage(page)
		await open(page, hash)
		await expect(page.locator('[data-part=link-error]')).toBeVisible()
		await expect(page.locator('[data-part=link-error]')).toContainText(why)
		await expect(page.locator('[data-playground]')).toHaveAttribute('data-state', 'ok')
		expect(await editorText(page)).toBe(seed)
		expect(await page.locator('img').count()).toBe(0)
		expect(problems).toEqual([])
	}
})

test("a scene's Open in the playground link opens the reader's sandbox, shareable, and the authors' editor from there", async ({ page, context }) => {
	await page.goto('/guides/locks/fences/')
	const figure = page.locator('figure.scene[data-scene-id]').first()
	const id = await figure.getAttribute('data-scene-id')
	const source = JSON.parse((await figure.locator('script.scene-data').textContent())!).source as string
	await figure.locator('a.scene-playground-link').click()
	// The sandbox: the scene and Play it yourself over the whole window, at an address that opens it again.
	await expect(figure).toHaveAttribute('data-sandbox', '')
	await expect(figure.locator('section.scene-play')).toBeVisible()
	const box = await figure.boundingBox()
	expect(box?.width).toBe(page.viewportSize()?.width)
	await figure.getByRole('button', { name: 'Hold, Worker A', exact: true }).click()
	await expect(page).toHaveURL(new RegExp(`#${id}-sandbox-play=`))
	await expect(figure.locator('.scene-stage svg').filter({ visible: true }).locator('.scene-message-label')).toContainText(['hold', 'fence 7'])
	// The address is written a moment after the stage (its write waits for the reader to pause): the one that
	// carries the act, not the sandbox's opening one (no acts), which a quick click may still find there.
	const acts = (url: string) => (JSON.parse(inflateRawSync(Buffer.from(url.split('-play=')[1] ?? '', 'base64url')).toString()) as { acts: unknown[] }).acts.length
	await expect.poll(() => acts(page.url())).toBe(1)
	const shared = await context.newPage()
	await shared.goto(page.url())
	const again = shared.locator(`figure.scene[data-scene-id="${id}"]`)
	await expect(again).toHaveAttribute('data-sandbox', '')
	await expect(again).toHaveAttribute('data-steps', '1')
	await shared.close()
	await figure.getByRole('link', { name: 'Edit its source in the playground' }).click()
	await expect(page).toHaveURL(/\/playground\/#scene=/)
	await expect(page.locator('[data-playground]')).toHaveAttribute('data-state', 'ok', { timeout: 30_000 })
	expect(await editorText(page)).toBe(source)
})

test('the playground works by keyboard alone', async ({ page }) => {
	await open(page)
	await page.locator('[data-part=examples-picker]').focus()
	// Into the editor with Tab, edit, and out again with Tab.
	await page.keyboard.press('Tab')
	await expect(editor(page)).toBeFocused()
	await page.keyboard.press('ControlOrMeta+End')
	await page.keyboard.press('Enter')
	await page.keyboard.type('wait 1s')
	// The seed's compile already said ok: wait for the edit's (its compile starts 25 ms after the last key, the address's write 400 ms after).
	await expect(page.locator('[data-playground]')).toHaveAttribute('data-address', 'current')
	await expect(page.locator('[data-playground]')).not.toHaveAttribute('data-compiling')
	await expect(page.locator('[data-playground]')).toHaveAttribute('data-state', 'ok')
	await page.keyboard.press('Tab')
	await expect(page.locator('[data-part=stage-region]')).toBeFocused()
	await page.keyboard.press('Home')
	await expect(counter(page)).toHaveText('Step 0 of 3')
	await page.keyboard.press('ArrowRight')
	await expect(counter(page)).toHaveText('Step 1 of 3')
	await expect(stage(page)).toContainText('fence 7')
	// Completion from the keyboard: Ctrl-Space at a line's start offers the statements.
	await page.keyboard.press('Shift+Tab')
	await expect(editor(page)).toBeFocused()
	await page.keyboard.press('Enter')
	await page.keyboard.type('str')
	await page.keyboard.press('Control+Space')
	await expect(page.locator('.cm-tooltip-autocomplete')).toContainText('strike')
	await page.keyboard.press('Escape')
	// The stage follows the edit into step 3; the buttons answer Enter.
	await expect(counter(page)).toHaveText('Step 3 of 3')
	await page.locator('[data-action=prev]').focus()
	await page.keyboard.press('Enter')
	await expect(counter(page)).toHaveText('Step 2 of 3')
	// Search: Ctrl-F opens CodeMirror's search panel.
	await editor(page).focus()
	await page.keyboard.press('ControlOrMeta+f')
	await expect(page.locator('.cm-search input[name=search]')).toBeFocused()
})

for (const theme of ['light', 'dark'] as const) {
	test(`the playground, with an error and its fix shown, has no serious accessibility violation (${theme})`, async ({ browser }) => {
		const context = await browser.newContext({ colorScheme: theme })
		await context.addInitScript(t => localStorage.setItem('starlight-theme', t), theme)
		const page = await context.newPage()
		await open(page)
		await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
		await editor(page).click()
		await page.keyboard.press('ControlOrMeta+End')
		await page.keyboard.press('Enter')
		// A state the engine denies: its error and the fix its "did you mean" offers are on screen.
		await page.keyboard.type('set db "fence 9"')
		await expect(page.locator('[data-playground]')).toHaveAttribute('data-state', 'stale')
		await expect(page.locator('.pg-fix')).toHaveText('Replace with: fence 8')
		const results = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze()
		const serious = results.violations
			.filter(v => v.impact === 'serious' || v.impact === 'critical')
			.map(v => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map(n => `  ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`)
		expect(serious, serious.join('\n')).toEqual([])
		await context.close()
	})
}
