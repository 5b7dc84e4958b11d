/**
 * Remark plugin: every ```scene block compiled against the engine and replaced by its figure.
 */
import type { Code, Root, RootContent } from 'mdast'
import type { Element } from 'hast'
import { relative } from 'node:path'
import type { Frame, SceneFrames } from '../frame.ts'
import { codeBackgroundStyle, highlightLines } from './highlight-code.ts'
import { brokenSceneFigure, diagnosticLines, sceneFigure } from '../scene-figure.ts'
import type { SceneOrigin } from '../scene-figure.ts'

/** How the plugin compiles and draws; the site passes the real compiler, tests may pass their own. */
export interface RemarkScenesOptions {
	/** Parses and simulates one scene (compileScene with a driver already chosen). */
	compile: (source: string, origin: SceneOrigin) => Promise<SceneFrames>
	/** Draws one frame as an SVG string. */
	render: (frame: Frame, options: { id?: string; title?: string }) => string
	/** `build` fails on a scene with errors; `dev` shows them in the page and the terminal. */
	mode: 'build' | 'dev'
	/** The project root, so files are named as `content/guides/locks/fences.mdx`. */
	root: string
	/** Where errors go in dev (default console.error). */
	report?: (message: string) => void
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

/** Where a fenced block's text starts in its file: the line after the opening fence, and its indentation. */
export function blockOrigin(node: Code, file: string | undefined): SceneOrigin {
	const start = node.position?.start
	return {
		file,
		line: (start?.line ?? 0) + 1,
		column: Math.max((start?.column ?? 1) - 1, 0),
	}
}

function replaceWith(node: Code, figure: Element): void {
	const replacement = node as unknown as { type: string; data: Record<string, unknown>; children: unknown[] }
	// An element reaches the HTML through hName; Starlight renders <Content/>, so MDX components cannot.
	replacement.type = 'sceneFigure'
	replacement.children = []
	replacement.data = { hName: figure.tagName, hProperties: figure.properties, hChildren: figure.children }
}

function sceneBlocks(tree: Root): Code[] {
	const found: Code[] = []
	const walk = (node: RootContent | Root): void => {
		if (node.type === 'code' && node.lang === 'scene') found.push(node)
		if ('children' in node) node.children.forEach(walk)
	}
	walk(tree)
	return found
}

/** The plugin itself; see RemarkScenesOptions. */
export function remarkScenes(options: RemarkScenesOptions) {
	const report = options.report ?? ((message: string) => console.error(message))
	return async (tree: Root, file: { path?: string; data?: Record<string, unknown> }): Promise<void> => {
		const name = file.path ? relative(options.root, file.path).split('\\').join('/') : undefined
		const title = (file.data?.['astro'] as { frontmatter?: { title?: unknown } } | undefined)?.frontmatter?.title
		const errors: string[] = []
		let first: { line: number; column: number } | undefined
		let count = 0
		for (const node of sceneBlocks(tree)) {
			const id = `scene-${++count}`
			const origin = blockOrigin(node, name)
			const scene = await options.compile(node.value, origin)
			if (scene.diagnostics.length > 0) errors.push(...diagnosticLines(scene.diagnostics))
			first ??= scene.diagnostics[0]
			if (scene.frames.length === 0) {
				replaceWith(node, brokenSceneFigure(id, node.value, scene.diagnostics))
				continue
			}
			const svgTitle = typeof title === 'string' ? title : undefined
			const svgs = scene.frames.map(frame => options.render(frame, { id, title: svgTitle }))
			const codeLines = scene.code ? await highlightLines(scene.code.lines, scene.code.lang) : []
			replaceWith(node, sceneFigure({ data: { id, source: node.value, origin, scene, svgs }, codeLines, codeStyle: codeBackgroundStyle }))
		}
		if (errors.length === 0) return
		const message = errors.join('\n')
		if (options.mode === 'build') throw new SceneError(message, first)
		report(message)
	}
}
