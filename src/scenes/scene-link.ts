/**
 * Text carried in a link's fragment: a scene's source in a playground link (`#scene=`), or a
 * reader's played session; raw DEFLATE, then base64url. The scene pipeline (a page's link to the
 * playground, "Play it yourself") and the playground both read it here.
 */

/** Where the playground page is served. */
const PLAYGROUND_PATH = '/playground/'

/** The fragment's parameter that holds the scene (`#scene=PAYLOAD`). */
const SCENE_PARAMETER = 'scene'

/** The longest payload a link may carry, in characters: about 18 KB of compressed scene, far more than any guide's. */
export const MAX_PAYLOAD_CHARS = 24 * 1024

/** The longest scene a payload may unpack to, in bytes of UTF-8, so a small hostile payload cannot inflate into a huge one. */
export const MAX_SCENE_BYTES = 64 * 1024

/** A link whose scene cannot be read; its message says why, in words for the person who opened it. */
export class SceneLinkError extends Error {
	override name = 'SceneLinkError'
}

const BASE64URL = /^[A-Za-z0-9_-]*$/

async function drain(stream: ReadableStream<Uint8Array>, limit: number, tooLarge: string): Promise<Uint8Array> {
	const reader = stream.getReader()
	const chunks: Uint8Array[] = []
	let size = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		size += value.byteLength
		if (size > limit) {
			await reader.cancel()
			throw new SceneLinkError(tooLarge)
		}
		chunks.push(value)
	}
	const out = new Uint8Array(size)
	let at = 0
	for (const chunk of chunks) {
		out.set(chunk, at)
		at += chunk.byteLength
	}
	return out
}

function piped(bytes: Uint8Array<ArrayBuffer>, transform: CompressionStream | DecompressionStream): ReadableStream<Uint8Array> {
	// A Blob's stream, not a writer we await: awaiting the write would wait for a reader that only starts after it.
	return new Blob([bytes]).stream().pipeThrough(transform)
}

function toBase64url(bytes: Uint8Array): string {
	let binary = ''
	// In slices, because String.fromCharCode takes its bytes as arguments and a long scene has too many.
	for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
	return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
	const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4))
	return Uint8Array.from(binary, char => char.charCodeAt(0))
}

/** The payload for a scene's source: raw DEFLATE (CompressionStream 'deflate-raw'), base64url without padding. */
export async function encodeScene(source: string): Promise<string> {
	const bytes = new TextEncoder().encode(source)
	if (bytes.byteLength > MAX_SCENE_BYTES) {
		throw new SceneLinkError(`this scene is ${bytes.byteLength} bytes; a link carries at most ${MAX_SCENE_BYTES}`)
	}
	const payload = toBase64url(await drain(piped(bytes, new CompressionStream('deflate-raw')), Infinity, ''))
	if (payload.length > MAX_PAYLOAD_CHARS) {
		throw new SceneLinkError(`this scene compresses to ${payload.length} characters; a link carries at most ${MAX_PAYLOAD_CHARS}`)
	}
	return payload
}

/** The scene a payload carries; a SceneLinkError says what is wrong with a malformed, oversized or hostile one. */
export async function decodeScene(payload: string): Promise<string> {
	if (payload.length > MAX_PAYLOAD_CHARS) {
		throw new SceneLinkError(`the link's scene is ${payload.length} characters long; a link may carry at most ${MAX_PAYLOAD_CHARS}`)
	}
	if (!BASE64URL.test(payload) || payload.length % 4 === 1) {
		throw new SceneLinkError("the link's scene is damaged: it is not base64url text (was the link cut or edited?)")
	}
	const stream = piped(fromBase64url(payload), new DecompressionStream('deflate-raw'))
	let bytes: Uint8Array
	try {
		bytes = await drain(stream, MAX_SCENE_BYTES, `the link's scene unpacks to more than ${MAX_SCENE_BYTES} bytes, more than any scene needs`)
	} catch (error) {
		if (error instanceof SceneLinkError) throw error
		throw new SceneLinkError("the link's scene is damaged: it does not unpack (was the link cut or edited?)")
	}
	try {
		return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
	} catch {
		throw new SceneLinkError("the link's scene is damaged: it unpacks to something that is not text")
	}
}

/** The payload a URL fragment carries (`#scene=PAYLOAD`), or undefined when it carries none. */
export function payloadOf(hash: string): string | undefined {
	return new URLSearchParams(hash.replace(/^#/, '')).get(SCENE_PARAMETER) ?? undefined
}

/** The fragment that carries a payload. */
export function sceneHash(payload: string): string {
	return `#${SCENE_PARAMETER}=${payload}`
}

/** The playground's address with a scene in it. */
export function playgroundHref(payload: string): string {
	return PLAYGROUND_PATH + sceneHash(payload)
}
