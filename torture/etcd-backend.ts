// A three-member etcd cluster on loopback as a torture run's backend: the clients hold keys in it through
// the etcd backend; its members are killed (the leader too) and started again with their data, stopped,
// and two of three stopped at once. Once the clients stop, etcd's own history of the keys is read into
// the run's folder (etcd-check.ts checks it), with a clock key the run put every 50 ms to date revisions.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { realClock } from '../engine/index.ts'
import { readHistory } from '../etcd/history.ts'
import { LocalCluster, type LocalMember } from '../etcd/local-cluster.ts'
import { EtcdRpc, type TxnResponse } from '../etcd/rpc.ts'
import { between, sleep } from './child.ts'
import { ETCD_RUN_FILES, type EtcdRunInfo } from './etcd-facts.ts'
import type { RunContext, TortureBackend } from './torture-loop.ts'

/** The TTL of the run's holds: the shortest etcd gives with its default election timeout (1 s). */
const ttl = 2000
const prefix = 'torture/'
const clockKey = `${prefix}clock`

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

/** Starts a three-member etcd cluster for a torture run, and its clock. */
export async function etcdBackend(run: RunContext): Promise<TortureBackend> {
	const cluster = await LocalCluster.start()
	const rpc = new EtcdRpc({ endpoints: cluster.endpoints, attemptTimeoutMs: 500 })
	const stopClock = startClock(rpc)
	const counts = { kills: 0, leaderKills: 0, stops: 0, twoStopped: 0, restarts: 0 }
	// One fault of the members at a time: at most one member is down or stopped, but for the planned two.
	let busy = false
	const kill = (leader: boolean): boolean => {
		if (busy) return false
		busy = true
		void (async () => {
			const target = leader ? await cluster.leader(3000).catch(() => undefined) : cluster.members[Math.floor(Math.random() * cluster.members.length)]
			if (target === undefined) {
				busy = false
				return
			}
			await target.kill()
			run.fault({ type: 'member-kill', member: target.name, leader, at: realClock.now() })
			counts.kills++
			if (leader) counts.leaderKills++
			run.later(between(300, 1200), () => {
				target.start()
				run.fault({ type: 'member-start', member: target.name, at: realClock.now() })
				counts.restarts++
				busy = false
			})
		})()
		return true
	}
	const stop = (targets: LocalMember[], ms: number): boolean => {
		if (busy) return false
		busy = true
		for (const target of targets) {
			target.signal('SIGSTOP')
			run.fault({ type: 'member-stop', member: target.name, leader: false, at: realClock.now() })
		}
		if (targets.length > 1) counts.twoStopped++
		else counts.stops++
		run.later(ms, () => {
			for (const target of targets) {
				target.signal('SIGCONT')
				run.fault({ type: 'member-continue', member: target.name, at: realClock.now() })
			}
			busy = false
		})
		return true
	}
	const randomMembers = (n: number) => [...cluster.members].sort(() => Math.random() - 0.5).slice(0, n)
	const close = async () => {
		rpc.close()
		await cluster.close()
	}
	return {
		description: `on etcd ${cluster.version}, ${cluster.members.length} members`,
		ttl,
		clientArgs: ['--endpoints', cluster.endpoints.join(','), '--prefix', prefix],
		planned: [
			[0.25, () => kill(true)],
			[0.55, () => stop(randomMembers(1), 1500)],
			[0.7, () => stop(randomMembers(2), 2500)],
		],
		random: [
			[0.05, () => kill(Math.random() < 0.5)],
			[0.05, () => stop(randomMembers(1), between(200, 1500))],
		],
		async settle() {
			// Everything running again, and the cluster whole, before the clients stop and the history is read.
			for (const member of cluster.members) {
				member.signal('SIGCONT')
				if (!member.running) member.start()
			}
			await cluster.ready(30_000)
		},
		async finish() {
			try {
				await stopClock()
				const { events, revision } = await readHistory(rpc, Date.now() + 60_000)
				writeFileSync(join(run.dir, ETCD_RUN_FILES.history), events.map(event => JSON.stringify(event)).join('\n') + '\n')
				const info: EtcdRunInfo = { prefix, clockKey, ttl, endpoints: cluster.endpoints, etcdVersion: cluster.version, revision }
				writeFileSync(join(run.dir, ETCD_RUN_FILES.run), `${JSON.stringify(info, null, 2)}\n`)
			} finally {
				await close()
			}
		},
		chaos: () => ({
			text: `${counts.kills} member kills (${counts.leaderKills} of the leader), ${counts.stops} member stops, ${counts.twoStopped} stops of two of the three members at once`,
			restarts: counts.restarts,
		}),
	}
}
