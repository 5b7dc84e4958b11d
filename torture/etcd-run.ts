// npm run torture -- --backend etcd: client processes holding keys in a three-member etcd cluster on
// loopback, with clients killed and stopped and members killed (the leader too), stopped, two of three
// stopped at once, and restarted with their data; then etcd's own history of the keys is read and
// checked (etcd-check.ts). Every fact the check needs is in the run's folder.
import { appendFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { realClock } from '../engine/index.ts'
import { readHistory } from '../etcd/history.ts'
import { LocalCluster, type LocalMember } from '../etcd/local-cluster.ts'
import { EtcdRpc, type TxnResponse } from '../etcd/rpc.ts'
import { createTortureDb } from './chat-db.ts'
import { between, Child, sleep } from './child.ts'
import { clientFaults } from './client-faults.ts'
import { checkEtcdTorture } from './etcd-check.ts'
import { ETCD_RUN_FILES, readEtcdRunFacts, type EtcdRunInfo } from './etcd-facts.ts'
import { readClientLogs, RUN_FILES, type Fault } from './facts.ts'

/** The TTL of the run's holds: the shortest etcd gives with its default election timeout (1 s). */
const ttl = 2000
const prefix = 'torture/'
const clockKey = `${prefix}clock`

interface Counts {
	clientKills: number
	clientStops: number
	memberKills: number
	leaderKills: number
	memberStops: number
	twoStopped: number
	restarts: number
}

/**
 * Puts the run's time into etcd every 50 ms: each value is when it was sent, and when the put
 * before it was answered (and its revision), so the checker can date any revision from etcd alone.
 */
function startClock(rpc: EtcdRpc): () => Promise<void> {
	let running = true
	let previous: { revision: number; answeredAt: number } | undefined
	const loop = (async () => {
		while (running) {
			const sentAt = realClock.now()
			const value = Buffer.from(JSON.stringify(previous === undefined ? { sentAt } : { sentAt, previous }))
			try {
				const answer = await rpc.call<TxnResponse>('KV', 'Txn', { success: [{ request_put: { key: Buffer.from(clockKey), value } }] }, Date.now() + 1000, 'torture clock')
				previous = { revision: Number(answer.header.revision), answeredAt: realClock.now() }
			} catch {
				// No quorum: no revision is made meanwhile either.
			}
			await sleep(50)
		}
	})()
	return async () => {
		running = false
		await loop
	}
}

/** Runs the torture on etcd and prints its report; resolves to the number of violations. */
export async function tortureEtcd(options: { procs: number; seconds: number; keys: number; dir: string }): Promise<number> {
	const { dir, procs, seconds, keys } = options
	const chatDb = join(dir, RUN_FILES.chatDb)
	const fault = (record: Fault) => appendFileSync(join(dir, RUN_FILES.faults), `${JSON.stringify(record)}\n`)
	createTortureDb(chatDb, keys)
	const cluster = await LocalCluster.start()
	const rpc = new EtcdRpc({ endpoints: cluster.endpoints, attemptTimeoutMs: 500 })
	console.log(
		`torture: ${procs} clients for ${seconds} s on ${keys} chats on etcd ${cluster.version}, ${cluster.members.length} members (lock summaries, semaphore exports of limit 2, TTL ${ttl / 1000} s); files in ${dir}`,
	)
	try {
		const stopClock = startClock(rpc)
		const counts: Counts = { clientKills: 0, clientStops: 0, memberKills: 0, leaderKills: 0, memberStops: 0, twoStopped: 0, restarts: 0 }
		const generations = Array.from({ length: procs }, () => 0)
		const startClient = (i: number) => {
			const name = `c${i}.${generations[i]}`
			generations[i] = (generations[i] ?? 0) + 1
			const args = ['--endpoints', cluster.endpoints.join(','), '--prefix', prefix, '--db', chatDb, '--log', join(dir, `${name}.jsonl`), '--name', name, '--keys', String(keys), '--ttl', String(ttl)]
			return new Child('torture/client.ts', args, name)
		}
		const clients: (Child | undefined)[] = Array.from({ length: procs }, (_, i) => startClient(i))
		const pending: Promise<void>[] = []
		const later = (ms: number, fn: () => void | Promise<void>) => pending.push(sleep(ms).then(fn))

		const { killClient, stopClient, anyClient, allReady } = clientFaults({ clients, startClient, fault, counts, later })
		// One fault of the members at a time: at most one member is down or stopped, but for the planned two.
		let membersBusy = false
		const killMember = (leader: boolean): boolean => {
			if (membersBusy) return false
			membersBusy = true
			void (async () => {
				const target = leader ? await cluster.leader(3000).catch(() => undefined) : cluster.members[Math.floor(Math.random() * cluster.members.length)]
				if (target === undefined) {
					membersBusy = false
					return
				}
				await target.kill()
				fault({ type: 'member-kill', member: target.name, leader, at: realClock.now() })
				counts.memberKills++
				if (leader) counts.leaderKills++
				later(between(300, 1200), () => {
					target.start()
					fault({ type: 'member-start', member: target.name, at: realClock.now() })
					counts.restarts++
					membersBusy = false
				})
			})()
			return true
		}
		const stopMembers = (targets: LocalMember[], ms: number): boolean => {
			if (membersBusy) return false
			membersBusy = true
			for (const target of targets) {
				target.signal('SIGSTOP')
				fault({ type: 'member-stop', member: target.name, leader: false, at: realClock.now() })
			}
			if (targets.length > 1) counts.twoStopped++
			else counts.memberStops++
			later(ms, () => {
				for (const target of targets) {
					target.signal('SIGCONT')
					fault({ type: 'member-continue', member: target.name, at: realClock.now() })
				}
				membersBusy = false
			})
			return true
		}
		const randomMembers = (n: number) => [...cluster.members].sort(() => Math.random() - 0.5).slice(0, n)

		await allReady()
		const started = Date.now()
		const elapsed = () => (Date.now() - started) / 1000
		const planned: [number, () => boolean][] = [
			[0.1, () => anyClient(i => stopClient(i, 2500))],
			[0.25, () => killMember(true)],
			[0.4, () => anyClient(i => killClient(i))],
			[0.55, () => stopMembers(randomMembers(1), 1500)],
			[0.7, () => stopMembers(randomMembers(2), 2500)],
		]
		while (elapsed() < seconds) {
			await sleep(between(250, 800))
			const due = planned.findIndex(([at, act]) => elapsed() >= at * seconds && act())
			if (due >= 0) {
				planned.splice(due, 1)
				continue
			}
			const i = Math.floor(Math.random() * procs)
			const dice = Math.random()
			if (dice < 0.2) killClient(i)
			else if (dice < 0.5) stopClient(i, between(200, 3000))
			else if (dice < 0.55) killMember(Math.random() < 0.5)
			else if (dice < 0.6) stopMembers(randomMembers(1), between(200, 1500))
		}
		await Promise.all(pending)
		// Everything running again, and the cluster whole, before the clients stop and the history is read.
		for (const member of cluster.members) {
			member.signal('SIGCONT')
			if (!member.running) member.start()
		}
		await cluster.ready(30_000)
		for (const client of clients) client?.signal('SIGCONT')
		for (const client of clients) client?.signal('SIGTERM')
		for (const client of clients) if (client !== undefined && !(await client.exit(20_000))) client.signal('SIGKILL')
		await stopClock()
		const { events, revision } = await readHistory(rpc, Date.now() + 60_000)
		writeFileSync(join(dir, ETCD_RUN_FILES.history), events.map(event => JSON.stringify(event)).join('\n') + '\n')
		const info: EtcdRunInfo = { prefix, clockKey, ttl, endpoints: cluster.endpoints, etcdVersion: cluster.version, revision }
		writeFileSync(join(dir, ETCD_RUN_FILES.run), `${JSON.stringify(info, null, 2)}\n`)
		console.log(
			`chaos: ${counts.clientKills} client kills, ${counts.clientStops} client stops, ${counts.memberKills} member kills (${counts.leaderKills} of the leader), ${counts.memberStops} member stops, ${counts.twoStopped} stops of two of the three members at once, ${counts.restarts} restarts`,
		)
	} finally {
		rpc.close()
		await cluster.close()
	}
	return checkEtcdRun(dir)
}

/** Checks a run on etcd from its folder and prints the report; resolves to the number of violations. */
export function checkEtcdRun(dir: string): number {
	const facts = readEtcdRunFacts(dir)
	const report = checkEtcdTorture(facts)
	const { logs } = readClientLogs(dir)
	const refused = logs.filter(r => r.type === 'refused')
	const byCode = new Map<string, number>()
	for (const r of refused) byCode.set(String(r.code), (byCode.get(String(r.code)) ?? 0) + 1)
	console.log(`grants: ${report.grants.lock + report.grants.semaphore} (lock ${report.grants.lock}, semaphore ${report.grants.semaphore}) in etcd's history, revisions ${report.revisions.first} to ${report.revisions.last}`)
	console.log(`writes: ${report.writes.accepted} accepted, ${report.writes.refused} refused by their fence`)
	console.log(`leases lost by their holders: ${facts.clientLosses.length}`)
	console.log(`holds refused: ${refused.length}${refused.length > 0 ? ` (${[...byCode].map(([code, n]) => `${code} ${n}`).join(', ')})` : ''}`)
	console.log(`violations: ${report.violations.length}`)
	for (const violation of report.violations.slice(0, 50)) console.log(`  ${violation}`)
	return report.violations.length
}
