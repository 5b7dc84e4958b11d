import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { formatError, parseScene } from '../../../scene-parser/index.ts'
import { findSceneBlocks } from '../../../src/scenes/markdown/scene-blocks.ts'

// A copy of the seed page (../shared/seed/fences.md): its scene must parse exactly as written.
const FILE = 'content/guides/locks/fences.mdx'
const markdown = readFileSync(new URL('fixtures/fences.md', import.meta.url), 'utf8')

function seedScene() {
	const blocks = findSceneBlocks(markdown)
	expect(blocks).toHaveLength(1)
	const block = blocks[0]!
	const result = parseScene(block.text, { file: FILE, line: block.line, column: block.column })
	expect(result.errors.map((error) => formatError(error))).toEqual([])
	if (!result.ok) throw new Error('the seed scene does not parse')
	return result.scene
}

describe('the seed scene', () => {
	it('is the one scene block of the page, starting on the line after its fence', () => {
		const [block] = findSceneBlocks(markdown)
		const fileLines = markdown.split('\n')
		expect(fileLines[block!.line - 2]).toBe('```scene')
		expect(fileLines[block!.line - 1]).toBe('code ts')
		expect(block!.column).toBe(0)
	})

	it('parses with no error', () => {
		seedScene()
	})

	it('has its code sample dedented to one line', () => {
		const scene = seedScene()
		expect(scene.code?.lang).toBe('ts')
		expect(scene.code?.lines).toHaveLength(1)
		expect(scene.code?.lines[0]).toMatch(/^await summaries\.hold\(/)
		expect(scene.code?.lines[0]).toBe('await summaries.hold(chatId, async lease => save(chatId, text, lease.fence))')
		expect(scene.code?.position).toEqual({ line: 9, column: 1 })
	})

	it('has its four actors, with labels, places, icons and the lines of the file', () => {
		const scene = seedScene()
		expect(scene.actors.map(({ id, label, x, y, icon }) => [id, label.value, x, y, icon])).toEqual([
			['a', 'Worker A', 10, 25, 'cpu'],
			['b', 'Worker B', 10, 75, 'cpu'],
			['lock', 'Lock', 50, 50, 'lock'],
			['db', 'chat.db', 90, 50, 'database'],
		])
		expect(scene.actors.map((actor) => actor.position.line)).toEqual([12, 13, 14, 15])
		expect(scene.actors[0]!.label.position).toEqual({ line: 12, column: 13 })
		expect(scene.actors[0]!.label.end).toEqual({ line: 12, column: 23 })
		expect(scene.actors.every((actor) => actor.limit === undefined)).toBe(true)
	})

	it('has its links and initial state', () => {
		const scene = seedScene()
		expect(scene.links.map((link) => `${link.from.id}-${link.to.id}`)).toEqual(['a-lock', 'b-lock', 'a-db', 'b-db'])
		expect(scene.links[0]!.to.position).toEqual({ line: 16, column: 8 })
		expect(scene.initial).toEqual([
			{
				kind: 'set',
				actor: { id: 'db', position: { line: 20, column: 5 } },
				text: { value: 'fence 0', position: { line: 20, column: 8 }, end: { line: 20, column: 17 } },
				position: { line: 20, column: 1 },
			},
		])
		expect(scene.settings).toEqual([])
	})

	it('has three steps on line 1 of the sample, with their captions', () => {
		const scene = seedScene()
		expect(scene.steps).toHaveLength(3)
		expect(scene.steps.map((step) => step.lines)).toEqual([
			{ from: 1, to: 1 },
			{ from: 1, to: 1 },
			{ from: 1, to: 1 },
		])
		expect(scene.steps.map((step) => step.position.line)).toEqual([22, 26, 31])
		expect(scene.steps[0]!.caption.value).toBe('Worker A holds the chat\'s key with fence 7, then pauses: a long garbage collection.')
		expect(scene.steps[2]!.caption.position).toEqual({ line: 31, column: 6 })
	})

	it('has the steps\' sends with their labels and colours, and their sets and strikes', () => {
		const scene = seedScene()
		const summary = scene.steps.map((step) =>
			step.statements.map((statement) => {
				switch (statement.kind) {
					case 'send':
						return `send ${statement.from.id}->${statement.to.id} "${statement.label.value}"${statement.color ? ` ${statement.color}` : ''}`
					case 'set':
					case 'strike':
						return `${statement.kind} ${statement.actor.id} "${statement.text.value}"`
					default:
						return statement.kind
				}
			}),
		)
		expect(summary).toEqual([
			['send lock->a "fence 7"', 'set a "paused"'],
			['send lock->b "fence 8"', 'send b->db "save, fence 8" ok', 'set db "fence 8"'],
			['send a->db "save, fence 7"', 'strike a "paused"', 'send db->a "refused: 7 < 8" bad'],
		])
	})

	it('places a send\'s parts at the file\'s columns', () => {
		const send = seedScene().steps[2]!.statements[2]!
		expect(send).toEqual({
			kind: 'send',
			from: { id: 'db', position: { line: 34, column: 8 } },
			to: { id: 'a', position: { line: 34, column: 14 } },
			label: { value: 'refused: 7 < 8', position: { line: 34, column: 16 }, end: { line: 34, column: 32 } },
			color: 'bad',
			position: { line: 34, column: 3 },
		})
	})

	it('reports an error in the page at the file\'s line and column', () => {
		const broken = markdown.replace('link a lock', 'link a lok')
		const [block] = findSceneBlocks(broken)
		const result = parseScene(block!.text, { file: FILE, line: block!.line, column: block!.column })
		expect(result.errors.map((error) => formatError(error))).toEqual([
			'content/guides/locks/fences.mdx:16:8: unknown actor "lok"; did you mean "lock"?',
		])
	})

	it('parses the same with CRLF line endings and a BOM', () => {
		const crlf = `\uFEFF${markdown.replace(/\n/g, '\r\n')}`
		const [block] = findSceneBlocks(crlf)
		expect(block!.line).toBe(9)
		const result = parseScene(block!.text, { line: block!.line })
		expect(result.ok).toBe(true)
		expect(result.scene).toEqual(seedScene())
	})
})
