/**
 * The registry of claim forms: every form a scene's text may use, in one table. A text's clause is
 * read as the first form here that it fits whole; adding a form is adding an entry to one of these
 * lists (or a list of its own here).
 */
import type { ClaimForm, Place } from './form.ts'
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
