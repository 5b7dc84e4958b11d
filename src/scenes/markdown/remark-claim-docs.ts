/**
 * Remark plugin: the authors pages' parts that come from the checker itself, so they cannot drift.
 * A ```claim-forms block becomes the list of every claim form, by place, from the registry, each
 * example read by the build as its form; a ```neutral-lexicon block the list of words an aside may
 * use; a ```cause-table block what each kind of event follows from, as the engine records it; an
 * ```id-lexicon block the words a scene's id may use; a ```prelude-names block the names a code
 * sample may use, per domain, from the domains' files; a ```scene-errors block the scene it holds followed by the errors the checker really gives
 * it (a block whose scene has none fails the build).
 */
import type { Code, Root } from 'mdast'
import type { ElementContent } from 'hast'
import { h, text } from '../hast-nodes.ts'
import { FORMS, RECORDED_CAUSES, FORMULA_TERMS, FUNCTION_WORDS, ID_EVENTS, ID_JOINING_WORDS, ID_PHRASES, ID_WORDS, NEUTRAL_ADVERBS, NEUTRAL_WORDS, PLACE_NAMES, inWords, unreadExamples } from '../claims/index.ts'
import type { ClaimForm, Place } from '../claims/index.ts'
import type { SceneFrames } from '../frame.ts'
import { SceneError } from './remark-scenes.ts'
import { DEFAULT_DOMAIN, DOMAINS } from '../../seed/domains.ts'
import { LANGUAGE_NAMES } from '../sample/compile.ts'

interface RemarkClaimDocsOptions {
	/** Parses and simulates one scene, named `file`. */
	compile: (source: string, file: string) => Promise<SceneFrames>
}

const PLACES: readonly Place[] = ['caption', 'lock-answer', 'ask', 'write', 'db-answer', 'worker-state', 'store-state', 'db-state']

/** What each kind of clause tells, in the list's words. */
const TELLS: Readonly<Record<ClaimForm['tells'], string>> = { event: 'an event', state: 'a state at t', clock: 'the clock', none: 'no moment' }

/** A form's pattern and the other ways it may be written, one a line (the list shows them with `white-space: pre-line`). */
function patterns(form: ClaimForm): string {
	return [form.pattern, ...(form.alternatives ?? []).map(other => `or ${other}`)].map(pattern => inWords(pattern, DEFAULT_DOMAIN.words)).join('\n')
}

/**
 * Every form of each place as one list, two elements a form: its patterns; its example, meaning and what it tells,
 * then its query on a line of its own. A table of five cells with a `code` in three of them was some 11 elements
 * a form, most of the authors' pages' elements (issue 31), and a third element for the query took the page past
 * 1,500 as the forms grew; the fonts and line breaks are the list's CSS.
 */
function formsList(): ElementContent[] {
	const out: ElementContent[] = [
		h('p', {}, [text("Each form's meaning is a query of the run: the steps, each with its events in the clock's order and the world at its start and end. Its terms:")]),
		h('dl', { className: ['formula-terms'] }, FORMULA_TERMS.flatMap(([term, what]) => [h('dt', {}, [h('code', {}, [text(term)])]), h('dd', {}, inlineCode(what))])),
	]
	for (const place of PLACES) {
		const forms = FORMS.filter(form => form.places.includes(place))
		out.push(h('h3', { id: `forms-${place}` }, [text(`In ${PLACE_NAMES[place]}`)]))
		out.push(
			h('dl', { className: ['claim-forms'], dataPlace: place }, forms.flatMap(form => [
				h('dt', { dataForm: form.id }, [text(patterns(form))]),
				h('dd', {}, [text(`Example: “${inWords(form.example, DEFAULT_DOMAIN.words)}”. ${form.meaning} It tells ${TELLS[form.tells]}.\nQuery: ${form.formula}`)]),
			])),
		)
	}
	return out
}

function lexiconList(): ElementContent[] {
	return [
		h('p', {}, [h('strong', {}, [text('Neutral words: ')]), text(`${NEUTRAL_WORDS.join(', ')}.`)]),
		h('p', {}, [h('strong', {}, [text('Words that join them: ')]), text(`${FUNCTION_WORDS.join(', ')}.`)]),
		h('p', {}, [h('strong', {}, [text('Adverbs a clause may add, which claim nothing (it reads as it would without them): ')]), text(`${NEUTRAL_ADVERBS.join(', ')}.`)]),
	]
}

function causeTable(): ElementContent[] {
	return [
		h('table', { className: ['claim-causes'] }, [
			h('thead', {}, [h('tr', {}, [h('th', {}, [text('What happened')]), h('th', {}, [text('What the engine records it follows from')])])]),
			h('tbody', {}, RECORDED_CAUSES.map(([what, from]) => h('tr', {}, [h('td', {}, [text(what)]), h('td', {}, inlineCode(from))]))),
		]),
	]
}

function idLexicon(): ElementContent[] {
	return [
		h('p', {}, [h('strong', {}, [text('Words of an id, besides the neutral ones: ')]), text(`${ID_WORDS.join(', ')}; and each domain's: ${[...DOMAINS.values()].map(domain => `${domain.words.ids.join(', ')} (${domain.name})`).join('; ')}; and any word of the page's title and headings. Words that join them and claim nothing: ${ID_JOINING_WORDS.join(', ')}; and whole, ${ID_PHRASES.map(phrase => phrase.replaceAll(' ', '-')).join(', ')}. "after", "before" and "then" between two event words (or crash, writes, fences, lease, which then name a happening) claim that order, which the scene must show.`)]),
		h('p', {}, [h('strong', {}, [text('Words that name an event the scene must show: ')]), ...Object.entries(ID_EVENTS).flatMap(([word, event], i) => [...(i === 0 ? [] : [text('; ')]), h('code', {}, [text(word)]), text(` (${event})`)]), text('.')]),
	]
}

/** Each domain's prelude: the names a code sample may use, with what each is, as the domain's file declares them. */
function preludeNames(): ElementContent[] {
	const out: ElementContent[] = []
	for (const domain of DOMAINS.values()) {
		out.push(h('h4', { id: `prelude-${domain.name}` }, [text(`The ${domain.name} domain${domain.name === 'chat' ? ' (the default)' : ` (domain ${domain.name})`}: the key is "${domain.key}" unless the scene says key`)]))
		out.push(
			h('table', { className: ['prelude-names'], dataDomain: domain.name }, [
				h('thead', {}, [h('tr', {}, [h('th', {}, [text('Name')]), h('th', {}, [text('What it is')])])]),
				h('tbody', {}, Object.entries(domain.names).map(([name, what]) => h('tr', {}, [h('td', {}, [h('code', {}, [text(name)])]), h('td', {}, inlineCode(what))]))),
			]),
		)
	}
	out.push(h('p', {}, [h('strong', {}, [text("JavaScript's own names a sample may use: ")]), text(`${[...LANGUAGE_NAMES].join(', ')}.`)]))
	return out
}

/** Text with `code` spans in backticks, as hast. */
function inlineCode(value: string): ElementContent[] {
	return value.split(/(`[^`]+`)/).filter(Boolean).map(part => (part.startsWith('`') && part.endsWith('`') && part.length > 1 ? h('code', {}, [text(part.slice(1, -1))]) : text(part)))
}

function replaceWith(node: Code, children: ElementContent[]): void {
	const replacement = node as unknown as { type: string; data: Record<string, unknown>; children: unknown[] }
	replacement.type = 'claimDocs'
	replacement.children = []
	replacement.data = { hName: 'div', hProperties: { className: ['claim-docs'] }, hChildren: children }
}

/** The plugin itself; see RemarkClaimDocsOptions. */
export function remarkClaimDocs(options: RemarkClaimDocsOptions) {
	return async (tree: Root): Promise<void> => {
		const blocks: Code[] = []
		const visit = (node: { type: string; children?: unknown[] }) => {
			if (node.type === 'code' && ['claim-forms', 'neutral-lexicon', 'cause-table', 'id-lexicon', 'prelude-names', 'scene-errors'].includes((node as Code).lang ?? '')) blocks.push(node as Code)
			for (const child of node.children ?? []) visit(child as { type: string; children?: unknown[] })
		}
		visit(tree)
		for (const node of blocks) {
			if (node.lang === 'claim-forms') {
				const problems = [...DOMAINS.values()].flatMap(domain => unreadExamples(domain.words, domain.key))
				if (problems.length > 0) throw new SceneError(problems.join('\n'))
				replaceWith(node, formsList())
			} else if (node.lang === 'neutral-lexicon') {
				replaceWith(node, lexiconList())
			} else if (node.lang === 'cause-table') {
				replaceWith(node, causeTable())
			} else if (node.lang === 'id-lexicon') {
				replaceWith(node, idLexicon())
			} else if (node.lang === 'prelude-names') {
				replaceWith(node, preludeNames())
			} else {
				const file = 'example.scene'
				const scene = await options.compile(node.value, file)
				if (scene.diagnostics.length === 0) throw new SceneError(`a scene-errors block at line ${node.position?.start.line ?? '?'} shows a scene the checker accepts; an error example must be one the build really prints`)
				const printed = scene.diagnostics.map(d => h('samp', {}, [text(`${file}:${d.line}:${d.column}: error: ${d.message}`)]))
				// The printed lines are long: a block of its own that wraps them, not a code block that scrolls. The source is a
				// `pre` with no `code` in it, which Expressive Code leaves alone: its frame was some 4 elements a line (issue 31).
				// It may scroll on a phone, so it takes the focus (axe's scrollable-region-focusable).
				replaceWith(node, [h('pre', { className: ['scene-errors-source'], tabIndex: 0 }, [text(node.value)]), h('div', { className: ['scene-errors-printed'], role: 'group', ariaLabel: 'What the check printed' }, printed)])
			}
		}
	}
}
