import { Database, type BetterSqliteDatabase } from '../engine/adapters/node.ts'
import { fenceText } from '../engine/index.ts'
import { CHATS_TABLE, FENCED_UPDATE, SUMMARY_FENCE_MIGRATION } from '../src/seed/chat-table.ts'

export { FENCED_UPDATE as fencedUpdate }

/** A chat.db shared by several processes: the seed's chats table, migrated, on WAL. */
export type ChatDb = BetterSqliteDatabase

/** Makes a chat.db with the chats table before and after migration 0004, and a row for each chat id. */
export function createChatDb(path: string, chatIds: readonly number[]): void {
	const db = new Database(path)
	db.pragma('journal_mode = wal')
	db.exec(CHATS_TABLE)
	db.exec(SUMMARY_FENCE_MIGRATION)
	const insert = db.prepare('insert into chats (id) values (?)')
	// The id column is text: a number bound as it is would be stored as a real's text, '1.0', where a key reads '1'.
	for (const id of chatIds) insert.run(String(id))
	db.close()
}

/** Opens a chat.db made by `createChatDb`, waiting up to 10 s for another process's write lock. */
export function openChatDb(path: string): ChatDb {
	const db = new Database(path, { timeout: 10_000 })
	db.pragma('busy_timeout = 10000')
	return db
}

/** Writes a chat's summary with a lease's fence; 0 changes when a larger fence wrote first. */
export function writeSummary(db: ChatDb, chatId: number, summary: string, fence: bigint): { changes: number } {
	const text = fenceText(fence)
	return { changes: db.prepare(FENCED_UPDATE).run(summary, text, String(chatId), text).changes }
}

/** A chat's row: its summary and the fence that wrote it (0 for none yet). */
export function readChat(db: ChatDb, chatId: number): { summary: string; fence: bigint } | undefined {
	const row = db.prepare('select summary, summary_fence from chats where id = ?').get(String(chatId)) as { summary: string; summary_fence: string } | undefined
	return row === undefined ? undefined : { summary: row.summary, fence: row.summary_fence === '' ? 0n : BigInt(row.summary_fence) }
}

/** A torture run's chat.db: chats 1 to `keys`, and a table where each fenced write is recorded in the transaction that made it. */
export function createTortureDb(path: string, keys: number): void {
	createChatDb(path, Array.from({ length: keys }, (_, i) => i + 1))
	const db = new Database(path)
	db.exec('create table writes (seq integer primary key autoincrement, client text not null, chat_id integer not null, fence text not null, summary text not null, accepted integer not null)')
	db.close()
}
