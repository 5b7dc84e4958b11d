/**
 * A scene's id as a claim: it shows in every link to a step, so it names the scene's subject in words
 * of the id lexicon, and a word that names an event (`restart`) says the scene shows one.
 */
import { FUNCTION_WORDS, ID_EVENTS, ID_WORDS, NEUTRAL_WORDS } from './lexicon.ts'
import type { Happening } from '../frame.ts'
import type { RunFacts } from './facts.ts'

const ALLOWED = new Set([...NEUTRAL_WORDS, ...FUNCTION_WORDS, ...ID_WORDS, ...Object.keys(ID_EVENTS)])

/** Every word a scene's id may use on any page, in order: the subjects, the glossary, the event words and the neutral ones. */
export function idWords(): string[] {
	return [...new Set([...ID_WORDS, ...Object.keys(ID_EVENTS), ...NEUTRAL_WORDS, ...FUNCTION_WORDS])]
}

/** The words of an id, between its hyphens and underscores, each as the lexicon has it. */
function wordsOf(id: string): string[] {
	return id.split(/[-_]+/).filter(part => part !== '').map(baseOf)
}

/**
 * A word of an id as the lexicon spells it: "renewals" is "renewal", "crashed" is "crash", "paused" is
 * "pause". An event word so inflected still says the scene shows its event ("restarts" is "restart").
 */
function baseOf(word: string): string {
	if (ALLOWED.has(word)) return word
	const stems = [/s$/, /es$/, /ed$/, /d$/].map(ending => word.replace(ending, ''))
	return stems.find(stem => stem !== word && ALLOWED.has(stem)) ?? word
}

/**
 * Why a scene's id cannot stand, or undefined: each of its words is a subject or a glossary word, an
 * event word, a neutral word, a word of its page's headings (`headings`), or one of the scene's own
 * (`domain`: the words the scene's domain lends, and the nouns of its code sample and of its locks' and
 * databases' labels, which its captions may use too).
 */
export function idProblem(id: string, headings: readonly string[] = [], domain: readonly string[] = []): string | undefined {
	const page = new Set(headings.map(word => word.toLowerCase()))
	const own = new Set(domain)
	const word = wordsOf(id).find(part => !ALLOWED.has(part) && !page.has(part) && !own.has(part))
	if (word === undefined) return undefined
	const from = page.size > 0 ? `, nor of this page's headings` : ''
	const ownWords = own.size > 0 ? `, nor of this scene's own (${[...own].slice(0, 8).join(', ')}${own.size > 8 ? ', ...' : ''})` : ''
	return `a scene's id shows in every link to its steps, so it names the scene's subject and tells nothing: "${word}" is no word of the id lexicon${from}${ownWords} (npm run scenes -- forms lists them all); name the subject, like fences-restart`
}

/** Whether the run shows the event an id's word names. */
const SHOWN: Readonly<Record<string, (run: RunFacts) => boolean>> = {
	restart: run => some(run, h => h.kind === 'restarted' || h.kind === 'process-restarted'),
	restore: run => some(run, h => h.kind === 'restored'),
	backup: run => some(run, h => h.kind === 'backed-up'),
	killed: run => run.steps.some(step => [...step.end.workers.values()].some(worker => worker.crashed === true)),
	lets: run => some(run, h => h.kind === 'released'),
	go: run => some(run, h => h.kind === 'released'),
	pause: run => run.steps.some(step => [...step.end.workers.values()].some(worker => worker.paused === true)),
	renewal: run => some(run, h => h.kind === 'renewed'),
	renew: run => some(run, h => h.kind === 'renewed'),
	release: run => some(run, h => h.kind === 'released'),
	end: run => some(run, h => h.kind === 'ended'),
	ended: run => some(run, h => h.kind === 'ended'),
	expiry: run => some(run, h => h.kind === 'expired'),
	timeout: run => some(run, h => h.kind === 'gave-up'),
	handover: run => some(run, h => h.kind === 'granted' && h.place !== undefined),
	tryhold: run => some(run, h => h.kind === 'asked' && h.tryOnly),
	wait: run => some(run, h => h.kind === 'asked' && !h.tryOnly && h.wait !== undefined),
	nofence: run => some(run, h => (h.kind === 'wrote' && !h.fenced) || (h.kind === 'granted' && h.fence === undefined)),
	fifo: run => run.steps.some(step => step.happenings.filter(h => h.kind === 'granted' && h.place !== undefined).length > 0) && run.steps.some(step => [...step.end.stores.values()].some(store => store.waiters.length > 1) || [...step.start.stores.values()].some(store => store.waiters.length > 1)),
	limit: run => run.steps.some(step => [...step.end.stores.values()].some(store => store.limit !== undefined)),
}

function some(run: RunFacts, test: (h: Happening) => boolean): boolean {
	return run.steps.some(step => step.happenings.some(test))
}

/** The first event an id's words name that the run does not show. */
export function idEventProblem(id: string, run: RunFacts): string | undefined {
	const word = wordsOf(id).find(part => SHOWN[part] !== undefined && !(SHOWN[part] as (run: RunFacts) => boolean)(run))
	if (word === undefined) return undefined
	return `the scene's id says "${word}", and ${ID_EVENTS[word]} in no step of it; name what the scene shows`
}
