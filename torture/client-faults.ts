/** The two faults a torture run does to its clients, the same on every backend: a kill, restarted a moment later, and a stop, continued later. */
import { realClock } from '../engine/index.ts'
import { between, sleep, type Child } from './child.ts'
import type { Fault } from './facts.ts'

export interface ClientFaultsRun {
	/** The run's clients by their place; a killed one is undefined until it starts again. */
	clients: (Child | undefined)[]
	startClient: (i: number) => Child
	/** Writes a fault to the run's faults file. */
	fault: (record: Fault) => void
	counts: { clientKills: number; clientStops: number; restarts: number }
	/** Runs `fn` after `ms`, as a part of the run the end waits for. */
	later: (ms: number, fn: () => void | Promise<void>) => void
}

/** Each fault says whether it happened: a client not running yet, stopped or gone is left alone. */
export function clientFaults(run: ClientFaultsRun): {
	killClient: (i: number) => boolean
	stopClient: (i: number, ms: number) => boolean
	anyClient: (act: (i: number) => boolean) => boolean
	allReady: () => Promise<void>
} {
	const { clients, startClient, fault, counts, later } = run
	return {
		/** Does a fault to the first client it happens to. */
		anyClient: act => clients.some((_, i) => act(i)),
		/** Waits until every client is connected: the run's time counts from then, as starting them can take a while on a busy machine. */
		async allReady() {
			const waitFrom = Date.now()
			while (!clients.every(c => c?.ready)) {
				const dead = clients.find(c => c?.exited)
				if (dead !== undefined) throw new Error(`a client exited before it was ready: ${dead.output.join('\n')}`)
				if (Date.now() - waitFrom > 60_000) throw new Error('the clients did not connect within 60 s')
				await sleep(20)
			}
		},
		killClient(i) {
			const client = clients[i]
			if (client === undefined || client.exited || client.stopped || !client.ready) return false
			client.signal('SIGKILL')
			fault({ type: 'client-kill', client: client.name, at: realClock.now() })
			clients[i] = undefined
			counts.clientKills++
			later(between(100, 400), () => {
				clients[i] = startClient(i)
				counts.restarts++
			})
			return true
		},
		stopClient(i, ms) {
			const client = clients[i]
			if (client === undefined || client.stopped || client.exited || !client.ready) return false
			client.signal('SIGSTOP')
			client.stopped = true
			fault({ type: 'client-stop', client: client.name, at: realClock.now() })
			counts.clientStops++
			later(ms, () => {
				client.signal('SIGCONT')
				fault({ type: 'client-continue', client: client.name, at: realClock.now() })
				client.stopped = false
			})
			return true
		},
	}
}
