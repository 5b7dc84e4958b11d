/**
 * What the pages' TypeScript samples take as given: a store and its `summaries` lock, a chat and
 * its chat.db (the seed's chats table, with migration 0004's `summary_fence`), a model that
 * summarizes, and the small functions the samples call. Each is real where the sample's outcome
 * depends on it: `save` and `db.exec` write to a real SQLite file with the fenced update.
 */
import { join } from 'node:path'
import { betterSqliteDriver, openStore } from '../../../engine/adapters/node.ts'
import { fenceText, type Lease, type SqlValue } from '../../../engine/index.ts'

/** The seed's chats table, with migration 0004's column. */
export function chatDb(path: string) {
	const driver = betterSqliteDriver(path)
	driver.exec('create table if not exists chats (id integer primary key, summary text)')
	driver.exec("insert or ignore into chats (id, summary) values (42, null)")
	if (!(driver.all('pragma table_info(chats)') as { name: string }[]).some(column => column.name === 'summary_fence')) {
		driver.exec("alter table chats add column summary_fence text not null default ''")
	}
	return {
		driver,
		/** The page's `db.exec` tagged template: values become parameters. */
		exec: async (strings: TemplateStringsArray, ...values: SqlValue[]) => driver.run(strings.join('?'), values),
		row: (id: number | string) => driver.get('select summary, summary_fence from chats where id = ?', [id]) as { summary: string | null; summary_fence: string },
	}
}

/** A tiny `expect`, as the testing guide's sample uses it. */
export function expect(actual: unknown) {
	return {
		toBe(wanted: unknown) {
			if (!Object.is(actual, wanted)) throw new Error(`expected ${String(wanted)}, got ${String(actual)}`)
		},
	}
}

/** Everything a sample may name, around a store in the current folder. */
export async function stubs() {
	const store = await openStore('store')
	const db = chatDb(join(process.cwd(), 'chat.db'))
	const history = async (chatId: unknown) => [`the messages of chat ${String(chatId)}`]
	const summarize = async (chatId: unknown) => `a summary of chat ${String(chatId)}`
	const model = { summarize: async (lines: string[], _options?: { signal?: AbortSignal }) => `a summary of ${lines.length} lines` }
	const save = async (chatId: number | string, text: string, fence: bigint) => {
		const padded = fenceText(fence)
		return db.exec`update chats set summary = ${text}, summary_fence = ${padded} where id = ${chatId} and summary_fence < ${padded}`
	}
	const indexed: unknown[] = []
	return {
		store,
		db,
		summaries: store.lock('summaries'),
		chatId: 42,
		text: 'a summary',
		history,
		summarize,
		model,
		save,
		work: async (lease: Lease) => save(42, 'work', lease.fence),
		queue: { retryLater: async (chatId: unknown) => indexed.push(chatId) },
		batches: ['first batch', 'second batch'],
		index: async (batch: string, fence: bigint) => indexed.push([batch, fence]),
		tenantId: 'tenant 7',
		runExport: async (tenantId: string) => indexed.push(tenantId),
	}
}
