/**
 * The registry of claim forms: every form a scene's text may use, in one table. A text's clause is
 * read as the first form here that it fits whole; adding a form is adding an entry to one of these
 * lists (or a list of its own here).
 */
import type { ClaimForm, Place } from './form.ts'
import { HOLDING_FORMS, WORKING_FORMS } from './forms/holding.ts'
import { ASK_FORMS, DB_ANSWER_FORMS, DB_STATE_FORMS, LOCK_ANSWER_FORMS, STORE_STATE_FORMS, WORKER_STATE_FORMS, WRITE_LABEL_FORMS } from './forms/labels.ts'
import { LEASE_END_FORMS } from './forms/lease-end.ts'
import { LINE_FORMS } from './forms/line.ts'
import { OPERATOR_FORMS } from './forms/operator.ts'
import { PROCESS_FORMS } from './forms/process.ts'
import { STORE_FORMS } from './forms/store.ts'
import { WRITE_FORMS } from './forms/writes.ts'
import { EARLIER_FENCE_FORMS } from './forms/earlier-fences.ts'

/** The forms by what they tell of, for `scenes forms` and `scenes suggest`: each group a list above. */
export const FORM_GROUPS: readonly (readonly [string, readonly ClaimForm[]])[] = [
	['holding a key', HOLDING_FORMS],
	['the line', LINE_FORMS],
	['how a lease ends', LEASE_END_FORMS],
	['an operator', OPERATOR_FORMS],
	['writes', WRITE_FORMS],
	['fences given before', EARLIER_FENCE_FORMS],
	["a worker's process", [...PROCESS_FORMS, ...WORKING_FORMS]],
	['the store and the clock', STORE_FORMS],
	["the lock's answer", LOCK_ANSWER_FORMS],
	["a worker's request", ASK_FORMS],
	['a write', WRITE_LABEL_FORMS],
	["the database's answer", DB_ANSWER_FORMS],
	["a worker's state", WORKER_STATE_FORMS],
	["a lock's state", STORE_STATE_FORMS],
	["a database's state", DB_STATE_FORMS],
]

export const FORMS: readonly ClaimForm[] = FORM_GROUPS.flatMap(([, forms]) => forms)

/** The forms a place may use, in the registry's order. */
export function formsOf(place: Place): ClaimForm[] {
	return FORMS.filter(form => form.places.includes(place))
}
