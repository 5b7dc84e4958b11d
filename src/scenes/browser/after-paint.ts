/** Waiting for the browser to paint: the page's first script uses it, so it stands apart from the motion, which loads with the first touch. */

/** Calls `then` once the next frame has been painted. */
export function afterPaint(then: () => void): void {
	requestAnimationFrame(() => {
		// A message posted from a frame callback is handled after that frame is painted.
		const channel = new MessageChannel()
		channel.port1.onmessage = () => then()
		channel.port2.postMessage(0)
	})
}
