/**
 * The doctest's lock server, and what a program may ask of it on its standard output: a line
 * `doctest: end the lease on lock NAME key KEY` has an operator end that key's lease (its holder
 * hears it is lost, as when its TTL passes while it is paused, and the key moves on at once), and
 * the program reads `ok` on its standard input once it is done. So a sample's story of a holder
 * whose lease ran out plays in a moment, not in a 30 s TTL.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore } from '../engine/adapters/node.ts'
import type { Store } from '../engine/index.ts'
import { connect, serve, type LockClient, type LockServer } from '../server/index.ts'
import type { Outcome, RunContext } from './languages/index.ts'

const request = /^doctest: end the lease on lock (\S+) key (\S+)$/

/** A lock server for the run, with an operator's connection to it. */
export class Director {
	private constructor(
		readonly url: string,
		private readonly store: Store,
		private readonly server: LockServer,
		private readonly operator: LockClient,
	) {}

	static async start(): Promise<Director> {
		const store = await openStore(mkdtempSync(join(tmpdir(), 'doctest-store-')))
		const operatorToken = randomBytes(16).toString('hex')
		const server = await serve({ store, port: 0, operatorToken })
		const operator = await connect(server.url, { token: operatorToken })
		return new Director(server.url, store, server, operator)
	}

	async close(): Promise<void> {
		await this.operator.close()
		await this.server.close()
		await this.store.close()
	}

	/** What a block's program may use: this server (TINYSTORE_LOCKS_URL), and commands run under this director (60 s each unless told). */
	runContext(root: string): RunContext {
		const env = { TINYSTORE_LOCKS_URL: this.url }
		return {
			root,
			env,
			exec: (command, args, options) => this.exec(command, args, { cwd: options.cwd, env: { ...env, ...options.env }, timeoutMs: options.timeoutMs ?? 60_000 }),
		}
	}

	/** Runs a command to its end (or its timeout), answering its requests; ok when it exits with 0, with the count of leases it had ended. */
	exec(command: string, args: string[], options: { cwd: string; env: Record<string, string>; timeoutMs: number }): Promise<Outcome> {
		return new Promise(resolve => {
			const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'], detached: true })
			let output = ''
			let pending = ''
			let leasesEnded = 0
			const timer = setTimeout(() => {
				output += `\n(stopped after ${options.timeoutMs / 1000} s)`
				if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
			}, options.timeoutMs)
			child.stdout.on('data', (chunk: Buffer) => {
				output += chunk.toString()
				pending += chunk.toString()
				let end: number
				while ((end = pending.indexOf('\n')) >= 0) {
					const line = pending.slice(0, end)
					pending = pending.slice(end + 1)
					const asked = request.exec(line)
					if (asked !== null) {
						this.endLease(asked[1] as string, asked[2] as string).then(
							() => {
								leasesEnded++
								child.stdin.write('ok\n')
							},
							(error: Error) => child.stdin.write(`failed: ${error.message}\n`),
						)
					}
				}
			})
			child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
			child.stdin.on('error', () => {})
			child.on('error', error => {
				clearTimeout(timer)
				resolve({ ok: false, output: `${output}\n${command}: ${error.message}` })
			})
			child.on('close', code => {
				clearTimeout(timer)
				// Whatever it left running (a server a shell block started) ends with it.
				try {
					if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
				} catch {}
				resolve({ ok: code === 0, output, leasesEnded })
			})
		})
	}

	private async endLease(name: string, key: string): Promise<void> {
		const { keys } = await this.operator.leases({ kind: 'lock', name, key })
		const lease = keys[0]?.holders[0]
		if (lease === undefined) throw new Error(`lock ${name}: key ${JSON.stringify(key)}: nobody holds it`)
		await this.operator.endLease(lease.leaseId)
	}
}
