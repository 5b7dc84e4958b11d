import type { AddressGroup } from './address-group.ts'
import { placeOfHold, ProtocolError, type HoldTarget } from './protocol.ts'

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

/** A hold as the quotas charge it: its client's account, and the address's and token's it was charged to, and its renewers'. */
export interface Charged {
	readonly scope: { readonly account: Account }
	address: Account | undefined
	token: Account | undefined
	/** The parties of renewers that were not the hold's own: made only for such a renewal. */
	renewers: Account[] | undefined
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

	/** Counts a new hold (`charged`, of the asker's client) against the server and the asker's client, address and token, or refuses it as `busy` at a limit. */
	charge(asker: Asker, request: HoldTarget, charged: Charged): void {
		if (this.#total >= this.#limits.maxHolds) {
			throw new ProtocolError('busy', `${placeOfHold(request)}: the server has ${this.#limits.maxHolds} holds open, its limit (--max-holds)`)
		}
		const client = asker.scope.account
		const address = this.#addressOf(asker)
		const token = this.#tokenOf(asker)
		refuseAtLimit(client, request, '')
		if (address !== undefined) refuseAtLimit(address, request, '')
		if (token !== undefined) refuseAtLimit(token, request, '')
		client.count++
		if (address !== undefined) address.count++
		if (token !== undefined) token.count++
		charged.address = address
		charged.token = token
		this.#total++
	}

	/** Charges a hold to the parties of a renewer it was not charged to yet, or refuses the renewal as `busy` when one of them is at its share. */
	chargeRenewal(charged: Charged, renewer: Asker, request: HoldTarget): void {
		const has = (account: Account) => account === charged.scope.account || account === charged.address || account === charged.token || (charged.renewers?.includes(account) ?? false)
		const added = [renewer.scope.account, this.#addressOf(renewer), this.#tokenOf(renewer)].filter((account): account is Account => account !== undefined && !has(account))
		if (added.length === 0) return
		for (const account of added) refuseAtLimit(account, request, '; the renewal is refused')
		for (const account of added) {
			account.count++
			;(charged.renewers ??= []).push(account)
		}
	}

	/** A hold ended: every party it was charged to gets its share back. */
	discharge(charged: Charged): void {
		this.#total--
		release(charged.scope.account)
		if (charged.address !== undefined) release(charged.address)
		if (charged.token !== undefined) release(charged.token)
		for (const account of charged.renewers ?? []) release(account)
	}

	#addressOf(asker: Asker): Account | undefined {
		const address = asker.address
		if (address === undefined) return undefined
		let account = this.#addresses.get(address.key)
		if (account === undefined) this.#addresses.set(address.key, (account = new Account(this.#limits.maxHoldsPerAddress, '--max-holds-per-address', address.label, () => this.#addresses.delete(address.key))))
		return account
	}

	#tokenOf(asker: Asker): Account | undefined {
		const token = asker.token
		if (token === undefined) return undefined
		let account = this.#tokens.get(token)
		if (account === undefined) this.#tokens.set(token, (account = new Account(this.#limits.maxHoldsPerToken, '--max-holds-per-token', 'this token', () => this.#tokens.delete(token))))
		return account
	}
}

function release(account: Account): void {
	account.count--
	if (account.count === 0) account.onEmpty?.()
}

// The place is written only for a refusal: most holds pass.
function refuseAtLimit(account: Account, request: HoldTarget, tail: string): void {
	if (account.count >= account.limit) {
		throw new ProtocolError('busy', `${placeOfHold(request)}: ${account.label} has ${account.count} holds waiting or held, its share (${account.flag})${tail}`)
	}
}
