/**
 * A block's program: its hidden setup, the one its meta names (`setup="NAME"`: `doctest/setups/NAME.<ext>`,
 * for a setup several pages share), else its page's (`doctest/setups/<page>/<lang>-<n>.<ext>`, the page's path
 * under content/ without its extension), else the language's default (`doctest/defaults/`), with the block's text put, as written, where
 * the setup's marker line stands. A setup names the block it is for by its first line, so a block
 * moved or rewritten cannot run under another's setup; and it may name mutants of the block that
 * must fail (`doctest: mutant "A" "B" fails`: the block with its first A made B). A setup whose program plays
 * a scene's story says which scene (`doctest: plays the scene above`, the nearest scene block above the
 * block, or `doctest: plays scene ID`), and its program's outcome line is compared with that scene's frames.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { CodeBlock } from './blocks.ts'
import type { Language } from './languages/language.ts'
import type { ScenePlayed } from './story/scene-beside.ts'

/** A block's program, and the mutants of it that must fail. */
export interface Program {
	/** Where the setup came from, from the repository's root. */
	setup: string
	source: string
	mutants: { from: string; to: string; source: string }[]
	/** The program's line (1-based) where the block's first line is: the block's line N is the program's `blockAt + N - 1`. */
	blockAt: number
	/** The scene whose story the program plays, when its setup says it plays one. */
	plays?: ScenePlayed
}

/**
 * The setup file of a block of a page, whether or not it exists: `content/guides/locks/fences.mdx`'s second Go
 * block's is `doctest/setups/guides/locks/fences/go-2.go`. The files directly in a page's folder are its setups; a
 * page's subpages have folders of their own beside them, and the setups several pages share (`NAME.<ext>`) sit
 * directly in `doctest/setups/`, where no page's are.
 */
export function setupPath(block: CodeBlock, language: Language): string {
	const page = block.file.replace(/^content\//, '').replace(/\.mdx?$/, '')
	return `doctest/setups/${page}/${language.name}-${block.ordinal}.${language.extension}`
}

/** The block's program, or an error that names the setup and what is wrong with it; `mutants: false` leaves its mutants out (a lying version of a block, run alone). */
export function program(root: string, block: CodeBlock, language: Language, options: { mutants?: boolean } = {}): Program {
	const own = block.setup !== undefined ? `doctest/setups/${block.setup}.${language.extension}` : setupPath(block, language)
	if (block.setup !== undefined && !existsSync(join(root, own))) throw new Error(`its meta names setup="${block.setup}", but there is no ${own}`)
	const setup = existsSync(join(root, own)) ? own : `doctest/defaults/${language.name}.${language.extension}`
	const text = readFileSync(join(root, setup), 'utf8')
	const comment = language.comment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
	const firstLine = block.text.split('\n')[0]?.trim() ?? ''
	if (setup === own) {
		const named = new RegExp(`^${comment} doctest: the ${language.name} block that starts: (.*)$`, 'm').exec(text)?.[1]
		if (named === undefined) throw new Error(`${setup}:1: expected a first line "${language.comment} doctest: the ${language.name} block that starts: ${firstLine}"`)
		if (named.trim() !== firstLine) {
			throw new Error(`${setup}:1: it is the setup of the block that starts "${named.trim()}", but ${block.file}:${block.line}, ${language.name} block ${block.ordinal}, starts "${firstLine}"`)
		}
	}
	const marker = new RegExp(`^([ \\t]*)${comment} doctest: the block$`, 'm')
	const found = marker.exec(text)
	if (found === null) throw new Error(`${setup}: no line "${language.comment} doctest: the block" to put the block at`)
	const compose = (code: string) => {
		const indent = found[1] ?? ''
		const lines = code.split('\n').map(line => (line === '' ? '' : indent + line))
		return text.slice(0, found.index) + lines.join('\n') + text.slice(found.index + found[0].length)
	}
	const mutants = options.mutants === false ? [] : [...text.matchAll(new RegExp(`^${comment} doctest: mutant "(.*)" "(.*)" fails$`, 'gm'))].map(([, from = '', to = '']) => {
		if (!block.text.includes(from)) throw new Error(`${setup}: its mutant makes "${from}" "${to}", but the block has no "${from}"`)
		return { from, to, source: compose(block.text.replace(from, to)) }
	})
	const plays = playedScene(text, comment, setup)
	const blockAt = text.slice(0, found.index).split('\n').length
	return { setup, source: compose(block.text), mutants, blockAt, ...(plays === undefined ? {} : { plays }) }
}

/** The scene a setup says its program plays, from its line `doctest: plays the scene above` or `doctest: plays scene ID`. */
function playedScene(text: string, comment: string, setup: string): ScenePlayed | undefined {
	const lines = [...text.matchAll(new RegExp(`^${comment} doctest: plays (.*)$`, 'gm'))]
	if (lines.length === 0) return undefined
	const [first, second] = lines
	const at = (found: RegExpMatchArray) => `${setup}:${text.slice(0, found.index).split('\n').length}`
	if (second !== undefined) throw new Error(`${at(second)}: a second "doctest: plays" line; a program plays one scene`)
	const what = (first as RegExpMatchArray)[1]?.trim() ?? ''
	if (what === 'the scene above') return { above: true }
	const id = /^scene ([a-z0-9-]+)$/.exec(what)?.[1]
	if (id !== undefined) return { id }
	throw new Error(`${at(first as RegExpMatchArray)}: "doctest: plays ${what}": expected "doctest: plays the scene above" or "doctest: plays scene ID" (a scene's id, as its page's links use it)`)
}
