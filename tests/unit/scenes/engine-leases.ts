/**
 * The engine's own account of a scene's leases, read off the engine's objects while the scene runs
 * and not from the simulation's record: each lease's grant time, fence, renewals, and how and when it
 * ended (released, ran out, gone with its store, ended by an operator) or, live when the scene's last frame is made, its
 * TTL end. The timeline's bars are checked against it (tests/unit/scenes/timeline.test.ts, and the
 * browser's drawing in tests/e2e/timeline.spec.ts).
 */
import { Store } from '../../../engine/index.ts'
import type { Lease } from '../../../engine/index.ts'
import { compileScene } from '../../../src/scenes/simulation/index.ts'
import type { SceneFrames } from '../../../src/scenes/frame.ts'
import { openFreshNodeDriver } from '../../../src/scenes/node-sqlite/node-drivers.ts'

/** A lease as the engine had it: `to` is when it ended, or its TTL end when it was live at the scene's end. */
export interface EngineLease {
	fence?: string
	from: number
	to: number
	how: 'released' | 'expired' | 'gone' | 'ended' | 'open'
	renewals: number[]
}

interface Tracked {
	lease: Lease<bigint | undefined>
	store: Store
	from: number
	to?: number
	how?: EngineLease['how']
	renewals: number[]
}

/** A fence as the scenes show it: its count while the epoch is 0, else EPOCH:COUNT. */
function shown(fence: bigint | undefined): string | undefined {
	if (fence === undefined) return undefined
	const epoch = fence >> 64n
	return epoch === 0n ? String(fence & ((1n << 64n) - 1n)) : `${epoch}:${fence & ((1n << 64n) - 1n)}`
}

/** Compiles a scene while watching the engine's stores, and gives its frames and every lease the engine gave. */
export async function scenesLeases(source: string): Promise<{ scene: SceneFrames; leases: EngineLease[] }> {
	const tracked: Tracked[] = []
	const patched = new WeakSet<object>()
	const watch = <T extends { hold: (...args: never[]) => unknown; tryHold: (...args: never[]) => unknown; end: (key: never, leaseId: string) => void }>(store: Store, handle: T): T => {
		if (patched.has(handle)) return handle
		patched.add(handle)
		// An operator's end (the scene's `end a`): the lease it names ends now.
		const end = handle.end.bind(handle) as (key: unknown, leaseId: string) => void
		;(handle as Record<string, unknown>).end = (key: unknown, leaseId: string) => {
			end(key, leaseId)
			const entry = tracked.find(one => one.lease.id === leaseId && one.store === store && one.how === undefined)
			if (entry) {
				entry.how = 'ended'
				entry.to = store.clock.now()
			}
		}
		for (const method of ['hold', 'tryHold'] as const) {
			const original = (handle[method] as (...args: unknown[]) => unknown).bind(handle)
			;(handle as Record<string, unknown>)[method] = (key: unknown, fn: (lease: Lease<bigint | undefined>) => unknown, options: unknown) =>
				original(key, (lease: Lease<bigint | undefined>) => {
					const entry: Tracked = { lease, store, from: store.clock.now(), renewals: [] }
					tracked.push(entry)
					const release = lease.release.bind(lease)
					const renew = lease.renew.bind(lease)
					Object.assign(lease, {
						release: async () => {
							if (!lease.lost && entry.how === undefined) {
								entry.how = 'released'
								entry.to = store.clock.now()
							}
							return release()
						},
						renew: async (ttl?: unknown) => {
							await renew(ttl as never)
							entry.renewals.push(store.clock.now())
						},
					})
					return fn(lease)
				}, options)
		}
		return handle
	}
	// The store's own methods, wrapped for this run and put back after (no test framework: the browser tests use it too).
	const { lock, semaphore, close } = Store.prototype
	Object.assign(Store.prototype, {
		lock(this: Store, name: string) {
			return watch(this, lock.call(this, name))
		},
		semaphore(this: Store, name: string, options: Parameters<Store['semaphore']>[1]) {
			return watch(this, semaphore.call(this, name, options))
		},
		close(this: Store) {
			// A store that closes under its holders ends their leases (a restart); the run's own end comes after its last frame.
			for (const entry of tracked) {
				if (entry.store === this && entry.how === undefined && !entry.lease.lost) {
					entry.how = 'gone'
					entry.to = this.clock.now()
				}
			}
			return close.call(this)
		},
	})
	// The leases as the last frame found them: after it, the run's end lets every hold go, which no frame shows.
	let last: EngineLease[] = []
	const settle = (): void => {
		for (const entry of tracked) {
			if (entry.how !== undefined) continue
			// A lease the engine lost that no release or close ended ran out, at its TTL end.
			if (entry.lease.lost) {
				entry.how = 'expired'
				entry.to = entry.lease.expiresAt
			}
		}
	}
	try {
		const scene = await compileScene(source, { file: 'scene' }, openFreshNodeDriver, {
			onFrame: () => {
				settle()
				last = tracked.map(entry => ({
					...(shown(entry.lease.fence) === undefined ? {} : { fence: shown(entry.lease.fence) }),
					from: entry.from,
					to: entry.to ?? entry.lease.expiresAt,
					how: entry.how ?? 'open',
					renewals: [...entry.renewals],
				}))
			},
		})
		return { scene, leases: last }
	} finally {
		Object.assign(Store.prototype, { lock, semaphore, close })
	}
}
