// doctest: the ts block that starts: const store = await openStore('data')
// The page's first store, opened as the page says: openStore('data') makes data/kv.db in the program's folder the first
// time, and its lock's first lease has a fence; a second open of the same directory is refused with in_use while the
// first is open, as the page says too.
import { existsSync } from 'node:fs'
import { openStore } from '@repo/engine/adapters/node.ts'
import { LockError } from '@repo/engine/index.ts'

// doctest: the block

if (!existsSync('data/kv.db')) throw new Error('expected openStore to make data/kv.db')
const fence = await summaries.hold(42, lease => lease.fence)
if (typeof fence !== 'bigint') throw new Error(`expected a fence, got ${String(fence)}`)
const second = await openStore('data').then(
	() => undefined,
	(error: unknown) => error,
)
if (!(second instanceof LockError) || second.code !== 'in_use') throw new Error(`expected a second open to be refused with in_use, got ${String(second)}`)
await store.close()
console.log(`data/kv.db made, first fence ${fence}, a second open refused with in_use`)
