import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { betterSqliteDriver } from '../../../engine/adapters/node.ts'
import { fenceText, SimulatedClock, Store, type SqliteDriver, type SqlValue } from '../../../engine/index.ts'
import { CHATS_TABLE, FENCED_UPDATE, SUMMARY_FENCE_MIGRATION } from '../../../src/seed/chat-table.ts'
import { deferred } from './fixtures/deferred.ts'

const fencesPage = readFileSync(new URL('../../../content/guides/locks/fences.mdx', import.meta.url), 'utf8')

/** The page's `db.exec` tagged template, over a driver: values become parameters. */
function sqlTag(driver: SqliteDriver) {
	return {
		exec: async (strings: TemplateStringsArray, ...values: SqlValue[]) => driver.run(strings.join('?'), values),
	}
}

const dirs: string[] = []
afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe("the seed's chats table, the one copy the scenes, the torture run and these tests use", () => {
	it("is the seed page's: its migration and its conditional update, as the page writes them", () => {
		expect(fencesPage).toContain(`${SUMMARY_FENCE_MIGRATION};`)
		expect(fencesPage.replace(/\s+/g, ' ')).toContain('where id = ${chatId} and summary_fence < ${fence}')
		expect(FENCED_UPDATE).toBe('update chats set summary = ?, summary_fence = ? where id = ? and summary_fence < ?')
	})
})

describe("the seed's TypeScript sample against a real chat.db (better-sqlite3 file)", () => {
	it('keeps the summary of the later holder and changes no row for the stale one', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'engine-seed-'))
		dirs.push(dir)
		const chatDb = betterSqliteDriver(join(dir, 'chat.db'))
		chatDb.exec(CHATS_TABLE)
		chatDb.run('insert into chats (id) values (?)', [42])
		chatDb.exec(SUMMARY_FENCE_MIGRATION)
		const db = sqlTag(chatDb)

		const clock = new SimulatedClock()
		const store = await Store.open({ sqlite: betterSqliteDriver(), clock, startCount: 6n })
		const summaries = store.lock('summaries')
		const chatId = 42
		const history = async (id: number) => [`message of chat ${id}`]
		const gcPause = deferred()
		const outcomes: { worker: string; fence: string; changes: number }[] = []

		// The page's sample, with the summarizer of each worker and A's long pause.
		const worker = (name: string, pause?: Promise<void>) =>
			summaries.hold(
				chatId,
				async lease => {
					const model = { summarize: async (lines: string[]) => `${name}: ${lines.length} line` }
					const summary = await model.summarize(await history(chatId))
					await pause
					const fence = lease.fence.toString().padStart(40, '0')
					const done = await db.exec`update chats set summary = ${summary}, summary_fence = ${fence}
		where id = ${chatId} and summary_fence < ${fence}`
					outcomes.push({ worker: name, fence, changes: done.changes })
					if (done.changes === 0) return // a later holder already wrote
				},
				{ renew: false, wait: '1h' },
			)

		const a = worker('A', gcPause.promise)
		await clock.settle()
		const b = worker('B')
		await clock.advance('30s')
		await b
		gcPause.resolve()
		await a

		expect(outcomes).toEqual([
			{ worker: 'B', fence: fenceText(8n), changes: 1 },
			{ worker: 'A', fence: fenceText(7n), changes: 0 },
		])
		expect(chatDb.get('select summary, summary_fence from chats where id = ?', [42])).toEqual({
			summary: 'B: 1 line',
			summary_fence: '0000000000000000000000000000000000000008',
		})
		await store.close()
		chatDb.close()
	})

	it("orders the padded text as the numbers in SQLite's own comparison, from the migration's empty default on", () => {
		const db = betterSqliteDriver()
		db.exec(CHATS_TABLE)
		db.exec(SUMMARY_FENCE_MIGRATION)
		db.run('insert into chats (id) values (1)')
		const fences = [0n, 7n, 8n, 10n, 99n, 1n << 64n, (1n << 64n) + 1n, (1n << 128n) - 1n]
		for (const fence of fences) {
			expect(db.run('update chats set summary_fence = ? where id = 1 and summary_fence < ?', [fenceText(fence), fenceText(fence)])).toEqual({ changes: 1 })
		}
		for (const fence of fences) {
			expect(db.run('update chats set summary_fence = ? where id = 1 and summary_fence < ?', [fenceText(fence), fenceText(fence)])).toEqual({ changes: 0 })
		}
		db.close()
	})
})
