/**
 * A TypeScript program's record of the story it plays (doctest/story/outcome.ts): each worker's lock
 * wrapped so the lease its hold is given is noted, each worker's chat.db writes noted with what they
 * bound and whether they ran inside the hold, and `report()`, which prints the outcome line the
 * doctest compares with the scene's frames. The sample runs as written; only its names are these.
 */
import type { HoldOptions, Key, Lease, SqlValue, TryHoldOptions } from '../../../engine/index.ts'
import type { BlockOutcome, BoundValue } from '../../story/outcome.ts'
import { OUTCOME_PREFIX } from '../../story/outcome.ts'
import { chatDb } from './stubs.ts'

/** A lock as a sample holds it: the engine's and the lock server's client's alike. */
export interface HoldingLock {
	hold<T>(key: Key, fn: (lease: Lease) => T | PromiseLike<T>, options?: HoldOptions): Promise<T>
	tryHold<T>(key: Key, fn: (lease: Lease) => T | PromiseLike<T>, options?: TryHoldOptions): Promise<T | undefined>
}

/** The record of one program's story, on chat.db in its folder. */
export class Story {
	readonly db = chatDb('chat.db')
	readonly #outcome: BlockOutcome = { grants: [], writes: [] }
	readonly #holding = new Set<string>()

	/** The worker's lock: holds it as `lock` does, noting the lease each is given and while its function runs. */
	lock(lock: HoldingLock, worker: string): HoldingLock {
		const within = <T>(fn: (lease: Lease) => T | PromiseLike<T>) => async (lease: Lease) => {
			this.#outcome.grants.push({ worker, fence: lease.fence ?? 0n })
			this.#holding.add(worker)
			try {
				return await fn(lease)
			} finally {
				this.#holding.delete(worker)
			}
		}
		return {
			hold: (key, fn, options) => lock.hold(key, within(fn), options),
			tryHold: (key, fn, options) => lock.tryHold(key, within(fn), options),
		}
	}

	/** The worker's chat.db: `db.exec` as the page's tagged template, its values bound as parameters and noted. */
	writer(worker: string) {
		return {
			exec: async (strings: TemplateStringsArray, ...values: SqlValue[]) => {
				const inHold = this.#holding.has(worker)
				const done = await this.db.exec(strings, ...values)
				this.#outcome.writes.push({ worker, changes: done.changes, inHold, values: values.map(bound) })
				return done
			},
		}
	}

	/** Prints the outcome line: every lease given and every write, in order. */
	report(): void {
		const json = JSON.stringify(this.#outcome, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))
		console.log(`${OUTCOME_PREFIX}${json}`)
	}
}

function bound(value: SqlValue): BoundValue {
	if (typeof value === 'string') return { text: value }
	if (typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value))) return { integer: String(value) }
	return { other: String(value) }
}
