/**
 * The scene language as text, for `npm run scenes -- forms`: every claim form by group and place,
 * with its pattern (and the other ways it may be written), its meaning and an example that reads as
 * it; then the causes the engine records, the words a scene's id may use, the names a code sample may use, and the neutral words an aside may use.
 */
import { FORM_GROUPS, FUNCTION_WORDS, RECORDED_CAUSES, ID_EVENTS, NEUTRAL_ADVERBS, NEUTRAL_WORDS, PLACE_NAMES, idWords, inWords } from '../scenes/claims/index.ts'
import { LANGUAGE_NAMES } from '../scenes/sample/compile.ts'
import { DEFAULT_DOMAIN, DOMAINS } from '../seed/domains.ts'

export function formsText(): string {
	const out: string[] = []
	out.push(`The forms a scene's texts may use, in the words of the ${DEFAULT_DOMAIN.name} domain (another domain writes its own word for "${DEFAULT_DOMAIN.words.thing}").`)
	out.push('A clause reads as one form whole; "{slot}" takes a name or a number of its kind, "(word)" may be left out, "a/b" is either word.')
	out.push('Any happening may end with "too" or "as well" (another did it before) or "again" (it did it before); a clause may start with "at 30 s" or "5 s later", or end with "at 30 s".')
	for (const [group, forms] of FORM_GROUPS) {
		out.push('', `## ${group}`)
		for (const form of forms) {
			const words = DEFAULT_DOMAIN.words
			out.push(`${inWords(form.pattern, words)}    [${form.id}; ${form.places.map(place => PLACE_NAMES[place]).join(', ')}]`)
			for (const other of form.alternatives ?? []) out.push(`  or: ${inWords(other, words)}`)
			out.push(`  means: ${form.meaning}`, `  e.g.: ${inWords(form.example, words)}`)
		}
	}
	out.push('', '## causes the engine records ("X, so Y" and "Y because X" read only where X leads to Y through these)')
	for (const [what, from] of RECORDED_CAUSES) out.push(`${what}    follows from: ${from}`)
	out.push('', '## words of a scene\'s id', `${idWords().join(', ')}`, `each domain's: ${[...DOMAINS.values()].map(domain => `${domain.words.ids.join(', ')} (domain ${domain.name})`).join('; ')}`, "and any word of the title and headings of the scene's page")
	out.push(`"after", "before" and "then" between two event words (or crash, write(s), fence(s), lease(s)) claim that order; "run out" ("runs out", "ran out") is the event word run-out; no count ("two"), negation ("no", "without") or outcome ("over", "off")`)
	out.push(`and these, each of which the scene must show: ${Object.entries(ID_EVENTS).map(([word, event]) => `${word} (${event})`).join(', ')}`)
	for (const domain of DOMAINS.values()) {
		out.push('', `## names a code sample may use in the ${domain.name} domain${domain.name === DEFAULT_DOMAIN.name ? ' (the default)' : ` (domain ${domain.name})`}`)
		for (const [name, what] of Object.entries(domain.names)) out.push(`${name}    ${what}`)
	}
	for (const domain of DOMAINS.values()) {
		const { fence, phrases } = domain.words
		if (fence === undefined && phrases === undefined) continue
		out.push('', `## the ${domain.name} domain's own words (domain ${domain.name})`)
		if (fence !== undefined) out.push(`"${fence}" reads wherever "fence" does in a caption or a note ("with its old ${fence} 1"); a label writes "fence"`)
		for (const [id, patterns] of Object.entries(phrases ?? {})) out.push(`${id}: ${patterns.map(pattern => inWords(pattern, domain.words)).join('; ')}`)
	}
	out.push('', "## JavaScript's own names a sample may use", [...LANGUAGE_NAMES].join(', '))
	out.push('', '## neutral words (an aside after a colon uses only these)', [...NEUTRAL_WORDS, ...FUNCTION_WORDS].join(', '))
	out.push('', '## adverbs a clause may add, which claim nothing (it reads as it would without them)', NEUTRAL_ADVERBS.join(', '))
	return out.join('\n')
}
