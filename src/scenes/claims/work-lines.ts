/**
 * A work phrase and the code that ran: a clause that tells a worker's work ("A rebuilds the index", "finishes its export",
 * "is still working") is checked against the statements its code ran (`StepFacts.ran`), not only against its hold.
 * Its words name the work: the calls of the code under the key whose names have them ("rebuilds the index" names
 * `rebuildIndex(...)`; a neutral verb such as "builds" only a call whose name has that verb too, else `work()`); with none,
 * `work()`, or, where the code calls no `work()`, the whole of the code under the key. Then:
 * A call the code makes only on a condition (a `?:` arm, after `&&`, `||`, `??`, an optional call) names no work: the run
 * records its statement, not whether that call ran. A work clause stands in the text's order where its work began or ended.
 * - starts: a statement of that work ran in the step, at or after the moment the form tells (its grant), in the hold that
 *   grant began; "at once", each worker's began at one moment;
 * - is (still) doing: a statement of that work began at or before the clause's moment (for "still", before the step) and
 *   its code had not yet gone on to another statement or act (a call of other work, a write, an ask, a let-go): the work of a
 *   statement takes the time until then;
 * - finishes: the last statement of that work in its hold went on to another statement or act in this step, at the moment told;
 * - finishes first: and no other worker's same work had.
 * After a comma or "while" ("asks for the key, rebuilding the index"), the work was going on when each event the clause before
 * told happened (a finish after "while" is at that moment instead).
 */
import type { Happening } from '../frame.ts'
import type { RanLine, RunFacts, StatementFact } from './facts.ts'
import type { ClaimContext, DomainWords, Verdict } from './form.ts'
import { SAVED_AS_THING } from './form.ts'
import { WORK_ADJECTIVES, WORK_VERBS } from './lexicon.ts'
import type { ReadClause } from './read.ts'
import { gerund, plural, thirdPerson } from './work-phrase.ts'

/** The words of a name: `rebuildIndex` is "rebuild" and "index". */
function nameWords(name: string): string[] {
	return name
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
		.toLowerCase()
		.split(/[^a-z]+/)
		.filter(Boolean)
}

/** Whether a word of the text is a word of a name, in any of its forms ("rebuilds", "rebuilding", "indexes"), or its noun in "-ment" ("payment(s)" of `pay`: `verbNouns`). */
function says(word: string, nameWord: string): boolean {
	return word === nameWord || thirdPerson(nameWord).includes(word) || gerund(nameWord).includes(word) || plural(nameWord).includes(word) || word === `${nameWord}ment` || word === `${nameWord}ments`
}

/** Two words of one stem: the same, or the same first five letters at least ("finalize", "final"): the domain's word for what a worker writes, and a name of the code that makes it. */
function sameStem(a: string, b: string): boolean {
	if (a === b) return true
	let common = 0
	while (common < a.length && common < b.length && a[common] === b[common]) common++
	return common >= 5
}

/** The neutral verbs a phrase uses, in their plain form ("builds" is "build"); "do" names no kind of work. */
function neutralVerbs(words: readonly string[]): string[] {
	return WORK_VERBS.filter(verb => verb !== 'do' && words.some(word => says(word, verb)))
}

/**
 * "writing its monthly export": "writing" tells the write the code under the key makes (a call of the domain's writing function,
 * `DomainWords.writes`), and the words after it, but for a determiner, the lexicon's work adjectives and what follows "of", each
 * name what that write carries (a word of the argument it takes there) or are the domain's word for it (its THING, or "its
 * work", "its result"). Why not, or undefined (also of a phrase with no "writing").
 */
export function writingProblem(words: readonly string[], statements: readonly StatementFact[], domain: DomainWords | undefined, own: ReadonlySet<string>): string | undefined {
	const at = words.indexOf('writing')
	if (at < 0) return undefined
	const writes = domain?.writes ?? {}
	const calls = statements.filter(statement => statement.held).flatMap(statement => (statement.given ?? []).filter(call => writes[call.call] !== undefined))
	if (calls.length === 0) return `"writing" tells the write the code under the key makes, and it calls no ${Object.keys(writes).length === 0 ? 'function that writes' : Object.keys(writes).map(name => `${name}()`).join(' nor ')}: tell its work in its own words`
	const carried = calls.flatMap(call => {
		const arg = call.args[writes[call.call] as number]
		return arg === undefined ? [] : 'name' in arg ? nameWords(arg.name) : 'call' in arg ? nameWords(arg.call) : 'text' in arg ? nameWords(arg.text) : []
	})
	const rest = words.slice(at + 1)
	const of = rest.indexOf('of')
	const head = (of < 0 ? rest : rest.slice(0, of)).filter(word => !['its', 'the', 'a', 'an'].includes(word) && !WORK_ADJECTIVES.includes(word) && !own.has(word))
	const thing = domain?.thing
	const stray = head.find(word => !SAVED_AS_THING.includes(word) && !(thing !== undefined && says(word, thing)) && !carried.some(part => says(word, part)))
	return stray === undefined ? undefined : `"writing" tells the write the code under the key makes, and "${stray}" is no word of what it writes (${[...new Set(carried)].join(', ') || 'nothing it names'}, by ${[...new Set(calls.map(call => `${call.call}()`))].join(', ')}): write "writing its ${thing ?? 'work'}", or tell the work in the code's own words`
}

/**
 * "writing" tells a write the code under the key makes, one that ran: of the hold the clause's moment is in (the worker's last grant at
 * or before it, else its next grant), a write of the worker's before the code left that hold (a new grant, a crash or a restart of its
 * process), anywhere in the run. A statement that would write (on a condition that never held) is no write. Why not, or undefined.
 */
function writeMade(context: ClaimContext, worker: string, from: number): string | undefined {
	const all = context.run.steps.slice(1).flatMap(step => (step.index === context.step.index ? context.step : step).happenings.map(h => ({ h, step: step.index })))
	const here = all.map(({ h, step }) => step < context.step.index || (step === context.step.index && h.at <= from)).lastIndexOf(true)
	const granted = (one: { h: Happening }) => one.h.kind === 'granted' && one.h.worker === worker
	let start = all.map((one, i) => i <= here && granted(one)).lastIndexOf(true)
	if (start < 0) start = all.findIndex((one, i) => i > here && granted(one))
	const name = context.name(worker)
	if (start < 0) return `"writing" tells a write the code under the key makes, and ${name} was given no key to make one under`
	const grant = all[start]?.h as Extract<Happening, { kind: 'granted' }>
	for (const one of all.slice(start + 1)) {
		if (!('worker' in one.h) || one.h.worker !== worker) continue
		if (one.h.kind === 'wrote') return undefined
		if (one.h.kind === 'granted' || one.h.kind === 'crashed' || one.h.kind === 'process-restarted') break
	}
	return `"writing" tells a write the code under the key makes, and ${name}'s code made no write in the hold its key${grant.fence === undefined ? '' : ` with fence ${grant.fence}`} began at ${time(grant.at)} (a write its code has but did not run is none): tell its work in its own words`
}

/** The statements of the code a phrase names (by their ids), and how to say it; or why it names none. */
export function namedWork(words: readonly string[], statements: readonly StatementFact[], thing?: string, own: ReadonlySet<string> = new Set(), owner?: string): { ids: ReadonlySet<number>; what: string; /** Named by a call of its own (`rebuildIndex()`), not `work()`. */ call?: true } | string {
	const held = [...statements.entries()].filter(([, statement]) => statement.held)
	const callWords = new Set(held.flatMap(([, statement]) => statement.calls.flatMap(nameWords)))
	const named = [...callWords].filter(nameWord => words.some(word => says(word, nameWord)))
	const verbs = neutralVerbs(words)
	// A call in a part of a statement that may not run (a `?:` arm, after `&&`, `||`, `??`): the run records the statement, not whether that call ran, so it tells no work that ran.
	const maybe = [...new Set(held.flatMap(([, statement]) => (statement.maybe ?? []).filter(call => nameWords(call).some(part => !callWords.has(part) && words.some(word => says(word, part))))))]
	if (maybe.length > 0) return `the code under the key calls ${maybe.map(call => `${call}()`).join(', ')} only on a condition (a "?:" arm, after "&&", "||" or "??"), and the run records its statement, not whether that call ran: tell work the code calls outright`
	if (named.length > 0) {
		// A neutral verb tells a call whose name has it, or whose other words are neutral verbs too ("builds its export" of runExport, not "builds the index" of dropIndex).
		const fits = (call: string) => named.every(word => nameWords(call).includes(word)) && (verbs.every(verb => nameWords(call).includes(verb)) || nameWords(call).every(word => named.includes(word) || WORK_VERBS.includes(word)))
		const ids = new Set(held.filter(([, statement]) => statement.calls.some(fits)).map(([id]) => id))
		const calls = [...new Set(held.flatMap(([, statement]) => statement.calls.filter(call => named.every(word => nameWords(call).includes(word)))))]
		if (ids.size === 0) return calls.length > 0 ? `"${verbs.join('", "')}" is no word of ${calls.map(call => `${call}()`).join(', ')}, the call of the code under the key that "${named.join(' ')}" names: tell that work in its own words` : `no one call of the code under the key has "${named.join('" and "')}" in its name`
		// Every other noun of the phrase must name that work too: a word of a name the code under the key uses but does not call
		// ("rebuilding its report" of rebuildIndex() beside a variable report) tells nothing of it, unless it is a name given to that call.
		const given = new Set(held.flatMap(([id, statement]) => (ids.has(id) ? (statement.given ?? []).filter(call => fits(call.call)).flatMap(call => call.args.flatMap(arg => ('name' in arg ? nameWords(arg.name) : []))) : [])))
		const unnamed = new Set(held.flatMap(([, statement]) => (statement.names ?? []).flatMap(nameWords)).filter(word => word.length >= 3 && !callWords.has(word) && !given.has(word)))
		const stray = words.find(word => !own.has(word) && ![thing, owner].some(domain => domain !== undefined && says(word, domain)) && [...unnamed].some(part => says(word, part)))
		if (stray !== undefined) return `"${stray}" is a word of a name the code under the key uses but does not call, nor gives to ${[...new Set(held.filter(([id]) => ids.has(id)).flatMap(([, statement]) => statement.calls.filter(fits)))].map(call => `${call}()`).join(', ')}: it tells nothing of that work; leave it out, or tell the work in that call's words`
		return { ids, what: [...new Set(held.filter(([id]) => ids.has(id)).flatMap(([, statement]) => statement.calls.filter(fits)))].map(call => `${call}()`).join(', '), ...(named.includes('work') ? {} : { call: true as const }) }
	}
	// A noun of the code under the key that no call of it has (a variable's, an argument's: "the index" of `indexName`) tells no work the code does.
	const values = new Set(held.flatMap(([, statement]) => (statement.names ?? []).flatMap(nameWords)).filter(word => word.length >= 3 && !callWords.has(word)))
	// The domain's words for what a worker writes and what a key is of are the domain's, not the code's ("its THING of the OWNER").
	const value = words.find(word => !own.has(word) && ![thing, owner].some(domain => domain !== undefined && says(word, domain)) && [...values].some(part => says(word, part)))
	if (value !== undefined) return `"${value}" is a word of a name the code under the key uses but does not call: it tells no work the code does; tell the work by a call of that code, or as "its work"`
	// What a worker writes, told as its work ("building its THING"), is not what its code makes outside the key (a call of a name of its stem before `hold`).
	const told = thing === undefined ? [] : words.filter(word => says(word, thing))
	if (thing !== undefined && told.length > 0) {
		const outside = [...new Set(statements.filter(statement => !statement.held).flatMap(statement => statement.calls.filter(call => nameWords(call).some(part => sameStem(part, thing)))))]
		if (outside.length > 0) return `the code makes its ${thing} outside the key (${outside.map(call => `${call}()`).join(', ')}), not in the work under it: tell what the code under the key does`
	}
	const work = held.filter(([, statement]) => statement.calls.includes('work'))
	if (work.length > 0) return { ids: new Set(work.map(([id]) => id)), what: 'work()' }
	if (held.length === 0) return 'the code holds no key: no work of its is under one'
	return { ids: new Set(held.map(([id]) => id)), what: 'its work under the key' }
}

/** The words of a form's own patterns: no work phrase's. */
function formWords(clause: ReadClause): Set<string> {
	return new Set([clause.form.pattern, ...(clause.form.alternatives ?? [])].flatMap(pattern => pattern.replace(/\{[a-z]+\}/g, ' ').toLowerCase().split(/[^a-z]+/)).filter(Boolean))
}

/** A statement a worker's code ran, with its step. */
interface Ran {
	step: number
	line: RanLine
}

function ranOf(run: RunFacts, worker: string): Ran[] {
	return run.steps.flatMap(step => (step.ran ?? []).filter(line => line.worker === worker).map(line => ({ step: step.index, line })))
}

/** Whether a place (step, moment, order) comes after another's. */
const after = (a: Ran, b: { step: number; at: number; order: number }): boolean => a.step > b.step || (a.step === b.step && (a.line.at > b.at || (a.line.at === b.at && a.line.order > b.order)))

/**
 * The statements of the work in a worker's run that called a function of the sample's own that did nothing: its body ran (statements
 * outside the code under the key, right after it) and returned before any statement of it that awaits ran (`if (…) return`
 * at its start; `const k = chatId.trim()` before it does no work). Such a call does no work and takes no time: the code went on from it at once.
 */
function emptyCalls(list: readonly Ran[], ids: ReadonlySet<number>, statements: readonly StatementFact[]): Set<Ran> {
	const empty = new Set<Ran>()
	for (const [index, one] of list.entries()) {
		if (one.line.act === true || one.line.statement === undefined || !ids.has(one.line.statement)) continue
		let body = 0
		let did = false
		for (const next of list.slice(index + 1)) {
			const fact = next.line.statement === undefined ? undefined : statements[next.line.statement]
			if (next.line.act === true || fact === undefined || fact.held) break
			body++
			// Work is an awaited call; a call of the sample's own function is work where its own statements (which follow in the list) are;
			// a method of a built-in value (`chatId.trim()`, `Math.max(...)`, `JSON.stringify(...)`) is none (trial a27).
			if (fact.awaits === true) {
				did = true
				break
			}
		}
		if (body > 0 && !did) empty.add(one)
	}
	return empty
}

/**
 * The ends of the work in a worker's run: each statement or act its code went on to (another call, a write, an ask, a
 * let-go) that is none of the work, after a statement of it: a statement's work takes the time until its code goes on.
 */
function endsOf(list: readonly Ran[], ids: ReadonlySet<number>, statements: readonly StatementFact[], tail?: { lastAct?: Ran }): { began: Ran; end: Ran; lastAct?: Ran }[] {
	const ends: { began: Ran; end: Ran; lastAct?: Ran }[] = []
	let began: Ran | undefined
	let lastAct: Ran | undefined
	const empty = emptyCalls(list, ids, statements)
	for (const [index, one] of list.entries()) {
		const ofWork = one.line.statement !== undefined && ids.has(one.line.statement) && !empty.has(one)
		// A statement that begins only to wait for its act (a write, an ask) goes on at that act: the time until it is the work's.
		const next = list[index + 1]
		const waitsForAct = one.line.act !== true && next !== undefined && next.line.act === true && next.line.statement === one.line.statement
		// A statement that calls nothing (`return true`, `const n = 1`) takes no time: the work goes on through it.
		const calls = one.line.statement === undefined ? undefined : statements[one.line.statement]
		const idle = one.line.act !== true && calls !== undefined && calls.calls.length === 0 && (calls.maybe ?? []).length === 0
		// A statement outside the code under the key that runs while its worker holds it runs inside a call of that code (`pay()`'s own `await work()`): the work goes on through it.
		const nested = one.line.act !== true && calls !== undefined && !calls.held
		if (ofWork) {
			began ??= one
			// An act of the work's own (a write of the code under the key) after which no more of it ran: its last.
			if (one.line.act === true) lastAct = one
			else lastAct = undefined
		} else if (began !== undefined && !waitsForAct && !idle && !nested) {
			ends.push({ began, end: one, ...(lastAct === undefined ? {} : { lastAct }) })
			began = undefined
			lastAct = undefined
		}
	}
	// A work its code has not left by the run's end: its last own act so far.
	if (tail !== undefined && began !== undefined && lastAct !== undefined) tail.lastAct = lastAct
	return ends
}

/**
 * The work a clause tells, checked against what its worker's code ran; the verdict with the moment it tells (a finish's),
 * or why not. `worker` is the clause's (each of a group's in turn).
 */
export function workLines(clause: ReadClause, verdict: Extract<Verdict, { ok: true }>, context: ClaimContext, worker: string): Extract<Verdict, { ok: true }> | string {
	const statements = context.run.statements
	if (clause.work === undefined || statements === undefined) return verdict
	// A hold given a function of the prelude by name (`hold(key, work)`) runs no statement of the sample's: nothing to check its work by.
	if (!statements.some(statement => statement.held)) return verdict
	const writing = writingProblem(clause.work, statements, context.words, formWords(clause))
	if (writing !== undefined) return writing
	if (clause.work.includes('writing')) {
		const made = writeMade(context, worker, verdict.each?.find(one => one.who === worker)?.at ?? verdict.at ?? context.step.start.time)
		if (made !== undefined) return made
	}
	const named = namedWork(clause.work, statements, context.words?.thing, formWords(clause), context.words?.owner)
	if (typeof named === 'string') return named
	const name = context.name(worker)
	const list = ranOf(context.run, worker)
	const step = context.step.index
	const empty = emptyCalls(list, named.ids, statements)
	const ofWork = (one: Ran) => one.line.statement !== undefined && named.ids.has(one.line.statement) && !empty.has(one)
	const tail: { lastAct?: Ran } = {}
	const ends = endsOf(list, named.ids, statements, tail)
	const whole = named.what === 'its work under the key'
	// A call of the sample's own function that returned before it did anything is no work (`emptyCalls`): said where it explains a refusal.
	const idle = [...empty].find(one => one.step === step) ?? (list.some(ofWork) ? undefined : [...empty][0])
	const body: Ran[] = []
	for (const one of idle === undefined ? [] : list.slice(list.indexOf(idle) + 1)) {
		if (one.line.act === true || one.line.statement === undefined || statements[one.line.statement]?.held !== false) break
		body.push(one)
	}
	const last = body[body.length - 1]
	const nothing = idle !== undefined && last !== undefined ? `its call of ${named.what} at line ${idle.line.line}${idle.step === step ? '' : ` in step ${idle.step}`} did nothing: its function returned at line ${last.line.line}, before any statement of it that does work ran (an awaited call; a method of a built-in value, like a string's trim(), does none)` : undefined
	const never = nothing !== undefined ? ` (${nothing})` : list.some(ofWork) ? '' : ' (it never ran it)'
	// The span of the work going on at a place: begun at or before it, not ended before it.
	const goingOn = (place: { step: number; at: number; order: number }) => {
		const began = [...list].reverse().find(one => ofWork(one) && !after(one, place))
		if (began === undefined) return undefined
		const at = list.indexOf(began)
		const end = ends.find(one => list.indexOf(one.began) <= at && list.indexOf(one.end) > at)
		const before = ends.filter(one => list.indexOf(one.end) < at).pop()
		const start = list.find((one, index) => ofWork(one) && index > (before === undefined ? -1 : list.indexOf(before.end))) as Ran
		return end === undefined || after(end.end, place) ? { began: start, end } : undefined
	}
	// "A long WORK": work named by a call of its own (not work()) lasts from where it began to where that call returned and
	// the code went on (`endsOf`), not to where the code left the hold; seen only up to a step (`lookAhead`), one not ended by then passes.
	const tooShort = (from: Ran): string | undefined => {
		if (named.call !== true) return undefined
		const at = list.indexOf(from)
		const end = ends.find(one => list.indexOf(one.began) <= at && list.indexOf(one.end) > at)
		const lookAhead = context.run.lookAhead
		const seen = end !== undefined && (lookAhead === undefined || end.end.step <= lookAhead)
		if (!seen && lookAhead !== undefined) return undefined
		const stop = seen ? end.end.line.at : (context.run.steps[context.run.steps.length - 1] ?? context.step).end.time
		const ttl = context.run.ttl
		if ((stop - from.line.at) * 3 >= ttl) return undefined
		return `${name}'s ${named.what} lasted ${time(stop - from.line.at)}, from ${time(from.line.at)} to ${time(stop)}${seen ? ', where the call returned and its code went on' : ', the end of the scene'}: a long stretch of work lasts at least a third of its lease's ${time(ttl)} (${time(ttl / 3)})`
	}
	const id = clause.form.id
	const finishes = id === 'finishes-work' || id === 'work-finishes' || id === 'finishes-first'
	// A finish after "while" ("B asks while A finishes rebuilding") is at the moment of the clause before (`check.ts`): its own check below tells that moment.
	if (clause.during === true && !finishes && context.priorTold !== undefined && context.priorTold.length > 0) {
		// "…, rebuilding the index": the work was going on when what the clause before told happened: each of it ("B and C ask … while A is still rebuilding").
		for (const event of context.priorTold as readonly Happening[]) {
			// Between commas after its subject ("A, still at work, saves"): right up to the happening, just before it.
			const place = { step, at: event.at, order: context.step.happenings.indexOf(event) - (clause.apposed === true ? 0.5 : 0) }
			if (goingOn(place) === undefined) return `${name}'s code was not running ${named.what} when what the clause before tells happened, at ${time(event.at)}${never}`
		}
		return verdict
	}
	if (id === 'starts-working' || id === 'settles-in' || id === 'workers-start-working' || id === 'workers-start-working-together') {
		const started = startOf(worker, list, verdict, context, ofWork)
		if (started === undefined) return nothing !== undefined && idle?.step === step ? `${name}'s code did no work in this step: ${nothing}; tell what its code did` : `${name}'s code did not run ${named.what} in this step${never}`
		if (typeof started === 'string') return started.replace('WORK', named.what)
		const short = id === 'settles-in' ? tooShort(started) : undefined
		if (short !== undefined) return `${short}; "settles in" says it stayed at that work that long at least`
		if (id === 'workers-start-working-together') {
			// "at once": each worker's work began at one moment, not only its grant.
			for (const other of verdict.each ?? []) {
				if (other.who === worker) continue
				const theirs = startOf(other.who, ranOf(context.run, other.who), verdict, context, ofWork)
				if (theirs !== undefined && typeof theirs !== 'string' && theirs.line.at !== started.line.at) return `${name}'s code began ${named.what} at ${time(started.line.at)} and ${context.name(other.who)}'s at ${time(theirs.line.at)}: not at once`
			}
		}
		// The work's place in the step is where its statement began (just before the happening after it): "…, then saves" comes after it; of several workers', the last to begin (each worker's in turn).
		const own = { at: started.line.at, order: lineOrder(context, started) }
		const place = verdict.place !== undefined && (verdict.place.at > own.at || (verdict.place.at === own.at && verdict.place.order > own.order)) ? verdict.place : own
		return { ...verdict, at: place.at, place, ...(verdict.each === undefined ? {} : { each: verdict.each.map(one => (one.who === worker ? { who: worker, at: started.line.at } : one)) }) }
	}
	if (id === 'still-working' || id === 'works' || id === 'works-for-a-while') {
		// At the clause's moment: a moment it names, just before the event that ended the state, else the step's end.
		const moment = context.moment ?? verdict.until ?? context.world.time
		// A step cut before one of its happenings (a state told before a later clause's happening with a moment of its own, `check.ts`): just before that happening.
		const cut = context.step.happenings.length < (context.run.steps[step]?.happenings.length ?? 0)
		const order = context.moment === undefined && verdict.until !== undefined && verdict.endedBy !== undefined ? verdict.endedBy - 0.5 : context.moment === undefined && cut ? context.step.happenings.length - 0.5 : context.step.happenings.filter(h => h.at <= moment).length
		const span = goingOn({ step, at: moment, order })
		if (span === undefined) return `${name}'s code is not running ${named.what} at ${time(moment)}${never}`
		if (id === 'still-working' && span.began.step >= step) return `${name}'s code began ${named.what} in this step, at ${time(span.began.line.at)}, so it is not still at it`
		const short = id === 'works-for-a-while' ? tooShort(span.began) : undefined
		if (short !== undefined) return `${short}; "for a while" says it went on that long at least`
		// Begun in this step, the state began where the work did, not at the grant: "When A is rebuilding the index, B asks" needs B's ask then.
		if (span.began.step === step && (verdict.at === undefined || span.began.line.at >= verdict.at)) return { ...verdict, at: span.began.line.at, place: { at: span.began.line.at, order: lineOrder(context, span.began) } }
		return verdict
	}
	if (id === 'finishes-work' || id === 'work-finishes' || id === 'finishes-first') {
		// "finishes first" with no work named is the function's return, as before.
		if (id === 'finishes-first' && named.what === 'its work under the key') return verdict
		// The whole code under the key is done at its last act of its own (a last write), or when its function returns after it.
		const finish = ends.filter(one => one.end.step === step || (whole && one.lastAct?.step === step)).pop()
		const end = finish === undefined ? (whole && tail.lastAct?.step === step ? { end: tail.lastAct } : undefined) : { ...finish, end: whole && finish.lastAct?.step === step ? finish.lastAct : finish.end }
		if (end === undefined) {
			const last = ends[ends.length - 1]
			if (!list.some(ofWork)) return `${name}'s code never ran ${named.what}`
			return last === undefined || last.end.step > step ? `${name}'s code had not done ${named.what} when this step ended` : `${name}'s code was done with ${named.what} in step ${last.end.step}, at ${time(last.end.line.at)}, not in this step`
		}
		if (id === 'finishes-first') {
			const workers = new Set(context.run.steps.flatMap(s => (s.ran ?? []).map(line => line.worker)))
			for (const other of workers) {
				if (other === worker) continue
				const first = endsOf(ranOf(context.run, other), named.ids, statements)[0]
				if (first !== undefined && !after(first.end, { step, at: end.end.line.at, order: end.end.line.order })) return `${context.name(other)} was done with ${named.what} before, at ${time(first.end.line.at)} (${name} at ${time(end.end.line.at)})`
			}
		}
		// Its place in the step is where the code went on from the work, just before that act or statement ("…, then B asks" comes after it); the whole code's last own act is its end itself.
		const own = end.end.line.act === true && end.end.line.statement !== undefined && named.ids.has(end.end.line.statement)
		return { ...verdict, at: end.end.line.at, place: { at: end.end.line.at, order: own ? end.end.line.order : lineOrder(context, end.end) } }
	}
	return verdict
}

/**
 * Where a worker's work began in the hold the clause's grant began: the first statement of it that ran in the step at or after
 * the moment the form tells and before the code left that hold (a let-go, a return, a crash, a new ask or grant of its own);
 * undefined if none ran in the step, or why the one that ran is not of that hold.
 */
function startOf(worker: string, list: readonly Ran[], verdict: Extract<Verdict, { ok: true }>, context: ClaimContext, ofWork: (one: Ran) => boolean): Ran | string | undefined {
	const step = context.step.index
	const from = verdict.each?.find(one => one.who === worker)?.at ?? verdict.at ?? context.step.start.time
	const happenings = context.step.happenings
	const grant = happenings.findIndex(h => h.kind === 'granted' && h.worker === worker && h.at <= from)
	const left = grant < 0 ? -1 : happenings.findIndex((h, index) => index > grant && 'worker' in h && h.worker === worker && (h.kind === 'released' || h.kind === 'returned' || h.kind === 'crashed' || h.kind === 'asked' || h.kind === 'granted'))
	const ran = list.filter(one => one.step === step && ofWork(one) && one.line.act !== true && one.line.at >= from)
	const first = ran[0]
	if (first === undefined) return undefined
	const inHold = ran.find(one => grant < 0 || (one.line.order > grant && (left < 0 || one.line.order <= left)))
	if (inHold !== undefined) return inHold
	const grantFence = (happenings[grant] as Extract<Happening, { kind: 'granted' }>).fence
	return `${context.name(worker)}'s code ran WORK at ${time(first.line.at)} outside the hold its key${grantFence === undefined ? '' : ` with fence ${grantFence}`} began${left < 0 ? '' : ` (it left it at ${time((happenings[left] as Happening).at)})`}, not in it`
}

/**
 * A statement's place among the step's happenings: just before the happening after it (`order` counts those before), and
 * among the statements run between the same two happenings, in the order they ran ("runs the export, then rebuilds the index").
 */
function lineOrder(context: ClaimContext, one: Ran): number {
	const ran = context.run.steps[one.step]?.ran ?? []
	return one.line.order - 0.5 + (0.4 * (ran.indexOf(one.line) + 1)) / (ran.length + 1)
}

function time(ms: number): string {
	return `${Number((ms / 1000).toFixed(3))} s`
}
