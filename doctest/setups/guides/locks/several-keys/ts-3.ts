// doctest: the ts block that starts: /** Holds every key of `keys`, in one order for every caller, and runs `fn` with their leases. */
// The page's holdAll, as written: the move gets alice's and bob's leases, in that order, each with its own fence. Then
// the two workers of the deadlock above, through holdAll at the same time with opposite orders: both move, one after
// the other, each well within a 2 s wait.
import type { HoldOptions, Lease, Lock } from '@repo/engine/index.ts'
import { accountsStore } from '@repo/doctest/support/ts/accounts.ts'

const { store, accounts, move, moves } = await accountsStore()
// doctest: the block
const [first] = moves
if (moves.length !== 1 || first === undefined || first.from !== 'alice' || typeof first.fences.alice !== 'bigint' || typeof first.fences.bob !== 'bigint' || first.fences.alice === first.fences.bob) {
	throw new Error(`expected one move with alice's and bob's own fences, got ${JSON.stringify(moves, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`)
}
await Promise.all([
	holdAll(accounts, ['alice', 'bob'], async ([alice, bob]) => move('alice', 'bob', 10, { alice, bob }), { wait: 2000 }),
	holdAll(accounts, ['bob', 'alice'], async ([alice, bob]) => move('bob', 'alice', 5, { alice, bob }), { wait: 2000 }),
])
if (moves.length !== 3) throw new Error(`expected both workers to move, got ${moves.length - 1} moves`)
await store.close()
console.log(moves.map(m => `${m.from}->${m.to} ${m.amount}`).join(', '))
