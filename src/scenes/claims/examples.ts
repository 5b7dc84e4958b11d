/** The registry's examples as the build reads them: each must read as its own form, in every place the form stands. */
import type { DomainWords } from './form.ts'
import { inWords } from './form.ts'
import { sceneLanguage } from './language.ts'
import type { CastMember } from './parameters.ts'
import { readText } from './read.ts'
import { FORMS } from './registry.ts'

/** The cast the registry's examples are written for: four workers, one lock store, one database. */
export const EXAMPLE_CAST: readonly CastMember[] = [
	{ id: 'a', label: 'Worker A', kind: 'worker' },
	{ id: 'b', label: 'Worker B', kind: 'worker' },
	{ id: 'c', label: 'Worker C', kind: 'worker' },
	{ id: 'd', label: 'Worker D', kind: 'worker' },
	{ id: 'lock', label: 'Lock', kind: 'store' },
	{ id: 'db', label: 'app.db', kind: 'database' },
]

/** Each form's example, in a domain's words, read as the build reads texts with that domain's key; a message for each that does not read as its own form. */
export function unreadExamples(words: DomainWords, key: string): string[] {
	const language = sceneLanguage(EXAMPLE_CAST, key, words)
	const problems: string[] = []
	for (const form of FORMS) {
		for (const place of form.places) {
			const example = inWords(form.example, words)
			const read = readText(language, example, place)
			const ids = read.clauses.map(clause => clause.form.id)
			if (read.problems.length > 0 || ids.length !== 1 || ids[0] !== form.id) {
				problems.push(`claim form ${form.id}: its example "${example}" reads in ${place} as ${ids.join(' + ') || read.problems[0]?.message || 'nothing'}`)
			}
		}
	}
	return problems
}
