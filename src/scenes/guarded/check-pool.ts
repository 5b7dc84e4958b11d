/**
 * The guarded check: every scene checked in a pool of long-lived checker processes (`checker.ts`),
 * each with a heap limit, one scene at a time each, under a watchdog per scene in this process. A
 * checker that runs over its time or its resident memory is killed, one that runs out of memory or dies is gone, and either
 * way the pool starts another; the scene gets a diagnostic at its first line and every other scene
 * checks as it would have. The frames that come back are the in-process check's (`compileScene`),
 * structured-cloned.
 *
 * Processes, not worker threads: a thread inside a synchronous SQLite statement (a sample's
 * query of joins that never ends) cannot be stopped, since better-sqlite3 has no interrupt and V8's
 * termination waits for the statement; its process then hangs at exit, or crashes on
 * `process.exit`. A process is killed whatever it runs.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { SceneFrames } from '../frame.ts'
import type { SourceOrigin } from '../simulation/index.ts'
import { died, failedCheck, notStarted, outOfMemory, overran, residentOver } from './failures.ts'
import { DEFAULT_LIMITS, residentLimitMb, type CheckLimits } from './limits.ts'
import type { CheckOptions, CheckerMessage, CheckRequest } from './protocol.ts'

/** The checker's entry: plain JavaScript that registers tsx, so it runs under whatever runs the pool. */
const ENTRY = fileURLToPath(new URL('./checker-entry.mjs', import.meta.url))

/** How much of a checker's output is kept, to say why it died. */
const KEPT_OUTPUT = 16_384
/** Checkers that end before they are ready, in a row, before the pool says no scene can be checked. */
const START_TRIES = 3

interface Job extends CheckRequest {
	resolve: (frames: SceneFrames) => void
}

interface Checker {
	child: ChildProcess
	/** It has loaded the checker and takes scenes. */
	ready: boolean
	/** The scene it checks, and the watchdog that ends it if the scene takes too long. */
	job?: Job
	watchdog?: NodeJS.Timeout
	/** The tail of what it wrote to stdout and stderr. */
	output: string
	/** While it checks a scene: the timer that reads its resident memory. */
	memoryWatch?: NodeJS.Timeout
}

/** How often a checker's resident memory is read while it checks a scene, in milliseconds. */
const MEMORY_EVERY_MS = 50

/** A process's resident memory in MB, read from Linux's /proc; undefined where there is none (the heap limit still holds there). */
function residentMb(pid: number): number | undefined {
	try {
		const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
		return kb === undefined ? undefined : Number(kb) / 1024
	} catch {
		return undefined
	}
}

export class CheckPool {
	readonly limits: Readonly<CheckLimits>
	readonly #checkers = new Set<Checker>()
	readonly #waiting: Job[] = []
	#ids = 0
	/** Scenes asked for and not yet answered; while there are any, a timer keeps this process alive. */
	#pending = 0
	#keepAlive: NodeJS.Timeout | undefined
	#failedStarts = 0
	/** Why no checker can start, once the pool gave up. */
	#cannotStart: string | undefined
	#closed = false
	#started = 0

	constructor(limits: Partial<CheckLimits> = {}) {
		this.limits = Object.freeze({ ...DEFAULT_LIMITS, ...limits })
	}

	/** A scene's frames and diagnostics, as `compileScene` gives them in process (with its options); never rejects. */
	check(source: string, origin: SourceOrigin = {}, options: CheckOptions = {}): Promise<SceneFrames> {
		if (this.#closed) return Promise.resolve(failedCheck(origin, 'the scene checker was closed before this scene was checked'))
		if (this.#cannotStart !== undefined) return Promise.resolve(failedCheck(origin, notStarted(this.#cannotStart)))
		this.#hold(1)
		return new Promise(resolve => {
			const job: Job = {
				id: ++this.#ids,
				source,
				origin,
				...(options.withoutFences ? { withoutFences: true as const } : {}),
				...(options.headings ? { headings: options.headings } : {}),
				...(options.suggest ? { suggest: true as const } : {}),
				resolve: frames => {
					this.#hold(-1)
					resolve(frames)
				},
			}
			this.#waiting.push(job)
			this.#run()
		})
	}

	/** Starts every checker now, before the first scene: the build and the dev server start them as they start, beside their own work. */
	warm(): void {
		if (this.#closed || this.#cannotStart !== undefined) return
		while (this.#checkers.size < this.limits.workers) this.#start()
	}

	/** Ends every checker; a scene not yet checked gets a diagnostic saying so. The pool checks nothing more. */
	close(): void {
		this.#closed = true
		for (const checker of [...this.#checkers]) {
			const job = checker.job
			this.#forget(checker)
			checker.child.kill('SIGKILL')
			job?.resolve(failedCheck(job.origin, 'the scene checker was closed while this scene was checked'))
		}
		for (const job of this.#waiting.splice(0)) job.resolve(failedCheck(job.origin, 'the scene checker was closed before this scene was checked'))
	}

	/** Hands waiting scenes to idle checkers, and starts checkers for the scenes no one will take soon. */
	#run(): void {
		for (const checker of this.#checkers) {
			if (this.#waiting.length === 0) break
			if (checker.ready && !checker.job) this.#give(checker, this.#waiting.shift() as Job)
		}
		let starting = [...this.#checkers].filter(checker => !checker.ready).length
		while (this.#checkers.size < this.limits.workers && this.#waiting.length > starting) {
			this.#start()
			starting++
		}
	}

	#give(checker: Checker, job: Job): void {
		checker.job = job
		checker.watchdog = setTimeout(() => this.#overran(checker), this.limits.timeoutMs)
		const pid = checker.child.pid
		if (pid !== undefined) {
			checker.memoryWatch = setInterval(() => {
				const mb = residentMb(pid)
				if (mb !== undefined && mb > residentLimitMb(this.limits.memoryMb)) this.#stop(checker, residentOver(residentLimitMb(this.limits.memoryMb)))
			}, MEMORY_EVERY_MS)
			checker.memoryWatch.unref()
		}
		const request: CheckRequest = { id: job.id, source: job.source, origin: job.origin, ...(job.withoutFences ? { withoutFences: true as const } : {}), ...(job.headings ? { headings: job.headings } : {}), ...(job.suggest ? { suggest: true as const } : {}) }
		checker.child.send(request)
	}

	/** How many checker processes this pool has started: one for each it needed, and one for each it ended. */
	get started(): number {
		return this.#started
	}

	#start(): void {
		this.#started++
		const child = fork(ENTRY, [], {
			execArgv: [`--max-old-space-size=${this.limits.memoryMb}`],
			stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
			serialization: 'advanced',
		})
		const checker: Checker = { child, ready: false, output: '' }
		this.#checkers.add(checker)
		const keep = (chunk: Buffer) => {
			checker.output = (checker.output + chunk.toString('utf8')).slice(-KEPT_OUTPUT)
		}
		child.stdout?.on('data', keep)
		child.stderr?.on('data', keep)
		child.on('message', (message: CheckerMessage) => this.#heard(checker, message))
		child.on('exit', (code, signal) => this.#ended(checker, code, signal))
		// A child that cannot be started at all ends with this, and no exit.
		child.on('error', error => {
			keep(Buffer.from(`\n${error.message}\n`))
			if (child.exitCode === null && child.signalCode === null && child.pid === undefined) this.#ended(checker, null, null)
		})
		// Idle checkers keep no one alive: the build, the dev server and the CLI end when their work does.
		child.unref()
		child.channel?.unref()
		for (const stream of [child.stdout, child.stderr]) (stream as unknown as { unref?: () => void } | null)?.unref?.()
	}

	#heard(checker: Checker, message: CheckerMessage): void {
		if (!this.#checkers.has(checker)) return
		if (message.kind === 'ready') {
			checker.ready = true
			this.#failedStarts = 0
		} else if (checker.job?.id === message.id) {
			const job = checker.job
			clearTimeout(checker.watchdog)
			clearInterval(checker.memoryWatch)
			checker.job = undefined
			if (message.spent) {
				this.#forget(checker)
				checker.child.kill('SIGKILL')
			}
			job.resolve(message.frames)
		}
		this.#run()
	}

	/** The scene took longer than the pool allows: it is told so now, and its checker is killed and replaced. */
	#overran(checker: Checker): void {
		this.#stop(checker, overran(this.limits.timeoutMs))
	}

	/** The scene went past a limit: it is told why now, and its checker is killed and replaced. */
	#stop(checker: Checker, message: string): void {
		const job = checker.job
		this.#forget(checker)
		checker.child.kill('SIGKILL')
		job?.resolve(failedCheck(job.origin, message))
		this.#run()
	}

	/** A checker ended by itself: out of memory, crashed, or it never started. */
	#ended(checker: Checker, code: number | null, signal: NodeJS.Signals | null): void {
		if (!this.#checkers.has(checker)) return
		const job = checker.job
		this.#forget(checker)
		if (job) {
			const message = /JavaScript heap out of memory|Reached heap limit/.test(checker.output)
				? outOfMemory(this.limits.memoryMb)
				: died(signal ? `signal ${signal}` : `exit code ${code ?? '?'}`, lastWords(checker.output))
			job.resolve(failedCheck(job.origin, message))
		} else if (!checker.ready && ++this.#failedStarts >= START_TRIES) {
			this.#cannotStart = lastWords(checker.output) ?? (signal ? `signal ${signal}` : `exit code ${code ?? '?'}`)
			for (const waiting of this.#waiting.splice(0)) waiting.resolve(failedCheck(waiting.origin, notStarted(this.#cannotStart)))
		}
		this.#run()
	}

	#forget(checker: Checker): void {
		clearTimeout(checker.watchdog)
		clearInterval(checker.memoryWatch)
		checker.job = undefined
		this.#checkers.delete(checker)
	}

	#hold(change: number): void {
		this.#pending += change
		if (this.#pending > 0 && this.#keepAlive === undefined) this.#keepAlive = setInterval(() => {}, 1 << 30)
		else if (this.#pending === 0 && this.#keepAlive !== undefined) {
			clearInterval(this.#keepAlive)
			this.#keepAlive = undefined
		}
	}
}

/** The line of a dead checker's output that says most: V8's or Node's error line, else the last. */
function lastWords(output: string): string | undefined {
	const lines = output
		.split('\n')
		.map(line => line.trim())
		.filter(line => line !== '')
	const said = [...lines].reverse().find(line => /^(FATAL ERROR|\w*Error\b)/.test(line)) ?? lines.at(-1)
	return said === undefined ? undefined : said.length > 300 ? `${said.slice(0, 297)}...` : said
}
