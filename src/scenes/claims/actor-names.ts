/**
 * An actor's label is a name shown on the stage beside what the engine computed, and the word the
 * claims use for it: it must look like a name and nothing else. It is one to three words of Latin
 * letters, digits, `.`, `-` and `_` (no letter of another script that looks like a Latin one),
 * with no word that says what happened or that a claim form uses ("Idle", "Holder"), save the
 * nouns of the actors' roles ("Worker", "Lock"); no two actors share a label, and none is drawn
 * over another.
 */
import { FORMS } from './registry.ts'

/** What the cast check reads of an actor: its id, its label as written, and where it is drawn. */
interface PlacedActor {
	id: string
	label: { value: string }
	x: number
	y: number
	/** What the actor is, by its icon: a role noun of another kind may not name it. */
	kind?: 'worker' | 'store' | 'database' | 'decoration'
}

/** Role nouns that name another kind of actor than the one labelled: a worker called "Lock" would take a lock's claims. */
const OTHER_ROLES: Readonly<Record<string, readonly string[]>> = {
	worker: ['lock', 'store', 'semaphore', 'database', 'db', 'clock'],
	store: ['worker', 'client', 'job', 'candidate', 'scheduler', 'database', 'db', 'clock'],
	database: ['worker', 'client', 'job', 'candidate', 'scheduler', 'lock', 'store', 'semaphore', 'clock', 'kv.db'],
	decoration: ['worker', 'client', 'job', 'candidate', 'scheduler', 'lock', 'store', 'semaphore', 'database', 'db'],
}

/** A label as the eye reads it: letters that look alike in the site's font made one (I, l and 1; O and 0). */
function looks(label: string): string {
	return label.toLowerCase().replace(/rn/g, 'm').replace(/vv/g, 'w').replace(/[il1|]/g, 'l').replace(/[o0]/g, 'o').replace(/8/g, 'b').replace(/5/g, 's').replace(/2/g, 'z').replace(/6/g, 'g')
}

/** Words that say what happened or name a value, beyond those of the claim forms. */
const VALUE_WORDS = ['fence', 'fences', 'epoch', 'count', 'lease', 'leases', 'ttl', 'wait', 'limit', 'holds', 'holding', 'held', 'holder', 'holders', 'saved', 'refused', 'rejected', 'accepted', 'free', 'idle', 'lost', 'expired', 'granted', 'waiting', 'paused', 'stalled', 'crashed', 'released', 'renewed', 'busy', 'full', 'ok', 'stale', 'gave', 'timed', 'winner', 'won', 'failed', 'succeeded', 'true', 'false', 'yes', 'no', 'not', 'never', 'first', 'last', 'next', 'new', 'old', 'live', 'dead', 'late', 'early', 'nobody', 'none', 'nothing', 'noone', 'everyone', 'everybody', 'anyone', 'anybody', 'someone', 'somebody', 'all', 'each', 'every', 'both', 'either', 'neither', 'other', 'another', 'it', 'its', 'they', 'them', 'he', 'she', 'him', 'her', 'who', 'same', 'only', 'leader', 'follower', 'primary', 'replica', 'master', 'mutex', 'etcd', 'zookeeper', 'redis', 'consul', 'chubby', 'postgres', 'timeout', 'timer', 'deadline', 'minute', 'minutes', 'second', 'seconds', 'hour', 'hours', 'ms', 'kv.db', 'kv']

/** The nouns of the actors' roles, which a label may use though a claim form does too. */
const ROLE_NOUNS = new Set(['worker', 'lock', 'store', 'semaphore', 'server', 'database', 'db', 'clock', 'client', 'node', 'service', 'job', 'candidate', 'scheduler'])

let forbidden: Set<string> | undefined

/** Every word a claim form's pattern writes, and the value words; made once. */
function forbiddenWords(): Set<string> {
	if (forbidden) return forbidden
	forbidden = new Set(VALUE_WORDS)
	for (const form of FORMS) {
		for (const word of [form.pattern, ...(form.alternatives ?? [])].join(' ').replaceAll('THING', ' ').replace(/\{[^}]*\}/g, ' ').toLowerCase().split(/[^a-z]+/)) if (word.length > 1 && !ROLE_NOUNS.has(word)) forbidden.add(word)
	}
	return forbidden
}

/** Labels judged so far: every check of a scene asks again of the same few names. */
const judged = new Map<string, string | undefined>()

/** Why an actor's label is not a name, or undefined when it is one. */
export function nameProblem(label: string): string | undefined {
	if (judged.has(label)) return judged.get(label)
	const problem = judgeName(label)
	if (judged.size >= 1000) judged.clear()
	judged.set(label, problem)
	return problem
}

function judgeName(label: string): string | undefined {
	const words = label.split(' ')
	if (label.trim() !== label || words.length > 3 || words.some(word => !/^[A-Za-z0-9._-]+$/.test(word))) {
		const odd = [...label].find(ch => !/[A-Za-z0-9._\- ]/.test(ch))
		const told = odd === undefined ? '' : ` ("${odd}", U+${(odd.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}, is not one)`
		return `an actor's label is a name of one to three words of Latin letters, digits, ".", "-" and "_", like "Worker A" or "chat.db"; not "${label}"${told}`
	}
	const value = words.find(word => forbiddenWords().has(word.toLowerCase()))
	if (value !== undefined) return `an actor's label is a name, and "${value}" is a word the claims use to say what happened; a state label says that, and is checked`
	const digits = words.slice(0, -1).find(word => /^[0-9]+$/.test(word))
	if (digits !== undefined || words.some(word => /[0-9]/.test(word) && !/^[A-Za-z._-]*[0-9]{1,2}$/.test(word))) {
		return `an actor's label may end with a number of one or two digits, like "Worker 2", and have no other; not "${label}"`
	}
	return undefined
}

/** A role and a letter or a number of one or two digits: `Worker A`, `Store 2`, `Lock`. */
const ROLE_FORM = /^(Worker|Lock|Store|Server|Client|Job|Node|Service|Candidate|Scheduler|Clock|Database)( ([A-Z]|[0-9]{1,2}))?$/
/** A database's file: `chat.db`. */
const FILE_FORM = /^[a-z][a-z0-9_-]*\.db$/
/** A lock's or semaphore's own name, one word: `exports`. */
const NAME_FORM = /^[A-Za-z][a-z]+$/

/** Whether a lock store's label is its lock's name (`exports`), not its role (`Lock`, `Store B`). */
export function isLockName(label: string): boolean {
	return NAME_FORM.test(label) && !ROLE_FORM.test(label)
}

/**
 * Whether a label has one of the forms a reader can tell for what it is: a worker, a store or a clock by its role
 * and a letter or number; a database by its file; a lock store by its lock's name too. Any other word ("Owner",
 * "Standby") would say something of the actor that nothing checks.
 */
function formProblem(actor: PlacedActor): string | undefined {
	const label = actor.label.value
	if (ROLE_FORM.test(label)) return undefined
	if (actor.kind === 'database' && FILE_FORM.test(label)) return undefined
	if (actor.kind === 'store' && NAME_FORM.test(label)) return undefined
	if (actor.kind === undefined) return undefined
	const forms = actor.kind === 'database' ? 'its file, like "chat.db"' : actor.kind === 'store' ? 'its role and a letter or number, like "Lock" or "Store B", or its lock\'s name, like "exports"' : 'its role and a letter or number, like "Worker A" or "Server 2"'
	return `${actor.id}'s label "${label}" is not one of the forms a name takes here: a ${actor.kind === 'store' ? 'lock store' : actor.kind} is named by ${forms}`
}

/** How near two actors may stand, in percent of the stage on both axes, before one is drawn over the other. */
const NEAREST = 8

/** Problems of the cast as a whole: two actors with one label, or drawn at one place. */
export function castProblems<A extends PlacedActor>(actors: readonly A[]): { actor: A; message: string }[] {
	const problems: { actor: A; message: string }[] = []
	const seen = actors.map(actor => looks(actor.label.value))
	for (const [i, actor] of actors.entries()) {
		// A label that is no name at all is told so already (nameProblem); one that is a name must have a name's form.
		const form = nameProblem(actor.label.value) === undefined ? formProblem(actor) : undefined
		if (form !== undefined) problems.push({ actor, message: form })
		const role = actor.kind === undefined ? undefined : actor.label.value.toLowerCase().split(' ').find(word => OTHER_ROLES[actor.kind as string]?.includes(word))
		if (role !== undefined) problems.push({ actor, message: `${actor.id} is a ${actor.kind === 'store' ? 'lock store' : actor.kind}, and "${role}" in its label names another kind of actor; the claims would read it as one` })
		for (let j = 0; j < i; j++) {
			const other = actors[j] as A
			if (other.label.value.toLowerCase() === actor.label.value.toLowerCase()) {
				problems.push({ actor, message: `${other.id} is labelled "${other.label.value}" already; two actors with one name cannot be told apart` })
			} else if (seen[j] === seen[i]) {
				problems.push({ actor, message: `"${actor.label.value}" looks like ${other.id}'s "${other.label.value}" on the page (I, l and 1, or O and 0); give the actors names a reader tells apart` })
			} else if (Math.abs(other.x - actor.x) < NEAREST && Math.abs(other.y - actor.y) < NEAREST) {
				problems.push({ actor, message: `${actor.id} at ${actor.x},${actor.y} is drawn over ${other.id} at ${other.x},${other.y}; keep actors ${NEAREST} apart on one axis at least` })
			}
		}
	}
	return problems
}
