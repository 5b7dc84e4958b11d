import { deflateRawSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { MAX_PAYLOAD_CHARS, MAX_SCENE_BYTES, SceneLinkError, decodeScene, encodeScene, payloadOf, playgroundHref } from '../../../src/scenes/scene-link.ts'

const scene = 'actor a "Worker Ä" at 10,25 icon=cpu\nactor lock "Lock" at 50,50 icon=lock\nstep "one" line=1\n  send lock -> a "fence 7"\n'

const base64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url')

describe('scene links', () => {
	it('carry a scene through a link and back exactly', async () => {
		const payload = await encodeScene(scene)
		expect(payload).toMatch(/^[A-Za-z0-9_-]+$/)
		expect(await decodeScene(payload)).toBe(scene)
		expect(payloadOf(new URL(playgroundHref(payload), 'http://x').hash)).toBe(payload)
	})

	it('are raw DEFLATE, so a payload made by zlib reads back too', async () => {
		expect(await decodeScene(base64url(deflateRawSync(scene)))).toBe(scene)
	})

	it('refuse text that is not base64url', async () => {
		await expect(decodeScene('<script>alert(1)</script>')).rejects.toThrow(/not base64url/)
	})

	it('refuse bytes that do not unpack', async () => {
		await expect(decodeScene('AAAAAAAA')).rejects.toThrow(/does not unpack/)
		const cut = (await encodeScene(scene.repeat(20))).slice(0, 40)
		await expect(decodeScene(cut)).rejects.toThrow(SceneLinkError)
	})

	it('refuse a payload that unpacks to something other than text', async () => {
		await expect(decodeScene(base64url(deflateRawSync(Buffer.from([0xff, 0xfe, 0xc0]))))).rejects.toThrow(/not text/)
	})

	it('refuse a small payload that inflates past the cap', async () => {
		const bomb = base64url(deflateRawSync(Buffer.alloc(MAX_SCENE_BYTES * 16, 0x61)))
		expect(bomb.length).toBeLessThan(MAX_PAYLOAD_CHARS)
		await expect(decodeScene(bomb)).rejects.toThrow(/more than 65536 bytes/)
	})

	it('refuse a payload longer than the cap before unpacking it', async () => {
		await expect(decodeScene('A'.repeat(MAX_PAYLOAD_CHARS + 1))).rejects.toThrow(/at most 24576/)
	})

	it('refuse to encode a scene past the cap', async () => {
		await expect(encodeScene('x'.repeat(MAX_SCENE_BYTES + 1))).rejects.toThrow(/at most 65536/)
	})

	it('find no payload in a fragment without one', () => {
		expect(payloadOf('')).toBeUndefined()
		expect(payloadOf('#scene-1-step-2')).toBeUndefined()
	})
})
