/**
 * The globals the engine's core may use: what Node (20 and later) and browsers both provide, as
 * far as the core needs it. The core's tsconfig loads neither Node's types nor the DOM's, so a
 * use of anything else (process, Buffer, document, window) fails the type check. The site's
 * tsconfig leaves this file out and checks the same code against the real declarations.
 */

declare const timeoutBrand: unique symbol

/** What setTimeout returns: a number in browsers, an object in Node; only clearTimeout reads it. */
type TimeoutId = { readonly [timeoutBrand]: true }

declare function setTimeout(callback: () => void, ms?: number): TimeoutId
declare function clearTimeout(id: TimeoutId | undefined): void
declare function queueMicrotask(callback: () => void): void
/** Node's; browsers lack it, so the core checks for it before use. */
declare var setImmediate: ((callback: () => void) => unknown) | undefined

declare const performance: { readonly timeOrigin: number; now(): number }

interface AbortSignal {
	readonly aborted: boolean
	readonly reason: unknown
	addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void
	removeEventListener(type: 'abort', listener: () => void): void
}

declare class AbortController {
	readonly signal: AbortSignal
	abort(reason?: unknown): void
}

interface MessagePort {
	onmessage: (() => void) | null
	postMessage(message: unknown): void
}

/** In both, but declared as maybe missing, as the core checks for it before use. */
declare var MessageChannel: (new () => { readonly port1: MessagePort; readonly port2: MessagePort }) | undefined
