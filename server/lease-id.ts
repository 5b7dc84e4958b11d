import { randomFillSync } from 'node:crypto'

// Random bytes for 256 ids at a time, as crypto.randomUUID keeps them; each byte is used once.
const pool = Buffer.alloc(16 * 256)
let next = pool.length
const text = Buffer.alloc(36)
const hexDigits = Buffer.from('0123456789abcdef')

/**
 * A new lease id: a random UUID (version 4, 122 random bits), as one flat string. crypto.randomUUID
 * builds its text from pieces that stay joined in memory, about 450 bytes a lease kept; this is 36.
 */
export function newLeaseId(): string {
	if (next === pool.length) {
		randomFillSync(pool)
		next = 0
	}
	let at = 0
	for (let i = 0; i < 16; i++) {
		let byte = pool[next + i] as number
		if (i === 6) byte = (byte & 0x0f) | 0x40
		else if (i === 8) byte = (byte & 0x3f) | 0x80
		if (i === 4 || i === 6 || i === 8 || i === 10) text[at++] = 0x2d
		text[at++] = hexDigits[byte >> 4] as number
		text[at++] = hexDigits[byte & 0x0f] as number
	}
	next += 16
	return text.toString('latin1', 0, 36)
}
