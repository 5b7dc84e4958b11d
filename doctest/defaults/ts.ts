// The default setup of a TypeScript block: the engine's and the client's names imported (`connect` to the pages'
// address reaches the doctest's lock server), a store of its own in the program's folder and the samples' stubs (doctest/support/ts/stubs.ts); the block runs inside a function, so a
// `return` in it is the sample's early way out.
import { Store, LockError, SimulatedClock, fenceText } from '@repo/engine/index.ts'
import { betterSqliteDriver } from '@repo/engine/adapters/node.ts'
import { connect as connectTo } from '@repo/server/index.ts'
import { stubs, expect } from '@repo/doctest/support/ts/stubs.ts'

// The pages' address, tcp://127.0.0.1:7411, is the doctest's lock server; a client the block leaves open is closed
// after it, as the page's program would at its end.
const clients: Awaited<ReturnType<typeof connectTo>>[] = []
const connect: typeof connectTo = async (url, options) => {
	const client = await connectTo(url === 'tcp://127.0.0.1:7411' ? (process.env.TINYSTORE_LOCKS_URL as string) : url, options)
	clients.push(client)
	return client
}
const given = await stubs()
const { store, summaries, chatId, text, history, summarize, model, save, db, work, queue, batches, index, tenantId, runExport } = given
void [Store, LockError, SimulatedClock, fenceText, betterSqliteDriver, connect, expect, store, summaries, chatId, text, history, summarize, model, save, db, work, queue, batches, index, tenantId, runExport]

async function block() {
	// doctest: the block
}
await block()
for (const client of clients) await client.close()
await given.store.close()
