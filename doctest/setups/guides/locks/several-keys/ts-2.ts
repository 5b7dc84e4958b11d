// doctest: the ts block that starts: // Worker A moves money from alice to bob
// The page's two workers, as written: one after the other here, each holding both keys, so each moves its money.
import { accountsStore } from '@repo/doctest/support/ts/accounts.ts'

const { store, accounts, move, moves } = await accountsStore()
// doctest: the block
const done = moves.map(m => `${m.from}->${m.to} ${m.amount}`).join(', ')
if (done !== 'alice->bob 10, bob->alice 5') throw new Error(`expected both moves, got ${done}`)
await store.close()
console.log(done)
