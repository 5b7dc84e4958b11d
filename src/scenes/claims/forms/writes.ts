/** Claims about writes and the row: who saved, with which fence, what the database did, what the row keeps. */
import type { ClaimContext, ClaimForm, Slot, Verdict } from '../form.ts'
import type { DatabaseFact } from '../facts.ts'
import { SAVED_AS_THING } from '../form.ts'
import { showFence } from '../fence-notation.ts'
import { fenceCount, fenceEpoch } from '../../../../engine/index.ts'
import { actorOf, earlierHappenings, fails, fenceOfSlot, fencesOfOtherLocks, grantOfLease, happened, holds, laterSteps, leaseEvidence, leaseState, numberOf, runSteps, saw, staleWrite, time, unused } from '../query.ts'
import type { Of } from '../query.ts'
import type { RanLine, StepFacts } from '../facts.ts'
import { plural } from '../work-phrase.ts'

const STORY = ['caption', 'note'] as const

/** The worker's writes in this step, to the database `database` names (any when undefined). */
function writes(context: ClaimContext, worker: string, database?: string): Of<'wrote'>[] {
	return happened(context.step, 'wrote', h => h.worker === worker && (database === undefined || h.database === database))
}

/** The worker of slot `worker` wrote in this step (`keep` narrows the write). */
function wrote(slots: readonly Slot[], context: ClaimContext, worker = 0, keep?: (h: Of<'wrote'>) => string | undefined): Verdict {
	const id = actorOf(slots[worker])
	const all = writes(context, id)
	if (all.length === 0) return fails(`${context.name(id)} wrote nothing in this step`, worker)
	// Each clause that says a worker saves tells a write of its own: "B saves. B saves again." needs two.
	const found = unused(context, all)
	if (found.length === 0) return fails(`this text tells every write ${context.name(id)} made in this step already (${all.length})`, worker)
	// The first write not told yet: a text tells a worker's writes in the order they came.
	const write = found[0] as Of<'wrote'>
	const problem = keep?.(write)
	if (problem !== undefined) return fails(problem, worker)
	return holds([saw(context.step, write)], write.at)
}

/** The last write of slot `worker`'s worker in this step, to slot `database`'s database, changed the row (or did not). */
function outcome(slots: readonly Slot[], context: ClaimContext, worker: number, database: number | undefined, changed: Outcome): Verdict {
	const id = actorOf(slots[worker])
	const db = database === undefined ? undefined : actorOf(slots[database])
	const found = writes(context, id, db)
	if (found.length === 0) return fails(`${context.name(id)} wrote nothing${db === undefined ? '' : ` to ${context.name(db)}`} in this step`, worker)
	// The write whose outcome the clause tells: the worker's write the text told last, if its outcome is untold ("A saves
	// again, and its write is refused" is the second); else the first one the text has not told the outcome of, in order
	// ("refused, then its next write is saved" tells two; a worker that wrote twice has two outcomes to tell).
	const untold = unused(context, found)
	const write = pointedAt(context, id, untold) ?? untold[0]
	if (!write) return fails(`this text tells the outcome of every write ${context.name(id)} made in this step already (${found.length})`, worker)
	if (!isOutcome(write, changed)) return fails(denied(context, write, changed), worker)
	return { ...holds([saw(context.step, write)], write.at), said: { decides: write } } as Verdict
}

/** The worker's write with the fence of slot 1 in this step (the one the text told last, else the first) was taken (`changed`), or refused. */
function fencedOutcome(slots: readonly Slot[], context: ClaimContext, changed: Outcome): Verdict {
	const id = actorOf(slots[0])
	const wanted = fenceOfSlot(slots[1])
	const found = writes(context, id, undefined)
	if (found.length === 0) return fails(`${context.name(id)} wrote nothing in this step`, 0)
	const withFence = found.filter(h => !h.noFence && h.fence === wanted)
	const write = pointedAt(context, id, withFence) ?? withFence[0]
	if (!write) return fails(`expected fence ${showFence(wanted)}, but ${context.name(id)}'s write carried ${carried(found[0] as Of<'wrote'>)}`, 1)
	if (!isOutcome(write, changed)) return fails(denied(context, write, changed), 0)
	return { ...holds([saw(context.step, write)], write.at), said: { decides: write } } as Verdict
}

/** The worker's write the text told last (`ClaimContext.pointed`), if it is one of `candidates`: a clause about the worker's write is of it. */
function pointedAt(context: ClaimContext, worker: string, candidates: readonly Of<'wrote'>[]): Of<'wrote'> | undefined {
	const pointed = context.pointed?.get(worker)
	return pointed !== undefined && candidates.includes(pointed) ? pointed : undefined
}

/** The worker's write that changed the row, of `all` (its writes of the step): the one the text told last, if it is one of them, else the first that changed it. */
function changedWrite(context: ClaimContext, worker: string, all: readonly Of<'wrote'>[]): Of<'wrote'> | { refused: Of<'wrote'> } | undefined {
	const pointed = pointedAt(context, worker, all)
	if (pointed === undefined) return all.find(h => h.changed)
	return pointed.changed ? pointed : { refused: pointed }
}

/**
 * The write "{owner} … replaces {owner}" tells: the first worker's write that changed the row in this step (the one
 * the text told last, else the first that did), where the row had kept the second worker's; or why there is none.
 */
function replacingWrite(slots: readonly Slot[], context: ClaimContext): { write: Of<'wrote'>; worker: string; over: string } | Verdict {
	const worker = actorOf(slots[0])
	const over = actorOf(slots[1])
	const write = changedWrite(context, worker, writes(context, worker))
	if (!write) return fails(`no write of ${context.name(worker)} changed the row in this step`, 0)
	if ('refused' in write) return fails(`the write of ${context.name(worker)} the text told last, at ${time(write.refused.at)}, changed no row: ${describeWrite(context, write.refused)}`, 0)
	if (write.writerBefore !== over) return fails(`the row kept ${write.writerBefore === undefined ? 'no worker' : context.name(write.writerBefore)}'s write before`, 1)
	return { write, worker, over }
}

/**
 * Whether a database checks fences (`fenced`) or does the plain update: what its writes so far met (a write whose fence
 * decided its outcome was checked, whatever the scene's setting says, as the sample's own SQL may compare it), and before
 * any write, the seed's setting.
 */
function fenceChecking(slots: readonly Slot[], context: ClaimContext, fenced: boolean): Verdict {
	const database = actorOf(slots[0])
	const row = context.world.databases.get(database)
	if (!row) return fails(`${context.name(database)} is no database`, 0)
	const all = writesUpTo(context, database)
	const other = all.find(write => write.fenced !== fenced)
	const says = fenced ? `${context.name(database)} checks no fence` : `${context.name(database)} checks fences`
	if (other) return fails(`${says}: ${context.name(other.worker)}'s write with ${carried(other)} went ${fenced ? 'by the plain update' : 'as its fence decided'}`, 0)
	if (all.length === 0 && row.fenced !== fenced) return fails(`${says}: ${fenced ? 'it does the plain update (fences=off)' : "it does the seed's conditional update"}`, 0)
	return { ...holds([{ kind: 'row', database, at: context.world.time, fence: showFence(row.fence), ...(row.writer === undefined ? {} : { writer: row.writer }) }]), said: fenced ? { fenced: database } : { unfenced: database } } as Verdict
}

/** Why a claim that a write was taken (or refused) is false: what the database did instead. */
function denied(context: ClaimContext, write: Of<'wrote'>, told?: Outcome): string {
	if (told === 'refused' && !write.changed && !write.fenced) return `${context.name(write.database)} did not refuse it: ${describeWrite(context, write)}; say "${context.name(write.worker)}'s write changes no row"`
	return `${write.changed ? `${context.name(write.database)} did not refuse it` : `${context.name(write.database)} did not take it`}: ${describeWrite(context, write)}`
}

/**
 * The outcome a clause tells of a write: taken (`true`, it changed the row), none (`false`, it changed no row), or refused
 * (`'refused'`: it changed no row, and its fence decided that, by the fence rule). A statement that changes no row of the
 * story whatever fence the row keeps (an insert of another row) was carried out: nothing refused it.
 */
export type Outcome = boolean | 'refused'

/** Whether the write had that outcome. */
export function isOutcome(write: Of<'wrote'>, outcome: Outcome): boolean {
	return outcome === 'refused' ? !write.changed && write.fenced : write.changed === outcome
}

/** The fence a write carried, in words: `fence 7`, or none that a store gave (a worker's code passed something else). */
export function carried(write: Of<'wrote'>): string {
	return write.noFence ? 'no fence a store gave' : `fence ${showFence(write.fence)}`
}

/** What a write did, for a message. */
export function describeWrite(context: ClaimContext, write: Of<'wrote'>): string {
	if (write.changed) return `${context.name(write.database)}${write.fenced ? '' : ', which checks no fence,'} took ${context.name(write.worker)}'s write with ${carried(write)} (the row held ${showFence(write.before)})`
	if (!write.fenced) return `${context.name(write.database)} carried out ${context.name(write.worker)}'s write, which left the story's row as it was without a fence deciding it: its statement changes no row of the story whatever fence the row keeps (the row held ${showFence(write.before)})`
	if (write.noFence) return `${context.name(write.database)} refused ${context.name(write.worker)}'s write, which carried no fence a store gave (the row held ${showFence(write.before)})`
	return `${context.name(write.database)} refused ${context.name(write.worker)}'s write: its fence ${showFence(write.fence)} is not larger than the row's ${showFence(write.before)}`
}

/** Every write to a database in the scene up to the end of this step. */
function writesUpTo(context: ClaimContext, database?: string): Of<'wrote'>[] {
	return runSteps(context.run)
		.filter(step => step.index <= context.step.index)
		.flatMap(step => happened(step, 'wrote', h => database === undefined || h.database === database))
}

/** The only database of the scene, or the message why there is none to mean. */
function theDatabase(context: ClaimContext): string | { message: string } {
	const all = [...context.world.databases.keys()]
	if (all.length === 1) return all[0] as string
	return { message: all.length === 0 ? 'this scene has no database' : `this scene has ${all.length} databases; name the one meant` }
}

/** The words of a name or a text: `finalReport` and 'final report' are "final" and "report". */
function wordsOf(text: string): string[] {
	return text
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
		.toLowerCase()
		.split(/[^a-z]+/)
		.filter(Boolean)
}

/**
 * Why a write's recorded THING keeps nothing of what its worker's prelude calls returned, or undefined: blank (trimmed, nothing
 * left), or, where the run recorded strings those calls returned, holding no word (a run of letters or digits) of any of them,
 * compared without case. Undefined where the run recorded no THING.
 */
function keptOfReturned(thing: string | undefined, returned: readonly string[] | undefined): string | undefined {
	if (thing === undefined) return undefined
	const text = thing.trim().toLowerCase()
	if (text === '') return 'blanks only: none of what its code\'s calls returned'
	if (returned === undefined || returned.length === 0) return undefined
	const shares = returned.some(value => (value.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).some(word => text.includes(word)))
	return shares ? undefined : `no word of what its code's calls returned (${returned.map(value => JSON.stringify(value)).join(', ')})`
}

/**
 * What a write of a worker's code carried as what a worker writes, as the code wrote it: the argument the domain's writing
 * function (`DomainWords.writes`: save's second) was given in the statement the write ran in; its words (a string's, a
 * name's, a call's whose value it passed), whether a call of the code made it (that call, or a name declared with a call's
 * value), and how to say it. `own`: the sample wrote it (a string, a name it declares, a call); else (a value of its
 * prelude's, `text`) it is the worker's THING of no words of its own. Undefined where the run does not know (no code
 * sample, the sample's own SQL).
 */
export function carriedThing(context: ClaimContext, write: Of<'wrote'>): { words: string[]; computed: boolean; own: boolean; /** A string literal the sample writes out. */ literal?: true; /** An expression of no name, a string joined with other values (`'done by ' + worker`). */ expression?: true; /** A name the code set to a string or an expression of no name (directly or through other names), as the write began (`const note = 'done by ' + worker`). */ held?: true; what: string; /** Of a name: why what it held is not what a call made (its last value, or why the run cannot tell). */ unread?: string } | undefined {
	const statements = context.run.statements ?? []
	const statement = write.statement === undefined ? undefined : statements[write.statement]
	const writes = context.words?.writes ?? {}
	const call = statement?.given?.find(one => writes[one.call] !== undefined)
	if (call === undefined) return undefined
	const given = call.args[writes[call.call] as number] ?? {}
	const where = `${call.call}() at line ${statement?.line}`
	if ('text' in given) return { words: wordsOf(given.text), computed: false, own: true, literal: true, what: `the string '${given.text}' (${where})` }
	if ('name' in given) {
		const own = statements.some(one => one.declares?.includes(given.name))
		const last = lastAssignment(context, write, given.name)
		const what = own ? `${given.name} (${where})` : `the prelude's ${given.name} (${where})`
		// Why it was not computed: the value the name held, or why the run cannot tell.
		const why = typeof last === 'string' ? last : last === undefined ? undefined : 'call' in last.value ? (last.value.unmade === undefined ? undefined : `last set at line ${last.line} to what ${last.value.call}() gave, which no call made: ${last.value.unmade}`) : `last set at line ${last.line} to ${'text' in last.value ? `the string '${last.value.text}'` : 'name' in last.value ? last.value.name : 'an expression of no name'}, which no call of its code made`
		// Set to a string or an expression of no name as the write began (`const note = 'done by ' + worker`), or to a name set so
		// (`const label = 'TODO'; const note = label`, followed name by name): its text is the code's own writing, as a literal's is.
		const seen = new Set([given.name])
		let end = last
		while (typeof end === 'object' && 'name' in end.value && !seen.has(end.value.name)) {
			seen.add(end.value.name)
			end = lastAssignment(context, write, end.value.name)
		}
		const held = typeof end === 'object' && !('call' in end.value) && !('name' in end.value)
		return { words: wordsOf(given.name), computed: typeof last === 'object' && 'call' in last.value && last.value.unmade === undefined, own, what, ...(why === undefined ? {} : { unread: why }), ...(held ? { held: true as const } : {}) }
	}
	if ('call' in given) return { words: wordsOf(given.call), computed: given.unmade === undefined, own: true, what: `what ${given.call}() gave (${where})`, ...(given.unmade === undefined ? {} : { unread: `which no call made: ${given.unmade}` }) }
	return { words: [], computed: false, own: false, expression: true, what: `an expression of no name (${where})` }
}

/**
 * What a name the write passed held when the write's statement began: the value the last statement that gave it one (a
 * declaration's or an assignment's; `assigns`) gave it, of those the worker's code ran before the write's statement, in the
 * order it ran them (`StepFacts.ran`). Undefined when no statement of the sample gives the name a value (the prelude's, a
 * parameter); a string, why not, when the run cannot tell: that statement gave it a value the run cannot place (on a
 * condition, in a loop's head, `+=`), or none of them ran before the write, or the run does not know the write's statement.
 */
function lastAssignment(context: ClaimContext, write: Of<'wrote'>, name: string): { value: NonNullable<NonNullable<ClaimContext['run']['statements']>[number]['assigns']>[number]['value']; line: number } | string | undefined {
	const statements = context.run.statements ?? []
	if (!statements.some(one => one.assigns?.some(a => a.name === name))) return undefined
	// Two names of one spelling (one in a function or block of its own): the run follows names, not scopes, so which one the write passed is not known.
	const twice = statements.filter(one => one.declares?.includes(name)).map(one => one.line)
	if (statements.some(one => one.assigns?.some(a => a.name === name && a.shadowed === true))) return `and the run cannot tell what ${name} held then: the sample declares ${name} more than once${twice.length > 1 ? ` (lines ${[...new Set(twice)].join(' and ')})` : ''}, and the run does not tell which of them the write passed`
	const unknown = `and the run cannot tell what ${name} held then: no statement its code ran before the write gave it a value`
	const steps = [...context.run.steps.slice(0, context.step.index), context.step]
	const at = steps.findIndex(step => step.happenings.includes(write))
	if (at < 0 || write.statement === undefined) return `and the run cannot tell what ${name} held then: it does not know the write's statement`
	const index = (steps[at] as StepFacts).happenings.indexOf(write)
	// The worker's statements, in the order its code ran them, up to the write's.
	const ran = steps.slice(0, at + 1).flatMap((step, s) => (step.ran ?? []).filter(line => line.worker === write.worker && line.act !== true && (s < at || line.order <= index)))
	const own = ran.map(line => line.statement).lastIndexOf(write.statement)
	if (own < 0) return unknown
	for (let k = own - 1; k >= 0; k--) {
		const statement = statements[(ran[k] as RanLine).statement ?? -1]
		const given = statement?.assigns?.filter(a => a.name === name).pop()
		if (given === undefined) continue
		if (given.unsure) return `and the run cannot tell what ${name} held then: line ${statement?.line} gave it a value on a condition, in a loop's head, by another operator than = or taken apart, which the run does not place`
		// An awaited value is the name's once its statement is done: the statement after it in its block began by the write's.
		if (given.awaits && !ran.slice(k + 1, own + 1).some(line => statement?.next !== undefined && line.statement === statement.next)) return `and the run cannot tell what ${name} held then: line ${statement?.line} awaits the value it gives it, and nothing tells that it was done before the write`
		return { value: given.value, line: statement?.line ?? 0 }
	}
	return unknown
}

/**
 * The words that may name what a write saved beside the domain's word for it: of a write whose code gave it a string, a
 * name of its own or a call, that one's words; else (a value of the prelude's, a write of no sample) the scene's words for
 * its THING: its database's label's and the calls of the code under the key ("writes the index" of rebuildIndex(), "saves
 * its order" to order.db).
 */
function savedNouns(context: ClaimContext, write: Of<'wrote'>, carried: ReturnType<typeof carriedThing>): string[] {
	if (carried?.own === true) return carried.words
	// A call's name, not a name declared with a call's value: "its report" of a report the code made and did not save is none.
	const held = (context.run.statements ?? []).filter(statement => statement.held).flatMap(statement => statement.calls.filter(call => !(statement.made ?? []).includes(call)).flatMap(wordsOf))
	return [...(carried?.words ?? []), ...wordsOf(context.name(write.database)), ...held]
}

/** A text's words, lower case: its runs of letters and digits. */
const wordsIn = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []

/**
 * Words that name nothing written of their own: what writes out a lease's parts, placeholders, and small words ('done by a',
 * 'fence no. 1', 'TODO for the key' are no text to name). A number, the worker's id and name and the key's words are none too.
 */
/** Words by which a text says there is nothing, or that making it failed: such a text is no THING, though it has the word. */
const DENYING_WORDS: readonly string[] = ['not', 'none', 'nothing', 'without', 'fail', 'fails', 'failed', 'failure', 'error', 'errors', 'missing', 'unavailable', 'unable', 'cannot', 'empty']

/** The word of `text` that denies it is a THING (one of `DENYING_WORDS`, or "no" right before the THING's word), else undefined. */
function denyingWord(text: string, thing: string, one: (word: string, of: string) => boolean): string | undefined {
	const parts = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(part => part !== '')
	const found = parts.find(part => DENYING_WORDS.includes(part))
	if (found !== undefined) return found
	const at = parts.findIndex((part, index) => part === 'no' && one(parts[index + 1] ?? '', thing))
	return at < 0 ? undefined : `no ${parts[at + 1]}`
}

const NO_THING_WORDS: readonly string[] = ['fence', 'no', 'nr', 'number', 'num', 'lease', 'lock', 'key', 'worker', 'id', 'todo', 'tbd', 'tba', 'fixme', 'xxx', 'placeholder', 'dummy', 'stub', 'fake', 'test', 'tmp', 'temp', 'foo', 'bar', 'baz', 'lorem', 'ipsum', 'hello', 'world', 'sample', 'example', 'default', 'unknown', 'done', 'finished', 'ready', 'ok', 'okay', 'wip', 'pending', 'n', 'na', 'none', 'null', 'nil', 'undefined', 'empty', 'blank', 'nothing', 'something', 'stuff', 'text', 'value', 'data', 'by', 'of', 'the', 'a', 'an', 'for', 'to', 'from', 'in', 'on', 'at', 'and', 'or', 'with', 'is', 'was', 'it', 'its', 'this', 'that', 'yet', 'here', 'goes']

/**
 * Of a write whose code gave it a string literal or an expression of no name (a literal joined with other values), or a name it
 * set to one of those (`const note = 'done by ' + worker`, attack a29), why the text
 * it carried is no text a clause's noun may name: every word of it is the worker's id or name, a word of the key, a number, or one
 * of `NO_THING_WORDS`, and none is the domain's word for what a worker writes. Undefined otherwise (a name or a call holds a value
 * of its own, which is not judged).
 */
function placeholderText(context: ClaimContext, write: Of<'wrote'>, carried: ReturnType<typeof carriedThing>, thing: string): string | undefined {
	if (write.thing === undefined || (carried?.literal !== true && carried?.expression !== true && carried?.held !== true)) return undefined
	const own = new Set([...wordsIn(write.worker), ...wordsIn(context.name(write.worker)), ...(context.run.key === undefined ? [] : wordsIn(context.run.key))])
	const parts = wordsIn(write.thing)
	const one = (word: string) => word === thing || plural(thing).includes(word)
	return parts.length > 0 && parts.every(part => !one(part) && (own.has(part) || /^\p{N}+$/u.test(part) || NO_THING_WORDS.includes(part))) ? write.thing : undefined
}

/**
 * Of a write whose code gave the writing function its value (`carriedThing`), where the domain names what makes its THING
 * (`DomainWords.makes`): why that value is not one, or undefined when it is. It is one when it is what a call of those made
 * (`await makeReport(id)`), one of those values of the prelude's (`report`), or a name the sample set to either, as the
 * write's statement began (`lastAssignment`: `const draft = await makeReport(id)`). Not one: another call's value or another
 * of the prelude's values, a call of the sample's own function (the run does not follow what it returns), a name set to a
 * string, an expression or another name of the sample's, or one whose value the run cannot tell. A string or an expression
 * written at the write itself says what it is in its own words, which `savedProblem`'s other rules judge: undefined.
 */
function notMade(context: ClaimContext, write: Of<'wrote'>): string | undefined {
	const makes = context.words?.makes
	const statements = context.run.statements ?? []
	const statement = write.statement === undefined ? undefined : statements[write.statement]
	const writes = context.words?.writes ?? {}
	if (makes === undefined) return undefined
	// A sample that writes with the domain's writing function, of whose write the run does not know the statement (a call inside a function of the sample's own): what it saved is not known.
	if (statement === undefined) return statements.some(one => one.given?.some(given => writes[given.call] !== undefined)) ? `a value the run cannot follow: it does not know which statement of the code sample made this write, so not what that statement gave it` : undefined
	const call = statement.given?.find(one => writes[one.call] !== undefined)
	if (call === undefined) return undefined
	const given = call.args[writes[call.call] as number] ?? {}
	const where = `${call.call}() at line ${statement.line}`
	const declared = (name: string) => statements.some(one => one.declares?.includes(name) || one.assigns?.some(a => a.name === name))
	// A value as written: why it is no THING, or undefined.
	const judge = (value: typeof given, through: string): string | undefined => {
		if ('text' in value) return `${through}the string '${value.text}' its code writes out, which no call made (${where})`
		if ('call' in value) {
			if (value.unmade !== undefined || declared(value.call)) return `${through}what ${value.call}() gave, a function of the sample's own, and the run does not follow which call's value it returns (${where})`
			return makes.calls.includes(value.call) ? undefined : `${through}what ${value.call}() gave (${where}), and ${value.call}() makes no ${context.words?.thing ?? 'write'}`
		}
		if ('name' in value) {
			if (!declared(value.name)) return makes.values.includes(value.name) ? undefined : `${through}the prelude's ${value.name} (${where}), which is no ${context.words?.thing ?? 'write'}`
			return `${through}${value.name}, a name the sample sets, and the run does not follow one name to what another was set to (${where})`
		}
		return `${through}an expression of no name (${where})`
	}
	// A string written out at the write, or an expression of one, says what it is in its own words: the rules above judge those.
	if ('text' in given || !('call' in given || 'name' in given)) return undefined
	if (!('name' in given) || !declared(given.name)) return judge(given, '')
	const last = lastAssignment(context, write, given.name)
	if (last === undefined) return `${given.name} (${where}), a name the sample declares with no value the run follows (a parameter)`
	if (typeof last === 'string') return `${given.name} (${where}), ${last}`
	return judge(last.value, `${given.name}, last set at line ${last.line} to `)
}

/**
 * Why words a clause says a write saved ("a draft", "the final report", "its THING") are not what it carried, or undefined
 * when they are: the domain's word for what a worker writes, of a write that wrote it; any other, a word of what the code's
 * write was given (a string's words, a name's; `savedNouns`), in the singular or the plural; after "of", those or the word
 * for what the key is of.
 */
export function savedProblem(context: ClaimContext, write: Of<'wrote'>, words: readonly string[], of: readonly string[] = []): string | undefined {
	const thing = context.words?.thing ?? 'write'
	const who = `${context.name(write.worker)}'s write at ${time(write.at)}`
	if (write.noThing) return `${who} wrote no ${thing}: it wrote its fence alone`
	// A blank text is no THING: "its THING" says something was written to be it, and a write of '' (or of spaces, or of no letter or digit) carried nothing.
	if ((words.length > 0 || of.length > 0) && write.thing !== undefined && !/[\p{L}\p{N}]/u.test(write.thing)) return `${who} carried ${write.thing === '' ? 'the empty string' : `${JSON.stringify(write.thing)}, no letter or digit`}: "${[...words, ...of][0]}" names something it wrote, and it wrote no text; say "${context.name(write.worker)} saves" (what it did), or have its code write what it names`
	const carried = carriedThing(context, write)
	const nouns = savedNouns(context, write, carried)
	const one = (word: string, of: string) => word === of || plural(of).includes(word)
	// The domain's word for what a worker writes ("its THING") names a text that is one: not a number (a fence written out), not the
	// key itself, and not a string literal of the sample's unless the literal has that word (a placeholder such as 'TODO' is none).
	const named = words.find(word => one(word, thing))
	if (named !== undefined && write.thing !== undefined) {
		const say = `say "${context.name(write.worker)} saves" (what it did), or have its code write ${thing === 'write' ? 'one' : `its ${thing}`}`
		if (!/\p{L}/u.test(write.thing)) return `${who} carried ${JSON.stringify(write.thing)}, a number, no letter in it: "${named}" names ${thing === 'write' ? 'a text' : `a ${thing}`} it wrote, and a number is none; ${say}`
		if (write.thing === context.run.key) return `${who} carried ${JSON.stringify(write.thing)}, the scene's key itself${carried === undefined ? '' : ` (${carried.what})`}: "${named}" names ${thing === 'write' ? 'a text' : `a ${thing}`} it wrote, and the key's name is none; ${say}`
		// Trial a27 (05, 06, 07): the worker's own id, the key in another letter case, or the lease's fence beside one word ('fence 1') is no THING.
		const folded = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')
		if (folded(write.thing) === folded(write.worker)) return `${who} carried ${JSON.stringify(write.thing)}, the worker's own id: "${named}" names ${thing === 'write' ? 'a text' : `a ${thing}`} it wrote, and a worker's name is none; ${say}`
		if (context.run.key !== undefined && folded(write.thing) === folded(context.run.key)) return `${who} carried ${JSON.stringify(write.thing)}, the scene's key ${JSON.stringify(context.run.key)} in other letters: "${named}" names ${thing === 'write' ? 'a text' : `a ${thing}`} it wrote, and the key's name is none; ${say}`
		const tokens = write.thing.split(/[^\p{L}\p{N}]+/u).filter(part => part !== '')
		if (tokens.includes(String(write.fence)) && tokens.length <= 2 && !tokens.some(part => one(part.toLowerCase(), thing))) return `${who} carried ${JSON.stringify(write.thing)}, its fence ${write.fence} with at most one word beside it: "${named}" names ${thing === 'write' ? 'a text' : `a ${thing}`} it wrote, and a fence written out is none; ${say}`
		// Attack a30 (04, 05): a text of the code's own writing that says there is no THING, or that making it failed ('no THING for ' + id,
		// 'THING failed: model unavailable'), has the word and is none.
		const denial = carried?.literal === true || carried?.expression === true || carried?.held === true ? denyingWord(write.thing, thing, one) : undefined
		if (denial !== undefined) return `${who} carried ${JSON.stringify(write.thing)}, a string its code wrote out that says there is no ${thing === 'write' ? 'text' : thing}, or that it failed ("${denial}"): "${named}" names ${thing === 'write' ? 'a text' : `a ${thing}`} it wrote, and this text is none; ${say}`
		if (carried?.literal === true && !carried.words.some(part => one(part, thing))) return `${who} carried ${carried.what}, a string the sample writes out, with no word "${thing}" in it: "${named}" names ${thing === 'write' ? 'a text' : `a ${thing}`} it wrote, and a placeholder is none; ${say}`
	}
	// Trial a28 (10, 11): a text made only of the write's own parts (the worker's id or name, the key, a number, "fence", "no"), placeholders
	// and small words ('done by ' + worker, 'fence no. ' + lease.fence) is nothing a noun names, whatever the noun ("its THING", "its result"),
	// unless the noun is a word of that text itself or one of those words ("A saves a placeholder").
	const placeholder = placeholderText(context, write, carried, thing)
	const naming = placeholder === undefined ? undefined : words.find(word => !NO_THING_WORDS.includes(word) && !wordsIn(placeholder).some(part => one(word, part)))
	if (placeholder !== undefined && naming !== undefined) return `${who} carried ${JSON.stringify(placeholder)}, a string its code wrote out: every word of it is the worker's id or name, the key's, a number (its fence), "fence", "no", a placeholder (TODO, TBD, dummy, done…) or a small word (by, of, the…), and a text made only of those is no ${thing === 'write' ? 'text' : thing}, nor anything else a noun names: "${naming}" names something it wrote; say "${context.name(write.worker)} saves" (what it did), or have its code write ${thing === 'write' ? 'one' : `its ${thing}`}`
	// Attack a29: "its THING" (a THING, its work, its result) says the write's value is one: what a call the prelude names for it made.
	const told = words.find(word => one(word, thing) || SAVED_AS_THING.includes(word))
	const source = told === undefined ? undefined : notMade(context, write)
	if (told !== undefined && source !== undefined) {
		const makes = context.words?.makes
		const wanted = makes === undefined ? '' : [...makes.calls.map(call => `what ${call}() gave`), ...makes.values.map(value => `the prelude's ${value}`)].join(' or ')
		return `${who} carried ${source}: "${told}" says ${context.name(write.worker)} wrote its ${thing}, which is ${wanted}, given to the write directly or through a name its code set to it; say "${context.name(write.worker)} saves" (what it did), or have its code save ${wanted}`
	}
	const what = carried?.what ?? `its ${thing}, in no words of the code's`
	for (const word of words) {
		if (one(word, thing) || SAVED_AS_THING.includes(word) || nouns.some(part => one(word, part))) continue
		return `"${word}" is no word of what ${who} carried: ${what}`
	}
	// What it was of: the domain's word for what a key is of ("its THING of the OWNER"), or a word of what it carried.
	const owner = context.words?.owner
	for (const word of of) {
		if ((owner !== undefined && one(word, owner)) || nouns.some(part => one(word, part))) continue
		return `"of … ${word}": ${who} carried ${what}, of ${owner === undefined ? 'the key' : `the ${owner}`}; say what it was of in the ${owner === undefined ? "key's" : `${owner}'s`} word, or leave "of" out`
	}
	return undefined
}

/**
 * The ways to say a worker saved: the form "saves" and every alternative of it. The save forms that
 * add words after it ("too", "with fence 7") take each of them, so "B writes too, with fence 2"
 * reads as "B saves too, with fence 2" does.
 */
const SAVE = ['{worker} saves( its THING)', '{worker} saves a/an THING', '{worker} tries to save( its THING)', '{worker} tries to save a/an THING', '{worker} tries to write', '{worker} writes', '{worker} writes to the database', '{worker} saves to the database', '{worker} saves its work/result', '{worker} writes its THING', '{worker} writes/saves the THING', '{worker} saves it'] as const
/** Each way to say a worker saved, with `words` after it. */
const saving = (words: string): string[] => SAVE.map(save => `${save} ${words}`)
/** Each way to say a worker saved, with an adverb before its verb ("A immediately saves", "A instantly writes"). */
const adverbSaving = (adverbs: string): string[] => SAVE.map(save => save.replace('{worker} ', `{worker} ${adverbs} `))

export const WRITE_FORMS: readonly ClaimForm[] = [
	{
		id: 'does-not-save',
		places: STORY,
		tells: 'none',
		denies: true,
		formula: "no wrote(w) ∈ step",
		pattern: '{worker} does not save( its THING)', alternatives: ["{worker} doesn't save( its THING)", "{worker} does not write", "{worker} doesn't write", "{worker} writes/saves nothing in this step", "{worker} writes/saves nothing", "{worker} does not save/write anything", "{worker} doesn't save/write anything"],
		example: 'A does not save',
		meaning: 'The worker wrote nothing to any database in this step, taken or refused ("A saves nothing", "A does not write anything"). ", without saving anything" (or "without writing anything", "without saving" and what it writes) after a clause about a worker ("A gets the key and lets go at once, without saving anything") says the same of that worker: no write of its own anywhere in the step, not only after the act the clause before tells (a write earlier in the step is refused too).',
		check(slots, context) {
			const worker = actorOf(slots[0])
			const write = happened(context.step, 'wrote', h => h.worker === worker)[0]
			if (write) return fails(`${context.name(worker)} wrote at ${time(write.at)}: ${describeWrite(context, write)}`, 0)
			return holds([{ kind: 'nothing', what: `a write by ${worker} in step ${context.step.index}` }])
		},
	},
	{
		id: 'never-writes',
		places: STORY,
		tells: 'none',
		denies: true,
		formula: "no wrote(w) ∈ run: not before the step, in it, nor after it",
		pattern: '{worker} never writes', alternatives: ['{worker} never wrote', '{worker} never writes/wrote to it', '{worker} never saves/saved( its THING)', '{worker} has never written( to it)', '{worker} never writes/wrote to the database/row'],
		example: 'A never writes',
		meaning: 'The worker wrote nothing to any database in the whole scene: not in the steps before this one, not in it, and not in the steps after it ("A never wrote to it", said of the row at the end).',
		check(slots, context) {
			const worker = actorOf(slots[0])
			for (const step of [...runSteps(context.run).filter(one => one.index <= context.step.index), ...laterSteps(context)]) {
				const write = happened(step, 'wrote', h => h.worker === worker)[0]
				if (write) return fails(`${context.name(worker)} wrote at ${time(write.at)}, in step ${step.index}: ${describeWrite(context, write)}`, 0)
			}
			return holds([{ kind: 'nothing', what: `a write by ${worker} in the scene` }])
		},
	},
	{
		id: 'nobody-else-wrote',
		places: STORY,
		tells: 'none',
		denies: true,
		others: 'writers',
		formula: "ws (the workers of the last clause before it that told a write: one that opens with wrote(w)) not empty; for each w ∈ ws, x = the write of w's this step's text told last (pointed), to database d: no wrote(v) to d, taken or refused, with v ∉ ws, after w's last write to d before x (else the scene's start) and before x",
		pattern: 'nobody else wrote', alternatives: ['no one else wrote', 'nobody else has written', 'no one else has written', 'nobody else wrote to it', 'no one else wrote to it', 'nobody else has written to it', 'no one else has written to it', 'nobody else wrote to the database/row', 'no one else wrote to the database/row', 'nobody else has written to the database/row', 'no one else has written to the database/row'],
		example: 'nobody else has written to it',
		meaning: 'Said after a clause that tells a worker\'s write ("A saves; the database takes it, since nobody else wrote"): of that write (the worker\'s write in this step the text told last), no worker but the one the last clause that told a write named (those, of several) wrote to the same database the write went to, between that worker\'s last write to that database before it (else the scene\'s start) and that write; a write the database refused counts too (the worker still wrote). Writes to another database, and writes after it, do not count. A text that names no writer before it, or none of its writes in this step, is refused: "else" would have no one to leave out.',
		check(slots, context) {
			const named = slots.find(slot => slot.type === 'workers')?.value
			const writers = named?.type === 'actors' ? named.ids : []
			if (writers.length === 0) return fails('"nobody else wrote" leaves out the worker the text named writing before it, and this text names none: tell the write first, as "A saves; the database takes it, since nobody else wrote"', 0)
			const earlier = runSteps(context.run).filter(one => one.index < context.step.index).flatMap(step => step.happenings.map(h => ({ h, step: step.index })))
			const all = [...earlier, ...context.step.happenings.map(h => ({ h, step: context.step.index }))]
			for (const worker of writers) {
				const write = context.pointed?.get(worker)
				const at = write === undefined ? -1 : all.findIndex(one => one.h === write)
				if (write === undefined || at < 0) return fails(`"nobody else wrote" is of the write the text told before it, in this step, and it told none of ${context.name(worker)}'s here: tell its write first, as "A saves; the database takes it, since nobody else wrote"`, 0)
				const own = all.slice(0, at).map(one => one.h.kind === 'wrote' && one.h.worker === worker && one.h.database === write.database).lastIndexOf(true)
				const other = all.slice(own + 1, at).find(one => one.h.kind === 'wrote' && one.h.database === write.database && !writers.includes(one.h.worker))
				if (other !== undefined && other.h.kind === 'wrote') return fails(`${context.name(other.h.worker)} wrote at ${time(other.h.at)}${other.step < context.step.index ? `, in step ${other.step}` : ''}: ${describeWrite(context, other.h)}`, 0)
			}
			return { ...holds([{ kind: 'nothing', what: `a write to the database of the write told, since its worker's last one there, by a worker other than those the text named writing` }]), said: { alone: writers } } as Verdict
		},
	},
	{
		id: 'nobody-refuses',
		places: STORY,
		tells: 'none',
		denies: true,
		formula: "no wrote(v) ∈ step that left the row as it was, no refused(v) and no renew-refused(v) ∈ step, for any v",
		pattern: 'nobody refuses it', alternatives: ["no one refuses it", "nothing refuses it"],
		example: 'nobody refuses it',
		meaning: 'Nothing was refused in this step: every write changed its row, no hold was turned away, and no renewal was refused.',
		check(_slots, context) {
			const write = happened(context.step, 'wrote', h => !h.changed)[0]
			if (write) return fails(describeWrite(context, write))
			const refusal = happened(context.step, 'refused', () => true)[0]
			if (refusal) return fails(`the lock refused ${context.name(refusal.worker)} at ${time(refusal.at)}`)
			const renewal = happened(context.step, 'renew-refused', () => true)[0]
			if (renewal) return fails(`the lock refused ${context.name(renewal.worker)}'s renewal at ${time(renewal.at)}`)
			return holds([{ kind: 'nothing', what: `a refusal in step ${context.step.index}` }])
		},
	},
	{
		id: 'saves',
		places: STORY,
		tells: 'event',
		formula: "wrote(w) ∈ step",
		each: 'save',
		pattern: SAVE[0], alternatives: SAVE.slice(1),
		example: 'Worker B saves its THING',
		meaning: 'The worker wrote to the database in this step, whatever the database did with it.',
		check: (slots, context) => wrote(slots, context),
	},
	{
		id: 'saves-without-lock',
		places: STORY,
		tells: 'event',
		formula: "wrote(w) ∈ step with no fence, and no live(w, k, its moment) for any k",
		each: 'save',
		pattern: '{worker} saves( its THING) without a lock', alternatives: ['{worker} saves( its THING) without a lease', '{worker} saves( its THING) with no lock/lease', '{worker} writes without a lock/lease'],
		example: 'Worker A saves without a lock',
		meaning: 'The worker wrote to the database in this step holding no live lease, and the write carried no fence.',
		check: (slots, context) =>
			wrote(slots, context, 0, write => {
				if (write.live) return `${context.name(write.worker)} held a live lease when it wrote at ${time(write.at)}`
				if (!write.noFence) return `${context.name(write.worker)}'s write at ${time(write.at)} carried fence ${showFence(write.fence)}, from a lease it held before`
				return undefined
			}),
	},
	{
		id: 'saves-what-it-computed',
		places: STORY,
		tells: 'event',
		formula: "wrote(w) ∈ step that wrote the THING, carrying what a call of w's code made (the call's value, or a name whose last value before the write, as w's code ran, was one), and the value the run recorded it carrying is not blank and holds a word of a string w's prelude calls returned (compared without case)",
		each: 'save',
		pattern: '{worker} saves what it computed',
		example: 'A saves what it computed',
		meaning: "The worker wrote to the database in this step, and what it wrote is what its code computed: the write's THING is a call's value, given as that call or as a name whose value, given last before the write by the statements the worker's code ran, was one (not a string the code wrote out, nor an empty or blank one, nor one keeping no word of what the worker's prelude calls returned, by what the run recorded the write carrying and those calls returning (s.slice(0, 0).padEnd(3) of a call's value keeps nothing of it), nor one JavaScript's own functions or its values' methods reshaped: 'not yet'.trim() is that string, and one given a value of the code's own besides numbers and patterns (x.replace(x, 'none')) is of both, no call's value; a call of the prelude's, a fetch too, is a call's value, and one of the sample's own function is where every value it returns is one (a parameter returned is what the call gave it), not where it returns a string it writes out ((() => 'none')()); where the run cannot tell what the name held, as of a name the sample declares twice, it is refused).",
		check: (slots, context) =>
			wrote(slots, context, 0, write => {
				if (write.noThing) return `${context.name(write.worker)}'s write at ${time(write.at)} wrote no ${context.words?.thing ?? 'write'}: it wrote its fence alone`
				const carried = carriedThing(context, write)
				if (carried === undefined) return `nothing tells what ${context.name(write.worker)}'s write at ${time(write.at)} carried, so nothing tells that its code computed it`
				if (!carried.computed) return `${context.name(write.worker)}'s write at ${time(write.at)} carried ${carried.what}, ${carried.unread ?? 'which no call of its code made'}`
				// A value reshaped from a call's is what the call computed only if it keeps some of it: the run recorded what the write carried.
				if (write.thing === '') return `${context.name(write.worker)}'s write at ${time(write.at)} carried the empty string (${carried.what}, as the run recorded it): it keeps nothing of what the call computed`
				// It keeps a word of a value a call of its code returned (the run records those with the write): blanks, or letters
				// of no word of it, keep nothing of what was computed.
				const kept = keptOfReturned(write.thing, write.returned)
				if (kept !== undefined) return `${context.name(write.worker)}'s write at ${time(write.at)} carried ${JSON.stringify(write.thing)}, ${kept}`
				return undefined
			}),
	},
	{
		id: 'writes-its-fence',
		places: STORY,
		tells: 'event',
		formula: "wrote(w, fence f) ∈ step that changed the row, the row's fence f after it",
		each: 'save',
		pattern: '{worker} writes its fence to the row',
		example: 'A writes its fence to the row',
		meaning: "The worker wrote to the database in this step, and its fence is on the row: the write changed it, and the row's fence after it is the write's.",
		check(slots, context) {
			const verdict = wrote(slots, context, 0, write => (!write.changed ? `its fence is not on the row: ${describeWrite(context, write)}` : write.noFence || write.after !== write.fence ? `its fence is not on the row: the row's fence after the write is ${showFence(write.after)}` : undefined))
			if (!verdict.ok) return verdict
			const write = writeOf(verdict, context)
			return write ? { ...verdict, said: { decides: write } } : verdict
		},
	},
	{
		id: 'saves-again',
		places: STORY,
		tells: 'event',
		formula: "wrote(w) ∈ step, after a wrote(w) in an earlier step or earlier in this one",
		each: 'save',
		pattern: '{worker} saves( its THING) again',
		example: 'A saves again',
		meaning: 'The worker wrote in this step, and had written before: in an earlier step, or earlier in this one.',
		check(slots, context) {
			const worker = actorOf(slots[0])
			const before = runSteps(context.run).some(s => s.index < context.step.index && happened(s, 'wrote', h => h.worker === worker).length > 0)
			return wrote(slots, context, 0, write => (before || writes(context, worker).indexOf(write) > 0 ? undefined : `${context.name(worker)} had written nothing before this write`))
		},
	},
	{
		id: 'saves-again-same-fence',
		places: STORY,
		tells: 'event',
		formula: "wrote(w, fence f) ∈ step, and w's write right before it (in an earlier step or earlier in this one) carried fence f",
		each: 'save',
		pattern: '{worker} saves( its THING) again with the same fence', alternatives: ['{worker} writes( its THING) again with the same fence', '{worker} saves( its THING) with the same fence again'],
		example: 'A saves again with the same fence',
		meaning: 'The worker wrote in this step, with a fence, and its write right before this one (in an earlier step, or earlier in this one) carried that same fence.',
		check(slots, context) {
			const worker = actorOf(slots[0])
			return wrote(slots, context, 0, write => {
				const before = [...runSteps(context.run).filter(s => s.index < context.step.index).flatMap(s => happened(s, 'wrote', h => h.worker === worker)), ...writes(context, worker).slice(0, writes(context, worker).indexOf(write))]
				const last = before[before.length - 1]
				if (last === undefined) return `${context.name(worker)} had written nothing before this write: "again with the same fence" says it wrote before, with the fence this write carries`
				if (write.noFence || last.noFence || write.fence !== last.fence) return `${context.name(worker)}'s write carried ${carried(write)}, and its write before it, at ${time(last.at)}, carried ${carried(last)}: not the same fence`
				return undefined
			})
		},
	},
	{
		id: 'saves-too',
		places: STORY,
		tells: 'event',
		formula: "wrote(w, d) ∈ step, after a wrote(v, d) ∈ run by another worker v",
		each: 'save',
		pattern: '{worker} saves( its THING) too', alternatives: saving('too').slice(1),
		example: 'A saves too',
		meaning: 'The worker wrote in this step, and another worker had written before it.',
		check(slots, context) {
			const worker = actorOf(slots[0])
			return wrote(slots, context, 0, write => {
				const database = write.database
				const earlier = writesUpTo(context, database)
				const mine = earlier.indexOf(write)
				return earlier.slice(0, mine).some(h => h.worker !== worker) ? undefined : `no other worker wrote to ${context.name(database)} before ${context.name(worker)}`
			})
		},
	},
	{
		id: 'saves-at-once',
		places: STORY,
		tells: 'event',
		formula: "wrote(w) ∈ step with w's lease live at it, and w's last granted(w) before it came at the write's moment, with no other happening of w's between that grant and the write",
		each: 'save',
		pattern: saving('at once')[0] as string, alternatives: [...saving('at once').slice(1), ...saving('right away'), ...saving('immediately'), ...adverbSaving('immediately/instantly')],
		example: 'A saves at once',
		meaning: "The worker wrote to the database in this step the moment it got the key: its lease was live at the write, its last grant before the write came at the write's own moment, and nothing else of the worker's (another write, a renewal, a pause, a let-go) came between the grant and the write, so the write was the first thing its code did in the hold, with no pause before it: \"Worker A holds the key with fence 1 and saves at once\" (or \"saves right away\", \"writes immediately\", and with the adverb before the verb, \"immediately saves\", \"instantly writes\"). Refused of a write that came later than the grant, however little, or after other acts of the worker's.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			return wrote(slots, context, 0, write => {
				const name = context.name(worker)
				const before = [...earlierHappenings(context), ...context.step.happenings.slice(0, context.step.happenings.indexOf(write))]
				let at = before.length - 1
				while (at >= 0 && !(before[at]?.kind === 'granted' && (before[at] as Of<'granted'>).worker === worker)) at--
				const grant = before[at] as Of<'granted'> | undefined
				if (grant === undefined) return `${name} got no key before its write at ${time(write.at)}: "at once" says it wrote the moment it got the key`
				if (!write.live) return `${name} held no live lease when it wrote at ${time(write.at)}: "at once" says it wrote the moment it got the key, while it held it`
				if (grant.at !== write.at) return `${name} got the key at ${time(grant.at)} and wrote at ${time(write.at)}, ${time(write.at - grant.at)} later: "at once" says it wrote the moment it got the key`
				const between = before.slice(at + 1).find(h => 'worker' in h && h.worker === worker)
				if (between !== undefined) return `${name}'s ${({ renewed: 'renewal', wrote: 'write', paused: 'pause', released: 'let-go', asked: 'ask' } as Record<string, string>)[between.kind] ?? between.kind} at ${time(between.at)} came between its grant and this write: "at once" says the write was the first thing it did with the key`
				return undefined
			})
		},
	},
	{
		id: 'saves-stale',
		places: STORY,
		tells: 'event',
		formula: "wrote(w) ∈ step, w's lease not live",
		each: 'save',
		pattern: '{worker} saves its stale THING', alternatives: ["{worker} saves its late/old THING", "{worker} writes its stale/late/old THING", "{worker} makes a stale/late write", "{worker} sends a stale/late write", "{worker} saves a stale/late THING"],
		example: 'Worker A saves its stale THING',
		meaning: "The worker wrote in this step, and its lease was no longer live when it wrote: what it saves is stale.",
		check: (slots, context) => wrote(slots, context, 0, write => (!write.live && !staleWrite(context, write) ? `${context.name(write.worker)}'s write is not stale: it held no lease before it, so it had none to lose` : write.live ? `${context.name(write.worker)}'s write is not stale: its lease was live when it wrote, at ${time(write.at)}` : undefined)),
	},
	{
		id: 'saves-with-fence',
		places: STORY,
		tells: 'event',
		formula: "wrote(w, fence f) ∈ step",
		each: 'save',
		pattern: '{worker} saves( its THING) with fence {fence}', alternatives: [...saving('with fence {fence}').slice(1), '{worker} writes with its fence {fence}', '{worker} saves with its fence {fence}'],
		example: 'Worker A saves with fence 7',
		meaning: 'The worker wrote in this step, with that fence.',
		check: (slots, context) => wroteWithFence(slots, context, false),
	},
	{
		id: 'saves-with-old-fence',
		places: STORY,
		tells: 'event',
		formula: "wrote(w, fence f) ∈ step, w's lease not live",
		each: 'save',
		pattern: '{worker} saves( its THING) with its old fence {fence}', alternatives: ["{worker} tries to save/write( its THING) with its old fence {fence}", "{worker} writes with its old fence {fence}", "{worker} writes its THING with its old fence {fence}", "{worker} writes/saves the THING with its old fence {fence}", "{worker} writes/saves with its old fence, {fence}", "{worker} saves/writes its stale/old THING with fence {fence}", "{worker} saves/writes( its THING) with its stale fence {fence}", "{worker} saves/writes a stale THING with fence {fence}"],
		example: 'Worker A saves with its old fence 7',
		meaning: 'The worker wrote in this step with that fence, from a lease no longer live when it wrote.',
		check: (slots, context) => wroteWithFence(slots, context, true),
	},
	{
		id: 'saves-with-new-fence',
		places: STORY,
		tells: 'event',
		formula: "wrote(w, fence f) ∈ step, w's last granted(w, k) before it gave fence f, and an earlier granted(w, k) before that one, f larger than the fence of every earlier granted(w, k)",
		each: 'save',
		pattern: '{worker} saves( its THING) with its new fence', alternatives: saving('with its new fence').slice(1),
		example: 'Worker A saves with its new fence',
		meaning: "The worker wrote in this step with the fence of its hold at the write, its last grant before the write, and it had held that same key before, an earlier grant of its own, so it had an old fence for this one to be new against, and the new fence is larger than every fence that store gave it before (\"At 3 s A gets the key again with fence 2000:1. At 4 s A saves with its new fence\"). Refused of a worker that held the key only once, of a write that carried another fence (the old one), of a \"new\" fence no larger than one it was given before (a store reopened in the same millisecond gives the same fences again), and of a worker that did not write.",
		check: (slots, context) =>
			wrote(slots, context, 0, write => {
				const name = context.name(write.worker)
				const before = [...earlierHappenings(context), ...context.step.happenings.slice(0, context.step.happenings.indexOf(write))]
				const grants = before.filter((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === write.worker)
				const hold = grants[grants.length - 1]
				if (hold === undefined) return `${name} got no key before its write at ${time(write.at)}: "its new fence" is the fence of the hold it wrote in`
				if (hold.fence === undefined) return `${name}'s hold at its write, granted at ${time(hold.at)}, has no fence for "its new fence" to name`
				const old = grants.slice(0, -1).filter(h => h.store === hold.store).pop()
				if (old === undefined) {
					const after = [...context.step.happenings.slice(context.step.happenings.indexOf(write) + 1), ...laterSteps(context).flatMap(step => step.happenings)].find((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === write.worker && h.store === hold.store)
					return `${name} held ${context.name(hold.store)}'s key only once before its write at ${time(write.at)}, with fence ${showFence(hold.fence)}: "its new fence" needs an earlier hold of its own, an old fence for this one to be new against${after === undefined ? '' : `; its write carried that first fence, and its next hold, with fence ${after.fence === undefined ? "none" : showFence(after.fence)}, came after it, at ${time(after.at)}`}`
				}
				if (write.noFence || write.fence !== hold.fence) return `${name}'s new fence is ${showFence(hold.fence)}, given at ${time(hold.at)}, but its write at ${time(write.at)} carried ${carried(write)}`
				const notOlder = grants.slice(0, -1).find(h => h.store === hold.store && h.fence !== undefined && !((hold.fence as bigint) > h.fence))
				if (notOlder !== undefined) return `${name}'s fence at its write, ${showFence(hold.fence)} given at ${time(hold.at)}, is no larger than the fence ${showFence(notOlder.fence as bigint)} ${context.name(hold.store)} gave it before, at ${time(notOlder.at)}: "its new fence" is larger than every fence it was given before`
				return undefined
			}),
	},
	{
		id: 'saves-with-it',
		places: STORY,
		tells: 'event',
		// "With it" alone names nothing the text told: never offered.
		quiet: true,
		formula: "wrote(w, fence f) ∈ step, and w's last granted(w) before it in the step gave fence f",
		each: 'save',
		pattern: '{worker} saves( its THING) with it', alternatives: ['{worker} writes( its THING) with it', '{worker} saves/writes with that fence'],
		example: 'Worker B saves with it',
		meaning: "The worker wrote in this step with the fence it had just got: \"it\" is the fence of the worker's last grant in this step before the write (\"B gets the key with fence 2, then saves with it\"), told by a clause before it in its sentence about that worker (alone, it is refused); a write with an older fence, or with no grant of this step before it, is refused.",
		check: (slots, context) =>
			wrote(slots, context, 0, write => {
				const name = context.name(write.worker)
				const list = context.step.happenings
				// "It" is the fence the text told: the worker's last grant before the write and not after the latest place the text told.
				const from = context.toldPlace
				const grant = list.slice(0, list.indexOf(write)).filter((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === write.worker && (from === undefined || h.at < from.at || (h.at === from.at && list.indexOf(h) <= from.order))).pop()
				if (grant === undefined) return `"with it" names the fence ${name} had just got, and ${name} got no key in this step before it wrote at ${time(write.at)}`
				if (grant.fence === undefined) return `${name}'s grant at ${time(grant.at)} gave no fence for "with it" to name`
				if (write.noFence || write.fence !== grant.fence) return `${name} got fence ${showFence(grant.fence)} at ${time(grant.at)}, but its write at ${time(write.at)} carried ${write.noFence ? 'no fence a store gave' : `fence ${showFence(write.fence)}`}`
				return undefined
			}),
	},
	{
		id: 'fences-compare',
		compares: true,
		places: STORY,
		tells: 'event',
		formula: "wrote(d) ∈ step with fence L to a row at R, d checking fences, and L R holds (R: <, = or <=); or, of a write d took, \"R < L\" (the row's fence first: the check it passed)",
		pattern: '{fence} {refusal} {fence}',
		example: '7 < 8',
		meaning: "A write of this step carried the first fence to a database that checks fences, whose row kept the second, and the relation between them holds (\"refused: 7 < 8\"); or, with \"<\", the database took the write and the first is the row's fence, the second the write's: the check the write passed (\"takes it: 0 < 1\").",
		check: (slots, context) => writeCompared(context, slots, 0, 2, slots[1]?.value.type === 'relation' ? slots[1].value.value : '<'),
	},
	{
		id: 'fence-smaller-than-fence',
		compares: true,
		places: STORY,
		tells: 'event',
		formula: "wrote(d) ∈ step with fence L to a row at R, d checking fences, and L < R",
		pattern: '{fence} is smaller than {fence}', alternatives: ["{fence} is less/lower than {fence}"],
		example: '7 is smaller than 8',
		meaning: "A write of this step carried the first fence to a database that checks fences, whose row kept the second, and the first is smaller.",
		check: (slots, context) => writeCompared(context, slots, 0, 1, '<', true),
	},
	{
		id: 'fence-larger-than-fence',
		compares: true,
		places: STORY,
		tells: 'event',
		formula: "wrote(d) ∈ step with fence L to a row at R, d checking fences, and L > R",
		pattern: "{fence} is larger than the row's {fence}", alternatives: ["{fence} is higher/greater/bigger than the row's {fence}", "{fence} is larger/higher/greater/bigger than {fence}"],
		example: "8 is larger than the row's 7",
		meaning: "A write of this step carried the first fence to a database that checks fences, whose row kept the second, and the first is larger.",
		check: (slots, context) => writeCompared(context, slots, 0, 1, '>', true),
	},
	{
		id: 'saves-first',
		places: STORY,
		each: 'save',
		tells: 'event',
		formula: "wrote(w, d) ∈ step, with no wrote(v, e) ∈ run before it by another worker v to any database e, and row(e) = 0 at the scene's start for every database e",
		pattern: '{worker} saves first', alternatives: ["{worker} saves its THING first", "{worker} writes( its THING) first", "{owner} write lands/arrives first", "{owner} THING lands/arrives first"],
		example: 'A saves first',
		meaning: "The worker wrote in this step, and no other worker had written before it, to any of the scene's databases (the words name none: \"first\" is of all the story's saves), nor had any database's row a fence when the scene began.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			return wrote(slots, context, 0, write => {
				const earlier = writesUpTo(context)
				const other = earlier.slice(0, earlier.indexOf(write)).find(h => h.worker !== worker)
				if (other) return `${context.name(other.worker)} wrote to ${context.name(other.database)} before, at ${time(other.at)}${other.database === write.database ? '' : ` ("first" is of every save of the story, to any database)`}`
				const held = [...(context.run.steps[0]?.end.databases ?? new Map())].find(([, row]) => (row.fence ?? 0n) > 0n)
				return held !== undefined ? `${context.name(held[0])}'s row held fence ${showFence(held[1].fence)} when the scene began: someone wrote before ${context.name(worker)}` : undefined
			})
		},
	},
	{
		id: 'saves-before',
		places: STORY,
		each: 'save',
		tells: 'event',
		formula: "wrote(w, d) ∈ step, with no wrote(v, e) before it and one after it ∈ run, to any database e",
		pattern: '{worker} saves before {worker}',
		example: 'A saves before B',
		meaning: "The first worker wrote in this step, and the second had written to none of the scene's databases before it (the words name none: it compares all the story's saves) and wrote to one after it, in this step or a later one.",
		check(slots, context) {
			const other = actorOf(slots[1])
			return wrote(slots, context, 0, write => {
				const earlier = writesUpTo(context)
				const first = earlier.slice(0, earlier.indexOf(write)).find(h => h.worker === other)
				if (first) return `${context.name(other)} wrote to ${context.name(first.database)} before, at ${time(first.at)}`
				// "before B" says B saves too: after it in this step, or in a later one.
				const all = happened(context.step, 'wrote')
				const after = [...all.slice(all.indexOf(write) + 1), ...laterSteps(context).flatMap(step => happened(step, 'wrote'))]
				return after.some(h => h.worker === other) ? undefined : `${context.name(other)} never writes after it`
			})
		},
	},
	{
		id: 'refuses-write',
		places: STORY,
		tells: 'event',
		formula: "wrote(w, d) ∈ step that changed no row",
		each: 'write-outcome',
		pattern: '{database} refuses {owner} write', alternatives: ["{database} rejects {owner} write", "{database} turns down {owner} write", "{database} turns {owner} write down"],
		example: "the database refuses A's write",
		meaning: "The worker's write to that database in this step (the one the text told last, else the first whose answer it has not told) changed no row: its fence was not larger than the row's.",
		check: (slots, context) => outcome(slots, context, 1, 0, 'refused'),
	},
	{
		id: 'refuses-late-write',
		places: STORY,
		tells: 'event',
		formula: "wrote(w, d) ∈ step that changed no row, w's lease not live",
		each: 'write-outcome',
		pattern: '{database} refuses {owner} late/stale write', alternatives: ["{database} rejects {owner} late/stale write"],
		example: "the database refuses A's stale write",
		meaning: "The worker's write to that database in this step changed no row, and the worker's lease was no longer live when it wrote: a stale write.",
		check: (slots, context) => late(context, outcome(slots, context, 1, 0, 'refused')),
	},
	{
		id: 'refuses-worker',
		places: STORY,
		tells: 'event',
		formula: "wrote(w, d) ∈ step that changed no row",
		each: 'write-outcome',
		pattern: '{database} refuses {worker}', alternatives: ["{database} rejects {worker}", "{database} turns {worker} away", "{database} turns {worker} down", "{database} turns down {worker}"],
		example: 'the database refuses A',
		meaning: "The worker's write to that database in this step (the one the text told last, else the first whose answer it has not told) changed no row. \"Turns it down\", after a clause about the worker, is the same.",
		check: (slots, context) => outcome(slots, context, 1, 0, 'refused'),
	},
	{
		id: 'refuses-the-write',
		places: STORY,
		each: 'write-outcome',
		tells: 'event',
		formula: "the one wrote(d) ∈ step changed no row",
		pattern: '{database} refuses the write', alternatives: ["{database} rejects the write", "{database} turns the write down"],
		example: 'the database refuses the write',
		meaning: 'The one write to that database in this step changed no row.',
		check: (slots, context) => theWrite(slots, context, 'refused'),
	},
	{
		id: 'refuses-the-stale-write',
		places: STORY,
		each: 'write-outcome',
		tells: 'event',
		formula: "the one wrote(w, d) ∈ step changed no row, w's lease not live",
		pattern: '{database} refuses the stale/late write', alternatives: ["{database} rejects the stale/late write", "{database} turns the stale/late write down"],
		example: 'the database refuses the stale write',
		meaning: "The one write to that database in this step changed no row, and its worker's lease was no longer live when it wrote: a stale write.",
		check: (slots, context) => late(context, theWrite(slots, context, 'refused'), 0),
	},
	{
		id: 'accepts-write',
		places: STORY,
		tells: 'event',
		formula: "wrote(w, d) ∈ step that changed the row",
		each: 'write-outcome',
		pattern: '{database} accepts {owner} write/THING', alternatives: ["{database} stores {owner} write/THING", "{database} saves {owner} write/THING"],
		example: "the database accepts A's THING",
		meaning: "The worker's write to that database in this step (the one the text told last, else the first whose answer it has not told) changed the row.",
		check: (slots, context) => outcome(slots, context, 1, 0, true),
	},
	{
		id: 'takes-write',
		places: STORY,
		tells: 'event',
		formula: "wrote(w, d) ∈ step that changed the row",
		each: 'write-outcome',
		pattern: '{database} takes {owner} write', alternatives: ["{database} takes/accepts {worker}", "{database} takes/accepts/keeps {owner} save"],
		example: "the database takes A's write",
		meaning: "The worker's write to that database in this step (the one the text told last, else the first whose answer it has not told) changed the row.",
		check: (slots, context) => outcome(slots, context, 1, 0, true),
	},
	{
		id: 'takes-new-write',
		places: STORY,
		tells: 'event',
		formula: "wrote(w, d) ∈ step that changed the row, and no wrote(w, ·) after it in the step",
		each: 'write-outcome',
		pattern: '{database} takes {owner} new write', alternatives: ["{database} accepts/keeps/stores {owner} new write", "{database} takes/accepts/keeps/stores {owner} new save"],
		example: "the database takes A's new write",
		meaning: "The worker's write to that database in this step (the one the text told last, else the first whose answer it has not told) changed the row, and it is the worker's latest write: it wrote nothing after it in the step.",
		check: (slots, context) => newest(context, outcome(slots, context, 1, 0, true)),
	},
	{
		id: 'takes-late-write',
		places: STORY,
		tells: 'event',
		formula: "wrote(w, d) ∈ step that changed the row, w's lease not live",
		each: 'write-outcome',
		pattern: '{database} takes {owner} late/stale write', alternatives: ["{database} accepts/keeps {owner} late/stale write"],
		example: "the database takes A's late write",
		meaning: "The worker's write to that database in this step (the one the text told last, else the first whose answer it has not told) changed the row, and the worker's lease was no longer live when it wrote.",
		check: (slots, context) => late(context, outcome(slots, context, 1, 0, true)),
	},
	{
		id: 'takes-the-write',
		places: STORY,
		each: 'write-outcome',
		tells: 'event',
		formula: "the one wrote(d) ∈ step changed the row",
		pattern: '{database} takes the write', alternatives: ["{database} accepts/stores/saves/keeps the write"],
		example: 'the database takes the write',
		meaning: 'The one write to that database in this step changed the row.',
		check: (slots, context) => theWrite(slots, context, true),
	},
	{
		id: 'takes-both-writes',
		places: STORY,
		tells: 'event',
		formula: "wrote(d) ∈ step are two, or one and wrote(d) before the step is one; and each changed the row",
		pattern: '{database} takes both writes', alternatives: ["{database} accepts/stores/keeps both writes", "{database} takes/accepts/keeps both saves", "{database} took/accepted/stored/kept both writes", "{database} took/accepted/kept both saves"],
		example: 'the database takes both writes',
		meaning: "Two writes came to that database, and each changed the row: \"both\" is the step's two writes to it, or, in a step of one write to it, that write and the one write to it before the step (the text told two); so a step of three writes, or of one after none or after two or more, is refused, and so is a database that took only one of the two (with two databases, name the one: \"the database\" names none). The past tense (\"took\") says the same.",
		check: (slots, context) => bothTaken(context, actorOf(slots[0])),
	},
	{
		id: 'both-writes-taken',
		places: STORY,
		tells: 'event',
		formula: "wrote(·) ∈ step are two, or one and wrote(·) before the step is one; and each changed its database's row",
		pattern: 'both writes are taken', alternatives: ['both writes are accepted/kept/stored', 'both saves are taken/accepted/kept', 'both writes were taken/accepted/kept/stored', 'both saves were taken/accepted/kept'],
		example: 'both writes are taken',
		meaning: "Two writes came (to one database or to two), and each changed the row of the database it went to: the step's two, or, in a step of one write, that write and the one write before the step.",
		check: (_slots, context) => bothTaken(context, undefined),
	},
	{
		id: 'takes-the-stale-write',
		places: STORY,
		each: 'write-outcome',
		tells: 'event',
		formula: "the one wrote(w, d) ∈ step changed the row, w's lease not live",
		pattern: '{database} takes the stale/late write', alternatives: ["{database} accepts/stores/saves/keeps the stale/late write"],
		example: 'the database takes the stale write',
		meaning: "The one write to that database in this step changed the row, and its worker's lease was no longer live when it wrote: a stale write.",
		check: (slots, context) => late(context, theWrite(slots, context, true), 0),
	},
	{
		id: 'takes-write-over',
		places: STORY,
		tells: 'event',
		formula: "wrote(w, d) ∈ step that changed the row, w's lease not live, where the row kept v's write",
		each: 'write-outcome',
		pattern: '{database} takes {owner} late/stale write over {owner}',
		example: "the database takes A's stale write over B's",
		meaning: "The first worker's write changed the row in this step, its lease no longer live, where the row had kept the second worker's write.",
		check(slots, context) {
			const done = late(context, outcome(slots, context, 1, 0, true))
			if (!done.ok) return done
			const worker = actorOf(slots[1])
			const write = decided(done) as Of<'wrote'>
			const over = actorOf(slots[2])
			if (write.writerBefore !== over) return fails(`the row kept ${write.writerBefore === undefined ? 'no worker' : context.name(write.writerBefore)}'s write before ${context.name(worker)}'s`, 2)
			return done
		},
	},
	{
		id: 'checks-no-fence',
		always: true,
		places: STORY,
		tells: 'none',
		formula: "d does the plain update (fences=off)",
		pattern: '{database} checks no fence', alternatives: ["{database} does not check fences", "{database} doesn't check fences", "{database} checks no fences", "{database} does a/the plain update", "{database} does a/the plain update that checks no fence", "{database} does a/the plain update, which checks no fence"],
		example: 'the database checks no fence',
		meaning: "The database does the plain update, which checks no fence (fences=off). Told as why a write was taken (or what it replaced lost, or the row it left), it is so only when a database that checks fences would have refused that write: its fence was no larger than the row's.",
		check: (slots, context) => fenceChecking(slots, context, false),
	},
	{
		id: 'checks-fences',
		always: true,
		places: STORY,
		tells: 'none',
		quiet: true,
		formula: "d does the conditional update (fences=on): every write to d so far was decided by its fence; before any write, the seed's setting",
		pattern: '{database} checks fences', alternatives: ["{database} checks the fences", "{database} checks each write's fence", "{database} does a/the conditional update", "{database} does a/the fenced update"],
		example: 'the database checks fences',
		meaning: "The database does the conditional update, which checks each write's fence (not fences=off): every write to it so far went as its fence decided, and before any write the seed's update is the conditional one. The opposite of \"{database} checks no fence\".",
		check: (slots, context) => fenceChecking(slots, context, true),
	},

	{
		id: 'takes-only-larger-fences',
		always: true,
		places: STORY,
		tells: 'none',
		formula: "d does the conditional update (fences=on), and the clause right before told wrote(d) ∈ step that it refused: its fence ≤ the row's",
		pattern: '{database}( only) takes a fence larger than the last one it took', alternatives: ["{database} takes only a fence larger than the last one it took"],
		example: 'the database only takes a fence larger than the last one it took',
		meaning: "The database's rule, told right after a clause that tells a write it refused: it checks fences (as \"{database} checks fences\"), and that write's fence was not larger than the row's, the last fence it took. After a write it took, or of a database that checks no fence, it is refused.",
		check(slots, context) {
			const database = actorOf(slots[0])
			const rule = fenceChecking(slots, context, true)
			if (!rule.ok) return rule
			const told = (context.priorTold ?? []).filter((h): h is Of<'wrote'> => h.kind === 'wrote' && h.database === database)
			const write = told[told.length - 1]
			if (write === undefined) return fails(`this tells why ${context.name(database)} refused a write, so the clause right before it must tell a write ${context.name(database)} refused in this step ("the database refuses A's write: it only takes a fence larger than the last one it took")`, 0)
			if (!isOutcome(write, 'refused')) return fails(`${describeWrite(context, write)}: this tells why it refused a write, and it did not refuse that one`, 0)
			return rule
		},
	},
	{
		id: 'write-is-refused',
		places: STORY,
		tells: 'event',
		formula: "wrote(w) ∈ step that changed no row",
		each: 'write-outcome',
		pattern: '{owner} write is refused', alternatives: ["{owner} write is rejected", "{owner} write gets refused/rejected", "{owner} write is turned down", "{owner} write is refused/rejected by the database"],
		example: "A's write is refused",
		meaning: "The worker's write in this step (the one the text told last, else the first whose answer it has not told) changed no row.",
		check: (slots, context) => outcome(slots, context, 0, undefined, 'refused'),
	},
	{
		id: 'late-write-is-refused',
		places: STORY,
		tells: 'event',
		formula: "wrote(w) ∈ step that changed no row, w's lease not live",
		each: 'write-outcome',
		pattern: '{owner} stale/late write is refused', alternatives: ["{owner} stale/late write is rejected", "{owner} stale/late write is refused/rejected by the database"],
		example: "A's stale write is refused",
		meaning: "The worker's write in this step changed no row, and the worker's lease was no longer live when it wrote: a stale write.",
		check: (slots, context) => late(context, outcome(slots, context, 0, undefined, 'refused'), 0),
	},
	{
		id: 'write-with-fence-is-refused',
		places: STORY,
		tells: 'event',
		formula: "wrote(w, fence f) ∈ step that changed no row",
		pattern: '{owner} write with fence {fence} is refused', alternatives: ["{owner} write with fence {fence} is rejected", "{owner} write with fence {fence} is turned down", "{owner} write with fence {fence} gets refused/rejected", "{owner} write with fence {fence} is refused/rejected by the database"],
		example: "A's write with fence 7 is refused",
		meaning: "The worker's write with that fence in this step (the one the text told last, else the first) changed no row.",
		check: (slots, context) => fencedOutcome(slots, context, 'refused'),
	},
	{
		id: 'write-with-fence-is-saved',
		places: STORY,
		tells: 'event',
		formula: "wrote(w, fence f) ∈ step that changed the row",
		pattern: '{owner} write with fence {fence} is saved', alternatives: ["{owner} write with fence {fence} is accepted/stored/kept", "{owner} write with fence {fence} goes through", "{owner} write with fence {fence} succeeds"],
		example: "B's write with fence 8 is saved",
		meaning: "The worker's write with that fence in this step (the one the text told last, else the first) changed the row.",
		check: (slots, context) => fencedOutcome(slots, context, true),
	},
	{
		id: 'write-changes-no-row',
		places: STORY,
		tells: 'event',
		formula: "wrote(w) ∈ step that changed no row",
		each: 'write-outcome',
		pattern: '{owner} write changes no row',
		example: "A's write changes no row",
		meaning: "The worker's write in this step (the one the text told last, else the first whose answer it has not told) changed no row.",
		check: (slots, context) => outcome(slots, context, 0, undefined, false),
	},
	{
		id: 'write-is-saved',
		places: STORY,
		tells: 'event',
		formula: "wrote(w) ∈ step that changed the row",
		each: 'write-outcome',
		pattern: '{owner} write is saved', alternatives: ["{owner} write is accepted/stored/kept", "{owner} write goes through", "{owner} write succeeds"],
		example: "B's write is saved",
		meaning: "The worker's write in this step (the one the text told last, else the first whose answer it has not told) changed the row.",
		check: (slots, context) => outcome(slots, context, 0, undefined, true),
	},
	{
		id: 'keeps-largest-fence',
		places: STORY,
		tells: 'state',
		formula: "row(d, t) = f, and no wrote(d) ∈ run up to t, nor the row at the scene's start, had a larger fence",
		pattern: '{database} keeps the largest fence, {fence}', alternatives: ["{database} keeps the highest/biggest/greatest fence, {fence}", "{database} keeps the largest fence it has seen, {fence}"],
		example: 'the database keeps the largest fence, 8',
		meaning: 'The row keeps that fence when the step ends, and no write to it so far had a larger one.',
		check(slots, context) {
			const database = actorOf(slots[0])
			const row = context.world.databases.get(database)
			if (!row) return fails(`${context.name(database)} is no database`, 0)
			const wanted = fenceOfSlot(slots[1])
			if (row.fence !== wanted) return fails(`expected fence ${showFence(wanted)}, but the row keeps fence ${showFence(row.fence)}`, 1)
			const larger = writesUpTo(context, database).find(h => h.fence > row.fence)
			if (larger) return fails(`${context.name(larger.worker)} wrote a larger fence, ${showFence(larger.fence)}, which the row does not keep: ${context.name(database)} checks no fence`, 0)
			const first = context.run.steps[0]?.end.databases.get(database)?.fence
			if (first !== undefined && first > row.fence) return fails(`the row had a larger fence, ${showFence(first)}, when the scene began, which it does not keep: ${context.name(database)} checks no fence`, 0)
			return holds([{ kind: 'row', database, at: context.world.time, fence: showFence(row.fence), ...(row.writer === undefined ? {} : { writer: row.writer }) }], context.world.time)
		},
	},
	{
		id: 'row-already-has-fence',
		places: STORY,
		tells: 'state',
		formula: "row(the database, t) = f, and no wrote(v) ∈ step changed the row to f",
		pattern: 'the row already has fence {fence}', alternatives: ["the row already holds fence {fence}", "the row already keeps fence {fence}"],
		example: 'the row already has fence 8',
		meaning: "The row's fence is that fence when the step ends, and it had it before the step: no write of the step put it there.",
		check(slots, context) {
			const database = theDatabase(context)
			if (typeof database !== 'string') return fails(database.message)
			const verdict = rowFence(context, database, slots, 0)
			if (!verdict.ok) return verdict
			const fence = fenceOfSlot(slots[0])
			const put = happened(context.step, 'wrote', h => h.database === database && h.changed && h.after === fence)[0]
			return put ? fails(`the row got fence ${showFence(fence)} in this step, from ${context.name(put.worker)}'s write at ${time(put.at)}: it did not already have it`, 0) : verdict
		},
	},
	{
		id: 'row-keeps-fence',
		places: STORY,
		tells: 'state',
		formula: "row(the database, t) = f",
		pattern: 'the row keeps fence {fence}', alternatives: ["the row's fence is {fence}", "the row has/holds/stores fence {fence}", "the stored fence is {fence}"],
		example: 'the row keeps fence 7',
		meaning: "The row's fence is that fence when the step ends.",
		check(slots, context) {
			const database = theDatabase(context)
			if (typeof database !== 'string') return fails(database.message)
			return rowFence(context, database, slots, 0)
		},
	},
	{
		id: 'row-ends-with-fence',
		places: STORY,
		tells: 'state',
		formula: "row(the database, end of step) = f, and row(the database, end of each later step) = f",
		pattern: 'the row ends with fence {fence}', alternatives: ["the row ends up with fence {fence}"],
		example: 'the row ends with fence 7',
		meaning: "The row's fence is that fence when the step ends, and stays so to the scene's end: \"ends\" says no later step changes it.",
		check(slots, context) {
			const database = theDatabase(context)
			if (typeof database !== 'string') return fails(database.message)
			if (context.moment !== undefined) return fails('"ends with" tells what the row keeps when the step ends, so it names no moment of its own; drop it, or say "the row keeps fence"', 0)
			const wanted = fenceOfSlot(slots[0])
			const row = context.step.end.databases.get(database)
			if (!row) return fails(`${context.name(database)} is no database`)
			if (row.fence !== wanted) return fails(`expected fence ${showFence(wanted)}, but the row keeps fence ${showFence(row.fence)} when the step ends`, 0)
			const later = laterSteps(context).find(step => step.end.databases.get(database)?.fence !== wanted)
			if (later) return fails(`the row keeps fence ${showFence(wanted)} when this step ends, but not to the scene's end: it keeps fence ${showFence(later.end.databases.get(database)?.fence ?? 0n)} when step ${later.index} ends; say "the row keeps fence ${showFence(wanted)}"`, 0)
			return holds([{ kind: 'row', database, at: context.step.end.time, fence: showFence(row.fence), ...(row.writer === undefined ? {} : { writer: row.writer }) }], context.step.end.time)
		},
	},
	{
		id: 'database-has-seen-fence',
		places: STORY,
		tells: 'state',
		formula: "wrote(v, d, fence f) ∈ run by t that changed the row",
		pattern: '{database} has seen fence {fence}', alternatives: ['{database} has already seen fence {fence}', '{database} has seen a write with fence {fence}'],
		example: 'the database has seen fence 7',
		meaning: "The database has kept a write with that fence, in this step or before: a write carrying it changed the row. After \"because\", it tells why a write was refused only when the row still kept that fence when the write came.",
		check(slots, context) {
			const database = actorOf(slots[0])
			const wanted = fenceOfSlot(slots[1])
			const now = context.world.time
			const seen = runSteps(context.run).filter(step => step.index <= context.step.index).flatMap(step => happened(step, 'wrote', h => h.database === database && h.changed && h.fence === wanted && h.at <= now).map(h => ({ step, h }))).pop()
			if (seen === undefined) return fails(`${context.name(database)} has kept no write with fence ${showFence(wanted)} by ${time(now)}`, 1)
			// As a cause it tells that write, which made the row keep that fence (not the row's last write, which its evidence would name).
			return { ...holds([saw(seen.step, seen.h), { kind: 'row', database, at: seen.h.at, fence: showFence(wanted), writer: seen.h.worker }], now), said: { told: [seen.h] } } as Verdict
		},
	},
	{
		id: 'database-keeps-fence',
		places: STORY,
		tells: 'state',
		formula: "row(d, t) = f",
		pattern: '{database} keeps fence {fence}', alternatives: ["{database} holds/stores fence {fence}"],
		example: 'the database keeps fence 7',
		meaning: "The row's fence is that fence when the step ends.",
		check: (slots, context) => rowFence(context, actorOf(slots[0]), slots, 1),
	},
	{
		id: 'thing-stays',
		places: STORY,
		tells: 'state',
		quiet: true,
		formula: "writer(d) = w when the step began and at t, and no wrote(v, d) ∈ step up to t changed the row",
		pattern: '{owner} THING stays', alternatives: ['{owner} THING stays in the row', '{owner} THING is kept', '{owner} THING stays saved'],
		example: "B's THING stays",
		meaning: "The row kept the worker's write when the step began and still keeps it at the clause's moment (the step's end unless it names one): no write changed that row in the step, up to then.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const kept = [...context.step.start.databases.values()].filter(row => row.writer === worker)
			if (kept.length === 0) return fails(`no row kept ${context.name(worker)}'s write when the step began, so none stays`, 0)
			for (const row of kept) {
				const changed = happened(context.step, 'wrote', h => h.database === row.id && h.changed && h.at <= context.world.time)[0]
				if (changed) return fails(`${context.name(changed.worker)}'s write changed ${context.name(row.id)}'s row at ${time(changed.at)}, where it kept ${context.name(worker)}'s write`, 0)
				if (context.world.databases.get(row.id)?.writer !== worker) return fails(`${context.name(row.id)}'s row no longer keeps ${context.name(worker)}'s write`, 0)
			}
			// Its evidence names the row's writer, not its fence: that a THING stays is no fence compared, so it is why no write's answer.
			return holds(kept.map(row => ({ kind: 'row' as const, database: row.id, at: context.world.time, fence: '', writer: worker })))
		},
	},
	{
		id: 'row-keeps-thing',
		places: STORY,
		tells: 'state',
		formula: "writer(d, t) = w, d the scene's one database",
		pattern: 'the row holds {owner} THING', alternatives: ['the row keeps/has {owner} THING', 'the row now holds/keeps/has {owner} THING'],
		example: "the row holds B's THING",
		meaning: "The scene's one database's row keeps that worker's write at the clause's moment (the step's end unless it names one).",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const row = oneRowKeeps(context, [...context.world.databases.values()], worker, '')
			if ('ok' in row) return row
			return holds([{ kind: 'row' as const, database: row.id, at: context.world.time, fence: '', writer: worker }])
		},
	},
	{
		id: 'row-ends-with-thing',
		places: STORY,
		tells: 'state',
		formula: "writer(d, end of step) = w, d the scene's one database",
		pattern: 'the row ends with {owner} THING', alternatives: ['the row ends up with {owner} THING'],
		example: "the row ends with B's THING",
		meaning: "The scene's one database's row keeps that worker's write when the step ends (so it names no moment of its own).",
		check: (slots, context) => rowEndsWith(slots, context, false),
	},
	{
		id: 'row-ends-with-stale-thing',
		places: STORY,
		tells: 'state',
		formula: "writer(d, end of step) = w, d the scene's one database, and the wrote(w, d) that put it there changed the row with w's lease not live",
		pattern: 'the row ends with {owner} stale THING', alternatives: ['the row ends with {owner} late THING', 'the row ends up with {owner} stale/late THING', 'the row ends( up) with {owner} stale/late one'],
		example: "the row ends with A's stale THING",
		meaning: "The scene's one database's row keeps that worker's write when the step ends, and that write was stale: the worker's lease was no longer live when it wrote (a database that checks no fence takes it). \"one\" (\"the row ends with A's stale one\") stands for the THING or write its sentence named before it, and reads only after one.",
		check: (slots, context) => rowEndsWith(slots, context, true),
	},
	{
		id: 'row-ends-with-older-thing',
		places: STORY,
		tells: 'state',
		formula: "writer(d, end of step) = w, d the scene's one database, and the wrote(w, d) that put it there replaced another worker's THING and carried a fence lower than the row's before it, the same store having given both fences",
		pattern: 'the row ends with {owner} older THING', alternatives: ['the row ends up with {owner} older THING'],
		example: "the row ends with A's older THING",
		meaning: "The scene's one database's row keeps that worker's write when the step ends, and that write is older than the one it replaced: it overwrote another worker's THING and carried a lower fence than the row kept before it (its lease was given before that worker's, so its THING was made first; a database that checks no fence takes it). The same store must have given both fences: fences of different locks tell nothing of which is older.",
		check(slots, context) {
			const kept = rowEndsWith(slots, context, false)
			if (!kept.ok) return kept
			const worker = actorOf(slots[0])
			const name = context.name(worker)
			const row = [...context.step.end.databases.values()][0] as DatabaseFact
			const write = runSteps(context.run).filter(step => step.index <= context.step.index).flatMap(step => happened(step, 'wrote', h => h.database === row.id && h.changed)).pop()
			if (write === undefined || write.worker !== worker) return fails(`no write of ${name}'s put its ${context.words?.thing ?? 'write'} in ${context.name(row.id)}'s row, so nothing tells what it is older than`, 0)
			if (write.writerBefore === undefined || write.writerBefore === worker) return fails(`${name}'s write at ${time(write.at)} replaced ${write.writerBefore === undefined ? 'no worker\'s write' : 'its own write'}, so it is older than no other worker's`, 0)
			if (write.noFence) return fails(`${name}'s write at ${time(write.at)} carried no fence a store gave, so nothing tells that it is older than ${context.name(write.writerBefore)}'s`, 0)
			const otherLocks = fencesOfOtherLocks(context, write)
			if (otherLocks !== undefined) return fails(otherLocks, 0)
			if (write.fence >= write.before) return fails(`${name}'s write at ${time(write.at)} carried fence ${showFence(write.fence)}, not lower than the row's ${showFence(write.before)} from ${context.name(write.writerBefore)}: it is not older than what it replaced`, 0)
			return kept
		},
	},
	{
		id: 'row-ends-with-thing-and-fence',
		places: STORY,
		tells: 'state',
		formula: "writer(d, end of step) = w and row(d, end of step) = f, d the scene's one database",
		pattern: 'the row ends with {owner} THING and fence {fence}', alternatives: ['the row ends up with {owner} THING and fence {fence}'],
		example: "the row ends with B's THING and fence 2",
		meaning: "The scene's one database's row keeps that worker's write and that fence when the step ends (so it names no moment of its own).",
		check(slots, context) {
			const kept = rowEndsWith(slots, context, false)
			if (!kept.ok) return kept
			const row = [...context.step.end.databases.values()][0] as DatabaseFact
			const wanted = fenceOfSlot(slots[1])
			if (row.fence !== wanted) return fails(`expected fence ${showFence(wanted)}, but ${context.name(row.id)}'s row keeps fence ${showFence(row.fence)} when the step ends`, 1)
			return holds([{ kind: 'row', database: row.id, at: context.step.end.time, fence: showFence(row.fence), writer: actorOf(slots[0]) }], context.step.end.time)
		},
	},
	{
		id: 'row-keeps-thing-and-fence',
		places: STORY,
		tells: 'state',
		formula: "writer(d, t) = w and row(d, t) = f, d the scene's one database",
		pattern: 'the row holds {owner} THING with fence {fence}', alternatives: ['the row keeps/has {owner} THING with fence {fence}', 'the row now holds/keeps/has {owner} THING with fence {fence}', 'the row holds/keeps/has {owner} THING and fence {fence}', 'the row now holds/keeps/has {owner} THING and fence {fence}'],
		example: "the row holds B's THING with fence 2",
		meaning: "The scene's one database's row keeps that worker's write and that fence at the clause's moment: the step's end (a moment it names must be that end).",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const row = oneRowKeeps(context, [...context.world.databases.values()], worker, ` at ${time(context.world.time)}`)
			if ('ok' in row) return row
			const wanted = fenceOfSlot(slots[1])
			if (row.fence !== wanted) return fails(`expected fence ${showFence(wanted)}, but ${context.name(row.id)}'s row keeps fence ${showFence(row.fence)} at ${time(context.world.time)}`, 1)
			return holds([{ kind: 'row', database: row.id, at: context.world.time, fence: showFence(row.fence), writer: worker }], context.world.time)
		},
	},
	{
		id: 'write-replaces',
		places: STORY,
		tells: 'event',
		formula: "wrote(w) ∈ step that changed the row, where the row kept v's write",
		pattern: '{owner} THING replaces {owner}', alternatives: ["{owner} THING/write replaces/overwrites {owner} THING", "{owner} THING/write overwrites {owner}", "{owner} write replaces {owner}", "{owner} THING/write silently replaces/overwrites {owner} THING", "{owner} THING/write silently replaces/overwrites {owner}"],
		example: "B's THING replaces A's",
		meaning: "The first worker's write (the one the text told last, else the first that changed the row) changed the row in this step, where the row had kept the second worker's write. 'Silently' claims no more: a database tells no other worker of a write it takes.",
		check(slots, context) {
			const replacing = replacingWrite(slots, context)
			return 'write' in replacing ? { ...holds([saw(context.step, replacing.write)], replacing.write.at), said: { decides: replacing.write, overwrites: replacing.write } } : replacing
		},
	},
	{
		id: 'old-write-replaces-newer',
		places: STORY,
		tells: 'event',
		formula: "wrote(w) ∈ step that changed the row, where the row kept v's write, and fence(wrote(w)) < the row's fence before it, the same store having given both",
		pattern: '{owner} old write overwrites {owner} newer one', alternatives: ['{owner} old/older/stale write replaces/overwrites {owner} newer one', '{owner} old/older/stale THING replaces/overwrites {owner} newer one', '{owner} old/older/stale write replaces/overwrites {owner} newer write', '{owner} old/older/stale THING replaces/overwrites {owner} newer THING', '{owner} write/THING replaces/overwrites {owner} newer one', '{owner} write/THING replaces/overwrites {owner} newer write/THING'],
		example: "A's old write overwrites B's newer one",
		meaning: "As \"{owner} THING replaces {owner}\": the first worker's write changed the row in this step, where the row had kept the second worker's write; and the first's write carried a smaller fence than the one the row kept, the second's: it is old, the other newer, by their fences (which a database that checks no fence lets pass). The same store must have given both fences: fences of different locks tell nothing of which is older.",
		check(slots, context) {
			const replacing = replacingWrite(slots, context)
			if (!('write' in replacing)) return replacing
			const { write, worker, over } = replacing
			if (write.noFence === true) return fails(`${context.name(worker)}'s write carried no fence, so it is neither old nor new by its fence`, 0)
			const otherLocks = fencesOfOtherLocks(context, write)
			if (otherLocks !== undefined) return fails(otherLocks, 0)
			if (!(write.fence < write.before)) return fails(`${context.name(worker)}'s write carried fence ${showFence(write.fence)}, and the row kept ${context.name(over)}'s with fence ${showFence(write.before)}: ${write.fence === write.before ? 'the same fence' : `${context.name(worker)}'s is the newer`}, not older`, 0)
			return { ...holds([saw(context.step, write)], write.at), said: { decides: write, overwrites: write } } as Verdict
		},
	},
	{
		id: 'database-overwrites',
		places: STORY,
		tells: 'event',
		formula: "wrote(v, d) ∈ step that changed the row, v ≠ w, where the row kept w's write",
		pattern: '{database} overwrites {owner} THING', alternatives: ["{database} overwrites {owner} write", "{database} replaces {owner} THING/write"],
		example: "the database overwrites A's THING",
		meaning: "Another worker's write to that database changed the row in this step, where the row had kept this worker's write.",
		check(slots, context) {
			const database = actorOf(slots[0])
			const worker = actorOf(slots[1])
			const write = happened(context.step, 'wrote', h => h.database === database && h.changed && h.writerBefore === worker && h.worker !== worker)[0]
			if (!write) return fails(`no other worker's write to ${context.name(database)} replaced ${context.name(worker)}'s in the row in this step`, 1)
			return { ...holds([saw(context.step, write)], write.at), said: { decides: write, overwrites: write } } as Verdict
		},
	},
	{
		id: 'thing-overwritten',
		places: STORY,
		tells: 'event',
		formula: "wrote(v, d) ∈ step that changed the row, v ≠ w, where the row kept w's write",
		pattern: '{owner} THING is overwritten', alternatives: ["{owner} THING is lost", "{owner} THING gets overwritten", "{owner} write is overwritten"],
		example: "A's THING is overwritten",
		meaning: "Another worker's write changed the row in this step, where the row had kept this worker's write.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const write = happened(context.step, 'wrote', h => h.changed && h.writerBefore === worker && h.worker !== worker)[0]
			if (!write) return fails(`no other worker's write replaced ${context.name(worker)}'s in the row in this step`, 0)
			return { ...holds([saw(context.step, write)], write.at), said: { decides: write, overwrites: write } } as Verdict
		},
	},
	{
		id: 'write-overwrote',
		places: STORY,
		tells: 'none',
		formula: "wrote(w) ∈ this step or an earlier one that changed the row, where the row kept v's write",
		pattern: '{owner} write overwrote {owner} THING', alternatives: ["{owner} THING overwrote {owner}", "{owner} write replaced {owner} THING"],
		example: "A's write overwrote B's THING",
		meaning: "A write of the first worker, in this step or an earlier one, changed the row where the row had kept the second worker's write: the past tense of an overwrite told before.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const over = actorOf(slots[1])
			const steps = context.run.steps.slice(1, context.step.index + 1)
			const found = steps.flatMap(step => happened(step, 'wrote', h => h.worker === worker && h.changed && h.writerBefore === over).map(write => ({ step, write }))).pop()
			if (!found) return fails(`no write of ${context.name(worker)} replaced ${context.name(over)}'s in the row, in this step or before`, 0)
			return { ok: true, evidence: [saw(found.step, found.write)], said: { overwrites: found.write, events: [found.write] } }
		},
	},
	{
		id: 'write-carried-fence',
		places: STORY,
		tells: 'none',
		formula: "the last wrote(w) of this step or an earlier one has fence f",
		pattern: '{owner} write carried fence {fence}', alternatives: ["{owner} write had/carries/has fence {fence}", "{owner} THING carried/had fence {fence}", "{owner} write was made/sent with fence {fence}"],
		example: "B's write carried fence 2",
		meaning: "The worker's last write, in this step or an earlier one, carried that fence.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const found = context.run.steps.slice(1, context.step.index + 1).flatMap(step => happened(step, 'wrote', h => h.worker === worker).map(write => ({ step, write }))).pop()
			if (!found) return fails(`${context.name(worker)} wrote nothing, in this step or before`, 0)
			const wanted = fenceOfSlot(slots[1])
			if (found.write.noFence || found.write.fence !== wanted) return fails(`expected fence ${showFence(wanted)}, but ${context.name(worker)}'s last write, at ${time(found.write.at)}, carried ${carried(found.write)}`, 1)
			return { ok: true, evidence: [saw(found.step, found.write)], said: { events: [found.write] } }
		},
	},
	{
		id: 'accepts-write-over',
		places: STORY,
		tells: 'event',
		formula: "wrote(w, d) ∈ step that changed the row, where the row kept v's write",
		pattern: '{database} accepts {owner} write over {owner}', alternatives: ["{database} takes/keeps {owner} write over {owner}", "{database} accepts/takes {owner} THING over {owner}"],
		example: "the database accepts B's write over A's",
		meaning: "The first worker's write to that database (the one the text told last, else the first that changed the row) changed the row in this step, where the row had kept the second worker's write.",
		check(slots, context) {
			const database = actorOf(slots[0])
			const worker = actorOf(slots[1])
			const over = actorOf(slots[2])
			const write = changedWrite(context, worker, writes(context, worker, database))
			if (!write) return fails(`no write of ${context.name(worker)} changed ${context.name(database)}'s row in this step`, 1)
			if ('refused' in write) return fails(`the write of ${context.name(worker)} the text told last, at ${time(write.refused.at)}, changed no row: ${describeWrite(context, write.refused)}`, 1)
			if (write.writerBefore !== over) return fails(`the row kept ${write.writerBefore === undefined ? 'no worker' : context.name(write.writerBefore)}'s write before`, 2)
			return { ...holds([saw(context.step, write)], write.at), said: { decides: write } } as Verdict
		},
	},
	{
		id: 'row-fence-smaller-than',
		places: STORY,
		tells: 'event',
		formula: "wrote(fence f) ∈ step found the row's fence < f",
		pattern: "the row's fence is smaller than {fence}",
		example: "the row's fence is smaller than 7",
		meaning: "A write in this step had that fence, and the row's fence was smaller when it came.",
		check: (slots, context) => rowBefore(slots, context, true),
	},
	{
		id: 'no-larger-fence',
		compares: true,
		places: STORY,
		tells: 'event',
		formula: "wrote(fence f) ∈ step to a database that checks fences found the row's fence < f (the write told just before, else the step's one such write)",
		pattern: 'no larger fence came( before)', alternatives: ['no larger fence was written/saved', 'no larger fence had come', 'no larger fence had been written/saved', 'no write with a larger fence came( before)', 'no larger fence( ever) reached the row( before)', 'no larger fence had( ever) reached the row', 'no larger fence ever came( before)', 'no larger fence has reached the row( yet)', 'no larger fence has ever reached the row'],
		example: 'no larger fence came',
		meaning: "A write of this step found the row's fence smaller than its own: no write with a fence as large had been taken (\"no larger fence ever reached the row\", or \"has reached the row yet\": none reached it before this write). It is the write the clause before tells, else the step's one write to a database that checks fences.",
		check(_slots, context) {
			const all = happened(context.step, 'wrote', h => h.fenced && !h.noFence)
			const write = context.answered ?? (all.length === 1 ? all[0] : undefined)
			if (write === undefined) return fails(all.length === 0 ? 'no write of this step went to a database that checks fences' : `${all.length} writes of this step compared fences; tell the write this is of right before it ("the database takes A's write, because no larger fence came")`)
			if (write.noFence || !write.fenced) return fails(`${context.name(write.database)} compared no fences for ${context.name(write.worker)}'s write`)
			if (!(write.before < write.fence)) return fails(`the row's fence was ${showFence(write.before)} when ${context.name(write.worker)}'s write came with fence ${showFence(write.fence)}: ${write.before === write.fence ? 'a fence as large' : 'a larger fence'} had come`)
			return { ...holds([saw(context.step, write)], write.at), said: { comparison: { left: write.fence, right: write.before, relation: '>', write } } } as Verdict
		},
	},
	{
		id: 'row-fence-not-smaller-than',
		places: STORY,
		tells: 'event',
		formula: "wrote(fence f) ∈ step found the row's fence ≥ f",
		pattern: "the row's fence is not smaller than {fence}",
		example: "the row's fence is not smaller than 7",
		meaning: "A write in this step had that fence, and the row's fence was not smaller when it came.",
		check: (slots, context) => rowBefore(slots, context, false),
	},
	{
		id: 'fence-is',
		places: STORY,
		tells: 'state',
		formula: "fence(lease(w, t)) = f",
		pattern: '{owner} fence is {fence}', alternatives: ["{owner} lease has/carries fence {fence}"],
		example: "A's fence is 7",
		meaning: "The worker's latest lease has that fence.",
		check: (slots, context) => leaseFenceIs(slots, context, (fence, worker) => fence === fenceOfSlot(slots[1]) ? undefined : `expected fence ${showFence(fenceOfSlot(slots[1]))}, but ${context.name(worker)}'s fence is ${showFence(fence)}`),
	},
	{
		id: 'fence-count-is',
		places: STORY,
		tells: 'state',
		formula: "count(fence(lease(w, t))) = n",
		pattern: '{owner} fence count is {count}', alternatives: ["{owner} fence's count is {count}", "{owner} count is {count}", "the count of {owner} fence is {count}"],
		example: "B's fence count is 1",
		meaning: 'The count part of the worker\'s latest fence, after its epoch, is that number ("4000:1" has count 1; a fence of epoch 0 is its count). "its count" is of the worker the clause before speaks of: its fence ("…, because its fence is larger than the row\'s, although its count is 1").',
		check: (slots, context) => leaseFenceIs(slots, context, (fence, worker) => fenceCount(fence) === BigInt(numberOf(slots[1])) ? undefined : `${context.name(worker)}'s fence is ${showFence(fence)}: its count is ${fenceCount(fence)}`),
	},
	{
		id: 'fence-smaller-than-row',
		places: STORY,
		tells: 'event',
		formula: "wrote(w) ∈ step with fence < the row's fence then",
		pattern: "{owner} fence is smaller than the row's", alternatives: ["{owner} fence is lower/less than the row's", "{owner} fence is below the row's"],
		example: "A's fence is smaller than the row's",
		meaning: "The worker wrote in this step, and its fence was smaller than the row's when the write came.",
		check: (slots, context) => againstRow(slots, context, (fence, row) => fence < row, 'not smaller than', '<'),
	},
	{
		id: 'fence-larger-than-row',
		places: STORY,
		tells: 'event',
		formula: "wrote(w) ∈ step with fence > the row's fence then",
		pattern: "{owner} fence is larger than the row's", alternatives: ["{owner} fence is higher/greater/bigger than the row's", "{owner} fence is above the row's"],
		example: "B's fence is larger than the row's",
		meaning: "The worker wrote in this step, and its fence was larger than the row's when the write came.",
		check: (slots, context) => againstRow(slots, context, (fence, row) => fence > row, 'not larger than', '>'),
	},
	{
		id: 'fence-smaller-than',
		compares: true,
		places: STORY,
		tells: 'state',
		formula: "fence(lease(w, t)) < fence(lease(v, t))",
		pattern: '{owner} fence is smaller than {owner}', alternatives: ["{owner} fence is lower/less than {owner}", "{owner} fence is below {owner}", "{owner} is smaller/lower/less than {owner}"],
		example: "A's fence is smaller than B's",
		meaning: "The first worker's latest fence is smaller than the second's. Without the word \"fence\" (\"A's is smaller than B's\") it reads only after a comparison of two workers' fences in its sentence.",
		check: (slots, context) => compare(slots, context, (a, b) => a < b, 'not smaller than'),
	},
	{
		id: 'fence-larger-than',
		compares: true,
		places: STORY,
		tells: 'state',
		formula: "fence(lease(w, t)) > fence(lease(v, t))",
		pattern: '{owner} fence is larger than {owner}', alternatives: ["{owner} fence is higher/greater/bigger than {owner}", "{owner} fence is above {owner}", "{owner} is larger/higher/greater/bigger than {owner}"],
		example: "A's fence is larger than B's",
		meaning: "The first worker's latest fence is larger than the second's. Without the word \"fence\" (\"B's is larger than A's\") it reads only after a comparison of two workers' fences in its sentence (\"C's fence is larger than B's, and B's is larger than A's\").",
		check: (slots, context) => compare(slots, context, (a, b) => a > b, 'not larger than'),
	},
	{
		id: 'fence-larger-than-named',
		places: STORY,
		tells: 'state',
		formula: "fence(lease(w, t)) > fence(lease(v, t)) = f",
		pattern: '{owner} fence is larger than {owner} fence {fence}', alternatives: ['{owner} fence is higher/greater/bigger than {owner} fence {fence}'],
		example: "B's fence is larger than A's fence 1",
		meaning: "The first worker's latest fence is larger than the second's, which is that fence.",
		check(slots, context) {
			const [a, b] = [actorOf(slots[0]), actorOf(slots[1])]
			const [fa, fb] = [context.world.workers.get(a)?.lease?.fence, context.world.workers.get(b)?.lease?.fence]
			if (fa === undefined) return fails(`${context.name(a)} has no fence`, 0)
			if (fb === undefined) return fails(`${context.name(b)} has no fence`, 1)
			if (fb !== fenceOfSlot(slots[2])) return fails(`${context.name(b)}'s fence is ${showFence(fb)}, not ${showFence(fenceOfSlot(slots[2]))}`, 2)
			if (!(fa > fb)) return fails(`${context.name(a)}'s fence ${showFence(fa)} is not larger than ${context.name(b)}'s ${showFence(fb)}`, 0)
			return { ...holds([leaseEvidence(context.world, a), leaseEvidence(context.world, b)], context.world.time), said: { comparison: { left: fa, right: fb, relation: '>', workers: [a, b] }, events: [grantOfLease(context, a), grantOfLease(context, b)].filter(h => h !== undefined) } } as Verdict
		},
	},
	{
		id: 'fence-larger-than-named-old',
		places: STORY,
		tells: 'state',
		formula: "fence(lease(w, t)) > f, with granted(v, fence f) by t, and v's lease at t not a live one with fence f",
		pattern: "{owner} fence is larger than {worker}'s old fence {fence}", alternatives: ["{owner} fence is higher/greater/bigger than {worker}'s old fence {fence}"],
		example: "B's fence is larger than A's old fence 1",
		meaning: "The first worker's latest fence is larger than that fence, which the second worker was given before, in this step or an earlier one, and does not hold now: a fence it held before (\"which is larger than A's old fence 1\", after a clause about B, says it of B's).",
		check(slots, context) {
			const [a, b] = [actorOf(slots[0]), actorOf(slots[1])]
			const wanted = fenceOfSlot(slots[2])
			const fa = context.world.workers.get(a)?.lease?.fence
			if (fa === undefined) return fails(`${context.name(a)} has no fence`, 0)
			const old = runSteps(context.run).filter(step => step.index <= context.step.index).flatMap(step => happened(step, 'granted', h => h.worker === b && h.fence === wanted && h.at <= context.world.time))[0]
			if (old === undefined) return fails(`${context.name(b)} was given no lease with fence ${showFence(wanted)} by ${time(context.world.time)}`, 2)
			const now = context.world.workers.get(b)?.lease
			if (now !== undefined && now.fence === wanted && leaseState(now) === 'live') return fails(`${context.name(b)} still holds fence ${showFence(wanted)}: it is its fence now, not an old one`, 2)
			if (!(fa > wanted)) return fails(`${context.name(a)}'s fence ${showFence(fa)} is not larger than ${context.name(b)}'s old fence ${showFence(wanted)}`, 0)
			const latest = grantOfLease(context, a)
			return { ...holds([leaseEvidence(context.world, a)], context.world.time), said: { events: [latest, old].filter(h => h !== undefined) } } as Verdict
		},
	},
	{
		id: 'fence-larger-than-old',
		places: STORY,
		tells: 'state',
		formula: "fence(lease(w, t)) > f, with granted(w, fence f) before its grant",
		pattern: '{owner} fence is larger than its old fence {fence}', alternatives: ['{owner} fence is higher/greater/bigger than its old fence {fence}', '{owner} fence is larger than its old one, {fence}'],
		example: "A's fence is larger than its old fence 1",
		meaning: "The worker's latest fence is larger than that fence, which a lease it was given before had.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const fence = context.world.workers.get(worker)?.lease?.fence
			const wanted = fenceOfSlot(slots[1])
			if (fence === undefined) return fails(`${context.name(worker)} has no fence`, 0)
			const latest = grantOfLease(context, worker)
			const grants = runSteps(context.run).filter(step => step.index <= context.step.index).flatMap(step => happened(step, 'granted', h => h.worker === worker))
			const old = grants.slice(0, latest === undefined ? grants.length : grants.indexOf(latest)).find(h => h.fence === wanted)
			if (old === undefined) return fails(`${context.name(worker)} was given no lease with fence ${showFence(wanted)} before its latest${latest?.fence === wanted ? ', which has it' : ''}`, 1)
			if (!(fence > wanted)) return fails(`${context.name(worker)}'s fence ${showFence(fence)} is not larger than ${showFence(wanted)}`, 0)
			return { ...holds([leaseEvidence(context.world, worker)], context.world.time), said: { events: [latest, old].filter(h => h !== undefined) } } as Verdict
		},
	},
	{
		id: 'fence-larger-than-before',
		places: STORY,
		tells: 'state',
		formula: "fence(lease(w, t)) > f, f the fence of w's last granted(w) before its lease's grant",
		pattern: '{owner} fence is larger than before', alternatives: ['{owner} fence is higher/greater/bigger than before', '{owner} fence is a larger/higher/greater/bigger fence than before', '{owner} fence is larger/higher/greater/bigger than its fence before'],
		example: "A's fence is larger than before",
		meaning: "The worker's latest fence is larger than the fence of the lease it was given last before that one (\"A gets it with fence 2, a larger fence than before\"); refused when it was given none before, or that one had no fence.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const fence = context.world.workers.get(worker)?.lease?.fence
			if (fence === undefined) return fails(`${context.name(worker)} has no fence`, 0)
			const latest = grantOfLease(context, worker)
			const grants = runSteps(context.run).filter(step => step.index <= context.step.index).flatMap(step => happened(step, 'granted', h => h.worker === worker))
			const old = grants.slice(0, latest === undefined ? grants.length : grants.indexOf(latest)).pop()
			if (old === undefined) return fails(`${context.name(worker)} was given no lease before its fence ${showFence(fence)}, so there is no fence before to be larger than`, 0)
			if (old.fence === undefined) return fails(`${context.name(worker)}'s lease before, at ${time(old.at)}, had no fence`, 0)
			if (!(fence > old.fence)) return fails(`${context.name(worker)}'s fence ${showFence(fence)} is not larger than its fence before, ${showFence(old.fence)} at ${time(old.at)}`, 0)
			return { ...holds([leaseEvidence(context.world, worker)], context.world.time), said: { events: [latest, old].filter(h => h !== undefined) } } as Verdict
		},
	},
	{
		id: 'old-fence-of-older-epoch',
		places: STORY,
		tells: 'state',
		formula: "granted(w, fence f) ∈ run by t, from store s, and epoch(f) < epoch(s, t)",
		pattern: '{owner} old fence {fence} is from an older epoch', alternatives: ['{owner} old fence {fence} is from/of an older/earlier epoch', '{owner} old fence {fence} is from/of the old epoch', '{owner} fence {fence} is from/of an older/earlier epoch'],
		example: "A's old fence 1 is from an older epoch",
		meaning: "The worker was given a lease with that fence, in this step or before, and the fence carries an epoch older than the one its store has now: the store opened again since (a restart or a restore), so any fence it gives now is larger.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const wanted = fenceOfSlot(slots[1])
			const given = runSteps(context.run).filter(step => step.index <= context.step.index).flatMap(step => happened(step, 'granted', h => h.worker === worker && h.fence === wanted).map(h => ({ step, h })))
			const grant = given[given.length - 1]
			if (grant === undefined) return fails(`${context.name(worker)} was given no lease with fence ${showFence(wanted)}`, 1)
			const store = context.world.stores.get(grant.h.store)
			const epoch = fenceEpoch(wanted)
			if (store === undefined || !(epoch < store.epoch)) return fails(`fence ${showFence(wanted)} is of epoch ${epoch}, and ${context.name(grant.h.store)}'s epoch is ${store?.epoch ?? epoch} at ${time(context.world.time)}: ${store !== undefined && epoch > store.epoch ? 'a newer one' : 'the same'}, not an older one`, 1)
			return { ...holds([saw(grant.step, grant.h)], context.world.time), said: { events: [grant.h] } } as Verdict
		},
	},
	{
		id: 'fence-of-new-epoch',
		places: STORY,
		tells: 'state',
		formula: "epoch(fence(lease(w, t))) = e, the epoch of the last restarted(s) or restored(s) ∈ run by t, s its store, e larger than every epoch s had before that open, and fence(lease(w, t)) not granted by s before that open",
		pattern: '{owner} fence is of the new epoch', alternatives: ['{owner} fence is from the new epoch', '{owner} fence is a fence of the new epoch', '{owner} fence is in the new epoch', "{owner} fence is from/of/in the store's new epoch", "{owner} fence is from/of/in its store's new epoch", "{owner} fence is a fence of the store's new epoch", "{owner} fence is a fence of its store's new epoch", '{owner} fence is from/of/in a new epoch', '{owner} fence comes from the new epoch', '{owner} fence comes from a new epoch', "{owner} fence comes from the store's new epoch", "{owner} fence comes from its store's new epoch"],
		example: "B's fence is of the new epoch",
		meaning: "The worker's latest fence carries the epoch its store last opened with again (a restart or a restore), in this step or before: not the one it began with, nor one an earlier open wrote (that open's epoch is newer than every epoch the store had before it, so a restore in the same millisecond as a restart, which reopens at the same epoch, opens no new one), and the fence was not given before that open. \"Comes from\" says the same, and so does \"a new epoch\": the store's newest.",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const lease = context.world.workers.get(worker)?.lease
			if (lease?.fence === undefined) return fails(`${context.name(worker)} has no fence`, 0)
			const epoch = fenceEpoch(lease.fence)
			const opened = runSteps(context.run).filter(step => step.index <= context.step.index).flatMap(step => step.happenings.filter((h): h is Of<'restarted'> | Of<'restored'> => (h.kind === 'restarted' || h.kind === 'restored') && h.store === lease.store)).pop()
			if (opened === undefined) return fails(`${context.name(worker)}'s fence ${showFence(lease.fence)} is of epoch ${epoch}, and ${context.name(lease.store)} has not opened again: there is no new epoch`, 0)
			if (opened.epoch !== epoch) return fails(`${context.name(worker)}'s fence ${showFence(lease.fence)} is of epoch ${epoch}, and the new epoch, ${context.name(lease.store)}'s last open's, is ${opened.epoch}`, 0)
			// The epochs the store had before that open: each open's epoch before it, and each earlier open's own. A new epoch is newer than all.
			const all = runSteps(context.run).filter(step => step.index <= context.step.index).flatMap(step => step.happenings)
			const openAt = all.indexOf(opened)
			const opens = all.slice(0, openAt + 1).filter((h): h is Of<'restarted'> | Of<'restored'> => (h.kind === 'restarted' || h.kind === 'restored') && h.store === lease.store)
			const had = [...opens.map(h => h.epochBefore), ...opens.slice(0, -1).map(h => h.epoch)]
			const open = `${context.name(lease.store)}'s last open, its ${opened.kind === 'restarted' ? 'restart' : 'restore'} at ${time(opened.at)}`
			if (had.some(e => e >= opened.epoch)) return fails(`${context.name(worker)}'s fence ${showFence(lease.fence)} is of epoch ${epoch}, and ${open}, opened at epoch ${opened.epoch}, which is no newer than the epoch ${had.reduce((a, b) => (a > b ? a : b))} ${context.name(lease.store)} had before it: no new epoch`, 0)
			const given = all.slice(0, openAt).find((h): h is Of<'granted'> => h.kind === 'granted' && h.store === lease.store && h.fence === lease.fence)
			if (given !== undefined) return fails(`${context.name(worker)}'s fence ${showFence(lease.fence)} was given to ${context.name(given.worker)} at ${time(given.at)}, before ${open}: not a fence of the new epoch`, 0)
			return { ...holds([leaseEvidence(context.world, worker)], context.world.time), said: { events: [opened, grantOfLease(context, worker)].filter(h => h !== undefined), epoch: { worker, fence: lease.fence } } } as Verdict
		},
	},
]

/**
 * "A's fence is 7", "A's fence count is 1": slot 0's worker's latest lease has a fence, and `wrong` finds nothing amiss with it
 * (else what it says is amiss, of slot 1); it holds with the lease and tells the grant that gave it.
 */
function leaseFenceIs(slots: readonly Slot[], context: ClaimContext, wrong: (fence: bigint, worker: string) => string | undefined): Verdict {
	const worker = actorOf(slots[0])
	const fence = context.world.workers.get(worker)?.lease?.fence
	if (fence === undefined) return fails(`${context.name(worker)} has no fence`, 0)
	const amiss = wrong(fence, worker)
	if (amiss !== undefined) return fails(amiss, 1)
	return { ...holds([leaseEvidence(context.world, worker)], context.world.time), said: { events: [grantOfLease(context, worker)].filter(h => h !== undefined) } } as Verdict
}

/** The write whose outcome a verdict that held tells ("decides"). */
function decided(done: Verdict): Of<'wrote'> | undefined {
	return done.ok ? done.said?.decides : undefined
}

/**
 * "The row" of "the row holds/ends with A's THING": the scene's one database's row among `rows` (the world's at a moment, or the
 * step's end), when it keeps the worker's write; else why not, its message ending with `when` (" at 12 s", " when the step ends", or nothing).
 */
function oneRowKeeps(context: ClaimContext, rows: readonly DatabaseFact[], worker: string, when: string): DatabaseFact | Verdict {
	if (rows.length !== 1) return fails(`"the row" is the row of the scene's one database, and this scene has ${rows.length}; say whose database ("${context.name(worker)}'s write is saved")`, 0)
	const row = rows[0] as DatabaseFact
	if (row.writer !== worker) return fails(row.writer === undefined ? `${context.name(row.id)}'s row keeps no worker's write${when}` : `${context.name(row.id)}'s row keeps ${context.name(row.writer)}'s write${when}`, 0)
	return row
}

/** A write whose outcome held (`done`) was late: its worker's lease was no longer live when it wrote; slot `owner` names whose write. */
/** "The row ends with A's (stale) THING": the one database's row at the step's end, and the write that put it there. */
function rowEndsWith(slots: readonly Slot[], context: ClaimContext, stale: boolean): Verdict {
	const worker = actorOf(slots[0])
	if (context.moment !== undefined) return fails('"ends with" tells what the row keeps when the step ends, so it names no moment of its own; drop it, or say "the row holds"', 0)
	const row = oneRowKeeps(context, [...context.step.end.databases.values()], worker, ' when the step ends')
	if ('ok' in row) return row
	const evidence = [{ kind: 'row' as const, database: row.id, at: context.step.end.time, fence: '', writer: worker }]
	if (!stale) return holds(evidence)
	const write = runSteps(context.run).filter(step => step.index <= context.step.index).flatMap(step => happened(step, 'wrote', h => h.database === row.id && h.changed)).pop()
	if (write === undefined || write.worker !== worker) return fails(`no write of ${context.name(worker)}'s put its ${context.words?.thing ?? 'write'} in ${context.name(row.id)}'s row, so nothing tells whether it was stale`, 0)
	if (!staleWrite(context, write)) return fails(write.live ? `${context.name(worker)}'s write at ${time(write.at)} is not stale: its lease was live when it wrote` : `${context.name(worker)}'s write at ${time(write.at)} is not stale: it held no lease before it, so it had none to lose`, 0)
	return holds(evidence)
}

function late(context: ClaimContext, done: Verdict, owner = 1): Verdict {
	if (!done.ok) return done
	const write = decided(done)
	if (write?.live) return fails(`${context.name(write.worker)}'s write is neither late nor stale: its lease was live when it wrote`, owner)
	if (write && !staleWrite(context, write)) return fails(`${context.name(write.worker)}'s write is neither late nor stale: it held no lease before it, so it had none to lose`, owner)
	return done
}

/** "New" of a worker's write: the write the clause tells is its latest, with no write of the worker's after it in the step. */
function newest(context: ClaimContext, done: Verdict, owner = 1): Verdict {
	if (!done.ok) return done
	const write = decided(done)
	if (write === undefined) return done
	const list = context.step.happenings
	const later = list.slice(list.indexOf(write) + 1).find((h): h is Of<'wrote'> => h.kind === 'wrote' && h.worker === write.worker)
	if (later) return fails(`"new" says this is ${context.name(write.worker)}'s latest write, but it wrote again after it, at ${time(later.at)}`, owner)
	return done
}

function theWrite(slots: readonly Slot[], context: ClaimContext, changed: Outcome): Verdict {
	const database = actorOf(slots[0])
	const all = happened(context.step, 'wrote', h => h.database === database)
	if (all.length !== 1) return fails(`${all.length === 0 ? 'no worker wrote' : `${all.length} writes came`} to ${context.name(database)} in this step; name the writer, like "refuses A's write"`, 0)
	const write = all[0] as Of<'wrote'>
	if (unused(context, all).length === 0) return fails(`this text tells the outcome of the write to ${context.name(database)} already`, 0)
	if (!isOutcome(write, changed)) return fails(denied(context, write, changed), 0)
	return { ...holds([saw(context.step, write)], write.at), said: { decides: write } } as Verdict
}

/** "Both writes": the step's writes (to `database`, or to any) are two, and each changed the row. */
function bothTaken(context: ClaimContext, database: string | undefined): Verdict {
	const keep = (h: Of<'wrote'>): boolean => database === undefined || h.database === database
	const here = happened(context.step, 'wrote', keep).map(write => ({ step: context.step, write }))
	const to = database === undefined ? '' : ` to ${context.name(database)}`
	// In a step of one write, "both" is it and the one write the text told before the step (the same worker's or another's).
	const earlier = here.length === 1 ? context.run.steps.slice(0, context.step.index).flatMap(step => happened(step, 'wrote', keep).map(write => ({ step, write }))) : []
	if (here.length === 1 && earlier.length !== 1) return fails(`"both" says two writes came${to}: in this step only ${context.name((here[0] as { write: Of<'wrote'> }).write.worker)}'s came, and ${earlier.length === 0 ? 'none' : earlier.length} came before it, not one`, 0)
	const all = [...earlier, ...here]
	if (all.length !== 2) return fails(`"both" says two writes came${to} in this step, but ${all.length === 0 ? 'none' : all.length} came`, 0)
	const refused = all.find(h => !h.write.changed)?.write
	if (refused) return fails(`${context.name(refused.worker)}'s write${to} at ${time(refused.at)} changed no row: ${context.name(refused.database)} did not take it`, 0)
	return holds(all.map(h => saw(h.step, h.write)), Math.max(...all.map(h => h.write.at)))
}

function rowFence(context: ClaimContext, database: string, slots: readonly Slot[], fence: number): Verdict {
	const row = context.world.databases.get(database)
	if (!row) return fails(`${context.name(database)} is no database`)
	const wanted = fenceOfSlot(slots[fence])
	if (row.fence !== wanted) return fails(`expected fence ${showFence(wanted)}, but the row keeps fence ${showFence(row.fence)}`, fence)
	return holds([{ kind: 'row', database, at: context.world.time, fence: showFence(row.fence), ...(row.writer === undefined ? {} : { writer: row.writer }) }], context.world.time)
}

/** A write of this step with slot 0's fence found the row's fence smaller than it (or not). */
function rowBefore(slots: readonly Slot[], context: ClaimContext, smaller: boolean): Verdict {
	const wanted = fenceOfSlot(slots[0])
	const all = happened(context.step, 'wrote')
	const write = all.find(h => h.fence === wanted)
	if (!write) return fails(all.length === 0 ? 'no worker wrote in this step' : `no write in this step had fence ${showFence(wanted)}; the writes had ${all.map(h => showFence(h.fence)).join(' and ')}`, 0)
	if ((write.before < write.fence) !== smaller) return fails(`the row's fence was ${showFence(write.before)} when ${context.name(write.worker)}'s write came`, 0)
	return { ...holds([saw(context.step, write)], write.at), said: { comparison: { left: write.fence, right: write.before, relation: smaller ? '>' : '<=', write } } } as Verdict
}

/** The worker of slot 0 wrote in this step with a fence that stands to the row's (before the write) as `test` says. */
function againstRow(slots: readonly Slot[], context: ClaimContext, test: (fence: bigint, row: bigint) => boolean, otherwise: string, relation: '<' | '>'): Verdict {
	const verdict = wrote(slots, context, 0, write => (test(write.fence, write.before) ? undefined : `${context.name(write.worker)}'s fence ${showFence(write.fence)} is ${otherwise} the row's ${showFence(write.before)}`))
	if (!verdict.ok) return verdict
	const write = writeOf(verdict, context)
	return write ? { ...verdict, said: { comparison: { left: write.fence, right: write.before, relation, write } } } : verdict
}

/**
 * The worker of slot 0 wrote in this step with the fence of slot 1, a write no clause before in the text told (each clause
 * that says a worker saves tells a write of its own); `old`: from a lease no longer live when it wrote.
 */
function wroteWithFence(slots: readonly Slot[], context: ClaimContext, old: boolean): Verdict {
	const worker = actorOf(slots[0])
	const wanted = fenceOfSlot(slots[1])
	const found = writes(context, worker)
	const untold = unused(context, found)
	const withFence = untold.filter(h => h.fence === wanted && !h.noFence)
	const write = withFence.find(h => !old || staleWrite(context, h))
	if (write) return holds([saw(context.step, write)], write.at)
	if (old) return fails(withFence.length > 0 ? `${context.name(worker)}'s fence ${showFence(wanted)} is not old: its lease was live when it wrote` : `${context.name(worker)} wrote with no fence ${showFence(wanted)} in this step that this text has not told`, 1)
	if (found.length === 0) return fails(`${context.name(worker)} wrote nothing in this step`, 0)
	if (untold.length === 0) return fails(`this text tells every write ${context.name(worker)} made in this step already (${found.length})`, 0)
	const first = untold[0] as Of<'wrote'>
	return fails(`expected fence ${showFence(wanted)}, but ${context.name(worker)} wrote with ${first.noFence ? 'no fence a store gave' : `fence ${showFence(first.fence)}`}`, 1)
}

/** A write of this step carried fence `left` to a database that checks fences, whose row kept fence `right`, and `left relation right` holds. */
function writeCompared(context: ClaimContext, slots: readonly Slot[], left: number, right: number, relation: '<' | '=' | '<=' | '>', words = false): Verdict {
	const [l, r] = [fenceOfSlot(slots[left]), fenceOfSlot(slots[right])]
	const true_ = relation === '<' ? l < r : relation === '>' ? l > r : relation === '=' ? l === r : l <= r
	if (!true_) return fails((relation === '<' || relation === '>') && words ? `${showFence(l)} is not ${relation === '<' ? 'smaller' : 'larger'} than ${showFence(r)}` : `"${showFence(l)} ${relation} ${showFence(r)}" is false`, left)
	const answered = context.answered
	// Told after no write, a comparison is of a write of the step: the only comparison the step's writes made.
	const made = answered === undefined ? comparisonsMade(context) : []
	const first = made.length > 1 ? happened(context.step, 'wrote', h => h.fenced && !h.noFence)[0] : undefined
	if (first !== undefined) return fails(`the writes of this step compared ${made.join(' and ')}; tell the write this is the comparison of right before it ("${context.name(first.worker)} saves: ${made[0]}")`, left)
	const write = happened(context.step, 'wrote', h => h.fenced && !h.noFence && h.fence === l && h.before === r && (answered === undefined || h === answered))[0]
	// A taken write's "<" is the check the database passed, the row's fence first ("takes it: 0 < 1", the label's "saved: 0 < 7"),
	// as a refused write's is why it failed, its own fence first ("refused: 7 < 8").
	const passed = write === undefined && relation === '<' && !words ? happened(context.step, 'wrote', h => h.fenced && !h.noFence && h.changed && h.before === l && h.fence === r && (answered === undefined || h === answered))[0] : undefined
	if (passed) return { ...holds([saw(context.step, passed)], passed.at), said: { comparison: { left: r, right: l, relation: '>', write: passed } } } as Verdict
	if (!write && answered !== undefined) return fails(`the write this follows carried fence ${showFence(answered.fence)} to a row at ${showFence(answered.before)}: the database compared ${showFence(answered.fence)} with ${showFence(answered.before)}`, left)
	if (!write) return fails(`no write of this step carried fence ${showFence(l)} to a database that checks fences and whose row kept ${showFence(r)}`, left)
	return { ...holds([saw(context.step, write)], write.at), said: { comparison: { left: l, right: r, relation, write } } } as Verdict
}

/**
 * Right after a write, "A's fence is smaller than B's" is that write's comparison: the writer's fence and the row's
 * writer's, in either order, and the relation true of the write's fence and the row's.
 */
function compareOfWrite(context: ClaimContext, write: Of<'wrote'>, a: string, b: string, test: (a: bigint, b: bigint) => boolean, otherwise: string): Verdict {
	const forward = a === write.worker && b === write.writerBefore
	const backward = a === write.writerBefore && b === write.worker
	const row = write.writerBefore === undefined ? `the row's ${showFence(write.before)}` : `${context.name(write.writerBefore)}'s ${showFence(write.before)} on the row`
	const compared = `${context.name(write.database)} compared ${context.name(write.worker)}'s fence ${showFence(write.fence)} with ${row}`
	if (write.noFence || !write.fenced || (!forward && !backward)) return fails(`this comparison follows ${context.name(write.worker)}'s write, so it is that write's, and ${write.noFence || !write.fenced ? `${context.name(write.database)} compared no fences for it` : compared}`, 0)
	const [left, right] = forward ? [write.fence, write.before] : [write.before, write.fence]
	if (!test(left, right)) return fails(`${context.name(a)}'s fence ${showFence(left)} is ${otherwise} ${context.name(b)}'s ${showFence(right)}: ${compared}`, 0)
	const relation = write.fence < write.before ? '<' : write.fence > write.before ? '>' : '='
	return { ...holds([saw(context.step, write)], write.at), said: { comparison: { left: write.fence, right: write.before, relation, write } } } as Verdict
}

/** The comparisons the step's writes to databases that check fences made, each once: "7 < 9". */
function comparisonsMade(context: ClaimContext): string[] {
	const made = happened(context.step, 'wrote', h => h.fenced && !h.noFence).map(h => `${showFence(h.fence)} ${h.fence < h.before ? '<' : h.fence === h.before ? '=' : '>'} ${showFence(h.before)}`)
	return [...new Set(made)]
}

/** The write a verdict was checked against. */
function writeOf(verdict: Extract<Verdict, { ok: true }>, context: ClaimContext): Of<'wrote'> | undefined {
	const seen = verdict.evidence.find(e => e.kind === 'happened' && e.what.kind === 'wrote')
	const write = seen?.kind === 'happened' && seen.order !== undefined ? context.step.happenings[seen.order] : undefined
	return write?.kind === 'wrote' ? write : undefined
}

function compare(slots: readonly Slot[], context: ClaimContext, test: (a: bigint, b: bigint) => boolean, otherwise: string): Verdict {
	const [a, b] = [actorOf(slots[0]), actorOf(slots[1])]
	const write = context.answered
	if (write !== undefined) return compareOfWrite(context, write, a, b, test, otherwise)
	const fa = context.world.workers.get(a)?.lease?.fence
	const fb = context.world.workers.get(b)?.lease?.fence
	if (fa === undefined) return fails(`${context.name(a)} has no fence`, 0)
	if (fb === undefined) return fails(`${context.name(b)} has no fence`, 1)
	if (!test(fa, fb)) return fails(`${context.name(a)}'s fence ${showFence(fa)} is ${otherwise} ${context.name(b)}'s ${showFence(fb)}`, 0)
	return { ...holds([leaseEvidence(context.world, a), leaseEvidence(context.world, b)], context.world.time), said: { comparison: { left: fa, right: fb, relation: test(0n, 1n) ? '<' : '>', workers: [a, b] }, events: [grantOfLease(context, a), grantOfLease(context, b)].filter(h => h !== undefined) } } as Verdict
}
