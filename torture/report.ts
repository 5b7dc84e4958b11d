import { clockShifts, readClientLogs } from './facts.ts'

/** What a check found, as the report prints it. */
export interface CheckedRun {
	/** The report's first line: the grants the history has, and where they came from. */
	grants: string
	writes: { accepted: number; refused: number }
	violations: string[]
}

/** Prints a checked run's report, the same for every backend: its grants and writes, what the clients saw, and the violations (the first 50); returns how many there are. */
export function printReport(dir: string, checked: CheckedRun): number {
	const { logs } = readClientLogs(dir)
	const refused = logs.filter(r => r.type === 'refused')
	const byCode = new Map<string, number>()
	for (const r of refused) byCode.set(String(r.code), (byCode.get(String(r.code)) ?? 0) + 1)
	console.log(checked.grants)
	console.log(`writes: ${checked.writes.accepted} accepted, ${checked.writes.refused} refused by their fence`)
	console.log(`leases lost by their holders: ${logs.filter(r => r.type === 'lost').length}`)
	console.log(`holds refused: ${refused.length}${refused.length > 0 ? ` (${[...byCode].map(([code, n]) => `${code} ${n}`).join(', ')})` : ''}`)
	// A stepped system time leaves processes started at other moments with other clocks: the check set them side by side.
	const offsets = clockShifts(dir)
	const shifts = offsets.map(offset => offset.shift).filter(shift => shift !== 0)
	if (shifts.length > 0) console.log(`clocks: ${shifts.length} processes read the time up to ${Math.max(...shifts.map(Math.abs))} ms off the runner's; their times were set in its clock by the monotonic clock`)
	// A reading of a process's clock taken while it was preempted says less of it (clocks.ts): the checks allow for it.
	const margins = offsets.map(offset => offset.margin).filter(margin => margin >= 1)
	if (margins.length > 0) console.log(`clock readings: ${margins.length} processes read their clocks over up to ${Math.max(...margins).toFixed(1)} ms (preempted between the two); the checks allow their times that much more`)
	console.log(`violations: ${checked.violations.length}`)
	for (const violation of checked.violations.slice(0, 50)) console.log(`  ${violation}`)
	return checked.violations.length
}
