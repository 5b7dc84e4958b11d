/**
 * The scene DSL for CodeMirror: a line tokenizer for highlighting, and completion of statements, actor ids, icons and colours.
 */
import { HighlightStyle, StreamLanguage, syntaxHighlighting } from '@codemirror/language'
import type { StringStream } from '@codemirror/language'
import type { CompletionContext, CompletionResult } from '@codemirror/autocomplete'
import type { Extension } from '@codemirror/state'
import { tags } from '@lezer/highlight'

/**
 * The DSL's words, as the parser's table of statements and the claim language's registry define
 * them (`vocabulary.ts` makes it at build time): the page gets them from the build, so neither the
 * parser's nor the checker's code is loaded by the page's script.
 */
export interface SceneVocabulary {
	statements: readonly { name: string; where: 'top' | 'step' | 'both'; takesActors: boolean; attributes: readonly string[]; example: string }[]
	icons: readonly string[]
	/** Each claim form once per place a text may use it. */
	forms: readonly { place: string; pattern: string; example: string; meaning: string }[]
	/** Each icon's kind of actor, the place each pair of kinds reads a message's label in, and each kind's state place. */
	kinds: Readonly<Record<string, string>>
	messagePlaces: Readonly<Record<string, string>>
	statePlaces: Readonly<Record<string, string>>
}

/** The statement names that may stand before the first step, and in a step. */
function statementNames({ statements }: SceneVocabulary): { top: string[]; inStep: string[] } {
	return { top: statements.filter(s => s.where !== 'step').map(s => s.name), inStep: statements.filter(s => s.where !== 'top').map(s => s.name) }
}

interface LineState {
	/** Inside `code LANG` ... `end`, whose lines are the sample, not statements. */
	inCode: boolean
	/** The last statement line was a step or one of its body, so a new line is indented into the body. */
	inStep: boolean
	/** The statement of the line being read, once its first word is read. */
	verb: string | undefined
}

const NUMBER = /^-?\d+(\.\d+)?(ms|s|m|h)?(?=[\s,"]|->|$)/
const ATTRIBUTE = /^([a-z]+)(=)/

function token(stream: StringStream, state: LineState, vocabulary: SceneVocabulary, verbs: Set<string>): string | null {
	const statements = statementNames(vocabulary)
	if (stream.sol()) {
		state.verb = undefined
		if (state.inCode) {
			if (stream.string.trim() === 'end') {
				state.inCode = false
				stream.skipToEnd()
				return 'keyword'
			}
			stream.skipToEnd()
			return 'content'
		}
	}
	if (stream.eatSpace()) return null
	const before = stream.pos === 0 ? ' ' : stream.string.charAt(stream.pos - 1)
	if (stream.peek() === '#' && /\s/.test(before)) {
		stream.skipToEnd()
		return 'comment'
	}
	if (stream.peek() === '"') {
		stream.next()
		let escaped = false
		while (!stream.eol()) {
			const char = stream.next()
			if (char === '"' && !escaped) break
			escaped = char === '\\' && !escaped
		}
		return 'string'
	}
	if (stream.match('->')) return 'operator'
	if (stream.eat(',')) return 'punctuation'
	if (stream.match(NUMBER)) return 'number'
	const attribute = stream.match(ATTRIBUTE, false) as RegExpMatchArray | null
	if (attribute) {
		stream.pos += attribute[1]!.length
		return 'attributeName'
	}
	if (stream.eat('=')) {
		stream.match(/^[^\s"#]*/)
		return 'atom'
	}
	stream.match(/^[^\s",=]+/) || stream.next()
	const word = stream.current()
	if (state.verb === undefined) {
		state.verb = word
		if (word === 'code') state.inCode = true
		if (word === 'step') state.inStep = true
		else if (statements.top.includes(word) && !statements.inStep.includes(word) && stream.indentation() === 0) state.inStep = false
		return verbs.has(word) ? 'keyword' : 'invalid'
	}
	if (state.verb === 'actor' && word === 'at') return 'keyword'
	return 'variableName'
}

/** The DSL as a CodeMirror language: highlighting, comments, and a step's body indented under it. */
export function sceneLanguage(vocabulary: SceneVocabulary): StreamLanguage<LineState> {
	const verbs = new Set(vocabulary.statements.map(statement => statement.name))
	return StreamLanguage.define<LineState>({
		name: 'scene',
		startState: () => ({ inCode: false, inStep: false, verb: undefined }),
		copyState: state => ({ ...state }),
		token: (stream, state) => token(stream, state, vocabulary, verbs),
		indent: (state, textAfter, context) => (state.inCode ? null : state.inStep && !/^step\b/.test(textAfter) ? context.unit : 0),
		// Typing `step ` on an indented line moves it back to the margin, where a step belongs.
		languageData: { commentTokens: { line: '#' }, indentOnInput: /^\s*step\s$/ },
		tokenTable: { content: tags.content, invalid: tags.invalid },
	})
}

/** Token colours from the site's own custom properties, so they follow the light and dark themes. */
export const sceneHighlighting: Extension = syntaxHighlighting(HighlightStyle.define([
	{ tag: tags.keyword, color: 'var(--pg-keyword)', fontWeight: '600' },
	{ tag: tags.string, color: 'var(--pg-string)' },
	{ tag: tags.number, color: 'var(--pg-number)' },
	{ tag: tags.variableName, color: 'var(--pg-actor)' },
	{ tag: tags.attributeName, color: 'var(--pg-attribute)' },
	{ tag: tags.atom, color: 'var(--pg-number)' },
	{ tag: tags.comment, color: 'var(--pg-comment)', fontStyle: 'italic' },
	{ tag: tags.operator, color: 'var(--pg-keyword)' },
	{ tag: tags.content, color: 'var(--pg-comment)' },
	{ tag: tags.invalid, color: 'var(--pg-invalid)', textDecoration: 'underline wavy' },
]))


/** A sentence the claim language can truly say of a step, and what it tells of. */
export interface TrueSentence {
	text: string
	group: string
}

/** The true sentences known of the step whose text holds a line (1-based), as the compile worker found them; none while unknown. */
export type TrueSentencesAt = (lineNumber: number) => readonly TrueSentence[]

/**
 * The completions for the word before the cursor: a statement at a line's start, an icon or colour
 * after `=`, an actor id after a verb that names actors, and in a text the claim forms of its place;
 * in a step's caption, first the sentences that are true of that step.
 */
export function sceneCompletions(vocabulary: SceneVocabulary, sentencesAt: TrueSentencesAt = () => []): (context: CompletionContext) => CompletionResult | null {
	return context => completeAt(context, vocabulary, sentencesAt)
}

function completeAt(context: CompletionContext, vocabulary: SceneVocabulary, sentencesAt: TrueSentencesAt): CompletionResult | null {
	const { icons } = vocabulary
	const statements = statementNames(vocabulary)
	const line = context.state.doc.lineAt(context.pos)
	const before = line.text.slice(0, context.pos - line.from)
	const inString = /"/.test(before.replace(/"(?:[^"\\]|\\.)*"/g, ''))
	if (inString) return completeClaim(context, vocabulary, before, sentencesAt(line.number))
	const value = /(icon|color)=([\w-]*)$/.exec(before)
	if (value) {
		const options = value[1] === 'icon' ? icons : ['ok', 'bad']
		return { from: context.pos - value[2]!.length, options: options.map(label => ({ label, type: 'enum' })), validFor: /^[\w-]*$/ }
	}
	const word = /[\w-]*$/.exec(before)![0]
	const from = context.pos - word.length
	const head = before.slice(0, before.length - word.length)
	if (/^\s*$/.test(head)) {
		if (!context.explicit && word === '') return null
		const names = head.length > 0 ? statements.inStep : statements.top
		return { from, options: names.map(label => ({ label, type: 'keyword' })), validFor: /^\w*$/ }
	}
	const verb = /^\s*(\S+)/.exec(head)?.[1] ?? ''
	if (!vocabulary.statements.some(statement => statement.name === verb && statement.takesActors)) return null
	if (!context.explicit && word === '' && !/(\s|->)$/.test(head)) return null
	const ids = declaredActors(context.state.doc.toString())
	return { from, options: ids.map(label => ({ label, type: 'variable' })), validFor: /^[\w-]*$/ }
}

/** The actors a scene declares, with the icon each was given. */
function declaredIcons(text: string): Map<string, string> {
	return new Map([...text.matchAll(/^[ \t]*actor[ \t]+([^\s"#]+)[^\n]*?icon=([\w-]+)/gm)].map(m => [m[1]!, m[2]!]))
}

/** The place a text at the cursor is read in, from its statement: a caption, a message between two kinds of actor, a state. */
function placeAt(before: string, icons: Map<string, string>, vocabulary: SceneVocabulary): string | undefined {
	const kindOf = (actor: string | undefined) => vocabulary.kinds[icons.get(actor ?? '') ?? ''] ?? 'worker'
	const statement = /^\s*(step|send|set|strike)\b(.*)$/.exec(before)
	if (!statement) return undefined
	const [, verb, rest = ''] = statement
	if (verb === 'step') return 'caption'
	if (verb === 'send') {
		const ends = /^\s*([^\s"]+)\s*->\s*([^\s"]+)/.exec(rest)
		if (!ends) return undefined
		return vocabulary.messagePlaces[`${kindOf(ends[1])}->${kindOf(ends[2])}`] ?? 'note'
	}
	return vocabulary.statePlaces[kindOf(/^\s*([^\s"]+)/.exec(rest)?.[1])] ?? 'note'
}

/** The two kinds of text completion, true sentences above forms. */
const TRUE_SECTION = { name: 'True of this step', rank: 0 }
const FORM_SECTION = { name: 'Forms', rank: 1 }

/**
 * The claim forms of the text's place, nearest first to the clause typed so far; choosing one writes
 * its example there. In a caption the step's true sentences come first: those the clause begins,
 * then those sharing most of its words (one sharing none is left out); choosing one writes it in
 * place of the clause.
 */
function completeClaim(context: CompletionContext, vocabulary: SceneVocabulary, before: string, sentences: readonly TrueSentence[]): CompletionResult | null {
	const place = placeAt(before, declaredIcons(context.state.doc.toString()), vocabulary)
	if (place === undefined) return null
	const text = before.slice(before.lastIndexOf('"') + 1)
	// The clause being written starts after the last connective.
	const cut = [...text.matchAll(/(?:,? and then |, then | then |, and |, so |, but | and | so | but |, |: |[.;!?] )/g)].pop()
	const clause = cut ? text.slice((cut.index ?? 0) + cut[0].length) : text
	if (!context.explicit && clause.trim() === '') return null
	const words = clause.toLowerCase().split(/\s+/).filter(Boolean)
	// Words of the form the clause has count for it; its other words, against it (slots count neither way).
	const wordsOf = (pattern: string) => {
		// Each word of the form, with its alternatives (`hold/take` is one word of two spellings).
		const literal = pattern.toLowerCase().replace(/\{[a-z]+\}/g, ' ').split(/[\s(),:]+/).filter(Boolean).map(w => w.split('/'))
		// The last word may be half written: it counts for a word it begins.
		const last = words[words.length - 1] ?? ''
		const shared = literal.filter(spellings => spellings.some(w => words.slice(0, -1).includes(w) || (last !== '' && w.startsWith(last)))).length
		return { shared, others: literal.length - shared }
	}
	const score = (pattern: string) => {
		const { shared, others } = wordsOf(pattern)
		return 2 * shared - others
	}
	const forms = vocabulary.forms.filter(form => form.place === (place === 'note' ? 'caption' : place))
	const ranked = [...forms].sort((a, b) => score(b.pattern) - score(a.pattern))
	const formOptions = ranked.map(form => ({ label: form.pattern, detail: form.example, info: form.meaning, apply: form.example, type: 'text', section: FORM_SECTION }))
	if (place !== 'caption' || sentences.length === 0) return { from: context.pos - clause.length, filter: false, options: formOptions }
	// Inside a sentence a true sentence reads as the words it replaces: "…, then the clock reads 5 s",
	// "…, and nobody waits"; one that opens with a name of an actor keeps it ("…, then Worker B gets the key").
	const opens = /(^|[.;!?]\s*)$/.test(text.slice(0, text.length - clause.length))
	const names = new Set(declaredLabels(context.state.doc.toString()).flatMap(label => label.split(/\s+/)))
	const named = (sentence: string) => names.has(/^[^\s']*/.exec(sentence)![0])
	const written = (sentence: string) => (opens || named(sentence) ? sentence : sentence.charAt(0).toLowerCase() + sentence.slice(1))
	const typed = clause.trimStart().toLowerCase()
	const begun = (sentence: string) => typed !== '' && written(sentence).toLowerCase().startsWith(typed)
	const telling = sentences
		.map((sentence, order) => ({ sentence, order, begun: begun(sentence.text), score: score(sentence.text) }))
		.filter(one => typed === '' || one.begun || wordsOf(one.sentence.text).shared > 0)
		.sort((a, b) => Number(b.begun) - Number(a.begun) || b.score - a.score || a.order - b.order)
	const trueOptions = telling.map(({ sentence }) => ({ label: written(sentence.text), detail: sentence.group, type: 'text', section: TRUE_SECTION }))
	return { from: context.pos - clause.length, filter: false, options: [...trueOptions, ...formOptions] }
}

/** The labels a scene gives its actors ("Worker A"), in the order written. */
function declaredLabels(text: string): string[] {
	return [...text.matchAll(/^[ \t]*actor[ \t]+[^\s"#]+[ \t]+"((?:[^"\\]|\\.)*)"/gm)].map(m => m[1]!)
}

/** The actor ids a scene declares, in the order written. */
export function declaredActors(text: string): string[] {
	return [...text.matchAll(/^[ \t]*actor[ \t]+([^\s"#]+)/gm)].map(m => m[1]!)
}
