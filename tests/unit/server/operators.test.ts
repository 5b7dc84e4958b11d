import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { connect, type HistoryRecord } from '../../../server/index.ts'
import { Proc, startServerProcess } from './fixtures/processes.ts'
import { errorOf, hold, leaseOf, serverTests } from './fixtures/server-tests.ts'
import { tempDir, until, WireClient } from './fixtures/wire.ts'

// What an operator does to a running server: lists its leases, ends one, stops it.

const { setup, later } = serverTests()
const operatorToken = 'the-operator-token-0b7e5a1c'

describe('operators can see and end leases', () => {
	it('lists the keys held or waited for, with holders and waiters, to an operator, narrowed by name or key', async () => {
		const { open } = await setup({ operatorToken })
		const a = await open('alpha-0b7e5a1c3f2d4c9a')
		const b = await open()
		const first = leaseOf(await a.ask(hold('42', { requestId: '1' })))
		leaseOf(await a.ask(hold('43', { requestId: '2', kind: 'semaphore', name: 'exports', limit: 2 })))
		b.send(hold('42', { requestId: '1', id: 'waiting', wait: '1h' }))
		const operator = await open()
		expect(await operator.ask({ id: 'hello', method: 'hello', token: operatorToken })).toMatchObject({ ok: true })
		await until(() => (b.messages.length === 0 ? true : undefined), 'nothing for the waiter yet')
		const listed = await operator.ask({ id: 'all', method: 'leases' })
		expect(listed).toMatchObject({ ok: true, truncated: false, now: expect.any(Number) })
		expect(listed.keys).toEqual([
			{
				kind: 'lock',
				name: 'invoices',
				key: '42',
				limit: null,
				holders: [{ leaseId: first.id, client: 'client alpha-0b7e5a1c3f2d4c9a', fence: first.fence, grantedAt: expect.any(Number), expiresAt: expect.any(Number) }],
				waiters: [{ requestId: '1', client: expect.stringMatching(/^connection \d+$/), since: expect.any(Number) }],
			},
			{ kind: 'semaphore', name: 'exports', key: '43', limit: 2, holders: [expect.objectContaining({ fence: null })], waiters: [] },
		])
		expect((await operator.ask({ id: 'by name', method: 'leases', name: 'exports' })).keys).toHaveLength(1)
		expect((await operator.ask({ id: 'by key', method: 'leases', key: '42' })).keys).toMatchObject([{ key: '42' }])
		expect((await operator.ask({ id: 'none', method: 'leases', kind: 'lock', name: 'exports' })).keys).toEqual([])
	})

	it('ends a lease: its holder hears it is lost, then the key moves on to the next in line, and the lease is gone', async () => {
		const history: HistoryRecord[] = []
		const { open } = await setup({ operatorToken, history: record => history.push(record) })
		const holder = await open()
		const waiter = await open()
		const lease = leaseOf(await holder.ask(hold('42', { requestId: '1' })))
		waiter.send(hold('42', { requestId: '1', id: 'waiting', wait: '1h' }))
		await until(() => (history.some(r => r.type === 'wait') ? true : undefined), 'the waiter in line')
		const operator = await open()
		expect(await operator.ask({ id: 'hello', method: 'hello', token: operatorToken })).toMatchObject({ ok: true })
		expect(await operator.ask({ id: 'end', method: 'end', leaseId: lease.id })).toEqual({ id: 'end', ok: true })
		expect(await holder.event(lease.id)).toEqual({ event: 'lost', leaseId: lease.id, reason: 'ended' })
		const next = leaseOf(await waiter.answer('waiting'))
		expect(BigInt(next.fence)).toBeGreaterThan(BigInt(lease.fence))
		const order = history.filter(r => r.type === 'end' || r.type === 'grant').map(r => r.type)
		expect(order).toEqual(['grant', 'end', 'grant'])
		expect(errorOf(await holder.ask({ id: 'renew', method: 'renew', leaseId: lease.id, ttl: '1h' }))).toEqual({ code: 'lost', message: `lease "${lease.id}": ended by an operator; the renewal is refused` })
		expect(errorOf(await operator.ask({ id: 'again', method: 'end', leaseId: lease.id })).code).toBe('lost')
	})

	it('refuses leases and end to a client without the operator token, and the connection goes on', async () => {
		const { open } = await setup({ operatorToken })
		const a = await open()
		const lease = leaseOf(await a.ask(hold('42')))
		expect(errorOf(await a.ask({ id: 'list', method: 'leases' }))).toEqual({ code: 'unauthorized', message: "leases: an operator's request; this connection's hello did not give the operator token" })
		expect(errorOf(await a.ask({ id: 'end', method: 'end', leaseId: lease.id })).code).toBe('unauthorized')
		expect(leaseOf(await a.ask({ id: 'renew', method: 'renew', leaseId: lease.id, ttl: '1h' })).id).toBe(lease.id)
		const wrong = await open()
		expect(errorOf(await wrong.ask({ id: 1, method: 'hello', token: 'not-the-operator-token-0' })).code).toBe('unauthorized')
		await wrong.whenClosed()
		const { open: openPlain } = await setup()
		const plain = await openPlain()
		expect(errorOf(await plain.ask({ id: 'list', method: 'leases' })).message).toBe("leases: an operator's request; this server has no operator token (--operator-token-file)")
		await expect(setup({ token: operatorToken, operatorToken })).rejects.toThrow("serve: operatorToken: the same as token; an operator sees every client's leases, so its token must be its own")
	})

	it('lists and ends leases from the command line, and the TypeScript holder reads its lease as lost by an operator', async ({ onTestFinished }) => {
		const dir = tempDir()
		const tokenFile = join(dir, 'operator-token')
		writeFileSync(tokenFile, operatorToken, { mode: 0o600 })
		const { url } = await startServerProcess(onTestFinished, join(dir, 'data'), { env: { TINYSTORE_LOCKS_OPERATOR_TOKEN: operatorToken } })
		const client = await connect(url)
		later(() => client.close())
		let leaseId = ''
		const lost = client.lock('invoices').hold('42', lease => {
			leaseId = lease.id
			return new Promise<string>(resolve => lease.signal.addEventListener('abort', () => resolve((lease.signal.reason as Error).message)))
		})
		await until(() => (leaseId === '' ? undefined : true), 'the lease')
		const list = new Proc('server/cli.ts', ['leases', '--url', url, '--token-file', tokenFile, '--name', 'invoices'])
		onTestFinished(() => list.end())
		expect(await list.exited()).toBe(0)
		expect(list.lines[0]).toBe('lock invoices: key "42"')
		expect(list.lines[1]).toMatch(new RegExp(`^  held by lease ${leaseId} \\(client [0-9a-f-]{36}\\), fence \\d+, runs out in `))
		expect(list.lines.at(-1)).toBe('1 key, 1 holder, 0 waiters')
		const end = new Proc('server/cli.ts', ['leases', '--url', url, '--token-file', tokenFile, '--end', leaseId])
		onTestFinished(() => end.end())
		expect(await end.exited()).toBe(0)
		expect(end.lines).toEqual([`ended lease ${leaseId}: its holder is told it is lost, and its key moves on`])
		expect(await lost).toBe(`lock invoices: key "42": lease ${leaseId} was lost: an operator ended it`)
	})
})

describe('the leases command', () => {
	it('prints a refused operator token as the server\'s refusal, not as an invalid argument', async ({ onTestFinished }) => {
		const dir = tempDir()
		const tokenFile = join(dir, 'operator-token')
		writeFileSync(tokenFile, 'not-the-operator-token-0', { mode: 0o600 })
		const { url } = await startServerProcess(onTestFinished, join(dir, 'data'), { env: { TINYSTORE_LOCKS_OPERATOR_TOKEN: operatorToken } })
		const list = new Proc('server/cli.ts', ['leases', '--url', url, '--token-file', tokenFile])
		onTestFinished(() => list.end())
		expect(await list.exited()).toBe(1)
		expect(list.stderr).toEqual([`leases: ${url}: unauthorized: hello with a wrong token`])
	})
})

describe('SIGTERM', () => {
	it('answers a waiting hold with closed before the connection ends, when the server process gets SIGTERM', async ({ onTestFinished }) => {
		const { proc, url } = await startServerProcess(onTestFinished, tempDir())
		const holder = await WireClient.open(url)
		const waiter = await WireClient.open(url)
		later(
			() => holder.close(),
			() => waiter.close(),
		)
		const lease = leaseOf(await holder.ask(hold('42', { requestId: '1' })))
		waiter.send(hold('42', { requestId: '1', id: 'waiting', wait: '1h' }))
		// The server has the hold in line once a later request on the same connection is answered.
		await waiter.ask({ id: 'ping', method: 'cancel', requestId: 'none' })
		proc.kill('SIGTERM')
		expect(await waiter.answer('waiting')).toMatchObject({ ok: false, error: { code: 'closed' } })
		expect(await holder.event(lease.id)).toEqual({ event: 'lost', leaseId: lease.id, reason: 'closed' })
		expect(await proc.exited()).toBe(0)
	})
})
