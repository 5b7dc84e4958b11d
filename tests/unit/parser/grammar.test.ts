import { describe, expect, it } from 'vitest'
import { ICONS, parseScene } from '../../../scene-parser/index.ts'
import { HEADER, lines, sceneOf } from './helpers.ts'

describe('code', () => {
	it('keeps the sample\'s lines, dedented, with its language and place', () => {
		const scene = sceneOf(lines('# a scene', 'code python', '    if x:', '        y()', '', '    z()', '', 'end', 'actor a "A" at 1,1 icon=cpu'))
		expect(scene.code).toEqual({ lang: 'python', lines: ['if x:', '    y()', '', 'z()'], position: { line: 2, column: 1 }, start: { line: 3, column: 5 } })
	})

	it('keeps # and quotes in the sample as written, and ends only at a line that is exactly end', () => {
		const scene = sceneOf(lines('code sh', '  echo "hi # there', '  end # not yet', '  endless', '  end  ', 'actor a "A" at 1,1 icon=cpu'))
		expect(scene.code?.lines).toEqual(['echo "hi # there', 'end # not yet', 'endless'])
	})

	it('may be indented, and may be empty', () => {
		expect(sceneOf(lines('  code ts', '  end', 'actor a "A" at 1,1 icon=cpu')).code).toEqual({ lang: 'ts', lines: [], position: { line: 1, column: 3 }, start: { line: 2, column: 1 } })
	})

	it('may come after the actors', () => {
		expect(sceneOf(lines('actor a "A" at 1,1 icon=cpu', 'code go', '\tx()', 'end')).code?.lines).toEqual(['x()'])
	})
})

describe('actor', () => {
	it('reads id, label, coordinates and icon, for every icon', () => {
		for (const icon of ICONS) {
			const [actor] = sceneOf(`actor x_1-b "A \\"big\\" one" at 0,100 icon=${icon}`).actors
			expect(actor).toEqual({
				id: 'x_1-b',
				label: { value: 'A "big" one', position: { line: 1, column: 13 }, end: { line: 1, column: 28 } },
				x: 0,
				y: 100,
				icon,
				position: { line: 1, column: 1 },
			})
		}
	})

	it('takes decimal coordinates, with or without blanks around the comma', () => {
		for (const at of ['12.5,7.25', '12.5 , 7.25', '12.5, 7.25', '12.5 ,7.25', '12.5\t,\t7.25']) {
			const [actor] = sceneOf(`actor a "A" at ${at} icon=cpu`).actors
			expect([actor!.x, actor!.y]).toEqual([12.5, 7.25])
		}
	})

	it('takes limit=N on a lock, which makes it a semaphore', () => {
		const [actor] = sceneOf('actor sem "Slots" at 50,50 icon=lock limit=3').actors
		expect(actor!.limit).toBe(3)
		expect(sceneOf('actor sem "Slots" at 50,50 limit=1 icon=lock').actors[0]!.limit).toBe(1)
	})

	it('takes first=N on a lock: the fence of the first lease its store gives', () => {
		expect(sceneOf('actor lock "Lock" at 50,50 icon=lock first=7').actors[0]!.first).toBe(7n)
		// Any count the engine can give, past what a number holds exactly: the engine judges the range.
		expect(sceneOf('actor lock "Lock" at 50,50 icon=lock first=18446744073709551615').actors[0]!.first).toBe(18446744073709551615n)
	})

	it('takes fences=off on a database: the plain update, which checks no fence', () => {
		expect(sceneOf('actor db "chat.db" at 90,50 icon=database fences=off').actors[0]!.fences).toBe('off')
		expect(sceneOf('actor db "chat.db" at 90,50 icon=database').actors[0]!.fences).toBeUndefined()
	})

	it('takes its attributes anywhere after its id', () => {
		expect(sceneOf('actor a icon=user "A" at 5,5').actors[0]!.icon).toBe('user')
	})

	it('takes a quoted attribute value', () => {
		expect(sceneOf('actor a "A" at 5,5 icon="server"').actors[0]!.icon).toBe('server')
	})
})

describe('link, set, strike, ttl and key before the first step', () => {
	it('reads links with the places of their ids', () => {
		const scene = sceneOf(lines(HEADER, 'link   b db'))
		expect(scene.links.map((link) => [link.from.id, link.to.id])).toEqual([
			['a', 'lock'],
			['b', 'db'],
		])
		expect(scene.links[1]).toEqual({
			from: { id: 'b', position: { line: 11, column: 8 } },
			to: { id: 'db', position: { line: 11, column: 10 } },
			position: { line: 11, column: 1 },
		})
	})

	it('reads set and strike as the initial state, in order', () => {
		const scene = sceneOf(lines(HEADER, 'set db "fence 0"', 'strike a "idle"', 'set a ""'))
		expect(scene.initial.map((s) => [s.kind, s.actor.id, s.text.value])).toEqual([
			['set', 'db', 'fence 0'],
			['strike', 'a', 'idle'],
			['set', 'a', ''],
		])
	})

	it('reads id as a setting', () => {
		const scene = sceneOf(lines(HEADER, 'id fences-late-write2'))
		expect(scene.settings).toEqual([{ kind: 'id', value: 'fences-late-write2', position: { line: 11, column: 1 }, valueAt: { line: 11, column: 4 } }])
	})

	it('reads domain as a setting', () => {
		expect(sceneOf(lines(HEADER, 'domain jobs')).settings).toEqual([{ kind: 'domain', value: 'jobs', position: { line: 11, column: 1 } }])
	})

	it('reads ttl and key as settings', () => {
		const scene = sceneOf(lines(HEADER, 'ttl 1500ms', 'key "42"'))
		expect(scene.settings).toEqual([
			{ kind: 'ttl', ms: 1500, position: { line: 11, column: 1 } },
			{ kind: 'key', value: { value: '42', position: { line: 12, column: 5 }, end: { line: 12, column: 9 } }, position: { line: 12, column: 1 } },
		])
		for (const [written, ms] of [
			['10s', 10_000],
			['2m', 120_000],
			['1h', 3_600_000],
		] as const) {
			expect(sceneOf(lines(HEADER, `ttl ${written}`)).settings).toEqual([{ kind: 'ttl', ms, position: { line: 11, column: 1 } }])
		}
	})

	it('takes declarations at any indentation before the first step', () => {
		const scene = sceneOf(lines('  actor a "A" at 1,1 icon=cpu', '\t\tactor b "B" at 2,2 icon=cpu', '    link a b', 'step "s"'))
		expect(scene.actors.map((actor) => actor.position)).toEqual([
			{ line: 1, column: 3 },
			{ line: 2, column: 3 },
		])
		expect(scene.links).toHaveLength(1)
	})

	it('needs no code, links, state or steps', () => {
		const scene = sceneOf('actor a "A" at 1,1 icon=cpu')
		expect(scene).toEqual({
			settings: [],
			actors: [expect.objectContaining({ id: 'a' })],
			links: [],
			initial: [],
			steps: [],
			position: { line: 1, column: 1 },
		})
	})
})

describe('step', () => {
	it('reads the caption, the highlighted lines and the body', () => {
		const scene = sceneOf(lines(HEADER, 'step "One" line=2', '  send lock -> a "fence 7"', 'step "Two" line=1-3', 'step "Three"'))
		expect(scene.steps.map((step) => [step.caption.value, step.lines, step.statements.length])).toEqual([
			['One', { from: 2, to: 2 }, 1],
			['Two', { from: 1, to: 3 }, 0],
			['Three', undefined, 0],
		])
		expect(scene.steps[2]).not.toHaveProperty('lines')
		expect(scene.steps[0]!.position).toEqual({ line: 11, column: 1 })
	})

	it('reads every statement of a body', () => {
		const scene = sceneOf(
			lines(
				HEADER,
				'step "All"',
				'  send lock -> a "fence 7"',
				'  send a->db "save" color=ok',
				'  send db -> a "no" color=bad',
				'  set a "paused"',
				'  strike a "paused"',
				'  wait 40s',
				'  release a',
				'  restart lock',
				'  backup lock',
				'  restore lock',
				'  end b',
			),
		)
		const [step] = scene.steps
		expect(step!.statements.map((s) => s.kind)).toEqual(['send', 'send', 'send', 'set', 'strike', 'wait', 'release', 'restart', 'backup', 'restore', 'end'])
		expect(step!.statements[10]).toMatchObject({ kind: 'end', actor: { id: 'b', position: { line: 22, column: 7 } }, position: { line: 22, column: 3 } })
		expect(step!.statements[0]).not.toHaveProperty('color')
		expect(step!.statements[1]).toMatchObject({ from: { id: 'a' }, to: { id: 'db', position: { line: 13, column: 11 } }, color: 'ok' })
		expect(step!.statements[2]).toMatchObject({ color: 'bad' })
		expect(step!.statements[5]).toEqual({ kind: 'wait', ms: 40_000, position: { line: 17, column: 3 } })
		expect(step!.statements[6]).toEqual({ kind: 'release', actor: { id: 'a', position: { line: 18, column: 11 } }, position: { line: 18, column: 3 } })
	})

	it("reads a worker's crash and its restart as a label set and the same label struck, each where it stands", () => {
		// The restart of a crashed worker's process is `strike a "crashed"` (the simulation gives it its meaning), and
		// `restart` stays a store's: the parser reads both as it reads any label and any actor verb.
		const scene = sceneOf(lines(HEADER, 'step "Crash"', '  set a "crashed"', 'step "Back"', '  wait 2s', '  strike a "crashed"', '  send a -> lock "hold"'))
		expect(scene.steps[0]!.statements).toEqual([{ kind: 'set', actor: { id: 'a', position: { line: 12, column: 7 } }, text: { value: 'crashed', position: { line: 12, column: 9 }, end: { line: 12, column: 18 } }, position: { line: 12, column: 3 } }])
		expect(scene.steps[1]!.statements.map((s) => s.kind)).toEqual(['wait', 'strike', 'send'])
		expect(scene.steps[1]!.statements[1]).toEqual({ kind: 'strike', actor: { id: 'a', position: { line: 15, column: 10 } }, text: { value: 'crashed', position: { line: 15, column: 12 }, end: { line: 15, column: 21 } }, position: { line: 15, column: 3 } })
	})

	it('takes a body indented by tabs, or by any more than the step', () => {
		const scene = sceneOf(
			lines(HEADER, '  step "Indented"', '\t\t\tsend lock -> a "x"', '        set a "y"', '   strike a "y"', '  step "Next"', '\t\t\tset a "z"'),
		)
		expect(scene.steps.map((step) => step.statements.length)).toEqual([3, 1])
		const tabbed = sceneOf(lines(HEADER, 'step "Tabs"', '\tsend lock -> a "x"', '\tset a "y"'))
		expect(tabbed.steps[0]!.statements).toHaveLength(2)
	})

	it('lets blank and comment lines sit anywhere in a body, at any indentation', () => {
		const scene = sceneOf(lines(HEADER, 'step "S"', '  send lock -> a "x"', '', '# unindented comment', '   ', '  set a "y"  # why'))
		expect(scene.steps[0]!.statements).toHaveLength(2)
	})
})

describe('text', () => {
	it('accepts CRLF and CR line endings and counts lines the same', () => {
		const text = lines(HEADER, 'step "S" line=3', '  send lock -> a "x"')
		const lf = parseScene(text)
		expect(parseScene(text.replace(/\n/g, '\r\n'))).toEqual(lf)
		expect(parseScene(text.replace(/\n/g, '\r'))).toEqual(lf)
		expect(lf.scene?.steps[0]!.statements[0]!.position).toEqual({ line: 12, column: 3 })
	})

	it('ignores a BOM at the start, without shifting columns', () => {
		expect(parseScene(`\uFEFF${HEADER}`)).toEqual(parseScene(HEADER))
	})

	it('takes a trailing comment after any statement, and # inside strings as text', () => {
		const scene = sceneOf(lines('actor a "A #1" at 1,1 icon=cpu # the first', 'set a "fence #7" # initial', '#step "not a step"'))
		expect(scene.actors[0]!.label.value).toBe('A #1')
		expect(scene.initial[0]!.text.value).toBe('fence #7')
		expect(scene.steps).toEqual([])
	})

	it('puts positions at the file\'s line and column when given an origin', () => {
		const scene = sceneOf(lines('actor a "A" at 1,1 icon=cpu', 'step "S"', '  set a "x"'), { line: 40, column: 3 })
		expect(scene.position).toEqual({ line: 40, column: 4 })
		expect(scene.actors[0]!.label.position).toEqual({ line: 40, column: 12 })
		expect(scene.steps[0]!.statements[0]!.position).toEqual({ line: 42, column: 6 })
	})
})
