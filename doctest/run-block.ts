/**
 * One block of a page run: its program (its setup with the block put in), then each mutant its setup
 * names, which must fail. A program passes when it exits with 0 and, if its setup plays a scene, its
 * outcome line tells the scene's story (`story/`). Every failure starts with the block's place,
 * `FILE:LINE: LANG block N`, so a reader goes from the message to the block.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { CodeBlock } from './blocks.ts'
import { CHAT_DB, makeChatDb } from './chat-db.ts'
import { LANGUAGES, type Language, type Outcome, type RunContext } from './languages/index.ts'
import { program, type Program } from './setup.ts'
import { compareOutcomes } from './story/compare.ts'
import { OUTCOME_PREFIX, readOutcome } from './story/outcome.ts'
import { sceneBeside } from './story/scene-beside.ts'
import { sceneOutcome } from './story/scene-outcome.ts'

/** What a run of blocks shares: the repository, the director's context, a scratch folder, and where `--show` prints. */
export interface BlockRunner {
	root: string
	context: RunContext
	/** A folder for the programs' folders, one each. */
	scratch: string
	/** Prints what each program printed, when asked (`--show`). */
	show?: (text: string) => void
	/** False to run a block without the mutants its setup names (a lying version of a block, run alone). */
	mutants?: boolean
}

/** What running a block came to. */
export type BlockRun =
	| { status: 'not-code' }
	| { status: 'not-run'; why: string }
	| { status: 'ran'; language: Language; failures: string[]; mutants: number }

let programs = 0

/** Runs a block and its mutants; a block whose language the doctest does not run, or with `norun`, is only counted. */
export async function runBlock(block: CodeBlock, runner: BlockRunner): Promise<BlockRun> {
	const language = LANGUAGES.find(l => l.name === block.lang)
	if (language === undefined) return { status: 'not-code' }
	if (block.norun !== undefined) return { status: 'not-run', why: block.norun }
	const name = `${block.file}:${block.line}: ${block.lang} block ${block.ordinal}`
	let built: Program
	try {
		built = program(runner.root, block, language, { mutants: runner.mutants !== false })
	} catch (error) {
		return { status: 'ran', language, failures: [`${name}: ${(error as Error).message}`], mutants: 0 }
	}
	const run = async (source: string): Promise<Outcome> => {
		const dir = join(runner.scratch, String(++programs))
		mkdirSync(dir)
		if (language.chatDb !== undefined) makeChatDb(join(dir, CHAT_DB), language.chatDb)
		return language.run(source, dir, runner.context)
	}
	const failures: string[] = []
	const outcome = await run(built.source)
	runner.show?.(`${name}:\n${indent(outcome.output)}\n`)
	const problems = outcome.ok ? await storyProblems(runner.root, block, built, outcome) : []
	if (!outcome.ok) failures.push(`${name} failed (setup ${built.setup}; the block is its program's lines ${lines(block, built)}):\n${indent(outcome.output)}`)
	else if (problems.length > 0) failures.push(`${name} ${problems.join('\n')}\n  what it printed:\n${indent(outcome.output)}`)
	for (const mutant of built.mutants) {
		const changed = await run(mutant.source)
		const mutation = `"${mutant.from}" made "${mutant.to}"`
		runner.show?.(`${name}, ${mutation}:\n${indent(changed.output)}\n`)
		// A mutant stopped by its timeout proves nothing: it must fail by its own check, or tell another story than its scene's.
		const told = changed.ok && (await storyProblems(runner.root, block, built, changed)).length === 0
		if (changed.output.includes('(stopped after') || told) {
			failures.push(`${name} with ${mutation} passed, but its setup says it must fail (${built.setup}):\n${indent(changed.output)}`)
		}
	}
	return { status: 'ran', language, failures, mutants: built.mutants.length }
}

/**
 * Why a program that exited with 0 has not told its scene's story: its outcome line differs from the
 * scene's frames, or is missing, or is there with no scene named; or it asked the director to end a
 * lease, playing a story, with no scene named to compare it with.
 */
async function storyProblems(root: string, block: CodeBlock, built: Program, outcome: Outcome): Promise<string[]> {
	let told
	try {
		told = readOutcome(outcome.output)
	} catch (error) {
		return [`printed an outcome line the doctest cannot read: ${(error as Error).message}`]
	}
	if (built.plays === undefined) {
		if (told !== undefined) return [`printed a line "${OUTCOME_PREFIX}...", but its setup (${built.setup}) names no scene it plays: add "doctest: plays the scene above" or "doctest: plays scene ID"`]
		if ((outcome.leasesEnded ?? 0) > 0) return [`asked the director to end a lease, playing a story, but its setup (${built.setup}) names no scene to compare it with: add "doctest: plays the scene above" or "doctest: plays scene ID", and print the outcome line`]
		return []
	}
	let scene
	try {
		scene = await sceneBeside(root, block.file, block.line, built.plays)
	} catch (error) {
		return [(error as Error).message]
	}
	const where = `the scene ${scene.id} at ${block.file}:${scene.line}`
	if (told === undefined) return [`plays ${where} (its setup ${built.setup} says so), but printed no line "${OUTCOME_PREFIX}{...}" to compare with it`]
	const differences = compareOutcomes(sceneOutcome(scene.frames), told)
	if (differences.length === 0) return []
	return [`plays ${where}, and its run differs from the scene's frames:\n${differences.map(line => `  - ${line}`).join('\n')}`]
}

/** The program's lines the block takes and the page's, `25 to 31, the page's 78 to 84`, to read a program's message about its own lines. */
function lines(block: CodeBlock, built: Program): string {
	const count = block.text.split('\n').length
	return `${built.blockAt} to ${built.blockAt + count - 1}, the page's ${block.line + 1} to ${block.line + count}`
}

function indent(text: string): string {
	return text
		.trimEnd()
		.split('\n')
		.slice(-40)
		.map(line => `    ${line}`)
		.join('\n')
}
