// doctest: the ts block that starts: const locks = await connect('tcp://locks:7411')
// The page's summarizer, as written, its tcp://locks:7411 the doctest's lock server and its db a real chat.db: three
// jobs of chat 42 at once run one at a time, and the last to save leaves its summary with its own lease's fence.
import { fenceText } from '@repo/engine/index.ts'
import { chatDb } from '@repo/doctest/support/ts/stubs.ts'
import { pagesClient } from '@repo/doctest/support/ts/pages-client.ts'

const { connect, closeAll } = pagesClient()
const db = chatDb('chat.db')
const history = async (chatId: string) => [`the messages of chat ${chatId}`]
let running = 0
let most = 0
let jobs = 0
const model = {
	async summarize(lines: string[], _options: { signal: AbortSignal }) {
		most = Math.max(most, ++running)
		await new Promise(resolve => setTimeout(resolve, 20))
		running--
		return `summary ${++jobs} of ${lines.length} lines`
	},
}

// doctest: the block

await Promise.all([summarizeChat('42'), summarizeChat('42'), summarizeChat('42')])
const row = db.row(42)
const fence = row?.summary_fence ?? ''
if (most !== 1 || jobs !== 3) throw new Error(`expected three jobs one at a time, got ${jobs} jobs, at most ${most} at once`)
if (row?.summary !== 'summary 3 of 1 lines' || fence.length !== 40 || fence === fenceText(0n)) throw new Error(`expected the last job's summary and a fence, got ${JSON.stringify(row)}`)
await closeAll()
console.log(JSON.stringify(row))
