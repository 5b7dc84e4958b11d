import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { connect } from '../../../server/index.ts'
import { Proc, startServerProcess } from './fixtures/processes.ts'
import { errorOf, serverTests } from './fixtures/server-tests.ts'
import { Relay, tempDir, until, WireClient } from './fixtures/wire.ts'

// A server's tokens: where they come from, which lengths it takes, and how wrong ones are throttled without shutting the right ones out.

const { setup, later } = serverTests()
const token = 'a-token-of-24-characters'

async function wrongToken(url: string): Promise<void> {
	const wrong = await WireClient.open(url)
	later(() => wrong.close())
	expect(errorOf(await wrong.ask({ id: 1, method: 'hello', token: 'not-the-token-at-all-no' })).code).toBe('unauthorized')
}

describe('where a token comes from', () => {
	it('refuses a token shorter than 16 or longer than 200 bytes at start, since it could never be safe or never match', async () => {
		await expect(setup({ token: 'short' })).rejects.toThrow('serve: token of 5 bytes: expected 16 to 200 bytes (the longest text the wire takes)')
		await expect(setup({ token: 'x'.repeat(201) })).rejects.toThrow('serve: token of 201 bytes: expected 16 to 200 bytes (the longest text the wire takes)')
	})

	it('takes the token from a file only its owner can read, or from the environment, so it never shows in the command line', async ({ onTestFinished }) => {
		const dir = tempDir()
		const file = join(dir, 'token')
		writeFileSync(file, `${token}\n`, { mode: 0o600 })
		for (const options of [{ args: ['--token-file', file] }, { env: { TINYSTORE_LOCKS_TOKEN: token } }]) {
			const { proc, url } = await startServerProcess(onTestFinished, join(dir, `data-${options.args === undefined ? 'env' : 'file'}`), options)
			if (existsSync(`/proc/${proc.child.pid}/cmdline`)) expect(readFileSync(`/proc/${proc.child.pid}/cmdline`, 'utf8')).not.toContain(token)
			const wire = await WireClient.open(url)
			later(() => wire.close())
			expect(errorOf(await wire.ask({ id: 1, method: 'hold', kind: 'lock', name: 'n', key: 'k', requestId: 'r' })).code).toBe('unauthorized')
			const again = await WireClient.open(url)
			later(() => again.close())
			expect(await again.ask({ id: 1, method: 'hello', token })).toMatchObject({ ok: true })
		}
	})

	it('reads several tokens from the token file, one a line, each a tenant the server lets in', async ({ onTestFinished }) => {
		const dir = tempDir()
		const file = join(dir, 'tokens')
		const tenants = ['tenant-a-token-0b7e5a1c', 'tenant-b-token-9e615d8f']
		writeFileSync(file, `${tenants.join('\n')}\n`, { mode: 0o600 })
		const { url } = await startServerProcess(onTestFinished, join(dir, 'data'), { args: ['--token-file', file] })
		for (const tenant of tenants) {
			const wire = await WireClient.open(url)
			later(() => wire.close())
			expect(await wire.ask({ id: 1, method: 'hello', token: tenant })).toMatchObject({ ok: true })
		}
	})

	it('refuses a token file other users can read, naming it', async ({ onTestFinished }) => {
		const dir = tempDir()
		const file = join(dir, 'token')
		writeFileSync(file, token)
		chmodSync(file, 0o644)
		const proc = new Proc('server/cli.ts', ['--dir', join(dir, 'data'), '--port', '0', '--token-file', file])
		onTestFinished(() => proc.end())
		expect(await proc.exited()).toBe(2)
		expect(proc.stderr.join('\n')).toBe(`--token-file ${file}: other users can read it (mode 644); make it readable by its owner only (chmod 600)`)
	})
})

describe('wrong tokens are throttled by address', () => {
	it('throttles failed tokens: after a wrong one, even the right one waits its turn', async () => {
		const { open } = await setup({ token, limits: { authDelayMs: 300 } })
		const wrong = await open()
		expect(errorOf(await wrong.ask({ id: 1, method: 'hello', token: 'not-the-token-at-all-no' })).code).toBe('unauthorized')
		const soon = await open()
		// Told to come back later (busy), not that the token is wrong.
		expect(errorOf(await soon.ask({ id: 1, method: 'hello', token }))).toEqual({ code: 'busy', message: expect.stringMatching(/^too many failed tokens from loopback \(127\.0\.0\.0\/8 and ::1\): try again in \d+ ms$/), retryAfter: expect.any(Number) })
		await new Promise(resolve => setTimeout(resolve, 350))
		const afterTheWait = await open()
		expect(await afterTheWait.ask({ id: 1, method: 'hello', token })).toMatchObject({ ok: true })
	})

	it('answers a hello while its address is throttled with busy and the time to wait, apart from a wrong token', async () => {
		const { open, server } = await setup({ token, limits: { authDelayMs: 60_000 } })
		await wrongToken(server.url)
		const soon = await open()
		const error = errorOf(await soon.ask({ id: 1, method: 'hello', token })) as { code: string; message: string; retryAfter?: number }
		expect(error).toEqual({ code: 'busy', message: expect.stringMatching(/^too many failed tokens from loopback \(127\.0\.0\.0\/8 and ::1\): try again in \d+ ms$/), retryAfter: expect.any(Number) })
		expect(error.retryAfter).toBeGreaterThan(59_000)
		await soon.whenClosed()
	})

	it('keeps a client whose address another process\'s wrong token throttled: it reconnects, and its lease holds', async () => {
		const { server } = await setup({ token, limits: { authDelayMs: 60_000 } })
		const relay = await Relay.to(server.url)
		later(() => relay.close())
		const client = await connect(relay.url, { token })
		later(() => client.close())
		const result = await client.lock('invoices').hold(
			'42',
			async lease => {
				await wrongToken(server.url)
				relay.cut()
				await until(() => (relay.connections >= 2 && client.connected ? true : undefined), 'the client to reconnect')
				await lease.renew()
				return { lost: lease.lost, aborted: lease.signal.aborted }
			},
			{ ttl: '5s' },
		)
		expect(result).toEqual({ lost: false, aborted: false })
	})

	it('makes connect() wait out a throttle on its address, instead of failing at once', async () => {
		const { server } = await setup({ token, limits: { authDelayMs: 400 } })
		await wrongToken(server.url)
		const client = await connect(server.url, { token, connectTimeout: '10s' })
		later(() => client.close())
		expect(await client.lock('invoices').tryHold('42', () => 'held')).toBe('held')
	})
})

