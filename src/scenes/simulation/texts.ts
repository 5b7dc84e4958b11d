/**
 * A scene's texts as the claim language reads them: every caption, label and state is a site,
 * read when it is met (a request's words are the scene's input) and checked once the whole run is
 * known (a claim may speak of a later step). Problems become diagnostics at their file positions;
 * claims that held become the frame's checks and the marks of the engine's values.
 */
import type { Position, Text } from '../../../scene-parser/index.ts'
import { allHold, checkText, midSentence, nearestTrue, readText, sceneLanguage, suggestSentences } from '../claims/index.ts'
import type { CastMember, ClaimContext, DomainWords, MessageFacts, Place, ReadProblem, ReadResult, RunFacts, SceneLanguage, StepFacts, WorldFacts } from '../claims/index.ts'
import type { Diagnostic, Frame, FrameCheck, TextMark } from '../frame.ts'

/** One text of the scene, where it stands, and what it is checked against. */
export interface TextSite {
	text: Text
	place: Place
	read: ReadResult
	/** The frame it shows in. */
	frame: number
	/** The world it describes: a step's end, or the moment after its message. */
	world?: WorldFacts
	actor?: string
	/** For a label set in this step: its actor's messages in the step before it was set. */
	sentBefore?: number
	message?: MessageFacts
	/**
	 * `claim`: checked; `struck`: a struck label, which claims that what it said no longer holds;
	 * `read`: only read, for a message the engine could not run (its problem is told already).
	 */
	how: 'claim' | 'struck' | 'read'
	/** For a label shown again in a later step: the step's position, where its problems are told. */
	shownAgain?: { position: Position; step: number }
	/** Where the frame shows it, for the checks and marks. */
	where: FrameCheck['where']
	/** Called with the marks of the engine's values once it is checked, and the frame it shows in. */
	marked?: (marks: TextMark[], frame: Frame) => void
}

export class SceneTexts {
	readonly language: SceneLanguage
	readonly sites: TextSite[] = []
	/** Whether a problem's diagnostic offers the nearest true sentence ("did you mean"); see `SimulateOptions.offers`. */
	offers = true

	constructor(
		cast: readonly CastMember[],
		key: string,
		words: DomainWords,
		readonly file: string | undefined,
		/** Whether each caption's frame gets the true sentences of its step (`Frame.suggestions`), or which steps' frames do. */
		readonly suggest: boolean | readonly number[] = false,
		/** The scene's own nouns, which its captions may write for what a worker writes and for its work (`sceneNouns`). */
		nouns: readonly string[] = [],
		/** Of those, the ones that may tell a worker's work (`workNouns`): names its code calls, no actor's label's word. */
		work: readonly string[] = nouns,
		/** The lexicon's work words it does not lend (`unlentWords`): the words of the names its code calls outside the key, or all where its held code does no generic work. */
		unheld: readonly string[] = [],
		/** Of the work nouns, those its held code calls as a name of one word (`aloneVerbs`), which read alone as verbs. */
		alone: readonly string[] = [],
	) {
		this.language = sceneLanguage(cast, key, words, nouns, work, unheld, alone)
	}

	read(text: Text, place: Place): ReadResult {
		return readText(this.language, text.value, place)
	}

	add(site: TextSite): void {
		this.sites.push(site)
	}

	/** Checks every site against the finished run; each frame gets its diagnostics and checks, and `denied` hears of each site found false. */
	check(run: RunFacts, frames: Frame[], denied?: (frame: number, where: FrameCheck['where']) => void): void {
		const name = (id: string) => this.language.names.labelOf(id)
		// A label found false is told once, where it went wrong, not again at each later step it shows in.
		const wrong = new Set<Text>()
		// The latest moment the captions told up to each step, which "5 s later" in the next step's caption and notes is read from.
		const captionTold = new Map<number, number>()
		for (const site of this.sites) {
			const frame = frames[site.frame]
			const step = run.steps[site.frame] as StepFacts | undefined
			if (!frame || !step) continue
			// A note speaks when it is sent: of what had happened in the step by then, and the world then.
			const sofar = site.message?.sofar
			const known = sofar === undefined ? undefined : new Set(sofar)
			const at = known === undefined ? step : { ...step, happenings: step.happenings.filter(h => known.has(h)), end: site.world ?? step.end }
			const context: ClaimContext = { run, step: at, place: site.place, world: site.world ?? step.end, name, words: this.language.words }
			if (site.actor !== undefined) context.actor = site.actor
			if (site.sentBefore !== undefined) context.sentBefore = site.sentBefore
			if (site.message !== undefined) context.message = site.message
			const toldBefore = site.place === 'caption' || site.place === 'note' ? captionTold.get(site.frame - 1) : undefined
			if (toldBefore !== undefined) context.toldBefore = toldBefore
			if (site.how === 'struck') {
				if (!site.shownAgain) for (const problem of site.read.problems) frame.diagnostics.push(this.#at(site, problem.start, problem.message))
				// A claim about the time its label is shown ends with the strike; any other must no longer hold.
				const read = { ...site.read, clauses: site.read.clauses.filter(clause => !clause.form.whileShown) }
				if (read.clauses.length === 0) continue
				const held = allHold(read, context)
				if (held.holds && site.shownAgain) {
					if (!wrong.has(site.text)) frame.diagnostics.push(this.#at(site, 0, `struck, it says it no longer holds, and it holds again when the step ends (${describe(site)})`))
					wrong.add(site.text)
				} else if (held.holds) frame.diagnostics.push(this.#at(site, 0, `cannot strike "${site.text.value}": it still holds when the step ends (${describe(site)}); strike a label only once it is no longer true`))
				continue
			}
			if (site.how === 'read') {
				for (const problem of site.read.problems) frame.diagnostics.push(this.#at(site, problem.start, problem.message))
				continue
			}
			if (site.where.kind === 'state' && wrong.has(site.text)) {
				denied?.(site.frame, site.where)
				continue
			}
			if (site.place === 'caption' && (this.suggest === true || (this.suggest !== false && this.suggest.includes(site.frame)))) frame.suggestions = suggestSentences(this.language, context).map(({ text, group, form }) => ({ text, group, form }))
			const result = checkText(site.read, context)
			if (site.place === 'caption') {
				// Up to a caption that did not hold, what the reader was told is unknown: no "later" is held to it.
				const moments = result.claims.flatMap(claim => (claim.at === undefined ? [] : [claim.at]))
				const before = site.frame === 1 ? 0 : captionTold.get(site.frame - 1)
				if (moments.length > 0) captionTold.set(site.frame, Math.max(before ?? 0, ...moments))
				else if (result.problems.length === 0 && before !== undefined) captionTold.set(site.frame, before)
			}
			for (const problem of result.problems) frame.diagnostics.push(this.#offered(site, problem, context))
			if (result.problems.length > 0) denied?.(site.frame, site.where)
			if (result.problems.length > 0 && site.where.kind === 'state') wrong.add(site.text)
			const marks: TextMark[] = result.claims.flatMap(claim => claim.values.map(value => ({ start: value.start, end: value.end, kind: 'value' as const })))
			site.marked?.(marks.sort((a, b) => a.start - b.start), frame)
			for (const claim of result.claims) frame.checks.push({ where: site.where, text: site.text.value.slice(claim.start, claim.end), form: claim.form, evidence: claim.evidence })
		}
	}

	/**
	 * A problem's diagnostic, with the nearest true sentence to the words it is about, built from the
	 * step's facts: "; did you mean: ...?", and the same sentence as the fix of those words.
	 */
	#offered(site: TextSite, problem: ReadProblem, context: ClaimContext): Diagnostic {
		const told = (message: string) => this.#at(site, problem.start, message)
		const span = problem.offer
		if (!span || !this.offers) return told(problem.message)
		const value = site.text.value
		// Inside a sentence the offer reads as the words it replaces: "…, and the clock reads 5 s", not "The clock".
		const opens = /(^|[.;!?]\s*)$/.test(value.slice(0, span.start))
		const written = (sentence: string) => (opens ? sentence : midSentence(this.language, sentence))
		// Offered is what reads in its place: the text with it there has no problem in its words.
		const fits = (sentence: string) => {
			const words = written(sentence)
			const end = span.start + words.length
			const fixed = checkText(readText(this.language, value.slice(0, span.start) + words + value.slice(span.end), site.place), context)
			return !fixed.problems.some(other => other.start < end && other.end > span.start)
		}
		const rejoined = problem.rejoin === undefined ? undefined : this.#rejoined(site, problem.rejoin, context)
		// A state that began after the clause before it is offered only as told after it, with "and".
		if (problem.rejoin !== undefined && rejoined === undefined) return told(problem.message)
		if (rejoined !== undefined) {
			const diagnostic = told(`${problem.message}; did you mean: "${rejoined.sentence}"?`)
			if (site.shownAgain) return diagnostic
			const { line, column } = site.text.position
			const at = (offset: number) => column + 1 + rawOffset(value, offset)
			return { ...diagnostic, fix: { line, column: at(rejoined.start), endColumn: at(rejoined.end), text: rejoined.sentence.replace(/["\\]/g, '\\$&') } }
		}
		const near = nearestTrue(this.language, context, value.slice(span.start, span.end), fits)
		if (near === undefined) return told(problem.message)
		const offered = written(near)
		const diagnostic = told(`${problem.message}; did you mean: "${offered}"?`)
		// A label shown again is told at its step, not at its words: there is nothing there to replace.
		if (site.shownAgain) return diagnostic
		const { line, column } = site.text.position
		const at = (offset: number) => column + 1 + rawOffset(value, offset)
		return { ...diagnostic, fix: { line, column: at(span.start), endColumn: at(span.end), text: offered.replace(/["\\]/g, '\\$&') } }
	}

	/**
	 * "X, while S" or "While S, X" of a state S that began only after X happened, told as "X, and S": offered
	 * when the text with it in their place reads with no problem there. Other ways of saying "while" (a
	 * participle, a fence's words after a comma) are offered nothing of this kind.
	 */
	#rejoined(site: TextSite, rejoin: NonNullable<ReadProblem['rejoin']>, context: ClaimContext): { sentence: string; start: number; end: number } | undefined {
		const value = site.text.value
		const { before, after } = rejoin
		const event = value.slice(before.start, before.end)
		const state = value.slice(after.start, after.end)
		let start: number
		let end: number
		if (before.end <= after.start && /^\s*,?\s*while\s+$/i.test(value.slice(before.end, after.start))) [start, end] = [before.start, after.end]
		else if (after.end <= before.start && /^\s*,\s*$/.test(value.slice(after.end, before.start)) && /\bwhile\s+$/i.test(value.slice(0, after.start))) [start, end] = [after.start - (/\bwhile\s+$/i.exec(value.slice(0, after.start)) as RegExpExecArray)[0].length, before.end]
		else return undefined
		const opens = /(^|[.;!?]\s*)$/.test(value.slice(0, start))
		const joined = `${event}, and ${midSentence(this.language, state)}`
		const sentence = opens ? joined.charAt(0).toUpperCase() + joined.slice(1) : midSentence(this.language, joined)
		const fixed = checkText(readText(this.language, value.slice(0, start) + sentence + value.slice(end), site.place), context)
		return fixed.problems.some(other => other.start < start + sentence.length && other.end > start) ? undefined : { sentence, start, end }
	}

	/** A diagnostic at an offset of a site's text, or at its step when it is a label shown again. */
	#at(site: TextSite, offset: number, message: string): Diagnostic {
		if (site.shownAgain) {
			const { position, step } = site.shownAgain
			return { file: this.file, line: position.line, column: position.column, message: `step ${step} still shows "${site.text.value}" (set at line ${site.text.position.line}): ${message}; set a new label or strike it` }
		}
		const text = site.text
		return { file: this.file, line: text.position.line, column: text.position.column + 1 + rawOffset(text.value, offset), message }
	}
}

function describe(site: TextSite): string {
	return site.where.kind === 'state' ? `on ${site.where.actor}` : 'here'
}

/** The offset in a text's source of an offset in its value: escapes take two characters. */
function rawOffset(value: string, offset: number): number {
	let raw = 0
	for (let i = 0; i < offset && i < value.length; i++) raw += value[i] === '"' || value[i] === '\\' ? 2 : 1
	return raw
}
