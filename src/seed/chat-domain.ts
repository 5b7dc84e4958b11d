/**
 * The seed's domain: chats whose summaries a worker writes under the chat's lock, each write the
 * seed's conditional update with the lease's fence (`chat-table.ts`). Its prelude is what a scene's
 * code sample may name, the same names the seed and the guides use.
 */
import { fenceText } from '../../engine/index.ts'
import { CHATS_SCHEMA, FENCED_UPDATE, PLAIN_UPDATE } from './chat-table.ts'
import type { Domain, SamplePorts } from './domain.ts'
import { expecting, fenceParameter, keyParameter, textParameter } from './prelude-values.ts'

/** The write that claims the row for a lease before anything is read: the fence goes in first, only if it is larger. */
export const CLAIM_UPDATE = 'update chats set summary_fence = ? where id = ? and summary_fence < ?'

/** The same, on a database that checks no fence. */
const CLAIM_PLAIN_UPDATE = 'update chats set summary_fence = ? where id = ?'

export const CHAT_DOMAIN: Domain = {
	name: 'chat',
	key: 'chat',
	words: { thing: 'summary', owner: 'chat', ids: ['summary', 'summaries', 'chat', 'chats'], writes: { save: 1 }, makes: { calls: ['summarize'], values: ['summary', 'text'] } },
	schema: CHATS_SCHEMA,
	rowId: key => key,
	insertRow: 'insert into chats (id) values (?)',
	rowFence: 'select summary_fence as fence from chats where id = ?',
	row: 'select * from chats where id = ?',
	table: { name: 'chats', id: 'id', author: 'summary' },
	setFence: 'update chats set summary_fence = ? where id = ?',
	stageWrite: (worker, fence, rowId, fenced) =>
		fenced ? { sql: FENCED_UPDATE, params: [`summary by ${worker}`, fence, rowId, fence] } : { sql: PLAIN_UPDATE, params: [`summary by ${worker}`, fence, rowId] },
	names: {
		summaries: "the lock `summaries` of the worker's store: `hold(key, fn, options)` (resolves to what `fn` returns; throws a LockError whose code is `held` when its wait runs out), `tryHold(key, fn, options)` (resolves to `undefined`, without calling `fn`, when the key is taken)",
		indexes: "the lock `indexes` of the worker's store, for a tenant's index rebuild",
		store: "the worker's store (the lock actor it is linked to): `lock(name)`, `semaphore(name, { limit })`",
		connect: "`await connect(url)`: a client of the worker's store, with `lock(name)` and `semaphore(name, { limit })`",
		openStore: "`await openStore(dir)`: the worker's store",
		dataDir: "the folder of the worker's own store: each worker opens the store it is linked to",
		chatId: "the chat's id: the scene's key",
		worker: "the worker's id, its actor's (`'a'`, `'b'`): every worker runs the same program, and one that must act otherwise (wait less, never save) branches on it, as a real process would on its own configuration (`wait: worker === 'b' ? '2s' : '30s'`)",
		tenantId: "a tenant's id: the scene's key",
		text: "a summary to save: the worker's own (`summary by a`)",
		summary: "a summary to save: the worker's own (`summary by a`)",
		save: "`await save(chatId, summary, fence)`: the seed's conditional update of the chat's row on the worker's database (the plain update on one with `fences=off`); `fence` is a lease's fence or its 40-digit text",
		claim: "`await claim(chatId, fence)`: writes the lease's fence to the chat's row before anything is read, if it is larger than the row's (`update chats set summary_fence = ? where id = ? and summary_fence < ?`)",
		db: "`db.exec` as a template tag: one insert, update or replace on the worker's database (no reads), its `${values}` bound as parameters; the table is `chats (id, summary, summary_fence)`",
		model: '`await model.summarize(history, options)`: a summary, at once',
		history: "`await history(chatId)`: the chat's messages, at once",
		summarize: "`await summarize(chatId, options)`: a summary, at once (also as a hold's function)",
		work: "`work(lease)`: a worker's job, done at once (as a hold's function)",
		runExport: "`await runExport(tenantId)`: a tenant's export, done at once",
		rebuildIndex: "`await rebuildIndex(tenantId)`: a tenant's index rebuild, done at once",
		retryLater: '`retryLater(tenantId)`: notes a retry; does nothing else',
		fenceText: "`fenceText(fence)`: the fence as 40 zero-padded digits, which compare as text in the fences' order",
		clock: '`await clock.advance(duration)`: moves the simulated clock on; the scene shows it as a `wait` of the same length',
		shutdown: "`shutdown.signal`: the process's shutdown signal (it does not abort in a scene)",
		expect: "`expect(value).toBe(expected)`: a test's check; it throws when they differ",
	},
	prelude(ports: SamplePorts) {
		// Each worker's summary is its own, so the row tells whose it keeps.
		const SUMMARY = `summary by ${ports.worker}`
		// What takes a chat's or a tenant's id takes the scene's key (or, as a hold's function, its lease): other text is a mistake.
		const id = (fn: string, name: string, value: unknown): void => keyParameter(fn, name, value, ports.key)
		const summary = ports.call(async (..._args: unknown[]) => SUMMARY)
		const fence = (fn: string, value: unknown): string => fenceText(fenceParameter(fn, value))
		// Getters: a name the sample never uses is never made (a semaphore's scene makes no `summaries` lock).
		return {
			get summaries() {
				return ports.store().lock('summaries')
			},
			get indexes() {
				return ports.store().lock('indexes')
			},
			get store() {
				return ports.store()
			},
			connect: ports.call(async (url: unknown) => ports.store(url)),
			openStore: ports.call(async (dir: unknown) => ports.store(dir)),
			dataDir: 'data',
			chatId: ports.key,
			worker: ports.worker,
			tenantId: ports.key,
			text: SUMMARY,
			summary: SUMMARY,
			save: async (chatId: unknown, text: unknown, value: unknown) => {
				const fenced = ports.fenced()
				const key = textParameter('save', 'chatId', chatId)
				id('save', 'chatId', chatId)
				const words = textParameter('save', 'summary', text)
				const at = fence('save', value)
				await ports.write(fenced ? FENCED_UPDATE : PLAIN_UPDATE, fenced ? [words, at, key, at] : [words, at, key], fenceParameter('save', value), fenced, true, words)
			},
			claim: async (chatId: unknown, value: unknown) => {
				const at = fence('claim', value)
				id('claim', 'chatId', chatId)
				// On a database that checks no fence (fences=off), the claim too is a plain write of the fence.
				if (ports.fenced()) await ports.write(CLAIM_UPDATE, [at, chatId, at], fenceParameter('claim', value), true, false)
				else await ports.write(CLAIM_PLAIN_UPDATE, [at, chatId], fenceParameter('claim', value), false, false)
			},
			db: { exec: async (strings: TemplateStringsArray, ...values: unknown[]) => ports.write(strings.join('?'), values) },
			model: { summarize: ports.call(async (..._history: unknown[]) => SUMMARY) },
			history: ports.call(async (chatId: unknown) => {
				id('history', 'chatId', chatId)
				return 'the chat so far'
			}),
			summarize: summary,
			work: ports.call(async (..._args: unknown[]) => undefined),
			runExport: ports.call(async (tenantId: unknown) => id('runExport', 'tenantId', tenantId)),
			rebuildIndex: ports.call(async (tenantId: unknown) => id('rebuildIndex', 'tenantId', tenantId)),
			retryLater: ports.call((tenantId: unknown) => id('retryLater', 'tenantId', tenantId)),
			fenceText: ports.call((value: unknown) => fence('fenceText', value)),
			clock: { advance: (duration: unknown) => ports.advance(duration) },
			shutdown: { signal: new AbortController().signal },
			expect: ports.call(expecting(ports.failed)),
		}
	},
}
