import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type ParseResult, type Ref, type SourceOrigin, parseScene } from '../../../scene-parser/index.ts'
import { findSceneBlocks } from '../../../src/scenes/markdown/scene-blocks.ts'

const SEED = findSceneBlocks(readFileSync(new URL('fixtures/fences.md', import.meta.url), 'utf8'))[0]!.text

/** The lines the parser counts: any line ending, no leading BOM. */
function linesOf(text: string): string[] {
	return (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split(/\r\n|\r|\n/)
}

/** Fails the property with a message (plain, because `expect` is slow in a loop of thousands). */
function check(condition: boolean, message: string): void {
	if (!condition) throw new Error(message)
}

/** Whether a result is one of the two shapes, and every place in it lies within the text. */
function checkResult(text: string, result: ParseResult, origin: SourceOrigin = {}): void {
	const first = origin.line ?? 1
	const shift = origin.column ?? 0
	const rows = linesOf(text)
	const within = (where: { line: number; column: number }): void => {
		const row = rows[where.line - first]
		check(
			row !== undefined && where.column >= shift + 1 && where.column <= shift + row.length + 1,
			`position ${where.line}:${where.column} is outside the text (${rows.length} lines)`,
		)
	}
	if (result.ok) {
		check(result.errors.length === 0, 'an ok result has errors')
		const { scene } = result
		const ids = new Set(scene.actors.map((actor) => actor.id))
		const refs: Ref[] = [
			...scene.links.flatMap((link) => [link.from, link.to]),
			...scene.initial.map((state) => state.actor),
			...scene.steps.flatMap((step) => step.statements.flatMap((s) => (s.kind === 'send' ? [s.from, s.to] : s.kind === 'wait' ? [] : [s.actor]))),
		]
		for (const ref of refs) {
			check(ids.has(ref.id), `an ok scene uses the unknown actor ${ref.id}`)
			within(ref.position)
		}
		for (const actor of scene.actors) within(actor.position)
		for (const step of scene.steps) {
			within(step.position)
			within(step.caption.position)
			if (step.lines) {
				const count = scene.code?.lines.length ?? 0
				check(1 <= step.lines.from && step.lines.from <= step.lines.to && step.lines.to <= count, 'an ok step highlights lines outside the code')
			}
		}
	} else {
		check(result.scene === undefined, 'a failed result has a scene')
		check(result.errors.length > 0, 'a failed result has no errors')
		for (const error of result.errors) {
			check(typeof error.message === 'string' && error.message.length > 0, 'an error has no message')
			within(error.position)
			if (error.end) within(error.end)
		}
	}
}

function parseAndCheck(text: string, origin?: SourceOrigin): void {
	checkResult(text, parseScene(text, origin), origin)
}

/** Pieces of the DSL and of its mistakes, so random soup reaches deep into the grammar. */
const PIECES = [
	'code', 'ts', 'end', 'actor', 'link', 'set', 'strike', 'ttl', 'key', 'step', 'send', 'wait', 'release', 'end', 'restart', 'backup', 'restore',
	'a', 'b', 'lock', 'db', 'lok', 'at', '10,25', '0', '100', '101', '-1', '1.5', ',', '->', '→', '"', '"x"', '"fence 7"', '\\"', '\\\\',
	'icon=cpu', 'icon=lock', 'icon=', 'limit=2', 'limit=0', 'color=ok', 'color=bad', 'color=', 'line=1', 'line=1-2', 'line=2-1', 'line=99',
	'10s', '1500ms', '2m', '1h', '0s', '10', '#', '# c', '=', 'x=', ' ', ' ', ' ', '\t', '\n', '\n', '\n  ', '\n\t', '\r\n', '\r', '\uFEFF',
]

type Mutation =
	| { op: 'deleteChar' | 'duplicateChar' | 'deleteLine' | 'duplicateLine' | 'unindent'; at: number }
	| { op: 'insertChar'; at: number; char: string }
	| { op: 'swapLines' | 'swapTokens'; at: number; other: number; third: number }
	| { op: 'indent'; at: number; by: string }

const INSERTED = ['"', '\\', '#', '-', '>', ',', '=', ' ', '\t', '\n', '\r', 'a', '1', '→', 'x', 'é', '\u0000', '😀']

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
	fc.record({ op: fc.constantFrom('deleteChar', 'duplicateChar', 'deleteLine', 'duplicateLine', 'unindent'), at: fc.nat() }),
	fc.record({ op: fc.constant('insertChar'), at: fc.nat(), char: fc.constantFrom(...INSERTED) }),
	fc.record({ op: fc.constantFrom('swapLines', 'swapTokens'), at: fc.nat(), other: fc.nat(), third: fc.nat() }),
	fc.record({ op: fc.constant('indent'), at: fc.nat(), by: fc.constantFrom(' ', '  ', '\t') }),
) as fc.Arbitrary<Mutation>

function mutate(text: string, m: Mutation): string {
	const rows = text.split('\n')
	const row = rows.length === 0 ? 0 : m.at % rows.length
	const at = text.length === 0 ? 0 : m.at % (text.length + 1)
	switch (m.op) {
		case 'deleteChar':
			return text.slice(0, at) + text.slice(at + 1)
		case 'duplicateChar':
			return text.slice(0, at) + text.slice(at, at + 1) + text.slice(at)
		case 'insertChar':
			return text.slice(0, at) + m.char + text.slice(at)
		case 'deleteLine':
			return rows.filter((_, i) => i !== row).join('\n')
		case 'duplicateLine':
			return [...rows.slice(0, row + 1), ...rows.slice(row)].join('\n')
		case 'unindent':
			return rows.map((line, i) => (i === row ? line.replace(/^[ \t]/, '') : line)).join('\n')
		case 'indent':
			return rows.map((line, i) => (i === row ? m.by + line : line)).join('\n')
		case 'swapLines': {
			const other = m.other % rows.length
			const swapped = [...rows]
			;[swapped[row], swapped[other]] = [rows[other] as string, rows[row] as string]
			return swapped.join('\n')
		}
		case 'swapTokens': {
			const tokens = (rows[row] as string).split(' ')
			const a = m.other % tokens.length
			const b = m.third % tokens.length
			;[tokens[a], tokens[b]] = [tokens[b] as string, tokens[a] as string]
			return rows.map((line, i) => (i === row ? tokens.join(' ') : line)).join('\n')
		}
	}
}

const origin: fc.Arbitrary<SourceOrigin | undefined> = fc.option(
	fc.record({ line: fc.integer({ min: 1, max: 10_000 }), column: fc.integer({ min: 0, max: 8 }) }),
)

describe('no input crashes the parser, and every error has a place in the text', () => {
	it('survives random strings of any characters', () => {
		fc.assert(
			fc.property(fc.string({ unit: 'binary', maxLength: 300 }), origin, (text, where) => parseAndCheck(text, where ?? undefined)),
			{ numRuns: 4000 },
		)
	})

	it('survives random soup of the DSL\'s own pieces', () => {
		fc.assert(
			fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 120 }), origin, (pieces, where) => parseAndCheck(pieces.join(' '), where ?? undefined)),
			{ numRuns: 6000 },
		)
		fc.assert(
			fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 120 }), (pieces) => parseAndCheck(pieces.join(''))),
			{ numRuns: 2000 },
		)
	})

	it('survives the seed\'s scene mutated: characters and lines deleted, inserted, duplicated, swapped', () => {
		let ok = 0
		fc.assert(
			fc.property(fc.array(mutation, { minLength: 1, maxLength: 6 }), origin, (mutations, where) => {
				const text = mutations.reduce(mutate, SEED)
				const result = parseScene(text, where ?? undefined)
				checkResult(text, result, where ?? undefined)
				if (result.ok) ok++
			}),
			{ numRuns: 8000 },
		)
		// Some mutations are harmless (a blank inserted, a comment line duplicated), most are not.
		expect(ok).toBeGreaterThan(0)
		expect(ok).toBeLessThan(8000)
	})

	it('gives the same answer twice', () => {
		fc.assert(
			fc.property(fc.array(mutation, { maxLength: 4 }), (mutations) => {
				const text = mutations.reduce(mutate, SEED)
				expect(parseScene(text)).toEqual(parseScene(text))
			}),
			{ numRuns: 300 },
		)
	})

	it('gives every line ending the same lines', () => {
		fc.assert(
			fc.property(fc.array(mutation, { maxLength: 4 }), fc.constantFrom('\r\n', '\r'), (mutations, ending) => {
				const text = mutations.reduce(mutate, SEED).replace(/\r/g, '')
				expect(parseScene(text.replace(/\n/g, ending))).toEqual(parseScene(text))
			}),
			{ numRuns: 300 },
		)
	})
})

describe('no input hangs the parser', () => {
	/**
	 * Parses a pathological text and checks the answer's shape. A hang shows as the test's
	 * timeout; how the cost grows is measured by `npm run bench:scenes`, not asserted here.
	 */
	function quick(text: string): ParseResult {
		const result = parseScene(text)
		checkResult(text, result)
		return result
	}

	it('reads 10,000 quotes, on one line or one a line', () => {
		quick('"'.repeat(10_000))
		quick(`set a ${'"'.repeat(10_001)}`)
		quick('"\n'.repeat(10_000))
	})

	it('reads a 100,000-character line of each kind of token', () => {
		for (const piece of ['a', '"', '\\', '#', ' #', '-', '->', ',', '=', 'x=', '1', ' ', '\t', '"\\"', 'é', '😀']) {
			quick(piece.repeat(Math.ceil(100_000 / piece.length)))
			quick(`actor ${piece.repeat(Math.ceil(100_000 / piece.length))}`)
		}
		quick(`step "${'x'.repeat(100_000)}"`)
		quick(`actor a "A" at ${'1'.repeat(100_000)},1 icon=cpu`)
		quick(`actor a "A" at 1,1 icon=${'x'.repeat(100_000)}`)
		quick(`ttl ${'9'.repeat(100_000)}s`)
		quick(`ttl ${'9'.repeat(100_000)}.${'9'.repeat(100_000)}x`)
		quick(`code ts\n${'x'.repeat(100_000)}\nend\nactor a "A" at 1,1 icon=cpu\nstep "s" line=${'1'.repeat(100_000)}-${'2'.repeat(100_000)}`)
	})

	it('reads deep indentation', () => {
		const deep = Array.from({ length: 5000 }, (_, i) => `${' '.repeat(i)}step "s${i}"`).join('\n')
		quick(`actor a "A" at 1,1 icon=cpu\n${deep}`)
		quick(`actor a "A" at 1,1 icon=cpu\nstep "s"\n${' '.repeat(100_000)}set a "x"`)
		quick(`${'\t'.repeat(100_000)}actor a "A" at 1,1 icon=cpu`)
	})

	it('reads many lines and many errors ', () => {
		const actors = Array.from({ length: 2000 }, (_, i) => `actor w${i} "W" at 1,1 icon=cpu`).join('\n')
		const uses = Array.from({ length: 10_000 }, (_, i) => `  send w${i % 2000} -> w${(i + 1) % 2000} "m" color=ok`).join('\n')
		const result = quick(`${actors}\nstep "s"\n${uses}`)
		expect(result.ok).toBe(true)
		quick(Array.from({ length: 10_000 }, () => 'link x y').join('\n'))
		quick(`code ts\n${'line\n'.repeat(100_000)}`)
		quick(`${'x=1 '.repeat(20_000)}`)
		quick(`set a ${'color=ok '.repeat(20_000)}`)
	})
})
