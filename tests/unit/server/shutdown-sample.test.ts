import { describe, expect, it } from 'vitest'
import { LockError } from '../../../engine/index.ts'
import { connect } from '../../../server/index.ts'
import { deferred } from '../engine/fixtures/deferred.ts'
import { startServer, until } from './fixtures/wire.ts'

// The page "Shutting down" (content/guides/locks/shutdown.mdx): its worker's sample, run as written against a
// lock server, with the process's SIGTERM standing in as a call to shutdown.abort().

/** A summary that takes until its signal aborts: a model call still running when the worker is told to stop. */
const model = {
	summarize: (_history: string, { signal }: { signal: AbortSignal }) =>
		new Promise<string>(resolve => signal.addEventListener('abort', () => resolve('half a summary'), { once: true })),
}

describe('the Shutting down page\'s worker', () => {
	it('on shutdown leaves the line it waits in with cancelled, stops its running function before it saves, and lets go of the key, which the next in line gets at once with a larger fence', async ({ onTestFinished }) => {
		const running = await startServer()
		onTestFinished(() => running.stop())
		const url = running.server.url
		const saved: string[] = []
		const history = async (chatId: string) => `the messages of chat ${chatId}`
		const save = async (chatId: string, summary: string, _fence: bigint) => {
			saved.push(`${chatId}: ${summary}`)
		}

		// The page's sample, as written.
		const locks = await connect(url)
		const summaries = locks.lock('summaries')
		const shutdown = new AbortController()

		async function summarizeChat(chatId: string) {
			await summaries.hold(chatId, async lease => {
				const signal = AbortSignal.any([lease.signal, shutdown.signal])
				const summary = await model.summarize(await history(chatId), { signal })
				if (signal.aborted) return
				await save(chatId, summary, lease.fence)
			}, { signal: shutdown.signal, wait: '60s' })
		}

		// Another worker holds chat 2, so this worker's hold of it waits in line; a third waits for chat 1.
		const other = await connect(url)
		onTestFinished(() => other.close())
		const releaseTwo = deferred()
		const twoHeld = deferred()
		const holdingTwo = other.lock('summaries').hold('2', async () => {
			twoHeld.resolve()
			await releaseTwo.promise
		})
		await twoHeld.promise

		const one = summarizeChat('1')
		await until(() => (running.store.lock('summaries').holders('1').length === 1 ? true : undefined), 'chat 1 held')
		const firstFence = running.store.lock('summaries').holders('1')[0]?.fence as bigint
		const two = summarizeChat('2')
		const next = await connect(url)
		onTestFinished(() => next.close())
		const nextGetsOne = next.lock('summaries').hold('1', lease => ({ fence: lease.fence, at: Date.now() }), { wait: '60s' })
		await until(() => (running.store.lock('summaries').waiting('2') === 1 && running.store.lock('summaries').waiting('1') === 1 ? true : undefined), 'both holds in line')

		const stoppedAt = Date.now()
		shutdown.abort()
		const cancelled = await two.then(
			() => undefined,
			(err: unknown) => err,
		)
		expect(cancelled).toBeInstanceOf(LockError)
		expect(cancelled).toMatchObject({ code: 'cancelled' })
		await one
		const got = await nextGetsOne
		expect(got.fence).toBeGreaterThan(firstFence)
		expect(got.at - stoppedAt).toBeLessThan(5000)
		expect(saved).toEqual([])
		expect(running.store.lock('summaries').waiting('2')).toBe(0)

		// Once the queue has stopped handing out jobs and the running ones returned:
		await locks.close()
		releaseTwo.resolve()
		await holdingTwo
	})
})
