import { readFileSync, statSync } from 'node:fs'

/** The environment variable a client token may come in, out of the process list's sight. */
export const TOKEN_VARIABLE = 'TINYSTORE_LOCKS_TOKEN'
/** The environment variable an operator token may come in. */
export const OPERATOR_TOKEN_VARIABLE = 'TINYSTORE_LOCKS_OPERATOR_TOKEN'

/** Where a token may come from on a command line: its flag, its file flag, and its environment variable. */
export interface TokenSource {
	flag: string
	fileFlag: string
	variable: string
}

/**
 * The clients' tokens from their source, as `readToken` reads one, but the file may hold several, one
 * a line: each is a tenant with its own share of holds.
 */
export function readTokens(source: TokenSource, given: { flag?: string; file?: string }): string[] | undefined | { error: string } {
	const text = readToken(source, given)
	if (typeof text !== 'string') return text
	if (given.file === undefined) return [text]
	const tokens = text.split(/\r?\n/)
	const blank = tokens.findIndex(token => token === '')
	if (blank >= 0) return { error: `--${source.fileFlag} ${given.file}: line ${blank + 1} is empty; expected one token a line` }
	return tokens
}

/**
 * A token from one of its sources (at most one given): a file only its owner can read (one trailing
 * newline dropped), the environment, or the command line, which works but says every user of the
 * machine can read it there. Undefined when none is given; `{ error }` says why one cannot be used.
 */
export function readToken(source: TokenSource, given: { flag?: string; file?: string }): string | undefined | { error: string } {
	const variable = process.env[source.variable]
	const sources = [given.flag !== undefined && `--${source.flag}`, given.file !== undefined && `--${source.fileFlag}`, variable !== undefined && source.variable].filter(Boolean)
	if (sources.length > 1) return { error: `${sources.join(' and ')}: give the token one way` }
	if (given.flag !== undefined) {
		if (given.flag === '') return { error: `--${source.flag}: expected a non-empty token` }
		console.error(`tinystore locks: --${source.flag} shows in the process list to every user of this machine; --${source.fileFlag} or ${source.variable} keeps it out of sight`)
		return given.flag
	}
	if (variable !== undefined) return variable === '' ? { error: `${source.variable}: expected a non-empty token` } : variable
	const file = given.file
	if (file === undefined) return undefined
	let text: string
	try {
		const mode = statSync(file).mode & 0o777
		// As ssh does with a private key: a secret others can read is not one.
		if ((mode & 0o077) !== 0) return { error: `--${source.fileFlag} ${file}: other users can read it (mode ${mode.toString(8)}); make it readable by its owner only (chmod 600)` }
		text = readFileSync(file, 'utf8').replace(/\r?\n$/, '')
	} catch (error) {
		return { error: `--${source.fileFlag} ${file}: ${(error as Error).message}` }
	}
	return text === '' ? { error: `--${source.fileFlag} ${file}: the file is empty; expected the token` } : text
}
