// A worker that runs a reader's code takes the network, the page's storage and code-from-text away
// once its own modules have loaded: what a sample could still reach through prototypes. It changes
// the realm it runs in for good, so the checks run in a process of their own.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const sandbox = fileURLToPath(new URL('../../../src/scenes/browser/sandbox.ts', import.meta.url))

/** Runs `body` after importing the sandbox as `box`, in a new Node process; returns what it printed. */
function inProcess(body: string): unknown {
	const script = `const box = await import(${JSON.stringify(sandbox)}); ${body}`
	return JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' }))
}

describe('the sandbox of a worker that runs readers code', () => {
	it('takes every name of the network and the storage from the worker scope', () => {
		const left = inProcess(`
			const scope = Object.fromEntries(box.TAKEN.map(name => [name, () => 'reached']))
			scope.navigator = { sendBeacon: () => true }
			box.lockDown(scope)
			console.log(JSON.stringify([...box.TAKEN.filter(name => scope[name] !== undefined), ...(scope.navigator.sendBeacon ? ['sendBeacon'] : [])]))`)
		expect(left).toEqual([])
	})

	it("leaves no constructor that makes code from text on a function's prototype chain", () => {
		const reached = inProcess(`
			box.lockDown({})
			const reach = [(() => {}).constructor, (async () => {}).constructor, function* () {}.constructor, async function* () {}.constructor, [].constructor.constructor]
			console.log(JSON.stringify(reach.filter(made => made !== undefined).map(made => made.name)))`)
		expect(reached).toEqual([])
	})
})
