import { describe, expect, it, type OnTestFinishedHandler } from 'vitest'
import { LockError } from '../../../engine/index.ts'
import { connect } from '../../../server/index.ts'
import { standInServer } from './fixtures/wire.ts'

// The guides say a wait of Infinity over a connection asks again each hour, the longest wait the
// wire takes, with a new hold (a new request id) that joins the line at the back. An hour is too long
// to wait for in a test, so a stand-in server answers the first hold `held` at once, as the real one
// does when a wait runs out, and the second with a lease.

type Message = Record<string, unknown>

async function standIn(finished: (fn: OnTestFinishedHandler) => void, answer: (n: number, hold: Message) => Message) {
	const server = await standInServer((request, n) => (request.method === 'hold' ? answer(n, request) : undefined))
	finished(() => server.close())
	const client = await connect(server.url)
	finished(() => client.close())
	return { client, holds: () => server.requests.filter(r => r.method === 'hold') }
}

const heldAnswer = (message: Message) => ({ ok: false, error: { code: 'held', message: `lock invoices: key ${JSON.stringify(message.key)}: held past the 1 h wait` } })

function leaseAnswer(message: Message) {
	const now = Date.now()
	return { ok: true, now, lease: { id: 'lease-1', kind: 'lock', name: 'invoices', key: message.key, fence: '1', grantedAt: now, expiresAt: now + 30_000 } }
}

describe('a wait of Infinity over a connection', () => {
	it('asks with the wire\'s longest wait, an hour, and when that runs out asks again as a new hold, with a new request id', async ({ onTestFinished }) => {
		const { client, holds } = await standIn(onTestFinished, (n, message) => (n === 1 ? heldAnswer(message) : leaseAnswer(message)))
		const fence = await client.lock('invoices').hold('42', lease => lease.fence, { wait: Number.POSITIVE_INFINITY })
		expect(fence).toBe(1n)
		expect(holds()).toHaveLength(2)
		for (const hold of holds()) expect(hold).toMatchObject({ method: 'hold', kind: 'lock', name: 'invoices', key: '42', wait: 3_600_000 })
		// A new request id is a new hold to the server: it joins the key's line at the back.
		expect(holds()[1]?.requestId).not.toBe(holds()[0]?.requestId)
	})

	it('is the only wait that asks again: a wait of an hour gives up with held after one ask', async ({ onTestFinished }) => {
		const { client, holds } = await standIn(onTestFinished, (_, message) => heldAnswer(message))
		const error = await client
			.lock('invoices')
			.hold('42', () => 'ran', { wait: '1h' })
			.then(
				() => undefined,
				(e: unknown) => e,
			)
		expect(error).toBeInstanceOf(LockError)
		expect((error as LockError).code).toBe('held')
		expect(holds()).toHaveLength(1)
		expect(holds()[0]).toMatchObject({ wait: 3_600_000 })
	})
})
