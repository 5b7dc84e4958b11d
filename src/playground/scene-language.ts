/**
 * The scene DSL for CodeMirror: a line tokenizer for highlighting, and completion of statements, actor ids, icons and colours.
 */
import { HighlightStyle, StreamLanguage, syntaxHighlighting } from '@codemirror/language'
import type { StringStream } from '@codemirror/language'
import type { CompletionContext, CompletionResult } from '@codemirror/autocomplete'
import type { Extension } from '@codemirror/state'
import { tags } from '@lezer/highlight'

/**
 * The DSL's words, as scene-parser defines them: the page gets them from the build, so the parser's
 * code is not shared with (and loaded by) every other page's script.
 */
export interface SceneVocabulary {
	statements: { top: readonly string[]; inStep: readonly string[] }
	icons: readonly string[]
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

function token(stream: StringStream, state: LineState, { statements }: SceneVocabulary, verbs: Set<string>): string | null {
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
	const verbs = new Set([...vocabulary.statements.top, ...vocabulary.statements.inStep])
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

/** The actor ids a scene declares, in the order written. */
export function declaredActors(text: string): string[] {
	return [...text.matchAll(/^[ \t]*actor[ \t]+([^\s"#]+)/gm)].map(m => m[1]!)
}

/** Statements that name actors after their verb. */
const TAKES_ACTORS = new Set(['link', 'set', 'strike', 'send', 'release', 'restart', 'backup', 'restore'])

/** The completions for the word before the cursor: a statement at a line's start, an icon or colour after `=`, else an actor id. */
export function sceneCompletions(vocabulary: SceneVocabulary): (context: CompletionContext) => CompletionResult | null {
	return context => completeAt(context, vocabulary)
}

function completeAt(context: CompletionContext, { statements, icons }: SceneVocabulary): CompletionResult | null {
	const line = context.state.doc.lineAt(context.pos)
	const before = line.text.slice(0, context.pos - line.from)
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
	if (!TAKES_ACTORS.has(verb) || /"/.test(head.replace(/"[^"]*"/g, ''))) return null
	if (!context.explicit && word === '' && !/(\s|->)$/.test(head)) return null
	const ids = declaredActors(context.state.doc.toString())
	return { from, options: ids.map(label => ({ label, type: 'variable' })), validFor: /^[\w-]*$/ }
}
