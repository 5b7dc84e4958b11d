import { closeSync, constants, fchmodSync, fstatSync, ftruncateSync, openSync, readSync, writeSync, type Stats } from 'node:fs'
import type { HistoryRecord } from './history.ts'
import { inWords } from './system-error.ts'

/**
 * A history file of the command line: one JSON object a line, appended, readable and writable by its
 * owner only. A record is in it whole or not at all, as a WAL record is: a write the disk cut short is
 * taken back before the append returns (and so before any answer that waits for it).
 */
export class HistoryFile {
	readonly #fd: number
	// Where the last whole record ends: what the file is cut back to after a write that failed part way.
	#end: number
	// A write failed and cutting it back failed too: the next append cuts first.
	#cutShort = false

	/**
	 * Opens (or makes) the file. Only a regular file the server makes or owns is taken, and never through
	 * a symbolic link: `--history /dev/null` as root would make /dev/null its alone. One made before is made
	 * its owner's alone, and a last line a killed server left half-written is cut off.
	 */
	constructor(readonly path: string) {
		let fd: number
		try {
			// Lease ids in it are what renews and releases a lease: no other user of the machine may read them.
			fd = openSync(path, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW, 0o600)
		} catch (error) {
			throw this.#error(error)
		}
		this.#fd = fd
		try {
			const stats = fstatSync(fd)
			refuseForeign(stats)
			if ((stats.mode & 0o777) !== 0o600) fchmodSync(fd, 0o600)
			this.#end = wholeRecordsEnd(fd, stats.size)
			if (this.#end < stats.size) ftruncateSync(fd, this.#end)
		} catch (error) {
			closeSync(fd)
			throw this.#error(error)
		}
	}

	/** Appends a record, synchronously and whole, or throws and leaves the file as it was: it is on its way to the disk before the client hears of it, even if the server is killed next. */
	readonly append = (record: HistoryRecord): void => {
		const bytes = Buffer.from(`${JSON.stringify(record)}\n`)
		try {
			if (this.#cutShort) {
				ftruncateSync(this.#fd, this.#end)
				this.#cutShort = false
			}
			let written = 0
			try {
				while (written < bytes.length) written += writeSync(this.#fd, bytes, written)
			} catch (error) {
				if (written > 0) this.#cutBack()
				throw error
			}
		} catch (error) {
			throw this.#error(error)
		}
		this.#end += bytes.length
	}

	close(): void {
		closeSync(this.#fd)
	}

	#cutBack(): void {
		try {
			ftruncateSync(this.#fd, this.#end)
		} catch {
			this.#cutShort = true
		}
	}

	#error(error: unknown): Error {
		if (error instanceof HistoryFileError) return new Error(`--history ${this.path}: ${error.message}`)
		return new Error(`--history ${this.path}: ${inWords(error)}`, { cause: error })
	}
}

/** Why the history may not be written to a file that is there: it is not one of the server's own. */
class HistoryFileError extends Error {}

const ownFile = 'the history is a file of its own, which the server makes or owns'

function refuseForeign(stats: Stats): void {
	if (!stats.isFile()) throw new HistoryFileError(`not a regular file (${kindOf(stats)}); ${ownFile}`)
	const uid = process.getuid?.()
	if (uid !== undefined && stats.uid !== uid) throw new HistoryFileError(`owned by user ${stats.uid}, not by this server's user (${uid}); ${ownFile}`)
}

function kindOf(stats: Stats): string {
	if (stats.isFIFO()) return 'a FIFO'
	if (stats.isCharacterDevice()) return 'a character device'
	if (stats.isBlockDevice()) return 'a block device'
	if (stats.isSocket()) return 'a socket'
	if (stats.isDirectory()) return 'a folder'
	return 'not a file'
}

// The end of the last whole line: a line without its newline is what a killed server left half-written.
function wholeRecordsEnd(fd: number, size: number): number {
	const chunk = Buffer.alloc(64 * 1024)
	for (let end = size; end > 0; ) {
		const start = Math.max(0, end - chunk.length)
		const read = readSync(fd, chunk, 0, end - start, start)
		const newline = chunk.subarray(0, read).lastIndexOf(0x0a)
		if (newline >= 0) return start + newline + 1
		end = start
	}
	return 0
}
