/**
 * The playground page: a CodeMirror editor for a scene, compiled in a worker as the author types, its frames on a stage, kept in the URL, exported.
 */
import { autocompletion, completionKeymap, completionStatus, startCompletion } from '@codemirror/autocomplete'
import { defaultKeymap, history as undoHistory, historyKeymap } from '@codemirror/commands'
import { bracketMatching, indentOnInput } from '@codemirror/language'
import { lintGutter, lintKeymap, setDiagnostics } from '@codemirror/lint'
import type { Action as EditorAction, Diagnostic as EditorDiagnostic } from '@codemirror/lint'
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search'
import { EditorSelection, EditorState } from '@codemirror/state'
import type { Text } from '@codemirror/state'
import { EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view'
import { sceneCompletions, sceneHighlighting, sceneLanguage } from './scene-language.ts'
import type { SceneVocabulary, TrueSentence } from './scene-language.ts'
import { SceneLinkError, decodeScene, encodeScene, payloadOf, sceneHash } from '../scenes/scene-link.ts'
import { PLAYGROUND_FILE } from './worker-protocol.ts'
import type { PrintedDiagnostic, StageDrawing, WorkerRequest, WorkerResponse } from './worker-protocol.ts'

/** One of the site's scenes, offered as an example. */
interface Example {
	title: string
	source: string
}

/** How long typing must pause before the scene compiles, ms: short, since the worker keeps typing responsive anyway. */
const COMPILE_DEBOUNCE_MS = 25
/** How long the author must pause before the true sentences of the cursor's step are looked for, ms: they cost more than a compile, so not at every key. */
const SUGGEST_IDLE_MS = 250
/** How long typing must pause before the URL is rewritten, ms (rewriting history is slow in Chromium). */
const URL_DEBOUNCE_MS = 400

const root = document.querySelector<HTMLElement>('[data-playground]')!
const part = <T extends HTMLElement>(name: string): T => root.querySelector<T>(`[data-part=${name}]`)!
// Made by the build: the page imports nothing of the parser or the player, whose code would then be shared with every page.
const { examples, vocabulary } = JSON.parse(part('page-data').textContent ?? '{}') as { examples: Example[]; vocabulary: SceneVocabulary }
const stage = part('stage')
const caption = part('caption')
const counter = part('counter')
const status = part('status')
const problems = part('problems')
const linkError = part('link-error')
const urlNote = part('url-note')

/** The last frames that compiled without a diagnostic, the compile that made them, and the SVGs drawn so far. */
let good: Pick<Extract<WorkerResponse, { kind: 'compiled' }>, 'frames' | 'captions' | 'counters'> & { compile: number; drawings: (StageDrawing | undefined)[] } = { compile: 0, frames: [], captions: [], counters: [], drawings: [] }
let step = 0
/** The step the cursor was in at the last edit, which the stage follows. */
let cursorStep: number | undefined

/** How long a compile may take before its worker is stopped and made again: a scene whose code never stops gets an answer. */
const COMPILE_LIMIT_MS = 10_000

let worker = startWorker()
let nextId = 0
let compiling: number | undefined
/** The text of the compile in flight. */
let compilingSource = ''
let queued: string | undefined
let watchdog: ReturnType<typeof setTimeout> | undefined
const waiting = new Map<number, (response: WorkerResponse) => void>()

function startWorker(): Worker {
	const made = new Worker(new URL('./compile-worker.ts', import.meta.url), { type: 'module' })
	made.onmessage = event => receive(event.data as WorkerResponse)
	made.onerror = event => showFailure(event.message || 'the compile worker did not start')
	return made
}

function send(request: WorkerRequest): void {
	worker.postMessage(request)
}

/** A compile that ran over its limit: its worker is stopped, a new one made, and the author told. */
function overrun(): void {
	worker.terminate()
	worker = startWorker()
	compiling = undefined
	delete root.dataset['compiling']
	for (const [id, resolve] of waiting) resolve({ kind: 'failed', id, message: 'the compile worker was stopped' } as WorkerResponse)
	waiting.clear()
	showFailure(`checking the scene ran for more than ${COMPILE_LIMIT_MS / 1000} s and was stopped: does its code ever stop? (a loop, a huge number, a promise that waits on itself)`)
	if (queued !== undefined) {
		const source = queued
		queued = undefined
		compile(source)
	}
}

function compile(source: string): void {
	// Only the newest text matters: while the worker is busy, later edits replace each other.
	if (compiling !== undefined) {
		queued = source
		return
	}
	compiling = ++nextId
	compilingSource = source
	root.dataset['compiling'] = ''
	clearTimeout(watchdog)
	watchdog = setTimeout(overrun, COMPILE_LIMIT_MS)
	send({ kind: 'compile', id: compiling, source, show: cursorStep ?? step })
}

type Question = Omit<Extract<WorkerRequest, { kind: 'animate' }>, 'id'> | Omit<Extract<WorkerRequest, { kind: 'draw' }>, 'id'> | Omit<Extract<WorkerRequest, { kind: 'suggest' }>, 'id'>

function ask(request: Question): Promise<WorkerResponse> {
	const id = ++nextId
	return new Promise(resolve => {
		waiting.set(id, resolve)
		send({ ...request, id })
	})
}

function receive(response: WorkerResponse): void {
	const resolve = waiting.get(response.id)
	if (resolve) {
		waiting.delete(response.id)
		resolve(response)
		return
	}
	if (response.id !== compiling) return
	clearTimeout(watchdog)
	compiling = undefined
	delete root.dataset['compiling']
	if (response.kind === 'compiled') {
		showCompiled(response)
		// A scene whose steps ran has true sentences, whether or not its texts hold yet.
		if (response.frames.length > 0) {
			ran = compilingSource
			lookForSentencesSoon()
		}
	} else if (response.kind === 'failed') showFailure(response.message)
	if (queued !== undefined) {
		const source = queued
		queued = undefined
		compile(source)
	}
}


/** The text of the last compile whose steps ran: the true sentences are found on its run. */
let ran: string | undefined
/** Each step's true sentences, from the latest run they were looked for on; the step and text last asked about. */
const trueSentences = new Map<number, readonly TrueSentence[]>()
let lastAsked = ''
let suggestTimer: ReturnType<typeof setTimeout> | undefined

function lookForSentencesSoon(): void {
	clearTimeout(suggestTimer)
	suggestTimer = setTimeout(lookForSentences, SUGGEST_IDLE_MS)
}

/**
 * Asks the worker for the true sentences of the step the cursor is in, once per run and step:
 * only when no compile is waiting, so a pause, not a key, costs their search.
 */
function lookForSentences(): void {
	if (compiling !== undefined || queued !== undefined || ran === undefined) return
	const state = view.state
	const at = stepAt(state.doc, state.doc.lineAt(state.selection.main.head).number)
	const asked = `${at}\n${ran}`
	if (at === 0 || asked === lastAsked) return
	lastAsked = asked
	void ask({ kind: 'suggest', source: ran, step: at }).then(response => {
		if (response.kind !== 'suggested') return
		trueSentences.set(response.step, response.sentences)
		// An open list is made again, so what was just found shows in it.
		if (completionStatus(view.state) === 'active') startCompletion(view)
	})
}

function showFailure(message: string): void {
	root.dataset['state'] = 'failed'
	status.textContent = `The scene could not be compiled in this browser: ${message}`
}

function showCompiled({ id, frames, captions, counters, shown, drawing, diagnostics, ms }: Extract<WorkerResponse, { kind: 'compiled' }>): void {
	const stale = diagnostics.length > 0
	if (!stale) {
		good = { compile: id, frames, captions, counters, drawings: [] }
		good.drawings[shown] = drawing
	}
	root.dataset['state'] = stale ? 'stale' : 'ok'
	showDiagnostics(diagnostics)
	const steps = Math.max(good.frames.length - 1, 0)
	if (stale) {
		status.textContent = good.frames.length > 0
			? `${plural(diagnostics.length, 'error')}; the stage shows the last scene that verified.`
			: `${plural(diagnostics.length, 'error')}; no version of this scene has verified yet.`
	} else {
		status.textContent = `Verified by the engine: ${plural(steps, 'step')}, in ${Math.round(ms)} ms.`
	}
	show(stale ? (cursorStep ?? step) : shown)
}

function plural(count: number, noun: string): string {
	return `${count} ${noun}${count === 1 ? '' : 's'}`
}

/** Frame `index` of the last good frames in both layouts, drawn by the worker the first time it is asked for. */
async function drawingOf(index: number): Promise<StageDrawing | undefined> {
	const drawn = good.drawings[index]
	if (drawn !== undefined || index >= good.frames.length) return drawn
	const of = good
	const response = await ask({ kind: 'draw', compile: of.compile, index })
	if (response.kind === 'drawn') of.drawings[index] = response.drawing
	return of.drawings[index]
}

// Both layouts go on the stage; the stylesheet shows the one the stage's width calls for, as on every page.
function drawStage(drawing: StageDrawing): void {
	stage.innerHTML = drawing.wide + drawing.narrow
}

/** Shows frame `index` of the last good frames (clamped) on the stage, with its caption and counter. */
function show(index: number): void {
	const steps = Math.max(good.frames.length - 1, 0)
	step = Math.min(Math.max(index, 0), steps)
	const drawing = good.drawings[step]
	if (drawing !== undefined) drawStage(drawing)
	else {
		// Until the worker has drawn it, the stage keeps what it showed.
		const wanted = step
		void drawingOf(wanted).then(drawn => {
			if (drawn !== undefined && step === wanted) drawStage(drawn)
		})
	}
	stage.dataset['step'] = String(step)
	caption.textContent = good.captions[step] ?? ''
	counter.textContent = good.counters[step] ?? ''
	for (const [action, off] of [['first', step === 0], ['prev', step === 0], ['next', step === steps], ['last', step === steps]] as const) {
		root.querySelector(`[data-action=${action}]`)?.setAttribute('aria-disabled', String(off))
	}
}

/** An editor range for a diagnostic: from its line and column to the end of the word there, at least one character. */
function rangeOf(doc: Text, d: PrintedDiagnostic): { from: number; to: number } {
	const line = doc.line(Math.min(Math.max(d.line, 1), doc.lines))
	const from = Math.min(line.from + Math.max(d.column - 1, 0), line.to)
	const word = /^[^\s]+/.exec(line.text.slice(from - line.from))?.[0] ?? ''
	const to = Math.min(from + Math.max(word.length, 1), line.to)
	return to > from ? { from, to } : { from: Math.max(from - 1, line.from), to: from }
}

/** The source a diagnostic's fix replaces, in the editor's text, and the words there now. */
function fixRangeOf(doc: Text, fix: NonNullable<PrintedDiagnostic['fix']>): { from: number; to: number; words: string } | undefined {
	if (fix.line < 1 || fix.line > doc.lines) return undefined
	const line = doc.line(fix.line)
	const from = line.from + fix.column - 1
	const to = line.from + fix.endColumn - 1
	if (from < line.from || to > line.to || to < from) return undefined
	return { from, to, words: doc.sliceString(from, to) }
}

/** The words of a fix, as the editor's change: made only if the words it replaces are still there. */
function applyFix(at: number, words: string, text: string): boolean {
	if (view.state.doc.sliceString(at, at + words.length) !== words) return false
	view.dispatch({ changes: { from: at, to: at + words.length, insert: text }, selection: EditorSelection.cursor(at + text.length), userEvent: 'input.complete' })
	return true
}

/** What a fix's button says: the sentence as it will read in the text. */
function fixName(fix: NonNullable<PrintedDiagnostic['fix']>): string {
	return `Replace with: ${fix.text.replace(/\\(["\\])/g, '$1')}`
}

function showDiagnostics(diagnostics: PrintedDiagnostic[]): void {
	const doc = view.state.doc
	const fixes = diagnostics.map(d => (d.fix ? fixRangeOf(doc, d.fix) : undefined))
	const marks: EditorDiagnostic[] = diagnostics.map((d, i) => {
		const fix = d.fix
		const range = fixes[i]
		// A fixable clause is marked whole: what the underline covers is what the fix replaces.
		if (!fix || !range || range.to === range.from) return { ...rangeOf(doc, d), severity: 'error', message: d.message }
		const action: EditorAction = { name: fixName(fix), apply: (_view, from) => void applyFix(from, range.words, fix.text) }
		return { from: range.from, to: range.to, severity: 'error', message: d.message, actions: [action] }
	})
	view.dispatch(setDiagnostics(view.state, marks))
	problems.replaceChildren(...diagnostics.map((d, i) => {
		const item = document.createElement('li')
		const button = document.createElement('button')
		button.type = 'button'
		button.className = 'pg-problem'
		button.dataset['line'] = String(d.line)
		button.dataset['column'] = String(d.column)
		// The words `npm run scenes -- check playground.scene` prints for the same text.
		button.textContent = d.printed
		button.addEventListener('click', () => {
			const { from } = rangeOf(view.state.doc, d)
			view.dispatch({ selection: EditorSelection.cursor(from), scrollIntoView: true })
			view.focus()
		})
		item.append(button)
		const fix = d.fix
		const range = fixes[i]
		if (fix && range) {
			const apply = document.createElement('button')
			apply.type = 'button'
			apply.className = 'pg-fix'
			apply.textContent = fixName(fix)
			// The problems are told again once the text changes; until then the words are where the compile found them.
			apply.addEventListener('click', () => {
				if (applyFix(range.from, range.words, fix.text)) view.focus()
			})
			item.append(apply)
		}
		return item
	}))
	problems.hidden = diagnostics.length === 0
}

/** The step whose text holds a line: 0 before the first step, N in step N's line or body. */
function stepAt(doc: Text, lineNumber: number): number {
	let found = 0
	let inCode = false
	for (let n = 1; n <= lineNumber; n++) {
		const text = doc.line(n).text
		if (inCode) inCode = text.trim() !== 'end'
		else if (/^\s*code\b/.test(text)) inCode = true
		else if (/^\s*step\b/.test(text)) found++
	}
	return found
}

let urlTimer: ReturnType<typeof setTimeout> | undefined
let compileTimer: ReturnType<typeof setTimeout> | undefined

function edited(): void {
	const state = view.state
	cursorStep = stepAt(state.doc, state.doc.lineAt(state.selection.main.head).number)
	clearTimeout(compileTimer)
	clearTimeout(suggestTimer)
	compileTimer = setTimeout(() => compile(view.state.doc.toString()), COMPILE_DEBOUNCE_MS)
	clearTimeout(urlTimer)
	// `data-address` says whether the address holds the text shown: pending until the write below lands.
	root.dataset['address'] = 'pending'
	urlTimer = setTimeout(() => void keepInUrl(view.state.doc.toString()), URL_DEBOUNCE_MS)
}

let urlWrites = 0

async function keepInUrl(source: string): Promise<void> {
	const write = ++urlWrites
	try {
		const hash = sceneHash(await encodeScene(source))
		// Packing is asynchronous: an older text packed late must not take the address back from a newer one.
		if (write !== urlWrites) return
		history.replaceState(history.state, '', location.pathname + location.search + hash)
		urlNote.hidden = true
		if (view.state.doc.toString() === source) root.dataset['address'] = 'current'
	} catch (error) {
		if (write !== urlWrites) return
		urlNote.hidden = false
		urlNote.textContent = `The address no longer holds this scene: ${error instanceof Error ? error.message : String(error)}`
		root.dataset['address'] = 'failed'
	}
}

const view = new EditorView({
	parent: part('editor'),
	state: EditorState.create({
		doc: '',
		extensions: [
			lineNumbers(),
			highlightActiveLineGutter(),
			highlightActiveLine(),
			drawSelection(),
			undoHistory(),
			EditorView.lineWrapping,
			indentOnInput(),
			bracketMatching(),
			highlightSelectionMatches(),
			search({ top: true }),
			autocompletion({ override: [sceneCompletions(vocabulary, line => trueSentences.get(stepAt(view.state.doc, line)) ?? [])], icons: false }),
			lintGutter(),
			sceneLanguage(vocabulary),
			sceneHighlighting,
			EditorState.tabSize.of(2),
			// Tab is left to the browser, so the keyboard can leave the editor; Ctrl-] and Ctrl-[ indent.
			keymap.of([...completionKeymap, ...searchKeymap, ...historyKeymap, ...lintKeymap, ...defaultKeymap]),
			// tabindex: the text is focusable anyway, but axe then knows the scrolling region has a way in by keyboard.
			EditorView.contentAttributes.of({ 'aria-label': 'Scene source', 'aria-describedby': 'pg-editor-help', tabindex: '0' }),
			EditorView.updateListener.of(update => {
				if (update.docChanged) edited()
				// The cursor moved to another step: its sentences are looked for once the author pauses there.
				else if (update.selectionSet) lookForSentencesSoon()
			}),
		],
	}),
})

/** Replaces the whole text, as one undoable change. */
function load(source: string): void {
	// Another scene: the sentences known are of the one before.
	trueSentences.clear()
	view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: source }, selection: EditorSelection.cursor(0) })
}

async function openFromUrl(): Promise<void> {
	const payload = payloadOf(location.hash)
	if (payload === undefined) {
		load(examples[0]?.source ?? '')
		return
	}
	try {
		load(await decodeScene(payload))
		linkError.hidden = true
	} catch (error) {
		linkError.hidden = false
		linkError.textContent = error instanceof SceneLinkError
			? `This link's scene could not be opened: ${error.message}. The playground shows the Fences scene instead.`
			: `This link's scene could not be opened. The playground shows the Fences scene instead.`
		load(examples[0]?.source ?? '')
	}
}

function download(name: string, type: string, text: string): void {
	const url = URL.createObjectURL(new Blob([text], { type }))
	const a = document.createElement('a')
	a.href = url
	a.download = name
	a.click()
	setTimeout(() => URL.revokeObjectURL(url), 1000)
}

root.addEventListener('click', event => {
	const button = (event.target as Element).closest<HTMLElement>('[data-action]')
	if (!button) return
	const action = button.dataset['action']
	if (action === 'first') show(0)
	else if (action === 'prev') show(step - 1)
	else if (action === 'next') show(step + 1)
	else if (action === 'last') show(good.frames.length)
	else if (action === 'export-step') void drawingOf(step).then(drawing => download(`scene-step-${step}.svg`, 'image/svg+xml', drawing?.wide ?? ''))
	else if (action === 'export-source') download(PLAYGROUND_FILE, 'text/plain', view.state.doc.toString())
	else if (action === 'export-animation') {
		void ask({ kind: 'animate', frames: good.frames }).then(response => {
			if (response.kind === 'animated') download('scene.svg', 'image/svg+xml', response.svg)
		})
	}
	if (['first', 'prev', 'next', 'last'].includes(action ?? '')) cursorStep = undefined
})

part('stage-region').addEventListener('keydown', event => {
	const moves: Record<string, () => number> = {
		ArrowLeft: () => step - 1,
		ArrowRight: () => step + 1,
		Home: () => 0,
		End: () => good.frames.length,
	}
	const move = moves[event.key]
	if (!move || event.target !== event.currentTarget) return
	event.preventDefault()
	cursorStep = undefined
	show(move())
})

const picker = part<HTMLSelectElement>('examples-picker')
picker.addEventListener('change', () => {
	const example = examples[Number(picker.value)]
	if (example) load(example.source)
})

addEventListener('hashchange', () => {
	// Our own replaceState fires no hashchange; this is a link the reader followed or pasted.
	if (payloadOf(location.hash) !== undefined) void openFromUrl()
})

void openFromUrl()
root.dataset['ready'] = ''
