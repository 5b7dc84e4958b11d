// The one loop of a torture run, whatever holds the keys: client processes hold and write chat.db while
// their processes, and the backend's, are killed, stopped and cut off at random; then the clients stop
// and the backend writes what the check reads into the run's folder.
import { appendFileSync } from 'node:fs'
import { join } from 'node:path'
import { createTortureDb } from './chat-db.ts'
import { between, Child, sleep } from './child.ts'
import { clientFaults } from './client-faults.ts'
import { readClocks } from './clocks.ts'
import { RUN_FILES, type Fault } from './facts.ts'

/** What a run is: how many client processes, for how long, on how many chats, its folder. */
export interface TortureOptions {
	procs: number
	seconds: number
	keys: number
	dir: string
}

/** What a backend is given to do its faults with. */
export interface RunContext {
	dir: string
	/** Writes a fault to the run's faults file, as it is done. */
	fault: (record: Fault) => void
	/** Runs `fn` after `ms`, as a part of the run its end waits for. */
	later: (ms: number, fn: () => void | Promise<void>) => void
}

/** What holds the run's keys (a lock server, an etcd cluster), and the faults done to it. */
export interface TortureBackend {
	/** What the run's first line says the clients hold keys in. */
	readonly description: string
	/** The TTL of the run's holds, in ms. */
	readonly ttl: number
	/** The arguments that point a client (torture/client.ts) at it. */
	readonly clientArgs: string[]
	/** Its faults at set fractions of the run, so that even a short run has each kind. */
	readonly planned: [number, () => boolean][]
	/** Its faults at random, each with its share of the loop's turns (the clients' kills and stops take half). */
	readonly random: [number, () => boolean][]
	/** After the chaos: everything of it running again, before the clients stop. */
	settle(): Promise<void>
	/** After the clients stopped (or the run failed): it is stopped and has written its history into the run's folder. */
	finish(): Promise<void>
	/** Its faults as the chaos line counts them, and how many of its processes were started again. */
	chaos(): { text: string; restarts: number }
}

/** Runs the torture on a backend `start` makes: the clients, the chaos, the end; the check is the caller's. */
export async function runTorture(options: TortureOptions, start: (run: RunContext) => Promise<TortureBackend>): Promise<void> {
	const { dir, procs, seconds, keys } = options
	const chatDb = join(dir, RUN_FILES.chatDb)
	createTortureDb(chatDb, keys)
	const pending: Promise<void>[] = []
	const run: RunContext = {
		dir,
		fault: record => appendFileSync(join(dir, RUN_FILES.faults), `${JSON.stringify(record)}\n`),
		later: (ms, fn) => void pending.push(sleep(ms).then(fn)),
	}
	// The runner's clock beside the machine's monotonic one: the checker sets every process's times in the runner's clock.
	run.fault({ type: 'clock', ...readClocks() })
	const backend = await start(run)
	try {
		await tortureWith(backend, options, run, pending)
	} finally {
		await backend.finish()
	}
}

async function tortureWith(backend: TortureBackend, options: TortureOptions, run: RunContext, pending: Promise<void>[]): Promise<void> {
	const { dir, procs, seconds, keys } = options
	const chatDb = join(dir, RUN_FILES.chatDb)
	console.log(`torture: ${procs} clients for ${seconds} s on ${keys} chats ${backend.description} (lock summaries, semaphore exports of limit 2, TTL ${backend.ttl / 1000} s); files in ${dir}`)
	const counts = { clientKills: 0, clientStops: 0, restarts: 0 }
	const generations = Array.from({ length: procs }, () => 0)
	const startClient = (i: number) => {
		const name = `c${i}.${generations[i]}`
		generations[i] = (generations[i] ?? 0) + 1
		const args = [...backend.clientArgs, '--db', chatDb, '--log', join(dir, `${name}.jsonl`), '--name', name, '--keys', String(keys), '--ttl', String(backend.ttl)]
		return new Child('torture/client.ts', args, name)
	}
	const clients: (Child | undefined)[] = Array.from({ length: procs }, (_, i) => startClient(i))
	const { killClient, stopClient, anyClient, allReady } = clientFaults({ clients, startClient, fault: run.fault, counts, later: run.later })
	await allReady()
	// The run's time counts from here: starting the clients can take a while on a busy machine.
	const started = Date.now()
	const elapsed = () => (Date.now() - started) / 1000
	const planned: [number, () => boolean][] = [[0.1, () => anyClient(i => stopClient(i, backend.ttl * 1.5))], [0.4, () => anyClient(i => killClient(i))], ...backend.planned]
	// The chaos lasts the run's time, and longer if a planned fault is still to come (at most three times as long): a short run on a busy machine still has each kind.
	while (elapsed() < seconds || (planned.length > 0 && elapsed() < 3 * seconds)) {
		await sleep(between(250, 800))
		// Every planned fault that is due happens now; one that could not happen yet (its process busy with another fault) is tried again next turn.
		const done = planned.filter(([at, fault]) => elapsed() >= at * seconds && fault())
		if (done.length > 0) {
			for (const fault of done) planned.splice(planned.indexOf(fault), 1)
			continue
		}
		const i = Math.floor(Math.random() * procs)
		let dice = Math.random()
		if (dice < 0.2) killClient(i)
		else if (dice < 0.5) stopClient(i, between(200, backend.ttl + 1500))
		else {
			dice -= 0.5
			for (const [share, fault] of backend.random) {
				if (dice < share) {
					fault()
					break
				}
				dice -= share
			}
		}
	}
	await Promise.all(pending)
	await backend.settle()
	// Clients finish the hold they are in, then stop; a client that does not is killed.
	for (const client of clients) client?.signal('SIGCONT')
	for (const client of clients) client?.signal('SIGTERM')
	for (const client of clients) if (client !== undefined && !(await client.exit(20_000))) client.signal('SIGKILL')
	const chaos = backend.chaos()
	console.log(`chaos: ${counts.clientKills} client kills, ${counts.clientStops} client stops, ${chaos.text}, ${counts.restarts + chaos.restarts} restarts`)
}
