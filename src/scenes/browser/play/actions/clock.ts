/** The clock moves on by a chosen time: leases run out, and those in line get the key. */
import { timeText } from '../act.ts'
import type { PlayAction } from '../act.ts'
import { CLOCK } from '../act.ts'
import { leasesEnded } from './lost-leases.ts'

const STEPS: Record<string, number> = { '1s': 1000, '5s': 5000, '10s': 10_000, '30s': 30_000, '1m': 60_000 }

export const clock: PlayAction = {
	id: 'wait',
	kind: 'clock',
	title: 'Move on',
	choices: Object.entries(STEPS).map(([value, ms]) => ({ value, text: `by ${timeText(ms)}` })),
	unavailable: ({ actor }) => (actor.id === CLOCK ? undefined : 'only the clock moves on'),
	statements: ({ choice }) => [`wait ${choice ?? '1s'}`],
	word({ choice, before, name }, after) {
		const ms = STEPS[choice ?? '1s'] ?? 1000
		return {
			statements: [`wait ${choice ?? '1s'}`],
			caption: `${timeText(ms)} pass. The clock reads ${timeText(after.time)}.${leasesEnded(before, after, name, 'runs out')}`,
		}
	},
}
