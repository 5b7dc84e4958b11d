// A later scene's data as a file of the build (issue 31): named by its page and id, under the site's
// base, served by the dev server and written into the build's output as the same JSON.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SceneFiles } from '../../../src/scenes/markdown/scene-files.ts'
import type { SceneData } from '../../../src/scenes/scene-figure.ts'

const data = (id: string): SceneData => ({ id, source: 'x', origin: {}, scene: { frames: [], diagnostics: [] } as unknown as SceneData['scene'], svgs: ['<svg></svg>'], narrowSvgs: [] })

describe('SceneFiles', () => {
	it('names a file by its page under content/ and the scene\'s id, under the site\'s base', () => {
		expect(new SceneFiles().publish('content/guides/locks/fences.mdx', data('scene-a'))).toBe('/_scenes/guides/locks/fences/scene-a.json')
		expect(new SceneFiles('/docs').publish('content/index.md', data('scene-b'))).toBe('/docs/_scenes/index/scene-b.json')
	})

	it('serves what it published, and nothing else, as the dev server asks', () => {
		const files = new SceneFiles('/docs/')
		const url = files.publish('content/guides/x.mdx', data('scene-a'))
		expect(JSON.parse(files.read(url)!)).toEqual(data('scene-a'))
		expect(JSON.parse(files.read(`${url}?v=1`)!)).toEqual(data('scene-a'))
		expect(files.read('/_scenes/guides/x/scene-a.json')).toBeUndefined()
		expect(files.read('/docs/_scenes/guides/x/scene-b.json')).toBeUndefined()
	})

	it('writes each file into the output folder, the last publication of a scene winning', () => {
		const out = mkdtempSync(join(tmpdir(), 'scene-files-'))
		try {
			const files = new SceneFiles()
			files.publish('content/guides/x.mdx', data('scene-a'))
			files.publish('content/guides/x.mdx', { ...data('scene-a'), source: 'y' })
			files.publish('content/guides/y.mdx', data('scene-a'))
			expect(files.write(out)).toBe(2)
			expect(JSON.parse(readFileSync(join(out, '_scenes/guides/x/scene-a.json'), 'utf8')).source).toBe('y')
			expect(JSON.parse(readFileSync(join(out, '_scenes/guides/y/scene-a.json'), 'utf8')).source).toBe('x')
		} finally {
			rmSync(out, { recursive: true, force: true })
		}
	})
})
