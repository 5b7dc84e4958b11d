import { describe, expect, it } from 'vitest'
import type { Code, Root } from 'mdast'
import type { Element, ElementContent } from 'hast'
import { betterSqliteDriver } from '../../../engine/adapters/node.ts'
import { compileScene } from '../../../src/scenes/simulation/index.ts'
import type { SceneFrames } from '../../../src/scenes/frame.ts'
import { renderStages } from '../../../src/scenes/render/index.ts'
import { SceneFiles } from '../../../src/scenes/markdown/scene-files.ts'
import { remarkScenes } from '../../../src/scenes/markdown/remark-scenes.ts'
import { sceneBlock } from '../../../src/scenes/markdown/scene-blocks.ts'
import type { RemarkScenesOptions } from '../../../src/scenes/markdown/remark-scenes.ts'
import type { SceneData } from '../../../src/scenes/scene-figure.ts'
import { decodeScene, payloadOf } from '../../../src/scenes/scene-link.ts'

// The seed page's scene, as written: the DSL's acceptance fixture.
const seedScene = `code ts
  await summaries.hold(chatId, async lease => save(chatId, text, lease.fence))
end
actor a     "Worker A"  at 10,25 icon=cpu
actor b     "Worker B"  at 10,75 icon=cpu
actor lock  "Lock"      at 50,50 icon=lock
actor db    "chat.db"   at 90,50 icon=database
link a lock
link b lock
link a db
link b db
set db "fence 0"

step "Worker A holds the chat's key with fence 7, then pauses: a long garbage collection." line=1
  send lock -> a "fence 7"
  set a "paused"

step "A's lease runs out. Worker B holds the key with fence 8 and saves its summary." line=1
  send lock -> b "fence 8"
  send b -> db "save, fence 8" color=ok
  set db "fence 8"

step "A wakes and saves too. The database keeps the largest fence, 8, so it refuses A's write." line=1
  send a -> db "save, fence 7"
  strike a "paused"
  send db -> a "refused: 7 < 8" color=bad`

/** A tree with one scene block whose opening fence is on line `line` of content/guides/x.mdx. */
function treeWith(source: string, line = 10, column = 1): Root {
	const node: Code = {
		type: 'code',
		lang: 'scene',
		value: source,
		position: { start: { line, column, offset: 0 }, end: { line: line + 2, column: 4, offset: 0 } },
	}
	return { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'before' }] }, node] }
}

const file = { path: '/project/content/guides/x.mdx', data: { astro: { frontmatter: { title: 'Fences' } } } }

function options(mode: 'build' | 'dev', report?: (message: string) => void): RemarkScenesOptions {
	return {
		compile: (source, origin, compileOptions) => compileScene(source, origin, bytes => betterSqliteDriver(bytes ?? ':memory:'), compileOptions),
		render: renderStages,
		mode,
		root: '/project',
		report,
	}
}

function figureFrom(child: Root['children'][number]): Element {
	const node = child as unknown as { data: { hName: string; hProperties: Element['properties']; hChildren: ElementContent[] } }
	return { type: 'element', tagName: node.data.hName, properties: node.data.hProperties, children: node.data.hChildren }
}

function figureOf(tree: Root): Element {
	return figureFrom(tree.children[1]!)
}

/** The ids of the figures that replaced a tree's scene blocks, in order. */
function figureIds(tree: Root): string[] {
	return tree.children.filter(node => node.type === ('sceneFigure' as string)).map(node => String(figureFrom(node).properties['id']))
}

/** A page of scene blocks, each opening fence 50 lines after the one before (the first on line 10). */
function pageOf(sources: string[]): Root {
	return { type: 'root', children: sources.map((source, index) => treeWith(source, 10 + 50 * index).children[1]!) }
}

function all(node: ElementContent | Element, test: (el: Element) => boolean): Element[] {
	if (node.type !== 'element') return []
	return [...(test(node) ? [node] : []), ...node.children.flatMap(child => all(child, test))]
}

const hasClass = (name: string) => (el: Element): boolean => ([] as unknown[]).concat(el.properties['className'] ?? []).includes(name)
const textOf = (node: ElementContent | Element): string =>
	node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(textOf).join('') : ''

describe('sceneBlock', () => {
	it("places the block's text on the line after its opening fence, indented as the fence", () => {
		const tree = treeWith('x', 41, 3)
		expect(sceneBlock(tree.children[1] as Code)).toEqual({ text: 'x', line: 42, column: 2 })
	})
})

describe('remarkScenes on the seed scene', () => {
	it('emits a figure with frame 0, hidden controls, the code, every step as text, and the build data', async () => {
		const tree = treeWith(seedScene)
		await remarkScenes(options('build'))(tree, file)
		const figure = figureOf(tree)
		expect(figure.tagName).toBe('figure')
		const id = 'scene-worker-a-holds-the-chats-key'
		expect(figure.properties).toMatchObject({ id, dataSceneId: id, dataScenePosition: '1', dataStep: '0', dataSteps: '3', dataVerified: 'pending', tabIndex: 0 })

		const stage = all(figure, hasClass('scene-stage'))[0]
		expect(JSON.stringify(stage?.children)).toContain('<svg')
		const caption = all(figure, hasClass('scene-caption'))[0]
		expect(caption?.properties['ariaLive']).toBe('polite')
		expect(all(figure, hasClass('scene-controls'))[0]?.properties['hidden']).toBe(true)
		expect(all(figure, el => el.tagName === 'button').map(el => el.properties['dataAction'])).toEqual(['restart', 'prev', 'play', 'next', 'take-over', 'without-fences'])
		expect(textOf(all(figure, hasClass('scene-counter'))[0]!)).toBe('Step 0 of 3')
		expect(all(figure, el => el.properties['dataLine'] !== undefined)).toHaveLength(1)

		const steps = all(figure, hasClass('scene-step'))
		expect(steps.map(el => el.properties['id'])).toEqual([`${id}-step-1`, `${id}-step-2`, `${id}-step-3`])
		expect(textOf(steps[0]!)).toContain('Lock → Worker A: fence 7')
		expect(textOf(steps[2]!)).toContain('chat.db → Worker A: refused: 7 < 8')
		expect(all(steps[2]!, el => el.tagName === 's')).toEqual([])
		expect(textOf(steps[2]!)).toContain('Worker A: paused (over)')
		// Each step lists what was checked: every claim of its texts, by form, with the engine's facts.
		const checked = all(steps[0]!, hasClass('scene-checks'))[0]!
		expect(textOf(all(checked, el => el.tagName === 'summary')[0]!)).toBe('What was checked (5)')
		expect(all(checked, hasClass('scene-check')).map(el => el.properties['dataForm'])).toEqual(['answer-fence', 'holds-with-fence', 'pauses', 'db-fence', 'worker-paused'])
		expect(all(checked, el => el.tagName === 'q').map(textOf)).toEqual(['fence 7', "Worker A holds the chat's key with fence 7", 'pauses', 'fence 0', 'paused'])
		expect(all(figure, hasClass('scene-checks'))).toHaveLength(3)

		const script = all(figure, hasClass('scene-data'))[0]!
		expect(script.properties['type']).toBe('application/json')
		const json = textOf(script)
		expect(json).not.toContain('<')
		const data = JSON.parse(json) as SceneData
		expect(data.origin).toEqual({ file: 'content/guides/x.mdx', line: 11, column: 0 })
		expect(data.source).toBe(seedScene)
		expect(data.scene.frames).toHaveLength(4)
		expect(data.svgs).toHaveLength(4)
		expect(data.narrowSvgs).toHaveLength(4)
	})

	it('publishes a later scene\'s data as a file of its page, and keeps the first scene\'s in the page', async () => {
		const tree = pageOf([seedScene, seedScene])
		const files = new SceneFiles()
		await remarkScenes({ ...options('build'), publish: (name, data) => files.publish(name, data) })(tree, file)
		const [first, later] = tree.children.map(figureFrom)
		expect(all(first!, hasClass('scene-data'))).toHaveLength(1)
		expect(first!.properties['dataSceneSrc']).toBeUndefined()
		expect(all(later!, hasClass('scene-data'))).toEqual([])
		const id = 'scene-worker-a-holds-the-chats-key-2'
		expect(later!.properties['dataSceneSrc']).toBe(`/_scenes/guides/x/${id}.json`)
		const data = JSON.parse(files.read(`/_scenes/guides/x/${id}.json`)!) as SceneData
		expect(data.id).toBe(id)
		expect(data.origin).toEqual({ file: 'content/guides/x.mdx', line: 61, column: 0 })
		expect(data.svgs).toHaveLength(4)
	})

	it('links the scene to the playground with its source in the address', async () => {
		const tree = treeWith(seedScene)
		await remarkScenes(options('build'))(tree, file)
		const link = all(figureOf(tree), hasClass('scene-playground-link'))[0]!
		expect(textOf(link)).toBe('Open in the playground')
		const href = new URL(String(link.properties['href']), 'http://site.invalid')
		expect(href.pathname).toBe('/playground/')
		expect(await decodeScene(payloadOf(href.hash)!)).toBe(seedScene)
	})

	it('names a scene by its first caption, and two of one caption apart', async () => {
		const tree = treeWith(seedScene)
		tree.children.push({ ...(tree.children[1] as Code) })
		await remarkScenes(options('build'))(tree, file)
		expect(figureIds(tree)).toEqual(['scene-worker-a-holds-the-chats-key', 'scene-worker-a-holds-the-chats-key-2'])
	})

	it('takes the id the author gave', async () => {
		const tree = treeWith(`id fences-example\n${seedScene}`)
		await remarkScenes(options('build'))(tree, file)
		expect(figureIds(tree)).toEqual(['fences-example'])
		expect(all(figureOf(tree), hasClass('scene-step'))[0]?.properties['id']).toBe('fences-example-step-1')
	})

	it('fails the build on two scenes given one id, at the second', async () => {
		const tree = pageOf([`id fences\n${seedScene}`, `id fences\n${seedScene}`])
		const run = remarkScenes(options('build'))(tree, file)
		await expect(run).rejects.toThrow('content/guides/x.mdx:61:1: scene id "fences" is already the id of the scene at line 11; a page\'s scenes need ids of their own')
	})

	it('keeps a scene\'s step links when a scene is added above it', async () => {
		const other = seedScene.replace("Worker A holds the chat's key", 'Worker A holds the key')
		const stepLinks = async (sources: string[]): Promise<Map<string, string[]>> => {
			const tree = pageOf(sources)
			await remarkScenes(options('build'))(tree, file)
			const figures = tree.children.filter(node => node.type === ('sceneFigure' as string)).map(node => figureFrom(node))
			return new Map(figures.map(figure => [
				String(figure.properties['dataScenePosition']),
				all(figure, hasClass('scene-step-link')).map(link => String(link.properties['href'])),
			]))
		}
		const before = await stepLinks([seedScene, `id fences-second\n${seedScene}`])
		const after = await stepLinks([other, seedScene, `id fences-second\n${seedScene}`])
		// The scenes moved down one place, and their links are the same.
		expect(after.get('2')).toEqual(before.get('1'))
		expect(after.get('3')).toEqual(before.get('2'))
		expect(after.get('2')?.[0]).toBe('#scene-worker-a-holds-the-chats-key-step-1')
		expect(after.get('3')?.[0]).toBe('#fences-second-step-1')
	})
})

describe('remarkScenes on a scene that disagrees with the engine', () => {
	const wrong = seedScene.replace('send lock -> b "fence 8"', 'send lock -> b "fence 9"')
	const wrongLine = 10 + 1 + seedScene.split('\n').findIndex(line => line.includes('send lock -> b'))

	it('fails the build with FILE:LINE:COL and the engine value', async () => {
		const run = remarkScenes(options('build'))(treeWith(wrong), file)
		await expect(run).rejects.toThrow(new RegExp(`^content/guides/x\\.mdx:${wrongLine}:\\d+: .*8`, 'm'))
	})

	it('in dev, reports to the terminal and shows the errors in the page', async () => {
		const reported: string[] = []
		const tree = treeWith(wrong)
		await remarkScenes(options('dev', message => reported.push(message)))(tree, file)
		expect(reported.join('\n')).toMatch(new RegExp(`content/guides/x\\.mdx:${wrongLine}:\\d+: `))
		const box = all(figureOf(tree), hasClass('scene-error'))[0]!
		expect(box.properties['role']).toBe('alert')
		expect(textOf(box)).toContain(`content/guides/x.mdx:${wrongLine}:`)
	})

	it("in dev, shows a refused caption's 'did you mean' in the page and the terminal, as the CLI prints it", async () => {
		const refused = seedScene.replace('"A\'s lease runs out. Worker B', '"A\'s lease expires soon. Worker B')
		expect(refused).not.toBe(seedScene)
		const reported: string[] = []
		const tree = treeWith(refused)
		await remarkScenes(options('dev', message => reported.push(message)))(tree, file)
		const line = 10 + 1 + refused.split('\n').findIndex(text => text.includes('expires soon'))
		// The words `npm run scenes -- check` prints for the same caption, with the true sentence the step's facts offer.
		const printed = new RegExp(`content/guides/x\\.mdx:${line}:7: cannot read "A's lease expires soon" .*; did you mean: "A's lease expires"\\?`)
		expect(reported.join('\n')).toMatch(printed)
		const box = all(figureOf(tree), hasClass('scene-error'))[0]!
		expect(textOf(box)).toMatch(printed)
	})

	it('in dev, shows a scene that does not parse as its errors and source', async () => {
		const tree = treeWith('actor a "A" at 10,10 icon=cpu\nstep "go"\n  send a -> lok "x"')
		await remarkScenes(options('dev', () => {}))(tree, file)
		const figure = figureOf(tree)
		expect(hasClass('scene-broken')(figure)).toBe(true)
		expect(textOf(all(figure, hasClass('scene-error'))[0]!)).toMatch(/content\/guides\/x\.mdx:13:\d+: /)
	})
})

describe('remarkScenes with the compiler stubbed', () => {
	it('passes the origin of the block to the compiler', async () => {
		const seen: unknown[] = []
		const empty: SceneFrames = { frames: [], diagnostics: [{ file: 'f', line: 1, column: 1, message: 'm' }] }
		await remarkScenes({ ...options('dev', () => {}), compile: async (_source, origin) => (seen.push(origin), empty) })(treeWith('x', 7, 1), file)
		expect(seen).toEqual([{ file: 'content/guides/x.mdx', line: 8, column: 0 }])
	})
})
