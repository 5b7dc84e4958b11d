/**
 * The doctest's chat.db: the file a TypeScript, Python, Go or Rust program finds made in its folder
 * before it runs. It is a scene's database: the seed's chats table and migration 0004
 * (`src/seed/chat-table.ts`, the one copy), chat 42's row as the chat domain makes it, and the
 * refusal a scene's database makes too: a row's summary_fence that is neither '' nor a fence's 40
 * zero-padded digits, since other text (an unpadded `str(lease.fence)`, a Go `Fence.Hi`) compares
 * wrong as text. The languages' supports only open it, so no language has a copy of the SQL. A SQL
 * block's program finds the seed's table as it was before the migration, which is one of the pages'
 * SQL blocks.
 */
import { existsSync } from 'node:fs'
import { betterSqliteDriver } from '../engine/adapters/node.ts'
import { CHAT_DOMAIN } from '../src/seed/chat-domain.ts'
import { CHATS_TABLE } from '../src/seed/chat-table.ts'

/** The file's name in a program's folder. */
export const CHAT_DB = 'chat.db'

/** The chat whose row the pages' samples write: its id as the chats table keeps it. */
export const CHAT_ID = '42'

/** What the database says when a write would keep a summary_fence that is not '' or 40 digits. */
export const FENCE_TEXT_REFUSED =
	'chat.db keeps a summary_fence as a fence\'s 40 zero-padded digits (or empty for none); it refuses other text, which compares wrong as text'

/** The refusal, for a row made and for a summary_fence changed: SQLite's own message, so every language's driver reports it. */
function guard(name: string, event: string): string {
	return `create trigger ${name} before ${event} on chats
		when new.summary_fence <> '' and (length(new.summary_fence) <> 40 or new.summary_fence glob '*[^0-9]*')
		begin select raise(abort, '${FENCE_TEXT_REFUSED.replaceAll("'", "''")}'); end`
}

/** Which chat.db a program finds: the seed's table as migration 0004 left it (with the refusal), or as it was before. */
export type ChatDbStage = 'migrated' | 'before the migration'

/** Makes chat.db at `path` (a file of the program's folder), unless it is there already. */
export function makeChatDb(path: string, stage: ChatDbStage = 'migrated'): void {
	if (existsSync(path)) return
	const driver = betterSqliteDriver(path)
	try {
		if (stage === 'migrated') {
			driver.exec(CHAT_DOMAIN.schema)
			driver.exec(guard('summary_fence_text_on_insert', 'insert'))
			driver.exec(guard('summary_fence_text_on_update', 'update of summary_fence'))
		} else {
			driver.exec(CHATS_TABLE)
		}
		driver.run(CHAT_DOMAIN.insertRow, [CHAT_DOMAIN.rowId(CHAT_ID)])
	} finally {
		driver.close()
	}
}
