/**
 * The scene blocks of a Markdown or MDX page: its fenced code blocks whose language is `scene`,
 * as remark (the parser the site's build runs) finds them, in lists, block quotes and MDX
 * elements too. The build's remark plugin, the CLI and the tests all find blocks here, so they
 * compile the same blocks with the same places.
 */
import type { Code, Root, RootContent } from 'mdast'
import remarkGfm from 'remark-gfm'
import remarkMdx from 'remark-mdx'
import remarkParse from 'remark-parse'
import { unified } from 'unified'

/** A scene block's text and where it sits in its file (give both to `compileScene` as its origin). */
export interface SceneBlock {
	/** The block's text, as the scene parser reads it, its lines joined with `\n`. */
	text: string
	/** The file's line (1-based) of the text's first line: the line after the opening fence. */
	line: number
	/** The columns the text was shifted left by: what the fence's indentation and its containers took. */
	column: number
}

// The build reads .md with GFM, and .mdx with GFM and MDX (where indented code and HTML blocks do not exist).
const markdown = unified().use(remarkParse).use(remarkGfm).freeze()
const mdx = unified().use(remarkParse).use(remarkGfm).use(remarkMdx).freeze()

/** Every scene block of a page, in page order; `mdx` reads the page as MDX, as the build reads a .mdx file. */
export function findSceneBlocks(page: string, options: { mdx?: boolean } = {}): SceneBlock[] {
	const tree = (options.mdx ? mdx : markdown).parse(page)
	return sceneCodeNodes(tree).map(node => sceneBlock(node, page))
}

/** Every code node of a Markdown tree whose language is `scene`, in page order, however deeply nested. */
export function sceneCodeNodes(tree: Root): Code[] {
	const found: Code[] = []
	const walk = (node: RootContent | Root): void => {
		if (node.type === 'code' && node.lang === 'scene') found.push(node)
		if ('children' in node) node.children.forEach(walk)
	}
	walk(tree)
	return found
}

/**
 * A scene node's text and place. Remark strips the fence's indentation and its containers' markers
 * from every line; when it stripped the same number of columns from each line, that number is the
 * block's column. A line indented less than its fence loses fewer, and one offset could not map
 * every line back to the page, so such a block keeps what the lines share and no more (given the
 * page's text; without it the fence's column stands for every line).
 */
export function sceneBlock(node: Code, page?: string): SceneBlock {
	const start = node.position?.start
	const line = (start?.line ?? 0) + 1
	const column = Math.max((start?.column ?? 1) - 1, 0)
	const texts = lineTexts(node.value)
	const text = texts.join('\n')
	const raws = page === undefined ? undefined : lineTexts(page.replace(/^\uFEFF/, '')).slice(line - 1, line - 1 + texts.length)
	if (raws === undefined || raws.length !== texts.length || raws.some((raw, i) => !raw.endsWith(texts[i]!))) {
		return { text, line, column }
	}
	const shifts = raws.flatMap((raw, i) => (texts[i]!.trim() === '' ? [] : [raw.length - texts[i]!.length]))
	if (shifts.every(shift => shift === column)) return { text, line, column }
	const shared = Math.min(...shifts)
	return { text: raws.map(raw => raw.slice(shared)).join('\n'), line, column: shared }
}

/** Lines as remark counts them: CRLF, CR and LF each end one (remark keeps a block's own line endings in its text). */
function lineTexts(text: string): string[] {
	return text.split(/\r\n|\r|\n/)
}
