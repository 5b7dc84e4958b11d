// Every process of a run reads the engine's clock: the system time at its start plus the machine's monotonic
// time since. Under load this VM's system time is stepped against the monotonic clock (a run saw server processes
// started a minute apart disagree by 200 ms), so two processes started at different moments read different times
// for one moment. The monotonic clock is one for every process: each writes a reading of both clocks at its start,
// and the checker sets every process's times in the runner's clock by it.
import { realClock } from '../engine/index.ts'

/** The engine's clock (`at`) and the machine's monotonic clock (`mono`), read together, in ms. */
export interface ClockReading {
	at: number
	mono: number
}

/** The machine's monotonic clock, in ms: the same for every process on it, whatever is done to the system time. */
export function monotonicMs(): number {
	return Number(process.hrtime.bigint()) / 1e6
}

export function readClocks(): ClockReading {
	return { mono: monotonicMs(), at: realClock.now() }
}

/**
 * How many ms ahead of the reference a process's engine clock reads, by a reading of each: what to take from its
 * times to set them in the reference's clock. 0 where either reading is missing (a run from before readings were
 * written), or where they agree to within the whole ms the engine's clock counts in.
 */
export function clockShift(reading: ClockReading | undefined, reference: ClockReading | undefined): number {
	if (reading === undefined || reference === undefined) return 0
	const shift = Math.round(reading.at - reading.mono - (reference.at - reference.mono))
	return Math.abs(shift) <= 1 ? 0 : shift
}

/** A record's `at` and `mono` as a reading, if it has both as numbers. */
export function readingOf(record: Record<string, unknown> | undefined): ClockReading | undefined {
	return typeof record?.at === 'number' && typeof record.mono === 'number' ? { at: record.at, mono: record.mono } : undefined
}
