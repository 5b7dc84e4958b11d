/** `wait 40s`: simulated time runs on; the wait is a value the step's caption may state. */
import type { Wait } from '../../../../scene-parser/index.ts'
import { SCENE_TIME_LIMIT_MS } from '../world.ts'
import type { VerbHandler } from './verb.ts'

export const wait: VerbHandler<Wait> = async (world, statement) => {
	if (world.clock.now() + statement.ms > SCENE_TIME_LIMIT_MS) {
		world.report(statement.position, `the scene would run past its limit of 30 days of simulated time`)
		world.stopped = true
		return
	}
	await world.clock.advance(statement.ms)
	world.stepFacts.push({ role: 'time', value: BigInt(statement.ms), cue: 'wait' })
}
