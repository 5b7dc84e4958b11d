import { LockError } from './errors.ts'
import { holdSettings, type HoldOptions, type TryHoldOptions } from './hold-options.ts'
import { keyPlace, keyText, type Key } from './key.ts'
import { refuseNested, runHolding as runNested } from './nesting.ts'
import type { KeyedQueue, QueueHost } from './key-queue.ts'
import type { HeldLease, Lease, LostListener } from './lease.ts'

/**
 * Runs `fn` holding a lease on the key, waiting in line for it if needed, and releases
 * the lease after `fn`, also when it throws. Resolves to what `fn` resolves to, even
 * when the lease was lost while it ran (`lease.lost` tells; the fence guards the writes).
 */
export async function holdKey<Fence extends bigint | undefined, T>(
	queue: KeyedQueue<Fence>,
	key: Key,
	fn: (lease: Lease<Fence>) => T | PromiseLike<T>,
	options: HoldOptions | undefined,
): Promise<T> {
	const text = keyText(key, queue.place)
	const settings = holdSettings(options, keyPlace(queue.place, text))
	checkHold(queue, text, fn, settings.signal, settings.wait)
	let lease = queue.take(text, settings.ttl, settings.renew)
	if (lease === undefined) {
		lease = await queue.wait(text, settings.ttl, settings.renew, settings.wait, settings.signal)
		// The store may have closed between the grant and this line; the lease is lost then.
		if (queue.host.closed) throw closedError(queue, text)
	}
	if (settings.onLost !== undefined) lease.onLost(settings.onLost)
	return runHolding(queue, lease, fn)
}

/** Like `holdKey`, but resolves to undefined at once, without running `fn`, when the key has no room. */
export async function tryHoldKey<Fence extends bigint | undefined, T>(
	queue: KeyedQueue<Fence>,
	key: Key,
	fn: (lease: Lease<Fence>) => T | PromiseLike<T>,
	options: TryHoldOptions | undefined,
): Promise<T | undefined> {
	const text = keyText(key, queue.place)
	const settings = holdSettings(options, keyPlace(queue.place, text))
	checkHold(queue, text, fn, settings.signal, 0)
	const lease = queue.take(text, settings.ttl, settings.renew)
	if (lease === undefined) return undefined
	if (settings.onLost !== undefined) lease.onLost(settings.onLost)
	return runHolding(queue, lease, fn)
}

/** How a lease is given to a holder on behalf of others (a lock server), which has checked these already: the TTL in ms, and a listener for its loss. */
export interface TakeOptions {
	ttl: number
	/** Told, with the lease, when it is lost: one listener may serve many leases. */
	onLost?: LostListener
}

/** How such a holder waits in a key's line: the wait in ms, and a signal that withdraws it. */
export interface WaitForOptions extends TakeOptions {
	wait: number
	signal?: AbortSignal
}

/** A lease on the key now, with no function run, if it has room and nobody waits; else undefined. The lease is not renewed on its own; its holder ends it. */
export function takeKey<Fence extends bigint | undefined>(queue: KeyedQueue<Fence>, key: string, options: TakeOptions): HeldLease<Fence> | undefined {
	if (queue.host.closed) throw closedError(queue, key)
	const lease = queue.take(key, options.ttl, false)
	if (lease !== undefined && options.onLost !== undefined) lease.onLost(options.onLost)
	return lease
}

/** A lease on the key once it comes to this waiter, as `takeKey`'s: `held` after the wait, `cancelled` when the signal aborts. */
export async function waitForKey<Fence extends bigint | undefined>(queue: KeyedQueue<Fence>, key: string, options: WaitForOptions): Promise<HeldLease<Fence>> {
	if (queue.host.closed) throw closedError(queue, key)
	const lease = await queue.wait(key, options.ttl, false, options.wait, options.signal)
	// The store may have closed between the grant and this line; the lease is lost then.
	if (queue.host.closed) throw closedError(queue, key)
	if (options.onLost !== undefined) lease.onLost(options.onLost)
	return lease
}

/** What the checks of a hold read of its queue. */
interface QueuePlace {
	readonly place: string
	readonly host: QueueHost
	readonly kind?: 'lock' | 'semaphore'
}

// A lock's hold runs its function where a hold of the same key inside it is seen; a semaphore's nested hold takes another place, so it is not looked for.
async function runHolding<Fence extends bigint | undefined, T>(
	queue: QueuePlace,
	lease: HeldLease<Fence>,
	fn: (lease: Lease<Fence>) => T | PromiseLike<T>,
): Promise<T> {
	try {
		return await (queue.kind === 'lock' ? runNested(queue.host.asyncContext, queue, lease.key, lease, () => fn(lease)) : fn(lease))
	} finally {
		lease.end()
	}
}

function checkHold(queue: QueuePlace, key: string, fn: unknown, signal: AbortSignal | undefined, wait: number): void {
	if (typeof fn !== 'function') throw new LockError('invalid', `${keyPlace(queue.place, key)}: expected a function to run holding the key`)
	if (queue.host.closed) throw closedError(queue, key)
	if (signal?.aborted) {
		throw new LockError('cancelled', `${keyPlace(queue.place, key)}: cancelled before the hold began`, { cause: signal.reason })
	}
	if (queue.kind === 'lock') refuseNested(queue.host.asyncContext, queue, key, keyPlace(queue.place, key), wait)
}

function closedError(queue: QueuePlace, key: string): LockError {
	return new LockError('closed', `${keyPlace(queue.place, key)}: the store is closed`)
}
