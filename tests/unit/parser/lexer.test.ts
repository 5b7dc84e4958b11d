import { describe, expect, it } from 'vitest'
import { indentOf, splitLines, tokenize } from '../../../scene-parser/lexer.ts'

function kinds(raw: string): string[] {
	return tokenize(raw, 0).tokens.map((token) => `${token.kind}:${token.value}@${token.start}-${token.end}`)
}

describe('splitLines', () => {
	it('splits on LF, CRLF and CR alike', () => {
		expect(splitLines('a\nb\r\nc\rd')).toEqual(['a', 'b', 'c', 'd'])
		expect(splitLines('a\r\n\r\nb')).toEqual(['a', '', 'b'])
	})

	it('drops a leading BOM, and only a leading one', () => {
		expect(splitLines('\uFEFFa\n\uFEFFb')).toEqual(['a', '\uFEFFb'])
	})

	it('gives one empty line for an empty text, and a last empty line after a final newline', () => {
		expect(splitLines('')).toEqual([''])
		expect(splitLines('a\n')).toEqual(['a', ''])
	})
})

describe('tokenize', () => {
	it('reads words, strings, arrows and commas with their columns', () => {
		expect(kinds('send lock -> a "fence 7" color=ok')).toEqual([
			'word:send@0-4',
			'word:lock@5-9',
			'arrow:->@10-12',
			'word:a@13-14',
			'string:fence 7@15-24',
			'word:color=ok@25-33',
		])
		expect(kinds('at 10,25')).toEqual(['word:at@0-2', 'word:10@3-5', 'comma:,@5-6', 'word:25@6-8'])
		expect(kinds('at 10 , 25')).toEqual(['word:at@0-2', 'word:10@3-5', 'comma:,@6-7', 'word:25@8-10'])
	})

	it('splits an arrow out of words, but keeps hyphens in ids', () => {
		expect(kinds('worker-a->db')).toEqual(['word:worker-a@0-8', 'arrow:->@8-10', 'word:db@10-12'])
		expect(kinds('line=2-4')).toEqual(['word:line=2-4@0-8'])
		expect(kinds('-->')).toEqual(['word:-@0-1', 'arrow:->@1-3'])
	})

	it('ends a word at a quote', () => {
		expect(kinds('a"b"c')).toEqual(['word:a@0-1', 'string:b@1-4', 'word:c@4-5'])
	})

	it('resolves \\" and \\\\ in strings, and keeps any other backslash', () => {
		const [token] = tokenize(String.raw`"say \"hi\" \\ C:\path \n"`, 0).tokens
		expect(token!.value).toBe(String.raw`say "hi" \ C:\path \n`)
		expect(token!.closed).toBe(true)
		expect(kinds(String.raw`"\\" x`)).toEqual([String.raw`string:\@0-4`, 'word:x@5-6'])
	})

	it('marks a string without a closing quote, and gives it the rest of the line', () => {
		const [token, ...rest] = tokenize('"abc def', 0).tokens
		expect(token).toMatchObject({ kind: 'string', value: 'abc def', closed: false, start: 0, end: 8 })
		expect(rest).toEqual([])
		expect(tokenize(String.raw`"abc\"`, 0).tokens[0]!.closed).toBe(false)
		expect(tokenize('"', 0).tokens[0]).toMatchObject({ value: '', closed: false })
	})

	it('starts a comment at # at the line start or after a blank, never inside a string or a word', () => {
		expect(kinds('# all comment')).toEqual([])
		expect(kinds('   # indented comment')).toEqual([])
		expect(kinds('set a "fence #7" # why')).toEqual(['word:set@0-3', 'word:a@4-5', 'string:fence #7@6-16'])
		expect(kinds('set a#b')).toEqual(['word:set@0-3', 'word:a#b@4-7'])
		expect(kinds('"x"# y')).toEqual(['string:x@0-3', 'word:#@3-4', 'word:y@5-6'])
		expect(kinds('a\t#tab comment')).toEqual(['word:a@0-1'])
	})

	it('separates tokens by spaces, tabs and other blanks', () => {
		expect(kinds('a\tb\u00a0c')).toEqual(['word:a@0-1', 'word:b@2-3', 'word:c@4-5'])
	})

	it('keeps the line, its index and its indentation', () => {
		const line = tokenize('\t  step "x"', 7)
		expect(line.index).toBe(7)
		expect(line.indent).toBe('\t  ')
		expect(line.raw).toBe('\t  step "x"')
		expect(tokenize('   ', 0).tokens).toEqual([])
	})
})

describe('indentOf', () => {
	it('is the leading spaces and tabs', () => {
		expect(indentOf(' \t x ')).toBe(' \t ')
		expect(indentOf('x')).toBe('')
		expect(indentOf('')).toBe('')
	})
})
