/**
 * What the Several keys page's samples take as given: a store's `accounts` lock, whose keys are
 * accounts, and `move`, which records each move with the fences of the leases it was given.
 */
import { openStore } from '../../../engine/adapters/node.ts'
import type { Lease } from '../../../engine/index.ts'

/** One move of money, as `move` saw it. */
export interface Move {
	from: string
	to: string
	amount: number
	fences: Record<string, bigint>
}

/** A store in the program's folder with its `accounts` lock, and a `move` that records what it did in `moves`. */
export async function accountsStore() {
	const store = await openStore('store')
	const moves: Move[] = []
	const move = async (from: string, to: string, amount: number, leases: Record<string, Lease> = {}) => {
		moves.push({ from, to, amount, fences: Object.fromEntries(Object.entries(leases).map(([key, lease]) => [key, lease.fence])) })
	}
	return { store, accounts: store.lock('accounts'), move, moves }
}
