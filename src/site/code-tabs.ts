/**
 * Adjacent code fences of one sample in several languages, turned into one set of Starlight tabs.
 */
import type { Code, Root, RootContent } from 'mdast'
import type { Program } from 'estree'

/** The sync key shared by every code tab set, so a reader's language follows them across pages. */
export const codeTabsSyncKey = 'code-language'

const labels: Record<string, string> = {
	ts: 'TypeScript', typescript: 'TypeScript', tsx: 'TSX',
	js: 'JavaScript', javascript: 'JavaScript', mjs: 'JavaScript',
	py: 'Python', python: 'Python',
	go: 'Go',
	rs: 'Rust', rust: 'Rust',
	sql: 'SQL',
	sh: 'Shell', bash: 'Shell', shell: 'Shell', console: 'Shell',
	json: 'JSON', yaml: 'YAML', yml: 'YAML', toml: 'TOML',
	java: 'Java', kotlin: 'Kotlin', swift: 'Swift', c: 'C', cpp: 'C++', cs: 'C#', csharp: 'C#',
	ruby: 'Ruby', rb: 'Ruby', php: 'PHP', elixir: 'Elixir', http: 'HTTP',
}

/** The tab label readers see for a fence's language (`ts` reads as `TypeScript`). */
export function languageLabel(lang: string): string {
	return labels[lang.toLowerCase()] ?? lang.charAt(0).toUpperCase() + lang.slice(1)
}

/** Whether a fence may join a tab set: it has a language, is not a scene, and names no file. */
function isTabbable(node: RootContent): node is Code {
	if (node.type !== 'code' || !node.lang || node.lang === 'scene') return false
	// A fence with a title is one file (a migration, a config), not one sample in several languages.
	return !/(^|\s)title=/.test(node.meta ?? '')
}

/** Splits children into runs of adjacent tabbable fences whose languages all differ. */
export function findTabRuns(children: RootContent[]): { start: number; end: number }[] {
	const runs: { start: number; end: number }[] = []
	let start = -1
	let seen = new Set<string>()
	const close = (end: number): void => {
		if (start >= 0 && end - start >= 2) runs.push({ start, end })
		start = -1
		seen = new Set()
	}
	children.forEach((node, index) => {
		if (!isTabbable(node)) return close(index)
		const label = languageLabel(node.lang ?? '')
		if (seen.has(label)) close(index)
		if (start < 0) start = index
		seen.add(label)
	})
	close(children.length)
	return runs
}

const tabsName = 'SiteCodeTabs'
const tabItemName = 'SiteCodeTabItem'
const componentsModule = '@astrojs/starlight/components'

function importEstree(): Program {
	const specifier = (imported: string, local: string) => ({
		type: 'ImportSpecifier' as const,
		imported: { type: 'Identifier' as const, name: imported },
		local: { type: 'Identifier' as const, name: local },
	})
	return {
		type: 'Program',
		sourceType: 'module',
		body: [{
			type: 'ImportDeclaration',
			specifiers: [specifier('Tabs', tabsName), specifier('TabItem', tabItemName)],
			source: { type: 'Literal', value: componentsModule, raw: `'${componentsModule}'` },
			attributes: [],
		}],
	}
}

function attribute(name: string, value: string) {
	return { type: 'mdxJsxAttribute', name, value }
}

/** Remark plugin for MDX files: wraps each run of sibling fences in `<Tabs syncKey>` with a `<TabItem>` per language. */
export function remarkCodeTabs() {
	return (tree: Root, file: { path?: string }): void => {
		// Tabs are MDX components; a plain .md page has no way to render them.
		if (file.path && !file.path.endsWith('.mdx')) return
		let used = false
		const walk = (parent: { children?: RootContent[] }): void => {
			const children = parent.children
			if (!children) return
			for (const run of findTabRuns(children).reverse()) {
				const fences = children.slice(run.start, run.end) as Code[]
				const tabs = {
					type: 'mdxJsxFlowElement',
					name: tabsName,
					attributes: [attribute('syncKey', codeTabsSyncKey)],
					children: fences.map(fence => ({
						type: 'mdxJsxFlowElement',
						name: tabItemName,
						attributes: [attribute('label', languageLabel(fence.lang ?? ''))],
						children: [fence],
					})),
				}
				children.splice(run.start, run.end - run.start, tabs as unknown as RootContent)
				used = true
			}
			for (const child of children) walk(child as { children?: RootContent[] })
		}
		walk(tree)
		if (!used) return
		const esm = {
			type: 'mdxjsEsm',
			value: `import { Tabs as ${tabsName}, TabItem as ${tabItemName} } from '${componentsModule}'`,
			data: { estree: importEstree() },
		}
		tree.children.unshift(esm as unknown as RootContent)
	}
}
