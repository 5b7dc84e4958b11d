import { isUtf8 } from 'node:buffer'
import type { RequestId } from './protocol.ts'

/** The most bytes one frame may have, not counting its newline. */
export const MAX_FRAME_BYTES = 64 * 1024

/** What the stream held: a complete frame, or a frame that grew past the limit. */
export type FrameEvent = { frame: string } | { tooLarge: number } | { notUtf8: true }

const newline = 0x0a
const carriageReturn = 0x0d

/** Splits a byte stream into newline-delimited frames of at most `maxBytes` bytes, keeping no more than that of a frame that never ends. */
export class FrameReader {
	#parts: Buffer[] = []
	#size = 0
	#failed = false
	readonly maxBytes: number

	constructor(maxBytes = MAX_FRAME_BYTES) {
		this.maxBytes = maxBytes
	}

	/** Whether a frame too large has stopped the reader. */
	get failed(): boolean {
		return this.#failed
	}

	/** The frames that `chunk` completes, in order, skipping empty lines; `chunk` may be written over once this returns. */
	push(chunk: Buffer): FrameEvent[] {
		const events: FrameEvent[] = []
		let start = 0
		// Whether the chunk's bytes from its first frame read straight from it to its last newline are UTF-8: checked once, not per frame.
		let wholeUtf8: boolean | undefined
		while (!this.#failed && start < chunk.length) {
			const end = chunk.indexOf(newline, start)
			if (end !== -1 && this.#parts.length === 0) {
				// A frame wholly in this chunk is decoded straight from it, with no copy and no view made.
				let last = end
				if (last > start && chunk[last - 1] === carriageReturn) last--
				if (last - start > this.maxBytes) {
					this.#size = end - start
					events.push(this.#fail())
					break
				}
				if (last > start) {
					wholeUtf8 ??= isUtf8(chunk.subarray(start, chunk.lastIndexOf(newline)))
					// Decoding would turn every bad byte into U+FFFD, and two different keys into one.
					if (wholeUtf8 || isUtf8(chunk.subarray(start, last))) events.push({ frame: chunk.toString('utf8', start, last) })
					else events.push({ notUtf8: true })
				}
				start = end + 1
				continue
			}
			const piece = chunk.subarray(start, end === -1 ? chunk.length : end)
			// A piece kept past this call is a copy: the caller may read into the chunk's memory again.
			this.#parts.push(end === -1 ? Buffer.from(piece) : piece)
			this.#size += piece.length
			if (end === -1) {
				// One byte of slack for the '\r' of a '\r\n' that has not arrived whole.
				if (this.#size > this.maxBytes + 1) events.push(this.#fail())
				break
			}
			start = end + 1
			let whole = this.#parts.length === 1 ? piece : Buffer.concat(this.#parts)
			if (whole[whole.length - 1] === carriageReturn) whole = whole.subarray(0, -1)
			if (whole.length > this.maxBytes) {
				events.push(this.#fail())
				break
			}
			this.#parts = []
			this.#size = 0
			if (whole.length > 0) events.push(isUtf8(whole) ? { frame: whole.toString('utf8') } : { notUtf8: true })
		}
		return events
	}

	// After a frame too large the reader stops for good: where the next frame starts is lost.
	#fail(): FrameEvent {
		const size = this.#size
		this.#failed = true
		this.#parts = []
		this.#size = 0
		return { tooLarge: size }
	}
}

/**
 * How many characters of frames wait before they go out without waiting for the end of the turn:
 * about a dozen frames. Below it a turn's frames make one write; past it the other side starts on
 * the first frames while this side still makes the rest, rather than each side idling while the
 * other works through a whole turn's batch (50 holds in flight ran 1.4x faster than with one write
 * per turn).
 */
export const WRITE_AFTER_CHARS = 2048

/** How many characters of frames wait before a turn's later writes: a turn's first write goes out early, its later ones in fewer, larger writes. */
export const LATER_WRITES_AFTER_CHARS = 16 * 1024

/**
 * Frames queued in one turn of the event loop, written together: at the end of the turn, or as
 * soon as `WRITE_AFTER_CHARS` characters wait. Frames go out in the order they were queued.
 */
export class FrameBatch {
	#out = ''
	#queued = false
	// How many characters wait before a write: WRITE_AFTER_CHARS for a turn's first, so the other side starts
	// early, then LATER_WRITES_AFTER_CHARS, so a turn of thousands of frames makes a few writes, not hundreds.
	#writeAfter = WRITE_AFTER_CHARS
	readonly #write: (text: string) => void

	constructor(write: (text: string) => void) {
		this.#write = write
	}

	add(frame: string): void {
		if (!this.#queued) {
			this.#queued = true
			process.nextTick(this.flush)
		}
		this.#out += frame
		if (this.#out.length >= this.#writeAfter) {
			this.#writeAfter = LATER_WRITES_AFTER_CHARS
			this.#writeOut()
		}
	}

	/** Writes what waits now; the end of the turn then has nothing left to write. */
	readonly flush = (): void => {
		this.#queued = false
		this.#writeAfter = WRITE_AFTER_CHARS
		this.#writeOut()
	}

	#writeOut(): void {
		const out = this.#out
		if (out === '') return
		this.#out = ''
		this.#write(out)
	}
}

/** One message as a frame: its JSON and a newline. */
export function encodeFrame(message: unknown): string {
	return `${JSON.stringify(message)}\n`
}

/** `{"id":…,"ok":true}` as a frame, written without JSON.stringify's walk of an object. */
export function okFrame(id: RequestId): string {
	return `{"id":${typeof id === 'number' ? id : JSON.stringify(id)},"ok":true}\n`
}
