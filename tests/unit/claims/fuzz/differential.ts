/**
 * The checker against the reference evaluator: a case is a scene, one of its texts (a caption, a
 * note, a message's label or a state label) put in place of the scene's own, and the moment the
 * captions before it told; the checker (`checkText`) and the reference (`referenceHolds`) must agree
 * on whether it holds. A disagreement is kept as a fixture: the scene, with the case in a `# case:`
 * line, which `fixtures/fuzz` replays.
 */
import fc from 'fast-check'
import { checkText, forgetLanguages, readText } from '../../../../src/scenes/claims/index.ts'
import { referenceHolds } from '../../../../src/scenes/claims/reference.ts'
import type { ClaimContext, SceneLanguage } from '../../../../src/scenes/claims/index.ts'
import { runScene, siteContext, type SceneRun, type Site } from './scene-run.ts'
import { sceneSpec, sceneText, storyOf, textOf, textSpec, toldOf, valuesOf, type SceneSpec, type TextSpec } from './generate.ts'

/** One case: the text, where it stands, and the moment the captions before told (undefined: none). */
export interface Case {
	site: number
	text: string
	toldBefore?: number
}

/** What the two said of a case, when they disagree. */
export interface Disagreement {
	scene: string
	case: Case
	checker: string[]
	reference: boolean
}

/** The sites a case may stand in: texts the scene checks as claims, shown where they were set. */
export function caseSites(run: SceneRun): Site[] {
	return run.sites.filter(site => site.how === 'claim' && site.shownAgain === undefined)
}

/** The context a case's text is checked in. */
function contextOf(run: SceneRun, site: Site, toldBefore: number | undefined): ClaimContext | undefined {
	if (!run.facts || !run.language) return undefined
	return siteContext(run.facts, site, run.language, toldBefore)
}

/** Whether the checker and the reference agree on a case; undefined when its text does not read (no case). */
export function judge(run: SceneRun, one: Case): { checker: string[]; reference: boolean } | undefined {
	const site = caseSites(run)[one.site]
	const language = run.language as SceneLanguage
	if (!site || !language) return undefined
	const read = readText(language, one.text, site.place)
	if (read.problems.length > 0 || read.clauses.length === 0) return undefined
	const context = contextOf(run, site, site.place === 'caption' || site.place === 'note' ? one.toldBefore : undefined)
	if (!context) return undefined
	const checked = checkText(read, context)
	return { checker: checked.problems.map(problem => problem.message), reference: referenceHolds(read, context) }
}

/** The cases a scene's run gives for text specs: each spec's text at its site, and a toldBefore from the run's moments. */
export function casesOf(run: SceneRun, specs: readonly TextSpec[]): Case[] {
	const sites = caseSites(run)
	if (!run.facts || !run.language || sites.length === 0) return []
	const language = run.language
	const values = valuesOf(run.facts, id => language.names.labelOf(id))
	const cases: Case[] = []
	for (const spec of specs) {
		const index = spec.site % sites.length
		const site = sites[index] as Site
		const story = spec.story && (site.place === 'caption' || site.place === 'note')
		const text = story ? storyOf(spec, toldOf(run.facts, site.frame, id => language.names.labelOf(id)), values, run.facts.steps[site.frame]?.causes) : textOf(spec, site.place, values)
		if (text === undefined) continue
		const previous = run.facts.steps[site.frame - 1]?.end.time ?? 0
		const toldOptions = [undefined, previous, 0, values.times[spec.clauses[0]?.picks[2] ?? 0 % Math.max(1, values.times.length)]]
		const told = toldOptions[(spec.clauses[0]?.picks[3] ?? 0) % toldOptions.length]
		cases.push({ site: index, text, ...(told === undefined || told > previous ? {} : { toldBefore: told }) })
	}
	return cases
}

/** Runs a scene and judges its cases; the disagreements, and how many cases were judged. */
export async function differ(spec: SceneSpec, texts: readonly TextSpec[]): Promise<{ judged: number; held: number; disagreements: Disagreement[] }> {
	const scene = sceneText(spec)
	const run = await runScene(scene)
	if (!run?.facts) return { judged: 0, held: 0, disagreements: [] }
	let judged = 0
	let held = 0
	const disagreements: Disagreement[] = []
	for (const one of casesOf(run, texts)) {
		const verdict = judge(run, one)
		if (!verdict) continue
		judged++
		if (verdict.checker.length === 0) held++
		if ((verdict.checker.length === 0) !== verdict.reference) disagreements.push({ scene, case: one, ...verdict })
	}
	return { judged, held, disagreements }
}

/** A scene and its texts, for fast-check. */
export const fuzzCase = fc.tuple(sceneSpec, fc.array(textSpec, { minLength: 10, maxLength: 40 }))

/** A disagreement as a fixture: its scene, with the case in a `# case:` line and what each said in comments. */
export function fixtureOf(found: Disagreement): string {
	const said = found.checker.length === 0 ? 'holds' : `refused: ${found.checker.join(' | ')}`
	return `# Found by the claims' fuzz: the checker and the reference disagreed on this text.\n# checker: ${said}\n# reference: ${found.reference ? 'holds' : 'refused'}\n# case: ${JSON.stringify(found.case)}\n${found.scene}`
}

/** A fixture's case, read back from its `# case:` line. */
export function caseOfFixture(text: string): Case {
	const line = text.split('\n').find(l => l.startsWith('# case: '))
	if (!line) throw new Error('a fuzz fixture needs a "# case: {...}" line')
	return JSON.parse(line.slice('# case: '.length)) as Case
}

/** Forgets the scene languages read so far: a long run reads many texts. */
export function forget(): void {
	forgetLanguages()
}
