/**
 * The scene DSL's syntax tree. Every node carries the place it was written, as 1-based
 * line and column in the file the scene came from (not in the fenced block), so that an
 * error can point the author at it.
 */

/** A place in a source file: 1-based line and column (columns count UTF-16 code units). */
export interface Position {
	line: number
	column: number
}

/** An actor's kind, given by its icon. */
export type Icon = 'cpu' | 'lock' | 'database' | 'server' | 'user' | 'clock'

export const ICONS: readonly Icon[] = ['cpu', 'lock', 'database', 'server', 'user', 'clock']

/** A quoted string as written, with the place of its opening quote. */
export interface Text {
	value: string
	position: Position
	/** The place just after its closing quote (the parser always sets it; for underlining a label). */
	end?: Position
}

/** An actor's id where it is used, with the place it was written. */
export interface Ref {
	id: string
	position: Position
}

/** The code sample shown beside the stage, dedented to its common indentation. */
export interface Code {
	lang: string
	/** The sample's lines, dedented; line 1 of the sample is lines[0]. */
	lines: string[]
	position: Position
	/** The file's place of the sample's first line, at the column its dedented text starts. */
	start: Position
}

export interface Actor {
	id: string
	label: Text
	/** Percent of the stage's width and height, 0 to 100. */
	x: number
	y: number
	icon: Icon
	/** `limit=N` on a lock actor makes it a semaphore of that limit. */
	limit?: number
	/** `first=N` on a lock actor: the fence of the first lease its store gives (else the scene's first written fence sets it). */
	first?: bigint
	/** `fences=off` on a database actor: its writes are the plain update, which checks no fence. */
	fences?: 'off'
	position: Position
}

export interface Link {
	from: Ref
	to: Ref
	position: Position
}

/** `ttl 10s` (a worker's lease in this scene), `key "42"` (the key the workers hold),
 * `id fences-late-write` (the scene's name in the page, which links to its steps use) or
 * `domain jobs` (the story's world: its database and its code sample's names). */
export type Setting =
	| { kind: 'ttl'; ms: number; position: Position }
	| { kind: 'key'; value: Text; position: Position }
	| { kind: 'id'; value: string; position: Position; /** Where the id itself is written, after the keyword (for a fix that replaces it). */ valueAt?: Position }
	| { kind: 'domain'; value: string; position: Position }

/** `send FROM -> TO "label" [color=ok|bad]`: a message, whose meaning comes from the actors' kinds. */
export interface Send {
	kind: 'send'
	from: Ref
	to: Ref
	label: Text
	color?: 'ok' | 'bad'
	position: Position
}

/** `set ID "text"`: an actor's state label. Before the first step it sets state; in a step it is also a check. */
export interface SetState {
	kind: 'set'
	actor: Ref
	text: Text
	position: Position
}

/** `strike ID "text"`: strikes the actor's state label out (the text must be its current label). */
export interface Strike {
	kind: 'strike'
	actor: Ref
	text: Text
	position: Position
}

/** `wait 40s`: simulated time runs on. */
export interface Wait {
	kind: 'wait'
	ms: number
	position: Position
}

/** `release a` (a worker lets go of its lease), `end a` (an operator ends the worker's lease),
 * `restart lock` (a store crashes and opens again), `backup lock` (a copy of the store's kv.db is
 * taken), `restore lock` (the store opens again on that copy). */
export interface ActorVerb {
	kind: 'release' | 'end' | 'restart' | 'backup' | 'restore'
	actor: Ref
	position: Position
}

export type StepStatement = Send | SetState | Strike | Wait | ActorVerb

export interface Step {
	caption: Text
	/** The code sample's lines this step highlights (1-based, inclusive), if it names any. */
	lines?: { from: number; to: number }
	statements: StepStatement[]
	position: Position
}

export interface Scene {
	code?: Code
	settings: Setting[]
	actors: Actor[]
	links: Link[]
	/** `set` and `strike` before the first step: the initial state. */
	initial: (SetState | Strike)[]
	steps: Step[]
	position: Position
}

/** A problem in a scene's text, with the place it was found. */
export interface ParseError {
	message: string
	position: Position
	/** The place just after the offending token, when there is one (for underlining it). */
	end?: Position
	/** The file the scene came from, when its origin named one. */
	file?: string
}

export type ParseResult = { ok: true; scene: Scene; errors: [] } | { ok: false; scene?: undefined; errors: ParseError[] }

/** Where a scene's text sits in its file, so positions are the file's. */
export interface SourceOrigin {
	/** The file name errors should print, e.g. `content/guides/locks/fences.mdx`. */
	file?: string
	/** The file's line of the block's first line (1-based). Defaults to 1. */
	line?: number
	/** Added to every column of the block's text (for an indented fence). Defaults to 0. */
	column?: number
}
