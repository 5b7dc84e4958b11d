// The lock server's speed beside Redis, measured in the same run over loopback:
// hold+release pairs per second, one at a time, with 50 in flight, and pipelined (1,000
// holds written at once, then their 1,000 releases). Redis's pair is the usual
// `SET key token NX PX 30000` and a compare-and-delete script (EVALSHA); its pipeline is
// ioredis's `pipeline()`. The etcd backend's pair, one at a time and 50 in flight, on a
// three-member etcd cluster on loopback whose members write their data to disk.
// Every server runs in its own processes, started here and stopped after.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import Redis from 'ioredis'
import { connect } from '../server/index.ts'
import { SERVER_NODE_FLAGS } from '../server/node-flags.ts'
import { connectEtcd } from '../etcd/index.ts'
import { findEtcd, LocalCluster } from '../etcd/local-cluster.ts'

const secondsPerRound = 2
const rounds = 5
const inFlight = 50
const pipelined = 1000
const root = fileURLToPath(new URL('..', import.meta.url))
const scratch = mkdtempSync(join(tmpdir(), 'bench-server-'))
const children: ChildProcess[] = []
process.on('exit', () => {
	for (const child of children) child.kill('SIGKILL')
	rmSync(scratch, { recursive: true, force: true })
})

/** A round's pairs per second, and how long each call of `pair` took (ms): a pair's latency, or a pipeline's. */
interface Round {
	rate: number
	latencies: number[]
}

/** Pairs per second of `pair` (which does `pairs` pairs) run by `lanes` loops at once for a round's time, and each call's time. */
async function rate(lanes: number, pair: (lane: number) => Promise<unknown>, pairs = 1): Promise<Round> {
	let done = 0
	const latencies: number[] = []
	const until = performance.now() + secondsPerRound * 1000
	const start = performance.now()
	await Promise.all(
		Array.from({ length: lanes }, async (_, lane) => {
			while (performance.now() < until) {
				const began = performance.now()
				await pair(lane)
				latencies.push(performance.now() - began)
				done += pairs
			}
		}),
	)
	return { rate: done / ((performance.now() - start) / 1000), latencies }
}

/** The value at `share` (0.5, 0.99) of the sorted values. */
function percentile(sorted: number[], share: number): number {
	return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = createServer()
		probe.once('error', reject)
		probe.listen(0, '127.0.0.1', () => {
			const address = probe.address()
			probe.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0))
		})
	})
}

/** Starts a process and resolves once a line of its output matches. */
function startProcess(command: string, args: string[], ready: RegExp): Promise<{ child: ChildProcess; line: string }> {
	const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
	children.push(child)
	return new Promise((resolve, reject) => {
		const output: string[] = []
		const timer = setTimeout(() => reject(new Error(`${command} did not start: ${output.join('\n')}`)), 30_000)
		for (const stream of [child.stdout, child.stderr]) {
			createInterface({ input: stream }).on('line', line => {
				output.push(line)
				if (ready.test(line)) {
					clearTimeout(timer)
					resolve({ child, line })
				}
			})
		}
		child.once('exit', code => reject(new Error(`${command} exited with ${code}: ${output.join('\n')}`)))
	})
}

type Contender = { name: string; lanes: number; pairs?: number; pair: (lane: number) => Promise<unknown> }

async function ours(): Promise<{ contenders: Contender[]; stop(): Promise<void> }> {
	const { child, line } = await startProcess(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/cli.ts', '--dir', join(scratch, 'data'), '--port', '0'], / on tcp:\/\//)
	const url = /(tcp:\/\/\S+)/.exec(line)?.[1] ?? ''
	const client = await connect(url)
	const summaries = client.lock('summaries')
	const work = () => 1
	return {
		contenders: [
			{ name: 'lock server: hold + release, one at a time', lanes: 1, pair: () => summaries.hold('42', work, { ttl: '30s' }) },
			{ name: `lock server: hold + release, ${inFlight} in flight`, lanes: inFlight, pair: lane => summaries.hold(`key ${lane}`, work, { ttl: '30s' }) },
			{
				name: `lock server: hold + release, ${pipelined.toLocaleString('en')} pipelined`,
				lanes: 1,
				pairs: pipelined,
				// The client writes the holds made in one turn in one write, and the releases likewise as the grants come back.
				pair: () => Promise.all(pipelineKeys.map(key => summaries.hold(key, work, { ttl: '30s' }))),
			},
		],
		async stop() {
			await client.close()
			child.kill('SIGTERM')
		},
	}
}

const pipelineKeys = Array.from({ length: pipelined }, (_, i) => `pipelined ${i}`)

// The compare-and-delete every Redis lock recipe uses: delete the key only if it still holds our token.
const releaseScript = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end"

async function redis(): Promise<{ contenders: Contender[]; version: string; stop(): Promise<void> } | string> {
	const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8' })
	if (found.error !== undefined || found.status !== 0) {
		return 'redis-server is not installed here; `apt-get install redis-server` (Debian) installs it, and this benchmark starts it itself.'
	}
	const port = await freePort()
	const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', scratch]
	const { child } = await startProcess('redis-server', args, /Ready to accept connections/)
	const client = new Redis({ host: '127.0.0.1', port, lazyConnect: true, maxRetriesPerRequest: 0 })
	await client.connect()
	client.defineCommand('releaseLock', { numberOfKeys: 1, lua: releaseScript })
	const release = (key: string, token: string) => (client as unknown as { releaseLock(key: string, token: string): Promise<number> }).releaseLock(key, token)
	const pair = async (key: string) => {
		const token = randomUUID()
		if ((await client.set(key, token, 'PX', 30_000, 'NX')) !== 'OK') throw new Error(`redis: ${key} was held`)
		if ((await release(key, token)) !== 1) throw new Error(`redis: ${key} was not released`)
	}
	type Pipeline = ReturnType<typeof client.pipeline> & { releaseLock(key: string, token: string): Pipeline }
	const pipelinePairs = async () => {
		const tokens = pipelineKeys.map(() => randomUUID())
		const holds = client.pipeline()
		pipelineKeys.forEach((key, i) => holds.set(key, tokens[i] as string, 'PX', 30_000, 'NX'))
		const held = (await holds.exec()) ?? []
		if (held.some(([error, reply]) => error !== null || reply !== 'OK')) throw new Error('redis: a pipelined key was held')
		const releases = client.pipeline() as Pipeline
		pipelineKeys.forEach((key, i) => releases.releaseLock(key, tokens[i] as string))
		const released = (await releases.exec()) ?? []
		if (released.some(([error, reply]) => error !== null || reply !== 1)) throw new Error('redis: a pipelined key was not released')
	}
	return {
		version: /v=(\S+)/.exec(found.stdout)?.[1] ?? '?',
		contenders: [
			{ name: 'Redis SET NX PX + compare-and-delete, one at a time', lanes: 1, pair: () => pair('42') },
			{ name: `Redis SET NX PX + compare-and-delete, ${inFlight} in flight`, lanes: inFlight, pair: lane => pair(`key ${lane}`) },
			{ name: `Redis SET NX PX + compare-and-delete, ${pipelined.toLocaleString('en')} pipelined`, lanes: 1, pairs: pipelined, pair: pipelinePairs },
		],
		async stop() {
			client.disconnect()
			child.kill('SIGTERM')
		},
	}
}

// The same hold through the etcd backend: its key put in one transaction, with the client's etcd lease of the TTL, and deleted at the release.
async function etcd(): Promise<{ contenders: Contender[]; version: string; stop(): Promise<void> } | string> {
	if (findEtcd() === undefined) return 'etcd is not installed here; `apt-get install etcd-server` (Debian) installs it, and this benchmark starts three members itself.'
	const cluster = await LocalCluster.start({ disk: true })
	const client = await connectEtcd({ endpoints: cluster.endpoints, prefix: 'bench/' })
	const summaries = client.lock('summaries')
	const work = () => 1
	return {
		version: cluster.version,
		contenders: [
			{ name: 'etcd, 3 members: hold + release, one at a time', lanes: 1, pair: () => summaries.hold('42', work, { ttl: '30s' }) },
			{ name: `etcd, 3 members: hold + release, ${inFlight} in flight`, lanes: inFlight, pair: lane => summaries.hold(`key ${lane}`, work, { ttl: '30s' }) },
		],
		async stop() {
			await client.close()
			await cluster.close()
		},
	}
}

const server = await ours()
const peer = await redis()
const cluster = await etcd()
const contenders = [...server.contenders, ...(typeof peer === 'string' ? [] : peer.contenders), ...(typeof cluster === 'string' ? [] : cluster.contenders)]
const rates = new Map<string, number[]>(contenders.map(c => [c.name, []]))
const latencies = new Map<string, number[]>(contenders.map(c => [c.name, []]))
// Warm up, then take turns so that a slow moment of the machine hits every contender.
for (const c of contenders) await rate(c.lanes, c.pair, c.pairs)
for (let round = 0; round < rounds; round++) {
	for (const c of contenders) {
		const measured = await rate(c.lanes, c.pair, c.pairs)
		rates.get(c.name)?.push(measured.rate)
		const all = latencies.get(c.name) ?? []
		for (const latency of measured.latencies) all.push(latency)
	}
}
await server.stop()
if (typeof peer !== 'string') await peer.stop()
if (typeof cluster !== 'string') await cluster.stop()

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1))
const rows: string[][] = [['what', 'pairs/s', 'vs Redis', 'p50 ms', 'p99 ms']]
for (const c of contenders) {
	const value = median(rates.get(c.name) ?? [])
	const redisName = c.name.replace(/^(lock server|etcd, 3 members): hold \+ release/, 'Redis SET NX PX + compare-and-delete')
	const redisRate = rates.get(redisName)
	const sorted = [...(latencies.get(c.name) ?? [])].sort((a, b) => a - b)
	rows.push([c.name, Math.round(value).toLocaleString('en'), redisRate === undefined ? '' : `${(value / median(redisRate)).toFixed(2)}x`, ms(percentile(sorted, 0.5)), ms(percentile(sorted, 0.99))])
}
const widths = (rows[0] ?? []).map((_, column) => Math.max(...rows.map(row => (row[column] ?? '').length)))
const line = (row: string[]) => `| ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`
const redisNote = typeof peer === 'string' ? 'no Redis' : `redis-server ${peer.version}, ioredis`
const etcdNote = typeof cluster === 'string' ? 'no etcd' : `etcd ${cluster.version} (3 members, data on disk)`
console.log(`server bench: Node ${process.version}, loopback, ${redisNote}, ${etcdNote}; median of ${rounds} rounds of ${secondsPerRound} s\n`)
console.log(line(rows[0] ?? []))
console.log(`| ${widths.map(width => '-'.repeat(width)).join(' | ')} |`)
for (const row of rows.slice(1)) console.log(line(row))
console.log(`\nA pair is two round trips for both: hold (SET NX PX) and release (the compare-and-delete script), each awaited; pipelined, ${pipelined.toLocaleString('en')} holds go out at once and their releases after.`)
console.log(`p50 and p99 are of each pair's time from its hold to its release's answer, over every round; pipelined, of each pipeline's ${pipelined.toLocaleString('en')} pairs.`)
console.log("On etcd a pair is two writes the cluster agrees on, each awaited: the hold's key put with its client's etcd lease of that TTL (a transaction that makes it the holder when the line is empty), and deleted at the release.")
if (typeof peer === 'string') console.log(`\n${peer}`)
if (typeof cluster === 'string') console.log(`\n${cluster}`)
process.exit(0)
