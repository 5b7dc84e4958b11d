/** Every action a reader may take, by id; adding one is adding its file and a line here. */
import type { PlayAction } from '../act.ts'
import { backup } from './backup.ts'
import { clock } from './clock.ts'
import { crash } from './crash.ts'
import { end } from './end.ts'
import { hold } from './hold.ts'
import { pause } from './pause.ts'
import { release } from './release.ts'
import { renew } from './renew.ts'
import { restart } from './restart.ts'
import { restore } from './restore.ts'
import { resume } from './resume.ts'
import { revive } from './revive.ts'
import { write } from './write.ts'

/** In the order their buttons stand. */
export const ACTIONS: readonly PlayAction[] = [hold, write, renew, pause, resume, release, end, crash, revive, restart, backup, restore, clock]

export function actionNamed(id: string): PlayAction | undefined {
	return ACTIONS.find(action => action.id === id)
}
