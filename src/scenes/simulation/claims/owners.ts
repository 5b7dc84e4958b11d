/**
 * Ties a caption's fences to the worker it names: in "Worker B holds the key with fence 8", 8 must
 * be a fence B was given. A fence belongs to the actor named nearest before it in the same
 * sentence; when that is a worker, the fence must be one the engine gave that worker. A fence with
 * no actor before it, or with a lock or a database nearest, is checked as a value of the step only.
 */
import type { Actor } from '../../../../scene-parser/index.ts'
import { showFence } from '../notation.ts'
import type { ReportAt } from './check.ts'
import type { ReadText } from './read-text.ts'

/** An actor named in a text, where. */
interface Mention {
	actor: Actor
	offset: number
}

/** Words that name a lock or a database without its label ("the row keeps 8"), so a fence after them is not a worker's. */
const OTHER_WORDS = /\b(?:the (?:row|database|table|lock|store|server)|it)\b/gi

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A name of an actor and the pattern that finds it in a text. */
interface NamePattern {
	actor: Actor
	name: string
	pattern: RegExp
}

/** The patterns of a scene's actors, made once per scene, with how many actors they cover. */
const namePatterns = new WeakMap<readonly Actor[], { count: number; patterns: NamePattern[] }>()

function patternsOf(actors: readonly Actor[]): NamePattern[] {
	const cached = namePatterns.get(actors)
	// The parser only adds actors, so a list of another length is one to make again.
	if (cached?.count === actors.length) return cached.patterns
	const patterns = actors.flatMap(actor => {
		const label = actor.label.value
		const last = label.split(/\s+/).pop() ?? label
		return [...new Set([label, last, actor.id].filter(name => name.length > 0))].map(name => ({
			actor,
			name,
			// A one-letter name counts only as written (capital), so "a" and "I" stay words.
			pattern: new RegExp(`(?<![\\w'])${escape(name)}(?:'s)?(?![\\w'])`, name.length === 1 ? 'g' : 'gi'),
		}))
	})
	namePatterns.set(actors, { count: actors.length, patterns })
	return patterns
}

/** Where a text names each actor: its whole label, `X's`, or its label's last word (a lone capital `A` only mid-sentence, where it is no article). */
function mentions(text: string, actors: readonly Actor[]): Mention[] {
	const found: Mention[] = []
	for (const { actor, name, pattern } of patternsOf(actors)) {
		for (const match of text.matchAll(pattern)) {
			const offset = match.index ?? 0
			if (name === 'A' && !match[0].endsWith("'s") && sentenceStart(text, offset)) continue
			found.push({ actor, offset })
		}
	}
	return found.sort((a, b) => a.offset - b.offset)
}

function sentenceStart(text: string, offset: number): boolean {
	return /(?:^|[.;!?:]\s+)$/.test(text.slice(0, offset))
}

/** Where the sentence that holds `offset` starts: after the last `.`, `;`, `!` or `?` followed by a space. */
function sentenceFrom(text: string, offset: number): number {
	let start = 0
	for (const match of text.slice(0, offset).matchAll(/[.;!?]\s/g)) start = (match.index ?? 0) + 1
	return start
}

/**
 * Checks each fence of a caption against the worker named nearest before it in its sentence.
 * `fencesOf` gives every fence the engine gave a worker so far, or undefined for an actor that
 * is no worker.
 */
export function checkFenceOwners(read: ReadText, text: string, actors: readonly Actor[], fencesOf: (actor: Actor) => ReadonlySet<bigint> | undefined, report: ReportAt): void {
	const fences = read.numbers.filter(claim => !claim.inRelation && (claim.role === 'fence' || claim.fenceNotation))
	if (fences.length === 0) return
	const named = mentions(text, actors)
	const others = [...text.matchAll(OTHER_WORDS)].map(match => match.index ?? 0)
	for (const claim of fences) {
		const from = sentenceFrom(text, claim.offset)
		const owner = named.filter(m => m.offset >= from && m.offset < claim.offset).pop()
		if (!owner) continue
		if (others.some(at => at > owner.offset && at < claim.offset)) continue
		const fences = fencesOf(owner.actor)
		if (fences === undefined || fences.has(claim.value)) continue
		const given = [...fences].map(showFence)
		const name = owner.actor.label.value
		report(
			claim.offset,
			given.length === 0
				? `fence ${showFence(claim.value)} is written beside ${name}, but the engine has given ${name} no fence yet`
				: `fence ${showFence(claim.value)} is written beside ${name}, but the engine gave ${name} ${given.length === 1 ? 'fence' : 'fences'} ${given.join(', ')}`,
		)
	}
}
