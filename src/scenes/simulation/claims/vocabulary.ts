/**
 * The closed vocabulary of outcomes: the words each kind of text may use to say what the engine
 * decided, and the words that claim an outcome anywhere (so one used where it means nothing is
 * an error, not free text). Negation ("not saved") turns a word to its opposite.
 */
import type { Word } from './read-text.ts'

/** What a text may say happened, per place. */
export type Said =
	| 'granted'
	| 'waiting'
	| 'busy'
	| 'full'
	| 'gave-up'
	| 'renewed'
	| 'lost'
	| 'released'
	| 'saved'
	| 'refused'
	| 'holding'
	| 'free'
	| 'held'
	| 'hold'
	| 'try'
	| 'renew'
	| 'release'
	| 'write'

/** The kinds of text whose words are read for outcomes. */
export type Place = 'lock-answer' | 'db-answer' | 'write' | 'ask' | 'worker-state' | 'store-state' | 'db-state'

/** Phrases, longest first within a place, and what each says. */
const VOCABULARY: Readonly<Record<Place, readonly [string, Said][]>> = {
	'lock-answer': [
		['gave up', 'gave-up'],
		['gives up', 'gave-up'],
		['timed out', 'gave-up'],
		['in line', 'waiting'],
		['lease lost', 'lost'],
		['lease expired', 'lost'],
		['granted', 'granted'],
		['grant', 'granted'],
		['lease', 'granted'],
		['holds', 'granted'],
		['waits', 'waiting'],
		['waiting', 'waiting'],
		['wait', 'waiting'],
		['queued', 'waiting'],
		['busy', 'busy'],
		['refused', 'busy'],
		['held', 'busy'],
		['full', 'full'],
		['renewed', 'renewed'],
		['lost', 'lost'],
		['expired', 'lost'],
		['released', 'released'],
	],
	'db-answer': [
		['changed no row', 'refused'],
		['changed a row', 'saved'],
		['changed 1 row', 'saved'],
		['no row', 'refused'],
		['saved', 'saved'],
		['accepted', 'saved'],
		['ok', 'saved'],
		['written', 'saved'],
		['stored', 'saved'],
		['refused', 'refused'],
		['rejected', 'refused'],
		['stale', 'refused'],
	],
	write: [
		['save', 'write'],
		['saves', 'write'],
		['write', 'write'],
		['writes', 'write'],
		['update', 'write'],
		['updates', 'write'],
		['saved', 'saved'],
		['accepted', 'saved'],
		['refused', 'refused'],
		['rejected', 'refused'],
	],
	ask: [
		['lets go', 'release'],
		['let go', 'release'],
		['tryhold', 'try'],
		['tries', 'try'],
		['try', 'try'],
		['hold', 'hold'],
		['holds', 'hold'],
		['asks', 'hold'],
		['ask', 'hold'],
		['acquire', 'hold'],
		['takes', 'hold'],
		['take', 'hold'],
		['renews', 'renew'],
		['renew', 'renew'],
		['releases', 'release'],
		['release', 'release'],
		['unlock', 'release'],
	],
	'worker-state': [
		['in line', 'waiting'],
		['has the key', 'holding'],
		['no lease', 'free'],
		['holding', 'holding'],
		['holds', 'holding'],
		['holder', 'holding'],
		['waiting', 'waiting'],
		['waits', 'waiting'],
		['queued', 'waiting'],
		['lost', 'lost'],
		['expired', 'lost'],
		['idle', 'free'],
		['free', 'free'],
		['released', 'free'],
		['saved', 'saved'],
		['refused', 'refused'],
		['rejected', 'refused'],
	],
	'store-state': [
		['no holder', 'free'],
		['held by', 'held'],
		['unheld', 'free'],
		['free', 'free'],
		['held', 'held'],
		['full', 'full'],
	],
	'db-state': [],
}

/** Words that claim some outcome; one not in a place's vocabulary is an error there. */
const CLAIMING = new Set([
	'went through',
	'goes through',
	'succeeded',
	'succeeds',
	'success',
	'successful',
	'failed',
	'fails',
	'failure',
	'denied',
	'won',
	'wins',
	'overwritten',
	'overwrote',
	'overwrites',
	'blocked',
	'ignored',
	'dropped',
	'applied',
	'committed',
	'granted',
	'refused',
	'rejected',
	'accepted',
	'saved',
	'busy',
	'full',
	'expired',
	'lost',
	'released',
	'renewed',
	'timed out',
	'gave up',
	'stale',
	'ok',
])

const NEGATIONS = new Set(['not', 'no', 'never', "isn't", "wasn't", "didn't", "doesn't", "hasn't", "won't", "wasnt", "isnt", "didnt", 'nothing'])

/** The opposite of what a word says, for "not saved", "not held". */
const OPPOSITE: Partial<Record<Said, Said>> = {
	saved: 'refused',
	refused: 'saved',
	granted: 'busy',
	busy: 'granted',
	holding: 'free',
	free: 'held',
	held: 'free',
	lost: 'holding',
	waiting: 'holding',
}

/** A phrase of the vocabulary found in a text, with what it says once negation is read. */
export interface SaidPhrase {
	said: Said
	phrase: string
	negated: boolean
	offset: number
	length: number
}

/** A word that claims an outcome the place has no word for. */
export interface ForeignPhrase {
	phrase: string
	offset: number
	length: number
}

/** A phrase split into its words, once, with what it says. */
interface Phrase<T> {
	text: string
	parts: string[]
	value: T
}

/** Phrases by their first word, each list in the vocabulary's order, so the first phrase that fits wins as it is written. */
function indexPhrases<T>(entries: readonly (readonly [string, T])[]): Map<string, Phrase<T>[]> {
	const index = new Map<string, Phrase<T>[]>()
	for (const [text, value] of entries) {
		const parts = text.split(' ')
		const first = parts[0] as string
		index.set(first, [...(index.get(first) ?? []), { text, parts, value }])
	}
	return index
}

const PLACE_INDEX = new Map<Place, Map<string, Phrase<Said>[]>>()
const CLAIMING_INDEX = indexPhrases([...CLAIMING].map(phrase => [phrase, phrase] as const))

function phraseAt<T>(index: Map<string, Phrase<T>[]>, words: readonly Word[], i: number): Phrase<T> | undefined {
	return index.get((words[i] as Word).text)?.find(phrase => phrase.parts.every((part, k) => words[i + k]?.text === part))
}

/** The vocabulary's phrases in a text's words, and the outcome words it has no place for. */
export function readOutcomes(words: readonly Word[], place: Place): { said: SaidPhrase[]; foreign: ForeignPhrase[] } {
	const said: SaidPhrase[] = []
	const foreign: ForeignPhrase[] = []
	let vocabulary = PLACE_INDEX.get(place)
	if (!vocabulary) PLACE_INDEX.set(place, (vocabulary = indexPhrases(VOCABULARY[place])))
	for (let i = 0; i < words.length; i++) {
		const word = words[i] as Word
		const hit = phraseAt(vocabulary, words, i)
		const claiming = hit ? undefined : phraseAt(CLAIMING_INDEX, words, i)
		const length = (parts: number) => {
			const last = words[i + parts - 1] as Word
			return last.offset + last.length - word.offset
		}
		if (hit) {
			const { text: phrase, parts, value: meaning } = hit
			const negated = [words[i - 1], words[i - 2]].some(w => w !== undefined && NEGATIONS.has(w.text)) && !phrase.startsWith('no')
			const opposite = OPPOSITE[meaning]
			if (negated && opposite === undefined) {
				foreign.push({ phrase: `not ${phrase}`, offset: word.offset, length: length(parts.length) })
			} else {
				said.push({ said: negated && opposite ? opposite : meaning, phrase, negated, offset: word.offset, length: length(parts.length) })
			}
			i += parts.length - 1
		} else if (claiming) {
			foreign.push({ phrase: claiming.text, offset: word.offset, length: length(claiming.parts.length) })
			i += claiming.parts.length - 1
		}
	}
	return { said, foreign }
}

/** The words a place has for an outcome, for messages: `saved, accepted, ok`. */
export function wordsFor(place: Place, meaning: Said): string[] {
	return VOCABULARY[place].filter(([, said]) => said === meaning).map(([phrase]) => phrase)
}

/** Every word a place has, for the error that names the vocabulary. */
export function vocabularyOf(place: Place): string[] {
	return VOCABULARY[place].map(([phrase]) => phrase)
}
