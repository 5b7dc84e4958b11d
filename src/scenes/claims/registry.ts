/**
 * The registry of claim forms: every form a scene's text may use, in one table. A text's clause is
 * read as the first form here that it fits whole; adding a form is adding an entry to one of these
 * lists (or a list of its own here).
 */
import type { ClaimForm, Place } from './form.ts'
import { sceneLanguage } from './language.ts'
import type { CastMember } from './parameters.ts'
import { readText } from './read.ts'
import { HOLDING_FORMS } from './forms/holding.ts'
import { ASK_FORMS, DB_ANSWER_FORMS, DB_STATE_FORMS, LOCK_ANSWER_FORMS, STORE_STATE_FORMS, WORKER_STATE_FORMS, WRITE_LABEL_FORMS } from './forms/labels.ts'
import { LEASE_END_FORMS } from './forms/lease-end.ts'
import { LINE_FORMS } from './forms/line.ts'
import { PROCESS_FORMS } from './forms/process.ts'
import { STORE_FORMS } from './forms/store.ts'
import { WRITE_FORMS } from './forms/writes.ts'

export const FORMS: readonly ClaimForm[] = [
	...HOLDING_FORMS,
	...LINE_FORMS,
	...LEASE_END_FORMS,
	...WRITE_FORMS,
	...PROCESS_FORMS,
	...STORE_FORMS,
	...LOCK_ANSWER_FORMS,
	...ASK_FORMS,
	...WRITE_LABEL_FORMS,
	...DB_ANSWER_FORMS,
	...WORKER_STATE_FORMS,
	...STORE_STATE_FORMS,
	...DB_STATE_FORMS,
]

/** The forms a place may use, in the registry's order. */
export function formsOf(place: Place): ClaimForm[] {
	return FORMS.filter(form => form.places.includes(place))
}

/** The cast the registry's examples are written for: four workers, one lock store, one database. */
export const EXAMPLE_CAST: readonly CastMember[] = [
	{ id: 'a', label: 'Worker A', kind: 'worker' },
	{ id: 'b', label: 'Worker B', kind: 'worker' },
	{ id: 'c', label: 'Worker C', kind: 'worker' },
	{ id: 'd', label: 'Worker D', kind: 'worker' },
	{ id: 'lock', label: 'Lock', kind: 'store' },
	{ id: 'db', label: 'chat.db', kind: 'database' },
]

/** Each form's example read as the build reads texts; a message for each that does not read as its own form. */
export function unreadExamples(): string[] {
	const language = sceneLanguage(EXAMPLE_CAST, 'chat')
	const problems: string[] = []
	for (const form of FORMS) {
		for (const place of form.places) {
			const read = readText(language, form.example, place)
			const ids = read.clauses.map(clause => clause.form.id)
			if (read.problems.length > 0 || ids.length !== 1 || ids[0] !== form.id) {
				problems.push(`claim form ${form.id}: its example "${form.example}" reads in ${place} as ${ids.join(' + ') || read.problems[0]?.message || 'nothing'}`)
			}
		}
	}
	return problems
}
