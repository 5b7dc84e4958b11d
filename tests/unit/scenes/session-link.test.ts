import { describe, expect, it } from 'vitest'
import { SceneLinkError, encodeScene } from '../../../src/scenes/scene-link.ts'
import { MAX_LINK_ACTS, decodeSession, encodeSession, sessionHash } from '../../../src/scenes/browser/play/session-link.ts'

describe('a played session in a link', () => {
	it('round-trips the step taken over at, the switch and the actions', async () => {
		const link = { kept: 1, fenced: false, acts: [{ action: 'wait', actor: '@clock', choice: '30s' }, { action: 'write', actor: 'a' }] }
		const payload = await encodeSession(link)
		expect(payload).toMatch(/^[A-Za-z0-9_-]+$/)
		expect(await decodeSession(payload)).toEqual(link)
		expect(sessionHash('fences', payload)).toBe(`#fences-play=${payload}`)
	})

	it('refuses what is not a session, saying why, and never returns data it did not check', async () => {
		const packed = (value: unknown) => encodeScene(JSON.stringify(value))
		const refusals: [Promise<string>, string][] = [
			[Promise.resolve('!!'), 'not base64url'],
			[encodeScene('step "x"'), 'not the data a played scene leaves'],
			[packed({ v: 2, kept: 0, fenced: true, acts: [] }), 'no version 1 session'],
			[packed({ v: 1, kept: 1.5, fenced: true, acts: [] }), 'not a step number'],
			[packed({ v: 1, kept: 0, fenced: 'no', acts: [] }), 'whether fences are on'],
			[packed({ v: 1, kept: 0, fenced: true, acts: {} }), 'no list of actions'],
			[packed({ v: 1, kept: 0, fenced: true, acts: Array.from({ length: MAX_LINK_ACTS + 1 }, () => ({ action: 'wait', actor: '@clock' })) }), `at most ${MAX_LINK_ACTS}`],
			[packed({ v: 1, kept: 0, fenced: true, acts: [{ action: 'hold', actor: '<b>' }] }), 'action 1 does not name'],
			[packed({ v: 1, kept: 0, fenced: true, acts: [null] }), 'action 1 does not name'],
			[packed({ v: 1, kept: 0, fenced: true, acts: [{ action: 'wait', actor: '@clock', choice: 'a b' }] }), 'choice that is not a word'],
		]
		for (const [payload, says] of refusals) {
			const error = await decodeSession(await payload).catch((caught: unknown) => caught)
			expect(error).toBeInstanceOf(SceneLinkError)
			expect((error as Error).message).toContain(says)
		}
	})
})
