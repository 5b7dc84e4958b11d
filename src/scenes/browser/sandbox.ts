/**
 * What a worker that runs a reader's code takes away from that code once its own modules have
 * loaded: the network (fetch, XMLHttpRequest, WebSocket, EventSource, importScripts, beacons), the
 * page's storage (IndexedDB, the Cache API, BroadcastChannel), and every way to make code from text
 * (the Function constructors, eval). A sample may name only its prelude and a few of JavaScript's
 * values (the compiler refuses the rest), so these are what is left to reach through prototypes.
 */

/** The names taken from the worker's global scope. */
export const TAKEN = ['fetch', 'XMLHttpRequest', 'WebSocket', 'WebSocketStream', 'EventSource', 'importScripts', 'indexedDB', 'caches', 'BroadcastChannel', 'eval', 'Function'] as const

/** Takes the network, the storage and code-from-text away from `scope` (the worker's global object); returns what it took. */
export function lockDown(scope: Record<string, unknown> = globalThis as unknown as Record<string, unknown>): string[] {
	const taken: string[] = []
	for (const name of TAKEN) {
		if (!(name in scope)) continue
		try {
			Object.defineProperty(scope, name, { value: undefined, writable: false, configurable: false })
			taken.push(name)
		} catch {
			// A name the scope will not give up is checked by the caller's test.
		}
	}
	const navigator = scope['navigator'] as Record<string, unknown> | undefined
	if (navigator && 'sendBeacon' in navigator) {
		Object.defineProperty(navigator, 'sendBeacon', { value: undefined })
		taken.push('navigator.sendBeacon')
	}
	// `(() => {}).constructor` is Function, `(async () => {}).constructor` AsyncFunction, and so on: each makes code from text.
	for (const fn of [function () {}, async function () {}, function* () {}, async function* () {}]) {
		Object.defineProperty(Object.getPrototypeOf(fn), 'constructor', { value: undefined, writable: false, configurable: false })
	}
	taken.push('the Function constructors')
	return taken
}
