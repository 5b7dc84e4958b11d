// The checker and the reference evaluator agree on what writers wrote: every caption of the corpus
// of natural captions (each pasted into its step) and of the writers' true and lying fixtures, read
// and judged by both (and every true and lying fixture of the scenes' captions and of the claims' meanings). The fuzz's random scenes seldom make the moments these captions tell (a worker
// queuing behind another, a renewal by hand, a summary overwritten, a worker's second write in a step), so they are judged here too.
import { readFileSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { caseSites, judge } from './fuzz/differential.ts'
import { runScene } from './fuzz/scene-run.ts'
import { corpusFiles, withCaption } from './corpus.ts'

const SCENES = new URL('../scenes/fixtures/', import.meta.url)
const CLAIMS = new URL('./fixtures/', import.meta.url)

/** Every caption of a scene: the checker's verdict beside the reference's, where the text reads. */
async function disagreements(text: string, name: string): Promise<string[]> {
	const run = await runScene(text)
	// A writer's or an attack's scene is all captions; another lie may be one that fails before its captions (its code).
	if (!run) return name.startsWith('writers-') || name.startsWith('attack') ? [`${name}: does not parse`] : []
	const out: string[] = []
	for (const [site, one] of caseSites(run).entries()) {
		if (one.place !== 'caption') continue
		const verdict = judge(run, { site, text: one.text.value })
		if (verdict && (verdict.checker.length === 0) !== verdict.reference) out.push(`${name} step ${one.frame}: "${one.text.value}": checker ${verdict.checker.length === 0 ? 'holds' : verdict.checker.join(' | ')}, reference ${verdict.reference ? 'holds' : 'refused'}`)
	}
	return out
}

describe('the reference agrees with the checker on what writers wrote', () => {
	it('on every corpus caption', async () => {
		const found: string[] = []
		for (const { file, text, captions } of corpusFiles()) {
			for (const caption of captions) found.push(...(await disagreements(withCaption(text, caption.step, caption.caption), file)))
		}
		expect(found).toEqual([])
	}, 600_000)

	// Every fixture of the scenes' captions and of the claims' own meanings, true and lying: the writers', the attacks' and the rest.
	for (const [root, folder] of [[SCENES, 'true'], [SCENES, 'lies/caption'], [CLAIMS, 'true'], [CLAIMS, 'lies']] as const) {
		const names = readdirSync(new URL(`${folder}/`, root)).filter(name => name.endsWith('.scene'))
		it(`on every ${root === CLAIMS ? 'claims ' : 'scene '}${folder} fixture (${names.length})`, async () => {
			expect(names.length).toBeGreaterThan(0)
			const found: string[] = []
			for (const name of names) found.push(...(await disagreements(readFileSync(new URL(`${folder}/${name}`, root), 'utf8'), name)))
			expect(found).toEqual([])
		}, 600_000)
	}
})
