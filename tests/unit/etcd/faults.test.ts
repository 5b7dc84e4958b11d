import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fenceText, LockError, realClock, type Lease } from '../../../engine/index.ts'
import { createChatDb, openChatDb, readChat, writeSummary } from '../../../torture/chat-db.ts'
import { startHolder } from '../server/fixtures/processes.ts'
import { tempDir, until } from '../server/fixtures/wire.ts'
import { clientOf, ownCluster } from './fixtures/cluster.ts'

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

async function codeOf(promise: Promise<unknown>): Promise<string> {
	const error = await promise.then(
		() => undefined,
		(e: unknown) => e,
	)
	return error instanceof LockError ? error.code : `not a LockError: ${String(error)}`
}

// Each test has a cluster of three members of its own on loopback, each member its own process and data folder.
// etcd's defaults (heartbeat 100 ms, election timeout 1 s): a new leader in about 1 to 3 s (0.9 to 2.6 s measured here), a lease's shortest TTL 2 s.
describe('etcd under faults, on a real three-member cluster', { timeout: 90_000 }, () => {
	it('kill -9 of the leader while a key is held: the holder keeps it past its TTL (a new leader came within it), fences go on growing, and the member restarted with its data rejoins', async ({ onTestFinished }) => {
		const cluster = await ownCluster(onTestFinished)
		const a = await clientOf(cluster, onTestFinished)
		const b = await clientOf(cluster, onTestFinished, { prefix: a.prefix })
		const summaries = a.lock('summaries')
		const leader = await cluster.leader()
		let killedAt = 0
		const first = await summaries.hold(
			'1',
			async lease => {
				await leader.kill()
				killedAt = realClock.now()
				const next = await cluster.leader()
				expect(next).not.toBe(leader)
				// The condition for keeping the key: a new leader within the TTL.
				expect(realClock.now() - killedAt).toBeLessThan(5000)
				// Past the whole TTL since the kill: only renewals through the new leader kept the lease.
				while (realClock.now() < killedAt + 5500) {
					expect(await b.lock('summaries').tryHold('1', () => 'taken')).toBeUndefined()
					await sleep(500)
				}
				expect(lease.lost).toBe(false)
				return lease.fence
			},
			{ ttl: '5s' },
		)
		const second = await b.lock('summaries').hold('1', lease => lease.fence)
		expect(second).toBeGreaterThan(first)
		leader.start()
		await cluster.ready()
		// The restarted member has the data it had and what it missed: through it alone, fences still grow.
		const alone = await clientOf(cluster, onTestFinished, { prefix: a.prefix, endpoints: [leader.endpoint] })
		const third = await alone.lock('summaries').hold('1', lease => lease.fence)
		expect(third).toBeGreaterThan(second)
	})

	it('two of three members stopped: holds answer unavailable, nobody gets the key held, its holder learns of its loss first, and after they continue the next holder gets a larger fence', async ({ onTestFinished }) => {
		const cluster = await ownCluster(onTestFinished)
		const a = await clientOf(cluster, onTestFinished)
		const b = await clientOf(cluster, onTestFinished, { prefix: a.prefix, requestTimeout: '2s' })
		const leader = await cluster.leader()
		const stopped = [leader, cluster.members.find(m => m !== leader)] as const
		let held: Lease | undefined
		let lostAt = 0
		const holding = a.lock('summaries').hold(
			'1',
			async lease => {
				held = lease
				lease.signal.addEventListener('abort', () => (lostAt = realClock.now()))
				await until(() => (lease.lost ? true : undefined), 'the holder to learn that its lease is lost', 20_000)
			},
			{ ttl: '3s' },
		)
		await until(() => held, 'the first hold')
		for (const member of stopped) member?.signal('SIGSTOP')
		// Once the member left has seen that it has no leader, every hold is refused: the held key and a free one alike.
		const deadline = Date.now() + 20_000
		while ((await codeOf(b.lock('summaries').tryHold('2', () => 1))) !== 'unavailable') {
			if (Date.now() > deadline) throw new Error('no hold answered unavailable within 20 s of stopping two members')
		}
		expect(await codeOf(b.lock('summaries').hold('1', () => 1, { wait: 300 }))).toBe('unavailable')
		await holding
		expect(lostAt).toBeGreaterThan(0)
		for (const member of stopped) member?.signal('SIGCONT')
		await cluster.ready()
		let grantedAt = 0
		const second = await b.lock('summaries').hold(
			'1',
			lease => {
				grantedAt = realClock.now()
				return lease.fence
			},
			{ wait: '20s' },
		)
		expect(second).toBeGreaterThan(held?.fence as bigint)
		expect(lostAt).toBeLessThan(grantedAt)
	})

	it('SIGSTOP of the member the holder talks to: the holder goes on through another and keeps its key past its TTL, and fences go on growing', async ({ onTestFinished }) => {
		const cluster = await ownCluster(onTestFinished)
		const a = await clientOf(cluster, onTestFinished)
		const b = await clientOf(cluster, onTestFinished, { prefix: a.prefix })
		const member = cluster.members.find(m => m.endpoint === a.rpc.member)
		const fences = await a.lock('summaries').hold(
			'1',
			async lease => {
				member?.signal('SIGSTOP')
				const stoppedAt = realClock.now()
				const others: bigint[] = [lease.fence]
				while (realClock.now() < stoppedAt + 5500) {
					others.push(await b.lock('summaries').hold(`other ${others.length}`, other => other.fence, { wait: '10s' }))
					await sleep(300)
				}
				expect(lease.lost).toBe(false)
				member?.signal('SIGCONT')
				return others
			},
			{ ttl: '5s' },
		)
		expect(fences).toEqual([...fences].sort((x, y) => (x < y ? -1 : 1)))
	})

	it("SIGSTOP of the holder's process past its TTL: the next holder gets a larger fence, and the stopped holder's late write to chat.db changes no row", async ({ onTestFinished }) => {
		const cluster = await ownCluster(onTestFinished)
		const chatDb = join(tempDir(), 'chat.db')
		createChatDb(chatDb, [1])
		const db = openChatDb(chatDb)
		onTestFinished(() => void db.close())
		const b = await clientOf(cluster, onTestFinished)
		const a = await startHolder(onTestFinished, undefined, ['--endpoints', cluster.endpoints.join(','), '--prefix', b.prefix, '--db', chatDb, '--ttl', '2000'])
		a.send('hold')
		const first = await a.event('granted')
		a.kill('SIGSTOP')
		const second = await b.lock('summaries').hold(
			1,
			lease => {
				expect(writeSummary(db, 1, 'summary by B', lease.fence)).toEqual({ changes: 1 })
				return lease.fence
			},
			{ wait: '20s' },
		)
		expect(second).toBeGreaterThan(BigInt(first.fence as string))
		a.kill('SIGCONT')
		a.send('write summary by A, late')
		expect(await a.event('write')).toMatchObject({ fence: first.fence, changes: 0 })
		expect(await a.event('lost')).toMatchObject({ id: first.id, code: 'lost' })
		expect(readChat(db, 1)).toEqual({ summary: 'summary by B', fence: second })
		expect(db.prepare('select summary_fence from chats where id = 1').pluck().get()).toBe(fenceText(second))
	})

	it('every member killed and restarted with its data: a holder learns of its loss before the key moves on, and fences go on growing from the same epoch', async ({ onTestFinished }) => {
		const cluster = await ownCluster(onTestFinished)
		const a = await clientOf(cluster, onTestFinished)
		let held: Lease | undefined
		let lostAt = 0
		const holding = a.lock('summaries').hold(
			'1',
			async lease => {
				held = lease
				lease.signal.addEventListener('abort', () => (lostAt = realClock.now()))
				await until(() => (lease.lost ? true : undefined), 'the holder to learn that its lease is lost', 20_000)
			},
			{ ttl: '2s' },
		)
		await until(() => held, 'the first hold')
		await Promise.all(cluster.members.map(m => m.kill()))
		await holding
		for (const member of cluster.members) member.start()
		await cluster.ready()
		const b = await clientOf(cluster, onTestFinished, { prefix: a.prefix })
		expect(b.epoch).toBe(a.epoch)
		let grantedAt = 0
		const second = await b.lock('summaries').hold(
			'1',
			lease => {
				grantedAt = realClock.now()
				return lease.fence
			},
			{ wait: '20s' },
		)
		expect(second).toBeGreaterThan(held?.fence as bigint)
		expect(lostAt).toBeGreaterThan(0)
		expect(lostAt).toBeLessThan(grantedAt)
	})
})
