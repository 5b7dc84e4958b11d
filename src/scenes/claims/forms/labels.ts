/**
 * The forms of messages' labels and actors' state labels. A message's label says what the engine
 * answered for that message; a state label says what is true of its actor when the step ends (and
 * at every later step it is still shown on). A worker's request to the lock is the scene's input:
 * its form says what the worker does.
 */
import type { ClaimContext, ClaimForm, Slot, Verdict } from '../form.ts'
import { THING, inWords } from '../form.ts'
import { showFence } from '../fence-notation.ts'
import {
	actorOf,
	actorsOf,
	bigOf,
	fails,
	fenceOfSlot,
	happened,
	holds,
	holdersEvidence,
	leaseEvidence,
	leaseState,
	lineEvidence,
	liveLease,
	names,
	numberOf,
	restartedHolder,
	runSteps,
	saw,
	sentBy,
	staleWrite,
	time,
} from '../query.ts'
import type { Of } from '../query.ts'
import type { Happening } from '../../frame.ts'
import { carried, describeWrite, isOutcome, type Outcome } from './writes.ts'

// ---- the lock's answer to a worker ----

/** What the engine did for the message, in words for a message: the first thing that answers the worker. */
function answered(context: ClaimContext): string {
	const worker = context.message?.to ?? ''
	const who = context.name(worker)
	for (const h of context.message?.happenings ?? []) {
		if (h.kind === 'granted' && h.worker === worker) return `the engine gave ${who} ${h.fence === undefined ? `a lease, ${h.holders} of ${h.limit ?? 1}` : `fence ${showFence(h.fence)}`}`
		if (h.kind === 'refused' && h.worker === worker) return `the lock refused ${who}'s try: ${h.full ? 'full' : 'the key is held'}, by ${names(context, h.holders)}`
		if (h.kind === 'gave-up' && h.worker === worker) return `${who} gave up after waiting ${time(h.waited)}: the key was held by ${names(context, h.holders)}`
		if (h.kind === 'renewed' && h.worker === worker) return `the engine renewed ${who}'s lease until ${time(h.until)}`
		if (h.kind === 'renew-refused' && h.worker === worker) return `the lock refused ${who}'s renewal: ${h.reason === 'none' ? 'it held no lease' : `its lease was ${h.reason}`}`
		if (h.kind === 'released' && h.worker === worker) return `the engine released ${who}'s lease`
	}
	const waiting = context.world.workers.get(worker)?.waiting
	if (waiting) return `${who} is still in line, ${waiting.place === 1 ? 'first' : `number ${waiting.place}`}`
	return `the lock answered nothing to ${who} here`
}

/** The message's happening of a kind for its worker, or a verdict saying what it was instead. */
function answer<K extends 'granted' | 'refused' | 'gave-up' | 'renewed' | 'renew-refused' | 'released'>(context: ClaimContext, kind: K, keep: (h: Of<K>) => boolean = () => true): Of<K> | Verdict {
	const worker = context.message?.to ?? ''
	const found = (context.message?.happenings ?? []).find((h): h is Of<K> => h.kind === kind && h.worker === worker && keep(h as Of<K>))
	return found ?? fails(`the label says so, but ${answered(context)}`)
}

function isVerdict(value: unknown): value is Verdict {
	return typeof value === 'object' && value !== null && 'ok' in value
}

function answeredWith<K extends 'granted' | 'refused' | 'gave-up' | 'renewed' | 'renew-refused' | 'released'>(context: ClaimContext, kind: K, keep?: (h: Of<K>) => boolean): Verdict {
	const found = answer(context, kind, keep)
	return isVerdict(found) ? found : holds([saw(context.step, found)], found.at)
}

const LOCK_ANSWER = ['lock-answer'] as const

/** The happenings that answer a worker's request. */
const ANSWERS: readonly Happening['kind'][] = ['granted', 'refused', 'gave-up', 'renewed', 'renew-refused', 'released']

export const LOCK_ANSWER_FORMS: readonly ClaimForm[] = [
	{
		id: 'answer-fence',
		places: LOCK_ANSWER,
		tells: 'event',
		formula: "granted(to, fence f) ∈ m",
		pattern: 'fence {fence}',
		example: 'fence 7',
		meaning: 'The engine gave the worker a lease with that fence.',
		intent: { answer: 'grant', fenceSlot: 0 },
		check(slots, context) {
			const grant = answer(context, 'granted')
			if (isVerdict(grant)) return grant
			const wanted = fenceOfSlot(slots[0])
			if (grant.fence !== wanted) return fails(`expected fence ${showFence(wanted)}, the engine gave ${grant.fence === undefined ? 'a lease with no fence (a semaphore)' : showFence(grant.fence)}`, 0)
			return holds([saw(context.step, grant)], grant.at)
		},
	},
	{
		id: 'answer-granted',
		places: LOCK_ANSWER,
		tells: 'event',
		formula: "granted(to) ∈ m",
		pattern: 'granted/lease',
		example: 'granted',
		meaning: 'The engine gave the worker a lease.',
		intent: { answer: 'grant' },
		check: (_slots, context) => answeredWith(context, 'granted'),
	},
	{
		id: 'answer-n-of-m',
		places: LOCK_ANSWER,
		tells: 'event',
		formula: "granted(to) ∈ m, a semaphore's: holder n of limit n2",
		pattern: '{count} of {count}',
		example: '2 of 3',
		meaning: "The engine gave the worker a semaphore's lease: it is one of that many holders, of the limit.",
		intent: { answer: 'grant' },
		check(slots, context) {
			const grant = answer(context, 'granted')
			if (isVerdict(grant)) return grant
			if (grant.limit === undefined) return fails(`the engine gave a lock's lease, with fence ${showFence(grant.fence ?? 0n)}; "N of M" counts a semaphore's holders`, 0)
			if (grant.holders !== numberOf(slots[0])) return fails(`expected ${numberOf(slots[0])} holders, the engine's are ${grant.holders} with this lease`, 0)
			if (grant.limit !== numberOf(slots[1])) return fails(`the semaphore's limit is ${grant.limit}`, 1)
			return holds([saw(context.step, grant)], grant.at)
		},
	},
	{
		id: 'answer-waiting',
		places: LOCK_ANSWER,
		tells: 'state',
		formula: "to ∈ line after m",
		pattern: 'waiting',
		example: 'waiting',
		meaning: 'The worker is in line for the key: the lock has not answered its hold yet.',
		intent: { answer: 'waiting' },
		check: (_slots, context) => stillWaiting(context),
	},
	{
		id: 'answer-in-line',
		places: LOCK_ANSWER,
		tells: 'state',
		formula: "to ∈ line after m",
		pattern: 'in line',
		example: 'in line',
		meaning: 'The worker is in line for the key.',
		intent: { answer: 'waiting' },
		check: (_slots, context) => stillWaiting(context),
	},
	{
		id: 'answer-busy',
		places: LOCK_ANSWER,
		tells: 'event',
		formula: "refused(to) or gave-up(to) ∈ m",
		pattern: 'busy/held/refused',
		example: 'busy',
		meaning: "The lock refused the worker's try: someone holds the key (or, for a hold that waited, it gave up).",
		intent: { answer: 'refused' },
		check(_slots, context) {
			const refused = answer(context, 'refused')
			if (!isVerdict(refused)) return holds([saw(context.step, refused)], refused.at)
			return answeredWith(context, 'gave-up')
		},
	},
	{
		id: 'answer-full',
		places: LOCK_ANSWER,
		tells: 'event',
		formula: "refused(to) ∈ m by a full semaphore",
		pattern: 'full',
		example: 'full',
		meaning: "The semaphore refused the worker's try: all its places are taken.",
		intent: { answer: 'full' },
		check: (_slots, context) => answeredWith(context, 'refused', h => h.full),
	},
	{
		id: 'answer-gave-up',
		places: LOCK_ANSWER,
		tells: 'event',
		formula: "gave-up(to) ∈ m",
		pattern: 'gave up',
		example: 'gave up',
		meaning: "The worker's hold waited as long as it would and gave up, without a lease.",
		intent: { answer: 'gave-up' },
		check: (_slots, context) => answeredWith(context, 'gave-up'),
	},
	{
		id: 'answer-timed-out',
		places: LOCK_ANSWER,
		tells: 'event',
		formula: "gave-up(to) ∈ m",
		pattern: 'timed out',
		example: 'timed out',
		meaning: "The worker's hold waited as long as it would and gave up, without a lease.",
		intent: { answer: 'gave-up' },
		check: (_slots, context) => answeredWith(context, 'gave-up'),
	},
	{
		id: 'answer-gave-up-after',
		places: LOCK_ANSWER,
		tells: 'event',
		formula: "gave-up(to, after D) ∈ m",
		pattern: 'gave up after {duration}',
		example: 'gave up after 10 s',
		meaning: "The worker's hold gave up after waiting that long.",
		intent: { answer: 'gave-up' },
		check(slots, context) {
			const gave = answer(context, 'gave-up')
			if (isVerdict(gave)) return gave
			if (gave.waited !== numberOf(slots[0])) return fails(`${context.name(gave.worker)} gave up after ${time(gave.waited)}`, 0)
			return holds([saw(context.step, gave)], gave.at)
		},
	},
	{
		id: 'answer-renewed',
		places: LOCK_ANSWER,
		tells: 'event',
		formula: "renewed(to) ∈ m",
		pattern: 'renewed',
		example: 'renewed',
		meaning: "The engine renewed the worker's lease.",
		intent: { answer: 'renewed' },
		check: (_slots, context) => answeredWith(context, 'renewed'),
	},
	{
		id: 'answer-renewed-until',
		places: LOCK_ANSWER,
		tells: 'event',
		formula: "renewed(to, until T) ∈ m",
		pattern: 'renewed until {time}',
		example: 'renewed until 40 s',
		meaning: "The engine renewed the worker's lease, which now runs out at that time.",
		intent: { answer: 'renewed' },
		check(slots, context) {
			const renewal = answer(context, 'renewed')
			if (isVerdict(renewal)) return renewal
			if (renewal.until !== numberOf(slots[0])) return fails(`the lease now runs out at ${time(renewal.until)}`, 0)
			return holds([saw(context.step, renewal)], renewal.at)
		},
	},
	{
		id: 'answer-lost',
		places: LOCK_ANSWER,
		tells: 'event',
		formula: "renew-refused(to, lost) ∈ m",
		pattern: 'lost',
		example: 'lost',
		meaning: "The lock refused the worker's renewal: its lease ran out or went with its store.",
		intent: { answer: 'lost' },
		check: (_slots, context) => answeredWith(context, 'renew-refused', h => h.reason === 'lost'),
	},
	{
		id: 'answer-released',
		places: LOCK_ANSWER,
		tells: 'event',
		formula: "released(to) ∈ m",
		pattern: 'released',
		example: 'released',
		meaning: "The engine released the worker's lease, as it asked.",
		intent: { answer: 'released' },
		check: (_slots, context) => answeredWith(context, 'released'),
	},
	{
		id: 'answer-any',
		places: LOCK_ANSWER,
		tells: 'event',
		formula: "granted, refused, gave-up, renewed, renew-refused or released (to) ∈ m",
		pattern: 'answer',
		example: 'answer',
		meaning: 'The lock answered the worker here, whatever it answered: a lease, a refusal, a give-up, a renewal or its refusal, a release.',
		intent: { answer: 'any' },
		check(_slots, context) {
			const worker = context.message?.to ?? ''
			const answers = (context.message?.happenings ?? []).filter(h => ANSWERS.includes(h.kind) && 'worker' in h && h.worker === worker)
			if (answers.length === 0) return fails(`the label says the lock answered, but ${answered(context)}`)
			return holds(answers.map(h => saw(context.step, h)), answers[0]?.at)
		},
	},
]

function stillWaiting(context: ClaimContext): Verdict {
	const worker = context.message?.to ?? ''
	const waiting = context.world.workers.get(worker)?.waiting
	if (!waiting) return fails(`the label says so, but ${answered(context)}`)
	const store = context.world.stores.get(waiting.store)
	return holds(store ? [lineEvidence(context.world, store)] : [], context.world.time)
}

// ---- a worker's request to the lock ----

/**
 * A request is what the worker does: the scene's input. Its words make the worker act (a hold that
 * waits, a try), and the simulation refuses at the statement a worker whose code does otherwise;
 * what the engine then saw is checked here: the wait a hold asked with (a worker whose code the
 * scene runs asks with its code's own, which the label must tell), a lease to renew, a live lease
 * to let go of.
 */
function requested(context: ClaimContext, request: 'hold' | 'try' | 'renew' | 'release', wait?: number): Verdict {
	const seen = (context.message?.happenings ?? []).filter(h => h.kind !== 'sent')
	const who = context.name(context.message?.from ?? '')
	const asked = seen.find(h => h.kind === 'asked')
	if (request === 'hold' && wait !== undefined && asked?.kind === 'asked' && asked.wait !== wait) {
		const forever = asked.wait === undefined || asked.wait >= SCENE_FOREVER_MS
		return fails(`${who} waits ${forever ? 'as long as it takes' : `at most ${time(asked.wait as number)}`}${lineOf(asked)}, not ${time(wait)}`, 0)
	}
	if (request === 'renew' && seen.some(h => h.kind === 'renew-refused' && h.reason === 'none')) return fails(`${who} holds no lease to renew: "renew" asks to renew the worker's lease`)
	if (request === 'release' && !seen.some(h => h.kind === 'released')) return fails(`${who}'s lease ${endedBefore(context)}, so there was nothing to let go of; tell how it ended, or let go before it did`)
	return holds(seen.map(h => saw(context.step, h)), context.message?.happenings[0]?.at)
}

/** How the lease of a message's sender had ended before it asked to let go: `ran out at 30 s`. */
function endedBefore(context: ClaimContext): string {
	const worker = context.message?.from ?? ''
	const ends = runSteps(context.run)
		.filter(step => step.index <= context.step.index)
		.flatMap(step => step.happenings.filter(h => (h.kind === 'expired' || h.kind === 'gone' || h.kind === 'released' || h.kind === 'ended') && h.worker === worker))
	const end = ends[ends.length - 1]
	if (!end) return 'was not live'
	return `${end.kind === 'expired' ? 'ran out' : end.kind === 'gone' ? 'went with its store' : end.kind === 'ended' ? 'was ended by an operator' : 'was let go'} at ${time(end.at)}`
}

/** Where a worker's code asked, in words: ` (line 2)`. */
function lineOf(asked: Extract<Happening, { kind: 'asked' }>): string {
	return asked.line === undefined ? '' : ` (its code, line ${asked.line})`
}

/** A wait this long is "as long as it takes": a scene's simulated time ends well before. */
const SCENE_FOREVER_MS = 30 * 24 * 3600 * 1000

const ASK = ['ask'] as const

export const ASK_FORMS: readonly ClaimForm[] = [
	{
		id: 'ask-hold',
		places: ASK,
		tells: 'event',
		formula: "asked(from, hold) ∈ m (the words make it so)",
		pattern: 'hold/take/acquire',
		example: 'hold',
		meaning: "The worker asks for the key and waits in line: as long as its code's hold waits (as long as it takes, without a code sample).",
		intent: { request: 'hold' },
		check: (_slots, context) => requested(context, 'hold'),
	},
	{
		id: 'ask-hold-wait',
		places: ASK,
		tells: 'event',
		formula: "asked(from, hold, wait D) ∈ m",
		pattern: 'hold, wait {duration}',
		example: 'hold, wait 5 s',
		meaning: 'The worker asks for the key and waits in line at most that long.',
		intent: { request: 'hold', waitSlot: 0 },
		check: (slots, context) => requested(context, 'hold', numberOf(slots[0])),
	},
	{
		id: 'ask-try',
		places: ASK,
		tells: 'event',
		formula: "asked(from, try) ∈ m (the words make it so)",
		pattern: 'try',
		example: 'try',
		meaning: 'The worker tries the key: it gets it now or not at all (tryHold).',
		intent: { request: 'try' },
		check: (_slots, context) => requested(context, 'try'),
	},
	{
		id: 'ask-renew',
		places: ASK,
		tells: 'event',
		formula: "renewed(from) or renew-refused(from, lost or released) ∈ m",
		pattern: 'renew',
		example: 'renew',
		meaning: 'The worker asks to renew the lease it holds, live or lost (not one it never had).',
		intent: { request: 'renew' },
		check: (_slots, context) => requested(context, 'renew'),
	},
	{
		id: 'ask-release',
		places: ASK,
		tells: 'event',
		formula: "released(from) ∈ m",
		pattern: 'release',
		example: 'release',
		meaning: 'The worker lets go of its lease while it is live (one that ran out or went with its store has nothing to let go of).',
		intent: { request: 'release' },
		check: (_slots, context) => requested(context, 'release'),
	},
]

// ---- a worker's write and the database's answer ----

function theWrite(context: ClaimContext): Of<'wrote'> | Verdict {
	const write = (context.message?.happenings ?? []).find((h): h is Of<'wrote'> => h.kind === 'wrote')
	return write ?? fails('no write happened here')
}

const WRITE = ['write'] as const

export const WRITE_LABEL_FORMS: readonly ClaimForm[] = [
	{
		id: 'write-save',
		places: WRITE,
		tells: 'event',
		formula: "wrote(from) ∈ m, with no fence or with a fence a lock gave from",
		pattern: 'save/write',
		example: 'save',
		meaning: 'The worker writes, whatever the database does with it: a plain write that carries no fence, or one that carries a fence a lock gave it ("save" tells no fence; "fence N" tells one).',
		check(_slots, context) {
			const write = theWrite(context)
			if (isVerdict(write)) return write
			// A plain write carries no fence, whether or not its worker held a lease: "save" says it wrote, and no more ("save, fence 2" claims the fence).
			if (write.noFence) return holds([saw(context.step, write)], write.at)
			const own = runSteps(context.run).some(step => step.index <= context.step.index && happened(step, 'granted', h => h.worker === write.worker && h.fence === write.fence).length > 0)
			if (!own) return fails(`${context.name(write.worker)}'s write carried fence ${showFence(write.fence)}, which no lock gave ${context.name(write.worker)}`)
			return holds([saw(context.step, write)], write.at)
		},
	},
	{
		id: 'write-fence',
		places: WRITE,
		tells: 'event',
		formula: "wrote(from, fence f) ∈ m",
		pattern: 'fence {fence}',
		example: 'fence 8',
		meaning: "The write carries that fence, the worker's lease's.",
		check: (slots, context) => writeFence(slots, context),
	},
	{
		id: 'write-write-fence',
		places: WRITE,
		tells: 'event',
		formula: "wrote(from, fence f) ∈ m that changed the row, the row's fence f after it",
		pattern: 'write fence {fence}',
		example: 'write fence 7',
		meaning: "The worker writes its fence, that one, to the row: the write changed it, and the row's fence after it is that one.",
		check(slots, context) {
			const done = writeFence(slots, context)
			const write = theWrite(context)
			if (!done.ok || isVerdict(write)) return done
			if (!write.changed) return fails(`the database refused this write, so it wrote no fence to the row; label the request "fence ${showFence(write.fence)}" or "save, fence ${showFence(write.fence)}"`, 0)
			if (write.after !== write.fence) return fails(`this write left the row's fence at ${showFence(write.after)}: it wrote no fence to the row; label it "save, fence ${showFence(write.fence)}"`, 0)
			return done
		},
	},
	{
		id: 'write-save-with-fence',
		places: WRITE,
		tells: 'event',
		formula: "wrote(from, fence f) ∈ m",
		pattern: 'save with fence {fence}',
		example: 'save with fence 7',
		meaning: 'The worker writes with that fence.',
		check: (slots, context) => writeFence(slots, context),
	},
]

function writeFence(slots: readonly Slot[], context: ClaimContext): Verdict {
	const write = theWrite(context)
	if (isVerdict(write)) return write
	const wanted = fenceOfSlot(slots[0])
	// A plain write carries no fence to name: its label is "save" (or "write"), which tells none.
	if (write.noFence) return fails(`expected fence ${showFence(wanted)}, but ${context.name(write.worker)}'s write carried no fence a store gave; "save" (or "write") labels a write and tells no fence`, 0)
	if (write.fence !== wanted) return fails(`expected fence ${showFence(wanted)}, but ${context.name(write.worker)}'s write carried ${carried(write)}`, 0)
	return holds([saw(context.step, write)], write.at)
}

const DB_ANSWER = ['db-answer'] as const

function answeredWrite(context: ClaimContext, changed: Outcome): Verdict {
	const write = context.message?.answers
	if (!write) return fails('the database answers a write, and there is none to answer')
	if (!isOutcome(write, changed)) return fails(`the label says so, but ${describeWrite(context, write)}`)
	return holds([saw(context.step, write)], write.at)
}

export const DB_ANSWER_FORMS: readonly ClaimForm[] = [
	{
		id: 'db-saved',
		places: DB_ANSWER,
		tells: 'event',
		formula: "the wrote(to) m answers changed the row",
		pattern: 'saved/accepted/ok/written/stored',
		example: 'saved',
		meaning: "The write it answers changed the row.",
		check: (_slots, context) => answeredWrite(context, true),
	},
	{
		id: 'db-changed-a-row',
		places: DB_ANSWER,
		tells: 'event',
		formula: "the wrote(to) m answers changed the row",
		pattern: 'changed a row',
		example: 'changed a row',
		meaning: 'The write it answers changed the row.',
		check: (_slots, context) => answeredWrite(context, true),
	},
	{
		id: 'db-refused',
		places: DB_ANSWER,
		tells: 'event',
		formula: "the wrote(to) m answers changed no row",
		pattern: 'refused/rejected',
		example: 'refused',
		meaning: 'The write it answers changed no row.',
		check: (_slots, context) => answeredWrite(context, 'refused'),
	},
	{
		id: 'db-stale',
		places: DB_ANSWER,
		tells: 'event',
		formula: "the wrote(to) m answers changed no row, and was stale: ¬live, its worker given a lease before it",
		pattern: 'stale',
		example: 'stale',
		meaning: 'The write it answers was refused, as "refused" says, and was stale, as a caption\'s "stale write" is: its worker\'s lease was no longer live when it wrote, a lease it had been given (a refused write on a live lease, its fence no larger than the row\'s, is "refused", not "stale").',
		check(_slots, context) {
			const done = answeredWrite(context, 'refused')
			if (!done.ok) return done
			const write = context.message?.answers as Of<'wrote'>
			if (write.live) return fails(`the answer says the write was stale, but ${context.name(write.worker)}'s lease was live when it wrote: its write was refused, not stale; say "refused"`)
			if (!staleWrite(context, write)) return fails(`the answer says the write was stale, but ${context.name(write.worker)} held no lease before it, so it had none to lose; say "refused"`)
			return done
		},
	},
	{
		id: 'db-changed-no-row',
		places: DB_ANSWER,
		tells: 'event',
		formula: "the wrote(to) m answers changed no row",
		pattern: 'changed no row',
		example: 'changed no row',
		meaning: 'The write it answers changed no row.',
		check: (_slots, context) => answeredWrite(context, false),
	},
	{
		id: 'db-refused-because',
		places: DB_ANSWER,
		tells: 'event',
		formula: "the wrote(to) m answers changed no row, and its fence R the row's holds (R: <, = or <=)",
		pattern: 'refused: {fence} {refusal} {fence}',
		example: 'refused: 7 < 8',
		meaning: "The write changed no row; the first fence is the write's, the second the row's, and the relation between them holds.",
		check(slots, context) {
			const done = answeredWrite(context, false)
			if (!done.ok) return done
			const write = context.message?.answers as Of<'wrote'>
			if (!write.fenced) return fails(`${context.name(write.database)} changed no row, but not for the fences: the write's statement changes no row whatever fence the row keeps`)
			return relation(slots, write.fence, write.before, 'the write', "the row's") ?? done
		},
	},
	{
		id: 'db-saved-because',
		places: DB_ANSWER,
		tells: 'event',
		formula: "the wrote(to) m answers changed the row, and the row's fence before it < its fence",
		pattern: 'saved: {fence} < {fence}',
		example: 'saved: 0 < 7',
		meaning: "The write changed the row; the first fence is the row's before it, the second the write's, and the first is smaller.",
		check(slots, context) {
			const done = answeredWrite(context, true)
			if (!done.ok) return done
			const write = context.message?.answers as Of<'wrote'>
			if (fenceOfSlot(slots[0]) !== write.before) return fails(`expected the row's fence before the write, ${showFence(write.before)}`, 0)
			if (write.noFence || fenceOfSlot(slots[1]) !== write.fence) return fails(`expected the write's fence, and the write carried ${carried(write)}`, 1)
			if (!(write.before < write.fence)) return fails(`"${showFence(write.before)} < ${showFence(write.fence)}" is false: the database checks no fence and took a smaller one; say only "saved"`, 0)
			return done
		},
	},
]

/** Checks `LEFT SIGN RIGHT` of a refusal: each fence in its role, and the sign true of them. */
function relation(slots: readonly Slot[], left: bigint, right: bigint, leftRole: string, rightRole: string): Verdict | undefined {
	if (fenceOfSlot(slots[0]) !== left) return fails(`expected ${leftRole}'s fence, ${showFence(left)}`, 0)
	if (fenceOfSlot(slots[2]) !== right) return fails(`expected ${rightRole} fence, ${showFence(right)}`, 2)
	const sign = slots[1]?.value.type === 'relation' ? slots[1].value.value : '<'
	const truth = sign === '<' ? left < right : sign === '=' ? left === right : left <= right
	if (!truth) return fails(`"${showFence(left)} ${sign} ${showFence(right)}" is false: ${showFence(left)} is ${left < right ? 'less than' : left > right ? 'greater than' : 'equal to'} ${showFence(right)}`, 1)
	return undefined
}

// ---- a worker's state ----

const WORKER_STATE = ['worker-state'] as const

function me(context: ClaimContext): string {
	return context.actor ?? ''
}

function lastWrite(context: ClaimContext, worker: string): Of<'wrote'> | undefined {
	const all = runSteps(context.run).filter(s => s.index <= context.step.index).flatMap(s => happened(s, 'wrote', h => h.worker === worker))
	return all[all.length - 1]
}

function workerState(context: ClaimContext): string {
	const worker = me(context)
	const fact = context.world.workers.get(worker)
	const lease = fact?.lease
	if (fact?.waiting) return `${context.name(worker)} is in line, ${fact.waiting.place === 1 ? 'first' : `number ${fact.waiting.place}`}`
	if (!lease) return `${context.name(worker)} has no lease`
	const state = leaseState(lease)
	const fence = lease.fence === undefined ? '' : `, fence ${showFence(lease.fence)}`
	if (state === 'live') return `${context.name(worker)} holds a live lease${fence}, until ${time(lease.expiresAt)}`
	const how = state === 'expired' ? 'ran out' : state === 'gone' ? 'went with its store' : state === 'ended' ? 'was ended by an operator' : 'was released'
	return `${context.name(worker)}'s lease${fence} ${how}`
}

/**
 * The crash that left the worker's process down at the step's end (the label's moment): its last crash in the run up to then,
 * with no restart after it. A label of what a process is doing (holding the key, paused, idle) is not said of a crashed one.
 */
function downBy(context: ClaimContext): { step: number; event: Of<'crashed'> } | undefined {
	const worker = me(context)
	let down: { step: number; event: Of<'crashed'> } | undefined
	for (const step of runSteps(context.run).filter(one => one.index <= context.step.index)) {
		for (const h of step.happenings) {
			if (h.kind === 'crashed' && h.worker === worker) down = { step: step.index, event: h }
			else if (h.kind === 'process-restarted' && h.worker === worker) down = undefined
		}
	}
	return down
}

/** Why a label of what the worker's process is doing (`says`) is false of a crashed process that has not restarted, or undefined. */
function crashedProblem(context: ClaimContext, says: string): Verdict | undefined {
	const down = downBy(context)
	if (down === undefined) return undefined
	const who = context.name(me(context))
	return fails(`the label says ${says}, but ${who}'s process crashed at ${time(down.event.at)}${down.step === context.step.index ? '' : `, in step ${down.step}`} and has not restarted: a crashed process does nothing, and will not wake; its label says "crashed" until it restarts (strike ${me(context)} "crashed" in the step it does)`)
}

function workerHolds(context: ClaimContext): Verdict {
	const crashed = crashedProblem(context, 'it holds the key')
	if (crashed !== undefined) return crashed
	if (!liveLease(context.world, me(context))) return fails(`the label says so, but ${workerState(context)}`)
	return holds([leaseEvidence(context.world, me(context))], context.world.time)
}

function workerLost(context: ClaimContext, only?: 'expired'): Verdict {
	const lease = context.world.workers.get(me(context))?.lease
	const state = lease ? leaseState(lease) : undefined
	if (state !== 'expired' && (only !== undefined || (state !== 'gone' && state !== 'ended'))) return fails(`the label says so, but ${workerState(context)}`)
	return holds([leaseEvidence(context.world, me(context))], context.world.time)
}

function workerFree(context: ClaimContext, idle = false): Verdict {
	// "idle" ("free") says its process runs and does nothing; "no lease" is of its lease alone, and is said of a crashed process too.
	const crashed = idle ? crashedProblem(context, 'it is idle') : undefined
	if (crashed !== undefined) return crashed
	const worker = me(context)
	if (liveLease(context.world, worker) || context.world.workers.get(worker)?.waiting) return fails(`the label says so, but ${workerState(context)}`)
	// "idle" and "free" say it does nothing: its code is not still in the body of a hold (trial a26's 14: a lease run out, its work going on).
	const grant = idle ? inHold(context, worker) : undefined
	if (grant !== undefined) return fails(`the label says it is idle, but ${context.name(worker)}'s code is still at its work in the hold that got the key at ${time(grant.at)}: it has not let go, returned, crashed nor asked again, though its lease is no longer live; say "no lease" (or "lost")`)
	return holds([leaseEvidence(context.world, worker)], context.world.time)
}

/** The grant whose hold a worker's code is still in, up to the step's end: its last grant, with no let-go nor return of that key, no crash and no ask after it. */
function inHold(context: ClaimContext, worker: string): Of<'granted'> | undefined {
	const all = runSteps(context.run).filter(step => step.index <= context.step.index).flatMap(step => step.happenings)
	const grant = all.filter((h): h is Of<'granted'> => h.kind === 'granted' && h.worker === worker).pop()
	if (grant === undefined) return undefined
	const left = all.slice(all.indexOf(grant) + 1).some(h => ((h.kind === 'released' || h.kind === 'returned') && h.worker === worker && h.store === grant.store) || ((h.kind === 'crashed' || h.kind === 'asked') && h.worker === worker))
	return left ? undefined : grant
}

function workerWaits(context: ClaimContext, place?: number): Verdict {
	const waiting = context.world.workers.get(me(context))?.waiting
	if (!waiting || (place !== undefined && waiting.place !== place)) return fails(`the label says so, but ${workerState(context)}`, place === undefined ? undefined : 0)
	const store = context.world.stores.get(waiting.store)
	return holds(store ? [lineEvidence(context.world, store)] : [], context.world.time)
}

function workerWrote(context: ClaimContext, changed: Outcome): Verdict {
	const write = lastWrite(context, me(context))
	if (!write) return fails(`the label says so, but ${context.name(me(context))} wrote nothing yet`)
	if (!isOutcome(write, changed)) return fails(`the label says so, but ${describeWrite(context, write)}`)
	return holds([saw(context.step, write)], context.world.time)
}

/** The worker's last ask up to the label's moment, and the lock's giving up on it, if it did. */
function workerGaveUp(context: ClaimContext): Verdict {
	return answerToLastAsk(context, 'gave-up', 'give up on')
}

/** The worker's last ask up to the label's moment, and the lock's refusal of it (a try when the key was held or the semaphore full), if it did. */
function workerTurnedAway(context: ClaimContext): Verdict {
	return answerToLastAsk(context, 'refused', 'turn away')
}

/** The worker's last ask up to the label's moment, and the lock's answer of that kind to it, if it gave one. */
function answerToLastAsk(context: ClaimContext, kind: 'gave-up' | 'refused', verb: string): Verdict {
	const worker = me(context)
	const all = runSteps(context.run).filter(s => s.index <= context.step.index).flatMap(s => s.happenings.map(h => ({ step: s, h })))
	const asks = all.filter(({ h }) => h.kind === 'asked' && h.worker === worker)
	const ask = asks[asks.length - 1]
	if (!ask) return fails(`the label says so, but ${context.name(worker)} has not asked for the key`)
	const after = all.slice(all.indexOf(ask) + 1)
	const answer = after.find(({ h }) => h.kind === kind && h.worker === worker && h.store === (ask.h as Of<'asked'>).store)
	if (!answer) return fails(`the label says so, but the lock did not ${verb} ${context.name(worker)}'s last ask, at ${time(ask.h.at)}: ${workerState(context)}`)
	return holds([saw(answer.step, answer.h)], context.world.time)
}

function workerQuiet(context: ClaimContext): Verdict {
	const crashed = crashedProblem(context, 'it is paused')
	if (crashed !== undefined) return crashed
	const sent = sentBy(context.step, me(context)) - (context.sentBefore ?? 0)
	if (sent > 0) return fails(`${context.name(me(context))} sends ${sent === 1 ? 'a message' : `${sent} messages`} in step ${context.step.index}${context.sentBefore === undefined ? '' : ' after the label is set'}, while it shows; a paused worker sends nothing`)
	return holds([{ kind: 'messages', worker: me(context), step: context.step.index, count: 0 }])
}

/** The worker sends nothing from the label on until its process restarts (the step that strikes the label), or to the scene's end. */
function workerGone(context: ClaimContext): Verdict {
	const worker = me(context)
	const here = sentBy(context.step, worker) - (context.sentBefore ?? 0)
	const restart = `strike ${worker} "crashed" in the step its process restarts`
	if (here > 0) return fails(`${context.name(worker)} sends ${here === 1 ? 'a message' : `${here} messages`} in step ${context.step.index} after it crashed; a crashed process sends nothing again until it restarts (${restart})`)
	const later = runSteps(context.run).filter(step => step.index > context.step.index)
	const back = later.findIndex(step => step.happenings.some(h => h.kind === 'process-restarted' && h.worker === worker))
	const sends = (back < 0 ? later : later.slice(0, back)).find(step => sentBy(step, worker) > 0)
	if (sends) return fails(`${context.name(worker)} sends a message in step ${sends.index}, after it crashed; a crashed process sends nothing again until it restarts (${restart}; or start a new worker, or say it paused)`)
	return holds([{ kind: 'messages', worker, step: context.step.index, count: 0 }])
}

export const WORKER_STATE_FORMS: readonly ClaimForm[] = [
	{ id: 'worker-holding', places: WORKER_STATE, tells: 'state', formula: "live(x, t) ∧ x's process is not down (its last crashed(x) up to t is followed by process-restarted(x))", pattern: 'holding', example: 'holding', meaning: "The worker holds a live lease, and its process is running: a crashed process's lease that is still live is no process's holding (its label says \"crashed\").", check: (_s, c) => workerHolds(c) },
	{
		id: 'worker-fence',
		places: WORKER_STATE,
		tells: 'state',
		formula: "fence(lease(x, t)) = f",
		pattern: 'fence {fence}',
		example: 'fence 7',
		meaning: "The worker's latest lease has that fence.",
		check(slots, context) {
			const lease = context.world.workers.get(me(context))?.lease
			const wanted = fenceOfSlot(slots[0])
			if (lease?.fence !== wanted) return fails(`expected fence ${showFence(wanted)}, but ${lease?.fence === undefined ? `${context.name(me(context))} has no fenced lease` : `${context.name(me(context))}'s lease has fence ${showFence(lease.fence)}`}`, 0)
			return holds([leaseEvidence(context.world, me(context))], context.world.time)
		},
	},
	{ id: 'worker-waiting', places: WORKER_STATE, tells: 'state', formula: "x ∈ line(t)", pattern: 'waiting/queued', example: 'waiting', meaning: 'The worker is in line for the key.', check: (_s, c) => workerWaits(c) },
	{ id: 'worker-in-line', places: WORKER_STATE, tells: 'state', formula: "x ∈ line(t)", pattern: 'in line', example: 'in line', meaning: 'The worker is in line for the key.', check: (_s, c) => workerWaits(c) },
	{
		id: 'worker-place-in-line',
		places: WORKER_STATE,
		tells: 'state',
		formula: "place(x, line(t)) = n",
		pattern: '{ordinal} in line',
		example: 'first in line',
		meaning: 'The worker stands at that place in line.',
		check: (slots, context) => workerWaits(context, numberOf(slots[0])),
	},
	{ id: 'worker-lost', places: WORKER_STATE, tells: 'state', formula: "lease(x, t) ran out, went with its store or was ended by an operator", pattern: '(lease )lost', example: 'lease lost', meaning: "The worker's latest lease ran out, went with its store, or was ended by an operator.", check: (_s, c) => workerLost(c) },
	{ id: 'worker-expired', places: WORKER_STATE, tells: 'state', formula: "lease(x, t) ran out", pattern: 'expired', example: 'expired', meaning: "The worker's latest lease ran out.", check: (_s, c) => workerLost(c, 'expired') },
	{ id: 'worker-free', places: WORKER_STATE, tells: 'state', formula: "¬live(x, t) ∧ x ∉ line(t) ∧ x's process is not down ∧ x's code is in no hold's body", pattern: 'free/idle', example: 'idle', meaning: 'The worker holds no live lease and is not in line, its process is running (a crashed one is not idle: it is crashed), and its code is not at work: after its last grant it let go, returned, crashed or asked again (a worker whose lease ran out while its code works on is not idle: say "no lease").', check: (_s, c) => workerFree(c, true) },
	{ id: 'worker-no-lease', places: WORKER_STATE, tells: 'state', formula: "¬live(x, t) ∧ x ∉ line(t)", pattern: 'no lease', example: 'no lease', meaning: 'The worker holds no live lease and is not in line.', check: (_s, c) => workerFree(c) },
	{ id: 'worker-gave-up', places: WORKER_STATE, tells: 'state', formula: "the last asked(x) ∈ run up to t is followed by gave-up(x) on its store", pattern: 'gave up', alternatives: ['gave up waiting'], example: 'gave up', meaning: "The worker's last ask for the key ended with the lock giving up on it: it waited as long as it was willing to, and did not get the key.", check: (_s, c) => workerGaveUp(c) },
	{ id: 'worker-turned-away', places: WORKER_STATE, tells: 'state', formula: "the last asked(x) ∈ run up to t is followed by refused(x) on its store", pattern: 'turned away', example: 'turned away', meaning: "The worker's last ask for the key was turned away: it tried without waiting, and the lock refused it, the key held or the semaphore full.", check: (_s, c) => workerTurnedAway(c) },
	{ id: 'worker-saved', places: WORKER_STATE, tells: 'state', formula: "x's last wrote ∈ run up to t changed the row", pattern: 'saved', example: 'saved', meaning: "The worker's last write changed the row.", check: (_s, c) => workerWrote(c, true) },
	{ id: 'worker-refused', places: WORKER_STATE, tells: 'state', formula: "x's last wrote ∈ run up to t changed no row, its fence deciding", pattern: 'refused', example: 'refused', meaning: "The worker's last write changed no row, its fence deciding so (a statement no fence decides, an insert of another row, was carried out: nothing refused it).", check: (_s, c) => workerWrote(c, 'refused') },
	{
		id: 'worker-paused',
		places: WORKER_STATE,
		tells: 'state',
		formula: "x sends nothing while the label is shown ∧ x's process is not down (crashed, not restarted)",
		pattern: 'paused/stalled',
		example: 'paused',
		meaning: 'The worker sends nothing while the label is shown (strike it in the step it acts again); a crashed process that has not restarted is not paused, it will not wake.',
		whileShown: true,
		pauses: true,
		check: (_s, c) => workerQuiet(c),
	},
	{
		id: 'worker-crashed',
		places: WORKER_STATE,
		tells: 'state',
		formula: "x sends nothing from the label on, to the step its process restarts (process-restarted(x)) or the scene's end",
		pattern: 'crashed',
		example: 'crashed',
		meaning: 'The worker sends nothing from the moment the label is set until its process restarts, or to the end of the scene. Striking the label restarts it (strike a "crashed"): a new process runs its code from the first line, on a new connection, knowing nothing of its old lease.',
		whileShown: true,
		pauses: true,
		check: (_s, c) => workerGone(c),
	},
	{
		id: 'worker-released',
		places: WORKER_STATE,
		tells: 'state',
		formula: "lease(x, t) was released while live",
		pattern: 'released',
		example: 'released',
		meaning: "The worker released its latest lease (one that ran out was not released).",
		check(_slots, context) {
			const lease = context.world.workers.get(me(context))?.lease
			if (!lease || leaseState(lease) !== 'released') return fails(`the label says so, but ${workerState(context)}`)
			return holds([leaseEvidence(context.world, me(context))], context.world.time)
		},
	},
]

// ---- a lock's state ----

const STORE_STATE = ['store-state'] as const

function storeOfLabel(context: ClaimContext) {
	return context.world.stores.get(me(context))
}

function storeHolders(context: ClaimContext, test: (holders: readonly string[], limit: number | undefined) => boolean): Verdict {
	const store = storeOfLabel(context)
	if (!store) return fails('this label is no lock store\'s')
	if (!test(store.holders, store.limit)) return fails(`the label says so, but ${store.holders.length === 0 ? 'no one holds the key' : `the key is held by ${names(context, store.holders)}${store.limit === undefined ? '' : ` (${store.holders.length} of ${store.limit})`}`}`)
	return holds([holdersEvidence(context.world, store)], context.world.time)
}

/** The verdict, unless one of the workers a label names as holders holds only the lease its crashed process left (`restartedHolder`). */
function restartedLabel(context: ClaimContext, workers: readonly string[], verdict: Verdict): Verdict {
	if (!verdict.ok) return verdict
	for (const worker of workers) {
		const why = restartedHolder(context, worker, context.world.time)
		if (why !== undefined) return fails(`the label says so, but ${why}`)
	}
	return verdict
}

/** Whose leases take a semaphore's places, in words: "Worker B's", "Worker A's crashed process's old lease", "Worker A's 2 leases". */
function placesTaken(context: ClaimContext, holders: readonly string[]): string {
	const parts = [...new Set(holders)].map(worker => {
		const count = holders.filter(id => id === worker).length
		if (restartedHolder(context, worker, context.world.time) !== undefined) return `${context.name(worker)}'s crashed process's old lease`
		return count === 1 ? `${context.name(worker)}'s` : `${context.name(worker)}'s ${count} leases`
	})
	return parts.length === 1 ? (parts[0] as string) : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`
}

export const STORE_STATE_FORMS: readonly ClaimForm[] = [
	{ id: 'store-free', places: STORE_STATE, tells: 'state', formula: "holders(x, t) = ∅", pattern: 'free', example: 'free', meaning: 'No one holds the key.', check: (_s, c) => storeHolders(c, h => h.length === 0) },
	{ id: 'store-held', places: STORE_STATE, tells: 'state', formula: "holders(x, t) ≠ ∅", pattern: 'held', example: 'held', meaning: 'Someone holds the key.', check: (_s, c) => storeHolders(c, h => h.length > 0) },
	{
		id: 'store-full',
		places: STORE_STATE,
		tells: 'state',
		formula: "x is a semaphore ∧ |holders(x, t)| = limit(x)",
		pattern: 'full',
		example: 'full',
		meaning: "The semaphore's key has as many holders as its limit.",
		check: (_s, c) => storeHolders(c, (h, limit) => limit !== undefined && h.length >= limit),
	},
	{
		id: 'store-held-by',
		places: STORE_STATE,
		tells: 'state',
		formula: "holders(x, t) = {w}",
		pattern: 'held by {worker}',
		example: 'held by A',
		meaning: "That worker, and no other, holds the key: its running process (a lease the store keeps in its name for its crashed process, after a restart, is no holding of its).",
		check(slots, context) {
			const worker = actorOf(slots[0])
			const result = restartedLabel(context, [worker], storeHolders(context, h => new Set(h).size === 1 && h[0] === worker))
			return result.ok ? result : { ...result, slot: 0 }
		},
	},
	{
		id: 'store-held-by-workers',
		places: STORE_STATE,
		tells: 'state',
		formula: "holders(x, t) = ws",
		pattern: 'held by {workers}',
		example: 'held by A and B',
		meaning: "Those workers, and no other, hold the key, each by its running process (not only by a lease its crashed process left).",
		check(slots, context) {
			const wanted = actorsOf(slots[0])
			const result = restartedLabel(context, wanted, storeHolders(context, h => new Set(h).size === wanted.length && wanted.every(id => h.includes(id))))
			return result.ok ? result : { ...result, slot: 0 }
		},
	},
	{
		id: 'store-n-of-m',
		places: STORE_STATE,
		tells: 'state',
		formula: "|leases live of x at t| = n ∧ limit(x) = n2",
		pattern: '{count} of {count}',
		example: '3 of 3',
		meaning: "The semaphore's places taken, of its limit, as the engine's own reply counts them (\"2 of 2\"): its live leases, each a place, a lease the store keeps for a restarted worker's crashed process among them (a worker holding two leases takes two places).",
		check(slots, context) {
			const result = storeHolders(context, (h, limit) => limit !== undefined && h.length === numberOf(slots[0]) && limit === numberOf(slots[1]))
			if (!result.ok) {
				const store = storeOfLabel(context)
				if (store?.limit !== undefined && store.limit === numberOf(slots[1]) && store.holders.length !== numberOf(slots[0])) return fails(`the label says ${numberOf(slots[0])} of ${store.limit}, but ${store.holders.length} of its ${store.limit} places ${store.holders.length === 1 ? 'is' : 'are'} taken${store.holders.length === 0 ? '' : ` (${placesTaken(context, store.holders)})`}: "N of M" counts places, as the engine's reply does, a lease a restarted worker's crashed process left among them`, 0)
			}
			return result.ok ? result : { ...result, slot: 0 }
		},
	},
	{
		id: 'store-epoch',
		places: STORE_STATE,
		tells: 'state',
		formula: "epoch(x, t) = e",
		pattern: 'epoch {epoch}',
		example: 'epoch 5000',
		meaning: "The store's epoch, written to its kv.db when it last opened.",
		check(slots, context) {
			const store = storeOfLabel(context)
			if (!store) return fails("this label is no lock store's")
			if (store.epoch !== bigOf(slots[0])) return fails(`expected epoch ${bigOf(slots[0])}, the store's is ${store.epoch}`, 0)
			return holds([{ kind: 'epoch', store: store.id, at: context.world.time, epoch: store.epoch.toString() }], context.world.time)
		},
	},
	{
		id: 'store-fence',
		places: STORE_STATE,
		tells: 'state',
		formula: "the fence of the last lease x gave since it last opened = f",
		pattern: 'fence {fence}',
		example: 'fence 8',
		meaning: 'The fence of the last lease the store gave since it last opened.',
		check(slots, context) {
			const store = storeOfLabel(context)
			if (!store) return fails("this label is no lock store's")
			const wanted = fenceOfSlot(slots[0])
			if (store.lastFence !== wanted) return fails(`expected fence ${showFence(wanted)}, ${store.lastFence === undefined ? 'but the store gave no fence since it last opened' : `the last the store gave is ${showFence(store.lastFence)}`}`, 0)
			return holds([holdersEvidence(context.world, store)], context.world.time)
		},
	},
]

// ---- a database's state ----

const DB_STATE = ['db-state'] as const

export const DB_STATE_FORMS: readonly ClaimForm[] = [
	{
		id: 'db-fence',
		places: DB_STATE,
		tells: 'state',
		formula: "row(x, t) = f",
		pattern: 'fence {fence}',
		example: 'fence 8',
		meaning: "The fence the row keeps. Before the first step it sets the row's fence instead.",
		intent: { rowFence: 0 },
		check(slots, context) {
			const row = context.world.databases.get(me(context))
			if (!row) return fails("this label is no database's")
			const wanted = fenceOfSlot(slots[0])
			if (row.fence !== wanted) return fails(`expected fence ${showFence(wanted)}, the row keeps ${showFence(row.fence)}`, 0)
			return holds([{ kind: 'row', database: row.id, at: context.world.time, fence: showFence(row.fence), ...(row.writer === undefined ? {} : { writer: row.writer }) }], context.world.time)
		},
	},
	{
		id: 'db-written-by',
		places: DB_STATE,
		tells: 'state',
		formula: "the row of x at t keeps w's write",
		pattern: 'THING by {worker}',
		example: 'THING by A',
		meaning: "The row keeps that worker's write.",
		check(slots, context) {
			const row = context.world.databases.get(me(context))
			if (!row) return fails("this label is no database's")
			const worker = actorOf(slots[0])
			if (row.writer !== worker) return fails(`the row keeps ${row.writer === undefined ? 'no worker' : context.name(row.writer)}'s ${inWords(THING, context.words)}, not ${context.name(worker)}'s`, 0)
			return holds([{ kind: 'row', database: row.id, at: context.world.time, fence: showFence(row.fence), writer: worker }], context.world.time)
		},
	},
]
