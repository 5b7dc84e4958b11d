// The lock server's memory beside Redis's, measured in the same run: heap and RSS per 100,000 leases of
// the largest fields the wire takes (a 200-byte name shared by the lock, 1000-byte keys, request ids and
// wire ids of 200 bytes, a client id of 200 bytes), per 100,000 distinct names held, and what is left once
// each is let go;
// Redis's peer is 100,000 keys of 1000 bytes set with a random token and a TTL (SET NX PX), as a Redis
// lock takes them. The server runs in a process of its own (this file with --serve), with the collector
// exposed, so what it holds is measured apart from the client that loads it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect as connectSocket, createServer, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import Redis from 'ioredis'
import { openStore } from '../engine/adapters/node.ts'
import { serve } from '../server/index.ts'
import { SERVER_NODE_FLAGS } from '../server/node-flags.ts'

const count = 100_000
const batch = 1000
const name = 'n'.repeat(200)
const clientId = 'c'.repeat(200)
const keyOf = (i: number) => `${i}-`.padEnd(1000, 'k')
const requestIdOf = (i: number) => `${i}-`.padEnd(200, 'r')
const wireIdOf = (i: number) => `${i}-`.padEnd(200, 'i')

/** What a process holds: its heap in use after a full collection, and its resident set. */
interface Memory {
	heap: number
	rss: number
}

// The server's side: a lock server on a store in `dir` with room for the run, and `measure` answered on stdin.
async function serveAndMeasure(dir: string): Promise<void> {
	setFlagsFromString('--expose-gc')
	const gc = runInNewContext('gc') as () => void
	const store = await openStore(dir)
	const room = 4 * count
	const server = await serve({ store, port: 0, limits: { maxHolds: room, maxHoldsPerClient: room, maxHoldsPerAddress: room, maxInFlight: batch } })
	console.log(`url ${server.url}`)
	for await (const line of createInterface({ input: process.stdin })) {
		if (line !== 'measure') continue
		for (let i = 0; i < 4; i++) {
			await new Promise(resolve => setImmediate(resolve))
			gc()
		}
		const { heapUsed, rss } = process.memoryUsage()
		console.log(JSON.stringify({ heap: heapUsed, rss }))
	}
	await server.close()
	await store.close()
	process.exit(0)
}

/** The lock server in its own process, asked for its memory over its stdin. */
class ServerProcess {
	readonly #child: ChildProcess
	readonly #lines: AsyncIterator<string>

	private constructor(child: ChildProcess) {
		this.#child = child
		this.#lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]()
	}

	static async start(dir: string): Promise<{ server: ServerProcess; url: string }> {
		const file = fileURLToPath(import.meta.url)
		const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', file, '--serve', dir], { stdio: ['pipe', 'pipe', 'inherit'] })
		const server = new ServerProcess(child)
		const first = await server.#line()
		if (!first.startsWith('url ')) throw new Error(`the server did not start: ${first}`)
		return { server, url: first.slice(4) }
	}

	async measure(): Promise<Memory> {
		this.#child.stdin?.write('measure\n')
		return JSON.parse(await this.#line()) as Memory
	}

	stop(): void {
		this.#child.stdin?.end()
	}

	async #line(): Promise<string> {
		const next = await this.#lines.next()
		if (next.done === true) throw new Error('the server process ended')
		return next.value
	}
}

/** A raw connection that pipelines frames and waits for as many answers, as a client of the wire would. */
class Wire {
	readonly #socket: Socket
	#buffer = ''
	#answers: Record<string, unknown>[] = []
	#waiting: { n: number; resolve: (answers: Record<string, unknown>[]) => void } | undefined

	constructor(socket: Socket) {
		this.#socket = socket
		socket.setEncoding('utf8')
		socket.on('data', (chunk: string) => {
			this.#buffer += chunk
			let end: number
			while ((end = this.#buffer.indexOf('\n')) >= 0) {
				this.#answers.push(JSON.parse(this.#buffer.slice(0, end)) as Record<string, unknown>)
				this.#buffer = this.#buffer.slice(end + 1)
			}
			this.#settle()
		})
	}

	static async open(url: string): Promise<Wire> {
		const { hostname, port } = new URL(url)
		const socket = connectSocket({ host: hostname, port: Number(port) })
		await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
		return new Wire(socket)
	}

	/** Sends the frames at once and resolves to their answers, all of them ok or it throws. */
	async ask(frames: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
		const answered = new Promise<Record<string, unknown>[]>(resolve => (this.#waiting = { n: frames.length, resolve }))
		this.#socket.write(frames.map(frame => `${JSON.stringify(frame)}\n`).join(''))
		this.#settle()
		const answers = await answered
		const refused = answers.find(answer => answer.ok !== true)
		if (refused !== undefined) throw new Error(`the server refused: ${JSON.stringify(refused)}`)
		return answers
	}

	close(): void {
		this.#socket.destroy()
	}

	#settle(): void {
		if (this.#waiting === undefined || this.#answers.length < this.#waiting.n) return
		const { n, resolve } = this.#waiting
		this.#waiting = undefined
		resolve(this.#answers.splice(0, n))
	}
}

let serial = 0

/** A hold of the largest fields the wire takes, of the lock named `name`. */
const largest = (name: string) => (i: number) => ({ id: wireIdOf(i), method: 'hold', kind: 'lock', name, key: keyOf(i), ttl: 3_600_000, wait: 0, requestId: requestIdOf(i) })

/** Holds `n` leases (each request from `holdOf`), in pipelined batches; resolves to their ids. */
async function holdAll(wire: Wire, holdOf: (i: number) => Record<string, unknown>, n = count): Promise<string[]> {
	const ids: string[] = []
	for (let from = 0; from < n; from += batch) {
		const frames = Array.from({ length: batch }, () => holdOf(serial++))
		for (const answer of await wire.ask(frames)) ids.push((answer.lease as { id: string }).id)
	}
	return ids
}

/** Holds `count` leases a batch at a time, each batch released before the next. */
async function churn(wire: Wire, holdOf: (i: number) => Record<string, unknown>): Promise<void> {
	for (let from = 0; from < count; from += batch) await releaseAll(wire, await holdAll(wire, holdOf, batch))
}

async function releaseAll(wire: Wire, ids: string[]): Promise<void> {
	for (let from = 0; from < ids.length; from += batch) {
		await wire.ask(ids.slice(from, from + batch).map((leaseId, j) => ({ id: `r${from + j}`, method: 'release', leaseId })))
	}
}

/** Redis with `count` keys of the same size set as a Redis lock sets them: its memory, and its process's RSS, before and after. */
async function redisPeer(scratch: string): Promise<{ version: string; before: Memory; after: Memory } | string> {
	const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8' })
	if (found.error !== undefined || found.status !== 0) return 'redis-server is not installed here; `apt-get install redis-server` (Debian) installs it.'
	const port = await new Promise<number>(resolve => {
		const probe = createServer().listen(0, '127.0.0.1', () => {
			const address = probe.address()
			probe.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0))
		})
	})
	const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', scratch], { stdio: ['ignore', 'pipe', 'inherit'] })
	try {
		await new Promise<void>(resolve => createInterface({ input: child.stdout! }).on('line', line => line.includes('Ready to accept') && resolve()))
		const client = new Redis({ host: '127.0.0.1', port })
		const memory = async (): Promise<Memory> => {
			const info = await client.info('memory')
			const field = (name: string) => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(info)?.[1])
			return { heap: field('used_memory'), rss: field('used_memory_rss') }
		}
		const before = await memory()
		for (let from = 0; from < count; from += batch) {
			const pipeline = client.pipeline()
			for (let i = from; i < from + batch; i++) pipeline.set(keyOf(i), randomUUID(), 'PX', 3_600_000, 'NX')
			await pipeline.exec()
		}
		const after = await memory()
		client.disconnect()
		return { version: /v=(\S+)/.exec(found.stdout)?.[1] ?? '?', before, after }
	} finally {
		child.kill('SIGKILL')
	}
}

async function main(): Promise<void> {
	const scratch = mkdtempSync(join(tmpdir(), 'bench-server-memory-'))
	const { server, url } = await ServerProcess.start(join(scratch, 'data'))
	// Each row: what, the memory at its starting point and after, and the process's RSS at its start (the lock server's before its first hold, Redis's before its first key).
	const rows: [string, Memory, Memory, number][] = []
	let fresh: Memory | undefined
	try {
		const wire = await Wire.open(url)
		await wire.ask([{ id: 'hello', method: 'hello', client: clientId }])
		fresh = await server.measure()
		// A first round fills the memory of ended holds and leases (its last 10,000 of each, for late retries and releases), which is bounded.
		await releaseAll(wire, await holdAll(wire, largest(name)))
		const start = await server.measure()
		const leases = await holdAll(wire, largest(name))
		const held = await server.measure()
		rows.push([`${count.toLocaleString('en')} leases held (one lock of a 200-byte name; 1000-byte keys; request ids and wire ids of 200 bytes)`, start, held, fresh?.rss ?? 0])
		await releaseAll(wire, leases)
		const released = await server.measure()
		rows.push(['  the same, once released', start, released, fresh?.rss ?? 0])
		const names = await holdAll(wire, i => largest(`${i}-`.padEnd(200, 'n'))(i))
		const namesHeld = await server.measure()
		rows.push([`${count.toLocaleString('en')} distinct names held (200 bytes each, one lease each, as above)`, released, namesHeld, fresh?.rss ?? 0])
		await releaseAll(wire, names)
		const namesReleased = await server.measure()
		rows.push(['  the same, once released (from the start)', start, namesReleased, fresh?.rss ?? 0])
		wire.close()
	} finally {
		server.stop()
	}
	// Names alone, on a server of their own: short fields, so that what a name costs is what grows.
	const names = await ServerProcess.start(join(scratch, 'names'))
	try {
		const wire = await Wire.open(names.url)
		await wire.ask([{ id: 'hello', method: 'hello', client: 'names' }])
		const start = await names.server.measure()
		const shortHold = (i: number) => ({ id: i, method: 'hold', kind: 'lock', name: `name-${i}`, key: '42', ttl: 3_600_000, wait: 0, requestId: `r${i}` })
		await churn(wire, shortHold)
		const churned = await names.server.measure()
		rows.push([`${count.toLocaleString('en')} distinct names on a new server (name-N, key 42, short ids), held and released ${batch.toLocaleString('en')} at a time`, start, churned, start.rss])
		const ids = await holdAll(wire, shortHold)
		const held = await names.server.measure()
		rows.push([`  then ${count.toLocaleString('en')} more held at once`, start, held, start.rss])
		await releaseAll(wire, ids)
		const released = await names.server.measure()
		rows.push(['  and released (10,000 ended holds and leases remembered)', start, released, start.rss])
		wire.close()
	} finally {
		names.server.stop()
	}
	const peer = await redisPeer(scratch)
	if (typeof peer !== 'string') rows.push([`Redis ${count.toLocaleString('en')} keys of 1000 bytes (SET NX PX, a 36-byte token)`, peer.before, peer.after, peer.before.rss])
	rmSync(scratch, { recursive: true, force: true })

	const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`
	const perItem = (bytes: number) => `${Math.round(bytes / count).toLocaleString('en')} B`
	const table = [
		['what', 'heap', 'heap per 1', 'RSS over start', 'RSS per 1'],
		...rows.map(([what, before, after, start]) => [what, mb(after.heap - before.heap), perItem(after.heap - before.heap), mb(after.rss - start), perItem(after.rss - start)]),
	]
	const widths = (table[0] ?? []).map((_, column) => Math.max(...table.map(row => (row[column] ?? '').length)))
	const line = (row: string[]) => `| ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`
	console.log(`server memory bench: Node ${process.version}; the lock server's heap in use after a full collection, its growth over the row's starting point, and the process's RSS over its start${typeof peer === 'string' ? '' : `; redis-server ${peer.version} (used_memory's growth, used_memory_rss)`}\n`)
	console.log(line(table[0] ?? []))
	console.log(`| ${widths.map(width => '-'.repeat(width)).join(' | ')} |`)
	for (const row of table.slice(1)) console.log(line(row))
	console.log(`\nThe lock server at start: heap ${mb(fresh?.heap ?? 0)}, RSS ${mb(fresh?.rss ?? 0)}${typeof peer === 'string' ? '' : `; Redis: used_memory ${mb(peer.before.heap)}, RSS ${mb(peer.before.rss)}`}. An RSS stays near its peak once memory is let go.`)
	if (typeof peer === 'string') console.log(`\n${peer}`)
	process.exit(0)
}

// Run last: the classes above are declared by then.
const { values: flags } = parseArgs({ options: { serve: { type: 'string' } } })
if (flags.serve !== undefined) await serveAndMeasure(flags.serve)
else await main()
