// A sample runs in a realm of its own, behind a membrane: it cannot change the checker's objects,
// reach Node through a prelude value's constructor, or leave a mark for the next run to find; and
// what crosses the membrane keeps its identity and works as it did (a frozen value, an array, an
// error the engine threw and the code threw on).
import { describe, expect, it } from 'vitest'
import { compileScene } from '../../../src/scenes/simulation/index.ts'
import { openNodeDriver } from '../../../src/scenes/node-sqlite/node-drivers.ts'
import { membrane } from '../../../src/scenes/sample/membrane.ts'

const CAST = `actor a     "Worker A"  at 10,25 icon=cpu
actor lock  "Lock"      at 50,50 icon=lock first=7
actor db    "chat.db"   at 90,50 icon=database
link a lock
link a db`

/** The diagnostics of a one-worker scene whose code is `code` and whose one step holds the key. */
async function errors(code: string): Promise<string[]> {
	const text = `code ts\n${code
		.trim()
		.split('\n')
		.map(line => `  ${line}`)
		.join('\n')}\nend\n${CAST}\n\nstep "Worker A holds the key with fence 7."\n  send lock -> a "fence 7"\n`
	const frames = await compileScene(text, { file: 'f.scene' }, openNodeDriver)
	return frames.diagnostics.map(d => d.message)
}

const HOLD = 'await summaries.hold(chatId, async lease => save(chatId, text, lease.fence))'

describe("a sample's realm", () => {
	it("takes no change to JavaScript's own objects, and the checker's stay as they were", async () => {
		const sort = Array.prototype.sort
		const found = await errors(`Array.prototype.sort = function () { return this }\n${HOLD}`)
		expect(found[0]).toMatch(/a's code failed at line 1: TypeError: Cannot assign to read only property 'sort'/)
		expect(Array.prototype.sort).toBe(sort)
	})

	it('keeps no mark from one run for the next: a count kept on Promise is refused', async () => {
		const found = await errors(`Promise.runs = 1\n${HOLD}`)
		expect(found[0]).toMatch(/a's code failed at line 1: TypeError: Cannot add property runs, object is not extensible/)
	})

	it("gives no constructor that makes code from text: not its own realm's, not the checker's through a prelude value", async () => {
		expect(await errors(`expect(typeof Object.constructor).toBe('undefined')\nexpect(typeof save.constructor).toBe('undefined')\nexpect(typeof summaries.hold.constructor).toBe('undefined')\nexpect(Object.getPrototypeOf(save)).toBe(null)\n${HOLD}`)).toEqual([])
	})

	it("takes no change to the checker's objects it is given", async () => {
		const found = await errors(`summaries.hold = async () => undefined\n${HOLD}`)
		expect(found[0]).toMatch(/a's code failed at line 1: TypeError: hold: a value the scene gave the code \(its prelude, a lease, an answer\) is the code's to read and call, not to change/)
	})
})

describe("a sample at the stack's edge", () => {
	// A stack that runs out inside the wall's trap (or as the trap is called) is thrown as an error of the
	// checker's realm: caught raw, its constructor's constructor would be the checker's Function, and Node's
	// process one call away (the third attack's escape). Each probe recurses to a depth, then touches a
	// prelude value through one kind of trap: near the edge in wide frames, then across it in the narrowest,
	// so the edge falls in every few bytes of the trap's path. Anything caught must be the realm's own RangeError or a stand-in.
	it('catches only its own errors, whichever trap the stack runs out in', async () => {
		const probe = `
const touches = [
	() => JSON.stringify([save]),
	() => save.length,
	() => 'x' in summaries,
	() => Object.keys(summaries),
	() => Object.getOwnPropertyDescriptor(summaries, 'hold'),
	() => Object.getPrototypeOf(save),
	() => fenceText(7n),
]
const leaks = []
const wide = (n, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, then) => (n === 0 ? then() : wide(n - 1, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, then))
const narrow = (n, touch) => (n === 0 ? touch() : narrow(n - 1, touch))
const fails = (w, n, touch) => {
	try {
		wide(w, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, () => narrow(n, touch))
		return undefined
	} catch (error) {
		return error
	}
}
let lo = 0
let hi = 20000
while (lo < hi) {
	const mid = (lo + hi) >> 1
	if (fails(mid, 0, () => 0) === undefined) lo = mid + 1
	else hi = mid
}
const levels = []
let nested = [save]
for (let i = 0; i < 30000; i++) {
	levels.push(nested)
	nested = [nested]
}
const stringifies = depth => {
	try {
		JSON.stringify(levels[depth])
		return undefined
	} catch (error) {
		return error
	}
}
let low = 0
let high = levels.length - 1
while (low < high) {
	const mid = (low + high) >> 1
	if (stringifies(mid) === undefined) low = mid + 1
	else high = mid
}
const caught = [...Array.from({ length: 400 }, (_, i) => stringifies(Math.max(0, low - 100) + i))]
for (const touch of touches) {
	for (let n = 0; n <= 24; n++) {
		caught.push(fails(lo - 2, n, touch))
	}
}
for (const error of caught) {
	if (typeof error === 'object' && error !== null && error.constructor !== RangeError && error.constructor !== undefined) leaks.push(String(error.constructor))
}
if (leaks.length > 0) throw new Error('caught an error of the checker: ' + leaks[0])
${HOLD}`
		expect(await errors(probe)).toEqual([])
	})
})

describe('the membrane', () => {
	it('gives each side back its own objects: identity holds across, both ways', () => {
		const wall = membrane()
		const mine = { a: 1 }
		const given = wall.inward(mine)
		expect(given).not.toBe(mine)
		expect(wall.inward(mine)).toBe(given)
		expect(wall.outward(given)).toBe(mine)
		const theirs = { b: 2 }
		expect(wall.inward(wall.outward(theirs))).toBe(theirs)
	})

	it("carries a frozen object, an array and an error across, each working as it did", () => {
		const wall = membrane()
		const frozen = wall.inward(Object.freeze({ math: Object.freeze({ max: Math.max }) }))
		expect(frozen.math.max(1, 3)).toBe(3)
		expect(Object.keys(frozen)).toEqual(['math'])
		const list = wall.inward([1, 2, 3])
		expect(Array.isArray(list)).toBe(true)
		expect([...list]).toEqual([1, 2, 3])
		const error = new Error('the wait ran out')
		const thrower = wall.inward(() => {
			throw error
		})
		let caught: unknown
		try {
			thrower()
		} catch (thrown) {
			caught = thrown
		}
		expect(caught).not.toBe(error)
		expect((caught as Error).message).toBe('the wait ran out')
		expect(wall.outward(caught)).toBe(error)
	})

	it('carries a promise across as a promise of the far side, which settles with the value carried, and is the same promise back', async () => {
		const wall = membrane()
		const lease = { fence: 7n }
		const promise = Promise.resolve(lease)
		const given = wall.inward(promise)
		expect(given).not.toBe(promise)
		expect(wall.outward(given)).toBe(promise)
		const settled = await given
		expect(settled).not.toBe(lease)
		expect(wall.outward(settled)).toBe(lease)
		const failing = wall.inward(Promise.reject(new Error('held')))
		await expect(failing).rejects.toMatchObject({ message: 'held' })
	})

	it("calls back into the other side with that side's stand-ins: a function handed over gets the giver's values", () => {
		const wall = membrane()
		const lease = { fence: 7n }
		const hold = wall.inward((fn: (lease: object) => unknown) => fn(lease))
		let seen: unknown
		hold((given: object) => {
			seen = given
		})
		expect(seen).not.toBe(lease)
		expect(wall.outward(seen)).toBe(lease)
		expect((seen as { fence: bigint }).fence).toBe(7n)
	})
})
