/**
 * The wall between a sample and the checker that runs it. Every object the checker hands a sample
 * (its prelude, a lease, an error the engine threw, a promise) reaches the sample as a stand-in
 * that forwards to it, and every object the sample hands back reaches the checker as one too; an
 * object that crosses back is the original again, so identity holds on each side. A stand-in of
 * the checker's takes no change (a sample that sets a property on it, or freezes it, gets a
 * TypeError), and will not give the sample the way out of its world: a constructor
 * (`save.constructor` is the checker's `Function`, which makes code from text in the checker's
 * realm), a prototype's accessors by name, a prototype that is not the object's own.
 */

/** The names through which an object of the checker's reaches the code-from-text constructors or a raw prototype. */
const CLOSED: ReadonlySet<PropertyKey> = new Set(['constructor', '__proto__', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__', 'caller', 'arguments'])

/** The two ways across: `inward` gives the checker's value to the sample, `outward` the sample's value to the checker. */
export interface Membrane {
	inward<T>(value: T): T
	outward<T>(value: T): T
	/**
	 * What a thrown value says of itself, read without running any of the sample's code: its name
	 * and message where they are plain values, its stack where JavaScript keeps it. A getter of the
	 * sample's is never called (a stack that throws when read hid a failure once, and ended the run).
	 */
	describe(thrown: unknown): ThrownParts
	/** Whether the sample never awaited (or read the outcome of) the promise it was given for `promise` of the checker's. */
	unobserved(promise: Promise<unknown>): boolean
}

/** What a membrane is told of the sample's realm. */
export interface SampleRealmParts {
	/** The realm's Promise. */
	Promise: PromiseConstructor
	/**
	 * Makes the realm's promises that stand for the checker's: a frozen subclass of its Promise whose
	 * `then` (which await, catch and Promise.all call) tells `mark` the promise was observed.
	 */
	observing?: (mark: (promise: object) => void) => PromiseConstructor
	/** The getter the realm gives an error's `stack`. */
	stackGetter?: (() => unknown) | undefined
	/**
	 * Made in the realm: the handler whose traps call `traps`' (the checker's) and let through what
	 * they throw only where `isSafe` says it is no object of the checker's; anything else, and a
	 * failure of the checker's trap before its first line (a stack that runs out as it is called,
	 * which JavaScript throws as an error of the callee's realm, the checker's), becomes the realm's
	 * own RangeError. No error of the checker's then reaches the sample raw, whatever the stack's depth.
	 */
	guardTraps?: (traps: ProxyHandler<object>, isSafe: (value: unknown) => boolean) => ProxyHandler<object>
}

/** The frozen subclass of `Base` whose `then` tells `mark` of the promise it is called on: `SampleRealmParts.observing` for a realm whose Promise is `Base`. */
export function observingPromises(Base: PromiseConstructor): (mark: (promise: object) => void) => PromiseConstructor {
	return mark => {
		class Observed<T> extends Base<T> {
			override then<A = T, B = never>(fulfilled?: ((value: T) => A | PromiseLike<A>) | null, rejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
				mark(this)
				return super.then(fulfilled, rejected)
			}
		}
		Object.freeze(Observed.prototype)
		return Object.freeze(Observed) as unknown as PromiseConstructor
	}
}

/** A thrown value's own words, where it has them. */
export interface ThrownParts {
	name?: string
	message?: string
	stack?: string
}

/** The getter JavaScript gives an error's `stack` in this realm: the one getter `describe` calls. */
const STACK_GETTER = Object.getOwnPropertyDescriptor(new Error(), 'stack')?.get

/** A new membrane, with stand-ins of its own. */
export function membrane(sampleRealm: SampleRealmParts = { Promise, observing: observingPromises(Promise) }): Membrane {
	const SamplePromise = sampleRealm.Promise
	// The sample's promises for the checker's, which it observed: the others, failed, are failures it never saw.
	const observed = new WeakSet<object>()
	const GivenPromise = sampleRealm.observing?.(promise => observed.add(promise)) ?? SamplePromise
	const stackGetters = new Set([STACK_GETTER, sampleRealm.stackGetter].filter(getter => getter !== undefined))
	const sampleThen = SamplePromise.prototype.then
	const checkerThen = Promise.prototype.then
	// Each side's stand-ins by the object they stand for, and each stand-in's object.
	const inwardOf = new WeakMap<object, object>()
	const outwardOf = new WeakMap<object, object>()
	const standsFor = new WeakMap<object, object>()

	function isObject(value: unknown): value is object {
		return (typeof value === 'object' && value !== null) || typeof value === 'function'
	}

	function inward<T>(value: T): T {
		if (!isObject(value)) return value
		const original = standsFor.get(value)
		// A stand-in the sample was given already, or one of the sample's own objects coming back.
		if (original !== undefined) return (outwardOf.get(original) === value ? original : value) as T
		// A promise crosses as a promise of the far side that settles as it does, with its value carried: the commonest
		// crossing, made without a stand-in (and the stand-ins of the then and the two callbacks each await would make).
		if (value instanceof Promise) return crossed(value, checkerThen, GivenPromise, sampleThen, inward) as T
		return stand(value, inwardOf, toSample) as T
	}

	function outward<T>(value: T): T {
		if (!isObject(value)) return value
		const original = standsFor.get(value)
		if (original !== undefined) return (inwardOf.get(original) === value ? original : value) as T
		if (value instanceof SamplePromise) return crossed(value, sampleThen, Promise, checkerThen, outward) as T
		return stand(value, outwardOf, toChecker) as T
	}

	// Each promise made on one side for a promise of the other, and back: a promise that crosses back is its own again.
	const promiseFor = new WeakMap<object, object>()

	/**
	 * The promise of the far side (made by `Far`) for `promise` (whose own `then` is `then`): it settles as `promise` does, its
	 * value carried by `carry`. Its failure counts as handled: the promise it stands for is the one whose failure is the code's.
	 */
	function crossed(promise: Promise<unknown>, then: typeof Promise.prototype.then, Far: PromiseConstructor, farThen: typeof Promise.prototype.then, carry: <T>(value: T) => T): Promise<unknown> {
		const known = promiseFor.get(promise)
		if (known !== undefined) return known as Promise<unknown>
		const made = new Far((resolve, reject) => void Reflect.apply(then, promise, [(settled: unknown) => resolve(carry(settled)), (error: unknown) => reject(carry(error))]))
		Reflect.apply(farThen, made, [undefined, () => undefined])
		promiseFor.set(promise, made)
		promiseFor.set(made, promise)
		return made
	}

	/** Whether a value may reach the sample as it is: a plain value, a stand-in, or an object of the sample's realm (not the checker's). */
	const isSafe = (value: unknown): boolean => !isObject(value) || standsFor.has(value) || !(value instanceof Object)
	const toSample = sampleRealm.guardTraps?.(handler(inward, outward, true), isSafe) ?? handler(inward, outward, true)
	const toChecker = handler(outward, inward, false)

	/**
	 * The handler of one side's stand-ins: what a stand-in gives is carried by `there`, what it is
	 * given by `back`; `closed` for the checker's objects, which the sample may read and call but never
	 * change (a change would outlive the run), and whose constructors and prototypes it is not given.
	 */
	function handler(there: <T>(value: T) => T, back: <T>(value: T) => T, closed: boolean): ProxyHandler<object> {
		const shut = (key: PropertyKey): boolean => closed && CLOSED.has(key)
		const of = (shadow: object): object => (shadow as Shadow)[STANDS_FOR]
		// Thrown as the sample's own kind of error: an error of the checker's, thrown raw, would be a way out.
		const refuse = (key: PropertyKey): never => {
			throw there(new TypeError(`${String(key)}: a value the scene gave the code (its prelude, a lease, an answer) is the code's to read and call, not to change`))
		}
		return carryingThrows(there, {
			get: (shadow, key) => (shut(key) ? undefined : there(Reflect.get(of(shadow), key))),
			set: (shadow, key, value) => (closed ? refuse(key) : Reflect.set(of(shadow), key, back(value))),
			has: (shadow, key) => !shut(key) && Reflect.has(of(shadow), key),
			deleteProperty: (shadow, key) => (closed ? refuse(key) : Reflect.deleteProperty(of(shadow), key)),
			defineProperty: (shadow, key, descriptor) => (closed ? refuse(key) : descriptor.configurable !== false && Reflect.defineProperty(of(shadow), key, carried(descriptor, back))),
			getOwnPropertyDescriptor(shadow, key) {
				if (shut(key)) return undefined
				const target = of(shadow)
				const descriptor = Reflect.getOwnPropertyDescriptor(target, key)
				if (descriptor === undefined) return undefined
				// An array's length is its shadow's own, fixed: the shadow's is made the same and told.
				if (Array.isArray(shadow) && key === 'length') {
					shadow.length = (target as unknown[]).length
					return Reflect.getOwnPropertyDescriptor(shadow, key)
				}
				return { ...carried(descriptor, there), configurable: true }
			},
			ownKeys(shadow) {
				const keys = Reflect.ownKeys(of(shadow))
				return Array.isArray(shadow) && !keys.includes('length') ? [...keys, 'length'] : keys
			},
			// A prototype of the checker's is its own business; the sample's are the checker's to see.
			getPrototypeOf: shadow => (closed ? null : there(Reflect.getPrototypeOf(of(shadow)))),
			setPrototypeOf: () => false,
			isExtensible: () => true,
			preventExtensions: () => false,
			apply(shadow, self, args) {
				try {
					return there(Reflect.apply(of(shadow) as (...a: unknown[]) => unknown, back(self), args.map(back)))
				} catch (error) {
					throw there(error)
				}
			},
			construct(shadow, args) {
				try {
					return there(Reflect.construct(of(shadow) as new (...a: unknown[]) => object, args.map(back)))
				} catch (error) {
					throw there(error)
				}
			},
		})
	}

	/**
	 * The stand-in of `target` on the far side. The proxy's own target is a blank shadow of the same
	 * shape (a function, an array, an object), never made frozen, so a frozen object stands in as
	 * well as any: the checks JavaScript makes of a proxy's answers are against the shadow, which
	 * holds nothing to leak.
	 */
	function stand(target: object, made: WeakMap<object, object>, side: ProxyHandler<object>): object {
		const kept = made.get(target)
		if (kept !== undefined) return kept
		const shadow = shadowOf(target)
		const proxy = new Proxy(shadow, side)
		made.set(target, proxy)
		standsFor.set(proxy, target)
		return proxy
	}

	function describe(thrown: unknown): ThrownParts {
		const value = isObject(thrown) ? (standsFor.get(thrown) ?? thrown) : thrown
		if (!isObject(value)) return typeof value === 'string' ? { message: value } : {}
		const parts: ThrownParts = {}
		const name = plain(value, 'name')
		const message = plain(value, 'message')
		if (typeof name === 'string') parts.name = name
		if (typeof message === 'string') parts.message = message
		const stack = Reflect.getOwnPropertyDescriptor(value, 'stack')
		let text: unknown = stack?.value
		if (stack?.get !== undefined && stackGetters.has(stack.get)) {
			try {
				text = Reflect.apply(stack.get, value, [])
			} catch {
				text = undefined
			}
		}
		if (typeof text === 'string') parts.stack = text
		return parts
	}

	function unobserved(promise: Promise<unknown>): boolean {
		const given = promiseFor.get(promise)
		return given !== undefined && !observed.has(given)
	}

	return { inward, outward, describe, unobserved }
}

/** A property's value where it is a plain value on the object or its prototypes (a few, as an error's name is), never a getter's. */
function plain(value: object, key: string): unknown {
	let at: object | null = value
	for (let depth = 0; at !== null && depth < 6; depth++) {
		const descriptor = Reflect.getOwnPropertyDescriptor(at, key)
		if (descriptor !== undefined) return 'value' in descriptor ? descriptor.value : undefined
		at = Reflect.getPrototypeOf(at)
	}
	return undefined
}

/** The handler with each trap's failure carried across by `there`: a getter's error, or a stack that ran out inside the trap, is the far side's to catch only as a stand-in. */
function carryingThrows(there: <T>(value: T) => T, traps: ProxyHandler<object>): ProxyHandler<object> {
	const carried: Record<string, unknown> = {}
	for (const [name, trap] of Object.entries(traps) as [string, (...args: unknown[]) => unknown][]) {
		carried[name] = (...args: unknown[]) => {
			try {
				return trap(...args)
			} catch (error) {
				throw there(error)
			}
		}
	}
	return carried as ProxyHandler<object>
}

/** A property's descriptor with its value and accessors carried across by `carry`. */
function carried(descriptor: PropertyDescriptor, carry: <T>(value: T) => T): PropertyDescriptor {
	const out: PropertyDescriptor = { ...descriptor }
	if ('value' in descriptor) out.value = carry(descriptor.value)
	if (descriptor.get) out.get = carry(descriptor.get)
	if (descriptor.set) out.set = carry(descriptor.set)
	return out
}

/** The key under which a shadow keeps the object it stands for: the handlers are two, shared by every stand-in of a side. */
const STANDS_FOR = Symbol('stands for')

/** A stand-in's own target: blank but for the object it stands for, which no trap tells. */
interface Shadow {
	[STANDS_FOR]: object
}

/** A blank object of `target`'s shape: callable for a function (and constructible for one that is), an array for an array. */
function shadowOf(target: object): Shadow {
	const shadow = (typeof target === 'function' ? ('prototype' in target ? function shadow() {}.bind(null) : () => {}) : Array.isArray(target) ? [] : {}) as unknown as Shadow
	shadow[STANDS_FOR] = target
	return shadow
}
