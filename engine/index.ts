/**
 * The lock engine of tinystore's docs: stores of locks and semaphores whose leases
 * carry fences, on SQLite through a small driver interface. The adapters have their own
 * entries, so that this one imports neither better-sqlite3 nor sql.js:
 * `engine/adapters/index.ts` (any platform) and `engine/adapters/node.ts` (Node).
 */
export { Store, type StoreOptions } from './store.ts'
export type { Lock } from './lock.ts'
export type { Semaphore, SemaphoreOptions } from './semaphore.ts'
export { LeaseCore, type Lease, type SemaphoreLease } from './lease.ts'
// The class behind a lease, for the lock server's synchronous renew and end within one call.
export type { HeldLease } from './lease.ts'
export { keyText, keyPlace, type Key } from './key.ts'
export { DEFAULT_TTL_MS, DEFAULT_WAIT_MS, holdSettings, renewalInterval, type HoldOptions, type HoldSettings, type TryHoldOptions } from './hold-options.ts'
export type { TakeOptions, WaitForOptions } from './hold.ts'
export { LockError, LOCK_ERROR_CODES, type LockErrorCode } from './errors.ts'
export { parseDuration, formatDuration, type Duration } from './duration.ts'
export { realClock, type Clock, type TimerHandle } from './clock.ts'
export { SimulatedClock } from './simulated-clock.ts'
export { makeFence, fenceText, parseFence, fenceEpoch, fenceCount, MAX_FENCE, MAX_FENCE_PART } from './fence.ts'
export type { SqliteDriver, SqlValue, SqlRow } from './driver.ts'
export { refuseNested, runHolding, type AsyncContext } from './nesting.ts'
