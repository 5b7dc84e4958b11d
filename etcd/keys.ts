/**
 * Where the etcd backend keeps things, under one prefix (`tinystore-locks/` unless told):
 * `PREFIX epoch` holds the epoch of every fence; each key of a lock or semaphore is a line,
 * `PREFIX lock/NAME/KEY/`, and each hold in it is a key of its own, `PREFIX lock/NAME/KEY/LEASE-N`
 * (LEASE the etcd lease it is put with, in 16 hex digits, N its client's count of its holds), so
 * that it goes when the lease does. The line's order is the order of creation (each key's create revision): the etcd
 * lock recipe.
 */

/** The prefix the backend uses unless told another. */
export const DEFAULT_PREFIX = 'tinystore-locks/'

/** What a hold's key says: waiting in line, or holding (then, for a lock, the epoch of its fence). */
export interface HoldValue {
	state: 'waiting' | 'holding'
	/** The client that asked: random per client. */
	client: string
	/** The client's count of its holds. */
	hold: number
	/** The lease's TTL in ms, as the holder asked. */
	ttl: number
	/** A semaphore's limit; absent for a lock. */
	limit?: number
	/** A lock's holder only: the epoch its fence carries (the epoch key's value when it was granted). */
	epoch?: string
}

export type Kind = 'lock' | 'semaphore'

/** The epoch's key. */
export function epochKey(prefix: string): string {
	return `${prefix}epoch`
}

/** The prefix of a key's line: a name or key with `/` in it cannot run into another's. */
export function lineKey(prefix: string, kind: Kind, name: string, key: string): string {
	return `${prefix}${kind}/${encodeURIComponent(name)}/${encodeURIComponent(key)}/`
}

/** A hold's key in its line: `id` names the hold. */
export function holdKey(line: string, id: string): string {
	return `${line}${id}`
}

/** What a line's keys, and only they, start with, and where they end (the prefix with its last byte plus one). */
export function rangeOf(prefix: string): { key: Buffer; range_end: Buffer } {
	const key = Buffer.from(prefix)
	const end = Buffer.from(prefix)
	// A prefix of ours ends in '/', never 0xff, so adding one to its last byte carries nothing.
	end[end.length - 1] = (end[end.length - 1] as number) + 1
	return { key, range_end: end }
}

/** The parts of a hold's key: its kind, name, key and hold id (`LEASE-N`); undefined for a key that is none. */
export function parseHoldKey(prefix: string, key: string): { kind: Kind; name: string; key: string; lease: string } | undefined {
	if (!key.startsWith(prefix)) return undefined
	const parts = key.slice(prefix.length).split('/')
	if (parts.length !== 4 || (parts[0] !== 'lock' && parts[0] !== 'semaphore')) return undefined
	try {
		return { kind: parts[0], name: decodeURIComponent(parts[1] as string), key: decodeURIComponent(parts[2] as string), lease: parts[3] as string }
	} catch {
		return undefined
	}
}

export function encodeValue(value: HoldValue): Buffer {
	return Buffer.from(JSON.stringify(value))
}

/** A hold's value, or undefined for bytes that are none. */
export function decodeValue(bytes: Buffer | Uint8Array | undefined): HoldValue | undefined {
	if (bytes === undefined || bytes.length === 0) return undefined
	try {
		const value = JSON.parse(Buffer.from(bytes).toString('utf8')) as HoldValue
		return value !== null && typeof value === 'object' && (value.state === 'waiting' || value.state === 'holding') ? value : undefined
	} catch {
		return undefined
	}
}
