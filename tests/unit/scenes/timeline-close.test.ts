/**
 * Moments too close in time to be told apart at the timeline's scale are drawn apart, in a band: steps
 * 1 ms apart on a 30 s axis, and on a 720 h one, and steps all at one instant each get an x of their
 * own, a gap or more from their neighbours, so the moment line moves between them and a drag reaches
 * them; no lease's cut falls after a later event; the band says its times, on the axis and in the
 * words; and the axis labels a huge time at its resolution.
 */
import { describe, expect, it } from 'vitest'
import { twoWorkers } from '../../../bench/generated-scene.ts'
import { drawTimeline, timelineText } from '../../../src/scenes/render/index.ts'
import { byClass, parseXml } from '../render/xml.ts'
import { scenesLeases } from './engine-leases.ts'
import { drawnTimes, notTime } from './timeline-time.ts'

/** A small scene of two workers and a database; with a TTL, the code holds with it too. */
function scene(ttl: string | undefined, steps: string): string {
	const code = `await summaries.hold(chatId, async lease => save(chatId, text, lease.fence)${ttl ? `, { ttl: '${ttl}' }` : ''})`
	return [...twoWorkers(code, ttl ? [`ttl ${ttl}`] : []), '', steps].join('\n')
}

// A's lease lasts 2 ms; B's is live at the end, so the axis runs on to its TTL's end, 30 s or 720 h later.
const MS_APART = `step "Worker A holds the key with fence 1."
  send lock -> a "fence 1"
step "A saves."
  wait 1ms
  send a -> db "save, fence 1"
  set db "fence 1"
step "A lets go."
  wait 1ms
  release a
step "Worker B holds the key with fence 2."
  wait 1ms
  send lock -> b "fence 2"
step "B saves."
  wait 1ms
  send b -> db "save, fence 2"
  set db "fence 2"
`

// Every step at 0 s, A's lease given and ended in one step: a bar of one moment.
const ONE_INSTANT = `step "Worker A holds the key with fence 1, saves and lets go."
  send lock -> a "fence 1"
  send a -> db "save, fence 1"
  set db "fence 1"
  release a
step "Worker B holds the key with fence 2."
  send lock -> b "fence 2"
step "B saves and lets go."
  send b -> db "save, fence 2"
  set db "fence 2"
  release b
`

const CASES: [string, string][] = [
	['steps 1 ms apart on a 30 s axis', scene(undefined, MS_APART)],
	['steps 1 ms apart with ttl 720h', scene('720h', MS_APART)],
	['every step at one instant', scene(undefined, ONE_INSTANT)],
]

/** The least distance between two step moments a layout keeps: its gap, or less where many moments share the width. */
const LEAST: Record<'wide' | 'narrow', number> = { wide: 20, narrow: 14 }

/** Where a drawing puts each lease's ends, each write and each step's moment, with their times, and every number it draws. */
function drawn(svg: string) {
	const root = parseXml(svg)
	const leases = byClass(root, 'scene-lease').map(g => {
		const solid = g.children.find(child => child.name === 'rect' && child.attrs.class === undefined)!
		const x0 = Number(solid.attrs.x)
		return { worker: g.attrs['data-worker']!, from: Number(g.attrs['data-from']), to: Number(g.attrs['data-to']), how: g.attrs['data-end']!, x0, cut: x0 + Number(solid.attrs.width) }
	})
	const writes = byClass(root, 'scene-write').map(g => {
		const circle = g.children.find(child => child.name === 'circle')!
		return { what: `${g.attrs['data-worker']}'s write at ${g.attrs['data-at']} ms`, at: Number(g.attrs['data-at']), x: Number(circle.attrs.cx) }
	})
	const moments = (root.attrs['data-moments'] ?? '').split(' ').map(Number)
	const numbers = [...svg.matchAll(/ (x|y|width|height|cx|cy|x1|x2|y1|y2)="([^"]*)"/g)].map(([, name, value]) => ({ name: name!, value: Number(value) }))
	return { leases, writes, moments, numbers }
}

describe('moments too close to tell apart at the axis\'s scale are drawn apart', () => {
	for (const [what, source] of CASES) {
		it(`${what}: each step has an x of its own, a gap from the next, and every event keeps its order against the leases`, async () => {
			const { scene: compiled } = await scenesLeases(source)
			expect(compiled.diagnostics).toEqual([])
			const frames = compiled.frames
			for (const layout of ['wide', 'narrow'] as const) {
				for (let step = 0; step < frames.length; step++) {
					const svg = drawTimeline(frames, { layout, step })
					const { leases, writes, moments, numbers } = drawn(svg)
					expect(moments, layout).toHaveLength(frames.length)
					for (let i = 1; i < moments.length; i++) expect(moments[i]! - moments[i - 1]!, `${layout}: step ${i} after step ${i - 1}`).toBeGreaterThanOrEqual(LEAST[layout])
					// The moment line stands at the step's own x.
					expect(svg).toContain(`class="scene-now" transform="translate(${moments[step]} 0)"`)
					for (const { name, value } of numbers) {
						expect(Number.isFinite(value), `${layout}: ${name}="${value}"`).toBe(true)
						if (name === 'width' || name === 'height') expect(value, `${layout}: ${name}`).toBeGreaterThanOrEqual(0)
					}
					const events = [...writes, ...moments.map((x, i) => ({ what: `step ${i}'s moment`, at: frames[i]!.time, x }))]
					for (const lease of leases) {
						for (const event of events) {
							const name = `${layout}: ${event.what} against ${lease.worker}'s lease from ${lease.from} to ${lease.to} ms`
							if (event.at < lease.from) expect(event.x, name).toBeLessThan(lease.x0)
							if (event.at > lease.from && event.at < lease.to) expect(event.x, name).toBeGreaterThan(lease.x0)
							if (event.at > lease.from && event.at < lease.to && lease.how !== 'open') expect(event.x, name).toBeLessThan(lease.cut)
							if (event.at > lease.to && lease.how !== 'open') expect(event.x, name).toBeGreaterThan(lease.cut)
						}
					}
					// Writes on one lane stand apart: two marks 15 wide do not cover each other.
					for (const write of writes) for (const other of writes) if (write !== other) expect(Math.abs(write.x - other.x), `${layout}: ${write.what} and ${other.what}`).toBeGreaterThanOrEqual(15)
					expect(notTime(svg, frames), layout).toEqual([])
				}
			}
		})
	}

	it('writes a band of a range under it and in the words: its steps, from and to', async () => {
		const { scene: compiled } = await scenesLeases(scene(undefined, MS_APART))
		for (const layout of ['wide', 'narrow'] as const) {
			const svg = drawTimeline(compiled.frames, { layout })
			const { bands, bandLabels } = drawnTimes(svg, compiled.frames)
			expect(bands.map(band => [band.from, band.to]), layout).toEqual([[0, 4]])
			expect(bandLabels.map(label => [label.from, label.to]), layout).toEqual([[0, 4]])
			expect(svg).toContain('>0 s – 4 ms</text>')
			expect(svg).toContain('<title>steps 0 to 5, from 0 s to 4 ms: close together, drawn apart, not to scale</title>')
			expect(svg).toMatch(/data-marks="[^"]*\bclose\b/)
		}
		expect(timelineText(compiled.frames)).toContain('Close together, drawn apart: steps 0 to 5, from 0 s to 4 ms.')
	})

	it('labels a time of 720 h and 3 ms on a 720 h axis at the axis\'s resolution, and keeps the engine\'s figure in the words', async () => {
		const { scene: compiled } = await scenesLeases(scene('720h', MS_APART))
		const end = 720 * 3_600_000 + 3
		for (const layout of ['wide', 'narrow'] as const) {
			const svg = drawTimeline(compiled.frames, { layout })
			expect(svg).toContain(`data-at="${end}"`)
			expect(svg).toMatch(new RegExp(`class="scene-axis-time" data-at="${end}"[^>]*>≈ 720 h</text>`))
			expect(svg).not.toMatch(/>[^<]*0\.003 s<\/text>/)
		}
		expect(timelineText(compiled.frames)).toContain('its TTL running to 720 h 0.003 s')
	})

	it('keeps a time the axis can show whole as the engine writes it, on a scene of whole seconds', async () => {
		const { scene: compiled } = await scenesLeases(scene(undefined, MS_APART.replaceAll('wait 1ms', 'wait 10s')))
		const svg = drawTimeline(compiled.frames)
		const labels = [...svg.matchAll(/class="scene-axis-time"[^>]*>([^<]*)</g)].map(match => match[1])
		expect(labels).toContain('40 s')
		expect(labels.join(' ')).not.toMatch(/≈|–/)
		expect(drawnTimes(svg, compiled.frames).bands.filter(band => band.from !== band.to)).toEqual([])
	})
})
