/**
 * A scene's code sample highlighted at build time by Shiki, in a light and a dark theme, one element per line.
 */
import { bundledLanguages, createHighlighter } from 'shiki'
import type { BundledLanguage, Highlighter } from 'shiki'
import type { Element, ElementContent } from 'hast'

/** The Shiki themes of scene code: each token carries both as `--shiki-light` and `--shiki-dark`. */
export const codeThemes = { light: 'github-light', dark: 'github-dark' } as const

let highlighter: Promise<Highlighter> | undefined

// One highlighter for the whole build, its themes loaded before any sample; languages load as samples need them.
async function loadLanguage(lang: string): Promise<Highlighter> {
	highlighter ??= createHighlighter({ themes: Object.values(codeThemes), langs: [] })
	const ready = await highlighter
	if (Object.hasOwn(bundledLanguages, lang) && !ready.getLoadedLanguages().includes(lang)) {
		await ready.loadLanguage(lang as BundledLanguage)
	}
	return ready
}

/** Highlights the sample and returns one `<span class="line" data-line="N">` per line (1-based). */
export async function highlightLines(lines: string[], lang: string): Promise<Element[]> {
	const shiki = await loadLanguage(lang)
	const known = shiki.getLoadedLanguages().includes(lang) ? lang : 'text'
	const root = shiki.codeToHast(lines.join('\n'), { lang: known, themes: codeThemes, defaultColor: false })
	const pre = root.children.find((node): node is Element => node.type === 'element' && node.tagName === 'pre')
	const code = pre?.children.find((node): node is Element => node.type === 'element' && node.tagName === 'code')
	const spans = (code?.children ?? []).filter((node): node is Element => node.type === 'element')
	return spans.map((span, index) => ({
		type: 'element',
		tagName: 'span',
		properties: { className: ['line'], dataLine: String(index + 1) },
		children: span.children.length > 0 ? span.children : ([{ type: 'text', value: '' }] as ElementContent[]),
	}))
}
