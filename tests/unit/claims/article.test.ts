// An offered sentence writes "an" before a length read aloud with a vowel first ("an 8 s lease"), as a
// writer reads the number (trial 24's writer wrote "an 8 s lease"; the offers wrote "a 8 s lease").
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readAloudWithAVowel } from '../../../src/scenes/claims/numbers.ts'
import { compileScene } from '../../../src/scenes/simulation/index.ts'
import { openNodeDriver } from '../../../src/scenes/node-sqlite/node-drivers.ts'

describe('"a" or "an" before a length, as the number is read aloud', () => {
	it('is "an" before eight, eleven, eighteen, eighty and eight hundred, and their thousands', () => {
		for (const value of ['8 s', '11 s', '18 s', '80 ms', '8.5 s', '800 ms', '11000 ms', '18 min', '8000 ms', 'eight seconds']) expect(readAloudWithAVowel(value), value).toBe(true)
		for (const value of ['1 s', '10 s', '110 ms', '180 ms', '1800 ms', '1.5 s', '30 s', '2 min', 'a second', 'half a minute', 'ten seconds']) expect(readAloudWithAVowel(value), value).toBe(false)
	})

	it('offers "an 8 s lease", never "a 8 s lease"', async () => {
		const text = readFileSync(new URL('./fixtures/true/trial24-an-8-s-lease-crashed-restarted.scene', import.meta.url), 'utf8')
		const frames = await compileScene(text, { file: 'f.scene' }, openNodeDriver, { suggest: true })
		const offered = frames.frames.flatMap(frame => (frame.suggestions ?? []).map(s => s.text))
		expect(offered).toContain('Worker A gets the key with fence 1 and an 8 s lease')
		expect(offered.filter(sentence => /\ba (?:8|11|18)\b/.test(sentence))).toEqual([])
	})
})
