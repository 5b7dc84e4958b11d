/**
 * A scene's code sample highlighted at build time by Shiki, in a light and a dark theme, one element per line.
 */
import { bundledLanguages, createHighlighter } from 'shiki'
import type { BundledLanguage, Highlighter } from 'shiki'
import type { Element, ElementContent } from 'hast'
import { ensureContrast } from './code-contrast.ts'

/** The Shiki themes of scene code: each token carries both as `--shiki-light` and `--shiki-dark`. */
const codeThemes = { light: 'github-light', dark: 'github-dark' } as const

/** The code pane's backgrounds, plain and on the step's highlighted lines, that every token must stay readable on. */
export const codeBackgrounds = {
	light: { bg: '#FFFFFF', active: '#E3E8FA' },
	dark: { bg: '#22252D', active: '#2D3654' },
} as const

/** The pane's colours as the custom properties the site's CSS reads. */
export const codeBackgroundStyle = [
	`--scene-code-bg-light:${codeBackgrounds.light.bg}`,
	`--scene-code-active-light:${codeBackgrounds.light.active}`,
	`--scene-code-bg-dark:${codeBackgrounds.dark.bg}`,
	`--scene-code-active-dark:${codeBackgrounds.dark.active}`,
].join(';')

const readable = (style: string): string =>
	style.replace(/--shiki-(light|dark):(#[0-9a-fA-F]{6,8})/g, (_, theme: 'light' | 'dark', color: string) => {
		const { bg, active } = codeBackgrounds[theme]
		return `--shiki-${theme}:${ensureContrast(color, [bg, active], theme === 'light' ? '#000000' : '#ffffff')}`
	})

function withReadableColors(node: ElementContent): ElementContent {
	if (node.type !== 'element') return node
	const style = node.properties['style']
	return {
		...node,
		properties: typeof style === 'string' ? { ...node.properties, style: readable(style) } : node.properties,
		children: node.children.map(withReadableColors),
	}
}

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
		children: span.children.length > 0 ? span.children.map(withReadableColors) : ([{ type: 'text', value: '' }] as ElementContent[]),
	}))
}
