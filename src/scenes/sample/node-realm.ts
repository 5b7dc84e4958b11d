/**
 * A realm of its own for the samples a Node process runs: a `node:vm` context made once, with
 * JavaScript's own objects and nothing of Node's (no `process`, no `require`), then hardened:
 * every one of its own objects frozen, its global names fixed, and its ways to make code from text
 * (eval, the Function constructors) taken away. A sample that patches `Array.prototype.sort` or
 * keeps a count on `Promise` gets a TypeError, not the checker's realm or the next scene's run.
 * The web's AbortController and AbortSignal, which a sample may name, are the process's own,
 * given through the realm's wall.
 */
import { createContext, runInContext } from 'node:vm'
import type { SampleRealm } from './load.ts'
import { membrane, type SampleRealmParts } from './membrane.ts'

/** Runs inside the new realm: takes code-from-text away and freezes everything reachable from the global object. */
const HARDEN = `((GIVEN) => {
	'use strict'
	const global = globalThis
	for (const fn of [function () {}, async function () {}, function* () {}, async function* () {}]) {
		Object.defineProperty(Object.getPrototypeOf(fn), 'constructor', { value: undefined, writable: false, configurable: false })
	}
	for (const name of ['eval', 'Function']) Object.defineProperty(global, name, { value: undefined, writable: false, configurable: false })
	// The global object (globalThis names it) will not freeze: its names are fixed below instead.
	const seen = new Set([global])
	const freeze = value => {
		if ((typeof value !== 'object' || value === null) && typeof value !== 'function') return
		if (seen.has(value)) return
		seen.add(value)
		Object.freeze(value)
		freeze(Object.getPrototypeOf(value))
		for (const key of Reflect.ownKeys(value)) {
			const descriptor = Object.getOwnPropertyDescriptor(value, key)
			if (!descriptor) continue
			freeze(descriptor.value)
			freeze(descriptor.get)
			freeze(descriptor.set)
		}
	}
	for (const key of Reflect.ownKeys(global)) {
		const descriptor = Object.getOwnPropertyDescriptor(global, key)
		if (!descriptor) continue
		const fixed = 'value' in descriptor ? { value: descriptor.value, writable: false, configurable: false } : { get: descriptor.get, set: descriptor.set, configurable: false }
		if (descriptor.configurable || descriptor.writable) Object.defineProperty(global, key, fixed)
		// What the process gives (its AbortController, AbortSignal) is a stand-in that takes no change already.
		if (GIVEN.includes(key)) continue
		freeze(descriptor.value)
		freeze(descriptor.get)
		freeze(descriptor.set)
	}
	freeze(Object.getPrototypeOf(global))
})`

/** Made in the new realm: its promises that stand for the process's, each telling `mark` when the code observes it (membrane.ts). */
const OBSERVING = `(mark => {
	class Observed extends Promise {
		then(fulfilled, rejected) {
			// The process's mark, called from the code's depth: a stack that runs out in it is the process's error, kept here.
			try {
				mark(this)
			} catch {}
			return super.then(fulfilled, rejected)
		}
	}
	Object.freeze(Observed.prototype)
	return Object.freeze(Observed)
})`

/** Made in the new realm: the traps of the process's stand-ins, each a wall of the realm's own (membrane.ts, SampleRealmParts.guardTraps). */
const GUARD_TRAPS = `((traps, isSafe) => {
	'use strict'
	const guarded = {}
	for (const name of Reflect.ownKeys(traps)) {
		const trap = traps[name]
		guarded[name] = function (a, b, c, d) {
			let failure
			try {
				return trap(a, b, c, d)
			} catch (error) {
				failure = error
			}
			let safe = false
			try {
				safe = isSafe(failure) === true
			} catch {}
			if (safe) throw failure
			throw new RangeError('Maximum call stack size exceeded')
		}
	}
	return Object.freeze(guarded)
})`

/** The realm, hardened: one a process, made when first asked for. */
let made: SampleRealm | undefined

/** The samples' own realm in this process. */
export function nodeRealm(): SampleRealm {
	if (made) return made
	const context = createContext({}, { codeGeneration: { strings: false, wasm: false } })
	const RealmPromise = runInContext('Promise', context) as PromiseConstructor
	const wall = membrane({
		Promise: RealmPromise,
		observing: runInContext(OBSERVING, context) as (mark: (promise: object) => void) => PromiseConstructor,
		stackGetter: runInContext("Object.getOwnPropertyDescriptor(new Error(), 'stack')?.get", context) as (() => unknown) | undefined,
		guardTraps: runInContext(GUARD_TRAPS, context) as SampleRealmParts['guardTraps'],
	})
	const given = { AbortController: wall.inward(AbortController), AbortSignal: wall.inward(AbortSignal) }
	for (const [name, value] of Object.entries(given)) runInContext('globalThis', context)[name] = value
	;(runInContext(HARDEN, context) as (names: string[]) => void)(Object.keys(given))
	made = { evaluate: (source, file) => runInContext(source, context, { filename: file }), wall }
	return made
}
