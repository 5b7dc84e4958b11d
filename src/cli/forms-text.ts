/**
 * The scene language as text, for `npm run scenes -- forms`: every claim form by group and place,
 * with its pattern (and the other ways it may be written), its meaning and an example that reads as
 * it; then the words a scene's id may use and the neutral words an aside may use.
 */
import { FORM_GROUPS, FUNCTION_WORDS, ID_EVENTS, NEUTRAL_WORDS, PLACE_NAMES, idWords } from '../scenes/claims/index.ts'

export function formsText(): string {
	const out: string[] = []
	out.push('The forms a scene\'s texts may use. A clause reads as one form whole; "{slot}" takes a name or a number of its kind, "(word)" may be left out, "a/b" is either word.')
	out.push('Any happening may end with "too" or "as well" (another did it before) or "again" (it did it before); a clause may start with "at 30 s" or "5 s later", or end with "at 30 s".')
	for (const [group, forms] of FORM_GROUPS) {
		out.push('', `## ${group}`)
		for (const form of forms) {
			out.push(`${form.pattern}    [${form.id}; ${form.places.map(place => PLACE_NAMES[place]).join(', ')}]`)
			for (const other of form.alternatives ?? []) out.push(`  or: ${other}`)
			out.push(`  means: ${form.meaning}`, `  e.g.: ${form.example}`)
		}
	}
	out.push('', '## words of a scene\'s id', `${idWords().join(', ')}`)
	out.push(`and these, each of which the scene must show: ${Object.entries(ID_EVENTS).map(([word, event]) => `${word} (${event})`).join(', ')}`)
	out.push('', '## neutral words (an aside after a colon uses only these)', [...NEUTRAL_WORDS, ...FUNCTION_WORDS].join(', '))
	return out.join('\n')
}
