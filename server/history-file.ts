import { closeSync, fchmodSync, fstatSync, openSync, readSync, writeSync } from 'node:fs'
import type { HistoryRecord } from './history.ts'

/** A history file of the command line: one JSON object a line, appended, readable and writable by its owner only. */
export class HistoryFile {
	readonly #fd: number

	/** Opens (or makes) the file; one made before is made its owner's alone, and a line a killed server left half-written is ended, so the next record starts a line of its own. */
	constructor(readonly path: string) {
		// Lease ids in it are what renews and releases a lease: no other user of the machine may read them.
		this.#fd = openSync(path, 'a+', 0o600)
		fchmodSync(this.#fd, 0o600)
		const size = fstatSync(this.#fd).size
		if (size > 0) {
			const last = Buffer.alloc(1)
			readSync(this.#fd, last, 0, 1, size - 1)
			if (last[0] !== 0x0a) this.#write('\n')
		}
	}

	/** Appends a record, synchronously: it is on its way to the disk before the client hears of it, even if the server is killed next. */
	readonly append = (record: HistoryRecord): void => {
		this.#write(`${JSON.stringify(record)}\n`)
	}

	close(): void {
		closeSync(this.#fd)
	}

	#write(text: string): void {
		const bytes = Buffer.from(text)
		let written = 0
		while (written < bytes.length) written += writeSync(this.#fd, bytes, written)
	}
}
