// A lock server as a torture run's backend: one server process on the run's store and history, reached
// by the clients through a relay the run can cut. Its faults: the process killed (and started again) or
// stopped; every client connection cut at once (the clients reconnect and retry their holds with the
// same request ids, and renew and release by id from the new connections); a lease ended by an operator;
// the history's file held at its size for a while, so that its writes are cut short and fail.
import { execFileSync, spawnSync } from 'node:child_process'
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { realClock } from '../engine/index.ts'
import { connect } from '../server/index.ts'
import { between, Child, sleep } from './child.ts'
import { RUN_FILES } from './facts.ts'
import { Relay } from './relay.ts'
import type { RunContext, TortureBackend } from './torture-loop.ts'

/** The TTL of the run's holds on a lock server. */
const ttl = 1000
// The server's operator token, given only to it and to the run's own operator (through the environment).
const operatorToken = `torture-operator-${Math.random().toString(36).slice(2)}`

/** Starts a lock server for a torture run, behind a relay. */
export async function serverBackend(run: RunContext): Promise<TortureBackend> {
	const history = join(run.dir, RUN_FILES.history)
	const counts = { kills: 0, stops: 0, cuts: 0, ends: 0, fullHistory: 0, restarts: 0 }
	let port = 0
	const startServer = async (): Promise<Child> => {
		for (let attempt = 0; ; attempt++) {
			const child = new Child('server/cli.ts', ['--dir', join(run.dir, RUN_FILES.data), '--port', String(port), '--history', history], 'server', { TINYSTORE_LOCKS_OPERATOR_TOKEN: operatorToken })
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
	let server: Child | undefined = await startServer()
	const url = `tcp://127.0.0.1:${port}`
	const relay = await Relay.to(url)
	// One fault of the server at a time: a kill, a stop or a full history waits for the last to be over.
	let busy = false
	const canLimitFiles = spawnSync('prlimit', ['--version']).status === 0

	const kill = (): boolean => {
		if (busy || server === undefined) return false
		busy = true
		server.signal('SIGKILL')
		run.fault({ type: 'server-kill', at: realClock.now() })
		counts.kills++
		run.later(between(100, 400), async () => {
			await server?.exit(5000)
			server = await startServer()
			counts.restarts++
			busy = false
		})
		return true
	}
	const stop = (ms: number): boolean => {
		if (busy || server === undefined) return false
		busy = true
		const stopped = server
		run.fault({ type: 'server-stop', at: realClock.now() })
		stopped.signal('SIGSTOP')
		counts.stops++
		run.later(ms, () => {
			stopped.signal('SIGCONT')
			run.fault({ type: 'server-continue', at: realClock.now() })
			busy = false
		})
		return true
	}
	const cut = (): boolean => {
		const connections = relay.pairs.size
		if (connections === 0) return false
		relay.cut()
		run.fault({ type: 'connections-cut', at: realClock.now(), connections })
		counts.cuts++
		return true
	}
	// An operator lists the leases and ends one held now: its holder must hear it is lost before its key moves on.
	let ending = false
	const end = (): boolean => {
		if (ending || busy || server === undefined) return false
		ending = true
		void (async () => {
			try {
				const operator = await connect(url, { token: operatorToken, reconnect: false, connectTimeout: '2s' })
				try {
					const holders = (await operator.leases()).keys.flatMap(key => key.holders)
					const target = holders[Math.floor(Math.random() * holders.length)]
					if (target !== undefined) {
						await operator.endLease(target.leaseId)
						run.fault({ type: 'operator-end', at: realClock.now(), leaseId: target.leaseId })
						counts.ends++
					}
				} finally {
					await operator.close()
				}
			} catch {
				// The lease ran out first, or the server is down: an end the operator could not make.
			} finally {
				ending = false
			}
		})()
		return true
	}
	// The history's file may grow by a few bytes more, then no more, as on a disk that fills: a record is cut short, and taken back.
	const fillHistory = (ms: number): boolean => {
		if (!canLimitFiles || busy || server?.process.pid === undefined) return false
		busy = true
		const pid = server.process.pid
		const bytes = statSync(history).size + Math.floor(between(0, 200))
		execFileSync('prlimit', ['--pid', String(pid), `--fsize=${bytes}:`])
		run.fault({ type: 'history-full', at: realClock.now(), bytes })
		counts.fullHistory++
		run.later(ms, () => {
			spawnSync('prlimit', ['--pid', String(pid), '--fsize=unlimited:'])
			run.fault({ type: 'history-room', at: realClock.now() })
			busy = false
		})
		return true
	}

	return {
		description: `on a lock server, reached through a relay`,
		ttl,
		clientArgs: ['--url', relay.url],
		planned: [
			[0.2, cut],
			[0.3, kill],
			// Done once an operator ended a lease: a try may find no lease held.
			[0.5, () => counts.ends > 0 || (end(), false)],
			[0.6, () => fillHistory(between(400, 800))],
			[0.7, () => stop(800)],
			[0.8, cut],
		],
		random: [
			[0.05, kill],
			[0.05, () => stop(between(200, 1500))],
			[0.05, cut],
			[0.05, end],
			[0.03, () => fillHistory(between(200, 1500))],
		],
		async settle() {
			server?.signal('SIGCONT')
			if (server?.process.pid !== undefined) spawnSync('prlimit', ['--pid', String(server.process.pid), '--fsize=unlimited:'])
		},
		async finish() {
			server?.signal('SIGTERM')
			if (server !== undefined && !(await server.exit(5000))) server.signal('SIGKILL')
			await relay.close()
		},
		chaos: () => ({
			text: `${counts.kills} server kills, ${counts.stops} server stops, ${counts.cuts} cuts of every connection, ${counts.ends} leases ended by an operator, ${counts.fullHistory} times the history could not grow${canLimitFiles ? '' : ' (prlimit is not on this machine: none)'}`,
			restarts: counts.restarts,
		}),
	}
}
