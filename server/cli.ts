import { parseArgs } from 'node:util'
import { openStore } from '../engine/adapters/node.ts'
import { formatDuration, LockError, parseDuration, type Store } from '../engine/index.ts'
import { DEFAULT_PORT } from './protocol.ts'
import { claimDirectory } from './directory-claim.ts'
import { HistoryFile } from './history-file.ts'
import { leasesCommand } from './leases-command.ts'
import { OPERATOR_TOKEN_VARIABLE, readToken, readTokens, TOKEN_VARIABLE } from './token-source.ts'
import { readClockPair, type HistoryRecord } from './history.ts'
import { DEFAULT_LIMITS, serve, type ServerLimits } from './server.ts'

// The limits a flag may set: its name, the limit, and whether it is a time.
const limitFlags = [
	['max-connections', 'maxConnections', false],
	['max-connections-per-address', 'maxConnectionsPerAddress', false],
	['idle-timeout', 'idleTimeoutMs', true],
	['max-holds', 'maxHolds', false],
	['max-holds-per-client', 'maxHoldsPerClient', false],
	['max-holds-per-address', 'maxHoldsPerAddress', false],
	['max-holds-per-token', 'maxHoldsPerToken', false],
	['max-in-flight', 'maxInFlight', false],
	['auth-delay', 'authDelayMs', true],
] as const satisfies readonly (readonly [string, keyof ServerLimits, boolean])[]

const usage = `Usage: npm run serve -- [--dir data] [--port ${DEFAULT_PORT}] [--host 127.0.0.1] [--token-file FILE] [--history FILE] [limits]
       npm run serve -- leases --url tcp://127.0.0.1:${DEFAULT_PORT} [--name N] [--key K] [--end LEASE_ID] (see npm run serve -- leases --help)

Serves the locks and semaphores of the store in --dir over TCP.
  --dir                   the store's directory (kv.db); data unless given
  --port                  the port; ${DEFAULT_PORT} unless given, 0 picks a free one
  --host                  the address to listen on; 127.0.0.1 unless given
  --token-file            a file, readable by its owner only, with the token (16 to 200 bytes) every connection must send in its hello; several,
                          one a line, are tenants, each with its own share of holds (--max-holds-per-token); or one token in ${TOKEN_VARIABLE};
                          --token T works too, but every user of the machine can read it in the process list
  --operator-token-file   a file, readable by its owner only, with the operator's token (16 to 200 bytes, not the client token): a connection
                          whose hello gives it may list and end every lease (see: leases); or in ${OPERATOR_TOKEN_VARIABLE}
  --history               append every grant, renewal, release and expiry to FILE, one JSON object a line
  --max-connections       client connections at once; ${DEFAULT_LIMITS.maxConnections} unless given
  --max-connections-per-address  client connections at once from one host (counted as --max-holds-per-address counts); ${DEFAULT_LIMITS.maxConnectionsPerAddress} unless given
  --idle-timeout          close a connection that sends no request for this long while nothing is held or asked; ${formatDuration(DEFAULT_LIMITS.idleTimeoutMs)} unless given
  --max-holds             holds waiting or held on the server; ${DEFAULT_LIMITS.maxHolds} unless given
  --max-holds-per-client  holds waiting or held by one client; ${DEFAULT_LIMITS.maxHoldsPerClient} unless given
  --max-holds-per-address  holds waiting or held that connections from one host asked for or renewed (an IPv4 address, an IPv6 /64,
                          or loopback), also once those connections closed; ${DEFAULT_LIMITS.maxHoldsPerAddress} unless given
  --max-holds-per-token   holds waiting or held that connections of one token asked for or renewed; ${DEFAULT_LIMITS.maxHoldsPerToken} unless given
  --max-in-flight         holds in flight on one connection; ${DEFAULT_LIMITS.maxInFlight} unless given
  --auth-delay            after a wrong token, how long its address waits (doubling, up to 1 min); ${formatDuration(DEFAULT_LIMITS.authDelayMs)} unless given`

/** Runs the server from the command line until SIGINT or SIGTERM, or its `leases` command; returns the exit code on a bad start. */
async function main(argv: string[]): Promise<number | undefined> {
	if (argv[0] === 'leases') return leasesCommand(argv.slice(1))
	let values
	try {
		;({ values } = parseArgs({
			args: argv,
			options: {
				dir: { type: 'string', default: 'data' },
				port: { type: 'string', default: String(DEFAULT_PORT) },
				host: { type: 'string', default: '127.0.0.1' },
				token: { type: 'string' },
				'token-file': { type: 'string' },
				'operator-token': { type: 'string' },
				'operator-token-file': { type: 'string' },
				history: { type: 'string' },
				...Object.fromEntries(limitFlags.map(([flag]) => [flag, { type: 'string' as const }])),
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
	const port = Number(values.port)
	if (!Number.isInteger(port) || port < 0 || port > 65535) {
		console.error(`--port ${JSON.stringify(values.port)}: expected a whole number from 0 to 65535`)
		return 2
	}
	const token = readTokens({ flag: 'token', fileFlag: 'token-file', variable: TOKEN_VARIABLE }, { flag: values.token, file: values['token-file'] })
	const operatorToken = readToken({ flag: 'operator-token', fileFlag: 'operator-token-file', variable: OPERATOR_TOKEN_VARIABLE }, { flag: values['operator-token'], file: values['operator-token-file'] })
	for (const read of [token, operatorToken]) {
		if (typeof read === 'object' && 'error' in read) {
			console.error(read.error)
			return 2
		}
	}
	const limits: Partial<ServerLimits> = {}
	for (const [flag, limit, isTime] of limitFlags) {
		const text = (values as unknown as Record<string, string | undefined>)[flag]
		if (text === undefined) continue
		const value = isTime ? durationFlag(text) : Number(text)
		if (value === undefined || !Number.isSafeInteger(value) || value < 1) {
			console.error(`--${flag} ${JSON.stringify(text)}: expected ${isTime ? "a time such as '60s' or milliseconds" : 'a whole number'} of at least 1`)
			return 2
		}
		limits[limit] = value
	}
	let store: Store
	try {
		// Claimed first: a second server is refused even when the store's files were deleted under the first.
		await claimDirectory(values.dir)
		store = await openStore(values.dir)
	} catch (error) {
		console.error(error instanceof LockError ? `${error.message} (${error.code})` : couldNotStart(error))
		return 1
	}
	let historyFile: HistoryFile | undefined
	try {
		historyFile = values.history === undefined ? undefined : new HistoryFile(values.history)
	} catch (error) {
		await store.close()
		console.error(couldNotStart(error))
		return 1
	}
	const append = historyFile?.append
	// The start record names this process, for whoever reads the history of several servers, and reads its clock between two
	// readings of the machine's monotonic one: a stepped system time leaves processes started at other moments with other times.
	const startRecord = (record: HistoryRecord) => ({ ...record, pid: process.pid, clock: readClockPair(() => store.clock.now()) })
	const history = append === undefined ? undefined : (record: HistoryRecord) => append(record.type === 'start' ? startRecord(record) : record)
	const server = await serve({ store, host: values.host, port, token: token as string[] | undefined, operatorToken: operatorToken as string | undefined, history, limits }).catch(async (error: unknown) => {
		await store.close()
		throw error
	})
	if (server.maxConnections < (limits.maxConnections ?? DEFAULT_LIMITS.maxConnections)) {
		console.error(`tinystore locks: the open-file limit leaves room for ${server.maxConnections} connections; more are answered busy (raise it with ulimit -n)`)
	}
	console.log(`tinystore locks: serving ${values.dir} (epoch ${store.epoch}) on ${server.url}`)
	let stopping = false
	const stop = async (signal: string) => {
		// A second signal while closing means now.
		if (stopping) process.exit(1)
		stopping = true
		console.log(`tinystore locks: ${signal}, closing`)
		setTimeout(() => {
			console.error('tinystore locks: connections did not close within 5 s; exiting')
			process.exit(1)
		}, 5000).unref()
		await server.close()
		await store.close()
		historyFile?.close()
		process.exit(0)
	}
	process.on('SIGINT', () => void stop('SIGINT'))
	process.on('SIGTERM', () => void stop('SIGTERM'))
	return undefined
}

// One line that says what failed and why, never a stack: the error's message names its file and cause.
function couldNotStart(error: unknown): string {
	return `tinystore locks: could not start: ${error instanceof Error ? error.message : String(error)}`
}

function durationFlag(text: string): number | undefined {
	try {
		return parseDuration(/^\d+$/.test(text) ? Number(text) : text)
	} catch {
		return undefined
	}
}

main(process.argv.slice(2)).then(
	code => {
		if (code !== undefined) process.exit(code)
	},
	error => {
		console.error(couldNotStart(error))
		process.exit(1)
	},
)
