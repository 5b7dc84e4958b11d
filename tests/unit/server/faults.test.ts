import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { fenceText } from '../../../engine/index.ts'
import { createChatDb, openChatDb, readChat } from '../../../server/chat-db.ts'
import type { HistoryRecord } from '../../../server/index.ts'
import { killAll, startHolder, startServerProcess } from './fixtures/processes.ts'
import { tempDir } from './fixtures/wire.ts'

afterEach(() => killAll())

function readHistory(file: string): HistoryRecord[] {
	return readFileSync(file, 'utf8')
		.split('\n')
		.filter(line => line !== '')
		.map(line => JSON.parse(line) as HistoryRecord)
}

describe('faults with real processes (loopback, TTL 1 s)', () => {
	it('a holder killed with SIGKILL: the next waiter gets the key once the TTL passes, with a larger fence', async () => {
		const dir = tempDir()
		const history = join(dir, 'history.jsonl')
		const { url } = await startServerProcess(join(dir, 'data'), { history })
		const [a, b] = await Promise.all([startHolder(url), startHolder(url)])
		a.send('hold')
		const first = await a.event('granted')
		b.send('hold')
		a.kill('SIGKILL')
		const second = await b.event('granted')
		expect(BigInt(second.fence as string)).toBeGreaterThan(BigInt(first.fence as string))
		const records = readHistory(history)
		const expiry = records.findIndex(r => r.type === 'expire' && r.leaseId === first.id)
		const grant = records.findIndex(r => r.type === 'grant' && r.id === second.id)
		expect(expiry).toBeGreaterThan(-1)
		expect(grant).toBeGreaterThan(expiry)
		const lastExpiresAt = records.filter(r => (r.type === 'grant' && r.id === first.id) || (r.type === 'renew' && r.leaseId === first.id)).map(r => r.expiresAt)
		expect((records[grant] as { grantedAt: number }).grantedAt).toBeGreaterThanOrEqual(Math.max(...lastExpiresAt))
	})

	it('a holder stopped with SIGSTOP past its TTL, then continued: its fenced write to chat.db changes no row, the new holder\'s does', async () => {
		const dir = tempDir()
		const chatDb = join(dir, 'chat.db')
		createChatDb(chatDb, [1])
		const { url } = await startServerProcess(join(dir, 'data'))
		const [a, b] = await Promise.all([startHolder(url, ['--db', chatDb]), startHolder(url, ['--db', chatDb])])
		a.send('hold')
		const first = await a.event('granted')
		a.kill('SIGSTOP')
		b.send('hold')
		const second = await b.event('granted')
		expect(BigInt(second.fence as string)).toBeGreaterThan(BigInt(first.fence as string))
		b.send('write summary by B')
		expect(await b.event('write')).toMatchObject({ fence: second.fence, changes: 1, lost: false })
		a.kill('SIGCONT')
		a.send('write summary by A, late')
		expect(await a.event('write')).toMatchObject({ fence: first.fence, changes: 0 })
		expect(await a.event('lost')).toMatchObject({ id: first.id, code: 'lost' })
		const db = openChatDb(chatDb)
		expect(readChat(db, 1)).toEqual({ summary: 'summary by B', fence: BigInt(second.fence as string) })
		expect(db.prepare('select summary_fence from chats where id = 1').pluck().get()).toBe(fenceText(BigInt(second.fence as string)))
		db.close()
	})

	it('the server killed with SIGKILL and started again: every fence it gives is larger than every fence before (LOCK-02), and clients see their old leases as lost', async () => {
		const dir = tempDir()
		const data = join(dir, 'data')
		const history = join(dir, 'history.jsonl')
		const first = await startServerProcess(data, { history })
		const [a, b] = await Promise.all([startHolder(first.url, ['--key', '1']), startHolder(first.url, ['--key', '2'])])
		a.send('hold')
		b.send('hold')
		const before = [await a.event('granted'), await b.event('granted')]
		first.proc.kill('SIGKILL')
		await first.proc.exited()
		const second = await startServerProcess(data, { history, port: first.port })
		expect(await a.event('lost')).toMatchObject({ id: before[0]?.id, code: 'lost' })
		expect(await b.event('lost')).toMatchObject({ id: before[1]?.id, code: 'lost' })
		a.send('release')
		b.send('release')
		await Promise.all([a.event('released'), b.event('released')])
		a.send('hold')
		b.send('hold')
		const after = [await a.event('granted', 2), await b.event('granted', 2)]
		const largestBefore = before.map(g => BigInt(g.fence as string)).reduce((x, y) => (x > y ? x : y))
		for (const grant of after) expect(BigInt(grant.fence as string)).toBeGreaterThan(largestBefore)
		const starts = readHistory(history).filter(r => r.type === 'start')
		expect(starts).toHaveLength(2)
		expect(BigInt((starts[1] as { epoch: string }).epoch)).toBeGreaterThan(BigInt((starts[0] as { epoch: string }).epoch))
		second.proc.kill('SIGTERM')
		expect(await second.proc.exited()).toBe(0)
	})
})
