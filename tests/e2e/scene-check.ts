/**
 * Steps one scene of a served page from first to last and checks, at each step, that what the
 * page shows is what the engine computes in Node on better-sqlite3. Shared by the scene tests
 * and by the test that proves a wrong number makes them fail.
 */
import { expect } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'
import { compileScene } from '../../src/scenes/simulation/index.ts'
import { formatDuration, formatMessage, stateText } from '../../src/scenes/frame-format.ts'
import type { Frame, SceneFrames } from '../../src/scenes/frame.ts'
import { openNodeDriver } from '../../src/scenes/node-sqlite/node-drivers.ts'

/** What the build publishes of each scene: its `script.scene-data`, or the file of a later scene (sceneDataOf). */
interface EmbeddedScene {
	id: string
	source: string
	origin: { file?: string; line?: number; column?: number }
	scene: SceneFrames
}

/** How long an aborted request waits for the navigation that would explain it. */
const ABORT_GRACE_MS = 1_000

/** Problems the page reported while a test ran: console errors and failed requests. */
export function watchPage(page: Page): string[] {
	const problems: string[] = []
	page.on('console', message => {
		if (message.type() === 'error') problems.push(`console error: ${message.text()}`)
	})
	page.on('pageerror', error => problems.push(`page error: ${error.message}`))
	// A request the page's own going elsewhere cut off (the test's next `goto`, while the page it
	// leaves still loads a script or an icon) is not a problem of either page: the browser aborts it.
	// Any other failure is, and so is an abort that no navigation explains.
	// The browser may tell of the abort before it tells of the navigation that caused it (with a
	// route in place, Playwright announces a request only once interception has seen it), so an
	// abort no navigation has explained yet waits a while for one before it counts.
	let navigations = 0
	const startedIn = new WeakMap<object, number>()
	const unexplained = new Set<{ problem: string }>()
	page.on('request', request => {
		if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
			navigations += 1
			unexplained.clear()
		} else startedIn.set(request, navigations)
	})
	page.on('requestfailed', request => {
		const error = request.failure()?.errorText
		const problem = `request failed: ${request.url()} (${error})`
		if (error !== 'net::ERR_ABORTED') return void problems.push(problem)
		if ((startedIn.get(request) ?? navigations) < navigations) return
		const waiting = { problem }
		unexplained.add(waiting)
		setTimeout(() => {
			if (unexplained.delete(waiting)) problems.push(problem)
		}, ABORT_GRACE_MS)
	})
	page.on('response', response => {
		if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`)
	})
	return problems
}

/**
 * A scene's data as the build published it: in its page (the page's first scene), or in the file its
 * figure names (`data-scene-src`), read here apart from the page, so the page's own fetches are its own.
 */
export async function sceneDataOf<T = EmbeddedScene>(figure: Locator): Promise<T> {
	const inline = figure.locator('script.scene-data')
	if (await inline.count() > 0) return JSON.parse((await inline.textContent()) ?? 'null') as T
	const src = await figure.getAttribute('data-scene-src')
	if (!src) throw new Error(`scene ${await figure.getAttribute('data-scene-id')}: neither its data nor data-scene-src`)
	const response = await figure.page().request.get(src)
	expect(response.status(), src).toBe(200)
	return (await response.json()) as T
}

/** The first scene of a page, opened and scrolled into view, as a reader who came for it sees it. */
export async function firstScene(page: Page, path: string): Promise<Locator> {
	await page.goto(path)
	const figure = page.locator('figure.scene[data-scene-id]').first()
	await figure.scrollIntoViewIfNeeded()
	return figure
}

const normal = (text: string): string => text.replace(/\s+/g, ' ').trim()

/** What each of the stage's SVGs (one per layout) shows: actors' states and badges, messages, and the clock. */
async function stageShows(page: Page, sceneId: string) {
	return page.locator(`figure.scene[data-scene-id="${sceneId}"] .scene-stage svg`).evaluateAll(svgs => svgs.map(svg => {
		// A text cut to fit carries the whole text in its title.
		const whole = (el: Element | null): string | undefined => {
			if (!el) return undefined
			const title = el.querySelector(':scope > title, :scope > text > title')
			if (title?.textContent) return title.textContent
			return [...el.querySelectorAll('text')].map(t => t.textContent ?? '').join(' ')
		}
		const actors = [...svg.querySelectorAll('.scene-actor')].map(actor => {
			const state = actor.querySelector('.scene-state')
			const badge = actor.querySelector('.scene-badge')
			return {
				id: actor.getAttribute('data-actor') ?? '',
				label: actor.querySelector('.scene-label')?.textContent ?? '',
				state: whole(state),
				struck: state ? state.classList.contains('is-struck') : undefined,
				badge: badge
					? {
						kind: badge.classList.contains('scene-badge-lease') ? 'lease' : badge.classList.contains('scene-badge-holder') ? 'holder' : 'fence',
						text: whole(badge) ?? '',
						lost: badge.classList.contains('is-lost'),
						strikes: badge.querySelectorAll('.scene-strike').length,
					}
					: undefined,
			}
		})
		const messages = [...svg.querySelectorAll('.scene-message')].map(message => ({
			from: message.getAttribute('data-from') ?? '',
			to: message.getAttribute('data-to') ?? '',
			label: whole(message.querySelector('.scene-message-label')) ?? '',
		}))
		const clock = svg.querySelector('.scene-clock')
		return {
			layout: svg.getAttribute('data-layout') ?? '',
			actors,
			messages,
			clock: clock ? { text: clock.textContent ?? '', time: clock.getAttribute('data-time') } : undefined,
		}
	}))
}

/** The milliseconds a clock's text says (`t = 1 min 30.5 s`), read without the renderer's code. */
function clockMs(text: string): number {
	const body = /^\s*t\s*=\s*(.+?)\s*$/.exec(text)?.[1]
	if (body === undefined) return Number.NaN
	const units: Record<string, number> = { h: 3_600_000, min: 60_000, s: 1000, ms: 1 }
	let total = 0
	let rest = body
	for (const part of body.matchAll(/(-?\d+(?:\.\d+)?)\s*(h|min|ms|s)\b/g)) {
		total += Number(part[1]) * (units[part[2]!] ?? Number.NaN)
		rest = rest.replace(part[0], '')
	}
	return rest.trim() === '' ? total : Number.NaN
}

function expectStageMatches(shown: Awaited<ReturnType<typeof stageShows>>, frame: Frame, at: string): void {
	expect(shown.map(svg => svg.layout), `${at}: the stage holds the wide and the narrow drawing`).toEqual(['wide', 'narrow'])
	for (const svg of shown) {
		const where = `${at} (${svg.layout})`
		expect(svg.clock, `${where}: the clock is on the stage`).toBeDefined()
		expect(clockMs(svg.clock!.text), `${where}: the clock says the frame's time (${svg.clock!.text})`).toBe(frame.time)
		expect(Number(svg.clock!.time), `${where}: the clock's data-time`).toBe(frame.time)
		for (const actor of frame.actors) {
			const seen = svg.actors.find(a => a.id === actor.id)
			expect(seen, `${where}: actor ${actor.id} is on the stage`).toBeDefined()
			expect(normal(seen!.label), `${where}: actor ${actor.id}'s label`).toBe(normal(actor.label))
			if (actor.state) {
				// A struck label says why it ended (`paused (over)`), in words, never struck through.
				expect(normal(seen!.state ?? ''), `${where}: ${actor.id}'s state label`).toBe(normal(stateText(actor.state)))
				expect(seen!.struck, `${where}: ${actor.id}'s state struck out`).toBe(actor.state.struck)
			} else {
				expect(seen!.state, `${where}: ${actor.id} shows no state label`).toBeUndefined()
			}
			// The computed badges: a worker's lease and its fence, lost or not; a database's stored fence
			// unless its state (not struck out) already says that number.
			if (actor.lease) {
				const text = actor.lease.fence !== undefined ? `fence ${actor.lease.fence}` : 'lease'
				expect(seen!.badge, `${where}: ${actor.id}'s lease badge`).toEqual({
					kind: 'lease', text, lost: actor.lease.lost, strikes: actor.lease.lost ? 1 : 0,
				})
			} else if (actor.storedFence !== undefined && seen!.badge !== undefined) {
				expect(seen!.badge, `${where}: ${actor.id}'s stored fence badge`).toEqual({ kind: 'fence', text: `fence ${actor.storedFence}`, lost: false, strikes: 0 })
			} else if (actor.storedFence !== undefined) {
				const says = actor.state !== undefined && !actor.state.struck && new RegExp(`(^|\\D)${actor.storedFence}(\\D|$)`).test(actor.state.text)
				expect(says, `${where}: ${actor.id} shows its stored fence ${actor.storedFence}, in a badge or its state`).toBe(true)
			} else if (actor.held?.length) {
				// A lock's badge: who holds its key (by the label's last word, as captions say it) and until when;
				// it shows the first holder, and its title every one.
				const name = (id: string) => (frame.actors.find(a => a.id === id)?.label ?? id).trim().split(/\s+/).pop()
				const all = actor.held.map(one => `${name(one.worker)} until ${formatDuration(one.until)}`).join(', ')
				expect(seen!.badge, `${where}: ${actor.id}'s holder badge`).toEqual({ kind: 'holder', text: `held by ${all}`, lost: false, strikes: 0 })
			} else {
				expect(seen!.badge, `${where}: ${actor.id} shows no badge`).toBeUndefined()
			}
		}
		expect(
			svg.messages.map(m => `${m.from} -> ${m.to}: ${normal(m.label)}`),
			`${where}: the messages on the stage`,
		).toEqual(frame.messages.map(m => `${m.from} -> ${m.to}: ${normal(m.label)}`))
	}
}

/**
 * Opens `url`, finds scene `sceneId`, and checks it step by step against the engine. Throws, with
 * each disagreement as `FILE:LINE:COL: message`, when the scene's numbers are not the engine's.
 */
export async function checkScene(page: Page, url: string, sceneId: string): Promise<void> {
	const problems = watchPage(page)
	const engine: string[] = []
	page.on('request', request => {
		if (/verify-scene|sql-wasm/.test(request.url())) engine.push(request.url())
	})
	await page.goto(url)
	const figure = page.locator(`figure.scene[data-scene-id="${sceneId}"]`)
	await expect(figure).toHaveCount(1)
	const embedded = await sceneDataOf(figure)
	expect(embedded?.id).toBe(sceneId)

	const node = JSON.parse(JSON.stringify(await compileScene(embedded.source, embedded.origin, openNodeDriver))) as SceneFrames
	if (node.diagnostics.length > 0) {
		throw new Error(`scene ${sceneId} on ${url} disagrees with the engine:\n${node.diagnostics.map(formatMessage).join('\n')}`)
	}
	expect(embedded.scene, 'the build\'s frames are the engine\'s (Node, better-sqlite3)').toEqual(node)

	// The browser recomputes the frames on sql.js once the reader first acts on the scene, never before:
	// not when the player upgrades the figure (its controls are no longer hidden), and not when the scene
	// comes into view and a later scene's drawing and steppers are built (two frames drawn since the
	// scroll, so every observer of it has been told).
	await expect(figure.locator('.scene-controls')).not.toHaveAttribute('hidden')
	await figure.scrollIntoViewIfNeeded()
	await expect(figure.locator('.scene-controls')).toBeVisible()
	await figure.evaluate(() => new Promise<void>(resolve => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))
	await expect(figure, 'nothing is verified before the reader touches the scene').toHaveAttribute('data-verified', 'pending')
	expect(engine, 'the engine is not loaded before the reader touches the scene').toEqual([])
	await figure.locator('[data-action=next]').click()
	await expect(figure).toHaveAttribute('data-verified', /^(ok|mismatch|failed)$/, { timeout: 30_000 })
	await expect(figure.locator('.scene-mismatch')).toHaveCount(0)
	await expect(figure).toHaveAttribute('data-verified', 'ok')
	const browser = await figure.evaluate(el => (el as HTMLElement & { sceneBrowserFrames?: unknown }).sceneBrowserFrames)
	expect(browser, 'the frames sql.js computed in the page are the Node frames').toEqual(node)

	const steps = node.frames.length - 1
	await expect(figure).toHaveAttribute('data-steps', String(steps))
	if ((await figure.getAttribute('data-step')) !== '0') await figure.locator('[data-action=restart]').click()
	for (let step = 0; step <= steps; step++) {
		if (step > 0) await figure.locator('[data-action=next]').click()
		const frame = node.frames[step]!
		const where = `${url} ${sceneId} step ${step}`
		await expect(figure, where).toHaveAttribute('data-step', String(step))
		// The player draws a step within the click, so what the step shows is read in one call.
		const shows = await figure.evaluate(el => ({
			counter: el.querySelector('.scene-counter')?.textContent ?? '',
			live: el.querySelector('.scene-caption')?.getAttribute('aria-live'),
			caption: el.querySelector('.scene-caption')?.textContent ?? '',
			lines: [...el.querySelectorAll<HTMLElement>('.scene-code [data-line].is-active')].map(line => Number(line.dataset['line'])),
		}))
		expect(normal(shows.counter), `${where}: the counter`).toBe(`Step ${step} of ${steps}`)
		expect(shows.live, `${where}: the caption is announced`).toBe('polite')
		if (step > 0) expect(normal(shows.caption), `${where}: caption`).toBe(normal(frame.caption))
		expect(shows.lines, `${where}: highlighted code lines`).toEqual(frame.lines)
		expectStageMatches(await stageShows(page, sceneId), frame, where)
	}
	await expect(figure.locator('.scene-mismatch')).toHaveCount(0)
	expect(problems, 'no console error and no failed request').toEqual([])
}
