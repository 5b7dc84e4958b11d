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
