/** `wait 40s`: simulated time runs on. */
import type { Wait } from '../../../../scene-parser/index.ts'
import { formatDuration } from '../../../../engine/index.ts'
import { SCENE_TIME_LIMIT_MS } from '../world.ts'
import type { VerbHandler } from '../stage.ts'

export const wait: VerbHandler<Wait> = async ({ world }, statement) => {
	if (world.clock.now() + statement.ms > SCENE_TIME_LIMIT_MS) {
		world.report(statement.position, 'the scene would run past its limit of 30 days of simulated time')
		world.stopped = true
		return
	}
	// A worker's code that moves a test's clock (clock.advance) is what this wait is: the two must agree.
	for (const process of world.processes.values()) {
		const parked = process.parked
		// A paused or crashed process's code moves no clock: the scene's wait is time passing while it sleeps.
		if (parked?.act.kind !== 'advance' || process.paused || process.crashed) continue
		if (parked.act.ms !== statement.ms) {
			world.report(statement.position, `the scene waits ${formatDuration(statement.ms)}, and ${process.worker}'s code moves the clock on ${formatDuration(parked.act.ms)} (line ${parked.line ?? '?'}); a test's clock.advance is a wait of the scene of the same length`)
			return
		}
		// The clock moves first: the code's call returns once it has.
		await world.wait(statement.ms)
		world.statement = statement.position
		await process.permit()
		world.statement = undefined
		return
	}
	await world.wait(statement.ms)
}
