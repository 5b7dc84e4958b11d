import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openStore } from '../../../engine/adapters/node.ts'
import { fenceEpoch, SimulatedClock, Store, type SqliteDriver } from '../../../engine/index.ts'
import { driverKinds } from './fixtures/drivers.ts'

const hour = 3_600_000

/** Opens a store on the driver at `nowMs`, takes one lease, closes it; returns the epoch and the fence. */
async function openAt(sqlite: SqliteDriver, nowMs: number): Promise<{ epoch: bigint; fence: bigint }> {
	const store = await Store.open({ sqlite, clock: new SimulatedClock(nowMs) })
	const fence = await store.lock('summaries').hold('42', lease => lease.fence)
	await store.close()
	return { epoch: store.epoch, fence }
}

describe.each(driverKinds)('on $name', kind => {
	describe('LOCK-02 fences grow across a restart: every open writes epoch = max(now ms, previous + 1)', () => {
		it('starts a new kv.db at the clock time, so a clock at 0 gives epoch 0', async () => {
			expect((await openAt(kind.open(), 0)).epoch).toBe(0n)
			const sqlite = kind.open()
			const { epoch, fence } = await openAt(sqlite, 1_234_567)
			expect(epoch).toBe(1_234_567n)
			expect(fenceEpoch(fence)).toBe(epoch)
			expect(sqlite.get('select value from meta where key = ?', ['epoch'])).toEqual({ value: 1_234_567 })
		})

		it('gives larger fences after a restart, even at the same millisecond', async () => {
			const sqlite = kind.open()
			const first = await openAt(sqlite, 5000)
			const second = await openAt(sqlite, 5000)
			const third = await openAt(sqlite, 9000)
			expect([first.epoch, second.epoch, third.epoch]).toEqual([5000n, 5001n, 9000n])
			expect(second.fence > first.fence).toBe(true)
			expect(third.fence > second.fence).toBe(true)
		})

		it('still gives a larger epoch when the clock was set back an hour', async () => {
			const sqlite = kind.open()
			const before = await openAt(sqlite, 10 * hour)
			const after = await openAt(sqlite, 9 * hour)
			expect(after.epoch).toBe(10n * BigInt(hour) + 1n)
			expect(after.fence > before.fence).toBe(true)
		})

		it('keeps epochs exact beyond 2^53', async () => {
			const sqlite = kind.open()
			await openAt(sqlite, 0)
			sqlite.run("update meta set value = 9007199254740993 where key = 'epoch'")
			expect((await openAt(sqlite, 0)).epoch).toBe(9007199254740994n)
		})

		// The seed's third row: a store restored from a backup.
		it('gives larger fences from a kv.db restored from an older copy only while the clock is past the epochs given since', async () => {
			const live = kind.open()
			await openAt(live, 1 * hour)
			const backup = live.serialize()
			const since = await openAt(live, 2 * hour)

			const restoredAhead = await openAt(kind.open(backup), 3 * hour)
			expect(restoredAhead.fence > since.fence).toBe(true)

			// The known limit: a restoring machine whose clock is behind the epochs given
			// since the copy gives fences smaller than ones already out.
			const restoredBehind = await openAt(kind.open(backup), 1.5 * hour)
			expect(restoredBehind.epoch).toBe(BigInt(1.5 * hour))
			expect(restoredBehind.fence < since.fence).toBe(true)
		})
	})
})

describe('LOCK-02 on a directory (better-sqlite3 file)', () => {
	const dirs: string[] = []
	afterEach(() => {
		for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
	})

	it('writes the epoch to data/kv.db and gives larger fences after a restart and a clock set back', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'engine-epoch-'))
		dirs.push(dir)
		const data = join(dir, 'data')
		const open = async (nowMs: number) => {
			const store = await openStore({ dir: data, clock: new SimulatedClock(nowMs) })
			const fence = await store.lock('summaries').hold('42', lease => lease.fence)
			await store.close()
			return { epoch: store.epoch, fence }
		}
		const first = await open(2 * hour)
		const second = await open(2 * hour)
		const third = await open(1 * hour)
		expect([first.epoch, second.epoch, third.epoch]).toEqual([7_200_000n, 7_200_001n, 7_200_002n])
		expect(second.fence > first.fence && third.fence > second.fence).toBe(true)
	})

	it('puts the epoch of an open in kv.db itself before the first lease, so a copy of kv.db alone, without kv.db-wal, gives larger fences', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'engine-epoch-'))
		dirs.push(dir)
		const data = join(dir, 'data')
		// A clock that stands still: each open's epoch is the one before plus one, so only kv.db tells them apart.
		for (let i = 0; i < 2; i++) await (await openStore({ dir: data, clock: new SimulatedClock(0) })).close()
		const running = await openStore({ dir: data, clock: new SimulatedClock(0) })
		expect(running.epoch).toBe(2n)
		const given = await running.lock('summaries').hold('42', lease => lease.fence)
		// A backup that copies kv.db alone while the store runs: what SQLite's WAL still held is not in it.
		const copy = join(dir, 'copy')
		mkdirSync(copy)
		copyFileSync(join(data, 'kv.db'), join(copy, 'kv.db'))
		expect(existsSync(join(copy, 'kv.db-wal'))).toBe(false)
		const restored = await openStore({ dir: copy, clock: new SimulatedClock(0) })
		try {
			expect(restored.epoch).toBe(3n)
			expect(await restored.lock('summaries').hold('42', lease => lease.fence)).toBeGreaterThan(given)
		} finally {
			await restored.close()
			await running.close()
		}
	})
})
