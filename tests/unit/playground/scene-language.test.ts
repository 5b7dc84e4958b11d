import { CompletionContext } from '@codemirror/autocomplete'
import { getIndentation } from '@codemirror/language'
import { EditorState } from '@codemirror/state'
import { describe, expect, it } from 'vitest'
import { ICONS, statementNames } from '../../../src/scenes/simulation/index.ts'
import { declaredActors, sceneCompletions, sceneLanguage } from '../../../src/playground/scene-language.ts'
import { sceneVocabulary } from '../../../src/playground/vocabulary.ts'

const vocabulary = sceneVocabulary()
const STATEMENTS = statementNames()
const language = sceneLanguage(vocabulary)
const scene = 'actor a "Worker A" at 10,25 icon=cpu\nactor lock "Lock" at 50,50 icon=lock\n'

/** The labels offered with the cursor at the end of `text` (or at `|`), and where they would replace from. */
function complete(text: string, explicit = false): { from: number; labels: string[] } | null {
	const pos = text.includes('|') ? text.indexOf('|') : text.length
	const state = EditorState.create({ doc: text.replace('|', ''), extensions: [language] })
	const result = sceneCompletions(vocabulary)(new CompletionContext(state, pos, explicit))
	return result && { from: result.from, labels: result.options.map(o => o.label) }
}

describe('scene completion', () => {
	it('offers the statements of the scene before the first step at a line start', () => {
		expect(complete(scene + 'li')).toEqual({ from: scene.length, labels: [...STATEMENTS.top] })
	})

	it("offers a step's statements on an indented line", () => {
		expect(complete(scene + 'step "x"\n  se')?.labels).toEqual([...STATEMENTS.inStep])
	})

	it('offers the declared actor ids after a verb that names actors, and after the arrow', () => {
		expect(complete(scene + 'step "x"\n  send l')).toEqual({ from: scene.length + 16, labels: ['a', 'lock'] })
		expect(complete(scene + 'step "x"\n  send lock -> ')?.labels).toEqual(['a', 'lock'])
	})

	it('offers icons after icon= and colours after color=', () => {
		expect(complete('actor x "X" at 1,1 icon=da')?.labels).toEqual([...ICONS])
		expect(complete(scene + 'step "x"\n  send lock -> a "fence 7" color=')?.labels).toEqual(['ok', 'bad'])
	})

	it('offers nothing after a verb that names no actor', () => {
		expect(complete(scene + 'ttl 1')).toBeNull()
		expect(complete(scene + 'step "x"\n  wait 4')).toBeNull()
	})

	it("offers the claim forms of a text's place, nearest to what is typed first, and writes the form's example", () => {
		const caption = complete(scene + 'step "Worker A holds the key with fen')
		expect(caption?.labels[0]).toBe('{worker} holds {key} with fence {fence}')
		expect(caption?.from).toBe(scene.length + 'step "'.length)
		expect(complete(scene + 'step "x"\n  send lock -> a "fen')?.labels).toContain('fence {fence}')
		expect(complete(scene + 'step "x"\n  send lock -> a "fen')?.labels).not.toContain('hold/take/acquire')
		expect(complete(scene + 'step "x"\n  send a -> lock "ho')?.labels[0]).toBe('hold/take/acquire')
		expect(complete(scene + 'step "x"\n  set a "hol')?.labels[0]).toBe('holding')
		// After a connective, the clause being written is what is completed.
		const after = complete(scene + 'step "A holds the key, then paus')
		expect(after?.from).toBe(scene.length + 'step "A holds the key, then '.length)
		expect(after?.labels[0]).toBe('{worker} pauses')
	})

	it("offers, in a caption, the true sentences of the caption's step above the forms: those the clause begins first, written as they read there", () => {
		const sentences = [
			{ text: 'The clock reads 0 s', group: 'the store and the clock' },
			{ text: 'Worker A holds the key with fence 7', group: 'holding a key' },
			{ text: 'Nobody waits', group: 'the line' },
			{ text: 'Worker A gets the key', group: 'holding a key' },
		]
		const asked: number[] = []
		const at = (text: string) => {
			const state = EditorState.create({ doc: text, extensions: [language] })
			const result = sceneCompletions(vocabulary, line => (asked.push(line), sentences))(new CompletionContext(state, text.length, false))
			return result && { from: result.from, options: result.options.map(o => ({ label: o.label, section: typeof o.section === 'object' ? o.section.name : o.section })) }
		}
		const begun = at(scene + 'step "Worker A g')!
		// The caption's line is the one asked about: the page finds its step.
		expect(asked).toEqual([3])
		expect(begun.from).toBe(scene.length + 'step "'.length)
		expect(begun.options.slice(0, 2)).toEqual([
			{ label: 'Worker A gets the key', section: 'True of this step' },
			{ label: 'Worker A holds the key with fence 7', section: 'True of this step' },
		])
		// The forms follow them, and a sentence sharing no word with the clause is left out.
		const labels = begun.options.map(o => o.label)
		expect(labels).not.toContain('Nobody waits')
		expect(begun.options.findIndex(o => o.section === 'Forms')).toBeGreaterThan(labels.indexOf('Worker A holds the key with fence 7'))
		expect(begun.options.filter(o => o.section === 'Forms').length).toBeGreaterThan(0)
		// Inside a sentence, a sentence is lowered unless it opens with an actor's name.
		expect(at(scene + 'step "Worker A holds the key, and nob')!.options[0]).toEqual({ label: 'nobody waits', section: 'True of this step' })
		expect(at(scene + 'step "Nobody waits, then the cl')!.options[0]?.label).toBe('the clock reads 0 s')
		expect(at(scene + 'step "Nobody waits, then Worker A h')!.options[0]?.label).toBe('Worker A holds the key with fence 7')
		// Not in a message's label, whose place is not a caption's.
		expect(at(scene + 'step "x"\n  send lock -> a "fen')!.options.every(o => o.section === 'Forms')).toBe(true)
	})

	it('finds actor ids as declared, in order', () => {
		expect(declaredActors(scene + '  actor db "chat.db" at 90,50 icon=database\n# actor no\n')).toEqual(['a', 'lock', 'db'])
	})
})

describe('scene indentation', () => {
	it("indents a step's body, and a new step back to the margin", () => {
		const doc = scene + 'step "x"\n  send lock -> a "fence 7"\n\nstep "y"'
		const state = EditorState.create({ doc, extensions: [language] })
		const lines = doc.split('\n')
		const lineStart = (n: number) => state.doc.line(n).from
		expect(getIndentation(state, lineStart(4))).toBe(2)
		expect(getIndentation(state, lineStart(lines.length))).toBe(0)
		expect(getIndentation(state, lineStart(2))).toBe(0)
	})
})
