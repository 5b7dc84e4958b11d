// npm run torture -- --procs 4 --seconds 30: several client processes against one
// server, killed, stopped and restarted at random with the server, then the history
// checked (see check.ts). Loopback only; it stops by itself. Every fact the check needs is
// in the run's folder, so `npm run torture -- --check DIR` checks a kept run again.
// With --backend etcd the clients hold keys in a three-member etcd cluster instead (etcd-run.ts).
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createTortureDb } from './chat-db.ts'
import { realClock } from '../engine/index.ts'
import { checkTorture } from './check.ts'
import { between, Child, sleep } from './child.ts'
import { clientFaults } from './client-faults.ts'
import { readClientLogs, readRunFacts, RUN_FILES, type Fault } from './facts.ts'
import { checkEtcdRun, tortureEtcd } from './etcd-run.ts'
import { isEtcdRun } from './etcd-facts.ts'

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130))

interface Options {
	procs: number
	seconds: number
	keys: number
	dir: string
	keep: boolean
}

interface Counts {
	clientKills: number
	clientStops: number
	serverKills: number
	serverStops: number
	restarts: number
}

/** Runs the torture and prints its report; resolves to the number of violations. */
export async function torture(options: Options): Promise<number> {
	const { dir, procs, seconds, keys } = options
	const chatDb = join(dir, RUN_FILES.chatDb)
	const history = join(dir, RUN_FILES.history)
	// Written as each fault is done, so that the check, now or on a kept run later, knows when each process could not run.
	const fault = (record: Fault) => appendFileSync(join(dir, RUN_FILES.faults), `${JSON.stringify(record)}\n`)
	createTortureDb(chatDb, keys)
	console.log(`torture: ${procs} clients for ${seconds} s on ${keys} chats (lock summaries, semaphore exports of limit 2, TTL 1 s); files in ${dir}`)

	const counts: Counts = { clientKills: 0, clientStops: 0, serverKills: 0, serverStops: 0, restarts: 0 }
	let port = 0
	let server: Child | undefined
	const startServer = async (): Promise<Child> => {
		for (let attempt = 0; ; attempt++) {
			const child = new Child('server/cli.ts', ['--dir', join(dir, RUN_FILES.data), '--port', String(port), '--history', history])
			for (;;) {
				const line = child.output.find(l => / on tcp:\/\//.test(l))
				if (line !== undefined) {
					port = Number(/:(\d+)$/.exec(line)?.[1] ?? port)
					return child
				}
				if (child.exited) break
				await sleep(10)
			}
			// The port or the store may still be let go of by the server just killed.
			if (attempt >= 50) throw new Error(`the server did not start: ${child.output.join('\n')}`)
			await sleep(100)
		}
	}
	server = await startServer()
	const url = `tcp://127.0.0.1:${port}`
	const generations = Array.from({ length: procs }, () => 0)
	const startClient = (i: number) => {
		const name = `c${i}.${generations[i]}`
		generations[i] = (generations[i] ?? 0) + 1
		return new Child('torture/client.ts', ['--url', url, '--db', chatDb, '--log', join(dir, `${name}.jsonl`), '--name', name, '--keys', String(keys)], name)
	}
	const clients: (Child | undefined)[] = Array.from({ length: procs }, (_, i) => startClient(i))
	const pending: Promise<void>[] = []
	const later = (ms: number, fn: () => void | Promise<void>) => pending.push(sleep(ms).then(fn))

	const { killClient, stopClient, anyClient, allReady } = clientFaults({ clients, startClient, fault, counts, later })
	let serverBusy = false
	const killServer = (): boolean => {
		if (serverBusy || server === undefined) return false
		serverBusy = true
		server.signal('SIGKILL')
		fault({ type: 'server-kill', at: realClock.now() })
		counts.serverKills++
		later(between(100, 400), async () => {
			await server?.exit(5000)
			server = await startServer()
			counts.restarts++
			serverBusy = false
		})
		return true
	}
	const stopServer = (ms: number): boolean => {
		if (serverBusy || server === undefined) return false
		serverBusy = true
		const stopped = server
		fault({ type: 'server-stop', at: realClock.now() })
		stopped.signal('SIGSTOP')
		counts.serverStops++
		later(ms, () => {
			stopped.signal('SIGCONT')
			fault({ type: 'server-continue', at: realClock.now() })
			serverBusy = false
		})
		return true
	}

	await allReady()
	// A few faults at set times, so that even a short run has each kind; random ones between.
	const started = Date.now()
	const elapsed = () => (Date.now() - started) / 1000
	const planned: [number, () => boolean][] = [
		[0.1, () => anyClient(i => stopClient(i, 1500))],
		[0.3, () => killServer()],
		[0.5, () => anyClient(i => killClient(i))],
		[0.7, () => stopServer(800)],
	]
	while (elapsed() < seconds) {
		await sleep(between(250, 800))
		// A planned fault that could not happen yet is tried again on the next turn.
		const due = planned.findIndex(([at, fault]) => elapsed() >= at * seconds && fault())
		if (due >= 0) {
			planned.splice(due, 1)
			continue
		}
		const i = Math.floor(Math.random() * procs)
		const dice = Math.random()
		if (dice < 0.2) killClient(i)
		else if (dice < 0.5) stopClient(i, between(200, 2500))
		else if (dice < 0.55) killServer()
		else if (dice < 0.6) stopServer(between(200, 1500))
	}
	await Promise.all(pending)
	for (const client of clients) client?.signal('SIGCONT')
	server?.signal('SIGCONT')
	// Clients finish the hold they are in, then stop; a client that does not is killed.
	for (const client of clients) client?.signal('SIGTERM')
	for (const client of clients) if (client !== undefined && !(await client.exit(10_000))) client.signal('SIGKILL')
	server?.signal('SIGTERM')
	if (server !== undefined && !(await server.exit(5000))) server.signal('SIGKILL')

	console.log(
		`chaos: ${counts.clientKills} client kills, ${counts.clientStops} client stops, ${counts.serverKills} server kills, ${counts.serverStops} server stops, ${counts.restarts} restarts`,
	)
	return checkRun(dir)
}

/** Checks a run's folder and prints the report, as a run does at its end; resolves to the number of violations. */
export function checkRun(dir: string): number {
	const report = checkTorture(readRunFacts(dir))
	const { logs } = readClientLogs(dir)
	const refused = logs.filter(r => r.type === 'refused')
	const byCode = new Map<string, number>()
	for (const r of refused) byCode.set(String(r.code), (byCode.get(String(r.code)) ?? 0) + 1)
	console.log(`grants: ${report.grants.lock + report.grants.semaphore} (lock ${report.grants.lock}, semaphore ${report.grants.semaphore}) from ${report.servers} server processes`)
	console.log(`writes: ${report.writes.accepted} accepted, ${report.writes.refused} refused by their fence`)
	console.log(`leases lost by their holders: ${logs.filter(r => r.type === 'lost').length}`)
	console.log(`holds refused: ${refused.length}${refused.length > 0 ? ` (${[...byCode].map(([code, n]) => `${code} ${n}`).join(', ')})` : ''}`)
	console.log(`violations: ${report.violations.length}`)
	for (const violation of report.violations.slice(0, 50)) console.log(`  ${violation}`)
	return report.violations.length
}

async function main(): Promise<number> {
	const { values } = parseArgs({
		options: {
			procs: { type: 'string', default: '4' },
			seconds: { type: 'string', default: '30' },
			keys: { type: 'string', default: '3' },
			dir: { type: 'string' },
			keep: { type: 'boolean', default: false },
			check: { type: 'string' },
			backend: { type: 'string', default: 'server' },
		},
	})
	if (values.check !== undefined) {
		if (isEtcdRun(values.check)) {
			console.log(`torture: checking the run on etcd kept in ${values.check}`)
			return checkEtcdRun(values.check)
		}
		if (!existsSync(join(values.check, RUN_FILES.history))) throw new Error(`--check ${values.check}: no ${RUN_FILES.history} there; expected the folder of a kept run`)
		console.log(`torture: checking the run kept in ${values.check}`)
		return checkRun(values.check)
	}
	const procs = Number(values.procs)
	const seconds = Number(values.seconds)
	const keys = Number(values.keys)
	if (!Number.isInteger(procs) || procs < 1 || procs > 32) throw new Error(`--procs ${values.procs}: expected a whole number from 1 to 32`)
	if (!(seconds > 0 && seconds <= 3600)) throw new Error(`--seconds ${values.seconds}: expected more than 0 and at most 3600`)
	if (!Number.isInteger(keys) || keys < 1 || keys > 100) throw new Error(`--keys ${values.keys}: expected a whole number from 1 to 100`)
	if (values.backend !== 'server' && values.backend !== 'etcd') throw new Error(`--backend ${values.backend}: expected server (a lock server, the default) or etcd (a three-member etcd cluster on loopback)`)
	const dir = values.dir ?? mkdtempSync(join(tmpdir(), 'tinystore-torture-'))
	mkdirSync(dir, { recursive: true })
	const violations = values.backend === 'etcd' ? await tortureEtcd({ procs, seconds, keys, dir }) : await torture({ procs, seconds, keys, dir, keep: values.keep })
	// The files stay when something broke, for whoever looks into it.
	if (violations === 0 && !values.keep && values.dir === undefined) rmSync(dir, { recursive: true, force: true })
	else console.log(`the run's files are in ${dir}; check them again with npm run torture -- --check ${dir}`)
	return violations
}

main().then(
	violations => process.exit(violations === 0 ? 0 : 1),
	error => {
		console.error(error instanceof Error ? error.message : error)
		process.exit(2)
	},
)
