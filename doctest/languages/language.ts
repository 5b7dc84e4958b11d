import type { ChatDbStage } from '../chat-db.ts'

/** How a language's blocks run: what a setup's comments look like, and how a program is run. */
export interface Language {
	/** The fence's language, as the page writes it: `ts`, `python`, `go`, `rust`, `sql`, `sh`. */
	name: string
	/** The extension of its setup files. */
	extension: string
	/** How its line comments start: a setup's marker lines are comments. */
	comment: string
	/** The doctest's chat.db (doctest/chat-db.ts) its program finds made in its folder, if any. */
	chatDb?: ChatDbStage
	/** Runs a program, in `dir` (a fresh folder of its own), with what it may need in `context`. */
	run(source: string, dir: string, context: RunContext): Promise<Outcome>
}

/** What every program may use. */
export interface RunContext {
	/** The repository's root. */
	root: string
	/** The environment for the program: the doctest's lock server and the like. */
	env: Record<string, string>
	/** Runs a command, answering the program's requests on its standard output (see director.ts). */
	exec(command: string, args: string[], options: { cwd: string; env?: Record<string, string>; timeoutMs?: number }): Promise<Outcome>
}

/** How a program ended: ok, and what it printed. */
export interface Outcome {
	ok: boolean
	output: string
	/** How many leases the director ended at the program's request: a program that asked plays a story. */
	leasesEnded?: number
}
