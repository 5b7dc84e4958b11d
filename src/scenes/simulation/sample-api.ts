/**
 * The tinystore API as a worker's code sample calls it in a scene: a store's locks and semaphores,
 * their leases, the worker's database and the test clock, each call going to the scene's engine
 * through the world, and each act the scene shows (asking, letting go, renewing by hand, writing,
 * moving the clock) waiting for the step that lets it happen. The domain builds its prelude on these.
 */
import { LeaseCore, LockError, holdSettings, keyPlace, keyText, parseDuration, renewalInterval } from '../../../engine/index.ts'
import type { SampleLease, SampleLock, SamplePorts, SampleStore, SampleWriteResult } from '../../seed/domain.ts'
import type { Lease, WorkerActor } from './actors.ts'
import type { WorkerProcess } from './process.ts'
import type { World } from './world.ts'
import { isLockName } from '../claims/index.ts'

/** The engine's refusals a story may tell: a wait that ran out, a hold cancelled, a store that closed, a lease lost or released. Any other (invalid) is the code's mistake. */
const STORY_CODES: ReadonlySet<string> = new Set(['held', 'cancelled', 'closed', 'lost', 'released'])

/** The options `hold` and `tryHold` take. */
const HOLD_OPTIONS = ['ttl', 'wait', 'signal', 'renew', 'onLost']
const TRY_OPTIONS = ['ttl', 'signal', 'renew', 'onLost']

/** A problem of the scene's cast that the worker's code runs into: thrown into the code, told at its line. */
function castError(message: string): Error {
	return new Error(message)
}

/** The hold each worker's process has going (asked, held or waiting), with the line that asked: a worker holds one at a time. A restarted worker's new process has none. */
const holding = new WeakMap<WorkerProcess, { line: number | undefined }>()

/** The ports one worker's prelude is built on. */
export function samplePorts(world: World, worker: WorkerActor, process: WorkerProcess): SamplePorts {
	const id = worker.actor.id
	let store: SampleStore | undefined
	// The strings this process's prelude calls returned, in the order first returned.
	const returned: string[] = []
	return {
		key: world.key,
		worker: id,
		store: address => {
			const reached = world.storeOf(id)
			// Workers drawn on one store reach it at one address: a worker that opens a folder of its own has a store of its own.
			if (reached && address !== undefined) {
				const first = world.addresses.get(reached.actor.id)
				if (first === undefined) world.addresses.set(reached.actor.id, { address, worker: id })
				else if (first.address !== address) {
					throw castError(`${id}'s code reaches its store at ${JSON.stringify(address)}, and ${first.worker}'s at ${JSON.stringify(first.address)}: the stage draws them on one store (${reached.actor.label.value}), which is at one address`)
				}
			}
			return (store ??= sampleStore(world, worker, process))
		},
		write: (sql, params, fence, fenceDecides, authors, thing) => process.track(write(sql, params, fence, fenceDecides, authors, thing)),
		fenced: () => world.databaseOf(id)?.fenced ?? true,
		advance: duration => process.track(advance(duration)),
		failed: error => process.fault(error),
		call: fn => (...args) => {
			process.record()
			const result = fn(...args)
			// What each prelude call returned, which the run records with the worker's writes (`returned`): a branch of its own, so
			// the promise the code awaits, and when it settles, is the call's as before.
			if (result instanceof Promise) result.then(value => keep(value), () => undefined)
			else keep(result)
			return result instanceof Promise ? (process.track(result) as typeof result) : result
		},
	}

	function keep(value: unknown): void {
		if (typeof value === 'string' && !returned.includes(value)) returned.push(value)
	}

	async function write(sql: string, params: readonly unknown[], fence?: bigint, fenceDecides?: boolean, authors?: boolean, thing?: unknown): Promise<SampleWriteResult> {
		// A comment in the SQL is prose beside the picture, as one in the code is.
		if (/--|\/\*/.test(sql)) throw process.fault(new Error("a comment in the sample's SQL is prose no one checks; say it in the page's prose around the scene, or in a caption"))
		const database = world.databaseOf(id)
		if (!database) throw process.fault(castError(`${id}'s code writes a database, and ${world.databases.size === 0 ? 'the scene has no database actor' : `${id} is linked to no one database actor (link ${id} DB)`}`))
		const acting = process.act({ kind: 'write', database })
		// The statement the write is part of, which the run records with it (what it carried is that statement's to tell).
		const statement = process.parked?.statement
		await acting
		// What the world refuses of a write (SQL that is no write of the story's row, a fence of no lease, tables changed) is
		// the code's failure, told whether or not the code catches it: catching it must not hide it.
		let result: SampleWriteResult & { badFence?: string }
		try {
			result = world.execWrite(worker, database, sql, params, fence, fenceDecides, authors, statement, typeof thing === 'string' ? thing : undefined, typeof thing === 'string' ? [...returned] : undefined)
		} catch (error) {
			throw process.fault(error)
		}
		if (result.badFence !== undefined) {
			throw process.fault(new Error(`${database.actor.label.value} keeps ${JSON.stringify(result.badFence)} as the row's fence: a fence kept as text must be its 40 zero-padded digits (fenceText), or it compares wrong`))
		}
		return { changes: result.changes }
	}

	async function advance(duration: unknown): Promise<void> {
		const ms = parseDuration(duration as never, 'clock.advance')
		await process.act({ kind: 'advance', ms })
	}
}

function sampleStore(world: World, worker: WorkerActor, process: WorkerProcess): SampleStore {
	const id = worker.actor.id
	const store = world.storeOf(id)
	if (!store) throw castError(`${id}'s code uses a store, and ${world.stores.size === 0 ? 'the scene has no lock actor' : `${id} is linked to no one lock actor (link ${id} LOCK)`}`)
	const drawn = store.actor.limit
	const named = store.actor.label.value
	// A store the stage names by its lock (`exports`) is that lock: the code's must be the same name. A store draws one
	// lock: two names of one store are two locks, which exclude nothing of each other.
	const lockName = (name: string): void => {
		if (isLockName(named) && name !== named) throw castError(`${id}'s code asks for the lock '${name}', but the stage labels this store "${named}", a lock's name: the code and the label name one lock, so write the same name in both, letter for letter${name.toLowerCase() === named.toLowerCase() ? ' (these differ in case)' : ''}`)
		const first = world.lockNames.get(store.actor.id)
		if (first === undefined) world.lockNames.set(store.actor.id, { name, worker: id })
		else if (first.name !== name) throw castError(`${id}'s code asks ${named} for the lock '${name}', and ${first.worker}'s for '${first.name}': two locks of one store exclude nothing of each other, and a lock actor draws one`)
	}
	return {
		lock(name: string, ...more: unknown[]): SampleLock {
			process.record()
			if (more.length > 0) throw new TypeError(`lock('${name}'): lock takes a name and nothing more; a hold's options (ttl, wait, renew) go to hold`)
			lockName(name)
			if (drawn !== undefined) throw castError(`${named} is drawn as a semaphore (limit=${drawn}), and ${id}'s code asks it for a lock (lock('${name}')); use semaphore('${name}', { limit: ${drawn} }), or draw a lock`)
			return sampleLock(world, worker, process, name)
		},
		semaphore(name: string, options: { limit: number }, ...more: unknown[]): SampleLock {
			process.record()
			if (more.length > 0) throw new TypeError(`semaphore('${name}', ...): semaphore takes a name and its options ({ limit }) and nothing more`)
			lockName(name)
			const limit = options?.limit
			if (drawn === undefined) throw castError(`${named} is drawn as a lock, and ${id}'s code asks it for a semaphore (semaphore('${name}')); draw it with limit=${String(limit)}, or use lock('${name}')`)
			if (limit !== drawn) throw castError(`${id}'s code asks for semaphore '${name}' with limit ${String(limit)}, and ${named} is drawn with limit=${drawn}`)
			return sampleLock(world, worker, process, name)
		},
	}
}

function sampleLock(world: World, worker: WorkerActor, process: WorkerProcess, name: string): SampleLock {
	const take = async <T>(tryOnly: boolean, key: unknown, fn: (lease: SampleLease) => T | PromiseLike<T>, options: Record<string, unknown> | undefined): Promise<T | undefined> => {
		process.record()
		const id = worker.actor.id
		const store = world.storeOf(id)
		if (!store) throw castError(`${id}'s code holds a key, and ${id} is linked to no one lock actor`)
		const text = keyText(key as never, name)
		const place = keyPlace(name, text)
		if (text !== world.key) throw castError(`${place}: ${id}'s code holds key "${text}", and the scene's key is "${world.key}" (key "${world.key}"; the prelude's chatId is it)`)
		if (typeof fn !== 'function') throw new LockError('invalid', `${place}: expected a function to run holding the key`)
		// As TypeScript's check of an object literal would: an option the API does not have is a mistake, not a setting.
		const known = tryOnly ? TRY_OPTIONS : HOLD_OPTIONS
		for (const option of Object.keys(options ?? {})) {
			if (!known.includes(option)) throw new TypeError(`${place}: ${tryOnly ? 'tryHold' : 'hold'} has no option "${option}"; its options are ${known.join(', ')}`)
		}
		const settings = holdSettings(tryOnly ? { ...options, wait: 0 } : (options as never), place)
		// The world keeps one hold a worker: a second while the first still runs (inside its function, or beside it) would hide it.
		const going = holding.get(process)
		if (going) throw process.fault(castError(`${id}'s code asks for the key again while its hold${going.line === undefined ? '' : ` (line ${going.line})`} still runs: a worker of a scene holds or waits for one key at a time; let go first, or give the second hold to another worker`))
		holding.set(process, { line: process.line })
		let outcome: { value: T | undefined } | { error: unknown }
		try {
			await process.act({ kind: 'ask', store, tryOnly, wait: settings.wait, ttl: settings.ttl })
			const line = process.line
			holding.set(process, { line })
			const hold = await world.startHold(worker, store, {
				tryOnly,
				...(line === undefined ? {} : { line }),
				wait: settings.wait,
				// A hold whose code gave no wait waits the library's default: no bound the code chose.
				...(!tryOnly && (options as { wait?: unknown } | undefined)?.wait === undefined ? { waitDefault: true as const } : {}),
				ttl: settings.ttl,
				...(settings.renew ? { renews: true as const } : {}),
				position: world.statement ?? world.scene.position,
				...(settings.signal === undefined ? {} : { signal: settings.signal }),
				body: async lease => {
					// The code's listener runs in its process: once it is awake.
					const onLost = settings.onLost
					if (onLost && lease instanceof LeaseCore) lease.onLost(reason => process.whenAwake(() => onLost(reason)))
					if (worker.hold) worker.hold.renews = settings.renew === true
					if (settings.renew) renewWhileHeld(world, worker, process, lease, settings.ttl)
					// The engine gave the key; a paused process's code goes on when it wakes.
					await process.awake()
					const hold = worker.hold
					// Whether the function returned (not threw): its return, after its lease was lost, is told as the end of its work.
					let returned = false
					// What its function runs from here on: none yet (a function of the prelude, `work` itself, runs no statement of the sample's).
					process.lastRan = undefined
					try {
						const value = await fn(sampleLease(world, worker, process, lease))
						returned = true
						return value
					} catch (error) {
						// A mistake of the code is told where it was made, though the hold still lets go before it reaches the top.
						process.threw(error)
						throw error
					} finally {
						// Letting go is an act the scene shows (`release W`), unless the code let go already or the lease is gone: the
						// hold lets go where it was asked for, when its function returns.
						if (!worker.hold?.released && !lease.lost) {
							// Its return is the end of its work now, though the let-go waits for the step that shows it: unless the last
							// statement it ran in it awaits a piece of work with no act of its own (`await work(lease)`), which goes on until the
							// let-go (the act it next stops at), as a work call before a save a later step shows goes on until that save.
							// Set by the statements the function ran since `lastRan = undefined` above (TypeScript keeps that narrowing across the await).
							const last = process.lastRan as { statement?: number; act?: true } | undefined
							// A function that ran no statement of the sample's (the prelude's `work` given to hold) is such a piece of work too.
							const working = last === undefined || (last.act === undefined && last.statement !== undefined && world.awaitsWork(last.statement))
							if (returned && !working && worker.hold === hold && hold?.lease === lease) world.finished(worker)
							await process.act({ kind: 'release', store, lease }, line)
							await world.release(worker)
						} else if (returned && worker.hold === hold && hold?.lease === lease && !hold.released) {
							// Its lease was lost while its code ran on (it ran out, an operator ended it): the engine's hold lets go of
							// nothing, and no step shows an act, but the function returned here, now: the record tells that return.
							world.returned(worker)
						}
					}
				},
			})
			// The engine's refusal of the hold (a wait that ran out, a store that closed) is one a story may tell. Either way the
			// code goes on once its process is awake: a paused process's code does not run on a refusal any more than on a grant.
			try {
				outcome = { value: (await hold.done) as T | undefined }
			} catch (error) {
				outcome = { error: error instanceof LockError && STORY_CODES.has(error.code) ? process.story(error) : error }
			}
		} finally {
			holding.delete(process)
		}
		await process.awake()
		if ('error' in outcome) throw outcome.error
		return outcome.value
	}
	return {
		name,
		hold: (key, fn, options) => process.track(take(false, key, fn, options)) as Promise<never>,
		tryHold: (key, fn, options) => process.track(take(true, key, fn, options)),
	}
}

/** The renewals a hold with `renew` on makes: every third of the TTL, on the worker process's own timer, so a paused process makes none. */
function renewWhileHeld(world: World, worker: WorkerActor, process: WorkerProcess, lease: Lease, ttl: number): void {
	const hold = worker.hold
	const every = renewalInterval(ttl)
	const next = (): void => {
		if (hold) hold.renewDue = world.clock.now() + every
		process.timer(every, () => {
			if (worker.hold !== hold || lease.lost || hold?.released || hold?.gone) return
			// The next renewal is set before this one is made: a refused one leaves the lease lost, and that timer then stops.
			next()
			void world.renew(worker, { auto: true })
		})
	}
	next()
}

function sampleLease(world: World, worker: WorkerActor, process: WorkerProcess, lease: Lease): SampleLease {
	const store = worker.hold?.store
	let signal: AbortSignal | undefined
	return {
		id: lease.id,
		fence: lease.fence,
		// Made when the code reads it (a signal nobody made is not aborted, and its reason not made, when the lease runs out),
		// and aborted in the code's process once it is awake: a paused process's listeners run when it wakes.
		get signal() {
			return (signal ??= processSignal(process, lease.signal))
		},
		get expiresAt() {
			return lease.expiresAt
		},
		get lost() {
			return lease.lost
		},
		async release() {
			if (!store) return
			await process.act({ kind: 'release', store, lease })
			// Let go by the code's call, while its function runs on: not its function returning.
			await world.release(worker, { called: true })
		},
		async renew(ttl?: number | string) {
			if (!store) return
			await process.act({ kind: 'renew', store })
			const refusal = await world.renew(worker, ttl === undefined ? {} : { ttl })
			if (refusal !== undefined) throw process.story(refusal)
		},
	}
}

/** A signal of the code's that aborts as `engine` does, once the process is awake (never, once it crashed). */
function processSignal(process: WorkerProcess, engine: AbortSignal): AbortSignal {
	const controller = new AbortController()
	const abort = (): void => process.whenAwake(() => controller.abort(engine.reason))
	if (engine.aborted) abort()
	else engine.addEventListener('abort', abort, { once: true })
	return controller.signal
}
