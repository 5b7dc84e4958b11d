/**
 * Resolves after the event loop has run one macrotask, so every promise chain that
 * needs only microtasks has finished by then. Uses `setImmediate` where it exists
 * (Node), else a `MessageChannel` (browsers, which clamp nested `setTimeout` to 4 ms),
 * else `setTimeout`.
 */
export const nextMacrotask: () => Promise<void> = pickMacrotask()

function pickMacrotask(): () => Promise<void> {
	const { setImmediate, MessageChannel } = globalThis
	if (typeof setImmediate === 'function') {
		return () => new Promise(resolve => setImmediate(resolve))
	}
	if (typeof MessageChannel === 'function') {
		const channel = new MessageChannel()
		const waiting: (() => void)[] = []
		channel.port1.onmessage = () => waiting.shift()?.()
		return () =>
			new Promise(resolve => {
				waiting.push(resolve)
				channel.port2.postMessage(0)
			})
	}
	return () => new Promise(resolve => setTimeout(resolve, 0))
}

/**
 * Resolves once the microtask queue has run empty: every promise chain already started has
 * finished or waits on something else (a timer, I/O). Node runs a `process.nextTick` queued
 * from a microtask only after the whole queue is drained, which is far cheaper than a round of
 * the event loop; elsewhere this is `nextMacrotask`, which drains it too.
 */
export const microtasksDrained: () => Promise<void> = pickDrain()

function pickDrain(): () => Promise<void> {
	// Looked up, not declared: the core may not name Node's globals (portable-globals.d.ts).
	const process = (globalThis as { process?: { nextTick?: unknown; versions?: { node?: unknown } } }).process
	const nextTick = process?.nextTick
	// Only Node's own: a bundler's stand-in for `process` may run its ticks as plain microtasks.
	if (typeof nextTick !== 'function' || typeof process?.versions?.node !== 'string') return nextMacrotask
	const later = nextTick as (callback: () => void) => void
	return () => Promise.resolve().then(() => new Promise<void>(resolve => later(resolve)))
}
