import { describe, expect, it } from 'vitest'
import { LockError } from '../../../engine/index.ts'
import { connect } from '../../../server/index.ts'
import { Relay, sleep, startServer } from './fixtures/wire.ts'

// What the guides tell a program to retry: `unreachable` means no server answered, and the work was not done.

async function codeOf(promise: Promise<unknown>): Promise<string> {
	return promise.then(
		() => 'ok',
		(error: unknown) => (error instanceof LockError ? `${error.code}: ${error.message}` : String(error)),
	)
}

describe('unreachable over a connection', () => {
	it('ends a hold whose answer does not come within its wait and 5 s more, and withdraws it, so the key is not left held', async ({ onTestFinished }) => {
		const { server, stop } = await startServer()
		onTestFinished(() => stop())
		const relay = await Relay.to(server.url)
		onTestFinished(() => relay.close())
		const cut = await connect(relay.url)
		onTestFinished(() => cut.close())
		const other = await connect(server.url)
		onTestFinished(() => other.close())
		// The server hears the hold and grants it; its answers no longer reach the client.
		relay.dropFromServer = true
		let ran = false
		const started = performance.now()
		const code = await codeOf(cut.lock('invoices').hold('42', () => (ran = true), { wait: 100 }))
		expect(code).toBe(`unreachable: lock invoices: key "42": no answer from ${relay.url} within the 100 ms wait`)
		expect(performance.now() - started).toBeGreaterThanOrEqual(5100)
		expect(ran).toBe(false)
		// The client's cancel reached the server, which let the granted lease go.
		let free = false
		for (let tries = 0; tries < 100 && !free; tries++) {
			free = (await other.lock('invoices').tryHold('42', () => true)) === true
			if (!free) await sleep(20)
		}
		expect(free).toBe(true)
	})

	it('is what the TypeScript client reads when the server is at its limit of connections: it could not connect', async ({ onTestFinished }) => {
		const { server, stop } = await startServer({ limits: { maxConnections: 1 } })
		onTestFinished(() => stop())
		const first = await connect(server.url)
		onTestFinished(() => first.close())
		const full = `busy: the server has 1 connections, its limit (--max-connections); try again later`
		expect(await codeOf(connect(server.url, { reconnect: false }))).toBe(`unreachable: ${server.url}: could not connect: ${full}`)
		expect(await codeOf(connect(server.url, { connectTimeout: '300ms' }))).toBe(`unreachable: ${server.url}: could not connect within 300 ms: ${full}`)
	})
})
