// doctest: the ts block that starts: await summaries.hold(chatId, async lease => {
// The page's hold inside a hold of the same key, on a store opened with openStore, which sees the nesting: the inner
// hold is refused at once with invalid, in the words of the text block under it, rather than wait out its 10 s; the
// outer hold fails with it and lets go of the key, and nothing is saved.
import { openStore } from '@repo/engine/adapters/node.ts'
import { LockError } from '@repo/engine/index.ts'

const store = await openStore('store')
const summaries = store.lock('summaries')
const chatId = '42'
const saved: string[] = []
const saveTopics = async (chatId: string, fence: bigint) => void saved.push(`${chatId} ${fence}`)
const started = Date.now()
let refused: unknown
try {
	// doctest: the block
} catch (error) {
	refused = error
}
const took = Date.now() - started
const words = /^lock summaries: key "42": this hold is inside a hold of the same key \(lease \S+\) and would wait for itself until its 10 s wait ran out: a lock is not reentrant, so use the lease you hold$/
if (!(refused instanceof LockError) || refused.code !== 'invalid' || !words.test(refused.message)) throw new Error(`expected the inner hold refused with invalid in the page's words, got ${String(refused)}`)
if (took > 5000) throw new Error(`expected the refusal at once, it took ${took} ms`)
if (saved.length > 0) throw new Error(`expected nothing saved, got ${saved.join(', ')}`)
if ((await summaries.tryHold(chatId, () => 'free')) !== 'free') throw new Error('expected the key free once the outer hold failed')
await store.close()
console.log(`${refused.code}: ${refused.message} (after ${took} ms)`)
