/**
 * The timeline under a scene's stage draws each lease from its grant to where it ended, with the
 * engine's times: every bar of the drawing is compared with the leases the engine gave, read off the
 * engine's own objects while the scene ran (engine-leases.ts), for scenes that release, run out,
 * renew, restart, are ended by an operator and end live; and the axis is time: every span it draws is
 * as long as the engine's duration of it, at one scale per drawing, but for the bands it draws apart
 * (several steps at one time, or too close in time to tell apart), which keep no scale.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { findSceneBlocks } from '../../../src/scenes/markdown/scene-blocks.ts'
import { drawTimeline, timelineLanes, timelineText } from '../../../src/scenes/render/index.ts'
import { scenesLeases, type EngineLease } from './engine-leases.ts'
import { drawnTimes, notTime } from './timeline-time.ts'

/** A page of content/'s scene block by its place among the page's scenes (0 the first), and the line its text starts at (the CLI's `ok FILE:LINE`). */
function sceneOf(file: string, nth: number): { text: string; line: number } {
	const page = readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8')
	const block = findSceneBlocks(page, { mdx: true })[nth]
	if (!block) throw new Error(`no scene ${nth + 1} in ${file}`)
	return block
}

/** The bars a timeline drawing holds, as its data attributes say. */
function drawnBars(svg: string): EngineLease[] {
	return [...svg.matchAll(/<g class="scene-lease" ([^>]*)>(.*?)<\/g>/g)].map(([, attrs = '', inner = '']) => {
		const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(attrs)?.[1]
		const fence = attr('data-fence')
		return {
			...(fence === undefined ? {} : { fence }),
			from: Number(attr('data-from')),
			to: Number(attr('data-to')),
			how: attr('data-end') as EngineLease['how'],
			renewals: [...inner.matchAll(/class="scene-renewal" data-at="(\d+)"/g)].map(match => Number(match[1])),
		}
	})
}

const order = (a: EngineLease, b: EngineLease) => a.from - b.from || String(a.fence).localeCompare(String(b.fence)) || a.to - b.to

// Each page's first scene: a place among the page's scenes, not a line, so the page's words can change around it.
const SCENES: [string, number, string][] = [
	['content/guides/locks/fences.mdx', 0, 'runs out while its holder is paused; the next lease is live at the end'],
	['content/guides/locks.mdx', 0, 'each lease released, the key handed on'],
	['content/guides/locks/leases.mdx', 0, 'run out, then the next holder'],
	['content/guides/locks/choosing-ttl.mdx', 0, 'renewed, and live at the end'],
	['content/guides/locks/failure-models.mdx', 0, 'renewed by hand, then run out while paused'],
	['content/guides/locks/availability.mdx', 0, "ended by its store's restart"],
	['content/guides/locks/seeing-and-breaking.mdx', 0, 'ended by an operator, then the next holder'],
	['content/authors/scenes.mdx', 0, 'a wait in line, then the key'],
	['content/guides/locks/connection.mdx', 0, 'renewed by hand, a 19 s pause after a 9 s stretch'],
	['content/guides/locks.mdx', 1, 'three workers, every step at 0 s'],
	['content/guides/locks/fences.mdx', 4, 'restarts at 0 s and 1 s, drawn apart as close together'],
]

describe('the timeline: each bar is a lease the engine gave, from its grant to where it ended', () => {
	for (const [file, nth, what] of SCENES) {
		const { text, line } = sceneOf(file, nth)
		it(`${file}:${line} (${what})`, async () => {
			const { scene, leases } = await scenesLeases(text)
			expect(scene.diagnostics).toEqual([])
			expect(leases.length).toBeGreaterThan(0)
			for (const layout of ['wide', 'narrow'] as const) {
				const bars = drawnBars(drawTimeline(scene.frames, { layout }))
				expect(bars.sort(order)).toEqual([...leases].sort(order))
			}
		})
	}

	it('shows the scene whose lesson it is: the pause outlasts the lease, and the late write is refused', async () => {
		const { scene } = await scenesLeases(sceneOf('content/guides/locks/fences.mdx', 0).text)
		const lanes = timelineLanes(scene.frames)
		const pause = lanes.pauses.find(span => span.worker === 'a')
		const lease = lanes.bars.find(bar => bar.worker === 'a')
		expect(lease).toMatchObject({ from: 0, to: 30_000, how: 'expired', fence: '7' })
		expect(pause).toMatchObject({ from: 0, to: 30_000, how: 'woke' })
		// On the axis the pause ends after the lease: A woke in the step after its lease ran out.
		expect(pause!.end).toBeGreaterThan(lease!.end)
		expect(lanes.writes.map(write => [write.worker, write.fence, write.taken])).toEqual([['b', '8', true], ['a', '7', false]])
		expect(timelineText(scene.frames)).toContain('Worker A: a lease with fence 7 from 0 s, ran out at 30 s; paused from 0 s to 30 s; a write with fence 7 at 30 s, refused.')
	})

	it("puts each frame's moment in data-moments, in order, and the moment line at the step asked for", async () => {
		const { scene } = await scenesLeases(sceneOf('content/guides/locks/fences.mdx', 0).text)
		const svg = drawTimeline(scene.frames, { step: 2 })
		const moments = (/data-moments="([^"]*)"/.exec(svg)?.[1] ?? '').split(' ').map(Number)
		expect(moments).toHaveLength(scene.frames.length)
		expect([...moments].sort((a, b) => a - b)).toEqual(moments)
		expect(new Set(moments).size).toBe(moments.length)
		expect(svg).toContain(`class="scene-now" transform="translate(${moments[2]} 0)"`)
	})
})

describe('the timeline\'s axis is time', () => {
	for (const [file, nth, what] of SCENES) {
		const { text, line } = sceneOf(file, nth)
		it(`${file}:${line} (${what}): each lease, pause and wait is as long as its duration, each moment at its time`, async () => {
			const { scene } = await scenesLeases(text)
			for (const layout of ['wide', 'narrow'] as const) {
				expect(notTime(drawTimeline(scene.frames, { layout }), scene.frames), layout).toEqual([])
			}
		})
	}

	it('finds a bar drawn longer than its lease, a moment out of place, a band over times not its own, and moments out of order in a band', async () => {
		const { scene } = await scenesLeases(sceneOf('content/guides/locks/connection.mdx', 0).text)
		const svg = drawTimeline(scene.frames)
		expect(notTime(svg, scene.frames)).toEqual([])
		// A's lease (live at the end: its TTL's rest after the last step), 20 units longer.
		const longer = svg.replace(/(<rect class="scene-lease-rest" x="[\d.]+" y="[\d.]+" width=")([\d.]+)/, (_, head: string, width: string) => `${head}${Number(width) + 20}`)
		expect(longer).not.toBe(svg)
		expect(notTime(longer, scene.frames).join('\n')).toMatch(/^lease of a from 0: /m)
		// Step 2's moment, 10 units to the right.
		const moments = /data-moments="([^"]*)"/.exec(svg)![1]!.split(' ')
		const moved = svg.replace(/data-moments="[^"]*"/, `data-moments="${moments.map((x, i) => (i === 2 ? String(Number(x) + 10) : x)).join(' ')}"`)
		expect(notTime(moved, scene.frames).join('\n')).toMatch(/^step 2's moment/m)
		// A band said to be at a time other than its points'.
		const wrongBand = svg.replace(/class="scene-band" data-from="(\d+)" data-to="(\d+)"/, (_, from: string, to: string) => `class="scene-band" data-from="${Number(from) + 1000}" data-to="${Number(to) + 1000}"`)
		expect(wrongBand).not.toBe(svg)
		expect(notTime(wrongBand, scene.frames).join('\n')).toMatch(/inside the band/)
		// Two moments of one band swapped: the clock runs back inside it.
		const { scene: close } = await scenesLeases(sceneOf('content/guides/locks/fences.mdx', 4).text)
		const closeSvg = drawTimeline(close.frames)
		expect(notTime(closeSvg, close.frames)).toEqual([])
		const xs = /data-moments="([^"]*)"/.exec(closeSvg)![1]!.split(' ')
		const swapped = closeSvg.replace(/data-moments="[^"]*"/, `data-moments="${[...xs.slice(0, 4), xs[5], xs[4]].join(' ')}"`)
		expect(notTime(swapped, close.frames).join('\n')).toMatch(/stands before/)
	})

	it('draws the pause of 19 s on "Over a connection" about twice as long as the 9 s before it, where the step-spaced axis drew them alike', async () => {
		const { scene } = await scenesLeases(sceneOf('content/guides/locks/connection.mdx', 0).text)
		const { spans, points } = drawnTimes(drawTimeline(scene.frames), scene.frames)
		const pause = spans.find(span => span.what.startsWith('pause of a'))!
		expect([pause.from, pause.to]).toEqual([19_000, 38_000])
		const at = (ms: number) => points.find(point => point.what.startsWith('the axis') && point.at === ms)!.x
		// 10 s and 19 s are single moments, so the 9 s between them holds no zoomed instant.
		const nine = at(19_000) - at(10_000)
		expect((pause.x1 - pause.x0) / nine).toBeGreaterThan(1.9)
	})

	it('spreads the steps of one instant apart, so each has a moment of its own to scrub to, and says so in words', async () => {
		const { scene } = await scenesLeases(sceneOf('content/guides/locks.mdx', 1).text)
		for (const layout of ['wide', 'narrow'] as const) {
			const svg = drawTimeline(scene.frames, { layout })
			const moments = (/data-moments="([^"]*)"/.exec(svg)?.[1] ?? '').split(' ').map(Number)
			expect(scene.frames.every(frame => frame.time === 0)).toBe(true)
			for (let i = 1; i < moments.length; i++) expect(moments[i]! - moments[i - 1]!, layout).toBeGreaterThanOrEqual(layout === 'wide' ? 20 : 14)
			const bands = drawnTimes(svg, scene.frames).bands
			expect(bands.map(band => [band.from, band.to])).toEqual([[0, 0]])
			expect(svg).toMatch(/<title>steps 0 to 4 at the same time, 0 s, spread apart to be seen<\/title>/)
			// One label for the instant's time.
			expect(svg.match(/class="scene-axis-time" data-at="0"/g)).toHaveLength(1)
		}
		expect(timelineText(scene.frames)).toContain('At one time, drawn apart: steps 0 to 4 at 0 s.')
	})
})
