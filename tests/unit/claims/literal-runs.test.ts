// A form's regular expression is tried only on a clause that holds every run of plain text the
// expression needs (literalRuns in language.ts). That may skip a clause only where the expression
// could not match it: on random expressions, each made with a text it matches, every run it needs
// is in that text; and on the registry's own forms, no example is skipped by a form it matches.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_DOMAIN } from '../../../src/seed/domains.ts'
import { inWords } from '../../../src/scenes/claims/form.ts'
import { EXAMPLE_CAST } from '../../../src/scenes/claims/examples.ts'
import { literalRuns, sceneLanguage } from '../../../src/scenes/claims/language.ts'
import { FORMS } from '../../../src/scenes/claims/registry.ts'

/** A piece of a regular expression, written out with one text it matches. */
interface Piece {
	source: string
	text: string
}

const word = fc.constantFrom('worker', 'asks', 'the key', "A's lease", 'fence', ' ', 'runs out', 'x', 'at 5 s', '.', '(', '/', '|', '?')
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

const pieces: fc.Arbitrary<Piece> = fc.letrec<{ piece: Piece; seq: Piece }>(tie => ({
	piece: fc.oneof(
		{ depthSize: 'small', withCrossShrink: true },
		word.map(text => ({ source: escape(text), text })),
		// An optional character: present or not.
		fc.tuple(fc.constantFrom('s', 'e', ' ', '.'), fc.boolean()).map(([char, present]) => ({ source: `${escape(char)}?`, text: present ? char : '' })),
		fc.tuple(fc.constantFrom('s', 'k'), fc.integer({ min: 1, max: 3 })).map(([char, count]) => ({ source: `${char}+`, text: char.repeat(count) })),
		fc.tuple(fc.constantFrom('s', 'k'), fc.integer({ min: 0, max: 2 })).map(([char, count]) => ({ source: `${char}*`, text: char.repeat(count) })),
		fc.constantFrom({ source: '[a-z]', text: 'q' }, { source: '\\d', text: '7' }, { source: '\\s', text: ' ' }, { source: '[^\\]x]', text: 'y' }, { source: '.', text: '#' }),
		fc.constant({ source: 'ab{2}', text: 'abb' }),
		// A group: one of its alternatives, optional or not.
		fc.tuple(fc.array(tie('seq'), { minLength: 1, maxLength: 3 }), fc.nat(), fc.boolean(), fc.constantFrom('(?:', '(')).map(([alternatives, pick, optional, open]) => {
			const chosen = alternatives[pick % alternatives.length] as Piece
			const source = `${open}${alternatives.map(a => a.source).join('|')})${optional ? '?' : ''}`
			return { source, text: optional && pick % 2 === 0 ? '' : chosen.text }
		}),
	),
	seq: fc.array(tie('piece'), { minLength: 1, maxLength: 5 }).map(list => ({ source: list.map(p => p.source).join(''), text: list.map(p => p.text).join('') })),
})).seq

describe('the text a form needs before its expression is tried', () => {
	it('reads runs outside groups, less what a quantifier makes optional, and none beside an alternation', () => {
		expect(literalRuns("^worker (a|b) asks?$")).toEqual(['worker ', ' ask'])
		expect(literalRuns('^asks|waits$')).toEqual([])
		expect(literalRuns("A\\'s lease\\.x")).toEqual(["A's lease.x"])
		expect(literalRuns('abcd[xy]efgh')).toEqual(['abcd', 'efgh'])
		expect(literalRuns('abcde{2}fghij')).toEqual(['abcd', 'fghij'])
		expect(literalRuns('keys+ bigger')).toEqual(['keys', ' bigger'])
		expect(literalRuns('abc\\sdefg')).toEqual(['defg'])
	})

	it('is held by every text the expression matches, on random expressions', () => {
		fc.assert(
			fc.property(pieces, ({ source, text }) => {
				expect(new RegExp(`^(?:${source})$`).test(text), `${source} matches ${JSON.stringify(text)}`).toBe(true)
				for (const run of literalRuns(source)) expect(text.includes(run), `${source} needs ${JSON.stringify(run)} of ${JSON.stringify(text)}`).toBe(true)
			}),
			{ numRuns: 5000, seed: 46 },
		)
	})

	it("skips no form's example that the form's expression matches", () => {
		const words = DEFAULT_DOMAIN.words
		const language = sceneLanguage(EXAMPLE_CAST, DEFAULT_DOMAIN.key, words)
		const examples = FORMS.map(form => inWords(form.example, words))
		let matched = 0
		for (const place of language.places.values()) {
			for (const compiled of place.forms) {
				for (const example of examples) {
					if (!compiled.regex.test(example)) continue
					matched++
					expect(compiled.needs.filter(run => !example.includes(run)), `${compiled.regex.source} on "${example}"`).toEqual([])
				}
			}
		}
		expect(matched).toBeGreaterThan(FORMS.length)
	})
})
