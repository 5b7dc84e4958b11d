import { formatDuration } from './duration.ts'
import { invalid } from './errors.ts'

/**
 * A place that follows a call through its awaits and timers, which a store needs to see that a hold
 * is made inside a hold of the same key. Node's `AsyncLocalStorage` has this shape; `openStore` and
 * the lock server's client make one. Without it a store cannot tell.
 */
export interface AsyncContext {
	run<R>(store: unknown, fn: () => R): R
	getStore(): unknown
}

/** A lease as a nested hold looks at it: whether it still holds its key, and its id for the message. */
interface HeldMark {
	readonly id: string
	readonly held: boolean
}

/** One hold a call runs inside: the lock it is of (its owner), the key and the lease; `outer` the hold around it. */
interface Enclosing {
	readonly owner: object
	readonly key: string
	readonly lease: HeldMark
	readonly outer: Enclosing | undefined
}

/** Runs `fn` as the function of a hold of `key` of `owner` (a lock), so that a hold of the same key inside it is seen. */
export function runHolding<R>(context: AsyncContext | undefined, owner: object, key: string, lease: HeldMark, fn: () => R): R {
	if (context === undefined) return fn()
	const outer = context.getStore() as Enclosing | undefined
	return context.run({ owner, key, lease, outer } satisfies Enclosing, fn)
}

/**
 * Refuses a hold of `key` of `owner` that would wait (`wait` > 0), made inside the function of a hold of
 * the same key whose lease still holds it: it would wait in line behind its own caller, which waits for
 * it, until its wait ran out (or for ever). A lock is not reentrant; the call that holds the key has its
 * lease already. A try (`wait` 0) is let through: it finds the key held, and waits for nothing.
 */
export function refuseNested(context: AsyncContext | undefined, owner: object, key: string, place: string, wait: number): void {
	// A try (no wait) finds the key held, which is true, and waits for nothing.
	if (context === undefined || wait === 0) return
	for (let hold = context.getStore() as Enclosing | undefined; hold !== undefined; hold = hold.outer) {
		if (hold.owner !== owner || hold.key !== key || !hold.lease.held) continue
		const waits = wait === Number.POSITIVE_INFINITY ? 'would wait for itself for ever' : `would wait for itself until its ${formatDuration(wait)} wait ran out`
		throw invalid(`${place}: this hold is inside a hold of the same key (lease ${hold.lease.id}) and ${waits}: a lock is not reentrant, so use the lease you hold`)
	}
}

/** Checks that a store's `asyncContext` option has the shape of an `AsyncLocalStorage`. */
export function checkAsyncContext(context: unknown, place: string): AsyncContext | undefined {
	if (context === undefined) return undefined
	const given = context as Partial<AsyncContext> | null
	if (typeof given?.run !== 'function' || typeof given.getStore !== 'function') throw invalid(`${place}: asyncContext: expected run() and getStore(), as an AsyncLocalStorage has`)
	return given as AsyncContext
}
