import type { SqliteDriver } from './driver.ts'
import { LockError } from './errors.ts'
import { MAX_FENCE_PART } from './fence.ts'

/**
 * Writes this open's epoch to the meta table of kv.db and returns it: the larger of
 * `nowMs` and the previous epoch plus one, or `nowMs` on a new database (LOCK-02).
 * Only the epoch is durable; everything else a store knows lives in memory.
 */
export function writeEpoch(db: SqliteDriver, nowMs: number): bigint {
	db.exec('create table if not exists meta (key text primary key, value integer not null)')
	// SQLite would take text as 0 in the max below and silently start over: a stored epoch that is not a number is refused.
	const stored = db.get<{ type: string; epoch: string }>(`select typeof(value) as type, cast(value as text) as epoch from meta where key = 'epoch'`)
	if (stored !== undefined && stored.type !== 'integer') {
		throw new LockError('invalid', `kv.db: the meta table's epoch reads ${JSON.stringify(stored.epoch)}, not a whole number from 0 to 2^64 - 1`)
	}
	// Read back as text: sql.js returns a plain number otherwise, exact only below 2^53.
	const row = db.get<{ epoch: string }>(
		`insert into meta (key, value) values ('epoch', ?)
		on conflict (key) do update set value = max(excluded.value, value + 1)
		returning cast(value as text) as epoch`,
		[Math.max(0, Math.floor(nowMs))],
	)
	const text = row?.epoch ?? ''
	if (!/^[0-9]+$/.test(text) || BigInt(text) > MAX_FENCE_PART) {
		throw new LockError('invalid', `kv.db: the meta table's epoch reads ${JSON.stringify(text)}, not a whole number from 0 to 2^64 - 1`)
	}
	return BigInt(text)
}
