import { describe, expect, it } from 'vitest'
import { LockError, SimulatedClock } from '../../../engine/index.ts'

describe('SimulatedClock', () => {
	it('starts where told and moves only when told', async () => {
		const clock = new SimulatedClock(1000)
		expect(clock.now()).toBe(1000)
		await new Promise(resolve => setTimeout(resolve, 5))
		expect(clock.now()).toBe(1000)
		await clock.advance('2s')
		expect(clock.now()).toBe(3000)
		expect(new SimulatedClock().now()).toBe(0)
	})

	it('fires due timers in time order, and timers due together in the order they were set', async () => {
		const clock = new SimulatedClock()
		const fired: string[] = []
		clock.setTimer(30, () => fired.push(`c@${clock.now()}`))
		clock.setTimer(10, () => fired.push(`a@${clock.now()}`))
		clock.setTimer(20, () => fired.push(`b1@${clock.now()}`))
		clock.setTimer(20, () => fired.push(`b2@${clock.now()}`))
		clock.setTimer(31, () => fired.push('late'))
		await clock.advance(30)
		expect(fired).toEqual(['a@10', 'b1@20', 'b2@20', 'c@30'])
		expect(clock.now()).toBe(30)
		expect(clock.pending).toBe(1)
		expect(clock.nextTimerAt).toBe(31)
	})

	it('fires timers that fired work sets within the same advance, at their own time', async () => {
		const clock = new SimulatedClock()
		const fired: number[] = []
		clock.setTimer(10, () => {
			fired.push(clock.now())
			clock.setTimer(5, () => fired.push(clock.now()))
		})
		await clock.advance(20)
		expect(fired).toEqual([10, 15])
		expect(clock.now()).toBe(20)
	})

	it('lets work already started settle before moving time', async () => {
		const clock = new SimulatedClock()
		const fired: number[] = []
		// Starts a timer only after a chain of promises and a macrotask.
		void (async () => {
			for (let i = 0; i < 20; i++) await Promise.resolve()
			await new Promise(resolve => setImmediate(resolve))
			clock.setTimer(10, () => fired.push(clock.now()))
		})()
		await clock.advance(10)
		expect(fired).toEqual([10])
	})

	it('lets the work a timer starts settle before the next timer fires', async () => {
		const clock = new SimulatedClock()
		const seen: string[] = []
		clock.setTimer(10, () => {
			void (async () => {
				await Promise.resolve()
				await Promise.resolve()
				seen.push(`work of 10 at ${clock.now()}`)
			})()
		})
		clock.setTimer(10, () => seen.push('second timer at 10'))
		clock.setTimer(11, () => seen.push('timer at 11'))
		await clock.advance(11)
		expect(seen).toEqual(['work of 10 at 10', 'second timer at 10', 'timer at 11'])
	})

	it('never fires a cleared timer', async () => {
		const clock = new SimulatedClock()
		let fired = false
		const timer = clock.setTimer(10, () => (fired = true))
		clock.clearTimer(timer)
		clock.clearTimer(timer)
		await clock.advance(100)
		expect(fired).toBe(false)
		expect(clock.pending).toBe(0)
	})

	it('runs overlapping advances one after another', async () => {
		const clock = new SimulatedClock()
		const fired: number[] = []
		clock.setTimer(15, () => fired.push(clock.now()))
		const first = clock.advance(10)
		const second = clock.advance(10)
		await Promise.all([first, second])
		expect(fired).toEqual([15])
		expect(clock.now()).toBe(20)
	})

	it('advances to the next timer, or says there is none', async () => {
		const clock = new SimulatedClock()
		clock.setTimer(40, () => {})
		clock.setTimer(40, () => {})
		expect(await clock.advanceToNextTimer()).toBe(40)
		expect(clock.pending).toBe(0)
		expect(await clock.advanceToNextTimer()).toBeUndefined()
		expect(clock.now()).toBe(40)
	})

	it('runs until idle, and refuses to run forever', async () => {
		const clock = new SimulatedClock()
		let count = 0
		clock.setTimer(10, () => clock.setTimer(10, () => count++))
		await clock.runUntilIdle()
		expect(count).toBe(1)
		expect(clock.now()).toBe(20)
		const again = (): void => {
			clock.setTimer(1, again)
		}
		again()
		const error = await clock.runUntilIdle(50).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(LockError)
		expect((error as LockError).message).toBe('SimulatedClock.runUntilIdle: still busy after 50 timers')
	})

	it('refuses a bad start or advance', () => {
		expect(() => new SimulatedClock(-1)).toThrow('SimulatedClock: start -1: expected milliseconds, a finite number of at least 0')
		expect(() => clockAdvance('soon')).toThrow(`SimulatedClock.advance "soon": expected milliseconds or text such as '250ms', '30s', '15m', '1h'`)
		for (const rounds of [0, 1.5, Number.NaN]) {
			expect(() => new SimulatedClock(0, { quietRounds: rounds })).toThrow(`SimulatedClock: quietRounds ${rounds}: expected a whole number of at least 1`)
		}
	})

	it('settles after as many quiet rounds of the event loop as it is told: one runs every promise, two also a macrotask', async () => {
		for (const [quietRounds, expected] of [[1, ['promise']], [2, ['promise', 'macrotask']]] as const) {
			const clock = new SimulatedClock(0, { quietRounds })
			const done: string[] = []
			void Promise.resolve().then(() => Promise.resolve()).then(() => done.push('promise'))
			setImmediate(() => setImmediate(() => done.push('macrotask')))
			await clock.settle()
			expect(done).toEqual(expected)
			await new Promise(resolve => setTimeout(resolve, 5))
		}
	})

	it('settles, on rounds that drain the microtask queue, after every promise chain however long and before any macrotask', async () => {
		const clock = new SimulatedClock(0, { round: 'microtasks' })
		const done: string[] = []
		let chain = Promise.resolve()
		for (let i = 0; i < 500; i++) chain = chain.then(() => undefined)
		void chain.then(() => done.push('long chain'))
		// A chain that sets a timer resets the quiet count; the one after it is run too.
		void Promise.resolve().then(() => clock.setTimer(10, () => done.push('timer'))).then(() => Promise.resolve()).then(() => done.push('after the timer'))
		setImmediate(() => done.push('macrotask'))
		await clock.settle()
		expect(done).toEqual(['after the timer', 'long chain'])
		await clock.advance(10)
		expect(done).toEqual(['after the timer', 'long chain', 'timer'])
		await new Promise(resolve => setImmediate(resolve))
		expect(() => new SimulatedClock(0, { round: 'soon' as 'macrotask' })).toThrow("SimulatedClock: round soon: expected 'macrotask' or 'microtasks'")
	})
})

function clockAdvance(by: string): Promise<void> {
	return new SimulatedClock().advance(by)
}
