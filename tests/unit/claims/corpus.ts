/**
 * The corpus of natural captions: true captions written for stories by writers who had not read the
 * registry of forms (tests/unit/claims/fixtures/corpus). Each file is a scene whose own captions are
 * true, and under its `# corpus:` line, the story in a sentence, lines `# N: caption`, each a caption
 * written for step N. A caption reads at first contact when, pasted in as that step's caption, the
 * scene has no error on its line.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { compileScene } from '../../../src/scenes/simulation/index.ts'
import { openNodeDriver } from '../../../src/scenes/node-sqlite/node-drivers.ts'

const FOLDER = new URL('./fixtures/corpus/', import.meta.url)

export interface CorpusCaption {
	file: string
	step: number
	caption: string
}

export interface CorpusResult extends CorpusCaption {
	/** The errors on the caption's line; none when it read and held. */
	errors: string[]
}

/** Each corpus file: its scene's text and its captions. */
export function corpusFiles(): { file: string; text: string; captions: CorpusCaption[] }[] {
	return readdirSync(FOLDER)
		.filter(name => name.endsWith('.scene'))
		.sort()
		.map(file => {
			const text = readFileSync(new URL(file, FOLDER), 'utf8')
			const captions = [...text.matchAll(/^# (\d+): (.+)$/gm)].map(match => ({ file, step: Number(match[1]), caption: match[2] as string }))
			return { file, text, captions }
		})
}

/** The line of the scene's step N (1-based), in its text. */
export function stepLine(text: string, step: number): number {
	let seen = 0
	const lines = text.split('\n')
	for (const [index, line] of lines.entries()) if (/^step "/.test(line) && ++seen === step) return index + 1
	return 0
}

/** The scene's text with step N's caption replaced. */
export function withCaption(text: string, step: number, caption: string): string {
	const lines = text.split('\n')
	const at = stepLine(text, step) - 1
	const escaped = caption.replace(/\\/g, '\\\\').replace(/"/g, '\\"')
	lines[at] = (lines[at] as string).replace(/step "(?:[^"\\]|\\.)*"/, () => `step "${escaped}"`)
	return lines.join('\n')
}

/** Checks one caption pasted into its step. */
export async function tryCaption(text: string, one: CorpusCaption): Promise<CorpusResult> {
	const line = stepLine(text, one.step)
	const frames = await compileScene(withCaption(text, one.step, one.caption), { file: one.file }, openNodeDriver)
	if (frames.frames[one.step]?.caption !== one.caption) return { ...one, errors: [`the caption was not pasted into step ${one.step}`] }
	return { ...one, errors: frames.diagnostics.filter(d => d.line === line).map(d => `${d.line}:${d.column}: ${d.message}`) }
}
