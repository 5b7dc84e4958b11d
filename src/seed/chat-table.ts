/**
 * The seed page's chats table and its conditional update, the one copy everything uses: the
 * scenes' databases, the torture run's chat.db and the tests of the seed's sample. A fence is
 * kept as 40 zero-padded digits, which compare as text in the order of the numbers (LOCK-08).
 */

/** The table before the seed's migration: one row per chat. */
export const CHATS_TABLE = "create table chats (id text primary key, summary text not null default '')"

/** The seed's `migrations/0004_summary_fence.sql`: an empty fence reads as fence 0. */
export const SUMMARY_FENCE_MIGRATION = "alter table chats add column summary_fence text not null default ''"

/** The seed's write: the check and the write are one statement, so nothing comes between them. */
export const FENCED_UPDATE = 'update chats set summary = ?, summary_fence = ? where id = ? and summary_fence < ?'

/** The same write without the check: what a database that knows nothing of fences does. */
export const PLAIN_UPDATE = 'update chats set summary = ?, summary_fence = ? where id = ?'

/** The table and the migration, as one script. */
export const CHATS_SCHEMA = `${CHATS_TABLE};\n${SUMMARY_FENCE_MIGRATION};`
