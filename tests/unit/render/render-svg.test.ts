import { describe, expect, it } from 'vitest'
import type { Frame, FrameActor, Icon } from '../../../src/scenes/frame.ts'
import { ICONS, UNKNOWN_ICON } from '../../../src/scenes/render/icons.ts'
import { SCENE_COLORS, STAGE_HEIGHT, STAGE_WIDTH, WIDE_MIN_PX, describeFrame, escapeXml, renderFrame, renderFrames, renderStages } from '../../../src/scenes/render/render-svg.ts'
import { readFileSync } from 'node:fs'
import { allElements, byClass, parseXml, textOf, type XmlElement } from './xml.ts'

/** The seed's step 3: A wakes, saves with fence 7, and the database refuses it. */
function seedStep3(states: Record<string, NonNullable<Frame['actors'][number]['state']>> = {}): Frame {
	const frame: Frame = {
		index: 3,
		caption: "A wakes and saves too. The database keeps the largest fence, 8, so it refuses A's write.",
		time: 30_000,
		lines: [1],
		actors: [
			{ id: 'a', label: 'Worker A', x: 10, y: 25, icon: 'cpu', state: { text: 'paused', struck: true, ended: 'ended' }, lease: { fence: '7', expiresAt: 30_000, lost: true } },
			{ id: 'b', label: 'Worker B', x: 10, y: 75, icon: 'cpu', lease: { fence: '8', expiresAt: 60_000, lost: false } },
			{ id: 'lock', label: 'Lock', x: 50, y: 50, icon: 'lock', epoch: '0', holders: ['b'] },
			{ id: 'db', label: 'chat.db', x: 90, y: 50, icon: 'database', state: { text: 'fence 8', struck: false }, storedFence: '8' },
		],
		links: [
			{ from: 'a', to: 'lock' },
			{ from: 'b', to: 'lock' },
			{ from: 'a', to: 'db' },
			{ from: 'b', to: 'db' },
		],
		messages: [
			{ from: 'a', to: 'db', label: 'save, fence 7', outcome: { kind: 'write', fence: '7', changed: false, before: '8' } },
			{ from: 'db', to: 'a', label: 'refused: 7 < 8', color: 'bad', outcome: { kind: 'answer', fence: '7', changed: false, before: '8' } },
		],
		diagnostics: [],
		checks: [],
	}
	for (const actor of frame.actors) if (states[actor.id]) actor.state = states[actor.id]
	return frame
}

/** The seed's step 2, with an ok message. */
function seedStep2(): Frame {
	const frame = seedStep3()
	frame.index = 2
	frame.messages = [
		{ from: 'lock', to: 'b', label: 'fence 8', outcome: { kind: 'granted', fence: '8', holders: 1, limit: 1 } },
		{ from: 'b', to: 'db', label: 'save, fence 8', color: 'ok', outcome: { kind: 'write', fence: '8', changed: true, before: '0' } },
	]
	return frame
}

function render(frame: Frame, options?: Parameters<typeof renderFrame>[1]): { svg: string; root: XmlElement } {
	const svg = renderFrame(frame, options)
	return { svg, root: parseXml(svg) }
}

function actorGroup(root: XmlElement, id: string): XmlElement {
	const group = byClass(root, 'scene-actor').find(g => g.attrs['data-actor'] === id)
	if (!group) throw new Error(`no actor ${id}`)
	return group
}

function translate(group: XmlElement): { x: number; y: number } {
	const match = /^translate\(([-\d.]+) ([-\d.]+)\)$/.exec(group.attrs.transform ?? '')
	if (!match) throw new Error(`no translate on ${group.attrs['data-actor']}`)
	return { x: Number(match[1]), y: Number(match[2]) }
}

function messageGroups(root: XmlElement): XmlElement[] {
	return byClass(root, 'scene-message')
}

function child(group: XmlElement, className: string): XmlElement {
	const found = byClass(group, className)[0]
	if (!found) throw new Error(`no .${className}`)
	return found
}

/** The first and last points of path data made of M, L, Q and C commands. */
function ends(d: string): { start: { x: number; y: number }; end: { x: number; y: number } } {
	const numbers = (d.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number)
	if (!/^M/.test(d) || numbers.length < 4) throw new Error(`bad path ${d}`)
	return {
		start: { x: numbers[0] ?? 0, y: numbers[1] ?? 0 },
		end: { x: numbers[numbers.length - 2] ?? 0, y: numbers[numbers.length - 1] ?? 0 },
	}
}

function rectBox(rect: XmlElement): { x0: number; y0: number; x1: number; y1: number } {
	const x = Number(rect.attrs.x)
	const y = Number(rect.attrs.y)
	return { x0: x, y0: y, x1: x + Number(rect.attrs.width), y1: y + Number(rect.attrs.height) }
}

describe('renderFrame: the seed step', () => {
	it('is one well-formed svg element with a viewBox and the stage size', () => {
		const { svg, root } = render(seedStep3())
		expect(svg.startsWith('<svg ')).toBe(true)
		expect(svg.endsWith('</svg>')).toBe(true)
		expect(root.name).toBe('svg')
		expect(root.attrs.xmlns).toBe('http://www.w3.org/2000/svg')
		const [x, y, w, h] = (root.attrs.viewBox ?? '').split(' ').map(Number)
		expect([root.attrs.width, root.attrs.height]).toEqual([String(w), String(h)])
		// Fitted to its content, which stays on the stage: no wider or taller than it, and not far off it.
		expect(w).toBeLessThanOrEqual(STAGE_WIDTH)
		expect(h).toBeLessThanOrEqual(STAGE_HEIGHT)
		expect(x).toBeGreaterThanOrEqual(-8)
		expect(y).toBeGreaterThanOrEqual(-40)
		expect(root.attrs.class).toBe('scene-svg')
		expect(root.attrs['data-frame']).toBe('3')
	})

	it('is labelled by its title and described by its desc, for screen readers', () => {
		const { root } = render(seedStep3(), { id: 'fences', title: 'Fences' })
		expect(root.attrs.role).toBe('img')
		const title = allElements(root).find(e => e.attrs.id === root.attrs['aria-labelledby'])
		const desc = allElements(root).find(e => e.attrs.id === root.attrs['aria-describedby'])
		expect(title?.name).toBe('title')
		expect(desc?.name).toBe('desc')
		expect(title?.text).toBe("Fences, step 3: A wakes and saves too. The database keeps the largest fence, 8, so it refuses A's write.")
		const summary = desc?.text ?? ''
		for (const part of [
			'Worker A: paused (over); lease with fence 7, lost.',
			'Worker B: holds a lease with fence 8.',
			'Lock: held by Worker B.',
			'chat.db: fence 8; stores fence 8.',
			'Worker A -> chat.db: save, fence 7',
			'chat.db -> Worker A: refused: 7 < 8 (bad)',
			'Time 30 s.',
		]) {
			expect(summary).toContain(part)
		}
	})

	it('titles the initial state without a caption', () => {
		const frame = { ...seedStep3(), index: 0, caption: '', messages: [] }
		expect(render(frame).root.children.find(e => e.name === 'title')?.text).toBe('Initial state')
		expect(render(frame, { title: 'Fences' }).root.children.find(e => e.name === 'title')?.text).toBe('Fences, initial state')
	})

	it('shows every actor with its label, icon kind and state', () => {
		const { root } = render(seedStep3())
		for (const [id, label, icon] of [
			['a', 'Worker A', 'cpu'],
			['b', 'Worker B', 'cpu'],
			['lock', 'Lock', 'lock'],
			['db', 'chat.db', 'database'],
		] as const) {
			const group = actorGroup(root, id)
			expect(group.attrs['data-icon']).toBe(icon)
			expect(textOf(child(group, 'scene-label'))).toBe(label)
			expect(byClass(group, 'scene-card')).toHaveLength(1)
		}
		expect(textOf(child(actorGroup(root, 'db'), 'scene-state'))).toBe('fence 8')
	})

	it('says in words why a struck state ended, with a class and no line through it, and only that one', () => {
		const { root } = render(seedStep3())
		const struck = child(actorGroup(root, 'a'), 'scene-state')
		expect(struck.attrs.class).toBe('scene-state is-struck')
		expect(struck.attrs['data-struck']).toBe('true')
		expect(struck.attrs['data-ended']).toBe('ended')
		expect(textOf(struck)).toBe('paused (over)')
		expect(byClass(struck, 'scene-strike')).toHaveLength(0)
		const released = render(seedStep3({ a: { text: 'holding, fence 7', struck: true, ended: 'released' } })).root
		expect(textOf(child(actorGroup(released, 'a'), 'scene-state'))).toMatch(/^holding, fence 7 ?\(released\)$/)
		const ranOut = render(seedStep3({ a: { text: 'holding, fence 7', struck: true, ended: 'ran-out' } })).root
		expect(textOf(child(actorGroup(ranOut, 'a'), 'scene-state'))).toMatch(/^holding, fence 7 ?\(ran out\)$/)
		const plain = child(actorGroup(root, 'db'), 'scene-state')
		expect(plain.attrs.class).toBe('scene-state')
		expect(byClass(plain, 'scene-strike')).toHaveLength(0)
	})

	it("shows a worker's lease fence as a badge, struck when the lease is lost", () => {
		const { root } = render(seedStep3())
		const lost = child(actorGroup(root, 'a'), 'scene-badge')
		expect(lost.attrs.class).toContain('is-lost')
		expect(textOf(lost)).toBe('fence 7')
		expect(byClass(lost, 'scene-strike')).toHaveLength(1)
		const held = child(actorGroup(root, 'b'), 'scene-badge')
		expect(held.attrs.class).not.toContain('is-lost')
		expect(textOf(held)).toBe('fence 8')
		// The database's state already says fence 8, so no badge repeats it.
		expect(byClass(actorGroup(root, 'db'), 'scene-badge')).toHaveLength(0)
	})

	it('places actors from their percents, inside the stage', () => {
		const { root } = render(seedStep3())
		const a = translate(actorGroup(root, 'a'))
		const b = translate(actorGroup(root, 'b'))
		const lock = translate(actorGroup(root, 'lock'))
		const db = translate(actorGroup(root, 'db'))
		expect(a.x).toBeLessThan(lock.x)
		expect(a.y).toBeLessThan(lock.y)
		expect(b.x).toBe(a.x)
		expect(b.y).toBeGreaterThan(lock.y)
		expect(db.x).toBeGreaterThan(lock.x)
		expect(db.y).toBe(lock.y)
		expect(lock.x).toBe(STAGE_WIDTH / 2)
		for (const p of [a, b, lock, db]) {
			expect(p.x - 28).toBeGreaterThanOrEqual(0)
			expect(p.x + 28).toBeLessThanOrEqual(STAGE_WIDTH)
			expect(p.y - 28).toBeGreaterThanOrEqual(0)
			expect(p.y + 28).toBeLessThanOrEqual(STAGE_HEIGHT)
		}
	})

	it('keeps actors at 10% and 90% fully inside, their badges and texts too', () => {
		const corners: FrameActor[] = [
			{ id: 'nw', label: 'North west', x: 10, y: 10, icon: 'user', lease: { fence: '12', expiresAt: 1, lost: false }, state: { text: 'waiting', struck: false } },
			{ id: 'se', label: 'South east', x: 90, y: 90, icon: 'server', lease: { fence: '13', expiresAt: 1, lost: false }, state: { text: 'waiting', struck: false } },
		]
		const { root } = render({ ...seedStep3(), actors: corners, links: [], messages: [] })
		for (const id of ['nw', 'se']) {
			const at = translate(actorGroup(root, id))
			for (const rect of allElements(actorGroup(root, id)).filter(e => e.name === 'rect')) {
				const box = rectBox(rect)
				expect(at.x + box.x0).toBeGreaterThanOrEqual(0)
				expect(at.y + box.y0).toBeGreaterThanOrEqual(0)
				expect(at.x + box.x1).toBeLessThanOrEqual(STAGE_WIDTH)
				expect(at.y + box.y1).toBeLessThanOrEqual(STAGE_HEIGHT)
			}
		}
	})

	it('draws each link once, between the card borders', () => {
		const { root } = render(seedStep3())
		const links = byClass(root, 'scene-link')
		expect(links.map(l => `${l.attrs['data-from']}-${l.attrs['data-to']}`)).toEqual(['a-lock', 'b-lock', 'a-db', 'b-db'])
		const a = translate(actorGroup(root, 'a'))
		const { start } = ends(links[0]?.attrs.d ?? '')
		// The link leaves the card's edge, not its centre.
		expect(Math.max(Math.abs(start.x - a.x), Math.abs(start.y - a.y))).toBeGreaterThanOrEqual(28)
	})

	it('draws each message as an arrow from its sender to its receiver, in order, with the data the player needs', () => {
		const { root } = render(seedStep3())
		const groups = messageGroups(root)
		expect(groups.map(g => [g.attrs['data-from'], g.attrs['data-to'], g.attrs['data-index']])).toEqual([
			['a', 'db', '0'],
			['db', 'a', '1'],
		])
		const a = translate(actorGroup(root, 'a'))
		const db = translate(actorGroup(root, 'db'))
		const near = (p: { x: number; y: number }, q: { x: number; y: number }) => Math.hypot(p.x - q.x, p.y - q.y)
		for (const group of groups) {
			const path = child(group, 'scene-message-path')
			expect(path.name).toBe('path')
			const { start, end } = ends(path.attrs.d ?? '')
			const [from, to] = group.attrs['data-from'] === 'a' ? [a, db] : [db, a]
			expect(near(start, from)).toBeLessThan(near(start, to))
			expect(near(end, to)).toBeLessThan(near(end, from))
			expect(byClass(group, 'scene-message-head')).toHaveLength(1)
		}
		expect(textOf(child(groups[0] as XmlElement, 'scene-message-label'))).toBe('save, fence 7')
		expect(textOf(child(groups[1] as XmlElement, 'scene-message-label'))).toBe('refused: 7 < 8')
	})

	it('colours messages by ok and bad, and neutral ones with the accent', () => {
		const bad = messageGroups(render(seedStep3()).root)
		expect(child(bad[0] as XmlElement, 'scene-message-path').attrs.stroke).toBe(`var(--scene-accent, ${SCENE_COLORS.accent})`)
		expect(child(bad[1] as XmlElement, 'scene-message-path').attrs.stroke).toBe(`var(--scene-bad, ${SCENE_COLORS.bad})`)
		expect(bad[1]?.attrs['data-color']).toBe('bad')
		expect(bad[0]?.attrs['data-color']).toBeUndefined()
		const ok = messageGroups(render(seedStep2()).root)
		expect(child(ok[1] as XmlElement, 'scene-message-path').attrs.stroke).toBe(`var(--scene-ok, ${SCENE_COLORS.ok})`)
		expect(child(ok[1] as XmlElement, 'scene-message-text').attrs.fill).toBe(`var(--scene-ok, ${SCENE_COLORS.ok})`)
	})

	it('runs two messages between the same actors side by side, their labels apart', () => {
		const { root } = render(seedStep3())
		const [first, second] = messageGroups(root)
		const p1 = ends(child(first as XmlElement, 'scene-message-path').attrs.d ?? '')
		const p2 = ends(child(second as XmlElement, 'scene-message-path').attrs.d ?? '')
		// Opposite directions on parallel lines: one's start is not the other's end.
		expect(Math.hypot(p1.start.x - p2.end.x, p1.start.y - p2.end.y)).toBeGreaterThan(8)
		const r1 = rectBox(child(first as XmlElement, 'scene-message-label').children[0] as XmlElement)
		const r2 = rectBox(child(second as XmlElement, 'scene-message-label').children[0] as XmlElement)
		const apart = r1.x1 <= r2.x0 || r2.x1 <= r1.x0 || r1.y1 <= r2.y0 || r2.y1 <= r1.y0
		expect(apart).toBe(true)
	})

	it('keeps message labels inside the stage and off the actor cards', () => {
		for (const frame of [seedStep2(), seedStep3()]) {
			const { root } = render(frame)
			const cards = byClass(root, 'scene-actor').map(g => {
				const at = translate(g)
				return { x0: at.x - 28, y0: at.y - 28, x1: at.x + 28, y1: at.y + 28 }
			})
			for (const group of messageGroups(root)) {
				const r = rectBox(child(group, 'scene-message-label').children[0] as XmlElement)
				expect(r.x0).toBeGreaterThanOrEqual(0)
				expect(r.x1).toBeLessThanOrEqual(STAGE_WIDTH)
				expect(r.y0).toBeGreaterThanOrEqual(0)
				expect(r.y1).toBeLessThanOrEqual(STAGE_HEIGHT)
				for (const c of cards) expect(r.x1 <= c.x0 || c.x1 <= r.x0 || r.y1 <= c.y0 || c.y1 <= r.y0).toBe(true)
			}
		}
	})

	it('prefixes every id with the given id, so two scenes on a page never collide', () => {
		const one = render(seedStep3(), { id: 'fences-1' }).root
		const two = render(seedStep3(), { id: 'fences-2' }).root
		const ids = (root: XmlElement) => allElements(root).map(e => e.attrs.id).filter((id): id is string => id !== undefined)
		expect(ids(one).length).toBeGreaterThanOrEqual(2)
		for (const id of ids(one)) expect(id.startsWith('fences-1-')).toBe(true)
		expect(new Set(ids(one)).size).toBe(ids(one).length)
		expect(ids(one).filter(id => ids(two).includes(id))).toEqual([])
	})

	it('makes an unsafe id prefix safe', () => {
		const { root } = render(seedStep3(), { id: '1 "x" <y>' })
		expect(root.attrs['aria-labelledby']).toMatch(/^scene-1-[\w-]+-title$/)
	})

	it('uses colours only through custom properties with fallbacks', () => {
		const { root } = render(seedStep3())
		for (const element of allElements(root)) {
			for (const key of ['fill', 'stroke']) {
				const value = element.attrs[key]
				if (value === undefined || value === 'none') continue
				expect(value).toMatch(/^var\(--scene-[a-z]+, (#[0-9a-f]{6}|var\(--scene-[a-z]+, #[0-9a-f]{6}\))\)$/)
			}
		}
		expect(root.attrs['font-family']).toBe('var(--scene-font, system-ui, sans-serif)')
	})

	it('writes text no smaller than 13 units, and labels at 17 or more', () => {
		const { root } = render(seedStep3())
		const sizes = allElements(root).filter(e => e.name === 'text').map(e => Number(e.attrs['font-size']))
		expect(Math.min(...sizes)).toBeGreaterThanOrEqual(13)
		for (const className of ['scene-label', 'scene-state-text', 'scene-message-text']) {
			for (const e of byClass(root, className)) expect(Number(e.attrs['font-size'])).toBeGreaterThanOrEqual(17)
		}
	})

	it('sizes the stage from the options', () => {
		const { root } = render(seedStep3(), { width: 800, height: 450 })
		const [, , w] = (root.attrs.viewBox ?? '').split(' ').map(Number)
		expect(w).toBeGreaterThan(STAGE_WIDTH)
		expect(w).toBeLessThanOrEqual(800)
		expect(translate(actorGroup(root, 'lock')).x).toBe(400)
	})
})

describe('renderFrame: untrusted text', () => {
	const attack = '<img src=x onerror=alert(1)>'

	function hostile(): Frame {
		const frame = seedStep3()
		frame.caption = `${attack} caption`
		const [a, b] = frame.actors
		if (!a || !b) throw new Error('seed frame changed')
		a.label = attack
		a.state = { text: `${attack} & "quoted" 'single'`, struck: false }
		b.id = `b" onmouseover="alert(1)`
		frame.links.push({ from: b.id, to: 'lock' })
		frame.messages.push({ from: b.id, to: 'db', label: `<script>alert("x")</script> & more` })
		frame.messages.push({ from: 'db', to: 'a', label: attack, color: 'bad' })
		return frame
	}

	it('shows markup in labels as text and creates no element or attribute from it', () => {
		const { svg, root } = render(hostile(), { title: `${attack} title`, id: attack })
		expect(svg).not.toMatch(/<img/i)
		expect(svg).not.toMatch(/<script/i)
		// Every real tag's attribute names, read from the parsed tree: none is an event handler.
		const names = new Set(allElements(root).map(e => e.name))
		expect([...names].sort()).toEqual(['circle', 'desc', 'ellipse', 'g', 'line', 'path', 'rect', 'svg', 'text', 'title'].filter(n => names.has(n)).sort())
		for (const element of allElements(root)) for (const key of Object.keys(element.attrs)) expect(key.startsWith('on')).toBe(false)
		expect(svg).toContain('&lt;img src=x onerror=alert(1)&gt;')
		// The label is cut to fit; the whole of it is in the label's tooltip title.
		const label = child(actorGroup(root, 'a'), 'scene-label')
		expect(label.text.startsWith('<img src=x')).toBe(true)
		expect(label.children.find(e => e.name === 'title')?.text).toBe(attack)
		expect(byClass(root, 'scene-message-text').map(textOf).join(' ')).toContain(attack)
		expect(root.children.find(e => e.name === 'title')?.text).toContain(attack)
	})

	it('escapes quotes and ampersands, in text and in attributes', () => {
		const { svg, root } = render(hostile())
		expect(svg).toContain('&amp; &quot;quoted&quot; &#39;single&#39;')
		expect(svg).toContain('data-actor="b&quot; onmouseover=&quot;alert(1)"')
		expect(actorGroup(root, 'b" onmouseover="alert(1)').attrs['data-actor']).toBe('b" onmouseover="alert(1)')
		expect(escapeXml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;')
	})

	it('replaces characters XML cannot hold', () => {
		const frame = seedStep3()
		frame.messages = [{ from: 'a', to: 'db', label: 'nul\u0000 bell\u0007 lone\uD800 ok' }]
		const { svg } = render(frame)
		expect(svg).not.toMatch(/[\u0000-\u0008\uD800-\uDFFF]/)
		expect(svg).toContain('nul\uFFFD')
	})
})

describe('renderFrame: icons and odd frames', () => {
	const kinds: Icon[] = ['cpu', 'lock', 'database', 'server', 'user', 'clock']

	it('draws every icon kind, each its own drawing', () => {
		const actors: FrameActor[] = kinds.map((icon, i) => ({ id: icon, label: icon, x: 10 + i * 16, y: 50, icon }))
		const { root } = render({ ...seedStep3(), actors, links: [], messages: [] })
		const drawings = kinds.map(kind => {
			const icon = child(actorGroup(root, kind), 'scene-icon')
			expect(icon.children.length).toBeGreaterThan(0)
			expect(icon.attrs.fill).toBe('none')
			expect(icon.attrs.stroke).toContain('var(--scene-icon, var(--scene-fg')
			return JSON.stringify(icon.children)
		})
		expect(new Set(drawings).size).toBe(kinds.length)
		for (const kind of kinds) expect(ICONS[kind]).toBeDefined()
	})

	it('falls back to a plain drawing for an icon it does not know', () => {
		const frame = seedStep3()
		const actor = frame.actors[0]
		if (!actor) throw new Error('seed frame changed')
		;(actor as { icon: string }).icon = 'robot'
		const { svg, root } = render(frame)
		expect(child(actorGroup(root, 'a'), 'scene-icon').children.length).toBeGreaterThan(0)
		expect(svg).toContain(UNKNOWN_ICON)
		;(actor as { icon: string }).icon = 'constructor'
		expect(() => render(frame)).not.toThrow()
	})

	it('skips links and messages to actors that are not there, and still describes them', () => {
		const frame = seedStep3()
		frame.links.push({ from: 'a', to: 'ghost' })
		frame.messages.push({ from: 'ghost', to: 'a', label: 'boo' })
		const { root } = render(frame)
		expect(byClass(root, 'scene-link')).toHaveLength(4)
		expect(messageGroups(root)).toHaveLength(2)
		expect(describeFrame(frame)).toContain('ghost -> Worker A: boo')
	})

	it('draws a message from an actor to itself as a loop', () => {
		const frame = seedStep3()
		frame.messages = [{ from: 'lock', to: 'lock', label: 'tick' }]
		const { root } = render(frame)
		const [group] = messageGroups(root)
		expect(child(group as XmlElement, 'scene-message-path').attrs.d).toMatch(/^M[\d. -]+C/)
	})

	it('bends arrows around a card that stands in their way', () => {
		const frame: Frame = {
			...seedStep3(),
			actors: [
				{ id: 'a', label: 'A', x: 10, y: 50, icon: 'cpu' },
				{ id: 'l', label: 'Lock', x: 50, y: 50, icon: 'lock' },
				{ id: 'd', label: 'D', x: 90, y: 50, icon: 'database' },
			],
			links: [{ from: 'a', to: 'd' }],
			messages: [{ from: 'a', to: 'd', label: 'save' }],
		}
		const { root } = render(frame)
		const d = child(messageGroups(root)[0] as XmlElement, 'scene-message-path').attrs.d ?? ''
		expect(d).toMatch(/Q/)
		const control = Number((/Q[\d.]+ ([\d.]+)/.exec(d) ?? [])[1])
		// The curve rises above the lock's card (its top is 28 above its centre).
		expect(control).toBeLessThan(translate(actorGroup(root, 'l')).y - 56)
		expect(child(root, 'scene-link').attrs.d).toMatch(/Q/)
	})

	it('wraps a long state into two lines and cuts the rest, keeping the whole in a title', () => {
		const frame = seedStep3()
		const long = 'waiting for the semaphore to give it a slot while the others hold all three of them for a long time'
		frame.actors[3] = { ...(frame.actors[3] as FrameActor), state: { text: long, struck: false } }
		const { root } = render(frame)
		const state = child(actorGroup(root, 'db'), 'scene-state')
		const lines = byClass(state, 'scene-state-text')
		expect(lines).toHaveLength(2)
		expect(lines[1]?.text.endsWith('…')).toBe(true)
		expect(allElements(state).find(e => e.name === 'title')?.text).toBe(long)
	})

	it('shortens a huge fence in its badge by its middle', () => {
		const frame = seedStep3()
		frame.actors[1] = { ...(frame.actors[1] as FrameActor), lease: { fence: '340282366920938463463374607431768211455', expiresAt: 1, lost: false } }
		const badge = child(child(actorGroup(render(frame).root, 'b'), 'scene-badge'), 'scene-badge-text')
		expect(badge.text).toMatch(/^fence 3402\d*…\d*455$/)
		// The whole fence stays readable in the text's title.
		expect(badge.children.find(e => e.name === 'title')?.text).toBe('fence 340282366920938463463374607431768211455')
	})

	it('renders a frame with nothing in it', () => {
		const frame: Frame = { index: 0, caption: '', time: 0, lines: [], actors: [], links: [], messages: [], diagnostics: [], checks: [] }
		const { root } = render(frame)
		expect(byClass(root, 'scene-actor')).toHaveLength(0)
		expect(root.children.find(e => e.name === 'desc')?.text).toBe('Time 0 s.')
	})

	it('gives the same string for the same frame, every time', () => {
		const first = renderFrame(seedStep3(), { id: 's', title: 'Fences' })
		expect(renderFrame(seedStep3(), { id: 's', title: 'Fences' })).toBe(first)
		expect(renderFrame(structuredClone(seedStep3()), { id: 's', title: 'Fences' })).toBe(first)
		expect(renderFrame(seedStep2())).not.toBe(renderFrame(seedStep3()))
	})
})

function viewBox(root: XmlElement): { x: number; y: number; w: number; h: number } {
	const [x = 0, y = 0, w = 0, h = 0] = (root.attrs.viewBox ?? '').split(' ').map(Number)
	return { x, y, w, h }
}

describe('renderFrames: one stage for every step', () => {
	const steps = (): Frame[] => {
		const initial = seedStep3()
		initial.index = 0
		initial.time = 0
		initial.messages = []
		for (const actor of initial.actors) {
			delete actor.state
			delete actor.lease
		}
		return [initial, { ...seedStep2(), time: 30_000 }, { ...seedStep3(), time: 90_500 }]
	}

	it('gives every frame the same viewBox, fitted to what all of them draw', () => {
		const svgs = renderFrames(steps(), { id: 'x' }).map(parseXml)
		const boxes = svgs.map(viewBox)
		for (const box of boxes) expect(box).toEqual(boxes[0])
		// The first frame alone draws less, so its own fitted box is smaller than the scene's.
		const alone = viewBox(parseXml(renderFrame(steps()[0]!)))
		expect(alone.h).toBeLessThan(boxes[0]!.h)
		for (const root of svgs) {
			const bg = byClass(root, 'scene-bg')[0]!
			expect([bg.attrs.x, bg.attrs.y, bg.attrs.width, bg.attrs.height].map(Number)).toEqual([boxes[0]!.x, boxes[0]!.y, boxes[0]!.w, boxes[0]!.h])
		}
	})

	it("draws the frame's clock in every frame, at one place", () => {
		const svgs = renderFrames(steps()).map(parseXml)
		const clocks = svgs.map(root => byClass(root, 'scene-clock')[0]!)
		expect(clocks.map(c => c.attrs['data-time'])).toEqual(['0', '30000', '90500'])
		expect(clocks.map(c => textOf(byClass(c, 'scene-clock-text')[0]!))).toEqual(['t = 0 s', 't = 30 s', 't = 1 min 30.5 s'])
		for (const clock of clocks) expect(clock.attrs.transform).toBe(clocks[0]!.attrs.transform)
		expect(describeFrame(steps()[2]!)).toContain('Time 1 min 30.5 s.')
	})

	it('keeps the clock off every card, text and label of every frame', () => {
		const svgs = renderFrames(steps()).map(parseXml)
		for (const root of svgs) {
			const clock = byClass(root, 'scene-clock')[0]!
			const at = /^translate\(([-\d.]+) ([-\d.]+)\)$/.exec(clock.attrs.transform ?? '')!
			const text = byClass(clock, 'scene-clock-text')[0]!
			const size = Number(text.attrs['font-size'])
			const box = { x0: Number(at[1]), y0: Number(at[2]), x1: Number(at[1]) + size * 8, y1: Number(at[2]) + size * 1.4 }
			for (const group of byClass(root, 'scene-actor')) {
				const p = translate(group)
				const card = { x0: p.x - 28, y0: p.y - 28, x1: p.x + 28, y1: p.y + 28 }
				expect(box.x1 <= card.x0 || card.x1 <= box.x0 || box.y1 <= card.y0 || card.y1 <= box.y0).toBe(true)
			}
			for (const group of messageGroups(root)) {
				const r = rectBox(child(group, 'scene-message-label').children[0] as XmlElement)
				expect(box.x1 <= r.x0 || r.x1 <= box.x0 || box.y1 <= r.y0 || r.y1 <= box.y0).toBe(true)
			}
		}
	})
})

describe('renderStages: a wide and a narrow layout', () => {
	const frames = [seedStep2(), seedStep3()]

	it('draws every frame in both, the narrow one with its own ids', () => {
		const { wide, narrow } = renderStages(frames, { id: 'scene-1' })
		expect(wide).toHaveLength(2)
		expect(narrow).toHaveLength(2)
		expect(parseXml(wide[0]!).attrs['data-layout']).toBe('wide')
		expect(parseXml(narrow[0]!).attrs['data-layout']).toBe('narrow')
		expect(parseXml(narrow[0]!).attrs['aria-labelledby']).toBe('scene-1-narrow-title')
		expect(parseXml(wide[0]!).attrs['aria-labelledby']).toBe('scene-1-title')
	})

	// At most 380 wide: its smallest text (14 units) is then 12 CSS px on a 360 px phone, whose stage is 326 px wide.
	it('stacks a scene that spreads wide: its actors turned on the diagonal, in a viewBox at most 380 wide', () => {
		const root = parseXml(renderStages(frames).narrow[0]!)
		const at = (id: string) => translate(actorGroup(root, id))
		// Worker A (10,25) and B (10,75) share the top row; the lock (50,50) is below them, the database (90,50) lowest.
		expect(at('a').y).toBe(at('b').y)
		expect(at('a').x).toBeLessThan(at('b').x)
		expect(at('lock').y).toBeGreaterThan(at('a').y)
		expect(at('db').y).toBeGreaterThan(at('lock').y)
		expect(at('db').x).toBe(at('lock').x)
		expect(viewBox(root).w).toBeLessThanOrEqual(380)
		expect(viewBox(root).h).toBeGreaterThan(viewBox(root).w)
	})

	it("puts an actor's texts on the side of its card that the fewest of its lines leave from", () => {
		const worker = (id: string, x: number, y: number): FrameActor => ({ id, label: `Worker ${id}`, x, y, icon: 'cpu', state: { text: 'waiting', struck: false } })
		const frame: Frame = {
			...seedStep3(),
			actors: [worker('a', 14, 22), worker('b', 14, 78), worker('c', 86, 50), { id: 'lock', label: 'Lock', x: 50, y: 50, icon: 'lock' }],
			links: [{ from: 'a', to: 'lock' }, { from: 'b', to: 'lock' }, { from: 'c', to: 'lock' }],
			messages: [],
		}
		const root = parseXml(renderStages([frame]).narrow[0]!)
		const label = (id: string) => child(actorGroup(root, id), 'scene-label')
		// Turned on its diagonal, a and b stand on top with their lines going down: their texts go above the card.
		for (const id of ['a', 'b']) expect(Number(label(id).attrs.y)).toBeLessThan(-28)
		// c stands below the lock, its one line going up: its texts stay below.
		expect(Number(label('c').attrs.y)).toBeGreaterThan(28)
		// The lock has lines going up and down: its label goes beside the card, where none leaves.
		expect(Number(label('lock').attrs.x)).toBeGreaterThan(28)
		expect(Math.abs(Number(label('lock').attrs.y))).toBeLessThan(28)
		// The wide drawing keeps every text below its card, as written.
		const wide = parseXml(renderStages([frame]).wide[0]!)
		for (const id of ['a', 'b', 'c', 'lock']) expect(Number(child(actorGroup(wide, id), 'scene-label').attrs.y)).toBeGreaterThan(28)
	})

	it('leaves a scene that is already tall as written', () => {
		const tall = frames.map(frame => ({ ...frame, actors: frame.actors.map(a => ({ ...a, x: a.y, y: a.x })) }))
		const root = parseXml(renderStages(tall).narrow[0]!)
		expect(translate(actorGroup(root, 'a')).y).toBe(translate(actorGroup(root, 'b')).y)
	})

	it('writes no text under 14 units in either, so 12 CSS px holds where the site shows each', () => {
		const { wide, narrow } = renderStages(frames)
		for (const svg of [...wide, ...narrow]) {
			const sizes = allElements(parseXml(svg)).filter(e => e.name === 'text').map(e => Number(e.attrs['font-size']))
			expect(Math.min(...sizes)).toBeGreaterThanOrEqual(14)
		}
		// 14 units at the narrowest wide column, 12 px or more; the site's container query switches at the same width.
		expect(14 * (WIDE_MIN_PX / STAGE_WIDTH)).toBeGreaterThanOrEqual(12)
		const css = readFileSync(new URL('../../../src/styles/scenes.css', import.meta.url), 'utf8')
		expect(css).toContain(`@container scene (max-width: ${WIDE_MIN_PX - 0.02}px)`)
	})
})

describe('default colours', () => {
	function luminance(hex: string): number {
		const channel = (i: number) => {
			const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255
			return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
		}
		return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
	}
	function contrast(a: string, b: string): number {
		const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
		return (hi + 0.05) / (lo + 0.05)
	}

	it('meet WCAG AA for text on the stage and on cards (4.5:1)', () => {
		for (const text of [SCENE_COLORS.fg, SCENE_COLORS.muted, SCENE_COLORS.accent, SCENE_COLORS.ok, SCENE_COLORS.bad]) {
			expect(contrast(text, SCENE_COLORS.bg)).toBeGreaterThanOrEqual(4.5)
		}
		for (const text of [SCENE_COLORS.fg, SCENE_COLORS.muted]) expect(contrast(text, SCENE_COLORS.card)).toBeGreaterThanOrEqual(4.5)
	})

	it('give lines and card edges 3:1 against the stage', () => {
		expect(contrast(SCENE_COLORS.line, SCENE_COLORS.bg)).toBeGreaterThanOrEqual(3)
	})
})
