/** A program's side of the doctest's director (doctest/director.ts): ask on standard output, read the answer on standard input. */
import { once } from 'node:events'
import { createInterface } from 'node:readline'

/** Prints the request and resolves once the director answered `ok`. */
export async function askDirector(line: string): Promise<void> {
	const answers = createInterface({ input: process.stdin })
	console.log(line)
	const [answer] = (await once(answers, 'line')) as [string]
	answers.close()
	if (answer !== 'ok') throw new Error(`${line}: the director answered ${JSON.stringify(answer)}`)
}

/** A promise with its resolve. */
export function deferred(): { promise: Promise<void>; resolve(): void } {
	let resolve = () => {}
	const promise = new Promise<void>(done => (resolve = done))
	return { promise, resolve }
}
