/**
 * The site's scenes offered as playground examples: every scene block of every page, the Fences scene first.
 */
import { findSceneBlocks } from '../scenes/markdown/scene-blocks.ts'

/** A page of the docs as the playground needs it: its id, title, Markdown text, and whether that text is MDX. */
interface ExamplePage {
	id: string
	title: string
	body: string
	mdx: boolean
}

/** An example: a name for the list and the scene's source. */
interface SceneExample {
	title: string
	source: string
}

/** The page whose scene the playground starts with: the seed's, the guide to fences. */
const FIRST_EXAMPLE_PAGE = 'guides/locks/fences'

/** Every scene of the given pages, named by page title (and its place on the page when it has several), the first page's first. */
export function sceneExamples(pages: ExamplePage[]): SceneExample[] {
	const ordered = [...pages].sort((a, b) => Number(b.id === FIRST_EXAMPLE_PAGE) - Number(a.id === FIRST_EXAMPLE_PAGE) || a.id.localeCompare(b.id))
	return ordered.flatMap(page => {
		const blocks = findSceneBlocks(page.body, { mdx: page.mdx })
		return blocks.map((block, i) => ({ title: blocks.length > 1 ? `${page.title} (${i + 1} of ${blocks.length})` : page.title, source: block.text }))
	})
}
