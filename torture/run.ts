// npm run torture -- --procs 4 --seconds 30: several client processes holding keys, killed, stopped and
// restarted at random beside faults of what holds the keys, then the history checked. On a lock server
// (the default; server-backend.ts, check.ts) or, with --backend etcd, a three-member etcd cluster
// (etcd-backend.ts, etcd-check.ts); one loop runs both (torture-loop.ts). Loopback only; it stops by
// itself. Every fact the check needs is in the run's folder, so `--check DIR` checks a kept run again.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { checkTorture } from './check.ts'
import { etcdBackend } from './etcd-backend.ts'
import { checkEtcdTorture } from './etcd-check.ts'
import { isEtcdRun, readEtcdRunFacts } from './etcd-facts.ts'
import { readRunFacts, RUN_FILES } from './facts.ts'
import { printReport } from './report.ts'
import { serverBackend } from './server-backend.ts'
import { runTorture } from './torture-loop.ts'

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130))

/** Checks a run's folder, of either backend, and prints the report; returns the number of violations. */
function checkRun(dir: string): number {
	if (isEtcdRun(dir)) {
		const report = checkEtcdTorture(readEtcdRunFacts(dir))
		const { lock, semaphore } = report.grants
		return printReport(dir, { ...report, grants: `grants: ${lock + semaphore} (lock ${lock}, semaphore ${semaphore}) in etcd's history, revisions ${report.revisions.first} to ${report.revisions.last}` })
	}
	if (!existsSync(join(dir, RUN_FILES.history))) throw new Error(`${dir}: no ${RUN_FILES.history} there; expected the folder of a kept run`)
	const report = checkTorture(readRunFacts(dir))
	const { lock, semaphore } = report.grants
	return printReport(dir, { ...report, grants: `grants: ${lock + semaphore} (lock ${lock}, semaphore ${semaphore}) from ${report.servers} server processes` })
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
		console.log(`torture: checking the run${isEtcdRun(values.check) ? ' on etcd' : ''} kept in ${values.check}`)
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
	await runTorture({ procs, seconds, keys, dir }, values.backend === 'etcd' ? etcdBackend : serverBackend)
	const violations = checkRun(dir)
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
