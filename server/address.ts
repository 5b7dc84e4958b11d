import { LockError } from '../engine/index.ts'
import { DEFAULT_PORT } from './protocol.ts'

/** Where a lock server listens. */
export interface ServerAddress {
	host: string
	port: number
}

/** Reads `tcp://host:port` (the port 7411 unless given; IPv6 hosts in brackets). */
export function parseServerUrl(url: string): ServerAddress {
	let parsed: URL
	try {
		parsed = new URL(url)
	} catch {
		throw new LockError('invalid', `connect: ${JSON.stringify(url)}: expected an address such as tcp://127.0.0.1:7411`)
	}
	if (parsed.protocol !== 'tcp:' || parsed.hostname === '' || (parsed.pathname !== '' && parsed.pathname !== '/')) {
		throw new LockError('invalid', `connect: ${JSON.stringify(url)}: expected an address such as tcp://127.0.0.1:7411`)
	}
	const host = parsed.hostname.startsWith('[') ? parsed.hostname.slice(1, -1) : parsed.hostname
	return { host, port: parsed.port === '' ? DEFAULT_PORT : Number(parsed.port) }
}
