/** A text's outcome words held against what the engine decided. */
import type { ReportAt } from './check.ts'
import type { ReadText } from './read-text.ts'
import { readOutcomes, vocabularyOf } from './vocabulary.ts'
import type { Place, Said, SaidPhrase } from './vocabulary.ts'

const PLACE_NAMES: Readonly<Record<Place, string>> = {
	'lock-answer': "the lock's answer",
	'db-answer': "the database's answer",
	write: 'a write',
	ask: "a worker's request to the lock",
	'worker-state': "a worker's state",
	'store-state': "a lock's state",
	'db-state': "a database's state",
}

export interface OutcomeCheck {
	/** What the engine decided, in the vocabulary's terms (one of them is enough). */
	actual: readonly Said[]
	/** The engine's outcome in words, for the message: `the database refused fence 7 (it holds 8)`. */
	engine: string
	/** When set, a text that says no outcome is reported with this message at its start. */
	required?: string
	/** The text says the outcome in another way (a fence implies a grant). */
	implied?: boolean
}

/** Checks the text's outcome words against the engine's; returns the words it said. */
export function checkOutcomes(read: ReadText, place: Place, check: OutcomeCheck, report: ReportAt): SaidPhrase[] {
	const { said, foreign } = readOutcomes(read.words, place)
	for (const word of foreign) {
		const vocabulary = vocabularyOf(place)
		const allowed = vocabulary.length > 0 ? `it may say ${vocabulary.map(w => `"${w}"`).join(', ')}` : 'it says no outcome; write the outcome on the message that carries it'
		report(word.offset, `"${word.phrase}" is not in the words ${PLACE_NAMES[place]} may use (${allowed}); mark free words that claim no outcome as prose in backticks`)
	}
	for (const word of said) {
		if (!check.actual.includes(word.said)) report(word.offset, `the text says "${word.negated ? 'not ' : ''}${word.phrase}", but ${check.engine}`)
	}
	if (said.length === 0 && foreign.length === 0 && !check.implied && check.required) report(0, check.required)
	return said
}
