// A cluster of etcd members on loopback, each its own process with its own data folder, for the
// tests, the torture run and the benchmark: started, stopped, killed and restarted with their data.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { EtcdRpc, type StatusResponse } from './rpc.ts'

/** What to install when there is no etcd: the message a test or a run fails with. */
export const ETCD_MISSING =
	'etcd is not installed here, and the etcd tests need it: `apt-get install etcd-server` (Debian or Ubuntu; npm test installs it when run as root) gives etcd 3.4, which the tests start themselves on loopback ports; or set ETCD_BIN to an etcd 3.4 or later.'

/** The etcd to run: ETCD_BIN, else `etcd` on the PATH; its version, or undefined when there is none. */
export function findEtcd(): { bin: string; version: string } | undefined {
	const bin = process.env.ETCD_BIN ?? 'etcd'
	const found = spawnSync(bin, ['--version'], { encoding: 'utf8' })
	if (found.error !== undefined || found.status !== 0) return undefined
	return { bin, version: /etcd Version: (\S+)/.exec(found.stdout)?.[1] ?? '?' }
}

/** How a local cluster runs. */
export interface LocalClusterOptions {
	/** How many members; 3 unless given. */
	members?: number
	/** Raft's heartbeat and election timeout in ms (etcd's defaults are 100 and 1000); a lease's shortest TTL is 1.5 election timeouts. */
	heartbeatMs?: number
	electionMs?: number
	/** Where the data folders go: on a memory file system (/dev/shm) unless `disk`, since a process kill loses nothing there either and fsync costs nothing. */
	disk?: boolean
}

/** One member: its name, addresses, data folder and process. */
export class LocalMember {
	readonly name: string
	readonly clientPort: number
	readonly peerPort: number
	dataDir: string
	process: ChildProcess | undefined
	stopped = false
	readonly output: string[] = []
	#args: string[]
	#bin: string
	#onStart: () => void

	constructor(name: string, clientPort: number, peerPort: number, dataDir: string, bin: string, args: string[], onStart: () => void) {
		this.#onStart = onStart
		this.name = name
		this.clientPort = clientPort
		this.peerPort = peerPort
		this.dataDir = dataDir
		this.#bin = bin
		this.#args = args
	}

	get endpoint(): string {
		return `127.0.0.1:${this.clientPort}`
	}

	get running(): boolean {
		return this.process !== undefined && this.process.exitCode === null && this.process.signalCode === null
	}

	/** The peer address others reach it at. */
	get peerUrl(): string {
		return `http://127.0.0.1:${this.peerPort}`
	}

	/** Starts the member's process (again), on its data folder. */
	start(): void {
		const args = this.#args.map((arg, i) => (this.#args[i - 1] === '--data-dir' ? this.dataDir : arg))
		const child = spawn(this.#bin, args, { stdio: ['ignore', 'pipe', 'pipe'] })
		this.process = child
		this.stopped = false
		running.add(child)
		for (const stream of [child.stdout, child.stderr]) {
			createInterface({ input: stream }).on('line', line => {
				this.output.push(line)
				if (this.output.length > 200) this.output.shift()
			})
		}
		child.on('exit', () => running.delete(child))
		this.#onStart()
	}

	/** Sends a signal: SIGKILL (a crash), SIGSTOP (a member that hangs) and SIGCONT. */
	signal(signal: NodeJS.Signals): void {
		if (!this.running) return
		this.process?.kill(signal)
		if (signal === 'SIGSTOP') this.stopped = true
		if (signal === 'SIGCONT') this.stopped = false
	}

	/** Kills the member (SIGKILL) and resolves once its process is gone. */
	async kill(): Promise<void> {
		const child = this.process
		if (child === undefined || !this.running) return
		const gone = new Promise(resolve => child.once('exit', resolve))
		child.kill('SIGCONT')
		child.kill('SIGKILL')
		await gone
	}
}

const running = new Set<ChildProcess>()
// Whatever happens to the process that started them, no member is left behind: killed at its exit,
// and by a watchdog of each cluster once that process is gone (a test runner may kill its workers
// with no exit handler run).
process.on('exit', () => {
	for (const child of running) {
		child.kill('SIGCONT')
		child.kill('SIGKILL')
	}
})

// Once this process is gone, kills the members whose process ids are in the cluster's `pids` file, and deletes its folder.
function startWatchdog(root: string): ChildProcess {
	const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; pids=$(cat "$1/pids" 2>/dev/null); [ -n "$pids" ] && kill -CONT $pids 2>/dev/null; [ -n "$pids" ] && kill -KILL $pids 2>/dev/null; rm -rf "$1"`
	const watchdog = spawn('sh', ['-c', script, 'watchdog', root], { stdio: 'ignore', detached: true })
	watchdog.unref()
	return watchdog
}

/** A cluster of etcd members on loopback. */
export class LocalCluster {
	readonly members: LocalMember[] = []
	readonly root: string
	readonly version: string
	readonly #watchdog: ChildProcess

	private constructor(root: string, version: string) {
		this.root = root
		this.version = version
		this.#watchdog = startWatchdog(root)
	}

	/** Writes the members' process ids where the watchdog reads them. */
	writePids(): void {
		const pids = this.members.map(m => m.process?.pid).filter(pid => pid !== undefined)
		writeFileSync(join(this.root, 'pids'), pids.join(' '))
	}

	/** Starts the members and resolves once they have elected a leader; throws `ETCD_MISSING` when there is no etcd. */
	static async start(options: LocalClusterOptions = {}): Promise<LocalCluster> {
		const etcd = findEtcd()
		if (etcd === undefined) throw new Error(ETCD_MISSING)
		// Free ports are found by binding port 0 and letting go: another process may take one meanwhile, so a cluster that fails to start tries new ones.
		for (let attempt = 1; ; attempt++) {
			const cluster = await LocalCluster.#make(etcd, options)
			try {
				await cluster.ready(30_000)
				return cluster
			} catch (error) {
				await cluster.close()
				if (attempt >= 3) throw error
			}
		}
	}

	static async #make(etcd: { bin: string; version: string }, options: LocalClusterOptions): Promise<LocalCluster> {
		const count = options.members ?? 3
		const base = !options.disk && existsSync('/dev/shm') ? '/dev/shm' : tmpdir()
		const root = mkdtempSync(join(base, 'tinystore-etcd-'))
		const ports = await freePorts(count * 2)
		const names = Array.from({ length: count }, (_, i) => `m${i + 1}`)
		const peers = names.map((name, i) => `${name}=http://127.0.0.1:${ports[i * 2 + 1]}`).join(',')
		const token = `tinystore-${randomUUID()}`
		const cluster = new LocalCluster(root, etcd.version)
		const members = names.map((name, i) => {
			const client = ports[i * 2] as number
			const peer = ports[i * 2 + 1] as number
			const dataDir = join(root, name)
			const args = [
				'--name', name,
				'--data-dir', dataDir,
				'--listen-client-urls', `http://127.0.0.1:${client}`,
				'--advertise-client-urls', `http://127.0.0.1:${client}`,
				'--listen-peer-urls', `http://127.0.0.1:${peer}`,
				'--initial-advertise-peer-urls', `http://127.0.0.1:${peer}`,
				'--initial-cluster', peers,
				'--initial-cluster-state', 'new',
				'--initial-cluster-token', token,
				'--heartbeat-interval', String(options.heartbeatMs ?? 100),
				'--election-timeout', String(options.electionMs ?? 1000),
				'--logger', 'zap',
				'--log-level', 'warn',
			]
			return new LocalMember(name, client, peer, dataDir, etcd.bin, args, () => cluster.writePids())
		})
		cluster.members.push(...members)
		for (const member of members) member.start()
		return cluster
	}

	/** The client addresses of every member. */
	get endpoints(): string[] {
		return this.members.map(m => m.endpoint)
	}

	/** Each running, not stopped, member's view: its leader's member id and its own, or undefined where it did not answer in time. */
	async statuses(timeoutMs = 1000): Promise<(StatusResponse | undefined)[]> {
		return Promise.all(
			this.members.map(async member => {
				if (!member.running || member.stopped) return undefined
				const rpc = new EtcdRpc({ endpoints: [member.endpoint], attemptTimeoutMs: timeoutMs })
				try {
					return await rpc.call<StatusResponse>('Maintenance', 'Status', {}, Date.now() + timeoutMs, `etcd member ${member.name}`)
				} catch {
					return undefined
				} finally {
					rpc.close()
				}
			}),
		)
	}

	/** The member that leads now, by the word of a majority of the members; waits for one. */
	async leader(timeoutMs = 15_000): Promise<LocalMember> {
		const deadline = Date.now() + timeoutMs
		for (;;) {
			const statuses = await this.statuses()
			const leaders = statuses.filter(s => s !== undefined && s.leader !== '0').map(s => (s as StatusResponse).leader)
			const votes = new Map<string, number>()
			for (const id of leaders) votes.set(id, (votes.get(id) ?? 0) + 1)
			const chosen = [...votes].find(([, n]) => n > this.members.length / 2)?.[0]
			const at = statuses.findIndex(s => s !== undefined && s.header.member_id === chosen)
			if (at >= 0) return this.members[at] as LocalMember
			if (Date.now() > deadline) throw new Error(`etcd: no leader within ${timeoutMs} ms; ${this.#outputs()}`)
			await new Promise(resolve => setTimeout(resolve, 50))
		}
	}

	/** Resolves once a majority agrees on a leader; fails at once when a member that was started exited (a port taken, say). */
	async ready(timeoutMs = 15_000): Promise<void> {
		const deadline = Date.now() + timeoutMs
		for (;;) {
			for (const member of this.members) {
				if (member.process !== undefined && !member.running) throw new Error(`etcd member ${member.name} exited: ${member.output.slice(-5).join(' | ')}`)
			}
			try {
				await this.leader(Math.min(500, Math.max(1, deadline - Date.now())))
				return
			} catch (error) {
				if (Date.now() > deadline) throw error
			}
		}
	}

	/**
	 * Saves a snapshot of the cluster's data with etcd's own tool (`etcdctl snapshot save`, through one
	 * member), as an operator's backup does.
	 */
	snapshot(file: string): void {
		const member = this.members.find(m => m.running && !m.stopped)
		if (member === undefined) throw new Error('etcd snapshot: no member is running')
		etcdctl(['--endpoints', member.endpoint, 'snapshot', 'save', file])
	}

	/**
	 * Restores the cluster from a snapshot as etcd's documentation says: every member killed, its data
	 * folder made anew by `etcdctl snapshot restore` (with a new cluster token), and started on it.
	 * The restored store's revision is the snapshot's: what was written since is gone.
	 */
	async restore(file: string): Promise<void> {
		await Promise.all(this.members.map(m => m.kill()))
		const cluster = this.members.map(m => `${m.name}=${m.peerUrl}`).join(',')
		const token = `tinystore-restored-${randomUUID()}`
		for (const member of this.members) {
			const dataDir = `${member.dataDir.replace(/\.restored-\d+$/, '')}.restored-${Date.now()}`
			etcdctl(['snapshot', 'restore', file, '--name', member.name, '--data-dir', dataDir, '--initial-cluster', cluster, '--initial-cluster-token', token, '--initial-advertise-peer-urls', member.peerUrl])
			member.dataDir = dataDir
		}
		for (const member of this.members) member.start()
		await this.ready(30_000)
	}

	/** Kills every member and deletes the data folders. */
	async close(): Promise<void> {
		await Promise.all(this.members.map(m => m.kill()))
		this.#watchdog.kill('SIGKILL')
		rmSync(this.root, { recursive: true, force: true })
	}

	#outputs(): string {
		return this.members.map(m => `${m.name}: ${m.running ? (m.stopped ? 'stopped' : 'running') : 'not running'}; ${m.output.slice(-3).join(' | ')}`).join('; ')
	}
}

/** What to install when there is no etcdctl: a restore needs it. */
export const ETCDCTL_MISSING = 'etcdctl is not installed here, and a snapshot and its restore need it: `apt-get install etcd-client` (Debian or Ubuntu; npm test installs it when run as root), or set ETCDCTL_BIN.'

function etcdctl(args: string[]): string {
	const run = spawnSync(process.env.ETCDCTL_BIN ?? 'etcdctl', args, { encoding: 'utf8', env: { ...process.env, ETCDCTL_API: '3' } })
	if (run.error !== undefined) throw new Error(ETCDCTL_MISSING)
	if (run.status !== 0) throw new Error(`etcdctl ${args.join(' ')}: exited with ${run.status}: ${run.stderr.trim()}`)
	return run.stdout
}

/**
 * Ports free now, below the kernel's range for outgoing connections (32768 and up on Linux): a member that is stopped and
 * started again binds its ports again, and a port of that range may by then be another connection's (a restarted member
 * once found its port taken, "bind: address already in use"). Each is tried by binding it; a taken one is passed over.
 */
async function freePorts(count: number): Promise<number[]> {
	const ports: number[] = []
	const tried = new Set<number>()
	while (ports.length < count) {
		if (tried.size > 2_000) throw new Error(`etcd: found only ${ports.length} free ports of ${count} between ${LOW_PORT} and ${HIGH_PORT}`)
		const port = LOW_PORT + Math.floor(Math.random() * (HIGH_PORT - LOW_PORT))
		if (tried.has(port)) continue
		tried.add(port)
		if (await bindable(port)) ports.push(port)
	}
	return ports
}

/** The range the members' ports are drawn from: registered ports below the usual outgoing range. */
const LOW_PORT = 20_000
const HIGH_PORT = 32_000

/** Whether a port can be bound on 127.0.0.1 now. */
function bindable(port: number): Promise<boolean> {
	return new Promise(resolve => {
		const server = createServer()
		server.once('error', () => resolve(false))
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
	})
}
