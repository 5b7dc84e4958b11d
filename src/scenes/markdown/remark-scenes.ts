/**
 * Remark plugin: every ```scene block compiled against the engine and replaced by its figure.
 */
import type { Code, Root } from 'mdast'
import type { Element } from 'hast'
import { relative } from 'node:path'
import type { Frame, SceneFrames } from '../frame.ts'
import type { SceneStages } from '../render/index.ts'
import { codeBackgroundStyle, highlightLines } from './highlight-code.ts'
import { sceneBlock, sceneCodeNodes } from './scene-blocks.ts'
import { brokenSceneFigure, diagnosticLines, refusesAWrite, sceneFigure } from '../scene-figure.ts'
import type { SceneData, SceneOrigin } from '../scene-figure.ts'
import { assignSceneIds, positionalId } from './scene-ids.ts'
import { encodeScene, playgroundHref } from '../scene-link.ts'

/** How the plugin compiles and draws; the site passes the real compiler, tests may pass their own. */
export interface RemarkScenesOptions {
	/** Parses and simulates one scene (compileScene with a driver already chosen). */
	/** Runs a scene: `headings` are the words of its page's headings and title, which its id may use; `withoutFences` runs its story on the plain update. */
	compile: (source: string, origin: SceneOrigin, options?: { withoutFences?: boolean; headings?: readonly string[] }) => Promise<SceneFrames>
	/** Draws every frame of a scene as SVG strings, in the wide and the narrow layout (renderStages). */
	render: (frames: Frame[], options: { id?: string; title?: string }) => SceneStages
	/** `build` fails on a scene with errors; `dev` shows them in the page and the terminal. */
	mode: 'build' | 'dev'
	/** The project root, so files are named as `content/guides/locks/fences.mdx`. */
	root: string
	/** Where errors go in dev (default console.error). */
	report?: (message: string) => void
	/**
	 * Publishes a later scene's data (not the page's first) as a file and returns its address
	 * (SceneFiles.publish); `file` is the page's, as `content/guides/locks/fences.mdx`. Without it every
	 * scene's data is in its page.
	 */
	publish?: (file: string, data: SceneData) => string
}

/** A scene that did not verify, in a build: its message is every diagnostic as `FILE:LINE:COL: message`. */
export class SceneError extends Error {
	override name = 'SceneError'
	/** The first error's place, which Astro's MDX plugin puts in the error overlay and the build log. */
	line?: number
	column?: number

	constructor(message: string, first?: { line: number; column: number }) {
		super(message)
		this.line = first?.line
		this.column = first?.column
	}
}

function replaceWith(node: Code, figure: Element): void {
	const replacement = node as unknown as { type: string; data: Record<string, unknown>; children: unknown[] }
	// An element reaches the HTML through hName; Starlight renders <Content/>, so MDX components cannot.
	replacement.type = 'sceneFigure'
	replacement.children = []
	replacement.data = { hName: figure.tagName, hProperties: figure.properties, hChildren: figure.children }
}

/** The plugin itself; see RemarkScenesOptions. */
export function remarkScenes(options: RemarkScenesOptions) {
	const report = options.report ?? ((message: string) => console.error(message))
	return async (tree: Root, file: { path?: string; value?: unknown; data?: Record<string, unknown> }): Promise<void> => {
		const name = file.path ? relative(options.root, file.path).split('\\').join('/') : undefined
		const title = (file.data?.['astro'] as { frontmatter?: { title?: unknown } } | undefined)?.frontmatter?.title
		const errors: string[] = []
		let first: { line: number; column: number } | undefined
		const page = typeof file.value === 'string' ? file.value : undefined
		const blocks = sceneCodeNodes(tree).map(node => {
			const { text: source, line, column } = sceneBlock(node, page)
			const origin: SceneOrigin = { file: name, line, column }
			return { node, source, origin }
		})
		const headings = headingWords(tree, title)
		const named = assignSceneIds(blocks)
		if (named.diagnostics.length > 0) errors.push(...diagnosticLines(named.diagnostics))
		first ??= named.diagnostics[0]
		for (const [index, { node, source, origin }] of blocks.entries()) {
			const id = named.ids[index] ?? positionalId(index + 1)
			const position = index + 1
			const scene = await options.compile(source, origin, { headings })
			if (scene.diagnostics.length > 0) errors.push(...diagnosticLines(scene.diagnostics))
			first ??= scene.diagnostics[0]
			if (scene.frames.length === 0) {
				replaceWith(node, brokenSceneFigure(id, source, scene.diagnostics))
				continue
			}
			const svgTitle = typeof title === 'string' ? title : undefined
			const { wide: svgs, narrow: narrowSvgs, timeline } = options.render(scene.frames, { id, title: svgTitle })
			const codeLines = scene.code ? await highlightLines(scene.code.lines, scene.code.lang) : []
			// A scene whose fence refused a write offers the same story without fences, when its writes can be run so.
			const withoutFences = refusesAWrite(scene.frames) && (await options.compile(source, origin, { withoutFences: true, headings })).diagnostics.length === 0
			// A scene too large for a link simply has none.
			const playground = await encodeScene(source).then(playgroundHref, () => undefined)
			const data: SceneData = { id, source, origin, scene, svgs, narrowSvgs, timeline, ...(withoutFences ? { withoutFences: true as const } : {}) }
			// The page's first scene keeps its data in the page: it is on the first screen, or the next.
			const dataSrc = position > 1 && name !== undefined && options.publish ? options.publish(name, data) : undefined
			replaceWith(node, sceneFigure({ data, position, codeLines, codeStyle: codeBackgroundStyle, playground, dataSrc }))
		}
		if (errors.length === 0) return
		const message = errors.join('\n')
		if (options.mode === 'build') throw new SceneError(message, first)
		report(message)
	}
}

/** The words of a page's title and headings, lower case: a scene's id on the page may use any of them. */
function headingWords(tree: Root, title: unknown): string[] {
	const texts: string[] = typeof title === 'string' ? [title] : []
	const textOf = (node: { type: string; value?: unknown; children?: unknown[] }): string => (typeof node.value === 'string' ? node.value : (node.children ?? []).map(child => textOf(child as { type: string })).join(' '))
	const visit = (node: { type: string; children?: unknown[] }) => {
		if (node.type === 'heading') texts.push(textOf(node))
		else for (const child of node.children ?? []) visit(child as { type: string; children?: unknown[] })
	}
	visit(tree as unknown as { type: string; children?: unknown[] })
	return [...new Set(texts.flatMap(text => text.toLowerCase().split(/[^a-z0-9]+/)).filter(Boolean))]
}
