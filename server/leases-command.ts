import { parseArgs } from 'node:util'
import { formatDuration, LockError } from '../engine/index.ts'
import { connect } from './client.ts'
import { DEFAULT_PORT, type ListedKey } from './protocol.ts'
import { OPERATOR_TOKEN_VARIABLE, readToken } from './token-source.ts'

const usage = `Usage: tinystore-locks-server leases [--url tcp://127.0.0.1:${DEFAULT_PORT}] [--token-file FILE] [--kind lock|semaphore] [--name N] [--key K] [--json]
       tinystore-locks-server leases [--url ...] [--token-file FILE] --end LEASE_ID

Lists the keys a lock server has held or waited for, with each holder (lease id, client,
fence, expiry) and each waiter in line; or ends one lease, whose holder hears it is lost
before its key moves on. Needs the server's operator token (its --operator-token-file).
  --url          the server; tcp://127.0.0.1:${DEFAULT_PORT} unless given
  --token-file   a file, readable by its owner only, with the operator token; or the token in ${OPERATOR_TOKEN_VARIABLE}
  --kind, --name, --key   list only the keys of that kind, lock or semaphore name, and key
  --end          end this lease instead of listing
  --json         print the server's answer as JSON`

/** The server's `leases` command: an operator lists leases or ends one; resolves to the exit code. */
export async function leasesCommand(argv: string[]): Promise<number> {
	let values
	try {
		;({ values } = parseArgs({
			args: argv,
			options: {
				url: { type: 'string', default: `tcp://127.0.0.1:${DEFAULT_PORT}` },
				token: { type: 'string' },
				'token-file': { type: 'string' },
				kind: { type: 'string' },
				name: { type: 'string' },
				key: { type: 'string' },
				end: { type: 'string' },
				json: { type: 'boolean', default: false },
				help: { type: 'boolean', short: 'h' },
			},
		}))
	} catch (error) {
		console.error(`${(error as Error).message}\n\n${usage}`)
		return 2
	}
	if (values.help) {
		console.log(usage)
		return 0
	}
	if (values.kind !== undefined && values.kind !== 'lock' && values.kind !== 'semaphore') {
		console.error(`--kind ${JSON.stringify(values.kind)}: expected lock or semaphore`)
		return 2
	}
	const token = readToken({ flag: 'token', fileFlag: 'token-file', variable: OPERATOR_TOKEN_VARIABLE }, { flag: values.token, file: values['token-file'] })
	if (typeof token === 'object') {
		console.error(token.error)
		return 2
	}
	if (token === undefined) {
		console.error(`leases: no operator token; give --token-file or ${OPERATOR_TOKEN_VARIABLE}`)
		return 2
	}
	try {
		const client = await connect(values.url, { token, reconnect: false })
		try {
			if (values.end !== undefined) {
				await client.endLease(values.end)
				console.log(`ended lease ${values.end}: its holder is told it is lost, and its key moves on`)
				return 0
			}
			const listed = await client.leases({ kind: values.kind as 'lock' | 'semaphore' | undefined, name: values.name, key: values.key })
			console.log(values.json ? JSON.stringify(listed, null, 2) : describeLeases(listed.keys, listed.truncated, listed.now))
			return 0
		} finally {
			await client.close()
		}
	} catch (error) {
		console.error(`leases: ${describeError(error)}`)
		return 1
	}
}

// A refusal the server made carries its own code in its message (`unauthorized: ...`); the client's own errors get theirs after.
function describeError(error: unknown): string {
	if (!(error instanceof LockError)) return error instanceof Error ? error.message : String(error)
	return isWireError(error.cause) ? error.message : `${error.message} (${error.code})`
}

function isWireError(value: unknown): boolean {
	return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string' && typeof (value as { message?: unknown }).message === 'string'
}

/** A list of keys as the command prints it: each key, then its holders and its line, times from the server's `now`. */
export function describeLeases(keys: readonly ListedKey[], truncated: boolean, now: number): string {
	const lines: string[] = []
	let holders = 0
	let waiters = 0
	for (const key of keys) {
		const limit = key.limit === null ? '' : ` (limit ${key.limit})`
		lines.push(`${key.kind} ${key.name}: key ${JSON.stringify(key.key)}${limit}`)
		for (const holder of key.holders) {
			holders++
			const fence = holder.fence === null ? '' : `, fence ${holder.fence}`
			lines.push(`  held by lease ${holder.leaseId} (${holder.client})${fence}, runs out in ${formatDuration(Math.max(0, holder.expiresAt - now))}`)
		}
		for (const waiter of key.waiters) {
			waiters++
			lines.push(`  waited for by request ${JSON.stringify(waiter.requestId)} (${waiter.client}) for ${formatDuration(Math.max(0, now - waiter.since))}`)
		}
	}
	const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`
	lines.push(`${count(keys.length, 'key')}, ${count(holders, 'holder')}, ${count(waiters, 'waiter')}${truncated ? '; more not listed: narrow the list with --kind, --name or --key' : ''}`)
	return lines.join('\n')
}
