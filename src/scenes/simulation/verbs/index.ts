/** The table of the DSL's step verbs: one handler each, in its own file. Adding a verb is a file and a line. */
import type { StepStatement } from '../../../../scene-parser/index.ts'
import { backup } from './backup.ts'
import { end } from './end.ts'
import { release } from './release.ts'
import { reopen } from './reopen.ts'
import { send } from './send.ts'
import { set } from './set.ts'
import { strike } from './strike.ts'
import type { VerbHandler } from '../stage.ts'
import { wait } from './wait.ts'

export const VERBS: { [K in StepStatement['kind']]: VerbHandler<Extract<StepStatement, { kind: K }>> } = {
	send,
	set,
	strike,
	wait,
	release,
	end,
	restart: reopen,
	restore: reopen,
	backup,
}

export type { StepRun, VerbHandler, VerbTable } from '../stage.ts'
