/** `wait 40s`: simulated time runs on. */
import type { Wait } from '../../../../scene-parser/index.ts'
import { SCENE_TIME_LIMIT_MS } from '../world.ts'
import type { VerbHandler } from '../stage.ts'

export const wait: VerbHandler<Wait> = async ({ world }, statement) => {
	if (world.clock.now() + statement.ms > SCENE_TIME_LIMIT_MS) {
		world.report(statement.position, 'the scene would run past its limit of 30 days of simulated time')
		world.stopped = true
		return
	}
	await world.wait(statement.ms)
}
