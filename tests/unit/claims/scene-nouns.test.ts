// A scene's own nouns (src/scenes/claims/scene-nouns.ts): the words of its sample's names and its
// actors' labels, never a word of the language, so that a noun only ever stands where "work" or the
// domain's written thing does.
import { describe, expect, it } from 'vitest'
import { FORMS, inWords, lendsLexicon, sceneNouns } from '../../../src/scenes/claims/index.ts'
import { heldBodies } from '../../../src/scenes/claims/scene-nouns.ts'
import { DEFAULT_DOMAIN, DOMAINS } from '../../../src/seed/domains.ts'

describe("a scene's own nouns", () => {
	it("splits its sample's names and its actors' labels into words, in the order first met", () => {
		expect(sceneNouns(['const rows = await indexes.hold(tenantId, async lease => {', '  await rebuildIndex(tenantId)', '})'], ['index.db'], DEFAULT_DOMAIN.words)).toEqual(['rebuild', 'index', 'tenant'])
		expect(sceneNouns(['const x = 1'], ['index.db'], DEFAULT_DOMAIN.words)).toEqual(['index'])
	})

	it('of a sample that holds a key, takes only the names its held code uses: the work under the key', () => {
		const code = ['await exports.hold(tenantId, async function (lease) {', '  if (lease) { await save(tenantId, text, lease.fence) }', '})', 'await runExport(tenantId)', 'await summaries.tryHold(chatId, async lease => { await notifyOwner(chatId) })']
		expect(sceneNouns(code, [], DEFAULT_DOMAIN.words)).toEqual(['tenant', 'notify', 'owner'])
		expect(sceneNouns(['const render_thumbnail = 1'], ['THUMBS'], DEFAULT_DOMAIN.words)).toEqual(['render', 'thumbnail', 'thumbs'])
	})

	it('counts a function passed to hold by name as the held code: the body the sample gives that name, else a call of it', () => {
		// The prelude's work(), passed by name: the held code is a call of it, as `async lease => { await work(lease) }` is.
		expect(heldBodies("const uploads = store.semaphore('uploads', { limit: 2 })\nawait uploads.hold(chatId, work)")).toEqual(['work()'])
		expect(sceneNouns(["const uploads = store.semaphore('uploads', { limit: 2 })", 'await uploads.hold(chatId, work)'], [], DEFAULT_DOMAIN.words)).toEqual(sceneNouns(["const uploads = store.semaphore('uploads', { limit: 2 })", 'await uploads.hold(chatId, async lease => {', '  await work(lease)', '})'], [], DEFAULT_DOMAIN.words))
		// A function the sample defines: its body, not the calls made after hold returns.
		const code = ['async function reindex(lease) {', '  await rebuildIndex(chatId)', '}', 'await indexes.hold(chatId, reindex)', 'await runExport(chatId)']
		expect(heldBodies(code.join('\n')).map(body => body.trim())).toEqual(['await rebuildIndex(chatId)'])
		expect(sceneNouns(code, [], DEFAULT_DOMAIN.words)).not.toContain('export')
		expect(heldBodies('const reindex = async lease => { await rebuildIndex(chatId) }\nawait indexes.tryHold(chatId, reindex)').map(body => body.trim())).toEqual(['await rebuildIndex(chatId)'])
	})

	it('takes no word any form uses, in any domain, nor a keyword, a number word or a short word', () => {
		for (const domain of DOMAINS.values()) {
			// "in that order" is a fixed phrase with no noun in it: a scene may lend "order" (`order.db`), tested below.
			const formWords = FORMS.flatMap(form => [form.pattern, ...(form.alternatives ?? [])]).flatMap(pattern => inWords(pattern.replace(/\{[a-z]+\}/g, ' ').replace(/\bin that order\b/g, ' '), domain.words).toLowerCase().split(/[^a-z]+/)).filter(word => word.length >= 3)
			expect(formWords.length).toBeGreaterThan(100)
			expect(sceneNouns([formWords.join(' ')], [], domain.words)).toEqual([])
		}
		expect(sceneNouns(['const x = await async function three () { return null }'], ['db'], DEFAULT_DOMAIN.words)).toEqual([])
	})

	it('lends a word the language uses only in "in that order", but none of the phrase\'s other words', () => {
		expect(sceneNouns([], ['order.db'], DEFAULT_DOMAIN.words)).toEqual(['order'])
		expect(sceneNouns([], ['that.db'], DEFAULT_DOMAIN.words)).toEqual([])
	})

	it('lends at most 16', () => {
		const names = Array.from({ length: 40 }, (_, i) => `thing${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}x`)
		expect(sceneNouns([names.join(' ')], [], DEFAULT_DOMAIN.words)).toHaveLength(16)
	})

	it("lends the lexicon's work words only where the code under the key calls generic work or a pause, never where all it runs is a save", () => {
		const held = (body: string) => ['await summaries.hold(chatId, async lease => {', body, '})']
		expect(lendsLexicon(held('  await work()'))).toBe(true)
		expect(lendsLexicon(['await summaries.hold(chatId, work, { wait: "1m" })'])).toBe(true)
		expect(lendsLexicon(held('  await save(chatId, text, lease.fence)\n  await sleep(100)'))).toBe(true)
		expect(lendsLexicon(held('  await save(chatId, text, lease.fence)'))).toBe(false)
		expect(lendsLexicon(['await summaries.hold(chatId, async lease => save(chatId, text, lease.fence))'])).toBe(false)
		// A comment or a string, or a call outside the key, is no work under it.
		expect(lendsLexicon(held("  // work()\n  await save(chatId, 'work()', lease.fence)"))).toBe(false)
		expect(lendsLexicon([...held('  await save(chatId, text, lease.fence)'), 'await work()'])).toBe(false)
		expect(lendsLexicon(["const summaries = (await connect('tcp://locks:7411')).lock('summaries')", 'await summaries.hold(chatId, work)'])).toBe(true)
		expect(lendsLexicon([])).toBe(true)
	})
})
