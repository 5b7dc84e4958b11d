import { afterEach, describe, expect, it } from 'vitest'
import { type ServeOptions } from '../../../server/index.ts'
import { startServer, WireClient } from './fixtures/wire.ts'

// Issue 12's items, each reproduced first: the tests are named after them.

type Message = Record<string, unknown>

const cleanups: (() => unknown)[] = []
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function setup(options: Partial<ServeOptions> = {}) {
	const running = await startServer(options)
	cleanups.push(() => running.stop())
	const open = async () => {
		const wire = await WireClient.open(running.server.url)
		cleanups.push(() => wire.close())
		return wire
	}
	return { ...running, open }
}

let serial = 0
function holdOf(key: string, extra: Message = {}): Message {
	serial++
	return { id: `h${serial}`, method: 'hold', kind: 'lock', name: 'invoices', key, ttl: 5000, wait: 0, requestId: `request-${serial}`, ...extra }
}

function leaseOf(answer: Message): { id: string; fence: string } {
	expect(answer).toMatchObject({ ok: true })
	return answer.lease as { id: string; fence: string }
}

function errorOf(answer: Message): { code: string; message: string } {
	expect(answer.ok).toBe(false)
	return answer.error as { code: string; message: string }
}

describe('issue 12.2: a busy connection keeps its own leases', () => {
	it('renews, releases and cancels while its in-flight slots are full of waiting holds', async () => {
		const { open } = await setup({ limits: { maxInFlight: 4 } })
		const other = await open()
		leaseOf(await other.ask(holdOf('busy')))
		const a = await open()
		const mine = leaseOf(await a.ask(holdOf('mine')))
		const waiting = [1, 2, 3, 4].map(() => holdOf('busy', { wait: 5000 }))
		for (const hold of waiting) a.send(hold)
		// The fifth waiting hold has no slot.
		expect(errorOf(await a.ask(holdOf('busy', { wait: 5000 }))).code).toBe('busy')
		expect(leaseOf(await a.ask({ id: 'renew', method: 'renew', leaseId: mine.id, ttl: 5000 })).id).toBe(mine.id)
		expect(await a.ask({ id: 'cancel', method: 'cancel', requestId: waiting[0]?.requestId })).toMatchObject({ ok: true })
		expect(await a.ask({ id: 'release', method: 'release', leaseId: mine.id })).toMatchObject({ ok: true })
		expect(errorOf(await a.answer(waiting[0]?.id)).code).toBe('cancelled')
	})
})
