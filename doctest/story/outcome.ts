/**
 * What a program that plays a scene's story reports of its run, on one line of its standard output:
 * `doctest-outcome: {"grants":[...],"writes":[...]}`, printed by each language's story recorder
 * (`doctest/support/*`): every lease a worker's hold was given, and every write a worker ran on
 * chat.db, each in the order it happened. The doctest compares it with the scene's frames
 * (`compare.ts`); nothing here reads a sample's text.
 */

/** The line's start. */
export const OUTCOME_PREFIX = 'doctest-outcome: '

/** A value a write bound, as its program bound it: text, an integer (in decimal, every digit kept), or anything else as its program prints it. */
export type BoundValue = { text: string } | { integer: string } | { other: string }

/** A lease a worker's hold was given. */
export interface BlockGrant {
	/** The worker, as the setup names it (`A`): a worker actor of the scene, by its id, its label or its label's last word. */
	worker: string
	fence: bigint
}

/** A statement a worker ran on chat.db. */
export interface BlockWrite {
	worker: string
	/** The rows it changed: a write the database took changed the row, one it refused changed none. */
	changes: number
	/** Whether it ran inside its worker's hold (in the hold's function or block), as every write of a scene's code does. */
	inHold: boolean
	/** The values it bound, in order: the fence it carries is among them, as in a scene. */
	values: BoundValue[]
}

/** A program's report of its run. */
export interface BlockOutcome {
	grants: BlockGrant[]
	writes: BlockWrite[]
}

/** The program's outcome line read, or an error that says what was expected of it; undefined when it printed none. */
export function readOutcome(output: string): BlockOutcome | undefined {
	const lines = output.split('\n').filter(line => line.startsWith(OUTCOME_PREFIX))
	if (lines.length === 0) return undefined
	if (lines.length > 1) throw new Error(`the program printed ${lines.length} lines "${OUTCOME_PREFIX}...": expected one, at its end`)
	const text = (lines[0] as string).slice(OUTCOME_PREFIX.length)
	let json: unknown
	try {
		json = JSON.parse(text)
	} catch (error) {
		throw new Error(`its line "${OUTCOME_PREFIX}..." is not JSON (${(error as Error).message}): ${text}`)
	}
	const record = object(json, 'the outcome')
	return {
		grants: list(record['grants'], 'grants').map((item, i) => {
			const grant = object(item, `grants[${i}]`)
			const fence = stringOf(grant['fence'], `grants[${i}].fence`)
			if (!/^[0-9]{1,40}$/.test(fence)) throw new Error(`grants[${i}].fence is ${JSON.stringify(fence)}: expected a fence in decimal`)
			return { worker: stringOf(grant['worker'], `grants[${i}].worker`), fence: BigInt(fence) }
		}),
		writes: list(record['writes'], 'writes').map((item, i) => {
			const write = object(item, `writes[${i}]`)
			const changes = write['changes']
			if (typeof changes !== 'number' || !Number.isInteger(changes) || changes < 0) throw new Error(`writes[${i}].changes is ${JSON.stringify(changes)}: expected the count of rows it changed`)
			const inHold = write['inHold']
			if (typeof inHold !== 'boolean') throw new Error(`writes[${i}].inHold is ${JSON.stringify(inHold)}: expected true or false`)
			return { worker: stringOf(write['worker'], `writes[${i}].worker`), changes, inHold, values: list(write['values'], `writes[${i}].values`).map((value, j) => boundValue(value, `writes[${i}].values[${j}]`)) }
		}),
	}
}

function object(value: unknown, what: string): Record<string, unknown> {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${what} is ${JSON.stringify(value)}: expected an object`)
	return value as Record<string, unknown>
}

function list(value: unknown, what: string): unknown[] {
	if (!Array.isArray(value)) throw new Error(`${what} is ${JSON.stringify(value)}: expected a list`)
	return value
}

function stringOf(value: unknown, what: string): string {
	if (typeof value !== 'string') throw new Error(`${what} is ${JSON.stringify(value)}: expected a string`)
	return value
}

function boundValue(value: unknown, what: string): BoundValue {
	const record = object(value, what)
	const [kind, ...more] = Object.keys(record)
	if (more.length === 0 && (kind === 'text' || kind === 'integer' || kind === 'other') && typeof record[kind] === 'string') {
		if (kind === 'integer' && !/^-?[0-9]+$/.test(record[kind])) throw new Error(`${what}.integer is ${JSON.stringify(record[kind])}: expected an integer in decimal`)
		return { [kind]: record[kind] } as BoundValue
	}
	throw new Error(`${what} is ${JSON.stringify(value)}: expected {"text": "..."}, {"integer": "..."} or {"other": "..."}`)
}
