import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, type OnTestFinishedHandler } from 'vitest'
import { openStore } from '../../../engine/adapters/node.ts'
import { fenceText } from '../../../engine/index.ts'
import { createChatDb, openChatDb, readChat, writeSummary } from '../../../torture/chat-db.ts'
import { connect, serve, type HistoryRecord, type LockClient } from '../../../server/index.ts'
import { startHolder, startServerProcess } from './fixtures/processes.ts'
import { tempDir, until } from './fixtures/wire.ts'

type Finished = (fn: OnTestFinishedHandler) => void

function readHistory(file: string): HistoryRecord[] {
	return readFileSync(file, 'utf8')
		.split('\n')
		.filter(line => line !== '')
		.map(line => JSON.parse(line) as HistoryRecord)
}

// The holders killed or stopped are processes of their own; the server and the next holder can live in the test's.
async function inProcessServer(finished: Finished, history: HistoryRecord[]) {
	const store = await openStore(join(tempDir(), 'data'))
	const server = await serve({ store, port: 0, history: record => history.push(record) })
	finished(async () => {
		await server.close()
		await store.close()
	})
	const client = await connect(server.url)
	finished(() => client.close())
	return { url: server.url, client }
}

// Starting a process through tsx can take seconds on a busy machine: these tests wait for events, never for a set time.
describe.concurrent('faults with real processes (loopback, TTL 1 s)', { timeout: 90_000 }, () => {
	it('a holder killed with SIGKILL: the next waiter gets the key once the TTL passes, with a larger fence', async ({ onTestFinished }) => {
		const history: HistoryRecord[] = []
		const { url, client } = await inProcessServer(onTestFinished, history)
		const a = await startHolder(onTestFinished, url)
		a.send('hold')
		const first = await a.event('granted')
		const waiting = client.lock('summaries').hold('1', lease => ({ id: lease.id, fence: lease.fence }), { wait: '10s' })
		a.kill('SIGKILL')
		const second = await waiting
		expect(second.fence).toBeGreaterThan(BigInt(first.fence as string))
		const expiry = history.findIndex(r => r.type === 'expire' && r.leaseId === first.id)
		const grant = history.findIndex(r => r.type === 'grant' && r.id === second.id)
		expect(expiry).toBeGreaterThan(-1)
		expect(grant).toBeGreaterThan(expiry)
		const expiresAt = history.flatMap(r => ((r.type === 'grant' && r.id === first.id) || (r.type === 'renew' && r.leaseId === first.id) ? [r.expiresAt] : []))
		expect((history[grant] as { grantedAt: number }).grantedAt).toBeGreaterThanOrEqual(Math.max(...expiresAt))
	})

	it('a holder stopped with SIGSTOP past its TTL, then continued: its fenced write to chat.db changes no row, the new holder\'s does', async ({
		onTestFinished,
	}) => {
		const chatDb = join(tempDir(), 'chat.db')
		createChatDb(chatDb, [1])
		const db = openChatDb(chatDb)
		onTestFinished(() => {
			db.close()
		})
		const { url, client } = await inProcessServer(onTestFinished, [])
		const a = await startHolder(onTestFinished, url, ['--db', chatDb])
		a.send('hold')
		const first = await a.event('granted')
		a.kill('SIGSTOP')
		const second = await client.lock('summaries').hold(
			1,
			lease => {
				expect(writeSummary(db, 1, 'summary by B', lease.fence)).toEqual({ changes: 1 })
				return lease.fence
			},
			{ wait: '10s' },
		)
		expect(second).toBeGreaterThan(BigInt(first.fence as string))
		a.kill('SIGCONT')
		a.send('write summary by A, late')
		expect(await a.event('write')).toMatchObject({ fence: first.fence, changes: 0 })
		expect(await a.event('lost')).toMatchObject({ id: first.id, code: 'lost' })
		expect(readChat(db, 1)).toEqual({ summary: 'summary by B', fence: second })
		expect(db.prepare('select summary_fence from chats where id = 1').pluck().get()).toBe(fenceText(second))
	})

	it('the server killed with SIGKILL and started again: every fence it gives is larger than every fence before (LOCK-02), and clients see their old leases as lost', async ({
		onTestFinished,
	}) => {
		const dir = tempDir()
		const data = join(dir, 'data')
		const history = join(dir, 'history.jsonl')
		const first = await startServerProcess(onTestFinished, data, { history })
		const clients: LockClient[] = await Promise.all([connect(first.url), connect(first.url)])
		for (const client of clients) onTestFinished(() => client.close())
		const holding = clients.map((client, i) =>
			client.lock('summaries').hold(
				String(i),
				lease =>
					new Promise<{ fence: bigint; lost: unknown }>(resolve => {
						lease.signal.addEventListener('abort', () => resolve({ fence: lease.fence, lost: lease.signal.reason }))
					}),
				{ ttl: '1s' },
			),
		)
		await until(() => (readHistory(history).filter(r => r.type === 'grant').length === 2 ? true : undefined), 'both grants', 30_000)
		first.proc.kill('SIGKILL')
		await first.proc.exited()
		await startServerProcess(onTestFinished, data, { history, port: first.port })
		const before = await Promise.all(holding)
		for (const { lost } of before) expect(lost).toMatchObject({ code: 'lost' })
		const after = await Promise.all(clients.map((client, i) => client.lock('summaries').hold(String(i), lease => lease.fence)))
		const largestBefore = before.map(b => b.fence).reduce((x, y) => (x > y ? x : y))
		for (const fence of after) expect(fence).toBeGreaterThan(largestBefore)
		const starts = readHistory(history).filter(r => r.type === 'start')
		expect(starts).toHaveLength(2)
		expect(BigInt((starts[1] as { epoch: string }).epoch)).toBeGreaterThan(BigInt((starts[0] as { epoch: string }).epoch))
	})
})

describe('the server process', { timeout: 90_000 }, () => {
	it('killed with SIGKILL and started again, gives a held key to a new holder at once, before the old holder hears its lease is lost', async ({
		onTestFinished,
	}) => {
		const data = join(tempDir(), 'data')
		const first = await startServerProcess(onTestFinished, data)
		const old = await connect(first.url)
		onTestFinished(() => old.close())
		// A TTL of an hour: the old client's next renewal, and its own deadline, are far past this test.
		let oldLease: { fence: bigint; lost: boolean } | undefined
		let finish = () => {}
		const finished = new Promise<void>(resolve => (finish = resolve))
		const holding = old.lock('summaries').hold(
			'1',
			async lease => {
				oldLease = lease
				await finished
			},
			{ ttl: '1h' },
		)
		const held = await until(() => oldLease, 'the old grant')
		first.proc.kill('SIGKILL')
		await first.proc.exited()
		// Started again on another port: the old client keeps knocking at the old one, so it cannot hear of the restart
		// before the new holder is granted (on the same port, a busy machine let its reconnect win that race).
		const second = await startServerProcess(onTestFinished, data)
		const next = await connect(second.url)
		onTestFinished(() => next.close())
		const fence = await next.lock('summaries').tryHold('1', lease => lease.fence)
		expect(fence).toBeGreaterThan(held.fence)
		expect(held.lost).toBe(false)
		// The old client's release has no server to reach; closing the client ends its hold (it may say so as an error).
		finish()
		await old.close()
		await holding.catch(() => {})
	})

	it('stops cleanly on SIGTERM: exit code 0, and the store can be opened again', async ({ onTestFinished }) => {
		const data = join(tempDir(), 'data')
		const server = await startServerProcess(onTestFinished, data)
		const client = await connect(server.url, { reconnect: false })
		onTestFinished(() => client.close())
		let reason: unknown
		let held = false
		const holding = client.lock('summaries').hold(
			'1',
			lease =>
				new Promise(resolve => {
					held = true
					lease.signal.addEventListener('abort', () => resolve((reason = lease.signal.reason)))
				}),
			{ ttl: '1h' },
		)
		await until(() => (held ? true : undefined), 'the grant')
		server.proc.kill('SIGTERM')
		expect(await server.proc.exited()).toBe(0)
		await holding
		expect(reason).toMatchObject({ code: 'closed', message: expect.stringContaining('the server closed') })
		const store = await openStore(data)
		await store.close()
	})
})
