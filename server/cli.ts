import { appendFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { openStore } from '../engine/adapters/node.ts'
import { formatDuration, LockError, parseDuration, type Store } from '../engine/index.ts'
import { DEFAULT_PORT } from './protocol.ts'
import type { HistoryRecord } from './history.ts'
import { DEFAULT_LIMITS, serve, type ServerLimits } from './server.ts'

// The limits a flag may set: its name, the limit, and whether it is a time.
const limitFlags = [
	['max-connections', 'maxConnections', false],
	['idle-timeout', 'idleTimeoutMs', true],
	['max-holds', 'maxHolds', false],
	['max-holds-per-client', 'maxHoldsPerClient', false],
	['max-in-flight', 'maxInFlight', false],
	['auth-delay', 'authDelayMs', true],
] as const satisfies readonly (readonly [string, keyof ServerLimits, boolean])[]

const usage = `Usage: npm run serve -- [--dir data] [--port ${DEFAULT_PORT}] [--host 127.0.0.1] [--token T] [--history FILE] [limits]

Serves the locks and semaphores of the store in --dir over TCP.
  --dir                   the store's directory (kv.db); data unless given
  --port                  the port; ${DEFAULT_PORT} unless given, 0 picks a free one
  --host                  the address to listen on; 127.0.0.1 unless given
  --token                 a shared token of 16 to 200 bytes every connection must send in its hello
  --history               append every grant, renewal, release and expiry to FILE, one JSON object a line
  --max-connections       client connections at once; ${DEFAULT_LIMITS.maxConnections} unless given
  --idle-timeout          close a connection that sends no request for this long while nothing is held or asked; ${formatDuration(DEFAULT_LIMITS.idleTimeoutMs)} unless given
  --max-holds             holds waiting or held on the server; ${DEFAULT_LIMITS.maxHolds} unless given
  --max-holds-per-client  holds waiting or held by one client; ${DEFAULT_LIMITS.maxHoldsPerClient} unless given
  --max-in-flight         holds in flight on one connection; ${DEFAULT_LIMITS.maxInFlight} unless given
  --auth-delay            after a wrong token, how long its address waits (doubling, up to 1 min); ${formatDuration(DEFAULT_LIMITS.authDelayMs)} unless given`

/** Runs the server from the command line until SIGINT or SIGTERM; returns the exit code on a bad start. */
async function main(argv: string[]): Promise<number | undefined> {
	let values
	try {
		;({ values } = parseArgs({
			args: argv,
			options: {
				dir: { type: 'string', default: 'data' },
				port: { type: 'string', default: String(DEFAULT_PORT) },
				host: { type: 'string', default: '127.0.0.1' },
				token: { type: 'string' },
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
	if (values.token === '') {
		console.error('--token: expected a non-empty token')
		return 2
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
		store = await openStore(values.dir)
	} catch (error) {
		console.error(error instanceof LockError ? `${error.message} (${error.code})` : error)
		return 1
	}
	const historyFile = values.history
	// Written synchronously, so a record is on its way to the disk before the client hears of it, even if the server is killed next.
	// The start record names this process, for whoever reads the history of several servers.
	const history =
		historyFile === undefined
			? undefined
			: (record: HistoryRecord) => appendFileSync(historyFile, `${JSON.stringify(record.type === 'start' ? { ...record, pid: process.pid } : record)}\n`)
	const server = await serve({ store, host: values.host, port, token: values.token, history, limits }).catch(async (error: unknown) => {
		await store.close()
		throw error
	})
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
		process.exit(0)
	}
	process.on('SIGINT', () => void stop('SIGINT'))
	process.on('SIGTERM', () => void stop('SIGTERM'))
	return undefined
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
		console.error(error instanceof Error ? error.message : error)
		process.exit(1)
	},
)
