// One worker of a torture run, in its own process: it holds a chat's key of the lock
// `summaries` and writes the chat's summary with its fence, or holds a place of the
// semaphore `exports`, again and again until SIGTERM, logging every grant and write. It holds
// through a lock server (--url), or through etcd (--endpoints) with the same code.
import { appendFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { fenceText, LockError, realClock } from '../engine/index.ts'
import { fencedUpdate, openChatDb } from './chat-db.ts'
import { readClocks } from './clocks.ts'
import { connect } from '../server/index.ts'
import { connectEtcd } from '../etcd/index.ts'

const { values } = parseArgs({
	options: {
		url: { type: 'string' },
		endpoints: { type: 'string' },
		prefix: { type: 'string' },
		db: { type: 'string' },
		log: { type: 'string' },
		name: { type: 'string' },
		keys: { type: 'string', default: '3' },
		ttl: { type: 'string', default: '1000' },
	},
})
const name = values.name ?? `worker ${process.pid}`
const logFile = values.log ?? ''
// Appended synchronously, so a line is written before anything that follows it, even if the process is killed next;
// timed by the server's clock on the same machine, so the checker can set the two side by side.
const log = (record: Record<string, unknown>) => appendFileSync(logFile, `${JSON.stringify({ client: name, at: realClock.now(), ...record })}\n`)
const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

// SIGTERM ends the run: a hold that waits leaves its line, one that holds finishes.
const stop = new AbortController()
process.on('SIGTERM', () => stop.abort())

const db = openChatDb(values.db ?? '')
const update = db.prepare(fencedUpdate)
const insert = db.prepare('insert into writes (client, chat_id, fence, summary, accepted) values (?, ?, ?, ?, ?)')
// The fenced write and its record in one transaction: chat.db itself says in which order writes were accepted.
const write = db.transaction((chatId: number, summary: string, fence: string) => {
	const { changes } = update.run(summary, fence, String(chatId), fence)
	insert.run(name, chatId, fence, summary, changes)
	return changes
})

const client =
	values.endpoints === undefined
		? await connect(values.url, { connectTimeout: '60s' })
		: await connectEtcd({ endpoints: values.endpoints, prefix: values.prefix, connectTimeout: '60s' })
const summaries = client.lock('summaries')
const exports = client.semaphore('exports', { limit: 2 })
const keys = Number(values.keys)
const ttl = Number(values.ttl)
// Its clock beside the machine's monotonic one, so the checker can set its lines beside the history's (see clocks.ts).
log({ type: 'clock', ...readClocks() })
console.log('ready')

while (!stop.signal.aborted) {
	try {
		if (Math.random() < 0.6) {
			const chatId = 1 + Math.floor(Math.random() * keys)
			await summaries.hold(
				chatId,
				async lease => {
					log({ type: 'grant', id: lease.id, fence: lease.fence.toString() })
					lease.signal.addEventListener('abort', () => log({ type: 'lost', id: lease.id }))
					await sleep(Math.random() * 300)
					// The seed's worker writes whether or not its lease still holds: the fence decides.
					const summary = `${name}: fence ${lease.fence}`
					// The write can wait up to 10 s for another process's write lock, with the event loop blocked: the checker must know.
					log({ type: 'writing' })
					const changes = write.immediate(chatId, summary, fenceText(lease.fence))
					log({ type: 'write', chatId, fence: lease.fence.toString(), summary, accepted: changes === 1 })
					await sleep(Math.random() * 50)
					// Its work is done: the hold lets go of the key next (a checker that sees the key go tells a release from a loss by this line).
					log({ type: 'done', id: lease.id })
				},
				{ ttl, wait: 3000, signal: stop.signal },
			)
		} else {
			await exports.hold(
				'monthly',
				async lease => {
					log({ type: 'grant', id: lease.id, fence: null })
					lease.signal.addEventListener('abort', () => log({ type: 'lost', id: lease.id }))
					await sleep(100 + Math.random() * 300)
					log({ type: 'done', id: lease.id })
				},
				{ ttl, wait: 3000, signal: stop.signal },
			)
		}
	} catch (error) {
		log({ type: 'refused', code: error instanceof LockError ? error.code : 'error', message: (error as Error).message })
		await sleep(50)
	}
}
await client.close()
db.close()
process.exit(0)
