/** The workers whose lease ended between two frames, as a sentence for a generated caption. */
import type { Frame } from '../../../frame.ts'
import { actorIn, holdsLive } from '../act.ts'

/** `Worker A's lease has run out.`, or '' when no lease ended. */
export function leasesEnded(before: Frame, after: Frame, name: (id: string) => string, how: string): string {
	const ended = after.actors.filter(actor => holdsLive(actorIn(before, actor.id)) && actor.lease?.lost === true)
	return ended.map(actor => ` ${name(actor.id)}'s lease ${how}.`).join('')
}
