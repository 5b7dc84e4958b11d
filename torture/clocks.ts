// Every process of a run reads the engine's clock: the system time at its start plus the machine's monotonic
// time since. Under load this VM's system time is stepped against the monotonic clock (a run saw server processes
// started a minute apart disagree by 200 ms), so two processes started at different moments read different times
// for one moment. The monotonic clock is one for every process: each writes a reading of both clocks at its start,
// and the checker sets every process's times in the runner's clock by it.
//
// A reading is the engine's clock read between two readings of the monotonic one, and it is only as good as they are
// close: a client preempted for 3 ms between them once read as 3 ms ahead of the runner, and had its every line set
// 3 ms too early. So each reading keeps both bounds, the shift is the middle one, and what the two bounds leave
// unknown widens every check that sets that process's times beside another's (`margin`).
import { realClock } from '../engine/index.ts'
import { readClockPair, type ClockPair } from '../server/history.ts'

/** The engine's clock (`at`) read between two readings of the machine's monotonic clock (`mono`, `monoAfter`), in ms. */
export type ClockReading = ClockPair

/** The machine's monotonic clock, in ms: the same for every process on it, whatever is done to the system time. */
export function monotonicMs(): number {
	return Number(process.hrtime.bigint()) / 1e6
}

/** This process's engine clock, read between two readings of the monotonic clock (the tightest of a few). */
export function readClocks(): ClockReading {
	return readClockPair(() => realClock.now())
}

/** How a process's clock is set in the reference's: what to take from its times, and by how many ms (to the µs) more than the run's slack that may be off. */
export interface ClockShift {
	shift: number
	margin: number
}

/**
 * How many ms ahead of the reference a process's engine clock reads, by a reading of each: what to take from its
 * times to set them in the reference's clock. Each reading says its clock's offset from the monotonic one to within
 * its two monotonic readings (and the whole ms the engine counts in): the shift is 0 where the readings allow that
 * the two clocks agree (no step), else the middle of what they allow, rounded. `margin` is how far the truth may be
 * from it beyond the 2 ms a reading of no width leaves (CLOCK_SLACK_MS): the two readings' widths. Both
 * are 0 where either reading is missing (a run from before readings were written).
 */
export function clockOffset(reading: ClockReading | undefined, reference: ClockReading | undefined): ClockShift {
	if (reading === undefined || reference === undefined) return { shift: 0, margin: 0 }
	const width = (r: ClockReading) => Math.max(0, (r.monoAfter ?? r.mono) - r.mono)
	const middle = (r: ClockReading) => r.mono + width(r) / 2
	const ahead = reading.at - middle(reading) - (reference.at - middle(reference))
	const unsure = (width(reading) + width(reference)) / 2
	const shift = Math.abs(ahead) <= 1 + unsure ? 0 : Math.round(ahead)
	return { shift, margin: Math.round((width(reading) + width(reference)) * 1000) / 1000 }
}

/** The shift of `clockOffset` alone. */
export function clockShift(reading: ClockReading | undefined, reference: ClockReading | undefined): number {
	return clockOffset(reading, reference).shift
}

/** A record's `at`, `mono` (and `monoAfter`, if it has it) as a reading, if it has the first two as numbers. */
export function readingOf(record: Record<string, unknown> | undefined): ClockReading | undefined {
	if (typeof record?.at !== 'number' || typeof record.mono !== 'number') return undefined
	return typeof record.monoAfter === 'number' ? { at: record.at, mono: record.mono, monoAfter: record.monoAfter } : { at: record.at, mono: record.mono }
}
