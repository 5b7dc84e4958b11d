// doctest: the ts block that starts: await summaries.hold(chatId, async lease => {
// doctest: mutant "summary_fence < ${fence}" "summary_fence <> ${fence}" fails
// The seed's story with the sample as written, against the doctest's lock server and a real chat.db: worker A holds
// the chat's key and pauses in its summary; its lease is ended (as when its TTL passes while it is paused); worker B
// holds the key and saves; A wakes and saves too. B's summary stays, and A's write changes no row.
import { connect } from '@repo/server/index.ts'
import { chatDb } from '@repo/doctest/support/ts/stubs.ts'
import { askDirector, deferred } from '@repo/doctest/support/ts/director-client.ts'

const url = process.env.TINYSTORE_LOCKS_URL as string
const db = chatDb('chat.db')
const chatId = 42
const history = async (id: number) => [`the messages of chat ${id}`]
const aHolds = deferred()
const bSaved = deferred()
const writes: { worker: string; changes: number }[] = []
const dbOf = (worker: string) => ({
	exec: async (strings: TemplateStringsArray, ...values: (string | number)[]) => {
		const done = await db.exec(strings, ...values)
		writes.push({ worker, changes: done.changes })
		return done
	},
})

async function worker(name: string, model: { summarize(lines: string[]): Promise<string> }) {
	const client = await connect(url)
	const summaries = client.lock('summaries')
	const db = dbOf(name)
	// doctest: the block
	await client.close()
}

const a = worker('A', {
	async summarize() {
		// A pauses here, holding the key: its lease ends meanwhile, and it goes on once B has saved.
		aHolds.resolve()
		await askDirector('doctest: end the lease on lock summaries key 42')
		await bSaved.promise
		return 'the summary of A'
	},
})
// B asks for the key once A holds it, and gets it once A's lease has ended.
await aHolds.promise
await worker('B', { summarize: async () => 'the summary of B' })
bSaved.resolve()
await a

const row = db.row(chatId)
console.log(JSON.stringify({ writes, row }))
if (row.summary !== 'the summary of B' || writes.length !== 2 || writes[0]?.changes !== 1 || writes[1]?.changes !== 0) {
	console.error('expected B\'s summary to stay and A\'s late write to change no row')
	process.exit(1)
}
