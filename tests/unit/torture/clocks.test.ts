import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createTortureDb } from '../../../torture/chat-db.ts'
import { checkTorture } from '../../../torture/check.ts'
import { clockShift } from '../../../torture/clocks.ts'
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
			"client c0 logged lease a at 10110, before the servers' history gave it at 10200: the two cannot be set side by side in time",
			"client c1 logged lease b at 10511, before the servers' history gave it at 10610: the two cannot be set side by side in time",
		])
	})

	it("takes from a process's times how far its clock reads ahead of the reference, and nothing for a whole ms of rounding", () => {
		expect(clockShift({ at: 10_070, mono: 5_000 }, { at: 10_000, mono: 5_000 })).toBe(70)
		expect(clockShift({ at: 20_000, mono: 15_040.2 }, { at: 10_000, mono: 5_000 })).toBe(-40)
		expect(clockShift({ at: 10_001, mono: 5_000 }, { at: 10_000, mono: 5_000.4 })).toBe(0)
		expect(clockShift(undefined, { at: 10_000, mono: 5_000 })).toBe(0)
	})
})
