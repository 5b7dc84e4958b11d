/**
 * A scene's id as a claim: it shows in every link to a step, so it names the scene's subject in words
 * of the id lexicon, and a word that names an event (`restart`) says the scene shows one.
 */
import { FUNCTION_WORDS, ID_EVENTS, ID_WORDS, NEUTRAL_WORDS } from './lexicon.ts'
import type { Happening } from '../frame.ts'
import type { RunFacts } from './facts.ts'

const ALLOWED = new Set([...NEUTRAL_WORDS, ...FUNCTION_WORDS, ...ID_WORDS, ...Object.keys(ID_EVENTS)])

/** The words of an id, between its hyphens and underscores. */
function wordsOf(id: string): string[] {
	return id.split(/[-_]+/).filter(part => part !== '')
}

/** Why a scene's id cannot stand, or undefined: each of its words is a subject, an event word, or a neutral word. */
export function idProblem(id: string): string | undefined {
	const word = wordsOf(id).find(part => !ALLOWED.has(part))
	if (word === undefined) return undefined
	return `a scene's id shows in every link to its steps, so it names the scene's subject and tells nothing: "${word}" is no word of the id lexicon (${ID_WORDS.slice(0, 8).join(', ')}, ...; see the authors page); name the subject, like fences-restart`
}

/** Whether the run shows the event an id's word names. */
const SHOWN: Readonly<Record<string, (run: RunFacts) => boolean>> = {
	restart: run => some(run, h => h.kind === 'restarted'),
	restore: run => some(run, h => h.kind === 'restored'),
	backup: run => some(run, h => h.kind === 'backed-up'),
	killed: run => run.steps.some(step => [...step.end.workers.values()].some(worker => worker.crashed === true)),
	lets: run => some(run, h => h.kind === 'released'),
	go: run => some(run, h => h.kind === 'released'),
	pause: run => run.steps.some(step => [...step.end.workers.values()].some(worker => worker.paused === true)),
	renewal: run => some(run, h => h.kind === 'renewed'),
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
