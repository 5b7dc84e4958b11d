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
	'cron',
	'batch',
	'nightly',
	'loop',
	'laptop',
	'lid',
	'container',
	'debugger',
	'breakpoint',
]

/**
 * What a caption may name as having paused a worker's process, as the subject of "pauses", "freezes",
 * "stalls" or "suspends" ("A migration freezes A", "the operating system pauses A for 30 s"), with "a",
 * "an" or "the" before it, and "long", "short" (each checked, as in an aside) or "slow". Each claims
 * nothing: the clause claims the pause, and no actor is among them (a word of an actor's label is
 * dropped from the list in that scene). A scene's code nouns may stand here too ("the export pauses A").
 */
export const PAUSE_CAUSES: readonly string[] = [
	'garbage collection',
	'garbage-collection',
	'GC pause',
	'GC',
	'migration',
	'virtual machine migration',
	// A live migration freezes the machine as it moves: "a migration to another host freezes A".
	'migration to another host',
	'query',
	'operating system',
	'host',
	'deploy',
	'upgrade',
	'kernel upgrade',
	'swap storm',
	'page fault',
	'network partition',
	'debugger',
	'breakpoint',
	// A laptop's lid closed sleeps the machine: every process on it pauses ("laptop-lid" of an id needs a worker shown paused, trial a27).
	'laptop lid',
	'lid',
]

/** What a caption may name as the machine a worker's process runs on: "A's machine loses power", "its host goes down" (a crash of that process). */
export const COMPUTERS: readonly string[] = ['machine', 'host', 'computer', 'laptop', 'container', 'virtual machine', 'VM']

/**
 * Adverbs a writer adds to a clause that tell nothing the engine records: how a worker goes about
 * what it does ("B simply holds the key", "C finally gets the key"). A clause reads as it would without one.
 * Adverbs that tell something are not here, and read only in the forms written with them: "still"
 * (the state held when the step began), "now" (at the clause's moment), "just" (a moment before or after), "again", "already", "only",
 * "first", "at once"; nor "silently" or "quietly" (nobody was told: the engine tells a holder whose lease an operator ends),
 * which read only where a form has them ("its write silently replaces B's"). "finally", "eventually" (a wait) and "this time"
 * (an ask before) are read here but checked (`ReadClause.earlier`), and refused of a clause that tells no grant, ask, hold or key come free.
 */
// Not "merely" (nothing else happened: trial a27's 15) nor "patiently" (a wait with no limit: trial a27's 14): each tells what
// the engine records or cannot decide, so neither is dropped; "patiently" reads only in `waits-without-limit` ("B waits patiently").
export const NEUTRAL_ADVERBS: readonly string[] = ['simply', 'calmly', 'happily', 'finally', 'eventually', 'this time']

/**
 * Words a work phrase is made of, beside the scene's own nouns (`work-phrase.ts`): what a writer says of the
 * work a worker's code does under the key, which the engine does not time or weigh ("starts a long piece of
 * work", "starts building the monthly export"). None is a number, an order ("second", "next", "other") or a
 * word of the forms, so a work phrase swallows no claim: a clause with one still reads as its form or not at all.
 */
export const WORK_ADJECTIVES: readonly string[] = ['long', 'big', 'large', 'heavy', 'slow', 'whole', 'full', 'monthly', 'nightly', 'daily', 'weekly', 'hourly']

/**
 * Verbs that name a kind of work in a story's words, when the code only calls `work()` ("starts a long deploy",
 * "starts sending emails", "A is still deploying", "finishes printing"). Each also reads as a gerund alone ("is still
 * deploying"), which the plain ones below do not ("is running" is no work). The first word of each is no word of a
 * form; a second is a particle ("hand out", "clean up"). None tells what the engine records: the clause means what
 * it means with "work".
 */
export const NAMED_WORK_VERBS: readonly string[] = ['deploy', 'print', 'send', 'export', 'import', 'index', 'rebuild', 'bill', 'hand out', 'sync', 'upload', 'download', 'render', 'copy', 'clean up', 'compact', 'charge', 'ship', 'publish', 'resize', 'encode', 'email', 'mail', 'crunch', 'train', 'transcode', 'compress', 'archive', 'convert', 'scan', 'sell']

/** Verbs of `NAMED_WORK_VERBS` whose third person is a word of a form ("sends a stale write"): "A starts sending emails" reads, "A sends emails" does not. */
export const NO_THIRD_PERSON: readonly string[] = ['send']

/** Neutral verbs of doing work, in their plain form: "runs its export", "starts building the index", "asks to run the export". */
export const WORK_VERBS: readonly string[] = ['run', 'do', 'build', 'make', 'compute', 'prepare', 'process', 'generate', 'produce', 'perform']

/**
 * Nouns that name a piece of work or what it works on, in a story's words, in the singular ("a long deploy", "its
 * export", "the search index", "invoice numbers", "emails"): a work phrase may have one where "work" stands. A
 * plural or a mass noun ("data") may stand without a determiner ("sending emails"). None is a word of a form.
 */
export const WORK_NOUNS: readonly string[] = ['deploy', 'export', 'import', 'build', 'upload', 'download', 'email', 'invoice', 'invoice number', 'ticket', 'index', 'search index', 'report', 'file', 'image', 'thumbnail', 'payment', 'batch', 'coupon', 'job', 'message', 'newsletter', 'document', 'video', 'page', 'render']

/**
 * Work nouns that may stand before "of" and a plural of the others (or a mass noun): "a batch of coupons", "the batch of
 * emails". A batch counts nothing the engine records, and no number or order word may stand in it ("a batch of 500
 * coupons", "the next batch of coupons" read as no work phrase).
 */
export const BATCHES: readonly string[] = ['batch']

/** Work nouns that are never plural and stand without a determiner: "processing data". */
export const MASS_WORK_NOUNS: readonly string[] = ['data', 'mail', 'email']

/** Small words that join the others and claim nothing alone. */
export const FUNCTION_WORDS: readonly string[] = ['a', 'an', 'the', 'of', 'for', 'in', 'on', 'its', 'or']

const ALLOWED = new Set([...NEUTRAL_WORDS, ...FUNCTION_WORDS])

/**
 * Words a scene's `id` may be made of, besides the neutral ones: the subjects a guide's scene is about.
 * An id shows in every link to a step (`#fences-restart-step-2`), so it names a subject and tells no
 * story: no actor, no outcome (`b-saves-first` is refused), and a number only as a count the run checks (scene-id.ts). A word that names an event
 * (`restart`) is in ID_EVENTS instead, and the scene must show that event.
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
	'shutdown',
	'testing',
	'cache',
	'queue',
	// The guides' glossary: what a scene about locks may be about.
	'holder',
	'holders',
	// One who waits in line for the key, a role like "holder" ("waiter-crashes", trial 25's 03).
	'waiter',
	'waiters',
	// What a scene about leases, waits and clocks is about ("wait-in-time", trial 25's 10).
	'time',
	// A role every scene has, no actor's name ("crashed-worker", trial 24; "worker-b-saves-first" is still refused at "b").
	'worker',
	'workers',
	'line',
	// A semaphore's places, or a place in line: a part of the subject, no outcome ("semaphore-places"; trial 33's "two-places" counts them: the semaphore's limit, scene-id.ts COUNTS).
	'place',
	'places',
	'ttl',
	'clock',
	'crash',
	'connection',
	'operator',
	'writes',
	'write',
	'stale',
	'late',
	'store',
	'database',
	'try',
	'basics',
	'overview',
]

/**
 * Words that join the subject words of an id and claim nothing alone: "try-and-wait", "fences-vs-ttl",
 * "restore-from-backup". "after", "before" and "then" between two event words claim an order, which
 * the scene must show ("pause-then-expiry": a pause, and an expiry after it). Not here: negations
 * ("no" and "without" before an event word, "fences" or "crash" claim the scene shows none, checked in scene-id.ts;
 * "not" and "off" stand nowhere: `fences-off`) and counts ("two", "three" before a noun the run counts claim that count,
 * checked in scene-id.ts COUNTS), and "over" and "out" alone (a lease "over",
 * "out": an outcome). "too" says how much of a subject word and claims nothing alone; "just" (a closeness the run does not measure) is refused in scene-id.ts;
 * "too" before "late" claims with it (scene-id.ts JOINT: "renewal-too-late" needs a renewal refused as the lease was
 * lost); "enough" is an event word (ID_EVENTS).
 */
export const ID_JOINING_WORDS: readonly string[] = ['too', 'just', 'and', 'or', 'vs', 'versus', 'with', 'to', 'at', 'by', 'from', 'into', 'after', 'before', 'then', 'a', 'an', 'the', 'of', 'for', 'in', 'on', 'its']

/** Words of ID_JOINING_WORDS that claim an order between the event words either side of them ("expiry-after-pause"). */
export const ID_ORDER_WORDS: Readonly<Record<string, 'after' | 'before'>> = { after: 'after', before: 'before', then: 'before' }

/** Phrases an id may use whole: holders one after another ("one" alone would count); "one by one" claims the places taken or freed one at a time (scene-id.ts). */
export const ID_PHRASES: readonly string[] = ['one after another', 'one by one']

/** Words of an id that name an event, each with the event the scene must show for it (`shutdown-killed` needs a worker shown crashed). */
export const ID_EVENTS: Readonly<Record<string, string>> = {
	restart: "a lock store or a worker's process restarts",
	restore: 'a lock store is restored from a backup',
	backup: "a lock store's kv.db is backed up",
	killed: 'a worker is shown crashed',
	lets: 'a worker lets go of its lease',
	go: 'a worker lets go of its lease',
	pause: 'a worker is shown paused',
	// An ask to renew is a renewal the id may name, granted or refused ("lease-renewal"; "renewal-too-late" claims one refused as lost, scene-id.ts JOINT).
	renewal: 'a worker asks to renew its lease (granted or refused)',
	renew: 'a worker asks to renew its lease (granted or refused)',
	// "saved", "saves": a write the database took ("saved-handed-over", trial 25's 01); a refused write is no save.
	save: 'a worker writes and the database takes the write',
	release: 'a worker lets go of its lease',
	end: "an operator ends a worker's lease",
	ended: "an operator ends a worker's lease",
	expiry: "a worker's lease runs out",
	timeout: 'a worker gives up waiting',
	// Also "handed-over", "hands-over", "hand-over" ("saved-handed-over", trial 25's 01).
	handover: 'the key goes to a worker that waited in line',
	// "long-enough", "just-long-enough" (trial 25's 10): a wait that was enough, the key got within it.
	enough: 'a worker that asked with a wait gets the key before its wait runs out',
	tryhold: 'a worker tries the key without waiting',
	wait: 'a worker asks with a wait, or waits in line',
	// "wait-runs-out", "lease-run-out": a lease or a wait that ran out (also "runs out", "ran out").
	'run-out': "a worker's lease runs out, or a worker's wait runs out and it gives up",
	nofence: 'a write or a lease carries no fence a database checks',
	fifo: 'the key goes to the first of several in line',
	limit: 'a semaphore with a limit',
	// "giving-up", "gives-up", "gave-up" (trial 34's 09): a wait given up, as "timeout".
	'give-up': 'a worker gives up waiting',
	// Words of judgement writers tell a story's shape in (trials 33 and 34), each with the one meaning the run checks.
	impatient: 'a worker gives up waiting',
	patient: 'a worker that asked with no limit on its wait waits and gets the key',
	lucky: 'a worker that tries the key without waiting gets it',
	// "knocking", "knocks": tries again and again.
	knock: 'a worker tries the key without waiting, and tries again',
	// "kept-alive", "keeps-alive", "keeping-alive".
	'kept-alive': "a worker's lease is renewed and so lives past the end its grant gave it",
	// "renew-by-hand" (trial 38's 03).
	hand: "a worker's code asks to renew its lease by its own call (granted or refused), not its hold's own renewal",
	// "time-to-spare" (trial 38's 07).
	spare: 'a worker that asked with a wait of a limit gets the key from the line with at least a fifth of that wait left',
	// "back-for-more".
	back: 'a worker asks for the key again after it let go of it, or after its process restarted',
}

/** The first word of an aside the lexicon does not have, with its offset; undefined when every word is neutral. */
export function unneutralWord(text: string): { word: string; offset: number } | undefined {
	for (const match of text.matchAll(/[^\s,]+/g)) {
		const word = match[0]
		if (!ALLOWED.has(word.toLowerCase()) || word !== word.toLowerCase()) return { word, offset: match.index ?? 0 }
	}
	return undefined
}
