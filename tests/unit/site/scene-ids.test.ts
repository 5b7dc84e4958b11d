import { describe, expect, it } from 'vitest'
import { assignSceneIds, captionId, positionalId, sourceId } from '../../../src/scenes/markdown/scene-ids.ts'

const scene = (caption: string, extra = ''): string => `${extra}actor a "A" at 10,10 icon=cpu\nstep "${caption}"\n  set a "x"`
const block = (source: string, line = 1) => ({ source, origin: { file: 'content/x.mdx', line } })

describe('captionId', () => {
	it('takes the first six words, lowercase, without accents or apostrophes', () => {
		expect(captionId("Worker A holds the chat's key with fence 7, then pauses.")).toBe('scene-worker-a-holds-the-chats-key')
		expect(captionId('Épreuve: «deux» écritures')).toBe('scene-epreuve-deux-ecritures')
	})

	it('stops before 48 characters', () => {
		expect(captionId('internationalization considerations notwithstanding everything').length).toBeLessThanOrEqual(48)
	})
})

describe('sourceId', () => {
	it('is the same for the same text and differs for another', () => {
		expect(sourceId('actor a')).toBe(sourceId('actor a'))
		expect(sourceId('actor a')).not.toBe(sourceId('actor b'))
		expect(sourceId('actor a')).toMatch(/^scene-[0-9a-f]{8}$/)
	})
})

describe('assignSceneIds', () => {
	it('takes the author\'s id, else the first caption\'s, else the text\'s', () => {
		const { ids, diagnostics } = assignSceneIds([
			block(scene('A holds the key', 'id late-write\n')),
			block(scene('A holds the key')),
			block('actor a "A" at 10,10 icon=cpu'),
		])
		expect(ids).toEqual(['late-write', 'scene-a-holds-the-key', sourceId('actor a "A" at 10,10 icon=cpu')])
		expect(diagnostics).toEqual([])
	})

	it('leaves an author\'s id to its author, even to a scene further down', () => {
		const { ids } = assignSceneIds([block(scene('A holds the key')), block(scene('Other', 'id scene-a-holds-the-key\n'))])
		expect(ids).toEqual(['scene-a-holds-the-key-2', 'scene-a-holds-the-key'])
	})

	it('names a scene that does not parse by its text', () => {
		expect(assignSceneIds([block('step "x" nonsense')]).ids).toEqual([sourceId('step "x" nonsense')])
	})

	it('reports an id given twice, at the second, naming the first', () => {
		const { diagnostics } = assignSceneIds([block(scene('a', 'id late\n'), 10), block(scene('b', 'id late\n'), 40)])
		expect(diagnostics).toEqual([{
			file: 'content/x.mdx',
			line: 40,
			column: 1,
			message: 'scene id "late" is already the id of the scene at line 10; a page\'s scenes need ids of their own',
		}])
	})

	it('gives the same ids to scenes whatever is added above them', () => {
		const page = [block(scene('A holds the key')), block(scene('B waits', 'id b-waits\n'))]
		const before = assignSceneIds(page).ids
		const after = assignSceneIds([block(scene('Something new')), ...page]).ids
		expect(after.slice(1)).toEqual(before)
	})

	it('knows the positional id old links used', () => {
		expect(positionalId(2)).toBe('scene-2')
	})
})
