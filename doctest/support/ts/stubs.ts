/**
 * What the pages' TypeScript samples take as given. A name a scene's sample may use too is the chat
 * domain's prelude's own (`src/seed/chat-domain.ts`: `summaries`, `store`, `chatId`, `tenantId`,
 * `text`, `summary`, `save`, `claim`, `db`, `model`, `history`, `summarize`, `work`, `runExport`,
 * `fenceText`, `expect`, ...), built on ports that reach a real store in the program's folder and the
 * doctest's chat.db (`doctest/chat-db.ts`) where a scene's reach its engine: so `save` is the seed's
 * fenced update here as in a scene, and a block means the same on the page as the scene beside it.
 * The few names the pages use beyond the prelude (`queue`, `batches`, `index`) are the doctest's.
 */
import { join } from 'node:path'
import { betterSqliteDriver, openStore } from '../../../engine/adapters/node.ts'
import type { Lock, SqlValue, Store } from '../../../engine/index.ts'
import { CHAT_DOMAIN } from '../../../src/seed/chat-domain.ts'
import type { SamplePorts, SampleStore } from '../../../src/seed/domain.ts'
import { CHAT_ID, makeChatDb } from '../../chat-db.ts'

import { expecting } from '../../../src/seed/prelude-values.ts'

/** A test's check, as a scene's: it throws when the values differ. */
export const expect = expecting(error => error)

/** The doctest's chat.db at `path` (made if it is not there): the page's `db.exec` tagged template, and the row of a chat. */
export function chatDb(path: string) {
	makeChatDb(path)
	const driver = betterSqliteDriver(path)
	return {
		driver,
		/** The page's `db.exec` tagged template: values become parameters. */
		exec: async (strings: TemplateStringsArray, ...values: SqlValue[]) => driver.run(strings.join('?'), values),
		row: (id: number | string) => driver.get('select summary, summary_fence from chats where id = ?', [String(id)]) as { summary: string; summary_fence: string } | undefined,
	}
}

/** The prelude's ports on a real store and chat.db: writes run on the file, the clock is the real one. */
function realPorts(store: Store, db: ReturnType<typeof chatDb>): SamplePorts {
	return {
		key: CHAT_ID,
		worker: 'worker',
		store: () => store as unknown as SampleStore,
		write: async (sql, params) => ({ changes: db.driver.run(sql, params.map(sqlValue)).changes }),
		fenced: () => true,
		failed: error => error,
		advance: async () => {
			throw new Error("clock.advance: the doctest's store runs on the real clock; a sample that moves a clock makes its own SimulatedClock (as the Testing page's does)")
		},
		call: fn => fn,
	}
}

function sqlValue(value: unknown): SqlValue {
	if (value === undefined || value === null) return null
	if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || value instanceof Uint8Array) return value
	return String(value)
}

/** The names of the chat domain's prelude the pages' samples use, as the prelude makes them. */
interface ChatPrelude {
	chatId: string
	tenantId: string
	text: string
	save(chatId: string, text: string, fence: bigint | string): Promise<void>
	db: { exec(strings: TemplateStringsArray, ...values: unknown[]): Promise<{ changes: number }> }
	model: { summarize(history: unknown, options?: { signal?: AbortSignal }): Promise<string> }
	history(chatId: string): Promise<string>
	summarize(chatId: string, options?: { signal?: AbortSignal }): Promise<string>
	work(...args: unknown[]): Promise<void>
	runExport(tenantId: string): Promise<void>
}

/** The names the pages' samples use beyond the chat domain's prelude: the doctest's own. */
export const PAGES_OWN_NAMES = ['chatDb', 'queue', 'batches', 'index'] as const

/** Everything a sample may name, around a store in `dir` (the program's folder): the prelude's names, and the pages' few more. */
export async function stubs(dir = process.cwd()) {
	const store = await openStore(join(dir, 'store'))
	const db = chatDb(join(dir, 'chat.db'))
	const prelude = CHAT_DOMAIN.prelude(realPorts(store, db)) as unknown as ChatPrelude
	const indexed: unknown[] = []
	return {
		store,
		/** The chat.db the prelude's `save` and `db` write, with its rows to read back. */
		chatDb: db,
		summaries: store.lock('summaries') as Lock,
		chatId: prelude.chatId,
		tenantId: prelude.tenantId,
		text: prelude.text,
		save: prelude.save,
		db: prelude.db,
		model: prelude.model,
		history: prelude.history,
		summarize: prelude.summarize,
		work: prelude.work,
		runExport: prelude.runExport,
		queue: { retryLater: async (chatId: unknown) => indexed.push(chatId) },
		batches: ['first batch', 'second batch'],
		index: async (batch: string, fence: bigint) => indexed.push([batch, fence]),
	}
}
