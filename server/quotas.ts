import type { AddressGroup } from './address-group.ts'
import { placeOf, ProtocolError, type HoldRequest } from './protocol.ts'

/** How many holds the book keeps, in all and for each party that asks. */
export interface QuotaLimits {
	/** Holds waiting or held at once, over all connections. */
	maxHolds: number
	/** Holds waiting or held at once by one client (its hello's client id, else its connection), leases of its dropped connections included. */
	maxHoldsPerClient: number
	/** Holds waiting or held at once that connections from one address (`addressGroup`) asked for or renewed, whatever became of those connections. */
	maxHoldsPerAddress: number
	/** Holds waiting or held at once that connections of one client token asked for or renewed. */
	maxHoldsPerToken: number
}

/** One party holds are charged to (a client, an address, a token), with its share and how a refusal names it. */
export class Account {
	/** Its holds waiting or held, and the leases of others it renewed, while they last. */
	count = 0

	constructor(
		readonly limit: number,
		/** The flag that sets its share, which a refusal names. */
		readonly flag: string,
		/** How a refusal names it: `this client`, `this address (192.0.2.7)`, `this token`. */
		readonly label: string,
		/** Called when its count falls to 0: an address or a token is forgotten then. */
		readonly onEmpty?: () => void,
	) {}
}

/** Who asks, as the quotas charge it: its client's account, and the address and token its connection came with. */
export interface Asker {
	readonly scope: { readonly account: Account }
	readonly address?: AddressGroup
	/** Which of the server's client tokens its hello gave, by place; none on a server without tokens. */
	readonly token?: number
}

/**
 * The holds waiting or held, in all and by who asked: its client, its address and its token, each
 * with its share, so that no client, host or tenant takes the server from the others. A hold is
 * charged to every party that asked for it or renewed it, until it ends.
 */
export class Quotas {
	readonly #limits: QuotaLimits
	#total = 0
	readonly #addresses = new Map<string, Account>()
	readonly #tokens = new Map<number, Account>()

	constructor(limits: QuotaLimits) {
		this.#limits = limits
	}

	/** Holds waiting or held on the server. */
	get total(): number {
		return this.#total
	}

	/** How many addresses have holds charged to them. */
	get addresses(): number {
		return this.#addresses.size
	}

	/** Counts a new hold against the server and every party of `asker`, or refuses it as `busy` at a limit; returns what it charged. */
	charge(asker: Asker, request: HoldRequest): Account[] {
		if (this.#total >= this.#limits.maxHolds) {
			throw new ProtocolError('busy', `${placeOfHold(request)}: the server has ${this.#limits.maxHolds} holds open, its limit (--max-holds)`)
		}
		const accounts = this.#accountsOf(asker)
		for (const account of accounts) refuseAtLimit(account, request, '')
		for (const account of accounts) account.count++
		this.#total++
		return accounts
	}

	/** Adds to a hold's charges the parties of a renewer it was not charged to yet, or refuses the renewal as `busy` when one of them is at its share. */
	chargeRenewal(charges: Account[], renewer: Asker, request: HoldRequest): void {
		const added = this.#accountsOf(renewer).filter(account => !charges.includes(account))
		if (added.length === 0) return
		for (const account of added) refuseAtLimit(account, request, '; the renewal is refused')
		for (const account of added) {
			account.count++
			charges.push(account)
		}
	}

	/** A hold ended: every party it was charged to gets its share back. */
	discharge(charges: readonly Account[]): void {
		this.#total--
		for (const account of charges) {
			account.count--
			if (account.count === 0) account.onEmpty?.()
		}
	}

	#accountsOf(asker: Asker): Account[] {
		const accounts = [asker.scope.account]
		const address = asker.address
		if (address !== undefined) {
			let account = this.#addresses.get(address.key)
			if (account === undefined) this.#addresses.set(address.key, (account = new Account(this.#limits.maxHoldsPerAddress, '--max-holds-per-address', address.label, () => this.#addresses.delete(address.key))))
			accounts.push(account)
		}
		const token = asker.token
		if (token !== undefined) {
			let account = this.#tokens.get(token)
			if (account === undefined) this.#tokens.set(token, (account = new Account(this.#limits.maxHoldsPerToken, '--max-holds-per-token', 'this token', () => this.#tokens.delete(token))))
			accounts.push(account)
		}
		return accounts
	}
}

// The place is written only for a refusal: most holds pass.
function placeOfHold(request: HoldRequest): string {
	return placeOf(request.kind, request.name, request.key)
}

function refuseAtLimit(account: Account, request: HoldRequest, tail: string): void {
	if (account.count >= account.limit) {
		throw new ProtocolError('busy', `${placeOfHold(request)}: ${account.label} has ${account.count} holds waiting or held, its share (${account.flag})${tail}`)
	}
}
