// The registry of claim forms: each form reads its own example and no other form does, every
// word an aside may use is one no form uses, and the slots read the scene's names and numbers.
import { CHAT_DOMAIN } from '../../../src/seed/chat-domain.ts'
import { JOBS_DOMAIN } from '../../../src/seed/jobs-domain.ts'
import { describe, expect, it } from 'vitest'
import { EXAMPLE_CAST, FORMS, inWords, FUNCTION_WORDS, NEUTRAL_WORDS, formsOf, nameProblem, readText, sceneLanguage, unreadExamples } from '../../../src/scenes/claims/index.ts'
import type { Place } from '../../../src/scenes/claims/index.ts'

const language = sceneLanguage(EXAMPLE_CAST, 'chat', CHAT_DOMAIN.words)

describe('the registry of claim forms', () => {
	it('reads every example as its own form, as the build checks before it writes the authors page', () => {
		expect(unreadExamples(CHAT_DOMAIN.words, 'chat')).toEqual([])
		expect(unreadExamples(JOBS_DOMAIN.words, 'leader')).toEqual([])
	})

	it('names each form once', () => {
		const ids = FORMS.map(form => form.id)
		expect(new Set(ids).size).toBe(ids.length)
	})

	for (const form of FORMS) {
		for (const place of form.places) {
			it(`${form.id} reads its own example in ${place}, and no other form reads it`, () => {
				const example = inWords(form.example, CHAT_DOMAIN.words)
				const read = readText(language, example, place)
				expect(read.problems).toEqual([])
				expect(read.clauses.map(clause => clause.form.id)).toEqual([form.id])
				const others = language.places.get(place)?.forms.filter(compiled => compiled.form !== form && compiled.regex.test(example)) ?? []
				expect(others.map(compiled => compiled.form.id)).toEqual([])
			})
		}
	}

	it('writes no alternation of words that takes punctuation or the next word in ("place/slot, in that order" would read "slot," as the word)', () => {
		const patterns = FORMS.flatMap(form => [form.pattern, ...(form.alternatives ?? [])].map(pattern => `${form.id}: ${pattern}`))
		expect(patterns.filter(pattern => /\/[^\s/(){}]*[,:;.]/.test(pattern))).toEqual([])
	})

	it('says what each form claims in one sentence', () => {
		for (const form of FORMS) expect(form.meaning).toMatch(/^[A-Z].*\.$/)
	})

	it('has forms for every place a text can stand in', () => {
		const places: Place[] = ['caption', 'lock-answer', 'ask', 'write', 'db-answer', 'note', 'worker-state', 'store-state', 'db-state']
		for (const place of places) expect(formsOf(place).length).toBeGreaterThan(0)
	})
})

describe('the neutral lexicon', () => {
	/** Every literal word of every form, alternatives and optional words included. */
	const formWords = new Set(FORMS.flatMap(form => [form.pattern, ...(form.alternatives ?? [])].join(" ").toLowerCase().replace(/\{[a-z]+\}/g, ' ').split(/[\s()/,:]+/).filter(Boolean)))

	it('has no word that any claim form uses', () => {
		expect(NEUTRAL_WORDS.filter(word => formWords.has(word))).toEqual([])
	})

	it('has no digits, no number words, and each word once, in lower case', () => {
		const numberWords = /^(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|hundred|first|second|third|both|half|once|twice)$/
		for (const word of [...NEUTRAL_WORDS, ...FUNCTION_WORDS]) {
			expect(word).toMatch(/^[a-z]+$/)
			expect(word).not.toMatch(numberWords)
		}
		expect(new Set(NEUTRAL_WORDS).size).toBe(NEUTRAL_WORDS.length)
	})

	it('has no word that claims or denies: negations and outcomes are not neutral', () => {
		for (const word of ['no', 'not', 'never', 'saved', 'refused', 'held', 'free', 'lost', 'expired', 'granted', 'holds', 'waits', 'ok', 'fence', 'lease']) {
			expect(NEUTRAL_WORDS).not.toContain(word)
			expect(FUNCTION_WORDS).not.toContain(word)
		}
	})
})

describe('the work lexicon (work phrases in a story\'s words)', () => {
	const formWords = new Set(FORMS.flatMap(form => [form.pattern, ...(form.alternatives ?? [])].join(' ').toLowerCase().replace(/\{[a-z]+\}/g, ' ').split(/[\s()/,:]+/).filter(Boolean)))
	const connectives = ['and', 'then', 'so', 'but', 'because', 'since', 'while', 'when', 'for', 'that', 'which', 'who']
	const orderOrNumber = /^(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|first|second|third|next|other|last|again|both|once|twice|new|old|another|previous|following)$/

	it('keeps its verbs and nouns, in every inflection, apart from the forms, the neutral lexicon, the connectives and the order words', async () => {
		const { NAMED_WORK_VERBS, NO_THIRD_PERSON, WORK_NOUNS, MASS_WORK_NOUNS, WORK_ADJECTIVES, NEUTRAL_ADVERBS } = await import('../../../src/scenes/claims/lexicon.ts')
		const { gerund, thirdPerson, plural } = await import('../../../src/scenes/claims/work-phrase.ts')
		const particles = (phrase: string) => phrase.split(' ').slice(1)
		// A verb of two words is kept apart as a whole ("hands out": the forms have "hands back"), one word alone.
		const patterns = FORMS.flatMap(form => [form.pattern, ...(form.alternatives ?? [])]).join(' | ').toLowerCase()
		for (const verb of NAMED_WORK_VERBS.filter(verb => verb.includes(' '))) for (const inflected of [verb, ...gerund(verb), ...thirdPerson(verb)]) expect(patterns.includes(inflected), inflected).toBe(false)
		const words = [
			...NAMED_WORK_VERBS.filter(verb => !verb.includes(' ')).flatMap(verb => [verb, ...gerund(verb), ...(NO_THIRD_PERSON.includes(verb) ? [] : thirdPerson(verb))]),
			...WORK_NOUNS.flatMap(noun => [noun, ...plural(noun)]).flatMap(phrase => phrase.split(' ')),
			...MASS_WORK_NOUNS,
		]
		const adverbs = new Set(NEUTRAL_ADVERBS.flatMap(adverb => adverb.split(' ')))
		for (const word of words) {
			expect(word, word).toMatch(/^[a-z]+$/)
			expect(formWords.has(word), word).toBe(false)
			expect(connectives.includes(word), word).toBe(false)
			expect(adverbs.has(word), word).toBe(false)
			expect(WORK_ADJECTIVES.includes(word), word).toBe(false)
			expect(word, word).not.toMatch(orderOrNumber)
		}
		// A verb of two words ends in a particle of a closed list, and none starts another form's words.
		expect([...new Set(NAMED_WORK_VERBS.flatMap(particles))].sort()).toEqual(['out', 'up'])
		expect(new Set(NAMED_WORK_VERBS).size).toBe(NAMED_WORK_VERBS.length)
		expect(new Set(WORK_NOUNS).size).toBe(WORK_NOUNS.length)
	})

	it('reads a work phrase of the lexicon where "work" reads, and never one with a number or an order word', () => {
		const read = (text: string) => readText(language, text, 'caption')
		const formOf = (text: string) => { const result = read(text); return result.problems?.length ? 'unread' : result.clauses.map(c => c.form.id).join(' ') }
		expect(formOf('A starts a long deploy')).toBe('starts-working')
		expect(formOf('A starts sending emails')).toBe('starts-working')
		expect(formOf('A starts handing out invoice numbers')).toBe('starts-working')
		expect(formOf('A is still deploying')).toBe('still-working')
		expect(formOf('A finishes printing')).toBe('finishes-work')
		expect(formOf('A finishes its export')).toBe('finishes-work')
		expect(formOf('the semaphore lets 2 workers print at once')).toBe('limit-is')
		// A named verb of the domain's written thing would tell a write: "A sends its summary" is no work phrase.
		for (const text of ['A sends emails', 'A uploads its summary', 'A starts sending its summary', 'A is publishing the summary']) expect(formOf(text), text).not.toMatch(/working|starts-working/)
		for (const text of ['A starts sending 2 emails', 'A starts handing out the next invoice numbers', 'A starts a second deploy', 'A starts sending the other emails', 'A finishes printing 3 tickets']) expect(formOf(text), text).toBe('unread')
	})
})

describe('reading a text', () => {
	const read = (text: string, place: Place = 'caption') => readText(language, text, place)

	it('reads the seed scene\'s captions as their forms, with a left-out subject and an aside', () => {
		expect(read("Worker A holds the chat's key with fence 7, then pauses: a long garbage collection.").clauses.map(c => c.form.id)).toEqual(['holds-with-fence', 'pauses'])
		expect(read("A wakes and saves too. The database keeps the largest fence, 8, so it refuses A's write.").clauses.map(c => [c.form.id, c.subject])).toEqual([
			['wakes', 'a'],
			['saves-too', 'a'],
			['keeps-largest-fence', 'db'],
			['refuses-write', 'db'],
		])
	})

	it('reads "its" after a clause\'s own subject as that subject, and "it" as the subject of the clause before', () => {
		expect(read('A renews its lease.').clauses[0]?.slots.map(s => s.value)).toEqual([
			{ type: 'actor', id: 'a' },
			{ type: 'actor', id: 'a' },
		])
		expect(read('Worker B saves. It pauses.').clauses[1]?.subject).toBe('b')
		expect(read('It pauses.').problems[0]?.message).toBe('"it" has nothing to refer to: it names the subject of the clause before, and there is none; write the name')
		expect(read('The database keeps fence 8, so it pauses.').problems[0]?.message).toBe('"it" refers to app.db, the subject of the clause before, which is no worker; write the name')
	})

	it('reads fences through the engine\'s range-checked functions, as EPOCH:COUNT or digits', () => {
		expect(read('fence 5000:1', 'lock-answer').clauses[0]?.slots[0]?.value).toEqual({ type: 'fence', value: (5000n << 64n) | 1n })
		expect(read('fence 1:18446744073709551617', 'lock-answer').problems[0]?.message).toBe('"1:18446744073709551617" is no fence: count 18446744073709551617: expected 0 to 2^64 - 1')
		expect(read(`fence ${'9'.repeat(41)}`, 'lock-answer').problems[0]?.message).toContain('is no fence')
	})

	it('reads counts in words past twenty, times in words, and places in line', () => {
		expect(read('twenty-one workers hold the key').clauses[0]?.slots[0]?.value).toEqual({ type: 'number', value: 21 })
		expect(read('Half a minute later Worker A gets the key.').clauses[0]?.modifiers[0]?.slot.value).toEqual({ type: 'number', value: 30_000 })
		expect(read('C is now 2nd in line.').clauses[0]?.slots[1]?.value).toEqual({ type: 'number', value: 2 })
		expect(read('C is now 2th in line.').problems[0]?.message).toBe('"2th" is no place a scene can state')
	})

	it('refuses what it cannot read, at its place, with the three nearest forms', () => {
		const read1 = read('Worker A snatches the key with fence 7, then pauses.')
		const problem = read1.problems[0]
		expect(problem).toMatchObject({ start: 0, end: 'Worker A snatches the key with fence 7'.length })
		// The clause after it still reads, speaking of the worker the unread part starts with, and is checked for its facts.
		expect(read1.clauses.map(clause => [clause.form.id, clause.subject, clause.gap])).toEqual([['pauses', 'a', true]])
		expect(problem?.message).toBe('cannot read "Worker A snatches the key with fence 7" as a claim of a step\'s caption; the nearest forms are "{worker} holds {key} with fence {fence}", "{worker} gets {key} with fence {fence}" and "{store} gives {worker} fence {fence}"')
	})

	it('refuses digits outside ASCII, roman numerals, relation signs it does not read, and a number word as a noun', () => {
		for (const text of ['Worker A holds the key with fence ٧.', 'Worker A holds the key with fence ７.', 'Worker A holds the key with fence VII.', 'fence number 2', 'Worker A holds the key with fence 7 ≠ 8.']) {
			expect(read(text).problems, text).toHaveLength(1)
			expect(read(text).clauses, text).toEqual([])
		}
		expect(read('refused: 7 ≠ 8', 'db-answer').problems).toHaveLength(1)
		expect(read('refused: 7 =< 8', 'db-answer').problems).toHaveLength(1)
	})

	it('tells every part of a sentence that does not read, at once, and hints at a left-out subject only when the clause before has none', () => {
		const both = read('Worker A snatches the key, then B frobs, and B waits.')
		expect(both.problems.map(p => p.start)).toEqual([0, 'Worker A snatches the key, then '.length])
		expect(both.clauses.map(clause => clause.form.id)).toEqual(['waits'])
		// "freezes" has a subject to borrow (Worker A's): no hint to write a name.
		expect(read('Worker A holds the key, then frobnicates.').problems[0]?.message).not.toContain("write the worker's name")
		// After a clause with no subject, the hint stands.
		expect(read('The key goes to B, then frobnicates.').problems[0]?.message).toContain("write the worker's name")
		// A clause about the lock lends the lock, which is no worker: the hint names it.
		expect(read('The lock gives the key to B, then saves.').problems[0]?.message).toContain("Lock, which is no worker: write the worker's name")
	})

	it('tells a key named by a word of the story ("the deploy lock") to write the lock by its name, and reads no such word', () => {
		const story = read('Worker A gets the deploy lock with fence 1.')
		expect(story.clauses).toEqual([])
		expect(story.problems[0]?.message).toContain('"the deploy lock" names the key by "deploy", a word no name of this scene\'s lock')
		expect(read('Worker A gets the same lock with fence 1.').problems[0]?.message ?? '').not.toContain('names the key by')
	})

	it('reads "it" after a clause that opens with a lock store\'s name as that store, and a which-clause as an aside the subject goes on past', () => {
		const told = (text: string) => read(text).clauses.map(clause => [clause.form.id, clause.slots[0]?.value])
		expect(told('The lock restarts, and then it lets A and B in.')).toEqual([['restarts', { type: 'actor', id: 'lock' }], ['store-lets-in', { type: 'actor', id: 'lock' }]])
		expect(read('Worker A holds the key, and it lets B and C in.').problems[0]?.message).toContain('which is no lock store')
		const aside = read('Worker A takes the key with fence 1 and a 10 s lease, which nothing renews, and starts working.')
		expect(aside.problems).toEqual([])
		expect(aside.clauses.map(clause => [clause.form.id, clause.subject])).toEqual([['gets-with-fence-and-ttl', 'a'], ['nothing-renews', undefined], ['starts-working', 'a']])
	})

	it('reads the same claim in other words: synonyms and inflections are alternatives of one form', () => {
		const forms = (text: string) => read(text).clauses.map(clause => clause.form.id)
		expect(forms("A's lease expires.")).toEqual(['runs-out'])
		expect(forms("A's lease times out.")).toEqual(['runs-out'])
		expect(forms("The database rejects A's write.")).toEqual(['refuses-write'])
		expect(forms('Worker A freezes.')).toEqual(['pauses'])
		expect(forms('The lock gives the key to B.')).toEqual(['gets'])
		expect(forms('The key passes to B.')).toEqual(['goes-to'])
		// An alternative may write the form's slots in another order: the worker is still the first slot.
		expect(read('The lock gives B the key with fence 8.').clauses[0]?.slots.map(slot => slot.type)).toEqual(['worker', 'key', 'fence'])
		expect(read('The lock gives the key to B with fence 8.').clauses[0]?.slots.map(slot => slot.value.type)).toEqual(['actor', 'key', 'fence'])
		expect(read('Worker A holds the key with fence seven.').clauses[0]?.slots[2]?.value).toEqual({ type: 'fence', value: 7n })
		expect(read('Worker A holds the lock.').clauses[0]?.slots[1]?.value).toEqual({ type: 'key', store: 'lock' })
		expect(forms('Worker A asks for the key. Worker B asks as well.')).toEqual(['asks', 'asks-bare'])
		expect(read('Worker B asks as well.').clauses[0]?.also?.word).toBe('too')
		expect(read('The key is free too.').problems[0]?.message).toContain('tells a state')
	})

	it('carries several workers over to a clause that leaves out its subject, and reads "they" as them', () => {
		const both = read('B and C ask for the key and wait in line.')
		expect(both.clauses.map(clause => [clause.form.id, clause.slots[0]?.value])).toEqual([
			['workers-ask', { type: 'actors', ids: ['b', 'c'] }],
			['workers-wait', { type: 'actors', ids: ['b', 'c'] }],
		])
		expect(read('B and C ask for the key, so they wait.').clauses[1]?.slots[0]?.value).toEqual({ type: 'actors', ids: ['b', 'c'] })
		expect(read('They wait.').problems[0]?.message).toContain('"they" has nothing to refer to')
		expect(read('B and C both wait.').clauses[0]?.form.id).toBe('workers-wait')
	})

	it('reads a sentence opened by "When" or "Once" as its second clause coming after its first ("When", "Once" and "As soon as" of two events: at its moment)', () => {
		expect(read('When A lets go, C gets the key.').clauses.map(clause => [clause.form.id, clause.then])).toEqual([
			['lets-go', 'sentence'],
			['gets', 'when'],
		].map(([id, then]) => [id, then === 'sentence' ? undefined : then]))
		expect(read('As soon as A lets go, C asks for the key.').clauses[1]?.then).toBe('when')
		expect(read("Once A's lease runs out, B gets the key.").clauses[1]?.then).toBe('when')
		expect(read("After A's lease runs out, B gets the key.").clauses[1]?.then).toBe('then')
		// "When E, S" of a state S: S held at E's moment, as after "while" (and may have begun at that moment of the clock).
		expect(read('When A lets go, B holds the key.').clauses.map(clause => [clause.form.id, clause.then, clause.during, clause.when])).toEqual([
			['lets-go', undefined, undefined, undefined],
			['holds', undefined, true, 'event-first'],
		])
		// "S when E": E is read first, then S as the state that held when E came, having begun before it.
		expect(read('Nobody holds the key when the lock restarts.').clauses.map(clause => [clause.form.tells, clause.during, clause.when])).toEqual([
			['event', undefined, undefined],
			['state', true, 'state-first'],
		])
		// "After 30 s" is a moment, not a clause: the sentence reads as it did.
		expect(read('After 30 s A lets go.').clauses[0]?.modifiers[0]?.kind).toBe('later')
	})

	it('takes an aside only of neutral words, after a colon at a sentence\'s end', () => {
		expect(read('Worker A pauses: a long garbage collection.').asides).toHaveLength(1)
		expect(read('Worker A pauses: a very long collection.').problems[0]?.message).toBe('cannot read "a very long collection" as a claim of a step\'s caption, nor as an aside: "very" is not in the neutral lexicon (src/scenes/claims/lexicon.ts), the only words an aside may use')
		expect(read('Worker A pauses: a long B collection.').problems[0]?.message).toContain('"B" names an actor')
		expect(read('Worker A pauses: 30 long collections.').problems).toHaveLength(1)
	})
})

describe('an actor\'s label', () => {
	it('is a name: one to three words, none that says what happened or names a value, digits only at its end', () => {
		for (const label of ['Worker A', 'chat.db', 'Lock', 'Store B', 'exports', 'Worker 2', 'db-1']) expect(nameProblem(label), label).toBeUndefined()
		// Letters outside Latin are refused by name: a Cyrillic "А" would read as "A" on the page and be another actor to the checker.
		expect(nameProblem('Träger A')).toContain('("ä", U+00E4, is not one)')
		expect(nameProblem('Worker \u0410')).toContain('U+0410')
		expect(nameProblem('Worker A, fence 9')).toContain('one to three words')
		expect(nameProblem('Fence 9')).toContain('"Fence" is a word the claims use to say what happened')
		expect(nameProblem('Worker holding')).toContain('"holding"')
		expect(nameProblem('Worker 1000')).toContain('one or two digits')
		expect(nameProblem('7 Worker')).toContain('one or two digits')
		expect(nameProblem(' Worker')).toContain('one to three words')
	})
})

describe('time and order in a clause', () => {
	const read = (text: string) => readText(language, text, 'caption')

	it('reads "T later" after a clause as well as before it, and spelled-out times', () => {
		expect(read('Worker B gets the key 30 s later.').clauses[0]?.modifiers.map(m => [m.kind, m.slot.value])).toEqual([['later', { type: 'number', value: 30_000 }]])
		expect(read('Thirty seconds later Worker B gets the key.').clauses[0]?.modifiers[0]?.slot.value).toEqual({ type: 'number', value: 30_000 })
		expect(read('Worker B gets the key two minutes later.').clauses[0]?.modifiers[0]?.slot.value).toEqual({ type: 'number', value: 120_000 })
	})

	it('marks a clause after "then" as one that comes after the clause before, and one after "so" as one that comes no earlier', () => {
		expect(read("A's lease runs out, then Worker B gets the key.").clauses.map(c => c.then ?? false)).toEqual([false, 'then'])
		expect(read("A's lease runs out. Then Worker B gets the key.").clauses.map(c => c.then ?? false)).toEqual([false, 'then'])
		expect(read("A's lease runs out and Worker B gets the key.").clauses.map(c => c.then ?? false)).toEqual([false, false])
		expect(read("A's lease runs out, so Worker B gets the key.").clauses.map(c => c.then ?? false)).toEqual([false, 'so'])
	})
})

describe("a scene's id", () => {
	it('takes the words of the glossary, the event words and the words of its page\'s headings, and no other', async () => {
		const { idProblem } = await import('../../../src/scenes/claims/index.ts')
		for (const id of ['fences-handover', 'lease-expiry', 'semaphore-limit', 'tryhold', 'nofence', 'fifo-wait', 'renew-timeout', 'release']) expect(idProblem(id), id).toBeUndefined()
		expect(idProblem('b-saves-first')).toContain('"b" is no word of the id lexicon')
		expect(idProblem('shards-rebalance')).toContain('"shards"')
		expect(idProblem('shards-rebalance', ['Shards', 'rebalance', 'when', 'a', 'node', 'joins'])).toBeUndefined()
		// The scene's own words: its domain's, and the nouns of its code and of its locks' labels.
		expect(idProblem('thumbnails-limit', [], ['thumbnails', 'resize'])).toBeUndefined()
		expect(idProblem('thumbnails-sale', [], ['thumbnails', 'resize'])).toContain('"sale" is no word of the id lexicon, nor of this scene\'s own (thumbnails, resize)')
	})

	it('takes words that join and claim nothing, "one after another" whole, and "runs out" as an event word; a count or a negation only where the run can check it, no outcome (trial 24, session 52)', async () => {
		const { idProblem } = await import('../../../src/scenes/claims/index.ts')
		for (const id of ['try-and-wait', 'crashed-worker', 'one-after-another', 'fences-one-by-one', 'wait-runs-out', 'lease-ran-out', 'restore-from-backup', 'try-vs-wait', 'pause-then-expiry', 'fences-with-a-restart']) expect(idProblem(id), id).toBeUndefined()
		// A count of a scene's own noun, or of holders, stands here and is checked against the run (scene-id.ts COUNTS); a count of a word the run cannot count does not.
		expect(idProblem('two-printers', [], ['printers'])).toBeUndefined()
		expect(idProblem('one-holder')).toBeUndefined()
		expect(idProblem('two-printers')).toContain('"two" counts "printers", which the run does not count')
		expect(idProblem('two-fences')).toContain('"two" counts "fences", which the run does not count')
		expect(idProblem('fences-2')).toContain('"2" counts nothing named after it')
		// "no" and "without" deny an event word, checked against the run; before anything else they stand nowhere.
		expect(idProblem('fences-without-restart')).toBeUndefined()
		expect(idProblem('no-renewals')).toBeUndefined()
		expect(idProblem('no-holder')).toContain('"no" denies only an event word after it')
		expect(idProblem('fences-off')).toContain('"off" is no word of the id lexicon')
		expect(idProblem('lease-over')).toContain('"over" is no word')
		expect(idProblem('lease-out')).toContain('"out" is no word')
		expect(idProblem('lease-runs')).toContain('"runs" is no word')
	})

	it('takes "save" and "handed over" as event words, "waiter" and "time" as subjects, "too" and "just" as words that claim nothing, "enough" as an event word (trial 25)', async () => {
		const { idProblem } = await import('../../../src/scenes/claims/index.ts')
		for (const id of ['saved-handed-over', 'saves-then-hand-over', 'waiter-crashes', 'waiters', 'renewal-too-late', 'just-long-enough', 'time', 'wait-in-time']) expect(idProblem(id), id).toBeUndefined()
		expect(idProblem('b-wins')).toContain('"b" is no word')
		expect(idProblem('lease-handed')).toContain('"handed" is no word')
		expect(idProblem('handed-over-twice')).toContain('"twice" is no word')
		expect(idProblem('too-many-waiters')).toContain('"many" is no word')
	})
})

describe('the claim language has no domain words of its own (issue 34)', () => {
	it('names no chat, summary or jobs in src/scenes/claims: a domain lends its words', async () => {
		const { readdirSync, readFileSync } = await import('node:fs')
		const root = new URL('../../../src/scenes/claims/', import.meta.url)
		const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter(entry => entry.isFile() && entry.name.endsWith('.ts'))
		expect(files.length).toBeGreaterThan(10)
		const found = files.flatMap(entry => {
			const text = readFileSync(`${entry.parentPath}/${entry.name}`, 'utf8')
			return text.split('\n').flatMap((line, index) => (/'chat'|summar|\bjobs\b/i.test(line) ? [`${entry.name}:${index + 1}: ${line.trim()}`] : []))
		})
		expect(found).toEqual([])
	})
})
