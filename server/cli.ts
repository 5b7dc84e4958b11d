import { appendFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { LockError, Store } from '../engine/index.ts'
import { DEFAULT_PORT } from './protocol.ts'
import type { HistoryRecord } from './lease-book.ts'
import { serve } from './server.ts'

const usage = `Usage: npm run serve -- [--dir data] [--port ${DEFAULT_PORT}] [--host 127.0.0.1] [--token T] [--history FILE]

Serves the locks and semaphores of the store in --dir over TCP.
  --dir      the store's directory (kv.db); data unless given
  --port     the port; ${DEFAULT_PORT} unless given, 0 picks a free one
  --host     the address to listen on; 127.0.0.1 unless given
  --token    a shared token every connection must send in its hello
  --history  append every grant, renewal, release and expiry to FILE, one JSON object a line`

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
	let store: Store
	try {
		store = await Store.open(values.dir)
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
	const server = await serve({ store, host: values.host, port, token: values.token, history }).catch(async (error: unknown) => {
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

main(process.argv.slice(2)).then(
	code => {
		if (code !== undefined) process.exit(code)
	},
	error => {
		console.error(error instanceof Error ? error.message : error)
		process.exit(1)
	},
)
