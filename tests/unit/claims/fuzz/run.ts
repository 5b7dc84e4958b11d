/**
 * A run of the claims' fuzz: seeded scenes and texts (generate.ts), each text judged by the checker
 * and the reference (differential.ts), until enough cases were judged. A disagreement is shrunk by
 * fast-check to the smallest scene and texts that still disagree, and given back as a fixture.
 */
import fc from 'fast-check'
import { differ, forget, fuzzCase, type Disagreement } from './differential.ts'
import type { SceneSpec, TextSpec } from './generate.ts'

export interface FuzzRun {
	/** Cases judged (texts that read), scenes run, and the time it took. */
	cases: number
	scenes: number
	ms: number
	/** Each disagreement found, shrunk. */
	disagreements: Disagreement[]
}

/** Scenes drawn at a time: fast-check's sample of one seed. */
const BATCH = 50

/** Judges cases until `cases` were, from `seed`; stops at the first `stopAfter` disagreements. */
export async function fuzz(options: { cases: number; seed: number; stopAfter?: number; onProgress?: (run: FuzzRun) => void }): Promise<FuzzRun> {
	const started = performance.now()
	const run: FuzzRun = { cases: 0, scenes: 0, ms: 0, disagreements: [] }
	for (let batch = 0; run.cases < options.cases; batch++) {
		const samples = fc.sample(fuzzCase, { numRuns: BATCH, seed: options.seed + batch })
		for (const sample of samples) {
			if (run.cases >= options.cases) break
			const [spec, texts] = sample
			const result = await differ(spec, texts)
			run.cases += result.judged
			run.scenes++
			if (result.disagreements.length > 0) {
				run.disagreements.push(await shrink(sample, result.disagreements[0] as Disagreement))
				if (run.disagreements.length >= (options.stopAfter ?? Number.POSITIVE_INFINITY)) {
					run.ms = performance.now() - started
					return run
				}
			}
		}
		// A long run reads many texts: the languages' caches go with each batch.
		forget()
		run.ms = performance.now() - started
		options.onProgress?.(run)
	}
	run.ms = performance.now() - started
	return run
}

/** The smallest scene and texts fast-check finds that still disagree, from one that does. */
async function shrink(sample: [SceneSpec, TextSpec[]], found: Disagreement): Promise<Disagreement> {
	let smallest = found
	const property = fc.asyncProperty(fuzzCase, async ([spec, texts]) => {
		const result = await differ(spec, texts)
		if (result.disagreements.length > 0) {
			smallest = result.disagreements[0] as Disagreement
			return false
		}
		return true
	})
	await fc.check(property, { examples: [[sample]], numRuns: 1, endOnFailure: false })
	return smallest
}
