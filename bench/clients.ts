// Hold+release pairs per second of each client in another language (Python, Go, Rust) beside the
// TypeScript client, its peer, against one lock server started here, over loopback: one at a time
// (one key) and 50 in flight (50 keys, each loop waiting for its pair before the next). Each client
// is its own process (bench/clients/LANG), built first, that prints one rate a round; the
// TypeScript client runs in this process. A client whose toolchain is missing is named, not run.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { connect } from '../server/index.ts'
import { SERVER_NODE_FLAGS } from '../server/node-flags.ts'

const secondsPerRound = 1
const rounds = 3
const inFlight = 50
const root = fileURLToPath(new URL('..', import.meta.url))
const scratch = mkdtempSync(join(tmpdir(), 'bench-clients-'))
const children: ChildProcess[] = []
process.on('exit', () => {
	for (const child of children) child.kill('SIGKILL')
	rmSync(scratch, { recursive: true, force: true })
})

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/** A client in another language: how to build it (undefined when nothing to build) and the command that runs its pairs. */
interface Contender {
	name: string
	/** The toolchain's version, or why the client cannot run here. */
	version(): string | { missing: string }
	build?(): void
	command(url: string, lanes: number): [string, string[], Record<string, string>?]
}

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): string {
	const done = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env } })
	if (done.error !== undefined || done.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${done.error?.message ?? done.stderr}`)
	return done.stdout.trim()
}

function versionOf(command: string, args: string[], pattern: RegExp, missing: string): string | { missing: string } {
	const done = spawnSync(command, args, { encoding: 'utf8' })
	if (done.error !== undefined || done.status !== 0) return { missing }
	return pattern.exec(done.stdout)?.[1] ?? '?'
}

const rustTarget = join(root, 'bench/clients/rust/target')
const contenders: Contender[] = [
	{
		name: 'Python (asyncio)',
		version: () => versionOf('python3', ['--version'], /Python (\S+)/, 'python3 is not installed (Python 3.11+)'),
		command: (url, lanes) => ['python3', [join(root, 'bench/clients/python/pairs.py'), url, String(lanes), String(secondsPerRound), String(rounds)], { PYTHONPATH: join(root, 'clients/python/src') }],
	},
	{
		name: 'Go (goroutines)',
		version: () => versionOf('go', ['version'], /go version go(\S+)/, 'go is not installed (Debian: golang-go)'),
		build: () => void run('go', ['build', '-o', join(scratch, 'pairs-go'), '.'], join(root, 'bench/clients/go')),
		command: (url, lanes) => [join(scratch, 'pairs-go'), [url, String(lanes), String(secondsPerRound), String(rounds)]],
	},
	{
		name: 'Rust (threads)',
		version: () => versionOf('rustc', ['--version'], /rustc (\S+)/, 'rustc and cargo are not installed (Debian: rustc, cargo)'),
		build: () => void run('cargo', ['build', '--release', '--quiet'], join(root, 'bench/clients/rust'), { CARGO_TARGET_DIR: rustTarget }),
		command: (url, lanes) => [join(rustTarget, 'release/pairs'), [url, String(lanes), String(secondsPerRound), String(rounds)]],
	},
]

/** Starts the lock server and resolves with its address once it says where it serves. */
function startServer(): Promise<string> {
	const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/cli.ts', '--dir', join(scratch, 'data'), '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
	children.push(child)
	return new Promise((resolve, reject) => {
		const output: string[] = []
		const timer = setTimeout(() => reject(new Error(`the lock server did not start: ${output.join('\n')}`)), 30_000)
		for (const stream of [child.stdout, child.stderr]) {
			createInterface({ input: stream }).on('line', line => {
				output.push(line)
				const url = / on (tcp:\/\/\S+)/.exec(line)?.[1]
				if (url !== undefined) {
					clearTimeout(timer)
					resolve(url)
				}
			})
		}
		child.once('exit', code => reject(new Error(`the lock server exited with ${code}: ${output.join('\n')}`)))
	})
}

/** The rates of a client's process, one a round. */
function rates(command: string, args: string[], env: Record<string, string> = {}): Promise<number[]> {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
		children.push(child)
		let out = ''
		let err = ''
		child.stdout.on('data', chunk => (out += chunk))
		child.stderr.on('data', chunk => (err += chunk))
		child.once('error', reject)
		child.once('exit', code => (code === 0 ? resolve(out.trim().split('\n').map(Number)) : reject(new Error(`${command} exited with ${code}: ${err}`))))
	})
}

/** The TypeScript client's rates, in this process, measured as the others measure theirs. */
async function typescriptRates(url: string, lanes: number): Promise<number[]> {
	const client = await connect(url)
	const summaries = client.lock('summaries')
	const keys = lanes === 1 ? ['42'] : Array.from({ length: lanes }, (_, lane) => `key ${lane}`)
	const rate = async (seconds: number) => {
		let done = 0
		const start = performance.now()
		const until = start + seconds * 1000
		await Promise.all(
			keys.map(async key => {
				while (performance.now() < until) {
					await summaries.hold(key, () => undefined)
					done++
				}
			}),
		)
		return done / ((performance.now() - start) / 1000)
	}
	await rate(Math.min(secondsPerRound, 0.5))
	const found: number[] = []
	for (let round = 0; round < rounds; round++) found.push(await rate(secondsPerRound))
	await client.close()
	return found
}

const url = await startServer()
const lanesOf = [1, inFlight]
const table: { name: string; rates: (number | undefined)[] }[] = [{ name: `TypeScript (Node ${process.version}), the peer`, rates: [] }]
for (const lanes of lanesOf) table[0]?.rates.push(median(await typescriptRates(url, lanes)))
const notes: string[] = []
for (const contender of contenders) {
	const version = contender.version()
	if (typeof version !== 'string') {
		notes.push(`${contender.name}: not run: ${version.missing}`)
		continue
	}
	contender.build?.()
	const row = { name: `${contender.name.replace(/ \(/, ` ${version} (`)}`, rates: [] as (number | undefined)[] }
	for (const lanes of lanesOf) {
		const [command, args, env] = contender.command(url, lanes)
		row.rates.push(median(await rates(command, args, env)))
	}
	table.push(row)
}

const peer = table[0]?.rates ?? []
const rows: string[][] = [['client', 'one at a time', 'vs TypeScript', `${inFlight} in flight`, 'vs TypeScript']]
for (const row of table) {
	const cells = [row.name]
	row.rates.forEach((value, i) => cells.push(value === undefined ? '' : Math.round(value).toLocaleString('en'), value === undefined || peer[i] === undefined ? '' : `${(value / (peer[i] as number)).toFixed(2)}x`))
	rows.push(cells)
}
const widths = (rows[0] ?? []).map((_, column) => Math.max(...rows.map(row => (row[column] ?? '').length)))
const line = (row: string[]) => `| ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`
console.log(`clients bench: hold+release pairs per second against one lock server over loopback; median of ${rounds} rounds of ${secondsPerRound} s after a warm-up\n`)
console.log(line(rows[0] ?? []))
console.log(`| ${widths.map(width => '-'.repeat(width)).join(' | ')} |`)
for (const row of rows.slice(1)) console.log(line(row))
console.log(`\nA pair is a hold and its release, two round trips, each awaited; ${inFlight} in flight is ${inFlight} loops at once on one client (tasks, goroutines or threads), each on its own key.`)
for (const note of notes) console.log(`\n${note}`)
process.exit(0)
