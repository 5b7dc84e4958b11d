import type { LockError } from '../engine/index.ts'
import type { ClientScope, Ended } from './holds.ts'
import type { HoldTarget, HoldTerms, ProtocolError } from './protocol.ts'

/** How a lease ended, and its fence, so a late call with a wrong fence is refused as on a held lease. */
export interface EndedLease {
	how: Ended
	fence: bigint | undefined
}

/** How a hold ended, kept so that a retry of it gets the same answer. */
export interface EndedHold {
	/** What it asked for, which a retry has to ask for too. */
	target: HoldTarget
	error: LockError | ProtocolError | undefined
	leaseId: string | undefined
	how: Ended | undefined
}

/**
 * The slots of the last `size` ids remembered, in a ring: remembering one more takes the
 * oldest's slot, so the memory makes no object per entry and never grows past its size.
 */
class RecentSlots {
	readonly #slotOf = new Map<string, number>()
	readonly #ids: (string | undefined)[]
	#next = 0

	constructor(readonly size: number) {
		this.#ids = new Array<string | undefined>(size).fill(undefined)
	}

	/** The slot of a remembered id, else -1. */
	find(id: string): number {
		return this.#slotOf.get(id) ?? -1
	}

	/** A slot for an id not remembered yet: the oldest one, whose id is forgotten. */
	add(id: string): number {
		const slot = this.#next
		this.#next = slot + 1 === this.size ? 0 : slot + 1
		const old = this.#ids[slot]
		if (old !== undefined) this.#slotOf.delete(old)
		this.#ids[slot] = id
		this.#slotOf.set(id, slot)
		return slot
	}
}

const endings: readonly Ended[] = ['released', 'expired', 'closed', 'ended']

/** How the last ended leases ended, and their fences, so a late call with a wrong fence is refused as on a held lease. */
export class EndedLeases {
	readonly #slots: RecentSlots
	readonly #how: Uint8Array
	readonly #fences: (bigint | undefined)[]

	constructor(size: number) {
		this.#slots = new RecentSlots(size)
		this.#how = new Uint8Array(size)
		this.#fences = new Array<bigint | undefined>(size).fill(undefined)
	}

	get(leaseId: string): EndedLease | undefined {
		const slot = this.#slots.find(leaseId)
		return slot < 0 ? undefined : { how: endings[this.#how[slot] as number] as Ended, fence: this.#fences[slot] }
	}

	/** Remembers how a lease ended; a lease ends once, so it is not looked for first. */
	add(leaseId: string, how: Ended, fence: bigint | undefined): void {
		const slot = this.#slots.add(leaseId)
		this.#how[slot] = endings.indexOf(how)
		this.#fences[slot] = fence
	}
}

/** How the last ended holds ended, by client and request id, so that a retry of one gets the same answer. */
export class EndedHolds {
	readonly #size: number
	// A ring: remembering one more takes the oldest's slot. Each client keeps its own request ids' slots.
	readonly #scopes: (ClientScope | undefined)[]
	readonly #requestIds: (string | undefined)[]
	// What each asked for, in fields: an object kept would keep what came with it (its wire id), or its hold.
	readonly #names: (string | undefined)[]
	readonly #keys: (string | undefined)[]
	// A semaphore's limit; 0 for a lock.
	readonly #limits: Uint32Array
	readonly #errors: (LockError | ProtocolError | undefined)[]
	readonly #leaseIds: (string | undefined)[]
	readonly #how: Uint8Array
	readonly #forgot: (scope: ClientScope) => void
	#next = 0

	/** `forgot` hears of a client one of whose holds was forgotten, so the client can be forgotten too once nothing is left of it. */
	constructor(size: number, forgot: (scope: ClientScope) => void) {
		this.#size = size
		this.#scopes = new Array<ClientScope | undefined>(size).fill(undefined)
		this.#requestIds = new Array<string | undefined>(size).fill(undefined)
		this.#names = new Array<string | undefined>(size).fill(undefined)
		this.#keys = new Array<string | undefined>(size).fill(undefined)
		this.#limits = new Uint32Array(size)
		this.#errors = new Array<LockError | ProtocolError | undefined>(size).fill(undefined)
		this.#leaseIds = new Array<string | undefined>(size).fill(undefined)
		this.#how = new Uint8Array(size)
		this.#forgot = forgot
	}

	get(scope: ClientScope, requestId: string): EndedHold | undefined {
		const slot = scope.ended.get(requestId)
		if (slot === undefined) return undefined
		const leaseId = this.#leaseIds[slot]
		const limit = this.#limits[slot] as number
		const name = this.#names[slot] as string
		const key = this.#keys[slot] as string
		const target: HoldTarget = limit === 0 ? { kind: 'lock', name, key } : { kind: 'semaphore', name, key, limit }
		return { target, error: this.#errors[slot], leaseId, how: leaseId === undefined ? undefined : endings[this.#how[slot] as number] }
	}

	/** A hold refused: its retry is refused alike. */
	refused(scope: ClientScope, request: HoldTerms, error: LockError | ProtocolError): void {
		this.#set(scope, request, error, undefined, 'expired')
	}

	/** A hold whose lease ended: its retry is refused as the lease's end says. */
	ended(scope: ClientScope, request: HoldTerms, leaseId: string, how: Ended): void {
		this.#set(scope, request, undefined, leaseId, how)
	}

	#set(scope: ClientScope, request: HoldTerms, error: LockError | ProtocolError | undefined, leaseId: string | undefined, how: Ended): void {
		let slot = scope.ended.get(request.requestId)
		if (slot === undefined) {
			slot = this.#next
			this.#next = slot + 1 === this.#size ? 0 : slot + 1
			const old = this.#scopes[slot]
			if (old !== undefined) {
				old.ended.delete(this.#requestIds[slot] as string)
				if (old !== scope) this.#forgot(old)
			}
			this.#scopes[slot] = scope
			this.#requestIds[slot] = request.requestId
			scope.ended.set(request.requestId, slot)
		}
		this.#names[slot] = request.name
		this.#keys[slot] = request.key
		this.#limits[slot] = request.limit ?? 0
		this.#errors[slot] = error
		this.#leaseIds[slot] = leaseId
		this.#how[slot] = endings.indexOf(how)
	}
}
