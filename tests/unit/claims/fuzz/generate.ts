/**
 * The claims' fuzz: random scenes and random texts in the controlled language, as fast-check
 * arbitraries. A scene is 2 to 5 workers, one or two stores (locks and semaphores), up to two
 * databases (fenced or not), with or without a code sample, and steps of the DSL's statements in
 * random order (asks, tries, answers, waits, releases, operators' ends, renewals, writes, pauses, wakes, crashes,
 * a crashed process's restart, a store's restarts, backups, restores). A text is built from the registry's forms, its slots filled with
 * the run's own values (most true, some near them, so many false), joined by the language's
 * connectives, with moments named or not. Both are plain data, so fast-check shrinks them.
 */
import { CHAT_DOMAIN } from '../../../../src/seed/chat-domain.ts'
import fc from 'fast-check'
import { FORMS, inWords } from '../../../../src/scenes/claims/index.ts'
import type { ClaimForm, Happening, Place, RunFacts } from '../../../../src/scenes/claims/index.ts'

/** A step's statement, by what it does. */
export type Statement =
	| { kind: 'hold' | 'try' | 'answer' | 'renew' | 'save' | 'release' | 'end' | 'pause' | 'wake' | 'crash' | 'come-back' | 'note'; worker: number; target: number; wait?: number }
	| { kind: 'wait'; ms: number }
	| { kind: 'restart' | 'backup' | 'restore'; target: number }

export interface SceneSpec {
	workers: number
	/** Each store's limit: 0 for a lock. */
	stores: number[]
	/** Each database: whether it checks fences. */
	databases: boolean[]
	ttl: number
	code: boolean
	steps: Statement[][]
}

const LETTERS = ['A', 'B', 'C', 'D', 'E']
const WAITS = [1000, 5000, 10_000, 30_000]

const statement: fc.Arbitrary<Statement> = fc.oneof(
	{ weight: 4, arbitrary: fc.record({ kind: fc.constantFrom('hold' as const, 'try' as const, 'answer' as const, 'save' as const, 'release' as const), worker: fc.nat(4), target: fc.nat(1), wait: fc.option(fc.constantFrom(...WAITS), { nil: undefined }) }) },
	{ weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('renew' as const, 'end' as const, 'pause' as const, 'wake' as const, 'crash' as const, 'come-back' as const, 'note' as const), worker: fc.nat(4), target: fc.nat(4) }) },
	{ weight: 2, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.constantFrom(...WAITS, 500, 30_000) }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('restart' as const, 'backup' as const, 'restore' as const), target: fc.nat(1) }) },
)

export const sceneSpec: fc.Arbitrary<SceneSpec> = fc.record({
	workers: fc.integer({ min: 2, max: 5 }),
	stores: fc.array(fc.constantFrom(0, 0, 2, 3), { minLength: 1, maxLength: 2 }),
	databases: fc.array(fc.boolean(), { minLength: 0, maxLength: 2 }),
	ttl: fc.constantFrom(10_000, 30_000),
	code: fc.boolean(),
	steps: fc.array(fc.array(statement, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 6 }),
})

/** The scene's text: its cast, links and steps, every caption a stand-in to be replaced. */
export function sceneText(spec: SceneSpec, captions: ReadonlyMap<number, string> = new Map()): string {
	// A code sample runs with one store and one database, which its code reaches.
	const stores = spec.code ? spec.stores.slice(0, 1) : spec.stores
	const databases = spec.code ? spec.databases.slice(0, 1).map(() => true) : spec.databases
	const lines: string[] = []
	if (spec.code && databases.length > 0) lines.push('code ts', '  await summaries.hold(chatId, async lease => save(chatId, text, lease.fence))', 'end')
	lines.push(`ttl ${spec.ttl / 1000}s`)
	const worker = (i: number) => `w${i % spec.workers}`
	const store = (i: number) => `s${i % stores.length}`
	for (let i = 0; i < spec.workers; i++) lines.push(`actor w${i} "Worker ${LETTERS[i]}" at 10,${10 + i * 18} icon=cpu`)
	for (const [i, limit] of stores.entries()) lines.push(`actor s${i} "${stores.length === 1 ? 'Lock' : `Store ${LETTERS[i]}`}" at 50,${30 + i * 40} icon=lock${limit > 0 ? ` limit=${limit}` : ''}`)
	for (const [i, fenced] of databases.entries()) lines.push(`actor d${i} "${i === 0 ? 'chat.db' : 'copy.db'}" at 90,${30 + i * 40} icon=database${fenced ? '' : ' fences=off'}`)
	for (let w = 0; w < spec.workers; w++) {
		for (let s = 0; s < stores.length; s++) lines.push(`link w${w} s${s}`)
		for (let d = 0; d < databases.length; d++) lines.push(`link w${w} d${d}`)
	}
	for (let d = 0; d < databases.length; d++) lines.push(`set d${d} "fence 0"`)
	for (const [index, step] of spec.steps.entries()) {
		lines.push(`step ${JSON.stringify(captions.get(index + 1) ?? 'The clock reads 0 ms.')}`)
		for (const s of step) {
			switch (s.kind) {
				case 'hold':
					lines.push(`  send ${worker(s.worker)} -> ${store(s.target)} "${s.wait === undefined ? 'hold' : `hold, wait ${s.wait / 1000} s`}"`)
					break
				case 'try':
					lines.push(`  send ${worker(s.worker)} -> ${store(s.target)} "try"`)
					break
				case 'answer':
					lines.push(`  send ${store(s.target)} -> ${worker(s.worker)} "answer"`)
					break
				case 'renew':
					lines.push(`  send ${worker(s.worker)} -> ${store(s.target)} "renew"`)
					break
				case 'save':
					if (databases.length > 0) lines.push(`  send ${worker(s.worker)} -> d${s.target % databases.length} "save"`)
					break
				case 'release':
					lines.push(`  release ${worker(s.worker)}`)
					break
				case 'end':
					lines.push(`  end ${worker(s.worker)}`)
					break
				case 'pause':
					lines.push(`  set ${worker(s.worker)} "paused"`)
					break
				case 'wake':
					lines.push(`  strike ${worker(s.worker)} "paused"`)
					break
				case 'crash':
					lines.push(`  set ${worker(s.worker)} "crashed"`)
					break
				case 'come-back':
					lines.push(`  strike ${worker(s.worker)} "crashed"`)
					break
				case 'note':
					if (worker(s.worker) !== worker(s.target)) lines.push(`  send ${worker(s.worker)} -> ${worker(s.target)} "the clock reads 0 ms"`)
					break
				case 'wait':
					lines.push(`  wait ${s.ms}ms`)
					break
				case 'restart':
				case 'backup':
				case 'restore':
					lines.push(`  ${s.kind} ${store(s.target)}`)
					break
			}
		}
	}
	return `${lines.join('\n')}\n`
}

/** What joins a story's clauses. */
const JOINTS = [', then ', ' and ', ', so ', ' because ', '. ', ', ', ' and then ', ', and ', ' but ', '; ', ' while ', ' when ', ': ', ', although ', ' since ']

/** A text to build: its clauses' forms, slots and joints as choices (indexes into what the run offers), which fast-check shrinks. */
export interface TextSpec {
	/** Which of the run's texts it stands in for. */
	site: number
	/** A story of the step's own events (most of them true), rather than clauses of forms drawn at random. */
	story: boolean
	clauses: { form: number; picks: number[]; moment: number; joint: number }[]
}

export const textSpec: fc.Arbitrary<TextSpec> = fc.record({
	site: fc.nat(),
	story: fc.boolean(),
	clauses: fc.array(fc.record({ form: fc.nat(), picks: fc.array(fc.nat(), { minLength: 6, maxLength: 6 }), moment: fc.nat(9), joint: fc.nat(JOINTS.length - 1) }), { minLength: 1, maxLength: 4 }),
})

/** The values of a run a text may name: its actors' names, fences, epochs, moments and spans. */
export interface Values {
	workers: string[]
	stores: string[]
	databases: string[]
	fences: bigint[]
	epochs: bigint[]
	times: number[]
	spans: number[]
}

/** What a run offers a text: its actors by their labels, and the numbers its facts hold, and some near them. */
export function valuesOf(run: RunFacts, labelOf: (id: string) => string): Values {
	const ids = (kind: string) => [...run.kinds].filter(([, k]) => k === kind).map(([id]) => labelOf(id))
	const all: Happening[] = run.steps.flatMap(step => step.happenings)
	const fences = new Set<bigint>([0n, 1n])
	const epochs = new Set<bigint>([0n, 1n])
	const times = new Set<number>([0])
	for (const h of all) {
		times.add(h.at)
		if ('fence' in h && typeof h.fence === 'bigint') fences.add(h.fence).add(h.fence + 1n)
		if ('before' in h) fences.add(h.before)
		if ('epoch' in h) epochs.add(h.epoch).add(h.epoch + 1n)
		if (h.kind === 'renewed') times.add(h.until)
	}
	for (const step of run.steps) {
		times.add(step.end.time)
		for (const worker of step.end.workers.values()) if (worker.lease) times.add(worker.lease.expiresAt)
	}
	const spans = new Set<number>([0, 1000, 5000, 10_000, 30_000, run.ttl])
	const sorted = [...times].sort((a, b) => a - b)
	for (let i = 1; i < sorted.length; i++) spans.add((sorted[i] as number) - (sorted[i - 1] as number))
	return { workers: ids('worker'), stores: ids('store'), databases: ids('database'), fences: [...fences], epochs: [...epochs], times: sorted, spans: [...spans] }
}

const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length === 0 ? undefined : list[n % list.length])

/** A fence as a text writes it: its value, or EPOCH:COUNT. */
function fenceText(value: bigint, n: number): string {
	const epoch = value >> 64n
	const count = value & ((1n << 64n) - 1n)
	return epoch > 0n || n % 3 === 0 ? `${epoch}:${count}` : `${count}`
}

function durationText(ms: number, n: number): string {
	if (ms % 1000 === 0 && n % 2 === 0) return `${ms / 1000} s`
	return ms % 1000 === 0 && ms > 0 ? `${ms / 1000} s` : `${ms} ms`
}

const COUNT_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five']
const ORDINALS = ['first', 'second', 'third', 'fourth']

/** One slot's text, from the run's values and a pick. */
function slotText(type: string, values: Values, n: number, m: number): string | undefined {
	const short = (label: string) => label.split(' ').pop() ?? label
	switch (type) {
		case 'worker': {
			const w = pick(values.workers, n)
			return w === undefined ? undefined : m % 4 === 0 ? w : m % 7 === 1 ? 'it' : short(w)
		}
		case 'owner': {
			const w = pick(values.workers, n)
			return w === undefined ? undefined : m % 6 === 1 ? 'its' : `${m % 3 === 0 ? w : short(w)}'s`
		}
		case 'lease': {
			const w = pick(values.workers, n)
			return w === undefined ? undefined : m % 6 === 1 ? 'its lease' : `${m % 3 === 0 ? w : short(w)}'s lease`
		}
		case 'workers': {
			const count = 2 + (m % Math.max(1, values.workers.length - 1))
			const chosen = [...new Set(Array.from({ length: count }, (_v, i) => pick(values.workers, n + i) as string))].map(short)
			return chosen.length < 2 ? undefined : `${chosen.slice(0, -1).join(', ')} and ${chosen[chosen.length - 1]}`
		}
		case 'store':
			return values.stores.length === 1 && m % 2 === 0 ? 'the lock' : pick(values.stores, n)
		case 'database':
			return values.databases.length === 1 && m % 2 === 0 ? 'the database' : pick(values.databases, n)
		case 'key':
			return values.stores.length > 1 && m % 2 === 0 ? `the key from ${pick(values.stores, n)}` : m % 5 === 1 ? 'it' : 'the key'
		case 'fence': {
			const f = pick(values.fences, n)
			return f === undefined ? undefined : fenceText(f, m)
		}
		case 'epoch':
			return String(pick(values.epochs, n) ?? 0n)
		case 'count':
			return m % 3 === 0 ? (COUNT_WORDS[n % 5] as string) : String(n % 5)
		case 'ordinal':
			return ORDINALS[n % ORDINALS.length]
		case 'duration':
			return durationText(pick(values.spans, n) ?? 0, m)
		case 'time':
			return durationText(pick(values.times, n) ?? 0, m)
		case 'refusal':
			return ['<', '=', '<='][n % 3]
	}
	return undefined
}

/** A form's pattern with its slots filled, its optional words kept or not, one word of each alternative. */
export function clauseText(form: ClaimForm, values: Values, picks: readonly number[]): string | undefined {
	let k = 0
	const next = () => picks[k++ % picks.length] ?? 0
	const patterns = [form.pattern, ...(form.alternatives ?? [])]
	const cause = ['garbage collection', 'long GC pause', 'short migration', 'slow query', 'operating system'][next() % 5] as string
	const pattern = (patterns[next() % patterns.length] as string).replaceAll('CAUSE', cause).replaceAll('COMPUTER', next() % 2 === 0 ? 'machine' : 'host')
	let text = inWords(pattern, CHAT_DOMAIN.words).replace(/\(([^)]*)\)/g, (_whole, optional: string) => (next() % 2 === 0 ? optional : ''))
	text = text.replace(/\b([\w.’']+(?:\/[\w.’']+)+)/g, alternatives => {
		const words = alternatives.split('/')
		return words[next() % words.length] as string
	})
	let missing = false
	text = text.replace(/\{([a-z]+)\}/g, (_whole, type: string) => {
		const slot = slotText(type, values, next(), next())
		if (slot === undefined) missing = true
		return slot ?? ''
	})
	return missing ? undefined : text.replace(/\s+/g, ' ').trim()
}

/** The forms of a caption. */
const STORY_FORMS = FORMS.filter(form => form.places.includes('caption'))

/** A text for a place: its clauses from the place's forms, each maybe with a moment, joined. */
export function textOf(spec: TextSpec, place: Place, values: Values): string | undefined {
	const forms = FORMS.filter(form => form.places.includes(place))
	const parts: string[] = []
	for (const [i, clause] of spec.clauses.entries()) {
		const form = forms[clause.form % forms.length] as ClaimForm
		let text = clauseText(form, values, clause.picks)
		if (text === undefined) return undefined
		const isStory = place === 'caption' || place === 'note'
		// Now and then a happening told as one that came before: to another ("too", "as well") or to the same ("again").
		const also = (clause.picks[clause.picks.length - 1] ?? 0) % 9
		if (isStory && also < 3) text = `${text} ${['too', 'as well', 'again'][also]}`
		if (isStory && clause.moment < 3) {
			const t = pick(values.times, clause.picks[0] ?? 0) ?? 0
			const d = pick(values.spans, clause.picks[1] ?? 0) ?? 0
			text = clause.moment === 0 ? `at ${durationText(t, 0)} ${text}` : clause.moment === 1 ? `${durationText(d, 0)} later ${text}` : `${text} at ${durationText(t, 0)}`
		}
		if (i > 0) parts.push(isStory ? (JOINTS[clause.joint % JOINTS.length] as string) : ', ')
		parts.push(text)
	}
	const text = parts.join('')
	return `${text.charAt(0).toUpperCase()}${text.slice(1)}${place === 'caption' ? '.' : ''}`
}

/** A clause a step's event or end can tell, with the moment it tells. */
interface Told {
	text: string
	at?: number
	/** The event it tells, when it tells one. */
	event?: Happening
}

/**
 * The clauses a step's events and its end tell, from its facts: each event in the words of a form
 * that tells it (`A gets the key with fence 7`, `the lock restarts`), each state of its end
 * (`the key is held by B`, `the row keeps fence 8`, `the clock reads 30 s`). Most are true; the
 * choices of a story (their order, joints and moments) make many of them false together.
 */
export function toldOf(run: RunFacts, index: number, labelOf: (id: string) => string): Told[] {
	const step = run.steps[index]
	if (!step) return []
	const n = (id: string) => labelOf(id)
	const short = (id: string) => labelOf(id).split(' ').pop() ?? id
	const key = (store: string) => (step.end.stores.size > 1 ? `the key from ${n(store)}` : 'the key')
	const out: Told[] = []
	for (const h of step.happenings) {
		const at = h.at
		switch (h.kind) {
			case 'asked':
				out.push({ text: `${n(h.worker)} ${h.tryOnly ? 'tries' : 'asks for the key'}`, at, event: h })
				// Behind whoever held the key when the step began, else another worker: true or not.
				if (!h.tryOnly) {
					const ahead = step.start.stores.get(h.store)?.holders[0] ?? [...step.end.workers.keys()].find(id => id !== h.worker)
					if (ahead !== undefined) out.push({ text: `${n(h.worker)} queues behind ${short(ahead)}`, at, event: h })
				}
				break
			case 'granted':
				out.push({ text: h.fence === undefined ? `${n(h.worker)} gets ${key(h.store)}` : `${n(h.worker)} gets ${key(h.store)} with fence ${fenceText(h.fence, 1)}`, at, event: h })
				if (h.place !== undefined) out.push({ text: `${key(h.store)} goes to ${short(h.worker)}`, at, event: h })
				// The place it took: the lease end the engine recorded as its cause, or another's (true or not).
				for (const end of step.causes?.get(h) ?? []) if ('worker' in end && end.worker !== h.worker) out.push({ text: `${n(h.worker)} gets ${short(end.worker)}'s place`, at, event: h })
				out.push({ text: `${short(h.worker)} holds ${key(h.store)}${h.fence === undefined ? '' : ` with fence ${fenceText(h.fence, 1)}`}`, at, event: h })
				break
			case 'refused':
				out.push({ text: `${n(h.worker)} is refused`, at, event: h })
				break
			case 'gave-up':
				out.push({ text: `${n(h.worker)} gives up`, at, event: h }, { text: `${n(h.worker)} waits` })
				break
			case 'expired':
				out.push({ text: `${short(h.worker)}'s lease runs out`, at, event: h }, { text: `${short(h.worker)}'s old lease runs out`, at, event: h })
				break
			case 'gone':
				out.push({ text: `${short(h.worker)}'s lease is gone`, at, event: h })
				break
			case 'ended':
				out.push({ text: `an operator ends ${short(h.worker)}'s lease`, at, event: h })
				break
			case 'released':
				out.push({ text: `${n(h.worker)} lets go`, at, event: h })
				break
			case 'renewed':
				out.push({ text: `${n(h.worker)} renews`, at, event: h }, { text: `${n(h.worker)} renews its lease until ${durationText(h.until, 0)}`, at, event: h }, { text: `${n(h.worker)} renews its lease by hand`, at, event: h })
				break
			case 'wrote':
				out.push({ text: `${n(h.worker)} saves`, at, event: h }, { text: `${n(h.worker)} saves again`, at, event: h })
				out.push({ text: `${short(h.worker)}'s write with fence ${fenceText(h.fence, 1)} is ${h.changed ? 'saved' : 'refused'}`, at, event: h })
				out.push({ text: `${n(h.database)} ${h.changed ? 'takes' : 'refuses'} ${short(h.worker)}'s write`, at, event: h })
				if (h.writerBefore !== undefined) out.push({ text: `${short(h.writerBefore)}'s summary is overwritten`, at, event: h }, { text: `${n(h.database)} accepts ${short(h.worker)}'s write over ${short(h.writerBefore)}'s`, at, event: h }, { text: `${n(h.worker)} saves its summary, which overwrites ${short(h.writerBefore)}'s`, at, event: h })
				out.push({ text: `${n(h.worker)} saves with its old fence ${fenceText(h.fence, 1)}`, at, event: h }, { text: `${fenceText(h.fence, 1)} < ${fenceText(h.before, 1)}`, at, event: h }, { text: `${fenceText(h.fence, 1)} is smaller than ${fenceText(h.before, 1)}`, at, event: h })
				if (h.fenced && !h.noFence) out.push({ text: `${short(h.worker)}'s fence is ${h.fence > h.before ? 'larger' : 'smaller'} than the row's`, at, event: h })
				break
			case 'restarted':
				out.push({ text: `${n(h.store)} restarts`, at, event: h }, { text: `${n(h.store)} writes epoch ${h.epoch}`, at, event: h })
				break
			case 'restored':
				out.push({ text: 'kv.db is restored from the backup', at, event: h })
				break
			case 'backed-up':
				out.push({ text: 'kv.db is copied to a backup', at, event: h })
				break
			case 'paused':
				out.push({ text: `${n(h.worker)} pauses`, at, event: h })
				break
			case 'woke':
				out.push({ text: `${n(h.worker)} wakes`, at, event: h })
				break
			case 'crashed':
				out.push({ text: `${n(h.worker)} crashes`, at, event: h })
				break
			case 'process-restarted':
				out.push({ text: `${n(h.worker)} restarts`, at, event: h }, { text: `${short(h.worker)}'s process comes back after its crash`, at, event: h })
				// The lease its crashed process held, which the store keeps: live or not, and its end (true, or not when a renewal or a store took it).
				out.push({ text: `${short(h.worker)}'s old lease still holds the key` }, { text: `${short(h.worker)}'s lease from before the crash is still live` })
				if (step.start.workers.get(h.worker)?.lease) out.push({ text: `${short(h.worker)}'s old lease ends at ${durationText(step.start.workers.get(h.worker)?.lease?.expiresAt ?? 0, 0)}` })
				break
			case 'waited':
				out.push({ text: `the test moves the clock on by ${durationText(h.ms, 0)}`, at, event: h })
				break
			default:
				break
		}
	}
	// What held when the step began, which a story may tell before what ended it ("The key is free. B tries it and gets it").
	for (const store of step.start.stores.values()) {
		out.push({ text: store.holders.length === 0 ? `${key(store.id)} is free` : store.holders.length === 1 ? `${key(store.id)} is held by ${short(store.holders[0] as string)}` : `${key(store.id)} is held` })
		for (const holder of store.holders) out.push({ text: `${short(holder)} holds ${key(store.id)}` })
	}
	for (const store of step.end.stores.values()) {
		out.push({ text: store.holders.length === 0 ? `${key(store.id)} is free` : store.holders.length === 1 ? `${key(store.id)} is held by ${short(store.holders[0] as string)}` : `${key(store.id)} is held` })
		if (step.end.stores.size === 1) out.push({ text: store.waiters.length === 0 ? 'the line is empty' : `${short(store.waiters[0] as string)} waits in line` }, { text: `the epoch is ${store.epoch}` })
		if (store.waiters.length > 0) out.push({ text: `only ${short(store.waiters[0] as string)} waits` }, { text: `${short(store.waiters[store.waiters.length - 1] as string)} moves up to first in line` })
		if (store.holders.length > 0) out.push({ text: `${short(store.holders[0] as string)} is the only holder, with fence ${fenceText(step.end.workers.get(store.holders[0] as string)?.lease?.fence ?? 0n, 1)}` })
	}
	for (const worker of step.end.workers.values()) {
		const lease = worker.lease
		if (lease?.fence !== undefined) out.push({ text: `${short(worker.id)}'s fence is ${fenceText(lease.fence, 1)}` })
		if (lease && (lease.expired || lease.gone)) out.push({ text: `${short(worker.id)}'s lease is lost` })
		if (worker.paused && !worker.crashed) out.push({ text: `${short(worker.id)} is paused` })
		if (!worker.crashed && !worker.paused) out.push({ text: `${short(worker.id)}'s old lease is still live` })
	}
	for (const db of step.end.databases.values()) if (step.end.databases.size === 1) out.push({ text: `the row keeps fence ${fenceText(db.fence, 1)}` })
	out.push({ text: `the clock reads ${durationText(step.end.time, 0)}`, at: step.end.time }, { text: `${durationText(step.end.time - step.start.time, 0)} pass`, at: step.end.time })
	return out
}

/** A story of a step: a few clauses it tells, in a chosen order, joined, some with moments (true, or off by a span). */
export function storyOf(spec: TextSpec, told: readonly Told[], values: Values, causes?: ReadonlyMap<Happening, readonly Happening[]>): string | undefined {
	if (told.length === 0) return undefined
	const parts: string[] = []
	let last: number | undefined
	let previous: Told | undefined
	// Now and then a sentence opened by "When" or "As soon as": its subordinate of one clause, or two joined by "and", then a comma and the rest.
	const opens = spec.clauses.length > 1 ? ((spec.clauses[0]?.picks[2] ?? 0) % 6 < 3 ? OPENERS[(spec.clauses[0]?.picks[2] ?? 0) % 6] : undefined) : undefined
	const inside = opens !== undefined && spec.clauses.length > 2 && (spec.clauses[1]?.picks[2] ?? 0) % 2 === 0 ? 2 : 1
	for (const [i, clause] of spec.clauses.entries()) {
		const joint = opens === undefined ? (JOINTS[clause.joint % JOINTS.length] as string) : i < inside ? ' and ' : i === inside ? ', ' : (JOINTS[clause.joint % JOINTS.length] as string).replace(/^\. |^; /, ', and ')
		// After "so" or "because", often a clause the engine's recorded causes tie to the one before.
		const tied = previous?.event === undefined || (clause.picks[4] ?? 0) % 3 === 0 ? [] : told.filter(other => other.event !== undefined && (joint === ', so ' ? causes?.get(other.event)?.includes(previous?.event as Happening) : joint === ' because ' ? causes?.get(previous?.event as Happening)?.includes(other.event) : false))
		const one = (tied.length > 0 ? tied[(clause.picks[5] ?? 0) % tied.length] : told[(clause.picks[0] ?? 0) % told.length]) as Told
		previous = one
		// Now and then a clause of a form drawn at random, among the step's own.
		const drawn = clause.form % 5 === 0 ? clauseText(STORY_FORMS[clause.form % STORY_FORMS.length] as ClaimForm, values, clause.picks) : undefined
		let text = drawn ?? one.text
		// Now and then a happening told as one that came before, to another or to the same.
		const also = (clause.picks[3] ?? 0) % 8
		if (drawn === undefined && one.event !== undefined && also < 2) text = `${text} ${also === 0 ? 'too' : 'again'}`
		const off = clause.picks[1] ?? 0
		if (clause.moment < 3 && one.at !== undefined) {
			const wrong = off % 4 === 0 ? (pick(values.spans, off) ?? 0) : 0
			if (clause.moment === 0) text = `at ${durationText(one.at + wrong, 0)} ${text}`
			else if (clause.moment === 1 && off % 5 === 1) text = `${off % 2 === 0 ? 'a moment' : 'a bit'} later ${text}`
			else if (clause.moment === 1 && last !== undefined && one.at + wrong >= last) text = `${durationText(one.at + wrong - last, 0)} later ${text}`
			else text = `${text} at ${durationText(one.at + wrong, 0)}`
		}
		// Now and then a state told at the scene's end ("A is still waiting at the end"): true only of the last step's end.
		else if (one.event === undefined && off % 7 === 3) text = `${text} at the end`
		if (one.at !== undefined) last = one.at
		if (i > 0) parts.push(joint)
		parts.push(text)
	}
	const text = `${opens ?? ''}${parts.join('')}`
	return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`
}

/** The openers of a sentence whose main clause comes at the moment of what the opener names, and "While", whose state held at each clause after it. */
const OPENERS = ['When ', 'As soon as ', 'While ']
