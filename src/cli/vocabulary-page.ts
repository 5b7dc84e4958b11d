/**
 * The authors' Vocabulary page, `content/authors/vocabulary.md`: the scene language's word lists as a
 * committed file, so a writer who reads the pages' source, not the built site, sees them. The Claim
 * forms and Writing scenes pages fill their lists only in the build (`remark-claim-docs.ts`); this
 * page is written by `npm run scenes -- forms --write` from the same registry and lexicon, and a unit
 * test (`tests/unit/scenes/cli.test.ts`) fails when the file is not what the command would write.
 *
 * Plain Markdown, one list item a form (its patterns, meaning and example are one paragraph), so the
 * page stays far under the 1,500 elements a page may have (tests/e2e/page-size.spec.ts).
 */
import { FORM_GROUPS, FUNCTION_WORDS, ID_EVENTS, ID_JOINING_WORDS, ID_PHRASES, ID_WORDS, NEUTRAL_ADVERBS, NEUTRAL_WORDS, PLACE_NAMES, RECORDED_CAUSES, inWords } from '../scenes/claims/index.ts'
import { LANGUAGE_NAMES } from '../scenes/sample/compile.ts'
import { DEFAULT_DOMAIN, DOMAINS } from '../seed/domains.ts'

/** The page's path, from the repository's root. */
export const VOCABULARY_PAGE = 'content/authors/vocabulary.md'

/** The command that writes it. */
export const VOCABULARY_COMMAND = 'npm run scenes -- forms --write'

/** Text as Markdown shows it, every character that Markdown would read as markup escaped. */
function md(text: string): string {
	return text.replace(/[\\`*_[\]<>#&|~]/g, '\\$&')
}

/** Words as a list in code spans: `a`, `b`. */
function codes(words: readonly string[]): string {
	return words.map(word => `\`${word}\``).join(', ')
}

export function vocabularyPage(): string {
	const words = DEFAULT_DOMAIN.words
	const out: string[] = [
		'---',
		'title: Vocabulary',
		'description: "For authors: every word a scene may use, in one file you can read without building: the id lexicon, the neutral words, the causes the engine records, and every claim form with its example."',
		'---',
		'',
		`<!-- Written by \`${VOCABULARY_COMMAND}\` from src/scenes/claims/ (the registry and lexicon.ts) and src/seed/ (the domains). Do not edit it by hand: a unit test fails when it differs from what the command writes. -->`,
		'',
		`This page lists the words of the scene language from the checker's own lists, written to this file by \`${VOCABULARY_COMMAND}\`, so the page's source (\`${VOCABULARY_PAGE}\`) reads as the built page does. How a text is read and checked is on [Claim forms](/authors/claim-forms/); the scene's statements are on [Writing scenes](/authors/scenes/). \`npm run scenes -- forms\` prints the same lists in a terminal, and \`npm run scenes -- suggest FILE\` the sentences that are true of each step of your scene.`,
		'',
		"## A scene's id",
		'',
		"An id shows in every link to a step (`#fences-restart-step-2`), so it names the scene's subject and tells no story. Each of its words, between hyphens, is one of these, a word of the page's title and headings, or one of the scene's own (its code sample's names, its locks' and databases' labels). A lexicon word may take s, es, d, ed or ing (`renewals`, `crashed`, `waiting`, `pausing`).",
		'',
		`**Subjects:** ${codes(ID_WORDS)}.`,
		'',
		`**Each domain's subjects:** ${[...DOMAINS.values()].map(domain => `${codes(domain.words.ids)} (the ${domain.name} domain)`).join('; ')}.`,
		'',
		`**Words that join them and claim nothing:** ${codes(ID_JOINING_WORDS)}; and, whole, ${codes(ID_PHRASES.map(phrase => phrase.replaceAll(' ', '-')))} (\`one-by-one\` claims, below). \`after\`, \`before\` and \`then\` between two event words (or \`crash\`, \`write\`, \`writes\`, \`fence\`, \`fences\`, \`lease\`, \`leases\`, which then name a happening) claim that order, which the scene must show (\`pause-then-expiry\`, \`fences-after-restart\`).`,
		'',
		'**Words that name an event the scene must show** (`run-out` is written `runs-out`, `run-out` or `ran-out`; `handover` also `handed-over`, `hands-over` or `hand-over`; `give-up` also `gives-up`, `gave-up` or `giving-up`; `kept-alive` also `keeps-alive` or `keeping-alive`; `back` also `back-for-more`; `knock` also `knocking`):',
		'',
		...Object.entries(ID_EVENTS).map(([word, event]) => `- \`${word}\`: ${md(event)}`),
		'',
		'**Counts.** A number (`two`, `3`) before a noun the run counts claims that count, checked exactly: `workers` (the scene\'s workers), `holders` (the workers the key is given to in the run), `waiters` or `in-line` (the most workers in one line at once: `three-in-line`), `places` (a semaphore\'s limit: `two-places`), `locks` (the lock stores; a semaphore is none: `two-locks` of a lock and a semaphore is refused), `writes` (every write the workers make, taken or refused: `two-writes`), `saves` (the writes the database took; a refused write is no save: `two-saves`), `tries` (the workers\' tries for the key, a try that does not wait or an ask whose code or label bounds its wait; an ask to renew is none: `two-tries`), or one of the scene\'s own nouns (the keys the run uses, one: `two-chats` is refused). A count of anything else (`two-printers`, `two-fences`) is refused.',
		'',
		'**Negations.** `no` or `without` before an event word, `fences` or `crash` claims the scene shows none, and is refused naming the step that shows one: `no-renewals` (no ask to renew, granted or refused), `without-restart`, `no-fences` (no write carries a fence a database checks; in a run with no write, no lease carries a fence), `no-crash` (no worker shown crashed). `not` and `off`, and a negation of anything else, stand in no id.',
		'',
		'**Words that claim with the others.** `late` says the scene shows a late write, a write on a lease no longer live (`fences-late-write`; with `save`, one the database took; with `renewal` or after `too`, a renewal refused as its lease was lost); `stale` with `write`, a stale write, with `save` one taken, and beside neither a stale fence used, a write with a fence on a lease no longer live (`stale-fence`); a cause a caption reads as a pause (`garbage-collection`, `network-partition`, `swap-storm`, `debugger-breakpoint`, `page-fault`), a worker shown paused; `long` (but in `long-enough`) of a pause, a long pause (its worker\'s live lease ran out in it, and it lasted at least a fifth of the lease\'s time to live, as every \"long\" of time), and before another noun (`long-job`), a hold of at least a fifth of its lease\'s time to live; `one-by-one`, two or more grants, or let-gos and lease ends, each at a moment of its own. `just-in-time` is refused: the run measures no closeness (write `wait-long-enough`).',
		'',
		'No outcome (`over`, `lost`) stands in an id. An id refused offers one or two that stand, built from what the scene shows and the subject words the id has (`two-chats`: `chats-fences`, `three-in-line`: `line-handover`).',
		'',
		'## Neutral words',
		'',
		`An aside after a colon (“then pauses: a long garbage collection”) uses only these: ${codes([...NEUTRAL_WORDS, ...FUNCTION_WORDS])}.`,
		'',
		`Adverbs a clause may add, which claim nothing (it reads as it would without them): ${codes(NEUTRAL_ADVERBS)}.`,
		'',
		'## Causes the engine records',
		'',
		'“X, so Y”, “Y because X” and “Y since X” read only where X leads to Y through these:',
		'',
		...RECORDED_CAUSES.map(([what, from]) => `- ${md(what)}: follows from ${md(from)}`),
		'',
		'## Names a code sample may use',
		'',
	]
	for (const domain of DOMAINS.values()) {
		out.push(`In the ${domain.name} domain${domain.name === DEFAULT_DOMAIN.name ? ' (the default)' : ` (\`domain ${domain.name}\`)`}:`, '')
		for (const [name, what] of Object.entries(domain.names)) out.push(`- \`${name}\`: ${md(what)}`)
		out.push('')
	}
	out.push(`JavaScript's own: ${codes([...LANGUAGE_NAMES])}.`, '')
	for (const domain of DOMAINS.values()) {
		const { fence, phrases } = domain.words
		if (fence === undefined && phrases === undefined) continue
		out.push(`The ${domain.name} domain's own words (\`domain ${domain.name}\`):`, '')
		if (fence !== undefined) out.push(`- “${md(fence)}” reads wherever “fence” does in a caption or a note (“with its old ${md(fence)} 1”); a label writes “fence”`)
		for (const [id, patterns] of Object.entries(phrases ?? {})) out.push(`- ${md(id)}: ${patterns.map(pattern => md(inWords(pattern, domain.words))).join('; ')}`)
		out.push('')
	}
	out.push(
		'## Claim forms',
		'',
		`Every form, in the words of the ${DEFAULT_DOMAIN.name} domain (another domain writes its own word for “${md(words.thing)}”). A clause reads as one form whole; \`{slot}\` takes a name or a number of its kind, \`(word)\` may be left out, \`a/b\` is either word, and \`\\(\` stands for a parenthesis written as it is. Each form is its pattern, then its id and the places it may stand in, the other ways it may be written (“or”), its meaning and an example that reads as it. Any happening may end with “too” or “as well” (another did it before) or “again” (it did it before); a clause may start with “at 30 s” or “5 s later”, or end with “at 30 s”.`,
	)
	for (const [group, forms] of FORM_GROUPS) {
		out.push('', `### ${group.charAt(0).toUpperCase()}${group.slice(1)}`, '')
		for (const form of forms) {
			out.push(`- ${md(inWords(form.pattern, words))}`)
			out.push(`  (${form.id}; ${form.places.map(place => PLACE_NAMES[place]).join(', ')})`)
			const others = form.alternatives ?? []
			if (others.length > 0) out.push(`  or: ${others.map(other => md(inWords(other, words))).join('; ')}.`)
			out.push(`  Means: ${md(form.meaning)}`)
			out.push(`  E.g. “${md(inWords(form.example, words))}”.`)
		}
	}
	return `${out.join('\n')}\n`
}
