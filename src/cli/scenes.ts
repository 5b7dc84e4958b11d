/**
 * `npm run scenes -- check PATH...` verifies every scene in the given files and folders;
 * `npm run scenes -- render FILE --out DIR` writes one SVG per step, for looking at;
 * `npm run scenes -- forms` prints the language: every form with its meaning and example, the id
 * words and the neutral words (`--write` writes them to the authors' Vocabulary page, content/authors/vocabulary.md); `npm run scenes -- suggest PATH...` prints, for each step of each
 * scene, the captions the language can truly say of it, grouped by what they tell. Scenes are
 * checked as the build checks them: in the guarded check's pool of checker processes, with a time
 * and a memory limit per scene, several at once, and told in the order of the files.
 */
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises'
import { basename, extname, join, relative } from 'node:path'
import { parseArgs } from 'node:util'
import { formatMessage } from '../scenes/frame-format.ts'
import type { SceneFrames } from '../scenes/frame.ts'
import { CheckPool, LimitError, limitsFromEnv, readLimit, type CheckLimits } from '../scenes/guarded/index.ts'
import { findSceneBlocks } from '../scenes/markdown/scene-blocks.ts'
import { renderFrame } from '../scenes/render/index.ts'
import { formsText } from './forms-text.ts'
import { VOCABULARY_PAGE, vocabularyPage } from './vocabulary-page.ts'

const USAGE = `usage:
  npm run scenes -- check [--json] PATH...     verify every scene in .scene, .md and .mdx files and folders
  npm run scenes -- render FILE --out DIR      write one SVG per step of each scene in FILE
  npm run scenes -- forms                      print every claim form (meaning, example), the id words and the neutral words
  npm run scenes -- forms --write              write them to content/authors/vocabulary.md, the authors' Vocabulary page
  npm run scenes -- suggest PATH...            print, for each step, the true captions the language can say of it
options of check, render and suggest, each also set by its variable:
  --timeout 20s     the longest one scene's check may take (SCENES_CHECK_TIMEOUT)
  --memory 512      the most heap, in MB, a checker process may use (SCENES_CHECK_MEMORY)
  --workers N       how many scenes are checked at once (SCENES_CHECK_WORKERS; one per core, at most 4)`

/** A scene found in a file: its text and where its first line sits. */
interface FoundScene {
	file: string
	text: string
	line: number
	column: number
	/** The words of its page's title and headings, which its id may use. */
	headings: string[]
}

/** The words of a Markdown page's title and headings, lower case. */
function headingWords(text: string): string[] {
	const lines = text.split('\n')
	const texts = lines.filter(line => /^#{1,6} /.test(line)).map(line => line.replace(/^#+ /, ''))
	const title = /^---\n[\s\S]*?^title: *(.*)$/m.exec(text)
	if (title?.[1]) texts.push(title[1].replace(/^["']|["']$/g, ''))
	return [...new Set(texts.flatMap(line => line.toLowerCase().split(/[^a-z0-9]+/)).filter(Boolean))]
}

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git', '.astro', 'test-results'])

async function filesUnder(path: string): Promise<string[]> {
	const info = await stat(path)
	if (!info.isDirectory()) return [path]
	const out: string[] = []
	for (const entry of (await readdir(path, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
		const child = join(path, entry.name)
		if (entry.isDirectory()) {
			if (!SKIPPED_FOLDERS.has(entry.name)) out.push(...(await filesUnder(child)))
		} else if (['.scene', '.md', '.mdx'].includes(extname(entry.name))) {
			out.push(child)
		}
	}
	return out
}

async function scenesIn(path: string): Promise<FoundScene[]> {
	const text = await readFile(path, 'utf8')
	const file = relative(process.cwd(), path) || path
	if (extname(path) === '.scene') return [{ file, text, line: 1, column: 0, headings: [] }]
	const headings = headingWords(text)
	return findSceneBlocks(text, { mdx: extname(path) === '.mdx' }).map(block => ({ file, text: block.text, line: block.line, column: block.column, headings }))
}

function compile(pool: CheckPool, found: FoundScene, suggest = false): Promise<SceneFrames> {
	return pool.check(found.text, { file: found.file, line: found.line, column: found.column }, { headings: found.headings, suggest })
}

/** Every scene under some paths, in order. */
async function scenesUnder(paths: string[]): Promise<FoundScene[]> {
	const out: FoundScene[] = []
	for (const path of paths) for (const file of await filesUnder(path)) out.push(...(await scenesIn(file)))
	return out
}

async function suggest(pool: CheckPool, paths: string[]): Promise<number> {
	if (paths.length === 0) throw new UsageError('suggest needs at least one PATH')
	for (const scene of await scenesUnder(paths)) {
		const frames = await compile(pool, scene, true)
		console.log(`${scene.file}:${scene.line}`)
		if (frames.frames.length === 0) {
			for (const d of frames.diagnostics) console.error(formatMessage({ ...d, message: `error: ${d.message}` }))
			console.log('  (the scene does not run, so nothing can be said of it)')
			continue
		}
		for (const frame of frames.frames.slice(1)) {
			console.log(`  step ${frame.index}: "${frame.caption}"`)
			const groups = new Map<string, string[]>()
			for (const one of frame.suggestions ?? []) groups.set(one.group, [...(groups.get(one.group) ?? []), one.text])
			if (groups.size === 0) console.log('    (no sentence of the language is true of this step)')
			for (const [group, texts] of groups) {
				console.log(`    ${group}:`)
				for (const text of texts) console.log(`      ${text}.`)
			}
		}
	}
	return 0
}

async function check(pool: CheckPool, paths: string[], json: boolean): Promise<number> {
	if (paths.length === 0) throw new UsageError('check needs at least one PATH')
	let failed = 0
	let count = 0
	const all: { file: string; line: number; frames: SceneFrames }[] = []
	const checks: { scene: FoundScene; frames: Promise<SceneFrames> }[] = []
	const unreadable = (file: string, error: unknown) => {
		count++
		failed++
		console.error(`${file}: error: cannot read it: ${error instanceof Error ? error.message : String(error)}`)
	}
	for (const path of paths) {
		let files: string[]
		try {
			files = await filesUnder(path)
		} catch (error) {
			unreadable(path, error)
			continue
		}
		for (const file of files) {
			let found: FoundScene[]
			try {
				found = await scenesIn(file)
			} catch (error) {
				unreadable(file, error)
				continue
			}
			// Every scene goes to the pool at once; each is told in its turn, once it and those before it are checked.
			checks.push(...found.map(scene => ({ scene, frames: compile(pool, scene) })))
		}
	}
	for (const { scene, frames: checked } of checks) {
		count++
		current = `${scene.file}:${scene.line}`
		const frames = await checked
		if (json) all.push({ file: scene.file, line: scene.line, frames })
		if (frames.diagnostics.length === 0) {
			if (!json) console.log(`ok ${scene.file}:${scene.line}`)
		} else {
			failed++
			for (const d of frames.diagnostics) console.error(formatMessage({ ...d, message: `error: ${d.message}` }))
		}
	}
	if (json) console.log(JSON.stringify(all, null, '\t'))
	console.error(`${count - failed} passed, ${failed} failed`)
	return failed === 0 ? 0 : 1
}

async function render(pool: CheckPool, file: string | undefined, out: string | undefined): Promise<number> {
	if (!file || !out) throw new UsageError('render needs FILE and --out DIR')
	await mkdir(out, { recursive: true })
	const scenes = await scenesIn(file)
	let status = 0
	for (const [n, found] of scenes.entries()) {
		const frames = await compile(pool, found)
		for (const d of frames.diagnostics) console.error(formatMessage({ ...d, message: `error: ${d.message}` }))
		if (frames.diagnostics.length > 0) status = 1
		const stem = `${basename(file, extname(file))}-${n + 1}`
		for (const frame of frames.frames) {
			const target = join(out, `${stem}-step-${frame.index}.svg`)
			await writeFile(target, renderFrame(frame, { id: `${stem}-${frame.index}`, title: frame.caption || 'Initial state' }))
			console.log(target)
		}
	}
	return status
}

class UsageError extends Error {}

/** The scene being checked, named if the process would end before the check settles. */
let current: string | undefined
let settled = false

// A check whose promise never settles would let Node exit 0 in silence; say so and fail instead.
process.on('beforeExit', () => {
	if (settled) return
	settled = true
	console.error(`scenes: error: the check stopped without finishing${current ? ` (at ${current})` : ''}: something in the simulation never settled`)
	process.exitCode = 1
})

/** The command line read by Node's parseArgs; an option it does not know, or a limit it cannot read, is a usage error. */
function readArgs(argv: string[]): { positionals: string[]; json: boolean; write: boolean; out?: string; limits: CheckLimits } {
	try {
		const options = { json: { type: 'boolean' }, write: { type: 'boolean' }, out: { type: 'string' }, timeout: { type: 'string' }, memory: { type: 'string' }, workers: { type: 'string' } } as const
		const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options })
		const limits = limitsFromEnv(process.env)
		if (values.timeout !== undefined) limits.timeoutMs = readLimit('timeoutMs', values.timeout, '--timeout')
		if (values.memory !== undefined) limits.memoryMb = readLimit('memoryMb', values.memory, '--memory')
		if (values.workers !== undefined) limits.workers = readLimit('workers', values.workers, '--workers')
		return { positionals, json: values.json ?? false, write: values.write ?? false, out: values.out, limits }
	} catch (error) {
		if (error instanceof LimitError) throw new UsageError(error.message)
		throw new UsageError(error instanceof Error ? error.message : String(error))
	}
}

async function main(argv: string[]): Promise<number> {
	const { positionals, json, write, out, limits } = readArgs(argv)
	const [command, ...paths] = positionals
	if (command === 'forms') {
		if (!write) {
			console.log(formsText())
			return 0
		}
		// The authors' Vocabulary page, at the repository's root whatever the working folder.
		await writeFile(new URL(`../../${VOCABULARY_PAGE}`, import.meta.url), vocabularyPage())
		console.log(`wrote ${VOCABULARY_PAGE}`)
		return 0
	}
	if (command !== 'check' && command !== 'render' && command !== 'suggest') throw new UsageError(command ? `unknown command "${command}"` : 'no command given')
	const pool = new CheckPool(limits)
	try {
		if (command === 'check') return await check(pool, paths, json)
		if (command === 'suggest') return await suggest(pool, paths)
		return await render(pool, paths[0], out)
	} finally {
		pool.close()
	}
}

main(process.argv.slice(2)).then(
	code => {
		settled = true
		process.exitCode = code
	},
	(error: unknown) => {
		settled = true
		if (error instanceof UsageError) {
			console.error(`scenes: ${error.message}\n${USAGE}`)
			process.exitCode = 2
		} else {
			console.error(`scenes: ${error instanceof Error ? error.message : String(error)}`)
			process.exitCode = 1
		}
	},
)
