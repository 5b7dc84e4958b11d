/**
 * The neutral lexicon: the only words an aside may use. An aside is what a sentence may add after a
 * colon that claims nothing the engine could check ("then pauses: a long garbage collection"). Each
 * word here claims nothing: no number, no actor, no word any claim form uses (a test holds every
 * form's words against this list). Adding a word is adding a line a reviewer can see.
 */

/** Words that name what a worker's process is busy with or what slows it, and nothing the engine decides. */
export const NEUTRAL_WORDS: readonly string[] = [
	'long',
	'short',
	'slow',
	'garbage',
	'collection',
	'swap',
	'storm',
	'network',
	'partition',
	'virtual',
	'machine',
	'migration',
	'disk',
	'page',
	'fault',
	'kernel',
	'upgrade',
	'deploy',
	'model',
	'call',
	'request',
	'export',
	'report',
	'index',
	'rebuild',
	'job',
	'batch',
	'nightly',
	'loop',
	'laptop',
	'lid',
	'container',
	'debugger',
	'breakpoint',
]

/** Small words that join the others and claim nothing alone. */
export const FUNCTION_WORDS: readonly string[] = ['a', 'an', 'the', 'of', 'for', 'in', 'on', 'its', 'or']

const ALLOWED = new Set([...NEUTRAL_WORDS, ...FUNCTION_WORDS])

/**
 * Words a scene's `id` may be made of, besides the neutral ones: the subjects a guide's scene is about.
 * An id shows in every link to a step (`#fences-restart-step-2`), so it names a subject and tells no
 * story: no actor, no number, no outcome (`b-saves-first` is refused).
 */
export const ID_WORDS: readonly string[] = [
	'scene',
	'first',
	'second',
	'example',
	'lock',
	'locks',
	'lease',
	'leases',
	'fence',
	'fences',
	'fencing',
	'semaphore',
	'semaphores',
	'epoch',
	'epochs',
	'leader',
	'election',
	'availability',
	'restart',
	'restore',
	'backup',
	'shutdown',
	'killed',
	'lets',
	'go',
	'renewal',
	'pause',
	'testing',
	'cache',
	'queue',
	'summary',
	'summaries',
]

const ID_ALLOWED = new Set([...ALLOWED, ...ID_WORDS])

/** Why a scene's id cannot stand, or undefined: each of its words (between `-` and `_`) is a subject or a neutral word. */
export function idProblem(id: string): string | undefined {
	const word = id.split(/[-_]+/).find(part => part !== '' && !ID_ALLOWED.has(part))
	if (word === undefined) return undefined
	return `a scene's id shows in every link to its steps, so it names the scene's subject and tells nothing: "${word}" is no word of the id lexicon (${ID_WORDS.slice(0, 8).join(', ')}, ...; see the authors page); name the subject, like fences-restart`
}

/** The first word of an aside the lexicon does not have, with its offset; undefined when every word is neutral. */
export function unneutralWord(text: string): { word: string; offset: number } | undefined {
	for (const match of text.matchAll(/[^\s,]+/g)) {
		const word = match[0]
		if (!ALLOWED.has(word.toLowerCase()) || word !== word.toLowerCase()) return { word, offset: match.index ?? 0 }
	}
	return undefined
}
