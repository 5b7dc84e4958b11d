// A process of a torture run (a server, a client), started with tsx, and the run's small helpers.
import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('..', import.meta.url))
export const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))
export const between = (low: number, high: number) => low + Math.random() * (high - low)

/** A child process of the run: a server or a client, started with tsx. */
export class Child {
	readonly process: ChildProcess
	stopped = false
	exited = false
	// A client says so once connected; only then is it fair game for the chaos.
	ready = false
	readonly output: string[] = []

	constructor(
		file: string,
		args: string[],
		readonly name = '',
		env: Record<string, string> = {},
	) {
		this.process = spawn(process.execPath, ['--import', 'tsx', file, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
		children.add(this)
		for (const stream of [this.process.stdout, this.process.stderr]) {
			if (stream !== null) {
				createInterface({ input: stream }).on('line', line => {
					if (line === 'ready') this.ready = true
					else this.output.push(line)
				})
			}
		}
		this.process.on('exit', () => {
			this.exited = true
			children.delete(this)
		})
	}

	signal(signal: NodeJS.Signals): void {
		if (!this.exited) this.process.kill(signal)
	}

	async exit(timeoutMs: number): Promise<boolean> {
		const deadline = Date.now() + timeoutMs
		while (!this.exited && Date.now() < deadline) await sleep(20)
		return this.exited
	}
}

const children = new Set<Child>()
// Whatever happens to this run, it leaves no process of its own behind.
process.on('exit', () => {
	for (const child of children) {
		child.signal('SIGCONT')
		child.signal('SIGKILL')
	}
})
