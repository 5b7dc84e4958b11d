// doctest: the ts block that starts: await summaries.hold(chatId, async lease => {
// doctest: plays the scene above
// doctest: mutant "summary_fence < ${fence}" "summary_fence <> ${fence}" fails
// The seed's story with the sample as written, against the doctest's lock server and its chat.db: worker A holds the
// chat's key and pauses in its summary; its lease is ended (as when its TTL passes while it is paused); worker B holds
// the key and saves; A wakes and saves too. The leases the holds were given and what each write did are printed for
// the doctest to compare with the scene's frames.
import { connect } from '@repo/server/index.ts'
import { Story } from '@repo/doctest/support/ts/story.ts'
import { askDirector, deferred } from '@repo/doctest/support/ts/director-client.ts'

const url = process.env.TINYSTORE_LOCKS_URL as string
const story = new Story()
const chatId = '42'
const history = async (id: string) => [`the messages of chat ${id}`]
const aHolds = deferred()
const bSaved = deferred()

async function worker(name: string, model: { summarize(lines: string[]): Promise<string> }) {
	const client = await connect(url)
	const summaries = story.lock(client.lock('summaries'), name)
	const db = story.writer(name)
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
story.report()
