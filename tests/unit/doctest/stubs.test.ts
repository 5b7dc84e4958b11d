import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CHAT_ID, FENCE_TEXT_REFUSED, makeChatDb } from '../../../doctest/chat-db.ts'
import { chatDb, PAGES_OWN_NAMES, stubs } from '../../../doctest/support/ts/stubs.ts'
import { CHAT_DOMAIN } from '../../../src/seed/chat-domain.ts'

// What the pages' TypeScript blocks take as given is the chat domain's prelude where a scene's sample
// may use the same name, and every language's chat.db refuses a fence kept as other text than 40 digits.

describe("the TypeScript blocks' names", () => {
	it("are the chat domain's prelude's, but for the doctest's few own", async () => {
		const given = await stubs(mkdtempSync(join(tmpdir(), 'doctest-stubs-')))
		try {
			const own = Object.keys(given).filter(name => !(name in CHAT_DOMAIN.names))
			expect(own.sort()).toEqual([...PAGES_OWN_NAMES].sort())
			expect(given.chatId).toBe(CHAT_ID)
		} finally {
			await given.store.close()
		}
	})

	it("save the seed's fenced update on chat.db, as a scene's save does", async () => {
		const given = await stubs(mkdtempSync(join(tmpdir(), 'doctest-stubs-')))
		try {
			const summaries = given.summaries
			const first = await summaries.hold(given.chatId, async lease => {
				await given.save(given.chatId, 'first', lease.fence)
				return lease.fence
			})
			await summaries.hold(given.chatId, async lease => given.save(given.chatId, 'second', lease.fence))
			await given.save(given.chatId, 'late', first)
			expect(given.chatDb.row(given.chatId)?.summary).toBe('second')
		} finally {
			await given.store.close()
		}
	})
})

describe("the doctest's chat.db", () => {
	const db = () => {
		const path = join(mkdtempSync(join(tmpdir(), 'doctest-chat-db-')), 'chat.db')
		makeChatDb(path)
		return chatDb(path)
	}

	it("has the seed's table and chat 42's row, its fence empty", () => {
		expect(db().row(CHAT_ID)).toEqual({ summary: '', summary_fence: '' })
	})

	it('keeps a fence as its 40 digits', async () => {
		const chat = db()
		await chat.exec`update chats set summary_fence = ${'0'.repeat(39) + '7'} where id = ${CHAT_ID}`
		expect(chat.row(CHAT_ID)?.summary_fence).toBe('0000000000000000000000000000000000000007')
	})

	it('refuses a fence kept as unpadded text, as a number, with spaces or in a new row', async () => {
		const chat = db()
		for (const fence of ['7', 7, ' '.repeat(39) + '7', '0'.repeat(41), `${'0'.repeat(38)}:7`]) {
			await expect(chat.exec`update chats set summary_fence = ${fence} where id = ${CHAT_ID}`, String(fence)).rejects.toThrow(FENCE_TEXT_REFUSED)
		}
		await expect(chat.exec`insert into chats (id, summary_fence) values (${'43'}, ${'8'})`).rejects.toThrow(FENCE_TEXT_REFUSED)
		expect(chat.row(CHAT_ID)?.summary_fence).toBe('')
	})
})
