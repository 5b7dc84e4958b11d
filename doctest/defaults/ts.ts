// The default setup of a TypeScript block: the engine's and the client's names imported (`connect` to the pages'
// addresses reaches the doctest's lock server: doctest/support/ts/pages-client.ts), a store of its own in the program's folder and the samples' stubs (doctest/support/ts/stubs.ts); the block runs inside a function, so a
// `return` in it is the sample's early way out.
import { Store, LockError, SimulatedClock, fenceText } from '@repo/engine/index.ts'
import { betterSqliteDriver } from '@repo/engine/adapters/node.ts'
import { stubs, expect } from '@repo/doctest/support/ts/stubs.ts'
import { pagesClient } from '@repo/doctest/support/ts/pages-client.ts'

const { connect, closeAll } = pagesClient()
const given = await stubs()
const { store, summaries, chatId, text, history, summarize, model, save, db, work, queue, batches, index, tenantId, runExport } = given
void [Store, LockError, SimulatedClock, fenceText, betterSqliteDriver, connect, expect, store, summaries, chatId, text, history, summarize, model, save, db, work, queue, batches, index, tenantId, runExport]

async function block() {
	// doctest: the block
}
await block()
await closeAll()
await given.store.close()
