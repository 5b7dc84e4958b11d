/**
 * The fenced code blocks of the site's pages, as remark (the parser the build runs) finds them:
 * each with its language, its meta (`title="..."`, `norun="why"`), its text and its place.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Code, Root, RootContent } from 'mdast'
import remarkGfm from 'remark-gfm'
import remarkMdx from 'remark-mdx'
import remarkParse from 'remark-parse'
import { unified } from 'unified'

/** One fenced code block of a page. */
export interface CodeBlock {
	/** The page, from the repository's root: `content/guides/locks/fences.mdx`. */
	file: string
	/** The line of the opening fence. */
	line: number
	lang: string
	meta: string
	text: string
	/** Its place among the page's blocks of the same language, from 1: the name of its setup file (`go-2.go`). */
	ordinal: number
	/** Why it does not run, from `norun="..."`; undefined for a block that runs. */
	norun?: string
	/** The setup it names, from `setup="NAME"` (`doctest/setups/NAME.EXT`), for a setup several pages share. */
	setup?: string
}

const markdown = unified().use(remarkParse).use(remarkGfm).freeze()
const mdx = unified().use(remarkParse).use(remarkGfm).use(remarkMdx).freeze()

/** Every page under `content/`, in path order. */
export function pages(root: string): string[] {
	const walk = (dir: string): string[] =>
		readdirSync(join(root, dir), { withFileTypes: true })
			.flatMap(entry => {
				const path = `${dir}/${entry.name}`
				if (entry.isDirectory()) return walk(path)
				return /\.mdx?$/.test(entry.name) ? [path] : []
			})
			.sort()
	return walk('content')
}

/** The code blocks of one page, in page order, scenes left out (the build checks those). */
export function codeBlocks(root: string, file: string): CodeBlock[] {
	const page = readFileSync(join(root, file), 'utf8')
	const tree = (file.endsWith('.mdx') ? mdx : markdown).parse(page) as Root
	const found: Code[] = []
	const walk = (node: Root | RootContent): void => {
		if (node.type === 'code' && node.lang && node.lang !== 'scene') found.push(node)
		if ('children' in node) node.children.forEach(walk)
	}
	walk(tree)
	const seen = new Map<string, number>()
	return found.map(node => {
		const lang = node.lang as string
		const ordinal = (seen.get(lang) ?? 0) + 1
		seen.set(lang, ordinal)
		const meta = node.meta ?? ''
		const norun = /(?:^|\s)norun="([^"]*)"/.exec(meta)?.[1]
		const setup = /(?:^|\s)setup="([^"]*)"/.exec(meta)?.[1]
		return { file: relative(root, join(root, file)), line: node.position?.start.line ?? 0, lang, meta, text: node.value, ordinal, norun, setup }
	})
}
