import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createTortureDb } from '../../../torture/chat-db.ts'
import { checkTorture } from '../../../torture/check.ts'
import { readClockPair } from '../../../server/history.ts'
import { clockOffset, clockShift, readClocks } from '../../../torture/clocks.ts'
import { readRunFacts, RUN_FILES } from '../../../torture/facts.ts'

// A VM's system time is stepped against the monotonic clock under load, so processes of a run started at other
// moments read other times: each writes both clocks at its start, and the checker sets every time in the runner's.

const lines = (records: object[]) => records.map(record => `${JSON.stringify(record)}\n`).join('')
const dirs: string[] = []
afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/**
 * The run a torture found: the server gives lease a to c0, c0 logs its done line and releases, and the key goes to c1.
 * c0 started later than the server, after the system time was stepped 70 ms on: its clock reads 70 ms ahead, so its
 * done line (10,575 by its clock) seems to come after the server's record of its release (10,510).
 */
function steppedRun(withReadings: boolean): string {
	const dir = mkdtempSync(join(tmpdir(), 'tinystore-clocks-'))
	dirs.push(dir)
	createTortureDb(join(dir, RUN_FILES.chatDb), 1)
	const reading = (at: number, mono: number) => (withReadings ? [{ type: 'clock', at, mono }] : [])
	const grant = (id: string, client: string, at: number, fence: string) => ({ type: 'grant', at, client, requestId: '1', limit: null, ttl: 1000, id, kind: 'lock', name: 'summaries', key: '1', fence, grantedAt: at, expiresAt: at + 1000 })
	writeFileSync(join(dir, RUN_FILES.faults), lines(reading(10_000, 5_000)))
	writeFileSync(
		join(dir, RUN_FILES.history),
		lines([
			{ seq: 1, type: 'start', at: 10_000, epoch: '10000', pid: 1, ...(withReadings ? { clock: { at: 10_000, mono: 5_000 } } : {}) },
			{ seq: 2, ...grant('a', 'client c0', 10_100, '1') },
			{ seq: 3, type: 'release', at: 10_510, client: 'client c0', leaseId: 'a' },
			{ seq: 4, ...grant('b', 'client c1', 10_510, '2') },
			{ seq: 5, type: 'release', at: 10_700, client: 'client c1', leaseId: 'b' },
		]),
	)
	writeFileSync(join(dir, 'c0.0.jsonl'), lines([...reading(10_070, 5_000).map(r => ({ client: 'c0', ...r })), { client: 'c0', at: 10_180, type: 'grant', id: 'a', fence: '1' }, { client: 'c0', at: 10_575, type: 'done', id: 'a' }]))
	writeFileSync(join(dir, 'c1.0.jsonl'), lines([...reading(10_300, 5_300).map(r => ({ client: 'c1', ...r })), { client: 'c1', at: 10_511, type: 'grant', id: 'b', fence: '2' }, { client: 'c1', at: 10_699, type: 'done', id: 'b' }]))
	return dir
}

const lossesUntold = (dir: string) => checkTorture(readRunFacts(dir)).violations.filter(violation => violation.includes('never told'))

describe("a run's clocks", () => {
	it("sets a client's lines in the runner's clock by the readings each process wrote at its start", () => {
		const facts = readRunFacts(steppedRun(true))
		expect(facts.clientDone).toEqual([
			{ client: 'c0', id: 'a', at: 10_505 },
			{ client: 'c1', id: 'b', at: 10_699 },
		])
		expect(lossesUntold(steppedRun(true))).toEqual([])
	})

	it('without the readings, the same run reads as a holder never told it lost its key: what the readings are for', () => {
		expect(lossesUntold(steppedRun(false))).toHaveLength(1)
	})

	it("does not take a server's word for its clock: a reading that sets its grants after their holders logged them is a violation", () => {
		const dir = steppedRun(true)
		const history = join(dir, RUN_FILES.history)
		writeFileSync(history, readFileSync(history, 'utf8').replace('"clock":{"at":10000,"mono":5000}', '"clock":{"at":10000,"mono":5100}'))
		expect(checkTorture(readRunFacts(dir)).violations.filter(violation => violation.includes('before the servers'))).toEqual([
			"client c0 logged lease a at 10110, before the servers' history gave it at 10200 (by more than the 2 ms their clocks may differ): the two cannot be set side by side in time",
			"client c1 logged lease b at 10511, before the servers' history gave it at 10610 (by more than the 2 ms their clocks may differ): the two cannot be set side by side in time",
		])
	})

	it("takes from a process's times how far its clock reads ahead of the reference, and nothing for a whole ms of rounding", () => {
		expect(clockShift({ at: 10_070, mono: 5_000 }, { at: 10_000, mono: 5_000 })).toBe(70)
		expect(clockShift({ at: 20_000, mono: 15_040.2 }, { at: 10_000, mono: 5_000 })).toBe(-40)
		// The engine's clock counts whole ms, so readings of no width leave a clock unknown to within 1 ms: 0.9 ahead may be none, 1.4 is some.
		expect(clockShift({ at: 10_001, mono: 5_000 }, { at: 10_000, mono: 4_999.9 })).toBe(0)
		expect(clockShift({ at: 10_001, mono: 5_000 }, { at: 10_000, mono: 5_000.4 })).toBe(1)
		expect(clockShift(undefined, { at: 10_000, mono: 5_000 })).toBe(0)
	})

	it('takes a reading read over 3.4 ms (its process preempted between the clocks) as known to within that, no step proven', () => {
		// The client's clock agrees with the runner's, but it read the engine's clock 3 ms after the monotonic one.
		expect(clockOffset({ at: 10_303, mono: 5_300 }, { at: 10_000, mono: 5_000 })).toEqual({ shift: 3, margin: 0 })
		expect(clockOffset({ at: 10_303, mono: 5_300, monoAfter: 5_303.4 }, { at: 10_000, mono: 5_000, monoAfter: 5_000.02 })).toEqual({ shift: 0, margin: 3.42 })
		// A step far larger than the reading's width is still a step: the middle of what the reading allows.
		expect(clockOffset({ at: 10_373, mono: 5_300, monoAfter: 5_303.4 }, { at: 10_000, mono: 5_000, monoAfter: 5_000 })).toEqual({ shift: 71, margin: 3.4 })
	})
})

/**
 * The run of a fresh-clone CI on a loaded machine: no clock was stepped, but client c1 was preempted for 3 ms between
 * reading the monotonic clock and its own, so its reading said it ran 3 ms ahead and every line of it was set 3 ms early,
 * before the grants it logged. `monoAfter` is the monotonic clock read after its own, as a reading now keeps it; `early`
 * is how long before the server's grant the client logged it, in truth.
 */
function preemptedRun(options: { monoAfter?: number; early?: number }): string {
	const dir = mkdtempSync(join(tmpdir(), 'tinystore-clocks-'))
	dirs.push(dir)
	createTortureDb(join(dir, RUN_FILES.chatDb), 1)
	const early = options.early ?? 0
	const grant = (id: string, client: string, at: number, fence: string) => ({ type: 'grant', at, client, requestId: '1', limit: null, ttl: 1000, id, kind: 'lock', name: 'summaries', key: '1', fence, grantedAt: at, expiresAt: at + 1000 })
	writeFileSync(join(dir, RUN_FILES.faults), lines([{ type: 'clock', at: 10_000, mono: 5_000, monoAfter: 5_000.01 }]))
	writeFileSync(
		join(dir, RUN_FILES.history),
		lines([
			{ seq: 1, type: 'start', at: 10_000, epoch: '10000', pid: 1, clock: { at: 10_000, mono: 5_000, monoAfter: 5_000.02 } },
			{ seq: 2, ...grant('a', 'client c1', 10_500, '1') },
			{ seq: 3, type: 'release', at: 10_700, client: 'client c1', leaseId: 'a' },
		]),
	)
	const reading = { at: 10_303, mono: 5_300, ...(options.monoAfter === undefined ? {} : { monoAfter: options.monoAfter }) }
	writeFileSync(join(dir, 'c1.0.jsonl'), lines([{ client: 'c1', type: 'clock', ...reading }, { client: 'c1', at: 10_500 - early, type: 'grant', id: 'a', fence: '1' }, { client: 'c1', at: 10_699, type: 'done', id: 'a' }]))
	return dir
}

const loggedEarly = (dir: string) => checkTorture(readRunFacts(dir)).violations.filter(violation => violation.includes('before the servers'))

describe('a reading of a clock taken while its process was preempted', () => {
	it('without its second monotonic reading, reads as a step and sets the client 3 ms early: the violation the CI run reported', () => {
		expect(loggedEarly(preemptedRun({}))).toEqual([
			"client c1 logged lease a at 10497, before the servers' history gave it at 10500 (by more than the 2 ms their clocks may differ): the two cannot be set side by side in time",
		])
	})

	it('with it, proves no step: the lines keep their times, and no violation is found', () => {
		const facts = readRunFacts(preemptedRun({ monoAfter: 5_303.4 }))
		expect(facts.clientGrants).toEqual([{ client: 'c1', id: 'a', fence: '1', at: 10_500 }])
		expect(facts.clockMargins).toEqual({ c1: 3.41 })
		expect(facts.serverMargins).toEqual([0.03])
		expect(loggedEarly(preemptedRun({ monoAfter: 5_303.4 }))).toEqual([])
	})

	it('still finds a client that logged its lease earlier than the clocks\' slack and margins allow', () => {
		// Slack 2 ms and the margins of the client's clock (3.41 ms) and the server's (0.03 ms): 5 ms early may be noise, 6 ms is not.
		expect(loggedEarly(preemptedRun({ monoAfter: 5_303.4, early: 5 }))).toEqual([])
		expect(loggedEarly(preemptedRun({ monoAfter: 5_303.4, early: 6 }))).toEqual([
			"client c1 logged lease a at 10494, before the servers' history gave it at 10500 (by more than the 5 ms their clocks may differ): the two cannot be set side by side in time",
		])
		// A reading taken at once leaves only the slack: 3 ms early is a violation.
		expect(loggedEarly(preemptedRun({ monoAfter: 5_300.01, early: 3 }))).toHaveLength(1)
	})
})

describe('reading the clocks', () => {
	it('keeps the tightest of a few readings, so one preemption between the clocks does not make the reading', () => {
		const spin = (ms: number) => {
			const end = performance.now() + ms
			while (performance.now() < end);
		}
		let calls = 0
		// The first read of the engine's clock takes 3 ms, as a process preempted between the two clocks would.
		const slowOnce = () => {
			if (calls++ === 0) spin(3)
			return Date.now()
		}
		const once = readClockPair(slowOnce, 1)
		expect((once.monoAfter as number) - once.mono).toBeGreaterThanOrEqual(3)
		calls = 0
		const tightest = readClockPair(slowOnce)
		expect(calls).toBeGreaterThan(1)
		expect((tightest.monoAfter as number) - tightest.mono).toBeLessThan(1)
	})

	it("reads this process's engine clock between two readings of the monotonic one", () => {
		const reading = readClocks()
		expect(reading.monoAfter).toBeGreaterThanOrEqual(reading.mono)
		// The engine's clock is the time origin plus the monotonic time since, floored: its offset lies within the reading's bounds.
		const offset = performance.timeOrigin - (Number(process.hrtime.bigint()) / 1e6 - performance.now())
		expect(reading.at - (reading.monoAfter as number) - 0.5).toBeLessThanOrEqual(offset)
		expect(reading.at + 1 - reading.mono + 0.5).toBeGreaterThanOrEqual(offset)
	})
})
