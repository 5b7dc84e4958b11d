import { describe, expect, it } from 'vitest'
import type { Root, RootContent } from 'mdast'
import { codeTabsSyncKey, findTabRuns, languageLabel, remarkCodeTabs } from '../../../src/site/code-tabs.ts'

const code = (lang: string | null, meta: string | null = null): RootContent => ({ type: 'code', lang, meta, value: `${lang} sample` })
const text: RootContent = { type: 'paragraph', children: [{ type: 'text', value: 'prose' }] }

describe('findTabRuns', () => {
	it("groups the seed's four language samples and leaves its titled migration alone", () => {
		const children = [code('sql', 'title="migrations/0004_summary_fence.sql"'), code('ts'), code('python'), code('go'), code('rust')]
		expect(findTabRuns(children)).toEqual([{ start: 1, end: 5 }])
	})

	it('never groups a scene, a fence without a language, or a lone fence', () => {
		expect(findTabRuns([code('scene'), code('ts')])).toEqual([])
		expect(findTabRuns([code(null), code('ts')])).toEqual([])
		expect(findTabRuns([code('ts'), text, code('python')])).toEqual([])
	})

	it('starts a new set when a language comes again', () => {
		expect(findTabRuns([code('ts'), code('python'), code('typescript'), code('go')])).toEqual([{ start: 0, end: 2 }, { start: 2, end: 4 }])
	})
})

describe('languageLabel', () => {
	it('names languages as readers know them', () => {
		expect(['ts', 'python', 'go', 'rust', 'sql', 'sh', 'elm'].map(languageLabel)).toEqual(['TypeScript', 'Python', 'Go', 'Rust', 'SQL', 'Shell', 'Elm'])
	})
})

describe('remarkCodeTabs', () => {
	it('wraps a run in synced Tabs with one TabItem per language and imports the components once', () => {
		const tree: Root = { type: 'root', children: [text, code('ts'), code('python'), text, code('go'), code('rust')] }
		remarkCodeTabs()(tree, { path: '/x/page.mdx' })
		const [esm, , tabs] = tree.children as unknown as Record<string, unknown>[]
		expect(esm?.['type']).toBe('mdxjsEsm')
		expect(String(esm?.['value'])).toContain("from '@astrojs/starlight/components'")
		expect(tabs).toMatchObject({
			type: 'mdxJsxFlowElement',
			attributes: [{ name: 'syncKey', value: codeTabsSyncKey }],
			children: [
				{ type: 'mdxJsxFlowElement', attributes: [{ name: 'label', value: 'TypeScript' }], children: [{ type: 'code', lang: 'ts' }] },
				{ type: 'mdxJsxFlowElement', attributes: [{ name: 'label', value: 'Python' }], children: [{ type: 'code', lang: 'python' }] },
			],
		})
		expect(tree.children.filter(node => node.type === ('mdxjsEsm' as string))).toHaveLength(1)
		expect(tree.children).toHaveLength(5)
	})

	it('leaves a plain Markdown page alone, since it cannot render components', () => {
		const tree: Root = { type: 'root', children: [code('ts'), code('python')] }
		remarkCodeTabs()(tree, { path: '/x/page.md' })
		expect(tree.children.map(node => node.type)).toEqual(['code', 'code'])
	})
})
