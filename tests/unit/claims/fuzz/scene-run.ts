/**
 * A scene run for the claims' tests: its frames, and what its texts are checked against (the run's
 * facts, each text's place and context, the scene's language), caught on their way through the
 * simulation: the verbs are wrapped to reach the scene's texts, whose check is wrapped to keep the
 * facts it is given.
 */
import { parseScene, simulateScene, VERBS } from '../../../../src/scenes/simulation/index.ts'
import type { TextSite, VerbTable } from '../../../../src/scenes/simulation/index.ts'
import { openNodeDriver } from '../../../../src/scenes/node-sqlite/node-drivers.ts'
import type { ClaimContext, MessageFacts, Place, ReadResult, RunFacts, SceneLanguage, WorldFacts } from '../../../../src/scenes/claims/index.ts'
import type { SceneFrames } from '../../../../src/scenes/frame.ts'

/** One text of a scene as the simulation keeps it, the part read here. */
export type Site = Pick<TextSite, 'text' | 'place' | 'read' | 'frame' | 'world' | 'actor' | 'sentBefore' | 'message' | 'how' | 'shownAgain'>

/** A scene's run: its frames, its facts and its texts. */
export interface SceneRun {
	frames: SceneFrames
	facts?: RunFacts
	sites: Site[]
	language?: SceneLanguage
}

/** The scene's texts as the simulation holds them. */
interface Texts {
	language: SceneLanguage
	sites: Site[]
	check(run: RunFacts, frames: unknown): void
}

/** Parses and runs a scene, keeping its facts and texts; undefined when it does not parse. Its frames' diagnostics offer no sentences. */
export async function runScene(source: string): Promise<SceneRun | undefined> {
	const parsed = parseScene(source, { file: 'f.scene' })
	if (!parsed.ok) return undefined
	const caught: { texts?: Texts; facts?: RunFacts } = {}
	const verbs = Object.fromEntries(
		Object.entries(VERBS).map(([kind, verb]) => [
			kind,
			(stage: { texts: Texts }, statement: never, step: never) => {
				const texts = stage.texts
				// The fenced run's texts are the ones checked: the run without fences (for a counterfactual) has texts of its own, never checked.
				if (caught.texts === undefined) {
					caught.texts = texts
					const check = texts.check.bind(texts)
					texts.check = (run, frames) => {
						caught.facts = run
						check(run, frames)
					}
				}
				return (verb as (stage: unknown, statement: never, step: never) => unknown)(stage, statement, step)
			},
		]),
	) as unknown as VerbTable
	// Its texts are judged here, by the checker and the reference: its diagnostics' "did you mean" offers are not read.
	const frames = await simulateScene(parsed.scene, { openDriver: openNodeDriver, file: 'f.scene', verbs, offers: false })
	const run: SceneRun = { frames, sites: caught.texts?.sites ?? [] }
	if (caught.facts) run.facts = caught.facts
	if (caught.texts) run.language = caught.texts.language
	return run
}

/**
 * The context a site's text is checked in, as the scene's texts make it (src/scenes/simulation/texts.ts):
 * a note speaks of what had happened in its step when it was sent, and of the world then.
 */
export function siteContext(run: RunFacts, site: Site, language: SceneLanguage, toldBefore?: number): ClaimContext | undefined {
	const step = run.steps[site.frame]
	if (!step) return undefined
	const sofar = site.message?.sofar
	const known = sofar === undefined ? undefined : new Set(sofar)
	const at = known === undefined ? step : { ...step, happenings: step.happenings.filter(h => known.has(h)), end: site.world ?? step.end }
	// The domain's words, as the scene's own check gives them (a work phrase's "of the OWNER" is the domain's, not the code's).
	const context: ClaimContext = { run, step: at, place: site.place, world: site.world ?? step.end, name: id => language.names.labelOf(id), words: language.words }
	if (site.actor !== undefined) context.actor = site.actor
	if (site.sentBefore !== undefined) context.sentBefore = site.sentBefore
	if (site.message !== undefined) context.message = site.message
	if (toldBefore !== undefined) context.toldBefore = toldBefore
	return context
}
